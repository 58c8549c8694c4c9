/**
 * Reply delivery under Slack's per-channel posting limit (about one chat.postMessage per second per
 * channel, then HTTP 429 Retry-After 1; modelled by the fake Web API): the real replies consumer,
 * the real SlackPoster and Bolt's WebClient, a real Redis. One channel's backlog must not delay
 * other channels, no reply may be dropped before its delivery deadline, and a reply past it tells
 * the requester privately.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { webApi } from '@slack/bolt';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { SlackPoster } from '../../adapters/slack/slack-poster.js';
import { slackMessagesFor } from '../../adapters/slack/slack-messages.js';
import { plainReply } from '../../src/explain/explain-messages.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { repliesQueueNameFor } from '../../src/queue/job.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { ReplyConsumer, ReplyPublisher } from '../../src/queue/reply-queue.js';
import { undeliverableReply } from '../../src/queue/undeliverable-reply.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

let server: TestRedis;
let redis: Redis;
let fake: FakeSlackApi;
let consumer: ReplyConsumer | undefined;
let publisher: ReplyPublisher | undefined;

beforeAll(async () => {
  server = await useSharedRedis();
  redis = createProducerConnection(server.url);
  await ensureReady(redis, server.url, 60_000);
  fake = await startFakeSlackApi();
});

afterEach(async () => {
  await consumer?.close();
  await publisher?.close();
  consumer = undefined;
  publisher = undefined;
});

afterAll(async () => {
  redis?.disconnect();
  await fake?.close();
  await server?.stop();
});

const refused = new WeakSet<FakeSlackCall>();
const RATE_LIMITED = {
  status: 429,
  headers: { 'retry-after': '1' },
  body: { ok: false, error: 'ratelimited' },
};

/** Slack's special limit: one chat.postMessage per channel in any 1 s; `blocked` channels always 429. */
function perChannelLimit(blocked: ReadonlySet<string>): void {
  const last = new Map<string, number>();
  fake.override('chat.postMessage', (call) => {
    const channel = String(call.params.channel);
    const previous = last.get(channel);
    if (blocked.has(channel) || (previous !== undefined && call.at - previous < 1000)) {
      refused.add(call);
      return RATE_LIMITED;
    }
    last.set(channel, call.at);
    return undefined;
  });
}

function job(requestId: string, channel: string, user: string): AnswerJob {
  return {
    requestId,
    text: 'status',
    command: { kind: 'ha-status' },
    cluster: 'prod',
    locale: 'en',
    user: { platform: 'slack', id: user, tenant: 'T0TEST' },
    replyTo: { platform: 'slack', address: { channel, user, source: 'mention', visibility: 'channel' } },
    enqueuedAt: new Date().toISOString(),
  };
}

/** The gateway's wiring of the consumer (adapters/gateway/gateway.ts), on the fake Web API. */
async function startConsumer(prefix: string, deliveryDeadlineMs?: number): Promise<void> {
  const client = new webApi.WebClient('xoxb-test', {
    slackApiUrl: fake.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
  const store = { postedMessages: async () => new Map<number, string>(), markPosted: async () => undefined };
  const poster = new SlackPoster({ client, store, render: slackMessagesFor, logger: silentLogger });
  consumer = await ReplyConsumer.start({
    redisUrl: server.url,
    platform: 'slack',
    prefix,
    ...(deliveryDeadlineMs !== undefined ? { deliveryDeadlineMs } : {}),
    conversationOf: (j) => (j.replyTo.address as { channel?: string }).channel,
    onUndeliverable: async (_reply, j) => {
      await poster.deliver(
        undeliverableReply(
          { locale: j.locale, requestId: j.requestId, cluster: j.cluster },
          deliveryDeadlineMs ?? 600_000,
        ),
        { channel: String(j.replyTo.address.channel), user: j.user.id, visibility: 'ephemeral' },
        `${j.requestId}.undeliverable`,
      );
    },
    handler: async (reply, j) => {
      await poster.deliver(reply, j.replyTo.address as { channel: string }, j.requestId, {
        onRateLimit: 'throw',
      });
    },
  });
  publisher = new ReplyPublisher(redis, prefix);
}

async function publish(requestId: string, channel: string, user: string): Promise<number> {
  const j = job(requestId, channel, user);
  await publisher?.publish(
    'slack',
    {
      reply: plainReply(
        { locale: 'en', requestId, cluster: 'prod' },
        'ha-status',
        `Answer ${requestId}`,
        `Answer for ${requestId}`,
      ),
      job: j,
    },
    requestId,
  );
  return Date.now();
}

const postedFor = (requestId: string): FakeSlackCall[] =>
  fake
    .callsOf('chat.postMessage')
    .filter((c) => !refused.has(c) && String(c.params.text).startsWith(`Answer ${requestId}:`));

describe('reply delivery under a per-channel posting limit', () => {
  it("posts other channels' answers without waiting for one channel's backlog, and drops none of that backlog", async () => {
    const prefix = `rpc${randomBytes(4).toString('hex')}`;
    perChannelLimit(new Set());
    await startConsumer(prefix);
    const flood = Array.from({ length: 14 }, (_, i) => `flood-${prefix}-${i}`);
    for (const id of flood) await publish(id, 'C0FLOOD', 'U0FLOOD');
    // The flood channel's backlog is now being refused (429) and paced. One refusal is the signal:
    // once pacing starts, a slow machine's posts can all land a second apart and never be refused
    // again (waiting for three failed with one core kept busy: 11 posts, fewer than 3 refused).
    await fake.waitFor(
      () => fake.callsOf('chat.postMessage').filter((c) => refused.has(c)).length >= 1,
      60_000,
    );
    const legit = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => ({
        id: `legit-${prefix}-${i}`,
        at: await publish(`legit-${prefix}-${i}`, `C0LEGIT${i}`, `U0LEGIT${i}`),
      })),
    );
    await fake.waitFor(() => legit.every((l) => postedFor(l.id).length === 1), WAIT_CEILING_MS);
    // Not held behind the backlog (paced at about one a second): every other answer was out while
    // most of the flood still waited. (A 2.5 s bound on the delay failed on a busy machine; the
    // backlog's own progress is the clock here.)
    const lastLegitAt = Math.max(...legit.map((l) => postedFor(l.id)[0]?.at ?? Number.POSITIVE_INFINITY));
    const floodOutBefore = flood.filter(
      (id) => (postedFor(id)[0]?.at ?? Number.POSITIVE_INFINITY) < lastLegitAt,
    );
    expect(floodOutBefore.length).toBeLessThan(flood.length / 2);
    // Every flood reply is posted once, paced at about one a second (Retry-After honoured).
    await fake.waitFor(() => flood.every((id) => postedFor(id).length >= 1), WAIT_CEILING_MS);
    for (const id of flood) expect(postedFor(id)).toHaveLength(1);
    const replies = new Queue(repliesQueueNameFor('slack'), { connection: redis, prefix });
    expect(await replies.getJobCountByTypes('failed')).toBe(0);
    await replies.close();
  });

  it('keeps retrying a refused reply past five tries until its deadline, then tells the requester privately', async () => {
    const prefix = `rpd${randomBytes(4).toString('hex')}`;
    perChannelLimit(new Set(['C0BLOCKED']));
    await startConsumer(prefix, 8000);
    const id = `blocked-${prefix}`;
    await publish(id, 'C0BLOCKED', 'U0ASKER');
    await fake.waitFor(
      () => fake.callsOf('chat.postEphemeral').some((c) => c.params.channel === 'C0BLOCKED'),
      60_000,
    );
    const tries = fake.callsOf('chat.postMessage').filter((c) => c.params.channel === 'C0BLOCKED');
    // Slack was asked again after every Retry-After for the whole deadline (the old poster gave up after 5 tries).
    expect(tries.length).toBeGreaterThanOrEqual(6);
    const notices = fake.callsOf('chat.postEphemeral').filter((c) => c.params.channel === 'C0BLOCKED');
    expect(notices).toHaveLength(1);
    expect(notices[0]?.params.user).toBe('U0ASKER');
    expect(String(notices[0]?.params.text)).toMatch(/could not be posted here within 1 min/);
    expect(postedFor(id)).toHaveLength(0);
    const replies = new Queue(repliesQueueNameFor('slack'), { connection: redis, prefix });
    expect(await replies.getJobCountByTypes('failed')).toBe(0);
    await replies.close();
  });
});
