/**
 * What an answer shows first and what waits behind "Details" (issue 30, item 4: chat-sized
 * answers). The one place that decides it: the console text, Slack Block Kit and Teams cards all
 * render {@link splitReply}'s two parts; `--format json` carries the {@link Reply} unchanged.
 *
 * The first screen: the verdict line, the etcd quorum pictured before and after the change
 * (control-plane answers and status), one sentence per blocking or warning reason with its
 * objects named (blocking first), how many reasons and steps are left to Details, and the first
 * thing to do. The details: the rest, with no sentence of the first screen said again.
 */
import type { Finding } from '../analysis/types.js';
import { explainFinding } from './explain-finding.js';
import { type Translator, translator } from './i18n.js';
import type { Reply, ReplyReason, ReplySection } from './reply.js';

/**
 * The most a single-node answer's first screen may take, in lines and characters (UTF-16 code
 * units, as Slack counts), in every language (issue 30, item 4).
 */
export const FIRST_SCREEN_LIMITS = { lines: 8, chars: 600 } as const;

/** One blocking or warning reason, cut to its first sentence. */
export interface ScreenReason {
  severity: 'block' | 'warn';
  text: string;
}

/**
 * The blocking and warning reasons an answer says (issue 30 item 4: one list for the summary's
 * count and the first screen): its findings of those severities whose sentence is one of the
 * answer's lines, blocking first, each sentence once.
 * @param findings - the answer's findings
 * @param lines - the lines the answer says (its planes' reasons, its sections' lines)
 * @param explain - the answer's sentence for a finding (the what-if wording differs), or null
 * @returns the reasons, blocking first
 */
export function saidReasons(
  findings: readonly Finding[],
  lines: readonly string[],
  explain: (f: Finding) => string | null,
): ReplyReason[] {
  const said = new Set(lines);
  const serious = (['block', 'warn'] as const).flatMap((severity) =>
    findings
      .filter((f) => f.severity === severity)
      .map((f) => ({ severity, text: explain(f) }))
      .filter((r): r is ReplyReason => r.text !== null && said.has(r.text)),
  );
  return serious.filter((r, i) => serious.findIndex((x) => x.text === r.text) === i);
}

/** The first screen of an answer, plain text (adapters escape for their markup). */
export interface FirstScreen {
  /** The verdict or health word, e.g. `UNSAFE`; empty for answers without one. */
  badge: string;
  /** The answer's title ("Reboot impact: atlas-cp-2 in prod"): Slack and Teams show it in the header. */
  title: string;
  /** The answer's summary: the verdict and its gist on one line. */
  summary: string;
  /** The sections the answer marks `firstScreen` (a scheduled post's changes), whole. */
  sections: ReplySection[];
  /** The etcd quorum before → after the change (or now, for status) in glyphs, or null. */
  quorum: string | null;
  /** One sentence per blocking or warning reason, blocking first, as many as fit. */
  reasons: ScreenReason[];
  /** Reasons (of them `blocking`) and steps that did not fit and are in Details. */
  more: { reasons: number; blocking: number; steps: number };
  /** The first sentence of the first thing to do, or null. */
  step: string | null;
}

/** An answer split in two: the first screen and the {@link Reply} of what is left for Details. */
export interface SplitReply {
  first: FirstScreen;
  /**
   * The rest: the reply with the first screen's sentences taken out (a reason or step cut to its
   * first sentence keeps the sentences after it here); its `summary` is empty.
   */
  details: Reply;
}

/** Reason glyphs: blocking and warning (plain text, readable in Slack, Teams and a terminal). */
const GLYPH = { block: '✖', warn: '⚠' } as const;

/**
 * Whether an answer has a first screen apart from its details (reasons, a quorum picture or a
 * step lifted): then the surfaces put the details behind "Details"; otherwise (help, errors,
 * maintenance cards) they show the answer whole, as before.
 * @param first - {@link splitReply}'s first screen
 */
export function hasDetails(first: FirstScreen): boolean {
  return (
    first.reasons.length > 0 ||
    first.more.reasons > 0 ||
    first.quorum !== null ||
    first.step !== null ||
    first.sections.length > 0
  );
}

/**
 * A text cut after its first sentence: a `.` followed by a space, outside parentheses.
 * @param text - one or more sentences
 * @returns the first sentence and the rest (empty when there is one sentence)
 */
export function firstSentence(text: string): [string, string] {
  let depth = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const c = text[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if (
      c === '.' &&
      depth === 0 &&
      text[i + 1] === ' ' &&
      !/\b(?:e\.g|i\.e|etc|vs)$/.test(text.slice(0, i))
    )
      return [text.slice(0, i + 1), text.slice(i + 2).trim()];
  }
  return [text, ''];
}

/** Step 1 as the first screen shows it, and what Details keeps of it. */
interface StepCut {
  shown: string;
  rest: string;
}

/**
 * The ways to show a step, longest first: its first sentence; its first clause (up to the first
 * "; " outside parentheses, kept, and before any ": ") followed by "…".
 */
function stepCuts(text: string): StepCut[] {
  const [sentence, after] = firstSentence(text);
  const out: StepCut[] = [{ shown: sentence, rest: after }];
  let depth = 0;
  for (let i = 0; i < sentence.length - 1; i++) {
    const c = sentence[i];
    if (c === '(') depth += 1;
    else if (c === ')') depth = Math.max(0, depth - 1);
    else if ((c === ':' || c === ';') && depth === 0 && sentence[i + 1] === ' ') {
      // A clause that ends in ':' is a stub ("On each node, before its packages:"), not a step:
      // the step is shown whole or left to Details (issue 30 item 4).
      if (c === ':') break;
      out.push({ shown: `${sentence.slice(0, i + 1)} …`, rest: text.slice(i + 2).trim() });
      break;
    }
  }
  return out;
}

type Member = 'leader' | 'up' | 'down' | 'unknown';
const MEMBER_GLYPH: Record<Member, string> = { leader: '★', up: '●', down: '○', unknown: '?' };
const picture = (members: readonly Member[]): string => members.map((m) => MEMBER_GLYPH[m]).join('');
const num = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/**
 * The etcd quorum pictured: one glyph per voting member (★ leader, ● up, ○ down, ? not seen),
 * before → after the node goes down for a reboot-impact answer, as it is now for status. From
 * the `etcd-quorum-after` finding (src/analysis/control-plane-checks.ts, src/analysis/ha-status.ts)
 * and the `etcd-leader` finding; quorum is floor(n/2)+1 (etcd FAQ, "What is failure tolerance?").
 * @param tr - the reply's translator
 * @param findings - the answer's findings
 * @returns one line, or null when the answer has no etcd quorum of stacked members to picture
 *   (worker answers, a learner, external etcd, several nodes)
 */
export function quorumPicture(tr: Translator, findings: readonly Finding[]): string | null {
  const removal = findings.find((f) => f.check === 'etcd-member-remove' && Array.isArray(f.facts.others));
  if (removal !== undefined) return removalPicture(tr, removal);
  const q = findings.find((f) => f.check === 'etcd-quorum-after');
  if (q === undefined) return null;
  const voters = num(q.facts.voters);
  const quorum = num(q.facts.quorum);
  if (voters < 1 || voters > 15) return null;
  const down = Array.isArray(q.facts.down) ? q.facts.down.length : 0;
  const unknown = num(q.facts.unknown);
  const leaderElsewhere = findings.some((f) => f.check === 'etcd-leader' && f.variant === 'leader-elsewhere');
  const leaderHere = findings.some((f) => f.check === 'etcd-leader' && f.variant === 'leader-here');
  const others = (up: number, lead: boolean): Member[] => [
    ...Array.from({ length: up }, (_, i): Member => (lead && i === 0 ? 'leader' : 'up')),
    ...Array.from(
      { length: Math.min(unknown, Math.max(0, voters - 1 - up - down)) },
      (): Member => 'unknown',
    ),
    ...Array.from({ length: down }, (): Member => 'down'),
  ];
  if (q.variant.startsWith('status-')) {
    const healthy = Math.max(0, voters - down - unknown);
    const lead = typeof q.facts.leader === 'string' && healthy > 0;
    const now = others(healthy, lead);
    while (now.length < voters) now.push('unknown');
    const state =
      q.variant === 'status-lost' ? 'lost' : q.variant.startsWith('status-unknown') ? 'unknown' : 'kept';
    return tr.t('screen.quorum-now', { now: picture(now), quorum, state: tr.t(`screen.quorum-${state}`) });
  }
  if (!['kept', 'kept-no-spare', 'lost', 'lost-single', 'unknown'].some((v) => q.variant.startsWith(v)))
    return null;
  // The others of the node, then the node itself: the only member whose state changes.
  const up = q.variant === 'unknown' ? Math.max(0, voters - 1 - down - unknown) : num(q.facts.after);
  const targetUp = q.variant === 'unknown' ? null : num(q.facts.healthyBefore) > up;
  const before = [
    ...others(up, leaderElsewhere),
    leaderHere ? 'leader' : targetUp === null ? 'unknown' : targetUp ? 'up' : 'down',
  ] as Member[];
  while (before.length < voters) before.splice(before.length - 1, 0, 'unknown');
  const kept = q.variant.startsWith('kept');
  const after = [...others(up, leaderElsewhere || (leaderHere && kept)), 'down'] as Member[];
  while (after.length < voters) after.splice(after.length - 1, 0, 'unknown');
  const state = kept ? 'kept' : q.variant === 'unknown' ? 'unknown' : 'lost';
  return tr.t('screen.quorum', {
    before: picture(before),
    after: picture(after),
    quorum,
    state: tr.t(`screen.quorum-${state}`),
  });
}

/**
 * An etcd member removed for good (src/analysis/what-if/member-remove.ts): the voting members before
 * (the removed one last) → the members left, whose quorum is floor((N-1)/2)+1 (etcd FAQ). The leader
 * keeps its star; when the leader is the member removed, the members left elect one (a star on the
 * first member up). Refused by etcd: the members stay as they are. A learner: no change to picture.
 * @param tr - the reply's translator
 * @param f - the `etcd-member-remove` finding (facts `others`, `target`, `quorum`)
 * @returns one line, or null for a learner or more than 15 members
 */
function removalPicture(tr: Translator, f: Finding): string | null {
  const others = (f.facts.others as readonly string[]).map((m): Member =>
    m === 'leader' || m === 'up' || m === 'down' ? m : 'unknown',
  );
  const target = f.facts.target as Member;
  if (f.variant === 'learner' || others.length > 14) return null;
  const before = [...others, target];
  const refused = f.variant.startsWith('refused');
  const after = refused ? before : [...others];
  const elect = after.indexOf('up');
  if (!refused && target === 'leader' && elect >= 0) after[elect] = 'leader';
  const state = refused ? 'refused' : f.variant === 'health-unseen' ? 'unknown' : 'kept';
  return tr.t('screen.quorum-removed', {
    before: picture(before),
    after: picture(after),
    quorum: num(f.facts.quorum),
    state: tr.t(`screen.quorum-${state}`),
  });
}

/**
 * The lines of a first screen, as the console prints them and the tests measure them: the
 * verdict word and title (Slack and Teams show this line as their header), the summary, the
 * quorum picture, the reasons (✖ blocking, ⚠ warning), what is left to Details, step 1.
 */
export function firstScreenLines(first: FirstScreen, tr: Translator): string[] {
  const out = [first.badge ? `[${first.badge}] ${first.title}` : first.title];
  if (first.summary !== '') out.push(first.summary);
  for (const s of first.sections)
    out.push(...(s.heading ? [s.heading] : []), ...s.lines.map((l) => `• ${l}`));
  if (first.quorum !== null) out.push(first.quorum);
  for (const r of first.reasons) out.push(`${GLYPH[r.severity]} ${r.text}`);
  // Step 1, then what is left to Details (issue 30 item 4: "+N more steps" after step 1, not before).
  if (first.step !== null) out.push(`1. ${first.step}`);
  const more = moreLine(first, tr);
  if (more !== null) out.push(more);
  return out;
}

function moreLine(first: FirstScreen, tr: Translator): string | null {
  const { reasons, steps } = first.more;
  const parts = [
    ...(reasons > 0 ? [tr.t('screen.more-reasons', { count: reasons })] : []),
    ...(steps > 0 ? [tr.t('screen.more-steps', { count: steps })] : []),
  ];
  return parts.length === 0 ? null : tr.t('screen.more', { what: parts.join(tr.t('screen.more-and')) });
}

const size = (lines: readonly string[]): { lines: number; chars: number } => ({
  lines: lines.length,
  chars: lines.join('\n').length,
});

/**
 * Split an answer into its first screen and its details. Reasons are the answer's blocking and
 * warning findings whose sentence the answer says (a plane's or section's line), blocking first;
 * each keeps its first sentence on the first screen while the screen stays within
 * {@link FIRST_SCREEN_LIMITS}, the others are counted as "+N more reasons in Details" (never
 * dropped: they stay whole in the details).
 * @param reply - any reply; answers other than reboot-impact and HA status keep everything on
 *   the first screen's summary and details as before (no reasons or step are lifted)
 * @returns the two parts; `details` is a new reply, `reply` is not changed
 */
export function splitReply(reply: Reply): SplitReply {
  const tr = translator(reply.locale);
  const badge = reply.verdict
    ? tr.t(`verdict.${reply.verdict}`)
    : reply.health
      ? tr.t(`health.${reply.health}`)
      : '';
  const first: FirstScreen = {
    badge,
    title: reply.title.replace(/\s+/g, ' ').trim(),
    summary: reply.summary.replace(/\s+/g, ' ').trim(),
    sections: reply.sections.filter((s) => s.firstScreen === true),
    quorum: null,
    reasons: [],
    more: { reasons: 0, blocking: 0, steps: 0 },
    step: null,
  };
  if (reply.kind !== 'reboot-impact' && reply.kind !== 'ha-status')
    return {
      first,
      details: { ...reply, summary: '', sections: reply.sections.filter((s) => !s.firstScreen) },
    };

  const unique = (
    reply.attention ??
    saidReasons(
      reply.findings,
      [...reply.planes.flatMap((p) => p.reasons), ...reply.sections.flatMap((s) => s.lines)],
      (f) => explainFinding(tr, f),
    )
  ).map((r) => ({ severity: r.severity, full: r.text }));
  first.quorum = quorumPicture(tr, reply.findings);
  // Step 1 as its first sentence, or, when that crowds reasons off the screen, its first clause
  // (what to do, up to its first ";"): the rest follows in Details; when neither fits, none.
  const steps = reply.advice[0] === undefined ? [null] : [...stepCuts(reply.advice[0]), null];
  const fit = (step: StepCut | null): number => {
    first.step = step?.shown ?? null;
    first.more.steps = Math.max(0, reply.advice.length - (step === null ? 0 : 1));
    for (let n = unique.length; n >= 0; n--) {
      first.reasons = unique
        .slice(0, n)
        .map((r) => ({ severity: r.severity, text: firstSentence(r.full)[0] }));
      first.more.reasons = unique.length - n;
      first.more.blocking = unique.slice(n).filter((r) => r.severity === 'block').length;
      const s = size(firstScreenLines(first, tr));
      if (s.lines <= FIRST_SCREEN_LIMITS.lines && s.chars <= FIRST_SCREEN_LIMITS.chars) return n;
    }
    return -1;
  };
  // The reasons the summary counts come first (issue 33 item 10: "one blocking problem below" with
  // step 1 on the screen and the problem in Details points at nothing): the way of showing step 1
  // that leaves the most counted reasons on the screen, the longest of those; none when every way
  // crowds a counted reason off.
  // The reasons a summary counts: the blocking ones when there are any (UNSAFE counts its blocking
  // problems), else the warnings (CAUTION counts the things below).
  const blocking = unique.some((r) => r.severity === 'block');
  const counted = (n: number): number =>
    n < 0 ? -1 : blocking ? unique.slice(0, n).filter((r) => r.severity === 'block').length : n;
  const fits = steps.map((x) => counted(fit(x)));
  const best = fits.reduce((b, n, i) => (n > (fits[b] ?? -1) ? i : b), 0);
  let step = steps[best] ?? null;
  // Not even the verdict and the shortest step fit with every reason counted: show none.
  const shown = Math.max(0, fit(step));
  if (shown === 0 && unique[0] !== undefined) {
    // Not one reason fits whole (long node and pod names): the first, cut at a word to the room
    // left without step 1, so the count never points at nothing; Details keeps it whole.
    step = null;
    fit(null);
    const top = unique[0];
    first.reasons = [{ severity: top.severity, text: '' }];
    first.more.reasons = unique.length - 1;
    first.more.blocking = unique.slice(1).filter((r) => r.severity === 'block').length;
    const used = size(firstScreenLines(first, tr));
    const room = FIRST_SCREEN_LIMITS.chars - used.chars - 2;
    const text = firstSentence(top.full)[0];
    const cut = text.slice(0, Math.max(0, room)).replace(/\s+\S*$/u, '');
    if (used.lines <= FIRST_SCREEN_LIMITS.lines && cut.length > 0)
      first.reasons = [{ severity: top.severity, text: cut.length < text.length ? `${cut} …` : text }];
    else fit(null);
  }
  // Details: a lifted reason keeps only what follows its first sentence; step 1 likewise.
  // A line said already (the same "keeps working" under both planes) is said once (issue 30: no
  // fact twice in an answer).
  const rest = new Map(unique.slice(0, shown).map((r) => [r.full, firstSentence(r.full)[1]]));
  const seen = new Set<string>();
  const trim = (lines: readonly string[]): string[] =>
    lines
      .map((l) => rest.get(l) ?? l)
      .filter((l) => {
        const fresh = l !== '' && !seen.has(l);
        seen.add(l);
        return fresh;
      });
  const details: Reply = {
    ...reply,
    summary: '',
    planes: reply.planes.map((p) => ({
      ...p,
      reasons: trim(p.reasons),
      stops: trim(p.stops),
      keepsWorking: trim(p.keepsWorking),
    })),
    sections: reply.sections.filter((s) => !s.firstScreen).map((s) => ({ ...s, lines: trim(s.lines) })),
    advice: step === null ? reply.advice : [step.rest, ...reply.advice.slice(1)],
  };
  return { first, details };
}
