/**
 * Where a kubeadm upgrade gets its packages, and the commands that get them (issue 16, reader5 F4
 * and F16). Since the community-owned repositories pkgs.k8s.io, each minor has its own repository
 * (`https://pkgs.k8s.io/core:/stable:/v1.34/deb/`), so a minor upgrade first points the repository
 * line at the next minor ("Changing The Kubernetes Package Repository",
 * https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/change-package-repository/), and the
 * packages are held, so they are unheld, upgraded and held again ("Upgrading kubeadm clusters",
 * https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/). Releases before
 * v1.24 were only in the legacy repositories, removed in 2024 ({@link PKGS_K8S_IO_FROM_MINOR}).
 */
import type { KNode } from '../../cluster/types.js';
import { UPGRADE_MAX_MINOR_STEP } from '../domain.js';
import { packagesPublished } from '../command-versions.js';
import type { Version } from './versions.js';

/** The package manager of the nodes: `apt` (Debian, Ubuntu), `yum` (RHEL family), or null when unknown or mixed. */
export type PackageManager = 'apt' | 'yum';

/**
 * The nodes' package manager, from `status.nodeInfo.osImage` (`Ubuntu 22.04.4 LTS`, `Rocky Linux 9.3`).
 * @param nodes - the cluster's nodes
 * @returns `apt`, `yum`, or null when a node's OS is unknown, another one, or the nodes differ
 */
export function packageManagerOf(nodes: readonly KNode[]): PackageManager | null {
  const kinds = new Set(
    nodes.map((n) => {
      const os = (n.status?.nodeInfo?.osImage ?? '').toLowerCase();
      if (/ubuntu|debian/.test(os)) return 'apt';
      if (/centos|red hat|rhel|rocky|alma|fedora|oracle linux|amazon linux/.test(os)) return 'yum';
      return 'other';
    }),
  );
  const [only] = [...kinds];
  return kinds.size === 1 && (only === 'apt' || only === 'yum') ? only : null;
}

/** What the package part of a kubeadm upgrade of one node is. */
export type KubeadmPackagePlan =
  /** The same minor: the packages come from the repository already set up. */
  | { kind: 'same-minor' }
  /** The next minor, on pkgs.k8s.io: the repository line changes first (facts for the `advice.kubeadm-repo-*` steps). */
  | { kind: 'repo'; facts: Record<string, string> }
  /** The next minor was never on pkgs.k8s.io: no command can install it (facts for `upgrade-packages` `legacy`). */
  | { kind: 'legacy'; facts: Record<string, string> };

/**
 * The package part of a kubeadm upgrade of a node that runs `current`.
 * @param current - the version the node runs
 * @param goal - the version asked for, else the newest control plane's when newer than the node,
 *   else null (the next minor)
 * @param manager - the nodes' package manager ({@link packageManagerOf}), null for both forms
 * @returns the plan; a goal more than one minor up is taken one minor at a time (kubeadm does not
 *   skip a minor), so the repository named is the next minor's
 */
export function kubeadmPackagePlan(
  current: Version,
  goal: Version | null,
  manager: PackageManager | null,
): KubeadmPackagePlan {
  const wanted = goal === null ? current.minor + UPGRADE_MAX_MINOR_STEP : goal.minor;
  const to = Math.min(wanted, current.minor + UPGRADE_MAX_MINOR_STEP);
  if (goal !== null && goal.major !== current.major) return { kind: 'same-minor' };
  if (to <= current.minor) return { kind: 'same-minor' };
  const from = `v${current.major}.${current.minor}`;
  const next = `v${current.major}.${to}`;
  if (!packagesPublished({ major: current.major, minor: to }))
    return { kind: 'legacy', facts: { current: current.text, next } };
  // A full version asked for in that minor is pinned (the docs' `kubeadm='1.34.x-*'`); else the
  // newest patch of the next minor's repository is what `apt-get install` / `yum install` takes.
  const pin =
    goal !== null && goal.minor === to && /^v\d+\.\d+\.\d+$/.test(goal.text) ? goal.text.slice(1) : null;
  const aptPkg = (p: string): string => (pin === null ? p : `${p}='${pin}-*'`);
  const yumPkg = (p: string): string => (pin === null ? p : `${p}-'${pin}-*'`);
  const apt = {
    aptRepo: `sudo sed -i 's#/${from}/#/${next}/#' /etc/apt/sources.list.d/kubernetes.list`,
    aptKubeadm: `sudo apt-mark unhold kubeadm && sudo apt-get update && sudo apt-get install -y ${aptPkg('kubeadm')} && sudo apt-mark hold kubeadm`,
    aptKubelet: `sudo apt-mark unhold kubelet kubectl && sudo apt-get install -y ${aptPkg('kubelet')} ${aptPkg('kubectl')} && sudo apt-mark hold kubelet kubectl`,
  };
  const yum = {
    yumRepo: `sudo sed -i 's#/${from}/#/${next}/#g' /etc/yum.repos.d/kubernetes.repo`,
    yumKubeadm: `sudo yum install -y ${yumPkg('kubeadm')} --disableexcludes=kubernetes`,
    yumKubelet: `sudo yum install -y ${yumPkg('kubelet')} ${yumPkg('kubectl')} --disableexcludes=kubernetes`,
  };
  return {
    kind: 'repo',
    facts: {
      from,
      next,
      manager: manager ?? 'both',
      ...(manager !== 'yum' ? apt : {}),
      ...(manager !== 'apt' ? yum : {}),
    },
  };
}
