/**
 * Maintenance through the Teams adapter: botbuilder's real CloudAdapter on
 * /api/messages, a fake Bot Connector at its HTTP boundary (reached through `serviceUrl`), real
 * Redis and the Teams replies queue.
 *
 * Part 2 is the acceptance path with everything real (see its describe block).
 *
 * Part 1 drives the adapter against an in-memory stand-in of the MaintenanceService (decision
 * rules only), to pin down the Teams side: card posting and attaching, Action.Execute / Submit,
 * private refusals, identities, thread replies, card updates, typed decisions and audit.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import type { AnswerService } from '../../src/answer/answer.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { MaintenanceRequest, MaintenanceState } from '../../src/maintenance/types.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { startMaintenanceWorker } from '../../workers/maintenance-worker.js';
import type { RunningMaintenanceWorker } from '../../workers/maintenance-worker.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { startScenarioSimulator } from '../helpers/simulator.js';
import { TEAMS_LIMITS } from '../../adapters/teams/render-card.js';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { actorKey } from '../../src/maintenance/types.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { repliesQueueNameFor } from '../../src/queue/job.js';
import { ReplyPublisher } from '../../src/queue/reply-queue.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector, FakeConnectorCall } from '../helpers/fake-bot-connector.js';
import { FakeMaintenancePort, testRequest } from '../helpers/fake-maintenance-port.js';
import {
  TEST_TENANT,
  cardOfCall,
  postActivity,
  teamsActivityBody,
  textOfCard,
} from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { queuesIdle } from '../helpers/queue-idle.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const USERS = {
  requester: {
    id: '29:req',
    name: 'Rita Requester',
    aadObjectId: 'aad-00000000-0000-0000-0000-0000000000r1',
  },
  alice: { id: '29:alice', name: 'Alice Approver', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000a1' },
  bob: { id: '29:bob', name: 'Bob Approver', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000b1' },
  carol: { id: '29:carol', name: 'Carol Onlooker', aadObjectId: 'aad-00000000-0000-0000-0000-0000000000c1' },
  // Same display name as an approver, no AAD object id: must never pass as Alice.
  noAad: { id: '29:mallory', name: 'Alice Approver' },
} satisfies Record<string, TestTeamsUser>;

const require = createRequire(import.meta.url);
/** The adaptivecards UMD build (its ESM build has extensionless imports Node cannot load). */
const AC = require('adaptivecards/dist/adaptivecards.js') as {
  AdaptiveCard: new () => { parse(json: unknown, ctx: unknown): void; version: { toString(): string } };
  SerializationContext: new () => { eventCount: number; getEventAt(i: number): { message: string } };
};

/** Parse a card with the adaptivecards object model: its warnings and version. */
function parseWithAdaptiveCards(card: unknown): { events: string[]; version: string } {
  const ac = new AC.AdaptiveCard();
  const ctx = new AC.SerializationContext();
  ac.parse(card, ctx);
  const events: string[] = [];
  for (let i = 0; i < ctx.eventCount; i += 1) events.push(ctx.getEventAt(i).message);
  return { events, version: ac.version.toString() };
}

const keyOf = (u: TestTeamsUser): string =>
  actorKey({ platform: 'teams', tenant: TEST_TENANT, id: u.aadObjectId ?? '' });

describe('Teams maintenance cards and buttons (adapter against a stand-in service)', () => {
  /** No Teams reply (card update or thread message) left to deliver: a late one would be a job here. */
  const repliesDelivered = (): Promise<boolean> =>
    queuesIdle(redis.url, 'bull', [repliesQueueNameFor('teams')]);
  let redis: TestRedis;
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let connection: Redis;
  let publisher: ReplyPublisher;
  let url: string;
  const port = new FakeMaintenancePort([keyOf(USERS.alice), keyOf(USERS.bob)], [keyOf(USERS.alice)]);
  const conversation = '19:ops@thread.tacv2;messageid=1712000000100';
  const requester = {
    platform: 'teams' as const,
    tenant: TEST_TENANT,
    id: USERS.requester.aadObjectId,
    displayName: USERS.requester.name,
  };
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
    postActivity(
      url,
      teamsActivityBody({
        id: `act-${++n}`,
        conversationId: conversation,
        from,
        serviceUrl: fake.serviceUrl,
        ...extra,
      }),
    );
  const click = (from: TestTeamsUser, verb: string, data: Record<string, unknown> | undefined) =>
    send(from, {
      type: 'invoke',
      name: 'adaptiveCard/action',
      replyToId: cardId,
      value: { action: { type: 'Action.Execute', verb, data } },
    });
  const puts = (): FakeConnectorCall[] =>
    fake.delivered().filter((c) => c.method === 'PUT' && c.conversationId === conversation);
  const threadPosts = (): FakeConnectorCall[] =>
    fake
      .delivered()
      .filter((c) => c.method === 'POST' && c.conversationId === conversation && c.activityId === cardId);
  const cardData = (verb: string): Record<string, unknown> | undefined =>
    cardOfCall(fake.delivered().find((c) => c.resultId === cardId))?.actions?.find((a) => a.verb === verb)
      ?.data;

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeBotConnector();
    ({ teams, url } = await startTestTeamsAdapter({
      env: {},
      config: testBotConfig(redis.url),
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
          sections: [
            { heading: 'Entries', lines: entries.map((e) => `${e.requestId} ${e.event.type} by ${e.actor}`) },
          ],
          advice: [],
          actions: [],
          context: { cluster: null, snapshotAt: null, requestId: 'audit' },
          findings: [],
        }),
      },
    }));
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    publisher = new ReplyPublisher(connection);
    port.add(testRequest(ID, requester, conversation));
    port.add(
      testRequest(ID2, requester, conversation, {
        node: 'atlas-w-1',
        nodeRole: 'worker',
        approvalsRequired: 1,
      }),
    );
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
    const posted = fake
      .delivered()
      .filter((c) => c.method === 'POST' && c.conversationId === conversation && cardOfCall(c) !== undefined);
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
    expect(res.json).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: `[en] refused: not-approver (${ID} in prod)`,
    });
    expect(port.decisions.at(-1)?.actor).toEqual({
      platform: 'teams',
      tenant: TEST_TENANT,
      id: USERS.carol.aadObjectId,
      displayName: USERS.carol.name,
    });
    expect((await port.get(ID))?.approvals).toHaveLength(0);
    await eventually('no card update left to deliver', repliesDelivered);
    expect(puts()).toHaveLength(0);
  });

  it("a click without an AAD object id is refused before any decision, even with an approver's display name", async () => {
    const decisions = port.decisions.length;
    const res = await click(USERS.noAad, 'maintenance-approve', cardData('maintenance-approve'));
    expect(res.json?.type).toBe('application/vnd.microsoft.activity.message');
    expect(String(res.json?.value)).toMatch(/Entra ID \(AAD\) object id/);
    expect(port.decisions).toHaveLength(decisions);
  });

  it("an approver's click: the invoke answers with the updated card and the card activity is replaced for everyone; a double click counts once", async () => {
    const res = await click(USERS.alice, 'maintenance-approve', cardData('maintenance-approve'));
    expect(res.json?.statusCode).toBe(200);
    expect(res.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    const value = res.json?.value as Parameters<typeof textOfCard>[0];
    expect(textOfCard(value)).toContain('Approvals 1/2');
    await fake.waitFor(() => puts().length >= 1);
    expect(puts()[0]?.activityId).toBe(cardId);
    expect(textOfCard(cardOfCall(puts()[0]))).toContain('Approvals 1/2');

    const again = await click(USERS.alice, 'maintenance-approve', cardData('maintenance-approve'));
    expect(again.json).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: `[en] refused: already-approved (${ID} in prod)`,
    });
    expect((await port.get(ID))?.approvals.map((a) => a.actor.id)).toEqual([USERS.alice.aadObjectId]);
    await eventually('no card update left to deliver', repliesDelivered);
    expect(puts()).toHaveLength(1);
  });

  it('the Action.Submit fallback (older clients) decides the same way and updates the card in place', async () => {
    const data = cardOfCall(fake.delivered().find((c) => c.resultId === cardId))?.actions?.find(
      (a) => a.verb === 'maintenance-approve',
    )?.fallback?.data;
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
    const progress: Reply = {
      ...port.cardReply((await port.get(ID))!),
      title: 'Draining atlas-cp-2: evicted 3 of 5',
      actions: [],
    };
    await publisher.publish(
      'teams',
      { reply: progress, job: job(`${ID}.drain-1`), delivery: { mode: 'thread', maintenanceId: ID } },
      `${ID}-drain-1`,
    );
    await fake.waitFor(() => threadPosts().length >= 1);
    // The same message delivered again (a retried job under another id) is not posted twice.
    await publisher.publish(
      'teams',
      { reply: progress, job: job(`${ID}.drain-1`), delivery: { mode: 'thread', maintenanceId: ID } },
      `${ID}-drain-1-again`,
    );
    await eventually('the second delivery done', repliesDelivered);
    expect(threadPosts()).toHaveLength(1);
    expect(textOfCard(cardOfCall(threadPosts()[0]))).toContain('evicted 3 of 5');

    const r = port.requests.get(ID)!;
    r.state = 'completed';
    await publisher.publish(
      'teams',
      {
        reply: port.cardReply(r),
        job: job(`${ID}.done`),
        delivery: { mode: 'update-card', maintenanceId: ID },
      },
      `${ID}-done`,
    );
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
    expect(ok?.body.text).toBe(
      `Approved: ${ID2} has all its approvals; the maintenance of atlas-w-1 starts.`,
    );
    expect((await port.get(ID2))?.state).toBe('approved');
    expect(port.decisions.at(-1)).toMatchObject({
      id: ID2,
      action: 'approve',
      actor: { id: USERS.bob.aadObjectId },
    });
  });

  it('typed "audit": refused to non-admins, a card of entries for admins', async () => {
    const mark = fake.calls.length;
    await send(USERS.bob, { text: 'audit' });
    expect(fake.calls.slice(mark).find((c) => c.body.type === 'message')?.body.text).toBe(
      'Only maintenance admins of a cluster may read the audit.',
    );
    const mark2 = fake.calls.length;
    await send(USERS.alice, { text: 'audit' });
    const card = cardOfCall(fake.calls.slice(mark2).find((c) => cardOfCall(c) !== undefined));
    const text = textOfCard(card);
    expect(text).toContain(`${ID} approved by ${keyOf(USERS.alice)}`);
    expect(text.indexOf(`${ID} approved by ${keyOf(USERS.alice)}`)).toBeLessThan(
      text.indexOf(`${ID} approved by ${keyOf(USERS.bob)}`),
    );
  });

  it('a redelivered click (same activity id) is decided once and answered with the current card; a Korean clicker is answered in Korean', async () => {
    const ID3 = 'mr-cdefghijkm';
    port.add(testRequest(ID3, requester, conversation));
    const data = {
      k8sHaBot: 'card-action',
      action: 'maintenance-approve',
      value: ID3,
      card: ID3,
      requestId: ID3,
    };
    const body = teamsActivityBody({
      id: 'click-once',
      conversationId: conversation,
      from: USERS.alice,
      serviceUrl: fake.serviceUrl,
      type: 'invoke',
      name: 'adaptiveCard/action',
      value: { action: { type: 'Action.Execute', verb: 'maintenance-approve', data } },
    });
    const decisions = port.decisions.length;
    const first = await postActivity(url, body);
    const again = await postActivity(url, body);
    expect(first.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(again.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(textOfCard(again.json?.value as Parameters<typeof textOfCard>[0])).toContain('Approvals 1/2');
    expect(port.decisions.length).toBe(decisions + 1);

    const ko = await click(USERS.carol, 'maintenance-approve', data);
    expect(ko.json?.value).toBe(`[en] refused: not-approver (${ID3} in prod)`);
    const koClick = await send(USERS.carol, {
      type: 'invoke',
      name: 'adaptiveCard/action',
      locale: 'ko-KR',
      value: { action: { type: 'Action.Execute', verb: 'maintenance-approve', data } },
    });
    expect(koClick.json?.value).toBe(`[ko] refused: not-approver (${ID3} in prod)`);
  });

  it('a typed request without an AAD object id is refused and enqueues nothing; "maintenance status" shows the card again', async () => {
    const jobsConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const jobs = new Queue('k8s-ha-bot-cluster-prod', { connection: jobsConnection });
    try {
      const mark = fake.calls.length;
      await send(USERS.noAad, { text: 'maintain atlas-cp-2 kernel update' });
      expect(fake.calls.slice(mark).find((c) => c.body.type === 'message')?.body.text).toMatch(
        /Entra ID \(AAD\) object id/,
      );
      const counts = await jobs.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
      expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(0);

      const mark2 = fake.calls.length;
      await send(USERS.carol, { text: `maintenance status ${ID2}` });
      const card = cardOfCall(fake.calls.slice(mark2).find((c) => cardOfCall(c) !== undefined));
      expect(textOfCard(card)).toContain('State: approved');
    } finally {
      await jobs.close();
      jobsConnection.disconnect();
    }
  });
});

/**
 * Part 2, the maintenance acceptance path through Teams: a typed request in a channel → the worker's
 * answer step (reboot-impact analysis on the simulator, policy, request created) → the request card
 * posted at the fake connector and attached → a non-approver's click and a double click refused
 * privately → two distinct approvers (control-plane node) → the maintenance worker: lock, cordon,
 * drain (the CoreDNS pod evicted), ready to reboot → the test reboots the node in the simulator →
 * verified, uncordoned, lock released, summary. Everything in-process except Redis.
 */
describe('Teams maintenance end to end: request → approvals → lock → cordon → drain → reboot → uncordon → summary', () => {
  const NODE = 'atlas-cp-2';
  const conversation = '19:platform@thread.tacv2;messageid=1712000000900';
  const approverA = USERS.alice;
  const approverB = USERS.bob;
  let redis: TestRedis;
  let fake: FakeBotConnector;
  let sim: RunningSimulator;
  let teams: RunningTeamsAdapter;
  let answers: AnswerService;
  let worker: RunningWorker;
  let executor: RunningMaintenanceWorker;
  let service: MaintenanceService;
  let serviceRedis: Redis;
  let publisher: ReplyPublisher;
  let dir: string;
  let url: string;
  let n = 0;

  const send = (from: TestTeamsUser, extra: Partial<Parameters<typeof teamsActivityBody>[0]>) =>
    postActivity(
      url,
      teamsActivityBody({
        id: `e2e-${++n}`,
        conversationId: conversation,
        from,
        serviceUrl: fake.serviceUrl,
        ...extra,
      }),
    );

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeBotConnector();
    // Heartbeats: the snapshot's Leases and node heartbeats stay as fresh as a live cluster's however
    // long a busy machine takes to reach the maintenance (an aging snapshot made the node unsafe).
    sim = await startScenarioSimulator('01-healthy-3cp-stacked-etcd.json', { heartbeats: true });
    dir = await mkdtemp(join(tmpdir(), 'teams-maint-'));
    const kubeconfig = join(dir, 'kubeconfig.yaml');
    await writeFile(kubeconfig, sim.kubeconfig);
    const config: BotConfig = {
      source: 'test',
      clusters: {
        prod: {
          kind: 'context',
          context: 'simulator',
          kubeconfig,
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'prod',
      locale: 'en',
      redis: { url: redis.url },
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    const policy = parseMaintenancePolicy(
      [
        'defaults:',
        '  requesters: ["*"]',
        `  approvers: ["${keyOf(approverA)}", "${keyOf(approverB)}"]`,
        `  admins: ["${keyOf(approverA)}"]`,
        '  approvals: { worker: 1, controlPlane: 2 }',
        '  drain: { timeoutMs: 30000, parallelism: 2, evictionBackoffMs: 200, progressIntervalMs: 1000 }',
        '  reboot: { timeoutMs: 30000 }',
        '  lock: { namespace: k8s-ha-bot, leaseName: k8s-ha-bot-maintenance, leaseDurationSeconds: 15 }',
      ].join('\n'),
      'test-policy.yaml',
    );
    serviceRedis = new Redis(redis.url, { maxRetriesPerRequest: null });
    publisher = new ReplyPublisher(serviceRedis);
    service = createMaintenanceService({ redis: serviceRedis, policy, logger: silentLogger, publisher });
    answers = createAnswerService({ config, maintenance: service });
    worker = await startWorker({
      redisUrl: redis.url,
      clusters: ['prod'],
      handler: answers.handler,
      logger: silentLogger,
    });
    executor = await startMaintenanceWorker({
      redisUrl: redis.url,
      clusters: ['prod'],
      logger: silentLogger,
      lockDurationMs: 2000,
      stalledIntervalMs: 1000,
      depsFor: async (cluster) => ({
        store: service.store,
        notifier: service.notifier,
        kubeConfig: await answers.kubeConfigFor(cluster),
        policy: policy.forCluster(cluster),
        holderIdentity: 'teams-e2e-worker',
        analyze: (node) => answers.analyzeNode(cluster, node),
        logger: silentLogger,
        pollMs: 100,
      }),
    });
    ({ teams, url } = await startTestTeamsAdapter({
      env: {},
      config,
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
      maintenance: { service },
    }));
  });

  afterAll(async () => {
    await teams?.close();
    await executor?.close({ force: true });
    await worker?.close();
    await answers?.close();
    await service?.close();
    await publisher?.close();
    serviceRedis?.disconnect();
    await sim?.close();
    await fake?.close();
    await redis?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const waitForState = async (
    id: string,
    states: MaintenanceState[],
    timeoutMs = 30_000,
  ): Promise<MaintenanceRequest> => {
    let r: MaintenanceRequest | null = null;
    return eventually(
      () => `request ${id} in ${states.join('/')} (is ${r?.state} ${r?.stateReason ?? ''})`,
      async () => {
        r = await service.get(id);
        return r && states.includes(r.state) ? r : undefined;
      },
      timeoutMs,
    );
  };

  it('runs the whole maintenance from Teams, with thread replies, card updates and audit entries in order', async () => {
    const started = Date.now();
    // 1. The request, typed in a channel.
    const asked = await send(USERS.requester, { text: `maintain ${NODE} kernel 6.8 security update` });
    expect(asked.status).toBe(200);
    const isCard = (c: FakeConnectorCall): boolean =>
      c.method === 'POST' &&
      c.conversationId === conversation &&
      (cardOfCall(c)?.actions ?? []).some((a) => a.verb === 'maintenance-approve');
    await fake.waitFor((calls) => calls.some(isCard), WAIT_CEILING_MS);
    const cardCall = fake.delivered().find(isCard);
    const cardId = cardCall?.resultId ?? '';
    const approve = cardOfCall(cardCall)?.actions?.find((a) => a.verb === 'maintenance-approve');
    const id = String(approve?.data?.requestId);
    expect(id).toMatch(/^mr-[a-z2-7]{10}$/);
    expect(textOfCard(cardOfCall(cardCall))).toContain('Approvals: 0 of 2');
    await eventually(
      'the card attached to the request',
      async () => (await service.get(id))?.card !== undefined,
    );
    const created = await service.get(id);
    expect(created?.card).toEqual({ conversationKey: conversation, activityId: cardId });
    expect(created?.requestedBy).toEqual({
      platform: 'teams',
      tenant: TEST_TENANT,
      id: USERS.requester.aadObjectId,
      displayName: USERS.requester.name,
    });
    expect(created?.nodeRole).toBe('control-plane');
    expect(created?.approvalsRequired).toBe(2);

    const click = (from: TestTeamsUser) =>
      send(from, {
        type: 'invoke',
        name: 'adaptiveCard/action',
        replyToId: cardId,
        value: { action: { type: 'Action.Execute', verb: 'maintenance-approve', data: approve?.data } },
      });
    const puts = (): FakeConnectorCall[] =>
      fake.delivered().filter((c) => c.method === 'PUT' && c.activityId === cardId);

    // 2. A non-approver's click: private message, nothing changes.
    const nosy = await click(USERS.carol);
    expect(nosy.json).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: 'You are not an approver for prod.',
    });
    // The requester cannot approve their own request either.
    expect((await click(USERS.requester)).json?.value).toBe('You cannot approve your own request.');
    await eventually('no card update left to deliver', () =>
      queuesIdle(redis.url, 'bull', [repliesQueueNameFor('teams')]),
    );
    expect(puts()).toHaveLength(0);
    expect((await service.get(id))?.approvals).toHaveLength(0);

    // 3. First approver: the card comes back updated in the invoke response, and is replaced for everyone.
    const first = await click(approverA);
    expect(first.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(textOfCard(first.json?.value as Parameters<typeof textOfCard>[0])).toContain('Approvals: 1 of 2');
    await fake.waitFor(() => puts().length >= 1);
    // 4. A double click counts once.
    const double = await click(approverA);
    expect(double.json).toEqual({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
      value: 'Already counted your approval (1 of 2).',
    });
    const afterDouble = await service.get(id);
    expect(afterDouble?.approvals.map((a) => a.actor.id)).toEqual([approverA.aadObjectId]);
    expect(afterDouble?.state).toBe('pending-approval');
    expect(sim.getObject('nodes', null, NODE)?.spec).not.toMatchObject({ unschedulable: true });

    // 5. Second approver: approved, the maintenance worker takes over.
    const second = await click(approverB);
    expect(second.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    const drained = await waitForState(id, ['awaiting-reboot', 'failed', 'cancelled']);
    expect(drained.state).toBe('awaiting-reboot');
    expect(sim.getObject('nodes', null, NODE)?.spec).toMatchObject({ unschedulable: true });
    expect([...sim.evictions.keys()].join(' ')).toContain('coredns-jjk48vcnb2-6ws28');

    // 6. The operator reboots the node (simulated); the bot verifies, uncordons, sums up.
    await sim.rebootNode(NODE, { downMs: 500 });
    const done = await waitForState(id, ['completed', 'failed', 'cancelled']);
    expect(done.state).toBe('completed');
    expect(
      (sim.getObject('nodes', null, NODE)?.spec as { unschedulable?: boolean } | undefined)?.unschedulable,
    ).toBeFalsy();

    // Audit, in order (the state is written just before its event is appended: wait for the last one).
    const entries = await eventually('the completed event in the audit', async () => {
      const all = await service.audit.forRequest(id);
      return all.at(-1)?.event.type === 'completed' ? all : undefined;
    });
    expect(entries.map((e) => e.event.type).filter((t) => t !== 'drain-progress')).toEqual([
      'requested',
      'approved',
      'approved',
      'execution-started',
      'locked',
      'cordoned',
      'eviction',
      'drained',
      'rebooted',
      'verified',
      'uncordoned',
      'lock-released',
      'forecast-compared', // the forecast vs observed of the node (issue 34)
      'completed',
    ]);
    expect(entries.filter((e) => e.event.type === 'approved').map((e) => e.actor)).toEqual([
      keyOf(approverA),
      keyOf(approverB),
    ]);

    // Thread replies: each a reply to the card activity, in the order of the events.
    const thread = (): FakeConnectorCall[] =>
      fake.delivered().filter((c) => c.method === 'POST' && c.activityId === cardId);
    const expected = [
      `${approverA.name} approved (1 of 2).`,
      `${approverB.name} approved (2 of 2): approved, execution starts.`,
      'Execution started',
      'Took the maintenance lock',
      `Cordoned ${NODE}`,
      `${NODE} is drained`,
      `${NODE} rebooted (new boot id`,
      `${NODE} is back`,
      `Uncordoned ${NODE}.`,
      'Released the maintenance lock',
      `Maintenance of ${NODE} completed: drain `,
    ];
    await fake.waitFor(
      () => thread().filter((c) => String(c.body.summary ?? '').includes('completed: drain')).length >= 1,
      60_000,
    );
    const summaries = thread().map((c) => textOfCard(cardOfCall(c)));
    let at = -1;
    for (const want of expected) {
      const found = summaries.findIndex((s, i) => i > at && s.includes(want));
      expect({ want, found: found > at }).toEqual({ want, found: true });
      at = found;
    }
    expect(thread().every((c) => c.conversationId === conversation)).toBe(true);

    // The card, replaced in place, ends with the completed state and no buttons.
    await fake.waitFor(
      () => puts().some((c) => textOfCard(cardOfCall(c)).includes(`Done: ${NODE} was rebooted and checked.`)),
      60_000,
    );
    const last = puts().at(-1);
    expect(textOfCard(cardOfCall(last))).toContain(`Done: ${NODE} was rebooted and checked.`);
    expect(cardOfCall(last)?.actions ?? []).toEqual([]);
    // Only one request card was ever posted.
    expect(fake.delivered().filter(isCard)).toHaveLength(1);
    // Every card the connector saw parses with the adaptivecards object model, without warnings,
    // and every activity stays under Teams' 28 KB.
    for (const c of [cardCall, ...puts(), ...thread()]) {
      const parsed = parseWithAdaptiveCards(cardOfCall(c));
      expect(parsed).toEqual({ events: [], version: '1.5' });
      expect(c?.bytes).toBeLessThan(TEAMS_LIMITS.messageBytes);
    }
    expect(parseWithAdaptiveCards(first.json?.value)).toEqual({ events: [], version: '1.5' });

    // 7. Typed audit by the admin, answered in the turn: the entries, newest first.
    const mark = fake.calls.length;
    await send(approverA, { text: 'audit' });
    const auditText = textOfCard(cardOfCall(fake.calls.slice(mark).find((c) => cardOfCall(c) !== undefined)));
    expect(auditText).toContain(id);
    const newest = auditText.indexOf(`Maintenance of ${NODE} completed`);
    const oldest = auditText.indexOf(`asked to reboot ${NODE}`);
    expect(newest).toBeGreaterThanOrEqual(0);
    expect(oldest).toBeGreaterThan(newest);
    const largest = Math.max(...[cardCall, ...puts(), ...thread()].map((c) => c?.bytes ?? 0));
    console.log(
      `Teams maintenance e2e: ${Date.now() - started} ms, ${thread().length} thread replies, ${puts().length} card updates, ${entries.length} audit entries, largest activity ${largest} B`,
    );
  });
});
