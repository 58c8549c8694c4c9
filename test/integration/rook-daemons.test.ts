/**
 * One recogniser of Rook-Ceph daemon pods (src/analysis/rook-daemons.ts) for the `ceph-loss` check
 * and the Rook budgets' "which daemon is down" (`operator-budgets`). The expectations come from
 * Rook's own names, written before the code was run:
 * - `kubectl -n rook-ceph get pod` in rook/rook Documentation/Getting-Started/quickstart.md:
 *   `rook-ceph-mon-a-694bb7987d-fp9w7 1/1 Running`, `rook-ceph-osd-0-6bb747b6c5-lnvb6 1/1 Running`,
 *   `rook-ceph-osd-prepare-node1-vx2rz 0/2 Completed` (a Job's pod: phase Succeeded, not Ready);
 * - rook/rook#3764 ("Mon canary pod remains pending even when not needed anymore"):
 *   `rook-ceph-mon-b-canary-66f788f58b-bctqg` Pending beside two running mons; the canary is the
 *   mon's Deployment with `-canary` appended, running a sleep loop (pkg/operator/ceph/cluster/mon/mon.go
 *   `scheduleMonitor`), label `mon_canary=true`: no mon, and Rook's own mon health check skips it;
 * - OSD key rotation: CronJob `rook-ceph-osd-key-rotation-<id>` (pkg/operator/ceph/cluster/osd/key_rotation.go),
 *   a Job's pods: no OSD.
 * - rook/rook#12340 ("Mon canary keep running while regular mon having pending state"): a canary
 *   can run on a node, labelled `app=rook-ceph-mon` like its mon.
 * Neither a completed prepare job, nor a pending canary, nor a key-rotation job is a down OSD or
 * mon, so none of them may be named as the cause of a Rook budget at 0, nor count in Ceph's
 * arithmetic when nodes are lost. Issue 16.
 */
import { describe, expect, it } from '@jest/globals';
import { cephLossFindings } from '../../src/analysis/ceph-loss.js';
import { indexCluster } from '../../src/analysis/cluster-index.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { cephDaemonOf, isMonCanary } from '../../src/analysis/rook-daemons.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { loadScenario } from '../helpers/simulator.js';

const rs = { kind: 'ReplicaSet', name: 'rs', uid: 'u' };
const job = { kind: 'Job', name: 'job', uid: 'u' };

describe('cephDaemonOf: Rook pod names as `kubectl -n rook-ceph get pod` prints them', () => {
  it.each([
    ['rook-ceph-osd-0-6bb747b6c5-lnvb6', 'Running', 'osd', rs],
    ['rook-ceph-osd-12-7f67f9646d-44p7v', 'Pending', 'osd', rs],
    ['rook-ceph-mon-a-694bb7987d-fp9w7', 'Running', 'mon', rs],
    ['rook-ceph-mon-aa-856fdd5cb9-5h2qk', 'Running', 'mon', rs],
    ['rook-ceph-osd-prepare-node1-vx2rz', 'Succeeded', null, job],
    // A prepare job still running (or retrying) is no OSD either.
    ['rook-ceph-osd-prepare-node2-ab3fd', 'Running', null, job],
    ['rook-ceph-mon-b-canary-66f788f58b-bctqg', 'Pending', null, rs],
    ['rook-ceph-osd-key-rotation-0-28391040-x7kq2', 'Running', null, job],
    ['rook-ceph-mgr-a-64cd7cdf54-j8b5p', 'Running', null, rs],
    ['rook-ceph-crashcollector-minikube-5b57b7c5d4-hfldl', 'Running', null, rs],
    ['rook-ceph-operator-85f5b946bd-s8grz', 'Running', null, rs],
    // A Deployment's pod that failed (evicted) is replaced by its ReplicaSet: not the daemon.
    ['rook-ceph-osd-1-7f67f9646d-zz9x8', 'Failed', null, rs],
  ] as const)('%s (%s) → %s', (name, phase, expected, owner) => {
    expect(cephDaemonOf({ name, phase, owner })).toBe(expected);
  });
});

/** A pod of the Rook namespace, shaped as the API returns it. */
function rookPod(o: {
  name: string;
  node: string | null;
  phase: string;
  ready: boolean;
  owner: { kind: string; name: string };
  labels: Record<string, string>;
}): KObject {
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      name: o.name,
      namespace: 'rook-ceph',
      uid: `uid-${o.name}`,
      labels: o.labels,
      creationTimestamp: '2025-06-12T09:00:00Z',
      ownerReferences: [
        {
          apiVersion: o.owner.kind === 'Job' ? 'batch/v1' : 'apps/v1',
          kind: o.owner.kind,
          name: o.owner.name,
          uid: `uid-${o.owner.name}`,
          controller: true,
        },
      ],
    },
    spec: {
      ...(o.node === null ? {} : { nodeName: o.node }),
      containers: [{ name: 'rook', image: 'example/rook:1', resources: { requests: { cpu: '100m' } } }],
    },
    status: {
      phase: o.phase,
      conditions: [{ type: 'Ready', status: o.ready ? 'True' : 'False' }],
    },
  } as KObject;
}

/**
 * Scenario 42 (osd-2 CrashLoopBackOff on hydra-wk-3, Rook's blocking budgets at 0) with the pods a
 * real Rook cluster also has: a completed prepare job per node, a mon canary left Pending
 * (rook/rook#3764) and a key-rotation job pod that has not started.
 */
async function withRookExtras(): Promise<SnapshotFile> {
  const file = await loadScenario('42-worker-rook-ceph-osd-down-blocking-pdb.json');
  const extras = [
    ...['hydra-wk-1', 'hydra-wk-2', 'hydra-wk-3'].map((node, i) =>
      rookPod({
        name: `rook-ceph-osd-prepare-${node}-${['vx2rz', 'ab3fd', 'w4xyz'][i] ?? 'q'}`,
        node,
        phase: 'Succeeded',
        ready: false,
        owner: { kind: 'Job', name: `rook-ceph-osd-prepare-${node}` },
        labels: { app: 'rook-ceph-osd-prepare', rook_cluster: 'rook-ceph' },
      }),
    ),
    rookPod({
      name: 'rook-ceph-mon-b-canary-66f788f58b-bctqg',
      node: null,
      phase: 'Pending',
      ready: false,
      owner: { kind: 'ReplicaSet', name: 'rook-ceph-mon-b-canary-66f788f58b' },
      labels: { app: 'rook-ceph-mon', mon: 'b', mon_canary: 'true', rook_cluster: 'rook-ceph' },
    }),
    rookPod({
      name: 'rook-ceph-osd-key-rotation-0-28391040-x7kq2',
      node: 'hydra-wk-1',
      phase: 'Pending',
      ready: false,
      owner: { kind: 'Job', name: 'rook-ceph-osd-key-rotation-0-28391040' },
      labels: { app: 'rook-ceph-osd-key-rotation', rook_cluster: 'rook-ceph' },
    }),
  ];
  return { ...file, items: [...file.items, ...extras] };
}

describe('isMonCanary', () => {
  it.each([
    ['rook-ceph-mon-b-canary-66f788f58b-bctqg', {}, true],
    ['rook-ceph-mon-a-6bb747b6c5-abcde', { app: 'rook-ceph-mon', mon_canary: 'true' }, true],
    ['rook-ceph-mon-a-694bb7987d-fp9w7', { app: 'rook-ceph-mon', mon: 'a' }, false],
  ] as const)('%s %j → %s', (name, labels, expected) => {
    expect(isMonCanary({ name, labels })).toBe(expected);
  });
});

describe('a mon canary left running on the drained node (rook/rook#12340) is no mon', () => {
  it('the drain of hydra-wk-1 names mon a as the pinned mon, never its canary', async () => {
    const file = await loadScenario('42-worker-rook-ceph-osd-down-blocking-pdb.json');
    const canary = rookPod({
      name: 'rook-ceph-mon-a-canary-7d9f8c6b5-q8zlm',
      node: 'hydra-wk-1',
      phase: 'Running',
      ready: true,
      owner: { kind: 'ReplicaSet', name: 'rook-ceph-mon-a-canary-7d9f8c6b5' },
      labels: { app: 'rook-ceph-mon', mon: 'a', mon_canary: 'true', rook_cluster: 'rook-ceph' },
    });
    const snap = snapshotFromFile({ ...file, items: [...file.items, canary] }, 'f', 'hydra-wk-1');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-1', snap.capturedAt);
    const daemons = impact.findings.filter(
      // osd-0's eviction is refused by its Rook budget (`operator-daemon-refused`, the eviction model).
      (f) => f.check === 'single-replica' && f.variant.startsWith('operator-daemon'),
    );
    expect(daemons.map((f) => [f.facts.workload, f.facts.daemon]).sort()).toEqual([
      ['rook-ceph-mon-a', 'mon'],
      ['rook-ceph-osd-0', 'OSD'],
    ]);
  });
});

describe('scenario 42 with the other Rook pods: only the real daemons count', () => {
  it('the Rook budget at 0 names osd-2 alone, never a prepare job, a canary or a key-rotation job', async () => {
    const file = await withRookExtras();
    const snap = snapshotFromFile(file, 'f', 'hydra-wk-1');
    const impact = analyzeRebootImpact(snap, 'hydra-wk-1', snap.capturedAt);
    const f = impact.findings.find((x) => x.check === 'operator-budgets');
    expect(f).toMatchObject({ severity: 'block', variant: 'rook-down' });
    expect(String(f?.facts.down)).toMatch(
      /^rook-ceph\/rook-ceph-osd-2-\S+ \(hydra-wk-3: CrashLoopBackOff\)$/,
    );
    // No finding names one of them as a down pod (the key-rotation job ON hydra-wk-1 is a pod of
    // the drained node, reported as such by its own check, not as a down daemon).
    const down = impact.findings.flatMap((x) => (Array.isArray(x.facts.down) ? x.facts.down : []));
    expect(down.length).toBeGreaterThan(0);
    expect(down.join('\n')).not.toMatch(/osd-prepare|canary|key-rotation/);
  });

  it('losing hydra-wk-3 (where osd-2 is down already): no pending job or canary elsewhere makes a second host', async () => {
    const file = await withRookExtras();
    const snap = snapshotFromFile(file, 'f', 'hydra-wk-3');
    const findings = cephLossFindings(indexCluster(snap), ['hydra-wk-3']);
    // osd-2 alone is on one host; the mons a, b, c keep 2 of 3 (the canary of b is no fourth mon).
    expect(findings).toEqual([]);
  });

  it('losing hydra-wk-1 and hydra-wk-2: 3 mons, not 4 (the canary is no mon)', async () => {
    const file = await withRookExtras();
    const snap = snapshotFromFile(file, 'f', 'hydra-wk-1', undefined, ['hydra-wk-2']);
    const mon = cephLossFindings(indexCluster(snap), ['hydra-wk-1', 'hydra-wk-2']).find((f) =>
      f.variant.startsWith('mon-quorum-lost'),
    );
    expect(mon?.facts).toMatchObject({ total: 3, quorum: 2, left: 1 });
    expect(String(mon?.facts.down)).not.toContain('canary');
  });
});
