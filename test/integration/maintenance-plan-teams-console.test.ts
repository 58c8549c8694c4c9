/**
 * Fleet maintenance plans in Teams and the console, with the real maintenance service
 * on a real Redis:
 * - Teams (the real adapter over HTTP, Bot Framework activities, the fake Bot Connector): the plan
 *   card's buttons are `Action.Execute` verbs carrying the plan id; the clicker is identified by
 *   tenant + AAD object id; a refusal goes to the clicker only, a counted decision answers with the
 *   updated card; typed controls in English and Korean; forged ids and a plan's control on a
 *   single-node request decide nothing.
 * - The console (`handleConsoleRequest` with the worker's answer step in process): a plan request
 *   answers the card (exit 0), decisions by user, an unknown node named with the closest name
 *   (exit 1, nothing planned), one open plan per cluster, `who holds the lock`, `break lock` on
 *   free locks.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import type { RunningTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { AnswerService } from '../../src/answer/answer.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import { maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { silentLogger } from '../../src/util/logger.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { TEST_TENANT, postActivity, teamsActivityBody } from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import { nodeNamesOf } from '../helpers/plan-fleet.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

const ALICE: TestTeamsUser = {
  id: '29:alice',
  name: 'Alice',
  aadObjectId: 'a1a1a1a1-0000-4000-8000-0000000000a1',
};
const BOB: TestTeamsUser = { id: '29:bob', name: 'Bob', aadObjectId: 'b2b2b2b2-0000-4000-8000-0000000000b2' };
const REQUESTER: TestTeamsUser = {
  id: '29:req',
  name: 'Requester',
  aadObjectId: 'c3c3c3c3-0000-4000-8000-0000000000c3',
};

let redisServer: TestRedis;
let redis: Redis;
let dir: string;
let file: SnapshotFile;
let config: BotConfig;

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  dir = await mkdtemp(join(tmpdir(), 'plan-chat-'));
  await writeScenarioFile(
    join(dir, 'gen.json'),
    generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 1, capturedAt: new Date() }),
  );
  file = await loadSnapshotFile(join(dir, 'gen.json'));
  config = {
    source: 'test',
    clusters: {
      prod: { kind: 'snapshot', snapshot: join(dir, 'gen.json'), requestTimeoutMs: 5000, deadlineMs: 20000 },
    },
    defaultCluster: 'prod',
    locale: 'en',
    redis: { url: redisServer.url },
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('maintenance plans in Teams', () => {
  let fake: FakeBotConnector;
  let teams: RunningTeamsAdapter;
  let service: MaintenanceService;
  let url: string;
  let n = 0;
  const conversation = '19:ops@thread.tacv2;messageid=1712000000300';
  const keyPrefix = 'k8s-ha-bot:maintenance:teams:';

  beforeAll(async () => {
    service = createMaintenanceService({
      redis,
      keyPrefix,
      prefix: 'teamsplan',
      policy: parseMaintenancePolicy(
        `defaults:\n  approvers: ["teams:${TEST_TENANT}:${ALICE.aadObjectId}", "teams:${TEST_TENANT}:${BOB.aadObjectId}", "teams:${TEST_TENANT}:${REQUESTER.aadObjectId}"]\n  approvals: { worker: 1, controlPlane: 2 }\n`,
        'p.yaml',
      ),
      logger: silentLogger,
    });
    fake = await startFakeBotConnector();
    ({ teams, url } = await startTestTeamsAdapter({
      env: {},
      config,
      poster: { baseDelayMs: 5, maxDelayMs: 50 },
      maintenance: { service: service.chat },
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
    await fake?.close();
  });

  const newPlan = async (nodes: string[]): Promise<MaintenancePlan> => {
    const created = await service.plans.createPlan({
      cluster: 'prod',
      read: async () => snapshotFromFile(file, 'prod', null, () => new Date(), nodeNamesOf(file)),
      nodes,
      reason: 'kernel patch',
      requestedBy: { platform: 'teams', tenant: TEST_TENANT, id: REQUESTER.aadObjectId ?? '' },
      locale: 'en',
      replyTo: { platform: 'teams', address: { conversation } },
    });
    if (!created.ok) throw new Error(created.refusal);
    return created.plan;
  };

  const click = (from: TestTeamsUser, verb: string, id: string) =>
    postActivity(
      url,
      teamsActivityBody({
        id: `act-${++n}`,
        conversationId: conversation,
        from,
        serviceUrl: fake.serviceUrl,
        type: 'invoke',
        name: 'adaptiveCard/action',
        value: {
          action: {
            type: 'Action.Execute',
            verb,
            data: { k8sHaBot: 'card-action', action: verb, card: id, value: id, requestId: id },
          },
        },
      }),
    );

  const typed = async (from: TestTeamsUser, text: string, locale = 'en-US'): Promise<string> => {
    const before = fake.delivered().length;
    await postActivity(
      url,
      teamsActivityBody({
        id: `act-${++n}`,
        conversationId: conversation,
        from,
        serviceUrl: fake.serviceUrl,
        text,
        locale,
      }),
    );
    await fake.waitFor(() => fake.delivered().length > before, WAIT_CEILING_MS);
    return String(fake.delivered().at(-1)?.body.text ?? '');
  };

  it('buttons decide by AAD object id: the requester is refused privately, approvals count once each, the card comes back updated with the controls that apply', async () => {
    const plan = await newPlan(['gen-cp-2', 'gen-wk-001']);
    expect(plan.approvalsRequired).toBe(2);
    const own = await click(REQUESTER, 'maintenance-approve', plan.id);
    expect(own.json).toMatchObject({ type: 'application/vnd.microsoft.activity.message' });
    expect(String(own.json?.value)).toBe('You cannot approve your own request.');
    const first = await click(ALICE, 'maintenance-approve', plan.id);
    expect(first.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    const card = JSON.stringify(first.json?.value);
    expect(card).toContain('Approvals: 1 of 2 (Alice)');
    expect(card).toContain('"verb":"maintenance-approve"');
    expect(card).toContain(`"requestId":"${plan.id}"`);
    const again = await click(ALICE, 'maintenance-approve', plan.id);
    expect(String(again.json?.value)).toBe('Already counted your approval (1 of 2).');
    // the second approval, typed: the plan's job is added to the cluster's maintenance queue once
    expect(await typed(BOB, `approve ${plan.id}`)).toBe(`Approved: ${plan.id} has all its approvals.`);
    const queue = new Queue(maintenanceQueueNameFor('prod'), { connection: redis, prefix: 'teamsplan' });
    try {
      expect((await queue.getJobs(['wait', 'active', 'delayed'])).map((j) => j.id)).toEqual([
        `mpx-${plan.id}`,
      ]);
    } finally {
      await queue.close();
    }
    // a plan's controls, as buttons and typed in Korean
    const pause = await click(BOB, 'maintenance-pause', plan.id);
    expect(JSON.stringify(pause.json?.value)).toContain('"verb":"maintenance-resume"');
    expect(await typed(REQUESTER, `${plan.id} 재개`, 'ko-KR')).toBe(`${plan.id}을(를) 재개했습니다.`);
    expect(await typed(ALICE, `${plan.id} 취소`, 'ko-KR')).toBe(
      `${plan.id} 취소 중: 진행 중인 단계가 끝나면 멈춥니다.`,
    );
    expect((await service.plans.plans.get(plan.id))?.state).toBe('cancelling');
  });

  it('forged plan ids and a plan control on a single-node request decide nothing', async () => {
    for (const id of ['mp-*', 'mp-AAAAAAAAAA', `mp-${'a'.repeat(5000)}`, 'lb-x']) {
      const res = await click(ALICE, 'maintenance-approve', id);
      expect(String(res.json?.value)).toMatch(/not a maintenance request id/);
    }
    const created = await service.createRequest({
      cluster: 'prod',
      node: 'gen-wk-002',
      nodeRole: 'worker',
      reason: 'firmware',
      force: false,
      requestedBy: { platform: 'teams', tenant: TEST_TENANT, id: REQUESTER.aadObjectId ?? '' },
      locale: 'en',
      replyTo: { platform: 'teams', address: { conversation } },
      verdict: 'safe',
      summary: 'Safe.',
    });
    if (!created.ok) throw new Error(created.refusal);
    const res = await click(ALICE, 'maintenance-pause', created.request.id);
    expect(String(res.json?.value)).toBe(
      `That does not apply to ${created.request.id} now (it is waiting for approval).`,
    );
    expect((await service.get(created.request.id))?.state).toBe('pending-approval');
  });
});

describe('maintenance plans in the console', () => {
  let service: MaintenanceService;
  let answers: AnswerService;

  beforeAll(() => {
    service = createMaintenanceService({
      redis,
      keyPrefix: 'k8s-ha-bot:maintenance:console:',
      prefix: 'consoleplan',
      policy: parseMaintenancePolicy(
        'defaults:\n  approvers: ["console:local:bob", "console:local:carol", "console:local:alice"]\n  approvals: { worker: 1, controlPlane: 2 }\n',
        'p.yaml',
      ),
      logger: silentLogger,
    });
    answers = createAnswerService({ config, logger: silentLogger, maintenance: service });
  });
  afterAll(async () => {
    await answers?.close();
    await service?.close();
  });

  const ask = (text: string, user: string) =>
    handleConsoleRequest({ text, user }, config, (job) => answers.answer(job));

  it('a plan request answers its card; decisions by user; an unknown node is named; one open plan; the locks', async () => {
    const made = await ask('maintain gen-wk-001 gen-wk-002 firmware', 'alice');
    expect(made.exitCode).toBe(0);
    expect(made.reply.kind).toBe('maintenance');
    expect(made.reply.title).toMatch(/^Maintenance plan mp-[a-z2-7]{10}: 2 nodes of prod$/);
    expect(made.reply.actions.map((a) => a.id)).toEqual([
      'maintenance-approve',
      'maintenance-reject',
      'maintenance-cancel',
    ]);
    const id = made.reply.context.maintenanceId ?? '';
    expect(made.request).toMatchObject({ intent: 'maintenance-plan', nodes: ['gen-wk-001', 'gen-wk-002'] });
    const self = await ask(`approve ${id}`, 'alice');
    expect(self.exitCode).toBe(1);
    expect(self.reply.summary).toBe('You cannot approve your own request.');
    const ok = await ask(`approve ${id}`, 'bob');
    expect(ok.exitCode).toBe(0);
    expect(ok.reply.summary).toBe('Approved; the plan starts shortly.');
    const open = await ask('모든 워커 유지보수 요청 커널', 'carol');
    expect(open.exitCode).toBe(1);
    expect(open.reply.summary).toBe(`prod에 이미 열린 유지보수 계획이 있습니다 (${id}, 승인됨).`);
    expect((await ask(`cancel ${id}`, 'alice')).reply.summary).toBe(
      'Cancel asked: the plan stops after the node in progress.',
    );
    const unknown = await ask('maintain gen-wk-001 gen-wk-09', 'alice');
    expect(unknown.exitCode).toBe(1);
    expect(unknown.reply.summary).toBe(
      'No node named gen-wk-09 in prod; nothing was planned. Did you mean gen-wk-001?',
    );
    const locks = await ask('who holds the lock', 'alice');
    expect(locks.exitCode).toBe(0);
    expect(locks.reply.sections[0]?.lines).toEqual([
      'k8s-ha-bot/k8s-ha-bot-maintenance: free.',
      'kured: not installed (no kured DaemonSet).',
    ]);
    const nothing = await ask('break lock', 'alice');
    expect(nothing.exitCode).toBe(1);
    expect(nothing.reply.summary).toBe('Nothing to break: both locks are free.');
  });
});
