/**
 * Lookups over a {@link ClusterSnapshot} that every check shares: node roles and readiness, pods by
 * node, owners, leases. Built once per analysis, pure (no I/O, no clock).
 */
import type {
  ClusterSnapshot,
  KLabelSelector,
  KLease,
  KNode,
  KPod,
  KWorkload,
  PodSummary,
} from '../cluster/types.js';
import {
  ANNOTATION_MIRROR,
  CONTROL_PLANE_TAINT_KEYS,
  LABEL_APISERVER_IDENTITY,
  hasControlPlaneRoleLabel,
} from './domain.js';
import { type ControlPlaneProfile, detectProfile } from './profiles/index.js';

/** The workload that owns a pod, resolved through its ReplicaSet to a Deployment where there is one. */
export interface TopOwner {
  kind: string;
  name: string;
  namespace: string;
  uid: string;
  /** `spec.replicas` of the top owner, when known. */
  replicas: number | null;
  workload: KWorkload | null;
}

/** Indexed view of one snapshot. */
export interface ClusterIndex {
  snapshot: ClusterSnapshot;
  /** The distribution profile that found the control plane ({@link detectProfile}). */
  profile: ControlPlaneProfile;
  nodesByName: Map<string, KNode>;
  controlPlaneNodes: KNode[];
  /** Full pods by node name (only the pods the snapshot keeps whole). */
  podsByNode: Map<string, KPod[]>;
  /** Mirror pods of control-plane components by node, as the profile recognises them: component → pod. */
  staticPodsByNode: Map<string, Map<string, KPod>>;
  workloadsByUid: Map<string, KWorkload>;
  /** Pod summaries grouped by the uid of their controlling owner. */
  summariesByOwnerUid: Map<string, PodSummary[]>;
  leasesByKey: Map<string, KLease>;
}

/**
 * Build the index for a snapshot.
 * @param snapshot - the cluster snapshot
 * @returns lookups shared by the checks
 */
export function indexCluster(snapshot: ClusterSnapshot): ClusterIndex {
  const profile = detectProfile(snapshot);
  const nodesByName = new Map(snapshot.nodes.map((n) => [n.metadata.name, n]));
  const podsByNode = new Map<string, KPod[]>();
  const staticPodsByNode = new Map<string, Map<string, KPod>>();
  for (const pod of snapshot.pods) {
    const node = pod.spec?.nodeName;
    if (!node) continue;
    let list = podsByNode.get(node);
    if (!list) podsByNode.set(node, (list = []));
    list.push(pod);
    const component = profile.componentOf(pod);
    if (component) {
      let byComponent = staticPodsByNode.get(node);
      if (!byComponent) staticPodsByNode.set(node, (byComponent = new Map()));
      byComponent.set(component, pod);
    }
  }
  const summariesByOwnerUid = new Map<string, PodSummary[]>();
  for (const s of snapshot.podSummaries) {
    if (!s.owner) continue;
    let list = summariesByOwnerUid.get(s.owner.uid);
    if (!list) summariesByOwnerUid.set(s.owner.uid, (list = []));
    list.push(s);
  }
  const workloadsByUid = new Map<string, KWorkload>();
  for (const w of snapshot.workloads) if (w.metadata.uid) workloadsByUid.set(w.metadata.uid, w);
  const leasesByKey = new Map(
    snapshot.leases.map((l) => [`${l.metadata.namespace ?? ''}/${l.metadata.name}`, l]),
  );
  const controlPlaneNodes = profile.controlPlaneNodes(snapshot, staticPodsByNode);
  return {
    snapshot,
    profile,
    nodesByName,
    controlPlaneNodes,
    podsByNode,
    staticPodsByNode,
    workloadsByUid,
    summariesByOwnerUid,
    leasesByKey,
  };
}

/**
 * Whether a node carries the control-plane role label (current or legacy).
 * @param node - a node
 */
export function hasControlPlaneLabel(node: KNode): boolean {
  return hasControlPlaneRoleLabel(node.metadata.labels);
}

/**
 * Whether a node has the NoSchedule (or NoExecute) control-plane taint kubeadm sets.
 * @param node - a node
 */
export function hasControlPlaneTaint(node: KNode): boolean {
  return (node.spec?.taints ?? []).some(
    (t) =>
      CONTROL_PLANE_TAINT_KEYS.includes(t.key) && (t.effect === 'NoSchedule' || t.effect === 'NoExecute'),
  );
}

/**
 * The node's Ready condition status: `True`, `False`, `Unknown`, or `Unknown` when absent.
 * @param node - a node
 */
export function readyStatus(node: KNode): string {
  return node.status?.conditions?.find((c) => c.type === 'Ready')?.status ?? 'Unknown';
}

/** @returns true when the node's Ready condition is True. */
export function isNodeReady(node: KNode): boolean {
  return readyStatus(node) === 'True';
}

/** @returns true when the node is cordoned (`spec.unschedulable`). */
export function isCordoned(node: KNode): boolean {
  return node.spec?.unschedulable === true;
}

/** @returns the node's first InternalIP address, or null. */
export function internalIp(node: KNode): string | null {
  return node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address ?? null;
}

/** @returns true for a mirror pod (a static pod as the apiserver shows it). */
export function isMirrorPod(pod: KPod): boolean {
  return (
    ANNOTATION_MIRROR in (pod.metadata.annotations ?? {}) ||
    (pod.metadata.ownerReferences ?? []).some((o) => o.kind === 'Node' && o.controller === true)
  );
}

/** @returns the controlling owner reference of a pod, or null for a bare pod. */
export function controllerOf(pod: KPod): { kind: string; name: string; uid: string } | null {
  const refs = pod.metadata.ownerReferences ?? [];
  const ref = refs.find((o) => o.controller === true) ?? null;
  return ref ? { kind: ref.kind, name: ref.name, uid: ref.uid } : null;
}

/** @returns true when a DaemonSet controls the pod. */
export function isDaemonSetPod(pod: KPod): boolean {
  return controllerOf(pod)?.kind === 'DaemonSet';
}

/** @returns true when the pod's phase is Succeeded or Failed (drain ignores them). */
export function isFinished(pod: KPod): boolean {
  const phase = pod.status?.phase;
  return phase === 'Succeeded' || phase === 'Failed';
}

/** @returns true when the pod's Ready condition is True. */
export function isPodReady(pod: KPod): boolean {
  return pod.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/**
 * Resolve a pod's controller to its top-level workload (ReplicaSet → Deployment).
 * @param index - the cluster index
 * @param pod - a pod with a controller
 * @returns the top owner, or null for a bare pod
 */
export function topOwnerOf(index: ClusterIndex, pod: KPod): TopOwner | null {
  const ctrl = controllerOf(pod);
  if (!ctrl) return null;
  const namespace = pod.metadata.namespace ?? 'default';
  let workload = index.workloadsByUid.get(ctrl.uid) ?? null;
  let owner = { kind: ctrl.kind, name: ctrl.name, uid: ctrl.uid };
  if (workload?.kind === 'ReplicaSet') {
    const parent = (workload.metadata.ownerReferences ?? []).find((o) => o.controller === true);
    if (parent) {
      const parentWorkload = index.workloadsByUid.get(parent.uid) ?? null;
      owner = { kind: parent.kind, name: parent.name, uid: parent.uid };
      workload = parentWorkload;
    }
  }
  const replicas = workload?.spec?.replicas ?? null;
  return { ...owner, namespace, replicas, workload };
}

/**
 * Pod summaries that belong to a top owner: its own pods, or (for a Deployment) its ReplicaSets' pods.
 * @param index - the cluster index
 * @param owner - the top owner
 * @returns the summaries of every pod of that workload, on any node
 */
export function podsOfOwner(index: ClusterIndex, owner: TopOwner): PodSummary[] {
  if (owner.kind !== 'Deployment') return index.summariesByOwnerUid.get(owner.uid) ?? [];
  const out: PodSummary[] = [];
  for (const w of index.snapshot.workloads) {
    if (w.kind !== 'ReplicaSet') continue;
    if ((w.metadata.ownerReferences ?? []).some((o) => o.uid === owner.uid && o.controller === true)) {
      out.push(...(index.summariesByOwnerUid.get(w.metadata.uid ?? '') ?? []));
    }
  }
  return out;
}

/**
 * Whether a label selector matches a set of labels (matchLabels and matchExpressions).
 * An empty selector matches everything, as for PodDisruptionBudgets in policy/v1.
 * @param selector - the selector
 * @param labels - the object's labels
 */
export function selectorMatches(
  selector: KLabelSelector | undefined,
  labels: Record<string, string> = {},
): boolean {
  if (!selector) return false;
  for (const [k, v] of Object.entries(selector.matchLabels ?? {})) if (labels[k] !== v) return false;
  for (const e of selector.matchExpressions ?? []) {
    const has = e.key in labels;
    const value = labels[e.key];
    switch (e.operator) {
      case 'In':
        if (!has || !(e.values ?? []).includes(value ?? '')) return false;
        break;
      case 'NotIn':
        if (has && (e.values ?? []).includes(value ?? '')) return false;
        break;
      case 'Exists':
        if (!has) return false;
        break;
      case 'DoesNotExist':
        if (has) return false;
        break;
      default:
        return false;
    }
  }
  return true;
}

/**
 * The hostname part of a leader-election `holderIdentity` (`<hostname>_<uuid>`).
 * @param holderIdentity - the Lease's holderIdentity
 * @returns the part before the last `_`, or the whole string
 */
export function holderHostname(holderIdentity: string): string {
  const i = holderIdentity.lastIndexOf('_');
  return i > 0 ? holderIdentity.slice(0, i) : holderIdentity;
}

/**
 * Age of a Lease's last renewal, in seconds, relative to `now`; null when never renewed.
 * @param lease - a Lease
 * @param now - the analysis clock
 */
export function leaseAgeSeconds(lease: KLease, now: Date): number | null {
  const t = lease.spec?.renewTime ?? lease.spec?.acquireTime;
  if (!t) return null;
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? null : Math.max(0, (now.getTime() - ms) / 1000);
}

/** @returns the apiserver identity Leases (kube-system, label `apiserver.kubernetes.io/identity=kube-apiserver`). */
export function apiserverIdentityLeases(index: ClusterIndex): KLease[] {
  return index.snapshot.leases.filter(
    (l) =>
      l.metadata.namespace === 'kube-system' &&
      l.metadata.labels?.[LABEL_APISERVER_IDENTITY] === 'kube-apiserver',
  );
}

/**
 * Whether a pod tolerates every NoSchedule/NoExecute taint of a node.
 * @param pod - the pod
 * @param node - the candidate node
 */
export function toleratesNode(pod: KPod, node: KNode): boolean {
  const tolerations = pod.spec?.tolerations ?? [];
  return (node.spec?.taints ?? [])
    .filter((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')
    .every((t) =>
      tolerations.some(
        (tol) =>
          (tol.effect === undefined || tol.effect === '' || tol.effect === t.effect) &&
          ((tol.operator === 'Exists' && (tol.key === undefined || tol.key === '' || tol.key === t.key)) ||
            (tol.key === t.key && (tol.value ?? '') === (t.value ?? ''))),
      ),
    );
}
