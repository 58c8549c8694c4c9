/**
 * The daily HA report's analysis: stuck states, certificates and version skew from one
 * read ({@link analyzeHealthReport}), then churn against the state stored with the last report and
 * the urgency order ({@link finishHealthReport}). Pure: no I/O, no clock reads; the analysis yields
 * the event loop between its stages (see {@link analyzeHealthReport}).
 */
import { setImmediate as yieldEventLoop } from 'node:timers/promises';
import type { ClusterSnapshot } from '../../cluster/types.js';
import { analyzeHaStatus } from '../ha-status.js';
import { detectProfile } from '../profiles/index.js';
import type { ProfileName } from '../profiles/types.js';
import { certificateItems } from './certificates.js';
import type { CertificateObservation } from './certificates.js';
import { ETCD_DEFAULT_QUOTA_BYTES, churnItems, churnStateOf, versionSkewItems } from './churn.js';
import type { ChurnState } from './churn.js';
import { byUrgency } from './report-items.js';
import type { ReportItem, ReportThresholds } from './report-items.js';
import { findStuckStates } from './stuck-states.js';
import type { StuckStateExtras } from './stuck-states.js';

/** Inputs of {@link analyzeHealthReport}. */
export interface HealthReportInput {
  snapshot: ClusterSnapshot;
  now: Date;
  thresholds: ReportThresholds;
  /** What the certificate probes saw (API server endpoints, etcd members, the kubeconfig client). */
  certificates: readonly CertificateObservation[];
  /** The collector's extra reads (PDB pods, the bot's lock). */
  extras?: StuckStateExtras;
}

/**
 * One read's part of the report (JSON-safe: it travels in the Reply from the worker to the
 * schedule runner, which adds the churn since the last report).
 */
export interface HealthReportData {
  cluster: string;
  /** The report's time, RFC 3339. */
  at: string;
  profile: ProfileName;
  thresholds: ReportThresholds;
  /** Stuck states, certificates, version skew and etcd's size; unsorted. */
  items: ReportItem[];
  /** What the next report compares with. */
  churn: ChurnState;
  /** etcd's backend quota in bytes (configured, probed, or etcd's default 2 GiB). */
  etcdQuotaBytes: number;
}

/** What a report stores for the next one (JSON). */
export interface ReportBaseline {
  churn: ChurnState;
  items: ReportItem[];
}

/** A report ready to explain. */
export interface FinishedHealthReport {
  data: HealthReportData;
  /** Every item, most urgent first. */
  items: ReportItem[];
  /** Items not in the last report, and items of the last report gone now; null for the first report. */
  changes: { added: ReportItem[]; cleared: ReportItem[] } | null;
  /** The state to store for the next report. */
  baseline: ReportBaseline;
}

/**
 * Analyse one read for the report. The event loop is yielded between the stages (each is linear
 * in the cluster: about 0.1 s on a 10,000-node, 100,000-pod cluster), so the worker's `/healthz`,
 * its queue-lock renewals and its other jobs wait one stage at most instead of the whole analysis
 * (issue 33: `health report` on 10,000 nodes held a 400 MB worker's event loop and `/healthz`
 * took 1.85 to 2.99 s).
 * @param input - see {@link HealthReportInput}
 * @returns the report data (items unsorted, churn state to compare later)
 */
export async function analyzeHealthReport(input: HealthReportInput): Promise<HealthReportData> {
  const { snapshot, now, thresholds } = input;
  const profile = detectProfile(snapshot).name;
  const etcdQuotaBytes = snapshot.etcd?.dbSizeQuota ?? ETCD_DEFAULT_QUOTA_BYTES;
  const churn = churnStateOf(snapshot, now);
  const items: ReportItem[] = [];
  const stages: (() => ReportItem[])[] = [
    () => findStuckStates(snapshot, now, thresholds, input.extras),
    () => certificateItems(input.certificates, now, thresholds, profile),
    () => versionSkewItems(snapshot),
    () => haFindingItems(snapshot, now),
    // etcd's size needs no baseline (its growth does: added by finishHealthReport)
    () => churnItems(null, churn, thresholds, etcdQuotaBytes),
  ];
  for (const stage of stages) {
    await yieldEventLoop();
    items.push(...stage());
  }
  return {
    cluster: snapshot.cluster,
    at: now.toISOString(),
    profile,
    thresholds,
    items,
    churn,
    etcdQuotaBytes,
  };
}

/**
 * Checks of the HA status the report words itself, with their age thresholds: a PDB at 0 or a
 * node cordoned a minute ago is no news for a daily report (`pdb-stuck`, `node-cordoned`,
 * `node-not-ready` say it once it lasts).
 */
const COVERED_BY_STUCK_STATES: ReadonlySet<string> = new Set(['pdb-blocks', 'concurrent-disruption']);

/**
 * What the HA status finds wrong now (etcd quorum at risk, a single control-plane node, one
 * apiserver…): its warn and block findings as items, worded by the status's own explanations.
 */
function haFindingItems(snapshot: ClusterSnapshot, now: Date): ReportItem[] {
  return analyzeHaStatus(snapshot, now)
    .findings.filter(
      (f) => (f.severity === 'warn' || f.severity === 'block') && !COVERED_BY_STUCK_STATES.has(f.check),
    )
    .map((f) => ({
      kind: 'ha-finding',
      severity: f.severity === 'block' ? 'block' : 'warn',
      variant: `${f.check}.${f.variant}`,
      subject: `ha/${f.check}.${f.variant}${f.subject ? `/${f.subject.kind}/${f.subject.namespace ?? ''}/${f.subject.name}` : ''}`,
      facts: {},
      finding: f,
      order: 0,
    }));
}

const keyOf = (i: ReportItem): string => `${i.kind}|${i.subject}`;

/**
 * Add the churn since the last report, order by urgency, and say what changed.
 * @param data - one read's report data
 * @param baseline - what the last report stored, or null (first report, or on demand: no churn)
 * @returns the finished report and the baseline to store
 */
export function finishHealthReport(
  data: HealthReportData,
  baseline: ReportBaseline | null,
): FinishedHealthReport {
  let items = data.items;
  if (baseline !== null) {
    const churn = churnItems(baseline.churn, data.churn, data.thresholds, data.etcdQuotaBytes);
    // the size item with its growth replaces the one computed without a baseline (same key)
    items = dedupe([...items, ...churn]);
  }
  const sorted = byUrgency(items);
  const before = new Set((baseline?.items ?? []).map(keyOf));
  const now = new Set(sorted.map(keyOf));
  const changes =
    baseline === null
      ? null
      : {
          added: sorted.filter((i) => !before.has(keyOf(i))),
          cleared: baseline.items.filter((i) => !now.has(keyOf(i))),
        };
  return { data, items: sorted, changes, baseline: { churn: data.churn, items: sorted } };
}

function dedupe(items: ReportItem[]): ReportItem[] {
  const seen = new Map<string, ReportItem>();
  for (const i of items) seen.set(keyOf(i), i); // the later (with a baseline) wins
  return [...seen.values()];
}
