/**
 * "Can I reboot A and B?": the joint impact of several nodes down at once, from the
 * same analysis as one node. Each node's own reboot analysis runs first; the checks whose answer
 * changes when nodes go down together are then recomputed over all of them:
 *
 * - etcd quorum with every target's member down: quorum = floor(n/2)+1 of the *voting* members,
 *   learners do not vote (etcd FAQ, https://etcd.io/docs/v3.5/faq/)
 * - control-plane nodes and apiservers left, leader Leases held on the targets with or without a
 *   standby left (kube-scheduler, kube-controller-manager; https://kubernetes.io/docs/concepts/architecture/leases/)
 * - the control-plane VIP when kube-vip runs (its Lease `kube-system/plndr-cp-lock`, its pods)
 * - every PDB against all the evictions, workloads whose every replica is on the targets, room for
 *   every evicted pod on the nodes left (see joint-workloads.ts)
 *
 * Pure: snapshot and `now` in, findings and verdict out.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import {
  type ClusterIndex,
  holderHostname,
  isNodeReady,
  memoOnIndex,
  podsOfOwner,
  podKey,
  topOwnerOf,
} from '../cluster-index.js';
import type { ControlPlaneState } from '../control-plane-state.js';
import { LEADER_ELECTION_LEASE_DURATION_S, quorumOf } from '../domain.js';
import { finding } from '../finding.js';
import { partialControlPlaneFindings } from '../control-plane-checks.js';
import { drainBlockOf, relabelForDrainBlock } from '../node-state-checks.js';
import { type AnalysisContext, analyzeRebootImpact, contextFor } from '../reboot-impact.js';
import { analyzeDrainImpact } from '../what-if/drain.js';
import { DRAIN_ONLY, asLoss } from '../what-if/node-down.js';
import { cephLossFindings } from '../ceph-loss.js';
import { quorumGuardBudgets, quorumGuardDrainFindings } from '../quorum-guard.js';
import { type FactValue, type Finding, type Plane, PLANES, SEVERITY_RANK, verdictOf } from '../types.js';
import { type DrainSequence, sequenceFacts, simulateDrain } from '../drain-sequence.js';
import { drainWebhooks } from '../admission-webhooks.js';
import {
  type JointEvictions,
  jointCapacity,
  jointEvictions,
  jointPdbs,
  jointReplicas,
} from './joint-workloads.js';
import { clusterDnsDown, clusterDnsDownNow, isClusterDnsPod } from '../cluster-dns.js';
import type { JointImpact, MultiNodeAction, NodeAlone, NodeEvictions } from './types.js';
import type { KPod } from '../../cluster/types.js';

/** The kube-vip leader-election Lease for the control-plane VIP. @see https://kube-vip.io/docs/installation/static/ */
export const KUBE_VIP_LEASE = 'plndr-cp-lock';

/** Checks the joint analysis recomputes over all the nodes: each node's own finding of these is not carried. */
const RECOMPUTED = new Set<string>([
  'etcd-quorum-after',
  'control-plane-count',
  'apiserver-redundancy',
  'leader-scheduler',
  'leader-controller-manager',
  'pdb-blocks',
  'single-replica',
  'capacity',
  'control-plane-endpoint',
  // cluster-wide, said once ({@link clusterDnsDown}), not once per node
  'cluster-dns',
]);

/** Options of {@link analyzeJointImpact}. */
export interface JointOptions {
  action: MultiNodeAction;
}

/**
 * etcd quorum with every target's member down. Members whose health was not seen (listed from the
 * nodes, `healthy === null`) count neither healthy nor down: quorum after is lost for sure only when
 * even they could not make it (`joint-lost-unseen` when some are left, so the text says "at most"),
 * and unknown (`joint-unknown`, a warning) when it rests on them. Missing data is unknown, never
 * failing; the same rule as the single-node reboot (control-plane-checks.ts `etcdChecks`).
 */
function etcdJoint(state: ControlPlaneState, targets: ReadonlySet<string>): Finding[] {
  const etcd = state.etcd;
  if (etcd.source === 'none') return [];
  const onTargets = etcd.members.filter((m) => m.node !== null && targets.has(m.node));
  if (onTargets.length === 0) return [];
  const voters = etcd.voters;
  const quorum = quorumOf(voters);
  const left = etcd.members.filter((m) => !m.isLearner && !(m.node !== null && targets.has(m.node)));
  const after = left.filter((m) => m.healthy === true).length;
  const unknown = left.filter((m) => m.healthy === null).length;
  const common = {
    nodes: onTargets.map((m) => m.node ?? m.name),
    voters,
    quorum,
    down: left.filter((m) => m.healthy === false).map((m) => m.node ?? m.name),
    learners: onTargets.filter((m) => m.isLearner).map((m) => m.node ?? m.name),
    leader:
      etcd.leader !== null && etcd.leader.node !== null && targets.has(etcd.leader.node)
        ? etcd.leader.node
        : null,
    source: etcd.source,
  };
  if (onTargets.every((m) => m.isLearner))
    return [finding('etcd-quorum-after', 'control', 'info', 'joint-learners-only', common)];
  if (unknown > 0) {
    // Unseen health: no "N stay healthy", no healthy count before.
    const facts = { ...common, unknown, after, atMost: after + unknown };
    return [
      after + unknown < quorum
        ? finding('etcd-quorum-after', 'control', 'block', 'joint-lost-unseen', facts)
        : finding('etcd-quorum-after', 'control', 'warn', 'joint-unknown', facts),
    ];
  }
  const facts = {
    ...common,
    healthyBefore: etcd.healthyVoters,
    after,
    spare: after - quorum,
  };
  if (after < quorum) return [finding('etcd-quorum-after', 'control', 'block', 'joint-lost', facts)];
  return [
    finding(
      'etcd-quorum-after',
      'control',
      'info',
      after === quorum ? 'joint-kept-no-spare' : 'joint-kept',
      facts,
    ),
  ];
}

function controlPlaneJoint(state: ControlPlaneState, targets: ReadonlySet<string>): Finding[] {
  const out: Finding[] = [];
  const cpTargets = state.nodes.filter((n) => targets.has(n.name)).map((n) => n.name);
  if (cpTargets.length > 0) {
    const left = state.nodes.filter((n) => !targets.has(n.name) && n.ready).map((n) => n.name);
    const facts = {
      nodes: cpTargets,
      total: state.nodes.length,
      readyBefore: state.nodes.filter((n) => n.ready).length,
      left,
    };
    const unseen = state.unseenControlPlane ?? 0;
    out.push(
      left.length === 0 && unseen > 0
        ? // A partial file: masters exist that it does not hold (their state is unknown).
          finding('control-plane-count', 'control', 'warn', 'partial', {
            node: cpTargets,
            seen: state.nodes.length,
            total: state.nodes.length + unseen,
          })
        : left.length === 0
          ? finding('control-plane-count', 'control', 'block', 'joint-none-left', facts)
          : finding('control-plane-count', 'control', 'ok', 'joint-redundant', facts),
    );
  }
  const apiTargets = state.apiservers.filter((a) => targets.has(a.host)).map((a) => a.host);
  if (apiTargets.length > 0) {
    const others = state.apiservers.filter((a) => !targets.has(a.host) && a.alive).map((a) => a.host);
    const facts = {
      nodes: apiTargets,
      before: state.apiservers.filter((a) => a.alive).length,
      after: others.length,
      others,
    };
    // The targets' API servers already down take no capacity away ("from 2 to 2" is no drop).
    out.push(
      others.length === 0
        ? finding('apiserver-redundancy', 'control', 'block', 'joint-none-left', facts)
        : finding(
            'apiserver-redundancy',
            'control',
            'info',
            others.length < facts.before ? 'joint-capacity' : 'joint-already-down',
            facts,
          ),
    );
  }
  for (const [check, leaseName] of [
    ['leader-scheduler', 'kube-scheduler'],
    ['leader-controller-manager', 'kube-controller-manager'],
  ] as const) {
    const lease = state.leaderLeases.find((l) => l.name === leaseName);
    const holderTargeted = lease?.holderHost != null && targets.has(lease.holderHost);
    if (cpTargets.length === 0 && !holderTargeted) continue;
    if (!lease) {
      // A snapshot without Leases says nothing about leader election: unknown (the not-observed finding names it).
      if (!state.managed && !state.unobserved.includes('leases'))
        out.push(finding(check, 'control', 'warn', 'joint-missing', { nodes: cpTargets, lease: leaseName }));
      continue;
    }
    const standbys = state.nodes
      .filter((n) => !targets.has(n.name) && n.components[leaseName] === true)
      .map((n) => n.name);
    const facts = {
      nodes: cpTargets,
      lease: leaseName,
      holder: lease.holderHost,
      leaseDurationSeconds: lease.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
      standbys,
    };
    if (!lease.fresh) out.push(finding(check, 'control', 'block', 'joint-stale', facts));
    else if (holderTargeted && standbys.length === 0)
      out.push(finding(check, 'control', 'block', 'joint-no-standby', facts));
    else if (holderTargeted) out.push(finding(check, 'control', 'warn', 'joint-held-here', facts));
    else out.push(finding(check, 'control', 'ok', 'joint-held-elsewhere', facts));
  }
  return out;
}

/**
 * The control-plane VIP (check `control-plane-endpoint`), when kube-vip runs: `joint-vip-moves`
 * (warn) when the targets hold its Lease (every API client sees a pause while the VIP moves;
 * kube-vip#748), `joint-vip-none-left` (block) when every node that runs kube-vip is a target.
 * Nothing when kube-vip is not seen.
 */
function vipJoint(index: ClusterIndex, targets: ReadonlySet<string>): Finding[] {
  const lease = index.leasesByKey.get(`kube-system/${KUBE_VIP_LEASE}`);
  const holder = lease?.spec?.holderIdentity ? holderHostname(lease.spec.holderIdentity) : null;
  const vipNodes: readonly string[] = memoOnIndex(index, 'joint:vipNodes', () => [
    ...new Set(
      (index.podsByNamespace.get('kube-system') ?? [])
        .filter((p) => p.metadata.name.startsWith('kube-vip') && p.spec?.nodeName !== undefined)
        .map((p) => p.spec?.nodeName ?? ''),
    ),
  ]);
  if (lease === undefined && vipNodes.length === 0) return [];
  const facts = {
    holder,
    vipNodes: [...vipNodes],
    nodes: [...targets].filter((t) => vipNodes.includes(t) || t === holder),
  };
  if (vipNodes.length > 0 && vipNodes.every((n) => targets.has(n)))
    return [finding('control-plane-endpoint', 'control', 'block', 'joint-vip-none-left', facts)];
  if (holder !== null && targets.has(holder))
    return [finding('control-plane-endpoint', 'control', 'warn', 'joint-vip-moves', facts)];
  return [];
}

/**
 * The sentences of a node's own analysis that say its drain evicts and reschedules pods, and the
 * variant that says the same in order for nodes rebooted or upgraded together that lose quorum
 * once they are down: each drain runs first, while quorum still holds (`<variant>-drain-first`).
 */
const DRAIN_FIRST: Readonly<Record<string, readonly string[]>> = {
  'workloads-on-control-plane': ['system'],
  'single-replica': ['spread'],
  'grace-period': ['estimate'],
  'pdb-blocks': ['allows'],
  capacity: ['joint-fits', 'joint-some-pending'],
};

/**
 * Whether a finding says pods are evicted and rescheduled by a drain (a {@link DRAIN_FIRST} variant).
 * @param f - a joint or carried finding
 */
function movesPods(f: Finding): boolean {
  return DRAIN_FIRST[f.check]?.includes(f.variant) === true;
}

/**
 * One model of what can still be written (the rule of the single-node analysis,
 * `withoutQuorumNoHandover` and `whenDrainCannotMove`, applied to the joint findings):
 * - etcd refuses every write now (an alarm, or quorum already lost: {@link drainBlockOf} of any
 *   node's own analysis says `writes-blocked`): no Lease changes hands (leader
 *   `joint-held-here-writes-blocked`), no pod is evicted nor created elsewhere (capacity
 *   `joint-writes-blocked`, warn, said once for every node's pods instead of each node's own
 *   `grace-period` sentence), and no budget is spent
 *   (the `pdb-blocks` findings are left out: no eviction is even accepted); for a drain the nodes
 *   stay up, so their pods keep running there (capacity `joint-writes-blocked-drain`) and no
 *   workload loses a replica (the joint `single-replica` findings are left out);
 * - the nodes together lose quorum (etcd `joint-lost`, no control-plane node or API server left):
 *   no standby can take a Lease (`joint-held-here-no-quorum`), the API servers left cannot serve
 *   (`joint-capacity-no-quorum`), no etcd election completes (`leader-here-no-quorum`), the
 *   kube-vip VIP does not move (`joint-vip-moves-no-quorum`: its next holder is written to the
 *   Lease `plndr-cp-lock` through the API server, https://kube-vip.io/docs/about/architecture/).
 *   What happens to the pods depends on the order:
 *   - nodes lost without a drain (`node-down`): the node lifecycle controller's evictions and the
 *     replacements are writes too, so nothing is rescheduled until quorum is back (capacity
 *     `joint-no-quorum`, each node's sentences re-worded as with writes refused, budgets
 *     `joint-exceeds-involuntary-no-quorum`);
 *   - a planned reboot or upgrade drains each node first, while quorum still holds, and only then
 *     are the nodes down together: the pods are evicted and rescheduled by the drains, and each
 *     sentence that says so says the order (`<variant>-drain-first`, {@link DRAIN_FIRST}), so that
 *     none reads as a contradiction beside "all writes stop".
 *   (A drain alone takes no etcd member or API server down: {@link analyzeJointImpact} computes no
 *   quorum for it, so `lost` is never true for `drain`.)
 * etcd FAQ (quorum), https://etcd.io/docs/v3.5/faq/; etcd maintenance, Space quota,
 * https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota; kubectl drain (evictions through the
 * API server), https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/.
 * @param findings - joint or carried findings
 * @param lost - the nodes together lose quorum ({@link jointQuorumLost} of the joint findings)
 * @param writesBlocked - etcd refuses writes now
 * @param action - what is done to the nodes
 * @param jointCapacity - the joint findings count the evicted pods (a `capacity` finding exists)
 * @returns the findings re-labelled (and budgets dropped when writes are refused)
 */
function oneWriteModel(
  findings: readonly Finding[],
  lost: boolean,
  writesBlocked: boolean,
  action: MultiNodeAction,
  jointCapacity: boolean,
): Finding[] {
  if (!lost && !writesBlocked) return [...findings];
  // Nodes lost without a drain while quorum is lost: nothing is evicted or recreated, as with
  // writes refused, so each node's sentences about moved pods are re-worded the same way.
  const noWrites = writesBlocked || action === 'node-down';
  // A reboot or upgrade drains first, while quorum holds: its moved pods are said in that order.
  const drainFirst = lost && !noWrites;
  const out: Finding[] = [];
  for (const f of noWrites && !writesBlocked ? relabelForDrainBlock(findings, 'writes-blocked') : findings) {
    if (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') {
      if (f.variant === 'joint-held-here')
        out.push({ ...f, variant: lost ? 'joint-held-here-no-quorum' : 'joint-held-here-writes-blocked' });
      else out.push(f);
    } else if (
      lost &&
      f.check === 'apiserver-redundancy' &&
      (f.variant === 'joint-capacity' || f.variant === 'joint-already-down')
    )
      out.push({ ...f, variant: `${f.variant}-no-quorum` });
    else if (lost && f.check === 'etcd-leader' && f.variant === 'leader-here')
      out.push({ ...f, severity: 'info', variant: 'leader-here-no-quorum' });
    else if (f.check === 'capacity' && f.variant.startsWith('joint-')) {
      // A drain that cannot evict leaves the pods running where they are (the nodes stay up).
      if (writesBlocked)
        out.push({
          ...f,
          severity: 'warn',
          variant: action === 'drain' ? 'joint-writes-blocked-drain' : 'joint-writes-blocked',
          // Every eviction is refused, the pinned and bare pods' too: the sentence counts them all.
          facts: { ...f.facts, evictable: f.facts.evicted ?? f.facts.evictable ?? 0 },
        });
      else if (noWrites) out.push({ ...f, severity: 'info', variant: 'joint-no-quorum' });
      else if (movesPods(f)) out.push({ ...f, variant: `${f.variant}-drain-first` });
      else out.push(f);
    } else if (f.check === 'control-plane-endpoint' && f.variant === 'joint-vip-moves') {
      // kube-vip elects the VIP's next holder by writing its Lease through the API server: without
      // quorum (or with writes refused) no new holder is written and the VIP does not move.
      out.push({ ...f, variant: lost ? 'joint-vip-moves-no-quorum' : 'joint-vip-moves-writes-blocked' });
    } else if (noWrites && f.check === 'grace-period' && f.variant.endsWith('-writes-blocked')) {
      // Each node's own "a drain would have to evict N pods … the drain fails" is said once for
      // all of them by the capacity sentence (joint-writes-blocked), which counts every node's pods.
      if (!jointCapacity) out.push(f);
    } else if (f.check === 'pdb-blocks' && f.variant.startsWith('joint-')) {
      if (writesBlocked) continue;
      out.push(
        action === 'node-down' && f.variant === 'joint-exceeds-involuntary'
          ? { ...f, variant: 'joint-exceeds-involuntary-no-quorum' }
          : f,
      );
    } else if (
      writesBlocked &&
      action === 'drain' &&
      f.check === 'single-replica' &&
      f.variant.startsWith('joint-')
    ) {
      // Nothing is evicted and the drained nodes keep running: no replica goes down.
      continue;
    } else if (drainFirst && movesPods(f))
      out.push({ ...f, variant: `${f.variant}-drain-first`, facts: { ...f.facts, drainFirst: true } });
    else out.push(f);
  }
  return out;
}

/**
 * Each node's own drain estimate (`grace-period` `estimate`: "the drain evicts N pods; the longest
 * terminationGracePeriodSeconds is S s") counts that node's pods only, and two nodes with the same
 * count read as one sentence. One estimate for all the nodes (issue 16, reader3): the pods summed
 * (`evictable`, `recreated`, `stranded`, `pinned`), the longest grace period of all, `nodes` every
 * node counted. The other variants (a dead node's) stay per node.
 * @param carried - the findings of each node's own analysis
 * @param everyNode - whether the nodes are every node of the cluster, drained or rebooted together
 * @returns the findings with the `estimate` ones merged into the first
 */
function jointDrainEstimate(carried: readonly Finding[], everyNode = false): Finding[] {
  // `all-refused` (a node whose every pod a budget keeps) counts in the same sum (the eviction model).
  const estimates = carried.filter(
    (f) => f.check === 'grace-period' && (f.variant === 'estimate' || f.variant === 'all-refused'),
  );
  // Every node of the cluster drained or rebooted together (issue 16, reader6 B4): no node is left
  // to start an evicted pod again, so none is "started again on another node": each node's own
  // count of those moves to the ones that stay Pending for want of a node (`stranded`).
  if (everyNode)
    return jointDrainEstimate(
      carried.map((f) =>
        estimates.includes(f)
          ? {
              ...f,
              facts: {
                ...f.facts,
                stranded: Number(f.facts.stranded ?? 0) + Number(f.facts.recreated ?? 0),
                recreated: 0,
                everyNode: true,
              },
            }
          : f,
      ),
    );
  if (estimates.length < 2) return [...carried];
  const sum = (k: string): number => estimates.reduce((n, f) => n + Number(f.facts[k] ?? 0), 0);
  const list = (k: string): string[] =>
    estimates.flatMap((f) => (Array.isArray(f.facts[k]) ? (f.facts[k] as string[]) : []));
  const merged: Finding = {
    ...(estimates[0] as Finding),
    variant:
      sum('count') > 0 || estimates.some((f) => typeof f.facts.count !== 'number')
        ? 'estimate'
        : 'all-refused',
    facts: {
      ...estimates[0]?.facts,
      nodes: estimates.map((f) => String(f.facts.node)),
      seconds: Math.max(...estimates.map((f) => Number(f.facts.seconds ?? 0))),
      evictable: sum('evictable'),
      recreated: sum('recreated'),
      stranded: sum('stranded'),
      pinned: sum('pinned'),
      // The eviction model's other counts (src/analysis/eviction-model.ts), summed the same way.
      evicted: sum('evicted'),
      count: sum('count'),
      refused: sum('refused'),
      bare: sum('bare'),
      unscheduled: sum('unscheduled'),
      // Finished pods, orphaned DaemonSet pods and evictions that stop a drain are in each node's
      // count too (issue 28 item 4: the fates add up to the pods evicted, rule 55).
      finished: sum('finished'),
      orphaned: sum('orphaned'),
      stopped: sum('stopped'),
      refusedPods: list('refusedPods'),
      refusedLaterPods: list('refusedLaterPods'),
      stoppedPods: list('stoppedPods'),
      refusedBy: [
        ...new Set(
          estimates.flatMap((f) => (Array.isArray(f.facts.refusedBy) ? (f.facts.refusedBy as string[]) : [])),
        ),
      ],
    },
  };
  const out: Finding[] = [];
  for (const f of carried) {
    if (f === estimates[0]) out.push(merged);
    else if (!estimates.includes(f)) out.push(f);
  }
  return out;
}

/**
 * The drains of the nodes together, in sequence (issue 28 item 4, ../drain-sequence.ts): the pods
 * the nodes' own models let go, in kubectl's order, each round's replacements placed on the
 * cluster as it is then, budgets given back as they become Ready. A pod whose budget this request
 * spent is refused (HTTP 429) for ever when the evicted pods' replacements stay Pending (pinned to
 * their node, or no node admits them); an eviction refused outright or stopping the drain keeps
 * its pod too. None for nodes lost (no budget holds a loss back: null).
 * @param index - the cluster index
 * @param nodes - the target nodes
 * @param asked - the pods the drains evict, as each node's own model sorts them ({@link jointEvictions})
 * @param dead - targets already NotReady (their pods are not asked)
 * @param refusedNow - pods (`ns/name`) each node's own model keeps already
 * @param action - what is done to the nodes
 * @returns the sequence, and the pods (`ns/name`) it keeps on their node besides `refusedNow`
 */
function jointSequence(
  index: ClusterIndex,
  nodes: readonly string[],
  asked: JointEvictions,
  dead: ReadonlySet<string>,
  refusedNow: ReadonlySet<string>,
  action: MultiNodeAction,
): { sequence: DrainSequence | null; heldBack: Set<string> } {
  if (action === 'node-down') return { sequence: null, heldBack: new Set() };
  const live = nodes.filter((n) => !dead.has(n));
  const pods = new Map(live.map((n) => [n, asked.evicted.filter((p) => p.spec?.nodeName === n)]));
  const sequence = simulateDrain(index, {
    nodes: live,
    mode: 'together',
    pods,
    budgets: index.snapshot.podDisruptionBudgets,
    pinned: new Set(asked.pinned.map(podKey)),
    // Failing-closed webhooks whose backends all run on the targets (issue 29 item 2).
    webhooks: drainWebhooks(index, live),
  });
  // Rebooted or upgraded, a pod pinned to its node goes down with it whatever the drains do (the
  // rule of joint-workloads.ts `jointReplicas` and `quorumLostTogether`, scenario 41).
  const pinned = new Set(action === 'drain' ? [] : asked.pinned.map(podKey));
  const kept = [
    ...sequence.refused.keys(),
    ...sequence.refusedLater.keys(),
    ...sequence.stopped.keys(),
    ...sequence.stoppedByWebhook.keys(),
  ];
  return { sequence, heldBack: new Set(kept.filter((p) => !pinned.has(p) && !refusedNow.has(p))) };
}

/**
 * The drain estimate (`grace-period` `estimate`, merged by {@link jointDrainEstimate}) counted from
 * the joint fates (issue 28: "the drain evicts 2 pods (4 started again on other nodes)" beside
 * "none of the 4 evicted pods fits"): `recreated` the moving pods placed, `stranded` those that fit
 * nowhere, `pinned`, `refused` from the drains together ({@link NodeEvictions}); the pods
 * {@link jointSequence} keeps are not evicted (`count`, `evicted`, `evictable` less them).
 * @param carried - the findings carried from each node's own analysis
 * @param byNode - what the drains together do with each node's pods
 * @param heldBack - how many pods the drains together keep beyond each node's own model (each
 *   counted once: a node's own refused-later and stopping pods are out of its counts already)
 * @param sequence - the drains together in sequence ({@link jointSequence}): how they end
 *   (`drainOutcome`, …: ../drain-sequence.ts `sequenceFacts`); null for nodes lost
 */
function withJointFates(
  carried: readonly Finding[],
  byNode: readonly NodeEvictions[],
  heldBack: number,
  sequence: DrainSequence | null,
): Finding[] {
  const live = byNode.filter((e) => !e.dead);
  const sum = (pick: (e: NodeEvictions) => readonly string[]): number =>
    live.reduce((n, e) => n + pick(e).length, 0);
  const less = (v: FactValue | undefined): number => Math.max(0, Number(v ?? 0) - heldBack);
  return carried.map((f) =>
    f.check === 'grace-period' && f.variant === 'estimate'
      ? {
          ...f,
          facts: {
            ...f.facts,
            evictable: less(f.facts.evictable),
            // Every node of the cluster together leaves no node to place them: all unplaced.
            recreated: sum((e) => e.moving) - sum((e) => e.unplaced),
            stranded: sum((e) => e.unplaced),
            pinned: sum((e) => e.pinned),
            refused: sum((e) => e.refused),
            ...(sequence ? sequenceFacts(sequence) : {}),
            ...(typeof f.facts.count === 'number'
              ? { count: less(f.facts.count), evicted: less(f.facts.evicted) }
              : {}),
          },
        }
      : f,
  );
}

/**
 * Each node's own pinned-volumes finding (volume-checks.ts) counts the workload's Ready replicas
 * on every other node, the other targets among them. One model per answer (issue 16): with the
 * nodes down together the count is of the Ready replicas outside all of them.
 * - its workload loses its own quorum (joint `single-replica` `joint-quorum-lost`): variant
 *   `no-quorum` (warn; the joint finding carries the block), with `quorum` and the count left, so
 *   that no sentence says the workload keeps serving
 * - nodes lost together (`node-down`): `others-serve` with the count outside the nodes, or
 *   `last-replica` (block) when none is left Ready, the single-node rule
 * - drained (or drained first) under a budget that lets only some of the workload's pods go
 *   (joint `single-replica` `joint-held-by-budget*`): `held-by-budget` (info), with the budget and
 *   the pods it keeps serving: which of its pods is evicted is not known, so no pod is said Pending
 * Other findings of the other actions are kept.
 * @param index - the cluster index
 * @param targets - the target nodes
 * @param carried - the findings of each node's own analysis
 * @param joint - the joint findings
 * @param action - what is done to the nodes
 */
function jointPinnedVolumes(
  index: ClusterIndex,
  targets: ReadonlySet<string>,
  carried: readonly Finding[],
  joint: readonly Finding[],
  action: MultiNodeAction,
): Finding[] {
  return carried.map((f) => {
    if (f.check !== 'pinned-volumes' || (f.variant !== 'others-serve' && f.variant !== 'last-replica'))
      return f;
    const [ns, name] = String(f.facts.pod ?? '').split('/');
    const pod = (index.podsByNamespace.get(ns ?? '') ?? []).find((p) => p.metadata.name === name);
    const owner = pod ? topOwnerOf(index, pod) : null;
    if (!owner) return f;
    const quorumLost = joint.find(
      (j) =>
        j.check === 'single-replica' &&
        j.variant === 'joint-quorum-lost' &&
        j.subject?.name === owner.name &&
        j.subject.namespace === owner.namespace &&
        j.subject.kind === owner.kind,
    );
    const readyElsewhere = podsOfOwner(index, owner).filter(
      (s) => s.nodeName !== null && !targets.has(s.nodeName) && s.ready === true,
    ).length;
    const facts = { ...f.facts, readyElsewhere, count: readyElsewhere };
    if (quorumLost !== undefined)
      return {
        ...f,
        severity: 'warn',
        variant: 'no-quorum',
        facts: { ...facts, quorum: quorumLost.facts.quorum ?? 0, system: quorumLost.facts.system ?? '' },
      };
    if (action !== 'node-down') {
      // Drained under a budget that lets only some of its pods go (joint-workloads.ts heldByBudget):
      // whether this pod is the one evicted is not known; the workload keeps what the budget keeps.
      const held = joint.find(
        (j) =>
          j.check === 'single-replica' &&
          j.variant.startsWith('joint-held-by-budget') &&
          j.subject?.name === owner.name &&
          j.subject.namespace === owner.namespace &&
          j.subject.kind === owner.kind,
      );
      if (held === undefined) return f;
      return {
        ...f,
        severity: 'info',
        variant: 'held-by-budget',
        facts: {
          ...f.facts,
          pdb: held.facts.pdb ?? '',
          pdbNamespace: held.facts.pdbNamespace ?? '',
          allowed: held.facts.allowed ?? 0,
          kept: held.facts.kept ?? 0,
        },
      };
    }
    return readyElsewhere > 0
      ? { ...f, severity: 'warn', variant: 'others-serve', facts }
      : { ...f, severity: 'block', variant: 'last-replica', facts };
  });
}

/**
 * Whether the nodes down together leave no quorum: etcd `joint-lost` (or `joint-lost-unseen`: lost
 * even if every member whose health was not seen is up), or no control-plane node or
 * API server left (`joint-none-left`), blocking.
 * @param joint - the joint findings
 */
export function jointQuorumLost(joint: readonly Finding[]): boolean {
  return joint.some(
    (f) =>
      f.severity === 'block' &&
      ((f.check === 'etcd-quorum-after' &&
        (f.variant === 'joint-lost' || f.variant === 'joint-lost-unseen')) ||
        ((f.check === 'control-plane-count' || f.check === 'apiserver-redundancy') &&
          f.variant === 'joint-none-left')),
  );
}

/**
 * Pinned pods of different workloads under one PodDisruptionBudget that lets the drains evict
 * fewer of them than the nodes hold (`pdb-blocks` `joint-exceeds-stuck`, e.g. Rook's
 * `rook-ceph-mon-pdb` over mons a and b): the drains evict `allowed` of them, which stay Pending
 * (pinned), so the budget never recovers and the others are refused (HTTP 429) and keep running;
 * which ones is not known beforehand (kubectl drain evicts in parallel). So no such workload is
 * said down for sure: `joint-pinned-down` becomes `joint-pinned-shared-budget` (info; the budget
 * blocks). Drains only: nodes rebooted or upgraded take their pinned pods down whatever the drains
 * do. (https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/; issue 16, the
 * eviction model.)
 * @param joint - the joint findings
 * @param action - what is done to the nodes
 * @returns the findings, those workloads re-labelled
 */
function sharedBudgetHolds(joint: readonly Finding[], action: MultiNodeAction): Finding[] {
  if (action !== 'drain') return [...joint];
  const stuck = joint.filter((f) => f.check === 'pdb-blocks' && f.variant === 'joint-exceeds-stuck');
  return joint.map((f) => {
    if (f.check !== 'single-replica' || f.variant !== 'joint-pinned-down') return f;
    const budget = stuck.find(
      (s) =>
        s.facts.namespace === f.facts.namespace &&
        Array.isArray(s.facts.pods) &&
        (s.facts.pods as string[]).some((p) => p.startsWith(`${String(f.facts.workload)}-`)),
    );
    if (budget === undefined) return f;
    return {
      ...f,
      severity: 'info',
      variant: 'joint-pinned-shared-budget',
      facts: {
        ...f.facts,
        pdb: budget.facts.pdb ?? null,
        pdbNamespace: budget.facts.namespace ?? null,
        allowed: budget.facts.disruptionsAllowed ?? 0,
        guarded: budget.facts.podsOnTargets ?? null,
      },
    };
  });
}

function worstFirst(findings: readonly Finding[]): Finding[] {
  return findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITY_RANK[b.f.severity] - SEVERITY_RANK[a.f.severity] || a.i - b.i)
    .map((x) => x.f);
}

/**
 * Each node's own analysis, as if it were the only one down: its reboot analysis, or for `drain`
 * its drain analysis ({@link analyzeDrainImpact}: a drain leaves the node and its static pods,
 * etcd and the API server among them, running).
 * @param snapshot - the cluster, with the pods of every target kept whole
 * @param nodes - node names of the cluster
 * @param now - the analysis clock
 * @param context - the snapshot already indexed at `now` ({@link analysisContext}); built here when absent
 * @param action - what is done to each node (default `reboot`)
 */
export function analyzeEachAlone(
  snapshot: ClusterSnapshot,
  nodes: readonly string[],
  now: Date,
  context?: AnalysisContext,
  action: MultiNodeAction = 'reboot',
): NodeAlone[] {
  const ctx = contextFor(snapshot, now, context);
  return nodes.map((node) => {
    const r = analyzeRebootImpact(snapshot, node, now, ctx);
    // Nodes lost together are failed nodes, not rebooted ones (node-down.ts `asLoss`).
    if (action === 'node-down')
      return {
        node,
        role: r.role,
        etcdMember: r.etcdMember,
        verdict: r.verdict,
        findings: r.findings.map(asLoss),
      };
    if (action !== 'drain')
      return { node, role: r.role, etcdMember: r.etcdMember, verdict: r.verdict, findings: r.findings };
    const d = analyzeDrainImpact(snapshot, node, now);
    return {
      node,
      role: r.role,
      etcdMember: r.etcdMember,
      verdict: d.verdict ?? r.verdict,
      findings: d.findings,
    };
  });
}

/**
 * Analyse several nodes down at once.
 * @param snapshot - the cluster as read, with the pods of every target kept whole
 *   (`moreFocusNodes` of the snapshot readers)
 * @param nodes - the target nodes: names of the cluster's nodes (the caller resolves what was typed), no duplicates
 * @param now - the analysis clock (lease ages are relative to it)
 * @param options - what is done to the nodes (`node-down`: PDBs do not stop it)
 * @param alone - each node's own analysis when already computed (the rolling plan reuses them)
 * @param context - the snapshot already indexed at `now` ({@link analysisContext}); built here when absent
 * @returns the joint verdict and findings; see {@link JointImpact}
 */
export function analyzeJointImpact(
  snapshot: ClusterSnapshot,
  nodes: readonly string[],
  now: Date,
  options: JointOptions,
  alone?: readonly NodeAlone[],
  context?: AnalysisContext,
): JointImpact {
  const ctx = contextFor(snapshot, now, context);
  const { index, state } = ctx;
  const targets = new Set(nodes);
  let each: NodeAlone[];
  if (alone !== undefined) {
    const byNode = new Map<string, NodeAlone>();
    for (const a of alone) if (!byNode.has(a.node)) byNode.set(a.node, a);
    each = nodes
      .map((n) => byNode.get(n) ?? analyzeEachAlone(snapshot, [n], now, ctx, options.action)[0])
      .filter((a): a is NodeAlone => a !== undefined);
  } else each = analyzeEachAlone(snapshot, nodes, now, ctx, options.action);
  // Every node of the cluster down together (issue 29): no node is left to run a replacement of
  // an add-on or a CSI controller, so "until a replacement is Ready on another node" is not said.
  if (snapshot.nodes.every((n) => targets.has(n.metadata.name) || !isNodeReady(n)))
    each = each.map((a) => ({
      ...a,
      findings: a.findings.filter((f) => f.check !== 'cluster-addons' && f.check !== 'csi-controller'),
    }));

  // The pods the drains evict, those that can run elsewhere and those pinned to their node: only
  // the first need room, and a pinned pod's budget does not recover while it is evicted.
  const dead = new Set(each.filter((a) => drainBlockOf(a.findings) === 'node-dead').map((a) => a.node));
  const name = podKey;
  // The pods each node's own eviction model keeps (a budget refuses them now, HTTP 429).
  const refusedNow = new Set(
    each.flatMap((a) =>
      a.findings
        .filter((f) => f.check === 'grace-period' && Array.isArray(f.facts.refusedPods))
        .flatMap((f) => {
          // Not those whose retry stopped the drain (`stoppedPods`, a webhook's 500).
          const stopped = Array.isArray(f.facts.stoppedPods) ? (f.facts.stoppedPods as string[]) : [];
          return (f.facts.refusedPods as string[]).filter((p) => !stopped.includes(p));
        }),
    ),
  );
  // …and every pod it keeps (refused later, or stopping its drain): already out of its counts.
  const ownHeld = new Set(
    each.flatMap((a) =>
      a.findings
        .filter((f) => f.check === 'grace-period')
        .flatMap((f) =>
          ['refusedPods', 'refusedLaterPods', 'stoppedPods'].flatMap((k) =>
            Array.isArray(f.facts[k]) ? (f.facts[k] as string[]) : [],
          ),
        ),
    ),
  );
  const asked = jointEvictions(index, nodes, dead, options.action, refusedNow);
  // The drains' evictions together, in sequence (issue 28 item 4): a pod its budget lets go only
  // once an earlier evicted pod runs again elsewhere is refused for ever when that pod is pinned or
  // fits nowhere. Every count and "moves to" of the answer reads these fates, and the room is the
  // sequence's placement (a loss, `node-down`, places every pod at once).
  const { sequence, heldBack } = jointSequence(index, nodes, asked, dead, refusedNow, options.action);
  const evictions =
    heldBack.size === 0
      ? asked
      : jointEvictions(index, nodes, dead, options.action, new Set([...refusedNow, ...heldBack]));
  const refusedPods = new Set(evictions.refused.map(name));
  const lostStatefulSet = new Set(asked.statefulSet.map(name));
  const evictable = asked.evicted;
  const capacity = jointCapacity(index, nodes, evictions, sequence?.placement);
  const pinned = new Set(asked.pinned.map(name));
  // A drain evicts pods through the API server and leaves the node running: kubectl drain skips
  // mirror (static) pods and DaemonSet pods, so etcd, the API server, the leaders and kube-vip
  // keep running on drained nodes (https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/,
  // https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/). A joint drain is about
  // evictions, budgets and room only.
  const goesDown = options.action !== 'drain';
  const dnsDown = clusterDnsDown(index);
  const guardFindings =
    options.action === 'node-down'
      ? []
      : quorumGuardDrainFindings(
          index,
          state.nodes.filter((n) => targets.has(n.name)).map((n) => n.name),
        );
  const guardNames = new Set(quorumGuardBudgets(index).map((p) => p.metadata.name));
  const computed = [
    ...(goesDown ? etcdJoint(state, targets) : []),
    // A drain takes no master down, but a partial file is said as the reboot says it (issue 16).
    ...(goesDown
      ? controlPlaneJoint(state, targets)
      : partialControlPlaneFindings(
          state,
          state.nodes.filter((n) => targets.has(n.name)).map((n) => n.name),
        )),
    ...(goesDown ? vipJoint(index, targets) : []),
    // OpenShift: the drains evict each master's etcd quorum guard pod (not for nodes lost undrained).
    ...guardFindings,
    ...jointPdbs(
      index,
      nodes,
      evictable,
      new Set([...capacity.unplaced, ...pinned, ...lostStatefulSet]),
      options.action,
    ).filter(
      // The guard's budget is said once, on the control plane, by guardFindings.
      (f) => !(guardFindings.length > 0 && guardNames.has(String(f.facts.pdb))),
    ),
    // Cluster DNS down already (no Ready pod): an existing problem said once; its pods on the
    // nodes are not "down until rescheduled" (src/analysis/cluster-dns.ts).
    ...(dnsDown ? [clusterDnsDownNow(dnsDown)] : []),
    ...jointReplicas(
      index,
      nodes,
      // A pod a budget refuses stays: its workload is neither rescheduled nor down (the eviction model).
      evictable.filter((p) => !refusedNow.has(name(p)) && !(dnsDown && isClusterDnsPod(index, p))),
      pinned,
      options.action,
      lostStatefulSet,
      capacity.unplaced,
    ),
    ...capacity.findings,
    // Nodes lost together: Ceph's placement groups and mon quorum (no budget holds a loss back).
    ...(options.action === 'node-down' ? cephLossFindings(index, nodes) : []),
  ];
  const lost = jointQuorumLost(computed);
  const writesBlocked = each.some((a) => drainBlockOf(a.findings) === 'writes-blocked');
  const hasCapacity = capacity.findings.length > 0;
  // Nodes lost while the control plane still serves, with other nodes left: their pods are evicted
  // once the nodes are NotReady and the NoExecute toleration runs out, and recreated elsewhere
  // (https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions).
  // The DNS finding then says so (fact `recovers`, one timeline with the Stops line; issue 16,
  // reader6 B17), and an add-on pod there is not "evicted by the drain" (no drain in a failure).
  const recovers =
    options.action === 'node-down' &&
    !lost &&
    !writesBlocked &&
    !index.snapshot.nodes.every((n) => nodes.includes(n.metadata.name));
  const lossTold = (f: Finding): Finding => {
    if (options.action !== 'node-down') return f;
    if (recovers && f.check === 'single-replica' && f.variant.startsWith('joint-dns-'))
      return { ...f, facts: { ...f.facts, recovers: true } };
    if (f.check === 'workloads-on-control-plane' && f.variant === 'system')
      return recovers ? f : { ...f, variant: 'system-down' };
    return f;
  };
  // Nodes lost together are failed nodes (fate `lost`, as node-down.ts asLoss): their sentences
  // say neither "back up and uncordoned" nor a reboot where a `-lost` text exists.
  const joint = worstFirst(
    sharedBudgetHolds(
      oneWriteModel(computed, lost, writesBlocked, options.action, hasCapacity),
      options.action,
    ),
  )
    .map((f): Finding => (options.action === 'node-down' ? { ...f, facts: { ...f.facts, fate: 'lost' } } : f))
    .map(lossTold);

  const seen = new Set<string>();
  const carried: Finding[] = [];
  for (const a of each) {
    for (const found of a.findings) {
      if (RECOMPUTED.has(found.check) && !(found.check === 'pdb-blocks' && found.variant === 'overlapping'))
        continue;
      // A loss is no drain: what a drain refuses or waits on does not apply (node-down.ts).
      if (options.action === 'node-down' && DRAIN_ONLY.has(found.check)) continue;
      const f = withoutTargets(found, targets);
      if (f === null) continue;
      const key = `${f.check}|${f.variant}|${JSON.stringify(f.facts)}`;
      if (seen.has(key)) continue;
      seen.add(key);
      carried.push(lossTold(f));
    }
  }
  const on = (pods: readonly KPod[], node: string): string[] =>
    pods.filter((p) => p.spec?.nodeName === node).map(name);
  const evictionsByNode: NodeEvictions[] = nodes.map((node) => {
    const moving = on(evictions.moving, node);
    const evicted = on(evictions.evicted, node);
    const pinnedHere = on(evictions.pinned, node);
    return {
      node,
      evicted,
      moving,
      unplaced: moving.filter((p) => capacity.unplaced.has(p)),
      pinned: pinnedHere,
      statefulSet: on(evictions.statefulSet, node),
      bare: dead.has(node)
        ? []
        : evicted.filter(
            (p) =>
              !moving.includes(p) &&
              !pinnedHere.includes(p) &&
              !refusedPods.has(p) &&
              !evictions.statefulSet.some((q) => name(q) === p),
          ),
      refused: dead.has(node) ? [] : evicted.filter((p) => refusedPods.has(p)),
      dead: dead.has(node),
    };
  });
  const findings = worstFirst([
    ...joint,
    ...oneWriteModel(
      jointPinnedVolumes(
        index,
        targets,
        withJointFates(
          jointDrainEstimate(
            carried,
            options.action !== 'upgrade' &&
              options.action !== 'node-down' &&
              index.snapshot.nodes.every((n) => nodes.includes(n.metadata.name)),
          ),
          evictionsByNode,
          [...heldBack].filter((p) => !ownHeld.has(p)).length,
          sequence,
        ),
        joint,
        options.action,
      ),
      lost,
      writesBlocked,
      options.action,
      hasCapacity,
    ),
  ]);
  // A drain touches the data plane only, whatever the node's role.
  const ownPlanes = new Set<Plane>(
    each.map((a) => (a.role === 'control-plane' && goesDown ? 'control' : 'data')),
  );
  // Every node rebooted or drained stops its pods (and on reboot its kubelet, kube-proxy and CNI),
  // a control-plane node's as a worker's: the data plane is affected, as for one node (reader 2.7).
  ownPlanes.add('data');
  const planesAffected = PLANES.filter(
    (p) =>
      ownPlanes.has(p) ||
      findings.some(
        (f) => f.plane === p && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warn && f.check !== 'read-error',
      ),
  );
  return {
    nodes: [...nodes],
    action: options.action,
    verdict: verdictOf(findings),
    findings,
    joint,
    alone: each,
    planesAffected,
    evictions: evictionsByNode,
    clusterNodes: snapshot.nodes.length,
    controlPlane: state.managed
      ? 'managed'
      : goesDown && each.some((a) => a.role === 'control-plane' || a.etcdMember)
        ? 'kept'
        : 'untouched',
    snapshotAt: snapshot.capturedAt.toISOString(),
  };
}

/**
 * A node's "other workers already NotReady or cordoned" finding (`concurrent-disruption`
 * `workers`) without the nodes that are themselves targets of the joint request: "other nodes are
 * already NotReady: vega-wk-2" is wrong when vega-wk-2 is one of the nodes asked about (issue 16,
 * reader4: scenario 49). Other findings are returned as they are.
 * @param f - a finding of one node's own analysis
 * @param targets - the nodes of the joint request
 * @returns the finding, narrowed, or null when every node it names is a target
 */
function withoutTargets(f: Finding, targets: ReadonlySet<string>): Finding | null {
  // kured's lock held for other nodes: a target among them has its own finding (issue 16, reader5
  // F13: "kured is rebooting pyxis-wk-1" beside "kured holds its lock for pyxis-wk-1 and pyxis-wk-3").
  if (
    f.check === 'concurrent-disruption' &&
    (f.variant === 'kured-lock' || f.variant === 'kured-lock-held') &&
    Array.isArray(f.facts.holder)
  ) {
    const holder = (f.facts.holder as readonly string[]).filter((h) => !targets.has(h));
    if (holder.length === 0) return null;
    // The node it was found for is not part of what it says: one finding per holder set.
    return { ...f, facts: { holder, count: holder.length } };
  }
  if (f.check !== 'concurrent-disruption' || f.variant !== 'workers' || !Array.isArray(f.facts.names))
    return f;
  const names = f.facts.names as readonly string[];
  const nodes = Array.isArray(f.facts.nodes) ? (f.facts.nodes as readonly string[]) : [];
  const keep = names.map((_, i) => i).filter((i) => !targets.has(names[i] ?? ''));
  if (keep.length === 0) return null;
  if (keep.length === names.length) return f;
  return {
    ...f,
    facts: { ...f.facts, names: keep.map((i) => names[i] ?? ''), nodes: keep.map((i) => nodes[i] ?? '') },
  };
}
