/**
 * "What if COMPONENT is down on NODE?": that node's instance fails and stays down until someone or
 * something restarts it (the kubelet restarts a static pod only when its process exits; a hung
 * one is not). The arithmetic is the restart analysis's (quorum before and after, who holds the
 * Leases, which API servers remain), the wording is a failure's:
 * - a failed etcd leader hands nothing over: the members left elect a new leader after the
 *   election timeout, {@link ETCD_ELECTION_TIMEOUT_MS} by default (https://etcd.io/docs/v3.5/tuning/);
 * - a failed kube-scheduler or kube-controller-manager leader's Lease is taken by a standby only
 *   after it expires (`leaseDurationSeconds`, `LEADER_ELECTION_LEASE_DURATION_S` in domain.ts by default,
 *   `--leader-elect-lease-duration`).
 * The node agents of the data plane get a verdict from their own findings (issue 16):
 * - kubelet down: its pods are no longer managed (not started, stopped or probed); after the
 *   node-monitor grace period (50 s from Kubernetes 1.32, 40 s before: the cluster's version,
 *   {@link nodeFailureTimings}) the node goes NotReady, and its pods are evicted after the
 *   `node.kubernetes.io/unreachable`/`not-ready` toleration, 300 s by default
 *   (https://kubernetes.io/docs/concepts/architecture/nodes/#node-status,
 *   https://kubernetes.io/docs/reference/command-line-tools-reference/kube-controller-manager/,
 *   https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions);
 * - kube-proxy down: the Service rules already in that node's kernel stay, but are no longer
 *   updated: traffic from the node can go to endpoints that are gone and never to new ones
 *   (https://kubernetes.io/docs/reference/networking/virtual-ips/);
 * - the CNI agent down: pods already running keep their network, but new pods on that node
 *   cannot get one and do not start
 *   (https://kubernetes.io/docs/concepts/extend-kubernetes/compute-storage-net/network-plugins/).
 * Other components (CoreDNS, the container runtime) get no per-node verdict; the answer says what
 * can be asked instead.
 */
import type { ComponentName } from '../../commands/types.js';
import { etcdAlarmFindings, etcdChecks } from '../control-plane-checks.js';
import { apiserverRestartVipChecks } from '../endpoint-checks.js';
import { ETCD_ELECTION_TIMEOUT_MS } from '../domain.js';
import { finding } from '../finding.js';
import { COMPONENT_PLANE, absentComponent, cniDaemonSet } from './components.js';
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
import { ImpactBuilder, type WhatIfImpact, unknownTarget } from './what-if-impact.js';
import { localApiLeaders } from './local-api-leaders.js';

/** The components whose failure on one node is analysed, and how. */
const DOWN_ON_NODE: Partial<
  Record<ComponentName, (b: ImpactBuilder, ctx: WhatIfContext, node: string) => void>
> = {
  etcd: etcdDown,
  'kube-apiserver': apiserverDown,
  'kube-scheduler': leaderComponentDown('kube-scheduler'),
  'kube-controller-manager': leaderComponentDown('kube-controller-manager'),
  kubelet: kubeletDown,
  'kube-proxy': kubeProxyDown,
  cni: cniDown,
};

/**
 * One component's instance on one node fails.
 * @param ctx - the analysis
 * @param component - the component (canonical)
 * @param node - the node its instance runs on
 * @returns the impact; no verdict for an unknown node, a node that does not run it, or a component
 *   whose failure on one node is not analysed
 */
export function analyzeComponentDownOnNode(
  ctx: WhatIfContext,
  component: ComponentName,
  node: string,
): WhatIfImpact {
  if (!ctx.index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  const rule = DOWN_ON_NODE[component];
  if (rule === undefined)
    return unknownTarget(
      ctx.subject,
      finding('what-if-target', COMPONENT_PLANE[component], 'info', 'down-on-node-not-analysed', {
        component,
        node,
      }),
      ctx.state,
      ctx.at,
    );
  const absent = absentComponent(ctx, component, node);
  if (absent) return unknownTarget(ctx.subject, absent, ctx.state, ctx.at);
  const b = new ImpactBuilder([COMPONENT_PLANE[component]]);
  rule(b, ctx, node);
  return finishWithReadErrors(b, ctx);
}

function etcdDown(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const { state } = ctx;
  const checks = etcdChecks(state, node).filter((f) => f.check !== 'etcd-db-size' || f.severity !== 'ok');
  const quorumAfter = checks.find((f) => f.check === 'etcd-quorum-after');
  const lost = quorumAfter?.variant === 'lost' || quorumAfter?.variant === 'lost-single';
  const noSpare = quorumAfter?.variant === 'kept-no-spare';
  // Members whose health was not seen: quorum after is unknown, so it is not listed as kept.
  const quorumUnknown = quorumAfter?.variant === 'unknown';
  const leader = checks.some((f) => f.check === 'etcd-leader' && f.variant === 'leader-here');
  // An active alarm (NOSPACE, CORRUPT) refuses writes whoever leads: a new leader does not bring
  // them back, only disarming the alarm does (etcd docs, Maintenance, Space quota,
  // https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota).
  const writesBlocked = state.etcd.alarms.length > 0;
  const electionTimeoutMs = ETCD_ELECTION_TIMEOUT_MS;
  for (const f of checks) {
    if (f.check === 'etcd-leader' && f.variant === 'leader-here') {
      // No clean handover: without quorum no election completes; with it, one after the timeout.
      if (lost) b.findings.push({ ...f, severity: 'info', variant: 'leader-here-no-quorum' });
      else
        b.findings.push(
          finding(
            'component-down',
            'control',
            'info',
            writesBlocked ? 'etcd-leader-node-writes-blocked' : 'etcd-leader-node',
            { node, electionTimeoutMs },
          ),
        );
    } else if (f.check === 'etcd-quorum-after' && f.variant === 'lost') {
      // The removal advice speaks of a reboot; a failure gets the plain "restore first" advice.
      const facts = { ...f.facts };
      delete facts.removeEnough;
      b.findings.push({ ...f, facts });
    } else b.findings.push(f);
  }
  const facts = { node, voters: state.etcd.voters, quorum: state.etcd.quorum };
  b.findings.push(
    finding(
      'component-down',
      'control',
      noSpare ? 'warn' : 'info',
      noSpare ? 'etcd-member-no-spare' : 'etcd-member-node',
      facts,
    ),
  );
  b.stop('control', 'stops.etcd-member-down', { node });
  if (lost) {
    b.stop('control', 'stops.writes');
    b.stop('control', 'stops.api-changes');
    apiStopsAll(b);
  } else {
    if (leader && !writesBlocked) b.stop('control', 'stops.etcd-election-timeout', { electionTimeoutMs });
    if (!quorumUnknown)
      b.keep('control', 'keeps.etcd-quorum', { voters: state.etcd.voters, quorum: state.etcd.quorum });
  }
  keepDataPlane(b);
  if (leader && !lost && !writesBlocked)
    b.duration('control', 'duration.etcd-election-timeout', { electionTimeoutMs });
  b.duration('control', 'duration.until-restarted', { node });
  b.advise('control', 'advice.etcd-member-down', { node });
}

/**
 * The kube-apiserver on `node` fails. With the kube-vip VIP held on `node` the clients of the VIP
 * reach this API server (issue 16, reader6 B1, as for its restart:
 * {@link apiserverRestartVipChecks} with `down`), so only the direct clients of the others keep
 * working; with an active etcd alarm the alarm is named (check `etcd-alarms`, block): a failed API
 * server that is restarted cannot write (reader6 B2).
 */
function apiserverDown(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const alarms = etcdAlarmFindings(ctx.state.etcd);
  b.findings.push(...alarms);
  const vip = apiserverRestartVipChecks(ctx.index, node, alarms.length > 0, 'down');
  const variants = {
    last: 'apiserver-last-node',
    others: vip.length > 0 ? 'apiserver-node-vip' : 'apiserver-node',
  };
  if (!apiserverStops(b, ctx.state, node, 'component-down', variants, ctx.index)) {
    localApiLeaders(b, ctx, node, 'component-down');
    if (!vipClientsLines(b, node, vip, 'vip-apiserver-down'))
      b.interrupt('control', 'interrupt.no-load-balancer-down', { node });
  }
  b.duration('control', 'duration.until-restarted', { node });
}

/** A leader-elected component's instance fails: a standby takes the Lease after it expires. */
function leaderComponentDown(
  component: 'kube-scheduler' | 'kube-controller-manager',
): (b: ImpactBuilder, ctx: WhatIfContext, node: string) => void {
  return (b, ctx, node) => {
    const { holdsLease, standbys, short, facts } = leaderComponentFacts(ctx.state, component, node);
    if (standbys.length === 0) {
      b.findings.push(finding('component-down', 'control', 'warn', `${short}-only-node`, facts));
      b.stop('control', `stops.${short}`);
    } else if (holdsLease) {
      b.findings.push(finding('component-down', 'control', 'info', `${short}-leader-node`, facts));
      b.stop('control', `stops.${short}-lease-expiry`, facts);
    } else {
      b.findings.push(finding('component-down', 'control', 'ok', `${short}-standby-node`, facts));
    }
    b.keep('control', 'keeps.api');
    keepDataPlane(b);
    if (holdsLease && standbys.length > 0)
      b.duration('control', 'duration.lease-expiry', { seconds: facts.leaseDurationSeconds });
    b.duration('control', 'duration.until-restarted', { node });
    if (component === 'kube-controller-manager' && standbys.length === 0)
      b.interrupt('data', 'interrupt.backend-dies-kcm');
  };
}

/**
 * kubelet fails on one node and stays down: the node's pods are no longer managed; the node goes
 * NotReady after the grace period of this cluster's version and its pods are evicted after the
 * default toleration (warn: the node's workloads move or stop unless it is restarted first).
 * With an active etcd alarm (NOSPACE, CORRUPT) etcd accepts only reads and deletes (etcd docs,
 * Maintenance, Space quota, https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota): the
 * node controller cannot write the NotReady condition or the `node.kubernetes.io/unreachable`
 * taint, the EndpointSlice controller cannot take the pods out of the Service endpoints, and no
 * eviction or replacement pod can be written; the variant `kubelet-node-writes-blocked` says so
 * (issue 16: one model per answer, as the drain's `writes-blocked`).
 */
function kubeletDown(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const timings = nodeFailureTimings(ctx.state);
  if (ctx.state.etcd.alarms.length > 0) {
    const alarms = [...new Set(ctx.state.etcd.alarms.map((a) => a.alarm))];
    // The control plane answers reads but changes nothing: said in its own section.
    b.findings.push(controlPlaneServing(ctx.snapshot, ctx.state, 'warn').finding);
    b.findings.push(
      finding('component-down', 'data', 'warn', 'kubelet-node-writes-blocked', {
        node,
        alarms,
        ...timings,
      }),
    );
    b.stop('data', 'stops.kubelet-down', { node });
    b.stop('data', 'stops.kubelet-writes-blocked', { node });
    b.keep('data', 'keeps.containers-on-node', { node });
    b.duration('data', 'duration.kubelet-down-writes-blocked', { node, ...timings });
    b.advise('data', 'advice.kubelet-down-writes-blocked', { node });
    return;
  }
  b.findings.push(
    finding('component-down', 'data', 'warn', 'kubelet-node', {
      node,
      ...timings,
      version: ctx.state.nodeMonitorGrace.version,
    }),
  );
  b.stop('data', 'stops.kubelet-down', { node });
  b.stop('data', 'stops.kubelet-evicted', { node, ...timings });
  b.keep('data', 'keeps.containers-on-node', { node });
  b.keep('data', 'keeps.running-pods');
  b.duration('data', 'duration.kubelet-down', { node, ...timings });
  b.advise('data', 'advice.kubelet-down', { node, ...timings });
}

/** kube-proxy fails on one node: its Service rules stay but go stale (warn). */
function kubeProxyDown(b: ImpactBuilder, _ctx: WhatIfContext, node: string): void {
  b.findings.push(finding('component-down', 'data', 'warn', 'kube-proxy-node', { node }));
  b.stop('data', 'stops.kube-proxy-down', { node });
  b.keep('data', 'keeps.running-pods');
  b.keep('data', 'keeps.pod-traffic');
  b.duration('data', 'duration.until-restarted', { node });
  b.advise('data', 'advice.node-agent-down', { node, component: 'kube-proxy' });
}

/** The CNI agent fails on one node: running pods keep their network, new pods there cannot start (warn). */
function cniDown(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const plugin = cniDaemonSet(ctx)?.metadata.name ?? 'cni';
  b.findings.push(finding('component-down', 'data', 'warn', 'cni-node', { node, plugin }));
  b.stop('data', 'stops.cni-down', { node, plugin });
  keepDataPlane(b);
  b.duration('data', 'duration.until-restarted', { node });
  b.advise('data', 'advice.node-agent-down', { node, component: plugin });
}
