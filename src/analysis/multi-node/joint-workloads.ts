/**
 * The workload side of several nodes down together: every PodDisruptionBudget against
 * all the evictions at once, workloads whose every replica is on the nodes, and room for every
 * evicted pod on the nodes that remain. Pure.
 *
 * Sources: PodDisruptionBudgets limit *voluntary* disruptions (evictions, drains) and count
 * every pod they select, whichever node it is on; involuntary ones (a node lost) are not stopped
 * but still count against the budget
 * (https://kubernetes.io/docs/concepts/workloads/pods/disruptions/). `kubectl drain` evicts
 * through the Eviction API, which answers 429 while the budget is spent and is retried until the
 * evicted pods run again elsewhere (https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/).
 */
import type { KPod } from '../../cluster/types.js';
import {
  type ClusterIndex,
  budgetsSelecting,
  controllerOf,
  isUnscheduled,
  podsOfOwner,
  topOwnerOf,
  podKey,
} from '../cluster-index.js';
import { finding } from '../finding.js';
import type { Finding } from '../types.js';
import { pinnedVolumeChecks } from '../volume-checks.js';
import { quorumOf } from '../domain.js';
import { quorumSystemOf } from '../quorum-workloads.js';
import { budgetFacts, placementFacts, pinnedToNode, podsOnNode } from '../workload-checks.js';
import { type Placement, placeReplacements } from '../scheduling/placement.js';
import type { MultiNodeAction } from './types.js';

function intOrPercentIsZero(v: number | string | undefined): boolean {
  return v === 0 || v === '0' || v === '0%';
}

/**
 * The pods the drains of the nodes evict, sorted by what becomes of them (the same model as one
 * node's reboot, workload-checks.ts `pinnedToNode` and `grace-period`):
 * - `moving`: controller-managed and not pinned: recreated by their controller, they can run on
 *   another node (the only ones that need room elsewhere)
 * - `pinned`: controller-managed but pinned to their node (a PersistentVolume only that node
 *   admits, hostPath data, a `kubernetes.io/hostname` node selector, a Rook-Ceph mon or OSD):
 *   recreated, they stay Pending until their own node is back and uncordoned
 * - bare pods (no controller) are evicted too and never come back (check `unmanaged-pods`).
 * DaemonSet and mirror (static) pods are not evicted at all: `kubectl drain` skips them. The pods
 * of a node that is already NotReady (`dead`) are in neither list: no kubelet confirms their
 * eviction, they stay Terminating (check `dead-node-drain`), and need no room elsewhere.
 * @see https://kubernetes.io/docs/concepts/storage/volumes/#local
 * @see https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/
 */
export interface JointEvictions {
  /** Every pod the drains evict, all nodes together. */
  evicted: KPod[];
  moving: KPod[];
  pinned: KPod[];
  /**
   * Nodes lost (`node-down`) only: the StatefulSet pods on them. Not recreated elsewhere: the
   * taint manager's delete leaves such a pod Terminating while no kubelet confirms it stopped, and
   * the StatefulSet creates a pod of that name again only once the old one is gone: force-deleted,
   * the Node object removed, or the node tainted `node.kubernetes.io/out-of-service`
   * (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/,
   * https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown).
   * They need no room elsewhere; empty for every other action. A pod pinned to its node is in
   * `pinned` instead (down as long as its node is, StatefulSet or not).
   */
  statefulSet: KPod[];
  /**
   * Pods whose eviction a PodDisruptionBudget refuses now (the eviction model,
   * src/analysis/eviction-model.ts: HTTP 429, kubectl drain retries): they stay on their node,
   * need no room elsewhere and are neither moving nor pinned. Empty for nodes lost (`node-down`).
   */
  refused: KPod[];
}

/**
 * Sort the pods the drains of the nodes evict ({@link JointEvictions}).
 * @param index - the cluster index (full pods kept for every node in `nodes`)
 * @param nodes - the target nodes
 * @param dead - those already NotReady (a drain cannot complete there)
 * @param action - what is done to the nodes (`node-down`: StatefulSet pods sorted apart)
 * @param refused - pods (`ns/name`) whose eviction a budget refuses now (each node's own eviction model)
 */
export function jointEvictions(
  index: ClusterIndex,
  nodes: readonly string[],
  dead: ReadonlySet<string> = new Set(),
  action: MultiNodeAction = 'reboot',
  refused: ReadonlySet<string> = new Set(),
): JointEvictions {
  const out: JointEvictions = { evicted: [], moving: [], pinned: [], statefulSet: [], refused: [] };
  for (const node of nodes) {
    const evictable = podsOnNode(index, node).evictable;
    if (dead.has(node)) {
      out.evicted.push(...evictable);
      // Lost with the others: its StatefulSet pods are not recreated elsewhere either.
      if (action === 'node-down')
        out.statefulSet.push(
          ...evictable.filter(
            (p) => controllerOf(p) !== null && topOwnerOf(index, p)?.kind === 'StatefulSet',
          ),
        );
      continue;
    }
    const here = pinnedToNode(index, node, evictable, pinnedVolumeChecks(index, node, evictable));
    for (const p of evictable) {
      out.evicted.push(p);
      // A budget refuses its eviction (not for nodes lost: no budget holds a loss back).
      if (action !== 'node-down' && refused.has(podKey(p))) {
        out.refused.push(p);
        continue;
      }
      // A bare pod is not recreated; a pod the scheduler never placed runs nowhere now: neither needs room.
      if (controllerOf(p) === null || isUnscheduled(p)) continue;
      // Pinned first: a pinned pod is down as long as its node is, StatefulSet or not.
      if (here.has(podKey(p))) out.pinned.push(p);
      else if (action === 'node-down' && topOwnerOf(index, p)?.kind === 'StatefulSet')
        out.statefulSet.push(p);
      else out.moving.push(p);
    }
  }
  return out;
}

/**
 * Room on the nodes that remain for every evicted pod that can run elsewhere (check `capacity`,
 * variants `joint-fits` ok, `joint-some-pending` warn, `joint-none-fit` block): first fit, largest
 * CPU request first, on Ready, schedulable nodes outside the targets whose taints the pod tolerates
 * and whose labels match its nodeSelector; free = allocatable minus the requests of the pods they
 * run. Only the `moving` pods are placed and counted (`evictable`): a pinned pod needs no room
 * elsewhere and a bare one is not recreated. Facts also carry `evicted` (every pod the drains
 * evict, for the sentences about evictions refused) and `pinned` (the pinned pods, `ns/name`).
 * @param index - the cluster index
 * @param nodes - the target nodes
 * @param evictions - the pods evicted from them ({@link jointEvictions})
 * @param placement - where the drains in sequence placed them (../drain-sequence.ts); absent for
 *   nodes lost, whose pods are placed here all at once
 * @returns the finding (none without pods to move) and the pods left unplaced (`ns/name`)
 */
export function jointCapacity(
  index: ClusterIndex,
  nodes: readonly string[],
  evictions: JointEvictions,
  placement: Placement = placeReplacements(index, new Set(nodes), evictions.moving),
): { findings: Finding[]; unplaced: Set<string> } {
  const evictable = evictions.moving;
  if (evictable.length === 0) return { findings: [], unplaced: new Set() };
  const { unplaced, candidates } = placement;
  const facts = {
    ...placementFacts(placement),
    nodes: [...nodes],
    evictable: evictable.length,
    evicted: evictions.evicted.length,
    pinned: evictions.pinned.map(podKey),
    unplaced,
    unplacedCount: unplaced.length,
    candidates,
  };
  const variant =
    unplaced.length === 0
      ? 'joint-fits'
      : unplaced.length === evictable.length
        ? 'joint-none-fit'
        : 'joint-some-pending';
  const severity = unplaced.length === 0 ? 'ok' : unplaced.length === evictable.length ? 'block' : 'warn';
  return { findings: [finding('capacity', 'data', severity, variant, facts)], unplaced: new Set(unplaced) };
}

/**
 * Every PodDisruptionBudget against all the evictions together (check `pdb-blocks`):
 * - `joint-max-unavailable-zero`, `joint-min-available-all`, `joint-no-disruptions` (block): no
 *   eviction is allowed at all
 * - `joint-exceeds-stuck` (block): more pods on the nodes than `disruptionsAllowed`, and some of
 *   them cannot run anywhere else, so the budget never comes back and the drains wait forever
 * - `joint-exceeds` (warn): more pods than allowed; the extra evictions wait (HTTP 429) until the
 *   first evicted pods run again elsewhere: the nodes cannot all be down before that
 * - `joint-exceeds-involuntary` (warn, `node-down`): a budget does not stop a lost node, but the
 *   workload runs below it; `joint-exceeds-involuntary-stuck` when some of its pods there run
 *   nowhere else (below it until their nodes are back)
 * - `joint-allows` (info)
 * @param index - the cluster index
 * @param nodes - the target nodes
 * @param evictable - the pods evicted from them
 * @param unplaced - evicted pods that run nowhere else (`ns/name`): those that fit on no remaining
 *   node ({@link jointCapacity}) and those pinned to their node ({@link jointEvictions}); while
 *   such a pod is evicted the budget does not recover
 * @param action - what is done to the nodes
 */
export function jointPdbs(
  index: ClusterIndex,
  nodes: readonly string[],
  evictable: readonly KPod[],
  unplaced: ReadonlySet<string>,
  action: MultiNodeAction,
): Finding[] {
  const out: Finding[] = [];
  for (const [pdb, pods] of budgetsSelecting(index, evictable)) {
    const namespace = pdb.metadata.namespace ?? 'default';
    const st = pdb.status ?? {};
    const allowed = st.disruptionsAllowed ?? 0;
    const facts = {
      nodes: [...new Set(pods.map((p) => p.spec?.nodeName ?? ''))].filter((n) => n !== ''),
      pdb: pdb.metadata.name,
      namespace,
      pods: pods.map((p) => p.metadata.name),
      podsOnTargets: pods.length,
      ...budgetFacts(pdb),
      targets: nodes.length,
    };
    const subject = { kind: 'PodDisruptionBudget', name: pdb.metadata.name, namespace };
    const minAvail = pdb.spec?.minAvailable;
    if (action === 'node-down') {
      // Pods that run nowhere else (pinned to their node, or no room) are not rescheduled: the
      // workload stays below its budget until their nodes are back (`joint-exceeds-involuntary-stuck`).
      const stuck = pods.some((p) => unplaced.has(podKey(p)));
      out.push(
        pods.length > allowed
          ? finding(
              'pdb-blocks',
              'data',
              'warn',
              stuck ? 'joint-exceeds-involuntary-stuck' : 'joint-exceeds-involuntary',
              facts,
              subject,
            )
          : finding('pdb-blocks', 'data', 'info', 'joint-allows', facts, subject),
      );
    } else if (intOrPercentIsZero(pdb.spec?.maxUnavailable))
      out.push(finding('pdb-blocks', 'data', 'block', 'joint-max-unavailable-zero', facts, subject));
    else if (
      (typeof minAvail === 'number' && st.expectedPods !== undefined && minAvail >= st.expectedPods) ||
      minAvail === '100%'
    )
      out.push(finding('pdb-blocks', 'data', 'block', 'joint-min-available-all', facts, subject));
    else if (allowed === 0)
      out.push(finding('pdb-blocks', 'data', 'block', 'joint-no-disruptions', facts, subject));
    else if (pods.length > allowed) {
      const stuck = pods.some((p) => unplaced.has(podKey(p)));
      out.push(
        finding(
          'pdb-blocks',
          'data',
          stuck ? 'block' : 'warn',
          stuck ? 'joint-exceeds-stuck' : 'joint-exceeds',
          facts,
          subject,
        ),
      );
    } else out.push(finding('pdb-blocks', 'data', 'info', 'joint-allows', facts, subject));
  }
  return out;
}

function isClusterDns(namespace: string, name: string, labels: Record<string, string>): boolean {
  return (
    namespace === 'kube-system' &&
    (labels['k8s-app'] === 'kube-dns' || name === 'coredns' || name === 'kube-dns')
  );
}

/**
 * Workloads whose replicas are all on the nodes (check `single-replica`): `joint-single` (warn,
 * one replica), `joint-all-here` (warn: every replica is on the nodes), `joint-spread` (info), and
 * for the cluster DNS `joint-dns-single` / `joint-dns-all-here` (block: name resolution stops
 * cluster-wide until they are back; `-evicted` when the nodes are drained, or drained first: the
 * drains evict every DNS pod there at once, and resolution fails until one is rescheduled and Ready
 * on another node). A workload whose every pod on the nodes is
 * pinned to its node ({@link jointEvictions}) is not "rescheduled": `joint-pinned-down` (warn, no
 * replica left elsewhere: down until its node is back and uncordoned) or `joint-pinned-spread`
 * (info, replicas elsewhere serve meanwhile), the one model of workload-checks.ts `replicaChecks`.
 *
 * A workload that keeps a quorum of its own (Elasticsearch master-eligible nodes, ZooKeeper, etcd:
 * ../quorum-workloads.ts) whose Ready replicas outside the nodes are fewer than the majority of
 * its replicas loses that quorum: `joint-quorum-lost` (block; facts `system`, `quorum`,
 * `readyElsewhere`), an outage however many replicas are left. It is said only when its pods on
 * the nodes are really all down together: the nodes are lost (`node-down`), rebooted or upgraded
 * with every such pod pinned to its node (the reboot takes them down whatever the drains do), or no
 * PodDisruptionBudget holds the drains back (a budget that allows fewer evictions than its pods
 * on the nodes makes the drains wait instead, check `pdb-blocks`).
 * Drained, rebooted or upgraded together (each node drained first), a workload whose
 * PodDisruptionBudget allows fewer evictions than its pods on the nodes is not down together:
 * `joint-held-by-budget` (info; `-none` when the budget allows none now; `-stuck` when some of
 * its pods there are pinned to their node: the evicted ones stay Pending, the budget never
 * recovers, and the others are never evicted; `-no-room` when some fit on no remaining node: the
 * same, Pending for lack of room), facts from {@link heldByBudget} (the pods it keeps
 * serving) and `podsHere` (its pods on the nodes, `ns/name`). Not for nodes lost, and not for pods pinned to
 * nodes that are rebooted or upgraded (the reboot takes them down whatever the drains do).
 * Nodes lost together (`node-down`): a StatefulSet whose pods there are not recreated elsewhere
 * (`lostStatefulSet`, {@link JointEvictions}) is `joint-statefulset-down` (block: no Ready replica
 * elsewhere, and it comes back only by hand or with the node; reader6 B3) or `joint-statefulset-spread` (info), never "rescheduled".
 * Facts also carry `readyElsewhere`: the workload's Ready pods on the other nodes (the replicas
 * said to keep serving are Ready ones), and `nowhere` when its pods here can run on no other node
 * meanwhile: `every-node` (the nodes are every node of the cluster) or `no-room` (none of them fits
 * on a remaining node): the sentence says it is down until the nodes can run pods again.
 * DNS findings with `nowhere` say the same of name resolution (issue 16, reader6 B4, B18).
 * @param index - the cluster index
 * @param nodes - the target nodes
 * @param evictable - the pods evicted from them
 * @param pinned - those of them pinned to their node (`ns/name`)
 * @param action - what is done to the nodes (default `node-down`)
 * @param lostStatefulSet - StatefulSet pods of nodes lost (`ns/name`), not recreated elsewhere
 * @param noRoom - evicted pods that fit on no remaining node (`ns/name`, {@link jointCapacity})
 */
export function jointReplicas(
  index: ClusterIndex,
  nodes: readonly string[],
  evictable: readonly KPod[],
  pinned: ReadonlySet<string> = new Set(),
  action: MultiNodeAction = 'node-down',
  lostStatefulSet: ReadonlySet<string> = new Set(),
  noRoom: ReadonlySet<string> = new Set(),
): Finding[] {
  const targets = new Set(nodes);
  // Not for an upgrade: a managed pool's upgrade adds nodes first (surge), so "no node is left" is not known.
  const everyNode = action !== 'upgrade' && index.snapshot.nodes.every((n) => targets.has(n.metadata.name));
  const out: Finding[] = [];
  const seen = new Set<string>();
  for (const pod of evictable) {
    const owner = topOwnerOf(index, pod);
    if (!owner || seen.has(owner.uid)) continue;
    seen.add(owner.uid);
    const all = podsOfOwner(index, owner).filter((s) => s.phase !== 'Succeeded' && s.phase !== 'Failed');
    const here = all.filter((s) => s.nodeName !== null && targets.has(s.nodeName)).length || 1;
    const replicas = owner.replicas ?? all.length;
    const facts = {
      nodes: [
        ...new Set(
          all.filter((s) => s.nodeName !== null && targets.has(s.nodeName)).map((s) => s.nodeName ?? ''),
        ),
      ],
      workload: owner.name,
      kind: owner.kind,
      namespace: owner.namespace,
      replicas,
      here,
      elsewhere: Math.max(0, all.length - here),
      readyElsewhere: all.filter((s) => s.nodeName !== null && !targets.has(s.nodeName) && s.ready === true)
        .length,
    };
    const subject = { kind: owner.kind, name: owner.name, namespace: owner.namespace };
    const dns = isClusterDns(owner.namespace, owner.name, owner.workload?.metadata.labels ?? {});
    const onTargets = evictable.filter((p) => topOwnerOf(index, p)?.uid === owner.uid);
    // Where its pods could run meanwhile (issue 16, reader6 B4, B18): nowhere when the nodes are
    // every node of the cluster (`every-node`) or none of its pods here fits on a remaining node
    // (`no-room`, {@link jointCapacity}); the sentence then says so, not "until it is rescheduled".
    const nowhere = everyNode
      ? 'every-node'
      : onTargets.length > 0 && onTargets.every((p) => noRoom.has(podKey(p)))
        ? 'no-room'
        : null;
    if (nowhere !== null) Object.assign(facts, { nowhere });
    const allPinned = onTargets.length > 0 && onTargets.every((p) => pinned.has(podKey(p)));
    const lost = quorumLostTogether(
      index,
      pod,
      owner.name,
      replicas,
      facts.readyElsewhere,
      onTargets,
      action,
      allPinned,
    );
    // Drained (or drained first), every DNS pod there is evicted at once, no budget holding one
    // back: resolution fails until one is rescheduled and Ready elsewhere, not until the nodes are back.
    const evictedAll = action === 'node-down' ? '' : '-evicted';
    // Pods that fit on no remaining node are held back too (the eviction model, issue 16): the ones
    // the budget lets go stay Pending, so it never recovers and the rest are never evicted
    // (`joint-held-by-budget-no-room`), as for pinned pods.
    const held =
      action === 'node-down' || (allPinned && (action === 'reboot' || action === 'upgrade'))
        ? null
        : heldByBudget(index, onTargets, all.filter((s) => s.ready === true).length);
    if (lost !== null)
      out.push(
        finding('single-replica', 'data', 'block', 'joint-quorum-lost', { ...facts, ...lost }, subject),
      );
    else if (held !== null)
      out.push(
        finding(
          'single-replica',
          'data',
          'info',
          held.allowed === 0
            ? 'joint-held-by-budget-none'
            : onTargets.some((p) => pinned.has(podKey(p)))
              ? 'joint-held-by-budget-stuck'
              : onTargets.some((p) => noRoom.has(podKey(p)))
                ? 'joint-held-by-budget-no-room'
                : 'joint-held-by-budget',
          { ...facts, ...held, podsHere: onTargets.map(podKey) },
          subject,
        ),
      );
    // Nodes lost: a StatefulSet's pods there are not recreated elsewhere ({@link JointEvictions}).
    else if (
      !allPinned &&
      onTargets.length > 0 &&
      onTargets.every((p) => lostStatefulSet.has(podKey(p)) || pinned.has(podKey(p)))
    )
      out.push(
        replicas <= 1 || here >= all.length || facts.readyElsewhere === 0
          ? // Down with no end of its own (reader6 B3): block, as node-down.ts asLoss.
            finding('single-replica', 'data', 'block', 'joint-statefulset-down', facts, subject)
          : finding('single-replica', 'data', 'info', 'joint-statefulset-spread', facts, subject),
      );
    else if (allPinned && !dns)
      out.push(
        replicas <= 1 || here >= all.length
          ? finding('single-replica', 'data', 'warn', 'joint-pinned-down', facts, subject)
          : finding('single-replica', 'data', 'info', 'joint-pinned-spread', facts, subject),
      );
    else if (replicas <= 1)
      out.push(
        finding(
          'single-replica',
          'data',
          dns ? 'block' : 'warn',
          dns ? `joint-dns-single${evictedAll}` : 'joint-single',
          facts,
          subject,
        ),
      );
    else if (here >= all.length)
      out.push(
        finding(
          'single-replica',
          'data',
          dns ? 'block' : 'warn',
          dns ? `joint-dns-all-here${evictedAll}` : 'joint-all-here',
          facts,
          subject,
        ),
      );
    // Spread, but no replica on the other nodes is Ready: nothing serves meanwhile (the single-node
    // rule, workload-checks.ts `none-ready-elsewhere`; scenario 49).
    else if (facts.readyElsewhere === 0)
      out.push(finding('single-replica', 'data', 'warn', 'joint-none-ready-elsewhere', facts, subject));
    else out.push(finding('single-replica', 'data', 'info', 'joint-spread', facts, subject));
  }
  return out;
}

/**
 * The PodDisruptionBudget that holds a workload's pods on the nodes back from being evicted all
 * together, when one does: the most restrictive budget selecting them that allows fewer
 * disruptions than it has pods there. The drains evict at most `allowed` of them at a time (the
 * Eviction API answers 429 to the rest until the evicted pods run again elsewhere; if they never
 * can, the rest stay where they are), so the workload keeps `kept` of its Ready pods serving
 * throughout: its Ready pods less those the budget lets go
 * (https://kubernetes.io/docs/concepts/workloads/pods/disruptions/#pod-disruption-budgets,
 * https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/). Null when no budget
 * holds them back or none would be left serving anyway.
 * @param index - the cluster index
 * @param onTargets - the workload's pods the drains evict
 * @param readyAll - the workload's Ready pods, on every node
 * @returns the budget (`pdb`, `pdbNamespace`), its `allowed` disruptions and the pods `kept`
 */
export function heldByBudget(
  index: ClusterIndex,
  onTargets: readonly KPod[],
  readyAll: number,
): { pdb: string; pdbNamespace: string; allowed: number; kept: number } | null {
  let best: { pdb: string; pdbNamespace: string; allowed: number; kept: number } | null = null;
  for (const [pdb, pods] of budgetsSelecting(index, onTargets)) {
    const allowed = Math.max(0, pdb.status?.disruptionsAllowed ?? 0);
    if (pods.length <= allowed) continue;
    if (best === null || allowed < best.allowed)
      best = {
        pdb: pdb.metadata.name,
        pdbNamespace: pdb.metadata.namespace ?? 'default',
        allowed,
        kept: Math.max(0, readyAll - allowed),
      };
  }
  return best !== null && best.kept > 0 ? best : null;
}

/**
 * Whether a quorum workload ({@link jointReplicas}) loses its quorum with its pods on the nodes
 * down together: its system and quorum when it does, else null.
 * @param index - the cluster index
 * @param pod - one of its pods on the nodes
 * @param workloadName - its top owner's name
 * @param replicas - its desired replicas
 * @param readyElsewhere - its Ready pods on the other nodes
 * @param onTargets - its pods the drains evict (or the lost nodes take down)
 * @param action - what is done to the nodes
 * @param allPinned - every one of `onTargets` is pinned to its node (it can start nowhere else)
 */
export function quorumLostTogether(
  index: ClusterIndex,
  pod: KPod,
  workloadName: string,
  replicas: number,
  readyElsewhere: number,
  onTargets: readonly KPod[],
  action: MultiNodeAction,
  allPinned = false,
): { system: string; quorum: number } | null {
  const system = quorumSystemOf(pod, workloadName);
  if (system === null || replicas < 2) return null;
  const quorum = quorumOf(replicas); // the majority of its voting replicas, as for etcd
  if (readyElsewhere >= quorum) return null;
  // Rebooted or upgraded together, pods pinned to their nodes go down with them whatever a budget
  // does to the drains: the reboot takes them down, and none can start elsewhere (scenario 41: both
  // elasticsearch masters on local-path volumes; issue 16, reader4). A drain alone takes no node
  // down: there the budget refuses the evictions beyond what it allows (below).
  if (allPinned && (action === 'reboot' || action === 'upgrade')) return { system, quorum };
  if (action !== 'node-down') {
    // A budget that allows fewer evictions than its pods here makes the drains wait: the pods are
    // not all down together (the pdb-blocks finding says so).
    for (const [pdb, pods] of budgetsSelecting(index, onTargets))
      if (pods.length > (pdb.status?.disruptionsAllowed ?? 0)) return null;
  }
  return { system, quorum };
}
