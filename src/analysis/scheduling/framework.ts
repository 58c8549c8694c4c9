/**
 * The shapes the scheduling model's filter plugins share: a node as the scheduler sees it
 * ({@link NodeInfo}) and a plugin's answer ({@link FilterStatus}), after kube-scheduler's
 * `pkg/scheduler/framework/types.go` (NodeInfo) and `interface.go` (Status, Code). Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/scheduling-framework/
 */
import type { KNode, KPersistentVolume, KPersistentVolumeClaim, KPod } from '../../cluster/types.js';
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
  | 'VolumeRestrictions'
  | 'VolumeBinding'
  | 'VolumeZone'
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
  /**
   * On a Success the model could not decide for want of data (a claim list not read, an unbound
   * claim whose provisioner decides): what is not known, for the answer to say "unknown".
   */
  unknown?: string;
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
  /** The full pods bound to the node, when known (VolumeRestrictions' inline disk conflicts). */
  pods?: readonly KPod[];
}

/**
 * What the volume filters (VolumeRestrictions, VolumeBinding, VolumeZone) read besides the node,
 * as the scheduler's PVC, PV and StorageClass listers give it. A map left out was not read: a pod
 * that needs it gets an "unknown" Success, never a silent pass.
 */
export interface VolumeState {
  /** `namespace/name` → PersistentVolumeClaim. */
  claims?: ReadonlyMap<string, KPersistentVolumeClaim>;
  /** PersistentVolume name → PersistentVolume. */
  volumes?: ReadonlyMap<string, KPersistentVolume>;
  /** StorageClass name → its `volumeBindingMode` (`''` when unset). */
  bindingModes?: ReadonlyMap<string, string>;
  /**
   * The maps may lack objects that exist (a snapshot file lists what it was given): a claim or
   * volume not found is then "unknown", not upstream's not-found refusal. A claim in use by a pod
   * cannot be removed (the `kubernetes.io/pvc-protection` finalizer), so a running pod's missing
   * claim means it was not read.
   */
  partial?: boolean;
  /** How many pods bound to a node use the claim `namespace/claim` (ReadWriteOncePod). */
  claimUsers?: (claim: string) => number;
}

/**
 * A Success the model could not decide (see {@link FilterStatus.unknown}).
 * @param what - what is not known
 */
export function unknownStatus(what: string): FilterStatus {
  return { code: 'Success', reasons: [], unknown: what };
}

/**
 * A claim or volume not found: upstream's refusal, or "unknown" when the state is partial.
 * @param state - the volume state
 * @param refusal - upstream's refusal
 * @param what - the object not found (`persistentvolumeclaim "x"`)
 */
export function notFound(state: VolumeState, refusal: FilterStatus, what: string): FilterStatus {
  return state.partial ? unknownStatus(`${what} not in the snapshot`) : refusal;
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
