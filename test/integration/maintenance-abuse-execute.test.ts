/**
 * Abuse of the maintenance executor with the simulator and a real Redis: the lock Lease
 * taken over by someone else mid-run, a budget whose disruptionsAllowed flips between 0 and 1, a
 * pod whose eviction is accepted but that never goes away, and the node deleted while waiting
 * for its reboot. Behaviour the simulator does not model is made by a proxy in front of it.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { describe, expect, it } from '@jest/globals';
import type { ClusterMaintenancePolicy } from '../../src/maintenance/types.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { startKubeProxy } from '../helpers/abuse-kube-proxy.js';
import type { KubeProxy } from '../helpers/abuse-kube-proxy.js';
import { PAYMENTS_1, workerScenario } from '../helpers/maintenance-fixtures.js';
import {
  eventOf,
  eventTypes as types,
  leaseHolder,
  useExecutorHarness,
} from '../helpers/executor-harness.js';
import type { ExecutorRun } from '../helpers/executor-harness.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

const harness = useExecutorHarness();
const { sim, waitForState } = harness;

const LEASE_PATH = '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases/k8s-ha-bot-maintenance';

/** A maintenance of indus-wk-1 (a worker), through `proxy` when given. */
const start = (
  s: RunningSimulator,
  o: { policy?: Partial<ClusterMaintenancePolicy>; proxy?: KubeProxy } = {},
): Promise<ExecutorRun> =>
  harness.start(s, {
    cluster: 'indus',
    node: 'indus-wk-1',
    policy: o.policy,
    kubeConfig: o.proxy?.kubeConfig(),
  });

const unschedulable = (s: RunningSimulator): boolean | undefined =>
  (s.getObject('nodes', null, 'indus-wk-1') as { spec?: { unschedulable?: boolean } }).spec?.unschedulable;

/** Someone else (another tool, a person with kubectl) writes the maintenance Lease. */
async function tamperLease(s: RunningSimulator, holder: string): Promise<void> {
  const lease = (await (await fetch(`${s.url}${LEASE_PATH}`)).json()) as { spec: Record<string, unknown> };
  lease.spec.holderIdentity = holder;
  lease.spec.renewTime = `${new Date().toISOString().slice(0, 23)}000Z`;
  lease.spec.leaseDurationSeconds = 3600;
  const res = await fetch(`${s.url}${LEASE_PATH}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(lease),
  });
  expect(res.status).toBe(200);
}

describe('the lock Lease taken by someone else mid-run', () => {
  it("during a blocked drain: the run stops with lock-held, stops evicting, keeps the node cordoned and leaves the other holder's Lease alone", async () => {
    const s = await sim(await workerScenario({ strictPdb: true }));
    const run = await start(s, {
      policy: {
        drain: { timeoutMs: 60_000, parallelism: 2, evictionBackoffMs: 100, progressIntervalMs: 500 },
      },
    });
    await waitForState(run.request.id, ['draining']);
    expect(leaseHolder(s)).toBe(run.request.id);
    await tamperLease(s, 'kubectl-operator');
    // renewed every third of the 6 s TTL: seen at the next renewal, long before the 60 s drain timeout
    const final = await run.done;
    expect({ state: final.state, reason: final.stateReason }).toEqual({
      state: 'failed',
      reason: 'lock-held',
    });
    expect(eventOf(run, 'failed')).toMatchObject({ reason: 'lock-held', nodeCordoned: true });
    expect(leaseHolder(s)).toBe('kubectl-operator');
    expect(types(run)).not.toContain('lock-released');
    expect(unschedulable(s)).toBe(true);
    const attempts = s.evictionRequests.get(`payments/${PAYMENTS_1}`) ?? 0;
    // No signal tells that every eviction lane has stopped: 8 of their 100 ms backoffs must pass quietly.
    await delay(800);
    expect(s.evictionRequests.get(`payments/${PAYMENTS_1}`) ?? 0).toBe(attempts);
  });

  it('while waiting for the reboot: stops with lock-held and does not uncordon after a later reboot', async () => {
    const s = await sim(await workerScenario({ extra: 1 }));
    const run = await start(s);
    await waitForState(run.request.id, ['awaiting-reboot', 'failed']);
    await tamperLease(s, 'other-bot');
    const final = await run.done;
    expect({ state: final.state, reason: final.stateReason }).toEqual({
      state: 'failed',
      reason: 'lock-held',
    });
    await s.rebootNode('indus-wk-1', { downMs: 300 });
    // The run has ended: nothing is left to uncordon after the reboot (given time to do it wrongly).
    await delay(500);
    expect(unschedulable(s)).toBe(true);
    expect(leaseHolder(s)).toBe('other-bot');
  });
});

describe('the lock Lease taken before the uncordon (long TTL: no renewal notices it first)', () => {
  it('the node reboots after someone else took the Lease: no uncordon, failed with lock-held', async () => {
    const s = await sim(await workerScenario({ extra: 1 }));
    const run = await start(s, {
      policy: {
        lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 60 },
      },
    });
    await waitForState(run.request.id, ['awaiting-reboot', 'failed']);
    await tamperLease(s, 'other-bot');
    await s.rebootNode('indus-wk-1', { downMs: 200 });
    const final = await run.done;
    expect({ state: final.state, reason: final.stateReason }).toEqual({
      state: 'failed',
      reason: 'lock-held',
    });
    expect(types(run)).not.toContain('uncordoned');
    expect(unschedulable(s)).toBe(true);
    expect(leaseHolder(s)).toBe('other-bot');
  });
});

describe('the lock Lease cannot be renewed for longer than its TTL while draining', () => {
  it('the drain stops (it may have expired and been taken) instead of evicting on without a lock', async () => {
    const s = await sim(await workerScenario({ strictPdb: true }));
    const proxy = await startKubeProxy(s.url);
    harness.closeAfterTest(proxy);
    const run = await start(s, {
      proxy,
      policy: {
        drain: { timeoutMs: 60_000, parallelism: 2, evictionBackoffMs: 100, progressIntervalMs: 500 },
      },
    });
    await waitForState(run.request.id, ['draining']);
    let leaseDown = true;
    proxy.setHook((r) =>
      leaseDown && r.path.includes('/leases/k8s-ha-bot-maintenance')
        ? {
            status: 503,
            body: {
              kind: 'Status',
              apiVersion: 'v1',
              status: 'Failure',
              reason: 'ServiceUnavailable',
              code: 503,
              message: 'unavailable',
            },
          }
        : undefined,
    );
    const t0 = Date.now();
    const final = await run.done;
    leaseDown = false;
    // The TTL is 6 s and the Lease is renewed every 2 s, so our last write before the outage is at
    // most ~2 s old: the drain goes on while the Lease is fresh (at least ~4 s), and stops once it is not.
    expect(Date.now() - t0).toBeGreaterThanOrEqual(3800);
    expect(final.state).toBe('failed');
    expect(['api-error', 'lock-held']).toContain(final.stateReason);
    const attempts = s.evictionRequests.get(`payments/${PAYMENTS_1}`) ?? 0;
    // No signal tells that every eviction lane has stopped: 8 of their 100 ms backoffs must pass quietly.
    await delay(800);
    expect(s.evictionRequests.get(`payments/${PAYMENTS_1}`) ?? 0).toBe(attempts);
  });
});

describe('flaky or stuck evictions', () => {
  it('a budget flipping between 0 and 1 allowed disruptions: retried with backoff, each pod evicted exactly once, the drain completes', async () => {
    const s = await sim(await workerScenario({ extra: 3 }));
    const proxy = await startKubeProxy(s.url);
    harness.closeAfterTest(proxy);
    let answered429 = 0;
    let flip = false;
    proxy.setHook((r) => {
      if (r.method !== 'POST' || !r.path.endsWith('/eviction')) return undefined;
      flip = !flip;
      if (!flip || answered429 >= 6) return undefined;
      answered429 += 1;
      return {
        status: 429,
        body: {
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'TooManyRequests',
          code: 429,
          message: "Cannot evict pod as it would violate the pod's disruption budget.",
          details: {
            causes: [
              {
                reason: 'DisruptionBudget',
                message: 'The disruption budget payments-pdb needs 1 healthy pods and has 1 currently',
              },
            ],
          },
        },
      };
    });
    const run = await start(s, {
      proxy,
      policy: {
        drain: { timeoutMs: 20_000, parallelism: 2, evictionBackoffMs: 100, progressIntervalMs: 200 },
      },
    });
    await waitForState(run.request.id, ['awaiting-reboot', 'failed'], WAIT_CEILING_MS);
    expect(answered429).toBeGreaterThan(0);
    expect((await harness.store.get(run.request.id))?.state).toBe('awaiting-reboot');
    expect([...s.evictions.values()].every((v) => v === 1)).toBe(true);
    expect(s.evictions.size).toBe(4);
    expect(types(run).filter((t) => t === 'eviction')).toHaveLength(4);
    await s.rebootNode('indus-wk-1', { downMs: 300 });
    expect((await run.done).state).toBe('completed');
  });

  it('a pod whose eviction is accepted but that never goes away: drain-timeout naming it as still terminating, node cordoned, lock released', async () => {
    const s = await sim(await workerScenario({ extra: 2 }));
    const proxy = await startKubeProxy(s.url);
    harness.closeAfterTest(proxy);
    const stuck = 'web-6d4cf56db6-p1';
    proxy.setHook((r) =>
      r.method === 'POST' && r.path.endsWith(`/pods/${stuck}/eviction`)
        ? { status: 201, body: { kind: 'Status', apiVersion: 'v1', status: 'Success', code: 201 } }
        : undefined,
    );
    const run = await start(s, {
      proxy,
      policy: { drain: { timeoutMs: 3000, parallelism: 2, evictionBackoffMs: 100, progressIntervalMs: 500 } },
    });
    const final = await run.done;
    expect({ state: final.state, reason: final.stateReason }).toEqual({
      state: 'failed',
      reason: 'drain-timeout',
    });
    const failed = eventOf(run, 'failed');
    expect(failed?.blockers).toEqual([{ pod: `shop/${stuck}`, detail: 'still terminating' }]);
    expect(failed?.nodeCordoned).toBe(true);
    expect(unschedulable(s)).toBe(true);
    expect(leaseHolder(s)).toBeUndefined();
    // the stuck pod's eviction was asked once, not hammered
    expect(types(run).filter((t) => t === 'eviction')).toHaveLength(3);
  });
});

describe('the node deleted', () => {
  it('while waiting for the reboot: failed with the reason, lock released, no uncordon attempted on a missing node', async () => {
    const s = await sim(await workerScenario({ extra: 1 }));
    const proxy = await startKubeProxy(s.url);
    harness.closeAfterTest(proxy);
    const run = await start(s, { proxy });
    await waitForState(run.request.id, ['awaiting-reboot', 'failed']);
    const patches: string[] = [];
    proxy.setHook((r) => {
      if (!r.path.startsWith('/api/v1/nodes/indus-wk-1')) return undefined;
      if (r.method !== 'GET') patches.push(r.method);
      return {
        status: 404,
        body: {
          kind: 'Status',
          apiVersion: 'v1',
          status: 'Failure',
          reason: 'NotFound',
          code: 404,
          message: 'nodes "indus-wk-1" not found',
        },
      };
    });
    const final = await run.done;
    expect(final.state).toBe('failed');
    expect(eventOf(run, 'failed')?.detail).toMatch(/indus-wk-1 no longer exists/);
    expect(leaseHolder(s)).toBeUndefined();
    expect(patches).toEqual([]);
  });
});
