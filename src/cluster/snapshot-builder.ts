/**
 * The reduction shared by the live reader ({@link readSnapshot}) and the offline
 * {@link snapshotFromFile}: which pods are kept whole, how every pod is summarized, and which
 * objects of each kind go into a {@link ClusterSnapshot}.
 */
import { podClaims, podHostPorts, podRequests } from './pod-requests.js';
import type {
  ClusterSnapshot,
  EtcdStatus,
  KEndpointSlice,
  KLease,
  KNode,
  KPod,
  KPodDisruptionBudget,
  KWorkload,
  PodSummary,
  ReadError,
  ReadyzResult,
  KConfigMap,
  KPersistentVolume,
  KPersistentVolumeClaim,
  KService,
  KAPIService,
  KNamespace,
  KWebhookConfiguration,
  KCsiDriver,
  KServiceL2Status,
  KVolumeAttachment,
} from './types.js';

/** Annotation the kubelet sets on the mirror pod of a static pod. */
export const MIRROR_POD_ANNOTATION = 'kubernetes.io/config.mirror';
/** Namespaces whose Leases the snapshot keeps (leader election, apiserver identity; node heartbeats). */
export const LEASE_NAMESPACES: readonly string[] = ['kube-system', 'kube-node-lease'];
/**
 * The ConfigMap kubeadm writes kube-proxy's configuration into (`config.conf`, with `mode`).
 * @see https://kubernetes.io/docs/reference/config-api/kube-proxy-config.v1alpha1/
 */
export const KUBE_PROXY_CONFIGMAP = { namespace: 'kube-system', name: 'kube-proxy' } as const;
/** Label of the EndpointSlices of the `default/kubernetes` Service (the live apiserver addresses). */
export const APISERVER_SLICE_LABEL = 'kubernetes.io/service-name';
const WORKLOAD_KINDS = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet']);

/**
 * Whether a pod is kept as a full object in {@link ClusterSnapshot.pods}: it runs on the focus
 * node, or is a mirror (static) pod, or is a kube-system pod not owned by a DaemonSet, or is a
 * kube-vip pod of kube-system (one per control-plane node; run by a DaemonSet too, and the VIP
 * check needs every node that runs it, ../analysis/endpoint-checks.ts).
 * @param pod - the pod
 * @param focusNode - the node the request is about, or null
 * @param moreFocusNodes - further nodes whose pods are kept whole (a question about several nodes)
 */
export function keepFullPod(
  pod: KPod,
  focusNode: string | null,
  moreFocusNodes: ReadonlySet<string> = new Set(),
): boolean {
  const node = pod.spec?.nodeName;
  if (node !== undefined && ((focusNode !== null && node === focusNode) || moreFocusNodes.has(node)))
    return true;
  const meta = pod.metadata;
  if (meta.annotations?.[MIRROR_POD_ANNOTATION] !== undefined) return true;
  if (meta.namespace === 'kube-system') {
    if (meta.name.startsWith('kube-vip')) return true;
    return !(meta.ownerReferences ?? []).some((o) => o.kind === 'DaemonSet' && o.controller === true);
  }
  return false;
}

/** Label sets seen, by content: pods of one workload share one object (bounded; cleared when full). */
const labelSets = new Map<string, Readonly<Record<string, string>>>();
const LABEL_SETS_MAX = 50_000;

function sharedLabels(labels: Record<string, string>): Readonly<Record<string, string>> {
  const key = JSON.stringify(Object.entries(labels).sort((a, b) => (a[0] < b[0] ? -1 : 1)));
  let shared = labelSets.get(key);
  if (shared === undefined) {
    if (labelSets.size >= LABEL_SETS_MAX) labelSets.clear();
    shared = Object.freeze({ ...labels });
    labelSets.set(key, shared);
  }
  return shared;
}

/**
 * Reduce a pod to a {@link PodSummary}. Requests follow the scheduler's effective-request rule:
 * the sum over containers (plus restartable "sidecar" init containers), or the largest regular
 * init container if that is larger, plus `spec.overhead`.
 * @see https://kubernetes.io/docs/concepts/workloads/pods/init-containers/#resource-sharing-within-containers
 * @param pod - the pod
 * @returns its summary; cpu in millicores, memory in bytes
 */
export function summarizePod(pod: KPod): PodSummary {
  const requests = podRequests(pod);
  const cpu = requests.get('cpu') ?? 0;
  const mem = requests.get('memory') ?? 0;
  requests.delete('cpu');
  requests.delete('memory');
  for (const [k, v] of requests) if (v === 0) requests.delete(k);
  const hostPorts = podHostPorts(pod);
  const owner = (pod.metadata.ownerReferences ?? []).find((o) => o.controller === true);
  const waitingReason = (pod.status?.containerStatuses ?? [])
    .map((c) => c.state?.waiting?.reason)
    .find((r) => r !== undefined && r !== '');
  const summary: PodSummary = {
    namespace: pod.metadata.namespace ?? '',
    name: pod.metadata.name,
    nodeName: pod.spec?.nodeName ?? null,
    phase: pod.status?.phase ?? 'Unknown',
    owner: owner ? { kind: owner.kind, name: owner.name, uid: owner.uid } : null,
    cpuMillis: cpu,
    memoryBytes: mem,
    ready: (pod.status?.conditions ?? []).some((c) => c.type === 'Ready' && c.status === 'True'),
    ...(waitingReason !== undefined ? { waitingReason: waitingReason.slice(0, 64) } : {}),
  };
  // Rare (GPUs, hostPorts, priority classes): kept only when present, so 150,000 summaries stay small.
  if (requests.size > 0) summary.otherRequests = Object.fromEntries(requests);
  if (hostPorts.length > 0)
    summary.hostPorts = hostPorts.map((h) => `${h.protocol}/${h.hostIP}/${String(h.port)}`);
  if (pod.spec?.priority !== undefined && pod.spec.priority !== 0) summary.priority = pod.spec.priority;
  const claims = podClaims(pod);
  if (claims.length > 0) summary.claims = claims;
  if (pod.metadata.labels && Object.keys(pod.metadata.labels).length > 0)
    summary.labels = sharedLabels(pod.metadata.labels);
  const anti = pod.spec?.affinity?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution;
  if (anti && anti.length > 0) summary.podAntiAffinity = anti;
  // Terminating pods (the daily report): few, so the two fields cost nothing.
  if (pod.metadata.deletionTimestamp !== undefined) {
    summary.deletionTimestamp = pod.metadata.deletionTimestamp;
    const grace = pod.metadata.deletionGracePeriodSeconds ?? pod.spec?.terminationGracePeriodSeconds;
    if (grace !== undefined) summary.graceSeconds = grace;
  }
  return summary;
}

/**
 * `/readyz?verbose` text as a {@link ReadyzResult}: status 500 when any check line starts with
 * `[-]` (what kube-apiserver answers when a check fails), else 200.
 * @param text - the verbose readyz text
 */
export function readyzFromText(text: string): ReadyzResult {
  return { status: /^\[-\]/m.test(text) ? 500 : 200, text };
}

/**
 * Collects objects of any kind into the buckets of a {@link ClusterSnapshot}, applying the same
 * filters as the live reader. Pods are summarized on the fly; only pods that {@link keepFullPod}
 * selects are kept whole.
 */
export class SnapshotBuilder {
  readonly nodes: KNode[] = [];
  readonly pods: KPod[] = [];
  readonly podSummaries: PodSummary[] = [];
  readonly leases: KLease[] = [];
  readonly podDisruptionBudgets: KPodDisruptionBudget[] = [];
  readonly workloads: KWorkload[] = [];
  readonly apiserverEndpointSlices: KEndpointSlice[] = [];
  readonly readErrors: ReadError[] = [];
  /** PersistentVolumeClaims, PersistentVolumes and Services. */
  readonly persistentVolumeClaims: KPersistentVolumeClaim[] = [];
  readonly persistentVolumes: KPersistentVolume[] = [];
  readonly services: KService[] = [];
  /** Validating and Mutating webhook configurations, APIServices and Namespaces. */
  readonly webhookConfigurations: KWebhookConfiguration[] = [];
  readonly apiServices: KAPIService[] = [];
  readonly namespaces: KNamespace[] = [];
  /** EndpointSlices of other Services; {@link finish} keeps those of webhook and APIService backends. */
  private readonly serviceSlices: KEndpointSlice[] = [];
  /** CSIDrivers, VolumeAttachments and MetalLB ServiceL2Statuses (kept only when {@link optionalRead} has the kind). */
  readonly csiDrivers: KCsiDriver[] = [];
  readonly volumeAttachments: KVolumeAttachment[] = [];
  readonly serviceL2Statuses: KServiceL2Status[] = [];
  /**
   * Kinds of the optional reads that were read (a list that completed, or a file holding some):
   * the snapshot carries them; a kind not read stays absent there (unknown, never "none").
   */
  readonly optionalRead = new Set<'CSIDriver' | 'VolumeAttachment' | 'ServiceL2Status'>();
  /** The `kube-system/kube-proxy` ConfigMap when seen. */
  kubeProxyConfigMap: KConfigMap | null = null;
  /** Why the kube-proxy ConfigMap could not be read, when it could not. */
  kubeProxyConfigError: ReadError | null = null;
  private readonly seenFullPods = new Set<string>();

  private readonly moreFocus: ReadonlySet<string>;

  /**
   * @param focusNode - the node whose pods are kept whole, or null
   * @param moreFocusNodes - further nodes whose pods are kept whole (several nodes in one question)
   * @param keepEveryPod - keep every pod whole, whatever {@link keepFullPod} says (`k8s-ha-bot
   *   snapshot`: the file must answer a question about any node)
   */
  constructor(
    readonly focusNode: string | null,
    moreFocusNodes: readonly string[] = [],
    readonly keepEveryPod = false,
  ) {
    this.moreFocus = new Set(moreFocusNodes);
  }

  /** Add one pod: always summarized, kept whole when {@link keepFullPod} (or `keepEveryPod`) says so. */
  addPod(pod: KPod): void {
    this.podSummaries.push(summarizePod(pod));
    if (this.keepEveryPod || keepFullPod(pod, this.focusNode, this.moreFocus)) this.keepPod(pod);
  }

  /** Keep a pod whole without summarizing it (e.g. from a second, field-selected read); deduplicated. */
  keepPod(pod: KPod): void {
    const key = `${pod.metadata.namespace ?? ''}/${pod.metadata.name}`;
    if (this.seenFullPods.has(key)) return;
    this.seenFullPods.add(key);
    this.pods.push(pod);
  }

  /** Add any object; kinds the snapshot does not use are ignored. */
  add(item: {
    kind?: string;
    metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  }): void {
    switch (item.kind) {
      case 'Node':
        this.nodes.push(item as KNode);
        break;
      case 'Pod':
        this.addPod(item as KPod);
        break;
      case 'Lease':
        if (LEASE_NAMESPACES.includes(item.metadata.namespace ?? '')) this.leases.push(item as KLease);
        break;
      case 'PodDisruptionBudget':
        this.podDisruptionBudgets.push(item as KPodDisruptionBudget);
        break;
      case 'EndpointSlice':
        if (
          item.metadata.namespace === 'default' &&
          item.metadata.labels?.[APISERVER_SLICE_LABEL] === 'kubernetes'
        ) {
          this.apiserverEndpointSlices.push(item as KEndpointSlice);
        } else this.serviceSlices.push(item as KEndpointSlice);
        break;
      case 'ValidatingWebhookConfiguration':
      case 'MutatingWebhookConfiguration':
        this.webhookConfigurations.push(item as KWebhookConfiguration);
        break;
      case 'APIService':
        this.apiServices.push(item as KAPIService);
        break;
      case 'Namespace':
        this.namespaces.push(item as KNamespace);
        break;
      case 'PersistentVolumeClaim':
        this.persistentVolumeClaims.push(item as KPersistentVolumeClaim);
        break;
      case 'PersistentVolume':
        this.persistentVolumes.push(item as KPersistentVolume);
        break;
      case 'Service':
        this.services.push(item as KService);
        break;
      case 'CSIDriver':
        this.csiDrivers.push(item as KCsiDriver);
        this.optionalRead.add('CSIDriver');
        break;
      case 'VolumeAttachment':
        this.volumeAttachments.push(item as KVolumeAttachment);
        this.optionalRead.add('VolumeAttachment');
        break;
      case 'ServiceL2Status':
        this.serviceL2Statuses.push(item as KServiceL2Status);
        this.optionalRead.add('ServiceL2Status');
        break;
      case 'ConfigMap':
        if (
          item.metadata.namespace === KUBE_PROXY_CONFIGMAP.namespace &&
          item.metadata.name === KUBE_PROXY_CONFIGMAP.name
        ) {
          this.kubeProxyConfigMap = item as KConfigMap;
        }
        break;
      default:
        if (item.kind !== undefined && WORKLOAD_KINDS.has(item.kind)) this.workloads.push(item as KWorkload);
    }
  }

  /**
   * Assemble the snapshot.
   * @param parts - cluster name, capture time, readyz and etcd
   */
  finish(parts: {
    cluster: string;
    capturedAt: Date;
    readyz: ReadyzResult | null;
    etcd: EtcdStatus | null;
  }): ClusterSnapshot {
    return {
      cluster: parts.cluster,
      capturedAt: parts.capturedAt,
      focusNode: this.focusNode,
      nodes: this.nodes,
      pods: this.pods,
      podSummaries: this.podSummaries,
      leases: this.leases,
      podDisruptionBudgets: this.podDisruptionBudgets,
      workloads: this.workloads,
      apiserverEndpointSlices: this.apiserverEndpointSlices,
      readyz: parts.readyz,
      etcd: parts.etcd,
      readErrors: this.readErrors,
      kubeProxyConfig: { configMap: this.kubeProxyConfigMap, error: this.kubeProxyConfigError },
      persistentVolumeClaims: this.persistentVolumeClaims,
      persistentVolumes: this.persistentVolumes,
      services: this.services,
      webhookConfigurations: this.webhookConfigurations,
      apiServices: this.apiServices,
      namespaces: this.namespaces,
      backendEndpointSlices: this.backendSlices(),
      ...(this.optionalRead.has('CSIDriver') ? { csiDrivers: this.csiDrivers } : {}),
      ...(this.optionalRead.has('VolumeAttachment') ? { volumeAttachments: this.volumeAttachments } : {}),
      ...(this.optionalRead.has('ServiceL2Status') ? { serviceL2Statuses: this.serviceL2Statuses } : {}),
    };
  }

  /** The slices of the Services a webhook or an APIService calls (the others are not kept). */
  private backendSlices(): KEndpointSlice[] {
    const wanted = new Set<string>();
    for (const c of this.webhookConfigurations)
      for (const w of c.webhooks ?? []) {
        const svc = w.clientConfig?.service;
        if (svc) wanted.add(`${svc.namespace}/${svc.name}`);
      }
    for (const a of this.apiServices) {
      const svc = a.spec?.service;
      if (svc) wanted.add(`${svc.namespace}/${svc.name}`);
    }
    return this.serviceSlices.filter((e) =>
      wanted.has(`${e.metadata.namespace ?? ''}/${e.metadata.labels?.[APISERVER_SLICE_LABEL] ?? ''}`),
    );
  }
}
