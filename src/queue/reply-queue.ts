/**
 * The replies queues (`k8s-ha-bot-replies-<platform>`): workers publish each Slack or Teams reply
 * there, and the platform's gateway consumes it with {@link ReplyConsumer}, at least once.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { Queue, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Reply } from '../explain/reply.js';
import { chatFailureStatus, recordChatPostFailure } from '../ops/metrics.js';
import { silentLogger } from '../util/logger.js';
import type { Logger } from '../util/logger.js';
import { replyJobsOptions } from './job-options.js';
import { parseAnswerJob, repliesQueueNameFor } from './job.js';
import type { AnswerJob, ReplyPlatform } from './job.js';
import { openWorkerConnection } from './redis-connection.js';

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
    private readonly prefix = 'bull',
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
      queue = new Queue<ReplyMessage>(repliesQueueNameFor(platform), { connection: this.connection, prefix: this.prefix });
      queue.on('error', (err) => this.logger.warn({ err, platform }, 'replies queue error'));
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
 * Delivers one reply to its chat; throw to have it retried (5 attempts, exponential backoff from 1 s).
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
}

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
    const connection = await openWorkerConnection(options.redisUrl, { connectTimeoutMs: options.connectTimeoutMs, logger });
    const queueName = repliesQueueNameFor(options.platform);
    const worker = new Worker<ReplyMessage>(
      queueName,
      async (job: Job<ReplyMessage>) => {
        const answerJob = parseAnswerJob(job.data.job);
        logger.debug({ requestId: answerJob.requestId, jobId: job.id, attempt: job.attemptsMade + 1 }, 'delivering reply');
        await options.handler(job.data.reply, answerJob, job.data.delivery);
        // The request id closes its trail here (adapter → queue → worker → this delivery).
        const sinceEnqueuedMs = Date.now() - Date.parse(answerJob.enqueuedAt);
        logger.info({ requestId: answerJob.requestId, platform: options.platform, jobId: job.id, ...(Number.isFinite(sinceEnqueuedMs) ? { sinceEnqueuedMs } : {}) }, 'reply delivered');
      },
      { connection, prefix: options.prefix ?? 'bull', concurrency: options.concurrency ?? 8 },
    );
    worker.on('error', (err) => logger.warn({ err, queueName }, 'reply consumer error'));
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
