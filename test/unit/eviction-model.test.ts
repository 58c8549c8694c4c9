/**
 * The eviction model (src/analysis/eviction-model.ts), unit by unit. Rules from "API-initiated
 * Eviction" (https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/): an eviction a
 * PodDisruptionBudget does not allow is refused (429); a pod under two budgets cannot be evicted
 * (500, kubectl drain stops); a budget that allows some evictions refuses none outright (the drain
 * waits, then goes on) unless the evicted pods' replacements never become Ready.
 */
import { describe, expect, it } from '@jest/globals';
import {
  beforeRefusals,
  countFates,
  drainEvictions,
  podFate,
  withRefusedEvictions,
} from '../../src/analysis/eviction-model.js';
import type { EvictionBudget } from '../../src/analysis/eviction-api.js';
import type { KPod } from '../../src/cluster/types.js';
import type { Finding } from '../../src/analysis/types.js';

const pod = (name: string, ready = true): KPod => ({
  metadata: { name, namespace: 'shop', labels: { app: name.split('-')[0] ?? name } },
  spec: { nodeName: 'n1' },
  status: { phase: 'Running', conditions: [{ type: 'Ready', status: ready ? 'True' : 'False' }] },
});
const pdb = (
  name: string,
  app: string,
  allowed: number,
  extra: Partial<EvictionBudget['status']> = {},
): EvictionBudget => ({
  metadata: { name, namespace: 'shop', generation: 1 },
  spec: { selector: { matchLabels: { app } } },
  status: {
    disruptionsAllowed: allowed,
    observedGeneration: 1,
    currentHealthy: 2,
    desiredHealthy: 2,
    ...extra,
  },
});

describe('drainEvictions: the drain in sequence (issue 28, oracle groups 3 and 4)', () => {
  it('a budget at 0 refuses its pods at once; one that allows some refuses none', () => {
    const m = drainEvictions(
      [pod('a-1'), pod('c-1')],
      [pdb('a-pdb', 'a', 0), pdb('c-pdb', 'c', 1)],
      () => true,
    );
    expect([...m.refused.entries()]).toEqual([['shop/a-1', 'shop/a-pdb']]);
    expect(m.refusedLater.size).toBe(0);
  });
  it('a budget allowing 1 with 2 pods here: the second is refused for ever when the first cannot run elsewhere', () => {
    const budgets = [pdb('b-pdb', 'b', 1)];
    const stuck = drainEvictions([pod('b-2'), pod('b-1')], budgets, () => false);
    expect([...stuck.refusedLater.entries()]).toEqual([['shop/b-2', 'shop/b-pdb']]);
    expect(stuck.refused.size).toBe(0);
    // Its replacement Ready elsewhere gives the budget back: the drain waits, then evicts the second.
    expect(drainEvictions([pod('b-1'), pod('b-2')], budgets, () => true).refusedLater.size).toBe(0);
  });
  it('a pod under two budgets stops the drain (500), not refused', () => {
    const m = drainEvictions([pod('d-1')], [pdb('x', 'd', 1), pdb('y', 'd', 1)], () => true);
    expect(m.stopped.get('shop/d-1')).toBe('shop/x, shop/y');
    expect(m.refused.size).toBe(0);
  });
  it('a budget the controller has not computed refuses and is named', () => {
    const m = drainEvictions([pod('e-1')], [pdb('e-pdb', 'e', 3, { observedGeneration: 0 })], () => true);
    expect(m.refused.get('shop/e-1')).toBe('shop/e-pdb');
    expect(m.notComputed).toEqual(['shop/e-pdb']);
  });
  it('a not-Ready pod under AlwaysAllow is evicted whatever the budget allows', () => {
    const b = {
      ...pdb('f-pdb', 'f', 0, { currentHealthy: 0 }),
      spec: { selector: { matchLabels: { app: 'f' } }, unhealthyPodEvictionPolicy: 'AlwaysAllow' },
    };
    expect(drainEvictions([pod('f-1', false)], [b], () => true).refused.size).toBe(0);
  });
});

describe('podFate and countFates', () => {
  it('a refused pod stays whatever else is true of it; the counts add up', () => {
    const no = {
      stopped: false,
      finished: false,
      orphaned: false,
      refused: false,
      bare: false,
      unscheduled: false,
      pinned: false,
      noRoom: false,
    };
    const fates = [
      podFate({ ...no, refused: true, pinned: true }),
      podFate({ ...no, bare: true }),
      podFate({ ...no, unscheduled: true }),
      podFate({ ...no, pinned: true }),
      podFate({ ...no, noRoom: true }),
      podFate(no),
    ];
    expect(fates).toEqual(['refused', 'deleted', 'unscheduled', 'pinned', 'no-room', 'moves']);
    const c = countFates(fates);
    expect(c.evicted).toBe(5);
    expect(c.recreated + c.pinned + c.stranded + c.bare + c.unscheduled).toBe(c.evicted);
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
