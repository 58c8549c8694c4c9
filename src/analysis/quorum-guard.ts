/**
 * OpenShift's etcd quorum guard as a drain meets it. "The etcd Quorum Guard ensures that a drain on
 * a master is not allowed to proceed if the reboot of the master would cause etcd quorum loss. It
 * is implemented as a deployment, with one pod per master node"; its PodDisruptionBudget
 * (`etcd-quorum-guard`, maxUnavailable 1) allows no more than one unhealthy or missing guard pod,
 * so it keeps 2 of 3 etcd members (openshift/machine-config-operator docs/etcd-quorum-guard.md,
 * https://github.com/openshift/machine-config-operator/blob/master/docs/etcd-quorum-guard.md).
 * The guard pods carry a required pod anti-affinity (one per master), so an evicted guard pod runs
 * on no other master: it stays Pending until its own master is uncordoned, and the budget it spent
 * does not come back before that. A drain of a master therefore evicts its guard pod (it is a
 * Deployment pod, not a static one), and a drain of two masters at once waits on the second.
 * Pure.
 */
import { type ClusterIndex, selectorMatches } from './cluster-index.js';
import { finding } from './finding.js';
import { OPENSHIFT_QUORUM_GUARD_PDB, quorumGuardHealth } from './profiles/openshift.js';
import type { Finding } from './types.js';
import { targetPodsUnseen } from './workload-checks.js';
import type { KPodDisruptionBudget } from '../cluster/types.js';

/**
 * The quorum guard's PodDisruptionBudgets (`etcd-quorum-guard`, `etcd-guard*`) of an OpenShift
 * cluster; none on other distributions.
 * @param index - the cluster index
 */
export function quorumGuardBudgets(index: ClusterIndex): KPodDisruptionBudget[] {
  if (index.profile.name !== 'openshift') return [];
  return index.snapshot.podDisruptionBudgets.filter(
    (p) => p.metadata.name === OPENSHIFT_QUORUM_GUARD_PDB || p.metadata.name.startsWith('etcd-guard'),
  );
}

/**
 * How many guard pods the drains of the masters evict: the pods the budget selects on each master
 * when its pods were seen; one per master whose pods were not seen (one pod per master, the guard's
 * design).
 */
function guardPodsOn(index: ClusterIndex, pdb: KPodDisruptionBudget, masters: readonly string[]): number {
  const ns = pdb.metadata.namespace ?? 'default';
  let n = 0;
  for (const m of masters) {
    if (targetPodsUnseen(index, m) !== null) n += 1;
    else
      n += (index.podsByNode.get(m) ?? []).filter(
        (p) =>
          (p.metadata.namespace ?? 'default') === ns &&
          selectorMatches(pdb.spec?.selector, p.metadata.labels),
      ).length;
  }
  return n;
}

/**
 * The quorum guard against the drain of masters (check `pdb-blocks`, plane control):
 * - `quorum-guard-drain` (info): one master, the budget allows it; its guard pod is evicted and no
 *   other master can be drained until this one is back and uncordoned
 * - `quorum-guard-blocked` (block): the budget allows fewer disruptions than the guard pods the
 *   drains evict (a master's etcd is down or another master is drained already): the drain waits
 * - `joint-quorum-guard-exceeds` (block, several masters): together the drains evict more guard
 *   pods than the budget allows; the evicted ones run nowhere else, so the drain of the next
 *   master waits until the first is back
 * - `joint-quorum-guard-allows` (info, several masters)
 * Facts: `namespace`, `pdb`, `disruptionsAllowed`, `currentHealthy`, `desiredHealthy`, `nodes`
 * (the masters), `guardPods` (evicted).
 * @param index - the cluster index
 * @param masters - the control-plane nodes drained (none: no finding)
 */
export function quorumGuardDrainFindings(index: ClusterIndex, masters: readonly string[]): Finding[] {
  if (masters.length === 0) return [];
  return quorumGuardBudgets(index).map((p) => {
    const allowed = p.status?.disruptionsAllowed ?? 0;
    const guardPods = guardPodsOn(index, p, masters);
    const facts = {
      namespace: p.metadata.namespace ?? 'default',
      pdb: p.metadata.name,
      disruptionsAllowed: allowed,
      currentHealthy: p.status?.currentHealthy ?? null,
      desiredHealthy: p.status?.desiredHealthy ?? null,
      nodes: [...masters],
      node: masters[0] ?? '',
      guardPods,
      count: masters.length,
    };
    const subject = { kind: 'PodDisruptionBudget', name: p.metadata.name, namespace: facts.namespace };
    if (masters.length === 1)
      return allowed >= guardPods
        ? finding('pdb-blocks', 'control', 'info', 'quorum-guard-drain', facts, subject)
        : finding('pdb-blocks', 'control', 'block', 'quorum-guard-blocked', facts, subject);
    return allowed >= guardPods
      ? finding('pdb-blocks', 'control', 'info', 'joint-quorum-guard-allows', facts, subject)
      : finding('pdb-blocks', 'control', 'block', 'joint-quorum-guard-exceeds', facts, subject);
  });
}

/**
 * Whether the data lists only some of a master's pods, proved by the etcd quorum guard: its budget
 * counts every guard pod Ready (`status.currentHealthy >= status.expectedPods`, at least as many
 * as the masters in the file), and the guard runs one pod per master (a Deployment with a required
 * pod anti-affinity; openshift/machine-config-operator docs/etcd-quorum-guard.md), so each master
 * runs a Ready guard pod; when the data lists pods of `node` but none the budget selects, the list
 * is a part of the node's pods, not all of them (real-clusters/08: master-0's static pods only).
 * Check `target-pods`, warn, variant `incomplete`; facts `node`, `listed` (pods of the node in the
 * data), `namespace`, `pdb`, `guardExpected`. House rule: missing data is unknown, never passing.
 * @param index - the cluster index
 * @param node - the node
 * @returns the finding, or nothing (not OpenShift, not a master, no pods of it listed: the
 *   `none-listed` / `unseen` findings say that, or its guard pod is listed)
 */
export function guardPodNotListedFindings(index: ClusterIndex, node: string): Finding[] {
  if (index.profile.name !== 'openshift') return [];
  if (!index.controlPlaneNodes.some((n) => n.metadata.name === node)) return [];
  if (targetPodsUnseen(index, node) !== null) return [];
  const listed = index.podsByNode.get(node) ?? [];
  if (listed.length === 0) return [];
  const health = quorumGuardHealth(index.snapshot);
  if (health === null || health.healthy < health.expected) return [];
  if (health.expected < index.controlPlaneNodes.length) return [];
  const pdb = quorumGuardBudgets(index).find(
    (p) => p.metadata.name === health.pdb && (p.metadata.namespace ?? 'default') === health.namespace,
  );
  if (pdb === undefined) return [];
  const hasGuardPod = listed.some(
    (p) =>
      (p.metadata.namespace ?? 'default') === health.namespace &&
      selectorMatches(pdb.spec?.selector, p.metadata.labels),
  );
  if (hasGuardPod) return [];
  return [
    finding('target-pods', 'data', 'warn', 'incomplete', {
      node,
      listed: listed.length,
      count: listed.length,
      namespace: health.namespace,
      pdb: health.pdb,
      guardExpected: health.expected,
    }),
  ];
}
