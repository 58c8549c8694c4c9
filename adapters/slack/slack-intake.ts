/**
 * The request side of the Slack adapter, free of Bolt types, in two steps so that the ack never
 * waits on Redis or Slack:
 *
 * 1. {@link SlackIntake.decide} (synchronous, no I/O): the payload becomes a `ChatCommand` (the
 *    cached Slack locale of the user for language-neutral text), the shared intake
 *    (src/intake/intake.ts) decides what becomes of it, and the Redis connection's status says
 *    whether the queue can take it → what the ack says. Bad input, unknown clusters and help without
 *    a known cluster are answered here and enqueue nothing; a Redis connection that is not ready
 *    makes the ack say the queue is unavailable.
 * 2. {@link SlackIntake.complete} (after the ack is sent): claim the de-duplication keys, look up
 *    the user's Slack locale when the text is language-neutral and it was not cached, enqueue,
 *    record the reply deadline. A Redis failure here comes back as a `queue-unavailable` outcome
 *    with the reply for an ephemeral follow-up.
 */
import { randomBytes } from 'node:crypto';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { ScheduleCommand } from '../../src/commands/parse-schedule-command.js';
import type { ChatCommand, Locale, MaintenanceStateCommand } from '../../src/commands/types.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { SlackReplyVisibility } from '../../src/config/chat-settings.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
import type { JobSink } from '../../src/intake/connect-platform.js';
import { ackOf, decideChatCommand } from '../../src/intake/intake.js';
import type { AckKind } from '../../src/intake/intake.js';
import type { AnswerJob } from '../../src/queue/job.js';
import type { Logger } from '../../src/util/logger.js';
import { isLanguageNeutral } from '../../src/commands/language-neutral.js';
import type { SlackStore } from './slack-store.js';
import { ackText } from './slack-texts.js';
import type { AckTextKey } from './slack-texts.js';

/** Where a Slack request came from. */
export type SlackSource = 'command' | 'mention' | 'dm';

/** One Slack request, reduced from its payload. */
export interface SlackRequest {
  source: SlackSource;
  /** Derived from Slack's own id (`cmd-<trigger_id>`, `ev-<event_id>`), so a retry maps to the same job. */
  requestId: string;
  /** De-duplication keys (`event:<event_id>`, `msg:<channel>:<ts>`…); a delivery under a seen key is a duplicate. */
  dedupKeys: string[];
  text: string;
  userId: string;
  /** The user's own team (`slackIdentityOf`: in a Slack Connect channel, not the channel's workspace). */
  teamId?: string;
  /** A member of a team outside the allow-list, admitted because the maintenance policy names it (`Actor.guest`). */
  guest?: boolean;
  /** Slack user name, for texts only (slash commands carry it). */
  userName?: string;
  channel: string;
  /** Thread to answer in (mentions and DMs: the message's thread, or the message itself). */
  threadTs?: string;
  /** Slash commands: the response URL (fallback when the bot cannot post in the channel). */
  responseUrl?: string;
}

/** What the ack says, decided from parsing alone; {@link SlackIntake.complete} does the rest. */
export type AckDecision =
  /** A job will be enqueued after the ack; `ackText` is e.g. `Checking atlas-cp-2 in prod…` (plain text). */
  | { status: 'accepted'; locale: Locale; ackText: string; prepared: PreparedJob }
  /** Answered by the adapter itself (bad input, help, unknown cluster): nothing enqueued. */
  | { status: 'answered'; locale: Locale; reply: Reply; prepared?: undefined; warmLocaleOf?: string }
  /** The Redis connection was not ready when the request came: nothing enqueued. */
  | { status: 'queue-unavailable'; locale: Locale; reply: Reply; prepared?: undefined; warmLocaleOf?: string }
  | {
      status: 'schedule';
      locale: Locale;
      ackText: string;
      schedule: { request: SlackRequest; command: ScheduleCommand };
      prepared?: undefined;
      warmLocaleOf?: undefined;
    }
  /** A maintenance decision, status or audit: answered by the gateway after the ack (Redis only). */
  | {
      status: 'maintenance';
      locale: Locale;
      ackText: string;
      maintenance: { request: SlackRequest; command: MaintenanceStateCommand };
      prepared?: undefined;
      warmLocaleOf?: undefined;
    };

/** What became of a request after the ack. */
export type AfterAckOutcome =
  | { status: 'enqueued'; locale: Locale; jobId: string }
  /** An already seen delivery (Events API retry, repeated event_id) or job: nothing new. */
  | { status: 'duplicate'; locale: Locale }
  /** Redis failed between the ack and the enqueue: `reply` says so and must be sent as a follow-up. */
  | { status: 'queue-unavailable'; locale: Locale; reply: Reply }
  /** The ack was the whole answer (answered, or queue unavailable already in the ack). */
  | { status: 'schedule-answered'; locale: Locale; reply: Reply }
  | { status: 'none' };

/** The job of an accepted request, as far as parsing could build it (the locale may still change). */
export interface PreparedJob {
  request: SlackRequest;
  job: AnswerJob;
  /** True when the text is language-neutral, has no `--lang`, and the user's Slack locale was not cached. */
  lookUpLocale: boolean;
}

/** Default of {@link SlackIntakeOptions.enqueueRetryMs}, in ms. */
export const DEFAULT_ENQUEUE_RETRY_MS = 15_000;

/** The queue as the intake uses it (the platform connection's rate-limited queue). */
export type { JobSink } from '../../src/intake/connect-platform.js';

/** The user-locale source as the intake uses it ({@link UserLocaleCache} implements it). */
export interface UserLocales {
  /** Cached locale, no I/O: `{ locale }` when known (locale undefined: unsupported), undefined when not cached. */
  cached(userId: string): { locale: Locale | undefined } | undefined;
  /** Look up (users.info) and cache; resolves undefined when unknown or the lookup failed. Never rejects. */
  localeOf(userId: string): Promise<Locale | undefined>;
}

/** What the intake needs. */
/**
 * Schedule commands (`/k8s schedule daily 09:00 …`, `schedules`, `unschedule <id>`), answered by the
 * gateway rather than a worker (see src/schedule/handle-schedule-command.ts).
 */
export interface SlackScheduleCommands {
  /** Answer at once (no I/O) when the command cannot be carried out (bad time, zone, cluster); else null. */
  precheck(
    command: ScheduleCommand,
    ctx: { channel: string; userId: string; locale: Locale; requestId: string },
  ): Reply | null;
  /** Carry it out (Redis) and say what happened. @throws when Redis cannot be reached */
  handle(
    command: ScheduleCommand,
    ctx: { channel: string; userId: string; locale: Locale; requestId: string },
  ): Promise<Reply>;
}

/**
 * Maintenance commands answered by the gateway rather than a worker: decisions
 * (`approve mr-…`), `maintenance status mr-…` and `audit`. The handler posts its own private
 * answers (refusals, audit) and updates the request card.
 */
export interface SlackMaintenanceCommands {
  /** @throws when Redis cannot be reached */
  handle(command: MaintenanceStateCommand, ctx: { request: SlackRequest; locale: Locale }): Promise<void>;
}

export interface SlackIntakeOptions {
  config: Pick<BotConfig, 'clusters' | 'defaultCluster' | 'locale'>;
  queue: JobSink;
  store: Pick<SlackStore, 'claim' | 'release' | 'addPending'>;
  /**
   * Whether Redis is reachable right now, answered without I/O (the gateway reads the ioredis
   * connection's `status === 'ready'`). False makes the ack say the queue is unavailable.
   */
  queueReady: () => boolean;
  /** The user's Slack locale; asked only for language-neutral text. */
  userLocales: UserLocales;
  replyVisibility: SlackReplyVisibility;
  replyDeadlineMs: number;
  dedupTtlSeconds: number;
  /**
   * How long a failed enqueue after the ack is retried before the requester is told the queue is
   * unavailable, in ms (a Redis restart takes seconds). @defaultValue 15 000
   */
  enqueueRetryMs?: number;
  logger: Logger;
  /** @defaultValue Date.now */
  now?: () => number;
  /** Schedule commands; without it they are parsed as ordinary requests. */
  schedules?: SlackScheduleCommands;
  /** Maintenance decisions, status and audit; without it they go to a worker like any command. */
  maintenance?: SlackMaintenanceCommands;
}

/** The ack text of each kind of accepted command. */
const ACK_TEXT: Readonly<Record<AckKind, AckTextKey>> = {
  status: 'checking-status',
  'drain-only': 'checking-drain-only',
  upgrade: 'checking-upgrade',
  drain: 'checking-drain',
  node: 'checking-node',
  maintenance: 'checking-maintenance',
  plan: 'checking-plan',
  cluster: 'checking-cluster',
};

/**
 * A Slack request as the shared intake takes it: the user by team and user id, the reply address
 * (channel, thread, visibility, response URL).
 * @param request - the reduced payload
 * @param locale - the user's Slack locale, when cached and spoken by the bot
 * @param visibility - how slash-command answers are posted
 */
export function slackChatCommand(
  request: SlackRequest,
  locale: Locale | undefined,
  visibility: SlackReplyVisibility,
): ChatCommand {
  const address: Record<string, string> = {
    channel: request.channel,
    user: request.userId,
    source: request.source,
    visibility: request.source === 'command' ? visibility : 'channel',
    ...(request.threadTs ? { thread_ts: request.threadTs } : {}),
    ...(request.responseUrl ? { response_url: request.responseUrl } : {}),
  };
  return {
    requestId: request.requestId,
    text: request.text,
    user: {
      platform: 'slack',
      id: request.userId,
      ...(request.teamId ? { tenant: request.teamId } : {}),
      ...(request.guest ? { guest: true } : {}),
    },
    replyTo: { platform: 'slack', address },
    ...(locale === undefined ? {} : { locale }),
  };
}

/**
 * Handles Slack requests: {@link decide} what the ack says (no I/O), then {@link complete} the
 * request after the ack (de-duplicate, look up the locale, enqueue, record the deadline).
 */
export class SlackIntake {
  private readonly now: () => number;

  /** @param options - see {@link SlackIntakeOptions} */
  constructor(private readonly options: SlackIntakeOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The language to answer a user in when no text decides it (button clicks): the cached Slack
   * locale, else the configured one. No I/O.
   * @param userId - Slack user id
   */
  localeFor(userId: string): Locale {
    return this.options.userLocales.cached(userId)?.locale ?? this.options.config.locale;
  }

  /**
   * The user's own answer language when Slack knows it and the bot speaks it (users.info, cached;
   * for answers after the ack, such as a private refusal of a button click).
   * @param userId - Slack user id
   * @returns `en`, `ko`, or undefined (unknown, unsupported, or the lookup failed); never rejects
   */
  userLocaleOf(userId: string): Promise<Locale | undefined> {
    return this.options.userLocales.localeOf(userId);
  }

  /**
   * Decide the ack from parsing alone: no Redis and no Slack call, so it can be sent at once.
   * @param request - the reduced Slack payload
   * @returns what to ack; `accepted` carries the job that {@link complete} enqueues
   * @throws only on programming errors
   */
  decide(request: SlackRequest): AckDecision {
    const { config } = this.options;
    const neutral = isLanguageNeutral(request.text);
    const cached = neutral ? this.options.userLocales.cached(request.userId) : undefined;
    const decision = decideChatCommand(
      slackChatCommand(request, cached?.locale, this.options.replyVisibility),
      {
        config,
        rules: {
          schedules: this.options.schedules !== undefined,
          maintenanceInGateway: this.options.maintenance !== undefined,
        },
        now: this.now,
      },
    );
    const locale = decision.locale;
    // Answered in the configured language this time; the lookup after the ack serves the next request.
    const warm = neutral && cached === undefined ? { warmLocaleOf: request.userId } : {};
    const unavailable = (cluster: string | null): AckDecision => ({
      status: 'queue-unavailable',
      locale,
      reply: explainFailure({ locale, requestId: request.requestId, cluster }, 'queue-unavailable'),
    });
    switch (decision.kind) {
      case 'answer':
        return { status: 'answered', locale, reply: decision.reply, ...warm };
      case 'schedule': {
        const sctx = {
          channel: request.channel,
          userId: request.userId,
          locale,
          requestId: request.requestId,
        };
        const refused = this.options.schedules?.precheck(decision.command, sctx);
        if (refused) return { status: 'answered', locale, reply: refused };
        if (!this.options.queueReady()) return unavailable(null);
        return {
          status: 'schedule',
          locale,
          ackText: ackText(locale, 'updating-schedules', {}),
          schedule: { request, command: decision.command },
        };
      }
      case 'maintenance': {
        if (!this.options.queueReady()) return unavailable(null);
        const command = decision.command;
        const key: AckTextKey =
          command.kind === 'audit'
            ? 'reading-audit'
            : command.kind === 'maintenance-status'
              ? 'reading-maintenance'
              : 'deciding-maintenance';
        return {
          status: 'maintenance',
          locale,
          ackText: ackText(locale, key, { id: 'requestId' in command ? command.requestId : '' }),
          maintenance: { request, command },
        };
      }
      case 'enqueue': {
        const { job } = decision;
        if (!this.options.queueReady()) {
          this.options.logger.warn(
            { requestId: request.requestId, source: request.source },
            'Redis connection not ready: the ack says the queue is unavailable',
          );
          return unavailable(job.cluster);
        }
        const node = 'node' in job.command ? job.command.node : undefined;
        // A `--lang` in the text decides by itself: parsing with the other default gives the same locale.
        const lookUpLocale =
          neutral &&
          cached === undefined &&
          parseCommand(request.text, { defaultLocale: config.locale === 'ko' ? 'en' : 'ko' }).locale !==
            locale;
        return {
          status: 'accepted',
          locale,
          ackText: ackText(locale, ACK_TEXT[ackOf(job.command)], { node, cluster: job.cluster }),
          prepared: { request, job, lookUpLocale },
        };
      }
    }
  }

  /**
   * Finish a request after its ack: for `accepted`, claim the de-duplication keys (a seen key →
   * `duplicate`, nothing enqueued), look up the user's locale when {@link PreparedJob.lookUpLocale},
   * enqueue, record the reply deadline. For the other decisions, only warm the locale cache for
   * language-neutral text so that the next ack speaks the user's language.
   * @param decision - what {@link decide} returned
   * @returns the outcome; `queue-unavailable` (with the reply to post as a follow-up) when Redis
   *   failed; never rejects for Redis or Slack failures
   * @throws only on programming errors
   */
  async complete(decision: AckDecision): Promise<AfterAckOutcome> {
    const { logger, store } = this.options;
    if (decision.status === 'schedule')
      return this.completeSchedule(decision.schedule.request, decision.schedule.command, decision.locale);
    if (decision.status === 'maintenance')
      return this.completeMaintenance(
        decision.maintenance.request,
        decision.maintenance.command,
        decision.locale,
      );
    if (decision.status !== 'accepted') {
      if (decision.warmLocaleOf !== undefined) await this.options.userLocales.localeOf(decision.warmLocaleOf);
      return { status: 'none' };
    }
    const { request, lookUpLocale } = decision.prepared;
    let job = decision.prepared.job;
    // One token per delivery: a claim retried after a lost reply is still ours (SlackStore.claim).
    const owner = randomBytes(8).toString('hex');
    const giveUpAt = this.now() + (this.options.enqueueRetryMs ?? DEFAULT_ENQUEUE_RETRY_MS);
    for (let attempt = 1, waitMs = 250; ; attempt += 1, waitMs = Math.min(waitMs * 2, 2000)) {
      try {
        if (!(await store.claim(request.dedupKeys, this.options.dedupTtlSeconds, owner))) {
          logger.info(
            { requestId: request.requestId, source: request.source },
            'duplicate Slack delivery ignored',
          );
          return { status: 'duplicate', locale: job.locale };
        }
        if (lookUpLocale && attempt === 1) {
          const userLocale =
            (await this.options.userLocales.localeOf(request.userId)) ?? this.options.config.locale;
          if (userLocale !== job.locale) job = { ...job, locale: userLocale };
        }
        // The job id comes from the request id: enqueueing again after an unanswered try adds nothing.
        const result = await this.options.queue.enqueue(job);
        if (result.duplicate && attempt === 1) return { status: 'duplicate', locale: job.locale };
        const address = job.replyTo.address as Record<string, string>;
        try {
          await store.addPending(
            { requestId: request.requestId, cluster: job.cluster, locale: job.locale, address },
            this.now() + this.options.replyDeadlineMs,
          );
        } catch (err) {
          // The job is queued and its answer will come; only the "did not finish" follow-up is lost.
          logger.warn(
            { err, requestId: request.requestId },
            'could not record the reply deadline; no follow-up if the worker stays silent',
          );
        }
        if (attempt > 1)
          logger.info({ requestId: request.requestId, attempt }, 'enqueued after Redis came back');
        return { status: 'enqueued', locale: job.locale, jobId: result.jobId };
      } catch (err) {
        if (!(err instanceof Error)) throw err;
        if (this.now() + waitMs < giveUpAt) {
          logger.warn(
            { err, requestId: request.requestId, attempt },
            'could not enqueue the Slack request after the ack; retrying',
          );
          // unref'd: a retry still waiting when the gateway stops does not hold the process up
          await new Promise((resolve) => setTimeout(resolve, waitMs).unref());
          continue;
        }
        logger.warn(
          { err, requestId: request.requestId, attempt },
          'could not enqueue the Slack request after the ack: queue unavailable',
        );
        // A new delivery of the same request (a retry, the user trying again) may go through once Redis is back.
        store
          .release(request.dedupKeys)
          .catch((releaseError: unknown) =>
            logger.debug({ err: releaseError }, 'could not release dedup keys'),
          );
        // A try whose reply was lost may have queued the job after all: withdraw it once Redis is
        // back, so the user, told "unavailable", does not get a late answer as well.
        this.options.queue
          .withdraw?.(job)
          .catch((withdrawError: unknown) =>
            logger.warn({ err: withdrawError, requestId: request.requestId }, 'could not withdraw the job'),
          );
        const reply = explainFailure(
          { locale: job.locale, requestId: request.requestId, cluster: job.cluster },
          'queue-unavailable',
        );
        return { status: 'queue-unavailable', locale: job.locale, reply };
      }
    }
  }

  /** Carry out a maintenance decision, status or audit after its ack, once per delivery. */
  private async completeMaintenance(
    request: SlackRequest,
    command: MaintenanceStateCommand,
    locale: Locale,
  ): Promise<AfterAckOutcome> {
    const { logger, store, maintenance } = this.options;
    try {
      if (!(await store.claim(request.dedupKeys, this.options.dedupTtlSeconds))) {
        logger.info(
          { requestId: request.requestId, source: request.source },
          'duplicate Slack delivery ignored',
        );
        return { status: 'duplicate', locale };
      }
      await maintenance?.handle(command, { request, locale });
      return { status: 'none' };
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      logger.warn(
        { err, requestId: request.requestId, kind: command.kind },
        'maintenance command failed: queue unavailable',
      );
      return {
        status: 'queue-unavailable',
        locale,
        reply: explainFailure({ locale, requestId: request.requestId, cluster: null }, 'queue-unavailable'),
      };
    }
  }

  /** Carry out a schedule command after its ack, once per delivery (dedup keys as for jobs). */
  private async completeSchedule(
    request: SlackRequest,
    command: ScheduleCommand,
    locale: Locale,
  ): Promise<AfterAckOutcome> {
    const { logger, store, schedules } = this.options;
    const ctx = { channel: request.channel, userId: request.userId, locale, requestId: request.requestId };
    try {
      if (!(await store.claim(request.dedupKeys, this.options.dedupTtlSeconds))) {
        logger.info(
          { requestId: request.requestId, source: request.source },
          'duplicate Slack delivery ignored',
        );
        return { status: 'duplicate', locale };
      }
      if (!schedules) return { status: 'none' };
      return { status: 'schedule-answered', locale, reply: await schedules.handle(command, ctx) };
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      logger.warn({ err, requestId: request.requestId }, 'schedule command failed: queue unavailable');
      return {
        status: 'queue-unavailable',
        locale,
        reply: explainFailure({ ...ctx, cluster: null }, 'queue-unavailable'),
      };
    }
  }
}
