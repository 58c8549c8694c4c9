/**
 * Fleet maintenance plans on the simulator with a real Redis: a plan for the 3
 * control-plane nodes and 4 workers of a generated cluster, approved by two approvers, runs to the
 * end with simulated reboots (control plane first, one at a time, etcd leader last, never two
 * nodes down at once, each node verified and settled before the next); a failing node pauses the
 * plan for a decision (`skip` goes on, `stop` ends it leaving the rest untouched and uncordoned).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { isNodeReady } from '../src/analysis/cluster-index.js';
import { analyzeRebootImpact } from '../src/analysis/reboot-impact.js';
import { loadSnapshotFile } from '../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../src/cluster/snapshot-from-file.js';
import type { KNode } from '../src/cluster/types.js';
import {
  explainMaintenancePlanCard,
  planTimesTable,
} from '../src/maintenance/plan/explain-maintenance-plan.js';
import {
  AlertmanagerClient,
  alertmanagerGate,
  alertmanagerSilences,
  parseMatcher,
} from '../src/maintenance/plan/alertmanager.js';
import type { Silence } from '../src/maintenance/plan/alertmanager.js';
import { createMaintenancePlan } from '../src/maintenance/plan/create-plan.js';
import { enqueuePlan } from '../src/maintenance/plan/plan-queue.js';
import { maintenanceQueueNameFor } from '../src/maintenance/types.js';
import { startMaintenanceWorker } from '../workers/maintenance-worker.js';
import { lockReportLines, readLockReport } from '../src/maintenance/plan/lock-report.js';
import { createKubeApi } from '../src/maintenance/execute/kube-api.js';
import { MaintenancePlanStore } from '../src/maintenance/plan/plan-store.js';
import type { MaintenancePlan } from '../src/maintenance/plan/plan-types.js';
import { runPlan } from '../src/maintenance/plan/run-plan.js';
import type { PlanRunDeps } from '../src/maintenance/plan/run-plan.js';
import { MaintenanceStore } from '../src/maintenance/request-store.js';
import type { Actor, ClusterMaintenancePolicy } from '../src/maintenance/types.js';
import { generateCluster, writeScenarioFile } from '../scripts/cluster-generator/index.js';
import type { RunningSimulator } from '../src/simulator/start-simulator.js';
import { silentLogger } from '../src/util/logger.js';
import { RecordingNotifier, testPolicy } from './helpers/maintenance-test-store.js';
import { startAlertmanager } from './helpers/alertmanager-server.js';
import type { AlertmanagerServer } from './helpers/alertmanager-server.js';
import { startRedis } from './helpers/redis-server.js';
import type { RedisServer } from './helpers/redis-server.js';
import { kubeConfigOf, startScenarioSimulator } from './helpers/simulator.js';

let redisServer: RedisServer;
let redis: Redis;
let dir: string;
let file: SnapshotFile;
let sims: RunningSimulator[] = [];

const alice: Actor = { platform: 'console', tenant: 'local', id: 'alice' };
const bob: Actor = { platform: 'console', tenant: 'local', id: 'bob' };
const carol: Actor = { platform: 'console', tenant: 'local', id: 'carol' };
const CLUSTER = 'gen';

beforeAll(async () => {
  redisServer = await startRedis();
  redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  dir = await mkdtemp(join(tmpdir(), 'plan-'));
  const path = join(dir, 'gen.json');
  await writeScenarioFile(
    path,
    generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 3, capturedAt: new Date() }),
  );
  file = await loadSnapshotFile(path);
});
afterAll(async () => {
  redis.disconnect();
  await redisServer.stop();
  await rm(dir, { recursive: true, force: true });
});
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

const nodeNames = (): string[] =>
  file.items.filter((i) => i.kind === 'Node').map((i) => (i as KNode).metadata.name);

interface Fleet {
  s: RunningSimulator;
  plans: MaintenancePlanStore;
  requests: MaintenanceStore;
  plan: MaintenancePlan;
  deps: PlanRunDeps;
  /** Most nodes seen not Ready at once, and the reboots done by node. */
  maxDown: number;
  reboots: Map<string, number>;
  stop: () => void;
}

/** A plan for every node of the generated cluster, approved by bob and carol, with a reboot robot. */
async function fleet(o: {
  policy?: Partial<ClusterMaintenancePolicy>;
  kuredLock?: string;
  failNode?: string;
  keyPrefix: string;
  only?: string[];
  deps?: Partial<PlanRunDeps>;
  onAwaitingReboot?: (node: string) => Promise<void>;
}): Promise<Fleet> {
  const kured = {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'kured',
      namespace: 'kube-system',
      uid: 'uid-kured',
      labels: { 'app.kubernetes.io/name': 'kured' },
      annotations: o.kuredLock === undefined ? {} : { 'weave.works/kured-node-lock': o.kuredLock },
    },
    spec: {
      selector: { matchLabels: { name: 'kured' } },
      template: {
        metadata: { labels: { name: 'kured' } },
        spec: { containers: [{ name: 'kured', image: 'ghcr.io/kubereboot/kured:1.16.0' }] },
      },
    },
    status: { desiredNumberScheduled: 0, numberReady: 0 },
  };
  const s = await startScenarioSimulator(
    { ...file, items: [...file.items, kured as unknown as SnapshotFile['items'][number]] },
    { heartbeats: { intervalMs: 500 } },
  );
  sims.push(s);
  const policy = testPolicy(CLUSTER, {
    lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 6 },
    ...o.policy,
  });
  const plans = new MaintenancePlanStore(redis, { keyPrefix: o.keyPrefix });
  const requests = new MaintenanceStore(redis, { keyPrefix: o.keyPrefix });
  const names = o.only ?? nodeNames();
  const all = nodeNames();
  const snapshot = snapshotFromFile(file, CLUSTER, null, () => new Date(), names);
  const created = await createMaintenancePlan({
    plans,
    policy: { ...policy, fleet: { workerBatchSize: 1, settleMs: 300, settleTimeoutMs: 10_000 } },
    snapshot,
    nodes: names,
    reason: 'kernel patch',
    requestedBy: alice,
    locale: 'en',
    replyTo: { platform: 'console', address: {} },
  });
  const built = { hasControlPlane: created.ok && created.plan.nodes.some((n) => n.role === 'control-plane') };
  if (!created.ok) throw new Error('plan not created');
  const first = await plans.decide(created.plan.id, bob, 'approve', () => policy);
  // control-plane nodes in the plan raise it to the control-plane count (2); workers alone need 1
  expect(first).toMatchObject({ ok: true, outcome: built.hasControlPlane ? 'approval-counted' : 'approved' });
  if (built.hasControlPlane) {
    expect(await plans.decide(created.plan.id, bob, 'approve', () => policy)).toMatchObject({
      ok: false,
      refusal: 'already-approved',
    });
    expect(await plans.decide(created.plan.id, alice, 'approve', () => policy)).toMatchObject({
      ok: false,
      refusal: 'self-approval',
    });
    expect(await plans.decide(created.plan.id, carol, 'approve', () => policy)).toMatchObject({
      ok: true,
      outcome: 'approved',
    });
  }
  const reboots = new Map<string, number>();
  const f: Fleet = {
    s,
    plans,
    requests,
    plan: created.plan,
    deps: undefined as unknown as PlanRunDeps,
    maxDown: 0,
    reboots,
    stop: () => undefined,
  };
  let running = true;
  f.stop = () => {
    running = false;
  };
  // The reboot robot: reboots a node once its request waits for the reboot (unless it must fail).
  void (async () => {
    while (running) {
      const p = await plans.get(created.plan.id);
      for (const n of p?.nodes ?? []) {
        if (n.requestId === undefined || n.node === o.failNode) continue;
        const r = await requests.get(n.requestId);
        if (r?.state === 'awaiting-reboot' && !reboots.has(n.requestId)) {
          reboots.set(n.requestId, 1);
          await o.onAwaitingReboot?.(n.node);
          void s.rebootNode(n.node, { downMs: 300 }); // resolves when back up: not awaited, so the sampler sees it down
        }
      }
      const down = all.filter((name) => !isNodeReady(s.getObject('nodes', null, name) as KNode)).length;
      f.maxDown = Math.max(f.maxDown, down);
      await new Promise((r) => setTimeout(r, 30));
    }
  })();
  f.deps = {
    plans,
    requests,
    redis,
    maintenance: {
      notifier: new RecordingNotifier(),
      kubeConfig: kubeConfigOf(s),
      policy: { ...policy, reboot: { timeoutMs: o.failNode ? 2_000 : 20_000 } },
      redis,
      holderIdentity: 'test-worker',
      keyPrefix: o.keyPrefix,
      // A fresh read of the file's cluster is what the worker does; the verdict decides.
      analyze: async (node) => {
        const r = analyzeRebootImpact(snapshotFromFile(file, CLUSTER, node), node, new Date());
        return { verdict: r.verdict, summary: r.verdict, findings: [] };
      },
      logger: silentLogger,
      pollMs: 100,
    },
    pollMs: 50,
    settleTimeoutMs: 10_000,
    logger: silentLogger,
    ...o.deps,
  };
  return f;
}

describe('maintenance plan', () => {
  it('3 control-plane nodes + 4 workers, two approvers: control plane first one at a time, etcd leader last, each node verified before the next; the card ends with a times table', async () => {
    const f = await fleet({ keyPrefix: 'test:plan1:' });
    const cp = f.plan.nodes.filter((n) => n.role === 'control-plane').map((n) => n.node);
    expect(f.plan.approvalsRequired).toBe(2);
    expect(cp).toHaveLength(3);
    expect(f.plan.nodes.slice(0, 3).every((n) => n.role === 'control-plane')).toBe(true);
    // The generated cluster's etcd leader is its first member (gen-cp-…-1): last of the control plane.
    expect(f.plan.nodes[2]?.why.map((w) => w.key)).toContain('etcd-leader-last');
    const final = await runPlan(f.plan.id, f.deps);
    f.stop();
    expect(final?.state).toBe('completed');
    expect(final?.nodes.map((n) => n.state)).toEqual(f.plan.nodes.map(() => 'done'));
    expect(f.maxDown).toBe(1);
    // each node settled before the next started; never two in maintenance at once
    const nodes = final?.nodes ?? [];
    for (let i = 1; i < nodes.length; i += 1) {
      expect(Date.parse(nodes[i]?.startedAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(nodes[i - 1]?.settledAt ?? 'x'),
      );
      expect(Date.parse(nodes[i - 1]?.settledAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(nodes[i - 1]?.maintainedAt ?? 'x') + 300,
      );
    }
    // every node was drained by exactly one request, and rebooted once
    expect(new Set(nodes.map((n) => n.requestId)).size).toBe(nodes.length);
    expect(f.reboots.size).toBe(nodes.length);
    for (const n of nodes)
      expect((f.s.getObject('nodes', null, n.node) as KNode).spec?.unschedulable).toBeUndefined();
    const card = explainMaintenancePlanCard(final as MaintenancePlan, 'en');
    // the generated cluster has a node that is unsafe now (a PDB allowing no disruption): left out, with why
    expect(nodes.length + (final?.excluded.length ?? 0)).toBe(7);
    expect(card.summary).toBe(`Completed: ${nodes.length} of ${nodes.length} nodes done.`);
    for (const e of final?.excluded ?? [])
      expect(card.sections.find((x) => x.heading === 'Left out (unsafe now)')?.lines.join('\n')).toContain(
        e.node,
      );
    expect(card.sections.at(-1)?.lines).toEqual(planTimesTable(final as MaintenancePlan, 'en'));
    console.log(
      [
        'Plan table of the acceptance run:',
        ...planTimesTable(final as MaintenancePlan, 'en'),
        ...(final?.excluded ?? []).map((e) => `left out: ${e.node}: ${e.reasons.join(', ')}`),
      ].join('\n'),
    );
  }, 120_000);

  it('a plan is refused by name: not a requester, no node, one open plan per cluster', async () => {
    const plans = new MaintenancePlanStore(redis, { keyPrefix: 'test:plan0:' });
    const names = nodeNames();
    const snapshot = snapshotFromFile(file, CLUSTER, null, () => new Date(), names);
    const base = {
      plans,
      snapshot,
      reason: 'x',
      requestedBy: alice,
      locale: 'en' as const,
      replyTo: { platform: 'console' as const, address: {} },
    };
    expect(
      await createMaintenancePlan({
        ...base,
        policy: testPolicy(CLUSTER, { requesters: ['console:local:bob'] }),
        nodes: names,
      }),
    ).toEqual({ ok: false, refusal: 'not-requester' });
    expect(await createMaintenancePlan({ ...base, policy: testPolicy(CLUSTER), nodes: [] })).toEqual({
      ok: false,
      refusal: 'no-nodes',
    });
    const first = await createMaintenancePlan({
      ...base,
      policy: testPolicy(CLUSTER),
      nodes: ['gen-wk-001'],
    });
    expect(first).toMatchObject({ ok: true, plan: { approvalsRequired: 1, settleMs: 120_000 } });
    const second = await createMaintenancePlan({
      ...base,
      policy: testPolicy(CLUSTER),
      nodes: ['gen-wk-002'],
    });
    expect(second).toMatchObject({
      ok: false,
      refusal: 'already-open',
      existing: { id: first.ok ? first.plan.id : '' },
    });
  });

  it('a node failing verification holds the plan for a decision; skip goes on; cancel ends it after the node in progress with the others untouched and uncordoned', async () => {
    const failNode =
      file.items
        .filter((i) => i.kind === 'Node')
        .map((i) => (i as KNode).metadata.name)
        .find((n) => !/cp/.test(n)) ?? '';
    const f = await fleet({ failNode, keyPrefix: 'test:plan2:' });
    const order = f.plan.nodes.map((n) => n.node);
    const failIndex = order.indexOf(failNode);
    const done = runPlan(f.plan.id, f.deps);
    const waitFor = async (pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> => {
      const deadline = Date.now() + 60_000;
      for (;;) {
        const p = await f.plans.get(f.plan.id);
        if (p && pred(p)) return p;
        if (Date.now() > deadline) throw new Error(`plan in ${p?.state}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const held = await waitFor((p) => p.state === 'needs-decision');
    expect(held.nodes[failIndex]).toMatchObject({ state: 'failed', failure: { reason: 'reboot-timeout' } });
    expect(explainMaintenancePlanCard(held, 'en').summary).toBe(
      `${failNode} failed. Answer \`retry ${held.id}\`, \`skip ${held.id}\` or \`stop ${held.id}\`.`,
    );
    expect(held.nodes.slice(failIndex + 1).every((n) => n.state === 'pending')).toBe(true);
    // someone outside the plan may not decide; skip by an approver goes on
    expect(
      await f.plans.decide(f.plan.id, { platform: 'console', tenant: 'local', id: 'mallory' }, 'skip', () =>
        testPolicy(CLUSTER, { approvers: [`console:local:bob`, 'console:local:carol'] }),
      ),
    ).toMatchObject({ ok: false, refusal: 'not-allowed' });
    expect(await f.plans.decide(f.plan.id, bob, 'skip', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
      outcome: 'decided',
    });
    const next = await waitFor((p) => p.nodes[failIndex + 1]?.state === 'running' || p.state === 'completed');
    expect(next.nodes[failIndex]?.state).toBe('skipped');
    // cancel: the node in progress finishes, the rest are untouched and uncordoned
    expect(await f.plans.decide(f.plan.id, alice, 'cancel', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
    });
    const final = await done;
    f.stop();
    expect(final?.state).toBe('cancelled');
    const after = final?.nodes.slice(failIndex + 1) ?? [];
    expect(after[0]?.state).toBe('done'); // the node in progress was finished, never cut mid-drain
    for (const n of after.slice(1)) expect(n.state).toBe('untouched');
    for (const n of final?.nodes ?? [])
      if (n.node !== failNode)
        expect((f.s.getObject('nodes', null, n.node) as KNode).spec?.unschedulable).toBeUndefined();
  }, 120_000);
});

describe('maintenance plan with a real Alertmanager', () => {
  let am: AlertmanagerServer;
  beforeAll(async () => {
    am = await startAlertmanager();
  });
  afterAll(async () => {
    await am.stop();
  });

  it('a firing severity=critical alert holds the plan (the card names it); silencing it lets the plan go on; the bot silences each node exactly while it is in maintenance', async () => {
    const client = new AlertmanagerClient(am.url, { logger: silentLogger });
    await am.fire({ alertname: 'EtcdNoLeader', severity: 'critical', instance: 'gen-cp-1:2379' });
    await am.fire({ alertname: 'DiskSlow', severity: 'critical', instance: 'gen-wk-001:9100' });
    // an already silenced critical alert does not hold the plan
    await client.createSilence({
      matchers: [parseMatcher('alertname=DiskSlow')],
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 600_000),
      createdBy: 'ops',
      comment: 'known',
    });
    const deadline = Date.now() + 10_000;
    while ((await client.firing([parseMatcher('severity=critical')])).length !== 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 100));
    const settings = {
      url: am.url,
      gate: ['severity=critical'],
      silence: ['instance=~"{node}:.*"'],
      unreachable: 'block' as const,
    };
    const activeSilenceOf = async (node: string): Promise<Silence[]> =>
      (await client.silences()).filter(
        (x) =>
          x.status.state === 'active' &&
          x.createdBy === 'k8s-ha-bot' &&
          x.matchers.some((m) => m.value === `${node.replace(/-/g, '\\-')}:.*` || m.value === `${node}:.*`),
      );
    const silencedInMaintenance = new Map<string, number>();
    const workers = ['gen-wk-001', 'gen-wk-002'];
    const f = await fleet({
      keyPrefix: 'test:plan3:',
      only: workers,
      deps: {
        gate: alertmanagerGate(client, settings, silentLogger),
        silences: alertmanagerSilences(client, settings, silentLogger),
      },
      onAwaitingReboot: async (node) => {
        silencedInMaintenance.set(node, (await activeSilenceOf(node)).length);
      },
    });
    const done = runPlan(f.plan.id, f.deps);
    const waitFor = async (pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> => {
      const until = Date.now() + 30_000;
      for (;;) {
        const p = await f.plans.get(f.plan.id);
        if (p && pred(p)) return p;
        if (Date.now() > until) throw new Error(`plan in ${p?.state}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    };
    const held = await waitFor((p) => p.state === 'held');
    expect(held.hold).toMatchObject({ kind: 'alert' });
    expect(held.hold?.detail).toContain('EtcdNoLeader');
    expect(held.hold?.detail).not.toContain('DiskSlow');
    expect(held.nodes.every((n) => n.state === 'pending')).toBe(true);
    expect(explainMaintenancePlanCard(held, 'en').summary).toContain(
      'Held before gen-wk-001: firing alert EtcdNoLeader {instance="gen-cp-1:2379", severity="critical"}',
    );
    expect(explainMaintenancePlanCard(held, 'ko').summary).toContain('EtcdNoLeader');
    // nothing was silenced while held
    expect(await activeSilenceOf('gen-wk-001')).toHaveLength(0);
    await client.createSilence({
      matchers: [parseMatcher('alertname=EtcdNoLeader')],
      startsAt: new Date(),
      endsAt: new Date(Date.now() + 600_000),
      createdBy: 'ops',
      comment: 'leader election known',
    });
    const final = await done;
    f.stop();
    expect(final?.state).toBe('completed');
    expect(Object.fromEntries(silencedInMaintenance)).toEqual({ 'gen-wk-001': 1, 'gen-wk-002': 1 });
    const mine = (await client.silences()).filter((x) => x.createdBy === 'k8s-ha-bot');
    expect(mine).toHaveLength(2);
    for (const x of mine) {
      expect(x.status.state).toBe('expired');
      expect(x.comment).toContain(f.plan.id);
      expect(x.comment).toContain('console:local:bob');
    }
  }, 120_000);

  it('an unreachable Alertmanager holds the plan with a clear finding when the policy says block', async () => {
    const client = new AlertmanagerClient('http://127.0.0.1:9', { logger: silentLogger, timeoutMs: 500 });
    const gate = alertmanagerGate(
      client,
      { url: 'http://127.0.0.1:9', gate: ['severity=critical'], silence: [], unreachable: 'block' },
      silentLogger,
    );
    const node = {
      node: 'n1',
      role: 'worker',
      batch: 1,
      verdict: 'safe',
      why: [],
      state: 'pending',
    } as const;
    expect(await gate({} as MaintenancePlan, { ...node, why: [] })).toEqual({
      kind: 'alertmanager-unreachable',
      detail: 'Alertmanager at http://127.0.0.1:9 cannot be reached',
    });
    const warn = alertmanagerGate(
      client,
      { url: 'http://127.0.0.1:9', gate: ['severity=critical'], silence: [], unreachable: 'warn' },
      silentLogger,
    );
    expect(await warn({} as MaintenancePlan, { ...node, why: [] })).toBeNull();
    expect(() => parseMatcher('severity critical')).toThrow('not an Alertmanager matcher');
    expect(parseMatcher('instance=~"{node}.*"', 'a.b')).toEqual({
      name: 'instance',
      value: 'a\\.b.*',
      isRegex: true,
      isEqual: true,
    });
  });
});

describe('maintenance plan, crash-safe', () => {
  it('a runner stopped mid-node (worker shutdown / crash) is resumed by another: the node in progress is resumed, never drained twice', async () => {
    const workers = ['gen-wk-001', 'gen-wk-002'];
    const f = await fleet({ keyPrefix: 'test:plan4:', only: workers });
    const first = new AbortController();
    let stopAt: string | undefined;
    const killed = runPlan(f.plan.id, {
      ...f.deps,
      signal: first.signal,
      maintenance: { ...f.deps.maintenance, signal: first.signal },
    }).catch((err: unknown) => err);
    // stop the first runner while the first node is draining or waiting for its reboot
    const until = Date.now() + 30_000;
    for (;;) {
      const p = await f.plans.get(f.plan.id);
      const n = p?.nodes[0];
      const r = n?.requestId ? await f.requests.get(n.requestId) : null;
      if (r && ['draining', 'awaiting-reboot'].includes(r.state)) {
        stopAt = r.state;
        break;
      }
      if (Date.now() > until) throw new Error('the first node never started');
      await new Promise((res) => setTimeout(res, 10));
    }
    first.abort(new Error('worker killed'));
    expect(await killed).toBeInstanceOf(Error);
    const mid = await f.plans.get(f.plan.id);
    expect(mid?.nodes[0]?.state).toBe('running');
    const firstRequest = mid?.nodes[0]?.requestId;
    const final = await runPlan(f.plan.id, f.deps);
    f.stop();
    expect(stopAt).toBeDefined();
    expect(final?.state).toBe('completed');
    expect(final?.nodes[0]?.requestId).toBe(firstRequest);
    // each evicted pod exactly once across both runners
    expect(f.s.evictions.size).toBeGreaterThan(0);
    for (const [pod, count] of f.s.evictions) expect([pod, count]).toEqual([pod, 1]);
    expect(f.reboots.size).toBe(2);
  }, 120_000);
});

describe('maintenance plan and kured', () => {
  const kuredLockOf = (s: RunningSimulator): string | undefined =>
    (
      s.getObject('daemonsets', 'kube-system', 'kured') as {
        metadata: { annotations?: Record<string, string> };
      }
    ).metadata.annotations?.['weave.works/kured-node-lock'];

  it("waits while kured holds its lock for another node; while the bot works on a node the annotation names the bot's request; released after", async () => {
    const held = JSON.stringify({
      nodeID: 'gen-wk-004',
      metadata: { unschedulable: false },
      created: new Date().toISOString(),
      TTL: 0,
    });
    const seen = new Map<string, string | undefined>();
    const box: { sim?: RunningSimulator } = {};
    const f = await fleet({
      keyPrefix: 'test:plan5:',
      only: ['gen-wk-001'],
      kuredLock: held,
      onAwaitingReboot: async (node) => {
        seen.set(node, box.sim ? kuredLockOf(box.sim) : undefined);
      },
    });
    box.sim = f.s;
    const done = runPlan(f.plan.id, f.deps);
    const until = Date.now() + 30_000;
    let p: MaintenancePlan | null = null;
    while (Date.now() < until) {
      p = await f.plans.get(f.plan.id);
      if (p?.state === 'held') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(p?.hold).toMatchObject({ kind: 'kured-lock', detail: 'kube-system/kured: gen-wk-004' });
    expect(explainMaintenancePlanCard(p as MaintenancePlan, 'en').summary).toBe(
      "Held before gen-wk-001: kured's reboot lock is held (kube-system/kured: gen-wk-004). It goes on by itself once that clears.",
    );
    expect(p?.nodes[0]?.state).toBe('pending');
    expect(kuredLockOf(f.s)).toBe(held); // untouched while kured holds it
    // kured releases its lock (deletes the annotation, as kured's Release does)
    const ds = f.s.getObject('daemonsets', 'kube-system', 'kured') as {
      metadata: { annotations?: Record<string, string> };
    };
    delete ds.metadata.annotations?.['weave.works/kured-node-lock'];
    const put = await fetch(`${f.s.url}/apis/apps/v1/namespaces/kube-system/daemonsets/kured`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(ds),
    });
    expect(put.status).toBe(200);
    const final = await done;
    f.stop();
    expect(final?.state).toBe('completed');
    const during = JSON.parse(seen.get('gen-wk-001') ?? '{}') as {
      nodeID?: string;
      metadata?: { request?: string };
      TTL?: number;
    };
    expect(during.nodeID).toBe(`k8s-ha-bot/${final?.nodes[0]?.requestId ?? ''}`);
    expect(during.metadata?.request).toBe(final?.nodes[0]?.requestId);
    expect(during.TTL).toBeGreaterThan(0);
    expect(kuredLockOf(f.s)).toBeUndefined();
  }, 60_000);
});

describe('maintenance plan: stop and change windows', () => {
  it('stop after a failed node ends the plan: the failed node is reported, every other node untouched and uncordoned', async () => {
    const failNode = 'gen-wk-001';
    const f = await fleet({
      failNode,
      keyPrefix: 'test:plan6:',
      only: ['gen-wk-001', 'gen-wk-002', 'gen-wk-004'],
    });
    const done = runPlan(f.plan.id, f.deps);
    const until = Date.now() + 30_000;
    while ((await f.plans.get(f.plan.id))?.state !== 'needs-decision') {
      if (Date.now() > until) throw new Error('never failed');
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(await f.plans.decide(f.plan.id, bob, 'stop', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
      outcome: 'decided',
    });
    const final = await done;
    f.stop();
    expect(final?.state).toBe('stopped');
    expect(final?.nodes.map((n) => [n.node, n.state])).toEqual([
      ['gen-wk-001', 'failed'],
      ['gen-wk-002', 'untouched'],
      ['gen-wk-004', 'untouched'],
    ]);
    expect(explainMaintenancePlanCard(final as MaintenancePlan, 'en').summary).toBe(
      'Stopped: 0 of 3 nodes done; the others were not touched.',
    );
    for (const n of ['gen-wk-002', 'gen-wk-004'])
      expect((f.s.getObject('nodes', null, n) as KNode).spec?.unschedulable).toBeUndefined();
    // the failed node's own request ended failed and left neither kured's lock nor the bot's Lease behind
    const r = await f.requests.get(final?.nodes[0]?.requestId ?? '');
    expect(r?.stateReason).toBe('reboot-timeout');
    expect(
      (
        f.s.getObject('daemonsets', 'kube-system', 'kured') as {
          metadata: { annotations?: Record<string, string> };
        }
      ).metadata.annotations?.['weave.works/kured-node-lock'],
    ).toBeUndefined();
    expect(
      (
        f.s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as
          { spec?: { holderIdentity?: string } } | undefined
      )?.spec?.holderIdentity,
    ).toBeUndefined();
  }, 60_000);

  it('outside the change windows the plan is held before the first node and says when the next window opens', async () => {
    const now = new Date();
    const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][(now.getUTCDay() + 3) % 7] as 'mon';
    const f = await fleet({
      keyPrefix: 'test:plan7:',
      only: ['gen-wk-001'],
      policy: { changeWindows: [{ days: [day], start: '01:00', end: '02:00', timeZone: 'UTC' }] },
    });
    const run = runPlan(f.plan.id, f.deps);
    const until = Date.now() + 10_000;
    let p: MaintenancePlan | null = null;
    while (Date.now() < until) {
      p = await f.plans.get(f.plan.id);
      if (p?.state === 'held') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(p?.hold?.kind).toBe('change-window');
    expect(explainMaintenancePlanCard(p as MaintenancePlan, 'en').summary).toMatch(
      /^Held before gen-wk-001: outside the change window \(the next window opens at \d{4}-/,
    );
    expect(p?.nodes[0]?.state).toBe('pending');
    expect(await f.plans.decide(f.plan.id, alice, 'cancel', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
      outcome: 'cancel-requested',
    });
    const final = await run;
    f.stop();
    expect(final?.state).toBe('cancelled');
    expect(final?.nodes[0]?.state).toBe('untouched');
    expect(f.s.evictionRequests.size).toBe(0);
  }, 60_000);
});

describe('who holds the lock', () => {
  it('shows holder, since, TTL and request of both locks, and a lock whose request is unknown or whose Lease expired as stale', async () => {
    const created = new Date(Date.now() - 60_000).toISOString();
    const f = await fleet({
      keyPrefix: 'test:plan8:',
      only: ['gen-wk-001'],
      kuredLock: JSON.stringify({
        maxOwners: 2,
        locks: [
          { nodeID: 'k8s-ha-bot/mr-aaaaaaaaaa', metadata: { node: 'gen-wk-009' }, created, TTL: 3600e9 },
          { nodeID: 'gen-wk-004', created, TTL: 0 },
        ],
      }),
    });
    f.stop();
    const api = await createKubeApi(kubeConfigOf(f.s));
    try {
      const free = await readLockReport(
        api,
        f.deps.maintenance.policy,
        (id) => f.requests.get(id),
        new Date(),
      );
      expect(free.maintenance).toEqual({ lease: 'k8s-ha-bot/k8s-ha-bot-maintenance', holder: null });
      expect(free.kured.holders).toEqual([
        {
          holder: 'k8s-ha-bot/mr-aaaaaaaaaa',
          node: 'gen-wk-009',
          since: created,
          ttlS: 3600,
          request: { id: 'mr-aaaaaaaaaa', state: 'unknown' },
          stale: 'request-unknown',
        },
        { holder: 'gen-wk-004', since: created, ttlS: null },
      ]);
      const lines = lockReportLines(free, 'en');
      expect(lines[0]).toBe('k8s-ha-bot/k8s-ha-bot-maintenance: free.');
      expect(lines[1]).toMatch(
        /^kured kube-system\/kured: held by k8s-ha-bot\/mr-aaaaaaaaaa \(node gen-wk-009\) since .* TTL 1 h 0 min, request mr-aaaaaaaaaa \(unknown\)\. Stale: no such request\.$/,
      );
      expect(lines[2]).toContain('TTL none (never expires)');
      expect(lockReportLines(free, 'ko')[1]).toContain('오래된 잠금');
      // a maintenance Lease left by a request that has ended (its worker died before releasing it)
      const lease = {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: {
          name: 'k8s-ha-bot-maintenance',
          namespace: 'k8s-ha-bot',
          annotations: { 'k8s-ha-bot/node': 'gen-wk-001', 'k8s-ha-bot/worker': 'w1/1' },
        },
        spec: {
          holderIdentity: 'mr-cccccccccc',
          leaseDurationSeconds: 60,
          acquireTime: new Date(Date.now() - 600_000).toISOString().replace('Z', '000Z'),
          renewTime: new Date(Date.now() - 300_000).toISOString().replace('Z', '000Z'),
        },
      };
      const post = await fetch(`${f.s.url}/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(lease),
      });
      expect(post.status).toBe(201);
      const held = await readLockReport(
        api,
        f.deps.maintenance.policy,
        (id) => f.requests.get(id),
        new Date(),
      );
      expect(held.maintenance.holder).toMatchObject({
        holder: 'mr-cccccccccc',
        node: 'gen-wk-001',
        worker: 'w1/1',
        ttlS: 60,
        request: { id: 'mr-cccccccccc', state: 'unknown' },
        stale: 'lease-expired',
      });
    } finally {
      api.close();
    }
  });
});

describe('maintenance plan as a job of the maintenance worker', () => {
  it('a worker killed mid-plan (forced close, its job lock left to expire): another worker resumes the plan, no node drained twice', async () => {
    const f = await fleet({ keyPrefix: 'test:plan9:', only: ['gen-wk-001', 'gen-wk-002'] });
    const prefix = 'planq';
    const start = () =>
      startMaintenanceWorker({
        redisUrl: redisServer.url,
        clusters: [CLUSTER],
        prefix,
        logger: silentLogger,
        lockDurationMs: 1500,
        stalledIntervalMs: 500,
        depsFor: async () => {
          throw new Error('no single-node jobs here');
        },
        planDepsFor: async () => f.deps,
      });
    const a = await start();
    const queue = new Queue(maintenanceQueueNameFor(CLUSTER), { connection: redis, prefix });
    try {
      await enqueuePlan(queue, f.plan);
      await enqueuePlan(queue, f.plan); // a retried approval adds nothing
      expect((await queue.getJobs(['wait', 'active', 'delayed', 'completed'])).map((j) => j.id)).toEqual([
        `mpx-${f.plan.id}`,
      ]);
      const until = Date.now() + 30_000;
      for (;;) {
        const p = await f.plans.get(f.plan.id);
        const r = p?.nodes[0]?.requestId ? await f.requests.get(p.nodes[0].requestId) : null;
        if (r && ['draining', 'awaiting-reboot'].includes(r.state)) break;
        if (Date.now() > until) throw new Error('the plan never started');
        await new Promise((res) => setTimeout(res, 10));
      }
      await a.close({ force: true });
      const b = await start();
      try {
        const end = Date.now() + 60_000;
        let p: MaintenancePlan | null = null;
        while (Date.now() < end) {
          p = await f.plans.get(f.plan.id);
          if (p?.state === 'completed') break;
          await new Promise((res) => setTimeout(res, 50));
        }
        expect(p?.state).toBe('completed');
        expect(f.s.evictions.size).toBeGreaterThan(0);
        for (const [pod, count] of f.s.evictions) expect([pod, count]).toEqual([pod, 1]);
        expect(f.reboots.size).toBe(2);
        expect((await queue.getJobs(['completed'])).map((j) => j.id)).toEqual([`mpx-${f.plan.id}`]);
      } finally {
        f.stop();
        await b.close({ force: true });
      }
    } finally {
      await queue.close();
    }
  }, 120_000);
});

describe('maintenance plan: pause and resume', () => {
  it('pause takes effect after the node in progress; resume goes on', async () => {
    const f = await fleet({ keyPrefix: 'test:plan10:', only: ['gen-wk-001', 'gen-wk-002'] });
    const done = runPlan(f.plan.id, f.deps);
    const waitFor = async (pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> => {
      const until = Date.now() + 30_000;
      for (;;) {
        const p = await f.plans.get(f.plan.id);
        if (p && pred(p)) return p;
        if (Date.now() > until) throw new Error(`plan in ${p?.state}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await waitFor((p) => p.nodes[0]?.state === 'running');
    expect(await f.plans.decide(f.plan.id, bob, 'pause', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
      outcome: 'pause-requested',
    });
    expect(await f.plans.decide(f.plan.id, bob, 'skip', () => testPolicy(CLUSTER))).toMatchObject({
      ok: false,
      refusal: 'not-applicable',
    });
    const paused = await waitFor((p) => p.state === 'paused');
    expect(paused.nodes.map((n) => n.state)).toEqual(['done', 'pending']);
    expect(explainMaintenancePlanCard(paused, 'en').summary).toBe(
      `Paused after 1 of 2 nodes. \`resume ${paused.id}\` goes on.`,
    );
    expect(await f.plans.decide(f.plan.id, alice, 'resume', () => testPolicy(CLUSTER))).toMatchObject({
      ok: true,
      outcome: 'resumed',
    });
    const final = await done;
    f.stop();
    expect(final?.state).toBe('completed');
    expect(Date.parse(final?.nodes[1]?.startedAt ?? '')).toBeGreaterThan(
      Date.parse(final?.nodes[0]?.settledAt ?? 'x'),
    );
  }, 60_000);
});
