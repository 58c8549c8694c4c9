/**
 * "What if node N goes down?": a sudden loss, not a planned reboot. The reboot checks that still
 * apply (without those that describe what a drain refuses or waits on), the node-failure timeline
 * (docs/domain.md, "Node failure timings"), and what the control plane loses when N is one of its
 * nodes.
 */
import {
  DEFAULT_EVICTION_TOLERATION_S,
  ETCD_ELECTION_TIMEOUT_MS,
  LEADER_ELECTION_LEASE_DURATION_S,
} from '../domain.js';
import { cephLossFindings } from '../ceph-loss.js';
import { beforeRefusals } from '../eviction-model.js';
import { isNodeReady, podKey } from '../cluster-index.js';
import { finding } from '../finding.js';
import { analyzeRebootImpact } from '../reboot-impact.js';
import type { Finding } from '../types.js';
import { podsOnNode } from '../workload-checks.js';
import { topOwnerOf } from '../cluster-index.js';
import {
  type WhatIfContext,
  apiAwayInterruptions,
  apiStopsAll,
  finishWithReadErrors,
  keepDataPlane,
  keepOtherNodes,
  nodeNotFound,
} from './context.js';
import { ImpactBuilder, type WhatIfImpact } from './what-if-impact.js';

/** Reboot findings that describe what a drain refuses or waits on: they do not apply to a sudden loss. */
export const DRAIN_ONLY: ReadonlySet<string> = new Set([
  'unmanaged-pods',
  'pdb-blocks',
  'operator-budgets',
  'grace-period',
]);

/**
 * A reboot finding re-worded for a loss (fact `fate: 'lost'`, the `-lost` sentences of
 * explain-finding.ts): a Rook mon or OSD is down until the node is back, a StatefulSet's pod is
 * not recreated elsewhere (`<variant>-statefulset-lost`), and
 * whether Ceph keeps serving is said by `ceph-loss` ({@link cephLossFindings}), not by its budgets
 * (which do not hold a lost node back).
 * @param f - a finding of the reboot analysis
 */
export function asLoss(drained: Finding): Finding {
  // No budget holds a lost node's pods back: the finding as it was before the eviction model.
  const f = beforeRefusals(drained);
  // `fate: 'lost'`: the node failed, it is not rebooted: no sentence says "after the reboot" or
  // "back and uncordoned" (nothing cordoned it) where a `-lost` text exists (explain-finding.ts).
  const lost = { ...f, facts: { ...f.facts, fate: 'lost' } };
  // A failure is not planned work (issue 16, reader5 F2, F29): a failed etcd leader hands nothing
  // over (only a clean stop transfers leadership, EtcdServer.Stop; the members left elect a new
  // leader after the election timeout, https://etcd.io/docs/v3.5/tuning/), and nothing can be done
  // "first" about a Lease it holds: no advice (`noAdvice`).
  if (
    f.check === 'etcd-leader' &&
    (f.variant === 'leader-here' || f.variant === 'leader-here-writes-blocked')
  )
    return { ...lost, facts: { ...lost.facts, electionTimeoutMs: ETCD_ELECTION_TIMEOUT_MS, noAdvice: true } };
  if (
    (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') &&
    f.variant === 'held-here'
  )
    return { ...lost, facts: { ...lost.facts, noAdvice: true } };
  // emptyDir data: the advice is about how to drain (or not to); a failure drains nothing.
  if (f.check === 'emptydir-pods') return { ...lost, facts: { ...lost.facts, noAdvice: true } };
  // The checks of planned work are context in a failure, never its verdict: "no member should be
  // taken down while a learner joins" is advice for a reboot (the learner does not vote, and the
  // quorum arithmetic, etcd-quorum-after, already counts voters only); kured rebooting the node
  // itself does not race with a failure, which is no action of yours.
  if (f.check === 'etcd-learner' && f.variant === 'learner-reboot')
    return { ...lost, severity: 'info', variant: 'learner' };
  if (
    f.check === 'concurrent-disruption' &&
    (f.variant === 'kured-rebooting-here' || f.variant === 'kured-pending-here')
  )
    return { ...lost, severity: 'info', facts: { ...lost.facts, noAdvice: true } };
  if (f.check === 'single-replica' && f.variant === 'operator-daemon')
    return { ...lost, variant: 'operator-daemon-lost' };
  // A node already NotReady that fails: no drain waits on it (its block is a drain's, reader6 B9);
  // its state is context, a warning (`not-ready-lost`).
  if (f.check === 'dead-node-drain') return { ...lost, severity: 'warn' };
  // A StatefulSet's pod on a lost node is not recreated elsewhere (it stays Terminating until the
  // node is back, it is force-deleted, or the node gets the out-of-service taint;
  // https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/): never
  // "rescheduled", whatever the reboot's sentence says.
  // A StatefulSet left with no Ready replica (issue 16, reader6 B3: scenario 49, postgres 0 of 2
  // when vega-wk-1 fails) is down with no end of its own: its pod on the lost node comes back only
  // when the node does, or after someone force-deletes it or taints the node out of service. An
  // outage that ends only by hand blocks (as a Ceph loss does); one that heals itself (a
  // Deployment's pods recreated after the toleration) stays a warning.
  if (f.check === 'single-replica' && f.facts.kind === 'StatefulSet' && STATEFULSET_LOST.has(f.variant))
    return {
      ...lost,
      severity: f.severity === 'warn' ? 'block' : f.severity,
      variant: `${f.variant}-statefulset-lost`,
    };
  return lost;
}

/**
 * Whether anything replaces a lost node's pods, and why not (issue 16, reader5 F14, F19, F22):
 * - `recovers`: the control plane serves without the node: after the node-monitor grace period the
 *   node lifecycle controller marks it NotReady/Unknown and taints it, the EndpointSlice controller
 *   takes its pods out of the Service endpoints, and once the NoExecute toleration runs out the taint
 *   manager evicts them and their controllers create replacements
 *   (https://kubernetes.io/docs/concepts/architecture/nodes/#node-controller,
 *   https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions);
 * - `no-controller`: the node takes the control plane with it, or there is none serving already:
 *   the only control-plane node, the only API server, the only kube-controller-manager (which runs
 *   the node lifecycle controller and the taint-based evictions), or etcd quorum lost: nothing marks
 *   the node, takes its endpoints out or evicts its pods; they stay bound to it until it is back;
 * - `writes-blocked`: etcd refuses writes (an active NOSPACE/CORRUPT alarm,
 *   https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota): the NotReady condition, the taint,
 *   the endpoint removal and the evictions are all writes, and none happens until it is disarmed;
 * - `no-other-node`: the control plane serves (a managed one), but no other node is Ready: the
 *   node is marked NotReady and its pods are evicted, and they stay Pending: every workload is
 *   down until a node is back or added.
 */
export type LossRecovery = 'recovers' | 'no-controller' | 'writes-blocked' | 'no-other-node';

/**
 * How a loss of `nodes` is recovered ({@link LossRecovery}).
 * @param ctx - the analysis
 * @param findings - the reboot analysis' findings of the nodes (control-plane count, API servers,
 *   etcd quorum after, the control plane's health for a worker)
 * @param nodes - the nodes lost
 */
export function lossRecovery(
  ctx: WhatIfContext,
  findings: readonly Finding[],
  nodes: readonly string[],
): LossRecovery {
  const { state } = ctx;
  const kcm = state.nodes.filter((n) => n.components['kube-controller-manager'] === true).map((n) => n.name);
  const controlPlaneGoes =
    findings.some(
      (f) =>
        (f.check === 'control-plane-count' && f.severity === 'block') ||
        (f.check === 'apiserver-redundancy' && f.severity === 'block') ||
        (f.check === 'etcd-quorum-after' && /^(?:joint-)?lost/.test(f.variant)) ||
        (f.check === 'control-plane-healthy-for-worker' && f.variant === 'down'),
    ) ||
    (!state.managed && kcm.length > 0 && kcm.every((n) => nodes.includes(n)));
  if (controlPlaneGoes) return 'no-controller';
  if (state.etcd.alarms.length > 0) return 'writes-blocked';
  const othersReady = ctx.index.snapshot.nodes.filter(
    (n) => !nodes.includes(n.metadata.name) && isNodeReady(n),
  );
  return othersReady.length === 0 ? 'no-other-node' : 'recovers';
}

/**
 * A finding of a lost node re-worded when nothing replaces its pods elsewhere
 * ({@link LossRecovery} `no-controller` or `writes-blocked`; with `no-other-node` only the control
 * plane's "replaces its pods elsewhere" is left out): the single-replica sentences that say
 * a workload is "rescheduled" become `<variant>-stranded` (down until the node is back), the
 * add-on pods and emptyDir pods are not evicted (`-stranded`), and room elsewhere is moot (null:
 * the capacity finding is left out). The cluster's only node keeps its own sentences (`onlyNode`).
 * @param f - a finding already passed through {@link asLoss}
 * @param recovery - how the loss is recovered
 * @returns the finding, re-worded, or null when it says nothing true of this loss
 */
export function stranded(f: Finding, recovery: LossRecovery): Finding | null {
  // No other node Ready: whether the control plane serves decides no replacement elsewhere (there
  // is no elsewhere); the timeline says "if the control plane is up" and every workload is down
  // either way, so its "replaces its pods elsewhere" sentence is left out (reader5 F19, real 10).
  if (recovery === 'no-other-node')
    return f.check === 'control-plane-healthy-for-worker' && f.variant !== 'down' ? null : f;
  if (recovery !== 'no-controller' && recovery !== 'writes-blocked') return f;
  const facts = { ...f.facts, strandedBy: recovery };
  if (f.check === 'capacity' && !f.variant.startsWith('only-node')) return null;
  if (f.facts.onlyNode === true) return f;
  const base = f.variant.replace(/-statefulset-lost$/, '');
  if (f.check === 'single-replica' && STRANDED_SINGLE.has(base))
    return { ...f, variant: `${base}-stranded`, facts };
  if (f.check === 'workloads-on-control-plane' && f.variant === 'system')
    return { ...f, variant: 'system-stranded', facts };
  if (f.check === 'emptydir-pods' && f.variant === 'present')
    return { ...f, variant: 'present-stranded', facts };
  return f;
}

/** The single-replica variants whose sentence says the node's pods are rescheduled elsewhere. */
const STRANDED_SINGLE: ReadonlySet<string> = new Set([
  'single',
  'all-here',
  'spread',
  'none-ready-elsewhere',
  'dns-single',
  'dns-all-here',
  'dns-none-ready-elsewhere',
]);

/** The reboot's single-replica variants that say the node's pods are rescheduled elsewhere. */
const STATEFULSET_LOST: ReadonlySet<string> = new Set([
  'single',
  'all-here',
  'spread',
  'none-ready-elsewhere',
]);

/**
 * A node lost without a drain.
 * @param ctx - the analysis (`focusNode` of its snapshot set to the node)
 * @param node - the node's name
 * @returns the impact, with the reboot analysis it was built from
 */
export function analyzeNodeDown(ctx: WhatIfContext, node: string): WhatIfImpact {
  const { index } = ctx;
  if (!index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  const reboot = analyzeRebootImpact(ctx.snapshot, node, ctx.now);
  const isCp = reboot.role === 'control-plane';
  const b = new ImpactBuilder([isCp ? 'control' : 'data', 'data']);
  const lostFindings = reboot.findings
    .filter((f) => !DRAIN_ONLY.has(f.check) && f.check !== 'read-error')
    .map(asLoss);
  const recovery = lossRecovery(ctx, lostFindings, [node]);
  b.findings.push(
    ...lostFindings.map((f) => stranded(f, recovery)).filter((f): f is Finding => f !== null),
    ...cephLossFindings(index, [node]),
  );
  const pods = podsOnNode(index, node);
  // The node's pods not all in the data (none listed, or a part: `target-pods`): how many are
  // evicted is unknown, so the timeline and the stop say "its pods", never a count of what was listed.
  const podsUnknown = reboot.findings.some((f) => f.check === 'target-pods');
  const podNames = pods.evictable.map(podKey);
  // A StatefulSet pod on a lost node is not recreated elsewhere: the taint manager's delete leaves
  // it Terminating (Unknown) until the kubelet confirms it stopped or someone force-deletes it, and
  // the StatefulSet creates a pod of that name again only once it is gone
  // (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/).
  const statefulSetPods = pods.evictable
    .filter((p) => topOwnerOf(index, p)?.kind === 'StatefulSet')
    .map(podKey);
  // What the snapshot says of the node's pods (issue 16, reader5 F9/F18): none to evict is no
  // "its 0 pods are evicted"; a node without even a DaemonSet pod listed (every node runs
  // kube-proxy or a CNI pod: scenario 02's workers) was not seen, which is unknown, not 0.
  const unlisted = !podsUnknown && (index.podsByNode.get(node) ?? []).length === 0;
  const podsKnown = !podsUnknown && !unlisted && pods.evictable.length > 0;
  const timing = {
    node,
    graceS: ctx.state.nodeMonitorGrace.seconds,
    tolerationS: DEFAULT_EVICTION_TOLERATION_S,
    totalS: ctx.state.nodeMonitorGrace.seconds + DEFAULT_EVICTION_TOLERATION_S,
  };
  const alarms = [...new Set(ctx.state.etcd.alarms.map((a) => a.alarm))];
  const othersReady = index.snapshot.nodes
    .filter((n) => n.metadata.name !== node && isNodeReady(n))
    .map((n) => n.metadata.name);
  const timeline =
    recovery !== 'recovers'
      ? `timeline-${recovery}`
      : statefulSetPods.length > 0
        ? 'timeline-statefulset'
        : podsUnknown
          ? 'timeline-unseen'
          : unlisted
            ? 'timeline-unlisted'
            : pods.evictable.length === 0
              ? 'timeline-none'
              : 'timeline';
  b.findings.push(
    // No other node Ready: every workload of the cluster is down until a node is back or added, a
    // serious effect of the failure itself (block; reader5 F19).
    finding(
      'node-down',
      isCp ? 'control' : 'data',
      recovery === 'no-other-node' ? 'block' : 'info',
      timeline,
      {
        statefulSetPods,
        ...timing,
        alarms,
        count: pods.evictable.length,
      },
    ),
  );
  if (podNames.length > 0)
    b.findings.push(finding('node-down', 'data', 'info', 'pdb-no-protection', { node }));
  if (recovery === 'no-other-node') b.stop('data', 'stops.every-workload', { node });
  else if (recovery !== 'recovers') b.stop('data', 'stops.node-pods-until-back', { node });
  else if (statefulSetPods.length > 0)
    b.stop('data', 'stops.node-pods-statefulset', { node, count: pods.evictable.length, statefulSetPods });
  else if (podsUnknown) b.stop('data', 'stops.node-pods-unseen', { node });
  else if (unlisted) b.stop('data', 'stops.node-pods-unlisted', { node });
  else if (!podsKnown) b.stop('data', 'stops.node-pods-none', { node });
  else b.stop('data', 'stops.node-pods', { node, count: pods.evictable.length, statefulSetPods });
  if (isCp) {
    // `-vip`: the node's control-plane VIP goes with it, so only the clients that reach the other
    // API servers directly keep working (endpoint-checks.ts oneEndpointModel).
    const api = reboot.findings.find(
      (f) => f.check === 'apiserver-redundancy' && (f.variant === 'capacity' || f.variant === 'capacity-vip'),
    );
    const apiKeep = (variant: string): string =>
      variant.endsWith('-vip') ? 'keeps.api-others-direct' : 'keeps.api-others';
    if (api) {
      b.stop('control', 'stops.apiserver-one', {
        node,
        before: api.facts.before ?? 0,
        after: api.facts.after ?? 0,
      });
      b.keep('control', apiKeep(api.variant), { others: api.facts.others ?? [] });
    }
    const apiDown = reboot.findings.find(
      (f) =>
        f.check === 'apiserver-redundancy' &&
        (f.variant === 'already-down' || f.variant === 'already-down-vip'),
    );
    if (apiDown) b.keep('control', apiKeep(apiDown.variant), { others: apiDown.facts.others ?? [] });
    for (const lf of reboot.findings.filter(
      (f) =>
        (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') &&
        f.variant === 'held-here',
    )) {
      b.stop('control', 'stops.leader-failover', {
        component: String(lf.facts.lease),
        seconds: lf.facts.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
      });
    }
    if (
      reboot.findings.some(
        (f) =>
          f.severity === 'block' &&
          (f.check === 'control-plane-count' ||
            (f.check === 'etcd-quorum-after' && f.variant === 'lost') ||
            (f.check === 'apiserver-redundancy' && f.variant === 'none-other')),
      )
    ) {
      apiStopsAll(b);
      apiAwayInterruptions(b, ctx);
    }
  }
  // Nothing keeps running where no other node is Ready (reader5 F19); "the other nodes" are only
  // those Ready when another one is down (reader5 F10: scenario 49's dead vega-wk-2).
  if (othersReady.length > 0) {
    keepDataPlane(b);
    keepOtherNodes(b, index, [node]);
  }
  // Traffic to its pods: only where it has pods that serve, or pods not seen (DaemonSet and static
  // pods alone are no workload whose every replica is there).
  const servesPods = podsKnown || podsUnknown || unlisted;
  if (recovery === 'recovers') {
    if (servesPods) {
      b.interrupt('data', 'interrupt.node-down-endpoints', { node, graceS: timing.graceS });
      b.interrupt('data', 'interrupt.node-pods-single', { node });
    }
    b.duration('data', servesPods ? 'duration.node-down' : 'duration.node-down-none', timing);
  } else if (recovery === 'no-other-node') {
    b.duration('data', 'duration.node-down-no-other-node', timing);
  } else {
    if (servesPods) {
      b.interrupt('data', 'interrupt.node-down-endpoints-until-back', { node });
      b.interrupt('data', 'interrupt.node-pods-single-until-back', { node });
    }
    b.duration('data', `duration.node-down-${recovery}`, { ...timing, alarms });
  }
  b.advise('data', 'advice.node-down-prepare', { node });
  return { ...finishWithReadErrors(b, ctx), reboot };
}
