/**
 * A {@link Reply} as plain terminal text: the console adapter's rendering, and the `text` field of
 * `--format json`.
 */
import { contextLineParts } from './context-line.js';
import { translator, type Translator } from './i18n.js';
import type { PlaneSection, Reply } from './reply.js';
import { safeReply } from './safe-reply.js';
import { firstScreenLines, hasDetails, splitReply } from './first-screen.js';

/**
 * Render a reply as plain text (no colours, no markup).
 * @param input - the reply (its strings are made safe first: see safe-reply.ts)
 * @returns lines joined with `\n`, no trailing newline
 */
export function renderText(input: Reply): string {
  // Last guard: no terminal escapes, bidi or hidden characters from cluster data.
  const reply = safeReply(input);
  const tr = translator(reply.locale);
  // The first screen, then the details (issue 30, item 4: src/explain/first-screen.ts decides which is which).
  const { first, details } = splitReply(reply);
  // Where the answer came from closes the first screen, as Slack's and Teams' first message; an
  // answer without one (help, errors) ends with it, as before.
  const out: string[] = firstScreenLines(first, tr);
  const c = reply.context;
  const where = c.snapshotAt ? ['', contextLineParts(c, tr).join(' · ')] : [];
  const body = detailLines(details, tr);
  // Every verdict answer has the same layout, a SAFE one with nothing lifted too (issue 30 item 4).
  const layered = hasDetails(first) || reply.kind === 'reboot-impact' || reply.kind === 'ha-status';
  if (!layered) out.push(...body, ...where);
  else out.push(...where, ...(body.length > 0 ? ['', `${tr.t('screen.details')}:`, ...body] : []));
  return out.join('\n');
}

/** The details of an answer as text lines (planes, sections, the steps after the first screen's). */
function detailLines(reply: Reply, tr: Translator): string[] {
  const out: string[] = [];
  for (const p of reply.planes) {
    out.push('', `${p.heading}`);
    for (const [key, items] of planeGroups(p)) {
      if (items.length === 0) continue;
      out.push(`  ${tr.t(key)}:`);
      for (const r of items) out.push(`   • ${r}`);
    }
  }
  for (const s of reply.sections) {
    if (s.lines.length === 0 && reply.kind === 'ha-status') continue;
    out.push('');
    if (s.heading) out.push(s.heading);
    for (const l of s.lines) out.push(`  • ${l}`);
  }
  const steps = numberedSteps(reply.advice);
  if (steps.length > 0) out.push('', `${tr.t('slack.advice')}:`, ...steps.map((s) => `  ${s}`));
  return out;
}

/**
 * A plane's lists under their label keys, in the order every surface shows them.
 * @param p - a plane section
 * @returns `[locale key, lines]`: why, what stops, what keeps working
 */
export function planeGroups(p: PlaneSection): [string, readonly string[]][] {
  return [
    ['plane.why', p.reasons],
    ['plane.stops', p.stops],
    ['plane.keeps', p.keepsWorking],
  ];
}

/**
 * Steps to do, numbered from 1, one per line (issue 30, item 4); an empty step (its first
 * sentence was on the first screen and nothing follows) keeps its number but no line.
 * @param advice - the reply's advice, in order
 * @returns lines such as `2. Scale cart-cache to 2 replicas first.`
 */
export function numberedSteps(advice: readonly string[]): string[] {
  return advice.flatMap((a, i) => (a.trim() === '' ? [] : [`${i + 1}. ${a}`]));
}

/**
 * The one-line text a chat platform shows in notifications and where it cannot render the message
 * (Slack's `text`, a Teams activity's `summary`): the verdict or health word (else the title), then
 * the summary, e.g. `SAFE: Safe to reboot atlas-cp-2: …`. Nothing is said twice: a summary that
 * already opens with that word or title (the HA status: `HEALTHY: the control plane…`, a schedule
 * confirmation) stands alone.
 * @param reply - the reply (plain text; the caller escapes and cuts it for its platform)
 * @param tr - the reply's translator
 * @returns one line (whitespace runs collapsed); empty only when the title and summary are both empty
 */
export function notificationText(reply: Reply, tr: Translator): string {
  const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();
  const badge = reply.verdict
    ? tr.t(`verdict.${reply.verdict}`)
    : reply.health
      ? tr.t(`health.${reply.health}`)
      : oneLine(reply.title);
  const gist = oneLine(reply.summary);
  return gist === '' ? badge : gist.startsWith(badge) ? gist : `${badge}: ${gist}`;
}
