/**
 * Faults around the jobs of approved plans and lock breaks (hostile review of issue 20), on the
 * real maintenance service, real BullMQ and a real Redis. A plan job can fail for good: BullMQ
 * fails a job that stalled more than allowed (a Redis restart or a worker stall longer than the
 * job lock), or after its attempts (Redis away for minutes). The plan is still `running` in
 * Redis, maybe with a node cordoned; the gateway's sweep must hand it to a worker again, as the
 * issue asks ("a new worker resumes the plan"). Same for an approved lock break, which otherwise
 * stays open and blocks every later `break lock` on the cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { lockBreakJobIdFor } from '../../src/maintenance/plan/lock-break.js';
import { planJobIdFor } from '../../src/maintenance/plan/plan-queue.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { Actor } from '../../src/maintenance/types.js';
import { maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import { queueKeys } from '../../src/config/queue-keys.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { silentLogger } from '../../src/util/logger.js';
import { eventually } from '../helpers/eventually.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const actor = (id: string): Actor => ({ platform: 'console', tenant: 'local', id });
const POLICY = parseMaintenancePolicy(
  'defaults:\n  approvers: ["console:local:bob", "console:local:carol"]\n  approvals: { worker: 1, controlPlane: 2 }\n',
  'p.yaml',
);
const PREFIX = 'attackjobs';

let redisServer: TestRedis;
let redis: Redis;
let dir: string;
let file: SnapshotFile;
let service: MaintenanceService;
const connections: Redis[] = [];
const connection = (): Redis => {
  const c = redis.duplicate();
  connections.push(c);
  return c;
};

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  dir = await mkdtemp(join(tmpdir(), 'attack-jobs-'));
  await writeScenarioFile(
    join(dir, 'gen.json'),
    generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 1, capturedAt: new Date() }),
  );
  file = await loadSnapshotFile(join(dir, 'gen.json'));
  service = createMaintenanceService({ redis, policy: POLICY, prefix: PREFIX, logger: silentLogger });
});
afterAll(async () => {
  await service.close();
  for (const c of connections) c.disconnect();
  redis.disconnect();
  await redisServer.stop();
  await rm(dir, { recursive: true, force: true });
});

/** A worker of the cluster's maintenance queue whose every job fails for good. */
async function failEveryJob(cluster: string): Promise<Worker> {
  const w = new Worker(
    maintenanceQueueNameFor(cluster),
    (): Promise<unknown> => Promise.reject(new UnrecoverableError('stalled more than allowable limit')),
    { connection: connection(), prefix: queueKeys(PREFIX).prefix },
  );
  await w.waitUntilReady();
  return w;
}

async function jobState(cluster: string, jobId: string): Promise<string> {
  const q = new Queue(maintenanceQueueNameFor(cluster), {
    connection: connection(),
    prefix: queueKeys(PREFIX).prefix,
  });
  try {
    const job = await q.getJob(jobId);
    return job ? await job.getState() : 'missing';
  } finally {
    await q.close();
  }
}

describe('jobs that failed for good', () => {
  it('a running plan whose job failed is handed to a worker again by the sweep', async () => {
    const now = new Date();
    const created = await service.plans.createPlan({
      cluster: 'jobs',
      read: async () => snapshotFromFile(file, 'jobs', null, () => now, ['gen-wk-001']),
      nodes: ['gen-wk-001'],
      reason: 'kernel patch',
      requestedBy: actor('alice'),
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
    });
    if (!created.ok) throw new Error(created.refusal);
    const id = created.plan.id;
    const w = await failEveryJob('jobs');
    await service.chat.decide(id, actor('bob'), 'approve');
    await eventually(
      'the plan job failed',
      async () => (await jobState('jobs', planJobIdFor(id))) === 'failed',
    );
    await w.close();
    // the runner had started: the plan is running in Redis
    await service.plans.plans.update(id, (p) => ({ ...p, state: 'running' }));
    await service.sweepExpired();
    expect(await jobState('jobs', planJobIdFor(id))).toBe('waiting');
  });

  it('an approved lock break whose job failed is handed to a worker again by the sweep', async () => {
    const created = await service.plans.createLockBreak({
      cluster: 'jobs2',
      lock: 'kured',
      where: 'kube-system/kured',
      holder: { holder: 'gen-wk-004', since: new Date(0).toISOString(), ttlS: null },
      reason: '',
      requestedBy: actor('alice'),
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
    });
    if (!created.ok) throw new Error(created.refusal);
    const id = created.request.id;
    const w = await failEveryJob('jobs2');
    await service.chat.decide(id, actor('bob'), 'approve');
    await service.chat.decide(id, actor('carol'), 'approve');
    await eventually(
      'the lock break job failed',
      async () => (await jobState('jobs2', lockBreakJobIdFor(id))) === 'failed',
    );
    await w.close();
    await service.sweepExpired();
    expect(await jobState('jobs2', lockBreakJobIdFor(id))).toBe('waiting');
  });
});
