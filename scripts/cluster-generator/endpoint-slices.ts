/** The `default/kubernetes` EndpointSlice of a generated cluster: one address per API server. */
import type { KObject } from '../../src/cluster/snapshot-file.js';
import type { GenContext } from './context.js';

/**
 * The EndpointSlice of the `kubernetes` Service, every control-plane node's InternalIP ready.
 * @param ctx - the pass's shared state
 */
export function kubernetesEndpointSlice(ctx: GenContext): KObject {
  const { uuid, ts, nextRv, plan, clusterAge, ipOf } = ctx;
  return {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      creationTimestamp: ts(clusterAge),
      generation: 3,
      labels: {
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
        'kubernetes.io/service-name': 'kubernetes',
      },
      name: 'kubernetes',
      namespace: 'default',
      resourceVersion: nextRv(),
      uid: uuid(),
    },
    addressType: 'IPv4',
    endpoints: plan.cpNames.map((_, i) => ({ addresses: [ipOf(i)], conditions: { ready: true } })),
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  };
}
