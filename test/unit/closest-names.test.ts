import { describe, expect, it } from '@jest/globals';
import { closestNames } from '../../src/util/closest-names.js';

describe('closestNames', () => {
  const nodes = [
    'master-1',
    'master-2',
    'master-3',
    'worker-1',
    'worker-2',
    'atlas-cp-1',
    'atlas-cp-2',
    'atlas-cp-3',
  ];

  it.each([
    [
      'master-9 finds the masters, alphabetical among equals',
      'master-9',
      ['master-1', 'master-2', 'master-3'],
    ],
    [
      'a typo finds its node first, then the others within 2 edits',
      'mastr-2',
      ['master-2', 'master-1', 'master-3'],
    ],
    ['a suffix finds the long name first', 'cp-2', ['atlas-cp-2']],
    ['a prefix finds its family', 'atlas-cp', ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3']],
    ['case does not matter; the exact name comes first', 'MASTER-2', ['master-2', 'master-1', 'master-3']],
    ['a long typo within 40% of its length', 'wrker-2', ['worker-2', 'worker-1']],
    ['nothing close gives nothing', 'database-7', []],
    ['an empty name gives nothing', '', []],
  ] as const)('%s', (_label, name, expected) => {
    expect(closestNames(name, nodes)).toEqual(expected);
  });

  it('ranks a suffix match above a one-edit match', () => {
    expect(closestNames('cp-2', ['cp-3', 'atlas-cp-2'])).toEqual(['atlas-cp-2', 'cp-3']);
  });

  it('ranks an exact (case-insensitive) match first and reports duplicates once', () => {
    expect(closestNames('Stage', ['stg', 'stage', 'stage', 'stages'])).toEqual(['stage', 'stages', 'stg']);
  });

  it('suggests clusters: stg → stage', () => {
    expect(closestNames('stg', ['demo', 'prod', 'stage'])).toEqual(['stage']);
  });

  it('does not take a part that is not on a name boundary for an affix', () => {
    // "p-2" ends "cp-2" but not after a separator; distance 1 still qualifies it, as an edit.
    expect(closestNames('ter-2', ['master-2'])).toEqual([]);
  });

  it('honours max', () => {
    expect(closestNames('master-9', nodes, 1)).toEqual(['master-1']);
    expect(closestNames('master-9', nodes, 0)).toEqual([]);
  });

  // Speed is for `npm run bench`, not a timed test (a loaded CI machine made this flaky).
  it('finds the right name among 5,000 candidates', () => {
    const many = Array.from({ length: 5000 }, (_, i) => `worker-${i}.pool-a.example.internal`);
    const found = closestNames('worker-4999.pool-a.example.interna', many);
    expect(found[0]).toBe('worker-4999.pool-a.example.internal');
  });
});
