/**
 * NodeName: a pod with `spec.nodeName` set runs only on that node. After kube-scheduler
 * `pkg/scheduler/framework/plugins/nodename/node_name.go`. Pure.
 */
import type { KPod } from '../../cluster/types.js';
import { type FilterStatus, type NodeInfo, SUCCESS, refuse } from './framework.js';

/**
 * The NodeName filter.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @returns Success, or UnschedulableAndUnresolvable "node(s) didn't match the requested node name"
 */
export function nodeNameFilter(pod: KPod, info: NodeInfo): FilterStatus {
  const wanted = pod.spec?.nodeName;
  if (wanted === undefined || wanted === '' || wanted === info.node.metadata.name) return SUCCESS;
  return refuse(
    'NodeName',
    'UnschedulableAndUnresolvable',
    ["node(s) didn't match the requested node name"],
    ['other node name'],
  );
}
