/**
 * A per-user rate limit of chat requests, shared by every gateway replica through Redis
 * (rate-limiter-flexible's `RateLimiterRedis`, fixed window per key). The key is
 * `<platform>:<tenant>:<user>` (Slack team / Teams tenant), so the same id on two platforms or two
 * workspaces is two users.
 *
 * Wiring: Slack counts every command, mention, DM and button click once, right after its ack
 * ({@link commandGate}, called by adapters/slack/slack-app.ts and the gateway's maintenance-button
 * handler), so commands answered without a job (approve, maintenance status, audit, schedules) are
 * limited too; Teams counts every message and card click once, before the bot handles it
 * (adapters/teams/teams-rate-limit.ts). Both gateways still wrap the job queue in
 * {@link rateLimitedSink} with `admissionGate(undefined)`, which only counts what is enqueued;
 * given a limiter, a refused job enqueues nothing (the intake sees a duplicate, so no "did not
 * finish" follow-up is armed).
 *
 * The friendly answer ({@link rateLimitedReply}: "You have asked 10 times in a minute; try again in
 * 42 s") is sent once per user and window (the first refusal only: a flood of refused requests
 * never turns into a flood of posts), and privately where the platform allows it (a Slack
 * ephemeral message to the requester).
 */
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Redis } from 'ioredis';
import type { Locale } from '../commands/types.js';
import { plainReply } from '../explain/explain-messages.js';
import { translator } from '../explain/i18n.js';
import type { Reply } from '../explain/reply.js';
import { isReplyPlatform, jobIdFor, queueNameFor } from '../queue/job.js';
import type { AnswerJob } from '../queue/job.js';
import type { EnqueueResult } from '../queue/job-queue.js';
import type { ReplyPublisher } from '../queue/reply-queue.js';
import type { Logger } from '../util/logger.js';
import { recordRequest } from './metrics.js';
import { queueKeys } from '../config/queue-keys.js';

/** The rate limit's settings, read with every other setting (src/config/settings.ts). */
export type { RateLimitSettings } from '../config/settings.js';
import type { RateLimitSettings } from '../config/settings.js';

/** Who asked: the rate limit key's parts. */
export interface Requester {
  platform: string;
  /** Slack team id, Teams tenant id. */
  tenant?: string;
  user: string;
}

/**
 * What {@link RequestRateLimiter.admit} decided. `firstInWindow`: this is the user's first refused
 * request in the window (the only one that gets a notice).
 */
export type Admission =
  | { allowed: true }
  | { allowed: false; count: number; windowS: number; retryAfterS: number; firstInWindow: boolean };

/** Options of {@link RequestRateLimiter}. */
export interface RequestRateLimiterOptions extends RateLimitSettings {
  /** A connected ioredis client (the gateway's shared producer connection). */
  redis: Redis;
  /** Key prefix in Redis (`Settings.queue.keys.rateLimit`). @defaultValue `k8s-ha-bot:rl` */
  keyPrefix?: string;
  logger: Logger;
}

/**
 * The per-user limiter. When Redis fails, requests are let through (logged): the enqueue right after
 * needs Redis too and says "queue unavailable" itself.
 */
export class RequestRateLimiter {
  private readonly limiter: RateLimiterRedis | null;

  /** @param options - see {@link RequestRateLimiterOptions} */
  constructor(private readonly options: RequestRateLimiterOptions) {
    this.limiter =
      options.points > 0
        ? new RateLimiterRedis({
            storeClient: options.redis,
            keyPrefix: options.keyPrefix ?? queueKeys().rateLimit,
            points: options.points,
            duration: options.windowS,
            rejectIfRedisNotReady: true,
          })
        : null;
  }

  /**
   * Count one request of `who` and say whether it may go on.
   * @param who - the requester
   * @returns allowed, or refused with the count, window and seconds until the window ends (at least 1)
   */
  async admit(who: Requester): Promise<Admission> {
    if (!this.limiter) return { allowed: true };
    const key = `${who.platform}:${who.tenant ?? '-'}:${who.user}`;
    try {
      await this.limiter.consume(key, 1);
      return { allowed: true };
    } catch (err) {
      if (err instanceof RateLimiterRes) {
        return {
          allowed: false,
          count: this.options.points,
          windowS: this.options.windowS,
          retryAfterS: Math.max(1, Math.ceil(err.msBeforeNext / 1000)),
          // consume() counts refused requests too: the first refusal is the one just over the limit.
          firstInWindow: err.consumedPoints === this.options.points + 1,
        };
      }
      this.options.logger.warn(
        { err, platform: who.platform },
        'rate limit check failed (Redis); letting the request through',
      );
      return { allowed: true };
    }
  }
}

/**
 * The friendly answer to a refused request.
 * @param ctx - locale, request id, cluster
 * @param refused - the refusal ({@link Admission} with `allowed: false`)
 * @returns an `error` reply: "You have asked 10 times in a minute; try again in 42 s."
 */
export function rateLimitedReply(
  ctx: { locale: Locale; requestId: string; cluster: string | null },
  refused: { count: number; windowS: number; retryAfterS: number },
): Reply {
  const tr = translator(ctx.locale);
  const summary =
    refused.windowS === 60
      ? tr.t('rateLimit.minute', { count: refused.count, seconds: refused.retryAfterS })
      : tr.t('rateLimit.window', {
          count: refused.count,
          window: refused.windowS,
          seconds: refused.retryAfterS,
        });
  return plainReply(ctx, 'error', tr.t('rateLimit.title'), summary);
}

/** A refused request: the notice to send (the first refusal in the window), or null (send nothing). */
export interface Refusal {
  notice: Reply | null;
}

/**
 * Count one command of any kind (a job, an approve, a status, an audit, a schedule change, a
 * button click) and apply the limit: the single check adapters call after the ack.
 * @param limiter - the limiter, or undefined for no limit (requests are still counted)
 * @returns `(who, ctx) => null` to go on, or the {@link Refusal} (its notice only for the first
 *   refusal of the window); counts `k8s_ha_bot_requests_total{outcome="rate-limited"}` on refusal
 */
export function commandGate(
  limiter: RequestRateLimiter | undefined,
): (
  who: Requester,
  ctx: { kind: string; locale: Locale; requestId: string; cluster: string | null },
) => Promise<Refusal | null> {
  return async (who, ctx) => {
    if (!limiter) return null;
    const admission = await limiter.admit(who);
    if (admission.allowed) return null;
    recordRequest(who.platform, ctx.kind, 'rate-limited');
    return { notice: admission.firstInWindow ? rateLimitedReply(ctx, admission) : null };
  };
}

/**
 * The gate a job queue applies before enqueueing a job ({@link rateLimitedSink}): counts the request
 * (`k8s_ha_bot_requests_total`) and applies the limit.
 * @param limiter - the limiter, or undefined for no limit (requests are still counted)
 * @returns `(job) => null` to go on, or the {@link Refusal} to answer instead of enqueueing
 */
export function admissionGate(
  limiter: RequestRateLimiter | undefined,
): (job: AnswerJob) => Promise<Refusal | null> {
  const gate = commandGate(limiter);
  return async (job) => {
    const kind = job.command?.kind ?? 'unparsed';
    const refused = await gate(
      {
        platform: job.user.platform,
        ...(job.user.tenant ? { tenant: job.user.tenant } : {}),
        user: job.user.id,
      },
      { kind, locale: job.locale, requestId: job.requestId, cluster: job.cluster },
    );
    if (refused === null) recordRequest(job.replyTo.platform, kind, 'enqueued');
    return refused;
  };
}

/** The queue as the intakes use it (JobQueue implements it). */
export interface JobSinkLike {
  enqueue(job: AnswerJob): Promise<EnqueueResult>;
  /** Passed through untouched (see JobQueue.withdraw). */
  withdraw?(job: AnswerJob): Promise<void>;
}

/**
 * A job queue that applies the admission gate: allowed jobs go to `inner`; a refused job enqueues
 * nothing, and the caller gets `duplicate: true`. The first refusal of the window publishes its
 * notice on the platform's replies queue (reply job id `rl-<job id>`, so a retried delivery answers
 * once), privately: a Slack address is made ephemeral (to the requester only).
 * @param inner - the real queue
 * @param gate - {@link admissionGate}
 * @param publisher - publishes the refusal on the replies queue
 * @param logger - logs refusals with the request id
 * @returns the gated queue
 */
export function rateLimitedSink(
  inner: JobSinkLike,
  gate: (job: AnswerJob) => Promise<Refusal | null>,
  publisher: Pick<ReplyPublisher, 'publish'>,
  logger: Logger,
): JobSinkLike {
  return {
    ...(inner.withdraw ? { withdraw: (job: AnswerJob) => inner.withdraw?.(job) ?? Promise.resolve() } : {}),
    async enqueue(job) {
      const refused = await gate(job);
      if (refused === null) {
        const result = await inner.enqueue(job);
        // The request id's first line in the logs; the worker and the reply delivery log it again.
        logger.info(
          {
            requestId: job.requestId,
            platform: job.replyTo.platform,
            cluster: job.cluster,
            command: job.command?.kind,
            jobId: result.jobId,
            duplicate: result.duplicate,
          },
          'request enqueued',
        );
        return result;
      }
      const jobId = jobIdFor(job.requestId);
      logger.info(
        { requestId: job.requestId, platform: job.replyTo.platform, user: job.user.id },
        'rate limit reached: answering without a job',
      );
      if (refused.notice !== null && isReplyPlatform(job.replyTo.platform)) {
        const replyTo =
          job.replyTo.platform === 'slack'
            ? {
                ...job.replyTo,
                address: { ...job.replyTo.address, visibility: 'ephemeral', user: job.user.id },
              }
            : job.replyTo;
        await publisher.publish(
          job.replyTo.platform,
          { reply: refused.notice, job: { ...job, replyTo } },
          `rl-${jobId}`,
        );
      }
      return { jobId, cluster: job.cluster, queueName: queueNameFor(job.cluster), duplicate: true };
    },
  };
}
