/**
 * Answer a job in this process, without Redis: the CLI's path when no REDIS_URL is set.
 */
import { silentLogger } from '../util/silent-logger.js';
import type { Logger } from '../util/logger.js';
import type { Reply } from '../explain/reply.js';
import { callHandler } from './answer-handler.js';
import type { AnswerHandler } from './answer-handler.js';
import { toBotError } from './failure-reason.js';
import type { AnswerJob } from './job.js';

/**
 * Run the same handler a worker would run, once (no queue, no retry).
 * @param job - the job, as it would be enqueued
 * @param handler - the answer step
 * @param options - `logger` (default silent; bound to the request id), `timeoutMs` (default 60 000 ms),
 *   `signal` to cancel (e.g. Ctrl-C)
 * @returns the handler's reply
 * @throws BotError: the handler's own BotError, `job-timeout` when the time limit passes or `signal`
 *   aborts, or `internal` wrapping anything else (the original in `cause`)
 */
export async function runInProcess(
  job: AnswerJob,
  handler: AnswerHandler,
  options: { logger?: Logger; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<Reply> {
  const logger = (options.logger ?? silentLogger).child({ requestId: job.requestId, cluster: job.cluster });
  try {
    return await callHandler(handler, job, { logger, timeoutMs: options.timeoutMs, signal: options.signal });
  } catch (err) {
    const botError = toBotError(err);
    logger.warn({ err, code: botError.code }, 'answer failed');
    throw botError;
  }
}
