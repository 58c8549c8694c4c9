/**
 * A pasted `etcdctl member remove ID` (or `talosctl etcd remove-member NAME`): a permanent
 * reconfiguration of etcd, not an outage. The member leaves the member list; nothing restarts it.
 *
 * What happens, from the sources (expected before the bot was run on it):
 * - the cluster has N-1 voting members afterwards, quorum floor((N-1)/2)+1 and failure tolerance
 *   (N-1) - quorum (etcd docs, "Runtime reconfiguration",
 *   https://etcd.io/docs/v3.5/op-guide/runtime-configuration/#remove-a-member; FAQ "What is failure
 *   tolerance?" and "Why an odd number of cluster members?", https://etcd.io/docs/v3.5/faq/):
 *   removing 1 of 4 leaves 3, tolerance 1; removing 1 of 3 leaves 2, tolerance 0;
 * - etcd refuses the removal when the members left that are started would be fewer than the quorum
 *   of the members left (`--strict-reconfig-check`, default true: etcd server `mayRemoveMember`,
 *   `RaftCluster.IsReadyToRemoveVotingMember`; errors "re-configuration failed due to not enough
 *   started members", "unhealthy cluster"); a learner is no voter and is removed without that check;
 * - removing the leader triggers a leader election among the members left: writes pause until a new
 *   leader is elected (at most about the election timeout, {@link ETCD_ELECTION_TIMEOUT_MS});
 * - on a kubeadm node the etcd static pod's manifest stays: its etcd starts again as a member the
 *   cluster removed and crash-loops; `kubeadm reset` on the node removes its member and manifests
 *   ("Removing a control plane node" in "Creating Highly Available Clusters with kubeadm";
 *   https://kubernetes.io/docs/reference/setup-tools/kubeadm/kubeadm-reset/), or the manifest
 *   /etc/kubernetes/manifests/etcd.yaml is removed.
 */
import type { WhatIfChange } from '../../commands/types.js';
import { ETCD_ELECTION_TIMEOUT_MS } from '../domain.js';
import type { EtcdMemberView } from '../etcd-view.js';
import { finding } from '../finding.js';
import { absentComponent } from './components.js';
import { type WhatIfContext, finishWithReadErrors, keepDataPlane, nodeNotFound } from './context.js';
import { ImpactBuilder, type WhatIfImpact, unknownTarget } from './what-if-impact.js';

/** The change as the pasted reader gives it: the member by its node's name or its hex ID. */
export type MemberRemoveChange = Extract<WhatIfChange, { type: 'etcd-member-remove' }>;

/** The member asked about, or the `what-if-target` impact that says it is not there. */
function memberOf(ctx: WhatIfContext, change: MemberRemoveChange): EtcdMemberView | WhatIfImpact {
  const members = ctx.state.etcd.members;
  const absent = (node: string | undefined): WhatIfImpact | null => {
    const f = absentComponent(ctx, 'etcd', node);
    return f === null ? null : unknownTarget(ctx.subject, f, ctx.state, ctx.at);
  };
  if (change.member !== undefined) {
    const byId = members.find((m) => m.idHex === change.member);
    if (byId !== undefined) return byId;
    return (
      absent(undefined) ??
      unknownTarget(
        ctx.subject,
        finding('what-if-target', 'control', 'block', 'unknown-member', {
          member: change.member,
          members: members.map((m) => (m.idHex === null ? m.name : `${m.name} ${m.idHex}`)),
        }),
        ctx.state,
        ctx.at,
      )
    );
  }
  const node = change.node ?? '';
  if (!ctx.index.nodesByName.has(node)) return nodeNotFound(ctx, node);
  const byNode = members.find((m) => m.node === node) ?? members.find((m) => m.name === node);
  return byNode ?? absent(node) ?? nodeNotFound(ctx, node);
}

/**
 * The answer to removing one etcd member (check `etcd-member-remove`; see the module comment for
 * the sources). Findings:
 * - `refused` (block): etcd refuses it, the started members left (`started`) being fewer than the
 *   quorum of the members left (`quorum`); nothing changes; `refused-last` for the only member;
 * - `health-unseen` (warn): the health of some members left was not seen, so whether etcd accepts
 *   it is unknown;
 * - `accepted-no-spare` (warn): `remaining` members, quorum `quorum`, no member may fail after it;
 * - `accepted` (info): `remaining` members, quorum `quorum`, `spare` may still fail;
 * - `learner` (info): a learner is no voter, quorum is unchanged;
 * - `target-down` (info): the member is down already: its removal stops nothing that runs;
 * - `leader` (info): the member leads: the members left elect a new leader, writes pause;
 *   `leader-writes-blocked` with an active etcd alarm, which refuses writes whoever leads.
 * Facts for the quorum picture: `voters` (before), `remaining`, `quorum` (after), `target`
 * (`leader`, `up`, `down`, `unknown`), `others` (the health of the members left, `up`/`down`/`unknown`,
 * the leader first as `leader`).
 * @param ctx - the what-if context
 * @param change - the member by node or ID
 * @returns the impact; no verdict when the member is not in the member list or etcd is not seen
 */
export function analyzeMemberRemove(ctx: WhatIfContext, change: MemberRemoveChange): WhatIfImpact {
  const found = memberOf(ctx, change);
  if ('subject' in found) return found;
  const member = found;
  const { etcd } = ctx.state;
  const node = member.node ?? member.name;
  // A member asked for by ID is named by its node too.
  const named = { ...ctx, subject: { kind: 'what-if' as const, change: { ...change, node } } };
  const b = new ImpactBuilder(['control']);
  const health = (m: EtcdMemberView): 'leader' | 'up' | 'down' | 'unknown' =>
    m.healthy === null ? 'unknown' : !m.healthy ? 'down' : m.isLeader ? 'leader' : 'up';
  const voters = etcd.members.filter((m) => !m.isLearner);
  const others = voters.filter((m) => m !== member);
  const remaining = others.length;
  // etcd's own arithmetic: the quorum of the members left, at least 1 (IsReadyToRemoveVotingMember).
  const quorum = Math.floor(remaining / 2) + 1;
  const started = others.filter((m) => m.healthy === true).length;
  const unseen = others.filter((m) => m.healthy === null).length;
  const facts = {
    node,
    member: member.name,
    memberId: member.idHex ?? '',
    voters: voters.length,
    remaining,
    quorum,
    started,
    spare: Math.max(0, started - quorum),
    down: others.filter((m) => m.healthy === false).map((m) => m.node ?? m.name),
    target: health(member),
    others: others.map(health).sort((x, y) => Number(y === 'leader') - Number(x === 'leader')),
  };
  const add = (severity: 'block' | 'warn' | 'info', variant: string): void => {
    b.findings.push(finding('etcd-member-remove', 'control', severity, variant, facts));
  };
  const refused = !member.isLearner && started + unseen < quorum;
  if (member.isLearner) add('info', 'learner');
  else if (refused) add('block', remaining === 0 ? 'refused-last' : 'refused');
  else if (started < quorum) add('warn', 'health-unseen');
  else add(started > quorum ? 'info' : 'warn', started > quorum ? 'accepted' : 'accepted-no-spare');
  if (refused) {
    b.keep('control', 'keeps.member-remove-refused', { node });
    b.advise(
      'control',
      remaining === 0 ? 'advice.member-remove-last' : 'advice.member-remove-refused',
      facts,
    );
  } else {
    // A member already down serves nothing: its removal stops nothing that runs.
    if (facts.target === 'down') add('info', 'target-down');
    b.stop('control', 'stops.etcd-member-removed', { node });
    if (member.isLeader) {
      // An active alarm (NOSPACE, CORRUPT) refuses writes whoever leads: the election brings them
      // no sooner (etcd docs, Maintenance, Space quota).
      const blocked = etcd.alarms.length > 0;
      const timeout = { electionTimeoutMs: ETCD_ELECTION_TIMEOUT_MS };
      const variant = blocked ? 'leader-writes-blocked' : 'leader';
      b.findings.push(finding('etcd-member-remove', 'control', 'info', variant, { ...facts, ...timeout }));
      if (!blocked) {
        b.stop('control', 'stops.etcd-election-timeout', timeout);
        b.duration('control', 'duration.etcd-election-timeout', timeout);
      }
    }
    if (!member.isLearner && started >= quorum)
      b.keep('control', 'keeps.etcd-quorum', { voters: remaining, quorum });
    b.advise(
      'control',
      etcd.topology === 'stacked' ? 'advice.member-remove-manifest' : 'advice.member-remove-stop',
      { node },
    );
  }
  keepDataPlane(b);
  return finishWithReadErrors(b, named);
}
