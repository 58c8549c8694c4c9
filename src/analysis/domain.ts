/**
 * Domain numbers and label/annotation names the checks rely on, each with its source.
 * What they mean: docs/domain.md; `[002]` and the like name the source articles it lists.
 */

/** Node label of a control-plane node (kubeadm). @see https://kubernetes.io/docs/reference/labels-annotations-taints/#node-role-kubernetes-io-control-plane */
export const LABEL_CONTROL_PLANE = 'node-role.kubernetes.io/control-plane';
/** Legacy control-plane label (before Kubernetes 1.24). */
export const LABEL_MASTER = 'node-role.kubernetes.io/master';
/**
 * Older role label `kubernetes.io/role=<role>`, still set on masters by kops, the old kube-up
 * scripts and Giant Swarm's operators (`kubernetes.io/role=master`, no `node-role.kubernetes.io/*`
 * label: test/fixtures/real-clusters/11, 12). kubectl's ROLES column reads it as a role too.
 * @see https://github.com/kubernetes/kubernetes/blob/master/pkg/printers/internalversion/printers.go (findNodeRoles)
 */
export const LABEL_LEGACY_ROLE = 'kubernetes.io/role';
/** Values of {@link LABEL_LEGACY_ROLE} that mark a control-plane node. */
const LEGACY_CONTROL_PLANE_ROLES: readonly string[] = ['master', 'control-plane'];

/**
 * Whether node labels mark a control-plane node: `node-role.kubernetes.io/control-plane`, the legacy
 * `node-role.kubernetes.io/master` (any value, as kubeadm sets them empty and k3s/RKE2 "true"), or
 * `kubernetes.io/role` = `master` / `control-plane`. The one rule every part of the bot uses.
 * @param labels - `metadata.labels` of a node (absent: no role)
 */
export function hasControlPlaneRoleLabel(labels: Readonly<Record<string, string>> | undefined): boolean {
  if (labels === undefined) return false;
  if (Object.hasOwn(labels, LABEL_CONTROL_PLANE) || Object.hasOwn(labels, LABEL_MASTER)) return true;
  const legacy = Object.hasOwn(labels, LABEL_LEGACY_ROLE) ? labels[LABEL_LEGACY_ROLE] : undefined;
  return legacy !== undefined && LEGACY_CONTROL_PLANE_ROLES.includes(legacy);
}

/** The NoSchedule taint keys kubeadm puts on control-plane nodes. */
export const CONTROL_PLANE_TAINT_KEYS: readonly string[] = [LABEL_CONTROL_PLANE, LABEL_MASTER];
/** Annotation the kubelet sets on mirror pods of static pods. */
export const ANNOTATION_MIRROR = 'kubernetes.io/config.mirror';
/** Label of apiserver identity Leases (Kubernetes ≥ 1.26). @see https://kubernetes.io/docs/concepts/architecture/leases/#api-server-identity */
export const LABEL_APISERVER_IDENTITY = 'apiserver.kubernetes.io/identity';
/** Annotation kured sets on its DaemonSet while it holds the reboot lock. @see https://kured.dev/docs/ */
export const ANNOTATION_KURED_LOCK = 'weave.works/kured-node-lock';
/**
 * Annotation kured (`--annotate-nodes`) puts on a node it is going to reboot, with the time
 * (RFC 3339), "so that other node maintenance tools running on the cluster are aware that this
 * node is in the process of a state transition"; removed once the reboot happened.
 * @see https://github.com/kubereboot/kured/blob/main/cmd/kured/main.go
 * @see https://kured.dev/docs/configuration/
 */
export const ANNOTATION_KURED_REBOOT_IN_PROGRESS = 'weave.works/kured-reboot-in-progress';
/**
 * Pod annotation of the cluster autoscaler: `"false"` means the autoscaler never evicts the pod
 * (and so never removes its node). Only the autoscaler reads it; `kubectl drain` does not.
 * @see https://github.com/kubernetes/autoscaler/blob/master/cluster-autoscaler/FAQ.md#what-types-of-pods-can-prevent-ca-from-removing-a-node
 */
export const ANNOTATION_SAFE_TO_EVICT = 'cluster-autoscaler.kubernetes.io/safe-to-evict';
/**
 * The field manager of the bot's own writes (its cordon: `?fieldManager=`), so a node's
 * managedFields say whether the bot or someone else set `spec.unschedulable`.
 * @see https://kubernetes.io/docs/reference/using-api/server-side-apply/#field-management
 */
export const BOT_FIELD_MANAGER = 'k8s-ha-bot';
/**
 * The start of the bot's own `nodeID`s in kured's lock (`k8s-ha-bot/<request id>`, taken while a
 * maintenance plan works on a node so that kured reboots nothing meanwhile): never a node name, so
 * no kured pod believes it holds the lock, and the analysis counts no such entry as a kured reboot.
 * @see https://github.com/kubereboot/kured/blob/main/pkg/daemonsetlock/daemonsetlock.go
 */
export const BOT_KURED_LOCK_PREFIX = 'k8s-ha-bot/';
/**
 * The taint that declares a node out of service after a non-graceful shutdown: its pods are
 * force-deleted and their volumes detached so they start elsewhere. Apply it only to a node that
 * is verified shut down; remove it once the node has recovered.
 * @see https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown
 */
export const TAINT_OUT_OF_SERVICE = 'node.kubernetes.io/out-of-service';
/**
 * The minor version from which the out-of-service taint works without a feature gate
 * (NodeOutOfServiceVolumeDetach beta and on by default in 1.26, GA in 1.28).
 * @see https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown
 */
export const OUT_OF_SERVICE_FROM_MINOR = 26;
/** Annotation kubeadm puts on etcd mirror pods with the member's client URL. */
export const ANNOTATION_ETCD_CLIENT_URLS = 'kubeadm.kubernetes.io/etcd.advertise-client-urls';

/**
 * node-monitor-grace-period before Kubernetes 1.32: a node silent this long is marked
 * NotReady/Unknown, in seconds. Source: [002], [004]; kube-controller-manager
 * `--node-monitor-grace-period` default 40 s up to v1.31. Also the value used when the cluster's
 * version is not known (the shorter one: a stale node Lease is flagged rather than missed).
 */
export const NODE_MONITOR_GRACE_PERIOD_S = 40;

/**
 * node-monitor-grace-period from Kubernetes 1.32 on, in seconds: "The default value for
 * node-monitor-grace-period has been increased to 50s (earlier 40s)".
 * @see https://github.com/kubernetes/kubernetes/blob/master/CHANGELOG/CHANGELOG-1.32.md (kubernetes/kubernetes#126287)
 * @see https://kubernetes.io/docs/reference/command-line-tools-reference/kube-controller-manager/
 */
export const NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S = 50;

/**
 * The default node-monitor-grace-period of a kube-controller-manager version, in seconds:
 * {@link NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S} (50) from v1.32, {@link NODE_MONITOR_GRACE_PERIOD_S}
 * (40) before, and 40 when the version is not known.
 * @param version - the kube-controller-manager's `major.minor` (null when unknown)
 * @returns seconds
 */
export function nodeMonitorGracePeriodS(version: { major: number; minor: number } | null): number {
  if (version === null) return NODE_MONITOR_GRACE_PERIOD_S;
  return version.major > 1 || (version.major === 1 && version.minor >= 32)
    ? NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S
    : NODE_MONITOR_GRACE_PERIOD_S;
}

/**
 * Default toleration for the not-ready / unreachable taints, in seconds: pods are evicted from a
 * silent node after about 5 minutes. Source: [002]; DefaultTolerationSeconds admission plugin.
 */
export const DEFAULT_EVICTION_TOLERATION_S = 300;

/**
 * Time a rebooted node took to come back Ready in the seed's example, in seconds. Source: [002].
 */
export const TYPICAL_NODE_REBOOT_S = 90;

/**
 * Leader-election defaults for kube-scheduler and kube-controller-manager, in seconds:
 * lease duration 15, renew deadline 10, retry period 2. Source: [001]; `--leader-elect-lease-duration`.
 */
export const LEADER_ELECTION_LEASE_DURATION_S = 15;

/**
 * etcd's default election timeout, in milliseconds: how long a follower waits without hearing from
 * the leader before it starts an election. A failed leader hands nothing over, so a new leader is
 * elected only after this. Source: etcd docs, "Tuning" (https://etcd.io/docs/v3.5/tuning/).
 */
export const ETCD_ELECTION_TIMEOUT_MS = 1000;

/**
 * How stale an apiserver identity Lease may be before its apiserver counts as gone, in seconds.
 * The apiserver renews it every 10 s (KEP-1965, `--identity-lease-renew-interval-seconds`); we allow
 * six missed renewals.
 */
export const APISERVER_IDENTITY_STALE_S = 60;

/**
 * etcd's default backend quota, in bytes (2 GiB). Source: etcd docs, `--quota-backend-bytes`.
 */
export const ETCD_DEFAULT_QUOTA_BYTES = 2 * 1024 * 1024 * 1024;

/** Warn when the etcd database uses more than this share of its quota (docs/checks.md, etcd-db-size). */
export const ETCD_DB_SIZE_WARN_RATIO = 0.8;

/** Default terminationGracePeriodSeconds of a pod, in seconds (Kubernetes API default). */
export const DEFAULT_TERMINATION_GRACE_S = 30;

/**
 * Raft quorum for n voting members: floor(n/2) + 1. Source: [003], [004]; etcd FAQ.
 * @param voters - number of voting members (learners excluded), ≥ 0
 * @returns members needed for quorum (0 when there are no voters)
 */
export function quorumOf(voters: number): number {
  return voters <= 0 ? 0 : Math.floor(voters / 2) + 1;
}

/**
 * Failures a Raft cluster of n voters tolerates: n - quorum. Source: [003]; etcd FAQ.
 * @param voters - number of voting members
 * @returns members that may fail while quorum holds
 */
export function toleratedFailuresOf(voters: number): number {
  return Math.max(0, voters - quorumOf(voters));
}

// ---------------------------------------------------------------------------------------------
// "What if" answers
// ---------------------------------------------------------------------------------------------

/**
 * kube-proxy's mode when its configuration leaves `mode` empty: `iptables` on Linux.
 * @see https://kubernetes.io/docs/reference/config-api/kube-proxy-config.v1alpha1/ (`mode`)
 */
export const KUBE_PROXY_DEFAULT_MODE = 'iptables';

/** kube-proxy's DaemonSet and pod label in kubeadm clusters (`k8s-app=kube-proxy`). */
export const KUBE_PROXY_NAME = 'kube-proxy';

/** Names of the DaemonSets of the CNI plugins seen in self-run clusters (kube-system or their own namespace). */
export const CNI_DAEMONSETS: readonly string[] = [
  'calico-node',
  'kube-flannel-ds',
  'cilium',
  'weave-net',
  'canal',
  'antrea-agent',
  'kube-router',
];

/**
 * More CNI DaemonSets a node can run, beside {@link CNI_DAEMONSETS}: kind's `kindnet`
 * (https://kind.sigs.k8s.io/docs/design/initial/), the Amazon VPC CNI's `aws-node`
 * (https://docs.aws.amazon.com/eks/latest/userguide/managing-vpc-cni.html). Used to name the node
 * agents a reboot stops only where the snapshot shows them (issue 16).
 */
export const MORE_CNI_DAEMONSETS: readonly string[] = ['kindnet', 'aws-node'];

/**
 * Default `maxUnavailable` of a DaemonSet's RollingUpdate strategy (1) and of a Deployment's (25 %).
 * @see https://kubernetes.io/docs/tasks/manage-daemon/update-daemon-set/
 * @see https://kubernetes.io/docs/concepts/workloads/controllers/deployment/#max-unavailable
 */
export const DAEMONSET_DEFAULT_MAX_UNAVAILABLE = 1;
export const DEPLOYMENT_DEFAULT_MAX_UNAVAILABLE = '25%';

/**
 * Version skew: the newest and oldest kube-apiserver of an HA cluster must be within 1 minor version.
 * @see https://kubernetes.io/releases/version-skew-policy/#kube-apiserver
 */
export const APISERVER_MAX_SKEW_MINORS = 1;

/**
 * Version skew: a kubelet (and kube-proxy) must not be newer than kube-apiserver and may be up to
 * 3 minor versions older (Kubernetes 1.28 and later; 2 before).
 * @see https://kubernetes.io/releases/version-skew-policy/#kubelet
 */
export const KUBELET_MAX_SKEW_MINORS = 3;

/**
 * An upgrade moves one minor version at a time (kubeadm refuses to skip a minor).
 * @see https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/
 */
export const UPGRADE_MAX_MINOR_STEP = 1;
