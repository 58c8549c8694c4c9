/**
 * "What if …" (issue 9): component restarts, rolling updates and outages, drain alone, and
 * upgrades, analysed over one snapshot. Pure: snapshot + change + now in, findings, statements and
 * a verdict out. The facts it states come from ../shared/DOMAIN.md ("What keeps working", "When
 * traffic does get interrupted", "Node failure timings") and the constants in ../domain.ts.
 */
import { MAX_LISTED_NODES } from '../reboot-impact.js';
import type { ClusterSnapshot, KWorkload } from '../../cluster/types.js';
import { COMPONENT_NAMES, isComponentName } from '../../commands/components.js';
import type { ComponentName, WhatIfChange } from '../../commands/types.js';
import { closestNames } from '../../util/closest-names.js';
import { type ClusterIndex, hasControlPlaneTaint, indexCluster, podsOfOwner } from '../cluster-index.js';
import { etcdAlarmFindings, etcdChecks } from '../control-plane-checks.js';
import { type ControlPlaneState, controlPlaneState } from '../control-plane-state.js';
import {
  APISERVER_MAX_SKEW_MINORS,
  CNI_DAEMONSETS,
  DAEMONSET_DEFAULT_MAX_UNAVAILABLE,
  DEFAULT_EVICTION_TOLERATION_S,
  DEPLOYMENT_DEFAULT_MAX_UNAVAILABLE,
  KUBELET_MAX_SKEW_MINORS,
  KUBE_PROXY_NAME,
  LEADER_ELECTION_LEASE_DURATION_S,
  TYPICAL_NODE_REBOOT_S,
  UPGRADE_MAX_MINOR_STEP,
} from '../domain.js';
import { finding } from '../finding.js';
import {
  deadNodeDrainChecks,
  drainBlockOf,
  keepingPriorCordon,
  kuredChecks,
  priorCordonChecks,
  whenDrainCannotMove,
} from '../node-state-checks.js';
import { analyzeRebootImpact, readErrorFindings } from '../reboot-impact.js';
import type { Finding, Plane } from '../types.js';
import { podsOnNode, workloadChecks } from '../workload-checks.js';
import { kubeProxyMode } from './kube-proxy-mode.js';
import {
  type Version,
  clusterVersions,
  compareVersions,
  minorsBetween,
  parseVersion,
  versionRange,
} from './versions.js';
import { ImpactBuilder, type WhatIfImpact, type WhatIfSubject, unknownTarget } from './what-if-impact.js';

/** The plane each component belongs to (DOMAIN.md, "Two planes"). */
export const COMPONENT_PLANE: Readonly<Record<ComponentName, Plane>> = {
  'kube-apiserver': 'control',
  etcd: 'control',
  'kube-scheduler': 'control',
  'kube-controller-manager': 'control',
  kubelet: 'data',
  'kube-proxy': 'data',
  coredns: 'data',
  cni: 'data',
  'container-runtime': 'data',
};

const CONTROL_COMPONENTS: readonly ComponentName[] = [
  'kube-apiserver',
  'etcd',
  'kube-scheduler',
  'kube-controller-manager',
];

/** Whether the control plane serves: the facts every what-if answer starts from. */
export interface Serving {
  level: 'serving' | 'degraded' | 'down' | 'managed';
  finding: Finding;
}

/**
 * Whether the control plane can serve the nodes now (check `control-plane-serving`): `down` when
 * no apiserver is alive, /readyz did not pass with an etcd failure or no answer, or etcd quorum is
 * lost; `degraded` when a control-plane node or an etcd member is down but it still serves.
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
  const quorumLost = etcd.source !== 'none' && etcd.voters > 0 && etcd.healthyVoters < etcd.quorum;
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
  if (state.managed)
    return {
      level: 'managed',
      finding: finding('control-plane-serving', 'control', 'info', 'managed', facts),
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
  // An etcd alarm (NOSPACE, CORRUPT): reads and /readyz pass, but every write is refused (issue 16).
  if (etcd.alarms.length > 0)
    return {
      level: 'serving',
      finding: finding('control-plane-serving', 'control', 'info', 'serving-writes-blocked', facts),
    };
  return { level: 'serving', finding: finding('control-plane-serving', 'control', 'ok', 'serving', facts) };
}

function nodeNotFound(
  index: ClusterIndex,
  node: string,
  subject: WhatIfSubject,
  state: ControlPlaneState,
  at: string,
): WhatIfImpact {
  const suggestions = closestNames(
    node,
    index.snapshot.nodes.map((n) => n.metadata.name),
  );
  const nodes = index.snapshot.nodes
    .map((n) => n.metadata.name ?? '')
    .filter((n) => n !== '')
    .slice(0, MAX_LISTED_NODES);
  return unknownTarget(
    subject,
    finding('what-if-target', 'data', 'block', 'unknown-node', { node, suggestions, nodes }),
    state,
    at,
  );
}

function daemonSet(index: ClusterIndex, names: readonly string[]): KWorkload | null {
  return (
    index.snapshot.workloads.find((w) => w.kind === 'DaemonSet' && names.includes(w.metadata.name)) ?? null
  );
}

function coreDnsDeployment(index: ClusterIndex): KWorkload | null {
  return (
    index.snapshot.workloads.find(
      (w) =>
        w.kind === 'Deployment' &&
        w.metadata.namespace === 'kube-system' &&
        (w.metadata.name === 'coredns' ||
          w.metadata.name === 'kube-dns' ||
          w.metadata.labels?.['k8s-app'] === 'kube-dns'),
    ) ?? null
  );
}

/** Where the pods of a workload run (from the pod summaries), by node. */
function podNodesOf(index: ClusterIndex, w: KWorkload): string[] {
  const uid = w.metadata.uid ?? '';
  const owner = {
    kind: w.kind,
    name: w.metadata.name,
    namespace: w.metadata.namespace ?? 'default',
    uid,
    replicas: w.spec?.replicas ?? null,
    workload: w,
  };
  return podsOfOwner(index, owner)
    .filter((s) => s.phase !== 'Succeeded' && s.phase !== 'Failed')
    .map((s) => s.nodeName ?? '')
    .filter((n) => n !== '');
}

function resolveMaxUnavailable(
  value: number | string | undefined,
  fallback: number | string,
  total: number,
): number {
  const v = value ?? fallback;
  if (typeof v === 'number') return v;
  const m = /^(\d+)%$/.exec(v);
  if (m) return Math.max(1, Math.floor((Number(m[1]) / 100) * total));
  const n = Number(v);
  return Number.isFinite(n) ? n : 1;
}

/** The CNI DaemonSet, and its name for the texts. */
function cniDaemonSet(index: ClusterIndex): KWorkload | null {
  return daemonSet(index, CNI_DAEMONSETS);
}

/** Common: the data-plane facts that keep traffic flowing (DOMAIN.md). */
function keepDataPlane(b: ImpactBuilder): void {
  b.keep('data', 'keeps.running-pods');
  b.keep('data', 'keeps.pod-traffic');
  b.keep('data', 'keeps.service-rules');
}

/** The four interruption conditions of DOMAIN.md that hold whenever the API is away. */
function apiAwayInterruptions(b: ImpactBuilder, index: ClusterIndex, state: ControlPlaneState): void {
  b.interrupt('data', 'interrupt.kube-proxy-restart');
  b.interrupt('data', 'interrupt.backend-dies');
  b.interrupt('data', 'interrupt.node-reboot');
  const onMasters = userPodsOnControlPlane(index, state);
  if (onMasters.length > 0)
    b.interrupt('data', 'interrupt.workloads-on-masters', {
      pods: onMasters.slice(0, 10),
      count: onMasters.length,
    });
}

/**
 * User pods on control-plane nodes, from the pod summaries (every pod, not only the focus node's):
 * neither DaemonSet pods nor static (mirror) pods nor kube-system add-ons.
 */
function userPodsOnControlPlane(index: ClusterIndex, state: ControlPlaneState): string[] {
  const masters = new Set(state.nodes.map((n) => n.name));
  return index.snapshot.podSummaries
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

// ---------------------------------------------------------------------------------------------
// Component restarts
// ---------------------------------------------------------------------------------------------

function kubeProxyFindings(b: ImpactBuilder, snapshot: ClusterSnapshot): string | null {
  const mode = kubeProxyMode(snapshot);
  if (mode.mode !== null) {
    b.findings.push(
      finding(
        'kube-proxy-mode',
        'data',
        'info',
        mode.defaulted
          ? 'defaulted'
          : mode.mode === 'ipvs' || mode.mode === 'nftables' || mode.mode === 'iptables'
            ? mode.mode
            : 'other',
        { mode: mode.mode },
      ),
    );
  } else if (mode.unknownBecause === 'unreadable') {
    b.findings.push(finding('kube-proxy-mode', 'data', 'info', 'unreadable', { status: mode.status }));
  } else if (mode.unknownBecause === 'absent' || mode.unknownBecause === 'unparsable') {
    b.findings.push(finding('kube-proxy-mode', 'data', 'info', mode.unknownBecause, {}));
  }
  return mode.mode;
}

function restartKubeProxy(
  b: ImpactBuilder,
  index: ClusterIndex,
  state: ControlPlaneState,
  node: string,
): void {
  const serving = controlPlaneServing(index.snapshot, state, 'warn');
  b.findings.push(serving.finding);
  const mode = kubeProxyFindings(b, index.snapshot);
  const modeText = mode ?? '';
  if (serving.level === 'down') {
    b.findings.push(
      finding('component-restart', 'data', 'warn', 'kube-proxy-no-api', { node, mode: modeText }),
    );
    b.stop('data', 'stops.rules-resync', { node });
    b.advise('control', 'advice.restore-api-first');
  } else {
    b.findings.push(finding('component-restart', 'data', 'ok', 'kube-proxy', { node, mode: modeText }));
    b.stop('data', 'stops.rule-updates', { node });
  }
  keepDataPlane(b);
  b.keep('data', 'keeps.existing-connections', { node });
  b.interrupt('data', 'interrupt.kube-proxy-restart');
  b.interrupt('data', 'interrupt.backend-dies-proxy', { node });
  b.interrupt('data', 'interrupt.node-reboot');
  b.duration('data', 'duration.kube-proxy', { node });
  b.advise('data', 'advice.check-status-first');
  b.advise(
    'data',
    mode === 'ipvs'
      ? 'advice.verify-ipvs'
      : mode === 'nftables'
        ? 'advice.verify-nftables'
        : 'advice.verify-iptables',
    { node },
  );
  b.advise('data', 'advice.one-node-at-a-time');
}

function restartKubelet(b: ImpactBuilder, index: ClusterIndex, state: ControlPlaneState, node: string): void {
  const serving = controlPlaneServing(index.snapshot, state, 'warn');
  b.findings.push(serving.finding);
  const isCp = state.nodes.some((n) => n.name === node);
  b.findings.push(
    finding('component-restart', 'data', 'info', isCp ? 'kubelet-control-plane' : 'kubelet', {
      node,
      graceS: state.nodeMonitorGrace.seconds,
      tolerationS: DEFAULT_EVICTION_TOLERATION_S,
    }),
  );
  if (serving.level === 'down')
    b.findings.push(finding('component-restart', 'data', 'warn', 'kubelet-no-api', { node }));
  b.stop('data', 'stops.kubelet', { node });
  keepDataPlane(b);
  b.keep('data', 'keeps.containers-on-node', { node });
  if (isCp) b.keep('control', 'keeps.static-pods', { node });
  b.interrupt('data', 'interrupt.kubelet-long', {
    node,
    graceS: state.nodeMonitorGrace.seconds,
    tolerationS: DEFAULT_EVICTION_TOLERATION_S,
  });
  b.interrupt('data', 'interrupt.container-dies', { node });
  b.duration('data', 'duration.kubelet', {
    graceS: state.nodeMonitorGrace.seconds,
    tolerationS: DEFAULT_EVICTION_TOLERATION_S,
  });
  b.advise('data', 'advice.kubelet-watch', { node, graceS: state.nodeMonitorGrace.seconds });
}

function restartApiserver(b: ImpactBuilder, state: ControlPlaneState, node: string): void {
  const others = state.apiservers.filter((a) => a.host !== node && a.alive).map((a) => a.host);
  const before = state.apiservers.filter((a) => a.alive).length;
  if (others.length === 0) {
    b.findings.push(finding('component-restart', 'control', 'warn', 'apiserver-last', { node, before }));
    b.stop('control', 'stops.api-all');
    b.stop('control', 'stops.controllers-wait');
    keepDataPlane(b);
    b.keep('data', 'keeps.dns');
    b.interrupt('data', 'interrupt.backend-dies');
    b.interrupt('data', 'interrupt.kube-proxy-restart');
    b.advise('control', 'advice.apiserver-window');
  } else {
    b.findings.push(
      finding('component-restart', 'control', 'info', 'apiserver', {
        node,
        before,
        after: others.length,
        others,
      }),
    );
    // An API server that is already down loses no capacity by restarting (issue 16: no "from 2 to 2").
    if (state.apiservers.some((a) => a.host === node && a.alive))
      b.stop('control', 'stops.apiserver-one', { node, before, after: others.length });
    b.keep('control', 'keeps.api-others', { others });
    keepDataPlane(b);
    b.interrupt('control', 'interrupt.no-load-balancer', { node });
    b.advise('control', 'advice.apiserver-lb', { node });
  }
  b.duration('control', 'duration.apiserver');
  b.advise('control', 'advice.wait-readyz', { node });
}

function restartEtcd(b: ImpactBuilder, state: ControlPlaneState, node: string): void {
  const etcdFindings = etcdChecks(state, node).filter(
    (f) => f.check !== 'etcd-db-size' || f.severity !== 'ok',
  );
  b.findings.push(...etcdFindings);
  const lost = etcdFindings.some((f) => f.check === 'etcd-quorum-after' && f.variant === 'lost');
  const leader = etcdFindings.some((f) => f.check === 'etcd-leader' && f.variant === 'leader-here');
  b.findings.push(
    finding('component-restart', 'control', 'info', 'etcd', {
      node,
      voters: state.etcd.voters,
      quorum: state.etcd.quorum,
    }),
  );
  if (lost) {
    b.stop('control', 'stops.writes');
    b.stop('control', 'stops.api-changes');
    apiStopsAll(b);
  } else {
    b.stop('control', 'stops.etcd-member', { node });
    if (leader) b.stop('control', 'stops.etcd-election');
    b.keep('control', 'keeps.etcd-quorum', { voters: state.etcd.voters, quorum: state.etcd.quorum });
  }
  keepDataPlane(b);
  b.duration('control', 'duration.etcd-election');
  b.advise('control', 'advice.etcd-health', { node });
}

function restartLeaderComponent(
  b: ImpactBuilder,
  state: ControlPlaneState,
  component: 'kube-scheduler' | 'kube-controller-manager',
  node: string,
): void {
  const lease = state.leaderLeases.find((l) => l.name === component);
  const standbys = state.nodes
    .filter((n) => n.name !== node && n.components[component] === true)
    .map((n) => n.name);
  const facts = {
    node,
    component,
    holder: lease?.holderHost ?? null,
    standbys,
    leaseDurationSeconds: lease?.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
  };
  const short = component === 'kube-scheduler' ? 'scheduler' : 'controller-manager';
  if (lease?.holderHost === node && standbys.length === 0) {
    b.findings.push(finding('component-restart', 'control', 'warn', `${short}-only`, facts));
    b.stop('control', `stops.${short}`);
  } else if (lease?.holderHost === node) {
    b.findings.push(finding('component-restart', 'control', 'info', `${short}-leader`, facts));
    b.stop('control', `stops.${short}-failover`, facts);
  } else {
    b.findings.push(finding('component-restart', 'control', 'ok', `${short}-standby`, facts));
  }
  b.keep('control', 'keeps.api');
  keepDataPlane(b);
  b.duration('control', 'duration.leader-lease', { seconds: facts.leaseDurationSeconds });
  if (component === 'kube-controller-manager') b.interrupt('data', 'interrupt.backend-dies-kcm');
}

function restartCoreDns(
  b: ImpactBuilder,
  index: ClusterIndex,
  state: ControlPlaneState,
  node: string | undefined,
): boolean {
  const dep = coreDnsDeployment(index);
  if (!dep) return false;
  const nodes = podNodesOf(index, dep);
  const replicas = dep.spec?.replicas ?? nodes.length;
  const ready = dep.status?.readyReplicas ?? nodes.length;
  const serving = controlPlaneServing(index.snapshot, state, 'block');
  b.findings.push(serving.finding);
  const facts = {
    workload: dep.metadata.name,
    replicas,
    ready,
    nodes: [...new Set(nodes)],
    node: node ?? null,
  };
  if (node !== undefined && !nodes.includes(node)) {
    b.findings.push(finding('component-restart', 'data', 'ok', 'coredns-not-here', facts));
    return true;
  }
  if (ready <= 1) b.findings.push(finding('component-restart', 'data', 'block', 'coredns-single', facts));
  else b.findings.push(finding('component-restart', 'data', 'info', 'coredns', facts));
  b.stop('data', ready <= 1 ? 'stops.dns-all' : 'stops.dns-one', facts);
  if (ready > 1) b.keep('data', 'keeps.dns-others', facts);
  keepDataPlane(b);
  b.interrupt('data', 'interrupt.dns-no-api');
  b.advise('data', 'advice.coredns-rollout', facts);
  return true;
}

function restartCni(b: ImpactBuilder, index: ClusterIndex, state: ControlPlaneState, node: string): void {
  const ds = cniDaemonSet(index);
  const serving = controlPlaneServing(index.snapshot, state, 'warn');
  b.findings.push(serving.finding);
  const facts = { node, plugin: ds?.metadata.name ?? 'cni' };
  b.findings.push(finding('component-restart', 'data', 'info', 'cni', facts));
  if (serving.level === 'down')
    b.findings.push(finding('component-restart', 'data', 'warn', 'cni-no-api', facts));
  b.stop('data', 'stops.cni-new-pods', facts);
  keepDataPlane(b);
  b.interrupt('data', 'interrupt.cni-restart', facts);
  b.advise('data', 'advice.one-node-at-a-time');
}

function restartRuntime(b: ImpactBuilder, state: ControlPlaneState, node: string): void {
  b.findings.push(finding('component-restart', 'data', 'warn', 'container-runtime', { node }));
  b.stop('data', 'stops.runtime', { node });
  b.keep('data', 'keeps.containers-on-node', { node });
  b.interrupt('data', 'interrupt.runtime-no-live-restore', { node });
  b.duration('data', 'duration.kubelet', {
    graceS: state.nodeMonitorGrace.seconds,
    tolerationS: DEFAULT_EVICTION_TOLERATION_S,
  });
  b.advise('data', 'advice.drain-for-runtime', { node });
}

function apiStopsAll(b: ImpactBuilder): void {
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

/** Where a control-plane component runs: the nodes with its mirror pod, or nothing (managed/external). */
function componentNodes(state: ControlPlaneState, component: ComponentName): string[] {
  if (component === 'etcd')
    return state.etcd.members.map((m) => m.node).filter((n): n is string => n !== null);
  return state.nodes.filter((n) => component in n.components).map((n) => n.name);
}

function analyzeRestart(
  index: ClusterIndex,
  state: ControlPlaneState,
  change: Extract<WhatIfChange, { type: 'component-restart' }>,
  subject: WhatIfSubject,
  at: string,
): WhatIfImpact {
  const component = change.component as ComponentName;
  const node = change.node;
  if (node !== undefined && !index.nodesByName.has(node))
    return nodeNotFound(index, node, subject, state, at);
  // Without a node, a DaemonSet or node component restarts everywhere: that is a rolling update.
  if (node === undefined && component !== 'coredns') {
    if (
      CONTROL_COMPONENTS.includes(component) ||
      component === 'kube-proxy' ||
      component === 'cni' ||
      component === 'kubelet' ||
      component === 'container-runtime'
    ) {
      return analyzeRolling(index, state, { type: 'rolling-update', component }, subject, at);
    }
  }
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  const absent = absentComponent(index, state, component, node);
  if (absent) return unknownTarget(subject, absent, state, at);
  const target = node ?? '';
  switch (component) {
    case 'kube-proxy':
      restartKubeProxy(b, index, state, target);
      break;
    case 'kubelet':
      restartKubelet(b, index, state, target);
      break;
    case 'kube-apiserver':
      restartApiserver(b, state, target);
      break;
    case 'etcd':
      restartEtcd(b, state, target);
      break;
    case 'kube-scheduler':
    case 'kube-controller-manager':
      restartLeaderComponent(b, state, component, target);
      break;
    case 'coredns':
      restartCoreDns(b, index, state, node);
      break;
    case 'cni':
      restartCni(b, index, state, target);
      break;
    case 'container-runtime':
      restartRuntime(b, state, target);
      break;
  }
  b.findings.push(...readErrorFindings(index.snapshot.readErrors));
  return b.finish(subject, state, at);
}

/**
 * A `what-if-target` finding when the cluster does not run the component (on that node), else null.
 */
function absentComponent(
  index: ClusterIndex,
  state: ControlPlaneState,
  component: ComponentName,
  node: string | undefined,
): Finding | null {
  const facts = { component, node: node ?? null };
  if (CONTROL_COMPONENTS.includes(component)) {
    if (state.managed) return finding('what-if-target', 'control', 'info', 'managed', facts);
    const nodes = componentNodes(state, component);
    if (component === 'etcd' && state.etcd.topology === 'external')
      return finding('what-if-target', 'control', 'info', 'etcd-external', facts);
    if (nodes.length === 0) return finding('what-if-target', 'control', 'info', 'not-seen', facts);
    if (node !== undefined && !nodes.includes(node))
      return finding('what-if-target', 'control', 'block', 'not-on-node', { ...facts, nodes });
    return null;
  }
  if (component === 'kube-proxy') {
    const ds = daemonSet(index, [KUBE_PROXY_NAME]);
    if (!ds) {
      const cni = cniDaemonSet(index);
      return finding('what-if-target', 'data', 'info', 'kube-proxy-absent', {
        ...facts,
        cni: cni?.metadata.name ?? null,
      });
    }
  }
  if (component === 'coredns' && !coreDnsDeployment(index))
    return finding('what-if-target', 'data', 'info', 'not-seen', facts);
  if (component === 'cni' && !cniDaemonSet(index))
    return finding('what-if-target', 'data', 'info', 'not-seen', facts);
  return null;
}

// ---------------------------------------------------------------------------------------------
// Rolling updates
// ---------------------------------------------------------------------------------------------

function analyzeRolling(
  index: ClusterIndex,
  state: ControlPlaneState,
  change: { type: 'rolling-update'; component: string },
  subject: WhatIfSubject,
  at: string,
): WhatIfImpact {
  const component = change.component as ComponentName;
  const absent = absentComponent(index, state, component, undefined);
  if (absent) return unknownTarget(subject, absent, state, at);
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  const serving = controlPlaneServing(index.snapshot, state, 'block');
  b.findings.push(serving.finding);
  if (component === 'kube-proxy' || component === 'cni') {
    const ds = component === 'kube-proxy' ? daemonSet(index, [KUBE_PROXY_NAME]) : cniDaemonSet(index);
    if (ds) {
      const desired = ds.status?.desiredNumberScheduled ?? index.snapshot.nodes.length;
      const ready = ds.status?.numberReady ?? desired;
      const type = ds.spec?.updateStrategy?.type ?? 'RollingUpdate';
      const raw = ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable;
      const maxUnavailable = resolveMaxUnavailable(raw, DAEMONSET_DEFAULT_MAX_UNAVAILABLE, desired);
      const facts = {
        daemonSet: `${ds.metadata.namespace ?? 'default'}/${ds.metadata.name}`,
        type,
        maxUnavailable,
        maxUnavailableText: String(raw ?? DAEMONSET_DEFAULT_MAX_UNAVAILABLE),
        desired,
        ready,
        notReady: Math.max(0, desired - ready),
      };
      if (type === 'OnDelete') b.findings.push(finding('rolling-update', 'data', 'info', 'on-delete', facts));
      else if (maxUnavailable >= desired && desired > 1)
        b.findings.push(finding('rolling-update', 'data', 'warn', 'all-at-once', facts));
      else b.findings.push(finding('rolling-update', 'data', 'info', 'rolling', facts));
      if (ready < desired) b.findings.push(finding('rolling-update', 'data', 'warn', 'not-ready', facts));
      b.step('data', 'steps.daemonset', facts);
    }
    if (component === 'kube-proxy') {
      const mode = kubeProxyFindings(b, index.snapshot);
      if (serving.level === 'down')
        b.findings.push(
          finding('component-restart', 'data', 'block', 'kube-proxy-rollout-no-api', { mode: mode ?? '' }),
        );
      b.stop('data', 'stops.rule-updates-rolling');
      b.keep('data', 'keeps.existing-connections-all');
      b.interrupt('data', 'interrupt.kube-proxy-restart');
      b.interrupt('data', 'interrupt.backend-dies-proxy-rolling');
      b.advise(
        'data',
        mode === 'ipvs'
          ? 'advice.verify-ipvs'
          : mode === 'nftables'
            ? 'advice.verify-nftables'
            : 'advice.verify-iptables',
        { node: 'NODE' },
      );
    } else {
      if (serving.level === 'down')
        b.findings.push(
          finding('component-restart', 'data', 'warn', 'cni-no-api', { plugin: ds?.metadata.name ?? 'cni' }),
        );
      b.stop('data', 'stops.cni-new-pods-rolling', { plugin: ds?.metadata.name ?? 'cni' });
      b.interrupt('data', 'interrupt.cni-restart', { plugin: ds?.metadata.name ?? 'cni', node: 'NODE' });
    }
    keepDataPlane(b);
    b.advise('data', 'advice.check-status-first');
    b.advise('data', 'advice.watch-rollout', facts(ds));
  } else if (component === 'coredns') {
    const dep = coreDnsDeployment(index);
    if (dep) {
      const nodes = podNodesOf(index, dep);
      const replicas = dep.spec?.replicas ?? nodes.length;
      const ready = dep.status?.readyReplicas ?? nodes.length;
      const strategy = (
        dep.spec as
          { strategy?: { type?: string; rollingUpdate?: { maxUnavailable?: number | string } } } | undefined
      )?.strategy;
      const raw = strategy?.rollingUpdate?.maxUnavailable;
      const maxUnavailable = resolveMaxUnavailable(raw, DEPLOYMENT_DEFAULT_MAX_UNAVAILABLE, replicas);
      const f = {
        workload: dep.metadata.name,
        replicas,
        ready,
        maxUnavailable,
        maxUnavailableText: String(raw ?? DEPLOYMENT_DEFAULT_MAX_UNAVAILABLE),
        nodes: [...new Set(nodes)],
      };
      if (ready <= 1)
        b.findings.push(
          finding('component-restart', 'data', 'block', 'coredns-single', { ...f, node: null }),
        );
      else if (maxUnavailable >= ready)
        b.findings.push(finding('rolling-update', 'data', 'warn', 'all-at-once-deployment', f));
      else b.findings.push(finding('rolling-update', 'data', 'info', 'deployment', f));
      if (serving.level === 'down') b.findings.push(finding('rolling-update', 'data', 'block', 'no-api', f));
      b.stop('data', ready <= 1 ? 'stops.dns-all' : 'stops.dns-one', f);
      if (ready > 1) b.keep('data', 'keeps.dns-others', f);
      b.advise('data', 'advice.coredns-rollout', f);
    }
    keepDataPlane(b);
    b.interrupt('data', 'interrupt.dns-no-api');
  } else if (CONTROL_COMPONENTS.includes(component)) {
    // Static pods are not rolled by a controller: one control-plane node at a time, by hand.
    const nodes = componentNodes(state, component);
    const spare = state.etcd.healthyVoters - state.etcd.quorum;
    const aliveApis = state.apiservers.filter((a) => a.alive).length;
    const f = {
      component,
      nodes,
      count: nodes.length,
      spare,
      voters: state.etcd.voters,
      quorum: state.etcd.quorum,
      apiservers: aliveApis,
    };
    if (nodes.length <= 1) b.findings.push(finding('rolling-update', 'control', 'warn', 'static-single', f));
    else if (component === 'etcd' && state.etcd.source !== 'none' && spare < 1)
      b.findings.push(finding('rolling-update', 'control', 'block', 'etcd-no-spare', f));
    else b.findings.push(finding('rolling-update', 'control', 'info', 'static-pods', f));
    for (const [i, n] of nodes.entries())
      b.step('control', 'steps.static-node', { position: i + 1, node: n, component });
    b.stop(
      'control',
      component === 'kube-apiserver'
        ? 'stops.apiserver-rolling'
        : component === 'etcd'
          ? 'stops.etcd-rolling'
          : 'stops.leader-rolling',
      { component, seconds: LEADER_ELECTION_LEASE_DURATION_S },
    );
    keepDataPlane(b);
    b.advise('control', 'advice.static-one-at-a-time', f);
  } else {
    // kubelet, container runtime: node by node.
    const nodes = index.snapshot.nodes.map((n) => n.metadata.name);
    b.findings.push(
      finding('rolling-update', 'data', 'info', 'node-by-node', { component, count: nodes.length }),
    );
    b.stop('data', component === 'kubelet' ? 'stops.kubelet' : 'stops.runtime', { node: 'NODE' });
    keepDataPlane(b);
    b.interrupt('data', 'interrupt.kubelet-long', {
      node: 'NODE',
      graceS: state.nodeMonitorGrace.seconds,
      tolerationS: DEFAULT_EVICTION_TOLERATION_S,
    });
    b.duration('data', 'duration.kubelet', {
      graceS: state.nodeMonitorGrace.seconds,
      tolerationS: DEFAULT_EVICTION_TOLERATION_S,
    });
    b.advise('data', 'advice.one-node-at-a-time');
  }
  if (serving.level === 'down') {
    b.advise('control', 'advice.restore-api-first');
    apiAwayInterruptions(b, index, state);
  }
  b.findings.push(...readErrorFindings(index.snapshot.readErrors));
  return b.finish(subject, state, at);

  function facts(ds: KWorkload | null): Record<string, string> {
    return { daemonSet: ds ? `${ds.metadata.namespace ?? 'default'}/${ds.metadata.name}` : '' };
  }
}

// ---------------------------------------------------------------------------------------------
// Outages
// ---------------------------------------------------------------------------------------------

function coreDnsOnlyOn(
  index: ClusterIndex,
  nodes: readonly string[],
): { workload: string; nodes: string[] } | null {
  const dep = coreDnsDeployment(index);
  if (!dep) return null;
  const where = podNodesOf(index, dep);
  return where.length > 0 && where.every((n) => nodes.includes(n))
    ? { workload: dep.metadata.name, nodes: [...new Set(where)] }
    : null;
}

function analyzeControlPlaneDown(
  index: ClusterIndex,
  state: ControlPlaneState,
  subject: WhatIfSubject,
  at: string,
  cause: 'control-plane' | 'apiserver',
): WhatIfImpact {
  const b = new ImpactBuilder(['control']);
  const cpNodes = state.nodes.map((n) => n.name);
  if (state.managed) {
    b.findings.push(
      finding('control-plane-down', 'control', 'block', 'managed', { apiservers: state.apiservers.length }),
    );
  } else {
    b.findings.push(
      finding('control-plane-down', 'control', 'block', cause === 'apiserver' ? 'apiservers' : 'all', {
        nodes: cpNodes,
        count: cpNodes.length,
        apiservers: state.apiservers.length,
        voters: state.etcd.voters,
      }),
    );
  }
  apiStopsAll(b);
  keepDataPlane(b);
  b.keep('data', 'keeps.nodeport');
  const dnsHere = cause === 'control-plane' ? coreDnsOnlyOn(index, cpNodes) : null;
  if (dnsHere) {
    b.findings.push(finding('control-plane-down', 'data', 'block', 'dns-on-masters', dnsHere));
    b.stop('data', 'stops.dns-all', { workload: dnsHere.workload });
  } else {
    b.keep('data', 'keeps.dns');
  }
  const onMasters = userPodsOnControlPlane(index, state);
  if (cause === 'control-plane' && onMasters.length > 0) {
    b.findings.push(
      finding('control-plane-down', 'data', 'warn', 'workloads-on-masters', {
        pods: onMasters.slice(0, 10),
        count: onMasters.length,
      }),
    );
  }
  apiAwayInterruptions(b, index, state);
  b.duration('control', 'duration.until-restored');
  b.duration('control', 'duration.after-restore', { graceS: state.nodeMonitorGrace.seconds });
  b.advise('control', 'advice.ha-shape', { count: cpNodes.length });
  b.advise('data', 'advice.no-node-reboots');
  b.findings.push(...readErrorFindings(index.snapshot.readErrors));
  return b.finish(subject, state, at);
}

function analyzeQuorumLoss(
  index: ClusterIndex,
  state: ControlPlaneState,
  subject: WhatIfSubject,
  at: string,
): WhatIfImpact {
  const b = new ImpactBuilder(['control']);
  const etcd = state.etcd;
  if (state.managed || etcd.source === 'none') {
    b.findings.push(
      finding('etcd-quorum-loss', 'control', 'block', state.managed ? 'managed' : 'unobserved', {}),
    );
  } else {
    const away = Math.max(0, etcd.healthyVoters - etcd.quorum + 1);
    b.findings.push(
      finding(
        'etcd-quorum-loss',
        'control',
        'block',
        etcd.healthyVoters < etcd.quorum ? 'already-lost' : 'facts',
        {
          voters: etcd.voters,
          quorum: etcd.quorum,
          healthy: etcd.healthyVoters,
          tolerated: etcd.toleratedFailures,
          away,
          topology: etcd.topology,
        },
      ),
    );
  }
  b.stop('control', 'stops.writes');
  b.stop('control', 'stops.api-changes');
  apiStopsAll(b);
  keepDataPlane(b);
  b.keep('data', 'keeps.dns');
  b.keep('control', 'keeps.reads-maybe');
  apiAwayInterruptions(b, index, state);
  b.duration('control', 'duration.quorum');
  b.advise('control', 'advice.quorum-restore');
  b.advise('control', 'advice.etcd-backup');
  b.findings.push(...readErrorFindings(index.snapshot.readErrors));
  return b.finish(subject, state, at);
}

function analyzeComponentDown(
  index: ClusterIndex,
  state: ControlPlaneState,
  change: { type: 'component-down'; component: string },
  subject: WhatIfSubject,
  at: string,
): WhatIfImpact {
  const component = change.component as ComponentName;
  if (component === 'etcd') return analyzeQuorumLoss(index, state, subject, at);
  if (component === 'kube-apiserver') return analyzeControlPlaneDown(index, state, subject, at, 'apiserver');
  const absent = absentComponent(index, state, component, undefined);
  if (absent) return unknownTarget(subject, absent, state, at);
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  switch (component) {
    case 'kube-scheduler':
    case 'kube-controller-manager': {
      const lease = state.leaderLeases.find((l) => l.name === component);
      const instances = state.nodes.filter((n) => n.components[component] === true).map((n) => n.name);
      const short = component === 'kube-scheduler' ? 'scheduler' : 'controller-manager';
      b.findings.push(
        finding('component-down', 'control', 'warn', short, {
          holder: lease?.holderHost ?? null,
          instances,
          count: instances.length,
          leaseDurationSeconds: lease?.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
        }),
      );
      if (component === 'kube-scheduler') {
        b.stop('control', 'stops.scheduling-pending');
        b.keep('control', 'keeps.controllers');
      } else {
        b.stop('control', 'stops.self-healing');
        b.stop('control', 'stops.endpoints');
        b.stop('control', 'stops.node-failure');
        b.stop('control', 'stops.scaling');
        b.keep('control', 'keeps.scheduler-pending');
        b.interrupt('data', 'interrupt.backend-dies-kcm');
      }
      b.keep('control', 'keeps.api');
      keepDataPlane(b);
      b.duration('control', 'duration.leader-lease', {
        seconds: LEADER_ELECTION_LEASE_DURATION_S,
        count: instances.length,
      });
      b.advise('control', 'advice.leader-check', { component });
      break;
    }
    case 'kube-proxy':
      b.findings.push(finding('component-down', 'data', 'warn', 'kube-proxy', {}));
      kubeProxyFindings(b, index.snapshot);
      b.stop('data', 'stops.rule-updates-all');
      keepDataPlane(b);
      b.interrupt('data', 'interrupt.backend-dies-proxy-all');
      b.interrupt('data', 'interrupt.node-reboot');
      break;
    case 'coredns':
      b.findings.push(finding('component-down', 'data', 'block', 'coredns', {}));
      b.stop('data', 'stops.dns-all', { workload: coreDnsDeployment(index)?.metadata.name ?? 'coredns' });
      keepDataPlane(b);
      b.keep('data', 'keeps.existing-connections-all');
      b.advise('data', 'advice.coredns-spread');
      break;
    case 'kubelet':
    case 'container-runtime':
      b.findings.push(
        finding('component-down', 'data', 'warn', component, {
          graceS: state.nodeMonitorGrace.seconds,
          tolerationS: DEFAULT_EVICTION_TOLERATION_S,
        }),
      );
      b.stop('data', component === 'kubelet' ? 'stops.kubelet' : 'stops.runtime', { node: 'NODE' });
      b.keep('data', 'keeps.containers-on-node', { node: 'NODE' });
      b.interrupt('data', 'interrupt.kubelet-long', {
        node: 'NODE',
        graceS: state.nodeMonitorGrace.seconds,
        tolerationS: DEFAULT_EVICTION_TOLERATION_S,
      });
      b.duration('data', 'duration.kubelet', {
        graceS: state.nodeMonitorGrace.seconds,
        tolerationS: DEFAULT_EVICTION_TOLERATION_S,
      });
      break;
    case 'cni':
      b.findings.push(
        finding('component-down', 'data', 'warn', 'cni', {
          plugin: cniDaemonSet(index)?.metadata.name ?? 'cni',
        }),
      );
      b.stop('data', 'stops.cni-new-pods-rolling', { plugin: cniDaemonSet(index)?.metadata.name ?? 'cni' });
      keepDataPlane(b);
      break;
    default:
      break;
  }
  b.findings.push(...readErrorFindings(index.snapshot.readErrors));
  return b.finish(subject, state, at);
}

/** Reboot findings that describe what a drain refuses or waits on: they do not apply to a sudden loss. */
const DRAIN_ONLY = new Set(['unmanaged-pods', 'pdb-blocks', 'operator-budgets', 'grace-period']);

function analyzeNodeDown(
  snapshot: ClusterSnapshot,
  index: ClusterIndex,
  state: ControlPlaneState,
  node: string,
  subject: WhatIfSubject,
  at: string,
  now: Date,
): WhatIfImpact {
  if (!index.nodesByName.has(node)) return nodeNotFound(index, node, subject, state, at);
  const reboot = analyzeRebootImpact(snapshot, node, now);
  const isCp = reboot.role === 'control-plane';
  const b = new ImpactBuilder([isCp ? 'control' : 'data', 'data']);
  b.findings.push(...reboot.findings.filter((f) => !DRAIN_ONLY.has(f.check) && f.check !== 'read-error'));
  const pods = podsOnNode(index, node);
  const podNames = pods.evictable.map((p) => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`);
  b.findings.push(
    finding('node-down', isCp ? 'control' : 'data', 'info', 'timeline', {
      node,
      graceS: state.nodeMonitorGrace.seconds,
      tolerationS: DEFAULT_EVICTION_TOLERATION_S,
      totalS: state.nodeMonitorGrace.seconds + DEFAULT_EVICTION_TOLERATION_S,
      count: pods.evictable.length,
    }),
  );
  if (podNames.length > 0)
    b.findings.push(finding('node-down', 'data', 'info', 'pdb-no-protection', { node }));
  b.stop('data', 'stops.node-pods', { node, count: pods.evictable.length });
  if (isCp) {
    const api = reboot.findings.find((f) => f.check === 'apiserver-redundancy' && f.variant === 'capacity');
    if (api) {
      b.stop('control', 'stops.apiserver-one', {
        node,
        before: api.facts.before ?? 0,
        after: api.facts.after ?? 0,
      });
      b.keep('control', 'keeps.api-others', { others: api.facts.others ?? [] });
    }
    const apiDown = reboot.findings.find(
      (f) => f.check === 'apiserver-redundancy' && f.variant === 'already-down',
    );
    if (apiDown) b.keep('control', 'keeps.api-others', { others: apiDown.facts.others ?? [] });
    for (const lf of reboot.findings.filter(
      (f) =>
        (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') &&
        f.variant === 'held-here',
    )) {
      b.stop('control', 'stops.leader-failover', {
        component: String(lf.facts.lease),
        seconds: lf.facts.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
      });
    }
    if (
      reboot.findings.some(
        (f) =>
          f.severity === 'block' &&
          (f.check === 'control-plane-count' ||
            (f.check === 'etcd-quorum-after' && f.variant === 'lost') ||
            (f.check === 'apiserver-redundancy' && f.variant === 'none-other')),
      )
    ) {
      apiStopsAll(b);
      apiAwayInterruptions(b, index, state);
    }
  }
  keepDataPlane(b);
  b.keep('data', 'keeps.other-nodes');
  b.interrupt('data', 'interrupt.node-down-endpoints', { node, graceS: state.nodeMonitorGrace.seconds });
  b.interrupt('data', 'interrupt.node-pods-single', { node });
  b.duration('data', 'duration.node-down', {
    node,
    graceS: state.nodeMonitorGrace.seconds,
    tolerationS: DEFAULT_EVICTION_TOLERATION_S,
    totalS: state.nodeMonitorGrace.seconds + DEFAULT_EVICTION_TOLERATION_S,
    rebootS: TYPICAL_NODE_REBOOT_S,
  });
  b.advise('data', 'advice.node-down-prepare', { node });
  b.findings.push(...readErrorFindings(snapshot.readErrors));
  const impact = b.finish(subject, state, at);
  return { ...impact, reboot };
}

// ---------------------------------------------------------------------------------------------
// Drain and upgrade
// ---------------------------------------------------------------------------------------------

/**
 * "Can I drain X?": the drain checks of a reboot (what `kubectl drain` refuses, loses or waits
 * on, and whether the rest of the cluster can take the pods), without the reboot. A drain needs the
 * API server (evictions are API calls), so a control plane that does not serve blocks it.
 * @param snapshot - the cluster as read, `focusNode` set to the node
 * @param node - the node's name
 * @param now - the analysis clock
 */
export function analyzeDrainImpact(snapshot: ClusterSnapshot, node: string, now: Date): WhatIfImpact {
  const index = indexCluster(snapshot);
  const state = controlPlaneState(index, now);
  const at = snapshot.capturedAt.toISOString();
  const subject: WhatIfSubject = { kind: 'drain', node };
  if (!index.nodesByName.has(node)) return nodeNotFound(index, node, subject, state, at);
  const isCp = state.nodes.some((n) => n.name === node);
  const target = index.nodesByName.get(node);
  const tainted = target ? hasControlPlaneTaint(target) : false;
  const b = new ImpactBuilder(['data']);
  const serving = controlPlaneServing(snapshot, state, 'block');
  const found: Finding[] = [];
  if (serving.level === 'down') found.push(finding('drain-api', 'control', 'block', 'api-down', { node }));
  else {
    found.push(serving.finding);
    // NOSPACE/CORRUPT: the API serves reads, but the cordon and every eviction are refused writes.
    found.push(...etcdAlarmFindings(state.etcd));
  }
  const unreadable = (...r: string[]): boolean => snapshot.readErrors.some((e) => r.includes(e.resource));
  found.push(
    ...workloadChecks(index, node, isCp, tainted, {
      pdbs: !unreadable('poddisruptionbudgets', 'pods'),
      workloads: !unreadable('deployments', 'replicasets', 'statefulsets', 'pods'),
    }),
  );
  // The node itself: kured working on it, a cordon someone else made, a node already dead.
  const kured = kuredChecks(index, node, isCp, now);
  found.push(...kured);
  const kuredHere = kured.some(
    (f) => f.variant === 'kured-rebooting-here' || f.variant === 'kured-pending-here',
  );
  const prior = priorCordonChecks(index, node, kuredHere, now);
  found.push(...prior, ...deadNodeDrainChecks(index, node));
  // One data-plane model: a drain that cannot move pods is not said to evict and recreate them.
  const blocked = drainBlockOf(found);
  b.findings.push(...keepingPriorCordon(whenDrainCannotMove(found)));
  const pods = podsOnNode(index, node);
  // Nothing to evict: no sentence about evicted pods ("the 0 pods drain evicts").
  if (pods.evictable.length > 0)
    b.stop('data', blocked === null ? 'stops.drain-evicts' : `stops.drain-evicts-${blocked}`, {
      node,
      count: pods.evictable.length,
    });
  // The cordon is a write too; a node cordoned before stays so (its cordon is someone else's).
  const cordonedBefore = prior.some((f) => f.severity === 'warn') || kuredHere;
  if (blocked !== 'writes-blocked' && !cordonedBefore) b.stop('data', 'stops.cordon', { node });
  b.keep('data', 'keeps.drain-daemonsets', { node });
  if (isCp) b.keep('control', 'keeps.drain-static-pods', { node });
  b.keep('data', 'keeps.other-nodes');
  b.keep('data', 'keeps.service-rules');
  b.interrupt('data', 'interrupt.drain-single', { node });
  if (blocked === null) {
    b.advise('data', 'advice.drain-command', { node });
    if (!cordonedBefore) b.advise('data', 'advice.uncordon', { node });
  }
  b.findings.push(...readErrorFindings(snapshot.readErrors));
  return b.finish(subject, state, at);
}

/**
 * "Can I upgrade X?": the reboot analysis (an upgrade drains and restarts the node's components),
 * plus the order a control-plane upgrade must follow and the version skew between the apiservers
 * (mirror pod image tags) and the kubelets (`status.nodeInfo.kubeletVersion`).
 * Skew rules: apiservers within {@link APISERVER_MAX_SKEW_MINORS} minor; kubelets never newer than
 * the oldest apiserver and at most {@link KUBELET_MAX_SKEW_MINORS} minors older; one minor per
 * upgrade ({@link UPGRADE_MAX_MINOR_STEP}). Source: https://kubernetes.io/releases/version-skew-policy/
 * @param snapshot - the cluster as read, `focusNode` set to the node
 * @param node - the node's name
 * @param targetVersion - the version asked for (`v1.34`), or null
 * @param now - the analysis clock
 */
export function analyzeUpgradeImpact(
  snapshot: ClusterSnapshot,
  node: string,
  targetVersion: string | null,
  now: Date,
): WhatIfImpact {
  const index = indexCluster(snapshot);
  const state = controlPlaneState(index, now);
  const at = snapshot.capturedAt.toISOString();
  const subject: WhatIfSubject = { kind: 'upgrade', node, targetVersion };
  if (!index.nodesByName.has(node)) return nodeNotFound(index, node, subject, state, at);
  const reboot = analyzeRebootImpact(snapshot, node, now);
  const isCp = reboot.role === 'control-plane';
  const b = new ImpactBuilder(isCp ? ['control', 'data'] : ['data']);
  b.findings.push(...reboot.findings);

  const versions = clusterVersions(index);
  const apis = versionRange(versions.apiservers.values());
  const kubelets = versionRange(versions.kubelets.values());
  const target = parseVersion(targetVersion);
  const current = (isCp ? versions.apiservers.get(node) : undefined) ?? versions.kubelets.get(node) ?? null;
  const facts = {
    node,
    apiserverOldest: apis?.oldest.text ?? null,
    apiserverNewest: apis?.newest.text ?? null,
    kubeletOldest: kubelets?.oldest.text ?? null,
    kubeletNewest: kubelets?.newest.text ?? null,
    current: current?.text ?? null,
    target: target?.text ?? null,
    apiserverMaxSkew: APISERVER_MAX_SKEW_MINORS,
    kubeletMaxSkew: KUBELET_MAX_SKEW_MINORS,
  };
  if (apis) {
    b.findings.push(finding('version-skew', 'control', 'info', 'versions', facts));
    if (minorsBetween(apis.oldest, apis.newest) > APISERVER_MAX_SKEW_MINORS)
      b.findings.push(finding('version-skew', 'control', 'block', 'apiservers-apart', facts));
    else if (minorsBetween(apis.oldest, apis.newest) > 0)
      b.findings.push(finding('version-skew', 'control', 'info', 'upgrade-in-progress', facts));
    if (kubelets && minorsBetween(apis.oldest, kubelets.newest) > 0)
      b.findings.push(finding('version-skew', 'data', 'warn', 'kubelet-newer', facts));
    if (kubelets && minorsBetween(kubelets.oldest, apis.newest) > KUBELET_MAX_SKEW_MINORS)
      b.findings.push(finding('version-skew', 'data', 'warn', 'kubelet-too-old', facts));
  } else if (kubelets) {
    b.findings.push(finding('version-skew', 'data', 'info', 'kubelets-only', facts));
  }
  if (target && current) {
    const step = minorsBetween(current, target);
    if (step > UPGRADE_MAX_MINOR_STEP)
      b.findings.push(
        finding('version-skew', isCp ? 'control' : 'data', 'block', 'skips-minor', { ...facts, step }),
      );
    if (step < 0)
      b.findings.push(finding('version-skew', isCp ? 'control' : 'data', 'block', 'downgrade', facts));
    if (!isCp && apis && minorsBetween(apis.oldest, target) > 0)
      b.findings.push(finding('upgrade-order', 'data', 'block', 'control-plane-first', facts));
    if (isCp && kubelets && minorsBetween(kubelets.oldest, target) > KUBELET_MAX_SKEW_MINORS)
      b.findings.push(finding('version-skew', 'data', 'warn', 'kubelets-fall-behind', facts));
  }
  // The order: control-plane nodes one at a time, then workers. The first control-plane node runs
  // `kubeadm upgrade apply`, every other one `kubeadm upgrade node` (kubeadm docs, "Upgrading kubeadm
  // clusters"). Nodes whose apiserver is already newer (at the target, or past this node's version
  // when no target is asked for) are done: the node asked about follows them; with none done it is
  // the first. The finding and the steps are built from this one order so they cannot disagree.
  const cpNodes = state.nodes.map((n) => n.name);
  const ready = state.nodes.filter((n) => n.ready).length;
  if (isCp) {
    const mine = versions.apiservers.get(node) ?? null;
    const upgraded = cpNodes.filter((n) => {
      if (n === node) return false;
      const v = versions.apiservers.get(n);
      if (v === undefined) return false;
      if (target) return minorsBetween(v, target) <= 0 && (mine === null || compareVersions(v, mine) > 0);
      return mine !== null && compareVersions(v, mine) > 0;
    });
    const rest = cpNodes.filter((n) => n !== node && !upgraded.includes(n));
    const first = upgraded.length === 0;
    const newest = versionRange(
      upgraded.map((n) => versions.apiservers.get(n)).filter((v): v is Version => v !== undefined),
    );
    const orderFacts = {
      node,
      controlPlaneNodes: [...upgraded, node, ...rest],
      upgraded,
      others: rest,
      upgradedVersion: newest?.newest.text ?? null,
      count: upgraded.length,
      ready,
    };
    if (first) {
      b.findings.push(
        finding(
          'upgrade-order',
          'control',
          'info',
          rest.length > 0 ? 'control-plane' : 'control-plane-only',
          orderFacts,
        ),
      );
      b.step('control', target ? 'steps.cp-first' : 'steps.cp-first-plan', {
        node,
        target: target?.text ?? null,
      });
    } else {
      b.findings.push(
        finding(
          'upgrade-order',
          'control',
          'info',
          rest.length > 0 ? 'control-plane-next' : 'control-plane-last',
          orderFacts,
        ),
      );
      b.step('control', 'steps.cp-next', { node });
    }
    b.step('control', 'steps.cp-wait', { node });
    if (rest.length > 0)
      b.step('control', first ? 'steps.cp-others' : 'steps.cp-remaining', { others: rest });
    b.step('data', 'steps.workers');
  } else {
    b.findings.push(
      finding('upgrade-order', 'data', 'info', 'worker', {
        node,
        controlPlaneNodes: cpNodes,
        count: cpNodes.length,
        ready,
      }),
    );
    b.step('control', 'steps.control-plane-before', {
      controlPlaneNodes: cpNodes.length > 0 ? cpNodes : ['-'],
    });
    b.step('data', 'steps.worker', { node });
  }
  b.stop('data', 'stops.upgrade-node', { node, seconds: TYPICAL_NODE_REBOOT_S });
  keepDataPlane(b);
  b.advise(isCp ? 'control' : 'data', 'advice.upgrade-plan', { node });
  b.advise('control', 'advice.etcd-backup');
  const impact = b.finish(subject, state, at);
  return { ...impact, reboot };
}

/**
 * Analyse a what-if change.
 * @param snapshot - the cluster as read (`focusNode` set to the change's node, when it has one)
 * @param change - the change (component names canonical, or the word as typed when unknown)
 * @param now - the analysis clock
 * @returns the impact; `known` false (verdict null) for an unknown component or node, or a
 *   component the cluster does not run
 */
export function analyzeWhatIf(snapshot: ClusterSnapshot, change: WhatIfChange, now: Date): WhatIfImpact {
  const index = indexCluster(snapshot);
  const state = controlPlaneState(index, now);
  const at = snapshot.capturedAt.toISOString();
  const subject: WhatIfSubject = { kind: 'what-if', change };
  if ('component' in change && !isComponentName(change.component)) {
    const plane: Plane = 'data';
    return unknownTarget(
      subject,
      finding('what-if-target', plane, 'block', 'unknown-component', {
        component: change.component,
        components: [...COMPONENT_NAMES],
        suggestions: closestNames(change.component, [...COMPONENT_NAMES]),
      }),
      state,
      at,
    );
  }
  switch (change.type) {
    case 'component-restart':
      return analyzeRestart(index, state, change, subject, at);
    case 'rolling-update':
      return analyzeRolling(index, state, change, subject, at);
    case 'node-down':
      return analyzeNodeDown(snapshot, index, state, change.node, subject, at, now);
    case 'control-plane-down':
      return analyzeControlPlaneDown(index, state, subject, at, 'control-plane');
    case 'etcd-quorum-loss':
      return analyzeQuorumLoss(index, state, subject, at);
    case 'component-down':
      return analyzeComponentDown(index, state, change, subject, at);
  }
}
