/**
 * TEST ONLY: a throw-away Redis Sentinel set on 127.0.0.1 (Debian's redis-server and
 * redis-sentinel): one primary, N replicas, 3 sentinels with quorum 2 and short timings, so that a
 * SIGKILLed primary is replaced by a replica within a few seconds.
 *
 * @example
 * const set = await startRedisSentinelSet({ replicas: 2 });
 * // set.target: { sentinels: [...], name: 'mymaster' } for the bot's connections
 * await set.primary.kill();
 * const promoted = await set.waitForNewPrimary(set.primary.port, 30_000);
 * await set.stop();
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import type { RedisSentinelTarget } from '../../src/config/redis-settings.js';
import { WAIT_CEILING_MS } from './eventually.js';
import { freePort, redisPing, startRedis, waitForExit } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

/** The redis-sentinel binary (Debian package `redis-sentinel`). */
export const REDIS_SENTINEL_BIN = process.env.REDIS_SENTINEL_BIN ?? '/usr/bin/redis-sentinel';

/** The primary's name the sentinels monitor. */
export const SENTINEL_MASTER_NAME = 'mymaster';

/** Options of {@link startRedisSentinelSet}. */
export interface SentinelSetOptions {
  /** Replicas of the primary. @defaultValue 1 */
  replicas?: number;
  /** Sentinels (quorum is a majority). @defaultValue 3 */
  sentinels?: number;
  /** `down-after-milliseconds`: how long the primary must be silent before it is "down", in ms. @defaultValue 1000 */
  downAfterMs?: number;
  /** `failover-timeout`, in ms. @defaultValue 3000 */
  failoverTimeoutMs?: number;
  /** Extra redis-server arguments for the primary and replicas (e.g. AOF). */
  extraArgs?: readonly string[];
}

/** A running sentinel. */
export interface SentinelProcess {
  port: number;
  child: ChildProcess;
}

/** A running Sentinel set. */
export interface SentinelSet {
  /** The primary at start. */
  primary: RedisServer;
  /** Its replicas at start. */
  replicas: RedisServer[];
  sentinels: SentinelProcess[];
  /** The bot's Redis target for this set. */
  target: RedisSentinelTarget;
  /** The primary's port as a sentinel reports it now, or undefined when none answers. */
  currentPrimaryPort(): Promise<number | undefined>;
  /**
   * Wait until a majority of the sentinels report a primary other than `oldPort`, and that server
   * answers as a primary (ROLE = master).
   * @returns the new primary's port
   * @throws Error when that does not happen within `timeoutMs`
   */
  waitForNewPrimary(oldPort: number, timeoutMs: number): Promise<number>;
  /** Stop every process (SIGTERM, then SIGKILL) and remove the temp dirs. Idempotent. */
  stop(): Promise<void>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kill sentinels left when the test process exits (a failed test that never called stop). */
function track(child: ChildProcess): void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => {
      for (const c of running) c.kill('SIGKILL');
    });
  }
  running.add(child);
  child.once('exit', () => running.delete(child));
}

/** A short-lived client for one query; never retries, never queues. */
async function query<T>(port: number, run: (client: Redis) => Promise<T>): Promise<T | undefined> {
  const client = new Redis({
    host: '127.0.0.1',
    port,
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
    connectTimeout: 500,
    enableOfflineQueue: false,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return await run(client);
  } catch {
    return undefined; // down or not ready: the caller polls
  } finally {
    client.disconnect();
  }
}

/** `SENTINEL MASTER name` as a field map. */
async function sentinelMaster(port: number): Promise<Record<string, string> | undefined> {
  return query(port, async (c) => {
    const flat = (await c.call('SENTINEL', 'MASTER', SENTINEL_MASTER_NAME)) as string[];
    const out: Record<string, string> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i] as string] = flat[i + 1] as string;
    return out;
  });
}

async function startSentinel(
  dir: string,
  primaryPort: number,
  quorum: number,
  downAfterMs: number,
  failoverTimeoutMs: number,
): Promise<SentinelProcess> {
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const conf = join(dir, `sentinel-${port}.conf`);
    // Sentinel rewrites its config file (it must be writable): one per sentinel.
    await writeFile(
      conf,
      [
        `port ${port}`,
        'bind 127.0.0.1',
        'daemonize no',
        'logfile ""',
        `dir ${dir}`,
        `sentinel monitor ${SENTINEL_MASTER_NAME} 127.0.0.1 ${primaryPort} ${quorum}`,
        `sentinel down-after-milliseconds ${SENTINEL_MASTER_NAME} ${downAfterMs}`,
        `sentinel failover-timeout ${SENTINEL_MASTER_NAME} ${failoverTimeoutMs}`,
        `sentinel parallel-syncs ${SENTINEL_MASTER_NAME} 1`,
        '',
      ].join('\n'),
    );
    const child = spawn(REDIS_SENTINEL_BIN, [conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    track(child);
    let output = '';
    const keep = (chunk: Buffer): void => {
      if (output.length < 20_000) output += chunk.toString('utf8');
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
    const deadline = Date.now() + WAIT_CEILING_MS;
    while (Date.now() < deadline) {
      const failed = await Promise.race([spawnError, sleep(25).then(() => null)]);
      if (failed)
        throw new Error(
          `cannot run ${REDIS_SENTINEL_BIN}: ${failed.message} (Debian package redis-sentinel)`,
        );
      if (child.exitCode !== null || child.signalCode !== null) break;
      if (/\+monitor master/.test(output) && (await redisPing(port))) return { port, child };
    }
    child.kill('SIGKILL');
    await waitForExit(child, 2000);
    lastError = `redis-sentinel on port ${port} did not start: ${output.slice(-2000)}`;
    if (!/address already in use/i.test(output)) break;
  }
  throw new Error(lastError);
}

/**
 * Start a primary, its replicas and the sentinels, and wait until every sentinel knows every other
 * sentinel and every replica (without that, a failover could not reach its quorum).
 * @param options - see {@link SentinelSetOptions}
 * @returns the running set
 * @throws Error with a process's output when it does not start, or when discovery takes over {@link WAIT_CEILING_MS} ms
 */
export async function startRedisSentinelSet(options: SentinelSetOptions = {}): Promise<SentinelSet> {
  const replicaCount = options.replicas ?? 1;
  const sentinelCount = options.sentinels ?? 3;
  const quorum = Math.floor(sentinelCount / 2) + 1;
  const downAfterMs = options.downAfterMs ?? 1000;
  const failoverTimeoutMs = options.failoverTimeoutMs ?? 3000;
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-sentinel-'));
  const servers: RedisServer[] = [];
  const sentinels: SentinelProcess[] = [];
  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      await Promise.all(
        sentinels.map(async (s) => {
          s.child.kill('SIGTERM');
          if (!(await waitForExit(s.child, 3000))) {
            s.child.kill('SIGKILL');
            await waitForExit(s.child, 3000);
          }
        }),
      );
      await Promise.all(servers.map((s) => s.stop()));
      await rm(dir, { recursive: true, force: true });
    })();
    return stopped;
  };
  try {
    // No delay before a diskless full sync (default 5 s: it waits for more replicas to join).
    const primary = await startRedis({
      extraArgs: [...(options.extraArgs ?? []), '--repl-diskless-sync-delay', '0'],
    });
    servers.push(primary);
    for (let i = 0; i < replicaCount; i += 1) {
      servers.push(
        await startRedis({
          extraArgs: [...(options.extraArgs ?? []), '--replicaof', '127.0.0.1', String(primary.port)],
        }),
      );
    }
    // A replica that has not finished its first sync holds no data, yet Sentinel may promote it:
    // wait until every replica's link to the primary is up (the first sync done).
    const syncedBy = Date.now() + WAIT_CEILING_MS;
    for (const replica of servers.slice(1)) {
      while (!/master_link_status:up/.test((await query(replica.port, (c) => c.info('replication'))) ?? '')) {
        if (Date.now() > syncedBy)
          throw new Error(
            `replica on port ${replica.port} did not sync with the primary within ${WAIT_CEILING_MS} ms`,
          );
        await sleep(50);
      }
    }
    for (let i = 0; i < sentinelCount; i += 1)
      sentinels.push(await startSentinel(dir, primary.port, quorum, downAfterMs, failoverTimeoutMs));
    // Sentinels find each other and the replicas through the primary (hello messages every 2 s).
    const deadline = Date.now() + WAIT_CEILING_MS;
    for (;;) {
      const views = await Promise.all(sentinels.map((s) => sentinelMaster(s.port)));
      const ready = views.every(
        (v) =>
          v !== undefined &&
          Number(v['num-other-sentinels']) === sentinelCount - 1 &&
          Number(v['num-slaves']) === replicaCount,
      );
      if (ready) break;
      if (Date.now() > deadline)
        throw new Error(
          `sentinels did not discover each other and the replicas within ${WAIT_CEILING_MS} ms: ${JSON.stringify(views)}`,
        );
      await sleep(100);
    }
    const currentPrimaryPort = async (): Promise<number | undefined> => {
      for (const s of sentinels) {
        const addr = await query(
          s.port,
          (c) =>
            c.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER_NAME) as Promise<string[] | null>,
        );
        if (addr && addr[1] !== undefined) return Number(addr[1]);
      }
      return undefined;
    };
    return {
      primary,
      replicas: servers.slice(1),
      sentinels,
      target: {
        sentinels: sentinels.map((s) => ({ host: '127.0.0.1', port: s.port })),
        name: SENTINEL_MASTER_NAME,
      },
      currentPrimaryPort,
      async waitForNewPrimary(oldPort, timeoutMs) {
        const until = Date.now() + timeoutMs;
        while (Date.now() < until) {
          const ports = await Promise.all(
            sentinels.map((s) =>
              query(
                s.port,
                (c) =>
                  c.call('SENTINEL', 'GET-MASTER-ADDR-BY-NAME', SENTINEL_MASTER_NAME) as Promise<
                    string[] | null
                  >,
              ),
            ),
          );
          const moved = ports
            .map((a) => (a && a[1] !== undefined ? Number(a[1]) : undefined))
            .filter((p): p is number => p !== undefined && p !== oldPort);
          const candidate = moved[0];
          if (candidate !== undefined && moved.length >= quorum && moved.every((p) => p === candidate)) {
            const role = await query(candidate, (c) => c.call('ROLE') as Promise<unknown[]>);
            if (role?.[0] === 'master') return candidate;
          }
          await sleep(50);
        }
        throw new Error(`no new primary within ${timeoutMs} ms (old one on port ${oldPort})`);
      },
      stop,
    };
  } catch (err) {
    await stop();
    throw err;
  }
}
