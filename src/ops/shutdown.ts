/**
 * Graceful shutdown on SIGTERM / SIGINT (what Kubernetes sends when it stops a pod, then SIGKILL
 * after `terminationGracePeriodSeconds`, default 30 s:
 * https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-termination).
 *
 * The first signal starts the graceful stop (a worker takes no new jobs and lets the jobs in progress
 * finish); when it has not finished after the deadline (`K8S_HA_BOT_SHUTDOWN_MS`, default 25 s, under
 * the 30 s grace period), or on a second signal, the forced stop runs (a worker aborts its handlers;
 * their jobs go back to the queue for another worker).
 */
import type { Logger } from '../util/logger.js';

/** Options of {@link runUntilSignal}. */
export interface RunUntilSignalOptions {
  /** Where signals come from. @defaultValue `process` */
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  /** Time the graceful stop may take before the forced one, in ms. */
  deadlineMs: number;
  /** Called once, on the first signal. */
  graceful: () => Promise<void>;
  /** Called at most once: at the deadline, or on a second signal. */
  force: () => Promise<void>;
  logger: Logger;
  /** Called on the first signal, before `graceful` (e.g. make /readyz answer 503). */
  onSignal?: (signal: string) => void;
  /**
   * How long after the forced stop began to stop waiting for `graceful`/`force` at all, in ms: a
   * close that hangs (e.g. BullMQ waiting for a Redis that is gone) must not keep the process up
   * until Kubernetes kills it. @defaultValue 10 000
   */
  giveUpAfterForceMs?: number;
}

/** Default of {@link RunUntilSignalOptions.giveUpAfterForceMs}, in ms. */
export const GIVE_UP_AFTER_FORCE_MS = 10_000;

/**
 * Wait for SIGTERM or SIGINT, then stop: gracefully, forced at the deadline or on a second signal.
 * @param options - see {@link RunUntilSignalOptions}
 * @returns resolves once the graceful stop has finished (after a forced one, too), or
 *   `giveUpAfterForceMs` after the force began, and reports whether the force was needed; rejects
 *   when `graceful` or `force` rejects
 */
export function runUntilSignal(options: RunUntilSignalOptions): Promise<{ signal: string; forced: boolean }> {
  const signals = options.signals ?? process;
  const { logger } = options;
  return new Promise((resolve, reject) => {
    let first: string | undefined;
    let forced: Promise<void> | undefined;
    let timer: NodeJS.Timeout | undefined;
    const force = (why: string): void => {
      if (forced) return;
      logger.warn(
        { why, deadlineMs: options.deadlineMs },
        'forcing the stop: jobs still in progress go back to the queue',
      );
      forced = options.force();
      forced.catch(reject);
      const giveUpMs = options.giveUpAfterForceMs ?? GIVE_UP_AFTER_FORCE_MS;
      setTimeout(() => {
        logger.error({ giveUpMs }, 'the stop did not finish after it was forced; giving up on the rest');
        resolve({ signal: first ?? 'unknown', forced: true });
      }, giveUpMs).unref();
    };
    const onSignal = (signal: string): void => {
      if (first !== undefined) {
        force(`second signal ${signal}`);
        signals.off('SIGTERM', onSignal);
        signals.off('SIGINT', onSignal);
        return;
      }
      first = signal;
      logger.info({ signal, deadlineMs: options.deadlineMs }, 'stopping: finishing the work in progress');
      options.onSignal?.(signal);
      timer = setTimeout(() => force('deadline'), options.deadlineMs);
      options.graceful().then(
        async () => {
          clearTimeout(timer);
          if (forced) await forced;
          signals.off('SIGTERM', onSignal);
          signals.off('SIGINT', onSignal);
          resolve({ signal, forced: forced !== undefined });
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err instanceof Error ? err : new Error(String(err)));
        },
      );
    };
    signals.on('SIGTERM', onSignal);
    signals.on('SIGINT', onSignal);
  });
}

/**
 * Wait for one shutdown step at most `ms`; a step that does not finish in time is logged and left
 * behind, and one that fails is logged. Never rejects, so the next step always runs.
 * @param work - the step (e.g. `queue.close()`)
 * @param ms - the longest wait, in ms
 * @param what - the step in the log (`closing the job queue`)
 * @param logger - where a late or failed step is logged (`warn`)
 */
export async function bounded(
  work: Promise<unknown>,
  ms: number,
  what: string,
  logger: Logger,
): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  try {
    const result = await Promise.race([work.then(() => 'done' as const), timedOut]);
    if (result === 'timeout') logger.warn({ ms }, `${what} did not finish in time; going on`);
  } catch (err) {
    logger.warn({ err }, `${what} failed`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Exit `graceMs` after a command's last step (a stopped gateway or worker, or any CLI command)
 * unless the process has exited on its own by then: timers left by a Redis outage (ioredis
 * reconnects, BullMQ retries) must not keep a stopped process up until Kubernetes kills it. The timer is unref'd, so a clean process exits at once.
 * @param graceMs - time left for logs to flush, in ms @defaultValue 2000
 */
export function exitSoonAfterStop(graceMs = 2000): void {
  setTimeout(() => process.exit(), graceMs).unref();
}
