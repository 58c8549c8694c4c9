/**
 * TEST ONLY (fault suite): a maintenance worker process SIGKILLed mid-drain (the maintenance
 * executor, workers/maintenance-worker.ts), a second process resumes the request from its state in Redis and
 * finishes it; the simulator counts the evictions it answered 201, per pod.
 *
 * Row: sent = pods to evict, answered = pods evicted, lost = pods not evicted, duplicated = pods
 * evicted more than once; worst = s from the kill to the request's end state. Targets: 0 lost, 0
 * duplicated, the request `completed`.
 *
 * The maintenance worker is not a `k8s-ha-bot` CLI command yet, so this row starts it through
 * the maintenance test entry (test/helpers/maintenance-worker-entry.ts: the real startMaintenanceWorker
 * and runMaintenance, a Redis test store), and runs the simulator in this process so that its
 * eviction counters can be read. Two worker processes run; the one that took the job is killed
 * after its second eviction. Evictions are slowed (700 ms each) so the kill lands mid-drain;
 * the job lock is 3 s and the stalled check 1 s (the worker's settings, shortened for the test).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { executionJobIdFor, maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import type { MaintenanceState } from '../../src/maintenance/types.js';
import { workerScenario } from '../helpers/maintenance-fixtures.js';
import { approvedRequest, RedisTestStore, testPolicy } from '../helpers/maintenance-test-store.js';
import { startMaintenanceWorkerProcess } from '../helpers/maintenance-worker-process.js';
import type { MaintenanceWorkerProcess } from '../helpers/maintenance-worker-process.js';
import { startRedis } from '../helpers/redis-server.js';
import { startScenarioSimulator } from '../helpers/simulator.js';
import type { FaultRow } from './slack-traffic.js';

/** Evictable pods of the scenario (6 extra + the PDB'd payments pod); DaemonSet pods are not evicted. */
const EVICTABLE = 7;
const FINAL: readonly MaintenanceState[] = ['completed', 'failed', 'cancelled'];

async function until<T>(
  what: string,
  f: () => Promise<T | undefined> | T | undefined,
  timeoutMs: number,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await f();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`mid-drain fault: timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * Run the fault.
 * @returns the row (pass only when every pod was evicted exactly once and the request completed)
 */
export async function runMidDrainFault(): Promise<FaultRow> {
  const fault =
    'maintenance worker SIGKILLed mid-drain; a second one finishes (evictions per pod, simulator)';
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  const sim = await startScenarioSimulator(await workerScenario({ extra: 6 }));
  const workers: MaintenanceWorkerProcess[] = [];
  const queue = new Queue(maintenanceQueueNameFor('indus'), { connection: redis, prefix: 'faults' });
  try {
    const store = new RedisTestStore(redis);
    const request = approvedRequest({ cluster: 'indus', node: 'indus-wk-1' });
    await store.put(request);
    const policy = testPolicy('indus', {
      drain: { timeoutMs: 60_000, parallelism: 2, evictionBackoffMs: 200, progressIntervalMs: 1000 },
    });
    const env = {
      REDIS_URL: redisServer.url,
      K8S_HA_BOT_QUEUE_PREFIX: 'faults',
      MAINT_CLUSTER: 'indus',
      MAINT_KUBECONFIG: sim.kubeconfig,
      MAINT_POLICY: JSON.stringify(policy),
      MAINT_LOCK_MS: '3000',
      MAINT_STALLED_MS: '1000',
      MAINT_POLL_MS: '150',
    };
    sim.setFaults({ delayMs: { 'pods/eviction': 700 } });
    // Two replicas, both ready before the job comes; the one that takes it is killed.
    workers.push(
      ...(await Promise.all([
        startMaintenanceWorkerProcess(env, 120_000),
        startMaintenanceWorkerProcess(env, 120_000),
      ])),
    );
    await queue.add(
      'execute',
      { requestId: request.id, cluster: 'indus' },
      { jobId: executionJobIdFor(request.id) },
    );
    await until('two evictions', () => (sim.evictions.size >= 2 ? true : undefined), 60_000);
    const holder = workers.find((w) => w.logs.some((l) => l.msg === 'maintenance job started'));
    if (!holder) throw new Error('mid-drain fault: no worker logged "maintenance job started"');
    const evictedBefore = sim.evictions.size;
    await holder.kill();
    const killedAt = Date.now();
    const stateAtKill = (await store.get(request.id))?.state;
    const waiting = await until(
      'awaiting-reboot or an end',
      async () => {
        const st = (await store.get(request.id))?.state;
        return st === 'awaiting-reboot' || (st && FINAL.includes(st)) ? st : undefined;
      },
      60_000,
    );
    sim.setFaults({});
    if (waiting === 'awaiting-reboot') await sim.rebootNode('indus-wk-1', { downMs: 300 });
    const final = await until(
      'the end state',
      async () => {
        const r = await store.get(request.id);
        return r && FINAL.includes(r.state) ? r : undefined;
      },
      60_000,
    );
    const endedAt = Date.now();
    const counts = [...sim.evictions.values()];
    const twice = counts.filter((c) => c > 1).length;
    const evicted = counts.length;
    const requests = [...sim.evictionRequests.values()].reduce((a, b) => a + b, 0);
    return {
      fault,
      sent: EVICTABLE,
      answered: evicted,
      lost: Math.max(0, EVICTABLE - evicted),
      duplicated: twice,
      worst: ((endedAt - killedAt) / 1000).toFixed(1),
      pass: evicted === EVICTABLE && twice === 0 && final.state === 'completed' && stateAtKill === 'draining',
      notes: `${evictedBefore} pods evicted before the kill (state then: ${stateAtKill ?? '?'}); request ${final.state}; ${requests} eviction requests in all (429s and retries included); time from the kill to the end state`,
    };
  } finally {
    await Promise.all(workers.map((w) => w.kill()));
    await queue.close().catch(() => undefined);
    redis.disconnect();
    await sim.close();
    await redisServer.stop();
  }
}
