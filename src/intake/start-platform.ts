/**
 * The reply side every chat platform shares: {@link startPlatform} consumes the platform's replies
 * queue (workers' answers, paced per conversation after a 429, given up with a notice at their
 * delivery deadline) and posts the "the check did not finish" follow-up of each request whose worker
 * stayed silent past its reply deadline. The platform supplies only what is its own: where a
 * request's deadline is kept ({@link PlatformStore}), how a notice is posted ({@link PlatformPoster}),
 * and how an answer is delivered (`deliver`: cards, threads, ephemeral messages).
 */
import { PLATFORM_NAMES } from '../commands/types.js';
import type { ChatPlatform, Locale } from '../commands/types.js';
import type { RedisTarget } from '../config/redis-settings.js';
import { explainFailure } from '../explain/explain-messages.js';
import type { Reply } from '../explain/reply.js';
import { bounded } from '../ops/shutdown.js';
import type { AnswerJob } from '../queue/job.js';
import { pollDueReplies } from '../queue/reply-deadlines.js';
import { DEFAULT_DELIVERY_DEADLINE_MS, ReplyConsumer } from '../queue/reply-queue.js';
import type { ReplyHandler } from '../queue/reply-queue.js';
import { undeliverableReply } from '../queue/undeliverable-reply.js';
import type { Logger } from '../util/logger.js';

/** Longest one close step may take, in ms. */
const CLOSE_STEP_MS = 3000;

/** What the "did not finish" follow-up of a request needs (Slack keeps these fields and the address; Teams the whole job). */
export interface PendingReply {
  requestId: string;
  cluster: string;
  locale: Locale;
}

/** Where a platform keeps the reply deadlines of its requests (src/queue/reply-deadlines.ts). */
export interface PlatformStore<P extends PendingReply> {
  /** The answer exists: no follow-up for this request. */
  resolvePending(requestId: string): Promise<unknown>;
  /** The requests whose deadline passed, each to one caller across gateway replicas. */
  takeDue(now: number): Promise<P[]>;
}

/** How a platform posts the two notices about a request. Each may throw (the caller retries or logs). */
export interface PlatformPoster<P extends PendingReply> {
  /**
   * The "the check did not finish" follow-up, where the request's answer would have gone.
   * @param deliveryId - `<requestId>.timeout`, distinct from the answer's
   */
  postTimeout(reply: Reply, pending: P, deliveryId: string): Promise<void>;
  /**
   * The "your answer could not be posted" notice, to the requester (privately where the platform can).
   * @param deliveryId - `<requestId>.undeliverable`
   */
  postUndeliverable(reply: Reply, job: AnswerJob, deliveryId: string): Promise<void>;
}

/** Options of {@link startPlatform}. */
export interface StartPlatformOptions<P extends PendingReply> {
  platform: ChatPlatform;
  redisUrl: RedisTarget;
  /** BullMQ key prefix (`Settings.queue.prefix`). */
  prefix: string;
  logger: Logger;
  store: PlatformStore<P>;
  poster: PlatformPoster<P>;
  /**
   * Deliver a worker's answer. A new answer's deadline is resolved first; maintenance thread posts
   * and card updates (which have none) are handed over at once, in the order they were taken.
   * Throw `ChatRateLimitedError` on a 429 (the reply waits for its conversation's next slot).
   */
  deliver: ReplyHandler;
  /** The conversation a new answer is posted in (Slack channel, Teams conversation), for pacing after a 429. */
  conversationOf: (job: AnswerJob) => string | undefined;
  /** Withdraw the job of a request past its deadline when it has not started (a job already running still answers). */
  withdraw: (pending: P, boundMs: number) => Promise<unknown>;
  /** After this long without a worker's reply, the follow-up is posted, in ms. */
  replyDeadlineMs: number;
  /** How often due deadlines are looked for, in ms. @defaultValue min(1000, replyDeadlineMs / 4) */
  deadlinePollMs?: number;
}

/** A platform's running reply side. */
export interface RunningPlatform {
  /** Stop posting follow-ups (first thing at shutdown); {@link close} does it too. */
  stopDeadlines(): void;
  /** Stop the follow-ups and the replies consumer (deliveries in progress finish). Idempotent. */
  close(): Promise<void>;
}

/**
 * Start a platform's replies consumer and deadline poller.
 * @param options - see {@link StartPlatformOptions}
 * @returns the running reply side
 * @throws BotError `queue-unavailable` when Redis cannot be reached at start
 */
export async function startPlatform<P extends PendingReply>(
  options: StartPlatformOptions<P>,
): Promise<RunningPlatform> {
  const { logger, store, poster, platform } = options;
  const isNew = (delivery: Parameters<ReplyHandler>[2]): boolean =>
    delivery === undefined || delivery.mode === 'new';
  const consumer = await ReplyConsumer.start({
    redisUrl: options.redisUrl,
    platform,
    prefix: options.prefix,
    logger,
    // Answers are paced per conversation after a 429 (src/queue/reply-throttle.ts): a reply waits for
    // its conversation without holding a delivery slot. Maintenance thread posts keep their own order.
    conversationOf: (job, delivery) => (isNew(delivery) ? options.conversationOf(job) : undefined),
    // The answer exists: no "did not finish" follow-up while it waits for its conversation.
    onTaken: async (job) => {
      await store.resolvePending(job.requestId);
    },
    onUndeliverable: async (_reply, job) => {
      const notice = undeliverableReply(
        { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
        DEFAULT_DELIVERY_DEADLINE_MS,
      );
      await poster.postUndeliverable(notice, job, `${job.requestId}.undeliverable`);
    },
    handler: async (reply, job, delivery) => {
      // Thread posts and card updates first, before any await, so one request's posts keep the
      // order they were taken in; they have no deadline.
      if (isNew(delivery)) await store.resolvePending(job.requestId);
      await options.deliver(reply, job, delivery);
    },
  });
  const pollMs = options.deadlinePollMs ?? Math.min(1000, Math.floor(options.replyDeadlineMs / 4));
  const timer = pollDueReplies({
    takeDue: (now) => store.takeDue(now),
    pollMs,
    logger,
    what: PLATFORM_NAMES[platform],
    onDue: async (pending) => {
      logger.warn(
        {
          platform,
          requestId: pending.requestId,
          cluster: pending.cluster,
          deadlineMs: options.replyDeadlineMs,
        },
        'no reply from a worker in time; posting a follow-up',
      );
      // Not started yet (no worker): withdraw it, so it does not run after this message (a late
      // maintenance request nobody waits for). A job already running still answers.
      await options.withdraw(pending, 2000);
      const reply = explainFailure(
        { locale: pending.locale, requestId: pending.requestId, cluster: pending.cluster },
        'job-timeout',
        { seconds: Math.round(options.replyDeadlineMs / 1000) },
      );
      await poster.postTimeout(reply, pending, `${pending.requestId}.timeout`);
    },
  });
  let closing: Promise<void> | undefined;
  return {
    stopDeadlines: () => clearInterval(timer),
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await bounded(consumer.close(), CLOSE_STEP_MS, `closing the ${platform} replies consumer`, logger);
      })();
      return closing;
    },
  };
}
