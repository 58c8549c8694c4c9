/**
 * "What if X goes down?": the whole control plane, the API servers, etcd quorum, or one component
 * everywhere (one rule per component in {@link DOWN_RULES}). Facts from docs/domain.md ("What keeps
 * working when the control plane is gone", "When traffic does get interrupted", "Node failure
 * timings").
 */
import type { ComponentName } from '../../commands/types.js';
import { LEADER_ELECTION_LEASE_DURATION_S } from '../domain.js';
import { finding } from '../finding.js';
import {
  COMPONENT_PLANE,
  absentComponent,
  cniDaemonSet,
  coreDnsDeployment,
  kubeProxyFindings,
  podNodesOf,
} from './components.js';
import {
  type WhatIfContext,
  apiAwayInterruptions,
  apiStopsAll,
  finishWithReadErrors,
  keepClusterDns,
  keepDataPlane,
  nodeFailureTimings,
  userPodsOnControlPlane,
} from './context.js';
import { analyzeComponentDownOnNode } from './down-on-node.js';
import { ImpactBuilder, type WhatIfImpact, unknownTarget } from './what-if-impact.js';

/**
 * How one component's outage is analysed: `outage` for the components whose loss is a control-plane
 * outage of its own (the API servers, etcd), `component` for a rule that adds to a builder.
 */
export type DownRule =
  | { kind: 'outage'; analyze(ctx: WhatIfContext): WhatIfImpact }
  | { kind: 'component'; add(b: ImpactBuilder, ctx: WhatIfContext): void };

/** The outage rule of every component. */
export const DOWN_RULES: Readonly<Record<ComponentName, DownRule>> = {
  'kube-apiserver': { kind: 'outage', analyze: (ctx) => analyzeControlPlaneDown(ctx, 'apiserver') },
  etcd: { kind: 'outage', analyze: analyzeQuorumLoss },
  'kube-scheduler': { kind: 'component', add: leaderComponentDown('kube-scheduler') },
  'kube-controller-manager': { kind: 'component', add: leaderComponentDown('kube-controller-manager') },
  kubelet: { kind: 'component', add: nodeServiceDown('kubelet') },
  'kube-proxy': { kind: 'component', add: kubeProxyDown },
  coredns: { kind: 'component', add: coreDnsDown },
  cni: { kind: 'component', add: cniDown },
  'container-runtime': { kind: 'component', add: nodeServiceDown('container-runtime') },
};

/**
 * One component down everywhere.
 * @param ctx - the analysis
 * @param change - the component (canonical)
 */
export function analyzeComponentDown(
  ctx: WhatIfContext,
  change: { type: 'component-down'; component: string; node?: string },
): WhatIfImpact {
  const component = change.component as ComponentName;
  if (change.node !== undefined) return analyzeComponentDownOnNode(ctx, component, change.node);
  const rule = DOWN_RULES[component];
  if (rule.kind === 'outage') return rule.analyze(ctx);
  const absent = absentComponent(ctx, component, undefined);
  if (absent) return unknownTarget(ctx.subject, absent, ctx.state, ctx.at);
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  rule.add(b, ctx);
  return finishWithReadErrors(b, ctx);
}

/** The CoreDNS Deployment when all its pods run on the given nodes, else null. */
function coreDnsOnlyOn(
  ctx: WhatIfContext,
  nodes: readonly string[],
): { workload: string; nodes: string[] } | null {
  const dep = coreDnsDeployment(ctx);
  if (!dep) return null;
  const where = podNodesOf(ctx, dep);
  return where.length > 0 && where.every((n) => nodes.includes(n))
    ? { workload: dep.metadata.name, nodes: [...new Set(where)] }
    : null;
}

/**
 * Every control-plane node down (`control-plane`), or every API server (`apiserver`).
 * @param ctx - the analysis
 * @param cause - what goes down
 */
export function analyzeControlPlaneDown(
  ctx: WhatIfContext,
  cause: 'control-plane' | 'apiserver',
): WhatIfImpact {
  const { state } = ctx;
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
  const dnsHere = cause === 'control-plane' ? coreDnsOnlyOn(ctx, cpNodes) : null;
  if (dnsHere) {
    b.findings.push(finding('control-plane-down', 'data', 'block', 'dns-on-masters', dnsHere));
    b.stop('data', 'stops.dns-all', { workload: dnsHere.workload });
  } else {
    keepClusterDns(b, ctx.index);
  }
  const onMasters = userPodsOnControlPlane(ctx);
  if (cause === 'control-plane' && onMasters.length > 0) {
    b.findings.push(
      finding('control-plane-down', 'data', 'warn', 'workloads-on-masters', {
        pods: onMasters.slice(0, 10),
        count: onMasters.length,
      }),
    );
  }
  apiAwayInterruptions(b, ctx);
  b.duration('control', 'duration.until-restored');
  b.duration('control', 'duration.after-restore', { graceS: ctx.state.nodeMonitorGrace.seconds });
  b.advise('control', 'advice.ha-shape', { count: cpNodes.length });
  b.advise('data', 'advice.no-node-reboots');
  return finishWithReadErrors(b, ctx);
}

/**
 * etcd loses quorum: no writes, so the API serves no change.
 * @param ctx - the analysis
 */
export function analyzeQuorumLoss(ctx: WhatIfContext): WhatIfImpact {
  const { state } = ctx;
  const b = new ImpactBuilder(['control']);
  const etcd = state.etcd;
  // Members listed from the nodes but never read: their health is unknown, so neither "already
  // lost" nor "N healthy now" can be said (missing data is unknown).
  const healthUnseen = etcd.unknownVoters > 0 && etcd.healthyVoters + etcd.unknownVoters >= etcd.quorum;
  if (state.managed || etcd.source === 'none' || healthUnseen) {
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
  keepClusterDns(b, ctx.index);
  b.keep('control', 'keeps.reads-maybe');
  apiAwayInterruptions(b, ctx);
  b.duration('control', 'duration.quorum');
  b.advise('control', 'advice.quorum-restore');
  b.advise('control', 'advice.etcd-backup');
  return finishWithReadErrors(b, ctx);
}

/** Every instance of a leader-elected component down: what its leader did stops. */
function leaderComponentDown(
  component: 'kube-scheduler' | 'kube-controller-manager',
): (b: ImpactBuilder, ctx: WhatIfContext) => void {
  return (b, ctx) => {
    const { state } = ctx;
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
  };
}

function kubeProxyDown(b: ImpactBuilder, ctx: WhatIfContext): void {
  b.findings.push(finding('component-down', 'data', 'warn', 'kube-proxy', {}));
  kubeProxyFindings(b, ctx.snapshot);
  b.stop('data', 'stops.rule-updates-all');
  keepDataPlane(b);
  b.interrupt('data', 'interrupt.backend-dies-proxy-all');
  b.interrupt('data', 'interrupt.node-reboot');
}

function coreDnsDown(b: ImpactBuilder, ctx: WhatIfContext): void {
  b.findings.push(finding('component-down', 'data', 'block', 'coredns', {}));
  b.stop('data', 'stops.dns-all', { workload: coreDnsDeployment(ctx)?.metadata.name ?? 'coredns' });
  keepDataPlane(b);
  b.keep('data', 'keeps.existing-connections-all');
  b.advise('data', 'advice.coredns-spread');
}

/** The kubelet or the container runtime down on every node. */
function nodeServiceDown(
  component: 'kubelet' | 'container-runtime',
): (b: ImpactBuilder, ctx: WhatIfContext) => void {
  return (b, ctx) => {
    const timings = nodeFailureTimings(ctx.state);
    b.findings.push(finding('component-down', 'data', 'warn', component, { ...timings }));
    b.stop('data', component === 'kubelet' ? 'stops.kubelet' : 'stops.runtime', { node: 'NODE' });
    b.keep('data', 'keeps.containers-on-node', { node: 'NODE' });
    b.interrupt('data', 'interrupt.kubelet-long', { node: 'NODE', ...timings });
    b.duration('data', 'duration.kubelet', { ...timings });
  };
}

function cniDown(b: ImpactBuilder, ctx: WhatIfContext): void {
  const plugin = cniDaemonSet(ctx)?.metadata.name ?? 'cni';
  b.findings.push(finding('component-down', 'data', 'warn', 'cni', { plugin }));
  b.stop('data', 'stops.cni-new-pods-rolling', { plugin });
  keepDataPlane(b);
}
