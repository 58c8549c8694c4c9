/**
 * Managed control planes (EKS, GKE, AKS): the provider runs the apiservers and etcd; no node is a
 * control-plane node and no control-plane static pod is visible. What remains is the provider's
 * to keep; only data-plane checks apply. The provider is named from node labels or providerID:
 * EKS `eks.amazonaws.com/nodegroup` (or an `-eks-` kubelet version), GKE `cloud.google.com/gke-nodepool`,
 * AKS `kubernetes.azure.com/*` labels or an `azure://` providerID.
 * @see https://docs.aws.amazon.com/eks/latest/userguide/eks-architecture.html
 * @see https://cloud.google.com/kubernetes-engine/docs/concepts/cluster-architecture
 * @see https://learn.microsoft.com/en-us/azure/aks/core-aks-concepts
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import { componentsFromPods, hasControlPlaneRole, kubeadmComponentOf } from './common.js';
import { finding } from '../finding.js';
import type { ControlPlaneProfile } from './types.js';

function provider(snapshot: ClusterSnapshot): string | null {
  for (const n of snapshot.nodes) {
    const labels = Object.keys(n.metadata.labels ?? {});
    const id = n.spec?.providerID ?? '';
    if (
      labels.some((k) => k.startsWith('eks.amazonaws.com/')) ||
      /-eks-/.test(n.status?.nodeInfo?.kubeletVersion ?? '')
    )
      return 'EKS';
    if (labels.some((k) => k.startsWith('cloud.google.com/gke-'))) return 'GKE';
    if (labels.some((k) => k.startsWith('kubernetes.azure.com/')) || id.startsWith('azure://')) return 'AKS';
  }
  return null;
}

/** A provider-run control plane: nodes but no control-plane node and no control-plane static pod. */
export const managedProfile: ControlPlaneProfile = {
  name: 'managed',
  keeper: 'provider',
  upgrade: 'provider',
  keeperFindings: (_snapshot, question, seen) => [
    question.kind === 'reboot'
      ? finding(
          'managed-control-plane',
          'control',
          'info',
          seen.apiservers === null ? 'managed-leases-unseen' : 'managed',
          {
            node: question.node,
            apiservers: seen.apiservers,
          },
        )
      : finding(
          'managed-control-plane',
          'control',
          'info',
          seen.apiservers === null ? 'managed-status-leases-unseen' : 'managed-status',
          { apiservers: seen.apiservers },
        ),
    ...(seen.variant
      ? [finding('managed-control-plane', 'control', 'info', 'provider', { provider: seen.variant })]
      : []),
  ],
  // With no nodes at all there is nothing to tell a managed cluster from an empty or unreadable one.
  detect: (snapshot) =>
    snapshot.nodes.length > 0 &&
    !snapshot.nodes.some(hasControlPlaneRole) &&
    !snapshot.pods.some(
      (p) => kubeadmComponentOf(p) === 'kube-apiserver' || kubeadmComponentOf(p) === 'etcd',
    ),
  variant: provider,
  componentOf: kubeadmComponentOf,
  controlPlaneNodes: () => [],
  componentsOnNode: componentsFromPods,
  etcdSource: () => ({ kind: 'managed' }),
};
