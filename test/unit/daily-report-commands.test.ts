/**
 * Asking for the daily report (`health report`, `일일 점검`), scheduling it from chat with
 * quiet hours, and per-cluster thresholds in the configuration (zod-validated, exact paths).
 */
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { parseCommand } from '../../src/commands/parse-command.js';
import { parseScheduleCommand } from '../../src/commands/parse-schedule-command.js';
import { loadConfig } from '../../src/config/load-config.js';
import { handleScheduleCommand } from '../../src/schedule/handle-schedule-command.js';
import type { ScheduleRequest } from '../../src/schedule/schedule-service.js';
import type { ScheduleSpec } from '../../src/schedule/schedule-spec.js';

describe('asking for the report', () => {
  it.each([
    ['health report', 'en', undefined],
    ['/k8s daily health report', 'en', undefined],
    ['ha report for prod', 'en', 'prod'],
    ['일일 점검', 'ko', undefined],
    ['일일 점검 해줘', 'ko', undefined],
  ])('%s is the report on demand', (text, locale, cluster) => {
    const parsed = parseCommand(text);
    expect(parsed).toMatchObject({
      ok: true,
      locale,
      command: { kind: 'ha-status', report: true, ...(cluster ? { cluster } : {}) },
    });
  });

  it('status and health check stay the HA status', () => {
    for (const text of ['status', 'health check', 'ha status']) {
      const parsed = parseCommand(text);
      expect(parsed.ok && parsed.command.kind === 'ha-status' && parsed.command.report).toBeFalsy();
    }
  });
});

describe('scheduling the report from chat', () => {
  it.each([
    [
      'schedule daily report 09:00 Asia/Seoul in prod',
      { time: '09:00', timeZone: 'Asia/Seoul', cluster: 'prod', report: true },
    ],
    [
      'schedule daily report 09:00 quiet hours 22:00-7:00',
      { time: '09:00', report: true, quietHours: { from: '22:00', to: '7:00' } },
    ],
    ['매일 09:00 prod 클러스터 점검 예약', { time: '09:00', cluster: 'prod', report: true }],
    [
      '매일 09:00 Asia/Seoul 점검 예약 조용한 시간 22:00-07:00',
      { time: '09:00', timeZone: 'Asia/Seoul', report: true, quietHours: { from: '22:00', to: '07:00' } },
    ],
  ])('%s', (text, expected) => {
    expect(parseScheduleCommand(text)?.command).toMatchObject({ kind: 'schedule-create', ...expected });
  });

  it('the status schedule is unchanged', () => {
    expect(parseScheduleCommand('schedule daily 09:00 in prod')?.command).toEqual({
      kind: 'schedule-create',
      time: '09:00',
      cluster: 'prod',
      quiet: false,
    });
  });

  const service = () => {
    const created: ScheduleRequest[] = [];
    return {
      created,
      validate: () => ({ ok: true as const, time: '09:00', timeZone: 'UTC' }),
      create: (r: ScheduleRequest) => {
        created.push(r);
        return Promise.resolve({
          spec: { ...r, id: 'hap-0123456789', timeZone: 'UTC', quiet: false, createdAt: '' } as ScheduleSpec,
          replaced: false,
        });
      },
      list: () => Promise.resolve([]),
      remove: () => Promise.resolve(null),
    };
  };
  const ctx = {
    platform: 'slack' as const,
    conversation: 'C1',
    userId: 'U1',
    locale: 'en' as const,
    requestId: 'r',
    clusters: ['prod'],
    reportDefaults: { prod: { thresholds: { cordonedHours: 6 } } },
  };

  it('creates a report schedule with the cluster thresholds and normalised quiet hours', async () => {
    const s = service();
    const reply = await handleScheduleCommand(
      {
        kind: 'schedule-create',
        time: '09:00',
        quiet: false,
        report: true,
        quietHours: { from: '22:00', to: '7:00' },
      },
      ctx,
      s,
    );
    expect(s.created[0]?.report).toEqual({
      thresholds: { cordonedHours: 6 },
      quietHours: { from: '22:00', to: '07:00' },
    });
    expect(reply.summary).toBe(
      'Scheduled hap-0123456789: the daily HA report of prod every day at 09:00 (UTC) in this channel.',
    );
  });

  it('refuses bad quiet hours by name and creates nothing', async () => {
    const s = service();
    const reply = await handleScheduleCommand(
      {
        kind: 'schedule-create',
        time: '09:00',
        quiet: false,
        report: true,
        quietHours: { from: '25:00', to: '07:00' },
      },
      { ...ctx, locale: 'ko' },
      s,
    );
    expect(reply.summary).toMatch(/^조용한 시간이 아닙니다: 25:00-07:00/);
    expect(s.created).toEqual([]);
  });
});

describe('report thresholds in the configuration', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-report-config-'));
    await copyFile(
      join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json'),
      join(dir, 'lab.json'),
    );
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const load = async (yaml: string) => {
    const path = join(dir, `c${Math.random().toString(36).slice(2)}.yaml`);
    await writeFile(path, yaml);
    return loadConfig({ path, env: {} });
  };

  it('reads clusters.NAME.report', async () => {
    const config = await load(
      'clusters:\n  lab:\n    snapshot: lab.json\n    report:\n      thresholds: { cordonedHours: 6, certWarnDays: 60 }\n      quietHours: { from: "22:00", to: "07:00" }\n',
    );
    expect(config.clusters.lab?.report).toEqual({
      thresholds: { cordonedHours: 6, certWarnDays: 60 },
      quietHours: { from: '22:00', to: '07:00' },
    });
  });

  it('refuses a misspelt or bad threshold with its exact path', async () => {
    await expect(
      load('clusters:\n  lab:\n    snapshot: lab.json\n    report:\n      thresholds: { cordonHours: 6 }\n'),
    ).rejects.toThrow(/clusters\.lab\.report\.thresholds/);
    await expect(
      load(
        'clusters:\n  lab:\n    snapshot: lab.json\n    report:\n      thresholds: { certWarnDays: -1 }\n',
      ),
    ).rejects.toThrow(/clusters\.lab\.report\.thresholds\.certWarnDays/);
  });
});
