/**
 * The per-user rate limit on a real Redis: the limit per (platform, tenant, user), shared by two
 * limiters (two gateway replicas), and the gated queue the intakes use: allowed jobs reach the
 * cluster queue; a refused one enqueues nothing and its friendly answer (en/ko) comes out of the
 * replies queue once, even when the same delivery is retried.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Reply } from '../../src/explain/reply.js';
import { rateLimitSettingsFrom } from '../../src/config/settings.js';
import { RequestRateLimiter, admissionGate, rateLimitedSink } from '../../src/ops/rate-limit.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { queueNameFor, repliesQueueNameFor } from '../../src/queue/job.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { ReplyConsumer, ReplyPublisher } from '../../src/queue/reply-queue.js';
import { silentLogger } from '../../src/util/logger.js';
import { startRedis } from '../helpers/redis-server.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import { queuesIdle } from '../helpers/queue-idle.js';
import type { TestRedis } from '../helpers/shared-redis.js';

let server: TestRedis;
let redis: Redis;

beforeAll(async () => {
  server = await useSharedRedis();
  redis = createProducerConnection(server.url);
  await ensureReady(redis, server.url, 60_000);
});

afterAll(async () => {
  redis?.disconnect();
  await server?.stop();
});

function job(n: number, user: string, locale: 'en' | 'ko' = 'en', tenant = 'T1'): AnswerJob {
  return {
    requestId: `ev-${user}-${n}`,
    text: 'status',
    command: { kind: 'ha-status' },
    cluster: 'prod',
    locale,
    user: { platform: 'slack', id: user, tenant },
    replyTo: { platform: 'slack', address: { channel: 'C1' } },
    enqueuedAt: new Date().toISOString(),
  };
}

describe('rate limit', () => {
  it('reads its settings and names a bad one', () => {
    expect(rateLimitSettingsFrom({})).toEqual({ points: 10, windowS: 60 });
    expect(rateLimitSettingsFrom({ K8S_HA_BOT_RATE_LIMIT: '0' })).toEqual({ points: 0, windowS: 60 });
    expect(() => rateLimitSettingsFrom({ K8S_HA_BOT_RATE_LIMIT_WINDOW_S: 'soon' })).toThrow(
      /^K8S_HA_BOT_RATE_LIMIT_WINDOW_S: "soon"/,
    );
  });

  it('allows N requests per user and window across two limiters, then says when to try again', async () => {
    const keyPrefix = `rl-${Date.now()}`;
    const a = new RequestRateLimiter({ redis, points: 3, windowS: 60, keyPrefix, logger: silentLogger });
    const b = new RequestRateLimiter({ redis, points: 3, windowS: 60, keyPrefix, logger: silentLogger });
    const alice = { platform: 'slack', tenant: 'T1', user: 'U1' };
    expect(await a.admit(alice)).toEqual({ allowed: true });
    expect(await b.admit(alice)).toEqual({ allowed: true });
    expect(await a.admit(alice)).toEqual({ allowed: true });
    const refused = await b.admit(alice);
    expect(refused).toMatchObject({ allowed: false, count: 3, windowS: 60 });
    if (refused.allowed) throw new Error('unreachable');
    expect(refused.retryAfterS).toBeGreaterThanOrEqual(58);
    expect(refused.retryAfterS).toBeLessThanOrEqual(60);
    // Same user id elsewhere is someone else.
    expect(await a.admit({ ...alice, tenant: 'T2' })).toEqual({ allowed: true });
    expect(await a.admit({ ...alice, platform: 'teams' })).toEqual({ allowed: true });
    expect(await a.admit({ ...alice, user: 'U2' })).toEqual({ allowed: true });
    // Off.
    const off = new RequestRateLimiter({ redis, points: 0, windowS: 60, keyPrefix, logger: silentLogger });
    for (let i = 0; i < 20; i++) expect(await off.admit(alice)).toEqual({ allowed: true });
  });

  it('lets requests through when the window ends', async () => {
    const limiter = new RequestRateLimiter({
      redis,
      points: 1,
      windowS: 1,
      keyPrefix: `rl-w-${Date.now()}`,
      logger: silentLogger,
    });
    const who = { platform: 'teams', user: 'aad-1' };
    expect((await limiter.admit(who)).allowed).toBe(true);
    expect((await limiter.admit(who)).allowed).toBe(false);
    await delay(1100); // the 1 s window passes (its TTL is kept by Redis, in real time)
    expect((await limiter.admit(who)).allowed).toBe(true);
  });

  it('the gated queue enqueues allowed jobs and answers the first refusal of a window privately, once', async () => {
    const prefix = `rlq${Date.now()}`;
    const queue = new JobQueue({ redisUrl: server.url, prefix, logger: silentLogger });
    const publisher = new ReplyPublisher(redis, prefix, silentLogger);
    const limiter = new RequestRateLimiter({
      redis,
      points: 2,
      windowS: 60,
      keyPrefix: `rl-q-${prefix}`,
      logger: silentLogger,
    });
    const sink = rateLimitedSink(queue, admissionGate(limiter), publisher, silentLogger);
    const delivered: { reply: Reply; requestId: string; address: Record<string, string> }[] = [];
    const consumer = await ReplyConsumer.start({
      redisUrl: server.url,
      platform: 'slack',
      prefix,
      handler: async (reply, answerJob) => {
        delivered.push({ reply, requestId: answerJob.requestId, address: answerJob.replyTo.address });
      },
    });
    const cluster = new Queue(queueNameFor('prod'), { connection: { url: server.url }, prefix });
    try {
      expect((await sink.enqueue(job(1, 'U1'))).duplicate).toBe(false);
      expect((await sink.enqueue(job(2, 'U1'))).duplicate).toBe(false);
      const third = await sink.enqueue(job(3, 'U1'));
      expect(third.duplicate).toBe(true);
      // A retried delivery of the same refused request: refused again, but answered once.
      expect((await sink.enqueue(job(3, 'U1'))).duplicate).toBe(true);
      // Further refusals in the window are silent: a flood never becomes a flood of notices.
      expect((await sink.enqueue(job(4, 'U1', 'ko'))).duplicate).toBe(true);
      expect((await sink.enqueue(job(5, 'U1'))).duplicate).toBe(true);
      expect((await sink.enqueue(job(1, 'U9'))).duplicate).toBe(false);
      for (const n of [1, 2, 3]) await sink.enqueue(job(n, 'U2', 'ko'));

      const counts = await cluster.getJobCounts('waiting');
      expect(counts.waiting).toBe(5);
      await eventually('two private notices', () => delivered.length >= 2, 60_000).catch(() => undefined);
      // No reply left to deliver: a third notice would already have come.
      await eventually('the replies queue idle', () =>
        queuesIdle(server.url, prefix, [repliesQueueNameFor('slack')]),
      );
      expect(delivered.map((d) => d.requestId).sort()).toEqual(['ev-U1-3', 'ev-U2-3']);
      // Private: to the requester only (a Slack ephemeral message).
      expect(delivered[0]?.address).toMatchObject({
        visibility: 'ephemeral',
        user: delivered[0]?.requestId.slice(3, 5),
      });
      const en = delivered.find((d) => d.requestId === 'ev-U1-3')?.reply;
      const ko = delivered.find((d) => d.requestId === 'ev-U2-3')?.reply;
      expect(en?.summary).toMatch(/^You have asked 2 times in a minute; try again in (59|60) s\.$/);
      expect(en).toMatchObject({
        kind: 'error',
        verdict: null,
        title: 'Too many requests',
        context: { requestId: 'ev-U1-3', cluster: 'prod' },
      });
      expect(ko?.summary).toMatch(/^1분 동안 2번 요청하셨습니다\. (59|60)초 후에 다시 시도하세요\.$/);
    } finally {
      await consumer.close();
      await publisher.close();
      await queue.close();
      await cluster.close();
    }
  });

  it('lets requests through (logged) when Redis fails', async () => {
    // A server of its own: this test kills it.
    const own = await startRedis();
    const conn = createProducerConnection(own.url);
    await ensureReady(conn, own.url, 60_000);
    const limiter = new RequestRateLimiter({ redis: conn, points: 1, windowS: 60, logger: silentLogger });
    try {
      expect((await limiter.admit({ platform: 'slack', user: 'U1' })).allowed).toBe(true);
      expect((await limiter.admit({ platform: 'slack', user: 'U1' })).allowed).toBe(false);
      await own.kill();
      await delay(100); // the client sees the closed socket
      expect((await limiter.admit({ platform: 'slack', user: 'U1' })).allowed).toBe(true);
    } finally {
      conn.disconnect();
      await own.stop();
    }
  });
});
