/**
 * Text from the cluster (object names, annotations such as kured's lock holder, /readyz lines) made
 * safe to show: in a terminal it must not run escape sequences, and in any chat it must not
 * reorder or hide what it says.
 *
 * - Terminal escape sequences (ECMA-48 CSI `ESC [ … final`, OSC `ESC ] … BEL|ESC \`, and other
 *   `ESC x`) are removed whole, then every other C0/C1 control character except `\n` and `\t`.
 * - Bidirectional controls (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069), which can make
 *   `atlas-cp-1` display as something else (Trojan Source, CVE-2021-42574), are removed.
 * - Zero-width characters (U+200B-U+200D, U+2060, U+FEFF) are kept visible as `[U+200B]`, so two
 *   names that look alike do not read as the same name.
 *
 * Sources: ECMA-48 (control functions), Unicode UAX #9 (bidi controls), https://trojansource.codes/.
 */

const ESCAPES =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?|\u001b[@-_]?|\u009b[0-?]*[ -/]*[@-~]/g;
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/g;
const ANY =
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

/**
 * Make one string safe to show (see the module doc for what changes).
 * @param text - any text, e.g. from the cluster
 * @returns the text without escape sequences, control or bidi characters, zero-width characters
 *   marked as `[U+XXXX]`; the same string when there was nothing to change
 */
export function safeText(text: string): string {
  if (!ANY.test(text)) return text;
  return text
    .replace(ESCAPES, '')
    .replace(CONTROLS, '')
    .replace(BIDI, '')
    .replace(ZERO_WIDTH, (c) => `[U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`);
}

/**
 * {@link safeText} over every string of a JSON-like value (plain objects and arrays, recursively);
 * other values are returned as they are. Object keys are kept.
 * @param value - e.g. a finding's facts
 * @returns a copy with safe strings, or `value` itself when nothing changed
 */
export function safeDeep<T>(value: T): T {
  if (typeof value === 'string') return safeText(value) as T;
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v: unknown) => {
      const s = safeDeep(v);
      if (s !== v) changed = true;
      return s;
    });
    return (changed ? out : value) as T;
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
      const s = safeDeep(v);
      if (s !== v) changed = true;
      out[k] = s;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
