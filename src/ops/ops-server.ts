/**
 * The ops HTTP server of a gateway or worker process (its own port, `K8S_HA_BOT_OPS_PORT`, default
 * 9090 for a worker and 9091 for a gateway, so both run on one machine; on 127.0.0.1 unless `K8S_HA_BOT_OPS_HOST` says otherwise: it has no authentication, and
 * the container image sets 0.0.0.0): `GET /healthz` (alive: 200), `GET /readyz` (200, or 503 listing the checks that failed:
 * Redis PING within 1 s, each configured cluster's API; see ./readiness.ts) and `GET /metrics`
 * (Prometheus text format, ./metrics.ts). Nothing here prints a secret: readiness details are masked.
 */
import type { RedisTarget } from '../config/redis-settings.js';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { Queue } from 'bullmq';
import type { ClusterConfig } from '../config/bot-config.js';
import { CHAT_PLATFORMS } from '../commands/types.js';
import { queueNameFor, repliesQueueNameFor } from '../queue/job.js';
import { createProducerConnection, disconnectQuietly, ensureReady } from '../queue/redis-connection.js';
import type { Logger } from '../util/logger.js';
import { QUEUE_WORKERS_KEY, metricsRegistry, setQueueDepthSource } from './metrics.js';
import type { JobCounts } from './metrics.js';
import { REDIS_PING_TIMEOUT_MS, clusterCheck, redisCheck, runReadiness } from './readiness.js';
import type { ReadinessCheck } from './readiness.js';
import { DEFAULT_OPS_HOST, OPS_ENV, loadSettings, opsPortOf } from '../config/settings.js';
import type { Env, OpsRole, Settings } from '../config/settings.js';
import { ConfigError } from '../errors.js';
import { DEFAULT_QUEUE_PREFIX } from '../config/queue-keys.js';
import { countWorkersOnDatabase } from '../queue/queue-workers.js';

/** Options of {@link startOpsServer}. */
export interface OpsServerOptions {
  /** TCP port; 0 for a free one. */
  port: number;
  /** Address to listen on. @defaultValue {@link DEFAULT_OPS_HOST} (127.0.0.1: this machine only) */
  host?: string;
  /** Readiness checks by name; each runs on every `/readyz`. */
  checks: Readonly<Record<string, ReadinessCheck>>;
  /** Checks reported in `/readyz` but that do not make it fail. @defaultValue none */
  informational?: ReadonlySet<string>;
  logger: Logger;
}

/** A listening ops server. */
export interface RunningOpsServer {
  /** The port it listens on. */
  port: number;
  /** The address it listens on, as bound (e.g. `127.0.0.1`). */
  host: string;
  /** From now on `/readyz` answers 503 `shutting down` (the process is draining; `/healthz` stays 200). */
  setDraining(): void;
  /** Stop listening (open connections are closed). Idempotent. */
  close(): Promise<void>;
}

/**
 * Serve `/healthz`, `/readyz` and `/metrics`.
 * @param options - see {@link OpsServerOptions}
 * @returns the running server
 * @throws the listen error (EADDRINUSE…)
 */
export async function startOpsServer(options: OpsServerOptions): Promise<RunningOpsServer> {
  const { logger } = options;
  const informational = options.informational ?? new Set<string>();
  let draining = false;
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET' }).end();
      return;
    }
    if (path === '/healthz' || path === '/livez') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n');
      return;
    }
    if (path === '/readyz' && draining) {
      res
        .writeHead(503, { 'content-type': 'application/json' })
        .end(
          `${JSON.stringify({ ready: false, checks: [{ name: 'shutdown', ok: false, detail: 'shutting down' }] })}\n`,
        );
      return;
    }
    if (path === '/readyz') {
      runReadiness(options.checks).then(
        (report) => {
          const ready = report.checks.every((c) => c.ok || informational.has(c.name));
          const failing = report.checks.filter((c) => !c.ok).map((c) => `${c.name}: ${c.detail}`);
          if (!ready) logger.warn({ failing }, 'not ready');
          res
            .writeHead(ready ? 200 : 503, { 'content-type': 'application/json' })
            .end(`${JSON.stringify({ ready, checks: report.checks })}\n`);
        },
        (err: unknown) => {
          logger.warn({ err }, 'readiness check failed');
          res.writeHead(503, { 'content-type': 'text/plain' }).end('readiness check failed\n');
        },
      );
      return;
    }
    if (path === '/metrics') {
      metricsRegistry.metrics().then(
        (text) => res.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
        (err: unknown) => {
          logger.warn({ err }, 'metrics collection failed');
          res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics collection failed\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? DEFAULT_OPS_HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : options.port;
  const boundHost =
    address && typeof address === 'object' ? address.address : (options.host ?? DEFAULT_OPS_HOST);
  let closing: Promise<void> | undefined;
  return {
    port,
    host: boundHost,
    setDraining() {
      draining = true;
    },
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}

/** Options of {@link startProcessOps}. */
export interface ProcessOpsOptions {
  /** `gateway` or `worker`: logged, and picks the default port (`DEFAULT_OPS_PORTS`, src/config/settings.ts). */
  role: OpsRole;
  /**
   * The process's settings (`ops`: port, host, readyz mode; `kubeconfig` and `home`: the kubeconfig
   * lookup of a context cluster without its own file).
   */
  settings?: Pick<Settings, 'ops' | 'kubeconfig' | 'home'>;
  /** The environment the settings are loaded from when `settings` is absent (tests). @defaultValue {} */
  env?: Env;
  redisUrl: RedisTarget;
  /** BullMQ key prefix (`Settings.queue.prefix`). @defaultValue `bull` */
  prefix?: string;
  /**
   * The clusters whose queue depth `/metrics` reports, and, for a worker only, whose API readiness
   * `/readyz` checks (a gateway reads no cluster).
   */
  clusters: Readonly<Record<string, ClusterConfig>>;
  logger: Logger;
  /** Overrides `K8S_HA_BOT_OPS_PORT` (tests pass 0). */
  port?: number;
  /** Overrides `K8S_HA_BOT_OPS_HOST` (default 127.0.0.1; the insecure development mode passes 127.0.0.1). */
  host?: string;
  /** How long one queue-depth reading serves `/metrics` scrapes, in ms. @defaultValue `QUEUE_DEPTH_MAX_AGE_MS` (5 s, ./metrics.ts) */
  queueDepthMaxAgeMs?: number;
}

/** The settings of `options` it uses: given, or loaded from its `env`. */
function opsSettingsOf(
  options: Pick<ProcessOpsOptions, 'settings' | 'env'>,
): Pick<Settings, 'ops' | 'kubeconfig' | 'home'> {
  return options.settings ?? loadSettings(options.env ?? {});
}

/**
 * Start the ops server of a gateway or worker: its own Redis connection (PING, queue depth through
 * BullMQ `getJobCounts` of every cluster queue and both replies queues, read at most once per
 * `QUEUE_DEPTH_MAX_AGE_MS` (5 s, ./metrics.ts) whatever the scrape rate), and for a worker a check
 * per cluster (a gateway has no cluster credentials: Redis is its only readiness check).
 * @param options - see {@link ProcessOpsOptions}
 * @returns the running server; `close()` also stops the depth gauge and disconnects
 * @throws ConfigError for a bad `K8S_HA_BOT_OPS_PORT`, `K8S_HA_BOT_OPS_HOST`, `K8S_HA_BOT_READYZ_CLUSTERS` or Redis URL;
 *   ConfigError at `K8S_HA_BOT_OPS_PORT` (`K8S_HA_BOT_OPS_HOST` for EADDRNOTAVAIL) when the server
 *   cannot listen: a process without its probes must not run on (Kubernetes would restart it for
 *   failed probes, far from the cause); any other listen error as is
 */
export async function startProcessOps(options: ProcessOpsOptions): Promise<RunningOpsServer> {
  const { logger } = options;
  const settings = opsSettingsOf(options);
  const { ops } = settings;
  const port = options.port ?? opsPortOf(ops, options.role);
  const mode = ops.readyzClusters;
  const host = options.host ?? ops.host;
  const prefix = options.prefix ?? DEFAULT_QUEUE_PREFIX;
  const redis = createProducerConnection(options.redisUrl, {
    connectTimeoutMs: REDIS_PING_TIMEOUT_MS,
    logger,
  });
  const queues = [
    ...Object.keys(options.clusters).map(queueNameFor),
    ...CHAT_PLATFORMS.map(repliesQueueNameFor),
  ].map((name) => new Queue(name, { connection: redis, prefix }));
  for (const q of queues) q.on('error', (err) => logger.debug({ err, queue: q.name }, 'ops queue error'));
  setQueueDepthSource(
    async () => {
      await ensureReady(redis, options.redisUrl, REDIS_PING_TIMEOUT_MS);
      const counts = await Promise.all(
        queues.map(async (q) => {
          const jobs = (await q.getJobCounts()) as JobCounts;
          // a Redis that refuses CLIENT LIST (some managed ones) leaves the worker count unknown
          const workers = await countWorkersOnDatabase(q).catch(() => undefined);
          return [q.name, workers === undefined ? jobs : { ...jobs, [QUEUE_WORKERS_KEY]: workers }] as const;
        }),
      );
      return Object.fromEntries(counts);
    },
    options.queueDepthMaxAgeMs === undefined ? {} : { maxAgeMs: options.queueDepthMaxAgeMs },
  );
  const checks: Record<string, ReadinessCheck> = {
    redis: redisCheck(async () => {
      await ensureReady(redis, options.redisUrl, REDIS_PING_TIMEOUT_MS);
      return redis.ping();
    }),
  };
  const clusterNames = new Set<string>();
  // Only workers read clusters; a gateway has no cluster credentials (issue 32, item 4), so its
  // readiness is Redis alone and its /metrics still reports every cluster queue's depth.
  const probed = options.role === 'worker' ? Object.entries(options.clusters) : [];
  for (const [name, cluster] of probed) {
    checks[`cluster:${name}`] = clusterCheck(name, cluster, settings);
    clusterNames.add(`cluster:${name}`);
  }
  let server: RunningOpsServer;
  try {
    server = await startOpsServer({
      port,
      host,
      checks,
      informational: mode === 'reported' ? clusterNames : new Set(),
      logger,
    });
  } catch (err) {
    setQueueDepthSource(undefined);
    disconnectQuietly(redis);
    throw listenError(err, options.role, host, port);
  }
  logger.info(
    { role: options.role, port: server.port, host, readyzClusters: mode },
    'ops server ready (GET /healthz, /readyz, /metrics)',
  );
  let closing: Promise<void> | undefined;
  return {
    port: server.port,
    host: server.host,
    setDraining: () => server.setDraining(),
    close() {
      closing ??= (async () => {
        await server.close();
        setQueueDepthSource(undefined);
        await Promise.allSettled(queues.map((q) => q.close()));
        redis.disconnect();
      })();
      return closing;
    },
  };
}

/**
 * A listen error of the ops server as the error that stops the process: it names the address and
 * the setting to change.
 * @returns a ConfigError for EADDRINUSE, EACCES and EADDRNOTAVAIL; `err` itself otherwise
 */
function listenError(err: unknown, role: OpsRole, host: string, port: number): unknown {
  const code = (err as NodeJS.ErrnoException).code;
  const why =
    code === 'EADDRINUSE'
      ? 'the port is in use by another process (another worker or gateway on this machine?)'
      : code === 'EACCES'
        ? 'not allowed to listen on this port'
        : code === 'EADDRNOTAVAIL'
          ? 'no such address on this machine'
          : undefined;
  if (why === undefined) return err;
  const setting = code === 'EADDRNOTAVAIL' ? OPS_ENV.host : OPS_ENV.port;
  const error = new ConfigError(
    setting,
    `the ${role}'s ops server (/healthz, /readyz, /metrics) cannot listen on ${host}:${port} (${code}: ${why}); ` +
      `set ${setting} to ${code === 'EADDRNOTAVAIL' ? 'an address of this machine' : 'a free port (0: any free port)'}`,
  );
  error.cause = err;
  return error;
}
