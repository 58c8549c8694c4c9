/**
 * Issue 29 items 3 to 7: what stops for others while the node is down (known add-ons, MetalLB's
 * layer 2 announcer, CSI controllers), which host ports take load-balanced traffic, an external
 * etcd, and the etcd leader not read. Scenarios 54 to 58 carry the whole answers; these tests pin
 * the rules one at a time on variations of those files, and the live read through the simulator.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { ADDONS } from '../../src/analysis/addons-table.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { EtcdEndpointStatus, EtcdStatus, KPod } from '../../src/cluster/types.js';
import { explainRebootImpact } from '../../src/explain/explain-reboot-impact.js';
import { enAddons } from '../../src/explain/locales/en-addons.js';
import { koAddons } from '../../src/explain/locales/ko-addons.js';
import { renderText } from '../../src/explain/render-text.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { kubeConfigOf, loadScenario, startScenarioSimulator } from '../helpers/simulator.js';
import { addonViolations } from '../helpers/addon-invariants.js';
import type { Reply } from '../../src/explain/reply.js';

type Item = SnapshotFile['items'][number];

/** The reboot analysis (drain included) of `node` over a file's items, and its English text. */
function answer(file: SnapshotFile, items: Item[], node: string, drain = true) {
  const snap = snapshotFromFile({ ...file, items }, 'f', node);
  const impact = analyzeRebootImpact(snap, node, snap.capturedAt, undefined, { drain });
  const text = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'f', requestId: 'r', drain }));
  return { impact, text };
}

const of = (impact: { findings: { check: string; variant: string }[] }, check: string): string[] =>
  impact.findings.filter((f) => f.check === check).map((f) => f.variant);

describe('traffic-policy: only host ports a load balancer forwards are traffic', () => {
  it('a hostPort a LoadBalancer Service selecting the pod forwards is named; a metrics hostPort never is', async () => {
    const file = await loadScenario('59-worker-daemonsets-only-node-exporter-hostport.json');
    expect(of(answer(file, file.items, 'hydra-wk-2').impact, 'traffic-policy')).toEqual([]);
    // The same node-exporter pod, now selected by a LoadBalancer Service that forwards 9100.
    const lb = {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: { name: 'exporter-lb', namespace: 'monitoring', uid: 'svc-exporter-lb' },
      spec: {
        type: 'LoadBalancer',
        selector: { 'app.kubernetes.io/name': 'node-exporter' },
        ports: [{ port: 9100, nodePort: 30910, targetPort: 9100 }],
      },
    } as Item;
    const f = answer(file, [...file.items, lb], 'hydra-wk-2').impact.findings.filter(
      (x) => x.check === 'traffic-policy',
    );
    expect(f.map((x) => x.variant)).toEqual(['host-ports']);
    expect(f[0]?.facts.ports).toEqual(['9100']);
  });
});

describe('network-controllers: MetalLB layer 2', () => {
  it('names the IPs the node announces; says the announcer is unknown without ServiceL2Status; nothing on an excluded node', async () => {
    const file = await loadScenario('60-worker-metallb-l2-speaker-announces-lb-ip.json');
    const here = answer(file, file.items, 'hydra-wk-2').impact.findings.find(
      (f) => f.check === 'network-controllers',
    );
    expect(here).toMatchObject({
      severity: 'warn',
      variant: 'l2-announcer',
      facts: { services: ['web/frontend'], ips: ['192.168.10.240'] },
    });
    // Another node's speaker announces nothing of its own.
    expect(of(answer(file, file.items, 'hydra-wk-3').impact, 'network-controllers')).toEqual([]);
    const noStatus = file.items.filter((i) => i.kind !== 'ServiceL2Status');
    const unknown = answer(file, noStatus, 'hydra-wk-3');
    expect(of(unknown.impact, 'network-controllers')).toEqual(['l2-unknown']);
    expect(unknown.text).toContain('which node announces each IP is not known');
    const excluded = file.items.map((i) =>
      i.kind === 'Node' && i.metadata.name === 'hydra-wk-2'
        ? {
            ...i,
            metadata: {
              ...i.metadata,
              labels: { ...i.metadata.labels, 'node.kubernetes.io/exclude-from-external-load-balancers': '' },
            },
          }
        : i,
    );
    expect(of(answer(file, excluded, 'hydra-wk-2').impact, 'network-controllers')).toEqual([]);
  });
});

describe('csi-controller: a CSI driver controller with every Ready replica on the node', () => {
  it('names the driver, the moved pods and the attached volumes; attachRequired false and a replica elsewhere change it', async () => {
    const file = await loadScenario('61-worker-csi-controller-every-replica-on-node.json');
    const base = answer(file, file.items, 'hydra-wk-2').impact.findings.find(
      (f) => f.check === 'csi-controller',
    );
    expect(base).toMatchObject({
      severity: 'warn',
      variant: 'all-here',
      facts: {
        workload: 'kube-system/ebs-csi-controller',
        driver: 'ebs.csi.aws.com',
        pods: ['docs/wiki-7f5b9d6c4-z3v8q'],
        attached: ['pvc-3f1e2c9a-5b7d-4e21-9c0a-7d2b8e6f4a13'],
      },
    });
    // VolumeAttachments not read: unknown, said so.
    const noVa = answer(
      file,
      file.items.filter((i) => i.kind !== 'VolumeAttachment'),
      'hydra-wk-2',
    );
    expect(noVa.impact.findings.find((f) => f.check === 'csi-controller')?.facts.attached).toBeNull();
    expect(noVa.text).toContain('Which volumes are attached to hydra-wk-2 is not known');
    // attachRequired: false (an NFS-like driver): provisioning only.
    const noAttach = file.items.map((i) =>
      i.kind === 'CSIDriver' ? { ...i, spec: { attachRequired: false } } : i,
    ) as Item[];
    expect(of(answer(file, noAttach, 'hydra-wk-2').impact, 'csi-controller')).toEqual(['all-here-no-attach']);
    // One controller replica Ready on hydra-wk-3: nothing stops.
    const spread = file.items.map((i) => {
      const p = i as KPod;
      return i.kind === 'Pod' && i.metadata.name === 'ebs-csi-controller-6c4d8f9b7-w8n2f'
        ? { ...p, spec: { ...p.spec, nodeName: 'hydra-wk-3' } }
        : i;
    }) as Item[];
    expect(of(answer(file, spread, 'hydra-wk-2').impact, 'csi-controller')).toEqual([]);
  });
});

describe('cluster-addons: known add-ons, recognised by owner and labels', () => {
  it('every row has a source and a sentence of what stops in English and Korean', () => {
    for (const row of ADDONS) {
      expect(row.source).toMatch(/\S/);
      expect(row.labels.length).toBeGreaterThan(0);
      if (row.scope === 'cluster') {
        expect(enAddons.addonStops).toHaveProperty([row.id]);
        expect(koAddons.addonStops).toHaveProperty([row.id]);
      }
    }
  });

  it("names what stops while metrics-server's only replica is down; not a pod that only has the name", async () => {
    const file = await loadScenario('59-worker-daemonsets-only-node-exporter-hostport.json');
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: {
        name: 'metrics-server',
        namespace: 'kube-system',
        uid: 'ms-d',
        labels: { 'k8s-app': 'metrics-server' },
      },
      spec: { replicas: 1, selector: { matchLabels: { 'k8s-app': 'metrics-server' } } },
      status: { replicas: 1, readyReplicas: 1 },
    } as Item;
    const rs = {
      apiVersion: 'apps/v1',
      kind: 'ReplicaSet',
      metadata: {
        name: 'metrics-server-5f9c',
        namespace: 'kube-system',
        uid: 'ms-rs',
        labels: { 'k8s-app': 'metrics-server' },
        ownerReferences: [
          {
            apiVersion: 'apps/v1',
            kind: 'Deployment',
            name: 'metrics-server',
            uid: 'ms-d',
            controller: true,
          },
        ],
      },
      spec: { replicas: 1 },
      status: { replicas: 1, readyReplicas: 1 },
    } as Item;
    const pod = (labels: Record<string, string>) =>
      ({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: {
          name: 'metrics-server-5f9c-abcde',
          namespace: 'kube-system',
          uid: 'ms-pod',
          labels,
          ownerReferences: [
            {
              apiVersion: 'apps/v1',
              kind: 'ReplicaSet',
              name: 'metrics-server-5f9c',
              uid: 'ms-rs',
              controller: true,
            },
          ],
        },
        spec: {
          nodeName: 'hydra-wk-2',
          containers: [
            { name: 'metrics-server', image: 'registry.k8s.io/metrics-server/metrics-server:v0.7.2' },
          ],
        },
        status: {
          phase: 'Running',
          conditions: [{ type: 'Ready', status: 'True' }],
        },
      }) as Item;
    const { impact, text } = answer(
      file,
      [...file.items, deployment, rs, pod({ 'k8s-app': 'metrics-server' })],
      'hydra-wk-2',
    );
    expect(impact.findings.find((f) => f.check === 'cluster-addons')).toMatchObject({
      severity: 'warn',
      variant: 'all-here',
      facts: { addons: ['metrics-server'], workloads: ['kube-system/metrics-server'] },
    });
    expect(text).toContain('HorizontalPodAutoscalers on CPU and memory stop scaling');
    // The same name without the labels (on the pod or its Deployment) is not recognised.
    const unlabelled = { ...deployment, metadata: { ...deployment.metadata, labels: {} } } as Item;
    expect(
      of(answer(file, [...file.items, unlabelled, rs, pod({})], 'hydra-wk-2').impact, 'cluster-addons'),
    ).toEqual([]);
  });
});

describe('etcd: external members judged, the leader not read said so', () => {
  it('an external etcd with every member healthy is info; with quorum lost already, block', async () => {
    const file = await loadScenario('62-3cp-external-etcd-one-member-down.json');
    const etcd = file.etcd as EtcdStatus;
    const first = etcd.endpointStatus[0] as EtcdEndpointStatus;
    const third = etcd.members[2]?.id ?? 0n;
    const allUp = { ...etcd, endpointStatus: [...etcd.endpointStatus, { ...first, memberId: third }] };
    const healthy = answer({ ...file, etcd: allUp }, file.items, 'hydra-cp-2');
    expect(of(healthy.impact, 'etcd-quorum-after')).toEqual(['external-kept']);
    expect(healthy.impact.verdict).toBe('safe');
    const lost = answer({ ...file, etcd: { ...etcd, endpointStatus: [first] } }, file.items, 'hydra-cp-2');
    expect(lost.impact.findings.find((f) => f.check === 'etcd-quorum-after')).toMatchObject({
      severity: 'block',
      variant: 'lost-external',
      facts: { down: ['etcd-ext-2', 'etcd-ext-3'] },
    });
  });

  it('a stacked member with etcd inferred from its pods says the leader is not known and how to read it', async () => {
    const file = await loadScenario('43-worker-ingress-lb-external-traffic-policy-local.json');
    const { etcd: _etcd, ...withoutEtcd } = file;
    const { impact, text } = answer(withoutEtcd as SnapshotFile, file.items, 'hydra-cp-1');
    expect(of(impact, 'etcd-leader')).toEqual(['unknown']);
    expect(text).toContain('The etcd leader is not known');
    expect(text).toContain('Reading etcd directly');
    // With etcd read, the leader is named instead.
    expect(of(answer(file, file.items, 'hydra-cp-1').impact, 'etcd-leader')).not.toContain('unknown');
  });
});

describe('the live read: CSIDrivers, VolumeAttachments and ServiceL2Statuses are optional', () => {
  let sim: RunningSimulator;
  beforeAll(async () => {
    sim = await startScenarioSimulator('61-worker-csi-controller-every-replica-on-node.json');
  });
  afterAll(() => sim.close());
  const read = () =>
    readSnapshot({
      kubeConfig: kubeConfigOf(sim),
      cluster: 'sim',
      focusNode: 'hydra-wk-2',
      requestTimeoutMs: 2000,
      deadlineMs: 5000,
    });

  it('reads them through the API; a kind not served or forbidden is unknown (absent), never a read error', async () => {
    const snap = await read();
    expect(snap.csiDrivers?.map((d) => d.metadata.name)).toEqual(['ebs.csi.aws.com']);
    expect(snap.volumeAttachments).toHaveLength(1);
    expect(snap.serviceL2Statuses).toEqual([]);
    sim.setFaults({ forbidden: ['volumeattachments'] });
    try {
      const limited = await read();
      expect(limited.volumeAttachments).toBeUndefined();
      expect(limited.readErrors).toEqual([]);
      const impact = analyzeRebootImpact(limited, 'hydra-wk-2', limited.capturedAt);
      expect(impact.findings.find((f) => f.check === 'csi-controller')?.facts.attached).toBeNull();
    } finally {
      sim.setFaults({});
    }
  });
});

describe('a dead node: the plain reboot is the remedy, the drain and reboot stays blocked', () => {
  it('CAUTION without a drain, UNSAFE with one', async () => {
    const file = await loadScenario('49-worker-already-dead-kubelet-stopped-pods-terminating.json');
    const reboot = answer(file, file.items, 'vega-wk-2', false);
    expect(reboot.impact.verdict).toBe('caution');
    expect(of(reboot.impact, 'dead-node-drain')).toEqual(['reboot-remedy']);
    expect(reboot.text).not.toContain('Do not reboot');
    expect(answer(file, file.items, 'vega-wk-2', true).impact.verdict).toBe('unsafe');
  });
});

describe('the invariants of these findings catch planted contradictions (rules 52 to 54)', () => {
  const reply = (p: Partial<Reply>): Reply => ({
    kind: 'reboot-impact',
    locale: 'en',
    title: 't',
    verdict: 'caution',
    summary: 's',
    planes: [{ plane: 'data', affected: true, heading: 'h', reasons: [], stops: [], keepsWorking: [] }],
    sections: [],
    advice: [],
    actions: [],
    context: { cluster: 'c', snapshotAt: null, requestId: 'r' },
    findings: [],
    ...p,
  });
  const ctx = { target: 'n1', downNodes: [], allControlPlane: false, minor: 33, nodeCount: 3 };
  const remedy = {
    check: 'dead-node-drain' as const,
    plane: 'data' as const,
    severity: 'warn' as const,
    variant: 'reboot-remedy',
    facts: { node: 'n1' },
  };
  it.each([
    [
      '"do not reboot" beside the remedy',
      { findings: [remedy], summary: 'Do not reboot n1 now: one blocking problem below.' },
      ctx,
      false,
      /yet: "Do not reboot n1 now"/,
    ],
    [
      'the remedy blocking',
      { findings: [{ ...remedy, severity: 'block' as const }] },
      ctx,
      false,
      /is blocked by its drain/,
    ],
    [
      'an add-on on the only node',
      {
        findings: [
          {
            check: 'cluster-addons' as const,
            plane: 'data' as const,
            severity: 'warn' as const,
            variant: 'all-here',
            facts: {},
          },
        ],
      },
      { ...ctx, nodeCount: 1 },
      false,
      /cluster of one node/,
    ],
    [
      'a CSI controller when every node is lost',
      {
        findings: [
          {
            check: 'csi-controller' as const,
            plane: 'data' as const,
            severity: 'warn' as const,
            variant: 'all-here',
            facts: {},
          },
        ],
      },
      ctx,
      true,
      /every node is lost/,
    ],
    [
      'a MetalLB IP not said',
      {
        findings: [
          {
            check: 'network-controllers' as const,
            plane: 'data' as const,
            severity: 'warn' as const,
            variant: 'l2-announcer',
            facts: { services: ['web/frontend'], ips: ['192.0.2.9'] },
          },
        ],
      },
      ctx,
      false,
      /IP is not said: 192.0.2.9/,
    ],
  ] as const)('%s', (_name, planted, c, everyLost, expected) => {
    expect(addonViolations(reply(planted as unknown as Partial<Reply>), c, everyLost).join('\n')).toMatch(
      expected,
    );
  });
  it('a clean remedy answer has none', () => {
    expect(addonViolations(reply({ findings: [remedy] }), ctx, false)).toEqual([]);
  });
});
