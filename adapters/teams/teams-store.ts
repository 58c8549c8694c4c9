/**
 * What the Teams adapter remembers in Redis, so that gateway replicas and restarts agree:
 *
 * - `conversations` (hash, conversation id → conversation reference JSON): where proactive
 *   messages go (answers, and later the daily posts). Kept until overwritten.
 * - `seen:<key>`: de-duplication of deliveries (Teams retries an activity it got no 200 for), SET
 *   NX with a TTL.
 * - `posted:<deliveryId>` (hash, message index → activity id): which messages of an answer were
 *   sent, so a retried delivery sends only what is missing (one delivery in the end).
 * - `card:<cardKey>` (JSON): the card's activity id, conversation and the job that produced it, so
 *   that Refresh can re-run the same request and update that activity.
 * - `pending` (sorted set, score = deadline in ms since the epoch) and `pending-data` (hash, request
 *   id → job JSON): requests waiting for a worker's reply; whichever replica removes a due entry
 *   first sends the "did not finish" follow-up.
 */
import type { Redis } from 'ioredis';
import { ReplyDeadlines } from '../../src/queue/reply-deadlines.js';
import { z } from 'zod';
import { parseAnswerJob } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import type { StoredReference } from './teams-bot-framework.js';

/** Key prefix of everything this store writes. */
export const TEAMS_STORE_PREFIX = 'k8s-ha-bot:teams:';

/** How long posted-message markers are kept, in s (a day: longer than any reply retry). */
const POSTED_TTL_SECONDS = 86_400;
/** How long a card can be refreshed, in s (30 days). */
const CARD_TTL_SECONDS = 30 * 86_400;

/** A posted answer card, for Refresh. */
export interface CardRecord {
  /** The activity id Teams gave the card. */
  activityId: string;
  conversationId: string;
  /** The job whose answer the card shows (Refresh enqueues it again under a new request id). */
  job: AnswerJob;
}

const cardSchema = z.object({
  activityId: z.string().min(1),
  conversationId: z.string().min(1),
  job: z.unknown(),
});

/**
 * The Teams adapter's Redis state. Every method throws whatever ioredis throws.
 */
export class TeamsStore {
  private readonly deadlines: ReplyDeadlines<AnswerJob>;

  /**
   * @param redis - an ioredis client (not closed by this class)
   * @param prefix - key prefix @defaultValue {@link TEAMS_STORE_PREFIX}
   * @param ready - called before every command (e.g. `ensureReady` for a lazily connecting client)
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = TEAMS_STORE_PREFIX,
    private readonly ready: () => Promise<void> = async () => undefined,
  ) {
    this.deadlines = new ReplyDeadlines<AnswerJob>(redis, prefix, ready, (data) => parseAnswerJob(data));
  }

  /**
   * Remember where a conversation is (overwrites the previous reference: service URLs move).
   * @param conversationId - the reference's conversation id
   * @param reference - the conversation reference
   */
  async saveReference(conversationId: string, reference: StoredReference): Promise<void> {
    await this.ready();
    await this.redis.hset(`${this.prefix}conversations`, conversationId, JSON.stringify(reference));
  }

  /**
   * The stored reference of a conversation.
   * @param conversationId - the conversation id
   * @returns the reference, or undefined when none is stored
   */
  async reference(conversationId: string): Promise<StoredReference | undefined> {
    await this.ready();
    const raw = await this.redis.hget(`${this.prefix}conversations`, conversationId);
    if (raw === null) return undefined;
    const parsed = JSON.parse(raw) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as StoredReference) : undefined;
  }

  /**
   * Every stored conversation id (for the daily posts).
   * @returns conversation ids
   */
  async conversations(): Promise<string[]> {
    await this.ready();
    return this.redis.hkeys(`${this.prefix}conversations`);
  }

  /**
   * Claim a delivery key: true the first time within `ttlSeconds`.
   * @param key - e.g. `act:<conversation>:<activity id>`
   * @param ttlSeconds - how long to remember it, in s
   */
  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    await this.ready();
    return (await this.redis.set(`${this.prefix}seen:${key}`, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
  }

  /**
   * Forget a claimed key (the enqueue failed: Teams' retry should go through).
   * @param key - the key given to {@link claim}
   */
  async release(key: string): Promise<void> {
    await this.ready();
    await this.redis.del(`${this.prefix}seen:${key}`);
  }

  /**
   * The activity ids of the messages of an answer already sent.
   * @param deliveryId - the delivery (the request id)
   * @returns message index → activity id
   */
  async postedMessages(deliveryId: string): Promise<Map<number, string>> {
    await this.ready();
    const all = await this.redis.hgetall(`${this.prefix}posted:${deliveryId}`);
    return new Map(Object.entries(all).map(([index, id]) => [Number(index), id]));
  }

  /**
   * Record one sent message of an answer.
   * @param deliveryId - the delivery
   * @param index - 0 for the card with the verdict, then continuations
   * @param activityId - Teams' id of the sent activity
   */
  async markPosted(deliveryId: string, index: number, activityId: string): Promise<void> {
    await this.ready();
    const key = `${this.prefix}posted:${deliveryId}`;
    await this.redis.multi().hset(key, String(index), activityId).expire(key, POSTED_TTL_SECONDS).exec();
  }

  /**
   * Remember a request that waits for a reply until `deadlineAt` (see {@link ReplyDeadlines.add}).
   * @param request - where the follow-up goes
   * @param deadlineAt - ms since the epoch
   */
  async addPending(request: AnswerJob, deadlineAt: number): Promise<void> {
    await this.deadlines.add(request, deadlineAt);
  }

  /**
   * The reply arrived: stop waiting for it.
   * @param requestId - the request
   * @returns true when it was still pending
   */
  async resolvePending(requestId: string): Promise<boolean> {
    return this.deadlines.resolve(requestId);
  }

  /**
   * Take the requests whose deadline has passed; each goes to exactly one caller across replicas.
   * @param now - ms since the epoch
   * @param limit - at most this many @defaultValue 50
   * @returns the requests this caller now owns
   */
  async takeDue(now: number, limit = 50): Promise<AnswerJob[]> {
    return this.deadlines.takeDue(now, limit);
  }

  /**
   * Remember a posted card for Refresh.
   * @param cardKey - the key its buttons carry (the request id that first posted it)
   * @param record - activity id, conversation, job
   */
  async saveCard(cardKey: string, record: CardRecord): Promise<void> {
    await this.ready();
    await this.redis.set(`${this.prefix}card:${cardKey}`, JSON.stringify(record), 'EX', CARD_TTL_SECONDS);
  }

  /**
   * A posted card.
   * @param cardKey - the key from the button data
   * @returns the record, or undefined when unknown, expired or unreadable
   */
  async card(cardKey: string): Promise<CardRecord | undefined> {
    await this.ready();
    const raw = await this.redis.get(`${this.prefix}card:${cardKey}`);
    if (raw === null) return undefined;
    const parsed = cardSchema.safeParse(JSON.parse(raw));
    if (!parsed.success) return undefined;
    return {
      activityId: parsed.data.activityId,
      conversationId: parsed.data.conversationId,
      job: parseAnswerJob(parsed.data.job),
    };
  }
}
