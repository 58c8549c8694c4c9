/**
 * The control-plane endpoint of a single-node reboot (check `control-plane-endpoint`):
 * a virtual IP that the target node holds moves when it reboots. Pure: it reads the cluster index.
 *
 * - kube-vip: its control-plane leader election Lease `kube-system/plndr-cp-lock` names the node
 *   that holds the VIP (holderIdentity = the node name); kube-vip runs as static pods or a
 *   DaemonSet whose pods start with `kube-vip` (https://kube-vip.io/docs/installation/static/).
 * - keepalived: static pods `keepalived-<node>` (kubeadm's HA guide, "keepalived and haproxy"
 *   static pods, https://github.com/kubernetes/kubeadm/blob/main/docs/ha-considerations.md); no
 *   object says which node holds the address, so a node that runs keepalived may hold it.
 *
 * While the VIP moves, every API client that reaches the API through it (kubelets, controllers,
 * kubectl) sees an interruption of a few seconds, and the failover is not guaranteed
 * (kube-vip/kube-vip#748, #941: the other node did not take the VIP over and the API stayed
 * unreachable for the whole reboot), so the advice is to move the VIP first.
 */
import { type ClusterIndex, holderHostname, isNodeReady, memoOnIndex } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** kube-vip's control-plane leader-election Lease (namespace kube-system). */
export const KUBE_VIP_CP_LEASE = 'plndr-cp-lock';

/**
 * Nodes that run a kube-system pod whose name starts with `prefix`, in the order of the pods.
 * @param index - the cluster index
 * @param prefix - the start of the pod names (`kube-vip`, `keepalived`)
 * @returns the node names, no duplicates (computed once per index and prefix: do not change it)
 */
export function nodesRunning(index: ClusterIndex, prefix: string): readonly string[] {
  return memoOnIndex(index, `nodesRunning:${prefix}`, () => [
    ...new Set(
      (index.podsByNamespace.get('kube-system') ?? [])
        .filter((p) => p.metadata.name.startsWith(prefix) && p.spec?.nodeName)
        .map((p) => p.spec?.nodeName ?? ''),
    ),
  ]);
}

/**
 * The control-plane VIP findings of rebooting `node`: `vip-moves` (warn) when the node holds the
 * kube-vip Lease and another Ready node runs kube-vip, `vip-none-left` (block) when no other Ready
 * node runs it; `keepalived-here` (warn) / `keepalived-none-left` (block) likewise for keepalived
 * static pods on the node. Nothing when the node holds no VIP.
 * @param index - the cluster index
 * @param node - the target node's name
 * @returns at most one finding
 */
export function controlPlaneEndpointChecks(index: ClusterIndex, node: string): Finding[] {
  const readyOther = (n: string): boolean => {
    const o = index.nodesByName.get(n);
    return n !== node && o !== undefined && isNodeReady(o);
  };
  const lease = index.leasesByKey.get(`kube-system/${KUBE_VIP_CP_LEASE}`);
  const holder = lease?.spec?.holderIdentity ? holderHostname(lease.spec.holderIdentity) : null;
  if (holder === node) {
    const standbys = nodesRunning(index, 'kube-vip').filter(readyOther);
    const facts = { node, provider: 'kube-vip', lease: `kube-system/${KUBE_VIP_CP_LEASE}`, standbys };
    return [
      finding(
        'control-plane-endpoint',
        'control',
        standbys.length > 0 ? 'warn' : 'block',
        standbys.length > 0 ? 'vip-moves' : 'vip-none-left',
        facts,
      ),
    ];
  }
  const keepalived = nodesRunning(index, 'keepalived');
  if (keepalived.includes(node)) {
    const standbys = keepalived.filter(readyOther);
    const facts = { node, provider: 'keepalived', standbys };
    return [
      finding(
        'control-plane-endpoint',
        'control',
        standbys.length > 0 ? 'warn' : 'block',
        standbys.length > 0 ? 'keepalived-here' : 'keepalived-none-left',
        facts,
      ),
    ];
  }
  return [];
}
