/**
 * NodeUnschedulable: a cordoned node (`spec.unschedulable`) takes only pods that tolerate the
 * `node.kubernetes.io/unschedulable:NoSchedule` taint. After kube-scheduler
 * `pkg/scheduler/framework/plugins/nodeunschedulable/node_unschedulable.go`. Pure.
 */
import type { KPod } from '../../cluster/types.js';
import { type FilterStatus, type NodeInfo, SUCCESS, refuse } from './framework.js';
import { tolerationsTolerateTaint } from './taint-toleration.js';

/** The taint a cordon stands for (k8s.io/api core/v1 `TaintNodeUnschedulable`). */
export const TAINT_NODE_UNSCHEDULABLE = 'node.kubernetes.io/unschedulable';

/**
 * The NodeUnschedulable filter.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @returns Success, or UnschedulableAndUnresolvable "node(s) were unschedulable"
 */
export function nodeUnschedulableFilter(pod: KPod, info: NodeInfo): FilterStatus {
  if (info.node.spec?.unschedulable !== true) return SUCCESS;
  const tolerated = tolerationsTolerateTaint(pod.spec?.tolerations ?? [], {
    key: TAINT_NODE_UNSCHEDULABLE,
    effect: 'NoSchedule',
  });
  return tolerated
    ? SUCCESS
    : refuse(
        'NodeUnschedulable',
        'UnschedulableAndUnresolvable',
        ['node(s) were unschedulable'],
        ['unschedulable'],
      );
}
