/**
 * "What if I roll out X?": one rule per component in {@link ROLLING_RULES}. DaemonSets (kube-proxy,
 * the CNI) and the CoreDNS Deployment follow their update strategy; control-plane static pods are
 * rolled by hand, one control-plane node at a time; the kubelet and the container runtime node by
 * node. maxUnavailable defaults: ../domain.ts.
 */
import type { KWorkload } from '../../cluster/types.js';
import type { ComponentName } from '../../commands/types.js';
import {
  DAEMONSET_DEFAULT_MAX_UNAVAILABLE,
  DEPLOYMENT_DEFAULT_MAX_UNAVAILABLE,
  LEADER_ELECTION_LEASE_DURATION_S,
} from '../domain.js';
import { etcdAlarmFindings } from '../control-plane-checks.js';
import { apiserverRestartVipChecks } from '../endpoint-checks.js';
import { finding } from '../finding.js';
import {
  COMPONENT_PLANE,
  type ControlComponent,
  absentComponent,
  cniDaemonSet,
  componentNodes,
  coreDnsDeployment,
  kubeProxyDaemonSet,
  kubeProxyFindings,
  podNodesOf,
  verifyProxyAdvice,
} from './components.js';
import {
  type Serving,
  type WhatIfContext,
  apiAwayInterruptions,
  controlPlaneServing,
  finishWithReadErrors,
  keepDataPlane,
  nodeFailureTimings,
} from './context.js';
import { ImpactBuilder, type WhatIfImpact, unknownTarget } from './what-if-impact.js';

/** Adds what rolling one component out does, given whether the control plane serves. */
export type RollingRule = (b: ImpactBuilder, ctx: WhatIfContext, serving: Serving) => void;

/** The rolling-update rule of every component. */
export const ROLLING_RULES: Readonly<Record<ComponentName, RollingRule>> = {
  'kube-apiserver': rollStaticPods('kube-apiserver'),
  etcd: rollStaticPods('etcd'),
  'kube-scheduler': rollStaticPods('kube-scheduler'),
  'kube-controller-manager': rollStaticPods('kube-controller-manager'),
  kubelet: rollNodeByNode('kubelet'),
  'kube-proxy': rollKubeProxy,
  coredns: rollCoreDns,
  cni: rollCni,
  'container-runtime': rollNodeByNode('container-runtime'),
};

/**
 * A rolling update (or a restart without a node) of a component.
 * @param ctx - the analysis
 * @param change - the component (canonical)
 */
export function analyzeRolling(
  ctx: WhatIfContext,
  change: { type: 'rolling-update'; component: string },
): WhatIfImpact {
  const component = change.component as ComponentName;
  const absent = absentComponent(ctx, component, undefined);
  if (absent) return unknownTarget(ctx.subject, absent, ctx.state, ctx.at);
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  const serving = controlPlaneServing(ctx.snapshot, ctx.state, 'block');
  b.findings.push(serving.finding);
  ROLLING_RULES[component](b, ctx, serving);
  if (serving.level === 'down') {
    b.advise('control', 'advice.restore-api-first');
    apiAwayInterruptions(b, ctx);
  }
  return finishWithReadErrors(b, ctx);
}

/**
 * A number or percentage maxUnavailable as a count (percentages round down, at least 1).
 * @param value - the strategy's maxUnavailable, if set
 * @param fallback - the default for the kind
 * @param total - the desired pod count
 */
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

function daemonSetName(ds: KWorkload | null): string {
  return ds ? `${ds.metadata.namespace ?? 'default'}/${ds.metadata.name}` : '';
}

/** The DaemonSet's update strategy and readiness, and its rollout step. */
function daemonSetRollout(b: ImpactBuilder, ctx: WhatIfContext, ds: KWorkload | null): void {
  if (!ds) return;
  const desired = ds.status?.desiredNumberScheduled ?? ctx.snapshot.nodes.length;
  const ready = ds.status?.numberReady ?? desired;
  const type = ds.spec?.updateStrategy?.type ?? 'RollingUpdate';
  const raw = ds.spec?.updateStrategy?.rollingUpdate?.maxUnavailable;
  const maxUnavailable = resolveMaxUnavailable(raw, DAEMONSET_DEFAULT_MAX_UNAVAILABLE, desired);
  const facts = {
    daemonSet: daemonSetName(ds),
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

/** What every DaemonSet rollout ends with. */
function daemonSetAdvice(b: ImpactBuilder, ds: KWorkload | null): void {
  keepDataPlane(b);
  b.advise('data', 'advice.check-status-first');
  // kubectl takes one TYPE/NAME, the namespace apart (`ds/kube-system/kube-proxy` is refused).
  if (ds)
    b.advise('data', 'advice.watch-rollout', {
      namespace: ds.metadata.namespace ?? 'default',
      name: ds.metadata.name,
    });
}

function rollKubeProxy(b: ImpactBuilder, ctx: WhatIfContext, serving: Serving): void {
  const ds = kubeProxyDaemonSet(ctx);
  daemonSetRollout(b, ctx, ds);
  const mode = kubeProxyFindings(b, ctx.snapshot);
  if (serving.level === 'down')
    b.findings.push(
      finding('component-restart', 'data', 'block', 'kube-proxy-rollout-no-api', { mode: mode ?? '' }),
    );
  b.stop('data', 'stops.rule-updates-rolling');
  b.keep('data', 'keeps.existing-connections-all');
  b.interrupt('data', 'interrupt.kube-proxy-restart');
  b.interrupt('data', 'interrupt.backend-dies-proxy-rolling');
  b.advise('data', verifyProxyAdvice(mode, true));
  daemonSetAdvice(b, ds);
}

function rollCni(b: ImpactBuilder, ctx: WhatIfContext, serving: Serving): void {
  const ds = cniDaemonSet(ctx);
  daemonSetRollout(b, ctx, ds);
  const plugin = ds?.metadata.name ?? 'cni';
  if (serving.level === 'down')
    b.findings.push(finding('component-restart', 'data', 'warn', 'cni-no-api', { plugin }));
  b.stop('data', 'stops.cni-new-pods-rolling', { plugin });
  b.interrupt('data', 'interrupt.cni-restart', { plugin, node: 'NODE' });
  daemonSetAdvice(b, ds);
}

function rollCoreDns(b: ImpactBuilder, ctx: WhatIfContext, serving: Serving): void {
  const dep = coreDnsDeployment(ctx);
  if (dep) {
    const nodes = podNodesOf(ctx, dep);
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
        finding('component-restart', 'data', 'block', 'coredns-single', {
          ...f,
          node: null,
          addon: 'coredns',
        }),
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
}

/**
 * Static pods are not rolled by a controller: one control-plane node at a time, by hand. An active
 * etcd alarm is named (check `etcd-alarms`, block), and for kube-apiserver the kube-vip VIP holder's
 * turn is told ({@link apiserverRestartVipChecks}), as in the single restart (issue 16, reader6).
 */
function rollStaticPods(component: ControlComponent): RollingRule {
  return (b, ctx) => {
    const { state } = ctx;
    const nodes = componentNodes(state, component);
    // Members whose health was not seen (listed from the nodes) count neither healthy nor down:
    // "no spare" is said only when even they could not give one; otherwise the spare is unknown.
    const unknown = state.etcd.unknownVoters;
    const spare = state.etcd.healthyVoters - state.etcd.quorum;
    const spareAtMost = spare + unknown;
    const aliveApis = state.apiservers.filter((a) => a.alive).length;
    const base = {
      component,
      nodes,
      count: nodes.length,
      voters: state.etcd.voters,
      quorum: state.etcd.quorum,
      apiservers: aliveApis,
    };
    const f = unknown > 0 ? { ...base, unknown, spareAtMost } : { ...base, spare };
    const etcdKnown = component === 'etcd' && state.etcd.source !== 'none';
    if (nodes.length <= 1) b.findings.push(finding('rolling-update', 'control', 'warn', 'static-single', f));
    else if (etcdKnown && spareAtMost < 1)
      b.findings.push(finding('rolling-update', 'control', 'block', 'etcd-no-spare', f));
    else if (etcdKnown && unknown > 0)
      b.findings.push(finding('rolling-update', 'control', 'warn', 'etcd-spare-unknown', f));
    else b.findings.push(finding('rolling-update', 'control', 'info', 'static-pods', f));
    // An active etcd alarm refuses every write, whichever component restarts (issue 16, reader6 B2:
    // judged as the single restart and the reboot; etcd maintenance docs, Space quota).
    const alarms = etcdAlarmFindings(state.etcd);
    b.findings.push(...alarms);
    // The API server of the kube-vip VIP holder restarts too, in its turn (reader6 B1).
    if (component === 'kube-apiserver')
      for (const n of nodes) {
        const vip = apiserverRestartVipChecks(ctx.index, n, alarms.length > 0);
        b.findings.push(...vip);
        if (vip[0] !== undefined)
          b.stop(
            'control',
            vip[0].variant === 'vip-apiserver-restart' ? 'stops.vip-clients' : 'stops.vip-clients-stays',
            { node: n },
          );
      }
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
  };
}

/** The kubelet and the container runtime: node by node. */
function rollNodeByNode(component: 'kubelet' | 'container-runtime'): RollingRule {
  return (b, ctx) => {
    const count = ctx.snapshot.nodes.length;
    const timings = nodeFailureTimings(ctx.state);
    b.findings.push(finding('rolling-update', 'data', 'info', 'node-by-node', { component, count }));
    b.stop('data', component === 'kubelet' ? 'stops.kubelet' : 'stops.runtime', { node: 'NODE' });
    keepDataPlane(b);
    b.interrupt('data', 'interrupt.kubelet-long', { node: 'NODE', ...timings });
    b.duration('data', 'duration.kubelet', { ...timings });
    b.advise('data', 'advice.one-node-at-a-time');
  };
}
