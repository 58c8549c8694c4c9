/**
 * The maintenance worker with the real request store, notifier and audit Stream (the maintenance
 * service) on a real Redis and the simulator: request → approval (enqueues the execution job) →
 * the worker executes → audit entries in order; cancel through the service mid-drain; a forced
 * worker shutdown mid-drain leaves the job to another worker (not failed); a reboot hook.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { DEFAULT_MAINTENANCE_POLICY } from '../../src/maintenance/policy.js';
import type {
  Actor,
  ClusterMaintenancePolicy,
  MaintenanceRequest,
  MaintenanceState,
} from '../../src/maintenance/types.js';
import { executionJobIdFor, maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { startMaintenanceWorker } from '../../workers/maintenance-worker.js';
import type { RunningMaintenanceWorker } from '../../workers/maintenance-worker.js';
import { PAYMENTS_1, workerScenario } from '../helpers/maintenance-fixtures.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';

const ALICE: Actor = { platform: 'slack', tenant: 'T0001', id: 'U0001', displayName: 'alice' };
const BOB: Actor = { platform: 'slack', tenant: 'T0001', id: 'U0002', displayName: 'bob' };

let redisServer: TestRedis;
let redis: Redis;
let prefixCounter = 0;
const cleanups: Array<() => Promise<void>> = [];

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Rig {
  sim: RunningSimulator;
  service: MaintenanceService;
  prefix: string;
  startWorker(policy?: Partial<ClusterMaintenancePolicy>): Promise<RunningMaintenanceWorker>;
}

async function rig(file: SnapshotFile): Promise<Rig> {
  const sim = await startScenarioSimulator(file);
  cleanups.push(() => sim.close());
  prefixCounter += 1;
  const prefix = `svc${prefixCounter}`;
  const keyPrefix = `k8s-ha-bot:maintenance:t${prefixCounter}:`;
  const service = createMaintenanceService({
    redis,
    policy: DEFAULT_MAINTENANCE_POLICY,
    prefix,
    keyPrefix,
    logger: silentLogger,
  });
  cleanups.push(() => service.close());
  return {
    sim,
    service,
    prefix,
    async startWorker(over = {}) {
      const worker = await startMaintenanceWorker({
        redisUrl: redisServer.url,
        clusters: ['indus'],
        prefix,
        logger: silentLogger,
        lockDurationMs: 2000,
        stalledIntervalMs: 1000,
        depsFor: async (cluster) => ({
          store: service.store,
          notifier: service.notifier,
          kubeConfig: kubeConfigOf(sim),
          policy: {
            ...DEFAULT_MAINTENANCE_POLICY.forCluster(cluster),
            drain: { timeoutMs: 30_000, parallelism: 2, evictionBackoffMs: 200, progressIntervalMs: 1000 },
            reboot: { timeoutMs: 30_000 },
            lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 6 },
            ...over,
          },
          holderIdentity: 'test-worker',
          analyze: async () => ({ verdict: 'safe', summary: 'safe', findings: [] }),
          logger: silentLogger,
          pollMs: 100,
        }),
      });
      cleanups.push(() => worker.close({ force: true }));
      return worker;
    },
  };
}

async function approved(r: Rig): Promise<MaintenanceRequest> {
  const created = await r.service.createRequest({
    cluster: 'indus',
    node: 'indus-wk-1',
    nodeRole: 'worker',
    reason: 'kernel 6.8.0-45',
    force: false,
    requestedBy: ALICE,
    locale: 'en',
    replyTo: { platform: 'slack', address: { channel: 'C1' } },
    verdict: 'safe',
    summary: 'safe to reboot',
  });
  if (!created.ok) throw new Error(`not created: ${created.refusal}`);
  const decided = await r.service.decide(created.request.id, BOB, 'approve');
  expect(decided).toMatchObject({ ok: true, outcome: 'approved' });
  return created.request;
}

async function waitFor(
  r: Rig,
  id: string,
  states: MaintenanceState[],
  timeoutMs = 20_000,
): Promise<MaintenanceRequest> {
  let req: MaintenanceRequest | null = null;
  return eventually(
    () => `request ${id} in ${states.join('/')} (in ${req?.state} ${req?.stateReason ?? ''})`,
    async () => {
      req = await r.service.get(id);
      return req && states.includes(req.state) ? req : undefined;
    },
    timeoutMs,
  );
}

describe('maintenance worker with the maintenance service', () => {
  it('request → approval → execution → reboot → completed, with the audit entries in order', async () => {
    const r = await rig(await workerScenario({ extra: 2 }));
    await r.startWorker();
    const request = await approved(r);
    await waitFor(r, request.id, ['awaiting-reboot']);
    await r.sim.rebootNode('indus-wk-1', { downMs: 300 });
    const final = await waitFor(r, request.id, ['completed', 'failed']);
    expect(final.state).toBe('completed');
    const entries = await r.service.audit.forRequest(request.id);
    const seq = entries.map((e) => e.event.type).filter((t) => t !== 'drain-progress');
    expect(seq).toEqual([
      'requested',
      'approved',
      'execution-started',
      'locked',
      'cordoned',
      'eviction',
      'eviction',
      'eviction',
      'drained',
      'rebooted',
      'verified',
      'uncordoned',
      'lock-released',
      'completed',
    ]);
    expect(entries.find((e) => e.event.type === 'approved')?.actor).toContain('U0002');
    expect(
      entries
        .filter((e) => e.event.type === 'eviction')
        .map((e) => (e.event as { pod: string }).pod)
        .sort(),
    ).toEqual([`payments/${PAYMENTS_1}`, 'shop/web-6d4cf56db6-p0', 'shop/web-6d4cf56db6-p1'].sort());
    const queue = new Queue(maintenanceQueueNameFor('indus'), { connection: redis, prefix: r.prefix });
    expect(await (await queue.getJob(executionJobIdFor(request.id)))?.getState()).toBe('completed');
    await queue.close();
  });

  it('cancel through the service mid-drain: the executor stops, uncordons and says so', async () => {
    const r = await rig(await workerScenario({ extra: 6 }));
    r.sim.setFaults({ delayMs: { 'pods/eviction': 300 } });
    await r.startWorker({
      drain: { timeoutMs: 30_000, parallelism: 1, evictionBackoffMs: 200, progressIntervalMs: 1000 },
    });
    const request = await approved(r);
    await eventually('a first eviction', () => r.sim.evictions.size >= 1, 60_000).catch(() => undefined);
    expect(await r.service.decide(request.id, ALICE, 'cancel')).toMatchObject({
      ok: true,
      outcome: 'cancel-requested',
    });
    const final = await waitFor(r, request.id, ['cancelled', 'failed', 'completed']);
    expect(final.state).toBe('cancelled');
    const entries = await r.service.audit.forRequest(request.id);
    const cancelled = entries.find((e) => e.event.type === 'cancelled');
    expect(cancelled?.event).toMatchObject({ nodeCordoned: false, podsEvicted: r.sim.evictions.size });
    expect((cancelled?.event as { by?: Actor }).by?.id).toBe('U0001');
    expect(r.sim.evictions.size).toBeLessThan(7);
    expect(
      (r.sim.getObject('nodes', null, 'indus-wk-1') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBeUndefined();
  });

  it('a forced worker shutdown mid-drain leaves the job to another worker, which finishes it (one eviction per pod)', async () => {
    const r = await rig(await workerScenario({ extra: 4 }));
    r.sim.setFaults({ delayMs: { 'pods/eviction': 400 } });
    const first = await r.startWorker();
    const request = await approved(r);
    await eventually('a first eviction', () => r.sim.evictions.size >= 1, 60_000).catch(() => undefined);
    await first.close({ force: true });
    const stopped = await r.service.get(request.id);
    expect(stopped?.state).toBe('draining');
    const queue = new Queue(maintenanceQueueNameFor('indus'), { connection: redis, prefix: r.prefix });
    expect(await (await queue.getJob(executionJobIdFor(request.id)))?.getState()).toBe('active');
    r.sim.setFaults({});
    await r.startWorker();
    await waitFor(r, request.id, ['awaiting-reboot']);
    await r.sim.rebootNode('indus-wk-1', { downMs: 200 });
    const final = await waitFor(r, request.id, ['completed', 'failed']);
    expect(final.state).toBe('completed');
    expect(r.sim.evictions.size).toBe(5);
    for (const [pod, n] of r.sim.evictions) expect([pod, n]).toEqual([pod, 1]);
    await queue.close();
  });

  it('runs the reboot hook once with the node name as its last argument', async () => {
    const r = await rig(await workerScenario());
    const dir = await mkdtemp(join(tmpdir(), 'hook-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const script = join(dir, 'hook.sh');
    await writeFile(script, `#!/bin/sh\necho "$@" >> "${join(dir, 'calls')}"\n`);
    await chmod(script, 0o755);
    await r.startWorker({ reboot: { timeoutMs: 30_000, hook: { command: [script, '--reboot'] } } });
    const request = await approved(r);
    await waitFor(r, request.id, ['awaiting-reboot']);
    const hookEntry = await eventually(
      'the reboot hook in the audit',
      async () => (await r.service.audit.forRequest(request.id)).find((e) => e.event.type === 'reboot-hook'),
      60_000,
    );
    expect(hookEntry?.event).toMatchObject({ type: 'reboot-hook', ok: true });
    expect(await readFile(join(dir, 'calls'), 'utf8')).toBe('--reboot indus-wk-1\n');
    await r.sim.rebootNode('indus-wk-1', { downMs: 100 });
    expect((await waitFor(r, request.id, ['completed', 'failed'])).state).toBe('completed');
  });
});
