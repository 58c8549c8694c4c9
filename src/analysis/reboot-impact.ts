/**
 * "Can I reboot node X?": every check of docs/checks.md up to "After an approved reboot",
 * run over one snapshot. Pure: snapshot + now in, findings + verdict out.
 */
import type { ClusterSnapshot, ReadError } from '../cluster/types.js';
import { closestNames } from '../util/closest-names.js';
import {
  type ClusterIndex,
  hasControlPlaneTaint,
  indexCluster,
  isCordoned,
  isNodeReady,
  memoOnIndex,
  readyStatus,
} from './cluster-index.js';
import {
  controlPlaneChecks,
  etcdAlarmFindings,
  etcdChecks,
  notObservedFindings,
  readyzCheck,
} from './control-plane-checks.js';
import { clusterCommandForms } from './command-versions.js';
import { type ControlPlaneState, controlPlaneState, keeperSeen } from './control-plane-state.js';
import { controlPlaneEndpointChecks, oneEndpointModel } from './endpoint-checks.js';
import { OPENSHIFT_QUORUM_GUARD_PDB } from './profiles/index.js';
import { withRefusedEvictions } from './eviction-model.js';
import { finding } from './finding.js';
import {
  deadNodeDrainChecks,
  keepingPriorCordon,
  kuredChecks,
  nodeLeaseChecks,
  priorCordonChecks,
  whenDrainCannotMove,
} from './node-state-checks.js';
import { type Finding, type Plane, PLANES, SEVERITY_RANK, type Verdict, verdictOf } from './types.js';
import { targetPodsFindings, workloadChecks } from './workload-checks.js';
import { guardPodNotListedFindings } from './quorum-guard.js';
import { admissionWebhookChecks, withRefusedReplacements } from './admission-webhooks.js';
import { aggregatedApiChecks } from './aggregated-apis.js';
import { rebootWithoutDrain } from './dead-node-reboot.js';
import { externalEtcdFindings, unknownLeaderFindings } from './external-etcd.js';

/** Most node names an unknown-node answer lists (a large cluster's list would drown the answer). */
export const MAX_LISTED_NODES = 30;

/** What the target node is. */
export type NodeRole = 'control-plane' | 'worker';

/** The result of a reboot-impact analysis. */
export interface RebootImpact {
  /** The node asked about, as typed. */
  node: string;
  /** Whether the node exists; when false the only finding is node-not-found. */
  found: boolean;
  role: NodeRole | null;
  /** Whether an etcd member runs on the node. */
  etcdMember: boolean;
  findings: Finding[];
  verdict: Verdict;
  /** Planes the reboot affects: the node's own plane, plus any plane with a warn or block finding. */
  planesAffected: Plane[];
  state: ControlPlaneState;
  /** When the snapshot was taken, ISO 8601. */
  snapshotAt: string;
  /** Where `snapshotAt` came from, for a snapshot file ({@link ClusterSnapshot.capturedFrom}). */
  capturedFrom?: ClusterSnapshot['capturedFrom'];
}

const RESOURCE_PLANE: Record<string, Plane> = {
  leases: 'control',
  readyz: 'control',
  endpointslices: 'control',
  etcd: 'control',
};

/**
 * Turn each read error into its own finding (warn): a check that could not read its input never
 * passes silently (docs/checks.md).
 * @param errors - the snapshot's read errors
 */
export function readErrorFindings(errors: readonly ReadError[]): Finding[] {
  return errors.map((e) =>
    finding('read-error', RESOURCE_PLANE[e.resource] ?? 'data', 'warn', e.reason, {
      resource: e.resource,
      status: e.status ?? null,
    }),
  );
}

function unreadable(snapshot: ClusterSnapshot, ...resources: string[]): boolean {
  return snapshot.readErrors.some((e) => resources.includes(e.resource));
}

function targetChecks(
  index: ClusterIndex,
  state: ControlPlaneState,
  node: string,
  isCp: boolean,
  now: Date,
): Finding[] {
  const out: Finding[] = [];
  const n = index.nodesByName.get(node);
  if (!n) return out;
  if (!isNodeReady(n)) {
    // Said once (issue 30 item 4; Korean review 2026-12, answer 08): where the node has pods a drain
    // would evict, its dead-node-drain finding states the NotReady reading (Ready=…) itself, as the
    // drain answer does (./what-if/drain.ts).
    if (deadNodeDrainChecks(index, node).length === 0)
      out.push(
        finding('node-health', isCp ? 'control' : 'data', 'warn', 'not-ready', {
          node,
          ready: readyStatus(n),
        }),
      );
  } else {
    // The grace period of this cluster's version (50 s from 1.32, 40 s before); the drain answer
    // reads the Lease through the same function.
    out.push(...nodeLeaseChecks(index, node, isCp, now, state.nodeMonitorGrace));
  }

  const cpNames = new Set(state.nodes.map((c) => c.name));
  const etcdNodes = new Set(state.etcd.members.map((m) => m.node).filter((x): x is string => x !== null));
  const others = memoOnIndex(index, 'target:notReadyOrCordoned', () =>
    index.snapshot.nodes.filter((o) => !isNodeReady(o) || isCordoned(o)),
  ).filter((o) => o.metadata.name !== node);
  const describe = (o: (typeof others)[number]): string =>
    `${o.metadata.name} (${[!isNodeReady(o) ? `NotReady: Ready=${readyStatus(o)}` : '', isCordoned(o) ? 'cordoned' : ''].filter(Boolean).join(', ')})`;
  const cpOthers = others.filter((o) => cpNames.has(o.metadata.name) || etcdNodes.has(o.metadata.name));
  const workerOthers = others.filter((o) => !cpOthers.includes(o));
  if (cpOthers.length > 0) {
    // "Two members down at once" only where this node hosts an etcd member (issue 16, reader3:
    // scenario 02's worker reboot said it); a node without one takes no member down.
    const member = etcdNodes.has(node);
    out.push(
      finding(
        'concurrent-disruption',
        'control',
        isCp ? 'block' : 'warn',
        member ? 'control-plane' : 'control-plane-no-member',
        { node, nodes: cpOthers.map(describe) },
      ),
    );
  }
  if (workerOthers.length > 0) {
    out.push(
      finding('concurrent-disruption', 'data', 'warn', 'workers', {
        node,
        nodes: workerOthers.map(describe),
        // Their names, parallel to `nodes`: a joint answer leaves out its own targets (issue 16).
        names: workerOthers.map((o) => o.metadata.name),
      }),
    );
  }
  // kured: its lock (single or multi-lock form) held for this node or others, its reboot-in-progress mark.
  const kured = kuredChecks(index, node, isCp, now, new Set([...cpNames, ...etcdNodes]));
  out.push(...kured);
  // A cordon made by someone else (not kured's, not the bot's own): uncordoning would undo it.
  const kuredHere = kured.some(
    (f) =>
      f.variant === 'kured-rebooting-here' ||
      f.variant === 'kured-lock-held-here' ||
      f.variant === 'kured-pending-here',
  );
  out.push(...priorCordonChecks(index, node, kuredHere, now));
  // A node already NotReady: a drain cannot complete; what already replaced its pods.
  out.push(...deadNodeDrainChecks(index, node));
  return out;
}

/**
 * OpenShift's `etcd-quorum-guard` PodDisruptionBudget (openshift-machine-config-operator in 4.x up
 * to 4.10, openshift-etcd after): the machine-config operator drains a master only while it
 * allows a disruption, so it is named for every master reboot (block when it allows none).
 * @see https://docs.openshift.com/container-platform/4.7/post_installation_configuration/machine-configuration-tasks.html
 */
function quorumGuardFindings(index: ClusterIndex): Finding[] {
  if (index.profile.name !== 'openshift') return [];
  return index.snapshot.podDisruptionBudgets
    .filter((p) => p.metadata.name === OPENSHIFT_QUORUM_GUARD_PDB || p.metadata.name.startsWith('etcd-guard'))
    .map((p) => {
      const allowed = p.status?.disruptionsAllowed ?? 0;
      return finding(
        'pdb-blocks',
        'control',
        allowed > 0 ? 'info' : 'block',
        allowed > 0 ? 'quorum-guard' : 'quorum-guard-blocked',
        {
          namespace: p.metadata.namespace ?? 'default',
          pdb: p.metadata.name,
          disruptionsAllowed: allowed,
          currentHealthy: p.status?.currentHealthy ?? null,
          desiredHealthy: p.status?.desiredHealthy ?? null,
        },
      );
    });
}

/**
 * The control plane's health as a worker's reboot depends on it (check
 * `control-plane-healthy-for-worker`): the node gets its pods and Service rules back only through
 * a serving control plane. `down` blocks, `degraded` warns, `healthy` (ok) only when /readyz was
 * seen passing; when /readyz was not seen (a kubectl List never holds it) the health is unknown:
 * variant `unseen`, a data-plane warn (it is this node's pods whose return cannot be confirmed, not
 * a control-plane problem), so the verdict is at most CAUTION (house rule: missing data is unknown,
 * never passing; a wrong "safe" can take production down). Managed control planes too: the
 * provider keeps it, but its health was not seen either.
 * The `unseen` text tells how to check it with the endpoint of the cluster's version (`health`:
 * `/readyz` from v1.16, `/healthz` before, {@link clusterCommandForms}; issue 16, F16).
 * @param state - the control-plane state
 * @param node - the worker
 * @param health - the apiserver health endpoint of the cluster's version
 */
function workerControlPlaneCheck(state: ControlPlaneState, node: string, health: string): Finding[] {
  const seen = state.readyz.reachable;
  if (state.managed)
    return seen
      ? []
      : [finding('control-plane-healthy-for-worker', 'data', 'warn', 'unseen', { node, health })];
  const etcd = state.etcd;
  const quorumLost =
    etcd.source !== 'none' && etcd.voters > 0 && etcd.healthyVoters + etcd.unknownVoters < etcd.quorum;
  const noApiserver = state.apiservers.length > 0 && !state.apiservers.some((a) => a.alive);
  const etcdFailing = state.readyz.failing.some((f) => f.startsWith('etcd'));
  const notReady = state.nodes.filter((n) => !n.ready).map((n) => n.name);
  const membersDown = etcd.members
    .filter((m) => !m.isLearner && m.healthy === false)
    .map((m) => m.node ?? m.name);
  const facts = { node, notReady, membersDown, quorumLost, noApiserver };
  if (quorumLost || noApiserver || etcdFailing) {
    return [finding('control-plane-healthy-for-worker', 'control', 'block', 'down', facts)];
  }
  // An etcd alarm (NOSPACE, CORRUPT): the API answers, but writes are refused. The etcd-alarms
  // finding blocks; this one says what it means for the node after its reboot.
  if (etcd.alarms.length > 0) {
    return [finding('control-plane-healthy-for-worker', 'control', 'info', 'writes-blocked', facts)];
  }
  if (notReady.length > 0 || membersDown.length > 0) {
    return [finding('control-plane-healthy-for-worker', 'control', 'warn', 'degraded', facts)];
  }
  if (!seen)
    return [finding('control-plane-healthy-for-worker', 'data', 'warn', 'unseen', { ...facts, health })];
  // /readyz answered but failing (not etcd): the readyz finding says what; health is not claimed.
  if (!state.readyz.ok) return [];
  return [finding('control-plane-healthy-for-worker', 'control', 'ok', 'healthy', facts)];
}

/**
 * Whether the findings say the reboot leaves no quorum (or no API server): etcd-quorum-after
 * `lost*`, control-plane-count or apiserver-redundancy `none-other` blocking.
 * @param findings - a reboot's findings
 */
export function quorumLostBy(findings: readonly Finding[]): boolean {
  return findings.some(
    (f) =>
      f.severity === 'block' &&
      ((f.check === 'etcd-quorum-after' && f.variant.startsWith('lost')) ||
        f.check === 'control-plane-count' ||
        (f.check === 'apiserver-redundancy' && f.variant === 'none-other')),
  );
}

/**
 * Without quorum nothing can be written: no leader Lease changes hands and no etcd leader
 * election completes. So a leader held on the target is not "handed over once the lease expires"
 * but stays lost until quorum is back (variant `held-here-no-quorum` of leader-scheduler /
 * leader-controller-manager, `leader-here-no-quorum` of etcd-leader), and the handover advice
 * (move the Lease first) is not given: it cannot restore anything.
 * Likewise the API servers left do not "keep clients working": without quorum they can neither
 * write nor answer consistent reads (variants `capacity-no-quorum`, `already-down-no-quorum` of
 * apiserver-redundancy; etcd FAQ, https://etcd.io/docs/v3.5/faq/). And the kube-vip VIP does not
 * move (control-plane-endpoint `vip-moves-no-quorum`): kube-vip writes its next holder to the Lease
 * `plndr-cp-lock` through the API server (https://kube-vip.io/docs/about/architecture/).
 * @param findings - a reboot's findings
 * @returns the same findings, the leader and API-capacity ones re-labelled when quorum is lost
 */
function withoutQuorumNoHandover(findings: Finding[]): Finding[] {
  if (!quorumLostBy(findings)) return writesRefusedNoHandover(findings);
  return findings.map((f) =>
    (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') && f.variant === 'held-here'
      ? { ...f, variant: 'held-here-no-quorum' }
      : f.check === 'etcd-leader' && f.variant === 'leader-here'
        ? { ...f, severity: 'info', variant: 'leader-here-no-quorum' }
        : f.check === 'apiserver-redundancy' && (f.variant === 'capacity' || f.variant === 'already-down')
          ? { ...f, variant: `${f.variant}-no-quorum` }
          : f.check === 'control-plane-endpoint' && f.variant === 'vip-moves'
            ? { ...f, variant: 'vip-moves-no-quorum' }
            : f,
  );
}

/**
 * With quorum kept but every write refused (an active etcd alarm, check `etcd-alarms` blocking:
 * NOSPACE, CORRUPT) no Lease can be written either: the leader cannot renew its Lease and no
 * standby can take it (etcd maintenance docs, Space quota,
 * https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota). A leader Lease held on the target
 * becomes `held-here-writes-blocked`: no handover "once the lease expires" is promised, and no
 * "move the Lease first" advice is given. The kube-vip VIP held on the target cannot move either
 * (its Lease `plndr-cp-lock` cannot be written): control-plane-endpoint `vip-moves-writes-blocked`.
 * The etcd leader on the target becomes `leader-here-writes-blocked`: etcd still hands leadership
 * over on a clean shutdown, but writes do not "pause for a moment": they stay refused, whoever
 * leads, until the alarm is disarmed.
 * @param findings - a reboot's findings (quorum kept)
 * @returns the same findings, the leader ones re-labelled when writes are refused
 */
function writesRefusedNoHandover(findings: Finding[]): Finding[] {
  if (!findings.some((f) => f.check === 'etcd-alarms' && f.severity === 'block')) return findings;
  return findings.map((f) =>
    (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') && f.variant === 'held-here'
      ? { ...f, variant: 'held-here-writes-blocked' }
      : f.check === 'control-plane-endpoint' && f.variant === 'vip-moves'
        ? { ...f, variant: 'vip-moves-writes-blocked' }
        : f.check === 'etcd-leader' && f.variant === 'leader-here'
          ? { ...f, variant: 'leader-here-writes-blocked' }
          : f,
  );
}

/**
 * One snapshot indexed once, with its control plane as seen at one clock. Analyses of many nodes
 * over the same snapshot (each node alone in a rolling plan, the joint analysis, a maintenance
 * plan) share it instead of indexing the whole cluster once per node, which made a plan over
 * every node grow with the square of the cluster. Read-only once built.
 */
export interface AnalysisContext {
  /** The snapshot indexed. */
  snapshot: ClusterSnapshot;
  /** The analysis clock the state was computed at. */
  now: Date;
  index: ClusterIndex;
  state: ControlPlaneState;
}

/**
 * Index a snapshot and compute its control-plane state, for several analyses at the same clock.
 * @param snapshot - the cluster as read
 * @param now - the analysis clock
 * @returns the shared context
 */
export function analysisContext(snapshot: ClusterSnapshot, now: Date): AnalysisContext {
  const index = indexCluster(snapshot);
  return { snapshot, now, index, state: controlPlaneState(index, now) };
}

/**
 * The context to analyse with: `context` when it was built for this snapshot at this clock, else a new one.
 * @param snapshot - the cluster as read
 * @param now - the analysis clock
 * @param context - a context built earlier, if any
 */
export function contextFor(snapshot: ClusterSnapshot, now: Date, context?: AnalysisContext): AnalysisContext {
  return context !== undefined && context.snapshot === snapshot && context.now.getTime() === now.getTime()
    ? context
    : analysisContext(snapshot, now);
}

/**
 * Analyse the impact of rebooting (and draining) one node.
 * @param snapshot - the cluster as read, with `focusNode` set to the node (its pods kept whole)
 * @param node - the node's name
 * @param now - the analysis clock (lease ages are relative to it)
 * @param context - the snapshot already indexed at this clock ({@link analysisContext}), when
 *   several nodes are analysed over it; ignored when built for another snapshot or clock
 * @param request - `drain: false` for a plain "can I reboot X?": a NotReady node's reboot is then
 *   the remedy and no drain is advised ({@link rebootWithoutDrain}); absent or true: the reboot
 *   with its drain, as every other caller asks
 * @returns findings sorted worst first, the verdict and the planes affected
 */
export function analyzeRebootImpact(
  snapshot: ClusterSnapshot,
  node: string,
  now: Date,
  context?: AnalysisContext,
  request: { drain?: boolean } = {},
): RebootImpact {
  const { index, state } = contextFor(snapshot, now, context);
  const base = {
    node,
    state,
    snapshotAt: snapshot.capturedAt.toISOString(),
    ...(snapshot.capturedFrom ? { capturedFrom: snapshot.capturedFrom } : {}),
  };
  const target = index.nodesByName.get(node);
  if (!target) {
    const suggestions = closestNames(
      node,
      snapshot.nodes.map((n) => n.metadata.name),
    );
    // No close name: the answer lists the cluster's nodes instead, at most MAX_LISTED_NODES.
    const nodes = snapshot.nodes
      .map((n) => n.metadata.name ?? '')
      .filter((n) => n !== '')
      .slice(0, MAX_LISTED_NODES);
    const findings = [finding('node-not-found', 'data', 'block', 'unknown', { node, suggestions, nodes })];
    return {
      ...base,
      found: false,
      role: null,
      etcdMember: false,
      findings,
      verdict: 'unsafe',
      planesAffected: [],
    };
  }

  const isCp = state.nodes.some((n) => n.name === node);
  const etcdMember = state.etcd.members.some((m) => m.node === node);
  const tainted = hasControlPlaneTaint(target);
  const findings: Finding[] = [];
  findings.push(
    finding(
      'node-role',
      isCp ? 'control' : 'data',
      'info',
      isCp ? (etcdMember ? 'control-plane-etcd' : 'control-plane') : etcdMember ? 'worker-etcd' : 'worker',
      {
        node,
        etcdMember,
        tainted,
        controlPlaneNodes: state.nodes.length + (state.unseenControlPlane ?? 0),
        // A single-node cluster: no other node to keep pods running (reader 2.5).
        clusterNodes: snapshot.nodes.length,
      },
    ),
  );
  // Who keeps the control plane, in the profile's words (the managed profile: the provider, and which).
  findings.push(...index.profile.keeperFindings(snapshot, { kind: 'reboot', node }, keeperSeen(state)));
  findings.push(...targetChecks(index, state, node, isCp, now));
  findings.push(...readyzCheck(state));
  if (isCp) {
    findings.push(...controlPlaneChecks(state, node));
    if (!tainted) findings.push(finding('control-plane-taint', 'control', 'info', 'untainted', { node }));
    findings.push(...quorumGuardFindings(index));
  }
  if (isCp || etcdMember || state.etcd.source !== 'none') {
    const etcdFindings = etcdChecks(state, node);
    findings.push(
      ...(isCp || etcdMember ? etcdFindings : etcdFindings.filter((f) => f.check === 'etcd-topology')),
    );
    // External etcd is read and judged too (issue 29): its health decides what a change risks.
    if (isCp && !etcdMember) findings.push(...externalEtcdFindings(state.etcd, node));
    if (etcdMember) findings.push(...unknownLeaderFindings(state.etcd, node));
    // NOSPACE/CORRUPT: the cluster takes only reads and deletes, so a drain's evictions fail on any node.
    if (!isCp && !etcdMember) findings.push(...etcdAlarmFindings(state.etcd));
  }
  if (!isCp) findings.push(...workerControlPlaneCheck(state, node, clusterCommandForms(index).health));
  // The node's own pods not seen (no pods in the snapshot, a List without any of this node's, or
  // none of its pods listed while the data's DaemonSets count pods it does not list): what runs
  // there was not checked, so the verdict is at most CAUTION.
  findings.push(...targetPodsFindings(index, node));
  // Some of its pods listed, but not all (OpenShift: its etcd quorum guard pod is missing).
  findings.push(...guardPodNotListedFindings(index, node));
  // The control-plane VIP (kube-vip's Lease, keepalived static pods) moves when the node reboots.
  findings.push(...controlPlaneEndpointChecks(index, node));
  findings.push(
    ...workloadChecks(index, node, isCp, tainted, {
      pdbs: !unreadable(snapshot, 'poddisruptionbudgets', 'pods'),
      workloads: !unreadable(snapshot, 'deployments', 'replicasets', 'statefulsets', 'pods'),
    }),
  );
  // What stops for the whole cluster with the node: admission webhooks and aggregated APIs whose
  // every backend runs here (issue 29).
  findings.push(...admissionWebhookChecks(index, node));
  findings.push(...aggregatedApiChecks(index, node));
  findings.push(...readErrorFindings(snapshot.readErrors));
  findings.push(...notObservedFindings(state));

  // One model per plane: no handover promised without quorum, no pod said to move that a budget
  // keeps (the eviction model, ./eviction-model.ts), no drain that moves pods promised
  // when writes are refused or the node is dead, no "clients keep working" beside the VIP's
  // interruption.
  const modelled = keepingPriorCordon(
    whenDrainCannotMove(
      withRefusedEvictions(withRefusedReplacements(oneEndpointModel(withoutQuorumNoHandover(findings)))),
    ),
  );
  const sorted = (request.drain === false ? rebootWithoutDrain(modelled) : modelled)
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITY_RANK[b.f.severity] - SEVERITY_RANK[a.f.severity] || a.i - b.i)
    .map((x) => x.f);
  const ownPlane: Plane = isCp ? 'control' : 'data';
  // One rule for the data plane (reader 2.7): any node's reboot stops its kubelet, kube-proxy, CNI
  // and pods, a control-plane node's just like a worker's, so the data plane is always affected.
  // @see https://kubernetes.io/docs/concepts/overview/components/#node-components
  const planesAffected = PLANES.filter(
    (p) =>
      p === ownPlane ||
      p === 'data' ||
      sorted.some(
        (f) => f.plane === p && SEVERITY_RANK[f.severity] >= SEVERITY_RANK.warn && f.check !== 'read-error',
      ),
  );
  return {
    ...base,
    found: true,
    role: isCp ? 'control-plane' : 'worker',
    etcdMember,
    findings: sorted,
    verdict: verdictOf(sorted),
    planesAffected,
  };
}
