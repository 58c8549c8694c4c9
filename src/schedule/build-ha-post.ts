/**
 * The scheduled post: one compact message. The overall status line, then what changed since the
 * last post, then the HA status sections. Quiet mode: one line when nothing changed.
 */
import { plainReply } from '../explain/explain-messages.js';
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

/** `(late: due <occurrence in the schedule's zone>)`, in the schedule's locale. */
function lateNote(spec: ScheduleSpec, occurrence: Date): string {
  const when = `${localTime(occurrence, spec.timeZone)} ${spec.timeZone}`;
  return translator(spec.locale).t('schedule.late', { when });
}

/**
 * Build the post.
 * @returns a Reply of the status reply's kind, whose first section (when there is one) is the
 *   changes since the last post; quiet mode with no change gives a reply with only a summary line
 */
export function buildHaPost(input: HaPostInput): Reply {
  const { spec, status, changes } = input;
  const tr = translator(spec.locale);
  const late = input.late ? ` ${lateNote(spec, input.occurrence)}` : '';
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
    sections: [
      // A scheduled post exists to show what changed: first, in the channel message.
      { heading: tr.t('schedule.changesHeading'), lines: changeLines, firstScreen: true },
      ...status.sections,
    ],
    context,
  };
}

/**
 * The post of an occurrence whose status no worker answered (no worker consumes the cluster's
 * queue, or none replied in time), on its last attempt: says so in the schedule's locale, naming
 * the cluster; no upstream error text.
 * @param spec - the schedule
 * @param occurrence - the occurrence (scheduled time)
 * @param late - posted well after the occurrence
 * @param requestId - `<scheduleId>.<occurrence ms>`
 * @returns an `error` Reply
 */
export function buildNoWorkerPost(
  spec: ScheduleSpec,
  occurrence: Date,
  late: boolean,
  requestId: string,
): Reply {
  const tr = translator(spec.locale);
  return plainReply(
    { locale: spec.locale, requestId, cluster: spec.cluster },
    'error',
    `${tr.t('schedule.postTitle', { cluster: spec.cluster })}${late ? ` ${lateNote(spec, occurrence)}` : ''}`,
    tr.t('schedule.noWorker', { cluster: spec.cluster }),
  );
}
