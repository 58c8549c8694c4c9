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
import type { ControlPlaneProfile } from './types.js';

/** kubeadm: the default when no other profile recognises the objects. */
export const kubeadmProfile: ControlPlaneProfile = {
  name: 'kubeadm',
  keeper: 'cluster',
  upgrade: 'kubeadm',
  keeperFindings: noKeeperFindings,
  detect: () => true,
  variant: () => null,
  componentOf: kubeadmComponentOf,
  controlPlaneNodes: labelledOrApiserverNodes,
  componentsOnNode: componentsFromPods,
  etcdSource: (snapshot, _cp, components) =>
    hasEtcdPods(components) ? { kind: 'pods' } : snapshot.etcd ? { kind: 'external' } : { kind: 'unknown' },
};
