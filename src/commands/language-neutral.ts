/**
 * Whether a request's text says anything about the language to answer in; the Slack and Teams
 * intakes then fall back to the user's or the configured locale.
 */

/** Any Hangul syllable or jamo. */
const HANGUL = /[\u1100-\u11FF\u3130-\u318F\uA960-\uA97F\uAC00-\uD7AF]/u;

/**
 * Whether a request's words say nothing about its language: after dropping the bot mention,
 * `/k8s`, `--options` and an "in CLUSTER" tail, at most one word is left (`status`, `ha`,
 * `quorum`, `help`, `?`), and it holds no Hangul.
 * @param text - the text as typed
 * @returns true for `status`, `<@U1> ha`, `status --cluster prod`; false for `can I reboot x`, `상태`
 */
export function isLanguageNeutral(text: string): boolean {
  if (HANGUL.test(text)) return false;
  const words = text
    .replace(/<@[A-Z0-9]+(?:\|[^>]*)?>/gi, ' ')
    .replace(/^\s*\/k8s\b/i, ' ')
    .replace(/(?:--|—)[a-z]+(?:[= ]\S+)?/gi, ' ')
    .replace(/\b(?:in|on)\s+\S+\s*$/i, ' ')
    .trim()
    .split(/\s+/)
    .filter((w) => w !== '');
  return words.length <= 1;
}
