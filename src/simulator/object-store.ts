/**
 * The simulator's in-memory store: every object pre-serialized once (after the timestamp shift),
 * indexed by resource and sorted by `namespace/name` (the order kube-apiserver lists in), so that a
 * list page is a string join and not a `JSON.stringify` of objects.
 */
import { loadSnapshotFile } from '../cluster/snapshot-file.js';
import type { KObject, SnapshotFile } from '../cluster/snapshot-file.js';
import type { SelectableFields } from './field-selector.js';
import { RESOURCES, groupVersion, resourceForKind } from './resources.js';
import type { ResourceDef } from './resources.js';
import { shiftTimestamp, shiftTimestamps, shiftTimestampsInJson } from './shift-timestamps.js';
import { WatchHub } from './watch-hub.js';

/** One stored object. */
export interface StoredObject {
  /** `namespace/name` (`/name` when cluster-scoped); the sort key. */
  key: string;
  labels: Record<string, string> | undefined;
  fields: SelectableFields;
  /** The object's JSON, UTF-8 encoded once (a list page is then a sequence of buffer writes). */
  json: Buffer;
}

/** The objects of one resource, sorted by key. */
export interface ResourceStore {
  def: ResourceDef;
  objects: StoredObject[];
  byKey: Map<string, StoredObject>;
  /** Pods only: positions in `objects` (ascending) by `spec.nodeName`, for `spec.nodeName=X` selectors. */
  byNodeName?: Map<string, number[]>;
}

/** Everything the simulator serves. */
export interface ObjectStore {
  resources: Map<string, ResourceStore>;
  /**
   * The list resourceVersion: the last one given to a write (at load, one more than the largest
   * numeric `metadata.resourceVersion` of the file).
   */
  resourceVersion: string;
  /** Every write since load, for watches (watch-hub.ts). */
  changes: WatchHub;
  /** The applied timestamp shift in ms (now - captured_at), 0 when not shifted. */
  shiftMs: number;
  readyz: string | null;
  capturedAt: Date | null;
  /** Items of kinds the simulator does not serve (counted, then dropped). */
  skippedKinds: Map<string, number>;
  /** `gitVersion` for `/version` (the first node's kubelet version, or v1.33.0). */
  gitVersion: string;
}

const DEFAULT_NAMESPACES = ['default', 'kube-system', 'kube-public', 'kube-node-lease'];

/**
 * Older API versions whose objects have the schema of the served one (the fields the bot and
 * kubectl read are the same), by kind; they are served converted, as kube-apiserver does.
 * @see https://kubernetes.io/docs/reference/using-api/deprecation-guide/#poddisruptionbudget-v125
 * @see https://kubernetes.io/docs/reference/using-api/deprecation-guide/#v1-16 (apps/v1beta2)
 */
const CONVERTIBLE: Readonly<Record<string, readonly string[]>> = {
  PodDisruptionBudget: ['policy/v1beta1'],
  Lease: ['coordination.k8s.io/v1beta1'],
  Deployment: ['apps/v1beta2'],
  ReplicaSet: ['apps/v1beta2'],
  DaemonSet: ['apps/v1beta2'],
  StatefulSet: ['apps/v1beta2'],
};

/**
 * Build the store from a snapshot file (loaded, or a path: then items are streamed in and never
 * held parsed all at once).
 * @param source - a loaded {@link SnapshotFile} or a path to one
 * @param options - `now` (clock, for the shift) and `shiftTimestamps` (default true: shift every
 *   timestamp by now - captured_at when the file has captured_at)
 * @throws SnapshotFileError when the path cannot be loaded
 */
export async function buildObjectStore(
  source: SnapshotFile | string,
  options: { now?: () => Date; shiftTimestamps?: boolean } = {},
): Promise<ObjectStore> {
  const resources = new Map<string, ResourceStore>();
  for (const def of RESOURCES) resources.set(def.plural, { def, objects: [], byKey: new Map() });
  const skippedKinds = new Map<string, number>();
  const namespaces = new Map<string, string | undefined>(DEFAULT_NAMESPACES.map((n) => [n, undefined]));
  const recordedNamespaces = new Set<string>();
  let maxRv = 0;
  let shiftMs = 0;
  let gitVersion: string | undefined;
  let earliest: string | undefined;
  const now = options.now ?? (() => new Date());

  /** `raw`: the item's exact text in the file; served as is (shifted as text) when it is one line. */
  const addItem = (item: KObject, raw?: string): void => {
    const def = resourceForKind(item.kind);
    if (def === undefined) {
      skippedKinds.set(item.kind, (skippedKinds.get(item.kind) ?? 0) + 1);
      return;
    }
    // A Namespace the file holds is served as recorded (its labels, its phase); the others are made up below.
    if (def.plural === 'namespaces') recordedNamespaces.add(item.metadata.name);
    const meta = item.metadata;
    let json: string | undefined;
    // An object recorded under an older version of the same schema (policy/v1beta1 PDBs, which
    // kubectl of OpenShift 4.7 printed) is served under the version this resource is served at, as
    // kube-apiserver converts it; kubectl rejects a policy/v1beta1 object in a policy/v1 list.
    if (
      item.apiVersion !== undefined &&
      item.apiVersion !== groupVersion(def) &&
      (CONVERTIBLE[item.kind] ?? []).includes(item.apiVersion)
    ) {
      item.apiVersion = groupVersion(def);
      raw = undefined;
    }
    if (raw !== undefined && item.apiVersion !== undefined && !raw.includes('\n')) {
      json = shiftTimestampsInJson(raw, shiftMs);
      if (meta.creationTimestamp !== undefined)
        meta.creationTimestamp = shiftTimestamp(meta.creationTimestamp, shiftMs) ?? meta.creationTimestamp;
    } else shiftTimestamps(item, shiftMs);
    const rv = Number(meta.resourceVersion);
    if (Number.isFinite(rv) && rv > maxRv) maxRv = rv;
    const ns = def.namespaced ? (meta.namespace ?? 'default') : '';
    const created = meta.creationTimestamp;
    if (created !== undefined) {
      if (earliest === undefined || created < earliest) earliest = created;
      const seen = namespaces.get(ns);
      if (def.namespaced && (seen === undefined || created < seen)) namespaces.set(ns, created);
    } else if (def.namespaced && !namespaces.has(ns)) namespaces.set(ns, undefined);
    const spec = item.spec as { nodeName?: string } | undefined;
    const status = item.status as { phase?: string; nodeInfo?: { kubeletVersion?: string } } | undefined;
    if (item.kind === 'Node' && gitVersion === undefined) gitVersion = status?.nodeInfo?.kubeletVersion;
    if (item.apiVersion === undefined) item.apiVersion = groupVersion(def);
    const fields: SelectableFields = { 'metadata.name': meta.name, 'metadata.namespace': ns };
    if (def.plural === 'pods') {
      fields['spec.nodeName'] = spec?.nodeName ?? '';
      fields['status.phase'] = status?.phase ?? '';
    }
    const stored: StoredObject = {
      key: `${ns}/${meta.name}`,
      labels: meta.labels,
      fields,
      json: Buffer.from(json ?? JSON.stringify(item)),
    };
    const store = resources.get(def.plural) as ResourceStore;
    store.objects.push(stored);
    store.byKey.set(stored.key, stored);
  };

  let file: SnapshotFile;
  const shift = options.shiftTimestamps !== false;
  if (typeof source === 'string') {
    let stored = 0;
    file = await loadSnapshotFile(source, {
      onCapturedAt: (d) => {
        if (shift && stored === 0) shiftMs = now().getTime() - d.getTime();
      },
      onItem: (item, _index, raw) => {
        stored++;
        addItem(item, raw);
      },
    });
    if (shift && shiftMs === 0 && file.capturedAt !== null && stored > 0) {
      // captured_at came after the items: they were stored unshifted, so shift them in one more pass
      shiftMs = now().getTime() - file.capturedAt.getTime();
      for (const store of resources.values()) {
        for (const o of store.objects) {
          o.json = Buffer.from(shiftTimestampsInJson(o.json.toString('utf8'), shiftMs));
        }
      }
    }
  } else {
    file = source;
    if (shift && file.capturedAt !== null) shiftMs = now().getTime() - file.capturedAt.getTime();
    for (const item of file.items) addItem(structuredClone(item));
  }

  const nsStore = resources.get('namespaces') as ResourceStore;
  for (const [name, seen] of namespaces) {
    if (recordedNamespaces.has(name)) continue;
    const created = seen ?? earliest;
    const obj = {
      apiVersion: 'v1',
      kind: 'Namespace',
      metadata: {
        name,
        labels: { 'kubernetes.io/metadata.name': name },
        ...(created ? { creationTimestamp: created } : {}),
      },
      spec: { finalizers: ['kubernetes'] },
      status: { phase: 'Active' },
    };
    const stored: StoredObject = {
      key: `/${name}`,
      labels: obj.metadata.labels,
      fields: { 'metadata.name': name, 'metadata.namespace': '' },
      json: Buffer.from(JSON.stringify(obj)),
    };
    nsStore.objects.push(stored);
    nsStore.byKey.set(stored.key, stored);
  }
  for (const store of resources.values())
    store.objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const pods = resources.get('pods') as ResourceStore;
  pods.byNodeName = new Map();
  pods.objects.forEach((o, i) => {
    const node = o.fields['spec.nodeName'] ?? '';
    const list = pods.byNodeName?.get(node);
    if (list) list.push(i);
    else pods.byNodeName?.set(node, [i]);
  });
  return {
    resources,
    resourceVersion: String(maxRv + 1),
    changes: new WatchHub(maxRv + 1),
    shiftMs,
    readyz: file.readyz,
    capturedAt: file.capturedAt,
    skippedKinds,
    gitVersion: gitVersion ?? 'v1.33.0',
  };
}
