/**
 * The per-user rate limit through the real Slack gateway (signed requests, fake Slack Web API, real
 * Redis, an in-process worker on a scenario snapshot): with K8S_HA_BOT_RATE_LIMIT=2, a user's third
 * mention in the window is answered in its thread with the friendly text and enqueues no job;
 * another user is not affected.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { startGateway } from '../adapters/gateway/gateway.js';
import type { RunningGateway } from '../adapters/gateway/gateway.js';
import { createAnswerService } from '../src/answer/answer.js';
import type { BotConfig } from '../src/config/bot-config.js';
import { silentLogger } from '../src/util/logger.js';
import { startWorker } from '../workers/worker.js';
import type { RunningWorker } from '../workers/worker.js';
import { startFakeSlackApi } from './helpers/fake-slack-api.js';
import type { FakeSlackApi } from './helpers/fake-slack-api.js';
import { eventBody, sendSigned, TEST_SIGNING_SECRET } from './helpers/fake-slack-requests.js';
import { startRedis } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

describe('rate limit in the Slack gateway', () => {
  let redis: RedisServer;
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
    redis = await startRedis();
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
  }, 30_000);

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await jobs?.close();
    await service.close();
    await fake?.close();
    await redis?.stop();
  });

  it("answers a user's third request in the window with the friendly text and enqueues nothing for it", async () => {
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
    for (const n of [1, 2, 3])
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
    await fake.waitFor(() => [1, 2, 3, 4].every((n) => inThread(n).length >= 1), 20_000);
    const third = inThread(3);
    expect(third).toHaveLength(1);
    expect(String(third[0]?.params.text) + JSON.stringify(third[0]?.params.blocks ?? [])).toMatch(
      /You have asked 2 times in a minute; try again in (59|60) s\./,
    );
    for (const n of [1, 2, 4])
      expect(JSON.stringify(inThread(n)[0]?.params.blocks ?? [])).not.toContain('You have asked');
    const counts = await jobs.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(3);
  }, 30_000);
});
