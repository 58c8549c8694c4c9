/**
 * Which pods of a Rook-Ceph cluster are Ceph daemons that hold data or a vote (an OSD, a mon),
 * as opposed to the other pods that share their name prefix. One predicate for every check that
 * reads the operator's signals (`ceph-loss`, the Rook budgets of `operator-budgets`), so that a pod
 * counted as an OSD or a mon by one is counted so by all; the pinned-daemon check of
 * workload-checks.ts (which reads the `app` label a canary shares with its mon) asks
 * {@link isMonCanary}. Pure.
 *
 * Rook's names (rook/rook, pkg/operator/ceph/cluster):
 * - OSD daemons: Deployment `rook-ceph-osd-<id>`, `<id>` the OSD number (osd/osd.go `osdAppNameFmt`
 *   = "rook-ceph-osd-%d"), so pods `rook-ceph-osd-0-6bb747b6c5-lnvb6`.
 * - OSD prepare: a Job per node or PVC, `rook-ceph-osd-prepare-<node>` (osd/osd.go
 *   `prepareAppNameFmt`; osd/provision_spec.go `makeJob`), whose pods end `Completed` (phase
 *   Succeeded, 0/2 Ready) once the disks are prepared: `rook-ceph-osd-prepare-node1-vx2rz 0/2
 *   Completed` in `kubectl -n rook-ceph get pod` (Documentation/Getting-Started/quickstart.md).
 * - OSD key rotation: a CronJob `rook-ceph-osd-key-rotation-<id>` (osd/key_rotation.go), Job pods.
 * - mon daemons: Deployment `rook-ceph-mon-<letters>` (mon/mon.go `AppName` "rook-ceph-mon" and
 *   k8sutil/name.go `IndexToName`: a, b, … z, aa…), pods `rook-ceph-mon-a-694bb7987d-fp9w7`.
 * - mon canaries: Deployment `rook-ceph-mon-<letters>-canary` (mon/mon.go `scheduleMonitor`: the
 *   mon's deployment with `-canary` appended, running a sleep loop to test placement, no mon), label
 *   `mon_canary=true`; left Pending when no node fits, as in rook/rook#3764
 *   (`rook-ceph-mon-b-canary-66f788f58b-bctqg` Pending beside two running mons). Rook's own mon
 *   health check skips them (mon/health.go).
 */
import type { PodSummary } from '../cluster/types.js';

/** The Ceph daemons whose health Rook's budgets and Ceph's arithmetic follow. */
export type CephDaemon = 'osd' | 'mon';

/** An OSD daemon pod: `rook-ceph-osd-<number>-<replicaset hash>-<suffix>`. */
const OSD_POD = /^rook-ceph-osd-\d+-/;

/** A mon daemon pod: `rook-ceph-mon-<letters>-…` (its canary is told apart by {@link isMonCanary}). */
const MON_POD = /^rook-ceph-mon-[a-z]+-/;

/** A mon canary's pod name: `rook-ceph-mon-<letters>-canary-<replicaset hash>-<suffix>`. */
const MON_CANARY_POD = /^rook-ceph-mon-[a-z]+-canary-/;

/**
 * Whether a pod is a Rook mon canary: the mon's Deployment with `-canary` appended, labelled
 * `app=rook-ceph-mon` like the mon itself but also `mon_canary` (rook/rook
 * pkg/operator/ceph/cluster/mon/mon.go: `monCanaryLabelSelector = "app=rook-ceph-mon,mon_canary=true"`,
 * `scheduleMonitor`). It runs a sleep loop to test a placement: no mon, no vote, no data. Checks
 * that recognise a mon by its `app` label must ask this first.
 * @param pod - the pod's name and labels (labels may be unknown: then the name decides)
 * @returns true for a canary
 */
export function isMonCanary(pod: { name: string; labels?: Readonly<Record<string, string>> }): boolean {
  return pod.labels?.mon_canary !== undefined || MON_CANARY_POD.test(pod.name);
}

/**
 * The Ceph daemon a pod runs, or null when it runs none.
 *
 * A pod is an OSD or mon daemon when its name is the daemon's Deployment's (see the module
 * comment), it is not a Job's pod (the OSD prepare and key-rotation jobs, whose names share the
 * `rook-ceph-osd-` prefix), and it has not finished: a pod in phase Succeeded or Failed holds no
 * data and no vote (a Job's pod that completed; a Deployment's pod that failed, which its
 * ReplicaSet replaces). A mon canary is never a mon. What a pod's Ready condition says is left to
 * the caller: a daemon pod that is not Ready is a down daemon.
 * @param pod - the pod's summary (name, phase, owner)
 * @returns `osd`, `mon`, or null
 */
export function cephDaemonOf(pod: Pick<PodSummary, 'name' | 'phase' | 'owner'>): CephDaemon | null {
  if (pod.phase === 'Succeeded' || pod.phase === 'Failed') return null;
  if (pod.owner?.kind === 'Job') return null;
  if (OSD_POD.test(pod.name)) return 'osd';
  if (MON_POD.test(pod.name) && !isMonCanary(pod)) return 'mon';
  return null;
}

/** A Ceph daemon's Deployment: `rook-ceph-osd-<number>` or `rook-ceph-mon-<letters>` (not a canary). */
const DAEMON_DEPLOYMENT = /^rook-ceph-(osd-\d+|mon-[a-z]+)$/;

/**
 * Whether a Deployment is one of Rook's per-daemon Deployments (an OSD or a mon; see the module
 * comment for the names). Rook runs one Deployment with one replica per daemon by design, pinned
 * to the daemon's host and data; Ceph's redundancy is across daemons, not across replicas, so such
 * a Deployment is no "single-replica workload" (issue 16, reader5 F31).
 * @see https://github.com/rook/rook/blob/master/design/ceph/ceph-managed-disruptionbudgets.md
 * @param workload - the workload's kind and name
 * @returns true for an OSD or mon Deployment
 */
export function isCephDaemonDeployment(workload: { kind: string; name: string }): boolean {
  return workload.kind === 'Deployment' && DAEMON_DEPLOYMENT.test(workload.name);
}
