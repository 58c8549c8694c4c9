/**
 * `break lock` on the simulator with a real Redis and the real maintenance service:
 * a lock held by a live maintenance of the bot is never offered for breaking; a stale one needs the
 * approvals of a control-plane maintenance (never the requester's) and is broken only if the same
 * holder still has it when the worker carries it out (a holder that took the lock meanwhile is
 * left alone, and that is audited); a kured entry of kured's own is broken from the multi-lock
 * form without touching the other entries.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { lockToBreak } from '../../src/maintenance/plan/lock-break.js';
import { readLockReport } from '../../src/maintenance/plan/lock-report.js';
import { runLockBreak } from '../../src/maintenance/plan/run-lock-break.js';
import { parseMaintenancePolicy } from '../../src/maintenance/policy.js';
import type { Actor } from '../../src/maintenance/types.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { kuredDaemonSet } from '../helpers/plan-fleet.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';

const actor = (id: string): Actor => ({ platform: 'console', tenant: 'local', id });
const ALICE = actor('alice');
const BOB = actor('bob');
const CAROL = actor('carol');
const POLICY = parseMaintenancePolicy(
  'defaults:\n  approvers: ["console:local:alice", "console:local:bob", "console:local:carol"]\n  approvals: { worker: 1, controlPlane: 2 }\n',
  'p.yaml',
);

let redisServer: TestRedis;
let redis: Redis;
let dir: string;
let file: SnapshotFile;
let sims: RunningSimulator[] = [];
let service: MaintenanceService;

beforeAll(async () => {
  redisServer = await useSharedRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  dir = await mkdtemp(join(tmpdir(), 'lock-break-'));
  await writeScenarioFile(
    join(dir, 'gen.json'),
    generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 1, capturedAt: new Date() }),
  );
  file = await loadSnapshotFile(join(dir, 'gen.json'));
  service = createMaintenanceService({ redis, policy: POLICY, prefix: 'lockbreak', logger: silentLogger });
});
afterAll(async () => {
  await service.close();
  redis.disconnect();
  await redisServer.stop();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

const policy = POLICY.forCluster('prod');

async function cluster(kuredLock?: string): Promise<RunningSimulator> {
  const s = await startScenarioSimulator({ ...file, items: [...file.items, kuredDaemonSet(kuredLock)] });
  sims.push(s);
  return s;
}

async function putLease(s: RunningSimulator, holder: string, renewedMsAgo = 0): Promise<void> {
  const base = `${s.url}/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases`;
  const existing = s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance');
  const lease = {
    apiVersion: 'coordination.k8s.io/v1',
    kind: 'Lease',
    metadata: {
      name: 'k8s-ha-bot-maintenance',
      namespace: 'k8s-ha-bot',
      ...(existing ? { resourceVersion: existing.metadata.resourceVersion } : {}),
    },
    spec: {
      holderIdentity: holder,
      leaseDurationSeconds: 60,
      acquireTime: new Date(Date.now() - renewedMsAgo - 1000).toISOString().replace('Z', '000Z'),
      renewTime: new Date(Date.now() - renewedMsAgo).toISOString().replace('Z', '000Z'),
    },
  };
  const res = await fetch(existing ? `${base}/k8s-ha-bot-maintenance` : base, {
    method: existing ? 'PUT' : 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(lease),
  });
  expect([200, 201]).toContain(res.status);
}

const holderOf = (s: RunningSimulator): string | undefined =>
  (
    s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as unknown as {
      spec: { holderIdentity?: string };
    }
  )?.spec.holderIdentity;

async function report(s: RunningSimulator) {
  const api = await createKubeApi(kubeConfigOf(s));
  try {
    return await readLockReport(
      api,
      policy,
      (id) => service.store.get(id),
      new Date(),
      silentLogger,
      (id) => service.plans.plans.get(id),
    );
  } finally {
    api.close();
  }
}

const deps = (s: RunningSimulator) => ({
  service: service.plans,
  kubeConfig: kubeConfigOf(s),
  policy,
  getRequest: (id: string) => service.store.get(id),
  logger: silentLogger,
});

describe('break lock', () => {
  it('a Lease held by a live maintenance of the bot is not offered for breaking (cancel it instead)', async () => {
    const s = await cluster();
    const created = await service.createRequest({
      cluster: 'prod',
      node: 'gen-wk-001',
      nodeRole: 'worker',
      reason: 'x',
      force: false,
      requestedBy: ALICE,
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
      verdict: 'safe',
      summary: 'Safe.',
    });
    if (!created.ok) throw new Error(created.refusal);
    await putLease(s, created.request.id);
    const r = await report(s);
    expect(r.maintenance.holder).toMatchObject({
      holder: created.request.id,
      request: { state: 'pending-approval' },
    });
    expect(r.maintenance.holder?.stale).toBeUndefined();
    expect(lockToBreak(r, 'any')).toMatchObject({ ok: false, refusal: 'live-bot-holder' });
    await service.chat.decide(created.request.id, ALICE, 'cancel');
  });

  it('a stale Lease: two approvals (not the requester); a holder that took the Lease meanwhile is left alone, audited', async () => {
    const s = await cluster();
    await putLease(s, 'mr-deaddeadde', 300_000); // renewed 5 min ago with a 60 s TTL: expired
    const r = await report(s);
    expect(r.maintenance.holder?.stale).toBe('lease-expired');
    const pick = lockToBreak(r, 'maintenance');
    if (!pick.ok) throw new Error(pick.refusal);
    const asked = await service.plans.createLockBreak({
      cluster: 'prod',
      lock: pick.lock,
      where: pick.where,
      holder: pick.holder,
      reason: '',
      requestedBy: ALICE,
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
    });
    if (!asked.ok) throw new Error(asked.refusal);
    const id = asked.request.id;
    expect(asked.request.approvalsRequired).toBe(2);
    expect(await service.chat.decide(id, ALICE, 'approve')).toMatchObject({
      ok: false,
      refusal: 'self-approval',
    });
    expect(await service.chat.decide(id, BOB, 'approve')).toMatchObject({
      ok: true,
      outcome: 'approval-counted',
    });
    // not approved yet: nothing is broken
    expect((await runLockBreak(id, deps(s)))?.state).toBe('pending-approval');
    expect(holderOf(s)).toBe('mr-deaddeadde');
    expect(await service.chat.decide(id, CAROL, 'approve')).toMatchObject({ ok: true, outcome: 'approved' });
    // meanwhile another maintenance took the expired Lease: it is not the holder the approvers saw
    await putLease(s, 'mr-newnewnewn');
    const ended = await runLockBreak(id, deps(s));
    expect(ended).toMatchObject({ state: 'stopped', stateReason: 'holder-changed' });
    expect(holderOf(s)).toBe('mr-newnewnewn');
    const entries = (await service.audit.forRequest(id)).map((e) => e.event.type);
    expect(entries).toEqual(['requested', 'approved', 'approved', 'lock-break-refused']);
  });

  it("the same stale holder still there: broken; a kured entry of kured's own is removed from the multi-lock form, the others kept", async () => {
    const created = new Date(Date.now() - 3_600_000).toISOString();
    const s = await cluster(
      JSON.stringify({
        maxOwners: 2,
        locks: [
          { nodeID: 'gen-wk-004', created, TTL: 0 },
          { nodeID: 'gen-wk-002', created, TTL: 0 },
        ],
      }),
    );
    const r = await report(s);
    expect(r.kured.holders.map((h) => h.holder)).toEqual(['gen-wk-004', 'gen-wk-002']);
    expect(lockToBreak(r, 'any')).toMatchObject({
      ok: true,
      lock: 'kured',
      holder: { holder: 'gen-wk-004' },
    });
    const pick = lockToBreak(r, 'kured');
    if (!pick.ok) throw new Error(pick.refusal);
    const asked = await service.plans.createLockBreak({
      cluster: 'prod',
      lock: 'kured',
      where: pick.where,
      holder: pick.holder,
      reason: 'kured pod of gen-wk-004 is gone',
      requestedBy: ALICE,
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
    });
    if (!asked.ok) throw new Error(asked.refusal);
    const card = service.chat.cardReply(asked.request);
    expect(card.sections[0]?.lines.join('\n')).toContain('the bot cannot tell whether it is gone');
    await service.chat.decide(asked.request.id, BOB, 'approve');
    await service.chat.decide(asked.request.id, CAROL, 'approve');
    const ended = await runLockBreak(asked.request.id, deps(s));
    expect(ended?.state).toBe('completed');
    const annotation = (
      s.getObject('daemonsets', 'kube-system', 'kured') as unknown as {
        metadata: { annotations: Record<string, string> };
      }
    ).metadata.annotations['weave.works/kured-node-lock'];
    expect(JSON.parse(annotation ?? '{}')).toEqual({
      maxOwners: 2,
      locks: [{ nodeID: 'gen-wk-002', created, TTL: 0 }],
    });
    expect((await service.audit.forRequest(asked.request.id)).map((e) => e.event.type)).toEqual([
      'requested',
      'approved',
      'approved',
      'lock-broken',
    ]);
    expect(service.chat.cardReply(ended ?? asked.request).summary).toMatch(
      /^Broken at .*: kured kube-system\/kured was held by gen-wk-004\.$/,
    );
  });
});
