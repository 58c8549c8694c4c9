/**
 * The delivery side of the Teams adapter: a {@link Reply} → Adaptive Card messages → Teams,
 * proactively (the HTTP request that asked is long gone), through the stored conversation
 * reference.
 *
 * - New answers: each message is sent in order; the first one's activity id is recorded as the
 *   card (for Refresh), and every sent message is marked in Redis and in this process's memory
 *   ({@link PostedHere}: the markers can be lost in a Redis failover while the answer is published
 *   again) so that a retried delivery sends only what is missing: one delivery in the end.
 * - Refresh answers (`address.update` set): the existing card activity is replaced in place
 *   (updateActivity on the same id), as one card.
 * - HTTP 413 (too large): a shorter card (one message, smaller budget, a notice) is sent instead.
 * - HTTP 429, 412, 502, 503, 504: retried with exponential backoff and full jitter (429 honours
 *   `Retry-After`), up to `maxAttempts`; then {@link TeamsDeliveryError} lets the replies queue
 *   retry later. Other 4xx are logged with the request id and dropped.
 * - The replies queue asks for `onRateLimit: 'throw'` instead: a 429 throws
 *   {@link ChatRateLimitedError} at once, so the reply waits for its conversation's next slot
 *   without holding a delivery slot (src/queue/reply-throttle.ts; the conversation id is the key).
 */
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { PostedHere } from '../../src/queue/posted-here.js';
import { ChatRateLimitedError } from '../../src/queue/reply-queue.js';
import type { Logger } from '../../src/util/logger.js';
import { renderTeamsCards, teamsActivity } from './render-card.js';
import type { RenderTeamsOptions, TeamsCardMessage } from './render-card.js';
import { TeamsConnectorError } from './teams-bot-framework.js';
import type { OutboundActivity, StoredReference, TeamsConnector } from './teams-bot-framework.js';
import type { TeamsStore } from './teams-store.js';

/** Statuses worth retrying: throttled (429), precondition failed (412, a concurrent update), gateway errors. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([412, 429, 502, 503, 504]);

/**
 * Budget of the shorter card sent after a 413, in bytes: 7 KB of card, so that with the ids,
 * `from`, `conversation` and `serviceUrl` the SDK adds the activity stays within 8 KB (the
 * renderer's default likewise keeps 2 KB under Teams' 28 KB).
 */
const SHORT_CARD_BYTES = 7 * 1024;

/** Where a Teams reply goes: the job's `replyTo.address`. */
export interface TeamsAddress {
  /** Conversation id (key of the stored reference). */
  conversation: string;
  /** Refresh: the activity id of the card to replace. */
  update?: string;
  /** Refresh: the card's key (the request id that first posted it). */
  card?: string;
  /** The asking user's Teams id (`29:…`): where an answer for them alone goes (a 1:1 chat). */
  user?: string;
}

/** A delivery that may work when tried later: the replies queue retries it with backoff. */
export class TeamsDeliveryError extends Error {
  /** @param message - what failed @param cause - the connector error */
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'TeamsDeliveryError';
  }
}

/** Options of {@link TeamsPoster}. */
export interface TeamsPosterOptions {
  connector: TeamsConnector;
  store: Pick<TeamsStore, 'reference' | 'postedMessages' | 'markPosted' | 'saveCard'>;
  logger: Logger;
  /** Reply → messages. @defaultValue {@link renderTeamsCards} */
  render?: (reply: Reply, options: RenderTeamsOptions) => TeamsCardMessage[];
  /** Attempts per message (first try included). @defaultValue 5 */
  maxAttempts?: number;
  /** First backoff ceiling, in ms; doubles per attempt. @defaultValue 500 */
  baseDelayMs?: number;
  /** Largest wait between attempts (backoff or Retry-After), in ms. @defaultValue 30 000 */
  maxDelayMs?: number;
  /** @defaultValue setTimeout-based sleep */
  sleep?: (ms: number) => Promise<void>;
  /** Uniform [0, 1) for the jitter. @defaultValue Math.random */
  random?: () => number;
}

/** Options of one {@link TeamsPoster.deliver}. */
export interface TeamsDeliverOptions {
  /**
   * On HTTP 429: `wait` `Retry-After` (or a backoff) in place and try again, up to `maxAttempts`;
   * or `throw` a {@link ChatRateLimitedError} at once (the replies queue reschedules the reply for
   * its conversation's next slot). Other statuses are retried in place either way. @defaultValue `wait`
   */
  onRateLimit?: 'wait' | 'throw';
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Outcome of one connector call with retries. */
type CallResult<T> = { ok: true; value: T } | { ok: false; status: number | undefined };

/**
 * Sends replies to Teams.
 */
export class TeamsPoster {
  private readonly render: (reply: Reply, options: RenderTeamsOptions) => TeamsCardMessage[];
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;
  private readonly maxAttempts: number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  /** Sent messages by delivery id, in this process (see {@link PostedHere}). */
  private readonly postedHere = new PostedHere();

  /** @param options - see {@link TeamsPosterOptions} */
  constructor(private readonly options: TeamsPosterOptions) {
    this.render = options.render ?? renderTeamsCards;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
    this.maxAttempts = Math.max(1, options.maxAttempts ?? 5);
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
  }

  /**
   * Deliver one reply.
   * @param reply - the answer
   * @param job - the job it answers (`replyTo.address` is a {@link TeamsAddress}; the job is kept for Refresh)
   * @param options - see {@link TeamsDeliverOptions}
   * @returns true when delivered, false when Teams refused it for good or the conversation is
   *   unknown (logged with the request id)
   * @throws TeamsDeliveryError when a later retry may work; ChatRateLimitedError on a 429 with
   *   `onRateLimit: 'throw'` (what was sent before it is marked, so the next try sends only the
   *   rest); whatever Redis throws
   */
  async deliver(reply: Reply, job: AnswerJob, options: TeamsDeliverOptions = {}): Promise<boolean> {
    const throwOnRateLimit = options.onRateLimit === 'throw';
    const address = job.replyTo.address as unknown as TeamsAddress;
    const requestId = reply.context.requestId;
    const reference = await this.options.store.reference(address.conversation);
    if (!reference) {
      this.options.logger.error(
        { requestId, conversation: address.conversation },
        'no stored conversation reference: cannot deliver the Teams answer',
      );
      return false;
    }
    if (address.update)
      return this.refresh(reply, reference, address.update, address.card ?? requestId, throwOnRateLimit);
    const conversationType = (reference.conversation as { conversationType?: string } | undefined)
      ?.conversationType;
    if (reply.audience === 'requester' && address.user !== undefined && conversationType !== 'personal') {
      if (await this.deliverPersonal(reply, reference, address.user, job.requestId)) return true;
    }

    const deliveryId = job.requestId;
    const messages = this.render(reply, { cardKey: deliveryId });
    const posted = await this.postedMessages(deliveryId);
    for (const [index, message] of messages.entries()) {
      if (posted.has(index)) continue;
      let result = await this.call(
        requestId,
        'send',
        () => this.options.connector.send(reference, teamsActivity(message) as OutboundActivity),
        throwOnRateLimit,
      );
      if (!result.ok && result.status === 413) {
        this.options.logger.warn(
          { requestId, index },
          'Teams refused the message as too large (413): sending a shorter card',
        );
        if (index > 0) {
          await this.markPosted(deliveryId, index, '');
          break;
        }
        result = await this.call(
          requestId,
          'send',
          () =>
            this.options.connector.send(
              reference,
              teamsActivity(this.shorter(reply, deliveryId)) as OutboundActivity,
            ),
          throwOnRateLimit,
        );
        if (result.ok) {
          await this.recordCard(deliveryId, index, result.value, address.conversation, job);
          // The shorter card says "…and N more" for the rest; nothing else follows.
          for (let rest = 1; rest < messages.length; rest += 1) await this.markPosted(deliveryId, rest, '');
          return true;
        }
      }
      if (!result.ok) return false;
      await this.recordCard(deliveryId, index, result.value, address.conversation, job);
    }
    return true;
  }

  /**
   * An answer for the requester alone, asked in a channel or group chat: Teams has no message only
   * one member of a channel sees (the invoke answer of a card click is the only one, and a typed
   * request has none), so it goes to a 1:1 chat with the user. Once per delivery (posted marker).
   * @returns true when sent (or sent before); false when Teams refused the 1:1 chat (the bot is not
   *   installed for the user): the caller then answers in the conversation
   */
  private async deliverPersonal(
    reply: Reply,
    reference: StoredReference,
    user: string,
    deliveryId: string,
  ): Promise<boolean> {
    const requestId = reply.context.requestId;
    if ((await this.postedMessages(deliveryId)).has(0)) return true;
    const [message] = this.render(reply, { cardKey: deliveryId, maxMessages: 1 });
    if (!message) return true;
    const result = await this.call(requestId, 'send', () =>
      this.options.connector.sendPersonal(reference, user, teamsActivity(message) as OutboundActivity),
    );
    if (!result.ok) {
      this.options.logger.warn(
        { requestId, status: result.status },
        'could not open a 1:1 chat with the requester; answering in the conversation',
      );
      return false;
    }
    await this.markPosted(deliveryId, 0, result.value);
    return true;
  }

  private async recordCard(
    deliveryId: string,
    index: number,
    activityId: string,
    conversationId: string,
    job: AnswerJob,
  ): Promise<void> {
    await this.markPosted(deliveryId, index, activityId);
    if (index === 0 && activityId !== '')
      await this.options.store.saveCard(deliveryId, { activityId, conversationId, job });
  }

  /** What was sent for a delivery: the Redis markers and what this process sent. */
  private async postedMessages(deliveryId: string): Promise<Map<number, string>> {
    return new Map([
      ...(await this.options.store.postedMessages(deliveryId)),
      ...this.postedHere.get(deliveryId),
    ]);
  }

  /** Mark a message sent: in memory at once, then in Redis. */
  private async markPosted(deliveryId: string, index: number, activityId: string): Promise<void> {
    this.postedHere.record(deliveryId, index, activityId);
    await this.options.store.markPosted(deliveryId, index, activityId);
  }

  private shorter(reply: Reply, cardKey: string): TeamsCardMessage {
    const [message] = this.render(reply, {
      maxBytes: SHORT_CARD_BYTES,
      maxMessages: 1,
      cardKey,
      notice: translator(reply.locale).t('teams.shortened'),
    });
    if (!message)
      throw new TeamsDeliveryError(`no card rendered for request ${reply.context.requestId}`, undefined);
    return message;
  }

  /** Replace the card in place with the refreshed answer (one card). */
  private async refresh(
    reply: Reply,
    reference: StoredReference,
    activityId: string,
    cardKey: string,
    throwOnRateLimit: boolean,
  ): Promise<boolean> {
    const requestId = reply.context.requestId;
    const [message] = this.render(reply, { maxMessages: 1, cardKey });
    if (!message) return false;
    let result = await this.call(
      requestId,
      'update',
      () => this.options.connector.update(reference, activityId, teamsActivity(message) as OutboundActivity),
      throwOnRateLimit,
    );
    if (!result.ok && result.status === 413) {
      result = await this.call(
        requestId,
        'update',
        () =>
          this.options.connector.update(
            reference,
            activityId,
            teamsActivity(this.shorter(reply, cardKey)) as OutboundActivity,
          ),
        throwOnRateLimit,
      );
    }
    return result.ok;
  }

  /**
   * Send one message with the same retries as answers (no 413 fallback, no posted markers: the
   * caller keeps those).
   * @param reference - the stored conversation reference
   * @param message - a rendered card message
   * @param requestId - for logs
   * @param replyToId - post it as a reply to this activity (a card's thread in a channel)
   * @returns the new activity id, or undefined when Teams refused it for good (logged)
   * @throws TeamsDeliveryError when a later retry may work
   */
  async sendOne(
    reference: StoredReference,
    message: TeamsCardMessage,
    requestId: string,
    replyToId?: string,
  ): Promise<string | undefined> {
    const activity = teamsActivity(message) as OutboundActivity;
    const result = await this.call(requestId, 'send', () =>
      replyToId === undefined
        ? this.options.connector.send(reference, activity)
        : this.options.connector.reply(reference, replyToId, activity),
    );
    return result.ok ? result.value : undefined;
  }

  /**
   * Replace an activity (a card) in place, with retries.
   * @param reference - the stored conversation reference
   * @param activityId - the card's activity id
   * @param message - the new card
   * @param requestId - for logs
   * @returns true when replaced, false when Teams refused it for good (logged)
   * @throws TeamsDeliveryError when a later retry may work
   */
  async updateOne(
    reference: StoredReference,
    activityId: string,
    message: TeamsCardMessage,
    requestId: string,
  ): Promise<boolean> {
    const result = await this.call(requestId, 'update', () =>
      this.options.connector.update(reference, activityId, teamsActivity(message) as OutboundActivity),
    );
    return result.ok;
  }

  /**
   * One connector call with retries on {@link RETRY_STATUSES}: wait `Retry-After` (429) or a
   * full-jitter backoff (uniform in [0, min(maxDelay, base · 2^attempt)]), at most `maxAttempts`.
   * With `throwOnRateLimit`, a 429 is not waited out here: {@link ChatRateLimitedError} with the
   * `Retry-After` (1 s when Teams sent none).
   * @returns the value, or `{ ok: false, status }` for a status not worth retrying (413, other 4xx)
   * @throws TeamsDeliveryError after the last attempt, or for a failure without an HTTP status;
   *   ChatRateLimitedError (see above)
   */
  private async call<T>(
    requestId: string,
    method: string,
    fn: () => Promise<T>,
    throwOnRateLimit = false,
  ): Promise<CallResult<T>> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return { ok: true, value: await fn() };
      } catch (err) {
        const status = err instanceof TeamsConnectorError ? err.status : undefined;
        if (throwOnRateLimit && status === 429) {
          const retryAfterMs = (err as TeamsConnectorError).retryAfterMs ?? 1000;
          this.options.logger.warn(
            { requestId, method, retryAfterMs },
            'Teams rate limit: the reply waits for its conversation',
          );
          throw new ChatRateLimitedError(
            retryAfterMs,
            `${method} to Teams rate limited for request ${requestId}`,
            err,
          );
        }
        if (status !== undefined && !RETRY_STATUSES.has(status)) {
          if (status !== 413)
            this.options.logger.error(
              { requestId, method, status },
              'Teams refused the message; not retrying',
            );
          return { ok: false, status };
        }
        if (status === undefined || attempt + 1 >= this.maxAttempts) {
          this.options.logger.warn(
            { requestId, method, status, attempts: attempt + 1 },
            'Teams delivery failed; the replies queue retries later',
          );
          throw new TeamsDeliveryError(
            `${method} to Teams failed for request ${requestId} after ${attempt + 1} attempt(s)${status ? ` (HTTP ${status})` : ''}`,
            err,
          );
        }
        const retryAfter = err instanceof TeamsConnectorError ? err.retryAfterMs : undefined;
        const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** attempt);
        const wait =
          retryAfter !== undefined
            ? Math.min(this.maxDelayMs, retryAfter)
            : Math.floor(this.random() * ceiling);
        this.options.logger.warn(
          { requestId, method, status, attempt: attempt + 1, waitMs: wait },
          'Teams asked to retry; backing off',
        );
        await this.sleep(wait);
      }
    }
  }
}
