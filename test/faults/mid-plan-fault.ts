/**
 * TEST ONLY (fault suite): a maintenance worker process SIGKILLed in the middle of a maintenance
 * plan: the plan's job (`mpx-<plan id>`) is left to the stalled-job check, a second
 * worker process takes it and resumes the plan from Redis (the node in progress by its recorded
 * request, never a second request for it), and the plan ends `completed`.
 *
 * Real processes: two maintenance worker processes (test/helpers/maintenance-worker-entry.ts with
 * MAINT_PLAN_KEY_PREFIX: the real startMaintenanceWorker, runPlan and runMaintenance, the real
 * plan and request stores), a real redis-server; the simulator runs in this process so that its
 * eviction counters can be read, serving a generated cluster (3 control-plane nodes, 4 workers),
 * and this process reboots each node once its request waits for the reboot. Evictions are slowed
 * (700 ms each) so the kill lands while the first node drains; job lock 3 s, stalled check 1 s.
 *
 * Row: sent = nodes in the plan, answered = nodes done, lost = nodes not done, duplicated = nodes
 * drained twice (more than one request made for the node, or one of its pods evicted more than
 * once); worst = s from the kill to the plan's end. Targets: 0 lost, 0 duplicated, `completed`,
 * the kill while the first node was draining.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KPod } from '../../src/cluster/types.js';
import { createMaintenancePlan } from '../../src/maintenance/plan/create-plan.js';
import { enqueuePlan } from '../../src/maintenance/plan/plan-queue.js';
import { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import { MaintenanceStore } from '../../src/maintenance/request-store.js';
import type { MaintenanceRequest } from '../../src/maintenance/types.js';
import { maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { testPolicy } from '../helpers/maintenance-test-store.js';
import { eventually } from '../helpers/eventually.js';
import { startMaintenanceWorkerProcess } from '../helpers/maintenance-worker-process.js';
import type { MaintenanceWorkerProcess } from '../helpers/maintenance-worker-process.js';
import { startRedis } from '../helpers/redis-server.js';
import { startScenarioSimulator } from '../helpers/simulator.js';
import type { FaultRow } from './slack-traffic.js';

const CLUSTER = 'lyra';
const KEY_PREFIX = 'faults:maintenance:';
const NODES = ['gen-wk-001', 'gen-wk-002', 'gen-wk-003'];

/**
 * Run the fault.
 * @returns the row (pass only when every node was done, none drained twice, and the kill landed
 *   while the first node was draining)
 */
export async function runMidPlanFault(): Promise<FaultRow> {
  const fault =
    'maintenance worker SIGKILLed mid-plan; a second one resumes the plan (nodes, drains per node, simulator)';
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-mid-plan-'));
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  await writeScenarioFile(
    join(dir, 'gen.json'),
    generateCluster({ nodes: 7, pods: 50, controlPlaneNodes: 3, seed: 5, capturedAt: new Date() }),
  );
  const file = await loadSnapshotFile(join(dir, 'gen.json'));
  const sim = await startScenarioSimulator(file, { heartbeats: { intervalMs: 500 } });
  const workers: MaintenanceWorkerProcess[] = [];
  const queue = new Queue(maintenanceQueueNameFor(CLUSTER), { connection: redis, prefix: 'faults' });
  let robot: NodeJS.Timeout | undefined;
  try {
    const policy = testPolicy(CLUSTER, {
      drain: { timeoutMs: 60_000, parallelism: 2, evictionBackoffMs: 200, progressIntervalMs: 1000 },
      reboot: { timeoutMs: 60_000 },
      lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 6 },
    });
    const plans = new MaintenancePlanStore(redis, { keyPrefix: KEY_PREFIX });
    const requests = new MaintenanceStore(redis, { keyPrefix: KEY_PREFIX });
    const names = file.items.filter((i) => i.kind === 'Node').map((i) => i.metadata.name);
    const created = await createMaintenancePlan({
      plans,
      policy: { ...policy, fleet: { workerBatchSize: 1, settleMs: 300, settleTimeoutMs: 30_000 } },
      read: async () => snapshotFromFile(file, CLUSTER, null, () => new Date(), names),
      nodes: NODES,
      reason: 'fault suite',
      requestedBy: { platform: 'console', tenant: 'local', id: 'alice' },
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
    });
    if (!created.ok) throw new Error(`mid-plan fault: plan refused (${created.refusal})`);
    const planId = created.plan.id;
    const approved = await plans.decide(
      planId,
      { platform: 'console', tenant: 'local', id: 'bob' },
      'approve',
      () => policy,
    );
    if (!approved.ok || approved.outcome !== 'approved') throw new Error('mid-plan fault: plan not approved');
    // Pods of each node as the plan starts (to tell which node a doubly evicted pod belonged to).
    const podsOf = new Map<string, string>();
    for (const i of file.items)
      if (i.kind === 'Pod') {
        const p = i as KPod;
        if (p.spec?.nodeName) podsOf.set(`${p.metadata.namespace ?? ''}/${p.metadata.name}`, p.spec.nodeName);
      }
    const env = {
      REDIS_URL: redisServer.url,
      K8S_HA_BOT_QUEUE_PREFIX: 'faults',
      MAINT_CLUSTER: CLUSTER,
      MAINT_KUBECONFIG: sim.kubeconfig,
      MAINT_POLICY: JSON.stringify(policy),
      MAINT_LOCK_MS: '3000',
      MAINT_STALLED_MS: '1000',
      MAINT_POLL_MS: '150',
      MAINT_PLAN_KEY_PREFIX: KEY_PREFIX,
    };
    sim.setFaults({ delayMs: { 'pods/eviction': 700 } });
    workers.push(
      ...(await Promise.all([
        startMaintenanceWorkerProcess(env, 120_000),
        startMaintenanceWorkerProcess(env, 120_000),
      ])),
    );
    // The reboot robot: each node once, when its request waits for the reboot.
    const rebooted = new Set<string>();
    robot = setInterval(() => {
      void (async () => {
        const p = await plans.get(planId);
        for (const n of p?.nodes ?? []) {
          if (n.requestId === undefined || rebooted.has(n.requestId)) continue;
          if ((await requests.get(n.requestId))?.state === 'awaiting-reboot') {
            rebooted.add(n.requestId);
            void sim.rebootNode(n.node, { downMs: 300 });
          }
        }
      })().catch(() => undefined);
    }, 50);
    await enqueuePlan(queue, created.plan);
    // Kill the worker running the plan while the first node drains (after its second eviction).
    const first = await eventually(
      'mid-plan fault: the first node draining',
      async () => {
        const p = await plans.get(planId);
        const id = p?.nodes[0]?.requestId;
        const r = id ? await requests.get(id) : null;
        return r?.state === 'draining' && sim.evictions.size >= 2 ? r : undefined;
      },
      60_000,
    );
    const holder = workers.find((w) => w.logs.some((l) => l.msg === 'maintenance plan job started'));
    if (!holder) throw new Error('mid-plan fault: no worker logged "maintenance plan job started"');
    const evictedBefore = sim.evictions.size;
    await holder.kill();
    const killedAt = Date.now();
    const stateAtKill = (await requests.get(first.id))?.state;
    sim.setFaults({});
    const final = await eventually(
      'mid-plan fault: the plan to end',
      async () => {
        const p = await plans.get(planId);
        return p && ['completed', 'stopped', 'cancelled'].includes(p.state) ? p : undefined;
      },
      120_000,
    );
    const endedAt = Date.now();
    // Requests made per node (the store's keys): exactly one each.
    const requestsByNode = new Map<string, number>();
    for (const key of await redis.keys(`${KEY_PREFIX}request:mr-*`)) {
      const r = JSON.parse((await redis.get(key)) ?? '{}') as MaintenanceRequest;
      requestsByNode.set(r.node, (requestsByNode.get(r.node) ?? 0) + 1);
    }
    const twice = new Set<string>();
    for (const [node, count] of requestsByNode) if (count > 1) twice.add(node);
    for (const [pod, count] of sim.evictions) if (count > 1) twice.add(podsOf.get(pod) ?? pod);
    const done = final.nodes.filter((n) => n.state === 'done').length;
    const resumedBy = workers.find(
      (w) => w !== holder && w.logs.some((l) => l.msg === 'maintenance plan job started'),
    );
    return {
      fault,
      sent: NODES.length,
      answered: done,
      lost: NODES.length - done,
      duplicated: twice.size,
      worst: ((endedAt - killedAt) / 1000).toFixed(1),
      pass:
        done === NODES.length &&
        twice.size === 0 &&
        final.state === 'completed' &&
        stateAtKill === 'draining' &&
        resumedBy !== undefined,
      notes: `plan ${final.state}; killed while ${final.nodes[0]?.node ?? '?'} was ${stateAtKill ?? '?'} (${evictedBefore} pods evicted then); resumed by the other worker: ${resumedBy ? 'yes' : 'no'}; requests per node ${[...requestsByNode].map(([n, c]) => `${n}=${c}`).join(', ')}; ${sim.evictions.size} pods evicted, ${[...sim.evictions.values()].filter((c) => c > 1).length} more than once; time from the kill to the plan's end`,
    };
  } finally {
    clearInterval(robot);
    await Promise.all(workers.map((w) => w.kill()));
    await queue.close().catch(() => undefined);
    redis.disconnect();
    await sim.close();
    await redisServer.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
