import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ReplyTarget } from '../../src/commands/types.js';
import type { Reply } from '../../src/explain/reply.js';
import {
  type MaintenanceService,
  createMaintenanceService,
} from '../../src/maintenance/maintenance-service.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import { AuditLog } from '../../src/maintenance/audit-log.js';
import { createMaintenanceNotifier } from '../../src/maintenance/notifier.js';
import { newRequestId } from '../../src/maintenance/request-store.js';
import {
  type Actor,
  type DecisionResult,
  type MaintenanceRequest,
  REQUEST_ID_PATTERN,
  executionJobIdFor,
  maintenanceQueueNameFor,
} from '../../src/maintenance/types.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { ReplyConsumer, type ReplyDelivery, ReplyPublisher } from '../../src/queue/reply-queue.js';
import { metricsRegistry } from '../../src/ops/metrics.js';
import { silentLogger } from '../../src/util/logger.js';
import { freePort } from '../helpers/redis-server.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';

const requester: Actor = { platform: 'slack', tenant: 'T01', id: 'UREQ', displayName: 'Rita' };
const alice: Actor = { platform: 'slack', tenant: 'T01', id: 'UA1', displayName: 'Alice' };
const bob: Actor = { platform: 'slack', tenant: 'T01', id: 'UA2', displayName: 'Bob' };
const outsider: Actor = { platform: 'slack', tenant: 'T01', id: 'UOUT', displayName: 'Alice' };
const admin: Actor = { platform: 'slack', tenant: 'T01', id: 'UADM', displayName: 'Ada' };
const teamsUser: Actor = { platform: 'teams', tenant: 'tenant-1', id: 'aad-1', displayName: 'Tom' };

// The requester is an approver too: the store must still refuse self-approval.
const POLICY = parseMaintenancePolicy(
  `
defaults:
  approvers: ["slack:T01:UREQ", "slack:T01:UA1", "slack:T01:UA2", "teams:tenant-1:aad-1"]
  admins: ["slack:T01:UADM"]
clusters:
  locked-down:
    requesters: ["slack:T01:UREQ"]
`,
  'test-policy.yaml',
);

const slackTarget: ReplyTarget = { platform: 'slack', address: { channel: 'C01', threadTs: '1.0' } };

let redisServer: TestRedis;
let redis: Redis;
let n = 0;
let clock = Date.parse('2026-11-29T12:00:00Z');

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});

/** A service on its own key and queue prefixes, with the shared test clock. */
function makeService(o: { connection?: Redis; publisher?: ReplyPublisher; tag?: string } = {}): {
  service: MaintenanceService;
  prefix: string;
  keyPrefix: string;
} {
  n += 1;
  const tag = o.tag ?? `t${n}`;
  const prefix = `bull-${tag}`;
  const keyPrefix = `k8s-ha-bot:maintenance:${tag}:`;
  const service = createMaintenanceService({
    redis: o.connection ?? redis,
    policy: POLICY,
    prefix,
    keyPrefix,
    logger: silentLogger,
    now: () => new Date(clock),
    ...(o.publisher === undefined ? {} : { publisher: o.publisher }),
  });
  return { service, prefix, keyPrefix };
}

async function newRequest(
  service: MaintenanceService,
  over: Partial<Parameters<MaintenanceService['createRequest']>[0]> = {},
): Promise<MaintenanceRequest> {
  const created = await service.createRequest({
    cluster: 'prod',
    node: 'master-2',
    nodeRole: 'control-plane',
    reason: 'kernel patch',
    force: false,
    requestedBy: requester,
    locale: 'en',
    replyTo: slackTarget,
    verdict: 'safe',
    summary: 'Safe to reboot master-2.',
    ...over,
  });
  if (!created.ok) throw new Error(`create refused: ${created.refusal}`);
  return created.request;
}

function refusal(r: DecisionResult): string {
  return r.ok ? `ok:${r.outcome}` : r.refusal;
}

async function jobsOf(prefix: string, cluster = 'prod'): Promise<Queue> {
  return new Queue(maintenanceQueueNameFor(cluster), { connection: redis, prefix });
}

describe('request ids', () => {
  it('are mr- and 10 base32 characters, different each time', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newRequestId()));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(REQUEST_ID_PATTERN);
  });
});

describe('approvals of a control-plane node', () => {
  it('need two distinct approvers; self-approval, a non-approver and a second click change nothing; the second approval enqueues once', async () => {
    const { service, prefix } = makeService();
    const r = await newRequest(service);
    expect(r.approvalsRequired).toBe(2);
    expect(r.expiresAt).toBe(new Date(clock + 30 * 60_000).toISOString());
    const queue = await jobsOf(prefix);

    expect(refusal(await service.decide(r.id, requester, 'approve'))).toBe('self-approval');
    expect(refusal(await service.decide(r.id, outsider, 'approve'))).toBe('not-approver');
    expect(refusal(await service.decide(r.id, alice, 'approve'))).toBe('ok:approval-counted');
    // The same identity with another display name is the same approver.
    expect(refusal(await service.decide(r.id, { ...alice, displayName: 'someone else' }, 'approve'))).toBe(
      'already-approved',
    );
    expect((await service.get(r.id))?.state).toBe('pending-approval');
    expect(await queue.getJob(executionJobIdFor(r.id))).toBeUndefined();

    const last = await service.decide(r.id, bob, 'approve');
    expect(refusal(last)).toBe('ok:approved');
    expect(last.request?.approvals.map((a) => a.actor.id)).toEqual(['UA1', 'UA2']);
    expect(last.request?.state).toBe('approved');
    const job = await queue.getJob(executionJobIdFor(r.id));
    expect(job?.name).toBe('execute');
    expect(job?.data).toEqual({ requestId: r.id, cluster: 'prod' });
    expect(refusal(await service.decide(r.id, teamsUser, 'approve'))).toBe('not-pending');

    const events = (await service.audit.forRequest(r.id)).map((e) => [e.event.type, e.actor]);
    expect(events).toEqual([
      ['requested', 'slack:T01:UREQ'],
      ['approved', 'slack:T01:UA1'],
      ['approved', 'slack:T01:UA2'],
    ]);
    await queue.close();
    await service.close();
  });

  it('a worker node needs one approval; a forced request needs the control-plane count', async () => {
    const { service } = makeService();
    const w = await newRequest(service, { node: 'worker-1', nodeRole: 'worker' });
    expect(w.approvalsRequired).toBe(1);
    expect(refusal(await service.decide(w.id, alice, 'approve'))).toBe('ok:approved');
    const forced = await service.createRequest({
      cluster: 'prod',
      node: 'worker-2',
      nodeRole: 'worker',
      reason: 'disk failing',
      force: true,
      forceReason: 'disk is dying',
      requestedBy: admin,
      locale: 'en',
      replyTo: slackTarget,
      verdict: 'unsafe',
      summary: 'unsafe',
    });
    expect(forced.ok && forced.request.approvalsRequired).toBe(2);
    expect(forced.ok && forced.request.forceReason).toBe('disk is dying');
    await service.close();
  });
});

describe('concurrent clicks', () => {
  it('20 concurrent approvals by the same approver count once', async () => {
    const { service, prefix } = makeService();
    const r = await newRequest(service);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => service.decide(r.id, alice, 'approve')),
    );
    const outcomes = results.map(refusal).sort();
    expect(outcomes.filter((o) => o === 'ok:approval-counted')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already-approved')).toHaveLength(19);
    const stored = await service.get(r.id);
    expect(stored?.approvals).toHaveLength(1);
    expect(stored?.state).toBe('pending-approval');
    expect((await service.audit.forRequest(r.id)).filter((e) => e.event.type === 'approved')).toHaveLength(1);
    const queue = await jobsOf(prefix);
    expect(await queue.getJob(executionJobIdFor(r.id))).toBeUndefined();
    await queue.close();
    await service.close();
  });

  it('20 concurrent last approvals by one approver on a worker: one approved, one job', async () => {
    const { service, prefix } = makeService();
    const r = await newRequest(service, { node: 'worker-3', nodeRole: 'worker' });
    const results = await Promise.all(Array.from({ length: 20 }, () => service.decide(r.id, bob, 'approve')));
    expect(results.map(refusal).filter((o) => o === 'ok:approved')).toHaveLength(1);
    expect(
      results
        .map(refusal)
        .filter((o) => o !== 'ok:approved')
        .every((o) => o === 'not-pending'),
    ).toBe(true);
    const queue = await jobsOf(prefix);
    expect(await queue.getJobCounts('waiting', 'delayed', 'active')).toEqual({
      waiting: 1,
      delayed: 0,
      active: 0,
    });
    await queue.close();
    await service.close();
  });

  it('two approvers through two gateways (two connections) at once: both counted, exactly one approved outcome and one job', async () => {
    const tag = `gw${n}`;
    const other = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    const one = makeService({ tag });
    const two = makeService({ tag, connection: other });
    for (let round = 0; round < 10; round += 1) {
      const r = await newRequest(one.service, { node: `master-${round}` });
      const results = await Promise.all([
        one.service.decide(r.id, alice, 'approve'),
        two.service.decide(r.id, bob, 'approve'),
      ]);
      expect(results.map(refusal).sort()).toEqual(['ok:approval-counted', 'ok:approved']);
      const stored = await one.service.get(r.id);
      expect(stored?.approvals.map((a) => a.actor.id).sort()).toEqual(['UA1', 'UA2']);
      expect(stored?.state).toBe('approved');
    }
    const queue = await jobsOf(one.prefix);
    expect((await queue.getJobCounts('waiting')).waiting).toBe(10);
    await queue.close();
    await one.service.close();
    await two.service.close();
    other.disconnect();
  });
});

describe('expiry', () => {
  it('a click after expiresAt is refused as expired and the request becomes expired (once)', async () => {
    const { service } = makeService();
    const r = await newRequest(service);
    expect(refusal(await service.decide(r.id, alice, 'approve'))).toBe('ok:approval-counted');
    clock += 30 * 60_000;
    const late = await service.decide(r.id, bob, 'approve');
    expect(refusal(late)).toBe('expired');
    expect(late.request?.state).toBe('expired');
    expect(late.request?.approvals).toHaveLength(1);
    expect(refusal(await service.decide(r.id, bob, 'approve'))).toBe('expired');
    expect((await service.audit.forRequest(r.id)).map((e) => e.event.type)).toEqual([
      'requested',
      'approved',
      'expired',
    ]);
    // The node is free again.
    await newRequest(service);
    await service.close();
  });

  it('the sweeper expires pending requests past expiresAt and re-adds the job of an approved request', async () => {
    const { service, prefix } = makeService();
    const due = await newRequest(service, { node: 'worker-5', nodeRole: 'worker' });
    clock += 10 * 60_000;
    const notDue = await newRequest(service, { node: 'worker-6', nodeRole: 'worker' });
    const approved = await newRequest(service, { node: 'worker-7', nodeRole: 'worker' });
    expect(refusal(await service.decide(approved.id, alice, 'approve'))).toBe('ok:approved');
    const queue = await jobsOf(prefix);
    await (await queue.getJob(executionJobIdFor(approved.id)))?.remove();
    expect(await queue.getJob(executionJobIdFor(approved.id))).toBeUndefined();
    clock += 21 * 60_000;
    const expired = await service.sweepExpired();
    expect(expired.map((r) => r.id)).toEqual([due.id]);
    expect((await service.get(due.id))?.state).toBe('expired');
    expect((await service.get(notDue.id))?.state).toBe('pending-approval');
    expect((await service.audit.forRequest(due.id)).map((e) => [e.event.type, e.actor])).toEqual([
      ['requested', 'slack:T01:UREQ'],
      ['expired', 'bot'],
    ]);
    expect((await queue.getJob(executionJobIdFor(approved.id)))?.data).toEqual({
      requestId: approved.id,
      cluster: 'prod',
    });
    expect(await service.sweepExpired()).toEqual([]);
    await queue.close();
    await service.close();
  });
});

describe('reject and cancel', () => {
  it('reject needs an approver, ends the request and frees the node', async () => {
    const { service } = makeService();
    const r = await newRequest(service);
    expect(refusal(await service.decide(r.id, outsider, 'reject'))).toBe('not-approver');
    const rejected = await service.decide(r.id, alice, 'reject');
    expect(refusal(rejected)).toBe('ok:rejected');
    expect(rejected.request?.rejectedBy?.id).toBe('UA1');
    expect(refusal(await service.decide(r.id, bob, 'approve'))).toBe('not-pending');
    expect(refusal(await service.decide(r.id, requester, 'cancel'))).toBe('already-finished');
    expect((await newRequest(service)).id).not.toBe(r.id);
  });

  it('cancel: pending → cancelled; executing → cancelling (a second click writes nothing); terminal → already-finished; others refused', async () => {
    const { service } = makeService();
    const pending = await newRequest(service, { node: 'worker-1', nodeRole: 'worker' });
    expect(refusal(await service.decide(pending.id, outsider, 'cancel'))).toBe('not-allowed-to-cancel');
    const c = await service.decide(pending.id, requester, 'cancel');
    expect(refusal(c)).toBe('ok:cancelled');
    expect(c.request?.state).toBe('cancelled');
    expect(c.request?.cancelledBy?.id).toBe('UREQ');

    const running = await newRequest(service, { node: 'worker-2', nodeRole: 'worker' });
    expect(refusal(await service.decide(running.id, alice, 'approve'))).toBe('ok:approved');
    expect(
      await service.store.transition(running.id, ['approved'], 'checking', {
        progress: { startedAt: new Date(clock).toISOString() },
      }),
    ).not.toBeNull();
    const byAdmin = await service.decide(running.id, admin, 'cancel');
    expect(refusal(byAdmin)).toBe('ok:cancel-requested');
    expect(byAdmin.request?.state).toBe('cancelling');
    const again = await service.decide(running.id, bob, 'cancel');
    expect(refusal(again)).toBe('ok:cancel-requested');
    expect(again.request?.revision).toBe(byAdmin.request?.revision);
    expect((await service.audit.forRequest(running.id)).map((e) => e.event.type)).toEqual([
      'requested',
      'approved',
      'cancel-requested',
    ]);
    // The executor finishes the cancel.
    const done = await service.store.transition(running.id, ['cancelling'], 'cancelled');
    expect(done?.state).toBe('cancelled');
    expect(refusal(await service.decide(running.id, admin, 'cancel'))).toBe('already-finished');
    expect(refusal(await service.decide('mr-aaaaaaaaaa', admin, 'cancel'))).toBe('not-found');
    expect(refusal(await service.decide('../../etc', admin, 'cancel'))).toBe('not-found');
  });
});

describe('creating requests', () => {
  it('refuses non-requesters, unsafe verdicts without force, force by non-admins or without a reason, and a second open request per node', async () => {
    const { service } = makeService();
    const base = {
      cluster: 'prod',
      node: 'master-1',
      nodeRole: 'control-plane' as const,
      reason: '',
      force: false,
      requestedBy: requester,
      locale: 'en' as const,
      replyTo: slackTarget,
      verdict: 'safe' as const,
      summary: 's',
    };
    expect(await service.createRequest({ ...base, cluster: 'locked-down', requestedBy: alice })).toEqual({
      ok: false,
      refusal: 'not-requester',
    });
    expect(await service.createRequest({ ...base, verdict: 'unsafe' })).toEqual({
      ok: false,
      refusal: 'unsafe',
    });
    expect(await service.createRequest({ ...base, verdict: 'unsafe', force: true, reason: 'x' })).toEqual({
      ok: false,
      refusal: 'force-not-allowed',
    });
    expect(
      await service.createRequest({
        ...base,
        verdict: 'unsafe',
        force: true,
        requestedBy: admin,
        forceReason: '  ',
      }),
    ).toEqual({ ok: false, refusal: 'force-needs-reason' });
    const first = await service.createRequest(base);
    expect(first.ok).toBe(true);
    const second = await service.createRequest({ ...base, requestedBy: alice });
    expect(second).toMatchObject({
      ok: false,
      refusal: 'already-open',
      existing: { id: first.ok ? first.request.id : '' },
    });
    expect((await service.createRequest({ ...base, node: 'master-3' })).ok).toBe(true);
    expect((await service.createRequest({ ...base, cluster: 'stage' })).ok).toBe(true);
    expect((await service.store.listOpen('prod')).map((r) => r.node).sort()).toEqual([
      'master-1',
      'master-3',
    ]);
    // Only unrefused requests reached the audit.
    expect((await service.audit.recent(100)).map((e) => e.event.type)).toEqual([
      'requested',
      'requested',
      'requested',
    ]);
  });
});

describe('executor transitions', () => {
  it('compare-and-set on the state, progress merged, revision bumped; unknown ids', async () => {
    const { service } = makeService();
    const r = await newRequest(service, { node: 'worker-9', nodeRole: 'worker' });
    expect(await service.store.transition(r.id, ['approved'], 'checking')).toBeNull();
    await service.decide(r.id, alice, 'approve');
    const checking = await service.store.transition(r.id, ['approved'], 'checking', {
      progress: { startedAt: 'a' },
    });
    expect(checking?.state).toBe('checking');
    const raced = await Promise.all(
      Array.from({ length: 10 }, () =>
        service.store.transition(r.id, ['checking'], 'locked', { progress: { lockedAt: 'b' } }),
      ),
    );
    expect(raced.filter((x) => x !== null)).toHaveLength(1);
    const progressed = await service.store.updateProgress(r.id, { podsToEvict: 4, podsEvicted: 1 });
    expect(progressed.progress).toEqual({ startedAt: 'a', lockedAt: 'b', podsToEvict: 4, podsEvicted: 1 });
    const failed = await service.store.transition(r.id, ['locked'], 'failed', { stateReason: 'lock-held' });
    expect(failed?.stateReason).toBe('lock-held');
    expect(failed?.revision).toBe(progressed.revision + 1);
    expect(await redis.ttl(service.store.requestKey(r.id))).toBeGreaterThan(29 * 24 * 3600);
    await expect(service.store.updateProgress('mr-aaaaaaaaab', {})).rejects.toMatchObject({
      code: 'bad-request',
    });
    await service.attachCard(r.id, { channel: 'C01', ts: '2.0' });
    expect((await service.get(r.id))?.card).toEqual({ channel: 'C01', ts: '2.0' });
    await expect(service.attachCard('mr-aaaaaaaaab', {})).rejects.toMatchObject({ code: 'bad-request' });
  });
});

describe('the audit', () => {
  it('is for admins only, newest first', async () => {
    const { service } = makeService();
    const r = await newRequest(service, { node: 'worker-4', nodeRole: 'worker' });
    await service.decide(r.id, alice, 'approve');
    expect(await service.recentAudit(alice, 10)).toEqual({ ok: false, refusal: 'not-admin' });
    const seen = await service.recentAudit(admin, 10);
    expect(seen.ok && seen.entries.map((e) => [e.event.type, e.requestId, e.cluster, e.node])).toEqual([
      ['approved', r.id, 'prod', 'worker-4'],
      ['requested', r.id, 'prod', 'worker-4'],
    ]);
    const raw = await redis.xrevrange(service.audit.key, '+', '-', 'COUNT', 1);
    const fields = raw[0]?.[1] ?? [];
    expect(fields.filter((_, i) => i % 2 === 0)).toEqual([
      'at',
      'requestId',
      'cluster',
      'node',
      'actor',
      'event',
    ]);
    expect(JSON.parse(fields[11] ?? '{}')).toMatchObject({
      type: 'approved',
      approvals: 1,
      required: 1,
      by: { id: 'UA1' },
    });
  });
});

describe('chat messages of events', () => {
  it('go to the request thread and update the card on the replies queue; evictions and console requests stay audit-only', async () => {
    const consumerPrefix = `bull-chat${n}`;
    const got: { reply: Reply; job: AnswerJob; delivery?: ReplyDelivery }[] = [];
    const consumer = await ReplyConsumer.start({
      redisUrl: redisServer.url,
      platform: 'slack',
      prefix: consumerPrefix,
      handler: async (reply, job, delivery) => {
        got.push({ reply, job, ...(delivery === undefined ? {} : { delivery }) });
      },
    });
    const publisher = new ReplyPublisher(redis, consumerPrefix);
    const { service } = makeService({ publisher });
    const r = await newRequest(service, { node: 'worker-8', nodeRole: 'worker' });
    const approved = await service.decide(r.id, alice, 'approve');
    const current = approved.request as MaintenanceRequest;
    await service.notifier.emit(current, { type: 'eviction', pod: 'shop/web-1' });
    await service.notifier.emit(current, {
      type: 'drain-progress',
      evicted: 3,
      total: 5,
      waitingOn: [{ pod: 'shop/db-0', budget: 'shop/db-pdb', detail: 'disruptionsAllowed is 0' }],
    });
    const consoleRequest = await newRequest(service, {
      node: 'worker-10',
      nodeRole: 'worker',
      replyTo: { platform: 'console', address: {} },
    });
    await service.decide(consoleRequest.id, bob, 'approve');

    const deadline = Date.now() + 10_000;
    while (got.length < 4 && Date.now() < deadline) await new Promise((res) => setTimeout(res, 50));
    await new Promise((res) => setTimeout(res, 300));
    await consumer.close();
    await publisher.close();
    await service.close();

    // approved → thread + card; drain-progress → thread + card; nothing for the eviction or the console request.
    expect(got).toHaveLength(4);
    for (const m of got) {
      expect(m.delivery).toMatchObject({ maintenanceId: r.id });
      expect(m.job).toMatchObject({
        requestId: r.id,
        text: '',
        cluster: 'prod',
        locale: 'en',
        user: { platform: 'slack', id: 'UREQ', tenant: 'T01' },
        replyTo: slackTarget,
      });
      expect(m.reply.kind).toBe('maintenance');
      expect(m.reply.context.maintenanceId).toBe(r.id);
    }
    const threads = got
      .filter((m) => m.delivery?.mode === 'thread')
      .map((m) => m.reply.summary)
      .sort();
    expect(threads).toEqual([
      'Alice approved (1 of 1): approved, execution starts.',
      'Draining worker-8: evicted 3 of 5, waiting on PodDisruptionBudget shop/db-pdb (pod shop/db-0).',
    ]);
    const cards = got.filter((m) => m.delivery?.mode === 'update-card');
    expect(cards).toHaveLength(2);
    for (const card of cards) {
      expect(card.reply.actions.map((a) => a.id)).toEqual(['maintenance-cancel']);
      expect(card.reply.sections[0]?.lines).toContain('Approvals: 1 of 1 (Alice)');
    }
  });
});

describe('notifier failures', () => {
  it('rejects when the audit cannot be written, and only logs a chat failure', async () => {
    const { service } = makeService();
    const r = await newRequest(service, { node: 'worker-11', nodeRole: 'worker' });
    const dead = new Redis(await freePort(), '127.0.0.1', {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    const broken = createMaintenanceNotifier({
      audit: new AuditLog(dead, { logger: silentLogger }),
      logger: silentLogger,
    });
    await expect(broken.emit(r, { type: 'verified' })).rejects.toMatchObject({ code: 'queue-unavailable' });
    dead.disconnect();

    const warnings: unknown[] = [];
    const logger = {
      ...silentLogger,
      info: () => undefined,
      warn: (o: unknown) => warnings.push(o),
    } as unknown as typeof silentLogger;
    const failingPublisher = {
      publish: async () => Promise.reject(new Error('replies queue down')),
    } as unknown as ReplyPublisher;
    const chatless = createMaintenanceNotifier({ audit: service.audit, publisher: failingPublisher, logger });
    await expect(chatless.emit(r, { type: 'verified' })).resolves.toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect((await service.audit.forRequest(r.id)).map((e) => e.event.type)).toEqual([
      'requested',
      'verified',
    ]);
    await service.close();
  });
});

describe('maintenance state metrics', () => {
  /** The value of k8s_ha_bot_maintenance_states_total for one state (0 when absent). */
  async function stateCount(state: string): Promise<number> {
    const metric = await metricsRegistry.getSingleMetric('k8s_ha_bot_maintenance_states_total')?.get();
    return metric?.values.find((v) => v.labels.state === state)?.value ?? 0;
  }

  it('counts each state a request enters once, and nothing for refused or unchanged decisions', async () => {
    const { service } = makeService();
    const before = { pending: await stateCount('pending-approval'), approved: await stateCount('approved') };
    const r = await newRequest(service);
    expect(await stateCount('pending-approval')).toBe(before.pending + 1);
    expect(refusal(await service.decide(r.id, alice, 'approve'))).toBe('ok:approval-counted');
    expect(refusal(await service.decide(r.id, alice, 'approve'))).toBe('already-approved');
    expect(refusal(await service.decide(r.id, outsider, 'approve'))).toBe('not-approver');
    expect(await stateCount('approved')).toBe(before.approved);
    expect(refusal(await service.decide(r.id, bob, 'approve'))).toBe('ok:approved');
    expect(await stateCount('approved')).toBe(before.approved + 1);
    await service.close();
  });
});
