/**
 * Issue 31, "What was measured", Text: nothing an answer says is said twice, and a refusal's title
 * says what was refused. Each case renders a real answer the way its surface does (Slack's
 * notification `text`, the Teams activity `summary`, the console's plain text):
 * - the HA status's Slack text read "HEALTHY: HEALTHY: the control plane…";
 * - a schedule confirmation's read "Scheduled hap-…: Scheduled hap-…", an invalid time's
 *   "Not a time of day: 25:00. …: Not a time of day: 25:00…" (title and summary were one sentence);
 * - the console's `schedules` printed its heading twice (the chat's `schedules` three times);
 * - a refused decision was titled with the bare request id.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { renderTeamsCards } from '../../adapters/teams/render-card.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { answerMaintenanceCommand } from '../../src/answer/answer-maintenance.js';
import type { MaintenanceAnswerService } from '../../src/answer/answer-maintenance.js';
import { parseScheduleCommand } from '../../src/commands/parse-schedule-command.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { handleScheduleCommand } from '../../src/schedule/handle-schedule-command.js';
import type { ScheduleService } from '../../src/schedule/schedule-service.js';
import { canonicalTimeZone, parseTimeOfDay } from '../../src/schedule/schedule-spec.js';
import type { ScheduleSpec } from '../../src/schedule/schedule-spec.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

// The demo cluster; the Redis URL is never dialled (answers run in-process, the schedule list is given).
const config: BotConfig = testBotConfig('redis://127.0.0.1:1', {
  snapshot: join(process.cwd(), 'examples/ha-3cp.json'),
  clusters: ['demo'],
});

function job(text: string, locale: 'en' | 'ko' = 'en'): AnswerJob {
  return {
    requestId: 'r-said-once',
    text,
    cluster: 'demo',
    locale,
    user: { platform: 'slack', id: 'U0TEST' },
    replyTo: { platform: 'slack', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

/** How many times `needle` occurs in `text`. */
function count(text: string, needle: string): number {
  return text.split(needle).length - 1;
}

/** The notification texts of a reply: Slack's `text` and the Teams activity's `summary`. */
function notifications(reply: Reply): string[] {
  return [renderSlackMessages(reply)[0]?.text ?? '', renderTeamsCards(reply)[0]?.summary ?? ''];
}

const SPEC: ScheduleSpec = {
  id: 'hap-0123456789',
  platform: 'slack',
  conversation: 'C0OPS',
  cluster: 'demo',
  time: '09:00',
  timeZone: 'Asia/Seoul',
  locale: 'en',
  quiet: false,
  createdAt: '2026-12-07T09:00:00.000Z',
};

/** A schedule service holding one schedule: the handler's port, without Redis. */
const schedules: Pick<ScheduleService, 'validate' | 'create' | 'list' | 'remove'> = {
  validate: ({ time, timeZone }) => {
    const parsed = parseTimeOfDay(time);
    const zone = canonicalTimeZone(timeZone ?? 'UTC');
    if (!parsed) return { ok: false, problem: 'invalid-time' };
    return zone
      ? { ok: true, time: parsed.text, timeZone: zone }
      : { ok: false, problem: 'invalid-time-zone' };
  },
  create: (request) =>
    Promise.resolve({
      spec: { ...SPEC, time: request.time, quiet: request.quiet ?? false },
      replaced: false,
    }),
  list: () => Promise.resolve([SPEC]),
  remove: () => Promise.resolve(SPEC),
};

async function schedule(text: string, locale: 'en' | 'ko' = 'en'): Promise<Reply> {
  const parsed = parseScheduleCommand(text);
  if (parsed === null) throw new Error(`not a schedule command: ${text}`);
  return handleScheduleCommand(
    parsed.command,
    {
      platform: 'slack',
      conversation: 'C0OPS',
      userId: 'U0TEST',
      locale,
      requestId: 'r-said-once',
      clusters: ['demo'],
      defaultCluster: 'demo',
    },
    schedules,
  );
}

describe('notification texts say each thing once', () => {
  const service = createAnswerService({ config });
  afterAll(() => service.close());

  it.each(['en', 'ko'] as const)(
    'the HA status (%s) names its health word once ("HEALTHY: the control plane…", not "HEALTHY: HEALTHY: …")',
    async (locale) => {
      const reply = await service.answer(job(locale === 'ko' ? '상태' : 'status', locale));
      expect(reply.kind).toBe('ha-status');
      const health = locale === 'ko' ? '정상' : 'HEALTHY';
      for (const text of notifications(reply)) {
        expect(text.startsWith(`${health}: `)).toBe(true);
        expect(text).not.toContain(`${health}: ${health}`);
      }
    },
  );

  it('a reboot answer keeps its verdict in front of the summary', async () => {
    const reply = await service.answer(job('can I reboot atlas-wk-1'));
    for (const text of notifications(reply)) expect(text).toMatch(/^(SAFE|CAUTION|UNSAFE): \S/);
  });

  it.each([
    ['schedule daily 09:00 Asia/Seoul', 'Scheduled hap-0123456789'],
    ['schedule daily report 09:00', 'Scheduled hap-0123456789'],
    ['schedule daily 25:00', 'Not a time of day: 25:00'],
    ['schedule daily report 09:00 quiet hours 25:00-07:00', 'Not quiet hours: 25:00-07:00'],
    ['unschedule hap-0123456789', 'Removed hap-0123456789'],
  ])('%s: "%s" once in Slack, Teams and the console', async (text, said) => {
    const reply = await schedule(text);
    expect(reply.title).not.toBe(reply.summary);
    for (const shown of [...notifications(reply), renderText(reply)]) expect(count(shown, said)).toBe(1);
  });

  it.each(['en', 'ko'] as const)('the list of schedules (%s) has its heading once', async (locale) => {
    const reply = await schedule(locale === 'ko' ? '예약 목록' : 'schedules', locale);
    const heading = reply.title;
    expect(count(renderText(reply), heading)).toBe(1);
    expect(renderText(reply)).toContain('hap-0123456789');
    for (const text of notifications(reply)) expect(count(text, heading)).toBe(1);
  });
});

describe("the console's `schedules`", () => {
  it('prints its heading once, then how many and each schedule', async () => {
    const outcome = await handleConsoleRequest(
      { text: 'schedules' },
      config,
      () => Promise.reject(new Error('schedules never runs a job')),
      () => Promise.resolve([SPEC, { ...SPEC, id: 'hap-9876543210', platform: 'teams' }]),
    );
    expect(outcome.exitCode).toBe(0);
    const text = renderText(outcome.reply);
    expect(count(text, 'Scheduled HA posts of every chat')).toBe(1);
    expect(text).toContain('2 schedules');
    expect(text).toContain('hap-9876543210');
  });
});

describe('a refused maintenance command is titled with what was refused', () => {
  const ID = 'mr-abcdefghij';
  const refusing: MaintenanceAnswerService = {
    createRequest: () => Promise.reject(new Error('not used')),
    cardReply: () => {
      throw new Error('not used');
    },
    decide: () => Promise.resolve({ ok: false, refusal: 'not-found' }),
    get: () => Promise.resolve(null),
    recentAudit: () => Promise.resolve({ ok: false, refusal: 'not-admin' }),
  };

  it.each([
    [{ kind: 'maintenance-decision', action: 'approve', requestId: ID } as const, `Could not approve ${ID}`],
    [{ kind: 'maintenance-decision', action: 'cancel', requestId: ID } as const, `Could not cancel ${ID}`],
    [{ kind: 'maintenance-status', requestId: ID } as const, `Could not show ${ID}`],
    [{ kind: 'audit' } as const, 'Could not show the maintenance audit'],
  ])('%j: "%s", the reason below', async (command, title) => {
    const reply = await answerMaintenanceCommand(command, job('x'), refusing, 'en');
    expect(reply.kind).toBe('error');
    expect(reply.title).toBe(title);
    expect(reply.title).not.toBe(ID);
    expect(reply.summary).not.toBe('');
  });

  it('in Korean too', async () => {
    const reply = await answerMaintenanceCommand(
      { kind: 'maintenance-decision', action: 'approve', requestId: ID },
      job('x', 'ko'),
      refusing,
      'ko',
    );
    expect(reply.title).toBe(`${ID} 승인 불가`);
  });
});
