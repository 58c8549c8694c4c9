/**
 * The executor's steps one by one against the simulator: the Lease lock (create, expiry takeover,
 * a race of two holders decided by 409, renewal, release only by the holder), kured's lock, the
 * change window (refuse / wait), the reboot timeout, and a whole maintenance under the rendered
 * least-privilege maintenance RBAC (deploy/overlays/maintenance, enforced by the simulator).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { setTimeout as delay } from 'node:timers/promises';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import type { KubeApi } from '../../src/maintenance/execute/kube-api.js';
import { MaintenanceLock, microTime } from '../../src/maintenance/execute/maintenance-lock.js';
import { kuredLockHolder } from '../../src/maintenance/execute/preflight.js';
import { runMaintenance } from '../../src/maintenance/execute/run-maintenance.js';
import type { MaintenanceDeps } from '../../src/maintenance/execute/run-maintenance.js';
import type {
  ClusterMaintenancePolicy,
  MaintenanceEvent,
  MaintenanceRequest,
  Weekday,
} from '../../src/maintenance/types.js';
import { rbacRulesFromManifests } from '../../src/simulator/rbac.js';
import type { RbacRules } from '../../src/simulator/rbac.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { workerScenario } from '../helpers/maintenance-fixtures.js';
import {
  approvedRequest,
  RecordingNotifier,
  RedisTestStore,
  testPolicy,
} from '../helpers/maintenance-test-store.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';

const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL) console.warn('kubectl not found: skipping the maintenance run under the rendered RBAC');

let redisServer: TestRedis;
let redis: Redis;
let store: RedisTestStore;
const cleanups: Array<() => Promise<void> | void> = [];

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  store = new RedisTestStore(redis);
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function sim(
  file: SnapshotFile | string,
  rbac?: RbacRules,
): Promise<{ s: RunningSimulator; api: KubeApi }> {
  const s = await startScenarioSimulator(file, rbac ? { rbac } : {});
  const api = await createKubeApi(kubeConfigOf(s));
  cleanups.push(
    () => s.close(),
    () => api.close(),
  );
  return { s, api };
}

function lock(api: KubeApi, holder: string, o: { ttl?: number; now?: () => Date } = {}): MaintenanceLock {
  return new MaintenanceLock({
    api,
    namespace: 'k8s-ha-bot',
    leaseName: 'k8s-ha-bot-maintenance',
    leaseDurationSeconds: o.ttl ?? 60,
    holder,
    worker: 'w',
    node: 'n1',
    now: o.now ?? (() => new Date()),
    logger: silentLogger,
  });
}

type LeaseObj = {
  metadata: { resourceVersion?: string };
  spec?: { holderIdentity?: string; renewTime?: string; leaseTransitions?: number };
};
const lease = (s: RunningSimulator): LeaseObj | undefined =>
  s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as LeaseObj | undefined;

async function run(
  s: RunningSimulator,
  o: {
    cluster: string;
    node: string;
    nodeRole?: 'control-plane' | 'worker';
    policy?: Partial<ClusterMaintenancePolicy>;
    now?: () => Date;
  },
): Promise<{
  final: MaintenanceRequest;
  events: MaintenanceEvent[];
  request: MaintenanceRequest;
  done: Promise<MaintenanceRequest>;
}> {
  const request = approvedRequest(o);
  await store.put(request);
  const notifier = new RecordingNotifier();
  const deps: MaintenanceDeps = {
    store,
    notifier,
    kubeConfig: kubeConfigOf(s),
    policy: testPolicy(o.cluster, o.policy),
    redis,
    holderIdentity: 'test',
    analyze: async () => ({ verdict: 'safe', summary: 'safe', findings: [] }),
    logger: silentLogger,
    pollMs: 100,
    ...(o.now ? { now: o.now } : {}),
  };
  const done = runMaintenance(request.id, deps);
  return {
    request,
    done,
    get events() {
      return notifier.events.map((e) => e.event);
    },
    final: undefined as unknown as MaintenanceRequest,
  };
}

describe('MaintenanceLock', () => {
  it('creates the Lease, keeps it for its holder, refuses another while fresh, and lets it go only for the holder', async () => {
    const { s, api } = await sim(await workerScenario());
    const a = lock(api, 'mr-aaaaaaaaaa');
    const b = lock(api, 'mr-bbbbbbbbbb');
    expect(await a.acquire()).toEqual({ ok: true });
    expect(lease(s)?.spec?.holderIdentity).toBe('mr-aaaaaaaaaa');
    expect(await a.acquire()).toEqual({ ok: true }); // already ours: a renewal
    expect(await b.acquire()).toEqual({ ok: false, holder: 'mr-aaaaaaaaaa', node: 'n1' });
    expect(await b.release()).toBe(false);
    expect(lease(s)?.spec?.holderIdentity).toBe('mr-aaaaaaaaaa');
    expect(await a.release()).toBe(true);
    expect(lease(s)?.spec?.holderIdentity).toBeUndefined();
    expect(await b.acquire()).toEqual({ ok: true });
    expect(lease(s)?.spec?.leaseTransitions).toBe(1);
  });

  it('takes over an expired Lease (a dead holder), and the old holder learns it lost it', async () => {
    const { s, api } = await sim(await workerScenario());
    let t = Date.now();
    const clock = (): Date => new Date(t);
    const dead = lock(api, 'mr-deaddeadde', { ttl: 10, now: clock });
    expect(await dead.acquire()).toEqual({ ok: true });
    const next = lock(api, 'mr-nextnextne', { ttl: 10, now: clock });
    t += 9_000;
    expect((await next.acquire()).ok).toBe(false); // 9 s < 10 s TTL
    t += 2_000;
    expect(await next.acquire()).toEqual({ ok: true }); // 11 s: expired
    expect(lease(s)?.spec?.renewTime).toBe(microTime(new Date(t)));
    expect(await dead.renew()).toBe(false);
    expect(dead.lost).toBe(true);
  });

  it('two holders racing for a free Lease: exactly one wins (409 on the stale write, re-read)', async () => {
    const { s, api } = await sim(await workerScenario());
    expect(await lock(api, 'mr-seedseedse').acquire()).toEqual({ ok: true });
    expect(await lock(api, 'mr-seedseedse').release()).toBe(true);
    const results = await Promise.all(
      ['mr-racerone22', 'mr-racertwo22', 'mr-racerthree'].map((h) => lock(api, h).acquire()),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const winner = lease(s)?.spec?.holderIdentity;
    for (const r of results) if (!r.ok) expect(r.holder).toBe(winner);
  });

  it('renews every third of the TTL while held, and stops renewing once released', async () => {
    const { s, api } = await sim(await workerScenario());
    // Fake timers drive the renewal timer (and the clock the lock writes); the API calls are real I/O.
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      const l = lock(api, 'mr-renewrenew', { ttl: 1 });
      expect(await l.acquire()).toEqual({ ok: true });
      const first = lease(s)?.spec?.renewTime;
      l.startRenewing();
      await jest.advanceTimersByTimeAsync(334); // one third of the 1 s TTL
      await eventually('the Lease renewed', () => lease(s)?.spec?.renewTime !== first);
      const later = lease(s)?.spec?.renewTime;
      expect(Date.parse(later ?? '')).toBeGreaterThan(Date.parse(first ?? ''));
      expect(await l.release()).toBe(true);
      const rv = lease(s)?.metadata.resourceVersion;
      // Three renewal periods with no renewal timer left: nothing is written.
      await jest.advanceTimersByTimeAsync(1000);
      expect(jest.getTimerCount()).toBe(0);
      expect(lease(s)?.metadata.resourceVersion).toBe(rv);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('preflight and waits', () => {
  it('refuses while kured holds its lock, and not once it is released or past its TTL', async () => {
    const file = await workerScenario();
    const ds = structuredClone(file.items.find((i) => i.kind === 'DaemonSet')) as unknown as {
      metadata: { name: string; namespace: string; annotations?: Record<string, string>; uid?: string };
    };
    ds.metadata.name = 'kured';
    ds.metadata.namespace = 'kube-system';
    ds.metadata.uid = 'uid-kured';
    ds.metadata.annotations = {
      'weave.works/kured-node-lock': JSON.stringify({
        nodeID: 'indus-wk-2',
        created: new Date().toISOString(),
        TTL: 0,
      }),
    };
    file.items.push(ds as unknown as KObject);
    const { s, api } = await sim(file);
    expect(await kuredLockHolder(api, new Date(), 'k8s-ha-bot')).toBe('kube-system/kured: indus-wk-2');
    const r = await run(s, { cluster: 'indus', node: 'indus-wk-1' });
    const final = await r.done;
    expect(final.stateReason).toBe('kured-lock');
    expect(r.events.find((e) => e.type === 'failed')).toMatchObject({
      detail: expect.stringContaining('indus-wk-2') as unknown,
    });
    expect(lease(s)?.spec?.holderIdentity).toBeUndefined(); // taken, then released
    // kured's lock with a TTL that has passed is free
    const old = new Date(Date.now() - 3_600_000).toISOString();
    ds.metadata.annotations = {
      'weave.works/kured-node-lock': JSON.stringify({
        nodeID: 'indus-wk-2',
        created: old,
        TTL: 30 * 60 * 1e9,
      }),
    };
    const file2 = await workerScenario();
    file2.items.push(ds as unknown as KObject);
    const two = await sim(file2);
    expect(await kuredLockHolder(two.api, new Date(), 'k8s-ha-bot')).toBeNull();
  });

  it('outside the change window: refuses when the policy says so, else waits (cancel while waiting ends it)', async () => {
    const { s } = await sim(await workerScenario());
    const days: Weekday[] = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
    // a one-minute window that opened an hour ago (UTC)
    const t = new Date(Date.now() - 3_600_000);
    const hhmm = (d: Date): string => d.toISOString().slice(11, 16);
    const windows = [{ days, start: hhmm(t), end: hhmm(new Date(t.getTime() + 60_000)), timeZone: 'UTC' }];
    const refused = await run(s, {
      cluster: 'indus',
      node: 'indus-wk-1',
      policy: { changeWindows: windows, outsideWindow: 'refuse' },
    });
    expect((await refused.done).stateReason).toBe('outside-change-window');
    const waiting = await run(s, {
      cluster: 'indus',
      node: 'indus-wk-1',
      policy: { changeWindows: windows, outsideWindow: 'wait' },
    });
    await eventually(
      'the request waiting for its window',
      async () => (await store.get(waiting.request.id))?.state === 'waiting-for-window',
      60_000,
    ).catch(() => undefined); // the assertions below say what went wrong
    expect(waiting.events[0]).toMatchObject({ type: 'waiting-for-window' });
    expect(Date.parse((waiting.events[0] as { opensAt: string }).opensAt)).toBeGreaterThan(Date.now());
    await store.transition(waiting.request.id, ['waiting-for-window'], 'cancelling');
    const final = await waiting.done;
    expect(final.state).toBe('cancelled');
    expect(
      (s.getObject('nodes', null, 'indus-wk-1') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBeUndefined();
  });

  it('an API that answers 503 for a while (during the drain and the reboot wait) is waited out, not a failure', async () => {
    const { s } = await sim(await workerScenario({ extra: 2 }));
    s.setFaults({ delayMs: { 'pods/eviction': 400 } });
    const r = await run(s, {
      cluster: 'indus',
      node: 'indus-wk-1',
      policy: {
        drain: { timeoutMs: 20_000, parallelism: 1, evictionBackoffMs: 100, progressIntervalMs: 500 },
      },
    });
    await eventually('a first eviction', () => s.evictions.size >= 1, WAIT_CEILING_MS);
    s.setFaults({ unavailable: true });
    await delay(1500); // the outage: the drain meets 503s for a while
    s.setFaults({});
    await eventually(
      'the request waiting for the reboot',
      async () => (await store.get(r.request.id))?.state === 'awaiting-reboot',
      60_000,
    );
    s.setFaults({ unavailable: true });
    void s.rebootNode('indus-wk-1', { downMs: 300 });
    await delay(1500); // the outage again, across the reboot
    s.setFaults({});
    const final = await r.done;
    expect([final.state, final.stateReason]).toEqual(['completed', undefined]);
    expect(s.evictions.size).toBe(3);
    for (const [pod, n] of s.evictions) expect([pod, n]).toEqual([pod, 1]);
    expect(r.events.filter((e) => e.type === 'eviction')).toHaveLength(3);
  });

  it('reboot timeout: the node never comes back; it stays cordoned, the lock is released, the missing checks are named', async () => {
    const { s } = await sim(await workerScenario());
    const r = await run(s, { cluster: 'indus', node: 'indus-wk-1', policy: { reboot: { timeoutMs: 1500 } } });
    const final = await r.done;
    expect(final.stateReason).toBe('reboot-timeout');
    expect(r.events.find((e) => e.type === 'failed')).toMatchObject({
      nodeCordoned: true,
      detail: expect.stringContaining('no new bootID') as unknown,
    });
    expect(
      (s.getObject('nodes', null, 'indus-wk-1') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBe(true);
    expect(lease(s)?.spec?.holderIdentity).toBeUndefined();
  });
});

(KUBECTL ? describe : describe.skip)('under the rendered maintenance RBAC', () => {
  it('a whole maintenance needs nothing beyond deploy/overlays/maintenance; under the read-only role the first write (the lock) is forbidden with the RBAC hint', async () => {
    const { stdout } = await promisify(execFile)(
      KUBECTL as string,
      ['kustomize', 'deploy/overlays/maintenance'],
      { timeout: 30_000, maxBuffer: 16 * 1024 * 1024 },
    );
    const rules = rbacRulesFromManifests(stdout);
    const { s } = await sim(await workerScenario({ extra: 1 }), rules);
    const r = await run(s, { cluster: 'indus', node: 'indus-wk-1' });
    await eventually(
      'the request waiting for the reboot (or failed)',
      async () => ['awaiting-reboot', 'failed'].includes((await store.get(r.request.id))?.state ?? ''),
      60_000,
    ).catch(() => undefined); // the assertion below says what went wrong
    expect((await store.get(r.request.id))?.state).toBe('awaiting-reboot');
    await s.rebootNode('indus-wk-1', { downMs: 100 });
    const final = await r.done;
    expect([final.state, final.stateReason]).toEqual(['completed', undefined]);

    const readOnly = rbacRulesFromManifests(
      (
        await promisify(execFile)(KUBECTL as string, ['kustomize', 'deploy/overlays/read-only'], {
          timeout: 30_000,
          maxBuffer: 16 * 1024 * 1024,
        })
      ).stdout,
    );
    const two = await sim(await workerScenario(), readOnly);
    const denied = await run(two.s, { cluster: 'indus', node: 'indus-wk-1' });
    const failed = await denied.done;
    expect(failed.stateReason).toBe('forbidden');
    expect(denied.events.find((e) => e.type === 'failed')).toMatchObject({
      detail:
        "the bot's ServiceAccount needs the maintenance role (patch nodes, create pods/eviction, leases in k8s-ha-bot)",
      nodeCordoned: false,
    });
  });
});
