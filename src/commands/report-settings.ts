/**
 * Settings of the daily HA report: thresholds and quiet hours per channel and cluster,
 * as a schedule or the configuration writes them (validated by ./report-settings-schema.ts), and
 * their defaults. Kept with the commands because a report request carries them
 * (`HaStatusCommand.reportSettings`) and the configuration reads them; the analysis
 * (src/analysis/daily) uses them. No zod here: the request parser and the analysis load this module
 * in every CLI command, and only what validates settings needs the schema.
 */
import type { ReportSettings } from './report-settings-schema.js';

export type { ReportSettings } from './report-settings-schema.js';

/**
 * Thresholds of the report, per channel and cluster (a schedule's `report` settings, else the
 * defaults). Units are in the names.
 */
export interface ReportThresholds {
  /** A node cordoned longer than this is reported. @defaultValue 24 */
  cordonedHours: number;
  /** A node NotReady longer than this is reported. @defaultValue 30 */
  notReadyMinutes: number;
  /** A PDB at `disruptionsAllowed` 0 longer than this is reported. @defaultValue 24 */
  pdbBlockedHours: number;
  /** A pod still Terminating this long past its grace period is reported. @defaultValue 10 */
  terminatingMarginMinutes: number;
  /** A kured lock older than this (its holder node still there) is reported. @defaultValue 12 */
  kuredLockStaleHours: number;
  /** A certificate with fewer days left than this is a warning. @defaultValue 30 */
  certWarnDays: number;
  /** ... and with fewer days left than this, urgent (`block`). @defaultValue 7 */
  certCriticalDays: number;
  /** More leader Lease transitions than this since the last report are reported. @defaultValue 3 */
  leaseTransitions: number;
  /** More etcd leader changes (raft term increase) than this since the last report are reported. @defaultValue 3 */
  etcdLeaderChanges: number;
  /** etcd's database above this share of its quota is reported, in percent. @defaultValue 80 */
  etcdDbPercent: number;
}

/** The default thresholds (see {@link ReportThresholds} for each). */
export const DEFAULT_THRESHOLDS: Readonly<ReportThresholds> = {
  cordonedHours: 24,
  notReadyMinutes: 30,
  pdbBlockedHours: 24,
  terminatingMarginMinutes: 10,
  kuredLockStaleHours: 12,
  certWarnDays: 30,
  certCriticalDays: 7,
  leaseTransitions: 3,
  etcdLeaderChanges: 3,
  etcdDbPercent: 80,
};

/**
 * The thresholds in force: the defaults overridden by the settings.
 * @param settings - validated settings, or undefined
 * @returns full thresholds; `certCriticalDays` is never above `certWarnDays`
 */
export function thresholdsOf(settings: ReportSettings | undefined): ReportThresholds {
  const t: ReportThresholds = { ...DEFAULT_THRESHOLDS };
  for (const [k, v] of Object.entries(settings?.thresholds ?? {})) {
    if (typeof v === 'number') t[k as keyof ReportThresholds] = v;
  }
  t.certCriticalDays = Math.min(t.certCriticalDays, t.certWarnDays);
  return t;
}
