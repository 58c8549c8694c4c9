/**
 * TEST ONLY: start test/helpers/maintenance-worker-entry.ts as a separate `node` process (through
 * redis-child-ts-loader.mjs) and wait until it logs "maintenance worker ready".
 */
import type { ChildProcess } from 'node:child_process';
import { startLoggedChild } from './logged-child.js';
import { WAIT_CEILING_MS } from './eventually.js';

/** A maintenance worker child process. */
export interface MaintenanceWorkerProcess {
  child: ChildProcess;
  /** Parsed JSON log lines so far (stderr). */
  logs: Array<Record<string, unknown>>;
  /** Raw output (for failure messages). */
  output(): string;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

/**
 * @param env - the entry's settings (REDIS_URL, K8S_HA_BOT_QUEUE_PREFIX, MAINT_*)
 * @param readyTimeoutMs - default {@link WAIT_CEILING_MS}
 * @returns the running process
 * @throws Error with the output when it exits or is not ready in time
 */
export async function startMaintenanceWorkerProcess(
  env: Record<string, string>,
  readyTimeoutMs = WAIT_CEILING_MS,
): Promise<MaintenanceWorkerProcess> {
  const { child, logs, output, exited } = await startLoggedChild({
    entry: 'maintenance-worker-entry.ts',
    env,
    readyMessage: 'maintenance worker ready',
    what: 'maintenance worker',
    readyTimeoutMs,
    rawLimit: 100_000,
  });
  return {
    child,
    logs,
    output,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
