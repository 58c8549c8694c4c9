/**
 * The worker process: `node dist/workers/main.js --cluster prod [--cluster staging]`.
 *
 * A thin composition root: read settings from `env` and `argv`, load the answer step, start the
 * worker and, beside it, the maintenance worker of the same clusters (executions of
 * approved maintenance requests), stop gracefully on SIGTERM/SIGINT (a second signal stops at once).
 *
 * Settings (flags win over environment; all read by `loadSettings`, src/config/settings.ts):
 * - `--redis-url` / `REDIS_URL`: `redis://host:port`; or Redis Sentinel: `REDIS_SENTINELS=host:port,…`
 *   and `REDIS_SENTINEL_NAME` (+ `REDIS_PASSWORD`, `REDIS_SENTINEL_PASSWORD`…: src/config/redis-settings.ts); one is required
 * - `--cluster <name>` (repeatable) / `K8S_HA_BOT_WORKER_CLUSTERS` (comma-separated; required)
 * - `--concurrency <n>` / `K8S_HA_BOT_WORKER_CONCURRENCY`: jobs in parallel per cluster (default 2)
 * - `--prefix <p>` / `K8S_HA_BOT_QUEUE_PREFIX`: BullMQ key prefix (default `bull`; blank counts as
 *   unset, as in the gateway and the CLI)
 * - `--job-timeout-ms <ms>` / `K8S_HA_BOT_JOB_TIMEOUT_MS`: time limit of one answer, over the
 *   configuration's `jobTimeoutMs` (default 60 000; `jobTimeoutMsOf`)
 * - `--config <path>` / `K8S_HA_BOT_CONFIG`: the bot configuration, read by the answer step
 * - `K8S_HA_BOT_OPS_PORT` (default 9090; the gateway's 9091): `/healthz`, `/readyz`, `/metrics` (src/ops/ops-server.ts)
 * - `K8S_HA_BOT_SHUTDOWN_MS` (default 25 000): graceful stop deadline after SIGTERM (src/ops/shutdown.ts)
 */
import { resolveRedisTarget } from '../src/config/redis-settings.js';
import { redisTargetOf } from '../src/config/bot-config.js';
import type { RedisTarget } from '../src/config/redis-settings.js';
import { pathToFileURL } from 'node:url';
import { Command, InvalidArgumentError } from 'commander';
import { BotError, ConfigError, isBotError } from '../src/errors.js';
import type * as WorkerStepModule from '../src/answer/worker-answer-step.js';
import type { WorkerAnswerStep } from '../src/answer/worker-answer-step.js';
import { startMaintenanceWorker } from './maintenance-worker.js';
import type { RunningMaintenanceWorker } from './maintenance-worker.js';
import type { AnswerHandler } from '../src/queue/answer-handler.js';
import { isValidClusterName } from '../src/commands/names.js';
import { jobTimeoutMsOf, loadSettings } from '../src/config/settings.js';
import type { Env, Settings, SettingsFlags } from '../src/config/settings.js';
import { assertRedisUrl } from '../src/queue/redis-connection.js';
import { createLogger } from '../src/util/logger.js';
import { registerSecretsFromEnv } from '../src/util/redaction.js';
import type { Logger } from '../src/util/logger.js';
import type { BotConfig, ClusterConfig } from '../src/config/bot-config.js';
import { startProcessOps } from '../src/ops/ops-server.js';
import type { RunningOpsServer } from '../src/ops/ops-server.js';
import { bounded, exitSoonAfterStop, runUntilSignal } from '../src/ops/shutdown.js';
import { startWorker } from './worker.js';
import type { RunningWorker } from './worker.js';

/** What a handler loader gets. */
export interface LoadHandlerContext {
  /** The process's settings ({@link loadSettings}). */
  settings: Settings;
  argv: readonly string[];
  logger: Logger;
}

/** Builds the answer step (reads the bot's configuration, cluster credentials…). */
export type LoadHandler = (context: LoadHandlerContext) => Promise<AnswerHandler>;

/** The worker settings, resolved from argv and env. */
export interface WorkerSettings {
  redisUrl: RedisTarget;
  clusters: string[];
  concurrency: number;
  prefix: string;
  jobTimeoutMs: number;
}

/** Where the worker's answer step with maintenance lives, relative to this file. */
export const WORKER_STEP_MODULE = '../src/answer/worker-answer-step.js';

/**
 * The real answer step with maintenance: imports {@link WORKER_STEP_MODULE} lazily (test workers
 * with a fake step do not load the Kubernetes client) and builds it from the bot configuration.
 * @param context - settings, argv, logger
 * @param settings - Redis URL and key prefix
 * @returns the step (answer handler, maintenance dependencies per cluster)
 * @throws BotError `internal` when the module cannot be loaded; ConfigError for a bad configuration
 *   or maintenance policy; BotError `queue-unavailable` when Redis cannot be reached
 */
export async function loadRealWorkerStep(
  context: LoadHandlerContext,
  settings: Pick<WorkerSettings, 'redisUrl' | 'prefix'>,
): Promise<WorkerAnswerStep> {
  const specifier: string = new URL(WORKER_STEP_MODULE, import.meta.url).href;
  let mod: typeof WorkerStepModule;
  try {
    mod = (await import(specifier)) as typeof WorkerStepModule;
  } catch (err) {
    throw new BotError(
      'internal',
      `could not load the answer step from ${WORKER_STEP_MODULE}; run npm run build`,
      { cause: err },
    );
  }
  return await mod.createWorkerAnswerStep({
    settings: context.settings,
    argv: context.argv,
    logger: context.logger,
    redisUrl: settings.redisUrl,
    prefix: settings.prefix,
  });
}

/**
 * The worker's command-line flags, as {@link loadSettings} takes them.
 * @param argv - `process.argv` shape: node, script, then flags
 * @returns the flags given
 * @throws ConfigError at `argv` for an unknown flag or a cluster name that is not an RFC 1123 label
 */
export function workerFlagsOf(argv: readonly string[]): SettingsFlags {
  const program = new Command('k8s-ha-bot-worker')
    .exitOverride()
    .configureOutput({ writeErr: () => undefined, writeOut: () => undefined })
    .option('--redis-url <url>', 'Redis URL')
    .option('--cluster <name>', 'cluster to serve (repeatable)', (value: string, previous: string[] = []) => {
      if (!isValidClusterName(value)) throw new InvalidArgumentError('not an RFC 1123 label');
      return [...previous, value];
    })
    .option('--concurrency <n>', 'jobs in parallel per cluster')
    .option('--prefix <prefix>', 'BullMQ key prefix')
    .option('--job-timeout-ms <ms>', 'time limit of one answer, in ms')
    .option('--config <path>', 'bot configuration file (read by the answer step, not here)');
  try {
    program.parse([...argv]);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    throw new ConfigError(
      'argv',
      `${message}; usage: worker --cluster <name> [--cluster <name>] [--concurrency <n>]`,
    );
  }
  const opts = program.opts<{
    redisUrl?: string;
    cluster?: string[];
    concurrency?: string;
    prefix?: string;
    jobTimeoutMs?: string;
  }>();
  return {
    ...(opts.redisUrl === undefined ? {} : { redisUrl: opts.redisUrl }),
    ...(opts.cluster === undefined ? {} : { clusters: opts.cluster }),
    ...(opts.concurrency === undefined ? {} : { concurrency: opts.concurrency }),
    ...(opts.prefix === undefined ? {} : { queuePrefix: opts.prefix }),
    ...(opts.jobTimeoutMs === undefined ? {} : { jobTimeoutMs: opts.jobTimeoutMs }),
  };
}

/**
 * What a worker needs of the settings, checked: a Redis and at least one cluster.
 * @param settings - the process's settings
 * @param config - the loaded configuration, when there is one: its `jobTimeoutMs` (already
 *   overridden by the flag and the environment, `jobTimeoutMsOf`) and Redis
 * @returns the worker settings
 * @throws ConfigError naming `REDIS_URL` (or `--redis-url`) or `K8S_HA_BOT_WORKER_CLUSTERS`
 */
export function workerSettingsOf(
  settings: Settings,
  config?: Pick<BotConfig, 'jobTimeoutMs' | 'redis'>,
): WorkerSettings {
  let redisUrl: RedisTarget | undefined;
  if (settings.worker.redisUrl !== undefined) {
    assertRedisUrl(settings.worker.redisUrl, '--redis-url');
    redisUrl = settings.worker.redisUrl;
  } else redisUrl = config ? redisTargetOf(config.redis) : resolveRedisTarget(undefined, settings.redis);
  if (redisUrl === undefined) {
    throw new ConfigError(
      'REDIS_URL',
      'is not set; set REDIS_URL=redis://host:6379 (or REDIS_SENTINELS and REDIS_SENTINEL_NAME for Redis Sentinel) or pass --redis-url',
    );
  }
  if (settings.worker.clusters.length === 0) {
    throw new ConfigError(
      'K8S_HA_BOT_WORKER_CLUSTERS',
      'no cluster to serve; pass --cluster <name> or set K8S_HA_BOT_WORKER_CLUSTERS=prod,staging',
    );
  }
  return {
    redisUrl,
    clusters: settings.worker.clusters,
    concurrency: settings.worker.concurrency,
    prefix: settings.queue.prefix,
    jobTimeoutMs: config?.jobTimeoutMs ?? jobTimeoutMsOf(settings),
  };
}

/**
 * Resolve the worker settings.
 * @param env - environment (see the module doc for the names)
 * @param argv - `process.argv` shape: node, script, then flags
 * @returns the settings
 * @throws ConfigError (`config-invalid`) naming the flag or variable to fix
 */
export function resolveWorkerSettings(env: Env, argv: readonly string[]): WorkerSettings {
  return workerSettingsOf(loadSettings(env, workerFlagsOf(argv)));
}

/** Options of {@link runWorkerProcess}. */
export interface RunWorkerProcessOptions {
  /**
   * The process's settings (the CLI loads them once for every command). @defaultValue loaded from
   * `env` and the flags of `argv`
   */
  settings?: Settings;
  /** The environment, when `settings` are not given (the worker's own entry point, tests); its secrets are masked in the logs. */
  env?: Env;
  /** `process.argv` shape: the worker's flags (`--cluster`…) when `settings` are not given; `--config` for the answer step. */
  argv: readonly string[];
  /** The loaded configuration (the CLI's): its Redis, `jobTimeoutMs` and clusters. @defaultValue the answer step loads it */
  config?: BotConfig;
  /**
   * A fake answer step (tests): then no maintenance worker runs. @defaultValue the real step with
   * maintenance ({@link loadRealWorkerStep}), and the maintenance worker of the same clusters
   */
  loadHandler?: LoadHandler;
  /**
   * Builds the real step with maintenance (tests pass a static import of
   * `createWorkerAnswerStep`; Jest does not map the lazy import). Ignored with `loadHandler`.
   * @defaultValue {@link loadRealWorkerStep}
   */
  loadWorkerStep?: typeof loadRealWorkerStep;
  /** Maintenance worker timing (tests shorten it). @defaultValue the maintenance worker's defaults */
  maintenanceWorker?: { lockDurationMs?: number; stalledIntervalMs?: number };
  /** @defaultValue a pino logger named `worker` on stderr */
  logger?: Logger;
  /** Where SIGTERM/SIGINT come from. @defaultValue `process` */
  signals?: Pick<NodeJS.EventEmitter, 'on' | 'off'>;
  /** Called once the worker is ready (tests, readiness probes). */
  onReady?: (worker: RunningWorker) => void;
  /**
   * The configured clusters (the CLI passes the bot configuration's): those this worker serves get a
   * `/readyz` check of their API. @defaultValue none (only Redis is checked)
   */
  clusterConfigs?: Readonly<Record<string, ClusterConfig>>;
}

/**
 * Run a worker until SIGTERM or SIGINT, then close it gracefully (in-flight jobs finish; a second
 * signal forces the close).
 * @param options - see {@link RunWorkerProcessOptions}
 * @returns resolves once the worker has stopped
 * @throws ConfigError for bad settings; BotError `queue-unavailable` when Redis cannot be reached at
 *   start; whatever the handler loader throws
 */
export async function runWorkerProcess(options: RunWorkerProcessOptions): Promise<void> {
  // Every secret of the environment is masked by value in the logs (src/util/redaction.ts).
  if (options.env) registerSecretsFromEnv(options.env);
  // Every setting is checked before anything starts (ops port, shutdown deadline, Redis, clusters).
  const all = options.settings ?? loadSettings(options.env ?? {}, workerFlagsOf(options.argv));
  const logger = options.logger ?? createLogger({ name: 'worker', ...levelOf(all) });
  const settings = workerSettingsOf(all, options.config);
  const deadlineMs = all.ops.shutdownDeadlineMs;
  const context = { settings: all, argv: options.argv, logger };
  let step: WorkerAnswerStep | undefined;
  let handler: AnswerHandler;
  if (options.loadHandler) handler = await options.loadHandler(context);
  else {
    step = await (options.loadWorkerStep ?? loadRealWorkerStep)(context, settings);
    handler = step.handler;
  }
  // The answer step read the configuration: its jobTimeoutMs is the one time limit (jobTimeoutMsOf).
  const jobTimeoutMs = step?.config.jobTimeoutMs ?? settings.jobTimeoutMs;
  // The ops server first: a process that cannot serve its probes (the port taken by another worker
  // or gateway) stops before it consumes a single job.
  const served = Object.fromEntries(
    Object.entries(options.clusterConfigs ?? options.config?.clusters ?? {}).filter(([name]) =>
      settings.clusters.includes(name),
    ),
  );
  let ops: RunningOpsServer;
  try {
    ops = await startProcessOps({
      role: 'worker',
      settings: all,
      redisUrl: settings.redisUrl,
      prefix: settings.prefix,
      clusters: served,
      logger,
    });
  } catch (err) {
    await step?.close();
    throw err;
  }
  let worker: RunningWorker;
  let maintenanceWorker: RunningMaintenanceWorker | undefined;
  try {
    worker = await startWorker({ ...settings, jobTimeoutMs, handler, logger });
  } catch (err) {
    await step?.close();
    await ops.close();
    throw err;
  }
  if (step) {
    try {
      maintenanceWorker = await startMaintenanceWorker({
        redisUrl: settings.redisUrl,
        clusters: settings.clusters,
        prefix: settings.prefix,
        logger,
        depsFor: step.maintenanceDepsFor.bind(step),
        planDepsFor: step.planDepsFor.bind(step),
        runLockBreak: step.runLockBreak.bind(step),
        ...options.maintenanceWorker,
      });
    } catch (err) {
      await worker.close({ force: true });
      await step.close();
      await ops.close();
      throw err;
    }
  }
  // Answers and maintenance runs stop together; a forced stop leaves a maintenance run to another
  // worker, which resumes it from Redis. The step's connections close last.
  let stepClosed: Promise<void> | undefined;
  const closeAll = async (force: boolean): Promise<void> => {
    // The maintenance parts wait on Redis when they close; with Redis gone that could be forever.
    await Promise.all([
      force ? bounded(worker.close({ force }), 5000, 'closing the answer worker', logger) : worker.close(),
      maintenanceWorker
        ? bounded(
            maintenanceWorker.close({ force }),
            force ? 5000 : 60_000,
            'closing the maintenance worker',
            logger,
          )
        : undefined,
    ]);
    stepClosed ??= step
      ? bounded(step.close(), 5000, 'closing the maintenance service', logger)
      : Promise.resolve();
    await stepClosed;
  };
  options.onReady?.(worker);
  try {
    // SIGTERM: no new jobs, the jobs in progress finish; at the deadline (or a second signal) the
    // handlers are aborted and their jobs go back to the queue for another worker.
    const stopped = await runUntilSignal({
      ...(options.signals ? { signals: options.signals } : {}),
      deadlineMs,
      logger,
      onSignal: () => ops.setDraining(),
      graceful: () => closeAll(false),
      force: () => closeAll(true),
    });
    logger.info({ ...stopped }, 'worker process stopping');
  } finally {
    await ops.close();
  }
}

/** The logger level of the settings, when LOG_LEVEL sets one. */
function levelOf(settings: Pick<Settings, 'logLevel'> | undefined): { level?: string } {
  return settings?.logLevel === undefined ? {} : { level: settings.logLevel };
}

/** Entry point when run as a script; exit code 0 after a graceful stop, 1 when start-up fails. */
async function main(): Promise<void> {
  let early: Settings | undefined;
  try {
    early = loadSettings(process.env);
  } catch {
    // The same error comes back from runWorkerProcess below, which logs it with the default level.
  }
  const logger = createLogger({ name: 'worker', ...levelOf(early) });
  try {
    await runWorkerProcess({ env: process.env, argv: process.argv, logger });
    logger.flush();
  } catch (err) {
    logger.fatal(
      { err, code: isBotError(err) ? err.code : undefined },
      isBotError(err) ? err.message : 'worker failed',
    );
    logger.flush();
    process.exitCode = 1;
  }
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  void main().then(() => exitSoonAfterStop());
}
