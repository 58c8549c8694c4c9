/**
 * PodTopologySpread (DoNotSchedule constraints): a pod runs on a node only when, for each
 * constraint, the node has the constraint's topology label and placing the pod there keeps the
 * domain's count of matching pods within `maxSkew` of the smallest domain's count. Domains are
 * the label values of the nodes that pass the pod's required node affinity and selector
 * (`nodeAffinityPolicy: Honor`, the default) and, with `nodeTaintsPolicy: Honor`, whose taints it
 * tolerates (default Ignore); pods counted are those of the pod's namespace the selector matches
 * (plus `matchLabelKeys` values from the pod), not terminating; with `minDomains` above the
 * number of domains, the smallest count is 0. After kube-scheduler
 * `pkg/scheduler/framework/plugins/podtopologyspread/filtering.go`. Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/
 */
import type { KLabelSelector, KNode, KPod } from '../../cluster/types.js';
import { selectorMatches } from '../cluster-index.js';
import { type FilterStatus, SUCCESS, refuse } from './framework.js';
import { nodeAffinityFilter } from './node-affinity.js';
import { taintTolerationFilter } from './taint-toleration.js';

/** One topology spread constraint of a pod (`spec.topologySpreadConstraints[]`). */
export interface TopologySpreadConstraint {
  maxSkew: number;
  topologyKey: string;
  whenUnsatisfiable: 'DoNotSchedule' | 'ScheduleAnyway' | string;
  labelSelector?: KLabelSelector | null;
  minDomains?: number;
  nodeAffinityPolicy?: 'Honor' | 'Ignore';
  nodeTaintsPolicy?: 'Honor' | 'Ignore';
  matchLabelKeys?: string[];
}

/** A node with the pods bound to it, as the spread counts them. */
export interface SpreadNode {
  node: KNode;
  pods: readonly KPod[];
}

/** What the filter needs per constraint: counts per domain and the smallest count. */
export interface SpreadState {
  constraints: { c: TopologySpreadConstraint; selector: KLabelSelector }[];
  /** Per constraint: domain value → matching pods. */
  counts: Map<string, number>[];
  /** Per constraint: the smallest count over its domains (0 below minDomains). */
  min: number[];
}

function constraintsOf(pod: KPod): TopologySpreadConstraint[] {
  const spec = pod.spec as { topologySpreadConstraints?: TopologySpreadConstraint[] } | undefined;
  return (spec?.topologySpreadConstraints ?? []).filter((c) => c.whenUnsatisfiable === 'DoNotSchedule');
}

function selectorOf(c: TopologySpreadConstraint, pod: KPod): KLabelSelector {
  const base = c.labelSelector ?? {
    matchLabels: {},
    matchExpressions: [{ key: '', operator: 'NotAnOperator' }],
  };
  const labels = pod.metadata.labels ?? {};
  const extra = (c.matchLabelKeys ?? []).filter((k) => k in labels);
  if (extra.length === 0) return base;
  return {
    ...base,
    matchExpressions: [
      ...(base.matchExpressions ?? []),
      ...extra.map((k) => ({ key: k, operator: 'In', values: [labels[k] ?? ''] })),
    ],
  };
}

/**
 * Count the domains of every DoNotSchedule constraint of a pod over the cluster's nodes (the
 * plugin's PreFilter).
 * @param pod - the pod to place
 * @param nodes - every node with its bound pods
 * @returns the state {@link podTopologySpreadFilter} reads
 */
export function spreadState(pod: KPod, nodes: readonly SpreadNode[]): SpreadState {
  const constraints = constraintsOf(pod).map((c) => ({ c, selector: selectorOf(c, pod) }));
  const counts = constraints.map(() => new Map<string, number>());
  const ns = pod.metadata.namespace ?? 'default';
  for (const { node, pods } of nodes) {
    const labels = node.metadata.labels ?? {};
    if (!constraints.every(({ c }) => c.topologyKey in labels)) continue;
    const info = { node, requested: new Map(), podCount: 0, usedPorts: [] };
    constraints.forEach(({ c, selector }, i) => {
      if ((c.nodeAffinityPolicy ?? 'Honor') === 'Honor' && nodeAffinityFilter(pod, info).code !== 'Success')
        return;
      if (c.nodeTaintsPolicy === 'Honor' && taintTolerationFilter(pod, info).code !== 'Success') return;
      const value = labels[c.topologyKey] ?? '';
      const n = pods.filter(
        (p) =>
          (p.metadata.namespace ?? 'default') === ns &&
          p.metadata.deletionTimestamp === undefined &&
          selectorMatches(selector, p.metadata.labels),
      ).length;
      counts[i]?.set(value, (counts[i]?.get(value) ?? 0) + n);
    });
  }
  const min = constraints.map(({ c }, i) => {
    const values = [...(counts[i]?.values() ?? [])];
    if (values.length === 0 || values.length < (c.minDomains ?? 1)) return 0;
    return Math.min(...values);
  });
  return { constraints, counts, min };
}

/**
 * The PodTopologySpread filter on one node.
 * @param pod - the pod to place
 * @param node - the candidate node
 * @param state - {@link spreadState} of the pod
 * @returns Success; UnschedulableAndUnresolvable "node(s) didn't match pod topology spread
 *   constraints (missing required label)"; or Unschedulable "node(s) didn't match pod topology
 *   spread constraints"
 */
export function podTopologySpreadFilter(pod: KPod, node: KNode, state: SpreadState): FilterStatus {
  const labels = node.metadata.labels ?? {};
  for (const [i, { c, selector }] of state.constraints.entries()) {
    const value = labels[c.topologyKey];
    if (value === undefined)
      return refuse(
        'PodTopologySpread',
        'UnschedulableAndUnresolvable',
        ["node(s) didn't match pod topology spread constraints (missing required label)"],
        ['topology spread (missing label)'],
      );
    const self = selectorMatches(selector, pod.metadata.labels) ? 1 : 0;
    const skew = (state.counts[i]?.get(value) ?? 0) + self - (state.min[i] ?? 0);
    if (skew > c.maxSkew)
      return refuse(
        'PodTopologySpread',
        'Unschedulable',
        ["node(s) didn't match pod topology spread constraints"],
        ['topology spread'],
      );
  }
  return SUCCESS;
}
