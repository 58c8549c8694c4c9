/**
 * The per-user rate limit through the real Slack gateway (signed requests, fake Slack Web API, real
 * Redis, an in-process worker on a scenario snapshot): with K8S_HA_BOT_RATE_LIMIT=2, a user's third
 * mention in the window is answered in its thread with the friendly text and enqueues no job;
 * another user is not affected.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { silentLogger } from '../../src/util/logger.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import {
  eventBody,
  sendSigned,
  slashCommandBody,
  TEST_SIGNING_SECRET,
  triggerId,
} from '../helpers/fake-slack-requests.js';
import { ACTION_ID_PREFIX } from '../../adapters/slack/render-blocks.js';
import { Redis } from 'ioredis';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

let client: Redis | undefined;
const redisKeys = (pattern: string): Promise<string[]> => (client as Redis).keys(pattern);
const redisGet = (key: string): Promise<string | null> => (client as Redis).get(key);

describe('rate limit in the Slack gateway', () => {
  let redis: TestRedis;
  let fake: FakeSlackApi;
  let gateway: RunningGateway;
  let worker: RunningWorker;
  let jobs: Queue;
  const prefix = `rls${Date.now()}`;
  const cluster = {
    kind: 'snapshot' as const,
    snapshot: SCENARIO,
    requestTimeoutMs: 5000,
    deadlineMs: 20000,
  };
  const config = (url: string): BotConfig => ({
    source: 'test',
    clusters: { prod: cluster },
    defaultCluster: 'prod',
    locale: 'en',
    redis: { url },
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  });
  const service = createAnswerService({ config: config('redis://unused:1') });

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    worker = await startWorker({
      redisUrl: redis.url,
      clusters: ['prod'],
      handler: service.handler,
      logger: silentLogger,
      prefix,
    });
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test-token',
        SLACK_API_URL: fake.apiUrl,
        K8S_HA_BOT_RATE_LIMIT: '2',
      },
      config: config(redis.url),
      logger: silentLogger,
      port: 0,
      queuePrefix: prefix,
    });
    jobs = new Queue('k8s-ha-bot-cluster-prod', { connection: { url: redis.url }, prefix });
    client = new Redis(redis.url);
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await jobs?.close();
    client?.disconnect();
    await service.close();
    await fake?.close();
    await redis?.stop();
  });

  it("refuses a user's third request in the window privately, once, and enqueues nothing for it", async () => {
    const url = `http://127.0.0.1:${gateway.port}/slack/events`;
    const mention = (user: string, n: number): string =>
      eventBody(
        {
          type: 'app_mention',
          user,
          text: '<@UBOT> status',
          ts: `1712100000.00${n}00`,
          channel: 'C0RL',
          event_ts: `1712100000.00${n}00`,
        },
        `Ev0RL${n}`,
      );
    for (const n of [1, 2, 3, 5, 6])
      expect((await sendSigned(url, mention('U0EVE', n), { contentType: 'application/json' })).status).toBe(
        200,
      );
    expect((await sendSigned(url, mention('U0FRANK', 4), { contentType: 'application/json' })).status).toBe(
      200,
    );
    const inThread = (n: number) =>
      fake
        .callsOf('chat.postMessage')
        .filter((c) => c.params.channel === 'C0RL' && c.params.thread_ts === `1712100000.00${n}00`);
    const notices = () =>
      fake.callsOf('chat.postEphemeral').filter((c) => /You have asked/.test(String(c.params.text)));
    await fake.waitFor(
      () => [1, 2, 4].every((n) => inThread(n).length >= 1) && notices().length >= 1,
      60_000,
    );
    // One private notice to the requester for three refused requests; nothing public.
    expect(notices()).toHaveLength(1);
    expect(notices()[0]?.params).toMatchObject({ channel: 'C0RL', user: 'U0EVE' });
    expect(String(notices()[0]?.params.text)).toMatch(
      /You have asked 2 times in a minute; try again in (59|60) s\./,
    );
    for (const n of [3, 5, 6]) expect(inThread(n)).toHaveLength(0);
    expect(fake.callsOf('chat.postMessage').some((c) => /You have asked/.test(String(c.params.text)))).toBe(
      false,
    );
    const counts = await jobs.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('limits commands answered without a job (approve, maintenance status, audit, schedules) and button clicks', async () => {
    const url = `http://127.0.0.1:${gateway.port}/slack/events`;
    const user = 'U0SPAM';
    const texts = [
      'approve mr-aaaaaaaaaa',
      'maintenance status mr-aaaaaaaaaa',
      'audit',
      'schedule daily 09:00 Asia/Seoul',
    ];
    for (const text of texts)
      expect(
        (
          await sendSigned(url, slashCommandBody({ text, user_id: user, channel_id: 'C0SPAM' }), {
            contentType: 'application/x-www-form-urlencoded',
          })
        ).status,
      ).toBe(200);
    const click = new URLSearchParams({
      payload: JSON.stringify({
        type: 'block_actions',
        trigger_id: triggerId(),
        user: { id: user, team_id: 'T0TEST', name: 'spam' },
        team: { id: 'T0TEST' },
        channel: { id: 'C0SPAM' },
        container: { message_ts: '1712100000.000900' },
        actions: [
          { action_id: `${ACTION_ID_PREFIX}maintenance-approve`, value: 'mr-aaaaaaaaaa', type: 'button' },
        ],
      }),
    }).toString();
    expect((await sendSigned(url, click, { contentType: 'application/x-www-form-urlencoded' })).status).toBe(
      200,
    );
    const notices = () =>
      fake
        .callsOf('chat.postEphemeral')
        .filter((c) => c.params.user === user && /You have asked 2 times/.test(String(c.params.text)));
    await fake.waitFor(() => notices().length >= 1, WAIT_CEILING_MS);
    // Two commands went through (limit 2); the rest were refused with one private notice.
    const limiterKeys = await redisKeys('k8s-ha-bot:rl*U0SPAM');
    expect(limiterKeys).toHaveLength(1);
    expect(Number(await redisGet(limiterKeys[0] ?? ''))).toBe(texts.length + 1);
    expect(notices()).toHaveLength(1);
  });
});
