/**
 * TEST ONLY: counts turns of the event loop, to see that long work yields it (issue 33: `/healthz`
 * stays fast under any job).
 */

/** A running count of event-loop turns, as {@link countTurns} starts it. */
export interface TurnCounter {
  /** Turns counted so far (check phases reached: a setImmediate callback that queues itself again). */
  readonly turns: number;
  /** Stop counting (the last queued callback still runs once). */
  stop(): void;
}

/**
 * Start counting turns of the event loop.
 * @returns the counter; stop it when the work measured is done
 */
export function countTurns(): TurnCounter {
  let turns = 0;
  let counting = true;
  const count = (): void => {
    turns += 1;
    if (counting) setImmediate(count);
  };
  setImmediate(count);
  return {
    get turns() {
      return turns;
    },
    stop() {
      counting = false;
    },
  };
}
