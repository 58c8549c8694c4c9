/**
 * Find etcd client URLs from the cluster itself, for a cluster whose `etcd` entry leaves
 * `endpoints` out: kubeadm writes each stacked member's client URL on its etcd mirror pod as the
 * annotation `kubeadm.kubernetes.io/etcd.advertise-client-urls`.
 */
import { ANNOTATION_ETCD_CLIENT_URLS } from '../analysis/domain.js';
import type { KPod } from '../cluster/types.js';

/**
 * Client URLs of the etcd members, from the etcd mirror pods (label `component=etcd` in
 * kube-system) of a snapshot.
 * @param pods - pods as read (mirror pods are always kept whole)
 * @returns distinct URLs in pod order; empty when no etcd pod carries the annotation
 */
export function discoverEtcdEndpoints(pods: readonly KPod[]): string[] {
  const urls = new Set<string>();
  for (const pod of pods) {
    if (pod.metadata.namespace !== undefined && pod.metadata.namespace !== 'kube-system') continue;
    if (pod.metadata.labels?.component !== 'etcd') continue;
    const value = pod.metadata.annotations?.[ANNOTATION_ETCD_CLIENT_URLS];
    if (value === undefined) continue;
    for (const url of value.split(',')) {
      const trimmed = url.trim();
      if (trimmed !== '') urls.add(trimmed);
    }
  }
  return [...urls];
}
