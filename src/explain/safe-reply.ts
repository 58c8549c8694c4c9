/**
 * A {@link Reply} safe to show: every displayed string through `safeText` (src/util/safe-text.ts):
 * no terminal escapes, control or bidi characters, zero-width characters marked. The answer step
 * applies it where cluster data enters answers, and each renderer (console text, Slack Block Kit,
 * Teams cards) applies it again as a last guard, so a reply built elsewhere (maintenance cards,
 * adapter messages) is covered too. Button values (`actions[].value`) are routing data, not shown,
 * and stay as they are.
 */
import { safeDeep, safeText } from '../util/safe-text.js';
import type { Reply } from './reply.js';

/**
 * @param reply - any reply
 * @returns the reply with safe strings (the same object when nothing needed a change)
 */
export function safeReply(reply: Reply): Reply {
  const out: Reply = {
    ...reply,
    title: safeText(reply.title),
    summary: safeText(reply.summary),
    planes: safeDeep(reply.planes),
    sections: safeDeep(reply.sections),
    advice: safeDeep(reply.advice),
    actions: reply.actions.map((a) =>
      safeText(a.label) === a.label ? a : { ...a, label: safeText(a.label) },
    ),
    context: safeDeep(reply.context),
    findings: safeDeep(reply.findings),
    ...(reply.attention ? { attention: safeDeep(reply.attention) } : {}),
    ...(reply.healthReport ? { healthReport: safeDeep(reply.healthReport) } : {}),
    ...(reply.forecastComparison ? { forecastComparison: safeDeep(reply.forecastComparison) } : {}),
  };
  const same =
    out.title === reply.title &&
    out.summary === reply.summary &&
    out.planes === reply.planes &&
    out.sections === reply.sections &&
    out.advice === reply.advice &&
    out.actions.every((a, i) => a === reply.actions[i]) &&
    out.context === reply.context &&
    out.findings === reply.findings &&
    out.attention === reply.attention &&
    out.healthReport === reply.healthReport &&
    out.forecastComparison === reply.forecastComparison;
  return same ? reply : out;
}
