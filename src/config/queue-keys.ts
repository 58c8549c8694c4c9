/**
 * Every Redis key name of one bot, from its queue prefix (`K8S_HA_BOT_QUEUE_PREFIX`, read once by
 * ./settings.ts): the BullMQ prefix of the queues and the key prefixes of the bot's own stores. Two
 * bots sharing a Redis with different prefixes never read each other's keys; a process that got its
 * prefix from {@link loadSettings} and builds its keys here meets every other process of its bot.
 */

/** BullMQ's own default prefix, used when the setting is unset or blank. */
export const DEFAULT_QUEUE_PREFIX = 'bull';

/** Root of the bot's own keys (everything that is not a BullMQ queue). */
const ROOT = 'k8s-ha-bot';

/** The key names of one bot. */
export interface QueueKeys {
  /** BullMQ `prefix` of every queue (answer, replies, schedule, maintenance): `bull` by default. */
  prefix: string;
  /** Slack adapter store (dedup, reply deadlines, posted messages): `k8s-ha-bot:slack:[<prefix>:]`. */
  slackStore: string;
  /** Teams adapter store (conversation references, cards, dedup): `k8s-ha-bot:teams:[<prefix>:]`. */
  teamsStore: string;
  /** Maintenance requests, plans, locks, ledgers: `k8s-ha-bot:maintenance:[<prefix>:]`. */
  maintenance: string;
  /** The maintenance audit stream: `<maintenance>audit`. */
  maintenanceAudit: string;
  /** Scheduled posts (claims, last posts): `k8s-ha-bot:schedule:[<prefix>:]`. */
  schedule: string;
  /**
   * The per-user rate limit (rate-limiter-flexible adds `:<key>`): `k8s-ha-bot:rl`, and
   * `k8s-ha-bot:rl:<prefix>` for another prefix.
   */
  rateLimit: string;
  /**
   * The per-conversation pacing of a replies queue (src/queue/reply-throttle.ts).
   * @param queueName - the replies queue, e.g. `k8s-ha-bot-replies-slack`
   * @returns `<prefix>:<queueName>:throttle`
   */
  replyThrottle(queueName: string): string;
}

/**
 * The key names of the bot whose queue prefix is `prefix`. With the default prefix the bot's own
 * keys carry no prefix part (`k8s-ha-bot:slack:…`), as they did before prefixes existed, so an
 * upgrade keeps its state; any other prefix is added after the store name.
 * @param prefix - the queue prefix, already validated (`Settings.queue.prefix`)
 *   @defaultValue {@link DEFAULT_QUEUE_PREFIX}
 * @returns the key names
 */
export function queueKeys(prefix: string = DEFAULT_QUEUE_PREFIX): QueueKeys {
  const part = prefix === DEFAULT_QUEUE_PREFIX ? '' : `${prefix}:`;
  const maintenance = `${ROOT}:maintenance:${part}`;
  return {
    prefix,
    slackStore: `${ROOT}:slack:${part}`,
    teamsStore: `${ROOT}:teams:${part}`,
    maintenance,
    maintenanceAudit: `${maintenance}audit`,
    schedule: `${ROOT}:schedule:${part}`,
    rateLimit: prefix === DEFAULT_QUEUE_PREFIX ? `${ROOT}:rl` : `${ROOT}:rl:${prefix}`,
    replyThrottle: (queueName) => `${prefix}:${queueName}:throttle`,
  };
}
