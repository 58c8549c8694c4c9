/**
 * What stops for the whole cluster with a node (issue 29, items 1, 2 and 8): admission webhooks
 * and aggregated APIs whose backends run on the node, read from scenarios 54-57 (real objects of
 * Kyverno, Gatekeeper and metrics-server; sources cited in each file) and variations of them made
 * here: where each webhook's rules, selectors and backends point, the verdict that follows, and
 * what the status and the daily report name before anyone asks.
 */
import { describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { analyzeHealthReport } from '../../src/analysis/daily/health-report.js';
import { DEFAULT_THRESHOLDS } from '../../src/analysis/daily/report-items.js';
import { analyzeHaStatus } from '../../src/analysis/ha-status.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { analyzeJointImpact } from '../../src/analysis/multi-node/joint-impact.js';
import { explainFinding } from '../../src/explain/explain-finding.js';
import { translator } from '../../src/explain/i18n.js';
import type { Finding } from '../../src/analysis/types.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { ClusterSnapshot, KWebhook, KWebhookConfiguration } from '../../src/cluster/types.js';
import { SCENARIOS } from '../helpers/snapshot-answers.js';

const KYVERNO = '54-worker-kyverno-fail-webhook-only-backend.json';
const EVICTION_STOPS = '64-worker-kyverno-eviction-webhook-stops-drain.json';
const GATEKEEPER = '55-worker-gatekeeper-ignore-webhook.json';
const METRICS = '56-worker-metrics-server-apiservice-only-backend.json';
const STUCK = '57-worker-namespace-terminating-behind-unavailable-apiservice.json';
const NODE = 'hydra-wk-2';

async function snapshotOf(file: string, focus: string | null = NODE): Promise<ClusterSnapshot> {
  return snapshotFromFile(await loadSnapshotFile(join(SCENARIOS, file)), 't', focus);
}

const of = (findings: readonly Finding[], check: string): string[] =>
  findings
    .filter((f) => f.check === check)
    .map((f) => `${f.severity}:${f.variant}:${String(f.facts.webhook ?? f.facts.apiService)}`);

/** The snapshot with Kyverno's Fail webhook changed by `edit`. */
function withFailWebhook(s: ClusterSnapshot, edit: (w: KWebhook) => void): ClusterSnapshot {
  const configurations = structuredClone(s.webhookConfigurations) as KWebhookConfiguration[];
  for (const c of configurations)
    for (const w of c.webhooks ?? []) if (w.name === 'validate.kyverno.svc-fail') edit(w);
  return { ...s, webhookConfigurations: configurations };
}

describe('admission webhooks (item 1)', () => {
  it("Kyverno's Fail webhook with its only backend on the node refuses the drain's replacements, its own included", async () => {
    const s = await snapshotOf(KYVERNO);
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(r.verdict).toBe('unsafe');
    expect(of(r.findings, 'admission-webhook')).toEqual([
      'block:refuses-drain-own:validate.kyverno.svc-fail',
      'info:ignore:validate.kyverno.svc-ignore',
    ]);
    const f = r.findings.find((x) => x.variant === 'refuses-drain-own');
    expect(f?.facts).toMatchObject({
      configuration: 'kyverno-resource-validating-webhook-cfg',
      service: 'kyverno/kyverno-svc',
      namespaces: ['kyverno', 'web'],
      ownRefused: true,
      count: 2,
    });
    // Kyverno's own single replica is not "rescheduled and started elsewhere"
    expect(
      r.findings.find((x) => x.check === 'single-replica' && x.facts.workload === 'kyverno')?.variant,
    ).toBe('refused-by-webhook');
  });

  // Expected before the run, from the sources: Kyverno's Fail webhook covers `*/*` CREATE, so
  // `pods/eviction` too; kubectl drain evicts every pod at once and retries a 429 every 5 s
  // (k8s.io/kubectl/pkg/drain/drain.go `evictPods`), so the Kyverno pod is evicted with the first
  // requests while frontend's budget (disruptionsAllowed 0) answers 429; the retry calls a webhook
  // with no ready endpoint and the API server answers 500 "failed calling webhook
  // validate.kyverno.svc-fail" (kyverno/kyverno#7576, met while draining for an EKS upgrade;
  // #2869), which kubectl does not retry: the drain stops there, naming the webhook, instead of
  // waiting on the budget. The evicted pods' replacements are refused (Dynamic Admission Control,
  // "Avoiding deadlocks in self-hosted webhooks").
  it('a budget refusing frontend: its retry after Kyverno is evicted fails on the webhook and the drain stops', async () => {
    // Scenario 64: scenario 54 with that budget (minAvailable 3 of 3 frontend replicas).
    const s = await snapshotOf(EVICTION_STOPS);
    const frontend = s.pods.find((p) => p.metadata.name.startsWith('frontend-') && p.spec?.nodeName === NODE);
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    const grace = r.findings.find((f) => f.check === 'grace-period');
    expect(grace?.variant).toBe('stops-webhook');
    expect(grace?.severity).toBe('block');
    expect(grace?.facts).toMatchObject({
      drainOutcome: 'stops',
      stopsWebhook: 'validate.kyverno.svc-fail',
      stoppedWebhooks: ['validate.kyverno.svc-fail'],
      stoppedPods: [`web/${frontend?.metadata.name ?? ''}`],
      replacementRefused: 1,
      recreated: 0,
    });
    const en = explainFinding(translator('en'), grace as Finding);
    expect(en).toContain('validate.kyverno.svc-fail');
    expect(en).toContain('HTTP 500');
    expect(explainFinding(translator('ko'), grace as Finding)).toContain('validate.kyverno.svc-fail');
  });

  // Issue 29 item 2, expected from the same sources: drained together with another worker, the
  // drains' one sequence evicts Kyverno at the first requests, and frontend's retry fails on its
  // webhook as on one node: the joint answer says its drain stops naming it (not "waits on the budget").
  it('drains together: the joint answer says the drain stops at the webhook', async () => {
    const s = await snapshotOf(EVICTION_STOPS);
    const joint = analyzeJointImpact(s, [NODE, 'hydra-wk-3'], s.capturedAt, { action: 'drain' });
    expect(joint.verdict).toBe('unsafe');
    const grace = joint.findings.find((f) => f.check === 'grace-period' && f.facts.node === NODE);
    expect(grace?.variant).toBe('stops-webhook');
    expect(grace?.facts).toMatchObject({ drainOutcome: 'stops', stopsWebhook: 'validate.kyverno.svc-fail' });
  });

  it('a namespaceSelector that exempts its own namespace: the replacements are still refused, but not its own', async () => {
    const s = withFailWebhook(await snapshotOf(KYVERNO), (w) => {
      w.namespaceSelector = {
        matchExpressions: [
          { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kyverno', 'kube-system'] },
        ],
      };
    });
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    const f = r.findings.find((x) => x.check === 'admission-webhook' && x.severity === 'block');
    expect(f?.variant).toBe('refuses-drain');
    expect(f?.facts.namespaces).toEqual(['web']);
    expect(f?.facts.ownRefused).toBe(false);
    expect(
      r.findings.find((x) => x.check === 'single-replica' && x.facts.workload === 'kyverno')?.variant,
    ).toBe('single');
  });

  it("no replacement of the drain in its scope: what it intercepts fails cluster-wide (warn), the drain's pods are not refused", async () => {
    const s = withFailWebhook(await snapshotOf(KYVERNO), (w) => {
      w.namespaceSelector = {
        matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['billing'] }],
      };
    });
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toContain('warn:cluster-wide:validate.kyverno.svc-fail');
    expect(r.verdict).toBe('caution');
  });

  it('an objectSelector that does not select the moved pods keeps them out of its scope', async () => {
    const s = withFailWebhook(await snapshotOf(KYVERNO), (w) => {
      w.objectSelector = { matchLabels: { 'policy.example.org/enforce': 'true' } };
    });
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toContain('warn:cluster-wide:validate.kyverno.svc-fail');
  });

  it('rules that do not cover pod creation (only Deployments) do not refuse the replacements', async () => {
    const s = withFailWebhook(await snapshotOf(KYVERNO), (w) => {
      w.rules = [
        { apiGroups: ['apps'], apiVersions: ['v1'], operations: ['CREATE'], resources: ['deployments'] },
      ];
    });
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toContain('warn:cluster-wide:validate.kyverno.svc-fail');
    expect(r.findings.some((x) => x.check === 'admission-webhook' && x.severity === 'block')).toBe(false);
  });

  it('matchConditions make it unknown whether the replacements are refused (warn, never a pass)', async () => {
    const s = withFailWebhook(await snapshotOf(KYVERNO), (w) => {
      w.matchConditions = [
        { name: 'not-system', expression: "!request.userInfo.username.startsWith('system:')" },
      ];
    });
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toContain('warn:may-refuse:validate.kyverno.svc-fail');
  });

  it('a url webhook is outside the cluster: said unknown (info), not judged by this node', async () => {
    const s = withFailWebhook(await snapshotOf(KYVERNO), (w) => {
      w.clientConfig = { url: 'https://policy.example.org/validate' };
    });
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toContain('info:url:validate.kyverno.svc-fail');
  });

  it('a backend on another node too: nothing is refused', async () => {
    const s = await snapshotOf(KYVERNO);
    const slices = structuredClone(s.backendEndpointSlices ?? []);
    const first = slices[0]?.endpoints?.[0];
    if (!first) throw new Error('scenario 54 lost its kyverno-svc endpoint');
    slices[0]?.endpoints?.push({
      ...first,
      addresses: ['10.244.3.37'],
      nodeName: 'hydra-wk-3',
      targetRef: undefined,
    });
    const r = analyzeRebootImpact({ ...s, backendEndpointSlices: slices }, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toEqual([]);
  });

  it.each([
    [
      'on a node the node list lacks',
      'hydra-wk-9',
      'backends-unlisted-node',
      /run on hydra-wk-9, which the node list does not hold/,
      /노드 목록에 없는 hydra-wk-9/,
    ],
    [
      'on no known node (its endpoints name none, its pod unseen)',
      null,
      'backends-unseen',
      /run was not seen/,
      /보이지 않았습니다/,
    ],
  ] as const)(
    'a Fail webhook whose backend is %s: its placement is said to be unknown, never silent (issue 29)',
    async (_name, nodeName, variant, en, ko) => {
      const s = await snapshotOf(KYVERNO);
      const slices = structuredClone(s.backendEndpointSlices ?? []);
      for (const slice of slices)
        for (const e of slice.endpoints ?? []) {
          if (nodeName === null) delete e.nodeName;
          else e.nodeName = nodeName;
          e.targetRef = undefined;
        }
      const r = analyzeRebootImpact({ ...s, backendEndpointSlices: slices }, NODE, s.capturedAt);
      expect(of(r.findings, 'admission-webhook')).toContain(`info:${variant}:validate.kyverno.svc-fail`);
      const f = r.findings.find((x) => x.check === 'admission-webhook' && x.variant === variant);
      if (f === undefined) throw new Error('no finding');
      expect(explainFinding(translator('en'), f)).toMatch(en);
      expect(explainFinding(translator('en'), f)).toMatch(/is unknown\.$/);
      expect(explainFinding(translator('ko'), f)).toMatch(ko);
      expect(explainFinding(translator('ko'), f)).toMatch(/알 수 없습니다\.$/);
    },
  );

  it("Gatekeeper's Ignore webhook is named (checks skipped), its Fail namespace webhook warns, nothing the drain needs is refused", async () => {
    const s = await snapshotOf(GATEKEEPER);
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'admission-webhook').sort()).toEqual([
      'info:ignore:validation.gatekeeper.sh',
      'warn:cluster-wide:check-ignore-label.gatekeeper.sh',
    ]);
    expect(r.verdict).toBe('caution');
  });

  it('webhook configurations the bot may not read: unknown (a read-error warning), never a pass', async () => {
    const s = await snapshotOf(KYVERNO);
    const refused: ClusterSnapshot = {
      ...s,
      webhookConfigurations: [],
      readErrors: [
        {
          resource: 'validatingwebhookconfigurations',
          reason: 'forbidden',
          status: 403,
          detail: 'forbidden',
        },
      ],
    };
    const r = analyzeRebootImpact(refused, NODE, refused.capturedAt);
    expect(of(r.findings, 'admission-webhook')).toEqual([]);
    expect(r.findings).toContainEqual(
      expect.objectContaining({
        check: 'read-error',
        severity: 'warn',
        facts: expect.objectContaining({ resource: 'validatingwebhookconfigurations' }),
      }),
    );
    expect(r.verdict).not.toBe('safe');
    // EndpointSlices unreadable: where the backends run is unknown, so no webhook is judged down
    const noSlices: ClusterSnapshot = {
      ...s,
      backendEndpointSlices: [],
      readErrors: [{ resource: 'endpointslices', reason: 'forbidden', status: 403, detail: 'forbidden' }],
    };
    const r2 = analyzeRebootImpact(noSlices, NODE, noSlices.capturedAt);
    expect(r2.findings.filter((f) => f.check === 'admission-webhook' && f.variant.includes('down'))).toEqual(
      [],
    );
    expect(r2.verdict).not.toBe('safe');
  });
});

describe('aggregated APIs (item 2)', () => {
  it("metrics-server's APIService with its only backend on the node: HPAs and kubectl top stop (warn)", async () => {
    const s = await snapshotOf(METRICS);
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'aggregated-api')).toEqual(['warn:here-metrics:v1beta1.metrics.k8s.io']);
    expect(r.verdict).toBe('caution');
    // the local APIServices (no service) are never judged
    expect(r.findings.filter((f) => f.check === 'aggregated-api')).toHaveLength(1);
  });

  it('an APIService already not Available is named in the answer (info) and is a status finding with the namespaces stuck behind it', async () => {
    const s = await snapshotOf(STUCK);
    const r = analyzeRebootImpact(s, NODE, s.capturedAt);
    expect(of(r.findings, 'aggregated-api')).toEqual(['info:not-available:v1beta1.metrics.k8s.io']);
    expect(r.verdict).toBe('safe');
    const status = analyzeHaStatus(await snapshotOf(STUCK, null), s.capturedAt);
    const stuck = status.findings.find((f) => f.check === 'aggregated-api');
    expect(stuck?.variant).toBe('status-namespaces-stuck');
    expect(stuck?.facts.terminating).toEqual(['legacy-team']);
    expect(stuck?.facts.reason).toBe('FailedDiscoveryCheck');
    expect(status.health).toBe('degraded');
  });
});

describe('status and the daily report name the single points of failure (item 8)', () => {
  it.each([
    [KYVERNO, 'admission-webhook.status-one-node', 'validate.kyverno.svc-fail'],
    [METRICS, 'aggregated-api.status-one-node', 'v1beta1.metrics.k8s.io'],
    [STUCK, 'aggregated-api.status-namespaces-stuck', 'v1beta1.metrics.k8s.io'],
  ])('%s: %s', async (file, item, name) => {
    const s = await snapshotOf(file, null);
    const status = analyzeHaStatus(s, s.capturedAt);
    const [check, variant] = item.split('.');
    const f = status.findings.find((x) => x.check === check && x.variant === variant);
    expect(f?.severity).toBe('warn');
    expect(String(f?.facts.webhook ?? f?.facts.apiService)).toBe(name);
    const report = await analyzeHealthReport({
      snapshot: s,
      now: s.capturedAt,
      thresholds: DEFAULT_THRESHOLDS,
      certificates: [],
    });
    expect(report.items.map((i) => i.variant)).toContain(item);
  });

  it("Gatekeeper's Ignore webhook is no single point of failure; its Fail namespace webhook is", async () => {
    const s = await snapshotOf(GATEKEEPER, null);
    const status = analyzeHaStatus(s, s.capturedAt);
    expect(of(status.findings, 'admission-webhook')).toEqual([
      'warn:status-one-node:check-ignore-label.gatekeeper.sh',
    ]);
  });
});
