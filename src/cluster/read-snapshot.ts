/**
 * Reading a {@link ClusterSnapshot} from a live Kubernetes API (or the simulator).
 *
 * @kubernetes/client-node supplies configuration, authentication and TLS (contexts, in-cluster
 * service accounts, exec/OIDC/token auth, client certificates, proxies) through
 * `KubeConfig.applyToHTTPSOptions`. The GETs themselves are plain `node:http(s)` requests whose
 * pages are `JSON.parse`d, not client-node's generated API classes, because:
 * - the snapshot types are the wire JSON (RFC 3339 strings); the generated client's
 *   ObjectSerializer rebuilds every object as model classes with `Date` fields, which we would
 *   have to convert back;
 * - it costs: on a 500-pod page of the generated 150,000-pod cluster (1.9 MB) `JSON.parse` took
 *   51 ms and `JSON.parse` + `ObjectSerializer.deserialize(…, 'V1PodList')` 78 ms on the 2-core
 *   dev machine, i.e. about +8 s over the 300 pages of such a cluster;
 * - streaming page by page with our own reduction keeps at most one raw page in memory.
 */
import { recordKubeApiError } from '../util/metric-hooks.js';
import { upstreamBodySummary } from '../util/redaction.js';
import { isAscii } from 'node:buffer';
import { setMaxListeners } from 'node:events';
import type { KubeAccess } from './static-kubeconfig.js';
import { ClusterReadError } from '../errors.js';
import type { ClusterReadFacts, ConnectionFailure } from '../errors.js';
import { CLUSTER_READ_CONNECTION_ERRORS, kubeConnection } from './kube-connection.js';
import type { Logger } from '../util/logger.js';
import { silentLogger } from '../util/silent-logger.js';
import { safeText } from '../util/safe-text.js';
import { KUBE_PROXY_CONFIGMAP, LEASE_NAMESPACES, SnapshotBuilder } from './snapshot-builder.js';
import type { ClusterSnapshot, EtcdStatus, KPod, ReadError, ReadErrorReason, ReadyzResult } from './types.js';

/** Options of {@link readSnapshot}. */
export interface ReadSnapshotOptions {
  /** Configuration with the context to use already selected ({@link kubeConfigForContext}). */
  kubeConfig: KubeAccess;
  /** The configured cluster name (goes into the snapshot). */
  cluster: string;
  /** The node the request is about (its pods are kept whole), or null. */
  focusNode: string | null;
  /** Further nodes whose pods are kept whole: a question about several nodes. @defaultValue [] */
  moreFocusNodes?: readonly string[];
  /** etcd status from a separate probe, or null/undefined when etcd is not observed. */
  etcd?: EtcdStatus | null;
  /** Timeout of one HTTP request, in ms. @defaultValue 5000 */
  requestTimeoutMs?: number;
  /** Deadline of the whole read, in ms. @defaultValue 20000 */
  deadlineMs?: number;
  /** `limit` of every list page. @defaultValue 500 (kubectl's default chunk size) */
  pageSize?: number;
  logger?: Logger;
  /** Clock for `capturedAt`. @defaultValue real time */
  now?: () => Date;
  /** When given, filled with request counts and timings (for benchmarks and logs). */
  stats?: ReadStats;
  /**
   * Keep every pod as a full object in `snapshot.pods`, not only those `keepFullPod` (snapshot-builder.ts) selects
   * (`k8s-ha-bot snapshot` writes a file that must answer about any node). @defaultValue false
   */
  keepEveryPod?: boolean;
}

/** What one read cost. */
export interface ReadStats {
  /** HTTP requests made. */
  apiRequests: number;
  /** List pages read (a subset of apiRequests). */
  pages: number;
  /** Response bytes received. */
  bytes: number;
  /** Wall time of the whole read, in ms. */
  durationMs: number;
  /** Objects read per resource plural. */
  objects: Record<string, number>;
}

/** Defaults of {@link ReadSnapshotOptions}. */
export const READ_DEFAULTS = { requestTimeoutMs: 5000, deadlineMs: 20000, pageSize: 500 } as const;

/** Why a request failed; internal, turned into a ReadError or a ClusterReadError. */
class RequestFailure extends Error {
  constructor(
    readonly reason: ReadErrorReason,
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** The class of a Node connection error code ({@link ConnectionFailure}); undefined when none fits. */
function connectionFailureOf(code: string): ConnectionFailure | undefined {
  if (code === 'ECONNREFUSED') return 'refused';
  if (code === 'ETIMEDOUT') return 'timed-out';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'dns';
  if (/CERT|TLS|SSL|VERIFY/u.test(code)) return 'tls';
  return UNREACHABLE_CODES.has(code) ? 'network' : undefined;
}

function reasonForStatus(status: number): ReadErrorReason {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  return 'error';
}

/** A small HTTP client bound to one cluster's URL, TLS options and auth headers. */
interface ApiClient {
  get(path: string, accept?: string): Promise<{ status: number; body: string }>;
  close(): void;
}

async function createClient(
  kc: KubeAccess,
  signal: AbortSignal,
  deadlineMs: number,
  requestTimeoutMs: number,
  stats: ReadStats,
  logger: Logger,
): Promise<ApiClient> {
  const conn = await kubeConnection(kc, 8, CLUSTER_READ_CONNECTION_ERRORS, { signal, ms: deadlineMs });
  const { headers, agent, transport } = conn;

  const raw: ApiClient = {
    get(path, accept = 'application/json') {
      stats.apiRequests++;
      return new Promise((resolve, reject) => {
        if (signal.aborted) {
          reject(new RequestFailure('timeout', `deadline passed before GET ${path}`));
          return;
        }
        const req = transport.request(
          {
            ...conn.target(path),
            method: 'GET',
            headers: { ...headers, Accept: accept, 'User-Agent': 'k8s-ha-bot' },
            agent,
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              cleanup();
              const buf = Buffer.concat(chunks);
              stats.bytes += buf.length;
              // ASCII (almost every page) decodes faster as latin1, with the same result
              resolve({ status: res.statusCode ?? 0, body: buf.toString(isAscii(buf) ? 'latin1' : 'utf8') });
            });
            res.on('error', (err) => {
              cleanup();
              reject(classify(err, path));
            });
          },
        );
        let failure: RequestFailure | null = null;
        const timer = setTimeout(() => {
          failure = new RequestFailure('timeout', `GET ${path}: no answer within ${requestTimeoutMs} ms`);
          req.destroy(failure);
        }, requestTimeoutMs);
        const onAbort = (): void => {
          failure = new RequestFailure('timeout', `GET ${path}: the read deadline passed`);
          req.destroy(failure);
        };
        signal.addEventListener('abort', onAbort, { once: true });
        const cleanup = (): void => {
          clearTimeout(timer);
          signal.removeEventListener('abort', onAbort);
        };
        req.on('error', (err) => {
          cleanup();
          reject(failure ?? classify(err, path));
        });
        req.end();
        logger.debug({ path }, 'GET');
      });
    },
    close() {
      conn.close();
    },
  };
  return {
    // Failed requests are counted by code for /metrics (a 404 is an answer: no kube-proxy ConfigMap).
    get: (path, accept) =>
      raw.get(path, accept).then(
        (answer) => {
          if (answer.status >= 400 && answer.status !== 404) recordKubeApiError(String(answer.status));
          return answer;
        },
        (err: unknown) => {
          recordKubeApiError(err instanceof RequestFailure ? err.reason : 'error');
          throw err;
        },
      ),
    close: () => raw.close(),
  };
}

function classify(err: unknown, path: string): RequestFailure {
  if (err instanceof RequestFailure) return err;
  const code = (err as NodeJS.ErrnoException).code ?? '';
  const reason: ReadErrorReason = UNREACHABLE_CODES.has(code) ? 'unreachable' : 'error';
  return new RequestFailure(reason, `GET ${path}: ${code || (err as Error).message}`, undefined, {
    cause: err,
  });
}

/** Where the admission webhook configurations are listed. */
const ADMISSION_PATH = '/apis/admissionregistration.k8s.io/v1';

/** The `kind` of the items of a list, set on items that lack it (kube-apiserver omits it in lists). */
const LIST_KINDS: Record<string, { kind: string; apiVersion: string }> = {
  nodes: { kind: 'Node', apiVersion: 'v1' },
  pods: { kind: 'Pod', apiVersion: 'v1' },
  leases: { kind: 'Lease', apiVersion: 'coordination.k8s.io/v1' },
  poddisruptionbudgets: { kind: 'PodDisruptionBudget', apiVersion: 'policy/v1' },
  deployments: { kind: 'Deployment', apiVersion: 'apps/v1' },
  replicasets: { kind: 'ReplicaSet', apiVersion: 'apps/v1' },
  statefulsets: { kind: 'StatefulSet', apiVersion: 'apps/v1' },
  daemonsets: { kind: 'DaemonSet', apiVersion: 'apps/v1' },
  endpointslices: { kind: 'EndpointSlice', apiVersion: 'discovery.k8s.io/v1' },
  persistentvolumeclaims: { kind: 'PersistentVolumeClaim', apiVersion: 'v1' },
  persistentvolumes: { kind: 'PersistentVolume', apiVersion: 'v1' },
  services: { kind: 'Service', apiVersion: 'v1' },
  namespaces: { kind: 'Namespace', apiVersion: 'v1' },
  validatingwebhookconfigurations: {
    kind: 'ValidatingWebhookConfiguration',
    apiVersion: 'admissionregistration.k8s.io/v1',
  },
  mutatingwebhookconfigurations: {
    kind: 'MutatingWebhookConfiguration',
    apiVersion: 'admissionregistration.k8s.io/v1',
  },
  apiservices: { kind: 'APIService', apiVersion: 'apiregistration.k8s.io/v1' },
  csidrivers: { kind: 'CSIDriver', apiVersion: 'storage.k8s.io/v1' },
  volumeattachments: { kind: 'VolumeAttachment', apiVersion: 'storage.k8s.io/v1' },
  servicel2statuses: { kind: 'ServiceL2Status', apiVersion: 'metallb.io/v1beta1' },
};

interface ListItem {
  kind?: string;
  apiVersion?: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
}

/** A list's own `metadata` at the head of a page: `{"kind":…,"apiVersion":…,"metadata":{…}`. */
const LIST_HEAD =
  /^\s*\{\s*"kind"\s*:\s*"[^"\\]*"\s*,\s*"apiVersion"\s*:\s*"[^"\\]*"\s*,\s*"metadata"\s*:\s*(\{[^{}]*\})/;

/**
 * The `continue` token of a list page, read from the head of its text before the page is parsed,
 * or undefined when the head is not the list's metadata as kube-apiserver writes it (TypeMeta,
 * then ListMeta, then items: encoding/json keeps the struct's field order) or has no token. Only a
 * hint: the token the parsed page holds is the one that counts.
 * @param body - the page's text
 */
export function peekContinue(body: string): string | undefined {
  const head = LIST_HEAD.exec(body.slice(0, 4096));
  if (!head?.[1]) return undefined;
  try {
    const meta = JSON.parse(head[1]) as { continue?: unknown };
    return typeof meta.continue === 'string' && meta.continue !== '' ? meta.continue : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Read every page of a list, handing each page's items to `onItem`. The next page is asked for as
 * soon as its `continue` token is read from the head of the page ({@link peekContinue}), before
 * the page is parsed and its items handled, so the server prepares page n+1 while we parse page n
 * (at most two raw pages are held: the one parsed and the one arriving). A request made on a hint
 * the parsed page contradicts is dropped and the right page asked for. A page that is not a 200
 * with a JSON `items` array fails the whole list.
 */
async function listAll(
  client: ApiClient,
  plural: string,
  path: string,
  query: Record<string, string>,
  pageSize: number,
  stats: ReadStats,
  onItem: (item: ListItem) => void,
): Promise<void> {
  const kind = LIST_KINDS[plural];
  const pageUrl = (cont: string | undefined): string => {
    const params = new URLSearchParams({ ...query, limit: String(pageSize) });
    if (cont) params.set('continue', cont);
    return `${path}?${params.toString()}`;
  };
  let cont: string | undefined;
  let ahead: { token: string; answer: Promise<{ status: number; body: string }> } | null = null;
  do {
    const answer: Promise<{ status: number; body: string }> =
      ahead !== null && ahead.token === cont ? ahead.answer : client.get(pageUrl(cont));
    ahead = null;
    const { status, body } = await answer;
    if (status !== 200) {
      throw new RequestFailure(
        reasonForStatus(status),
        `GET ${path}: HTTP ${status}: ${upstreamBodySummary(body)}`,
        status,
      );
    }
    const hint = peekContinue(body);
    if (hint !== undefined) {
      const next = client.get(pageUrl(hint));
      next.catch(() => undefined); // awaited when used; a dropped one must not go unhandled
      ahead = { token: hint, answer: next };
    }
    let page: { items?: ListItem[]; metadata?: { continue?: string } };
    try {
      page = JSON.parse(body) as typeof page;
    } catch (err) {
      throw new RequestFailure('error', `GET ${path}: the answer is not JSON`, status, { cause: err });
    }
    if (!Array.isArray(page.items))
      throw new RequestFailure('error', `GET ${path}: the answer has no items array`, status);
    stats.pages++;
    stats.objects[plural] = (stats.objects[plural] ?? 0) + page.items.length;
    for (const item of page.items) {
      if (kind && item.kind === undefined) {
        item.kind = kind.kind;
        item.apiVersion = kind.apiVersion;
      }
      onItem(item);
    }
    cont = page.metadata?.continue || undefined;
  } while (cont);
}

/**
 * Read a snapshot: nodes, all pods (summarized, full objects only for the focus node's pods,
 * mirror pods and non-DaemonSet kube-system pods), Leases of kube-system and kube-node-lease, PDBs,
 * Deployments, ReplicaSets, StatefulSets, DaemonSets, EndpointSlices (`default/kubernetes`'s and
 * those of webhook and APIService backends), PersistentVolumeClaims, PersistentVolumes, Services,
 * Validating/MutatingWebhookConfigurations, APIServices, Namespaces and `/readyz?verbose`, all in parallel and every list paginated.
 *
 * A part other than nodes that cannot be read (403, timeout, error) becomes a
 * {@link ReadError} in `snapshot.readErrors` and the rest goes on; a part that fails midway is
 * dropped whole (a partial pod list would mislead the checks).
 *
 * @param options - see {@link ReadSnapshotOptions}
 * @returns the snapshot; `capturedAt` is `now()` when the read started
 * @throws ClusterReadError when nodes cannot be read: `cluster-unreachable` (connection refused,
 *   DNS, TLS, or another HTTP error), `cluster-timeout` (request timeout or deadline),
 *   `cluster-unauthorized` (401/403, or credentials could not be prepared)
 */
export async function readSnapshot(options: ReadSnapshotOptions): Promise<ClusterSnapshot> {
  const started = Date.now();
  const now = options.now ?? (() => new Date());
  const capturedAt = now();
  const logger = options.logger ?? silentLogger;
  const pageSize = options.pageSize ?? READ_DEFAULTS.pageSize;
  const stats: ReadStats = options.stats ?? {
    apiRequests: 0,
    pages: 0,
    bytes: 0,
    durationMs: 0,
    objects: {},
  };
  const deadline = new AbortController();
  setMaxListeners(64, deadline.signal); // one listener per request in flight (up to 20 parallel reads)
  const deadlineMs = options.deadlineMs ?? READ_DEFAULTS.deadlineMs;
  const deadlineTimer = setTimeout(() => deadline.abort(), deadlineMs);
  const client = await createClient(
    options.kubeConfig,
    deadline.signal,
    deadlineMs,
    options.requestTimeoutMs ?? READ_DEFAULTS.requestTimeoutMs,
    stats,
    logger,
  ).catch((err: unknown) => {
    clearTimeout(deadlineTimer);
    throw err;
  });
  const builder = new SnapshotBuilder(
    options.focusNode,
    options.moreFocusNodes,
    options.keepEveryPod === true,
  );
  const readErrors: ReadError[] = builder.readErrors;
  let readyz: ReadyzResult | null = null;

  const part = async (resource: string, read: () => Promise<void>): Promise<void> => {
    try {
      await read();
    } catch (err) {
      const f = err instanceof RequestFailure ? err : classify(err, resource);
      const e: ReadError = { resource, reason: f.reason, detail: f.message };
      if (f.status !== undefined) e.status = f.status;
      readErrors.push(e);
      logger.warn(
        { resource, reason: f.reason, status: f.status, detail: f.message },
        'part of the snapshot could not be read',
      );
    }
  };

  /** A list read into its own buffer, committed to the builder only when it completes. */
  const simpleList = (plural: string, path: string, query: Record<string, string> = {}, resource = plural) =>
    part(resource, async () => {
      const items: ListItem[] = [];
      await listAll(client, plural, path, query, pageSize, stats, (item) => items.push(item));
      for (const item of items) builder.add(item);
    });

  /**
   * A list the answers can do without (CSI drivers and attachments, MetalLB's layer 2 status: a
   * kind the cluster may not have, or the role may not allow): read whole, else left out of the
   * snapshot, so the checks say it is unknown; never a read error that lowers every verdict.
   */
  const optionalList = async (
    kind: 'CSIDriver' | 'VolumeAttachment' | 'ServiceL2Status',
    plural: string,
    path: string,
  ): Promise<void> => {
    try {
      const items: ListItem[] = [];
      await listAll(client, plural, path, {}, pageSize, stats, (item) => items.push(item));
      builder.optionalRead.add(kind);
      for (const item of items) builder.add(item);
    } catch (err) {
      const f = err instanceof RequestFailure ? err : classify(err, plural);
      logger.info(
        { resource: plural, reason: f.reason, status: f.status },
        'optional list not read: unknown',
      );
    }
  };

  let nodesFailure: RequestFailure | null = null;
  const nodes = (async () => {
    try {
      const items: ListItem[] = [];
      await listAll(client, 'nodes', '/api/v1/nodes', {}, pageSize, stats, (item) => items.push(item));
      for (const item of items) builder.add(item);
    } catch (err) {
      nodesFailure = err instanceof RequestFailure ? err : classify(err, 'nodes');
      deadline.abort(); // no analysis is possible: stop the other reads now
    }
  })();

  const pods = part('pods', async () => {
    const podBuilder = new SnapshotBuilder(
      options.focusNode,
      options.moreFocusNodes,
      options.keepEveryPod === true,
    );
    await listAll(client, 'pods', '/api/v1/pods', {}, pageSize, stats, (item) =>
      podBuilder.addPod(item as KPod),
    );
    for (const p of podBuilder.podSummaries) builder.podSummaries.push(p);
    for (const p of podBuilder.pods) builder.keepPod(p);
  });

  const readyzRead = part('readyz', async () => {
    const { status, body } = await client.get('/readyz?verbose', 'text/plain, */*');
    if (status === 401 || status === 403) {
      throw new RequestFailure(
        reasonForStatus(status),
        `GET /readyz: HTTP ${status}: ${upstreamBodySummary(body)}`,
        status,
      );
    }
    readyz = { status, text: body };
  });

  // The kube-proxy ConfigMap (its proxy mode): one get. 404 means there is none (kube-proxy
  // not deployed by kubeadm, or replaced by the CNI); other failures are kept apart from readErrors
  // (see KubeProxyConfigRead) so that reboot verdicts do not depend on RBAC for ConfigMaps.
  const kubeProxyRead = (async () => {
    const path = `/api/v1/namespaces/${KUBE_PROXY_CONFIGMAP.namespace}/configmaps/${KUBE_PROXY_CONFIGMAP.name}`;
    try {
      const { status, body } = await client.get(path);
      if (status === 404) return;
      if (status !== 200)
        throw new RequestFailure(
          reasonForStatus(status),
          `GET ${path}: HTTP ${status}: ${upstreamBodySummary(body)}`,
          status,
        );
      let item: ListItem;
      try {
        item = JSON.parse(body) as ListItem;
      } catch (err) {
        throw new RequestFailure('error', `GET ${path}: the answer is not JSON`, status, { cause: err });
      }
      builder.add({ ...item, kind: 'ConfigMap' });
    } catch (err) {
      const f = err instanceof RequestFailure ? err : classify(err, path);
      const e: ReadError = { resource: 'configmaps', reason: f.reason, detail: f.message };
      if (f.status !== undefined) e.status = f.status;
      builder.kubeProxyConfigError = e;
      logger.warn(
        { resource: 'configmaps', reason: f.reason, status: f.status, detail: f.message },
        'the kube-proxy ConfigMap could not be read',
      );
    }
  })();

  try {
    await Promise.all([
      nodes,
      pods,
      readyzRead,
      kubeProxyRead,
      ...LEASE_NAMESPACES.map((ns) =>
        simpleList('leases', `/apis/coordination.k8s.io/v1/namespaces/${ns}/leases`, {}, 'leases'),
      ),
      simpleList('poddisruptionbudgets', '/apis/policy/v1/poddisruptionbudgets'),
      simpleList('deployments', '/apis/apps/v1/deployments'),
      simpleList('replicasets', '/apis/apps/v1/replicasets'),
      simpleList('statefulsets', '/apis/apps/v1/statefulsets'),
      simpleList('daemonsets', '/apis/apps/v1/daemonsets'),
      // every EndpointSlice: those of default/kubernetes (the live apiservers) and those of the
      // Services behind webhooks and APIServices (where their backends run); the builder keeps only these
      simpleList('endpointslices', '/apis/discovery.k8s.io/v1/endpointslices'),
      // what stops for the whole cluster with the node: admission webhooks, aggregated APIs (issue 29)
      simpleList('validatingwebhookconfigurations', `${ADMISSION_PATH}/validatingwebhookconfigurations`),
      simpleList('mutatingwebhookconfigurations', `${ADMISSION_PATH}/mutatingwebhookconfigurations`),
      simpleList('apiservices', '/apis/apiregistration.k8s.io/v1/apiservices'),
      simpleList('namespaces', '/api/v1/namespaces'),
      // volumes that pin a pod to its node (pinned-volumes), Services' traffic policy
      simpleList('persistentvolumeclaims', '/api/v1/persistentvolumeclaims'),
      simpleList('persistentvolumes', '/api/v1/persistentvolumes'),
      simpleList('services', '/api/v1/services'),
      // CSI controllers and the volumes attached to the node; MetalLB's layer 2 announcer.
      optionalList('CSIDriver', 'csidrivers', '/apis/storage.k8s.io/v1/csidrivers'),
      optionalList('VolumeAttachment', 'volumeattachments', '/apis/storage.k8s.io/v1/volumeattachments'),
      optionalList('ServiceL2Status', 'servicel2statuses', '/apis/metallb.io/v1beta1/servicel2statuses'),
    ]);
  } finally {
    clearTimeout(deadlineTimer);
    client.close();
    stats.durationMs = Date.now() - started;
  }
  const nf = nodesFailure as RequestFailure | null;
  if (nf !== null) {
    logger.warn({ reason: nf.reason, status: nf.status, detail: nf.message }, 'nodes could not be read');
    const code =
      nf.reason === 'timeout'
        ? 'cluster-timeout'
        : nf.reason === 'unauthorized' || nf.reason === 'forbidden'
          ? 'cluster-unauthorized'
          : 'cluster-unreachable';
    const what =
      code === 'cluster-timeout'
        ? 'did not answer in time'
        : code === 'cluster-unauthorized'
          ? `refused our credentials (HTTP ${nf.status ?? '?'}): check the kubeconfig user and its RBAC`
          : 'could not be reached';
    // /readyz usually answers even when the node list cannot (etcd down: the list hangs or fails,
    // /readyz says `[-]etcd failed`): keep its failing checks, they are the real cause.
    const facts: ClusterReadFacts = { afterMs: Date.now() - started };
    // Where, and why by class: "could not be reached" alone sends the operator guessing.
    const server = options.kubeConfig.getCurrentCluster()?.server;
    if (server !== undefined) {
      const url = new URL(server);
      facts.server = `${url.hostname}:${url.port || (url.protocol === 'https:' ? 443 : 80)}`;
    }
    const connection =
      nf.reason === 'timeout'
        ? 'timed-out'
        : connectionFailureOf((nf.cause as NodeJS.ErrnoException | undefined)?.code ?? '');
    if (connection !== undefined) facts.connection = connection;
    const ready = readyz as ReadyzResult | null;
    if (ready !== null) {
      const failing = failingReadyzLines(ready.text);
      if (failing.length > 0 || ready.status < 200 || ready.status >= 300)
        facts.readyz = { status: ready.status, failing };
    }
    const because = facts.readyz
      ? `; its /readyz answered HTTP ${facts.readyz.status}: ${facts.readyz.failing.join(', ') || '(no check named)'}`
      : '';
    throw new ClusterReadError(
      code,
      `the Kubernetes API of cluster ${options.cluster} ${what}${because}`,
      nf,
      facts,
    );
  }
  logger.debug({ ...stats }, 'snapshot read');
  return builder.finish({ cluster: options.cluster, capturedAt, readyz, etcd: options.etcd ?? null });
}

/**
 * The failing check lines of a `/readyz?verbose` answer (`[-]name …`), as sent, bounded: at most
 * 20 lines of at most 200 characters, made safe to show first ({@link safeText}: escape sequences
 * removed whole, not only their ESC, and bidi controls), other control characters dropped.
 * @param text - the answer body
 * @returns the lines, in order
 */
export function failingReadyzLines(text: string): string[] {
  return safeText(text)
    .split('\n')
    .filter((line) => line.startsWith('[-]'))
    .slice(0, 20)
    .map((line) =>
      line
        // eslint-disable-next-line no-control-regex -- dropping control characters is the point
        .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
        .slice(0, 200)
        .trimEnd(),
    );
}

/**
 * {@link readSnapshot} that also returns what the read cost.
 * @param options - as {@link readSnapshot} (`stats` is ignored)
 * @returns the snapshot and its {@link ReadStats}
 * @throws as {@link readSnapshot}
 */
export async function readSnapshotWithStats(
  options: ReadSnapshotOptions,
): Promise<{ snapshot: ClusterSnapshot; stats: ReadStats }> {
  const stats: ReadStats = { apiRequests: 0, pages: 0, bytes: 0, durationMs: 0, objects: {} };
  const snapshot = await readSnapshot({ ...options, stats });
  return { snapshot, stats };
}
