/**
 * The vocabulary of an analysis: planes, severities, findings and verdicts
 * (docs/checks.md).
 */

/** `control`: apiserver, etcd, scheduler, controller-manager. `data`: kubelet, kube-proxy, CNI, runtime, pods. */
export type Plane = 'control' | 'data';

/** Every plane, in the order answers present them. */
export const PLANES: readonly Plane[] = ['control', 'data'];

/** One check's result severity, from harmless to blocking. */
export type Severity = 'ok' | 'info' | 'warn' | 'block';

/** The answer to "can I reboot X?": the worst severity among the findings (block → unsafe, warn → caution). */
export type Verdict = 'safe' | 'caution' | 'unsafe';

/**
 * Stable check ids (docs/checks.md). Tests, docs and translations refer to them: never rename.
 */
export type CheckId =
  | 'node-role'
  | 'managed-control-plane'
  | 'node-not-found'
  | 'node-health'
  | 'concurrent-disruption'
  | 'control-plane-count'
  | 'control-plane-taint'
  | 'apiserver-redundancy'
  | 'leader-scheduler'
  | 'leader-controller-manager'
  | 'readyz'
  | 'etcd-topology'
  | 'etcd-voters'
  | 'etcd-quorum-after'
  | 'etcd-learner'
  | 'etcd-leader'
  | 'etcd-alarms'
  | 'etcd-db-size'
  | 'unmanaged-pods'
  /** DaemonSet pods whose DaemonSet the snapshot does not hold: kubectl drain refuses them without --force. */
  | 'orphaned-daemonset-pods'
  | 'emptydir-pods'
  | 'daemonset-pods'
  | 'pdb-blocks'
  | 'single-replica'
  /** Cluster DNS already down: no CoreDNS/kube-dns pod Ready (src/analysis/cluster-dns.ts). */
  | 'cluster-dns'
  | 'workloads-on-control-plane'
  | 'local-volumes'
  | 'capacity'
  | 'grace-period'
  | 'control-plane-healthy-for-worker'
  | 'read-error'
  /** Parts the snapshot does not hold (a kubectl List has no /readyz): unknown, never failing. */
  | 'not-observed'
  // "what if" answers
  | 'what-if-target'
  | 'control-plane-serving'
  | 'kube-proxy-mode'
  | 'component-restart'
  | 'rolling-update'
  | 'node-down'
  | 'control-plane-down'
  | 'etcd-quorum-loss'
  | 'component-down'
  | 'etcd-member-remove'
  | 'drain-api'
  | 'upgrade-order'
  | 'version-skew'
  // where a kubeadm upgrade gets its packages (legacy repositories removed, issue 16)
  | 'upgrade-packages'
  // the control-plane VIP (kube-vip)
  | 'control-plane-endpoint'
  // what decides whether pods, traffic and the API come back (volumes, operator budgets, load balancers, dead nodes)
  | 'pinned-volumes'
  | 'operator-budgets'
  /** Ceph's placement groups and mon quorum when nodes are lost (src/analysis/ceph-loss.ts). */
  | 'ceph-loss'
  | 'traffic-policy'
  | 'dead-node-drain'
  // issue 16, the tools that act on nodes: the cluster autoscaler's annotation, a cordon someone else made
  | 'safe-to-evict'
  | 'prior-cordon'
  // issue 16, what was not seen: the target's own pods (a List without them)
  | 'target-pods'
  /** An admission webhook whose backends stop with the node (src/analysis/admission-webhooks.ts, issue 29). */
  | 'admission-webhook'
  /** An aggregated API (APIService) whose backends stop with the node (src/analysis/aggregated-apis.ts). */
  | 'aggregated-api'
  | 'kubectl-drain'
  /** Issue 30 item 3: a pasted `kubectl delete node` (src/analysis/what-if/delete-node.ts). */
  | 'kubectl-delete-node'
  /** Issue 29: a known add-on with every Ready replica on the node (src/analysis/addon-checks.ts). */
  | 'cluster-addons'
  /** Issue 29: a CSI driver's controller with every Ready replica on the node (src/analysis/storage-controllers.ts). */
  | 'csi-controller'
  /** Issue 29: MetalLB's layer 2 announcer on the node (src/analysis/network-controllers.ts). */
  | 'network-controllers';

/** A fact value a finding carries into its explanation. */
export type FactValue = string | number | boolean | null | readonly string[];

/** The Kubernetes object a finding is about. */
export interface FindingSubject {
  kind: string;
  name: string;
  namespace?: string;
}

/**
 * One check's result.
 *
 * `variant` picks the explanation (`explain/` looks up `checks.<check>.<variant>`); `facts` are the
 * values it read, named as the explanation uses them (node names, counts, seconds).
 */
export interface Finding {
  check: CheckId;
  plane: Plane;
  severity: Severity;
  variant: string;
  subject?: FindingSubject;
  facts: Record<string, FactValue>;
}

/** Severity order, for taking the worst. */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { ok: 0, info: 1, warn: 2, block: 3 };

/**
 * The verdict of a set of findings: any `block` → `unsafe`, any `warn` → `caution`, else `safe`.
 * @param findings - the findings of one analysis
 * @returns the verdict
 */
export function verdictOf(findings: readonly Finding[]): Verdict {
  let worst = 0;
  for (const f of findings) worst = Math.max(worst, SEVERITY_RANK[f.severity]);
  return worst >= 3 ? 'unsafe' : worst === 2 ? 'caution' : 'safe';
}
