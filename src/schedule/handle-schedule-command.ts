/**
 * Answer a schedule command in a conversation: create, list or remove schedules through the
 * {@link ScheduleService}, and say what happened in a {@link Reply} (English or Korean).
 */
import type { ReportSettings } from '../analysis/daily/report-items.js';
import type { ScheduleCommand } from '../commands/parse-schedule-command.js';
import type { Locale } from '../commands/types.js';
import { explainFailure } from '../explain/explain-messages.js';
import { translator, type Translator } from '../explain/i18n.js';
import type { Reply } from '../explain/reply.js';
import { closestNames } from '../util/closest-names.js';
import type { ScheduleService } from './schedule-service.js';
import type { SchedulePlatform } from './schedule-spec.js';
import { parseTimeOfDay } from './schedule-spec.js';

/** Where a schedule command came from and what the bot knows. */
export interface ScheduleCommandContext {
  platform: SchedulePlatform;
  /** Slack channel id / Teams conversation id: the schedule posts here. */
  conversation: string;
  userId: string;
  locale: Locale;
  requestId: string;
  /** Configured cluster names. */
  clusters: readonly string[];
  /** Used when the command names none. */
  defaultCluster?: string;
  /** Report settings per cluster from the configuration (`clusters.<name>.report`). */
  reportDefaults?: Readonly<Record<string, ReportSettings>>;
}

/**
 * A schedule answer: `title` says what it is about (the schedule's posts, the list, or that nothing
 * was scheduled) and `summary` what happened, so that no surface shows one sentence twice (the
 * title above the summary; Slack's and Teams' notification text, "title: summary").
 */
function textReply(
  locale: Locale,
  requestId: string,
  cluster: string | null,
  title: string,
  summary: string,
  lines: string[] = [],
): Reply {
  return {
    kind: 'help',
    locale,
    title,
    verdict: null,
    summary,
    planes: [],
    sections: lines.length > 0 ? [{ heading: '', lines }] : [],
    advice: [],
    actions: [],
    context: { cluster, snapshotAt: null, requestId },
    findings: [],
  };
}

/** The title of an answer about one schedule: whose posts, the HA status or the daily report. */
function postsTitle(tr: Translator, cluster: string, report: boolean): string {
  return tr.t(report ? 'report.title' : 'schedule.postTitle', { cluster });
}

/**
 * Answer at once, without Redis, what is wrong with a schedule command: an unknown cluster, or a
 * time or time zone that is not valid. Adapters use it for their immediate acknowledgement.
 * @returns the answer when the command cannot be carried out, else null
 */
export function precheckScheduleCommand(
  command: ScheduleCommand,
  ctx: ScheduleCommandContext,
  service: Pick<ScheduleService, 'validate'>,
): Reply | null {
  if (command.kind !== 'schedule-create') return null;
  const tr = translator(ctx.locale);
  const { locale, requestId } = ctx;
  const cluster =
    command.cluster ?? ctx.defaultCluster ?? (ctx.clusters.length === 1 ? ctx.clusters[0] : undefined);
  if (cluster === undefined || !ctx.clusters.includes(cluster)) {
    return explainFailure({ locale, requestId, cluster: cluster ?? '?' }, 'cluster-unknown', {
      clusters: [...ctx.clusters],
      suggestions: cluster ? closestNames(cluster, [...ctx.clusters]) : [],
    });
  }
  const valid = service.validate({
    time: command.time,
    ...(command.timeZone ? { timeZone: command.timeZone } : {}),
  });
  if (valid.ok) return null;
  return textReply(
    locale,
    requestId,
    cluster,
    tr.t('schedule.notScheduled'),
    valid.problem === 'invalid-time'
      ? tr.t('schedule.invalidTime', { value: command.time })
      : tr.t('schedule.invalidTimeZone', { value: command.timeZone ?? '' }),
  );
}

/**
 * Carry out a schedule command.
 * @param command - from {@link parseScheduleCommand}
 * @param ctx - conversation, user, language, clusters
 * @param service - the schedule service (Redis)
 * @returns the answer to show; invalid time, time zone or cluster create nothing
 * @throws BotError `queue-unavailable` when Redis cannot be reached (adapters say so)
 */
export async function handleScheduleCommand(
  command: ScheduleCommand,
  ctx: ScheduleCommandContext,
  service: Pick<ScheduleService, 'validate' | 'create' | 'list' | 'remove'>,
): Promise<Reply> {
  const tr = translator(ctx.locale);
  const { locale, requestId } = ctx;
  if (command.kind === 'schedule-list') {
    const specs = await service.list(ctx.platform, ctx.conversation);
    const heading = tr.t('schedule.listHeading');
    if (specs.length === 0) return textReply(locale, requestId, null, heading, tr.t('schedule.listEmpty'));
    const lines = specs.map((s) =>
      tr.t('schedule.listLine', {
        id: s.id,
        cluster: s.cluster,
        time: s.time,
        timeZone: s.timeZone,
        quiet: `${s.quiet ? tr.t('schedule.quietTag') : ''}${s.report ? tr.t('report.listTag', { quietHours: s.report.quietHours ? ` ${s.report.quietHours.from}-${s.report.quietHours.to}` : '' }) : ''}`,
      }),
    );
    return textReply(
      locale,
      requestId,
      null,
      heading,
      tr.t('schedule.listCount', { count: specs.length }),
      lines,
    );
  }
  if (command.kind === 'schedule-remove') {
    const removed = await service.remove(ctx.platform, ctx.conversation, command.id);
    if (!removed)
      return textReply(
        locale,
        requestId,
        null,
        tr.t('schedule.listHeading'),
        tr.t('schedule.notFound', { id: command.id }),
      );
    return textReply(
      locale,
      requestId,
      removed.cluster,
      postsTitle(tr, removed.cluster, removed.report !== undefined),
      tr.t('schedule.removed', {
        id: removed.id,
        cluster: removed.cluster,
        time: removed.time,
        timeZone: removed.timeZone,
      }),
    );
  }
  const refused = precheckScheduleCommand(command, ctx, service);
  if (refused) return refused;
  const cluster = command.cluster ?? ctx.defaultCluster ?? ctx.clusters[0] ?? '';
  let quietHours: { from: string; to: string } | undefined;
  if (command.quietHours) {
    const from = parseTimeOfDay(command.quietHours.from);
    const to = parseTimeOfDay(command.quietHours.to);
    if (!from || !to)
      return textReply(
        locale,
        requestId,
        cluster,
        tr.t('schedule.notScheduled'),
        tr.t('report.invalidQuietHours', { value: `${command.quietHours.from}-${command.quietHours.to}` }),
      );
    quietHours = { from: from.text, to: to.text };
  }
  // The report's thresholds: the cluster's configured ones (`clusters.<name>.report`), quiet hours from the command.
  const report = command.report
    ? { ...(ctx.reportDefaults?.[cluster] ?? {}), ...(quietHours ? { quietHours } : {}) }
    : undefined;
  const { spec, replaced } = await service.create({
    platform: ctx.platform,
    conversation: ctx.conversation,
    cluster,
    time: command.time,
    ...(command.timeZone ? { timeZone: command.timeZone } : {}),
    locale,
    quiet: command.quiet,
    ...(report ? { report } : {}),
    createdBy: ctx.userId,
  });
  return textReply(
    locale,
    requestId,
    cluster,
    postsTitle(tr, cluster, report !== undefined),
    tr.t(
      report
        ? replaced
          ? 'report.replaced'
          : 'report.created'
        : replaced
          ? 'schedule.replaced'
          : 'schedule.created',
      {
        id: spec.id,
        cluster,
        time: spec.time,
        timeZone: spec.timeZone,
      },
    ),
  );
}
