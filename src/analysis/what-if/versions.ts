/**
 * Kubernetes versions of the apiservers (mirror pod image tags) and kubelets
 * (`status.nodeInfo.kubeletVersion`), for the upgrade answer's version-skew statements.
 */
import type { KPod } from '../../cluster/types.js';
import type { ClusterIndex } from '../cluster-index.js';

/** A parsed `vMAJOR.MINOR[.PATCH]` version. */
export interface Version {
  text: string;
  major: number;
  minor: number;
  patch: number;
}

/**
 * Parse a Kubernetes version (`v1.33.1`, `1.34`, `v1.33.1-eks-1234`).
 * @param text - the version text
 * @returns the version, or null when it is not one
 */
export function parseVersion(text: string | undefined | null): Version | null {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec((text ?? '').trim());
  if (!m) return null;
  return {
    text: `v${m[1]}.${m[2]}${m[3] === undefined ? '' : `.${m[3]}`}`,
    major: Number(m[1]),
    minor: Number(m[2]),
    patch: Number(m[3] ?? 0),
  };
}

/** Minor versions between two versions (b - a), assuming one major version. */
export function minorsBetween(a: Version, b: Version): number {
  return (b.major - a.major) * 100 + (b.minor - a.minor);
}

/** Compare two versions: negative when a is older. */
export function compareVersions(a: Version, b: Version): number {
  return a.major - b.major || a.minor - b.minor || a.patch - b.patch;
}

/** The versions the cluster runs. */
export interface ClusterVersions {
  /** Control-plane node → kube-apiserver version (from its mirror pod's image tag). */
  apiservers: Map<string, Version>;
  /** Node → kubelet version. */
  kubelets: Map<string, Version>;
}

/**
 * Read the versions from the snapshot.
 * @param index - the cluster index
 */
export function clusterVersions(index: ClusterIndex): ClusterVersions {
  const apiservers = new Map<string, Version>();
  for (const [node, byComponent] of index.staticPodsByNode) {
    const v = imageVersion(byComponent.get('kube-apiserver'), 'kube-apiserver');
    if (v) apiservers.set(node, v);
  }
  const kubelets = new Map<string, Version>();
  for (const n of index.snapshot.nodes) {
    const v = parseVersion(n.status?.nodeInfo?.kubeletVersion);
    if (v) kubelets.set(n.metadata.name, v);
  }
  return { apiservers, kubelets };
}

/** Where {@link controllerManagerVersion} found the version. */
export type ControllerManagerVersionSource = 'kube-controller-manager' | 'kube-apiserver' | 'kubelet';

/**
 * The version of the kube-controller-manager, which owns the node-monitor grace period: the image
 * tag of its mirror pod on the node that holds its leader Lease, else the newest of its mirror
 * pods; without any (k3s, RKE2, managed clusters: the controller-manager is not a pod you can see),
 * the newest kube-apiserver mirror pod; else the newest kubelet (a kubelet is never newer than the
 * control plane: https://kubernetes.io/releases/version-skew-policy/#kubelet).
 * @param index - the cluster index
 * @param leaderNode - the node holding the kube-controller-manager Lease, if known
 * @returns the version and where it came from, or null when nothing in the snapshot says
 */
export function controllerManagerVersion(
  index: ClusterIndex,
  leaderNode: string | null = null,
): { version: Version; source: ControllerManagerVersionSource } | null {
  const kcm = new Map<string, Version>();
  for (const [node, byComponent] of index.staticPodsByNode) {
    const v = imageVersion(byComponent.get('kube-controller-manager'), 'kube-controller-manager');
    if (v) kcm.set(node, v);
  }
  const leader = leaderNode === null ? undefined : kcm.get(leaderNode);
  if (leader) return { version: leader, source: 'kube-controller-manager' };
  const newestKcm = versionRange(kcm.values())?.newest;
  if (newestKcm) return { version: newestKcm, source: 'kube-controller-manager' };
  const { apiservers, kubelets } = clusterVersions(index);
  const api = versionRange(apiservers.values())?.newest;
  if (api) return { version: api, source: 'kube-apiserver' };
  const kubelet = versionRange(kubelets.values())?.newest;
  return kubelet ? { version: kubelet, source: 'kubelet' } : null;
}

/** The version in the image tag of a mirror pod's container named `container` (else its first). */
function imageVersion(pod: KPod | undefined, container: string): Version | null {
  const image =
    pod?.spec?.containers?.find((c) => c.name === container)?.image ?? pod?.spec?.containers?.[0]?.image;
  const tag = image?.includes(':') ? image.slice(image.lastIndexOf(':') + 1) : undefined;
  return parseVersion(tag);
}

/** The oldest and newest of some versions, or null when there are none. */
export function versionRange(versions: Iterable<Version>): { oldest: Version; newest: Version } | null {
  let oldest: Version | null = null;
  let newest: Version | null = null;
  for (const v of versions) {
    if (!oldest || compareVersions(v, oldest) < 0) oldest = v;
    if (!newest || compareVersions(v, newest) > 0) newest = v;
  }
  return oldest && newest ? { oldest, newest } : null;
}
