/**
 * The simulator's change feed (src/simulator/watch-hub.ts): one bounded history per resource, as
 * kube-apiserver keeps one watch cache per resource type, and etcd-like compaction for tests.
 */
import { describe, expect, it } from '@jest/globals';
import { WatchHub } from '../../src/simulator/watch-hub.js';
import type { ChangeEvent } from '../../src/simulator/watch-hub.js';

function event(rv: number, plural: string): ChangeEvent {
  const object = {
    key: `/${plural}-${rv}`,
    labels: undefined,
    fields: { 'metadata.name': `${plural}-${rv}`, 'metadata.namespace': '' },
    json: Buffer.from('{}'),
  };
  return { rv, plural, type: 'MODIFIED', object, previous: object };
}

describe('WatchHub', () => {
  it('a burst of writes to one resource does not expire a watch of another', () => {
    const hub = new WatchHub(100, 3);
    hub.record(event(101, 'pods'));
    for (let rv = 102; rv < 150; rv++) hub.record(event(rv, 'leases'));
    // leases kept at most 2 × 3 events: a watch of leases from 101 lost events, a watch of pods did not
    expect(hub.since(101, 'leases')).toBe('expired');
    expect(hub.since(100, 'pods')).toEqual([event(101, 'pods')]);
    expect(hub.since(101, 'pods')).toEqual([]);
    const recent = hub.since(146, 'leases');
    expect(recent === 'expired' ? recent : recent.map((e) => e.rv)).toEqual([147, 148, 149]);
  });

  it('a resourceVersion before the hub started is too old; compaction keeps the newest events over all resources', () => {
    const hub = new WatchHub(100);
    expect(hub.since(99, 'nodes')).toBe('expired');
    hub.record(event(101, 'nodes'));
    hub.record(event(102, 'leases'));
    hub.record(event(103, 'nodes'));
    hub.compact(1);
    // events at 101 and 102 are gone: resuming nodes from 100 or 101 is too old, from 102 it is not
    expect(hub.since(101, 'nodes')).toBe('expired');
    expect(hub.since(101, 'pods')).toBe('expired');
    const after = hub.since(102, 'nodes');
    expect(after === 'expired' ? after : after.map((e) => e.rv)).toEqual([103]);
  });
});
