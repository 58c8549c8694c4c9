/**
 * Which nodes of a cluster a fleet maintenance plan's targets select.
 */
import { hasControlPlaneLabel } from '../../analysis/cluster-index.js';
import type { KNode } from '../../cluster/types.js';
import type { PlanTargets } from '../../commands/parse-maintenance-plan-command.js';
import { parseLabelSelector } from '../../util/label-selector.js';

/**
 * The node names a plan's targets select in a cluster, in the order asked (`nodes`) or the
 * cluster's order (the others).
 * @param targets - from the command
 * @param nodes - the cluster's nodes
 * @returns the names, or the asked names that are not nodes of the cluster (nothing is planned then)
 */
export function resolvePlanTargets(
  targets: PlanTargets,
  nodes: readonly KNode[],
): { ok: true; nodes: string[] } | { ok: false; unknown: string[] } {
  switch (targets.kind) {
    case 'nodes': {
      const known = new Set(nodes.map((n) => n.metadata.name));
      const unknown = targets.nodes.filter((n) => !known.has(n));
      return unknown.length > 0 ? { ok: false, unknown } : { ok: true, nodes: targets.nodes };
    }
    case 'all':
      return { ok: true, nodes: nodes.map((n) => n.metadata.name) };
    case 'all-workers':
      return { ok: true, nodes: nodes.filter((n) => !hasControlPlaneLabel(n)).map((n) => n.metadata.name) };
    case 'control-plane':
      return { ok: true, nodes: nodes.filter((n) => hasControlPlaneLabel(n)).map((n) => n.metadata.name) };
    case 'selector': {
      const match = parseLabelSelector(targets.selector);
      return { ok: true, nodes: nodes.filter((n) => match(n.metadata.labels)).map((n) => n.metadata.name) };
    }
  }
}

/**
 * A label selector that picks a part of a too-large plan's targets small enough for one plan, to
 * show in the refusal: among the targets' node labels (`kubernetes.io/hostname` and empty values
 * aside), the key whose largest group of targets sharing one value fits `max` and holds at least
 * two nodes (a node pool, a zone); of several, the one with the largest such group. A request that
 * was a selector keeps it (`pool=blue,zone=a`).
 * @param targets - from the command
 * @param nodes - the target nodes (those `resolvePlanTargets` selected)
 * @param max - the most nodes a plan may hold
 * @returns the selector, or null when no label splits the targets into groups that fit
 */
export function narrowerSelector(targets: PlanTargets, nodes: readonly KNode[], max: number): string | null {
  const groups = new Map<string, Map<string, number>>();
  for (const n of nodes)
    for (const [key, value] of Object.entries(n.metadata.labels ?? {})) {
      if (value === '' || key === 'kubernetes.io/hostname') continue;
      const byValue = groups.get(key) ?? new Map<string, number>();
      groups.set(key, byValue.set(value, (byValue.get(value) ?? 0) + 1));
    }
  let best: { key: string; value: string; size: number } | null = null;
  for (const [key, byValue] of groups) {
    const [value, size] = [...byValue].reduce((a, b) => (b[1] > a[1] ? b : a));
    if (byValue.size < 2 || size < 2 || size > max) continue;
    if (best === null || size > best.size || (size === best.size && key < best.key))
      best = { key, value, size };
  }
  if (best === null) return null;
  const selector = `${best.key}=${best.value}`;
  return targets.kind === 'selector' ? `${targets.selector},${selector}` : selector;
}
