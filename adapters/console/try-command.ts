/**
 * `k8s-ha-bot try [--port N] [--reboot-delay S]`: everything on one machine, no chat workspace.
 * Starts, each on a free loopback port and in a temporary folder removed at the end:
 *
 * 1. the simulator on the demo cluster (examples/ha-3cp.json), live (heartbeats), whose reboot
 *    webhook reboots a node (down `--reboot-delay` s, then back with a new bootID);
 * 2. a throw-away `redis-server` (no persistence), as the tests start theirs;
 * 3. a worker (`k8s-ha-bot worker`, a child process of the same program) for the cluster `demo`,
 *    with a maintenance policy whose reboot hook is the simulator's webhook and whose fleet
 *    settle time is short;
 * 4. the local chat page (adapters/web/web-chat.ts) on 127.0.0.1.
 *
 * Until interrupted (SIGINT / SIGTERM), then everything is stopped in reverse order.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stringify } from 'yaml';
import type { KNode, KPod } from '../../src/cluster/types.js';
import { BotError } from '../../src/errors.js';
import { BUILT_IN_SNAPSHOT } from '../../src/config/load-config.js';
import { bundledFileMissing, fileOrBundled } from '../../src/config/package-files.js';
import { REBOOT_PATH, startSimulator } from '../../src/simulator/start-simulator.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { handleConsoleRequest } from './console-adapter.js';
import type { JobRunner } from './console-adapter.js';
import type { WebChatStarter } from './cli.js';
import { safeText } from '../../src/util/safe-text.js';
import type { BotConfig } from '../../src/config/bot-config.js';

/** The cluster name of the try (the demo's). */
export const TRY_CLUSTER = 'demo';

/** What {@link runTry} needs from the CLI. */
export interface TryDeps {
  /** The configuration read from a file (the CLI's loader). */
  loadConfig: (path: string) => Promise<BotConfig>;
  /** A job runner through the queue for that configuration, and how to release it. */
  runnerFor: (config: BotConfig) => Promise<{ run: JobRunner; close: () => Promise<void> }>;
  /** Workers consuming the cluster's queue now (null: cannot tell). */
  workers: (config: BotConfig) => Promise<number | null>;
  /** How to start this same program with other arguments (`process.execPath` and its first arguments). */
  self: { command: string; args: string[] };
  /** The chat page's start function (adapters/web/web-chat.ts, handed in by the composition root). */
  startWebChat: WebChatStarter;
  /** The environment the worker child inherits (the CLI's, as the settings module read it). */
  env: Readonly<Record<string, string | undefined>>;
  /** The worker child's LOG_LEVEL. @defaultValue `warn` */
  logLevel?: string;
  /** The redis-server binary. @defaultValue `redis-server` (PATH) */
  redisServer?: string;
  err: (text: string) => void;
}

/** A running try. */
export interface RunningTry {
  /** The chat page, `http://127.0.0.1:<port>/`. */
  url: string;
  simulator: RunningSimulator;
  /** Stop everything and remove the temporary folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const port = (server.address() as { port: number }).port;
  await new Promise((done) => server.close(done));
  return port;
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** Wait for `ready` (polled every 200 ms) up to `ms`, or for the child to exit. */
async function waitFor(
  what: string,
  child: ChildProcess,
  ready: () => Promise<boolean>,
  ms: number,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await ready()) return;
    if (child.exitCode !== null)
      throw new BotError('internal', `${what} exited (code ${child.exitCode}) before it was ready`);
    if (Date.now() > deadline) throw new BotError('internal', `${what} was not ready within ${ms / 1000} s`);
    await new Promise((done) => setTimeout(done, 200));
  }
}

/**
 * Start the try (see the module comment).
 * @param args - `port` of the page (default 0: a free one), `rebootDelayMs` (default 20 s)
 * @param deps - see {@link TryDeps}
 * @returns the running try
 * @throws BotError `internal` when Redis or the worker does not start (everything started is stopped first)
 */
export async function runTry(
  args: { port?: number; rebootDelayMs?: number },
  deps: TryDeps,
): Promise<RunningTry> {
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-try-'));
  const stops: (() => Promise<void>)[] = [async () => rm(dir, { recursive: true, force: true })];
  const close = async (): Promise<void> => {
    for (const stop of stops.splice(0).reverse()) await stop().catch(() => undefined);
  };
  try {
    // The package's own demo cluster, whatever the working directory (a global install too).
    const file = fileOrBundled(BUILT_IN_SNAPSHOT);
    if (!existsSync(file)) throw new BotError('bad-request', bundledFileMissing(BUILT_IN_SNAPSHOT));
    const sim = await startSimulator({
      file,
      heartbeats: true,
      ...(args.rebootDelayMs !== undefined ? { rebootDelayMs: args.rebootDelayMs } : {}),
    });
    stops.push(() => sim.close());
    const kubeconfig = join(dir, 'kubeconfig');
    await writeFile(kubeconfig, sim.kubeconfig, { mode: 0o600 });

    const redisPort = await freePort();
    const redisLog = createWriteStream(join(dir, 'redis.log'));
    const redis = spawn(
      deps.redisServer ?? 'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    redis.stdout?.pipe(redisLog);
    redis.stderr?.pipe(redisLog);
    const spawnError = once(redis, 'error').then(([err]) => err as NodeJS.ErrnoException);
    stops.push(() => stopChild(redis));
    const redisUrl = `redis://127.0.0.1:${redisPort}`;

    const policy = join(dir, 'maintenance-policy.yaml');
    await writeFile(
      policy,
      stringify({
        defaults: {
          requesters: ['*'],
          approvers: ['*'],
          reboot: { timeoutMs: 10 * 60_000, hook: { url: `${sim.url}${REBOOT_PATH}` } },
          // a short settle time between a plan's nodes: a try should not wait 2 min per node
          fleet: { settleMs: 5000 },
        },
      }),
    );
    const configPath = join(dir, 'k8s-ha-bot.yaml');
    await writeFile(
      configPath,
      stringify({
        clusters: { [TRY_CLUSTER]: { context: 'simulator', kubeconfig } },
        defaultCluster: TRY_CLUSTER,
        maintenancePolicy: policy,
        redis: { url: redisUrl },
      }),
    );
    const config = await deps.loadConfig(configPath);

    const ready = Promise.race([
      spawnError.then((err) => {
        throw new BotError(
          'bad-request',
          err.code === 'ENOENT'
            ? 'redis-server is not installed (Debian: apt-get install redis-server); try needs it for approvals and the queue'
            : `redis-server did not start (${err.code ?? err.message})`,
        );
      }),
      waitFor('redis-server', redis, async () => (await deps.workers(config)) !== null, 15_000),
    ]);
    await ready;

    const workerLog = createWriteStream(join(dir, 'worker.log'));
    const worker = spawn(deps.self.command, [...deps.self.args, 'worker'], {
      env: {
        ...deps.env,
        K8S_HA_BOT_CONFIG: configPath,
        REDIS_URL: redisUrl,
        // the worker's ops server on a free port: a worker or gateway of yours may hold the defaults
        K8S_HA_BOT_OPS_PORT: '0',
        LOG_LEVEL: deps.logLevel ?? 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout?.pipe(workerLog);
    worker.stderr?.pipe(workerLog);
    stops.push(() => stopChild(worker));
    await waitFor('the worker', worker, async () => ((await deps.workers(config)) ?? 0) > 0, 120_000);

    const runner = await deps.runnerFor(config);
    stops.push(() => runner.close());
    const web = await deps.startWebChat({
      ask: (text, user) => handleConsoleRequest({ text, user }, config, runner.run),
      ...(args.port !== undefined ? { port: args.port } : {}),
      nodes: () => {
        const pods = new Map<string, number>();
        for (const p of sim.listObjects('pods') as unknown as KPod[]) {
          const node = p.spec?.nodeName ?? '';
          pods.set(node, (pods.get(node) ?? 0) + 1);
        }
        return (sim.listObjects('nodes') as unknown as KNode[]).map((n) => ({
          name: safeText(n.metadata.name),
          ready: n.status?.conditions?.find((c) => c.type === 'Ready')?.status ?? 'missing',
          cordoned: n.spec?.unschedulable === true,
          bootID: safeText(n.status?.nodeInfo?.bootID ?? ''),
          pods: pods.get(n.metadata.name) ?? 0,
        }));
      },
    });
    stops.push(() => web.close());
    deps.err(
      `k8s-ha-bot try: the chat page is at ${web.url}\n` +
        `  simulated cluster "${TRY_CLUSTER}" (${BUILT_IN_SNAPSHOT}) at ${sim.url}: kubectl --kubeconfig ${kubeconfig} get nodes\n` +
        `  Redis ${redisUrl}, a worker (log: ${join(dir, 'worker.log')}); a rebooted node is down ${Math.round((args.rebootDelayMs ?? 20_000) / 1000)} s\n` +
        `  Try: "can I reboot atlas-wk-1", "maintain atlas-wk-2 kernel patch" as alice, then Approve as bob; "maintain all workers".\n` +
        `  Ctrl-C stops everything.\n`,
    );
    return { url: web.url, simulator: sim, close };
  } catch (err) {
    await close();
    throw err;
  }
}
