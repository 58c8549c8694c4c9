/**
 * RKE2: servers run etcd, kube-apiserver, kube-scheduler and kube-controller-manager as static
 * pods in kube-system named `<component>-<node>` (kubeadm-like `component` labels); servers carry
 * `node-role.kubernetes.io/control-plane`, `master` and `etcd` (value "true") and the `EtcdIsVoter`
 * condition. Recognised by the `+rke2` kubelet version, the `rke2://` providerID or the
 * `rke2.io/*` node annotations.
 * @see https://docs.rke2.io/architecture
 * @see https://docs.rke2.io/install/ha
 */
import type { KNode, KPod } from '../../cluster/types.js';
import {
  COMPONENTS,
  componentsFromPods,
  etcdFromRoleLabels,
  hasEtcdPods,
  isMirror,
  kubeadmComponentOf,
  labelledOrApiserverNodes,
  noKeeperFindings,
} from './common.js';
import type { ControlPlaneComponent, ControlPlaneProfile } from './types.js';

function isRke2Node(n: KNode): boolean {
  return (
    /\+rke2/.test(n.status?.nodeInfo?.kubeletVersion ?? '') ||
    (n.spec?.providerID ?? '').startsWith('rke2://') ||
    Object.keys(n.metadata.annotations ?? {}).some((k) => k.startsWith('rke2.io/'))
  );
}

function rke2ComponentOf(pod: KPod): ControlPlaneComponent | null {
  const byLabel = kubeadmComponentOf(pod);
  if (byLabel) return byLabel;
  if (pod.metadata.namespace !== 'kube-system' || !isMirror(pod)) return null;
  const node = (pod.spec?.nodeName ?? '').trim();
  return COMPONENTS.find((c) => node !== '' && pod.metadata.name === `${c}-${node}`) ?? null;
}

/** RKE2 (Rancher's Kubernetes distribution). */
export const rke2Profile: ControlPlaneProfile = {
  name: 'rke2',
  keeper: 'cluster',
  upgrade: 'rke2',
  keeperFindings: noKeeperFindings,
  detect: (snapshot) => snapshot.nodes.some(isRke2Node),
  variant: () => 'embedded etcd',
  componentOf: rke2ComponentOf,
  controlPlaneNodes: labelledOrApiserverNodes,
  componentsOnNode: componentsFromPods,
  etcdSource: (snapshot, _cp, components) =>
    hasEtcdPods(components) ? { kind: 'pods' } : (etcdFromRoleLabels(snapshot) ?? { kind: 'unknown' }),
};
