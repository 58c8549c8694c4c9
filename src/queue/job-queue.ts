/**
 * The producer side: adapters enqueue answer jobs on the cluster's queue and, for the console, wait
 * for the reply. Slack and Teams replies come back through the replies queues instead
 * (see {@link ReplyConsumer}).
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { BotError } from '../errors.js';
import type { Reply } from '../explain/reply.js';
import { silentLogger } from '../util/logger.js';
import type { Logger } from '../util/logger.js';
import { decodeFailureReason } from './failure-reason.js';
import { answerJobsOptions, DEFAULT_ANSWER_JOB_OPTIONS } from './job-options.js';
import type { AnswerJobOptions } from './job-options.js';
import { jobIdFor, queueNameFor } from './job.js';
import type { AnswerJob } from './job.js';
import {
  createProducerConnection,
  createWorkerConnection,
  queueErrorListener,
  DEFAULT_CONNECT_TIMEOUT_MS,
  ensureReady,
  queueUnavailable,
  describeRedisTarget,
} from './redis-connection.js';
import { queueKeys } from '../config/queue-keys.js';
import { countWorkersOnDatabase } from './queue-workers.js';

/** BullMQ job name of answer jobs (the name carries a per-enqueue nonce: `answer.<hex>`). */
export const ANSWER_JOB_NAME = 'answer';

/**
 * How many enqueued jobs a {@link JobQueue} remembers the cluster of, for
 * {@link JobQueue.waitForReply} without a cluster: the oldest are forgotten beyond this, as are those
 * older than the jobs' retention (`keepFinishedSeconds`, after which the job is gone from Redis
 * anyway) and those whose reply was waited for. A gateway enqueues without ever waiting; the
 * console waits for one job at a time.
 */
export const REMEMBERED_JOBS_MAX = 1000;

/** One pending {@link JobQueue.waitForReply}. */
interface Waiter {
  resolve: (reply: Reply) => void;
  reject: (err: unknown) => void;
}

/** Options of a {@link JobQueue}. */
export interface JobQueueOptions {
  /** `redis://host:port`; usually REDIS_URL. */
  redisUrl: RedisTarget;
  /** BullMQ key prefix. @defaultValue `'bull'` (BullMQ's default) */
  prefix?: string;
  /** How long an enqueue waits for Redis before it fails with `queue-unavailable`, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** Attempts, backoff and retention of the jobs. @see DEFAULT_ANSWER_JOB_OPTIONS */
  jobOptions?: Partial<AnswerJobOptions>;
  /** @defaultValue a silent logger */
  logger?: Logger;
}

/** What {@link JobQueue.enqueue} did. */
export interface EnqueueResult {
  /** The job id (`jobIdFor(job.requestId)`). */
  jobId: string;
  /** The cluster, i.e. which queue. */
  cluster: string;
  /** The queue name (`queueNameFor(cluster)`). */
  queueName: string;
  /** True when a job with this id already existed (a retried delivery): nothing new was added. */
  duplicate: boolean;
}

/**
 * Producer of answer jobs: one BullMQ queue per cluster, sharing one fail-fast Redis connection.
 *
 * @example
 * const queue = new JobQueue({ redisUrl: redisTargetOf(config.redis), prefix: settings.queue.prefix });
 * const { jobId } = await queue.enqueue(job);
 * const reply = await queue.waitForReply(jobId, 30_000);
 * await queue.close();
 */
export class JobQueue {
  private readonly redisUrl: RedisTarget;
  private readonly prefix: string;
  private readonly connectTimeoutMs: number;
  private readonly jobOptions: Partial<AnswerJobOptions>;
  private readonly logger: Logger;
  private readonly connection: Redis;
  private eventsConnection: Redis | undefined;
  private readonly queues = new Map<string, Queue>();
  private readonly events = new Map<string, Promise<QueueEvents>>();
  /**
   * job id -> cluster and enqueue time (ms), for jobs this instance enqueued (so waitForReply can
   * find the queue); oldest first, bounded (see {@link REMEMBERED_JOBS_MAX}).
   */
  private readonly clusterOfJob = new Map<string, { cluster: string; at: number }>();
  /** `<cluster>/<jobId>` -> callers of waitForReply. */
  private readonly waiters = new Map<string, Set<Waiter>>();
  private closed = false;
  /** Aborted by {@link close}: ends the waits of {@link withdraw} (its retry pause, a wait for Redis). */
  private readonly closing = new AbortController();
  /** The {@link withdraw} calls still running; {@link close} waits for them. */
  private readonly withdrawing = new Set<Promise<void>>();

  /**
   * Create the producer; it connects on first use.
   * @param options - see {@link JobQueueOptions}
   * @throws ConfigError when `redisUrl` is not a redis:// URL
   */
  constructor(options: JobQueueOptions) {
    this.redisUrl = options.redisUrl;
    this.prefix = queueKeys(options.prefix).prefix;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.jobOptions = options.jobOptions ?? {};
    this.logger = options.logger ?? silentLogger;
    this.connection = createProducerConnection(this.redisUrl, {
      connectTimeoutMs: this.connectTimeoutMs,
      logger: this.logger,
    });
  }

  /**
   * Put a job on its cluster's queue, once: a job whose id still exists (within the retention
   * window, 10 min by default) is not added again and `duplicate` is true. Exact even when two
   * producers race: each add carries a nonce in the job name, and only the producer whose nonce is
   * stored created the job.
   * @param job - the job; `job.cluster` selects the queue
   * @returns the job id, queue and whether it was a duplicate
   * @throws BotError `queue-unavailable` (retryable) when Redis cannot be reached within
   *   `connectTimeoutMs` or refuses the write; `bad-request` for an empty request id or a cluster name
   *   that is not an RFC 1123 label
   */
  async enqueue(job: AnswerJob): Promise<EnqueueResult> {
    const jobId = jobIdFor(job.requestId);
    const queueName = queueNameFor(job.cluster);
    const queue = await this.queueFor(job.cluster);
    const name = `${ANSWER_JOB_NAME}.${randomBytes(6).toString('hex')}`;
    let duplicate: boolean;
    try {
      await queue.add(name, job, answerJobsOptions(jobId, this.jobOptions));
      const stored = await queue.getJob(jobId);
      // Gone already means it finished and was removed: only possible for the job just added.
      duplicate = stored !== undefined && stored.name !== name;
    } catch (err) {
      throw queueUnavailable(this.redisUrl, err);
    }
    this.remember(jobId, job.cluster);
    this.logger.debug({ requestId: job.requestId, jobId, queueName, duplicate }, 'enqueued');
    return { jobId, cluster: job.cluster, queueName, duplicate };
  }

  /**
   * Wait for a job's reply. Works whether the job is still waiting, running, or already finished
   * (within the retention window).
   * @param jobId - from {@link enqueue}
   * @param timeoutMs - how long to wait, in ms
   * @param cluster - the job's cluster; needed only for jobs this instance did not enqueue
   * @returns the handler's reply
   * @throws BotError `job-timeout` (retryable) when no reply came in time (the message says whether
   *   any worker consumes the queue); the worker's error (same `code`) when the job failed for good;
   *   `bad-request` when the job does not exist (never enqueued, or removed after the retention
   *   window) or the cluster is unknown; `queue-unavailable` when Redis cannot be reached
   */
  async waitForReply(jobId: string, timeoutMs: number, cluster?: string): Promise<Reply> {
    const clusterName = cluster ?? this.clusterOfJob.get(jobId)?.cluster;
    if (clusterName === undefined) {
      throw new BotError(
        'bad-request',
        `job ${jobId} was not enqueued by this producer; pass its cluster to waitForReply`,
      );
    }
    const queue = await this.queueFor(clusterName);
    await this.eventsFor(clusterName, queue);
    const key = `${clusterName}/${jobId}`;
    let timer: NodeJS.Timeout | undefined;
    let waiter: Waiter | undefined;
    try {
      return await new Promise<Reply>((resolve, reject) => {
        waiter = { resolve, reject };
        let set = this.waiters.get(key);
        if (!set) {
          set = new Set();
          this.waiters.set(key, set);
        }
        set.add(waiter);
        timer = setTimeout(() => {
          this.timeoutError(queue, jobId, clusterName, timeoutMs).then(reject, reject);
        }, timeoutMs);
        // The events listener started reading at the stream position taken before it connected,
        // so a finish after this check is delivered as an event, and one before it is seen here.
        queue
          .getBackend()
          .isFinished(jobId, true)
          .then((finished) => {
            const [status, result] = Array.isArray(finished) ? finished : [finished, ''];
            if (status === 1) resolve(JSON.parse(result) as Reply);
            else if (status === 2) reject(decodeFailureReason(result));
            else if (status === -1) {
              reject(
                new BotError(
                  'bad-request',
                  `no job ${jobId} in queue ${queue.name}: it was never enqueued, or finished longer ago than the retention window`,
                ),
              );
            }
          })
          .catch((err: unknown) => reject(queueUnavailable(this.redisUrl, err)));
      });
    } finally {
      clearTimeout(timer);
      // Answered, failed or timed out: nothing will look the job up again (withdraw takes the cluster).
      this.clusterOfJob.delete(jobId);
      const set = this.waiters.get(key);
      if (set && waiter) {
        set.delete(waiter);
        if (set.size === 0) this.waiters.delete(key);
      }
    }
  }

  /**
   * Withdraw a request's job: remove it when it is queued and not yet started (waiting, delayed,
   * prioritized). For a request the user was told could not be queued, whose enqueue may have
   * reached Redis after all. Retries every 2 s while Redis is unreachable, for at most `forMs`,
   * and stops when the queue is closed ({@link close} waits for it).
   * @param job - the request (its job id is {@link jobIdFor} of its request id)
   * @param forMs - how long to keep trying, in ms @defaultValue 300 000
   * @returns when the job was removed, found started or finished (left alone, logged), found
   *   absent, the time ran out (logged) or the queue closed first (logged); never rejects
   */
  withdraw(job: Pick<AnswerJob, 'requestId' | 'cluster'>, forMs = 300_000): Promise<void> {
    const running = this.withdrawUntilDone(job, forMs).finally(() => this.withdrawing.delete(running));
    this.withdrawing.add(running);
    return running;
  }

  private async withdrawUntilDone(
    job: Pick<AnswerJob, 'requestId' | 'cluster'>,
    forMs: number,
  ): Promise<void> {
    const jobId = jobIdFor(job.requestId);
    const giveUpAt = Date.now() + forMs;
    while (!this.closed) {
      try {
        const queue = await this.queueFor(job.cluster);
        const stored = await queue.getJob(jobId);
        if (stored === undefined) return;
        const state = await stored.getState();
        if (
          state === 'waiting' ||
          state === 'delayed' ||
          state === 'prioritized' ||
          state === 'waiting-children'
        ) {
          await stored.remove();
          this.logger.info(
            { requestId: job.requestId, jobId, state },
            'withdrew a job the requester was told could not be queued',
          );
        } else {
          this.logger.warn(
            { requestId: job.requestId, jobId, state },
            'could not withdraw a job: it already started; its answer will follow the "unavailable" message',
          );
        }
        return;
      } catch (err) {
        if (Date.now() > giveUpAt) {
          this.logger.error(
            { err, requestId: job.requestId, jobId },
            'gave up withdrawing a job (Redis unreachable)',
          );
          return;
        }
        try {
          await sleep(2000, undefined, { signal: this.closing.signal });
        } catch {
          break; // closed during the pause
        }
      }
    }
    this.logger.warn(
      { requestId: job.requestId, jobId },
      'stopped withdrawing a job: the job queue closed (Redis was unreachable until then)',
    );
  }

  /**
   * How many workers consume a cluster's queue on this Redis database ({@link countWorkersOnDatabase}:
   * Redis `CLIENT LIST` filtered by the workers' client names and the database).
   * @param cluster - the cluster
   * @returns the count, or null when it cannot be told (Redis unreachable, `CLIENT LIST` not
   *   allowed as on some managed Redis); never rejects
   */
  async countWorkers(cluster: string): Promise<number | null> {
    try {
      return await countWorkersOnDatabase(await this.queueFor(cluster));
    } catch (err) {
      this.logger.debug({ err, cluster }, 'could not count workers (CLIENT LIST not allowed?)');
      return null;
    }
  }

  /** How many enqueued jobs' clusters are remembered now (at most {@link REMEMBERED_JOBS_MAX}); for tests and diagnostics. */
  get rememberedJobs(): number {
    return this.clusterOfJob.size;
  }

  /** Remember a job's cluster, forgetting the oldest beyond the bound or the retention window. */
  private remember(jobId: string, cluster: string): void {
    const now = Date.now();
    const maxAgeMs =
      (this.jobOptions.keepFinishedSeconds ?? DEFAULT_ANSWER_JOB_OPTIONS.keepFinishedSeconds) * 1000;
    this.clusterOfJob.delete(jobId); // re-inserted last: the map stays oldest first
    this.clusterOfJob.set(jobId, { cluster, at: now });
    for (const [id, entry] of this.clusterOfJob) {
      if (this.clusterOfJob.size <= REMEMBERED_JOBS_MAX && now - entry.at <= maxAgeMs) break;
      this.clusterOfJob.delete(id);
    }
  }

  /**
   * Close the queues, event listeners and connections. Pending {@link waitForReply} calls time out.
   */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.closing.abort();
    const events = await Promise.allSettled([...this.events.values()]);
    const closing: Promise<unknown>[] = [];
    for (const result of events) {
      if (result.status === 'fulfilled') closing.push(result.value.close());
    }
    for (const queue of this.queues.values()) closing.push(queue.close());
    const results = await Promise.allSettled(closing);
    for (const result of results) {
      if (result.status === 'rejected') this.logger.warn({ err: result.reason }, 'closing a queue failed');
    }
    this.connection.disconnect();
    this.eventsConnection?.disconnect();
    // Each withdraw sees `closed` (or the abort) at its next step and returns; none is left running.
    await Promise.allSettled([...this.withdrawing]);
  }

  private async queueFor(cluster: string): Promise<Queue> {
    if (this.closed) throw new BotError('internal', 'the job queue is closed');
    const queueName = queueNameFor(cluster);
    await ensureReady(this.connection, this.redisUrl, this.connectTimeoutMs, this.closing.signal);
    let queue = this.queues.get(cluster);
    if (!queue) {
      // Created only once the connection is ready: BullMQ keeps a failed first connection forever.
      queue = new Queue(queueName, { connection: this.connection, prefix: this.prefix });
      queue.on('error', queueErrorListener(this.logger, this.redisUrl, 'queue error', { queueName }));
      this.queues.set(cluster, queue);
    }
    return queue;
  }

  private eventsFor(cluster: string, queue: Queue): Promise<QueueEvents> {
    let events = this.events.get(cluster);
    if (!events) {
      events = this.startEvents(cluster, queue);
      this.events.set(cluster, events);
      events.catch(() => this.events.delete(cluster));
    }
    return events;
  }

  private async startEvents(cluster: string, queue: Queue): Promise<QueueEvents> {
    // Read the events stream from its current end, taken before the listener connects: no event
    // between now and the listener's first XREAD can be missed (BullMQ's default '$' could).
    let lastEventId = '0-0';
    try {
      const last = await this.connection.xrevrange(queue.toKey('events'), '+', '-', 'COUNT', 1);
      lastEventId = last[0]?.[0] ?? '0-0';
    } catch (err) {
      throw queueUnavailable(this.redisUrl, err);
    }
    this.eventsConnection ??= createWorkerConnection(this.redisUrl, {
      connectTimeoutMs: this.connectTimeoutMs,
      logger: this.logger,
    });
    await ensureReady(this.eventsConnection, this.redisUrl, this.connectTimeoutMs, this.closing.signal);
    const events = new QueueEvents(queue.name, {
      connection: this.eventsConnection,
      prefix: this.prefix,
      lastEventId,
    });
    events.on(
      'error',
      queueErrorListener(this.logger, this.redisUrl, 'queue events error', { queueName: queue.name }),
    );
    events.on('completed', ({ jobId, returnvalue }) => {
      for (const waiter of this.waiters.get(`${cluster}/${jobId}`) ?? [])
        waiter.resolve(returnvalue as unknown as Reply);
    });
    events.on('failed', ({ jobId, failedReason }) => {
      for (const waiter of this.waiters.get(`${cluster}/${jobId}`) ?? [])
        waiter.reject(decodeFailureReason(failedReason));
    });
    await events.waitUntilReady();
    return events;
  }

  private async timeoutError(
    queue: Queue,
    jobId: string,
    cluster: string,
    timeoutMs: number,
  ): Promise<BotError> {
    const workers = await this.countWorkers(cluster);
    const hint =
      workers === 0
        ? ` No worker consumes queue ${queue.name}: start one for cluster "${cluster}" (k8s-ha-bot worker --cluster ${cluster}) with the same Redis (${describeRedisTarget(this.redisUrl)}).`
        : '';
    return new BotError('job-timeout', `no reply to job ${jobId} within ${timeoutMs} ms.${hint}`, {
      retryable: true,
    });
  }
}
