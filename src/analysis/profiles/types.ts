/**
 * The control-plane profile seam: how one Kubernetes distribution shows its control
 * plane in the API objects, in the spirit of kured's `RebootBlocker` interface
 * (https://github.com/kubereboot/kured, `pkg/blockers`): each distribution is one implementation,
 * recognised from the objects alone, so that the next one is one file plus its fixtures.
 */
import type { ClusterSnapshot, KNode, KPod } from '../../cluster/types.js';
import type { Finding } from '../types.js';

/** The distributions the bot knows; `unknown`: a self-run cluster with no distribution's mark. */
export type ProfileName = 'kubeadm' | 'k3s' | 'rke2' | 'openshift' | 'managed' | 'unknown';

/** Control-plane components, by the `component` label kubeadm puts on their static pods. */
export type ControlPlaneComponent = 'kube-apiserver' | 'etcd' | 'kube-scheduler' | 'kube-controller-manager';

/**
 * Where etcd members are seen when etcd itself was not read (no recorded or live status):
 * - `pods`: one member per etcd static (mirror) pod, as the profile's `componentOf` finds them;
 * - `nodes`: members listed by the profile from node labels and conditions (k3s, RKE2, OpenShift);
 * - `external`, `datastore`: no member on any node (kubeadm external etcd; k3s on SQLite or an
 *   external datastore), `managed`: the provider's; `unknown`: nothing shows it.
 */
export type EtcdInference =
  | { kind: 'pods' }
  | {
      kind: 'nodes';
      /** `nodeReady`: the node's Ready condition; it does not show the member's own health. */
      members: { node: string; nodeReady: boolean; isLearner: boolean }[];
      rule: string;
      /** `embedded`: members inside the distribution's own server process (k3s, RKE2); `stacked`: one etcd pod per master (OpenShift). */
      topology: 'embedded' | 'stacked';
    }
  | {
      kind: 'datastore';
      /** `sqlite`: the servers' recorded config chooses no other datastore (k3s `k3sDatastore`); else unknown. */
      store?: 'sqlite' | 'unknown';
    }
  | { kind: 'external' | 'managed' | 'unknown' };

/**
 * Who keeps the control plane: `cluster` (the cluster's own nodes run it, so the checks judge it)
 * or `provider` (a managed service runs it where the cluster cannot see: only data-plane checks
 * apply, and the profile's {@link ControlPlaneProfile.keeperFindings} say so).
 */
export type ControlPlaneKeeper = 'cluster' | 'provider';

/**
 * How a distribution is upgraded, which decides the upgrade answer's order, steps and etcd backup:
 * - `kubeadm`: node by node with kubeadm: the kubeadm package first, `kubeadm upgrade apply` on the
 *   first control-plane node and `kubeadm upgrade node` on every other node, then kubelet and kubectl
 *   ("Upgrading kubeadm clusters", https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/);
 *   etcd is backed up with `etcdctl snapshot save`.
 * - `openshift`: the whole cluster at once through the cluster version operator (`oc adm upgrade`),
 *   whose Machine Config Operator drains and reboots the nodes itself, one at a time per pool
 *   ("Updating a cluster using the CLI",
 *   https://docs.openshift.com/container-platform/4.6/updating/updating-cluster-cli.html);
 *   etcd is backed up with `/usr/local/bin/cluster-backup.sh` on a master ("Backing up etcd data",
 *   https://docs.openshift.com/container-platform/4.6/backup_and_restore/control_plane_backup_and_restore/backing-up-etcd.html).
 * - `k3s`, `rke2`: node by node with the distribution's own installer, servers one at a time, then
 *   agents (https://docs.k3s.io/upgrades/manual, https://docs.rke2.io/upgrades/manual_upgrade);
 *   embedded etcd is backed up with `k3s etcd-snapshot save` / `rke2 etcd-snapshot save`
 *   (https://docs.k3s.io/cli/etcd-snapshot, https://docs.rke2.io/datastore/backup_restore).
 * - `provider`: a managed service upgrades the control plane and, through its node pools, the nodes.
 * - `unknown`: the distribution is not known, so no tool's commands: the control plane first, one
 *   node at a time, then the workers, one minor version at a time (Kubernetes version skew policy,
 *   https://kubernetes.io/releases/version-skew-policy/), with the tool that installed the cluster.
 */
export type UpgradeMethod = 'kubeadm' | 'openshift' | 'k3s' | 'rke2' | 'provider' | 'unknown';

/** What a question is about, for {@link ControlPlaneProfile.keeperFindings}. */
export type KeeperQuestion = { kind: 'reboot'; node: string } | { kind: 'status' };

/** One distribution's rules. Every method is pure. */
export interface ControlPlaneProfile {
  readonly name: ProfileName;
  /** Who keeps the control plane (see {@link ControlPlaneKeeper}). */
  readonly keeper: ControlPlaneKeeper;
  /** How the distribution is upgraded and its etcd backed up (see {@link UpgradeMethod}). */
  readonly upgrade: UpgradeMethod;
  /**
   * Whether the objects show this distribution.
   * @param snapshot - the cluster as read
   */
  detect(snapshot: ClusterSnapshot): boolean;
  /**
   * A qualifier for answers (`AKS`, `embedded etcd`, `stacked etcd`…), or null.
   * @param snapshot - the cluster as read
   */
  variant(snapshot: ClusterSnapshot): string | null;
  /**
   * The control-plane component a pod is, when it is one of its static (mirror) pods; else null.
   * @param pod - a pod (kept whole by the snapshot)
   */
  componentOf(pod: KPod): ControlPlaneComponent | null;
  /**
   * The nodes that run the control plane.
   * @param snapshot - the cluster as read
   * @param components - component pods by node name (from {@link ControlPlaneProfile.componentOf})
   */
  controlPlaneNodes(
    snapshot: ClusterSnapshot,
    components: ReadonlyMap<string, ReadonlyMap<string, KPod>>,
  ): KNode[];
  /**
   * The components running on a control-plane node and whether each is up.
   * @param node - a control-plane node
   * @param pods - its component pods (may be empty: k3s runs them inside its own process)
   * @returns component → up
   */
  componentsOnNode(node: KNode, pods: ReadonlyMap<string, KPod>): Record<string, boolean>;
  /**
   * Where etcd members are seen when etcd was not read.
   * @param snapshot - the cluster as read
   * @param controlPlaneNodes - the nodes {@link ControlPlaneProfile.controlPlaneNodes} returned
   * @param components - component pods by node name
   */
  etcdSource(
    snapshot: ClusterSnapshot,
    controlPlaneNodes: readonly KNode[],
    components: ReadonlyMap<string, ReadonlyMap<string, KPod>>,
  ): EtcdInference;
  /**
   * What the answer says about who keeps the control plane, for a reboot or `status` (the managed
   * profile: "the provider runs it", and which provider); [] when the cluster keeps it.
   * @param snapshot - the cluster as read
   * @param question - what is asked
   * @param seen - API servers seen (identity Leases; null when the snapshot holds no Leases, so
   *   their number is unknown, not 0) and the profile's variant
   */
  keeperFindings(
    snapshot: ClusterSnapshot,
    question: KeeperQuestion,
    seen: { apiservers: number | null; variant: string | null },
  ): Finding[];
}
