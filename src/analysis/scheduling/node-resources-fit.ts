/**
 * NodeResourcesFit: the pod's requests ({@link podRequests}: init containers, sidecars and overhead
 * as the scheduler sums them) must fit in the node's allocatable minus what the pods bound to it
 * request, for every resource (cpu, memory, ephemeral-storage, extended resources such as
 * `nvidia.com/gpu`, hugepages), and one more pod must fit under `allocatable.pods`. After
 * kube-scheduler `pkg/scheduler/framework/plugins/noderesources/fit.go` (`fitsRequest`). Pure.
 */
import type { KNode, KPod } from '../../cluster/types.js';
import { podRequests, resourceAmount } from '../../cluster/pod-requests.js';
import { type FilterStatus, type NodeInfo, SUCCESS, refuse } from './framework.js';

/** The kubelet's default `maxPods`, used when a node's allocatable does not say. */
export const DEFAULT_MAX_PODS = 110;

/**
 * A node's allocatable amount of a resource (0 when the node does not offer it).
 * @param node - the node
 * @param name - the resource name
 */
export function allocatable(node: KNode, name: string): number {
  const q = node.status?.allocatable?.[name];
  return q === undefined ? 0 : resourceAmount(name, q);
}

/** How many pods a node takes: `allocatable.pods`, else the kubelet's default 110. */
export function maxPods(node: KNode): number {
  const q = node.status?.allocatable?.pods;
  return q === undefined ? DEFAULT_MAX_PODS : Number(q);
}

/** NodeResourcesFitArgs of the scheduler profile (none by default). */
export interface NodeResourcesFitArgs {
  /** Extended resources the filter skips. */
  ignoredResources?: readonly string[];
  /** Extended resource groups (the part before `/`) the filter skips. */
  ignoredResourceGroups?: readonly string[];
  /** The LocalStorageCapacityIsolation feature gate (on by default, GA in 1.25): off skips ephemeral-storage. */
  localStorageCapacityIsolation?: boolean;
}

/** An extended resource: prefixed, outside `kubernetes.io/`, not `requests.*` (v1helper.IsExtendedResourceName). */
function isExtended(name: string): boolean {
  return name.includes('/') && !name.includes('kubernetes.io/') && !name.startsWith('requests.');
}

/**
 * What does not fit: one upstream reason per resource short of room (`Too many pods`,
 * `Insufficient cpu`, `Insufficient nvidia.com/gpu`), in upstream's order.
 * @param request - the pod's {@link podRequests}
 * @param info - the node
 * @param args - the profile's args
 */
export function insufficientResources(
  request: ReadonlyMap<string, number>,
  info: NodeInfo,
  args: NodeResourcesFitArgs = {},
): string[] {
  const out: string[] = [];
  if (info.podCount + 1 > (info.allocatable?.get('pods') ?? maxPods(info.node))) out.push('Too many pods');
  const free = (name: string): number =>
    (info.allocatable ? (info.allocatable.get(name) ?? 0) : allocatable(info.node, name)) -
    (info.requested.get(name) ?? 0);
  for (const name of ['cpu', 'memory', 'ephemeral-storage']) {
    if (name === 'ephemeral-storage' && args.localStorageCapacityIsolation === false) continue;
    const r = request.get(name) ?? 0;
    if (r > 0 && r > free(name)) out.push(`Insufficient ${name}`);
  }
  for (const [name, r] of request) {
    if (name === 'cpu' || name === 'memory' || name === 'ephemeral-storage' || r === 0) continue;
    if (
      isExtended(name) &&
      ((args.ignoredResources ?? []).includes(name) ||
        (args.ignoredResourceGroups ?? []).includes(name.split('/')[0] ?? ''))
    )
      continue;
    if (r > free(name)) out.push(`Insufficient ${name}`);
  }
  return out;
}

/**
 * The NodeResourcesFit filter.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @param args - the profile's args
 * @param request - the pod's {@link podRequests}, when computed already
 * @returns Success, or Unschedulable with one reason per resource short of room
 */
export function nodeResourcesFitFilter(
  pod: KPod,
  info: NodeInfo,
  args: NodeResourcesFitArgs = {},
  request: ReadonlyMap<string, number> = podRequests(pod),
): FilterStatus {
  const reasons = insufficientResources(request, info, args);
  if (reasons.length === 0) return SUCCESS;
  return refuse(
    'NodeResourcesFit',
    'Unschedulable',
    reasons,
    reasons.map((r) => (r === 'Too many pods' ? 'too many pods' : r.replace('Insufficient', 'insufficient'))),
  );
}
