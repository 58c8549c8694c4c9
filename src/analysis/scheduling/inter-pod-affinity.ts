/**
 * InterPodAffinity (required terms): a pod runs on a node only when (1) for each of its pod
 * affinity terms the node has the term's topology label and the node's domain holds a pod that
 * matches every term (or, when no pod in the cluster matches them, the pod matches its own terms:
 * the first pod of a group); (2) no domain of the node holds a pod one of its anti-affinity terms
 * selects; (3) no existing pod's anti-affinity term selects it in a domain of the node (symmetry).
 * A term selects pods by `labelSelector` in `namespaces`, or the namespaces `namespaceSelector`
 * selects, or the owner's namespace. After kube-scheduler
 * `pkg/scheduler/framework/plugins/interpodaffinity/filtering.go` and `framework/types.go`
 * (AffinityTerm.Matches), v1.24. Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity
 */
import type { KLabelSelector, KNode, KPod, KPodAffinityTerm } from '../../cluster/types.js';
import { selectorMatches } from '../cluster-index.js';
import { type FilterStatus, SUCCESS, refuse } from './framework.js';
import type { SpreadNode } from './pod-topology-spread.js';

/** Namespace name → its labels (for `namespaceSelector`); a namespace absent here is unknown. */
export type NamespaceLabels = ReadonlyMap<string, Readonly<Record<string, string>>>;

/** What the filter needs: the pod's terms and the matching pods counted per topology pair. */
export interface InterPodAffinityState {
  /** Why the pod's terms do not parse (upstream's PreFilter "parsing pod" error), else absent. */
  parseError?: string;
  affinity: readonly KPodAffinityTerm[];
  antiAffinity: readonly KPodAffinityTerm[];
  /** `key\0value` → pods matching all the pod's affinity terms in that domain. */
  affinityCounts: Map<string, number>;
  /** `key\0value` → pods one of the pod's anti-affinity terms selects in that domain. */
  antiAffinityCounts: Map<string, number>;
  /** `key\0value` → existing pods' anti-affinity terms that select the pod in that domain. */
  existingAntiAffinityCounts: Map<string, number>;
  /** Whether the pod matches its own affinity terms. */
  selfMatch: boolean;
}

const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;

function nsOf(pod: KPod): string {
  return pod.metadata.namespace ?? 'default';
}

function termsOf(pod: KPod, kind: 'podAffinity' | 'podAntiAffinity'): KPodAffinityTerm[] {
  return pod.spec?.affinity?.[kind]?.requiredDuringSchedulingIgnoredDuringExecution ?? [];
}

/** Why a selector does not parse (metav1.LabelSelectorAsSelector), else undefined. */
function selectorError(s: KLabelSelector | null | undefined): string | undefined {
  const bad = (v: string): string | undefined =>
    v.length <= 63 && LABEL_VALUE.test(v) ? undefined : `Invalid value: "${v}": a valid label value`;
  for (const v of Object.values(s?.matchLabels ?? {})) if (bad(v)) return bad(v);
  for (const e of s?.matchExpressions ?? []) {
    const values = e.values ?? [];
    if (e.operator === 'In' || e.operator === 'NotIn') {
      if (values.length === 0)
        return `values: Invalid value: []: for 'in', 'notin' operators, values set can't be empty`;
      for (const v of values) if (bad(v)) return `values[0][${e.key}]: ${bad(v) ?? ''}`;
    } else if (e.operator === 'Exists' || e.operator === 'DoesNotExist') {
      if (values.length > 0)
        return `values: Invalid value: ${JSON.stringify(values)}: values set must be empty`;
    } else return `"${e.operator}" is not a valid pod selector operator`;
  }
  return undefined;
}

function isEmptySelector(s: KLabelSelector): boolean {
  return Object.keys(s.matchLabels ?? {}).length === 0 && (s.matchExpressions ?? []).length === 0;
}

/**
 * Whether a term of `owner` selects `target` (AffinityTerm.Matches): the target's namespace is one
 * the term names (its owner's when it names none and has no namespaceSelector) or one its
 * namespaceSelector selects, and its labels match the labelSelector.
 */
function termSelects(t: KPodAffinityTerm, owner: KPod, target: KPod, namespaces: NamespaceLabels): boolean {
  const ns = nsOf(target);
  const names =
    (t.namespaces ?? []).length === 0 && !t.namespaceSelector ? [nsOf(owner)] : (t.namespaces ?? []);
  const bySelector = (s: KLabelSelector | null | undefined): boolean => {
    if (!s) return false;
    if (isEmptySelector(s)) return true;
    const labels = namespaces.get(ns);
    return labels !== undefined && selectorMatches(s, { ...labels });
  };
  if (!names.includes(ns) && !bySelector(t.namespaceSelector)) return false;
  return selectorMatches(t.labelSelector ?? undefined, target.metadata.labels);
}

function add(counts: Map<string, number>, node: KNode, key: string | undefined): void {
  const value = node.metadata.labels?.[key ?? ''];
  if (value === undefined) return;
  const pair = `${key ?? ''}\0${value}`;
  counts.set(pair, (counts.get(pair) ?? 0) + 1);
}

/**
 * Count, over the cluster's nodes, the pods the pod's terms select and the existing pods whose
 * anti-affinity selects the pod, per topology pair (the plugin's PreFilter).
 * @param pod - the pod to place
 * @param nodes - every node with its bound pods
 * @param namespaces - the cluster's namespaces with their labels (for namespaceSelector)
 * @returns the state {@link interPodAffinityFilter} reads
 */
export function interPodAffinityState(
  pod: KPod,
  nodes: readonly SpreadNode[],
  namespaces: NamespaceLabels = new Map(),
): InterPodAffinityState {
  const affinity = termsOf(pod, 'podAffinity');
  const antiAffinity = termsOf(pod, 'podAntiAffinity');
  const state: InterPodAffinityState = {
    affinity,
    antiAffinity,
    affinityCounts: new Map(),
    antiAffinityCounts: new Map(),
    existingAntiAffinityCounts: new Map(),
    selfMatch: affinity.every((t) => termSelects(t, pod, pod, namespaces)),
  };
  for (const t of [...affinity, ...antiAffinity]) {
    const error = selectorError(t.labelSelector) ?? selectorError(t.namespaceSelector);
    if (error) return { ...state, parseError: `parsing pod: ${error}` };
  }
  for (const { node, pods } of nodes)
    for (const other of pods) {
      for (const t of termsOf(other, 'podAntiAffinity'))
        if (termSelects(t, other, pod, namespaces))
          add(state.existingAntiAffinityCounts, node, t.topologyKey);
      if (affinity.length > 0 && affinity.every((t) => termSelects(t, pod, other, namespaces)))
        for (const t of affinity) add(state.affinityCounts, node, t.topologyKey);
      for (const t of antiAffinity)
        if (termSelects(t, pod, other, namespaces)) add(state.antiAffinityCounts, node, t.topologyKey);
    }
  return state;
}

/**
 * The InterPodAffinity filter on one node.
 * @param node - the candidate node
 * @param state - {@link interPodAffinityState} of the pod
 * @returns Success; UnschedulableAndUnresolvable "node(s) didn't match pod affinity rules" (or
 *   the parse error); Unschedulable "node(s) didn't match pod anti-affinity rules"; or
 *   Unschedulable "node(s) didn't satisfy existing pods anti-affinity rules"
 */
export function interPodAffinityFilter(node: KNode, state: InterPodAffinityState): FilterStatus {
  if (state.parseError)
    return refuse(
      'InterPodAffinity',
      'UnschedulableAndUnresolvable',
      [state.parseError],
      ['invalid pod affinity'],
    );
  const labels = node.metadata.labels ?? {};
  const pair = (key: string | undefined): string | undefined => {
    const value = labels[key ?? ''];
    return value === undefined ? undefined : `${key ?? ''}\0${value}`;
  };
  const pairs = state.affinity.map((t) => pair(t.topologyKey));
  const inDomain = pairs.every((p) => p !== undefined && (state.affinityCounts.get(p) ?? 0) > 0);
  const firstOfGroup = state.affinityCounts.size === 0 && state.selfMatch;
  if (pairs.includes(undefined) || (!inDomain && !firstOfGroup))
    return refuse(
      'InterPodAffinity',
      'UnschedulableAndUnresolvable',
      ["node(s) didn't match pod affinity rules"],
      ['pod affinity'],
    );
  for (const t of state.antiAffinity) {
    const p = pair(t.topologyKey);
    if (p !== undefined && (state.antiAffinityCounts.get(p) ?? 0) > 0)
      return refuse(
        'InterPodAffinity',
        'Unschedulable',
        ["node(s) didn't match pod anti-affinity rules"],
        ['pod anti-affinity'],
      );
  }
  for (const [k, v] of Object.entries(labels))
    if ((state.existingAntiAffinityCounts.get(`${k}\0${v}`) ?? 0) > 0)
      return refuse(
        'InterPodAffinity',
        'Unschedulable',
        ["node(s) didn't satisfy existing pods anti-affinity rules"],
        ["existing pods' anti-affinity"],
      );
  return SUCCESS;
}
