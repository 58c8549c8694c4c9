/**
 * A fleet plan's work is bounded (issue 33 finding 3: "maintain all workers" on 2,000 nodes held
 * the worker's event loop for 115 s, the requester was told it did not finish, and a plan was
 * stored anyway, holding the cluster's one open-plan slot with no card):
 * - more targets than the policy's `fleet.maxNodes` are refused before the cluster is read for
 *   them, in English and Korean, with a label selector that picks few enough; nothing is stored;
 * - a plan whose answer deadline passes while it is built, or while it is written, leaves no plan
 *   holding the cluster (the next plan can be made);
 * - building a plan yields the event loop between its nodes' analyses and between the joint
 *   analyses of its steps (what keeps `/healthz`, the queue-lock renewals and the job's time limit
 *   running).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { AnswerService } from '../../src/answer/answer.js';
import { answerMaintenancePlan } from '../../src/answer/answer-maintenance-plan.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { NODES_PER_YIELD, buildPlanNodes } from '../../src/maintenance/plan/build-plan.js';
import { createMaintenancePlan } from '../../src/maintenance/plan/create-plan.js';
import { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import { silentLogger } from '../../src/util/logger.js';
import { testPolicy } from '../helpers/maintenance-test-store.js';
import { alice, nodeNamesOf, useGeneratedFleet } from '../helpers/plan-fleet.js';
import { countTurns } from '../helpers/event-loop-turns.js';

const CLUSTER = 'prod';
// 40 nodes: 3 control-plane, 37 workers over zones a (13), b (12) and c (12)
const gen = useGeneratedFleet({
  cluster: CLUSTER,
  tmpPrefix: 'plan-bounds-',
  generate: { nodes: 40, pods: 240, controlPlaneNodes: 3, seed: 5 },
});
const workers = (): string[] => nodeNamesOf(gen.file).filter((n) => n.includes('-wk-'));

/** The plans stored under a key prefix (all of them, whatever their state). */
async function storedPlans(keyPrefix: string): Promise<MaintenancePlan[]> {
  const keys = await gen.redis.keys(`${keyPrefix}plan:*`);
  const texts = await Promise.all(keys.map((k) => gen.redis.get(k)));
  return texts.map((t) => JSON.parse(t ?? 'null') as MaintenancePlan);
}

describe('a plan over more nodes than fleet.maxNodes', () => {
  const keyPrefix = 'test:bounds:cap:';
  let service: MaintenanceService;
  let answers: AnswerService;
  let config: BotConfig;

  beforeAll(() => {
    config = {
      source: 'test',
      clusters: {
        [CLUSTER]: {
          kind: 'snapshot',
          snapshot: join(gen.dir, 'gen.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: CLUSTER,
      locale: 'en',
      redis: { url: gen.redisUrl },
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    service = createMaintenanceService({
      redis: gen.redis,
      keyPrefix,
      prefix: 'boundsplan',
      policy: parseMaintenancePolicy('defaults:\n  fleet: { maxNodes: 20 }\n', 'p.yaml'),
      logger: silentLogger,
    });
    answers = createAnswerService({ config, logger: silentLogger, maintenance: service });
  });
  afterAll(async () => {
    await answers?.close();
    await service?.close();
  });

  const ask = (text: string) =>
    handleConsoleRequest({ text, user: 'alice' }, config, (job) => answers.answer(job));

  it('is refused with the count, the limit and a selector that fits, in English and Korean; nothing is stored', async () => {
    for (const [text, said] of <[string, string][]>[
      [
        'maintain all workers firmware',
        'Those targets select 37 nodes of prod, more than one plan may hold (20, policy `fleet.maxNodes`); ' +
          'nothing was planned. Ask for fewer at a time: a node pool or zone with a label selector ' +
          '(`maintain -l topology.kubernetes.io/zone=zone-a`), or the nodes by name.',
      ],
      [
        '모든 워커 유지보수 요청 펌웨어',
        '대상이 prod의 노드 37대를 선택합니다. 계획 하나에 담을 수 있는 노드 수(20대, 정책 `fleet.maxNodes`)보다 많아 ' +
          '계획을 만들지 않았습니다. 한 번에 더 적게 요청하세요: 레이블 셀렉터로 노드 풀이나 존을 지정하거나' +
          '(`-l topology.kubernetes.io/zone=zone-a 유지보수 요청`), 노드 이름을 나열하세요.',
      ],
    ]) {
      const refused = await ask(text);
      expect(refused.exitCode).toBe(1);
      expect(refused.reply.summary).toBe(said);
    }
    // a selector keeps what was asked and narrows it
    const sel = await ask('maintain -l kubernetes.io/os=linux');
    expect(sel.reply.summary).toContain(
      '(`maintain -l kubernetes.io/os=linux,topology.kubernetes.io/zone=zone-a`)',
    );
    expect(await storedPlans(keyPrefix)).toEqual([]);
    // the selector offered is one a plan can be made of
    const zoneA = await ask('maintain -l topology.kubernetes.io/zone=zone-a firmware');
    expect(zoneA.exitCode).toBe(0);
    expect(zoneA.reply.title).toMatch(/^Maintenance plan mp-[a-z2-7]{10}: \d+ nodes of prod$/);
    expect(await storedPlans(keyPrefix)).toHaveLength(1);
  });

  it('is refused before the cluster is read for its targets', async () => {
    const snapshot = snapshotFromFile(gen.file, CLUSTER, null);
    const reads: string[][] = [];
    const reply = await answerMaintenancePlan({
      command: { kind: 'maintenance-plan', targets: { kind: 'all-workers' }, reason: '', lang: 'en' },
      job: {
        requestId: 'r-cap',
        text: 'maintain all workers',
        cluster: CLUSTER,
        locale: 'en',
        user: { platform: 'console', tenant: 'local', id: 'alice' },
        replyTo: { platform: 'console', address: {} },
        enqueuedAt: new Date().toISOString(),
      },
      snapshot,
      readWithNodes: (nodes) => {
        reads.push(nodes);
        return Promise.resolve(snapshot);
      },
      now: new Date(),
      service: { plans: service.plans, get: service.get },
      locale: 'en',
    });
    expect(reply.kind).toBe('error');
    expect(reply.summary).toMatch(/^Those targets select 37 nodes of prod/);
    expect(reads).toEqual([]);
  });
});

describe("a plan past its answer's deadline", () => {
  const input = (keyPrefix: string, signal?: AbortSignal, onRead?: () => void) => ({
    plans: new MaintenancePlanStore(gen.redis, { keyPrefix }),
    policy: testPolicy(CLUSTER),
    read: (nodes: string[]) => {
      onRead?.();
      return Promise.resolve(snapshotFromFile(gen.file, CLUSTER, null, () => new Date(), nodes));
    },
    nodes: workers(),
    reason: 'firmware',
    requestedBy: alice,
    locale: 'en' as const,
    replyTo: { platform: 'console' as const, address: {} },
    ...(signal === undefined ? {} : { signal }),
  });

  it('passed while the plan is built: the build stops, nothing is stored, the next plan can be made', async () => {
    const keyPrefix = 'test:bounds:build:';
    const deadline = new AbortController();
    const passed = new Error('answer deadline passed');
    // the deadline passes at the next turn of the event loop after the read: inside the build
    const o = input(keyPrefix, deadline.signal, () => setImmediate(() => deadline.abort(passed)));
    await expect(createMaintenancePlan(o)).rejects.toBe(passed);
    expect(await storedPlans(keyPrefix)).toEqual([]);
    const next = await createMaintenancePlan(input(keyPrefix));
    expect(next.ok).toBe(true);
  });

  it('passed while the plan is written: the plan is expired at once and holds no open-plan slot', async () => {
    const keyPrefix = 'test:bounds:write:';
    const deadline = new AbortController();
    const passed = new Error('answer deadline passed');
    const o = input(keyPrefix, deadline.signal);
    const store = o.plans;
    const racing = Object.assign(Object.create(store) as MaintenancePlanStore, {
      create: async (...args: Parameters<MaintenancePlanStore['create']>) => {
        const made = await store.create(...args);
        deadline.abort(passed);
        return made;
      },
    });
    await expect(createMaintenancePlan({ ...o, plans: racing })).rejects.toBe(passed);
    expect((await storedPlans(keyPrefix)).map((p) => p.state)).toEqual(['expired']);
    expect(await gen.redis.get(store.openKey(CLUSTER))).toBeNull();
    const next = await createMaintenancePlan(input(keyPrefix));
    expect(next.ok).toBe(true);
  });
});

describe('building a plan', () => {
  it('yields the event loop between its nodes: callbacks queued meanwhile run during the build', async () => {
    const nodes = nodeNamesOf(gen.file);
    const now = new Date();
    const snapshot = snapshotFromFile(gen.file, CLUSTER, null, () => now, nodes);
    const counter = countTurns();
    const built = await buildPlanNodes(snapshot, nodes, now);
    counter.stop();
    expect(built.nodes.length + built.excluded.length).toBe(nodes.length);
    // one turn of the event loop at least per NODES_PER_YIELD analyses: of the nodes alone, then
    // of the steps of the order
    expect(built.rolling.steps.length).toBeGreaterThanOrEqual(NODES_PER_YIELD);
    expect(counter.turns).toBeGreaterThanOrEqual(
      Math.floor(nodes.length / NODES_PER_YIELD) + Math.floor(built.rolling.steps.length / NODES_PER_YIELD),
    );
    await nextTurn();
  });
});
