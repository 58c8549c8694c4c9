/**
 * The zod schema of the daily report's settings ({@link ReportSettings}: partial thresholds and quiet
 * hours), as a schedule or the configuration writes them. Apart from ./report-settings.ts (defaults,
 * `thresholdsOf`) so that modules which only read settings do not load zod.
 */
import * as z from 'zod';

const positive = z.number().finite().positive();

/** `HH:MM`, 24-hour clock. */
const TIME_OF_DAY = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'expected HH:MM (24-hour clock)' });

/**
 * Report settings of one channel and cluster, as written (schedule spec or `clusters.<name>.report`
 * in the configuration): partial thresholds and quiet hours. Unknown keys are refused, so a typo
 * does not silently keep a default.
 */
export const reportSettingsSchema = z
  .object({
    thresholds: z
      .object({
        cordonedHours: positive,
        notReadyMinutes: positive,
        pdbBlockedHours: positive,
        terminatingMarginMinutes: z.number().finite().nonnegative(),
        kuredLockStaleHours: positive,
        certWarnDays: positive,
        certCriticalDays: positive,
        leaseTransitions: z.number().int().nonnegative(),
        etcdLeaderChanges: z.number().int().nonnegative(),
        etcdDbPercent: z.number().finite().min(1).max(100),
      })
      .partial()
      .strict()
      .optional(),
    /**
     * Quiet hours in the schedule's time zone (`from` inclusive, `to` exclusive; may wrap past
     * midnight; `from` equal to `to` is the whole day): a report falling inside them is posted
     * only when something is urgent.
     */
    quietHours: z.object({ from: TIME_OF_DAY, to: TIME_OF_DAY }).strict().optional(),
  })
  .strict();

/** Report settings as validated by {@link reportSettingsSchema} (thresholds as in `ReportThresholds`, ./report-settings.ts). */
export type ReportSettings = z.infer<typeof reportSettingsSchema>;
