/**
 * The scheduled post: one compact message. The overall status line, then what changed since the
 * last post, then the HA status sections. Quiet mode: one line when nothing changed.
 */
import { translator } from '../explain/i18n.js';
import type { Reply } from '../explain/reply.js';
import type { HaChange } from './ha-changes.js';
import type { ScheduleSpec } from './schedule-spec.js';

/** Inputs of {@link buildHaPost}. */
export interface HaPostInput {
  spec: ScheduleSpec;
  /** The HA status reply (or an error reply when the cluster could not be read). */
  status: Reply;
  /** Changes since the last post; null for the first post of the schedule. */
  changes: HaChange[] | null;
  /** The occurrence this post is for (scheduled time). */
  occurrence: Date;
  /** True when posted well after the occurrence (workers were down). */
  late: boolean;
  /** Request id of this post (`<scheduleId>.<occurrence ms>`). */
  requestId: string;
}

/** The occurrence in the schedule's time zone, `YYYY-MM-DD HH:MM`. */
function localTime(at: Date, timeZone: string): string {
  const p = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (t: string): string => p.find((x) => x.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}`;
}

/**
 * Build the post.
 * @returns a Reply of the status reply's kind, whose first section (when there is one) is the
 *   changes since the last post; quiet mode with no change gives a reply with only a summary line
 */
export function buildHaPost(input: HaPostInput): Reply {
  const { spec, status, changes } = input;
  const tr = translator(spec.locale);
  const when = `${localTime(input.occurrence, spec.timeZone)} ${spec.timeZone}`;
  const late = input.late ? ` ${tr.t('schedule.late', { when })}` : '';
  const title = `${tr.t('schedule.postTitle', { cluster: spec.cluster })}${late}`;
  const context = { ...status.context, requestId: input.requestId };
  if (status.kind === 'ha-status' && spec.quiet && changes !== null && changes.length === 0) {
    return {
      ...status,
      title,
      summary: `${tr.t('schedule.quiet', { cluster: spec.cluster, health: tr.t(`health.${status.health ?? 'healthy'}`) })}${late}`,
      sections: [],
      advice: [],
      actions: [],
      context,
    };
  }
  const changeLines =
    changes === null
      ? [tr.t('schedule.firstPost')]
      : changes.length === 0
        ? [tr.t('schedule.noChanges')]
        : changes.map((c) => c.line);
  return {
    ...status,
    title,
    sections: [{ heading: tr.t('schedule.changesHeading'), lines: changeLines }, ...status.sections],
    context,
  };
}
