/**
 * Two gateway replicas deciding on one request at nearly the same moment ("the thread
 * updates and audit entries in order"). Gateway A reaches Redis through a proxy that holds its
 * replies for 150 ms, so its approval is stored first but A learns of it late; gateway B approves
 * the moment A's approval is in Redis. The audit Stream and the thread-message numbers must still
 * say "approved (1 of 2)" before "approved (2 of 2)", and the execution job must follow both.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import {
  type MaintenanceService,
  createMaintenanceService,
} from '../../src/maintenance/maintenance-service.js';
import { eventJobIds } from '../../src/maintenance/notifier.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import { type Actor, executionJobIdFor, maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import type { ReplyPublisher } from '../../src/queue/reply-queue.js';
import { silentLogger } from '../../src/util/logger.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import { type TcpProxy, startTcpProxy } from '../helpers/tcp-proxy.js';
import { newControlPlaneRequest } from '../helpers/maintenance-fixtures.js';

const alice: Actor = { platform: 'slack', tenant: 'T01', id: 'UA1' };
const bob: Actor = { platform: 'slack', tenant: 'T01', id: 'UA2' };
const POLICY = parseMaintenancePolicy(
  'defaults:\n  requesters: ["*"]\n  approvers: ["slack:T01:UA1", "slack:T01:UA2"]\n',
  'order-policy.yaml',
);
const DELAY_MS = 150;

/** What a gateway published: the reply job id and the thread-message number. */
interface Published {
  jobId: string;
  seq: number | undefined;
  at: number;
}

let redisServer: TestRedis;
let proxy: TcpProxy;
const clients: Redis[] = [];

beforeAll(async () => {
  redisServer = await useSharedRedis();
  const url = new URL(redisServer.url);
  proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port) }, { replyDelayMs: DELAY_MS });
});
afterAll(async () => {
  for (const c of clients) c.disconnect();
  await proxy.close();
  await redisServer.stop();
});

function gateway(
  viaProxy: boolean,
  keyPrefix: string,
  prefix: string,
  published: Published[],
): MaintenanceService {
  const redis = viaProxy
    ? new Redis({ host: proxy.host, port: proxy.port, db: redisServer.db, maxRetriesPerRequest: null })
    : new Redis(redisServer.url, { maxRetriesPerRequest: null });
  clients.push(redis);
  const publisher = {
    async publish(
      _platform: string,
      payload: { delivery?: { mode: string; seq?: number } },
      jobId: string,
    ): Promise<void> {
      if (payload.delivery?.mode === 'thread')
        published.push({ jobId, seq: payload.delivery.seq, at: Date.now() });
    },
  } as unknown as ReplyPublisher;
  return createMaintenanceService({
    redis,
    policy: POLICY,
    prefix,
    keyPrefix,
    logger: silentLogger,
    publisher,
  });
}

const newRequest = newControlPlaneRequest;

describe('two gateways approving one control-plane request at once', () => {
  it.each([1, 2, 3])(
    'round %i: audit and thread say 1 of 2 before 2 of 2; one job, added after both',
    async (round) => {
      const keyPrefix = `k8s-ha-bot:maintenance:order${round}:`;
      const prefix = `bull-order${round}`;
      const published: Published[] = [];
      const slow = gateway(true, keyPrefix, prefix, published);
      const fast = gateway(false, keyPrefix, prefix, published);
      const id = (await newRequest(fast, 'master-2')).id;

      const first = slow.decide(id, alice, 'approve');
      // Wait until alice's approval is stored in Redis (A itself hears of it only 150 ms later).
      await eventually(
        "alice's approval stored",
        async () => ((await fast.get(id))?.approvals.length ?? 0) >= 1,
        60_000,
        5,
      ).catch(() => undefined); // the next line says it
      expect((await fast.get(id))?.approvals.map((a) => a.actor.id)).toEqual(['UA1']);
      const second = fast.decide(id, bob, 'approve');
      const [a, b] = await Promise.all([first, second]);
      expect(a).toMatchObject({ ok: true, outcome: 'approval-counted' });
      expect(b).toMatchObject({ ok: true, outcome: 'approved' });

      // The audit Stream, in Stream order.
      const entries = await fast.audit.forRequest(id);
      const approvals = entries.filter((e) => e.event.type === 'approved');
      expect(approvals.map((e) => [e.actor, e.event.type === 'approved' ? e.event.approvals : -1])).toEqual([
        ['slack:T01:UA1', 1],
        ['slack:T01:UA2', 2],
      ]);
      // The thread messages: each approval's number is smaller for the earlier approval.
      const seqOf = (streamId: string): number | undefined =>
        published.find((p) => p.jobId === eventJobIds(id, streamId).thread)?.seq;
      const [s1, s2] = approvals.map((e) => seqOf(e.streamId));
      expect(typeof s1).toBe('number');
      expect(typeof s2).toBe('number');
      expect(s1 as number).toBeLessThan(s2 as number);

      // One execution job, added after both approvals were published.
      const q = new Queue(maintenanceQueueNameFor('prod'), {
        connection: clients[clients.length - 1] as Redis,
        prefix,
      });
      const job = await q.getJob(executionJobIdFor(id));
      expect(job).toBeDefined();
      expect(job?.timestamp).toBeGreaterThanOrEqual(Math.max(...published.map((p) => p.at)) - 5);
      expect(await q.getJobCountByTypes('waiting', 'active', 'delayed', 'completed', 'failed')).toBe(1);
      await q.close();
      await slow.close();
      await fast.close();
    },
  );

  it('a decision mutex left behind by a dead gateway delays the next decision at most ~3 s, then it is decided and counted', async () => {
    const keyPrefix = 'k8s-ha-bot:maintenance:order-stuck:';
    const published: Published[] = [];
    const fast = gateway(false, keyPrefix, 'bull-order-stuck', published);
    const created = { request: await newRequest(fast, 'master-3') };
    const direct = clients[clients.length - 1] as Redis;
    // What a gateway killed mid-decision leaves: the mutex key with 60 s to live.
    await direct.set(`mutex:${keyPrefix}decision:${created.request.id}`, 'dead-gateway', 'PX', 60_000);
    const t0 = Date.now();
    const result = await fast.decide(created.request.id, alice, 'approve');
    const waitedMs = Date.now() - t0;
    expect(result).toMatchObject({ ok: true, outcome: 'approval-counted' });
    expect(waitedMs).toBeGreaterThanOrEqual(2_900);
    // A ceiling below the left mutex's 60 s life (not waited out), generous for a busy machine.
    expect(waitedMs).toBeLessThan(30_000);
    expect((await fast.get(created.request.id))?.approvals.map((a) => a.actor.id)).toEqual(['UA1']);
    // The dead holder's key is left to expire; ours was never taken, so nothing of ours is left.
    expect(await direct.get(`mutex:${keyPrefix}decision:${created.request.id}`)).toBe('dead-gateway');
    await fast.close();
  });
});
