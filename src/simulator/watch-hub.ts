/**
 * The simulator's change feed: every write to the {@link ObjectStore} (store-writes.ts) is recorded
 * here as a watch event with the write's resourceVersion, kept in a bounded history (so a watch can
 * resume from a resourceVersion still in it) and handed to the open watches.
 *
 * Semantics follow kube-apiserver's watch cache: a watch from resourceVersion `R` receives every
 * event whose resourceVersion is greater than `R`; when events after `R` have been dropped from the
 * history (too old), the watch is answered `410 Gone` (reason `Expired`).
 * @see https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes
 */
import type { StoredObject } from './object-store.js';

/** Type of a change, as in a Kubernetes `WatchEvent`. */
export type ChangeType = 'ADDED' | 'MODIFIED' | 'DELETED';

/** One recorded change. */
export interface ChangeEvent {
  /** The write's resourceVersion (numeric). */
  rv: number;
  /** Resource plural, e.g. `pods`. */
  plural: string;
  type: ChangeType;
  /** The object after the write (for DELETED: its last state, with the deletion's resourceVersion). */
  object: StoredObject;
  /** The object before the write (null for ADDED), to tell selector transitions apart. */
  previous: StoredObject | null;
}

/** Events kept for resumption by default. */
export const DEFAULT_WATCH_HISTORY = 10_000;

/** The bounded history of changes and the open watches' listeners. */
export class WatchHub {
  private events: ChangeEvent[] = [];
  private readonly listeners = new Set<(e: ChangeEvent) => void>();
  private readonly closers = new Map<(e: ChangeEvent) => void, () => void>();
  /** Largest resourceVersion whose events may be missing (resuming from below it is too old). */
  private floor: number;

  /**
   * @param startRv - the store's resourceVersion when the hub starts (no event at or below it is known)
   * @param capacity - events kept for resumption (older ones are dropped)
   */
  constructor(
    startRv: number,
    readonly capacity: number = DEFAULT_WATCH_HISTORY,
  ) {
    this.floor = startRv;
  }

  /** Record a change and hand it to every listener. */
  record(event: ChangeEvent): void {
    this.events.push(event);
    if (this.events.length > this.capacity * 2) {
      const dropped = this.events.length - this.capacity;
      this.floor = Math.max(this.floor, (this.events[dropped - 1] as ChangeEvent).rv);
      this.events = this.events.slice(dropped);
    }
    for (const listener of [...this.listeners]) listener(event);
  }

  /**
   * The recorded events after `rv`, or `expired` when some of them are no longer kept.
   * @param rv - a resourceVersion a client saw (numeric)
   */
  since(rv: number): ChangeEvent[] | 'expired' {
    if (rv < this.floor) return 'expired';
    let lo = 0;
    let hi = this.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.events[mid] as ChangeEvent).rv <= rv) lo = mid + 1;
      else hi = mid;
    }
    return this.events.slice(lo);
  }

  /** Drop history older than the newest `keep` events (tests: force a `410 Gone`). */
  compact(keep = 0): void {
    const dropped = Math.max(0, this.events.length - keep);
    if (dropped === 0) return;
    this.floor = Math.max(this.floor, (this.events[dropped - 1] as ChangeEvent).rv);
    this.events = this.events.slice(dropped);
  }

  /**
   * Listen to every change from now on.
   * @param listener - called with each change
   * @param close - ends the watch behind the listener ({@link WatchHub.closeAll})
   * @returns a function that stops listening
   */
  subscribe(listener: (e: ChangeEvent) => void, close?: () => void): () => void {
    this.listeners.add(listener);
    if (close) this.closers.set(listener, close);
    return () => {
      this.listeners.delete(listener);
      this.closers.delete(listener);
    };
  }

  /** End every open watch (as an apiserver restart would; clients resume from their resourceVersion). */
  closeAll(): void {
    for (const close of [...this.closers.values()]) close();
  }

  /** Open watches (listeners). */
  get watchers(): number {
    return this.listeners.size;
  }
}
