/**
 * Stuck states for the daily report: nodes cordoned or NotReady for too long,
 * maintenance locks whose holder is gone, PodDisruptionBudgets that have allowed no disruption
 * for too long (with the pods that keep them there), pods Terminating well past their grace
 * period. Each says since when and, where the API tells, who did it. Pure: snapshot + now +
 * thresholds (+ the few extra reads the collector made) → items.
 */
import type {
  ClusterSnapshot,
  KLease,
  KManagedFieldsEntry,
  KNode,
  KPodDisruptionBudget,
} from '../../cluster/types.js';
import { ANNOTATION_KURED_LOCK } from '../domain.js';
import type { ReportItem, ReportThresholds } from './report-items.js';
import { hoursOf } from './report-items.js';

/** The taint the node lifecycle controller mirrors `spec.unschedulable` into. */
export const TAINT_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/** A pod a stuck PDB selects, as the collector read it (`GET pods?labelSelector=`). */
export interface PdbPod {
  name: string;
  nodeName: string | null;
  phase: string;
  /** The pod's Ready condition is True. */
  ready: boolean;
}

/** The bot's own maintenance lock (src/maintenance/execute/maintenance-lock.ts), as read. */
export interface BotLockObservation {
  /** The Lease, or null when it does not exist. */
  lease: KLease | null;
  /**
   * State of the maintenance request that holds it (the holder identity is the request id):
   * `active` (approved, running), `ended` (done, failed, cancelled, expired), `unknown` (not found
   * in the store, or the store was not asked).
   */
  holderRequest: 'active' | 'ended' | 'unknown';
}

/** What the collector read beside the snapshot. */
export interface StuckStateExtras {
  /** Pods of each PDB at 0, by `namespace/name` of the PDB; absent when not read. */
  pdbPods?: Record<string, PdbPod[]>;
  /** The bot's lock; absent when not read (no maintenance configured). */
  botLock?: BotLockObservation;
}

function ms(text: string | undefined): number | null {
  if (text === undefined) return null;
  const t = Date.parse(text);
  return Number.isNaN(t) ? null : t;
}

/** Whether a managedFields entry owns `spec.unschedulable`. */
function ownsUnschedulable(e: KManagedFieldsEntry): boolean {
  const spec = e.fieldsV1?.['f:spec'];
  return typeof spec === 'object' && spec !== null && 'f:unschedulable' in spec;
}

/**
 * Since when, and by whom, a node is cordoned: the `node.kubernetes.io/unschedulable` taint's
 * `timeAdded`, else the time of the managedFields entry that owns `spec.unschedulable`; the
 * manager of that entry (`kubectl-cordon`, `kured`, `k8s-ha-bot`…) is who.
 * @param node - a node with `spec.unschedulable: true`
 * @returns the time in ms since the epoch (null when the API does not tell) and the manager (or null)
 */
export function cordonedSince(node: KNode): { sinceMs: number | null; by: string | null } {
  const entry = (node.metadata.managedFields ?? [])
    .filter(ownsUnschedulable)
    .sort((a, b) => (ms(b.time) ?? 0) - (ms(a.time) ?? 0))[0];
  const taint = (node.spec?.taints ?? []).find((t) => t.key === TAINT_UNSCHEDULABLE);
  return { sinceMs: ms(taint?.timeAdded) ?? ms(entry?.time), by: entry?.manager ?? null };
}

function cordoned(snapshot: ClusterSnapshot, nowMs: number, t: ReportThresholds): ReportItem[] {
  const out: ReportItem[] = [];
  for (const node of snapshot.nodes) {
    if (node.spec?.unschedulable !== true) continue;
    const { sinceMs, by } = cordonedSince(node);
    if (sinceMs === null) continue; // no time in the API: an age cannot be claimed (a fresh cordon looks the same)
    const age = nowMs - sinceMs;
    if (age < t.cordonedHours * 3_600_000) continue;
    out.push({
      kind: 'node-cordoned',
      severity: 'warn',
      variant: by === null ? 'plain' : 'by',
      subject: `node/${node.metadata.name}`,
      facts: {
        node: node.metadata.name,
        hours: hoursOf(age),
        days: Math.floor(age / 86_400_000),
        since: new Date(sinceMs).toISOString(),
        by,
      },
      order: -age,
    });
  }
  return out;
}

function notReady(snapshot: ClusterSnapshot, nowMs: number, t: ReportThresholds): ReportItem[] {
  const out: ReportItem[] = [];
  for (const node of snapshot.nodes) {
    const c = node.status?.conditions?.find((x) => x.type === 'Ready');
    if (!c || c.status === 'True') continue;
    const since = ms(c.lastTransitionTime);
    if (since === null) continue;
    const age = nowMs - since;
    if (age < t.notReadyMinutes * 60_000) continue;
    out.push({
      kind: 'node-not-ready',
      severity: 'warn',
      variant: 'plain',
      subject: `node/${node.metadata.name}`,
      facts: {
        node: node.metadata.name,
        hours: hoursOf(age),
        minutes: Math.floor(age / 60_000),
        since: new Date(since).toISOString(),
        status: c.status,
        reason: c.reason ?? null,
      },
      order: -age,
    });
  }
  return out;
}

/** One kured lock entry (single form, or one of `locks` in kured's multi-lock form). */
interface KuredLockEntry {
  nodeID?: string;
  created?: string;
  /** Go duration in ns; 0 or absent: never expires. */
  TTL?: number;
}

function kuredLocks(snapshot: ClusterSnapshot, nowMs: number, t: ReportThresholds): ReportItem[] {
  const out: ReportItem[] = [];
  const nodes = new Map(snapshot.nodes.map((n) => [n.metadata.name, n]));
  for (const ds of snapshot.workloads) {
    const raw = ds.kind === 'DaemonSet' ? ds.metadata.annotations?.[ANNOTATION_KURED_LOCK] : undefined;
    if (raw === undefined) continue;
    let parsed: KuredLockEntry & { locks?: KuredLockEntry[] };
    try {
      parsed = JSON.parse(raw) as typeof parsed;
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      continue; // unreadable: the maintenance preflight treats it as held; nothing to date it by here
    }
    const entries = Array.isArray(parsed.locks) ? parsed.locks : [parsed];
    for (const e of entries) {
      if (typeof e.nodeID !== 'string' || e.nodeID === '') continue;
      const created = ms(e.created);
      if (e.TTL !== undefined && e.TTL > 0 && created !== null && created + e.TTL / 1e6 < nowMs) continue; // expired: kured treats it as free
      const age = created === null ? null : nowMs - created;
      const gone = !nodes.has(e.nodeID);
      if (!gone && (age === null || age < t.kuredLockStaleHours * 3_600_000)) continue;
      out.push({
        kind: 'lock-stale',
        severity: 'warn',
        variant: gone ? 'kured-gone' : 'kured-old',
        subject: `lock/kured ${ds.metadata.namespace ?? ''}/${ds.metadata.name}`,
        facts: {
          daemonset: `${ds.metadata.namespace ?? ''}/${ds.metadata.name}`,
          holder: e.nodeID,
          hours: age === null ? null : hoursOf(age),
          since: created === null ? null : new Date(created).toISOString(),
        },
        order: -(age ?? 0),
      });
    }
  }
  return out;
}

function botLock(lock: BotLockObservation | undefined, nowMs: number): ReportItem[] {
  const lease = lock?.lease;
  const holder = lease?.spec?.holderIdentity;
  if (!lock || !lease || holder === undefined || holder === '') return [];
  const renew = ms(lease.spec?.renewTime ?? lease.spec?.acquireTime);
  const expiresAt = renew === null ? null : renew + (lease.spec?.leaseDurationSeconds ?? 0) * 1000;
  const expired = expiresAt !== null && expiresAt < nowMs;
  const ended = lock.holderRequest === 'ended';
  if (!expired && !ended) return [];
  const since = expired ? expiresAt : renew;
  const age = since === null ? 0 : nowMs - since;
  const name = `${lease.metadata.namespace ?? ''}/${lease.metadata.name}`;
  return [
    {
      kind: 'lock-stale',
      severity: 'warn',
      variant: ended ? 'bot-ended' : 'bot-expired',
      subject: `lock/bot ${name}`,
      facts: {
        lease: name,
        holder,
        hours: hoursOf(age),
        minutes: Math.floor(age / 60_000),
        node: lease.metadata.annotations?.['k8s-ha-bot/node'] ?? null,
      },
      order: -age,
    },
  ];
}

/** `DisruptionAllowed` condition of a PDB (policy/v1 status.conditions). */
function disruptionAllowedCondition(
  pdb: KPodDisruptionBudget,
): { status: string; since: number | null } | null {
  const c = pdb.status?.conditions?.find((x) => x.type === 'DisruptionAllowed');
  return c ? { status: c.status, since: ms(c.lastTransitionTime) } : null;
}

function pdbsStuck(
  snapshot: ClusterSnapshot,
  nowMs: number,
  t: ReportThresholds,
  pdbPods: Record<string, PdbPod[]> | undefined,
): ReportItem[] {
  const out: ReportItem[] = [];
  for (const pdb of snapshot.podDisruptionBudgets) {
    if (pdb.status?.disruptionsAllowed !== 0) continue;
    const c = disruptionAllowedCondition(pdb);
    if (!c || c.status === 'True' || c.since === null) continue;
    const age = nowMs - c.since;
    if (age < t.pdbBlockedHours * 3_600_000) continue;
    const key = `${pdb.metadata.namespace ?? ''}/${pdb.metadata.name}`;
    const pods = pdbPods?.[key];
    const unready = (pods ?? [])
      .filter((p) => !p.ready)
      .map((p) => p.name)
      .sort();
    const expected = pdb.status.expectedPods ?? null;
    const healthy = pdb.status.currentHealthy ?? null;
    const desired = pdb.status.desiredHealthy ?? null;
    // The pods that keep it at 0: the unhealthy ones when there are; else every selected pod
    // (all healthy and all needed: minAvailable equals the replicas, or there are none at all).
    const variant = expected === 0 ? 'no-pods' : unready.length > 0 ? 'unhealthy' : 'all-needed';
    const named = variant === 'unhealthy' ? unready : (pods ?? []).map((p) => p.name).sort();
    out.push({
      kind: 'pdb-stuck',
      severity: 'warn',
      variant,
      subject: `pdb/${key}`,
      facts: {
        pdb: key,
        hours: hoursOf(age),
        days: Math.floor(age / 86_400_000),
        since: new Date(c.since).toISOString(),
        expected,
        healthy,
        desired,
        pods: named.slice(0, 5),
        more: Math.max(0, named.length - 5),
      },
      order: -age,
    });
  }
  return out;
}

function terminating(snapshot: ClusterSnapshot, nowMs: number, t: ReportThresholds): ReportItem[] {
  const out: ReportItem[] = [];
  for (const p of snapshot.podSummaries) {
    // deletionTimestamp is the deletion request time plus the grace period (the API sets it so):
    // past it, the grace period is over.
    const deadline = ms(p.deletionTimestamp);
    if (deadline === null) continue;
    const over = nowMs - deadline;
    if (over < t.terminatingMarginMinutes * 60_000) continue;
    const deletedAt = deadline - (p.graceSeconds ?? 0) * 1000;
    out.push({
      kind: 'pod-terminating',
      severity: 'warn',
      variant: 'plain',
      subject: `pod/${p.namespace}/${p.name}`,
      facts: {
        pod: `${p.namespace}/${p.name}`,
        node: p.nodeName,
        minutes: Math.floor((nowMs - deletedAt) / 60_000),
        hours: hoursOf(nowMs - deletedAt),
        grace: p.graceSeconds ?? null,
      },
      order: -(nowMs - deletedAt),
    });
  }
  return out;
}

/**
 * Every stuck state of a snapshot.
 * @param snapshot - the cluster as read
 * @param now - the report's time
 * @param thresholds - what counts as stuck
 * @param extras - the collector's extra reads (PDB pods, the bot's lock)
 * @returns the items, unsorted (see `byUrgency`)
 */
export function findStuckStates(
  snapshot: ClusterSnapshot,
  now: Date,
  thresholds: ReportThresholds,
  extras: StuckStateExtras = {},
): ReportItem[] {
  const nowMs = now.getTime();
  return [
    ...cordoned(snapshot, nowMs, thresholds),
    ...notReady(snapshot, nowMs, thresholds),
    ...kuredLocks(snapshot, nowMs, thresholds),
    ...botLock(extras.botLock, nowMs),
    ...pdbsStuck(snapshot, nowMs, thresholds, extras.pdbPods),
    ...terminating(snapshot, nowMs, thresholds),
  ];
}
