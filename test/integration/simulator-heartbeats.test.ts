/**
 * The simulator's "live components" (src/simulator/heartbeats.ts): with heartbeats on, what was
 * alive at load stays alive as the clock moves on; what was stale stays stale; a rebooting node's
 * Lease pauses; Leases written by clients are left alone; renewals bump resourceVersion.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { createAnswerService } from '../../src/answer/answer.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { analyzeHaStatus } from '../../src/analysis/ha-status.js';
import { loadConfig } from '../../src/config/load-config.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { eventually } from '../helpers/eventually.js';

const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');
const S01 = join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json');
const S02 = join(SCENARIOS, '02-3cp-one-etcd-member-down.json');

/** A clock that runs with real time and can be moved forward. */
function movableClock(): { now: () => Date; advance: (ms: number) => void } {
  let offset = 0;
  return { now: () => new Date(Date.now() + offset), advance: (ms) => void (offset += ms) };
}

/**
 * Wait until a heartbeat ran after the clock moved: the given Lease was renewed to within 5 s of
 * the clock (the positive signal that every Lease had its turn, so one that did not move never will).
 */
async function renewedAfterMove(
  sim: RunningSimulator,
  ns: string,
  name: string,
  now: () => Date,
): Promise<void> {
  await eventually(
    `Lease ${ns}/${name} renewed after the clock moved`,
    () => Math.abs(now().getTime() - Date.parse(renewTime(sim, ns, name) ?? '')) < 5_000,
  );
}

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function start(
  file: string,
  heartbeats: boolean | { intervalMs: number },
  now: () => Date,
): Promise<RunningSimulator> {
  const sim = await startSimulator({ file, now, heartbeats });
  cleanups.push(() => sim.close());
  return sim;
}

async function health(sim: RunningSimulator, now: () => Date): Promise<string> {
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromString(sim.kubeconfig);
  const snapshot = await readSnapshot({ kubeConfig, cluster: 't', focusNode: null, now });
  return analyzeHaStatus(snapshot, now()).health;
}

function renewTime(sim: RunningSimulator, ns: string, name: string): string | undefined {
  return (sim.getObject('leases', ns, name)?.spec as { renewTime?: string } | undefined)?.renewTime;
}

function resourceVersion(sim: RunningSimulator, plural: string, ns: string | null, name: string): number {
  return Number(sim.getObject(plural, ns, name)?.metadata.resourceVersion);
}

function heartbeat(sim: RunningSimulator, node: string): string | undefined {
  const conds = (
    sim.getObject('nodes', null, node)?.status as
      { conditions?: { type: string; lastHeartbeatTime?: string; status: string }[] } | undefined
  )?.conditions;
  return conds?.find((c) => c.type === 'Ready')?.lastHeartbeatTime;
}

/** Scenario 01 plus kube-node-lease Leases (fresh at capture), written to a temp file. */
function scenarioWithNodeLeases(): string {
  const doc = JSON.parse(readFileSync(S01, 'utf8')) as {
    captured_at: string;
    cluster: { items: Record<string, unknown>[] };
  };
  const captured = Date.parse(doc.captured_at);
  const nodes = doc.cluster.items
    .filter((i) => i.kind === 'Node')
    .map((i) => (i.metadata as { name: string }).name);
  for (const [i, name] of nodes.entries()) {
    doc.cluster.items.push({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name, namespace: 'kube-node-lease', resourceVersion: String(900000 + i) },
      // atlas-wk-2's kubelet stopped 2 minutes before capture: its Lease is stale and must stay so
      spec: {
        holderIdentity: name,
        leaseDurationSeconds: 40,
        renewTime: new Date(captured - (name === 'atlas-wk-2' ? 120_000 : 3_000))
          .toISOString()
          .replace('Z', '000Z'),
      },
    });
  }
  const dir = mkdtempSync(join(tmpdir(), 'hb-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  const path = join(dir, 'with-node-leases.json');
  writeFileSync(path, JSON.stringify(doc));
  return path;
}

describe('simulator heartbeats', () => {
  it('control: without heartbeats, scenario 01 turns critical 80 s later', async () => {
    const clock = movableClock();
    const sim = await start(S01, false, clock.now);
    expect(await health(sim, clock.now)).toBe('healthy');
    clock.advance(80_000);
    expect(await health(sim, clock.now)).toBe('critical');
  });

  it('with heartbeats, scenario 01 stays healthy as the clock moves 80 s, then 10 min', async () => {
    const clock = movableClock();
    const sim = await start(S01, { intervalMs: 50 }, clock.now);
    expect(await health(sim, clock.now)).toBe('healthy');
    const rv0 = resourceVersion(sim, 'leases', 'kube-system', 'kube-scheduler');
    for (const step of [80_000, 600_000]) {
      clock.advance(step);
      await renewedAfterMove(sim, 'kube-system', 'kube-controller-manager', clock.now);
      expect(await health(sim, clock.now)).toBe('healthy');
    }
    const renewed = Date.parse(renewTime(sim, 'kube-system', 'kube-scheduler') ?? '');
    expect(Math.abs(clock.now().getTime() - renewed)).toBeLessThan(5_000);
    expect(resourceVersion(sim, 'leases', 'kube-system', 'kube-scheduler')).toBeGreaterThan(rv0);
    expect(Date.parse(heartbeat(sim, 'atlas-cp-1') ?? '')).toBeGreaterThan(clock.now().getTime() - 5_000);
  });

  it('a read after the timer was held up (a busy event loop) is served what would have been renewed meanwhile', async () => {
    const clock = movableClock();
    // the default 2 s timer: moving the clock 20 s at once is a process whose timer did not fire for 20 s
    const sim = await start(S01, true, clock.now);
    expect(await health(sim, clock.now)).toBe('healthy');
    clock.advance(20_000);
    expect(await health(sim, clock.now)).toBe('healthy');
    expect(Date.parse(renewTime(sim, 'kube-system', 'kube-scheduler') ?? '')).toBeGreaterThan(
      clock.now().getTime() - 5_000,
    );
  });

  it('through the real answer path: the demo cluster says healthy before and after 80 s', async () => {
    const clock = movableClock();
    const config = await loadConfig({ env: {} });
    const service = createAnswerService({ config, now: clock.now, simulatorHeartbeatMs: 50 });
    cleanups.push(() => service.close());
    const job = (id: string): AnswerJob => ({
      requestId: id,
      text: 'status',
      cluster: config.defaultCluster ?? 'demo',
      locale: 'en',
      user: { platform: 'console', id: 't' },
      replyTo: { platform: 'console', address: {} },
      enqueuedAt: clock.now().toISOString(),
    });
    expect((await service.answer(job('hb-1'))).health).toBe('healthy');
    clock.advance(80_000);
    // No handle on the service's simulator here: ask until a heartbeat has caught up with the clock.
    // A simulator without heartbeats says critical for good (first test), so this still fails then.
    await eventually(
      'healthy again after the clock moved',
      async () => (await service.answer(job('hb-2'))).health === 'healthy',
      60_000,
    );
    expect((await service.answer(job('hb-3'))).health).toBe('healthy');
  });

  it('scenario 02: the stale apiserver Lease and the Unknown node stay as they were', async () => {
    const clock = movableClock();
    const sim = await start(S02, { intervalMs: 50 }, clock.now);
    const before = await health(sim, clock.now);
    expect(before).not.toBe('healthy');
    const staleLease = renewTime(sim, 'kube-system', 'apiserver-g7enkcij72gqe7vejf5q7k4nou');
    const staleRv = resourceVersion(sim, 'leases', 'kube-system', 'apiserver-g7enkcij72gqe7vejf5q7k4nou');
    const deadHeartbeat = heartbeat(sim, 'borealis-cp-1');
    const freshLease = renewTime(sim, 'kube-system', 'apiserver-ddwn4ywpe3mxg2gmsxwd4ectmu');
    clock.advance(80_000);
    await renewedAfterMove(sim, 'kube-system', 'apiserver-ddwn4ywpe3mxg2gmsxwd4ectmu', clock.now);
    expect(renewTime(sim, 'kube-system', 'apiserver-g7enkcij72gqe7vejf5q7k4nou')).toBe(staleLease);
    expect(resourceVersion(sim, 'leases', 'kube-system', 'apiserver-g7enkcij72gqe7vejf5q7k4nou')).toBe(
      staleRv,
    );
    expect(heartbeat(sim, 'borealis-cp-1')).toBe(deadHeartbeat);
    expect(renewTime(sim, 'kube-system', 'apiserver-ddwn4ywpe3mxg2gmsxwd4ectmu')).not.toBe(freshLease);
    expect(await health(sim, clock.now)).toBe(before);
  });

  it('a stale node Lease stays stale; a rebooting node pauses its Lease and heartbeat, then resumes', async () => {
    const clock = movableClock();
    const sim = await start(scenarioWithNodeLeases(), { intervalMs: 30 }, clock.now);
    const staleWk2 = renewTime(sim, 'kube-node-lease', 'atlas-wk-2');
    const rebooted = sim.rebootNode('atlas-wk-1', { downMs: 1500 });
    const downLease = renewTime(sim, 'kube-node-lease', 'atlas-wk-1');
    const downHeartbeat = heartbeat(sim, 'atlas-wk-1');
    clock.advance(30_000);
    await renewedAfterMove(sim, 'kube-node-lease', 'atlas-cp-1', clock.now);
    // down: neither its Lease nor its heartbeat moved, while another node's did
    expect(renewTime(sim, 'kube-node-lease', 'atlas-wk-1')).toBe(downLease);
    expect(heartbeat(sim, 'atlas-wk-1')).toBe(downHeartbeat);
    expect(Date.parse(renewTime(sim, 'kube-node-lease', 'atlas-cp-1') ?? '')).toBeGreaterThan(
      clock.now().getTime() - 5_000,
    );
    await rebooted;
    clock.advance(30_000);
    await renewedAfterMove(sim, 'kube-node-lease', 'atlas-cp-1', clock.now);
    await renewedAfterMove(sim, 'kube-node-lease', 'atlas-wk-1', clock.now);
    // back: renewed again (the simulator took its Lease back after the reboot rewrote it)
    expect(Date.parse(renewTime(sim, 'kube-node-lease', 'atlas-wk-1') ?? '')).toBeGreaterThan(
      clock.now().getTime() - 5_000,
    );
    expect(Date.parse(heartbeat(sim, 'atlas-wk-1') ?? '')).toBeGreaterThan(clock.now().getTime() - 5_000);
    expect(renewTime(sim, 'kube-node-lease', 'atlas-wk-2')).toBe(staleWk2);
  });

  it("renews at the owners' cadences: leader Leases every tick, node Leases every 10 s, node status every 5 min", async () => {
    const clock = movableClock();
    const sim = await start(scenarioWithNodeLeases(), { intervalMs: 30 }, clock.now);
    clock.advance(15_000);
    await renewedAfterMove(sim, 'kube-node-lease', 'atlas-wk-1', clock.now);
    const nodeLeaseRv = resourceVersion(sim, 'leases', 'kube-node-lease', 'atlas-wk-1');
    const nodeRv = resourceVersion(sim, 'nodes', null, 'atlas-wk-1');
    const leaderRv = resourceVersion(sim, 'leases', 'kube-system', 'kube-scheduler');
    // 5 s later: the leader Lease is renewed again, the node Lease (renewed 5 s ago) is not due yet
    clock.advance(5_000);
    await renewedAfterMove(sim, 'kube-system', 'kube-scheduler', clock.now);
    await eventually(
      'the leader Lease renewed again',
      () => resourceVersion(sim, 'leases', 'kube-system', 'kube-scheduler') > leaderRv,
    );
    expect(resourceVersion(sim, 'leases', 'kube-node-lease', 'atlas-wk-1')).toBe(nodeLeaseRv);
    // 6 s more (11 s since): the node Lease is due
    clock.advance(6_000);
    await renewedAfterMove(sim, 'kube-node-lease', 'atlas-wk-1', clock.now);
    expect(resourceVersion(sim, 'leases', 'kube-node-lease', 'atlas-wk-1')).toBeGreaterThan(nodeLeaseRv);
    // the node's status (posted 2 min before capture) is posted again only when unchanged for 5 min
    expect(resourceVersion(sim, 'nodes', null, 'atlas-wk-1')).toBe(nodeRv);
    clock.advance(300_000);
    await renewedAfterMove(sim, 'kube-node-lease', 'atlas-wk-1', clock.now);
    expect(Date.parse(heartbeat(sim, 'atlas-wk-1') ?? '')).toBeGreaterThan(clock.now().getTime() - 5_000);
  });

  it('Leases written by clients are not renewed; a PUT with an old resourceVersion gets 409', async () => {
    const clock = movableClock();
    const sim = await start(S01, { intervalMs: 30 }, clock.now);
    const leaseUrl = (ns: string, name = ''): string =>
      `${sim.url}/apis/coordination.k8s.io/v1/namespaces/${ns}/leases${name ? `/${name}` : ''}`;
    const json = { 'Content-Type': 'application/json' };

    // stale read: the simulator renews in between, so the PUT conflicts, as on a live cluster
    const old = (await (await fetch(leaseUrl('kube-system', 'kube-controller-manager'))).json()) as {
      spec: Record<string, unknown>;
    };
    const renewedBefore = resourceVersion(sim, 'leases', 'kube-system', 'kube-controller-manager');
    clock.advance(1_000);
    await eventually(
      'the simulator renewed the Lease after the read',
      () => resourceVersion(sim, 'leases', 'kube-system', 'kube-controller-manager') > renewedBefore,
    );
    const conflict = await fetch(leaseUrl('kube-system', 'kube-controller-manager'), {
      method: 'PUT',
      headers: json,
      body: JSON.stringify(old),
    });
    expect(conflict.status).toBe(409);

    // a client takes over the scheduler's leader Lease: from then on it is the client's
    // (read-modify-write retried on 409, as a real client does: the simulator renews every 30 ms)
    const takenAt = clock.now().toISOString().replace('Z', '000Z');
    const statuses: number[] = [];
    while (statuses.at(-1) !== 200 && statuses.length < 50) {
      const current = (await (await fetch(leaseUrl('kube-system', 'kube-scheduler'))).json()) as {
        metadata: object;
        spec: Record<string, unknown>;
      };
      current.spec = { ...current.spec, holderIdentity: 'test-taker', renewTime: takenAt };
      statuses.push(
        (
          await fetch(leaseUrl('kube-system', 'kube-scheduler'), {
            method: 'PUT',
            headers: json,
            body: JSON.stringify(current),
          })
        ).status,
      );
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    // the bot's maintenance Lease in its own namespace
    const created = await fetch(leaseUrl('k8s-ha-bot'), {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: { name: 'maintenance', namespace: 'k8s-ha-bot' },
        spec: { holderIdentity: 'bot', leaseDurationSeconds: 600, renewTime: takenAt },
      }),
    });
    expect(created.status).toBe(201);
    const rvTaken = resourceVersion(sim, 'leases', 'kube-system', 'kube-scheduler');
    const rvBot = resourceVersion(sim, 'leases', 'k8s-ha-bot', 'maintenance');
    const kcmBefore = renewTime(sim, 'kube-system', 'kube-controller-manager');
    clock.advance(60_000);
    await renewedAfterMove(sim, 'kube-system', 'kube-controller-manager', clock.now);
    expect(renewTime(sim, 'kube-system', 'kube-scheduler')).toBe(takenAt);
    expect(resourceVersion(sim, 'leases', 'kube-system', 'kube-scheduler')).toBe(rvTaken);
    expect(renewTime(sim, 'k8s-ha-bot', 'maintenance')).toBe(takenAt);
    expect(resourceVersion(sim, 'leases', 'k8s-ha-bot', 'maintenance')).toBe(rvBot);
    expect(renewTime(sim, 'kube-system', 'kube-controller-manager')).not.toBe(kcmBefore);
  });
});
