/**
 * The simulator's change feed: every write to the {@link ObjectStore} (store-writes.ts) is recorded
 * here as a watch event with the write's resourceVersion, kept in a bounded history per resource (so a watch can
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

/**
 * Events kept for resumption by default, per resource (kube-apiserver keeps one watch cache per
 * resource type, so a burst of node Lease renewals never pushes pod events out of the history).
 * @see https://github.com/kubernetes/kubernetes/blob/master/staging/src/k8s.io/apiserver/pkg/storage/cacher/watch_cache.go
 */
export const DEFAULT_WATCH_HISTORY = 10_000;

/** One resource's bounded history. */
interface History {
  events: ChangeEvent[];
  /** Largest resourceVersion whose events of this resource may be missing (resuming from below it is too old). */
  floor: number;
}

/** The bounded histories of changes (one per resource) and the open watches' listeners. */
export class WatchHub {
  private readonly histories = new Map<string, History>();
  private readonly listeners = new Set<(e: ChangeEvent) => void>();
  private readonly closers = new Map<(e: ChangeEvent) => void, () => void>();
  /** resourceVersion up to which {@link WatchHub.compact} dropped every resource's events. */
  private compactedTo = 0;

  /**
   * @param startRv - the store's resourceVersion when the hub starts (no event at or below it is known)
   * @param capacity - events kept for resumption per resource (older ones are dropped)
   */
  constructor(
    private readonly startRv: number,
    readonly capacity: number = DEFAULT_WATCH_HISTORY,
  ) {}

  private history(plural: string): History {
    let h = this.histories.get(plural);
    if (!h) this.histories.set(plural, (h = { events: [], floor: this.startRv }));
    return h;
  }

  /** Record a change and hand it to every listener. */
  record(event: ChangeEvent): void {
    const h = this.history(event.plural);
    h.events.push(event);
    if (h.events.length > this.capacity * 2) dropOldest(h, h.events.length - this.capacity);
    for (const listener of [...this.listeners]) listener(event);
  }

  /**
   * The recorded events of one resource after `rv`, or `expired` when some of them are no longer kept.
   * @param rv - a resourceVersion a client saw (numeric)
   * @param plural - the resource watched, e.g. `pods`
   */
  since(rv: number, plural: string): ChangeEvent[] | 'expired' {
    const h = this.history(plural);
    if (rv < h.floor || rv < this.compactedTo) return 'expired';
    let lo = 0;
    let hi = h.events.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((h.events[mid] as ChangeEvent).rv <= rv) lo = mid + 1;
      else hi = mid;
    }
    return h.events.slice(lo);
  }

  /**
   * Compact as etcd does: keep only the newest `keep` events over all resources; a watch of any
   * resource from a resourceVersion older than the oldest kept event is then too old (tests: force
   * a `410 Gone`).
   * @param keep - events kept, counted over all resources
   */
  compact(keep = 0): void {
    const all = [...this.histories.values()].flatMap((h) => h.events.map((e) => e.rv)).sort((a, b) => b - a);
    const cut = all[keep];
    if (cut === undefined) return;
    this.compactedTo = Math.max(this.compactedTo, cut);
    for (const h of this.histories.values()) dropOldest(h, h.events.filter((e) => e.rv <= cut).length);
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

function dropOldest(h: History, dropped: number): void {
  if (dropped <= 0) return;
  h.floor = Math.max(h.floor, (h.events[dropped - 1] as ChangeEvent).rv);
  h.events = h.events.slice(dropped);
}
