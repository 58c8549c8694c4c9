/**
 * Control-plane and etcd checks of a reboot (docs/checks.md, "Control plane" and "etcd").
 * Pure: they read a {@link ControlPlaneState} and return findings.
 */
import type { ControlPlaneState } from './control-plane-state.js';
import { ETCD_APPLIED_LAG_WARN, type EtcdView, datastoreFacts, guardHealthFacts } from './etcd-view.js';
import {
  ETCD_DB_SIZE_WARN_RATIO,
  ETCD_DEFAULT_QUOTA_BYTES,
  LEADER_ELECTION_LEASE_DURATION_S,
  quorumOf,
} from './domain.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/**
 * A partial file's control-plane count for a drain (check `control-plane-count`, warn, variant
 * `partial`): the finding a reboot of the node makes ({@link controlPlaneChecks}), so that a
 * drain, an upgrade and their joint forms say the same as the reboot: the etcd quorum guard counts
 * more masters than the file holds, so the others exist and their state is unknown (never "the only
 * control-plane node"; OpenShift's etcd-quorum-guard runs one pod per master,
 * https://github.com/openshift/machine-config-operator/blob/master/docs/etcd-quorum-guard.md).
 * @param state - the control-plane state
 * @param nodes - the control-plane nodes the change is about (empty: none)
 * @returns the finding, or nothing when no master is unseen or another one is seen Ready
 */
export function partialControlPlaneFindings(state: ControlPlaneState, nodes: readonly string[]): Finding[] {
  const unseen = state.unseenControlPlane ?? 0;
  if (nodes.length === 0 || unseen === 0) return [];
  if (state.nodes.some((n) => !nodes.includes(n.name) && n.ready)) return [];
  return [
    finding('control-plane-count', 'control', 'warn', 'partial', {
      node: nodes.length === 1 ? (nodes[0] ?? '') : [...nodes],
      seen: state.nodes.length,
      total: state.nodes.length + unseen,
      ...guardHealthFacts(state.etcd),
    }),
  ];
}

/**
 * Checks that apply when the target is a control-plane node: control-plane-count,
 * apiserver-redundancy, leader-scheduler, leader-controller-manager.
 * @param state - the control-plane state
 * @param node - the target node's name
 * @returns findings (ok findings included, so answers can say what was verified)
 */
export function controlPlaneChecks(state: ControlPlaneState, node: string): Finding[] {
  const out: Finding[] = [];
  const others = state.nodes.filter((n) => n.name !== node);
  const readyOthers = others.filter((n) => n.ready);
  const total = state.nodes.length;
  const unseen = state.unseenControlPlane ?? 0;
  if (readyOthers.length === 0 && unseen > 0) {
    // A partial file (OpenShift's quorum guard counts more masters): the others exist, unseen.
    out.push(
      finding('control-plane-count', 'control', 'warn', 'partial', {
        node,
        seen: total,
        total: total + unseen,
        ...guardHealthFacts(state.etcd),
      }),
    );
  } else if (readyOthers.length === 0) {
    out.push(
      finding('control-plane-count', 'control', 'block', total <= 1 ? 'single' : 'no-other-ready', {
        node,
        total,
        readyOthers: 0,
        ...datastoreFacts(state.etcd),
      }),
    );
  } else {
    out.push(
      finding('control-plane-count', 'control', 'ok', 'redundant', {
        node,
        total,
        readyOthers: readyOthers.length,
        readyBefore: state.nodes.filter((n) => n.ready).length,
      }),
    );
  }

  const target = state.apiservers.find((a) => a.host === node);
  if (target) {
    const otherAlive = state.apiservers.filter((a) => a.host !== node && a.alive);
    const aliveBefore = state.apiservers.filter((a) => a.alive).length;
    if (otherAlive.length === 0) {
      out.push(finding('apiserver-redundancy', 'control', 'block', 'none-other', { node, aliveBefore }));
    } else if (!target.alive) {
      // Already down: the reboot takes nothing away, so no "drops from N to N".
      out.push(
        finding('apiserver-redundancy', 'control', 'info', 'already-down', {
          node,
          after: otherAlive.length,
          others: otherAlive.map((a) => a.host),
        }),
      );
    } else {
      out.push(
        finding('apiserver-redundancy', 'control', 'info', 'capacity', {
          node,
          before: aliveBefore,
          after: otherAlive.length,
          others: otherAlive.map((a) => a.host),
        }),
      );
    }
  }

  for (const [check, leaseName, component] of [
    ['leader-scheduler', 'kube-scheduler', 'kube-scheduler'],
    ['leader-controller-manager', 'kube-controller-manager', 'kube-controller-manager'],
  ] as const) {
    const lease = state.leaderLeases.find((l) => l.name === leaseName);
    const standbys = others.filter((n) => n.components[component] === true).map((n) => n.name);
    if (!lease) {
      // A List without Leases says nothing about leader election: unknown (the not-observed finding names it).
      if (!state.unobserved.includes('leases'))
        out.push(finding(check, 'control', 'warn', 'missing', { node, lease: leaseName }));
      continue;
    }
    const facts = {
      node,
      lease: leaseName,
      holder: lease.holderHost,
      holderIdentity: lease.holderIdentity,
      leaseDurationSeconds: lease.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
      renewAgeS: lease.renewAgeS === null ? null : Math.round(lease.renewAgeS),
      standbys,
    };
    if (!lease.fresh) out.push(finding(check, 'control', 'block', 'stale', facts));
    else if (lease.holderHost === node && standbys.length === 0)
      out.push(finding(check, 'control', 'block', 'no-standby', facts));
    else if (lease.holderHost === node) out.push(finding(check, 'control', 'warn', 'held-here', facts));
    else out.push(finding(check, 'control', 'ok', 'held-elsewhere', facts));
  }
  return out;
}

/**
 * What the snapshot could not show (check `not-observed`, info): the parts it does not hold.
 * Unknown is never failing: no check turns their absence into a warn or block.
 * @param state - the control-plane state
 * @returns one finding, or none when the snapshot holds every part
 */
export function notObservedFindings(state: ControlPlaneState): Finding[] {
  if (state.unobserved.length === 0) return [];
  return [finding('not-observed', 'control', 'info', 'missing', { resources: [...state.unobserved] })];
}

/**
 * The readyz check: block when the answering apiserver reports `[-]etcd`; warn for other failures.
 * @param state - the control-plane state
 * @returns one finding, or none when /readyz was not read (a read-error finding says so)
 */
export function readyzCheck(state: ControlPlaneState): Finding[] {
  const r = state.readyz;
  if (!r.reachable) return [];
  if (r.failing.some((f) => f.startsWith('etcd'))) {
    return [finding('readyz', 'control', 'block', 'etcd-failing', { failing: r.failing })];
  }
  if (!r.ok && r.failing.length === 0)
    return [finding('readyz', 'control', 'warn', 'unavailable', { status: r.status })];
  if (!r.ok) return [finding('readyz', 'control', 'warn', 'failing', { failing: r.failing })];
  return [finding('readyz', 'control', 'ok', 'passing', {})];
}

/**
 * Findings for endpoints the live etcd probe could not read (check `etcd-topology`, variants
 * `probe-tls`, `probe-timeout`, `probe-refused`, `probe-unreachable`, `probe-http`,
 * `probe-error`). TLS problems always warn: etcd was not verified, and a misconfigured
 * certificate must never read as "healthy". Other failures warn when the probe got no member
 * list (the view fell back to the etcd pods); otherwise they are info, since the quorum checks
 * already count that member as down.
 * @param etcd - the etcd view
 * @returns one finding per failed endpoint
 */
export function etcdProbeFindings(etcd: EtcdView): Finding[] {
  const fellBack = etcd.source !== 'live';
  return etcd.probeErrors.map((e) =>
    finding(
      'etcd-topology',
      'control',
      e.kind === 'tls' || fellBack ? 'warn' : 'info',
      e.endpoint === '' ? 'probe-no-endpoints' : `probe-${e.kind}`,
      {
        endpoint: e.endpoint,
        member: e.member,
        message: e.message,
        memberText: e.member === null ? '' : ` (${e.member})`,
      },
    ),
  );
}

/**
 * The applied-index spread between members (check `etcd-leader`, variant `lag` warn above
 * {@link ETCD_APPLIED_LAG_WARN} entries, else `in-step` ok, or `in-step-answered` when some voter did
 * not answer: the spread is then of the members that answered only, issue 30); none with fewer than
 * two answers.
 * @param etcd - the etcd view
 */
export function etcdLagFindings(etcd: EtcdView): Finding[] {
  const lag = etcd.appliedLag;
  if (lag === null) return [];
  const facts = { lag: lag.lag, behind: lag.behind, limit: ETCD_APPLIED_LAG_WARN, answered: lag.answered };
  const behind = lag.lag > ETCD_APPLIED_LAG_WARN;
  const inStep = lag.answered < etcd.voters ? 'in-step-answered' : 'in-step';
  return [finding('etcd-leader', 'control', behind ? 'warn' : 'ok', behind ? 'lag' : inStep, facts)];
}

/**
 * The etcd-topology variant when etcd could not be observed: a snapshot without pods says the
 * pods were not captured (`unknown-no-pods`), not that there are no etcd pods (`unknown`).
 * @param state - the control-plane state
 */
export function etcdUnknownVariant(state: ControlPlaneState): 'unknown' | 'unknown-no-pods' {
  return state.unobserved.includes('pods') ? 'unknown-no-pods' : 'unknown';
}

/**
 * The etcd-alarms finding of active alarms (block). An active NOSPACE alarm gets its own variant
 * `nospace`: etcd then takes only reads and deletes, while the API servers stay alive and /readyz
 * still passes, so nothing can be changed (no evictions, no scheduling); etcd maintenance docs,
 * "Space quota" (https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota). Other alarms
 * (CORRUPT) keep the variant `alarms`.
 * @param etcd - the etcd view
 * @returns one finding, or none without alarms
 */
export function etcdAlarmFindings(etcd: EtcdView): Finding[] {
  if (etcd.alarms.length === 0) return [];
  const alarms = etcd.alarms.map((a) => `${a.alarm} (${a.member})`);
  const nospace = etcd.alarms.every((a) => a.alarm === 'NOSPACE');
  return [finding('etcd-alarms', 'control', 'block', nospace ? 'nospace' : 'alarms', { alarms })];
}

/**
 * etcd checks for a reboot of `node` (etcd-topology, etcd-voters, etcd-quorum-after, etcd-learner,
 * etcd-leader, etcd-alarms, etcd-db-size). Quorum is floor(n/2)+1 ([003], [004]).
 * @param state - the control-plane state
 * @param node - the target node's name
 * @returns findings; only etcd-topology when the node hosts no member
 */
export function etcdChecks(state: ControlPlaneState, node: string): Finding[] {
  const etcd = state.etcd;
  const out: Finding[] = [];
  const member = etcd.members.find((m) => m.node === node) ?? null;
  out.push(
    finding(
      'etcd-topology',
      'control',
      'info',
      etcd.topology === 'unknown' ? etcdUnknownVariant(state) : etcd.topology,
      {
        node,
        source: etcd.source,
        hostsMember: member !== null,
        members: etcd.members.length,
        ...datastoreFacts(etcd),
      },
    ),
  );
  out.push(...etcdProbeFindings(etcd));
  if (etcd.source === 'none' || member === null) return out;

  const voters = etcd.voters;
  const votersFacts = { voters, quorum: etcd.quorum, tolerated: etcd.toleratedFailures, source: etcd.source };
  if (voters === 2) out.push(finding('etcd-voters', 'control', 'block', 'two', votersFacts));
  else if (voters > 0 && voters % 2 === 0)
    out.push(finding('etcd-voters', 'control', 'warn', 'even', votersFacts));
  else out.push(finding('etcd-voters', 'control', 'ok', 'odd', votersFacts));

  const healthyOthers = etcd.members.filter((m) => !m.isLearner && m.node !== node && m.healthy === true);
  const unhealthyOthers = etcd.members.filter((m) => !m.isLearner && m.node !== node && m.healthy !== true);
  const after = healthyOthers.length;
  const quorumFacts = {
    node,
    voters,
    quorum: quorumOf(voters),
    healthyBefore: etcd.healthyVoters,
    after,
    spare: after - quorumOf(voters),
    down: unhealthyOthers.map((m) => m.node ?? m.name),
    source: etcd.source,
    ...guardHealthFacts(etcd),
  };
  // Removing the dead voters (etcdctl member remove) changes the arithmetic but never restores a
  // spare in an odd cluster: 3 members with 1 dead become 2 of 2 (quorum 2), and the reboot still
  // loses quorum. The advice says so when it is not enough (etcd FAQ, "Why an odd number").
  const removeVoters = voters - unhealthyOthers.length;
  const removeQuorum = quorumOf(removeVoters);
  Object.assign(quorumFacts, {
    removeVoters,
    removeQuorum,
    removeEnough: unhealthyOthers.length > 0 && after >= removeQuorum,
  });
  // Members listed from the nodes but never read (healthy null): their health is unknown, so
  // quorum before/after is unknown unless even they could not make it.
  const unknownOthers = etcd.members.filter((m) => !m.isLearner && m.node !== node && m.healthy === null);
  if (member.isLearner) {
    out.push(finding('etcd-quorum-after', 'control', 'info', 'learner-only', quorumFacts));
  } else if (
    after + unknownOthers.length >= quorumOf(voters) &&
    (unknownOthers.length > 0 || member.healthy === null)
  ) {
    out.push(
      finding('etcd-quorum-after', 'control', 'warn', 'unknown', {
        node,
        voters,
        quorum: quorumOf(voters),
        unknown: etcd.unknownVoters,
        down: etcd.members
          .filter((m) => !m.isLearner && m.node !== node && m.healthy === false)
          .map((m) => m.node ?? m.name),
        source: etcd.source,
        // Members the file leaves out are known only by the quorum guard's count: the sentence
        // names that source, not "listed from the nodes" (issue 16, v3a item 1).
        ...(etcd.members.some((m) => m.notInFile === true) ? { countedFrom: 'guard' } : {}),
      }),
    );
  } else if (after < quorumOf(voters)) {
    // One member alone (healthy or not seen): nothing to restore first, the cluster simply has no
    // etcd redundancy.
    const single = voters === 1 && member.healthy !== false;
    out.push(finding('etcd-quorum-after', 'control', 'block', single ? 'lost-single' : 'lost', quorumFacts));
  } else {
    out.push(
      finding(
        'etcd-quorum-after',
        'control',
        'info',
        after === quorumOf(voters) ? 'kept-no-spare' : 'kept',
        quorumFacts,
      ),
    );
  }

  const learners = etcd.members.filter((m) => m.isLearner).map((m) => m.name);
  const cpNodes = state.nodes.map((n) => n.name);
  const unmatched =
    etcd.topology === 'stacked'
      ? etcd.members.filter((m) => m.node === null && m.notInFile !== true).map((m) => m.name)
      : [];
  // A learner means a membership change is under way (kubeadm join, member replacement): taking a
  // voter down in the middle of it is refused (docs/checks.md, etcd-learner).
  // learnerId: the hex member id the advice's etcdctl member promote/remove needs (no placeholder).
  const learnerId = etcd.members.find((m) => m.isLearner)?.idHex ?? null;
  if (learners.length > 0)
    out.push(finding('etcd-learner', 'control', 'block', 'learner-reboot', { learners, node, learnerId }));
  else if (unmatched.length > 0)
    out.push(
      finding('etcd-learner', 'control', 'warn', 'unmatched', { unmatched, controlPlaneNodes: cpNodes }),
    );

  // The leader is named, but raises no verdict and needs no move first: on a clean shutdown etcd
  // hands leadership to another member itself (EtcdServer.Stop transfers it before stopping,
  // https://github.com/etcd-io/etcd/blob/main/server/etcdserver/server.go), so a reboot costs a
  // leadership transfer, not an election timeout.
  if (member.isLeader && healthyOthers.length > 0) {
    const target = healthyOthers.find((m) => m.idHex !== null);
    out.push(
      finding('etcd-leader', 'control', 'info', 'leader-here', {
        node,
        member: member.name,
        moveTo: target?.name ?? null,
        moveToId: target?.idHex ?? null,
        leaderId: member.idHex,
      }),
    );
  } else if (etcd.leader && !member.isLeader) {
    out.push(
      finding('etcd-leader', 'control', 'ok', 'leader-elsewhere', {
        node,
        leader: etcd.leader.node ?? etcd.leader.name,
      }),
    );
  }

  out.push(...etcdLagFindings(etcd));
  if (!etcd.alarmsKnown) out.push(finding('etcd-alarms', 'control', 'warn', 'unknown', {}));
  out.push(...etcdAlarmFindings(etcd));
  if (etcd.maxDbSize !== null) {
    const quota = etcd.dbSizeQuota ?? ETCD_DEFAULT_QUOTA_BYTES;
    const ratio = etcd.maxDbSize / quota;
    const facts = {
      dbSizeMiB: Math.round(etcd.maxDbSize / 1048576),
      quotaMiB: Math.round(quota / 1048576),
      percent: Math.round(ratio * 100),
      quotaKnown: etcd.dbSizeQuota !== null,
    };
    out.push(
      finding(
        'etcd-db-size',
        'control',
        ratio > ETCD_DB_SIZE_WARN_RATIO ? 'warn' : 'ok',
        ratio > ETCD_DB_SIZE_WARN_RATIO ? 'high' : 'fine',
        facts,
      ),
    );
  }
  return out;
}
