/**
 * Real clusters in, true answers out: every file of test/fixtures/real-clusters/ (real
 * `kubectl get … -o json` objects from public repositories, see its README for sources) is asked a
 * control-plane reboot, a worker reboot where one exists, and `status`, through the path
 * `k8s-ha-bot ask --snapshot FILE --format json` takes. The expectations are the README's
 * ("What a correct answer says about each"), written before looking at what the bot answers.
 */
import { describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { analyzeHaStatus } from '../../src/analysis/ha-status.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Finding } from '../../src/analysis/types.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { startSimulator } from '../../src/simulator/start-simulator.js';
import { renderText } from '../../src/explain/render-text.js';
import { runCli } from '../helpers/run-cli.js';

const DIR = join(process.cwd(), 'test/fixtures/real-clusters');

interface JsonAnswer {
  verdict: 'safe' | 'caution' | 'unsafe' | null;
  text: string;
  findings: Finding[];
  kind: string;
  health: 'healthy' | 'degraded' | 'critical' | 'unknown' | null;
  context: { snapshotAt: string | null; profile?: string; capturedFrom?: string };
}

async function ask(file: string, text: string, extra: string[] = []): Promise<JsonAnswer> {
  const { code, out, err } = await runCli([
    'ask',
    '--snapshot',
    file.startsWith('/') ? file : join(DIR, file),
    '--format',
    'json',
    ...extra,
    text,
  ]);
  // Answered: 0, or 3 exactly when the verdict is unsafe (README, "Exit codes").
  if (code !== 0 && code !== 3) throw new Error(`exit ${code}: ${err}`);
  const answer = JSON.parse(out) as JsonAnswer;
  if ((code === 3) !== (answer.verdict === 'unsafe'))
    throw new Error(`exit ${code} with verdict ${String(answer.verdict)}`);
  return answer;
}

const serious = (f: Finding): boolean => f.severity === 'warn' || f.severity === 'block';

/**
 * File 07 without the etcd-quorum-guard budget: the guard's count is then not in the file, so the 3 etcd members are listed from the masters and their health is unseen. The
 * tests of members "listed from the nodes, never read" use it: with the status kept, the guard's
 * count of Ready guard pods is the members' health (openshift/machine-config-operator
 * docs/etcd-quorum-guard.md: a guard pod is Ready only while etcd on its master answers its health
 * endpoint).
 */
function ocpWithoutGuardStatus(): string {
  const raw = JSON.parse(readFileSync(join(DIR, '07-insights-openshift-3masters-3workers.json'), 'utf8')) as {
    items: { kind: string }[];
  };
  raw.items = raw.items.filter((i) => i.kind !== 'PodDisruptionBudget');
  const file = join(mkdtempSync(join(tmpdir(), 'ocp-no-guard-status-')), '07-no-guard-status.json');
  writeFileSync(file, JSON.stringify(raw));
  return file;
}

/**
 * The README's global rule: nothing the file does not contain becomes a finding, and the answer
 * says what it could not see and when the data was captured. None of the files has `/readyz`;
 * only file 02 has leader Leases.
 */
function expectOnlyWhatWasSeen(a: JsonAnswer, opts: { leaderLeases: boolean }): void {
  expect(a.text).not.toMatch(/readyz answered/i);
  expect(a.findings.filter((f) => f.check === 'readyz' && serious(f))).toEqual([]);
  expect(a.text).not.toMatch(/already failing|already stalled|is stale/i);
  expect(a.findings.filter((f) => f.variant === 'stale' || f.variant === 'lease-stale')).toEqual([]);
  if (!opts.leaderLeases) {
    expect(a.text).not.toMatch(/leaders run elsewhere/);
    expect(
      a.findings.filter(
        (f) => (f.check === 'leader-scheduler' || f.check === 'leader-controller-manager') && serious(f),
      ),
    ).toEqual([]);
  }
  // What it could not see: at least /readyz, which no file has.
  const unseen = a.findings.find((f) => f.check === 'not-observed');
  expect(unseen?.severity).toBe('info');
  expect(unseen?.facts.resources).toEqual(expect.arrayContaining(['readyz']));
  expect(a.text).toMatch(/not in the snapshot/i);
  // The capture time is inferred from the data and shown.
  expect(a.text).toMatch(/captured at \d{4}-\d\d-\d\dT[\d:.]+Z \(inferred from /);
}

function texts(a: JsonAnswer): string {
  return a.text;
}

describe('01 kind: 1 control plane, 2 workers, kind-worker NotReady', () => {
  const F = '01-sonobuoy-kind-1cp-2w.json';
  it('control-plane reboot is unsafe: the only control plane', async () => {
    const a = await ask(F, 'can I reboot kind-control-plane');
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', severity: 'block', variant: 'single' }),
      ]),
    );
    // one healthy etcd member: losing it is not "restore the unhealthy member"
    expect(a.text).not.toMatch(/Restore the unhealthy etcd member/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('worker reboot: the bare pod is lost for good, not a capacity problem; kind-worker NotReady is named', async () => {
    const a = await ask(F, 'can I reboot kind-worker2');
    expect(a.verdict).not.toBe('unsafe');
    const bare = a.findings.find((f) => f.check === 'unmanaged-pods');
    expect(bare?.facts.pods).toEqual(['sonobuoy/sonobuoy']);
    // The first screen names the pod (its reason's first sentence); the line saying it is lost
    // for good names it too (issue 30 item 4: the reason's next sentence is in Details, not repeated).
    expect(a.text).toMatch(/^⚠ A pod with no controller on kind-worker2: sonobuoy\/sonobuoy\.$/m);
    expect(a.text).toMatch(
      /sonobuoy\/sonobuoy[^\n]*(?:never comes? back|deleted for good)|never comes? back[^\n]*sonobuoy\/sonobuoy/,
    );
    expect(a.findings.filter((f) => f.check === 'capacity' && serious(f))).toEqual([]);
    expect(a.text).toMatch(/kind-worker \(NotReady/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  // A ReplicaSet owned by a Deployment is scaled or spread through its Deployment: the Deployment
  // controller reverts a change to the ReplicaSet
  // (https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#when-to-use-a-replicaset).
  it.each(['en', 'ko'])(
    'advice on a ReplicaSet goes through the Deployment that owns it (%s)',
    async (lang) => {
      const a = await ask(F, 'can I reboot kind-control-plane', ['--lang', lang]);
      expect(a.text).not.toMatch(
        /(?:Scale|Spread) (?:coredns-74ff55c5b|local-path-provisioner-78776bfc44)\b/,
      );
      expect(a.text).not.toMatch(
        /(?:coredns-74ff55c5b|local-path-provisioner-78776bfc44)\(을\)를|(?:coredns-74ff55c5b|local-path-provisioner-78776bfc44)(?:를|을) (?:레플리카|여러)/,
      );
      expect(a.text).toMatch(
        lang === 'en'
          ? /the Deployment that owns ReplicaSet local-path-provisioner-78776bfc44/
          : /ReplicaSet local-path-provisioner-78776bfc44를 소유한 Deployment/,
      );
    },
  );
  // Every coredns-74ff55c5b pod in the file is Pending (PodScheduled=False, Unschedulable) and none
  // is Ready: cluster DNS is down already (a Pending pod serves nothing, the kube-dns Service sends
  // only to Ready endpoints). Every answer says so as an existing problem; none says DNS keeps
  // working, nor that the reboot takes CoreDNS down "until rescheduled" (issue 16, reader item 3).
  it.each([
    ['en', 'status'],
    ['en', 'can I reboot kind-control-plane'],
    ['en', 'can I drain kind-control-plane'],
    ['en', 'can I upgrade kind-control-plane'],
    ['en', 'what if kind-control-plane goes down'],
    ['en', 'what if kube-apiserver is down on kind-control-plane'],
    ['en', 'can we reboot kind-control-plane and kind-worker2'],
    ['en', 'can I reboot kind-worker2'],
    ['ko', '클러스터 상태'],
    ['ko', 'kind-control-plane 재부팅해도 돼?'],
    ['ko', 'kind-control-plane 드레인해도 돼?'],
    ['ko', 'kind-control-plane 업그레이드해도 돼?'],
    ['ko', 'kind-control-plane 이랑 kind-worker2 재부팅해도 돼?'],
  ])('cluster DNS is down already: no Ready CoreDNS pod (%s: %s)', async (lang, q) => {
    const a = await ask(F, q, ['--lang', lang]);
    const dns = a.findings.filter((f) => f.check === 'cluster-dns');
    expect(dns).toHaveLength(1);
    expect(dns[0]?.facts).toEqual(
      expect.objectContaining({
        workloads: ['coredns-74ff55c5b'],
        count: 4,
        pending: 4,
        reason: 'Unschedulable',
      }),
    );
    expect(a.text).toMatch(
      lang === 'en'
        ? /Cluster DNS is (already )?down: none of the 4 pods of coredns-74ff55c5b is Ready \(Pending: Unschedulable\)/
        : /클러스터 DNS가 (이미 )?다운 상태입니다: coredns-74ff55c5b의 파드 4개 중 Ready인 파드가 없어\(Pending: Unschedulable\)/,
    );
    // never "keeps working", never "down until rescheduled" for the Pending pods
    expect(a.text).not.toMatch(
      /cluster DNS, as long as|클러스터 DNS \(다른 노드에|DNS: (?:the CoreDNS|its) pods keep|클러스터 DNS: 그 파드는/i,
    );
    expect(a.text).not.toMatch(
      /replicas of (cluster DNS \()?coredns-74ff55c5b|coredns-74ff55c5b[^\n]*(rescheduled|재스케줄)/,
    );
    expect(
      a.findings.filter((f) => f.check === 'single-replica' && f.facts.workload === 'coredns-74ff55c5b'),
    ).toEqual([]);
  });
  // The two coredns pods recorded on kind-control-plane are Pending with PodScheduled=False: they
  // run nowhere, so the drain moves nothing of them and they need no room elsewhere. The file holds
  // no DaemonSet, so kubectl against it deletes the 3 DaemonSet pods too under --force
  // (filters.go daemonSetFilter; issue 28, oracle group 7): 6 pods asked, 1 recreated.
  it.each(['can I reboot kind-control-plane', 'can I drain kind-control-plane'])(
    'unscheduled pods are not "recreated on other nodes" (%s)',
    async (q) => {
      const a = await ask(F, q);
      const grace = a.findings.find((f) => f.check === 'grace-period');
      expect(grace?.facts).toEqual(expect.objectContaining({ evictable: 6, recreated: 1, orphaned: 3 }));
      expect(a.text).not.toMatch(/3 pods[^\n]*recreated|room for the 3 evicted pods|3 pods drain evicts/);
    },
  );
  // The same file with one coredns pod Running and Ready, or with the Running pods' conditions
  // trimmed away: DNS is up, or its readiness unseen (unknown, never "down").
  it.each([
    ['one coredns pod Ready', true],
    ['coredns pods Running with no conditions recorded', false],
  ])('cluster DNS is not called down when %s', async (_name, ready) => {
    const list = JSON.parse(readFileSync(join(DIR, F), 'utf8')) as {
      items: { kind: string; metadata: { name: string }; status?: Record<string, unknown> }[];
    };
    const dnsPods = list.items.filter((i) => i.kind === 'Pod' && i.metadata.name.startsWith('coredns-'));
    for (const [i, p] of dnsPods.entries())
      if (ready ? i === 0 : true)
        p.status = ready
          ? { phase: 'Running', conditions: [{ type: 'Ready', status: 'True' }] }
          : { phase: 'Running' };
    const dir = mkdtempSync(join(tmpdir(), 'dns-up-'));
    const file = join(dir, 'list.json');
    writeFileSync(file, JSON.stringify(list));
    for (const q of ['status', 'can I reboot kind-worker2']) {
      const a = await ask(file, q);
      expect(a.findings.filter((f) => f.check === 'cluster-dns')).toEqual([]);
      expect(a.text).not.toMatch(/Cluster DNS is (already )?down/);
    }
  });
  it('status: no control-plane redundancy, kind-worker NotReady', async () => {
    const a = await ask(F, 'status');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', variant: 'status-single' }),
      ]),
    );
    expect(a.text).toMatch(/kind-worker \(NotReady/);
    expect(a.text).not.toMatch(/leader \./);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe('02 kind: one node, real Leases of August 2021', () => {
  const F = '02-sonobuoy-kind-1node-leases-2021.json';
  it('status: capture time from the Leases, so nothing is "already failing"', async () => {
    const a = await ask(F, 'status');
    expect(a.health).not.toBe('critical');
    expect(a.text).toMatch(/captured at 2021-08-18T16:0\d:[\d.]+Z \(inferred from the Leases\)/);
    expectOnlyWhatWasSeen(a, { leaderLeases: true });
  });
  it('control-plane reboot is unsafe: single node', async () => {
    const a = await ask(F, 'can I reboot kind-control-plane');
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ check: 'control-plane-count', severity: 'block' })]),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: true });
  });
  it('the same List asked 5 s, 5 min and 1 h after its capture gives the same verdict, and names the capture time', async () => {
    const config: BotConfig = {
      source: 'test',
      clusters: {
        real: { kind: 'snapshot', snapshot: join(DIR, F), requestTimeoutMs: 5000, deadlineMs: 20000 },
      },
      defaultCluster: 'real',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    const captured = Date.parse('2021-08-18T16:01:51.828999Z'); // the newest Lease renewTime in the file
    const answers: Reply[][] = [];
    for (const delayMs of [5_000, 300_000, 3_600_000]) {
      const service = createAnswerService({
        config,
        now: () => new Date(captured + delayMs),
        simulatorHeartbeatMs: 3_600_000,
      });
      try {
        const job = (text: string): AnswerJob => ({
          text,
          cluster: 'real',
          locale: 'en',
          requestId: `t-${delayMs}`,
          user: { platform: 'console', id: 't' },
          replyTo: { platform: 'console', address: {} },
          enqueuedAt: new Date(captured + delayMs).toISOString(),
        });
        answers.push([
          await service.answer(job('status')),
          await service.answer(job('can I reboot kind-control-plane')),
        ]);
      } finally {
        await service.close();
      }
    }
    for (const [status, reboot] of answers) {
      expect(status?.health).toBe(answers[0]?.[0]?.health);
      expect(reboot?.verdict).toBe(answers[0]?.[1]?.verdict);
      expect(renderText(status as Reply)).toMatch(/captured at 2021-08-18T16:01:51\.828Z/);
      expect(renderText(status as Reply)).not.toMatch(/already failing/);
    }
  });
  it('--captured-at overrides the inferred time (10 min after the last renewal: the leader Leases are stale then)', async () => {
    const a = await ask(F, 'status', ['--captured-at', '2021-08-18T16:11:51Z']);
    expect(a.text).toMatch(/captured at 2021-08-18T16:11:51\.000Z \(given\)/);
    expect(a.findings.filter((f) => f.check === 'leader-scheduler' && f.variant === 'stale')).toHaveLength(1);
  });
});

describe('03 kubeadm v1.8 on AWS: 1 master (legacy label), 2 workers, FQDN node names', () => {
  const F = '03-sonobuoy-aws-kubeadm-v1.8-1master-2w.json';
  it('control-plane reboot is unsafe: single master found by its legacy label', async () => {
    const a = await ask(F, 'can I reboot ip-10-0-9-206.us-west-2.compute.internal');
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', severity: 'block', variant: 'single' }),
      ]),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('worker reboot is unsafe only because every kube-dns replica is on it', async () => {
    const a = await ask(F, 'can I reboot ip-10-0-26-239.us-west-2.compute.internal');
    expect(a.verdict).toBe('unsafe');
    const blocks = a.findings.filter((f) => f.severity === 'block');
    expect(blocks.length).toBeGreaterThan(0);
    for (const b of blocks) expect([b.check, b.variant.startsWith('dns')]).toEqual(['single-replica', true]);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('status', async () => {
    expectOnlyWhatWasSeen(await ask(F, 'status'), { leaderLeases: false });
  });
  // Its DNS pod runs kube-dns (containers kubedns, dnsmasq, sidecar: k8s-dns-kube-dns-amd64:1.14.5),
  // not CoreDNS, though both carry k8s-app=kube-dns (issue 29): no answer names CoreDNS.
  it.each([
    'can I reboot ip-10-0-26-239.us-west-2.compute.internal',
    'ip-10-0-26-239.us-west-2.compute.internal 재부팅해도 돼?',
    'can I reboot ip-10-0-9-206.us-west-2.compute.internal',
    'ip-10-0-9-206.us-west-2.compute.internal 재부팅해도 돼?',
    'what if ip-10-0-26-239.us-west-2.compute.internal goes down',
    'what if ip-10-0-9-206.us-west-2.compute.internal goes down',
  ])('%s: the DNS add-on is named kube-dns, never CoreDNS', async (text) => {
    const a = await ask(F, text);
    expect(a.text).not.toMatch(/CoreDNS/);
    if (text.includes('26-239') && !text.startsWith('what if'))
      expect(a.text).toContain('kube-system/kube-dns (kube-dns)');
  });
});

describe('04 k3d/k3s: one server', () => {
  const F = '04-troubleshoot-k3d-k3s-1server.json';
  it('k3s is recognised; the server reboot is unsafe', async () => {
    const a = await ask(F, 'can I reboot k3d-mycluster-server-0');
    expect(a.context.profile).toBe('k3s');
    expect(texts(a)).toMatch(/k3s/);
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([expect.objectContaining({ check: 'control-plane-count', severity: 'block' })]),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('status names k3s', async () => {
    const a = await ask(F, 'status');
    expect(a.context.profile).toBe('k3s');
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe('05 AKS: 3 agent nodes, nodes only', () => {
  const F = '05-edgexr-aks-3agents-nodes.json';
  it('managed (AKS) is recognised; status is HEALTHY as far as the nodes show', async () => {
    const a = await ask(F, 'status');
    expect(a.context.profile).toBe('managed');
    expect(a.text).toMatch(/AKS/);
    expect(a.health).toBe('healthy');
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('a worker reboot names no control-plane problem and says the pods were not in the snapshot', async () => {
    const a = await ask(F, 'can I reboot aks-agentpool-30520393-vmss000000');
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(a.findings.find((f) => f.check === 'not-observed')?.facts.resources).toEqual(
      expect.arrayContaining(['pods']),
    );
    // and never claims what it did not see ("its pods can move elsewhere")
    expect(a.text).not.toMatch(/its pods can move/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('no Leases in the file: the API server identity Leases are not counted as 0, but said unseen', async () => {
    for (const q of ['status', 'can I reboot aks-agentpool-30520393-vmss000000']) {
      const a = await ask(F, q);
      expect(a.text).not.toMatch(/\d+ API server identity Lease/);
      expect(a.text).toMatch(/API server identity Leases are not in the snapshot/);
      expect(
        a.findings.find((f) => f.check === 'managed-control-plane' && f.variant.endsWith('-leases-unseen')),
      ).toBeDefined();
    }
  });
});

describe('06 RKE2: one server, node only', () => {
  const F = '06-edgexr-rke2-1server-node.json';
  it('RKE2 is recognised; nori is the only etcd voter: unsafe, and etcd has one member', async () => {
    const a = await ask(F, 'can I reboot nori');
    expect(a.context.profile).toBe('rke2');
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'etcd-quorum-after',
          severity: 'block',
          facts: expect.objectContaining({ voters: 1 }),
        }),
      ]),
    );
    expect(a.text).not.toMatch(/etcd could not be observed/);
    expect(a.text).not.toMatch(/Restore the unhealthy etcd member/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('status: etcd has one member', async () => {
    const a = await ask(F, 'status');
    expect(a.text).not.toMatch(/etcd could not be observed/);
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'etcd-quorum-after',
          facts: expect.objectContaining({ voters: 1 }),
        }),
      ]),
    );
    expect(a.text).not.toMatch(/leader \./);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  // Issue 16 (reader3): quorum unknown and something observed degraded (a single server): the
  // status is DEGRADED and its headline says both.
  it('status: a single server (observed) is DEGRADED, and the headline says quorum is unknown too', async () => {
    for (const [lang, re] of [
      ['en', /DEGRADED: [^\n]*whether etcd has quorum is unknown too/],
      ['ko', /etcd 쿼럼 여부도 알 수 없습니다/],
    ] as const) {
      const a = await ask(F, lang === 'en' ? 'status' : '클러스터 상태', ['--lang', lang]);
      expect(a.health).toBe('degraded');
      expect(a.text).toMatch(re);
    }
  });
});

describe('07 OpenShift 4.7: 3 masters, 3 workers, etcd-quorum-guard PDB (policy/v1beta1)', () => {
  const F = '07-insights-openshift-3masters-3workers.json';
  // The masters list 3 etcd members; no etcd status or pod shows their health, but the
  // etcd-quorum-guard budget's recorded status does: "The etcd Quorum Guard checks the health of
  // etcd by querying the health endpoint of etcd; if etcd reports itself unhealthy or is not
  // present, the quorum guard reports itself not ready", one guard pod per master
  // (openshift/machine-config-operator docs/etcd-quorum-guard.md). currentHealthy 3 of expectedPods
  // 3: the 3 members answered their health endpoint. Issue 16 (v3a, item 2): the answer said etcd
  // "unknown" beside the guard's "3 healthy"; one model: the health is the guard's, and it says so.
  // (This replaces the expectation "quorum unknown": the cited doc proves the health was seen.)
  it(`a master reboot names the etcd-quorum-guard PDB; etcd quorum after is 2 of 3, from the guard's count, said so (en and ko)`, async () => {
    const a = await ask(F, 'can I reboot ci-ln-ywdpkbt-f76d1-vw6lz-master-0');
    expect(a.context.profile).toBe('openshift');
    expect(a.text).toMatch(/etcd-quorum-guard/);
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'etcd-quorum-after',
          variant: 'kept-no-spare',
          facts: expect.objectContaining({ voters: 3, after: 2, healthFrom: 'guard', guardHealthy: 3 }),
        }),
      ]),
    );
    expect(a.text).toMatch(/as OpenShift's etcd quorum guard reports: .*counts 3 of 3 guard pods Ready/);
    expect(a.text).not.toMatch(/was not seen \(neither etcd status/);
    const ko = await ask(F, 'can I reboot ci-ln-ywdpkbt-f76d1-vw6lz-master-0', ['--lang', 'ko']);
    expect(ko.verdict).toBe(a.verdict);
    expect(ko.text).toMatch(/OpenShift etcd quorum guard가 보고하는 대로/);
    expect(ko.text).not.toMatch(/상태는 보지 못했습니다/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it(`status: etcd health from the quorum guard, named as such; never "unknown" beside the guard's "3 healthy" (en and ko)`, async () => {
    for (const lang of ['en', 'ko'] as const) {
      const a = await ask(F, 'status', ['--lang', lang]);
      expect([lang, a.health]).toEqual([lang, 'healthy']);
      expect(a.findings.find((f) => f.check === 'etcd-quorum-after')).toEqual(
        expect.objectContaining({
          variant: 'status-kept',
          facts: expect.objectContaining({ healthFrom: 'guard' }),
        }),
      );
      expect(a.text).not.toMatch(
        /UNKNOWN|not seen \(neither etcd status|\[알 수 없음\]|보지 못했습니다 \(etcd status/,
      );
      expect(a.text).toMatch(lang === 'en' ? /quorum guard reports/ : /quorum guard가 보고하는 대로/);
    }
  });
  it(`without the guard's status, the members' health is unknown again (the guard is the only source)`, async () => {
    const a = await ask(ocpWithoutGuardStatus(), 'status');
    expect(a.health).toBe('unknown');
    expect(a.text).not.toMatch(/quorum guard reports/);
  });
  it('a loss of a worker whose pods are not in the file never counts "0 pods" (en and ko)', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const a = await ask(F, 'what if ci-ln-ywdpkbt-f76d1-vw6lz-worker-b-tdhq6 fails', ['--lang', lang]);
      expect(
        a.findings.find((f) => f.check === 'node-down' && f.variant.startsWith('timeline'))?.variant,
      ).toBe('timeline-unseen');
      expect([lang, a.text]).not.toEqual([
        lang,
        expect.stringMatching(/its 0 pods|\(0\)|파드 0개|파드\(0개\)/),
      ]);
    }
  });
  it('a worker reboot names no control-plane problem and says the pods were not in the snapshot', async () => {
    const a = await ask(F, 'can I reboot ci-ln-ywdpkbt-f76d1-vw6lz-worker-b-tdhq6');
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(a.findings.find((f) => f.check === 'not-observed')?.facts.resources).toEqual(
      expect.arrayContaining(['pods']),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  // OpenShift's etcd quorum guard is a Deployment with one pod per master, and its budget
  // (maxUnavailable 1) lets no second master be drained while one is
  // (https://github.com/openshift/machine-config-operator/blob/master/docs/etcd-quorum-guard.md).
  // Issue 16 (reader3): the joint drain said CAUTION and "Control plane: not affected".
  it('a drain of two masters together is stopped by the etcd-quorum-guard PDB (allows 1): unsafe, the control plane is affected', async () => {
    const q = 'ci-ln-ywdpkbt-f76d1-vw6lz-master-0 and ci-ln-ywdpkbt-f76d1-vw6lz-master-1';
    for (const [lang, question] of [
      ['en', `can I drain ${q}`],
      ['ko', `${q.replace(' and ', ' 이랑 ')} 드레인해도 돼?`],
    ] as const) {
      const a = await ask(F, question, ['--lang', lang]);
      expect(a.verdict).toBe('unsafe');
      expect(a.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            check: 'pdb-blocks',
            plane: 'control',
            severity: 'block',
            variant: 'joint-quorum-guard-exceeds',
            facts: expect.objectContaining({ pdb: 'etcd-quorum-guard', disruptionsAllowed: 1, guardPods: 2 }),
          }),
        ]),
      );
      expect(a.text).toMatch(/etcd-quorum-guard/);
      expect(a.text).not.toMatch(/Control plane: not affected|컨트롤 플레인: 영향 없음/);
    }
  });
  it('a drain of one master names the etcd-quorum-guard PDB and what it allows', async () => {
    const a = await ask(F, 'can I drain ci-ln-ywdpkbt-f76d1-vw6lz-master-0');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'pdb-blocks',
          variant: 'quorum-guard-drain',
          facts: expect.objectContaining({ pdb: 'etcd-quorum-guard', disruptionsAllowed: 1 }),
        }),
      ]),
    );
    expect(a.text).toMatch(/etcd-quorum-guard PodDisruptionBudget[^\n]*allows 1 master disruption/);
  });
  it('status: 3 masters Ready, not DEGRADED for lack of /readyz', async () => {
    const a = await ask(F, 'status');
    expect(a.health).not.toBe('degraded');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'control-plane-count',
          variant: 'status-ready',
          facts: expect.objectContaining({ total: 3, ready: 3 }),
        }),
      ]),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe('08 OpenShift lab, partial: master-0 with its etcd mirror pod, one worker', () => {
  const F = '08-insights-openshift-imeixner-master0-etcdpod.json';
  it('no Leases in the file: a joint reboot does not call the leader Leases missing (unknown, not absent)', async () => {
    const a = await ask(
      F,
      'can I reboot master-0.imeixner20210707.lab.upshift.rdu2.redhat.com and worker-0.imeixner20210707.lab.upshift.rdu2.redhat.com',
    );
    expect(a.text).not.toMatch(/leader Lease is missing/);
    expect(a.findings.filter((f) => f.variant === 'joint-missing')).toEqual([]);
  });
  it('a drain of master-0 names the etcd-quorum-guard PDB (issue 16, reader3)', async () => {
    for (const [lang, q] of [
      ['en', 'can I drain master-0.imeixner20210707.lab.upshift.rdu2.redhat.com'],
      ['ko', 'master-0.imeixner20210707.lab.upshift.rdu2.redhat.com 드레인해도 돼?'],
    ] as const) {
      const a = await ask(F, q, ['--lang', lang]);
      expect(a.findings.find((f) => f.variant === 'quorum-guard-drain')?.facts).toMatchObject({
        pdb: 'etcd-quorum-guard',
        disruptionsAllowed: 1,
      });
      expect(a.text).toMatch(/etcd-quorum-guard/);
    }
  });
  // Issue 16 (reader3): a partial file is itself unseen data: UNKNOWN, never DEGRADED. With the
  // etcd health known from the quorum guard (v3a item 2), the other masters' nodes are still unseen,
  // so the status stays UNKNOWN and the headline says why (not "etcd members not seen").
  it('status: nothing observed degraded, masters missing from the file: UNKNOWN, because the file is partial', async () => {
    const a = await ask(F, 'status');
    expect(a.health).toBe('unknown');
    expect(a.text).toMatch(/^\[UNKNOWN\]/);
    expect(a.text).toMatch(/the file holds only some of the masters/);
    expect(a.text).not.toMatch(/whether etcd has quorum is unknown/);
    const ko = await ask(F, 'status', ['--lang', 'ko']);
    expect(ko.health).toBe('unknown');
    expect(ko.text).toMatch(/파일에 컨트롤 플레인 노드 일부만 있습니다/);
  });
  it('the stated source of the 3 etcd members is the quorum guard, never "listed from the nodes" (en and ko)', async () => {
    for (const q of ['status', 'can I reboot master-0.imeixner20210707.lab.upshift.rdu2.redhat.com']) {
      const en = await ask(F, q);
      expect([q, en.text]).not.toEqual([q, expect.stringMatching(/listed from the nodes/)]);
      expect(en.text).toMatch(/quorum guard counts 3 masters/);
      const ko = await ask(F, q, ['--lang', 'ko']);
      expect([q, ko.text]).not.toEqual([q, expect.stringMatching(/노드로부터 추정/)]);
    }
  });
  // Issue 16 (v3a item 1): the file holds master-0's static pods only. OpenShift's etcd quorum guard
  // runs one pod per master (a Deployment with required pod anti-affinity) and its budget counts 3
  // Ready (openshift/machine-config-operator docs/etcd-quorum-guard.md), so master-0 runs a guard pod
  // the file does not hold: its pod list is a part, and a drain, a reboot, an upgrade and a loss of
  // master-0 must say so, never count the pods listed as all of them.
  const M0 = 'master-0.imeixner20210707.lab.upshift.rdu2.redhat.com';
  const W0 = 'worker-0.imeixner20210707.lab.upshift.rdu2.redhat.com';
  it('master-0: every request form says its pod list is incomplete (en and ko), and the loss never counts "0 pods"', async () => {
    for (const q of [
      `can I drain ${M0}`,
      `can I reboot ${M0}`,
      `can I upgrade ${M0}`,
      `what if ${M0} fails`,
    ]) {
      for (const lang of ['en', 'ko'] as const) {
        const a = await ask(F, q, ['--lang', lang]);
        expect([q, lang, a.verdict]).not.toEqual([q, lang, 'safe']);
        expect([q, lang, a.findings]).toEqual([
          q,
          lang,
          expect.arrayContaining([
            expect.objectContaining({
              check: 'target-pods',
              variant: 'incomplete',
              severity: 'warn',
              facts: expect.objectContaining({ node: M0, listed: 3, guardExpected: 3 }),
            }),
          ]),
        ]);
        expect([q, lang, a.text]).toEqual([
          q,
          lang,
          expect.stringMatching(
            lang === 'en' ? /lists only some of the pods on/ : /파드 중 일부\(3개\)만 있습니다/,
          ),
        ]);
        expect([q, lang, a.text]).not.toEqual([
          q,
          lang,
          expect.stringMatching(/its 0 pods|\(0\)|파드 0개|파드\(0개\)/),
        ]);
      }
    }
  });
  it('worker-0 is the only untainted node of the file, not of the cluster: unknown, never "nowhere to go" (en and ko)', async () => {
    for (const q of [`can I reboot ${W0}`, `can I drain ${W0}`, `what if ${W0} fails`]) {
      const en = await ask(F, q);
      expect([q, en.findings]).toEqual([
        q,
        expect.arrayContaining([
          expect.objectContaining({
            check: 'capacity',
            variant: 'only-node-unseen',
            facts: expect.objectContaining({ nodesPartial: true, unseenNodes: 2 }),
          }),
        ]),
      ]);
      expect([q, en.text]).not.toEqual([q, expect.stringMatching(/has nowhere to go|Add a node first/)]);
      expect([q, en.text]).toEqual([q, expect.stringMatching(/the file is partial .* is unknown/)]);
      const ko = await ask(F, q, ['--lang', 'ko']);
      expect([q, ko.text]).not.toEqual([q, expect.stringMatching(/옮겨 갈 곳이 없|먼저 노드를 추가/)]);
      expect([q, ko.text]).toEqual([q, expect.stringMatching(/파일이 일부분이라/)]);
    }
  });
  // The guard counting fewer healthy pods than masters (2 of 3) names no member: health stays
  // unknown, and the member count's source is still the guard, never "listed from the nodes".
  it('with the guard at 2 of 3 healthy: quorum unknown, the 3 members counted by the guard (en and ko)', async () => {
    const raw = JSON.parse(readFileSync(join(DIR, F), 'utf8')) as {
      items: { kind: string; status?: { currentHealthy?: number; disruptionsAllowed?: number } }[];
    };
    const pdb = raw.items.find((i) => i.kind === 'PodDisruptionBudget');
    if (pdb?.status === undefined) throw new Error('08 has no guard budget status');
    pdb.status.currentHealthy = 2;
    pdb.status.disruptionsAllowed = 0;
    const file = join(mkdtempSync(join(tmpdir(), 'ocp-guard-2-')), '08-guard-2.json');
    writeFileSync(file, JSON.stringify(raw));
    for (const q of ['status', `can I reboot ${M0}`]) {
      const en = await ask(file, q);
      expect([q, en.text]).toEqual([
        q,
        expect.stringMatching(/as OpenShift's etcd quorum guard counts the masters/),
      ]);
      expect([q, en.text]).not.toEqual([
        q,
        expect.stringMatching(/listed from the nodes|quorum guard reports/),
      ]);
      const ko = await ask(file, q, ['--lang', 'ko']);
      expect([q, ko.text]).toEqual([q, expect.stringMatching(/guard가 세는 컨트롤 플레인 노드 수/)]);
      expect([q, ko.text]).not.toEqual([q, expect.stringMatching(/노드로부터 추정/)]);
    }
  });
  it('the etcd pod in openshift-etcd is the etcd member on master-0', async () => {
    const a = await ask(F, 'can I reboot master-0.imeixner20210707.lab.upshift.rdu2.redhat.com');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'node-role', variant: 'control-plane-etcd' }),
      ]),
    );
    expect(a.text).not.toMatch(/no etcd pods/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('worker reboot and status never say "no etcd pods"', async () => {
    for (const q of ['can I reboot worker-0.imeixner20210707.lab.upshift.rdu2.redhat.com', 'status']) {
      const a = await ask(F, q);
      expect(a.text).not.toMatch(/no etcd pods/);
      expectOnlyWhatWasSeen(a, { leaderLeases: false });
    }
  });
  it('the quorum guard counts 3 masters, the file holds 1: partial, etcd quorum unknown, never "the only control-plane node"', async () => {
    const M = 'master-0.imeixner20210707.lab.upshift.rdu2.redhat.com';
    const W = 'worker-0.imeixner20210707.lab.upshift.rdu2.redhat.com';
    for (const q of [`can I reboot ${M}`, `can we reboot ${M} and ${W}`, 'status']) {
      const a = await ask(F, q);
      expect(a.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            check: 'control-plane-count',
            variant: q === 'status' ? 'status-partial' : 'partial',
          }),
        ]),
      );
      expect(a.text).toMatch(/The file is partial: OpenShift's etcd quorum guard counts 3 masters/);
      expect(a.text).not.toMatch(
        /only control-plane node|[Ss]ingle control plane|has one member|single member|No Ready control-plane node/,
      );
      expect(a.text).not.toMatch(/no etcd pods/);
      expect(
        a.findings.filter((f) => f.check === 'etcd-quorum-after' && /lost|single/.test(f.variant)),
      ).toEqual([]);
    }
    const ko = await ask(F, `${M} 재부팅해도 돼?`, ['--lang', 'ko']);
    expect(ko.text).toContain('파일이 일부분입니다');
  });
  // The upgrade, the drain and their joint forms say what the reboot says (issue 16, dns brief
  // item 4): the other masters exist, unseen; master-0 is never "the only control-plane node".
  const M = 'master-0.imeixner20210707.lab.upshift.rdu2.redhat.com';
  const W = 'worker-0.imeixner20210707.lab.upshift.rdu2.redhat.com';
  it.each([
    ['en', `can I upgrade ${M}`],
    ['en', `can I drain ${M}`],
    ['en', `can I drain ${M} and ${W}`],
    ['en', `can I upgrade ${M} and ${W}`],
    ['ko', `${M} 업그레이드해도 돼?`],
    ['ko', `${M} 드레인해도 돼?`],
    ['ko', `${M} 이랑 ${W} 드레인해도 돼?`],
  ])('upgrade and drain use the partial-file finding too (%s: %s)', async (lang, q) => {
    const a = await ask(F, q, ['--lang', lang]);
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', severity: 'warn', variant: 'partial' }),
      ]),
    );
    expect(a.verdict).not.toBe('safe');
    expect(a.text).toMatch(
      lang === 'en'
        ? /The file is partial: OpenShift's etcd quorum guard counts 3 masters/
        : /파일이 일부분입니다/,
    );
    expect(a.text).not.toMatch(/only control-plane node|유일한 컨트롤 플레인 노드/);
    expect(a.findings.filter((f) => f.check === 'upgrade-order' && f.variant.includes('only'))).toEqual([]);
    // OpenShift upgrades the whole cluster through its cluster version operator, whose Machine
    // Config Operator takes the masters one at a time (issue 16, advice item 1): the order is that,
    // not a per-node kubeadm order, so it does not depend on which masters the file holds.
    if (/upgrade|업그레이드/.test(q) && !q.includes(W))
      expect(a.findings).toEqual(
        expect.arrayContaining([expect.objectContaining({ check: 'upgrade-order', variant: 'openshift' })]),
      );
  });
});

describe('09 EKS v1.31 (a cluster-info dump): 2 node-group nodes, both coredns replicas on one', () => {
  const F = '09-shaaban-eks-2nodes-cluster-info-dump.json';
  const provider = (a: JsonAnswer) => a.findings.filter((f) => f.check === 'managed-control-plane');
  it("the node with both coredns replicas is unsafe to reboot: cluster DNS stops; the control plane is the provider's", async () => {
    const a = await ask(F, 'can I reboot ip-10-0-10-170.ec2.internal');
    expect(a.context.profile).toBe('managed');
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'single-replica', severity: 'block', variant: 'dns-all-here' }),
      ]),
    );
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(provider(a).length).toBeGreaterThan(0);
    expect(a.text).toMatch(/EKS's to keep/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  // No node is cordoned: a rollout restart alone can put CoreDNS back on the node; cordon it first
  // (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cordon/).
  it.each(['en', 'ko'])(
    'the CoreDNS advice cordons the node first, never "after uncordoning others" (%s)',
    async (lang) => {
      const a = await ask(F, 'can I reboot ip-10-0-10-170.ec2.internal', ['--lang', lang]);
      expect(a.text).not.toMatch(/uncordoning others|다른 노드를 uncordon/);
      const cordon = a.text.indexOf('kubectl cordon ip-10-0-10-170.ec2.internal');
      expect(cordon).toBeGreaterThan(-1);
      expect(a.text.indexOf('rollout restart deployment/coredns')).toBeGreaterThan(cordon);
    },
  );
  it('the other node (DaemonSet pods only) is not unsafe: no capacity or control-plane finding', async () => {
    const a = await ask(F, 'can I reboot ip-10-0-20-143.ec2.internal');
    expect(a.verdict).not.toBe('unsafe');
    expect(a.findings.filter((f) => (f.check === 'capacity' || f.plane === 'control') && serious(f))).toEqual(
      [],
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('status: HEALTHY as far as the objects show, capture time from the node heartbeats', async () => {
    const a = await ask(F, 'status');
    expect(a.health).toBe('healthy');
    expect(a.text).toMatch(/captured at 2026-01-02T20:07:5\d\.000Z \(inferred from the node heartbeats\)/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe('10 EKS v1.16: one node, nodes only', () => {
  const F = '10-qovery-eks-v1.16-1node.json';
  it('rebooting the only node is not safe: nothing can take what runs there (pods unseen); no control-plane finding', async () => {
    const a = await ask(F, 'can I reboot ip-10-0-105-29.us-east-2.compute.internal');
    expect(a.context.profile).toBe('managed');
    expect(a.verdict).not.toBe('safe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'capacity', severity: 'warn', variant: 'only-node-unseen' }),
      ]),
    );
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(a.findings.find((f) => f.check === 'not-observed')?.facts.resources).toEqual(
      expect.arrayContaining(['pods']),
    );
    expect(a.text).not.toMatch(/workloads on the other nodes keep running/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  // Changed (issue 16, reader6 B13): this expected HEALTHY, but the cluster's data plane is one node,
  // which the same bot's reboot and what-if answers judge not safe: every workload stops with it. A
  // node is no redundancy for the workloads: "A resilient data plane consists of two or more worker
  // nodes" (EKS Best Practices Guide, Data Plane,
  // https://docs.aws.amazon.com/eks/latest/best-practices/data-plane.html). The control plane is
  // still not judged: it is EKS's to keep.
  it("status: DEGRADED by the one-node data plane only; the control plane is the provider's", async () => {
    const a = await ask(F, 'status');
    expect(a.health).toBe('degraded');
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(a.findings.filter((f) => serious(f)).map((f) => `${f.check}.${f.variant}`)).toEqual([
      'capacity.status-one-node',
    ]);
    expect(a.text).toMatch(/EKS's to keep/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe.each([
  [
    '11-giantswarm-aws-1master-3workers-nodes.json',
    'ip-10-1-1-41.eu-central-1.compute.internal',
    'ip-10-1-1-15.eu-central-1.compute.internal',
  ],
  ['12-giantswarm-azure-1master-3workers-nodes.json', 'fg0ge-master-000000', 'fg0ge-worker-000000'],
])('%s: Giant Swarm, one master labelled only kubernetes.io/role=master, on a cloud', (F, master, worker) => {
  it('not managed: the master is a visible node, and its reboot is unsafe (the only control plane)', async () => {
    const a = await ask(F, `can I reboot ${master}`);
    expect(a.context.profile).not.toBe('managed');
    expect(a.findings.filter((f) => f.check === 'managed-control-plane')).toEqual([]);
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', severity: 'block', variant: 'single' }),
      ]),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('a worker reboot names no control-plane problem and says the pods were not in the snapshot', async () => {
    const a = await ask(F, `can I reboot ${worker}`);
    expect(a.verdict).not.toBe('unsafe');
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(a.findings.find((f) => f.check === 'not-observed')?.facts.resources).toEqual(
      expect.arrayContaining(['pods']),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it('status: no control-plane redundancy (one master), 4 of 4 Ready, not "managed by your provider"', async () => {
    const a = await ask(F, 'status');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', variant: 'status-single' }),
      ]),
    );
    expect(a.text).toMatch(/4 nodes, all Ready/);
    expect(a.text).not.toMatch(/managed by your provider/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe('13 kubeadm v1.19 single node (sonobuoy dump): Leases of May 2022, v1beta1 EndpointSlices', () => {
  const F = '13-harmol-kubeadm-v1.19-1node-sonobuoy.json';
  // my-node is the only node: nothing is rescheduled elsewhere, so both coredns replicas (and the
  // cluster DNS with them) are down until my-node is back (issue 16, dns brief item 2).
  it.each([
    ['en', 'can I reboot my-node'],
    ['en', 'can I drain my-node'],
    ['en', 'can I upgrade my-node'],
    ['en', 'what if my-node goes down'],
    ['ko', 'my-node 재부팅해도 돼?'],
    ['ko', 'my-node 드레인해도 돼?'],
    ['ko', 'my-node 업그레이드해도 돼?'],
  ])(
    'the only node: CoreDNS is down until my-node is back, not "until rescheduled" (%s: %s)',
    async (lang, q) => {
      const a = await ask(F, q, ['--lang', lang]);
      const dnsLine = a.text
        .split('\n')
        .find((l) => /cluster DNS \(coredns\)|클러스터 DNS\(coredns\)의 레플리카/.test(l));
      expect(dnsLine).toMatch(
        lang === 'en'
          ? /Both replicas of cluster DNS \(coredns\) are on my-node, the only node: they cannot be rescheduled elsewhere, so in-cluster name resolution stops for every workload until my-node is back/
          : /유일한 노드인 my-node에 있습니다: 다시 스케줄될 곳이 없어, my-node가 돌아와/,
      );
      expect(a.text).not.toMatch(/until (they are|it is) rescheduled|다시 스케줄될 때까지/);
    },
  );
  it('status: capture time from the Leases, the v1beta1 kubernetes EndpointSlice is read, one stacked etcd member', async () => {
    const a = await ask(F, 'status');
    expect(a.context.profile).toBe('kubeadm');
    expect(a.health).not.toBe('critical');
    expect(a.text).toMatch(/captured at 2022-05-30T08:09:5\d\.\d+Z \(inferred from the Leases\)/);
    expect(a.text).toMatch(/1 of 1 API server alive \(1 address in the kubernetes EndpointSlice\)/);
    expect(a.text).toMatch(
      /etcd has a single member; its etcd pod is Ready \(the member's own health was not seen/,
    );
    expect(a.text).not.toMatch(/no etcd pods/);
    expectOnlyWhatWasSeen(a, { leaderLeases: true });
  });
  it('reboot of my-node is unsafe: single node (API, etcd, scheduling stop) and both coredns replicas there', async () => {
    const a = await ask(F, 'can I reboot my-node');
    expect(a.verdict).toBe('unsafe');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ check: 'control-plane-count', severity: 'block', variant: 'single' }),
        expect.objectContaining({ check: 'etcd-quorum-after', severity: 'block' }),
        expect.objectContaining({ check: 'single-replica', severity: 'block', variant: 'dns-all-here' }),
      ]),
    );
    expectOnlyWhatWasSeen(a, { leaderLeases: true });
  });
});

describe('14 GKE v1.10: one node, and one Pod on a node the file does not hold', () => {
  const F = '14-managedkube-gke-v1.10-node-and-pod.json';
  it('managed (GKE); the reboot names no control-plane problem and does not count the Pod of the absent node', async () => {
    const a = await ask(F, 'can I reboot gke-gar-1-pool-1-dce25db1-2mm5');
    expect(a.context.profile).toBe('managed');
    expect(a.text).toMatch(/GKE's to keep/);
    expect(a.findings.filter((f) => f.plane === 'control' && serious(f))).toEqual([]);
    expect(a.text).not.toMatch(/cost-attribution-prometheus/);
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
  it.each([
    ['can I reboot gke-gar-1-pool-1-dce25db1-2mm5', /the node list is incomplete/],
    ['gke-gar-1-pool-1-dce25db1-2mm5 재부팅해도 돼?', /노드 목록이 불완전하므로/],
    ['what if gke-gar-1-pool-1-dce25db1-2mm5 goes down', /the node list is incomplete/],
    ['gke-gar-1-pool-1-dce25db1-2mm5가 다운되면?', /노드 목록이 불완전하므로/],
  ])(
    '%s: a pod runs on a node the list lacks, so no "only node" (the node list is incomplete, issue 29)',
    async (text, incomplete) => {
      const a = await ask(F, text);
      expect(a.text).toMatch(incomplete);
      expect(a.text).toContain('gke-gar-1-pool-1-acc63c03-7zvd');
      expect(a.text).not.toMatch(
        /the only (?:Ready, schedulable )?node|유일한 노드|Add a node first|먼저 노드를 추가/,
      );
    },
  );
  it('status works and is not DEGRADED for lack of /readyz', async () => {
    const a = await ask(F, 'status');
    expect(a.health).toBe('healthy');
    expectOnlyWhatWasSeen(a, { leaderLeases: false });
  });
});

describe('the only node, not drained: finished pods neither stop nor start again (issue 29)', () => {
  // A Succeeded or Failed pod runs no container: the reboot stops none of it and the kubelet
  // starts none again (PodPhase, https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-phase).
  // Oracle from the file: the node's pods that are neither finished, nor static (owner Node), nor
  // of a DaemonSet the file holds (those are said apart).
  it.each([
    ['02-sonobuoy-kind-1node-leases-2021.json', 'kind-control-plane'],
    ['13-harmol-kubeadm-v1.19-1node-sonobuoy.json', 'my-node'],
    ['04-troubleshoot-k3d-k3s-1server.json', 'k3d-mycluster-server-0'],
  ])('%s', async (file, node) => {
    const items = (await loadSnapshotFile(join(DIR, file))).items as unknown as {
      kind: string;
      metadata: { name: string; namespace?: string; ownerReferences?: { kind: string; name: string }[] };
      spec?: { nodeName?: string };
      status?: { phase?: string };
    }[];
    const daemonSets = new Set(
      items.filter((x) => x.kind === 'DaemonSet').map((x) => `${x.metadata.namespace}/${x.metadata.name}`),
    );
    const finished = (x: (typeof items)[number]): boolean =>
      x.status?.phase === 'Succeeded' || x.status?.phase === 'Failed';
    const onNode = items.filter((x) => x.kind === 'Pod' && x.spec?.nodeName === node);
    const running = onNode.filter((x) => {
      const owner = x.metadata.ownerReferences?.[0];
      return (
        !finished(x) &&
        owner?.kind !== 'Node' &&
        !(owner?.kind === 'DaemonSet' && daemonSets.has(`${x.metadata.namespace}/${owner.name}`))
      );
    }).length;
    expect(onNode.some(finished)).toBe(true);
    const en = await ask(file, `can I reboot ${node}`);
    expect(en.text).toContain(`Not drained, its ${running} pods stop when ${node} shuts down`);
    expect(en.text).toContain(`the ${running} pods on ${node}: they stop with it and start again`);
    const ko = await ask(file, `${node} 재부팅해도 돼?`);
    expect(ko.text).toContain(`드레인하지 않으면 파드 ${running}개는`);
    expect(ko.text).toContain(`${node}의 파드 ${running}개: 노드와 함께 멈추고`);
  });
});

describe('derived formats give the same answers as file 01', () => {
  const questions = ['status', 'can I reboot kind-control-plane', 'can I reboot kind-worker2'];
  const shape = (a: JsonAnswer) => ({ verdict: a.verdict, health: a.health, findings: a.findings });
  it('derived/fmt-01-as-kubectl-yaml.yaml (the same objects in YAML): the same answers, finding for finding', async () => {
    for (const q of questions) {
      expect(shape(await ask('derived/fmt-01-as-kubectl-yaml.yaml', q))).toEqual(
        shape(await ask('01-sonobuoy-kind-1cp-2w.json', q)),
      );
    }
  });
  it('derived/fmt-01-cluster-info-dump-style.json (a stream of Lists): the same verdicts and control-plane findings', async () => {
    // cluster-info dump holds kube-system only unless --all-namespaces is given (kubectl docs): the
    // dump has 14 of file 01's 20 pods, so the data-plane findings about the other pods cannot match.
    const control = (a: JsonAnswer) => ({
      verdict: a.verdict,
      health: a.health,
      findings: a.findings.filter((f) => f.plane === 'control'),
    });
    for (const q of questions) {
      expect(control(await ask('derived/fmt-01-cluster-info-dump-style.json', q))).toEqual(
        control(await ask('01-sonobuoy-kind-1cp-2w.json', q)),
      );
    }
  });
});

describe('what was seen, on the real objects', () => {
  // Nodes only: the 3 etcd members are listed from the etcd role labels, but their health was not
  // seen, so quorum before/after is unknown (caution), neither kept nor lost.
  it('a 3-server k3s cluster with embedded etcd (derived from file 04): 3 members from the nodes, quorum before/after unknown', async () => {
    const a = await ask('derived/k3s-3servers-embedded-etcd.json', 'can I reboot k3d-mycluster-server-1');
    expect(a.context.profile).toBe('k3s');
    expect(a.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'etcd-quorum-after',
          severity: 'warn',
          variant: 'unknown',
          facts: expect.objectContaining({ voters: 3, quorum: 2, unknown: 3 }),
        }),
      ]),
    );
    expect(a.verdict).toBe('caution');
    const status = await ask('derived/k3s-3servers-embedded-etcd.json', 'status');
    expect(status.health).toBe('unknown');
    // Nodes only: the API servers are counted (one per server) but not said alive (reader5 F21; a
    // Ready node is a kubelet posting status, not an API server answering; README, derived files).
    expect(status.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'apiserver-redundancy',
          variant: 'status-unseen',
          facts: expect.objectContaining({ total: 3 }),
        }),
      ]),
    );
    expect(status.text).not.toMatch(/API servers? alive/);
    expect(status.text).toMatch(/3 API servers, one per control-plane node; whether they serve was not seen/);
    const statusKo = await ask('derived/k3s-3servers-embedded-etcd.json', 'status --lang ko');
    expect(statusKo.text).not.toMatch(/API 서버 3대 중 3대 동작/);
    expect(statusKo.text).toMatch(
      /API 서버 3대\(컨트롤 플레인 노드마다 하나\)가 있지만 응답하는지는 보지 못했습니다/,
    );
    expect(status.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          check: 'etcd-quorum-after',
          variant: 'status-unknown',
          facts: expect.objectContaining({ voters: 3, quorum: 2, unknown: 3 }),
        }),
      ]),
    );
  });

  it('one API server is counted once when the node name (an AWS FQDN) differs from the hostname its identity Lease carries', async () => {
    const file = await loadSnapshotFile(join(DIR, '03-sonobuoy-aws-kubeadm-v1.8-1master-2w.json'));
    const snapshot = snapshotFromFile(file, 'real', null);
    const at = snapshot.capturedAt;
    // What kube-apiserver >= 1.26 writes: kube-system/apiserver-<hash>, labelled with the host's own (short) name.
    snapshot.leases.push({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'apiserver-a1b2c3',
        namespace: 'kube-system',
        labels: {
          'apiserver.kubernetes.io/identity': 'kube-apiserver',
          'kubernetes.io/hostname': 'ip-10-0-9-206',
        },
      },
      spec: {
        holderIdentity: 'apiserver-a1b2c3_0b1c',
        leaseDurationSeconds: 3600,
        renewTime: at.toISOString(),
      },
    });
    const status = analyzeHaStatus(snapshot, at);
    expect(status.state.apiservers.map((a) => a.host)).toEqual(['ip-10-0-9-206.us-west-2.compute.internal']);
  });
});

describe('the formats users have', () => {
  it('a kubectl cluster-info dump --output-directory tree (typed Lists whose items carry no kind) gives the answers of file 01', async () => {
    const list = JSON.parse(readFileSync(join(DIR, '01-sonobuoy-kind-1cp-2w.json'), 'utf8')) as {
      items: { kind: string; apiVersion?: string; metadata: { namespace?: string } }[];
    };
    const dir = mkdtempSync(join(tmpdir(), 'dump-'));
    const strip = (items: typeof list.items) => items.map(({ kind: _k, apiVersion: _a, ...rest }) => rest);
    writeFileSync(
      join(dir, 'nodes.json'),
      JSON.stringify({
        kind: 'NodeList',
        apiVersion: 'v1',
        items: strip(list.items.filter((i) => i.kind === 'Node')),
      }),
    );
    const pods = list.items.filter((i) => i.kind === 'Pod');
    for (const ns of new Set(pods.map((p) => p.metadata.namespace ?? 'default'))) {
      mkdirSync(join(dir, ns));
      writeFileSync(
        join(dir, ns, 'pods.json'),
        JSON.stringify({
          kind: 'PodList',
          apiVersion: 'v1',
          items: strip(pods.filter((p) => p.metadata.namespace === ns)),
        }),
      );
      writeFileSync(
        join(dir, ns, 'events.json'),
        JSON.stringify({ kind: 'EventList', apiVersion: 'v1', items: [] }),
      );
    }
    for (const q of ['status', 'can I reboot kind-worker2']) {
      const [a, b] = [await ask(dir, q), await ask('01-sonobuoy-kind-1cp-2w.json', q)];
      expect({ verdict: a.verdict, health: a.health, findings: a.findings }).toEqual({
        verdict: b.verdict,
        health: b.health,
        findings: b.findings,
      });
    }
  });

  it('anything else is refused with the formats that work and the kubectl command that makes one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bad-'));
    const file = join(dir, 'nodes.csv');
    writeFileSync(file, 'NAME,STATUS\nkind-worker,Ready\n');
    const { code, err } = await runCli(['ask', '--snapshot', file, 'status']);
    expect(code).toBe(2);
    expect(err).toContain(
      'kubectl get nodes,pods,leases,poddisruptionbudgets,deployments,replicasets,statefulsets,daemonsets,endpointslices -A -o json',
    );
    expect(err).toMatch(/-o yaml/);
    expect(err).toMatch(/cluster-info dump/);
  });
});

const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
(KUBECTL ? describe : describe.skip)('kubectl against the simulator serving a real file', () => {
  it('kubectl get pdb -A -o json succeeds on file 07, whose PDB was recorded as policy/v1beta1', async () => {
    const file = await loadSnapshotFile(join(DIR, '07-insights-openshift-3masters-3workers.json'));
    const sim = await startSimulator({ file, heartbeats: false });
    const dir = mkdtempSync(join(tmpdir(), 'kubectl-'));
    try {
      writeFileSync(join(dir, 'config'), sim.kubeconfig);
      const { stdout } = await promisify(execFile)(
        KUBECTL as string,
        [
          '--kubeconfig',
          join(dir, 'config'),
          '--cache-dir',
          join(dir, 'cache'),
          'get',
          'pdb',
          '-A',
          '-o',
          'json',
        ],
        { timeout: 20000 },
      );
      const list = JSON.parse(stdout) as { items: { apiVersion: string; metadata: { name: string } }[] };
      expect(list.items.map((i) => [i.apiVersion, i.metadata.name])).toEqual([
        ['policy/v1', 'etcd-quorum-guard'],
      ]);
    } finally {
      await sim.close();
    }
  });
});

describe('Slack and Teams context lines name the profile and where the capture time came from, as the console does', () => {
  it('07 OpenShift status: distribution and "inferred from the node heartbeats" in all three', async () => {
    const { renderSlackMessages } = await import('../../adapters/slack/render-blocks.js');
    const { renderTeamsCards } = await import('../../adapters/teams/render-card.js');
    const config: BotConfig = {
      source: 'test',
      clusters: {
        os: {
          kind: 'snapshot',
          snapshot: join(DIR, '07-insights-openshift-3masters-3workers.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'os',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    const service = createAnswerService({ config });
    try {
      const job: AnswerJob = {
        requestId: 'ctx-1',
        text: 'status',
        cluster: 'os',
        locale: 'en',
        user: { platform: 'console', id: 'tester' },
        replyTo: { platform: 'console', address: {} },
        enqueuedAt: new Date().toISOString(),
      };
      const reply: Reply = await service.answer(job);
      // The context line closes the first screen (issue 30, item 4), before the details.
      const console =
        renderText(reply)
          .split('\n')
          .find((l) => l.startsWith('cluster ')) ?? '';
      expect(console).toMatch(/captured at .* \(inferred from the node heartbeats\)/);
      expect(console).toMatch(/distribution: openshift/);
      const slack = JSON.stringify(
        renderSlackMessages(reply).flatMap((m) => m.blocks.filter((b) => b.type === 'context')),
      );
      const teams = JSON.stringify(renderTeamsCards(reply).map((m) => m.card));
      for (const rendered of [slack, teams]) {
        expect(rendered).toMatch(/captured at [^"]* \(inferred from the node heartbeats\)/);
        expect(rendered).toMatch(/distribution: openshift/);
      }
    } finally {
      await service.close();
    }
  });
});

describe('what a List does not hold is unknown in status, never zero or absent', () => {
  it('01: no EndpointSlice in the List → the address count is "not in the snapshot", not 0', async () => {
    const a = await ask('01-sonobuoy-kind-1cp-2w.json', 'status');
    expect(a.text).toMatch(/1 of 1 API server alive \(the kubernetes EndpointSlice is not in the snapshot\)/);
    expect(a.text).not.toMatch(/\b0 address/);
  });

  it('a kubeadm List of nodes only: etcd unknown because the pods were not captured, not "no etcd pods"', async () => {
    const file = JSON.parse(readFileSync(join(DIR, '01-sonobuoy-kind-1cp-2w.json'), 'utf8')) as {
      items: { kind: string }[];
    };
    const dir = mkdtempSync(join(tmpdir(), 'nodes-only-'));
    const path = join(dir, 'nodes.json');
    writeFileSync(
      path,
      JSON.stringify({ apiVersion: 'v1', kind: 'List', items: file.items.filter((i) => i.kind === 'Node') }),
    );
    for (const text of ['status', 'can I reboot kind-control-plane']) {
      const a = await ask(path, text);
      expect(a.text).toMatch(/etcd could not be observed: the pods are not in the snapshot/);
      expect(a.text).not.toMatch(/no etcd pods/);
    }
  });

  // The server recorded its args and K3S_* variables (k3s.io/node-args ["server","--tls-san","0.0.0.0"],
  // k3s.io/node-env without K3S_DATASTORE_ENDPOINT, K3S_CLUSTER_INIT or K3S_URL; k3s pkg/nodeconfig
  // records the config file's args too): "SQLite is the default datastore, and will be used if no
  // other datastore configuration is present" (https://docs.k3s.io/datastore). So the datastore is
  // SQLite (v3a item 3; this replaced "SQLite or an external datastore", which the file's own
  // annotations narrow down).
  it('04 k3s single server without the etcd role: its datastore is named (SQLite, from its recorded args), not "no etcd pods"', async () => {
    const a = await ask('04-troubleshoot-k3d-k3s-1server.json', 'status');
    expect(a.text).toMatch(/k3s keeps its state in SQLite, its default datastore/);
    expect(a.text).not.toMatch(/no etcd pods/);
    expect(a.context.profile).toBe('k3s');
  });
});

describe('a distribution is named only on a positive mark (issue 16, v3a item 4)', () => {
  // kubeadm's marks: its control-plane static pods (component=<name>, tier=control-plane in
  // kube-system; kubeadm "implementation details"), its kubeadm.kubernetes.io/* pod annotations, the
  // kubeadm.alpha.kubernetes.io/cri-socket node annotation, kind's kind:// nodes (kind bootstraps
  // with kubeadm). Files 11 and 12 (Giant Swarm, hyperkube) carry none: the legacy
  // kubernetes.io/role=master label and the master NoSchedule taint are set by many installers.
  const GS = [
    '11-giantswarm-aws-1master-3workers-nodes.json',
    '12-giantswarm-azure-1master-3workers-nodes.json',
  ];
  function master(file: string): string {
    const raw = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as {
      items: { metadata: { name: string; labels?: Record<string, string> } }[];
    };
    const m = raw.items.find((i) => i.metadata.labels?.['kubernetes.io/role'] === 'master');
    if (m === undefined) throw new Error(`${file} has no master`);
    return m.metadata.name;
  }
  it.each(GS)(
    '%s: distribution unknown, and the upgrade gives no kubeadm command (en and ko)',
    async (file) => {
      const node = master(file);
      for (const lang of ['en', 'ko'] as const) {
        const a = await ask(file, `can I upgrade ${node}`, ['--lang', lang]);
        expect([lang, a.context.profile]).toEqual([lang, 'unknown']);
        expect([lang, a.text]).not.toEqual([
          lang,
          expect.stringMatching(
            /kubeadm (upgrade|package)|kubeadm upgrade|etcdctl snapshot save|distribution: kubeadm|배포판: kubeadm/,
          ),
        ]);
        expect(a.findings).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ check: 'upgrade-order', variant: 'unknown-distribution' }),
          ]),
        );
        // The master is still the only control plane: the reboot-side answer is unchanged.
        expect(a.verdict).toBe('unsafe');
      }
    },
  );
  // Nodes only: where etcd runs is not in the file (it may be external), so the master's loss
  // stops etcd only "if it runs there", never as a fact (house rule: missing data is unknown).
  it.each(GS)('%s: status and a master reboot never say etcd stops as a fact (en and ko)', async (file) => {
    for (const q of ['status', `can I reboot ${master(file)}`]) {
      const en = await ask(file, q);
      expect([q, en.text]).not.toEqual([q, expect.stringMatching(/API server, etcd|etcd, the scheduler/)]);
      expect([q, en.text]).toEqual([q, expect.stringMatching(/etcd too if it runs there/)]);
      const ko = await ask(file, q, ['--lang', 'ko']);
      expect([q, ko.text]).not.toEqual([
        q,
        expect.stringMatching(/API server\(apiserver\), etcd|API server, etcd/),
      ]);
      expect([q, ko.text]).toEqual([q, expect.stringMatching(/etcd가 그곳에서 실행 중이라면/)]);
    }
  });
  it.each([
    '01-sonobuoy-kind-1cp-2w.json',
    '03-sonobuoy-aws-kubeadm-v1.8-1master-2w.json',
    '13-harmol-kubeadm-v1.19-1node-sonobuoy.json',
  ])('%s: kubeadm, recognised by its own marks', async (file) => {
    const a = await ask(file, 'status');
    expect(a.context.profile).toBe('kubeadm');
  });
});

describe('k3s without etcd (issue 16, v3a item 3): no answer says etcd stops', () => {
  // docs.k3s.io/datastore: SQLite is the default; embedded etcd only with --cluster-init or by
  // joining a server; an external datastore with --datastore-endpoint. File 04 records none of them.
  const F04 = '04-troubleshoot-k3d-k3s-1server.json';
  const N = 'k3d-mycluster-server-0';
  const ETCD_STOPS =
    /etcd, the scheduler|API server and etcd|etcd there keep|stops the API server, etcd|API server\(apiserver\), etcd|API 서버와 etcd|API server, etcd/;
  it('every request form in English and Korean: the datastore is SQLite, never etcd', async () => {
    for (const q of [
      'status',
      `can I reboot ${N}`,
      `can I drain ${N}`,
      `can I upgrade ${N}`,
      `what if ${N} fails`,
    ]) {
      for (const lang of ['en', 'ko'] as const) {
        const a = await ask(F04, q, ['--lang', lang]);
        expect([q, lang, a.text]).not.toEqual([q, lang, expect.stringMatching(ETCD_STOPS)]);
        expect([q, lang, a.text]).toEqual([q, lang, expect.stringMatching(/SQLite/)]);
      }
    }
  });
  function variant(edit: (annotations: Record<string, string>) => void): string {
    const raw = JSON.parse(readFileSync(join(DIR, F04), 'utf8')) as {
      items: { kind: string; metadata: { annotations?: Record<string, string> } }[];
    };
    const node = raw.items.find((i) => i.kind === 'Node');
    if (node?.metadata.annotations === undefined) throw new Error('04 has no annotated Node');
    edit(node.metadata.annotations);
    const file = join(mkdtempSync(join(tmpdir(), 'k3s-datastore-')), '04-variant.json');
    writeFileSync(file, JSON.stringify(raw));
    return file;
  }
  it('SQLite only on evidence: --datastore-endpoint, K3S_DATASTORE_ENDPOINT or no recorded args leave it unknown (SQLite or external), never etcd', async () => {
    for (const file of [
      variant((a) => {
        a['k3s.io/node-args'] = '["server","--datastore-endpoint","********"]';
      }),
      variant((a) => {
        a['k3s.io/node-env'] = '{"K3S_DATASTORE_ENDPOINT":"********"}';
      }),
      variant((a) => {
        delete a['k3s.io/node-args'];
      }),
    ]) {
      const a = await ask(file, `can I reboot ${N}`);
      expect(a.text).toMatch(/k3s keeps its state in SQLite or an external datastore/);
      expect(a.text).toMatch(/not in etcd/);
      expect(a.text).not.toMatch(ETCD_STOPS);
      expect(a.text).not.toMatch(/distribution: k3s \(SQLite\)/);
    }
  });
});

describe('etcd members inferred from the nodes, never read: their health is unknown, never "healthy"', () => {
  // Nodes only (no pods, no etcd status): the profile lists the members from the nodes, but a Ready
  // node says nothing about its etcd member. The answer must not claim "3 of 3 members healthy",
  // HEALTHY overall, or quorum "kept" before/after a reboot.
  const K3S = 'derived/k3s-3servers-embedded-etcd.json';
  // 07 without the guard's status (see ocpWithoutGuardStatus): the members are listed from the masters only.
  const OCP = ocpWithoutGuardStatus();
  for (const [file, node] of [
    [K3S, 'k3d-mycluster-server-1'],
    [OCP, 'ci-ln-ywdpkbt-f76d1-vw6lz-master-0'],
  ] as const) {
    it(`${basename(file)}: status says the members were not seen and is not HEALTHY (en and ko)`, async () => {
      const en = await ask(file, 'status');
      expect(en.context.snapshotAt).not.toBeNull();
      expect(en.health).not.toBe('healthy');
      expect(en.health).not.toBe('degraded');
      expect(en.text).not.toMatch(/HEALTHY|members healthy|quorum holds|can take a failure today/);
      expect(en.text).toMatch(/health of 3 of the 3 etcd members was not seen/);
      expect(en.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ check: 'etcd-quorum-after', variant: 'status-unknown' }),
        ]),
      );
      const ko = await ask(file, 'status --lang ko');
      expect(ko.health).toBe(en.health);
      expect(ko.text).not.toMatch(/\[정상\]|대 정상|쿼럼 유지|1대에 장애가 나도 계속 동작합니다/);
      expect(ko.text).toMatch(/etcd 멤버 3대 중 3대의 상태는 보지 못했습니다/);
    });
    it(`${basename(file)}: a reboot of ${node} does not assert quorum before/after from nothing (en and ko)`, async () => {
      const en = await ask(file, `can I reboot ${node}`);
      expect(en.verdict).not.toBe('safe');
      expect(en.text).not.toMatch(/quorum is kept|members stay healthy|members remain/);
      expect(en.text).toMatch(/health of 3 of the 3 etcd members was not seen/);
      const q = en.findings.find((f) => f.check === 'etcd-quorum-after');
      expect(q).toEqual(expect.objectContaining({ variant: 'unknown', severity: 'warn' }));
      expect(q?.facts).not.toHaveProperty('healthyBefore');
      const ko = await ask(file, `can I reboot ${node} --lang ko`);
      expect(ko.verdict).toBe(en.verdict);
      expect(ko.text).not.toMatch(/유지됩니다: 3대 중|대 남음/);
      expect(ko.text).toMatch(/etcd 멤버 3대 중 3대의 상태는 보지 못했습니다/);
    });
  }
});

describe('what if etcd loses quorum, on members listed from the nodes only', () => {
  it('does not say quorum is ALREADY lost when no member health was seen (en and ko)', async () => {
    for (const file of ['derived/k3s-3servers-embedded-etcd.json', ocpWithoutGuardStatus()]) {
      const en = await ask(file, 'what if etcd loses quorum');
      expect(en.text).not.toMatch(/ALREADY lost quorum|0 are healthy now/);
      expect(en.findings).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ check: 'etcd-quorum-loss', variant: 'unobserved' }),
        ]),
      );
      const ko = await ask(file, 'what if etcd loses quorum --lang ko');
      expect(ko.findings.find((f) => f.check === 'etcd-quorum-loss')?.variant).toBe('unobserved');
    }
  });
});

describe('several nodes and rolling updates, on etcd members listed from the nodes only', () => {
  // The same rule as the single-node reboot: members whose health was not seen are neither healthy
  // nor down. Quorum is lost for sure only when even they could not make it (2 of 3 members down),
  // and that is said without calling the unseen member "unhealthy"; otherwise it is unknown.
  const K3S = 'derived/k3s-3servers-embedded-etcd.json';
  // 07 without the guard's status (see ocpWithoutGuardStatus): the members are listed from the masters only.
  const OCP = ocpWithoutGuardStatus();
  const M = 'ci-ln-ywdpkbt-f76d1-vw6lz-master-';
  const quorumOf = (a: JsonAnswer): Finding | undefined =>
    a.findings.find((f) => f.check === 'etcd-quorum-after');

  it('07: a master and a worker together: quorum after is unknown (caution), not lost (en and ko)', async () => {
    const q = `can I reboot ${M}0 and ci-ln-ywdpkbt-f76d1-vw6lz-worker-b-tdhq6`;
    const en = await ask(OCP, q);
    expect(quorumOf(en)).toEqual(
      expect.objectContaining({
        severity: 'warn',
        variant: 'joint-unknown',
        facts: expect.objectContaining({ voters: 3, quorum: 2, unknown: 2 }),
      }),
    );
    expect(quorumOf(en)?.facts).not.toHaveProperty('healthyBefore');
    expect(en.findings.filter((f) => /no-quorum/.test(f.variant))).toEqual([]);
    expect(en.verdict).not.toBe('safe');
    expect(en.text).not.toMatch(/quorum lost|quorum kept|stays? healthy/);
    expect(en.text).toMatch(/health of the members left was not seen for 2 of them/);
    const ko = await ask(OCP, `${q} --lang ko`);
    expect(ko.verdict).toBe(en.verdict);
    expect(quorumOf(ko)?.variant).toBe('joint-unknown');
    expect(ko.text).not.toMatch(/쿼럼 상실|쿼럼 유지/);
    expect(ko.text).toMatch(/남는 etcd 멤버 2대의 상태는 보지 못했습니다/);
  });

  // A NotReady master is a member down (seen), the other unseen: the quorum left is known short.
  it('07 with master-2 NotReady: a master and a worker together lose quorum (at most 1 of 3), and the etcd rolling restart has no spare', async () => {
    const raw = JSON.parse(readFileSync(OCP, 'utf8')) as {
      items: {
        kind: string;
        metadata: { name: string };
        status: { conditions: { type: string; status: string }[] };
      }[];
    };
    const m2 = raw.items.find((i) => i.kind === 'Node' && i.metadata.name === `${M}2`);
    const ready = m2?.status.conditions.find((c) => c.type === 'Ready');
    if (ready === undefined) throw new Error('master-2 has no Ready condition');
    ready.status = 'False';
    const file = join(mkdtempSync(join(tmpdir(), 'ocp-m2-down-')), '07-master-2-notready.json');
    writeFileSync(file, JSON.stringify(raw));
    const en = await ask(file, `can I reboot ${M}0 and ci-ln-ywdpkbt-f76d1-vw6lz-worker-b-tdhq6`);
    expect(quorumOf(en)).toEqual(
      expect.objectContaining({
        severity: 'block',
        variant: 'joint-lost-unseen',
        facts: expect.objectContaining({ unknown: 1, atMost: 1, down: [`${M}2`] }),
      }),
    );
    expect(en.verdict).toBe('unsafe');
    expect(en.text).toMatch(new RegExp(`already down: ${M}2`));
    const roll = await ask(file, 'rolling restart of etcd');
    expect(roll.findings.find((f) => f.check === 'rolling-update')?.variant).toBe('etcd-no-spare');
    expect(roll.verdict).toBe('unsafe');
  });

  for (const [file, a, b] of [
    [K3S, 'k3d-mycluster-server-1', 'k3d-mycluster-server-2'],
    [OCP, `${M}1`, `${M}2`],
  ] as const) {
    it(`${basename(file)}: two of the 3 members down loses quorum whatever their health, without calling the third unhealthy (en and ko)`, async () => {
      const en = await ask(file, `can I reboot ${a} and ${b}`);
      expect(quorumOf(en)).toEqual(
        expect.objectContaining({
          severity: 'block',
          variant: 'joint-lost-unseen',
          facts: expect.objectContaining({ voters: 3, quorum: 2, unknown: 1, atMost: 1 }),
        }),
      );
      expect(en.verdict).toBe('unsafe');
      expect(en.text).not.toMatch(/0 of 3 voting members stay healthy|stays? healthy/);
      expect(en.text).toMatch(/at most 1 of 3 voting members can stay up/);
      const ko = await ask(file, `can I reboot ${a} and ${b} --lang ko`);
      expect(ko.verdict).toBe('unsafe');
      expect(quorumOf(ko)?.variant).toBe('joint-lost-unseen');
      expect(ko.text).not.toMatch(/0(?:개|대)만 정상으로/);
      expect(ko.text).toMatch(/많아야 1대만 남아/);
    });

    it(`${basename(file)}: a rolling restart of etcd does not say "no spare" from unseen health (en and ko)`, async () => {
      const en = await ask(file, 'rolling restart of etcd');
      const roll = en.findings.find((f) => f.check === 'rolling-update');
      expect(roll).toEqual(
        expect.objectContaining({
          severity: 'warn',
          variant: 'etcd-spare-unknown',
          facts: expect.objectContaining({ voters: 3, quorum: 2, unknown: 3 }),
        }),
      );
      expect(en.findings.filter((f) => f.variant === 'etcd-no-spare')).toEqual([]);
      expect(en.verdict).toBe('caution');
      expect(en.text).not.toMatch(/no spare member|loses quorum/);
      expect(en.text).toMatch(/health of 3 of the 3 etcd members was not seen/);
      const ko = await ask(file, 'rolling restart of etcd --lang ko');
      expect(ko.verdict).toBe('caution');
      expect(ko.text).not.toMatch(/여유 멤버가 없습니다/);
      expect(ko.text).toMatch(/etcd 멤버 3대 중 3대의 상태는 보지 못했습니다/);
    });

    // One model per answer: the quorum finding says unknown, so "keeps working: etcd quorum" is
    // not promised next to it.
    it(`${basename(file)}: etcd down or restarted on ${a} does not keep quorum it could not see (en and ko)`, async () => {
      for (const q of [`what if etcd on ${a} goes down`, `restart etcd on ${a}`]) {
        const en = await ask(file, q);
        expect(quorumOf(en)).toEqual(expect.objectContaining({ variant: 'unknown', severity: 'warn' }));
        expect(en.verdict).toBe('caution');
        expect(en.text).not.toMatch(/etcd quorum \(2 of 3\)/);
        const ko = await ask(file, `${q} --lang ko`);
        expect(quorumOf(ko)?.variant).toBe('unknown');
        expect(ko.text).not.toMatch(/etcd 쿼럼\(3대 중 2대\)/);
      }
    });
  }
});

describe('upgrade advice follows the distribution (issue 16): kubeadm commands only on kubeadm', () => {
  // OpenShift: oc adm upgrade (cluster version operator; the Machine Config Operator updates the
  // nodes) and /usr/local/bin/cluster-backup.sh on a master (OpenShift docs "Updating a cluster using
  // the CLI", "Backing up etcd data"); k3s and RKE2: their installers and etcd-snapshot save
  // (https://docs.k3s.io/upgrades/manual, https://docs.rke2.io/upgrades/manual_upgrade); managed:
  // the provider upgrades the control plane and the node pools.
  it.each([
    [
      '07-insights-openshift-3masters-3workers.json',
      'ci-ln-ywdpkbt-f76d1-vw6lz-master-0',
      /oc adm upgrade/,
      /\/usr\/local\/bin\/cluster-backup\.sh/,
    ],
    [
      '07-insights-openshift-3masters-3workers.json',
      'ci-ln-ywdpkbt-f76d1-vw6lz-worker-b-tdhq6',
      /oc adm upgrade/,
      /cluster-backup\.sh/,
    ],
    [
      '08-insights-openshift-imeixner-master0-etcdpod.json',
      'master-0.imeixner20210707.lab.upshift.rdu2.redhat.com',
      /oc adm upgrade/,
      /cluster-backup\.sh/,
    ],
    // k3d runs k3s in Docker containers (https://k3d.io, "a lightweight wrapper to run k3s in
    // docker"); it has no upgrade command (`k3d node edit` only maps ports), and a cluster's k3s
    // version is its nodes' image (`k3d cluster create --image`): v3a item 3 replaced the k3s install
    // script here.
    [
      '04-troubleshoot-k3d-k3s-1server.json',
      'k3d-mycluster-server-0',
      /k3d cluster create/,
      /k3d cluster delete mycluster/,
    ],
    ['06-edgexr-rke2-1server-node.json', 'nori', /INSTALL_RKE2_VERSION/, /rke2 etcd-snapshot save/],
    [
      '05-edgexr-aks-3agents-nodes.json',
      'aks-agentpool-30520393-vmss000000',
      /through the provider/,
      /provider/,
    ],
  ])('%s: upgrading %s names no kubeadm command', async (file, node, how, backup) => {
    for (const lang of ['en', 'ko'] as const) {
      const a = await ask(file, `can I upgrade ${node}`, ['--lang', lang]);
      expect([lang, a.text]).not.toEqual([lang, expect.stringMatching(/kubeadm|etcdctl snapshot save/)]);
      if (lang === 'en') {
        expect(a.text).toMatch(how);
        expect(a.text).toMatch(backup);
      }
    }
  });
});

describe('drain advice that proceeds (issue 16, real 01 and 13)', () => {
  // kubectl drain refuses pods with no controller without --force and pods with emptyDir volumes
  // without --delete-emptydir-data (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
  // File 13 runs v1.19.16: the flag came with kubectl v1.20 (renamed from --delete-local-data,
  // kubernetes/kubernetes#95076), but the flag is the user's kubectl's, not the cluster's, and
  // kubectl v1.32 rejects --delete-local-data ("unknown flag"; issue 28, oracle group 6, where the
  // command this test asked for failed): the command carries the new name, the old one is named
  // beside it for a kubectl older than v1.20.
  it.each(['en', 'ko'] as const)(
    '13 my-node (%s): the drain command has --force and --delete-emptydir-data, names the old flag, and says what --force deletes',
    async (lang) => {
      const a = await ask('13-harmol-kubeadm-v1.19-1node-sonobuoy.json', 'can I drain my-node', [
        '--lang',
        lang,
      ]);
      expect(a.text).toContain('kubectl drain my-node --ignore-daemonsets --force --delete-emptydir-data');
      expect(a.text).toMatch(
        lang === 'en'
          ? /--delete-local-data in a kubectl older than v1\.20/
          : /v1\.20보다 오래된 kubectl에서는 --delete-local-data/,
      );
      expect(a.text).not.toMatch(/kubectl drain [^\n(]*--delete-local-data/);
      expect(a.text).toMatch(
        lang === 'en'
          ? /--force deletes for good every pod on my-node with no controller \(events-2324\/send-events-[^)]*sonobuoy\/sonobuoy\)/
          : /--force는 컨트롤러가 없는 파드\(.*sonobuoy\/sonobuoy\)를 영구히 삭제/,
      );
      expect(a.text).not.toContain('add --delete-emptydir-data only if');
    },
  );
  it.each(['en', 'ko'] as const)(
    '01 kind-control-plane (%s): no "restore the taint" it has, no "drain first" in a drain answer',
    async (lang) => {
      const drain = await ask('01-sonobuoy-kind-1cp-2w.json', 'can I drain kind-control-plane', [
        '--lang',
        lang,
      ]);
      expect(drain.text).not.toMatch(/restor\w* the control-plane NoSchedule taint|taint 복원|테인트 복원/);
      expect(drain.text).not.toMatch(/Drain kind-control-plane first|먼저 kind-control-plane을 드레인/);
      // The node's pods are seen; the file holds no DaemonSet, and kubectl refuses such pods
      // without --force (daemonsets.apps "kindnet" not found; filters.go daemonSetFilter; issue 28,
      // oracle group 7), which leaves them running when the DaemonSet is there; one of them has an
      // emptyDir, which kubectl's localStorageFilter then asks --delete-emptydir-data for.
      expect(drain.text).toMatch(
        /kubectl drain kind-control-plane --ignore-daemonsets --force --delete-emptydir-data(?! --)/,
      );
      const reboot = await ask('01-sonobuoy-kind-1cp-2w.json', 'can I reboot kind-control-plane', [
        '--lang',
        lang,
      ]);
      expect(reboot.text).not.toMatch(/restor\w* the control-plane NoSchedule taint|taint 복원|테인트 복원/);
      expect(reboot.text).toMatch(
        lang === 'en' ? /they tolerate its control-plane NoSchedule taint/ : /taint에 대한 toleration이 있어/,
      );
    },
  );
});

describe('commands that fit the cluster they are given for (issue 16, reader5 F4, F16, F16b, F17, F26)', () => {
  const SCENARIO_DIR = join(process.cwd(), 'test/fixtures/scenarios');
  // F17: on the only node a drain moves nothing (kubectl drain reference: it cordons the node and
  // evicts its pods, which then have no node to run on), and its --force and emptyDir flag delete
  // for good the bare pods and emptyDir data that a plain reboot keeps (an emptyDir lives as long as
  // its pod is on the node: https://kubernetes.io/docs/concepts/storage/volumes/#emptydir).
  it.each(['en', 'ko'] as const)(
    '02 kind-control-plane, the only node (%s): the reboot is advised without a drain',
    async (lang) => {
      const a = await ask('02-sonobuoy-kind-1node-leases-2021.json', 'can I reboot kind-control-plane', [
        '--lang',
        lang,
      ]);
      expect(a.findings.filter((f) => f.check === 'unmanaged-pods').map((f) => f.variant)).toEqual([
        'only-node',
      ]);
      expect(a.text).not.toMatch(/kubectl drain|drain --force|drain with --delete|--delete-\S+로 드레인/);
      expect(a.text).not.toMatch(/deleted for good, no controller|영구 삭제됨/);
      expect(a.text).toMatch(
        lang === 'en'
          ? /Do not drain kind-control-plane: it is the only node/
          : /kind-control-plane(을|를) 드레인하지 마세요: 유일한 노드라서/,
      );
      // Asked to drain, the drain command is still complete (the question was a drain).
      const drain = await ask('02-sonobuoy-kind-1node-leases-2021.json', 'can I drain kind-control-plane', [
        '--lang',
        lang,
      ]);
      expect(drain.text).toContain(
        'kubectl drain kind-control-plane --ignore-daemonsets --force --delete-emptydir-data',
      );
    },
  );
  // F16b: /readyz is served from kube-apiserver v1.16 (https://kubernetes.io/docs/reference/using-api/health-checks/);
  // file 14 runs v1.10, file 11 v1.14.
  it.each([
    ['14-managedkube-gke-v1.10-node-and-pod.json', 'gke-gar-1-pool-1-dce25db1-2mm5'],
    ['11-giantswarm-aws-1master-3workers-nodes.json', 'ip-10-1-1-34.eu-central-1.compute.internal'],
  ])('%s: the control-plane check is /healthz, not /readyz', async (file, node) => {
    for (const lang of ['en', 'ko']) {
      const a = await ask(file, `can I reboot ${node}`, ['--lang', lang]);
      expect(a.text).not.toContain('get --raw /readyz');
      if (a.findings.some((f) => f.check === 'control-plane-healthy-for-worker' && f.variant === 'unseen'))
        expect(a.text).toContain('kubectl get --raw /healthz');
    }
  });
  // F16: v1.9 packages were only in the legacy repositories, removed in March 2024
  // (https://kubernetes.io/blog/2023/08/31/legacy-package-repository-deprecation/, kubernetes/release#3485).
  it.each(['en', 'ko'] as const)(
    '03 (v1.8.4) upgrade (%s): no package or kubeadm command, only why',
    async (lang) => {
      const a = await ask(
        '03-sonobuoy-aws-kubeadm-v1.8-1master-2w.json',
        'can I upgrade ip-10-0-9-206.us-west-2.compute.internal',
        ['--lang', lang],
      );
      expect(
        a.findings.filter((f) => f.check === 'upgrade-packages').map((f) => [f.variant, f.facts.next]),
      ).toEqual([['legacy', 'v1.9']]);
      expect(a.text).not.toMatch(
        /kubeadm upgrade (?:node|apply)|upgrade the kubeadm package|kubeadm 패키지 업그레이드/,
      );
      expect(a.text).toMatch(lang === 'en' ? /apt\.kubernetes\.io and yum\.kubernetes\.io/ : /레거시 저장소/);
    },
  );
  // F4: one pkgs.k8s.io repository per minor; the line is changed and the held packages unheld
  // ("Changing The Kubernetes Package Repository", "Upgrading kubeadm clusters", kubernetes.io).
  it.each(['en', 'ko'] as const)(
    'scenario 01 (v1.33) upgrade (%s): the repository moves to v1.34 first',
    async (lang) => {
      const a = await ask(
        join(SCENARIO_DIR, '01-healthy-3cp-stacked-etcd.json'),
        'can I upgrade atlas-cp-3',
        ['--lang', lang],
      );
      expect(a.text).toContain("sudo sed -i 's#/v1.33/#/v1.34/#' /etc/apt/sources.list.d/kubernetes.list");
      expect(a.text).toContain(
        'sudo apt-mark unhold kubeadm && sudo apt-get update && sudo apt-get install -y kubeadm && sudo apt-mark hold kubeadm',
      );
      expect(a.text).toContain('sudo apt-mark unhold kubelet kubectl');
    },
  );
  // F26: with kube-proxy's mode unknown, the check is its mode-independent health server
  // (kube-proxy reference, --healthz-bind-address 0.0.0.0:10256).
  it.each(['en', 'ko'] as const)(
    'scenario 43, no kube-proxy ConfigMap (%s): the rules are checked through /healthz',
    async (lang) => {
      const a = await ask(
        join(SCENARIO_DIR, '43-worker-ingress-lb-external-traffic-policy-local.json'),
        'what if kube-proxy restarts on hydra-wk-2',
        ['--lang', lang],
      );
      expect(a.findings.filter((f) => f.check === 'kube-proxy-mode').map((f) => f.variant)).toEqual([
        'absent',
      ]);
      expect(a.text).toContain('curl -sf http://127.0.0.1:10256/healthz');
      expect(a.text).toContain('curl -s http://127.0.0.1:10249/proxyMode');
      expect(a.text).not.toMatch(
        /(?:check the rules are back on hydra-wk-2|규칙이 돌아왔는지 확인하세요): iptables-save/,
      );
    },
  );
});
