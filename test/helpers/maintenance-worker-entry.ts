/**
 * TEST ONLY: a maintenance worker process for crash tests, started through the SWC loader:
 *
 *   node --import ./test/helpers/redis-child-ts-loader.mjs test/helpers/maintenance-worker-entry.ts
 *
 * Settings by environment: REDIS_URL, K8S_HA_BOT_QUEUE_PREFIX, MAINT_CLUSTER, MAINT_KUBECONFIG
 * (kubeconfig YAML text), MAINT_POLICY (ClusterMaintenancePolicy JSON), MAINT_LOCK_MS,
 * MAINT_STALLED_MS, MAINT_POLL_MS. State in the Redis test store; events recorded in Redis.
 * With MAINT_PLAN_KEY_PREFIX, it also runs maintenance plan jobs with the real plan and
 * request stores under that key prefix (the plan's nodes' requests are real requests), the
 * policy's Alertmanager gate (`planRunPartsFor`), and each change of a plan recorded in the list
 * `<prefix>plan-changes` (`{ state, hold, thread }`: the plan's state and hold kind after it, how
 * many thread messages it makes; each change is one card update).
 * Logs "maintenance worker ready" when consuming; SIGTERM closes gracefully.
 */
import { hostname } from 'node:os';
import { KubeConfig } from '@kubernetes/client-node';
import { Redis } from 'ioredis';
import type { ClusterMaintenancePolicy } from '../../src/maintenance/types.js';
import { createLogger } from '../../src/util/logger.js';
import { startMaintenanceWorker } from '../../workers/maintenance-worker.js';
import { RecordingNotifier, RedisTestStore } from './maintenance-test-store.js';
import { planRunPartsFor } from '../../src/maintenance/plan/create-plan.js';
import { explainPlanChange } from '../../src/maintenance/plan/explain-maintenance-plan.js';
import { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import { MaintenanceStore } from '../../src/maintenance/request-store.js';

const env = (name: string): string => {
  const v = process.env[name];
  if (v === undefined) throw new Error(`${name} is not set`);
  return v;
};

const logger = createLogger({ name: 'maintenance-worker-test', level: process.env.LOG_LEVEL ?? 'info' });
const redisUrl = env('REDIS_URL');
const cluster = env('MAINT_CLUSTER');
const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
redis.on('error', (err) => logger.warn({ err }, 'test store connection error'));
const kubeConfig = new KubeConfig();
kubeConfig.loadFromString(env('MAINT_KUBECONFIG'));
const policy = JSON.parse(env('MAINT_POLICY')) as ClusterMaintenancePolicy;

const worker = await startMaintenanceWorker({
  redisUrl,
  clusters: [cluster],
  prefix: env('K8S_HA_BOT_QUEUE_PREFIX'),
  logger,
  lockDurationMs: Number(process.env.MAINT_LOCK_MS ?? 4000),
  stalledIntervalMs: Number(process.env.MAINT_STALLED_MS ?? 2000),
  depsFor: async () => ({
    store: new RedisTestStore(redis),
    notifier: new RecordingNotifier(redis),
    kubeConfig,
    policy,
    holderIdentity: `${hostname()}/${process.pid}`,
    analyze: async () => ({ verdict: 'safe', summary: 'safe', findings: [] }),
    logger,
    pollMs: Number(process.env.MAINT_POLL_MS ?? 200),
  }),
  ...(process.env.MAINT_PLAN_KEY_PREFIX
    ? {
        planDepsFor: async () => {
          const keyPrefix = process.env.MAINT_PLAN_KEY_PREFIX ?? '';
          return {
            ...planRunPartsFor(policy, logger),
            onChange: async (plan, before) => {
              const thread = explainPlanChange(before, plan, 'en').length;
              await redis.rpush(
                `${keyPrefix}plan-changes`,
                JSON.stringify({ state: plan.state, hold: plan.hold?.kind ?? null, thread }),
              );
            },
            plans: new MaintenancePlanStore(redis, { keyPrefix }),
            requests: new MaintenanceStore(redis, { keyPrefix }),
            maintenance: {
              notifier: new RecordingNotifier(redis),
              kubeConfig,
              policy,
              holderIdentity: `${hostname()}/${process.pid}`,
              keyPrefix,
              analyze: async () => ({ verdict: 'safe' as const, summary: 'safe', findings: [] }),
              logger,
              pollMs: Number(process.env.MAINT_POLL_MS ?? 200),
            },
            pollMs: Number(process.env.MAINT_POLL_MS ?? 200),
            settleTimeoutMs: 120_000,
            logger,
          };
        },
      }
    : {}),
});
process.once('SIGTERM', () => {
  void worker.close({ force: true }).finally(() => {
    redis.disconnect();
    logger.flush();
  });
});
