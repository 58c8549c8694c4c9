/**
 * The simulator: a local HTTP server that serves a snapshot file as a read-only Kubernetes API,
 * so that the same reader code (and kubectl) runs against a real, a recorded or a generated
 * cluster.
 *
 * Served: legacy discovery (`/api`, `/api/v1`, `/apis`, `/apis/<group>[/<version>]`), `/version`,
 * list (cluster-wide and per namespace) and get of the resources in {@link RESOURCES}, label and
 * field selectors, `limit`/`continue` pagination with `metadata.remainingItemCount`, Table output
 * for kubectl, `Status` errors, `/readyz[?verbose]`, `/livez`, `/healthz`. Aggregated discovery is
 * not served: kubectl asks for it and falls back to legacy discovery when the answer is plain JSON.
 * Writes are served by {@link serveWrite} as kubectl sends them (create, patch, replace and delete
 * of every served resource, `pods/eviction` with PodDisruptionBudget rules, the `scale` subresource
 * of Deployments, ReplicaSets and StatefulSets, with their controllers and a scheduler following);
 * a node's reboot is requested on {@link REBOOT_PATH} (the maintenance policy's reboot webhook).
 * `?watch=true` is served for every resource (serve-watch.ts: events, resumption
 * by resourceVersion, bookmarks, `410 Gone`, `timeoutSeconds`). Tests can reboot a node ({@link RunningSimulator.rebootNode}).
 * With `heartbeats` on, what was alive at load keeps being renewed as on a live cluster (heartbeats.ts).
 * Given RBAC rules (`rbac` option, `setRbac`), it answers 403 to every request they do not allow
 * (see rbac.ts).
 */
import { createServer } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BotError, isBotError } from '../errors.js';
import { readScale, serveWrite, setControllers } from './maintenance-api.js';
import type { MaintenanceState, SchedulerRefusal, SimulatorControllers } from './maintenance-api.js';
import { authorize, forbiddenStatus, requestAttributes } from './rbac.js';
import type { RbacRules } from './rbac.js';
import { startHeartbeats } from './heartbeats.js';
import type { HeartbeatOptions, Heartbeats } from './heartbeats.js';
import { rebootNode } from './reboot-node.js';
import type { RebootHandle, RebootOptions } from './reboot-node.js';
import { lowerBound, objectKey, readAll, readObject } from './store-writes.js';
import type { WireObject } from './store-writes.js';
import type { SnapshotFile } from '../cluster/snapshot-file.js';
import { parseFieldSelector } from './field-selector.js';
import type { FieldMatcher } from './field-selector.js';
import { kubeconfigFor } from './kubeconfig-for.js';
import { parseLabelSelector } from '../util/label-selector.js';
import type { LabelMatcher } from '../util/label-selector.js';
import { buildObjectStore } from './object-store.js';
import type { ObjectStore, ResourceStore, StoredObject } from './object-store.js';
import { RESOURCES, apiGroups, apiResourceList, groupVersion, resourceFor } from './resources.js';
import { tableCells, tableColumns } from './table.js';
import { DEFAULT_BOOKMARK_MS, serveWatch } from './serve-watch.js';

/** Faults the simulator injects, for tests. */
export interface SimulatorFaults {
  /**
   * Resource plurals (e.g. `poddisruptionbudgets`) that answer 403 Forbidden with a Status body, to
   * reads and writes; `pods/eviction` forbids only evictions.
   */
  forbidden?: string[];
  /** Added latency in ms by resource plural, `readyz`, or `*` (every request without its own entry). */
  delayMs?: Record<string, number>;
  /** When true, every request answers 503 ServiceUnavailable. */
  unavailable?: boolean;
  /** Replacement pods the scheduler leaves Pending whatever the room (maintenance-api.ts). */
  schedulerRefuses?: SchedulerRefusal[];
}

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** The snapshot to serve: a loaded file, or a path (streamed in; best for huge files). */
  file: SnapshotFile | string;
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  faults?: SimulatorFaults;
  /** Clock (default: real time), used for the timestamp shift and Table ages. */
  now?: () => Date;
  /** Shift every timestamp by (now - captured_at) at start (default true; FORMAT.md). */
  shiftTimestamps?: boolean;
  /**
   * RBAC to enforce (`rbacRulesFromManifests` in rbac.ts, from rendered manifests): every request the
   * rules do not allow answers 403 with kube-apiserver's Status. Absent: everything is allowed.
   */
  rbac?: RbacRules;
  /**
   * "Live components" (heartbeats.ts): renew the Leases and node heartbeats that were alive at
   * load, at their owners' periods (`describeHeartbeats` in heartbeats.ts says them), as a running
   * cluster's components would, so the served cluster does not age into a dead one. Off by default
   * (tests rely on timestamps aging); `true` means the default interval.
   */
  heartbeats?: boolean | HeartbeatOptions;
  /**
   * Serve over TLS with this serving certificate and key (PEM), as a real kube-apiserver does: the
   * URL is then `https://…` (tests set the certificate's lifetime to test expiry end to
   * end). The kubeconfig still skips verification (the test certificate is self-made).
   */
  tls?: { cert: string; key: string };
  /** Period of watch bookmarks (`allowWatchBookmarks=true`), in ms. @defaultValue 60000 */
  watchBookmarkMs?: number;
  /**
   * The controllers that replace deleted pods (maintenance-api.ts); one set false does not
   * replace its pods, as on a kube-apiserver without kube-controller-manager. @defaultValue all on
   */
  controllers?: Partial<SimulatorControllers>;
  /**
   * How long a node whose reboot is requested on {@link REBOOT_PATH} stays down (NotReady) before
   * it comes back with a new bootID, in ms. @defaultValue {@link DEFAULT_REBOOT_DELAY_MS}
   */
  rebootDelayMs?: number;
}

/**
 * The simulator's reboot webhook: `POST` a JSON body with `node` (the maintenance policy's
 * `reboot.hook.url` sends `{"cluster","node","requestId"}`) and the node reboots as
 * {@link RunningSimulator.rebootNode} does, down for the `rebootDelayMs` option; answered 202
 * with `{node, downMs}`, 404 for an unknown node, 400 without a node.
 */
export const REBOOT_PATH = '/simulator/v1/reboot';

/** Default time a node whose reboot is requested stays down, in ms (20 s). */
export const DEFAULT_REBOOT_DELAY_MS = 20_000;

/** A running simulator. */
export interface RunningSimulator {
  /** Base URL, e.g. `http://127.0.0.1:40123` (`https://` with the `tls` option). */
  url: string;
  port: number;
  /** A kubeconfig YAML pointing at {@link RunningSimulator.url} ({@link kubeconfigFor}). */
  kubeconfig: string;
  /** The timestamp shift applied to every served object, in ms (now - captured_at; 0 if none). */
  shiftMs: number;
  /** Replace the injected faults. */
  setFaults(faults: SimulatorFaults): void;
  /**
   * Turn the controllers that replace deleted pods on or off; one turned on replaces at once the
   * pods deleted while it was off.
   */
  setControllers(controllers: Partial<SimulatorControllers>): void;
  /** Enforce these RBAC rules from now on (null: allow everything). */
  setRbac(rules: RbacRules | null): void;
  /** Requests served, by URL path (without query). */
  requests: Map<string, number>;
  /** At least the last {@link REQUEST_LOG_SIZE} request URLs (path and query), oldest first. */
  requestLog: string[];
  /** Total requests served. */
  totalRequests(): number;
  /** Successful evictions (`pods/eviction` answered 201) by `namespace/name` of the pod. */
  evictions: Map<string, number>;
  /** Every eviction request by `namespace/name` of the pod, whatever the answer (429s included). */
  evictionRequests: Map<string, number>;
  /**
   * Reboot a node: down now (Ready=Unknown, unreachable taints, pods not Ready, Lease not
   * renewed), back after `options.downMs` (new bootID, Ready=True, Lease renewed, pods Ready).
   * @returns a promise that resolves when the node is back
   * @throws BotError `bad-request` (rejects) when there is no such node
   */
  rebootNode(name: string, options: RebootOptions): Promise<void>;
  /**
   * The object as currently served (a parsed copy), or undefined.
   * @param plural - resource plural, e.g. `nodes`, `pods`, `poddisruptionbudgets`
   * @param namespace - namespace (ignored for cluster-scoped resources)
   * @param name - object name
   */
  getObject(plural: string, namespace: string | null, name: string): WireObject | undefined;
  /**
   * Every object of a resource as currently served (parsed copies), in `namespace/name` order.
   * @param plural - resource plural, e.g. `nodes`, `pods`
   */
  listObjects(plural: string): WireObject[];
  /**
   * Drop the watch history but its newest `keep` events: a watch resuming from an older
   * resourceVersion then gets `410 Gone` (tests).
   */
  compactWatchHistory(keep?: number): void;
  /** Watches open now. */
  openWatches(): number;
  /** End every open watch response (clients resume from their resourceVersion). */
  closeWatches(): void;
  /** Stop listening and close open connections. */
  close(): Promise<void>;
}

/** Request URLs {@link RunningSimulator.requestLog} keeps at least (tests). */
export const REQUEST_LOG_SIZE = 1000;

const JSON_TYPE = 'application/json';
const COMMA = Buffer.from(',');

function status(code: number, reason: string, message: string, details?: object): string {
  return JSON.stringify({
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  });
}

function send(res: ServerResponse, code: number, body: string | Buffer, type = JSON_TYPE): void {
  res.writeHead(code, { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) });
  res.end(body);
}

interface ContinueToken {
  rv: string;
  start: string;
}

function encodeContinue(token: ContinueToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeContinue(text: string): ContinueToken | null {
  try {
    const t = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as Partial<ContinueToken>;
    return typeof t.start === 'string' && typeof t.rv === 'string' ? { rv: t.rv, start: t.start } : null;
  } catch (err) {
    void err; // a malformed token is the client's error: answered 400 below
    return null;
  }
}

/** First index whose key is > `key` (objects sorted by key). */
function indexAfter(objects: StoredObject[], key: string): number {
  let lo = 0;
  let hi = objects.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((objects[mid] as StoredObject).key <= key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

interface ListRequest {
  store: ResourceStore;
  namespace: string | null;
  label: LabelMatcher | null;
  field: FieldMatcher | null;
  limit: number;
  start: number;
  /** The value of a `spec.nodeName=X` field requirement, when there is one (uses the index). */
  nodeName: string | null;
}

/**
 * Start a simulator.
 * @param options - see {@link SimulatorOptions}
 * @returns the running simulator (listening)
 * @throws SnapshotFileError when `options.file` is a path that cannot be loaded
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  const now = options.now ?? (() => new Date());
  const store = await buildObjectStore(options.file, {
    now,
    shiftTimestamps: options.shiftTimestamps ?? true,
  });
  let faults: SimulatorFaults = options.faults ?? {};
  let rbac: RbacRules | null = options.rbac ?? null;
  const requests = new Map<string, number>();
  const requestLog: string[] = [];
  let total = 0;
  const state: MaintenanceState = {
    evictions: new Map(),
    evictionRequests: new Map(),
    controllers: { replicaSet: true, statefulSet: true, ...options.controllers },
    unreplaced: [],
    ...(options.faults?.schedulerRefuses ? { schedulerRefuses: options.faults.schedulerRefuses } : {}),
  };
  const reboots = new Set<RebootHandle>();
  const rebootDelayMs = options.rebootDelayMs ?? DEFAULT_REBOOT_DELAY_MS;
  const heartbeats: Heartbeats | null =
    options.heartbeats === undefined || options.heartbeats === false
      ? null
      : startHeartbeats(store, now, options.heartbeats === true ? {} : options.heartbeats);

  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    const url = new URL(req.url ?? '/', 'http://simulator');
    const path = url.pathname;
    requests.set(path, (requests.get(path) ?? 0) + 1);
    requestLog.push(req.url ?? '/');
    if (requestLog.length > REQUEST_LOG_SIZE * 2) requestLog.splice(0, requestLog.length - REQUEST_LOG_SIZE);
    total++;
    heartbeats?.catchUp(); // what the timer of a busy process has not renewed yet
    const route = resolve(path);
    const delay = faults.delayMs?.[route.delayKey] ?? faults.delayMs?.['*'] ?? 0;
    const answer = (): void => {
      try {
        if (rbac !== null && !faults.unavailable) {
          const attributes = requestAttributes(req.method ?? 'GET', path, url.searchParams);
          if (!authorize(rbac, attributes)) {
            req.resume();
            send(res, 403, JSON.stringify(forbiddenStatus(rbac.user, attributes)));
            return;
          }
        }
        if (route.kind === 'reboot' && req.method === 'POST' && !faults.unavailable) {
          readBody(req, (body) => {
            const node = (body as { node?: unknown } | undefined)?.node;
            if (typeof node !== 'string' || node === '') {
              send(res, 400, status(400, 'BadRequest', 'the body must be JSON with a "node"'));
              return;
            }
            if (!readObject(store, 'nodes', `/${node}`)) {
              send(res, 404, status(404, 'NotFound', `nodes "${node}" not found`));
              return;
            }
            void running.rebootNode(node, { downMs: rebootDelayMs }).catch(() => undefined);
            send(res, 202, JSON.stringify({ node, downMs: rebootDelayMs }));
          });
          return;
        }
        if (
          req.method !== 'GET' &&
          req.method !== 'HEAD' &&
          !faults.unavailable &&
          route.kind === 'resource'
        ) {
          readBody(req, (body, parseError) => {
            try {
              serveWriteRoute(req, res, url, route, store, faults, state, now, body, parseError);
            } catch (err) {
              send(res, 500, status(500, 'InternalError', `simulator error: ${(err as Error).message}`));
            }
          });
          return;
        }
        serve(req, res, url, route, store, faults, now, options.watchBookmarkMs ?? DEFAULT_BOOKMARK_MS);
      } catch (err) {
        if (isBotError(err) && err.code === 'bad-request')
          send(res, 400, status(400, 'BadRequest', err.message));
        else send(res, 500, status(500, 'InternalError', `simulator error: ${(err as Error).message}`));
      }
    };
    if (delay > 0) {
      const timer = setTimeout(answer, delay);
      res.on('close', () => clearTimeout(timer));
    } else answer();
  };

  const server: Server = options.tls
    ? createTlsServer({ keepAlive: true, cert: options.tls.cert, key: options.tls.key }, handler)
    : createServer({ keepAlive: true }, handler);
  const sockets = new Set<import('node:net').Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolveListen());
  });
  const port = (server.address() as AddressInfo).port;
  const host = options.host ?? '127.0.0.1';
  const url = `${options.tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const running: RunningSimulator = {
    url,
    port,
    kubeconfig: kubeconfigFor(url),
    shiftMs: store.shiftMs,
    setFaults(f) {
      faults = f;
      state.schedulerRefuses = f.schedulerRefuses;
    },
    setControllers(c) {
      setControllers(store, state, c, now());
    },
    setRbac(rules) {
      rbac = rules;
    },
    requests,
    requestLog,
    totalRequests: () => total,
    evictions: state.evictions,
    evictionRequests: state.evictionRequests,
    rebootNode(name, rebootOptions) {
      const handle = rebootNode(store, name, rebootOptions, now);
      if (!handle) return Promise.reject(new BotError('bad-request', `nodes "${name}" not found`));
      reboots.add(handle);
      heartbeats?.pause(name);
      return handle.done.finally(() => {
        reboots.delete(handle);
        heartbeats?.resume(name);
      });
    },
    getObject(plural, namespace, name) {
      const rs = store.resources.get(plural);
      return rs ? readObject(store, plural, objectKey(rs, namespace, name)) : undefined;
    },
    listObjects: (plural) => readAll(store, plural),
    compactWatchHistory(keep = 0) {
      store.changes.compact(keep);
    },
    openWatches: () => store.changes.watchers,
    closeWatches: () => store.changes.closeAll(),
    close: () =>
      new Promise<void>((resolveClose) => {
        heartbeats?.stop();
        for (const r of reboots) r.cancel();
        server.close(() => resolveClose());
        for (const s of sockets) s.destroy();
      }),
  };
  return running;
}

interface Route {
  kind: 'readyz' | 'livez' | 'version' | 'discovery' | 'resource' | 'reboot' | 'unknown';
  delayKey: string;
  /** For resources. */
  store?: ResourceStore;
  plural?: string;
  namespace?: string | null;
  name?: string | null;
  /** `eviction` for `pods/NAME/eviction`. */
  subresource?: string | null;
  /** API group of the resource ('' for core). */
  group?: string;
  discovery?: object;
}

/** Workloads whose `scale` subresource is served (`kubectl scale`). */
const SCALE_PLURALS: ReadonlySet<string> = new Set(['deployments', 'replicasets', 'statefulsets']);

function resolve(path: string): Route {
  if (path === REBOOT_PATH) return { kind: 'reboot', delayKey: 'reboot' };
  if (path === '/readyz') return { kind: 'readyz', delayKey: 'readyz' };
  if (path === '/livez' || path === '/healthz') return { kind: 'livez', delayKey: path.slice(1) };
  if (path === '/version') return { kind: 'version', delayKey: 'version' };
  const seg = path.split('/').filter((s) => s !== '');
  let group: string;
  let version: string | undefined;
  let rest: string[];
  if (seg[0] === 'api') {
    if (seg.length === 1)
      return {
        kind: 'discovery',
        delayKey: 'discovery',
        discovery: {
          kind: 'APIVersions',
          versions: ['v1'],
          serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }],
        },
      };
    group = '';
    version = seg[1];
    rest = seg.slice(2);
  } else if (seg[0] === 'apis') {
    if (seg.length === 1) {
      return {
        kind: 'discovery',
        delayKey: 'discovery',
        discovery: {
          kind: 'APIGroupList',
          apiVersion: 'v1',
          groups: apiGroups().map((g) => {
            const gv = { groupVersion: `${g.name}/${g.version}`, version: g.version };
            return { name: g.name, versions: [gv], preferredVersion: gv };
          }),
        },
      };
    }
    group = seg[1] as string;
    version = seg[2];
    rest = seg.slice(3);
    if (version === undefined) {
      const g = apiGroups().find((x) => x.name === group);
      if (!g) return { kind: 'unknown', delayKey: 'unknown' };
      const gv = { groupVersion: `${g.name}/${g.version}`, version: g.version };
      return {
        kind: 'discovery',
        delayKey: 'discovery',
        discovery: { kind: 'APIGroup', apiVersion: 'v1', name: g.name, versions: [gv], preferredVersion: gv },
      };
    }
  } else return { kind: 'unknown', delayKey: 'unknown' };
  const v = version ?? '';
  if (!RESOURCES.some((r) => r.group === group && r.version === v))
    return { kind: 'unknown', delayKey: 'unknown' };
  if (rest.length === 0)
    return { kind: 'discovery', delayKey: 'discovery', discovery: apiResourceList(group, v) };
  let namespace: string | null = null;
  let plural: string | undefined;
  let name: string | null = null;
  if (rest[0] === 'namespaces' && rest.length >= 3) {
    namespace = rest[1] as string;
    plural = rest[2];
    name = rest[3] ?? null;
    if (rest.length === 5 && plural === 'pods' && rest[4] === 'eviction' && group === '' && v === 'v1') {
      return {
        kind: 'resource',
        delayKey: 'pods/eviction',
        plural: 'pods',
        namespace,
        name,
        subresource: 'eviction',
        group: '',
      };
    }
    if (rest.length === 5 && rest[4] === 'scale' && group === 'apps' && SCALE_PLURALS.has(plural ?? '')) {
      return {
        kind: 'resource',
        delayKey: `${plural ?? ''}/scale`,
        plural: plural as string,
        namespace,
        name,
        subresource: 'scale',
        group,
      };
    }
    if (rest.length > 4) return { kind: 'unknown', delayKey: plural ?? 'unknown' };
  } else {
    plural = rest[0];
    name = rest[1] ?? null;
    if (rest.length > 2) return { kind: 'unknown', delayKey: plural ?? 'unknown' };
  }
  const def = resourceFor(group, v, plural ?? '');
  if (!def) return { kind: 'unknown', delayKey: plural ?? 'unknown' };
  if (!def.namespaced && namespace !== null) return { kind: 'unknown', delayKey: def.plural };
  return {
    kind: 'resource',
    delayKey: def.plural,
    plural: def.plural,
    namespace,
    name,
    subresource: null,
    group: def.group,
  };
}

function serve(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  route: Route,
  store: ObjectStore,
  faults: SimulatorFaults,
  now: () => Date,
  bookmarkMs: number,
): void {
  if (faults.unavailable) {
    send(res, 503, status(503, 'ServiceUnavailable', 'the simulator is set to be unavailable'));
    return;
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    // writes to resources are routed to serveWriteRoute before this; the rest is refused
    send(
      res,
      405,
      status(405, 'MethodNotAllowed', `the simulator is read-only: ${req.method ?? ''} is not allowed`),
    );
    return;
  }
  switch (route.kind) {
    case 'readyz':
      serveReadyz(res, url, store.readyz);
      return;
    case 'livez':
      send(res, 200, 'ok', 'text/plain; charset=utf-8');
      return;
    case 'version': {
      const m = /^v(\d+)\.(\d+)/.exec(store.gitVersion);
      send(
        res,
        200,
        JSON.stringify({
          major: m?.[1] ?? '1',
          minor: m?.[2] ?? '33',
          gitVersion: store.gitVersion,
          platform: 'linux/amd64',
        }),
      );
      return;
    }
    case 'discovery':
      send(res, 200, JSON.stringify(route.discovery));
      return;
    case 'reboot':
      send(res, 405, status(405, 'MethodNotAllowed', `${REBOOT_PATH} supports POST only`));
      return;
    case 'unknown':
      send(res, 404, status(404, 'NotFound', 'the server could not find the requested resource'));
      return;
    case 'resource':
      break;
  }
  const plural = route.plural as string;
  const rs = store.resources.get(plural) as ResourceStore;
  const def = rs.def;
  if (faults.forbidden?.includes(plural)) {
    const verb = route.name ? 'get' : 'list';
    const scope = route.namespace ? `in the namespace "${route.namespace}"` : 'at the cluster scope';
    send(
      res,
      403,
      status(
        403,
        'Forbidden',
        `${plural} is forbidden: User "system:serviceaccount:k8s-ha-bot:reader" cannot ${verb} resource "${plural}" in API group "${def.group}" ${scope}`,
        { group: def.group, kind: plural, ...(route.name ? { name: route.name } : {}) },
      ),
    );
    return;
  }
  const asTable = /as=Table/.test(req.headers.accept ?? '');
  if (
    (url.searchParams.get('watch') === 'true' || url.searchParams.get('watch') === '1') &&
    !route.subresource
  ) {
    const labelText = url.searchParams.get('labelSelector') ?? '';
    const fieldText = url.searchParams.get('fieldSelector') ?? '';
    const refused = serveWatch(req, res, store, {
      rs,
      namespace: route.namespace ?? null,
      name: route.name ?? null,
      label: labelText ? parseLabelSelector(labelText) : null,
      field: fieldText ? parseFieldSelector(fieldText, plural) : null,
      asTable,
      url,
      now,
      bookmarkMs,
    });
    if (refused) send(res, refused.code, status(refused.code, refused.reason, refused.message));
    return;
  }
  if (route.subresource === 'scale') {
    const scale = readScale(store, plural, route.namespace ?? 'default', route.name ?? '');
    if (scale) send(res, 200, JSON.stringify(scale));
    else send(res, 404, status(404, 'NotFound', `${plural}.apps "${route.name ?? ''}" not found`));
    return;
  }
  if (route.subresource) {
    send(res, 405, status(405, 'MethodNotAllowed', `${route.subresource} supports POST only`));
    return;
  }
  if (route.name) {
    const key = `${def.namespaced ? (route.namespace ?? '') : ''}/${route.name}`;
    const obj = def.namespaced && route.namespace === null ? undefined : rs.byKey.get(key);
    if (!obj) {
      send(
        res,
        404,
        status(404, 'NotFound', `${plural}${def.group ? `.${def.group}` : ''} "${route.name}" not found`, {
          name: route.name,
          group: def.group,
          kind: plural,
        }),
      );
      return;
    }
    if (asTable) sendTable(res, plural, [obj], { resourceVersion: store.resourceVersion }, url, now);
    else send(res, 200, obj.json);
    return;
  }
  const q = url.searchParams;
  const limitText = q.get('limit');
  const limit = limitText === null || limitText === '' ? 0 : Number(limitText);
  if (!Number.isInteger(limit) || limit < 0) {
    send(res, 400, status(400, 'BadRequest', `invalid limit: ${limitText ?? ''}`));
    return;
  }
  let start = 0;
  const cont = q.get('continue');
  if (cont) {
    const token = decodeContinue(cont);
    if (!token) {
      send(res, 400, status(400, 'BadRequest', 'continue key is not valid: invalid continue token'));
      return;
    }
    start = indexAfter(rs.objects, token.start);
  }
  const labelText = q.get('labelSelector') ?? '';
  const fieldText = q.get('fieldSelector') ?? '';
  const list: ListRequest = {
    store: rs,
    namespace: route.namespace ?? null,
    label: labelText ? parseLabelSelector(labelText) : null,
    field: fieldText ? parseFieldSelector(fieldText, plural) : null,
    limit,
    start,
    nodeName: /(?:^|,)\s*spec\.nodeName\s*==?\s*([^,]*)/.exec(fieldText)?.[1]?.trim() ?? null,
  };
  const page = selectPage(list);
  const meta: Record<string, unknown> = { resourceVersion: store.resourceVersion };
  if (page.continueFrom !== null) {
    meta.continue = encodeContinue({ rv: store.resourceVersion, start: page.continueFrom });
    if (!list.label && !list.field) meta.remainingItemCount = page.remaining;
  }
  if (asTable) {
    sendTable(res, plural, page.objects, meta, url, now);
    return;
  }
  const head = `{"kind":"${def.kind}List","apiVersion":"${groupVersion(def)}","metadata":${JSON.stringify(meta)},"items":[`;
  res.writeHead(200, { 'Content-Type': JSON_TYPE });
  res.cork();
  res.write(head);
  const objs = page.objects;
  for (let i = 0; i < objs.length; i++) {
    if (i > 0) res.write(COMMA);
    res.write((objs[i] as StoredObject).json);
  }
  res.uncork();
  res.end(']}');
}

/** One page: matching objects from `start`, at most `limit` (0 = all). */
function selectPage(list: ListRequest): {
  objects: StoredObject[];
  continueFrom: string | null;
  remaining: number;
} {
  const objs = list.store.objects;
  let from = list.start;
  let to = objs.length;
  if (list.namespace !== null) {
    const prefix = `${list.namespace}/`;
    from = Math.max(from, lowerBound(objs, prefix));
    to = lowerBound(objs, `${list.namespace}0`); // '0' is the character after '/'
  }
  const out: StoredObject[] = [];
  const matches = (o: StoredObject): boolean =>
    (!list.label || list.label(o.labels)) && (!list.field || list.field(o.fields));
  // candidate positions: every position in [from, to), or the spec.nodeName index
  const indexed = list.nodeName !== null ? (list.store.byNodeName?.get(list.nodeName) ?? null) : null;
  let hasMore = false;
  let i = from;
  if (indexed !== null || (list.nodeName !== null && list.store.byNodeName)) {
    const positions = indexed ?? [];
    let k = lowerBoundNumber(positions, from);
    for (; k < positions.length && (positions[k] as number) < to; k++) {
      const o = objs[positions[k] as number] as StoredObject;
      if (!matches(o)) continue;
      if (list.limit > 0 && out.length === list.limit) {
        hasMore = true;
        break;
      }
      out.push(o);
    }
    return {
      objects: out,
      continueFrom: hasMore ? (out[out.length - 1] as StoredObject).key : null,
      remaining: 0,
    };
  }
  const unfiltered = !list.label && !list.field;
  for (; i < to; i++) {
    const o = objs[i] as StoredObject;
    if (!unfiltered && !matches(o)) continue;
    out.push(o);
    if (list.limit > 0 && out.length === list.limit) {
      i++;
      break;
    }
  }
  // more matching objects after i?
  if (list.limit > 0 && out.length === list.limit) {
    if (unfiltered) hasMore = i < to;
    else {
      for (let j = i; j < to; j++) {
        if (matches(objs[j] as StoredObject)) {
          hasMore = true;
          break;
        }
      }
    }
  }
  const last = out[out.length - 1];
  return { objects: out, continueFrom: hasMore && last ? last.key : null, remaining: hasMore ? to - i : 0 };
}

/** First index of a sorted number array whose value is >= `n`. */
function lowerBoundNumber(values: number[], n: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((values[mid] as number) < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function sendTable(
  res: ServerResponse,
  plural: string,
  objects: StoredObject[],
  meta: Record<string, unknown>,
  url: URL,
  now: () => Date,
): void {
  const include = url.searchParams.get('includeObject') ?? 'Metadata';
  const nowMs = now().getTime();
  const rows = objects.map((o) => {
    const obj = JSON.parse(o.json.toString('utf8')) as Record<string, unknown> & { metadata?: object };
    const row: Record<string, unknown> = { cells: tableCells(plural, obj, nowMs) };
    if (include === 'Object') row.object = obj;
    else if (include !== 'None')
      row.object = { kind: 'PartialObjectMetadata', apiVersion: 'meta.k8s.io/v1', metadata: obj.metadata };
    return row;
  });
  send(
    res,
    200,
    JSON.stringify({
      kind: 'Table',
      apiVersion: 'meta.k8s.io/v1',
      metadata: meta,
      columnDefinitions: tableColumns(plural),
      rows,
    }),
  );
}

function serveReadyz(res: ServerResponse, url: URL, readyz: string | null): void {
  const text = 'text/plain; charset=utf-8';
  if (readyz === null) {
    send(
      res,
      503,
      'readyz: no /readyz text was recorded in this snapshot file (the apiserver did not answer when it was recorded)\n',
      text,
    );
    return;
  }
  const failed = /^\[-\]/m.test(readyz);
  if (failed) send(res, 500, readyz, text);
  else send(res, 200, url.searchParams.has('verbose') ? readyz : 'ok', text);
}

/** Largest request body read (1 MiB; kube-apiserver's limit is 3 MiB). */
const MAX_BODY = 1024 * 1024;

function readBody(req: IncomingMessage, done: (body: unknown, parseError: string | null) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  req.on('data', (c: Buffer) => {
    size += c.length;
    if (size <= MAX_BODY) chunks.push(c);
  });
  req.on('end', () => {
    if (size > MAX_BODY) {
      done(undefined, `the request body is larger than ${MAX_BODY} bytes`);
      return;
    }
    const text = Buffer.concat(chunks).toString('utf8');
    if (text.trim() === '') {
      done(undefined, null);
      return;
    }
    try {
      done(JSON.parse(text) as unknown, null);
    } catch (err) {
      done(undefined, `the request body is not JSON: ${(err as Error).message}`);
    }
  });
}

function serveWriteRoute(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  route: Route,
  store: ObjectStore,
  faults: SimulatorFaults,
  state: MaintenanceState,
  now: () => Date,
  body: unknown,
  parseError: string | null,
): void {
  const plural = route.plural as string;
  const method = req.method ?? '';
  if (
    faults.forbidden?.includes(plural) ||
    (route.subresource && faults.forbidden?.includes(`${plural}/${route.subresource}`))
  ) {
    const verb =
      { POST: 'create', PUT: 'update', PATCH: 'patch', DELETE: 'delete' }[method] ?? method.toLowerCase();
    const group = route.group ?? '';
    const scope = route.namespace ? `in the namespace "${route.namespace}"` : 'at the cluster scope';
    const resource = route.subresource ? `${plural}/${route.subresource}` : plural;
    send(
      res,
      403,
      status(
        403,
        'Forbidden',
        `${plural} is forbidden: User "system:serviceaccount:k8s-ha-bot:reader" cannot ${verb} resource "${resource}" in API group "${group}" ${scope}`,
        {
          group,
          kind: plural,
          ...(route.name ? { name: route.name } : {}),
        },
      ),
    );
    return;
  }
  if (parseError !== null) {
    send(res, 400, status(400, 'BadRequest', parseError));
    return;
  }
  const answer = serveWrite(
    store,
    state,
    {
      method,
      plural,
      group: route.group ?? '',
      namespace: route.namespace ?? null,
      name: route.name ?? null,
      subresource: route.subresource ?? null,
      contentType: req.headers['content-type'],
      body,
      dryRun: url.searchParams.getAll('dryRun').includes('All'),
      fieldManager:
        url.searchParams.get('fieldManager') ||
        (req.headers['user-agent'] ?? '').split('/')[0]?.slice(0, 128) ||
        undefined,
    },
    now(),
  );
  send(res, answer.code, JSON.stringify(answer.body));
}
