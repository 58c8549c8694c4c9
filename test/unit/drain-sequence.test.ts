/**
 * The drain as a sequence in time (src/analysis/drain-sequence.ts, issue 28 item 4), on small
 * clusters built from the rules of public docs. Each expectation was written from the cited rule
 * before the model ran:
 * - "If you set maxUnavailable to 0% or 0, or you set minAvailable to 100% or the number of
 *   replicas, you are requiring zero voluntary evictions. When you set zero voluntary evictions
 *   for a workload object such as ReplicaSet, then you cannot successfully drain a Node running one
 *   of those Pods." (Specifying a Disruption Budget,
 *   https://kubernetes.io/docs/tasks/run-application/configure-pdb/#arbitrary-controllers-and-selectors);
 * - the drain of a node with two pods of a budget allowing one: the first is evicted, the second
 *   refused (429) and retried until the first one's replacement is Ready elsewhere, when the
 *   disruption controller allows one again ("PodDisruptionBudget example", Disruptions,
 *   https://kubernetes.io/docs/concepts/workloads/pods/disruptions/#pdb-example: "the drain command
 *   will block" … "the deployment creates a replacement … and the cluster … now lets the eviction");
 * - a replacement is placed by the scheduler on a node that admits it, never on a cordoned
 *   (drained) one; when none does it stays Pending and its budget is not given back
 *   (https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/#kube-scheduler-implementation);
 * - a pod under two budgets: the eviction is answered 500 and kubectl drain stops on any error but
 *   429 (https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/,
 *   k8s.io/kubectl/pkg/drain/drain.go `evictPods`).
 * The cases of the drainEvictions table it replaces are kept (not-computed, AlwaysAllow).
 */
import { describe, expect, it } from '@jest/globals';
import { parseSnapshotText } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { type ClusterIndex, indexCluster } from '../../src/analysis/cluster-index.js';
import {
  ASSUMED_REPLACEMENT_READY_S,
  type DrainRequest,
  type DrainWebhook,
  KUBECTL_EVICTION_RETRY_S,
  simulateDrain,
} from '../../src/analysis/drain-sequence.js';
import type { KPod } from '../../src/cluster/types.js';
import { replicaSetOwner } from '../helpers/pod-objects.js';

const READY = [{ type: 'Ready', status: 'True' }];

function node(name: string, cpu = '4') {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name } },
    spec: {},
    status: { conditions: READY, allocatable: { cpu, memory: '8Gi', pods: '110' } },
  };
}

function pod(name: string, nodeName: string, opts: { cpu?: string; ready?: boolean } = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      labels: { app: name.split('-')[0] ?? name },
      ownerReferences: replicaSetOwner(name),
    },
    spec: {
      nodeName,
      terminationGracePeriodSeconds: 30,
      containers: [{ name: 'c', resources: { requests: { cpu: opts.cpu ?? '100m' } } }],
    },
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: opts.ready === false ? 'False' : 'True' }],
    },
  };
}

function pdb(
  name: string,
  app: string,
  spec: object,
  status: { allowed: number; healthy: number; desired: number; expected: number },
  extra: { observedGeneration?: number } = {},
) {
  return {
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name, namespace: 'shop', generation: 1 },
    spec: { selector: { matchLabels: { app } }, ...spec },
    status: {
      disruptionsAllowed: status.allowed,
      currentHealthy: status.healthy,
      desiredHealthy: status.desired,
      expectedPods: status.expected,
      observedGeneration: extra.observedGeneration ?? 1,
    },
  };
}

function cluster(items: object[], targets: readonly string[]): ClusterIndex {
  const file = parseSnapshotText(JSON.stringify({ apiVersion: 'v1', kind: 'List', items }), 'test');
  return indexCluster(snapshotFromFile(file, 'test', targets[0] ?? null, () => new Date(), targets.slice(1)));
}

function drain(
  index: ClusterIndex,
  nodes: readonly string[],
  mode: DrainRequest['mode'] = 'together',
  webhooks: readonly DrainWebhook[] = [],
) {
  const pods = new Map(nodes.map((n): [string, KPod[]] => [n, index.podsByNode.get(n) ?? []]));
  return simulateDrain(index, { nodes, mode, pods, budgets: index.snapshot.podDisruptionBudgets, webhooks });
}

const ROUND_S = ASSUMED_REPLACEMENT_READY_S + KUBECTL_EVICTION_RETRY_S;

describe('simulateDrain: one node', () => {
  it('maxUnavailable 0: refused at once, the drain waits for ever on that pod and budget', () => {
    const index = cluster(
      [
        node('wk-1'),
        node('wk-2'),
        pod('web-a', 'wk-1'),
        pod('web-b', 'wk-2'),
        pdb('web-pdb', 'web', { maxUnavailable: 0 }, { allowed: 0, healthy: 2, desired: 2, expected: 2 }),
      ],
      ['wk-1'],
    );
    const s = drain(index, ['wk-1']);
    expect(s.outcome).toEqual({
      kind: 'waits-forever',
      pod: 'shop/web-a',
      budget: 'shop/web-pdb',
      why: 'no-disruptions',
      pendingPod: null,
      pendingWhy: null,
    });
    expect([...s.refused]).toEqual([['shop/web-a', 'shop/web-pdb']]);
    expect(s.evicted.size).toBe(0);
  });

  it('minAvailable 1 of 2 replicas, both here, room elsewhere: completes in two rounds', () => {
    const index = cluster(
      [
        node('wk-1'),
        node('wk-2'),
        pod('web-a', 'wk-1'),
        pod('web-b', 'wk-1'),
        pdb('web-pdb', 'web', { minAvailable: 1 }, { allowed: 1, healthy: 2, desired: 1, expected: 2 }),
      ],
      ['wk-1'],
    );
    const s = drain(index, ['wk-1']);
    expect(s.outcome).toEqual({ kind: 'completes', rounds: 2, seconds: ROUND_S + 30 });
    expect([...s.evicted]).toEqual([
      ['shop/web-a', 1],
      ['shop/web-b', 2],
    ]);
    expect([...s.placement.placedOn]).toEqual([
      ['shop/web-a', 'wk-2'],
      ['shop/web-b', 'wk-2'],
    ]);
    expect(s.refused.size + s.refusedLater.size).toBe(0);
  });

  it('the same budget with no room elsewhere: the second is refused for ever, the Pending replacement named', () => {
    const index = cluster(
      [
        node('wk-1'),
        node('wk-2', '50m'),
        pod('web-a', 'wk-1'),
        pod('web-b', 'wk-1'),
        pdb('web-pdb', 'web', { minAvailable: 1 }, { allowed: 1, healthy: 2, desired: 1, expected: 2 }),
      ],
      ['wk-1'],
    );
    const s = drain(index, ['wk-1']);
    expect(s.outcome).toEqual({
      kind: 'waits-forever',
      pod: 'shop/web-b',
      budget: 'shop/web-pdb',
      why: 'replacement-pending',
      pendingPod: 'shop/web-a',
      pendingWhy: '0/2 nodes can take it: 1 drained, 1 insufficient cpu',
    });
    expect([...s.refusedLater]).toEqual([['shop/web-b', 'shop/web-pdb']]);
  });

  it('a pod under two budgets stops the drain (500); the others are evicted', () => {
    const index = cluster(
      [
        node('wk-1'),
        node('wk-2'),
        pod('api-a', 'wk-1'),
        pod('web-a', 'wk-1'),
        pdb('x', 'api', { minAvailable: 0 }, { allowed: 1, healthy: 1, desired: 0, expected: 1 }),
        pdb('y', 'api', { minAvailable: 0 }, { allowed: 1, healthy: 1, desired: 0, expected: 1 }),
      ],
      ['wk-1'],
    );
    const s = drain(index, ['wk-1']);
    expect(s.outcome).toEqual({
      kind: 'stops',
      pod: 'shop/api-a',
      code: 500,
      budgets: ['shop/x', 'shop/y'],
      webhook: null,
    });
    expect([...s.evicted.keys()]).toEqual(['shop/web-a']);
  });

  it('a budget the disruption controller has not computed refuses for ever and is named', () => {
    const index = cluster(
      [
        node('wk-1'),
        node('wk-2'),
        pod('web-a', 'wk-1'),
        pdb(
          'web-pdb',
          'web',
          { minAvailable: 0 },
          { allowed: 3, healthy: 1, desired: 0, expected: 1 },
          { observedGeneration: 0 },
        ),
      ],
      ['wk-1'],
    );
    const s = drain(index, ['wk-1']);
    expect(s.outcome.kind === 'waits-forever' && s.outcome.why).toBe('not-computed');
    expect(s.notComputed).toEqual(['shop/web-pdb']);
  });

  it('a not-Ready pod under AlwaysAllow is evicted whatever the budget allows', () => {
    const index = cluster(
      [
        node('wk-1'),
        node('wk-2'),
        pod('web-a', 'wk-1', { ready: false }),
        pdb(
          'web-pdb',
          'web',
          { minAvailable: 1, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
          { allowed: 0, healthy: 0, desired: 1, expected: 1 },
        ),
      ],
      ['wk-1'],
    );
    expect(drain(index, ['wk-1']).outcome).toEqual({ kind: 'completes', rounds: 1, seconds: 30 });
  });
});

describe('simulateDrain: several nodes', () => {
  // wk-3 has no room: the pods of the targets can only go to a target that is not drained.
  const items = [
    node('wk-1'),
    node('wk-2'),
    node('wk-3', '50m'),
    pod('api-a', 'wk-1'),
    pod('api-b', 'wk-2'),
    pdb('api-pdb', 'api', { minAvailable: 1 }, { allowed: 1, healthy: 2, desired: 1, expected: 2 }),
  ];

  it('together: the first pod has nowhere to go, so the second waits for ever, the Pending reason named', () => {
    const s = drain(cluster(items, ['wk-1', 'wk-2']), ['wk-1', 'wk-2']);
    expect(s.outcome).toEqual({
      kind: 'waits-forever',
      pod: 'shop/api-b',
      budget: 'shop/api-pdb',
      why: 'replacement-pending',
      pendingPod: 'shop/api-a',
      pendingWhy: '0/3 nodes can take it: 1 insufficient cpu, 2 drained',
    });
    expect(s.placement.unplaced).toEqual(['shop/api-a']);
  });

  it('one by one: each node drained while the other takes its pod, and the drain completes', () => {
    const s = drain(cluster(items, ['wk-1', 'wk-2']), ['wk-1', 'wk-2'], 'one-by-one');
    // wk-1: api-a → wk-2 (1 round). wk-2: api-a's replacement and api-b, one disruption at a
    // time, both to wk-1, back and uncordoned (2 rounds).
    expect(s.outcome).toEqual({ kind: 'completes', rounds: 3, seconds: 30 + ROUND_S + 30 });
    expect([...s.placement.placedOn]).toEqual([
      ['shop/api-a', 'wk-1'],
      ['shop/api-b', 'wk-1'],
    ]);
    expect(s.notReached).toEqual([]);
  });
});

/**
 * A failing-closed webhook on `pods/eviction` and pod CREATE whose only backend (`shop/kyv-a`) runs
 * on the drained node, as Kyverno's `validate.kyverno.svc-fail` with rules on `*\/*` (expected
 * outcomes written from the sources before the model ran): once its backend is evicted, every
 * request it intercepts fails ("Internal error occurred: failed calling webhook", HTTP 500,
 * kyverno/kyverno#7576, #2869; Kubernetes docs "Dynamic Admission Control", avoiding deadlocks in
 * self-hosted webhooks), and kubectl drain retries only 429 (k8s.io/kubectl/pkg/drain/drain.go
 * `evictPods`): a pod a budget refused in the first round is retried after the backend went, and
 * the drain stops there; pods evicted with the backend are gone, their replacements refused.
 */
describe('simulateDrain: a failing-closed webhook whose backends the drain evicts', () => {
  const hook = (backends: string[], pods: string[]): DrainWebhook => ({
    name: 'validate.kyverno.svc-fail',
    backends: new Set(backends),
    replacements: new Set(pods),
    evictions: new Set(pods),
  });
  const budgetOfTwo = [
    node('wk-1'),
    node('wk-2'),
    pod('kyv-a', 'wk-1'),
    pod('web-a', 'wk-1'),
    pod('web-b', 'wk-1'),
    pdb('web-pdb', 'web', { minAvailable: 1 }, { allowed: 1, healthy: 2, desired: 1, expected: 2 }),
  ];
  const all = ['shop/kyv-a', 'shop/web-a', 'shop/web-b'];

  it('a pod refused 429 is retried after the backend went: the drain stops naming the webhook', () => {
    const s = drain(cluster(budgetOfTwo, ['wk-1']), ['wk-1'], 'together', [hook(['shop/kyv-a'], all)]);
    expect(s.outcome).toEqual({
      kind: 'stops',
      pod: 'shop/web-b',
      code: 500,
      budgets: [],
      webhook: 'validate.kyverno.svc-fail',
    });
    expect([...s.evicted.keys()]).toEqual(['shop/kyv-a', 'shop/web-a']);
    expect([...s.stoppedByWebhook]).toEqual([['shop/web-b', 'validate.kyverno.svc-fail']]);
    // Its budget refused it first (429, the server dry-run's answer; issue 29 item 1, scenario 64).
    expect([...s.refusedFirst]).toEqual([['shop/web-b', 'shop/web-pdb']]);
    expect(s.refused.size + s.refusedLater.size).toBe(0);
    // Evicted with the backend: their replacements (the webhook's own included) are refused.
    expect([...s.replacementRefused.keys()]).toEqual(['shop/kyv-a', 'shop/web-a']);
    expect(s.movers).toEqual([]);
  });

  it('a webhook with no backend already refuses the first eviction', () => {
    const s = drain(cluster(budgetOfTwo, ['wk-1']), ['wk-1'], 'together', [hook([], all)]);
    expect(s.outcome).toMatchObject({
      kind: 'stops',
      pod: 'shop/kyv-a',
      webhook: 'validate.kyverno.svc-fail',
    });
    expect(s.evicted.size).toBe(0);
    // Never answered 429: stopped at the first request, not refused first.
    expect(s.refusedFirst.size).toBe(0);
  });

  it('one by one: the webhook left down on the first node refuses every eviction on the next', () => {
    const items = [node('wk-1'), node('wk-2'), node('wk-3'), pod('kyv-a', 'wk-1'), pod('api-a', 'wk-2')];
    const s = drain(cluster(items, ['wk-1', 'wk-2']), ['wk-1', 'wk-2'], 'one-by-one', [
      hook(['shop/kyv-a'], ['shop/kyv-a', 'shop/api-a']),
    ]);
    expect(s.outcome).toMatchObject({
      kind: 'stops',
      pod: 'shop/api-a',
      webhook: 'validate.kyverno.svc-fail',
    });
    expect([...s.evicted.keys()]).toEqual(['shop/kyv-a']);
  });

  it('one by one: a webhook whose backend came back elsewhere lets the next node drain', () => {
    const items = [node('wk-1'), node('wk-2'), node('wk-3'), pod('kyv-a', 'wk-1'), pod('api-a', 'wk-2')];
    // Its own replacement is not intercepted (its namespace exempted): it runs again elsewhere.
    const s = drain(cluster(items, ['wk-1', 'wk-2']), ['wk-1', 'wk-2'], 'one-by-one', [
      hook(['shop/kyv-a'], ['shop/api-a']),
    ]);
    expect(s.outcome.kind).toBe('completes');
    expect(s.replacementRefused.size).toBe(0);
  });
});

describe('simulateDrain: inputs at scale and out of shape', () => {
  it('a terminationGracePeriodSeconds that is not a number counts as the API default, 30 s', () => {
    // PodSpec terminationGracePeriodSeconds: "Defaults to 30 seconds"
    // (https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#lifecycle).
    const odd = {
      ...pod('web-a', 'wk-1'),
      spec: { ...pod('web-a', 'wk-1').spec, terminationGracePeriodSeconds: 'NaN' },
    };
    const s = drain(cluster([node('wk-1'), node('wk-2'), odd], ['wk-1']), ['wk-1']);
    expect(s.outcome).toEqual({ kind: 'completes', rounds: 1, seconds: 30 });
  });

  it('2000 pods under one budget allowing 1, among 1000 budgets: one pod a round, as with that budget alone', () => {
    // A budget allowing one disruption: each replacement Ready elsewhere gives it back, so kubectl
    // evicts one pod a round, in the API's order (Disruptions, "PodDisruptionBudget example").
    const n = 2000;
    const pods = Array.from({ length: n }, (_, k) =>
      pod(`web-${String(k).padStart(4, '0')}`, 'wk-1', { cpu: '1m' }),
    );
    const one = pdb(
      'web-pdb',
      'web',
      { maxUnavailable: 1 },
      { allowed: 1, healthy: n, desired: n - 1, expected: n },
    );
    const others = Array.from({ length: 999 }, (_, k) =>
      pdb(
        `other-${k}`,
        `other${k}`,
        { maxUnavailable: 1 },
        { allowed: 1, healthy: 2, desired: 1, expected: 2 },
      ),
    );
    // wk-2 admits them all (room for 3000 pods).
    const roomy = {
      ...node('wk-2'),
      status: { conditions: READY, allocatable: { cpu: '4', memory: '8Gi', pods: '3000' } },
    };
    const big = drain(cluster([node('wk-1'), roomy, ...pods, one, ...others], ['wk-1']), ['wk-1']);
    const small = drain(cluster([node('wk-1'), roomy, ...pods, one], ['wk-1']), ['wk-1']);
    expect(big.outcome).toEqual({ kind: 'completes', rounds: n, seconds: (n - 1) * ROUND_S + 30 });
    expect(big.outcome).toEqual(small.outcome);
    expect([...big.evicted]).toEqual([...small.evicted]);
    expect([...big.evicted.values()]).toEqual(Array.from({ length: n }, (_, k) => k + 1));
    expect(big.movers).toEqual(small.movers);
    expect(big.movers).toHaveLength(n);
    expect([...big.placement.placedOn]).toEqual([...small.placement.placedOn]);
    expect(new Set(big.placement.placedOn.values())).toEqual(new Set(['wk-2']));
  });
});
