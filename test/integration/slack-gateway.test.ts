/**
 * The Slack gateway end to end: signed requests into the real Bolt HTTPReceiver → real Redis →
 * an in-process worker with the real answer step over a scenario snapshot → Block Kit posted to a
 * local fake Slack Web API.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { silentLogger } from '../../src/util/logger.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import {
  eventBody,
  sendSigned,
  slashCommandBody,
  TEST_SIGNING_SECRET,
  triggerId,
} from '../helpers/fake-slack-requests.js';
import { redisPing, startRedis } from '../helpers/redis-server.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { queuesIdle } from '../helpers/queue-idle.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const FORM = 'application/x-www-form-urlencoded' as const;
const JSON_TYPE = 'application/json' as const;

/** The test configuration with this file's clusters (`idle`: no worker serves it). */
const botConfig = (redisUrl: string): BotConfig =>
  testBotConfig(redisUrl, { snapshot: SCENARIO, clusters: ['prod', 'idle'] });

function slackEnv(fake: FakeSlackApi, extra: Record<string, string> = {}): Record<string, string> {
  return {
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    SLACK_BOT_TOKEN: 'xoxb-test-token',
    SLACK_API_URL: fake.apiUrl,
    ...extra,
  };
}

const posts = (fake: FakeSlackApi, channel: string): FakeSlackCall[] =>
  fake.callsOf('chat.postMessage').filter((c) => c.params.channel === channel);

const blocksText = (call: FakeSlackCall | undefined): string => JSON.stringify(call?.params.blocks ?? []);

describe('Slack gateway with a worker on a healthy 3-node control plane', () => {
  let redis: TestRedis;
  // The gateway's log (info): 'duplicate Slack delivery ignored' is the signal a retry was seen and dropped.
  const gatewayLog = recordingLogger({ level: 'info' });
  const duplicatesIgnored = (): number => gatewayLog.withMsg('duplicate Slack delivery ignored').length;
  /** No answer job or reply left: a second job or post would be one of them. */
  const settled = (): Promise<boolean> =>
    queuesIdle(redis.url, 'bull', ['k8s-ha-bot-cluster-prod', 'k8s-ha-bot-replies-slack']);
  let fake: FakeSlackApi;
  let gateway: RunningGateway;
  let worker: RunningWorker;
  const service = createAnswerService({ config: botConfig('redis://unused:1') });
  let url: string;
  let jobs: Queue;
  let jobsConnection: Redis;

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    const config = botConfig(redis.url);
    worker = await startWorker({
      redisUrl: redis.url,
      clusters: ['prod'],
      handler: service.handler,
      logger: silentLogger,
    });
    gateway = await startGateway({ env: slackEnv(fake), config, logger: gatewayLog.logger, port: 0 });
    url = `http://127.0.0.1:${gateway.port}/slack/events`;
    jobsConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    jobs = new Queue('k8s-ha-bot-cluster-prod', { connection: jobsConnection });
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await jobs?.close();
    jobsConnection?.disconnect();
    await service.close();
    await fake?.close();
    await redis?.stop();
  });

  const jobCount = async (): Promise<number> => {
    const counts = await jobs.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };

  it('acks /k8s at once with "Checking …", then posts the Block Kit answer with the verdict in the channel', async () => {
    // The ack is the HTTP answer itself, before the worker's answer (its latency: the bench).
    const ack = await sendSigned(
      url,
      slashCommandBody({ text: 'can I reboot atlas-cp-2', channel_id: 'C0CMD' }),
      { contentType: FORM },
    );
    expect(ack.status).toBe(200);
    const body = JSON.parse(ack.text) as { response_type: string; text: string };
    expect(body.response_type).toBe('ephemeral');
    expect(body.text).toBe('Checking atlas-cp-2 in prod…');
    await fake.waitFor(() => posts(fake, 'C0CMD').length >= 1);
    const [post] = posts(fake, 'C0CMD');
    expect(post?.params.thread_ts).toBeUndefined();
    expect(String(post?.params.text)).toMatch(/safe/i);
    expect(blocksText(post)).toContain('atlas-cp-2');
    expect(blocksText(post)).toMatch(/safe/i);
  });

  it('the Refresh button re-runs the check and answers in the message thread; a forged value runs nothing', async () => {
    const payload = (value: string, actionId = 'k8s-ha-bot:refresh'): string =>
      `payload=${encodeURIComponent(
        JSON.stringify({
          type: 'block_actions',
          trigger_id: triggerId(),
          user: { id: 'U0BTN', team_id: 'T0TEST' },
          team: { id: 'T0TEST' },
          channel: { id: 'C0BTN' },
          container: { type: 'message', message_ts: '1712000000.000900', channel_id: 'C0BTN' },
          message: { ts: '1712000000.000900', text: 'answer' },
          actions: [{ type: 'button', action_id: actionId, block_id: 'b', value, action_ts: '1712000001.0' }],
        }),
      )}`;
    const before = await jobCount();
    const forged = await sendSigned(url, payload('{not json'), { contentType: FORM });
    expect(forged.status).toBe(200);
    const res = await sendSigned(
      url,
      payload(JSON.stringify({ cluster: 'prod', node: 'atlas-cp-2', kind: 'reboot-impact' })),
      { contentType: FORM },
    );
    expect(res.status).toBe(200);
    await fake.waitFor(() => posts(fake, 'C0BTN').length >= 1);
    const [post] = posts(fake, 'C0BTN');
    expect(post?.params.thread_ts).toBe('1712000000.000900');
    expect(blocksText(post)).toContain('atlas-cp-2');
    expect(await jobCount()).toBe(before + 1);
  });

  it('the gateway runs schedule commands: /k8s schedule is acked, confirmed privately, and can be removed', async () => {
    const ack = await sendSigned(
      url,
      slashCommandBody({ text: 'schedule daily 09:00 Asia/Seoul', channel_id: 'C0SCHED' }),
      { contentType: FORM },
    );
    expect(ack.status).toBe(200);
    expect(ack.text).toContain('Updating the scheduled HA posts of this channel');
    await fake.waitFor((calls) =>
      calls.some((c) => c.method === 'chat.postEphemeral' && c.params.channel === 'C0SCHED'),
    );
    const confirmation = fake.callsOf('chat.postEphemeral').find((c) => c.params.channel === 'C0SCHED');
    const id = /Scheduled (hap-[0-9a-f]{10})/.exec(String(confirmation?.params.text))?.[1];
    expect(id).toBeDefined();
    await sendSigned(url, slashCommandBody({ text: `unschedule ${id ?? ''}`, channel_id: 'C0SCHED' }), {
      contentType: FORM,
    });
    await fake.waitFor(
      (calls) =>
        calls.filter((c) => c.method === 'chat.postEphemeral' && c.params.channel === 'C0SCHED').length >= 2,
    );
    const removed = fake.callsOf('chat.postEphemeral').filter((c) => c.params.channel === 'C0SCHED')[1];
    expect(String(removed?.params.text)).toMatch(/Removed hap-/);
  });

  it('answers an app_mention in the thread of the mention', async () => {
    const event = {
      type: 'app_mention',
      user: 'U0BOB',
      text: '<@UBOT> can I reboot atlas-cp-2',
      ts: '1712000000.000100',
      channel: 'C0MENTION',
      event_ts: '1712000000.000100',
    };
    const res = await sendSigned(url, eventBody(event, 'Ev0MENTION1'), { contentType: JSON_TYPE });
    expect(res.status).toBe(200);
    await fake.waitFor(() => posts(fake, 'C0MENTION').length >= 1);
    const [post] = posts(fake, 'C0MENTION');
    expect(post?.params.thread_ts).toBe('1712000000.000100');
    expect(blocksText(post)).toMatch(/safe/i);
  });

  it('answers a direct message in its thread', async () => {
    const event = {
      type: 'message',
      channel_type: 'im',
      user: 'U0CAROL',
      text: 'can I reboot atlas-cp-2',
      ts: '1712000001.000200',
      channel: 'D0DM',
      event_ts: '1712000001.000200',
    };
    const res = await sendSigned(url, eventBody(event, 'Ev0DM1'), { contentType: JSON_TYPE });
    expect(res.status).toBe(200);
    await fake.waitFor(() => posts(fake, 'D0DM').length >= 1);
    expect(posts(fake, 'D0DM')[0]?.params.thread_ts).toBe('1712000001.000200');
  });

  it("answers Korean text in Korean, and language-neutral text in the user's Slack locale without delaying the ack", async () => {
    const ko = await sendSigned(
      url,
      slashCommandBody({ text: 'atlas-cp-2 재부팅해도 돼?', channel_id: 'C0KO' }),
      { contentType: FORM },
    );
    expect((JSON.parse(ko.text) as { text: string }).text).toBe('prod의 atlas-cp-2 확인 중…');
    // users.info is held until the ack has come back: an ack that waited for the lookup would make
    // the lookup time out (800 ms) and the answer below English.
    fake.locales.set('U0MINJI', 'ko-KR');
    let ackSent = (): void => undefined;
    const ackSeen = new Promise<void>((resolve) => {
      ackSent = resolve;
    });
    fake.override('users.info', async (call) => {
      if (call.params.user === 'U0MINJI') await ackSeen;
      return undefined;
    });
    const neutral = await sendSigned(
      url,
      slashCommandBody({ text: 'status', user_id: 'U0MINJI', channel_id: 'C0KO2' }),
      { contentType: FORM },
    );
    ackSent();
    // Not cached yet: the ack speaks the configured language; the job gets the looked-up locale.
    expect((JSON.parse(neutral.text) as { text: string }).text).toBe(
      'Checking HA and quorum status of prod…',
    );
    await fake.waitFor(() => posts(fake, 'C0KO').length >= 1 && posts(fake, 'C0KO2').length >= 1);
    expect(String(posts(fake, 'C0KO')[0]?.params.text)).toMatch(/[\uAC00-\uD7AF]/);
    expect(String(posts(fake, 'C0KO2')[0]?.params.text)).toMatch(/[\uAC00-\uD7AF]/);
    expect(
      fake
        .callsOf('users.info')
        .some((c) => c.params.user === 'U0MINJI' && String(c.params.include_locale) === 'true'),
    ).toBe(true);
    // Cached now: the next ack is Korean at once, with no second lookup.
    const again = await sendSigned(
      url,
      slashCommandBody({ text: 'status', user_id: 'U0MINJI', channel_id: 'C0KO4' }),
      { contentType: FORM },
    );
    expect((JSON.parse(again.text) as { text: string }).text).toBe('prod의 HA·쿼럼 상태 확인 중…');
    expect(fake.callsOf('users.info').filter((c) => c.params.user === 'U0MINJI')).toHaveLength(1);
    const english = await sendSigned(
      url,
      slashCommandBody({ text: 'can I reboot atlas-cp-1', user_id: 'U0MINJI', channel_id: 'C0KO3' }),
      { contentType: FORM },
    );
    expect((JSON.parse(english.text) as { text: string }).text).toBe('Checking atlas-cp-1 in prod…');
    await fake.waitFor(() => posts(fake, 'C0KO4').length >= 1);
    expect(String(posts(fake, 'C0KO4')[0]?.params.text)).toMatch(/[\uAC00-\uD7AF]/);
  });

  it('answers bad input in the ack and enqueues nothing; hostile text comes back inert', async () => {
    const before = await jobCount();
    const ack = await sendSigned(
      url,
      slashCommandBody({ text: 'can I reboot <!channel> <@U123> <https://evil|click> &amp;' }),
      { contentType: FORM },
    );
    expect(ack.status).toBe(200);
    const body = JSON.parse(ack.text) as { text: string; blocks?: unknown[] };
    expect(body.text.length).toBeGreaterThan(0);
    expect(ack.text).not.toMatch(/<!channel>|<@U123>|<https:\/\/evil/);
    expect(await jobCount()).toBe(before);
  });

  it('refuses a bad signature and a timestamp older than 5 minutes with 401, enqueuing nothing', async () => {
    const before = await jobCount();
    const body = slashCommandBody({ text: 'can I reboot atlas-cp-2', channel_id: 'C0FORGED' });
    const forged = await sendSigned(url, body, { contentType: FORM, signature: `v0=${'0'.repeat(64)}` });
    expect(forged.status).toBe(401);
    const stale = await sendSigned(url, body, {
      contentType: FORM,
      timestamp: Math.floor(Date.now() / 1000) - 6 * 60,
    });
    expect(stale.status).toBe(401);
    const wrongSecret = await sendSigned(url, body, { contentType: FORM, secret: 'b'.repeat(40) });
    expect(wrongSecret.status).toBe(401);
    // Refused before any handler ran (the 401 is the answer): nothing can be enqueued later.
    expect(await jobCount()).toBe(before);
    expect(posts(fake, 'C0FORGED')).toHaveLength(0);
  });

  it('creates one job and one post for an Events API retry of a seen event_id', async () => {
    const event = {
      type: 'app_mention',
      user: 'U0DAN',
      text: '<@UBOT> status',
      ts: '1712000002.000300',
      channel: 'C0RETRY',
      event_ts: '1712000002.000300',
    };
    const before = await jobCount();
    const duplicatesBefore = duplicatesIgnored();
    expect((await sendSigned(url, eventBody(event, 'Ev0RETRY1'), { contentType: JSON_TYPE })).status).toBe(
      200,
    );
    const retry = await sendSigned(url, eventBody(event, 'Ev0RETRY1'), {
      contentType: JSON_TYPE,
      headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' },
    });
    expect(retry.status).toBe(200);
    await fake.waitFor(() => posts(fake, 'C0RETRY').length >= 1);
    const late = await sendSigned(url, eventBody(event, 'Ev0RETRY1'), {
      contentType: JSON_TYPE,
      headers: { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_error' },
    });
    expect(late.status).toBe(200);
    await eventually(
      'both retries ignored as duplicates',
      () => duplicatesIgnored() - duplicatesBefore === 2,
    );
    await eventually('no job or reply left', settled);
    expect(posts(fake, 'C0RETRY')).toHaveLength(1);
    expect((await jobCount()) - before).toBe(1);
  });

  it('waits Retry-After on a 429 from chat.postMessage and then posts once', async () => {
    let limited = 0;
    fake.override('chat.postMessage', (call) => {
      if (call.params.channel !== 'C0LIMIT' || limited > 0) return undefined;
      limited += 1;
      return { status: 429, headers: { 'retry-after': '1' }, body: { ok: false, error: 'ratelimited' } };
    });
    await sendSigned(url, slashCommandBody({ text: 'can I reboot atlas-cp-3', channel_id: 'C0LIMIT' }), {
      contentType: FORM,
    });
    await fake.waitFor(() => posts(fake, 'C0LIMIT').length >= 2);
    await eventually('no job or reply left', settled);
    const calls = posts(fake, 'C0LIMIT');
    expect(calls).toHaveLength(2);
    expect((calls[1]?.at ?? 0) - (calls[0]?.at ?? 0)).toBeGreaterThanOrEqual(950);
    expect(blocksText(calls[1])).toContain('atlas-cp-3');
  });
});

describe('Slack gateway when no worker answers', () => {
  it('posts a follow-up saying the check did not finish once the deadline passes', async () => {
    const redis = await useSharedRedis();
    const fake = await startFakeSlackApi();
    const gateway = await startGateway({
      env: slackEnv(fake, { SLACK_REPLY_DEADLINE_MS: '1500' }),
      config: botConfig(redis.url),
      logger: silentLogger,
      port: 0,
      deadlinePollMs: 100,
    });
    try {
      const url = `http://127.0.0.1:${gateway.port}/slack/events`;
      const ack = await sendSigned(
        url,
        slashCommandBody({ text: 'can I reboot atlas-cp-2 in idle', channel_id: 'C0IDLE' }),
        { contentType: FORM },
      );
      expect((JSON.parse(ack.text) as { text: string }).text).toBe('Checking atlas-cp-2 in idle…');
      await fake.waitFor(() => posts(fake, 'C0IDLE').length >= 1, WAIT_CEILING_MS);
      expect(String(posts(fake, 'C0IDLE')[0]?.params.text)).toMatch(/did not finish within 2 s/);
      // No worker had started it: it was withdrawn, so nothing runs or answers late.
      const idleQueue = new Queue('k8s-ha-bot-cluster-idle', { connection: { url: redis.url } });
      try {
        const counts = await idleQueue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);
      } finally {
        await idleQueue.close();
      }
      // Each due deadline is taken once: with none left pending, no second follow-up can come.
      const store = new Redis(redis.url);
      try {
        await eventually(
          'no reply deadline left',
          async () => (await store.zcard('k8s-ha-bot:slack:pending')) === 0,
        );
      } finally {
        store.disconnect();
      }
      expect(posts(fake, 'C0IDLE')).toHaveLength(1);
    } finally {
      await gateway.close();
      await fake.close();
      await redis.stop();
    }
  });
});

/**
 * Bring Redis back on the same port so the gateway's BullMQ consumer can close cleanly, and wait
 * until the consumer is connected again (its worker's client name is on the server): a close that
 * started while it was still waiting to reconnect would give up after its bound and leave the
 * worker's timers running after the test.
 */
async function reviveRedis(port: number, prefix = 'bull'): Promise<ReturnType<typeof spawn>> {
  const again = spawn(
    '/usr/bin/redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  await eventually(`redis-server back on port ${port}`, () => redisPing(port));
  const consumerName = `name=${prefix}:${Buffer.from('k8s-ha-bot-replies-slack').toString('base64')}`;
  const admin = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 1 });
  try {
    await eventually('the replies consumer connected again', async () =>
      String(await admin.client('LIST')).includes(consumerName),
    );
  } finally {
    admin.disconnect();
  }
  return again;
}

// Each test here has a redis-server of its own: it kills it (and brings it back on the same port).
describe('Slack gateway when Redis is down', () => {
  it('says in the ack itself, at once, that the queue is unavailable, and enqueues nothing', async () => {
    const redis = await startRedis();
    const fake = await startFakeSlackApi();
    const gateway = await startGateway({
      env: slackEnv(fake),
      config: botConfig(redis.url),
      logger: silentLogger,
      port: 0,
    });
    try {
      await redis.kill();
      // ioredis sees the closed socket a moment after the process dies; from then on the ack knows.
      await delay(200);
      const url = `http://127.0.0.1:${gateway.port}/slack/events`;
      const ack = await sendSigned(
        url,
        slashCommandBody({ text: 'can I reboot atlas-cp-2', channel_id: 'C0DOWN' }),
        { contentType: FORM },
      );
      expect(ack.status).toBe(200);
      expect(ack.text).toMatch(/queue is unavailable/);
      expect(ack.text).not.toMatch(/Checking/);
      await delay(500);
      // The ack was the whole answer: no follow-up, nothing in the channel.
      expect(fake.calls.filter((c) => c.params.channel === 'C0DOWN')).toHaveLength(0);
    } finally {
      const again = await reviveRedis(redis.port);
      await gateway.close();
      again.kill('SIGTERM');
      await fake.close();
      await redis.stop();
    }
  });

  it('sends an ephemeral follow-up when Redis dies between the ack and the enqueue (and stays down past the retries)', async () => {
    const redis = await startRedis();
    const fake = await startFakeSlackApi();
    const gateway = await startGateway({
      env: slackEnv(fake),
      config: botConfig(redis.url),
      logger: silentLogger,
      port: 0,
      enqueueRetryMs: 1000,
    });
    try {
      // `status` is language-neutral and U0LATE is not cached: after the ack (and the dedup claim)
      // the gateway asks users.info, and Redis dies while that call is in flight, before the enqueue.
      let killed = false;
      fake.override('users.info', async (call) => {
        if (call.params.user === 'U0LATE' && !killed) {
          killed = true;
          await redis.kill();
          await delay(100);
        }
        return undefined;
      });
      const url = `http://127.0.0.1:${gateway.port}/slack/events`;
      const ack = await sendSigned(
        url,
        slashCommandBody({ text: 'status', user_id: 'U0LATE', channel_id: 'C0LATE' }),
        { contentType: FORM },
      );
      expect(ack.status).toBe(200);
      expect((JSON.parse(ack.text) as { text: string }).text).toBe('Checking HA and quorum status of prod…');
      await fake.waitFor(
        () => fake.callsOf('chat.postEphemeral').some((c) => c.params.channel === 'C0LATE'),
        60_000,
      );
      expect(killed).toBe(true);
      const followUps = fake.callsOf('chat.postEphemeral').filter((c) => c.params.channel === 'C0LATE');
      expect(followUps).toHaveLength(1);
      expect(followUps[0]?.params.user).toBe('U0LATE');
      expect(String(followUps[0]?.params.text)).toMatch(/queue is unavailable/);
      // Only to the requester: nothing in the channel, and no Redis error text.
      expect(posts(fake, 'C0LATE')).toHaveLength(0);
      expect(JSON.stringify(followUps[0]?.params)).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
    } finally {
      const again = await reviveRedis(redis.port);
      await gateway.close();
      again.kill('SIGTERM');
      await fake.close();
      await redis.stop();
    }
  });

  it('retries the enqueue while Redis restarts: the request is queued once, with no "unavailable" follow-up', async () => {
    const redis = await startRedis();
    const fake = await startFakeSlackApi();
    const prefix = `retry${Date.now()}`;
    const log = recordingLogger({ level: 'info' });
    const gateway = await startGateway({
      env: slackEnv(fake),
      config: botConfig(redis.url),
      logger: log.logger,
      port: 0,
      queuePrefix: prefix,
      enqueueRetryMs: 20_000,
    });
    let again: ReturnType<typeof spawn> | undefined;
    try {
      let killed = false;
      fake.override('users.info', async (call) => {
        if (call.params.user === 'U0BACK' && !killed) {
          killed = true;
          await redis.kill();
          // Back on the same port 1.5 s later, well inside the retry window.
          setTimeout(() => {
            void reviveRedis(redis.port, prefix).then((child) => {
              again = child;
            });
          }, 1500);
        }
        return undefined;
      });
      const url = `http://127.0.0.1:${gateway.port}/slack/events`;
      const ack = await sendSigned(
        url,
        slashCommandBody({ text: 'status', user_id: 'U0BACK', channel_id: 'C0BACK' }),
        { contentType: FORM },
      );
      expect(ack.status).toBe(200);
      const queue = new Queue('k8s-ha-bot-cluster-prod', { connection: { url: redis.url }, prefix });
      try {
        // Redis may still be starting: a failed count is "not yet".
        const counts = await eventually(
          'the request queued after Redis came back',
          async () => {
            if (again === undefined) return undefined;
            const now = (await queue.getJobCounts('waiting')) as { waiting: number };
            return now.waiting > 0 ? now : undefined;
          },
          WAIT_CEILING_MS,
        );
        expect(killed).toBe(true);
        expect(counts.waiting).toBe(1);
        // The intake's retry finished with the job queued: no "unavailable" follow-up can come from it.
        await eventually(
          'the intake done with the request',
          () => log.withMsg('enqueued after Redis came back').length > 0,
        );
        expect(fake.callsOf('chat.postEphemeral').filter((c) => c.params.channel === 'C0BACK')).toHaveLength(
          0,
        );
      } finally {
        await queue.close();
      }
    } finally {
      await gateway.close();
      again?.kill('SIGTERM');
      await fake.close();
      await redis.stop();
    }
  });
});
