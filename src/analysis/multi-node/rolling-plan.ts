/**
 * "In what order should I reboot them?": a rolling plan for several nodes, built from
 * the same analysis as the joint answer.
 *
 * - A node that is unsafe on its own now is left out (with its blocking findings): no order makes
 *   it safe while the cluster is as it is.
 * - Control-plane (and etcd) nodes come first, one at a time (never two voters down at once:
 *   quorum = floor(n/2)+1 of the voting members, etcd FAQ https://etcd.io/docs/v3.5/faq/): first
 *   those without a vote (learners, control-plane nodes without a voting member), then the
 *   voters, the etcd leader last (one election instead of one per step). Control plane before
 *   workers is also kubeadm's upgrade order
 *   (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/).
 * - Workers follow in the order asked, in batches of at most `workerBatchSize` (default 1); a
 *   worker joins a batch only when the batch together is no worse than its nodes alone and keeps
 *   every PDB and room for the evicted pods (no `pdb-blocks` or `capacity` warning of its own),
 *   and, with `maxUnavailablePerZone`, when its zone stays within that many unavailable nodes.
 * - Between steps: the node Ready again, its etcd member healthy, every PDB that covered its pods
 *   back to the disruptions it allows now (`kubectl drain` semantics,
 *   https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/).
 *
 * Each step is judged against the cluster as it is now: the waits are what make that true.
 * Pure: snapshot and `now` in, plan out.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import { isCordoned, isNodeReady } from '../cluster-index.js';
import { type AnalysisContext, contextFor } from '../reboot-impact.js';
import { SEVERITY_RANK, type Verdict } from '../types.js';
import { analyzeEachAlone, analyzeJointImpact } from './joint-impact.js';
import type {
  ExcludedNode,
  MultiNodeAction,
  NodeAlone,
  PlanStep,
  RollingPlan,
  WaitCondition,
} from './types.js';

/** Default number of workers taken down together in one step. */
export const DEFAULT_WORKER_BATCH_SIZE = 1;

/** The well-known label of a node's failure domain (https://kubernetes.io/docs/reference/labels-annotations-taints/#topologykubernetesiozone). */
export const ZONE_LABEL = 'topology.kubernetes.io/zone';

/** Options of {@link planRolling}. */
export interface RollingOptions {
  action: MultiNodeAction;
  /** Most workers per step (control-plane nodes are always one per step). @defaultValue 1 */
  workerBatchSize?: number;
  /**
   * Most nodes of one zone ({@link ZONE_LABEL}; nodes without the label form one group: missing
   * data is not "another zone") unavailable at once: a worker joins a step only while the nodes of
   * its zone already unavailable (NotReady or cordoned, outside the step) plus the step's nodes
   * of that zone stay within it. A step's first node is never refused (it waits at run time).
   * Absent: no limit.
   */
  maxUnavailablePerZone?: number;
}

/**
 * The zone of a node: its {@link ZONE_LABEL}, or '' when it has none.
 * @param labels - the node's labels
 */
export function zoneOf(labels: Readonly<Record<string, string>> | undefined): string {
  return labels?.[ZONE_LABEL] ?? '';
}

const VERDICT_RANK: Readonly<Record<Verdict, number>> = { safe: 0, caution: 1, unsafe: 2 };

/**
 * How much is at stake in a step, to name the riskiest one: its verdict first, then an etcd
 * election, leader Leases moving, an etcd member down with no spare, pods covered by a PDB, pods
 * evicted.
 */
function riskScore(step: PlanStep, noSpare: boolean, pdbPods: number): number {
  return (
    VERDICT_RANK[step.verdict] * 1000 +
    (step.etcdLeader ? 300 : 0) +
    step.leases.length * 100 +
    (noSpare ? 50 : 0) +
    pdbPods +
    step.evicted
  );
}

/**
 * Plan the nodes one after another ({@link planRollingInSteps} run to its end at once).
 * @param args - see {@link planRollingInSteps}
 * @returns the plan; see {@link RollingPlan}
 */
export function planRolling(...args: Parameters<typeof planRollingInSteps>): RollingPlan {
  const planning = planRollingInSteps(...args);
  let next = planning.next();
  while (!next.done) next = planning.next();
  return next.value;
}

/**
 * Plan the nodes one after another, one joint analysis at a time: the generator yields after each
 * (a batch tried, a step judged), so a caller with many nodes can let other work run in between
 * (the maintenance plan yields the event loop: issue 33 finding 3), and returns the plan.
 * @param snapshot - the cluster as read, with the pods of every target kept whole
 * @param nodes - the target nodes: names of the cluster's nodes, in the order asked, no duplicates
 * @param now - the analysis clock
 * @param options - the action, the worker batch size (at least 1) and the zone limit
 * @param context - the snapshot already indexed at `now` ({@link analysisContext}); built here when
 *   absent, once for the whole plan (every step's analysis shares it)
 * @param alone - each target's own analysis when already computed (the joint answer's `alone`)
 * @returns a generator whose return value is the plan; see {@link RollingPlan}
 */
export function* planRollingInSteps(
  snapshot: ClusterSnapshot,
  nodes: readonly string[],
  now: Date,
  options: RollingOptions,
  context?: AnalysisContext,
  alone?: readonly NodeAlone[],
): Generator<void, RollingPlan, void> {
  const workerBatchSize = Math.max(1, Math.floor(options.workerBatchSize ?? DEFAULT_WORKER_BATCH_SIZE));
  const ctx = contextFor(snapshot, now, context);
  const state = ctx.state;
  const aloneByNode = new Map<string, NodeAlone>();
  for (const a of alone ?? []) if (!aloneByNode.has(a.node)) aloneByNode.set(a.node, a);
  const missing = nodes.filter((n) => !aloneByNode.has(n));
  for (const a of analyzeEachAlone(snapshot, missing, now, ctx, options.action)) aloneByNode.set(a.node, a);
  const aloneOf = (ns: readonly string[]): NodeAlone[] =>
    ns.map((n) => aloneByNode.get(n)).filter((a): a is NodeAlone => a !== undefined);
  const each = aloneOf(nodes);
  const byNode = aloneByNode;
  const zoneLimit = options.maxUnavailablePerZone;
  const zone = (node: string): string => zoneOf(ctx.index.nodesByName.get(node)?.metadata.labels);
  // Nodes already unavailable now, by zone (the targets' own batches are counted as they are formed).
  const downByZone = new Map<string, string[]>();
  for (const k of snapshot.nodes)
    if (!isNodeReady(k) || isCordoned(k)) {
      const z = zoneOf(k.metadata.labels);
      downByZone.set(z, [...(downByZone.get(z) ?? []), k.metadata.name]);
    }
  const withinZoneLimit = (batch: readonly string[], candidate: string): boolean => {
    if (zoneLimit === undefined) return true;
    const z = zone(candidate);
    const inBatch = [...batch, candidate].filter((n) => zone(n) === z);
    const already = (downByZone.get(z) ?? []).filter((n) => !inBatch.includes(n));
    return already.length + inBatch.length <= zoneLimit;
  };

  const excluded: ExcludedNode[] = each
    .filter((a) => a.verdict === 'unsafe')
    .map((a) => ({
      node: a.node,
      verdict: a.verdict,
      reasons: a.findings
        .filter((f) => f.severity === 'block')
        .map((f) => ({ check: f.check, variant: f.variant, facts: f.facts })),
    }));
  const usable = each.filter((a) => a.verdict !== 'unsafe');

  const memberOf = (node: string) => state.etcd.members.find((m) => m.node === node) ?? null;
  const controlRank = (a: NodeAlone): number => {
    const m = memberOf(a.node);
    if (m === null || m.isLearner) return 0;
    return m.isLeader ? 2 : 1;
  };
  const control = usable.filter((a) => a.role === 'control-plane' || a.etcdMember);
  const workers = usable.filter((a) => !control.includes(a));
  const batches: string[][] = [...control]
    .map((a, i) => ({ a, i }))
    .sort((x, y) => controlRank(x.a) - controlRank(y.a) || x.i - y.i)
    .map((x) => [x.a.node]);

  const placed = new Set<string>();
  for (const w of workers) {
    if (placed.has(w.node)) continue;
    const batch = [w.node];
    placed.add(w.node);
    for (const o of workers) {
      if (batch.length >= workerBatchSize) break;
      if (placed.has(o.node)) continue;
      if (!withinZoneLimit(batch, o.node)) continue;
      const candidate = [...batch, o.node];
      // Only the candidates' own analyses: the joint answer indexes what it is given (all the
      // targets' at every step made a plan quadratic, issue 33 finding 3).
      const joint = analyzeJointImpact(
        snapshot,
        candidate,
        now,
        { action: options.action },
        aloneOf(candidate),
        ctx,
      );
      yield;
      const worstAlone = Math.max(...candidate.map((n) => VERDICT_RANK[byNode.get(n)?.verdict ?? 'unsafe']));
      const spoils = joint.joint.some(
        (f) =>
          (f.check === 'pdb-blocks' || f.check === 'capacity') &&
          SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warn,
      );
      if (VERDICT_RANK[joint.verdict] <= worstAlone && !spoils) {
        batch.push(o.node);
        placed.add(o.node);
      }
    }
    batches.push(batch);
  }

  const steps: PlanStep[] = [];
  const scores: number[] = [];
  for (const [i, batch] of batches.entries()) {
    const joint = analyzeJointImpact(snapshot, batch, now, { action: options.action }, aloneOf(batch), ctx);
    yield;
    const waitFor: WaitCondition[] = [];
    for (const node of batch) {
      waitFor.push({ type: 'node-ready', node });
      const m = memberOf(node);
      if (m !== null) waitFor.push({ type: 'etcd-member-healthy', node, member: m.name });
    }
    let pdbPods = 0;
    for (const f of joint.joint) {
      if (f.check !== 'pdb-blocks') continue;
      pdbPods += Number(f.facts.podsOnTargets ?? 0);
      waitFor.push({
        type: 'pdb-allows',
        pdb: String(f.facts.pdb),
        namespace: String(f.facts.namespace),
        disruptionsAllowed: Number(f.facts.disruptionsAllowed ?? 0),
      });
    }
    const leases = state.leaderLeases
      .filter(
        (l) => l.holderHost !== null && batch.includes(l.holderHost) && l.name !== 'cloud-controller-manager',
      )
      .map((l) => l.name);
    const quorum = joint.joint.find((f) => f.check === 'etcd-quorum-after');
    const capacity = joint.joint.find((f) => f.check === 'capacity');
    const step: PlanStep = {
      index: i + 1,
      nodes: batch,
      verdict: joint.verdict,
      concerns: joint.findings.filter((f) => SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warn),
      etcdLeader: batch.some((n) => memberOf(n)?.isLeader === true),
      leases,
      evicted: Number(capacity?.facts.evicted ?? 0),
      waitFor,
    };
    steps.push(step);
    scores.push(riskScore(step, quorum?.variant === 'joint-kept-no-spare', pdbPods));
  }
  let riskiestStep: number | null = null;
  let best = -1;
  for (const [i, s] of scores.entries()) {
    if (s > best) {
      best = s;
      riskiestStep = i + 1;
    }
  }
  const worstStep = steps.reduce<Verdict>(
    (w, s) => (VERDICT_RANK[s.verdict] > VERDICT_RANK[w] ? s.verdict : w),
    'safe',
  );
  return {
    nodes: [...nodes],
    action: options.action,
    verdict: excluded.length > 0 || steps.length === 0 ? 'unsafe' : worstStep,
    order: batches.flat(),
    batches,
    steps,
    riskiestStep,
    excluded,
    workerBatchSize,
    snapshotAt: snapshot.capturedAt.toISOString(),
  };
}
