/**
 * Field selectors as the Kubernetes API accepts them in `?fieldSelector=` for the fields the
 * simulator indexes: `metadata.name`, `metadata.namespace` (every resource), `spec.nodeName` and
 * `status.phase` (pods only, as in kube-apiserver), with `=`, `==` and `!=`.
 * @see https://kubernetes.io/docs/concepts/overview/working-with-objects/field-selectors/
 */
import { BotError } from '../errors.js';

/** The indexed fields of one object. */
export interface SelectableFields {
  'metadata.name': string;
  'metadata.namespace': string;
  'spec.nodeName'?: string;
  'status.phase'?: string;
}

/** A compiled field selector. */
export type FieldMatcher = (fields: SelectableFields) => boolean;

const POD_FIELDS = new Set(['metadata.name', 'metadata.namespace', 'spec.nodeName', 'status.phase']);
const COMMON_FIELDS = new Set(['metadata.name', 'metadata.namespace']);

/**
 * Compile a field selector.
 * @param text - the selector (empty matches everything)
 * @param plural - the resource (decides which fields are allowed)
 * @returns a matcher
 * @throws BotError `bad-request` for a syntax error or a field the resource does not support
 */
export function parseFieldSelector(text: string, plural: string): FieldMatcher {
  const allowed = plural === 'pods' ? POD_FIELDS : COMMON_FIELDS;
  const tests: FieldMatcher[] = [];
  for (const raw of text.split(',')) {
    const req = raw.trim();
    if (req === '') continue;
    const m = /^([A-Za-z.]+)\s*(==|=|!=)\s*(.*)$/.exec(req);
    if (!m) throw new BotError('bad-request', `invalid field selector requirement: "${req}"`);
    const field = m[1] as keyof SelectableFields;
    if (!allowed.has(field)) throw new BotError('bad-request', `field label not supported: ${field}`);
    const value = m[3] as string;
    if (m[2] === '!=') tests.push((f) => (f[field] ?? '') !== value);
    else tests.push((f) => (f[field] ?? '') === value);
  }
  return (f) => tests.every((t) => t(f));
}
