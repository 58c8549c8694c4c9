/**
 * OpenShift 4: the control plane runs as static pods on the masters, in namespaces of its own:
 * `openshift-etcd` (etcd pods labelled `app=etcd`, `etcd=true`, `k8s-app=etcd`),
 * `openshift-kube-apiserver` (`app=openshift-kube-apiserver`, `apiserver=true`),
 * `openshift-kube-scheduler` (`app=openshift-kube-scheduler`, `scheduler=true`) and
 * `openshift-kube-controller-manager` (`app=kube-controller-manager`, `kube-controller-manager=true`).
 * Every master (`node-role.kubernetes.io/master`, or `control-plane`) runs one etcd member, and
 * the `etcd-quorum-guard` PodDisruptionBudget keeps the machine-config operator from draining a
 * second master while one is down. Recognised by the `node.openshift.io/os_id` node label, the
 * `machineconfiguration.openshift.io/*` node annotations or pods in `openshift-*` namespaces.
 * @see https://docs.openshift.com/container-platform/4.7/architecture/control-plane.html
 * @see https://docs.openshift.com/container-platform/4.7/backup_and_restore/control_plane_backup_and_restore/replacing-unhealthy-etcd-member.html
 * @see https://github.com/openshift/machine-config-operator (etcd-quorum-guard)
 */
import type { ClusterSnapshot, KNode, KPod } from '../../cluster/types.js';
import {
  componentsFromPods,
  hasControlPlaneRole,
  hasEtcdPods,
  isMirror,
  ready,
  noKeeperFindings,
} from './common.js';
import type { ControlPlaneComponent, ControlPlaneProfile } from './types.js';

/** The PDB OpenShift uses to keep etcd quorum during master drains. */
export const OPENSHIFT_QUORUM_GUARD_PDB = 'etcd-quorum-guard';

/**
 * How many masters the etcd quorum guard counts: the largest `status.expectedPods` (else
 * `currentHealthy`) of the `etcd-quorum-guard` / `etcd-guard*` PodDisruptionBudgets. The guard runs
 * one pod per master (openshift/machine-config-operator, etcd-quorum-guard; openshift/cluster-etcd-operator
 * etcd-guard pods), so a count above the masters in the file means the file is partial: the other
 * masters, and their etcd members, are not in it.
 * @param snapshot - the snapshot
 * @returns the count, or null when no such PDB with a recorded status is in the snapshot
 */
export function quorumGuardPodCount(snapshot: ClusterSnapshot): number | null {
  let best: number | null = null;
  for (const p of snapshot.podDisruptionBudgets) {
    if (p.metadata.name !== OPENSHIFT_QUORUM_GUARD_PDB && !p.metadata.name.startsWith('etcd-guard')) continue;
    const n = p.status?.expectedPods ?? p.status?.currentHealthy;
    if (typeof n === 'number' && (best === null || n > best)) best = n;
  }
  return best;
}

/** The etcd quorum guard's own count of healthy guard pods, as its PodDisruptionBudget recorded it. */
export interface QuorumGuardHealth {
  /** The PodDisruptionBudget's namespace and name. */
  namespace: string;
  pdb: string;
  /** `status.currentHealthy`: guard pods Ready. */
  healthy: number;
  /** `status.expectedPods`: guard pods the budget expects (one per master). */
  expected: number;
}

/**
 * The quorum guard's count of healthy etcd members: "The etcd Quorum Guard checks the health of
 * etcd by querying the health endpoint of etcd; if etcd reports itself unhealthy or is not present,
 * the quorum guard reports itself not ready" (openshift/machine-config-operator
 * docs/etcd-quorum-guard.md), one guard pod per master. So the budget's `status.currentHealthy`
 * counts the masters whose etcd answered its health endpoint when the status was recorded, and
 * `status.expectedPods` the masters. Read from the `etcd-quorum-guard` / `etcd-guard*` budget with
 * the largest `expectedPods`.
 * @param snapshot - the snapshot
 * @returns the guard's counts, or null when no such budget records both `currentHealthy` and
 *   `expectedPods` (then the guard says nothing about etcd health)
 */
export function quorumGuardHealth(snapshot: ClusterSnapshot): QuorumGuardHealth | null {
  let best: QuorumGuardHealth | null = null;
  for (const p of snapshot.podDisruptionBudgets) {
    if (p.metadata.name !== OPENSHIFT_QUORUM_GUARD_PDB && !p.metadata.name.startsWith('etcd-guard')) continue;
    const healthy = p.status?.currentHealthy;
    const expected = p.status?.expectedPods;
    if (typeof healthy !== 'number' || typeof expected !== 'number') continue;
    if (best === null || expected > best.expected)
      best = { namespace: p.metadata.namespace ?? 'default', pdb: p.metadata.name, healthy, expected };
  }
  return best;
}

const NAMESPACES: Readonly<
  Record<string, { component: ControlPlaneComponent; labels: readonly [string, string][] }>
> = {
  'openshift-etcd': {
    component: 'etcd',
    labels: [
      ['app', 'etcd'],
      ['etcd', 'true'],
      ['k8s-app', 'etcd'],
    ],
  },
  'openshift-kube-apiserver': {
    component: 'kube-apiserver',
    labels: [
      ['app', 'openshift-kube-apiserver'],
      ['apiserver', 'true'],
    ],
  },
  'openshift-kube-scheduler': {
    component: 'kube-scheduler',
    labels: [
      ['app', 'openshift-kube-scheduler'],
      ['scheduler', 'true'],
    ],
  },
  'openshift-kube-controller-manager': {
    component: 'kube-controller-manager',
    labels: [
      ['app', 'kube-controller-manager'],
      ['kube-controller-manager', 'true'],
    ],
  },
};

function openshiftComponentOf(pod: KPod): ControlPlaneComponent | null {
  const rule = NAMESPACES[pod.metadata.namespace ?? ''];
  if (!rule || !isMirror(pod)) return null;
  const labels = pod.metadata.labels ?? {};
  return rule.labels.some(([k, v]) => labels[k] === v) ? rule.component : null;
}

function isOpenShift(snapshot: ClusterSnapshot): boolean {
  return (
    snapshot.nodes.some(
      (n: KNode) =>
        'node.openshift.io/os_id' in (n.metadata.labels ?? {}) ||
        Object.keys(n.metadata.annotations ?? {}).some((k) =>
          k.startsWith('machineconfiguration.openshift.io/'),
        ),
    ) || snapshot.pods.some((p) => (p.metadata.namespace ?? '').startsWith('openshift-'))
  );
}

/** OpenShift Container Platform / OKD 4. */
export const openshiftProfile: ControlPlaneProfile = {
  name: 'openshift',
  keeper: 'cluster',
  upgrade: 'openshift',
  keeperFindings: noKeeperFindings,
  detect: isOpenShift,
  variant: () => null,
  componentOf: openshiftComponentOf,
  controlPlaneNodes: (snapshot, components) =>
    snapshot.nodes.filter((n) => hasControlPlaneRole(n) || (components.get(n.metadata.name)?.size ?? 0) > 0),
  componentsOnNode: componentsFromPods,
  // With the etcd pods in the snapshot, they are the members; without them, every master runs one.
  etcdSource: (_snapshot, cp, components) =>
    hasEtcdPods(components)
      ? { kind: 'pods' }
      : cp.length > 0
        ? {
            kind: 'nodes',
            members: cp.map((n) => ({ node: n.metadata.name, nodeReady: ready(n), isLearner: false })),
            rule: 'masters',
            topology: 'stacked',
          }
        : { kind: 'unknown' },
};
