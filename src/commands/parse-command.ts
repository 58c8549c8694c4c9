/**
 * Chat text (English, Korean) → a typed {@link Command}.
 *
 * The pipeline, in order (each step is a table below, not a pile of ifs):
 *
 * 1. Guards on the raw text: longer than `maxLength` → `too-long` (checked first, O(1), so a 10 KB
 *    paste costs nothing); control characters or ANSI escapes → `control-characters`; nothing but
 *    whitespace → `empty`.
 * 2. Normalise: Unicode NFKC (full-width `？`, `ｍａｓｔｅｒ` and macOS-decomposed Hangul become
 *    plain), whitespace collapsed, leading `/k8s` and bot mentions (`@k8s-ha-bot`, `<@U123ABC>`,
 *    Teams `<at>…</at>`) removed, Slack's automatic links (`<http://a.b|a.b>`) turned back into their text.
 * 3. Options anywhere in the text: `--lang en|ko`, `--cluster NAME` (also `--x=value`, and the
 *    `—` an editor may have made of `--`), `--help`. An unknown option or a missing or bad value →
 *    `invalid-option`.
 * 4. Locale: `--lang`, else `ko` when the text holds any Hangul, else `defaultLocale`, else `en`.
 * 5. Modifiers taken out of the sentence: time hints ({@link WHEN_HINTS}: "tonight", "오늘 밤"),
 *    the cluster ("in prod", "on the prod cluster", "prod 클러스터에서", "(prod 클러스터)"),
 *    polite fillers ("please", "혹시") and trailing punctuation.
 * 6. What is left must match one rule of {@link GRAMMAR} in full. A reboot rule captures the node
 *    name liberally (everything between the verb and the end), so `master-2; rm -rf /` is caught by
 *    the name check as `invalid-node-name` rather than half-matched. When several rules match, one
 *    whose node name is valid wins.
 * 7. Names: the node name is lowercased (hostnames are case-insensitive and Kubernetes node names
 *    are lowercase, so `Master-2` means `master-2`) and must be an RFC 1123 subdomain; the cluster
 *    name is lowercased and must be an RFC 1123 label. Korean particles (를/을/은/는/이/가) glued to a
 *    node name are dropped only when what remains is a valid name.
 *
 * Nothing here echoes input unescaped: an error's `token` is plain text clipped to 80 characters,
 * free of control characters (step 1); renderers escape it for their markup.
 */
import { COMPONENT_PATTERN, normalizeComponent } from './components.js';
import { isValidClusterName, isValidNodeName } from './names.js';
import { MAINTENANCE_HELP_EXAMPLES, matchMaintenanceCommand } from './parse-maintenance-command.js';
import { matchLockCommand } from './parse-lock-command.js';
import { PLAN_HELP_EXAMPLES, parseMaintenancePlanCommand } from './parse-maintenance-plan-command.js';
import type { Command, Locale, MaintenanceCommand, ParseError, ParseResult, WhatIfChange } from './types.js';
import { RESERVED_NODE_WORDS, resolveNodeName, takeSelector, understandRequest } from './understand.js';

/** Default longest accepted text, in characters (UTF-16 code units). */
export const DEFAULT_MAX_LENGTH = 2000;

/** Longest token an error carries, in characters (code points). */
export const MAX_ERROR_TOKEN_LENGTH = 80;

/** Options of {@link parseCommand}. */
export interface ParseOptions {
  /** Answer language when the text does not decide it (no `--lang`, no Hangul). @defaultValue 'en' */
  defaultLocale?: Locale;
  /** Longest accepted text, in characters. @defaultValue {@link DEFAULT_MAX_LENGTH} (2,000) */
  maxLength?: number;
  /**
   * The cluster's node names, when the caller has them (the worker, after reading the cluster):
   * node tokens are resolved against them (`wk-2` → `pavo-wk-2`, a unique close typo with the same
   * digits → the node; see {@link resolveNodeName}). Without them (an adapter acking without
   * cluster access) node-shaped tokens are kept as typed and the worker resolves them.
   */
  nodes?: readonly string[];
}

// ---------------------------------------------------------------------------------------------
// Step 1: guards
// ---------------------------------------------------------------------------------------------

/**
 * Characters refused anywhere in a request: C0 controls except TAB and LF (CR only as part of
 * CRLF), DEL, C1 controls (including the 8-bit CSI U+009B), and the Unicode bidi embedding /
 * override / isolate controls (U+202A–202E, U+2066–2069), which can make a name display
 * differently from what it is. ESC (U+001B) is a C0 control, so every ANSI escape sequence is caught.
 */
const CONTROL_CHARACTERS =
  // eslint-disable-next-line no-control-regex -- finding control characters is this regex's job
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/u;

/** Any Hangul syllable or jamo (compatibility and conjoining). */
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF\uD7B0-\uD7FF]/u;

// ---------------------------------------------------------------------------------------------
// Step 2: prefixes (any number, any order)
// ---------------------------------------------------------------------------------------------

/** Leading parts that address the bot rather than say anything. */
const PREFIXES: readonly RegExp[] = [
  /^\/k8s(?:\s+|$)/i, // slash command typed into the text
  /^<@[A-Z0-9]+(?:\|[^>]*)?>[:,]?(?:\s+|$)/i, // Slack mention <@U123ABC> / <@U123ABC|name>
  /^<at>[^<]*<\/at>[:,]?(?:\s+|$)/i, // Teams mention
  /^@[a-z0-9][\w.-]*[:,]?(?:\s+|$)/i, // plain @k8s-ha-bot
];

/**
 * Slack turns words that look like host names into links: `ip-10-0-1-12.ec2.internal` arrives as
 * `<http://ip-10-0-1-12.ec2.internal|ip-10-0-1-12.ec2.internal>`. Keep what the user typed (the label).
 */
const AUTO_LINK = /<(?:https?:\/\/|mailto:)[^|>\s]*\|([^>\s]+)>/gi;

// ---------------------------------------------------------------------------------------------
// Step 3: options
// ---------------------------------------------------------------------------------------------

/** `--name`, `--name=value`; `—`/`–` accepted for `--` (editors "smarten" dashes). */
const OPTION = /^(?:--|\u2014|\u2013)([a-z][a-z-]*)(?:=(.*))?$/i;

/** `en`, `ko`, or a regional tag of them (`en-US`, `ko_KR`). */
const LANG_VALUE = /^(en|ko)(?:[-_][a-z]{2})?$/i;

// ---------------------------------------------------------------------------------------------
// Step 5: modifiers
// ---------------------------------------------------------------------------------------------

/** Boundaries for hints and fillers: not inside a name such as `reboot-now-1` or `prod.now`. */
const B = '(?<![\\w.-])';
const E = '(?![\\w.-])';
/** Korean words have no `\b`; they stand between spaces, start/end, or punctuation. */
const KB = '(?<![^\\s,(])';
const KE = '(?=$|[\\s,.?!)])';

/** A time hint: where it is found and what `when` becomes (a fixed word or the matched text). */
export interface WhenHint {
  pattern: RegExp;
  /** Value of `when`; omitted → the matched text, lowercased, with spaces collapsed. */
  hint?: string;
}

/**
 * Time hints, tried in order; the first found is taken out of the text and becomes `when`.
 * Longer phrases come before their parts ("right now" before "now", "오늘 밤" before "오늘").
 */
export const WHEN_HINTS: readonly WhenHint[] = [
  { pattern: new RegExp(`${B}(?:later\\s+)?tonight${E}`, 'i'), hint: 'tonight' },
  { pattern: new RegExp(`${B}(?:right\\s+now|immediately|right\\s+away|asap)${E}`, 'i'), hint: 'now' },
  { pattern: new RegExp(`${B}now${E}`, 'i'), hint: 'now' },
  { pattern: new RegExp(`${B}tomorrow(?:\\s+(?:morning|afternoon|evening|night))?${E}`, 'i') },
  {
    pattern: new RegExp(`${B}(?:(?:on\\s+)?this|on\\s+the|over\\s+the)\\s+weekend${E}`, 'i'),
    hint: 'this weekend',
  },
  { pattern: new RegExp(`${B}this\\s+(?:morning|afternoon|evening)${E}`, 'i') },
  { pattern: new RegExp(`${B}later\\s+today${E}`, 'i'), hint: 'today' },
  { pattern: new RegExp(`${B}today${E}`, 'i'), hint: 'today' },
  { pattern: new RegExp(`${B}in\\s+\\d{1,3}\\s*(?:minutes?|mins?|hours?|hrs?|h|m)${E}`, 'i') },
  { pattern: new RegExp(`${B}at\\s+\\d{1,2}(?::\\d{2})?\\s*(?:am|pm)?${E}`, 'i') },
  { pattern: new RegExp(`${KB}오늘\\s*밤(?:에)?${KE}`, 'u'), hint: '오늘 밤' },
  { pattern: new RegExp(`${KB}(?:지금\\s*(?:바로|당장)|당장|지금|바로)${KE}`, 'u'), hint: '지금' },
  { pattern: new RegExp(`${KB}내일(?:\\s*(?:아침|오후|저녁|밤|새벽))?(?:에)?${KE}`, 'u') },
  { pattern: new RegExp(`${KB}(?:이번\\s*)?주말(?:에)?${KE}`, 'u'), hint: '이번 주말' },
  { pattern: new RegExp(`${KB}오늘(?:\\s*(?:중|중에|저녁|오후))?(?:에)?${KE}`, 'u') },
  { pattern: new RegExp(`${KB}새벽(?:에)?${KE}`, 'u'), hint: '새벽' },
];

/** A cluster name slot: one token, no spaces, commas or brackets. */
const CLUSTER_TOKEN = '(?<cluster>[^\\s,()]+)';

/**
 * Where a cluster can be named outside the grammar, tried in order, each at most once.
 * English at the end ("… in prod", "… on the prod cluster", "… in cluster prod") or at the start
 * followed by a comma ("in prod, …"); Korean anywhere ("prod 클러스터에서 …", "… (prod 클러스터)").
 */
const CLUSTER_PHRASES: readonly RegExp[] = [
  new RegExp(`\\s*\\(\\s*${CLUSTER_TOKEN}\\s*클러스터\\s*\\)`, 'iu'),
  new RegExp(`${KB}${CLUSTER_TOKEN}\\s*클러스터(?:에서|에|의|에서의)?${KE}`, 'iu'),
  new RegExp(`[\\s,]+(?:in|on)\\s+(?:the\\s+)?(?:cluster\\s+)?${CLUSTER_TOKEN}(?:\\s+cluster)?$`, 'i'),
  new RegExp(`^(?:in|on)\\s+(?:the\\s+)?(?:cluster\\s+)?${CLUSTER_TOKEN}(?:\\s+cluster)?\\s*,\\s*`, 'i'),
];

/**
 * Words that precede "클러스터" without naming a cluster ("HA 클러스터 상태", "쿠버네티스 클러스터"),
 * or end an English request after "in" without naming one ("one at a time, in sequence", "in order").
 */
const NOT_CLUSTER_NAMES = new Set([
  'ha',
  'k8s',
  'kubernetes',
  '쿠버네티스',
  '전체',
  '이',
  '그',
  '우리',
  '현재',
  'sequence',
  'order',
  'parallel',
  'turn',
  'turns',
  'batches',
  'series',
  'zone',
]);

/** Polite words and openers with no meaning for the request, at the start or the end. */
const LEADING_FILLERS = new RegExp(
  `^(?:(?:please|pls|plz|hey|hi|hello|ok|okay|so|quick\\s+question|question)${E}[\\s,:]*|(?:혹시|저기|음)${KE}[\\s,]*)+`,
  'iu',
);
const TRAILING_FILLERS = new RegExp(`(?:[\\s,]+(?:please|pls|plz|thanks|thank\\s+you|thx)${E})+$`, 'i');

/** Trailing sentence punctuation (after NFKC, `？` is `?`). */
const TRAILING_PUNCTUATION = /[\s?!.。~…]+$/u;

// ---------------------------------------------------------------------------------------------
// Step 6: the grammar
// ---------------------------------------------------------------------------------------------

/** Building blocks of the rules, spliced into the rule templates by name (`{VERB}`). */
const PARTS: Readonly<Record<string, string>> = {
  // English
  VERB: '(?:(?:cordon(?:\\s+and|,)?\\s+)?drain(?:\\s+and|,)?\\s+(?:then\\s+)?)?(?:reboot|restart|drain|bounce|power[-\\s]?cycle)',
  VERB_ING: '(?:(?:draining\\s+and\\s+)?(?:rebooting|restarting|draining|bouncing))',
  VERB_ED: '(?:rebooted|restarted|drained|bounced)',
  NODE: '(?:the\\s+)?(?:node\\s+)?(?<node>.+?)(?:\\s+node)?(?:\\s+(?:in|on)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[^\\s,()]+?)(?:\\s+cluster)?)?',
  /** A node named first ("master-2 reboot?"): one word, so "can I reboot" is no node called "can I". */
  NODE_WORD: '(?:node\\s+)?(?<node>[^\\s,()]+)',
  REASON:
    '(?:,?\\s+(?:for|because|due\\s+to|since|so\\s+(?:that\\s+)?i\\s+can|to\\s+(?:apply|install|patch|upgrade|update|replace|fix))\\s.*)?',
  WHO: '(?:i|we|you)',
  SAFE: '(?:safe|ok|okay|fine|alright|all\\s+right)',
  // Korean
  KNODE: '(?:노드\\s*)?(?<node>.+?)(?:\\s*노드)?(?<particle>[를을은는이가])?',
  KDRAIN: '(?:드레인\\s*(?:하고|을?\\s*하고|한\\s*(?:뒤|후|다음)에?|후에?|해서|하면서)?\\s*)?',
  KVERB: '(?:재부팅|리부팅|리부트|재시작|재기동|드레인)',
  KTAIL:
    '(?:\\s*(?:을|를)?\\s*(?:해도|하면|해|하기|할\\s*수|하는\\s*(?:거|게)|시)?\\s*(?:' +
    [
      '돼요?|되나요?|될까요?|되니|되냐|되요|됩니까|되는지',
      '괜찮아요?|괜찮나요?|괜찮을까요?|괜찮니|괜찮습니까|괜찮은지',
      '가능해요?|가능한가요?|가능할까요?|가능합니까|가능한지|가능',
      '안전해요?|안전한가요?|안전할까요?|안전한지',
      '있어요?|있나요?|있을까요?|있는지',
      '어때요?|어떤가요?|어떻게\\s*(?:돼요?|되나요?|될까요?|되니|되는지)',
      '문제\\s*(?:없어요?|없나요?|없을까요?|없는지)',
      '영향(?:은|이)?(?:\\s*(?:있어요?|있나요?|어때요?|알려\\s*줘))?',
    ].join('|') +
    '))?(?:\\s*(?:알려\\s*줘|알려\\s*주세요|확인\\s*해?\\s*줘|확인\\s*해?\\s*주세요))?',
  KSTATUS_TOPIC: '(?:(?:ha|etcd|k8s|클러스터|컨트롤\\s*플레인|쿠버네티스|고가용성)\\s*)?',
  KPLEASE:
    '(?:\\s*(?:좀|확인|점검|어때요?|어떤가요?|알려\\s*줘|알려\\s*주세요|보여\\s*줘|보여\\s*주세요|해\\s*줘|해\\s*주세요))*',
  // "what if" requests (issue 9)
  /** A component the bot knows, by any alias, optionally followed by what runs it ("pods", "daemonset"). */
  COMP: `(?:the\\s+)?(?<component>${COMPONENT_PATTERN})(?:\\s+(?:pods?|daemon\\s*sets?|deployment|static\\s+pods?|service|process|agent|component))?`,
  /** Any word named as a component (the answer then lists the components it knows). */
  ANYCOMP: '(?:the\\s+)?(?:component\\s+)?(?<component>[a-z0-9][a-z0-9._-]{0,62})',
  /** One node name in one word (the what-if rules never take a phrase for a node). */
  NODE1: '(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  /** "on NODE", optional. */
  ON_NODE: '(?:\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?)?',
  TO_VERSION: '(?:\\s+to\\s+(?:kubernetes\\s+|k8s\\s+)?(?<version>v?\\d+\\.\\d+(?:\\.\\d+)?))?',
  IF: '(?:if|when|happens\\s+if|happens\\s+when|would\\s+happen\\s+if|will\\s+happen\\s+if|breaks\\s+if|is\\s+the\\s+impact\\s+if)',
  DOWN: '(?:(?:is|goes|went|was|were|are|gets|go|get|becomes)\\s+(?:down|dead|unavailable|gone|stopped|offline|unreachable|lost|broken|notready|not\\s+ready)(?:\\s+(?:everywhere|unexpectedly|suddenly|at\\s+once|together))?|(?:dies|die|fails|fail|stops|crashes|disappears|loses\\s+power|powers\\s+off|is\\s+powered\\s+off))',
  KNODE1: '(?:노드\\s*)?(?<node>[a-z0-9][a-z0-9.-]*)(?:\\s*노드)?',
  KCOMP: `(?<component>${COMPONENT_PATTERN})(?:\\s*(?:파드|팟|데몬셋|디플로이먼트|프로세스|서비스))?`,
  /** "…되면 (어떻게 돼?)": what happens when something happens to it. */
  KIF: '(?:\\s*(?:되면|돼도|되어도|되면요|된다면|하면|한다면))(?:\\s*(?:어떻게\\s*(?:돼요?|되나요?|될까요?|되니|되는지)|영향(?:은|이)?(?:\\s*(?:있어요?|있나요?|어때요?))?|괜찮아요?|괜찮나요?|괜찮을까요?|문제\\s*없어요?))?(?:\\s*(?:알려\\s*줘|알려\\s*주세요))?',
  KDOWN:
    '(?:다운되면|다운돼도|다운된다면|죽으면|죽어도|죽는다면|멈추면|멈춰도|중단되면|장애가?\\s*나면|꺼지면|꺼져도|내려가면|없으면|안\\s*되면|사라지면)' +
    '(?:\\s*(?:어떻게\\s*(?:돼요?|되나요?|될까요?|되니|되는지)|영향(?:은|이)?(?:\\s*(?:있어요?|있나요?|어때요?))?|괜찮아요?|괜찮나요?|괜찮을까요?|문제\\s*없어요?))?(?:\\s*(?:알려\\s*줘|알려\\s*주세요))?',
};

/** Which command a rule yields. */
export type Intent = Exclude<Command, MaintenanceCommand | { kind: 'multi-node' }>['kind'];

/** One grammar rule: a template whose `{PART}`s are replaced from {@link PARTS}, matched in full, case-insensitively. */
export interface GrammarRule {
  intent: Intent;
  /** Language the rule is written in (documentation and tests; locale is decided separately). */
  lang: Locale;
  /**
   * The full-text pattern; named groups `node`, `particle` (Korean) and `cluster` fill the command;
   * `component` and `version` fill what-if and upgrade commands.
   */
  pattern: RegExp;
  /** For `what-if` rules: which change the rule asks about. */
  change?: WhatIfChange['type'];
  /** For `ha-status` rules: the daily HA report on demand (issue 19), not the status. */
  report?: true;
}

function rule(intent: Intent, lang: Locale, template: string, change?: WhatIfChange['type']): GrammarRule {
  const source = template.replace(/\{([A-Z_0-9]+)\}/g, (_m, name: string) => {
    const part = PARTS[name];
    if (part === undefined) throw new Error(`grammar template names an unknown part {${name}}`);
    return part;
  });
  const out: GrammarRule = { intent, lang, pattern: new RegExp(`^${source}$`, 'iu') };
  if (change !== undefined) out.change = change;
  return out;
}

/** A what-if rule. */
function whatIf(change: WhatIfChange['type'], lang: Locale, template: string): GrammarRule {
  return rule('what-if', lang, template, change);
}

/**
 * The what-if, drain and upgrade rules (issue 9). They come before the reboot rules: `restart etcd
 * on master-2` is a component restart, not a reboot of a node called `etcd`, and `can I drain
 * worker-3` is a drain alone. Each takes a node as one word, so `drain worker-3 and reboot it`
 * still falls through to the reboot rules.
 */
const WHAT_IF_GRAMMAR: readonly GrammarRule[] = [
  // component restarts
  whatIf(
    'component-restart',
    'en',
    'what\\s+{IF}\\s+{COMP}\\s+(?:restarts|is\\s+restarted|gets\\s+restarted|crashes|crash[-\\s]?loops|is\\s+killed|gets\\s+killed|is\\s+bounced){ON_NODE}',
  ),
  whatIf('component-restart', 'en', 'what\\s+{IF}\\s+{WHO}\\s+(?:restart|bounce|kill)\\s+{COMP}{ON_NODE}'),
  whatIf(
    'component-restart',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:restart|bounce|kill|recreate)\\s+{COMP}{ON_NODE}(?:\\s+safely)?{REASON}',
  ),
  whatIf(
    'component-restart',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+(?:restart|bounce)\\s+{COMP}{ON_NODE}{REASON}',
  ),
  whatIf(
    'component-restart',
    'en',
    '(?:(?:what\\s+is\\s+the\\s+|what\\S*s\\s+the\\s+)?impact\\s+of\\s+)?(?:restart|restarting|bounce|bouncing)\\s+{COMP}{ON_NODE}{REASON}',
  ),
  whatIf(
    'component-restart',
    'en',
    'what\\s+{IF}\\s+{ANYCOMP}\\s+(?:restarts|is\\s+restarted|crashes)\\s+on\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  ),
  whatIf(
    'component-restart',
    'en',
    '(?:(?:can|could|may|should)\\s+{WHO}\\s+)?restart\\s+(?:the\\s+)?component\\s+(?<component>[a-z0-9][a-z0-9._-]{0,62}){ON_NODE}',
  ),
  // `restart foo-agent on worker-3`: "X on NODE" names a component, even an unknown one (answered with the list).
  whatIf(
    'component-restart',
    'en',
    '(?:(?:can|could|may|should)\\s+{WHO}\\s+)?(?:restart|bounce)\\s+{ANYCOMP}\\s+(?:on|at)\\s+(?:the\\s+)?(?:node\\s+)?(?<node>[^\\s,()]+?)(?:\\s+node)?',
  ),
  // rolling updates
  whatIf(
    'rolling-update',
    'en',
    '(?:what\\s+(?:is\\s+the\\s+)?impact\\s+of\\s+)?(?:a\\s+|the\\s+)?rolling\\s+(?:update|restart|upgrade)\\s+(?:of|for|to)\\s+{COMP}',
  ),
  whatIf(
    'rolling-update',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:do\\s+a\\s+)?(?:rolling[-\\s]update(?:\\s+of)?|roll\\s+out|rollout\\s+restart|rolling[-\\s]restart(?:\\s+of)?|upgrade|update)\\s+{COMP}{REASON}',
  ),
  whatIf(
    'rolling-update',
    'en',
    'what\\s+{IF}\\s+{WHO}\\s+(?:do\\s+a\\s+)?(?:rolling[-\\s]update(?:\\s+of)?|roll\\s+out|rollout\\s+restart|rolling[-\\s]restart(?:\\s+of)?|upgrade|update)\\s+{COMP}',
  ),
  whatIf(
    'rolling-update',
    'en',
    '(?:kubectl\\s+)?rollout\\s+restart\\s+(?:(?:-n\\s+kube-system\\s+)?(?:ds|daemonsets?|deploy|deployments?)(?:/|\\s+))?{COMP}',
  ),
  whatIf(
    'rolling-update',
    'en',
    '{COMP}\\s+(?:rolling\\s+(?:update|restart|upgrade)|rollout(?:\\s+restart)?)',
  ),
  // outages
  whatIf(
    'control-plane-down',
    'en',
    'what\\s+{IF}\\s+(?:all\\s+(?:of\\s+)?(?:the\\s+|our\\s+)?|the\\s+(?:whole\\s+|entire\\s+)?|every\\s+|both\\s+)?(?:control[-\\s]?plane(?:\\s+nodes?)?|masters?(?:\\s+nodes?)?|cp\\s+nodes?)\\s+{DOWN}',
  ),
  whatIf(
    'control-plane-down',
    'en',
    'what\\s+{IF}\\s+{WHO}\\s+lose\\s+(?:all\\s+(?:of\\s+)?(?:the\\s+)?|the\\s+(?:whole\\s+|entire\\s+)?)?(?:control[-\\s]?plane(?:\\s+nodes)?|masters|master\\s+nodes)',
  ),
  whatIf(
    'control-plane-down',
    'en',
    '(?:(?:whole|total|full)\\s+)?control[-\\s]?plane\\s+(?:outage|failure|down)',
  ),
  whatIf(
    'etcd-quorum-loss',
    'en',
    'what\\s+{IF}\\s+(?:the\\s+)?etcd(?:\\s+cluster)?\\s+(?:loses|lost|has\\s+lost|has\\s+no|drops\\s+below|is\\s+out\\s+of)\\s+(?:its\\s+)?quorum',
  ),
  whatIf('etcd-quorum-loss', 'en', 'what\\s+{IF}\\s+{WHO}\\s+lose\\s+(?:the\\s+)?etcd\\s+quorum'),
  whatIf('etcd-quorum-loss', 'en', '(?:etcd\\s+)?quorum\\s+loss'),
  whatIf('component-down', 'en', 'what\\s+{IF}\\s+{COMP}\\s+{DOWN}'),
  whatIf('component-down', 'en', 'what\\s+{IF}\\s+{WHO}\\s+lose\\s+{COMP}'),
  whatIf('node-down', 'en', 'what\\s+{IF}\\s+{NODE1}\\s+{DOWN}'),
  whatIf('node-down', 'en', 'what\\s+{IF}\\s+{WHO}\\s+lose\\s+{NODE1}'),
  // a node named as restarting is a reboot
  rule(
    'reboot-impact',
    'en',
    'what\\s+{IF}\\s+{NODE1}\\s+(?:reboots|restarts|is\\s+rebooted|is\\s+restarted|gets\\s+rebooted)',
  ),
  // upgrades
  rule(
    'upgrade-impact',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:drain\\s+and\\s+)?upgrade\\s+{NODE1}{TO_VERSION}(?:\\s+safely)?{REASON}',
  ),
  rule(
    'upgrade-impact',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+(?:drain\\s+and\\s+)?upgrade\\s+{NODE1}{TO_VERSION}{REASON}',
  ),
  rule(
    'upgrade-impact',
    'en',
    'what\\s+(?:happens|would\\s+happen|will\\s+happen|breaks)\\s+(?:if|when)\\s+{WHO}\\s+upgrade\\s+{NODE1}{TO_VERSION}',
  ),
  rule('upgrade-impact', 'en', '(?:drain\\s+and\\s+)?upgrade\\s+{NODE1}{TO_VERSION}{REASON}'),
  rule(
    'upgrade-impact',
    'en',
    '(?:upgrade\\s+impact\\s+(?:of|for)|impact\\s+of\\s+upgrading)\\s+{NODE1}{TO_VERSION}',
  ),
  // drain alone
  rule(
    'drain-impact',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+)?(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}(?:\\s+safely)?{REASON}',
  ),
  rule(
    'drain-impact',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}{REASON}',
  ),
  rule(
    'drain-impact',
    'en',
    'what\\s+(?:happens|would\\s+happen|will\\s+happen|breaks|would\\s+break)\\s+(?:if|when)\\s+{WHO}\\s+(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}',
  ),
  rule(
    'drain-impact',
    'en',
    '(?:drain\\s+impact\\s+(?:of|for)|(?:what\\s+is\\s+the\\s+|what\\S*s\\s+the\\s+)?impact\\s+of\\s+draining)\\s+{NODE1}',
  ),
  rule('drain-impact', 'en', '(?:cordon(?:\\s+and|,)?\\s+)?drain\\s+{NODE1}{REASON}'),
  // "worker-3 drain ok?": a drain alone (issue 17; "worker-3 drain and reboot" stays a reboot)
  rule('drain-impact', 'en', '(?:node\\s+)?{NODE1}\\s+drain(?:\\s+(?:ok|okay|safe|possible))?'),
  // Korean
  whatIf(
    'component-restart',
    'ko',
    '(?:{KNODE1}\\s*(?:에서|의|에\\s*있는)\\s*)?{KCOMP}\\s*(?:을|를|만|이|가)?\\s*(?:재시작|재기동|리스타트|다시\\s*시작)\\s*(?:{KIF}|{KTAIL})',
  ),
  whatIf(
    'component-restart',
    'ko',
    '{KCOMP}\\s*(?:이|가|을|를)?\\s*{KNODE1}\\s*(?:에서)\\s*(?:재시작|재기동|리스타트)\\s*(?:{KIF}|{KTAIL})',
  ),
  whatIf(
    'rolling-update',
    'ko',
    '{KCOMP}\\s*(?:을|를)?\\s*(?:롤링\\s*(?:업데이트|재시작|업그레이드)|롤아웃\\s*재시작|업그레이드|업데이트)\\s*(?:{KIF}|{KTAIL})',
  ),
  whatIf(
    'control-plane-down',
    'ko',
    '(?:모든\\s*|전체\\s*)?(?:컨트롤\\s*플레인|마스터)(?:\\s*노드)?(?:\\s*(?:전체|전부|모두|다))?(?:이|가|은|는)?\\s*(?:(?:전부|모두|다|동시에|한꺼번에)\\s*)?{KDOWN}',
  ),
  whatIf(
    'etcd-quorum-loss',
    'ko',
    'etcd(?:\\s*클러스터)?(?:의|가|이)?\\s*(?:쿼럼|정족수)(?:을|를|이|가)?\\s*(?:잃으면|잃어버리면|깨지면|없어지면|손실되면|상실하면|무너지면)(?:\\s*(?:어떻게\\s*(?:돼요?|되나요?|될까요?|되니)|영향(?:은|이)?))?',
  ),
  whatIf('component-down', 'ko', '{KCOMP}(?:이|가|은|는)?\\s*(?:전부\\s*|모두\\s*|다\\s*)?{KDOWN}'),
  whatIf('node-down', 'ko', '{KNODE1}(?:이|가|은|는)?\\s*{KDOWN}'),
  rule(
    'upgrade-impact',
    'ko',
    '{KNODE1}(?:을|를)?\\s*(?:(?<version>v?\\d+\\.\\d+(?:\\.\\d+)?)\\s*(?:으로|로)\\s*)?(?:업그레이드|업글)\\s*{KTAIL}',
  ),
  rule('drain-impact', 'ko', '{KNODE1}(?:을|를)?\\s*(?:드레인|drain)(?:만)?\\s*{KTAIL}'),
];

/**
 * Every request form, one rule per line, English then Korean. A rule matches the whole text left
 * after options, time hints, cluster phrases, fillers and trailing punctuation were taken out.
 */
export const GRAMMAR: readonly GrammarRule[] = [
  ...WHAT_IF_GRAMMAR,
  // reboot impact, English
  rule(
    'reboot-impact',
    'en',
    '(?:can|could|may|should|shall)\\s+{WHO}\\s+(?:safely\\s+|still\\s+)?{VERB}\\s+{NODE}(?:\\s+safely)?{REASON}',
  ),
  rule(
    'reboot-impact',
    'en',
    'is\\s+it\\s+{SAFE}\\s+(?:for\\s+(?:me|us)\\s+)?to\\s+{VERB}\\s+{NODE}{REASON}',
  ),
  rule('reboot-impact', 'en', 'is\\s+{NODE}\\s+{SAFE}\\s+to\\s+{VERB}{REASON}'),
  rule('reboot-impact', 'en', 'can\\s+{NODE}\\s+be\\s+(?:safely\\s+)?{VERB_ED}{REASON}'),
  rule(
    'reboot-impact',
    'en',
    'what\\s+(?:happens|would\\s+happen|will\\s+happen|breaks|would\\s+break)\\s+(?:if|when)\\s+{WHO}\\s+{VERB}\\s+{NODE}{REASON}',
  ),
  rule(
    'reboot-impact',
    'en',
    '(?:what\\s+is\\s+the\\s+|what\\S*s\\s+the\\s+)?impact\\s+of\\s+{VERB_ING}\\s+{NODE}',
  ),
  rule('reboot-impact', 'en', '(?:reboot|restart|drain)\\s+impact\\s+(?:of|for)\\s+{NODE}'),
  rule('reboot-impact', 'en', 'drain\\s+{NODE}\\s+and\\s+(?:then\\s+)?(?:reboot|restart)(?:\\s+it)?{REASON}'),
  rule('reboot-impact', 'en', '{VERB}\\s+{NODE}{REASON}'),
  rule(
    'reboot-impact',
    'en',
    '{NODE_WORD}\\s+(?:reboot|restart|drain\\s+and\\s+reboot)(?:\\s+(?:ok|okay|safe|possible))?',
  ),
  // reboot impact, Korean
  rule('reboot-impact', 'ko', '{KNODE}\\s*{KDRAIN}{KVERB}{KTAIL}'),
  // the daily HA report on demand (issue 19)
  {
    ...rule(
      'ha-status',
      'en',
      '(?:(?:daily|ha|cluster)\\s+)?(?:health|ha|daily)\\s+(?:report|check[-\\s]?up)(?:\\s+(?:of|for)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[^\\s,()]+))?',
    ),
    report: true,
  },
  {
    ...rule(
      'ha-status',
      'ko',
      '(?:일일|데일리|정기)\\s*(?:점검|보고서?|리포트)(?:\\s*(?:해\\s*줘|보여\\s*줘|해\\s*주세요|보여\\s*주세요|부탁(?:해|해요|합니다)?))?',
    ),
    report: true,
  },
  // HA status, English
  rule(
    'ha-status',
    'en',
    '(?:(?:ha|etcd|cluster|control[-\\s]?plane|cp|k8s|kubernetes)\\s+)?(?:status|health|quorum|ha)(?:\\s+(?:status|check))?',
  ),
  rule(
    'ha-status',
    'en',
    '(?:show|check|get|what\\S*s|what\\s+is)\\s+(?:me\\s+)?(?:the\\s+)?(?:ha|etcd|cluster|control[-\\s]?plane|quorum)(?:\\s+(?:status|health|quorum))?',
  ),
  rule(
    'ha-status',
    'en',
    'how\\S*s\\s+(?:the\\s+)?(?:control[-\\s]?plane|cluster|etcd|ha|quorum)(?:\\s+(?:doing|looking))?',
  ),
  rule(
    'ha-status',
    'en',
    'how\\s+(?:is|are)\\s+(?:the\\s+)?(?:control[-\\s]?plane|cluster|etcd|ha|quorum)(?:\\s+(?:doing|looking))?',
  ),
  rule(
    'ha-status',
    'en',
    'is\\s+(?:the\\s+)?(?:control[-\\s]?plane|cluster|etcd|quorum)\\s+(?:ok|okay|healthy|fine|up|ha)',
  ),
  rule(
    'ha-status',
    'en',
    '(?:ha\\s+)?(?:status|health)\\s+(?:of|for)\\s+(?:the\\s+)?(?:cluster\\s+)?(?<cluster>[^\\s,()]+)',
  ),
  // HA status, Korean
  rule('ha-status', 'ko', '{KSTATUS_TOPIC}(?:상태|쿼럼|헬스|헬스\\s*체크)(?:는|은|가|이)?{KPLEASE}'),
  // help
  rule(
    'help',
    'en',
    '(?:help(?:\\s+me)?|commands|usage|what\\s+can\\s+you\\s+do|how\\s+do\\s+i\\s+use\\s+(?:this|you|it))',
  ),
  rule(
    'help',
    'ko',
    '(?:도움말|도움|명령어|사용법)(?:\\s*(?:좀|보여\\s*줘|알려\\s*줘|보여\\s*주세요|알려\\s*주세요))*',
  ),
];

// ---------------------------------------------------------------------------------------------
// Help
// ---------------------------------------------------------------------------------------------

/** One request form for the help answer: the form with placeholders, and a filled-in example. */
export interface HelpExample {
  form: string;
  example: string;
}

/** The request forms per locale, for the help answer (NODE and CLUSTER are placeholders). */
export const HELP_EXAMPLES: Readonly<Record<Locale, readonly HelpExample[]>> = {
  en: [
    { form: 'can I reboot NODE [in CLUSTER]', example: 'can I reboot atlas-cp-2 in prod' },
    {
      form: 'is it safe to reboot NODE [tonight|now|tomorrow]',
      example: 'is it safe to reboot atlas-cp-2 tonight?',
    },
    { form: 'drain and reboot NODE', example: 'drain and reboot atlas-wk-1' },
    { form: 'what happens if I reboot NODE', example: 'what happens if I reboot atlas-cp-2' },
    { form: 'can I drain NODE (drain only, no reboot)', example: 'can I drain atlas-wk-1' },
    { form: 'can I upgrade NODE [to VERSION]', example: 'can I upgrade atlas-cp-2 to 1.34' },
    {
      form: 'what if COMPONENT restarts [on NODE]  (COMPONENT: kube-apiserver, etcd, kube-scheduler, kube-controller-manager, kubelet, kube-proxy, coredns, cni, container-runtime)',
      example: 'what if kube-proxy restarts on atlas-wk-1',
    },
    { form: 'can I restart COMPONENT on NODE', example: 'can I restart the kube-apiserver on atlas-cp-1' },
    { form: 'restart COMPONENT [on NODE]', example: 'restart coredns' },
    { form: 'rolling update of COMPONENT', example: 'rolling update of kube-proxy' },
    { form: 'what if NODE goes down', example: 'what if atlas-cp-2 goes down' },
    { form: 'what if all control-plane nodes go down', example: 'what if all control-plane nodes go down' },
    { form: 'what if etcd loses quorum', example: 'what if etcd loses quorum' },
    { form: 'what if COMPONENT is down', example: 'what if the scheduler is down' },
    { form: 'status | ha status | etcd quorum [in CLUSTER]', example: 'ha status in prod' },
    { form: 'health report [for CLUSTER]', example: 'health report for prod' },
    {
      form: 'can we reboot NODE and NODE (together: all of them down at once)',
      example: 'can we reboot atlas-wk-1 and atlas-wk-2',
    },
    {
      form: 'can I reboot all the workers | all control-plane nodes | the nodes in zone ZONE | -l KEY=VALUE',
      example: 'can I reboot all the workers',
    },
    {
      form: 'in what order should I reboot NODES? (one by one, rolling: a plan)',
      example: 'in what order should I reboot the masters?',
    },
    { form: 'what if I lose NODE and NODE', example: 'what if I lose atlas-cp-1 and atlas-cp-2' },
    ...MAINTENANCE_HELP_EXAMPLES.en,
    ...PLAN_HELP_EXAMPLES.en,
    { form: 'help', example: 'help' },
    { form: '… --cluster CLUSTER --lang en|ko', example: 'can I reboot atlas-cp-2 --cluster prod --lang ko' },
  ],
  ko: [
    { form: 'NODE 재부팅해도 돼?', example: 'atlas-cp-2 재부팅해도 돼?' },
    { form: 'CLUSTER 클러스터에서 NODE 재부팅 가능?', example: 'prod 클러스터에서 atlas-cp-2 재부팅 가능?' },
    { form: 'NODE 드레인하고 재부팅해도 돼?', example: 'atlas-wk-1 드레인하고 재부팅해도 돼?' },
    { form: '오늘 밤 NODE 재시작해도 괜찮아?', example: '오늘 밤 atlas-cp-2 노드 재시작해도 괜찮아?' },
    { form: 'NODE 드레인해도 돼? (재부팅 없이 드레인만)', example: 'atlas-wk-1 드레인해도 돼?' },
    { form: 'NODE 업그레이드해도 돼?', example: 'atlas-cp-2 1.34로 업그레이드해도 돼?' },
    {
      form: 'NODE에서 COMPONENT 재시작하면 어떻게 돼?  (COMPONENT: kube-apiserver, etcd, kube-scheduler, kube-controller-manager, kubelet, kube-proxy, coredns, cni, container-runtime)',
      example: 'atlas-wk-1에서 kube-proxy 재시작하면 어떻게 돼?',
    },
    { form: 'COMPONENT 재시작해도 돼?', example: 'coredns 재시작해도 돼?' },
    { form: 'COMPONENT 롤링 업데이트해도 돼?', example: 'kube-proxy 롤링 업데이트해도 돼?' },
    { form: 'NODE가 다운되면?', example: 'atlas-cp-2가 다운되면 어떻게 돼?' },
    { form: '컨트롤 플레인이 전부 다운되면?', example: '컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?' },
    { form: 'etcd 쿼럼을 잃으면?', example: 'etcd 쿼럼을 잃으면 어떻게 돼?' },
    { form: 'COMPONENT가 다운되면?', example: '스케줄러가 다운되면 어떻게 돼?' },
    { form: 'HA 상태 | 쿼럼 | 클러스터 상태', example: 'prod 클러스터 HA 상태' },
    { form: '일일 점검', example: '일일 점검' },
    {
      form: 'NODE이랑 NODE 재부팅해도 돼? (동시에: 모두 한꺼번에 내려감)',
      example: 'atlas-wk-1이랑 atlas-wk-2 재부팅해도 돼?',
    },
    {
      form: '워커 노드 전부 | 마스터 노드 전부 | ZONE 존 노드 | -l KEY=VALUE 재부팅해도 돼?',
      example: '워커 노드 전부 재부팅해도 돼?',
    },
    {
      form: 'NODES 하나씩 재부팅하려면 순서는? (롤링: 계획)',
      example: '마스터 노드 하나씩 재부팅하려면 순서는?',
    },
    { form: 'NODE랑 NODE가 동시에 다운되면?', example: 'atlas-cp-1이랑 atlas-cp-2가 동시에 다운되면?' },
    ...MAINTENANCE_HELP_EXAMPLES.ko,
    ...PLAN_HELP_EXAMPLES.ko,
    { form: '도움말', example: '도움말' },
    { form: '… --cluster CLUSTER --lang en|ko', example: 'atlas-cp-2 재부팅해도 돼? --cluster prod' },
  ],
};

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

/** Clip a token for an error: at most {@link MAX_ERROR_TOKEN_LENGTH} code points, no surrounding spaces. */
function clip(token: string): string {
  const points = Array.from(token.trim());
  return points.length <= MAX_ERROR_TOKEN_LENGTH
    ? points.join('')
    : points.slice(0, MAX_ERROR_TOKEN_LENGTH).join('');
}

function fail(code: ParseError['code'], locale: Locale, token?: string): ParseResult {
  return { ok: false, error: token === undefined ? { code } : { code, token: clip(token) }, locale };
}

interface Options {
  rest: string;
  lang?: Locale;
  cluster?: string;
  help: boolean;
  error?: ParseError;
}

/**
 * Flags of `kubectl drain` an operator pastes with the command
 * (`kubectl drain atlas-wk-2 --ignore-daemonsets --delete-emptydir-data`) that do not change what a
 * drain does to availability (the analysis already reports DaemonSet and emptyDir pods): dropped,
 * with their `=value` if any. `--force`, `--disable-eviction` and `--pod-selector` change the impact
 * and stay unknown options. Source: `kubectl drain --help` (v1.30).
 */
const KUBECTL_DRAIN_FLAGS = new Set([
  'ignore-daemonsets',
  'delete-emptydir-data',
  'delete-local-data',
  'dry-run',
  'grace-period',
  'timeout',
  'skip-wait-for-delete-timeout',
  'chunk-size',
]);

/** Step 3: take `--options` out of the text. */
function takeOptions(text: string): Options {
  const tokens = text.split(' ');
  const kept: string[] = [];
  const out: Options = { rest: '', help: false };
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i] ?? '';
    const m = OPTION.exec(token);
    if (m === null) {
      kept.push(token);
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    if (name === 'help') {
      out.help = true;
      continue;
    }
    if (KUBECTL_DRAIN_FLAGS.has(name)) continue;
    if (name !== 'lang' && name !== 'cluster')
      return { ...out, error: { code: 'invalid-option', token: clip(token) } };
    let value = m[2];
    if (value === undefined) {
      const next = tokens[i + 1];
      if (next !== undefined && !OPTION.test(next)) {
        value = next;
        i += 1;
      }
    }
    if (value === undefined || value === '')
      return { ...out, error: { code: 'invalid-option', token: clip(token) } };
    if (name === 'lang') {
      const lang = LANG_VALUE.exec(value);
      if (lang === null) return { ...out, error: { code: 'invalid-option', token: clip(value) } };
      out.lang = (lang[1] ?? '').toLowerCase() as Locale;
    } else {
      out.cluster = value;
    }
  }
  out.rest = kept.join(' ');
  return out;
}

/** Step 2: drop `/k8s` and bot mentions at the start, in any number and order. */
function stripPrefixes(text: string): string {
  let s = text;
  for (let changed = true; changed;) {
    changed = false;
    for (const prefix of PREFIXES) {
      const next = s.replace(prefix, '');
      if (next !== s) {
        s = next;
        changed = true;
      }
    }
  }
  return s;
}

function tidy(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:]+/, '')
    .replace(/[\s,;:]+$/, '')
    .replace(LEADING_FILLERS, '')
    .replace(TRAILING_FILLERS, '')
    .replace(TRAILING_PUNCTUATION, '')
    .trim();
}

interface Modifiers {
  rest: string;
  /** The text with the time hint taken out but the cluster phrase left in (`… on worker-3` may name a node). */
  beforeCluster: string;
  when?: string;
  cluster?: string;
}

/** Step 5: take the time hint and the cluster phrase out of the sentence. */
function takeModifiers(text: string): Modifiers {
  let rest = tidy(text);
  const out: Modifiers = { rest, beforeCluster: rest };
  for (const { pattern, hint } of WHEN_HINTS) {
    const m = pattern.exec(rest);
    if (m === null) continue;
    out.when = hint ?? m[0].toLowerCase().replace(/\s+/g, ' ').trim();
    rest = tidy(`${rest.slice(0, m.index)} ${rest.slice(m.index + m[0].length)}`);
    break;
  }
  out.beforeCluster = rest;
  for (const pattern of CLUSTER_PHRASES) {
    const m = pattern.exec(rest);
    const name = m?.groups?.cluster;
    if (m === null || name === undefined || NOT_CLUSTER_NAMES.has(name.toLowerCase())) continue;
    out.cluster = name;
    rest = tidy(`${rest.slice(0, m.index)} ${rest.slice(m.index + m[0].length)}`);
    break;
  }
  out.rest = rest;
  return out;
}

/** A grammar match turned into candidate values, before the names are judged. */
interface Match {
  rule: GrammarRule;
  node?: string;
  particle?: string;
  cluster?: string;
  component?: string;
  version?: string;
  /** The cluster phrase taken out in step 5 was this rule's node (`restart kube-proxy on worker-3`). */
  clusterWasNode?: boolean;
}

/** Intents whose rules may name a node after "on", which step 5 could have taken for a cluster. */
const ON_NODE_INTENTS: ReadonlySet<Intent> = new Set(['what-if', 'drain-impact', 'upgrade-impact']);

function matchOf(r: GrammarRule, m: RegExpExecArray): Match {
  const g = m.groups ?? {};
  return {
    rule: r,
    node: g.node,
    particle: g.particle,
    cluster: g.cluster,
    component: g.component,
    version: g.version,
  };
}

/** The component as the command carries it: the canonical name, else the word lowercased. */
function componentOf(word: string | undefined): string {
  const raw = (word ?? '').trim();
  return normalizeComponent(raw) ?? clip(raw.toLowerCase()).slice(0, 63);
}

/**
 * Step 7 for the node: lowercase; a valid name passes; a name with a Hangul particle that was
 * glued to it is reported with the particle (the user's token), since without it, it is still invalid.
 */
function judgeNode(match: Match): { name: string } | { invalid: string } {
  const raw = match.node ?? '';
  const name = raw.toLowerCase();
  if (isValidNodeName(name)) return { name };
  return { invalid: raw + (match.particle ?? '') };
}

/**
 * Parse one chat message into a command.
 *
 * Never throws: every refusal is a {@link ParseResult} with `ok: false` and a stable
 * {@link ParseError} code (`empty`, `too-long`, `control-characters`, `invalid-node-name`,
 * `invalid-cluster-name`, `invalid-option`, `not-understood`). The result's `locale` is the
 * answer language even for errors.
 *
 * Cost: linear in the text for the guards; the grammar runs only on texts within `maxLength`
 * (default 2,000 characters), each rule a single anchored regex.
 *
 * @param text - the message as the user typed it (an adapter may leave `/k8s` or a mention in)
 * @param options - `defaultLocale` (default 'en'), `maxLength` in characters (default 2,000)
 * @returns the command and locale, or the reason it was refused
 */
export function parseCommand(text: string, options: ParseOptions = {}): ParseResult {
  const fallback: Locale = options.defaultLocale ?? 'en';
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;

  // Step 1: guards, cheapest first.
  if (text.length > maxLength) return fail('too-long', fallback);
  if (CONTROL_CHARACTERS.test(text)) return fail('control-characters', HANGUL.test(text) ? 'ko' : fallback);

  // Step 2: normalise.
  const normal = stripPrefixes(text.normalize('NFKC').replace(AUTO_LINK, '$1').replace(/\s+/g, ' ').trim());
  const detected: Locale = HANGUL.test(normal) ? 'ko' : fallback;
  if (normal.length === 0) return fail('empty', detected);

  // Lock forms and maintenance plans (issue 20): before the single-node maintenance forms, which
  // would take `maintain all workers` for a node named "all" and `maintain a b` for node a.
  const lock = matchLockCommand(normal, fallback);
  if (lock !== null) return lock;
  const plan = parseMaintenancePlanCommand(normal);
  if (plan !== null) {
    if (plan.kind === 'error')
      return {
        ok: false,
        error: {
          code:
            plan.error === 'invalid-plan-id'
              ? 'invalid-request-id'
              : plan.error === 'invalid-cluster'
                ? 'invalid-cluster-name'
                : 'invalid-option',
          token: plan.detail.slice(0, 80),
        },
        locale: plan.lang === 'ko' ? 'ko' : fallback === 'ko' ? 'ko' : plan.lang,
      };
    if (plan.kind === 'maintenance-plan-control')
      return {
        ok: true,
        command: { kind: 'maintenance-decision', action: plan.action, requestId: plan.planId },
        locale: plan.lang === 'ko' ? 'ko' : fallback,
      };
    return { ok: true, command: plan, locale: plan.lang === 'ko' ? 'ko' : fallback };
  }
  // Maintenance forms (issue 5) carry a free-text reason and `--force`: matched before the options.
  const maintenance = matchMaintenanceCommand(normal, fallback);
  if (maintenance !== null)
    return maintenance.ok
      ? { ...maintenance, command: resolveCommandNodes(maintenance.command, options.nodes) }
      : maintenance;

  // A label selector (`-l node-pool=blue`, `--selector …`) names a group of nodes (issue 17).
  const { rest: withoutSelector, selector } = takeSelector(normal);

  // Steps 3, 4: options and locale.
  const opts = takeOptions(withoutSelector);
  if (opts.error !== undefined) return { ok: false, error: opts.error, locale: detected };
  const locale: Locale = opts.lang ?? (HANGUL.test(opts.rest) ? 'ko' : fallback);
  if (opts.help) return { ok: true, command: { kind: 'help' }, locale };
  if (/^[\s?]+$/.test(opts.rest)) return { ok: true, command: { kind: 'help' }, locale };

  // Step 5: modifiers.
  const mods = takeModifiers(opts.rest);
  if (mods.rest.length === 0) return fail('not-understood', locale);

  const viaGrammar = matchGrammar(mods, opts.cluster, locale);
  // Step 8 (issue 17): free phrasing, when the grammar did not understand the text, took a pronoun
  // or a group word for a node ("can I reboot it", "reboot masters"), or a selector was given.
  const grammarNode = viaGrammar.ok ? nodeOf(viaGrammar.command) : undefined;
  const reserved = grammarNode !== undefined && RESERVED_NODE_WORDS.has(grammarNode);
  if (viaGrammar.ok && !reserved && selector === undefined)
    return { ...viaGrammar, command: resolveCommandNodes(viaGrammar.command, options.nodes) };
  if (
    !viaGrammar.ok &&
    (viaGrammar.error.code === 'invalid-cluster-name' || viaGrammar.error.code === 'invalid-option')
  )
    return viaGrammar;
  const clusterRaw = opts.cluster ?? mods.cluster;
  const cluster = clusterRaw?.toLowerCase();
  if (clusterRaw !== undefined && cluster !== undefined && !isValidClusterName(cluster))
    return fail('invalid-cluster-name', locale, clusterRaw);
  const understood = understandRequest(mods.rest, {
    ...(options.nodes === undefined ? {} : { nodes: options.nodes }),
    ...(selector === undefined ? {} : { selector }),
    ...(cluster === undefined ? {} : { cluster }),
    ...(mods.when === undefined ? {} : { when: mods.when }),
  });
  if (understood !== null) return { ok: true, command: understood, locale };
  if (reserved) return fail('not-understood', locale);
  return viaGrammar;
}

/** The node a single-node command names, lowercase. */
function nodeOf(command: Command): string | undefined {
  if ('node' in command) return command.node;
  if (command.kind === 'what-if' && 'node' in command.change) return command.change.node;
  return undefined;
}

/**
 * Resolve the node names of a command against the cluster's node names (see {@link resolveNodeName});
 * names that resolve to nothing are kept as typed (the answer says which nodes exist).
 * @param command - a parsed command
 * @param nodes - the cluster's node names; undefined leaves the command as it is
 * @returns the command with resolved names
 */
export function resolveCommandNodes<C extends Command>(command: C, nodes: readonly string[] | undefined): C {
  if (nodes === undefined) return command;
  const r = (n: string): string => resolveNodeName(n, nodes) ?? n;
  if (command.kind === 'multi-node') {
    const resolved = command.nodes.map(r).filter((n, i, all) => all.indexOf(n) === i);
    return { ...command, nodes: resolved };
  }
  if ('node' in command && typeof command.node === 'string') return { ...command, node: r(command.node) };
  if (command.kind === 'what-if' && 'node' in command.change && command.change.node !== undefined) {
    return { ...command, change: { ...command.change, node: r(command.change.node) } };
  }
  return command;
}

/** Steps 6 and 7: the fixed grammar and the names. */
function matchGrammar(mods: Modifiers, optionCluster: string | undefined, locale: Locale): ParseResult {
  // Step 6: grammar. All matching rules; one with a valid node name wins, else the first.
  const matches: Match[] = [];
  for (const r of GRAMMAR) {
    const m = r.pattern.exec(mods.rest);
    const match = m === null ? null : matchOf(r, m);
    // `restart kube-proxy on worker-3`: step 5 took "on worker-3" for a cluster; it is the node.
    if (
      ON_NODE_INTENTS.has(r.intent) &&
      mods.cluster !== undefined &&
      match?.node === undefined &&
      mods.beforeCluster !== mods.rest
    ) {
      const b = r.pattern.exec(mods.beforeCluster);
      if (b !== null && b.groups?.node !== undefined) {
        matches.push({ ...matchOf(r, b), clusterWasNode: true });
        continue;
      }
    }
    if (match !== null) matches.push(match);
  }
  const first = matches[0];
  if (first === undefined) return fail('not-understood', locale);
  const chosen =
    matches.find((m) =>
      m.node === undefined ? m.rule.intent !== 'reboot-impact' : isValidNodeName(m.node.toLowerCase()),
    ) ?? first;

  // Step 7: names. The node first, before anything else is done with the request.
  let node: string | undefined;
  if (chosen.rule.intent === 'reboot-impact' || chosen.node !== undefined) {
    const judged = judgeNode(chosen);
    if ('invalid' in judged) return fail('invalid-node-name', locale, judged.invalid);
    node = judged.name;
  }
  const clusterRaw =
    optionCluster ?? chosen.cluster ?? (chosen.clusterWasNode === true ? undefined : mods.cluster);
  let cluster: string | undefined;
  if (clusterRaw !== undefined) {
    cluster = clusterRaw.toLowerCase();
    if (!isValidClusterName(cluster)) return fail('invalid-cluster-name', locale, clusterRaw);
  }

  let command: Command;
  switch (chosen.rule.intent) {
    case 'reboot-impact':
      command = {
        kind: 'reboot-impact',
        node: node ?? '',
        // "drain" said anywhere but inside the node's own name (`drain-test-1`).
        drain: /drain|드레인/i.test(mods.rest.replace(chosen.node ?? '', ' ')),
        ...(cluster === undefined ? {} : { cluster }),
        ...(mods.when === undefined ? {} : { when: mods.when }),
      };
      break;
    case 'ha-status':
      command = {
        kind: 'ha-status',
        ...(chosen.rule.report ? { report: true as const } : {}),
        ...(cluster === undefined ? {} : { cluster }),
      };
      break;
    case 'help':
      command = { kind: 'help', ...(cluster === undefined ? {} : { cluster }) };
      break;
    case 'what-if':
      command = {
        kind: 'what-if',
        change: whatIfChange(chosen, node),
        drain: false,
        ...(cluster === undefined ? {} : { cluster }),
        ...(mods.when === undefined ? {} : { when: mods.when }),
      };
      break;
    case 'drain-impact':
      command = {
        kind: 'drain-impact',
        node: node ?? '',
        drain: true,
        ...(cluster === undefined ? {} : { cluster }),
        ...(mods.when === undefined ? {} : { when: mods.when }),
      };
      break;
    case 'upgrade-impact':
      command = {
        kind: 'upgrade-impact',
        node: node ?? '',
        drain: /drain|드레인/i.test(mods.rest.replace(chosen.node ?? '', ' ')),
        ...(chosen.version === undefined
          ? {}
          : { targetVersion: chosen.version.toLowerCase().replace(/^(?!v)/, 'v') }),
        ...(cluster === undefined ? {} : { cluster }),
        ...(mods.when === undefined ? {} : { when: mods.when }),
      };
      break;
  }
  return { ok: true, command, locale };
}

/** The change a what-if match asks about. */
function whatIfChange(match: Match, node: string | undefined): WhatIfChange {
  const component = componentOf(match.component);
  switch (match.rule.change) {
    case 'component-restart':
      return node === undefined
        ? { type: 'component-restart', component }
        : { type: 'component-restart', component, node };
    case 'rolling-update':
      return { type: 'rolling-update', component };
    case 'node-down':
      return { type: 'node-down', node: node ?? '' };
    case 'control-plane-down':
      return { type: 'control-plane-down' };
    case 'etcd-quorum-loss':
      return { type: 'etcd-quorum-loss' };
    case 'component-down':
    case undefined:
      return { type: 'component-down', component };
  }
}
