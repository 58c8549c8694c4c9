/**
 * The validated configuration every process starts from (see `examples/k8s-ha-bot.yaml`).
 * Built by {@link loadConfig}; all paths are absolute, all defaults filled in.
 */
import type { ReportSettings } from '../commands/report-settings.js';
import type { Locale } from '../commands/types.js';
import type { RedisSentinelTarget, RedisTarget } from './redis-settings.js';

/**
 * Most time one Kubernetes API request may take, in ms. The issue asks for answers within seconds
 * and at most 5 s per API request; this is both the default and the ceiling of `requestTimeoutMs`.
 */
export const MAX_REQUEST_TIMEOUT_MS = 5000;

/** Default time for reading a whole snapshot (every list, etcd, /readyz), in ms. */
export const DEFAULT_DEADLINE_MS = 20_000;

/** Default time a queued job may run before it is failed as `job-timeout`, in ms. */
export const DEFAULT_JOB_TIMEOUT_MS = 60_000;

/** pino log levels accepted in `logLevel` / `LOG_LEVEL`. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevel = (typeof LOG_LEVELS)[number];

/** Default per-endpoint timeout of the live etcd probe, in ms. */
export const DEFAULT_ETCD_TIMEOUT_MS = 2000;

/**
 * A cluster's `etcd` entry: read quorum, leader, learners and alarms from etcd itself.
 * kubeadm clusters: `ca: /etc/kubernetes/pki/etcd/ca.crt`, `cert`/`key`: the
 * `healthcheck-client` pair in the same folder.
 */
export interface EtcdProbeConfig {
  /** Client URLs (`https://10.0.0.11:2379`); absent → discovered from the etcd mirror pods' annotation. */
  endpoints?: string[];
  /** Absolute path of the CA certificate that signed the etcd server certificates; existed at load. */
  ca: string;
  /** Absolute path of the client certificate; existed at load. */
  cert: string;
  /** Absolute path of the client key; existed at load. */
  key: string;
  /** Per-endpoint deadline, in ms; at most the cluster's `deadlineMs`. @defaultValue 2000 */
  timeoutMs: number;
  /** `--quota-backend-bytes` of the members, in bytes, when known (etcd does not report it). */
  quotaBackendBytes?: number;
}

/** Settings every cluster has, whatever its source. */
export interface ClusterTimeouts {
  /** Per Kubernetes API request, in ms; at most {@link MAX_REQUEST_TIMEOUT_MS}. @defaultValue 5000 */
  requestTimeoutMs: number;
  /** For the whole snapshot read, in ms; at least `requestTimeoutMs`. @defaultValue 20000 */
  deadlineMs: number;
  /**
   * Bounds of the worker's watch cache of this cluster, past which it stops and answers read fresh:
   * objects held, bytes of received JSON behind them, bytes of one watch event line; absent → the
   * defaults (`DEFAULT_WATCH_CACHE_BOUNDS` in src/cluster/watch-cache.ts).
   */
  watchCache?: { maxObjects?: number; maxBytes?: number; maxLineBytes?: number };
  /** Probe etcd directly (any cluster kind, snapshot clusters too); absent → etcd is inferred. */
  etcd?: EtcdProbeConfig;
  /**
   * Thresholds and quiet hours of this cluster's HA report, for `health report` and for
   * report schedules created in chat; absent → the defaults (`DEFAULT_THRESHOLDS`).
   */
  report?: ReportSettings;
}

/** A cluster read through a kubeconfig context (`KUBECONFIG` / `~/.kube/config`, or `kubeconfig`). */
export interface ContextClusterConfig extends ClusterTimeouts {
  kind: 'context';
  /** Name of the kubeconfig context. */
  context: string;
  /** Absolute path of the kubeconfig file; absent → the client's default lookup. */
  kubeconfig?: string;
}

/** A cluster served from a recorded snapshot file (scenarios/FORMAT.md). */
export interface SnapshotClusterConfig extends ClusterTimeouts {
  kind: 'snapshot';
  /** Absolute path of the snapshot JSON; it existed when the configuration was loaded. */
  snapshot: string;
  /**
   * When the snapshot was captured, RFC 3339 (`ask --captured-at`): overrides the file's
   * `captured_at` and the time inferred from its data.
   */
  capturedAt?: string;
}

/** The cluster the bot runs in, read with its pod's service account (`inCluster: true`). */
export interface InClusterClusterConfig extends ClusterTimeouts {
  kind: 'in-cluster';
}

/** How to reach one configured cluster: exactly one source. */
export type ClusterConfig = ContextClusterConfig | SnapshotClusterConfig | InClusterClusterConfig;

/**
 * The Redis target of a configuration's `redis` entry.
 * @param redis - `BotConfig.redis`
 * @returns the URL, or the Sentinel settings; undefined when no Redis is configured
 */
export function redisTargetOf(redis: BotConfig['redis']): RedisTarget | undefined {
  if (redis === undefined) return undefined;
  return 'url' in redis ? redis.url : redis;
}

/** The whole configuration. */
export interface BotConfig {
  /** Absolute path of the file it was read from, or `'built-in'` for the embedded default. */
  source: string;
  /** Clusters by name (RFC 1123 labels); at least one. Look names up with `resolveCluster`. */
  clusters: Readonly<Record<string, ClusterConfig>>;
  /** The cluster a request without one is about; absent when several clusters exist and none is named. */
  defaultCluster?: string;
  /** Answer language when neither the text nor the platform decides. @defaultValue 'en' */
  locale: Locale;
  /**
   * Redis for queues, approvals and audit: `{ url }` (one Redis, `redis://` or `rediss://`) or
   * Sentinel settings (src/config/redis-settings.ts; read it with `redisTargetOf`); absent → no Redis
   * configured (console-only use).
   */
  redis?: { url: string } | RedisSentinelTarget;
  /** Longest a queued job may run, in ms. @defaultValue 60000 */
  jobTimeoutMs: number;
  /** Log level. @defaultValue 'info' */
  logLevel: LogLevel;
  /**
   * Absolute path of the maintenance policy YAML (read by `loadMaintenancePolicy` in
   * src/maintenance/policy.ts); it existed when the configuration was loaded. Absent → the default
   * policy: anyone may request and approve (never their own request), nobody is admin.
   */
  maintenancePolicy?: string;
}
