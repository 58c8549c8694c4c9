/**
 * Maintenance plans → the one card of a plan (a {@link Reply} of kind `maintenance`),
 * updated in place as the plan runs: the plan's facts and approvals, every node in order with its
 * step, verdict, state and the reasons for its place, the nodes left out and why, what holds the
 * plan, a per-node table of times, and the buttons that apply now (Approve / Reject / Cancel
 * while pending; Pause / Cancel while running; Resume / Cancel while paused; Retry / Skip / Stop
 * after a failure). Also the plan's thread messages (decisions and steps), the private refusals
 * and outcomes of decisions, the card of a request to break a lock, and the lock report answer.
 * Plain text; the adapters escape for their markup.
 */
import type { Locale } from '../../commands/types.js';
import type { MaintenancePlan, PlanAction, PlanNode } from './plan-types.js';
import { ALERTMANAGER_HOLDS, GATE_NOTICES_MAX, PLAN_TERMINAL_STATES } from './plan-types.js';
import { plainReply } from '../../explain/explain-messages.js';
import { actorName, eventLines, formatDuration, formatTime } from '../explain-maintenance.js';
import { type Translator, translator } from '../../explain/i18n.js';
import type { Reply, ReplyAction, ReplySection } from '../../explain/reply.js';
import type { Actor, MaintenanceEvent } from '../types.js';
import type { LockBreakRequest } from './lock-break.js';
import type { LockReport } from './lock-report.js';
import { lockReportLines } from './lock-report.js';

function nodeState(tr: Translator, n: PlanNode): string {
  return tr.t(`maintenancePlan.nodeState.${n.state}`, {
    reason: n.failure?.reason ?? '',
    detail: n.failure?.detail ?? '',
  });
}

/**
 * The per-node table of times: start, rebooted and verified (the node's request completed),
 * settled, state; `-` for what did not happen.
 * @param plan - the plan
 * @param locale - `en` or `ko`
 * @param nodes - the nodes to list (default: all of the plan's)
 * @returns one line per node, in the plan's order
 */
export function planTimesTable(
  plan: MaintenancePlan,
  locale: Locale,
  nodes: readonly PlanNode[] = plan.nodes,
): string[] {
  const tr = translator(locale);
  const at = (iso?: string): string => (iso ? formatTime(tr, iso, true) : '-');
  return nodes.map((n) =>
    tr.t('maintenancePlan.card.row', {
      node: n.node,
      start: at(n.startedAt),
      maintained: at(n.maintainedAt),
      settled: at(n.settledAt),
      state: nodeState(tr, n),
    }),
  );
}

/**
 * Most nodes a plan card lists (in its node list and its table of times). The card is rebuilt on
 * every node state change, and Slack and Teams keep only the first messages of a long reply: a
 * plan of more nodes lists a window of this many around the node in progress, and says how many
 * it leaves out.
 */
export const PLAN_CARD_MAX_NODES = 50;

/** The nodes a card lists: all, or {@link PLAN_CARD_MAX_NODES} from a little before the node in progress. */
function cardWindow(p: MaintenancePlan, current: PlanNode | undefined): PlanNode[] {
  if (p.nodes.length <= PLAN_CARD_MAX_NODES) return p.nodes;
  const at = current === undefined ? p.nodes.length : p.nodes.indexOf(current);
  const start = Math.max(0, Math.min(at - 5, p.nodes.length - PLAN_CARD_MAX_NODES));
  return p.nodes.slice(start, start + PLAN_CARD_MAX_NODES);
}

/**
 * The card of a plan.
 * @param plan - the plan as stored
 * @param locale - `en` or `ko`
 * @returns the card; `context.maintenanceId` is the plan id
 */
export function explainMaintenancePlanCard(plan: MaintenancePlan, locale: Locale): Reply {
  const tr = translator(locale);
  const p = plan;
  const done = p.nodes.filter((n) => n.state === 'done').length;
  const current =
    p.nodes.find((n) => n.state === 'running' || n.state === 'settling' || n.state === 'failed') ??
    p.nodes.find((n) => n.state === 'pending');
  const holdDetail = p.hold ? tr.t(`maintenancePlan.hold.${p.hold.kind}`, { detail: p.hold.detail }) : '';
  // A held plan waits before its next node (a settle hold, while the step before it settles).
  const next = p.nodes.find((n) => n.state === 'pending');
  // A pause asked while a node is in progress takes effect after it: say so instead of "Running".
  const summaryKey =
    p.pauseRequested === true && (p.state === 'running' || p.state === 'held')
      ? 'pausing'
      : p.state === 'held' && next === undefined
        ? 'held-end'
        : p.state;
  const summary = tr.t(`maintenancePlan.state.${summaryKey}`, {
    id: p.id,
    done,
    total: p.nodes.length,
    node: (p.state === 'held' ? next : current)?.node ?? '',
    detail: holdDetail,
    missing: Math.max(0, p.approvalsRequired - p.approvals.length),
    endText: planEndText(tr, p),
  });
  const facts: string[] = [];
  if (p.reason.trim() !== '') facts.push(tr.t('maintenancePlan.card.reason', { reason: p.reason }));
  facts.push(
    tr.t('maintenancePlan.card.requestedBy', {
      who: actorName(p.requestedBy),
      at: formatTime(tr, p.requestedAt),
    }),
  );
  facts.push(
    p.approvals.length === 0
      ? tr.t('maintenancePlan.card.approvals', { count: 0, required: p.approvalsRequired })
      : tr.t('maintenancePlan.card.approvalsBy', {
          count: p.approvals.length,
          required: p.approvalsRequired,
          names: p.approvals.map((a) => actorName(a.actor)),
        }),
  );
  if (p.nodes.some((n) => n.role === 'control-plane')) facts.push(tr.t('maintenancePlan.card.controlPlane'));
  facts.push(tr.t('maintenancePlan.card.settle', { settle: formatDuration(tr, p.settleMs) }));
  if ((p.workerBatchSize ?? 1) > 1)
    facts.push(tr.t('maintenancePlan.card.batch', { size: p.workerBatchSize }));
  if (p.maxUnavailablePerZone !== undefined)
    facts.push(tr.t('maintenancePlan.card.zoneLimit', { limit: p.maxUnavailablePerZone }));
  const sections: ReplySection[] = [{ heading: tr.t('maintenancePlan.section.request'), lines: facts }];
  const listed = cardWindow(p, current);
  const first = p.nodes.indexOf(listed[0] as PlanNode);
  const shown = new Set(listed);
  const omitted = p.nodes.filter((n) => !shown.has(n));
  const omittedLine =
    omitted.length === 0
      ? []
      : [
          tr.t('maintenancePlan.card.omitted', {
            count: omitted.length,
            done: omitted.filter((n) => n.state === 'done').length,
          }),
        ];
  sections.push({
    heading: tr.t('maintenancePlan.section.nodes'),
    lines: listed
      .map((n, i) =>
        tr.t('maintenancePlan.card.node', {
          n: first + i + 1,
          node: n.node,
          role: tr.t(`maintenancePlan.role.${n.role}`),
          batch: n.batch,
          verdict: tr.t(`maintenancePlan.verdict.${n.verdict}`),
          state: nodeState(tr, n),
          // the node's own request, to follow or cancel it (`status mr-…`, `cancel mr-…`)
          request: n.requestId ? tr.t('maintenancePlan.card.nodeRequest', { request: n.requestId }) : '',
          why: n.why.map((w) => tr.t(`maintenancePlan.why.${w.key}`, w.facts ?? {})).join(' '),
        }),
      )
      .concat(omittedLine),
  });
  if (p.excluded.length > 0) {
    sections.push({
      heading: tr.t('maintenancePlan.section.excluded'),
      lines: p.excluded.map((e) =>
        tr.t('maintenancePlan.card.excluded', { node: e.node, reasons: tr.list(e.reasons) }),
      ),
    });
  }
  if (p.nodes.some((n) => n.startedAt !== undefined))
    sections.push({
      heading: tr.t('maintenancePlan.section.table'),
      lines: planTimesTable(p, locale, listed).concat(omittedLine),
    });
  const base = plainReply(
    { locale, requestId: p.id, cluster: p.cluster },
    'maintenance',
    tr.t('maintenancePlan.title', { id: p.id, count: p.nodes.length, cluster: p.cluster }),
    summary,
  );
  return {
    ...base,
    verdict: p.verdictAtRequest,
    sections,
    actions: planCardActions(tr, p),
    context: { ...base.context, maintenanceId: p.id },
  };
}

/** The buttons of a plan card that apply in its state (their value is the plan id). */
function planCardActions(tr: Translator, p: MaintenancePlan): ReplyAction[] {
  const button = (action: PlanAction): ReplyAction => ({
    id: `maintenance-${action}`,
    label: tr.t(`maintenancePlan.actions.${action}`),
    value: p.id,
  });
  if (PLAN_TERMINAL_STATES.includes(p.state) || p.state === 'cancelling') return [];
  if (p.state === 'pending-approval') return [button('approve'), button('reject'), button('cancel')];
  if (p.state === 'needs-decision') return [button('retry'), button('skip'), button('stop')];
  if (p.state === 'paused' || p.pauseRequested) return [button('resume'), button('cancel')];
  return [button('pause'), button('cancel')];
}

/**
 * A thread message of a plan: the plan's title, one sentence, optional lines.
 * @param plan - the plan (after what happened)
 * @param messageId - unique per message (the adapters' posted-message markers key on it)
 * @param summary - the sentence
 * @param lines - more lines (a section without heading)
 */
function threadReply(
  plan: MaintenancePlan,
  locale: Locale,
  messageId: string,
  summary: string,
  lines: string[] = [],
): Reply {
  const tr = translator(locale);
  const base = plainReply(
    { locale, requestId: messageId, cluster: plan.cluster },
    'maintenance',
    tr.t('maintenancePlan.title', { id: plan.id, count: plan.nodes.length, cluster: plan.cluster }),
    summary,
  );
  return {
    ...base,
    ...(lines.length > 0 ? { sections: [{ heading: '', lines }] } : {}),
    context: { ...base.context, maintenanceId: plan.id },
  };
}

/** The outcomes of a decision on a plan (see `MaintenancePlanStore.decide`). */
export type PlanOutcome =
  | 'approval-counted'
  | 'approved'
  | 'rejected'
  | 'cancelled'
  | 'cancel-requested'
  | 'pause-requested'
  | 'resumed'
  | 'decided';

/**
 * The thread message of a decision on a plan ("bob approved the plan (1 of 2)").
 * @param plan - the plan after the decision
 * @param outcome - the store's outcome
 * @param action - what was decided
 * @param by - who
 * @param locale - the plan's language
 */
export function explainPlanDecision(
  plan: MaintenancePlan,
  outcome: PlanOutcome | 'expired',
  action: PlanAction,
  by: Actor | undefined,
  locale: Locale,
): Reply {
  const tr = translator(locale);
  const failed = plan.nodes.find((n) => n.state === 'failed');
  const first = plan.nodes.find((n) => n.state === 'pending');
  const key =
    outcome === 'approval-counted'
      ? 'approved'
      : outcome === 'approved'
        ? 'approved-final'
        : outcome === 'decided'
          ? action
          : outcome === 'pause-requested'
            ? 'pause'
            : outcome === 'resumed'
              ? 'resume'
              : outcome;
  return threadReply(
    plan,
    locale,
    `${plan.id}-r${plan.revision}-decision`,
    tr.t(`maintenancePlan.event.${key}`, {
      who: by ? actorName(by) : '',
      count: plan.approvals.length,
      required: plan.approvalsRequired,
      node: (failed ?? first)?.node ?? '',
      at: formatTime(tr, plan.expiresAt),
    }),
  );
}

/**
 * The thread messages of a change the runner made (a step started, a node maintained, settled,
 * failed or skipped, the plan held, paused or ended), in that order; none for changes that say
 * nothing new (a hold whose reason did not change: a new detail is for the card; the Alertmanager
 * gate's holds past {@link GATE_NOTICES_MAX} of the plan).
 * @param before - the plan before the change
 * @param after - the plan after it
 * @param locale - the plan's language
 */
export function explainPlanChange(before: MaintenancePlan, after: MaintenancePlan, locale: Locale): Reply[] {
  const tr = translator(locale);
  const out: Reply[] = [];
  const say = (summary: string, lines: string[] = []): void => {
    out.push(threadReply(after, locale, `${after.id}-r${after.revision}-${out.length}`, summary, lines));
  };
  for (const n of after.nodes) {
    const was = before.nodes.find((x) => x.node === n.node);
    if (!was || was.state === n.state) continue;
    const params = {
      id: after.id,
      node: n.node,
      batch: n.batch,
      request: n.requestId ?? '-',
      settle: formatDuration(tr, after.settleMs),
      reason: n.failure?.reason ?? '',
      detail: n.failure?.detail ?? '',
    };
    if (n.state === 'running') say(tr.t('maintenancePlan.event.node-started', params));
    else if (n.state === 'settling') say(tr.t('maintenancePlan.event.node-maintained', params));
    else if (n.state === 'done') say(tr.t('maintenancePlan.event.node-done', params));
    else if (n.state === 'failed') say(tr.t('maintenancePlan.event.node-failed', params));
    else if (n.state === 'skipped') say(tr.t('maintenancePlan.event.node-skipped', params));
  }
  const next = after.nodes.find((n) => n.state === 'pending');
  // Once per reason (the hold's kind), not per change of its detail (the card shows that); the
  // Alertmanager gate's at most GATE_NOTICES_MAX times per plan, the last saying so.
  const gateNotices = after.gateNotices ?? 0;
  const gate = after.hold !== undefined && ALERTMANAGER_HOLDS.includes(after.hold.kind);
  if (
    after.state === 'held' &&
    after.hold &&
    (before.state !== 'held' || before.hold?.kind !== after.hold.kind) &&
    (!gate || gateNotices <= GATE_NOTICES_MAX)
  )
    say(
      tr.t(next === undefined ? 'maintenancePlan.state.held-end' : 'maintenancePlan.state.held', {
        node: next?.node ?? '',
        detail: tr.t(`maintenancePlan.hold.${after.hold.kind}`, { detail: after.hold.detail }),
      }),
      gate && gateNotices === GATE_NOTICES_MAX
        ? [tr.t('maintenancePlan.state.held-card-only', { times: gateNotices })]
        : [],
    );
  const done = after.nodes.filter((n) => n.state === 'done').length;
  if (after.state === 'paused' && before.state !== 'paused')
    say(tr.t('maintenancePlan.state.paused', { id: after.id, done, total: after.nodes.length }));
  if (
    (after.state === 'completed' || after.state === 'stopped' || after.state === 'cancelled') &&
    before.state !== after.state
  )
    say(
      tr.t(`maintenancePlan.state.${after.state}`, {
        id: after.id,
        done,
        total: after.nodes.length,
        endText: planEndText(tr, after),
      }),
      planTimesTable(after, locale),
    );
  return out;
}

/**
 * What happened to the nodes of an ended plan that are not done, from their stored state, for the
 * `stopped` / `cancelled` summaries: `; wk-1 was maintained … ; the others were not touched`. A
 * node started but not done is named (the node in progress when a cancel came runs to its end),
 * and "the others were not touched" is said only when some node was never started.
 * @param tr - translator
 * @param p - the plan
 * @returns the text after "N of M nodes done" ('' when every node is done)
 */
function planEndText(tr: Translator, p: MaintenancePlan): string {
  const parts: string[] = [];
  for (const n of p.nodes) {
    const reason = n.failure?.reason ?? '';
    if (n.state === 'settling' || n.state === 'running' || n.state === 'skipped')
      parts.push(tr.t(`maintenancePlan.end.${n.state}`, { node: n.node }));
    else if (n.state === 'failed')
      parts.push(
        tr.t(`maintenancePlan.end.${n.startedAt === undefined ? 'failed-unstarted' : 'failed'}`, {
          node: n.node,
          reason,
        }),
      );
  }
  if (p.nodes.some((n) => n.state === 'untouched' || n.state === 'pending'))
    parts.push(tr.t('maintenancePlan.end.untouched'));
  return parts.map((x) => `; ${x}`).join('');
}

/** Refusals of a plan: its decisions', and the answer step's when making one. */
export type PlanRefusalText =
  | 'not-found'
  | 'not-approver'
  | 'self-approval'
  | 'already-approved'
  | 'expired'
  | 'not-pending'
  | 'not-allowed'
  | 'already-finished'
  | 'not-applicable'
  | 'already-pausing'
  | 'already-paused'
  | 'already-cancelling'
  | 'not-requester'
  | 'no-nodes'
  | 'all-unsafe'
  | 'already-open'
  | 'unknown-nodes';

/**
 * The private answer to a refused decision on a plan, or why a plan was not made.
 * @param refusal - why
 * @param plan - the plan concerned, when known
 * @param locale - the reader's language
 * @param extra - `id` typed, `cluster`, `nodes` (unknown names), `state` (a request's, named)
 * @returns one sentence of plain text
 */
export function explainPlanRefusal(
  refusal: PlanRefusalText,
  plan: MaintenancePlan | undefined,
  locale: Locale,
  extra: { id?: string; cluster?: string; nodes?: string[]; state?: string } = {},
): string {
  const tr = translator(locale);
  return tr.t(`maintenancePlan.refusal.${refusal}`, {
    id: plan?.id ?? extra.id ?? '',
    cluster: plan?.cluster ?? extra.cluster ?? '',
    count: plan?.approvals.length ?? 0,
    required: plan?.approvalsRequired ?? 0,
    at: plan ? formatTime(tr, plan.expiresAt) : '',
    state: plan ? tr.t(`maintenancePlan.stateName.${plan.state}`) : (extra.state ?? ''),
    nodes: tr.list(extra.nodes ?? []),
  });
}

/**
 * The short answer to a counted decision on a plan or a request to break a lock (Teams answers
 * the clicker in the turn).
 * @param outcome - the store's outcome
 * @param subject - the plan or the request to break a lock, after the decision
 * @param locale - the reader's language
 */
export function explainPlanOutcome(
  outcome: PlanOutcome,
  subject: Pick<MaintenancePlan, 'id' | 'approvals' | 'approvalsRequired'>,
  locale: Locale,
): string {
  return translator(locale).t(`maintenancePlan.outcome.${outcome}`, {
    id: subject.id,
    count: subject.approvals.length,
    required: subject.approvalsRequired,
  });
}

/**
 * The card of a request to break a lock: the lock and its holder as reported when asked, why it
 * may be broken (stale, or a holder the bot cannot judge), approvals, state; Approve / Reject /
 * Cancel while pending.
 * @param r - the request
 * @param locale - the reader's language
 * @returns a Reply of kind `maintenance`, `context.maintenanceId` = the request id
 */
export function explainLockBreakCard(r: LockBreakRequest, locale: Locale): Reply {
  const tr = translator(locale);
  const what = r.lock === 'maintenance' ? r.where : `kured ${r.where}`;
  const summary = tr.t(`maintenancePlan.lockBreak.state.${r.state}`, {
    id: r.id,
    missing: Math.max(0, r.approvalsRequired - r.approvals.length),
    at: r.brokenAt ? formatTime(tr, r.brokenAt, true) : '',
    what,
    holder: r.holder.holder,
    reason: r.stateReason
      ? tr.t(`maintenancePlan.lockBreak.stop.${r.stateReason}`, { holder: r.holder.holder })
      : '',
  });
  const report: LockReport =
    r.lock === 'maintenance'
      ? { maintenance: { lease: r.where, holder: r.holder }, kured: { daemonSet: null, holders: [] } }
      : { maintenance: { lease: '', holder: null }, kured: { daemonSet: r.where, holders: [r.holder] } };
  const held = lockReportLines(report, locale)[r.lock === 'maintenance' ? 0 : 1] ?? '';
  const lines = [
    held,
    tr.t(
      r.holder.stale ? 'maintenancePlan.lockBreak.why-stale' : 'maintenancePlan.lockBreak.why-unknown',
      {},
    ),
  ];
  if (r.reason.trim() !== '') lines.push(tr.t('maintenancePlan.card.reason', { reason: r.reason }));
  lines.push(
    tr.t('maintenancePlan.card.requestedBy', {
      who: actorName(r.requestedBy),
      at: formatTime(tr, r.requestedAt),
    }),
  );
  lines.push(
    r.approvals.length === 0
      ? tr.t('maintenancePlan.card.approvals', { count: 0, required: r.approvalsRequired })
      : tr.t('maintenancePlan.card.approvalsBy', {
          count: r.approvals.length,
          required: r.approvalsRequired,
          names: r.approvals.map((a) => actorName(a.actor)),
        }),
  );
  lines.push(tr.t('maintenancePlan.lockBreak.approvals'));
  const base = plainReply(
    { locale, requestId: r.id, cluster: r.cluster },
    'maintenance',
    tr.t('maintenancePlan.lockBreak.title', { id: r.id, what, cluster: r.cluster }),
    summary,
  );
  const actions: ReplyAction[] =
    r.state === 'pending-approval'
      ? (['approve', 'reject', 'cancel'] as const).map((a) => ({
          id: `maintenance-${a}` as const,
          label: tr.t(`maintenancePlan.actions.${a}`),
          value: r.id,
        }))
      : [];
  return {
    ...base,
    sections: [{ heading: tr.t('maintenancePlan.lockBreak.section'), lines }],
    actions,
    context: { ...base.context, maintenanceId: r.id },
  };
}

/**
 * The answer to `who holds the lock`: both locks, one line each (holder, node, since, TTL,
 * request, stale), and how to break a stale one.
 * @param report - the locks as read
 * @param ctx - language, the chat request's id, cluster
 */
export function explainLockStatus(
  report: LockReport,
  ctx: { locale: Locale; requestId: string; cluster: string },
): Reply {
  const tr = translator(ctx.locale);
  const lines = lockReportLines(report, ctx.locale);
  const stale = [report.maintenance.holder, ...report.kured.holders].some((h) => h?.stale !== undefined);
  const held = report.maintenance.holder !== null || report.kured.holders.length > 0;
  const reply = plainReply(
    ctx,
    'maintenance',
    tr.t('maintenancePlan.lockStatus.title', { cluster: ctx.cluster }),
    tr.t(
      stale
        ? 'maintenancePlan.lockStatus.stale'
        : held
          ? 'maintenancePlan.lockStatus.held'
          : report.kured.daemonSet === null
            ? 'maintenancePlan.lockStatus.free-no-kured'
            : 'maintenancePlan.lockStatus.free',
    ),
  );
  return { ...reply, sections: [{ heading: '', lines }] };
}

/**
 * The thread message of an event of a request to break a lock (a decision, the break itself).
 * @param r - the request, after the event
 * @param event - what happened
 * @param locale - the reader's language
 * @returns the message, or null for audit-only events
 */
export function explainLockBreakEvent(
  r: LockBreakRequest,
  event: MaintenanceEvent,
  locale: Locale,
): Reply | null {
  const tr = translator(locale);
  const lines = eventLines(
    tr,
    { node: r.holder.node ?? r.where, cluster: r.cluster, expiresAt: r.expiresAt, progress: {} },
    event,
  );
  if (lines === null) return null;
  const what = r.lock === 'maintenance' ? r.where : `kured ${r.where}`;
  const base = plainReply(
    { locale, requestId: `${r.id}-r${r.revision}-${event.type}`, cluster: r.cluster },
    'maintenance',
    tr.t('maintenancePlan.lockBreak.title', { id: r.id, what, cluster: r.cluster }),
    lines[0] ?? '',
  );
  return { ...base, context: { ...base.context, maintenanceId: r.id } };
}
