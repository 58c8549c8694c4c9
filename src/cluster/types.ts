/**
 * Wire shapes of the Kubernetes objects the analysis reads, and the {@link ClusterSnapshot}
 * that one analysis works on.
 *
 * These are the JSON shapes the Kubernetes API serves (and `kubectl get -o json` prints), narrowed
 * to the fields the checks use. Timestamps stay RFC 3339 strings, as on the wire. They are our own
 * types, not @kubernetes/client-node's model classes, so that snapshot files, the simulator and live
 * reads share one shape and the core needs no client library.
 *
 * @see https://kubernetes.io/docs/reference/kubernetes-api/
 */

/** `metadata.ownerReferences[]` of an object. */
export interface KOwnerReference {
  apiVersion?: string;
  kind: string;
  name: string;
  uid: string;
  controller?: boolean;
}

/** `metadata` of any object. `creationTimestamp` is RFC 3339. */
export interface KObjectMeta {
  name: string;
  namespace?: string;
  uid?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
  ownerReferences?: KOwnerReference[];
  creationTimestamp?: string;
  resourceVersion?: string;
  generation?: number;
  /** Set when deletion was requested (RFC 3339): the object is Terminating. */
  deletionTimestamp?: string;
  /** Grace period the deletion was given, in s. */
  deletionGracePeriodSeconds?: number;
  /** Server-side apply field ownership: who (`manager`) wrote which fields, and when (`time`, RFC 3339). */
  managedFields?: KManagedFieldsEntry[];
}

/** One `metadata.managedFields[]` entry; `fieldsV1` is the field set (`{"f:spec":{"f:unschedulable":{}}}`). */
export interface KManagedFieldsEntry {
  manager?: string;
  operation?: string;
  apiVersion?: string;
  time?: string;
  fieldsType?: string;
  fieldsV1?: Record<string, unknown>;
  subresource?: string;
}

/** A node taint (`spec.taints[]`). */
export interface KTaint {
  key: string;
  value?: string;
  effect: 'NoSchedule' | 'PreferNoSchedule' | 'NoExecute' | string;
  /** When the taint was added (RFC 3339); the node lifecycle controller sets it on the taints it adds. */
  timeAdded?: string;
}

/** A pod toleration (`spec.tolerations[]`). `tolerationSeconds` is in seconds. */
export interface KToleration {
  key?: string;
  operator?: 'Exists' | 'Equal' | string;
  value?: string;
  effect?: string;
  tolerationSeconds?: number;
}

/** A status condition; `lastHeartbeatTime`/`lastTransitionTime` are RFC 3339. */
export interface KCondition {
  type: string;
  status: 'True' | 'False' | 'Unknown' | string;
  reason?: string;
  message?: string;
  lastHeartbeatTime?: string;
  lastTransitionTime?: string;
}

/** A `v1/Node`. Quantities (`cpu: "4"`, `memory: "16267676Ki"`) are Kubernetes quantity strings. */
export interface KNode {
  apiVersion?: string;
  kind?: 'Node';
  metadata: KObjectMeta;
  spec?: { taints?: KTaint[]; unschedulable?: boolean; providerID?: string; podCIDR?: string };
  status?: {
    conditions?: KCondition[];
    addresses?: { type: string; address: string }[];
    allocatable?: Record<string, string>;
    capacity?: Record<string, string>;
    nodeInfo?: { bootID?: string; kubeletVersion?: string; kernelVersion?: string; osImage?: string };
  };
}

/** One container of a pod spec; `resources.requests` holds quantity strings. */
export interface KContainer {
  name: string;
  image?: string;
  resources?: { requests?: Record<string, string>; limits?: Record<string, string> };
  /** Ports; a `hostPort` binds the port on the node's own address (traffic-policy). */
  ports?: { name?: string; containerPort: number; hostPort?: number; hostIP?: string; protocol?: string }[];
  /** `Always` on an init container makes it a sidecar (restartable init container, KEP-753). */
  restartPolicy?: string;
}

/** A pod volume; only the source kinds the checks care about are typed. */
export interface KVolume {
  name: string;
  emptyDir?: { medium?: string; sizeLimit?: string };
  persistentVolumeClaim?: { claimName: string };
  hostPath?: { path: string };
  [source: string]: unknown;
}

/** A `v1/Pod`. `terminationGracePeriodSeconds` is in seconds. */
export interface KPod {
  apiVersion?: string;
  kind?: 'Pod';
  metadata: KObjectMeta;
  spec?: {
    nodeName?: string;
    containers?: KContainer[];
    initContainers?: KContainer[];
    volumes?: KVolume[];
    tolerations?: KToleration[];
    nodeSelector?: Record<string, string>;
    affinity?: KAffinity;
    priorityClassName?: string;
    /** Resolved from the PriorityClass by admission; higher preempts lower (pod-priority-preemption docs). */
    priority?: number;
    /** `Never` forbids this pod to preempt others. */
    preemptionPolicy?: string;
    /** RuntimeClass overhead (quantity strings), added to the pod's requests by the scheduler. */
    overhead?: Record<string, string>;
    terminationGracePeriodSeconds?: number;
    /** The pod uses the node's network namespace (ingress controllers often do; traffic-policy). */
    hostNetwork?: boolean;
  };
  status?: {
    phase?: string;
    conditions?: KCondition[];
    podIP?: string;
    startTime?: string;
    /** Per-container state; `restartCount` and `state.waiting.reason` (CrashLoopBackOff) name why a pod is not Ready. */
    containerStatuses?: {
      name: string;
      ready?: boolean;
      restartCount?: number;
      state?: { waiting?: { reason?: string } };
    }[];
  };
}

/**
 * A pod's `spec.affinity`, narrowed to the required terms the scheduler filters on: node affinity
 * (NodeAffinity) and pod affinity and anti-affinity (InterPodAffinity).
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#node-affinity
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/#inter-pod-affinity-and-anti-affinity
 */
export interface KAffinity {
  nodeAffinity?: {
    requiredDuringSchedulingIgnoredDuringExecution?: {
      nodeSelectorTerms?: KNodeSelectorTerm[] | null;
    } | null;
  } | null;
  podAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: KPodAffinityTerm[] | null } | null;
  podAntiAffinity?: { requiredDuringSchedulingIgnoredDuringExecution?: KPodAffinityTerm[] | null } | null;
  [kind: string]: unknown;
}

/**
 * A pod (anti-)affinity term: the pods `labelSelector` selects (null: none) in `namespaces`, or in
 * the namespaces `namespaceSelector` selects (`{}`: all), or (both absent) in the pod's own; a
 * domain is the nodes sharing one value of the `topologyKey` label.
 */
export interface KPodAffinityTerm {
  labelSelector?: KLabelSelector | null;
  namespaces?: string[] | null;
  namespaceSelector?: KLabelSelector | null;
  topologyKey?: string;
}

/** A node selector term (`matchExpressions` on node labels, `matchFields` on `metadata.name`). */
export interface KNodeSelectorTerm {
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | 'Gt' | 'Lt' | string;
    values?: string[];
  }[];
  matchFields?: { key: string; operator: string; values?: string[] }[];
}

/**
 * A `v1/PersistentVolumeClaim`, narrowed to the binding (pinned-volumes).
 * @see https://kubernetes.io/docs/concepts/storage/persistent-volumes/
 */
export interface KPersistentVolumeClaim {
  apiVersion?: string;
  kind?: 'PersistentVolumeClaim';
  metadata: KObjectMeta;
  /** `accessModes` (`ReadWriteOncePod`: one pod at a time, VolumeRestrictions). */
  spec?: { volumeName?: string; storageClassName?: string; accessModes?: string[] };
  /** `phase`: Pending, Bound or Lost (bound to a PersistentVolume that no longer exists). */
  status?: { phase?: string };
}

/**
 * A `v1/PersistentVolume`, narrowed to where it can be used: `spec.nodeAffinity` (required for
 * `local` volumes, set by local-path / openebs-hostpath provisioners) and the node-local sources.
 * @see https://kubernetes.io/docs/concepts/storage/volumes/#local
 */
export interface KPersistentVolume {
  apiVersion?: string;
  kind?: 'PersistentVolume';
  metadata: KObjectMeta;
  spec?: {
    storageClassName?: string;
    claimRef?: { namespace?: string; name?: string };
    local?: { path: string };
    hostPath?: { path: string };
    csi?: { driver: string; volumeHandle?: string };
    nodeAffinity?: { required?: { nodeSelectorTerms?: KNodeSelectorTerm[] } };
  };
}

/**
 * A `v1/Service`, narrowed to what decides where its external traffic goes (traffic-policy).
 * `externalTrafficPolicy: Local` sends load-balancer and NodePort traffic only to pods on the
 * receiving node; the cloud load balancer learns a node lost its pods through `healthCheckNodePort`.
 * @see https://kubernetes.io/docs/reference/networking/virtual-ips/#external-traffic-policy
 */
export interface KService {
  apiVersion?: string;
  kind?: 'Service';
  metadata: KObjectMeta;
  spec?: {
    type?: string;
    selector?: Record<string, string>;
    externalTrafficPolicy?: string;
    healthCheckNodePort?: number;
    ports?: {
      name?: string;
      port: number;
      nodePort?: number;
      protocol?: string;
      targetPort?: number | string;
    }[];
  };
  /** The addresses a load balancer gave the Service (`type: LoadBalancer`). */
  status?: { loadBalancer?: { ingress?: { ip?: string; hostname?: string }[] } };
}

/**
 * A `storage.k8s.io/v1` CSIDriver, narrowed to what the csi-controller check reads: its name (the
 * driver name PersistentVolumes carry in `spec.csi.driver`), labels (the controller it belongs
 * to) and `attachRequired` (absent means true: the external-attacher must attach each volume).
 * @see https://kubernetes-csi.github.io/docs/csi-driver-object.html
 */
export interface KCsiDriver {
  apiVersion?: string;
  kind?: 'CSIDriver';
  metadata: KObjectMeta;
  spec?: { attachRequired?: boolean };
}

/**
 * A `storage.k8s.io/v1` VolumeAttachment: a volume attached (or being attached) to a node by a
 * CSI driver's external-attacher; the volume must be detached before a pod elsewhere can use it.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/config-and-storage-resources/volume-attachment-v1/
 */
export interface KVolumeAttachment {
  apiVersion?: string;
  kind?: 'VolumeAttachment';
  metadata: KObjectMeta;
  spec?: { attacher?: string; nodeName?: string; source?: { persistentVolumeName?: string } };
  status?: { attached?: boolean };
}

/**
 * MetalLB's `metallb.io/v1beta1` ServiceL2Status: which node's speaker announces a LoadBalancer
 * Service's IP in layer 2 mode (`status.node`).
 * @see https://github.com/metallb/metallb/blob/main/api/v1beta1/servicel2status_types.go
 */
export interface KServiceL2Status {
  apiVersion?: string;
  kind?: 'ServiceL2Status';
  metadata: KObjectMeta;
  status?: { node?: string; serviceName?: string; serviceNamespace?: string };
}

/** A `coordination.k8s.io/v1` Lease. `renewTime`/`acquireTime` are RFC 3339 (micro-time);
 * `leaseDurationSeconds` is in seconds. */
export interface KLease {
  apiVersion?: string;
  kind?: 'Lease';
  metadata: KObjectMeta;
  spec?: {
    holderIdentity?: string;
    leaseDurationSeconds?: number;
    acquireTime?: string;
    renewTime?: string;
    leaseTransitions?: number;
  };
}

/** A label selector (`matchLabels` and `matchExpressions`). */
export interface KLabelSelector {
  matchLabels?: Record<string, string>;
  matchExpressions?: {
    key: string;
    operator: 'In' | 'NotIn' | 'Exists' | 'DoesNotExist' | string;
    values?: string[];
  }[];
}

/** A `policy/v1` PodDisruptionBudget. `minAvailable`/`maxUnavailable` are an int or a percentage string. */
export interface KPodDisruptionBudget {
  apiVersion?: string;
  kind?: 'PodDisruptionBudget';
  metadata: KObjectMeta;
  spec?: {
    selector?: KLabelSelector;
    minAvailable?: number | string;
    maxUnavailable?: number | string;
    unhealthyPodEvictionPolicy?: string;
  };
  status?: {
    disruptionsAllowed?: number;
    currentHealthy?: number;
    desiredHealthy?: number;
    expectedPods?: number;
    observedGeneration?: number;
    conditions?: KCondition[];
  };
}

/** A Deployment, ReplicaSet, StatefulSet or DaemonSet, narrowed to what the checks read. */
export interface KWorkload {
  apiVersion?: string;
  kind: 'Deployment' | 'ReplicaSet' | 'StatefulSet' | 'DaemonSet';
  metadata: KObjectMeta;
  spec?: {
    replicas?: number;
    selector?: KLabelSelector;
    updateStrategy?: { type?: string; rollingUpdate?: { maxUnavailable?: number | string } };
  };
  status?: {
    replicas?: number;
    readyReplicas?: number;
    availableReplicas?: number;
    desiredNumberScheduled?: number;
    numberReady?: number;
  };
}

/**
 * A `discovery.k8s.io/v1` EndpointSlice: those of `default/kubernetes` (the live apiservers), and
 * those of the Services behind admission webhooks and APIServices (label
 * `kubernetes.io/service-name`), whose endpoints' `nodeName` says where each backend runs.
 * @see https://kubernetes.io/docs/concepts/services-networking/endpoint-slices/
 */
export interface KEndpointSlice {
  apiVersion?: string;
  kind?: 'EndpointSlice';
  metadata: KObjectMeta;
  addressType?: string;
  endpoints?: {
    addresses: string[];
    conditions?: { ready?: boolean; serving?: boolean; terminating?: boolean };
    nodeName?: string;
    targetRef?: { kind?: string; name?: string; namespace?: string };
  }[];
  ports?: { name?: string; port?: number; protocol?: string }[];
}

/**
 * One rule of an admission webhook (`rules[]`): which operations on which resources it intercepts.
 * `scope` is `Cluster`, `Namespaced` or `*` (the default).
 * @see https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/#matching-requests-rules
 */
export interface KWebhookRule {
  operations?: string[];
  apiGroups?: string[];
  apiVersions?: string[];
  resources?: string[];
  scope?: string;
}

/**
 * One webhook of a Validating/MutatingWebhookConfiguration (`admissionregistration.k8s.io/v1`).
 * `failurePolicy` defaults to `Fail` in v1; `timeoutSeconds` is in s.
 * @see https://kubernetes.io/docs/reference/access-authn-authz/extensible-admission-controllers/
 */
export interface KWebhook {
  name: string;
  clientConfig?: {
    url?: string;
    service?: { namespace: string; name: string; port?: number; path?: string };
  };
  rules?: KWebhookRule[];
  failurePolicy?: 'Fail' | 'Ignore' | string;
  namespaceSelector?: KLabelSelector;
  objectSelector?: KLabelSelector;
  matchConditions?: { name: string; expression: string }[];
  timeoutSeconds?: number;
}

/** A `ValidatingWebhookConfiguration` or `MutatingWebhookConfiguration` (cluster-scoped). */
export interface KWebhookConfiguration {
  apiVersion?: string;
  kind: 'ValidatingWebhookConfiguration' | 'MutatingWebhookConfiguration';
  metadata: KObjectMeta;
  webhooks?: KWebhook[];
}

/**
 * An `apiregistration.k8s.io/v1` APIService: a group/version the kube-aggregator serves locally
 * (no `spec.service`) or proxies to a Service (an aggregated API such as metrics.k8s.io).
 * `status.conditions[type=Available]` says whether the aggregator reaches it.
 * @see https://kubernetes.io/docs/concepts/extend-kubernetes/api-extension/apiserver-aggregation/
 */
export interface KAPIService {
  apiVersion?: string;
  kind?: 'APIService';
  metadata: KObjectMeta;
  spec?: {
    group?: string;
    version?: string;
    service?: { namespace: string; name: string; port?: number } | null;
    insecureSkipTLSVerify?: boolean;
  };
  status?: { conditions?: KCondition[] };
}

/** A `v1/Namespace`: its labels (webhook namespaceSelectors) and phase (`Terminating`). */
export interface KNamespace {
  apiVersion?: string;
  kind?: 'Namespace';
  metadata: KObjectMeta;
  spec?: { finalizers?: string[] };
  status?: { phase?: string; conditions?: KCondition[] };
}

/**
 * One pod reduced to what cluster-wide checks need (capacity, replica placement), so that a
 * 150,000-pod cluster fits in memory. `cpuMillis` is in millicores, `memoryBytes` in bytes: the
 * sum of container requests (init containers: the max, as the scheduler counts them).
 */
export interface PodSummary {
  namespace: string;
  name: string;
  nodeName: string | null;
  phase: string;
  /** The controlling owner (`controller: true` reference), or null for a bare pod. */
  owner: { kind: string; name: string; uid: string } | null;
  cpuMillis: number;
  memoryBytes: number;
  /**
   * Requests beyond cpu and memory (ephemeral-storage in bytes, `nvidia.com/gpu`, hugepages), as
   * the scheduler sums them; absent when the pod asks for none (the scheduling model's NodeInfo).
   */
  otherRequests?: Record<string, number>;
  /** Host ports the pod binds (`protocol/hostIP/port`); absent when none (NodePorts). */
  hostPorts?: string[];
  /** `spec.priority` when set and not 0 (preemption). */
  priority?: number;
  /**
   * `metadata.labels` when any (PodTopologySpread and InterPodAffinity count pods by them); one
   * frozen object shared by every pod with the same labels (a ReplicaSet's pods share one).
   */
  labels?: Readonly<Record<string, string>>;
  /** Required pod anti-affinity terms, when any (rare; InterPodAffinity's symmetry). */
  podAntiAffinity?: readonly KPodAffinityTerm[];
  /** Whether the pod's Ready condition is True (naming the pods that hold a budget at 0). */
  ready?: boolean;
  /** Why a container waits (`CrashLoopBackOff`, `ImagePullBackOff`), when one does. */
  waitingReason?: string;
  /** `metadata.deletionTimestamp` when the pod is Terminating, else absent. */
  deletionTimestamp?: string;
  /** `metadata.deletionGracePeriodSeconds` (else `spec.terminationGracePeriodSeconds`) of a Terminating pod, in s. */
  graceSeconds?: number;
  /** The PersistentVolumeClaims its volumes name (same namespace), when it has any (VolumeRestrictions). */
  claims?: string[];
}

/** One etcd member as `etcdctl member list -w json` prints it. Ids are uint64: kept as bigint. */
export interface EtcdMember {
  id: bigint;
  name: string;
  peerURLs: string[];
  clientURLs: string[];
  /** Learners do not vote and do not count towards quorum (etcd docs, "learner"). */
  isLearner: boolean;
}

/** One `etcdctl endpoint status` row. Sizes in bytes; indexes are Raft log indexes. */
export interface EtcdEndpointStatus {
  endpoint: string;
  memberId: bigint;
  leader: bigint;
  raftTerm: number;
  raftIndex: number;
  raftAppliedIndex: number;
  dbSize: number;
  dbSizeInUse: number;
  version: string;
  isLearner?: boolean;
  /**
   * What the member's `/health` endpoint answered (live probe only): true healthy, false not
   * (no leader, an alarm, or a timed-out read), absent when not asked or it did not answer.
   */
  health?: boolean;
}

/** Why a live probe could not read one etcd endpoint. */
export type EtcdEndpointErrorKind = 'tls' | 'timeout' | 'refused' | 'unreachable' | 'http' | 'error';

/** One endpoint a live probe could not read. `message` is safe for chat. */
export interface EtcdEndpointError {
  /** The endpoint URL as configured or discovered (`https://10.0.0.11:2379`). */
  endpoint: string;
  kind: EtcdEndpointErrorKind;
  /** What went wrong, e.g. `certificate signed by unknown authority`, `no answer within 2000 ms`. */
  message: string;
}

/** An etcd alarm (`etcdctl alarm list`). */
export interface EtcdAlarm {
  memberId: bigint;
  alarm: 'NOSPACE' | 'CORRUPT' | string;
}

/**
 * What is known of etcd itself: from a snapshot file's `etcd` block ("recorded"), or a live probe
 * ("live"). Absent from a snapshot (`null`) means etcd is not observable (managed
 * clusters, or no probe configured): the checks then infer from etcd mirror pods.
 */
export interface EtcdStatus {
  source: 'recorded' | 'live';
  members: EtcdMember[];
  /** Reachable endpoints only; a member absent here is down or unreachable. */
  endpointStatus: EtcdEndpointStatus[];
  /** What the client said about unreachable endpoints (for logs and findings). */
  errors: string[];
  /** Endpoints a live probe could not read, by kind (live probe only; absent for recorded data). */
  endpointErrors?: EtcdEndpointError[];
  /**
   * Whether any endpoint answered the alarm list (live probe only; the list needs a leader, so it
   * is unread when quorum is lost). false: `alarms` is empty because it is unknown, not clear.
   */
  alarmsRead?: boolean;
  /** Time the live probe took, in ms (live probe only). */
  probeMs?: number;
  alarms: EtcdAlarm[];
  /** Backend quota in bytes, when known (etcd default 2 GiB: etcd docs, "--quota-backend-bytes"). */
  dbSizeQuota?: number;
}

/** A `v1/ConfigMap`, narrowed to its text data. */
export interface KConfigMap {
  apiVersion?: string;
  kind?: 'ConfigMap';
  metadata: KObjectMeta;
  data?: Record<string, string>;
}

/**
 * The `kube-system/kube-proxy` ConfigMap (kubeadm writes kube-proxy's configuration, with its
 * `mode`, into its `config.conf` key), as one `get` read it.
 * `configMap` is null when it does not exist (404: kube-proxy not deployed by kubeadm, or replaced
 * by the CNI) or could not be read; `error` says why it could not be read (403 and the like). It is
 * kept apart from {@link ClusterSnapshot.readErrors} so that a bot without RBAC on ConfigMaps still
 * gets unchanged reboot verdicts: only the answers that need the proxy mode report it.
 */
export interface KubeProxyConfigRead {
  configMap: KConfigMap | null;
  error: ReadError | null;
}

/** What `/readyz?verbose` answered: HTTP status and text; `null` when no apiserver answered. */
export interface ReadyzResult {
  status: number;
  text: string;
}

/** Why a part of the snapshot could not be read. */
export type ReadErrorReason =
  'forbidden' | 'unauthorized' | 'timeout' | 'unreachable' | 'not-found' | 'error';

/**
 * A part of the snapshot that could not be read. `resource` is a plural resource name
 * (`poddisruptionbudgets`, `leases`, `pods`, `readyz`, …). `detail` is for logs only, never for
 * chat (it may carry upstream error bodies).
 */
export interface ReadError {
  resource: string;
  reason: ReadErrorReason;
  /** HTTP status when there was one. */
  status?: number;
  detail: string;
}

/**
 * The objects one analysis reads, read once at one moment.
 *
 * `pods` holds full objects only for the pods that node-level checks examine: every pod on the
 * {@link ClusterSnapshot.focusNode} (when set), every mirror (static) pod, and every kube-system pod
 * not owned by a DaemonSet. `podSummaries` covers every pod in the cluster, compactly.
 */
export interface ClusterSnapshot {
  /** The configured cluster name (e.g. `prod`). */
  cluster: string;
  /** When the snapshot was read (or recorded, for a file analysed offline). */
  capturedAt: Date;
  /** The node the request is about, if any; it decides which pods are kept whole. */
  focusNode: string | null;
  nodes: KNode[];
  pods: KPod[];
  podSummaries: PodSummary[];
  leases: KLease[];
  podDisruptionBudgets: KPodDisruptionBudget[];
  workloads: KWorkload[];
  /** EndpointSlices of `default/kubernetes` (the live apiserver addresses). */
  apiserverEndpointSlices: KEndpointSlice[];
  readyz: ReadyzResult | null;
  etcd: EtcdStatus | null;
  /** Parts that could not be read; each becomes its own finding, never a silent pass. */
  readErrors: ReadError[];
  /** The kube-proxy ConfigMap; absent when the snapshot was built without reading it. */
  kubeProxyConfig?: KubeProxyConfigRead;
  /** Every PersistentVolumeClaim (pinned-volumes); absent when not read. */
  persistentVolumeClaims?: KPersistentVolumeClaim[];
  /** Every PersistentVolume (pinned-volumes); absent when not read. */
  persistentVolumes?: KPersistentVolume[];
  /** Every Service (traffic-policy); absent when not read. */
  services?: KService[];
  /** Every CSIDriver (csi-controller); absent when not read. */
  csiDrivers?: KCsiDriver[];
  /** Every VolumeAttachment (csi-controller); absent when not read. */
  volumeAttachments?: KVolumeAttachment[];
  /** MetalLB's ServiceL2Status objects (network-controllers); absent when not read. */
  serviceL2Statuses?: KServiceL2Status[];
  /**
   * Every ValidatingWebhookConfiguration and MutatingWebhookConfiguration
   * (src/analysis/admission-webhooks.ts); absent when not read.
   */
  webhookConfigurations?: KWebhookConfiguration[];
  /** Every APIService (src/analysis/aggregated-apis.ts); absent when not read. */
  apiServices?: KAPIService[];
  /** Every Namespace (webhook namespaceSelectors, Terminating namespaces); absent when not read. */
  namespaces?: KNamespace[];
  /**
   * The EndpointSlices of the Services that back a webhook or an APIService (where their
   * backends run); absent when not read.
   */
  backendEndpointSlices?: KEndpointSlice[];
  /**
   * Where `capturedAt` came from; absent for a live read (`capturedAt` is then the
   * moment of the read). For a file: its `captured_at`, `--captured-at`, or inferred from the data.
   */
  capturedFrom?:
    'captured_at' | 'given' | 'leases' | 'node-heartbeats' | 'managed-fields' | 'read' | 'unknown';
  /**
   * Parts the snapshot does not hold at all, so nothing about them is known (a kubectl List has
   * no `readyz` and no `etcd`, and may lack `pods`, `leases`, `poddisruptionbudgets`,
   * `workloads`). Unknown is never failing: checks skip them and the answer names them.
   */
  unobserved?: string[];
}
