/**
 * The maintenance executor (runMaintenance) against the simulator and a real Redis: happy path
 * with a simulated reboot, a drain blocked by a PodDisruptionBudget, the lock between two
 * control-plane maintenances, a cluster that changed since the approval, an already-cordoned node,
 * cancel mid-drain, pods without a controller.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { evictionLedgerKey } from '../../src/maintenance/execute/drain.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { PAYMENTS_1, workerScenario } from '../helpers/maintenance-fixtures.js';
import { eventually } from '../helpers/eventually.js';
import { kubeConfigOf } from '../helpers/simulator.js';
import {
  eventOf,
  eventTypes as types,
  leaseHolder,
  useExecutorHarness,
} from '../helpers/executor-harness.js';

const harness = useExecutorHarness();
const { sim, start, waitForState } = harness;

const node = (s: RunningSimulator, name: string): { spec?: { unschedulable?: boolean } } =>
  s.getObject('nodes', null, name) as { spec?: { unschedulable?: boolean } };

describe('runMaintenance', () => {
  it('happy path: lock, cordon, drain (each pod evicted once, replacements elsewhere), reboot, verify, uncordon, summary', async () => {
    const s = await sim(await workerScenario({ extra: 4 }));
    const run = await start(s, { cluster: 'indus', node: 'indus-wk-1' });
    const waiting = await waitForState(run.request.id, ['awaiting-reboot', 'failed']);
    expect(waiting.state).toBe('awaiting-reboot');
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBe(true);
    expect(leaseHolder(s)).toBe(run.request.id);
    const rebootStarted = Date.now();
    await s.rebootNode('indus-wk-1', { downMs: 600 });
    const final = await run.done;
    const verifiedAfterMs = Date.now() - rebootStarted;

    expect(final.state).toBe('completed');
    const seq = types(run);
    const evictions = seq.filter((t) => t === 'eviction').length;
    expect(evictions).toBe(5);
    const order = seq.filter((t) => t !== 'eviction' && t !== 'drain-progress');
    expect(order).toEqual([
      'execution-started',
      'locked',
      'cordoned',
      'drained',
      'rebooted',
      'verified',
      'uncordoned',
      'lock-released',
      'completed',
    ]);
    expect(seq.indexOf('eviction')).toBeGreaterThan(seq.indexOf('cordoned'));
    expect(seq.lastIndexOf('eviction')).toBeLessThan(seq.indexOf('drained'));
    expect(seq.lastIndexOf('drain-progress')).toBeLessThan(seq.indexOf('drained'));
    expect(eventOf(run, 'drained')).toMatchObject({
      evicted: 5,
      skipped: expect.arrayContaining([
        'kube-system/kube-proxy-4twzd',
        'kube-flannel/kube-flannel-ds-kjq27',
      ]) as unknown,
    });
    const lastProgress = run.notifier.events.filter((e) => e.event.type === 'drain-progress').pop()?.event;
    expect(lastProgress).toEqual({ type: 'drain-progress', evicted: 5, total: 5, waitingOn: [] });
    expect(eventOf(run, 'cordoned')).toEqual({ type: 'cordoned', wasCordoned: false });

    // each evictable pod exactly once; DaemonSet pods never
    expect([...s.evictions.entries()].sort()).toEqual(
      [`payments/${PAYMENTS_1}`, ...[0, 1, 2, 3].map((i) => `shop/web-6d4cf56db6-p${i}`)]
        .sort()
        .map((k) => [k, 1]),
    );
    // replacements run on other nodes
    const pods = (await (await fetch(`${s.url}/api/v1/namespaces/shop/pods`)).json()) as {
      items: { spec: { nodeName?: string }; status: { phase: string } }[];
    };
    expect(pods.items).toHaveLength(4);
    for (const p of pods.items) {
      expect(p.spec.nodeName).not.toBe('indus-wk-1');
      expect(p.status.phase).toBe('Running');
    }
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBeUndefined();
    expect(leaseHolder(s)).toBeUndefined();
    const completed = eventOf(run, 'completed');
    expect(completed?.totalMs).toBeGreaterThan(0);
    expect(completed?.drainMs).toBeGreaterThanOrEqual(0);
    // From the reboot the executor saw (its poll may see it late, on a busy machine by more than
    // the 600 ms the node is down) to the verify: measured, and within the wait.
    expect(completed?.downtimeMs).toBeGreaterThan(0);
    expect(completed?.downtimeMs).toBeLessThan(verifiedAfterMs + 1000);
    expect(final.progress).toMatchObject({ wasCordoned: false, cordonedByBot: true, podsEvicted: 5 });
    expect(final.progress.bootIdAfter).not.toBe(final.progress.bootIdBefore);
    expect(await harness.redis.scard(evictionLedgerKey(run.request.id))).toBe(5);
  });

  it('a drain blocked by a PodDisruptionBudget stops at the timeout naming the budget and the pod; the node stays cordoned; the lock is released', async () => {
    const s = await sim(await workerScenario({ strictPdb: true }));
    const run = await start(s, {
      cluster: 'indus',
      node: 'indus-wk-1',
      policy: { drain: { timeoutMs: 2000, parallelism: 2, evictionBackoffMs: 100, progressIntervalMs: 500 } },
    });
    const final = await run.done;
    expect(final.state).toBe('failed');
    expect(final.stateReason).toBe('drain-timeout');
    const failed = eventOf(run, 'failed');
    expect(failed).toMatchObject({ reason: 'drain-timeout', nodeCordoned: true });
    expect(failed?.blockers).toEqual([
      { pod: `payments/${PAYMENTS_1}`, budget: 'payments/payments-pdb', detail: 'disruptionsAllowed is 0' },
    ]);
    expect(failed?.detail).toContain('payments-pdb');
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBe(true);
    expect(leaseHolder(s)).toBeUndefined();
    expect(types(run)).toContain('lock-released');
    // retried with backoff, never evicted
    expect(s.evictions.size).toBe(0);
    expect(s.evictionRequests.get(`payments/${PAYMENTS_1}`)).toBeGreaterThanOrEqual(3);
    const progress = run.notifier.events.filter((e) => e.event.type === 'drain-progress').map((e) => e.event);
    expect(progress.length).toBeGreaterThanOrEqual(1);
    expect(progress[0]).toMatchObject({
      evicted: 0,
      total: 1,
      waitingOn: [{ budget: 'payments/payments-pdb' }],
    });
  });

  it('two control-plane maintenances: the second cannot take the lock while the first runs; cancel then uncordons and releases', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json');
    const first = await start(s, {
      cluster: 'atlas',
      node: 'atlas-cp-2',
      nodeRole: 'control-plane',
      policy: { reboot: { timeoutMs: 60_000 } },
    });
    await waitForState(first.request.id, ['awaiting-reboot']);
    const second = await start(s, { cluster: 'atlas', node: 'atlas-cp-3', nodeRole: 'control-plane' });
    const r2 = await second.done;
    expect(r2.state).toBe('failed');
    expect(r2.stateReason).toBe('lock-held');
    expect(eventOf(second, 'failed')?.detail).toContain(first.request.id);
    expect(eventOf(second, 'failed')?.nodeCordoned).toBe(false);
    expect(node(s, 'atlas-cp-3').spec?.unschedulable).toBeUndefined();
    expect(leaseHolder(s)).toBe(first.request.id); // untouched by the loser

    await harness.store.transition(first.request.id, ['awaiting-reboot'], 'cancelling');
    const r1 = await first.done;
    expect(r1.state).toBe('cancelled');
    expect(eventOf(first, 'cancelled')).toMatchObject({ nodeCordoned: false, podsEvicted: 1 });
    expect(node(s, 'atlas-cp-2').spec?.unschedulable).toBeUndefined();
    expect(leaseHolder(s)).toBeUndefined();
  });

  it('stops with the reason when another control-plane node went NotReady after the approval; nothing is touched', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json');
    void s.rebootNode('atlas-cp-1', { downMs: 120_000 });
    const run = await start(s, { cluster: 'atlas', node: 'atlas-cp-2', nodeRole: 'control-plane' });
    const final = await run.done;
    expect(final.state).toBe('failed');
    expect(final.stateReason).toBe('other-control-plane-not-ready');
    expect(eventOf(run, 'failed')?.detail).toContain('atlas-cp-1');
    expect(node(s, 'atlas-cp-2').spec?.unschedulable).toBeUndefined();
    expect(s.evictionRequests.size).toBe(0);
    expect(leaseHolder(s)).toBeUndefined();
  });

  it('stops when the re-run analysis is now unsafe (not forced)', async () => {
    const s = await sim(await workerScenario());
    const run = await start(s, { cluster: 'indus', node: 'indus-wk-1', verdict: 'unsafe' });
    const final = await run.done;
    expect(final.stateReason).toBe('verdict-unsafe');
    expect(eventOf(run, 'failed')?.detail).toBe('etcd would lose quorum');
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBeUndefined();
  });

  it('refuses pods without a controller unless forced, before cordoning', async () => {
    const s = await sim(await workerScenario({ bare: 1 }));
    const run = await start(s, { cluster: 'indus', node: 'indus-wk-1' });
    const final = await run.done;
    expect(final.stateReason).toBe('unmanaged-pods');
    expect(eventOf(run, 'failed')?.detail).toContain('shop/debug-0');
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBeUndefined();
  });

  it('leaves an already-cordoned node cordoned at the end', async () => {
    const s = await sim(await workerScenario({ extra: 1 }));
    const patch = await fetch(`${s.url}/api/v1/nodes/indus-wk-1`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
      body: JSON.stringify({ spec: { unschedulable: true } }),
    });
    expect(patch.status).toBe(200);
    const run = await start(s, { cluster: 'indus', node: 'indus-wk-1' });
    await waitForState(run.request.id, ['awaiting-reboot']);
    await s.rebootNode('indus-wk-1', { downMs: 200 });
    const final = await run.done;
    expect(final.state).toBe('completed');
    expect(eventOf(run, 'cordoned')).toEqual({ type: 'cordoned', wasCordoned: true });
    expect(types(run)).not.toContain('uncordoned');
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBe(true);
    expect(final.progress.cordonedByBot).toBe(false);
  });

  it("a cordon someone else made: the answer names who, the bot leaves it (and its owner) in place; the bot's own cordon is named as the bot's", async () => {
    const s = await sim(await workerScenario({ extra: 1 }));
    const priorCordon = async () => {
      const snap = await readSnapshot({
        kubeConfig: kubeConfigOf(s),
        cluster: 'indus',
        focusNode: 'indus-wk-1',
        requestTimeoutMs: 2000,
        deadlineMs: 5000,
      });
      return analyzeRebootImpact(snap, 'indus-wk-1', snap.capturedAt).findings.find(
        (f) => f.check === 'prior-cordon',
      );
    };
    const cordonOwners = (): string[] =>
      (
        (
          s.getObject('nodes', null, 'indus-wk-1') as {
            metadata: { managedFields?: { manager?: string; fieldsV1?: { 'f:spec'?: object } }[] };
          }
        ).metadata.managedFields ?? []
      )
        .filter((e) => e.fieldsV1?.['f:spec'] !== undefined && 'f:unschedulable' in e.fieldsV1['f:spec'])
        .map((e) => e.manager ?? '');

    // The bot's own cordon, mid-maintenance: said to be the bot's (info), not someone else's.
    const own = await start(s, { cluster: 'indus', node: 'indus-wk-1' });
    await waitForState(own.request.id, ['awaiting-reboot']);
    expect(cordonOwners()).toEqual(['k8s-ha-bot']);
    expect(await priorCordon()).toMatchObject({ severity: 'info', variant: 'by-bot' });
    await s.rebootNode('indus-wk-1', { downMs: 200 });
    expect((await own.done).state).toBe('completed');
    expect(cordonOwners()).toEqual([]);
    expect(await priorCordon()).toBeUndefined();

    // Someone cordons it with kubectl: the answer names them; the maintenance leaves it cordoned.
    const patch = await fetch(`${s.url}/api/v1/nodes/indus-wk-1?fieldManager=kubectl-cordon`, {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
      body: JSON.stringify({ spec: { unschedulable: true } }),
    });
    expect(patch.status).toBe(200);
    expect(await priorCordon()).toMatchObject({
      severity: 'warn',
      variant: 'by-other',
      facts: { by: 'kubectl-cordon' },
    });
    const run = await start(s, { cluster: 'indus', node: 'indus-wk-1' });
    await waitForState(run.request.id, ['awaiting-reboot']);
    await s.rebootNode('indus-wk-1', { downMs: 200 });
    const final = await run.done;
    expect(final.state).toBe('completed');
    expect(types(run)).not.toContain('uncordoned');
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBe(true);
    expect(cordonOwners()).toEqual(['kubectl-cordon']);
  });

  it('cancel mid-drain: stops evicting, uncordons, releases the lock, says how many pods were evicted', async () => {
    const s = await sim(await workerScenario({ extra: 6 }));
    s.setFaults({ delayMs: { 'pods/eviction': 300 } });
    const run = await start(s, {
      cluster: 'indus',
      node: 'indus-wk-1',
      policy: {
        drain: { timeoutMs: 30_000, parallelism: 1, evictionBackoffMs: 100, progressIntervalMs: 500 },
      },
    });
    await eventually('two evictions', () => s.evictions.size >= 2);
    const cancelling = await harness.store.transition(run.request.id, ['draining'], 'cancelling');
    expect(cancelling?.state).toBe('cancelling');
    const final = await run.done;
    expect(final.state).toBe('cancelled');
    const evicted = s.evictions.size;
    expect(evicted).toBeGreaterThanOrEqual(2);
    expect(evicted).toBeLessThan(7);
    expect(eventOf(run, 'cancelled')).toMatchObject({ nodeCordoned: false, podsEvicted: evicted });
    expect(node(s, 'indus-wk-1').spec?.unschedulable).toBeUndefined();
    expect(leaseHolder(s)).toBeUndefined();
    // The drain runs one eviction at a time (300 ms each here): half a second more would show another.
    await delay(500);
    expect(s.evictions.size).toBe(evicted); // nothing more after the cancel
  });

  it('is forbidden with the RBAC hint when the API answers 403 to evictions', async () => {
    const s = await sim(await workerScenario());
    s.setFaults({ forbidden: ['pods/eviction'] });
    const run = await start(s, { cluster: 'indus', node: 'indus-wk-1' });
    const final = await run.done;
    expect(final.stateReason).toBe('forbidden');
    expect(eventOf(run, 'failed')?.detail).toBe(
      "the bot's ServiceAccount needs the maintenance role (patch nodes, create pods/eviction, leases in k8s-ha-bot)",
    );
  });
});
