/**
 * Maintenance commands in English and Korean, as a table of full-match rules tried by
 * {@link parseCommand} right after normalisation (before its own options and grammar, because a
 * maintenance request carries a free-text reason and a `--force` option the main grammar refuses).
 *
 * Forms (each rule of {@link MAINTENANCE_GRAMMAR} is one line):
 * - request: `maintain NODE [reason…]`, `request a reboot of NODE [because …]`,
 *   `reboot NODE with approval [because …]`, `master-2 유지보수 요청 [사유]`, `master-2 재부팅 요청`;
 *   the cluster by `--cluster NAME`, `… in prod` right after the node, or `prod 클러스터`;
 *   a force by `--force "reason"` (also `--force=reason`) or a trailing `force: reason` / `강제: 사유`;
 * - decisions: `approve mr-…`, `reject mr-…`, `cancel mr-…`; `mr-… 승인|거절|취소`, `승인 mr-…`;
 * - `maintenance status mr-…`, `mr-… 상태`;
 * - `audit`, `audit log [in prod]`, `감사 로그`.
 *
 * Request ids are checked against {@link REQUEST_ID_PATTERN}-shaped text (`mr-` + 10 of
 * `[a-z2-7]`); anything else after a decision verb is `invalid-request-id` (the answer shows the
 * forms; nothing is looked up).
 */
import { isValidClusterName, isValidNodeName } from './names.js';
import type { Locale, MaintenanceCommand, ParseError } from './types.js';

/**
 * Request ids: `mr-` + 10 characters of `[a-z2-7]` (the same pattern as `REQUEST_ID_PATTERN` in
 * src/maintenance/types.ts, repeated here so the parser does not depend on the maintenance module).
 */
export const MAINTENANCE_ID_PATTERN = /^mr-[a-z2-7]{10}$/;

/**
 * Ids a decision or a status may name: a request (`mr-`), a maintenance plan (`mp-`)
 * or a request to break a lock (`lb-`), each + 10 of `[a-z2-7]`.
 */
export const MAINTENANCE_SUBJECT_ID_PATTERN = /^(?:mr|mp|lb)-[a-z2-7]{10}$/;

/** Longest kept reason, in code points (the request stores at most 500 characters). */
export const MAX_REASON_LENGTH = 500;

/** What a maintenance rule makes. */
type MaintenanceIntent = MaintenanceCommand['kind'];

/** One rule: a full-match pattern with named groups `node`, `cluster`, `reason`, `action`, `id`. */
export interface MaintenanceRule {
  intent: MaintenanceIntent;
  lang: Locale;
  pattern: RegExp;
}

/** Pieces spliced into the rules by name (`{NODE}`). */
const PARTS: Readonly<Record<string, string>> = {
  NODE: '(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,():]+)',
  CLUSTER:
    '(?:\\s+(?:in|on)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[a-z0-9][a-z0-9-]*)(?:\\s+cluster)?(?=$|[\\s,:;]))?',
  REASON: '(?:\\s*[,:]?\\s+(?<reason>\\S.*))?',
  KNODE: '(?<node>[^\\s,():;]+?)(?:\\s*노드)?(?:을|를|의|은|는)?',
  KCLUSTER: '(?:(?<cluster>[a-z0-9][a-z0-9-]*)\\s*클러스터(?:의|에서|에)?\\s+)?',
  KREQ: '(?:요청|신청)(?:해\\s*줘|해\\s*주세요|합니다|할게요?|하기)?',
  KREASON: '(?:\\s*[,:]?\\s+(?<reason>\\S.*))?',
  ID: '(?<id>\\S+)',
};

function rule(intent: MaintenanceIntent, lang: Locale, template: string): MaintenanceRule {
  const source = template.replace(/\{([A-Z]+)\}/g, (_m, name: string) => {
    const part = PARTS[name];
    if (part === undefined) throw new Error(`unknown part {${name}} in a maintenance rule`);
    return part;
  });
  return { intent, lang, pattern: new RegExp(`^${source}$`, 'iu') };
}

/** Every maintenance form, English then Korean; each must match the whole text left after options. */
export const MAINTENANCE_GRAMMAR: readonly MaintenanceRule[] = [
  // requests, English
  rule(
    'maintenance-request',
    'en',
    '(?:please\\s+)?(?:maintain|(?:start\\s+)?maintenance\\s+(?:for|of|on))\\s+{NODE}{CLUSTER}{REASON}',
  ),
  rule(
    'maintenance-request',
    'en',
    '(?:please\\s+)?(?:request|ask\\s+for|open)\\s+(?:a\\s+|an\\s+)?(?:approved\\s+)?(?:reboot|restart|maintenance|drain\\s+and\\s+reboot)(?:\\s+request)?(?:\\s+(?:of|for|on))?\\s+{NODE}{CLUSTER}{REASON}',
  ),
  rule(
    'maintenance-request',
    'en',
    '(?:please\\s+)?(?:reboot|restart|drain\\s+and\\s+reboot|maintain)\\s+{NODE}{CLUSTER}\\s+with\\s+(?:an\\s+)?approvals?{REASON}',
  ),
  // requests, Korean
  rule(
    'maintenance-request',
    'ko',
    '{KCLUSTER}{KNODE}\\s*(?:유지\\s*보수|점검|재부팅|재시작|드레인\\s*(?:후|하고)?\\s*재부팅)\\s*(?:을|를)?\\s*{KREQ}{KREASON}',
  ),
  rule(
    'maintenance-request',
    'ko',
    '{KCLUSTER}(?:유지\\s*보수|점검|재부팅)\\s*{KREQ}\\s*[:：]?\\s*{KNODE}{KREASON}',
  ),
  // decisions
  rule(
    'maintenance-decision',
    'en',
    '(?<action>approve|reject|deny|decline|cancel|abort)\\s+(?:the\\s+)?(?:maintenance\\s+)?(?:request\\s+)?{ID}',
  ),
  rule(
    'maintenance-decision',
    'ko',
    '(?<id>[a-z0-9][\\w-]*?)\\s*(?:을|를)?\\s*(?<action>승인|거절|반려|거부|취소)(?:해\\s*줘|해\\s*주세요|합니다|할게요?|하기)?',
  ),
  rule('maintenance-decision', 'ko', '(?<action>승인|거절|반려|거부|취소)\\s*[:：]?\\s+{ID}'),
  // status of one request
  rule(
    'maintenance-status',
    'en',
    '(?:show\\s+(?:me\\s+)?|maintenance\\s+status\\s+(?:of\\s+)?|(?:plan\\s+)?status\\s+of\\s+|(?:plan\\s+)?status\\s+)(?<id>(?:mr|mp|lb)-\\S*)',
  ),
  rule(
    'maintenance-status',
    'ko',
    '(?<id>(?:mr|mp|lb)-\\S*?)\\s*(?:의\\s*)?(?:상태|진행\\s*상황)(?:\\s*(?:보여\\s*줘|확인|조회))?',
  ),
  // audit
  rule(
    'audit',
    'en',
    '(?:show\\s+(?:me\\s+)?(?:the\\s+)?)?(?:maintenance\\s+)?audit(?:\\s+(?:log|trail|entries))?{CLUSTER}',
  ),
  rule(
    'audit',
    'ko',
    '{KCLUSTER}(?:유지\\s*보수\\s*)?감사\\s*(?:로그|기록)(?:\\s*(?:보여\\s*줘|확인|조회))?',
  ),
];

/** Korean decision words → actions. */
const ACTIONS: Readonly<Record<string, 'approve' | 'reject' | 'cancel'>> = {
  approve: 'approve',
  reject: 'reject',
  deny: 'reject',
  decline: 'reject',
  cancel: 'cancel',
  abort: 'cancel',
  승인: 'approve',
  거절: 'reject',
  반려: 'reject',
  거부: 'reject',
  취소: 'cancel',
};

/** The maintenance forms for the help answer (they parse with {@link parseCommand}). */
export const MAINTENANCE_HELP_EXAMPLES: Readonly<
  Record<Locale, readonly { form: string; example: string }[]>
> = {
  en: [
    {
      form: 'maintain NODE [REASON] [in CLUSTER]  (asks for an approved cordon, drain, reboot wait and uncordon; a reason ending in "in WORD" names cluster WORD: quote the reason to keep it)',
      example: 'maintain atlas-cp-2 kernel update in prod',
    },
    {
      form: 'request a reboot of NODE [because REASON]',
      example: 'request a reboot of atlas-cp-2 because of the kernel patch',
    },
    { form: 'reboot NODE with approval', example: 'reboot atlas-wk-1 with approval' },
    {
      form: 'maintain NODE REASON --force "WHY" (admins: override an unsafe verdict)',
      example: 'maintain atlas-cp-2 disk failing --force "disk is dying"',
    },
    { form: 'approve | reject | cancel REQUEST_ID', example: 'approve mr-abcdefgh23' },
    { form: 'maintenance status REQUEST_ID', example: 'maintenance status mr-abcdefgh23' },
    { form: 'audit  (admins: recent maintenance audit entries)', example: 'audit' },
  ],
  ko: [
    {
      form: '[CLUSTER 클러스터] NODE 유지보수 요청 [사유] [CLUSTER 클러스터에서]  (승인 후 cordon, 드레인, 재부팅 대기, uncordon)',
      example: 'atlas-cp-2 유지보수 요청 커널 업데이트 prod 클러스터에서',
    },
    { form: 'NODE 재부팅 요청 [사유]', example: 'atlas-cp-2 재부팅 요청' },
    {
      form: 'NODE 유지보수 요청 사유 강제: 이유 (관리자: 위험 판정 무시)',
      example: 'atlas-cp-2 유지보수 요청 디스크 교체 강제: 디스크 고장',
    },
    { form: 'REQUEST_ID 승인 | 거절 | 취소', example: 'mr-abcdefgh23 승인' },
    { form: 'REQUEST_ID 상태', example: 'mr-abcdefgh23 상태' },
    { form: '감사 로그  (관리자: 최근 유지보수 감사 기록)', example: '감사 로그' },
  ],
};

/** `--cluster X`, `--lang L`, `--force[=X]` (`—`/`–` accepted for `--`), anywhere. */
const OPTION_TOKEN = /(?:^|\s)(?:--|\u2014|\u2013)(cluster|lang|force)(?:=(\S*)|(?=\s|$))/giu;
/** A quoted force reason right after `--force`. */
const QUOTED = /^\s+(?:"([^"]*)"|\u201C([^\u201D]*)\u201D|'([^']*)'|\u2018([^\u2019]*)\u2019)/u;
/** A trailing `force: reason` / `forced: reason` / `강제: 사유`. */
const FORCE_TAIL = /(?:^|[\s,;])(?:force|forced|강제(?:\s*사유)?)\s*[:：]\s*(?<why>.*)$/iu;
/** A following option value (`--cluster prod`). */
const NEXT_VALUE = /^\s+([^\s-][^\s]*)/u;
const LANG_VALUE = /^(en|ko)(?:[-_][a-z]{2})?$/i;
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF]/u;

/** The result of {@link matchMaintenanceCommand}: a command, a refusal, or null (not a maintenance form). */
export type MaintenanceMatch =
  | { ok: true; command: MaintenanceCommand; locale: Locale }
  | { ok: false; error: ParseError; locale: Locale }
  | null;

interface TakenOptions {
  rest: string;
  cluster?: string;
  lang?: Locale;
  force: boolean;
  forceReason?: string;
  badOption?: string;
}

/** Take `--cluster`, `--lang`, `--force ["why"]` and a trailing `force: why` out of the text. */
function takeOptions(text: string): TakenOptions {
  const out: TakenOptions = { rest: '', force: false };
  let rest = '';
  let last = 0;
  OPTION_TOKEN.lastIndex = 0;
  for (let m = OPTION_TOKEN.exec(text); m !== null; m = OPTION_TOKEN.exec(text)) {
    rest += text.slice(last, m.index);
    let end = m.index + m[0].length;
    const name = (m[1] ?? '').toLowerCase();
    let value = m[2];
    if (name === 'force') {
      out.force = true;
      if (value === undefined || value === '') {
        const q = QUOTED.exec(text.slice(end));
        if (q !== null) {
          value = q[1] ?? q[2] ?? q[3] ?? q[4] ?? '';
          end += q[0].length;
        }
      }
      if (value !== undefined && value.trim() !== '')
        out.forceReason = value.replace(/^["'\u201C\u2018]|["'\u201D\u2019]$/gu, '').trim();
    } else {
      if (value === undefined) {
        const next = NEXT_VALUE.exec(text.slice(end));
        if (next !== null) {
          value = next[1];
          end += next[0].length;
        }
      }
      // `--cluster prod: reason`: the punctuation ends the value.
      value = value?.replace(/[,:;]+$/u, '');
      if (value === undefined || value === '') out.badOption = `--${name}`;
      else if (name === 'cluster') out.cluster = value;
      else {
        const lang = LANG_VALUE.exec(value);
        if (lang === null) out.badOption = value;
        else out.lang = (lang[1] ?? '').toLowerCase() as Locale;
      }
    }
    last = end;
    OPTION_TOKEN.lastIndex = end;
  }
  rest += text.slice(last);
  const tail = FORCE_TAIL.exec(rest);
  if (tail !== null) {
    out.force = true;
    const why = (tail.groups?.why ?? '').trim();
    if (why !== '' && out.forceReason === undefined) out.forceReason = why;
    rest = rest.slice(0, tail.index);
  }
  out.rest = rest
    .replace(/\s+/g, ' ')
    .replace(/[\s.!?。~…]+$/u, '')
    .trim();
  return out;
}

/**
 * A cluster named at the end of a request's reason: `… kernel patch in prod`, `… on the prod
 * cluster`, `… in cluster prod`, `… prod 클러스터에서`, `… (prod 클러스터)`. Only a reason's last
 * words: "fix leak in kubelet config" keeps its "in"; a quoted reason (`"patch in prod"`) ends in a
 * quote and is never split.
 */
const TRAILING_CLUSTER: readonly RegExp[] = [
  /\s+(?:in|on)\s+(?:the\s+)?(?:cluster\s+)?(?<cluster>[a-z0-9][a-z0-9-]*)(?:\s+cluster)?$/iu,
  /\s*\(\s*(?<cluster>[a-z0-9][a-z0-9-]*)\s*클러스터\s*\)$/iu,
  /\s+(?<cluster>[a-z0-9][a-z0-9-]*)\s*클러스터(?:에서|에|의)?$/iu,
];

/**
 * Words after a trailing "in" that say when or how, not which cluster (`… in 10m`, `… in place`):
 * such a reason is kept whole.
 */
const NOT_TRAILING_CLUSTER =
  /^(?:\d+(?:s|m|h|d|w|min|mins|minutes?|hours?|hrs?|days?|weeks?)?|place|time|advance|progress|parallel|order|case|general|full|turn|use|effect|ha|k8s|kubernetes)$/iu;

/**
 * Take a cluster named at the end of a reason out of it.
 * @param reason - the raw reason (or undefined)
 * @returns the reason without the phrase, and the cluster as typed; the reason unchanged when it
 *   does not end in a cluster phrase, or when the phrase is all the reason there is
 */
function splitTrailingCluster(reason: string | undefined): { reason: string | undefined; cluster?: string } {
  if (reason === undefined) return { reason };
  for (const pattern of TRAILING_CLUSTER) {
    const m = pattern.exec(reason);
    const cluster = m?.groups?.cluster;
    if (m === null || cluster === undefined || NOT_TRAILING_CLUSTER.test(cluster)) continue;
    const rest = reason.slice(0, m.index).trim();
    if (rest === '') return { reason };
    return { reason: rest, cluster };
  }
  return { reason };
}

/** Clip to `max` code points. */
function clip(text: string, max: number): string {
  const points = Array.from(text.trim());
  return points.length <= max ? points.join('') : points.slice(0, max).join('');
}

/** A reason as typed, without its lead-in words ("because", "사유:"), wrapping quotes or brackets. */
function cleanReason(raw: string | undefined): string {
  if (raw === undefined) return '';
  let s = raw.trim();
  s = s.replace(/^\(\s*(.*?)\s*\)$/u, '$1');
  s = s.replace(
    /^(?:because(?:\s+of)?|since|as|for|reason\s*[:：]|why\s*[:：]|사유\s*[:：]?|이유\s*[:：]?)\s*/iu,
    '',
  );
  s = s.replace(/^["'\u201C\u2018](.*)["'\u201D\u2019]$/u, '$1');
  return clip(s, MAX_REASON_LENGTH);
}

/**
 * A maintenance verb without what it acts on: `maintain`, `maintain in prod`, `request a reboot`,
 * `approve`, `cancel the request`, `유지보수 요청`, `승인`. Tried only when no full form matched.
 */
const INCOMPLETE_FORMS: readonly RegExp[] = [
  /^(?:please\s+)?(?:maintain|maintenance|(?:start\s+)?maintenance\s+(?:for|of|on)|request\s+(?:a\s+|an\s+)?(?:reboot|restart|maintenance)(?:\s+(?:of|for|on))?|(?:reboot|restart)\s+with\s+(?:an\s+)?approvals?|maintenance\s+status|approve|reject|deny|decline|cancel|abort)(?:\s+(?:the\s+)?(?:maintenance\s+)?(?:request|node))?(?:\s+(?:in|on)\s+\S+)?$/iu,
  /^(?:\S+\s*클러스터(?:에서|에|의)?\s*)?(?:유지\s*보수|점검|재부팅)\s*(?:을|를)?\s*(?:요청|신청)(?:해\s*줘|해\s*주세요|합니다|할게요?|하기)?$/u,
  /^(?:유지\s*보수\s*)?(?:요청\s*)?(?:승인|거절|반려|거부|취소)(?:해\s*줘|해\s*주세요|합니다|할게요?|하기)?$/u,
];

/**
 * Whether text is a maintenance command with its node or request id missing (`maintain`,
 * `approve`, `유지보수 요청`): the answer should then show the maintenance forms, not the general
 * help. Normalises like {@link parseCommand} (NFKC, spaces, a leading `/k8s` or mention, options).
 * @param text - the text as typed
 * @param defaultLocale - the language when the text does not decide it
 * @returns the answer language, or null when the text is not such a form
 */
export function incompleteMaintenanceForm(text: string, defaultLocale: Locale): Locale | null {
  const normal = text
    .normalize('NFKC')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:\/k8s|<@[A-Z0-9]+(?:\|[^>]*)?>|<at>[^<]*<\/at>|@[a-z0-9][\w.-]*)[:,]?(?:\s+|$)/i, '');
  const opts = takeOptions(normal);
  if (opts.rest === '' || !INCOMPLETE_FORMS.some((p) => p.test(opts.rest))) return null;
  return opts.lang ?? (HANGUL.test(opts.rest) ? 'ko' : defaultLocale);
}

/**
 * Match a maintenance form. Called by {@link parseCommand} on normalised text (NFKC, one space
 * between words, `/k8s` and mentions removed); usable alone on such text.
 * @param normal - normalised text
 * @param defaultLocale - the language when the text does not decide it (no `--lang`, no Hangul)
 * @returns the command and locale; an error (`invalid-request-id`, `invalid-node-name`,
 *   `invalid-cluster-name`, `invalid-option`) for a maintenance form with a bad value; null when
 *   the text is no maintenance form (then the main grammar is tried)
 */
export function matchMaintenanceCommand(normal: string, defaultLocale: Locale): MaintenanceMatch {
  // Cheap pre-filter: every form holds one of these words.
  if (
    !/maint|reboot|restart|approv|reject|deny|declin|cancel|abort|audit|status|show|mr-|mp-|lb-|유지|점검|재부팅|재시작|승인|거절|반려|거부|취소|감사|상태|진행/iu.test(
      normal,
    )
  )
    return null;
  const opts = takeOptions(normal);
  let matched: { rule: MaintenanceRule; groups: Record<string, string | undefined> } | null = null;
  for (const r of MAINTENANCE_GRAMMAR) {
    const m = r.pattern.exec(opts.rest);
    if (m !== null) {
      matched = { rule: r, groups: m.groups ?? {} };
      break;
    }
  }
  if (matched === null) return null;
  const { rule: r, groups: g } = matched;
  const locale: Locale = opts.lang ?? (r.lang === 'ko' || HANGUL.test(opts.rest) ? 'ko' : defaultLocale);
  if (opts.badOption !== undefined)
    return { ok: false, error: { code: 'invalid-option', token: clip(opts.badOption, 80) }, locale };
  if (opts.force && r.intent !== 'maintenance-request')
    return { ok: false, error: { code: 'invalid-option', token: '--force' }, locale };

  // `maintain NODE kernel patch in prod`: a cluster at the end of the reason, when none was named before.
  let reasonRaw = g.reason;
  let trailingCluster: string | undefined;
  if (r.intent === 'maintenance-request' && opts.cluster === undefined && g.cluster === undefined) {
    const split = splitTrailingCluster(g.reason);
    reasonRaw = split.reason;
    trailingCluster = split.cluster;
  }
  const clusterRaw = opts.cluster ?? g.cluster ?? trailingCluster;
  let cluster: string | undefined;
  if (clusterRaw !== undefined) {
    cluster = clusterRaw.toLowerCase();
    if (!isValidClusterName(cluster))
      return { ok: false, error: { code: 'invalid-cluster-name', token: clip(clusterRaw, 80) }, locale };
  }
  const withCluster = cluster === undefined ? {} : { cluster };

  switch (r.intent) {
    case 'maintenance-request': {
      const node = (g.node ?? '').toLowerCase();
      if (!isValidNodeName(node))
        return { ok: false, error: { code: 'invalid-node-name', token: clip(g.node ?? '', 80) }, locale };
      return {
        ok: true,
        command: {
          kind: 'maintenance-request',
          node,
          ...withCluster,
          reason: cleanReason(reasonRaw),
          force: opts.force,
          ...(opts.forceReason !== undefined && opts.forceReason !== ''
            ? { forceReason: clip(opts.forceReason, MAX_REASON_LENGTH) }
            : {}),
        },
        locale,
      };
    }
    case 'maintenance-decision':
    case 'maintenance-status': {
      const id = (g.id ?? '').toLowerCase();
      if (!MAINTENANCE_SUBJECT_ID_PATTERN.test(id))
        return { ok: false, error: { code: 'invalid-request-id', token: clip(g.id ?? '', 80) }, locale };
      if (r.intent === 'maintenance-status')
        return { ok: true, command: { kind: 'maintenance-status', requestId: id }, locale };
      const action = ACTIONS[(g.action ?? '').toLowerCase()];
      if (action === undefined) return null;
      return { ok: true, command: { kind: 'maintenance-decision', action, requestId: id }, locale };
    }
    case 'audit':
      return { ok: true, command: { kind: 'audit', ...withCluster }, locale };
    default:
      return null; // plans and locks have their own parsers
  }
}
