/**
 * Issue 16, the rest: what the state of the node and of the tools acting on it changes in an
 * answer. The node-monitor grace period of the cluster's version (50 s from Kubernetes 1.32, 40 s
 * before), a node that is already dead (a drain cannot complete), writes blocked cluster-wide (the
 * drain cannot evict), the cluster-autoscaler's safe-to-evict annotation, kured's lock and
 * reboot-in-progress annotation, and a cordon somebody else made.
 */
import { describe, expect, it } from '@jest/globals';
import { analyzeRebootImpact } from '../src/analysis/reboot-impact.js';
import { analyzeWhatIf } from '../src/analysis/what-if/analyze-what-if.js';
import { NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S, nodeMonitorGracePeriodS } from '../src/analysis/domain.js';
import type { SnapshotFile } from '../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../src/cluster/snapshot-from-file.js';
import type { KLease, KPod } from '../src/cluster/types.js';
import { explainRebootImpact } from '../src/explain/explain-reboot-impact.js';
import { explainWhatIf } from '../src/explain/explain-what-if.js';
import { renderText } from '../src/explain/render-text.js';
import { loadScenario } from './helpers/simulator.js';

type Items = SnapshotFile['items'];

/** The scenario's items, deep-copied, with every `from` version text replaced by `to`. */
async function withVersion(name: string, from: string, to: string): Promise<SnapshotFile> {
  const file = await loadScenario(name);
  const items = JSON.parse(JSON.stringify(file.items).replaceAll(from, to)) as Items;
  return { ...file, items };
}

function leaseAge(file: SnapshotFile, node: string, ageS: number): SnapshotFile {
  const items = file.items.map((i) => structuredClone(i));
  const lease = items.find(
    (i) => i.kind === 'Lease' && i.metadata.namespace === 'kube-node-lease' && i.metadata.name === node,
  ) as KLease;
  const at = file.capturedAt ?? new Date();
  lease.spec = { ...lease.spec, renewTime: new Date(at.getTime() - ageS * 1000).toISOString() };
  return { ...file, items };
}

const explain = (impact: ReturnType<typeof analyzeRebootImpact>, locale: 'en' | 'ko' = 'en') =>
  renderText(explainRebootImpact(impact, { locale, cluster: 'f', requestId: 'r' }));

describe('node-monitor grace period: the cluster version decides (50 s from Kubernetes 1.32, 40 s before)', () => {
  it('is 40 s up to v1.31, 50 s from v1.32 on, and 40 s when the version is unknown', () => {
    expect(nodeMonitorGracePeriodS({ major: 1, minor: 31 })).toBe(40);
    expect(nodeMonitorGracePeriodS({ major: 1, minor: 32 })).toBe(50);
    expect(nodeMonitorGracePeriodS({ major: 1, minor: 35 })).toBe(NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S);
    expect(nodeMonitorGracePeriodS(null)).toBe(40);
  });

  it.each([
    ['v1.33.1', 45, null],
    ['v1.31.6', 45, 40],
    ['v1.32.0', 51, 50],
    ['v1.31.6', 39, null],
  ] as const)(
    'on %s a node Lease %i s old: past the grace period of %p s (null: not stale)',
    async (version, ageS, graceS) => {
      const file = leaseAge(
        await withVersion('47-worker-node-lease-stale-v1.33-grace-50s.json', 'v1.33.1', version),
        'lyra-wk-2',
        ageS,
      );
      const snap = snapshotFromFile(file, 'f', 'lyra-wk-2');
      const impact = analyzeRebootImpact(snap, 'lyra-wk-2', snap.capturedAt);
      const stale = impact.findings.find((f) => f.check === 'node-health');
      if (graceS === null) expect(stale).toBeUndefined();
      else {
        expect(stale).toMatchObject({ variant: 'lease-stale', facts: { graceS, ageS } });
        expect(explain(impact)).toContain(`more than the ${graceS} s node-monitor grace period`);
        expect(explain(impact, 'ko')).toContain(`node-monitor grace period ${graceS}초 초과`);
      }
    },
  );

  it("takes the kube-controller-manager's version over the kubelets' (kubelets may lag a minor behind)", async () => {
    const file = await withVersion('47-worker-node-lease-stale-v1.33-grace-50s.json', 'v1.33.1', 'v1.31.6');
    const items: Items = file.items.map((i) => {
      const pod = i as KPod;
      if (i.kind !== 'Pod' || !pod.metadata.name.startsWith('kube-controller-manager-')) return i;
      const copy = structuredClone(pod);
      for (const c of copy.spec?.containers ?? []) c.image = c.image?.replace('v1.31.6', 'v1.32.4');
      return copy as unknown as Items[number];
    });
    const snap = snapshotFromFile({ ...file, items }, 'f', 'lyra-wk-2');
    const state = analyzeRebootImpact(snap, 'lyra-wk-2', snap.capturedAt).state;
    expect(state.nodeMonitorGrace).toEqual({
      seconds: 50,
      version: 'v1.32.4',
      source: 'kube-controller-manager',
    });
  });

  it('what-if texts state the grace period of the version, in both languages', async () => {
    for (const [version, graceS] of [
      ['v1.33.1', 50],
      ['v1.31.6', 40],
    ] as const) {
      const file = await withVersion('47-worker-node-lease-stale-v1.33-grace-50s.json', 'v1.33.1', version);
      const snap = snapshotFromFile(file, 'f', 'lyra-wk-1');
      const impact = analyzeWhatIf(snap, { type: 'node-down', node: 'lyra-wk-1' }, snap.capturedAt);
      const en = renderText(explainWhatIf(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
      const ko = renderText(explainWhatIf(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
      expect(en).toContain(`after ${graceS} s (node-monitor grace period)`);
      expect(en).toContain(`about ${graceS + 300} s in all`);
      expect(ko).toContain(`${graceS}초(node-monitor grace period)`);
    }
  });
});
