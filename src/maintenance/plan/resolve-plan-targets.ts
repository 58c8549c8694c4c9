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
