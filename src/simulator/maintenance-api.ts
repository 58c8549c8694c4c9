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
 * - after a pod is deleted, its ReplicaSet's or StatefulSet's replacement, placed on another node
 *   by the scheduler (schedule-pod.ts: the analysis' placement model), Running and Ready at once;
 *   Pending and unscheduled when no node fits; a `scale` (or a changed `spec.replicas`) is
 *   followed the same way. Either controller can be off
 *   ({@link SimulatorControllers}, as on a kube-apiserver without kube-controller-manager): its
 *   deleted pods are then not replaced until it is on again. A dry run (`?dryRun=All`, or the Eviction body's
 *   `deleteOptions.dryRun`) changes nothing. An eviction decrements the budget's
 *   `disruptionsAllowed` (and `currentHealthy` for a Ready pod) and records the pod in
 *   `disruptedPods`, as the eviction API does; after a pod is replaced, deleted, scaled away or
 *   changed, the disruption controller (`syncBudgets`) counts the namespace's budgets again.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/
 * @see https://kubernetes.io/docs/tasks/run-application/configure-pdb/#unhealthy-pod-eviction-policy
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { isPodReady } from '../analysis/cluster-index.js';
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
import { schedulePod } from './schedule-pod.js';
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
  /** Replacements the scheduler refuses whatever the nodes' room ({@link SchedulerRefusal}). */
  schedulerRefuses?: SchedulerRefusal[];
}

/**
 * A scheduler rule the snapshot cannot show (a topology spread constraint or an inter-pod
 * anti-affinity over pods the bot does not read, a scheduler extender): replacements whose labels
 * include `labels` stay Pending with `message` as their `PodScheduled=False` message.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/
 */
export interface SchedulerRefusal {
  labels: Record<string, string>;
  message: string;
}

/** A state for a write that changes nothing kept (`?dryRun=All`). */
function dryRunState(state: MaintenanceState): MaintenanceState {
  return {
    evictions: new Map(),
    evictionRequests: new Map(),
    controllers: state.controllers,
    unreplaced: [],
    ...(state.schedulerRefuses ? { schedulerRefuses: state.schedulerRefuses } : {}),
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
    if (r.subresource === 'scale' && r.name && (r.method === 'PATCH' || r.method === 'PUT'))
      return scale(store, state, r, r.name, now);
    if (r.subresource !== null) return methodNotAllowed(r.method);
    // What kubectl sends: create, patch / replace (label, annotate, cordon, patch, edit), delete.
    if (r.method === 'POST' && !r.name) return create(store, r, now);
    if (r.name && (r.method === 'PATCH' || r.method === 'PUT')) {
      const answer = update(store, r, r.name, now);
      if (answer.code === 200 && SCALABLE.has(r.plural))
        reconcileWorkload(store, state, r.plural, answer.body as WireObject, now);
      if (answer.code === 200 && (r.plural === 'pods' || SCALABLE.has(r.plural)))
        syncBudgets(store, r.namespace ?? 'default', now);
      return answer;
    }
    if (r.name && r.method === 'DELETE') return remove(store, state, r, r.name, now);
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
    syncBudgets(store, current.metadata.namespace ?? 'default', now);
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
    expectedPods?: number;
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
 * pods), or keep it for later while that controller is off: a StatefulSet's keeps its name, a
 * ReplicaSet's gets `<rs>-<random>`.
 */
function replace(store: ObjectStore, state: MaintenanceState, old: KPod, now: Date): void {
  const ctrl = (old.metadata.ownerReferences ?? []).find((o) => o.controller === true);
  if (!ctrl || (ctrl.kind !== 'ReplicaSet' && ctrl.kind !== 'StatefulSet')) return;
  if (!state.controllers[ctrl.kind === 'ReplicaSet' ? 'replicaSet' : 'statefulSet']) {
    state.unreplaced.push(old);
    return;
  }
  const name = ctrl.kind === 'StatefulSet' ? old.metadata.name : `${ctrl.name}-${randomSuffix()}`;
  const pod = createPod(store, old, name, now, old.spec?.nodeName ?? '', state.schedulerRefuses);
  // a Ready replacement ends the disruption the budget recorded
  for (const pdb of pod.status?.phase === 'Running' ? budgetsOf(store, pod) : []) {
    if (!pdb.status?.disruptedPods?.[old.metadata.name]) continue;
    const status = (pdb.status = { ...pdb.status });
    const { [old.metadata.name]: _gone, ...rest } = status.disruptedPods ?? {};
    if (Object.keys(rest).length > 0) status.disruptedPods = rest;
    else delete status.disruptedPods;
    writeObject(store, 'poddisruptionbudgets', pdb, now);
  }
  syncBudgets(store, pod.metadata.namespace ?? 'default', now);
}

/**
 * The disruption controller's count of the namespace's budgets: `currentHealthy` (their pods that
 * are Ready and not being deleted), `expectedPods` (their pods), `disruptionsAllowed` =
 * max(0, currentHealthy − desiredHealthy) with the `desiredHealthy` recorded in the status (the
 * controller derives it from the workloads' scale, which the simulator does not re-derive), and
 * the `DisruptionAllowed` condition; written only when something changed.
 * @see https://kubernetes.io/docs/tasks/run-application/configure-pdb/#think-about-how-your-application-reacts-to-disruptions
 * @see https://github.com/kubernetes/kubernetes/blob/master/pkg/controller/disruption/disruption.go
 */
function syncBudgets(store: ObjectStore, namespace: string, now: Date): void {
  const pods = (readAll(store, 'pods') as unknown as KPod[]).filter(
    (p) => (p.metadata.namespace ?? 'default') === namespace,
  );
  for (const pdb of readAll(store, 'poddisruptionbudgets') as WirePdb[]) {
    if ((pdb.metadata.namespace ?? 'default') !== namespace || !pdb.status) continue;
    const mine = pods.filter((p) => budgetsOfPod(p, [pdb]).length > 0);
    const healthy = mine.filter((p) => isPodReady(p) && p.metadata.deletionTimestamp === undefined).length;
    const allowed = Math.max(0, healthy - (pdb.status.desiredHealthy ?? 0));
    const st = pdb.status;
    if (st.currentHealthy === healthy && st.disruptionsAllowed === allowed && st.expectedPods === mine.length)
      continue;
    const status = (pdb.status = { ...st, currentHealthy: healthy, expectedPods: mine.length });
    status.disruptionsAllowed = allowed;
    setDisruptionAllowed(status, allowed > 0, now);
    writeObject(store, 'poddisruptionbudgets', pdb, now);
  }
}

/**
 * Create a controller's pod from `template` (labels, annotations, owner references, spec), bound to
 * the node {@link schedulePod} picks (never `exclude`), Running and Ready at once; Pending and `Unschedulable` when
 * no node fits.
 */
function createPod(
  store: ObjectStore,
  template: Pick<KPod, 'spec'> & { metadata?: Partial<KPod['metadata']> },
  name: string,
  now: Date,
  exclude = '',
  refusals?: readonly SchedulerRefusal[],
): KPod & WireObject {
  const meta = template.metadata ?? {};
  const ctrl = (meta.ownerReferences ?? []).find((o) => o.controller === true);
  const stamp = metaTime(now);
  const spec = structuredClone(template.spec ?? {});
  delete spec.nodeName;
  const pod = {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name,
      namespace: meta.namespace ?? 'default',
      ...(ctrl?.kind === 'ReplicaSet' ? { generateName: `${ctrl.name}-` } : {}),
      ...(meta.labels ? { labels: { ...meta.labels } } : {}),
      ...(meta.annotations ? { annotations: { ...meta.annotations } } : {}),
      ownerReferences: structuredClone(meta.ownerReferences ?? []),
      uid: randomUUID(),
    },
    spec,
  } as WireObject & KPod;
  let podStatus: Record<string, unknown>;
  // A refusal planted by a test (the scheduler's reason the model cannot see) wins over the room.
  const refusal = refusals?.find((f) =>
    Object.entries(f.labels).every(([k, v]) => pod.metadata.labels?.[k] === v),
  );
  const node = refusal ? null : schedulePod(store, pod, now, exclude);
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
          message:
            refusal?.message ??
            `0/${total} nodes are available: no node is Ready, schedulable, tolerated, matching the pod's nodeSelector and with room for its requests.`,
        },
      ],
      qosClass: 'BestEffort',
    };
  }
  pod.status = podStatus as KPod['status'];
  writeObject(store, 'pods', pod, now);
  return pod;
}

/** Workloads with a `scale` subresource whose replicas the simulator's controllers follow. */
const SCALABLE: ReadonlySet<string> = new Set(['deployments', 'replicasets', 'statefulsets']);

type WireWorkload = WireObject & {
  spec?: {
    replicas?: number;
    template?: { metadata?: Partial<KPod['metadata']>; spec?: KPod['spec'] };
  } & Record<string, unknown>;
  status?: Record<string, unknown>;
};

/** The `autoscaling/v1` Scale of a workload, as kube-apiserver serves `…/scale`. */
function scaleOf(w: WireWorkload): object {
  const sel = (w.spec?.selector as { matchLabels?: Record<string, string> } | undefined)?.matchLabels ?? {};
  return {
    kind: 'Scale',
    apiVersion: 'autoscaling/v1',
    metadata: {
      name: w.metadata.name,
      namespace: w.metadata.namespace,
      uid: w.metadata.uid,
      resourceVersion: w.metadata.resourceVersion,
      creationTimestamp: w.metadata.creationTimestamp,
    },
    spec: { replicas: w.spec?.replicas ?? 1 },
    status: {
      replicas: Number(w.status?.replicas ?? 0),
      selector: Object.entries(sel)
        .map(([k, v]) => `${k}=${v}`)
        .join(','),
    },
  };
}

/**
 * The `scale` subresource of a Deployment, ReplicaSet or StatefulSet read (GET).
 * @param store - the simulator's objects
 * @param plural - `deployments`, `replicasets` or `statefulsets`
 * @param namespace - the workload's namespace
 * @param name - the workload's name
 * @returns the Scale, or undefined when there is no such workload (or it cannot scale)
 */
export function readScale(
  store: ObjectStore,
  plural: string,
  namespace: string,
  name: string,
): object | undefined {
  if (!SCALABLE.has(plural)) return undefined;
  const w = readObject(store, plural, `${namespace}/${name}`) as WireWorkload | undefined;
  return w ? scaleOf(w) : undefined;
}

/** `kubectl scale`: a merge patch (or a PUT) of the workload's Scale; its controller follows. */
function scale(
  store: ObjectStore,
  state: MaintenanceState,
  r: WriteRequest,
  name: string,
  now: Date,
): WriteAnswer {
  if (!SCALABLE.has(r.plural)) return methodNotAllowed(r.method);
  const key = `${r.namespace ?? 'default'}/${name}`;
  const w = readObject(store, r.plural, key) as WireWorkload | undefined;
  if (!w) return notFound(r, name);
  let next: unknown = r.body;
  if (r.method === 'PATCH') {
    const type = patchTypeOf(r.contentType);
    if (type === null) return badRequest('unsupported patch type');
    next = applyPatch(scaleOf(w) as Record<string, unknown>, r.body, type);
  }
  const replicas = isRecord(next) && isRecord(next.spec) ? next.spec.replicas : undefined;
  if (typeof replicas !== 'number' || !Number.isInteger(replicas) || replicas < 0)
    return {
      code: 422,
      body: statusBody(422, 'Invalid', `Scale.autoscaling "${name}" is invalid: spec.replicas: must be >= 0`),
    };
  (w.spec ??= {}).replicas = replicas;
  const stored = writeObject(store, r.plural, w, now) as WireWorkload;
  reconcileWorkload(store, state, r.plural, stored, now);
  syncBudgets(store, r.namespace ?? 'default', now);
  return { code: 200, body: scaleOf(readObject(store, r.plural, key) as WireWorkload) };
}

/** Whether `uid` is the object's controller (its `ownerReferences` entry with `controller: true`). */
function ownedBy(o: { metadata: object }, uid: string): boolean {
  const refs = (o.metadata as KPod['metadata']).ownerReferences ?? [];
  return refs.some((x) => x.controller === true && x.uid === uid);
}

/**
 * The controllers after a workload's `spec.replicas` changed: a Deployment's newest ReplicaSet
 * (highest `deployment.kubernetes.io/revision`) takes its replicas (the deployment controller);
 * a ReplicaSet or StatefulSet gets or loses pods until it has as many as it wants (a ReplicaSet
 * deletes its Pending, then newest pods first; a StatefulSet its highest ordinals), unless its
 * controller is off; then the workload's `status.replicas` / `readyReplicas` are its pods.
 * @see https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#how-a-replicaset-works
 * @see https://kubernetes.io/docs/concepts/workloads/controllers/statefulset/#scaling-a-statefulset
 */
function reconcileWorkload(
  store: ObjectStore,
  state: MaintenanceState,
  plural: string,
  w: WireWorkload,
  now: Date,
): void {
  const ns = w.metadata.namespace ?? 'default';
  const uid = w.metadata.uid ?? '';
  if (plural === 'deployments') {
    const revision = (x: WireObject): number =>
      Number(x.metadata.annotations?.['deployment.kubernetes.io/revision'] ?? 0);
    const sets = (readAll(store, 'replicasets') as WireWorkload[]).filter(
      (x) => x.metadata.namespace === ns && ownedBy(x, uid),
    );
    const newest = sets.sort((a, b) => revision(b) - revision(a))[0];
    if (!newest || newest.spec?.replicas === w.spec?.replicas) return;
    (newest.spec ??= {}).replicas = w.spec?.replicas ?? 1;
    reconcileWorkload(store, state, 'replicasets', writeObject(store, 'replicasets', newest, now), now);
    const rs = readObject(store, 'replicasets', `${ns}/${newest.metadata.name}`) as WireWorkload;
    const current = readObject(store, plural, `${ns}/${w.metadata.name}`) as WireWorkload;
    const {
      replicas = 0,
      readyReplicas = 0,
      availableReplicas = 0,
    } = (rs.status ?? {}) as Record<string, number>;
    current.status = {
      ...(current.status ?? {}),
      replicas,
      updatedReplicas: replicas,
      readyReplicas,
      availableReplicas,
    };
    writeObject(store, plural, current, now);
  } else if (state.controllers[plural === 'replicasets' ? 'replicaSet' : 'statefulSet']) {
    const want = w.spec?.replicas ?? 1;
    const pods = (readAll(store, 'pods') as unknown as (KPod & WireObject)[]).filter(
      (p) => p.metadata.namespace === ns && ownedBy(p, uid),
    );
    const ordinal = (p: KPod): number => Number(/-(\d+)$/.exec(p.metadata.name)?.[1] ?? -1);
    const template = (): Pick<KPod, 'spec'> & { metadata: Partial<KPod['metadata']> } => ({
      spec: w.spec?.template?.spec ?? pods[0]?.spec ?? {},
      metadata: {
        namespace: ns,
        labels: w.spec?.template?.metadata?.labels ?? pods[0]?.metadata.labels ?? {},
        ...(w.spec?.template?.metadata?.annotations
          ? { annotations: w.spec.template.metadata.annotations }
          : {}),
        ownerReferences: [
          {
            apiVersion: String(w.apiVersion ?? 'apps/v1'),
            kind: String(w.kind ?? (plural === 'replicasets' ? 'ReplicaSet' : 'StatefulSet')),
            name: w.metadata.name,
            uid,
            controller: true,
          },
        ],
      },
    });
    if (plural === 'statefulsets') {
      const taken = new Set(pods.map(ordinal));
      for (let i = 0; i < want; i++)
        if (!taken.has(i)) createPod(store, template(), `${w.metadata.name}-${i}`, now);
      for (const p of pods.filter((x) => ordinal(x) >= want))
        deleteObject(store, 'pods', `${ns}/${p.metadata.name}`);
    } else {
      for (let i = pods.length; i < want; i++)
        createPod(store, template(), `${w.metadata.name}-${randomSuffix()}`, now);
      const extra = [...pods]
        .sort(
          (a, b) =>
            Number(a.status?.phase === 'Running') - Number(b.status?.phase === 'Running') ||
            (b.metadata.creationTimestamp ?? '').localeCompare(a.metadata.creationTimestamp ?? ''),
        )
        .slice(0, Math.max(0, pods.length - want));
      for (const p of extra) deleteObject(store, 'pods', `${ns}/${p.metadata.name}`);
    }
    const mine = (readAll(store, 'pods') as unknown as KPod[]).filter(
      (p) => p.metadata.namespace === ns && ownedBy(p, uid),
    );
    const ready = mine.filter(isPodReady).length;
    const current = readObject(store, plural, `${ns}/${w.metadata.name}`) as WireWorkload;
    current.status = {
      ...(current.status ?? {}),
      replicas: mine.length,
      readyReplicas: ready,
      availableReplicas: ready,
    };
    writeObject(store, plural, current, now);
  }
}
