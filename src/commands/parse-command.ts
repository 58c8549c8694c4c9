/**
 * Chat text (English, Korean) → a typed {@link Command}.
 *
 * The pipeline, in order (each step is a table, here or in ./modifiers.ts and ./grammar.ts, not a
 * pile of ifs):
 *
 * 1. Guards on the raw text: longer than `maxLength` → `too-long` (checked first, O(1), so a 10 KB
 *    paste costs nothing); control characters or ANSI escapes → `control-characters`; nothing but
 *    whitespace → `empty`.
 * 2. Normalise: invisible format characters (zero width space, joiner, BOM …) removed, Unicode
 *    NFKC (full-width `？`, `ｍａｓｔｅｒ` and macOS-decomposed Hangul become plain), whitespace collapsed, leading `/k8s` and bot mentions (`@k8s-ha-bot`, `<@U123ABC>`,
 *    Teams `<at>…</at>`) removed, Slack's automatic links (`<http://a.b|a.b>`) turned back into their text.
 * 3. A pasted command (`kubectl drain X --force`, `systemctl restart kubelet` on a node, `sudo
 *    reboot`, `kubeadm upgrade …`, `etcdctl member remove`; ./parse-pasted-command.ts) is read as
 *    the question about it, its flags kept; a cordon or uncordon in plain words is read as the pasted
 *    one, and a `sudo`/`doas` prefix of no command read is dropped. Else options anywhere in the
 *    text: `--lang en|ko`, `--cluster NAME` (also `--x=value`, and the `—` an editor may have made
 *    of `--`), `--help`. An unknown option or a missing or bad value →
 *    `invalid-option`.
 * 4. Locale: `--lang`, else `ko` when the text holds any Hangul, else `defaultLocale`, else `en`.
 * 5. Modifiers taken out of the sentence (./modifiers.ts): time hints ("tonight", "오늘 밤"),
 *    the cluster ("in prod", "on the prod cluster", "prod 클러스터에서", "(prod 클러스터)"),
 *    polite fillers ("please", "혹시") and trailing punctuation. An "on X" that names a node rather
 *    than a configured cluster ("can I reboot the node on atlas-wk-1") is read as the node.
 * 6. What is left must match one rule of the grammar (./grammar.ts) in full. A reboot rule captures the node
 *    name liberally (everything between the verb and the end), so `master-2; rm -rf /` is caught by
 *    the name check as `invalid-node-name` rather than half-matched. When several rules match, one
 *    whose node name is valid wins.
 * 7. Names: the node name is lowercased (hostnames are case-insensitive and Kubernetes node names
 *    are lowercase, so `Master-2` means `master-2`) and must be an RFC 1123 subdomain; the cluster
 *    name is lowercased and must be an RFC 1123 label. Korean particles (를/을/은/는/이/가) glued to a
 *    node name are dropped only when what remains is a valid name. A reboot rule's node phrase that is
 *    a list of valid names (`atlas-wk-1 and bar`, `wk-1이랑 bar`) becomes a multi-node command with
 *    every name kept (the understanding supplies the verb); an unknown name is answered as such.
 *
 * Nothing here echoes input unescaped: an error's `token` is plain text clipped to 80 characters,
 * free of control characters (step 1); renderers escape it for their markup.
 */
import { controlPlaneReadings, likelyReadings } from './clarify.js';
import { normalizeComponent } from './components.js';
import { COMPONENT_MENTION, GRAMMAR, type GrammarRule, type Intent, foldCase } from './grammar.js';
import { type Modifiers, takeModifiers } from './modifiers.js';
import { isValidClusterName, isValidNodeName } from './names.js';
import { matchMaintenanceCommand } from './parse-maintenance-command.js';
import { matchLockCommand } from './parse-lock-command.js';
import { parseMaintenancePlanCommand } from './parse-maintenance-plan-command.js';
import {
  type KubectlTarget,
  asPlainCordon,
  cordonVerbOf,
  kubectlFlagsSpan,
  readPaste,
  uncordonAsCordon,
  withoutPrivilege,
} from './parse-pasted-command.js';
import type {
  ClarifyingSuggestion,
  Command,
  Locale,
  MultiNodeCommand,
  ParseError,
  ParseResult,
  WhatIfChange,
} from './types.js';
import { summarizeRequest } from './request-summary.js';
import { THE_CONTROL_PLANE_NODE, THE_ETCD_LEADER } from './node-mentions.js';
import {
  RESERVED_NODE_WORDS,
  listed,
  namesAddonObject,
  namesProgram,
  nodeShaped,
  oneNodeCommand,
  readParts,
  refersToEarlierNode,
  resolveNodeName,
  takeSelector,
  understandRequest,
} from './understand.js';

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
  /**
   * The configured cluster names, when the caller has them: "on X" names cluster X only when X is one
   * of them or no node; a node-shaped X that is none of them is the node (see {@link nodeAfterOn}).
   */
  clusters?: readonly string[];
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

/**
 * Characters that display as nothing and that a chat client or a copy from a web page may slip into
 * a word: Unicode's `Default_Ignorable_Code_Point` (UAX #44, DerivedCoreProperties.txt): the soft
 * hyphen U+00AD, the combining grapheme joiner U+034F, the Arabic letter mark U+061C, the Hangul
 * fillers U+115F, U+1160, U+3164, U+FFA0, U+17B4–U+17B5, the Mongolian variation selectors and
 * vowel separator U+180B–U+180F, zero width space / non-joiner / joiner and the left-to-right and
 * right-to-left marks U+200B–U+200F, the word joiner and invisible operators U+2060–U+2065 and
 * U+206A–U+206F, the variation selectors U+FE00–U+FE0F (VS16 after an emoji), the zero width
 * no-break space (BOM) U+FEFF, U+FFF0–U+FFF8, U+1BCA0–U+1BCA3, U+1D173–U+1D17A and the tag
 * characters U+E0000–U+E0FFF. They change no word's meaning, so step 2 removes them:
 * `atlas\u200B-wk-1` is atlas-wk-1, never a different "invalid" name that displays exactly like it
 * (hostile review L5). The bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069),
 * also ignorable, reorder what is shown: step 1 refuses them instead ({@link CONTROL_CHARACTERS}).
 */
const INVISIBLE =
  // eslint-disable-next-line no-misleading-character-class -- each mark is removed on its own: this class's job
  /[\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2060-\u2065\u206A-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8\u{1BCA0}-\u{1BCA3}\u{1D173}-\u{1D17A}\u{E0000}-\u{E0FFF}]/gu;

/**
 * The text without its invisible format characters ({@link INVISIBLE}).
 * @param text - any text
 */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

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
  /^(?:(?:hey|hi|hello)\s+)?k8s-?ha-?bot\b[:,]?(?:\s+|$)/i, // the bot's name typed as a word ("k8s-ha-bot, help")
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
// The parser (steps 5 and 6 are data: ./modifiers.ts, ./grammar.ts)
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

/** Words (options aside) from which a text is prose rather than a command line. */
const PROSE_WORDS = 6;

/** Step 3: take `--options` out of the text. */
function takeOptions(text: string): Options {
  const tokens = text.split(' ');
  const kept: string[] = [];
  const out: Options = { rest: '', help: false };
  // In prose, another tool's flag is quoted, not given to us ("… with --limit atlas-wk-1 when I run
  // the playbook", "--leader-elect true 인데 …"): left out of the request. A short request with an
  // unknown option (`reboot master-2 --force`) is refused, as a mistyped option of ours.
  const prose = tokens.filter((t) => !OPTION.test(t)).length >= PROSE_WORDS;
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
    if (name !== 'lang' && name !== 'cluster') {
      if (prose) continue;
      return { ...out, error: { code: 'invalid-option', token: clip(token) } };
    }
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

/**
 * A rule's match, its groups taken from `text` as typed: the rule ran on `foldCase(text)` (same
 * length), and its `d` flag gives each group's indices.
 */
function matchOf(r: GrammarRule, m: RegExpExecArray, text: string): Match {
  const at = m.indices?.groups ?? {};
  const group = (name: string): string | undefined => {
    const span = at[name];
    return span === undefined ? undefined : text.slice(span[0], span[1]);
  };
  return {
    rule: r,
    node: group('node'),
    particle: group('particle'),
    cluster: group('cluster'),
    component: group('component'),
    version: group('version'),
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
 * `invalid-cluster-name`, `invalid-option`, `not-understood`, `ambiguous` with the likeliest
 * readings as `suggestions`). The result's `locale` is the
 * answer language even for errors.
 *
 * Cost: linear in the text for the guards; the grammar runs only on texts within `maxLength`
 * (default 2,000 characters), each rule a single anchored regex.
 *
 * @param typed - the message as the user typed it (an adapter may leave `/k8s` or a mention in)
 * @param options - `defaultLocale` (default 'en'), `maxLength` in characters (default 2,000)
 * @returns the command and locale, or the reason it was refused
 */
export function parseCommand(typed: string, options: ParseOptions = {}): ParseResult {
  // A text over the limit is refused by parseText's first guard, untouched (O(1)).
  const text = typed.length > (options.maxLength ?? DEFAULT_MAX_LENGTH) ? typed : withoutInvisible(typed);
  const parsed = parseText(text, options);
  const result = parsed.ok ? { ...parsed, command: asPlainCordon(parsed.command, text) } : parsed;
  if (!result.ok || options.nodes === undefined) return result;
  const readings = controlPlaneReadings(result.command, options.nodes, result.locale, false);
  return readings.length === 0 ? result : ambiguous(readings, options, result.locale);
}

/**
 * The commands about nodes that the worker reads again once it knows the cluster's node names (not
 * the status: it names no node, and a scheduled report carries settings its text does not). The
 * lock questions name a node beside the lock ("is wk-1 still holding the kured lock?").
 */
const NODE_QUESTIONS: ReadonlySet<Command['kind']> = new Set([
  'reboot-impact',
  'drain-impact',
  'upgrade-impact',
  'what-if',
  'multi-node',
  'lock-status',
  'break-lock',
]);

/**
 * The worker's reading of a request once the cluster's node names are known (issue 30, item 1):
 * the adapter parsed the text without them, keeping every word shaped like a node name; parsed again
 * with the live node list, a mention resolves against it (exact, short, role forms, typos) and a word
 * no node carries is dropped when a real node is named beside it (`restart rke2-server on
 * atlas-cp-2`). A reading that is not certain comes back as the `ambiguous` clarification.
 * Commands that are no node question (maintenance, plans, locks, help) come back unchanged: a
 * maintenance request keeps the node name as typed, and the caller resolves the others.
 * @param typed - the message as the user typed it
 * @param command - what the adapter parsed from it
 * @param nodes - the cluster's node names
 * @param locale - the answer language the adapter chose
 * @param clarify - the adapter was not sure (`AnswerJob.clarify`): `command` is only its first
 *   reading, so a text still not understood with the node list is answered as not understood,
 *   never with that reading
 * @returns the command with the cluster's names, or an `ambiguous` (or, with `clarify`, any) error
 */
export function rereadWithNodes(
  typed: string,
  command: Command,
  nodes: readonly string[],
  locale: Locale,
  clarify = false,
): ParseResult {
  const text = withoutInvisible(typed);
  // Anything else comes back as parsed: a maintenance request keeps the name as typed (it changes
  // the cluster: a typo must never become another node), and the caller resolves the rest.
  if (!NODE_QUESTIONS.has(command.kind) && !clarify) return { ok: true, command, locale };
  const resolved: ParseResult = { ok: true, command: resolveCommandNodes(command, nodes), locale };
  const again = parseCommand(text, { defaultLocale: locale, nodes });
  if (!again.ok) return again.error.code === 'ambiguous' || clarify ? { ...again, locale } : resolved;
  // (A clarification the node list reads as no node question is not answered by this path.)
  if (!NODE_QUESTIONS.has(again.command.kind)) return clarify ? fail('not-understood', locale) : resolved;
  const read: ParseResult = {
    ok: true,
    command: { ...keepUnusedFlags(again.command, command), cluster: command.cluster } as Command,
    locale,
  };
  const without = withoutStrayWords(text, again.command, nodes);
  if (without === text) return read;
  // Read again without them: when the rest is a request of its own (`with the server-plan`), that
  // is it; when the word was all the target there is (`can I reboot nosuchnode`), the answer says
  // "No node named nosuchnode" with the cluster's nodes.
  const rest = rereadWithNodes(without, command, nodes, locale);
  return rest.ok && withoutStrayWords(without, rest.command, nodes) === without ? rest : read;
}

/**
 * The text without the words the command takes for nodes that name no node of the cluster: no node
 * carries the word, it has no digit, it is no pseudo-name and it is not listed beside the other names the command takes
 * (`on the console`, `with the server-plan`, `system-upgrade-controller`, issue 30 set b). A node
 * name without a digit that no node carries is not a node the user can mean; a listed word
 * (`atlas-wk-1 and bar`) is kept so that the answer says "No node named bar".
 * @param text - the message
 * @param command - its reading with the node list
 * @param nodes - the cluster's node names
 * @returns the text with those words blanked, or `text` itself when there is none
 */
function withoutStrayWords(text: string, command: Command, nodes: readonly string[]): string {
  const lower = text.normalize('NFKC').toLowerCase();
  const named = summarizeRequest(command).nodes;
  return named
    .filter(
      (n) =>
        !nodes.includes(n) &&
        !/\d/u.test(n) &&
        n !== THE_CONTROL_PLANE_NODE &&
        n !== THE_ETCD_LEADER &&
        !(named.length > 1 && listed(lower, n)),
    )
    .reduce(
      (t, n) => t.replace(new RegExp(`(?<![\\w.-])${n.replace(/\./gu, '\\.')}(?![\\w.-])`, 'giu'), ' '),
      text,
    );
}

/**
 * An `ambiguous` error with the readings the parser reads (each kept only when it parses, so a
 * suggestion is exactly the request it stands for), or null when none does.
 * @param readings - request texts, likeliest first
 * @param options - the parse options (node list)
 * @param locale - the answer language
 */
function suggestionsOf(
  readings: readonly string[],
  options: ParseOptions,
  locale: Locale,
): ClarifyingSuggestion[] {
  return readings.flatMap((text) => {
    const r = parseText(text, { ...options, defaultLocale: locale });
    if (!r.ok) return [];
    const s = summarizeRequest(r.command);
    const request = {
      intent: s.intent,
      nodes: s.nodes,
      ...(s.group === undefined ? {} : { group: s.group }),
      ...(s.mode === undefined ? {} : { mode: s.mode }),
    };
    return [{ text, request }];
  });
}

/**
 * The `ambiguous` answer for these readings (see {@link suggestionsOf}); `not-understood` when none parses.
 * @param readings - request texts, likeliest first
 * @param options - the parse options
 * @param locale - the answer language
 */
export function ambiguous(readings: readonly string[], options: ParseOptions, locale: Locale): ParseResult {
  const suggestions = suggestionsOf(readings, options, locale);
  return suggestions.length === 0
    ? fail('not-understood', locale)
    : { ok: false, error: { code: 'ambiguous', suggestions }, locale };
}

/** {@link parseCommand} without the clarification of "the control plane node". */
function parseText(text: string, options: ParseOptions): ParseResult {
  const fallback: Locale = options.defaultLocale ?? 'en';
  const maxLength = options.maxLength ?? DEFAULT_MAX_LENGTH;

  // Step 1: guards, cheapest first.
  if (text.length > maxLength) return fail('too-long', fallback);
  if (CONTROL_CHARACTERS.test(text)) return fail('control-characters', HANGUL.test(text) ? 'ko' : fallback);

  // Step 2: normalise.
  const normal = stripPrefixes(text.normalize('NFKC').replace(AUTO_LINK, '$1').replace(/\s+/g, ' ').trim());
  const detected: Locale = HANGUL.test(normal) ? 'ko' : fallback;
  if (normal.length === 0) return fail('empty', detected);

  // Lock forms and maintenance plans: before the single-node maintenance forms, which
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
  // Maintenance forms carry a free-text reason and `--force`: matched before the options.
  const maintenance = matchMaintenanceCommand(normal, fallback);
  if (maintenance !== null)
    return maintenance.ok
      ? { ...maintenance, command: resolveCommandNodes(maintenance.command, options.nodes) }
      : maintenance;

  // A pasted command (`kubectl drain wk1 --force`, `systemctl restart kubelet` on a node): its flags
  // are its own, so it is read before the options.
  // (Not a `--cluster` among kubectl's global flags before its verb: kubectl's, read with the command.)
  const own = /(?:^|\s)(?:--|\u2014|\u2013)(?:lang|cluster)(?:=|\s+)(?!-)\S+/giu;
  const span = kubectlFlagsSpan(normal);
  const kubectls = (at: number): boolean => span !== null && at >= span.from - 1 && at < span.to;
  const mine = [...normal.matchAll(own)].filter((m) => !kubectls(m.index));
  const pasted = readPaste(normal.replace(own, (m: string, at: number) => (kubectls(at) ? m : ' ')));
  if (pasted !== null) {
    const around = takeOptions(`${pasted.rest} ${mine.map((m) => m[0]).join(' ')}`.trim());
    if (around.error !== undefined) return { ok: false, error: around.error, locale: detected };
    const clusterRaw = around.cluster ?? takeModifiers(around.rest).cluster;
    const cluster = clusterRaw?.toLowerCase();
    if (clusterRaw !== undefined && cluster !== undefined && !isValidClusterName(cluster))
      return fail('invalid-cluster-name', around.lang ?? detected, clusterRaw);
    // Several commands that make no one request: refused whole, never answered in part.
    if ('commands' in pasted)
      return {
        ok: false,
        error: { code: 'several-commands', token: String(pasted.commands) },
        locale: around.lang ?? detected,
      };
    // A command its tool refuses (a flag value kubectl rejects, an ID etcdctl cannot read): said so.
    if ('refused' in pasted) {
      const { rule, hex } = pasted.refused;
      const error = { code: 'tool-refuses' as const, token: rule, ...(hex === undefined ? {} : { hex }) };
      return { ok: false, error, locale: around.lang ?? detected };
    }
    const command = withTarget(pasted.command, pasted.targets ?? [], cluster, options.clusters);
    return {
      ok: true,
      command: oneNodeCommand(resolveCommandNodes(command, options.nodes)),
      locale: around.lang ?? detected,
    };
  }

  // A label selector (`-l node-pool=blue`, `--selector …`) names a group of nodes. A privilege
  // prefix of no command read above (`sudo reboot`, `doas`) is no node: the rest is read without it.
  const { rest: withoutSelector, selector } = takeSelector(withoutPrivilege(normal));

  // Steps 3, 4: options and locale.
  const opts = takeOptions(withoutSelector);
  if (opts.error !== undefined) return { ok: false, error: opts.error, locale: detected };
  const locale: Locale = opts.lang ?? (HANGUL.test(opts.rest) ? 'ko' : fallback);
  if (opts.help) return { ok: true, command: { kind: 'help' }, locale };
  if (/^[\s?]+$/.test(opts.rest)) return { ok: true, command: { kind: 'help' }, locale };

  // Step 5: modifiers.
  const mods = takeModifiers(
    cordonVerbOf(opts.rest) === 'uncordon' ? uncordonAsCordon(opts.rest) : opts.rest,
  );
  if (mods.rest.length === 0) return fail('not-understood', locale);

  const listOut: { list?: MultiNodeCommand } = {};
  const viaGrammar = matchGrammar(mods, opts.cluster, locale, listOut);
  // "on X" read as a cluster where it names the node (unless a grammar rule read it as its node).
  const onNode =
    viaGrammar.ok && viaGrammar.command.cluster === undefined
      ? undefined
      : nodeAfterOn(mods, opts.cluster, selector, options);
  if (onNode !== undefined) return { ok: true, command: onNode, locale };
  // Step 8: free phrasing, when the grammar did not understand the text, took a pronoun
  // or a group word for a node ("can I reboot it", "reboot masters"), or a selector was given.
  const grammarNode = viaGrammar.ok ? nodeOf(viaGrammar.command) : undefined;
  // A program's name taken for a node ("what if etcd-server goes down") is read by the understanding too.
  const reserved =
    grammarNode !== undefined &&
    (RESERVED_NODE_WORDS.has(grammarNode) || namesProgram(grammarNode, options.nodes));
  // A restart of an add-on named by its DaemonSet or Deployment ("calico 데몬셋 재시작") is its rollout.
  const rollout =
    viaGrammar.ok &&
    viaGrammar.command.kind === 'what-if' &&
    viaGrammar.command.change.type === 'component-restart' &&
    viaGrammar.command.change.node === undefined &&
    namesAddonObject(mods.rest);
  if (viaGrammar.ok && !reserved && selector === undefined && !rollout)
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
    nodes: options.nodes,
    selector,
    cluster,
    when: mods.when,
  });
  const list = listOut.list;
  if (list !== undefined)
    return {
      ok: true,
      command: oneNodeCommand(resolveCommandNodes(keepEveryName(list, understood), options.nodes)),
      locale,
    };
  if (understood !== null) return { ok: true, command: understood, locale };
  return clarified(reserved ? fail('not-understood', locale) : viaGrammar, mods.rest, options, locale);
}

/**
 * The worker's reading with the unused kubectl flags of the adapter's, which knew the configured
 * clusters (whether `--context` named one) where the worker's reading with the node list does not.
 * @param again - the worker's reading
 * @param first - the adapter's
 */
function keepUnusedFlags(again: Command, first: Command): Command {
  const unused = first.kind === 'drain-impact' ? first.kubectl?.flags.unused : undefined;
  if (again.kind !== 'drain-impact' || again.kubectl === undefined || unused === undefined) return again;
  return { ...again, kubectl: { ...again.kubectl, flags: { ...again.kubectl.flags, unused } } };
}

/**
 * A pasted command with its cluster: `--cluster` or a cluster phrase given to the bot, else a pasted
 * kubectl `--context` or `--cluster` naming a configured cluster (L2); one naming none is listed with
 * the command's unused flags, which the answer names as not used.
 * @param command - the pasted command
 * @param targets - its kubectl `--context` and `--cluster`, if any
 * @param cluster - the cluster given to the bot, if any
 * @param clusters - the configured cluster names, when the caller has them
 */
function withTarget(
  command: Command,
  targets: readonly KubectlTarget[],
  cluster: string | undefined,
  clusters: readonly string[] | undefined,
): Command {
  const configured = targets.find((t) => clusters?.includes(t.value.toLowerCase()) === true);
  const picked = cluster ?? configured?.value.toLowerCase();
  const out = { ...command, ...(picked === undefined ? {} : { cluster: picked }) } as Command;
  // Without the configured names (the worker's reading with the node list) nothing is known of them.
  const unused = clusters === undefined ? [] : targets.filter((t) => t.value.toLowerCase() !== picked);
  if (unused.length === 0 || out.kind !== 'drain-impact' || out.kubectl === undefined) return out;
  const flags = out.kubectl.flags;
  const names = [...(flags.unused ?? []), ...unused.map((t) => t.flag)];
  return { ...out, kubectl: { ...out.kubectl, flags: { ...flags, unused: [...new Set(names)] } } };
}

/**
 * The request read with its "on X" / "in X" phrase as the node, when step 5 took a node for a cluster
 * ("can I reboot the node on atlas-wk-1", "can I remove the etcd member on atlas-cp-3", "what if
 * kubelet restarts on atlas-cp-2"): X is a node of the cluster (`nodes`), or, without the node list,
 * shaped like a node name and no configured cluster (`clusters`); a phrase that says "cluster" names
 * one. The reading counts only when it is about X; else undefined, and X stays the cluster.
 * @param mods - step 5's result
 * @param optionCluster - the cluster given as `--cluster`, which leaves no phrase to reread
 * @param selector - the label selector of the text, if any
 * @param options - the parse options (node list, configured cluster names)
 */
function nodeAfterOn(
  mods: Modifiers,
  optionCluster: string | undefined,
  selector: string | undefined,
  options: ParseOptions,
): Command | undefined {
  const named = mods.cluster?.toLowerCase();
  if (optionCluster !== undefined || named === undefined) return undefined;
  const escaped = named.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
  if (!new RegExp(`(?:^|\\s)(?:on|in)\\s+(?:the\\s+)?${escaped}$`, 'iu').test(mods.beforeCluster))
    return undefined;
  const node =
    options.nodes !== undefined
      ? resolveNodeName(named, options.nodes)
      : nodeShaped(named) && !(options.clusters ?? []).includes(named)
        ? named
        : undefined;
  if (node === undefined) return undefined;
  const read = understandRequest(mods.beforeCluster, { nodes: options.nodes, selector, when: mods.when });
  return read !== null && nodeOf(read) === node ? read : undefined;
}

/**
 * Clarify instead of refusing (issue 30, item 2): a text not understood that names a node or an
 * action gets the likeliest readings (./clarify.ts), each kept only when the parser reads it (so
 * a suggestion is exactly the request it stands for), as an `ambiguous` error. A text that refers
 * to an earlier node ("it", "그 노드") and names none is `no-earlier-node`. Other errors, and a
 * text with neither a node nor an action word, are returned as they are.
 * @param result - the parse so far
 * @param rest - the text left after the modifiers
 * @param options - the parse options (node list, default locale)
 * @param locale - the answer language
 */
function clarified(result: ParseResult, rest: string, options: ParseOptions, locale: Locale): ParseResult {
  if (result.ok) return result;
  const { code, token } = result.error;
  // "can I reboot it", "그 노드 드레인해도 돼?" with no node named before: say so and ask which node.
  // With a role or group named ("shut down one control-plane and start it again"), its readings.
  const parts = readParts(rest, options.nodes === undefined ? {} : { nodes: options.nodes });
  if (
    ((code === 'not-understood' && refersToEarlierNode(rest)) ||
      (code === 'invalid-node-name' && token !== undefined && refersToEarlierNode(token))) &&
    (parts.group === undefined || parts.actions.length === 0)
  )
    return fail('no-earlier-node', locale);
  // A phrase taken for a node name ("the control plane") is clarified; a name with bad characters or
  // a long run of words is not a phrase anyone meant as a request.
  const phrase = token !== undefined && /\s/u.test(token) && token.split(/\s+/u).length <= 4;
  if (code !== 'not-understood' && !(code === 'invalid-node-name' && phrase)) return result;
  const suggestions = suggestionsOf(likelyReadings(rest, locale, options.nodes), options, locale);
  return suggestions.length === 0 ? result : { ok: false, error: { code: 'ambiguous', suggestions }, locale };
}

/**
 * A list of names the grammar read (`drain atlas-wk-1 and bar`) against what the free understanding
 * made of the same text: the understanding's action, drain and plan mode when it read one, but
 * never fewer nodes than the list names (it drops words not shaped like node names, such as `bar`).
 * @param list - the grammar's list, action `reboot`
 * @param understood - the understanding's command, or null
 */
function keepEveryName(list: MultiNodeCommand, understood: Command | null): MultiNodeCommand {
  if (understood === null) return list;
  if (understood.kind === 'multi-node')
    return understood.group === undefined && understood.nodes.length >= list.nodes.length
      ? understood
      : { ...understood, nodes: list.nodes, group: undefined };
  switch (understood.kind) {
    case 'drain-impact':
      return { ...list, action: 'drain', drain: true };
    case 'reboot-impact':
      return { ...list, drain: list.drain || understood.drain };
    case 'upgrade-impact':
      return {
        ...list,
        action: 'upgrade',
        drain: list.drain || understood.drain,
        ...(understood.targetVersion === undefined ? {} : { targetVersion: understood.targetVersion }),
      };
    default:
      return list;
  }
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
 * @param known - names the caller resolved itself (`the-etcd-leader` → the leader's node, read from etcd)
 * @returns the command with resolved names
 */
export function resolveCommandNodes<C extends Command>(
  command: C,
  nodes: readonly string[] | undefined,
  known: Readonly<Record<string, string>> = {},
): C {
  if (nodes === undefined) return command;
  const r = (n: string): string =>
    (Object.hasOwn(known, n) ? known[n] : undefined) ?? resolveNodeName(n, nodes) ?? n;
  if (command.kind === 'multi-node') {
    const resolved = command.nodes.map(r).filter((n, i, all) => all.indexOf(n) === i);
    return { ...command, nodes: resolved };
  }
  // The whole cluster's upgrade names no node: nothing to resolve.
  if (command.kind === 'upgrade-impact' && command.scope === 'cluster' && command.node === '') return command;
  if ('node' in command && typeof command.node === 'string') return { ...command, node: r(command.node) };
  if (command.kind === 'what-if' && 'node' in command.change && command.change.node !== undefined) {
    return { ...command, change: { ...command.change, node: r(command.change.node) } };
  }
  if (command.kind === 'what-if' && 'members' in command.change && command.change.members !== undefined) {
    const members = command.change.members.map(r).filter((n, i, all) => all.indexOf(n) === i);
    return { ...command, change: { ...command.change, members } };
  }
  return command;
}

/** The last text {@link grammarMatches} ran the grammar on, and what matched. */
let lastGrammarRun:
  { rest: string; beforeCluster: string | undefined; matches: readonly Match[] } | undefined;

/**
 * Step 6: every rule matching `rest` in full, in grammar order (a rule naming a component only
 * when the text mentions one, {@link COMPONENT_MENTION}). The result of the last text is
 * kept: the worker (and a CLI `ask`) reads a request twice, once as the adapter does and again with
 * the cluster's node names (see {@link rereadWithNodes}), and the second run of the 74 patterns
 * is the one V8 compiles them to machine code for (its regexp tier-up), ~10 ms of a CLI `ask`'s
 * CPU spent on one more run.
 * @param rest - the text left after step 5
 * @param beforeCluster - that text before step 5 took a cluster phrase out, when it took one out
 * @returns the matches, not to be changed (shared with the next call for the same text)
 */
function grammarMatches(rest: string, beforeCluster: string | undefined): readonly Match[] {
  const last = lastGrammarRun;
  if (last?.rest === rest && last.beforeCluster === beforeCluster) return last.matches;
  const matches: Match[] = [];
  const folded = foldCase(rest);
  const foldedBefore = beforeCluster === undefined ? undefined : foldCase(beforeCluster);
  const component = COMPONENT_MENTION.test(folded) || COMPONENT_MENTION.test(foldedBefore ?? '');
  for (const r of GRAMMAR) {
    if (r.needsComponent === true && !component) continue;
    const m = r.pattern.exec(folded);
    const match = m === null ? null : matchOf(r, m, rest);
    // `restart kube-proxy on worker-3`: step 5 took "on worker-3" for a cluster; it is the node.
    if (
      beforeCluster !== undefined &&
      foldedBefore !== undefined &&
      ON_NODE_INTENTS.has(r.intent) &&
      match?.node === undefined
    ) {
      const b = r.pattern.exec(foldedBefore);
      if (b !== null && b.groups?.node !== undefined) {
        matches.push({ ...matchOf(r, b, beforeCluster), clusterWasNode: true });
        continue;
      }
    }
    if (match !== null) matches.push(match);
  }
  lastGrammarRun = { rest, beforeCluster, matches };
  return matches;
}

/** Steps 6 and 7: the fixed grammar and the names. */
function matchGrammar(
  mods: Modifiers,
  optionCluster: string | undefined,
  locale: Locale,
  listOut: { list?: MultiNodeCommand },
): ParseResult {
  // Step 6: grammar. All matching rules; one with a valid node name wins, else the first.
  const matches = grammarMatches(
    mods.rest,
    mods.cluster !== undefined && mods.beforeCluster !== mods.rest ? mods.beforeCluster : undefined,
  );
  const first = matches[0];
  if (first === undefined) return fail('not-understood', locale);
  const chosen =
    matches.find((m) =>
      m.node === undefined ? m.rule.intent !== 'reboot-impact' : isValidNodeName(m.node.toLowerCase()),
    ) ?? first;

  // Step 7: names. The node first, before anything else is done with the request.
  const clusterRaw =
    optionCluster ?? chosen.cluster ?? (chosen.clusterWasNode === true ? undefined : mods.cluster);
  let node: string | undefined;
  if (chosen.rule.intent === 'reboot-impact' || chosen.node !== undefined) {
    const judged = judgeNode(chosen);
    if ('invalid' in judged) {
      // `reboot atlas-wk-1 and bar`: a list of names, every one kept (an unknown one is answered
      // as such, never dropped).
      // The free understanding reads the verb; `listOut` keeps every name for it (see parseCommand).
      const list = chosen.rule.intent === 'reboot-impact' ? nodeList(chosen.node ?? '') : null;
      const listCluster = clusterRaw?.toLowerCase();
      if (list !== null && (listCluster === undefined || isValidClusterName(listCluster)))
        listOut.list = {
          kind: 'multi-node',
          action: 'reboot',
          nodes: list,
          mode: 'together',
          drain: /drain|드레인/i.test(mods.rest.replace(chosen.node ?? '', ' ')),
          cluster: listCluster,
          when: mods.when,
        };
      return fail('invalid-node-name', locale, judged.invalid);
    }
    node = judged.name;
  }
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
        cluster,
        when: mods.when,
      };
      break;
    case 'ha-status':
      command = {
        kind: 'ha-status',
        report: chosen.rule.report,
        cluster,
      };
      break;
    case 'help':
      command = { kind: 'help', cluster };
      break;
    case 'what-if':
      command = {
        kind: 'what-if',
        change: whatIfChange(chosen, node),
        drain: false,
        cluster,
        when: mods.when,
      };
      break;
    case 'drain-impact':
      command = {
        kind: 'drain-impact',
        node: node ?? '',
        drain: true,
        cluster,
        when: mods.when,
      };
      break;
    case 'upgrade-impact':
      command = {
        kind: 'upgrade-impact',
        node: node ?? '',
        drain: /drain|드레인/i.test(mods.rest.replace(chosen.node ?? '', ' ')),
        targetVersion: chosen.version?.toLowerCase().replace(/^(?!v)/, 'v'),
        cluster,
        when: mods.when,
        // The whole cluster's upgrade: the answer step picks the node it starts with.
        ...(chosen.rule.clusterWide === true ? { scope: 'cluster' as const } : {}),
      };
      break;
  }
  return { ok: true, command, locale };
}

/**
 * Separators of a list of node names: `,`, `and`, `&`, `+`, `및`, and the Korean particles glued
 * to a name (`wk-1이랑 wk-2`, `wk-1과 wk-2`, `wk-1하고 wk-2`).
 */
const LIST_SEPARATOR =
  /\s*,\s*(?:and\s+)?|\s+and\s+|\s*&\s*|\s*\+\s*|\s+및\s+|(?<=[a-z0-9])(?:이랑|랑|하고|와|과|및)\s*/iu;

/** Words after a list separator that are no node name (`power-cycle atlas-wk-1, safe?`). */
const LIST_STOP_WORDS =
  /^(?:re-?boot|restart|drain|bounce|upgrade|cordon|then|also|too|now|later|safely|safe|ok|okay|fine|possible|please|pls|right|tonight|today|tomorrow|together|first|yes|no|thanks)$/u;

/**
 * The node names of a list phrase (`atlas-wk-1 and bar`, `wk-1이랑 wk-2`), lowercase, no duplicates;
 * null unless it has two or more parts and every part is one valid node name that is no reserved
 * word, verb or component (`atlas-wk-1 and reboot`, `workers and masters` are left to the
 * understanding). `&&` leaves an empty part, so a shell list is never a node list.
 * @param phrase - the node phrase a reboot rule captured
 */
function nodeList(phrase: string): string[] | null {
  const parts = phrase.split(LIST_SEPARATOR).map((p) => p.toLowerCase());
  if (parts.length < 2) return null;
  const ok = parts.every(
    (p) =>
      isValidNodeName(p) &&
      !RESERVED_NODE_WORDS.has(p) &&
      normalizeComponent(p) === null &&
      !LIST_STOP_WORDS.test(p),
  );
  return ok ? parts.filter((p, i) => parts.indexOf(p) === i) : null;
}

/** The change a what-if match asks about. */
function whatIfChange(match: Match, node: string | undefined): WhatIfChange {
  const component = componentOf(match.component);
  switch (match.rule.change) {
    case 'component-restart':
      return { type: 'component-restart', component, node };
    case 'rolling-update':
      return { type: 'rolling-update', component };
    case 'node-down':
      return { type: 'node-down', node: node ?? '' };
    case 'control-plane-down':
      return { type: 'control-plane-down' };
    case 'etcd-quorum-loss':
      return { type: 'etcd-quorum-loss' };
    case 'etcd-member-remove':
      return node === undefined ? { type: 'etcd-member-remove' } : { type: 'etcd-member-remove', node };
    case 'component-down':
    case undefined:
      return node === undefined
        ? { type: 'component-down', component }
        : { type: 'component-down', component, node };
  }
}
