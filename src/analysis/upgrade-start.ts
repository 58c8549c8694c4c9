/**
 * "How do I upgrade the cluster?": the node a whole-cluster upgrade starts with, so that the answer
 * is the upgrade of that node, whose order and steps (its distribution's, from the profile's
 * `upgrade` method) cover the whole cluster. Pure.
 */
import type { ClusterSnapshot } from '../cluster/types.js';
import { indexCluster, isNodeReady } from './cluster-index.js';
import { controlPlaneState } from './control-plane-state.js';
import { clusterVersions, compareVersions } from './what-if/versions.js';

/**
 * The node a whole-cluster upgrade starts with, or null when the snapshot holds no node.
 *
 * The control plane is upgraded first, one node at a time, then the workers ("Upgrading kubeadm
 * clusters", https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/; k3s and
 * RKE2 servers before agents, https://docs.k3s.io/upgrades/manual,
 * https://docs.rke2.io/upgrades/manual_upgrade; a kubelet must never be newer than the API server,
 * https://kubernetes.io/releases/version-skew-policy/). So, among the control-plane nodes:
 * - the Ready ones (a NotReady one cannot be upgraded now: the upgrade answer names it to bring back
 *   or replace first); all of them when none is Ready;
 * - of those, the ones not yet upgraded: whose kube-apiserver (mirror pod image tag) is the oldest
 *   seen; a node whose version is not seen stays a candidate;
 * - of those, one that does not hold etcd leadership when there is one (the leader last, so that
 *   leadership moves once, as the rolling plan orders it);
 * - the first by name.
 * With no control-plane node among the nodes (a managed control plane), the first Ready node by
 * name, else the first node by name: its answer says the provider upgrades the control plane.
 * @param snapshot - the cluster as read
 * @param now - the analysis clock
 * @returns the node's name, or null
 */
export function clusterUpgradeStart(snapshot: ClusterSnapshot, now: Date): string | null {
  const byName = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
  const index = indexCluster(snapshot);
  const state = controlPlaneState(index, now);
  const cp = state.nodes;
  if (cp.length === 0) {
    const names = snapshot.nodes.map((n) => n.metadata.name).sort(byName);
    const ready = snapshot.nodes
      .filter(isNodeReady)
      .map((n) => n.metadata.name)
      .sort(byName);
    return ready[0] ?? names[0] ?? null;
  }
  const ready = cp.filter((n) => n.ready).map((n) => n.name);
  const pool = ready.length > 0 ? ready : cp.map((n) => n.name);
  const apis = clusterVersions(index).apiservers;
  const seen = pool.map((n) => apis.get(n)).filter((v) => v !== undefined);
  const oldest = seen.reduce<(typeof seen)[number] | undefined>(
    (min, v) => (min === undefined || compareVersions(v, min) < 0 ? v : min),
    undefined,
  );
  const pending = pool.filter((n) => {
    const v = apis.get(n);
    return v === undefined || oldest === undefined || compareVersions(v, oldest) === 0;
  });
  const leaders = new Set(
    state.etcd.members.filter((m) => m.isLeader && m.node !== null).map((m) => m.node ?? ''),
  );
  const followers = pending.filter((n) => !leaders.has(n));
  return [...(followers.length > 0 ? followers : pending)].sort(byName)[0] ?? null;
}
