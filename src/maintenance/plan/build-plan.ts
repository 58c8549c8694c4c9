/**
 * From a rolling plan to the nodes of a maintenance plan: each node with its
 * verdict, its batch and the reasons for its place in the order; the nodes left out with why.
 *
 * The order is the rolling plan's (rolling-plan.ts): control-plane nodes first, one at a time,
 * those without an etcd vote, then the voters, the etcd leader last (one election instead of one
 * per step); workers after, in the order asked. Reads nothing; yields the event loop while it
 * analyses (see {@link buildPlanNodes}).
 */
import { setImmediate as yieldEventLoop } from 'node:timers/promises';
import type { ClusterSnapshot } from '../../cluster/types.js';
import { hasControlPlaneLabel } from '../../analysis/cluster-index.js';
import { analyzeEachAlone } from '../../analysis/multi-node/joint-impact.js';
import type { NodeAlone } from '../../analysis/multi-node/types.js';
import { analysisContext } from '../../analysis/reboot-impact.js';
import { planRollingInSteps, zoneOf } from '../../analysis/multi-node/rolling-plan.js';
import type { RollingPlan } from '../../analysis/multi-node/types.js';
import type { Verdict } from '../../analysis/types.js';
import type { ClusterMaintenancePolicy } from '../types.js';
import type { PlanExcludedNode, PlanNode, PlanWhy } from './plan-types.js';

/** The nodes of a plan, as {@link buildPlanNodes} makes them. */
export interface BuiltPlan {
  /** The rolling plan the nodes come from. */
  rolling: RollingPlan;
  nodes: PlanNode[];
  excluded: PlanExcludedNode[];
  /** The worst verdict of the nodes kept (`unsafe` only when no node can be maintained). */
  verdict: Verdict;
  /** Whether a control-plane node is in the plan (the plan then needs the control-plane approvals). */
  hasControlPlane: boolean;
}

/**
 * Analyses between two yields of the event loop in {@link buildPlanNodes} (targets analysed alone,
 * then joint analyses of the rolling order's batches and steps): each takes a few ms on a
 * 2,000-node cluster, so the worker's other jobs, its queue-lock renewals and `/healthz` wait some
 * tens of ms at most (issue 33 finding 3: a 2,000-node plan held the event loop for 115 s,
 * `/healthz` took 10 s and the job lost its BullMQ lock).
 */
export const NODES_PER_YIELD = 10;

/**
 * Order and explain the nodes of a maintenance plan. Each target is analysed once (its verdict is
 * the one its place in the order was decided from); the event loop is yielded and the signal
 * checked every {@link NODES_PER_YIELD} analyses.
 * @param snapshot - the cluster as read, with the pods of every target kept whole
 * @param nodes - the target nodes (names of the cluster's nodes, no duplicates), in the order asked
 * @param now - the analysis clock
 * @param workerBatchSize - most workers per batch (policy) @defaultValue 1
 * @param maxUnavailablePerZone - most unavailable nodes per zone (policy); absent: no limit
 * @param signal - the answer's deadline (the job's time limit, a worker stopping)
 * @returns the ordered nodes (all `pending`) and the excluded ones
 * @throws the signal's reason once it is aborted (nothing is built then)
 */
export async function buildPlanNodes(
  snapshot: ClusterSnapshot,
  nodes: readonly string[],
  now: Date,
  workerBatchSize = 1,
  maxUnavailablePerZone?: number,
  signal?: AbortSignal,
): Promise<BuiltPlan> {
  const context = analysisContext(snapshot, now);
  const alone: NodeAlone[] = [];
  for (let i = 0; i < nodes.length; i += NODES_PER_YIELD) {
    await yieldEventLoop();
    signal?.throwIfAborted();
    alone.push(...analyzeEachAlone(snapshot, nodes.slice(i, i + NODES_PER_YIELD), now, context));
  }
  await yieldEventLoop();
  signal?.throwIfAborted();
  const verdictOf = new Map(alone.map((a) => [a.node, a.verdict]));
  const planning = planRollingInSteps(
    snapshot,
    nodes,
    now,
    {
      action: 'reboot',
      workerBatchSize,
      ...(maxUnavailablePerZone === undefined ? {} : { maxUnavailablePerZone }),
    },
    context,
    alone,
  );
  let next = planning.next();
  for (let analysed = 1; !next.done; analysed += 1) {
    if (analysed % NODES_PER_YIELD === 0) {
      await yieldEventLoop();
      signal?.throwIfAborted();
    }
    next = planning.next();
  }
  const rolling = next.value;
  const { index, state } = context;
  const memberOf = (node: string) => state.etcd.members.find((m) => m.node === node) ?? null;
  const isControl = (node: string): boolean => {
    const k = index.nodesByName.get(node);
    return (k !== undefined && hasControlPlaneLabel(k)) || memberOf(node) !== null;
  };
  const out: PlanNode[] = [];
  for (const step of rolling.steps) {
    for (const node of step.nodes) {
      const control = isControl(node);
      const why: PlanWhy[] = [];
      const m = memberOf(node);
      if (control) {
        why.push({ key: 'control-plane-first' });
        if (m === null || m.isLearner) why.push({ key: 'not-voter' });
        else if (m.isLeader) why.push({ key: 'etcd-leader-last' });
        else why.push({ key: 'voter' });
      } else {
        why.push({ key: 'worker-order' });
        const others = step.nodes.filter((n) => n !== node);
        if (others.length > 0) why.push({ key: 'batch-with', facts: { nodes: others.join(', ') } });
      }
      const zone = zoneOf(index.nodesByName.get(node)?.metadata.labels);
      if (maxUnavailablePerZone !== undefined)
        why.push({
          key: zone === '' ? 'zone-limit-none' : 'zone-limit',
          facts: { zone, limit: maxUnavailablePerZone },
        });
      out.push({
        node,
        ...(zone === '' ? {} : { zone }),
        role: control ? 'control-plane' : 'worker',
        batch: step.index,
        verdict: verdictOf.get(node) ?? 'unsafe',
        why,
        state: 'pending',
      });
    }
  }
  const excluded = rolling.excluded.map((e) => ({
    node: e.node,
    reasons: e.reasons.map((r) => `${r.check}/${r.variant}`),
  }));
  const rank: Record<Verdict, number> = { safe: 0, caution: 1, unsafe: 2 };
  const verdict =
    out.length === 0
      ? 'unsafe'
      : out.reduce<Verdict>((w, n) => (rank[n.verdict] > rank[w] ? n.verdict : w), 'safe');
  return {
    rolling,
    nodes: out,
    excluded,
    verdict,
    hasControlPlane: out.some((n) => n.role === 'control-plane'),
  };
}

/**
 * Distinct approvals a plan needs: the control-plane count when a control-plane node is in it,
 * else the worker count (the policy's `approvals`).
 * @param policy - the cluster's policy
 * @param hasControlPlane - whether the plan holds a control-plane node
 */
export function planApprovalsRequired(
  policy: Pick<ClusterMaintenancePolicy, 'approvals'>,
  hasControlPlane: boolean,
): number {
  return hasControlPlane ? policy.approvals.controlPlane : policy.approvals.worker;
}
