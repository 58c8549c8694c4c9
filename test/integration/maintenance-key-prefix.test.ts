/**
 * Two bots on one Redis (docs/operations.md, K8S_HA_BOT_QUEUE_PREFIX: "several bots on one Redis" with different
 * K8S_HA_BOT_QUEUE_PREFIX): their maintenance requests, audit, decision locks and thread order
 * used to share `k8s-ha-bot:maintenance:*` whatever the prefix, so bot B saw, decided and audited
 * bot A's requests, and refused A's node as "already open". The maintenance keys now follow the
 * queue prefix as the Slack and Teams stores' do; the default prefix `bull` keeps the old keys.
 * Services are built the way the gateway and the worker build theirs (connectMaintenanceService),
 * on one real redis-server.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connectMaintenanceService } from '../../src/maintenance/connect-maintenance-service.js';
import type { ConnectedMaintenanceService } from '../../src/maintenance/connect-maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { maintenanceKeyPrefixFor } from '../../src/maintenance/request-store.js';
import type { Actor, MaintenanceRequest } from '../../src/maintenance/types.js';
import { silentLogger } from '../../src/util/logger.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const requester: Actor = { platform: 'slack', tenant: 'T01', id: 'UREQ' };
const approver: Actor = { platform: 'slack', tenant: 'T01', id: 'UAPP' };
const admin: Actor = { platform: 'slack', tenant: 'T01', id: 'UADM' };

describe('maintenance keys follow the queue prefix', () => {
  let server: TestRedis;
  let redis: Redis;
  let dir: string;
  let botA: ConnectedMaintenanceService;
  let botB: ConnectedMaintenanceService;

  beforeAll(async () => {
    server = await useSharedRedis();
    redis = new Redis(server.url, { maxRetriesPerRequest: null });
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-mprefix-'));
    const policyPath = join(dir, 'policy.yaml');
    await writeFile(policyPath, 'defaults:\n  approvers: ["*"]\n  admins: ["slack:T01:UADM"]\n');
    // Bot A keeps the default prefix (an existing deployment); bot B has its own.
    botA = await connectMaintenanceService({ redisUrl: server.url, policyPath, logger: silentLogger });
    botB = await connectMaintenanceService({
      redisUrl: server.url,
      policyPath,
      prefix: 'botb',
      logger: silentLogger,
    });
  });

  afterAll(async () => {
    for (const bot of [botA, botB]) {
      if (!bot) continue;
      await bot.service.close();
      await bot.publisher.close();
      bot.redis.disconnect();
    }
    redis?.disconnect();
    await server?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const open = async (
    service: MaintenanceService,
    node: string,
  ): Promise<{ ok: true; request: MaintenanceRequest } | { ok: false; refusal: string }> =>
    service.createRequest({
      cluster: 'prod',
      node,
      nodeRole: 'worker',
      reason: 'firmware',
      force: false,
      requestedBy: requester,
      locale: 'en',
      replyTo: { platform: 'slack', address: { channel: 'C0OPS' } },
      verdict: 'safe',
      summary: 'Safe.',
    });

  it('the default prefix keeps the existing keys; another prefix gets its own', () => {
    expect(maintenanceKeyPrefixFor('bull')).toBe('k8s-ha-bot:maintenance:');
    expect(maintenanceKeyPrefixFor('botb')).toBe('k8s-ha-bot:maintenance:botb:');
    expect(maintenanceKeyPrefixFor('{botc}')).toBe('k8s-ha-bot:maintenance:{botc}:');
  });

  it("two bots with different K8S_HA_BOT_QUEUE_PREFIX on one Redis do not see, decide or audit each other's requests", async () => {
    const a = await open(botA.service, 'wk-1');
    // The same node in bot B: not "already open" (it used to be, through A's open-node key).
    const b = await open(botB.service, 'wk-1');
    if (!a.ok || !b.ok) throw new Error(`refused: ${JSON.stringify([a, b])}`);

    // Each bot sees its own request only.
    expect(await botB.service.get(a.request.id)).toBeNull();
    expect(await botA.service.get(b.request.id)).toBeNull();
    expect((await botA.service.get(a.request.id))?.id).toBe(a.request.id);

    // Bot B cannot approve A's request (unknown there), and A's request is unchanged.
    const cross = await botB.service.decide(a.request.id, approver, 'approve');
    expect(cross.ok).toBe(false);
    expect(await botA.service.get(a.request.id)).toMatchObject({ state: 'pending-approval', approvals: [] });
    // B's own approval counts in B only.
    expect(await botB.service.decide(b.request.id, approver, 'approve')).toMatchObject({
      ok: true,
      outcome: 'approved',
    });
    expect((await botA.service.get(a.request.id))?.approvals).toEqual([]);

    // Each audit holds its own bot's events only.
    const auditA = await botA.service.recentAudit(admin, 50);
    const auditB = await botB.service.recentAudit(admin, 50);
    if (!auditA.ok || !auditB.ok) throw new Error('audit refused');
    expect(new Set(auditA.entries.map((e) => e.requestId))).toEqual(new Set([a.request.id]));
    expect(new Set(auditB.entries.map((e) => e.requestId))).toEqual(new Set([b.request.id]));

    // Where the keys are: bot A's exactly where they always were, bot B's under its prefix.
    expect(await redis.exists(`k8s-ha-bot:maintenance:request:${a.request.id}`)).toBe(1);
    expect(await redis.exists(`k8s-ha-bot:maintenance:botb:request:${b.request.id}`)).toBe(1);
    expect(await redis.exists(`k8s-ha-bot:maintenance:request:${b.request.id}`)).toBe(0);
    expect(await redis.xlen('k8s-ha-bot:maintenance:botb:audit')).toBeGreaterThan(0);
  });
});
