/**
 * The injected "answer" step: turns an {@link AnswerJob} into a {@link Reply}. The worker and the
 * in-process runner only transport jobs; the real step (read the cluster, analyse, explain) comes
 * from `src/answer/answer.ts` (`createAnswerService({ config }).handler`; the worker process builds it
 * with maintenance in `src/answer/worker-answer-step.ts`).
 */
import { DEFAULT_JOB_TIMEOUT_MS } from '../config/bot-config.js';
import { BotError } from '../errors.js';
import type { Reply } from '../explain/reply.js';
import type { Logger } from '../util/logger.js';
import type { AnswerJob } from './job.js';

/** What a handler gets besides the job. */
export interface AnswerContext {
  /** Aborted when the job times out or the worker is shut down hard; pass it on to I/O. */
  signal: AbortSignal;
  /** A logger bound to the request (`requestId`, `jobId`, `cluster`, `attempt`). */
  logger: Logger;
}

/**
 * The answer step. Throw a {@link BotError} with `retryable: true` for transient trouble (the queue
 * retries with backoff) and `retryable: false` for answers that will not change (no retry).
 */
export type AnswerHandler = (job: AnswerJob, context: AnswerContext) => Promise<Reply>;

/**
 * Call a handler with a time limit and an outer abort signal.
 * @param handler - the answer step
 * @param job - the job
 * @param options - `logger`; `timeoutMs` (default {@link DEFAULT_JOB_TIMEOUT_MS}); `signal`, an outer
 *   signal (e.g. BullMQ's cancellation) that also aborts the call
 * @returns the handler's reply
 * @throws BotError `job-timeout` (retryable) when the time limit passes first (the handler's signal is
 *   aborted; a handler that ignores it runs on in the background, its result dropped); whatever the
 *   handler throws otherwise
 */
export async function callHandler(
  handler: AnswerHandler,
  job: AnswerJob,
  options: { logger: Logger; timeoutMs?: number; signal?: AbortSignal },
): Promise<Reply> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  let onOuterAbort: (() => void) | undefined;
  const aborted = new Promise<never>((_resolve, reject) => {
    const fail = (reason: unknown): void => {
      controller.abort(reason);
      reject(reason);
    };
    timer = setTimeout(
      () =>
        fail(
          new BotError('job-timeout', `answering request ${job.requestId} took longer than ${timeoutMs} ms`, {
            retryable: true,
          }),
        ),
      timeoutMs,
    );
    const outer = options.signal;
    if (outer) {
      onOuterAbort = () =>
        fail(
          new BotError(
            'job-timeout',
            `answering request ${job.requestId} was cancelled (worker shutting down)`,
            {
              retryable: true,
              cause: outer.reason,
            },
          ),
        );
      if (outer.aborted) onOuterAbort();
      else outer.addEventListener('abort', onOuterAbort, { once: true });
    }
  });
  // The race's loser must not become an unhandled rejection.
  aborted.catch(() => undefined);
  try {
    return await Promise.race([handler(job, { signal: controller.signal, logger: options.logger }), aborted]);
  } finally {
    clearTimeout(timer);
    if (onOuterAbort) options.signal?.removeEventListener('abort', onOuterAbort);
  }
}
