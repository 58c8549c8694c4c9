/**
 * Maintenance requests in Teams, free of botbuilder types:
 *
 * - Delivery (from the Teams replies queue): the request card (reply kind `maintenance` with
 *   `context.maintenanceId`) is posted once and its address `{ conversationKey, activityId }` is
 *   given to `MaintenanceService.attachCard`; replies with delivery `thread` are posted as replies
 *   to the card activity (`replyToId`: in a channel they land in the card's thread); `update-card`
 *   replaces the card activity in place (updateActivity).
 * - Buttons: `Action.Execute` verbs `maintenance-approve` / `-reject` / `-cancel` (data carries the
 *   request id), or their `Action.Submit` fallback. The clicker is identified by tenant id and Entra
 *   ID (AAD) object id only, never by name; a missing AAD object id is refused. A refusal is
 *   answered only to the clicker (invoke response of type `application/vnd.microsoft.activity.message`)
 *   and changes nothing; a counted decision answers with the updated card (invoke response of type
 *   `application/vnd.microsoft.card.adaptive`) and also replaces the card activity for everyone.
 * - Typed `approve mr-…`, `reject mr-…`, `cancel mr-…`, `maintenance status mr-…` and `audit` are
 *   answered here in the turn, from Redis only (no job).
 *
 * Card updates of one request are serialized in this process and always render the request as it
 * is in Redis at send time, so the last update shows the newest state.
 */
import type { MaintenanceChatPort } from '../../src/maintenance/maintenance-service.js';
import { createHash } from 'node:crypto';
import type { Locale, MaintenanceStateCommand } from '../../src/commands/types.js';
import {
  decisionOfButton,
  explainAudit,
  explainMaintenanceRefusal,
} from '../../src/maintenance/explain-maintenance.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerJob } from '../../src/queue/job.js';
import type { ReplyDelivery } from '../../src/queue/reply-queue.js';
import type { Actor, AuditEntry, DecisionResult, MaintenanceRequest } from '../../src/maintenance/types.js';
import { REQUEST_ID_PATTERN } from '../../src/maintenance/types.js';
import type { Logger } from '../../src/util/logger.js';
import {
  ADAPTIVE_CARD_CONTENT_TYPE,
  renderMaintenanceCard,
  renderTeamsCards,
  teamsActivity,
} from './render-card.js';
import type { CardActionData } from './render-card.js';
import type {
  InvokeReply,
  OutboundActivity,
  StoredReference,
  TeamsInbound,
  TeamsTurn,
} from './teams-bot-framework.js';
import type { TeamsAddress, TeamsPoster } from './teams-poster.js';
import { TeamsDeliveryError } from './teams-poster.js';
import type { TeamsStore } from './teams-store.js';

/**
 * What the Teams adapter needs of `MaintenanceService` (src/maintenance/maintenance-service.ts);
 * the service satisfies it as is. Every method may throw what Redis throws.
 */
export type TeamsMaintenancePort = MaintenanceChatPort;

/** The card address the Teams adapter gives `attachCard` (and reads back from `request.card`). */
export interface TeamsCardAddress {
  /** The conversation id: key of the stored conversation reference. */
  conversationKey: string;
  /** Teams' id of the card activity. */
  activityId: string;
}

/** Options of {@link TeamsMaintenance}. */
export interface TeamsMaintenanceOptions {
  service: TeamsMaintenancePort;
  poster: Pick<TeamsPoster, 'sendOne' | 'updateOne'>;
  store: Pick<TeamsStore, 'reference' | 'postedMessages' | 'markPosted' | 'claim' | 'release'>;
  /** The audit entries as a reply. @defaultValue `explainAudit` of src/maintenance/explain-maintenance.ts */
  explainAudit?: (entries: AuditEntry[], locale: Locale) => Reply;
  /** Language when the activity has no usable locale. */
  defaultLocale: Locale;
  logger: Logger;
  /** Audit entries shown by `audit`. @defaultValue 20 */
  auditCount?: number;
}

/** How long a click's activity id is remembered, in s (Teams redelivers within seconds). */
const CLICK_DEDUP_SECONDS = 900;

/** How long a message being posted is claimed, in s (longer than the poster's retries of one message). */
const POST_CLAIM_SECONDS = 120;

/** The adapter's own short texts (English, Korean). */
const TEXTS = {
  en: {
    noIdentity:
      'Teams did not send your Entra ID (AAD) object id or tenant, so the bot cannot tell who you are. Nothing was changed.',
    badId: 'That is not a maintenance request id (mr- and 10 letters or digits).',
    'approval-counted': 'Your approval of {{id}} is counted ({{count}} of {{required}}).',
    approved: 'Approved: {{id}} has all its approvals; the maintenance of {{node}} starts.',
    rejected: 'Rejected {{id}}.',
    cancelled: 'Cancelled {{id}}.',
    'cancel-requested':
      'Cancelling {{id}}: the bot stops at its next step and says what state {{node}} is in.',
  },
  ko: {
    noIdentity:
      'Teams가 Entra ID(AAD) 개체 ID나 테넌트를 보내지 않아 누구인지 확인할 수 없습니다. 아무것도 바뀌지 않았습니다.',
    badId: '유지보수 요청 ID가 아닙니다(mr- 뒤에 영문자·숫자 10개).',
    'approval-counted': '{{id}} 승인이 반영되었습니다({{count}}/{{required}}).',
    approved: '승인 완료: {{id}}의 승인이 모두 모여 {{node}} 유지보수를 시작합니다.',
    rejected: '{{id}}을(를) 거절했습니다.',
    cancelled: '{{id}}을(를) 취소했습니다.',
    'cancel-requested': '{{id}} 취소 중: 봇이 다음 단계에서 멈추고 {{node}}의 상태를 알려 드립니다.',
  },
} as const;

/** Keys of the adapter's own maintenance texts. */
export type TeamsMaintenanceTextKey = keyof (typeof TEXTS)['en'];
type TextKey = TeamsMaintenanceTextKey;

/**
 * One of the adapter's own maintenance texts.
 * @param locale - `en` or `ko`
 * @param key - e.g. `noIdentity`
 * @param params - `{{name}}` values
 */
export function teamsMaintenanceText(
  locale: Locale,
  key: TextKey,
  params: Record<string, string | number> = {},
): string {
  return text(locale, key, params);
}

function text(locale: Locale, key: TextKey, params: Record<string, string | number> = {}): string {
  return TEXTS[locale][key].replace(/\{\{(\w+)\}\}/g, (m, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : m,
  );
}

/** The invoke answer that shows a short message to the user who clicked only (Universal Actions). */
function invokeMessage(value: string): InvokeReply {
  return {
    status: 200,
    body: { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value },
  };
}

/**
 * The actor of a Teams activity: tenant id + Entra ID (AAD) object id, never the name.
 * @param a - the activity
 * @returns the actor, or undefined when Teams sent no AAD object id or no tenant id
 */
export function teamsActor(
  a: Pick<TeamsInbound, 'tenantId' | 'fromAadObjectId' | 'fromName' | 'guest'>,
): Actor | undefined {
  if (!a.fromAadObjectId || !a.tenantId) return undefined;
  return {
    platform: 'teams',
    tenant: a.tenantId,
    id: a.fromAadObjectId,
    ...(a.fromName ? { displayName: a.fromName } : {}),
    ...(a.guest ? { guest: true } : {}),
  };
}

function cardAddressOf(request: MaintenanceRequest | null): TeamsCardAddress | undefined {
  const card = request?.card;
  if (
    !card ||
    typeof card.conversationKey !== 'string' ||
    typeof card.activityId !== 'string' ||
    card.activityId === ''
  )
    return undefined;
  return { conversationKey: card.conversationKey, activityId: card.activityId };
}

/**
 * Maintenance in the Teams adapter: card delivery, buttons and typed decisions.
 */
export class TeamsMaintenance {
  private readonly updates = new Map<string, Promise<void>>();
  private readonly background = new Set<Promise<void>>();

  /** @param options - see {@link TeamsMaintenanceOptions} */
  constructor(private readonly options: TeamsMaintenanceOptions) {}

  /**
   * Whether a reply from the replies queue is a maintenance delivery (the request card, a thread
   * message or a card update) that {@link deliver} handles.
   * @param reply - the reply
   * @param delivery - its delivery mode
   */
  static handles(reply: Reply, delivery: ReplyDelivery | undefined): boolean {
    if (delivery?.mode === 'thread' || delivery?.mode === 'update-card') return true;
    return reply.kind === 'maintenance' && typeof reply.context.maintenanceId === 'string';
  }

  /**
   * Deliver a maintenance reply. At least once from the replies queue, so every step is
   * idempotent (posted markers per delivery; attachCard with the same address).
   * @param reply - the card, thread message or updated card
   * @param job - the job it belongs to (`requestId` keys the posted markers)
   * @param delivery - `thread`, `update-card`, or new (the request card)
   * @returns true when delivered; false when it never can be (logged)
   * @throws TeamsDeliveryError when a retry may work (the card is not attached yet, Teams throttles)
   */
  async deliver(reply: Reply, job: AnswerJob, delivery: ReplyDelivery | undefined): Promise<boolean> {
    if (delivery?.mode === 'update-card') {
      await this.updateCard(delivery.maintenanceId, undefined, reply);
      return true;
    }
    if (delivery?.mode === 'thread') {
      const post = (): Promise<boolean> => this.postInThread(delivery.maintenanceId, reply, job);
      // Numbered thread messages wait for the earlier ones, which another gateway may be posting.
      const order = this.options.service.threadOrder;
      return order ? order.inTurn(delivery.maintenanceId, delivery.seq, post, this.options.logger) : post();
    }
    return this.postCard(reply, job);
  }

  /** Post the request card once and attach its address to the request. */
  private async postCard(reply: Reply, job: AnswerJob): Promise<boolean> {
    const { store, poster, service, logger } = this.options;
    const id = reply.context.maintenanceId ?? '';
    const address = job.replyTo.address as unknown as TeamsAddress;
    const reference = await store.reference(address.conversation);
    if (!reference) {
      logger.error(
        { requestId: job.requestId, maintenanceId: id, conversation: address.conversation },
        'no stored conversation reference: cannot post the maintenance card',
      );
      return false;
    }
    // One card per request, whatever job carried it: a retried delivery finds it and only attaches.
    const activityId = await this.postOnce(`mcard:${id}`, 0, () =>
      poster.sendOne(reference, renderMaintenanceCard(reply), job.requestId),
    );
    if (activityId === undefined) return false;
    const card: TeamsCardAddress = { conversationKey: address.conversation, activityId };
    await service.attachCard(id, { ...card });
    logger.info({ maintenanceId: id, activityId }, 'maintenance card posted in Teams');
    return true;
  }

  /** Post a message as a reply to the request card (its thread in a channel). */
  private async postInThread(id: string, reply: Reply, job: AnswerJob): Promise<boolean> {
    const { store, poster, service, logger } = this.options;
    const request = await service.get(id);
    if (!request) {
      logger.error(
        { maintenanceId: id, requestId: job.requestId },
        'no such maintenance request: thread message dropped',
      );
      return false;
    }
    const card = cardAddressOf(request);
    if (!card)
      throw new TeamsDeliveryError(
        `the card of maintenance request ${id} is not posted yet; retrying later`,
        undefined,
      );
    const reference = await store.reference(card.conversationKey);
    if (!reference) {
      logger.error(
        { maintenanceId: id, conversation: card.conversationKey },
        'no stored conversation reference: thread message dropped',
      );
      return false;
    }
    const messages = renderTeamsCards(reply, { cardKey: id });
    // Markers per message content: a redelivered reply posts nothing twice, whatever job id carried it.
    const markerKey = `mthread:${id}:${createHash('sha256')
      .update(`${job.requestId}\n${JSON.stringify(reply)}`, 'utf8')
      .digest('hex')
      .slice(0, 24)}`;
    for (const [index, message] of messages.entries()) {
      const activityId = await this.postOnce(markerKey, index, () =>
        poster.sendOne(reference, message, job.requestId, card.activityId),
      );
      if (activityId === undefined) return false;
    }
    return true;
  }

  /**
   * Post one message at most once across deliveries, concurrent ones and gateway replicas
   * included: the posted marker answers a repeat; a short Redis claim keeps a concurrent twin
   * from posting too (it is retried by the replies queue and then finds the marker).
   * @returns the activity id (new or recorded), or undefined when Teams refused it for good
   * @throws TeamsDeliveryError while another delivery holds the claim, or when a retry may work
   */
  private async postOnce(
    markerKey: string,
    index: number,
    send: () => Promise<string | undefined>,
  ): Promise<string | undefined> {
    const { store } = this.options;
    const recorded = (await store.postedMessages(markerKey)).get(index);
    if (recorded !== undefined) return recorded;
    const claim = `posting:${markerKey}:${index}`;
    if (!(await store.claim(claim, POST_CLAIM_SECONDS)))
      throw new TeamsDeliveryError(
        `${markerKey}#${index} is being posted by another delivery; retrying later`,
        undefined,
      );
    let activityId: string | undefined;
    try {
      activityId = await send();
    } finally {
      if (activityId === undefined) await store.release(claim);
    }
    if (activityId !== undefined) await store.markPosted(markerKey, index, activityId);
    return activityId;
  }

  /**
   * Replace the request card for everyone with the request as it is now. Serialized per request
   * in this process; the card is rendered from Redis when its turn comes.
   * @param id - the request id
   * @param fallback - where the card is when the request has none attached (the clicked card)
   * @param fallbackReply - the card to show when the request is gone from Redis
   * @throws TeamsDeliveryError when the card is unknown or a retry may work
   */
  updateCard(
    id: string,
    fallback?: { reference: StoredReference; activityId: string },
    fallbackReply?: Reply,
  ): Promise<void> {
    const previous = this.updates.get(id) ?? Promise.resolve();
    const next = previous
      .catch(() => undefined)
      .then(async () => {
        const { store, poster, service, logger } = this.options;
        const request = await service.get(id);
        const reply = request ? service.cardReply(request) : fallbackReply;
        if (!reply) {
          logger.warn({ maintenanceId: id }, 'no such maintenance request: card not updated');
          return;
        }
        const card = cardAddressOf(request);
        let reference: StoredReference | undefined;
        let activityId: string | undefined;
        if (card) {
          reference = await store.reference(card.conversationKey);
          activityId = card.activityId;
        }
        if (!reference && fallback) {
          reference = fallback.reference;
          activityId = fallback.activityId;
        }
        if (!reference || !activityId)
          throw new TeamsDeliveryError(
            `the card of maintenance request ${id} is not known yet; retrying later`,
            undefined,
          );
        await poster.updateOne(reference, activityId, renderMaintenanceCard(reply), id);
      });
    this.updates.set(id, next);
    const cleanup = (): void => {
      if (this.updates.get(id) === next) this.updates.delete(id);
    };
    next.then(cleanup, cleanup);
    return next;
  }

  /** Update the card without waiting; failures are logged. Awaited by {@link close}. */
  private updateInBackground(
    id: string,
    fallback?: { reference: StoredReference; activityId: string },
  ): void {
    const work = this.updateCard(id, fallback).catch((err: unknown) =>
      this.options.logger.warn({ err, maintenanceId: id }, 'could not update the maintenance card in Teams'),
    );
    this.background.add(work);
    void work.finally(() => this.background.delete(work));
  }

  private localeOf(a: TeamsInbound): Locale {
    const lang = a.locale?.toLowerCase().slice(0, 2);
    return lang === 'ko' ? 'ko' : lang === 'en' ? 'en' : this.options.defaultLocale;
  }

  private outcomeText(result: Extract<DecisionResult, { ok: true }>, locale: Locale): string {
    const r = result.request;
    return text(locale, result.outcome, {
      id: r.id,
      node: r.node,
      count: r.approvals.length,
      required: r.approvalsRequired,
    });
  }

  /**
   * A maintenance button: `Action.Execute` (invoke) or its `Action.Submit` fallback (a message).
   * @param turn - the turn
   * @param data - the button data (`action` a maintenance verb, `requestId`)
   * @param via - `execute`: the answer is the invoke response; `submit`: a refusal is sent as a
   *   message in the turn (older clients have no private answer)
   * @returns the invoke response (`execute`), or undefined (`submit`)
   */
  async onButton(
    turn: TeamsTurn,
    data: CardActionData,
    via: 'execute' | 'submit',
  ): Promise<InvokeReply | undefined> {
    const a = turn.activity;
    const locale = this.localeOf(a);
    const say = async (message: string): Promise<InvokeReply | undefined> => {
      if (via === 'execute') return invokeMessage(message);
      await turn.send({ type: 'message', text: message });
      return undefined;
    };
    const action = decisionOfButton(data.action);
    const id = data.requestId ?? data.value;
    if (!action || !REQUEST_ID_PATTERN.test(id)) return say(text(locale, 'badId'));
    const actor = teamsActor(a);
    if (!actor) {
      this.options.logger.warn(
        { maintenanceId: id, fromId: a.fromId },
        'maintenance button without an AAD object id or tenant: refused',
      );
      return say(text(locale, 'noIdentity'));
    }
    let result: DecisionResult;
    try {
      // Teams redelivers an activity it got no answer for in time: the same click is decided once,
      // and a redelivered Execute gets the card as it is now (not "already counted").
      if (!(await this.options.store.claim(`act:${a.conversationId}:${a.id}`, CLICK_DEDUP_SECONDS))) {
        this.options.logger.info(
          { maintenanceId: id, activityId: a.id },
          'redelivered maintenance click ignored',
        );
        const current = await this.options.service.get(id);
        if (via === 'submit' || !current) return undefined;
        return {
          status: 200,
          body: {
            statusCode: 200,
            type: ADAPTIVE_CARD_CONTENT_TYPE,
            value: renderMaintenanceCard(this.options.service.cardReply(current)).card,
          },
        };
      }
      result = await this.options.service.decide(id, actor, action);
    } catch (err) {
      this.options.logger.warn(
        { err, maintenanceId: id },
        'could not record the maintenance decision (Redis)',
      );
      return say(translator(locale).t('error.queue-unavailable'));
    }
    if (!result.ok) {
      this.options.logger.info(
        { maintenanceId: id, refusal: result.refusal, actor: `${actor.tenant}:${actor.id}` },
        'maintenance decision refused',
      );
      return say(this.options.service.refusalText(result.refusal, result.request, locale));
    }
    this.options.logger.info({ maintenanceId: id, outcome: result.outcome }, 'maintenance decision recorded');
    // Everyone sees the new card: replace the card activity (also what Action.Submit clients need).
    this.updateInBackground(
      id,
      a.replyToId ? { reference: turn.reference, activityId: a.replyToId } : undefined,
    );
    if (via === 'submit') return undefined;
    const card = renderMaintenanceCard(this.options.service.cardReply(result.request));
    return { status: 200, body: { statusCode: 200, type: ADAPTIVE_CARD_CONTENT_TYPE, value: card.card } };
  }

  /**
   * A typed `approve|reject|cancel mr-…`, `maintenance status mr-…` or `audit`, answered in the turn.
   * @param turn - the turn
   * @param command - the parsed command
   * @param locale - the answer language (from the text, else the activity locale)
   */
  async onTyped(turn: TeamsTurn, command: MaintenanceStateCommand, locale: Locale): Promise<void> {
    const { service, logger } = this.options;
    const say = async (message: string): Promise<void> => {
      await turn.send({ type: 'message', text: message });
    };
    const sendReply = async (reply: Reply, maintenanceCard: boolean): Promise<void> => {
      const messages = maintenanceCard ? [renderMaintenanceCard(reply)] : renderTeamsCards(reply, {});
      for (const m of messages) await turn.send(teamsActivity(m) as OutboundActivity);
    };
    /** Redis work: a failure is told to the user as "queue unavailable" (sends are not wrapped). */
    const redis = async <T>(work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false }> => {
      try {
        return { ok: true, value: await work() };
      } catch (err) {
        logger.warn({ err, kind: command.kind }, 'maintenance command failed (Redis)');
        await say(translator(locale).t('error.queue-unavailable'));
        return { ok: false };
      }
    };
    if (command.kind === 'maintenance-status') {
      const got = await redis(() => service.get(command.requestId));
      if (!got.ok) return;
      if (!got.value) await say(service.refusalText('not-found', undefined, locale));
      else await sendReply(service.cardReply(got.value), true);
      return;
    }
    const actor = teamsActor(turn.activity);
    if (!actor) {
      await say(text(locale, 'noIdentity'));
      return;
    }
    if (command.kind === 'audit') {
      const audit = await redis(() => service.recentAudit(actor, this.options.auditCount ?? 20));
      if (!audit.ok) return;
      if (!audit.value.ok) await say(explainMaintenanceRefusal(audit.value.refusal, undefined, locale));
      else await sendReply((this.options.explainAudit ?? explainAudit)(audit.value.entries, locale), false);
      return;
    }
    const decided = await redis(() => service.decide(command.requestId, actor, command.action));
    if (!decided.ok) return;
    const result = decided.value;
    if (!result.ok) {
      logger.info(
        { maintenanceId: command.requestId, refusal: result.refusal },
        'typed maintenance decision refused',
      );
      await say(service.refusalText(result.refusal, result.request, locale));
      return;
    }
    logger.info(
      { maintenanceId: command.requestId, outcome: result.outcome },
      'typed maintenance decision recorded',
    );
    await say(this.outcomeText(result, locale));
    this.updateInBackground(command.requestId);
  }

  /** Wait for card updates still running (bounded by the caller). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }
}
