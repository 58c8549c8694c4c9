/**
 * Fleet maintenance plans on the simulator with a real Redis: a plan for the 3
 * control-plane nodes and 4 workers of a generated cluster, approved by two approvers, runs to the
 * end with simulated reboots (control plane first, one at a time, etcd leader last, never two
 * nodes down at once, each node verified and settled before the next); a failing node pauses the
 * plan for a decision (`skip` goes on, `stop` ends it leaving the rest untouched and uncordoned).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KNode } from '../../src/cluster/types.js';
import {
  explainMaintenancePlanCard,
  explainPlanRefusal,
  planTimesTable,
} from '../../src/maintenance/plan/explain-maintenance-plan.js';
import {
  AlertmanagerClient,
  alertmanagerGate,
  alertmanagerSilences,
  parseMatcher,
} from '../../src/maintenance/plan/alertmanager.js';
import type { Silence } from '../../src/maintenance/plan/alertmanager.js';
import { createMaintenancePlan } from '../../src/maintenance/plan/create-plan.js';
import { enqueuePlan } from '../../src/maintenance/plan/plan-queue.js';
import { maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import { startMaintenanceWorker } from '../../workers/maintenance-worker.js';
import { lockReportLines, readLockReport } from '../../src/maintenance/plan/lock-report.js';
import { createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { runPlan } from '../../src/maintenance/plan/run-plan.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { testPolicy } from '../helpers/maintenance-test-store.js';
import { startAlertmanager } from '../helpers/alertmanager-server.js';
import type { AlertmanagerServer } from '../helpers/alertmanager-server.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { alice, bob, kuredDaemonSet, useGeneratedFleet } from '../helpers/plan-fleet.js';
import type { Fleet } from '../helpers/plan-fleet.js';
import { kubeConfigOf } from '../helpers/simulator.js';
import { fakeDateOnly } from '../helpers/fake-date.js';

const CLUSTER = 'gen';

/**
 * 3 control-plane nodes, 4 workers; with seed 5 no node is unsafe on its own (all 7 are planned)
 * and two PodDisruptionBudgets (payments-worker-0, identity-auth-3) allow one disruption each.
 */
const gen = useGeneratedFleet({
  cluster: CLUSTER,
  tmpPrefix: 'plan-',
  generate: { nodes: 7, pods: 50, controlPlaneNodes: 3, seed: 5 },
});

const nodeNames = (): string[] =>
  gen.file.items.filter((i) => i.kind === 'Node').map((i) => (i as KNode).metadata.name);

/** A plan for every node of the generated cluster (or `only`), approved by bob and carol, with a reboot robot. */
const fleet = gen.fleet;

/**
 * The plan once `pred` holds for it (through {@link eventually}; a timeout names its state).
 * @returns the plan
 */
async function planWhen(
  f: Pick<Fleet, 'plans' | 'plan'>,
  pred: (p: MaintenancePlan) => boolean,
  timeoutMs = 30_000,
): Promise<MaintenancePlan> {
  let last: MaintenancePlan | null = null;
  return eventually(
    () => `the plan (in ${last?.state})`,
    async () => {
      last = await f.plans.get(f.plan.id);
      return last && pred(last) ? last : undefined;
    },
    timeoutMs,
  );
}

/** The first node's maintenance request once it is draining or waiting for its reboot. */
async function firstNodeStarted(f: Pick<Fleet, 'plans' | 'plan' | 'requests'>): Promise<string> {
  return eventually(
    'the first node draining or waiting for its reboot',
    async () => {
      const p = await f.plans.get(f.plan.id);
      const id = p?.nodes[0]?.requestId;
      const r = id ? await f.requests.get(id) : null;
      return r && ['draining', 'awaiting-reboot'].includes(r.state) ? r.state : undefined;
    },
    WAIT_CEILING_MS,
  );
}

describe('maintenance plan', () => {
  it('3 control-plane nodes + 4 workers, two approvers: control plane first one at a time, etcd leader last, never two etcd voters down, every PDB respected, each node verified before the next; the card ends with a times table', async () => {
    const f = await fleet({ keyPrefix: 'test:plan1:' });
    const cp = f.plan.nodes.filter((n) => n.role === 'control-plane').map((n) => n.node);
    expect(f.plan.approvalsRequired).toBe(2);
    expect((await f.plans.get(f.plan.id))?.approvals.map((a) => a.actor.id)).toEqual(['bob', 'carol']);
    expect(cp).toHaveLength(3);
    expect(f.plan.nodes).toHaveLength(7);
    expect(f.plan.excluded).toEqual([]);
    expect(f.plan.nodes.slice(0, 3).every((n) => n.role === 'control-plane')).toBe(true);
    // The generated cluster's etcd leader is its first member (gen-cp-1): last of the control plane.
    expect(f.plan.nodes[2]).toMatchObject({ node: 'gen-cp-1' });
    expect(f.plan.nodes[2]?.why.map((w) => w.key)).toContain('etcd-leader-last');
    // one node per step, in the plan's order
    expect(f.plan.nodes.map((n) => n.batch)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    const final = await runPlan(f.plan.id, f.deps);
    f.stop();
    expect(final?.state).toBe('completed');
    expect(final?.nodes.map((n) => n.state)).toEqual(f.plan.nodes.map(() => 'done'));
    expect(f.maxDown).toBe(1);
    expect(f.maxVotersDown).toBe(1); // each control-plane node was down once, never two voters at once
    expect(gen.file.items.filter((i) => i.kind === 'PodDisruptionBudget').length).toBeGreaterThan(0);
    expect([...f.pdbBelowDesired]).toEqual([]); // every PodDisruptionBudget respected (the simulator's counts)
    expect(f.s.evictions.size).toBeGreaterThan(0);
    for (const [pod, count] of f.s.evictions) expect([pod, count]).toEqual([pod, 1]);
    // each node verified and settled before the next started; never two in maintenance at once
    const nodes = final?.nodes ?? [];
    for (let i = 1; i < nodes.length; i += 1) {
      expect(Date.parse(nodes[i]?.startedAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(nodes[i - 1]?.settledAt ?? 'x'),
      );
      expect(Date.parse(nodes[i - 1]?.settledAt ?? '')).toBeGreaterThanOrEqual(
        Date.parse(nodes[i - 1]?.maintainedAt ?? 'x') + 300,
      );
    }
    // every node was drained by exactly one request (verified by the executor), and rebooted once
    expect(new Set(nodes.map((n) => n.requestId)).size).toBe(nodes.length);
    for (const n of nodes)
      expect((await f.requests.get(n.requestId ?? ''))?.progress.verifiedAt).toEqual(expect.any(String));
    expect(f.reboots.size).toBe(nodes.length);
    for (const n of nodes)
      expect((f.s.getObject('nodes', null, n.node) as KNode).spec?.unschedulable).toBeUndefined();
    const card = explainMaintenancePlanCard(final as MaintenancePlan, 'en');
    expect(card.summary).toBe('Completed: 7 of 7 nodes done.');
    expect(card.actions).toEqual([]);
    expect(card.sections.at(-1)?.heading).toBe('Times');
    expect(card.sections.at(-1)?.lines).toEqual(planTimesTable(final as MaintenancePlan, 'en'));
    const at = (iso?: string): string => (iso ? iso.slice(11, 23) : '-');
    console.log(
      [
        'Plan table of the acceptance run (UTC times):',
        'node | batch | start | end | state',
        ...nodes.map((n) => `${n.node} | ${n.batch} | ${at(n.startedAt)} | ${at(n.finishedAt)} | ${n.state}`),
        `most nodes down at once: ${f.maxDown}; most etcd voters down at once: ${f.maxVotersDown}; PDBs below desired: ${f.pdbBelowDesired.size}; pods evicted: ${f.s.evictions.size} (each once)`,
      ].join('\n'),
    );
  });

  it('a node unsafe on its own now is left out, and the card says why', async () => {
    const now = new Date();
    // seed 3: gen-wk-003 runs every DNS pod (one reboot stops cluster DNS)
    const path = join(gen.dir, 'gen-seed3.json');
    await writeScenarioFile(
      path,
      generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 3, capturedAt: now }),
    );
    const other = await loadSnapshotFile(path);
    const names = other.items.filter((i) => i.kind === 'Node').map((i) => (i as KNode).metadata.name);
    const plans = new MaintenancePlanStore(gen.redis, { keyPrefix: 'test:plan11:' });
    const created = await createMaintenancePlan({
      plans,
      policy: testPolicy(CLUSTER),
      read: async () => snapshotFromFile(other, CLUSTER, null, () => now, names),
      nodes: names,
      reason: 'kernel patch',
      requestedBy: alice,
      locale: 'en',
      replyTo: { platform: 'console', address: {} },
    });
    if (!created.ok) throw new Error(created.refusal);
    expect(created.plan.excluded).toEqual([{ node: 'gen-wk-003', reasons: ['single-replica/dns-all-here'] }]);
    expect(created.plan.nodes.map((n) => n.node)).not.toContain('gen-wk-003');
    const card = explainMaintenancePlanCard(created.plan, 'en');
    expect(card.sections.find((x) => x.heading === 'Left out (unsafe now)')?.lines).toEqual([
      'gen-wk-003: single-replica/dns-all-here',
    ]);
  });

  it('a plan is refused by name: not a requester, no node, one open plan per cluster', async () => {
    const plans = new MaintenancePlanStore(gen.redis, { keyPrefix: 'test:plan0:' });
    const names = nodeNames();
    const snapshot = snapshotFromFile(gen.file, CLUSTER, null, () => new Date(), names);
    const base = {
      plans,
      read: async () => snapshot,
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
      gen.file.items
        .filter((i) => i.kind === 'Node')
        .map((i) => (i as KNode).metadata.name)
        .find((n) => !/cp/.test(n)) ?? '';
    const f = await fleet({ failNode, keyPrefix: 'test:plan2:' });
    const order = f.plan.nodes.map((n) => n.node);
    const failIndex = order.indexOf(failNode);
    const done = runPlan(f.plan.id, f.deps);
    const waitFor = (pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> =>
      planWhen(f, pred, 60_000);
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
  });
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
    await eventually(
      'one critical alert firing',
      async () => (await client.firing([parseMatcher('severity=critical')])).length === 1,
    ).catch(() => undefined); // the plan below says what it saw
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
    // The bot's silences of a node, read back from Alertmanager when the node starts and when it
    // is done (verified and settled): none either time; one while it waits for its reboot.
    const silencedAt: string[] = [];
    const workers = ['gen-wk-001', 'gen-wk-002'];
    const f = await fleet({
      keyPrefix: 'test:plan3:',
      only: workers,
      deps: {
        gate: alertmanagerGate(client, settings, silentLogger),
        silences: alertmanagerSilences(client, settings, silentLogger),
        onChange: async (plan, before) => {
          for (const n of plan.nodes) {
            const was = before.nodes.find((x) => x.node === n.node)?.state;
            if (was !== n.state && (n.state === 'running' || n.state === 'done'))
              silencedAt.push(`${n.node} ${n.state}: ${(await activeSilenceOf(n.node)).length}`);
          }
        },
      },
      onAwaitingReboot: async (node) => {
        silencedInMaintenance.set(node, (await activeSilenceOf(node)).length);
      },
    });
    const done = runPlan(f.plan.id, f.deps);
    const waitFor = (pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> => planWhen(f, pred);
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
    expect(silencedAt).toEqual([
      'gen-wk-001 running: 0',
      'gen-wk-001 done: 0',
      'gen-wk-002 running: 0',
      'gen-wk-002 done: 0',
    ]);
    const mine = (await client.silences()).filter((x) => x.createdBy === 'k8s-ha-bot');
    expect(mine).toHaveLength(2);
    for (const x of mine) {
      expect(x.status.state).toBe('expired');
      expect(x.comment).toContain(f.plan.id);
      expect(x.comment).toContain('console:local:bob');
    }
  });

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
    const killed = runPlan(f.plan.id, {
      ...f.deps,
      signal: first.signal,
      maintenance: { ...f.deps.maintenance, signal: first.signal },
    }).catch((err: unknown) => err);
    // stop the first runner while the first node is draining or waiting for its reboot
    const stopAt = await firstNodeStarted(f);
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
  });
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
    const p = await planWhen(f, (x) => x.state === 'held').catch(() => null);
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
  });
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
    await planWhen(f, (x) => x.state === 'needs-decision');
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
      // gen-wk-001 was started (cordoned, drained) and failed: named, not lumped with "the others"
      'Stopped: 0 of 3 nodes done; gen-wk-001 was started and did not finish (reboot-timeout); the others were not touched.',
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
  });

  it('outside the change windows the plan is held before the first node and says when the next window opens', async () => {
    const now = new Date();
    const day = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'][(now.getUTCDay() + 3) % 7] as 'mon';
    const f = await fleet({
      keyPrefix: 'test:plan7:',
      only: ['gen-wk-001'],
      policy: { changeWindows: [{ days: [day], start: '01:00', end: '02:00', timeZone: 'UTC' }] },
    });
    const run = runPlan(f.plan.id, f.deps);
    const p = await planWhen(f, (x) => x.state === 'held', 60_000).catch(() => null);
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
  });
});

describe("the reboot analysis and kured's lock", () => {
  const withLock = (lock: string): SnapshotFile => ({
    ...gen.file,
    items: [...gen.file.items, kuredDaemonSet(lock)],
  });
  const kuredFindings = (f: SnapshotFile, node: string): string[] =>
    analyzeRebootImpact(snapshotFromFile(f, CLUSTER, node), node, new Date())
      .findings.filter((x) => x.check === 'concurrent-disruption' && x.variant.startsWith('kured-lock'))
      .map((x) => `${x.severity}:${String(x.facts.holder)}`);

  it("the bot's own entry (a plan holding kured's lock) is no kured reboot; kured's entries are, in the single and the multi-lock form", () => {
    const created = new Date().toISOString();
    expect(
      kuredFindings(
        withLock(JSON.stringify({ nodeID: 'k8s-ha-bot/mr-aaaaaaaaaa', created, TTL: 0 })),
        'gen-cp-2',
      ),
    ).toEqual([]);
    expect(
      kuredFindings(withLock(JSON.stringify({ nodeID: 'gen-wk-004', created, TTL: 0 })), 'gen-cp-2'),
      // A worker holding kured's lock while a control-plane node is asked about: warn, not block
      // (CHECKS.md concurrent-disruption: block when another control-plane/etcd node is affected,
      // warn for workers).
    ).toEqual(['warn:gen-wk-004']);
    expect(
      kuredFindings(
        withLock(
          JSON.stringify({
            maxOwners: 2,
            locks: [
              { nodeID: 'k8s-ha-bot/mp-aaaaaaaaaa/b4', created, TTL: 0 },
              { nodeID: 'gen-wk-003', created, TTL: 0 },
            ],
          }),
        ),
        'gen-wk-001',
      ),
    ).toEqual(['warn:gen-wk-003']);
    expect(kuredFindings(withLock('{not json'), 'gen-cp-2')).toEqual(['block:unknown']);
  });
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
        /^kured kube-system\/kured: held by k8s-ha-bot\/mr-aaaaaaaaaa \(node gen-wk-009\) since .* TTL 1 h, request mr-aaaaaaaaaa \(unknown\)\. Stale: no such request\.$/,
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
        redisUrl: gen.redisUrl,
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
    const queue = new Queue(maintenanceQueueNameFor(CLUSTER), { connection: gen.redis, prefix });
    try {
      await enqueuePlan(queue, f.plan);
      await enqueuePlan(queue, f.plan); // a retried approval adds nothing
      expect((await queue.getJobs(['wait', 'active', 'delayed', 'completed'])).map((j) => j.id)).toEqual([
        `mpx-${f.plan.id}`,
      ]);
      await firstNodeStarted(f);
      await a.close({ force: true });
      const b = await start();
      try {
        const p = await planWhen(f, (x) => x.state === 'completed', 60_000).catch(() => null);
        expect(p?.state).toBe('completed');
        expect(f.s.evictions.size).toBeGreaterThan(0);
        for (const [pod, count] of f.s.evictions) expect([pod, count]).toEqual([pod, 1]);
        expect(f.reboots.size).toBe(2);
        // The plan record says completed before BullMQ moves the job that ran it to `completed`:
        // wait for that move (under load it came after the assertion).
        const completed = await eventually('the plan job moved to completed', async () => {
          const ids = (await queue.getJobs(['completed'])).map((j) => j.id);
          return ids.length > 0 ? ids : null;
        });
        expect(completed).toEqual([`mpx-${f.plan.id}`]);
      } finally {
        f.stop();
        await b.close({ force: true });
      }
    } finally {
      await queue.close();
    }
  });
});

describe('maintenance plan: pause and resume', () => {
  it('pause takes effect after the node in progress; resume goes on', async () => {
    const f = await fleet({ keyPrefix: 'test:plan10:', only: ['gen-wk-001', 'gen-wk-002'] });
    const done = runPlan(f.plan.id, f.deps);
    const waitFor = (pred: (p: MaintenancePlan) => boolean): Promise<MaintenancePlan> => planWhen(f, pred);
    await waitFor((p) => p.nodes[0]?.state === 'running');
    const asked = await f.plans.decide(f.plan.id, bob, 'pause', () => testPolicy(CLUSTER));
    expect(asked).toMatchObject({ ok: true, outcome: 'pause-requested' });
    // Until the node in progress is done, the card says the pause is pending, not just "Running".
    if (!asked.ok) throw new Error('pause refused');
    expect(asked.plan.state).toBe('running');
    expect(explainMaintenancePlanCard(asked.plan, 'en').summary).toBe(
      `Pause asked: 0 of 2 nodes done; the plan pauses after the node in progress. \`resume ${f.plan.id}\` takes it back.`,
    );
    expect(await f.plans.decide(f.plan.id, bob, 'skip', () => testPolicy(CLUSTER))).toMatchObject({
      ok: false,
      refusal: 'not-applicable',
    });
    // A second pause is told the pause is already asked (en and ko), not "cannot do that now".
    const again = await f.plans.decide(f.plan.id, alice, 'pause', () => testPolicy(CLUSTER));
    expect(again).toMatchObject({ ok: false, refusal: 'already-pausing' });
    if (again.ok) throw new Error('second pause accepted');
    expect(explainPlanRefusal(again.refusal, asked.plan, 'ko')).toBe(
      `${f.plan.id}는 이미 일시 정지를 요청했습니다: 진행 중인 노드가 끝나면 일시 정지합니다.`,
    );
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
  });
});

describe('the generated fleet, used long after it was generated', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('is judged as fresh two minutes after its beforeAll as at it: a plan of a worker is created with nothing left out and runs to the end', async () => {
    // The wall clock two minutes past the beforeAll that generated the cluster, without waiting:
    // only Date is faked (it goes on ticking from there); timers and I/O stay real.
    fakeDateOnly({ now: Date.now() + 120_000, ticking: true });
    const f = await fleet({ keyPrefix: 'test:plan-late:', only: ['gen-wk-001'] });
    expect(f.plan.excluded).toEqual([]);
    const final = await runPlan(f.plan.id, f.deps);
    f.stop();
    expect(final?.state).toBe('completed');
  });
});
