/**
 * The gateway's maintenance part: the {@link MaintenanceService} the chat adapters decide
 * with (button clicks and typed decisions need only Redis, no worker), its notifier's chat posts
 * through the replies queues, and the expiry sweeper.
 *
 * The sweeper runs every `sweepMs` (default 15 s) in every gateway replica; two gateways sweeping
 * at once are harmless: a request expires through a compare-and-set in Redis, so only one of them
 * moves it (and emits `expired`), and re-adding an approved request's execution job is idempotent
 * (one job id per request).
 */
import type { RedisTarget } from '../../src/config/redis-settings.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { connectMaintenanceService } from '../../src/maintenance/connect-maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenancePolicy } from '../../src/maintenance/policy.js';
import type { Logger } from '../../src/util/logger.js';

/** Default time between two expiry sweeps, in ms. */
export const DEFAULT_MAINTENANCE_SWEEP_MS = 15_000;

/** Options of {@link startGatewayMaintenance}. */
export interface GatewayMaintenanceOptions {
  redisUrl: RedisTarget;
  /** `maintenancePolicy` (a YAML path) is read here; absent → the default policy. */
  config: Pick<BotConfig, 'maintenancePolicy'>;
  /** BullMQ key prefix (execution and replies queues). @defaultValue `bull` */
  prefix?: string;
  logger: Logger;
  /** Expiry sweep period, in ms. @defaultValue {@link DEFAULT_MAINTENANCE_SWEEP_MS} */
  sweepMs?: number;
  /** Time to wait for Redis at start, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** Clock of the service. @defaultValue real time */
  now?: () => Date;
}

/** The started maintenance part. */
export interface GatewayMaintenance {
  service: MaintenanceService;
  /** The policy the service decides with (the adapters admit the teams / tenants it names as guests). */
  policy: MaintenancePolicy;
  /** Run one sweep now (tests; the timer runs them anyway). @returns the ids that expired */
  sweep(): Promise<string[]>;
  close(): Promise<void>;
}

/**
 * Load the policy, connect, build the service and start the sweeper.
 * @param o - see {@link GatewayMaintenanceOptions}
 * @returns the running part
 * @throws ConfigError naming the policy file and the bad setting; BotError `queue-unavailable`
 *   when Redis cannot be reached within `connectTimeoutMs`
 */
export async function startGatewayMaintenance(o: GatewayMaintenanceOptions): Promise<GatewayMaintenance> {
  const { logger } = o;
  const { service, policy, redis, publisher } = await connectMaintenanceService({
    redisUrl: o.redisUrl,
    policyPath: o.config.maintenancePolicy,
    prefix: o.prefix,
    logger,
    connectTimeoutMs: o.connectTimeoutMs,
    now: o.now,
  });

  let running: Promise<string[]> | null = null;
  const sweep = (): Promise<string[]> => {
    // One sweep at a time in this process; a slow Redis does not pile sweeps up.
    running ??= (async () => {
      try {
        const expired = await service.sweepExpired();
        if (expired.length > 0)
          logger.info({ expired: expired.map((r) => r.id) }, 'maintenance requests expired');
        return expired.map((r) => r.id);
      } catch (err) {
        logger.warn({ err }, 'maintenance expiry sweep failed; trying again at the next one');
        return [];
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const timer = setInterval(() => void sweep(), o.sweepMs ?? DEFAULT_MAINTENANCE_SWEEP_MS);
  timer.unref();
  logger.info(
    { policy: o.config.maintenancePolicy ?? '(default)', sweepMs: o.sweepMs ?? DEFAULT_MAINTENANCE_SWEEP_MS },
    'maintenance ready',
  );

  let closing: Promise<void> | undefined;
  return {
    service,
    policy,
    sweep,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await running?.catch(() => undefined);
        await service.close();
        await publisher.close();
        redis.disconnect();
      })();
      return closing;
    },
  };
}
