/**
 * Where the backends of a Service run, read from its EndpointSlices (label
 * `kubernetes.io/service-name`): each endpoint's `nodeName`, else the node of the pod its
 * `targetRef` names. An endpoint whose `conditions.ready` is unset counts as ready ("nil should be
 * interpreted as ready", discovery.k8s.io/v1 EndpointConditions). Used for the Services admission
 * webhooks and APIServices call (issue 29). Pure.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/service-resources/endpoint-slice-v1/
 */
import { APISERVER_SLICE_LABEL } from '../cluster/snapshot-builder.js';
import { type ClusterIndex, memoOnIndex } from './cluster-index.js';

/**
 * Where a Service's ready backends run:
 * - `unknown`: the EndpointSlices were not read (a read error, a List without them), or a ready
 *   endpoint's node is not known and none runs elsewhere;
 * - `none`: no ready endpoint at all (no backend now, whatever node reboots);
 * - `one-node`: every ready endpoint on one node (`nodes[0]`);
 * - `spread`: ready endpoints on two nodes or more.
 */
export interface ServiceBackends {
  state: 'unknown' | 'none' | 'one-node' | 'spread';
  /** Ready endpoints. */
  ready: number;
  /** Nodes of the ready endpoints, each once, in slice order. */
  nodes: string[];
  /** Pods behind the ready endpoints (`targetRef`), `namespace/name`. */
  pods: string[];
}

/**
 * Whether the snapshot says where Services' backends run: the EndpointSlices were read whole.
 * @param index - the cluster index
 */
export function backendsKnown(index: ClusterIndex): boolean {
  const s = index.snapshot;
  return (
    s.backendEndpointSlices !== undefined &&
    !s.readErrors.some((e) => e.resource === 'endpointslices') &&
    !(s.unobserved ?? []).includes('endpointslices')
  );
}

/**
 * Where the ready backends of Service `namespace/name` run.
 * @param index - the cluster index
 * @param namespace - the Service's namespace
 * @param name - the Service's name
 */
export function serviceBackends(index: ClusterIndex, namespace: string, name: string): ServiceBackends {
  if (!backendsKnown(index)) return { state: 'unknown', ready: 0, nodes: [], pods: [] };
  const podNode = memoOnIndex(
    index,
    'backends:podNode',
    () => new Map(index.snapshot.podSummaries.map((p) => [`${p.namespace}/${p.name}`, p.nodeName])),
  );
  const nodes: string[] = [];
  const pods: string[] = [];
  let ready = 0;
  let unplaced = 0;
  for (const slice of index.snapshot.backendEndpointSlices ?? []) {
    if (slice.metadata.namespace !== namespace || slice.metadata.labels?.[APISERVER_SLICE_LABEL] !== name)
      continue;
    for (const e of slice.endpoints ?? []) {
      if (e.conditions?.ready === false) continue;
      ready++;
      const pod =
        e.targetRef?.kind === 'Pod' && e.targetRef.name
          ? `${e.targetRef.namespace ?? namespace}/${e.targetRef.name}`
          : null;
      if (pod !== null) pods.push(pod);
      const node = e.nodeName ?? (pod !== null ? podNode.get(pod) : null) ?? null;
      if (node === null) unplaced++;
      else if (!nodes.includes(node)) nodes.push(node);
    }
  }
  const state = ready === 0 ? 'none' : nodes.length >= 2 ? 'spread' : unplaced > 0 ? 'unknown' : 'one-node';
  return { state, ready, nodes, pods };
}
