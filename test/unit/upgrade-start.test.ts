/**
 * The node a whole-cluster upgrade starts with (src/analysis/upgrade-start.ts). Expectations from
 * the sources, decided before running: the control plane is upgraded first, one node at a time, and
 * a node already upgraded is done ("Upgrading kubeadm clusters",
 * https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/); a NotReady
 * control-plane node cannot run the upgrade now (no kubelet; its etcd member is down); the etcd
 * leader goes last so that leadership moves once (the rolling plan's order); a managed control plane
 * has no node to start with, so a Ready node is named (the provider upgrades the control plane).
 */
import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { clusterUpgradeStart } from '../../src/analysis/upgrade-start.js';
import { type SnapshotFile, loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';

const load = (dir: string, name: string): Promise<SnapshotFile> =>
  loadSnapshotFile(join(process.cwd(), 'test/fixtures', dir, name));

async function startOf(file: SnapshotFile): Promise<string | null> {
  const snap = snapshotFromFile(file, 'f', null);
  return clusterUpgradeStart(snap, snap.capturedAt);
}

describe('clusterUpgradeStart', () => {
  it('scenario 01: a control-plane node, not the etcd leader atlas-cp-1: atlas-cp-2 (first by name)', async () => {
    expect(await startOf(await load('scenarios', '01-healthy-3cp-stacked-etcd.json'))).toBe('atlas-cp-2');
  });

  it('scenario 01 mid-upgrade (atlas-cp-2 already runs kube-apiserver v1.34.0): the next one, atlas-cp-3', async () => {
    const file = await load('scenarios', '01-healthy-3cp-stacked-etcd.json');
    const items = file.items.map((item) => {
      if (item.kind !== 'Pod' || item.metadata.name !== 'kube-apiserver-atlas-cp-2') return item;
      const copy = structuredClone(item) as unknown as { spec: { containers: { image: string }[] } };
      for (const c of copy.spec.containers) c.image = 'registry.k8s.io/kube-apiserver:v1.34.0';
      return copy as unknown as typeof item;
    });
    expect(await startOf({ ...file, items })).toBe('atlas-cp-3');
  });

  it('scenario 02: not borealis-cp-1 (NotReady), not borealis-cp-2 (the etcd leader, 10.31.4.12): borealis-cp-3', async () => {
    expect(await startOf(await load('scenarios', '02-3cp-one-etcd-member-down.json'))).toBe('borealis-cp-3');
  });

  it('scenario 13 (managed, no control-plane node): the first Ready node by name', async () => {
    expect(await startOf(await load('scenarios', '13-managed-aks-like-no-control-plane-nodes.json'))).toBe(
      'aks-system-18822409-vmss000000',
    );
  });

  it('real cluster 06 (RKE2, one server): nori', async () => {
    expect(await startOf(await load('real-clusters', '06-edgexr-rke2-1server-node.json'))).toBe('nori');
  });
});
