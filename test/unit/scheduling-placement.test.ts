/**
 * Where the replacements of a drained node's pods run (src/analysis/scheduling/placement.ts), and
 * why they stay Pending in the scheduler's terms (issue 28 items 1 and 5), on small clusters built
 * from the rules of public docs. Each expectation was written from the cited rule before the model
 * ran; the first fit on CPU, memory and pod count it replaces (placeEvictedPods) placed the pods of
 * the first four cases (a wrong "fits"), and named no reason and no preemption:
 * - extended resources are not overcommitted: a pod asking for `nvidia.com/gpu` runs only where
 *   allocatable minus what bound pods request covers it
 *   (https://kubernetes.io/docs/concepts/configuration/manage-resources-containers/#extended-resources);
 * - a hostPort binds (hostIP, port, protocol) on the node: two pods cannot share it, `0.0.0.0`
 *   overlapping every address (https://kubernetes.io/docs/concepts/configuration/overview/, "hostPort");
 * - required node affinity (https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity)
 *   and the cluster autoscaler's `ToBeDeletedByClusterAutoscaler:NoSchedule` taint on the node it
 *   scales down (https://github.com/kubernetes/autoscaler/blob/master/cluster-autoscaler/FAQ.md#how-does-scale-down-work);
 * - an init container's request counts when it is the largest
 *   (https://kubernetes.io/docs/concepts/workloads/pods/init-containers/#resource-sharing-within-containers);
 * - a pod of higher priority runs by preempting lower-priority pods when that is the only way
 *   (https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/#preemption);
 * - a pod's bound volume keeps it where the volume is: its node affinity and its zone labels
 *   (https://kubernetes.io/docs/concepts/storage/persistent-volumes/#node-affinity), a
 *   ReadWriteOncePod claim one pod at a time (…/persistent-volumes/#access-modes); an unbound or
 *   unread claim is "unknown", never a silent pass.
 */
import { describe, expect, it } from '@jest/globals';
import { parseSnapshotText } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { indexCluster } from '../../src/analysis/cluster-index.js';
import { placeReplacements, placementRounds } from '../../src/analysis/scheduling/placement.js';
import { pendingSummary } from '../../src/analysis/scheduling/filter.js';
import type { KPod } from '../../src/cluster/types.js';
import { replicaSetOwner } from '../helpers/pod-objects.js';

const READY = [{ type: 'Ready', status: 'True' }];

function node(
  name: string,
  opts: { cpu?: string; labels?: Record<string, string>; spec?: object; extra?: object } = {},
) {
  return {
    apiVersion: 'v1',
    kind: 'Node',
    metadata: { name, labels: { 'kubernetes.io/hostname': name, ...opts.labels } },
    spec: opts.spec ?? {},
    status: {
      conditions: READY,
      allocatable: { cpu: opts.cpu ?? '4', memory: '8Gi', pods: '110', ...opts.extra },
    },
  };
}

function pod(name: string, nodeName: string, spec: object = {}) {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: 'shop',
      ownerReferences: replicaSetOwner(name),
    },
    spec: { nodeName, containers: [{ name: 'c', resources: { requests: { cpu: '100m' } } }], ...spec },
    status: { phase: 'Running', conditions: READY },
  };
}

function place(items: object[], moving: string) {
  const file = parseSnapshotText(JSON.stringify({ apiVersion: 'v1', kind: 'List', items }), 'test');
  const snapshot = snapshotFromFile(file, 'test', 'wk-1');
  const index = indexCluster(snapshot);
  const pods = (index.podsByNode.get('wk-1') ?? []).filter((p: KPod) => p.metadata.name === moving);
  return placeReplacements(index, new Set(['wk-1']), pods);
}

describe('placeReplacements: the scheduler filters on the cluster as it is', () => {
  it('an extended resource only the target offers: Pending, insufficient nvidia.com/gpu', () => {
    const gpu = { containers: [{ name: 'c', resources: { requests: { 'nvidia.com/gpu': '1' } } }] };
    const p = place(
      [
        node('wk-1', { extra: { 'nvidia.com/gpu': '1' } }),
        node('wk-2'),
        node('wk-3', { extra: { 'nvidia.com/gpu': '1' } }),
        pod('trainer', 'wk-1', gpu),
        pod('other-trainer', 'wk-3', gpu),
      ],
      'trainer',
    );
    expect(p.unplaced).toEqual(['shop/trainer']);
    expect(p.why.get('shop/trainer')).toBe('0/3 nodes can take it: 1 drained, 2 insufficient nvidia.com/gpu');
  });

  it('a hostPort taken on the only other schedulable node: Pending, host port in use', () => {
    const port = {
      containers: [{ name: 'c', ports: [{ containerPort: 8080, hostPort: 80, protocol: 'TCP' }] }],
    };
    const p = place(
      [
        node('wk-1'),
        node('wk-2'),
        node('wk-3', { spec: { unschedulable: true } }),
        pod('ingress', 'wk-1', port),
        pod('ingress-2', 'wk-2', port),
      ],
      'ingress',
    );
    expect(p.unplaced).toEqual(['shop/ingress']);
    expect(p.why.get('shop/ingress')).toBe(
      '0/3 nodes can take it: 1 drained, 1 host port 80/TCP in use, 1 unschedulable',
    );
  });

  it('required zone affinity met only by the node the autoscaler is deleting: Pending', () => {
    const zoneA = {
      affinity: {
        nodeAffinity: {
          requiredDuringSchedulingIgnoredDuringExecution: {
            nodeSelectorTerms: [
              { matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['a'] }] },
            ],
          },
        },
      },
    };
    const p = place(
      [
        node('wk-1', { labels: { 'topology.kubernetes.io/zone': 'a' } }),
        node('wk-2', { labels: { 'topology.kubernetes.io/zone': 'b' } }),
        node('wk-3', {
          labels: { 'topology.kubernetes.io/zone': 'a' },
          spec: {
            taints: [{ key: 'ToBeDeletedByClusterAutoscaler', value: '1700000000', effect: 'NoSchedule' }],
          },
        }),
        pod('zonal', 'wk-1', zoneA),
      ],
      'zonal',
    );
    expect(p.unplaced).toEqual(['shop/zonal']);
    expect(p.why.get('shop/zonal')).toBe(
      '0/3 nodes can take it: 1 drained, 1 node affinity/selector, 1 untolerated taint (ToBeDeletedByClusterAutoscaler)',
    );
  });

  it('the largest init container counts: 3 CPUs asked where 2 are free', () => {
    const init = {
      initContainers: [{ name: 'migrate', resources: { requests: { cpu: '3' } } }],
      containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }],
    };
    const p = place([node('wk-1'), node('wk-2', { cpu: '2' }), pod('api', 'wk-1', init)], 'api');
    expect(p.unplaced).toEqual(['shop/api']);
    expect(p.why.get('shop/api')).toBe('0/2 nodes can take it: 1 drained, 1 insufficient cpu');
  });

  it('a replacement placed takes room from the next: the second of two 2-CPU pods stays Pending', () => {
    const big = { containers: [{ name: 'c', resources: { requests: { cpu: '2' } } }] };
    const file = parseSnapshotText(
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [node('wk-1'), node('wk-2', { cpu: '3' }), pod('a', 'wk-1', big), pod('b', 'wk-1', big)],
      }),
      'test',
    );
    const index = indexCluster(snapshotFromFile(file, 'test', 'wk-1'));
    const p = placeReplacements(index, new Set(['wk-1']), index.podsByNode.get('wk-1') ?? []);
    expect([...p.placedOn]).toEqual([['shop/a', 'wk-2']]);
    expect(p.unplaced).toEqual(['shop/b']);
  });

  it('the state kept between rounds places as a fresh call does when earlier replacements come, move and go', () => {
    const one = { containers: [{ name: 'c', resources: { requests: { cpu: '1' } } }] };
    const file = parseSnapshotText(
      JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          node('wk-1'),
          node('wk-2', { cpu: '2' }),
          node('wk-3', { cpu: '2' }),
          pod('a', 'wk-1', one),
          pod('b', 'wk-1', one),
          pod('c', 'wk-1', one),
        ],
      }),
      'test',
    );
    const index = indexCluster(snapshotFromFile(file, 'test', 'wk-1'));
    const down = new Set(['wk-1']);
    const [a, b, c] = index.podsByNode.get('wk-1') ?? [];
    if (!a || !b || !c) throw new Error('fixture');
    const rounds = placementRounds();
    const steps: [KPod, Map<KPod, string>, string][] = [
      [c, new Map(), 'wk-2'],
      [c, new Map([[a, 'wk-2']]), 'wk-2'],
      // wk-2 full (2 CPUs taken): c goes to wk-3.
      [
        c,
        new Map([
          [a, 'wk-2'],
          [b, 'wk-2'],
        ]),
        'wk-3',
      ],
      // a moved to wk-3, then gone: wk-2 has room again.
      [
        c,
        new Map([
          [a, 'wk-3'],
          [b, 'wk-2'],
        ]),
        'wk-2',
      ],
      [c, new Map([[b, 'wk-3']]), 'wk-2'],
    ];
    for (const [evicted, earlier, expected] of steps) {
      const kept = placeReplacements(index, down, [evicted], earlier, rounds);
      expect(kept).toEqual(placeReplacements(index, down, [evicted], earlier));
      expect(kept.placedOn.get('shop/c')).toBe(expected);
    }
  });

  it('a higher-priority pod that fits only by preempting a lower-priority one names it', () => {
    const high = { priority: 1000, containers: [{ name: 'c', resources: { requests: { cpu: '2' } } }] };
    const low = { containers: [{ name: 'c', resources: { requests: { cpu: '2' } } }] };
    const p = place(
      [node('wk-1'), node('wk-2', { cpu: '2' }), pod('payments', 'wk-1', high), pod('batch', 'wk-2', low)],
      'payments',
    );
    expect(p.unplaced).toEqual(['shop/payments']);
    expect(p.preempting.get('shop/payments')).toEqual({ node: 'wk-2', victims: ['shop/batch'] });
  });
});

/** A replica labelled `app: web` (pods of one Deployment), with the given spec. */
function web(name: string, nodeName: string, spec: object = {}) {
  const p = pod(name, nodeName, spec);
  return { ...p, metadata: { ...p.metadata, labels: { app: 'web' } } };
}

/** Place `moving` off wk-1 and expect it Pending for `why`. */
function expectPending(items: object[], moving: string, why: string) {
  const p = place(items, moving);
  expect(p.unplaced).toEqual([`shop/${moving}`]);
  expect(p.why.get(`shop/${moving}`)).toBe(why);
}

const ANTI_AFFINITY = {
  affinity: {
    podAntiAffinity: {
      requiredDuringSchedulingIgnoredDuringExecution: [
        { labelSelector: { matchLabels: { app: 'web' } }, topologyKey: 'kubernetes.io/hostname' },
      ],
    },
  },
};

const SPREAD = {
  topologySpreadConstraints: [
    {
      maxSkew: 1,
      topologyKey: 'topology.kubernetes.io/zone',
      whenUnsatisfiable: 'DoNotSchedule',
      labelSelector: { matchLabels: { app: 'web' } },
    },
  ],
};

// From https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#more-practical-use-cases
// (replicas never co-located: required anti-affinity on kubernetes.io/hostname) and
// https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/ (maxSkew 1
// over zones, DoNotSchedule). The model before placed each replacement on a node with room.
describe('placeReplacements: pod anti-affinity and topology spread of the pods bound', () => {
  it('required anti-affinity with one replica per node and no free node: Pending, pod anti-affinity', () => {
    expectPending(
      [
        node('wk-1'),
        node('wk-2'),
        node('wk-3'),
        web('web-1', 'wk-1', ANTI_AFFINITY),
        web('web-2', 'wk-2', ANTI_AFFINITY),
        web('web-3', 'wk-3', ANTI_AFFINITY),
      ],
      'web-1',
      '0/3 nodes can take it: 1 drained, 2 pod anti-affinity',
    );
  });

  it('required anti-affinity with a node free of replicas: placed there', () => {
    const p = place(
      [
        node('wk-1'),
        node('wk-2'),
        node('wk-3'),
        web('web-1', 'wk-1', ANTI_AFFINITY),
        web('web-2', 'wk-2', ANTI_AFFINITY),
      ],
      'web-1',
    );
    expect([...p.placedOn]).toEqual([['shop/web-1', 'wk-3']]);
  });

  it("an existing replica's anti-affinity keeps a pod without any off its node (symmetry)", () => {
    expectPending(
      [node('wk-1'), node('wk-2'), web('web-1', 'wk-1'), web('web-2', 'wk-2', ANTI_AFFINITY)],
      'web-1',
      "0/2 nodes can take it: 1 drained, 1 existing pods' anti-affinity",
    );
  });

  it('maxSkew 1 over zones with the other zone full: Pending, topology spread', () => {
    const zone = (z: string) => ({ labels: { 'topology.kubernetes.io/zone': z } });
    // After the eviction zone a holds 2, zone b 1: a third in zone a makes the skew 3 - 1 = 2.
    expectPending(
      [
        node('wk-1', zone('a')),
        node('wk-2', zone('a')),
        node('wk-3', { ...zone('b'), cpu: '100m' }),
        web('web-1', 'wk-1', SPREAD),
        web('web-2', 'wk-2', SPREAD),
        web('web-3', 'wk-2', SPREAD),
        web('web-4', 'wk-3', SPREAD),
      ],
      'web-1',
      '0/3 nodes can take it: 1 drained, 1 insufficient cpu, 1 topology spread',
    );
  });
});

describe('placeReplacements: the volumes of the pods (VolumeBinding, VolumeZone, VolumeRestrictions)', () => {
  const claim = (name: string, spec: object) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolumeClaim',
    metadata: { name, namespace: 'shop' },
    spec,
  });
  const volume = (name: string, metadata: object, spec: object = {}) => ({
    apiVersion: 'v1',
    kind: 'PersistentVolume',
    metadata: { name, ...metadata },
    spec,
  });
  const uses = (claimName: string) => ({
    volumes: [{ name: 'data', persistentVolumeClaim: { claimName } }],
  });
  const zone = (z: string) => ({ labels: { 'topology.kubernetes.io/zone': z } });

  // An EBS volume made before PVs carried node affinity has only the zone label (kubernetes/kubernetes#64226
  // added the affinity "on top of labels"); VolumeZone keeps its pod in that zone.
  it('a bound volume labelled with zone a, the other node in zone b: Pending, no available volume zone', () => {
    const p = place(
      [
        node('wk-1', zone('a')),
        node('wk-2', zone('b')),
        pod('db-0', 'wk-1', uses('data-db-0')),
        claim('data-db-0', { volumeName: 'pv-a' }),
        volume('pv-a', { labels: { 'topology.kubernetes.io/zone': 'a' } }),
      ],
      'db-0',
    );
    expect(p.unplaced).toEqual(['shop/db-0']);
    expect(p.why.get('shop/db-0')).toBe('0/2 nodes can take it: 1 drained, 1 no available volume zone');
  });

  it('a bound volume whose node affinity admits only the target: Pending, volume node affinity conflict', () => {
    const p = place(
      [
        node('wk-1'),
        node('wk-2'),
        pod('db-0', 'wk-1', uses('data-db-0')),
        claim('data-db-0', { volumeName: 'pv-local' }),
        volume(
          'pv-local',
          {},
          {
            nodeAffinity: {
              required: {
                nodeSelectorTerms: [
                  { matchExpressions: [{ key: 'kubernetes.io/hostname', operator: 'In', values: ['wk-1'] }] },
                ],
              },
            },
          },
        ),
      ],
      'db-0',
    );
    expect(p.unplaced).toEqual(['shop/db-0']);
    expect(p.why.get('shop/db-0')).toBe('0/2 nodes can take it: 1 drained, 1 volume node affinity conflict');
  });

  // ReadWriteOncePod: "only one pod across the whole cluster can read that PVC or write to it"
  // (https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes).
  it("a ReadWriteOncePod claim another running pod uses: Pending; the evicted pod's own use does not count", () => {
    const items = [
      node('wk-1'),
      node('wk-2'),
      pod('writer', 'wk-1', uses('shared')),
      claim('shared', { volumeName: 'pv-s', accessModes: ['ReadWriteOncePod'] }),
      volume('pv-s', {}),
    ];
    expect(place(items, 'writer').placedOn.get('shop/writer')).toBe('wk-2');
    const p = place([...items, pod('reader', 'wk-2', uses('shared'))], 'writer');
    expect(p.unplaced).toEqual(['shop/writer']);
    expect(p.why.get('shop/writer')).toBe(
      '0/2 nodes can take it: 1 drained, 1 ReadWriteOncePod claim shared in use',
    );
  });

  it('an unbound claim (its provisioner decides) or a claim not in the file: placed, and said unknown', () => {
    const p = place(
      [
        node('wk-1', zone('a')),
        node('wk-2', zone('b')),
        pod('db-0', 'wk-1', uses('data-db-0')),
        pod('db-1', 'wk-1', uses('data-db-1')),
        claim('data-db-0', { storageClassName: 'gp3' }),
      ],
      'db-0',
    );
    expect(p.placedOn.get('shop/db-0')).toBe('wk-2');
    expect(p.unknown?.get('shop/db-0')).toContain('depends on its provisioner');
    const q = place(
      [node('wk-1', zone('a')), node('wk-2', zone('b')), pod('db-1', 'wk-1', uses('data-db-1'))],
      'db-1',
    );
    expect(q.placedOn.get('shop/db-1')).toBe('wk-2');
    expect(q.unknown?.get('shop/db-1')).toBe('persistentvolumeclaim "data-db-1" not in the snapshot');
  });
});

describe('pendingSummary', () => {
  it("counts each node once per term, fewest first, as the brief's example reads", () => {
    expect(
      pendingSummary(6, [
        ['unschedulable'],
        ['topology spread'],
        ['topology spread'],
        ['untolerated taint (control-plane)'],
        ['untolerated taint (control-plane)'],
        ['untolerated taint (control-plane)'],
      ]),
    ).toBe('0/6 nodes can take it: 1 unschedulable, 2 topology spread, 3 untolerated taint (control-plane)');
  });
});
