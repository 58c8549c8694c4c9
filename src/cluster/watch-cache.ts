/**
 * A per-cluster cache filled by list + watch, so that a worker answers from memory
 * instead of re-reading the whole cluster for every question.
 *
 * Each resource the snapshot needs (nodes, pods, the Leases of kube-system and kube-node-lease,
 * PDBs, the four workload kinds, PVCs, PVs, Services, the `default/kubernetes` EndpointSlices) has a reflector: a
 * paginated list, then a watch from the list's resourceVersion (`allowWatchBookmarks=true`,
 * resumed from the last seen resourceVersion when the stream ends, a fresh list after `410 Gone`),
 * as client-go's reflector does. client-node's `ListWatch` is not used because it keeps every
 * object as received and lists in one unpaginated request: at 150,000 pods that is gigabytes; here
 * objects are reduced on arrival ({@link slimObject}) and frozen, and a pod is kept as its
 * {@link PodSummary} only (whole only for the pods every answer reads whole: mirror pods and
 * kube-system pods not run by a DaemonSet, {@link keepFullPod}).
 *
 * `/readyz?verbose` and the kube-proxy ConfigMap cannot be watched usefully (the first is not an
 * object; the second is readable by name only), and the pods of the node asked about are needed
 * whole: {@link ClusterWatchCache.snapshot} reads these fresh, three small GETs (the last with
 * `fieldSelector=spec.nodeName=…`, as `kubectl drain` lists a node's pods). Keeping 150,000 pods
 * whole as reduced JSON took about 380 MB at 5,000 nodes; their summaries take a fraction of it.
 *
 * The reflectors also keep the lookups the analysis would otherwise rebuild for every answer (pod
 * summaries by owner, workloads by uid, ReplicaSets by controller, PDBs by namespace, what each
 * node's pods request: {@link CacheIndexes}), changed per event and rebuilt on a relist, versioned
 * so that a snapshot keeps the ones it was given.
 *
 * The cache is "in sync" when every reflector has listed and its watch is connected. A snapshot is
 * only given then; otherwise the caller reads fresh ({@link readSnapshot}).
 *
 * Against a failing or hostile API server (issue 33): every watch event is checked before it
 * touches the cache ({@link parseWatchEvent}; a refused one is logged bounded and the resource
 * relisted), nothing thrown while reading a stream leaves its handler, every failed list or watch
 * waits as client-go's reflector does ({@link Backoff}), and the cache of a cluster holds at most
 * `maxObjects` objects and `maxBytes` of received JSON (past either it stops, says so once with
 * the figures and when it will retry, and lists afresh after a cool-down, {@link
 * WatchCacheOptions.boundCooldown}; the caches of other clusters are separate objects) and reads
 * lines of at most `maxLineBytes`.
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
 */
import type { ClientRequest, IncomingMessage } from 'node:http';
import { setImmediate as yieldEventLoop } from 'node:timers/promises';
import type { KubeConfig } from '@kubernetes/client-node';
import { upstreamBodySummary } from '../util/redaction.js';
import type { Logger } from '../util/logger.js';
import { silentLogger } from '../util/logger.js';
import {
  CacheIndexes,
  registerPrebuiltIndexes,
  summaryOwnerKeys,
  usageWithFocusPods,
  withFocusPods,
} from './cache-indexes.js';
import { CLUSTER_READ_CONNECTION_ERRORS, kubeConnection } from './kube-connection.js';
import type { KubeConnection } from './kube-connection.js';
import {
  KUBE_PROXY_CONFIGMAP,
  LEASE_NAMESPACES,
  MIRROR_POD_ANNOTATION,
  SnapshotBuilder,
  keepFullPod,
  summarizePod,
} from './snapshot-builder.js';
import type { ClusterSnapshot, EtcdStatus, KPod, PodSummary, ReadError, ReadyzResult } from './types.js';

/** Annotations the checks read; every other annotation is dropped on arrival. */
const KEPT_ANNOTATIONS = new Set([
  MIRROR_POD_ANNOTATION,
  'weave.works/kured-node-lock',
  // kured is rebooting (or about to reboot) the node; a pod its owner marked not safe to evict (issue 16)
  'weave.works/kured-reboot-in-progress',
  'cluster-autoscaler.kubernetes.io/safe-to-evict',
  'kubeadm.kubernetes.io/etcd.advertise-client-urls',
  // pinned-volumes names the provisioner of a PersistentVolume (local-path, openebs-hostpath…)
  'pv.kubernetes.io/provisioned-by',
  'volume.kubernetes.io/storage-provisioner',
  'volume.beta.kubernetes.io/storage-provisioner',
]);
/** Container fields the checks read (requests, sidecar restart policy); the rest (env, probes, mounts…) is dropped. */
const KEPT_CONTAINER_FIELDS = ['name', 'image', 'resources', 'ports', 'restartPolicy'] as const;

type Obj = {
  kind?: string;
  apiVersion?: string;
  metadata: Record<string, unknown> & {
    name: string;
    namespace?: string;
    resourceVersion?: string;
    annotations?: Record<string, string>;
  };
  [k: string]: unknown;
};

/** Whether a managedFields entry owns `spec.unschedulable` (who cordoned a node). */
function ownsUnschedulable(entry: unknown): entry is Record<string, unknown> {
  if (typeof entry !== 'object' || entry === null) return false;
  const spec = (entry as { fieldsV1?: Record<string, unknown> }).fieldsV1?.['f:spec'];
  return typeof spec === 'object' && spec !== null && 'f:unschedulable' in spec;
}

/**
 * Reduce an object on arrival to the fields the checks use: no `managedFields` (a node keeps only
 * the entry that owns `spec.unschedulable`, reduced to its manager and time: who cordoned it,
 * issue 16), only the annotations in {@link KEPT_ANNOTATIONS}, containers without
 * env/probes/mounts, nodes without their image list.
 * @param obj - the object as received (changed in place)
 * @returns the same object
 */
export function slimObject<T extends Obj>(obj: T): T {
  const meta = obj.metadata;
  const cordonOwners =
    obj.kind === 'Node' && Array.isArray(meta.managedFields)
      ? (meta.managedFields as unknown[]).filter(ownsUnschedulable).map((e) => ({
          ...(typeof e.manager === 'string' ? { manager: e.manager } : {}),
          ...(typeof e.operation === 'string' ? { operation: e.operation } : {}),
          ...(typeof e.time === 'string' ? { time: e.time } : {}),
          fieldsV1: { 'f:spec': { 'f:unschedulable': {} } },
        }))
      : [];
  delete meta.managedFields;
  if (cordonOwners.length > 0) meta.managedFields = cordonOwners;
  if (meta.annotations) {
    const kept: Record<string, string> = {};
    for (const [k, v] of Object.entries(meta.annotations)) if (KEPT_ANNOTATIONS.has(k)) kept[k] = v;
    if (Object.keys(kept).length > 0) meta.annotations = kept;
    else delete meta.annotations;
  }
  const spec = obj.spec as Record<string, unknown> | undefined;
  if (obj.kind === 'Pod' && spec) {
    for (const list of ['containers', 'initContainers'] as const) {
      const cs = spec[list] as Record<string, unknown>[] | undefined;
      if (cs)
        spec[list] = cs.map((c) =>
          Object.fromEntries(KEPT_CONTAINER_FIELDS.filter((f) => c[f] !== undefined).map((f) => [f, c[f]])),
        );
    }
    delete spec.ephemeralContainers;
    const status = obj.status as Record<string, unknown> | undefined;
    if (status) {
      // Only what the checks read of a container's status: its name, readiness and why it waits
      // (a sibling pod in CrashLoopBackOff is named by the budget checks).
      const cs = status.containerStatuses as
        { name?: string; ready?: boolean; state?: { waiting?: { reason?: string } } }[] | undefined;
      if (cs) {
        status.containerStatuses = cs.map((c) => ({
          ...(c.name !== undefined ? { name: c.name } : {}),
          ...(c.ready !== undefined ? { ready: c.ready } : {}),
          ...(c.state?.waiting?.reason ? { state: { waiting: { reason: c.state.waiting.reason } } } : {}),
        }));
      }
      delete status.initContainerStatuses;
      delete status.ephemeralContainerStatuses;
    }
  }
  if (obj.kind === 'Node') {
    const status = obj.status as Record<string, unknown> | undefined;
    if (status) {
      delete status.images;
      delete status.volumesInUse;
      delete status.volumesAttached;
    }
  }
  if (spec && obj.kind !== 'Pod' && obj.kind !== 'Node') delete spec.template; // workloads: the pod template is not read
  return obj;
}

/** One cached pod: its summary, and the reduced, frozen pod when every answer reads it whole. */
interface CachedPod {
  summary: PodSummary;
  /** The pod when {@link keepFullPod} without a focus node says so (mirror pods, non-DaemonSet kube-system pods). */
  whole: KPod | null;
}

interface ReflectorDef {
  plural: string;
  kind: string;
  apiVersion: string;
  path: string;
  query?: Record<string, string>;
}

const REFLECTORS: readonly ReflectorDef[] = [
  { plural: 'nodes', kind: 'Node', apiVersion: 'v1', path: '/api/v1/nodes' },
  { plural: 'pods', kind: 'Pod', apiVersion: 'v1', path: '/api/v1/pods' },
  ...LEASE_NAMESPACES.map((ns) => ({
    plural: 'leases',
    kind: 'Lease',
    apiVersion: 'coordination.k8s.io/v1',
    path: `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases`,
  })),
  {
    plural: 'poddisruptionbudgets',
    kind: 'PodDisruptionBudget',
    apiVersion: 'policy/v1',
    path: '/apis/policy/v1/poddisruptionbudgets',
  },
  { plural: 'deployments', kind: 'Deployment', apiVersion: 'apps/v1', path: '/apis/apps/v1/deployments' },
  { plural: 'replicasets', kind: 'ReplicaSet', apiVersion: 'apps/v1', path: '/apis/apps/v1/replicasets' },
  { plural: 'statefulsets', kind: 'StatefulSet', apiVersion: 'apps/v1', path: '/apis/apps/v1/statefulsets' },
  { plural: 'daemonsets', kind: 'DaemonSet', apiVersion: 'apps/v1', path: '/apis/apps/v1/daemonsets' },
  // pinned-volumes and traffic-policy (a pod's claim, its volume's node affinity, Services with
  // externalTrafficPolicy: Local): the same reads as the fresh reader.
  {
    plural: 'persistentvolumeclaims',
    kind: 'PersistentVolumeClaim',
    apiVersion: 'v1',
    path: '/api/v1/persistentvolumeclaims',
  },
  {
    plural: 'persistentvolumes',
    kind: 'PersistentVolume',
    apiVersion: 'v1',
    path: '/api/v1/persistentvolumes',
  },
  { plural: 'services', kind: 'Service', apiVersion: 'v1', path: '/api/v1/services' },
  // every EndpointSlice (default/kubernetes's, and where webhook and APIService backends run),
  // the webhook configurations, APIServices and Namespaces: the same reads as the fresh reader
  {
    plural: 'endpointslices',
    kind: 'EndpointSlice',
    apiVersion: 'discovery.k8s.io/v1',
    path: '/apis/discovery.k8s.io/v1/endpointslices',
  },
  ...(['ValidatingWebhookConfiguration', 'MutatingWebhookConfiguration'] as const).map((kind) => ({
    plural: `${kind.toLowerCase()}s`,
    kind,
    apiVersion: 'admissionregistration.k8s.io/v1',
    path: `/apis/admissionregistration.k8s.io/v1/${kind.toLowerCase()}s`,
  })),
  {
    plural: 'apiservices',
    kind: 'APIService',
    apiVersion: 'apiregistration.k8s.io/v1',
    path: '/apis/apiregistration.k8s.io/v1/apiservices',
  },
  { plural: 'namespaces', kind: 'Namespace', apiVersion: 'v1', path: '/api/v1/namespaces' },
];

/**
 * Lists read fresh for each answer, not watched (issue 29): CSI drivers and attachments, MetalLB's
 * layer 2 status. A kind not served or not allowed stays unknown (absent from the snapshot).
 */
const OPTIONAL_LISTS: readonly {
  kind: 'CSIDriver' | 'VolumeAttachment' | 'ServiceL2Status';
  path: string;
}[] = [
  { kind: 'CSIDriver', path: '/apis/storage.k8s.io/v1/csidrivers' },
  { kind: 'VolumeAttachment', path: '/apis/storage.k8s.io/v1/volumeattachments' },
  { kind: 'ServiceL2Status', path: '/apis/metallb.io/v1beta1/servicel2statuses' },
];

/** What the cache has done, for tests, logs and the benchmark. */
export interface WatchCacheStats {
  /** List requests (pages) made. */
  listPages: number;
  /** Full lists after the first (410 Gone, or a watch that could not resume). */
  relists: number;
  /** Watch requests made. */
  watches: number;
  /** Watch events received (bookmarks included). */
  events: number;
  /** Failed lists and watches (each followed by a backoff wait). */
  failures: number;
}

/** Where a cached snapshot came from and how fresh it is. */
export interface CacheFreshness {
  /** Time of the last watch event (or list) any reflector received. */
  lastEventAt: Date;
}

const MIB = 1024 * 1024;

/**
 * Default bounds of one cluster's cache (`maxObjects`, `maxBytes`, `maxLineBytes` of
 * {@link WatchCacheOptions}): room for a 5,000-node / 150,000-pod cluster (about 170,000 objects,
 * 190 MB of heap) with margin, sized for deploy/'s 400 MB heap: at 500,000 objects of 3.6 KB the
 * hostile review's flood peaked at 491 MB RSS, next to the issue 33 ceiling (heap + 100 MB).
 */
export const DEFAULT_WATCH_CACHE_BOUNDS = {
  maxObjects: 300_000,
  maxBytes: 1024 * MIB,
  maxLineBytes: 4 * MIB,
} as const;

/** Options of {@link ClusterWatchCache}. */
export interface WatchCacheOptions {
  kubeConfig: KubeConfig;
  /** The configured cluster name. */
  cluster: string;
  logger?: Logger;
  /** `limit` of list pages. @defaultValue 500 */
  pageSize?: number;
  /** `timeoutSeconds` of each watch request (the watch is then resumed). @defaultValue 300 */
  watchTimeoutS?: number;
  /** Timeout of one list page or GET, in ms. @defaultValue 30000 */
  requestTimeoutMs?: number;
  /** Backoff of relists and re-watches after a failure: see {@link WatchBackoffOptions}. */
  backoff?: WatchBackoffOptions;
  /**
   * Most objects held, over every resource of the cluster; past it the cache stops (answers read
   * fresh), says so once and starts again from a fresh list after `boundCooldown`. A 5,000-node /
   * 150,000-pod cluster holds about 170,000.
   * @defaultValue 300000
   */
  maxObjects?: number;
  /**
   * Most bytes of received JSON (watch event lines; a list page's bytes shared among its items)
   * behind the objects held, over every resource; past it the cache stops as for `maxObjects`.
   * What is kept is reduced on arrival ({@link slimObject}) to a fraction of this.
   * @defaultValue 1 GiB
   */
  maxBytes?: number;
  /**
   * Longest watch event line, in bytes: a longer one (or one that never ends) closes the watch as a
   * failure (backoff). Each of the 17 watches may hold one line this long. No object is larger than
   * a request body kube-apiserver accepts (3 MiB, `maxRequestBodyBytes`) nor than etcd stores
   * (1.5 MiB, `--max-request-bytes`).
   * @see https://github.com/kubernetes/kubernetes/blob/master/staging/src/k8s.io/apiserver/pkg/server/config.go
   * @defaultValue 4 MiB
   */
  maxLineBytes?: number;
  /** Largest list page or GET body, in bytes: a larger one fails the request. @defaultValue 32 MiB */
  maxResponseBytes?: number;
  /**
   * Wait after the cache went past `maxObjects` or `maxBytes` before it lists again (on
   * `timers`), as a {@link Backoff}: 10 minutes, doubled on each further trip up to an hour, up to
   * 10 % jitter, back to 10 minutes after 2 hours without a trip. One hostile burst thus turns the
   * cache off for a while, not until the process restarts.
   * @defaultValue `{ initialMs: 600000, capMs: 3600000, factor: 2, jitter: 0.1, resetMs: 7200000 }`
   */
  boundCooldown?: WatchBackoffOptions;
  /** Clock of the answers (`capturedAt`, freshness). @defaultValue real time */
  now?: () => Date;
  /** Clock and timer of the backoff (tests). @defaultValue real time and `setTimeout` */
  timers?: WatchCacheTimers;
}

/**
 * Backoff of a reflector's relists and re-watches after a failure (a list or watch answered
 * 401/403/410/5xx or not at all, an ERROR event, a bad event, a watch that ends within
 * {@link SHORT_WATCH_MS} of its start, a line over `maxLineBytes`): the wait starts at `initialMs`,
 * is multiplied by `factor` after each failure up to `capMs`, and each wait is lengthened by a
 * random fraction (up to `jitter`) of itself; it starts over from `initialMs` when no failure came
 * for `resetMs`. The defaults are client-go's reflector's
 * (`wait.NewExponentialBackoffManager(800*time.Millisecond, 30*time.Second, 2*time.Minute, 2.0,
 * 1.0, clock)`: waits settle in [30 s, 60 s), "0.22 QPS" in its comment).
 * @see https://github.com/kubernetes/client-go/blob/master/tools/cache/reflector.go
 * @see https://github.com/kubernetes/apimachinery/blob/master/pkg/util/wait/backoff.go
 */
export interface WatchBackoffOptions {
  /** First wait, in ms. @defaultValue 800 */
  initialMs?: number;
  /** Longest wait before jitter, in ms. @defaultValue 30000 */
  capMs?: number;
  /** Growth per failure. @defaultValue 2 */
  factor?: number;
  /** Largest random lengthening, as a fraction of the wait. @defaultValue 1 */
  jitter?: number;
  /** No failure for this long, in ms: the next wait is `initialMs` again. @defaultValue 120000 */
  resetMs?: number;
}

/** Clock and timer of the backoff. */
export interface WatchCacheTimers {
  /** Monotonic time, in ms. */
  now(): number;
  /** Resolve after `ms` ms (must not keep the process alive). */
  sleep(ms: number): Promise<void>;
  /** A number in [0, 1) for the jitter. @defaultValue Math.random */
  random?: () => number;
}

/**
 * A watch that ends within this many ms of its start counts as a failure (client-go's reflector:
 * "very short watch … lasted less than a second and no items received"; here also with items,
 * so that a server that answers each watch with one event and its end is backed off too).
 */
export const SHORT_WATCH_MS = 1000;

const REAL_TIMERS: WatchCacheTimers = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((r) => setTimeout(r, ms).unref()), // a closed cache holds nothing up
};

/** Exponential backoff with jitter and reset, as client-go's `ExponentialBackoffManager`. */
export class Backoff {
  private readonly o: Required<WatchBackoffOptions>;
  private delayMs: number;
  private lastAt = Number.NEGATIVE_INFINITY;

  /**
   * @param options - see {@link WatchBackoffOptions}
   * @param now - monotonic time, in ms
   * @param random - a number in [0, 1)
   */
  constructor(
    options: WatchBackoffOptions,
    private readonly now: () => number,
    private readonly random: () => number = Math.random,
  ) {
    this.o = { initialMs: 800, capMs: 30_000, factor: 2, jitter: 1, resetMs: 120_000, ...options };
    this.delayMs = this.o.initialMs;
  }

  /** The next wait, in ms (call once per failure). */
  next(): number {
    const t = this.now();
    if (t - this.lastAt > this.o.resetMs) this.delayMs = this.o.initialMs;
    this.lastAt = t;
    const base = this.delayMs;
    this.delayMs = Math.min(base * this.o.factor, this.o.capMs);
    return base + this.random() * this.o.jitter * base;
  }
}

/** A watch event that passed {@link parseWatchEvent}. */
export type WatchEvent =
  | { type: 'ADDED' | 'MODIFIED' | 'DELETED'; object: Obj }
  | { type: 'BOOKMARK'; object: { metadata: { resourceVersion: string } } }
  | { type: 'ERROR'; object: { code?: unknown } };

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Check one watch line before it touches the cache: JSON; `type` one of ADDED, MODIFIED, DELETED,
 * BOOKMARK, ERROR; `object` a JSON object; for the first three `metadata.name` a non-empty string,
 * `metadata.namespace` absent or a string, `metadata.resourceVersion` a non-empty string; for a
 * BOOKMARK `metadata.resourceVersion` a non-empty string (an ERROR's object is a Status).
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
 * @param line - one line of the watch body
 * @returns the event, or why it is refused
 */
export function parseWatchEvent(line: string): WatchEvent | { refused: string } {
  let event: unknown;
  try {
    event = JSON.parse(line);
  } catch {
    return { refused: 'not JSON' };
  }
  if (!isRecord(event)) return { refused: 'not a JSON object' };
  const { type, object } = event;
  if (!['ADDED', 'MODIFIED', 'DELETED', 'BOOKMARK', 'ERROR'].includes(type as string))
    return { refused: 'unknown type' };
  if (!isRecord(object)) return { refused: 'object is not a JSON object' };
  if (type === 'ERROR') return event as WatchEvent;
  const meta = object.metadata;
  if (!isRecord(meta)) return { refused: 'no metadata' };
  if (typeof meta.resourceVersion !== 'string' || meta.resourceVersion === '')
    return { refused: 'no metadata.resourceVersion' };
  if (type === 'BOOKMARK') return event as WatchEvent;
  if (typeof meta.name !== 'string' || meta.name === '') return { refused: 'no metadata.name' };
  if (meta.namespace !== undefined && typeof meta.namespace !== 'string')
    return { refused: 'metadata.namespace is not a string' };
  return event as WatchEvent;
}

class HttpFailure extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

/** One resource's list + watch loop. */
class Reflector {
  /** Non-pod objects by `namespace/name`. */
  readonly objects = new Map<string, Obj>();
  /** Pods by `namespace/name`. */
  readonly pods = new Map<string, CachedPod>();
  /** Bytes of received JSON behind each object held, by `namespace/name` (the cache's byte bound). */
  private readonly sizes = new Map<string, number>();
  rv = '';
  listed = false;
  connected = false;
  private request: ClientRequest | null = null;
  private stopped = false;
  /** Failures since the last watch that delivered a valid event. */
  private failures = 0;
  private readonly backoff: Backoff;

  constructor(
    readonly def: ReflectorDef,
    private readonly cache: ClusterWatchCache,
  ) {
    this.backoff = new Backoff(cache.backoffOptions, cache.timers.now, cache.timers.random);
  }

  get synced(): boolean {
    return this.listed && this.connected && this.rv !== '';
  }

  /** List and watch until stopped; every failure (nothing here throws) waits {@link Backoff.next}. */
  async run(): Promise<void> {
    while (!this.stopped) {
      try {
        if (this.rv === '') await this.list();
        const startedAt = this.cache.timers.now();
        const outcome = await this.watchOnce();
        if (outcome === 'ended' && this.cache.timers.now() - startedAt >= SHORT_WATCH_MS) continue;
        throw new HttpFailure(
          outcome === 'expired'
            ? `watch ${this.def.path}: resourceVersion too old (410): relisting`
            : `watch ${this.def.path}: ended within ${SHORT_WATCH_MS} ms of its start`,
          outcome === 'expired' ? 410 : undefined,
        );
      } catch (err) {
        this.connected = false;
        if (this.stopped) return;
        const f = err instanceof HttpFailure ? err : new HttpFailure(`watch cache: ${String(err)}`);
        if (f.status === 410 && this.rv !== '') {
          this.rv = '';
          this.cache.stats.relists++;
        }
        this.failures++;
        this.cache.stats.failures++;
        const waitMs = Math.round(this.backoff.next());
        // one warning per run of failures (a broken cluster wrote 28,934 in 44 minutes: issue 33)
        this.cache.log[this.failures === 1 ? 'warn' : 'debug'](
          {
            cluster: this.cache.cluster,
            resource: this.def.path,
            status: f.status,
            detail: f.message,
            failures: this.failures,
            retryInMs: waitMs,
          },
          'watch cache: list or watch failed; answers read fresh until it recovers',
        );
        await this.cache.timers.sleep(waitMs);
      }
    }
  }

  stop(): void {
    this.stopped = true;
    this.request?.destroy();
    this.cache.account(-this.sizes.size, -sum(this.sizes.values()));
    this.objects.clear();
    this.pods.clear();
    this.sizes.clear();
  }

  private async list(): Promise<void> {
    this.listed = false;
    const objects = new Map<string, Obj>();
    const pods = new Map<string, CachedPod>();
    const sizes = new Map<string, number>();
    let cont = '';
    let rv = '';
    try {
      do {
        const params = new URLSearchParams({ ...this.def.query, limit: String(this.cache.pageSize) });
        if (cont) params.set('continue', cont);
        const { status, body } = await this.cache.get(`${this.def.path}?${params.toString()}`);
        this.cache.stats.listPages++;
        if (this.stopped) throw new HttpFailure('stopped');
        if (status !== 200)
          throw new HttpFailure(`GET ${this.def.path}: HTTP ${status}: ${upstreamBodySummary(body)}`, status);
        const page = JSON.parse(body) as {
          items?: unknown;
          metadata?: { continue?: unknown; resourceVersion?: unknown };
        };
        const items = Array.isArray(page.items) ? (page.items as unknown[]) : [];
        const itemBytes = Math.ceil(body.length / Math.max(1, items.length));
        for (const raw of items) {
          if (!isRecord(raw) || !isRecord(raw.metadata) || typeof raw.metadata.name !== 'string')
            throw new HttpFailure(`GET ${this.def.path}: an item without metadata.name`);
          const item = raw as Obj;
          item.kind = this.def.kind;
          item.apiVersion = this.def.apiVersion;
          const key = `${item.metadata.namespace ?? ''}/${item.metadata.name}`;
          if (this.def.kind === 'Pod') pods.set(key, cachedPod(item));
          else objects.set(key, deepFreeze(slimObject(item)));
          if (!sizes.has(key)) this.cache.account(1, itemBytes);
          sizes.set(key, itemBytes);
          if (this.stopped) throw new HttpFailure('stopped'); // past the cache's bound
        }
        cont = typeof page.metadata?.continue === 'string' ? page.metadata.continue : '';
        if (!rv && typeof page.metadata?.resourceVersion === 'string') rv = page.metadata.resourceVersion;
        // a turn of the event loop after each page's parse and slimming, the last one included: the
        // indexes' relist below is not run in the same step (issue 33: the first list of a
        // 10,000-node cluster held the worker's event loop up to 2 s)
        await yieldEventLoop();
        if (this.stopped) throw new HttpFailure('stopped');
      } while (cont);
    } catch (err) {
      this.cache.account(-sizes.size, -sum(sizes.values())); // the partial list is dropped
      throw err;
    }
    if (rv === '') throw new HttpFailure(`GET ${this.def.path}: the list has no resourceVersion`);
    // the owner and namespace lookups follow, in the same synchronous step (no snapshot between)
    if (this.def.kind === 'Pod')
      this.cache.indexes.relist(
        'Pod',
        [],
        [...pods.values()].map((p) => p.summary),
      );
    else this.cache.indexes.relist(this.def.kind, this.objects.values(), objects.values());
    this.cache.account(-this.sizes.size, -sum(this.sizes.values())); // the list replaces what was held
    this.objects.clear();
    for (const [k, v] of objects) this.objects.set(k, v);
    this.pods.clear();
    for (const [k, p] of pods) this.pods.set(k, p);
    this.sizes.clear();
    for (const [k, n] of sizes) this.sizes.set(k, n);
    this.rv = rv;
    this.listed = true;
    this.cache.touch();
  }

  /**
   * One watch event into the map and the cache's lookups. An object whose owner changed moves to
   * the end of the map, as it does in the lookups' groups, so both keep one order.
   * @param bytes - length of the event's line (the cache's byte bound)
   */
  private apply(type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: Obj, bytes: number): void {
    obj.kind = this.def.kind;
    obj.apiVersion = this.def.apiVersion;
    const key = `${obj.metadata.namespace ?? ''}/${obj.metadata.name}`;
    const indexes = this.cache.indexes;
    const held = this.sizes.get(key);
    if (type === 'DELETED') {
      if (this.def.kind === 'Pod') {
        const was = this.pods.get(key);
        if (was) indexes.dropPod(was.summary);
        this.pods.delete(key);
      } else {
        const was = this.objects.get(key);
        if (was) indexes.dropObject(this.def.kind, was);
        this.objects.delete(key);
      }
      this.sizes.delete(key);
      if (held !== undefined) this.cache.account(-1, -held);
      return;
    }
    if (this.def.kind === 'Pod') {
      const pod = cachedPod(obj);
      if (indexes.putPod(this.pods.get(key)?.summary, pod.summary)) this.pods.delete(key);
      this.pods.set(key, pod);
    } else {
      const frozen = deepFreeze(slimObject(obj));
      if (indexes.putObject(this.def.kind, this.objects.get(key), frozen)) this.objects.delete(key);
      this.objects.set(key, frozen);
    }
    this.sizes.set(key, bytes);
    this.cache.account(held === undefined ? 1 : 0, bytes - (held ?? 0));
  }

  /**
   * One line of the watch body: checked ({@link parseWatchEvent}), then applied.
   * @returns 'expired' for an ERROR event carrying 410, else null
   * @throws HttpFailure for a refused event (after clearing the resourceVersion: the next try
   *   relists, since what the event said is lost) or an ERROR event other than 410
   */
  private onLine(line: string, bytes: number): 'expired' | null {
    if (line.trim() === '') return null;
    const event = parseWatchEvent(line);
    if ('refused' in event) {
      this.rv = '';
      this.cache.stats.relists++;
      throw new HttpFailure(
        `watch ${this.def.path}: event refused (${event.refused}), relisting: ${upstreamBodySummary(line.slice(0, 1000))}`,
      );
    }
    this.cache.stats.events++;
    this.cache.touch();
    if (event.type === 'ERROR') {
      const code = typeof event.object.code === 'number' ? event.object.code : undefined;
      if (code === 410) return 'expired';
      throw new HttpFailure(
        `watch ${this.def.path}: ERROR event: ${upstreamBodySummary(event.object)}`,
        code,
      );
    }
    this.failures = 0;
    if (event.type !== 'BOOKMARK') this.apply(event.type, event.object, bytes);
    this.rv = event.object.metadata.resourceVersion ?? this.rv;
    return null;
  }

  /**
   * One watch request; resolves when the stream ends ('ended') or says 410 ('expired').
   * @throws HttpFailure (rejects) for any other status, a refused event, a line over
   *   `maxLineBytes`, a network error or any error while applying an event (the request is
   *   destroyed first: nothing thrown in a stream handler reaches the process)
   */
  private watchOnce(): Promise<'ended' | 'expired'> {
    const params = new URLSearchParams({
      ...this.def.query,
      watch: 'true',
      allowWatchBookmarks: 'true',
      resourceVersion: this.rv,
      timeoutSeconds: String(this.cache.watchTimeoutS),
    });
    this.cache.stats.watches++;
    const maxLine = this.cache.maxLineBytes;
    return new Promise<'ended' | 'expired'>((resolve, reject) => {
      const conn = this.cache.connection as KubeConnection;
      let settled = false;
      const settle = (outcome: 'ended' | 'expired' | Error): void => {
        if (settled) return;
        settled = true;
        this.connected = false;
        if (outcome instanceof Error) {
          req.destroy();
          reject(outcome);
        } else {
          if (outcome === 'expired') req.destroy();
          resolve(outcome);
        }
      };
      const req = conn.transport.request(
        {
          ...conn.target(`${this.def.path}?${params.toString()}`),
          method: 'GET',
          headers: { ...conn.headers, Accept: 'application/json', 'User-Agent': 'k8s-ha-bot' },
          agent: conn.agent,
        },
        (res: IncomingMessage) => {
          res.on('error', (err) => settle(new HttpFailure(`watch ${this.def.path}: ${err.message}`)));
          if (res.statusCode === 410) {
            res.resume();
            settle('expired');
            return;
          }
          if (res.statusCode !== 200) {
            const chunks: Buffer[] = [];
            let size = 0;
            res.on('data', (c: Buffer) => {
              if (size < 4096) chunks.push(c);
              size += c.length;
            });
            res.on('end', () =>
              settle(
                new HttpFailure(
                  `watch ${this.def.path}: HTTP ${res.statusCode ?? 0}: ${upstreamBodySummary(Buffer.concat(chunks).toString('utf8', 0, 4096))}`,
                  res.statusCode,
                ),
              ),
            );
            return;
          }
          this.connected = true;
          // the line so far, as chunks (no string is grown per chunk), bounded by maxLineBytes
          const parts: Buffer[] = [];
          let pending = 0;
          const tooLong = (): HttpFailure =>
            new HttpFailure(`watch ${this.def.path}: a line longer than ${maxLine} bytes`);
          res.on('data', (chunk: Buffer) => {
            try {
              let start = 0;
              let nl: number;
              while (!settled && (nl = chunk.indexOf(10, start)) >= 0) {
                const piece = chunk.subarray(start, nl);
                const bytes = pending + piece.length;
                if (bytes > maxLine) throw tooLong();
                const line = (pending === 0 ? piece : Buffer.concat([...parts, piece])).toString('utf8');
                parts.length = 0;
                pending = 0;
                start = nl + 1;
                if (this.onLine(line, bytes) === 'expired') settle('expired');
                if (this.stopped) settle('ended'); // past the cache's bound
              }
              if (settled || start === chunk.length) return;
              pending += chunk.length - start;
              if (pending > maxLine) throw tooLong();
              parts.push(chunk.subarray(start));
            } catch (err) {
              settle(
                err instanceof HttpFailure ? err : new HttpFailure(`watch ${this.def.path}: ${String(err)}`),
              );
            }
          });
          res.on('end', () => settle('ended'));
        },
      );
      this.request = req;
      req.setTimeout((this.cache.watchTimeoutS + 30) * 1000, () =>
        req.destroy(new HttpFailure(`watch ${this.def.path}: no data`)),
      );
      req.on('error', (err) =>
        settle(
          err instanceof HttpFailure
            ? err
            : new HttpFailure(
                `watch ${this.def.path}: ${(err as NodeJS.ErrnoException).code ?? err.message}`,
              ),
        ),
      );
      req.end();
    }).finally(() => {
      this.request = null;
      this.connected = false; // not in sync until the next watch is connected
    });
  }
}

function sum(values: Iterable<number>): number {
  let total = 0;
  for (const v of values) total += v;
  return total;
}

/**
 * Freeze an object and everything in it. Cached objects are handed to every snapshot as they are
 * (a copy of 50,000 objects per answer cost over a second at 5,000 nodes); freezing makes any
 * code that would change one throw instead of corrupting the cache.
 */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function cachedPod(item: Obj): CachedPod {
  const pod = slimObject(item) as unknown as KPod;
  return { summary: summarizePod(pod), whole: keepFullPod(pod, null) ? deepFreeze(pod) : null };
}

/**
 * The watch cache of one cluster. {@link ClusterWatchCache.start} begins listing and watching;
 * {@link ClusterWatchCache.snapshot} answers from memory once in sync.
 */
export class ClusterWatchCache {
  readonly cluster: string;
  readonly log: Logger;
  readonly pageSize: number;
  readonly watchTimeoutS: number;
  readonly backoffOptions: WatchBackoffOptions;
  readonly timers: WatchCacheTimers;
  readonly maxObjects: number;
  readonly maxBytes: number;
  readonly maxLineBytes: number;
  readonly maxResponseBytes: number;
  readonly stats: WatchCacheStats = { listPages: 0, relists: 0, watches: 0, events: 0, failures: 0 };
  /** Owner and namespace lookups over the cached objects, kept by the reflectors (emptied past the bound). */
  indexes = new CacheIndexes();
  connection: KubeConnection | null = null;
  private reflectors: Reflector[];
  private readonly boundCooldown: Backoff;
  private closed = false;
  private readonly now: () => Date;
  private readonly requestTimeoutMs: number;
  private lastEventAt = 0;
  private started: Promise<void> | null = null;
  private objectCount = 0;
  private byteCount = 0;
  private pastBound = false;

  /** @param options - see {@link WatchCacheOptions} */
  constructor(private readonly options: WatchCacheOptions) {
    this.cluster = options.cluster;
    this.log = options.logger ?? silentLogger;
    this.pageSize = options.pageSize ?? 500;
    this.watchTimeoutS = options.watchTimeoutS ?? 300;
    this.backoffOptions = options.backoff ?? {};
    this.timers = options.timers ?? REAL_TIMERS;
    this.maxObjects = options.maxObjects ?? DEFAULT_WATCH_CACHE_BOUNDS.maxObjects;
    this.maxBytes = options.maxBytes ?? DEFAULT_WATCH_CACHE_BOUNDS.maxBytes;
    this.maxLineBytes = options.maxLineBytes ?? DEFAULT_WATCH_CACHE_BOUNDS.maxLineBytes;
    this.maxResponseBytes = options.maxResponseBytes ?? 32 * MIB;
    this.requestTimeoutMs = options.requestTimeoutMs ?? 30_000;
    this.now = options.now ?? (() => new Date());
    this.reflectors = REFLECTORS.map((d) => new Reflector(d, this));
    this.boundCooldown = new Backoff(
      {
        initialMs: 600_000,
        capMs: 3_600_000,
        factor: 2,
        jitter: 0.1,
        resetMs: 7_200_000,
        ...options.boundCooldown,
      },
      this.timers.now,
      this.timers.random,
    );
  }

  /**
   * Start listing and watching (idempotent; returns at once, the lists run in the background).
   * @throws ClusterReadError (rejects) when the kubeconfig cannot give a connection
   */
  start(): Promise<void> {
    this.started ??= (async () => {
      this.connection = await kubeConnection(this.options.kubeConfig, 32, CLUSTER_READ_CONNECTION_ERRORS);
      this.runReflectors();
    })();
    return this.started;
  }

  private runReflectors(): void {
    for (const r of this.reflectors)
      r.run().catch((err: unknown) =>
        this.log.error(
          { err, cluster: this.cluster, resource: r.def.path },
          'watch cache: a reflector stopped',
        ),
      );
  }

  /** Every reflector has listed and is watching (never while stopped past its bound). */
  get inSync(): boolean {
    return this.connection !== null && !this.pastBound && this.reflectors.every((r) => r.synced);
  }

  /**
   * The cache went past `maxObjects` or `maxBytes` and is stopped until its cool-down ends
   * (`boundCooldown`; answers read fresh meanwhile).
   */
  get stoppedPastBound(): boolean {
    return this.pastBound;
  }

  /**
   * Count objects and bytes coming into (or leaving) the cache; past `maxObjects` or `maxBytes`,
   * stop every reflector, drop what they hold, warn once with the figures and when it will retry,
   * and start again from fresh lists after the cool-down (`boundCooldown`).
   * @param objects - objects added (negative: dropped)
   * @param bytes - their bytes of received JSON (negative: dropped)
   */
  account(objects: number, bytes: number): void {
    this.objectCount += objects;
    this.byteCount += bytes;
    if (this.pastBound || (this.objectCount <= this.maxObjects && this.byteCount <= this.maxBytes)) return;
    this.pastBound = true;
    const retryInMs = Math.round(this.boundCooldown.next());
    this.log.warn(
      {
        cluster: this.cluster,
        objects: this.objectCount,
        maxObjects: this.maxObjects,
        bytes: this.byteCount,
        maxBytes: this.maxBytes,
        retryInMs,
        retryAt: new Date(this.now().getTime() + retryInMs).toISOString(),
      },
      "watch cache: past its bound; this cluster's cache is stopped and its answers read the cluster fresh until it lists again",
    );
    for (const r of this.reflectors) r.stop();
    this.indexes = new CacheIndexes();
    void this.timers.sleep(retryInMs).then(() => {
      if (this.closed) return;
      this.reflectors = REFLECTORS.map((d) => new Reflector(d, this));
      this.pastBound = false;
      this.log.info({ cluster: this.cluster }, 'watch cache: cool-down over; listing the cluster again');
      this.runReflectors();
    });
  }

  /** Record that something arrived (an event, a bookmark, a list). */
  touch(): void {
    this.lastEventAt = this.now().getTime();
  }

  /**
   * A snapshot from memory when in sync, else null (read fresh then). `/readyz?verbose`, the
   * kube-proxy ConfigMap and the focus node's pods are read fresh.
   * @param focusNode - the node whose pods are kept whole (read fresh), or null
   * @param etcd - etcd status from elsewhere, or null
   * @returns the snapshot and its freshness, or null when not in sync or the focus node's pods
   *   could not be read (the caller reads everything fresh then)
   */
  async snapshot(
    focusNode: string | null,
    etcd: EtcdStatus | null,
  ): Promise<{ snapshot: ClusterSnapshot; freshness: CacheFreshness } | null> {
    if (!this.inSync) return null;
    const capturedAt = this.now();
    const [readyz, kubeProxy, focusPods, optional] = await Promise.all([
      this.readReadyz(),
      this.readKubeProxy(),
      focusNode === null ? Promise.resolve([]) : this.readNodePods(focusNode),
      Promise.all(OPTIONAL_LISTS.map((l) => this.readOptional(l.kind, l.path))),
    ]);
    if (!this.inSync || focusPods === null) return null;
    const builder = new SnapshotBuilder(focusNode);
    // the focus node's pods as just read (whole and summarised), then every other pod from memory
    for (const pod of focusPods) builder.addPod(pod);
    const fresh = builder.podSummaries.slice();
    const cachedFocusOwners = new Set<string>();
    for (const r of this.reflectors) {
      if (r.def.kind === 'Pod') {
        for (const p of r.pods.values()) {
          if (focusNode !== null && p.summary.nodeName === focusNode) {
            for (const k of summaryOwnerKeys(p.summary)) cachedFocusOwners.add(k);
            continue;
          }
          builder.podSummaries.push(p.summary);
          if (p.whole) builder.keepPod(p.whole);
        }
      } else for (const o of r.objects.values()) builder.add(o); // frozen on arrival: shared, never copied
    }
    if (readyz.error) builder.readErrors.push(readyz.error);
    if (kubeProxy.configMap) builder.add({ ...kubeProxy.configMap, kind: 'ConfigMap' });
    builder.kubeProxyConfigError = kubeProxy.error;
    for (const [i, items] of optional.entries()) {
      const l = OPTIONAL_LISTS[i];
      if (items === null || l === undefined) continue;
      builder.optionalRead.add(l.kind);
      for (const o of items) builder.add({ ...o, kind: l.kind });
    }
    const snapshot = builder.finish({ cluster: this.cluster, capturedAt, readyz: readyz.result, etcd });
    // The lookups as of this moment (no await since the loop above), for this snapshot's arrays
    // only; frozen, so that nothing can make them disagree with the lookups.
    const summaries = this.indexes.summaries.view();
    const usage = this.indexes.usage.view();
    registerPrebuiltIndexes({
      podSummaries: Object.freeze(snapshot.podSummaries),
      workloads: Object.freeze(snapshot.workloads),
      podDisruptionBudgets: Object.freeze(snapshot.podDisruptionBudgets),
      summariesByOwnerUid:
        focusNode === null ? summaries : withFocusPods(summaries, focusNode, fresh, cachedFocusOwners),
      workloadsByUid: this.indexes.workloads.view(),
      replicaSetsByOwnerUid: this.indexes.replicaSets.view(),
      pdbsByNamespace: this.indexes.pdbs.view(),
      usageByNode: focusNode === null ? usage : usageWithFocusPods(usage, focusNode, fresh),
    });
    return { snapshot, freshness: { lastEventAt: new Date(this.lastEventAt) } };
  }

  /** Stop every watch and close the connection. */
  close(): void {
    this.closed = true;
    for (const r of this.reflectors) r.stop();
    this.connection?.close();
  }

  /** One GET (lists and the two fresh reads). */
  get(path: string, accept = 'application/json'): Promise<{ status: number; body: string }> {
    const conn = this.connection as KubeConnection;
    return new Promise((resolve, reject) => {
      const req = conn.transport.request(
        {
          ...conn.target(path),
          method: 'GET',
          headers: { ...conn.headers, Accept: accept, 'User-Agent': 'k8s-ha-bot' },
          agent: conn.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (c: Buffer) => {
            size += c.length;
            if (size <= this.maxResponseBytes) chunks.push(c);
            else req.destroy(new HttpFailure(`GET ${path}: more than ${this.maxResponseBytes} bytes`));
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
          );
          res.on('error', reject);
        },
      );
      req.setTimeout(this.requestTimeoutMs, () =>
        req.destroy(new HttpFailure(`GET ${path}: no answer within ${this.requestTimeoutMs} ms`)),
      );
      req.on('error', (err) =>
        reject(
          err instanceof HttpFailure
            ? err
            : new HttpFailure(`GET ${path}: ${(err as NodeJS.ErrnoException).code ?? err.message}`),
        ),
      );
      req.end();
    });
  }

  /** The pods bound to one node, read fresh and reduced, or null when they could not be read. */
  private async readNodePods(node: string): Promise<KPod[] | null> {
    const params = new URLSearchParams({ fieldSelector: `spec.nodeName=${node}` });
    try {
      const { status, body } = await this.get(`/api/v1/pods?${params.toString()}`);
      if (status !== 200) {
        this.log.warn(
          { cluster: this.cluster, status, detail: upstreamBodySummary(body) },
          "watch cache: the focus node's pods could not be read; reading fresh",
        );
        return null;
      }
      const list = JSON.parse(body) as { items?: Obj[] };
      return (list.items ?? []).map((item) => {
        item.kind = 'Pod';
        item.apiVersion = 'v1';
        return slimObject(item) as unknown as KPod;
      });
    } catch (err) {
      this.log.warn(
        { cluster: this.cluster, detail: (err as Error).message },
        "watch cache: the focus node's pods could not be read; reading fresh",
      );
      return null;
    }
  }

  private async readReadyz(): Promise<{ result: ReadyzResult | null; error: ReadError | null }> {
    try {
      const { status, body } = await this.get('/readyz?verbose', 'text/plain, */*');
      if (status === 401 || status === 403)
        return {
          result: null,
          error: {
            resource: 'readyz',
            reason: status === 401 ? 'unauthorized' : 'forbidden',
            status,
            detail: `GET /readyz: HTTP ${status}`,
          },
        };
      return { result: { status, text: body }, error: null };
    } catch (err) {
      return {
        result: null,
        error: { resource: 'readyz', reason: 'unreachable', detail: (err as Error).message },
      };
    }
  }

  /**
   * One optional list read fresh for an answer (not watched: small, and a kind the cluster may not
   * serve or the role may not allow): its items, or null when it could not be read (unknown).
   */
  private async readOptional(kind: string, path: string): Promise<Obj[] | null> {
    try {
      const { status, body } = await this.get(path);
      if (status !== 200) return null;
      const list = JSON.parse(body) as { items?: Obj[] };
      return Array.isArray(list.items) ? list.items : null;
    } catch (err) {
      if (!(err instanceof HttpFailure) && !(err instanceof SyntaxError)) throw err;
      this.log.info({ kind, path }, 'watch cache: optional list not read: unknown');
      return null;
    }
  }

  private async readKubeProxy(): Promise<{ configMap: Obj | null; error: ReadError | null }> {
    const path = `/api/v1/namespaces/${KUBE_PROXY_CONFIGMAP.namespace}/configmaps/${KUBE_PROXY_CONFIGMAP.name}`;
    try {
      const { status, body } = await this.get(path);
      if (status === 404) return { configMap: null, error: null };
      if (status !== 200)
        return {
          configMap: null,
          error: {
            resource: 'configmaps',
            reason: status === 403 ? 'forbidden' : status === 401 ? 'unauthorized' : 'error',
            status,
            detail: `GET ${path}: HTTP ${status}`,
          },
        };
      return { configMap: JSON.parse(body) as Obj, error: null };
    } catch (err) {
      return {
        configMap: null,
        error: { resource: 'configmaps', reason: 'unreachable', detail: (err as Error).message },
      };
    }
  }
}
