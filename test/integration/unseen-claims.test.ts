/**
 * Issue 16, verdicts and claims made on data the bot did not see (house rules: "missing data is
 * unknown, never failing"; "a wrong safe can take production down"). Each case is a reader's
 * finding on a real cluster file (test/fixtures/real-clusters, sources in its README) or a scenario,
 * asked through the path `k8s-ha-bot ask --snapshot FILE --format json` takes, in English and Korean.
 */
import { describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCli } from '../helpers/run-cli.js';
import type { Finding } from '../../src/analysis/types.js';
import { explainFinding } from '../../src/explain/explain-finding.js';
import { translator } from '../../src/explain/i18n.js';

const REAL = join(process.cwd(), 'test/fixtures/real-clusters');
const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');

interface JsonAnswer {
  verdict: 'safe' | 'caution' | 'unsafe' | null;
  text: string;
  findings: Finding[];
}

async function ask(file: string, text: string, lang: 'en' | 'ko' = 'en'): Promise<JsonAnswer> {
  const { code, out, err } = await runCli([
    'ask',
    '--snapshot',
    file,
    '--format',
    'json',
    '--lang',
    lang,
    text,
  ]);
  // A request that gets no verdict exits 1 and still prints its answer.
  if (code !== 0 && out === '') throw new Error(`exit ${code}: ${err}`);
  return JSON.parse(out) as JsonAnswer;
}

const R08 = join(REAL, '08-insights-openshift-imeixner-master0-etcdpod.json');
const R07 = join(REAL, '07-insights-openshift-3masters-3workers.json');
const R01 = join(REAL, '01-sonobuoy-kind-1cp-2w.json');
const WORKER0 = 'worker-0.imeixner20210707.lab.upshift.rdu2.redhat.com';

describe('a reboot whose pods or control-plane health were not seen is at most CAUTION', () => {
  it('real 08 worker-0: no pods of it in the file, the only other node a tainted master, /readyz unseen: CAUTION, never "its pods can move elsewhere"', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const a = await ask(R08, `can I reboot ${WORKER0}`, lang);
      expect([lang, a.verdict]).toEqual([lang, 'caution']);
      expect(a.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ check: 'target-pods', variant: 'none-listed', severity: 'warn' }),
          expect.objectContaining({ check: 'capacity', variant: 'only-node-unseen', severity: 'warn' }),
          expect.objectContaining({
            check: 'control-plane-healthy-for-worker',
            variant: 'unseen',
            severity: 'warn',
          }),
        ]),
      );
      expect(a.text).not.toMatch(/its pods can move|control plane is healthy|컨트롤 플레인이 정상/);
    }
  });

  it('real 07 worker-b and real 01 kind-worker2: the control plane is never said healthy without /readyz', async () => {
    for (const [file, node] of [
      [R07, 'ci-ln-ywdpkbt-f76d1-vw6lz-worker-b-tdhq6'],
      [R01, 'kind-worker2'],
    ] as const) {
      for (const lang of ['en', 'ko'] as const) {
        const a = await ask(file, `can I reboot ${node}`, lang);
        expect([node, lang, a.verdict]).toEqual([node, lang, 'caution']);
        expect(a.text).not.toMatch(/control plane is healthy|컨트롤 플레인이 정상/);
        expect(a.text).toMatch(/\/readyz/);
      }
    }
  });

  it('scenario 01 (readyz recorded, passing) still says the control plane is healthy for a worker', async () => {
    const a = await ask(join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'), 'can I reboot atlas-wk-1');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-healthy-for-worker', variant: 'healthy' }),
      ]),
    );
    // Its pods were not seen: the file lists none on atlas-wk-1 while kube-proxy's and calico-node's
    // status count 5 nodes running them (reader5 F27; this line said "no target-pods finding" before,
    // which the file's own DaemonSetStatus proves wrong). Not the List rule: readyz is recorded.
    expect(a.findings.filter((f) => f.check === 'target-pods').map((f) => f.variant)).toEqual([
      'daemonsets-unlisted',
    ]);
  });
});

describe('one model per plane', () => {
  it('scenario 02 worker: a control plane affected by its own state is not also said untouched', async () => {
    const a = await ask(join(SCENARIOS, '02-3cp-one-etcd-member-down.json'), 'can I reboot borealis-wk-1');
    expect(a.text).toMatch(/Control plane: affected by its own state \(the reboot does not touch it/);
    expect(a.text).not.toMatch(/the control plane itself: borealis-wk-1 runs none of it/);
  });
});

describe('what was seen is named as seen', () => {
  // 08: the quorum guard counts 3 masters, and its budget's status 3 of 3 guard pods Ready: a guard
  // pod is Ready only while etcd on its master answers its health endpoint
  // (openshift/machine-config-operator docs/etcd-quorum-guard.md), so the two members the file
  // leaves out are healthy by the guard's count, and the answer names that source (v3a item 1-2;
  // this replaced "quorum is unknown", which the cited doc proves wrong for a recorded guard status).
  it(`status of real 01 and 08: etcd health from a Ready etcd pod says so (08: the other two members from the quorum guard's count, said so)`, async () => {
    const r08 = await ask(R08, 'status');
    expect(r08.text).not.toMatch(/etcd has a single member/);
    expect(r08.text).toMatch(/etcd quorum holds, as OpenShift's etcd quorum guard reports/);
    for (const file of [R01]) {
      const en = await ask(file, 'status');
      expect(en.text).not.toMatch(/etcd has a single member, and it is healthy/);
      expect(en.text).toMatch(/its etcd pod is Ready \(the member's own health was not seen/);
      const ko = await ask(file, 'status', 'ko');
      expect(ko.text).toMatch(/etcd 파드는 Ready이지만 \(멤버 자체의 상태는 보지 못함/);
    }
  });

  it('real 07/08 master: the etcd-quorum-guard counts are the PodDisruptionBudget status, as recorded', async () => {
    const a = await ask(R07, 'can I reboot ci-ln-ywdpkbt-f76d1-vw6lz-master-0');
    expect(a.text).toMatch(
      /its status as recorded allows 1 master disruption \(3 healthy, 2 needed, by the budget's own count/,
    );
    expect(a.text).not.toMatch(/allows 1 master disruption now/);
  });

  it('a what-if on nodes-only files never asserts /readyz passing', async () => {
    for (const f of [
      '05-edgexr-aks-3agents-nodes.json',
      '11-giantswarm-aws-1master-3workers-nodes.json',
      '12-giantswarm-azure-1master-3workers-nodes.json',
    ]) {
      const file = join(REAL, f);
      const list = JSON.parse(readFileSync(file, 'utf8')) as {
        items: { kind: string; metadata: { name: string } }[];
      };
      const node = list.items.find((i) => i.kind === 'Node')?.metadata.name ?? 'x';
      for (const q of ['what if kubelet restarts on NODE']) {
        const a = await ask(file, q.replace('NODE', node));
        expect([f, q, a.verdict]).not.toEqual([f, q, null]);
        expect([f, q, a.text]).not.toEqual([f, q, expect.stringMatching(/\/readyz passing/)]);
      }
    }
  });

  it('a nodes-only file (no DaemonSets in it) never says kube-proxy is not deployed', async () => {
    const a = await ask(
      join(REAL, '05-edgexr-aks-3agents-nodes.json'),
      'what if kube-proxy restarts on aks-agentpool-30520393-vmss000000',
    );
    expect(a.text).not.toMatch(/kube-proxy is not deployed/);
    expect(a.text).toMatch(/I see no kube-proxy/);
  });

  it('the unknown etcd text counts the unseen members, not every voter', () => {
    const f: Finding = {
      check: 'etcd-quorum-after',
      plane: 'control',
      severity: 'info',
      variant: 'status-unknown',
      facts: { voters: 3, quorum: 2, unknown: 2, down: [], source: 'inferred-nodes' },
    };
    expect(explainFinding(translator('en'), f)).toMatch(/the health of 2 of the 3 etcd members was not seen/);
    expect(explainFinding(translator('ko'), f)).toMatch(/etcd 멤버 3대 중 2대의 상태는 보지 못했습니다/);
    const reboot = { ...f, variant: 'unknown', facts: { ...f.facts, node: 'cp-1' } };
    expect(explainFinding(translator('en'), reboot)).toMatch(/the health of 2 of the 3 etcd members/);
  });
});

/**
 * Issue 16, reader5 F27: a node the data lists no pod on, while the data's own DaemonSets count pods
 * it does not list, was not seen. DaemonSetStatus: `currentNumberScheduled` is "the number of nodes
 * that are running at least 1 daemon pod and are supposed to run the daemon pod"
 * (https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus).
 * Scenarios 01, 02, 05 and 13 list kube-proxy / the CNI pod on one node and count them on every
 * node; their workers without a listed pod were answered SAFE ("none of its pods needs to move").
 * The nodes and counts are read from each file here, not written per scenario.
 */
interface ListItem {
  kind: string;
  metadata: { name: string; namespace?: string; ownerReferences?: { kind: string; name: string }[] };
  spec?: { nodeName?: string };
  status?: { currentNumberScheduled?: number; numberReady?: number; desiredNumberScheduled?: number };
}

function fileItems(file: string): ListItem[] {
  return (JSON.parse(readFileSync(file, 'utf8')) as { cluster: { items: ListItem[] } }).cluster.items;
}

/** The nodes of a scenario file without a listed pod, when a DaemonSet counts more nodes than it lists. */
function unlistedNodes(items: readonly ListItem[]): string[] {
  const pods = items.filter((i) => i.kind === 'Pod');
  const short = items
    .filter((i) => i.kind === 'DaemonSet')
    .some((ds) => {
      const on = new Set(
        pods
          .filter((p) =>
            (p.metadata.ownerReferences ?? []).some(
              (o) => o.kind === 'DaemonSet' && o.name === ds.metadata.name,
            ),
          )
          .map((p) => p.spec?.nodeName),
      );
      return (ds.status?.currentNumberScheduled ?? 0) > on.size;
    });
  if (!short) return [];
  return items
    .filter((i) => i.kind === 'Node')
    .map((n) => n.metadata.name)
    .filter((n) => !pods.some((p) => p.spec?.nodeName === n));
}

describe("pods the data's own DaemonSets count are not nothing (reader5 F27)", () => {
  const files = [
    '01-healthy-3cp-stacked-etcd.json',
    '02-3cp-one-etcd-member-down.json',
    '05-single-control-plane.json',
    '13-managed-aks-like-no-control-plane-nodes.json',
  ];
  it.each(files)(
    '%s: its workers without a listed pod are CAUTION at most, for reboot, drain, upgrade and what-if (en, ko)',
    async (name) => {
      const file = join(SCENARIOS, name);
      const nodes = unlistedNodes(fileItems(file));
      // The reader's count per file: two such workers each.
      expect(nodes).toHaveLength(2);
      for (const node of nodes)
        for (const q of [
          `can I reboot ${node}`,
          `can I drain ${node}`,
          `can I upgrade ${node}`,
          `what if ${node} goes down`,
        ])
          for (const lang of ['en', 'ko'] as const) {
            const a = await ask(file, q, lang);
            expect([q, lang, a.verdict]).not.toEqual([q, lang, 'safe']);
            expect([
              q,
              lang,
              a.findings.filter((f) => f.check === 'target-pods').map((f) => f.variant),
            ]).toEqual([q, lang, ['daemonsets-unlisted']]);
            expect(a.text).not.toMatch(/none of its pods needs to move|nothing blocks it/);
            expect(a.text).toMatch(
              lang === 'en'
                ? new RegExp(`the pods on ${node} were not seen`)
                : new RegExp(`${node}의 파드는 보지 못했으므로`),
            );
          }
    },
  );

  it("the count is the DaemonSet's own: a file whose DaemonSet counts match the pods it lists keeps its empty workers SAFE", async () => {
    // Scenario 01 with kube-proxy's and calico-node's status saying what the file lists (one node
    // each): atlas-wk-1 then runs no pod by the data's own count, a node found empty.
    const raw = JSON.parse(readFileSync(join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'), 'utf8')) as {
      cluster: { items: ListItem[] };
    };
    for (const ds of raw.cluster.items.filter((i) => i.kind === 'DaemonSet'))
      ds.status = { ...ds.status, desiredNumberScheduled: 1, currentNumberScheduled: 1, numberReady: 1 };
    const dir = mkdtempSync(join(tmpdir(), 'unseen-'));
    const file = join(dir, 'matching-daemonsets.json');
    writeFileSync(file, JSON.stringify(raw));
    expect(unlistedNodes(raw.cluster.items)).toEqual([]);
    const a = await ask(file, 'can I reboot atlas-wk-1');
    expect(a.findings.some((f) => f.check === 'target-pods')).toBe(false);
    expect(a.verdict).toBe('safe');
    // One DaemonSet counting one node more than listed is enough to make the node unseen again.
    const ds = raw.cluster.items.find((i) => i.kind === 'DaemonSet');
    if (ds) ds.status = { ...ds.status, currentNumberScheduled: 2 };
    writeFileSync(file, JSON.stringify(raw));
    const b = await ask(file, 'can I reboot atlas-wk-1');
    expect(b.verdict).toBe('caution');
    expect(b.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'target-pods',
          variant: 'daemonsets-unlisted',
          facts: expect.objectContaining({ node: 'atlas-wk-1', scheduled: 2, listed: 1 }),
        }),
      ]),
    );
  });

  it('the request node of each scenario keeps its written verdict (its pods are listed)', async () => {
    for (const name of files) {
      const file = join(SCENARIOS, name);
      const sc = JSON.parse(readFileSync(file, 'utf8')) as { request: string; expected: { verdict: string } };
      const a = await ask(file, sc.request.replace(/^\/k8s\s+/, ''));
      expect([name, a.verdict]).toEqual([name, sc.expected.verdict]);
      expect(a.findings.some((f) => f.check === 'target-pods')).toBe(false);
    }
  });
});
