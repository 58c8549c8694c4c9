/**
 * Forged and repeated identities against maintenance plans and `break lock` (hostile review of
 * issue 20), on the real maintenance service and a real Redis: the requester approving their own
 * plan, one approver counted twice, look-alike identities (other Slack team, other case, spaces,
 * a guest on a "*" list), ids that are not plan ids (Object property names, upper case, a
 * single-node id with a plan control), controls by strangers. Each attempt must change nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { Actor } from '../../src/maintenance/types.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { silentLogger } from '../../src/util/logger.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const slack = (id: string, team = 'T0HOME', guest = false): Actor => ({
  platform: 'slack',
  tenant: team,
  id,
  ...(guest ? { guest: true } : {}),
});
const REQ = slack('U0REQ');
const APP1 = slack('U0APP1');
const APP2 = slack('U0APP2');
// The requester is an approver too (a common setup): only others' approvals count for their plan.
const POLICY = parseMaintenancePolicy(
  `defaults:\n  requesters: ["*"]\n  approvers: ["slack:T0HOME:U0REQ", "slack:T0HOME:U0APP1", "slack:T0HOME:U0APP2"]\n  approvals: { worker: 1, controlPlane: 2 }\nclusters:\n  open:\n    approvers: ["*"]\n`,
  'p.yaml',
);

let redisServer: TestRedis;
let redis: Redis;
let dir: string;
let file: SnapshotFile;
let service: MaintenanceService;

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  dir = await mkdtemp(join(tmpdir(), 'attack-identity-'));
  await writeScenarioFile(
    join(dir, 'gen.json'),
    generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 1, capturedAt: new Date() }),
  );
  file = await loadSnapshotFile(join(dir, 'gen.json'));
  service = createMaintenanceService({ redis, policy: POLICY, prefix: 'attackid', logger: silentLogger });
});
afterAll(async () => {
  await service.close();
  redis.disconnect();
  await redisServer.stop();
  await rm(dir, { recursive: true, force: true });
});

async function plan(cluster: string, nodes: string[], by = REQ): Promise<MaintenancePlan> {
  const now = new Date();
  const created = await service.plans.createPlan({
    cluster,
    read: async () => snapshotFromFile(file, cluster, null, () => now, nodes),
    nodes,
    reason: 'kernel patch',
    requestedBy: by,
    locale: 'en',
    replyTo: { platform: 'console', address: {} },
  });
  if (!created.ok) throw new Error(created.refusal);
  return created.plan;
}

describe('forged identities on a plan', () => {
  it('the requester, repeated and look-alike approvers count for nothing; two real approvers approve a control-plane plan', async () => {
    const p = await plan('prod', ['gen-cp-1', 'gen-wk-001']);
    expect(p.approvalsRequired).toBe(2);
    const d = (a: Actor, action: 'approve' = 'approve') => service.chat.decide(p.id, a, action);
    expect(await d(REQ)).toMatchObject({ ok: false, refusal: 'self-approval' });
    expect(await d(APP1)).toMatchObject({ ok: true, outcome: 'approval-counted' });
    expect(await d(APP1)).toMatchObject({ ok: false, refusal: 'already-approved' });
    // the same user id in another Slack team (Slack Connect), other case, spaces, a guest
    for (const a of [
      slack('U0APP1', 'T0OTHER'),
      slack('U0APP2', 'T0OTHER'),
      slack('u0app2'),
      slack(' U0APP2'),
      slack('U0APP2 '),
      { ...slack('U0APP2'), platform: 'teams' as const },
    ])
      expect(await d(a)).toMatchObject({ ok: false, refusal: 'not-approver' });
    // the requester's display name on someone else's identity is nothing
    expect(await d({ ...slack('U0EVIL'), displayName: 'U0APP2' })).toMatchObject({
      ok: false,
      refusal: 'not-approver',
    });
    const still = await service.plans.get(p.id);
    expect(still).toMatchObject({ state: 'pending-approval', approvals: [{ actor: APP1 }] });
    // concurrent clicks of one approver (button + typed at once) count once
    const both = await Promise.all([d(APP2), d(APP2), d(APP2)]);
    expect(both.filter((r) => r.ok)).toHaveLength(1);
    expect(await service.plans.get(p.id)).toMatchObject({ state: 'approved' });
    expect((await service.plans.get(p.id))?.approvals).toHaveLength(2);
    // controls by a stranger; approve / reject after the approval
    expect(await service.chat.decide(p.id, slack('U0EVIL'), 'cancel')).toMatchObject({
      ok: false,
      refusal: 'not-allowed',
    });
    expect(await service.chat.decide(p.id, slack('U0EVIL'), 'pause')).toMatchObject({
      ok: false,
      refusal: 'not-allowed',
    });
    expect(await service.chat.decide(p.id, APP1, 'reject')).toMatchObject({
      ok: false,
      refusal: 'not-pending',
    });
    // a plan control when nothing failed
    for (const action of ['retry', 'skip', 'stop'] as const)
      expect(await service.chat.decide(p.id, REQ, action)).toMatchObject({
        ok: false,
        refusal: 'not-applicable',
      });
    await service.chat.decide(p.id, REQ, 'cancel');
  });

  it('a guest never counts for "*" approvers; ids that are no plan id find nothing', async () => {
    const p = await plan('open', ['gen-wk-002']);
    expect(await service.chat.decide(p.id, slack('U0GUEST', 'T0OTHER', true), 'approve')).toMatchObject({
      ok: false,
      refusal: 'not-approver',
    });
    for (const id of [
      '__proto__',
      'constructor',
      'mp-__proto__',
      'mp-constructor',
      p.id.toUpperCase(),
      ` ${p.id}`,
      `${p.id}\n`,
      `${p.id}x`,
      'mp-',
      'lb-hasownprop',
    ])
      expect(await service.chat.decide(id, APP1, 'approve')).toMatchObject({
        ok: false,
        refusal: 'not-found',
      });
    expect(await service.plans.get(p.id)).toMatchObject({ state: 'pending-approval', approvals: [] });
    // a plan control on a single-node request id decides nothing
    expect(await service.chat.decide('mr-abcdefghij', REQ, 'pause')).toMatchObject({ ok: false });
    await service.chat.decide(p.id, REQ, 'cancel');
  });

  it('one open plan per cluster, whoever asks and however many at once', async () => {
    const asks = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        service.plans.createPlan({
          cluster: 'race',
          read: async () => snapshotFromFile(file, 'race', null, () => new Date(), ['gen-wk-003']),
          nodes: ['gen-wk-003'],
          reason: `flood ${i}`,
          requestedBy: slack(`U0FLOOD${i}`),
          locale: 'en',
          replyTo: { platform: 'console', address: {} },
        }),
      ),
    );
    expect(asks.filter((a) => a.ok)).toHaveLength(1);
    expect(asks.filter((a) => !a.ok && a.refusal === 'already-open')).toHaveLength(19);
  });
});
