/**
 * Metric recorders as small hooks, so that the lower layers (src/cluster, src/queue,
 * src/maintenance) can count events without importing the process's metrics registry in src/ops
 * (the layer order, docs/architecture.md "Layers"). bullmq does the same with its `telemetry` option: the
 * library calls an interface, the process decides what stands behind it.
 *
 * Every recorder is a no-op until the process installs real ones: src/ops/metrics.ts installs its
 * prom-client counters with {@link setMetricHooks} when it is first imported (the gateway and the
 * worker import it through their ops server), so a process without /metrics (the console's `ask`)
 * records nothing and pays nothing.
 */

/** What the lower layers record. Each hook must not throw (a metric never fails a request). */
export interface MetricHooks {
  /**
   * One failed Kubernetes API request (src/cluster/read-snapshot.ts).
   * @param code - the HTTP status (`403`, `500`…) or `timeout`, `unreachable`, `error`
   */
  kubeApiError(code: string): void;
  /**
   * One failed delivery of a reply to a chat platform (src/queue/reply-queue.ts).
   * @param platform - `slack` or `teams`
   * @param status - an HTTP status (`429`), a platform error code, or `deadline`; see {@link chatFailureStatus}
   */
  chatPostFailure(platform: string, status: string): void;
  /**
   * A maintenance request entering a state (src/maintenance/request-store.ts).
   * @param state - the state entered (src/maintenance/types.ts), e.g. `approved`
   */
  maintenanceState(state: string): void;
  /**
   * What the chat intake decided for one request (src/intake/intake.ts), whichever surface it came from.
   * @param platform - `console`, `slack`, `teams`
   * @param decision - the decision's kind and what it names
   */
  chatDecision(platform: string, decision: ChatDecisionRecord): void;
  /**
   * One disagreement between a maintenance's forecast and its outcome (src/maintenance/execute/run-maintenance.ts).
   * @param kind - `fate`, `blocker`, `time-away`, `drain-time`, `control-plane` (src/maintenance/forecast/forecast.ts)
   */
  forecastMismatch(kind: string): void;
  /**
   * One scheduled occurrence done with (src/schedule/schedule-runner.ts): posted, or missed.
   * @param outcome - `posted`, `quiet`, `already-posted`, `claimed-elsewhere`, `refused`, `no-worker`, or
   *   `failed` (its last attempt threw: nothing was posted)
   * @param late - processed more than the runner's `lateAfterMs` after its time
   */
  scheduledPost(outcome: string, late: boolean): void;
  /**
   * What an answer read of a cluster's HA (src/answer/answer.ts, every snapshot read, at most once per
   * {@link CLUSTER_HA_READING_INTERVAL_MS} per cluster).
   * @param cluster - the configuration's cluster name
   * @param read - computes the reading (called only by a real recorder: a process without /metrics,
   *   the console's `ask`, pays nothing)
   */
  clusterHaRead(cluster: string, read: () => ClusterHaReading): void;
  /**
   * What a health report read beside the snapshot (src/answer/answer-health-report.ts).
   * @param cluster - the configuration's cluster name
   */
  healthReportRead(cluster: string, reading: HealthReportReading): void;
}

/**
 * Least time between two {@link MetricHooks.clusterHaRead} of one cluster, in ms: the etcd view
 * indexes the whole snapshot (measured 0.24-0.46 s at 5,000 nodes / 150,000 pods, 0.03-0.12 s at
 * 1,000 / 30,000, on 2 shared cores), so at most once per 5 min; `leaseTransitions` is cumulative,
 * so no leader change is lost between two readings.
 */
export const CLUSTER_HA_READING_INTERVAL_MS = 300_000;

/** A cluster's HA as one answer read it. null: unknown. */
export interface ClusterHaReading {
  /**
   * etcd members that may still fail while quorum holds: healthy voters minus quorum (negative:
   * quorum lost). null when etcd is not observable or some voter's health is unknown.
   */
  etcdFailureTolerance: number | null;
  /**
   * `spec.leaseTransitions` of the kube-system Leases that carry it (the leader-election Leases of
   * kube-controller-manager, kube-scheduler…: client-go's leaderelection adds 1 at every change of
   * `holderIdentity`), by Lease name.
   */
  leaseTransitions: Record<string, number>;
}

/** What a health report read beside the snapshot. */
export interface HealthReportReading {
  /** Certificates seen (`notAfter` RFC 3339, null when it could not be read). */
  certificates: { source: string; endpoint: string; notAfter: string | null }[];
  /**
   * How long the bot's maintenance Lease has been held past its TTL (`renewTime +
   * leaseDurationSeconds`), in s; 0 when free or within it; null when not read or without times.
   */
  maintenanceLockOverdueS: number | null;
}

/** One decision of the chat intake, as recorded: its kind and what it names (no text, no user). */
export interface ChatDecisionRecord {
  /** `answer`, `enqueue`, `maintenance` or `schedule`. */
  kind: string;
  /** The answer language. */
  locale: string;
  requestId: string;
  /** The job's cluster (`enqueue`), or the cluster asked for (`answer`). */
  cluster?: string;
  /** The command kind (`reboot-impact`, `audit`, `schedule-create`…). */
  command?: string;
  /** Why an `answer`: `not-understood`, `cluster-unknown`, `help`. */
  why?: string;
}

const NO_OP_HOOKS: MetricHooks = {
  kubeApiError: () => {},
  chatPostFailure: () => {},
  maintenanceState: () => {},
  chatDecision: () => {},
  forecastMismatch: () => {},
  scheduledPost: () => {},
  clusterHaRead: () => {},
  healthReportRead: () => {},
};

let hooks: MetricHooks = NO_OP_HOOKS;

/**
 * Install the process's recorders (src/ops/metrics.ts does, once); hooks left out stay as they
 * are. `undefined` restores the no-ops.
 * @param next - the recorders to use from now on
 */
export function setMetricHooks(next: Partial<MetricHooks> | undefined): void {
  hooks = next === undefined ? NO_OP_HOOKS : { ...hooks, ...next };
}

/**
 * Count one failed Kubernetes API request through the installed hook.
 * @param code - the HTTP status (`403`, `500`…) or `timeout`, `unreachable`, `error`
 */
export function recordKubeApiError(code: string): void {
  hooks.kubeApiError(code);
}

/**
 * Count one failed delivery of a reply through the installed hook.
 * @param platform - `slack` or `teams`
 * @param status - an HTTP status or platform error code; {@link chatFailureStatus} derives it from an error
 */
export function recordChatPostFailure(platform: string, status: string): void {
  hooks.chatPostFailure(platform, status);
}

/**
 * Count a maintenance request entering a state through the installed hook.
 * @param state - the maintenance state entered, e.g. `pending-approval`, `completed`
 */
export function recordMaintenanceState(state: string): void {
  hooks.maintenanceState(state);
}

/**
 * Count one decision of the chat intake through the installed hook.
 * @param platform - the surface: `console`, `slack`, `teams`
 * @param decision - what was decided
 */
export function recordChatDecision(platform: string, decision: ChatDecisionRecord): void {
  hooks.chatDecision(platform, decision);
}

/**
 * Count one forecast mismatch through the installed hook.
 * @param kind - the mismatch's kind, e.g. `fate`, `time-away`
 */
export function recordForecastMismatch(kind: string): void {
  hooks.forecastMismatch(kind);
}

/**
 * Count one scheduled occurrence through the installed hook.
 * @param outcome - see {@link MetricHooks.scheduledPost}
 * @param late - processed late
 */
export function recordScheduledPost(outcome: string, late: boolean): void {
  hooks.scheduledPost(outcome, late);
}

/**
 * Record what an answer read of a cluster's HA through the installed hook.
 * @param cluster - the cluster name
 * @param read - computes the reading; not called while no recorder is installed
 */
export function recordClusterHaReading(cluster: string, read: () => ClusterHaReading): void {
  hooks.clusterHaRead(cluster, read);
}

/**
 * Record what a health report read beside the snapshot through the installed hook.
 * @param cluster - the cluster name
 * @param reading - the reading
 */
export function recordHealthReportReading(cluster: string, reading: HealthReportReading): void {
  hooks.healthReportRead(cluster, reading);
}

/**
 * The status label of a chat delivery failure: the first HTTP status (`statusCode`, `status`,
 * `data.statusCode`) or platform error (`data.error`, a string `code`) found on the error or its
 * `cause` chain (at most 5 levels); `unknown` when none.
 * @param err - what the poster threw
 * @returns e.g. `429`, `500`, `channel_not_found`, `slack_webapi_platform_error`
 */
export function chatFailureStatus(err: unknown): string {
  let current: unknown = err;
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth++) {
    const e = current as {
      statusCode?: unknown;
      status?: unknown;
      code?: unknown;
      data?: { error?: unknown; statusCode?: unknown };
      cause?: unknown;
    };
    for (const v of [e.statusCode, e.status, e.data?.statusCode])
      if (typeof v === 'number' && v >= 100 && v < 600) return String(v);
    if (typeof e.data?.error === 'string') return e.data.error;
    if (typeof e.code === 'string' && e.code !== '') return e.code;
    current = e.cause;
  }
  return 'unknown';
}
