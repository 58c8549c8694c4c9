/**
 * The chat messages one gateway process posted, by delivery id, kept in memory beside the Redis
 * posted-message markers of the Slack and Teams stores.
 */

/** Deliveries remembered; the oldest are forgotten beyond this. */
export const POSTED_HERE_LIMIT = 5000;

const NONE: ReadonlyMap<number, string> = new Map();

/**
 * Messages posted by this process, by delivery id (the request id): a reply delivered again skips
 * what this process already posted even when its Redis markers are gone. They can be: Redis refused
 * the marker write (it was down), or a Sentinel failover promoted a replica that lacked the marker
 * (asynchronous replication: https://redis.io/docs/latest/operate/oss_and_stack/management/replication/),
 * which also lacks the answer job's completion, so the job runs again and publishes its reply
 * again (test/integration/redis-sentinel.test.ts saw a second failover right after a first one
 * lose about 1 s of writes). Another gateway process does not see this memory.
 */
export class PostedHere {
  private readonly deliveries = new Map<string, Map<number, string>>();

  /** @param limit - deliveries remembered, oldest forgotten first (default {@link POSTED_HERE_LIMIT}) */
  constructor(private readonly limit = POSTED_HERE_LIMIT) {}

  /**
   * @param deliveryId - the delivery (request id)
   * @returns message index -> platform message id ('' when none) of what this process posted
   */
  get(deliveryId: string): ReadonlyMap<number, string> {
    return this.deliveries.get(deliveryId) ?? NONE;
  }

  /**
   * Record one posted message.
   * @param deliveryId - the delivery (request id)
   * @param index - the message's place in the reply
   * @param messageId - the platform's id of the message (Slack ts, Teams activity id), or ''
   */
  record(deliveryId: string, index: number, messageId: string): void {
    let messages = this.deliveries.get(deliveryId);
    if (!messages) {
      if (this.deliveries.size >= this.limit) {
        const oldest = this.deliveries.keys().next().value;
        if (oldest !== undefined) this.deliveries.delete(oldest);
      }
      messages = new Map();
      this.deliveries.set(deliveryId, messages);
    }
    messages.set(index, messageId);
  }
}
