/**
 * The owner and namespace lookups of a cluster, kept up to date by the watch cache
 * ({@link ./watch-cache.ts}) instead of being rebuilt from every snapshot: at 150,000 pods,
 * grouping every pod summary by owner for every answer cost about 60 MB of garbage and most of
 * a warm answer's time (issue 18).
 *
 * Versioned by copy-on-write: a snapshot is handed the index maps as they are
 * ({@link VersionedGroups.view}); the next change after that copies the map (one shallow copy of
 * its entries), and a group array is copied the first time it changes after a view. A snapshot
 * taken before an event therefore never sees the event, and a run of events between two answers
 * costs one copy of each map, not one per event.
 *
 * The analysis ({@link ../analysis/cluster-index.ts}) uses these lookups only for a snapshot
 * they were registered for ({@link registerPrebuiltIndexes}), recognised by the very arrays the
 * snapshot holds; any other snapshot (a fresh read, a file, a snapshot changed by a what-if) is
 * indexed from scratch as before.
 */
import type { KPodDisruptionBudget, KWorkload, PodSummary } from './types.js';

/**
 * The owner uids a pod summary is grouped under: its controlling owner's uid, or none for a bare
 * pod. The one definition for the watch cache and {@link ../analysis/cluster-index.ts}.
 * @param summary - a pod summary
 * @returns zero or one uid
 */
export function summaryOwnerKeys(summary: PodSummary): string[] {
  return summary.owner ? [summary.owner.uid] : [];
}

/**
 * The uids a ReplicaSet is grouped under (the Deployment that controls it): every owner
 * reference with `controller: true`, a reference repeated right after itself counted once. The
 * API server refuses more than one controller, so in practice zero or one uid.
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/owners-dependents/
 * @param workload - a workload (only a ReplicaSet has keys)
 * @returns the uids, in reference order
 */
export function replicaSetOwnerKeys(workload: KWorkload): string[] {
  if (workload.kind !== 'ReplicaSet') return [];
  const keys: string[] = [];
  let last: string | null = null;
  for (const o of workload.metadata.ownerReferences ?? [])
    if (o.controller === true && o.uid !== last) keys.push((last = o.uid));
  return keys;
}

/**
 * The namespace a PodDisruptionBudget is grouped under (`default` when unset).
 * @param pdb - a PodDisruptionBudget
 * @returns one namespace
 */
export function pdbNamespaceKeys(pdb: KPodDisruptionBudget): string[] {
  return [pdb.metadata.namespace ?? 'default'];
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}

/** A member of a group index as it was: its keys and the value stored under them. */
export interface Member<V> {
  keys: readonly string[];
  value: V;
}

/**
 * Values grouped by key, changed member by member, each view immutable once given out.
 * A member (an object) sits in the groups of its keys, in the order the members were added: the
 * order of the owning reflector's map, as long as the reflector moves a member to the end of its
 * map whenever {@link VersionedGroups.upsert} says it moved. The reflector's map is also what
 * knows each member's previous value (nothing is stored twice: at 150,000 pods a map of members
 * cost about 40 MB of heap).
 * @typeParam V - the grouped values (compared by identity)
 */
export class VersionedGroups<V> {
  private groups = new Map<string, V[]>();
  /** The current map was given out by {@link VersionedGroups.view}: copy it before changing it. */
  private shared = false;
  /** Groups created or copied since the last view: changed in place until the next view. */
  private owned = new Set<string>();

  /**
   * Add or replace a member.
   * @param old - the member as it was (its keys and value), or undefined when new
   * @param keys - the groups it belongs to now (may be empty)
   * @param value - the value stored in those groups
   * @returns true when the member moved to the end of its groups (new, or its keys changed): the
   *   caller then moves it to the end of its own map too; false when replaced in place
   */
  upsert(old: Member<V> | undefined, keys: readonly string[], value: V): boolean {
    if (old && sameKeys(old.keys, keys)) {
      for (const k of new Set(keys)) {
        const list = this.writable(k);
        for (let i = 0; i < list.length; i++) if (list[i] === old.value) list[i] = value;
      }
      return false;
    }
    if (old) this.remove(old);
    for (const k of keys) this.writable(k).push(value);
    return true;
  }

  /**
   * Remove a member.
   * @param old - the member as it was
   */
  remove(old: Member<V>): void {
    for (const k of new Set(old.keys)) {
      if (!this.groups.has(k)) continue;
      const list = this.writable(k).filter((v) => v !== old.value);
      if (list.length === 0) this.groups.delete(k);
      else this.groups.set(k, list);
    }
  }

  /** Remove every member (before a relist fills it again). */
  clear(): void {
    this.groups = new Map();
    this.shared = false;
    this.owned = new Set();
  }

  /**
   * The groups as they are now, never changed afterwards (later changes copy first). Callers must
   * not change what they get.
   * @returns key → values, in member order
   */
  view(): ReadonlyMap<string, readonly V[]> {
    this.shared = true;
    this.owned.clear();
    return this.groups;
  }

  /** The group under `k`, safe to change: the map and the group copied when a view holds them. */
  private writable(k: string): V[] {
    if (this.shared) {
      this.groups = new Map(this.groups);
      this.shared = false;
    }
    let list = this.groups.get(k);
    if (list === undefined) {
      list = [];
      this.groups.set(k, list);
      this.owned.add(k);
    } else if (!this.owned.has(k)) {
      list = list.slice();
      this.groups.set(k, list);
      this.owned.add(k);
    }
    return list;
  }
}

/**
 * Values by a unique key (a workload's uid), changed member by member, each view immutable once
 * given out (the map is copied on the first change after a view).
 * @typeParam V - the values (compared by identity)
 */
export class VersionedMap<V> {
  private map = new Map<string, V>();
  private shared = false;

  /**
   * Add or replace a member. Keys are unique among members (a uid is unique in a cluster); were
   * one repeated, the latest member holds it until it is removed.
   * @param old - the member as it was (its key, null when it had none, and value), or undefined when new
   * @param key - its key now, or null to keep it out of the map
   * @param value - the value
   */
  upsert(old: { key: string | null; value: V } | undefined, key: string | null, value: V): void {
    if (old) this.remove(old);
    if (key !== null) this.writable().set(key, value);
  }

  /**
   * Remove a member: its key goes when it still holds it.
   * @param old - the member as it was
   */
  remove(old: { key: string | null; value: V }): void {
    if (old.key !== null && this.map.get(old.key) === old.value) this.writable().delete(old.key);
  }

  /**
   * The map as it is now, never changed afterwards. Callers must not change it.
   * @returns key → value
   */
  view(): ReadonlyMap<string, V> {
    this.shared = true;
    return this.map;
  }

  private writable(): Map<string, V> {
    if (this.shared) {
      this.map = new Map(this.map);
      this.shared = false;
    }
    return this.map;
  }
}

/**
 * A read-only map that answers from `overlay` for its keys (undefined: the key is absent) and
 * from `base` for the others, without copying `base`. Iteration gives the base's entries first
 * (overlaid ones in place), then the overlay's new keys; the order of keys is not otherwise
 * specified.
 * @typeParam K - keys
 * @typeParam V - values
 */
export class OverlayMap<K, V> implements ReadonlyMap<K, V> {
  /**
   * @param base - the map underneath (not changed)
   * @param overlay - replacements; a key mapped to undefined is absent from this map
   */
  constructor(
    private readonly base: ReadonlyMap<K, V>,
    private readonly overlay: ReadonlyMap<K, V | undefined>,
  ) {}

  /** @returns the value under `key`, or undefined */
  get(key: K): V | undefined {
    return this.overlay.has(key) ? this.overlay.get(key) : this.base.get(key);
  }

  /** @returns whether `key` has a value */
  has(key: K): boolean {
    return this.get(key) !== undefined;
  }

  /** The number of keys with a value (counted on each call). */
  get size(): number {
    return [...this.entries()].length;
  }

  /** @returns every key with its value */
  *entries(): MapIterator<[K, V]> {
    for (const [k, v] of this.base) {
      const value = this.overlay.has(k) ? this.overlay.get(k) : v;
      if (value !== undefined) yield [k, value];
    }
    for (const [k, v] of this.overlay) if (!this.base.has(k) && v !== undefined) yield [k, v];
  }

  /** @returns every key with a value */
  *keys(): MapIterator<K> {
    for (const [k] of this.entries()) yield k;
  }

  /** @returns every value */
  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }

  /** Call `fn` for every entry. */
  forEach(fn: (value: V, key: K, map: ReadonlyMap<K, V>) => void): void {
    for (const [k, v] of this.entries()) fn(v, k, this);
  }

  /** @returns every key with its value */
  [Symbol.iterator](): MapIterator<[K, V]> {
    return this.entries();
  }
}

/**
 * The lookups of a snapshot computed ahead, as {@link ../analysis/cluster-index.ts} would build
 * them from the snapshot's arrays (the same keys, the same values, groups in the same order).
 */
export interface PrebuiltIndexes {
  /** The snapshot arrays these lookups are for (recognised by identity). */
  podSummaries: readonly PodSummary[];
  workloads: readonly KWorkload[];
  podDisruptionBudgets: readonly KPodDisruptionBudget[];
  /** Pod summaries by the uid of their controlling owner ({@link summaryOwnerKeys}). */
  summariesByOwnerUid: ReadonlyMap<string, readonly PodSummary[]>;
  /** Workloads by uid. */
  workloadsByUid: ReadonlyMap<string, KWorkload>;
  /** ReplicaSets by the uid of their controller ({@link replicaSetOwnerKeys}). */
  replicaSetsByOwnerUid: ReadonlyMap<string, readonly KWorkload[]>;
  /** PodDisruptionBudgets by namespace ({@link pdbNamespaceKeys}). */
  pdbsByNamespace: ReadonlyMap<string, readonly KPodDisruptionBudget[]>;
  /** What the pods bound to each node request, as {@link podUsageByNode} gives for `podSummaries`. */
  usageByNode: ReadonlyMap<string, Readonly<NodeUsage>>;
}

const prebuilt = new WeakMap<readonly PodSummary[], PrebuiltIndexes>();

/**
 * Register lookups computed ahead for the snapshot that holds exactly these arrays. The arrays
 * must not change afterwards (the watch cache freezes them).
 * @param indexes - the lookups and the arrays they describe
 */
export function registerPrebuiltIndexes(indexes: PrebuiltIndexes): void {
  prebuilt.set(indexes.podSummaries, indexes);
}

/**
 * The lookups registered for a snapshot, when it still holds the very arrays they were computed
 * for; null otherwise (the caller builds them).
 * @param snapshot - the snapshot's pod summaries, workloads and PodDisruptionBudgets
 */
export function prebuiltIndexesOf(snapshot: {
  podSummaries: readonly PodSummary[];
  workloads: readonly KWorkload[];
  podDisruptionBudgets: readonly KPodDisruptionBudget[];
}): PrebuiltIndexes | null {
  const p = prebuilt.get(snapshot.podSummaries);
  return p !== undefined &&
    p.workloads === snapshot.workloads &&
    p.podDisruptionBudgets === snapshot.podDisruptionBudgets
    ? p
    : null;
}

const WORKLOAD_KINDS: ReadonlySet<string> = new Set(['Deployment', 'ReplicaSet', 'StatefulSet', 'DaemonSet']);

/** What the pods bound to one node request: the sums of their summaries' requests, and their number. */
export interface NodeUsage {
  /** CPU requested, in millicores. */
  cpu: number;
  /** Memory requested, in bytes. */
  memory: number;
  pods: number;
}

/**
 * Whether a pod counts towards its node's usage: bound to a node and not finished (Succeeded or
 * Failed pods hold no resources; the scheduler does not count them either).
 * @see https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-phase
 * @param s - a pod summary
 */
export function countsTowardsNode(s: PodSummary): s is PodSummary & { nodeName: string } {
  return !!s.nodeName && s.phase !== 'Succeeded' && s.phase !== 'Failed';
}

/**
 * The usage of every node by the pods bound to it ({@link countsTowardsNode}), from scratch. The
 * requests are whole millicores and bytes ({@link ./quantity.ts}), so sums are exact in any order:
 * the watch cache's running sums ({@link CacheIndexes.usage}) equal this.
 * @param summaries - pod summaries
 * @returns node name → usage; nodes without such pods are absent
 */
export function podUsageByNode(summaries: readonly PodSummary[]): Map<string, NodeUsage> {
  const used = new Map<string, NodeUsage>();
  for (const s of summaries) {
    if (!countsTowardsNode(s)) continue;
    const u = used.get(s.nodeName);
    if (u) {
      u.cpu += s.cpuMillis;
      u.memory += s.memoryBytes;
      u.pods += 1;
    } else used.set(s.nodeName, { cpu: s.cpuMillis, memory: s.memoryBytes, pods: 1 });
  }
  return used;
}

/**
 * Running {@link NodeUsage} sums per node, each view immutable once given out (the map is copied
 * on the first change after a view; a node's usage is replaced, never changed in place).
 */
export class VersionedUsage {
  private map = new Map<string, Readonly<NodeUsage>>();
  private shared = false;

  /**
   * Add (`sign` 1) or take away (`sign` -1) one pod's requests, when it counts towards its node.
   * @param s - the pod's summary
   * @param sign - 1 or -1
   */
  add(s: PodSummary, sign: 1 | -1): void {
    if (!countsTowardsNode(s)) return;
    if (this.shared) {
      this.map = new Map(this.map);
      this.shared = false;
    }
    const u = this.map.get(s.nodeName) ?? { cpu: 0, memory: 0, pods: 0 };
    const next = {
      cpu: u.cpu + sign * s.cpuMillis,
      memory: u.memory + sign * s.memoryBytes,
      pods: u.pods + sign,
    };
    if (next.pods <= 0) this.map.delete(s.nodeName);
    else this.map.set(s.nodeName, next);
  }

  /** Forget every pod (before a relist). */
  clear(): void {
    this.map = new Map();
    this.shared = false;
  }

  /**
   * The sums as they are now, never changed afterwards. Callers must not change them.
   * @returns node name → usage
   */
  view(): ReadonlyMap<string, Readonly<NodeUsage>> {
    this.shared = true;
    return this.map;
  }
}

/** A workload's uid as the map keys it (none when empty). */
function uidKey(w: KWorkload): string | null {
  return w.metadata.uid ? w.metadata.uid : null;
}

/**
 * The lookups the watch cache keeps for one cluster, fed by its reflectors: each change of a pod,
 * workload or PodDisruptionBudget, and each relist (after `410 Gone`). Objects of other kinds are
 * ignored. The reflector passes the object as it had it before the change (undefined when new),
 * so that nothing is stored twice.
 */
export class CacheIndexes {
  /** Pod summaries by owner uid. */
  readonly summaries = new VersionedGroups<PodSummary>();
  /** Workloads of the four kinds by uid. */
  readonly workloads = new VersionedMap<KWorkload>();
  /** ReplicaSets by their controller's uid. */
  readonly replicaSets = new VersionedGroups<KWorkload>();
  /** PodDisruptionBudgets by namespace. */
  readonly pdbs = new VersionedGroups<KPodDisruptionBudget>();
  /** What the pods bound to each node request. */
  readonly usage = new VersionedUsage();

  /**
   * A pod was added or changed.
   * @param old - its summary before, or undefined when new
   * @param summary - its new summary
   * @returns true when the reflector must move it to the end of its map (see {@link VersionedGroups.upsert})
   */
  putPod(old: PodSummary | undefined, summary: PodSummary): boolean {
    if (old) this.usage.add(old, -1);
    this.usage.add(summary, 1);
    return this.summaries.upsert(
      old && { keys: summaryOwnerKeys(old), value: old },
      summaryOwnerKeys(summary),
      summary,
    );
  }

  /**
   * A pod was deleted.
   * @param old - its summary as cached
   */
  dropPod(old: PodSummary): void {
    this.usage.add(old, -1);
    this.summaries.remove({ keys: summaryOwnerKeys(old), value: old });
  }

  /**
   * An object other than a pod was added or changed.
   * @param kind - its kind (the reflector's)
   * @param old - the object as cached before, or undefined when new
   * @param obj - the object as cached now (frozen)
   * @returns true when the reflector must move it to the end of its map
   */
  putObject(kind: string, old: unknown, obj: unknown): boolean {
    if (kind === 'PodDisruptionBudget') {
      const [was, pdb] = [old as KPodDisruptionBudget | undefined, obj as KPodDisruptionBudget];
      return this.pdbs.upsert(was && { keys: pdbNamespaceKeys(was), value: was }, pdbNamespaceKeys(pdb), pdb);
    }
    if (!WORKLOAD_KINDS.has(kind)) return false;
    const [was, w] = [old as KWorkload | undefined, obj as KWorkload];
    this.workloads.upsert(was && { key: uidKey(was), value: was }, uidKey(w), w);
    return kind === 'ReplicaSet'
      ? this.replicaSets.upsert(
          was && { keys: replicaSetOwnerKeys(was), value: was },
          replicaSetOwnerKeys(w),
          w,
        )
      : false;
  }

  /**
   * An object other than a pod was deleted.
   * @param kind - its kind
   * @param old - the object as cached
   */
  dropObject(kind: string, old: unknown): void {
    if (kind === 'PodDisruptionBudget') {
      const pdb = old as KPodDisruptionBudget;
      this.pdbs.remove({ keys: pdbNamespaceKeys(pdb), value: pdb });
    }
    if (!WORKLOAD_KINDS.has(kind)) return;
    const w = old as KWorkload;
    this.workloads.remove({ key: uidKey(w), value: w });
    if (kind === 'ReplicaSet') this.replicaSets.remove({ keys: replicaSetOwnerKeys(w), value: w });
  }

  /**
   * A reflector relisted: forget everything it had, then take its new objects in list order.
   * @param kind - the reflector's kind
   * @param oldValues - what it held before (pod summaries for pods, cached objects otherwise)
   * @param values - pod summaries (pods) or cached objects (other kinds), in the order of the
   *   reflector's new map
   */
  relist(kind: string, oldValues: Iterable<unknown>, values: Iterable<unknown>): void {
    if (kind === 'Pod') {
      this.summaries.clear();
      this.usage.clear();
      for (const s of values) this.putPod(undefined, s as PodSummary);
      return;
    }
    if (kind === 'PodDisruptionBudget') this.pdbs.clear();
    if (kind === 'ReplicaSet') this.replicaSets.clear();
    if (WORKLOAD_KINDS.has(kind))
      for (const o of oldValues)
        this.workloads.remove({ key: uidKey(o as KWorkload), value: o as KWorkload });
    for (const o of values) this.putObject(kind, undefined, o);
  }
}

/**
 * The node usage of a snapshot whose focus node's pods were read fresh: the cache's sums, the
 * focus node's from the fresh read.
 * @param base - the cache's sums ({@link VersionedUsage.view})
 * @param focusNode - the focus node
 * @param fresh - the focus node's pod summaries as read fresh
 * @returns the sums; `base` is not changed
 */
export function usageWithFocusPods(
  base: ReadonlyMap<string, Readonly<NodeUsage>>,
  focusNode: string,
  fresh: readonly PodSummary[],
): ReadonlyMap<string, Readonly<NodeUsage>> {
  return new OverlayMap(base, new Map([[focusNode, podUsageByNode(fresh).get(focusNode)]]));
}

/**
 * The owner lookup of a snapshot whose focus node's pods were read fresh: the cache's groups with,
 * for every owner that has a pod on the focus node (cached or fresh), the fresh summaries first
 * (in read order) and then the cached ones of other nodes, as building the lookup from the
 * snapshot's `podSummaries` (fresh first, then the cached pods not on the focus node) would give.
 * @param base - the cache's groups ({@link VersionedGroups.view})
 * @param focusNode - the focus node
 * @param fresh - the focus node's pod summaries as read fresh, in order
 * @param cachedFocusOwners - owner uids of cached pods on the focus node
 * @returns the lookup; `base` is not changed
 */
export function withFocusPods(
  base: ReadonlyMap<string, readonly PodSummary[]>,
  focusNode: string,
  fresh: readonly PodSummary[],
  cachedFocusOwners: Iterable<string>,
): ReadonlyMap<string, readonly PodSummary[]> {
  const freshByOwner = new Map<string, PodSummary[]>();
  for (const s of fresh)
    for (const k of summaryOwnerKeys(s)) {
      const list = freshByOwner.get(k);
      if (list) list.push(s);
      else freshByOwner.set(k, [s]);
    }
  const overlay = new Map<string, readonly PodSummary[] | undefined>();
  for (const uid of new Set([...freshByOwner.keys(), ...cachedFocusOwners])) {
    const list = [
      ...(freshByOwner.get(uid) ?? []),
      ...(base.get(uid) ?? []).filter((s) => s.nodeName !== focusNode),
    ];
    overlay.set(uid, list.length > 0 ? list : undefined);
  }
  return overlay.size === 0 ? base : new OverlayMap(base, overlay);
}
