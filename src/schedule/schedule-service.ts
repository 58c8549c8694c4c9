/**
 * Creating, listing and removing daily HA post schedules: BullMQ job schedulers on one queue
 * ({@link SCHEDULE_QUEUE}), one scheduler per (platform, conversation, cluster), cron with an IANA
 * `tz`. Schedules live in Redis only (Redis must persist, AOF, for them to survive a restart).
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { reportSettingsSchema } from '../commands/report-settings-schema.js';
import { BotError } from '../errors.js';
import {
  createProducerConnection,
  DEFAULT_CONNECT_TIMEOUT_MS,
  ensureReady,
  queueErrorListener,
} from '../queue/redis-connection.js';
import { silentLogger } from '../util/logger.js';
import type { Logger } from '../util/logger.js';
import { canonicalTimeZone, dailyCron, parseTimeOfDay, scheduleIdFor } from './schedule-spec.js';
import type { SchedulePlatform, ScheduleSpec } from './schedule-spec.js';
import { queueKeys } from '../config/queue-keys.js';

/** BullMQ queue of the scheduled HA posts (one for every cluster and platform). */
export const SCHEDULE_QUEUE = 'k8s-ha-bot-schedules';

/** BullMQ job name of one scheduled post. */
export const SCHEDULE_JOB_NAME = 'ha-post';

/** What a schedule request asks for (before validation). */
export interface ScheduleRequest {
  platform: SchedulePlatform;
  conversation: string;
  cluster: string;
  /** `HH:MM` (24 h). */
  time: string;
  /** IANA name; @defaultValue the service's `defaultTimeZone` */
  timeZone?: string;
  locale: 'en' | 'ko';
  quiet?: boolean;
  /** Post the daily HA report with these settings; validated, a bad one is refused. */
  report?: unknown;
  createdBy?: string;
  /** Test-only cron pattern with seconds (see {@link ScheduleSpec.cronOverride}). */
  cronOverride?: string;
}

/** Options of {@link ScheduleService}. */
export interface ScheduleServiceOptions {
  redisUrl: RedisTarget;
  /** BullMQ key prefix. @defaultValue `bull` */
  prefix?: string;
  /** Time zone when a request names none. @defaultValue `UTC` */
  defaultTimeZone?: string;
  /** @defaultValue 2000 ms */
  connectTimeoutMs?: number;
  logger?: Logger;
}

/** What {@link ScheduleService.create} did. */
export interface CreateScheduleResult {
  spec: ScheduleSpec;
  /** True when a schedule with this id existed and was replaced (still one schedule). */
  replaced: boolean;
}

/**
 * The producer side of schedules (the gateway's commands use it).
 *
 * @example
 * const schedules = new ScheduleService({ redisUrl, defaultTimeZone: 'Asia/Seoul' });
 * const { spec } = await schedules.create({ platform: 'slack', conversation: 'C1', cluster: 'prod', time: '09:00', locale: 'en' });
 * await schedules.remove('slack', 'C1', spec.id);
 */
export class ScheduleService {
  private readonly connection: Redis;
  private readonly queue: Queue;
  private readonly defaultTimeZone: string;
  private readonly connectTimeoutMs: number;
  private readonly logger: Logger;

  /**
   * @param options - see {@link ScheduleServiceOptions}
   * @throws BotError `bad-request` when `defaultTimeZone` is not an IANA time zone
   */
  constructor(private readonly options: ScheduleServiceOptions) {
    const tz = canonicalTimeZone(options.defaultTimeZone ?? 'UTC');
    if (!tz)
      throw new BotError(
        'bad-request',
        `default time zone is not an IANA time zone: ${options.defaultTimeZone ?? ''}`,
        { retryable: false },
      );
    this.defaultTimeZone = tz;
    this.connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.logger = options.logger ?? silentLogger;
    this.connection = createProducerConnection(options.redisUrl, {
      connectTimeoutMs: this.connectTimeoutMs,
      logger: this.logger,
    });
    this.queue = new Queue(SCHEDULE_QUEUE, {
      connection: this.connection,
      prefix: queueKeys(options.prefix).prefix,
    });
    this.queue.on('error', queueErrorListener(this.logger, null, 'schedule queue error'));
  }

  /**
   * Check a request's time and time zone without touching Redis.
   * @returns the normalised time (`HH:MM`) and canonical zone, or which of them is wrong
   */
  validate(
    request: Pick<ScheduleRequest, 'time' | 'timeZone'>,
  ):
    | { ok: true; time: string; timeZone: string }
    | { ok: false; problem: 'invalid-time' | 'invalid-time-zone' } {
    const time = parseTimeOfDay(request.time);
    if (!time) return { ok: false, problem: 'invalid-time' };
    const timeZone = canonicalTimeZone(request.timeZone ?? this.defaultTimeZone);
    if (!timeZone) return { ok: false, problem: 'invalid-time-zone' };
    return { ok: true, time: time.text, timeZone };
  }

  /**
   * Validate and create (or replace) a schedule. Nothing is written when validation fails.
   * @returns the stored spec and whether it replaced one
   * @throws BotError `bad-request` (retryable false) for an invalid time or time zone (see
   *   {@link validate} to tell which), or invalid report settings (the message names the path); `queue-unavailable` when Redis cannot be reached
   */
  async create(request: ScheduleRequest): Promise<CreateScheduleResult> {
    const valid = this.validate(request);
    if (!valid.ok)
      throw new BotError(
        'bad-request',
        `${valid.problem}: ${valid.problem === 'invalid-time' ? request.time : (request.timeZone ?? '')}`,
        { retryable: false },
      );
    const { timeZone } = valid;
    const report = request.report === undefined ? undefined : reportSettingsSchema.safeParse(request.report);
    if (report && !report.success) {
      const issue = report.error.issues[0];
      throw new BotError(
        'bad-request',
        `invalid report settings: ${issue ? `${issue.path.join('.') || '(root)'}: ${issue.message}` : 'invalid'}`,
        { retryable: false },
      );
    }
    const time = { text: valid.time };
    const id = scheduleIdFor(request.platform, request.conversation, request.cluster);
    const spec: ScheduleSpec = {
      id,
      platform: request.platform,
      conversation: request.conversation,
      cluster: request.cluster,
      time: time.text,
      timeZone,
      locale: request.locale,
      quiet: request.quiet ?? false,
      ...(report ? { report: report.data } : {}),
      ...(request.createdBy ? { createdBy: request.createdBy } : {}),
      createdAt: new Date().toISOString(),
      ...(request.cronOverride ? { cronOverride: request.cronOverride } : {}),
    };
    await ensureReady(this.connection, this.options.redisUrl, this.connectTimeoutMs);
    const replaced = (await this.queue.getJobScheduler(id)) !== undefined;
    await this.queue.upsertJobScheduler(
      id,
      { pattern: spec.cronOverride ?? dailyCron(spec.time), tz: timeZone },
      {
        name: SCHEDULE_JOB_NAME,
        data: spec,
        opts: {
          removeOnComplete: 100,
          removeOnFail: 100,
          attempts: 3,
          backoff: { type: 'exponential', delay: 2000 },
        },
      },
    );
    this.logger.info(
      { scheduleId: id, cluster: spec.cluster, time: spec.time, timeZone, replaced },
      'HA post scheduled',
    );
    return { spec, replaced };
  }

  /**
   * The schedules of one conversation (or all, without `conversation`).
   * @returns specs sorted by id
   */
  async list(platform?: SchedulePlatform, conversation?: string): Promise<ScheduleSpec[]> {
    await ensureReady(this.connection, this.options.redisUrl, this.connectTimeoutMs);
    const all = await this.queue.getJobSchedulers(0, -1, true);
    return all
      .map((s) => s.template?.data as ScheduleSpec | undefined)
      .filter(
        (s): s is ScheduleSpec =>
          s !== undefined &&
          (platform === undefined || s.platform === platform) &&
          (conversation === undefined || s.conversation === conversation),
      )
      .sort((a, b) => a.id.localeCompare(b.id));
  }

  /**
   * Remove a schedule of this conversation (another conversation's id is not found).
   * @returns the removed spec, or null when this conversation has no schedule with that id
   */
  async remove(platform: SchedulePlatform, conversation: string, id: string): Promise<ScheduleSpec | null> {
    const spec = (await this.list(platform, conversation)).find((s) => s.id === id);
    if (!spec) return null;
    await this.queue.removeJobScheduler(id);
    this.logger.info({ scheduleId: id }, 'HA post schedule removed');
    return spec;
  }

  /** Close the queue and its connection. */
  async close(): Promise<void> {
    await this.queue.close();
    this.connection.disconnect();
  }
}
