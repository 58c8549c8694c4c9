/**
 * Maintenance → platform-neutral texts: the request card (a {@link Reply} of kind
 * `maintenance` with Approve / Reject / Cancel buttons), the thread message of each event, the
 * private refusal of a click, and the audit list.
 *
 * Display names appear only here, in texts; decisions never see them. Nothing is escaped: the
 * adapters escape for their markup.
 */
import type { Locale } from '../commands/types.js';
import {
  type Actor,
  type AuditEntry,
  type CreateRefusal,
  type DecisionRefusal,
  type DrainBlocker,
  type MaintenanceAction,
  type MaintenanceEvent,
  type MaintenanceRequest,
  type StopReason,
  TERMINAL_STATES,
} from './types.js';
import { plainReply } from '../explain/explain-messages.js';
import { FATES } from './forecast/forecast.js';
import type { Fate, ForecastComparison, NodeKind } from '../explain/forecast-comparison.js';
import { type Translator, translator } from '../explain/i18n.js';
import type { Reply, ReplyAction, ReplySection } from '../explain/reply.js';

/** Refusals of a maintenance request (the answer step) and of `/k8s audit`. */
export type MaintenanceRequestRefusal = CreateRefusal | 'not-admin';

const STOP_REASONS: readonly StopReason[] = [
  'verdict-unsafe',
  'node-not-ready',
  'other-control-plane-not-ready',
  'other-control-plane-cordoned',
  'lock-held',
  'kured-lock',
  'outside-change-window',
  'drain-timeout',
  'reboot-timeout',
  'forbidden',
  'api-error',
];

/**
 * How a person is named in a text: the display name when the platform gave one, else the
 * platform id (never used to decide anything).
 * @param actor - who
 */
export function actorName(actor: Actor): string {
  const name = actor.displayName?.trim();
  return name !== undefined && name !== '' ? name : actor.id;
}

/**
 * An instant as `YYYY-MM-DD HH:MM UTC` (`HH:MM:SS` with `seconds`).
 * @param tr - translator (the locale's pattern)
 * @param iso - ISO 8601
 * @param seconds - include seconds @defaultValue false
 */
export function formatTime(tr: Translator, iso: string, seconds = false): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const d = new Date(ms).toISOString();
  return tr.t('maintenance.time', { date: d.slice(0, 10), time: d.slice(11, seconds ? 19 : 16) });
}

/**
 * A duration: `45 s`, `3 min 12 s`, `2 min`, `1 h 5 min`, `1 h` (Korean `45초`, `3분 12초`, `2분`,
 * `1시간 5분`, `1시간`): a zero second or minute part is left out.
 * @param tr - translator
 * @param ms - duration in ms (negative counts as 0)
 */
export function formatDuration(tr: Translator, ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return tr.t('maintenance.duration.s', { s: total });
  if (total < 3600) {
    const m = Math.floor(total / 60);
    const s = total % 60;
    return s === 0 ? tr.t('maintenance.duration.m', { m }) : tr.t('maintenance.duration.ms', { m, s });
  }
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  return m === 0 ? tr.t('maintenance.duration.h', { h }) : tr.t('maintenance.duration.hm', { h, m });
}

function isStopReason(s: string | undefined): s is StopReason {
  return s !== undefined && (STOP_REASONS as readonly string[]).includes(s);
}

function stopText(tr: Translator, reason: string | undefined, node: string): string {
  return tr.t(`maintenance.stop.${isStopReason(reason) ? reason : 'unknown'}`, { node });
}

/** What an event's text needs of its request. */
export type EventSubject = Pick<MaintenanceRequest, 'node' | 'cluster' | 'expiresAt' | 'progress'>;

/** Whether the node is cordoned now, as far as the request's progress says. */
function nodeCordoned(r: EventSubject): boolean {
  if (r.progress.wasCordoned === true) return true;
  return r.progress.cordonedByBot === true && r.progress.uncordonedAt === undefined;
}

function nodeStateText(tr: Translator, r: EventSubject, cordoned: boolean): string {
  if (!cordoned)
    return tr.t(
      r.progress.uncordonedAt !== undefined
        ? 'maintenance.nodeState.uncordoned'
        : 'maintenance.nodeState.notCordoned',
      { node: r.node },
    );
  return tr.t(
    r.progress.wasCordoned === true
      ? 'maintenance.nodeState.wasCordoned'
      : 'maintenance.nodeState.cordonedByBot',
    { node: r.node },
  );
}

function stateSummary(tr: Translator, r: MaintenanceRequest): string {
  const base = { node: r.node, cluster: r.cluster };
  switch (r.state) {
    case 'pending-approval':
      return tr.t(
        r.cordonedAtRequest === true
          ? 'maintenance.state.pending-approval-cordoned'
          : 'maintenance.state.pending-approval',
        {
          ...base,
          count: r.approvals.length,
          required: r.approvalsRequired,
          missing: Math.max(0, r.approvalsRequired - r.approvals.length),
        },
      );
    case 'waiting-for-window': {
      const at =
        r.stateReason !== undefined && !Number.isNaN(Date.parse(r.stateReason))
          ? formatTime(tr, r.stateReason)
          : undefined;
      return at === undefined
        ? tr.t('maintenance.state.waiting-for-window', base)
        : tr.t('maintenance.state.waiting-for-window-at', { ...base, at });
    }
    case 'expired':
      return tr.t('maintenance.state.expired', { ...base, at: formatTime(tr, r.expiresAt) });
    case 'completed':
      return tr.t('maintenance.state.completed', {
        ...base,
        nodeState:
          r.progress.wasCordoned === true
            ? tr.t('maintenance.nodeState.leftCordoned', base)
            : nodeStateText(tr, r, nodeCordoned(r)),
      });
    case 'cancelled':
      return tr
        .t('maintenance.state.cancelled', {
          ...base,
          nodeState:
            r.progress.cordonedAt === undefined && r.progress.wasCordoned !== true
              ? ''
              : nodeStateText(tr, r, nodeCordoned(r)),
        })
        .trim();
    case 'failed':
      return tr.t('maintenance.state.failed', {
        ...base,
        reason: stopText(tr, r.stateReason, r.node),
        nodeState: nodeStateText(tr, r, nodeCordoned(r)),
      });
    default:
      return tr.t(`maintenance.state.${r.state}`, base);
  }
}

function emptyReply(
  r: Pick<MaintenanceRequest, 'id' | 'cluster'>,
  locale: Locale,
  title: string,
  summary: string,
): Reply {
  const reply = plainReply({ locale, requestId: r.id, cluster: r.cluster }, 'maintenance', title, summary);
  return { ...reply, context: { ...reply.context, maintenanceId: r.id } };
}

/**
 * The maintenance decision buttons of the cards: button id (Slack `action_id` after the bot's
 * prefix, Teams `Action.Execute` verb) → decision. A request's card has Approve / Reject / Cancel;
 * a maintenance plan's also Pause / Resume / Retry / Skip / Stop.
 */
export const MAINTENANCE_BUTTONS: Readonly<Record<string, MaintenanceAction>> = {
  'maintenance-approve': 'approve',
  'maintenance-reject': 'reject',
  'maintenance-cancel': 'cancel',
  'maintenance-pause': 'pause',
  'maintenance-resume': 'resume',
  'maintenance-retry': 'retry',
  'maintenance-skip': 'skip',
  'maintenance-stop': 'stop',
};

/**
 * The decision of a maintenance button id.
 * @param id - a button id or verb, as clicked (untrusted)
 * @returns the decision, or undefined for any other id
 */
export function decisionOfButton(id: string | undefined): MaintenanceAction | undefined {
  return id !== undefined && Object.hasOwn(MAINTENANCE_BUTTONS, id) ? MAINTENANCE_BUTTONS[id] : undefined;
}

function cardActions(tr: Translator, r: MaintenanceRequest): ReplyAction[] {
  if (r.state === 'pending-approval') {
    return [
      { id: 'maintenance-approve', label: tr.t('maintenance.actions.approve'), value: r.id },
      { id: 'maintenance-reject', label: tr.t('maintenance.actions.reject'), value: r.id },
      { id: 'maintenance-cancel', label: tr.t('maintenance.actions.cancel'), value: r.id },
    ];
  }
  if (TERMINAL_STATES.includes(r.state) || r.state === 'cancelling') return [];
  return [{ id: 'maintenance-cancel', label: tr.t('maintenance.actions.cancel'), value: r.id }];
}

/**
 * The request card: title, what happens now and next (summary), the request (node and role,
 * cluster, reason, force, requester, approvals x/y with approver names, expiry or who rejected /
 * cancelled, drain progress) and the analysis summary when requested. Buttons: Approve, Reject,
 * Cancel while pending; Cancel while executing; none when finished or cancelling.
 * @param request - the request as stored
 * @param locale - the reader's language (normally `request.locale`)
 * @returns a Reply of kind `maintenance`, `verdict` = the verdict when requested,
 *   `context.maintenanceId` = the request id; button values are the request id
 */
export function explainMaintenanceCard(request: MaintenanceRequest, locale: Locale): Reply {
  const tr = translator(locale);
  const r = request;
  const lines: string[] = [
    tr.t('maintenance.card.node', {
      node: r.node,
      cluster: r.cluster,
      role: tr.t(`maintenance.role.${r.nodeRole}`),
    }),
    r.reason.trim() === ''
      ? tr.t('maintenance.card.noReason')
      : tr.t('maintenance.card.reason', { reason: r.reason }),
  ];
  if (r.force) lines.push(tr.t('maintenance.card.force', { forceReason: r.forceReason ?? '' }));
  if (r.cordonedAtRequest === true) lines.push(tr.t('maintenance.card.cordonedAtRequest', { node: r.node }));
  lines.push(
    tr.t('maintenance.card.requestedBy', {
      who: actorName(r.requestedBy),
      at: formatTime(tr, r.requestedAt),
    }),
  );
  lines.push(
    r.approvals.length === 0
      ? tr.t('maintenance.card.approvals', { count: 0, required: r.approvalsRequired })
      : tr.t('maintenance.card.approvalsBy', {
          count: r.approvals.length,
          required: r.approvalsRequired,
          names: r.approvals.map((a) => actorName(a.actor)),
        }),
  );
  if (r.state === 'pending-approval')
    lines.push(tr.t('maintenance.card.expires', { at: formatTime(tr, r.expiresAt) }));
  if (r.rejectedBy) lines.push(tr.t('maintenance.card.rejectedBy', { who: actorName(r.rejectedBy) }));
  if (r.cancelledBy) lines.push(tr.t('maintenance.card.cancelledBy', { who: actorName(r.cancelledBy) }));
  if (r.progress.podsToEvict !== undefined) {
    lines.push(
      tr.t('maintenance.card.pods', { evicted: r.progress.podsEvicted ?? 0, total: r.progress.podsToEvict }),
    );
  }
  const sections: ReplySection[] = [{ heading: tr.t('maintenance.section.request'), lines }];
  if (r.summaryAtRequest.trim() !== '')
    sections.push({ heading: tr.t('maintenance.section.analysis'), lines: [r.summaryAtRequest] });
  if (r.progress.forecastComparison)
    sections.push({
      heading: tr.t('maintenance.section.forecast'),
      lines: comparisonLines(tr, r.progress.forecastComparison),
    });
  const reply = emptyReply(
    r,
    locale,
    tr.t('maintenance.title', { id: r.id, node: r.node, cluster: r.cluster }),
    stateSummary(tr, r),
  );
  reply.verdict = r.verdictAtRequest;
  reply.sections = sections;
  reply.actions = cardActions(tr, r);
  if (r.progress.forecastComparison) reply.forecastComparison = r.progress.forecastComparison;
  return reply;
}

function waitingText(tr: Translator, blockers: readonly DrainBlocker[]): string[] {
  return blockers.map((b) =>
    b.budget !== undefined
      ? tr.t('maintenance.event.waiting-budget', { budget: b.budget, pod: b.pod })
      : tr.t('maintenance.event.waiting-pod', { pod: b.pod, detail: b.detail }),
  );
}

/** A tally's text (`3 moved, 1 Pending`): the fates either side counts, or "no pods to move". */
function tallyText(tr: Translator, t: Record<string, number>, shown: readonly string[]): string {
  if (shown.length === 0) return tr.t('maintenance.forecast.no-pods');
  return shown.map((f) => tr.t(`maintenance.forecast.fate.${f}`, { count: t[f] ?? 0 })).join(', ');
}

const fateWord = (tr: Translator, v: string | number): string =>
  typeof v === 'number'
    ? String(v)
    : FATES.includes(v as Fate)
      ? tr.t(`maintenance.forecast.word.${v}`)
      : v.startsWith('refused by ')
        ? `${tr.t('maintenance.forecast.word.refused')} (${v.slice('refused by '.length)})`
        : v;

const movedToWord = (tr: Translator, k: NodeKind): string =>
  tr.t(
    k.role === 'control-plane'
      ? 'maintenance.forecast.word.moved-to-cp'
      : 'maintenance.forecast.word.moved-to-worker',
  ) + (k.pool ? tr.t('maintenance.forecast.word.of-pool', { pool: k.pool }) : '');

/**
 * The forecast-vs-observed lines of one node (issue 34): one line when everything matched, else
 * the tallies and one line per mismatch ("node away 4 min 12 s, forecast 90 s").
 * @param tr - translator
 * @param c - the comparison
 */
export function comparisonLines(tr: Translator, c: ForecastComparison): string[] {
  const shown = [...FATES, 'unknown'].filter(
    (f) => (c.forecast[f as Fate] ?? 0) > 0 || (c.observed[f as Fate | 'unknown'] ?? 0) > 0,
  );
  const forecastAway = tr.t(
    c.awayMs.from === 'history' ? 'maintenance.forecast.away-history' : 'maintenance.forecast.away-typical',
    { node: c.node, ms: formatDuration(tr, c.awayMs.forecast), count: c.awayMs.count },
  );
  // etcd voters forecast but not observed: said, never a silent match
  const etcd = c.etcdVoters;
  const unobserved =
    etcd && etcd.forecast !== null && etcd.observed === null
      ? [
          tr.t('maintenance.forecast.etcd-unobserved', {
            node: c.node,
            forecast: etcd.forecast,
            quorum: etcd.quorum ?? '?',
          }),
        ]
      : [];
  if (c.mismatches.length === 0)
    return [
      tr.t('maintenance.forecast.matched', {
        node: c.node,
        tally: tallyText(tr, c.observed, shown),
        away: c.awayMs.observed === null ? '?' : formatDuration(tr, c.awayMs.observed),
        forecast: forecastAway,
      }),
      ...unobserved,
    ];
  const out = [
    tr.t('maintenance.forecast.header', {
      node: c.node,
      forecast: tallyText(
        tr,
        c.forecast,
        shown.filter((f) => f !== 'unknown'),
      ),
      observed: tallyText(tr, c.observed, shown),
    }),
  ];
  for (const m of c.mismatches) {
    if (m.kind === 'fate' || m.kind === 'blocker')
      out.push(
        tr.t('maintenance.forecast.pod', {
          pod: m.pod ?? '',
          forecast: m.to ? movedToWord(tr, m.to.forecast) : fateWord(tr, m.forecast),
          observed: m.to ? movedToWord(tr, m.to.observed) : fateWord(tr, m.observed),
          detail: m.detail ? ` — ${m.detail}` : '',
        }),
      );
    else if (m.kind === 'time-away')
      out.push(
        tr.t('maintenance.forecast.time-away', {
          observed: formatDuration(tr, Number(m.observed)),
          forecast: forecastAway,
        }),
      );
    else if (m.kind === 'drain-time')
      out.push(
        tr.t('maintenance.forecast.drain-time', {
          observed: formatDuration(tr, Number(m.observed)),
          forecast: formatDuration(tr, Number(m.forecast)),
        }),
      );
    else
      out.push(
        tr.t(
          m.members === 'etcd-voters'
            ? 'maintenance.forecast.etcd-voters'
            : 'maintenance.forecast.control-plane',
          { node: c.node, observed: m.observed, forecast: m.forecast, quorum: etcd?.quorum ?? '?' },
        ),
      );
  }
  return [...out, ...unobserved];
}

/**
 * One event's sentence(s), without a Reply around them.
 * @param tr - translator
 * @param request - the request (after the event)
 * @param event - what happened
 * @returns the lines (first is the sentence; more for blockers and details), or null for events
 *   that are audit-only (`requested`: the card says it; `eviction`: progress says it)
 */
export function eventLines(tr: Translator, request: EventSubject, event: MaintenanceEvent): string[] | null {
  const base = { node: request.node, cluster: request.cluster };
  switch (event.type) {
    case 'requested':
    case 'eviction':
      return null;
    case 'approved':
      return [
        tr.t(
          event.approvals >= event.required
            ? 'maintenance.event.approved-final'
            : 'maintenance.event.approved',
          {
            ...base,
            who: actorName(event.by),
            count: event.approvals,
            required: event.required,
          },
        ),
      ];
    case 'rejected':
      return [tr.t('maintenance.event.rejected', { ...base, who: actorName(event.by) })];
    case 'expired':
      return [tr.t('maintenance.event.expired', { ...base, at: formatTime(tr, request.expiresAt) })];
    case 'cancel-requested':
      return [tr.t('maintenance.event.cancel-requested', { ...base, who: actorName(event.by) })];
    case 'cancelled': {
      const touched =
        event.nodeCordoned ||
        request.progress.cordonedAt !== undefined ||
        request.progress.wasCordoned === true;
      const nodeState = touched ? nodeStateText(tr, request, event.nodeCordoned) : '';
      const key = event.by === undefined ? 'maintenance.event.cancelled-bot' : 'maintenance.event.cancelled';
      return [
        tr
          .t(key, {
            ...base,
            who: event.by === undefined ? '' : actorName(event.by),
            podsEvicted: event.podsEvicted,
            nodeState,
          })
          .trim(),
      ];
    }
    case 'waiting-for-window':
      return [tr.t('maintenance.event.waiting-for-window', { ...base, at: formatTime(tr, event.opensAt) })];
    case 'execution-started':
      return [tr.t('maintenance.event.execution-started', base)];
    case 'locked':
      return [tr.t('maintenance.event.locked', { ...base, lease: event.lease })];
    case 'cordoned':
      return [
        tr.t(event.wasCordoned ? 'maintenance.event.cordoned-already' : 'maintenance.event.cordoned', base),
      ];
    case 'drain-progress': {
      const waiting = waitingText(tr, event.waitingOn);
      return [
        waiting.length === 0
          ? tr.t('maintenance.event.progress', { ...base, evicted: event.evicted, total: event.total })
          : tr.t('maintenance.event.progress-waiting', {
              ...base,
              evicted: event.evicted,
              total: event.total,
              waiting,
            }),
      ];
    }
    case 'drained':
      return [
        event.skipped.length === 0
          ? tr.t('maintenance.event.drained', { ...base, evicted: event.evicted, count: event.evicted })
          : tr.t('maintenance.event.drained-skipped', {
              ...base,
              evicted: event.evicted,
              count: event.evicted,
              skipped: event.skipped,
            }),
      ];
    case 'reboot-hook':
      return [
        tr.t(event.ok ? 'maintenance.event.reboot-hook-ok' : 'maintenance.event.reboot-hook-failed', {
          ...base,
          detail: event.detail,
        }),
      ];
    case 'rebooted':
      return [tr.t('maintenance.event.rebooted', { ...base, bootId: event.bootId })];
    case 'verified':
      return [tr.t('maintenance.event.verified', base)];
    case 'uncordoned':
      return [tr.t('maintenance.event.uncordoned', base)];
    case 'lock-released':
      return [tr.t('maintenance.event.lock-released', { ...base, lease: event.lease })];
    case 'completed':
      return [
        tr.t('maintenance.event.completed', {
          ...base,
          drain: formatDuration(tr, event.drainMs),
          downtime: formatDuration(tr, event.downtimeMs),
          total: formatDuration(tr, event.totalMs),
        }),
      ];
    case 'forecast-compared':
      return comparisonLines(tr, event.comparison);
    case 'failed': {
      const out = [
        tr.t('maintenance.event.failed', {
          ...base,
          reason: stopText(tr, event.reason, request.node),
          nodeState: nodeStateText(tr, request, event.nodeCordoned),
        }),
      ];
      for (const b of event.blockers ?? []) {
        out.push(
          b.budget !== undefined
            ? tr.t('maintenance.event.blocker-budget', { pod: b.pod, budget: b.budget, detail: b.detail })
            : tr.t('maintenance.event.blocker', { pod: b.pod, detail: b.detail }),
        );
      }
      if (event.detail.trim() !== '')
        out.push(tr.t('maintenance.event.failed-detail', { detail: event.detail }));
      return out;
    }
    case 'plan-control':
      return [
        tr.t('maintenance.event.plan-control', {
          who: actorName(event.by),
          action: tr.t(`maintenancePlan.actions.${event.action}`),
        }),
      ];
    case 'plan-finished':
      return [
        tr.t('maintenance.event.plan-finished', {
          state: tr.t(`maintenancePlan.stateName.${event.state}`),
          done: event.done,
          total: event.total,
        }),
      ];
    case 'lock-broken':
      return [tr.t('maintenance.event.lock-broken', { lock: event.lock, holder: event.holder })];
    case 'lock-break-refused':
      return [
        tr.t('maintenance.event.lock-break-refused', {
          lock: event.lock,
          holder: event.holder,
          reason: tr.t(`maintenancePlan.lockBreak.stop.${event.reason}`, { holder: event.holder }),
        }),
      ];
  }
}

/**
 * The thread message of one event.
 * @param request - the request, as it is after the event
 * @param event - what happened
 * @param locale - the reader's language (normally `request.locale`)
 * @returns a Reply of kind `maintenance` (summary = the sentence; blockers and details in a
 *   section), or null for audit-only events (`requested`, `eviction`)
 */
export function explainMaintenanceEvent(
  request: MaintenanceRequest,
  event: MaintenanceEvent,
  locale: Locale,
): Reply | null {
  const tr = translator(locale);
  const lines = eventLines(tr, request, event);
  if (lines === null) return null;
  const [summary = '', ...more] = lines;
  const reply = emptyReply(
    request,
    locale,
    tr.t('maintenance.title', { id: request.id, node: request.node, cluster: request.cluster }),
    summary,
  );
  if (more.length > 0) {
    reply.sections = [
      {
        heading:
          event.type === 'failed' && (event.blockers?.length ?? 0) > 0
            ? tr.t('maintenance.section.blockers')
            : '',
        lines: more,
      },
    ];
  }
  return reply;
}

/**
 * The private answer to a refused click or request ("You are not an approver for prod.").
 * @param refusal - a decision refusal, or a refusal of a new request / of the audit
 * @param request - the request concerned (its cluster, node, expiry, approvals, state), when known
 * @param locale - the clicker's language
 * @param extra - `id` (a request id typed for `not-found`), `cluster` / `node` when no request is given
 * @returns one sentence of plain text
 */
export function explainMaintenanceRefusal(
  refusal: DecisionRefusal | MaintenanceRequestRefusal,
  request: MaintenanceRequest | undefined,
  locale: Locale,
  extra: { id?: string; cluster?: string; node?: string } = {},
): string {
  const tr = translator(locale);
  const id = request?.id ?? extra.id;
  const key = refusal === 'not-found' && (id === undefined || id === '') ? 'not-found-any' : refusal;
  return tr.t(`maintenance.refusal.${key}`, {
    id: id ?? '',
    cluster: request?.cluster ?? extra.cluster ?? '',
    node: request?.node ?? extra.node ?? '',
    at: request ? formatTime(tr, request.expiresAt) : '',
    count: request?.approvals.length ?? 0,
    required: request?.approvalsRequired ?? 0,
    state: request ? tr.t(`maintenance.stateName.${request.state}`) : '',
  });
}

/**
 * The audit list for `/k8s audit`: one line per entry, newest first (the order given).
 * @param entries - audit entries (as `AuditLog.recent` returns them)
 * @param locale - the reader's language
 * @param requestId - the chat request's id (for `context.requestId`) @defaultValue `'audit'`
 * @returns a Reply of kind `maintenance` with one section
 */
export function explainAudit(entries: readonly AuditEntry[], locale: Locale, requestId = 'audit'): Reply {
  const tr = translator(locale);
  const lines = entries.map((e) => {
    const subject: EventSubject = { node: e.node, cluster: e.cluster, expiresAt: e.at, progress: {} };
    const text =
      e.event.type === 'eviction'
        ? tr.t('maintenance.event.eviction', { pod: e.event.pod })
        : e.event.type === 'requested'
          ? tr.t('maintenance.event.requested', { who: e.actor, node: e.node })
          : (eventLines(tr, subject, e.event)?.[0] ?? e.event.type);
    return tr.t('maintenance.audit.line', {
      at: formatTime(tr, e.at, true),
      requestId: e.requestId,
      cluster: e.cluster,
      node: e.node,
      actor: e.actor,
      event: text,
    });
  });
  const reply = emptyReply(
    { id: requestId, cluster: '' },
    locale,
    tr.t('maintenance.audit.title', { count: entries.length }),
    entries.length === 0 ? tr.t('maintenance.audit.empty') : tr.t('maintenance.audit.heading'),
  );
  reply.context = { cluster: null, snapshotAt: null, requestId };
  if (lines.length > 0) reply.sections = [{ heading: '', lines }];
  return reply;
}
