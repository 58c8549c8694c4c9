/**
 * Label selectors as the Kubernetes API accepts them in `?labelSelector=`: comma-separated
 * requirements `k`, `!k`, `k=v`, `k==v`, `k!=v`, `k in (a,b)`, `k notin (a,b)`.
 * `!=` and `notin` also match objects without the label (Kubernetes semantics).
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors
 */
import { BotError } from '../errors.js';

/** A compiled selector: true when the labels match. */
export type LabelMatcher = (labels: Record<string, string> | undefined) => boolean;

function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.map((p) => p.trim()).filter((p) => p !== '');
}

const KEY = String.raw`[A-Za-z0-9][-A-Za-z0-9_./]*`;
const SET_RE = new RegExp(String.raw`^(${KEY})\s+(in|notin)\s*\(([^)]*)\)$`);
const EQ_RE = new RegExp(String.raw`^(${KEY})\s*(==|=|!=)\s*([-A-Za-z0-9_.]*)$`);
const EXISTS_RE = new RegExp(String.raw`^(!?)\s*(${KEY})$`);

/**
 * Compile a label selector string.
 * @param text - the selector (empty matches everything)
 * @returns a matcher
 * @throws BotError `bad-request` when the selector cannot be parsed
 */
export function parseLabelSelector(text: string): LabelMatcher {
  const tests: LabelMatcher[] = [];
  for (const req of splitTopLevel(text)) {
    let m = SET_RE.exec(req);
    if (m) {
      const key = m[1] as string;
      const values = new Set(
        (m[3] as string)
          .split(',')
          .map((v) => v.trim())
          .filter((v) => v !== ''),
      );
      if (m[2] === 'in') tests.push((l) => l?.[key] !== undefined && values.has(l[key] as string));
      else tests.push((l) => l?.[key] === undefined || !values.has(l[key] as string));
      continue;
    }
    m = EQ_RE.exec(req);
    if (m) {
      const key = m[1] as string;
      const value = m[3] as string;
      if (m[2] === '!=') tests.push((l) => l?.[key] !== value);
      else tests.push((l) => l?.[key] === value);
      continue;
    }
    m = EXISTS_RE.exec(req);
    if (m) {
      const key = m[2] as string;
      if (m[1] === '!') tests.push((l) => l?.[key] === undefined);
      else tests.push((l) => l?.[key] !== undefined);
      continue;
    }
    throw new BotError('bad-request', `unable to parse requirement: "${req}"`);
  }
  return (labels) => tests.every((t) => t(labels));
}
