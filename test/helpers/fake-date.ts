/**
 * TEST ONLY: fake the wall clock (`Date`) and nothing else: timers, `performance`, `hrtime` and I/O
 * stay real, so a test can move or stop the clock that Leases, heartbeats and ages are judged by
 * while it still waits for real processes. Undo with `jest.useRealTimers()`.
 */
import { jest } from '@jest/globals';

/** Everything Jest's fake timers could replace, except Date. */
const REAL_TIMERS: Array<
  | 'hrtime'
  | 'nextTick'
  | 'performance'
  | 'queueMicrotask'
  | 'setImmediate'
  | 'clearImmediate'
  | 'setInterval'
  | 'clearInterval'
  | 'setTimeout'
  | 'clearTimeout'
> = [
  'hrtime',
  'nextTick',
  'performance',
  'queueMicrotask',
  'setImmediate',
  'clearImmediate',
  'setInterval',
  'clearInterval',
  'setTimeout',
  'clearTimeout',
];

/**
 * Fake `Date` only.
 * @param o - `now`: the clock's time, in ms since the epoch (default: the real now); `ticking`: the
 *   clock goes on from there in real time (default false: it stands still until `jest.setSystemTime`)
 */
export function fakeDateOnly(o: { now?: number; ticking?: boolean } = {}): void {
  jest.useFakeTimers({ now: o.now ?? Date.now(), advanceTimers: o.ticking ?? false, doNotFake: REAL_TIMERS });
}
