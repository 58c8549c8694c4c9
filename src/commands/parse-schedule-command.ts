/**
 * Schedule commands, parsed beside {@link parseCommand}: a small table of rules, tried
 * before the main grammar by the chat adapters. Times and time zones are captured as typed and
 * validated by the schedule service, so a bad value gets an answer that names it.
 *
 * English: `schedule daily 09:00 [Asia/Seoul] [in prod] [quiet]`, `schedules`, `unschedule <id>`;
 * the daily HA report: `schedule daily report 09:00 [Asia/Seoul] [in prod] [quiet hours 22:00-07:00]`.
 * Korean: `매일 09:00 [Asia/Seoul] [prod 클러스터] 상태 예약 [조용히]`, `예약 목록`, `예약 취소 <id>`;
 * the report: `매일 09:00 [Asia/Seoul] [prod 클러스터] 점검 예약 [조용한 시간 22:00-07:00]`.
 */
import type { Locale } from './types.js';

/** A parsed schedule command. */
export type ScheduleCommand =
  | {
      kind: 'schedule-create';
      /** As typed (validated later), e.g. `09:00`. */
      time: string;
      /** As typed, when given (validated later against the IANA database). */
      timeZone?: string;
      cluster?: string;
      quiet: boolean;
      /** The daily HA report instead of the HA status: `schedule daily report 09:00`, `점검 예약`. */
      report?: true;
      /** Quiet hours of the report, as typed (`22:00`, `7:00`; validated later). */
      quietHours?: { from: string; to: string };
    }
  | { kind: 'schedule-list' }
  | { kind: 'schedule-remove'; id: string };

/** The result: the command and the answer language, or null when the text is no schedule command. */
export type ScheduleParseResult = { command: ScheduleCommand; locale: Locale } | null;

/** One rule: a full-match pattern with named groups `time`, `tz`, `cluster`, `quiet`, `id`. */
interface ScheduleRule {
  kind: ScheduleCommand['kind'];
  lang: Locale;
  pattern: RegExp;
  /** A report schedule (groups `qfrom`, `qto`: quiet hours). */
  report?: true;
}

const TIME = '(?<time>\\S+)';
const TZ = '(?:\\s+(?!(?:in|on|quiet|quietly|조용히)(?:\\s|$))(?<tz>[A-Za-z][\\w+-]*(?:/[\\w+-]+)*))?';
const IN_CLUSTER = '(?:\\s+(?:in|on)\\s+(?<cluster>[a-z0-9][a-z0-9-]*))?';
const QUIET_EN = '(?:\\s+(?<quiet>quiet|quietly))?';
const ID = '(?<id>[\\w-]+)';
const QUIET_HOURS_EN = '(?:\\s+quiet\\s+hours\\s+(?<qfrom>\\S+?)\\s*-\\s*(?<qto>\\S+))?';
const QUIET_HOURS_KO = '(?:\\s+조용한\\s*시간\\s+(?<qfrom>\\S+?)\\s*-\\s*(?<qto>\\S+))?';

/** The schedule grammar (tried in order; each must match the whole text). */
export const SCHEDULE_GRAMMAR: readonly ScheduleRule[] = [
  // the daily HA report
  {
    kind: 'schedule-create',
    lang: 'en',
    report: true,
    pattern: new RegExp(
      `^schedule\\s+(?:a\\s+)?(?:daily\\s+)?(?:ha\\s+|health\\s+)?report(?:\\s+daily)?(?:\\s+at)?\\s+${TIME}${TZ}${IN_CLUSTER}${QUIET_HOURS_EN}$`,
      'i',
    ),
  },
  {
    kind: 'schedule-create',
    lang: 'ko',
    report: true,
    pattern: new RegExp(
      `^(?:예약\\s+)?매일\\s+${TIME}${TZ}(?:\\s+(?<cluster>[a-z0-9][a-z0-9-]*)\\s*클러스터)?\\s+(?:일일\\s*)?점검\\s*(?:보고\\s*)?예약(?:해\\s*줘|해줘|하기)?${QUIET_HOURS_KO}$`,
      'i',
    ),
  },
  {
    kind: 'schedule-create',
    lang: 'en',
    pattern: new RegExp(
      `^schedule\\s+(?:(?:a\\s+)?(?:ha\\s+)?(?:status\\s+)?(?:post\\s+)?)?daily(?:\\s+at)?\\s+${TIME}${TZ}${IN_CLUSTER}${QUIET_EN}$`,
      'i',
    ),
  },
  { kind: 'schedule-list', lang: 'en', pattern: /^(?:schedules|list\s+schedules|show\s+schedules)$/i },
  {
    kind: 'schedule-remove',
    lang: 'en',
    pattern: new RegExp(`^(?:unschedule|remove\\s+schedule|delete\\s+schedule)\\s+${ID}$`, 'i'),
  },
  {
    kind: 'schedule-create',
    lang: 'ko',
    pattern: new RegExp(
      `^(?:예약\\s+)?매일\\s+${TIME}${TZ}(?:\\s+(?<cluster>[a-z0-9][a-z0-9-]*)\\s*클러스터)?(?:\\s+(?:ha\\s*)?(?:상태\\s*)?(?:게시\\s*)?예약(?:해\\s*줘|해줘|하기)?)?(?:\\s+(?<quiet>조용히))?$`,
      'i',
    ),
  },
  { kind: 'schedule-list', lang: 'ko', pattern: /^(?:예약\s*목록|예약\s*보기|예약\s*목록\s*보기)$/ },
  { kind: 'schedule-remove', lang: 'ko', pattern: new RegExp(`^예약\\s*취소\\s+${ID}$`) },
  { kind: 'schedule-remove', lang: 'ko', pattern: new RegExp(`^${ID}\\s+예약\\s*취소$`) },
];

/**
 * The schedule forms for help texts (not in `HELP_EXAMPLES`: those must parse with
 * {@link parseCommand}, and schedule commands are answered by the adapters instead).
 */
export const SCHEDULE_HELP_EXAMPLES: Readonly<Record<Locale, readonly { form: string; example: string }[]>> =
  {
    en: [
      {
        form: 'schedule daily HH:MM [TIME_ZONE] [in CLUSTER] [quiet]',
        example: 'schedule daily 09:00 Asia/Seoul in prod',
      },
      {
        form: 'schedule daily report HH:MM [TIME_ZONE] [in CLUSTER] [quiet hours HH:MM-HH:MM]',
        example: 'schedule daily report 09:00 Asia/Seoul in prod',
      },
      { form: 'schedules', example: 'schedules' },
      { form: 'unschedule ID', example: 'unschedule hap-0123456789' },
    ],
    ko: [
      {
        form: '매일 HH:MM [시간대] [CLUSTER 클러스터] 상태 예약 [조용히]',
        example: '매일 09:00 Asia/Seoul prod 클러스터 상태 예약',
      },
      {
        form: '매일 HH:MM [시간대] [CLUSTER 클러스터] 점검 예약 [조용한 시간 HH:MM-HH:MM]',
        example: '매일 09:00 Asia/Seoul prod 클러스터 점검 예약',
      },
      { form: '예약 목록', example: '예약 목록' },
      { form: '예약 취소 ID', example: '예약 취소 hap-0123456789' },
    ],
  };

/** `/k8s`, Slack and Teams mentions at the start (as {@link parseCommand} strips them). */
const PREFIX =
  /^(?:\/k8s\s+|<@[A-Z0-9]+(?:\|[^>]*)?>[:,]?\s+|<at>[^<]*<\/at>[:,]?\s+|@[a-z0-9][\w.-]*[:,]?\s+)+/i;

/** `--cluster X` / `--lang en|ko` anywhere. */
const OPTION = /(?:^|\s)--(cluster|lang)(?:=|\s+)(\S+)/gi;

/**
 * Parse a schedule command.
 * @param text - the message or slash-command text
 * @param options - `defaultLocale` for forms that carry no language of their own
 * @returns the command and locale, or null when the text is not a schedule command (then
 *   {@link parseCommand} handles it)
 */
export function parseScheduleCommand(
  text: string,
  options: { defaultLocale?: Locale } = {},
): ScheduleParseResult {
  let s = text.trim().replace(PREFIX, '');
  let cluster: string | undefined;
  let lang: Locale | undefined;
  s = s.replace(OPTION, (_m, name: string, value: string) => {
    if (name.toLowerCase() === 'cluster') cluster = value.toLowerCase();
    else if (/^(en|ko)/i.test(value)) lang = value.slice(0, 2).toLowerCase() as Locale;
    return '';
  });
  s = s
    .replace(/\s+/g, ' ')
    .replace(/[\s.?!]+$/u, '')
    .trim();
  for (const rule of SCHEDULE_GRAMMAR) {
    const m = rule.pattern.exec(s);
    if (!m) continue;
    const g = m.groups ?? {};
    const locale = lang ?? (rule.lang === 'ko' ? 'ko' : (options.defaultLocale ?? 'en'));
    if (rule.kind === 'schedule-list') return { command: { kind: 'schedule-list' }, locale };
    if (rule.kind === 'schedule-remove')
      return { command: { kind: 'schedule-remove', id: g.id ?? '' }, locale };
    const clusterName = g.cluster?.toLowerCase() ?? cluster;
    return {
      command: {
        kind: 'schedule-create',
        time: g.time ?? '',
        ...(g.tz ? { timeZone: g.tz } : {}),
        ...(clusterName ? { cluster: clusterName } : {}),
        quiet: g.quiet !== undefined,
        ...(rule.report ? { report: true as const } : {}),
        ...(g.qfrom !== undefined && g.qto !== undefined ? { quietHours: { from: g.qfrom, to: g.qto } } : {}),
      },
      locale,
    };
  }
  return null;
}
