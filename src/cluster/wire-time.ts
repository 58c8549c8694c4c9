/**
 * Kubernetes wire formats of times, as the apiserver writes them: `metav1.Time` (RFC 3339, whole
 * seconds) and `metav1.MicroTime` (6 fractional digits, used by Lease `acquireTime` /
 * `renewTime`). See the Kubernetes API conventions, "Times".
 */

/**
 * A `metav1.Time` string: `2026-11-29T12:00:00Z`.
 * @param d - the time
 */
export function metaTime(d: Date): string {
  return `${d.toISOString().slice(0, 19)}Z`;
}

/**
 * A `metav1.MicroTime` string: `2026-11-29T12:00:00.123000Z`.
 * @param d - the time (JavaScript keeps milliseconds; the last three digits are 0)
 */
export function microTime(d: Date): string {
  return `${d.toISOString().slice(0, 23)}000Z`;
}
