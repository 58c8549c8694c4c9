/** The Leases of a generated cluster: node heartbeats, leader election, API server identity. */
import type { KObject } from '../../src/cluster/snapshot-file.js';
import { DAY, type GenContext } from './context.js';

/**
 * A node Lease per node (renewed within the last 10 s), the kube-scheduler and
 * kube-controller-manager leader Leases, and one API server identity Lease per control-plane node.
 * @param ctx - the pass's shared state
 * @param nodeUid - each node's uid by name (the node Leases' owner)
 */
export function* leases(ctx: GenContext, nodeUid: ReadonlyMap<string, string>): Generator<KObject> {
  const { rnd, uuid, suffix, micro, ts, nextRv, plan, cpCount, clusterAge, allNodes } = ctx;
  for (let i = 0; i < allNodes.length; i++) {
    const name = allNodes[i] as string;
    yield {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        creationTimestamp: ts(clusterAge - i * 1000),
        name,
        namespace: 'kube-node-lease',
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: nodeUid.get(name) as string }],
        resourceVersion: nextRv(),
        uid: uuid(),
      },
      spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: micro(Math.floor(rnd() * 10_000)) },
    };
  }
  if (cpCount > 0) {
    for (const [lease, holderIdx] of [
      ['kube-scheduler', 0],
      ['kube-controller-manager', Math.min(1, cpCount - 1)],
    ] as const) {
      yield {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: {
          creationTimestamp: ts(clusterAge),
          name: lease,
          namespace: 'kube-system',
          resourceVersion: nextRv(),
          uid: uuid(),
        },
        spec: {
          acquireTime: micro(20 * DAY),
          holderIdentity: `${plan.cpNames[holderIdx] as string}_${uuid()}`,
          leaseDurationSeconds: 15,
          leaseTransitions: 4,
          renewTime: micro(Math.floor(rnd() * 2000)),
        },
      };
    }
  }
  for (let i = 0; i < cpCount; i++) {
    const id = `apiserver-${suffix(26)}`;
    yield {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        creationTimestamp: ts(10 * DAY),
        labels: {
          'apiserver.kubernetes.io/identity': 'kube-apiserver',
          'kubernetes.io/hostname': plan.cpNames[i] as string,
        },
        name: id,
        namespace: 'kube-system',
        resourceVersion: nextRv(),
        uid: uuid(),
      },
      spec: {
        holderIdentity: `${id}_${uuid()}`,
        leaseDurationSeconds: 3600,
        renewTime: micro(Math.floor(rnd() * 10_000)),
      },
    };
  }
}
