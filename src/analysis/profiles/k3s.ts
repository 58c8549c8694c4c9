/**
 * k3s: one binary runs the apiserver, scheduler and controller-manager inside the `k3s server`
 * process, so there are no control-plane static pods. Servers carry `node-role.kubernetes.io/control-plane`
 * and `master` (value "true"), plus `etcd` with embedded etcd; their `EtcdIsVoter` condition says
 * whether the member votes. Without the etcd role, the state is in SQLite (single server) or an
 * external datastore (`--datastore-endpoint`). Recognised by the `+k3s` kubelet version, the
 * `k3s://` providerID or the `k3s.io/*` node annotations.
 * @see https://docs.k3s.io/architecture
 * @see https://docs.k3s.io/datastore/ha-embedded
 * @see https://docs.k3s.io/datastore (SQLite default, external datastores)
 */
import type { KNode } from '../../cluster/types.js';
import { etcdFromRoleLabels, hasControlPlaneRole, ready, noKeeperFindings } from './common.js';
import type { ControlPlaneProfile } from './types.js';

function isK3sNode(n: KNode): boolean {
  return (
    /\+k3s/.test(n.status?.nodeInfo?.kubeletVersion ?? '') ||
    (n.spec?.providerID ?? '').startsWith('k3s://') ||
    Object.keys(n.metadata.annotations ?? {}).some((k) => k.startsWith('k3s.io/'))
  );
}

/** k3s (and k3d, which runs k3s in containers). */
export const k3sProfile: ControlPlaneProfile = {
  name: 'k3s',
  keeper: 'cluster',
  upgrade: 'k3s',
  keeperFindings: noKeeperFindings,
  detect: (snapshot) => snapshot.nodes.some(isK3sNode),
  variant: (snapshot) => (etcdFromRoleLabels(snapshot) ? 'embedded etcd' : 'SQLite or external datastore'),
  // No static pods: the components live in the k3s process.
  componentOf: () => null,
  controlPlaneNodes: (snapshot) => snapshot.nodes.filter(hasControlPlaneRole),
  // Each server runs every component in its own process: up while the node is Ready.
  componentsOnNode: (node) => ({
    'kube-apiserver': ready(node),
    'kube-scheduler': ready(node),
    'kube-controller-manager': ready(node),
  }),
  etcdSource: (snapshot) => etcdFromRoleLabels(snapshot) ?? { kind: 'datastore' },
};
