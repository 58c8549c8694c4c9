/**
 * The drain sequence's worst shape (src/analysis/drain-sequence.ts): one node's 2,000 pods under a
 * PodDisruptionBudget allowing 1 disruption, among 1,001 budgets of the namespace, so that kubectl
 * evicts one pod a round (2,000 rounds). Before the budgets were matched once per pod and the
 * earlier replacements kept between rounds, this took about 95 s, synchronous, in the worker.
 */
import { parseSnapshotText } from '../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../src/cluster/snapshot-from-file.js';
import { indexCluster } from '../src/analysis/cluster-index.js';
import { simulateDrain } from '../src/analysis/drain-sequence.js';
import type { KPod } from '../src/cluster/types.js';

const READY = [{ type: 'Ready', status: 'True' }];

const node = (name: string): object => ({
  apiVersion: 'v1',
  kind: 'Node',
  metadata: { name, labels: { 'kubernetes.io/hostname': name } },
  status: { conditions: READY, allocatable: { cpu: '400', memory: '800Gi', pods: '11000' } },
});

const budget = (name: string, app: string, allowed: number, healthy: number): object => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: { name, namespace: 'shop', generation: 1 },
  spec: { selector: { matchLabels: { app } }, maxUnavailable: 1 },
  status: {
    disruptionsAllowed: allowed,
    currentHealthy: healthy,
    desiredHealthy: healthy - 1,
    expectedPods: healthy,
    observedGeneration: 1,
  },
});

/**
 * Time one drain of that shape.
 * @param pods - the pods on the node (2,000 by default)
 * @param budgets - the budgets besides the one over them (1,000 by default)
 * @returns the row to print, the time in ms, and the rounds (the run is broken unless = pods)
 */
export function benchDrainSequence(pods = 2000, budgets = 1000): { row: string; ms: number; rounds: number } {
  const items = [
    node('wk-1'),
    node('wk-2'),
    ...Array.from({ length: pods }, (_, k) => ({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `web-${String(k).padStart(5, '0')}`,
        namespace: 'shop',
        labels: { app: 'web' },
        ownerReferences: [
          { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: 'web-rs', uid: 'u1', controller: true },
        ],
      },
      spec: { nodeName: 'wk-1', containers: [{ name: 'c', resources: { requests: { cpu: '1m' } } }] },
      status: { phase: 'Running', conditions: READY },
    })),
    budget('web', 'web', 1, pods),
    ...Array.from({ length: budgets }, (_, k) => budget(`other-${k}`, `other-${k}`, 1, 2)),
  ];
  const file = parseSnapshotText(JSON.stringify({ apiVersion: 'v1', kind: 'List', items }), 'bench');
  const index = indexCluster(snapshotFromFile(file, 'bench', 'wk-1'));
  const onNode = new Map<string, readonly KPod[]>([['wk-1', index.podsByNode.get('wk-1') ?? []]]);
  const t0 = process.hrtime.bigint();
  const s = simulateDrain(index, {
    nodes: ['wk-1'],
    mode: 'together',
    pods: onNode,
    budgets: index.snapshot.podDisruptionBudgets,
  });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const rounds = s.outcome.kind === 'completes' ? s.outcome.rounds : 0;
  const row = `drain sequence: ${pods} pods under a budget allowing 1, among ${budgets + 1} budgets: ${ms.toFixed(0)} ms (${rounds} rounds)`;
  return { row, ms, rounds };
}
