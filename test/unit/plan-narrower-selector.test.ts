/**
 * The label selector a too-large plan's refusal offers (issue 33 finding 3): a label the targets
 * share in groups that fit one plan, never the hostname (a group of one is a name), never an
 * empty value (role labels), and nothing when no label splits them so.
 */
import { describe, expect, it } from '@jest/globals';
import type { KNode } from '../../src/cluster/types.js';
import { narrowerSelector } from '../../src/maintenance/plan/resolve-plan-targets.js';

const node = (name: string, labels: Record<string, string>): KNode => ({
  metadata: { name, labels: { 'kubernetes.io/hostname': name, ...labels } },
});

/** `count` workers, pool `blue`/`green` alternately, zone a/b/c in turn, one OS. */
const fleet = (count: number): KNode[] =>
  Array.from({ length: count }, (_, i) =>
    node(`w${i}`, {
      pool: i % 2 === 0 ? 'blue' : 'green',
      'topology.kubernetes.io/zone': `zone-${'abc'[i % 3] ?? 'a'}`,
      'kubernetes.io/os': 'linux',
      'node-role.kubernetes.io/worker': '',
    }),
  );

describe('narrowerSelector', () => {
  it('offers the label whose largest group fits, the largest such group', () => {
    // 60 nodes: pools of 30, zones of 20; with 30 allowed the pool fits and is the larger group
    expect(narrowerSelector({ kind: 'all-workers' }, fleet(60), 30)).toBe('pool=blue');
    // with 25 allowed only the zones fit
    expect(narrowerSelector({ kind: 'all-workers' }, fleet(60), 25)).toBe(
      'topology.kubernetes.io/zone=zone-a',
    );
  });

  it("keeps the request's own selector and narrows it", () => {
    const blue = fleet(60).filter((n) => n.metadata.labels?.pool === 'blue');
    expect(narrowerSelector({ kind: 'selector', selector: 'pool=blue' }, blue, 12)).toBe(
      'pool=blue,topology.kubernetes.io/zone=zone-a',
    );
  });

  it('offers nothing when no label splits the targets into groups that fit (never the hostname)', () => {
    expect(narrowerSelector({ kind: 'all-workers' }, fleet(60), 10)).toBeNull();
    expect(narrowerSelector({ kind: 'all' }, [node('a', {}), node('b', {}), node('c', {})], 2)).toBeNull();
  });
});
