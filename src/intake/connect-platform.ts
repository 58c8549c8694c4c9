/**
 * What every chat platform of the gateway opens on Redis, built once here instead of in each
 * adapter: the job queue behind the per-user rate limit, the producer connection its stores share,
 * the rate limit itself, the replies publisher of rate-limit notices, and the schedule service.
 * The platform's own store (dedup, pending deadlines, conversation references) is built on
 * {@link PlatformConnection.redis} with the key prefix of {@link PlatformConnection.keys}.
 */
import type { Redis } from 'ioredis';
import type { QueueKeys } from '../config/queue-keys.js';
import type { RedisTarget } from '../config/redis-settings.js';
import type { Settings } from '../config/settings.js';
import type { Locale } from '../commands/types.js';
import { bounded } from '../ops/shutdown.js';
import { RequestRateLimiter, admissionGate, commandGate, rateLimitedSink } from '../ops/rate-limit.js';
import type { Refusal, Requester } from '../ops/rate-limit.js';
import { JobQueue } from '../queue/job-queue.js';
import type { EnqueueResult } from '../queue/job-queue.js';
import type { AnswerJob } from '../queue/job.js';
import { createProducerConnection, ensureReady } from '../queue/redis-connection.js';
import { ReplyPublisher } from '../queue/reply-queue.js';
import { ScheduleService } from '../schedule/schedule-service.js';
import type { Logger } from '../util/logger.js';

/** Longest one close step may take, in ms (with Redis gone, BullMQ's close waits for a reconnection). */
const CLOSE_STEP_MS = 3000;

/** The queue as a platform enqueues into it: the rate limit counts what it enqueues. */
export interface JobSink {
  enqueue(job: AnswerJob): Promise<EnqueueResult>;
  /** Remove a job not started yet (a request the user was told could not be queued). */
  withdraw?(job: AnswerJob): Promise<void>;
}

/** The per-user rate limit, asked once per request right after its acknowledgement. */
export type RateGate = (
  who: Requester,
  ctx: { kind: string; locale: Locale; requestId: string; cluster: string | null },
) => Promise<Refusal | null>;

/** Options of {@link connectPlatform}. */
export interface ConnectPlatformOptions {
  redisUrl: RedisTarget;
  /** The process's settings: queue prefix and key names, rate limit, default time zone. */
  settings: Pick<Settings, 'queue' | 'ops' | 'chat'>;
  logger: Logger;
  /** Longest Redis may take on the request path, in ms (Slack wants its ack within 3 s; Teams its 200 within 15 s). */
  budgetMs: number;
  /** Connect the producer before returning (a platform whose acknowledgement reads {@link PlatformConnection.ready}). @defaultValue false */
  connectNow?: boolean;
}

/** A platform's Redis side; {@link close} it after the platform stopped taking requests. */
export interface PlatformConnection {
  /** The producer connection the platform's store and the rate limit share (not closed by the store). */
  redis: Redis;
  /** The job queue itself (withdrawing jobs whose deadline passed). */
  queue: JobQueue;
  /** The job queue behind the rate limit's count. */
  jobs: JobSink;
  /** The per-user rate limit (`K8S_HA_BOT_RATE_LIMIT`). */
  rateGate: RateGate;
  /** Schedule commands and the schedules of this platform's conversations. */
  schedules: ScheduleService;
  /** The key names of this bot (its queue prefix). */
  keys: QueueKeys;
  /** Whether Redis is reachable right now, without I/O (the connection's status). */
  ready(): boolean;
  /** Wait for the connection (bounded by the budget). @throws BotError `queue-unavailable` */
  ensureReady(): Promise<void>;
  /** Close the schedule service, the queue and the publisher, then the connection. Idempotent. */
  close(): Promise<void>;
}

/**
 * Open a platform's Redis side.
 * @param options - see {@link ConnectPlatformOptions}
 * @returns the connection
 * @throws BotError `queue-unavailable` when `connectNow` and Redis cannot be reached within the budget
 */
export async function connectPlatform(options: ConnectPlatformOptions): Promise<PlatformConnection> {
  const { redisUrl, logger, budgetMs, settings } = options;
  const keys = settings.queue.keys;
  const prefix = keys.prefix;
  const queue = new JobQueue({ redisUrl, logger, prefix, connectTimeoutMs: budgetMs });
  const redis = createProducerConnection(redisUrl, { connectTimeoutMs: budgetMs, logger });
  const ready = (): Promise<void> => ensureReady(redis, redisUrl, budgetMs);
  if (options.connectNow) {
    await ready().catch(async (err: unknown) => {
      redis.disconnect();
      await queue.close();
      throw err;
    });
  }
  const schedules = new ScheduleService({
    redisUrl,
    prefix,
    logger,
    defaultTimeZone: settings.chat.timeZone,
    connectTimeoutMs: budgetMs,
  });
  // The job queue only counts what it enqueues; the platform asks `rateGate` once per request.
  const rateGate = commandGate(
    new RequestRateLimiter({ redis, ...settings.ops.rateLimit, keyPrefix: keys.rateLimit, logger }),
  );
  const publisher = new ReplyPublisher(redis, prefix, logger);
  const jobs = rateLimitedSink(queue, admissionGate(undefined), publisher, logger);
  let closing: Promise<void> | undefined;
  return {
    redis,
    queue,
    jobs,
    rateGate,
    schedules,
    keys,
    ready: () => redis.status === 'ready',
    ensureReady: ready,
    close() {
      closing ??= (async () => {
        await bounded(schedules.close(), CLOSE_STEP_MS, 'closing the schedule queue', logger);
        await bounded(queue.close(), CLOSE_STEP_MS, 'closing the job queue', logger);
        await bounded(publisher.close(), CLOSE_STEP_MS, 'closing the rate-limit replies queue', logger);
        redis.disconnect();
      })();
      return closing;
    },
  };
}
