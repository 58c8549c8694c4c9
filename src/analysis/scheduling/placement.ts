/**
 * Where the replacements of evicted pods run: each one through the scheduling model's filters
 * ({@link runFilters}) on the cluster as it is, earlier replacements included; first fit, largest
 * CPU request first, over the nodes in the snapshot's order. What the pods bound to a node take
 * comes from the pod summaries (cpu, memory, count, and the rarer other requests and host ports
 * they keep), indexed once per cluster index. PodTopologySpread and InterPodAffinity run on the
 * pods bound (their summaries' labels and required anti-affinity) when an evicted pod has spread
 * constraints or pod (anti-)affinity, or some bound pod has required anti-affinity; preemption is
 * not offered on a node they refuse. The volume filters (VolumeRestrictions, VolumeBinding,
 * VolumeZone) read the snapshot's claims and volumes ({@link volumeStateOf}); a pod placed where
 * they could not decide is named in `unknown`. A node that is not Ready carries the
 * `node.kubernetes.io/not-ready` (Ready False) or `node.kubernetes.io/unreachable` (Unknown)
 * NoSchedule taint the node lifecycle controller adds (Taint Nodes by Condition), when the data
 * does not show it already. Pure.
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-nodes-by-condition
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/pod-priority-preemption/
 */
import type { KNode, KPod, KTaint, PodSummary } from '../../cluster/types.js';
import { type HostPort, podClaims, podRequests, resourceAmount } from '../../cluster/pod-requests.js';
import { maxPods } from './node-resources-fit.js';
import { countsTowardsNode, podUsageByNode, prebuiltIndexesOf } from '../../cluster/cache-indexes.js';
import {
  type ClusterIndex,
  isCordoned,
  isNodeReady,
  memoOnIndex,
  readyStatus,
  podKey,
} from '../cluster-index.js';
import type { FilterStatus, NodeInfo, VolumeState } from './framework.js';
import { pendingSummary, runFilters } from './filter.js';
import { type SpreadNode, podTopologySpreadFilter, spreadState } from './pod-topology-spread.js';
import { type NamespaceLabels, interPodAffinityFilter, interPodAffinityState } from './inter-pod-affinity.js';

/** A node as the placement updates it: what its bound pods (and replacements placed) take. */
export interface WorkingNode {
  node: KNode;
  taints: readonly KTaint[];
  requested: Map<string, number>;
  podCount: number;
  usedPorts: HostPort[];
  allocatable: ReadonlyMap<string, number>;
}

/** Where the replacements of evicted pods go ({@link placeReplacements}). */
export interface Placement {
  /** Pods left without a node (`ns/name`), in the order tried. */
  unplaced: string[];
  /** Ready, schedulable nodes outside the ones going down. */
  candidates: number;
  /** `ns/name` → the node its replacement runs on. */
  placedOn: Map<string, string>;
  /** `ns/name` → why it stays Pending ({@link pendingSummary}), for each unplaced pod. */
  why: Map<string, string>;
  /**
   * `ns/name` → the node it could only run on by preempting lower-priority pods, and those pods
   * (`ns/name`), for unplaced pods with a priority above theirs.
   */
  preempting: Map<string, { node: string; victims: string[] }>;
  /**
   * `ns/name` → what the model could not decide for the node it placed the pod on (a claim list
   * not read, a claim not bound yet: {@link FilterStatus.unknown}); absent when all was known.
   */
  unknown?: Map<string, string>;
}

function parseHostPort(s: string): HostPort {
  const [protocol = 'TCP', hostIP = '0.0.0.0', port = '0'] = s.split('/');
  return { protocol, hostIP, port: Number(port) };
}

function addInto(into: Map<string, number>, from: Iterable<[string, number]>, sign = 1): void {
  for (const [k, v] of from) into.set(k, (into.get(k) ?? 0) + sign * v);
}

/** The taints the scheduler sees on a node: its own, plus the condition taint of a node not Ready. */
function effectiveTaints(node: KNode): readonly KTaint[] {
  const taints = node.spec?.taints ?? [];
  if (isNodeReady(node)) return taints;
  const key =
    readyStatus(node) === 'False' ? 'node.kubernetes.io/not-ready' : 'node.kubernetes.io/unreachable';
  return taints.some((t) => t.key === key && t.effect === 'NoSchedule')
    ? taints
    : [...taints, { key, effect: 'NoSchedule' }];
}

/** Per node, the other requests and host ports of its bound pods (rare: one pass, once per index). */
function extrasByNode(
  index: ClusterIndex,
): ReadonlyMap<string, { other: Map<string, number>; ports: HostPort[] }> {
  return memoOnIndex(index, 'scheduling:extras', () => {
    const out = new Map<string, { other: Map<string, number>; ports: HostPort[] }>();
    for (const s of index.snapshot.podSummaries) {
      if ((s.otherRequests === undefined && s.hostPorts === undefined) || !countsTowardsNode(s)) continue;
      let e = out.get(s.nodeName);
      if (!e) out.set(s.nodeName, (e = { other: new Map(), ports: [] }));
      if (s.otherRequests) addInto(e.other, Object.entries(s.otherRequests));
      for (const h of s.hostPorts ?? []) e.ports.push(parseHostPort(h));
    }
    return out;
  });
}

/** Pod summaries by node (only asked for when a pod could preempt: rare). */
function summariesByNode(index: ClusterIndex): ReadonlyMap<string, readonly PodSummary[]> {
  return memoOnIndex(index, 'scheduling:summariesByNode', () => {
    const out = new Map<string, PodSummary[]>();
    for (const s of index.snapshot.podSummaries) {
      if (!countsTowardsNode(s)) continue;
      const list = out.get(s.nodeName);
      if (list) list.push(s);
      else out.set(s.nodeName, [s]);
    }
    return out;
  });
}

/** A bound pod as PodTopologySpread and InterPodAffinity read it, from its summary. */
function topologyPod(s: PodSummary, nodeName: string): KPod {
  const anti = s.podAntiAffinity && {
    requiredDuringSchedulingIgnoredDuringExecution: [...s.podAntiAffinity],
  };
  return {
    metadata: {
      name: s.name,
      namespace: s.namespace,
      ...(s.labels ? { labels: { ...s.labels } } : {}),
      ...(s.deletionTimestamp ? { deletionTimestamp: s.deletionTimestamp } : {}),
    },
    spec: { nodeName, ...(anti ? { affinity: { podAntiAffinity: anti } } : {}) },
  };
}

/**
 * The claims and volumes by name, and how many bound pods use each claim, once per index (the
 * volume filters' listers); claims or volumes not read stay absent (the filters say "unknown").
 * StorageClasses are not read: an unbound claim is "unknown" (its provisioner decides); a claim or
 * volume not in the snapshot is "unknown" too (`partial`: a file may list only some objects).
 * @param index - the cluster index
 * @returns the state the volume filters read
 */
export function volumeStateOf(index: ClusterIndex): VolumeState {
  return memoOnIndex(index, 'scheduling:volumes', () => {
    const snap = index.snapshot;
    // Who uses each claim: one pass over the pods, only once a ReadWriteOncePod claim asks.
    let users: Map<string, number> | undefined;
    const usersOf = (claim: string): number => {
      if (!users) {
        users = new Map();
        for (const s of snap.podSummaries)
          if (countsTowardsNode(s))
            for (const c of s.claims ?? [])
              users.set(`${s.namespace}/${c}`, (users.get(`${s.namespace}/${c}`) ?? 0) + 1);
      }
      return users.get(claim) ?? 0;
    };
    return {
      partial: true,
      ...(snap.persistentVolumeClaims && {
        claims: new Map(
          snap.persistentVolumeClaims.map((c) => [
            `${c.metadata.namespace ?? 'default'}/${c.metadata.name}`,
            c,
          ]),
        ),
        claimUsers: usersOf,
      }),
      ...(snap.persistentVolumes && {
        volumes: new Map(snap.persistentVolumes.map((v) => [v.metadata.name, v])),
      }),
    };
  });
}

/**
 * The volume state for placing `evicted`: the claims their pods used no longer in use (the pods
 * are gone; earlier replacements run again, so they count as before), and `use` for each
 * replacement placed (its claims in use again).
 */
function volumesFor(
  index: ClusterIndex,
  evicted: readonly KPod[],
): { state: VolumeState; use: (p: KPod) => void } {
  const base = volumeStateOf(index);
  const count = base.claimUsers;
  const delta = new Map<string, number>();
  const add = (p: KPod, n: number): void => {
    for (const c of podClaims(p)) {
      const key = `${p.metadata.namespace ?? 'default'}/${c}`;
      delta.set(key, (delta.get(key) ?? 0) + n);
    }
  };
  for (const p of evicted) add(p, -1);
  if (!count) return { state: base, use: () => undefined };
  return {
    state: { ...base, claimUsers: (claim) => count(claim) + (delta.get(claim) ?? 0) },
    use: (p) => add(p, 1),
  };
}

/** Whether some bound pod has required anti-affinity (every pod placed must then respect it). */
function anyAntiAffinity(index: ClusterIndex): boolean {
  return memoOnIndex(index, 'scheduling:anyAntiAffinity', () =>
    index.snapshot.podSummaries.some((s) => s.podAntiAffinity !== undefined && countsTowardsNode(s)),
  );
}

/** The cluster's namespaces with their labels (InterPodAffinity's namespaceSelector). */
function namespaceLabels(index: ClusterIndex): NamespaceLabels {
  return memoOnIndex(
    index,
    'scheduling:namespaceLabels',
    () => new Map((index.snapshot.namespaces ?? []).map((n) => [n.metadata.name, n.metadata.labels ?? {}])),
  );
}

/** Whether a pod has DoNotSchedule spread constraints or required pod (anti-)affinity. */
function hasPodConstraints(pod: KPod): boolean {
  const spec = pod.spec as { topologySpreadConstraints?: { whenUnsatisfiable?: string }[] } | undefined;
  const a = pod.spec?.affinity;
  return (
    (spec?.topologySpreadConstraints ?? []).some((c) => c.whenUnsatisfiable === 'DoNotSchedule') ||
    (a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).length > 0 ||
    (a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []).length > 0
  );
}

/**
 * The namespaces whose pods the evicted pods' spread constraints and affinity terms can select
 * (null: all, when a term has a namespaceSelector).
 */
function selectableNamespaces(evicted: readonly KPod[]): Set<string> | null {
  const out = new Set<string>();
  for (const p of evicted.filter(hasPodConstraints)) {
    out.add(p.metadata.namespace ?? 'default');
    const a = p.spec?.affinity;
    for (const t of [
      ...(a?.podAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []),
      ...(a?.podAntiAffinity?.requiredDuringSchedulingIgnoredDuringExecution ?? []),
    ]) {
      if (t.namespaceSelector) return null;
      for (const n of t.namespaces ?? []) out.add(n);
    }
  }
  return out;
}

/**
 * Every node with the bound pods the spread and affinity filters can count (those of the
 * namespaces the evicted pods' constraints select, and those with required anti-affinity), the
 * evicted ones left out; null when neither filter can refuse (no evicted pod has such
 * constraints and no bound pod required anti-affinity). Built per call: no copy of every pod.
 */
function topologyNodes(index: ClusterIndex, evicted: readonly KPod[]): SpreadNode[] | null {
  if (!evicted.some(hasPodConstraints) && !anyAntiAffinity(index)) return null;
  const bound = summariesByNode(index);
  const namespaces = selectableNamespaces(evicted);
  const gone = new Set(evicted.map(podKey));
  return index.snapshot.nodes.map((node) => {
    const name = node.metadata.name;
    const pods: KPod[] = [];
    for (const s of bound.get(name) ?? [])
      if (
        (namespaces === null || namespaces.has(s.namespace) || s.podAntiAffinity) &&
        !gone.has(`${s.namespace}/${s.name}`)
      )
        pods.push(topologyPod(s, name));
    return { node, pods };
  });
}

/** Every node as the scheduler starts from it, once per index; never changed (placement copies). */
function baseNodes(index: ClusterIndex): readonly Readonly<WorkingNode>[] {
  return memoOnIndex(index, 'scheduling:baseNodes', () => workingNodes(index));
}

function workingNodes(index: ClusterIndex): WorkingNode[] {
  const used = prebuiltIndexesOf(index.snapshot)?.usageByNode ?? podUsageByNode(index.snapshot.podSummaries);
  const extras = extrasByNode(index);
  return index.snapshot.nodes.map((node) => {
    const name = node.metadata.name;
    const u = used.get(name);
    const e = extras.get(name);
    const requested = new Map<string, number>(e?.other ?? []);
    requested.set('cpu', u?.cpu ?? 0);
    requested.set('memory', u?.memory ?? 0);
    const allocatable = new Map(
      Object.entries(node.status?.allocatable ?? {}).map(([k, q]) => [k, resourceAmount(k, q)] as const),
    );
    allocatable.set('pods', maxPods(node));
    return {
      node,
      taints: effectiveTaints(node),
      requested,
      podCount: u?.pods ?? 0,
      usedPorts: [...(e?.ports ?? [])],
      allocatable,
    };
  });
}

/** A node's copy whose requests and ports can change without changing the node's. */
const copyOf = (w: Readonly<WorkingNode>): WorkingNode => ({
  ...w,
  requested: new Map(w.requested),
  usedPorts: [...w.usedPorts],
});

/** The replacement a controller creates: the same spec, not bound to a node yet. */
function replacementOf(pod: KPod): KPod {
  if (pod.spec?.nodeName === undefined) return pod;
  const { nodeName: _bound, ...spec } = pod.spec;
  return { ...pod, spec };
}

function summaryRequests(s: PodSummary): [string, number][] {
  return [['cpu', s.cpuMillis], ['memory', s.memoryBytes], ...Object.entries(s.otherRequests ?? {})];
}

/**
 * Whether a pod could run on a node by preempting pods of lower priority there, and which: all
 * lower-priority pods removed, then as many as still fit given back, highest priority first (the
 * scheduler's DefaultPreemption `selectVictimsOnNode`).
 */
function victimsOn(
  pod: KPod,
  request: ReadonlyMap<string, number>,
  w: WorkingNode,
  bound: readonly PodSummary[],
): string[] | null {
  const priority = pod.spec?.priority ?? 0;
  const lower = bound
    .filter((s) => (s.priority ?? 0) < priority)
    .sort((a, b) => (b.priority ?? 0) - (a.priority ?? 0));
  if (lower.length === 0) return null;
  const info: WorkingNode = { ...w, requested: new Map(w.requested) };
  for (const s of lower) addInto(info.requested, summaryRequests(s), -1);
  info.podCount -= lower.length;
  if (runFilters(pod, info, info.taints, request).code !== 'Success') return null;
  const victims: string[] = [];
  for (const s of lower) {
    addInto(info.requested, summaryRequests(s));
    info.podCount += 1;
    if (runFilters(pod, info, info.taints, request).code === 'Success') continue;
    addInto(info.requested, summaryRequests(s), -1);
    info.podCount -= 1;
    victims.push(`${s.namespace}/${s.name}`);
  }
  return victims;
}

/**
 * The nodes as {@link placeReplacements} starts from them, earlier replacements applied, kept from
 * one call to the next ({@link placementRounds}): each call applies only what changed in `earlier`
 * (a drain's rounds add one or a few replacements each), not every earlier replacement again.
 */
export interface PlacementRounds {
  /** The index and nodes going down these nodes are for (another pair starts over). */
  for: { index: ClusterIndex; down: ReadonlySet<string> } | null;
  /** The nodes outside `down`, in the snapshot's order, with `applied` taken into account. */
  nodes: WorkingNode[];
  /** Node name → its position in `nodes`. */
  at: Map<string, number>;
  /** The nodes of `nodes` copied from the index's (the others are shared, never changed). */
  owned: Set<WorkingNode>;
  /** The earlier replacements applied to `nodes`: pod → the node its replacement runs on. */
  applied: Map<KPod, string>;
  /** How many of `applied` have spread constraints or required pod (anti-)affinity. */
  constrained: number;
  /** Each applied pod's requests ({@link podRequests}), computed once. */
  requests: Map<KPod, Map<string, number>>;
}

/**
 * A new, empty {@link PlacementRounds}, for the rounds of one drain of the same nodes.
 * @returns the state; {@link placeReplacements} fills it
 */
export function placementRounds(): PlacementRounds {
  return {
    for: null,
    nodes: [],
    at: new Map(),
    owned: new Set(),
    applied: new Map(),
    constrained: 0,
    requests: new Map(),
  };
}

/**
 * Bring `rounds` to `earlier`: each replacement runs on its node, its pod gone from the node it was
 * bound to (sums of integers: the order they are applied in does not change them).
 */
function applyEarlier(
  rounds: PlacementRounds,
  index: ClusterIndex,
  down: ReadonlySet<string>,
  earlier: ReadonlyMap<KPod, string>,
): void {
  if (rounds.for?.index !== index || rounds.for.down !== down) {
    Object.assign(rounds, placementRounds(), { for: { index, down } });
    // The index's nodes, shared; one an earlier replacement changes is copied first (copy on write).
    rounds.nodes = baseNodes(index).filter((w) => !down.has(w.node.metadata.name));
    for (const [i, w] of rounds.nodes.entries())
      if (!rounds.at.has(w.node.metadata.name)) rounds.at.set(w.node.metadata.name, i);
  }
  const writable = (name: string | undefined): WorkingNode | undefined => {
    const i = rounds.at.get(name ?? '');
    const found = i === undefined ? undefined : rounds.nodes[i];
    if (i === undefined || !found || rounds.owned.has(found)) return found;
    const copy = copyOf(found);
    rounds.owned.add(copy);
    rounds.nodes[i] = copy;
    return copy;
  };
  const move = (pod: KPod, node: string, sign: 1 | -1): void => {
    let request = rounds.requests.get(pod);
    if (!request) rounds.requests.set(pod, (request = podRequests(pod)));
    const from = writable(pod.spec?.nodeName);
    if (from) {
      addInto(from.requested, request, -sign);
      from.podCount -= sign;
    }
    const to = writable(node);
    if (to) {
      addInto(to.requested, request, sign);
      to.podCount += sign;
    }
    rounds.constrained += hasPodConstraints(pod) ? sign : 0;
  };
  for (const [pod, node] of rounds.applied)
    if (earlier.get(pod) !== node) {
      move(pod, node, -1);
      rounds.applied.delete(pod);
    }
  for (const [pod, node] of earlier)
    if (!rounds.applied.has(pod)) {
      move(pod, node, 1);
      rounds.applied.set(pod, node);
    }
}

/**
 * Place the replacements of evicted pods (see the module doc). Replaces the first fit on CPU,
 * memory and pod count of issue 28 ("Placement").
 * @param index - the cluster index
 * @param down - the nodes that go down (drained or lost: no replacement runs there)
 * @param evicted - the evicted pods whose controllers recreate them
 * @param earlier - replacements placed before these (a drain's earlier rounds,
 *   src/analysis/drain-sequence.ts): each runs on its node, its pod gone from the node it was
 *   bound to; empty by default
 * @param rounds - the state kept between the calls of one drain's rounds ({@link placementRounds}),
 *   so that only the change in `earlier` is applied; a fresh one by default (same result)
 * @returns where each runs, which stay Pending and why, and which could only run by preemption
 */
export function placeReplacements(
  index: ClusterIndex,
  down: ReadonlySet<string>,
  evicted: readonly KPod[],
  earlier: ReadonlyMap<KPod, string> = new Map(),
  rounds: PlacementRounds = placementRounds(),
): Placement {
  applyEarlier(rounds, index, down, earlier);
  // The nodes with the earlier replacements, shared; a node that takes one is copied first (copy on write).
  const nodes = [...rounds.nodes];
  const copied = new Set<WorkingNode>();
  const writable = (at: number): WorkingNode => {
    const found = nodes[at] as WorkingNode;
    if (copied.has(found)) return found;
    const target = copyOf(found);
    copied.add(target);
    nodes[at] = target;
    return target;
  };
  const candidates = nodes.filter((w) => isNodeReady(w.node) && !isCordoned(w.node)).length;
  const requests = new Map(evicted.map((p) => [p, podRequests(p)]));
  const cpuOf = (p: KPod): number => requests.get(p)?.get('cpu') ?? 0;
  const out: Placement = {
    unplaced: [],
    candidates,
    placedOn: new Map(),
    why: new Map(),
    preempting: new Map(),
  };
  // The spread and affinity filters see the pods bound now, earlier replacements included.
  const topology =
    rounds.constrained > 0 || evicted.some(hasPodConstraints) || anyAntiAffinity(index)
      ? topologyNodes(index, [...earlier.keys(), ...evicted])
      : null;
  const topologyAt = new Map(topology?.map((t, i) => [t.node.metadata.name, i]));
  const volumes = volumesFor(index, evicted);
  const bind = (pod: KPod, node: string): void => {
    const t = topology?.[topologyAt.get(node) ?? -1];
    if (t) t.pods = [...t.pods, { ...pod, spec: { ...pod.spec, nodeName: node } }];
  };
  if (topology) for (const [pod, node] of earlier) bind(replacementOf(pod), node);
  for (const original of [...evicted].sort((a, b) => cpuOf(b) - cpuOf(a))) {
    const pod = replacementOf(original);
    const request = requests.get(original) ?? podRequests(pod);
    const spread = topology ? spreadState(pod, topology) : null;
    const affinity = topology ? interPodAffinityState(pod, topology, namespaceLabels(index)) : null;
    const refusals: FilterStatus[] = [];
    let unknown: string | undefined;
    const fit = nodes.findIndex((w) => {
      let status = runFilters(pod, w as NodeInfo, w.taints, request, volumes.state);
      unknown = status.unknown;
      if (status.code === 'Success' && spread) status = podTopologySpreadFilter(pod, w.node, spread);
      if (status.code === 'Success' && affinity) status = interPodAffinityFilter(w.node, affinity);
      if (status.code !== 'Success') refusals.push(status);
      return status.code === 'Success';
    });
    const name = podKey(original);
    if (fit >= 0) {
      const target = writable(fit);
      addInto(target.requested, request);
      target.podCount += 1;
      out.placedOn.set(name, target.node.metadata.name);
      if (unknown !== undefined) (out.unknown ??= new Map()).set(name, unknown);
      bind(pod, target.node.metadata.name);
      volumes.use(pod);
      continue;
    }
    out.unplaced.push(name);
    out.why.set(
      name,
      pendingSummary(index.snapshot.nodes.length, [
        ...[...down].filter((n) => index.nodesByName.has(n)).map(() => ['drained']),
        ...refusals.map((r) => r.short ?? []),
      ]),
    );
    if ((pod.spec?.priority ?? 0) > 0 && pod.spec?.preemptionPolicy !== 'Never') {
      const bound = summariesByNode(index);
      for (const [i, w] of nodes.entries()) {
        // Preemption here frees resources and ports only (victims' labels are not re-counted).
        const r = refusals[i];
        if (
          r?.code !== 'Unschedulable' ||
          r.plugin === 'PodTopologySpread' ||
          r.plugin === 'InterPodAffinity'
        )
          continue;
        const victims = victimsOn(pod, request, w, bound.get(w.node.metadata.name) ?? []);
        if (victims) {
          out.preempting.set(name, { node: w.node.metadata.name, victims });
          break;
        }
      }
    }
  }
  return out;
}
