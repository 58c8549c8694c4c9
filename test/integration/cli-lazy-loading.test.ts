/**
 * The CLI loads only what the command needs. Each case runs the real CLI from source
 * (test/faults/cli-entry.ts, TypeScript through redis-child-ts-loader.mjs) with a loader hook that
 * records every module URL it loads (test/helpers/record-loaded-modules.mjs), then asserts which
 * heavy packages were (not) loaded. Before the lazy imports every command loaded all three.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startSimulator } from '../../src/simulator/start-simulator.js';

const run = promisify(execFile);
const KUBE = '/node_modules/@kubernetes/client-node/';
const TEAMS = '/node_modules/botbuilder';
const SLACK = '/node_modules/@slack/bolt/';
const ZOD = '/node_modules/zod/';
const YAML = '/node_modules/yaml/';
const SCENARIO = 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json';

let dir: string;
let n = 0;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cli-lazy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Run the CLI with `args`; returns its exit code, stdout and the URLs of the modules it loaded. */
async function loaded(
  args: string[],
  extraEnv: Record<string, string> = {},
): Promise<{ code: number; stdout: string; urls: string[] }> {
  const file = join(dir, `modules-${n++}.txt`);
  const env = {
    ...process.env,
    ...extraEnv,
    K8S_HA_BOT_TEST_MODULES_FILE: file,
    NODE_OPTIONS: '',
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
    K8S_HA_BOT_CONFIG: '',
  };
  const argv = [
    '--import',
    './test/helpers/redis-child-ts-loader.mjs',
    '--import',
    './test/helpers/record-loaded-modules.mjs',
    'test/faults/cli-entry.ts',
    ...args,
  ];
  let code = 0;
  let stdout = '';
  try {
    stdout = (await run(process.execPath, argv, { env, timeout: 60_000 })).stdout;
  } catch (err) {
    const e = err as { code?: number; stdout?: string };
    code = typeof e.code === 'number' ? e.code : -1;
    stdout = e.stdout ?? '';
  }
  const urls = (await readFile(file, 'utf8')).split('\n').filter((l) => l !== '');
  return { code, stdout, urls };
}

/** The heavy packages loaded: client-node (but its kubeconfig parsers, config_types.js), botbuilder, Bolt. */
const heavy = (urls: string[]): string[] =>
  urls.filter(
    (u) => [KUBE, TEAMS, SLACK].some((p) => u.includes(p)) && !u.includes(`${KUBE}dist/config_types.js`),
  );

describe('the CLI loads only what the command needs', () => {
  it.each([[['--version']], [['help']], [['help', 'ask']], [['gateway', '--help']]])(
    '%j loads neither @kubernetes/client-node, botbuilder nor @slack/bolt',
    async (args) => {
      const { stdout, urls } = await loaded(args);
      expect(stdout).toMatch(/Usage|\d+\.\d+\.\d+/);
      // The recorder works: it saw commander.
      expect(urls.some((u) => u.includes('/node_modules/commander/'))).toBe(true);
      expect(heavy(urls)).toEqual([]);
    },
  );

  it('ask --snapshot answers from the file without the Kubernetes client or a chat SDK', async () => {
    const { code, stdout, urls } = await loaded(['ask', '--snapshot', SCENARIO, 'can I reboot atlas-cp-2']);
    expect(code).toBe(0);
    expect(stdout).toContain('atlas-cp-2');
    expect(heavy(urls)).toEqual([]);
    // Without a config file nor a YAML snapshot, no YAML parser either. zod does load: every process
    // validates its settings once with it (loadSettings, src/config/settings.ts).
    expect(urls.filter((u) => u.includes(YAML))).toEqual([]);
    expect(urls.some((u) => u.includes(ZOD))).toBe(true);
    // Its v3 API (zod/v3): zod 4's entry points load all of its ~60 message locales on import.
    expect(urls.filter((u) => u.includes(`${ZOD}v4/`))).toEqual([]);
    // No logger is built when nothing is logged (LOG_LEVEL=silent).
    expect(urls.filter((u) => u.includes('/node_modules/pino/'))).toEqual([]);
  });

  it('live ask --kubeconfig reads the cluster without the Kubernetes client, a YAML library or pino (issue 32 item 3: client-node was 0.45 s of its 0.8 s)', async () => {
    const sim = await startSimulator({ file: 'examples/ha-3cp.json' });
    try {
      const kubeconfig = join(dir, 'sim-kubeconfig');
      await writeFile(kubeconfig, sim.kubeconfig);
      const { code, stdout, urls } = await loaded([
        'ask',
        '--kubeconfig',
        kubeconfig,
        'can I reboot atlas-wk-1',
      ]);
      expect(code).toBe(0);
      expect(stdout).toContain('atlas-wk-1');
      expect(stdout).toContain(`kubeconfig context simulator (${kubeconfig})`);
      expect(heavy(urls)).toEqual([]);
      // The kubeconfig went through the client's own entry parsers, and nothing else of it.
      expect(urls.filter((u) => u.includes(KUBE))).toEqual([
        expect.stringContaining(`${KUBE}dist/config_types.js`),
      ]);
      expect(urls.filter((u) => u.includes(YAML))).toEqual([]);
      expect(urls.filter((u) => u.includes('/node_modules/pino/'))).toEqual([]);
    } finally {
      await sim.close();
    }
  });

  it('config check of a configuration without kubeconfig contexts (the built-in demo) loads neither', async () => {
    const { code, stdout, urls } = await loaded(['config', 'check']);
    expect(code).toBe(0);
    expect(stdout).toContain('configuration OK');
    expect(heavy(urls)).toEqual([]);
  });

  it('config check of a file with kubeconfig contexts checks them without the Kubernetes client or a chat SDK (issue 31: 7.5 s, most of it loading client-node)', async () => {
    const kubeconfigOf = async (name: string, contexts: string[]): Promise<string> => {
      const path = join(dir, name);
      await writeFile(
        path,
        [
          'apiVersion: v1',
          'kind: Config',
          'clusters: [{ name: c, cluster: { server: "https://127.0.0.1:6443" } }]',
          'users: [{ name: u, user: { token: not-a-real-token } }]',
          `contexts: [${contexts.map((c) => `{ name: ${c}, context: { cluster: c, user: u } }`).join(', ')}]`,
          '',
        ].join('\n'),
      );
      return path;
    };
    const kubeconfig = await kubeconfigOf('kubeconfig.yaml', ['prod-admin', 'stage-admin']);
    const { code, stdout, urls } = await loaded(['--config', 'examples/k8s-ha-bot.yaml', 'config', 'check'], {
      KUBECONFIG: kubeconfig,
    });
    expect(code).toBe(0);
    expect(stdout).toContain('configuration OK');
    expect(heavy(urls)).toEqual([]);
    // The contexts were read: the client's own kubeconfig parsers (one small module of it), the
    // YAML parser (required on first use, src/util/lazy-yaml.ts) and zod, so their absence in the
    // cases above means they were not loaded.
    expect(urls.filter((u) => u.includes(KUBE))).toEqual([
      expect.stringContaining(`${KUBE}dist/config_types.js`),
    ]);
    expect(urls.some((u) => u.includes(YAML))).toBe(true);
    expect(urls.some((u) => u.includes(ZOD))).toBe(true);
    // A context the kubeconfig lacks is still found (exit 2, bad configuration).
    const missing = await loaded(['--config', 'examples/k8s-ha-bot.yaml', 'config', 'check'], {
      KUBECONFIG: await kubeconfigOf('prod-only.yaml', ['prod-admin']),
    });
    expect(missing.code).toBe(2);
    expect(heavy(missing.urls)).toEqual([]);
  });

  it('the console adapter imports no gateway, Slack or Teams module', async () => {
    const offending: string[] = [];
    for (const f of await readdir('adapters/console')) {
      const text = await readFile(join('adapters/console', f), 'utf8');
      for (const m of text.matchAll(/(?:from|import\()\s*'(\.\.\/(?:gateway|slack|teams)\/[^']+)'/g))
        offending.push(`${f}: ${m[1]}`);
    }
    expect(offending).toEqual([]);
  });
});
