/**
 * The consumer side of schedules: a BullMQ worker on {@link SCHEDULE_QUEUE} that turns each
 * occurrence into one post. Exactly once across several runners and restarts: before posting it
 * checks the occurrence's posted marker and takes a short claim (SET NX); after posting it records
 * the marker (kept 30 days) and the state the next post is compared with. An occurrence processed
 * long after its time (everything was down) is marked late; BullMQ's job scheduler keeps only the
 * next occurrence, so a long outage gives one late post, never a burst.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { Worker } from 'bullmq';
import type { Job } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Reply } from '../explain/reply.js';
import type { AnswerJob } from '../queue/job.js';
import {
  createWorkerConnection,
  openWorkerConnection,
  queueErrorListener,
} from '../queue/redis-connection.js';
import { silentLogger } from '../util/logger.js';
import { recordScheduledPost } from '../util/metric-hooks.js';
import type { Logger } from '../util/logger.js';
import type { ReportBaseline } from '../analysis/daily/health-report.js';
import type { ReportSettings } from '../analysis/daily/report-items.js';
import { buildHaPost, buildNoWorkerPost } from './build-ha-post.js';
import { isBotError } from '../errors.js';
import { buildReportPost } from './build-report-post.js';
import { diffHaPostState, haPostStateOf } from './ha-changes.js';
import type { HaChange, HaPostState } from './ha-changes.js';
import { SCHEDULE_JOB_NAME, SCHEDULE_QUEUE } from './schedule-service.js';
import type { SchedulePlatform, ScheduleSpec } from './schedule-spec.js';
import { queueKeys } from '../config/queue-keys.js';

/**
 * Delivers a post to one platform (the port the chat adapters implement: Slack `chat.postMessage`
 * to the channel, Teams a proactive message through the stored conversation reference).
 */
export interface PostDelivery {
  /**
   * Post `reply` to the schedule's conversation.
   * @param spec - the schedule (its `conversation` is the address)
   * @param reply - the post
   * @param deliveryId - unique per schedule and occurrence (`<scheduleId>.<occurrence ms>`), for
   *   the adapter's own per-message markers
   * @throws when the post may work later (the job is retried); resolve false when refused for good
   */
  deliver(spec: ScheduleSpec, reply: Reply, deliveryId: string): Promise<boolean>;
}

/**
 * Reads the HA status of a cluster as a Reply (see {@link statusFromAnswer}); with `report`, the
 * daily HA report's data instead, read with those settings.
 */
export type StatusReader = (
  cluster: string,
  locale: 'en' | 'ko',
  requestId: string,
  report?: ReportSettings,
) => Promise<Reply>;

/** Options of {@link ScheduleRunner.start}. */
export interface ScheduleRunnerOptions {
  redisUrl: RedisTarget;
  /** BullMQ key prefix; also namespaces the markers. @defaultValue `bull` */
  prefix?: string;
  readStatus: StatusReader;
  /** Deliveries by platform; a schedule for a platform without one fails its job (logged). */
  deliveries: Partial<Record<SchedulePlatform, PostDelivery>>;
  /** A post this long after its occurrence is marked late, in ms. @defaultValue 300000 (5 min) */
  lateAfterMs?: number;
  /** How long a claim on an occurrence lasts if its holder dies mid-post, in ms. @defaultValue 120000 */
  claimTtlMs?: number;
  /** BullMQ stalled-job check interval, in ms. @defaultValue 30000 (BullMQ's) */
  stalledIntervalMs?: number;
  logger?: Logger;
  /** @defaultValue real time */
  now?: () => number;
}

/** What one occurrence did (returned by the job, for logs and tests). */
export interface OccurrenceResult {
  /**
   * `quiet`: a report held back by its quiet hours (nothing urgent); `no-worker`: the status could
   * not be read (no worker answered for the cluster) and the channel was told so.
   */
  outcome: 'posted' | 'already-posted' | 'claimed-elsewhere' | 'refused' | 'quiet' | 'no-worker';
  scheduleId: string;
  occurrence: number;
  late?: boolean;
  changes?: HaChange[] | null;
}

/** How long posted markers are kept, in s (30 days: far beyond any retry or outage). */
const POSTED_TTL_S = 30 * 24 * 3600;

/**
 * The HA status reader over the answer step (`createAnswerService(...).answer`).
 * @param answer - the answer function
 */
export function statusFromAnswer(answer: (job: AnswerJob) => Promise<Reply>): StatusReader {
  return (cluster, locale, requestId, report) =>
    answer({
      requestId,
      text: report ? 'health report' : 'status',
      command: report ? { kind: 'ha-status', report: true, reportSettings: report } : { kind: 'ha-status' },
      cluster,
      locale,
      user: { platform: 'console', id: 'scheduler' },
      replyTo: { platform: 'console', address: {} },
      enqueuedAt: new Date().toISOString(),
    });
}

/** The time of a job's occurrence, in ms since the epoch (the scheduler's `prevMillis`, else the id's tail). */
function occurrenceOf(job: Job<ScheduleSpec>): number {
  return typeof job.opts.prevMillis === 'number'
    ? job.opts.prevMillis
    : Number(String(job.id).split(':').pop());
}

/** A running schedule worker. */
export class ScheduleRunner {
  private constructor(
    private readonly worker: Worker,
    private readonly redis: Redis,
    private readonly workerConnection: Redis,
  ) {}

  /**
   * Start consuming scheduled occurrences.
   * @returns the runner; `close()` it at shutdown
   */
  static async start(options: ScheduleRunnerOptions): Promise<ScheduleRunner> {
    const logger = options.logger ?? silentLogger;
    const keys = queueKeys(options.prefix);
    const prefix = keys.prefix;
    const keyBase = keys.schedule;
    const now = options.now ?? Date.now;
    const lateAfterMs = options.lateAfterMs ?? 300_000;
    const claimTtlMs = options.claimTtlMs ?? 120_000;
    // Connected before the first occurrence, and queuing commands across a reconnect (a producer
    // connection without an offline queue failed its first command when it was not up yet).
    const redis = await openWorkerConnection(options.redisUrl, { logger });

    const process = async (job: Job<ScheduleSpec>): Promise<OccurrenceResult> => {
      const spec = job.data;
      const occurrence = occurrenceOf(job);
      const requestId = `${spec.id}.${occurrence}`;
      const postedKey = `${keyBase}posted:${spec.id}:${occurrence}`;
      const claimKey = `${keyBase}claim:${spec.id}:${occurrence}`;
      const lastKey = `${keyBase}last:${spec.id}`;
      const log = logger.child({ scheduleId: spec.id, occurrence, requestId });
      if ((await redis.exists(postedKey)) === 1) {
        log.info('occurrence already posted; not posting again');
        return { outcome: 'already-posted', scheduleId: spec.id, occurrence };
      }
      const token = `${job.id ?? ''}:${Math.random().toString(36).slice(2)}`;
      if ((await redis.set(claimKey, token, 'PX', claimTtlMs, 'NX')) !== 'OK') {
        log.info('occurrence is being posted by another runner');
        return { outcome: 'claimed-elsewhere', scheduleId: spec.id, occurrence };
      }
      try {
        const delivery = options.deliveries[spec.platform];
        if (!delivery) throw new Error(`no delivery for platform ${spec.platform}`);
        const late = now() - occurrence > lateAfterMs;
        let status: Reply;
        try {
          status = await options.readStatus(spec.cluster, spec.locale, requestId, spec.report);
        } catch (err) {
          // No worker answered for the cluster: the last attempt tells the channel, once.
          const last = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
          if (!last || !isBotError(err) || err.code !== 'job-timeout') throw err;
          log.warn({ err }, 'no worker answered for the cluster on the last attempt; posting that');
          const post = buildNoWorkerPost(spec, new Date(occurrence), late, requestId);
          const delivered = await delivery.deliver(spec, post, requestId);
          await redis.set(postedKey, String(now()), 'EX', POSTED_TTL_S);
          return { outcome: delivered ? 'no-worker' : 'refused', scheduleId: spec.id, occurrence, late };
        }
        if (spec.report !== undefined && status.healthReport) {
          // The daily HA report, with the churn since the last report's stored baseline.
          const reportKey = `${keyBase}report:${spec.id}`;
          const storedBaseline = await redis.get(reportKey);
          const { post, baseline } = await buildReportPost(
            spec,
            status,
            storedBaseline === null ? null : (JSON.parse(storedBaseline) as ReportBaseline),
            new Date(occurrence),
            late,
            requestId,
          );
          const delivered = post === null ? false : await delivery.deliver(spec, post, requestId);
          const tx = redis.multi().set(postedKey, String(now()), 'EX', POSTED_TTL_S);
          // held back by quiet hours: the next report still compares with the last one posted
          if (post !== null) tx.set(reportKey, JSON.stringify(baseline));
          await tx.exec();
          const outcome = post === null ? 'quiet' : delivered ? 'posted' : 'refused';
          log.info({ late, items: baseline.items.length, outcome }, 'scheduled HA report done');
          return { outcome, scheduleId: spec.id, occurrence, late };
        }
        const stored = await redis.get(lastKey);
        const before = stored === null ? null : (JSON.parse(stored) as HaPostState);
        const after = status.kind === 'ha-status' ? haPostStateOf(status) : null;
        const changes =
          before === null || after === null ? null : diffHaPostState(before, after, spec.locale);
        const post = buildHaPost({
          spec,
          status,
          changes,
          occurrence: new Date(occurrence),
          late,
          requestId,
        });
        const delivered = await delivery.deliver(spec, post, requestId);
        const tx = redis.multi().set(postedKey, String(now()), 'EX', POSTED_TTL_S);
        if (after !== null) tx.set(lastKey, JSON.stringify(after));
        await tx.exec();
        log.info(
          { late, changes: changes?.length ?? null, delivered },
          delivered ? 'scheduled HA status posted' : 'scheduled HA status refused by the platform',
        );
        return { outcome: delivered ? 'posted' : 'refused', scheduleId: spec.id, occurrence, late, changes };
      } catch (err) {
        // Let a retry (or another runner) post it: drop our claim only if it is still ours.
        await redis
          .eval(
            "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0",
            1,
            claimKey,
            token,
          )
          .catch((e: unknown) => {
            log.warn({ err: e }, 'could not release the occurrence claim');
          });
        log.warn({ err }, 'scheduled HA post failed; BullMQ retries it');
        throw err;
      }
    };

    const workerConnection = createWorkerConnection(options.redisUrl, { logger });
    const worker = new Worker<ScheduleSpec, OccurrenceResult>(
      SCHEDULE_QUEUE,
      async (job) => {
        if (job.name !== SCHEDULE_JOB_NAME) throw new Error(`unexpected job ${job.name}`);
        try {
          const result = await process(job);
          recordScheduledPost(result.outcome, result.late ?? false);
          return result;
        } catch (err) {
          // BullMQ retries it unless this was the last attempt: then nothing was posted
          if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
            recordScheduledPost('failed', now() - occurrenceOf(job) > lateAfterMs);
          throw err;
        }
      },
      {
        connection: workerConnection,
        prefix,
        concurrency: 4,
        ...(options.stalledIntervalMs !== undefined ? { stalledInterval: options.stalledIntervalMs } : {}),
      },
    );
    worker.on('error', queueErrorListener(logger, options.redisUrl, 'schedule worker error'));
    await worker.waitUntilReady();
    return new ScheduleRunner(worker, redis, workerConnection);
  }

  /**
   * Stop taking occurrences and disconnect.
   * @param force - true: abandon occurrences in progress (like a crash; their claim expires and
   *   BullMQ's stalled-job check hands them to another runner); false: finish them first
   */
  async close(force = false): Promise<void> {
    await this.worker.close(force);
    this.redis.disconnect();
    this.workerConnection.disconnect();
  }
}
