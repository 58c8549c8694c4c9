/**
 * A check of rendered Slack messages against Block Kit's limits, independent of how
 * {@link renderSlackMessages} budgets them: it walks the message as JSON. Used by the tests, and
 * usable by the gateway as a last guard before posting.
 */
import { SLACK_LIMITS, type SlackMessage } from './render-blocks.js';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
type JsonObject = { [k: string]: Json };

/** Every `text` of every text object in a JSON tree, and every button `value`. */
function allTexts(node: Json, out: string[]): string[] {
  if (Array.isArray(node)) for (const n of node) allTexts(n, out);
  else if (node !== null && typeof node === 'object') {
    if ((node.type === 'mrkdwn' || node.type === 'plain_text') && typeof node.text === 'string')
      out.push(node.text);
    if (node.type === 'button' && typeof node.value === 'string') out.push(node.value);
    for (const v of Object.values(node)) if (v !== null && typeof v === 'object') allTexts(v, out);
  }
  return out;
}

function str(v: Json | undefined): string {
  return typeof v === 'string' ? v : '';
}

function objects(v: Json | undefined): JsonObject[] {
  return Array.isArray(v)
    ? v.filter((x): x is JsonObject => x !== null && typeof x === 'object' && !Array.isArray(x))
    : [];
}

function textOf(v: Json | undefined): string | null {
  return v !== null && typeof v === 'object' && !Array.isArray(v) && typeof v.text === 'string'
    ? v.text
    : null;
}

/**
 * The limits a message breaks, as readable strings (`"block 3 (section): text 3012 > 3000"`).
 * Checks: fallback text set; 1..50 blocks; header plain_text 1..150; section text 1..3,000 (not
 * blank), ≤ 10 fields of ≤ 2,000; context 1..10 elements of 1..3,000; actions 1..25 buttons
 * with unique `action_id` ≤ 255, text 1..75, value ≤ 2,000; only header, section, context and
 * actions blocks; at most 12,000 characters in all (fallback text + every text object + button
 * values, UTF-16 code units). Limits: {@link SLACK_LIMITS}.
 * @param message - a rendered message
 * @returns an empty array when the message is within every limit
 */
export function slackLimitViolations(message: SlackMessage): string[] {
  const L = SLACK_LIMITS;
  const out: string[] = [];
  const msg = JSON.parse(JSON.stringify(message)) as JsonObject;
  const fallback = str(msg.text);
  if (fallback.trim() === '') out.push('fallback text is empty');
  const blocks = objects(msg.blocks);
  if (blocks.length === 0) out.push('no blocks');
  if (blocks.length > L.blocksPerMessage) out.push(`${blocks.length} blocks > ${L.blocksPerMessage}`);
  const len = (where: string, text: string | null, max: number, min = 1): void => {
    if (text === null) out.push(`${where}: no text`);
    else if (text.trim().length < min) out.push(`${where}: empty text`);
    else if (text.length > max) out.push(`${where}: ${text.length} > ${max}`);
  };
  blocks.forEach((b, i) => {
    const where = `block ${i} (${str(b.type)})`;
    switch (b.type) {
      case 'header': {
        const t = b.text;
        if (t === null || typeof t !== 'object' || Array.isArray(t) || t.type !== 'plain_text')
          out.push(`${where}: text must be plain_text`);
        len(where, textOf(t), L.headerText);
        break;
      }
      case 'section': {
        const fields = objects(b.fields);
        if (b.text !== undefined) len(`${where} text`, textOf(b.text), L.sectionText);
        else if (fields.length === 0) out.push(`${where}: neither text nor fields`);
        if (fields.length > L.fieldsPerSection)
          out.push(`${where}: ${fields.length} fields > ${L.fieldsPerSection}`);
        fields.forEach((f, j) => len(`${where} field ${j}`, textOf(f), L.fieldText));
        break;
      }
      case 'context': {
        const els = objects(b.elements);
        if (els.length === 0 || els.length > L.elementsPerContext)
          out.push(`${where}: ${els.length} elements`);
        els.forEach((e, j) => len(`${where} element ${j}`, textOf(e), L.contextElementText));
        break;
      }
      case 'actions': {
        const els = objects(b.elements);
        if (els.length === 0 || els.length > L.elementsPerActions)
          out.push(`${where}: ${els.length} elements`);
        const ids = els.map((e) => str(e.action_id));
        if (new Set(ids).size !== ids.length) out.push(`${where}: duplicate action_id`);
        els.forEach((e, j) => {
          if (e.type !== 'button') out.push(`${where} element ${j}: not a button`);
          const id = str(e.action_id);
          if (id === '' || id.length > L.actionId)
            out.push(`${where} element ${j}: action_id length ${id.length}`);
          len(`${where} button ${j}`, textOf(e.text), L.buttonText);
          if (str(e.value).length > L.buttonValue)
            out.push(`${where} button ${j}: value ${str(e.value).length} > ${L.buttonValue}`);
        });
        break;
      }
      default:
        out.push(`${where}: unexpected block type`);
    }
  });
  const total = allTexts(blocks, [fallback]).reduce((n, t) => n + t.length, 0);
  if (total > L.messageChars) out.push(`${total} characters > ${L.messageChars}`);
  return out;
}
