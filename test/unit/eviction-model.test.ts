/**
 * The eviction model (src/analysis/eviction-model.ts), unit by unit. Rules from "API-initiated
 * Eviction" (https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/): an eviction a
 * PodDisruptionBudget does not allow is refused (429) and the pod keeps running. The drain in
 * sequence is test/unit/drain-sequence.test.ts.
 */
import { describe, expect, it } from '@jest/globals';
import {
  beforeRefusals,
  countFates,
  podFate,
  withRefusedEvictions,
} from '../../src/analysis/eviction-model.js';
import type { Finding } from '../../src/analysis/types.js';

describe('podFate and countFates', () => {
  it('a refused pod stays whatever else is true of it; the counts add up', () => {
    const no = {
      stopped: false,
      finished: false,
      orphaned: false,
      refused: false,
      bare: false,
      unscheduled: false,
      replacementRefused: false,
      pinned: false,
      noRoom: false,
    };
    const fates = [
      podFate({ ...no, refused: true, pinned: true }),
      podFate({ ...no, bare: true }),
      podFate({ ...no, unscheduled: true }),
      podFate({ ...no, pinned: true }),
      podFate({ ...no, noRoom: true }),
      podFate({ ...no, replacementRefused: true, pinned: true }),
      podFate(no),
    ];
    expect(fates).toEqual([
      'refused',
      'deleted',
      'unscheduled',
      'pinned',
      'no-room',
      'replacement-refused',
      'moves',
    ]);
    const c = countFates(fates);
    expect(c.evicted).toBe(6);
    expect(c.recreated + c.pinned + c.stranded + c.bare + c.unscheduled + c.replacementRefused).toBe(
      c.evicted,
    );
  });
});

describe('withRefusedEvictions and beforeRefusals', () => {
  const spread: Finding = {
    check: 'single-replica',
    plane: 'data',
    severity: 'info',
    variant: 'spread',
    facts: { workload: 'payments', here: 1, refusedBy: 'payments/payments-pdb' },
  };
  const capacity: Finding = {
    check: 'capacity',
    plane: 'data',
    severity: 'ok',
    variant: 'fits',
    facts: { evictable: 1, unplaced: [], drainEvictable: 0, drainUnplaced: [] },
  };
  it('a drain: the workload is refused, nothing moves', () => {
    const [w, c] = withRefusedEvictions([spread, capacity]);
    expect([w?.variant, w?.facts.count]).toEqual(['refused', 1]);
    expect([c?.variant, c?.facts.evictable]).toEqual(['nothing-moves', 0]);
  });
  it('a loss: the same findings as before the model (no budget holds a failed node back)', () => {
    const [w, c] = withRefusedEvictions([spread, capacity]).map(beforeRefusals);
    expect([w?.variant, w?.severity, w?.facts.count]).toEqual(['spread', 'info', undefined]);
    expect([c?.variant, c?.severity, c?.facts.evictable]).toEqual(['fits', 'ok', 1]);
  });
});
