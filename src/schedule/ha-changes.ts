/**
 * What changed between two HA status posts: new and cleared findings, etcd leader and member
 * changes, leader Lease moves. The state is taken from an HA status {@link Reply}'s findings
 * (the facts `analyzeHaStatus` puts on them), so it can be stored as JSON and compared later.
 */
import type { Finding } from '../analysis/types.js';
import { explainFinding } from '../explain/explain-finding.js';
import { translator } from '../explain/i18n.js';
import type { Reply } from '../explain/reply.js';
import type { Locale } from '../commands/types.js';

/** The part of an HA status a later post is compared with (JSON-safe). */
export interface HaPostState {
  /** `healthy`, `degraded`, `critical`, or null for an answer without a status (error). */
  health: string | null;
  /** Warn and block findings: stable key → its line in the post's language. */
  problems: Record<string, string>;
  /** etcd leader (node or member name), null when none or unknown. */
  etcdLeader: string | null;
  /** etcd voting members, null when etcd is not observable. */
  etcdVoters: number | null;
  /** etcd voting members that are down (node or member names), sorted. */
  etcdDown: string[];
  /** Leader Leases: name → holder host and `leaseTransitions`. */
  leases: Record<string, { holder: string | null; transitions: number | null }>;
}

/** One change, with its kind for tests and the line the post shows. */
export interface HaChange {
  kind:
    | 'etcd-member-down'
    | 'etcd-member-back'
    | 'etcd-members'
    | 'etcd-leader'
    | 'lease-moved'
    | 'finding-new'
    | 'finding-cleared'
    | 'health';
  line: string;
}

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

function num(v: unknown): number | null {
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/** Stable key of a finding: check, variant and subject (facts such as ages change every read). */
function problemKey(f: Finding): string {
  const subject = f.subject ? `${f.subject.kind}/${f.subject.namespace ?? ''}/${f.subject.name}` : '';
  return `${f.check}.${f.variant}.${subject}`;
}

/**
 * Take the comparable state from an HA status reply.
 * @param reply - a reply of kind `ha-status` (other kinds give an empty state with health null)
 * @returns the state to store beside the post
 */
export function haPostStateOf(reply: Reply): HaPostState {
  const tr = translator(reply.locale);
  const state: HaPostState = {
    health: reply.kind === 'ha-status' ? (reply.health ?? null) : null,
    problems: {},
    etcdLeader: null,
    etcdVoters: null,
    etcdDown: [],
    leases: {},
  };
  for (const f of reply.findings) {
    if (f.severity === 'warn' || f.severity === 'block') {
      const line = explainFinding(tr, f);
      if (line !== null) state.problems[problemKey(f)] = line;
    }
    if (f.check === 'etcd-quorum-after') {
      state.etcdVoters = num(f.facts.voters);
      state.etcdLeader ??= str(f.facts.leader);
      const down = f.facts.down;
      state.etcdDown = Array.isArray(down) ? [...(down as readonly string[])].sort() : [];
    }
    if (f.check === 'etcd-leader') state.etcdLeader = str(f.facts.leader) ?? state.etcdLeader;
    if (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') {
      const name = str(f.facts.lease) ?? f.check;
      state.leases[name] = { holder: str(f.facts.holder), transitions: num(f.facts.transitions) };
    }
  }
  return state;
}

/**
 * What changed from `before` to `after`, in the order the post shows them: member changes, the
 * etcd leader, leader Lease moves, then new and cleared findings.
 * @param before - the state stored with the last post
 * @param after - the state now
 * @param locale - language of the lines
 * @returns the changes; empty when nothing changed
 */
export function diffHaPostState(before: HaPostState, after: HaPostState, locale: Locale): HaChange[] {
  const tr = translator(locale);
  const changes: HaChange[] = [];
  for (const m of after.etcdDown.filter((n) => !before.etcdDown.includes(n)))
    changes.push({ kind: 'etcd-member-down', line: tr.t('schedule.change.memberDown', { member: m }) });
  for (const m of before.etcdDown.filter((n) => !after.etcdDown.includes(n)))
    changes.push({ kind: 'etcd-member-back', line: tr.t('schedule.change.memberBack', { member: m }) });
  if (before.etcdVoters !== null && after.etcdVoters !== null && before.etcdVoters !== after.etcdVoters) {
    changes.push({
      kind: 'etcd-members',
      line: tr.t('schedule.change.voters', { before: before.etcdVoters, after: after.etcdVoters }),
    });
  }
  if (before.etcdLeader !== after.etcdLeader && (before.etcdLeader !== null || after.etcdLeader !== null)) {
    changes.push({
      kind: 'etcd-leader',
      line: tr.t('schedule.change.etcdLeader', {
        before: before.etcdLeader ?? tr.t('schedule.none'),
        after: after.etcdLeader ?? tr.t('schedule.none'),
      }),
    });
  }
  for (const [name, now] of Object.entries(after.leases)) {
    const was = before.leases[name];
    if (!was) continue;
    const moved = was.holder !== now.holder;
    const transitions =
      was.transitions !== null && now.transitions !== null ? now.transitions - was.transitions : 0;
    if (moved || transitions > 0) {
      changes.push({
        kind: 'lease-moved',
        line: tr.t('schedule.change.leaseMoved', {
          lease: name,
          before: was.holder ?? tr.t('schedule.none'),
          after: now.holder ?? tr.t('schedule.none'),
          transitions: now.transitions ?? 0,
          moves: Math.max(transitions, moved ? 1 : 0),
        }),
      });
    }
  }
  for (const [key, line] of Object.entries(after.problems)) {
    if (!(key in before.problems))
      changes.push({ kind: 'finding-new', line: tr.t('schedule.change.new', { line }) });
  }
  for (const [key, line] of Object.entries(before.problems)) {
    if (!(key in after.problems))
      changes.push({ kind: 'finding-cleared', line: tr.t('schedule.change.cleared', { line }) });
  }
  if (changes.length === 0 && before.health !== after.health && after.health !== null) {
    changes.push({
      kind: 'health',
      line: tr.t('schedule.change.health', { before: before.health ?? '-', after: after.health }),
    });
  }
  return changes;
}
