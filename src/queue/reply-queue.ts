/**
 * The replies queues (`k8s-ha-bot-replies-<platform>`): workers publish each Slack or Teams reply
 * there, and the platform's gateway consumes it with {@link ReplyConsumer}, at least once.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { DelayedError, Queue, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { BotError } from '../errors.js';
import type { Redis } from 'ioredis';
import type { Reply } from '../explain/reply.js';
import { chatFailureStatus, recordChatPostFailure } from '../util/metric-hooks.js';
import { silentLogger } from '../util/logger.js';
import type { Logger } from '../util/logger.js';
import { replyJobsOptions } from './job-options.js';
import { parseAnswerJob, repliesQueueNameFor } from './job.js';
import type { AnswerJob, ReplyPlatform } from './job.js';
import { openWorkerConnection, queueErrorListener } from './redis-connection.js';
import { ReplyThrottle } from './reply-throttle.js';
import { DEFAULT_QUEUE_PREFIX, queueKeys } from '../config/queue-keys.js';

/** The data of one reply job. */
export interface ReplyMessage {
  /** The answer (or an error reply when the job failed for good). */
  reply: Reply;
  /** The job it answers; `job.replyTo` says where to post it. */
  job: AnswerJob;
  /**
   * How to deliver it (default `new`: a new message as for any answer). Maintenance messages go
   * to the request's card: `thread` posts in the card's thread, `update-card` replaces the card
   * in place; the adapter reads the card address from the maintenance request `maintenanceId`.
   */
  delivery?: ReplyDelivery;
  /**
   * Set by the consumer (not by publishers): the conversation slot this reply waits for, ms since
   * the epoch ({@link ReplyThrottle}); when it comes, the reply is posted without taking another.
   */
  slotAt?: number;
  /** Set by the consumer: failed tries so far (network, 5xx), for the backoff. */
  retries?: number;
}

/** Where a reply goes relative to a maintenance request's card (see {@link ReplyMessage.delivery}). */
export type ReplyDelivery =
  | { mode: 'new' }
  /** `seq`: the message's place in the request's thread (src/maintenance/thread-order.ts), when numbered. */
  | { mode: 'thread'; maintenanceId: string; seq?: number }
  | { mode: 'update-card'; maintenanceId: string };

/** BullMQ job name of reply jobs. */
export const REPLY_JOB_NAME = 'reply';

/**
 * Publishes replies on the replies queues; used by workers. Shares the caller's connection.
 */
export class ReplyPublisher {
  private readonly queues = new Map<ReplyPlatform, Queue<ReplyMessage>>();

  /**
   * @param connection - a ready ioredis client (not closed by {@link close})
   * @param prefix - BullMQ key prefix (default `bull`)
   * @param logger - for queue errors
   */
  constructor(
    private readonly connection: Redis,
    private readonly prefix = DEFAULT_QUEUE_PREFIX,
    private readonly logger: Logger = silentLogger,
  ) {}

  /**
   * Publish one reply. Its id is the answer job's id, so publishing again (a retried answer job)
   * adds nothing while the first reply job is kept (10 min after delivery).
   * @param platform - `slack` or `teams`
   * @param message - the reply and its job
   * @param jobId - the answer job's id
   * @throws whatever Redis throws (the caller's job then fails and is retried)
   */
  async publish(platform: ReplyPlatform, message: ReplyMessage, jobId: string): Promise<void> {
    let queue = this.queues.get(platform);
    if (!queue) {
      queue = new Queue<ReplyMessage>(repliesQueueNameFor(platform), {
        connection: this.connection,
        prefix: this.prefix,
      });
      queue.on('error', queueErrorListener(this.logger, null, 'replies queue error', { platform }));
      this.queues.set(platform, queue);
    }
    await queue.add(REPLY_JOB_NAME, message, replyJobsOptions(jobId));
  }

  /** Close the queues (not the shared connection). */
  async close(): Promise<void> {
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
    this.queues.clear();
  }
}

/**
 * The platform refused a post for now (HTTP 429): the reply waits `retryAfterMs` and is tried
 * again, without holding a delivery slot; the conversation is paced from then on
 * ({@link ReplyThrottle}). A {@link ReplyHandler} throws it instead of sleeping.
 */
export class ChatRateLimitedError extends Error {
  /** Stable code to match on. */
  readonly code = 'chat-rate-limited';
  /**
   * @param retryAfterMs - the platform's `Retry-After`, in ms (at least 1000 is used)
   * @param message - what was refused (request id, method)
   * @param cause - the client's error
   */
  constructor(
    readonly retryAfterMs: number,
    message: string,
    cause?: unknown,
  ) {
    super(message, { cause });
    this.name = 'ChatRateLimitedError';
  }
}

/**
 * Delivers one reply to its chat. Throw {@link ChatRateLimitedError} on a 429 (the reply waits for
 * its conversation's next slot); throw anything else to have it retried with backoff (1 s, doubling,
 * at most 30 s) until its delivery deadline; a `BotError` that is not `retryable` fails it at once.
 * `delivery` is the message's {@link ReplyMessage.delivery} (undefined means `new`).
 */
export type ReplyHandler = (reply: Reply, job: AnswerJob, delivery?: ReplyDelivery) => Promise<void>;

/** Options of a {@link ReplyConsumer}. */
export interface ReplyConsumerOptions {
  /** `redis://host:port`. */
  redisUrl: RedisTarget;
  /** Which replies queue to consume. */
  platform: ReplyPlatform;
  /** Called once per reply (at least once: again after a crash or a thrown error). */
  handler: ReplyHandler;
  /** BullMQ key prefix. @defaultValue `'bull'` */
  prefix?: string;
  /** Replies delivered in parallel. @defaultValue 8 */
  concurrency?: number;
  /** @defaultValue 2000 (ms, for {@link ReplyConsumer.start}) */
  connectTimeoutMs?: number;
  /** @defaultValue a silent logger */
  logger?: Logger;
  /**
   * The conversation a reply is posted in (Slack channel, Teams conversation), for per-conversation
   * pacing after a 429 ({@link ReplyThrottle}); undefined: not paced (e.g. maintenance thread
   * posts, which keep their own order). @defaultValue none paced
   */
  conversationOf?: (job: AnswerJob, delivery: ReplyDelivery | undefined) => string | undefined;
  /**
   * Called when a paced reply is taken, before it may wait for its slot (e.g. the answer exists:
   * stop the "did not finish" timer).
   */
  onTaken?: (job: AnswerJob) => Promise<void>;
  /**
   * How long a reply may wait to be posted (429s, platform errors), from its publication, in ms.
   * Past it the reply is given up and {@link ReplyConsumerOptions.onUndeliverable} tells the
   * requester. @defaultValue 600 000 (10 min)
   */
  deliveryDeadlineMs?: number;
  /** Tells the requester that the answer could not be posted in time (privately where the platform can). */
  onUndeliverable?: ReplyHandler;
  /**
   * Time between two replies of a conversation that answered 429, in ms. Slack allows about one
   * post per second per channel. @defaultValue 1100
   */
  spacingMs?: number;
}

/** Default of {@link ReplyConsumerOptions.deliveryDeadlineMs}, in ms. */
export const DEFAULT_DELIVERY_DEADLINE_MS = 600_000;

/** Backoff of failed tries: 1 s, doubling, at most this, in ms. */
const MAX_RETRY_BACKOFF_MS = 30_000;

/**
 * Consumes a platform's replies queue (a BullMQ Worker). Use {@link ReplyConsumer.start}.
 */
export class ReplyConsumer {
  private constructor(
    private readonly worker: Worker<ReplyMessage>,
    private readonly connection: Redis,
  ) {}

  /**
   * Connect and start consuming.
   * @param options - see {@link ReplyConsumerOptions}
   * @returns a running consumer
   * @throws BotError `queue-unavailable` when Redis cannot be reached within `connectTimeoutMs`;
   *   ConfigError when `redisUrl` is not a Redis URL
   */
  static async start(options: ReplyConsumerOptions): Promise<ReplyConsumer> {
    const logger = options.logger ?? silentLogger;
    const connection = await openWorkerConnection(options.redisUrl, {
      connectTimeoutMs: options.connectTimeoutMs,
      logger,
    });
    const queueName = repliesQueueNameFor(options.platform);
    const throttle = new ReplyThrottle(
      connection,
      queueKeys(options.prefix).replyThrottle(queueName),
      options.spacingMs ?? 1100,
    );
    const deadlineMs = options.deliveryDeadlineMs ?? DEFAULT_DELIVERY_DEADLINE_MS;
    const worker = new Worker<ReplyMessage>(
      queueName,
      async (job: Job<ReplyMessage>, token?: string) => {
        const answerJob = parseAnswerJob(job.data.job);
        const { reply, delivery } = job.data;
        const deadlineAt = job.timestamp + deadlineMs;
        // Wait without holding a delivery slot: back to the delayed set until `at` (never past the deadline).
        const postpone = async (at: number, patch: Partial<ReplyMessage>): Promise<never> => {
          await job.updateData({ ...job.data, ...patch });
          await job.moveToDelayed(Math.min(at, deadlineAt), token);
          throw new DelayedError();
        };
        if (Date.now() >= deadlineAt) {
          logger.error(
            { requestId: answerJob.requestId, jobId: job.id, deadlineMs, retries: job.data.retries ?? 0 },
            'reply not posted before its delivery deadline; telling the requester',
          );
          recordChatPostFailure(options.platform, 'deadline');
          await options.onUndeliverable?.(reply, answerJob, delivery);
          return;
        }
        const conversation = options.conversationOf?.(answerJob, delivery);
        if (conversation !== undefined) {
          await options.onTaken?.(answerJob);
          const ownSlot = job.data.slotAt !== undefined && Date.now() >= job.data.slotAt;
          if (!ownSlot) {
            const slot = await throttle.take(conversation, Date.now());
            if (slot > 0) await postpone(slot, { slotAt: slot });
          }
        }
        logger.debug(
          {
            requestId: answerJob.requestId,
            jobId: job.id,
            attempt: job.attemptsMade + 1,
            retries: job.data.retries ?? 0,
          },
          'delivering reply',
        );
        try {
          await options.handler(reply, answerJob, delivery);
        } catch (err) {
          if (err instanceof DelayedError) throw err;
          if (err instanceof BotError && !err.retryable) throw err;
          const now = Date.now();
          if (err instanceof ChatRateLimitedError) {
            recordChatPostFailure(options.platform, '429');
            const blockedUntil = now + Math.max(1000, err.retryAfterMs);
            const slot =
              conversation === undefined
                ? blockedUntil
                : await throttle.take(conversation, now, blockedUntil);
            logger.warn(
              { requestId: answerJob.requestId, jobId: job.id, conversation, waitMs: slot - now },
              'chat platform rate limit: the reply waits for its conversation slot',
            );
            await postpone(slot, { slotAt: slot });
          }
          const retries = (job.data.retries ?? 0) + 1;
          const waitMs = Math.min(MAX_RETRY_BACKOFF_MS, 1000 * 2 ** (retries - 1));
          recordChatPostFailure(options.platform, chatFailureStatus(err));
          logger.warn(
            { err, requestId: answerJob.requestId, jobId: job.id, retries, waitMs },
            'reply delivery failed; retrying until its delivery deadline',
          );
          await postpone(now + waitMs, { retries, slotAt: undefined });
        }
        // The request id closes its trail here (adapter → queue → worker → this delivery).
        const sinceEnqueuedMs = Date.now() - Date.parse(answerJob.enqueuedAt);
        logger.info(
          {
            requestId: answerJob.requestId,
            platform: options.platform,
            jobId: job.id,
            ...(Number.isFinite(sinceEnqueuedMs) ? { sinceEnqueuedMs } : {}),
          },
          'reply delivered',
        );
      },
      { connection, prefix: queueKeys(options.prefix).prefix, concurrency: options.concurrency ?? 8 },
    );
    worker.on('error', queueErrorListener(logger, options.redisUrl, 'reply consumer error', { queueName }));
    worker.on('failed', (job, err) => {
      recordChatPostFailure(options.platform, chatFailureStatus(err));
      const requestId = (job?.data.job as { requestId?: unknown } | undefined)?.requestId;
      logger.warn({ err, requestId, jobId: job?.id, attempt: job?.attemptsMade }, 'reply delivery failed');
    });
    await worker.waitUntilReady();
    return new ReplyConsumer(worker, connection);
  }

  /**
   * Stop: waits for deliveries in progress, then disconnects.
   */
  async close(): Promise<void> {
    await this.worker.close();
    this.connection.disconnect();
  }
}
