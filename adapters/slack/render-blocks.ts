/**
 * A platform-neutral {@link Reply} as Slack Block Kit messages: a header with the verdict (or
 * health), the first screen (src/explain/first-screen.ts), a context line and the reply's actions
 * as buttons, with a "Details" button for the details (one part per plane: why, what stops, what
 * keeps working; the free sections; the other steps), which ./slack-details.ts stores and shows;
 * or, when they could not be stored, the details in the message itself.
 *
 * Every message stays inside Slack's limits (see {@link SLACK_LIMITS}); an answer too long for one
 * message goes on in continuation messages, which the gateway posts as thread replies in order.
 * Every string is escaped with {@link escapeMrkdwn}; every mrkdwn object is `verbatim: true`.
 */
import type { types } from '@slack/bolt';
import { translator, type Translator } from '../../src/explain/i18n.js';
import type { Reply, ReplyAction } from '../../src/explain/reply.js';
import { safeReply } from '../../src/explain/safe-reply.js';
import { escapeMrkdwn, mrkdwnBold, safeCut, splitEscaped, truncateEscaped } from './mrkdwn.js';
import { contextLineParts } from '../../src/explain/context-line.js';
import { notificationText, numberedSteps, planeGroups } from '../../src/explain/render-text.js';
import { firstScreenLines, hasDetails, splitReply } from '../../src/explain/first-screen.js';

/** A Block Kit block the renderer emits (header, section, context, actions). */
export type KnownBlock = types.KnownBlock;

/**
 * Slack's limits, in characters (Slack counts UTF-16 code units as characters; so do we).
 * Sources: https://docs.slack.dev/reference/block-kit/blocks (50 blocks per message; section
 * text 3,000, 10 fields of 2,000 each; header plain_text 150; actions 25 elements; context 10
 * elements), https://docs.slack.dev/reference/block-kit/block-elements/button-element (text 75,
 * value 2,000, action_id 255), https://docs.slack.dev/reference/methods/chat.postMessage
 * (about 12,000 characters of blocks text; more is truncated or refused).
 */
export const SLACK_LIMITS = {
  blocksPerMessage: 50,
  sectionText: 3000,
  fieldText: 2000,
  fieldsPerSection: 10,
  headerText: 150,
  buttonText: 75,
  buttonValue: 2000,
  actionId: 255,
  elementsPerActions: 25,
  elementsPerContext: 10,
  contextElementText: 3000,
  messageChars: 12000,
} as const;

/** Prefix of every button's `action_id`: `k8s-ha-bot:<ReplyAction.id>`. */
export const ACTION_ID_PREFIX = 'k8s-ha-bot:';

/** One message to post: `text` is the notification/fallback text (escaped mrkdwn). */
export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

/** Tighter limits for {@link renderSlackMessages}; values above Slack's own are lowered to them. */
export interface RenderSlackOptions {
  /** Blocks per message. @defaultValue 50 (lowest accepted: 6) */
  maxBlocks?: number;
  /** Characters per message, counted by {@link slackMessageChars}. @defaultValue 12,000 (lowest accepted: 2,000) */
  maxTotalChars?: number;
  /**
   * Messages per answer; what does not fit ends in "…and N more". @defaultValue 10 (about 120,000
   * characters; accepted: 1 to 50)
   */
  maxMessages?: number;
  /**
   * The id the answer's details are stored under (./slack-details.ts): when given and the answer
   * has details, the first message is the first screen with a "Details" button carrying this id,
   * and the details are left out (the button shows them; issue 30, item 4). Without it the
   * details follow in the message itself and its thread, as when they could not be stored.
   */
  detailsId?: string;
}

/** The `action_id` of the "Details" button (after {@link ACTION_ID_PREFIX}); its value is the details id. */
export const DETAILS_ACTION = 'details';

/**
 * The details of an answer as they are stored for its "Details" button: escaped mrkdwn section
 * texts, each at most {@link SLACK_LIMITS.sectionText} characters, in order.
 */
export interface SlackDetails {
  /** The answer's title (plain text: escape before showing it as mrkdwn). */
  title: string;
  locale: 'en' | 'ko';
  /** The section texts, escaped mrkdwn. */
  sections: string[];
  /** The channel the answer was posted to (./slack-details.ts): clicks from elsewhere see "expired". */
  channel?: string;
}

/** Longest fallback `text` (Slack shows it in notifications; a sentence or two is enough). */
const FALLBACK_MAX = 300;
/** Longest context element text we emit (cluster, snapshot time, request id fit easily). */
const CONTEXT_MAX = 1000;

const VERDICT_EMOJI = {
  safe: ':large_green_circle:',
  caution: ':large_yellow_circle:',
  unsafe: ':red_circle:',
} as const;
const HEALTH_EMOJI = {
  healthy: ':large_green_circle:',
  degraded: ':large_yellow_circle:',
  critical: ':red_circle:',
  unknown: ':white_circle:',
} as const;

/** One line of section text (escaped mrkdwn). `item` numbers content lines; labels have none. */
interface Line {
  text: string;
  item: number | null;
}

/** A body block with its size and the content lines it carries. */
interface Piece {
  block: KnownBlock;
  chars: number;
  items: number[];
}

function mrkdwn(text: string): types.MrkdwnElement {
  return { type: 'mrkdwn', text, verbatim: true };
}

function section(text: string): types.SectionBlock {
  return { type: 'section', text: mrkdwn(text) };
}

/**
 * Every displayed or sent text of a message, for measuring: the fallback text, header, section
 * text and fields, context elements, button texts and values.
 * @param message - a rendered message
 * @returns the texts, in block order after the fallback text
 */
export function slackMessageTexts(message: SlackMessage): string[] {
  const out: string[] = [message.text];
  for (const b of message.blocks) {
    if (b.type === 'header') out.push(b.text.text);
    else if (b.type === 'section') {
      if (b.text) out.push(b.text.text);
      for (const f of b.fields ?? []) out.push(f.text);
    } else if (b.type === 'context') {
      for (const e of b.elements) if ('text' in e && typeof e.text === 'string') out.push(e.text);
    } else if (b.type === 'actions') {
      for (const e of b.elements) {
        if (e.type === 'button') out.push(e.text.text, e.value ?? '');
      }
    }
  }
  return out;
}

/**
 * The size of a message as this renderer budgets it: the sum of {@link slackMessageTexts}
 * lengths, in UTF-16 code units. Conservative (button values and the fallback text count too).
 * @param message - a rendered message
 */
export function slackMessageChars(message: SlackMessage): number {
  return slackMessageTexts(message).reduce((n, t) => n + t.length, 0);
}

/**
 * A button value Slack accepts and our handler reads back: in a JSON value, `<`, `>` and `&` are
 * written `\u003c`, `\u003e`, `\u0026` (JSON.parse gives the same value back); then the value is
 * cut to 2,000 code units without splitting an escape or a surrogate pair (a cut JSON value no
 * longer parses; the handler must check, as for any payload).
 * @param value - the action's value (normally JSON from the explain step)
 * @returns the value to put in the button
 */
export function slackButtonValue(value: string): string {
  let out = value;
  let isJson = false;
  try {
    JSON.parse(value);
    isJson = true;
  } catch (err) {
    // Not JSON: nothing inside to re-escape; the value is sent as it is (never displayed by Slack).
    if (!(err instanceof SyntaxError)) throw err;
  }
  // In valid JSON, <, > and & can only occur inside string literals, where \uXXXX means the same.
  if (isJson) out = out.replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  if (out.length <= SLACK_LIMITS.buttonValue) return out;
  let cut = safeCut(out, SLACK_LIMITS.buttonValue);
  const esc = out.lastIndexOf('\\u', cut - 1);
  if (esc >= 0 && esc + 6 > cut) cut = esc;
  return out.slice(0, cut);
}

function bullets(items: readonly string[], next: () => number): Line[] {
  return items.filter((s) => s.trim() !== '').map((s) => ({ text: `• ${escapeMrkdwn(s)}`, item: next() }));
}

function label(text: string): Line[] {
  const bold = mrkdwnBold(text);
  return bold === '' ? [] : [{ text: bold, item: null }];
}

/**
 * Pack lines into sections of at most `max` characters; a line longer than that is split over
 * several sections (no text dropped); a label never ends a section when its lines follow.
 */
function packLines(lines: readonly Line[], max: number): Piece[] {
  const flat: Line[] = [];
  for (const l of lines) {
    if (l.text.length <= max) flat.push(l);
    else for (const part of splitEscaped(l.text, max)) flat.push({ text: part, item: l.item });
  }
  const pieces: Piece[] = [];
  let cur: Line[] = [];
  let len = 0;
  const flush = (): void => {
    if (cur.length === 0) return;
    const text = cur.map((l) => l.text).join('\n');
    const items = [...new Set(cur.map((l) => l.item).filter((i): i is number => i !== null))];
    pieces.push({ block: section(text), chars: text.length, items });
    cur = [];
    len = 0;
  };
  for (const l of flat) {
    if (l.text.trim() === '') continue;
    const added = cur.length === 0 ? l.text.length : len + 1 + l.text.length;
    if (added > max) {
      const last = cur[cur.length - 1];
      const carry = last && last.item === null && cur.length > 1 ? cur.pop() : undefined;
      if (carry) len -= carry.text.length + 1;
      flush();
      if (carry && carry.text.length + 1 + l.text.length <= max) {
        cur = [carry];
        len = carry.text.length;
      } else if (carry) {
        cur = [carry];
        len = carry.text.length;
        flush();
      }
    }
    len = cur.length === 0 ? l.text.length : len + 1 + l.text.length;
    cur.push(l);
  }
  flush();
  return pieces;
}

function headerBlock(reply: Reply, tr: Translator): { block: types.HeaderBlock; titleCut: boolean } {
  const emoji = reply.verdict
    ? VERDICT_EMOJI[reply.verdict]
    : reply.health
      ? HEALTH_EMOJI[reply.health]
      : reply.kind === 'error'
        ? ':warning:'
        : ':information_source:';
  const badge = reply.verdict
    ? tr.t(`verdict.${reply.verdict}`)
    : reply.health
      ? tr.t(`health.${reply.health}`)
      : '';
  const prefix = `${emoji} ${badge ? `${escapeMrkdwn(badge)} · ` : ''}`;
  const title = escapeMrkdwn(reply.title.replace(/\s+/g, ' ').trim());
  const text = truncateEscaped(`${prefix}${title}`, SLACK_LIMITS.headerText);
  return {
    block: { type: 'header', text: { type: 'plain_text', text: text.trim() || emoji, emoji: true } },
    titleCut: text !== `${prefix}${title}`,
  };
}

function fallbackText(reply: Reply, tr: Translator): string {
  return truncateEscaped(escapeMrkdwn(notificationText(reply, tr)), FALLBACK_MAX) || escapeMrkdwn(reply.kind);
}

function footerBlocks(reply: Reply, tr: Translator, detailsId?: string): KnownBlock[] {
  const c = reply.context;
  // The console's context line: capture time and its source, profile, etcd source (src/explain/context-line.ts).
  const parts = contextLineParts(c, tr);
  const blocks: KnownBlock[] = [
    { type: 'context', elements: parts.map((p) => mrkdwn(truncateEscaped(escapeMrkdwn(p), CONTEXT_MAX))) },
  ];
  const seen = new Set<string>();
  const buttons: types.Button[] = [];
  for (const a of reply.actions) {
    // action_id must be unique within its block; one button per action id (a clarification's
    // readings are numbered: `ask-1`, `ask-2`…).
    const id = a.id === 'ask' ? `ask-${buttons.length + 1}` : a.id;
    if (seen.has(id)) continue;
    seen.add(id);
    buttons.push(button(a, id));
  }
  // The "Details" button first, as the Teams card's toggle (issue 30, item 4).
  if (detailsId !== undefined)
    buttons.unshift(button({ id: DETAILS_ACTION, label: tr.t('screen.details'), value: detailsId }));
  for (let i = 0; i < buttons.length; i += SLACK_LIMITS.elementsPerActions) {
    blocks.push({ type: 'actions', elements: buttons.slice(i, i + SLACK_LIMITS.elementsPerActions) });
  }
  return blocks;
}

function button(a: Pick<ReplyAction, 'label' | 'value'> & { id: string }, id: string = a.id): types.Button {
  const text =
    truncateEscaped(escapeMrkdwn(a.label.replace(/\s+/g, ' ').trim()), SLACK_LIMITS.buttonText) ||
    escapeMrkdwn(a.id);
  const b: types.Button = {
    type: 'button',
    action_id: `${ACTION_ID_PREFIX}${id}`.slice(0, SLACK_LIMITS.actionId),
    text: { type: 'plain_text', text, emoji: true },
    value: slackButtonValue(a.value),
  };
  if (a.id === 'request-maintenance' || a.id === 'maintenance-approve' || a.id === 'maintenance-resume')
    b.style = 'primary';
  if (a.id === 'maintenance-reject' || a.id === 'maintenance-stop') b.style = 'danger';
  return b;
}

function blocksChars(blocks: readonly KnownBlock[]): number {
  return slackMessageChars({ text: '', blocks: [...blocks] });
}

function clamp(value: number | undefined, low: number, high: number, fallback = high): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(high, Math.max(low, Math.floor(value)));
}

/** The details of an answer ({@link splitReply}'s second part) as section pieces: planes, free sections, the other steps. */
function detailPieces(details: Reply, tr: Translator, pieceMax: number, id: () => number): Piece[] {
  const pieces: Piece[] = [];
  for (const p of details.planes) {
    const lines: Line[] = [
      {
        text: `${p.affected ? ':large_orange_diamond:' : ':white_check_mark:'} ${mrkdwnBold(p.heading)}`,
        item: null,
      },
    ];
    for (const [key, items] of planeGroups(p)) {
      if (items.length === 0) continue;
      lines.push(...label(tr.t(key)), ...bullets(items, id));
    }
    pieces.push(...packLines(lines, pieceMax));
  }
  for (const s of details.sections) {
    if (s.lines.length === 0 && details.kind === 'ha-status') continue;
    pieces.push(...packLines([...label(s.heading), ...bullets(s.lines, id)], pieceMax));
  }
  const steps = numberedSteps(details.advice);
  if (steps.length > 0)
    pieces.push(
      ...packLines(
        [...label(tr.t('slack.advice')), ...steps.map((t) => ({ text: escapeMrkdwn(t), item: id() }))],
        pieceMax,
      ),
    );
  return pieces;
}

/**
 * The details an answer's "Details" button shows (issue 30, item 4): what {@link renderSlackMessages}
 * leaves out of the first message when given a `detailsId`, as section texts of at most
 * {@link SLACK_LIMITS.sectionText} characters (a modal takes at most 100 blocks; see ./slack-details.ts).
 * @param input - the answer, sanitised here as for {@link renderSlackMessages}
 * @returns the details, or null when the answer has no first screen apart from them (help, errors,
 *   maintenance cards: shown whole, with no button)
 */
export function renderSlackDetails(input: Reply): SlackDetails | null {
  const reply = safeReply(input);
  const { first, details } = splitReply(reply);
  if (!hasDetails(first)) return null;
  const sections = detailPieces(details, translator(reply.locale), SLACK_LIMITS.sectionText, () => 0).map(
    (p) => (p.block.type === 'section' ? (p.block.text?.text ?? '') : ''),
  );
  return { title: reply.title, locale: reply.locale, sections };
}

/**
 * Render a reply as one or more Slack messages.
 *
 * Message 1: header (verdict or health emoji, the translated verdict/health word, the title), then
 * the first screen of a reboot-impact or HA status answer ({@link splitReply}: summary, quorum
 * picture, one sentence per blocking or warning reason, step 1; issue 30, item 4) — for other
 * answers the summary and as much of the body as fits — then a context block (cluster, snapshot
 * time, request id, etcd source) and the reply's actions as buttons (`action_id`
 * `k8s-ha-bot:<id>`, `value` from {@link slackButtonValue}). With `options.detailsId`, a
 * "Details" button comes first among them and the details ({@link renderSlackDetails}) are not in
 * the messages. Without it, the details (planes, free sections, the other steps, numbered) follow
 * under a "Details" label as far as the message's limits allow;
 * later messages, in the thread, start with a context line "title, continued (2/3)". A
 * long list goes on in the next section; a line longer than a section is split across sections.
 * Only when `maxMessages` is reached does the last message end with "…and N more", N being the
 * number of content lines (bullets, summary lines) not (fully) shown.
 *
 * @param reply - the platform-neutral reply; texts are plain and escaped here
 * @param options - tighter limits (for tests; Slack's own are the defaults) and the details id
 * @returns at least one message; each within {@link SLACK_LIMITS} as measured by
 *   {@link slackMessageChars}, with a non-empty fallback `text`; post them in order (the first
 *   in the channel, the rest as replies in its thread)
 * @throws nothing for any reply (out-of-range options are clamped)
 */
export function renderSlackMessages(input: Reply, options: RenderSlackOptions = {}): SlackMessage[] {
  // Last guard: no control, bidi or hidden characters from cluster data reach Slack.
  const reply = safeReply(input);
  const tr = translator(reply.locale);
  const maxBlocks = clamp(options.maxBlocks, 6, SLACK_LIMITS.blocksPerMessage);
  const maxChars = clamp(options.maxTotalChars, 2000, SLACK_LIMITS.messageChars);
  const maxMessages = clamp(options.maxMessages, 1, 50, 10);

  const { block: header, titleCut } = headerBlock(reply, tr);
  const fallback = fallbackText(reply, tr);
  // The first screen in the channel, the details behind "Details" (issue 30, item 4;
  // src/explain/first-screen.ts decides which is which). The header shows its first line.
  const { first: screen, details } = splitReply(reply);
  const withButton = options.detailsId !== undefined && hasDetails(screen);
  const footer = footerBlocks(reply, tr, withButton ? options.detailsId : undefined);
  const firstReserve = {
    blocks: 1 + footer.length,
    chars: header.text.text.length + blocksChars(footer) + fallback.length,
  };
  const continuedText = (part: number, total: number): string =>
    truncateEscaped(escapeMrkdwn(tr.t('slack.continued', { title: reply.title, part, total })), FALLBACK_MAX);
  const contReserve = { blocks: 1, chars: 2 * continuedText(maxMessages, maxMessages).length };
  const moreText = (count: number): string => `_${escapeMrkdwn(tr.t('slack.more', { count }))}_`;
  const moreReserve = moreText(999_999).length;
  const pieceMax = Math.max(
    200,
    Math.min(
      SLACK_LIMITS.sectionText,
      maxChars - Math.max(firstReserve.chars, contReserve.chars) - moreReserve,
    ),
  );

  let next = 0;
  const id = (): number => next++;
  const pieces: Piece[] = [];
  const summaryLines: Line[] = [];
  if (titleCut) summaryLines.push({ text: mrkdwnBold(reply.title), item: id() });
  for (const s of firstScreenLines(screen, tr).slice(1))
    summaryLines.push({ text: escapeMrkdwn(s), item: id() });
  pieces.push(...packLines(summaryLines, pieceMax));
  // Then, unless the "Details" button shows them (options.detailsId), the details under a "Details"
  // label, in the same message as far as Slack's limits allow, going on in the thread only when
  // too long: the way an answer looks when its details could not be stored.
  // The context line (cluster, capture time, request) closes the first screen, as on the console.
  // An answer without a first screen of its own (help, errors, cards) is all body, with no label.
  const screenEnd = hasDetails(screen) && !withButton ? pieces.length : null;
  if (screenEnd !== null) pieces.push(...packLines(label(tr.t('screen.details')), pieceMax));
  if (!withButton) pieces.push(...detailPieces(details, tr, pieceMax, id));

  const bodies: KnownBlock[][] = [];
  let i = 0;
  let more: KnownBlock | null = null;
  while (bodies.length < maxMessages) {
    const first = bodies.length === 0;
    const last = bodies.length === maxMessages - 1;
    const reserve = first ? firstReserve : contReserve;
    const blockBudget = maxBlocks - reserve.blocks - (last ? 1 : 0);
    const charBudget = maxChars - reserve.chars - (last ? moreReserve : 0);
    const body: KnownBlock[] = [];
    let chars = 0;
    for (
      let piece = pieces[i];
      piece && body.length < blockBudget && chars + piece.chars <= charBudget;
      piece = pieces[i]
    ) {
      body.push(piece.block);
      chars += piece.chars;
      i += 1;
    }
    bodies.push(body);
    if (i >= pieces.length) break;
    if (last || (!first && body.length === 0)) {
      const left = new Set(pieces.slice(i).flatMap((p) => p.items));
      more = section(moreText(left.size));
      break;
    }
  }
  if (more) bodies[bodies.length - 1]?.push(more);

  const total = bodies.length;
  return bodies.map((body, n) => {
    if (n === 0) {
      if (screenEnd === null) return { text: fallback, blocks: [header, ...body, ...footer] };
      const context = footer.filter((b) => b.type === 'context');
      const rest = footer.filter((b) => b.type !== 'context');
      const at = Math.min(screenEnd, body.length);
      return {
        text: fallback,
        blocks: [header, ...body.slice(0, at), ...context, ...body.slice(at), ...rest],
      };
    }
    const cont = continuedText(n + 1, total);
    return { text: cont, blocks: [{ type: 'context', elements: [mrkdwn(cont)] }, ...body] };
  });
}
