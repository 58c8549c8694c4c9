/**
 * The checks that look past the first checklist (pinned volumes, budgets held at 0 by
 * unhealthy pods elsewhere, operator-managed budgets, traffic policy, the control-plane VIP, a dead
 * node), read through the simulator like a live cluster.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { explainRebootImpact } from '../../src/explain/explain-reboot-impact.js';
import { renderText } from '../../src/explain/render-text.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KPersistentVolume, KPod } from '../../src/cluster/types.js';
import { kubeConfigOf, loadScenario, startScenarioSimulator } from '../helpers/simulator.js';

const read = (sim: RunningSimulator, node: string) =>
  readSnapshot({
    kubeConfig: kubeConfigOf(sim),
    cluster: 'sim',
    focusNode: node,
    requestTimeoutMs: 2000,
    deadlineMs: 5000,
  });

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
    expect(pinned[0]).toMatchObject({
      severity: 'warn',
      variant: 'others-serve',
      facts: { pod: 'logging/elasticsearch-master-1', readyElsewhere: 2 },
    });
    const text = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'sim', requestId: 'r' }));
    expect(text).toContain(
      'logging/elasticsearch-master-1 uses a volume that, of the nodes it may run on, only hydra-wk-2 can mount',
    );
    expect(text).toContain('keeps serving from its other Ready replicas (2)');
  });

  it('a forbidden read of PersistentVolumeClaims is its own finding (unknown, not failing) and nothing is said about pinning', async () => {
    sim.setFaults({ forbidden: ['persistentvolumeclaims'] });
    try {
      const snap = await read(sim, 'hydra-wk-2');
      const impact = analyzeRebootImpact(snap, 'hydra-wk-2', snap.capturedAt);
      expect(
        impact.findings.some(
          (f) =>
            f.check === 'read-error' &&
            f.facts.resource === 'persistentvolumeclaims' &&
            f.variant === 'forbidden',
        ),
      ).toBe(true);
      expect(impact.findings.filter((f) => f.check === 'pinned-volumes' && f.severity !== 'info')).toEqual(
        [],
      );
      const text = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'sim', requestId: 'r' }));
      expect(text).toContain('Could not read PersistentVolumeClaims: forbidden');
    } finally {
      sim.setFaults({});
    }
  });
});

describe('a zonal volume (scenario 65): the scheduling model keeps its pod in its zone, or says it does not know', () => {
  it("volumes labelled with their zone only (EBS PVs before kubernetes/kubernetes#64226 added node affinity): pinned, in the scheduler's VolumeZone words", async () => {
    const file = await loadScenario('65-worker-zonal-ebs-statefulset-only-node-in-zone.json');
    const items = file.items.map((i) => {
      if (i.kind !== 'PersistentVolume') return i;
      const pv = structuredClone(i) as KPersistentVolume;
      if (pv.spec) delete pv.spec.nodeAffinity;
      return pv as unknown as (typeof file.items)[number];
    });
    const snap = snapshotFromFile({ ...file, items }, 'f', 'hydra-wk-1');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-1', snap.capturedAt);
    expect(impact.findings.find((f) => f.check === 'pinned-volumes')).toMatchObject({
      severity: 'warn',
      variant: 'others-serve',
      facts: { pod: 'logging/elasticsearch-master-0', refusedBy: 'VolumeZone' },
    });
    const en = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
    expect(en).toContain('it stays Pending ("no available volume zone")');
  });

  it('the volumes not in the file: the pod placed on another node is said unknown, in both languages', async () => {
    const file = await loadScenario('65-worker-zonal-ebs-statefulset-only-node-in-zone.json');
    const items = file.items.filter((i) => i.kind !== 'PersistentVolume');
    const snap = snapshotFromFile({ ...file, items }, 'f', 'hydra-wk-1');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-1', snap.capturedAt);
    const capacity = impact.findings.find((f) => f.check === 'capacity');
    expect(capacity?.facts.volumeUnknown).toEqual(['logging/elasticsearch-master-0']);
    const en = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
    expect(en).toContain('Where the volumes of logging/elasticsearch-master-0 can be mounted is not known');
    const ko = renderText(explainRebootImpact(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
    expect(ko).toContain('logging/elasticsearch-master-0의 볼륨을 어디에 마운트할 수 있는지 알 수 없습니다');
  });
});

describe('a budget that allows nothing: which pods hold it, and where', () => {
  it('names the sibling pod that is not Ready and its node (user budget)', async () => {
    const file = await loadScenario('08-worker-single-replica-deployment.json');
    const items = file.items.map((i) => structuredClone(i));
    const sick = items.find((i) => i.metadata.name === 'frontend-hnhnwzsjfq-5tmxl') as KPod;
    sick.status = {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'False' }],
      containerStatuses: [
        { name: 'frontend', ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } },
      ],
    };
    items.push({
      apiVersion: 'policy/v1',
      kind: 'PodDisruptionBudget',
      metadata: { name: 'frontend', namespace: 'web', generation: 1 },
      spec: { minAvailable: 2, selector: { matchLabels: { 'app.kubernetes.io/name': 'frontend' } } },
      status: {
        disruptionsAllowed: 0,
        currentHealthy: 2,
        desiredHealthy: 2,
        expectedPods: 3,
        observedGeneration: 1,
      },
    });
    const snap = snapshotFromFile({ ...file, items }, 'f', 'hydra-wk-2');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-2', snap.capturedAt);
    const held = impact.findings.find((f) => f.check === 'pdb-blocks' && f.facts.pdb === 'frontend');
    expect(held).toMatchObject({
      severity: 'block',
      variant: 'no-disruptions-unhealthy',
      facts: { down: ['web/frontend-hnhnwzsjfq-5tmxl (hydra-wk-3: CrashLoopBackOff)'] },
    });
    const reply = explainRebootImpact(impact, { locale: 'en', cluster: 'f', requestId: 'r' });
    expect(reply.advice.join('\n')).toContain(
      'Fix web/frontend-hnhnwzsjfq-5tmxl (hydra-wk-3: CrashLoopBackOff) first',
    );
    expect(reply.advice.join('\n')).not.toMatch(/^Wait until frontend allows a disruption/m);
  });

  it('an operator-managed budget (Rook-Ceph) names the down OSD and never advises editing the budget, in both languages', async () => {
    const file = await loadScenario('42-worker-rook-ceph-osd-down-blocking-pdb.json');
    const snap = snapshotFromFile(file, 'f', 'hydra-wk-1');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-1', snap.capturedAt);
    const f = impact.findings.find((x) => x.check === 'operator-budgets');
    expect(f).toMatchObject({ severity: 'block', variant: 'rook-down', facts: { manager: 'rook-ceph' } });
    expect(String(f?.facts.down)).toMatch(
      /^rook-ceph\/rook-ceph-osd-2-\S+ \(hydra-wk-3: CrashLoopBackOff\)$/,
    );
    for (const locale of ['en', 'ko'] as const) {
      const advice = explainRebootImpact(impact, { locale, cluster: 'f', requestId: 'r' }).advice.join('\n');
      expect(advice).toContain('rook-ceph-osd-2');
      expect(advice).not.toMatch(/Change rook-ceph-osd|relax rook-ceph-osd|maxUnavailable: 1/);
    }
  });
});

describe('traffic-policy: outside traffic that reaches the node itself', () => {
  it('names the Services with externalTrafficPolicy: Local and says to take the node out of the load balancer first', async () => {
    const file = await loadScenario('43-worker-ingress-lb-external-traffic-policy-local.json');
    const snap = snapshotFromFile(file, 'f', 'hydra-wk-2');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-2', snap.capturedAt);
    expect(impact.findings.find((f) => f.check === 'traffic-policy')).toMatchObject({
      severity: 'warn',
      variant: 'local-policy',
      facts: { services: ['ingress-nginx/ingress-nginx-controller'] },
    });
    const advice = explainRebootImpact(impact, { locale: 'en', cluster: 'f', requestId: 'r' }).advice.join(
      '\n',
    );
    expect(advice).toContain(
      'kubectl label node hydra-wk-2 node.kubernetes.io/exclude-from-external-load-balancers=true',
    );
  });

  it('a hostPort ingress controller (no Service) is named too; a node already excluded from load balancers is not', async () => {
    const file = await loadScenario('43-worker-ingress-lb-external-traffic-policy-local.json');
    const items = file.items.filter((i) => i.kind !== 'Service').map((i) => structuredClone(i));
    for (const i of items) {
      const p = i as KPod;
      if (i.kind === 'Pod' && p.metadata.namespace === 'ingress-nginx')
        for (const c of p.spec?.containers ?? [])
          for (const port of c.ports ?? []) port.hostPort = port.containerPort;
    }
    const snap = snapshotFromFile({ ...file, items }, 'f', 'hydra-wk-2');
    const f = analyzeRebootImpact(snap, 'hydra-wk-2', snap.capturedAt).findings.filter(
      (x) => x.check === 'traffic-policy',
    );
    expect(f.map((x) => x.variant)).toEqual(['host-ports']);
    expect(f[0]?.facts.ports).toEqual(['80', '443']);
    const wk2 = items.find((i) => i.kind === 'Node' && i.metadata.name === 'hydra-wk-2') as {
      metadata: { labels?: Record<string, string> };
    };
    wk2.metadata.labels = {
      ...wk2.metadata.labels,
      'node.kubernetes.io/exclude-from-external-load-balancers': 'true',
    };
    const excluded = snapshotFromFile({ ...file, items }, 'f', 'hydra-wk-2');
    expect(
      analyzeRebootImpact(excluded, 'hydra-wk-2', excluded.capturedAt).findings.filter(
        (x) => x.check === 'traffic-policy',
      ),
    ).toEqual([]);
  });
});
