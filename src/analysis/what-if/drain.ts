/**
 * "Can I drain N?": a reboot's drain checks without the reboot.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import { hasControlPlaneTaint } from '../cluster-index.js';
import { finding } from '../finding.js';
import { podsOnNode, workloadChecks } from '../workload-checks.js';
import { controlPlaneServing, finishWithReadErrors, nodeNotFound, whatIfContext } from './context.js';
import { ImpactBuilder, type WhatIfImpact } from './what-if-impact.js';

/**
 * "Can I drain X?": the drain checks of a reboot (what `kubectl drain` refuses, loses or waits
 * on, and whether the rest of the cluster can take the pods), without the reboot. A drain needs the
 * API server (evictions are API calls), so a control plane that does not serve blocks it.
 * @param snapshot - the cluster as read, `focusNode` set to the node
 * @param node - the node's name
 * @param now - the analysis clock
 */
export function analyzeDrainImpact(snapshot: ClusterSnapshot, node: string, now: Date): WhatIfImpact {
  const ctx = whatIfContext(snapshot, { kind: 'drain', node }, now);
  const { index, state } = ctx;
  if (!index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  const isCp = state.nodes.some((n) => n.name === node);
  const target = index.nodesByName.get(node);
  const tainted = target ? hasControlPlaneTaint(target) : false;
  const b = new ImpactBuilder(['data']);
  const serving = controlPlaneServing(snapshot, state, 'block');
  if (serving.level === 'down')
    b.findings.push(finding('drain-api', 'control', 'block', 'api-down', { node }));
  else b.findings.push(serving.finding);
  const unreadable = (...r: string[]): boolean => snapshot.readErrors.some((e) => r.includes(e.resource));
  b.findings.push(
    ...workloadChecks(index, node, isCp, tainted, {
      pdbs: !unreadable('poddisruptionbudgets', 'pods'),
      workloads: !unreadable('deployments', 'replicasets', 'statefulsets', 'pods'),
    }),
  );
  const pods = podsOnNode(index, node);
  b.stop('data', 'stops.drain-evicts', { node, count: pods.evictable.length });
  b.stop('data', 'stops.cordon', { node });
  b.keep('data', 'keeps.drain-daemonsets', { node });
  if (isCp) b.keep('control', 'keeps.drain-static-pods', { node });
  b.keep('data', 'keeps.other-nodes');
  b.keep('data', 'keeps.service-rules');
  b.interrupt('data', 'interrupt.drain-single', { node });
  b.advise('data', 'advice.drain-command', { node });
  b.advise('data', 'advice.uncordon', { node });
  return finishWithReadErrors(b, ctx);
}
