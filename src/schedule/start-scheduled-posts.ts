/**
 * Composition helper for a process that posts the scheduled HA status (the gateway, which holds
 * the platform clients): a {@link ScheduleRunner} that reads each cluster's status through that
 * cluster's queue, as a chat request does. The gateway itself never reads a cluster (issue 32,
 * item 4: it runs under a ServiceAccount with no cluster read); the workers, which do, answer.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import type { BotConfig } from '../config/bot-config.js';
import { JobQueue } from '../queue/job-queue.js';
import type { Logger } from '../util/logger.js';
import { ScheduleRunner, statusFromAnswer } from './schedule-runner.js';
import type { PostDelivery } from './schedule-runner.js';
import type { SchedulePlatform } from './schedule-spec.js';

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
  logger: Logger;
}

/**
 * Start posting scheduled HA status. Run it in every gateway replica: each occurrence is posted
 * once however many run. Each occurrence's status is a job on its cluster's queue (request id
 * `<schedule id>.<occurrence>`, so a retried occurrence reads the same answer), answered by a
 * worker and awaited here for at most the configuration's `jobTimeoutMs` plus 30 s of queueing.
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
  const waitMs = options.config.jobTimeoutMs + 30_000;
  let runner: ScheduleRunner;
  try {
    runner = await ScheduleRunner.start({
      redisUrl: options.redisUrl,
      ...(options.prefix ? { prefix: options.prefix } : {}),
      readStatus: statusFromAnswer(async (job) => {
        const { jobId } = await queue.enqueue(job);
        return queue.waitForReply(jobId, waitMs, job.cluster);
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
