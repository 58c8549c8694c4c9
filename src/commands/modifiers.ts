/**
 * Step 5 of `parseCommand` (./parse-command.ts): the modifiers taken out of a request before the grammar sees it —
 * a time hint ("tonight", "오늘 밤"), the cluster ("in prod", "prod 클러스터에서"), polite fillers
 * ("please", "혹시") and trailing punctuation. The word lists are data; each is tried in order.
 */

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
 * The name before "클러스터": no Hangul in it ("운영 중인 클러스터에서", "사용자 클러스터의" describe a
 * cluster, they do not name one; a cluster name is an RFC 1123 label, issue 30 mined set a).
 */
const KO_CLUSTER_TOKEN = '(?<cluster>[^\\s,()\\u1100-\\u11FF\\u3130-\\u318F\\uAC00-\\uD7AF]+)';

/**
 * Where a cluster can be named outside the grammar, tried in order, each at most once.
 * English at the end ("… in prod", "… on the prod cluster", "… in cluster prod") or at the start
 * followed by a comma ("in prod, …"); Korean anywhere ("prod 클러스터에서 …", "… (prod 클러스터)").
 */
const CLUSTER_PHRASES: readonly RegExp[] = [
  new RegExp(`\\s*\\(\\s*${KO_CLUSTER_TOKEN}\\s*클러스터\\s*\\)`, 'iu'),
  new RegExp(`${KB}${KO_CLUSTER_TOKEN}\\s*클러스터(?:에서|에|의|에서의)?${KE}`, 'iu'),
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
  // A Pod's or a Node's state ("the etcd pod is always in CrashLoopBackOff"): kubectl's STATUS words.
  'crashloopbackoff',
  'createcontainererror',
  'createcontainerconfigerror',
  'containercreating',
  'imagepullbackoff',
  'errimagepull',
  'pending',
  'terminating',
  'notready',
  'unknown',
  'error',
]);

/** Polite words and openers with no meaning for the request, at the start or the end. */
const LEADING_FILLERS = new RegExp(
  `^(?:(?:please|pls|plz|hey|hi|hello|ok|okay|so|quick\\s+question|question)${E}[\\s,:]*|(?:혹시|저기|음)${KE}[\\s,]*)+`,
  'iu',
);
const TRAILING_FILLERS = new RegExp(`(?:[\\s,]+(?:please|pls|plz|thanks|thank\\s+you|thx)${E})+$`, 'i');

/** Trailing sentence punctuation (after NFKC, `？` is `?`). */
const TRAILING_PUNCTUATION = /[\s?!.。~…]+$/u;

/** Collapse spaces and drop leading and trailing separators, fillers and sentence punctuation. */
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

/** A request with its modifiers taken out. */
export interface Modifiers {
  /** What is left for the grammar. */
  rest: string;
  /** The text with the time hint taken out but the cluster phrase left in (`… on worker-3` may name a node). */
  beforeCluster: string;
  /** The time hint (`tonight`, `now`, `오늘 밤`, or the words as typed). */
  when?: string;
  /** The cluster as named in the text, not yet checked. */
  cluster?: string;
}

/**
 * Step 5: take the time hint and the cluster phrase out of the sentence.
 * @param text - the request after the options were taken out
 */
export function takeModifiers(text: string): Modifiers {
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
