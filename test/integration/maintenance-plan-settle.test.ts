/**
 * Issue 34 point 0, on the simulator with a real Redis: between two steps of a fleet plan the
 * runner waits for the workloads that lost pods in the step, not only for PodDisruptionBudgets.
 * A Deployment `shop/web` (3 replicas, no budget) has two pods on the first worker and one on the
 * second; the simulator's ReplicaSet controller is off, so the first step's evicted pods are never
 * replaced (as on a kube-apiserver without kube-controller-manager). The plan holds before step 2
 * and names the Deployment; the second worker's pod (the last available one) is never evicted.
 * With the controller turned on while the plan holds, the replacements come and the plan goes on.
 * And the counts and reasons themselves (settle-workloads.ts): a Pending replacement's scheduler
 * message, a DaemonSet pod not Ready on its rebooted node, in English and Korean.
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
import { analyzeForMaintenance } from '../../src/answer/answer-maintenance.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import {
  workloadBaselines,
  workloadShortfalls,
  workloadShortfallText,
} from '../../src/maintenance/plan/settle-workloads.js';
import type { WorkloadShortfall } from '../../src/maintenance/plan/settle-workloads.js';
import { createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';
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

/**
 * The Deployment `shop/web`, its ReplicaSet and its 3 Ready pods (2 on WK1, 1 on WK2), no budget.
 * @param nodeSelector - of every pod (a replacement keeps its pod's)
 */
function webItems(nodeSelector?: Record<string, string>): SnapshotFile['items'] {
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
      spec: {
        nodeName: node,
        containers: [{ name: 'web', image: 'nginx:1.27' }],
        ...(nodeSelector ? { nodeSelector } : {}),
      },
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
async function readyWebPods(s: RunningSimulator): Promise<string[]> {
  const res = await fetch(`${s.url}/api/v1/namespaces/shop/pods`);
  const list = (await res.json()) as { items: KPod[] };
  return list.items
    .filter((p) => p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'))
    .map((p) => p.metadata.name);
}

/** Whether the kube-proxy pod on `node` is Ready now. */
async function dsPodReady(s: RunningSimulator, node: string): Promise<boolean> {
  const res = await fetch(
    `${s.url}/api/v1/namespaces/kube-system/pods?fieldSelector=${encodeURIComponent(`spec.nodeName=${node}`)}`,
  );
  const list = (await res.json()) as { items: KPod[] };
  return list.items.some(
    (p) =>
      p.metadata.name.startsWith('kube-proxy-') &&
      p.status?.conditions?.some((c) => c.type === 'Ready' && c.status === 'True'),
  );
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
  expect(await readyWebPods(f.s)).toHaveLength(3);
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
    expect(await readyWebPods(f.s)).toEqual([`${RS}-g5h6j`]);
    expect((f.s.getObject('nodes', null, WK2) as KNode).spec?.unschedulable).toBeUndefined();
  });
});

// A cluster of its own: generated right before this test, its node Leases fresh when the plan is made.
describe('settle on workloads between the steps of a plan, late', () => {
  const gen = generated();
  it("replacements that come late: the plan holds, then goes on once they are Ready and only then evicts the second worker's pod", async () => {
    const { f } = await twoWorkerPlan(gen, 'test:settle2:');
    // The worker's analysis (a live read) with its forecast: each node ends with forecast vs observed (issue 34).
    f.deps.maintenance.analyze = async (node) => {
      const snap = await readSnapshot({ kubeConfig: kubeConfigOf(f.s), cluster: CLUSTER, focusNode: node });
      const a = analyzeForMaintenance(snap, node, new Date(), {
        locale: 'en',
        requestId: 't',
        cluster: CLUSTER,
      });
      if (!a.found) throw new Error(`no node ${node}`);
      return a.analysis;
    };
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
    expect(await readyWebPods(f.s)).toHaveLength(3);
    // Step 1 ended with its replacements missing (the controller was off): forecast moved, observed
    // Pending; step 2's replacement came: it matched.
    const [first, second] = await Promise.all(
      (final?.nodes ?? []).map(
        async (n) => (await f.requests.get(n.requestId ?? ''))?.progress.forecastComparison,
      ),
    );
    expect(first?.mismatches.map((m) => [m.kind, m.pod, m.observed, m.detail])).toEqual([
      ['fate', `shop/${RS}-a1b2c`, 'pending', 'no replacement pod was created'],
      ['fate', `shop/${RS}-d3e4f`, 'pending', 'no replacement pod was created'],
    ]);
    expect(second?.mismatches).toEqual([]);
    // (the late replacements may have landed on the second worker: they move with it)
    expect(second?.observed).toMatchObject({ moved: second?.forecast.moved, pending: 0 });
    expect(second?.forecast.moved).toBeGreaterThanOrEqual(1);
  });
});

describe('the workloads a step waits for', () => {
  const gen = generated();
  it("counts a Deployment's Ready pods over the cluster and a DaemonSet's on the node, and says why they are not back (the scheduler's Pending message, a pod not Ready), in English and Korean", async () => {
    // Replacements that fit nowhere: every pod of web may only run on WK1 (a drained node is never chosen).
    const s = await startScenarioSimulator(
      { ...gen.file, items: [...gen.file.items, ...webItems({ 'kubernetes.io/hostname': WK1 })] },
      {},
    );
    gen.sims.push(s);
    const api = await createKubeApi(kubeConfigOf(s), { logger: silentLogger });
    try {
      const before = (await workloadBaselines(api, [WK1], 'k8s-ha-bot', silentLogger)).get(WK1) ?? [];
      expect(before.map((w) => [w.kind, `${w.namespace}/${w.name}`, w.node, w.ready])).toEqual(
        expect.arrayContaining([
          ['Deployment', 'shop/web', undefined, 3],
          ['DaemonSet', 'kube-system/kube-proxy', WK1, 1],
          ['DaemonSet', 'kube-system/calico-node', WK1, 1],
        ]),
      );
      expect(await workloadShortfalls(api, before, 'k8s-ha-bot', silentLogger)).toEqual([]);
      for (const [name, node] of WEB_PODS)
        if (node === WK1)
          expect(
            (await api.request('POST', `/api/v1/namespaces/shop/pods/${name}/eviction`, { body: {} })).status,
          ).toBe(201);
      void s.rebootNode(WK1, { downMs: 120_000 }); // down until the simulator closes: its pods not Ready
      await eventually(
        'the DaemonSet pods of the rebooted node not Ready',
        async () => ((await readyWebPods(s)).length === 1 && !(await dsPodReady(s, WK1)) ? true : undefined),
        60_000,
      );
      const short = await workloadShortfalls(api, before, 'k8s-ha-bot', silentLogger);
      const web = short.find((w) => w.name === 'web');
      expect(web).toMatchObject({ kind: 'Deployment', ready: 3, now: 1 });
      expect(web?.waiting?.pending).toMatch(/^0\/4 nodes are available/);
      const proxy = short.find((w) => w.name === 'kube-proxy');
      expect(proxy).toMatchObject({ kind: 'DaemonSet', node: WK1, ready: 1, now: 0 });
      expect(proxy?.waiting).toMatchObject({ node: WK1 });
      expect(proxy?.waiting?.pending).toBeUndefined();
      const en = workloadShortfallText(short, 'en');
      expect(en).toContain(
        `Deployment shop/web: 1 Ready pod, 3 before the step; ${web?.waiting?.pod} is Pending: 0/4 nodes are available`,
      );
      expect(en).toContain(
        `DaemonSet kube-system/kube-proxy on ${WK1}: 0 Ready pods, 1 before the step; ${proxy?.waiting?.pod} on ${WK1} is not Ready`,
      );
      const ko = workloadShortfallText(short, 'ko');
      expect(ko).toContain('Deployment shop/web: Ready 파드 1개 (단계 전 3개);');
      expect(ko).toContain(`${WK1}의 DaemonSet kube-system/kube-proxy: Ready 파드 0개 (단계 전 1개);`);
      // No pod at all: no replacement was created.
      const gone = { ...(web as WorkloadShortfall), waiting: undefined };
      expect(workloadShortfallText([gone], 'ko')).toContain(
        '대체 파드가 만들어지지 않음 (컨트롤러가 실행 중인지 확인하세요)',
      );
      // Many: five named, the rest counted.
      const many = Array.from({ length: 7 }, (_, i) => ({ ...gone, name: `w${i}` }));
      expect(workloadShortfallText(many, 'en')).toMatch(/shop\/w4: .*; and 2 more workloads$/);
      expect(workloadShortfallText(many, 'en')).not.toContain('shop/w5');
    } finally {
      api.close();
    }
  });
});
