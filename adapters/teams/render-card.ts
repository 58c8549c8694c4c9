/**
 * A platform-neutral {@link Reply} as Microsoft Teams messages, each carrying one Adaptive Card
 * (schema 1.5): a verdict line with colour, the summary, a part per plane (why, what stops, what
 * keeps working), the free sections (status, help), what to do first, a context line (cluster,
 * snapshot time, request id, etcd source) and the reply's actions as buttons (`Action.Execute`,
 * Universal Actions, with an `Action.Submit` fallback for older clients).
 *
 * Every dynamic string goes into a `TextRun` of a `RichTextBlock`: TextRuns are never read as
 * markdown, so text from the cluster or the user cannot format, link or hide anything.
 *
 * Size: Teams refuses messages over about 28 KB (HTTP 413). Every message is budgeted in UTF-8
 * bytes of the whole activity JSON this renderer produces (see {@link teamsActivityBytes}); an
 * answer too long for one message goes on in continuation messages, and past `maxMessages` the
 * last one ends with "…and N more".
 * Source of the limit: https://learn.microsoft.com/en-us/microsoftteams/platform/bots/how-to/format-your-bot-messages
 * ("message size limit is approximately 28 KB", including the card).
 */
import { BotError } from '../../src/errors.js';
import { translator, type Translator } from '../../src/explain/i18n.js';
import type { Reply, ReplyAction } from '../../src/explain/reply.js';
import { safeReply } from '../../src/explain/safe-reply.js';
import { decisionOfButton } from '../../src/maintenance/explain-maintenance.js';
import { contextLineParts } from '../../src/explain/context-line.js';
import { notificationText, numberedSteps, planeGroups } from '../../src/explain/render-text.js';
import { firstScreenLines, hasDetails, splitReply } from '../../src/explain/first-screen.js';

/** Teams' limits and what this renderer aims for, in bytes (UTF-8). */
export const TEAMS_LIMITS = {
  /** Teams' message size limit (28 KB), for the whole activity. */
  messageBytes: 28 * 1024,
  /** Default budget of one rendered activity: 2 KB under the limit, room for the ids, `from`, `conversation` and `serviceUrl` the SDK adds. */
  defaultMaxBytes: 26 * 1024,
  /** Lowest budget accepted (a verdict line, context and buttons always fit). */
  minMaxBytes: 4 * 1024,
} as const;

/** Adaptive Card schema version of every card. */
export const CARD_VERSION = '1.5';

/** Content type of an Adaptive Card attachment. */
export const ADAPTIVE_CARD_CONTENT_TYPE = 'application/vnd.microsoft.card.adaptive';

/** The marker in every button's data: `{ k8sHaBot: 'card-action', action, value, card }`. */
export const CARD_ACTION_MARKER = 'card-action';

/** A JSON object (an Adaptive Card or one of its elements). */
export type CardJson = { [key: string]: unknown };

/** One Teams message: an Adaptive Card and the plain notification/fallback text. */
export interface TeamsCardMessage {
  /** Plain text (notification preview and `fallbackText`), at most 300 characters. */
  summary: string;
  /** The Adaptive Card (schema 1.5). */
  card: CardJson;
}

/** What a button sends back (in `Action.Execute` data / `Action.Submit` value). */
export interface CardActionData {
  k8sHaBot: typeof CARD_ACTION_MARKER;
  /** The reply action's id (`refresh`, `ha-status`, `request-maintenance`). */
  action: ReplyAction['id'];
  /** The reply action's value (JSON from the explain step). */
  value: string;
  /** The card's key: the request id of the answer that first posted it (stays the same across refreshes). */
  card: string;
  /** Maintenance buttons (`maintenance-approve`, `-reject`, `-cancel`, a plan's `-pause` …): the id (`mr-…`, `mp-…`, `lb-…`), same as `value`. */
  requestId?: string;
}

/**
 * Whether an action id or verb is a maintenance decision button (its `Action.Execute` verb is the
 * button id; see `MAINTENANCE_BUTTONS`).
 * @param id - a {@link ReplyAction} id or an `Action.Execute` verb
 */
export function isMaintenanceVerb(id: string | undefined): boolean {
  return decisionOfButton(id) !== undefined;
}

/** The button style of an action (Adaptive Cards `positive` / `destructive`). */
function styleOf(id: ReplyAction['id']): 'positive' | 'destructive' | undefined {
  if (id === 'request-maintenance' || id === 'maintenance-approve' || id === 'maintenance-resume')
    return 'positive';
  if (id === 'maintenance-reject' || id === 'maintenance-cancel' || id === 'maintenance-stop')
    return 'destructive';
  return undefined;
}

/** Options of {@link renderTeamsCards}. */
export interface RenderTeamsOptions {
  /** Bytes per activity, measured by {@link teamsActivityBytes}. @defaultValue 26,624 (clamped to 4,096..28,672) */
  maxBytes?: number;
  /** Messages per answer; what does not fit ends in "…and N more". @defaultValue 5 (accepted 1..20) */
  maxMessages?: number;
  /** The key buttons carry back (see {@link CardActionData.card}). @defaultValue `reply.context.requestId` */
  cardKey?: string;
  /** A notice line under the verdict (e.g. "this is a shorter version"). */
  notice?: string;
}

const FALLBACK_MAX = 300;
/** Longest text of one TextRun: longer lines are split over several blocks. */
const RUN_MAX = 4000;

type Colour = 'good' | 'warning' | 'attention' | 'default' | 'accent';

const VERDICT_COLOUR = { safe: 'good', caution: 'warning', unsafe: 'attention' } as const;
const HEALTH_COLOUR = {
  healthy: 'good',
  degraded: 'warning',
  critical: 'attention',
  unknown: 'accent',
} as const;
const VERDICT_MARK = { safe: '✅', caution: '⚠️', unsafe: '⛔' } as const;
const HEALTH_MARK = { healthy: '✅', degraded: '⚠️', critical: '⛔', unknown: '❔' } as const;

/** A body element with its size and the content lines it shows (for "…and N more"). */
interface Piece {
  element: CardJson;
  bytes: number;
  items: number[];
}

const bytesOf = (value: unknown): number => Buffer.byteLength(JSON.stringify(value), 'utf8');

/** Cut a string to at most `max` UTF-16 units without splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function run(
  text: string,
  style: { weight?: 'bolder'; color?: Colour; isSubtle?: boolean; size?: 'small' | 'medium' | 'large' } = {},
): CardJson {
  return { type: 'TextRun', text, ...style };
}

function rich(inlines: CardJson[], extra: CardJson = {}): CardJson {
  return { type: 'RichTextBlock', inlines, ...extra };
}

/**
 * The activity this renderer budgets: `{ type: 'message', summary, attachments: [card] }`.
 * @param message - a rendered message
 * @returns the activity (the poster sends exactly this, plus the ids the SDK adds)
 */
export function teamsActivity(message: TeamsCardMessage): {
  type: 'message';
  summary: string;
  attachments: { contentType: string; content: CardJson }[];
} {
  return {
    type: 'message',
    summary: message.summary,
    attachments: [{ contentType: ADAPTIVE_CARD_CONTENT_TYPE, content: message.card }],
  };
}

/**
 * Size of a message as sent: UTF-8 bytes of {@link teamsActivity}'s JSON.
 * @param message - a rendered message
 * @returns bytes
 */
export function teamsActivityBytes(message: TeamsCardMessage): number {
  return bytesOf(teamsActivity(message));
}

function colourOf(reply: Reply): Colour {
  if (reply.verdict) return VERDICT_COLOUR[reply.verdict];
  if (reply.health) return HEALTH_COLOUR[reply.health];
  return reply.kind === 'error' ? 'attention' : 'accent';
}

/** The verdict (or health) word, e.g. `SAFE`; empty for help. */
function badgeOf(reply: Reply, tr: Translator): string {
  if (reply.verdict) return tr.t(`verdict.${reply.verdict}`);
  if (reply.health) return tr.t(`health.${reply.health}`);
  return '';
}

function markOf(reply: Reply): string {
  if (reply.verdict) return VERDICT_MARK[reply.verdict];
  if (reply.health) return HEALTH_MARK[reply.health];
  return reply.kind === 'error' ? '⚠️' : 'ℹ️';
}

/**
 * The verdict line as plain text: `SAFE · Reboot impact: atlas-cp-2 in prod`.
 * @param reply - the answer
 * @returns the line (the card shows it coloured; tests read it back from the rendered page)
 */
export function verdictLine(reply: Reply): string {
  const tr = translator(reply.locale);
  const badge = badgeOf(reply, tr);
  const title = oneLine(reply.title);
  return badge ? `${badge} · ${title}` : title;
}

function fallbackText(reply: Reply, tr: Translator): string {
  return cut(notificationText(reply, tr), FALLBACK_MAX) || reply.kind;
}

function headerElement(reply: Reply, tr: Translator, notice: string | undefined): CardJson {
  const colour = colourOf(reply);
  const badge = badgeOf(reply, tr);
  const inlines = [run(`${markOf(reply)} `, { size: 'medium' })];
  if (badge) inlines.push(run(`${badge} · `, { weight: 'bolder', color: colour, size: 'medium' }));
  inlines.push(run(cut(oneLine(reply.title), RUN_MAX), { weight: 'bolder', color: colour, size: 'medium' }));
  const items: CardJson[] = [rich(inlines)];
  if (notice) items.push(rich([run(notice, { isSubtle: true, size: 'small' })], { spacing: 'Small' }));
  const style =
    colour === 'good'
      ? 'good'
      : colour === 'warning'
        ? 'warning'
        : colour === 'attention'
          ? 'attention'
          : 'emphasis';
  return { type: 'Container', style, bleed: true, items };
}

function contextElement(reply: Reply, tr: Translator): CardJson {
  const c = reply.context;
  // The console's context line: capture time and its source, profile, etcd source (src/explain/context-line.ts).
  const parts = contextLineParts(c, tr);
  return rich([run(cut(parts.join(' · '), RUN_MAX), { isSubtle: true, size: 'small' })], {
    separator: true,
    spacing: 'Medium',
  });
}

/**
 * The buttons of a reply: one `Action.Execute` per action id (verb = the id), each with an
 * `Action.Submit` fallback carrying the same data. Maintenance buttons (`maintenance-approve`,
 * `-reject`, `-cancel`) also carry `requestId` (the `mr-…` id, from the action's value).
 * @param reply - the answer
 * @param cardKey - see {@link CardActionData.card}
 * @returns Adaptive Card actions
 */
export function cardActions(reply: Reply, cardKey: string): CardJson[] {
  const seen = new Set<string>();
  const out: CardJson[] = [];
  for (const a of reply.actions) {
    // A clarification's reading posts its request text as the user's own message (imBack), so it
    // is asked exactly as if typed (issue 30, item 2).
    if (a.id === 'ask') {
      const text = (JSON.parse(a.value) as { text?: string }).text ?? a.label;
      const title = cut(oneLine(a.label), 100);
      out.push({ type: 'Action.Submit', title, data: { msteams: { type: 'imBack', value: text } } });
      continue;
    }
    if (seen.has(a.id)) continue;
    seen.add(a.id);
    const data: CardActionData = {
      k8sHaBot: CARD_ACTION_MARKER,
      action: a.id,
      value: a.value,
      card: cardKey,
      ...(isMaintenanceVerb(a.id) ? { requestId: a.value } : {}),
    };
    const title = cut(oneLine(a.label), 100) || a.id;
    const style = styleOf(a.id);
    out.push({
      type: 'Action.Execute',
      id: `k8s-ha-bot-${a.id}`,
      verb: a.id,
      title,
      data,
      ...(style ? { style } : {}),
      fallback: { type: 'Action.Submit', title, data },
    });
  }
  return out;
}

/** Lines as blocks, bulleted (`bullet`, "• " by default); a line longer than `maxRun` is split over several blocks. */
function bulletPieces(items: readonly string[], next: () => number, maxRun: number, bullet = '• '): Piece[] {
  const out: Piece[] = [];
  for (const raw of items) {
    const text = raw.trim();
    if (text === '') continue;
    const item = next();
    const full = `${bullet}${text}`;
    for (let i = 0; i < full.length;) {
      const part = cut(full.slice(i), maxRun);
      i += part.length;
      const element = rich([run(part)], { spacing: 'None' });
      out.push({ element, bytes: bytesOf(element), items: [item] });
    }
  }
  return out;
}

function labelPiece(text: string, style: { color?: Colour; separator?: boolean } = {}): Piece | null {
  const t = oneLine(text);
  if (t === '') return null;
  const element = rich(
    [run(cut(t, RUN_MAX), { weight: 'bolder', ...(style.color ? { color: style.color } : {}) })],
    {
      spacing: style.separator ? 'Medium' : 'Small',
      ...(style.separator ? { separator: true } : {}),
    },
  );
  return { element, bytes: bytesOf(element), items: [] };
}

function clamp(value: number | undefined, low: number, high: number, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.min(high, Math.max(low, Math.floor(value)));
}

function card(body: CardJson[], actions: CardJson[], fallback: string): CardJson {
  return {
    type: 'AdaptiveCard',
    $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
    version: CARD_VERSION,
    fallbackText: fallback,
    msteams: { width: 'Full' },
    body,
    ...(actions.length > 0 ? { actions } : {}),
  };
}

/** The id of each card's hidden details container (ids are unique within one card). */
const DETAILS_ID = 'k8s-ha-bot-details';

/** The details of an answer, hidden until the "Details" toggle shows them (issue 30, item 4). */
function detailsContainer(items: CardJson[]): CardJson {
  return { type: 'Container', id: DETAILS_ID, isVisible: false, items };
}

/**
 * The "Details" button: `Action.ToggleVisibility` of the details container, client-side (no round
 * trip to the bot). Adaptive Cards 1.2+:
 * https://adaptivecards.io/explorer/Action.ToggleVisibility.html
 */
function detailsToggle(tr: Translator): CardJson {
  return { type: 'Action.ToggleVisibility', title: tr.t('screen.details'), targetElements: [DETAILS_ID] };
}

/**
 * Render a reply as one or more Teams messages, each with one Adaptive Card 1.5.
 *
 * Message 1: the verdict line (coloured container: green safe/healthy, yellow caution/degraded,
 * red unsafe/critical/errors), an optional notice, the first screen ({@link splitReply}: summary,
 * quorum picture, reasons, step 1; issue 30, item 4), the context line, then as much of the
 * details (planes, free sections, the other steps, numbered) as fits in a container hidden until
 * the "Details" toggle (`Action.ToggleVisibility`, first of the buttons) shows it, and the buttons.
 * Answers without a first screen (help, errors, maintenance cards) show everything. Later messages
 * start with "title, continued (2/3)" and carry the rest in order; only when `maxMessages` is
 * reached does the last one end with "…and N more" (N = content lines not shown).
 *
 * @param input - the platform-neutral reply (plain texts, made safe here: safe-reply.ts)
 * @param options - budget, message count, card key
 * @returns at least one message, each within `maxBytes` by {@link teamsActivityBytes}
 * @throws nothing for any reply (out-of-range options are clamped)
 */
export function renderTeamsCards(input: Reply, options: RenderTeamsOptions = {}): TeamsCardMessage[] {
  // Last guard: no control, bidi or hidden characters from cluster data reach Teams.
  const reply = safeReply(input);
  const tr = translator(reply.locale);
  const maxBytes = clamp(
    options.maxBytes,
    TEAMS_LIMITS.minMaxBytes,
    TEAMS_LIMITS.messageBytes,
    TEAMS_LIMITS.defaultMaxBytes,
  );
  const maxMessages = clamp(options.maxMessages, 1, 20, 5);
  const cardKey = options.cardKey ?? reply.context.requestId;
  const summary = fallbackText(reply, tr);
  const header = headerElement(reply, tr, options.notice);
  const context = contextElement(reply, tr);
  const actions = cardActions(reply, cardKey);
  const continued = (part: number, total: number): string =>
    cut(oneLine(tr.t('slack.continued', { title: reply.title, part, total })), FALLBACK_MAX);
  const continuedHeader = (part: number, total: number): CardJson =>
    rich([run(continued(part, total), { isSubtle: true, weight: 'bolder' })]);
  const moreElement = (count: number): CardJson =>
    rich([run(tr.t('slack.more', { count }), { isSubtle: true })], { spacing: 'Medium' });

  // Bytes of a message without body pieces; each piece adds its bytes and one comma. The
  // details' hidden container and its toggle are reserved for in every message.
  const detailsLabel = labelPiece(tr.t('screen.details'), { separator: true })?.element ?? {};
  const detailsBytes =
    bytesOf(detailsContainer([detailsLabel])) + bytesOf({ actions: [detailsToggle(tr)] }) + 4;
  const firstBase =
    teamsActivityBytes({ summary, card: card([header, context], actions, summary) }) + detailsBytes;
  const contBase =
    teamsActivityBytes({
      summary: continued(maxMessages, maxMessages),
      card: card([continuedHeader(maxMessages, maxMessages)], [], continued(maxMessages, maxMessages)),
    }) + detailsBytes;
  const moreBytes = bytesOf(moreElement(999_999)) + 1;
  // A piece must fit an otherwise empty message: split long lines below that.
  const roomForPiece = maxBytes - Math.max(firstBase, contBase) - moreBytes - 1;
  // Worst case 4 UTF-8 bytes per UTF-16 unit… but JSON escapes cost up to 6 bytes; 6 is safe.
  const maxRun = Math.max(200, Math.min(RUN_MAX, Math.floor((roomForPiece - 120) / 6)));

  let next = 0;
  const id = (): number => next++;
  // The first screen shows; the details wait behind the "Details" toggle (issue 30, item 4;
  // src/explain/first-screen.ts decides which is which).
  const { first: screen, details } = splitReply(reply);
  // The header shows the first screen's first line (the verdict word and title).
  const shown = bulletPieces(firstScreenLines(screen, tr).slice(1), id, maxRun, '');
  const pieces: Piece[] = [];
  const push = (p: Piece | null): void => {
    if (p) pieces.push(p);
  };
  for (const p of details.planes) {
    push(
      labelPiece(`${p.affected ? '🔶' : '✅'} ${p.heading}`, {
        color: p.affected ? 'warning' : 'good',
        separator: true,
      }),
    );
    for (const [key, items] of planeGroups(p)) {
      if (items.length === 0) continue;
      push(labelPiece(tr.t(key)));
      pieces.push(...bulletPieces(items, id, maxRun));
    }
  }
  for (const s of details.sections) {
    if (s.lines.length === 0 && details.kind === 'ha-status') continue;
    push(labelPiece(s.heading, { separator: true }));
    pieces.push(...bulletPieces(s.lines, id, maxRun));
  }
  const steps = numberedSteps(details.advice);
  if (steps.length > 0) {
    push(labelPiece(tr.t('slack.advice'), { separator: true }));
    pieces.push(...bulletPieces(steps, id, maxRun, ''));
  }
  // Answers with a first screen keep their details hidden; others (help, errors) show everything.
  const hidden = new Set(hasDetails(screen) ? pieces : []);
  pieces.unshift(...shown);

  const bodies: Piece[][] = [];
  let i = 0;
  let moreCount = 0;
  while (bodies.length < maxMessages) {
    const first = bodies.length === 0;
    const last = bodies.length === maxMessages - 1;
    const budget = maxBytes - (first ? firstBase : contBase) - (last ? moreBytes : 0);
    const body: Piece[] = [];
    let used = 0;
    for (let piece = pieces[i]; piece && used + piece.bytes + 1 <= budget; piece = pieces[i]) {
      body.push(piece);
      used += piece.bytes + 1;
      i += 1;
    }
    // A label never ends a message when its lines follow in the next one.
    const tail = body[body.length - 1];
    if (i < pieces.length && tail && tail.items.length === 0 && body.length > 1) {
      body.pop();
      i -= 1;
    }
    bodies.push(body);
    if (i >= pieces.length) break;
    if (last || (!first && body.length === 0)) {
      moreCount = new Set(pieces.slice(i).flatMap((p) => p.items)).size;
      break;
    }
  }

  const total = bodies.length;
  return bodies.map((body, n) => {
    const elements = body.filter((p) => !hidden.has(p)).map((p) => p.element);
    const behind = body.filter((p) => hidden.has(p)).map((p) => p.element);
    if (n === total - 1 && moreCount > 0)
      (behind.length > 0 ? behind : elements).push(moreElement(moreCount));
    const toggle = behind.length > 0 ? [detailsToggle(tr)] : [];
    const hiddenPart = behind.length > 0 ? [detailsContainer([detailsLabel, ...behind])] : [];
    if (n === 0)
      return {
        summary,
        card: card([header, ...elements, context, ...hiddenPart], [...toggle, ...actions], summary),
      };
    elements.push(...hiddenPart);
    const text = continued(n + 1, total);
    return { summary: text, card: card([continuedHeader(n + 1, total), ...elements], toggle, text) };
  });
}

/**
 * A maintenance request card (reply kind `maintenance`) as one Teams message: it is updated in
 * place on every decision and state change, so it never continues in a second message (what does
 * not fit ends in "…and N more"). Buttons carry the request id ({@link CardActionData.requestId}).
 * @param reply - the card reply (`context.maintenanceId` set)
 * @returns one message within the default byte budget
 * @throws nothing in practice (BotError `internal` if the renderer returned no message)
 */
export function renderMaintenanceCard(reply: Reply): TeamsCardMessage {
  const [message] = renderTeamsCards(reply, {
    maxMessages: 1,
    cardKey: reply.context.maintenanceId ?? reply.context.requestId,
  });
  // renderTeamsCards always returns at least one message.
  if (!message)
    throw new BotError(
      'internal',
      `no card rendered for maintenance request ${reply.context.maintenanceId ?? reply.context.requestId}`,
    );
  return message;
}
