/**
 * Building the {@link MaintenanceService} of a process (the chat gateway and the worker): load the
 * maintenance policy, connect to Redis, and create the replies publisher and the service.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import type { Redis } from 'ioredis';
import { createProducerConnection, ensureReady } from '../queue/redis-connection.js';
import { ReplyPublisher } from '../queue/reply-queue.js';
import type { Logger } from '../util/logger.js';
import { createMaintenanceService } from './maintenance-service.js';
import type { MaintenanceService } from './maintenance-service.js';
import { DEFAULT_MAINTENANCE_POLICY, loadMaintenancePolicy } from './policy.js';
import type { MaintenancePolicy } from './policy.js';
import { queueKeys } from '../config/queue-keys.js';

/** Options of {@link connectMaintenanceService}. */
export interface ConnectMaintenanceServiceOptions {
  redisUrl: RedisTarget;
  /** The `maintenancePolicy` setting (a YAML path); absent → the default policy. */
  policyPath?: string | undefined;
  /** BullMQ key prefix (execution and replies queues). @defaultValue `bull` */
  prefix?: string | undefined;
  logger: Logger;
  /** Time to wait for Redis at start, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number | undefined;
  /** Clock of the service. @defaultValue real time */
  now?: (() => Date) | undefined;
}

/** The service and what it was built on; the caller closes `service`, then `publisher`, then disconnects `redis`. */
export interface ConnectedMaintenanceService {
  service: MaintenanceService;
  policy: MaintenancePolicy;
  redis: Redis;
  publisher: ReplyPublisher;
}

/**
 * Load the policy, connect to Redis (waiting until it is ready) and build the service.
 * @param o - see {@link ConnectMaintenanceServiceOptions}
 * @returns the service, its policy, the Redis connection and the replies publisher
 * @throws ConfigError naming the policy file and the bad setting, or when `redisUrl` is not a
 *   Redis URL; BotError `queue-unavailable` when Redis cannot be reached within `connectTimeoutMs`
 *   (the connection is closed then)
 */
export async function connectMaintenanceService(
  o: ConnectMaintenanceServiceOptions,
): Promise<ConnectedMaintenanceService> {
  const { logger } = o;
  const policy = o.policyPath ? await loadMaintenancePolicy(o.policyPath) : DEFAULT_MAINTENANCE_POLICY;
  const connectTimeoutMs = o.connectTimeoutMs ?? 2000;
  const redis: Redis = createProducerConnection(o.redisUrl, { connectTimeoutMs, logger });
  try {
    await ensureReady(redis, o.redisUrl, connectTimeoutMs);
  } catch (err) {
    redis.disconnect();
    throw err;
  }
  const prefix = queueKeys(o.prefix).prefix;
  const publisher = new ReplyPublisher(redis, prefix, logger);
  const service = createMaintenanceService({
    redis,
    policy,
    prefix,
    logger,
    publisher,
    ...(o.now ? { now: o.now } : {}),
  });
  return { service, policy, redis, publisher };
}
