/**
 * Prometheus metrics of one process (gateway or worker): one prom-client {@link Registry} per
 * process with the default process metrics (CPU, memory, event-loop lag, GC; prefix
 * `k8s_ha_bot_`), plus the bot's own metrics. Code anywhere in the process records through the small
 * `record*` functions below (the lower layers through the hooks of ../util/metric-hooks.ts, which
 * this module installs); `/metrics` (see ./ops-server.ts) serves {@link metricsRegistry}.
 *
 * Metric names follow https://prometheus.io/docs/practices/naming/ (base units: seconds; counters end
 * in `_total`).
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { setMetricHooks } from '../util/metric-hooks.js';
import type { ChatDecisionRecord, ClusterHaReading, HealthReportReading } from '../util/metric-hooks.js';

/** Prefix of every metric name. */
export const METRIC_PREFIX = 'k8s_ha_bot_';

/**
 * The process's registry (created once, when this module is first imported). Default process
 * metrics are registered on it.
 */
export const metricsRegistry: Registry = new Registry();
collectDefaultMetrics({ register: metricsRegistry, prefix: METRIC_PREFIX });

/**
 * Buckets of the job duration histogram, in s: a snapshot answer takes ~0.05 s, a large live
 * cluster a few s, and the job time limit is 60 s (`K8S_HA_BOT_JOB_TIMEOUT_MS`).
 */
export const JOB_DURATION_BUCKETS_S: readonly number[] = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 30, 60];

const requests = new Counter({
  name: `${METRIC_PREFIX}requests_total`,
  help: 'Chat requests taken by an adapter, by platform, command kind and outcome (enqueued, rate-limited)',
  labelNames: ['platform', 'command', 'outcome'] as const,
  registers: [metricsRegistry],
});

const jobDuration = new Histogram({
  name: `${METRIC_PREFIX}job_duration_seconds`,
  help: 'Time a worker spent on one answer job attempt, by command kind and outcome (answered, failed)',
  labelNames: ['kind', 'outcome'] as const,
  buckets: [...JOB_DURATION_BUCKETS_S],
  registers: [metricsRegistry],
});

const verdicts = new Counter({
  name: `${METRIC_PREFIX}verdicts_total`,
  help: 'Answers by verdict (safe, caution, unsafe, none for answers without a verdict)',
  labelNames: ['verdict'] as const,
  registers: [metricsRegistry],
});

const kubeApiErrors = new Counter({
  name: `${METRIC_PREFIX}kube_api_errors_total`,
  help: 'Failed Kubernetes API requests, by code (HTTP status, or timeout / unreachable / error)',
  labelNames: ['code'] as const,
  registers: [metricsRegistry],
});

const chatPostFailures = new Counter({
  name: `${METRIC_PREFIX}chat_post_failures_total`,
  help: 'Failed deliveries of a reply to a chat platform, by platform and status (HTTP status or error code)',
  labelNames: ['platform', 'status'] as const,
  registers: [metricsRegistry],
});

const chatDecisions = new Counter({
  name: `${METRIC_PREFIX}chat_decisions_total`,
  help: 'Chat requests by what the intake decided (answer, enqueue, maintenance, schedule), by platform',
  labelNames: ['platform', 'decision'] as const,
  registers: [metricsRegistry],
});

const maintenanceStates = new Counter({
  name: `${METRIC_PREFIX}maintenance_states_total`,
  help: 'Maintenance requests entering a state (pending-approval, approved, cordoned, draining, completed, failed…)',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});

const forecastMismatches = new Counter({
  name: `${METRIC_PREFIX}forecast_mismatches_total`,
  help: 'Disagreements between a maintenance forecast and what was observed, by kind (fate, blocker, time-away, drain-time, control-plane)',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});

const scheduledPosts = new Counter({
  name: `${METRIC_PREFIX}scheduled_posts_total`,
  help: 'Scheduled occurrences done with, by outcome (posted, quiet, already-posted, claimed-elsewhere; missed: refused, no-worker, failed) and late (true, false)',
  labelNames: ['outcome', 'late'] as const,
  registers: [metricsRegistry],
});
/** The outcomes of a scheduled occurrence ({@link recordScheduledPost}). */
export const SCHEDULED_POST_OUTCOMES: readonly string[] = [
  'posted',
  'quiet',
  'already-posted',
  'claimed-elsewhere',
  'refused',
  'no-worker',
  'failed',
];
// Exported at 0 from the start: Prometheus' increase() does not see the increment a series appears with,
// so a first missed post would otherwise never alert.
for (const outcome of SCHEDULED_POST_OUTCOMES)
  for (const late of ['false', 'true']) scheduledPosts.inc({ outcome, late }, 0);

/**
 * How long an answer's reading of a cluster's HA ({@link ClusterHaReading}) is exported, in ms:
 * older, its series are absent (unknown) rather than an old value shown as current.
 */
export const CLUSTER_HA_READING_MAX_AGE_MS = 3_600_000;
/**
 * How long a health report's reading ({@link HealthReportReading}) is exported, in ms: a day and
 * 2 h, so that a daily report's reading lasts until the next one.
 */
export const HEALTH_REPORT_READING_MAX_AGE_MS = 26 * 3_600_000;

/** The last readings by cluster, with when they were recorded (ms since epoch). */
const haReadings = new Map<string, { at: number; reading: ClusterHaReading }>();
const reportReadings = new Map<string, { at: number; reading: HealthReportReading }>();

/**
 * A gauge of readings by cluster: at each scrape it holds what `set` makes of every reading younger
 * than `maxAgeMs`, so an old reading leaves no series (unknown) instead of an old value.
 */
function readingGauge<R, L extends string>(o: {
  name: string;
  help: string;
  labelNames: readonly L[];
  readings: Map<string, { at: number; reading: R }>;
  maxAgeMs: number;
  set: (
    set: (labels: Record<L | 'cluster', string>, value: number) => void,
    cluster: string,
    reading: R,
  ) => void;
}): void {
  new Gauge<L | 'cluster'>({
    name: `${METRIC_PREFIX}${o.name}`,
    help: o.help,
    labelNames: ['cluster', ...o.labelNames],
    registers: [metricsRegistry],
    collect() {
      this.reset();
      const now = Date.now();
      for (const [cluster, { at, reading }] of o.readings)
        if (now - at < o.maxAgeMs) o.set((labels, value) => this.set(labels, value), cluster, reading);
    },
  });
}

readingGauge({
  name: 'etcd_failure_tolerance',
  help: 'etcd members that may still fail while quorum holds (healthy voters minus quorum; below 0: quorum lost), as the last answer read it; absent when unknown or older than 1 h',
  labelNames: [],
  readings: haReadings,
  maxAgeMs: CLUSTER_HA_READING_MAX_AGE_MS,
  set(set, cluster, r) {
    if (r.etcdFailureTolerance !== null) set({ cluster }, r.etcdFailureTolerance);
  },
});

readingGauge({
  name: 'lease_transitions',
  help: 'spec.leaseTransitions of the kube-system leader-election Leases (changes of holderIdentity), as the last answer read them; absent when older than 1 h',
  labelNames: ['lease'],
  readings: haReadings,
  maxAgeMs: CLUSTER_HA_READING_MAX_AGE_MS,
  set(set, cluster, r) {
    for (const [lease, n] of Object.entries(r.leaseTransitions)) set({ cluster, lease }, n);
  },
});

readingGauge({
  name: 'certificate_expiry_timestamp_seconds',
  help: 'notAfter of a certificate the last health report saw (API server and etcd serving certificates, the kubeconfig client certificate), in s since the epoch; absent when unread or older than 26 h',
  labelNames: ['source', 'endpoint'],
  readings: reportReadings,
  maxAgeMs: HEALTH_REPORT_READING_MAX_AGE_MS,
  set(set, cluster, r) {
    for (const c of r.certificates) {
      const at = c.notAfter === null ? NaN : Date.parse(c.notAfter);
      if (!Number.isNaN(at)) set({ cluster, source: c.source, endpoint: c.endpoint }, at / 1000);
    }
  },
});

readingGauge({
  name: 'maintenance_lock_overdue_seconds',
  help: "How long the bot's maintenance Lease was held past its TTL (renewTime + leaseDurationSeconds) when the last health report read it, in s (0: free or within it); absent when unread or older than 26 h",
  labelNames: [],
  readings: reportReadings,
  maxAgeMs: HEALTH_REPORT_READING_MAX_AGE_MS,
  set(set, cluster, r) {
    if (r.maintenanceLockOverdueS !== null) set({ cluster }, r.maintenanceLockOverdueS);
  },
});

/**
 * Job counts by state, as BullMQ `Queue.getJobCounts` returns them, and under
 * {@link QUEUE_WORKERS_KEY} the number of workers consuming the queue (absent when unknown).
 */
export type JobCounts = Record<string, number>;

/** Where the queue depth and worker gauges read from: one entry per queue name. */
export type QueueDepthSource = () => Promise<Record<string, JobCounts>>;

/**
 * The key of {@link JobCounts} that holds the queue's worker count (`countWorkersOnDatabase`: BullMQ workers on the queue's database,
 * Redis `CLIENT LIST`): not a job state, so the depth gauge never reports it.
 */
export const QUEUE_WORKERS_KEY = 'workers';

/** The job states the depth gauge reports (BullMQ states). */
export const QUEUE_DEPTH_STATES: readonly string[] = [
  'waiting',
  'active',
  'delayed',
  'prioritized',
  'waiting-children',
  'failed',
];

/**
 * How long one queue-depth reading serves scrapes, in ms: a reading costs about 12 Redis commands
 * per queue (BullMQ `getJobCounts`), and `/metrics` has no authentication, so scrapes (Prometheus
 * every 15-60 s, or a flood) cost at most one reading per this long, whatever their rate.
 */
export const QUEUE_DEPTH_MAX_AGE_MS = 5000;

let queueDepthSource: QueueDepthSource | undefined;
let depthMaxAgeMs = QUEUE_DEPTH_MAX_AGE_MS;
/** The last reading (a failed one counts, as no depths) and when it was taken (ms since epoch). */
let depthCache: { at: number; value: Record<string, JobCounts> } | undefined;
/** The reading in progress: concurrent scrapes share it. */
let depthRead: Promise<Record<string, JobCounts>> | undefined;

function queueDepths(source: QueueDepthSource): Promise<Record<string, JobCounts>> {
  if (depthCache && Date.now() - depthCache.at < depthMaxAgeMs) return Promise.resolve(depthCache.value);
  depthRead ??= source()
    // A Redis failure fails the scrape of this gauge only: the other metrics still come out; it is
    // kept for the window too, so an outage is not hammered by every scrape.
    .catch(() => ({}) as Record<string, JobCounts>)
    .then((value) => {
      if (queueDepthSource === source) depthCache = { at: Date.now(), value };
      return value;
    })
    .finally(() => {
      depthRead = undefined;
    });
  return depthRead;
}

/** Calls `each` with every queue's reading (the shared, cached one); nothing without a source. */
async function eachQueue(each: (queue: string, counts: JobCounts) => void): Promise<void> {
  if (!queueDepthSource) return;
  for (const [queue, counts] of Object.entries(await queueDepths(queueDepthSource))) each(queue, counts);
}

new Gauge({
  name: `${METRIC_PREFIX}queue_depth`,
  help: `Jobs in a BullMQ queue by state, read from Redis (getJobCounts) at most once per ${QUEUE_DEPTH_MAX_AGE_MS / 1000} s by default`,
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await eachQueue((queue, counts) => {
      for (const state of QUEUE_DEPTH_STATES) this.set({ queue, state }, counts[state] ?? 0);
    });
  },
});

new Gauge({
  name: `${METRIC_PREFIX}queue_workers`,
  help: 'Workers consuming a BullMQ queue (Redis CLIENT LIST), read with the queue depth; absent when Redis or CLIENT LIST is refused',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
  async collect() {
    this.reset();
    await eachQueue((queue, counts) => {
      const workers = counts[QUEUE_WORKERS_KEY];
      if (workers !== undefined) this.set({ queue }, workers);
    });
  },
});

/**
 * Where the queue depth gauge reads from (the ops server sets it; undefined stops it). Scrapes are
 * served from the last reading while it is younger than `maxAgeMs`; concurrent scrapes share one
 * reading. Setting a source drops the previous source's reading.
 * @param source - returns `{ queueName: { waiting, active, delayed, … } }`; a rejection leaves the gauge empty
 * @param options - `maxAgeMs`: how long a reading serves scrapes, in ms @defaultValue {@link QUEUE_DEPTH_MAX_AGE_MS}
 */
export function setQueueDepthSource(
  source: QueueDepthSource | undefined,
  options: { maxAgeMs?: number } = {},
): void {
  queueDepthSource = source;
  depthMaxAgeMs = options.maxAgeMs ?? QUEUE_DEPTH_MAX_AGE_MS;
  depthCache = undefined;
  depthRead = undefined;
}

/**
 * Count one chat request taken by an adapter (called by the intake's admission step, ./rate-limit.ts).
 * @param platform - `slack`, `teams`, `console`
 * @param command - the command kind (`reboot-impact`, `ha-status`, …)
 * @param outcome - `enqueued` or `rate-limited`
 */
export function recordRequest(platform: string, command: string, outcome: 'enqueued' | 'rate-limited'): void {
  requests.inc({ platform, command, outcome });
}

/**
 * Record one answer job attempt (the worker calls it).
 * @param kind - the command kind, or `unknown` when the job had no parsed command
 * @param outcome - `answered` or `failed`
 * @param durationMs - time spent, in ms (stored in s)
 */
export function recordJob(kind: string, outcome: 'answered' | 'failed', durationMs: number): void {
  jobDuration.observe({ kind, outcome }, durationMs / 1000);
}

/**
 * Count one answer's verdict.
 * @param verdict - `safe`, `caution`, `unsafe`, or null (answers without one: help, errors, status)
 */
export function recordVerdict(verdict: string | null): void {
  verdicts.inc({ verdict: verdict ?? 'none' });
}

/**
 * Count one failed Kubernetes API request (src/cluster/read-snapshot.ts calls it).
 * @param code - the HTTP status (`403`, `500`…) or `timeout`, `unreachable`, `error`
 */
export function recordKubeApiError(code: string): void {
  kubeApiErrors.inc({ code });
}

/**
 * Count one failed delivery of a reply to a chat platform.
 * @param platform - `slack` or `teams`
 * @param status - an HTTP status (`429`, `500`) or a platform error code (`channel_not_found`);
 *   {@link chatFailureStatus} derives it from an error
 */
export function recordChatPostFailure(platform: string, status: string): void {
  chatPostFailures.inc({ platform, status });
}

/**
 * Count a maintenance request entering a state. The maintenance store (src/maintenance/request-store.ts)
 * calls it on every write that creates a request or changes its state.
 * @param state - the maintenance state entered (src/maintenance/types.ts) (e.g. `pending-approval`, `approved`, `cordoned`, `draining`, `completed`, `failed`)
 */
export function recordMaintenanceState(state: string): void {
  maintenanceStates.inc({ state });
}

/**
 * Count one decision of the chat intake (src/intake/intake.ts records it through the hook).
 * @param platform - `console`, `slack`, `teams`
 * @param decision - its `kind`: `answer`, `enqueue`, `maintenance`, `schedule`
 */
export function recordChatDecision(platform: string, decision: Pick<ChatDecisionRecord, 'kind'>): void {
  chatDecisions.inc({ platform, decision: decision.kind });
}

/** The status label of a chat delivery failure (moved to ../util/metric-hooks.ts; kept here for callers). */
export { chatFailureStatus } from '../util/metric-hooks.js';

// The lower layers (cluster, queue, maintenance) record through ../util/metric-hooks.ts; this
// process's registry stands behind those hooks from the first import of this module on.
/**
 * Count one disagreement between a maintenance's forecast and its outcome (issue 34).
 * @param kind - `fate`, `blocker`, `time-away`, `drain-time`, `control-plane`
 */
export function recordForecastMismatch(kind: string): void {
  forecastMismatches.inc({ kind });
}

/**
 * Count one scheduled occurrence done with (the schedule runner records it through the hook).
 * @param outcome - `posted`, `quiet`, `already-posted`, `claimed-elsewhere`, `refused`, `no-worker`, `failed`
 * @param late - processed late (after the runner's `lateAfterMs`)
 */
export function recordScheduledPost(outcome: string, late: boolean): void {
  scheduledPosts.inc({ outcome, late: String(late) });
}

/**
 * Keep a cluster's HA as an answer read it (replacing the last reading), for the etcd and Lease gauges.
 * @param cluster - the cluster name
 * @param read - computes what was read (called now)
 */
export function recordClusterHaReading(cluster: string, read: () => ClusterHaReading): void {
  haReadings.set(cluster, { at: Date.now(), reading: read() });
}

/**
 * Keep what a health report read beside the snapshot (replacing the last reading), for the
 * certificate and maintenance lock gauges.
 * @param cluster - the cluster name
 * @param reading - what was read
 */
export function recordHealthReportReading(cluster: string, reading: HealthReportReading): void {
  reportReadings.set(cluster, { at: Date.now(), reading });
}

setMetricHooks({
  scheduledPost: recordScheduledPost,
  clusterHaRead: recordClusterHaReading,
  healthReportRead: recordHealthReportReading,
  forecastMismatch: recordForecastMismatch,
  kubeApiError: recordKubeApiError,
  chatPostFailure: recordChatPostFailure,
  maintenanceState: recordMaintenanceState,
  chatDecision: recordChatDecision,
});
