/**
 * The simulator's write API, enough for node maintenance (cordon, drain, locks) to run against it
 * as against kube-apiserver:
 *
 * - `PATCH` (JSON, merge, strategic merge) and `PUT` of nodes and leases, with `resourceVersion`
 *   preconditions (409 Conflict);
 * - `POST`, `PUT`, `PATCH`, `DELETE` of `coordination.k8s.io/v1` Leases in any namespace;
 * - `PUT`, `PATCH` of DaemonSets (kured's lock annotation), with `resourceVersion` preconditions;
 * - `DELETE` of pods, and `POST …/pods/NAME/eviction` (`policy/v1` Eviction) answered as
 *   kube-apiserver decides it ({@link decideEviction}, the one implementation the analysis reads too);
 *   a dry run is asked by `?dryRun=All` or by the Eviction body's `deleteOptions.dryRun: ["All"]`
 *   (what `kubectl drain --dry-run=server` sends);
 * - after a pod is deleted, its ReplicaSet's or StatefulSet's replacement, scheduled on another
 *   Ready, schedulable node whose NoSchedule/NoExecute taints it tolerates and whose labels match
 *   its `nodeSelector` (least pods first), Running and Ready at once; Pending and unscheduled when
 *   no node fits (nor one below its `allocatable.pods`). Either controller can be off
 *   ({@link SimulatorControllers}, as on a kube-apiserver without kube-controller-manager): its
 *   deleted pods are then not replaced until it is on again. A dry run (`?dryRun=All`, or the Eviction body's
 *   `deleteOptions.dryRun`) changes nothing. The
 *   simulator has no disruption controller: an eviction decrements the budget's
 *   `disruptionsAllowed` (and `currentHealthy` for a Ready pod), and a Ready replacement gives it back.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/
 * @see https://kubernetes.io/docs/tasks/run-application/configure-pdb/#unhealthy-pod-eviction-policy
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isPodReady } from '../analysis/cluster-index.js';
import { nodeInfoOf } from '../analysis/scheduling/filter.js';
import { taintTolerationFilter } from '../analysis/scheduling/taint-toleration.js';
import {
  EVICTION_BLOCKED_MESSAGE,
  type EvictionBudget,
  budgetsOfPod,
  decideEviction,
} from '../analysis/eviction-api.js';
import type { KNode, KPod, KTaint } from '../cluster/types.js';
import { isBotError } from '../errors.js';
import { applyPatch, patchTypeOf } from './apply-patch.js';
import type { ObjectStore } from './object-store.js';
import { deleteObject, objectKey, readAll, readObject, writeObject } from './store-writes.js';
import type { WireObject } from './store-writes.js';
import { metaTime } from '../cluster/wire-time.js';

/**
 * The workload controllers that replace deleted pods (kube-controller-manager's ReplicaSet and
 * StatefulSet controllers); true: running.
 */
export interface SimulatorControllers {
  replicaSet: boolean;
  statefulSet: boolean;
}

/** What the write API keeps between requests (shared with the running simulator's test hooks). */
export interface MaintenanceState {
  /** Successful evictions by `namespace/name` of the evicted pod. */
  evictions: Map<string, number>;
  /** Eviction requests by `namespace/name`, whatever their answer (429s included). */
  evictionRequests: Map<string, number>;
  controllers: SimulatorControllers;
  /** Pods deleted while their controller was off, not replaced yet (oldest first). */
  unreplaced: KPod[];
}

/** A state for a write that changes nothing kept (`?dryRun=All`). */
function dryRunState(state: MaintenanceState): MaintenanceState {
  return {
    evictions: new Map(),
    evictionRequests: new Map(),
    controllers: state.controllers,
    unreplaced: [],
  };
}

/**
 * Turn workload controllers on or off. A controller turned on replaces at once the pods deleted
 * while it was off (as a controller that starts catches up with its workloads).
 * @param store - the simulator's objects
 * @param state - the write API's state
 * @param controllers - the controllers to change; the others stay as they are
 * @param now - the time of the replacements
 */
export function setControllers(
  store: ObjectStore,
  state: MaintenanceState,
  controllers: Partial<SimulatorControllers>,
  now: Date,
): void {
  Object.assign(state.controllers, controllers);
  const backlog = state.unreplaced.splice(0);
  for (const pod of backlog) replace(store, state, pod, now);
}

/** One write request, routed. */
export interface WriteRequest {
  method: string;
  /** Resource plural (`nodes`, `pods`, `leases`, …). */
  plural: string;
  /** API group of the resource ('' for core). */
  group: string;
  namespace: string | null;
  name: string | null;
  /** `eviction` for `pods/eviction`, else null. */
  subresource: string | null;
  contentType: string | undefined;
  /** The request body, parsed JSON (undefined when empty). */
  body: unknown;
  /** `?dryRun=All`: every check runs and the answer is as for a real write, but nothing changes. */
  dryRun?: boolean;
  /**
   * Who writes: `?fieldManager=`, else the User-Agent up to its first `/` (what kube-apiserver
   * records in managedFields for an update without one).
   */
  fieldManager?: string;
}

/** The answer: HTTP status and JSON body (an object or a `Status`). */
export interface WriteAnswer {
  code: number;
  body: object;
}

/**
 * A `meta/v1` Status body.
 * @param code - HTTP status
 * @param reason - Status reason (`NotFound`, `Conflict`, `TooManyRequests`, …)
 * @param message - human message
 * @param details - optional `details`
 */
export function statusBody(code: number, reason: string, message: string, details?: object): object {
  return {
    kind: 'Status',
    apiVersion: 'v1',
    metadata: {},
    status: 'Failure',
    message,
    reason,
    ...(details ? { details } : {}),
    code,
  };
}

const qualified = (plural: string, group: string): string => (group ? `${plural}.${group}` : plural);

function notFound(r: WriteRequest, name: string): WriteAnswer {
  return {
    code: 404,
    body: statusBody(404, 'NotFound', `${qualified(r.plural, r.group)} "${name}" not found`, {
      name,
      group: r.group,
      kind: r.plural,
    }),
  };
}

function conflict(r: WriteRequest, name: string): WriteAnswer {
  return {
    code: 409,
    body: statusBody(
      409,
      'Conflict',
      `Operation cannot be fulfilled on ${qualified(r.plural, r.group)} "${name}": the object has been modified; please apply your changes to the latest version and try again`,
      { name, group: r.group, kind: r.plural },
    ),
  };
}

function methodNotAllowed(method: string): WriteAnswer {
  return {
    code: 405,
    body: statusBody(405, 'MethodNotAllowed', `the simulator is read-only here: ${method} is not allowed`),
  };
}

function badRequest(message: string): WriteAnswer {
  return { code: 400, body: statusBody(400, 'BadRequest', message) };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The `deleteOptions.dryRun` of an Eviction body (kubectl drain --dry-run=server sends
 * `{"deleteOptions":{"dryRun":["All"]}}` and no query parameter); [] for any other request. The API
 * server takes it as it takes `?dryRun=All`, and answers 400 when both are given and differ
 * (eviction.go `propagateDryRun`).
 * @param r - the routed request
 */
function evictionBodyDryRun(r: WriteRequest): string[] {
  if (r.subresource !== 'eviction' || !isRecord(r.body) || !isRecord(r.body.deleteOptions)) return [];
  const d = r.body.deleteOptions.dryRun;
  return Array.isArray(d) ? d.filter((x): x is string => typeof x === 'string') : [];
}

/** The Eviction body without its `deleteOptions.dryRun` (the dry run is then the cloned store's). */
function withoutBodyDryRun(body: unknown): unknown {
  if (!isRecord(body) || !isRecord(body.deleteOptions)) return body;
  const { dryRun: _dryRun, ...deleteOptions } = body.deleteOptions;
  return { ...body, deleteOptions };
}

/**
 * Serve one write request.
 * @param store - the simulator's store (changed)
 * @param state - eviction counters (changed)
 * @param r - the routed request
 * @param now - the clock (timestamps written)
 * @returns the answer; never throws for a bad request (400 instead)
 */
export function serveWrite(
  store: ObjectStore,
  state: MaintenanceState,
  r: WriteRequest,
  now: Date,
): WriteAnswer {
  const bodyDryRun = evictionBodyDryRun(r);
  if (bodyDryRun.length > 0 && r.dryRun === true && !(bodyDryRun.length === 1 && bodyDryRun[0] === 'All'))
    return badRequest(
      `Non-matching dry-run options in request and content: [All] and [${bodyDryRun.join(' ')}]`,
    );
  if (r.dryRun || bodyDryRun.includes('All'))
    return serveWrite(
      cloneStore(store),
      dryRunState(state),
      { ...r, dryRun: false, body: withoutBodyDryRun(r.body) },
      now,
    );
  try {
    if (r.plural === 'pods' && r.subresource === 'eviction' && r.method === 'POST' && r.name)
      return evict(store, state, r, r.name, now);
    if (r.subresource !== null) return methodNotAllowed(r.method);
    if (r.plural === 'nodes' && r.name && (r.method === 'PATCH' || r.method === 'PUT'))
      return update(store, r, r.name, now);
    if (r.plural === 'leases') {
      if (r.method === 'POST' && !r.name && r.namespace) return create(store, r, now);
      if (r.name && (r.method === 'PATCH' || r.method === 'PUT')) return update(store, r, r.name, now);
      if (r.name && r.method === 'DELETE') return remove(store, state, r, r.name, now);
    }
    // kured's lock is an annotation on its DaemonSet (weave.works/kured-node-lock): the bot takes it while it works on a node.
    if (r.plural === 'daemonsets' && r.name && (r.method === 'PATCH' || r.method === 'PUT'))
      return update(store, r, r.name, now);
    if (r.plural === 'pods' && r.name && r.method === 'DELETE') return remove(store, state, r, r.name, now);
    return methodNotAllowed(r.method);
  } catch (err) {
    if (isBotError(err) && err.code === 'bad-request')
      return { code: 422, body: statusBody(422, 'Invalid', err.message) };
    throw err;
  }
}

/** A copy of the store sharing the (immutable) object buffers: writes to it leave `store` as is. */
function cloneStore(store: ObjectStore): ObjectStore {
  const resources = new Map(
    [...store.resources].map(([plural, rs]) => [
      plural,
      {
        ...rs,
        objects: [...rs.objects],
        byKey: new Map(rs.byKey),
        ...(rs.byNodeName ? { byNodeName: new Map(rs.byNodeName) } : {}),
      },
    ]),
  );
  return { ...store, resources };
}

function create(store: ObjectStore, r: WriteRequest, now: Date): WriteAnswer {
  const body = r.body;
  if (
    !isRecord(body) ||
    !isRecord(body.metadata) ||
    typeof body.metadata.name !== 'string' ||
    body.metadata.name === ''
  ) {
    return {
      code: 422,
      body: statusBody(
        422,
        'Invalid',
        `${r.plural} is invalid: metadata.name: Required value: name is required`,
      ),
    };
  }
  const obj = structuredClone(body) as WireObject;
  if (obj.metadata.namespace !== undefined && obj.metadata.namespace !== r.namespace) {
    return badRequest(
      'the namespace of the provided object does not match the namespace sent on the request',
    );
  }
  obj.metadata.namespace = r.namespace ?? undefined;
  const rs = store.resources.get(r.plural);
  if (!rs) return methodNotAllowed(r.method);
  const key = objectKey(rs, r.namespace, obj.metadata.name);
  if (rs.byKey.has(key)) {
    const name = obj.metadata.name;
    return {
      code: 409,
      body: statusBody(409, 'AlreadyExists', `${qualified(r.plural, r.group)} "${name}" already exists`, {
        name,
        group: r.group,
        kind: r.plural,
      }),
    };
  }
  delete obj.metadata.uid;
  delete obj.metadata.resourceVersion;
  delete obj.metadata.creationTimestamp;
  return { code: 201, body: writeObject(store, r.plural, obj, now) };
}

function update(store: ObjectStore, r: WriteRequest, name: string, now: Date): WriteAnswer {
  const rs = store.resources.get(r.plural);
  if (!rs) return methodNotAllowed(r.method);
  const key = objectKey(rs, r.namespace, name);
  const current = readObject(store, r.plural, key);
  if (!current) return notFound(r, name);
  let next: WireObject;
  if (r.method === 'PATCH') {
    const type = patchTypeOf(r.contentType);
    if (type === null) {
      return {
        code: 415,
        body: statusBody(
          415,
          'UnsupportedMediaType',
          `the body of the request was in an unknown format - accepted media types include: application/json-patch+json, application/merge-patch+json, application/strategic-merge-patch+json`,
        ),
      };
    }
    const patched = applyPatch(current, r.body, type);
    if (!isRecord(patched) || !isRecord(patched.metadata))
      return { code: 422, body: statusBody(422, 'Invalid', 'the patched object has no metadata') };
    next = patched as WireObject;
  } else {
    if (!isRecord(r.body) || !isRecord(r.body.metadata))
      return badRequest('the body must be an object with metadata');
    next = structuredClone(r.body) as WireObject;
  }
  const rv = next.metadata.resourceVersion;
  if (rv !== undefined && rv !== '' && rv !== current.metadata.resourceVersion) return conflict(r, name);
  if (next.metadata.name !== name)
    return badRequest(
      `the name of the object (${String(next.metadata.name)}) does not match the name on the URL (${name})`,
    );
  // identity and creation are the server's
  next.metadata.uid = current.metadata.uid;
  next.metadata.creationTimestamp = current.metadata.creationTimestamp;
  next.metadata.namespace = current.metadata.namespace;
  if (r.plural === 'nodes') {
    syncUnschedulableTaint(current, next, now);
    recordUnschedulableOwner(current, next, r.fieldManager, now);
  }
  return { code: 200, body: writeObject(store, r.plural, next, now) };
}

/**
 * The node lifecycle controller's `node.kubernetes.io/unschedulable:NoSchedule` taint, kept in step
 * with `spec.unschedulable` (TaintNodesByCondition).
 */
function syncUnschedulableTaint(before: WireObject, after: WireObject, now: Date): void {
  const key = 'node.kubernetes.io/unschedulable';
  const was = (before.spec as KNode['spec'])?.unschedulable === true;
  const spec = (after.spec ?? (after.spec = {})) as NonNullable<KNode['spec']>;
  const is = spec.unschedulable === true;
  if (was === is) return;
  const taints = (spec.taints ?? []).filter((t) => t.key !== key);
  if (is) taints.push({ key, effect: 'NoSchedule', timeAdded: metaTime(now) } as KTaint);
  if (taints.length > 0) spec.taints = taints;
  else delete spec.taints;
}

/**
 * managedFields of `spec.unschedulable`, as kube-apiserver keeps them: setting it makes the writer
 * (`fieldManager`) its only owner, clearing it removes every owner. Other entries are untouched.
 * @see https://kubernetes.io/docs/reference/using-api/server-side-apply/#field-management
 */
function recordUnschedulableOwner(
  before: WireObject,
  after: WireObject,
  manager: string | undefined,
  now: Date,
): void {
  const was = (before.spec as KNode['spec'])?.unschedulable === true;
  const is = (after.spec as KNode['spec'])?.unschedulable === true;
  if (was === is) return;
  type Entry = { fieldsV1?: { 'f:spec'?: Record<string, unknown> } } & Record<string, unknown>;
  const entries = ((after.metadata.managedFields as Entry[] | undefined) ?? []).flatMap((e) => {
    const spec = e.fieldsV1?.['f:spec'];
    if (!spec || !('f:unschedulable' in spec)) return [e];
    const { 'f:unschedulable': _dropped, ...rest } = spec;
    return Object.keys(rest).length > 0 ? [{ ...e, fieldsV1: { ...e.fieldsV1, 'f:spec': rest } }] : [];
  });
  if (is)
    entries.push({
      manager: manager ?? 'unknown',
      operation: 'Update',
      apiVersion: 'v1',
      time: metaTime(now),
      fieldsType: 'FieldsV1',
      fieldsV1: { 'f:spec': { 'f:unschedulable': {} } },
    });
  if (entries.length > 0) after.metadata.managedFields = entries;
  else delete after.metadata.managedFields;
}

function remove(
  store: ObjectStore,
  state: MaintenanceState,
  r: WriteRequest,
  name: string,
  now: Date,
): WriteAnswer {
  const rs = store.resources.get(r.plural);
  if (!rs) return methodNotAllowed(r.method);
  const key = objectKey(rs, r.namespace, name);
  const current = readObject(store, r.plural, key);
  if (!current) return notFound(r, name);
  const pre = isRecord(r.body) && isRecord(r.body.preconditions) ? r.body.preconditions : undefined;
  if (
    pre &&
    ((pre.uid !== undefined && pre.uid !== current.metadata.uid) ||
      (pre.resourceVersion !== undefined && pre.resourceVersion !== current.metadata.resourceVersion))
  ) {
    return conflict(r, name);
  }
  deleteObject(store, r.plural, key);
  if (r.plural === 'pods') {
    replace(store, state, current as unknown as KPod, now);
    return { code: 200, body: current };
  }
  return {
    code: 200,
    body: {
      kind: 'Status',
      apiVersion: 'v1',
      metadata: {},
      status: 'Success',
      details: { name, group: r.group, kind: r.plural, uid: current.metadata.uid },
    },
  };
}

interface WirePdb extends WireObject {
  spec?: EvictionBudget['spec'];
  status?: NonNullable<EvictionBudget['status']> & {
    conditions?: {
      type: string;
      status: string;
      reason?: string;
      message?: string;
      lastTransitionTime?: string;
      observedGeneration?: number;
    }[];
  };
}

/** The budgets in the pod's namespace whose selector matches it ({@link budgetsOfPod}). */
function budgetsOf(store: ObjectStore, pod: KPod): WirePdb[] {
  return budgetsOfPod(pod, readAll(store, 'poddisruptionbudgets') as WirePdb[]);
}

function evict(
  store: ObjectStore,
  state: MaintenanceState,
  r: WriteRequest,
  name: string,
  now: Date,
): WriteAnswer {
  const ns = r.namespace ?? 'default';
  const podKey = `${ns}/${name}`;
  state.evictionRequests.set(podKey, (state.evictionRequests.get(podKey) ?? 0) + 1);
  const body = r.body;
  if (
    isRecord(body) &&
    isRecord(body.metadata) &&
    body.metadata.name !== undefined &&
    body.metadata.name !== name
  ) {
    return badRequest('name in URL does not match name in Eviction object');
  }
  const pod = readObject(store, 'pods', podKey) as unknown as (KPod & WireObject) | undefined;
  if (!pod) return notFound({ ...r, plural: 'pods', group: '' }, name);
  const opts = isRecord(body) && isRecord(body.deleteOptions) ? body.deleteOptions : undefined;
  const pre = opts && isRecord(opts.preconditions) ? opts.preconditions : undefined;
  if (pre && pre.uid !== undefined && pre.uid !== pod.metadata.uid)
    return conflict({ ...r, plural: 'pods', group: '' }, name);
  const pdbs = budgetsOf(store, pod);
  const decision = decideEviction(pod, pdbs);
  if (decision.outcome === 'error') {
    return decision.code === 500
      ? {
          code: 500,
          body: statusBody(500, 'InternalError', `Internal error occurred: ${decision.message}`, {
            causes: [{ message: decision.message }],
          }),
        }
      : { code: 403, body: statusBody(403, 'Forbidden', decision.message) };
  }
  if (decision.outcome === 'too-many-requests') {
    return {
      code: 429,
      body: statusBody(429, 'TooManyRequests', EVICTION_BLOCKED_MESSAGE, {
        causes: [{ reason: 'DisruptionBudget', message: decision.cause }],
        retryAfterSeconds: decision.retryAfterSeconds,
      }),
    };
  }
  const pdb = pdbs[0];
  if (decision.why === 'allowed' && pdb) {
    const st = pdb.status ?? {};
    const status = (pdb.status = { ...st });
    status.disruptionsAllowed = (st.disruptionsAllowed ?? 0) - 1;
    if (isPodReady(pod)) status.currentHealthy = Math.max(0, (st.currentHealthy ?? 0) - 1);
    status.disruptedPods = { ...(st.disruptedPods ?? {}), [name]: metaTime(now) };
    if (status.disruptionsAllowed === 0) setDisruptionAllowed(status, false, now);
    writeObject(store, 'poddisruptionbudgets', pdb, now);
  }
  deleteObject(store, 'pods', podKey);
  state.evictions.set(podKey, (state.evictions.get(podKey) ?? 0) + 1);
  replace(store, state, pod, now);
  return {
    code: 201,
    body: { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Success', code: 201 },
  };
}

function setDisruptionAllowed(status: NonNullable<WirePdb['status']>, allowed: boolean, now: Date): void {
  const conds = (status.conditions ?? []).filter((c) => c.type !== 'DisruptionAllowed');
  const old = status.conditions?.find((c) => c.type === 'DisruptionAllowed');
  const value = allowed ? 'True' : 'False';
  conds.push({
    ...(old ?? {}),
    type: 'DisruptionAllowed',
    status: value,
    reason: allowed ? 'SufficientPods' : 'InsufficientPods',
    message: '',
    lastTransitionTime:
      old?.status === value && old.lastTransitionTime ? old.lastTransitionTime : metaTime(now),
  });
  status.conditions = conds;
}

const RAND_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

function randomSuffix(): string {
  return [...randomBytes(5)].map((b) => RAND_ALPHABET[b % RAND_ALPHABET.length]).join('');
}

/**
 * Create the replacement of a deleted pod owned by a ReplicaSet or StatefulSet (nothing for other
 * pods), or keep it for later while that controller is off. See the module comment for the
 * scheduling rules.
 */
function replace(store: ObjectStore, state: MaintenanceState, old: KPod, now: Date): void {
  const ctrl = (old.metadata.ownerReferences ?? []).find((o) => o.controller === true);
  if (!ctrl || (ctrl.kind !== 'ReplicaSet' && ctrl.kind !== 'StatefulSet')) return;
  if (!state.controllers[ctrl.kind === 'ReplicaSet' ? 'replicaSet' : 'statefulSet']) {
    state.unreplaced.push(old);
    return;
  }
  const ns = old.metadata.namespace ?? 'default';
  const name = ctrl.kind === 'StatefulSet' ? old.metadata.name : `${ctrl.name}-${randomSuffix()}`;
  const stamp = metaTime(now);
  const spec = structuredClone(old.spec ?? {});
  delete spec.nodeName;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: ns,
      ...(ctrl.kind === 'ReplicaSet' ? { generateName: `${ctrl.name}-` } : {}),
      ...(old.metadata.labels ? { labels: { ...old.metadata.labels } } : {}),
      ...(old.metadata.annotations ? { annotations: { ...old.metadata.annotations } } : {}),
      ownerReferences: structuredClone(old.metadata.ownerReferences ?? []),
      uid: randomUUID(),
    },
    spec,
  } as WireObject & KPod;
  let podStatus: Record<string, unknown>;
  const node = pickNode(store, pod, old.spec?.nodeName ?? '');
  const containers = (spec.containers ?? []).map((c) => c.name);
  if (node) {
    spec.nodeName = node.metadata.name;
    const hostIP = node.status?.addresses?.find((a) => a.type === 'InternalIP')?.address;
    const cond = (type: string): object => ({
      type,
      status: 'True',
      lastProbeTime: null,
      lastTransitionTime: stamp,
    });
    podStatus = {
      phase: 'Running',
      conditions: [
        'PodReadyToStartContainers',
        'Initialized',
        'Ready',
        'ContainersReady',
        'PodScheduled',
      ].map(cond),
      ...(hostIP ? { hostIP, hostIPs: [{ ip: hostIP }] } : {}),
      startTime: stamp,
      containerStatuses: containers.map((c) => ({
        name: c,
        ready: true,
        started: true,
        restartCount: 0,
        state: { running: { startedAt: stamp } },
      })),
      qosClass: 'BestEffort',
    };
  } else {
    const total = store.resources.get('nodes')?.objects.length ?? 0;
    podStatus = {
      phase: 'Pending',
      conditions: [
        {
          type: 'PodScheduled',
          status: 'False',
          lastProbeTime: null,
          lastTransitionTime: stamp,
          reason: 'Unschedulable',
          message: `0/${total} nodes are available: no node is Ready, schedulable, tolerated and matching the pod's nodeSelector.`,
        },
      ],
      qosClass: 'BestEffort',
    };
  }
  pod.status = podStatus as KPod['status'];
  writeObject(store, 'pods', pod, now);
  if (node) {
    // the disruption controller's view: a Ready replacement restores the budget
    for (const pdb of budgetsOf(store, pod)) {
      const st = (pdb.status = { ...(pdb.status ?? {}) });
      st.currentHealthy = (st.currentHealthy ?? 0) + 1;
      st.disruptionsAllowed = Math.max(0, st.currentHealthy - (st.desiredHealthy ?? 0));
      if (st.disruptedPods) {
        delete st.disruptedPods[old.metadata.name];
        if (Object.keys(st.disruptedPods).length === 0) delete st.disruptedPods;
      }
      setDisruptionAllowed(st, st.disruptionsAllowed > 0, now);
      writeObject(store, 'poddisruptionbudgets', pdb, now);
    }
  }
}

function pickNode(store: ObjectStore, pod: KPod, exclude: string): KNode | null {
  const nodes = readAll(store, 'nodes') as unknown as KNode[];
  const byNode = store.resources.get('pods')?.byNodeName;
  const candidates = nodes.filter((n) => {
    if (n.metadata.name === exclude) return false;
    if (n.spec?.unschedulable === true) return false;
    if (n.status?.conditions?.find((c) => c.type === 'Ready')?.status !== 'True') return false;
    if (taintTolerationFilter(pod, nodeInfoOf(n, [])).code !== 'Success') return false;
    const capacity = Number(n.status?.allocatable?.pods ?? Infinity);
    if ((byNode?.get(n.metadata.name)?.length ?? 0) >= capacity) return false;
    const sel = pod.spec?.nodeSelector ?? {};
    return Object.entries(sel).every(([k, v]) => n.metadata.labels?.[k] === v);
  });
  candidates.sort((a, b) => {
    const d = (byNode?.get(a.metadata.name)?.length ?? 0) - (byNode?.get(b.metadata.name)?.length ?? 0);
    return d !== 0 ? d : a.metadata.name < b.metadata.name ? -1 : 1;
  });
  return candidates[0] ?? null;
}
