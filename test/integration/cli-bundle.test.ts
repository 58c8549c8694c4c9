/**
 * The CLI bundle (issue 32 item 3: a live `ask` as light as `kubectl get`): `npm run build` bundles
 * the compiled CLI into dist/cli.cjs (scripts/bundle-cli.mjs) and bin/k8s-ha-bot.js runs `ask`
 * from it. Its answers are those of dist/ itself, live (the simulator) and on the embedded demo, in
 * both languages; and a live `ask` from it loads none of the long-running commands' packages (chat
 * SDKs, BullMQ, Redis). The built CLI (dist/, which `npm ci` builds).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rm, stat, symlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type RunningSimulator, startSimulator } from '../../src/simulator/start-simulator.js';

const run = promisify(execFile);
const ROOT = process.cwd();
const BUNDLE = join(ROOT, 'dist/cli.cjs');
const FILE = join(ROOT, 'test/fixtures/scenarios/08-worker-single-replica-deployment.json');
/** dist/ itself, as bin/k8s-ha-bot.js ran every command before the bundle. */
const FROM_DIST =
  "const m = await import('./dist/adapters/k8s-ha-bot.js'); process.exitCode = await m.main(['node', 'k8s-ha-bot', ...process.argv.slice(1)]);";
/** The bundle alone: its answer, then the packages it loaded (stderr, one JSON line). */
const PACKAGES_LOADED =
  "require('./dist/cli.cjs').main(['node', 'k8s-ha-bot', ...process.argv.slice(1)]).then(() => process.stderr.write(JSON.stringify(Object.keys(require.cache))));";

/** The snapshot's time and the request id differ between two runs: the rest must not. */
const steady = (text: string): string =>
  text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/cli-[0-9a-f-]{36}/g, '<request>');

describe('ask from the bundle', () => {
  let sim: RunningSimulator | undefined;
  let dir: string;
  let kubeconfig: string;
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    if (!existsSync(join(ROOT, 'dist/adapters/k8s-ha-bot.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm ci builds it) before this test');
    sim = await startSimulator({ file: FILE });
    dir = await mkdtemp(join(tmpdir(), 'cli-bundle-'));
    kubeconfig = join(dir, 'config');
    await writeFile(kubeconfig, sim.kubeconfig);
    env = {
      ...process.env,
      HOME: dir,
      NODE_OPTIONS: '',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
      K8S_HA_BOT_CONFIG: '',
    };
  });
  afterAll(async () => {
    await sim?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  /** A copy of the built CLI (timestamps kept) with no code cache, so edits touch no other test's dist/. */
  const copyOfCli = async (name: string): Promise<string> => {
    const copy = join(dir, name);
    await mkdir(copy);
    for (const part of ['bin', 'dist', 'examples', 'package.json'])
      await cp(join(ROOT, part), join(copy, part), { recursive: true, preserveTimestamps: true });
    await symlink(join(ROOT, 'node_modules'), join(copy, 'node_modules'));
    await rm(join(copy, 'dist/cli.cjs.cache'), { force: true });
    return copy;
  };
  /** A live `ask` by the copy's bin/k8s-ha-bot.js (rejects on a non-zero exit or a signal). */
  const askIn =
    (copy: string, args = ['--kubeconfig', kubeconfig], extraEnv: NodeJS.ProcessEnv = {}) =>
    async (): Promise<string> => {
      const live = ['bin/k8s-ha-bot.js', 'ask', ...args, 'can I reboot hydra-wk-3'];
      const { stdout } = await run(process.execPath, live, {
        env: { ...env, ...extraEnv },
        cwd: copy,
        timeout: 60_000,
      });
      return steady(stdout);
    };

  it('npm run build wrote it', () => {
    expect(existsSync(BUNDLE)).toBe(true);
  });

  it.each([
    ['live, en', (k: string) => ['ask', '--kubeconfig', k, 'can I reboot hydra-wk-3']],
    [
      'live, ko, json',
      (k: string) => [
        'ask',
        '--kubeconfig',
        k,
        '--lang',
        'ko',
        '--format',
        'json',
        'hydra-wk-3 재부팅해도 돼?',
      ],
    ],
    ['embedded demo', () => ['ask', 'can I drain atlas-cp-2']],
    ['a refused request', () => ['ask', 'can I reboot']],
  ])(
    '%s: the answer dist/ gives',
    async (_label, argv) => {
      const args = argv(kubeconfig);
      const sh = async (cmd: string[]): Promise<{ code: number; out: string }> => {
        try {
          const { stdout, stderr } = await run(process.execPath, cmd, { env, cwd: ROOT, timeout: 60_000 });
          return { code: 0, out: steady(stdout + stderr) };
        } catch (err) {
          const e = err as { code?: number; stdout?: string; stderr?: string };
          return { code: e.code ?? -1, out: steady((e.stdout ?? '') + (e.stderr ?? '')) };
        }
      };
      const [bundled, fromDist] = await Promise.all([
        sh(['bin/k8s-ha-bot.js', ...args]),
        sh(['--input-type=module', '-e', FROM_DIST, ...args]),
      ]);
      expect(bundled.out.length).toBeGreaterThan(0);
      expect(bundled).toEqual(fromDist);
    },
    120_000,
  );

  it('on a Node without require(esm) a live ask answers from dist/ (the bundle requires ES-module-only client-node)', async () => {
    const live = ['ask', '--kubeconfig', kubeconfig, 'can I reboot hydra-wk-3'];
    const [old, fromDist] = await Promise.all(
      [
        ['--no-experimental-require-module', 'bin/k8s-ha-bot.js', ...live],
        ['--input-type=module', '-e', FROM_DIST, ...live],
      ].map(async (cmd) => {
        const { stdout, stderr } = await run(process.execPath, cmd, { env, cwd: ROOT, timeout: 60_000 });
        return steady(stdout + stderr);
      }),
    );
    expect(old).toContain('hydra-wk-3');
    expect(old).toEqual(fromDist);
  });

  it('a live ask loads none of the long-running commands’ packages, nor zod when no setting is set', async () => {
    const { stdout, stderr } = await run(
      process.execPath,
      ['-e', PACKAGES_LOADED, 'ask', '--kubeconfig', kubeconfig, 'can I reboot hydra-wk-3'],
      // LOG_LEVEL unset (blank) too: a level given is a setting to validate.
      { env: { ...env, LOG_LEVEL: '' }, cwd: ROOT, timeout: 60_000 },
    );
    expect(stdout).toContain('hydra-wk-3');
    const loaded = (JSON.parse(stderr) as string[]).map((f) => f.slice(ROOT.length));
    expect(loaded).toContain('/dist/cli.cjs');
    for (const heavy of [
      '@slack/',
      'botbuilder',
      'bullmq',
      'ioredis',
      'prom-client',
      '/dist/adapters/',
      '/dist/workers/',
      // The settings' schemas load zod on first use (src/config/lazy-zod.ts): nothing set, none is built.
      '/node_modules/zod/',
    ])
      expect(loaded.filter((f) => f.includes(heavy))).toEqual([]);
  }, 120_000);

  it('a module of dist/ compiled or edited after the bundle is run fresh: ask falls back to dist/ (dist/cli.json records what the bundle was built from)', async () => {
    const copy = await copyOfCli('copy');
    const ask = askIn(copy);
    const cache = join(copy, 'dist/cli.cjs.cache');
    const first = await ask();
    expect(first).toContain('Safe to reboot hydra-wk-3: its pods can move elsewhere');
    // Only the bundle's loader writes its V8 code cache: the bundle answered.
    expect(existsSync(cache)).toBe(true);
    // From the cache, and from a cache V8 refuses (rewritten): the same answer.
    expect(await ask()).toEqual(first);
    await writeFile(cache, 'not a code cache');
    expect(await ask()).toEqual(first);
    expect((await stat(cache)).size).toBeGreaterThan(1000);
    // `tsc` alone after an edit of a message: the entry module is unchanged, one bundled module is newer.
    const messages = join(copy, 'dist/src/explain/locales/en.js');
    const source = await readFile(messages, 'utf8');
    expect(source).toContain('Safe to reboot {{node}}: its pods');
    await writeFile(
      messages,
      source.replace('Safe to reboot {{node}}: its pods', 'Freshly compiled: {{node}}: its pods'),
    );
    const fresh = await ask();
    expect(fresh).toContain('Freshly compiled: hydra-wk-3: its pods can move elsewhere');
    expect(fresh).not.toContain('Safe to reboot hydra-wk-3');
  }, 180_000);
  it('a cache made from other bundle bytes is not run, even with the same length and an older bundle mtime (review M2)', async () => {
    const copy = await copyOfCli('stale');
    const ask = askIn(copy);
    const bundle = join(copy, 'dist/cli.cjs');
    const original = await readFile(bundle);
    const { atime, mtime } = await stat(bundle);
    // A same-length build ('Safe to reboot' -> 'PWNED!!reboot!') answers once and writes its cache...
    const edited = original.toString('utf8').replaceAll('Safe to reboot', 'PWNED!!reboot!');
    expect(Buffer.byteLength(edited)).toBe(original.length);
    await writeFile(bundle, edited);
    expect(await ask()).toContain('PWNED!!reboot! hydra-wk-3');
    // ...then the original comes back with its old mtime, as `cp -p`, rsync -a or an image layer do.
    await writeFile(bundle, original);
    await utimes(bundle, atime, mtime);
    const answer = await ask();
    expect(answer).toContain('Safe to reboot hydra-wk-3');
    expect(answer).not.toContain('PWNED');
  }, 180_000);

  it('a corrupt cache is not handed to V8: ask answers and writes it again (review M3)', async () => {
    const copy = await copyOfCli('corrupt');
    const ask = askIn(copy);
    const cache = join(copy, 'dist/cli.cjs.cache');
    const first = await ask();
    const good = await readFile(cache);
    // 64 bytes flipped inside the payload, V8's own header intact (crashed every run with SIGSEGV).
    const bad = Buffer.from(good);
    for (let i = 200_000; i < 200_064; i++) bad[i] = bad[i]! ^ 0x5a;
    await writeFile(cache, bad);
    expect(await ask()).toEqual(first);
    expect((await readFile(cache)).equals(bad)).toBe(false);
    expect(await ask()).toEqual(first);
  }, 180_000);

  it('a live ask through client-node answers from the cache too: no import() lost by cached code (review M4)', async () => {
    const copy = await copyOfCli('dynamic-import');
    // A KUBECONFIG list on a plain-http server without insecure-skip-tls-verify (kubectl proxy's
    // kubeconfig): read through client-node, which the bundle loads where first used.
    const empty = join(dir, 'empty.yaml');
    await writeFile(empty, 'apiVersion: v1\nkind: Config\nclusters: []\nusers: []\ncontexts: []\n');
    const plain = join(dir, 'plain.yaml');
    await writeFile(plain, sim!.kubeconfig.replace(/^.*insecure-skip-tls-verify.*\n/gm, ''));
    const ask = askIn(copy, ['--context', 'simulator'], { KUBECONFIG: `${plain}:${empty}` });
    const first = await ask();
    expect(first).toContain('Safe to reboot hydra-wk-3');
    expect(existsSync(join(copy, 'dist/cli.cjs.cache'))).toBe(true);
    expect(await ask()).toEqual(first);
  }, 180_000);
});
