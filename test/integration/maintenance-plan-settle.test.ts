/**
 * Issue 34 point 0, on the simulator with a real Redis: between two steps of a fleet plan the
 * runner waits for the workloads that lost pods in the step, not only for PodDisruptionBudgets.
 * A Deployment `shop/web` (3 replicas, no budget) has two pods on the first worker and one on the
 * second; the simulator's ReplicaSet controller is off, so the first step's evicted pods are never
 * replaced (as on a kube-apiserver without kube-controller-manager). The plan holds before step 2
 * and names the Deployment; the second worker's pod (the last available one) is never evicted.
 * With the controller turned on while the plan holds, the replacements come and the plan goes on.
 */
import { describe, expect, it } from '@jest/globals';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KNode, KPod } from '../../src/cluster/types.js';
import {
  explainMaintenancePlanCard,
  explainPlanChange,
} from '../../src/maintenance/plan/explain-maintenance-plan.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { runPlan } from '../../src/maintenance/plan/run-plan.js';
import { testPolicy } from '../helpers/maintenance-test-store.js';
import { eventually } from '../helpers/eventually.js';
import { bob, useGeneratedFleet } from '../helpers/plan-fleet.js';
import type { Fleet, GeneratedFleet } from '../helpers/plan-fleet.js';

const CLUSTER = 'gen';
const WK1 = 'gen-wk-001';
const WK2 = 'gen-wk-002';

/**
 * 1 control-plane node, 3 workers, system pods only (seed 1: both coredns pods on gen-wk-003),
 * generated before the tests of the describe block it is called in (its node Leases are fresh then).
 */
const generated = (): GeneratedFleet =>
  useGeneratedFleet({
    cluster: CLUSTER,
    tmpPrefix: 'plan-settle-',
    generate: { nodes: 4, pods: 14, controlPlaneNodes: 1, seed: 1 },
  });

const RS = 'web-7d4b9c8f6d';
const WEB_PODS: [string, string][] = [
  [`${RS}-a1b2c`, WK1],
  [`${RS}-d3e4f`, WK1],
  [`${RS}-g5h6j`, WK2],
];

/** The Deployment `shop/web`, its ReplicaSet and its 3 Ready pods (2 on WK1, 1 on WK2), no budget. */
function webItems(): SnapshotFile['items'] {
  const labels = { app: 'web', 'pod-template-hash': '7d4b9c8f6d' };
  const status = { replicas: 3, readyReplicas: 3, availableReplicas: 3 };
  const items: unknown[] = [
    {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop', uid: 'uid-web' },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } } },
      status,
    },
    {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: RS,
        namespace: 'shop',
        uid: 'uid-web-rs',
        labels,
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'Deployment', name: 'web', uid: 'uid-web', controller: true },
        ],
      },
      spec: { replicas: 3, selector: { matchLabels: labels } },
      status,
    },
    ...WEB_PODS.map(([name, node]) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name,
        namespace: 'shop',
        uid: `uid-${name}`,
        labels,
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: RS, uid: 'uid-web-rs', controller: true },
        ],
      },
      spec: { nodeName: node, containers: [{ name: 'web', image: 'nginx:1.27' }] },
      status: {
        phase: 'Running',
        conditions: ['Initialized', 'Ready', 'ContainersReady', 'PodScheduled'].map((type) => ({
          type,
          status: 'True',
        })),
        containerStatuses: [{ name: 'web', ready: true, restartCount: 0, state: { running: {} } }],
      },
    })),
  ];
  return items as SnapshotFile['items'];
}

/** The plan once `pred` holds for it (a timeout names its state). */
async function planWhen(f: Fleet, pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> {
  let last: MaintenancePlan | null = null;
  return eventually(
    () => `the plan (in ${last?.state}, hold ${last?.hold?.kind})`,
    async () => {
      last = await f.plans.get(f.plan.id);
      return last && pred(last) ? last : undefined;
    },
    60_000,
  );
}

/** The Ready pods of `shop/web` served now, by name. */
async function readyWebPods(f: Fleet): Promise<string[]> {
  const res = await fetch(`${f.s.url}/api/v1/namespaces/shop/pods`);
  const list = (await res.json()) as { items: KPod[] };
  return list.items
    .filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
    .map((p) => p.metadata.name);
}

/**
 * A two-worker plan over WK1 then WK2 with the simulator's ReplicaSet controller off, and every
 * thread message the runner's changes produce (as the plan service posts them).
 */
async function twoWorkerPlan(
  gen: GeneratedFleet,
  keyPrefix: string,
): Promise<{ f: Fleet; thread: string[] }> {
  const thread: string[] = [];
  const f = await gen.fleet({
    keyPrefix,
    only: [WK1, WK2],
    extraItems: webItems(),
    deps: {
      settleTimeoutMs: 5_000,
      onChange: async (after, before) => {
        for (const r of explainPlanChange(before, after, after.locale))
          thread.push([r.summary, ...r.sections.flatMap((s) => s.lines)].join('\n'));
      },
    },
  });
  expect(f.plan.nodes.map((n) => [n.node, n.batch])).toEqual([
    [WK1, 1],
    [WK2, 2],
  ]);
  expect(await readyWebPods(f)).toHaveLength(3);
  f.s.setControllers({ replicaSet: false });
  return { f, thread };
}

describe('settle on workloads between the steps of a plan', () => {
  const gen = generated();
  it("replacements that never come: the plan holds before step 2 naming the Deployment, times out for a decision, and never evicts the Deployment's last pod", async () => {
    const { f, thread } = await twoWorkerPlan(gen, 'test:settle1:');
    const run = runPlan(f.plan.id, f.deps);
    const held = await planWhen(f, (p) => p.state === 'held' && p.hold?.kind === 'settle');
    expect(held.nodes.map((n) => n.state)).toEqual(['settling', 'pending']);
    expect(held.hold?.detail).toContain(
      'Deployment shop/web: 1 Ready pod, 3 before the step; no replacement pod was created (is its controller running?)',
    );
    const card = explainMaintenancePlanCard(held, 'en');
    expect(card.summary).toMatch(
      /^Held before gen-wk-002: the workloads of the step just maintained are not back \(Deployment shop\/web: 1 Ready pod/,
    );
    expect(thread.some((t) => t.includes(`Held before ${WK2}`) && t.includes('Deployment shop/web'))).toBe(
      true,
    );
    // The settle timeout: a decision, with the workload named; WK2 untouched all along.
    const decision = await planWhen(f, (p) => p.state === 'needs-decision');
    expect(decision.nodes[0]).toMatchObject({
      node: WK1,
      state: 'failed',
      failure: { reason: 'settle-timeout' },
    });
    expect(decision.nodes[0]?.failure?.detail).toContain('Deployment shop/web');
    expect(await f.plans.decide(f.plan.id, bob, 'stop', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
    });
    const final = await run;
    f.stop();
    expect(final?.state).toBe('stopped');
    expect(final?.nodes[1]?.state).toBe('untouched');
    expect(f.s.evictions.get(`shop/${RS}-g5h6j`)).toBeUndefined();
    expect(await readyWebPods(f)).toEqual([`${RS}-g5h6j`]);
    expect((f.s.getObject('nodes', null, WK2) as KNode).spec?.unschedulable).toBeUndefined();
  }, 120_000);
});

// A cluster of its own: generated right before this test, its node Leases fresh when the plan is made.
describe('settle on workloads between the steps of a plan, late', () => {
  const gen = generated();
  it("replacements that come late: the plan holds, then goes on once they are Ready and only then evicts the second worker's pod", async () => {
    const { f } = await twoWorkerPlan(gen, 'test:settle2:');
    const run = runPlan(f.plan.id, f.deps);
    const held = await planWhen(f, (p) => p.state === 'held' && p.hold?.kind === 'settle');
    expect(held.hold?.detail).toContain('Deployment shop/web');
    expect(f.s.evictions.get(`shop/${RS}-g5h6j`)).toBeUndefined();
    const controllerOn = new Date().toISOString();
    f.s.setControllers({ replicaSet: true }); // the controller catches up: two Ready replacements
    const final = await run;
    f.stop();
    expect(final?.state).toBe('completed');
    expect(final?.nodes.map((n) => n.state)).toEqual(['done', 'done']);
    expect((final?.nodes[1]?.startedAt ?? '') >= controllerOn).toBe(true);
    expect(f.s.evictions.get(`shop/${RS}-g5h6j`)).toBe(1);
    expect(await readyWebPods(f)).toHaveLength(3);
  }, 120_000);
});
