/**
 * "What if I restart X (on node N)?": one rule per component in {@link RESTART_RULES}, a
 * `Record<ComponentName, RestartRule>`, so a new component does not compile until it has one.
 * Facts from docs/domain.md ("What keeps working", "When traffic does get interrupted", "Node
 * failure timings") and the constants in ../domain.ts.
 */
import { clusterCommandForms } from '../command-versions.js';
import type { ComponentName, WhatIfChange } from '../../commands/types.js';
import { etcdAlarmFindings, etcdChecks } from '../control-plane-checks.js';
import { apiserverRestartVipChecks } from '../endpoint-checks.js';
import { k3dClusterName } from '../profiles/k3s.js';
import { finding } from '../finding.js';
import {
  COMPONENT_PLANE,
  absentComponent,
  cniDaemonSet,
  coreDnsDeployment,
  kubeProxyFindings,
  podNodesOf,
  verifyProxyAdvice,
} from './components.js';
import {
  type WhatIfContext,
  apiStopsAll,
  apiserverStops,
  controlPlaneServing,
  finishWithReadErrors,
  keepDataPlane,
  leaderComponentFacts,
  nodeFailureTimings,
  nodeNotFound,
  vipClientsLines,
} from './context.js';
import { analyzeRolling } from './rolling.js';
import { localApiLeaders } from './local-api-leaders.js';
import { ImpactBuilder, type WhatIfImpact, unknownTarget } from './what-if-impact.js';

/**
 * How one component's restart is analysed:
 * - `on-node`: it runs on each node (a DaemonSet pod, a node service or a control-plane static
 *   pod), so a restart names a node; without one it restarts everywhere, which is a rolling update;
 * - `replicas`: it runs as a Deployment's replicas (CoreDNS), with or without a node named.
 */
export type RestartRule =
  | { kind: 'on-node'; restart(b: ImpactBuilder, ctx: WhatIfContext, node: string): void }
  | { kind: 'replicas'; restart(b: ImpactBuilder, ctx: WhatIfContext, node: string | undefined): void };

/** The restart rule of every component. */
export const RESTART_RULES: Readonly<Record<ComponentName, RestartRule>> = {
  'kube-apiserver': { kind: 'on-node', restart: restartApiserver },
  etcd: { kind: 'on-node', restart: restartEtcd },
  'kube-scheduler': { kind: 'on-node', restart: leaderComponentRestart('kube-scheduler') },
  'kube-controller-manager': { kind: 'on-node', restart: leaderComponentRestart('kube-controller-manager') },
  kubelet: { kind: 'on-node', restart: restartKubelet },
  'kube-proxy': { kind: 'on-node', restart: restartKubeProxy },
  coredns: { kind: 'replicas', restart: restartCoreDns },
  cni: { kind: 'on-node', restart: restartCni },
  'container-runtime': { kind: 'on-node', restart: restartRuntime },
};

/**
 * A component restart, on a node or everywhere.
 * @param ctx - the analysis
 * @param change - the restart (component canonical)
 */
export function analyzeRestart(
  ctx: WhatIfContext,
  change: Extract<WhatIfChange, { type: 'component-restart' }>,
): WhatIfImpact {
  const component = change.component as ComponentName;
  const node = change.node;
  if (node !== undefined && !ctx.index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  const rule = RESTART_RULES[component];
  if (rule.kind === 'on-node' && node === undefined)
    return analyzeRolling(ctx, { type: 'rolling-update', component });
  const absent = absentComponent(ctx, component, node);
  if (absent) return unknownTarget(ctx.subject, absent, ctx.state, ctx.at);
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  if (rule.kind === 'replicas') rule.restart(b, ctx, node);
  else if (node !== undefined) rule.restart(b, ctx, node);
  return finishWithReadErrors(b, ctx);
}

function restartKubeProxy(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const serving = controlPlaneServing(ctx.snapshot, ctx.state, 'warn');
  b.findings.push(serving.finding);
  const mode = kubeProxyFindings(b, ctx.snapshot);
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
  b.advise('data', verifyProxyAdvice(mode), { node });
  b.advise('data', 'advice.one-node-at-a-time');
}

function restartKubelet(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const serving = controlPlaneServing(ctx.snapshot, ctx.state, 'warn');
  b.findings.push(serving.finding);
  const isCp = ctx.state.nodes.some((n) => n.name === node);
  const timings = nodeFailureTimings(ctx.state);
  b.findings.push(
    finding('component-restart', 'data', 'info', isCp ? 'kubelet-control-plane' : 'kubelet', {
      node,
      ...timings,
    }),
  );
  if (serving.level === 'down')
    b.findings.push(finding('component-restart', 'data', 'warn', 'kubelet-no-api', { node }));
  b.stop('data', 'stops.kubelet', { node });
  keepDataPlane(b);
  b.keep('data', 'keeps.containers-on-node', { node });
  if (isCp) b.keep('control', 'keeps.static-pods', { node });
  b.interrupt('data', 'interrupt.kubelet-long', { node, ...timings });
  b.interrupt('data', 'interrupt.container-dies', { node });
  b.duration('data', 'duration.kubelet', { ...timings });
  b.advise('data', 'advice.kubelet-watch', { node, graceS: ctx.state.nodeMonitorGrace.seconds });
}

/**
 * The kube-apiserver restart on `node`. Besides the capacity finding of {@link apiserverStops}:
 * - an active etcd alarm (NOSPACE, CORRUPT; check `etcd-alarms`, block): every write is refused,
 *   so the restarted API server cannot write its identity Lease or its endpoint of the `kubernetes`
 *   Service, and nothing can be changed through it (issue 16, reader6 B2; etcd maintenance docs,
 *   Space quota, https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota; Kubernetes docs,
 *   Leases, API server identity, https://kubernetes.io/docs/concepts/architecture/leases/): judged as
 *   the reboot and the etcd restart of the same cluster, with the same "free space first" advice;
 * - the kube-vip VIP held on `node` ({@link apiserverRestartVipChecks}, reader6 B1): the clients of
 *   the VIP reach the API server that restarts, so "clients behind the load balancer keep working"
 *   is not said, only the clients that reach the other API servers directly;
 * - k3s (reader6 B10): the API server runs inside the k3s server process, so restarting it
 *   restarts k3s on `node` (https://docs.k3s.io/upgrades/killall; `apiserver-k3s`, info), and in
 *   k3d the node is a container whose main process is k3s (https://k3d.io), so restarting it
 *   restarts every pod on `node` (`apiserver-k3d`, warn);
 * - "one API server at a time … before the next" only when the cluster has more than one (B11).
 */
function restartApiserver(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const { state } = ctx;
  const alarms = etcdAlarmFindings(state.etcd);
  b.findings.push(...alarms);
  if (alarms.length > 0)
    b.findings.push(
      finding('component-restart', 'control', 'info', 'apiserver-writes-blocked', {
        node,
        alarms: [...new Set(state.etcd.alarms.map((a) => a.alarm))],
      }),
    );
  if (ctx.index.profile.name === 'k3s') {
    const k3dName = k3dClusterName(ctx.snapshot);
    b.findings.push(
      k3dName === null
        ? finding('component-restart', 'control', 'info', 'apiserver-k3s', { node })
        : finding('component-restart', 'data', 'warn', 'apiserver-k3d', { node, cluster: k3dName }),
    );
    if (k3dName !== null) b.stop('data', 'stops.k3d-node-pods', { node });
    // Restarting k3s restarts its embedded etcd member too: the quorum it keeps is judged.
    b.findings.push(
      ...etcdChecks(state, node).filter((f) => f.check === 'etcd-voters' || f.check === 'etcd-quorum-after'),
    );
  }
  const k3d = ctx.index.profile.name === 'k3s' ? k3dClusterName(ctx.snapshot) : null;
  const vip = apiserverRestartVipChecks(ctx.index, node, alarms.length > 0);
  const last = apiserverStops(
    b,
    state,
    node,
    'component-restart',
    {
      last: k3d !== null ? 'apiserver-last-k3d' : 'apiserver-last',
      others: vip.length > 0 ? 'apiserver-vip' : 'apiserver',
      alreadyDown: vip.length > 0 ? 'apiserver-already-down-vip' : 'apiserver-already-down',
    },
    ctx.index,
  );
  // k3d: every pod of the node restarts with its container, so no "running pods keep running".
  if (k3d !== null)
    for (let i = b.keeps.length - 1; i >= 0; i--) if (b.keeps[i]?.plane === 'data') b.keeps.splice(i, 1);
  if (last) {
    b.interrupt('data', 'interrupt.kube-proxy-restart');
    b.advise('control', 'advice.apiserver-window');
  } else {
    localApiLeaders(b, ctx, node, 'component-restart');
    // The clients of the VIP reach this API server: only direct clients of the others keep working.
    if (!vipClientsLines(b, node, vip, 'vip-apiserver-restart')) {
      b.interrupt('control', 'interrupt.no-load-balancer', { node });
      b.advise('control', 'advice.apiserver-lb', { node });
    }
  }
  // The health endpoint of the cluster's version: /readyz from v1.16, /healthz before (issue 16, F16).
  const { health } = clusterCommandForms(ctx.index);
  b.duration('control', 'duration.apiserver', { health });
  // "Before the next" only when there is a next (issue 16, reader6 B11).
  b.advise('control', state.apiservers.length > 1 ? 'advice.wait-readyz' : 'advice.wait-readyz-single', {
    node,
    health,
  });
}

function restartEtcd(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const { state } = ctx;
  const etcdFindings = etcdChecks(state, node).filter(
    (f) => f.check !== 'etcd-db-size' || f.severity !== 'ok',
  );
  const lost = etcdFindings.some((f) => f.check === 'etcd-quorum-after' && /^lost/.test(f.variant));
  // Members whose health was not seen: quorum after is unknown, so it is not listed as kept.
  const quorumUnknown = etcdFindings.some((f) => f.check === 'etcd-quorum-after' && f.variant === 'unknown');
  const leader = !lost && etcdFindings.some((f) => f.check === 'etcd-leader' && f.variant === 'leader-here');
  // Without quorum there is no leadership to hand over: the leader-here sentence is left out.
  // With an etcd alarm active the leader's clean stop still hands leadership over, but writes
  // stay refused whoever leads: the leader sentence says so (`leader-here-writes-blocked`).
  const writesBlocked = state.etcd.alarms.length > 0;
  b.findings.push(
    ...etcdFindings
      .filter((f) => !(lost && f.check === 'etcd-leader' && f.variant === 'leader-here'))
      .map((f) =>
        writesBlocked && f.check === 'etcd-leader' && f.variant === 'leader-here'
          ? { ...f, variant: 'leader-here-writes-blocked' }
          : f,
      ),
  );
  // Each sentence from the findings: no election unless this member leads (a follower's restart
  // triggers none; a clean stop of the leader transfers leadership, EtcdServer.Stop), and no
  // "catches up from the leader" when quorum is lost.
  const leaderName = state.etcd.leader ? (state.etcd.leader.node ?? state.etcd.leader.name) : null;
  b.findings.push(
    finding(
      'component-restart',
      'control',
      'info',
      lost
        ? state.etcd.voters === 1
          ? 'etcd-single'
          : 'etcd-no-quorum'
        : leader
          ? 'etcd-leader'
          : leaderName !== null
            ? 'etcd-follower'
            : 'etcd-leader-unknown',
      {
        node,
        voters: state.etcd.voters,
        quorum: state.etcd.quorum,
        leader: leaderName,
      },
    ),
  );
  if (lost) {
    b.stop('control', 'stops.writes');
    b.stop('control', 'stops.api-changes');
    apiStopsAll(b);
  } else {
    b.stop('control', 'stops.etcd-member', { node });
    // With an etcd alarm active writes stay refused whoever leads: no "writes for a moment".
    if (leader && !writesBlocked) b.stop('control', 'stops.etcd-election');
    if (!quorumUnknown)
      b.keep('control', 'keeps.etcd-quorum', { voters: state.etcd.voters, quorum: state.etcd.quorum });
  }
  keepDataPlane(b);
  if (!lost && !(leader && writesBlocked))
    b.duration(
      'control',
      leader
        ? 'duration.etcd-election'
        : // Which member leads was not seen: no "triggers no election" (reader6 B16).
          leaderName === null
          ? 'duration.etcd-rejoin-leader-unknown'
          : 'duration.etcd-rejoin',
    );
  // A single member: "one member at a time" has nothing to order.
  b.advise('control', state.etcd.voters === 1 ? 'advice.etcd-health-single' : 'advice.etcd-health', { node });
}

/** The restart of a leader-elected component: a handover when this node holds its Lease. */
function leaderComponentRestart(
  component: 'kube-scheduler' | 'kube-controller-manager',
): (b: ImpactBuilder, ctx: WhatIfContext, node: string) => void {
  return (b, ctx, node) => {
    const { holdsLease, standbys, short, facts } = leaderComponentFacts(ctx.state, component, node);
    if (holdsLease && standbys.length === 0) {
      b.findings.push(finding('component-restart', 'control', 'warn', `${short}-only`, facts));
      b.stop('control', `stops.${short}`);
    } else if (holdsLease) {
      b.findings.push(finding('component-restart', 'control', 'info', `${short}-leader`, facts));
      b.stop('control', `stops.${short}-failover`, facts);
    } else {
      b.findings.push(finding('component-restart', 'control', 'ok', `${short}-standby`, facts));
    }
    b.keep('control', 'keeps.api');
    keepDataPlane(b);
    b.duration('control', 'duration.leader-lease', { seconds: facts.leaseDurationSeconds });
    if (component === 'kube-controller-manager') b.interrupt('data', 'interrupt.backend-dies-kcm');
  };
}

function restartCoreDns(b: ImpactBuilder, ctx: WhatIfContext, node: string | undefined): void {
  const dep = coreDnsDeployment(ctx);
  if (!dep) return;
  const nodes = podNodesOf(ctx, dep);
  const replicas = dep.spec?.replicas ?? nodes.length;
  const ready = dep.status?.readyReplicas ?? nodes.length;
  const serving = controlPlaneServing(ctx.snapshot, ctx.state, 'block');
  b.findings.push(serving.finding);
  const facts = {
    workload: dep.metadata.name,
    replicas,
    ready,
    nodes: [...new Set(nodes)],
    node: node ?? null,
    // Its row of the add-on table (../addons-table.ts), whose sentence names what stops for
    // others (kube-dns's row, same label, says the same).
    addon: 'coredns',
  };
  if (node !== undefined && !nodes.includes(node)) {
    b.findings.push(finding('component-restart', 'data', 'ok', 'coredns-not-here', facts));
    return;
  }
  if (ready <= 1) b.findings.push(finding('component-restart', 'data', 'block', 'coredns-single', facts));
  else b.findings.push(finding('component-restart', 'data', 'info', 'coredns', facts));
  b.stop('data', ready <= 1 ? 'stops.dns-all' : 'stops.dns-one', facts);
  if (ready > 1) b.keep('data', 'keeps.dns-others', facts);
  keepDataPlane(b);
  b.interrupt('data', 'interrupt.dns-no-api');
  b.advise('data', 'advice.coredns-rollout', facts);
}

function restartCni(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const ds = cniDaemonSet(ctx);
  const serving = controlPlaneServing(ctx.snapshot, ctx.state, 'warn');
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

function restartRuntime(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  b.findings.push(finding('component-restart', 'data', 'warn', 'container-runtime', { node }));
  b.stop('data', 'stops.runtime', { node });
  b.keep('data', 'keeps.containers-on-node', { node });
  b.interrupt('data', 'interrupt.runtime-no-live-restore', { node });
  b.duration('data', 'duration.kubelet', nodeFailureTimings(ctx.state));
  b.advise('data', 'advice.drain-for-runtime', { node });
}
