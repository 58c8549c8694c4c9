/**
 * What every what-if change shares: the context it is analysed in (snapshot, index, control-plane
 * state, subject, clock), whether the control plane serves, and the statements that hold whenever
 * the API is away. The facts come from docs/domain.md ("What keeps working", "When traffic does get
 * interrupted") and the constants in ../domain.ts.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import { closestNames } from '../../util/closest-names.js';
import { type ClusterIndex, indexCluster, isNodeReady } from '../cluster-index.js';
import { type ControlPlaneState, controlPlaneState } from '../control-plane-state.js';
import { clusterDnsDown, clusterDnsDownNow } from '../cluster-dns.js';
import { DEFAULT_EVICTION_TOLERATION_S, LEADER_ELECTION_LEASE_DURATION_S } from '../domain.js';
import { finding } from '../finding.js';
import { MAX_LISTED_NODES, readErrorFindings } from '../reboot-impact.js';
import type { Finding } from '../types.js';
import {
  type ImpactBuilder,
  type WhatIfImpact,
  type WhatIfSubject,
  unknownTarget,
} from './what-if-impact.js';

/** One what-if analysis: the cluster as read and indexed, its control plane, what is asked, when. */
export interface WhatIfContext {
  snapshot: ClusterSnapshot;
  index: ClusterIndex;
  state: ControlPlaneState;
  subject: WhatIfSubject;
  /** When the snapshot was taken, ISO 8601. */
  at: string;
  /** The analysis clock. */
  now: Date;
}

/**
 * Index the snapshot and read its control plane once, for every part of one analysis.
 * @param snapshot - the cluster as read
 * @param subject - what is asked
 * @param now - the analysis clock
 */
export function whatIfContext(snapshot: ClusterSnapshot, subject: WhatIfSubject, now: Date): WhatIfContext {
  const index = indexCluster(snapshot);
  return {
    snapshot,
    index,
    state: controlPlaneState(index, now),
    subject,
    at: snapshot.capturedAt.toISOString(),
    now,
  };
}

/**
 * Assemble the impact with a `read-error` finding for every resource that could not be read.
 * @param b - the builder the change filled
 * @param ctx - the analysis
 */
export function finishWithReadErrors(b: ImpactBuilder, ctx: WhatIfContext): WhatIfImpact {
  b.findings.push(...readErrorFindings(ctx.snapshot.readErrors));
  return b.finish(ctx.subject, ctx.state, ctx.at);
}

/**
 * The impact for a node the cluster does not have: a `what-if-target` `unknown-node` finding with
 * the closest names, or the cluster's nodes (at most {@link MAX_LISTED_NODES}).
 * @param ctx - the analysis
 * @param node - the name asked for
 */
export function nodeNotFound(ctx: WhatIfContext, node: string): WhatIfImpact {
  const nodes = ctx.snapshot.nodes.map((n) => n.metadata.name);
  const suggestions = closestNames(node, nodes);
  const listed = nodes
    .map((n) => n ?? '')
    .filter((n) => n !== '')
    .slice(0, MAX_LISTED_NODES);
  return unknownTarget(
    ctx.subject,
    finding('what-if-target', 'data', 'block', 'unknown-node', { node, suggestions, nodes: listed }),
    ctx.state,
    ctx.at,
  );
}

/** Whether the control plane serves: the facts every what-if answer starts from. */
export interface Serving {
  level: 'serving' | 'degraded' | 'down' | 'managed' | 'unseen';
  finding: Finding;
}

/**
 * Whether the control plane can serve the nodes now (check `control-plane-serving`): `down` when
 * no apiserver is alive, /readyz did not pass with an etcd failure or no answer, or etcd quorum is
 * lost; `degraded` when a control-plane node or an etcd member is down but it still serves;
 * `managed` when a provider keeps the control plane (the profile's keeper; variant `managed-readyz`
 * or `managed-readyz-failing` when its /readyz was read); `unseen` (info) when
 * nothing says it is down but /readyz was not seen (a kubectl List never holds it): "serving
 * (/readyz passing)" is said only when /readyz was read and passed (issue 16: missing data is unknown).
 * @param snapshot - the snapshot
 * @param state - the control-plane state
 * @param severityWhenDown - the severity a `down` control plane has for this change
 */
export function controlPlaneServing(
  snapshot: ClusterSnapshot,
  state: ControlPlaneState,
  severityWhenDown: 'warn' | 'block' | 'info',
): Serving {
  const etcd = state.etcd;
  const quorumLost =
    etcd.source !== 'none' && etcd.voters > 0 && etcd.healthyVoters + etcd.unknownVoters < etcd.quorum;
  const aliveApiservers = state.apiservers.filter((a) => a.alive).map((a) => a.host);
  const noApiserver = state.apiservers.length > 0 && aliveApiservers.length === 0;
  const readyzDown =
    state.readyz.reachable &&
    !state.readyz.ok &&
    (state.readyz.failing.some((f) => f.startsWith('etcd')) || state.readyz.failing.length === 0);
  const readyzUnread = snapshot.readErrors.some((e) => e.resource === 'readyz');
  const notReady = state.nodes.filter((n) => !n.ready).map((n) => n.name);
  const membersDown = etcd.members
    .filter((m) => !m.isLearner && m.healthy === false)
    .map((m) => m.node ?? m.name);
  const facts = {
    apiserversAlive: aliveApiservers.length,
    apiservers: state.apiservers.length,
    quorumLost,
    noApiserver,
    readyzStatus: state.readyz.status,
    failing: state.readyz.failing,
    notReady,
    membersDown,
  };
  // Managed: what the cluster shows of the provider's control plane is its API's /readyz; its
  // etcd and its HA are not seen. Say what was seen (issue 16, scenario 13: "its state cannot be
  // seen" beside a /readyz that was read): `managed-readyz` (passing), `managed-readyz-failing`,
  // `managed` (/readyz not in the snapshot).
  if (state.managed)
    return {
      level: 'managed',
      finding: finding(
        'control-plane-serving',
        'control',
        'info',
        !state.readyz.reachable ? 'managed' : state.readyz.ok ? 'managed-readyz' : 'managed-readyz-failing',
        facts,
      ),
    };
  if (quorumLost || noApiserver || readyzDown || readyzUnread) {
    const variant = noApiserver || readyzDown || readyzUnread ? 'api-down' : 'quorum-lost';
    return {
      level: 'down',
      finding: finding('control-plane-serving', 'control', severityWhenDown, variant, facts),
    };
  }
  if (notReady.length > 0 || membersDown.length > 0) {
    return {
      level: 'degraded',
      finding: finding('control-plane-serving', 'control', 'info', 'degraded', facts),
    };
  }
  // An etcd alarm (NOSPACE, CORRUPT): reads and /readyz pass, but every write is refused.
  if (etcd.alarms.length > 0)
    return {
      level: 'serving',
      finding: finding('control-plane-serving', 'control', 'info', 'serving-writes-blocked', facts),
    };
  if (!state.readyz.reachable)
    return { level: 'unseen', finding: finding('control-plane-serving', 'control', 'info', 'unseen', facts) };
  return { level: 'serving', finding: finding('control-plane-serving', 'control', 'ok', 'serving', facts) };
}

/**
 * The data-plane facts that keep traffic flowing whatever the control plane does (docs/domain.md,
 * "What keeps working when the control plane is gone").
 * @param b - the builder
 */
/**
 * "The other nodes and their pods" keep working: said so when every other node is Ready, as "the
 * other Ready nodes: …" (named) when some other node is down (a NotReady node runs nothing the
 * cluster can count on; issue 16, reader5 F10: scenario 49's vega-wk-2, kubelet stopped), and not
 * at all when no other node is Ready.
 * @param b - the builder
 * @param index - the cluster
 * @param nodes - the nodes the change is about (not "other")
 * @returns whether another node is Ready
 */
export function keepOtherNodes(b: ImpactBuilder, index: ClusterIndex, nodes: readonly string[]): boolean {
  const others = index.snapshot.nodes.filter((n) => !nodes.includes(n.metadata.name));
  const ready = others.filter(isNodeReady).map((n) => n.metadata.name);
  if (ready.length === 0) return false;
  if (ready.length === others.length) b.keep('data', 'keeps.other-nodes');
  else b.keep('data', 'keeps.other-nodes-ready', { nodes: ready });
  return true;
}

export function keepDataPlane(b: ImpactBuilder): void {
  b.keep('data', 'keeps.running-pods');
  b.keep('data', 'keeps.pod-traffic');
  b.keep('data', 'keeps.service-rules');
}

/**
 * Cluster DNS keeps answering while the API is away, unless the snapshot shows it down already
 * (no CoreDNS pod Ready, {@link clusterDnsDown}): then the answer says so (check `cluster-dns`,
 * warn, variant `down-now`, an existing problem) and never that DNS keeps working (issue 16).
 * @param b - the builder
 * @param index - the cluster index
 */
export function keepClusterDns(b: ImpactBuilder, index: ClusterIndex): void {
  const down = clusterDnsDown(index);
  if (down === null) {
    b.keep('data', 'keeps.dns');
    return;
  }
  b.findings.push(clusterDnsDownNow(down));
}

/**
 * The interruption conditions that hold whenever the API is away (docs/domain.md, "When traffic
 * does get interrupted"), with the user pods that run on control-plane nodes.
 * @param b - the builder
 * @param ctx - the analysis
 */
export function apiAwayInterruptions(b: ImpactBuilder, ctx: WhatIfContext): void {
  b.interrupt('data', 'interrupt.kube-proxy-restart');
  b.interrupt('data', 'interrupt.backend-dies');
  b.interrupt('data', 'interrupt.node-reboot');
  const onMasters = userPodsOnControlPlane(ctx);
  if (onMasters.length > 0)
    b.interrupt('data', 'interrupt.workloads-on-masters', {
      pods: onMasters.slice(0, 10),
      count: onMasters.length,
    });
}

/**
 * Everything that stops while no API server answers, each once (a change may have stated some).
 * @param b - the builder
 */
export function apiStopsAll(b: ImpactBuilder): void {
  for (const k of [
    'stops.api-all',
    'stops.scheduling',
    'stops.self-healing',
    'stops.node-failure',
    'stops.scaling',
    'stops.endpoints',
  ]) {
    if (!b.stops.some((s) => s.key === k)) b.stop('control', k);
  }
}

/**
 * User pods on control-plane nodes, from the pod summaries (every pod, not only the focus node's):
 * neither DaemonSet pods nor static (mirror) pods nor kube-system add-ons.
 * @param ctx - the analysis
 * @returns `namespace/name` of each
 */
export function userPodsOnControlPlane(ctx: WhatIfContext): string[] {
  const masters = new Set(ctx.state.nodes.map((n) => n.name));
  return ctx.index.snapshot.podSummaries
    .filter(
      (p) =>
        p.nodeName !== null &&
        masters.has(p.nodeName) &&
        p.namespace !== 'kube-system' &&
        p.phase !== 'Succeeded' &&
        p.phase !== 'Failed' &&
        p.owner?.kind !== 'DaemonSet' &&
        p.owner?.kind !== 'Node',
    )
    .map((p) => `${p.namespace}/${p.name}`);
}

/**
 * The node-failure timings (docs/domain.md, "Node failure timings"), in seconds: `graceS` before a
 * node whose kubelet is silent turns NotReady, then `tolerationS` before its pods are evicted.
 * The grace period is the cluster's (`state.nodeMonitorGrace`: 50 s from Kubernetes 1.32, 40 s
 * before). A fresh object each call.
 * @param state - the control-plane state
 */
export function nodeFailureTimings(state: ControlPlaneState): { graceS: number; tolerationS: number } {
  return { graceS: state.nodeMonitorGrace.seconds, tolerationS: DEFAULT_EVICTION_TOLERATION_S };
}

/**
 * The API servers when the one on `node` stops (restart or failure): the alive ones elsewhere, how
 * many are alive now, and whether the one on `node` is among them (one already down loses no
 * capacity: no "from 2 to 2").
 * @param state - the control-plane state
 * @param node - the node whose API server stops
 * @returns `others`: hosts of the alive API servers on other nodes; `before`: alive now; `wasAlive`
 */
export function apiserversWithout(
  state: ControlPlaneState,
  node: string,
): { others: string[]; before: number; wasAlive: boolean } {
  return {
    others: state.apiservers.filter((a) => a.host !== node && a.alive).map((a) => a.host),
    before: state.apiservers.filter((a) => a.alive).length,
    wasAlive: state.apiservers.some((a) => a.host === node && a.alive),
  };
}

/**
 * The kube-vip VIP held by the node whose API server restarts or fails (findings from
 * `apiserverRestartVipChecks`, endpoint-checks.ts): the clients of the VIP reach this API server,
 * so they stop (`stops.vip-clients`, or `stops.vip-clients-stays` when the VIP cannot move), and only
 * direct clients of the other API servers keep working (`keeps.api-others-direct`).
 * @param b - the impact being built
 * @param node - the node whose API server stops
 * @param vip - the VIP findings (none: nothing is added and false is returned)
 * @param movesVariant - the variant of the first finding when the VIP's clients lose this API server
 *   for the change (`vip-apiserver-restart` or `vip-apiserver-down`)
 * @returns true when the node holds the VIP (the lines were added)
 */
export function vipClientsLines(
  b: ImpactBuilder,
  node: string,
  vip: readonly Finding[],
  movesVariant: string,
): boolean {
  if (vip.length === 0) return false;
  b.findings.push(...vip);
  b.stop('control', vip[0]?.variant === movesVariant ? 'stops.vip-clients' : 'stops.vip-clients-stays', {
    node,
  });
  for (const [i, k] of b.keeps.entries())
    if (k.key === 'keeps.api-others') b.keeps[i] = { ...k, key: 'keeps.api-others-direct' };
  return true;
}

/**
 * What a restart and a failure of one node's API server share: the finding, and what stops and
 * keeps. With no alive API server on another node the whole API is away (docs/domain.md, "What
 * keeps working"): the API and the controllers stop, the data plane and DNS keep, a backend whose
 * pod dies is not replaced. Otherwise the others serve, and capacity drops only when this one was
 * alive. The caller adds what its change says besides (interruptions, advice, durations).
 * @param b - the impact being built
 * @param state - the control-plane state
 * @param node - the node whose API server stops
 * @param check - `component-restart` or `component-down`
 * @param variants - the finding's variant when it was the last alive one (`last`), when others
 *   remain (`others`), and when others remain and the one on `node` is not alive now (`alreadyDown`,
 *   optional: `others` without it)
 * @param index - the cluster index (whether cluster DNS is down already)
 * @returns true when no alive API server remains on another node
 */
export function apiserverStops(
  b: ImpactBuilder,
  state: ControlPlaneState,
  node: string,
  check: 'component-restart' | 'component-down',
  variants: { last: string; others: string; alreadyDown?: string },
  index: ClusterIndex,
): boolean {
  const { others, before, wasAlive } = apiserversWithout(state, node);
  if (others.length === 0) {
    b.findings.push(finding(check, 'control', 'warn', variants.last, { node, before }));
    b.stop('control', 'stops.api-all');
    b.stop('control', 'stops.controllers-wait');
    keepDataPlane(b);
    keepClusterDns(b, index);
    b.interrupt('data', 'interrupt.backend-dies');
    return true;
  }
  // One already down loses no capacity: its own variant when the caller has one (no "from 2 to 2").
  const variant = !wasAlive && variants.alreadyDown !== undefined ? variants.alreadyDown : variants.others;
  b.findings.push(finding(check, 'control', 'info', variant, { node, before, after: others.length, others }));
  // An API server that is already down loses no capacity by stopping: no "from 2 to 2".
  if (wasAlive) b.stop('control', 'stops.apiserver-one', { node, before, after: others.length });
  b.keep('control', 'keeps.api-others', { others });
  keepDataPlane(b);
  return false;
}

/**
 * What a restart and a failure of a leader-elected component's instance share: whether this node
 * holds the component's Lease, the standbys (the component on other control-plane nodes), and the
 * facts their sentences quote. A standby takes the Lease once it expires (`leaseDurationSeconds`,
 * {@link LEADER_ELECTION_LEASE_DURATION_S} s when the Lease does not say, `--leader-elect-lease-duration`).
 * @param state - the control-plane state
 * @param component - `kube-scheduler` or `kube-controller-manager`
 * @param node - the node whose instance stops
 * @returns `holdsLease`, `standbys` (node names), `short` (the name in message keys) and `facts`
 */
export function leaderComponentFacts(
  state: ControlPlaneState,
  component: 'kube-scheduler' | 'kube-controller-manager',
  node: string,
): {
  holdsLease: boolean;
  standbys: string[];
  short: 'scheduler' | 'controller-manager';
  facts: {
    node: string;
    component: string;
    holder: string | null;
    standbys: string[];
    leaseDurationSeconds: number;
  };
} {
  const lease = state.leaderLeases.find((l) => l.name === component);
  const standbys = state.nodes
    .filter((n) => n.name !== node && n.components[component] === true)
    .map((n) => n.name);
  return {
    holdsLease: lease?.holderHost === node,
    standbys,
    short: component === 'kube-scheduler' ? 'scheduler' : 'controller-manager',
    facts: {
      node,
      component,
      holder: lease?.holderHost ?? null,
      standbys,
      leaseDurationSeconds: lease?.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
    },
  };
}
