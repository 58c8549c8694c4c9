/**
 * The Eviction API's decision (src/analysis/eviction-api.ts) on upstream's own cases: the test
 * table of kube-apiserver's eviction REST (pkg/registry/core/pod/storage/eviction_test.go,
 * `TestEviction` and `TestEvictionIngorePDB`), transcribed as data in
 * test/fixtures/upstream/eviction-table.json with each case's test name, beside the newer rules
 * (unhealthyPodEvictionPolicy, KEP-3017; the policy/v1 empty selector, kubernetes/kubernetes#119732).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { type EvictionBudget, budgetsOfPod, decideEviction } from '../../src/analysis/eviction-api.js';
import type { KPod } from '../../src/cluster/types.js';

interface Case {
  test: string;
  name: string;
  pod: { phase: string; labels: Record<string, string>; ready?: boolean; terminating?: boolean };
  pdbs: EvictionBudget[];
  expect: { outcome: string; why?: string };
}

const table = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/eviction-table.json', import.meta.url), 'utf8'),
) as { cases: Case[] };

function podOf(c: Case['pod']): KPod {
  return {
    metadata: {
      name: 't',
      namespace: 'default',
      labels: c.labels,
      ...(c.terminating ? { deletionTimestamp: '2026-01-01T00:00:00Z' } : {}),
    },
    spec: { nodeName: 'foo' },
    status: {
      phase: c.phase,
      ...(c.ready === undefined
        ? {}
        : { conditions: [{ type: 'Ready', status: c.ready ? 'True' : 'False' }] }),
    },
  } as KPod;
}

describe('decideEviction on the upstream eviction table', () => {
  it('transcribes every case it claims', () => {
    expect(table.cases.length).toBe(22);
  });
  it.each(table.cases.map((c) => [`${c.test}: ${c.name}`, c] as const))('%s', (_name, c) => {
    const pod = podOf(c.pod);
    const d = decideEviction(pod, budgetsOfPod(pod, c.pdbs));
    expect({ outcome: d.outcome, why: d.why }).toEqual({ outcome: c.expect.outcome, why: c.expect.why });
  });
});
