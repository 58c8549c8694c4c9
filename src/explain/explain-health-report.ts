/**
 * The daily HA report as a {@link Reply} a person reads in ten seconds: a headline
 * (OK, or how many things need attention and how many are urgent), one line per item, most urgent
 * first, each saying what to do, then what changed since the last report.
 */
import { setImmediate as yieldEventLoop } from 'node:timers/promises';
import type { FinishedHealthReport } from '../analysis/daily/health-report.js';
import type { ReportItem } from '../analysis/daily/report-items.js';
import type { FactValue } from '../analysis/types.js';
import type { Locale } from '../commands/types.js';
import { explainFinding } from './explain-finding.js';
import { translator } from './i18n.js';
import type { Reply } from './reply.js';

type T = ReturnType<typeof translator>;

/** How long, in the largest unit that reads well: days from 48 h, hours from 1 h, else minutes. */
function age(tr: T, facts: Record<string, FactValue>): string {
  const hours = typeof facts.hours === 'number' ? facts.hours : null;
  const minutes = typeof facts.minutes === 'number' ? facts.minutes : hours === null ? null : hours * 60;
  if (hours !== null && hours >= 48) return tr.t('report.age.days', { count: Math.floor(hours / 24) });
  if (hours !== null && hours >= 1) return tr.t('report.age.hours', { count: hours });
  return tr.t('report.age.minutes', { count: minutes ?? 0 });
}

/**
 * One item as the line the report shows.
 * @param locale - language
 * @param item - the item
 * @param options - `omitRenewal`: leave out how to renew a certificate (an earlier line said it)
 * @returns the line (plain text; adapters escape for their markup)
 */
export function reportItemLine(
  locale: Locale,
  item: ReportItem,
  options: { omitRenewal?: boolean } = {},
): string {
  const tr = translator(locale);
  if (item.kind === 'ha-finding' && item.finding)
    return explainFinding(tr, item.finding) ?? `${item.finding.check} (${item.finding.variant})`;
  const f = item.facts;
  const pods = Array.isArray(f.pods)
    ? (f.pods as readonly string[]).join(', ') +
      (typeof f.more === 'number' && f.more > 0 ? ` (+${f.more})` : '')
    : '';
  const renew =
    typeof f.renewal === 'string' && options.omitRenewal !== true ? tr.t(`report.renew.${f.renewal}`) : '';
  const date = typeof f.notAfter === 'string' ? f.notAfter.slice(0, 10) : '';
  return tr.t(`report.item.${item.kind}.${item.variant}`, {
    ...f,
    age: age(tr, f),
    pods,
    renew,
    date,
    node: f.node ?? '-',
    grace: f.grace ?? '-',
    member: f.member ?? f.endpoint ?? '',
  });
}

/**
 * Lines worded between two yields of the event loop in {@link explainHealthReport}: a line takes
 * about 0.2 ms, and a report over 10,000 nodes can have 10,000 lines (2 s in one step: issue 33,
 * `/healthz` took up to 3 s during such a report).
 */
export const LINES_PER_YIELD = 200;

/** `items.map(line)`, yielding the event loop every {@link LINES_PER_YIELD} lines. */
async function linesOf<I>(items: readonly I[], line: (item: I, n: number) => string): Promise<string[]> {
  const out: string[] = [];
  for (const [n, item] of items.entries()) {
    if (n > 0 && n % LINES_PER_YIELD === 0) await yieldEventLoop();
    out.push(line(item, n));
  }
  return out;
}

/** Context of {@link explainHealthReport}. */
export interface HealthReportContext {
  locale: Locale;
  requestId: string;
  cluster: string;
  /** true: the daily post (its title, and "since the last report"); false: on demand. */
  scheduled: boolean;
}

/**
 * Build the report's Reply, yielding the event loop every {@link LINES_PER_YIELD} lines.
 * @param report - the finished report (items sorted, changes since the last report)
 * @param ctx - language, request id, cluster, scheduled or on demand
 * @returns a Reply of kind `ha-status` with `healthReport` set; health `healthy` (no item: the
 *   reply is the one-line OK), `degraded` (warnings only) or `critical` (something urgent)
 */
export async function explainHealthReport(
  report: FinishedHealthReport,
  ctx: HealthReportContext,
): Promise<Reply> {
  const tr = translator(ctx.locale);
  const { items, changes } = report;
  const urgent = items.filter((i) => i.severity === 'block').length;
  const urgentText = urgent > 0 ? tr.t('report.urgent', { count: urgent }) : '';
  const summary =
    items.length === 0
      ? tr.t('report.ok', { cluster: ctx.cluster })
      : tr.t(items.length === 1 ? 'report.attentionOne' : 'report.attention', {
          count: items.length,
          cluster: ctx.cluster,
          urgent: urgentText,
        });
  const sections: Reply['sections'] = [];
  // How to renew is said once per kind of renewal (three etcd members: one `kubeadm certs renew all`).
  const renewalSaid = new Set<string>();
  const lines = await linesOf(items, (i, n) => {
    const renewal = typeof i.facts.renewal === 'string' ? i.facts.renewal : null;
    const omitRenewal = renewal !== null && renewalSaid.has(renewal);
    if (renewal !== null) renewalSaid.add(renewal);
    return `${n + 1}. ${reportItemLine(ctx.locale, i, { omitRenewal })}`.trimEnd();
  });
  if (items.length > 0) sections.push({ heading: tr.t('report.itemsHeading'), lines });
  const changeLines =
    changes === null
      ? ctx.scheduled
        ? [tr.t('report.firstReport')]
        : [tr.t('report.onDemand')]
      : [
          // new items are already listed above: name them by their number, not a second time
          ...(changes.added.length > 0
            ? [
                tr.t('report.newItems', {
                  numbers: changes.added.map((a) => items.indexOf(a) + 1).join(', '),
                }),
              ]
            : []),
          ...(await linesOf(changes.cleared, (i) =>
            tr.t('report.cleared', { line: reportItemLine(ctx.locale, i) }),
          )),
        ];
  // A healthy cluster gets its one line; what cleared since the last report is still worth saying.
  const clearedOnly = items.length === 0 && changes !== null && changes.cleared.length > 0;
  if (items.length > 0 || clearedOnly)
    sections.push({
      heading: tr.t('report.changesHeading'),
      lines: changeLines.length > 0 ? changeLines : [tr.t('report.noChanges')],
    });
  return {
    kind: 'ha-status',
    locale: ctx.locale,
    title: tr.t(ctx.scheduled ? 'report.title' : 'report.titleOnDemand', { cluster: ctx.cluster }),
    verdict: null,
    health: urgent > 0 ? 'critical' : items.length > 0 ? 'degraded' : 'healthy',
    summary,
    planes: [],
    sections,
    advice: [],
    actions: [],
    context: {
      cluster: ctx.cluster,
      snapshotAt: report.data.at,
      requestId: ctx.requestId,
      profile: report.data.profile,
    },
    findings: [],
    healthReport: { ...report.data, items, changes, scheduled: ctx.scheduled },
  };
}
