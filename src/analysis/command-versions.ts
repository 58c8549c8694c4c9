/**
 * Which form of a suggested command works on a cluster of a given Kubernetes version: flags and
 * endpoints that were added or renamed, and where the packages of a release can still be installed
 * from (issue 16, reader5 F16/F16b). Every gate names its source.
 */
import type { ClusterIndex } from './cluster-index.js';
import { type Version, controllerManagerVersion } from './what-if/versions.js';

/**
 * The first minor whose kube-apiserver serves `/readyz` (and `/livez`): Kubernetes v1.16
 * (CHANGELOG-1.16, "kube-apiserver: /livez and /readyz health endpoints"; API health endpoints,
 * https://kubernetes.io/docs/reference/using-api/health-checks/). Older ones answer 404 there and
 * serve `/healthz`.
 */
export const READYZ_FROM_MINOR = 16;

/**
 * `kubectl drain`'s emptyDir flag: `--delete-emptydir-data` from kubectl v1.20, which renamed
 * `--delete-local-data` (deprecated then, kept with a warning; CHANGELOG-1.20,
 * kubernetes/kubernetes#95076; kubectl drain reference,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/); a recent kubectl
 * rejects the old name ("unknown flag: --delete-local-data", kubectl v1.32 as run here; reported
 * from v1.31, lensapp/lens#7063). The flag is kubectl's, not the cluster's: the user's kubectl is
 * rarely the cluster's minor, so an answer names the new form and the old one for a kubectl older
 * than v1.20 (issue 28, oracle group 6).
 */
export const EMPTYDIR_FLAG = '--delete-emptydir-data';
/** The name of {@link EMPTYDIR_FLAG} in kubectl before v1.20. */
export const EMPTYDIR_FLAG_BEFORE_1_20 = '--delete-local-data';

/**
 * The first kubeadm minor with `kubeadm upgrade node` for every node: v1.15 (CHANGELOG-1.15,
 * "kubeadm upgrade node" graduated; before it, `kubeadm upgrade node config` and `kubeadm upgrade
 * node experimental-control-plane`, kubeadm reference of v1.14).
 */
export const KUBEADM_UPGRADE_NODE_FROM_MINOR = 15;

/**
 * The first minor published in the community-owned package repositories pkgs.k8s.io: v1.24.
 * The legacy Google-hosted repositories (apt.kubernetes.io, yum.kubernetes.io), the only ones with
 * older releases, were frozen on 13 September 2023 and removed on 4 March 2024 (Kubernetes blog,
 * "Legacy Package Repository Deprecation",
 * https://kubernetes.io/blog/2023/08/31/legacy-package-repository-deprecation/; "pkgs.k8s.io:
 * Introducing Kubernetes Community-Owned Package Repositories",
 * https://kubernetes.io/blog/2023/08/15/pkgs-k8s-io-introduction/).
 */
export const PKGS_K8S_IO_FROM_MINOR = 24;

/** The forms of the commands that work on one cluster. */
export interface CommandForms {
  /**
   * The apiserver health endpoint to ask with `kubectl get --raw`: `/readyz` from v1.16, `/healthz`
   * before; `/readyz` when the version is unknown (every supported release has it).
   */
  health: '/readyz' | '/healthz';
  /** The kubectl drain flag that deletes emptyDir data ({@link EMPTYDIR_FLAG}), whatever the cluster's version. */
  emptyDirFlag: typeof EMPTYDIR_FLAG;
  /** Its name in a kubectl older than v1.20 ({@link EMPTYDIR_FLAG_BEFORE_1_20}). */
  emptyDirOldFlag: typeof EMPTYDIR_FLAG_BEFORE_1_20;
}

/**
 * The command forms for a cluster of a given version.
 * @param version - the cluster's control-plane version (major.minor), or null when unknown
 * @returns the forms; with the version unknown, those of every supported release
 */
export function commandFormsFor(version: Pick<Version, 'major' | 'minor'> | null): CommandForms {
  const atLeast = (minor: number): boolean => version === null || version.major > 1 || version.minor >= minor;
  return {
    health: atLeast(READYZ_FROM_MINOR) ? '/readyz' : '/healthz',
    emptyDirFlag: EMPTYDIR_FLAG,
    emptyDirOldFlag: EMPTYDIR_FLAG_BEFORE_1_20,
  };
}

/**
 * The command forms for a cluster as read: its version is the kube-controller-manager's (else the
 * newest kube-apiserver's, else the newest kubelet's: {@link controllerManagerVersion}).
 * @param index - the cluster index
 * @returns the forms ({@link commandFormsFor})
 */
export function clusterCommandForms(index: ClusterIndex): CommandForms {
  return commandFormsFor(controllerManagerVersion(index)?.version ?? null);
}

/**
 * Whether the packages of a minor can be installed from pkgs.k8s.io (v1.24 and later,
 * {@link PKGS_K8S_IO_FROM_MINOR}); older ones were only in the removed legacy repositories.
 * @param version - the release to install
 */
export function packagesPublished(version: Pick<Version, 'major' | 'minor'>): boolean {
  return version.major > 1 || version.minor >= PKGS_K8S_IO_FROM_MINOR;
}
