/**
 * TEST ONLY (fault suite): the real processes the faults are done to. Each is a separate OS
 * process on 127.0.0.1, so a SIGKILL is a real crash:
 * - the `k8s-ha-bot` CLI from source (`gateway`, `worker`, `simulate`) through
 *   test/helpers/redis-child-ts-loader.mjs (no build needed);
 * - redis-server with AOF (`appendfsync always`), restartable on the same port and directory.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import type { WriteStream } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { REDIS_SERVER_BIN, redisPing, waitForExit } from '../helpers/redis-server.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOADER = fileURLToPath(new URL('../helpers/redis-child-ts-loader.mjs', import.meta.url));
const CLI_ENTRY = fileURLToPath(new URL('./cli-entry.ts', import.meta.url));

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A started child process whose output is kept (tail) and appended to a log file. */
export interface FaultProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** stdout and stderr so far (last 200,000 characters). */
  output(): string;
  /** Whether the process has exited. */
  exited(): boolean;
  /** Send a signal (SIGKILL: a crash; SIGSTOP/SIGCONT: a freeze). */
  signal(signal: NodeJS.Signals): void;
  /** SIGKILL and wait for the exit (at most 5 s). */
  kill(): Promise<void>;
  /** SIGTERM, wait up to `timeoutMs` (default 8,000 ms), then SIGKILL. */
  stop(timeoutMs?: number): Promise<void>;
}

/**
 * Spawn a process, keep its output, and wait until `ready` matches it.
 * @param name - shown in errors and in the log file
 * @param command - executable
 * @param args - arguments
 * @param options - environment, the log stream, a readiness test on the output, its timeout in ms
 * @returns the process once ready
 * @throws Error with the output tail when it exits or is not ready within `readyTimeoutMs`
 */
export async function spawnFaultProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: {
    env: Record<string, string | undefined>;
    log: WriteStream;
    ready: (output: string) => boolean;
    readyTimeoutMs?: number;
  },
): Promise<FaultProcess> {
  const child = spawn(command, [...args], {
    cwd: REPO_ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  child.once('exit', (code, sig) => {
    children.delete(child);
    options.log.write(`[${new Date().toISOString()}] ${name} exited (${code ?? sig})\n`);
  });
  let out = '';
  const onData = (chunk: Buffer): void => {
    const text = chunk.toString('utf8');
    out = (out + text).slice(-200_000);
    options.log.write(text.replace(/^(?=.)/gm, `${name}| `));
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const deadline = Date.now() + (options.readyTimeoutMs ?? 120_000);
  while (!options.ready(out)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${name} exited before it was ready:\n${out.slice(-3000)}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `${name} not ready within ${options.readyTimeoutMs ?? 120_000} ms:\n${out.slice(-3000)}`,
      );
    }
    await sleep(25);
  }
  return {
    name,
    child,
    output: () => out,
    exited: () => child.exitCode !== null || child.signalCode !== null,
    signal: (s) => {
      if (child.exitCode === null && child.signalCode === null) child.kill(s);
    },
    async kill() {
      child.kill('SIGKILL');
      await waitForExit(child, 5000);
    },
    async stop(timeoutMs = 8000) {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGCONT'); // a frozen process cannot handle SIGTERM
      child.kill('SIGTERM');
      if (!(await waitForExit(child, timeoutMs))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5000);
      }
    },
  };
}

/**
 * Start the real CLI from source: `k8s-ha-bot <args>`.
 * @param name - a label for logs
 * @param args - CLI arguments, e.g. `['gateway']`, `['worker']`, `['simulate', FILE, '--port', N]`
 * @param options - environment (added to this process's, NODE_OPTIONS cleared), log stream, readiness test
 * @returns the process once ready
 * @throws Error with its output when it does not become ready
 */
export function startCli(
  name: string,
  args: readonly string[],
  options: {
    env: Record<string, string>;
    log: WriteStream;
    ready: (output: string) => boolean;
    readyTimeoutMs?: number;
  },
): Promise<FaultProcess> {
  return spawnFaultProcess(name, process.execPath, ['--import', LOADER, CLI_ENTRY, ...args], {
    ...options,
    env: { ...process.env, NODE_OPTIONS: undefined, ...options.env },
  });
}

/**
 * Start redis-server with AOF on a given port and directory (a restart after a SIGKILL replays
 * the append-only file in `dir`): `--appendonly yes --appendfsync always`, `noeviction` (BullMQ).
 * @param port - TCP port on 127.0.0.1
 * @param dir - data directory (kept between restarts)
 * @param log - where its output goes
 * @returns the running server (PING answered)
 * @throws Error with its output when it does not start within 10 s
 */
export function startAofRedis(port: number, dir: string, log: WriteStream): Promise<FaultProcess> {
  let pinged = false;
  const args = [
    '--port',
    String(port),
    '--bind',
    '127.0.0.1',
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
    '--maxmemory-policy',
    'noeviction',
    '--dir',
    dir,
    '--daemonize',
    'no',
    '--logfile',
    '',
  ];
  const probe = (output: string): boolean => {
    if (!/ready to accept connections/i.test(output)) return false;
    if (!pinged) void redisPing(port).then((ok) => (pinged = ok));
    return pinged;
  };
  return spawnFaultProcess('redis', REDIS_SERVER_BIN, args, {
    env: process.env,
    log,
    ready: probe,
    readyTimeoutMs: WAIT_CEILING_MS,
  });
}

/** A log file for the processes' output. */
export function openLog(path: string): WriteStream {
  return createWriteStream(path, { flags: 'a' });
}
