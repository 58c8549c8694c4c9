/**
 * The BullMQ key prefix shared by every process of one bot (gateway, workers, `ask`, the prompt,
 * scheduled posts, maintenance): read here, from `K8S_HA_BOT_QUEUE_PREFIX`, and nowhere else, so the
 * gateway that enqueues and the worker that answers always look at the same Redis keys.
 */
import { ConfigError } from '../errors.js';

/** The environment variable of the prefix. */
export const QUEUE_PREFIX_ENV = 'K8S_HA_BOT_QUEUE_PREFIX';

/** BullMQ's own default prefix, used when the setting is unset or blank. */
export const DEFAULT_QUEUE_PREFIX = 'bull';

/** What a prefix may be: 1-64 letters, digits, `.`, `_`, `-`, `:` or braces (a Redis Cluster hash tag such as `{botb}`). */
const PREFIX_PATTERN = /^[A-Za-z0-9._:{}-]{1,64}$/;

/**
 * The BullMQ key prefix of this process.
 *
 * Unset, empty or blank means {@link DEFAULT_QUEUE_PREFIX} for every process (an empty prefix would
 * give keys starting with `:`, which no other process would look at).
 * @param env - the environment (`K8S_HA_BOT_QUEUE_PREFIX`)
 * @param flag - a command-line value that wins over the environment (the worker's `--prefix`);
 *   blank counts as unset, as in the environment
 * @returns the prefix, trimmed
 * @throws ConfigError at `--prefix` or `K8S_HA_BOT_QUEUE_PREFIX` when the value has other characters
 *   or is longer than 64
 */
export function queuePrefixFrom(env: Readonly<Record<string, string | undefined>>, flag?: string): string {
  const fromFlag = (flag ?? '').trim();
  const setting = fromFlag !== '' ? '--prefix' : QUEUE_PREFIX_ENV;
  const raw = fromFlag !== '' ? fromFlag : (env[QUEUE_PREFIX_ENV] ?? '').trim();
  if (raw === '') return DEFAULT_QUEUE_PREFIX;
  if (!PREFIX_PATTERN.test(raw)) {
    throw new ConfigError(
      setting,
      `${JSON.stringify(raw)}: use 1-64 letters, digits, ".", "_", "-", ":" or braces (e.g. botb); the same value on the gateway and every worker`,
    );
  }
  return raw;
}
