/**
 * Rule 55 of the answer invariants (test/helpers/answer-invariants.ts `drainSequenceViolations`,
 * issue 28 item 4 acceptance: "no count disagrees with the drain sequence, no 'completes' beside a
 * refused pod"): a planted contradiction of each kind is caught, a consistent answer is not.
 * test/integration/answer-invariants.test.ts runs the rule over every fixture answer.
 */
import { describe, expect, it } from '@jest/globals';
import { drainSequenceViolations } from '../helpers/answer-invariants.js';
import type { Finding } from '../../src/analysis/types.js';

const finding = (check: Finding['check'], variant: string, facts: Finding['facts']): Finding => ({
  check,
  plane: 'data',
  severity: 'info',
  variant,
  facts,
});

// Two pods asked on wk-1: web-a starts again on wk-2, web-b is refused for ever by shop/web-pdb.
const waits = finding('grace-period', 'estimate', {
  node: 'wk-1',
  evictable: 2,
  count: 1,
  evicted: 1,
  recreated: 1,
  stranded: 0,
  refused: 1,
  stopped: 0,
  refusedPods: [],
  refusedLaterPods: ['shop/web-b'],
  refusedBy: ['shop/web-pdb'],
  stoppedPods: [],
  drainOutcome: 'waits-forever',
});
const capacity = finding('capacity', 'fits', {
  node: 'wk-1',
  drainEvictable: 1,
  drainUnplaced: [],
  drainMovesTo: ['shop/web-a → wk-2'],
});

describe('rule 55: every count agrees with the drain sequence', () => {
  it('a consistent answer is no violation', () => {
    expect(drainSequenceViolations([waits, capacity])).toEqual([]);
  });

  it('"completes" beside a refused pod is caught', () => {
    const completes = { ...waits, facts: { ...waits.facts, drainOutcome: 'completes' } };
    expect(drainSequenceViolations([completes, capacity]).join('\n')).toMatch(
      /the drain sequence completes, yet shop\/web-b is refused/,
    );
    const budget = finding('pdb-blocks', 'max-unavailable-zero', { namespace: 'shop', pdb: 'web-pdb' });
    const clean = {
      ...waits,
      facts: { ...waits.facts, drainOutcome: 'completes', refusedLaterPods: [], refused: 0, count: 2 },
    };
    expect(drainSequenceViolations([clean, budget]).join('\n')).toMatch(/completes, yet pdb-blocks/);
  });

  it('a budget said to let the drain proceed while the sequence waits on it is caught', () => {
    const allows = finding('pdb-blocks', 'allows', { namespace: 'shop', pdb: 'web-pdb' });
    expect(drainSequenceViolations([waits, capacity, allows]).join('\n')).toMatch(
      /shop\/web-pdb is said to let the drain proceed/,
    );
  });

  it('"the drain evicts 2 pods" beside a pod refused for ever is caught (oracle group 4)', () => {
    const two = { ...waits, facts: { ...waits.facts, count: 2, recreated: 2 } };
    expect(drainSequenceViolations([two])).toContain(
      'the drain evicts 2 pods, yet the sequence refuses 1 and stops at 0 of 2',
    );
  });

  it('a capacity sentence that moves other pods than the sequence is caught', () => {
    const moved = { ...capacity, facts: { ...capacity.facts, drainEvictable: 2 } };
    expect(drainSequenceViolations([waits, moved]).join('\n')).toMatch(
      /the capacity finding moves 2 pods .* yet the drain sequence starts 1 again/,
    );
  });
});
