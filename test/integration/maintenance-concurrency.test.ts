/**
 * Hostile review of today's four maintenance changes, with real runs:
 *
 * 1. the per-request decision mutex (redis-semaphore) of `maintenance-service.ts`: 100 approvers
 *    clicking one request at once, an audit append that fails while the mutex is held, Redis
 *    hanging (a paused TCP proxy, as SIGSTOP) in the middle of a decision and during a click;
 * 2. the drain without its own synchronous Lease renewal (`run-maintenance.ts`): a resumed run
 *    whose Lease was taken by another holder meanwhile, and a crash between the `cordoned` step's
 *    renewal and the move to `draining`, against the simulator;
 * 3. console identities in a policy (`policy.ts`): exactly the names `--as` accepts, case kept;
 * 4. the Slack click answered in the clicker's language (`slack-app.ts`): users.info slow, hung or
 *    failing during a click, through the real Bolt HTTP receiver and the fake Slack Web API.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { CONSOLE_USER_PATTERN } from '../../adapters/console/console-adapter.js';
import { loadConfig } from '../../src/config/load-config.js';
import { runMaintenance } from '../../src/maintenance/execute/run-maintenance.js';
import type { MaintenanceDeps } from '../../src/maintenance/execute/run-maintenance.js';
import {
  type MaintenanceService,
  createMaintenanceService,
} from '../../src/maintenance/maintenance-service.js';
import { eventJobIds } from '../../src/maintenance/notifier.js';
import { isAllowed, isIdentity, parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import {
  type Actor,
  type MaintenanceRequest,
  executionJobIdFor,
  maintenanceQueueNameFor,
} from '../../src/maintenance/types.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import type { ReplyPublisher } from '../../src/queue/reply-queue.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { createLogger, silentLogger } from '../../src/util/logger.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned, TEST_SIGNING_SECRET, triggerId } from '../helpers/fake-slack-requests.js';
import { PAYMENTS_1, workerScenario } from '../helpers/maintenance-fixtures.js';
import {
  approvedRequest,
  RecordingNotifier,
  RedisTestStore,
  testPolicy,
} from '../helpers/maintenance-test-store.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.js';
import { newControlPlaneRequest } from '../helpers/maintenance-fixtures.js';

/** Measured figures, printed with SHOW_FIGURES=1 (the review's numbers; not asserted beyond the bounds). */
function showFigure(message: string): void {
  if (process.env.SHOW_FIGURES) process.stdout.write(`${message}\n`);
}

let redisServer: TestRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  redisServer = await useSharedRedis();
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await redisServer.stop();
});

const direct = (): Redis => {
  const c = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  clients.push(c);
  return c;
};

/** A logger whose warnings are kept (JSON lines) so a test can count them. */
function recordingLogger(): { logger: ReturnType<typeof createLogger>; lines: Array<{ msg?: string }> } {
  const lines: Array<{ msg?: string }> = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString('utf8').split('\n'))
        if (l.trim() !== '') lines.push(JSON.parse(l) as { msg?: string });
      cb();
    },
  });
  return { logger: createLogger({ level: 'warn', stream }), lines };
}

const slackActor = (id: string): Actor => ({ platform: 'slack', tenant: 'T01', id });

const newRequest = newControlPlaneRequest;

// -----------------------------------------------------------------------------------------------
// 1. The decision mutex

describe('decision mutex: 100 approvers click one control-plane request at once', () => {
  const APPROVERS = Array.from({ length: 100 }, (_, i) => `UAP${String(i).padStart(3, '0')}`);
  const policy = parseMaintenancePolicy(
    `defaults:\n  requesters: ["*"]\n  approvers: [${APPROVERS.map((a) => `"slack:T01:${a}"`).join(', ')}]\n  approvals: { worker: 1, controlPlane: 10 }\n`,
    'today-100.yaml',
  );

  it('exactly 10 approvals, one job, audit and thread numbered 1..10 in store order; the time of the burst is shown', async () => {
    const keyPrefix = 'k8s-ha-bot:maintenance:today100:';
    const prefix = 'bull-today100';
    const published: Array<{ jobId: string; seq: number | undefined }> = [];
    const publisher = {
      async publish(
        _p: string,
        payload: { delivery?: { mode: string; seq?: number } },
        jobId: string,
      ): Promise<void> {
        if (payload.delivery?.mode === 'thread') published.push({ jobId, seq: payload.delivery.seq });
      },
    } as unknown as ReplyPublisher;
    const rec = recordingLogger();
    // Each click through its own gateway-like connection (a replica each), as many gateways would.
    const conns = Array.from({ length: 10 }, () => direct());
    const services = conns.map((redis) =>
      createMaintenanceService({ redis, policy, prefix, keyPrefix, logger: rec.logger, publisher }),
    );
    const first = services[0] as MaintenanceService;
    const r = await newRequest(first, 'master-1');

    const t0 = Date.now();
    const results = await Promise.all(
      APPROVERS.map(async (a, i) => {
        const res = await (services[i % services.length] as MaintenanceService).decide(
          r.id,
          slackActor(a),
          'approve',
        );
        return { res, ms: Date.now() - t0 };
      }),
    );
    const lastMs = Math.max(...results.map((x) => x.ms));
    const fellThrough = rec.lines.filter((l) => /did not finish in time/.test(l.msg ?? '')).length;
    showFigure(
      `100 approvers: last click decided after ${lastMs} ms; ${fellThrough} decided without the mutex (3 s wait ran out)`,
    );

    const counted = results.filter((x) => x.res.ok && x.res.outcome === 'approval-counted').length;
    const approved = results.filter((x) => x.res.ok && x.res.outcome === 'approved').length;
    expect({ counted, approved, refused: results.filter((x) => !x.res.ok).length }).toEqual({
      counted: 9,
      approved: 1,
      refused: 90,
    });
    const stored = await first.get(r.id);
    expect(stored?.state).toBe('approved');
    expect(stored?.approvals).toHaveLength(10);

    const entries = (await first.audit.forRequest(r.id)).filter((e) => e.event.type === 'approved');
    // In Stream order, the numbers go 1..10 and follow the store's approval order.
    expect(entries.map((e) => (e.event.type === 'approved' ? e.event.approvals : -1))).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10,
    ]);
    expect(entries.map((e) => e.actor)).toEqual(stored?.approvals.map((a) => `slack:T01:${a.actor.id}`));
    const seqs = entries.map(
      (e) => published.find((p) => p.jobId === eventJobIds(r.id, e.streamId).thread)?.seq ?? -1,
    );
    expect(seqs.every((s) => s > 0)).toBe(true);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);

    const q = new Queue(maintenanceQueueNameFor('prod'), { connection: direct(), prefix });
    expect(await q.getJob(executionJobIdFor(r.id))).toBeDefined();
    expect(await q.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed')).toBe(1);
    await q.close();
    // Nothing left behind: no decision mutex of this request (releases are not awaited by the
    // decisions: give the last one a moment).
    const mutexKey = `mutex:${keyPrefix}decision:${r.id}`;
    await eventually(
      'the decision mutex released',
      async () => (await conns[0]?.exists(mutexKey)) === 0,
      60_000,
    );
    expect(await conns[0]?.exists(mutexKey)).toBe(0);
    // How long the burst took is a figure (shown above), not a check: a busy machine stretches it.
    for (const s of services) await s.close();
  });
});

describe('decision mutex: a slow chat publisher makes the burst outlast the 3 s wait', () => {
  const APPROVERS = Array.from({ length: 30 }, (_, i) => `UAS${String(i).padStart(3, '0')}`);
  const policy = parseMaintenancePolicy(
    `defaults:\n  requesters: ["*"]\n  approvers: [${APPROVERS.map((a) => `"slack:T01:${a}"`).join(', ')}]\n  approvals: { worker: 1, controlPlane: 10 }\n`,
    'today-slow.yaml',
  );

  it('counting stays exact and one job is added even when clicks stop waiting for the mutex', async () => {
    const keyPrefix = 'k8s-ha-bot:maintenance:todayslow:';
    const prefix = 'bull-todayslow';
    // Each chat publish (thread message, card update) takes 200 ms: ~400 ms per counted approval.
    const publisher = { publish: () => delay(200) } as unknown as ReplyPublisher;
    const rec = recordingLogger();
    const services = Array.from({ length: 5 }, () =>
      createMaintenanceService({ redis: direct(), policy, prefix, keyPrefix, logger: rec.logger, publisher }),
    );
    const first = services[0] as MaintenanceService;
    const r = await newRequest(first, 'master-6');
    const t0 = Date.now();
    const results = await Promise.all(
      APPROVERS.map((a, i) =>
        (services[i % services.length] as MaintenanceService).decide(r.id, slackActor(a), 'approve'),
      ),
    );
    const lastMs = Date.now() - t0;
    const fellThrough = rec.lines.filter((l) => /did not finish in time/.test(l.msg ?? '')).length;
    const entries = (await first.audit.forRequest(r.id)).filter((e) => e.event.type === 'approved');
    const numbers = entries.map((e) => (e.event.type === 'approved' ? e.event.approvals : -1));
    showFigure(
      `30 approvers, 200 ms publishes: last click after ${lastMs} ms; ${fellThrough} decided without the mutex; audit numbers in Stream order ${numbers.join(',')}`,
    );
    expect(results.filter((x) => x.ok).length).toBe(10);
    expect((await first.get(r.id))?.approvals).toHaveLength(10);
    expect([...numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const q = new Queue(maintenanceQueueNameFor('prod'), { connection: direct(), prefix });
    expect(await q.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed')).toBe(1);
    await q.close();
    // How long the clicks waited is a figure (shown above), not a check: a busy machine stretches it.
    for (const s of services) await s.close();
  });
});

describe('decision mutex: failures while it is held', () => {
  const policy = parseMaintenancePolicy(
    'defaults:\n  requesters: ["*"]\n  approvers: ["slack:T01:UA1", "slack:T01:UA2", "slack:T01:UA3"]\n',
    'today-fail.yaml',
  );

  it('an audit append that fails (emit throws) rejects the decision, keeps the approval, and releases the mutex at once', async () => {
    const keyPrefix = 'k8s-ha-bot:maintenance:todayfail:';
    const redis = direct();
    const service = createMaintenanceService({
      redis,
      policy,
      prefix: 'bull-todayfail',
      keyPrefix,
      logger: silentLogger,
    });
    const r = await newRequest(service, 'master-2');
    // The audit Stream key of the wrong type: XADD fails with WRONGTYPE.
    await redis.set(`${keyPrefix}audit`, 'not a stream');
    await expect(service.decide(r.id, slackActor('UA1'), 'approve')).rejects.toThrow();
    expect((await service.get(r.id))?.approvals.map((a) => a.actor.id)).toEqual(['UA1']);
    expect(await redis.exists(`mutex:${keyPrefix}decision:${r.id}`)).toBe(0);
    await redis.del(`${keyPrefix}audit`);
    const t0 = Date.now();
    const next = await service.decide(r.id, slackActor('UA2'), 'approve');
    const waited = Date.now() - t0;
    showFigure(`decision after a failed emit: ${waited} ms`);
    expect(next).toMatchObject({ ok: true, outcome: 'approved' });
    await service.close();
  });

  describe("Redis hangs (paused proxy, as SIGSTOP) with the gateway's producer connection", () => {
    let proxy: TcpProxy;
    let viaProxy: Redis;
    beforeAll(async () => {
      proxy = await startTcpProxy({ host: redisServer.host, port: redisServer.port });
      const url = `redis://127.0.0.1:${proxy.port}/${redisServer.db}`;
      viaProxy = createProducerConnection(url);
      await ensureReady(viaProxy, url, 60_000);
    });
    afterAll(async () => {
      proxy.resume();
      viaProxy.disconnect();
      await proxy.close();
    });

    it('mid-decision: the click returns at once (the release is not awaited); the release times out and the left mutex delays the next click by the 3 s wait only', async () => {
      const keyPrefix = 'k8s-ha-bot:maintenance:todayhang:';
      let pauseOnPublish = true;
      const publisher = {
        async publish(): Promise<void> {
          // The approval is stored and audited: Redis stops answering right now.
          if (pauseOnPublish) {
            pauseOnPublish = false;
            proxy.pause();
          }
        },
      } as unknown as ReplyPublisher;
      const rec = recordingLogger();
      const slow = createMaintenanceService({
        redis: viaProxy,
        policy,
        prefix: 'bull-todayhang',
        keyPrefix,
        logger: rec.logger,
        publisher,
      });
      const healthyLog = recordingLogger();
      const healthy = createMaintenanceService({
        redis: direct(),
        policy,
        prefix: 'bull-todayhang',
        keyPrefix,
        logger: healthyLog.logger,
      });
      const r = await newRequest(healthy, 'master-3');
      const t0 = Date.now();
      const res = await slow.decide(r.id, slackActor('UA1'), 'approve');
      const hungMs = Date.now() - t0;
      showFigure(`decision whose release hung: returned after ${hungMs} ms`);
      expect(res).toMatchObject({ ok: true, outcome: 'approval-counted' });
      // The release fails on its own, after the producer connection's 5 s command timeout: the
      // decision was answered before that (the hanging release does not hold the answer).
      const logged = (): boolean =>
        rec.lines.some((l) => /could not release the decision mutex/.test(l.msg ?? ''));
      expect(logged()).toBe(false);
      await eventually('the hung release given up', logged, WAIT_CEILING_MS);
      // The release never reached Redis while it hung: the key is still there.
      const left = await (clients[clients.length - 1] as Redis).pttl(`mutex:${keyPrefix}decision:${r.id}`);
      expect(left).toBeGreaterThan(0);
      // Another gateway's click on the same request now: waits the 3 s, then is decided.
      const t1 = Date.now();
      const second = await healthy.decide(r.id, slackActor('UA2'), 'approve');
      const waited = Date.now() - t1;
      showFigure(`next click on another gateway while the mutex was left behind: ${waited} ms`);
      expect(second).toMatchObject({ ok: true, outcome: 'approved' });
      // It waited out the 3 s wait (not the left mutex's lifetime) and decided without the mutex.
      expect(waited).toBeGreaterThanOrEqual(2_900);
      expect(
        healthyLog.lines.some((l) => /did not finish in time; deciding without waiting/.test(l.msg ?? '')),
      ).toBe(true);
      proxy.resume();
      await slow.close();
      await healthy.close();
    });

    // Found by this review (fixed): a failed mutex SET (Redis unreachable) was taken for "the
    // previous decision did not finish" and the decision ran anyway, waiting a second 5 s command
    // timeout. Only a redis-semaphore TimeoutError means "decide anyway" now.
    it('a click while Redis hangs is refused (queue-unavailable) within one command timeout, as before the mutex', async () => {
      const keyPrefix = 'k8s-ha-bot:maintenance:todayhang2:';
      const healthy = createMaintenanceService({
        redis: direct(),
        policy,
        prefix: 'bull-todayhang2',
        keyPrefix,
        logger: silentLogger,
      });
      const slowLog = recordingLogger();
      const slow = createMaintenanceService({
        redis: viaProxy,
        policy,
        prefix: 'bull-todayhang2',
        keyPrefix,
        logger: slowLog.logger,
      });
      const r = await newRequest(healthy, 'master-4');
      proxy.pause();
      const t0 = Date.now();
      const outcome = await slow.decide(r.id, slackActor('UA1'), 'approve').then(
        () => 'decided',
        (err: unknown) => (err as { code?: string }).code ?? String(err),
      );
      const ms = Date.now() - t0;
      proxy.resume();
      showFigure(`click while Redis hangs: ${outcome} after ${ms} ms`);
      expect(outcome).toBe('queue-unavailable');
      // One 5 s command timeout: a failed mutex SET means Redis is unreachable, so it is refused
      // at once, never decided "anyway" (which only added a second timeout; Teams waits for this
      // answer in the invoke).
      expect(slowLog.lines.some((l) => /deciding without waiting/.test(l.msg ?? ''))).toBe(false);
      await slow.close();
      await healthy.close();
    });
  });
});

// -----------------------------------------------------------------------------------------------
// 2. The drain without its own synchronous renewal

describe('drain resumed by a second worker', () => {
  const LEASES = '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases';
  let store: RedisTestStore;
  let redis: Redis;
  let sims: RunningSimulator[] = [];
  beforeAll(() => {
    redis = direct();
    store = new RedisTestStore(redis);
  });
  afterAll(async () => {
    await Promise.all(sims.map((s) => s.close()));
    sims = [];
  });

  const lease = (s: RunningSimulator): { holderIdentity?: string; renewTime?: string } | undefined =>
    (
      s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as
        { spec?: { holderIdentity?: string; renewTime?: string } } | undefined
    )?.spec;
  const evictions = (s: RunningSimulator): number =>
    [...s.evictionRequests.values()].reduce((a, b) => a + b, 0);
  const unschedulable = (s: RunningSimulator): boolean | undefined =>
    (s.getObject('nodes', null, 'indus-wk-1') as { spec?: { unschedulable?: boolean } }).spec?.unschedulable;

  /** Write the Lease as another party left it: `holder`, renewed `agoMs` ago, TTL `ttlS`. */
  async function putLease(s: RunningSimulator, holder: string, agoMs: number, ttlS: number): Promise<void> {
    const renewTime = `${new Date(Date.now() - agoMs).toISOString().slice(0, 23)}000Z`;
    const spec = {
      holderIdentity: holder,
      leaseDurationSeconds: ttlS,
      acquireTime: renewTime,
      renewTime,
      leaseTransitions: 0,
    };
    const got = await fetch(`${s.url}${LEASES}/k8s-ha-bot-maintenance`);
    if (got.status === 404) {
      const res = await fetch(`${s.url}${LEASES}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          apiVersion: 'coordination.k8s.io/v1',
          kind: 'Lease',
          metadata: { name: 'k8s-ha-bot-maintenance', namespace: 'k8s-ha-bot' },
          spec,
        }),
      });
      expect(res.status).toBeLessThan(300);
    } else {
      const body = (await got.json()) as { spec: Record<string, unknown> };
      body.spec = spec;
      const res = await fetch(`${s.url}${LEASES}/k8s-ha-bot-maintenance`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
    }
  }

  /** A request left by a dead worker in `state`, the node cordoned by it. */
  async function left(s: RunningSimulator, state: 'cordoned' | 'draining'): Promise<MaintenanceRequest> {
    const r = approvedRequest({ cluster: 'indus', node: 'indus-wk-1' });
    const at = new Date(Date.now() - 30_000).toISOString();
    r.state = state;
    // The drain's deadline counts from drainStartedAt: the dead worker entered draining just now.
    r.progress = {
      startedAt: at,
      lockedAt: at,
      wasCordoned: false,
      cordonedByBot: true,
      cordonedAt: at,
      ...(state === 'draining' ? { drainStartedAt: new Date().toISOString() } : {}),
    };
    await store.put(r);
    const node = (await (await fetch(`${s.url}/api/v1/nodes/indus-wk-1`)).json()) as {
      spec?: Record<string, unknown>;
    };
    node.spec = { ...(node.spec ?? {}), unschedulable: true };
    await fetch(`${s.url}/api/v1/nodes/indus-wk-1`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(node),
    });
    return r;
  }

  const deps = (s: RunningSimulator, signal?: AbortSignal): MaintenanceDeps => ({
    store,
    notifier: new RecordingNotifier(),
    kubeConfig: kubeConfigOf(s),
    policy: testPolicy('indus', {
      drain: { timeoutMs: 20_000, parallelism: 2, evictionBackoffMs: 100, progressIntervalMs: 500 },
    }),
    redis,
    holderIdentity: 'worker-2',
    analyze: async () => ({ verdict: 'safe', summary: 'safe', findings: [] }),
    logger: silentLogger,
    pollMs: 100,
    ...(signal ? { signal } : {}),
  });

  it.each(['draining', 'cordoned'] as const)(
    'resumed in %s, the Lease held (fresh) by another request meanwhile: fails lock-held, evicts nothing, leaves the Lease and the cordon',
    async (state) => {
      const s = await startScenarioSimulator(await workerScenario({ extra: 1 }));
      sims.push(s);
      const r = await left(s, state);
      await putLease(s, 'mr-someoneelse', 0, 3600);
      const final = await runMaintenance(r.id, deps(s));
      expect({ state: final.state, reason: final.stateReason }).toEqual({
        state: 'failed',
        reason: 'lock-held',
      });
      expect(evictions(s)).toBe(0);
      expect(lease(s)?.holderIdentity).toBe('mr-someoneelse');
      expect(unschedulable(s)).toBe(true);
    },
  );

  it.each(['draining', 'cordoned'] as const)(
    'resumed in %s after a crash, our Lease long expired and free: the new worker takes the Lease before the first eviction',
    async (state) => {
      const s = await startScenarioSimulator(await workerScenario({ extra: 1 }));
      sims.push(s);
      const r = await left(s, state);
      await putLease(s, r.id, 60_000, 6);
      const before = lease(s)?.renewTime;
      // Record the Lease as it is at each eviction request.
      const seenAtEviction: Array<string | undefined> = [];
      const poll = setInterval(() => {
        if (evictions(s) > 0 && seenAtEviction.length === 0) seenAtEviction.push(lease(s)?.renewTime);
      }, 1);
      const ac = new AbortController();
      const d = deps(s, ac.signal);
      const run = runMaintenance(r.id, d).catch((err: unknown) => err);
      const past = ['awaiting-reboot', 'verifying', 'completed', 'failed', 'cancelled'];
      await eventually(
        'the run past the drain',
        async () => past.includes((await store.get(r.id))?.state ?? ''),
        60_000,
      ).catch(() => undefined); // the assertions below say what went wrong
      ac.abort(new Error('test stops the run'));
      await run;
      clearInterval(poll);
      const events = (d.notifier as RecordingNotifier).events.map((e) => e.event.type);
      expect(events).toContain('drained');
      expect(events).not.toContain('failed');
      expect(s.evictionRequests.get(`payments/${PAYMENTS_1}`) ?? 0).toBeGreaterThan(0);
      expect(seenAtEviction).toHaveLength(1);
      // Renewed (taken afresh) before the first eviction was asked for.
      expect(seenAtEviction[0]).not.toBe(before);
      expect(Date.parse(seenAtEviction[0] ?? '')).toBeGreaterThan(Date.now() - 20_000);
    },
  );
});

// -----------------------------------------------------------------------------------------------
// 3. Console identities

describe('console identities in a policy', () => {
  const odd = [
    '.',
    '..',
    '-',
    '--help',
    '-rf',
    '_',
    'Alice',
    'ALICE',
    'a'.repeat(64),
    'a'.repeat(65),
    '',
    'a b',
    'a:b',
    'a*',
    '*',
    'é',
    'ａ',
    'a\n',
    'a/b',
    '../x',
    'a\u0000',
    'ı',
  ];

  it('a policy accepts exactly the names --as accepts', () => {
    for (const name of odd)
      expect([name, isIdentity(`console:local:${name}`)]).toEqual([name, CONSOLE_USER_PATTERN.test(name)]);
  });

  it('case is kept: console:local:Alice does not let alice approve, and a requester Alice cannot approve her own request', async () => {
    const policy = parseMaintenancePolicy(
      'defaults:\n  requesters: ["*"]\n  approvers: ["console:local:Alice", "console:local:..", "console:local:-rf"]\n  approvals: { worker: 1, controlPlane: 2 }\n',
      'today-console.yaml',
    );
    expect(
      isAllowed(policy.forCluster('prod').approvers, { platform: 'console', tenant: 'local', id: 'alice' }),
    ).toBe(false);
    const keyPrefix = 'k8s-ha-bot:maintenance:todayconsole:';
    const service = createMaintenanceService({
      redis: direct(),
      policy,
      prefix: 'bull-todayconsole',
      keyPrefix,
      logger: silentLogger,
    });
    const con = (id: string): Actor => ({ platform: 'console', tenant: 'local', id });
    const r = await newRequest(service, 'master-5', con('Alice'));
    expect(await service.decide(r.id, con('alice'), 'approve')).toMatchObject({
      ok: false,
      refusal: 'not-approver',
    });
    expect((await service.decide(r.id, con('Alice'), 'approve')).ok).toBe(false);
    expect(await service.decide(r.id, con('..'), 'approve')).toMatchObject({
      ok: true,
      outcome: 'approval-counted',
    });
    expect(await service.decide(r.id, con('-rf'), 'approve')).toMatchObject({
      ok: true,
      outcome: 'approved',
    });
    const audit = (await service.audit.forRequest(r.id)).map((e) => e.actor);
    expect(audit).toEqual(
      expect.arrayContaining(['console:local:Alice', 'console:local:..', 'console:local:-rf']),
    );
    await service.close();
  });
});

// -----------------------------------------------------------------------------------------------
// 4. Slack: users.info during a click

describe('Slack click while users.info is slow, hung or failing', () => {
  const TEAM = 'T0TEST';
  const REQ = 'U0REQ';
  const ALICE = 'U0ALICE';
  const BOB = 'U0BOB';
  let fake: FakeSlackApi;
  let gateway: RunningGateway;
  let dir: string;
  let url: string;
  let nodeNo = 0;
  const slowUsers = new Map<string, number | 'hang' | 'error'>();

  beforeAll(async () => {
    fake = await startFakeSlackApi();
    fake.override('chat.update', (call) => ({
      body: { ok: true, channel: call.params.channel, ts: call.params.ts },
    }));
    fake.override('users.info', async (call) => {
      const how = slowUsers.get(String(call.params.user));
      if (how === undefined) return undefined;
      if (how === 'error') return { status: 500, body: { ok: false, error: 'internal_error' } };
      if (how === 'hang')
        await delay(5_000, undefined, { ref: false }); // never keeps the test process up
      else await delay(how);
      return undefined;
    });
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-today-'));
    await writeFile(
      join(dir, 'kubeconfig.yaml'),
      'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "http://127.0.0.1:9"}}]\nusers: [{name: u, user: {}}]\ncontexts: [{name: simulator, context: {cluster: c, user: u}}]\ncurrent-context: simulator\n',
    );
    await writeFile(
      join(dir, 'policy.yaml'),
      `defaults:\n  requesters: ["*"]\n  approvers: [slack:${TEAM}:${ALICE}, slack:${TEAM}:${BOB}]\n  approvals: { worker: 1, controlPlane: 2 }\n`,
    );
    await writeFile(
      join(dir, 'config.yaml'),
      `clusters:\n  prod: { kubeconfig: kubeconfig.yaml, context: simulator }\ndefaultCluster: prod\nlocale: en\nmaintenancePolicy: policy.yaml\nredis: { url: ${redisServer.url} }\n`,
    );
    const config = await loadConfig({ path: join(dir, 'config.yaml'), env: {} });
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test',
        SLACK_API_URL: fake.apiUrl,
        K8S_HA_BOT_RATE_LIMIT: '1000',
      },
      config,
      logger: silentLogger,
      port: 0,
      maintenanceSweepMs: 60_000,
    });
    url = `http://127.0.0.1:${gateway.port}/slack/events`;
  });
  afterAll(async () => {
    await gateway?.close();
    await fake?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const service = (): RunningGateway['maintenance']['service'] => gateway.maintenance.service;
  const newWorkerRequest = async (channel: string): Promise<MaintenanceRequest> => {
    nodeNo += 1;
    const created = await service().createRequest({
      cluster: 'prod',
      node: `wk-${nodeNo}`,
      nodeRole: 'worker',
      reason: 'firmware',
      force: false,
      requestedBy: { platform: 'slack', tenant: TEAM, id: REQ },
      locale: 'en',
      replyTo: { platform: 'slack', address: { channel } },
      verdict: 'safe',
      summary: 'Safe.',
    });
    if (!created.ok) throw new Error(created.refusal);
    await service().attachCard(created.request.id, {
      platform: 'slack',
      channel,
      ts: `17000000${nodeNo}.000100`,
    });
    return created.request;
  };
  const click = async (action: string, id: string, user: string, channel: string): Promise<number> => {
    const payload = {
      type: 'block_actions',
      trigger_id: triggerId(),
      user: { id: user, team_id: TEAM, name: user.toLowerCase() },
      team: { id: TEAM },
      channel: { id: channel },
      container: { type: 'message', message_ts: '1700000000.000100', channel_id: channel },
      message: { ts: '1700000000.000100', text: 'card' },
      actions: [
        {
          type: 'button',
          action_id: `k8s-ha-bot:${action}`,
          block_id: 'b',
          value: id,
          action_ts: '1712000001.0',
        },
      ],
    };
    return (
      await sendSigned(url, `payload=${encodeURIComponent(JSON.stringify(payload))}`, {
        contentType: 'application/x-www-form-urlencoded',
      })
    ).status;
  };
  const decidedWithin = async (
    id: string,
    pred: (r: MaintenanceRequest) => boolean,
    timeoutMs: number,
  ): Promise<number> => {
    const t0 = Date.now();
    return eventually(
      'the request decided',
      async () => {
        const r = await service().get(id);
        return r && pred(r) ? Date.now() - t0 || 1 : undefined;
      },
      timeoutMs,
    ).catch(() => Number.POSITIVE_INFINITY);
  };

  it.each(['hang', 'error'] as const)(
    'users.info %s: the click is still decided (the lookup is bounded: a hung one never answers)',
    async (how) => {
      const user = how === 'hang' ? 'U0HANGAPP' : 'U0ERRAPP';
      // Not an approver: the click is refused privately, in the request's language.
      slowUsers.set(user, how);
      const r = await newWorkerRequest(`C0${how.toUpperCase()}`);
      const t0 = Date.now();
      expect(await click('maintenance-approve', r.id, user, `C0${how.toUpperCase()}`)).toBe(200);
      await fake.waitFor(
        (calls) => calls.some((c) => c.method === 'chat.postEphemeral' && c.params.user === user),
        60_000,
      );
      const ms = Date.now() - t0;
      showFigure(`refused click with users.info ${how}: answered after ${ms} ms`);
      // An approver whose users.info hangs: the approval is stored within ~1 s of the click.
      slowUsers.set(ALICE, how);
      const lookupsBefore = fake.callsOf('users.info').filter((c) => c.params.user === ALICE).length;
      const t1 = Date.now();
      await click('maintenance-approve', r.id, ALICE, `C0${how.toUpperCase()}`);
      expect(await decidedWithin(r.id, (x) => x.state === 'approved', 15_000)).toBeLessThan(
        Number.POSITIVE_INFINITY,
      );
      const stored = Date.now() - t1;
      showFigure(`approval with users.info ${how}: stored ${stored} ms after the click`);
      // users.info is asked only for a refusal: a counted approval never waits for it, as it never
      // asks it (a time bound here failed on a busy machine; the call count says it exactly).
      expect(fake.callsOf('users.info').filter((c) => c.params.user === ALICE)).toHaveLength(lookupsBefore);
      slowUsers.delete(ALICE);
    },
  );

  // Found by this review (fixed): the decision waited for the clicker's users.info (up to 800 ms),
  // needed only to word a refusal, so a later click could be decided first. Now the decision comes
  // first and the locale is looked up only for a refusal.
  it("a Reject clicked before the last Approve wins, even when the rejecter's users.info is slow (click order, not lookup order)", async () => {
    const r = await newWorkerRequest('C0ORDER');
    // Alice's Slack profile answers in 600 ms (under the 800 ms lookup bound); Bob's at once.
    slowUsers.set(ALICE, 600);
    expect(await click('maintenance-reject', r.id, ALICE, 'C0ORDER')).toBe(200);
    // Alice's click is acked; Bob clicks Approve (the only approval needed) 100 ms later.
    await delay(100);
    expect(await click('maintenance-approve', r.id, BOB, 'C0ORDER')).toBe(200);
    await decidedWithin(r.id, (x) => x.state !== 'pending-approval', 60_000);
    slowUsers.delete(ALICE);
    const final = await service().get(r.id);
    showFigure(`reject clicked first, approve 100 ms later: request ended ${final?.state}`);
    expect(final?.state).toBe('rejected');
  });
});
