/**
 * Maintenance plans → the one card of a plan (a {@link Reply} of kind `maintenance`),
 * updated in place as the plan runs: the plan's facts and approvals, every node in order with its
 * step, verdict, state and the reasons for its place, the nodes left out and why, what holds the
 * plan, and a per-node table of times. Plain text; the adapters escape for their markup.
 */
import type { Locale } from '../../commands/types.js';
import type { MaintenancePlan, PlanNode } from './plan-types.js';
import { plainReply } from '../../explain/explain-messages.js';
import { actorName, formatDuration, formatTime } from '../explain-maintenance.js';
import { type Translator, translator } from '../../explain/i18n.js';
import type { Reply, ReplySection } from '../../explain/reply.js';

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
 * @returns one line per node, in the plan's order
 */
export function planTimesTable(plan: MaintenancePlan, locale: Locale): string[] {
  const tr = translator(locale);
  const at = (iso?: string): string => (iso ? formatTime(tr, iso, true) : '-');
  return plan.nodes.map((n) =>
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
  const summary = tr.t(`maintenancePlan.state.${p.state}`, {
    id: p.id,
    done,
    total: p.nodes.length,
    node: current?.node ?? '',
    detail: holdDetail,
    missing: Math.max(0, p.approvalsRequired - p.approvals.length),
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
  const sections: ReplySection[] = [{ heading: tr.t('maintenancePlan.section.request'), lines: facts }];
  sections.push({
    heading: tr.t('maintenancePlan.section.nodes'),
    lines: p.nodes.map((n, i) =>
      tr.t('maintenancePlan.card.node', {
        n: i + 1,
        node: n.node,
        role: tr.t(`maintenancePlan.role.${n.role}`),
        batch: n.batch,
        verdict: n.verdict,
        state: nodeState(tr, n),
        why: n.why.map((w) => tr.t(`maintenancePlan.why.${w.key}`, w.facts ?? {})).join(' '),
      }),
    ),
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
    sections.push({ heading: tr.t('maintenancePlan.section.table'), lines: planTimesTable(p, locale) });
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
    context: { ...base.context, maintenanceId: p.id },
  };
}
