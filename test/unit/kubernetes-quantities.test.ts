import { describe, expect, it } from '@jest/globals';
import { cpuToMillicores, memoryToBytes, parseQuantity } from '../../src/cluster/quantity.js';

describe('Kubernetes quantities', () => {
  it.each([
    ['250m', 250],
    ['2', 2000],
    ['0.5', 500],
    ['1.5', 1500],
    ['100u', 1],
    ['1e3', 1000000],
    ['4', 4000],
  ])('cpu %s is %d millicores', (q, m) => {
    expect(cpuToMillicores(q)).toBe(m);
  });

  it.each([
    ['128Mi', 134217728],
    ['1G', 1e9],
    ['1Gi', 1073741824],
    ['16267676Ki', 16267676 * 1024],
    ['92136873447', 92136873447],
    ['500M', 5e8],
    ['1.5Gi', 1610612736],
    ['129e6', 129e6],
    ['1k', 1000],
  ])('memory %s is %d bytes', (q, b) => {
    expect(memoryToBytes(q)).toBe(b);
  });

  it('rejects what is not a quantity', () => {
    for (const bad of ['', 'abc', '1KB', '12 Mi', 'Mi', '1.2.3', '--1'])
      expect(parseQuantity(bad)).toBeNull();
    expect(cpuToMillicores(undefined)).toBeNull();
    expect(memoryToBytes('1Zi')).toBeNull();
  });

  it('accepts plain numbers', () => {
    expect(parseQuantity(3)).toBe(3);
    expect(cpuToMillicores(0.1)).toBe(100);
  });
});
