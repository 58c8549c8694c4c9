/**
 * The bot's settings from the environment and the command line, read and validated once per
 * process by {@link loadSettings} (as probot's `readEnvOptions` reads its options): this module is
 * the only one that reads an environment. Every process (gateway, worker, maintenance worker, the
 * CLI) receives the typed {@link Settings}, `k8s-ha-bot config check` prints them
 * ({@link describeSettings}), and test/unit/settings-read-once.test.ts fails when a module elsewhere reads
 * a variable itself.
 *
 * Blank values count as unset everywhere (shells and container specs often leave them empty), so an
 * empty `K8S_HA_BOT_QUEUE_PREFIX` means the default prefix in every process. A bad value is a
 * {@link ConfigError} whose `path` is the variable (or flag) to fix; secrets are never echoed.
 *
 * The part readers (`opsPortFrom`, `queuePrefixFrom`…) are exported for tests of one rule; processes
 * take the whole object.
 */
import { isIP } from 'node:net';
// zod's v3 API (shipped inside the zod 4 package as `zod/v3`): every process loads this module,
// and the v4 entry points load all ~60 of zod's message locales on import (about 0.1 s of CPU per
// CLI command); v3 loads in a tenth of that. The schemas here are strings checked by functions,
// zod loaded and each schema built on first use (./lazy-zod.ts): a live `ask` usually needs none.
import type { ZodType, ZodTypeDef } from 'zod/v3';
import { isValidClusterName } from '../commands/names.js';
import type { Locale } from '../commands/types.js';
import { ConfigError } from '../errors.js';
import { canonicalTimeZone } from '../util/time-zone.js';
import { DEFAULT_JOB_TIMEOUT_MS, LOG_LEVELS, type LogLevel } from './bot-config.js';
import {
  SLACK_ENV,
  TEAMS_ENV,
  loadSlackConfig,
  loadTeamsConfig,
  teamsConfigured,
  type SlackConfig,
  type TeamsConfig,
} from './chat-settings.js';
import { DEFAULT_QUEUE_PREFIX, queueKeys, type QueueKeys } from './queue-keys.js';
import { lazily, zod3 } from './lazy-zod.js';
import { REDIS_ENV, redisSettingsFromValues, type RedisSettings } from './redis-settings.js';

/** An environment: variable name → value (the process's, or a test's). */
export type Env = Readonly<Record<string, string | undefined>>;

/** Variables that override the configuration file (src/config/load-config.ts applies them). */
export const CONFIG_ENV = {
  /** Path of the YAML config file. */
  path: 'K8S_HA_BOT_CONFIG',
  /** Overrides `redis.url`; the other Redis variables (Sentinel, credentials) are in {@link REDIS_ENV}. */
  redisUrl: REDIS_ENV.url,
  /** Overrides `defaultCluster`. */
  defaultCluster: 'K8S_HA_BOT_DEFAULT_CLUSTER',
  /** Overrides `locale`. */
  locale: 'K8S_HA_BOT_LOCALE',
  /** Overrides `logLevel`. */
  logLevel: 'LOG_LEVEL',
  /** Overrides `maintenancePolicy` (a path, relative to the working directory). */
  maintenancePolicy: 'K8S_HA_BOT_MAINTENANCE_POLICY',
  /** Overrides `jobTimeoutMs`: the time limit of one answer, in ms (see {@link jobTimeoutMsOf}). */
  jobTimeoutMs: 'K8S_HA_BOT_JOB_TIMEOUT_MS',
} as const;

/** The worker's variables (flags `--cluster`, `--concurrency` win over them). */
export const WORKER_ENV = {
  /** Clusters to serve, comma-separated. */
  clusters: 'K8S_HA_BOT_WORKER_CLUSTERS',
  /** Jobs in parallel per cluster. */
  concurrency: 'K8S_HA_BOT_WORKER_CONCURRENCY',
} as const;

/** The BullMQ key prefix shared by every process of one bot (src/config/queue-keys.ts). */
export const QUEUE_PREFIX_ENV = 'K8S_HA_BOT_QUEUE_PREFIX';

/** `off` turns the worker's watch cache off (`on`, the default, answers from it when in sync). */
export const WATCH_CACHE_ENV = 'K8S_HA_BOT_WATCH_CACHE';

/**
 * Listen addresses of the process's HTTP servers. The ops server (`/healthz`, `/readyz`, `/metrics`,
 * no authentication) defaults to 127.0.0.1, this machine only (the image and deploy/ set 0.0.0.0);
 * Slack's `/slack/events` and Teams' `/api/messages` authenticate every request and default to all
 * interfaces (Teams: 127.0.0.1 only in the development mode, {@link DEV_INSECURE_ENV}).
 */
export const LISTEN_HOST_ENV = {
  ops: 'K8S_HA_BOT_OPS_HOST',
  slack: 'K8S_HA_BOT_SLACK_HOST',
  teams: 'K8S_HA_BOT_TEAMS_HOST',
} as const;

/** The ops server's variables. */
export const OPS_ENV = {
  /** Port of /healthz, /readyz, /metrics; `0` picks a free port. */
  port: 'K8S_HA_BOT_OPS_PORT',
  /** Address to listen on (default {@link DEFAULT_OPS_HOST}). */
  host: LISTEN_HOST_ENV.ops,
  /** `required` (default): a cluster whose API cannot be reached makes /readyz 503; `reported`: listed only. */
  readyzClusters: 'K8S_HA_BOT_READYZ_CLUSTERS',
} as const;

/** The graceful stop deadline after SIGTERM, in ms (src/ops/shutdown.ts). */
export const SHUTDOWN_ENV = 'K8S_HA_BOT_SHUTDOWN_MS';

/** The per-user rate limit (src/ops/rate-limit.ts). */
export const RATE_LIMIT_ENV = {
  /** Requests allowed per user and window; `0` turns the limit off. */
  points: 'K8S_HA_BOT_RATE_LIMIT',
  /** The window, in s. */
  windowS: 'K8S_HA_BOT_RATE_LIMIT_WINDOW_S',
} as const;

/**
 * The development flag `K8S_HA_BOT_DEV_INSECURE=1`, the only way to run a chat endpoint without
 * request authentication: with it the Teams endpoint may run without Bot Framework authentication
 * (MICROSOFT_APP_ID unset, TEAMS_PORT set), the Teams endpoint and the gateway's ops server bind to
 * {@link LOOPBACK_HOST} only, and a warning is logged. Slack's HTTP mode never runs without its
 * signing secret, flag or not (Socket Mode needs no public URL for local development).
 */
export const DEV_INSECURE_ENV = 'K8S_HA_BOT_DEV_INSECURE';

/** The time zone of schedules created without one (`schedule daily 09:00`). */
export const TIME_ZONE_ENV = 'K8S_HA_BOT_TIME_ZONE';

/** Variables of the system the bot reads: `HOME` (`~/` in configured paths), `KUBECONFIG` (`snapshot`). */
export const SYSTEM_ENV = { home: 'HOME', kubeconfig: 'KUBECONFIG' } as const;

/** The two processes that serve an ops server. */
export type OpsRole = 'gateway' | 'worker';

/**
 * Default ops port of each role: different, so that a worker and a gateway started on one machine
 * (docs/slack.md, step 3) both serve `/healthz` (9090 is the Prometheus convention for an app's
 * metrics port; the gateway takes the next one).
 */
export const DEFAULT_OPS_PORTS: Readonly<Record<OpsRole, number>> = { worker: 9090, gateway: 9091 };

/** Default address of the ops server: loopback, this machine only. */
export const DEFAULT_OPS_HOST = '127.0.0.1';

/** Where listeners bind in the insecure development mode. */
export const LOOPBACK_HOST = '127.0.0.1';

/** Default shutdown deadline, in ms: 5 s under Kubernetes' default 30 s grace period. */
export const DEFAULT_SHUTDOWN_MS = 25_000;

/** Default jobs in parallel per cluster on a worker. */
export const DEFAULT_WORKER_CONCURRENCY = 2;

/** Rate limit settings. */
export interface RateLimitSettings {
  /** Requests allowed per user and window; 0 = no limit. @defaultValue 10 */
  points: number;
  /** Window length, in s. @defaultValue 60 */
  windowS: number;
}

/** Defaults: 10 requests a minute per user (a person asking by hand never gets near it). */
export const DEFAULT_RATE_LIMIT: RateLimitSettings = { points: 10, windowS: 60 };

/** Command-line values that win over the environment (the worker's flags; tests). */
export interface SettingsFlags {
  /** worker `--redis-url`: wins over every REDIS_* variable. */
  redisUrl?: string;
  /** worker `--cluster` (repeatable): wins over K8S_HA_BOT_WORKER_CLUSTERS. */
  clusters?: readonly string[];
  /** worker `--concurrency`: wins over K8S_HA_BOT_WORKER_CONCURRENCY. */
  concurrency?: string;
  /** worker `--prefix`: wins over K8S_HA_BOT_QUEUE_PREFIX; blank counts as unset. */
  queuePrefix?: string;
  /** worker `--job-timeout-ms`: wins over K8S_HA_BOT_JOB_TIMEOUT_MS. */
  jobTimeoutMs?: string;
  /**
   * Accept Teams without authentication (MICROSOFT_APP_ID unset). Tests only.
   * @defaultValue the development mode ({@link DEV_INSECURE_ENV})
   */
  teamsWithoutAuth?: boolean;
}

/**
 * A chat platform's settings: validated when they are complete, else why the platform cannot run
 * (a variable unset or malformed). Only a process that runs the platform fails on `problem`
 * ({@link requirePlatform}); the others never look at it.
 */
export interface PlatformSettings<T> {
  /** Whether the environment asks for the platform (Slack: a SLACK_* secret; Teams: MICROSOFT_APP_ID, or TEAMS_PORT in the development mode). */
  requested: boolean;
  /** The validated settings. */
  value?: T;
  /** Why `value` is missing, naming the variable to set or fix. */
  problem?: ConfigError;
}

/** Environment overrides of the configuration file, applied by `loadConfig`. */
export interface ConfigOverrides {
  /** K8S_HA_BOT_CONFIG: the file (a `--config` flag, passed to `loadConfig`, wins). */
  path?: string;
  /** K8S_HA_BOT_DEFAULT_CLUSTER. */
  defaultCluster?: string;
  /** K8S_HA_BOT_LOCALE. */
  locale?: Locale;
  /** K8S_HA_BOT_MAINTENANCE_POLICY (relative to the working directory). */
  maintenancePolicy?: string;
}

/** The ops server, shutdown and request limits of a process. */
export interface OpsSettings {
  /** K8S_HA_BOT_OPS_PORT; undefined: the role's default ({@link opsPortOf}, {@link DEFAULT_OPS_PORTS}). */
  port?: number;
  /** K8S_HA_BOT_OPS_HOST. @defaultValue {@link DEFAULT_OPS_HOST} */
  host: string;
  /** K8S_HA_BOT_READYZ_CLUSTERS. @defaultValue `required` */
  readyzClusters: 'required' | 'reported';
  /** K8S_HA_BOT_SHUTDOWN_MS, in ms. @defaultValue {@link DEFAULT_SHUTDOWN_MS} */
  shutdownDeadlineMs: number;
  /** K8S_HA_BOT_RATE_LIMIT, K8S_HA_BOT_RATE_LIMIT_WINDOW_S. @defaultValue {@link DEFAULT_RATE_LIMIT} */
  rateLimit: RateLimitSettings;
  /** K8S_HA_BOT_DEV_INSECURE. @defaultValue false */
  devInsecure: boolean;
}

/** Every setting of one process, from {@link loadSettings}. */
export interface Settings {
  /** Overrides of the configuration file. */
  config: ConfigOverrides;
  /** The Redis variables (REDIS_URL, REDIS_SENTINELS…), merged with the file's `redis` by `resolveRedisTarget`; undefined when none is set. */
  redis?: Partial<RedisSettings>;
  /** LOG_LEVEL. */
  logLevel?: LogLevel;
  /** The time limit of one answer (`--job-timeout-ms`, K8S_HA_BOT_JOB_TIMEOUT_MS), in ms, over the file's `jobTimeoutMs` ({@link jobTimeoutMsOf}). */
  jobTimeoutMs?: number;
  /** The queue prefix (`--prefix`, K8S_HA_BOT_QUEUE_PREFIX) and every Redis key name built from it. */
  queue: { prefix: string; keys: QueueKeys };
  /** What a worker serves. */
  worker: {
    /** `--redis-url`, as given (checked by the worker). */
    redisUrl?: string;
    /** `--cluster` / K8S_HA_BOT_WORKER_CLUSTERS, without duplicates; empty when none is named. */
    clusters: string[];
    /** `--concurrency` / K8S_HA_BOT_WORKER_CONCURRENCY. @defaultValue {@link DEFAULT_WORKER_CONCURRENCY} */
    concurrency: number;
    /** K8S_HA_BOT_WATCH_CACHE. @defaultValue true */
    watchCache: boolean;
  };
  ops: OpsSettings;
  /** The chat platforms. */
  chat: {
    slack: PlatformSettings<SlackConfig>;
    teams: PlatformSettings<TeamsConfig>;
    /** K8S_HA_BOT_SLACK_HOST; undefined: all interfaces. */
    slackHost?: string;
    /** K8S_HA_BOT_TEAMS_HOST; undefined: all interfaces. */
    teamsHost?: string;
    /** K8S_HA_BOT_TIME_ZONE, canonical. @defaultValue `UTC` */
    timeZone: string;
  };
  /** HOME, for `~/` in configured paths. */
  home?: string;
  /** KUBECONFIG, as set (the `snapshot` command names it in the file when it is one path). */
  kubeconfig?: string;
}

/** A value, trimmed; blank counts as unset. */
function valueOf(env: Env, name: string): string | undefined {
  const raw = env[name];
  return raw === undefined || raw.trim() === '' ? undefined : raw.trim();
}

/** The values of `names`, trimmed, blank ones left out (the record the value parsers take). */
function pick(env: Env, names: readonly string[]): Record<string, string | undefined> {
  return Object.fromEntries(names.map((name) => [name, valueOf(env, name)]));
}

/**
 * Check one value with `schema` (a string in, the setting out).
 * @throws ConfigError at `source` with the schema's first message
 */
function parse<T>(source: string, raw: string, schema: ZodType<T, ZodTypeDef, string>): T {
  const result = schema.safeParse(raw);
  if (result.success) return result.data;
  throw new ConfigError(source, result.error.issues[0]?.message ?? 'invalid');
}

/** A whole number (digits only: no sign, decimals or exponent) within `min..max`. */
function wholeNumber(
  min: number,
  max: number,
  problem: (quoted: string) => string = (q) => `${q}: expected a whole number ${min}..${max}`,
): ZodType<number, ZodTypeDef, string> {
  const z = zod3();
  return z.string().transform((raw, ctx) => {
    const n = Number(raw);
    if (/^\d+$/.test(raw) && n >= min && n <= max) return n;
    ctx.addIssue({ code: 'custom', message: problem(JSON.stringify(raw)) });
    return z.NEVER;
  });
}

/** One of `values`, lowercased first when `lower`. */
function oneOf<T extends string>(
  values: readonly T[],
  problem: (quoted: string) => string,
  lower = false,
): ZodType<T, ZodTypeDef, string> {
  const z = zod3();
  return z.string().transform((raw, ctx) => {
    const v = lower ? raw.toLowerCase() : raw;
    const found = values.find((x) => x === v);
    if (found !== undefined) return found;
    ctx.addIssue({ code: 'custom', message: problem(JSON.stringify(raw)) });
    return z.NEVER;
  });
}

/** A string `ok` accepts as it is; otherwise `problem` says why. */
function checked(
  ok: (raw: string) => boolean,
  problem: (raw: string) => string,
): ZodType<string, ZodTypeDef, string> {
  const z = zod3();
  return z.string().transform((raw, ctx) => {
    if (ok(raw)) return raw;
    ctx.addIssue({ code: 'custom', message: problem(raw) });
    return z.NEVER;
  });
}

/** A DNS host name (RFC 1123 labels), e.g. `localhost`. */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** A listen address: an IP address or a host name, no port, no URL. */
const listenHost = lazily(() =>
  checked(
    (raw) => isIP(raw) !== 0 || HOST_NAME.test(raw),
    (raw) =>
      `${JSON.stringify(raw)}: expected an address to listen on, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface), without a port`,
  ),
);

/** What a queue prefix may be: 1-64 letters, digits, `.`, `_`, `-`, `:` or braces (a Redis Cluster hash tag such as `{botb}`). */
const PREFIX_PATTERN = /^[A-Za-z0-9._:{}-]{1,64}$/;

/**
 * The BullMQ key prefix of this process: `--prefix`, else K8S_HA_BOT_QUEUE_PREFIX, else
 * {@link DEFAULT_QUEUE_PREFIX}. Unset, empty or blank means the default for every process (an empty
 * prefix would give keys starting with `:`, which no other process would look at).
 * @param env - the environment
 * @param flag - the worker's `--prefix` (blank counts as unset)
 * @returns the prefix, trimmed
 * @throws ConfigError at `--prefix` or `K8S_HA_BOT_QUEUE_PREFIX` when the value has other characters or is longer than 64
 */
export function queuePrefixFrom(env: Env, flag?: string): string {
  const fromFlag = (flag ?? '').trim();
  const source = fromFlag !== '' ? '--prefix' : QUEUE_PREFIX_ENV;
  const raw = fromFlag !== '' ? fromFlag : valueOf(env, QUEUE_PREFIX_ENV);
  if (raw === undefined) return DEFAULT_QUEUE_PREFIX;
  return parse(
    source,
    raw,
    checked(
      (v) => PREFIX_PATTERN.test(v),
      (v) =>
        `${JSON.stringify(v)}: use 1-64 letters, digits, ".", "_", "-", ":" or braces (e.g. botb); the same value on the gateway and every worker`,
    ),
  );
}

/**
 * One listen address.
 * @param env - the environment
 * @param name - one of {@link LISTEN_HOST_ENV}
 * @returns the address (an IPv4/IPv6 address or a host name), or undefined when unset or blank
 * @throws ConfigError at `name` when the value is neither an IP address nor a host name (a URL, a port, spaces…)
 */
export function listenHostFrom(env: Env, name: string): string | undefined {
  const raw = valueOf(env, name);
  return raw === undefined ? undefined : parse(name, raw, listenHost());
}

/**
 * The ops port set by the environment.
 * @returns the port, or undefined when `K8S_HA_BOT_OPS_PORT` is not set (each role then takes its
 *   default, {@link opsPortOf})
 * @throws ConfigError `K8S_HA_BOT_OPS_PORT` when it is not a whole number 0..65535
 */
export function opsPortFrom(env: Env): number | undefined {
  const raw = valueOf(env, OPS_ENV.port);
  return raw === undefined
    ? undefined
    : parse(
        OPS_ENV.port,
        raw,
        wholeNumber(0, 65535, (q) => `${q} is not a port (0..65535)`),
      );
}

/**
 * The ops port of a role: `K8S_HA_BOT_OPS_PORT` when set, else the role's default.
 * @param ops - the process's ops settings
 * @param role - the process's role
 * @returns the port (0: a free one)
 */
export function opsPortOf(ops: Pick<OpsSettings, 'port'>, role: OpsRole): number {
  return ops.port ?? DEFAULT_OPS_PORTS[role];
}

/**
 * The ops port as `config check` shows it: `K8S_HA_BOT_OPS_PORT` when set, else each role's default.
 * @param ops - the process's ops settings
 * @returns e.g. `9090 (worker), 9091 (gateway)`, or `0`
 */
export function opsPortShown(ops: Pick<OpsSettings, 'port'>): string {
  return ops.port === undefined
    ? Object.entries(DEFAULT_OPS_PORTS)
        .map(([role, port]) => `${port} (${role})`)
        .join(', ')
    : String(ops.port);
}

/**
 * The shutdown deadline.
 * @returns ms (default {@link DEFAULT_SHUTDOWN_MS})
 * @throws ConfigError `K8S_HA_BOT_SHUTDOWN_MS` when not a whole number 0..3 600 000
 */
export function shutdownDeadlineFrom(env: Env): number {
  const raw = valueOf(env, SHUTDOWN_ENV);
  return raw === undefined
    ? DEFAULT_SHUTDOWN_MS
    : parse(
        SHUTDOWN_ENV,
        raw,
        wholeNumber(0, 3_600_000, (q) => `${q}: expected a whole number of ms, 0..3600000`),
      );
}

/**
 * The rate limit.
 * @returns the settings (defaults {@link DEFAULT_RATE_LIMIT})
 * @throws ConfigError `K8S_HA_BOT_RATE_LIMIT` (0..10 000) or `K8S_HA_BOT_RATE_LIMIT_WINDOW_S` (1..86 400) out of range
 */
export function rateLimitSettingsFrom(env: Env): RateLimitSettings {
  const points = valueOf(env, RATE_LIMIT_ENV.points);
  const windowS = valueOf(env, RATE_LIMIT_ENV.windowS);
  return {
    points:
      points === undefined
        ? DEFAULT_RATE_LIMIT.points
        : parse(RATE_LIMIT_ENV.points, points, wholeNumber(0, 10_000)),
    windowS:
      windowS === undefined
        ? DEFAULT_RATE_LIMIT.windowS
        : parse(RATE_LIMIT_ENV.windowS, windowS, wholeNumber(1, 86_400)),
  };
}

/**
 * Whether the insecure development mode is on.
 * @returns true for `1` or `true`; false when unset, empty, `0` or `false`
 * @throws ConfigError `K8S_HA_BOT_DEV_INSECURE` for any other value (a typo must not turn security off or on by surprise)
 */
export function devInsecureFrom(env: Env): boolean {
  const raw = valueOf(env, DEV_INSECURE_ENV);
  if (raw === undefined) return false;
  const z = zod3();
  return parse(
    DEV_INSECURE_ENV,
    raw,
    z.string().transform((v, ctx) => {
      const lower = v.toLowerCase();
      if (lower === '0' || lower === 'false') return false;
      if (lower === '1' || lower === 'true') return true;
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(lower)}: expected 1 (development only: no request authentication, loopback only) or unset`,
      });
      return z.NEVER;
    }),
  );
}

/**
 * Whether the worker's watch cache is on.
 * @returns `on`/`true`/`1` or unset: true; `off`/`false`/`0`: false
 * @throws ConfigError `K8S_HA_BOT_WATCH_CACHE` for any other value
 */
export function watchCacheEnabled(env: Env): boolean {
  const raw = valueOf(env, WATCH_CACHE_ENV);
  if (raw === undefined) return true;
  const z = zod3();
  return parse(
    WATCH_CACHE_ENV,
    raw,
    z.string().transform((v, ctx) => {
      const lower = v.toLowerCase();
      if (lower === 'on' || lower === 'true' || lower === '1') return true;
      if (lower === 'off' || lower === 'false' || lower === '0') return false;
      ctx.addIssue({
        code: 'custom',
        message: `${JSON.stringify(lower.slice(0, 40))} is not on or off (on: answers come from a list + watch cache when it is in sync; off: every answer reads the cluster)`,
      });
      return z.NEVER;
    }),
  );
}

/** `--concurrency` / K8S_HA_BOT_WORKER_CONCURRENCY / `--job-timeout-ms` / K8S_HA_BOT_JOB_TIMEOUT_MS: a positive integer. */
const positiveInt = lazily(() => {
  const z = zod3();
  return z.string().transform((raw, ctx) => {
    const n = Number(raw);
    if (Number.isInteger(n) && n >= 1) return n;
    ctx.addIssue({ code: 'custom', message: `${JSON.stringify(raw)} is not a positive integer` });
    return z.NEVER;
  });
});

/** K8S_HA_BOT_TIME_ZONE: an IANA time zone, canonicalised. */
const timeZoneSchema = lazily(() => {
  const z = zod3();
  return z.string().transform((v, ctx) => {
    const zone = canonicalTimeZone(v);
    if (zone !== null) return zone;
    ctx.addIssue({
      code: 'custom',
      message: `${JSON.stringify(v.slice(0, 64))} is not an IANA time zone (e.g. UTC, Asia/Seoul)`,
    });
    return z.NEVER;
  });
});

/** The value of a flag when given (even blank), else the variable's. */
function flagOr(
  flag: string | undefined,
  flagName: string,
  env: Env,
  name: string,
): [string, string] | undefined {
  if (flag !== undefined) return [flagName, flag];
  const raw = valueOf(env, name);
  return raw === undefined ? undefined : [name, raw];
}

/** The worker's clusters: `--cluster`, else K8S_HA_BOT_WORKER_CLUSTERS (comma-separated), each an RFC 1123 label. */
function workerClustersFrom(env: Env, flag: readonly string[] | undefined): string[] {
  const clusters =
    flag !== undefined
      ? [...flag]
      : (valueOf(env, WORKER_ENV.clusters) ?? '')
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean);
  const bad = clusters.find((c) => !isValidClusterName(c));
  if (bad !== undefined)
    throw new ConfigError(
      flag !== undefined ? '--cluster' : WORKER_ENV.clusters,
      `${JSON.stringify(bad)} is not an RFC 1123 label`,
    );
  return [...new Set(clusters)];
}

/** A chat platform's settings, its problem kept for the process that runs it. */
function platform<T>(requested: boolean, load: () => T): PlatformSettings<T> {
  try {
    return { requested, value: load() };
  } catch (err) {
    if (err instanceof ConfigError) return { requested, problem: err };
    throw err;
  }
}

/**
 * Read and validate every setting of the environment and the command line. No I/O.
 * @param env - the environment (entry points pass `process.env`; tests pass their own)
 * @param flags - command-line values that win over the environment ({@link SettingsFlags})
 * @returns the settings, defaults filled in
 * @throws ConfigError naming the first bad variable or flag (a chat platform's own problems are
 *   kept in {@link PlatformSettings.problem} for the process that runs it)
 */
export function loadSettings(env: Env, flags: SettingsFlags = {}): Settings {
  const locale = valueOf(env, CONFIG_ENV.locale);
  const logLevel = valueOf(env, CONFIG_ENV.logLevel);
  const jobTimeout = flagOr(flags.jobTimeoutMs, '--job-timeout-ms', env, CONFIG_ENV.jobTimeoutMs);
  const concurrency = flagOr(flags.concurrency, '--concurrency', env, WORKER_ENV.concurrency);
  const readyz = valueOf(env, OPS_ENV.readyzClusters);
  const timeZone = valueOf(env, TIME_ZONE_ENV);
  const prefix = queuePrefixFrom(env, flags.queuePrefix);
  const devInsecure = devInsecureFrom(env);
  const slackValues = pick(env, Object.values(SLACK_ENV));
  const teamsValues = pick(env, Object.values(TEAMS_ENV));
  const redis = redisSettingsFromValues(pick(env, Object.values(REDIS_ENV)));
  const config: ConfigOverrides = {};
  const path = valueOf(env, CONFIG_ENV.path);
  if (path !== undefined) config.path = path;
  const defaultCluster = valueOf(env, CONFIG_ENV.defaultCluster);
  if (defaultCluster !== undefined) config.defaultCluster = defaultCluster;
  if (locale !== undefined)
    config.locale = parse(
      CONFIG_ENV.locale,
      locale,
      oneOf<Locale>(['en', 'ko'], () => 'expected one of en, ko'),
    );
  const policy = valueOf(env, CONFIG_ENV.maintenancePolicy);
  if (policy !== undefined) config.maintenancePolicy = policy;
  const opsPort = opsPortFrom(env);
  const settings: Settings = {
    config,
    ...(redis === undefined ? {} : { redis }),
    ...(logLevel === undefined
      ? {}
      : {
          logLevel: parse(
            CONFIG_ENV.logLevel,
            logLevel,
            oneOf(LOG_LEVELS, () => `expected one of ${LOG_LEVELS.join(', ')}`, true),
          ),
        }),
    ...(jobTimeout === undefined ? {} : { jobTimeoutMs: parse(jobTimeout[0], jobTimeout[1], positiveInt()) }),
    queue: { prefix, keys: queueKeys(prefix) },
    worker: {
      ...(flags.redisUrl === undefined ? {} : { redisUrl: flags.redisUrl }),
      clusters: workerClustersFrom(env, flags.clusters),
      concurrency:
        concurrency === undefined
          ? DEFAULT_WORKER_CONCURRENCY
          : parse(concurrency[0], concurrency[1], positiveInt()),
      watchCache: watchCacheEnabled(env),
    },
    ops: {
      ...(opsPort === undefined ? {} : { port: opsPort }),
      host: listenHostFrom(env, OPS_ENV.host) ?? DEFAULT_OPS_HOST,
      readyzClusters:
        readyz === undefined
          ? 'required'
          : parse(
              OPS_ENV.readyzClusters,
              readyz,
              oneOf(['required', 'reported'] as const, (q) => `${q}: expected required or reported`),
            ),
      shutdownDeadlineMs: shutdownDeadlineFrom(env),
      rateLimit: rateLimitSettingsFrom(env),
      devInsecure,
    },
    chat: {
      slack: platform(
        [SLACK_ENV.botToken, SLACK_ENV.signingSecret, SLACK_ENV.appToken].some(
          (name) => slackValues[name] !== undefined,
        ),
        () => loadSlackConfig(slackValues),
      ),
      teams: platform(
        teamsConfigured(teamsValues) || (devInsecure && teamsValues[TEAMS_ENV.port] !== undefined),
        () => loadTeamsConfig(teamsValues, { allowNoAuth: flags.teamsWithoutAuth ?? devInsecure }),
      ),
      ...hostsOf(env),
      timeZone: timeZone === undefined ? 'UTC' : parse(TIME_ZONE_ENV, timeZone, timeZoneSchema()),
    },
  };
  const home = valueOf(env, SYSTEM_ENV.home);
  if (home !== undefined) settings.home = home;
  const kubeconfig = env[SYSTEM_ENV.kubeconfig];
  if (kubeconfig !== undefined && kubeconfig !== '') settings.kubeconfig = kubeconfig;
  return settings;
}

/** The chat listen addresses that are set. */
function hostsOf(env: Env): { slackHost?: string; teamsHost?: string } {
  const slackHost = listenHostFrom(env, LISTEN_HOST_ENV.slack);
  const teamsHost = listenHostFrom(env, LISTEN_HOST_ENV.teams);
  return {
    ...(slackHost === undefined ? {} : { slackHost }),
    ...(teamsHost === undefined ? {} : { teamsHost }),
  };
}

/**
 * The settings a process was given, else those of `env` and `flags` (tests start a gateway or an
 * adapter from an environment). A given object keeps its values, except the queue prefix when
 * `flags.queuePrefix` names one (tests give each run its own).
 * @param given - settings loaded by the caller, if any
 * @param env - the environment to load them from otherwise
 * @param flags - see {@link SettingsFlags}
 * @returns the settings
 * @throws ConfigError as {@link loadSettings}
 */
export function settingsOrLoad(
  given: Settings | undefined,
  env: Env | undefined,
  flags: SettingsFlags = {},
): Settings {
  if (given === undefined) return loadSettings(env ?? {}, flags);
  if ((flags.queuePrefix ?? '').trim() === '') return given;
  const prefix = queuePrefixFrom({}, flags.queuePrefix);
  return { ...given, queue: { prefix, keys: queueKeys(prefix) } };
}

/**
 * Whether an address is loopback only (`127.x.x.x`, `::1`, `localhost`).
 * @param host - a listen address
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}

/**
 * A chat platform's validated settings, for the process that runs it.
 * @param settings - `Settings.chat.slack` or `Settings.chat.teams`
 * @returns the settings
 * @throws ConfigError the platform's problem (a variable unset or malformed), naming it
 */
export function requirePlatform<T>(settings: PlatformSettings<T>): T {
  if (settings.value !== undefined) return settings.value;
  throw settings.problem ?? new ConfigError('', 'the chat platform is not configured');
}

/**
 * The time limit of one answer, decided here only: `--job-timeout-ms`, else
 * K8S_HA_BOT_JOB_TIMEOUT_MS, else the configuration file's `jobTimeoutMs`, else 60 s. `loadConfig`
 * stores it as `BotConfig.jobTimeoutMs`, which `ask`, the prompt and the worker all use.
 * @param settings - the process's settings
 * @param file - the configuration file's entry, when there is one
 * @returns ms
 */
export function jobTimeoutMsOf(
  settings: Pick<Settings, 'jobTimeoutMs'>,
  file?: { jobTimeoutMs?: number | undefined },
): number {
  return settings.jobTimeoutMs ?? file?.jobTimeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
}

/** Keys whose values are secrets: printed as `(set)`. */
const SECRET_KEY = /token|secret|password/i;

/** One `name: value` line per setting, for {@link describeSettings}. */
function flatten(value: unknown, at: string, out: string[]): void {
  if (value === undefined || typeof value === 'function') return;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) {
      const name = at === '' ? key : `${at}.${key}`;
      if (SECRET_KEY.test(key) && v !== undefined) out.push(`${name}: (set)`);
      else flatten(v, name, out);
    }
    return;
  }
  out.push(`${at}: ${Array.isArray(value) ? value.join(', ') || '(none)' : String(value)}`);
}

/** A platform's settings as printed: its values, `not configured`, or what is wrong. */
function platformShown<T>(p: PlatformSettings<T>): unknown {
  if (p.value !== undefined) return p.value;
  return p.requested ? `not usable: ${p.problem?.message ?? 'invalid'}` : 'not configured';
}

/**
 * Every setting as a `name: value` line (the one object `config check` prints), secrets as
 * `(set)`, the Redis variables left to the Redis line (which redacts URLs), the key names as their
 * prefixes, a chat platform as its settings, `not configured` or what is wrong with it.
 * @param settings - from {@link loadSettings}
 * @returns the lines, in the object's order
 */
export function describeSettings(settings: Settings): string[] {
  const { redis: _redis, queue, chat, ...rest } = settings;
  const out: string[] = [];
  flatten(
    {
      ...rest,
      ops: { port: opsPortShown(rest.ops), ...rest.ops },
      queue: { prefix: queue.prefix, keys: { ...queue.keys } },
      chat: { ...chat, slack: platformShown(chat.slack), teams: platformShown(chat.teams) },
    },
    '',
    out,
  );
  return out;
}
