/**
 * The vocabulary of the daily HA report: one {@link ReportItem} per thing that quietly
 * went wrong, the {@link ReportThresholds} that decide what counts, and the urgency order the
 * report lists them in. Pure: no I/O, no clock reads.
 */
import type { FactValue, Finding } from '../types.js';

/** What an item is about. */
export type ReportItemKind =
  | 'ha-finding'
  | 'certificate'
  | 'lock-stale'
  | 'node-not-ready'
  | 'pdb-stuck'
  | 'node-cordoned'
  | 'pod-terminating'
  | 'lease-churn'
  | 'etcd-leader-changes'
  | 'etcd-db-size'
  | 'version-skew'
  | 'forecast-mismatch';

/**
 * One thing the report names. `variant` picks the sentence (`report.item.<kind>.<variant>` in the
 * locales); `facts` are the values it names (node names, hours, days, counts).
 */
export interface ReportItem {
  kind: ReportItemKind;
  /** `block`: act today (the cluster or every drain will stop); `warn`: act this week. */
  severity: 'warn' | 'block';
  variant: string;
  /** The object it is about, e.g. `node/wk-3`, `pdb/shop/web`, `cert/apiserver 10.0.0.1:6443`. */
  subject: string;
  facts: Record<string, FactValue>;
  /** `ha-finding` items: the HA status finding (its line is the HA status's own explanation). */
  finding?: Finding;
  /**
   * Within one severity and kind, the smaller comes first: days left for certificates, minus the
   * age in s for stuck states (the oldest first), minus the count for churn.
   */
  order: number;
}

export { DEFAULT_THRESHOLDS, thresholdsOf } from '../../commands/report-settings.js';
export type { ReportSettings, ReportThresholds } from '../../commands/report-settings.js';

/**
 * Which kind comes first among items of one severity: what is wrong with HA right now (etcd
 * quorum, control-plane redundancy), then what stops the whole cluster or every change
 * (certificates, locks that block all maintenance, nodes down, drains that hang), then what
 * degrades slowly.
 */
const KIND_RANK: Readonly<Record<ReportItemKind, number>> = {
  'ha-finding': -1,
  certificate: 0,
  'lock-stale': 1,
  'node-not-ready': 2,
  'pdb-stuck': 3,
  'node-cordoned': 4,
  'lease-churn': 5,
  'etcd-leader-changes': 6,
  'etcd-db-size': 7,
  'pod-terminating': 8,
  'version-skew': 9,
  'forecast-mismatch': 10,
};

/**
 * Items in the order the report lists them: `block` before `warn`, then by kind (see KIND_RANK),
 * then by `order`, then by subject.
 * @param items - the items (not mutated)
 * @returns a sorted copy
 */
export function byUrgency(items: readonly ReportItem[]): ReportItem[] {
  const sev = (i: ReportItem): number => (i.severity === 'block' ? 0 : 1);
  return [...items].sort(
    (a, b) =>
      sev(a) - sev(b) ||
      KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
      a.order - b.order ||
      a.subject.localeCompare(b.subject),
  );
}

/**
 * Whole hours (floored) of a duration.
 * @param ms - duration in ms
 */
export function hoursOf(ms: number): number {
  return Math.floor(ms / 3_600_000);
}
