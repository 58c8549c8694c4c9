/**
 * Composition helper for a process that posts the scheduled HA status (the gateway, which holds
 * the platform clients): a {@link ScheduleRunner} that reads each cluster's status through that
 * cluster's queue, as a chat request does. The gateway itself never reads a cluster (issue 32,
 * item 4: it runs under a ServiceAccount with no cluster read); the workers, which do, answer.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import type { BotConfig } from '../config/bot-config.js';
import { BotError, isBotError } from '../errors.js';
import { JobQueue } from '../queue/job-queue.js';
import { queueNameFor } from '../queue/job.js';
import type { Logger } from '../util/logger.js';
import { ScheduleRunner, statusFromAnswer } from './schedule-runner.js';
import type { PostDelivery } from './schedule-runner.js';
import type { SchedulePlatform } from './schedule-spec.js';

/** How long a timed-out occurrence's answer job is tried to be withdrawn, in ms (Redis answered a moment ago). */
const WITHDRAW_BOUND_MS = 5000;

/** Options of {@link startScheduledPosts}. */
export interface ScheduledPostsOptions {
  redisUrl: RedisTarget;
  /** The clusters' settings: `jobTimeoutMs` bounds the wait for a worker's answer. */
  config: BotConfig;
  /** Delivery per platform (Slack: `slackScheduleDelivery(poster)`; Teams: its adapter's port). */
  deliveries: Partial<Record<SchedulePlatform, PostDelivery>>;
  /** BullMQ prefix. @defaultValue `bull` */
  prefix?: string;
  /** @defaultValue 300000 ms */
  lateAfterMs?: number;
  /** Added to `jobTimeoutMs` for the time a job may wait in its queue, in ms. @defaultValue 30000 */
  queueingMs?: number;
  logger: Logger;
}

/**
 * Start posting scheduled HA status. Run it in every gateway replica: each occurrence is posted
 * once however many run. Each occurrence's status is a job on its cluster's queue (request id
 * `<schedule id>.<occurrence>`, so a retried occurrence reads the same answer), answered by a
 * worker and awaited here for at most the configuration's `jobTimeoutMs` plus `queueingMs` (30 s); a job
 * not answered by then is withdrawn. A cluster whose queue no worker consumes fails at once, and its
 * occurrence's last attempt posts that the status could not be read (see {@link ScheduleRunner}).
 * @returns `close()` stops the runner and the queue producer
 * @throws BotError `queue-unavailable` when Redis cannot be reached at start
 */
export async function startScheduledPosts(
  options: ScheduledPostsOptions,
): Promise<{ close(): Promise<void> }> {
  const queue = new JobQueue({
    redisUrl: options.redisUrl,
    ...(options.prefix ? { prefix: options.prefix } : {}),
    logger: options.logger,
  });
  const waitMs = options.config.jobTimeoutMs + (options.queueingMs ?? 30_000);
  let runner: ScheduleRunner;
  try {
    runner = await ScheduleRunner.start({
      redisUrl: options.redisUrl,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      readStatus: statusFromAnswer(async (job) => {
        // Fail fast (no wait holding one of the runner's slots from other clusters' posts), and
        // queue nothing a worker would run long after this occurrence gave up. null (cannot tell) goes on.
        if ((await queue.countWorkers(job.cluster)) === 0)
          throw new BotError('job-timeout', `no worker consumes queue ${queueNameFor(job.cluster)}`, {
            retryable: true,
          });
        const { jobId } = await queue.enqueue(job);
        try {
          return await queue.waitForReply(jobId, waitMs, job.cluster);
        } catch (err) {
          // Not answered: never let a returning worker read it late (the retry enqueues it afresh).
          if (isBotError(err) && err.code === 'job-timeout') await queue.withdraw(job, WITHDRAW_BOUND_MS);
          throw err;
        }
      }),
      deliveries: options.deliveries,
      ...(options.lateAfterMs !== undefined ? { lateAfterMs: options.lateAfterMs } : {}),
      logger: options.logger,
    });
  } catch (err) {
    await queue.close();
    throw err;
  }
  return {
    async close() {
      await runner.close();
      await queue.close();
    },
  };
}
