/**
 * kubeadm (and kind, which is kubeadm): control-plane nodes carry `node-role.kubernetes.io/control-plane`
 * (legacy `master`, before 1.24) and run static pods in kube-system labelled `component=…`.
 * Stacked etcd runs one `etcd` static pod per control-plane node; external etcd runs none.
 * @see https://kubernetes.io/docs/setup/production-environment/tools/kubeadm/ha-topology/
 * @see https://kubernetes.io/docs/reference/labels-annotations-taints/#node-role-kubernetes-io-control-plane
 */
import {
  componentsFromPods,
  hasEtcdPods,
  kubeadmComponentOf,
  labelledOrApiserverNodes,
  noKeeperFindings,
} from './common.js';
import type { ClusterSnapshot } from '../../cluster/types.js';
import type { ControlPlaneProfile } from './types.js';

/**
 * Whether the objects carry a mark kubeadm (or kind, which bootstraps its nodes with kubeadm) puts
 * on them. A distribution is named only on such a positive mark (issue 16, v3a item 4): the legacy
 * `kubernetes.io/role=master` label, `node-role.kubernetes.io/*` labels and NoSchedule taints are
 * set by many installers, so they name none. The marks:
 * - a control-plane static pod as kubeadm writes it: a mirror pod in kube-system labelled
 *   `component=<name>` and `tier=control-plane` ("Generate static Pod manifests for control plane
 *   components", https://kubernetes.io/docs/reference/setup-tools/kubeadm/implementation-details/);
 * - the `kubeadm.kubernetes.io/*` annotations kubeadm puts on those pods
 *   (`kube-apiserver.advertise-address.endpoint`, `etcd.advertise-client-urls`);
 * - the `kubeadm.alpha.kubernetes.io/cri-socket` node annotation kubeadm init/join writes;
 * - a kind node (`kind://` providerID): kind creates its nodes with kubeadm (https://kind.sigs.k8s.io/docs/design/initial/).
 * @param snapshot - the cluster as read
 */
export function hasKubeadmMark(snapshot: ClusterSnapshot): boolean {
  return (
    snapshot.pods.some(
      (p) =>
        (kubeadmComponentOf(p) !== null && p.metadata.labels?.tier === 'control-plane') ||
        Object.keys(p.metadata.annotations ?? {}).some((k) => k.startsWith('kubeadm.kubernetes.io/')),
    ) ||
    snapshot.nodes.some(
      (n) =>
        Object.keys(n.metadata.annotations ?? {}).some((k) => k.startsWith('kubeadm.alpha.kubernetes.io/')) ||
        (n.spec?.providerID ?? '').startsWith('kind://'),
    )
  );
}

/** kubeadm (and kind): recognised only by {@link hasKubeadmMark}. */
export const kubeadmProfile: ControlPlaneProfile = {
  name: 'kubeadm',
  keeper: 'cluster',
  upgrade: 'kubeadm',
  keeperFindings: noKeeperFindings,
  detect: hasKubeadmMark,
  variant: () => null,
  componentOf: kubeadmComponentOf,
  controlPlaneNodes: labelledOrApiserverNodes,
  componentsOnNode: componentsFromPods,
  etcdSource: (snapshot, _cp, components) =>
    hasEtcdPods(components) ? { kind: 'pods' } : snapshot.etcd ? { kind: 'external' } : { kind: 'unknown' },
};

/**
 * A self-run cluster whose distribution the objects do not name (no kubeadm, k3s, RKE2, OpenShift or
 * managed mark): the generic Kubernetes rules (control-plane nodes by their role labels or API server
 * pods, components from mirror pods in kube-system), but no distribution's upgrade commands
 * (`upgrade: 'unknown'`). The last profile: it recognises anything.
 */
export const unknownProfile: ControlPlaneProfile = {
  ...kubeadmProfile,
  name: 'unknown',
  upgrade: 'unknown',
  detect: () => true,
};
