/**
 * Requests waiting for a worker's reply, with a deadline, kept in Redis so that several gateway
 * replicas agree on who posts the "the check did not finish" follow-up: a sorted set of request
 * ids by deadline (ms since the epoch) and a hash of their data. Shared by the Slack and Teams
 * stores.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../util/logger.js';

/**
 * Pending requests and their deadlines.
 * @typeParam T - what is remembered for the follow-up (e.g. the job, or its reply address)
 */
export class ReplyDeadlines<T extends { requestId: string }> {
  /**
   * @param redis - the connection
   * @param prefix - key prefix (`<prefix>pending`, `<prefix>pending-data`)
   * @param ready - called before every command (e.g. `ensureReady` for a lazily connecting client)
   * @param parse - turns stored JSON back into a `T`, or null when it is not one (dropped)
   */
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly ready: () => Promise<void>,
    private readonly parse: (data: unknown) => T | null,
  ) {}

  /**
   * Remember a request that waits for a reply until `deadlineAt`.
   * @param request - what the follow-up needs
   * @param deadlineAt - ms since the epoch
   */
  async add(request: T, deadlineAt: number): Promise<void> {
    await this.ready();
    await this.redis
      .multi()
      .hset(`${this.prefix}pending-data`, request.requestId, JSON.stringify(request))
      .zadd(`${this.prefix}pending`, deadlineAt, request.requestId)
      .exec();
  }

  /**
   * The reply arrived: stop waiting for it.
   * @param requestId - the request
   * @returns true when it was still pending (false: no deadline, or the follow-up was already sent)
   */
  async resolve(requestId: string): Promise<boolean> {
    await this.ready();
    const removed = await this.redis.zrem(`${this.prefix}pending`, requestId);
    await this.redis.hdel(`${this.prefix}pending-data`, requestId);
    return removed === 1;
  }

  /**
   * Take the requests whose deadline has passed; each goes to exactly one caller across replicas
   * (ZREM decides).
   * @param now - ms since the epoch
   * @param limit - at most this many @defaultValue 50
   * @returns the requests this caller now owns
   */
  async takeDue(now: number, limit = 50): Promise<T[]> {
    await this.ready();
    const ids = await this.redis.zrangebyscore(`${this.prefix}pending`, '-inf', now, 'LIMIT', 0, limit);
    const taken: T[] = [];
    for (const id of ids) {
      if ((await this.redis.zrem(`${this.prefix}pending`, id)) !== 1) continue;
      const data = await this.redis.hget(`${this.prefix}pending-data`, id);
      await this.redis.hdel(`${this.prefix}pending-data`, id);
      if (data === null) continue;
      const parsed = this.parse(JSON.parse(data));
      if (parsed !== null) taken.push(parsed);
    }
    return taken;
  }
}

/**
 * Poll for requests whose reply deadline passed and hand each to `onDue` once (across replicas:
 * {@link ReplyDeadlines.takeDue} decides). A poll still running skips the next tick; a failed
 * poll is logged and retried at the next one.
 * @param options - `takeDue` (the store's), `pollMs` (interval, ms), `onDue` (send the follow-up),
 *   `logger`, `what` (names the platform in the log line)
 * @returns the interval timer (unref'd); stop it with `clearInterval`
 */
export function pollDueReplies<T>(options: {
  takeDue: (now: number) => Promise<T[]>;
  pollMs: number;
  onDue: (item: T) => Promise<void>;
  logger: Logger;
  what: string;
}): NodeJS.Timeout {
  let polling = false;
  const timer = setInterval(() => {
    if (polling) return;
    polling = true;
    (async () => {
      for (const item of await options.takeDue(Date.now())) await options.onDue(item);
    })()
      .catch((err: unknown) =>
        options.logger.warn({ err }, `${options.what} deadline follow-ups failed; retrying at the next poll`),
      )
      .finally(() => {
        polling = false;
      });
  }, options.pollMs);
  timer.unref();
  return timer;
}
