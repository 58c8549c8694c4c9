/**
 * TEST ONLY: start test/helpers/fake-worker-entry.ts as a separate `node` process (TypeScript run
 * through redis-child-ts-loader.mjs, no build needed) and wait until it logs "worker ready".
 */
import type { ChildProcess } from 'node:child_process';
import { startLoggedChild } from './logged-child.js';

/** A worker child process. */
export interface WorkerProcess {
  child: ChildProcess;
  /** Parsed JSON log lines so far (stderr). */
  logs: Array<Record<string, unknown>>;
  /** Send a signal and wait for the exit code (SIGKILL after `timeoutMs`, default 10 000). */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<number | null>;
}

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
  const { child, logs, exited } = await startLoggedChild({
    entry: 'fake-worker-entry.ts',
    args: options.clusters.flatMap((c) => ['--cluster', c]),
    env: {
      REDIS_URL: options.redisUrl,
      K8S_HA_BOT_QUEUE_PREFIX: options.prefix,
      FAKE_HANDLER_COUNTS_KEY: options.countsKey,
      // several workers on one machine (and other test runs): each its own free ops port, as an ops
      // port in use stops a worker
      K8S_HA_BOT_OPS_PORT: '0',
      ...options.env,
    },
    readyMessage: 'worker ready',
    what: 'worker process',
    ...(options.readyTimeoutMs === undefined ? {} : { readyTimeoutMs: options.readyTimeoutMs }),
  });

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
