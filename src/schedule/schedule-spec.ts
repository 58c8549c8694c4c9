/**
 * What a daily HA post schedule is and how it is named: time-of-day and IANA time zone
 * validation, the cron pattern handed to BullMQ, and the stable id of one schedule per
 * (platform, conversation, cluster).
 */
import { createHash } from 'node:crypto';
import type { ReportSettings } from '../analysis/daily/report-items.js';
import type { ChatPlatform } from '../commands/types.js';
import { BotError } from '../errors.js';

/** Chat platforms that receive scheduled posts: every chat platform (`CHAT_PLATFORMS`). */
export type SchedulePlatform = ChatPlatform;

/** One schedule as stored in the BullMQ job scheduler's job template. */
export interface ScheduleSpec {
  /** Stable id `hap-<10 hex>` derived from (platform, conversation, cluster); see {@link scheduleIdFor}. */
  id: string;
  platform: SchedulePlatform;
  /** Slack channel id, or the Teams conversation id (its reference is looked up by the Teams adapter). */
  conversation: string;
  cluster: string;
  /** `HH:MM`, 24-hour clock, in `timeZone`. */
  time: string;
  /** IANA time zone name, e.g. `Asia/Seoul`. */
  timeZone: string;
  locale: 'en' | 'ko';
  /** When true and nothing changed since the last post, post a single line. */
  quiet: boolean;
  /**
   * The daily HA report instead of the HA status: its thresholds and quiet hours for
   * this channel and cluster (validated with `reportSettingsSchema`; `{}` for the defaults).
   */
  report?: ReportSettings;
  /** Who asked (platform user id), for the listing. */
  createdBy?: string;
  /** ISO time the schedule was created or last replaced. */
  createdAt: string;
  /**
   * Test-only: a cron pattern (6 fields, with seconds) that replaces the daily pattern, e.g.
   * `*\/3 * * * * *`. Never set by chat commands.
   */
  cronOverride?: string;
}

const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/;

/**
 * Parse a 24-hour time of day.
 * @param text - `9:00`, `09:00`, `23:59`
 * @returns `{ hour, minute, text: 'HH:MM' }`, or null when it is not a valid time
 */
export function parseTimeOfDay(text: string): { hour: number; minute: number; text: string } | null {
  const m = TIME.exec(text.trim());
  if (!m?.[1] || !m[2]) return null;
  const hour = Number(m[1]);
  const minute = Number(m[2]);
  return { hour, minute, text: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}` };
}

/** Whether `name` is an IANA time zone (moved to ../util/time-zone.ts, below src/maintenance, which uses it too). */
export { canonicalTimeZone } from '../util/time-zone.js';

/**
 * The daily cron pattern for a time (BullMQ's cron-parser, 6 fields with seconds).
 * @param time - `HH:MM`
 * @returns e.g. `0 0 9 * * *`
 * @throws BotError `bad-request` when the time is not valid
 */
export function dailyCron(time: string): string {
  const t = parseTimeOfDay(time);
  if (!t) throw new BotError('bad-request', `not a time of day: ${time}`, { retryable: false });
  return `0 ${t.minute} ${t.hour} * * *`;
}

/**
 * The schedule id: one per (platform, conversation, cluster), so scheduling the same thing twice
 * replaces the first (BullMQ `upsertJobScheduler` with the same id).
 * @returns `hap-` and 10 hex digits of a SHA-256
 */
export function scheduleIdFor(platform: SchedulePlatform, conversation: string, cluster: string): string {
  return `hap-${createHash('sha256').update(`${platform}\u0000${conversation}\u0000${cluster}`).digest('hex').slice(0, 10)}`;
}
