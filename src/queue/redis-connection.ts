/**
 * Redis connections for the queues (ioredis 5, the peer BullMQ 6.7 expects: DEPENDENCIES.md).
 *
 * - Producers (adapters) fail fast: no offline queue, a short connect timeout, and any failure becomes
 *   BotError `queue-unavailable` naming the REDIS_URL that could not be reached.
 * - Workers and event listeners block on Redis, so they use `maxRetriesPerRequest: null` (BullMQ
 *   requires it for blocking connections) and keep reconnecting while Redis is away.
 *
 * BullMQ is always handed a ready ioredis instance: under native ESM it cannot load ioredis itself.
 */
import { Redis } from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { BotError, ConfigError } from '../errors.js';
import type { Logger } from '../util/logger.js';

/** Default time to wait for a producer connection to become ready, in ms. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 2000;

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
    throw new ConfigError(setting, `${JSON.stringify(redactRedisUrl(redisUrl))} is not a URL; use redis://host:6379`);
  }
  if (url.protocol !== 'redis:' && url.protocol !== 'rediss:') {
    throw new ConfigError(setting, `${redactRedisUrl(redisUrl)} must start with redis:// or rediss://`);
  }
}

/**
 * The error for "Redis cannot be reached", with how to fix it.
 * @param redisUrl - the URL that was tried (its password is redacted in the message)
 * @param cause - the client's error, kept for logs
 * @returns BotError `queue-unavailable`, retryable
 */
export function queueUnavailable(redisUrl: string, cause?: unknown): BotError {
  const why = cause instanceof Error ? ` (${cause.message})` : '';
  return new BotError(
    'queue-unavailable',
    `Redis at ${redactRedisUrl(redisUrl)} could not be reached${why}. Start Redis there, or set REDIS_URL to a reachable ` +
      'redis://host:port (Redis needs maxmemory-policy noeviction).',
    { retryable: true, cause },
  );
}

/**
 * A producer connection: not connected yet (`lazyConnect`), no offline queue (commands fail at once
 * while disconnected), `connectTimeout` = `connectTimeoutMs`, one retry per command, and a 5 s
 * command timeout. Call {@link ensureReady} before use.
 * @param redisUrl - the Redis URL (checked with {@link assertRedisUrl})
 * @param options - `connectTimeoutMs` (default {@link DEFAULT_CONNECT_TIMEOUT_MS}), `logger` for connection errors
 * @returns an ioredis client in status `wait`
 * @throws ConfigError when `redisUrl` is not a Redis URL
 */
export function createProducerConnection(
  redisUrl: string,
  options: { connectTimeoutMs?: number; logger?: Logger } = {},
): Redis {
  assertRedisUrl(redisUrl);
  const connectTimeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  return withErrorLogging(
    new Redis(redisUrl, {
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
 * @param redisUrl - the Redis URL (checked with {@link assertRedisUrl})
 * @param options - `connectTimeoutMs` (default {@link DEFAULT_CONNECT_TIMEOUT_MS}), `logger` for connection errors
 * @returns an ioredis client in status `wait` (call {@link ensureReady} to connect and check)
 * @throws ConfigError when `redisUrl` is not a Redis URL
 */
export function createWorkerConnection(
  redisUrl: string,
  options: { connectTimeoutMs?: number; logger?: Logger } = {},
): Redis {
  assertRedisUrl(redisUrl);
  return withErrorLogging(
    new Redis(redisUrl, {
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
function withErrorLogging(client: Redis, redisUrl: string, logger: Logger | undefined): Redis {
  let last = '';
  client.on('error', (err: Error) => {
    // Reconnect loops repeat the same error; log each distinct one once.
    if (err.message === last) return;
    last = err.message;
    logger?.warn({ err, redisUrl: redactRedisUrl(redisUrl) }, 'redis connection error');
  });
  client.on('ready', () => {
    last = '';
  });
  return client;
}

/**
 * Wait until a client is connected, at most `timeoutMs`. Starts the connection when it was never
 * started (`lazyConnect`) or has ended, and then fails as soon as that first attempt fails; while
 * ioredis is reconnecting it waits for the reconnection, up to `timeoutMs`.
 * @param client - an ioredis client
 * @param redisUrl - the URL it points at, for the error message
 * @param timeoutMs - how long to wait, in ms
 * @throws BotError `queue-unavailable` (retryable) when the client is not ready in time
 */
export async function ensureReady(client: Redis, redisUrl: string, timeoutMs: number): Promise<void> {
  if (client.status === 'ready') return;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  let lastError: unknown;
  const onError = (err: unknown): void => {
    lastError = err;
  };
  client.on('error', onError);
  try {
    await new Promise<void>((resolve, reject) => {
      timer = setTimeout(() => reject(queueUnavailable(redisUrl, lastError ?? new Error(`not ready after ${timeoutMs} ms`))), timeoutMs);
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
    client.off('error', onError);
  }
}

/**
 * A worker connection that is known to be up: {@link createWorkerConnection} then
 * {@link ensureReady}, disconnecting again when Redis cannot be reached.
 * @param redisUrl - `redis://host:port`
 * @param options - `connectTimeoutMs` (default {@link DEFAULT_CONNECT_TIMEOUT_MS}), `logger`
 * @returns the connected client
 * @throws BotError `queue-unavailable` when Redis does not answer within the timeout
 */
export async function openWorkerConnection(
  redisUrl: string,
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
