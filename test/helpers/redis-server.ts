/**
 * A real, throw-away redis-server for tests: a free loopback port, no persistence, a temp dir.
 *
 * @example
 * const redis = await startRedis();
 * // … redis.url is redis://127.0.0.1:<port>
 * await redis.stop();
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WAIT_CEILING_MS } from './eventually.js';

/** The redis-server binary (Debian package `redis-server`). */
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

/** A running test Redis. */
export interface RedisServer {
  /** `redis://127.0.0.1:<port>` */
  url: string;
  host: '127.0.0.1';
  port: number;
  /** The server's working directory (removed by {@link stop}). */
  dir: string;
  /** SIGTERM, wait for exit (SIGKILL after 5 s), remove the dir. Idempotent. */
  stop(): Promise<void>;
  /** SIGKILL at once (a crash); the dir is kept until {@link stop}. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

/** Kill whatever is left when the test process exits (a failed test that never called stop). */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of running) child.kill('SIGKILL');
  });
}

/**
 * A free TCP port on 127.0.0.1 (bound on port 0, then released: another process may take it
 * before we do, so {@link startRedis} retries).
 * @returns the port
 */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port assigned'));
      });
    });
  });
}

/**
 * Send PING over a raw socket to 127.0.0.1.
 * @param port - the Redis port
 * @param timeoutMs - give up after this long, in ms
 * @returns true on `+PONG`
 */
export async function redisPing(port: number, timeoutMs = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    let data = '';
    const done = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      data += chunk.toString('latin1');
      if (data.includes('\r\n')) done(data.startsWith('+PONG'));
    });
  });
}

/**
 * Wait for a child process to exit.
 * @param child - the process
 * @param timeoutMs - longest wait, in ms
 * @returns true when it exited (or had already), false on timeout
 */
export async function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function startOnce(
  port: number,
  dir: string,
  extraArgs: readonly string[],
  startTimeoutMs: number,
): Promise<{ child: ChildProcess } | { error: string; portInUse: boolean }> {
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'no',
    '--maxmemory-policy',
    'noeviction',
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--logfile',
    '',
    ...extraArgs,
  ];
  const child = spawn(REDIS_SERVER_BIN, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString('utf8');
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    if (output.length < 20_000) output += chunk.toString('utf8');
  });
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    const exited = child.exitCode !== null || child.signalCode !== null;
    const failed = await Promise.race([spawnError, new Promise<null>((r) => setTimeout(() => r(null), 25))]);
    if (failed) return { error: `cannot run ${REDIS_SERVER_BIN}: ${failed.message}`, portInUse: false };
    if (exited) {
      return {
        error: `redis-server exited (${child.exitCode ?? child.signalCode}): ${output.slice(-2000)}`,
        portInUse: /address already in use/i.test(output),
      };
    }
    // Our own child answers only when it logged readiness; a PONG alone could come from a thief of the port.
    if (/ready to accept connections/i.test(output) && (await redisPing(port))) return { child };
  }
  child.kill('SIGKILL');
  await waitForExit(child, 2000);
  return {
    error: `redis-server on port ${port} not ready after ${startTimeoutMs} ms: ${output.slice(-2000)}`,
    portInUse: false,
  };
}

/**
 * Start a redis-server on a free 127.0.0.1 port with `--save '' --appendonly no
 * --maxmemory-policy noeviction` (BullMQ needs noeviction) in a new temp dir, and wait until it
 * answers PING. Retries on a port race (up to 5 ports). The server is killed when the test
 * process exits, should a test forget {@link RedisServer.stop}.
 * @param options - `extraArgs` for redis-server; `startTimeoutMs` per attempt (default {@link WAIT_CEILING_MS})
 * @returns the running server
 * @throws Error with redis-server's output when it cannot start
 */
export async function startRedis(
  options: { extraArgs?: readonly string[]; startTimeoutMs?: number } = {},
): Promise<RedisServer> {
  installExitHook();
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-redis-'));
  let lastError = '';
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const port = await freePort();
    const result = await startOnce(
      port,
      dir,
      options.extraArgs ?? [],
      options.startTimeoutMs ?? WAIT_CEILING_MS,
    );
    if ('child' in result) {
      const { child } = result;
      let stopped: Promise<void> | undefined;
      return {
        url: `redis://127.0.0.1:${port}`,
        host: '127.0.0.1',
        port,
        dir,
        async kill() {
          child.kill('SIGKILL');
          await waitForExit(child, 5000);
        },
        stop() {
          stopped ??= (async () => {
            child.kill('SIGTERM');
            if (!(await waitForExit(child, 5000))) {
              child.kill('SIGKILL');
              await waitForExit(child, 5000);
            }
            await rm(dir, { recursive: true, force: true });
          })();
          return stopped;
        },
      };
    }
    lastError = result.error;
    if (!result.portInUse) break;
  }
  await rm(dir, { recursive: true, force: true });
  throw new Error(lastError);
}
