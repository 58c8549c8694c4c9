/**
 * Teams reply delivery under a per-conversation posting limit (the fake Bot Connector answers a
 * second message in a conversation within 1 s with HTTP 429 Retry-After 1, a stricter model of
 * Teams' per-bot, per-conversation limits): the real Teams adapter (its replies consumer, the
 * real TeamsPoster and botbuilder's CloudAdapter), a real Redis. One conversation's backlog must
 * not delay other conversations, no reply may be dropped before its delivery deadline, and a reply
 * past it tells the requester.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { startTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { BotFrameworkHost } from '../../adapters/teams/teams-bot-framework.js';
import { loadTeamsConfig } from '../../src/config/chat-settings.js';
import { TeamsPoster } from '../../adapters/teams/teams-poster.js';
import { TEAMS_STORE_PREFIX, TeamsStore } from '../../adapters/teams/teams-store.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { plainReply } from '../../src/explain/explain-messages.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { repliesQueueNameFor } from '../../src/queue/job.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { ReplyConsumer, ReplyPublisher } from '../../src/queue/reply-queue.js';
import { undeliverableReply } from '../../src/queue/undeliverable-reply.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector, FakeConnectorCall } from '../helpers/fake-bot-connector.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

let server: TestRedis;
let redis: Redis;
let fake: FakeBotConnector;
let adapter: RunningTeamsAdapter | undefined;
let consumer: ReplyConsumer | undefined;
let publisher: ReplyPublisher | undefined;

beforeAll(async () => {
  server = await useSharedRedis();
  redis = createProducerConnection(server.url);
  await ensureReady(redis, server.url, 60_000);
  fake = await startFakeBotConnector();
});

afterEach(async () => {
  fake.override(undefined);
  await adapter?.close();
  await consumer?.close();
  await publisher?.close();
  adapter = undefined;
  consumer = undefined;
  publisher = undefined;
});

afterAll(async () => {
  redis?.disconnect();
  await fake?.close();
  await server?.stop();
});

/** A second message in a conversation within 1 s is refused (429 Retry-After 1); `blocked` answers 429 while it returns true. */
function perConversationLimit(blocked: (call: FakeConnectorCall) => boolean = () => false): void {
  const last = new Map<string, number>();
  fake.override((call) => {
    if (call.method !== 'POST' || call.body.type !== 'message') return undefined;
    const previous = last.get(call.conversationId);
    if (blocked(call) || (previous !== undefined && call.at - previous < 1000))
      return { status: 429, headers: { 'retry-after': '1' } };
    last.set(call.conversationId, call.at);
    return undefined;
  });
}

async function saveReference(store: TeamsStore, conversation: string): Promise<void> {
  await store.saveReference(conversation, {
    bot: { id: '28:k8s-ha-bot', name: 'k8s-ha-bot' },
    user: { id: '29:user' },
    conversation: { id: conversation, conversationType: 'channel', tenantId: 'tenant-1' },
    channelId: 'msteams',
    serviceUrl: fake.serviceUrl,
    locale: 'en-US',
  });
}

function job(requestId: string, conversation: string, user: string): AnswerJob {
  return {
    requestId,
    text: 'status',
    command: { kind: 'ha-status' },
    cluster: 'prod',
    locale: 'en',
    user: { platform: 'teams', id: user, tenant: 'tenant-1' },
    replyTo: { platform: 'teams', address: { conversation } },
    enqueuedAt: new Date().toISOString(),
  };
}

async function publish(requestId: string, conversation: string, user: string): Promise<number> {
  await publisher?.publish(
    'teams',
    {
      reply: plainReply(
        { locale: 'en', requestId, cluster: 'prod' },
        'ha-status',
        `Answer ${requestId}`,
        `Answer for ${requestId}`,
      ),
      job: job(requestId, conversation, user),
    },
    requestId,
  );
  return Date.now();
}

/** Delivered (2xx) messages that carry the answer of `requestId`. */
const deliveredFor = (requestId: string): FakeConnectorCall[] =>
  fake.delivered().filter((c) => JSON.stringify(c.body).includes(`Answer for ${requestId}`));

const failedReplies = async (prefix: string): Promise<number> => {
  const replies = new Queue(repliesQueueNameFor('teams'), { connection: redis, prefix });
  try {
    return await replies.getJobCountByTypes('failed');
  } finally {
    await replies.close();
  }
};

function config(): BotConfig {
  const cluster = {
    kind: 'snapshot' as const,
    snapshot: 'unused.json',
    requestTimeoutMs: 5000,
    deadlineMs: 20000,
  };
  return {
    source: 'test',
    clusters: { prod: cluster },
    defaultCluster: 'prod',
    locale: 'en',
    redis: { url: server.url },
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
}

describe('Teams reply delivery under a per-conversation posting limit', () => {
  it("delivers other conversations' answers without waiting for one conversation's backlog, and drops none of that backlog", async () => {
    const prefix = `tpc${randomBytes(4).toString('hex')}`;
    perConversationLimit();
    adapter = await startTeamsAdapter({
      env: { K8S_HA_BOT_RATE_LIMIT: '0' },
      config: config(),
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
      allowNoAuth: true,
      queuePrefix: prefix,
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
    });
    const store = new TeamsStore(redis, `${TEAMS_STORE_PREFIX}${prefix}:`);
    const flooded = '19:flood@thread.tacv2';
    await saveReference(store, flooded);
    for (let i = 0; i < 5; i += 1) await saveReference(store, `19:legit-${i}@thread.tacv2`);
    publisher = new ReplyPublisher(redis, prefix);
    const flood = Array.from({ length: 14 }, (_, i) => `flood-${prefix}-${String(i).padStart(2, '0')}`);
    for (const id of flood) await publish(id, flooded, 'aad-flood');
    // The flooded conversation's backlog is now being refused (429) and paced. One refusal is the
    // signal: once pacing starts, a busy machine's posts can all land a second apart and never be
    // refused again (waiting for three failed beside stress-ng on both cores: 2 refused of 12 posts).
    await fake.waitFor(
      (calls) => calls.some((c) => c.status === 429 && c.conversationId === flooded),
      60_000,
    );
    const legit = await Promise.all(
      Array.from({ length: 5 }, async (_, i) => ({
        id: `legit-${prefix}-${i}`,
        at: await publish(`legit-${prefix}-${i}`, `19:legit-${i}@thread.tacv2`, `aad-legit-${i}`),
      })),
    );
    await fake.waitFor(() => legit.every((l) => deliveredFor(l.id).length === 1), WAIT_CEILING_MS);
    // Not held behind the backlog (paced at about one a second): every other answer was out while
    // most of the flood still waited. (A 2.5 s bound on the delay failed on a busy machine; the
    // backlog's own progress is the clock here.)
    const lastLegitAt = Math.max(...legit.map((l) => deliveredFor(l.id)[0]?.at ?? Number.POSITIVE_INFINITY));
    const floodOutBefore = flood.filter(
      (id) => (deliveredFor(id)[0]?.at ?? Number.POSITIVE_INFINITY) < lastLegitAt,
    );
    expect(floodOutBefore.length).toBeLessThan(flood.length / 2);
    // Every flood reply is delivered once, paced at about one a second (Retry-After honoured).
    await fake.waitFor(() => flood.every((id) => deliveredFor(id).length >= 1), WAIT_CEILING_MS);
    for (const id of flood) expect(deliveredFor(id)).toHaveLength(1);
    expect(await failedReplies(prefix)).toBe(0);
  });

  it('keeps retrying a refused reply past five tries until its deadline, then tells the requester', async () => {
    const prefix = `tpd${randomBytes(4).toString('hex')}`;
    const conversation = '19:blocked@thread.tacv2';
    const deadlineMs = 8000;
    const store = new TeamsStore(redis, `${TEAMS_STORE_PREFIX}${prefix}:`);
    await saveReference(store, conversation);
    const poster = new TeamsPoster({
      connector: new BotFrameworkHost(loadTeamsConfig({}, { allowNoAuth: true }), silentLogger),
      store,
      logger: silentLogger,
      baseDelayMs: 5,
      maxDelayMs: 50,
    });
    // The gateway's wiring (adapters/teams/teams-adapter.ts) with a short delivery deadline.
    consumer = await ReplyConsumer.start({
      redisUrl: server.url,
      platform: 'teams',
      prefix,
      deliveryDeadlineMs: deadlineMs,
      conversationOf: (j) => (j.replyTo.address as { conversation?: string }).conversation,
      onUndeliverable: async (_reply, j) => {
        await poster.deliver(
          undeliverableReply({ locale: j.locale, requestId: j.requestId, cluster: j.cluster }, deadlineMs),
          { ...j, requestId: `${j.requestId}.undeliverable` },
        );
      },
      handler: async (reply, j) => {
        await poster.deliver(reply, j, { onRateLimit: 'throw' });
      },
    });
    publisher = new ReplyPublisher(redis, prefix);
    const id = `blocked-${prefix}`;
    // Teams refuses every message in the conversation until the deadline has passed.
    const publishedAt = Date.now();
    perConversationLimit(() => Date.now() < publishedAt + deadlineMs + 500);
    await publish(id, conversation, 'aad-asker');
    const notices = (): FakeConnectorCall[] =>
      fake
        .delivered()
        .filter(
          (c) =>
            c.conversationId === conversation &&
            /could not be posted here within 1 min/.test(JSON.stringify(c.body)),
        );
    await fake.waitFor(() => notices().length >= 1, WAIT_CEILING_MS);
    const tries = fake.calls.filter(
      (c) =>
        c.conversationId === conversation &&
        c.status === 429 &&
        JSON.stringify(c.body).includes(`Answer for ${id}`),
    );
    // Teams was asked again after every Retry-After for the whole deadline (the poster used to give up after 5 tries).
    expect(tries.length).toBeGreaterThanOrEqual(6);
    expect(notices()).toHaveLength(1);
    expect(deliveredFor(id)).toHaveLength(0);
    expect(await failedReplies(prefix)).toBe(0);
  });
});
