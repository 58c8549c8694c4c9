/**
 * The scheduled daily HA report: the worker's report data finished with the churn since
 * the last report (the baseline stored in Redis with it), explained, and held back in quiet hours
 * unless something is urgent.
 */
import { finishHealthReport } from '../analysis/daily/health-report.js';
import type { ReportBaseline } from '../analysis/daily/health-report.js';
import { explainHealthReport } from '../explain/explain-health-report.js';
import { translator } from '../explain/i18n.js';
import type { Reply } from '../explain/reply.js';
import type { ScheduleSpec } from './schedule-spec.js';

/** Minutes since midnight of an instant in a time zone. */
function minuteOfDay(at: Date, timeZone: string): number {
  const p = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string): number => Number(p.find((x) => x.type === t)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}

const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether an instant falls in quiet hours (`from` inclusive, `to` exclusive, wrapping past
 * midnight; `from` equal to `to` is the whole day).
 * @param at - the instant
 * @param timeZone - IANA zone the hours are in
 * @param quiet - `{ from: 'HH:MM', to: 'HH:MM' }`
 */
export function inQuietHours(at: Date, timeZone: string, quiet: { from: string; to: string }): boolean {
  const m = minuteOfDay(at, timeZone);
  const from = minutesOf(quiet.from);
  const to = minutesOf(quiet.to);
  if (from === to) return true; // the whole day: only urgent reports are posted
  return from < to ? m >= from && m < to : m >= from || m < to;
}

/** What {@link buildReportPost} decided. */
export interface ReportPost {
  /** The post, or null when quiet hours hold it back (nothing urgent). */
  post: Reply | null;
  /** What to store for the next report (only when posted). */
  baseline: ReportBaseline;
}

/**
 * Build the scheduled report.
 * @param spec - the schedule (its `report` settings: quiet hours)
 * @param status - the worker's reply; its `healthReport` carries the read's data
 * @param baseline - what the last report stored, or null
 * @param occurrence - the scheduled time
 * @param late - posted well after its time
 * @param requestId - `<scheduleId>.<occurrence ms>`
 * @returns the post (or null in quiet hours) and the baseline to store
 * @throws Error when `status` carries no report data (the caller posts it as it is instead)
 */
export async function buildReportPost(
  spec: ScheduleSpec,
  status: Reply,
  baseline: ReportBaseline | null,
  occurrence: Date,
  late: boolean,
  requestId: string,
): Promise<ReportPost> {
  const data = status.healthReport;
  if (!data) throw new Error('the reply carries no report');
  const report = finishHealthReport(data, baseline);
  const quiet = spec.report?.quietHours;
  const urgent = report.items.some((i) => i.severity === 'block');
  const held = quiet !== undefined && inQuietHours(occurrence, spec.timeZone, quiet);
  if (held && !urgent) return { post: null, baseline: report.baseline };
  const reply = await explainHealthReport(report, {
    locale: spec.locale,
    requestId,
    cluster: spec.cluster,
    scheduled: true,
  });
  const tr = translator(spec.locale);
  const notes = [
    late
      ? tr.t('schedule.late', { when: `${occurrence.toISOString().slice(0, 16).replace('T', ' ')} UTC` })
      : '',
    held ? tr.t('report.quietHours') : '',
  ].filter((x) => x !== '');
  return {
    post: notes.length > 0 ? { ...reply, title: `${reply.title} ${notes.join(' ')}` } : reply,
    baseline: report.baseline,
  };
}
