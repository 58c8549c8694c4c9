/**
 * etcd that runs outside the cluster's nodes (issue 29 item 6), read like stacked etcd: its
 * members, their health and alarms come from the `etcd` entry (a live probe) or the snapshot's
 * etcd status, and are judged even though no node's reboot takes a member down. A change made
 * while etcd has no failure tolerance left (healthy voters equal to the quorum) is at least
 * CAUTION: one more member lost, for any reason, stops every write (etcd FAQ, "What is failure
 * tolerance?", https://etcd.io/docs/v3.5/faq/#what-is-failure-tolerance); the member that is down
 * is named. kubeadm HA topology, external etcd:
 * https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/#external-etcd-topology
 * Also, a stacked member whose leader was not read (etcd inferred from its pods, no `etcd` entry)
 * is said to be unknown, never left out.
 * Pure.
 */
import { etcdAlarmFindings } from './control-plane-checks.js';
import type { EtcdView } from './etcd-view.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/**
 * The findings of an external etcd for a reboot of a control-plane node that hosts no member
 * (check `etcd-quorum-after`, variants `external-kept` info, `external-no-spare` warn,
 * `lost-external` block when quorum is lost already; `etcd-alarms` as for stacked etcd; the
 * leader as `etcd-leader` `leader-elsewhere`). Nothing unless the topology is `external` and etcd
 * was read (`live` or `recorded`).
 * @param etcd - the etcd view
 * @param node - the target node
 */
export function externalEtcdFindings(etcd: EtcdView, node: string): Finding[] {
  if (etcd.topology !== 'external' || (etcd.source !== 'live' && etcd.source !== 'recorded')) return [];
  const out: Finding[] = [];
  const down = etcd.members.filter((m) => !m.isLearner && m.healthy !== true).map((m) => m.name);
  const facts = {
    node,
    voters: etcd.voters,
    healthy: etcd.healthyVoters,
    healthyBefore: etcd.healthyVoters,
    quorum: etcd.quorum,
    spare: etcd.healthyVoters - etcd.quorum,
    down,
    source: etcd.source,
  };
  if (etcd.healthyVoters < etcd.quorum)
    out.push(finding('etcd-quorum-after', 'control', 'block', 'lost-external', facts));
  else if (etcd.healthyVoters === etcd.quorum && down.length > 0)
    out.push(finding('etcd-quorum-after', 'control', 'warn', 'external-no-spare', facts));
  else out.push(finding('etcd-quorum-after', 'control', 'info', 'external-kept', facts));
  if (etcd.leader)
    out.push(finding('etcd-leader', 'control', 'ok', 'leader-elsewhere', { node, leader: etcd.leader.name }));
  if (!etcd.alarmsKnown) out.push(finding('etcd-alarms', 'control', 'warn', 'unknown', {}));
  out.push(...etcdAlarmFindings(etcd));
  return out;
}

/**
 * The etcd leader not read (check `etcd-leader`, info, variant `unknown`): etcd inferred from its
 * pods (no `etcd` entry for the cluster, or a file without etcd status) names no leader; the
 * answer says so and how to let the bot read it, instead of leaving the leader out.
 * @param etcd - the etcd view
 * @param node - the target node (it hosts a member)
 */
export function unknownLeaderFindings(etcd: EtcdView, node: string): Finding[] {
  if (etcd.source !== 'inferred' || etcd.leader !== null) return [];
  return [finding('etcd-leader', 'control', 'info', 'unknown', { node })];
}
