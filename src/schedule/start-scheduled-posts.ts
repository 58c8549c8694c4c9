/**
 * Composition helper for a process that posts the scheduled HA status (the gateway, which holds
 * the platform clients): the answer step for reading clusters plus a {@link ScheduleRunner}.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { createAnswerService } from '../answer/answer.js';
import type { BotConfig } from '../config/bot-config.js';
import type { Logger } from '../util/logger.js';
import { ScheduleRunner, statusFromAnswer } from './schedule-runner.js';
import type { PostDelivery } from './schedule-runner.js';
import type { SchedulePlatform } from './schedule-spec.js';

/** Options of {@link startScheduledPosts}. */
export interface ScheduledPostsOptions {
  redisUrl: RedisTarget;
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
 * once however many run.
 * @returns `close()` stops the runner and the simulators of snapshot clusters
 */
export async function startScheduledPosts(
  options: ScheduledPostsOptions,
): Promise<{ close(): Promise<void> }> {
  const answers = createAnswerService({ config: options.config, logger: options.logger });
  const runner = await ScheduleRunner.start({
    redisUrl: options.redisUrl,
    ...(options.prefix ? { prefix: options.prefix } : {}),
    readStatus: statusFromAnswer((job) => answers.answer(job)),
    deliveries: options.deliveries,
    ...(options.lateAfterMs !== undefined ? { lateAfterMs: options.lateAfterMs } : {}),
    logger: options.logger,
  });
  return {
    async close() {
      await runner.close();
      await answers.close();
    },
  };
}
