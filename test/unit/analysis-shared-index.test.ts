/**
 * Analyses of many nodes over one snapshot share one index (issue 18: a rolling plan over every
 * node of a 1,000-node cluster took 30 s because each node's analysis indexed the whole cluster
 * again). Sharing must change nothing but the time:
 *
 * - `budgetsSelecting` (a budget with matchLabels is only tested against the pods that carry its
 *   first pair) finds exactly what testing every PodDisruptionBudget against every pod finds, in
 *   the same order (budgets in snapshot order, pods in the order given), for random selectors
 *   with matchLabels, matchExpressions, both, empty and absent;
 * - an analysis given a shared context says what it says without one, for every node of the
 *   scenario files, and a plan says what it said; a context built for another snapshot or another
 *   clock is not used.
 */
import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { budgetsSelecting, indexCluster, selectorMatches } from '../../src/analysis/cluster-index.js';
import { analyzeJointImpact } from '../../src/analysis/multi-node/joint-impact.js';
import { planRolling } from '../../src/analysis/multi-node/rolling-plan.js';
import { analysisContext, analyzeRebootImpact, contextFor } from '../../src/analysis/reboot-impact.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { ClusterSnapshot, KLabelSelector, KPod, KPodDisruptionBudget } from '../../src/cluster/types.js';

const KEYS = ['app', 'tier', 'team'];
const VALUES = ['a', 'b', 'c'];
const NAMESPACES = ['default', 'shop', undefined];

const labels = fc.dictionary(fc.constantFrom(...KEYS), fc.constantFrom(...VALUES), { maxKeys: 3 });
const selector: fc.Arbitrary<KLabelSelector | undefined> = fc.option(
  fc.record(
    {
      matchLabels: labels,
      matchExpressions: fc.array(
        fc.record({
          key: fc.constantFrom(...KEYS),
          operator: fc.constantFrom('In', 'NotIn', 'Exists', 'DoesNotExist', 'Bogus'),
          values: fc.array(fc.constantFrom(...VALUES), { maxLength: 2 }),
        }),
        { maxLength: 2 },
      ),
    },
    { requiredKeys: [] },
  ),
  { nil: undefined },
);

function emptySnapshot(pdbs: KPodDisruptionBudget[], pods: KPod[]): ClusterSnapshot {
  const snapshot: ClusterSnapshot = {
    cluster: 't',
    capturedAt: new Date('2025-06-12T09:41:07Z'),
    focusNode: null,
    nodes: [],
    pods,
    podSummaries: [],
    leases: [],
    podDisruptionBudgets: pdbs,
    workloads: [],
    apiserverEndpointSlices: [],
    readyz: null,
    etcd: null,
    readErrors: [],
  };
  return snapshot;
}

describe('budgetsSelecting', () => {
  it('finds what testing every budget against every pod finds, in the same order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ ns: fc.constantFrom(...NAMESPACES), selector }), { maxLength: 8 }),
        fc.array(
          fc.record({ ns: fc.constantFrom(...NAMESPACES), labels: fc.option(labels, { nil: undefined }) }),
          {
            maxLength: 10,
          },
        ),
        (budgetSpecs, podSpecs) => {
          const pdbs: KPodDisruptionBudget[] = budgetSpecs.map((b, i) => ({
            metadata: { name: `pdb-${i}`, ...(b.ns ? { namespace: b.ns } : {}) },
            spec: b.selector === undefined ? {} : { selector: b.selector },
          }));
          const pods: KPod[] = podSpecs.map((p, i) => ({
            metadata: {
              name: `pod-${i}`,
              ...(p.ns ? { namespace: p.ns } : {}),
              ...(p.labels ? { labels: p.labels } : {}),
            },
          }));
          const naive = new Map<KPodDisruptionBudget, KPod[]>();
          for (const pdb of pdbs)
            for (const pod of pods) {
              if ((pdb.metadata.namespace ?? 'default') !== (pod.metadata.namespace ?? 'default')) continue;
              if (!selectorMatches(pdb.spec?.selector, pod.metadata.labels)) continue;
              naive.set(pdb, [...(naive.get(pdb) ?? []), pod]);
            }
          const index = indexCluster(emptySnapshot(pdbs, pods));
          const got = budgetsSelecting(index, pods);
          expect([...got].map(([b, ps]) => [b.metadata.name, ps.map((p) => p.metadata.name)])).toEqual(
            [...naive].map(([b, ps]) => [b.metadata.name, ps.map((p) => p.metadata.name)]),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

const FILES = [
  'examples/ha-3cp.json',
  'test/fixtures/scenarios/02-3cp-one-etcd-member-down.json',
  'test/fixtures/scenarios/09-worker-pdb-minavailable-equals-replicas.json',
  'test/fixtures/scenarios/14-5cp-etcd-workers-short-of-capacity.json',
  'test/fixtures/scenarios/42-worker-rook-ceph-osd-down-blocking-pdb.json',
  'test/fixtures/scenarios/46-3cp-kube-vip-holder-reboot.json',
  'test/fixtures/real-clusters/07-insights-openshift-3masters-3workers.json',
];

async function everyNode(path: string): Promise<{ snapshot: ClusterSnapshot; names: string[] }> {
  const file = await loadSnapshotFile(path);
  const names = file.items.filter((o) => o.kind === 'Node').map((o) => o.metadata?.name ?? '');
  return { snapshot: snapshotFromFile(file, 't', null, undefined, names), names };
}

describe('a shared analysis context', () => {
  it.each(FILES)('changes no finding of any node, nor the joint answer or the plan (%s)', async (path) => {
    const { snapshot, names } = await everyNode(path);
    const now = new Date(snapshot.capturedAt.getTime() + 5000);
    const context = analysisContext(snapshot, now);
    // Every node through the one context first: a memo filled for one node must not leak into the next.
    const shared = names.map((n) => analyzeRebootImpact(snapshot, n, now, context));
    const fresh = names.map((n) => analyzeRebootImpact(snapshot, n, now));
    expect(shared).toEqual(fresh);
    expect(analyzeJointImpact(snapshot, names, now, { action: 'drain' }, undefined, context)).toEqual(
      analyzeJointImpact(snapshot, names, now, { action: 'drain' }),
    );
    const joint = analyzeJointImpact(snapshot, names, now, { action: 'reboot' }, undefined, context);
    for (const workerBatchSize of [1, 2]) {
      expect(
        planRolling(snapshot, names, now, { action: 'reboot', workerBatchSize }, context, joint.alone),
      ).toEqual(planRolling(snapshot, names, now, { action: 'reboot', workerBatchSize }));
    }
  });

  it('is not used for another snapshot or another clock', async () => {
    const a = await everyNode(FILES[0] ?? '');
    const b = await everyNode(FILES[1] ?? '');
    const now = a.snapshot.capturedAt;
    const context = analysisContext(a.snapshot, now);
    expect(contextFor(a.snapshot, new Date(now.getTime()), context)).toBe(context);
    expect(contextFor(b.snapshot, now, context)).not.toBe(context);
    expect(contextFor(b.snapshot, now, context).snapshot).toBe(b.snapshot);
    expect(contextFor(a.snapshot, new Date(now.getTime() + 60_000), context)).not.toBe(context);
    // Given the other snapshot's context, the analysis still answers about its own snapshot.
    const node = b.names[0] ?? '';
    expect(analyzeRebootImpact(b.snapshot, node, now, context)).toEqual(
      analyzeRebootImpact(b.snapshot, node, now),
    );
  });
});
