/**
 * Everything the worker process builds from the bot configuration (loaded lazily by
 * `workers/main.ts`): the answer step with maintenance requests, and the dependencies
 * of the maintenance executor per cluster — the KubeConfig as the answer step resolves it (a
 * snapshot cluster: the same simulator), the cluster's maintenance policy, the reboot-impact
 * analysis, and the maintenance service's store and notifier, whose chat posts go through the
 * worker's replies queues.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { hostname } from 'node:os';
import { loadConfig } from '../config/load-config.js';
import type { BotConfig } from '../config/bot-config.js';
import type { MaintenanceDeps } from '../maintenance/execute/run-maintenance.js';
import { connectMaintenanceService } from '../maintenance/connect-maintenance-service.js';
import type { MaintenanceService } from '../maintenance/maintenance-service.js';
import type { MaintenancePolicy } from '../maintenance/policy.js';
import { planRunPartsFor } from '../maintenance/plan/create-plan.js';
import type { PlanRunDepsOfCluster } from '../maintenance/plan/run-plan.js';
import { runLockBreak } from '../maintenance/plan/run-lock-break.js';
import { queueKeys } from '../config/queue-keys.js';
import type { Settings } from '../config/settings.js';
import type { AnswerHandler } from '../queue/answer-handler.js';
import type { Logger } from '../util/logger.js';
import { createAnswerService } from './answer.js';
import type { AnswerService } from './answer.js';

/** Options of {@link createWorkerAnswerStep}. */
export interface WorkerAnswerStepOptions {
  /** The process's settings (`loadSettings`): configuration overrides, the watch cache switch. */
  settings: Settings;
  /** `process.argv` shape; `--config <path>` is read from it. */
  argv: readonly string[];
  logger: Logger;
  redisUrl: RedisTarget;
  /** BullMQ key prefix (execution and replies queues). @defaultValue `bull` */
  prefix?: string;
  /** An already loaded configuration (tests); else `--config` / `K8S_HA_BOT_CONFIG` / the default. */
  config?: BotConfig;
  /** Analysis and service clock. @defaultValue real time */
  now?: () => Date;
  /** Time to wait for Redis at start, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
}

/** The worker's answer step and maintenance dependencies. */
export interface WorkerAnswerStep {
  config: BotConfig;
  policy: MaintenancePolicy;
  handler: AnswerHandler;
  answerService: AnswerService;
  maintenance: MaintenanceService;
  /** What `startMaintenanceWorker` needs per cluster (`redis` and `signal` are the worker's). */
  maintenanceDepsFor(cluster: string): Promise<Omit<MaintenanceDeps, 'redis' | 'signal'>>;
  /**
   * What a maintenance plan's run needs per cluster: the stores, the executor's
   * dependencies, the policy's Alertmanager gate and silences, the card and thread updated on
   * every change, the joint analysis of a step of several nodes.
   */
  planDepsFor(cluster: string): Promise<PlanRunDepsOfCluster>;
  /** Carry out an approved request to break a lock; returns its final state. */
  runLockBreak(id: string, cluster: string): Promise<string>;
  /** Close the service, the publisher, the simulators and the connection. */
  close(): Promise<void>;
}

/** The `--config <path>` of an argv, if any. */
function configPathOf(argv: readonly string[]): string | undefined {
  const i = argv.indexOf('--config');
  if (i >= 0) return argv[i + 1];
  const eq = argv.find((a) => a.startsWith('--config='));
  return eq?.slice('--config='.length);
}

/**
 * Build the worker's answer step with maintenance.
 * @param o - see {@link WorkerAnswerStepOptions}
 * @returns the step; call `close()` at shutdown (after the workers stopped)
 * @throws ConfigError for a bad configuration or policy file (exact path in the message); BotError
 *   `queue-unavailable` when Redis cannot be reached within `connectTimeoutMs`
 */
export async function createWorkerAnswerStep(o: WorkerAnswerStepOptions): Promise<WorkerAnswerStep> {
  const { logger } = o;
  const path = configPathOf(o.argv);
  const config = o.config ?? (await loadConfig({ settings: o.settings, ...(path ? { path } : {}) }));
  const watchCache = o.settings.worker.watchCache;
  const now = o.now;
  const {
    service: maintenance,
    policy,
    redis,
    publisher,
  } = await connectMaintenanceService({
    redisUrl: o.redisUrl,
    policyPath: config.maintenancePolicy,
    prefix: o.prefix,
    logger,
    connectTimeoutMs: o.connectTimeoutMs,
    now,
  });
  const answerService = createAnswerService({
    config,
    logger,
    maintenance,
    watchCache,
    kubeconfigLookup: o.settings,
    ...(now ? { now } : {}),
  });
  const holderIdentity = `${hostname()}/${process.pid}`;

  const maintenanceDepsFor = async (cluster: string): Promise<Omit<MaintenanceDeps, 'redis' | 'signal'>> => {
    return {
      store: maintenance.store,
      notifier: maintenance.notifier,
      kubeConfig: await answerService.kubeConfigFor(cluster),
      policy: policy.forCluster(cluster),
      holderIdentity,
      // The executor's own keys (eviction ledger, hook marker) beside the store's, under this bot's prefix.
      keyPrefix: queueKeys(o.prefix).maintenance,
      analyze: (node: string) => answerService.analyzeNode(cluster, node),
      // The cluster when the maintenance starts, kept for `report mismatch` (issue 34).
      captureSnapshot: async () => {
        const { captureSnapshot } = await import('../cluster/capture-snapshot.js');
        const kubeConfig = await answerService.kubeConfigFor(cluster);
        const source = `k8s-ha-bot snapshot of cluster ${cluster} when a maintenance started`;
        return (await captureSnapshot({ kubeConfig, cluster, source, logger })).text;
      },
      // Only a cluster with an `etcd` entry is probed (null otherwise: the static-pod check covers it).
      etcdHealthy: (node: string) => answerService.etcdMemberHealthy(cluster, node),
      // What the forecast's etcd voters left are compared with (issue 34).
      etcdVotersSeen: () => answerService.etcdVotersSeen(cluster),
      logger,
      ...(now ? { now } : {}),
    };
  };

  return {
    config,
    policy,
    handler: answerService.handler,
    answerService,
    maintenance,
    maintenanceDepsFor,
    async planDepsFor(cluster) {
      const { store: _store, ...executor } = await maintenanceDepsFor(cluster);
      return {
        plans: maintenance.plans.plans,
        requests: maintenance.store,
        maintenance: executor,
        ...planRunPartsFor(policy.forCluster(cluster), logger),
        onChange: (plan, before) => maintenance.plans.planChanged(plan, before),
        analyzeJoint: (nodes) => answerService.analyzeNodesTogether(cluster, nodes),
        logger,
        ...(now ? { now } : {}),
      };
    },
    async runLockBreak(id, cluster) {
      const done = await runLockBreak(id, {
        service: maintenance.plans,
        kubeConfig: await answerService.kubeConfigFor(cluster),
        policy: policy.forCluster(cluster),
        getRequest: (requestId) => maintenance.store.get(requestId),
        logger,
        ...(now ? { now } : {}),
      });
      return done?.state ?? 'unknown';
    },
    async close() {
      await maintenance.close();
      await publisher.close();
      await answerService.close();
      redis.disconnect();
    },
  };
}
