/**
 * Shifting recorded timestamps so that a snapshot served live keeps the ages it was recorded with
 * (scenarios/FORMAT.md: "a simulator serving the file live should shift every timestamp by
 * (now - captured_at)").
 */

const RFC3339_RE = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/;

/**
 * Shift one RFC 3339 timestamp by `shiftMs`, keeping its precision (seconds, or as many
 * fractional digits as it had: `renewTime` micro-times keep 6). Output is in UTC (`Z`).
 * @param value - an RFC 3339 date-time
 * @param shiftMs - shift in milliseconds
 * @returns the shifted timestamp, or null when `value` is not an RFC 3339 date-time
 */
export function shiftTimestamp(value: string, shiftMs: number): string | null {
  const m = RFC3339_RE.exec(value);
  if (!m) return null;
  const t = Date.parse(value);
  if (Number.isNaN(t)) return null;
  const iso = new Date(t + shiftMs).toISOString(); // YYYY-MM-DDTHH:MM:SS.mmmZ
  const frac = m[2];
  if (frac === undefined) return `${iso.slice(0, 19)}Z`;
  const ms = iso.slice(20, 23);
  const digits = frac.length <= 3 ? ms.slice(0, frac.length) : ms + frac.slice(3);
  return `${iso.slice(0, 19)}.${digits}Z`;
}

/**
 * Shift, in place, every string in `obj` that is a whole RFC 3339 date-time (creationTimestamp,
 * renewTime, acquireTime, lastHeartbeatTime, lastTransitionTime, startTime, startedAt,
 * `kubernetes.io/config.seen`, …). Values that merely contain a date are left alone.
 * @param obj - a parsed object (mutated)
 * @param shiftMs - shift in milliseconds; 0 leaves everything as is
 */
export function shiftTimestamps(obj: unknown, shiftMs: number): void {
  if (shiftMs === 0) return;
  walk(obj, shiftMs);
}

function maybeTimestamp(s: string): boolean {
  const c = s.charCodeAt(0);
  return (
    s.length >= 20 &&
    s.length <= 40 &&
    c >= 48 &&
    c <= 57 &&
    s.charCodeAt(4) === 45 &&
    s.charCodeAt(10) === 84
  );
}

function walk(node: unknown, shiftMs: number): void {
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) {
      const v: unknown = node[i];
      if (typeof v === 'string') {
        if (maybeTimestamp(v)) node[i] = shiftTimestamp(v, shiftMs) ?? v;
      } else if (typeof v === 'object' && v !== null) walk(v, shiftMs);
    }
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const rec = node as Record<string, unknown>;
  for (const k in rec) {
    const v = rec[k];
    if (typeof v === 'string') {
      if (maybeTimestamp(v)) rec[k] = shiftTimestamp(v, shiftMs) ?? v;
    } else if (typeof v === 'object' && v !== null) walk(v, shiftMs);
  }
}

const QUOTED_TS_RE = /"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:Z|[+-]\d\d:\d\d))"/g;

/**
 * {@link shiftTimestamps} on JSON text: every JSON string value that is a whole RFC 3339
 * date-time is shifted, exactly as the object walk does, without parsing and re-serializing.
 * @param json - JSON text
 * @param shiftMs - shift in milliseconds
 * @returns the shifted text
 */
export function shiftTimestampsInJson(json: string, shiftMs: number): string {
  if (shiftMs === 0) return json;
  return json.replace(QUOTED_TS_RE, (m: string, ts: string) => {
    const shifted = shiftTimestamp(ts, shiftMs);
    return shifted === null ? m : `"${shifted}"`;
  });
}
