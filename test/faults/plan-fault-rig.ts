/**
 * TEST ONLY (fault suite): what the plan rows (`plan`: test/faults/mid-plan-fault.ts, `am`:
 * test/faults/alertmanager-fault.ts) share: a redis-server of their own, a generated cluster (3
 * control-plane nodes, 4 workers, seed 5) served by the simulator in this process, the cluster's
 * maintenance queue, and a plan created by alice and approved by bob.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { createMaintenancePlan } from '../../src/maintenance/plan/create-plan.js';
import type { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import type { ClusterMaintenancePolicy } from '../../src/maintenance/types.js';
import { maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { startRedis } from '../helpers/redis-server.js';
import { startScenarioSimulator } from '../helpers/simulator.js';

/** A plan row's Redis, cluster and queue. */
export interface PlanFaultRig {
  redisUrl: string;
  redis: Redis;
  file: SnapshotFile;
  sim: RunningSimulator;
  /** The cluster's maintenance queue (queue prefix `faults`). */
  queue: Queue;
  /** Close everything and remove the temporary directory. */
  close(): Promise<void>;
}

/**
 * Start the rig.
 * @param cluster - the cluster's name (its queue)
 * @param tmpPrefix - the temporary directory's name prefix
 * @returns the rig
 */
export async function startPlanFaultRig(cluster: string, tmpPrefix: string): Promise<PlanFaultRig> {
  const dir = await mkdtemp(join(tmpdir(), tmpPrefix));
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  await writeScenarioFile(
    join(dir, 'gen.json'),
    generateCluster({ nodes: 7, pods: 50, controlPlaneNodes: 3, seed: 5, capturedAt: new Date() }),
  );
  const file = await loadSnapshotFile(join(dir, 'gen.json'));
  const sim = await startScenarioSimulator(file, { heartbeats: { intervalMs: 500 } });
  const queue = new Queue(maintenanceQueueNameFor(cluster), { connection: redis, prefix: 'faults' });
  return {
    redisUrl: redisServer.url,
    redis,
    file,
    sim,
    queue,
    async close() {
      await queue.close().catch(() => undefined);
      redis.disconnect();
      await sim.close();
      await redisServer.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A plan of `nodes` (one worker per step, settle 300 ms), asked by alice and approved by bob.
 * @param rig - the rig (its cluster file)
 * @param o - the plan store, the cluster, its policy, the nodes, and the row's name for errors
 * @returns the approved plan
 * @throws Error naming the row when the plan is refused or not approved
 */
export async function approvedPlan(
  rig: Pick<PlanFaultRig, 'file'>,
  o: {
    plans: MaintenancePlanStore;
    cluster: string;
    policy: ClusterMaintenancePolicy;
    nodes: string[];
    row: string;
  },
): Promise<MaintenancePlan> {
  const names = rig.file.items.filter((i) => i.kind === 'Node').map((i) => i.metadata.name);
  const created = await createMaintenancePlan({
    plans: o.plans,
    policy: { ...o.policy, fleet: { workerBatchSize: 1, settleMs: 300, settleTimeoutMs: 120_000 } },
    read: async () => snapshotFromFile(rig.file, o.cluster, null, () => new Date(), names),
    nodes: o.nodes,
    reason: 'fault suite',
    requestedBy: { platform: 'console', tenant: 'local', id: 'alice' },
    locale: 'en',
    replyTo: { platform: 'console', address: {} },
  });
  if (!created.ok) throw new Error(`${o.row} fault: plan refused (${created.refusal})`);
  const approved = await o.plans.decide(
    created.plan.id,
    { platform: 'console', tenant: 'local', id: 'bob' },
    'approve',
    () => o.policy,
  );
  if (!approved.ok || approved.outcome !== 'approved') throw new Error(`${o.row} fault: plan not approved`);
  return created.plan;
}
