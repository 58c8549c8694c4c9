/**
 * "Did you mean…?" suggestions for unknown node and cluster names.
 */
import { distance } from 'fastest-levenshtein';

/** Smallest edit distance always allowed, whatever the name's length (short names such as `cp-9` still get suggestions). */
export const MIN_EDIT_DISTANCE = 2;

/** Share of the typed name's length allowed as edit distance (0.4: 4 edits for a 10-character name). */
export const EDIT_DISTANCE_RATIO = 0.4;

/** Characters that separate the parts of a node or cluster name. */
const SEPARATORS = new Set(['-', '.', '_']);

/**
 * Whether `short` is the start or end of `long` on a name-part boundary:
 * `cp-2` is the end of `atlas-cp-2`, `atlas-cp` the start of `atlas-cp-1`; `p-2` is not the end of `cp-2`.
 */
function isAffix(short: string, long: string): boolean {
  if (short.length === 0 || short.length >= long.length) return false;
  if (long.endsWith(short) && SEPARATORS.has(long.charAt(long.length - short.length - 1))) return true;
  if (long.startsWith(short) && SEPARATORS.has(long.charAt(short.length))) return true;
  return false;
}

interface Scored {
  candidate: string;
  /** 0 for affix matches (ranked first), 1 otherwise. */
  tier: number;
  distance: number;
}

/**
 * The configured or observed names closest to a name that was not found, best first.
 *
 * A candidate qualifies when its Levenshtein distance to `name` (case-insensitive) is at most
 * `max(2, floor(40% of name's length))`, or when one of the two is the other's leading or trailing
 * part at a `-`/`.`/`_` boundary (`cp-2` → `atlas-cp-2`, `atlas-cp` → `atlas-cp-1`). Affix matches
 * rank first, then smaller distance, then alphabetical order. An exact match (ignoring case) is
 * returned first, with distance 0. Duplicate candidates are reported once.
 *
 * Cost: one distance per candidate (fastest-levenshtein, O(n·m) for names of length n and m), fine
 * for a few thousand nodes.
 *
 * @param name - the name the user typed (node or cluster)
 * @param candidates - the names that exist (node names of the snapshot, configured clusters)
 * @param max - most suggestions to return (default 3); 0 or less returns []
 * @returns up to `max` candidates, best first, spelled as in `candidates`
 */
export function closestNames(name: string, candidates: readonly string[], max = 3): string[] {
  const wanted = name.trim().toLowerCase();
  if (wanted.length === 0 || max <= 0) return [];
  const limit = Math.max(MIN_EDIT_DISTANCE, Math.floor(wanted.length * EDIT_DISTANCE_RATIO));
  const seen = new Set<string>();
  const scored: Scored[] = [];
  for (const candidate of candidates) {
    if (seen.has(candidate)) continue;
    seen.add(candidate);
    const lower = candidate.toLowerCase();
    const affix = isAffix(wanted, lower) || isAffix(lower, wanted);
    // Cheap skip: the distance is at least the length difference.
    if (!affix && Math.abs(lower.length - wanted.length) > limit) continue;
    const d = distance(wanted, lower);
    if (d === 0) scored.push({ candidate, tier: -1, distance: 0 });
    else if (affix) scored.push({ candidate, tier: 0, distance: d });
    else if (d <= limit) scored.push({ candidate, tier: 1, distance: d });
  }
  scored.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.distance - b.distance ||
      (a.candidate < b.candidate ? -1 : a.candidate > b.candidate ? 1 : 0),
  );
  return scored.slice(0, max).map((s) => s.candidate);
}
