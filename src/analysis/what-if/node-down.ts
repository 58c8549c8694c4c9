/**
 * "What if node N goes down?": a sudden loss, not a planned reboot. The reboot checks that still
 * apply (without those that describe what a drain refuses or waits on), the node-failure timeline
 * (docs/domain.md, "Node failure timings"), and what the control plane loses when N is one of its
 * nodes.
 */
import {
  DEFAULT_EVICTION_TOLERATION_S,
  LEADER_ELECTION_LEASE_DURATION_S,
  TYPICAL_NODE_REBOOT_S,
} from '../domain.js';
import { cephLossFindings } from '../ceph-loss.js';
import { beforeRefusals } from '../eviction-model.js';
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
  if (f.check === 'single-replica' && f.variant === 'operator-daemon')
    return { ...lost, variant: 'operator-daemon-lost' };
  // A StatefulSet's pod on a lost node is not recreated elsewhere (it stays Terminating until the
  // node is back, it is force-deleted, or the node gets the out-of-service taint;
  // https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/): never
  // "rescheduled", whatever the reboot's sentence says.
  if (f.check === 'single-replica' && f.facts.kind === 'StatefulSet' && STATEFULSET_LOST.has(f.variant))
    return { ...lost, variant: `${f.variant}-statefulset-lost` };
  return lost;
}

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
  b.findings.push(
    ...reboot.findings.filter((f) => !DRAIN_ONLY.has(f.check) && f.check !== 'read-error').map(asLoss),
    ...cephLossFindings(index, [node]),
  );
  const pods = podsOnNode(index, node);
  // The node's pods not all in the data (none listed, or a part: `target-pods`): how many are
  // evicted is unknown, so the timeline and the stop say "its pods", never a count of what was listed.
  const podsUnknown = reboot.findings.some((f) => f.check === 'target-pods');
  const podNames = pods.evictable.map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
  // A StatefulSet pod on a lost node is not recreated elsewhere: the taint manager's delete leaves
  // it Terminating (Unknown) until the kubelet confirms it stopped or someone force-deletes it, and
  // the StatefulSet creates a pod of that name again only once it is gone
  // (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/).
  const statefulSetPods = pods.evictable
    .filter((p) => topOwnerOf(index, p)?.kind === 'StatefulSet')
    .map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
  // What the snapshot says of the node's pods (issue 16, reader5 F9/F18): none to evict is no
  // "its 0 pods are evicted"; a node without even a DaemonSet pod listed (every node runs
  // kube-proxy or a CNI pod: scenario 02's workers) was not seen, which is unknown, not 0.
  const unlisted = !podsUnknown && (index.podsByNode.get(node) ?? []).length === 0;
  const podsKnown = !podsUnknown && !unlisted && pods.evictable.length > 0;
  const timeline =
    statefulSetPods.length > 0
      ? 'timeline-statefulset'
      : podsUnknown
        ? 'timeline-unseen'
        : unlisted
          ? 'timeline-unlisted'
          : pods.evictable.length === 0
            ? 'timeline-none'
            : 'timeline';
  b.findings.push(
    finding('node-down', isCp ? 'control' : 'data', 'info', timeline, {
      statefulSetPods,
      node,
      graceS: ctx.state.nodeMonitorGrace.seconds,
      tolerationS: DEFAULT_EVICTION_TOLERATION_S,
      totalS: ctx.state.nodeMonitorGrace.seconds + DEFAULT_EVICTION_TOLERATION_S,
      count: pods.evictable.length,
    }),
  );
  if (podNames.length > 0)
    b.findings.push(finding('node-down', 'data', 'info', 'pdb-no-protection', { node }));
  if (statefulSetPods.length > 0)
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
  keepDataPlane(b);
  b.keep('data', 'keeps.other-nodes');
  // Traffic to its pods: only where it has pods that serve, or pods not seen (DaemonSet and static
  // pods alone are no workload whose every replica is there).
  if (podsKnown || podsUnknown || unlisted) {
    b.interrupt('data', 'interrupt.node-down-endpoints', {
      node,
      graceS: ctx.state.nodeMonitorGrace.seconds,
    });
    b.interrupt('data', 'interrupt.node-pods-single', { node });
  }
  b.duration(
    'data',
    podsKnown || podsUnknown || unlisted ? 'duration.node-down' : 'duration.node-down-none',
    {
      node,
      graceS: ctx.state.nodeMonitorGrace.seconds,
      tolerationS: DEFAULT_EVICTION_TOLERATION_S,
      totalS: ctx.state.nodeMonitorGrace.seconds + DEFAULT_EVICTION_TOLERATION_S,
      rebootS: TYPICAL_NODE_REBOOT_S,
    },
  );
  b.advise('data', 'advice.node-down-prepare', { node });
  return { ...finishWithReadErrors(b, ctx), reboot };
}
