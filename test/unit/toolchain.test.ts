import { describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { verdictOf } from '../../src/analysis/types.js';

describe('toolchain', () => {
  it('loads client-node (ESM) and the core', () => {
    expect(typeof new KubeConfig().loadFromString).toBe('function');
    expect(verdictOf([])).toBe('safe');
  });
});
