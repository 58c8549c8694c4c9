/**
 * Redis connections for the queues (ioredis 5, the peer BullMQ 6.7 expects: docs/dependencies.md).
 *
 * - Producers (adapters) fail fast: no offline queue, a short connect timeout, and any failure becomes
 *   BotError `queue-unavailable` naming the REDIS_URL that could not be reached.
 * - Workers and event listeners block on Redis, so they use `maxRetriesPerRequest: null` (BullMQ
 *   requires it for blocking connections) and keep reconnecting while Redis is away.
 *
 *
 * A target is a URL or Redis Sentinel settings (src/config/redis-settings.ts). With
 * Sentinel, ioredis asks the sentinels for the primary, checks its role, and asks again after a
 * failover; `failoverDetector` also subscribes to the sentinels' `+switch-master` so a client
 * leaves the old primary at once. Either way a `READONLY` reply (a client still on a server that
 * was demoted, e.g. a managed Redis endpoint during its failover) reconnects and resends the
 * command, which the replica refused and so never ran.
 *
 * BullMQ is always handed a ready ioredis instance: under native ESM it cannot load ioredis itself.
 */
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { describeRedisTarget, redactRedisUrl } from '../config/redis-settings.js';
import type { RedisTarget } from '../config/redis-settings.js';
import { BotError, ConfigError } from '../errors.js';
import type { Logger } from '../util/logger.js';

export { describeRedisTarget, redactRedisUrl };
export type { RedisTarget };

/** Default time to wait for a producer connection to become ready, in ms. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;

/**
 * Check that a string is a usable Redis URL.
 * @param redisUrl - `redis://[user:password@]host[:port][/db]` or `rediss://…`
 * @param setting - the name of the setting it came from, for the message (default `REDIS_URL`)
 * @throws ConfigError (`config-invalid`, path = `setting`) when it is not a redis:// or rediss:// URL
 */
export function assertRedisUrl(redisUrl: string, setting = 'REDIS_URL'): void {
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch (err) {
    if (!(err instanceof TypeError)) throw err;
    throw new ConfigError(
      setting,
      `${JSON.stringify(redactRedisUrl(redisUrl))} is not a URL; use redis://host:6379`,
    );
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(setting, `${redactRedisUrl(redisUrl)} must start with redis:// or rediss://`);
  }
}

/**
 * Check a target before a client is built: a URL must be redis:// or rediss://; Sentinel settings
 * need at least one sentinel and a primary name.
 * @param target - the target
 * @param setting - the setting a URL came from, for the message (default `REDIS_URL`)
 * @throws ConfigError (`config-invalid`) naming the setting
 */
export function assertRedisTarget(target: RedisTarget, setting = 'REDIS_URL'): void {
  if (typeof target === 'string') return assertRedisUrl(target, setting);
  if (target.sentinels.length === 0)
    throw new ConfigError('REDIS_SENTINELS', 'names no sentinel; list them as host:port,host:port');
  if (target.name === '')
    throw new ConfigError(
      'REDIS_SENTINEL_NAME',
      'is empty; set the primary name the sentinels monitor, e.g. mymaster',
    );
}

/**
 * The error for "Redis cannot be reached", with how to fix it.
 * @param redisUrl - the target that was tried (passwords are never shown: {@link describeRedisTarget})
 * @param cause - the client's error, kept for logs
 * @returns BotError `queue-unavailable`, retryable
 */
export function queueUnavailable(redisUrl: RedisTarget, cause?: unknown): BotError {
  const why = cause instanceof Error ? ` (${cause.message})` : '';
  const fix =
    typeof redisUrl === 'string'
      ? 'Start Redis there, or set REDIS_URL to a reachable redis://host:port'
      : 'Check that the sentinels run and monitor that name (REDIS_SENTINELS, REDIS_SENTINEL_NAME) and that a primary is up';
  return new BotError(
    'queue-unavailable',
    `Redis at ${describeRedisTarget(redisUrl)} could not be reached${why}. ${fix} (Redis needs maxmemory-policy noeviction).`,
    { retryable: true, cause },
  );
}

/**
 * ioredis `reconnectOnError`: a `READONLY` error means this server was demoted to a replica (a
 * failover); reconnect (Sentinel: to the new primary) and resend the command (2), which the
 * replica refused and so never ran. Redis error replies start with their code, so the code is
 * the message's first word (https://redis.io/docs/latest/develop/reference/protocol-spec/#simple-errors).
 * @param err - the error reply
 * @returns 2 (reconnect and resend) for READONLY, false otherwise
 */
export function reconnectOnReadOnly(err: Error): 2 | false {
  return err.message.split(' ', 1)[0] === 'READONLY' ? 2 : false;
}

/**
 * The ioredis options that say where Redis is: for a URL, none (the URL is parsed by ioredis);
 * for Sentinel, `sentinels`, `name`, credentials, `db`, TLS and `failoverDetector`.
 */
function targetOptions(target: RedisTarget): RedisOptions {
  const common: RedisOptions = { reconnectOnError: reconnectOnReadOnly };
  if (typeof target === 'string') return common;
  return {
    ...common,
    sentinels: target.sentinels.map((a) => ({ host: a.host, port: a.port })),
    name: target.name,
    ...(target.username === undefined ? {} : { username: target.username }),
    ...(target.password === undefined ? {} : { password: target.password }),
    ...(target.sentinelUsername === undefined ? {} : { sentinelUsername: target.sentinelUsername }),
    ...(target.sentinelPassword === undefined ? {} : { sentinelPassword: target.sentinelPassword }),
    ...(target.db === undefined ? {} : { db: target.db }),
    ...(target.tls === true ? { tls: {}, enableTLSForSentinelMode: true } : {}),
    ...(target.sentinelTls === true ? { sentinelTLS: {} } : {}),
    // Leave the old primary as soon as a sentinel announces +switch-master, rather than at the
    // next failed command (ioredis README, "Sentinel": failoverDetector).
    failoverDetector: true,
    // Ask the sentinels again quickly while none answers (ms).
    sentinelRetryStrategy: (times: number) => Math.min(times * 250, 2000),
  };
}

/** A client for `target` with `options` (the URL, when there is one, is parsed by ioredis). */
function newClient(target: RedisTarget, options: RedisOptions): Redis {
  const all = { ...targetOptions(target), ...options };
  return typeof target === 'string' ? new Redis(target, all) : new Redis(all);
}

/**
 * A producer connection: not connected yet (`lazyConnect`), no offline queue (commands fail at once
 * while disconnected), `connectTimeout` = `connectTimeoutMs`, one retry per command, and a 5 s
 * command timeout. Call {@link ensureReady} before use.
 * @param redisUrl - the Redis URL, or Sentinel settings (checked with {@link assertRedisTarget})
 * @param options - `connectTimeoutMs` (default {@link DEFAULT_CONNECT_TIMEOUT_MS}), `logger` for connection errors
 * @returns an ioredis client in status `wait`
 * @throws ConfigError when `redisUrl` is not a Redis URL
 */
export function createProducerConnection(
  redisUrl: RedisTarget,
  options: { connectTimeoutMs?: number; logger?: Logger } = {},
): Redis {
  assertRedisTarget(redisUrl);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  return withErrorLogging(
    newClient(redisUrl, {
      lazyConnect: true,
      enableOfflineQueue: false,
      connectTimeout: connectTimeoutMs,
      maxRetriesPerRequest: 1,
      commandTimeout: 5000,
      // ioredis waits this long for a socket that is already gone before it lets go (default 2 s).
      disconnectTimeout: 200,
      retryStrategy: (times) => Math.min(times * 250, 2000),
    } satisfies RedisOptions),
    redisUrl,
    options.logger,
  );
}

/**
 * A connection for workers and event listeners (blocking commands): `maxRetriesPerRequest: null`
 * (required by BullMQ), offline queue on, reconnecting forever with up to 2 s between attempts.
 * @param redisUrl - the Redis URL, or Sentinel settings (checked with {@link assertRedisTarget})
 * @param options - `connectTimeoutMs` (default {@link DEFAULT_CONNECT_TIMEOUT_MS}), `logger` for connection errors
 * @returns an ioredis client in status `wait` (call {@link ensureReady} to connect and check)
 * @throws ConfigError when `redisUrl` is not a Redis URL
 */
export function createWorkerConnection(
  redisUrl: RedisTarget,
  options: { connectTimeoutMs?: number; logger?: Logger } = {},
): Redis {
  assertRedisTarget(redisUrl);
  return withErrorLogging(
    newClient(redisUrl, {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      disconnectTimeout: 200,
      connectTimeout: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      retryStrategy: (times) => Math.min(times * 250, 2000),
    } satisfies RedisOptions),
    redisUrl,
    options.logger,
  );
}

/** ioredis prints "Unhandled error event" without a listener; send connection errors to the log instead. */
function withErrorLogging(client: Redis, redisUrl: RedisTarget, logger: Logger | undefined): Redis {
  if (!logger) {
    client.on('error', () => undefined);
    return client;
  }
  const outage = redisOutageLog(logger, redisUrl);
  client.on('error', (err: Error) => outage.error(err));
  client.on('ready', () => outage.ready());
  return client;
}

/** Socket error codes that mean Redis cannot be reached (Node's `net`, `dns`). */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);

/**
 * Whether an error (a client's, or one BullMQ passes on from its connections) is Redis being out
 * of reach rather than a command failing: a socket code of {@link CONNECTION_CODES}, or ioredis's
 * "Connection is closed." / "connect ETIMEDOUT".
 * @param err - anything thrown or emitted
 * @returns true for a connection error
 */
export function isRedisConnectionError(err: unknown): err is Error {
  // duck-typed: Node's socket errors may come from another realm than this module's Error
  if (typeof err !== 'object' || err === null) return false;
  const { code, message } = err as { code?: unknown; message?: unknown };
  return (
    (typeof code === 'string' && CONNECTION_CODES.has(code)) ||
    (typeof message === 'string' && /^Connection is closed\.?$/.test(message))
  );
}

/** At most one "still unreachable" line per this many ms of an outage. */
export const REDIS_OUTAGE_SUMMARY_MS = 30_000;

/**
 * The connection errors of one Redis target, logged per outage rather than per error (a worker
 * logged about 10 warnings a second with their stacks while Redis was down: issue 33 re-run):
 * the outage's first error is one warning `redis connection error` (message and code, no stack),
 * then at most one warning `Redis still unreachable: N errors since <ISO time>` per
 * {@link REDIS_OUTAGE_SUMMARY_MS}, and one info `redis reconnected` when a connection is ready again.
 */
export class RedisOutageLog {
  /** Start of the current outage (`now()`, ms), or null while Redis answers. */
  private since: number | null = null;
  private errors = 0;
  private lastLineAt = 0;

  /**
   * @param logger - where the lines go
   * @param target - the Redis target (shown as {@link describeRedisTarget})
   * @param now - wall clock, in ms
   */
  constructor(
    private readonly logger: Logger,
    private readonly target: RedisTarget,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Count a connection error; log it when it starts an outage, or a summary when the last line is
   * {@link REDIS_OUTAGE_SUMMARY_MS} old.
   * @param err - the error
   * @param context - fields for the first line (e.g. `queueName`)
   */
  error(err: Error, context: Record<string, unknown> = {}): void {
    const t = this.now();
    this.errors += 1;
    const fields = { redisUrl: describeRedisTarget(this.target), code: (err as { code?: unknown }).code };
    if (this.since === null) {
      this.since = t;
      this.errors = 1;
      this.lastLineAt = t;
      this.logger.warn({ ...fields, ...context, error: err.message }, 'redis connection error');
    } else if (t - this.lastLineAt >= REDIS_OUTAGE_SUMMARY_MS) {
      this.lastLineAt = t;
      const since = new Date(this.since).toISOString();
      this.logger.warn(
        { ...fields, errors: this.errors, since, error: err.message },
        `Redis still unreachable: ${this.errors} errors since ${since}`,
      );
    }
  }

  /** A connection is ready: end the outage, if any, with one info line. */
  ready(): void {
    if (this.since === null) return;
    this.logger.info(
      {
        redisUrl: describeRedisTarget(this.target),
        errors: this.errors,
        since: new Date(this.since).toISOString(),
      },
      'redis reconnected',
    );
    this.since = null;
  }
}

const outageLogs = new WeakMap<Logger, Map<string, RedisOutageLog>>();

/**
 * The {@link RedisOutageLog} of a logger and target, shared by every connection and BullMQ
 * object of the process that logs there (one outage, one line).
 * @param logger - the logger
 * @param target - the Redis target
 * @returns the same instance for the same logger and target
 */
export function redisOutageLog(logger: Logger, target: RedisTarget): RedisOutageLog {
  let byTarget = outageLogs.get(logger);
  if (!byTarget) outageLogs.set(logger, (byTarget = new Map()));
  const key = describeRedisTarget(target);
  let log = byTarget.get(key);
  if (!log) byTarget.set(key, (log = new RedisOutageLog(logger, target)));
  return log;
}

/**
 * An `error` listener for a BullMQ Queue, Worker or QueueEvents: connection errors go to the
 * target's {@link RedisOutageLog} (with `target` null, for an object on a connection of
 * {@link createWorkerConnection} or {@link createProducerConnection} that logs its own outage, to
 * debug), anything else is a warning `msg` with the error.
 * @param logger - the logger
 * @param target - the Redis target of the object's connection, or null
 * @param msg - the message of other errors
 * @param context - fields of every line (e.g. `queueName`)
 * @returns the listener
 */
export function queueErrorListener(
  logger: Logger,
  target: RedisTarget | null,
  msg: string,
  context: Record<string, unknown> = {},
): (err: Error) => void {
  return (err) => {
    if (!isRedisConnectionError(err)) logger.warn({ err, ...context }, msg);
    else if (target === null) logger.debug({ ...context, error: err.message }, msg);
    else redisOutageLog(logger, target).error(err, context);
  };
}

/**
 * Drop a connection that was never used, without logging what the drop itself causes: a client
 * still connecting (a BullMQ Queue connects it at once) fails its ready check with "Stream isn't
 * writeable and enableOfflineQueue options is false" once disconnected, which would read as a Redis
 * problem in a process that is stopping for another reason (its ops port taken).
 * @param client - an ioredis client of {@link createProducerConnection} or {@link createWorkerConnection}
 */
export function disconnectQuietly(client: Redis): void {
  client.removeAllListeners('error');
  client.on('error', () => undefined);
  client.disconnect();
}

/**
 * Wait until a client is connected, at most `timeoutMs`. Starts the connection when it was never
 * started (`lazyConnect`) or has ended, and then fails as soon as that first attempt fails; while
 * ioredis is reconnecting it waits for the reconnection, up to `timeoutMs`.
 * @param client - an ioredis client
 * @param redisUrl - the target it points at, for the error message
 * @param timeoutMs - how long to wait, in ms
 * @param signal - stops the wait early (the owner is closing): a client disconnected while
 *   ioredis was between reconnection attempts never becomes ready nor ends, so without it the
 *   wait would hold the process for the whole `timeoutMs`
 * @throws BotError `queue-unavailable` (retryable) when the client is not ready in time, or when
 *   `signal` is aborted first
 */
export async function ensureReady(
  client: Redis,
  redisUrl: RedisTarget,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<void> {
  if (client.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  let onAbort: (() => void) | undefined;
  let lastError: unknown;
  const onError = (err: unknown): void => {
    lastError = err;
  };
  client.on('error', onError);
  try {
    await new Promise<void>((resolve, reject) => {
      onAbort = () => reject(queueUnavailable(redisUrl, new Error('closed while waiting for Redis')));
      if (signal?.aborted) {
        onAbort();
        return;
      }
      signal?.addEventListener('abort', onAbort, { once: true });
      timer = setTimeout(
        () => reject(queueUnavailable(redisUrl, lastError ?? new Error(`not ready after ${timeoutMs} ms`))),
        timeoutMs,
      );
      onReady = resolve;
      client.once('ready', onReady);
      if (client.status === 'wait' || client.status === 'end') {
        // A first connection that fails is reported at once (fail fast); ioredis keeps retrying in the
        // background, and a later call waits up to timeoutMs for one of those retries.
        client.connect().catch((err: unknown) => {
          // The socket's error (e.g. ECONNREFUSED) says more than connect()'s "Connection is closed".
          reject(queueUnavailable(redisUrl, lastError ?? err));
        });
      }
    });
  } finally {
    clearTimeout(timer);
    if (onReady) client.off('ready', onReady);
    if (onAbort) signal?.removeEventListener('abort', onAbort);
    client.off('error', onError);
  }
}

/**
 * A worker connection that is known to be up: {@link createWorkerConnection} then
 * {@link ensureReady}, disconnecting again when Redis cannot be reached.
 * @param redisUrl - `redis://host:port`, or Sentinel settings
 * @param options - `connectTimeoutMs` (default {@link DEFAULT_CONNECT_TIMEOUT_MS}), `logger`
 * @returns the connected client
 * @throws BotError `queue-unavailable` when Redis does not answer within the timeout
 */
export async function openWorkerConnection(
  redisUrl: RedisTarget,
  options: { connectTimeoutMs?: number; logger?: Logger } = {},
): Promise<Redis> {
  const connection = createWorkerConnection(redisUrl, options);
  try {
    await ensureReady(connection, redisUrl, options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS);
  } catch (err) {
    connection.disconnect();
    throw err;
  }
  return connection;
}
