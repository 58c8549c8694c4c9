/**
 * Predicted vs observed (issue 34): the reboot-impact analysis' predictions for one node kept as
 * data ({@link NodeForecast}), what the executor saw happen ({@link ObservedOutcome}), and the
 * comparison of the two ({@link compareForecast}). Pure.
 *
 * The forecast is read off the analysis, never modelled again: each pod's fate is the eviction
 * model's (`podFates` of the `grace-period` finding, src/analysis/eviction-model.ts and
 * workload-checks.ts: decideEviction over the drain's order, the drain filters, the placement of
 * evicted pods), the drain's expected duration is that finding's longest grace period, the
 * budgets are those selecting the node's pods (budgetsOfPod, as the Eviction API selects them),
 * and the API servers and etcd voters left are the analysis' control-plane state without the node.
 */
import type { ClusterSnapshot, KNode } from '../../cluster/types.js';
import { controllerOf, hasControlPlaneLabel, isFinished } from '../../analysis/cluster-index.js';
import { TYPICAL_NODE_REBOOT_S } from '../../analysis/domain.js';
import { budgetsOfPod } from '../../analysis/eviction-api.js';
import type { PodFate } from '../../analysis/eviction-model.js';
import type { RebootImpact } from '../../analysis/reboot-impact.js';
import type { Verdict } from '../../analysis/types.js';
import type {
  Fate,
  FateTally,
  ForecastComparison,
  ForecastMismatch,
  MismatchKind,
  NodeKind,
} from '../../explain/forecast-comparison.js';

/** Every {@link Fate}, in the order a tally says them. */
export const FATES: readonly Fate[] = ['moved', 'pending', 'refused', 'deleted', 'lost'];

/**
 * Node labels that name a node pool: GKE node pools, EKS managed node groups, AKS agent pools,
 * Karpenter NodePools (each provider's documented well-known label).
 */
export const NODE_POOL_LABELS: readonly string[] = [
  'cloud.google.com/gke-nodepool',
  'eks.amazonaws.com/nodegroup',
  'kubernetes.azure.com/agentpool',
  'karpenter.sh/nodepool',
];

/**
 * The kind of a node: control plane by its role label (current or legacy), else worker; its pool
 * by the first {@link NODE_POOL_LABELS} label it carries.
 * @param node - a node
 */
export function nodeKindOf(node: KNode): NodeKind {
  const labels = node.metadata.labels ?? {};
  const pool = NODE_POOL_LABELS.map((l) => labels[l]).find((v) => typeof v === 'string' && v !== '');
  return { role: hasControlPlaneLabel(node) ? 'control-plane' : 'worker', ...(pool ? { pool } : {}) };
}

/**
 * Whether two kinds of node differ: another role, or another pool when both name one.
 * @param a - one kind
 * @param b - the other
 */
export function otherKind(a: NodeKind, b: NodeKind): boolean {
  return a.role !== b.role || (a.pool !== undefined && b.pool !== undefined && a.pool !== b.pool);
}

/**
 * A moved pod's fate with its kind of node, as the mismatch and the daily report say it
 * (`moved to a worker`, `moved to a control-plane node of pool system`).
 * @param k - the kind of node
 */
export function movedToText(k: NodeKind): string {
  return `moved to ${k.role === 'control-plane' ? 'a control-plane node' : 'a worker'}${k.pool ? ` of pool ${k.pool}` : ''}`;
}

/** One pod's predicted fate. */
export interface ForecastPod {
  /** `namespace/name`. */
  pod: string;
  fate: Fate;
  /** The eviction model's own fate (src/analysis/eviction-model.ts `PodFate`). */
  modelFate: PodFate;
  /** For `pending`: `tied-to-node`, `no-room` or `never-scheduled`. */
  why?: 'tied-to-node' | 'no-room' | 'never-scheduled';
  /** `namespace/name` of the budget that refuses it (for `refused`), or that selects it. */
  budget?: string;
  /** uid of its controller (ReplicaSet, StatefulSet…), to find its replacement; absent: none. */
  ownerUid?: string;
  /** For `moved`: the kind of node the placement put its replacement on (the capacity finding's `movesTo`). */
  to?: NodeKind;
}

/** A PodDisruptionBudget selecting pods of the node, as the analysis saw it. */
export interface ForecastBudget {
  /** `namespace/name`. */
  budget: string;
  /** `status.disruptionsAllowed` before the drain; null when the disruption controller has not computed it. */
  disruptionsAllowed: number | null;
  /** Evictions of the node's pods it is asked for. */
  asked: number;
}

/** Where the expected time away comes from: this node's history, or the typical reboot. */
export interface AwayEstimate {
  /** Expected time the node is away (NotReady until Ready again), in ms. */
  ms: number;
  /** `history`: median of the last `count` maintenances of the node; `typical`: no history. */
  from: 'history' | 'typical';
  /** How many maintenances the median is of (0 for `typical`). */
  count: number;
}

/** The analysis' predictions for one node, kept beside its maintenance request. */
export interface NodeForecast {
  node: string;
  /** When the analysis ran (ISO 8601). */
  at: string;
  verdict: Verdict;
  pods: ForecastPod[];
  /** Longest termination grace period of the pods the drain deletes, in s; null when none. */
  drainSeconds: number | null;
  away: AwayEstimate;
  budgets: ForecastBudget[];
  /** kube-apiservers alive but this node's (their identity Leases); null when not observed. */
  apiServersLeft: number | null;
  /** Healthy etcd voters but this node's, and the quorum; null when etcd is not observed. */
  etcdVotersLeft: { voters: number; quorum: number } | null;
}

/** Most pods a forecast or an outcome lists (the rest are counted in the tally only). */
export const MAX_FORECAST_PODS = 500;

const PENDING_WHY: Partial<Record<PodFate, ForecastPod['why']>> = {
  pinned: 'tied-to-node',
  'no-room': 'no-room',
  unscheduled: 'never-scheduled',
};

/**
 * The comparison's fate of one eviction-model fate.
 * @param f - the model's fate
 */
export function fateOf(f: PodFate): Fate {
  switch (f) {
    case 'moves':
      return 'moved';
    case 'pinned':
    case 'no-room':
    case 'unscheduled':
      return 'pending';
    case 'refused':
    case 'stopped':
      return 'refused';
    case 'deleted':
    case 'replacement-refused':
      return 'lost';
    default:
      return 'deleted';
  }
}

const POD_FATES: readonly string[] = [
  'moves',
  'replacement-refused',
  'pinned',
  'no-room',
  'refused',
  'deleted',
  'unscheduled',
  'finished',
  'orphaned',
  'stopped',
];

/**
 * The forecast of one node from its reboot-impact analysis.
 * @param snapshot - the cluster the analysis read
 * @param impact - the analysis of `impact.node` (found)
 * @param away - the expected time away ({@link awayEstimate})
 * @returns the forecast; a node with nothing to drain has no pods and `drainSeconds` null
 */
export function forecastOf(
  snapshot: ClusterSnapshot,
  impact: RebootImpact,
  away: AwayEstimate,
): NodeForecast {
  const node = impact.node;
  const grace = impact.findings.find((f) => f.check === 'grace-period' && f.facts.node === node);
  const entries = Array.isArray(grace?.facts.podFates) ? (grace.facts.podFates as string[]) : [];
  const podsByKey = new Map(
    snapshot.pods.map((p) => [`${p.metadata.namespace ?? 'default'}/${p.metadata.name}`, p]),
  );
  const capacity = impact.findings.find((f) => f.check === 'capacity' && f.facts.node === node);
  // Where the drain in sequence placed each replacement (src/analysis/drain-sequence.ts), else
  // the capacity finding's placement of every pod at once.
  const moves = capacity?.facts.drainMovesTo ?? capacity?.facts.movesTo;
  const movesTo = Array.isArray(moves) ? (moves as string[]) : [];
  const nodesByName = new Map(snapshot.nodes.map((n) => [n.metadata.name, n]));
  const placedOn = new Map(
    movesTo.map((m) => {
      const at = m.lastIndexOf(' → ');
      return [m.slice(0, at), nodesByName.get(m.slice(at + 3))] as const;
    }),
  );
  const budgets = new Map<string, ForecastBudget>();
  const pods: ForecastPod[] = [];
  for (const entry of entries.slice(0, MAX_FORECAST_PODS)) {
    const at = entry.lastIndexOf('=');
    const pod = entry.slice(0, at);
    const modelFate = entry.slice(at + 1);
    if (!POD_FATES.includes(modelFate)) continue;
    const k = podsByKey.get(pod);
    const mine = k ? budgetsOfPod(k, snapshot.podDisruptionBudgets) : [];
    for (const b of mine) {
      const name = `${b.metadata.namespace ?? 'default'}/${b.metadata.name}`;
      const seen = budgets.get(name) ?? {
        budget: name,
        disruptionsAllowed:
          typeof b.status?.disruptionsAllowed === 'number' ? b.status.disruptionsAllowed : null,
        asked: 0,
      };
      seen.asked += 1;
      budgets.set(name, seen);
    }
    const owner = k && !isFinished(k) ? controllerOf(k) : null;
    const why = PENDING_WHY[modelFate as PodFate];
    const first = mine[0];
    const target = modelFate === 'moves' ? placedOn.get(pod) : undefined;
    pods.push({
      pod,
      fate: fateOf(modelFate as PodFate),
      modelFate: modelFate as PodFate,
      ...(why ? { why } : {}),
      ...(first ? { budget: `${first.metadata.namespace ?? 'default'}/${first.metadata.name}` } : {}),
      ...(owner ? { ownerUid: owner.uid } : {}),
      ...(target ? { to: nodeKindOf(target) } : {}),
    });
  }
  const state = impact.state;
  const etcd = state.etcd;
  const voterHere = etcd.members.some((m) => m.node === node && !m.isLearner && m.healthy === true);
  return {
    node,
    at: impact.snapshotAt,
    verdict: impact.verdict,
    pods,
    drainSeconds: grace && typeof grace.facts.seconds === 'number' ? grace.facts.seconds : null,
    away,
    budgets: [...budgets.values()],
    apiServersLeft: state.unobserved.includes('leases')
      ? null
      : state.apiservers.filter((a) => a.alive && a.host !== node).length,
    etcdVotersLeft:
      etcd.voters === 0 || etcd.unknownVoters > 0
        ? null
        : { voters: etcd.healthyVoters - (voterHere ? 1 : 0), quorum: etcd.quorum },
  };
}

/** The typical reboot ({@link TYPICAL_NODE_REBOOT_S}), as an estimate with no history. */
export const TYPICAL_AWAY: AwayEstimate = { ms: TYPICAL_NODE_REBOOT_S * 1000, from: 'typical', count: 0 };

/**
 * The expected time away from a node's observed history.
 * @param awayMs - the node's observed times away, in ms, newest first (empty: none)
 * @returns their median, or {@link TYPICAL_AWAY} without history
 */
export function awayEstimate(awayMs: readonly number[]): AwayEstimate {
  if (awayMs.length === 0) return TYPICAL_AWAY;
  return { ms: median(awayMs), from: 'history', count: awayMs.length };
}

/**
 * The median of some numbers (the mean of the middle two for an even count).
 * @param xs - at least one number
 */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1
    ? (s[mid] as number)
    : Math.round(((s[mid - 1] as number) + (s[mid] as number)) / 2);
}

/** Every answer the Eviction API gave for one pod, by HTTP status (`201`, `429`, `500`, `0`: none). */
export interface ObservedEviction {
  /** `namespace/name`. */
  pod: string;
  answers: Record<string, number>;
  /** `namespace/name` of the budget a 429 named, when known. */
  budget?: string;
}

/** What became of one pod, observed. */
export interface ObservedPod {
  /** `namespace/name` of the pod that was on the node. */
  pod: string;
  /** Its fate; `unknown` when its replacement was not found. */
  fate: Fate | 'unknown';
  /** `namespace/name` of its replacement. */
  replacement?: string;
  /** Where the replacement was scheduled, and that node's kind. */
  node?: string;
  nodeKind?: NodeKind;
  /** When the replacement was scheduled, and when Ready (ISO 8601). */
  scheduledAt?: string;
  readyAt?: string;
  /** For `pending`: the scheduler's reason (PodScheduled condition or FailedScheduling event), bounded. */
  reason?: string;
  /** For `refused`: the budget a 429 named. */
  budget?: string;
}

/** What the executor saw of one node's maintenance. */
export interface ObservedOutcome {
  node: string;
  /** When this was read (ISO 8601). */
  at: string;
  evictions: ObservedEviction[];
  pods: ObservedPod[];
  /** Drain time (start to no pod left), in ms; null when the drain did not finish. */
  drainMs: number | null;
  /** Time away: the node first seen down (or with a new bootID) until every check passed, in ms. */
  awayMs: number | null;
  notReadyAt?: string;
  readyAt?: string;
  bootIdBefore?: string;
  bootIdAfter?: string;
  /** Whether `status.nodeInfo.bootID` changed; null when not seen. */
  bootIdChanged: boolean | null;
  /** Fewest kube-apiservers seen alive while the node was away; null when not observed. */
  apiServersSeen: number | null;
  /** Healthy etcd voters seen while the node was away; null when not observed. */
  etcdVotersSeen: number | null;
}

/** Mismatch kinds the daily report warns about: where the model got a pod or a blocker wrong. */
export const REPORTED_KINDS: readonly MismatchKind[] = ['fate', 'blocker'];

/** A node away this much longer than forecast (and {@link AWAY_SLACK_MS} more) is a mismatch. */
export const AWAY_FACTOR = 1.5;
/** Least difference of a time mismatch, in ms (a few seconds of polling are no news). */
export const AWAY_SLACK_MS = 30_000;

function tally(fates: readonly (Fate | 'unknown')[]): FateTally & { unknown: number } {
  const t = { moved: 0, pending: 0, refused: 0, deleted: 0, lost: 0, unknown: 0 };
  for (const f of fates) t[f] += 1;
  return t;
}

const longer = (observed: number, forecast: number): boolean =>
  observed > forecast * AWAY_FACTOR && observed - forecast > AWAY_SLACK_MS;

/**
 * Compare a forecast with what happened.
 * @param f - the forecast made when the maintenance was approved
 * @param o - the outcome observed
 * @returns the tallies, the times and each mismatch: a pod whose fate differs, or moved to
 *   another kind of node than forecast (a worker's pod run on a control-plane node: `fate`), a
 *   budget that refused what it was forecast to allow or the reverse (`blocker`), a node away or
 *   a drain much longer than forecast, fewer API servers or healthy etcd voters seen than
 *   forecast (`control-plane`)
 */
export function compareForecast(f: NodeForecast, o: ObservedOutcome): ForecastComparison {
  const observedBy = new Map(o.pods.map((p) => [p.pod, p]));
  const mismatches: ForecastMismatch[] = [];
  for (const p of f.pods) {
    const seen = observedBy.get(p.pod);
    if (!seen || seen.fate === 'unknown') continue;
    if (seen.fate === p.fate) {
      if (p.fate === 'moved' && p.to && seen.nodeKind && otherKind(p.to, seen.nodeKind))
        mismatches.push({
          kind: 'fate',
          pod: p.pod,
          forecast: movedToText(p.to),
          observed: movedToText(seen.nodeKind),
          to: { forecast: p.to, observed: seen.nodeKind },
          ...(seen.node ? { detail: seen.node } : {}),
        });
      continue;
    }
    const blocker = p.fate === 'refused' || seen.fate === 'refused';
    const detail = seen.reason ?? seen.budget ?? seen.node;
    mismatches.push({
      kind: blocker ? 'blocker' : 'fate',
      pod: p.pod,
      forecast: p.fate === 'refused' && p.budget ? `refused by ${p.budget}` : p.fate,
      observed: seen.fate === 'refused' && seen.budget ? `refused by ${seen.budget}` : seen.fate,
      ...(detail ? { detail } : {}),
    });
  }
  const drainForecast = f.drainSeconds === null ? null : f.drainSeconds * 1000;
  if (o.awayMs !== null && longer(o.awayMs, f.away.ms))
    mismatches.push({ kind: 'time-away', forecast: f.away.ms, observed: o.awayMs });
  if (o.drainMs !== null && drainForecast !== null && longer(o.drainMs, drainForecast))
    mismatches.push({ kind: 'drain-time', forecast: drainForecast, observed: o.drainMs });
  if (f.apiServersLeft !== null && o.apiServersSeen !== null && o.apiServersSeen < f.apiServersLeft)
    mismatches.push({
      kind: 'control-plane',
      members: 'api-servers',
      forecast: f.apiServersLeft,
      observed: o.apiServersSeen,
    });
  const etcd = f.etcdVotersLeft;
  const etcdSeen = o.etcdVotersSeen ?? null;
  if (etcd !== null && etcdSeen !== null && etcdSeen < etcd.voters)
    mismatches.push({
      kind: 'control-plane',
      members: 'etcd-voters',
      forecast: etcd.voters,
      observed: etcdSeen,
    });
  const forecastFates = tally(f.pods.map((p) => p.fate));
  const { unknown: _none, ...forecast } = forecastFates;
  return {
    node: f.node,
    forecast,
    observed: tally(f.pods.map((p) => observedBy.get(p.pod)?.fate ?? 'unknown')),
    awayMs: { forecast: f.away.ms, from: f.away.from, count: f.away.count, observed: o.awayMs },
    drainMs: { forecast: drainForecast, observed: o.drainMs },
    etcdVoters: { forecast: etcd?.voters ?? null, quorum: etcd?.quorum ?? null, observed: etcdSeen },
    mismatches,
  };
}
