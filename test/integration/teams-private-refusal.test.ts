/**
 * In Teams, a maintenance request refused for who the requester is ("only admins may
 * force", "not a requester") reaches the requester alone. The worker publishes the refusal on the
 * Teams replies queue (as `answerMaintenanceRequest` does, `audience: 'requester'`); the real
 * Teams adapter (botbuilder's CloudAdapter) delivers it to a fake Bot Connector: in a channel, in a
 * 1:1 chat with the user (createConversation), since Teams shows no channel message to one member
 * only; in a personal chat, there; when Teams refuses the 1:1 chat, in the conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { ReplyPublisher } from '../../src/queue/reply-queue.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { TEST_TENANT, postActivity, teamsActivityBody } from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const ALICE: TestTeamsUser = {
  id: '29:alice',
  name: 'Alice',
  aadObjectId: 'a1a1a1a1-0000-4000-8000-0000000000a1',
};
const REFUSAL = 'Only an admin of prod may force a maintenance over an unsafe verdict.';

describe('Teams: a maintenance request refusal for the requester alone', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let publisher: ReplyPublisher;
  let url: string;
  let n = 0;

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    fake = await startFakeBotConnector();
    ({ teams, url } = await startTestTeamsAdapter({
      env: { TEAMS_ALLOWED_TENANTS: TEST_TENANT },
      config: testBotConfig(redisServer.url),
      poster: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: 1 },
    }));
    publisher = new ReplyPublisher(redis, 'bull', silentLogger);
  });

  afterAll(async () => {
    await publisher?.close();
    await teams?.close();
    redis?.disconnect();
    await fake?.close();
    await redisServer?.stop();
  });

  /** Store the conversation's reference (as Teams' conversationUpdate does), then publish the refusal as a worker would. */
  const refuse = async (conversationId: string, conversationType: 'channel' | 'personal'): Promise<void> => {
    n += 1;
    await postActivity(
      url,
      teamsActivityBody({
        id: `cu-${n}`,
        conversationId,
        conversationType,
        from: ALICE,
        serviceUrl: fake.serviceUrl,
        type: 'conversationUpdate',
      }),
    );
    const requestId = `tm-refusal-${n}`;
    const reply: Reply = {
      ...explainFailure({ locale: 'en', requestId, cluster: 'prod' }, 'queue-unavailable'),
      summary: REFUSAL,
      sections: [],
      audience: 'requester',
    };
    const job: AnswerJob = {
      requestId,
      text: 'maintain wk-1 --force "now"',
      cluster: 'prod',
      locale: 'en',
      user: { platform: 'teams', id: ALICE.aadObjectId ?? '', tenant: TEST_TENANT },
      replyTo: { platform: 'teams', address: { conversation: conversationId, user: ALICE.id } },
      enqueuedAt: new Date().toISOString(),
    };
    await publisher.publish('teams', { reply, job }, requestId);
  };
  const said = (conversationId: string): string[] =>
    fake
      .delivered()
      .filter((c) => c.conversationId === conversationId)
      .map((c) => JSON.stringify(c.body));

  it('asked in a channel: sent in a 1:1 chat with the requester, nothing in the channel', async () => {
    await refuse('19:ops@thread.tacv2', 'channel');
    await fake.waitFor(() => said(`a:1on1-${ALICE.id}`).length > 0);
    const create = fake.calls.find((c) => c.conversationId === '(create)');
    expect(create?.body).toMatchObject({
      isGroup: false,
      members: [{ id: ALICE.id }],
      tenantId: TEST_TENANT,
    });
    expect(said(`a:1on1-${ALICE.id}`).join('\n')).toContain(REFUSAL);
    expect(said('19:ops@thread.tacv2')).toEqual([]);
  });

  it('asked in a personal chat: answered there (already private), no new chat', async () => {
    const creates = fake.calls.filter((c) => c.conversationId === '(create)').length;
    await refuse('a:personal-alice', 'personal');
    await fake.waitFor(() => said('a:personal-alice').length > 0);
    expect(said('a:personal-alice').join('\n')).toContain(REFUSAL);
    expect(fake.calls.filter((c) => c.conversationId === '(create)').length).toBe(creates);
  });

  it('Teams refuses the 1:1 chat (app not installed for the user): answered in the conversation rather than lost', async () => {
    fake.override((call) =>
      call.conversationId === '(create)'
        ? { status: 403, body: { error: { code: 'BotNotInConversationRoster', message: 'no' } } }
        : undefined,
    );
    try {
      await refuse('19:other@thread.tacv2', 'channel');
      await fake.waitFor(() => said('19:other@thread.tacv2').length > 0);
      expect(said('19:other@thread.tacv2').join('\n')).toContain(REFUSAL);
    } finally {
      fake.override(undefined);
    }
  });
});
