/**
 * Issue 16: the checks that look past the first checklist (pinned volumes, budgets held at 0 by
 * unhealthy pods elsewhere, operator-managed budgets, traffic policy, the control-plane VIP, a dead
 * node), read through the simulator like a live cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readSnapshot } from '../src/cluster/read-snapshot.js';
import { analyzeRebootImpact } from '../src/analysis/reboot-impact.js';
import { explainRebootImpact } from '../src/explain/explain-reboot-impact.js';
import { renderText } from '../src/explain/render-text.js';
import type { RunningSimulator } from '../src/simulator/start-simulator.js';
import { kubeConfigOf, startScenarioSimulator } from './helpers/simulator.js';

const read = (sim: RunningSimulator, node: string) =>
  readSnapshot({ kubeConfig: kubeConfigOf(sim), cluster: 'sim', focusNode: node, requestTimeoutMs: 2000, deadlineMs: 5000 });

describe('pinned-volumes: a pod whose PersistentVolume only the target node admits', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startScenarioSimulator('41-worker-local-path-pv-pinned-statefulset-pod.json');
  });
  afterAll(() => sim.close());

  it('reads claims and volumes from the API and names the pod that stays Pending, and who keeps serving', async () => {
    const snap = await read(sim, 'hydra-wk-2');
    expect(snap.persistentVolumeClaims).toHaveLength(3);
    expect(snap.persistentVolumes).toHaveLength(3);
    const impact = analyzeRebootImpact(snap, 'hydra-wk-2', snap.capturedAt);
    const pinned = impact.findings.filter((f) => f.check === 'pinned-volumes');
    expect(pinned).toHaveLength(1);
    expect(pinned[0]).toMatchObject({ severity: 'warn', variant: 'others-serve', facts: { pod: 'logging/elasticsearch-master-1', readyElsewhere: 2 } });
    const text = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'sim', requestId: 'r' }));
    expect(text).toContain('logging/elasticsearch-master-1 uses a volume only hydra-wk-2 can mount');
    expect(text).toContain('keeps serving from its other Ready replicas (2)');
  });

  it('a forbidden read of PersistentVolumeClaims is its own finding (unknown, not failing) and nothing is said about pinning', async () => {
    sim.setFaults({ forbidden: ['persistentvolumeclaims'] });
    try {
      const snap = await read(sim, 'hydra-wk-2');
      const impact = analyzeRebootImpact(snap, 'hydra-wk-2', snap.capturedAt);
      expect(impact.findings.some((f) => f.check === 'read-error' && f.facts.resource === 'persistentvolumeclaims' && f.variant === 'forbidden')).toBe(true);
      expect(impact.findings.filter((f) => f.check === 'pinned-volumes' && f.severity !== 'info')).toEqual([]);
      const text = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'sim', requestId: 'r' }));
      expect(text).toContain('Could not read PersistentVolumeClaims: forbidden');
    } finally {
      sim.setFaults({});
    }
  });
});
