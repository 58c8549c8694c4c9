/**
 * Schedule commands: the parser (en/ko), the handler against real Redis (BullMQ job
 * schedulers), and the Slack slash command end to end through the real Bolt HTTPReceiver with a
 * fake Slack Web API (ack at once, result as an ephemeral follow-up).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { slackMessagesFor } from '../../adapters/slack/slack-messages.js';
import { createSlackApp } from '../../adapters/slack/slack-app.js';
import { loadSlackConfig } from '../../src/config/chat-settings.js';
import { SlackIntake } from '../../adapters/slack/slack-intake.js';
import type { SlackRequest } from '../../adapters/slack/slack-intake.js';
import { UserLocaleCache } from '../../adapters/slack/slack-locale.js';
import { SlackPoster } from '../../adapters/slack/slack-poster.js';
import { slackScheduleCommands } from '../../adapters/slack/slack-schedules.js';
import { SlackStore } from '../../adapters/slack/slack-store.js';
import { parseScheduleCommand, SCHEDULE_HELP_EXAMPLES } from '../../src/commands/parse-schedule-command.js';
import type { Reply } from '../../src/explain/reply.js';
import { diffHaPostState } from '../../src/schedule/ha-changes.js';
import type { HaPostState } from '../../src/schedule/ha-changes.js';
import { handleScheduleCommand } from '../../src/schedule/handle-schedule-command.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned, slashCommandBody, TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { testBotConfig } from '../helpers/test-bot-config.js';
import { Redis } from 'ioredis';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const FORM = 'application/x-www-form-urlencoded' as const;

describe('parseScheduleCommand', () => {
  it.each([
    ['/k8s schedule daily 09:00', { kind: 'schedule-create', time: '09:00', quiet: false }, 'en'],
    [
      'schedule daily 9:30 Asia/Seoul in prod',
      { kind: 'schedule-create', time: '9:30', timeZone: 'Asia/Seoul', cluster: 'prod', quiet: false },
      'en',
    ],
    [
      'schedule daily 09:00 in staging quiet',
      { kind: 'schedule-create', time: '09:00', cluster: 'staging', quiet: true },
      'en',
    ],
    [
      'schedule daily at 07:15 UTC',
      { kind: 'schedule-create', time: '07:15', timeZone: 'UTC', quiet: false },
      'en',
    ],
    [
      'schedule daily 25:00 Mars/Base',
      { kind: 'schedule-create', time: '25:00', timeZone: 'Mars/Base', quiet: false },
      'en',
    ],
    [
      'schedule daily 09:00 --cluster prod',
      { kind: 'schedule-create', time: '09:00', cluster: 'prod', quiet: false },
      'en',
    ],
    ['<@U123> schedules', { kind: 'schedule-list' }, 'en'],
    ['unschedule hap-0123456789', { kind: 'schedule-remove', id: 'hap-0123456789' }, 'en'],
    [
      '매일 09:00 Asia/Seoul prod 클러스터 상태 예약',
      { kind: 'schedule-create', time: '09:00', timeZone: 'Asia/Seoul', cluster: 'prod', quiet: false },
      'ko',
    ],
    ['매일 08:30 상태 예약해줘', { kind: 'schedule-create', time: '08:30', quiet: false }, 'ko'],
    ['매일 08:30 예약 조용히', { kind: 'schedule-create', time: '08:30', quiet: true }, 'ko'],
    ['예약 목록', { kind: 'schedule-list' }, 'ko'],
    ['예약 취소 hap-0123456789', { kind: 'schedule-remove', id: 'hap-0123456789' }, 'ko'],
  ])('%s', (text, command, locale) => {
    expect(parseScheduleCommand(text)).toEqual({ command, locale });
  });

  it('every help example parses to its kind', () => {
    for (const locale of ['en', 'ko'] as const) {
      for (const { example } of SCHEDULE_HELP_EXAMPLES[locale])
        expect(parseScheduleCommand(example)?.locale).toBe(locale);
    }
  });

  it('leaves other requests to the main parser', () => {
    expect(parseScheduleCommand('can I reboot atlas-cp-2')).toBeNull();
    expect(parseScheduleCommand('status')).toBeNull();
    expect(parseScheduleCommand('schedule')).toBeNull();
  });
});

describe('diffHaPostState', () => {
  const base: HaPostState = {
    health: 'healthy',
    problems: {},
    etcdLeader: 'cp-1',
    etcdVoters: 3,
    etcdDown: [],
    leases: { 'kube-scheduler': { holder: 'cp-1', transitions: 2 } },
  };

  it('lists member, leader and Lease changes first, then new and cleared findings (Korean particles resolved)', () => {
    const after: HaPostState = {
      ...base,
      health: 'degraded',
      problems: { 'etcd-quorum-after.status-no-spare.': 'no spare' },
      etcdLeader: 'cp-3',
      etcdDown: ['cp-2'],
      leases: { 'kube-scheduler': { holder: 'cp-3', transitions: 3 } },
    };
    expect(diffHaPostState(base, after, 'en').map((c) => c.kind)).toEqual([
      'etcd-member-down',
      'etcd-leader',
      'lease-moved',
      'finding-new',
    ]);
    expect(diffHaPostState(base, after, 'ko')[0]?.line).toBe('etcd 멤버 cp-2가 다운되었습니다.');
    expect(diffHaPostState(after, base, 'en').map((c) => c.line)).toEqual([
      'etcd member cp-2 is back.',
      'etcd leader moved: cp-3 → cp-1.',
      'Leader Lease kube-scheduler moved: cp-3 → cp-1 (2 transitions in all).',
      'Cleared: no spare',
    ]);
    expect(diffHaPostState(base, base, 'en')).toEqual([]);
  });
});

describe('schedule commands against Redis and through Slack', () => {
  let redis: TestRedis;
  let fake: FakeSlackApi;
  let service: ScheduleService;
  let storeRedis: Redis;
  let app: ReturnType<typeof createSlackApp>['app'];
  let url: string;
  const ctx = {
    platform: 'slack' as const,
    conversation: 'C0OPS',
    userId: 'U0ALICE',
    locale: 'en' as const,
    requestId: 'r1',
    clusters: ['prod', 'staging'],
    defaultCluster: 'prod',
  };

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    service = new ScheduleService({
      redisUrl: redis.url,
      defaultTimeZone: 'Asia/Seoul',
      logger: silentLogger,
    });
    storeRedis = new Redis(redis.url);
    const config = testBotConfig(redis.url, { snapshot: SCENARIO, clusters: ['prod', 'staging'] });
    const slack = loadSlackConfig({
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_BOT_TOKEN: 'xoxb-test-token',
      SLACK_API_URL: fake.apiUrl,
    });
    const store = new SlackStore(storeRedis, 'k8s-ha-bot:slack:schedcmd:');
    const intake = new SlackIntake({
      config,
      queue: {
        enqueue: () => Promise.reject(new Error('schedule commands never enqueue')),
      },
      store,
      queueReady: () => storeRedis.status === 'ready',
      userLocales: new UserLocaleCache({ logger: silentLogger, fetch: () => Promise.resolve('en-US') }),
      replyVisibility: 'channel',
      replyDeadlineMs: 60_000,
      dedupTtlSeconds: 900,
      logger: silentLogger,
      schedules: slackScheduleCommands(service, config),
    });
    const holder: { poster?: SlackPoster } = {};
    const created = createSlackApp({
      config: slack,
      intake,
      render: slackMessagesFor,
      logger: silentLogger,
      admission: () => ({ allow: { teams: ['T0TEST'], enterprises: [] }, namedTeams: new Set() }),
      postAdapterReply: async (reply: Reply, request: SlackRequest) => {
        await holder.poster?.deliver(
          reply,
          { channel: request.channel, user: request.userId, visibility: 'ephemeral' },
          `${request.requestId}.follow`,
        );
      },
    });
    app = created.app;
    holder.poster = new SlackPoster({
      client: app.client,
      store,
      render: slackMessagesFor,
      logger: silentLogger,
    });
    await app.init();
    const server = (await app.start(0)) as unknown as { address(): { port: number } };
    url = `http://127.0.0.1:${server.address().port}/slack/events`;
  });

  afterAll(async () => {
    await app?.stop();
    await service.close();
    storeRedis.disconnect();
    await fake.close();
    await redis.stop();
  });

  it('creates one schedule per channel and cluster, lists and removes it; bad input creates nothing', async () => {
    const bad = await handleScheduleCommand(
      { kind: 'schedule-create', time: '09:00', timeZone: 'Mars/Base', quiet: false },
      ctx,
      service,
    );
    expect(bad.summary).toBe(
      'Unknown time zone: Mars/Base. Use an IANA name such as Asia/Seoul, Europe/Berlin or UTC. Nothing was scheduled.',
    );
    const badTime = await handleScheduleCommand(
      { kind: 'schedule-create', time: '9am', quiet: false },
      ctx,
      service,
    );
    expect(badTime.summary).toMatch(/^Not a time of day: 9am/);
    const badCluster = await handleScheduleCommand(
      { kind: 'schedule-create', time: '09:00', cluster: 'prdo', quiet: false },
      ctx,
      service,
    );
    expect(badCluster.kind).toBe('error');
    expect(await service.list()).toHaveLength(0);

    const first = await handleScheduleCommand(
      { kind: 'schedule-create', time: '9:00', quiet: false },
      ctx,
      service,
    );
    expect(first.summary).toMatch(
      /^Scheduled hap-[0-9a-f]{10}: the HA status of prod every day at 09:00 \(Asia\/Seoul\) in this channel\.$/,
    );
    const second = await handleScheduleCommand(
      { kind: 'schedule-create', time: '10:30', timeZone: 'Europe/Berlin', quiet: false },
      ctx,
      service,
    );
    expect(second.summary).toMatch(/^Updated hap-.*10:30 \(Europe\/Berlin\).*still one schedule/);
    const specs = await service.list('slack', 'C0OPS');
    expect(specs).toHaveLength(1);
    expect(specs[0]).toMatchObject({ time: '10:30', timeZone: 'Europe/Berlin', cluster: 'prod' });
    const list = await handleScheduleCommand({ kind: 'schedule-list' }, { ...ctx, locale: 'ko' }, service);
    expect(list.sections[0]?.lines).toEqual([`${specs[0]?.id ?? ''}: prod, 매일 10:30 (Europe/Berlin)`]);
    const elsewhere = await handleScheduleCommand(
      { kind: 'schedule-remove', id: specs[0]?.id ?? '' },
      { ...ctx, conversation: 'C0OTHER' },
      service,
    );
    expect(elsewhere.summary).toMatch(/^No schedule hap-/);
    const removed = await handleScheduleCommand(
      { kind: 'schedule-remove', id: specs[0]?.id ?? '' },
      ctx,
      service,
    );
    expect(removed.summary).toMatch(/^Removed hap-/);
    expect(await service.list()).toHaveLength(0);
  });

  it('Slack /k8s schedule: an invalid time zone is refused in the ack; a valid one is acked, then confirmed ephemerally', async () => {
    const refused = await sendSigned(
      url,
      slashCommandBody({ text: 'schedule daily 09:00 Mars/Base', channel_id: 'C0SL' }),
      { contentType: FORM },
    );
    expect(refused.status).toBe(200);
    expect(refused.text).toContain('Unknown time zone: Mars/Base');
    expect(await service.list()).toHaveLength(0);

    const ack = await sendSigned(
      url,
      slashCommandBody({ text: 'schedule daily 09:00 Asia/Seoul in staging', channel_id: 'C0SL' }),
      { contentType: FORM },
    );
    expect(ack.status).toBe(200);
    expect(ack.text).toContain('Updating the scheduled HA posts of this channel');
    await fake.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postEphemeral' && c.params.channel === 'C0SL'),
    );
    const confirmation = fake.callsOf('chat.postEphemeral').find((c) => c.params.channel === 'C0SL');
    expect(String(confirmation?.params.text)).toMatch(
      /Scheduled hap-[0-9a-f]{10}: the HA status of staging every day at 09:00 \(Asia\/Seoul\)/,
    );
    const specs = await service.list('slack', 'C0SL');
    expect(specs).toMatchObject([
      { cluster: 'staging', time: '09:00', timeZone: 'Asia/Seoul', createdBy: 'U0ALICE' },
    ]);

    const gone = await sendSigned(
      url,
      slashCommandBody({ text: `unschedule ${specs[0]?.id ?? ''}`, channel_id: 'C0SL' }),
      { contentType: FORM },
    );
    expect(gone.status).toBe(200);
    await fake.waitFor(
      (calls) =>
        calls.filter((c) => c.method === 'chat.postEphemeral' && c.params.channel === 'C0SL').length >= 2,
    );
    expect(await service.list()).toHaveLength(0);
  });
});
