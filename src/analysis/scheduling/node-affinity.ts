/**
 * NodeAffinity: a pod runs only on a node whose labels match every `spec.nodeSelector` pair and
 * one of its required node affinity terms (terms ORed, requirements within a term ANDed). After
 * kube-scheduler `pkg/scheduler/framework/plugins/nodeaffinity/node_affinity.go` and
 * `k8s.io/component-helpers/scheduling/corev1/nodeaffinity` (a term that does not parse, e.g. an
 * invalid label value or an empty term, matches no node). Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity
 */
import type { KAffinity, KNode, KNodeSelectorTerm, KPod } from '../../cluster/types.js';
import { type FilterStatus, type NodeInfo, SUCCESS, refuse } from './framework.js';

/** A label value as `k8s.io/apimachinery` validation.IsValidLabelValue admits it (at most 63 characters). */
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const INTEGER = /^[+-]?\d+$/;

function validValues(values: readonly string[]): boolean {
  return values.every((v) => v.length <= 63 && LABEL_VALUE.test(v));
}

function expressionMatches(
  e: NonNullable<KNodeSelectorTerm['matchExpressions']>[number],
  labels: Record<string, string>,
): boolean | null {
  const values = e.values ?? [];
  const has = Object.prototype.hasOwnProperty.call(labels, e.key);
  const value = labels[e.key] ?? '';
  switch (e.operator) {
    case 'In':
    case 'NotIn':
      if (values.length === 0 || !validValues(values)) return null;
      return e.operator === 'In' ? has && values.includes(value) : !has || !values.includes(value);
    case 'Exists':
    case 'DoesNotExist':
      if (values.length > 0) return null;
      return e.operator === 'Exists' ? has : !has;
    case 'Gt':
    case 'Lt': {
      const bound = values[0];
      if (values.length !== 1 || bound === undefined || !INTEGER.test(bound)) return null;
      if (!has || !INTEGER.test(value)) return false;
      return e.operator === 'Gt' ? Number(value) > Number(bound) : Number(value) < Number(bound);
    }
    default:
      return null;
  }
}

/**
 * Whether a node selector term matches a node: every `matchExpressions` requirement on its labels
 * and every `matchFields` requirement (only `metadata.name`, `In`/`NotIn` with one value) on it.
 * An empty term, or one that does not parse, matches nothing (core/v1 NodeSelectorTerm).
 * @param term - the term
 * @param node - the node
 */
export function nodeSelectorTermMatches(term: KNodeSelectorTerm, node: KNode): boolean {
  const exprs = term.matchExpressions ?? [];
  const fields = term.matchFields ?? [];
  if (exprs.length === 0 && fields.length === 0) return false;
  const labels = node.metadata.labels ?? {};
  let matches = true;
  for (const e of exprs) {
    const m = expressionMatches(e, labels);
    if (m === null) return false;
    matches &&= m;
  }
  for (const f of fields) {
    const values = f.values ?? [];
    const value = values[0];
    if (f.key !== 'metadata.name' || values.length !== 1 || value === undefined) return false;
    if (f.operator === 'In') matches &&= node.metadata.name === value;
    else if (f.operator === 'NotIn') matches &&= node.metadata.name !== value;
    else return false;
  }
  return matches;
}

/**
 * Whether required node selector terms admit a node: absent terms admit every node; present
 * terms (even an empty list) admit a node when one of them matches.
 * @param required - `requiredDuringSchedulingIgnoredDuringExecution` (or a PV's `nodeAffinity.required`)
 * @param node - the node
 */
export function nodeSelectorAdmits(
  required: { nodeSelectorTerms?: readonly KNodeSelectorTerm[] | null } | null | undefined,
  node: KNode,
): boolean {
  if (!required) return true;
  return (required.nodeSelectorTerms ?? []).some((t) => nodeSelectorTermMatches(t, node));
}

/** NodeAffinityArgs of the scheduler profile: `addedAffinity` applies to every pod. */
export interface NodeAffinityArgs {
  addedAffinity?: KAffinity['nodeAffinity'];
}

/**
 * The NodeAffinity filter.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @param args - the profile's NodeAffinityArgs (none by default)
 * @returns Success, or UnschedulableAndUnresolvable "node(s) didn't match Pod's node affinity/selector"
 *   ("node(s) didn't match scheduler-enforced node affinity" for `addedAffinity`)
 */
export function nodeAffinityFilter(pod: KPod, info: NodeInfo, args: NodeAffinityArgs = {}): FilterStatus {
  const node = info.node;
  if (
    args.addedAffinity &&
    !nodeSelectorAdmits(args.addedAffinity.requiredDuringSchedulingIgnoredDuringExecution, node)
  )
    return refuse(
      'NodeAffinity',
      'UnschedulableAndUnresolvable',
      ["node(s) didn't match scheduler-enforced node affinity"],
      ['node affinity'],
    );
  const labels = node.metadata.labels ?? {};
  const selectorOk = Object.entries(pod.spec?.nodeSelector ?? {}).every(([k, v]) => labels[k] === v);
  const affinityOk = nodeSelectorAdmits(
    pod.spec?.affinity?.nodeAffinity?.requiredDuringSchedulingIgnoredDuringExecution,
    node,
  );
  if (selectorOk && affinityOk) return SUCCESS;
  return refuse(
    'NodeAffinity',
    'UnschedulableAndUnresolvable',
    ["node(s) didn't match Pod's node affinity/selector"],
    ['node affinity/selector'],
  );
}
