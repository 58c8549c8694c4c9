/**
 * A {@link Reply} as plain terminal text: the console adapter's rendering, and the `text` field of
 * `--format json`.
 */
import { contextLineParts } from './context-line.js';
import { translator, type Translator } from './i18n.js';
import type { Reply } from './reply.js';
import { safeReply } from './safe-reply.js';

/**
 * Render a reply as plain text (no colours, no markup).
 * @param input - the reply (its strings are made safe first: see safe-reply.ts)
 * @returns lines joined with `\n`, no trailing newline
 */
export function renderText(input: Reply): string {
  // Last guard: no terminal escapes, bidi or hidden characters from cluster data.
  const reply = safeReply(input);
  const tr = translator(reply.locale);
  const out: string[] = [];
  const badge = reply.verdict
    ? `[${tr.t(`verdict.${reply.verdict}`)}] `
    : reply.health
      ? `[${tr.t(`health.${reply.health}`)}] `
      : '';
  out.push(`${badge}${reply.title}`);
  out.push(reply.summary);
  for (const p of reply.planes) {
    out.push('', `${p.heading}`);
    if (p.reasons.length > 0) {
      out.push(`  ${tr.t('plane.why')}:`);
      for (const r of p.reasons) out.push(`   • ${r}`);
    }
    if (p.stops.length > 0) {
      out.push(`  ${tr.t('plane.stops')}:`);
      for (const s of p.stops) out.push(`   • ${s}`);
    }
    if (p.keepsWorking.length > 0) {
      out.push(`  ${tr.t('plane.keeps')}:`);
      for (const k of p.keepsWorking) out.push(`   • ${k}`);
    }
  }
  for (const s of reply.sections) {
    out.push('');
    if (s.heading) out.push(s.heading);
    for (const l of s.lines) out.push(`  • ${l}`);
  }
  if (reply.advice.length > 0) {
    out.push('', reply.locale === 'ko' ? '먼저 할 일:' : 'What to do first:');
    for (const a of reply.advice) out.push(`  • ${a}`);
  }
  const c = reply.context;
  if (c.snapshotAt) out.push('', contextLineParts(c, tr).join(' · '));
  return out.join('\n');
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
