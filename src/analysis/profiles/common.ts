/**
 * Rules several profiles share: kubeadm-style static pods, role labels, readiness.
 */
import type { ClusterSnapshot, KNode, KPod } from '../../cluster/types.js';
import { ANNOTATION_MIRROR, hasControlPlaneRoleLabel } from '../domain.js';
import type { Finding } from '../types.js';
import type { ControlPlaneComponent, EtcdInference } from './types.js';

/** The control-plane components. */
export const COMPONENTS: readonly ControlPlaneComponent[] = [
  'kube-apiserver',
  'etcd',
  'kube-scheduler',
  'kube-controller-manager',
];

/** @returns true for a mirror pod (a static pod as the apiserver shows it). */
export function isMirror(pod: KPod): boolean {
  return (
    ANNOTATION_MIRROR in (pod.metadata.annotations ?? {}) ||
    (pod.metadata.ownerReferences ?? []).some((o) => o.kind === 'Node' && o.controller === true)
  );
}

/**
 * kubeadm's static pods: mirror pods in kube-system labelled `component=<name>` (`tier=control-plane`).
 * @see https://kubernetes.io/docs/reference/setup-tools/kubeadm/implementation-details/#generate-static-pod-manifests-for-control-plane-components
 */
export function kubeadmComponentOf(pod: KPod): ControlPlaneComponent | null {
  if (pod.metadata.namespace !== 'kube-system' || !isMirror(pod)) return null;
  const c = pod.metadata.labels?.component;
  return COMPONENTS.find((x) => x === c) ?? null;
}

/** Whether a node's Ready condition is True. */
export function ready(node: KNode): boolean {
  return node.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/** Whether a node carries a control-plane role label (see {@link hasControlPlaneRoleLabel}). */
export function hasControlPlaneRole(node: KNode): boolean {
  return hasControlPlaneRoleLabel(node.metadata.labels);
}

/** Nodes with a control-plane role label, or running a kube-apiserver component pod. */
export function labelledOrApiserverNodes(
  snapshot: ClusterSnapshot,
  components: ReadonlyMap<string, ReadonlyMap<string, KPod>>,
): KNode[] {
  return snapshot.nodes.filter(
    (n) => hasControlPlaneRole(n) || (components.get(n.metadata.name)?.has('kube-apiserver') ?? false),
  );
}

/** Component → up, from the node's component pods (pod Ready on a Ready node). */
export function componentsFromPods(node: KNode, pods: ReadonlyMap<string, KPod>): Record<string, boolean> {
  const out: Record<string, boolean> = {};
  for (const [c, pod] of pods)
    out[c] = ready(node) && pod.status?.conditions?.find((x) => x.type === 'Ready')?.status === 'True';
  return out;
}

/** Whether any node has an etcd component pod. */
export function hasEtcdPods(components: ReadonlyMap<string, ReadonlyMap<string, KPod>>): boolean {
  return [...components.values()].some((m) => m.has('etcd'));
}

/** Node label k3s and RKE2 put on servers that run an embedded etcd member. */
export const LABEL_ETCD_ROLE = 'node-role.kubernetes.io/etcd';

/** Node condition k3s and RKE2 set on etcd servers: True for a voting member, False for a learner. */
export const CONDITION_ETCD_IS_VOTER = 'EtcdIsVoter';

/**
 * Embedded etcd members of k3s / RKE2 from the nodes: every node labelled
 * `node-role.kubernetes.io/etcd=true`; `EtcdIsVoter=False` marks a learner (k3s adds a member as a
 * learner and promotes it). A Ready node does not show its member's health (that needs etcd's
 * status): the view counts it unknown, and a NotReady node's member down.
 * @see https://docs.k3s.io/installation/requirements (server roles: control-plane, etcd, master labels)
 * @see https://github.com/k3s-io/k3s/blob/master/pkg/etcd/etcd.go (EtcdIsVoter node condition)
 * @see https://docs.rke2.io/install/ha
 */
export function etcdFromRoleLabels(snapshot: ClusterSnapshot): EtcdInference | null {
  const members = snapshot.nodes
    .filter((n) => n.metadata.labels?.[LABEL_ETCD_ROLE] === 'true')
    .map((n) => {
      const voter = n.status?.conditions?.find((c) => c.type === CONDITION_ETCD_IS_VOTER)?.status;
      return { node: n.metadata.name, nodeReady: ready(n), isLearner: voter === 'False' };
    });
  return members.length > 0 ? { kind: 'nodes', members, rule: 'etcd-role', topology: 'embedded' } : null;
}

/** `ControlPlaneProfile.keeperFindings` of a profile whose control plane the cluster keeps: none. */
export function noKeeperFindings(): Finding[] {
  return [];
}
