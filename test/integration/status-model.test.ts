/**
 * Issue 16, reader5 F31, F33, F28: the status names what the node answers name (one model), an
 * API server restart says which leaders move, and a worker's reboot with a degraded but serving
 * control plane is read as docs/checks.md says. Expectations are written from the sources cited
 * in each test, before the bot was run.
 */
import { describe, expect, it } from '@jest/globals';
import { analyzeWhatIf } from '../../src/analysis/what-if/analyze-what-if.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { explainWhatIf } from '../../src/explain/explain-what-if.js';
import { renderText } from '../../src/explain/render-text.js';
import { loadScenario } from '../helpers/simulator.js';

type Items = SnapshotFile['items'];

/** The scenario's items, deep-copied, with every `from` version text replaced by `to`. */
async function withVersion(name: string, from: string, to: string): Promise<SnapshotFile> {
  const file = await loadScenario(name);
  const items = JSON.parse(JSON.stringify(file.items).replaceAll(from, to)) as Items;
  return { ...file, items };
}

async function restartApiserver(file: SnapshotFile, node: string) {
  const snap = snapshotFromFile(file, 'f', node);
  const impact = analyzeWhatIf(
    snap,
    { type: 'component-restart', component: 'kube-apiserver', node },
    snap.capturedAt,
  );
  const en = renderText(explainWhatIf(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
  const ko = renderText(explainWhatIf(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
  const moved = impact.findings
    .filter((f) => f.check === 'component-restart' && f.variant.startsWith('leader-local-api'))
    .map((f) => `${String(f.facts.component)}:${f.variant}`)
    .sort();
  return { impact, en, ko, moved };
}

// kubeadm writes controller-manager.conf and scheduler.conf with the node's LocalAPIEndpoint (its
// own API server), not the control-plane endpoint, from v1.19.1: kubernetes/kubernetes#94398
// ("kubeadm: make the scheduler and KCM connect to the local API endpoint"; xref
// kubernetes/kubeadm#2271). A leader that cannot reach the API cannot renew its Lease; a standby
// takes it once it expires (https://kubernetes.io/docs/concepts/architecture/leases/).
describe('F33: restarting the API server of the node that holds a leader Lease (kubeadm)', () => {
  it('scenario 02: borealis-cp-2 holds the kube-controller-manager Lease: it moves to borealis-cp-3', async () => {
    const { moved, en, ko } = await restartApiserver(
      await loadScenario('02-3cp-one-etcd-member-down.json'),
      'borealis-cp-2',
    );
    expect(moved).toEqual(['kube-controller-manager:leader-local-api']);
    expect(en).toContain(
      "kube-controller-manager on borealis-cp-2 holds its leader Lease and reaches the API only through borealis-cp-2's own API server",
    );
    expect(en).toContain('a standby (borealis-cp-3) takes the Lease once it expires');
    expect(en).toContain('reconciliation for up to 15 s, until the Lease expires and a standby takes it');
    expect(ko).toContain('borealis-cp-2의 kube-controller-manager가 리더 Lease를 가지고 있으며');
  });

  it('scenario 12: norma-cp-1 holds both Leases: both move; a node holding none moves nothing', async () => {
    const file = await loadScenario('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json');
    const holder = await restartApiserver(file, 'norma-cp-1');
    expect(holder.moved).toEqual([
      'kube-controller-manager:leader-local-api',
      'kube-scheduler:leader-local-api',
    ]);
    expect(holder.en).toContain('scheduling for up to 15 s');
    const other = await restartApiserver(file, 'norma-cp-2');
    expect(other.moved).toEqual([]);
    expect(other.en).not.toContain('holds its leader Lease');
  });

  it('kubeadm before v1.19.1 pointed them at the control-plane endpoint: nothing is said', async () => {
    const old = await restartApiserver(
      await withVersion('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json', 'v1.33.1', 'v1.18.20'),
      'norma-cp-1',
    );
    expect(old.moved).toEqual([]);
    const fixed = await restartApiserver(
      await withVersion('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json', 'v1.33.1', 'v1.19.1'),
      'norma-cp-1',
    );
    expect(fixed.moved).toHaveLength(2);
  });
});
