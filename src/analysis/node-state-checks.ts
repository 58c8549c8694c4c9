/**
 * What the state of the target node, and of the tools that act on nodes, changes in a reboot
 * (issue 16, CHECKS.md "Beyond the first list"): a node that is already dead (`dead-node-drain`),
 * writes refused cluster-wide (the drain cannot move pods), kured's lock and reboot-in-progress annotation (`concurrent-disruption`), and a
 * cordon somebody else made (`prior-cordon`). Pure: snapshot in, findings out.
 */
import type { KNode, KPod } from '../cluster/types.js';
import {
  type ClusterIndex,
  controllerOf,
  hasControlPlaneLabel,
  isCordoned,
  isNodeReady,
  leaseAgeSeconds,
  podsOfOwner,
  readyStatus,
  topOwnerOf,
  podKey,
} from './cluster-index.js';
import { cordonedSince } from './daily/stuck-states.js';
import {
  ANNOTATION_KURED_LOCK,
  ANNOTATION_KURED_REBOOT_IN_PROGRESS,
  BOT_FIELD_MANAGER,
  BOT_KURED_LOCK_PREFIX,
  OUT_OF_SERVICE_FROM_MINOR,
  TAINT_OUT_OF_SERVICE,
} from './domain.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';
import { controllerManagerVersion } from './what-if/versions.js';
import { podsOnNode } from './workload-checks.js';

// ---------------------------------------------------------------------------------------------
// The node's own heartbeat
// ---------------------------------------------------------------------------------------------

/**
 * The target's node Lease, one reading for every request form (reboot, upgrade and drain; issue
 * 16, reader5 F30/F11): a Ready node whose Lease in `kube-node-lease` was last renewed longer ago
 * than the node-monitor grace period (check `node-health`, variant `lease-stale`, warn). The
 * kubelet renews its Lease every 10 s by default (a quarter of its 40 s lease duration); a Lease
 * older than the grace period means the kubelet is not reaching the API server (hung, stopped,
 * partitioned), and the node lifecycle controller is about to mark the node Ready=Unknown
 * (Kubernetes docs, Node heartbeats,
 * https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats; Leases,
 * https://kubernetes.io/docs/concepts/architecture/leases/#node-heartbeats). Such a kubelet cannot
 * confirm that an evicted pod's containers stopped: the pods stay Terminating and `kubectl drain`
 * waits on them (the dead-node case, {@link deadNodeDrainChecks}), so the sentence says so in every
 * answer that drains the node.
 * A NotReady node is the `not-ready` case, not this one.
 * @param index - the cluster index
 * @param node - the target node
 * @param isCp - whether it is a control-plane node (the finding's plane)
 * @param now - the analysis clock (the Lease's age is relative to it)
 * @param grace - the cluster's node-monitor grace period in seconds and the version it was read from
 * @returns the finding, or nothing (no Lease, never renewed, fresh, or the node NotReady or unknown)
 */
export function nodeLeaseChecks(
  index: ClusterIndex,
  node: string,
  isCp: boolean,
  now: Date,
  grace: { seconds: number; version: string | null },
): Finding[] {
  const n = index.nodesByName.get(node);
  if (!n || !isNodeReady(n)) return [];
  const lease = index.leasesByKey.get(`kube-node-lease/${node}`);
  const age = lease ? leaseAgeSeconds(lease, now) : null;
  if (age === null || age <= grace.seconds) return [];
  return [
    finding('node-health', isCp ? 'control' : 'data', 'warn', 'lease-stale', {
      node,
      ageS: Math.round(age),
      graceS: grace.seconds,
      version: grace.version,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// A node that is already dead
// ---------------------------------------------------------------------------------------------

/**
 * A drain of a node that is NotReady (Ready `False` or `Unknown`: its kubelet stopped posting
 * status, or the machine is off) cannot complete: the evictions are accepted, but no kubelet
 * confirms that the containers stopped, so the pods stay Terminating and `kubectl drain` waits on
 * them for ever (kubernetes/kubernetes#101391; planetlabs/draino#48). Deployments and ReplicaSets
 * create replacements as soon as a pod is Terminating; a StatefulSet creates a pod again only once
 * the old one is gone, and a bare pod is never recreated (Kubernetes docs, Node shutdowns,
 * https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown).
 * Severity block (issue 16, reader6 B9): a drain that cannot complete is not "possible", the same
 * rule as a drain a PodDisruptionBudget holds for ever (scenario 09: kubectl drain retries the
 * refused eviction every 5 s until it times out, never by default; `kubectl drain --help`,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/: "--timeout=0s: The length
 * of time to wait before giving up, zero means infinite"), and the reboot or upgrade after it
 * never starts ("You should not operate on the machine until the command completes", same page).
 *
 * One finding (check `dead-node-drain`, data plane, block, variant `not-ready`) with what already
 * runs elsewhere (`replaced`: workloads whose Ready replicas on other nodes meet their replica
 * count, with `replacedReady`, `replacedDesired`, `replacedNodes` in the same order) and what does
 * not (`pending`: StatefulSet and bare pods by name, short workloads by name, with `pendingKind`
 * `statefulset` / `bare` / `short` and, for `short`, `pendingReady`/`pendingDesired`), the pods
 * already Terminating, and whether the cluster's version has the out-of-service taint (GA in 1.28,
 * beta and on by default from {@link OUT_OF_SERVICE_FROM_MINOR}).
 * @param index - the cluster index
 * @param node - the target node
 * @returns the finding, or nothing when the node is Ready or has no pod a drain would evict
 */
export function deadNodeDrainChecks(index: ClusterIndex, node: string): Finding[] {
  const n = index.nodesByName.get(node);
  if (!n || isNodeReady(n)) return [];
  return deadNodeFinding(index, n, podsOnNode(index, node).evictable);
}

/**
 * The pods of a node as the status reads them: the whole pods are read for a focus node only, the
 * summaries for every node (src/cluster/read-snapshot.ts). Each summary on the node that a drain
 * would evict (not finished, not a DaemonSet's, not a static pod's mirror: owner kind `Node`)
 * becomes the few fields {@link deadNodeDrainChecks} reads: name, namespace, controller, node,
 * deletionTimestamp, phase.
 * @param index - the cluster index
 * @param node - the node
 * @returns pod stand-ins, in the summaries' order
 */
function evictableFromSummaries(index: ClusterIndex, node: string): KPod[] {
  return index.snapshot.podSummaries
    .filter(
      (s) =>
        s.nodeName === node &&
        s.phase !== 'Succeeded' &&
        s.phase !== 'Failed' &&
        s.owner?.kind !== 'DaemonSet' &&
        s.owner?.kind !== 'Node',
    )
    .map((s) => ({
      metadata: {
        name: s.name,
        namespace: s.namespace,
        ...(s.owner
          ? {
              ownerReferences: [
                {
                  apiVersion: '',
                  kind: s.owner.kind,
                  name: s.owner.name,
                  uid: s.owner.uid,
                  controller: true,
                },
              ],
            }
          : {}),
        ...(s.deletionTimestamp !== undefined ? { deletionTimestamp: s.deletionTimestamp } : {}),
      },
      spec: { nodeName: node, containers: [] },
      status: { phase: s.phase },
    }));
}

/**
 * The status's view of a NotReady node's pods (issue 16, reader5 F31: scenario 49): the same
 * `dead-node-drain` finding a drain answer of that node gives, read from the pod summaries (the
 * status has no focus node), as variant `status-not-replaced`, only when some pod there is not
 * replaced elsewhere; the out-of-service advice facts are left out (the status advises nothing).
 * @param index - the cluster index
 * @returns one finding per NotReady node with pods not replaced elsewhere
 */
export function deadNodeStatusFindings(index: ClusterIndex): Finding[] {
  const out: Finding[] = [];
  for (const n of index.snapshot.nodes) {
    if (isNodeReady(n)) continue;
    for (const f of deadNodeFinding(index, n, evictableFromSummaries(index, n.metadata.name))) {
      const pending = Array.isArray(f.facts.pending) ? f.facts.pending : [];
      if (pending.length === 0) continue;
      const { outOfService: _o, taint: _t, ...facts } = f.facts;
      // The status plans no drain: the node's state is a warning there, not a drain that hangs.
      out.push({ ...f, severity: 'warn', variant: 'status-not-replaced', facts });
    }
  }
  return out;
}

function deadNodeFinding(index: ClusterIndex, n: KNode, evictable: readonly KPod[]): Finding[] {
  const node = n.metadata.name;
  // Nothing to evict: the drain is only the cordon, which completes without the kubelet.
  if (evictable.length === 0) return [];
  const replaced: string[] = [];
  const replacedReady: string[] = [];
  const replacedDesired: string[] = [];
  const replacedNodes: string[] = [];
  const pending: string[] = [];
  const pendingKind: string[] = [];
  const pendingReady: string[] = [];
  const pendingDesired: string[] = [];
  const seen = new Set<string>();
  for (const pod of evictable) {
    const owner = controllerOf(pod) === null ? null : topOwnerOf(index, pod);
    if (owner === null) {
      pending.push(podKey(pod));
      pendingKind.push('bare');
      pendingReady.push('');
      pendingDesired.push('');
      continue;
    }
    if (owner.kind === 'StatefulSet') {
      // A StatefulSet pod keeps its name: no replacement until this very pod object is gone.
      pending.push(podKey(pod));
      pendingKind.push('statefulset');
      pendingReady.push('');
      pendingDesired.push('');
      continue;
    }
    if (seen.has(owner.uid)) continue;
    seen.add(owner.uid);
    const siblings = podsOfOwner(index, owner).filter((s) => s.phase !== 'Succeeded' && s.phase !== 'Failed');
    const readyElsewhere = siblings.filter(
      (s) => s.nodeName !== null && s.nodeName !== node && s.ready === true && !s.deletionTimestamp,
    );
    const desired = owner.replicas ?? siblings.filter((s) => !s.deletionTimestamp).length;
    const name = `${owner.namespace}/${owner.name}`;
    if (readyElsewhere.length >= desired && readyElsewhere.length > 0) {
      replaced.push(name);
      replacedReady.push(String(readyElsewhere.length));
      replacedDesired.push(String(desired));
      replacedNodes.push([...new Set(readyElsewhere.map((s) => s.nodeName as string))].sort().join(', '));
    } else {
      pending.push(name);
      pendingKind.push('short');
      pendingReady.push(String(readyElsewhere.length));
      pendingDesired.push(String(desired));
    }
  }
  const version = controllerManagerVersion(index)?.version ?? null;
  const outOfService = version === null || version.major > 1 || version.minor >= OUT_OF_SERVICE_FROM_MINOR;
  return [
    finding('dead-node-drain', 'data', 'block', 'not-ready', {
      node,
      ready: readyStatus(n),
      terminating: evictable
        .filter((p) => p.metadata.deletionTimestamp !== undefined)
        .map(podKey)
        .sort(),
      pods: evictable.length,
      replaced,
      replacedReady,
      replacedDesired,
      replacedNodes,
      pending,
      pendingKind,
      pendingReady,
      pendingDesired,
      outOfService,
      taint: TAINT_OUT_OF_SERVICE,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// When the drain cannot move anything
// ---------------------------------------------------------------------------------------------

/**
 * Why a drain of the target cannot move its pods now:
 * - `writes-blocked`: etcd refuses every write (an active NOSPACE/CORRUPT alarm, check
 *   `etcd-alarms` blocking; quorum already lost, `etcd-quorum-after` `lost` with fewer healthy
 *   voters than the quorum before the reboot; no API server or no quorum for a worker,
 *   `control-plane-healthy-for-worker` `down`): a cordon and an eviction are writes, and so is
 *   creating a replacement pod (etcd maintenance docs, Space quota,
 *   https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota);
 * - `node-dead`: the node is NotReady (`dead-node-drain`): no kubelet confirms the evictions.
 * @param findings - a reboot's (or drain's) findings
 * @returns the reason, or null when the drain can run
 */
export function drainBlockOf(findings: readonly Finding[]): DrainBlock | null {
  const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
  const writesBlocked = findings.some((f) => {
    if (f.check === 'etcd-alarms') return f.severity === 'block';
    if (f.check === 'control-plane-healthy-for-worker') return f.variant === 'down';
    if (f.check === 'etcd-quorum-after' && f.variant === 'lost') {
      const before = num(f.facts.healthyBefore);
      const quorum = num(f.facts.quorum);
      return before !== null && quorum !== null && before < quorum;
    }
    return false;
  });
  if (writesBlocked) return 'writes-blocked';
  return findings.some((f) => f.check === 'dead-node-drain') ? 'node-dead' : null;
}

/** Why a drain cannot move the node's pods ({@link drainBlockOf}). */
export type DrainBlock = 'writes-blocked' | 'node-dead';

/**
 * Findings whose sentence says the drain moves pods (it evicts them, they are rescheduled, the
 * drain can proceed): re-worded when it cannot, by variant, for the modes listed.
 */
const REWORDED: Readonly<Record<string, { variants: readonly string[]; modes: readonly DrainBlock[] }>> = {
  'workloads-on-control-plane': { variants: ['system'], modes: ['writes-blocked', 'node-dead'] },
  'single-replica': { variants: ['spread'], modes: ['writes-blocked', 'node-dead'] },
  'grace-period': { variants: ['estimate'], modes: ['writes-blocked', 'node-dead'] },
  'pdb-blocks': { variants: ['allows'], modes: ['writes-blocked', 'node-dead'] },
  // With writes refused nothing is created elsewhere: room for the evicted pods is moot. On a dead
  // node the drain moves nothing either (`fits-node-dead` has no sentence: dead-node-drain says
  // which pods are replaced already and which wait).
  capacity: { variants: ['fits'], modes: ['writes-blocked', 'node-dead'] },
};

/** Findings whose advice is to drain in some way (`drain --force`, `--delete-emptydir-data`, "drain it first"). */
const DRAIN_ADVICE: ReadonlySet<string> = new Set([
  'workloads-on-control-plane',
  'emptydir-pods',
  'unmanaged-pods',
  'orphaned-daemonset-pods',
]);

/**
 * One model of the data plane when the drain cannot move pods (issue 16): the same re-labelling
 * as `withoutQuorumNoHandover` in ./reboot-impact.ts does for leader handovers. A finding that
 * says the drain evicts, reschedules or can proceed gets the variant `<variant>-<mode>` (its
 * sentence says what happens instead); a finding whose advice is to drain keeps its sentence but
 * carries `drainBlocked` (the explanation then gives no drain advice). Every finding touched
 * carries the fact `drainBlocked` = the mode. With writes refused the drain estimate
 * (`grace-period`) becomes a warning: the drain fails, so the data plane is affected.
 * @param findings - a reboot's (or drain's) findings
 * @returns the findings, re-labelled when {@link drainBlockOf} says the drain cannot move pods
 */
export function whenDrainCannotMove(findings: readonly Finding[]): Finding[] {
  const mode = drainBlockOf(findings);
  if (mode === null) return [...findings];
  return relabelForDrainBlock(findings, mode);
}

/**
 * The re-labelling of {@link whenDrainCannotMove} for a mode known from elsewhere (several nodes
 * lost together without quorum: nothing is evicted or recreated, as with writes refused).
 * @param findings - findings of one node's analysis
 * @param mode - why the node's pods cannot move
 * @returns the findings, those that say pods move re-worded for `mode`
 */
export function relabelForDrainBlock(findings: readonly Finding[], mode: DrainBlock): Finding[] {
  return findings.map((f) => {
    const reword = REWORDED[f.check];
    if (reword && reword.variants.includes(f.variant) && reword.modes.includes(mode)) {
      // With writes refused the drain fails outright: that is a warning of the data plane.
      const severity = f.check === 'grace-period' && mode === 'writes-blocked' ? 'warn' : f.severity;
      return { ...f, severity, variant: `${f.variant}-${mode}`, facts: { ...f.facts, drainBlocked: mode } };
    }
    if (DRAIN_ADVICE.has(f.check)) return { ...f, facts: { ...f.facts, drainBlocked: mode } };
    return f;
  });
}

// ---------------------------------------------------------------------------------------------
// kured
// ---------------------------------------------------------------------------------------------

/** One entry of kured's lock (kubereboot/kured pkg/daemonsetlock). */
interface KuredLockEntry {
  nodeID?: unknown;
  created?: unknown;
  /** Go duration in ns; 0 or absent: never expires. */
  TTL?: unknown;
}

/**
 * Who holds kured's lock, from the `weave.works/kured-node-lock` annotation of its DaemonSet:
 * the single form `{nodeID, created, TTL}` or, with `--concurrency` > 1, the multi-lock form
 * `{maxOwners, locks: [...]}` (kubereboot/kured pkg/daemonsetlock). An entry with no `nodeID` or
 * past its TTL is free.
 * @param raw - the annotation's value
 * @param now - the clock (TTL)
 * @returns the holders' node ids; `['unknown']` when the value is not kured's JSON (still held)
 */
export function kuredLockHolders(raw: string, now: Date): string[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (err) {
    if (!(err instanceof SyntaxError)) throw err;
    return ['unknown']; // kured writes JSON; anything else still means "held", holder unknown
  }
  if (typeof parsed !== 'object' || parsed === null) return ['unknown'];
  const lock = parsed as KuredLockEntry & { locks?: unknown };
  const entries = Array.isArray(lock.locks) ? (lock.locks as KuredLockEntry[]) : [lock];
  return entries
    .filter((e) => typeof e.nodeID === 'string' && e.nodeID !== '' && !expired(e, now))
    .map((e) => e.nodeID as string);
}

/** Whole minutes from an RFC 3339 time to `now` (never negative), or null when it is not a time. */
function minutesSince(time: string | number | null | undefined, now: Date): number | null {
  const t = typeof time === 'string' ? Date.parse(time) : typeof time === 'number' ? time : Number.NaN;
  return Number.isNaN(t) ? null : Math.max(0, Math.floor((now.getTime() - t) / 60_000));
}

function expired(e: KuredLockEntry, now: Date): boolean {
  const created = typeof e.created === 'string' ? Date.parse(e.created) : Number.NaN;
  return (
    typeof e.TTL === 'number' && e.TTL > 0 && !Number.isNaN(created) && created + e.TTL / 1e6 <= now.getTime()
  );
}

/**
 * kured and the node (check `concurrent-disruption`):
 * - kured holds its lock for the target itself: kured is rebooting it now (cordon, drain, reboot,
 *   uncordon, release) when the node shows it (marked, cordoned or NotReady; variant
 *   `kured-rebooting-here`, block; `sinceMinutes`: how long ago kured marked it
 *   `weave.works/kured-reboot-in-progress`, when it did), else kured may start at any moment
 *   (variant `kured-lock-held-here`, block): either way a reboot or drain of one's own races with it;
 * - the target carries `weave.works/kured-reboot-in-progress` (kured `--annotate-nodes`) but the
 *   lock is not its: kured has marked it for a reboot and waits for its lock (variant
 *   `kured-pending-here`, warn);
 * - the lock is held for other nodes. CHECKS.md `concurrent-disruption`: block when another
 *   control-plane/etcd node is affected (two voters down at once), warn for workers; so the
 *   finding blocks only when both the target and a holder are control-plane/etcd nodes. kured
 *   takes the lock before it cordons, drains and reboots (kubereboot/kured cmd/kured/main.go,
 *   `rebootAsRequired`): a holder is said to be rebooted (variant `kured-lock`) only when the node
 *   shows it (the `weave.works/kured-reboot-in-progress` mark, NotReady or cordoned); a holder
 *   still Ready, schedulable and unmarked only holds the lock (variant `kured-lock-held`). One
 *   finding per kind, `holder` lists the nodes. The bot's own entries
 *   ({@link BOT_KURED_LOCK_PREFIX}, a maintenance plan's) are not counted: they are no kured reboot.
 * @see https://github.com/kubereboot/kured/blob/main/cmd/kured/main.go (the annotation is for
 *   "other node maintenance tools running on the cluster")
 * @param index - the cluster index
 * @param node - the target node
 * @param isCp - whether the target is a control-plane node
 * @param now - the clock (lock TTL)
 * @param cpNodes - the control-plane/etcd nodes; default: the nodes with the control-plane label
 */
export function kuredChecks(
  index: ClusterIndex,
  node: string,
  isCp: boolean,
  now: Date,
  cpNodes?: ReadonlySet<string>,
): Finding[] {
  const out: Finding[] = [];
  const holders = kuredHoldersIn(index, now);
  const target = index.nodesByName.get(node);
  const mark = target?.metadata.annotations?.[ANNOTATION_KURED_REBOOT_IN_PROGRESS];
  // kured writes the time (RFC 3339); told as an age, so it reads the same whatever the clock.
  const sinceMinutes = minutesSince(mark, now);
  const plane = isCp ? 'control' : 'data';
  if (holders.includes(node)) {
    // One model of kured's state (issue 16, reader5 F13): the target is said to be rebooted by
    // kured only when it shows it (marked, cordoned or NotReady), as the other holders are; a
    // lock alone means kured may start at any moment (`kured-lock-held-here`, block all the same:
    // a reboot or drain of one's own would race with kured's).
    out.push(
      finding(
        'concurrent-disruption',
        plane,
        'block',
        kuredRebootShows(index, node) ? 'kured-rebooting-here' : 'kured-lock-held-here',
        {
          node,
          marked: mark !== undefined,
          sinceMinutes,
        },
      ),
    );
  } else if (mark !== undefined) {
    out.push(finding('concurrent-disruption', plane, 'warn', 'kured-pending-here', { node, sinceMinutes }));
  }
  const others = [...new Set(holders.filter((h) => h !== node))];
  const cp =
    cpNodes ??
    new Set(index.snapshot.nodes.filter((n) => hasControlPlaneLabel(n)).map((n) => n.metadata.name));
  const shown = others.filter((h) => kuredRebootShows(index, h));
  for (const [variant, group] of [
    ['kured-lock', shown],
    ['kured-lock-held', others.filter((h) => !shown.includes(h))],
  ] as const) {
    if (group.length === 0) continue;
    // A lock whose holder cannot be read may be held for a control-plane node: for a control-plane
    // target it counts as one (missing data is unknown, never passing).
    const severity = isCp && group.some((h) => cp.has(h) || h === 'unknown') ? 'block' : 'warn';
    out.push(
      finding('concurrent-disruption', plane, severity, variant, {
        node,
        holder: group,
        count: group.length,
      }),
    );
  }
  return out;
}

/**
 * The nodes kured holds its lock for, over every DaemonSet carrying `weave.works/kured-node-lock`
 * (single or multi-lock form, {@link kuredLockHolders}), without the bot's own entries
 * ({@link BOT_KURED_LOCK_PREFIX}: a maintenance plan of the bot shows as a cordoned node instead).
 * @param index - the cluster index
 * @param now - the clock (lock TTL)
 * @returns holder node names, possibly `unknown`, in annotation order (may repeat)
 */
export function kuredHoldersIn(index: ClusterIndex, now: Date): string[] {
  const holders: string[] = [];
  for (const ds of index.snapshot.workloads) {
    const raw = ds.kind === 'DaemonSet' ? ds.metadata.annotations?.[ANNOTATION_KURED_LOCK] : undefined;
    if (raw !== undefined && raw !== '')
      holders.push(...kuredLockHolders(raw, now).filter((h) => !h.startsWith(BOT_KURED_LOCK_PREFIX)));
  }
  return holders;
}

/**
 * Whether the node shows that kured's reboot of it has started: the
 * `weave.works/kured-reboot-in-progress` mark, NotReady, or cordoned (kured cordons and drains
 * before it reboots; kubereboot/kured cmd/kured/main.go). A holder not in the snapshot shows nothing.
 * @param index - the cluster index
 * @param name - a lock holder's node name
 */
export function kuredRebootShows(index: ClusterIndex, name: string): boolean {
  const n = index.nodesByName.get(name);
  if (!n) return false;
  return (
    n.metadata.annotations?.[ANNOTATION_KURED_REBOOT_IN_PROGRESS] !== undefined ||
    !isNodeReady(n) ||
    isCordoned(n)
  );
}

// ---------------------------------------------------------------------------------------------
// A cordon somebody else made
// ---------------------------------------------------------------------------------------------

/**
 * The target is already cordoned (`spec.unschedulable`) and not by this bot (check
 * `prior-cordon`): whoever did it took it out of scheduling for a reason of their own, and the
 * usual last step of a maintenance, uncordon, would undo their cordon; the bot's maintenance
 * records the cordon and leaves it in place (src/maintenance/execute/run-maintenance.ts,
 * `wasCordoned`). Who: the manager of the managedFields entry that owns `spec.unschedulable`
 * (`kubectl-cordon`, `kured`, the bot's {@link BOT_FIELD_MANAGER}). Variants: `by-other` (warn,
 * `by` named), `unknown-by` (warn, the API does not say), `by-bot` (info: a maintenance of the bot
 * cordoned it). Nothing when kured is rebooting the node (its finding says whose cordon it is).
 * Sources: SUSE/caasp-salt#338 ("Only uncordon nodes that were cordoned because of our own
 * processes"), NVIDIA/k8s-driver-manager#212; kured keeps such a node cordoned
 * (kubereboot/kured cmd/kured/main.go, `nodeMeta.Unschedulable`).
 * @param index - the cluster index
 * @param node - the target node
 * @param kuredHere - whether a kured finding already names the node as kured's
 * @param now - the analysis clock (how long ago it was cordoned, `sinceMinutes`)
 */
export function priorCordonChecks(
  index: ClusterIndex,
  node: string,
  kuredHere: boolean,
  now: Date,
): Finding[] {
  const n: KNode | undefined = index.nodesByName.get(node);
  if (!n || !isCordoned(n) || kuredHere) return [];
  const { sinceMs, by } = cordonedSince(n);
  const sinceMinutes = minutesSince(sinceMs, now);
  if (by === BOT_FIELD_MANAGER)
    return [finding('prior-cordon', 'data', 'info', 'by-bot', { node, sinceMinutes })];
  return [
    finding('prior-cordon', 'data', 'warn', by === null ? 'unknown-by' : 'by-other', {
      node,
      by,
      sinceMinutes,
    }),
  ];
}

/**
 * A node cordoned by someone else stays cordoned after the reboot, so advice that says to
 * uncordon it "right after the reboot" (pinned-volumes) would undo their cordon: such findings
 * carry the fact `priorCordon` and their advice says to ask first (issue 16).
 * @param findings - a reboot's (or drain's) findings
 * @returns the findings, pinned-volumes ones marked when a `prior-cordon` finding warns
 */
export function keepingPriorCordon(findings: readonly Finding[]): Finding[] {
  if (!findings.some((f) => f.check === 'prior-cordon' && f.severity === 'warn')) return [...findings];
  return findings.map((f) =>
    f.check === 'pinned-volumes' ? { ...f, facts: { ...f.facts, priorCordon: true } } : f,
  );
}
