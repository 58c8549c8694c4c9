/**
 * Maintenance in Slack: the request card with its Approve / Reject / Cancel buttons,
 * decisions taken in the gateway (Redis only, no worker), the card's thread and in-place updates.
 *
 * - A worker's reply of kind `maintenance` (the request card) is posted in the channel (never
 *   ephemeral: everyone must see the card and its buttons), then its address `{ channel, ts,
 *   thread_ts? }` is attached to the request ({@link SlackMaintenanceService.attachCard}).
 * - Replies with `delivery: thread` go to the card's thread; `update-card` replaces the card with
 *   chat.update (everyone sees the new state).
 * - A click or a typed `approve mr-…`: {@link SlackMaintenance.decide} asks the service; a refusal
 *   goes to the clicker only (chat.postEphemeral) and changes nothing; a counted decision
 *   updates the card in place.
 * - `/k8s audit` and `maintenance status mr-…` are answered privately.
 */
import type { MaintenanceChatPort } from '../../src/maintenance/maintenance-service.js';
import type { webApi } from '@slack/bolt';
import { createHash } from 'node:crypto';
import type { Locale, MaintenanceStateCommand } from '../../src/commands/types.js';
import type { Reply } from '../../src/explain/reply.js';
import type {
  Actor,
  AuditEntry,
  DecisionAction,
  DecisionResult,
  MaintenanceRequest,
} from '../../src/maintenance/types.js';
import type { ReplyDelivery } from '../../src/queue/reply-queue.js';
import type { Logger } from '../../src/util/logger.js';
import { escapeMrkdwn } from './mrkdwn.js';
import type { SlackMessage } from './slack-messages.js';
import type { SlackAddress } from './slack-poster.js';
import type { SlackStore } from './slack-store.js';

/** What the Slack side needs of `MaintenanceService` (src/maintenance/maintenance-service.ts). */
export type SlackMaintenanceService = MaintenanceChatPort;

/** Texts and replies from src/explain that the Slack side shows (injected, so tests can pin them). */
export interface SlackMaintenanceTexts {
  /** The audit answer (explainAudit). */
  audit(entries: AuditEntry[], locale: Locale): Reply;
  /** "Only maintenance admins may read the audit log." */
  notAdmin(locale: Locale): string;
}

/** The Web API methods used (Bolt's `app.client` has them). */
export interface SlackMaintenanceClient {
  chat: {
    postMessage(args: webApi.ChatPostMessageArguments): Promise<webApi.ChatPostMessageResponse>;
    postEphemeral(args: webApi.ChatPostEphemeralArguments): Promise<webApi.ChatPostEphemeralResponse>;
    update(args: webApi.ChatUpdateArguments): Promise<webApi.ChatUpdateResponse>;
  };
}

/** Posts a reply like any answer (the gateway's SlackPoster). */
export interface SlackReplyPoster {
  deliver(reply: Reply, address: SlackAddress, deliveryId: string): Promise<boolean>;
}

/** Options of {@link SlackMaintenance}. */
export interface SlackMaintenanceOptions {
  service: SlackMaintenanceService;
  texts: SlackMaintenanceTexts;
  client: SlackMaintenanceClient;
  poster: SlackReplyPoster;
  /** Posted-message markers (the card's ts is read back from them). */
  store: Pick<SlackStore, 'postedMessages'>;
  render: (reply: Reply) => SlackMessage[];
  logger: Logger;
  /** Audit entries shown. @defaultValue 20 */
  auditCount?: number;
}

/** Who clicked or typed, and where. */
export interface SlackDecisionContext {
  /** Slack team id (`T…`). */
  teamId: string;
  /** Slack user id (`U…`/`W…`). */
  userId: string;
  /** Shown in texts only. */
  userName?: string;
  /** A member of another team admitted because the policy names it (`Actor.guest`). */
  guest?: boolean;
  channel: string;
  /** The answer language: the clicker's when known, else the configured one. */
  locale: Locale;
  /**
   * Looks up the clicker's own Slack language (users.info; undefined when unknown or unsupported,
   * never rejects). Called only after a refused decision, so the lookup never delays or reorders
   * decisions: the refusal is then in that language, else in the request's.
   */
  lookupUserLocale?: () => Promise<Locale | undefined>;
}

/**
 * The Slack actor of a click or typed command: the user's own team id + user id (never the display name).
 * @param ctx - team and user ids, optional display name, guest flag
 * @returns `{ platform: 'slack', tenant: teamId, id: userId, displayName?, guest? }`
 */
export function slackActor(
  ctx: Pick<SlackDecisionContext, 'teamId' | 'userId' | 'userName' | 'guest'>,
): Actor {
  return {
    platform: 'slack',
    tenant: ctx.teamId,
    id: ctx.userId,
    ...(ctx.userName ? { displayName: ctx.userName } : {}),
    ...(ctx.guest ? { guest: true } : {}),
  };
}

/** Address of a posted card: `channel`, `ts`, and `thread_ts` when the card is itself in a thread. */
interface CardAddress {
  channel: string;
  ts: string;
  thread_ts?: string;
}

function cardOf(request: MaintenanceRequest | null): CardAddress | null {
  const card = request?.card;
  if (!card || (card.platform !== undefined && card.platform !== 'slack')) return null;
  const channel = card.channel;
  const ts = card.ts;
  if (!channel || !ts) return null;
  return { channel, ts, ...(card.thread_ts ? { thread_ts: card.thread_ts } : {}) };
}

/**
 * The maintenance side of the Slack adapter (see the module doc).
 */
export class SlackMaintenance {
  /** Per request: the delivery in progress, so thread posts go out in the order they were taken. */
  private readonly chains = new Map<string, Promise<unknown>>();

  /** @param options - see {@link SlackMaintenanceOptions} */
  constructor(private readonly options: SlackMaintenanceOptions) {}

  /** Run `work` after the earlier work of the same key (entered synchronously, in call order). */
  private serial<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(key) ?? Promise.resolve();
    // An earlier failure is the earlier delivery's (its reply job is retried); this one goes on.
    const next = previous.catch(() => undefined).then(work);
    this.chains.set(key, next);
    const forget = (): void => {
      if (this.chains.get(key) === next) this.chains.delete(key);
    };
    next.then(forget, forget);
    return next;
  }

  /**
   * A decision from a button or typed: refused → an ephemeral to the actor only; counted → the
   * card updated in place.
   * @param requestId - `mr-…` (already checked against the id pattern by the caller)
   * @param action - approve, reject, cancel
   * @param ctx - who and where
   * @returns the service's result
   * @throws whatever the service throws (Redis down: BotError `queue-unavailable`)
   */
  async decide(
    requestId: string,
    action: DecisionAction,
    ctx: SlackDecisionContext,
  ): Promise<DecisionResult> {
    const { service, logger } = this.options;
    const result = await service.decide(requestId, slackActor(ctx), action);
    if (!result.ok) {
      logger.info(
        { requestId, action, refusal: result.refusal, user: ctx.userId },
        'maintenance decision refused',
      );
      const locale = (await ctx.lookupUserLocale?.()) ?? result.request?.locale ?? ctx.locale;
      await this.ephemeral(
        ctx.channel,
        ctx.userId,
        service.refusalText(result.refusal, result.request, locale),
        requestId,
      );
      return result;
    }
    logger.info(
      { requestId, action, outcome: result.outcome, user: ctx.userId },
      'maintenance decision counted',
    );
    await this.updateCard(result.request);
    return result;
  }

  /**
   * A typed maintenance command answered by the gateway: decisions, `maintenance status`, `audit`.
   * @param command - the parsed command (a `maintenance-request` is the worker's, and is ignored here)
   * @param ctx - who and where
   * @throws whatever the service throws (Redis down)
   */
  async typed(command: MaintenanceStateCommand, ctx: SlackDecisionContext): Promise<void> {
    const { service, texts, render } = this.options;
    switch (command.kind) {
      case 'maintenance-decision':
        await this.decide(command.requestId, command.action, ctx);
        return;
      case 'maintenance-status': {
        const request = await service.get(command.requestId);
        if (!request) {
          await this.ephemeral(
            ctx.channel,
            ctx.userId,
            service.refusalText('not-found', undefined, ctx.locale),
            command.requestId,
          );
          return;
        }
        await this.ephemeralReply(ctx.channel, ctx.userId, render(service.cardReply(request)).slice(0, 1));
        return;
      }
      case 'audit': {
        const audit = await service.recentAudit(slackActor(ctx), this.options.auditCount ?? 20);
        if (!audit.ok) {
          await this.ephemeral(ctx.channel, ctx.userId, texts.notAdmin(ctx.locale), 'audit');
          return;
        }
        await this.ephemeralReply(ctx.channel, ctx.userId, render(texts.audit(audit.entries, ctx.locale)));
        return;
      }
    }
  }

  /**
   * Deliver a worker's or notifier's reply when it concerns maintenance; other replies are left to
   * the caller.
   * @param reply - the reply
   * @param address - the job's reply address
   * @param deliveryId - the poster's marker id for a new message (the answer's request id)
   * @param delivery - the reply message's delivery mode
   * @returns true when handled here (card posted, thread post, card update), false otherwise
   * @throws SlackDeliveryError / Redis errors (the replies queue retries)
   */
  async deliver(
    reply: Reply,
    address: SlackAddress,
    deliveryId: string,
    delivery: ReplyDelivery | undefined,
  ): Promise<boolean> {
    if (delivery && delivery.mode !== 'new') {
      // Entered before any await: replies taken in order from the queue are posted in that order.
      return this.serial(delivery.maintenanceId, () => this.deliverToCard(reply, address, delivery));
    }
    return this.deliverCard(reply, address, deliveryId);
  }

  /** A thread post or a card update of one request. */
  private async deliverToCard(
    reply: Reply,
    address: SlackAddress,
    delivery: Exclude<ReplyDelivery, { mode: 'new' }>,
  ): Promise<boolean> {
    const { service, poster, logger } = this.options;
    const request = await service.get(delivery.maintenanceId);
    const card = cardOf(request);
    if (!card) {
      // No card (posted elsewhere, or not attached yet): say it where the request was made.
      logger.warn(
        { maintenanceId: delivery.maintenanceId, mode: delivery.mode },
        'maintenance card address unknown; posting as a new message',
      );
      await poster.deliver(
        reply,
        { channel: address.channel, ...(address.thread_ts ? { thread_ts: address.thread_ts } : {}) },
        this.threadDeliveryId(delivery.maintenanceId, reply),
      );
      return true;
    }
    if (delivery.mode === 'update-card') {
      await this.update(card, request ? service.cardReply(request) : reply);
      // The event itself (e.g. "expired", "cancelled") also goes in the thread when it says more than the card.
      if (reply.kind !== 'maintenance')
        await poster.deliver(
          reply,
          { channel: card.channel, thread_ts: card.thread_ts ?? card.ts },
          this.threadDeliveryId(delivery.maintenanceId, reply),
        );
      return true;
    }
    const post = (): Promise<boolean> =>
      poster.deliver(
        reply,
        { channel: card.channel, thread_ts: card.thread_ts ?? card.ts },
        this.threadDeliveryId(delivery.maintenanceId, reply),
      );
    // Numbered thread messages wait for the earlier ones, which another gateway may be posting.
    if (service.threadOrder)
      await service.threadOrder.inTurn(delivery.maintenanceId, delivery.seq, post, logger);
    else await post();
    return true;
  }

  /** A new reply: the request card when it is one (posted, then its address attached), else not handled. */
  private async deliverCard(reply: Reply, address: SlackAddress, deliveryId: string): Promise<boolean> {
    const { service, poster, store, logger } = this.options;
    const maintenanceId = reply.context.maintenanceId;
    if (reply.kind !== 'maintenance' || maintenanceId === undefined) return false;
    // The card: in the channel for everyone (a card only its requester sees could not be approved).
    const cardAddress: SlackAddress = {
      channel: address.channel,
      ...(address.thread_ts ? { thread_ts: address.thread_ts } : {}),
    };
    const posted = await poster.deliver(reply, cardAddress, deliveryId);
    if (!posted) return true;
    const ts = (await store.postedMessages(deliveryId)).get(0);
    if (!ts) {
      logger.warn(
        { maintenanceId },
        'maintenance card posted without a ts; buttons work, thread updates go to the channel',
      );
      return true;
    }
    await service.attachCard(maintenanceId, {
      platform: 'slack',
      channel: address.channel,
      ts,
      ...(address.thread_ts ? { thread_ts: address.thread_ts } : {}),
    });
    return true;
  }

  /** Posted-message marker id of a thread post: the maintenance id and the reply's identity. */
  private threadDeliveryId(maintenanceId: string, reply: Reply): string {
    const digest = createHash('sha256')
      .update(`${reply.context.requestId}\n${reply.title}\n${reply.summary}`)
      .digest('hex')
      .slice(0, 16);
    return `mt-${maintenanceId}-${digest}`;
  }

  /** Replace the card in place (chat.update). */
  private async updateCard(request: MaintenanceRequest): Promise<void> {
    const card = cardOf(request);
    if (!card) {
      this.options.logger.warn(
        { maintenanceId: request.id },
        'maintenance card address unknown; not updated',
      );
      return;
    }
    await this.update(card, this.options.service.cardReply(request));
  }

  private async update(card: CardAddress, reply: Reply): Promise<void> {
    const [first] = this.options.render(reply);
    if (!first) return;
    await this.options.client.chat.update({
      channel: card.channel,
      ts: card.ts,
      text: first.text,
      blocks: first.blocks,
    });
  }

  private async ephemeral(channel: string, user: string, text: string, about: string): Promise<void> {
    try {
      await this.options.client.chat.postEphemeral({ channel, user, text: escapeMrkdwn(text) });
    } catch (err) {
      this.options.logger.warn({ err, about, channel }, 'could not post a private maintenance message');
    }
  }

  private async ephemeralReply(channel: string, user: string, messages: SlackMessage[]): Promise<void> {
    for (const message of messages) {
      try {
        await this.options.client.chat.postEphemeral({
          channel,
          user,
          text: message.text,
          blocks: message.blocks,
        });
      } catch (err) {
        this.options.logger.warn({ err, channel }, 'could not post a private maintenance answer');
        return;
      }
    }
  }
}
