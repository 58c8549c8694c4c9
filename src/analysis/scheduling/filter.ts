/**
 * The scheduling model's filter pipeline: the filter plugins in kube-scheduler's default order,
 * the first refusal deciding a node (as `frameworkImpl.RunFilterPlugins` returns on the first
 * failure), and the scheduler's "0/N nodes are available" summary shortened for chat. Pure.
 * @see https://kubernetes.io/docs/reference/scheduling/config/#scheduling-plugins
 */
import type { KNode, KPod, KTaint } from '../../cluster/types.js';
import { type HostPort, podHostPorts, podRequests } from '../../cluster/pod-requests.js';
import { type FilterStatus, type NodeInfo, type VolumeState, SUCCESS } from './framework.js';
import { nodeAffinityFilter } from './node-affinity.js';
import { nodeNameFilter } from './node-name.js';
import { nodePortsFilter } from './node-ports.js';
import { nodeResourcesFitFilter } from './node-resources-fit.js';
import { nodeUnschedulableFilter } from './node-unschedulable.js';
import { taintTolerationFilter } from './taint-toleration.js';
import { volumeBindingFilter } from './volume-binding.js';
import { INLINE_DISKS, volumeRestrictionsFilter } from './volume-restrictions.js';
import { volumeZoneFilter } from './volume-zone.js';

/**
 * A NodeInfo from a node and the full pods bound to it (the upstream tables' `NewNodeInfo(pods...)`).
 * @param node - the node
 * @param pods - the pods bound to it
 */
export function nodeInfoOf(node: KNode, pods: readonly KPod[]): NodeInfo {
  const requested = new Map<string, number>();
  const usedPorts: HostPort[] = [];
  for (const p of pods) {
    for (const [k, v] of podRequests(p)) requested.set(k, (requested.get(k) ?? 0) + v);
    usedPorts.push(...podHostPorts(p));
  }
  return { node, requested, podCount: pods.length, usedPorts, pods };
}

/** Pods whose volumes the volume filters read (a claim, or an inline disk), cached per pod object. */
const volumeRules = new WeakMap<KPod, boolean>();

function hasVolumeRules(pod: KPod): boolean {
  let has = volumeRules.get(pod);
  if (has === undefined) {
    has = (pod.spec?.volumes ?? []).some(
      (v) => v.persistentVolumeClaim !== undefined || INLINE_DISKS.some((d) => v[d] !== undefined),
    );
    volumeRules.set(pod, has);
  }
  return has;
}

/**
 * Run every filter on one node; the first refusal is the node's answer.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @param taints - the node's taints as the scheduler sees them (default `spec.taints`)
 * @param request - the pod's requests, when computed already
 * @param volumes - the claims, volumes and their users for the volume filters; none read by
 *   default (a pod with a claim then gets an "unknown" Success)
 * @returns Success (with `unknown` when a volume filter could not decide) or the first refusal
 */
export function runFilters(
  pod: KPod,
  info: NodeInfo,
  taints?: readonly KTaint[],
  request?: ReadonlyMap<string, number>,
  volumes: VolumeState = {},
): FilterStatus {
  // In kube-scheduler's order; the first refusal decides (no closures: this runs per node and pod).
  let status = nodeUnschedulableFilter(pod, info);
  if (status.code === 'Success') status = nodeNameFilter(pod, info);
  if (status.code === 'Success') status = taintTolerationFilter(pod, info, taints);
  if (status.code === 'Success') status = nodeAffinityFilter(pod, info);
  if (status.code === 'Success') status = nodePortsFilter(pod, info);
  if (status.code === 'Success') status = nodeResourcesFitFilter(pod, info, {}, request);
  if (status.code !== 'Success' || !hasVolumeRules(pod)) return status;
  // The volume filters, in the scheduler's order; the first "unknown" is kept if none refuses.
  let unknown: FilterStatus | undefined;
  for (const filter of [volumeRestrictionsFilter, volumeBindingFilter, volumeZoneFilter]) {
    status = filter(pod, info, volumes);
    if (status.code !== 'Success') return status;
    if (status.unknown !== undefined) unknown ??= status;
  }
  return unknown ?? SUCCESS;
}

/**
 * Why a pod stays Pending, in the scheduler's terms, shortened for chat: "0/6 nodes can take it:
 * 1 unschedulable, 2 insufficient cpu, 3 untolerated taint (control-plane)" — the scheduler's
 * FitError message ("0/6 nodes are available: ...") counts each refused node once per reason.
 * @param total - the nodes considered (all the cluster's nodes)
 * @param refusals - the terms each refused node gave (a node short of cpu and memory gives both)
 * @returns the sentence; terms by rising count, then by name
 */
export function pendingSummary(total: number, refusals: readonly (readonly string[])[]): string {
  const counts = new Map<string, number>();
  for (const terms of refusals) for (const t of new Set(terms)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const parts = [...counts]
    .sort((a, b) => a[1] - b[1] || a[0].localeCompare(b[0]))
    .map(([t, n]) => `${String(n)} ${t}`);
  return `0/${String(total)} nodes can take it: ${parts.join(', ')}`;
}
