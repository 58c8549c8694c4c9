/**
 * Cluster DNS as the snapshot shows it now: whether any CoreDNS (kube-dns) pod is Ready. Pure.
 *
 * A pod serves only when it is Ready: a Pending pod runs on no node (PodScheduled=False means no
 * node was found for it), and the kube-dns Service sends queries only to Ready endpoints
 * (https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-phase,
 * https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/). When no DNS pod is
 * Ready, in-cluster name resolution is already down before anything is rebooted: that is an
 * existing problem of the cluster, not a consequence of the change asked about, and no answer may
 * say that cluster DNS keeps working (issue 16, real-clusters/01: every coredns pod Pending).
 */
import type { KPod } from '../cluster/types.js';
import { type ClusterIndex, isFinished, isPodReady, memoOnIndex, topOwnerOf } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** What the snapshot shows of a cluster DNS that has no Ready pod. */
export interface ClusterDnsDown {
  /** The workloads the DNS pods belong to (their top owner's name, else the pod's name). */
  workloads: string[];
  /** How many DNS pods the snapshot holds (not Succeeded/Failed). */
  pods: number;
  /** How many of them are Pending (on no node, or not started). */
  pending: number;
  /** The PodScheduled=False reason of a Pending pod (`Unschedulable`), when one says it; else null. */
  reason: string | null;
}

/**
 * Whether a pod is a cluster DNS pod: in kube-system, labelled `k8s-app=kube-dns` (what the
 * CoreDNS and kube-dns manifests of kubeadm, kind and the cloud providers set), or owned by a
 * workload named `coredns` / `kube-dns`.
 * @param index - the cluster index
 * @param pod - the pod
 */
export function isClusterDnsPod(index: ClusterIndex, pod: KPod): boolean {
  if (pod.metadata.namespace !== 'kube-system') return false;
  if (pod.metadata.labels?.['k8s-app'] === 'kube-dns') return true;
  const owner = topOwnerOf(index, pod);
  return owner !== null && (owner.name === 'coredns' || owner.name === 'kube-dns');
}

/**
 * Cluster DNS when the snapshot shows it already down: DNS pods seen, none of them Ready (or
 * every Ready one Terminating). Null when a DNS pod is Ready, and null (unknown, never "down")
 * when the snapshot holds no pods or no DNS pod at all (a kubectl List holds what its author
 * chose), or when a DNS pod that is not Pending has no conditions recorded (its readiness unseen).
 * Computed once per index (a plan analyses every node over one index; issue 33 finding 3).
 * @param index - the cluster index
 * @returns what the data says of the down DNS, or null (shared: not to be changed by the caller)
 */
export function clusterDnsDown(index: ClusterIndex): ClusterDnsDown | null {
  return memoOnIndex(index, 'cluster-dns:down', () => dnsDownOf(index));
}

function dnsDownOf(index: ClusterIndex): ClusterDnsDown | null {
  if ((index.snapshot.unobserved ?? []).includes('pods')) return null;
  const dns = (index.podsByNamespace.get('kube-system') ?? []).filter(
    (p) => !isFinished(p) && isClusterDnsPod(index, p),
  );
  if (dns.length === 0) return null;
  if (dns.some((p) => isPodReady(p) && p.metadata.deletionTimestamp === undefined)) return null;
  // A running pod whose status carries no conditions (trimmed data) is not known to be unready.
  if (dns.some((p) => p.status?.phase !== 'Pending' && (p.status?.conditions ?? []).length === 0))
    return null;
  const pending = dns.filter((p) => p.status?.phase === 'Pending');
  const reason =
    pending
      .map(
        (p) => p.status?.conditions?.find((c) => c.type === 'PodScheduled' && c.status === 'False')?.reason,
      )
      .find((r): r is string => typeof r === 'string' && r !== '') ?? null;
  return {
    workloads: [...new Set(dns.map((p) => topOwnerOf(index, p)?.name ?? p.metadata.name))],
    pods: dns.length,
    pending: pending.length,
    reason,
  };
}

/**
 * The finding that says cluster DNS is down already, with no node named (check `cluster-dns`,
 * data plane, warn, variant `down-now`): for answers about several nodes or a component.
 * @param down - what {@link clusterDnsDown} found
 */
export function clusterDnsDownNow(down: ClusterDnsDown): Finding {
  return finding('cluster-dns', 'data', 'warn', 'down-now', {
    workloads: down.workloads,
    count: down.pods,
    pending: down.pending,
    reason: down.reason,
  });
}
