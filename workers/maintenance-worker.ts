/**
 * The maintenance worker: consumes the execution jobs of some clusters
 * (`maintenanceQueueNameFor(cluster)`, one job per approved request) and runs
 * {@link runMaintenance} for each, one at a time per cluster; the jobs of approved
 * maintenance plans (`{ planId, cluster }`), running {@link runPlan}; and the jobs of approved
 * requests to break a lock (`{ lockBreakId, cluster }`).
 *
 * Jobs are long (a drain, then a reboot: up to about 40 min with the defaults), so the BullMQ job
 * lock is short and renewed (`lockDurationMs`, default 30 s): when a worker dies (SIGKILL, OOM,
 * node loss) its lock expires, the stalled-job check of another worker (every
 * `stalledIntervalMs`) moves the job back to wait, and that worker resumes the request from its
 * state in Redis. `maxStalledCount` 10 lets a job survive that many dead workers.
 *
 * `close({ force: true })` aborts the runs' signals: each stops where it is, its job is left
 * active (not failed), and another worker resumes it once the lock expires.
 */
import type { RedisTarget } from '../src/config/redis-settings.js';
import { DelayedError, Worker } from 'bullmq';
import type { Job } from 'bullmq';
import { BotError, isBotError } from '../src/errors.js';
import { runMaintenance } from '../src/maintenance/execute/run-maintenance.js';
import type { MaintenanceDeps } from '../src/maintenance/execute/run-maintenance.js';
import { maintenanceQueueNameFor, REQUEST_ID_PATTERN } from '../src/maintenance/types.js';
import type { ExecutionJobData, MaintenanceState } from '../src/maintenance/types.js';
import { runPlan } from '../src/maintenance/plan/run-plan.js';
import type { PlanRunDepsOfCluster } from '../src/maintenance/plan/run-plan.js';
import { PLAN_ID_PATTERN } from '../src/maintenance/plan/plan-types.js';
import type { PlanJobData } from '../src/maintenance/plan/plan-queue.js';
import { LOCK_BREAK_ID_PATTERN } from '../src/maintenance/plan/lock-break.js';
import type { LockBreakJobData } from '../src/maintenance/plan/lock-break.js';
import { openWorkerConnection } from '../src/queue/redis-connection.js';
import type { Logger } from '../src/util/logger.js';
import { queueKeys } from '../src/config/queue-keys.js';

/** Options of {@link startMaintenanceWorker}. */
export interface MaintenanceWorkerOptions {
  /** `redis://host:port`. */
  redisUrl: RedisTarget;
  /** Clusters to serve: one BullMQ Worker per cluster's maintenance queue. */
  clusters: string[];
  /** BullMQ key prefix. @defaultValue `'bull'` */
  prefix?: string;
  logger: Logger;
  /** The dependencies of one cluster's runs (store, notifier, KubeConfig, policy, analysis…). */
  depsFor: (cluster: string) => Promise<Omit<MaintenanceDeps, 'redis' | 'signal'>>;
  /**
   * The dependencies of one cluster's plan runs; absent: plan jobs fail with
   * `bad-request` (nothing is touched).
   */
  planDepsFor?: (cluster: string) => Promise<PlanRunDepsOfCluster>;
  /**
   * Carries out an approved request to break a lock and returns its final state;
   * absent: such jobs fail with `bad-request` (nothing is touched).
   */
  runLockBreak?: (id: string, cluster: string) => Promise<string>;
  /** BullMQ job lock, in ms (renewed at half of it). @defaultValue 30 000 */
  lockDurationMs?: number;
  /** Stalled-job check period, in ms. @defaultValue 30 000 */
  stalledIntervalMs?: number;
  /** How many dead workers a job survives. @defaultValue 10 */
  maxStalledCount?: number;
  /** Time to wait for Redis at start, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** Tries of a run that failed because Redis was away (`queue-unavailable`). @defaultValue 5 */
  storeRetries?: number;
}

/** A started maintenance worker. */
export interface RunningMaintenanceWorker {
  /** The queues consumed. */
  readonly queueNames: readonly string[];
  /**
   * Stop taking jobs. Without `force`, runs in progress finish first (which can take long); with
   * `force`, their signals are aborted and they stop at once, left for another worker.
   */
  close(options?: { force?: boolean }): Promise<void>;
}

/** The final state of a run, the job's return value (`requestId` is the plan id for a plan job). */
export interface MaintenanceJobResult {
  requestId: string;
  state: MaintenanceState | string;
  stateReason?: string;
}

function parsePlanJobData(data: unknown): PlanJobData | null {
  const d = data as Partial<PlanJobData> | null;
  if (!d || typeof d.planId !== 'string') return null;
  if (!PLAN_ID_PATTERN.test(d.planId) || typeof d.cluster !== 'string')
    throw new BotError('bad-request', 'plan job data must be { planId: "mp-…", cluster }');
  return { planId: d.planId, cluster: d.cluster };
}

function parseLockBreakJobData(data: unknown): LockBreakJobData | null {
  const d = data as Partial<LockBreakJobData> | null;
  if (!d || typeof d.lockBreakId !== 'string') return null;
  if (!LOCK_BREAK_ID_PATTERN.test(d.lockBreakId) || typeof d.cluster !== 'string')
    throw new BotError('bad-request', 'lock break job data must be { lockBreakId: "lb-…", cluster }');
  return { lockBreakId: d.lockBreakId, cluster: d.cluster };
}

function parseJobData(data: unknown): ExecutionJobData {
  const d = data as Partial<ExecutionJobData> | null;
  if (
    !d ||
    typeof d.requestId !== 'string' ||
    !REQUEST_ID_PATTERN.test(d.requestId) ||
    typeof d.cluster !== 'string'
  ) {
    throw new BotError('bad-request', 'maintenance job data must be { requestId: "mr-…", cluster }');
  }
  return { requestId: d.requestId, cluster: d.cluster };
}

/**
 * Start consuming the clusters' maintenance queues.
 * @param o - see {@link MaintenanceWorkerOptions}
 * @returns the running worker (connected, its BullMQ workers ready)
 * @throws BotError `queue-unavailable` when Redis cannot be reached; `bad-request` for a cluster
 *   name that is not an RFC 1123 label; ConfigError for a bad `redisUrl`
 */
export async function startMaintenanceWorker(o: MaintenanceWorkerOptions): Promise<RunningMaintenanceWorker> {
  const { logger } = o;
  const queueNames = o.clusters.map(maintenanceQueueNameFor);
  const prefix = queueKeys(o.prefix).prefix;
  const connection = await openWorkerConnection(o.redisUrl, { connectTimeoutMs: o.connectTimeoutMs, logger });
  const shutdown = new AbortController();
  const retries = o.storeRetries ?? 5;

  const processPlanJob = async (
    job: Job<unknown, MaintenanceJobResult>,
    data: PlanJobData,
  ): Promise<MaintenanceJobResult> => {
    const log = logger.child({ planId: data.planId, cluster: data.cluster, jobId: job.id });
    if (!o.planDepsFor) throw new BotError('bad-request', 'this worker does not run maintenance plans');
    log.info({ attemptsStarted: job.attemptsStarted }, 'maintenance plan job started');
    for (let attempt = 1; ; attempt++) {
      try {
        const base = await o.planDepsFor(data.cluster);
        const plan = await runPlan(data.planId, {
          ...base,
          logger: log,
          redis: connection,
          signal: shutdown.signal,
          maintenance: { ...base.maintenance, redis: connection, signal: shutdown.signal },
        });
        log.info({ state: plan?.state }, 'maintenance plan job finished');
        return {
          requestId: data.planId,
          state: plan?.state ?? 'unknown',
          ...(plan?.stateReason ? { stateReason: plan.stateReason } : {}),
        };
      } catch (err) {
        if (shutdown.signal.aborted) {
          log.warn('maintenance plan interrupted by shutdown; another worker will resume it');
          throw new DelayedError('worker shutting down');
        }
        if (isBotError(err) && err.retryable && attempt < retries) {
          log.warn({ err, attempt }, 'maintenance plan interrupted (retryable); resuming');
          await new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** (attempt - 1), 15_000)));
          continue;
        }
        log.error({ err }, 'maintenance plan job failed');
        throw err;
      }
    }
  };

  const processJob = async (job: Job<unknown, MaintenanceJobResult>): Promise<MaintenanceJobResult> => {
    const planData = parsePlanJobData(job.data);
    if (planData) return processPlanJob(job, planData);
    const breakData = parseLockBreakJobData(job.data);
    if (breakData) {
      if (!o.runLockBreak) throw new BotError('bad-request', 'this worker does not break locks');
      const state = await o.runLockBreak(breakData.lockBreakId, breakData.cluster);
      return { requestId: breakData.lockBreakId, state };
    }
    const data = parseJobData(job.data);
    const log = logger.child({ maintenanceId: data.requestId, cluster: data.cluster, jobId: job.id });
    log.info(
      {
        attemptsStarted: job.attemptsStarted,
        stalledCounter: (job as { stalledCounter?: number }).stalledCounter,
      },
      'maintenance job started',
    );
    for (let attempt = 1; ; attempt++) {
      try {
        const base = await o.depsFor(data.cluster);
        const request = await runMaintenance(data.requestId, {
          ...base,
          logger: log,
          redis: connection,
          signal: shutdown.signal,
        });
        log.info({ state: request.state, stateReason: request.stateReason }, 'maintenance job finished');
        return {
          requestId: request.id,
          state: request.state,
          ...(request.stateReason ? { stateReason: request.stateReason } : {}),
        };
      } catch (err) {
        if (shutdown.signal.aborted) {
          // Left active: the job lock expires and another worker resumes the request. A
          // DelayedError while closing is not moved anywhere by BullMQ.
          log.warn('maintenance run interrupted by shutdown; another worker will resume it');
          throw new DelayedError('worker shutting down');
        }
        if (isBotError(err) && err.retryable && attempt < retries) {
          log.warn({ err, attempt }, 'maintenance run interrupted (retryable); resuming');
          await new Promise((r) => setTimeout(r, Math.min(1000 * 2 ** (attempt - 1), 15_000)));
          continue;
        }
        log.error({ err }, 'maintenance job failed');
        throw err;
      }
    }
  };

  const workers = queueNames.map((queueName) => {
    const worker = new Worker<unknown, MaintenanceJobResult>(queueName, processJob, {
      connection,
      prefix,
      concurrency: 1,
      lockDuration: o.lockDurationMs ?? 30_000,
      stalledInterval: o.stalledIntervalMs ?? 30_000,
      maxStalledCount: o.maxStalledCount ?? 10,
    });
    worker.on('error', (err) => logger.warn({ err, queueName }, 'maintenance worker error'));
    worker.on('stalled', (jobId) =>
      logger.warn({ jobId, queueName }, 'maintenance job stalled; resuming it here'),
    );
    return worker;
  });
  await Promise.all(workers.map((w) => w.waitUntilReady()));
  logger.info({ queueNames, prefix }, 'maintenance worker ready');

  let closing: Promise<void> | undefined;
  return {
    queueNames,
    close(closeOptions = {}) {
      if (closeOptions.force) {
        // close first (BullMQ then leaves the interrupted jobs alone), then abort the runs
        const closed = Promise.allSettled(workers.map((w) => w.close(true)));
        shutdown.abort(new BotError('job-timeout', 'maintenance worker shutting down', { retryable: true }));
        closing ??= closed.then(() => undefined);
      }
      closing ??= Promise.allSettled(workers.map((w) => w.close(false))).then(() => undefined);
      return closing.then(async () => {
        connection.disconnect();
        logger.info({ queueNames }, 'maintenance worker stopped');
      });
    },
  };
}
