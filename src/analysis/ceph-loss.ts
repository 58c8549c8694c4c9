/**
 * What Ceph (run by Rook) loses when nodes are LOST, not drained (check `ceph-loss`). A lost node
 * is not held back by any PodDisruptionBudget (budgets limit evictions, not node failures:
 * https://kubernetes.io/docs/concepts/workloads/pods/disruptions/), so the Rook budgets that make a
 * drain wait say nothing of a loss. What decides is Ceph's own arithmetic, read from the operator's
 * signals (the OSD and mon pods, Ready or not, and where they run):
 *
 * - OSDs: a replicated pool keeps `size` copies of each placement group in distinct failure domains
 *   (Rook: the host) and serves I/O only while at least `min_size` of them are up; the defaults are
 *   size 3, min_size 2 (`osd_pool_default_size`, `osd_pool_default_min_size` = size - size/2). With
 *   OSDs down on two hosts, the placement groups with copies on both are left with one copy, below
 *   min_size: I/O to them stops until one comes back.
 *   https://docs.ceph.com/en/latest/rados/operations/pools/#setting-the-number-of-rados-object-replicas
 *   https://docs.ceph.com/en/latest/rados/configuration/pool-pg-config-ref/
 * - mons: the monitors keep the cluster maps by Paxos and need a majority (floor(n/2)+1) in quorum;
 *   without it no client or OSD can get a map and all I/O stops.
 *   https://docs.ceph.com/en/latest/rados/configuration/mon-config-ref/#monitor-quorum
 * Rook's blocking budgets (`rook-ceph-osd-<failure domain>-…` allowing 0) are its own signal that the
 * placement groups are not active+clean (https://github.com/rook/rook/blob/master/design/ceph/ceph-managed-disruptionbudgets.md):
 * they are named as the evidence. Pure.
 */
import type { PodSummary } from '../cluster/types.js';
import type { ClusterIndex } from './cluster-index.js';
import { quorumOf } from './domain.js';
import { finding } from './finding.js';
import { type CephDaemon, cephDaemonOf } from './rook-daemons.js';
import type { Finding } from './types.js';

/** Ceph's default replicated pool: 3 copies, I/O while 2 are up (osd_pool_default_size / _min_size). */
export const CEPH_DEFAULT_POOL = { size: 3, minSize: 2 } as const;

/** The pods of one Ceph daemon kind (see {@link cephDaemonOf}: no prepare job, no mon canary, none finished). */
function daemonPods(index: ClusterIndex, daemon: CephDaemon): PodSummary[] {
  return index.snapshot.podSummaries.filter((s) => cephDaemonOf(s) === daemon);
}

/**
 * `osd-below-min-size` (OSDs down elsewhere already, and Rook's OSD budgets allow nothing: the
 * placement groups are degraded by the operator's own signal), `osd-below-min-size-down` (OSDs down
 * elsewhere, no such budget seen), `osd-below-min-size-together` (the lost nodes' own OSDs, on two
 * or more hosts).
 */
function osdVariant(downElsewhere: number, zeroBudgets: number): string {
  if (downElsewhere === 0) return 'osd-below-min-size-together';
  return zeroBudgets > 0 ? 'osd-below-min-size' : 'osd-below-min-size-down';
}

const label = (s: PodSummary): string =>
  `${s.namespace}/${s.name} (${s.nodeName ?? 'unscheduled'}: ${s.waitingReason ?? (s.ready === false ? `${s.phase}, not Ready` : s.phase)})`;

/**
 * The `ceph-loss` findings of the nodes lost together (none when no Rook OSD or mon runs on them):
 * - `osd-below-min-size…` (block, {@link osdVariant}): OSDs down on two or more hosts once the nodes are lost (theirs,
 *   and those not Ready elsewhere now): placement groups with copies on both fall below min_size
 *   and their I/O stops. Facts: `nodes` (the lost nodes with an OSD), `lost` (their OSD pods),
 *   `down` (OSD pods not Ready elsewhere, `ns/name (node: reason)`), `budgets` (Rook OSD budgets
 *   allowing 0), `size`, `minSize`.
 * - `mon-quorum-lost` (block; `-together` when no other mon is down now): fewer mons left Ready
 *   than a majority. Facts: `nodes`, `lost`,
 *   `down`, `total`, `quorum`, `left`.
 * Nothing is said when Ceph keeps serving (OSDs down on one host only, a mon majority left): each
 * node's own daemon findings say what stops there.
 * @param index - the cluster index
 * @param nodes - the nodes lost together
 * @returns the findings, block severity, data plane
 */
export function cephLossFindings(index: ClusterIndex, nodes: readonly string[]): Finding[] {
  const targets = new Set(nodes);
  const on = (s: PodSummary): boolean => s.nodeName !== null && targets.has(s.nodeName);
  const out: Finding[] = [];

  const osds = daemonPods(index, 'osd');
  const lostOsds = osds.filter(on);
  if (lostOsds.length > 0) {
    const downElsewhere = osds.filter((s) => !on(s) && s.ready === false);
    const hosts = new Set([...lostOsds, ...downElsewhere].map((s) => s.nodeName ?? `unscheduled:${s.name}`));
    if (hosts.size >= 2) {
      const budgets = index.snapshot.podDisruptionBudgets
        .filter(
          (p) => p.metadata.name.startsWith('rook-ceph-osd') && (p.status?.disruptionsAllowed ?? 0) === 0,
        )
        .map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`)
        .sort();
      out.push(
        finding('ceph-loss', 'data', 'block', osdVariant(downElsewhere.length, budgets.length), {
          nodes: [...new Set(lostOsds.map((s) => s.nodeName ?? ''))],
          lost: lostOsds.map((s) => `${s.namespace}/${s.name}`),
          down: downElsewhere.map(label).sort(),
          budgets,
          size: CEPH_DEFAULT_POOL.size,
          minSize: CEPH_DEFAULT_POOL.minSize,
        }),
      );
    }
  }

  const mons = daemonPods(index, 'mon');
  const lostMons = mons.filter(on);
  if (lostMons.length > 0) {
    const downElsewhere = mons.filter((s) => !on(s) && s.ready === false);
    const quorum = quorumOf(mons.length);
    const left = mons.length - lostMons.length - downElsewhere.length;
    if (left < quorum)
      out.push(
        finding(
          'ceph-loss',
          'data',
          'block',
          downElsewhere.length > 0 ? 'mon-quorum-lost' : 'mon-quorum-lost-together',
          {
            nodes: [...new Set(lostMons.map((s) => s.nodeName ?? ''))],
            lost: lostMons.map((s) => `${s.namespace}/${s.name}`),
            down: downElsewhere.map(label).sort(),
            total: mons.length,
            quorum,
            left,
          },
        ),
      );
  }
  return out;
}
