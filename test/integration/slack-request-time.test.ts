/**
 * The time window of signed Slack requests (hardening): Bolt 5.1 refuses stale
 * timestamps only; the gateway also refuses timestamps more than five minutes ahead, and a replay of
 * accepted bytes is a duplicate for as long as they stay accepted. Real Bolt HTTPReceiver, real Redis.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { loadSlackConfig } from '../../src/config/chat-settings.js';
import {
  isFutureSlackTimestamp,
  MIN_SLACK_DEDUP_TTL_S,
  SLACK_TIMESTAMP_TOLERANCE_S,
} from '../../adapters/slack/slack-request-time.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import {
  sendSigned,
  slashCommandBody,
  slackSignature,
  TEST_SIGNING_SECRET,
} from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const FORM = 'application/x-www-form-urlencoded' as const;

describe('isFutureSlackTimestamp', () => {
  const now = 1_800_000_000_000;
  const s = now / 1000;
  it.each([
    [String(s), false],
    [String(s + SLACK_TIMESTAMP_TOLERANCE_S), false],
    [String(s + SLACK_TIMESTAMP_TOLERANCE_S + 1), true],
    [String(s + 365 * 86_400), true],
    [String(s - 3600), false], // stale: Bolt's own check refuses it
    [undefined, false],
    ['soon', false],
    [[String(s + 600)], true],
  ])('%j → %s', (header, expected) => {
    expect(isFutureSlackTimestamp(header, now)).toBe(expected);
  });

  it('the dedup TTL floor covers the whole accepted window, and the setting cannot go below it', () => {
    expect(MIN_SLACK_DEDUP_TTL_S).toBeGreaterThanOrEqual(2 * SLACK_TIMESTAMP_TOLERANCE_S);
    const env = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET };
    expect(() =>
      loadSlackConfig({ ...env, SLACK_DEDUP_TTL_SECONDS: String(MIN_SLACK_DEDUP_TTL_S - 1) }),
    ).toThrow(expect.objectContaining({ path: 'SLACK_DEDUP_TTL_SECONDS' }));
    expect(
      loadSlackConfig({ ...env, SLACK_DEDUP_TTL_SECONDS: String(MIN_SLACK_DEDUP_TTL_S) }).dedupTtlSeconds,
    ).toBe(MIN_SLACK_DEDUP_TTL_S);
  });
});

describe('signed Slack requests and their timestamps, through the gateway', () => {
  let redis: TestRedis;
  let fake: FakeSlackApi;
  let gateway: RunningGateway;
  let url: string;
  let jobsConnection: Redis;
  let jobs: Queue;

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    const cluster = {
      kind: 'snapshot' as const,
      snapshot: SCENARIO,
      requestTimeoutMs: 5000,
      deadlineMs: 20000,
    };
    const config: BotConfig = {
      source: 'test',
      clusters: { prod: cluster },
      defaultCluster: 'prod',
      locale: 'en',
      redis: { url: redis.url },
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test-token',
        SLACK_API_URL: fake.apiUrl,
      },
      config,
      logger: silentLogger,
      port: 0,
    });
    url = `http://127.0.0.1:${gateway.port}/slack/events`;
    jobsConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    jobs = new Queue('k8s-ha-bot-cluster-prod', { connection: jobsConnection });
  });

  afterAll(async () => {
    await gateway?.close();
    await jobs?.close();
    jobsConnection?.disconnect();
    await fake?.close();
    await redis?.stop();
  });

  const jobCount = async (): Promise<number> => {
    const counts = await jobs.getJobCounts(
      'waiting',
      'active',
      'completed',
      'failed',
      'delayed',
      'prioritized',
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };

  it('a correctly signed request dated 10 minutes ahead is refused 401 and queues nothing', async () => {
    const before = await jobCount();
    const res = await sendSigned(
      url,
      slashCommandBody({ text: 'can I reboot atlas-cp-2', channel_id: 'C0FUTURE' }),
      {
        contentType: FORM,
        timestamp: Math.floor(Date.now() / 1000) + 600,
      },
    );
    expect(res.status).toBe(401);
    expect(res.text).toBe('');
    // The same request dated now is accepted: the refusal is about the timestamp alone.
    const ok = await sendSigned(
      url,
      slashCommandBody({ text: 'can I reboot atlas-cp-2', channel_id: 'C0FUTURE' }),
      { contentType: FORM },
    );
    expect(ok.status).toBe(200);
    // The refused request never reached Bolt (401 written before it read the body): one job, the second request's.
    await eventually('the job queued', async () => (await jobCount()) >= before + 1);
    expect(await jobCount()).toBe(before + 1);
  });

  it('a request dated a few minutes ahead (clock skew) is accepted, and the same signed bytes sent again run once', async () => {
    const before = await jobCount();
    const body = slashCommandBody({ text: 'can I reboot atlas-cp-3', channel_id: 'C0REPLAY' });
    const timestamp = Math.floor(Date.now() / 1000) + 240;
    const signature = slackSignature(TEST_SIGNING_SECRET, timestamp, body);
    const first = await sendSigned(url, body, { contentType: FORM, timestamp, signature });
    const replay = await sendSigned(url, body, { contentType: FORM, timestamp, signature });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    // A later request on the same gateway: its dedup claim and enqueue go through the same Redis
    // connection after the replay's claim, so once its job exists the replay has been decided.
    const marker = await sendSigned(
      url,
      slashCommandBody({ text: 'can I reboot atlas-cp-1', channel_id: 'C0REPLAY' }),
      { contentType: FORM },
    );
    expect(marker.status).toBe(200);
    await eventually('the atlas-cp-1 job queued', async () =>
      (await jobs.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'])).some((j) =>
        JSON.stringify(j.data).includes('atlas-cp-1'),
      ),
    );
    const texts = (
      await jobs.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized'])
    ).map((j) => (j.data as { text: string }).text);
    expect(texts.filter((t) => t === 'can I reboot atlas-cp-3')).toHaveLength(1);
    expect(await jobCount()).toBe(before + 2);
  });
});
