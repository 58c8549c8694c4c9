/**
 * What the Teams adapter remembers in Redis, so that gateway replicas and restarts agree:
 *
 * - `conversation:<id>` (JSON, TTL {@link REFERENCE_TTL_SECONDS}), `conversation-lru` and
 *   `conversation-announced` (sorted sets, score = last use in ms): where proactive messages go
 *   (answers, scheduled posts, maintenance threads). A conversation announced by a
 *   conversationUpdate sits in the announced set (at most {@link MAX_ANNOUNCED_REFERENCES}) until a
 *   message comes from it or something is posted to it; then it is in the used set (at most
 *   {@link MAX_CONVERSATION_REFERENCES}). Each save or read renews the TTL and the score, so the
 *   conversations schedules and maintenance threads post to stay, and a flood of
 *   conversationUpdates churns the announced set only. References in the unbounded
 *   `conversations` hash of earlier versions are read once and moved.
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
import { queueKeys } from '../../src/config/queue-keys.js';

/** Key prefix of everything this store writes. */
export const TEAMS_STORE_PREFIX = queueKeys().teamsStore;

/** How long posted-message markers are kept, in s (a day: longer than any reply retry). */
const POSTED_TTL_SECONDS = 86_400;
/** How long a card can be refreshed, in s (30 days). */
const CARD_TTL_SECONDS = 30 * 86_400;

/** How long an unused conversation reference is kept, in s (90 days; every save or read renews it). */
export const REFERENCE_TTL_SECONDS = 90 * 86_400;

/** How many conversation references that were used (a message, a card action, a post) are kept at most; the least recently used go first. */
export const MAX_CONVERSATION_REFERENCES = 10_000;

/**
 * How many references only announced by a conversationUpdate / installationUpdate (never used yet)
 * are kept at most, apart from the used ones: a flood of announcements churns these only, never the
 * conversations scheduled posts and maintenance threads go to.
 */
export const MAX_ANNOUNCED_REFERENCES = 1000;

/** Tuning of a {@link TeamsStore} (tests make the bounds small). */
export interface TeamsStoreOptions {
  /** @defaultValue {@link MAX_CONVERSATION_REFERENCES} */
  maxReferences?: number;
  /** @defaultValue {@link MAX_ANNOUNCED_REFERENCES} */
  maxAnnouncedReferences?: number;
  /** In s. @defaultValue {@link REFERENCE_TTL_SECONDS} */
  referenceTtlSeconds?: number;
  /** The clock, in ms since the epoch. @defaultValue `Date.now` */
  now?: () => number;
}

/** How a reference is saved: `use` (a message, a card action, a post to it) or `announce` (the bot was added; not used yet). */
export type ReferenceUse = 'use' | 'announce';

/**
 * Save (or, `touch`, renew) one reference and trim both sets, atomically. KEYS: the reference key,
 * the used set, the announced set. ARGV: reference JSON, TTL (s), now (ms), conversation id, max
 * used, max announced, reference key prefix, `use` | `announce` | `touch`. An announcement of a
 * conversation already used stays in the used set. Entries older than the TTL leave the sets
 * (their keys expired with them); beyond each max the least recently used go, key and entry.
 */
const SAVE_REFERENCE = `
local ttl = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local id = ARGV[4]
local tier = 2
if ARGV[8] == 'announce' and not redis.call('ZSCORE', KEYS[2], id) then tier = 3 end
if ARGV[8] == 'touch' then
  redis.call('EXPIRE', KEYS[1], ttl)
else
  redis.call('SET', KEYS[1], ARGV[1], 'EX', ttl)
end
if tier == 2 then redis.call('ZREM', KEYS[3], id) end
redis.call('ZADD', KEYS[tier], now, id)
local function trim(set, max)
  redis.call('ZREMRANGEBYSCORE', set, '-inf', now - ttl * 1000)
  local excess = redis.call('ZCARD', set) - max
  if excess > 0 then
    for _, old in ipairs(redis.call('ZRANGE', set, 0, excess - 1)) do
      redis.call('DEL', ARGV[7] .. old)
      redis.call('ZREM', set, old)
    end
  end
end
trim(KEYS[2], tonumber(ARGV[5]))
trim(KEYS[3], tonumber(ARGV[6]))
return 1
`;

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
  private readonly maxReferences: number;
  private readonly maxAnnouncedReferences: number;
  private readonly referenceTtlSeconds: number;
  private readonly now: () => number;

  /**
   * @param redis - an ioredis client (not closed by this class)
   * @param prefix - key prefix @defaultValue {@link TEAMS_STORE_PREFIX}
   * @param ready - called before every command (e.g. `ensureReady` for a lazily connecting client)
   * @param options - bounds of the conversation references, clock
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = TEAMS_STORE_PREFIX,
    private readonly ready: () => Promise<void> = async () => undefined,
    options: TeamsStoreOptions = {},
  ) {
    this.deadlines = new ReplyDeadlines<AnswerJob>(redis, prefix, ready, (data) => parseAnswerJob(data));
    this.maxReferences = options.maxReferences ?? MAX_CONVERSATION_REFERENCES;
    this.maxAnnouncedReferences = options.maxAnnouncedReferences ?? MAX_ANNOUNCED_REFERENCES;
    this.referenceTtlSeconds = options.referenceTtlSeconds ?? REFERENCE_TTL_SECONDS;
    this.now = options.now ?? Date.now;
  }

  private referenceKey(conversationId: string): string {
    return `${this.prefix}conversation:${conversationId}`;
  }

  private async runSave(conversationId: string, json: string, mode: ReferenceUse | 'touch'): Promise<void> {
    await this.redis.eval(
      SAVE_REFERENCE,
      3,
      this.referenceKey(conversationId),
      `${this.prefix}conversation-lru`,
      `${this.prefix}conversation-announced`,
      json,
      String(this.referenceTtlSeconds),
      String(this.now()),
      conversationId,
      String(this.maxReferences),
      String(this.maxAnnouncedReferences),
      `${this.prefix}conversation:`,
      mode,
    );
  }

  /**
   * Remember where a conversation is (overwrites the previous reference: service URLs move), and
   * forget the least recently used beyond the bounds.
   * @param conversationId - the reference's conversation id
   * @param reference - the conversation reference
   * @param use - `use` (default) for a message or card action from the conversation; `announce`
   *   for a conversationUpdate / installationUpdate (kept in the smaller announced set until used)
   */
  async saveReference(
    conversationId: string,
    reference: StoredReference,
    use: ReferenceUse = 'use',
  ): Promise<void> {
    await this.ready();
    await this.runSave(conversationId, JSON.stringify(reference), use);
  }

  /**
   * The stored reference of a conversation; reading it renews it (a conversation that scheduled
   * posts or a maintenance thread go to stays remembered).
   * @param conversationId - the conversation id
   * @returns the reference, or undefined when none is stored (never, expired, or forgotten as least recently used)
   */
  async reference(conversationId: string): Promise<StoredReference | undefined> {
    await this.ready();
    let raw = await this.redis.get(this.referenceKey(conversationId));
    if (raw === null) {
      // Stored by an earlier version in one unbounded hash: move it.
      const legacyKey = `${this.prefix}conversations`;
      raw = await this.redis.hget(legacyKey, conversationId);
      if (raw === null) return undefined;
      const legacy = JSON.parse(raw) as unknown;
      if (legacy !== null && typeof legacy === 'object') await this.runSave(conversationId, raw, 'use');
      await this.redis.hdel(legacyKey, conversationId);
    } else {
      // Read to post to it: a used conversation now (an announced one moves to the used set).
      await this.runSave(conversationId, '', 'touch');
    }
    const parsed = JSON.parse(raw) as unknown;
    return parsed !== null && typeof parsed === 'object' ? (parsed as StoredReference) : undefined;
  }

  /**
   * The conversation ids with a stored reference: used ones, least recently used first, then
   * announced ones (at most the two bounds together).
   * @returns conversation ids
   */
  async conversations(): Promise<string[]> {
    await this.ready();
    const [used, announced] = await Promise.all([
      this.redis.zrange(`${this.prefix}conversation-lru`, 0, -1),
      this.redis.zrange(`${this.prefix}conversation-announced`, 0, -1),
    ]);
    return [...used, ...announced];
  }

  /**
   * Check that Redis answers (the health check), in O(1).
   * @throws whatever ioredis throws
   */
  async ping(): Promise<void> {
    await this.ready();
    await this.redis.ping();
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
