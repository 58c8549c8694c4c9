/**
 * Churn, version skew, certificates and quiet hours of the daily report, pure.
 */
import { describe, expect, it } from '@jest/globals';
import { certificateItems } from '../../src/analysis/daily/certificates.js';
import { churnItems, versionSkewItems } from '../../src/analysis/daily/churn.js';
import type { ChurnState } from '../../src/analysis/daily/churn.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/daily/report-items.js';
import type { ClusterSnapshot, KNode, KPod } from '../../src/cluster/types.js';
import { inQuietHours } from '../../src/schedule/build-report-post.js';

const NOW = new Date('2026-12-01T09:00:00Z');
const DAY = 86_400_000;
const state = (at: Date, scheduler: number, term: number | null, db: number | null): ChurnState => ({
  at: at.toISOString(),
  leases: { 'kube-scheduler': scheduler, 'kube-controller-manager': 1 },
  etcdTerm: term,
  etcdDbBytes: db,
});

describe('churn since the last report', () => {
  const yesterday = new Date(NOW.getTime() - DAY);
  it('counts leader Lease transitions and etcd elections since the stored state, above the thresholds only', () => {
    const items = churnItems(state(yesterday, 2, 10, null), state(NOW, 14, 18, null), DEFAULT_THRESHOLDS);
    expect(items.map((i) => [i.kind, i.facts.moves ?? i.facts.changes, i.facts.hours])).toEqual([
      ['lease-churn', 12, 24],
      ['etcd-leader-changes', 8, 24],
    ]);
    expect(churnItems(state(yesterday, 2, 10, null), state(NOW, 4, 11, null), DEFAULT_THRESHOLDS)).toEqual(
      [],
    );
  });

  it('claims no churn on the first report', () => {
    expect(churnItems(null, state(NOW, 14, 18, null), DEFAULT_THRESHOLDS)).toEqual([]);
  });

  it('reports etcd near its quota with its growth per day; urgent at 95 %', () => {
    const quota = 1000 * 1024 ** 2;
    const [item] = churnItems(
      state(yesterday, 2, 1, 800 * 1024 ** 2),
      state(NOW, 2, 1, 850 * 1024 ** 2),
      DEFAULT_THRESHOLDS,
      quota,
    );
    expect(item).toMatchObject({
      kind: 'etcd-db-size',
      severity: 'warn',
      variant: 'growing',
      facts: { percent: 85, growthMibPerDay: 50 },
    });
    expect(churnItems(null, state(NOW, 2, 1, 960 * 1024 ** 2), DEFAULT_THRESHOLDS, quota)[0]?.severity).toBe(
      'block',
    );
  });
});

describe('version skew (kubernetes.io/releases/version-skew-policy)', () => {
  const apiserver = (node: string, version: string): KPod => ({
    metadata: {
      name: `kube-apiserver-${node}`,
      namespace: 'kube-system',
      labels: { component: 'kube-apiserver', tier: 'control-plane' },
      annotations: { 'kubernetes.io/config.mirror': 'x' },
    },
    spec: {
      nodeName: node,
      containers: [{ name: 'kube-apiserver', image: `registry.k8s.io/kube-apiserver:${version}` }],
    },
    status: { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] },
  });
  const node = (name: string, kubelet: string, cp = false): KNode => ({
    metadata: { name, labels: cp ? { 'node-role.kubernetes.io/control-plane': '' } : {} },
    status: { conditions: [{ type: 'Ready', status: 'True' }], nodeInfo: { kubeletVersion: kubelet } },
  });
  const snap = (apis: string, kubelets: string[]): ClusterSnapshot => ({
    cluster: 't',
    capturedAt: NOW,
    focusNode: null,
    nodes: [node('cp-1', apis, true), ...kubelets.map((v, i) => node(`wk-${i + 1}`, v))],
    pods: [apiserver('cp-1', apis)],
    podSummaries: [],
    leases: [],
    podDisruptionBudgets: [],
    workloads: [],
    apiserverEndpointSlices: [],
    readyz: null,
    etcd: null,
    readErrors: [],
  });
  it('allows kubelets up to 3 minors older since 1.28, never newer', () => {
    expect(
      versionSkewItems(snap('v1.33.1', ['v1.30.4', 'v1.29.0', 'v1.34.0'])).map((i) => [
        i.variant,
        i.facts.node,
      ]),
    ).toEqual([
      ['kubelet-too-old', 'wk-2'],
      ['kubelet-newer', 'wk-3'],
    ]);
  });
  it('allows only 2 minors before 1.28', () => {
    expect(versionSkewItems(snap('v1.27.3', ['v1.25.0', 'v1.24.9'])).map((i) => i.facts.node)).toEqual([
      'wk-2',
    ]);
  });
});

describe('certificates', () => {
  const at = (days: number): string => new Date(NOW.getTime() + days * DAY).toISOString();
  it('warns under 30 days, is urgent under 7, names who renews them', () => {
    const items = certificateItems(
      [
        { source: 'apiserver', endpoint: '10.0.0.1:6443', notAfter: at(5) },
        { source: 'apiserver', endpoint: '10.0.0.2:6443', notAfter: at(20) },
        { source: 'apiserver', endpoint: '10.0.0.3:6443', notAfter: at(200) },
        { source: 'apiserver', endpoint: '10.0.0.4:6443', notAfter: null, error: 'ETIMEDOUT' },
        { source: 'kubeconfig-client', endpoint: 'kubeconfig', notAfter: at(-2) },
      ],
      NOW,
      DEFAULT_THRESHOLDS,
      'k3s',
    );
    expect(items.map((i) => [i.variant, i.severity, i.facts.days, i.facts.renewal])).toEqual([
      ['apiserver', 'block', 5, 'distribution'],
      ['apiserver', 'warn', 20, 'distribution'],
      ['kubeconfig-client-expired', 'block', 0, 'kubeconfig'],
    ]);
  });
});

describe('quiet hours', () => {
  it('wrap past midnight in the schedule time zone', () => {
    const q = { from: '22:00', to: '07:00' };
    expect(inQuietHours(new Date('2026-12-01T14:00:00Z'), 'Asia/Seoul', q)).toBe(true); // 23:00 KST
    expect(inQuietHours(new Date('2026-12-01T00:00:00Z'), 'Asia/Seoul', q)).toBe(false); // 09:00 KST
    expect(inQuietHours(new Date('2026-12-01T12:30:00Z'), 'UTC', { from: '12:00', to: '13:00' })).toBe(true);
    expect(inQuietHours(new Date('2026-12-01T13:00:00Z'), 'UTC', { from: '12:00', to: '13:00' })).toBe(false);
    expect(inQuietHours(new Date('2026-12-01T05:00:00Z'), 'UTC', { from: '00:00', to: '00:00' })).toBe(true); // the whole day
  });
});

describe('what the HA status finds wrong now is in the report too', () => {
  it('an etcd member down leads the report, worded as the HA status words it; a healthy cluster has no item', async () => {
    const { loadSnapshotFile } = await import('../../src/cluster/snapshot-file.js');
    const { snapshotFromFile } = await import('../../src/cluster/snapshot-from-file.js');
    const { analyzeHealthReport, finishHealthReport } =
      await import('../../src/analysis/daily/health-report.js');
    const { explainHealthReport } = await import('../../src/explain/explain-health-report.js');
    const read = async (name: string): Promise<ClusterSnapshot> =>
      snapshotFromFile(await loadSnapshotFile(`test/fixtures/scenarios/${name}`), 't', null);
    const down = await read('02-3cp-one-etcd-member-down.json');
    const report = finishHealthReport(
      await analyzeHealthReport({
        snapshot: down,
        now: down.capturedAt,
        thresholds: DEFAULT_THRESHOLDS,
        certificates: [],
      }),
      null,
    );
    expect(report.items.map((i) => i.variant)).toContain('etcd-quorum-after.status-no-spare');
    expect(report.items.some((i) => i.variant.startsWith('concurrent-disruption'))).toBe(false); // worded by the stuck states, with their age
    const reply = await explainHealthReport(report, {
      locale: 'en',
      requestId: 'r',
      cluster: 't',
      scheduled: false,
    });
    expect(reply.sections[0]?.lines.some((l) => /etcd/i.test(l))).toBe(true);
    const healthy = await read('01-healthy-3cp-stacked-etcd.json');
    expect(
      (
        await analyzeHealthReport({
          snapshot: healthy,
          now: healthy.capturedAt,
          thresholds: DEFAULT_THRESHOLDS,
          certificates: [],
        })
      ).items,
    ).toEqual([]);
  });
});

describe('certificate probes never fail the report', () => {
  /** A kubeconfig whose API server (https://127.0.0.1:1) refuses connections. */
  const unreachableKubeConfig = async (): Promise<import('@kubernetes/client-node').KubeConfig> => {
    const { KubeConfig } = await import('@kubernetes/client-node');
    const kc = new KubeConfig();
    kc.loadFromOptions({
      clusters: [{ name: 'c', server: 'https://127.0.0.1:1' }],
      users: [{ name: 'u', token: 't' }],
      contexts: [{ name: 'c', cluster: 'c', user: 'u' }],
      currentContext: 'c',
    });
    return kc;
  };

  it('unreadable etcd client files, a bad endpoint and an unreachable API server become observations with a reason', async () => {
    const { probeCertificates } = await import('../../src/cluster/probe-certificates.js');
    const kc = await unreachableKubeConfig();
    const out = await probeCertificates({
      kubeConfig: kc,
      apiserverEndpointSlices: [],
      etcd: {
        endpoints: ['https://127.0.0.1:2', 'not a url'],
        ca: '/nonexistent/ca.crt',
        cert: '/nonexistent/c.crt',
        key: '/nonexistent/c.key',
      },
      timeoutMs: 60_000, // a ceiling: a refused or missing endpoint answers at once
    });
    expect(out.map((o) => [o.source, o.endpoint, o.notAfter, o.error])).toEqual([
      ['apiserver', '127.0.0.1:1', null, 'ECONNREFUSED'],
      ['etcd', '127.0.0.1:2', null, 'etcd client files: ENOENT'],
      ['etcd', 'not a url', null, 'not a URL'],
    ]);
  });

  it('probes at most MAX_APISERVER_PROBES API server addresses of default/kubernetes; the rest are reported as not probed (issue 33 finding 10)', async () => {
    const { MAX_APISERVER_PROBES, probeCertificates } =
      await import('../../src/cluster/probe-certificates.js');
    const kc = await unreachableKubeConfig();
    // 40 loopback addresses on a closed port: each handshake tried is refused at once.
    const addresses = Array.from({ length: 40 }, (_, i) => `127.0.0.${i + 2}`);
    const out = await probeCertificates({
      kubeConfig: kc,
      apiserverEndpointSlices: [
        {
          metadata: {
            name: 'kubernetes',
            namespace: 'default',
            labels: { 'kubernetes.io/service-name': 'kubernetes' },
          },
          addressType: 'IPv4',
          ports: [{ name: 'https', port: 1 }],
          endpoints: addresses.map((a) => ({ addresses: [a] })),
        },
      ],
      timeoutMs: 60_000, // a ceiling: a refused or missing endpoint answers at once
    });
    const probed = out.filter((o) => o.error === 'ECONNREFUSED');
    expect(probed).toHaveLength(MAX_APISERVER_PROBES);
    expect(probed[0]?.endpoint).toBe('127.0.0.1:1'); // the kubeconfig's server first
    expect(out.filter((o) => o.error !== 'ECONNREFUSED')).toEqual([
      {
        source: 'apiserver',
        endpoint: `${41 - MAX_APISERVER_PROBES} more API server addresses`,
        notAfter: null,
        error: `not probed: at most ${MAX_APISERVER_PROBES} API server addresses are`,
      },
    ]);
  });
});
