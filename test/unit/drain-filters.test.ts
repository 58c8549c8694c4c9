/**
 * kubectl drain's filters (src/analysis/drain-filters.ts) on upstream's own cases: the `TestDrain`
 * table of kubectl (staging/src/k8s.io/kubectl/pkg/cmd/drain/drain_test.go), transcribed as data in
 * test/fixtures/upstream/drain-table.json with each case's description; a drain is fatal when a
 * filter refuses a pod, and deletes when one lets a pod through.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import { drainFilter } from '../../src/analysis/drain-filters.js';
import type { KPod } from '../../src/cluster/types.js';

interface Case {
  description: string;
  pod: {
    owners: { kind: string; name: string; controller: boolean }[] | null;
    phase: string;
    volumes: string[];
  };
  daemonSetFound: boolean;
  args: string[];
  expectFatal: boolean;
  expectDelete: boolean;
}
const table = JSON.parse(
  readFileSync(new URL('../fixtures/upstream/drain-table.json', import.meta.url), 'utf8'),
) as { cases: Case[]; fromFilters: Case[] };

function run(c: Case): { fatal: boolean; deleted: boolean } {
  if (c.pod.owners === null) return { fatal: false, deleted: false };
  const pod: KPod = {
    metadata: {
      name: 'bar',
      namespace: 'default',
      ownerReferences: c.pod.owners.map((o) => ({ apiVersion: 'v1', uid: '123', ...o })),
    },
    spec: { nodeName: 'node', volumes: c.pod.volumes.map((v) => ({ name: 'scratch', [v]: {} })) },
    status: c.pod.phase === '' ? {} : { phase: c.pod.phase },
  } as KPod;
  const has = (f: string): boolean => c.args.some((a) => a === f || a.startsWith(`${f}=true`));
  const v = drainFilter(pod, c.daemonSetFound, {
    ignoreDaemonSets: has('--ignore-daemonsets'),
    deleteEmptyDirData: has('--delete-emptydir-data') || has('--delete-local-data'),
    force: has('--force'),
  });
  return { fatal: v.verdict === 'error', deleted: v.verdict === 'delete' };
}

describe('drainFilter on kubectl TestDrain', () => {
  it('transcribes every case it claims', () => {
    expect([table.cases.length, table.fromFilters.length]).toEqual([17, 2]);
  });
  it.each([...table.cases, ...table.fromFilters].map((c) => [c.description, c] as const))('%s', (_d, c) => {
    expect(run(c)).toEqual({ fatal: c.expectFatal, deleted: c.expectDelete });
  });
});
