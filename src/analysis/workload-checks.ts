/**
 * Workload and drain checks of a reboot, for every node (docs/checks.md, "Workloads and the drain"):
 * what `kubectl drain` would refuse, lose or wait on, and whether the rest of the cluster can take
 * the evicted pods. Pure.
 */
import type { KPod, KPodDisruptionBudget } from '../cluster/types.js';
import {
  type ClusterIndex,
  type TopOwner,
  budgetsSelecting,
  controllerOf,
  hasControlPlaneLabel,
  isDaemonSetPod,
  isFinished,
  isMirrorPod,
  isPodReady,
  isUnscheduled,
  memoOnIndex,
  podKey,
  podsOfOwner,
  takesOrdinaryPods,
  topOwnerOf,
} from './cluster-index.js';
import {
  ANNOTATION_SAFE_TO_EVICT,
  CNI_DAEMONSETS,
  DEFAULT_TERMINATION_GRACE_S,
  KUBE_PROXY_NAME,
  MORE_CNI_DAEMONSETS,
} from './domain.js';
import { clusterCommandForms } from './command-versions.js';
import { finding } from './finding.js';
import { isMonCanary } from './rook-daemons.js';
import type { Finding } from './types.js';
import { unseenMasters } from './etcd-view.js';
import { pinnedVolumeChecks } from './volume-checks.js';
import { refineBudgetFindings } from './budget-checks.js';
import { countFates, podFate } from './eviction-model.js';
import { sequenceFacts, simulateDrain } from './drain-sequence.js';
import { drainWebhooks } from './admission-webhooks.js';
import { type DrainFilterVerdict, type DrainFlags, drainFilter } from './drain-filters.js';
import { decideEviction } from './eviction-api.js';
import { trafficChecks } from './traffic-checks.js';
import { addonChecks } from './addon-checks.js';
import { metallbChecks } from './network-controllers.js';
import { csiControllerChecks } from './storage-controllers.js';
import { type ClusterDnsDown, clusterDnsDown, isClusterDnsPod } from './cluster-dns.js';
import { type Placement, placeReplacements } from './scheduling/placement.js';

/** The pods on a node, sorted into what drain does with them (kubectl's filters: ./drain-filters.ts). */
export interface NodePods {
  /** Every pod on the node that is not finished. */
  all: KPod[];
  mirror: KPod[];
  /** Running DaemonSet pods whose DaemonSet the snapshot holds: `--ignore-daemonsets` leaves them. */
  daemonSet: KPod[];
  /**
   * Running DaemonSet pods whose DaemonSet the snapshot does not hold: kubectl refuses them
   * (`daemonsets.apps "NAME" not found`) unless `--force`, which deletes them for good.
   */
  orphanedDaemonSet: KPod[];
  /** No controller: drain refuses them without --force; deleted, they never come back. */
  unmanaged: KPod[];
  /** Pods drain evicts (controller-managed, not DaemonSet, not mirror). */
  evictable: KPod[];
  /** Succeeded or Failed pods (not mirror): kubectl deletes them without any flag. */
  finished: KPod[];
}

/** Every flag of `kubectl drain` that lets a pod through. */
const EVERY_FLAG: DrainFlags = { ignoreDaemonSets: true, deleteEmptyDirData: true, force: true };

/**
 * Whether the snapshot holds the DaemonSet that controls a pod (by uid, else namespace and name).
 * @param index - the cluster index
 * @param pod - a DaemonSet pod
 */
export function daemonSetSeen(index: ClusterIndex, pod: KPod): boolean {
  const ctrl = controllerOf(pod);
  if (ctrl === null) return false;
  if (index.workloadsByUid.has(ctrl.uid)) return true;
  const ns = pod.metadata.namespace ?? 'default';
  return index.snapshot.workloads.some(
    (w) =>
      w.kind === 'DaemonSet' && w.metadata.name === ctrl.name && (w.metadata.namespace ?? 'default') === ns,
  );
}

/**
 * Sort the node's pods as kubectl drain's filters do ({@link drainFilter}).
 * @param index - the cluster index
 * @param node - node name
 */
export function podsOnNode(index: ClusterIndex, node: string): NodePods {
  const onNode = index.podsByNode.get(node) ?? [];
  const verdict = (p: KPod): DrainFilterVerdict =>
    drainFilter(p, !isDaemonSetPod(p) || daemonSetSeen(index, p), EVERY_FLAG);
  const finished = onNode.filter((p) => isFinished(p) && verdict(p).verdict === 'delete');
  const all = onNode.filter((p) => !isFinished(p));
  const mirror = all.filter(isMirrorPod);
  const orphanedDaemonSet = all.filter(
    (p) => !isMirrorPod(p) && isDaemonSetPod(p) && verdict(p).verdict === 'delete',
  );
  const daemonSet = all.filter((p) => !isMirrorPod(p) && isDaemonSetPod(p) && !orphanedDaemonSet.includes(p));
  const unmanaged = all.filter((p) => !isMirrorPod(p) && controllerOf(p) === null);
  const evictable = all.filter((p) => !isMirrorPod(p) && !isDaemonSetPod(p));
  return { all, mirror, daemonSet, orphanedDaemonSet, unmanaged, evictable, finished };
}

function isSystemAddon(pod: KPod): boolean {
  const prio = pod.spec?.priorityClassName ?? '';
  return (
    pod.metadata.namespace === 'kube-system' ||
    prio === 'system-cluster-critical' ||
    prio === 'system-node-critical'
  );
}

function isClusterDns(owner: TopOwner): boolean {
  const labels = owner.workload?.metadata.labels ?? {};
  return (
    owner.namespace === 'kube-system' &&
    (labels['k8s-app'] === 'kube-dns' || owner.name === 'coredns' || owner.name === 'kube-dns')
  );
}

/**
 * Cluster DNS already down (check `cluster-dns`, data plane, warn, variant `already-down`): no
 * CoreDNS pod is Ready, so in-cluster name resolution fails before anything is changed; the
 * answer says so as an existing problem and never that DNS keeps working (real-clusters/01,
 * every coredns pod Pending, PodScheduled=False). See {@link clusterDnsDown} for the rule's sources.
 * @param index - the cluster index
 * @param node - the target node
 * @param down - what {@link clusterDnsDown} found
 */
function clusterDnsFinding(index: ClusterIndex, node: string, down: ClusterDnsDown): Finding {
  const onNode = (index.podsByNode.get(node) ?? []).filter(
    (p) => !isFinished(p) && isClusterDnsPod(index, p),
  ).length;
  return finding('cluster-dns', 'data', 'warn', 'already-down', {
    node,
    workloads: down.workloads,
    count: down.pods,
    pending: down.pending,
    reason: down.reason,
    onNode,
  });
}

function intOrPercentIsZero(v: number | string | undefined): boolean {
  return v === 0 || v === '0' || v === '0%';
}

/**
 * The drain checks: unmanaged-pods, emptydir-pods, daemonset-pods, safe-to-evict, pdb-blocks,
 * single-replica, workloads-on-control-plane, local-volumes, capacity, grace-period.
 * @param index - the cluster index
 * @param node - the target node
 * @param isControlPlane - whether the target is a control-plane node
 * @param tainted - whether the target carries the control-plane NoSchedule taint
 * @param readable - which resources were read (`poddisruptionbudgets`, `workloads`); a check whose
 *   input could not be read is skipped here and reported by a read-error finding
 * @param request - what is asked: a reboot (the default) or a drain. A reboot of the cluster's only
 *   node is advised without a drain (variant `only-node` of `unmanaged-pods`, `emptydir-pods` and
 *   `grace-period`): a drain moves nothing there (every evicted pod stays Pending until the node is
 *   uncordoned), its `--force` deletes for good the pods with no controller and its emptyDir flag
 *   their data, while a plain reboot keeps both, since the pods stay bound to the node and an
 *   emptyDir lives as long as its pod is on the node ("When a Pod is removed from a node for any
 *   reason, the data in the emptyDir is deleted permanently", Volumes, emptyDir,
 *   https://kubernetes.io/docs/concepts/storage/volumes/#emptydir), except a `medium: Memory` one,
 *   a tmpfs, which no reboot keeps (variant `only-node-memory`); kubectl drain reference,
 *   https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/ (issue 16, F17).
 */
export function workloadChecks(
  index: ClusterIndex,
  node: string,
  isControlPlane: boolean,
  tainted: boolean,
  readable: { pdbs: boolean; workloads: boolean },
  request: 'reboot' | 'drain' = 'reboot',
): Finding[] {
  const out: Finding[] = [];
  const pods = podsOnNode(index, node);
  // The only node, rebooted: no drain is advised (see @param request).
  const noDrain = request === 'reboot' && index.snapshot.nodes.length === 1;
  const { emptyDirFlag, emptyDirOldFlag } = clusterCommandForms(index);

  if (pods.unmanaged.length > 0) {
    out.push(
      finding('unmanaged-pods', 'data', 'warn', noDrain ? 'only-node' : 'present', {
        node,
        pods: pods.unmanaged.map(podKey),
      }),
    );
  }

  const withEmptyDir = pods.evictable.filter((p) =>
    (p.spec?.volumes ?? []).some((v) => v.emptyDir !== undefined),
  );
  if (withEmptyDir.length > 0) {
    // tmpfs (medium: Memory) is lost at any reboot, drained or not.
    const inMemory = withEmptyDir
      .filter((p) => (p.spec?.volumes ?? []).some((v) => v.emptyDir?.medium === 'Memory'))
      .map(podKey);
    out.push(
      finding(
        'emptydir-pods',
        'data',
        'warn',
        noDrain ? (inMemory.length > 0 ? 'only-node-memory' : 'only-node') : 'present',
        {
          node,
          pods: withEmptyDir.map(podKey),
          volumes: withEmptyDir.flatMap((p) =>
            (p.spec?.volumes ?? [])
              .filter((v) => v.emptyDir !== undefined)
              .map((v) => `${p.metadata.name}:${v.name}`),
          ),
          inMemory,
          emptyDirFlag,
          emptyDirOldFlag,
        },
      ),
    );
  }

  if (pods.daemonSet.length > 0 || pods.mirror.length > 0) {
    // The variant says which of the two kinds the node has: a sentence never lists "none".
    const variant =
      pods.daemonSet.length === 0 ? 'static-only' : pods.mirror.length === 0 ? 'daemonsets-only' : 'present';
    const daemonSets = [...new Set(pods.daemonSet.map((p) => controllerOf(p)?.name ?? p.metadata.name))];
    const staticPods = pods.mirror.map((p) => p.metadata.name);
    out.push(
      finding('daemonset-pods', 'data', 'info', variant, {
        node,
        daemonSets,
        staticPods,
        // The node agents the snapshot shows on the node (issue 16): a sentence that lists what a
        // reboot stops names only these (a Cilium node may run no kube-proxy at all).
        kubeProxy:
          daemonSets.includes(KUBE_PROXY_NAME) || staticPods.some((n) => n.startsWith(`${KUBE_PROXY_NAME}-`)),
        cni: daemonSets.find((d) => CNI_DAEMONSETS.includes(d) || MORE_CNI_DAEMONSETS.includes(d)) ?? null,
      }),
    );
  }

  if (pods.orphanedDaemonSet.length > 0 && !noDrain) {
    // kubectl's daemonSetFilter: a DaemonSet pod whose DaemonSet is not found is refused
    // (`daemonsets.apps "NAME" not found`) unless --force, which deletes it for good.
    out.push(
      finding(
        'orphaned-daemonset-pods',
        'data',
        'warn',
        index.snapshot.unobserved?.includes('workloads') === true ? 'unseen' : 'missing',
        {
          node,
          pods: pods.orphanedDaemonSet.map(podKey),
          // Under --force kubectl's localStorageFilter still asks --delete-emptydir-data for these.
          emptyDirPods: pods.orphanedDaemonSet
            .filter((p) => (p.spec?.volumes ?? []).some((v) => v.emptyDir !== undefined))
            .map(podKey),
          daemonSets: [...new Set(pods.orphanedDaemonSet.map((p) => controllerOf(p)?.name ?? ''))],
        },
      ),
    );
  }

  out.push(...safeToEvictChecks(node, pods.evictable));

  const budgets = readable.pdbs
    ? refineBudgetFindings(index, node, pdbChecks(index, node, pods.evictable), pods.evictable)
    : [];
  out.push(...budgets);
  const volumePinned = pinnedVolumeChecks(index, node, pods.evictable);
  const pinnedHere = pinnedToNode(index, node, pods.evictable, volumePinned);
  // A bare pod is deleted, never recreated: it needs no room elsewhere (unmanaged-pods says it is lost).
  // A pod pinned to the node is recreated, but can run nowhere else: it needs no room elsewhere
  // either, and is not "recreated on other nodes" (it stays Pending until the node is back).
  // A pod the scheduler never placed runs nowhere: deleting it moves nothing (isUnscheduled).
  const recreated = pods.evictable.filter(
    (p) => controllerOf(p) !== null && !pinnedHere.has(podKey(p)) && !isUnscheduled(p),
  );
  // The drain in sequence (./drain-sequence.ts): the API server's answer to each eviction in the
  // drain's order, each round's replacements placed on the cluster as it is then, budgets given
  // back as they become Ready. Pods refused (429) or whose eviction stops the drain (500) stay; the
  // pods a drain really moves leave them out; the capacity finding keeps the count of a loss (no
  // budget holds a lost node's pods) and carries the drain's own as `drainEvictable` /
  // `drainUnplaced` / `drainMovesTo`. The only node, rebooted, is not drained: no eviction is
  // asked, none refused.
  const alone = index.snapshot.nodes.length === 1;
  const asked = [...pods.evictable, ...pods.finished];
  const sequence = simulateDrain(index, {
    nodes: [node],
    mode: 'together',
    pods: new Map([[node, asked]]),
    budgets: readable.pdbs && !noDrain ? index.snapshot.podDisruptionBudgets : [],
    pinned: pinnedHere,
    // Failing-closed webhooks whose backends all run here: their refusals are part of the drain.
    webhooks: drainWebhooks(index, [node]),
  });
  const evictions = sequence;
  // Every pod that stays on the node (refused now or later, or stopping the drain) → its budgets.
  const refused = new Map([...evictions.refused, ...evictions.refusedLater, ...evictions.stopped]);
  const refusedOnly = new Map([...evictions.refused, ...evictions.refusedLater]);
  // A budget this drain spends with no replacement Ready to give it back: the pods after the
  // first it allows are refused for ever (issue 28, oracle group 4), not "waited on until
  // replacements are healthy"; `pendingWhy` says why the evicted pod's replacement is Pending.
  for (const [i, f] of out.entries()) {
    if (f.check !== 'pdb-blocks' || f.variant !== 'more-than-allowed') continue;
    const budget = `${String(f.facts.namespace)}/${String(f.facts.pdb)}`;
    const stuck = [...evictions.refusedLater].filter(([, b]) => b === budget).map(([p]) => p);
    // The first of its evicted pods whose replacement is Pending, and why (the scheduler's terms).
    const pendingPod = (Array.isArray(f.facts.pods) ? (f.facts.pods as string[]) : [])
      .map((n) => `${String(f.facts.namespace)}/${n}`)
      .find((p) => sequence.placement.why.has(p));
    const pendingWhy =
      pendingPod === undefined ? '' : `${pendingPod}: ${sequence.placement.why.get(pendingPod) ?? ''}`;
    if (stuck.length > 0)
      out[i] = {
        ...f,
        severity: 'block',
        variant: 'more-than-allowed-stuck',
        facts: { ...f.facts, stuck, pendingWhy },
      };
  }
  const moverRoom = { movers: sequence.movers, unplaced: sequence.placement.unplaced };
  const movers = moverRoom.movers;
  // Cluster DNS with no Ready pod is down already (an existing problem, not the reboot's): its
  // pods here are not "rescheduled" by the reboot, so no single-replica finding is made for them.
  const dnsDown = clusterDnsDown(index);
  if (dnsDown) out.push(clusterDnsFinding(index, node, dnsDown));
  if (readable.workloads)
    out.push(
      ...replicaChecks(
        index,
        node,
        dnsDown ? pods.evictable.filter((p) => !isClusterDnsPod(index, p)) : pods.evictable,
        pinnedHere,
        refusedOnly,
        evictions.stopped,
        evictions.stoppedByWebhook,
        new Set(moverRoom.unplaced),
      ),
    );

  if (isControlPlane && pods.evictable.length > 0) {
    const user = pods.evictable.filter((p) => !isSystemAddon(p));
    out.push(
      finding(
        'workloads-on-control-plane',
        'data',
        user.length > 0 ? 'warn' : 'info',
        user.length > 0 ? 'user' : 'system',
        {
          node,
          tainted,
          // every node a control plane: the taint cannot be restored, workloads have nowhere else
          allControlPlane: index.snapshot.nodes.every((n) => hasControlPlaneLabel(n)),
          onlyNode: index.snapshot.nodes.length === 1,
          pods: (user.length > 0 ? user : pods.evictable).map(podKey),
        },
      ),
    );
  }

  const pinned = pods.evictable.filter(
    (p) =>
      (p.spec?.volumes ?? []).some((v) => v.hostPath !== undefined) ||
      p.spec?.nodeSelector?.['kubernetes.io/hostname'] === node,
  );
  if (pinned.length > 0) {
    // `refusedPods`: those a budget keeps on the node (the eviction model re-words the sentence).
    const kept = pinned.map(podKey).filter((p) => refused.has(p));
    out.push(
      finding('local-volumes', 'data', 'warn', 'pinned', {
        node,
        pods: pinned.map(podKey),
        ...(kept.length > 0 ? { refusedPods: kept } : {}),
      }),
    );
  }
  out.push(...volumePinned);
  const running = pods.all.filter((p) => !isMirrorPod(p));
  out.push(...trafficChecks(index, node, running));
  // What stops for other workloads while the node is down (issue 29): known add-ons, MetalLB's
  // layer 2 announcer, CSI controllers.
  out.push(...addonChecks(index, node));
  out.push(...metallbChecks(index, node, running));
  out.push(...csiControllerChecks(index, node, pods.evictable));

  // A replacement a webhook refuses is not created: it needs no room (the drain sequence's).
  const created = recreated.filter((p) => !sequence.replacementRefused.has(podKey(p)));
  const capacity = capacityCheck(index, node, created).map((f) => ({
    ...f,
    facts: {
      ...f.facts,
      recreatedPods: created.map(podKey),
      drainMovers: [...movers],
      drainEvictable: movers.length,
      drainUnplaced: moverRoom.unplaced,
      drainMovesTo: placementFacts(sequence.placement).movesTo,
    },
  }));
  out.push(...capacity);
  out.push(...onlyNodeUnseen(index, node));

  // kubectl deletes finished pods without a flag, and orphaned DaemonSet pods under --force (its
  // filters, ./drain-filters.ts): each is a pod the drain asks to delete.
  const deleting = [...pods.evictable, ...pods.finished, ...pods.orphanedDaemonSet];
  if (deleting.length > 0) {
    // Not drained (the only node): a finished pod (Succeeded/Failed) runs no container, so it
    // neither stops with the node nor starts again; the sentence counts the others.
    const stopping = noDrain ? deleting.filter((p) => !isFinished(p)) : deleting;
    const longest = Math.max(
      0,
      ...stopping.map((p) => p.spec?.terminationGracePeriodSeconds ?? DEFAULT_TERMINATION_GRACE_S),
    );
    const noRoom = new Set(moverRoom.unplaced);
    const fates = deleting.map((p) =>
      podFate({
        stopped: evictions.stopped.has(podKey(p)) || evictions.stoppedByWebhook.has(podKey(p)),
        finished: isFinished(p),
        orphaned: pods.orphanedDaemonSet.includes(p),
        refused: refused.has(podKey(p)),
        bare: controllerOf(p) === null,
        unscheduled: isUnscheduled(p),
        replacementRefused: evictions.replacementRefused.has(podKey(p)),
        pinned: pinnedHere.has(podKey(p)),
        noRoom: noRoom.has(podKey(p)),
      }),
    );
    const counts = countFates(fates);
    const names = (m: ReadonlyMap<string, string>): string[] => deleting.map(podKey).filter((p) => m.has(p));
    const by = (m: ReadonlyMap<string, string>): string[] => [
      ...new Set(names(m).map((p) => m.get(p) ?? '')),
    ];
    // Only a webhook's error stops it: the drain's own block (a budget error has pdb-blocks').
    const byWebhook = evictions.stoppedByWebhook.size > 0 && evictions.stopped.size === 0;
    out.push(
      finding(
        'grace-period',
        'data',
        !noDrain && byWebhook ? 'block' : 'info',
        noDrain
          ? 'only-node'
          : counts.stopped > 0
            ? byWebhook
              ? 'stops-webhook'
              : 'stops'
            : counts.evicted === 0
              ? 'all-refused'
              : 'estimate',
        {
          node,
          seconds: longest,
          ...counts,
          // The sentence counts the pods evicted (those refused or stopping the drain are said
          // apart); not drained, the pods that stop and start again.
          count: noDrain ? stopping.length : counts.evicted,
          onlyNode: alone,
          // Refused at the first request (HTTP 429), and refused once this drain has spent the
          // budget with no replacement Ready to give it back: the drain waits on both for ever.
          // …and refused at first, then stopped at the retry a webhook answered 500 (in both
          // lists, as kubectl's 429 then its error; the fates count it once, stopped).
          refusedPods: names(new Map([...evictions.refused, ...evictions.refusedFirst])),
          refusedLaterPods: names(evictions.refusedLater),
          refusedBy: by(
            new Map([...evictions.refused, ...evictions.refusedLater, ...evictions.refusedFirst]),
          ),
          // An eviction error other than 429 (several budgets, or a webhook without backend: HTTP
          // 500): kubectl drain stops.
          stoppedPods: names(new Map([...evictions.stopped, ...evictions.stoppedByWebhook])),
          stoppedBy: by(evictions.stopped),
          stoppedWebhooks: by(evictions.stoppedByWebhook),
          notComputed: evictions.notComputed,
          // Each pod's fate (`namespace/name=fate`), kept as the maintenance forecast (issue 34).
          podFates: deleting.map((p, i) => `${podKey(p)}=${fates[i] ?? 'moves'}`),
          ...sequenceFacts(sequence),
        },
      ),
    );
  }
  return out;
}

/**
 * Pods on the node whose owner marked them `cluster-autoscaler.kubernetes.io/safe-to-evict:
 * "false"`: the cluster autoscaler never evicts them, but the annotation is the autoscaler's own:
 * `kubectl drain` (and a maintenance drain) does not read it and evicts them anyway (check
 * `safe-to-evict`, data plane, warn, variant `not-safe`).
 * @see https://github.com/kubernetes/autoscaler/blob/master/cluster-autoscaler/FAQ.md#what-types-of-pods-can-prevent-ca-from-removing-a-node
 * @param node - the target node
 * @param evictable - the pods a drain evicts from it
 */
function safeToEvictChecks(node: string, evictable: readonly KPod[]): Finding[] {
  const marked = evictable.filter(
    (p) => p.metadata.annotations?.[ANNOTATION_SAFE_TO_EVICT]?.trim().toLowerCase() === 'false',
  );
  if (marked.length === 0) return [];
  return [finding('safe-to-evict', 'data', 'warn', 'not-safe', { node, pods: marked.map(podKey) })];
}

function pdbChecks(index: ClusterIndex, node: string, evictable: KPod[]): Finding[] {
  const out: Finding[] = [];
  const pdbsByPod = new Map<KPod, KPodDisruptionBudget[]>();
  const podsByPdb = budgetsSelecting(index, evictable);
  for (const [pdb, pods] of podsByPdb)
    for (const pod of pods) pdbsByPod.set(pod, [...(pdbsByPod.get(pod) ?? []), pdb]);
  for (const [pod, pdbs] of pdbsByPod) {
    if (pdbs.length > 1) {
      out.push(
        finding(
          'pdb-blocks',
          'data',
          'block',
          'overlapping',
          { node, pod: podKey(pod), pdbs: pdbs.map((p) => p.metadata.name) },
          {
            kind: 'Pod',
            name: pod.metadata.name,
            namespace: pod.metadata.namespace ?? 'default',
          },
        ),
      );
    }
  }
  for (const [pdb, all] of podsByPdb) {
    // A pod several budgets select is the `overlapping` finding's (HTTP 500, the drain stops):
    // each budget's own sentence is about the pods it alone decides.
    const pods = all.filter((p) => (pdbsByPod.get(p) ?? []).length === 1);
    if (pods.length === 0) continue;
    // The API server's answer to each of them (./eviction-api.ts).
    const answers = pods.map((p) => decideEviction(p, [pdb]));
    const st = pdb.status ?? {};
    const allowed = st.disruptionsAllowed ?? 0;
    const facts = {
      node,
      pdb: pdb.metadata.name,
      namespace: pdb.metadata.namespace ?? 'default',
      pods: pods.map((p) => p.metadata.name),
      podsHere: pods.length,
      ...budgetFacts(pdb),
    };
    const subject = {
      kind: 'PodDisruptionBudget',
      name: pdb.metadata.name,
      namespace: pdb.metadata.namespace ?? 'default',
    };
    const minAvail = pdb.spec?.minAvailable;
    if (answers.some((a) => a.outcome === 'too-many-requests' && a.why === 'not-computed'))
      // No status: its counts are unknown, not 0 (`kubectl get pdb` shows none either).
      out.push(
        finding(
          'pdb-blocks',
          'data',
          'block',
          'not-computed',
          { ...facts, disruptionsAllowed: st.disruptionsAllowed ?? null },
          subject,
        ),
      );
    else if (answers.every((a) => a.outcome === 'deleted' && a.why !== 'allowed'))
      // Not Ready pods the budget's unhealthyPodEvictionPolicy lets through (or Pending ones):
      // evicted without touching the budget, whatever it allows.
      out.push(
        finding(
          'pdb-blocks',
          'data',
          'info',
          'unhealthy-evictable',
          {
            ...facts,
            policy: pdb.spec?.unhealthyPodEvictionPolicy ?? 'IfHealthyBudget',
          },
          subject,
        ),
      );
    else if (intOrPercentIsZero(pdb.spec?.maxUnavailable))
      out.push(finding('pdb-blocks', 'data', 'block', 'max-unavailable-zero', facts, subject));
    else if (
      (typeof minAvail === 'number' && st.expectedPods !== undefined && minAvail >= st.expectedPods) ||
      minAvail === '100%'
    )
      out.push(finding('pdb-blocks', 'data', 'block', 'min-available-all', facts, subject));
    else if (allowed === 0)
      out.push(finding('pdb-blocks', 'data', 'block', 'no-disruptions', facts, subject));
    else if (pods.length > allowed)
      out.push(finding('pdb-blocks', 'data', 'warn', 'more-than-allowed', facts, subject));
    else out.push(finding('pdb-blocks', 'data', 'info', 'allows', facts, subject));
  }
  return out;
}

/** `app` labels of the Rook-Ceph daemons that run one per Deployment, tied to one host (mon, OSD). */
const ROOK_PINNED_DAEMONS: Record<string, string> = { 'rook-ceph-mon': 'mon', 'rook-ceph-osd': 'OSD' };

/**
 * The Ceph daemon a pod runs when its workload is a Rook-Ceph mon or OSD Deployment (label
 * `app=rook-ceph-mon` / `app=rook-ceph-osd`, or its Deployment owned by a CephCluster): one
 * Deployment per daemon, kept by the operator, its pod tied to the host that holds its data (the
 * OSD's disk, the mon's store on the host path); never a mon canary ({@link isMonCanary}, which
 * shares the mon's `app` label). Such a Deployment is never scaled by hand: the
 * operator owns it, and a second replica of one OSD or mon is not a thing Ceph has.
 * @see https://rook.io/docs/rook/latest/Storage-Configuration/Advanced/ceph-osd-mgmt/
 * @see https://rook.io/docs/rook/latest/Storage-Configuration/Advanced/ceph-configuration/#managing-pod-disruption-budgets
 * @param pod - the pod
 * @param owner - its top owner, if any
 * @returns `mon`, `osd`, or null for anything else
 */
export function rookDaemonOf(pod: KPod, owner: TopOwner | null): string | null {
  // A mon canary carries the mon's `app` label but is no mon (src/analysis/rook-daemons.ts).
  if (isMonCanary({ name: pod.metadata.name, labels: pod.metadata.labels })) return null;
  const app = pod.metadata.labels?.app ?? owner?.workload?.metadata.labels?.app ?? '';
  const daemon = ROOK_PINNED_DAEMONS[app];
  if (daemon !== undefined) return daemon;
  const byCluster = (owner?.workload?.metadata.ownerReferences ?? []).some((o) => o.kind === 'CephCluster');
  if (!byCluster) return null;
  const kind = /^rook-ceph-(mon|osd)-/.exec(owner?.name ?? '')?.[1];
  return kind === undefined ? null : kind === 'osd' ? 'OSD' : kind;
}

/**
 * The evictable pods on the node that can run nowhere else (`ns/name`): hostPath data or a
 * `kubernetes.io/hostname` node selector naming the node (check local-volumes), a PersistentVolume
 * only this node admits (check pinned-volumes), a Rook-Ceph mon or OSD ({@link rookDaemonOf}).
 * One model (reader 2.4): such a pod is not recreated elsewhere, needs no room elsewhere, and its
 * workload does not "keep serving while it is rescheduled": it stays Pending until the node is back.
 * @see https://kubernetes.io/docs/concepts/storage/volumes/#local
 * @param index - the cluster index
 * @param node - the target node
 * @param evictable - the node's evictable pods
 * @param volumePinned - the pinned-volumes findings for them
 */
export function pinnedToNode(
  index: ClusterIndex,
  node: string,
  evictable: readonly KPod[],
  volumePinned: readonly Finding[],
): Set<string> {
  const out = new Set<string>();
  for (const f of volumePinned)
    if (f.severity !== 'info' && typeof f.facts.pod === 'string') out.add(f.facts.pod);
  for (const p of evictable) {
    if (
      (p.spec?.volumes ?? []).some((v) => v.hostPath !== undefined) ||
      p.spec?.nodeSelector?.['kubernetes.io/hostname'] === node ||
      rookDaemonOf(p, topOwnerOf(index, p)) !== null
    )
      out.add(podKey(p));
  }
  return out;
}

/**
 * How a pod that is not Ready stands, for a sentence: its first container's waiting reason
 * (`CrashLoopBackOff`), else its phase with "not Ready".
 * @param pod - the pod
 */
function podStateText(pod: KPod): string {
  for (const c of pod.status?.containerStatuses ?? [])
    if (c.state?.waiting?.reason) return c.state.waiting.reason;
  return `${pod.status?.phase ?? 'Unknown'}, not Ready`;
}

function replicaChecks(
  index: ClusterIndex,
  node: string,
  evictable: KPod[],
  pinnedHere: ReadonlySet<string>,
  refused: ReadonlyMap<string, string>,
  stopped: ReadonlyMap<string, string>,
  stoppedByWebhook: ReadonlyMap<string, string>,
  noRoom: ReadonlySet<string>,
): Finding[] {
  const out: Finding[] = [];
  const seen = new Set<string>();
  // each pod's top owner once (the loop below asks, per owner, which pods here are its own)
  const owners = new Map(evictable.map((p) => [p, topOwnerOf(index, p)]));
  for (const pod of evictable) {
    const owner = owners.get(pod) ?? null;
    if (!owner || seen.has(owner.uid)) continue;
    seen.add(owner.uid);
    const all = podsOfOwner(index, owner).filter((s) => s.phase !== 'Succeeded' && s.phase !== 'Failed');
    const here = all.filter((s) => s.nodeName === node).length || 1;
    const replicas = owner.replicas ?? all.length;
    const facts = {
      node,
      workload: owner.name,
      kind: owner.kind,
      namespace: owner.namespace,
      replicas,
      here,
      elsewhere: Math.max(0, all.length - here),
      // Ready and not Terminating on other nodes: what serves when the node's pods are gone.
      readyElsewhere: all.filter((s) => s.nodeName !== node && s.ready === true && !s.deletionTimestamp)
        .length,
      // The only node of the cluster: nothing is rescheduled elsewhere, no other node to uncordon.
      onlyNode: index.snapshot.nodes.length === 1,
    };
    const subject = { kind: owner.kind, name: owner.name, namespace: owner.namespace };
    const dns = isClusterDns(owner);
    const onNode = evictable.filter((p) => owners.get(p)?.uid === owner.uid);
    // None of its pods here fits on another node (the eviction model's `no-room`, issue 28): not
    // "rescheduled and started elsewhere"; the sentence says so (`<variant>-no-room`).
    if (!facts.onlyNode && onNode.length > 0 && onNode.every((p) => noRoom.has(podKey(p))))
      Object.assign(facts, { nowhere: 'no-room' });
    // Every pod of it here is pinned to the node: not rescheduled, Pending until the node is back.
    const pinned = onNode.length > 0 && onNode.every((p) => pinnedHere.has(podKey(p)));
    const daemon = rookDaemonOf(pod, owner);
    // A budget refuses the eviction of its pods here (the eviction model, ./eviction-model.ts):
    // the drain waits on them and they keep running (re-worded by withRefusedEvictions).
    const refusedBy = [...new Set(onNode.map((p) => refused.get(podKey(p))).filter((b) => b !== undefined))];
    // Its pods here that stay: refused (429), or whose eviction stops the drain (500).
    const staying = onNode.filter(
      (p) => refused.has(podKey(p)) || stopped.has(podKey(p)) || stoppedByWebhook.has(podKey(p)),
    ).length;
    const stoppedBy = [...new Set(onNode.map((p) => stopped.get(podKey(p))).filter((b) => b !== undefined))];
    // …or whose eviction a webhook left without backend answers 500 (the drain stops there).
    const stoppedWebhook = [
      ...new Set(onNode.map((p) => stoppedByWebhook.get(podKey(p))).filter((w) => w !== undefined)),
    ];
    // A Rook daemon already not Ready (CrashLoopBackOff): Ceph runs without it now (reader5 F32);
    // the reboot takes down no serving daemon of it.
    const notReady = onNode.filter((p) => !isPodReady(p));
    if (pinned && daemon !== null && notReady.length === onNode.length)
      out.push(
        finding(
          'single-replica',
          'data',
          'warn',
          'operator-daemon-down',
          { ...facts, daemon, state: podStateText(notReady[0] as KPod) },
          subject,
        ),
      );
    else if (pinned && daemon !== null)
      out.push(finding('single-replica', 'data', 'warn', 'operator-daemon', { ...facts, daemon }, subject));
    else if (pinned && !dns)
      out.push(
        finding(
          'single-replica',
          'data',
          replicas <= 1 || here >= all.length ? 'warn' : 'info',
          replicas <= 1 ? 'single-pinned' : here >= all.length ? 'all-here-pinned' : 'spread-pinned',
          facts,
          subject,
        ),
      );
    else if (replicas <= 1)
      out.push(
        finding(
          'single-replica',
          'data',
          dns ? 'block' : 'warn',
          dns ? 'dns-single' : 'single',
          facts,
          subject,
        ),
      );
    else if (here >= all.length)
      out.push(
        finding(
          'single-replica',
          'data',
          dns ? 'block' : 'warn',
          dns ? 'dns-all-here' : 'all-here',
          facts,
          subject,
        ),
      );
    // Spread over nodes, but none of the replicas elsewhere is Ready (NotReady, Terminating on a
    // dead node): the ones here are all that serves, so the workload is down as if all were here
    // (reader3 1.1, scenario 49: postgres-1 Terminating on the dead vega-wk-2).
    else if (facts.readyElsewhere === 0)
      out.push(
        finding(
          'single-replica',
          'data',
          dns ? 'block' : 'warn',
          dns ? 'dns-none-ready-elsewhere' : 'none-ready-elsewhere',
          facts,
          subject,
        ),
      );
    else out.push(finding('single-replica', 'data', 'info', 'spread', facts, subject));
    const made = out[out.length - 1];
    if (refusedBy.length + stoppedBy.length + stoppedWebhook.length > 0 && made !== undefined)
      out[out.length - 1] = {
        ...made,
        facts: {
          ...made.facts,
          ...(refusedBy.length > 0 ? { refusedBy: refusedBy.join(', ') } : {}),
          ...(stoppedBy.length > 0 ? { stoppedBy: stoppedBy.join(', ') } : {}),
          ...(stoppedWebhook.length > 0 ? { stoppedWebhook: stoppedWebhook.join(', ') } : {}),
          staying,
        },
      };
  }
  return out;
}

/**
 * A DaemonSet whose own status counts more nodes running its pods than the data lists pods of it:
 * `scheduled` is the count the status gives, from `field` (`currentNumberScheduled`: "the number of
 * nodes that are running at least 1 daemon pod and are supposed to run the daemon pod", plus
 * `numberMisscheduled`, nodes running one that are not supposed to; `numberReady` when the status
 * has no `currentNumberScheduled`; `desiredNumberScheduled`, "the total number of nodes that should
 * be running the daemon pod", when it has neither), and `listed` the number of nodes the data lists
 * one of its pods on.
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus
 */
export interface DaemonSetPodsUnlisted {
  /** `namespace/name` of the DaemonSet. */
  daemonSet: string;
  /** The DaemonSetStatus field `scheduled` was read from. */
  field: 'currentNumberScheduled' | 'numberReady' | 'desiredNumberScheduled';
  /** Nodes running (or, for `desiredNumberScheduled`, meant to run) a pod of it, by its status. */
  scheduled: number;
  /** Nodes the data lists a pod of it on (fewer than `scheduled`). */
  listed: number;
}

/**
 * The DaemonSets whose own status counts pods on more nodes than the data lists (issue 16,
 * reader5 F27: scenario 01's kube-proxy counts 5 nodes running it, the file lists its pod on one):
 * the data is then a part of the cluster's pods, whatever its format, and a node of which it lists
 * no pod was not seen, not found empty. Largest gap first; empty when DaemonSets were not read or
 * every count matches the pods listed. Computed once per index.
 * @param index - the cluster index
 * @returns the DaemonSets with pods the data does not list
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus
 */
export function daemonSetPodsUnlisted(index: ClusterIndex): readonly DaemonSetPodsUnlisted[] {
  return memoOnIndex(index, 'unseen:daemonSetPodsUnlisted', () => {
    const nodesListed = new Map<string, Set<string>>();
    for (const s of index.snapshot.podSummaries) {
      if (s.owner?.kind !== 'DaemonSet' || s.nodeName === null) continue;
      const key = `${s.namespace}/${s.owner.name}`;
      let set = nodesListed.get(key);
      if (!set) nodesListed.set(key, (set = new Set()));
      set.add(s.nodeName);
    }
    const out: DaemonSetPodsUnlisted[] = [];
    for (const w of index.snapshot.workloads) {
      if (w.kind !== 'DaemonSet') continue;
      const st = (w.status ?? {}) as NonNullable<typeof w.status> & {
        currentNumberScheduled?: number;
        numberMisscheduled?: number;
      };
      const counted: [DaemonSetPodsUnlisted['field'], number] | null =
        typeof st.currentNumberScheduled === 'number'
          ? ['currentNumberScheduled', st.currentNumberScheduled + (st.numberMisscheduled ?? 0)]
          : typeof st.numberReady === 'number'
            ? ['numberReady', st.numberReady]
            : typeof st.desiredNumberScheduled === 'number'
              ? ['desiredNumberScheduled', st.desiredNumberScheduled]
              : null;
      if (counted === null) continue;
      const daemonSet = `${w.metadata.namespace ?? 'default'}/${w.metadata.name}`;
      const listed = nodesListed.get(daemonSet)?.size ?? 0;
      if (counted[1] > listed) out.push({ daemonSet, field: counted[0], scheduled: counted[1], listed });
    }
    return out.sort((a, b) => b.scheduled - b.listed - (a.scheduled - a.listed));
  });
}

/** The nodes the data lists at least one pod on (any pod: summaries cover every pod of the data). */
function nodesWithListedPods(index: ClusterIndex): ReadonlySet<string> {
  return memoOnIndex(index, 'unseen:nodesWithListedPods', () => {
    const out = new Set<string>();
    for (const s of index.snapshot.podSummaries) if (s.nodeName !== null) out.add(s.nodeName);
    return out;
  });
}

/**
 * Whether the pods on `node` were seen, one rule for every kind of data (house rule: missing data
 * is unknown, never passing):
 * - `not-in-snapshot` when the snapshot holds no pods at all;
 * - `daemonsets-unlisted` when the data lists no pod of this node while its own DaemonSets' status
 *   counts pods it does not list ({@link daemonSetPodsUnlisted}): the node's pods are in the
 *   cluster but not in the data (issue 16, reader5 F27: scenarios 01, 02, 05 and 13 list no pod on
 *   some workers while kube-proxy and the CNI DaemonSet count one on every node; the bot called
 *   their reboot safe). A node without a listed pod in data whose DaemonSet counts all match the
 *   pods it lists is a node found empty;
 * - `none-listed` when it is a kubectl List (it never holds /readyz, so `unobserved` names it) that
 *   lists pods of other nodes but none of this one: a List holds what its author chose to include,
 *   so a node without a pod in it was not seen, not found empty (real-clusters/08: the pods of
 *   master-0 only).
 * Null when they were seen (a live read lists every pod).
 * @param index - the cluster index
 * @param node - the node
 * @see https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus
 */
export function targetPodsUnseen(
  index: ClusterIndex,
  node: string,
): 'not-in-snapshot' | 'daemonsets-unlisted' | 'none-listed' | null {
  const unobserved = index.snapshot.unobserved ?? [];
  if (unobserved.includes('pods')) return 'not-in-snapshot';
  if (!nodesWithListedPods(index).has(node) && daemonSetPodsUnlisted(index).length > 0)
    return 'daemonsets-unlisted';
  if (!unobserved.includes('readyz')) return null;
  return (index.podsByNode.get(node) ?? []).length === 0 ? 'none-listed' : null;
}

/**
 * The finding that the target's own pods were not seen ({@link targetPodsUnseen}), for a reboot, a
 * drain and (through the reboot) an upgrade and a what-if: check `target-pods`, plane data, warn (what
 * runs there was not checked, so the verdict is at most CAUTION). Variants: `unseen` (no pods in the
 * snapshot), `daemonsets-unlisted` (facts `daemonSet`, `field`, `scheduled`, `listed` of the
 * DaemonSet with the largest gap, and `daemonSets`, every such DaemonSet), `none-listed` (a kubectl
 * List without this node's pods). Facts always hold `node`.
 * @param index - the cluster index
 * @param node - the target node
 * @returns the finding, or nothing when the node's pods were seen
 */
export function targetPodsFindings(index: ClusterIndex, node: string): Finding[] {
  const unseen = targetPodsUnseen(index, node);
  if (unseen === null) return [];
  if (unseen === 'daemonsets-unlisted') {
    const all = daemonSetPodsUnlisted(index);
    const first = all[0] as DaemonSetPodsUnlisted;
    return [
      finding('target-pods', 'data', 'warn', 'daemonsets-unlisted', {
        node,
        daemonSet: first.daemonSet,
        field: first.field,
        scheduled: first.scheduled,
        listed: first.listed,
        daemonSets: all.map((d) => d.daemonSet),
      }),
    ];
  }
  return [
    finding('target-pods', 'data', 'warn', unseen === 'none-listed' ? 'none-listed' : 'unseen', { node }),
  ];
}

/**
 * A snapshot without the node's pods cannot say what runs on it, but its nodes can say that
 * nothing could take it elsewhere: when no other node is Ready, schedulable and free of a
 * NoSchedule/NoExecute taint (the unseen pods' tolerations are unknown), every workload it carries
 * stops for the whole reboot (check `capacity`, warn, variant `only-node-unseen`). Found on a real
 * EKS List of one node (test/fixtures/real-clusters/10), which was called safe, and on an
 * OpenShift List whose only other node is a tainted master (real-clusters/08).
 * @param index - the cluster index
 * @param node - the target node
 * @returns the finding, or nothing when pods were read or another node could take them
 */
function onlyNodeUnseen(index: ClusterIndex, node: string): Finding[] {
  if (targetPodsUnseen(index, node) === null) return [];
  const others = index.snapshot.nodes.filter((n) => n.metadata.name !== node && takesOrdinaryPods(n));
  if (others.length > 0) return [];
  // A partial file (OpenShift's quorum guard counts masters it does not hold, or pods bound to
  // nodes the node list lacks): nodes exist that the file leaves out, so "the only node that could
  // take them" is only true of the file (`nodesPartial`, with the count of masters the file misses,
  // `unseenNodes`, or the nodes its pods name, `absentNodes`). Real cluster 14 (GKE): a pod on
  // a second node of the pool.
  const unseen = unseenMasters(index);
  const listed = new Set(index.snapshot.nodes.map((n) => n.metadata.name));
  const absent = [
    ...new Set(
      index.snapshot.podSummaries.map((p) => p.nodeName).filter((n) => n !== null && !listed.has(n)),
    ),
  ].sort() as string[];
  return [
    finding('capacity', 'data', 'warn', 'only-node-unseen', {
      node,
      candidates: 0,
      ...(unseen > 0 ? { nodesPartial: true, unseenNodes: unseen, count: unseen } : {}),
      ...(unseen === 0 && absent.length > 0
        ? { nodesPartial: true, absentNodes: absent, count: absent.length }
        : {}),
    }),
  ];
}

/**
 * What a PodDisruptionBudget says of itself, as finding facts: `disruptionsAllowed` (0 when the
 * status has none yet), `currentHealthy`, `desiredHealthy`, `expectedPods`, and the spec's
 * `minAvailable` / `maxUnavailable` (null where unset). Shared by the single-node and joint PDB checks.
 * @param pdb - the budget
 * @returns the facts
 */
export function budgetFacts(pdb: KPodDisruptionBudget): {
  disruptionsAllowed: number;
  currentHealthy: number | null;
  desiredHealthy: number | null;
  expectedPods: number | null;
  minAvailable: number | string | null;
  maxUnavailable: number | string | null;
} {
  const st = pdb.status ?? {};
  return {
    disruptionsAllowed: st.disruptionsAllowed ?? 0,
    currentHealthy: st.currentHealthy ?? null,
    desiredHealthy: st.desiredHealthy ?? null,
    expectedPods: st.expectedPods ?? null,
    minAvailable: pdb.spec?.minAvailable ?? null,
    maxUnavailable: pdb.spec?.maxUnavailable ?? null,
  };
}

function capacityCheck(index: ClusterIndex, node: string, evictable: KPod[]): Finding[] {
  if (evictable.length === 0) return [];
  const placement = placeReplacements(index, new Set([node]), evictable);
  const { unplaced, candidates } = placement;
  const facts = { node, evictable: evictable.length, unplaced, candidates, ...placementFacts(placement) };
  // A single-node cluster: there is no other node at all (not a lack of room): variant only-node.
  if (index.snapshot.nodes.length === 1) return [finding('capacity', 'data', 'block', 'only-node', facts)];
  if (unplaced.length === 0) return [finding('capacity', 'data', 'ok', 'fits', facts)];
  return [
    finding(
      'capacity',
      'data',
      unplaced.length === evictable.length ? 'block' : 'warn',
      unplaced.length === evictable.length ? 'none-fit' : 'some-pending',
      facts,
    ),
  ];
}

/**
 * The facts of a placement: where each replacement runs, why pods stay Pending, in the scheduler's
 * terms (issue 28 item 5), and which could only run by preempting lower-priority pods.
 * @param placement - the placement
 * @returns `movesTo` ("ns/pod → node", in the order placed), `pending` ("ns/a, ns/b: 0/6 nodes can
 *   take it: …", the unplaced pods grouped by their reason), `preempting` ("ns/pod on node,
 *   preempting a, b") and `volumeUnknown` (the pods placed where the volume filters could not
 *   decide: "unknown", not a pass); empty lists when none
 */
export function placementFacts(placement: Placement): {
  movesTo: string[];
  pending: string[];
  preempting: string[];
  volumeUnknown: string[];
} {
  const byWhy = new Map<string, string[]>();
  for (const p of placement.unplaced) {
    const why = placement.why.get(p) ?? '';
    byWhy.set(why, [...(byWhy.get(why) ?? []), p]);
  }
  return {
    movesTo: [...placement.placedOn].map(([p, n]) => `${p} → ${n}`),
    pending: [...byWhy].map(([why, pods]) => `${pods.join(', ')}: ${why}`),
    preempting: [...placement.preempting].map(
      ([p, { node, victims }]) => `${p} on ${node}, preempting ${victims.join(', ')}`,
    ),
    volumeUnknown: [...(placement.unknown?.keys() ?? [])],
  };
}
