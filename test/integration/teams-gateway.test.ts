/**
 * The Teams adapter end to end: Bot Framework activities POSTed to /api/messages (the real
 * botbuilder CloudAdapter; authentication disabled by an empty app id, except in the 401 test) →
 * real Redis → an in-process worker with the real answer step over a scenario snapshot → Adaptive
 * Cards delivered proactively to a local fake Bot Connector named by the activity's serviceUrl.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { ADAPTIVE_CARD_CONTENT_TYPE, TEAMS_LIMITS } from '../../adapters/teams/render-card.js';
import type { CardActionData } from '../../adapters/teams/render-card.js';
import { startTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { TeamsStore } from '../../adapters/teams/teams-store.js';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { silentLogger } from '../../src/util/logger.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { jobPosterDelivery } from '../../src/schedule/job-poster-delivery.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import type { ScheduleSpec } from '../../src/schedule/schedule-spec.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector, FakeConnectorCall } from '../helpers/fake-bot-connector.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import { queuesIdle } from '../helpers/queue-idle.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
const BOT_ID = '28:k8s-ha-bot';

/** The test configuration with this file's clusters (`idle`: no worker serves it). */
const botConfig = (redisUrl: string): BotConfig =>
  testBotConfig(redisUrl, { snapshot: SCENARIO, clusters: ['prod', 'idle'] });

interface ActivityInput {
  id: string;
  conversationId: string;
  text?: string;
  conversationType?: 'personal' | 'groupChat' | 'channel';
  locale?: string;
  mention?: boolean;
  type?: string;
  name?: string;
  value?: unknown;
  replyToId?: string;
}

type Card = {
  version?: string;
  fallbackText?: string;
  body?: unknown[];
  actions?: {
    type: string;
    verb?: string;
    data?: CardActionData;
    fallback?: { type: string; data?: CardActionData };
  }[];
};

const cardOf = (call: FakeConnectorCall | undefined): Card | undefined => {
  const attachments = call?.body.attachments as { contentType: string; content: Card }[] | undefined;
  return attachments?.find((a) => a.contentType === ADAPTIVE_CARD_CONTENT_TYPE)?.content;
};

/** Every TextRun / TextBlock text of a card, joined. */
const cardText = (card: Card | undefined): string => {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if ((o.type === 'TextRun' || o.type === 'TextBlock') && typeof o.text === 'string') out.push(o.text);
      Object.values(o).forEach(walk);
    }
  };
  walk(card?.body);
  return out.join('\n');
};

describe('Teams adapter with a worker on a healthy 3-node control plane', () => {
  let redis: TestRedis;
  /** No answer job or Teams reply left: a second card would be one of them. */
  const repliesAndJobsDone = (): Promise<boolean> =>
    queuesIdle(redis.url, 'bull', ['k8s-ha-bot-cluster-prod', 'k8s-ha-bot-replies-teams']);
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let authed: RunningTeamsAdapter;
  let worker: RunningWorker;
  const service = createAnswerService({ config: botConfig('redis://unused:1') });
  let url: string;
  let jobs: Queue;
  let authedJobs: Queue;
  let jobsConnection: Redis;

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeBotConnector();
    const config = botConfig(redis.url);
    worker = await startWorker({
      redisUrl: redis.url,
      clusters: ['prod'],
      handler: service.handler,
      logger: silentLogger,
    });
    // The worker's answers on `prod` must come before the reply deadline however busy the machine
    // (8 s was missed under a load average of 20 on 2 cores, issue 31 item 1): 10 min here. The
    // deadline itself is tested on its own gateway below, where no worker answers.
    ({ teams, url } = await startTestTeamsAdapter({
      env: { TEAMS_REPLY_DEADLINE_MS: '600000', K8S_HA_BOT_RATE_LIMIT: '0' },
      config,
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
    }));
    authed = await startTeamsAdapter({
      env: {
        MICROSOFT_APP_ID: '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f',
        MICROSOFT_APP_PASSWORD: 'not-a-real-secret',
        TEAMS_ALLOWED_TENANTS: '72f988bf-0000-4000-8000-00000000aaaa',
      },
      config,
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
      queuePrefix: 'authed',
    });
    jobsConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    jobs = new Queue('k8s-ha-bot-cluster-prod', { connection: jobsConnection });
    authedJobs = new Queue('k8s-ha-bot-cluster-prod', { connection: jobsConnection, prefix: 'authed' });
  });

  afterAll(async () => {
    await teams?.close();
    await authed?.close();
    await worker?.close();
    await jobs?.close();
    await authedJobs?.close();
    jobsConnection?.disconnect();
    await service.close();
    await fake?.close();
    await redis?.stop();
  });

  const activity = (input: ActivityInput): Record<string, unknown> => ({
    type: input.type ?? 'message',
    id: input.id,
    ...(input.name ? { name: input.name } : {}),
    timestamp: new Date().toISOString(),
    serviceUrl: fake.serviceUrl,
    channelId: 'msteams',
    from: { id: '29:user-alice', name: 'Alice', aadObjectId: '00000000-0000-0000-0000-0000000000a1' },
    conversation: {
      id: input.conversationId,
      conversationType: input.conversationType ?? 'personal',
      tenantId: 'tenant-1',
    },
    recipient: { id: BOT_ID, name: 'k8s-ha-bot' },
    ...(input.text !== undefined ? { text: input.text } : {}),
    ...(input.value !== undefined ? { value: input.value } : {}),
    ...(input.replyToId ? { replyToId: input.replyToId } : {}),
    locale: input.locale ?? 'en-US',
    entities: input.mention
      ? [{ type: 'mention', text: '<at>k8s-ha-bot</at>', mentioned: { id: BOT_ID, name: 'k8s-ha-bot' } }]
      : [],
    channelData: { tenant: { id: 'tenant-1' } },
  });

  const post = async (
    body: Record<string, unknown>,
    target = url,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; text: string }> => {
    const res = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: res.status, text: await res.text() };
  };

  /** Delivered card messages (POST) in a conversation. */
  const cards = (conversationId: string): FakeConnectorCall[] =>
    fake
      .delivered()
      .filter((c) => c.method === 'POST' && c.conversationId === conversationId && cardOf(c) !== undefined);
  /** Every card POST in a conversation, refused ones included. */
  const cardAttempts = (conversationId: string): FakeConnectorCall[] =>
    fake.calls.filter(
      (c) => c.method === 'POST' && c.conversationId === conversationId && cardOf(c) !== undefined,
    );
  /** Acknowledgements in the turn: typing and short texts (no card). */
  const turnReplies = (conversationId: string): FakeConnectorCall[] =>
    fake.calls.filter(
      (c) => c.method === 'POST' && c.conversationId === conversationId && cardOf(c) === undefined,
    );

  const jobCount = async (queue: Queue): Promise<number> => {
    const counts = await queue.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };

  it('personal chat: typing and "Checking …" at once, then an Adaptive Card 1.5 with the verdict, delivered proactively', async () => {
    const res = await post(
      activity({ id: 'm-en-1', conversationId: 'a:personal-alice', text: 'can I reboot atlas-cp-2' }),
    );
    expect(res.status).toBe(200);
    const acks = turnReplies('a:personal-alice');
    expect(acks.map((c) => c.body.type)).toEqual(['typing', 'message']);
    expect(acks[1]?.body.text).toBe('Checking atlas-cp-2 in prod…');
    expect(acks[1]?.activityId).toBe('m-en-1');
    await fake.waitFor(() => cards('a:personal-alice').length >= 1);
    const [delivered] = cards('a:personal-alice');
    const card = cardOf(delivered);
    expect(card?.version).toBe('1.5');
    expect(card?.fallbackText).toMatch(/^SAFE: /);
    expect(delivered?.body.summary).toMatch(/^SAFE: /);
    const text = cardText(card);
    expect(text).toContain('SAFE · ');
    expect(text).toContain('atlas-cp-2');
    expect(text).toMatch(/Control plane/);
    expect(text).toMatch(/request tm-[0-9a-f]{24}/);
    expect(JSON.stringify(card?.body)).toContain('"color":"good"');
    const refresh = card?.actions?.find((a) => a.verb === 'refresh');
    expect(refresh?.type).toBe('Action.Execute');
    expect(refresh?.fallback?.type).toBe('Action.Submit');
    expect(refresh?.data?.action).toBe('refresh');
    expect(delivered?.bytes).toBeLessThan(28 * 1000);
  });

  it('channel message in Korean with an @mention: the mention is stripped, Korean ack and Korean card in the thread', async () => {
    const conversationId = '19:ops@thread.tacv2;messageid=1712000000001';
    const res = await post(
      activity({
        id: '1712000000001',
        conversationId,
        conversationType: 'channel',
        mention: true,
        text: '<at>k8s-ha-bot</at> atlas-cp-2 재부팅해도 돼?',
      }),
    );
    expect(res.status).toBe(200);
    expect(turnReplies(conversationId)[1]?.body.text).toBe('prod의 atlas-cp-2 확인 중…');
    await fake.waitFor(() => cards(conversationId).length >= 1);
    const card = cardOf(cards(conversationId)[0]);
    expect(card?.fallbackText).toMatch(/^안전: /);
    expect(cardText(card)).toContain('안전 · ');
    expect(cardText(card)).toMatch(/[\uAC00-\uD7AF]/);
  });

  it('language-neutral text in a group chat follows the activity locale', async () => {
    const conversationId = '19:group-chat@thread.v2';
    await post(
      activity({
        id: 'g-1',
        conversationId,
        conversationType: 'groupChat',
        locale: 'ko-KR',
        mention: true,
        text: '<at>k8s-ha-bot</at> status',
      }),
    );
    expect(turnReplies(conversationId)[1]?.body.text).toBe('prod의 HA·쿼럼 상태 확인 중…');
    await fake.waitFor(() => cards(conversationId).length >= 1);
    expect(cardText(cardOf(cards(conversationId)[0]))).toMatch(/[\uAC00-\uD7AF]/);
  });

  it('bad input and help without a known cluster are answered with a card in the turn and enqueue nothing', async () => {
    const before = await jobCount(jobs);
    await post(
      activity({ id: 'bad-1', conversationId: 'a:bad', text: 'can I reboot <script>alert(1)</script>' }),
    );
    await post(activity({ id: 'help-1', conversationId: 'a:bad', text: 'help in nowhere' }));
    expect(cards('a:bad')).toHaveLength(2);
    expect(turnReplies('a:bad')).toHaveLength(0);
    expect(await jobCount(jobs)).toBe(before);
  });

  it("help for a known cluster is answered by the worker, with examples in the cluster's node names (as the console)", async () => {
    const before = await jobCount(jobs);
    await post(activity({ id: 'help-2', conversationId: 'a:help', text: 'help' }));
    await fake.waitFor(() => cards('a:help').length >= 1);
    expect(await jobCount(jobs)).toBe(before + 1);
    const text = cardText(cardOf(cards('a:help')[0]));
    expect(text).toContain('atlas-cp-2');
    expect(text).toContain('schedule daily HH:MM');
  });

  it('a redelivered activity makes one job and one card', async () => {
    const body = activity({ id: 'dup-1', conversationId: 'a:dup', text: 'can I reboot atlas-cp-1' });
    await post(body);
    await post(body);
    await fake.waitFor(() => cards('a:dup').length >= 1);
    // Both deliveries were taken (each post returns after its turn); with no job or reply left, a
    // second card would already be here.
    await eventually('no job or reply left', repliesAndJobsDone);
    expect(cards('a:dup')).toHaveLength(1);
    expect(turnReplies('a:dup').filter((c) => c.body.type === 'message')).toHaveLength(1);
  });

  it('Refresh (Action.Execute) updates the same card activity in place, and the Action.Submit fallback does too', async () => {
    const conversationId = 'a:refresh';
    await post(activity({ id: 'r-1', conversationId, text: 'can I reboot atlas-cp-2' }));
    await fake.waitFor(() => cards(conversationId).length >= 1);
    const first = cards(conversationId)[0];
    const cardId = first?.resultId ?? '';
    const refresh = cardOf(first)?.actions?.find((a) => a.verb === 'refresh');
    expect(cardId).not.toBe('');
    // The card's record (what Refresh re-runs) is saved right after Teams answers the post; a
    // person cannot click in between, a test can.
    const cardKey = String(refresh?.data?.card);
    await eventually(
      'the card record saved',
      async () => (await jobsConnection.keys(`*card:${cardKey}`)).length > 0,
    ).catch(() => undefined); // the invoke below fails visibly without it
    const invoke = activity({
      type: 'invoke',
      name: 'adaptiveCard/action',
      id: 'inv-1',
      conversationId,
      replyToId: cardId,
      value: { action: { type: 'Action.Execute', verb: 'refresh', data: refresh?.data } },
    });
    const res = await post(invoke);
    expect(res.status).toBe(200);
    const answer = JSON.parse(res.text) as { statusCode: number; type: string; value: string };
    expect(answer.statusCode).toBe(200);
    expect(answer.type).toBe('application/vnd.microsoft.activity.message');
    expect(answer.value).toMatch(/Refreshing/);
    const updates = (): FakeConnectorCall[] =>
      fake.delivered().filter((c) => c.method === 'PUT' && c.conversationId === conversationId);
    await fake.waitFor(() => updates().length >= 1);
    expect(updates()[0]?.activityId).toBe(cardId);
    expect(cardOf(updates()[0])?.fallbackText).toMatch(/^SAFE: /);
    // The refreshed card's Refresh button still names the same card.
    expect(cardOf(updates()[0])?.actions?.find((a) => a.verb === 'refresh')?.data?.card).toBe(
      refresh?.data?.card,
    );

    await post(activity({ id: 'sub-1', conversationId, replyToId: cardId, value: refresh?.fallback?.data }));
    await fake.waitFor(() => updates().length >= 2);
    expect(updates()[1]?.activityId).toBe(cardId);
    await eventually('no job or reply left', repliesAndJobsDone);
    expect(cards(conversationId)).toHaveLength(1);
  });

  it('retries 502, 504, 412 and 429 (Retry-After) with backoff and delivers exactly one card', async () => {
    const conversationId = 'a:flaky';
    const failures = [502, 504, 412, 429];
    fake.override((call) => {
      if (call.conversationId !== conversationId || call.body.attachments === undefined) return undefined;
      const status = failures.shift();
      if (status === undefined) return undefined;
      return status === 429 ? { status, headers: { 'retry-after': '0' } } : { status };
    });
    try {
      await post(activity({ id: 'f-1', conversationId, text: 'can I reboot atlas-cp-2' }));
      await fake.waitFor(() => cards(conversationId).length >= 1);
      await eventually('no job or reply left', repliesAndJobsDone);
      expect(cards(conversationId)).toHaveLength(1);
      const proactive = cardAttempts(conversationId);
      expect(proactive.map((c) => c.status)).toEqual([502, 504, 412, 429, 200]);
    } finally {
      fake.override(undefined);
    }
  });

  it('413 (too large) → a shorter card is sent instead', async () => {
    const conversationId = 'a:too-big';
    let refused = false;
    fake.override((call) => {
      if (call.conversationId !== conversationId || call.body.attachments === undefined || refused)
        return undefined;
      refused = true;
      return { status: 413 };
    });
    try {
      await post(activity({ id: 'big-1', conversationId, text: 'can I reboot atlas-cp-2' }));
      await fake.waitFor(() => cards(conversationId).length >= 1);
      const calls = cardAttempts(conversationId);
      expect(calls.map((c) => c.status)).toEqual([413, 200]);
      expect(calls[1]?.bytes).toBeLessThanOrEqual(8 * 1024);
      expect(cardText(cardOf(calls[1]))).toMatch(/shorter version/);
      expect(cardOf(calls[1])?.fallbackText).toMatch(/^SAFE: /);
    } finally {
      fake.override(undefined);
    }
  });

  it('with an app id configured, a request without a valid bearer token gets 401 and enqueues nothing', async () => {
    const target = `http://127.0.0.1:${authed.port}/api/messages`;
    const before = await jobCount(authedJobs);
    const calls = fake.calls.length;
    const body = activity({ id: 'auth-1', conversationId: 'a:auth', text: 'can I reboot atlas-cp-2' });
    expect((await post(body, target)).status).toBe(401);
    expect((await post(body, target, { authorization: 'Bearer not.a.jwt' })).status).toBe(401);
    expect(await jobCount(authedJobs)).toBe(before);
    expect(fake.calls.length).toBe(calls);
  });

  it('sends a "did not finish" card when no worker answers before the deadline', async () => {
    // Its own gateway (own queue prefix, so its own pending deadlines): no worker serves `idle`, so
    // its requests meet the 8 s reply deadline.
    const idle = await startTestTeamsAdapter({
      env: { TEAMS_REPLY_DEADLINE_MS: '8000', K8S_HA_BOT_RATE_LIMIT: '0' },
      config: botConfig(redis.url),
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
      queuePrefix: 'deadline',
    });
    try {
      const conversationId = 'a:idle';
      await post(
        activity({ id: 'idle-1', conversationId, text: 'can I reboot atlas-cp-2 in idle' }),
        idle.url,
      );
      expect(turnReplies(conversationId)[1]?.body.text).toBe('Checking atlas-cp-2 in idle…');
      await fake.waitFor(() => cards(conversationId).length >= 1);
      const card = cardOf(cards(conversationId)[0]);
      expect(cardText(card)).toMatch(/did not finish within 8 s/);
      // Each due deadline is taken once: with none left pending, no second card can come.
      await eventually(
        'no reply deadline left',
        async () => (await jobsConnection.zcard('k8s-ha-bot:teams:deadline:pending')) === 0,
      );
      expect(cards(conversationId)).toHaveLength(1);
    } finally {
      await idle.teams.close();
    }
  });

  it('1,000 conversationUpdates leave the stored references bounded, and keep the conversation that was used', async () => {
    const bounds = { maxReferences: 5, maxAnnouncedReferences: 100 };
    const bounded = await startTeamsAdapter({
      env: { K8S_HA_BOT_RATE_LIMIT: '0' },
      config: botConfig(redis.url),
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
      allowNoAuth: true,
      queuePrefix: 'refs',
      referenceBounds: bounds,
    });
    const target = `http://127.0.0.1:${bounded.port}/api/messages`;
    const admin = new Redis(redis.url, { maxRetriesPerRequest: null });
    const store = new TeamsStore(admin, 'k8s-ha-bot:teams:refs:', undefined, bounds);
    try {
      expect(
        (await post(activity({ id: 'keep-1', conversationId: 'a:keep', text: 'status' }), target)).status,
      ).toBe(200);
      for (let i = 0; i < 1000; i += 50) {
        const statuses = await Promise.all(
          Array.from({ length: 50 }, (_, k) =>
            post(
              activity({
                id: `flood-${i + k}`,
                conversationId: `a:flood-${i + k}`,
                type: 'conversationUpdate',
              }),
              target,
            ).then((r) => r.status),
          ),
        );
        expect(statuses.every((s) => s === 200)).toBe(true);
      }
      const stored = await store.conversations();
      expect(stored.length).toBeLessThanOrEqual(bounds.maxReferences + bounds.maxAnnouncedReferences);
      expect(stored).toContain('a:keep');
      expect(stored).toContain('a:flood-999'); // the newest announcements are kept
      expect(stored).not.toContain('a:flood-0');
      expect(await store.reference('a:flood-0')).toBeUndefined();
      expect(await admin.keys('k8s-ha-bot:teams:refs:conversation:*')).toHaveLength(stored.length);
      expect(JSON.stringify(await store.reference('a:keep'))).toContain('a:keep');
      // Posting to an announced conversation makes it a used one: a later flood cannot push it out.
      expect(await store.reference('a:flood-999')).toBeDefined();
      expect(await admin.zscore('k8s-ha-bot:teams:refs:conversation-lru', 'a:flood-999')).not.toBeNull();
      // A reference stored by an earlier version (one unbounded hash) is read once and moved.
      await admin.hset(
        'k8s-ha-bot:teams:refs:conversations',
        'a:old',
        JSON.stringify({ conversation: { id: 'a:old' } }),
      );
      expect(await store.reference('a:old')).toEqual({ conversation: { id: 'a:old' } });
      expect(await admin.hlen('k8s-ha-bot:teams:refs:conversations')).toBe(0);
      expect(await store.reference('a:old')).toEqual({ conversation: { id: 'a:old' } });
    } finally {
      await bounded.close();
      admin.disconnect();
    }
  });

  it('schedule commands work in Teams as in Slack: create, list, post through the stored reference, remove; a bad time creates nothing', async () => {
    const conversationId = '19:sched@thread.tacv2;messageid=1712000000777';
    const service = new ScheduleService({ redisUrl: redis.url });
    try {
      const say = async (id: string, text: string): Promise<string> => {
        const before = cards(conversationId).length;
        expect(
          (
            await post(
              activity({
                id,
                conversationId,
                conversationType: 'channel',
                mention: true,
                text: `<at>k8s-ha-bot</at> ${text}`,
              }),
            )
          ).status,
        ).toBe(200);
        await fake.waitFor(() => cards(conversationId).length > before);
        return cardText(cardOf(cards(conversationId)[before]));
      };
      expect(await say('s-bad', 'schedule daily 25:00')).toContain('25:00');
      expect(await service.list('teams', conversationId)).toEqual([]);
      const created = await say('s-1', 'schedule daily 09:00 Asia/Seoul in prod');
      const [spec] = await service.list('teams', conversationId);
      expect(spec).toMatchObject({
        platform: 'teams',
        conversation: conversationId,
        cluster: 'prod',
        time: '09:00',
        timeZone: 'Asia/Seoul',
      });
      expect(created).toContain(spec?.id);
      expect(await say('s-2', 'schedules')).toContain(spec?.id);
      // The gateway's schedule runner delivers through the adapter's poster: the stored reference of this conversation.
      const before = cards(conversationId).length;
      const status = await createAnswerService({ config: botConfig(redis.url) });
      try {
        const reply = await status.answer({
          requestId: 'x',
          text: 'status',
          command: { kind: 'ha-status' },
          cluster: 'prod',
          locale: 'en',
          user: { platform: 'teams', id: 's' },
          replyTo: { platform: 'teams', address: {} },
          enqueuedAt: new Date().toISOString(),
        });
        expect(await jobPosterDelivery(teams.poster).deliver(spec as ScheduleSpec, reply, 'occ-1')).toBe(
          true,
        );
      } finally {
        await status.close();
      }
      await fake.waitFor(() => cards(conversationId).length > before);
      expect(cardText(cardOf(cards(conversationId)[before]))).toMatch(/HA/);
      expect(await say('s-3', `unschedule ${spec?.id ?? ''}`)).toContain(spec?.id);
      expect(await service.list('teams', conversationId)).toEqual([]);
      // Korean, and no Slack slash command in a Teams answer.
      const empty = await say('s-4', '예약 목록');
      expect(empty).toContain('이 채널에는 예약된 HA 게시가 없습니다. 예: 매일 09:00 Asia/Seoul 상태 예약');
      expect(empty).not.toContain('/k8s');
    } finally {
      await service.close();
    }
  });

  it('keeps every delivered activity under 28 KB', () => {
    const all = fake.delivered();
    expect(all.length).toBeGreaterThan(5);
    for (const c of all) expect(c.bytes).toBeLessThan(TEAMS_LIMITS.messageBytes);
  });
});
