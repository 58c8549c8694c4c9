/**
 * The one way a test waits for something to happen: poll a predicate until it gives a truthy value,
 * or fail naming what did not happen. Replaces the files' own `sleep` / `until` loops.
 *
 * @example
 * const job = await eventually('the job is stored', () => store.get(id), 5000);
 */

// Real time even under jest.useFakeTimers(): this module keeps the clock and timer it was loaded
// with, so a test can advance fake time and still wait for real I/O.
const wallClock = Date.now;
const realSetTimeout = setTimeout;

/** How often {@link eventually} asks again, in ms. */
export const EVENTUALLY_INTERVAL_MS = 20;

/**
 * The ceiling on a wait for work another process (or an in-process server) does, in ms (60 000).
 * A ceiling, not an expectation: a wait ends as soon as its signal comes, so only a failing test
 * waits this long. Generous because the suite must hold on a slow, busy machine (issue 31 item 1:
 * `.ci/run` green with both cores kept busy, and pinned to one core).
 */
export const WAIT_CEILING_MS = 60_000;

/**
 * Ask `predicate` every {@link EVENTUALLY_INTERVAL_MS} ms until it returns a truthy value.
 *
 * A predicate that throws counts as "not yet"; its last error is quoted when time runs out. Polls in
 * real time, also while the test has fake timers.
 * @param what - what the test waits for, in words (the failure message starts with it); a function
 *   is called only on failure (to add, say, a child process's output)
 * @param predicate - returns (or resolves to) something truthy once the condition holds
 * @param timeoutMs - give up after this long, in ms (default {@link WAIT_CEILING_MS})
 * @param intervalMs - how long to wait between two tries, in ms (default
 *   {@link EVENTUALLY_INTERVAL_MS}; longer when a try is costly, e.g. a process per try)
 * @returns the first truthy value
 * @throws Error `<what>: not within <timeoutMs> ms` when the condition never held
 */
export async function eventually<T>(
  what: string | (() => string),
  predicate: () => T | Promise<T>,
  timeoutMs = WAIT_CEILING_MS,
  intervalMs = EVENTUALLY_INTERVAL_MS,
): Promise<NonNullable<T>> {
  const deadline = wallClock() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await predicate();
      if (value) return value as NonNullable<T>;
      lastError = undefined;
    } catch (err) {
      lastError = err;
    }
    if (wallClock() >= deadline) {
      const why = lastError instanceof Error ? ` (last error: ${lastError.message})` : '';
      throw new Error(`${typeof what === 'string' ? what : what()}: not within ${timeoutMs} ms${why}`);
    }
    await new Promise((resolve) => realSetTimeout(resolve, intervalMs));
  }
}
