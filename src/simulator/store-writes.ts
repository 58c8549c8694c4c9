/**
 * Writes to the simulator's {@link ObjectStore}: replace, insert and delete one object while keeping
 * the store's invariants (objects sorted by `namespace/name`, `byKey`, the pods' `spec.nodeName`
 * index, the selectable fields) and bumping `resourceVersion` as kube-apiserver does on every write.
 */
import { randomUUID } from 'node:crypto';
import type { SelectableFields } from './field-selector.js';
import type { ObjectStore, ResourceStore, StoredObject } from './object-store.js';
import { groupVersion } from './resources.js';
import { metaTime } from '../cluster/wire-time.js';

/** A parsed object as served (the wire JSON shape). */
export type WireObject = Record<string, unknown> & {
  metadata: Record<string, unknown> & {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    creationTimestamp?: string;
  };
};

/**
 * The `namespace/name` key of an object of a resource (`/name` when cluster-scoped).
 * @param rs - the resource's store (decides the scope)
 * @param namespace - the namespace (`default` when null for a namespaced resource; ignored otherwise)
 * @param name - the object name
 */
export function objectKey(rs: ResourceStore, namespace: string | null | undefined, name: string): string {
  return `${rs.def.namespaced ? (namespace ?? 'default') : ''}/${name}`;
}

/**
 * Read one stored object (parsed from its buffer: a fresh copy the caller may change).
 * @param store - the store
 * @param plural - resource plural, e.g. `pods`
 * @param key - `namespace/name`, see {@link objectKey}
 * @returns the object, or undefined
 */
export function readObject(store: ObjectStore, plural: string, key: string): WireObject | undefined {
  const o = store.resources.get(plural)?.byKey.get(key);
  return o ? (JSON.parse(o.json.toString('utf8')) as WireObject) : undefined;
}

/**
 * Every stored object of a resource, parsed (fresh copies).
 * @param store - the store
 * @param plural - resource plural
 */
export function readAll(store: ObjectStore, plural: string): WireObject[] {
  return (store.resources.get(plural)?.objects ?? []).map(
    (o) => JSON.parse(o.json.toString('utf8')) as WireObject,
  );
}

/** Take the next resourceVersion (the store's list resourceVersion is then this one, as etcd's revision). */
function nextResourceVersion(store: ObjectStore): string {
  const rv = String(Number(store.resourceVersion) + 1);
  store.resourceVersion = rv;
  return rv;
}

/**
 * Store `obj` (insert or replace by namespace/name), giving it a new `metadata.resourceVersion`,
 * and a `uid`, `creationTimestamp`, `apiVersion` and `kind` when it has none.
 * @param store - the store (changed)
 * @param plural - resource plural
 * @param obj - the object to store (changed: metadata filled in)
 * @param now - the clock, for `creationTimestamp`
 * @returns the stored object
 */
export function writeObject(store: ObjectStore, plural: string, obj: WireObject, now: Date): WireObject {
  const rs = store.resources.get(plural) as ResourceStore;
  const meta = obj.metadata;
  if (rs.def.namespaced) meta.namespace = meta.namespace ?? 'default';
  else delete meta.namespace;
  meta.uid = meta.uid ?? randomUUID();
  meta.creationTimestamp = meta.creationTimestamp ?? metaTime(now);
  meta.resourceVersion = nextResourceVersion(store);
  obj.apiVersion = obj.apiVersion ?? groupVersion(rs.def);
  obj.kind = obj.kind ?? rs.def.kind;
  const key = objectKey(rs, meta.namespace, meta.name);
  const fields: SelectableFields = { 'metadata.name': meta.name, 'metadata.namespace': meta.namespace ?? '' };
  if (plural === 'pods') {
    fields['spec.nodeName'] = (obj.spec as { nodeName?: string } | undefined)?.nodeName ?? '';
    fields['status.phase'] = (obj.status as { phase?: string } | undefined)?.phase ?? '';
  }
  const stored: StoredObject = { key, labels: meta.labels, fields, json: Buffer.from(JSON.stringify(obj)) };
  const existing = rs.byKey.get(key);
  if (existing) rs.objects[rs.objects.indexOf(existing)] = stored;
  else rs.objects.splice(lowerBound(rs.objects, key), 0, stored);
  rs.byKey.set(key, stored);
  if (plural === 'pods') reindexNodeNames(rs);
  store.changes.record({
    rv: Number(meta.resourceVersion),
    plural,
    type: existing ? 'MODIFIED' : 'ADDED',
    object: stored,
    previous: existing ?? null,
  });
  return obj;
}

/**
 * Delete one object.
 * @param store - the store (changed)
 * @param plural - resource plural
 * @param key - `namespace/name`
 * @returns the deleted object (parsed), or undefined when there was none
 */
export function deleteObject(store: ObjectStore, plural: string, key: string): WireObject | undefined {
  const rs = store.resources.get(plural) as ResourceStore;
  const existing = rs.byKey.get(key);
  if (!existing) return undefined;
  rs.objects.splice(rs.objects.indexOf(existing), 1);
  rs.byKey.delete(key);
  if (plural === 'pods') reindexNodeNames(rs);
  const rv = nextResourceVersion(store);
  const last = JSON.parse(existing.json.toString('utf8')) as WireObject;
  // The DELETED event carries the object's last state with the deletion's resourceVersion.
  const gone = { ...last, metadata: { ...last.metadata, resourceVersion: rv } };
  store.changes.record({
    rv: Number(rv),
    plural,
    type: 'DELETED',
    object: { ...existing, json: Buffer.from(JSON.stringify(gone)) },
    previous: existing,
  });
  return last;
}

function reindexNodeNames(rs: ResourceStore): void {
  const index = new Map<string, number[]>();
  rs.objects.forEach((o, i) => {
    const node = o.fields['spec.nodeName'] ?? '';
    const list = index.get(node);
    if (list) list.push(i);
    else index.set(node, [i]);
  });
  rs.byNodeName = index;
}

/**
 * First index whose key is >= `key`, in objects sorted by key (binary search).
 * @param objects - a resource's objects, sorted by `key`
 * @param key - the key looked for
 */
export function lowerBound(objects: StoredObject[], key: string): number {
  let lo = 0;
  let hi = objects.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((objects[mid] as StoredObject).key < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
