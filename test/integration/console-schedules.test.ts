/**
 * Schedule commands at the console (the same commands on every surface). The console
 * cannot be posted to later: `schedule …` and `unschedule` change nothing and say where to do it
 * (exit 2); `schedules` lists every chat's schedules with where each posts, from the configured
 * Redis (real redis-server), or says Redis is needed (exit 2). `help` lists the schedule forms.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { main } from '../../adapters/k8s-ha-bot.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';

const demo: BotConfig = {
  source: 'test',
  clusters: {
    demo: {
      kind: 'snapshot',
      snapshot: join(process.cwd(), 'examples/ha-3cp.json'),
      requestTimeoutMs: 5000,
      deadlineMs: 20000,
    },
  },
  defaultCluster: 'demo',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};

async function cli(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await main(['node', 'k8s-ha-bot', ...args], {
    out: (t) => void (out += t),
    err: (t) => void (out += t),
    env: { LOG_LEVEL: 'silent', ...env },
  });
  return { code, out };
}

describe('schedule commands at the console', () => {
  let redis: TestRedis;
  let service: ScheduleService;

  beforeAll(async () => {
    redis = await useSharedRedis();
    service = new ScheduleService({ redisUrl: redis.url });
    await service.create({
      platform: 'teams',
      conversation: '19:ops@thread.tacv2',
      cluster: 'demo',
      time: '09:00',
      timeZone: 'Asia/Seoul',
      locale: 'en',
    });
    await service.create({
      platform: 'slack',
      conversation: 'C0OPS',
      cluster: 'demo',
      time: '07:30',
      locale: 'en',
      quiet: true,
    });
  });

  afterAll(async () => {
    await service?.close();
    await redis?.stop();
  });

  it("`schedules` lists every chat's schedules and where each posts (k8s-ha-bot schedules, REDIS_URL set)", async () => {
    const { code, out } = await cli(['schedules'], { REDIS_URL: redis.url });
    expect(code).toBe(0);
    const [teams, slack] = await Promise.all([service.list('teams'), service.list('slack')]);
    expect(out).toContain(
      `${teams[0]?.id ?? '?'}: demo every day at 09:00 (Asia/Seoul), to Teams 19:ops@thread.tacv2`,
    );
    expect(out).toContain(`${slack[0]?.id ?? '?'}: demo every day at 07:30 (UTC), quiet, to Slack C0OPS`);
    const ko = await cli(['예약 목록'], { REDIS_URL: redis.url });
    expect(ko.code).toBe(0);
    expect(ko.out).toContain('Teams 19:ops@thread.tacv2에 게시');
  });

  it.each([
    ['schedule daily 09:00 Asia/Seoul', 'The console cannot be posted to later'],
    ['매일 09:00 상태 예약', '콘솔에는 나중에 게시할 수 없으므로'],
    ['unschedule hap-0123456789', 'Schedules are removed where they post'],
  ])('%s: exit 2, says where to do it, changes nothing', async (text, said) => {
    const before = await service.list();
    const run = jest.fn<(job: AnswerJob) => Promise<Reply>>();
    const outcome = await handleConsoleRequest({ text }, { ...demo, redis: { url: redis.url } }, run, () =>
      service.list(),
    );
    expect(outcome.exitCode).toBe(2);
    expect(run).not.toHaveBeenCalled();
    expect(renderText(outcome.reply)).toContain(said);
    expect(await service.list()).toEqual(before);
  });

  it('without Redis, `schedules` says where schedules live (exit 2)', async () => {
    const outcome = await handleConsoleRequest(
      { text: 'schedules' },
      demo,
      jest.fn<(job: AnswerJob) => Promise<Reply>>(),
    );
    expect(outcome.exitCode).toBe(2);
    expect(renderText(outcome.reply)).toContain('Schedules live in Redis');
  });

  it('help lists the schedule forms with the configured cluster in the example', async () => {
    const { code, out } = await cli(['ask', 'help']);
    expect(code).toBe(0);
    expect(out).toContain('schedule daily HH:MM [TIME_ZONE] [in CLUSTER] [quiet]');
    expect(out).toMatch(/schedule daily 09:00 Asia\/Seoul in \S+/);
    expect(out).not.toContain('in prod');
    expect(out).toContain('unschedule ID');
    // Korean too: the schedule form, and no cluster the asker does not have (the clusters line said "prod 클러스터에서").
    const ko = await cli(['ask', '도움말']);
    expect(ko.out).toContain('매일 HH:MM [시간대] [CLUSTER 클러스터] 상태 예약 [조용히]');
    expect(ko.out).not.toMatch(/\bprod\b/);
  });
});

describe('small things: CLI help, a group the cluster does not have, help on a single control plane', () => {
  it('`k8s-ha-bot help` prints the command usage and where the request help is', async () => {
    for (const args of [['help'], ['--help']]) {
      const { code, out } = await cli(args);
      expect(code).toBe(0);
      expect(out).toContain('Usage: k8s-ha-bot');
      expect(out).toContain('k8s-ha-bot ask help lists every request form');
    }
  });

  it.each(['can I reboot all nodes in zone mars', 'can I reboot -l node-pool=nope'])(
    '%s: bad input, exit 2 with the clear message',
    async (text) => {
      const { code, out } = await cli(['ask', text]);
      expect(out).toMatch(/No node of cluster \S+ is in|node-pool=nope/);
      expect(code).toBe(2);
    },
  );

  it('help on a single control-plane cluster never names one node twice in an example', async () => {
    const { code, out } = await cli([
      'ask',
      '--snapshot',
      join(process.cwd(), 'test/fixtures/scenarios/05-single-control-plane.json'),
      'help',
    ]);
    expect(code).toBe(0);
    const lose = /—\s+what if I lose (\S+) and (\S+)/.exec(out);
    expect(lose).not.toBeNull();
    expect(lose?.[1]).not.toBe(lose?.[2]);
  });
});
