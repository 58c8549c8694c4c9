/** IANA time zone names, checked against this runtime's tz database (schedules and maintenance windows use them). */

/**
 * Whether `name` is an IANA time zone this runtime knows (Intl, i.e. ICU's tz database), in its
 * canonical spelling.
 * @param name - e.g. `Asia/Seoul`, `UTC`, `asia/seoul`
 * @returns the canonical name (`Asia/Seoul`), or null when unknown
 */
export function canonicalTimeZone(name: string): string | null {
  if (name.trim() === '' || /\s/.test(name)) return null;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch (err) {
    if (err instanceof RangeError) return null;
    throw err;
  }
}
