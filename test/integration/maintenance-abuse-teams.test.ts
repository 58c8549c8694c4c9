/**
 * Abuse of the Teams maintenance buttons through the real Teams adapter (HTTP, Bot
 * Framework activities), the real maintenance service on a real Redis and the fake Bot Connector:
 * clicks without an AAD object id, with the approver's AAD object id in another tenant, with the
 * approver's display name, forged `requestId` data, and a typed approval without an AAD object id.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { MaintenanceRequest } from '../../src/maintenance/types.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { TEST_TENANT, postActivity, teamsActivityBody } from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

const OTHER_TENANT = '0badbad0-0000-4000-8000-00000000bbbb';
const ALICE: TestTeamsUser = {
  id: '29:alice',
  name: 'Alice Approver',
  aadObjectId: 'a1a1a1a1-0000-4000-8000-0000000000a1',
};
const REQUESTER = 'r1r1r1r1-0000-4000-8000-0000000000r1';

describe('Teams maintenance buttons under abuse', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let service: MaintenanceService;
  let url: string;
  let n = 0;
  const conversation = '19:ops@thread.tacv2;messageid=1712000000200';

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    service = createMaintenanceService({
      redis,
      policy: parseMaintenancePolicy(
        `defaults:\n  approvers: ["teams:${TEST_TENANT}:${ALICE.aadObjectId}"]\n  approvals: { worker: 1, controlPlane: 1 }\n`,
        'p.yaml',
      ),
      logger: silentLogger,
    });
    fake = await startFakeBotConnector();
    ({ teams, url } = await startTestTeamsAdapter({
      env: {},
      config: testBotConfig(redisServer.url),
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
      maintenance: { service },
    }));
    await postActivity(
      url,
      teamsActivityBody({
        id: `act-${++n}`,
        conversationId: conversation,
        from: ALICE,
        serviceUrl: fake.serviceUrl,
        type: 'conversationUpdate',
      }),
    );
  });

  afterAll(async () => {
    await teams?.close();
    await service?.close();
    redis?.disconnect();
    await fake?.close();
    await redisServer?.stop();
  });

  let nodeNo = 0;
  const newRequest = async (): Promise<MaintenanceRequest> => {
    nodeNo += 1;
    const created = await service.createRequest({
      cluster: 'prod',
      node: `wk-${nodeNo}`,
      nodeRole: 'worker',
      reason: 'firmware',
      force: false,
      requestedBy: { platform: 'teams', tenant: TEST_TENANT, id: REQUESTER },
      locale: 'en',
      replyTo: { platform: 'teams', address: { conversation } },
      verdict: 'safe',
      summary: 'Safe.',
    });
    if (!created.ok) throw new Error(created.refusal);
    return created.request;
  };

  /** An Action.Execute click; `tenant` overrides the activity's tenant (conversation and channelData). */
  const click = async (
    from: TestTeamsUser,
    data: Record<string, unknown>,
    tenant?: { conversation?: string | null; channelData?: string | null },
  ) => {
    const body = teamsActivityBody({
      id: `act-${++n}`,
      conversationId: conversation,
      from,
      serviceUrl: fake.serviceUrl,
      type: 'invoke',
      name: 'adaptiveCard/action',
      value: {
        action: {
          type: 'Action.Execute',
          verb: 'maintenance-approve',
          data: { k8sHaBot: 'card-action', card: 'mr-card', value: data.requestId, ...data },
        },
      },
    });
    if (tenant?.conversation !== undefined) {
      const conv = body.conversation as Record<string, unknown>;
      if (tenant.conversation === null) delete conv.tenantId;
      else conv.tenantId = tenant.conversation;
    }
    if (tenant?.channelData !== undefined)
      body.channelData = tenant.channelData === null ? {} : { tenant: { id: tenant.channelData } };
    return postActivity(url, body);
  };

  it("no AAD object id (with the approver's name and Bot Framework id): refused, nothing decided", async () => {
    const r = await newRequest();
    const res = await click(
      { id: ALICE.id, name: ALICE.name },
      { action: 'maintenance-approve', requestId: r.id },
    );
    expect(res.json?.type).toBe('application/vnd.microsoft.activity.message');
    expect(String(res.json?.value)).toMatch(/Entra ID \(AAD\) object id/);
    expect((await service.get(r.id))?.approvals).toEqual([]);
  });

  it("the approver's AAD object id in another tenant, or with no tenant at all: not the approver", async () => {
    const r = await newRequest();
    const other = await click(
      ALICE,
      { action: 'maintenance-approve', requestId: r.id },
      { conversation: OTHER_TENANT, channelData: OTHER_TENANT },
    );
    expect(String(other.json?.value)).toMatch(/not an approver for prod/);
    const none = await click(
      ALICE,
      { action: 'maintenance-approve', requestId: r.id },
      { conversation: null, channelData: null },
    );
    expect(String(none.json?.value)).toMatch(/Entra ID \(AAD\) object id or tenant/);
    expect((await service.get(r.id))?.approvals).toEqual([]);
  });

  it('forged request ids in the card data decide nothing', async () => {
    const r = await newRequest();
    for (const requestId of [
      'mr-*',
      `${r.id}:x`,
      'x'.repeat(10_240),
      `mr-${'a'.repeat(10_240)}`,
      { id: r.id },
      r.id.toUpperCase(),
    ]) {
      const res = await click(ALICE, { action: 'maintenance-approve', requestId });
      expect(res.status).toBe(200);
      expect(String(res.json?.value)).toMatch(/not a maintenance request id|no such maintenance request/i);
    }
    expect((await service.get(r.id))?.approvals).toEqual([]);
    const ok = await click(ALICE, { action: 'maintenance-approve', requestId: r.id });
    expect(ok.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    expect((await service.get(r.id))?.state).toBe('approved');
  });
});
