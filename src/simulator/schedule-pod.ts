/**
 * The simulator's scheduler: where a new pod (a ReplicaSet's or StatefulSet's replacement) runs.
 * It is ONE adapter over the analysis' scheduling model, `placeReplacements` in
 * src/analysis/scheduling/placement.ts (kube-scheduler's filters: NodeUnschedulable, NodeName,
 * TaintToleration, NodeAffinity, NodePorts, NodeResourcesFit), so the simulated cluster leaves a
 * pod Pending exactly when the model the answers use says no node can take it.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/kube-scheduler/
 */
import { indexCluster } from '../analysis/cluster-index.js';
import { placeReplacements } from '../analysis/scheduling/placement.js';
import { summarizePod } from '../cluster/snapshot-builder.js';
import type { KNode, KPod } from '../cluster/types.js';
import type { ObjectStore } from './object-store.js';
import { readAll } from './store-writes.js';

/**
 * The node a new pod is bound to: among the nodes the placement model gives room for the pod, the
 * one running the fewest pods (then by name), as kube-scheduler's default spreading prefers.
 * @param store - the simulator's objects (read only)
 * @param pod - the pod to place (its `spec.nodeName` is ignored)
 * @param now - the clock of the cluster view
 * @param exclude - a node not to use (the node a replaced pod was deleted from: the simulator's
 *   controllers replace a pod elsewhere, as a drain needs)
 * @returns the node, or null when no node fits (the pod stays Pending, `Unschedulable`)
 */
export function schedulePod(store: ObjectStore, pod: KPod, now: Date, exclude = ''): KNode | null {
  const nodes = readAll(store, 'nodes') as unknown as KNode[];
  const pods = readAll(store, 'pods') as unknown as KPod[];
  const index = indexCluster({
    cluster: 'simulator',
    capturedAt: now,
    focusNode: null,
    nodes,
    pods,
    podSummaries: pods.map(summarizePod),
    leases: [],
    podDisruptionBudgets: [],
    workloads: [],
    apiserverEndpointSlices: [],
    readyz: null,
    etcd: null,
    readErrors: [],
  });
  const byNode = store.resources.get('pods')?.byNodeName;
  const load = (n: KNode): number => byNode?.get(n.metadata.name)?.length ?? 0;
  const names = nodes.map((n) => n.metadata.name);
  const ordered = nodes
    .filter((n) => n.metadata.name !== exclude)
    .sort((a, b) => load(a) - load(b) || (a.metadata.name < b.metadata.name ? -1 : 1));
  // The model answers "does it fit on this set of nodes": first on them all (no room anywhere:
  // Pending, one call), then one node at a time.
  if (placeReplacements(index, new Set([exclude]), [pod]).unplaced.length > 0) return null;
  return (
    ordered.find(
      (n) =>
        placeReplacements(index, new Set(names.filter((x) => x !== n.metadata.name)), [pod]).unplaced
          .length === 0,
    ) ?? null
  );
}
