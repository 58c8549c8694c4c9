/**
 * Maintenance (issue 5) through the Teams adapter: botbuilder's real CloudAdapter on
 * /api/messages, a fake Bot Connector at its HTTP boundary (reached through `serviceUrl`), real
 * Redis and the Teams replies queue.
 *
 * Part 1 drives the adapter against an in-memory stand-in of the MaintenanceService (decision
 * rules only), to pin down the Teams side: card posting and attaching, Action.Execute / Submit,
 * private refusals, identities, thread replies, card updates, typed decisions and audit.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { startTeamsAdapter } from '../adapters/teams/teams-adapter.js';
import type { RunningTeamsAdapter } from '../adapters/teams/teams-adapter.js';
import type { BotConfig } from '../src/config/bot-config.js';
import type { Reply } from '../src/explain/reply.js';
import { actorKey } from '../src/maintenance/types.js';
import type { AnswerJob } from '../src/queue/job.js';
import { ReplyPublisher } from '../src/queue/reply-queue.js';
import { silentLogger } from '../src/util/logger.js';
import { startFakeBotConnector } from './helpers/fake-bot-connector.js';
import type { FakeBotConnector, FakeConnectorCall } from './helpers/fake-bot-connector.js';
import { FakeMaintenancePort, testRequest } from './helpers/fake-maintenance-port.js';
import { TEST_TENANT, cardOfCall, postActivity, teamsActivityBody, textOfCard } from './helpers/fake-teams-activity.js';
import type { TestTeamsUser } from './helpers/fake-teams-activity.js';
import { startRedis } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';

const USERS = {
  requester: { id: '29:req', name: 'Rita Requester', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000r1' },
  alice: { id: '29:alice', name: 'Alice Approver', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000a1' },
  bob: { id: '29:bob', name: 'Bob Approver', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000b1' },
  carol: { id: '29:carol', name: 'Carol Onlooker', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000c1' },
  // Same display name as an approver, no AAD object id: must never pass as Alice.
  noAad: { id: '29:mallory', name: 'Alice Approver' },
} satisfies Record<string, TestTeamsUser>;

const keyOf = (u: TestTeamsUser): string => actorKey({ platform: 'teams', tenant: TEST_TENANT, id: u.aadObjectId ?? '' });

function botConfig(redisUrl: string): BotConfig {
  const cluster = { kind: 'snapshot' as const, snapshot: 'unused.json', requestTimeoutMs: 5000, deadlineMs: 20000 };
  return { source: 'test', clusters: { prod: cluster }, defaultCluster: 'prod', locale: 'en', redis: { url: redisUrl }, jobTimeoutMs: 60000, logLevel: 'silent' };
}

describe('Teams maintenance cards and buttons (adapter against a stand-in service)', () => {
  let redis: RedisServer;
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let connection: Redis;
  let publisher: ReplyPublisher;
  let url: string;
  const port = new FakeMaintenancePort([keyOf(USERS.alice), keyOf(USERS.bob)], [keyOf(USERS.alice)]);
  const conversation = '19:ops@thread.tacv2;messageid=1712000000100';
  const requester = { platform: 'teams' as const, tenant: TEST_TENANT, id: USERS.requester.aadObjectId, displayName: USERS.requester.name };
  const ID = 'mr-abcdefghij';
  const ID2 = 'mr-bcdefghijk';
  let cardId = '';
  let n = 0;

  const job = (requestId: string): AnswerJob => ({
    requestId,
    text: 'maintain atlas-cp-2 kernel update',
    cluster: 'prod',
    locale: 'en',
    user: { platform: 'teams', id: USERS.requester.aadObjectId, tenant: TEST_TENANT },
    replyTo: { platform: 'teams', address: { conversation } },
    enqueuedAt: new Date().toISOString(),
  });
  const send = (from: TestTeamsUser, extra: Partial<Parameters<typeof teamsActivityBody>[0]>) =>
    postActivity(url, teamsActivityBody({ id: `act-${++n}`, conversationId: conversation, from, serviceUrl: fake.serviceUrl, ...extra }));
  const click = (from: TestTeamsUser, verb: string, data: Record<string, unknown> | undefined) =>
    send(from, { type: 'invoke', name: 'adaptiveCard/action', replyToId: cardId, value: { action: { type: 'Action.Execute', verb, data } } });
  const puts = (): FakeConnectorCall[] => fake.delivered().filter((c) => c.method === 'PUT' && c.conversationId === conversation);
  const threadPosts = (): FakeConnectorCall[] => fake.delivered().filter((c) => c.method === 'POST' && c.conversationId === conversation && c.activityId === cardId);
  const cardData = (verb: string): Record<string, unknown> | undefined => cardOfCall(fake.delivered().find((c) => c.resultId === cardId))?.actions?.find((a) => a.verb === verb)?.data;

  beforeAll(async () => {
    redis = await startRedis();
    fake = await startFakeBotConnector();
    teams = await startTeamsAdapter({
      env: {},
      config: botConfig(redis.url),
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
      allowNoAuth: true,
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
      maintenance: {
        service: port,
        explainAudit: (entries, locale): Reply => ({
          kind: 'maintenance',
          locale,
          title: 'Maintenance audit',
          verdict: null,
          summary: `${entries.length} entries`,
          planes: [],
          sections: [{ heading: 'Entries', lines: entries.map((e) => `${e.requestId} ${e.event.type} by ${e.actor}`) }],
          advice: [],
          actions: [],
          context: { cluster: null, snapshotAt: null, requestId: 'audit' },
          findings: [],
        }),
      },
    });
    url = `http://127.0.0.1:${teams.port}/api/messages`;
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    publisher = new ReplyPublisher(connection);
    port.add(testRequest(ID, requester, conversation));
    port.add(testRequest(ID2, requester, conversation, { node: 'atlas-w-1', nodeRole: 'worker', approvalsRequired: 1 }));
    // The conversation reference is stored when the bot is added to the channel.
    await send(USERS.requester, { type: 'conversationUpdate' });
  });

  afterAll(async () => {
    await teams?.close();
    await publisher?.close();
    connection?.disconnect();
    await fake?.close();
    await redis?.stop();
  });

  it('posts the request card from the replies queue once (Adaptive Card 1.5, Approve/Reject/Cancel as Action.Execute with a Submit fallback) and attaches its address', async () => {
    const request = await port.get(ID);
    const reply = port.cardReply(request!);
    await publisher.publish('teams', { reply, job: job('tm-card-1') }, 'tm-card-1');
    // A second copy of the same card (another job id: a retried answer) posts nothing new.
    await publisher.publish('teams', { reply, job: job('tm-card-1b') }, 'tm-card-1b');
    await fake.waitFor(() => port.attached.length >= 2);
    const posted = fake.delivered().filter((c) => c.method === 'POST' && c.conversationId === conversation && cardOfCall(c) !== undefined);
    expect(posted).toHaveLength(1);
    cardId = posted[0]?.resultId ?? '';
    expect(port.attached[0]).toEqual({ id: ID, card: { conversationKey: conversation, activityId: cardId } });
    expect(port.attached[1]).toEqual(port.attached[0]);
    const card = cardOfCall(posted[0]);
    expect(card?.version).toBe('1.5');
    expect(card?.actions?.map((a) => [a.type, a.verb, a.data?.requestId, a.fallback?.type])).toEqual([
      ['Action.Execute', 'maintenance-approve', ID, 'Action.Submit'],
      ['Action.Execute', 'maintenance-reject', ID, 'Action.Submit'],
      ['Action.Execute', 'maintenance-cancel', ID, 'Action.Submit'],
    ]);
    expect(textOfCard(card)).toContain('Approvals 0/2');
  });

  it("a non-approver's click gets a private message and changes nothing", async () => {
    const res = await click(USERS.carol, 'maintenance-approve', cardData('maintenance-approve'));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: `[en] refused: not-approver (${ID} in prod)` });
    expect(port.decisions.at(-1)?.actor).toEqual({ platform: 'teams', tenant: TEST_TENANT, id: USERS.carol.aadObjectId, displayName: USERS.carol.name });
    expect((await port.get(ID))?.approvals).toHaveLength(0);
    await new Promise((r) => setTimeout(r, 300));
    expect(puts()).toHaveLength(0);
  });

  it('a click without an AAD object id is refused before any decision, even with an approver\'s display name', async () => {
    const decisions = port.decisions.length;
    const res = await click(USERS.noAad, 'maintenance-approve', cardData('maintenance-approve'));
    expect(res.json?.type).toBe('application/vnd.microsoft.activity.message');
    expect(String(res.json?.value)).toMatch(/Entra ID \(AAD\) object id/);
    expect(port.decisions).toHaveLength(decisions);
  });

  it('an approver\'s click: the invoke answers with the updated card and the card activity is replaced for everyone; a double click counts once', async () => {
    const res = await click(USERS.alice, 'maintenance-approve', cardData('maintenance-approve'));
    expect(res.json?.statusCode).toBe(200);
    expect(res.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    const value = res.json?.value as Parameters<typeof textOfCard>[0];
    expect(textOfCard(value)).toContain('Approvals 1/2');
    await fake.waitFor(() => puts().length >= 1);
    expect(puts()[0]?.activityId).toBe(cardId);
    expect(textOfCard(cardOfCall(puts()[0]))).toContain('Approvals 1/2');

    const again = await click(USERS.alice, 'maintenance-approve', cardData('maintenance-approve'));
    expect(again.json).toEqual({ statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: `[en] refused: already-approved (${ID} in prod)` });
    expect((await port.get(ID))?.approvals.map((a) => a.actor.id)).toEqual([USERS.alice.aadObjectId]);
    await new Promise((r) => setTimeout(r, 300));
    expect(puts()).toHaveLength(1);
  });

  it('the Action.Submit fallback (older clients) decides the same way and updates the card in place', async () => {
    const data = cardOfCall(fake.delivered().find((c) => c.resultId === cardId))?.actions?.find((a) => a.verb === 'maintenance-approve')?.fallback?.data;
    const res = await send(USERS.bob, { value: data, replyToId: cardId });
    expect(res.status).toBe(200);
    await fake.waitFor(() => puts().length >= 2);
    expect(puts()[1]?.activityId).toBe(cardId);
    expect(textOfCard(cardOfCall(puts()[1]))).toContain('State: approved. Approvals 2/2');
    expect((await port.get(ID))?.state).toBe('approved');
    // Approved: only Cancel is left on the card.
    expect(cardOfCall(puts()[1])?.actions?.map((a) => a.verb)).toEqual(['maintenance-cancel']);
  });

  it('thread deliveries reply to the card activity (once per message), update-card deliveries replace it', async () => {
    const progress: Reply = { ...port.cardReply((await port.get(ID))!), title: 'Draining atlas-cp-2: evicted 3 of 5', actions: [] };
    await publisher.publish('teams', { reply: progress, job: job(`${ID}.drain-1`), delivery: { mode: 'thread', maintenanceId: ID } }, `${ID}-drain-1`);
    await fake.waitFor(() => threadPosts().length >= 1);
    // The same message delivered again (a retried job under another id) is not posted twice.
    await publisher.publish('teams', { reply: progress, job: job(`${ID}.drain-1`), delivery: { mode: 'thread', maintenanceId: ID } }, `${ID}-drain-1-again`);
    await new Promise((r) => setTimeout(r, 500));
    expect(threadPosts()).toHaveLength(1);
    expect(textOfCard(cardOfCall(threadPosts()[0]))).toContain('evicted 3 of 5');

    const r = port.requests.get(ID)!;
    r.state = 'completed';
    await publisher.publish('teams', { reply: port.cardReply(r), job: job(`${ID}.done`), delivery: { mode: 'update-card', maintenanceId: ID } }, `${ID}-done`);
    await fake.waitFor(() => puts().length >= 3);
    expect(puts()[2]?.activityId).toBe(cardId);
    expect(textOfCard(cardOfCall(puts()[2]))).toContain('State: completed');
    expect(cardOfCall(puts()[2])?.actions).toBeUndefined();
  });

  it('typed "approve mr-…" works like the button, answered in the turn from Redis; refusals are answered too', async () => {
    const before = fake.calls.length;
    await send(USERS.requester, { text: `approve ${ID2}` });
    const selfTry = fake.calls.slice(before).find((c) => c.body.type === 'message');
    expect(selfTry?.body.text).toBe(`[en] refused: self-approval (${ID2} in prod)`);

    const mark = fake.calls.length;
    await send(USERS.bob, { text: `approve ${ID2}` });
    const ok = fake.calls.slice(mark).find((c) => c.body.type === 'message');
    expect(ok?.body.text).toBe(`Approved: ${ID2} has all its approvals; the maintenance of atlas-w-1 starts.`);
    expect((await port.get(ID2))?.state).toBe('approved');
    expect(port.decisions.at(-1)).toMatchObject({ id: ID2, action: 'approve', actor: { id: USERS.bob.aadObjectId } });
  });

  it('typed "audit": refused to non-admins, a card of entries for admins', async () => {
    const mark = fake.calls.length;
    await send(USERS.bob, { text: 'audit' });
    expect(fake.calls.slice(mark).find((c) => c.body.type === 'message')?.body.text).toBe('Only maintenance admins can read the audit log.');
    const mark2 = fake.calls.length;
    await send(USERS.alice, { text: 'audit' });
    const card = cardOfCall(fake.calls.slice(mark2).find((c) => cardOfCall(c) !== undefined));
    const text = textOfCard(card);
    expect(text).toContain(`${ID} approved by ${keyOf(USERS.alice)}`);
    expect(text.indexOf(`${ID} approved by ${keyOf(USERS.alice)}`)).toBeLessThan(text.indexOf(`${ID} approved by ${keyOf(USERS.bob)}`));
  });
});
