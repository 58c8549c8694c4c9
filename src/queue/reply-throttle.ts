/**
 * Per-conversation pacing of reply deliveries, shared by every gateway replica through Redis.
 *
 * Chat platforms limit posts per conversation (Slack: about one `chat.postMessage` per second per
 * channel, short bursts allowed, then HTTP 429 with `Retry-After`;
 * https://api.slack.com/apis/rate-limits#special-limits). BullMQ's per-group rate limit is a Pro
 * feature, so the replies queue paces conversations itself: a conversation that answered 429 gets a
 * "next free slot" time in one sorted set (member: the conversation key, score: ms since the epoch).
 * Every later reply for that conversation takes the next slot (`slot + spacingMs`) and waits in
 * BullMQ's delayed set until it comes, holding no worker slot, so replies to other conversations
 * keep flowing. A conversation that never answered 429 costs one script call per reply and is
 * never slowed.
 */
import type { Redis } from 'ioredis';

/**
 * Take a slot. KEYS[1] the sorted set; ARGV: member, now (ms), blocked-until (ms, 0 = none),
 * spacing (ms), forget-before (ms). Returns 0 when the conversation is free now, else the slot (ms).
 * Members free for a while are pruned, so the set holds only busy conversations.
 */
const TAKE_SLOT = `local cur = tonumber(redis.call('ZSCORE', KEYS[1], ARGV[1]) or '0')
local now = tonumber(ARGV[2])
local blocked = tonumber(ARGV[3])
if blocked > cur then cur = blocked end
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[5])
if cur <= now then return 0 end
redis.call('ZADD', KEYS[1], cur + tonumber(ARGV[4]), ARGV[1])
return cur`;

/** How long a free conversation's last slot is remembered, in ms (then it is pruned). */
const FORGET_AFTER_MS = 60_000;

/**
 * The slot book of one replies queue.
 */
export class ReplyThrottle {
  /**
   * @param redis - a connected ioredis client
   * @param key - the sorted set's key (e.g. `<prefix>:<replies queue>:throttle`)
   * @param spacingMs - time between two replies of a throttled conversation, in ms
   */
  constructor(
    private readonly redis: Redis,
    private readonly key: string,
    private readonly spacingMs: number,
  ) {}

  /**
   * Take the conversation's next slot, or learn that it is free now.
   * @param conversation - the conversation key (Slack channel id, Teams conversation id)
   * @param now - ms since the epoch
   * @param blockedUntil - after a 429: the platform's `Retry-After` end, ms since the epoch
   *   (the conversation is busy at least until then); 0 otherwise
   * @returns 0 when the reply may be posted now, else the slot (ms since the epoch) to wait for;
   *   that slot is this reply's (later ones get later slots)
   * @throws whatever Redis throws
   */
  async take(conversation: string, now: number, blockedUntil = 0): Promise<number> {
    const slot = await this.redis.eval(
      TAKE_SLOT,
      1,
      this.key,
      conversation,
      now,
      blockedUntil,
      this.spacingMs,
      now - FORGET_AFTER_MS,
    );
    return Number(slot);
  }
}
