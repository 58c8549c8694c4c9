/**
 * Churn and drift for the daily report: leader Lease transitions of kube-scheduler
 * and kube-controller-manager and etcd leader changes (raft term) since the last report, etcd's
 * database size against its quota (and its growth per day), and kubelet / kube-apiserver version
 * skew against the supported policy. Pure: the state now, the state stored with the last report,
 * thresholds → items.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import { indexCluster } from '../cluster-index.js';
import { KUBELET_MAX_SKEW_MINORS } from '../domain.js';
import { clusterVersions, minorsBetween, versionRange } from '../what-if/versions.js';
import type { ReportItem, ReportThresholds } from './report-items.js';

/** The leader Leases whose transitions the report counts (kube-system). */
export const LEADER_LEASES: readonly string[] = ['kube-scheduler', 'kube-controller-manager'];

/**
 * etcd's default backend quota, in bytes (2 GiB), when neither the configuration nor the probe
 * says otherwise.
 * @see https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota
 */
export const ETCD_DEFAULT_QUOTA_BYTES = 2 * 1024 ** 3;

/** What a report stores to compare the next one with (JSON-safe). */
export interface ChurnState {
  /** When it was taken, RFC 3339. */
  at: string;
  /** Leader Lease name → `leaseTransitions` (null when unset). */
  leases: Record<string, number | null>;
  /** Highest raft term any member reported, or null when etcd is not observed. */
  etcdTerm: number | null;
  /** Largest `dbSize` of any member, in bytes, or null. */
  etcdDbBytes: number | null;
}

/**
 * The comparable state of a snapshot.
 * @param snapshot - the cluster as read
 * @param now - the report's time
 */
export function churnStateOf(snapshot: ClusterSnapshot, now: Date): ChurnState {
  const leases: Record<string, number | null> = {};
  for (const l of snapshot.leases) {
    if (l.metadata.namespace === 'kube-system' && LEADER_LEASES.includes(l.metadata.name))
      leases[l.metadata.name] = l.spec?.leaseTransitions ?? null;
  }
  const status = snapshot.etcd?.endpointStatus ?? [];
  return {
    at: now.toISOString(),
    leases,
    etcdTerm: status.length === 0 ? null : Math.max(...status.map((s) => s.raftTerm)),
    etcdDbBytes: status.length === 0 ? null : Math.max(...status.map((s) => s.dbSize)),
  };
}

/**
 * Lease transitions and etcd leader changes since the last report, and etcd's database size.
 * @param before - the state stored with the last report, or null (first report: no churn is claimed)
 * @param after - the state now ({@link churnStateOf})
 * @param thresholds - the report thresholds
 * @param quotaBytes - etcd's backend quota in bytes (@defaultValue {@link ETCD_DEFAULT_QUOTA_BYTES})
 * @returns the items
 */
export function churnItems(
  before: ChurnState | null,
  after: ChurnState,
  thresholds: ReportThresholds,
  quotaBytes = ETCD_DEFAULT_QUOTA_BYTES,
): ReportItem[] {
  const out: ReportItem[] = [];
  const hours =
    before === null
      ? null
      : Math.max(1, Math.round((Date.parse(after.at) - Date.parse(before.at)) / 3_600_000));
  for (const [lease, now] of Object.entries(after.leases)) {
    const was = before?.leases[lease];
    if (now === null || was === undefined || was === null) continue;
    // A Lease deleted and recreated starts again at 0: count what is there.
    const moves = now >= was ? now - was : now;
    if (moves <= thresholds.leaseTransitions) continue;
    out.push({
      kind: 'lease-churn',
      severity: 'warn',
      variant: 'plain',
      subject: `lease/kube-system/${lease}`,
      facts: { lease, moves, hours, total: now },
      order: -moves,
    });
  }
  if (before?.etcdTerm != null && after.etcdTerm !== null) {
    const changes = after.etcdTerm - before.etcdTerm;
    if (changes > thresholds.etcdLeaderChanges) {
      out.push({
        kind: 'etcd-leader-changes',
        severity: 'warn',
        variant: 'plain',
        subject: 'etcd/leader',
        facts: { changes, hours, term: after.etcdTerm },
        order: -changes,
      });
    }
  }
  if (after.etcdDbBytes !== null && quotaBytes > 0) {
    const percent = Math.round((after.etcdDbBytes / quotaBytes) * 100);
    if (percent >= thresholds.etcdDbPercent) {
      const days =
        before?.etcdDbBytes != null ? (Date.parse(after.at) - Date.parse(before.at)) / 86_400_000 : 0;
      const growth =
        days > 0 && before?.etcdDbBytes != null
          ? Math.round((after.etcdDbBytes - before.etcdDbBytes) / days / 1024 ** 2)
          : null;
      out.push({
        kind: 'etcd-db-size',
        severity: percent >= 95 ? 'block' : 'warn',
        variant: growth !== null && growth > 0 ? 'growing' : 'plain',
        subject: 'etcd/db',
        facts: {
          mib: Math.round(after.etcdDbBytes / 1024 ** 2),
          quotaMib: Math.round(quotaBytes / 1024 ** 2),
          percent,
          growthMibPerDay: growth,
        },
        order: -percent,
      });
    }
  }
  return out;
}

/**
 * Kubelets outside the supported skew: newer than the oldest kube-apiserver, or more minors older
 * than the newest kube-apiserver than the policy allows (3 since Kubernetes 1.28, 2 before).
 * @see https://kubernetes.io/releases/version-skew-policy/#kubelet
 * @param snapshot - the cluster as read (kube-apiserver versions from its mirror pods' image tags)
 * @returns one item per kubelet out of policy
 */
export function versionSkewItems(snapshot: ClusterSnapshot): ReportItem[] {
  const { apiservers, kubelets } = clusterVersions(indexCluster(snapshot));
  const apis = versionRange(apiservers.values());
  if (!apis) return [];
  const allowed = apis.newest.major === 1 && apis.newest.minor < 28 ? 2 : KUBELET_MAX_SKEW_MINORS;
  const out: ReportItem[] = [];
  for (const [node, v] of kubelets) {
    const behind = minorsBetween(v, apis.newest);
    if (minorsBetween(apis.oldest, v) > 0) {
      out.push({
        kind: 'version-skew',
        severity: 'warn',
        variant: 'kubelet-newer',
        subject: `node/${node}`,
        facts: { node, kubelet: v.text, apiserver: apis.oldest.text },
        order: 0,
      });
    } else if (behind > allowed) {
      out.push({
        kind: 'version-skew',
        severity: 'warn',
        variant: 'kubelet-too-old',
        subject: `node/${node}`,
        facts: { node, kubelet: v.text, apiserver: apis.newest.text, behind, allowed },
        order: -behind,
      });
    }
  }
  return out;
}
