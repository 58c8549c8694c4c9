/**
 * The order of a maintenance request's thread messages across gateway replicas.
 *
 * Thread messages of one request are published in order (approvals by the gateways, steps by the
 * executor), but two gateways consuming the replies queue can post two consecutive ones at the same
 * moment. So each thread message gets a per-request sequence number when it is published
 * ({@link ThreadOrder.next}, Redis INCR), and a delivery waits until every earlier one was posted
 * ({@link ThreadOrder.awaitTurn}) before posting, then records its own
 * ({@link ThreadOrder.delivered}). A message whose predecessor never comes (its publish failed) goes
 * out after `maxWaitMs` rather than never.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../util/logger.js';

/** Sequence keys live as long as finished requests (30 days), in s. */
const KEY_TTL_SECONDS = 30 * 24 * 3600;

/** Raise the delivered mark to `seq` (never lower it). */
const RAISE = `local cur = tonumber(redis.call('GET', KEYS[1]) or '0')
if tonumber(ARGV[1]) > cur then redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2]) end
return 1`;

/** Options of {@link ThreadOrder.awaitTurn}. */
export interface AwaitTurnOptions {
  /** Longest wait for earlier messages, in ms. @defaultValue 15 000 */
  maxWaitMs?: number;
  /** Poll period, in ms. @defaultValue 50 */
  pollMs?: number;
}

/** Per-request sequence numbers of thread messages, in Redis (see the module doc). */
export class ThreadOrder {
  /**
   * @param redis - a ready ioredis client (shared, not closed here)
   * @param keyPrefix - the maintenance key prefix (`k8s-ha-bot:maintenance:`)
   */
  constructor(
    private readonly redis: Redis,
    private readonly keyPrefix: string,
  ) {}

  /**
   * The next sequence number of a request's thread messages: 1, 2, …
   * @param requestId - `mr-…`
   * @throws whatever Redis throws
   */
  async next(requestId: string): Promise<number> {
    const key = `${this.keyPrefix}thread-seq:${requestId}`;
    const [[err, seq]] = ((await this.redis.multi().incr(key).expire(key, KEY_TTL_SECONDS).exec()) ?? [
      [null, 0],
    ]) as [[Error | null, number]];
    if (err) throw err;
    return seq;
  }

  /**
   * Wait until the messages before `seq` were delivered (or `maxWaitMs` passed).
   * @param requestId - `mr-…`
   * @param seq - this message's number
   * @returns `turn`, or `timed-out` (post anyway: an earlier message was lost)
   * @throws whatever Redis throws (the replies queue retries the delivery)
   */
  async awaitTurn(
    requestId: string,
    seq: number,
    options: AwaitTurnOptions = {},
  ): Promise<'turn' | 'timed-out'> {
    const key = `${this.keyPrefix}thread-done:${requestId}`;
    const giveUpAt = Date.now() + (options.maxWaitMs ?? 15_000);
    for (;;) {
      const done = Number((await this.redis.get(key)) ?? '0');
      if (done >= seq - 1) return 'turn';
      if (Date.now() >= giveUpAt) return 'timed-out';
      await new Promise((resolve) => setTimeout(resolve, options.pollMs ?? 50));
    }
  }

  /**
   * Post one thread message in its turn: wait for the earlier ones ({@link awaitTurn}; past the
   * wait, post anyway and log it), post, record it ({@link delivered}). An unnumbered message
   * (`seq` undefined) is posted at once.
   * @param requestId - `mr-…`
   * @param seq - the message's number, if it has one
   * @param post - posts the message
   * @param logger - where a skipped turn is logged
   * @returns what `post` returns
   * @throws whatever `post` or Redis throws (the replies queue retries the delivery)
   */
  async inTurn<T>(
    requestId: string,
    seq: number | undefined,
    post: () => Promise<T>,
    logger: Logger,
  ): Promise<T> {
    if (seq === undefined) return post();
    if ((await this.awaitTurn(requestId, seq)) === 'timed-out') {
      logger.warn(
        { maintenanceId: requestId, seq },
        'an earlier thread message never came; posting this one anyway',
      );
    }
    const result = await post();
    await this.delivered(requestId, seq);
    return result;
  }

  /**
   * Record that message `seq` of a request was posted (the mark only rises).
   * @param requestId - `mr-…`
   * @param seq - the message's number
   * @throws whatever Redis throws
   */
  async delivered(requestId: string, seq: number): Promise<void> {
    await this.redis.eval(
      RAISE,
      1,
      `${this.keyPrefix}thread-done:${requestId}`,
      String(seq),
      String(KEY_TTL_SECONDS),
    );
  }
}
