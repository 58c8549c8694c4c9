/**
 * Where the bot's Redis is: one Redis named by a URL (`redis://`, or `rediss://`
 * for TLS, as managed Redis services give it), or a primary watched by Redis Sentinel, which
 * promotes a replica when the primary dies.
 *
 * The settings come from the config file (`redis: { url }` or `redis: { sentinels, name, … }`) or
 * the environment ({@link REDIS_ENV}); both go through the same rules here, so a mistake is named by
 * the exact setting that holds it (`redis.sentinels[1].port`, `REDIS_SENTINELS`). Pure: no I/O, no
 * Redis client (src/queue/redis-connection.ts turns a {@link RedisTarget} into ioredis options).
 *
 * Passwords are never echoed: not in errors, not in {@link describeRedisTarget}.
 */
import { ConfigError } from '../errors.js';
import type { RedisSettings } from './redis-file-schema.js';

/** One Sentinel process. */
export interface SentinelAddress {
  /** Host name or IP address. */
  host: string;
  /** TCP port (Sentinel's default is 26379). */
  port: number;
}

/**
 * A primary found through Redis Sentinel (https://redis.io/docs/latest/operate/oss_and_stack/management/sentinel/).
 * The client asks the sentinels which server is the primary of `name`, connects there, checks its
 * role, and asks again after a failover.
 */
export interface RedisSentinelTarget {
  /** The sentinels to ask (at least one; list them all: any one that answers is enough). */
  sentinels: readonly SentinelAddress[];
  /** The primary's name in the sentinels' configuration (`sentinel monitor NAME …`), e.g. `mymaster`. */
  name: string;
  /** ACL user on the Redis servers. */
  username?: string;
  /** Password of the Redis servers (`requirepass` / ACL). */
  password?: string;
  /** ACL user on the sentinels. */
  sentinelUsername?: string;
  /** Password of the sentinels (`requirepass` in sentinel.conf). */
  sentinelPassword?: string;
  /** Database number. @defaultValue 0 */
  db?: number;
  /** TLS to the Redis servers. @defaultValue false */
  tls?: boolean;
  /** TLS to the sentinels. @defaultValue false */
  sentinelTls?: boolean;
}

/**
 * Where Redis is: a `redis://[user:password@]host[:port][/db]` or `rediss://…` URL (one server,
 * or a managed service's endpoint that follows its own failover), or Sentinel settings.
 */
export type RedisTarget = string | RedisSentinelTarget;

/** Environment variables of the Redis settings. */
export const REDIS_ENV = {
  /** One Redis: `redis://host:6379` or `rediss://…`. */
  url: 'REDIS_URL',
  /** Sentinels, comma-separated `host:port` (`[v6addr]:port` for IPv6); port defaults to 26379. */
  sentinels: 'REDIS_SENTINELS',
  /** The primary's name in the sentinels' configuration. */
  name: 'REDIS_SENTINEL_NAME',
  username: 'REDIS_USERNAME',
  password: 'REDIS_PASSWORD',
  sentinelUsername: 'REDIS_SENTINEL_USERNAME',
  sentinelPassword: 'REDIS_SENTINEL_PASSWORD',
  /** Database number, a whole number ≥ 0. */
  db: 'REDIS_DB',
  /** `true` / `false`: TLS to the Redis servers. */
  tls: 'REDIS_TLS',
  /** `true` / `false`: TLS to the sentinels. */
  sentinelTls: 'REDIS_SENTINEL_TLS',
} as const;

/** Sentinel's default port. */
export const DEFAULT_SENTINEL_PORT = 26379;

/** The `redis` entry after schema validation (the schema is in redis-file-schema.ts, loaded with the config file's schema). */
export type { RedisSettings } from './redis-file-schema.js';

/** A settings key → the setting an operator must fix (`redis.name`, `REDIS_SENTINEL_NAME`). */
export type RedisSettingPath = (key: keyof RedisSettings) => string;

/**
 * A Redis URL with its password replaced by `***`, for messages and logs.
 * @param redisUrl - e.g. `redis://:secret@redis:6379/0`
 * @returns e.g. `redis://:***@redis:6379/0`; the input unchanged when it does not parse as a URL
 */
export function redactRedisUrl(redisUrl: string): string {
  try {
    const url = new URL(redisUrl);
    if (url.password) url.password = '***';
    return url.toString();
  } catch (err) {
    if (err instanceof TypeError) return redisUrl;
    throw err;
  }
}

/**
 * Check that a string is a redis:// or rediss:// URL; the message never echoes it (it may hold a password).
 * @param url - the value
 * @param settingPath - the setting it came from, for the error
 * @returns `url`
 * @throws ConfigError at `settingPath` when it is not a URL or has another scheme
 */
export function checkRedisUrl(url: string, settingPath: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (err) {
    throw new ConfigError(
      settingPath,
      `expected a redis:// or rediss:// URL (not a URL: ${(err as Error).name})`,
    );
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new ConfigError(
      settingPath,
      `expected a redis:// or rediss:// URL, got a ${parsed.protocol}// URL`,
    );
  }
  return url;
}

const SENTINEL_ONLY = [
  'name',
  'username',
  'password',
  'sentinelUsername',
  'sentinelPassword',
  'db',
  'tls',
  'sentinelTls',
] as const;

/**
 * Turn validated settings into a target: exactly one of `url` and `sentinels`; `name` with
 * `sentinels`; the other keys only with `sentinels` (a URL carries its own user, password,
 * database and TLS scheme).
 * @param s - the settings (config file entry, environment, or both merged)
 * @param pathOf - names each key's setting for the error
 * @returns the URL, or the Sentinel settings
 * @throws ConfigError at the offending setting's path
 */
export function redisTargetFromSettings(s: RedisSettings, pathOf: RedisSettingPath): RedisTarget {
  if (s.url !== undefined && s.sentinels !== undefined) {
    throw new ConfigError(
      pathOf('sentinels'),
      `set either ${pathOf('url')} (one Redis) or ${pathOf('sentinels')} (Redis Sentinel), not both`,
    );
  }
  if (s.url !== undefined) {
    const extra = SENTINEL_ONLY.find((k) => s[k] !== undefined);
    if (extra !== undefined) {
      throw new ConfigError(
        pathOf(extra),
        `applies only with ${pathOf('sentinels')}; with ${pathOf('url')} put the user, password and database in the URL (redis://user:password@host:6379/0) and use rediss:// for TLS`,
      );
    }
    return checkRedisUrl(s.url, pathOf('url'));
  }
  if (s.sentinels === undefined) {
    throw new ConfigError(
      pathOf('url'),
      `is not set: set ${pathOf('url')} (one Redis), or ${pathOf('sentinels')} and ${pathOf('name')} (Redis Sentinel)`,
    );
  }
  if (s.name === undefined) {
    throw new ConfigError(
      pathOf('name'),
      `is required with ${pathOf('sentinels')}: the primary's name in the sentinels' configuration (sentinel monitor NAME …), e.g. mymaster`,
    );
  }
  const target: RedisSentinelTarget = {
    sentinels: s.sentinels.map((a) => ({ host: a.host, port: a.port })),
    name: s.name,
  };
  for (const key of SENTINEL_ONLY) {
    if (key === 'name' || s[key] === undefined) continue;
    Object.assign(target, { [key]: s[key] });
  }
  return target;
}

/** A value, with '' treated as unset. */
function valueOf(values: Readonly<Record<string, string | undefined>>, name: string): string | undefined {
  const value = values[name];
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** `host:port,[::1]:port,host` → addresses; the error names {@link REDIS_ENV}.sentinels and the bad entry's position. */
function parseSentinelList(raw: string): SentinelAddress[] {
  const setting = REDIS_ENV.sentinels;
  return raw.split(',').map((entry, i) => {
    const item = entry.trim();
    const where = `entry ${i + 1} of ${raw.split(',').length}`;
    const m = /^(?:\[([0-9A-Fa-f:.]+)\]|([^:[\]\s]+))(?::(\d+))?$/.exec(item);
    const host = m?.[1] ?? m?.[2];
    if (m === null || host === undefined)
      throw new ConfigError(setting, `${where} ${JSON.stringify(item)} is not host:port (IPv6: [addr]:port)`);
    const port = m[3] === undefined ? DEFAULT_SENTINEL_PORT : Number(m[3]);
    if (!Number.isInteger(port) || port < 1 || port > 65535)
      throw new ConfigError(setting, `${where} has port ${m[3] ?? ''}: expected 1..65535`);
    return { host, port };
  });
}

function envBoolean(raw: string, name: string): boolean {
  const v = raw.toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw new ConfigError(name, `expected true or false`);
}

/**
 * The Redis settings of the environment's {@link REDIS_ENV} variables (src/config/settings.ts reads
 * them and hands them here; empty values count as unset).
 * @param values - the REDIS_* values, by variable name
 * @returns the settings present (possibly only credentials), or undefined when no Redis variable is set
 * @throws ConfigError naming the variable when a value does not parse (REDIS_SENTINELS, REDIS_DB, REDIS_TLS…)
 */
export function redisSettingsFromValues(
  values: Readonly<Record<string, string | undefined>>,
): Partial<RedisSettings> | undefined {
  const out: Partial<RedisSettings> = {};
  const url = valueOf(values, REDIS_ENV.url);
  if (url !== undefined) out.url = url;
  const sentinels = valueOf(values, REDIS_ENV.sentinels);
  if (sentinels !== undefined) out.sentinels = parseSentinelList(sentinels);
  for (const key of ['name', 'username', 'password', 'sentinelUsername', 'sentinelPassword'] as const) {
    const v = valueOf(values, REDIS_ENV[key]);
    if (v !== undefined) out[key] = v;
  }
  const db = valueOf(values, REDIS_ENV.db);
  if (db !== undefined) {
    if (!/^\d+$/.test(db))
      throw new ConfigError(REDIS_ENV.db, `${JSON.stringify(db)} is not a whole number ≥ 0`);
    out.db = Number(db);
  }
  const tls = valueOf(values, REDIS_ENV.tls);
  if (tls !== undefined) out.tls = envBoolean(tls, REDIS_ENV.tls);
  const sentinelTls = valueOf(values, REDIS_ENV.sentinelTls);
  if (sentinelTls !== undefined) out.sentinelTls = envBoolean(sentinelTls, REDIS_ENV.sentinelTls);
  return Object.keys(out).length === 0 ? undefined : out;
}

/**
 * The Redis target from the config file's `redis` entry and the environment's. `REDIS_URL` or
 * `REDIS_SENTINELS` replace the file's entry as a whole; the other variables (credentials, db,
 * TLS) complete or override it, so a Secret can hold the passwords while the file holds the
 * topology.
 * @param file - the file's validated `redis` entry, if any
 * @param fromEnv - the environment's part (`Settings.redis`, from {@link redisSettingsFromValues})
 * @returns the target, or undefined when neither the file nor the environment names a Redis
 * @throws ConfigError naming the setting (`redis.name`, `REDIS_SENTINELS`…) to fix
 */
export function resolveRedisTarget(
  file: RedisSettings | undefined,
  fromEnv: Partial<RedisSettings> | undefined,
): RedisTarget | undefined {
  const envNamesPlace =
    fromEnv !== undefined && (fromEnv.url !== undefined || fromEnv.sentinels !== undefined);
  const base: RedisSettings = envNamesPlace ? {} : (file ?? {});
  if (fromEnv === undefined && file === undefined) return undefined;
  const merged: RedisSettings = { ...base, ...fromEnv };
  if (
    merged.url === undefined &&
    merged.sentinels === undefined &&
    fromEnv !== undefined &&
    file === undefined
  ) {
    const first = Object.keys(fromEnv)[0] as keyof RedisSettings;
    throw new ConfigError(
      REDIS_ENV[first],
      `applies only with ${REDIS_ENV.sentinels} (or redis.sentinels in the config file); set ${REDIS_ENV.url} or ${REDIS_ENV.sentinels}`,
    );
  }
  const pathOf: RedisSettingPath = (key) =>
    envNamesPlace || fromEnv?.[key] !== undefined ? REDIS_ENV[key] : `redis.${key}`;
  return redisTargetFromSettings(merged, pathOf);
}

/**
 * The environment that names `target` ({@link REDIS_ENV}), for a process started with settings
 * resolved elsewhere (a child process that reads its own environment).
 * @param target - the target
 * @returns every {@link REDIS_ENV} variable: the target's set, the others `undefined` (so they replace inherited ones)
 */
export function redisTargetToEnv(target: RedisTarget): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = Object.fromEntries(
    Object.values(REDIS_ENV).map((name) => [name, undefined]),
  );
  if (typeof target === 'string') {
    out[REDIS_ENV.url] = target;
    return out;
  }
  out[REDIS_ENV.sentinels] = target.sentinels
    .map((a) => `${a.host.includes(':') ? `[${a.host}]` : a.host}:${a.port}`)
    .join(',');
  out[REDIS_ENV.name] = target.name;
  for (const key of [
    'username',
    'password',
    'sentinelUsername',
    'sentinelPassword',
    'db',
    'tls',
    'sentinelTls',
  ] as const) {
    const v = target[key];
    if (v !== undefined) out[REDIS_ENV[key]] = String(v);
  }
  return out;
}

/**
 * Where a target points, for an operator's message: `host:port` of a URL (6379 when the URL names
 * none; no user, password or database), or the Sentinel description ({@link describeRedisTarget}).
 * @param target - the target
 * @returns e.g. `127.0.0.1:6399`, or `Sentinel primary "mymaster" via s1:26379`
 */
export function redisAddress(target: RedisTarget): string {
  if (typeof target !== 'string') return describeRedisTarget(target);
  try {
    const url = new URL(target);
    return `${url.hostname}:${url.port || '6379'}`;
  } catch (err) {
    if (err instanceof TypeError) return describeRedisTarget(target);
    throw err;
  }
}

/**
 * A target for messages and logs, without secrets.
 * @param target - the target
 * @returns e.g. `redis://:***@redis:6379/0`, or `Sentinel primary "mymaster" via s1:26379,s2:26379 (password set)`
 */
export function describeRedisTarget(target: RedisTarget): string {
  if (typeof target === 'string') return redactRedisUrl(target);
  const via = target.sentinels.map((a) => `${a.host}:${a.port}`).join(',');
  const extras = [
    target.db !== undefined && target.db !== 0 ? `db ${target.db}` : undefined,
    target.username !== undefined ? `user ${target.username}` : undefined,
    target.password !== undefined ? 'password set' : undefined,
    target.sentinelPassword !== undefined ? 'sentinel password set' : undefined,
    target.tls === true ? 'TLS' : undefined,
    target.sentinelTls === true ? 'sentinel TLS' : undefined,
  ].filter((x): x is string => x !== undefined);
  return `Sentinel primary ${JSON.stringify(target.name)} via ${via}${extras.length > 0 ? ` (${extras.join(', ')})` : ''}`;
}
