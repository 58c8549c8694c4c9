/**
 * What the Slack adapter remembers in Redis, so that several gateway replicas and restarts agree:
 *
 * - `seen:<key>`: de-duplication of deliveries (Events API retries, repeated `event_id`s, the
 *   `app_mention` and `message.im` events of one message), SET NX with a TTL (≥ 10 min, the issue).
 * - `pending` (sorted set, score = deadline in ms since the epoch) and `pending-data` (hash):
 *   requests waiting for a worker's reply; whichever replica removes a due entry first posts the
 *   "did not finish" follow-up.
 * - `posted:<requestId>` (hash, message index → Slack `ts`): which messages of an answer were
 *   posted, so a retried delivery does not post them again.
 * - `details:<id>` (JSON, with a TTL): the details of a posted answer, shown by its "Details"
 *   button (./slack-details.ts), as the answer said them when it was posted.
 */
import type { Redis } from 'ioredis';
import { ReplyDeadlines } from '../../src/queue/reply-deadlines.js';
import { z } from 'zod';
import { queueKeys } from '../../src/config/queue-keys.js';
import { SLACK_LIMITS, type SlackDetails } from './render-blocks.js';

/** Key prefix of everything this store writes, for the default queue prefix (src/config/queue-keys.ts). */
export const SLACK_STORE_PREFIX = queueKeys().slackStore;

/** How long the posted-message markers are kept, in s (a day: longer than any reply retry). */
const POSTED_TTL_SECONDS = 86_400;

/** Where the deadline follow-up of one pending request goes. */
export interface PendingRequest {
  requestId: string;
  cluster: string;
  locale: 'en' | 'ko';
  address: Record<string, string>;
}

const pendingSchema = z.object({
  requestId: z.string(),
  cluster: z.string(),
  locale: z.enum(['en', 'ko']),
  address: z.record(z.string(), z.string()),
});

/** The stored details: section texts within Slack's section limit, at most a few modals' worth. */
const detailsSchema = z.object({
  title: z.string(),
  locale: z.enum(['en', 'ko']),
  sections: z.array(z.string().max(SLACK_LIMITS.sectionText)).max(1000),
  channel: z.string().max(255).optional(),
});

/**
 * The Slack adapter's Redis state. Every method throws whatever ioredis throws (the caller maps
 * it to `queue-unavailable`).
 */
export class SlackStore {
  private readonly deadlines: ReplyDeadlines<PendingRequest>;

  /**
   * @param redis - a connected ioredis client (not closed by this class)
   * @param prefix - key prefix @defaultValue {@link SLACK_STORE_PREFIX}
   * @param ready - called before every command (e.g. `ensureReady` for a lazily connecting client)
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix = SLACK_STORE_PREFIX,
    private readonly ready: () => Promise<void> = async () => undefined,
  ) {
    this.deadlines = new ReplyDeadlines<PendingRequest>(redis, prefix, ready, (data) => {
      const parsed = pendingSchema.safeParse(data);
      return parsed.success ? parsed.data : null;
    });
  }

  /**
   * Claim delivery keys: true when none of them was seen within `ttlSeconds`. All keys are set
   * either way, so a later delivery under any of them is a duplicate.
   *
   * `owner` makes a retried claim safe: a claim whose reply was lost (Redis died after writing it)
   * and is made again with the same owner is still this delivery's, not a duplicate. Give each
   * delivery its own random owner (never the request id, which Slack's retries share).
   * @param keys - e.g. `event:Ev123`, `msg:C1:1712345678.000100`
   * @param ttlSeconds - how long to remember them, in s
   * @param owner - this delivery's token @defaultValue `'1'` (no retry safety)
   * @returns true for a first delivery
   */
  async claim(keys: readonly string[], ttlSeconds: number, owner = '1'): Promise<boolean> {
    await this.ready();
    const pipeline = this.redis.pipeline();
    for (const key of keys) pipeline.set(`${this.prefix}seen:${key}`, owner, 'EX', ttlSeconds, 'NX', 'GET');
    const results = (await pipeline.exec()) ?? [];
    let first = true;
    for (const [err, value] of results) {
      if (err) throw err;
      // SET … NX GET answers the old value: null when this call set it; our own token when an
      // earlier try of this same delivery did.
      if (value !== null && (owner === '1' || value !== owner)) first = false;
    }
    return first;
  }

  /**
   * Forget claimed keys (after the enqueue failed, so Slack's retry is not taken for a duplicate).
   * @param keys - the keys given to {@link claim}
   */
  async release(keys: readonly string[]): Promise<void> {
    await this.ready();
    if (keys.length > 0) await this.redis.del(...keys.map((key) => `${this.prefix}seen:${key}`));
  }

  /**
   * Remember a request that waits for a reply until `deadlineAt` (see {@link ReplyDeadlines.add}).
   * @param request - where the follow-up goes
   * @param deadlineAt - ms since the epoch
   */
  async addPending(request: PendingRequest, deadlineAt: number): Promise<void> {
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
  async takeDue(now: number, limit = 50): Promise<PendingRequest[]> {
    return this.deadlines.takeDue(now, limit);
  }

  /**
   * The `ts` of each message of an answer already posted.
   * @param requestId - the request
   * @returns message index → Slack `ts`
   */
  async postedMessages(requestId: string): Promise<Map<number, string>> {
    await this.ready();
    const all = await this.redis.hgetall(`${this.prefix}posted:${requestId}`);
    return new Map(Object.entries(all).map(([index, ts]) => [Number(index), ts]));
  }

  /**
   * Record one posted message of an answer.
   * @param requestId - the request
   * @param index - 0 for the first message, then the thread continuations
   * @param ts - Slack's message ts ('' for ephemeral messages)
   */
  async markPosted(requestId: string, index: number, ts: string): Promise<void> {
    await this.ready();
    const key = `${this.prefix}posted:${requestId}`;
    await this.redis.multi().hset(key, String(index), ts).expire(key, POSTED_TTL_SECONDS).exec();
  }

  /**
   * Keep an answer's details for its "Details" button.
   * @param id - the details id (the button's value)
   * @param details - what the button shows
   * @param ttlSeconds - how long they are kept, in s
   */
  async saveDetails(id: string, details: SlackDetails, ttlSeconds: number): Promise<void> {
    await this.ready();
    await this.redis.set(`${this.prefix}details:${id}`, JSON.stringify(details), 'EX', ttlSeconds);
  }

  /**
   * An answer's stored details.
   * @param id - the details id
   * @returns the details, or null when they expired (or what is stored does not read as details)
   */
  async readDetails(id: string): Promise<SlackDetails | null> {
    await this.ready();
    const raw = await this.redis.get(`${this.prefix}details:${id}`);
    if (raw === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
    const parsed = detailsSchema.safeParse(value);
    return parsed.success ? parsed.data : null;
  }
}
