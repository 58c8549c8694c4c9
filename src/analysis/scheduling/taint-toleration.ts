/**
 * TaintToleration: a pod runs on a node only when it tolerates every NoSchedule and NoExecute taint
 * of the node (PreferNoSchedule only scores). After kube-scheduler
 * `pkg/scheduler/framework/plugins/tainttoleration/taint_toleration.go` and the toleration rule of
 * `k8s.io/api/core/v1` `Toleration.ToleratesTaint`. Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/
 */
import type { KPod, KTaint, KToleration } from '../../cluster/types.js';
import { CONTROL_PLANE_TAINT_KEYS } from '../domain.js';
import { type FilterStatus, type NodeInfo, SUCCESS, refuse } from './framework.js';

/**
 * Whether one toleration tolerates one taint: an empty effect matches every effect, an empty key
 * every key; `Exists` matches any value, `Equal` (or no operator) the same value.
 * @param toleration - the pod's toleration
 * @param taint - the node's taint (`key`, `value`, `effect`)
 */
export function toleratesTaint(
  toleration: KToleration,
  taint: Pick<KTaint, 'key' | 'value' | 'effect'>,
): boolean {
  if (toleration.effect !== undefined && toleration.effect !== '' && toleration.effect !== taint.effect)
    return false;
  if (toleration.key !== undefined && toleration.key !== '' && toleration.key !== taint.key) return false;
  const op = toleration.operator ?? '';
  if (op === 'Exists') return true;
  if (op === '' || op === 'Equal') return (toleration.value ?? '') === (taint.value ?? '');
  return false;
}

/**
 * Whether any of the tolerations tolerates the taint.
 * @param tolerations - the pod's tolerations
 * @param taint - the taint
 */
export function tolerationsTolerateTaint(
  tolerations: readonly KToleration[],
  taint: Pick<KTaint, 'key' | 'value' | 'effect'>,
): boolean {
  return tolerations.some((t) => toleratesTaint(t, taint));
}

/**
 * The chat term for a taint's key: `control-plane` for kubeadm's control-plane taints, the key
 * without `node.kubernetes.io/` otherwise (`not-ready`, `ToBeDeletedByClusterAutoscaler`).
 * @param key - the taint key
 */
export function taintTerm(key: string): string {
  if (CONTROL_PLANE_TAINT_KEYS.includes(key)) return 'control-plane';
  return key.startsWith('node.kubernetes.io/') ? key.slice('node.kubernetes.io/'.length) : key;
}

/**
 * The TaintToleration filter: the first NoSchedule/NoExecute taint the pod does not tolerate.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @param taints - the node's taints (default `spec.taints`; the placement adds the ones the node
 *   lifecycle controller sets for a node that is not Ready)
 * @returns Success, or UnschedulableAndUnresolvable "node(s) had taint {key: value}, that the pod didn't tolerate"
 */
export function taintTolerationFilter(
  pod: KPod,
  info: NodeInfo,
  taints: readonly KTaint[] = info.node.spec?.taints ?? [],
): FilterStatus {
  const tolerations = pod.spec?.tolerations ?? [];
  const taint = taints.find(
    (t) =>
      (t.effect === 'NoSchedule' || t.effect === 'NoExecute') && !tolerationsTolerateTaint(tolerations, t),
  );
  if (!taint) return SUCCESS;
  return refuse(
    'TaintToleration',
    'UnschedulableAndUnresolvable',
    [`node(s) had taint {${taint.key}: ${taint.value ?? ''}}, that the pod didn't tolerate`],
    [`untolerated taint (${taintTerm(taint.key)})`],
  );
}
