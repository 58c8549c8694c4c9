/**
 * A typed name is resolved to a node only when it is a slip, never another node's role: the mined
 * phrasing set (test/fixtures/requests/mined-2026-12-a.results.md) found "can I reboot atlas-wk-3"
 * on the demo (workers atlas-wk-1 and -2, control plane atlas-cp-1 to -3) answered about atlas-cp-3,
 * a control-plane node, without a word.
 */
import { describe, expect, it } from '@jest/globals';
import { resolveNodeName } from '../../src/commands/understand.js';

const DEMO = ['atlas-cp-1', 'atlas-cp-2', 'atlas-cp-3', 'atlas-wk-1', 'atlas-wk-2'];

describe('resolveNodeName: slips resolve, other roles do not', () => {
  it.each([
    ['atlas-wk-3', undefined],
    ['atlaswk3', undefined],
    ['atlas-ck-3', undefined],
    ['atlas-cp-4', undefined],
    ['altas-wk-1', 'atlas-wk-1'],
    ['atlas-wj-1', undefined],
    ['atlsa-cp-2', 'atlas-cp-2'],
    ['atlas-wk1', 'atlas-wk-1'],
    ['wk-2', 'atlas-wk-2'],
    ['atlas-cp-3', 'atlas-cp-3'],
  ])('%s → %s', (typed, node) => {
    expect(resolveNodeName(typed, DEMO)).toBe(node);
  });
  it('a long part may take two slips, never a whole short part', () => {
    const nodes = ['kubernetes-master-1', 'kubernetes-worker-1'];
    expect(resolveNodeName('kubernetse-master-1', nodes)).toBe('kubernetes-master-1');
    expect(resolveNodeName('kubernetes-wroker-1', nodes)).toBe('kubernetes-worker-1');
    expect(resolveNodeName('kubernetes-node-1', nodes)).toBeUndefined();
  });
});
