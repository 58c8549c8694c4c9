/**
 * Abuse of the maintenance decisions at the service, with a real Redis: forged request
 * ids, decisions on a request of another cluster, decisions after reject / cancel / expiry,
 * approvals racing a cancel, a cancel by a stranger, concurrent requests for one node, force
 * without admin or reason, the audit by non-admins and by an admin of another cluster, and policy
 * files with unknown keys or identities that are not immutable ids.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { ReplyTarget } from '../../src/commands/types.js';
import { ConfigError } from '../../src/errors.js';
import {
  type MaintenanceService,
  createMaintenanceService,
} from '../../src/maintenance/maintenance-service.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import {
  type Actor,
  type DecisionResult,
  type MaintenanceRequest,
  maintenanceQueueNameFor,
} from '../../src/maintenance/types.js';
import { silentLogger } from '../../src/util/logger.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';

const requester: Actor = { platform: 'slack', tenant: 'T01', id: 'UREQ' };
const alice: Actor = { platform: 'slack', tenant: 'T01', id: 'UA1' };
const bob: Actor = { platform: 'slack', tenant: 'T01', id: 'UA2' };
const stranger: Actor = { platform: 'slack', tenant: 'T01', id: 'USTR', displayName: 'Alice' };
const prodAdmin: Actor = { platform: 'slack', tenant: 'T01', id: 'UADM' };
const stagingAdmin: Actor = { platform: 'slack', tenant: 'T01', id: 'USADM' };
const stagingApprover: Actor = { platform: 'slack', tenant: 'T01', id: 'USAPP' };

const POLICY = parseMaintenancePolicy(
  `
defaults:
  requesters: ["*"]
  approvers: ["slack:T01:UA1", "slack:T01:UA2"]
  admins: ["slack:T01:UADM"]
clusters:
  staging:
    approvers: ["slack:T01:USAPP"]
    admins: ["slack:T01:USADM"]
    approvals: { worker: 1, controlPlane: 1 }
`,
  'abuse-policy.yaml',
);

const target: ReplyTarget = { platform: 'slack', address: { channel: 'C01' } };

let redisServer: TestRedis;
let redis: Redis;
let clock = Date.parse('2026-11-29T12:00:00Z');
let n = 0;

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
});

function makeService(): { service: MaintenanceService; prefix: string; keyPrefix: string } {
  n += 1;
  const prefix = `bull-abuse${n}`;
  const keyPrefix = `k8s-ha-bot:maintenance:abuse${n}:`;
  const service = createMaintenanceService({
    redis,
    policy: POLICY,
    prefix,
    keyPrefix,
    logger: silentLogger,
    now: () => new Date(clock),
  });
  return { service, prefix, keyPrefix };
}

async function create(
  service: MaintenanceService,
  over: Partial<Parameters<MaintenanceService['createRequest']>[0]> = {},
): Promise<MaintenanceRequest> {
  const r = await service.createRequest({
    cluster: 'prod',
    node: 'master-2',
    nodeRole: 'control-plane',
    reason: 'kernel patch',
    force: false,
    requestedBy: requester,
    locale: 'en',
    replyTo: target,
    verdict: 'safe',
    summary: 'Safe.',
    ...over,
  });
  if (!r.ok) throw new Error(`refused: ${r.refusal}`);
  return r.request;
}

const outcome = (r: DecisionResult): string => (r.ok ? `ok:${r.outcome}` : r.refusal);

async function jobCount(prefix: string, cluster = 'prod'): Promise<number> {
  const q = new Queue(maintenanceQueueNameFor(cluster), { connection: redis, prefix });
  try {
    const counts = await q.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed', 'prioritized');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  } finally {
    await q.close();
  }
}

describe('forged request ids', () => {
  it('another shape, glob characters, colons, 10 KB, JSON, upper case: not found, nothing read or written', async () => {
    const { service, keyPrefix } = makeService();
    const real = await create(service);
    const before = (await redis.keys(`${keyPrefix}*`)).sort();
    const forged = [
      'mr-*',
      'mr-??????????',
      `${real.id.slice(0, -1)}*`,
      `${real.id}:x`,
      `mr-abc:defghi`,
      `mr-${'a'.repeat(10_000)}`,
      JSON.stringify({ id: real.id }),
      real.id.toUpperCase(),
      ` ${real.id}`,
      `${real.id}\n`,
      'mr-[a-z]aaaaaaa',
      '',
    ];
    for (const id of forged) {
      for (const action of ['approve', 'reject', 'cancel'] as const)
        expect(`${id.slice(0, 20)}:${outcome(await service.decide(id, alice, action))}`).toBe(
          `${id.slice(0, 20)}:not-found`,
        );
    }
    expect((await redis.keys(`${keyPrefix}*`)).sort()).toEqual(before);
    expect((await service.get(real.id))?.approvals).toEqual([]);
  });
});

describe("decisions on another cluster's request", () => {
  it('an approver of prod cannot approve or reject a staging request, and a staging approver cannot approve prod', async () => {
    const { service, prefix } = makeService();
    const staging = await create(service, { cluster: 'staging', node: 'stg-1', nodeRole: 'worker' });
    const prod = await create(service, { cluster: 'prod', node: 'wk-1', nodeRole: 'worker' });
    expect(outcome(await service.decide(staging.id, alice, 'approve'))).toBe('not-approver');
    expect(outcome(await service.decide(staging.id, prodAdmin, 'reject'))).toBe('not-approver');
    expect(outcome(await service.decide(prod.id, stagingApprover, 'approve'))).toBe('not-approver');
    expect(outcome(await service.decide(prod.id, stagingAdmin, 'cancel'))).toBe('not-allowed-to-cancel');
    expect((await service.get(staging.id))?.state).toBe('pending-approval');
    expect((await service.get(prod.id))?.state).toBe('pending-approval');
    expect(await jobCount(prefix, 'staging')).toBe(0);
    expect(await jobCount(prefix, 'prod')).toBe(0);
  });

  it('the same user id in another Slack team or on another platform is a different person', async () => {
    const { service } = makeService();
    const r = await create(service, { node: 'wk-2', nodeRole: 'worker' });
    for (const imposter of [
      { platform: 'slack', tenant: 'T99', id: 'UA1', displayName: 'UA1' },
      { platform: 'teams', tenant: 'T01', id: 'UA1' },
      { platform: 'slack', tenant: 't01', id: 'UA1' },
      { platform: 'slack', tenant: 'T01', id: 'ua1' },
      { platform: 'slack', tenant: 'T01:UA1', id: '' },
    ] as Actor[]) {
      expect(outcome(await service.decide(r.id, imposter, 'approve'))).toBe('not-approver');
    }
    // Requester with the same id in another team: not self-approval, but still not an approver.
    expect(
      outcome(await service.decide(r.id, { platform: 'slack', tenant: 'T99', id: 'UREQ' }, 'approve')),
    ).toBe('not-approver');
    expect((await service.get(r.id))?.approvals).toEqual([]);
  });
});

describe('decisions after the end', () => {
  it('after reject, cancel and expiry nothing is approved or enqueued', async () => {
    const { service, prefix } = makeService();
    const rejected = await create(service, { node: 'n-rej', nodeRole: 'worker' });
    expect(outcome(await service.decide(rejected.id, alice, 'reject'))).toBe('ok:rejected');
    expect(outcome(await service.decide(rejected.id, bob, 'approve'))).toBe('not-pending');
    expect(outcome(await service.decide(rejected.id, bob, 'cancel'))).toBe('already-finished');

    const cancelled = await create(service, { node: 'n-can', nodeRole: 'worker' });
    expect(outcome(await service.decide(cancelled.id, requester, 'cancel'))).toBe('ok:cancelled');
    expect(outcome(await service.decide(cancelled.id, alice, 'approve'))).toBe('not-pending');
    expect(outcome(await service.decide(cancelled.id, alice, 'reject'))).toBe('not-pending');

    const expiring = await create(service, { node: 'n-exp', nodeRole: 'worker' });
    clock += 31 * 60_000;
    expect(outcome(await service.decide(expiring.id, alice, 'approve'))).toBe('expired');
    expect(outcome(await service.decide(expiring.id, alice, 'approve'))).toBe('expired');
    expect(outcome(await service.decide(expiring.id, requester, 'cancel'))).toBe('already-finished');
    for (const r of [rejected, cancelled, expiring]) expect((await service.get(r.id))?.approvals).toEqual([]);
    expect(await jobCount(prefix)).toBe(0);
    // a new request for the same node is possible again (the open index was cleared)
    await expect(create(service, { node: 'n-exp', nodeRole: 'worker' })).resolves.toMatchObject({
      state: 'pending-approval',
    });
  });

  it('a click at the exact expiry instant is expired (no approval slips through)', async () => {
    const { service, prefix } = makeService();
    const r = await create(service, { node: 'n-edge', nodeRole: 'worker' });
    clock = Date.parse(r.expiresAt);
    expect(outcome(await service.decide(r.id, alice, 'approve'))).toBe('expired');
    expect(await jobCount(prefix)).toBe(0);
  });
});

describe('approvals racing a cancel', () => {
  it("50 rounds: two approvers and the requester's cancel at once; a cancelled request never has an execution job", async () => {
    const { service, prefix } = makeService();
    const seen = new Map<string, number>();
    for (let i = 0; i < 50; i++) {
      const r = await create(service, { node: `race-${i}` });
      const results = await Promise.all([
        service.decide(r.id, alice, 'approve'),
        service.decide(r.id, requester, 'cancel'),
        service.decide(r.id, bob, 'approve'),
      ]);
      const final = await service.get(r.id);
      const key = `${final?.state}:${results.map(outcome).join(',')}`;
      seen.set(key, (seen.get(key) ?? 0) + 1);
      const q = new Queue(maintenanceQueueNameFor('prod'), { connection: redis, prefix });
      const job = await q.getJob(`mx-${r.id}`);
      await q.close();
      if (final?.state === 'cancelled') {
        expect(job).toBeUndefined();
        expect(results.filter((x) => x.ok && x.outcome === 'approved')).toHaveLength(0);
      } else {
        // both approvals landed before the cancel: approved → cancelling, and the job exists
        expect(final?.state).toBe('cancelling');
        expect(final?.approvals).toHaveLength(2);
        expect(job).toBeDefined();
      }
      expect(results.filter((x) => x.ok && x.outcome === 'approved').length).toBeLessThanOrEqual(1);
    }
    expect([...seen.values()].reduce((a, b) => a + b, 0)).toBe(50);
  });

  it('20 concurrent clicks of one approver count once', async () => {
    const { service } = makeService();
    const r = await create(service, { node: 'dbl' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => service.decide(r.id, alice, 'approve')),
    );
    expect(results.filter((x) => x.ok)).toHaveLength(1);
    expect(results.filter((x) => !x.ok && x.refusal === 'already-approved')).toHaveLength(19);
    expect((await service.get(r.id))?.approvals).toHaveLength(1);
  });
});

describe('cancel by a stranger', () => {
  it("someone who is neither requester, approver nor admin (even with the requester's display name) cannot cancel, pending or executing", async () => {
    const { service } = makeService();
    const r = await create(service, {
      node: 'str',
      nodeRole: 'worker',
      requestedBy: { ...requester, displayName: 'Alice' },
    });
    expect(outcome(await service.decide(r.id, stranger, 'cancel'))).toBe('not-allowed-to-cancel');
    expect(outcome(await service.decide(r.id, alice, 'approve'))).toBe('ok:approved');
    expect(outcome(await service.decide(r.id, stranger, 'cancel'))).toBe('not-allowed-to-cancel');
    expect((await service.get(r.id))?.state).toBe('approved');
  });
});

describe('second request for a node', () => {
  it('20 concurrent requests for one node: exactly one is created, the others get already-open with it', async () => {
    const { service } = makeService();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        service.createRequest({
          cluster: 'prod',
          node: 'conc-1',
          nodeRole: 'worker',
          reason: `r${i}`,
          force: false,
          requestedBy: requester,
          locale: 'en',
          replyTo: target,
          verdict: 'safe',
          summary: 'Safe.',
        }),
      ),
    );
    const created = results.filter((r) => r.ok);
    expect(created).toHaveLength(1);
    const id = created[0]?.ok ? created[0].request.id : '';
    for (const r of results.filter((x) => !x.ok))
      expect(r).toMatchObject({ ok: false, refusal: 'already-open', existing: { id } });
    // same node name in another cluster is independent
    await expect(
      create(service, { cluster: 'staging', node: 'conc-1', nodeRole: 'worker' }),
    ).resolves.toMatchObject({ cluster: 'staging' });
  });

  it('a node name with ":" or "*" cannot collide with another cluster\'s open index', async () => {
    const { service } = makeService();
    await create(service, { cluster: 'prod', node: 'a:b', nodeRole: 'worker' });
    // open:<cluster>:<node> = open:prod:a:b — a cluster "prod:a" does not exist (RFC 1123), so try the store directly
    const r = await service.createRequest({
      cluster: 'prod',
      node: 'a*',
      nodeRole: 'worker',
      reason: '',
      force: false,
      requestedBy: requester,
      locale: 'en',
      replyTo: target,
      verdict: 'safe',
      summary: '',
    });
    expect(r.ok).toBe(true);
  });
});

describe('force', () => {
  const unsafe = { verdict: 'unsafe' as const, node: 'master-1', reason: 'disk' };
  it('an unsafe request without force is refused; force by a non-admin is refused; force without any reason is refused', async () => {
    const { service } = makeService();
    const ask = (over: Partial<Parameters<MaintenanceService['createRequest']>[0]>) =>
      service.createRequest({
        cluster: 'prod',
        nodeRole: 'control-plane',
        force: false,
        requestedBy: requester,
        locale: 'en',
        replyTo: target,
        summary: 'Unsafe.',
        ...unsafe,
        ...over,
      });
    expect(await ask({})).toEqual({ ok: false, refusal: 'unsafe' });
    expect(await ask({ force: true, forceReason: 'now' })).toEqual({
      ok: false,
      refusal: 'force-not-allowed',
    });
    // an approver is not an admin
    expect(await ask({ force: true, forceReason: 'now', requestedBy: alice })).toEqual({
      ok: false,
      refusal: 'force-not-allowed',
    });
    // the admin of another cluster is not an admin here
    expect(await ask({ force: true, forceReason: 'now', requestedBy: stagingAdmin })).toEqual({
      ok: false,
      refusal: 'force-not-allowed',
    });
    expect(await ask({ force: true, reason: '   ', forceReason: ' \t\n', requestedBy: prodAdmin })).toEqual({
      ok: false,
      refusal: 'force-needs-reason',
    });
    expect(await ask({ force: true, reason: '', requestedBy: prodAdmin })).toEqual({
      ok: false,
      refusal: 'force-needs-reason',
    });
    // a forced worker request needs the control-plane approvals (2 here)
    const forced = await ask({
      force: true,
      reason: 'dying',
      nodeRole: 'worker',
      node: 'wk-f',
      requestedBy: prodAdmin,
    });
    expect(forced).toMatchObject({
      ok: true,
      request: { force: true, forceReason: 'dying', approvalsRequired: 2 },
    });
  });
});

describe('audit', () => {
  it('non-admins are refused; the admin of staging sees staging entries only', async () => {
    const { service } = makeService();
    await create(service, { cluster: 'prod', node: 'aud-p', nodeRole: 'worker' });
    await create(service, { cluster: 'staging', node: 'aud-s', nodeRole: 'worker' });
    for (const a of [
      requester,
      alice,
      stranger,
      { ...prodAdmin, tenant: 'T99' },
      { ...prodAdmin, platform: 'teams' } as Actor,
    ]) {
      expect(await service.recentAudit(a, 100)).toEqual({ ok: false, refusal: 'not-admin' });
    }
    const staging = await service.recentAudit(stagingAdmin, 100);
    expect(staging.ok).toBe(true);
    expect(new Set((staging.ok ? staging.entries : []).map((e) => e.cluster))).toEqual(new Set(['staging']));
    const prod = await service.recentAudit(prodAdmin, 100);
    expect(new Set((prod.ok ? prod.entries : []).map((e) => e.cluster))).toEqual(new Set(['prod']));
  });
});

describe('policy files', () => {
  const bad = (yaml: string): string => {
    try {
      parseMaintenancePolicy(yaml, 'p.yaml');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return `${(err as ConfigError).path} | ${(err as Error).message}`;
    }
    throw new Error('accepted');
  };

  it('unknown keys are refused at their path, also typos of security settings', () => {
    expect(bad('defaults:\n  approver: ["*"]\n')).toMatch(/^defaults\.approver\b.*unknown setting/);
    expect(bad('clusters:\n  prod:\n    admin: ["slack:T01:U01"]\n')).toMatch(
      /^clusters\.prod\.admin\b.*unknown setting/,
    );
    expect(bad('defaults:\n  approvals: { controlplane: 1 }\n')).toMatch(
      /approvals\.controlplane\b.*unknown setting/,
    );
    expect(bad('requesters: ["*"]\n')).toMatch(/^requesters\b.*unknown setting/);
  });

  it('display names, e-mails, half ids, padded ids and wildcards other than "*" are refused', () => {
    for (const id of [
      'alice',
      'alice@example.com',
      'slack:T01',
      'slack::U01',
      ' slack:T01:U01',
      'slack:T01:U01 ',
      'slack:*:U01',
      'slack:T01:*',
      'slack:T01:U01,slack:T01:U02',
      'teams:tenant:<script>',
      'console:other:bob',
      'Slack:T01:U01',
    ]) {
      expect(
        bad(`defaults:\n  approvers: [${JSON.stringify(id)}]\n  approvals: { worker: 1, controlPlane: 1 }\n`),
      ).toMatch(/^defaults\.approvers\[0\] \|.* expected "\*" or an immutable id/);
    }
  });

  it('a cluster name that is not a label, YAML aliases bombs and duplicate keys are refused', () => {
    expect(bad('clusters:\n  "prod:x":\n    approvers: ["*"]\n')).toMatch(/not a valid cluster name/);
    expect(bad('defaults:\n  approvers: ["*"]\n  approvers: ["slack:T01:U01"]\n')).toMatch(
      /YAML syntax error|unique/i,
    );
    const bomb = [
      'a: &a ["*","*","*","*","*","*","*","*","*","*"]',
      ...Array.from(
        { length: 8 },
        (_, i) =>
          `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
      ),
    ].join('\n');
    // refused, not expanded (10^9 entries would not fit in the test's time or memory)
    expect(() => parseMaintenancePolicy(bomb, 'bomb.yaml')).toThrow();
  });

  it('approvals that the approver list can never reach are refused', () => {
    expect(bad('defaults:\n  approvers: ["slack:T01:U01"]\n')).toMatch(
      /approvals\.controlPlane\b.*needs 2 distinct approvers/,
    );
    expect(
      bad(
        'defaults:\n  approvers: ["slack:T01:U01", "slack:T01:U01"]\n  approvals: { worker: 2, controlPlane: 2 }\n',
      ),
    ).toMatch(/needs 2 distinct approvers/);
  });
});
