import { describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KObject } from '../../src/cluster/snapshot-file.js';
import { readSnapshotWithStats } from '../../src/cluster/read-snapshot.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';

describe('generateCluster', () => {
  const gen = generateCluster({ nodes: 20, pods: 400, seed: 7 });
  const items: KObject[] = [...gen.items()];
  const of = (kind: string): KObject[] => items.filter((i) => i.kind === kind);

  it('yields what it counts, deterministically', () => {
    expect(items).toHaveLength(gen.itemCount);
    for (const [kind, n] of Object.entries(gen.counts)) expect(of(kind)).toHaveLength(n);
    expect(of('Pod')).toHaveLength(400);
    expect(of('Node')).toHaveLength(20);
    expect(JSON.stringify([...generateCluster({ nodes: 20, pods: 400, seed: 7 }).items()])).toBe(
      JSON.stringify(items),
    );
    expect(JSON.stringify([...generateCluster({ nodes: 20, pods: 400, seed: 8 }).items()])).not.toBe(
      JSON.stringify(items),
    );
  });

  it('has a kubeadm control plane: static mirror pods, leader and identity leases, stacked etcd', () => {
    const cps = of('Node').filter((n) => n.metadata.labels?.['node-role.kubernetes.io/control-plane'] === '');
    expect(cps).toHaveLength(3);
    for (const cp of cps) {
      for (const c of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
        const pod = of('Pod').find((p) => p.metadata.name === `${c}-${cp.metadata.name}`);
        expect(pod?.metadata.annotations?.['kubernetes.io/config.mirror']).toBeDefined();
        expect(pod?.metadata.labels).toEqual({ component: c, tier: 'control-plane' });
      }
    }
    const leases = of('Lease');
    expect(leases.filter((l) => l.metadata.namespace === 'kube-node-lease')).toHaveLength(20);
    expect(leases.map((l) => l.metadata.name)).toEqual(
      expect.arrayContaining(['kube-scheduler', 'kube-controller-manager']),
    );
    expect(
      leases.filter((l) => l.metadata.labels?.['apiserver.kubernetes.io/identity'] === 'kube-apiserver'),
    ).toHaveLength(3);
    expect(gen.etcd.members).toHaveLength(3);
    for (const m of gen.etcd.members) expect(m.ID > 2n ** 53n).toBe(true);
    const slice = of('EndpointSlice')[0] as unknown as { endpoints: { addresses: string[] }[] };
    expect(slice.endpoints).toHaveLength(3);
  });

  it('has one pod per node per DaemonSet, coredns x2, PDBs that allow no disruption, emptyDir pods', () => {
    for (const ds of ['kube-proxy', 'calico-node']) {
      const pods = of('Pod').filter((p) => p.metadata.ownerReferences?.[0]?.name === ds);
      expect(new Set(pods.map((p) => (p.spec as { nodeName: string }).nodeName)).size).toBe(20);
      expect(pods).toHaveLength(20);
    }
    expect(of('Pod').filter((p) => p.metadata.labels?.['k8s-app'] === 'kube-dns')).toHaveLength(2);
    const big = [...generateCluster({ nodes: 50, pods: 3000, seed: 3 }).items()];
    const pdbs = big.filter((i) => i.kind === 'PodDisruptionBudget') as unknown as {
      status: { disruptionsAllowed: number };
    }[];
    expect(pdbs.some((p) => p.status.disruptionsAllowed === 0)).toBe(true);
    expect(pdbs.some((p) => p.status.disruptionsAllowed > 0)).toBe(true);
    const pods = big.filter((i) => i.kind === 'Pod') as unknown as {
      spec: { volumes: { emptyDir?: object }[] };
    }[];
    expect(pods.some((p) => p.spec.volumes.some((v) => v.emptyDir))).toBe(true);
    expect(big.some((i) => i.kind === 'StatefulSet')).toBe(true);
    const sizes = pods.map((p) => JSON.stringify(p).length).sort((a, b) => a - b);
    expect(sizes[sizes.length >> 1]).toBeGreaterThan(2000);
    expect(sizes[sizes.length >> 1]).toBeLessThan(4500);
  });

  it('writes a scenario file that loads, keeps etcd ids exact and reads back through the simulator', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'gen-'));
    try {
      const path = join(dir, 'gen.json');
      const bytes = await writeScenarioFile(path, gen);
      expect((await stat(path)).size).toBe(bytes);
      const file = await loadSnapshotFile(path);
      expect(file.items).toHaveLength(gen.itemCount);
      expect(file.etcd?.members.map((m) => m.id)).toEqual(gen.etcd.members.map((m) => m.ID));
      expect(file.capturedAt?.toISOString()).toBe('2025-06-12T09:41:07.000Z');
      const sim = await startSimulator({ file: path });
      try {
        const kc = new KubeConfig();
        kc.loadFromString(sim.kubeconfig);
        const { snapshot, stats } = await readSnapshotWithStats({
          kubeConfig: kc,
          cluster: 'gen',
          focusNode: 'gen-wk-001',
          pageSize: 100,
        });
        const offline = snapshotFromFile(file, 'gen', 'gen-wk-001');
        expect(snapshot.readErrors).toEqual([]);
        expect(snapshot.podSummaries).toHaveLength(400);
        expect(snapshot.nodes).toHaveLength(20);
        expect(snapshot.pods.map((p) => p.metadata.name).sort()).toEqual(
          offline.pods.map((p) => p.metadata.name).sort(),
        );
        expect(stats.objects.pods).toBe(400);
        expect(sim.requests.get('/api/v1/pods')).toBe(4);
        // served timestamps are shifted as text: ages kept
        const lease = snapshot.leases.find((l) => l.metadata.name === 'kube-scheduler');
        const recorded = file.items.find(
          (i) => i.kind === 'Lease' && i.metadata.name === 'kube-scheduler',
        ) as unknown as { spec: { renewTime: string } };
        expect(Date.parse(lease?.spec?.renewTime as string) - Date.parse(recorded.spec.renewTime)).toBe(
          sim.shiftMs,
        );
      } finally {
        await sim.close();
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
