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
  KPodDisruptionBudget,
  KWorkload,
  PodSummary,
} from '../cluster/types.js';
import { pdbNamespaceKeys, prebuiltIndexesOf, replicaSetOwnerKeys } from '../cluster/cache-indexes.js';
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

/**
 * Indexed view of one snapshot. The maps and their arrays are read-only: for a snapshot from the
 * watch cache the owner and namespace lookups are the cache's own, shared with other snapshots
 * ({@link ../cluster/cache-indexes.ts}).
 */
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
  workloadsByUid: ReadonlyMap<string, KWorkload>;
  /** Pod summaries grouped by the uid of their controlling owner, in snapshot order. */
  summariesByOwnerUid: ReadonlyMap<string, readonly PodSummary[]>;
  /** ReplicaSets by the uid of the workload that controls them (a Deployment), in snapshot order. */
  replicaSetsByOwnerUid: ReadonlyMap<string, readonly KWorkload[]>;
  /** Full pods by namespace (`default` when unset), in snapshot order. */
  podsByNamespace: Map<string, KPod[]>;
  /** PodDisruptionBudgets by namespace (`default` when unset), in snapshot order. */
  pdbsByNamespace: ReadonlyMap<string, readonly KPodDisruptionBudget[]>;
  leasesByKey: Map<string, KLease>;
}

/** Append `value` to the list under `key`, creating it. */
function group<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
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
  const podsByNamespace = new Map<string, KPod[]>();
  const staticPodsByNode = new Map<string, Map<string, KPod>>();
  for (const pod of snapshot.pods) {
    group(podsByNamespace, pod.metadata.namespace ?? 'default', pod);
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
  const owners = prebuiltIndexesOf(snapshot) ?? buildOwnerIndexes(snapshot);
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
    workloadsByUid: owners.workloadsByUid,
    summariesByOwnerUid: owners.summariesByOwnerUid,
    replicaSetsByOwnerUid: owners.replicaSetsByOwnerUid,
    podsByNamespace,
    pdbsByNamespace: owners.pdbsByNamespace,
    leasesByKey,
  };
}

/** The owner and namespace lookups of {@link ClusterIndex} that the watch cache can keep ahead. */
export type OwnerIndexes = Pick<
  ClusterIndex,
  'summariesByOwnerUid' | 'workloadsByUid' | 'replicaSetsByOwnerUid' | 'pdbsByNamespace'
>;

/**
 * Build the owner and namespace lookups from the snapshot's arrays, in one pass over each (a
 * fresh read, a file, a changed snapshot); {@link ../cluster/cache-indexes.ts} keeps the same
 * ones for the watch cache, with the same key functions.
 * @param snapshot - the snapshot
 * @returns new maps; groups in snapshot order
 */
export function buildOwnerIndexes(snapshot: ClusterSnapshot): OwnerIndexes {
  const summariesByOwnerUid = new Map<string, PodSummary[]>();
  // summaryOwnerKeys, without an array per pod: the controlling owner's uid, if any
  for (const s of snapshot.podSummaries) if (s.owner) group(summariesByOwnerUid, s.owner.uid, s);
  const workloadsByUid = new Map<string, KWorkload>();
  const replicaSetsByOwnerUid = new Map<string, KWorkload[]>();
  for (const w of snapshot.workloads) {
    if (w.metadata.uid) workloadsByUid.set(w.metadata.uid, w);
    for (const k of replicaSetOwnerKeys(w)) group(replicaSetsByOwnerUid, k, w);
  }
  const pdbsByNamespace = new Map<string, KPodDisruptionBudget[]>();
  for (const pdb of snapshot.podDisruptionBudgets)
    for (const k of pdbNamespaceKeys(pdb)) group(pdbsByNamespace, k, pdb);
  return { summariesByOwnerUid, workloadsByUid, replicaSetsByOwnerUid, pdbsByNamespace };
}

const memos = new WeakMap<ClusterIndex, Map<string, unknown>>();

/**
 * A value derived from the whole index, computed once per index: the index is read-only once
 * built, and an analysis of many nodes over one index (a rolling plan) asks the same
 * cluster-wide question once per node.
 * @param index - the cluster index
 * @param key - names the value (and its parameters), unique among the callers
 * @param compute - computes it from the index; what it returns must not be changed by the callers
 * @returns the value computed for this index and key
 */
export function memoOnIndex<T>(index: ClusterIndex, key: string, compute: () => T): T {
  let byKey = memos.get(index);
  if (!byKey) memos.set(index, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key) as T;
  const value = compute();
  byKey.set(key, value);
  return value;
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

/**
 * A pod's key as every answer names it: `namespace/name` (`default` when the namespace is unset).
 * @param pod - the pod
 */
export const podKey = (pod: KPod): string => `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;

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
 * @returns the summaries of every pod of that workload, on any node (read-only: may be the index's own list)
 */
export function podsOfOwner(index: ClusterIndex, owner: TopOwner): readonly PodSummary[] {
  if (owner.kind !== 'Deployment') return index.summariesByOwnerUid.get(owner.uid) ?? [];
  const out: PodSummary[] = [];
  for (const w of index.replicaSetsByOwnerUid.get(owner.uid) ?? []) {
    const pods = index.summariesByOwnerUid.get(w.metadata.uid ?? '');
    if (pods) for (const p of pods) out.push(p);
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

/** PodDisruptionBudgets by namespace and by the first pair of their matchLabels (positions in the snapshot). */
interface BudgetLookup {
  /** namespace → `key=value` (NUL-separated) → positions of the budgets whose first matchLabels pair it is. */
  byFirstLabel: Map<string, Map<string, number[]>>;
  /** namespace → positions of the budgets without matchLabels (expressions only, empty, or no selector). */
  unkeyed: Map<string, number[]>;
}

function budgetLookup(index: ClusterIndex): BudgetLookup {
  return memoOnIndex(index, 'pdb:lookup', () => {
    const byFirstLabel = new Map<string, Map<string, number[]>>();
    const unkeyed = new Map<string, number[]>();
    index.snapshot.podDisruptionBudgets.forEach((pdb, i) => {
      const ns = pdb.metadata.namespace ?? 'default';
      const first = Object.entries(pdb.spec?.selector?.matchLabels ?? {})[0];
      if (first === undefined) return group(unkeyed, ns, i);
      let byLabel = byFirstLabel.get(ns);
      if (!byLabel) byFirstLabel.set(ns, (byLabel = new Map()));
      group(byLabel, `${first[0]}\0${first[1]}`, i);
    });
    return { byFirstLabel, unkeyed };
  });
}

/**
 * The PodDisruptionBudgets that select some of `pods` (same namespace, {@link selectorMatches}),
 * each with the pods it selects: budgets in the snapshot's order, pods in the order given. The
 * same as testing every budget against every pod, without doing so: a budget with matchLabels is
 * only tested against pods that carry its first pair.
 * @param index - the cluster index
 * @param pods - the pods (evicted ones, typically)
 * @returns budget → the pods it selects; budgets that select none are absent
 */
export function budgetsSelecting(
  index: ClusterIndex,
  pods: readonly KPod[],
): Map<KPodDisruptionBudget, KPod[]> {
  const { byFirstLabel, unkeyed } = budgetLookup(index);
  const budgets = index.snapshot.podDisruptionBudgets;
  const pairs: { budget: number; pod: number }[] = [];
  pods.forEach((pod, podAt) => {
    const ns = pod.metadata.namespace ?? 'default';
    const labels = pod.metadata.labels ?? {};
    const candidates = new Set<number>(unkeyed.get(ns) ?? []);
    const byLabel = byFirstLabel.get(ns);
    if (byLabel)
      for (const [k, v] of Object.entries(labels))
        for (const i of byLabel.get(`${k}\0${v}`) ?? []) candidates.add(i);
    for (const i of candidates)
      if (selectorMatches(budgets[i]?.spec?.selector, pod.metadata.labels))
        pairs.push({ budget: i, pod: podAt });
  });
  pairs.sort((a, b) => a.budget - b.budget || a.pod - b.pod);
  const out = new Map<KPodDisruptionBudget, KPod[]>();
  for (const { budget, pod } of pairs) {
    const pdb = budgets[budget];
    const p = pods[pod];
    if (pdb === undefined || p === undefined) continue;
    group(out, pdb, p);
  }
  return out;
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
 * Whether a node can take ordinary pods now: Ready, not cordoned, and without a NoSchedule or
 * NoExecute taint (Kubernetes docs, Taints and Tolerations). Pods that tolerate a taint are not
 * considered: this is the node an ordinary workload is rescheduled onto.
 * @param node - a node
 */
export function takesOrdinaryPods(node: KNode): boolean {
  return (
    isNodeReady(node) &&
    !isCordoned(node) &&
    !(node.spec?.taints ?? []).some((t) => t.effect === 'NoSchedule' || t.effect === 'NoExecute')
  );
}

/**
 * Whether the scheduler has found no node for the pod: Pending with PodScheduled=False
 * (https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-conditions). Such a pod
 * runs nowhere, even when a node name is recorded on it (real-clusters/01): a drain that deletes
 * it moves nothing, and its replacement is as unschedulable as it was, so it is not counted among
 * the pods "recreated on other nodes" nor given room elsewhere.
 * @param pod - the pod
 */
export function isUnscheduled(pod: KPod): boolean {
  return (
    pod.status?.phase === 'Pending' &&
    (pod.status.conditions ?? []).some((c) => c.type === 'PodScheduled' && c.status === 'False')
  );
}
