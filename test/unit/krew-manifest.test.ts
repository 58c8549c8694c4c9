/**
 * The krew plugin manifest (krew/ha-bot.yaml, issue 32 item 2): its shape as krew validates it
 * (kubernetes-sigs/krew internal/index/validation/validate.go: ValidatePlugin, validatePlatform,
 * validateFiles, validateSelector; the fields of https://krew.sigs.k8s.io/docs/developer-guide/plugin-manifest/),
 * and the binary it names is the package's own `kubectl-ha_bot` entry, inside the npm package
 * (`npm pack`'s file list) once the manifest's `files` have moved it.
 */
import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { parse } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');
const FILE = join(ROOT, 'krew/ha-bot.yaml');

interface Platform {
  uri?: string;
  sha256?: string;
  bin?: string;
  files?: { from?: string; to?: string }[];
  selector?: {
    matchLabels?: Record<string, string>;
    matchExpressions?: { key: string; operator: string; values?: string[] }[];
  };
}
interface Manifest {
  apiVersion?: string;
  kind?: string;
  metadata?: { name?: string };
  spec?: {
    version?: string;
    homepage?: string;
    shortDescription?: string;
    description?: string;
    caveats?: string;
    platforms?: Platform[];
  };
}

const manifest = parse(readFileSync(FILE, 'utf8')) as Manifest;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
};

/** krew's problems with a manifest file named `name`.yaml (validate.go, in its order). */
function krewProblems(name: string, p: Manifest): string[] {
  const out: string[] = [];
  if (p.apiVersion !== 'krew.googlecontainertools.github.com/v1alpha2') out.push('apiVersion');
  if (p.kind !== 'Plugin') out.push('kind');
  if (!/^[\w-]+$/.test(name)) out.push('unsafe name');
  if (p.metadata?.name !== name) out.push('metadata.name is not the file name');
  const s = p.spec ?? {};
  if (!s.shortDescription) out.push('no shortDescription');
  else if (/[\r\n]/.test(s.shortDescription)) out.push('line break in shortDescription');
  if (!s.platforms?.length) out.push('no platform');
  if (!s.version) out.push('no version');
  // krew's semver.Parse: a `v` prefix, then semantic version 2.0.0.
  else if (
    !/^v(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/.test(s.version)
  )
    out.push('version is not v + semver');
  for (const [i, pl] of (s.platforms ?? []).entries()) {
    if (!pl.uri) out.push(`platforms[${i}]: no uri`);
    if (!pl.sha256 || !/^[a-f0-9]{64}$/.test(pl.sha256)) out.push(`platforms[${i}]: sha256`);
    if (!pl.bin) out.push(`platforms[${i}]: no bin`);
    if (pl.files !== undefined) {
      if (pl.files.length === 0) out.push(`platforms[${i}]: files empty`);
      for (const f of pl.files) if (!f.from || !f.to) out.push(`platforms[${i}]: files without from/to`);
    }
    const sel = pl.selector;
    if (!sel || (sel.matchLabels === undefined && !sel.matchExpressions?.length))
      out.push(`platforms[${i}]: empty selector`);
    const keys = [...Object.keys(sel?.matchLabels ?? {}), ...(sel?.matchExpressions ?? []).map((e) => e.key)];
    for (const k of keys) if (k !== 'os' && k !== 'arch') out.push(`platforms[${i}]: selector key ${k}`);
  }
  return out;
}

/** Where `path` of the archive lands after the platform's `files` (krew copies `from` globs to `to`). */
function installedAs(path: string, files: Platform['files']): string | null {
  for (const f of files ?? [{ from: '*', to: '.' }]) {
    const from = f.from ?? '';
    const dir = from.endsWith('/*') ? from.slice(0, -1) : null;
    if (dir !== null && path.startsWith(dir)) return posix.join(f.to ?? '.', path.slice(dir.length));
    if (from === path) return posix.join(f.to ?? '.', posix.basename(path));
  }
  return null;
}

describe('krew/ha-bot.yaml', () => {
  it('passes krew validation rules', () => {
    expect(krewProblems('ha-bot', manifest)).toEqual([]);
  });

  it('the checks find broken manifests (so that the pass above means something)', () => {
    const broken: Manifest = JSON.parse(JSON.stringify(manifest)) as Manifest;
    broken.kind = 'Plugins';
    broken.spec = { ...broken.spec, version: '0.1.0', shortDescription: 'two\nlines' };
    broken.spec.platforms = [{ uri: 'x', sha256: 'ABC', selector: { matchLabels: { distro: 'debian' } } }];
    expect(krewProblems('ha_bot.v2', broken)).toEqual([
      'kind',
      'unsafe name',
      'metadata.name is not the file name',
      'line break in shortDescription',
      'version is not v + semver',
      'platforms[0]: sha256',
      'platforms[0]: no bin',
      'platforms[0]: selector key distro',
    ]);
  });

  it("names the package's version and its kubectl-ha_bot, which kubectl runs as `kubectl ha-bot`", () => {
    expect(manifest.spec?.version).toBe(`v${pkg.version}`);
    // krew links the binary as kubectl-<name with - as _>, as kubectl looks plugins up.
    expect(`kubectl-${manifest.metadata?.name?.replace(/-/g, '_')}`).toBe('kubectl-ha_bot');
    for (const pl of manifest.spec?.platforms ?? []) expect(pl.bin).toBe(pkg.bin['kubectl-ha_bot']);
  });

  it('the binary it names is in the npm package (npm pack), where the files put it', () => {
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
        cwd: ROOT,
        encoding: 'utf8',
      }),
    ) as { files: { path: string; mode: number }[] }[];
    // npm pack's archive holds every file below `package/`.
    const archive = (packed[0]?.files ?? []).map((f) => `package/${f.path}`);
    for (const pl of manifest.spec?.platforms ?? []) {
      const installed = archive.map((p) => installedAs(p, pl.files));
      expect(installed).toContain(posix.normalize(pl.bin ?? ''));
    }
    const bin = (packed[0]?.files ?? []).find((f) => f.path === 'bin/kubectl-ha_bot.js');
    // Executable: krew runs it directly (#!/usr/bin/env node).
    expect((bin?.mode ?? 0) & 0o111).not.toBe(0);
    expect(readFileSync(join(ROOT, 'bin/kubectl-ha_bot.js'), 'utf8').startsWith('#!/usr/bin/env node')).toBe(
      true,
    );
  });
});
