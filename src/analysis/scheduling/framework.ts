/**
 * The shapes the scheduling model's filter plugins share: a node as the scheduler sees it
 * ({@link NodeInfo}) and a plugin's answer ({@link FilterStatus}), after kube-scheduler's
 * `pkg/scheduler/framework/types.go` (NodeInfo) and `interface.go` (Status, Code). Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/scheduling-framework/
 */
import type { KNode } from '../../cluster/types.js';
import type { HostPort } from '../../cluster/pod-requests.js';

/**
 * A filter's code, as kube-scheduler's framework names them: `Unschedulable` may be resolved by
 * preempting pods on the node (NodeResourcesFit, NodePorts), `UnschedulableAndUnresolvable`
 * cannot (a taint, a selector, a cordon).
 */
export type FilterCode = 'Success' | 'Unschedulable' | 'UnschedulableAndUnresolvable';

/** The filter plugins of the model, in kube-scheduler's default filter order. */
export type FilterPlugin =
  | 'NodeUnschedulable'
  | 'NodeName'
  | 'TaintToleration'
  | 'NodeAffinity'
  | 'NodePorts'
  | 'NodeResourcesFit'
  | 'PodTopologySpread'
  | 'InterPodAffinity';

/** One plugin's answer for one pod on one node; `reasons` are upstream's own messages. */
export interface FilterStatus {
  code: FilterCode;
  reasons: string[];
  /** The plugin that refused (absent on success). */
  plugin?: FilterPlugin;
  /** A short term for chat ("untolerated taint (control-plane)", "insufficient cpu"), when refused. */
  short?: string[];
}

/** The success status (shared, never changed). */
export const SUCCESS: Readonly<FilterStatus> = Object.freeze({ code: 'Success', reasons: [] });

/**
 * A node and what the pods bound to it already take, as kube-scheduler's NodeInfo keeps it.
 * Requests: `cpu` in millicores, `memory` and `ephemeral-storage` in bytes, every other resource
 * (extended `nvidia.com/gpu`, `hugepages-2Mi`, `kubernetes.io/*`) in its own base unit.
 */
export interface NodeInfo {
  node: KNode;
  /** Sum of the requests of the pods bound to the node, by resource name. */
  requested: ReadonlyMap<string, number>;
  /** How many pods are bound to the node (against `allocatable.pods`). */
  podCount: number;
  /** Host ports the bound pods use. */
  usedPorts: readonly HostPort[];
  /** The node's allocatable amounts, parsed once (else read from `node.status.allocatable`). */
  allocatable?: ReadonlyMap<string, number>;
}

/**
 * Build a refusal.
 * @param plugin - the plugin that refuses
 * @param code - Unschedulable or UnschedulableAndUnresolvable
 * @param reasons - upstream's messages
 * @param short - the chat terms, one per reason or one for all
 */
export function refuse(
  plugin: FilterPlugin,
  code: Exclude<FilterCode, 'Success'>,
  reasons: string[],
  short: string[],
): FilterStatus {
  return { code, reasons, plugin, short };
}
