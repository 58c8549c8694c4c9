/**
 * The forecast-vs-observed comparison of one maintained node (issue 34) as plain data: what the
 * maintenance card says in lines and `--format json` carries whole (`Reply.forecastComparison`).
 * Built by src/maintenance/forecast/forecast.ts `compareForecast`; kept here, below the
 * maintenance layer, so a Reply can carry it (the layer order: docs/architecture.md "Layers").
 */

/**
 * What becomes of one pod of the node, in the words of the comparison:
 * - `moved`: evicted, its replacement runs on another node;
 * - `pending`: evicted, its replacement waits unscheduled (or for the node to be back);
 * - `refused`: its eviction is refused (429 by a PodDisruptionBudget, 500 for several): it stays;
 * - `deleted`: a finished or orphaned pod, deleted, nothing replaces it (nothing is lost);
 * - `lost`: a pod without a controller, deleted for good.
 */
export type Fate = 'moved' | 'pending' | 'refused' | 'deleted' | 'lost';

/** The kind of node a pod runs on: its role, and its pool when a {@link NODE_POOL_LABELS} label names one. */
export interface NodeKind {
  role: 'control-plane' | 'worker';
  pool?: string;
}

/** Kinds of disagreement (the `kind` label of `k8s_ha_bot_forecast_mismatches_total`). */
export type MismatchKind = 'fate' | 'blocker' | 'time-away' | 'drain-time' | 'control-plane';

/** One disagreement. */
export interface ForecastMismatch {
  kind: MismatchKind;
  /** The pod (`namespace/name`) for `fate` and `blocker`. */
  pod?: string;
  /** What was forecast and what was observed: a fate, a budget, or a duration in ms. */
  forecast: string | number;
  observed: string | number;
  /** The scheduler's reason, the budget, the replacement's node, when known. */
  detail?: string;
  /** For a `fate` mismatch of a pod moved to another kind of node than forecast: both kinds. */
  to?: { forecast: NodeKind; observed: NodeKind };
  /** For `control-plane`: what was counted, kube-apiservers or etcd voters. */
  members?: 'api-servers' | 'etcd-voters';
}

/** Counts by fate. */
export type FateTally = Record<Fate, number>;

/** The comparison of a node's forecast with its outcome. */
export interface ForecastComparison {
  node: string;
  forecast: FateTally;
  observed: FateTally & { unknown: number };
  awayMs: { forecast: number; from: 'history' | 'typical'; count: number; observed: number | null };
  drainMs: { forecast: number | null; observed: number | null };
  /**
   * Healthy etcd voters left during the reboot: forecast (with the quorum) and seen; a null side is
   * unknown (not observable, or not observed), said as such, never a match.
   */
  etcdVoters: { forecast: number | null; quorum: number | null; observed: number | null };
  mismatches: ForecastMismatch[];
}
