/**
 * kubectl's conventions (issue 32, item 2): `kubectl ha-bot …` runs bin/kubectl-ha_bot.js as a
 * kubectl plugin (kubectl finds `kubectl-ha_bot` on PATH:
 * https://kubernetes.io/docs/tasks/extend-kubectl/kubectl-plugins/), which reads the current
 * kubeconfig context like every kubectl plugin and takes --context, --kubeconfig and
 * --request-timeout as kubectl spells them. `k8s-ha-bot ask` takes the same flags and keeps the
 * embedded demo as its default. Real kubectl against the simulator; the built CLI (dist/, which
 * `npm ci` builds). Skipped, with a visible message, where kubectl is missing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:http';
import type { RequestListener, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseRequestTimeout } from '../../adapters/console/cli.js';
import { type RunningSimulator, startSimulator } from '../../src/simulator/start-simulator.js';

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn('kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl plugin tests');
const describeKubectl = KUBECTL ? describe : describe.skip;
const FILE = join(process.cwd(), 'test/fixtures/scenarios/08-worker-single-replica-deployment.json');
const NODE = 'hydra-wk-3';
/** What `npm install -g` puts on PATH from package.json's "bin": file in bin/ → command. */
const BINS: readonly (readonly [string, string])[] = [
  ['kubectl-ha_bot.js', 'kubectl-ha_bot'],
  ['kubectl_complete-ha_bot.js', 'kubectl_complete-ha_bot'],
  ['k8s-ha-bot.js', 'k8s-ha-bot'],
];

describe('--request-timeout as kubectl spells it', () => {
  it.each([
    ['5s', 5000],
    ['500ms', 500],
    ['1m', 60_000],
    ['2', 2000],
    ['0', 0],
    ['1.5s', 1500],
  ])('%s is %d ms', (value, ms) => {
    expect(parseRequestTimeout(value)).toBe(ms);
  });
  it.each(['5 s', 'soon', '-1s', '5d', ''])('%j is refused', (value) => {
    expect(() => parseRequestTimeout(value)).toThrow(/a duration such as 5s/);
  });
});

/** A simulator, its kubeconfig, and the package's commands on PATH (as `npm install -g` puts them). */
interface PluginRig {
  sim: RunningSimulator;
  dir: string;
  kubeconfig: string;
  env: NodeJS.ProcessEnv;
}

async function startRig(prefix: string): Promise<PluginRig> {
  const sim = await startSimulator({ file: FILE });
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const kubeconfig = join(dir, 'config');
  await writeFile(kubeconfig, sim.kubeconfig);
  await mkdir(join(dir, 'bin'));
  for (const [file, name] of BINS) await symlink(join(process.cwd(), 'bin', file), join(dir, 'bin', name));
  const env = {
    ...process.env,
    PATH: `${join(dir, 'bin')}:${process.env.PATH ?? ''}`,
    KUBECONFIG: kubeconfig,
    HOME: dir,
    NODE_OPTIONS: '',
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
    K8S_HA_BOT_CONFIG: '',
  };
  return { sim, dir, kubeconfig, env };
}

async function stopRig(rig: PluginRig | undefined): Promise<void> {
  await rig?.sim.close();
  if (rig) await rm(rig.dir, { recursive: true, force: true });
}

describeKubectl('kubectl ha-bot against the simulator', () => {
  let kubeconfig: string;
  let env: NodeJS.ProcessEnv;
  let rig: PluginRig | undefined;
  beforeAll(async () => {
    if (!existsSync(join(process.cwd(), 'dist/adapters/k8s-ha-bot.js')))
      throw new Error('dist/ is missing: run `npm run build` (npm ci builds it) before this test');
    rig = await startRig('kubectl-plugin-');
    ({ kubeconfig, env } = rig);
  });
  afterAll(() => stopRig(rig));

  const sh = async (
    cmd: string,
    args: string[],
  ): Promise<{ code: number; stdout: string; stderr: string }> => {
    try {
      const { stdout, stderr } = await run(cmd, args, { env, timeout: 60_000 });
      return { code: 0, stdout, stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return {
        code: typeof e.code === 'number' ? e.code : -1,
        stdout: e.stdout ?? '',
        stderr: e.stderr ?? '',
      };
    }
  };

  it('`kubectl ha-bot can I reboot X` answers from the current context and says which context it read', async () => {
    const r = await sh(KUBECTL as string, ['ha-bot', 'can', 'I', 'reboot', NODE]);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`Reboot impact: ${NODE} in simulator`));
    expect(r.stdout).toContain(`kubeconfig context simulator (${kubeconfig})`);
    // the simulator's node, not the embedded demo's
    expect(r.stdout).not.toMatch(/atlas-/);
  });

  it('--context, --kubeconfig and --request-timeout as kubectl spells them; --format json names the context', async () => {
    const r = await sh(KUBECTL as string, [
      'ha-bot',
      '--kubeconfig',
      kubeconfig,
      '--context',
      'simulator',
      '--request-timeout',
      '2s',
      'status',
      '--format',
      'json',
    ]);
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout) as { kubeContext: unknown; context: { cluster: string } };
    expect(json.kubeContext).toEqual({ context: 'simulator', kubeconfig });
    expect(json.context.cluster).toBe('simulator');
  });

  it("--request-timeout above the bot's 5 s bound is bad input, said before anything is read", async () => {
    const r = await sh(KUBECTL as string, ['ha-bot', '--request-timeout', '12s', 'status']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--request-timeout: at most 5s/);
  });

  it('an unknown context is bad input (exit 2) naming the contexts there are', async () => {
    const r = await sh(KUBECTL as string, ['ha-bot', '--context', 'nope', 'status']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/no context "nope" in the kubeconfig; available contexts: simulator/);
  });

  it('`kubectl ha-bot help` prints its usage', async () => {
    const r = await sh(KUBECTL as string, ['ha-bot', 'help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(
      /kubectl ha-bot \[--context NAME\] \[--kubeconfig FILE\] \[--request-timeout 5s\]/,
    );
  });

  it('`k8s-ha-bot ask --context` reads that context; without it, the embedded demo as before', async () => {
    const bin = join(process.cwd(), 'bin/k8s-ha-bot.js');
    const live = await sh(process.execPath, [bin, 'ask', '--context', 'simulator', `can I reboot ${NODE}`]);
    expect(live.stdout).toMatch(new RegExp(`Reboot impact: ${NODE} in simulator`));
    expect(live.stdout).toContain('kubeconfig context simulator');
    const demo = await sh(process.execPath, [bin, 'ask', 'status']);
    expect(demo.stdout).toMatch(/cluster demo/);
    expect(demo.stdout).not.toContain('kubeconfig context');
    const both = await sh(process.execPath, [
      bin,
      'ask',
      '--cluster',
      'demo',
      '--context',
      'simulator',
      'status',
    ]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/give --cluster or --context\/--kubeconfig, not both/);
  });
});

const ZSH = ['/usr/bin/zsh', '/bin/zsh'].find((p) => existsSync(p));
if (!ZSH) console.warn('zsh not found: skipping the zsh completion test');

describeKubectl('shell completion (bash, zsh, and kubectl ha-bot <TAB>)', () => {
  let env: NodeJS.ProcessEnv;
  let rig: PluginRig | undefined;
  beforeAll(async () => {
    rig = await startRig('completion-');
    ({ env } = rig);
  });
  afterAll(() => stopRig(rig));
  const lines = (out: string): string[] => out.split('\n').filter((l) => l !== '');

  it('bash: node names of the demo after a request word, options after a dash', async () => {
    const script = [
      'source <(k8s-ha-bot completion bash)',
      'COMP_WORDS=(k8s-ha-bot ask can I reboot atlas-w); COMP_CWORD=5; _k8s_ha_bot; printf "%s\\n" "${COMPREPLY[@]}"',
      'echo ---',
      'COMP_WORDS=(k8s-ha-bot ask --for); COMP_CWORD=2; _k8s_ha_bot; printf "%s\\n" "${COMPREPLY[@]}"',
      'echo ---',
      'COMP_WORDS=(k8s-ha-bot ask --snapshot test/fixtures/scenarios/08-worker-single-replica-deployment.json reboot hydra-c); COMP_CWORD=5; _k8s_ha_bot; printf "%s\\n" "${COMPREPLY[@]}"',
    ].join('\n');
    const { stdout } = await run('/bin/bash', ['-c', script], { env, timeout: 60_000 });
    const [nodes, options, snapshotNodes] = stdout.split('---\n').map(lines);
    expect(nodes).toEqual(['atlas-wk-1', 'atlas-wk-2']);
    expect(options).toEqual(['--format']);
    expect(snapshotNodes).toEqual(['hydra-cp-1', 'hydra-cp-2', 'hydra-cp-3']);
  });

  (ZSH ? it : it.skip)('zsh: the same candidates through compdef/compadd', async () => {
    const script = [
      'source <(k8s-ha-bot completion zsh)',
      'compadd() { shift; print -l -- "$@" }',
      'words=(k8s-ha-bot ask can I reboot atlas-c); CURRENT=6',
      '_k8s_ha_bot',
    ].join('\n');
    const { stdout } = await run(ZSH as string, ['-f', '-c', script], { env, timeout: 60_000 });
    expect(lines(stdout)).toEqual(['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3']);
  });

  it("kubectl ha-bot <TAB>: kubectl runs kubectl_complete-ha_bot and gets the current context's nodes", async () => {
    const { stdout } = await run(
      KUBECTL as string,
      ['__complete', 'ha-bot', 'can', 'I', 'reboot', 'hydra-w'],
      {
        env,
        timeout: 60_000,
      },
    );
    expect(lines(stdout)).toEqual(['hydra-wk-1', 'hydra-wk-2', 'hydra-wk-3', ':4']);
    const contexts = await run(KUBECTL as string, ['__complete', 'ha-bot', '--context', ''], {
      env,
      timeout: 60_000,
    });
    expect(lines(contexts.stdout)).toEqual(['simulator', ':4']);
  });
});

describe('completion candidates from the cluster are safe for a terminal', () => {
  it('a node name with an escape sequence, a newline or a space is never offered', async () => {
    const { completionLines } = await import('../../adapters/console/complete.js');
    const { Command } = await import('commander');
    const program = new Command('k8s-ha-bot');
    program.command('ask').option('--lang <lang>');
    const out = await completionLines(['reboot', 'wk'], program, {
      clusters: async () => [],
      contexts: async () => [],
      nodes: async () => ['wk-1', 'wk-2\u001b]0;pwned\u0007', 'wk-3\nrm -rf', 'wk 4'],
    });
    expect(out).toBe('wk-1\n:4\n');
  });
});

describe('completion against a live API server (the built CLI)', () => {
  const servers: Server[] = [];
  let dir: string;
  let kubeconfig: string;
  /** Node list requests seen by the hanging server. */
  const hung: string[] = [];

  beforeAll(async () => {
    const listen = async (handler: RequestListener): Promise<number> => {
      const server = createServer(handler);
      servers.push(server);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return (server.address() as AddressInfo).port;
    };
    // Accepts the request and never answers (an API server behind a black-holed load balancer).
    const hang = await listen((req) => void hung.push(req.url ?? ''));
    // `kubectl proxy` style: plain http, no insecure-skip-tls-verify in the kubeconfig.
    const plain = await listen((req, res) => {
      res.setHeader('content-type', 'application/json');
      if (!req.url?.startsWith('/api/v1/nodes')) res.statusCode = 404;
      res.end(
        JSON.stringify({
          kind: 'NodeList',
          apiVersion: 'v1',
          metadata: {},
          items: [{ metadata: { name: 'proxy-node-1' } }],
        }),
      );
    });
    dir = await mkdtemp(join(tmpdir(), 'complete-live-'));
    kubeconfig = join(dir, 'config');
    await writeFile(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'current-context: hang',
        'clusters:',
        `- {name: hang, cluster: {server: "http://127.0.0.1:${hang}", insecure-skip-tls-verify: true}}`,
        `- {name: plain, cluster: {server: "http://127.0.0.1:${plain}"}}`,
        'users: [{name: u, user: {token: abc}}]',
        'contexts:',
        '- {name: hang, context: {cluster: hang, user: u}}',
        '- {name: plain, context: {cluster: plain, user: u}}',
        '',
      ].join('\n'),
    );
  });

  afterAll(async () => {
    for (const server of servers) {
      server.closeAllConnections();
      server.close();
    }
    await rm(dir, { recursive: true, force: true });
  });

  it('a hanging API server: the request words still come back, and the process exits while the server still hangs', async () => {
    // The server never answers: the words can only come back, and the process can only exit, if the
    // completion gives up on the node list by itself. How soon (the 3 s bound) is a timing, which
    // belongs to the bench (issue 31 item 1): the ceiling here is generous, so a busy machine passes.
    const { stdout } = await run(
      process.execPath,
      ['bin/k8s-ha-bot.js', '__complete', '--kubeconfig', kubeconfig, '--context', 'hang', 'c'],
      { timeout: 60_000 },
    );
    expect(stdout).toBe('chat\nconfig\ncompletion\ncan\n:4\n');
    expect(hung).toEqual(['/api/v1/nodes?limit=500']);
  });

  it('a plain-http server without insecure-skip-tls-verify: node names as `ask` reads them', async () => {
    const { stdout } = await run(
      process.execPath,
      ['bin/k8s-ha-bot.js', '__complete', '--kubeconfig', kubeconfig, '--context', 'plain', 'proxy'],
      { timeout: 30_000 },
    );
    expect(stdout).toBe('proxy-node-1\n:4\n');
  });
});
