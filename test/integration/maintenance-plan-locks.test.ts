/**
 * Attacks on the fleet maintenance locks (hostile review of issue 20), run for real: a generated
 * cluster on the simulator, a real Redis, the real plan runner and single-node executor.
 *
 * - A plan's single-node step takes kured's lock under its request (`k8s-ha-bot/mr-…`) and keeps it
 *   through the settle time after that request completed. While the node settles, `who holds the
 *   lock` must not call that entry stale, and `break lock` must not be offered for it: kured could
 *   otherwise reboot another node while the plan's node is not back yet.
 */
import { describe, expect, it } from '@jest/globals';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { createKubeApi } from '../../src/maintenance/execute/kube-api.js';
import { lockToBreak } from '../../src/maintenance/plan/lock-break.js';
import { readLockReport } from '../../src/maintenance/plan/lock-report.js';
import type { LockReport } from '../../src/maintenance/plan/lock-report.js';
import { runPlan } from '../../src/maintenance/plan/run-plan.js';
import { kuredDaemonSet, useGeneratedFleet } from '../helpers/plan-fleet.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';

const gen = useGeneratedFleet({
  cluster: 'gen',
  tmpPrefix: 'attack-locks-',
  generate: { nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 1 },
});

describe('the locks of a running plan', () => {
  it("kured's lock kept by a single-node step while its node settles is not stale and is not offered for breaking", async () => {
    const f = await gen.fleet({
      keyPrefix: 'attack-locks:',
      only: ['gen-wk-002'],
      fleet: { workerBatchSize: 1, settleMs: 4000, settleTimeoutMs: 120_000 },
    });
    try {
      const run = runPlan(f.plan.id, f.deps);
      await eventually(
        'the node settles',
        async () => (await f.plans.get(f.plan.id))?.nodes[0]?.state === 'settling',
        60_000,
      );
      const p = await f.plans.get(f.plan.id);
      const requestId = p?.nodes[0]?.requestId ?? '';
      // the node's request has completed; the plan still settles the node and keeps kured's lock
      expect((await f.requests.get(requestId))?.state).toBe('completed');
      const api = await createKubeApi(kubeConfigOf(f.s), {});
      let report: LockReport;
      try {
        report = await readLockReport(
          api,
          f.policy,
          (id) => f.requests.get(id),
          new Date(),
          undefined,
          (id) => f.plans.get(id),
        );
      } finally {
        api.close();
      }
      const entry = report.kured.holders.find((h) => h.holder === `k8s-ha-bot/${requestId}`);
      expect(entry).toBeDefined();
      expect(entry?.stale).toBeUndefined();
      expect(lockToBreak(report, 'kured')).toMatchObject({ ok: false, refusal: 'live-bot-holder' });
      const final = await run;
      expect(final?.state).toBe('completed');
    } finally {
      f.stop();
    }
  });

  it('the settle checks never pass on PodDisruptionBudgets they could not read', async () => {
    const f = await gen.fleet({
      keyPrefix: 'attack-settle:',
      only: ['gen-wk-003'],
      fleet: { workerBatchSize: 1, settleMs: 1000, settleTimeoutMs: 2500 },
    });
    try {
      const run = runPlan(f.plan.id, f.deps);
      await eventually(
        'the node settles',
        async () => (await f.plans.get(f.plan.id))?.nodes[0]?.state === 'settling',
        60_000,
      );
      // from now on the bot may not list PodDisruptionBudgets (RBAC changed, or the API refuses)
      f.s.setFaults({ forbidden: ['poddisruptionbudgets'] });
      await eventually(
        'the node is judged',
        async () => {
          const st = (await f.plans.get(f.plan.id))?.nodes[0]?.state;
          return st === 'done' || st === 'failed';
        },
        WAIT_CEILING_MS,
      );
      const node = (await f.plans.get(f.plan.id))?.nodes[0];
      expect(node?.state).toBe('failed');
      expect(node?.failure).toMatchObject({ reason: 'settle-timeout' });
      expect(node?.failure?.detail).toMatch(/PodDisruptionBudget/);
      await f.plans.decide(
        f.plan.id,
        { platform: 'console', tenant: 'local', id: 'alice' },
        'stop',
        () => f.policy,
      );
      expect((await run)?.state).toBe('stopped');
    } finally {
      f.s.setFaults({});
      f.stop();
    }
  });

  it("a second DaemonSet named like kured, listed first, does not hide kured's lock", async () => {
    const created = new Date(Date.now() - 60_000).toISOString();
    const decoy = kuredDaemonSet() as unknown as { metadata: Record<string, unknown> };
    decoy.metadata = {
      ...decoy.metadata,
      name: 'kured-exporter',
      namespace: 'aaa-monitoring',
      uid: 'uid-kured-exporter',
    };
    const file = gen.file;
    const s = await startScenarioSimulator({
      ...file,
      items: [
        ...file.items,
        decoy as unknown as SnapshotFile['items'][number],
        kuredDaemonSet(JSON.stringify({ nodeID: 'gen-wk-004', created, TTL: 0 })),
      ],
    });
    gen.sims.push(s);
    const api = await createKubeApi(kubeConfigOf(s), {});
    try {
      const report = await readLockReport(
        api,
        { lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 15 } },
        () => Promise.resolve(null),
        new Date(),
      );
      expect(report.kured.daemonSet).toBe('kube-system/kured');
      expect(report.kured.holders.map((h) => h.holder)).toEqual(['gen-wk-004']);
    } finally {
      api.close();
    }
  });
});
