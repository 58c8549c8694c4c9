/**
 * The request side of the Teams adapter, free of botbuilder types: one {@link TeamsTurn} in, what
 * to say now and which job to enqueue.
 *
 * - Messages (personal chat, group chat, channel; the @mention already stripped) become a
 *   `ChatCommand` and the shared intake (src/intake/intake.ts) decides: bad input, unknown clusters
 *   and help without a known cluster are answered at once with a card and enqueue nothing;
 *   otherwise claim the activity (Teams redelivers what it got no 200 for), store the
 *   conversation reference, show typing and a short "Checking …", and enqueue the job. The
 *   worker's answer comes back through the replies queue ({@link TeamsPoster}).
 * - Card buttons: `Action.Execute` (invoke `adaptiveCard/action`) or the `Action.Submit` fallback
 *   (a message whose `value` carries the data) take the same route: Refresh enqueues the card's
 *   job again with `replyTo.address.update` = the card's activity id, so the answer replaces the
 *   card in place; HA status enqueues a status check for the card's cluster.
 * - Maintenance: `maintain NODE …` is enqueued like any check (refused at once when
 *   Teams sent no AAD object id); typed decisions (`approve|reject|cancel mr-…`), `maintenance
 *   status mr-…` and `audit`, and the card's maintenance buttons, are answered by
 *   {@link TeamsMaintenance} from Redis, with no job.
 * - Language: Korean text → Korean; language-neutral text (`status`, `help`) → the activity's
 *   `locale`, else the configured locale; `--lang` wins.
 */
import { createHash } from 'node:crypto';
import type { ScheduleCommand } from '../../src/commands/parse-schedule-command.js';
import {
  handleScheduleCommand,
  precheckScheduleCommand,
} from '../../src/schedule/handle-schedule-command.js';
import type { ScheduleService } from '../../src/schedule/schedule-service.js';
import type { ChatCommand, Command, Locale, MaintenanceStateCommand } from '../../src/commands/types.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import type { JobSink } from '../../src/intake/connect-platform.js';
import { ackOf, decideChatCommand } from '../../src/intake/intake.js';
import type { AckKind } from '../../src/intake/intake.js';
import type { AnswerJob } from '../../src/queue/job.js';
import type { Logger } from '../../src/util/logger.js';
import { CARD_ACTION_MARKER, isMaintenanceVerb, renderTeamsCards, teamsActivity } from './render-card.js';
import type { CardActionData } from './render-card.js';
import type { InvokeReply, OutboundActivity, TeamsTurn } from './teams-bot-framework.js';
import { teamsActor, teamsMaintenanceText } from './teams-maintenance.js';
import type { TeamsMaintenance } from './teams-maintenance.js';
import type { TeamsAddress } from './teams-poster.js';
import type { ReferenceUse, TeamsStore } from './teams-store.js';
import { admitTeamsActivity } from './teams-identity.js';
import type { TeamsAdmissionPolicy } from './teams-identity.js';
import type { TeamsTurnGate } from './teams-rate-limit.js';

/** The queue as the bot uses it (the platform connection's rate-limited queue). */
export type TeamsJobSink = Pick<JobSink, 'enqueue'>;

/**
 * Schedule commands (`schedule daily 09:00 …`, `schedules`, `unschedule <id>`: the same
 * commands as in Slack), answered by the adapter from Redis: one schedule per (Teams conversation,
 * cluster), posted later through the conversation's stored reference.
 */
export type TeamsScheduleService = Pick<ScheduleService, 'validate' | 'create' | 'list' | 'remove'>;

/** Options of {@link TeamsBot}. */
export interface TeamsBotOptions {
  config: Pick<BotConfig, 'clusters' | 'defaultCluster' | 'locale'>;
  queue: TeamsJobSink;
  /** The per-user rate limit, asked once per turn before anything else (./teams-rate-limit.ts). @defaultValue no limit */
  admit?: TeamsTurnGate;
  store: Pick<TeamsStore, 'claim' | 'release' | 'saveReference' | 'card' | 'addPending'>;
  dedupTtlSeconds: number;
  /** After this long without a reply, the adapter sends a "did not finish" follow-up, in ms. */
  replyDeadlineMs: number;
  logger: Logger;
  /** @defaultValue Date.now */
  now?: () => number;
  /** Maintenance buttons and typed decisions; without it they answer "not available". */
  maintenance?: Pick<TeamsMaintenance, 'onButton' | 'onTyped'>;
  /** Which tenants are served (adapters/teams/teams-identity.ts); asked for every activity. */
  admission: TeamsAdmissionPolicy;
  /** Schedule commands; without it they are parsed as ordinary requests. */
  schedules?: TeamsScheduleService;
}

/** What a handled turn did (for logs and tests). */
export type TeamsTurnOutcome =
  'answered' | 'enqueued' | 'duplicate' | 'queue-unavailable' | 'ignored' | 'reference-saved';

/**
 * Teams' locale string to an answer language.
 * @param locale - e.g. `ko-KR`, `en-US`
 * @returns `ko`, `en`, or undefined for languages the bot does not speak
 */
export function localeFromTeams(locale: string | undefined): Locale | undefined {
  const lang = locale?.toLowerCase().slice(0, 2);
  return lang === 'ko' ? 'ko' : lang === 'en' ? 'en' : undefined;
}

/**
 * A request id derived from Teams' own ids, so a redelivered activity maps to the same job:
 * `<prefix>-<first 24 hex digits of sha256(conversation id, activity id)>`.
 * @param prefix - `tm` for messages, `rf` for Refresh, `hs` for HA status buttons
 * @param conversationId - the activity's conversation id
 * @param activityId - the activity id
 */
export function teamsRequestId(prefix: string, conversationId: string, activityId: string): string {
  return `${prefix}-${createHash('sha256').update(`${conversationId}\n${activityId}`, 'utf8').digest('hex').slice(0, 24)}`;
}

function isCardAction(value: unknown): value is CardActionData {
  const v = value as Partial<CardActionData> | null;
  return (
    v !== null &&
    typeof v === 'object' &&
    v.k8sHaBot === CARD_ACTION_MARKER &&
    typeof v.action === 'string' &&
    typeof v.card === 'string'
  );
}

/** The ack text key of each kind of accepted command. */
const ACK_TEXT: Readonly<Record<AckKind, string>> = {
  status: 'teams.checkingStatus',
  'drain-only': 'teams.checkingDrainOnly',
  upgrade: 'teams.checkingUpgrade',
  drain: 'teams.checkingDrain',
  node: 'teams.checkingNode',
  maintenance: 'teams.checkingNode',
  plan: 'teams.checkingPlan',
  cluster: 'teams.checkingCluster',
};

/**
 * A Teams message as the shared intake takes it: the user by AAD object id (else the channel
 * account id) and tenant, the reply address (conversation, user), the client's locale.
 * @param turn - the turn of a message activity
 * @param requestId - from {@link teamsRequestId}
 */
export function teamsChatCommand(turn: TeamsTurn, requestId: string): ChatCommand {
  const a = turn.activity;
  const address: TeamsAddress = { conversation: a.conversationId, user: a.fromId };
  const locale = localeFromTeams(a.locale);
  return {
    requestId,
    text: turn.text,
    user: {
      platform: 'teams',
      id: a.fromAadObjectId ?? a.fromId,
      ...(a.tenantId ? { tenant: a.tenantId } : {}),
      ...(a.fromName ? { displayName: a.fromName } : {}),
      ...(a.guest ? { guest: true } : {}),
    },
    replyTo: { platform: 'teams', address: address as unknown as Record<string, string> },
    ...(locale === undefined ? {} : { locale }),
  };
}

/** The invoke answer that shows a short message to the user who clicked (Universal Actions). */
function invokeMessage(text: string): InvokeReply {
  return {
    status: 200,
    body: { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text },
  };
}

/**
 * Handles Teams turns. Never throws for Redis failures (the user is told the queue is unavailable).
 */
export class TeamsBot {
  private readonly now: () => number;

  /** @param options - see {@link TeamsBotOptions} */
  constructor(private readonly options: TeamsBotOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Handle one turn.
   * @param turn - the neutral turn from the botbuilder boundary
   * @returns the invoke answer for card actions (undefined otherwise)
   */
  async onTurn(received: TeamsTurn): Promise<InvokeReply | undefined> {
    const admission = admitTeamsActivity(received.activity, this.options.admission);
    if (!admission.admitted) {
      const r = received.activity;
      this.options.logger.warn(
        {
          reason: admission.reason,
          tenant: r.tenantId,
          tenantConflict: r.tenantConflict === true,
          fromAadObjectId: r.fromAadObjectId,
          conversation: r.conversationId,
          type: r.type,
        },
        'Teams activity from a tenant that is not served refused',
      );
      // Nothing goes to this activity's serviceUrl: only a card click is answered, in its invoke
      // response (the HTTP answer, seen by the clicker alone).
      if (r.type === 'invoke' && r.name === 'adaptiveCard/action')
        return invokeMessage(this.tr(r.locale).t('identity.teamsTenantNotAllowed'));
      return undefined;
    }
    const turn: TeamsTurn = admission.guest
      ? { ...received, activity: { ...received.activity, guest: true } }
      : received;
    const a = turn.activity;
    const refused = await this.options.admit?.(turn);
    if (refused) return refused.answer;
    if (a.type === 'invoke' && a.name === 'adaptiveCard/action') {
      const value = a.value as { action?: { verb?: string; data?: unknown } } | undefined;
      const data = value?.action?.data;
      if (!isCardAction(data)) return invokeMessage(this.tr(a.locale).t('teams.actionUnavailable'));
      if (isMaintenanceVerb(data.action) || isMaintenanceVerb(value?.action?.verb)) {
        const { maintenance } = this.options;
        if (!maintenance || data.action !== value?.action?.verb)
          return invokeMessage(this.tr(a.locale).t('teams.actionUnavailable'));
        return maintenance.onButton(turn, data, 'execute');
      }
      return invokeMessage(await this.onCardAction(turn, data));
    }
    if (a.type === 'message') {
      if (isCardAction(a.value) && isMaintenanceVerb(a.value.action)) {
        if (this.options.maintenance) await this.options.maintenance.onButton(turn, a.value, 'submit');
        else await turn.send({ type: 'message', text: this.tr(a.locale).t('teams.actionUnavailable') });
        return undefined;
      }
      if (isCardAction(a.value)) {
        const text = await this.onCardAction(turn, a.value);
        await turn.send({ type: 'message', text });
        return undefined;
      }
      await this.onMessage(turn);
      return undefined;
    }
    if (a.type === 'conversationUpdate' || a.type === 'installationUpdate') {
      // Announced, not used yet: kept in the smaller set a flood cannot grow (teams-store.ts).
      await this.saveReference(turn, 'announce');
    }
    return undefined;
  }

  private tr(locale: string | undefined): ReturnType<typeof translator> {
    return translator(localeFromTeams(locale) ?? this.options.config.locale);
  }

  private async saveReference(turn: TeamsTurn, use: ReferenceUse = 'use'): Promise<boolean> {
    try {
      await this.options.store.saveReference(turn.activity.conversationId, turn.reference, use);
      return true;
    } catch (err) {
      this.options.logger.warn(
        { err, conversation: turn.activity.conversationId },
        'could not store the Teams conversation reference',
      );
      return false;
    }
  }

  private async sendReply(turn: TeamsTurn, reply: Reply): Promise<void> {
    const [message] = renderTeamsCards(reply, { maxMessages: 1 });
    if (message) await turn.send(teamsActivity(message) as OutboundActivity);
  }

  /**
   * A typed request: answer it at once, or acknowledge and enqueue it.
   * @returns what happened
   */
  async onMessage(turn: TeamsTurn): Promise<TeamsTurnOutcome> {
    const { config, logger, store } = this.options;
    const a = turn.activity;
    const requestId = teamsRequestId('tm', a.conversationId, a.id);
    const decision = decideChatCommand(teamsChatCommand(turn, requestId), {
      config,
      rules: { schedules: this.options.schedules !== undefined },
      now: this.now,
    });
    if (decision.kind === 'schedule')
      return this.onSchedule(turn, decision.command, decision.locale, requestId);
    const locale = decision.locale;
    const ctx = { locale, requestId };
    const understood: Command | undefined =
      decision.kind === 'enqueue'
        ? decision.job.command
        : decision.kind === 'answer'
          ? decision.command
          : undefined;
    let reply: Reply | undefined;
    let job: AnswerJob | undefined;
    let typed: MaintenanceStateCommand | undefined;
    let textAnswer: string | undefined;
    // Decisions, card status and audit are answered here from Redis: no job, no cluster read.
    if (decision.kind === 'maintenance') typed = decision.command;
    else if (
      (understood?.kind === 'maintenance-request' ||
        understood?.kind === 'maintenance-plan' ||
        understood?.kind === 'break-lock') &&
      !teamsActor(a)
    ) {
      // Requests are made by immutable ids only: without the AAD object id nobody can approve fairly.
      textAnswer = teamsMaintenanceText(locale, 'noIdentity');
    } else if (decision.kind === 'answer') reply = decision.reply;
    else job = decision.job;
    const dedupKey = `act:${a.conversationId}:${a.id}`;
    try {
      if (!(await store.claim(dedupKey, this.options.dedupTtlSeconds))) {
        logger.info({ requestId }, 'duplicate Teams delivery ignored');
        return 'duplicate';
      }
    } catch (err) {
      logger.warn({ err, requestId }, 'Redis unavailable: cannot take the Teams request');
      await this.sendReply(
        turn,
        explainFailure({ ...ctx, cluster: job?.cluster ?? null }, 'queue-unavailable'),
      );
      return 'queue-unavailable';
    }
    if (typed) {
      if (this.options.maintenance) await this.options.maintenance.onTyped(turn, typed, locale);
      else await turn.send({ type: 'message', text: translator(locale).t('teams.actionUnavailable') });
      return 'answered';
    }
    if (textAnswer !== undefined) {
      await turn.send({ type: 'message', text: textAnswer });
      return 'answered';
    }
    if (!job) {
      if (reply) await this.sendReply(turn, reply);
      return 'answered';
    }
    const node = job.command && 'node' in job.command ? job.command.node : undefined;
    try {
      await turn.typing();
      await turn.send({
        type: 'message',
        text: translator(locale).t(ACK_TEXT[ackOf(job.command ?? { kind: 'ha-status' })], {
          node,
          cluster: job.cluster,
        }),
      });
    } catch (err) {
      // The answer can still be delivered later; a failed acknowledgement must not lose the request.
      logger.warn({ err, requestId }, 'could not send the Teams acknowledgement; enqueuing anyway');
    }
    return this.enqueue(turn, job, dedupKey);
  }

  /**
   * A schedule command: checked without Redis first (bad time, zone or cluster changes nothing),
   * then carried out once per activity. Creating one stores the conversation reference, which the
   * scheduled post is delivered through.
   */
  private async onSchedule(
    turn: TeamsTurn,
    command: ScheduleCommand,
    locale: Locale,
    requestId: string,
  ): Promise<TeamsTurnOutcome> {
    const { config, logger, store } = this.options;
    const schedules = this.options.schedules;
    if (!schedules) return 'ignored';
    const a = turn.activity;
    const names = Object.keys(config.clusters);
    const ctx = {
      platform: 'teams' as const,
      conversation: a.conversationId,
      userId: a.fromAadObjectId ?? a.fromId,
      locale,
      requestId,
      clusters: names,
      ...(config.defaultCluster ? { defaultCluster: config.defaultCluster } : {}),
    };
    const refused = precheckScheduleCommand(command, ctx, schedules);
    const dedupKey = `act:${a.conversationId}:${a.id}`;
    try {
      if (!(await store.claim(dedupKey, this.options.dedupTtlSeconds))) return 'duplicate';
      if (refused) {
        await this.sendReply(turn, refused);
        return 'answered';
      }
      if (command.kind === 'schedule-create') await store.saveReference(a.conversationId, turn.reference);
      const reply = await handleScheduleCommand(command, ctx, schedules);
      await this.sendReply(turn, reply);
      return 'answered';
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      logger.warn({ err, requestId }, 'schedule command failed: queue unavailable');
      store
        .release(dedupKey)
        .catch((releaseError: unknown) =>
          logger.debug({ err: releaseError }, 'could not release the dedup key'),
        );
      await this.sendReply(turn, explainFailure({ locale, requestId, cluster: null }, 'queue-unavailable'));
      return 'queue-unavailable';
    }
  }

  private async enqueue(turn: TeamsTurn, job: AnswerJob, dedupKey: string): Promise<TeamsTurnOutcome> {
    const { logger, store } = this.options;
    try {
      await store.saveReference(turn.activity.conversationId, turn.reference);
      const result = await this.options.queue.enqueue(job);
      if (result.duplicate) return 'duplicate';
      try {
        await store.addPending(job, this.now() + this.options.replyDeadlineMs);
      } catch (err) {
        // The job is queued and its answer will come; only the "did not finish" follow-up is lost.
        logger.warn({ err, requestId: job.requestId }, 'could not record the reply deadline');
      }
      logger.info(
        { requestId: job.requestId, jobId: result.jobId, cluster: job.cluster },
        'Teams request enqueued',
      );
      return 'enqueued';
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      logger.warn(
        { err, requestId: job.requestId },
        'could not enqueue the Teams request: queue unavailable',
      );
      store
        .release(dedupKey)
        .catch((releaseError: unknown) =>
          logger.debug({ err: releaseError }, 'could not release the dedup key'),
        );
      await this.sendReply(
        turn,
        explainFailure(
          { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
          'queue-unavailable',
        ),
      );
      return 'queue-unavailable';
    }
  }

  /**
   * A card button (Action.Execute or its Action.Submit fallback).
   * @returns the short text shown to the user who clicked
   */
  private async onCardAction(turn: TeamsTurn, data: CardActionData): Promise<string> {
    const { logger, store } = this.options;
    const a = turn.activity;
    let record: Awaited<ReturnType<TeamsStore['card']>>;
    try {
      record = await store.card(data.card);
    } catch (err) {
      logger.warn({ err }, 'Redis unavailable: cannot run the card action');
      return this.tr(a.locale).t('error.queue-unavailable');
    }
    const tr = translator(record?.job.locale ?? localeFromTeams(a.locale) ?? this.options.config.locale);
    if (!record) return tr.t(data.action === 'refresh' ? 'teams.cardExpired' : 'teams.actionUnavailable');
    const user = {
      platform: 'teams' as const,
      id: a.fromAadObjectId ?? a.fromId,
      ...(a.tenantId ? { tenant: a.tenantId } : {}),
      ...(a.guest ? { guest: true } : {}),
    };
    let job: AnswerJob;
    if (data.action === 'refresh') {
      const address: TeamsAddress = {
        conversation: record.conversationId,
        update: record.activityId,
        card: data.card,
      };
      job = {
        ...record.job,
        requestId: teamsRequestId('rf', a.conversationId, a.id),
        user,
        replyTo: { platform: 'teams', address: address as unknown as Record<string, string> },
        enqueuedAt: new Date(this.now()).toISOString(),
      };
    } else if (data.action === 'ha-status') {
      const address: TeamsAddress = { conversation: a.conversationId };
      job = {
        requestId: teamsRequestId('hs', a.conversationId, a.id),
        text: 'status',
        command: { kind: 'ha-status', cluster: record.job.cluster },
        cluster: record.job.cluster,
        locale: record.job.locale,
        user,
        replyTo: { platform: 'teams', address: address as unknown as Record<string, string> },
        enqueuedAt: new Date(this.now()).toISOString(),
      };
    } else {
      return tr.t('teams.actionUnavailable');
    }
    const dedupKey = `act:${a.conversationId}:${a.id}`;
    try {
      if (!(await store.claim(dedupKey, this.options.dedupTtlSeconds))) return tr.t('teams.refreshing');
      await store.saveReference(a.conversationId, turn.reference);
      await this.options.queue.enqueue(job);
    } catch (err) {
      if (!(err instanceof Error)) throw err;
      logger.warn({ err, requestId: job.requestId }, 'could not enqueue the card action: queue unavailable');
      store
        .release(dedupKey)
        .catch((releaseError: unknown) =>
          logger.debug({ err: releaseError }, 'could not release the dedup key'),
        );
      return tr.t('error.queue-unavailable');
    }
    logger.info(
      { requestId: job.requestId, action: data.action, card: data.card },
      'Teams card action enqueued',
    );
    return data.action === 'refresh'
      ? tr.t('teams.refreshing')
      : tr.t('teams.checkingStatus', { cluster: job.cluster });
  }
}
