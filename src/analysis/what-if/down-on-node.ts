/**
 * "What if COMPONENT is down on NODE?": that node's instance fails and stays down until someone or
 * something restarts it (the kubelet restarts a static pod only when its process exits; a hung
 * one is not). The arithmetic is the restart analysis's (quorum before and after, who holds the
 * Leases, which API servers remain), the wording is a failure's:
 * - a failed etcd leader hands nothing over: the members left elect a new leader after the
 *   election timeout, {@link ETCD_ELECTION_TIMEOUT_MS} by default (https://etcd.io/docs/v3.5/tuning/);
 * - a failed kube-scheduler or kube-controller-manager leader's Lease is taken by a standby only
 *   after it expires (`leaseDurationSeconds`, {@link LEADER_ELECTION_LEASE_DURATION_S} s by default,
 *   `--leader-elect-lease-duration`).
 * Only the control-plane components are analysed this way; for the others the answer says what
 * can be asked instead (no verdict).
 */
import type { ComponentName } from '../../commands/types.js';
import { etcdChecks } from '../control-plane-checks.js';
import { ETCD_ELECTION_TIMEOUT_MS } from '../domain.js';
import { finding } from '../finding.js';
import { COMPONENT_PLANE, absentComponent } from './components.js';
import {
  type WhatIfContext,
  apiStopsAll,
  apiserverStops,
  finishWithReadErrors,
  keepDataPlane,
  leaderComponentFacts,
  nodeNotFound,
} from './context.js';
import { ImpactBuilder, type WhatIfImpact, unknownTarget } from './what-if-impact.js';

/** The components whose failure on one node is analysed, and how. */
const DOWN_ON_NODE: Partial<
  Record<ComponentName, (b: ImpactBuilder, ctx: WhatIfContext, node: string) => void>
> = {
  etcd: etcdDown,
  'kube-apiserver': apiserverDown,
  'kube-scheduler': leaderComponentDown('kube-scheduler'),
  'kube-controller-manager': leaderComponentDown('kube-controller-manager'),
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

function apiserverDown(b: ImpactBuilder, ctx: WhatIfContext, node: string): void {
  const variants = { last: 'apiserver-last-node', others: 'apiserver-node' };
  if (!apiserverStops(b, ctx.state, node, 'component-down', variants))
    b.interrupt('control', 'interrupt.no-load-balancer-down', { node });
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
