/**
 * Slack mrkdwn escaping and length-safe cutting, for every string the Slack adapter puts in a
 * message (user text, Kubernetes names, translated answers).
 *
 * What is escaped, and why (https://api.slack.com/reference/surfaces/formatting#escaping):
 * - `&`, `<`, `>` always become `&amp;`, `&lt;`, `&gt;`. Slack's only control sequences that ping,
 *   link or mention (`<!channel>`, `<!here>`, `<!subteam^S1>`, `<@U1>`, `<#C1>`, `<https://x|y>`)
 *   start with `<`, so once `<` is escaped no input can produce them; escaping `&` stops a literal
 *   `&lt;` in the input from being decoded into `<` (so `&amp;` arrives as `&amp;amp;`).
 * - Bare `@channel`, `@here`, `@everyone` get a WORD JOINER (U+2060) after the `@`. Slack does not
 *   turn them into mentions for API posts unless `link_names`/`parse: full` is set (the adapter sets
 *   neither, and every mrkdwn object it builds is `verbatim: true`); the joiner is a second fence.
 * - Formatting characters (`*`, `_`, `~`, backtick) are left alone in running text: they only
 *   change emphasis, never create a link or a mention, and Kubernetes names (DNS-1123: lowercase
 *   letters, digits, `-`, `.`) cannot contain them. Where this module itself wraps text in a
 *   formatting span ({@link mrkdwnBold}, {@link mrkdwnCode}) the wrapping character inside the
 *   text is replaced by a look-alike so the text cannot close the span early and break out.
 */

/** Entities {@link escapeMrkdwn} produces; cutting never splits one. */
const ENTITY = /&(?:amp|lt|gt);/y;
/** U+2060 WORD JOINER: invisible, stops `@channel` being read as a broadcast word. */
const WORD_JOINER = '\u2060';

/**
 * Escape text for Slack mrkdwn (and for `plain_text`, which Slack decodes the same three entities in).
 * @param text - any text (user input, Kubernetes names, translated answer text)
 * @returns the text with `&`, `<`, `>` as entities and broadcast words (`@channel`, `@here`,
 *   `@everyone`) defused; never longer than 5 × the input in UTF-16 code units
 */
export function escapeMrkdwn(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(channel|here|everyone)\b/gi, `@${WORD_JOINER}$1`);
}

/**
 * Bold text: escaped, `*` inside replaced by `∗` (U+2217) and line breaks by spaces, so the text
 * cannot end the bold span or leave it.
 * @param text - unescaped text
 * @returns `*text*`, or an empty string when the text is blank
 */
export function mrkdwnBold(text: string): string {
  const inner = escapeMrkdwn(text)
    .replace(/\*/g, '\u2217')
    .replace(/\s*\n\s*/g, ' ')
    .trim();
  return inner === '' ? '' : `*${inner}*`;
}

/**
 * Inline code: escaped, backticks inside replaced by `ˋ` (U+02CB) and line breaks by spaces.
 * @param text - unescaped text, such as a Kubernetes name
 * @returns `` `text` ``, or an empty string when the text is empty
 */
export function mrkdwnCode(text: string): string {
  const inner = escapeMrkdwn(text).replace(/`/g, '\u02cb').replace(/\n/g, ' ');
  return inner === '' ? '' : `\`${inner}\``;
}

/**
 * The largest cut position ≤ `at` that does not split a UTF-16 surrogate pair or one of the
 * entities {@link escapeMrkdwn} produces.
 * @param text - escaped text
 * @param at - wanted cut position (UTF-16 code units)
 */
export function safeCut(text: string, at: number): number {
  if (at >= text.length) return text.length;
  if (at <= 0) return 0;
  let cut = at;
  const code = text.charCodeAt(cut - 1);
  if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
  // An entity is at most 5 code units (`&amp;`): look back that far for one the cut would split.
  for (let start = Math.max(0, cut - 4); start < cut; start += 1) {
    if (text[start] !== '&') continue;
    ENTITY.lastIndex = start;
    const m = ENTITY.exec(text);
    if (m && start + m[0].length > cut) return start;
  }
  return cut;
}

/**
 * Shorten escaped text to at most `max` UTF-16 code units, ending in `suffix` when shortened.
 * @param text - escaped text
 * @param max - the limit (code units, as Slack counts characters)
 * @param suffix - appended when the text is cut; default `…`
 * @returns `text` itself when it fits
 */
export function truncateEscaped(text: string, max: number, suffix = '…'): string {
  if (text.length <= max) return text;
  if (max <= suffix.length) return suffix.slice(0, Math.max(0, max));
  return `${text.slice(0, safeCut(text, max - suffix.length)).trimEnd()}${suffix}`;
}

/**
 * Split escaped text into pieces of at most `max` code units, preferring line breaks, then spaces,
 * and never splitting an entity or a surrogate pair. Joining the pieces (with the whitespace the
 * split consumed) gives the text back: nothing is dropped.
 * @param text - escaped text
 * @param max - the piece limit (code units), at least 8
 * @returns the pieces in order; one piece when the text fits
 */
export function splitEscaped(text: string, max: number): string[] {
  const out: string[] = [];
  let rest = text;
  while (rest.length > max) {
    const hard = safeCut(rest, max);
    const window = rest.slice(0, hard);
    let cut = window.lastIndexOf('\n');
    if (cut < max / 2) cut = window.lastIndexOf(' ');
    if (cut < max / 2) cut = hard;
    out.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).replace(/^[ \n]/, '');
  }
  out.push(rest);
  return out;
}
