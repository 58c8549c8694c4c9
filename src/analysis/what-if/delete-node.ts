/**
 * A pasted `kubectl delete node N` (issue 30, item 3): what deleting the Node object does, from the
 * drain model's pod filters and budget arithmetic (./kubectl-drain.ts), not a drain.
 *
 * What happens, from the sources (expected before the bot was run on it):
 * - the pod garbage collector of kube-controller-manager force-deletes every pod bound to a node
 *   that no longer exists (grace period 0): no eviction, so no PodDisruptionBudget is consulted
 *   ("Pod garbage collection", https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-garbage-collection;
 *   k8s.io/kubernetes/pkg/controller/podgc `gcOrphaned`, `NewDeleteOptions(0)`); the controllers
 *   of those pods create replacements elsewhere, a pod with no controller is gone for good, and an
 *   emptyDir's data goes with its pod ("Volumes", emptyDir);
 * - the kubelet registers its Node only when it starts (k8s.io/kubernetes/pkg/kubelet
 *   kubelet_node_status.go `registerWithAPIServer`, `registrationCompleted`; "Nodes",
 *   self-registration, https://kubernetes.io/docs/concepts/architecture/nodes/#self-registration-of-nodes):
 *   the node is out of the cluster until its kubelet restarts, and labels and taints set by hand
 *   are not restored (only those of the kubelet's own flags);
 * - on a stacked-etcd control-plane node the etcd member stays in the member list: deleting the
 *   Node does not remove it; `kubeadm reset` on that node does, or `etcdctl member remove`
 *   ("kubeadm reset", https://kubernetes.io/docs/reference/setup-tools/kubeadm/kubeadm-reset/:
 *   "removes this node's etcd member"; "Removing a control plane node" in "Creating Highly
 *   Available Clusters with kubeadm").
 *
 * Verdict: at least CAUTION (the node leaves the cluster); UNSAFE where a budget is taken below
 * its minimum or the node's etcd member stays. The safer command is `kubectl drain` first.
 */
import { isDaemonSetPod, isFinished, isMirrorPod, podKey } from '../cluster-index.js';
import { etcdAlarmFindings } from '../control-plane-checks.js';
import { drainFilter } from '../drain-filters.js';
import { finding } from '../finding.js';
import type { Finding } from '../types.js';
import { daemonSetSeen, targetPodsFindings } from '../workload-checks.js';
import { controlPlaneServing, finishWithReadErrors, keepOtherNodes, type WhatIfContext } from './context.js';
import { budgetsBypassed } from './kubectl-drain.js';
import { ImpactBuilder, type WhatIfImpact } from './what-if-impact.js';

/**
 * The answer to a pasted `kubectl delete node` (check `kubectl-delete-node`; see the module
 * comment for the sources):
 * - `force-deletes` (warn): the node's pods that are neither DaemonSet nor static pods, each named
 *   once; `force-deletes-lost` when some are lost: "(no controller)" after a pod nothing recreates,
 *   the emptyDir volumes whose data is lost in brackets (`pods`; `bare` and `emptyDir` count those);
 * - `budgets-bypassed` (warn) / `budgets-bypassed-below` (block): the PodDisruptionBudgets of those
 *   pods, and those taken below their minimum ({@link budgetsBypassed});
 * - `etcd-member-stays` (block, control plane): the stacked etcd member of the node, by name;
 * - `registration` (warn): the node is out of the cluster until its kubelet restarts; labels and
 *   taints set by hand are lost.
 * @param ctx - the what-if context (subject: the drain subject with verb `delete-node`)
 * @param node - the node (known to the index)
 * @returns the impact
 */
export function analyzeDeleteNode(ctx: WhatIfContext, node: string): WhatIfImpact {
  const { snapshot, index, state } = ctx;
  const b = new ImpactBuilder(['data']);
  const serving = controlPlaneServing(snapshot, state, 'block');
  const found: Finding[] =
    serving.level === 'down'
      ? [finding('drain-api', 'control', 'block', 'api-down', { node })]
      : [serving.finding, ...etcdAlarmFindings(state.etcd)];
  const f = (
    severity: 'block' | 'warn',
    variant: string,
    facts: Record<string, string | number | readonly string[]>,
  ): Finding => finding('kubectl-delete-node', 'data', severity, variant, { node, ...facts });
  // The pods the pod garbage collector deletes that matter to workloads: not DaemonSet pods (their
  // controller makes none for a Node that is gone) nor static pods (the kubelet runs them from its
  // manifests, Node object or not): kubectl drain's filters with every flag on say which.
  const pods = (index.podsByNode.get(node) ?? []).filter(
    (p) => !isFinished(p) && !isMirrorPod(p) && !(isDaemonSetPod(p) && daemonSetSeen(index, p)),
  );
  const all = { force: true, ignoreDaemonSets: true, deleteEmptyDirData: true };
  let bare = 0;
  let emptyDir = 0;
  const named = pods.map((p) => {
    const v = drainFilter(p, !isDaemonSetPod(p) || daemonSetSeen(index, p), all);
    const warning = v.verdict === 'delete' ? v.warning : null;
    if (warning === 'unmanaged' || warning === 'orphaned-daemonset') {
      bare += 1;
      return `${podKey(p)} (no controller)`;
    }
    if (warning !== 'emptydir') return podKey(p);
    emptyDir += 1;
    const volumes = (p.spec?.volumes ?? []).filter((v) => v.emptyDir !== undefined).map((v) => v.name);
    return `${podKey(p)} (emptyDir ${volumes.join(', ')})`;
  });
  if (named.length > 0)
    found.push(
      f('warn', bare + emptyDir > 0 ? 'force-deletes-lost' : 'force-deletes', {
        count: named.length,
        pods: named,
        bare,
        emptyDir,
      }),
    );
  const { bypassed, below } = budgetsBypassed(index, pods);
  if (bypassed.length > 0)
    found.push(
      below.length === 0
        ? f('warn', 'budgets-bypassed', { count: bypassed.length, budgets: bypassed })
        : f('block', 'budgets-bypassed-below', { count: bypassed.length, budgets: bypassed, below }),
    );
  const member =
    state.etcd.topology === 'stacked' ? state.etcd.members.find((m) => m.node === node) : undefined;
  if (member !== undefined)
    found.push(
      finding('kubectl-delete-node', 'control', 'block', 'etcd-member-stays', {
        node,
        member: member.name,
        voters: state.etcd.voters,
      }),
    );
  found.push(f('warn', 'registration', {}));
  // The node's own pods not seen: what is deleted is unknown (never "nothing").
  found.push(...targetPodsFindings(index, node));
  b.findings.push(...found);
  b.stop('data', 'stops.delete-node', { node });
  if (member !== undefined) b.keep('control', 'keeps.delete-node-static-pods', { node });
  if (index.snapshot.nodes.length > 1) keepOtherNodes(b, index, [node]);
  b.advise('data', 'advice.delete-node-drain-first', { node });
  if (member !== undefined)
    b.advise(
      'control',
      member.idHex === null ? 'advice.delete-node-etcd-member-noid' : 'advice.delete-node-etcd-member',
      { node, member: member.name, memberId: member.idHex ?? '' },
    );
  return finishWithReadErrors(b, ctx);
}
