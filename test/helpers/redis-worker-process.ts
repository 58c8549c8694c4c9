/**
 * TEST ONLY: start test/helpers/fake-worker-entry.ts as a separate `node` process (TypeScript run
 * through redis-child-ts-loader.mjs, no build needed) and wait until it logs "worker ready".
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOADER = fileURLToPath(new URL('./redis-child-ts-loader.mjs', import.meta.url));
const ENTRY = fileURLToPath(new URL('./fake-worker-entry.ts', import.meta.url));

/** A worker child process. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Parsed JSON log lines so far (stderr). */
  logs: Array<Record<string, unknown>>;
  /** Send a signal and wait for the exit code (SIGKILL after `timeoutMs`, default 10 000). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * @param options - `redisUrl`, `prefix` (BullMQ key prefix), `clusters`, `countsKey` (Redis hash
 *   counting handler calls), extra `env`, `readyTimeoutMs` (default 20 000)
 * @returns the running worker process
 * @throws Error with the process output when it exits or is not ready in time
 */
export async function startWorkerProcess(options: {
  redisUrl: string;
  prefix: string;
  clusters: string[];
  countsKey: string;
  env?: Record<string, string>;
  readyTimeoutMs?: number;
}): Promise<WorkerProcess> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_OPTIONS: undefined,
    REDIS_URL: options.redisUrl,
    K8S_HA_BOT_QUEUE_PREFIX: options.prefix,
    FAKE_HANDLER_COUNTS_KEY: options.countsKey,
    LOG_LEVEL: 'info',
    ...options.env,
  };
  const args = ['--import', LOADER, ENTRY, ...options.clusters.flatMap((c) => ['--cluster', c])];
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  const logs: Array<Record<string, unknown>> = [];
  let raw = '';
  let buffer = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (raw.length < 50_000) raw += `${line}\n`;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
        // Not a log record (e.g. a Node warning): kept in `raw` for error messages only.
      }
    }
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    if (raw.length < 50_000) raw += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });

  const deadline = Date.now() + (options.readyTimeoutMs ?? 20_000);
  while (!logs.some((l) => l.msg === 'worker ready')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`worker process exited early:\n${raw}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`worker process not ready in time:\n${raw}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }

  return {
    child,
    logs,
    async stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 10_000) {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
      try {
        return await exited;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
