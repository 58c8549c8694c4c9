/**
 * Several nodes in one question → a {@link Reply}: the joint answer ("together": all of
 * them down at once) or the rolling plan ("one by one"), both from the same analysis, in English
 * or Korean. Texts under `multiNode` (locales/en-multi-node.ts, ko-multi-node.ts); findings the
 * joint analysis carries over from each node's own analysis keep their single-node texts.
 */
import type {
  JointImpact,
  MultiNodeAction,
  NodeEvictions,
  RollingPlan,
  WaitCondition,
} from '../analysis/multi-node/types.js';
import { drainBlockOf } from '../analysis/node-state-checks.js';
import { TYPICAL_NODE_REBOOT_S } from '../analysis/domain.js';
import { type FactValue, type Finding, type Plane, PLANES, SEVERITY_RANK } from '../analysis/types.js';
import type { Locale } from '../commands/types.js';
import { adviseFinding, explainFinding, findingParams } from './explain-finding.js';
import { leaderLines } from './explain-reboot-impact.js';
import { type Translator, translator } from './i18n.js';
import type { MultiNodeReplyData, PlaneSection, Reply } from './reply.js';
import { type ContextSource, replyContext } from './context-line.js';

/** What the explanation needs besides the analysis. */
export interface MultiNodeExplainContext {
  locale: Locale;
  cluster: string;
  requestId: string;
  mode: 'together' | 'one-by-one';
  /** Title words for the nodes: their names, or the group as named. */
  title: string;
  /** Extra lines (names that are no node, nodes beyond the limit). */
  notes: string[];
  /** The state and capture source of the snapshot analysed, for the context line ({@link replyContext}). */
  source?: Omit<ContextSource, 'snapshotAt'>;
}

/** Text key of a joint finding (`multiNode.checks.<check>.<variant>`; both leader Leases share `leader`). */
function jointKey(f: Finding): string {
  const check =
    f.check === 'leader-scheduler' || f.check === 'leader-controller-manager' ? 'leader' : f.check;
  // A single etcd member: "0 of 1 voting members stay healthy" is said as the only member going down.
  // One pod of several Pending: "1 of the N evicted pods fits", not "fit".
  const single =
    (f.check === 'etcd-quorum-after' && f.variant === 'joint-lost' && f.facts.voters === 1) ||
    (f.check === 'capacity' && f.variant.startsWith('joint-some-pending') && f.facts.unplacedCount === 1);
  // None left of several members: said as none, not "0 of 3 … stay" ("0개만 남아", issue 16).
  const none =
    f.check === 'etcd-quorum-after' && f.variant === 'joint-lost' && !single && f.facts.after === 0;
  return `multiNode.checks.${check}.${f.variant}${single ? '-single' : none ? '-none' : ''}`;
}

/**
 * One finding in a sentence: a joint finding by its `multiNode` text, a carried one by its single-node text.
 * @param tr - the translator
 * @param f - a finding of a {@link JointImpact}
 * @returns the sentence, or null when no text exists
 */
export function explainMultiNodeFinding(tr: Translator, f: Finding): string | null {
  const key = jointKey(f);
  // A one-node step of a plan (fact `targets` 1): its own sentence, not "together these nodes"
  // (`<key>-one-node` where it exists; issue 30 item 4, Korean review 2026-12 answer 06).
  if (f.facts.targets === 1 && tr.has(`${key}-one-node`))
    return tr.t(`${key}-one-node`, findingParams(tr, f));
  // A workload whose pods there can run on no other node meanwhile (fact `nowhere`: every node of
  // the cluster is a target, or none of them fits elsewhere; issue 16, reader6 B4, B18): down until
  // the nodes can run pods again, never "until rescheduled" (`<key>-every-node`, `<key>-no-room`;
  // a drain's `-evicted` form shares them).
  const nowhere = f.facts.nowhere;
  if (nowhere === 'every-node' || nowhere === 'no-room') {
    const k = `${key.replace(/-evicted$/, '')}-${nowhere}`;
    if (tr.has(k)) return tr.t(k, findingParams(tr, f));
  }
  // Nodes lost while the control plane recovers them (fact `recovers`, joint-impact.ts; reader6
  // B17): the DNS pods are evicted and rescheduled elsewhere, the timeline of the Stops line.
  if (f.facts.recovers === true && tr.has(`${key}-recovers`))
    return tr.t(`${key}-recovers`, findingParams(tr, f));
  // Nodes lost (fate `lost`): nobody cordoned them, nothing reboots them (`<key>-lost` where it exists).
  if (f.facts.fate === 'lost' && tr.has(`${key}-lost`)) return tr.t(`${key}-lost`, findingParams(tr, f));
  if (tr.has(key)) return tr.t(key, findingParams(tr, f));
  return explainFinding(tr, f);
}

function waitText(tr: Translator, w: WaitCondition): string {
  return tr.t(`multiNode.wait.${w.type}`, w);
}

function worth(f: Finding): boolean {
  return f.severity !== 'ok' || f.check === 'etcd-quorum-after' || f.check === 'capacity';
}

/**
 * The machine-readable part of the answer (`Reply.multiNode`), for `--format json`.
 * @param mode - the mode asked
 * @param joint - the joint analysis
 * @param plan - the rolling plan
 */
export function multiNodeData(
  mode: 'together' | 'one-by-one',
  joint: JointImpact,
  plan: RollingPlan,
): MultiNodeReplyData {
  return {
    mode,
    action: joint.action,
    nodes: joint.nodes,
    joint: {
      verdict: joint.verdict,
      findings: joint.findings.map((f) => ({ check: f.check, variant: f.variant, severity: f.severity })),
    },
    plan: {
      verdict: plan.verdict,
      order: plan.order,
      batches: plan.batches,
      riskiestStep: plan.riskiestStep,
      workerBatchSize: plan.workerBatchSize,
      steps: plan.steps.map((s) => ({
        index: s.index,
        nodes: s.nodes,
        verdict: s.verdict,
        waitFor: s.waitFor.map((w) => ({ ...w })),
      })),
      excluded: plan.excluded.map((e) => ({
        node: e.node,
        reasons: e.reasons.map((r) => `${r.check}/${r.variant}`),
      })),
    },
  };
}

/** The joint answer's reason: its worst warning or block in a sentence, else that everything holds. */
function jointReason(tr: Translator, joint: JointImpact): string {
  const worst = joint.findings.find((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warn);
  return (
    (worst === undefined ? null : explainMultiNodeFinding(tr, worst)) ??
    // A lost node is no eviction: no PodDisruptionBudget is asked (involuntary disruption). etcd's
    // quorum is said kept only where the joint checks computed it (issue 16, reader3: scenario 13).
    tr.t(joint.action === 'node-down' ? 'multiNode.summary.safeReasonDown' : 'multiNode.summary.safeReason', {
      control: tr.t(`multiNode.summary.safeControl.${joint.controlPlane}`),
    })
  );
}

function askExample(
  tr: Translator,
  nodes: readonly string[],
  mode: 'together' | 'one-by-one',
  action: MultiNodeAction = 'reboot',
): string {
  const list = nodes.join(', ');
  // A drain is asked about as a drain; every other action as the reboot it includes.
  const drain = action === 'drain';
  if (tr.locale === 'ko') {
    const verb = drain ? '드레인해도' : '재부팅해도';
    return mode === 'one-by-one' ? `${list} 하나씩 ${verb} 돼?` : `${list} 동시에 ${verb} 돼?`;
  }
  const verb = drain ? 'drain' : 'reboot';
  return mode === 'one-by-one' ? `${verb} ${list} one by one` : `can I ${verb} ${list}`;
}

/**
 * The data plane's Stops and Keeps-working lines of a joint answer, from the same model as its
 * findings ({@link JointImpact.evictions}, and what can still be written: etcd refusing writes,
 * quorum lost), as one node's answer has them (explain-reboot-impact.ts `dataSection`): the pods
 * the drains move elsewhere (only those that can run elsewhere: not the pinned ones, not bare pods),
 * those that fit nowhere, those pinned to their node (down while it is, never "recreated on other
 * nodes"), bare pods lost, each node's kubelet, kube-proxy and CNI (not for a drain, which leaves
 * the nodes running; not for a node already dead), workloads with no replica left.
 * @param tr - the translator
 * @param joint - the joint analysis
 * @param lost - the nodes together lose quorum
 */
function dataLines(
  tr: Translator,
  joint: JointImpact,
  lost: boolean,
): Pick<PlaneSection, 'stops' | 'keepsWorking'> {
  const action = joint.action;
  const drain = action === 'drain';
  const writesBlocked = joint.alone.some((a) => drainBlockOf(a.findings) === 'writes-blocked');
  // Nodes lost without a drain while quorum is lost: nothing is evicted nor recreated (writes).
  const noQuorum = !writesBlocked && lost && action === 'node-down';
  const drainFirst = lost && !writesBlocked && !noQuorum;
  const live = joint.evictions.filter((e) => !e.dead);
  const liveNodes = live.map((e) => e.node);
  const sum = (pick: (e: NodeEvictions) => readonly string[], of = live): string[] => of.flatMap(pick);
  const nodesWith = (pick: (e: NodeEvictions) => readonly string[]): string[] =>
    live.filter((e) => pick(e).length > 0).map((e) => e.node);
  const stops: string[] = [];
  const t = (key: string, params: Record<string, FactValue>): void => {
    stops.push(tr.t(key, params));
  };
  for (const e of joint.evictions) {
    const count = e.evicted.length;
    if (e.dead && count > 0) t('stops.pods-on-dead-node', { node: e.node, count });
  }
  if (writesBlocked) {
    if (drain) {
      if (liveNodes.length > 0) t('multiNode.stops.drain-writes-blocked', { nodes: liveNodes });
    } else {
      const all = sum((e) => e.evicted);
      if (all.length > 0)
        t('multiNode.stops.pods-writes-blocked', {
          count: all.length,
          nodes: live.filter((e) => e.evicted.length > 0).map((e) => e.node),
        });
    }
  } else if (noQuorum) {
    const moving = sum((e) => e.moving);
    if (moving.length > 0)
      t('multiNode.stops.pods-no-quorum', { count: moving.length, nodes: nodesWith((e) => e.moving) });
  } else if (action !== 'upgrade' && joint.clusterNodes <= joint.nodes.length) {
    // Every node of the cluster lost (reader5 F23, real 09): no node is left to run a pod, so
    // nothing is rescheduled anywhere: every workload is down until a node is back. The same for
    // every node drained or rebooted together (reader6 B4, real 09): the evicted pods stay Pending
    // on no node. (Not an upgrade: a managed pool's upgrade adds nodes first, surge.)
    t(
      action === 'node-down'
        ? 'multiNode.stops.every-workload-down'
        : `multiNode.stops.every-workload-down-${drain ? 'drain' : 'reboot'}`,
      { nodes: joint.nodes },
    );
    const bare = sum((e) => e.bare);
    if (bare.length > 0 && action !== 'node-down') t('stops.pods-lost', { pods: bare, count: bare.length });
  } else {
    const moved = live.flatMap((e) => e.moving.filter((p) => !e.unplaced.includes(p)));
    const movedNodes = live.filter((e) => e.moving.some((p) => !e.unplaced.includes(p))).map((e) => e.node);
    const key =
      action === 'node-down'
        ? 'multiNode.stops.pods-rescheduled'
        : drainFirst
          ? 'multiNode.stops.pods-evicted-drain-first'
          : 'multiNode.stops.pods-evicted';
    if (moved.length > 0) t(key, { count: moved.length, nodes: movedNodes });
    // Every evicted pod that fits nowhere, as the joint capacity finding counts them (issue 33 item
    // 18: leaving out those a budget's line names made "one pod" beside "None of the 2").
    const stranded = sum((e) => e.unplaced);
    if (stranded.length > 0)
      t('multiNode.stops.pods-stranded', { count: stranded.length, nodes: nodesWith((e) => e.unplaced) });
    const bare = sum((e) => e.bare);
    if (bare.length > 0 && action !== 'node-down') t('stops.pods-lost', { pods: bare, count: bare.length });
    const down = joint.joint.filter(
      (f) =>
        f.check === 'single-replica' &&
        f.severity !== 'info' &&
        f.severity !== 'ok' &&
        !f.variant.startsWith('joint-pinned') &&
        !f.variant.startsWith('joint-statefulset') &&
        f.variant !== 'joint-quorum-lost',
    );
    // Those whose pods fit on no remaining node are not "rescheduled" (reader6 B18).
    const downNoRoom = down.filter((f) => f.facts.nowhere === 'no-room').map((f) => String(f.facts.workload));
    const downMoving = down.filter((f) => f.facts.nowhere !== 'no-room').map((f) => String(f.facts.workload));
    if (downMoving.length > 0) t('multiNode.stops.workloads-down', { workloads: downMoving });
    if (downNoRoom.length > 0) t('multiNode.stops.workloads-down-no-room', { workloads: downNoRoom });
    // A quorum workload below its majority is down however many replicas are left (quorum-workloads.ts).
    const noMajority = joint.joint
      .filter((f) => f.check === 'single-replica' && f.variant === 'joint-quorum-lost')
      .map((f) => String(f.facts.workload));
    if (noMajority.length > 0)
      t('multiNode.stops.workloads-quorum-lost', { workloads: noMajority, count: noMajority.length });
  }
  // Nodes lost: their StatefulSet pods stay Terminating and are not recreated elsewhere
  // (joint-workloads.ts JointEvictions `statefulSet`), whether quorum holds or not.
  const statefulSet = sum((e) => e.statefulSet);
  if (statefulSet.length > 0 && !writesBlocked)
    t('multiNode.stops.statefulset-lost', { pods: statefulSet, count: statefulSet.length });
  // A pinned pod is down as long as its node is (with writes refused the line above counts it:
  // nothing is evicted, a drained node keeps it running, a rebooted one brings it back).
  // Pinned pods under a budget that lets only some of them go (joint `joint-held-by-budget-stuck`):
  // one of them is evicted and stays Pending, the others stay where they are; said per budget.
  const heldStuck = joint.joint.filter(
    (f) =>
      f.check === 'single-replica' &&
      (f.variant === 'joint-held-by-budget-stuck' || f.variant === 'joint-held-by-budget-no-room'),
  );
  const heldPods = new Set(
    heldStuck.flatMap((f) => (Array.isArray(f.facts.podsHere) ? (f.facts.podsHere as string[]) : [])),
  );
  if (!writesBlocked)
    for (const f of heldStuck)
      t(f.variant.endsWith('-no-room') ? 'multiNode.stops.no-room-held' : 'multiNode.stops.pinned-held', {
        pods: Array.isArray(f.facts.podsHere) ? (f.facts.podsHere as string[]) : [],
        pdb: String(f.facts.pdb ?? ''),
        namespace: String(f.facts.pdbNamespace ?? ''),
        allowed: Number(f.facts.allowed ?? 0),
        count: Number(f.facts.allowed ?? 0),
      });
  // The eviction model: pods a budget refuses stay where they are, and the drains wait on them.
  // (Those a budget holds back with pods that fit nowhere are said per budget, above.)
  const refused =
    action === 'node-down' || writesBlocked ? [] : sum((e) => e.refused).filter((p) => !heldPods.has(p));
  if (refused.length > 0)
    t(drain ? 'multiNode.stops.drain-waits' : 'multiNode.stops.drain-waits-reboot', {
      pods: refused,
      count: refused.length,
    });
  // Pinned pods of several workloads under one budget that lets only some go (joint-impact.ts
  // `sharedBudgetHolds`): said per budget, as above.
  if (!writesBlocked && drain)
    for (const b of joint.joint.filter(
      (f) =>
        f.check === 'pdb-blocks' &&
        f.variant === 'joint-exceeds-stuck' &&
        joint.joint.some(
          (w) =>
            w.check === 'single-replica' &&
            w.variant === 'joint-pinned-shared-budget' &&
            w.facts.pdb === f.facts.pdb &&
            w.facts.pdbNamespace === f.facts.namespace,
        ),
    )) {
      const pods = (Array.isArray(b.facts.pods) ? (b.facts.pods as string[]) : [])
        .map((p) => `${String(b.facts.namespace)}/${p}`)
        .filter((p) => !heldPods.has(p));
      if (pods.length === 0) continue;
      for (const p of pods) heldPods.add(p);
      t('multiNode.stops.pinned-held', {
        pods,
        pdb: String(b.facts.pdb ?? ''),
        namespace: String(b.facts.namespace ?? ''),
        allowed: Number(b.facts.disruptionsAllowed ?? 0),
        count: Number(b.facts.disruptionsAllowed ?? 0),
      });
    }
  const pinned = sum((e) => e.pinned).filter((p) => !heldPods.has(p));
  if (pinned.length > 0 && !writesBlocked)
    t(drain ? 'multiNode.stops.pinned-drain' : 'multiNode.stops.pinned-down', {
      pods: pinned,
      count: pinned.length,
    });
  if (!drain && liveNodes.length > 0)
    t(action === 'node-down' ? 'multiNode.stops.node-agents-down' : 'multiNode.stops.node-agents', {
      nodes: liveNodes,
      count: liveNodes.length,
      seconds: TYPICAL_NODE_REBOOT_S,
    });
  if (drain && !writesBlocked) t('multiNode.stops.cordon', { nodes: joint.nodes });

  // Keeps working: what runs on the nodes that are not targets (none when every node is one).
  const others = joint.clusterNodes > joint.nodes.length;
  const keeps: string[] = [];
  // A NotReady target is not said to keep running: no kubelet reports there (issue 16, reader6
  // B15). Its own findings say so (node-health not-ready, or dead-node-drain).
  const notReady = new Set(
    joint.alone
      .filter((a) =>
        a.findings.some(
          (f) => (f.check === 'node-health' && f.variant === 'not-ready') || f.check === 'dead-node-drain',
        ),
      )
      .map((a) => a.node),
  );
  const readyTargets = joint.nodes.filter((n) => !notReady.has(n));
  if (drain && readyTargets.length > 0)
    keeps.push(tr.t('multiNode.keeps.drained-nodes', { nodes: readyTargets, count: readyTargets.length }));
  if (refused.length > 0)
    keeps.push(tr.t('multiNode.keeps.refused-pods', { pods: refused, count: refused.length }));
  if (others) keeps.push(tr.t('keeps.other-workloads'));
  if (
    others &&
    joint.joint.some(
      (f) =>
        f.check === 'single-replica' &&
        (f.variant === 'joint-spread' ||
          f.variant === 'joint-pinned-spread' ||
          f.variant === 'joint-statefulset-spread' ||
          f.variant.startsWith('joint-held-by-budget')),
    )
  )
    keeps.push(tr.t('keeps.spread-workloads'));
  if (others && !drain) keeps.push(tr.t('keeps.pod-traffic'));
  return { stops, keepsWorking: keeps };
}

/**
 * The control plane's Stops and Keeps-working lines of a joint answer that keeps quorum, for nodes
 * that go down (not a drain), as one control-plane node's answer has them
 * (explain-reboot-impact.ts `controlSection`): the etcd members down and the failures still
 * tolerated, the API capacity lost, each leader Lease that moves to a standby, the VIP that moves,
 * an etcd election; with etcd refusing writes (an alarm) every change through the API stops.
 * Lost quorum has its own lines ({@link planes}).
 * @param tr - the translator
 * @param joint - the joint analysis
 */
function controlLines(tr: Translator, joint: JointImpact): Pick<PlaneSection, 'stops' | 'keepsWorking'> {
  const f = joint.findings;
  const stops: string[] = [];
  const keeps: string[] = [];
  if (joint.alone.some((a) => drainBlockOf(a.findings) === 'writes-blocked')) {
    return {
      stops: ['api-writes', 'scheduling', 'self-healing', 'node-failure', 'scaling', 'endpoints'].map((k) =>
        tr.t(`stops.${k}`),
      ),
      // Pods keep running only on nodes that are not among these (none when every node is one).
      keepsWorking: [
        'keeps.api-reads',
        ...(joint.clusterNodes > joint.nodes.length
          ? ['keeps.running-pods', 'keeps.pod-traffic', 'keeps.service-traffic']
          : []),
      ].map((k) => tr.t(k)),
    };
  }
  const etcd = f.find(
    (x) =>
      x.check === 'etcd-quorum-after' && (x.variant === 'joint-kept' || x.variant === 'joint-kept-no-spare'),
  );
  // One node or several: the sentence (and "until it is / they are back") agrees with the count.
  const countOf = (x: Finding): number => (Array.isArray(x.facts.nodes) ? x.facts.nodes.length : 1);
  if (etcd) {
    const spare = Number(etcd.facts.spare ?? 0);
    const count = countOf(etcd);
    stops.push(
      tr.t('multiNode.stops.etcd-members', {
        ...etcd.facts,
        count,
        spareText:
          spare > 0
            ? tr.t('stops.spare-some', { spare })
            : tr.t(count === 1 ? 'stops.spare-none' : 'multiNode.stops.spare-none'),
      }),
    );
  }
  const vip = f.find((x) => x.check === 'control-plane-endpoint' && x.variant === 'joint-vip-moves');
  const api = f.find((x) => x.check === 'apiserver-redundancy' && x.variant === 'joint-capacity');
  if (api) stops.push(tr.t('multiNode.stops.apiservers', { ...api.facts, count: countOf(api) }));
  if (vip) stops.push(tr.t('stops.vip-move', { node: String(vip.facts.holder) }));
  const apiLeft =
    api ?? f.find((x) => x.check === 'apiserver-redundancy' && x.variant === 'joint-already-down');
  if (apiLeft) keeps.push(tr.t(vip ? 'keeps.api-others-direct' : 'keeps.api-others', apiLeft.facts));
  const leaders = leaderLines(tr, f, 'joint-');
  stops.push(...leaders.stops);
  keeps.push(...leaders.keepsWorking);
  // Nothing more precise was seen (etcd health or the API servers not in the data): the nodes'
  // control-plane components stop all the same.
  if (stops.length === 0) {
    const cp = joint.alone.filter((a) => a.role === 'control-plane' || a.etcdMember).map((a) => a.node);
    stops.push(tr.t('multiNode.stops.control-plane-nodes', { nodes: cp, count: cp.length }));
  }
  if (joint.clusterNodes > joint.nodes.length)
    keeps.push(tr.t('keeps.running-pods'), tr.t('keeps.service-traffic'));
  return { stops, keepsWorking: keeps };
}

function planes(tr: Translator, joint: JointImpact): PlaneSection[] {
  const lost = joint.findings.some(
    (f) =>
      f.severity === 'block' &&
      ((f.check === 'etcd-quorum-after' &&
        (f.variant === 'joint-lost' || f.variant === 'joint-lost-unseen')) ||
        f.variant === 'joint-none-left'),
  );
  return PLANES.map((plane: Plane) => {
    const affected = joint.planesAffected.includes(plane);
    const reasons = joint.findings
      .filter((f) => f.plane === plane && worth(f))
      .map((f) => explainMultiNodeFinding(tr, f))
      .filter((s): s is string => s !== null);
    const control = plane === 'control' && lost;
    // Nodes that go down (not a drain) with a control-plane node among them, quorum kept.
    const controlDown =
      plane === 'control' &&
      affected &&
      !lost &&
      joint.action !== 'drain' &&
      joint.alone.some((a) => a.role === 'control-plane' || a.etcdMember);
    const data =
      plane === 'data' && affected
        ? dataLines(tr, joint, lost)
        : controlDown
          ? controlLines(tr, joint)
          : null;
    return {
      plane,
      affected,
      heading: `${tr.t(`plane.${plane}`)}: ${tr.t(affected ? 'plane.affected' : 'plane.unaffected')}`,
      reasons: [...new Set(reasons)],
      stops: control
        ? ['api-all', 'scheduling', 'self-healing', 'node-failure', 'scaling', 'endpoints'].map((k) =>
            tr.t(`stops.${k}`),
          )
        : (data?.stops ?? []),
      // Nothing keeps running when every node of the cluster is among these (reader5 F23).
      keepsWorking: control
        ? joint.clusterNodes > joint.nodes.length
          ? ['keeps.running-pods', 'keeps.pod-traffic', 'keeps.service-traffic'].map((k) => tr.t(k))
          : []
        : (data?.keepsWorking ?? []),
    };
  });
}

function advice(tr: Translator, findings: readonly Finding[]): string[] {
  const out: string[] = [];
  // An etcd alarm gates everything else (nothing can be changed until it is cleared): its advice first.
  const alarmsFirst = [
    ...findings.filter((f) => f.check === 'etcd-alarms'),
    ...findings.filter((f) => f.check !== 'etcd-alarms'),
  ];
  for (const f of alarmsFirst) {
    if (SEVERITY_RANK[f.severity] < SEVERITY_RANK.warn) continue;
    // Nothing can be evicted or rescheduled now: "add capacity" would not help.
    const moot =
      f.check === 'capacity' &&
      (f.variant === 'joint-writes-blocked' ||
        f.variant === 'joint-writes-blocked-drain' ||
        f.variant === 'joint-no-quorum');
    if (moot) continue;
    // With a single etcd member, one node at a time keeps no quorum either: say what does.
    const single = f.check === 'etcd-quorum-after' && f.facts.voters === 1 ? '-single' : '';
    // A pinned pod can start only on its own node: scaling is no answer (a Rook mon/OSD is the operator's).
    const pinned = f.variant.startsWith('joint-pinned') ? '-pinned' : '';
    // A quorum workload needs its majority Ready: more replicas do not bring the lost ones back.
    const quorum = f.variant === 'joint-quorum-lost' ? '-quorum' : '';
    const joint = f.variant.startsWith('joint-')
      ? `multiNode.advice.${f.check}${single}${pinned}${quorum}`
      : null;
    const jointLost =
      joint !== null && f.facts.fate === 'lost' && tr.has(`${joint}-lost`) ? `${joint}-lost` : joint;
    const text = jointLost !== null && tr.has(jointLost) ? tr.t(jointLost) : adviseFinding(tr, f);
    if (text !== null && !out.includes(text)) out.push(text);
  }
  return out;
}

/**
 * Explain a question about several nodes.
 * @param joint - the joint analysis ({@link analyzeJointImpact})
 * @param plan - the rolling plan ({@link planRolling}) of the same nodes
 * @param ctx - locale, cluster, request id, the mode asked, title words, extra notes
 * @returns a `reboot-impact` reply: the joint verdict for `together`, the plan's for `one-by-one`;
 *   `multiNode` carries both for `--format json`
 */
export function explainMultiNode(joint: JointImpact, plan: RollingPlan, ctx: MultiNodeExplainContext): Reply {
  const tr = translator(ctx.locale);
  const action = tr.t(`multiNode.action.${joint.action}`);
  const nodes = tr.list(joint.nodes);
  const title = tr.t('multiNode.title', { mode: tr.t(`multiNode.mode.${ctx.mode}`), nodes: ctx.title });
  const context = ctx.source
    ? replyContext({ ...ctx.source, snapshotAt: joint.snapshotAt }, ctx)
    : { cluster: ctx.cluster, snapshotAt: joint.snapshotAt, requestId: ctx.requestId };
  const aloneLines = joint.alone.map((a) =>
    tr.t('multiNode.aloneLine', { node: a.node, verdict: tr.t(`verdict.${a.verdict}`) }),
  );
  const base = {
    kind: 'reboot-impact' as const,
    locale: ctx.locale,
    title,
    actions: [],
    context,
    multiNode: multiNodeData(ctx.mode, joint, plan),
  };

  if (ctx.mode === 'together') {
    const reason = jointReason(tr, joint);
    // A drain takes no etcd member down: its note and hint speak of budgets and room only. Nor do
    // nodes none of which hosts an etcd member (workers, a managed cluster's nodes; issue 16,
    // reader5 F25): their note and hint leave etcd quorum out.
    const drain = joint.action === 'drain';
    const noMember = !joint.alone.some((a) => a.etcdMember);
    const sections = [
      {
        heading: tr.t('multiNode.heading.alone'),
        lines: [
          ...aloneLines,
          tr.t(
            drain
              ? 'multiNode.aloneNoteDrain'
              : noMember
                ? 'multiNode.aloneNoteNoEtcd'
                : 'multiNode.aloneNote',
          ),
        ],
      },
    ];
    // With a single etcd member no order keeps quorum: the hint to ask for one is not given.
    const singleVoter = joint.findings.some((f) => f.check === 'etcd-quorum-after' && f.facts.voters === 1);
    const hints =
      joint.verdict === 'safe' || joint.action === 'node-down' || singleVoter
        ? []
        : [
            tr.t(drain || noMember ? 'multiNode.askOneByOneDrain' : 'multiNode.askOneByOne', {
              example: askExample(tr, joint.nodes, 'one-by-one', joint.action),
            }),
          ];
    if (ctx.notes.length > 0 || hints.length > 0)
      sections.push({ heading: '', lines: [...hints, ...ctx.notes] });
    return {
      ...base,
      verdict: joint.verdict,
      summary: tr.t(
        `multiNode.summary.${joint.action === 'node-down' ? 'togetherDown' : 'together'}.${joint.verdict}`,
        { action, nodes, reason },
      ),
      planes: planes(tr, joint),
      sections,
      advice: advice(tr, joint.findings),
      findings: joint.findings,
    };
  }

  const stepLines = plan.steps.map((s) => {
    const first = s.concerns[0];
    const concern = first === undefined ? null : explainMultiNodeFinding(tr, first);
    return tr.t('multiNode.step', {
      index: s.index,
      nodes: tr.list(s.nodes),
      verdict: tr.t(`verdict.${s.verdict}`),
      risky: s.index === plan.riskiestStep && plan.steps.length > 1 ? tr.t('multiNode.riskyMark') : '',
      concern:
        concern === null
          ? tr.t('multiNode.stepNoConcern')
          : tr.t('multiNode.stepConcern', { concern: concern.replace(/\.$/u, '') }),
      waits: tr.list(s.waitFor.map((w) => waitText(tr, w))),
    });
  });
  const excludedLines = plan.excluded.map((e) => {
    const alone = joint.alone.find((a) => a.node === e.node);
    const block = alone?.findings.find((f) => f.severity === 'block');
    const reason = block === undefined ? null : explainFinding(tr, block);
    return reason === null
      ? tr.t('multiNode.excludedNoReason', { node: e.node })
      : tr.t('multiNode.excludedLine', { node: e.node, reason });
  });
  const leader = joint.alone.find((a) =>
    a.findings.some(
      (f) =>
        f.check === 'etcd-leader' &&
        (f.variant === 'leader-here' || f.variant === 'leader-here-writes-blocked'),
    ),
  )?.node;
  const hasControl = plan.steps.some((s) =>
    joint.alone.some((a) => s.nodes.includes(a.node) && (a.role === 'control-plane' || a.etcdMember)),
  );
  const hasWorkers = plan.steps.some((s) =>
    joint.alone.some((a) => s.nodes.includes(a.node) && a.role === 'worker' && !a.etcdMember),
  );
  const why = [
    ...(hasControl
      ? [
          leader === undefined
            ? tr.t('multiNode.orderWhy.control-no-leader')
            : tr.t('multiNode.orderWhy.control', { leader }),
        ]
      : []),
    ...(hasWorkers ? [tr.t('multiNode.orderWhy.workers', { batch: plan.workerBatchSize })] : []),
  ];
  const order = plan.batches.map((b, i) => `${i + 1}) ${b.join(' + ')}`).join(', ');
  const risky = plan.riskiestStep === null ? undefined : plan.steps[plan.riskiestStep - 1];
  const summary =
    plan.steps.length === 0
      ? tr.t('multiNode.summary.plan.none', { nodes })
      : plan.excluded.length > 0
        ? tr.t('multiNode.summary.plan.partial', {
            order,
            excluded: tr.list(plan.excluded.map((e) => e.node)),
          })
        : tr.t('multiNode.summary.plan.possible', {
            count: plan.steps.length,
            order,
            risky: plan.riskiestStep ?? 0,
            riskyNodes: tr.list(risky?.nodes ?? []),
          });
  const sections = [
    ...(stepLines.length > 0 ? [{ heading: tr.t('multiNode.heading.plan'), lines: stepLines }] : []),
    ...(excludedLines.length > 0
      ? [{ heading: tr.t('multiNode.heading.excluded'), lines: excludedLines }]
      : []),
    ...(why.length > 0 ? [{ heading: tr.t('multiNode.heading.order'), lines: why }] : []),
    {
      heading: tr.t('multiNode.heading.joint'),
      lines: [
        tr.t(`multiNode.summary.together.${joint.verdict}`, {
          action,
          nodes,
          reason: jointReason(tr, joint),
        }),
        tr.t('multiNode.askTogether', { example: askExample(tr, joint.nodes, 'together', joint.action) }),
      ],
    },
    ...(ctx.notes.length > 0 ? [{ heading: '', lines: ctx.notes }] : []),
  ];
  const concerns = plan.steps.flatMap((s) => s.concerns);
  return {
    ...base,
    verdict: plan.verdict,
    summary,
    planes: [],
    sections,
    advice: advice(tr, concerns),
    findings: concerns,
  };
}
