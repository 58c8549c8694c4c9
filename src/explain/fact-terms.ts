/**
 * The English phrases the analysis writes into its facts, read back in another locale (issue 30,
 * Korean answers with English fragments): the scheduler's "0/N nodes can take it: …" summary and
 * its terms (src/analysis/scheduling/filter.ts `pendingSummary`), a replacement "pinned to" a node
 * or placed by preemption, a node's `cordoned` state and a pod marked `(no controller)`. The
 * patterns are the English catalogue's `factTerms` texts (./locales/en.ts), the replacements the
 * same keys of the locale's catalogue; a phrase no pattern reads is left as written.
 */

/** Catalogue texts of `factTerms`, by key (nested `term.*` flattened as `term.<name>`). */
export type FactTermTexts = Readonly<Record<string, string>>;

/** Patterns made, by `wide` and template: each is made once (a Korean answer translates hundreds of facts). */
const patterns = new Map<string, { re: RegExp; whole: RegExp; names: string[] }>();

/**
 * A catalogue text as a pattern: `{{name}}` becomes a group (`wide` names take any text but `;`);
 * `re` finds it anywhere (global), `whole` matches a whole text.
 */
function patternOf(
  template: string,
  wide: readonly string[] = [],
): { re: RegExp; whole: RegExp; names: string[] } {
  const key = `${wide.join(',')}|${template}`;
  const made = patterns.get(key);
  if (made !== undefined) return made;
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/u)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/u.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
      names.push(name);
      return wide.includes(name) ? '([^;]+)' : '([^\\s;,()]+)';
    })
    .join('');
  const pattern = { re: new RegExp(source, 'gu'), whole: new RegExp(`^(?:${source})$`, 'u'), names };
  patterns.set(key, pattern);
  return pattern;
}

/** A catalogue text with `{{name}}` filled from `values` (a value it lacks stays empty). */
function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{\{(\w+)\}\}/gu, (_m, name: string) => values[name] ?? '');
}

/** Replace every match of the English text `key` in `text` by the target text of the same key. */
function replaceAll(
  text: string,
  key: string,
  en: FactTermTexts,
  target: FactTermTexts,
  wide: readonly string[] = [],
  each: (values: Record<string, string>) => Record<string, string> = (v) => v,
): string {
  const from = en[key];
  const to = target[key];
  if (from === undefined || to === undefined) return text;
  const { re, names } = patternOf(from, wide);
  return text.replace(re, (...m: unknown[]) => {
    const values = Object.fromEntries(names.map((n, i) => [n, String(m[i + 1] ?? '')]));
    return fill(to, each(values));
  });
}

/** One scheduler term ("untolerated taint (control-plane)") in the target locale, or as written. */
function term(text: string, en: FactTermTexts, target: FactTermTexts): string {
  for (const [key, from] of Object.entries(en)) {
    if (!key.startsWith('term.')) continue;
    const { whole, names } = patternOf(from, ['taint', 'resource', 'port', 'claim']);
    const m = whole.exec(text);
    const to = target[key];
    if (m !== null && to !== undefined)
      return fill(to, Object.fromEntries(names.map((n, i) => [n, m[i + 1] ?? ''])));
  }
  return text;
}

/**
 * A fact text with the analysis' English phrases in the target locale's words.
 * @param text - a fact value as the analysis wrote it (a pod list, a Pending reason, a node state)
 * @param en - the English `factTerms` texts (the patterns)
 * @param target - the target locale's `factTerms` texts
 * @returns the text, each phrase read replaced; unchanged when none is found
 */
export function localizeFactText(text: string, en: FactTermTexts, target: FactTermTexts): string {
  if (en === target) return text;
  const count = patternOf(en.termCount ?? '{{n}} {{term}}', ['term']);
  let out = replaceAll(text, 'pendingSummary', en, target, ['terms'], ({ total = '', terms = '' }) => ({
    total,
    terms: terms
      .split(', ')
      .map((item) => {
        const m = count.whole.exec(item.trim());
        if (m === null) return item;
        const values = Object.fromEntries(count.names.map((n, i) => [n, m[i + 1] ?? '']));
        return fill(target.termCount ?? '', { n: values.n ?? '', term: term(values.term ?? '', en, target) });
      })
      .join(', '),
  }));
  out = replaceAll(out, 'pinnedTo', en, target);
  out = replaceAll(out, 'preempting', en, target, ['victims']);
  // A node's state in brackets ("wk-2 (NotReady: Ready=False, cordoned)") and a marked pod.
  const cordoned = en.cordoned;
  if (cordoned !== undefined && target.cordoned !== undefined && out.includes(cordoned))
    out = out.replace(new RegExp(`(?<=[(,] ?)${cordoned}(?=\\))`, 'gu'), target.cordoned);
  const bare = en.noController;
  if (bare !== undefined && target.noController !== undefined)
    out = out.replaceAll(`(${bare})`, `(${target.noController})`);
  return out;
}
