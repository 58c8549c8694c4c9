/**
 * A tiny constructor for findings, so checks read as data.
 */
import type { CheckId, FactValue, Finding, FindingSubject, Plane, Severity } from './types.js';

/**
 * Make a finding.
 * @param check - stable check id
 * @param plane - the plane it affects
 * @param severity - ok / info / warn / block
 * @param variant - which explanation applies (`checks.<check>.<variant>`)
 * @param facts - the values the explanation names
 * @param subject - the object it is about
 */
export function finding(
  check: CheckId,
  plane: Plane,
  severity: Severity,
  variant: string,
  facts: Record<string, FactValue> = {},
  subject?: FindingSubject,
): Finding {
  return subject
    ? { check, plane, severity, variant, facts, subject }
    : { check, plane, severity, variant, facts };
}
