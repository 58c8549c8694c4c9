/**
 * Fleet plan policy: workers in steps of `workerBatchSize` maintained together, and
 * `maxUnavailablePerZone` (`topology.kubernetes.io/zone`) honoured both when the steps are made
 * and before each step runs. A generated cluster (3 control-plane nodes, 6 workers in zones a, b,
 * c) on the simulator, a real Redis.
 */
import { describe, expect, it } from '@jest/globals';
import { analyzeJointImpact } from '../../src/analysis/multi-node/joint-impact.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KNode } from '../../src/cluster/types.js';
import { buildPlanNodes } from '../../src/maintenance/plan/build-plan.js';
import { explainMaintenancePlanCard } from '../../src/maintenance/plan/explain-maintenance-plan.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { runPlan } from '../../src/maintenance/plan/run-plan.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { nodeNamesOf, useGeneratedFleet } from '../helpers/plan-fleet.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';

const CLUSTER = 'gen';
// Zones by node index: cp-1 a, cp-2 b, cp-3 c, wk-001 a, wk-002 b, wk-003 c, wk-004 a, wk-005 b, wk-006 c.
const gen = useGeneratedFleet({
  cluster: CLUSTER,
  tmpPrefix: 'plan-batch-',
  generate: { nodes: 9, pods: 50, controlPlaneNodes: 3, seed: 3 },
});

const WORKERS = ['gen-wk-001', 'gen-wk-002', 'gen-wk-003', 'gen-wk-004', 'gen-wk-005', 'gen-wk-006'];
const zoneOfNode = (name: string): string =>
  (gen.file.items.find((i) => i.kind === 'Node' && (i as KNode).metadata.name === name) as KNode).metadata
    .labels?.['topology.kubernetes.io/zone'] ?? '';
const steps = (nodes: { node: string; batch: number }[]): string[][] => {
  const out = new Map<number, string[]>();
  for (const n of nodes) out.set(n.batch, [...(out.get(n.batch) ?? []), n.node]);
  return [...out.values()];
};

const fleet = gen.fleet;

async function cordon(s: RunningSimulator, node: string, on: boolean): Promise<void> {
  const res = await fetch(`${s.url}/api/v1/nodes/${node}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/merge-patch+json' },
    body: JSON.stringify({ spec: { unschedulable: on ? true : null } }),
  });
  expect(res.status).toBe(200);
}

describe('the plan builder', () => {
  it('puts up to workerBatchSize workers in a step, and with maxUnavailablePerZone 1 never two of one zone', async () => {
    const now = new Date();
    const snapshot = snapshotFromFile(gen.file, CLUSTER, null, () => now, nodeNamesOf(gen.file));
    const free = await buildPlanNodes(snapshot, WORKERS, now, 3);
    const limited = await buildPlanNodes(snapshot, WORKERS, now, 3, 1);
    // without the limit a step holds two nodes of zone a (the limit must change something)
    expect(steps(free.nodes).some((st) => st.filter((n) => zoneOfNode(n) === 'zone-a').length > 1)).toBe(
      true,
    );
    expect(steps(free.nodes).some((st) => st.length === 3)).toBe(true);
    for (const st of steps(limited.nodes)) {
      expect(st.length).toBeLessThanOrEqual(3);
      const zones = st.map(zoneOfNode);
      expect(new Set(zones).size).toBe(zones.length);
    }
    expect(limited.nodes.map((n) => n.node).sort()).toEqual(WORKERS);
    expect(limited.nodes[0]?.why.map((w) => w.key)).toContain('zone-limit');
    expect(limited.nodes[0]?.zone).toBe('zone-a');
  });

  it('counts the nodes of a zone already unavailable: with a cordoned node outside the plan, no worker of its zone joins a step', async () => {
    const now = new Date();
    const cordoned: SnapshotFile = {
      ...gen.file,
      items: gen.file.items.map((i) =>
        i.kind === 'Node' && (i as KNode).metadata.name === 'gen-cp-3'
          ? ({ ...i, spec: { ...(i as KNode).spec, unschedulable: true } } as typeof i)
          : i,
      ),
    };
    const snapshot = snapshotFromFile(cordoned, CLUSTER, null, () => now, nodeNamesOf(cordoned));
    const built = await buildPlanNodes(snapshot, WORKERS, now, 3, 1);
    // zone c already has gen-cp-3 cordoned: its workers (003, 006) never join a step as a second
    // node (a step's first node is kept: it waits at run time while the zone is at its limit)
    const all = steps(built.nodes);
    for (const st of all) expect(st.slice(1).filter((n) => zoneOfNode(n) === 'zone-c')).toEqual([]);
    // without the cordoned node, a zone-c worker does join a step
    const open = await buildPlanNodes(
      snapshotFromFile(gen.file, CLUSTER, null, () => now, nodeNamesOf(gen.file)),
      WORKERS,
      now,
      3,
      1,
    );
    expect(steps(open.nodes).some((st) => st.slice(1).some((n) => zoneOfNode(n) === 'zone-c'))).toBe(true);
  });
});

describe('the plan runner', () => {
  it('maintains the workers of a step together under one step holder, within the zone limit; PDBs kept, every pod evicted once, locks released', async () => {
    const seen: { node: string; holder?: string; kured?: string }[] = [];
    const box: { s?: RunningSimulator } = {};
    const f = await fleet({
      keyPrefix: 'test:batch1:',
      only: WORKERS,
      fleet: { workerBatchSize: 3, settleMs: 300, settleTimeoutMs: 120_000, maxUnavailablePerZone: 1 },
      onAwaitingReboot: async (node) => {
        const lease = box.s?.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as
          { spec?: { holderIdentity?: string } } | undefined;
        const ds = box.s?.getObject('daemonsets', 'kube-system', 'kured') as {
          metadata: { annotations?: Record<string, string> };
        };
        seen.push({
          node,
          ...(lease?.spec?.holderIdentity ? { holder: lease.spec.holderIdentity } : {}),
          ...(ds.metadata.annotations?.['weave.works/kured-node-lock']
            ? { kured: ds.metadata.annotations['weave.works/kured-node-lock'] }
            : {}),
        });
      },
      deps: {
        analyzeJoint: async (nodes) => {
          const now = new Date();
          const j = analyzeJointImpact(
            snapshotFromFile(gen.file, CLUSTER, null, () => now, nodes),
            nodes,
            now,
            {
              action: 'reboot',
            },
          );
          return { verdict: j.verdict, summary: j.verdict };
        },
      },
    });
    box.s = f.s;
    const planned = steps(f.plan.nodes);
    expect(planned.some((st) => st.length > 1)).toBe(true);
    expect(f.plan).toMatchObject({ workerBatchSize: 3, maxUnavailablePerZone: 1 });
    const card = explainMaintenancePlanCard(f.plan, 'en');
    expect(card.sections[0]?.lines).toContain('Workers in steps of up to 3, maintained together.');
    const final = (await runPlan(f.plan.id, f.deps)) as MaintenancePlan;
    f.stop();
    expect(final.state).toBe('completed');
    expect(final.nodes.every((n) => n.state === 'done')).toBe(true);
    // the nodes of a step ran together: each started before any other of its step was maintained
    for (const st of planned) {
      const ns = final.nodes.filter((n) => st.includes(n.node));
      const lastStart = Math.max(...ns.map((n) => Date.parse(n.startedAt ?? '')));
      const firstMaintained = Math.min(...ns.map((n) => Date.parse(n.maintainedAt ?? '')));
      expect(lastStart).toBeLessThanOrEqual(firstMaintained);
      if (st.length > 1)
        expect(new Set(ns.map((n) => n.lockId))).toEqual(new Set([`${f.plan.id}/b${ns[0]?.batch}`]));
    }
    // and the steps one after another: a step starts after the one before it settled
    for (let i = 1; i < planned.length; i += 1) {
      const prev = final.nodes.filter((n) => planned[i - 1]?.includes(n.node));
      const next = final.nodes.filter((n) => planned[i]?.includes(n.node));
      expect(Math.min(...next.map((n) => Date.parse(n.startedAt ?? '')))).toBeGreaterThanOrEqual(
        Math.max(...prev.map((n) => Date.parse(n.settledAt ?? ''))),
      );
    }
    expect(f.maxDown).toBeGreaterThanOrEqual(2); // really together
    for (const [zone, most] of f.maxUnavailableByZone) expect([zone, most]).toEqual([zone, 1]);
    // while a step of several nodes waits for its reboots, the Lease and kured's lock name the step
    for (const x of seen) {
      const n = final.nodes.find((y) => y.node === x.node);
      const holder = n?.lockId ?? n?.requestId;
      expect(x.holder).toBe(holder);
      expect(JSON.parse(x.kured ?? '{}')).toMatchObject({ nodeID: `k8s-ha-bot/${holder ?? ''}` });
    }
    expect(seen.some((x) => x.holder?.includes('/b'))).toBe(true);
    for (const [pod, count] of f.s.evictions) expect([pod, count]).toEqual([pod, 1]);
    expect(
      (
        f.s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as {
          spec?: { holderIdentity?: string };
        }
      ).spec?.holderIdentity,
    ).toBeUndefined();
    expect(
      (
        f.s.getObject('daemonsets', 'kube-system', 'kured') as {
          metadata: { annotations?: Record<string, string> };
        }
      ).metadata.annotations?.['weave.works/kured-node-lock'],
    ).toBeUndefined();
    for (const n of WORKERS)
      expect((f.s.getObject('nodes', null, n) as KNode).spec?.unschedulable).toBeUndefined();
  });

  it('a runner stopped in the middle of a step of several nodes is resumed by another: the step goes on under its holder, no pod evicted twice', async () => {
    const f = await fleet({
      keyPrefix: 'test:batch3:',
      only: ['gen-wk-001', 'gen-wk-002'],
      fleet: { workerBatchSize: 2, settleMs: 300, settleTimeoutMs: 120_000 },
    });
    expect(steps(f.plan.nodes)).toEqual([['gen-wk-001', 'gen-wk-002']]);
    const first = new AbortController();
    const killed = runPlan(f.plan.id, {
      ...f.deps,
      signal: first.signal,
      maintenance: { ...f.deps.maintenance, signal: first.signal },
    }).catch((err: unknown) => err);
    await eventually(
      'a node of the step draining or waiting for its reboot',
      async () => {
        const p = await f.plans.get(f.plan.id);
        const states = await Promise.all(
          (p?.nodes ?? []).map(async (n) =>
            n.requestId ? (await f.requests.get(n.requestId))?.state : undefined,
          ),
        );
        return states.some((st) => st === 'draining' || st === 'awaiting-reboot');
      },
      WAIT_CEILING_MS,
    );
    first.abort(new Error('worker killed'));
    expect(await killed).toBeInstanceOf(Error);
    const mid = (await f.plans.get(f.plan.id)) as MaintenancePlan;
    expect(mid.nodes.every((n) => n.state === 'running' && n.lockId === `${f.plan.id}/b1`)).toBe(true);
    const final = await runPlan(f.plan.id, f.deps);
    f.stop();
    expect(final?.state).toBe('completed');
    expect(final?.nodes.map((n) => n.requestId)).toEqual(mid.nodes.map((n) => n.requestId));
    expect(f.s.evictions.size).toBeGreaterThan(0);
    for (const [pod, count] of f.s.evictions) expect([pod, count]).toEqual([pod, 1]);
    expect(f.reboots.size).toBe(2);
    expect(
      (
        f.s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as {
          spec?: { holderIdentity?: string };
        }
      ).spec?.holderIdentity,
    ).toBeUndefined();
  });

  it('holds a step while its zone already has maxUnavailablePerZone nodes unavailable (a node cordoned outside the plan), and goes on once it is back', async () => {
    const f = await fleet({
      keyPrefix: 'test:batch2:',
      only: ['gen-wk-002'],
      fleet: { workerBatchSize: 1, settleMs: 300, settleTimeoutMs: 120_000, maxUnavailablePerZone: 1 },
    });
    await cordon(f.s, 'gen-wk-005', true); // zone b, not in the plan
    const done = runPlan(f.plan.id, f.deps);
    const p = await eventually(
      'the plan held',
      async () => {
        const x = await f.plans.get(f.plan.id);
        return x?.state === 'held' ? x : undefined;
      },
      60_000,
    ).catch(() => null); // the expectations below say what the plan was
    expect(p?.hold).toMatchObject({ kind: 'zone-limit', detail: 'zone-b: gen-wk-005 + gen-wk-002 > 1' });
    expect(explainMaintenancePlanCard(p as MaintenancePlan, 'en').summary).toBe(
      'Held before gen-wk-002: more nodes of a zone would be unavailable than the policy allows (zone: unavailable + next > limit: zone-b: gen-wk-005 + gen-wk-002 > 1). It goes on by itself once that clears.',
    );
    expect(p?.nodes[0]?.state).toBe('pending');
    expect(f.s.evictionRequests.size).toBe(0);
    await cordon(f.s, 'gen-wk-005', false);
    const final = await done;
    f.stop();
    expect(final?.state).toBe('completed');
  });
});
