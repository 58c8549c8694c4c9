/**
 * Every answer is internally consistent and its suggestions are correct. Every scenario,
 * every real cluster file and a set of generated clusters are asked every request form (reboot,
 * drain, upgrade, what-if, status) in English and Korean; each answer goes through
 * {@link answerViolations} (test/helpers/answer-invariants.ts). A planted contradiction of each kind
 * is shown to be caught.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { clusterUpgradeStart } from '../../src/analysis/upgrade-start.js';
import type { Finding } from '../../src/analysis/types.js';
import type { KNode, KPersistentVolume, KPersistentVolumeClaim, KPod } from '../../src/cluster/types.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import {
  type InvariantContext,
  answerViolations,
  firstScreenCountViolations,
  strandedCountViolations,
  versionedCommandViolations,
  etcdctlShapeError,
  kubeadmShapeError,
  kubectlShapeError,
  latinReading,
  nodeReadingViolations,
  particleViolations,
  placementViolations,
  restartReadingViolations,
  suggestedCommands,
} from '../helpers/answer-invariants.js';

const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');
const REAL = join(process.cwd(), 'test/fixtures/real-clusters');
const GEN = mkdtempSync(join(tmpdir(), 'invariants-'));

// Generated shapes the fixtures lack: 1, 2 (even), 4 and 5 control planes, all-control-plane clusters.
const SHAPES = [
  { nodes: 1, controlPlaneNodes: 1 },
  { nodes: 2, controlPlaneNodes: 2 },
  { nodes: 3, controlPlaneNodes: 3 },
  { nodes: 4, controlPlaneNodes: 1 },
  { nodes: 6, controlPlaneNodes: 4 },
  { nodes: 8, controlPlaneNodes: 5 },
  { nodes: 5, controlPlaneNodes: 3 },
];
const generated: string[] = [];
for (const [i, s] of SHAPES.entries()) {
  const path = join(GEN, `gen-${i}-${s.controlPlaneNodes}cp-${s.nodes}n.json`);
  await writeScenarioFile(path, generateCluster({ ...s, pods: s.nodes * 12, seed: i + 1, prefix: `g${i}` }));
  generated.push(path);
}

const files = [
  ...readdirSync(SCENARIOS)
    .filter((f) => /^\d+.*\.json$/.test(f))
    .map((f) => join(SCENARIOS, f)),
  ...readdirSync(REAL)
    .filter((f) => /^\d+.*\.json$/.test(f))
    .map((f) => join(REAL, f)),
  ...readdirSync(join(REAL, 'derived')).map((f) => join(REAL, 'derived', f)),
  // The demo cluster of `ask` without --cluster (issue 30's findings were on it).
  join(process.cwd(), 'examples/ha-3cp.json'),
  ...generated,
];

interface Case {
  file: string;
  cluster: string;
  ctx: Omit<InvariantContext, 'target'>;
  targets: string[];
  /**
   * Nodes asked about together: every pair of control-plane nodes (at most 6), a control plane
   * with a worker, two workers, and three nodes (control planes first) when the cluster has three.
   */
  pairs: string[][];
  /** The node the whole cluster's upgrade starts with ("how do I upgrade the cluster?"), or null. */
  upgradeStart: string | null;
}

/** Most pairs of control-plane nodes asked about per cluster (a 5-node control plane has 10). */
const MAX_CP_PAIRS = 6;

const isCp = (n: KNode): boolean =>
  Object.keys(n.metadata.labels ?? {}).some(
    (k) => k === 'node-role.kubernetes.io/control-plane' || k === 'node-role.kubernetes.io/master',
  ) || n.metadata.labels?.['node-role.kubernetes.io/control-plane'] === 'true';
const ready = (n: KNode): boolean => n.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';

const cases: Case[] = [];
for (const [i, file] of files.entries()) {
  const loaded = await loadSnapshotFile(file);
  const nodes = loaded.items.filter((x) => x.kind === 'Node') as unknown as KNode[];
  const cp = nodes.find(isCp);
  const worker = nodes.find((n) => !isCp(n));
  const cps = nodes.filter(isCp).map((n) => n.metadata.name);
  const workers = nodes.filter((n) => !isCp(n)).map((n) => n.metadata.name);
  const pairs: string[][] = [];
  for (let a = 0; a < cps.length; a++)
    for (let b = a + 1; b < cps.length; b++) pairs.push([cps[a] as string, cps[b] as string]);
  pairs.splice(MAX_CP_PAIRS);
  if (cps[0] !== undefined && workers[0] !== undefined) pairs.push([cps[0], workers[0]]);
  if (workers.length >= 2) pairs.push([workers[0] as string, workers[1] as string]);
  if (nodes.length >= 3) pairs.push([...cps, ...workers].slice(0, 3));
  const minors = nodes
    .map((n) => /^v1\.(\d+)/.exec(n.status?.nodeInfo?.kubeletVersion ?? '')?.[1])
    .filter((x): x is string => x !== undefined)
    .map(Number);
  // The node that holds the kube-vip control-plane VIP (its Lease plndr-cp-lock) is asked about too.
  const vipLease = loaded.items.find(
    (x) =>
      x.kind === 'Lease' && x.metadata.name === 'plndr-cp-lock' && x.metadata.namespace === 'kube-system',
  ) as { spec?: { holderIdentity?: string } } | undefined;
  const vipHolder = nodes.find((n) => n.metadata.name === vipLease?.spec?.holderIdentity)?.metadata.name;
  const single = [cp, worker].filter((n): n is KNode => n !== undefined).map((n) => n.metadata.name);
  if (vipHolder !== undefined && !single.includes(vipHolder)) single.push(vipHolder);
  // The node a scenario is about (its `request`): scenario 47's stale Lease is on lyra-wk-2, which
  // is neither the first control plane nor the first worker (reader5 F30: one reading of the node).
  const request = file.startsWith(SCENARIOS)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { request?: unknown }).request
    : undefined;
  if (typeof request === 'string')
    for (const n of nodes)
      if (
        new RegExp(`\\b${n.metadata.name.replace(/[.]/g, '\\.')}\\b`).test(request) &&
        !single.includes(n.metadata.name)
      )
        single.push(n.metadata.name);
  // kube-proxy's mode from its ConfigMap (kube-system/kube-proxy, config.conf `mode:`; empty is the
  // iptables default on Linux; kube-proxy reference), null when the file has no such ConfigMap.
  const proxyCm = loaded.items.find(
    (x) =>
      x.kind === 'ConfigMap' && x.metadata.name === 'kube-proxy' && x.metadata.namespace === 'kube-system',
  ) as { data?: Record<string, string> } | undefined;
  const modeLine = /^mode:\s*"?([a-z]*)"?\s*$/m.exec(proxyCm?.data?.['config.conf'] ?? '');
  const proxyMode = modeLine === null ? null : modeLine[1] === '' ? 'iptables' : (modeLine[1] ?? null);
  // Rule 36's oracle, from the file alone: the nodes it lists no pod on while a DaemonSet's status
  // counts nodes running its pod (currentNumberScheduled, "nodes that are running at least 1 daemon
  // pod"; numberReady without it) beyond the nodes the file lists a pod of it on (DaemonSetStatus,
  // https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus).
  const podItems = loaded.items.filter((x) => x.kind === 'Pod') as unknown as {
    metadata: { namespace?: string; ownerReferences?: { kind?: string; name?: string }[] };
    spec?: { nodeName?: string };
  }[];
  const dsShort = loaded.items
    .filter((x) => x.kind === 'DaemonSet')
    .some((x) => {
      const st = (x as { status?: { currentNumberScheduled?: number; numberReady?: number } }).status;
      const running = st?.currentNumberScheduled ?? st?.numberReady;
      const on = new Set(
        podItems
          .filter(
            (p) =>
              (p.metadata.namespace ?? 'default') === (x.metadata.namespace ?? 'default') &&
              (p.metadata.ownerReferences ?? []).some(
                (o) => o.kind === 'DaemonSet' && o.name === x.metadata.name,
              ),
          )
          .map((p) => p.spec?.nodeName),
      );
      return running !== undefined && running > on.size;
    });
  const podsUnlistedNodes = dsShort
    ? nodes.map((n) => n.metadata.name).filter((n) => !podItems.some((p) => p.spec?.nodeName === n))
    : [];
  // A node whose pods the file's DaemonSets count but the file does not list is asked about too (rule 43).
  const firstUnlisted = podsUnlistedNodes[0];
  if (firstUnlisted !== undefined && !single.includes(firstUnlisted)) single.push(firstUnlisted);
  cases.push({
    file,
    cluster: `c${i}`,
    targets: single,
    pairs,
    upgradeStart: (() => {
      const snap = snapshotFromFile(loaded, `c${i}`, null);
      return clusterUpgradeStart(snap, snap.capturedAt);
    })(),
    ctx: {
      downNodes: nodes.filter((n) => !ready(n)).map((n) => n.metadata.name),
      allControlPlane: nodes.length > 0 && nodes.every(isCp),
      minor: minors.length > 0 ? Math.max(...minors) : null,
      writesBlocked: (loaded.etcd?.alarms.length ?? 0) > 0,
      readyzSeen: loaded.readyz !== null,
      nodeCount: nodes.length,
      proxyMode,
      nodes: nodes.map((n) => n.metadata.name),
      podsUnlistedNodes,
      cluster: {
        nodes,
        pods: loaded.items.filter((x) => x.kind === 'Pod') as unknown as KPod[],
        claims: loaded.items.filter(
          (x) => x.kind === 'PersistentVolumeClaim',
        ) as unknown as KPersistentVolumeClaim[],
        volumes: loaded.items.filter((x) => x.kind === 'PersistentVolume') as unknown as KPersistentVolume[],
      },
    },
  });
}

const config: BotConfig = {
  source: 'test',
  clusters: Object.fromEntries(
    cases.map((c) => [
      c.cluster,
      { kind: 'snapshot' as const, snapshot: c.file, requestTimeoutMs: 5000, deadlineMs: 20000 },
    ]),
  ),
  defaultCluster: 'c0',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};
// The snapshot files are analysed directly, as `ask --snapshot` does: the same reduction as the live
// reader (snapshot-command.test.ts shows the two paths give the same findings), without the HTTP round
// trips through the simulator that were half of this file's time.
const service = createAnswerService({ config, snapshotsFromFile: true });
afterAll(() => service.close());

const FORMS = (node: string): string[] => [
  `can I reboot ${node}`,
  `can I drain ${node}`,
  `can I upgrade ${node}`,
  `what if ${node} goes down`,
  `restart etcd on ${node}`,
  `restart kube-apiserver on ${node}`,
  // A permanent removal, not an outage (rule 63).
  `etcdctl member remove ${node}`,
];

/** The request form of a question of {@link FORMS} (for the rules that depend on it). */
const REQUEST_OF = (text: string): NonNullable<InvariantContext['request']> =>
  text.startsWith('can I reboot')
    ? 'reboot'
    : text.startsWith('can I drain')
      ? 'drain'
      : text.startsWith('can I upgrade') || text.startsWith('how do I upgrade the cluster')
        ? 'upgrade'
        : text.startsWith('restart')
          ? 'restart'
          : text.startsWith('etcdctl member remove')
            ? 'member-remove'
            : text === 'status'
              ? 'status'
              : 'what-if';

function job(cluster: string, text: string): AnswerJob {
  return {
    requestId: `inv-${cluster}`,
    text,
    cluster,
    locale: 'en',
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

/** A joint reboot's multi-node part with no findings and an empty plan (planted cases add the text). */
function togetherReboot(nodes: string[]): Reply['multiNode'] {
  return {
    mode: 'together',
    action: 'reboot',
    nodes,
    joint: { verdict: 'caution', findings: [] },
    plan: {
      verdict: 'caution',
      order: [],
      batches: [],
      riskiestStep: null,
      workerBatchSize: 1,
      steps: [],
      excluded: [],
    },
  };
}

describe('answers never contradict themselves', () => {
  it(`covers at least 30 clusters (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
  });

  it.each(
    cases.map((c) => [c.file.replace(process.cwd() + '/', '').replace(GEN, '(generated)'), c] as const),
  )('%s: every request form, English and Korean', async (_name, c) => {
    const asks: { text: string; target: string | null }[] = [{ text: 'status', target: null }];
    for (const t of c.targets) for (const form of FORMS(t)) asks.push({ text: form, target: t });
    // The whole cluster's upgrade: the answer is about the node its order starts with.
    if (c.upgradeStart !== null) asks.push({ text: 'how do I upgrade the cluster?', target: c.upgradeStart });
    const violations: string[] = [];
    // The reboot, drain and upgrade answers of each target, for one reading of the node.
    const byTarget = new Map<string, Partial<Record<'reboot' | 'drain' | 'upgrade', Reply>>>();
    // The kube-apiserver restart of each target, beside its reboot answer (rule 50).
    const restarts = new Map<string, Reply>();
    for (const a of asks) {
      for (const lang of ['en', 'ko'] as const) {
        const reply = await service.answer(job(c.cluster, `${a.text} --lang ${lang}`));
        expect(reply.kind).not.toBe('help');
        // The whole cluster's upgrade is answered as such (its first finding says so).
        if (a.text.startsWith('how do I upgrade the cluster'))
          expect([a.text, reply.findings?.[0]?.variant]).toEqual([
            a.text,
            expect.stringMatching(/^cluster-/),
          ]);
        for (const v of answerViolations(reply, {
          ...c.ctx,
          target: a.target,
          request: REQUEST_OF(a.text),
        }))
          violations.push(`[${a.text} · ${lang}] ${v}`);
        const form = /^can I (reboot|drain|upgrade) /.exec(a.text)?.[1] as 'reboot' | 'drain' | 'upgrade';
        if (a.target !== null && form !== undefined && lang === 'en')
          byTarget.set(a.target, { ...byTarget.get(a.target), [form]: reply });
        if (a.target !== null && a.text.startsWith('restart kube-apiserver') && lang === 'en')
          restarts.set(a.target, reply);
      }
    }
    for (const [node, answers] of byTarget) violations.push(...nodeReadingViolations(node, answers));
    for (const [node, restart] of restarts) {
      const reboot = byTarget.get(node)?.reboot;
      if (reboot !== undefined) violations.push(...restartReadingViolations(node, restart, reboot));
    }
    expect([...new Set(violations)]).toEqual([]);
  });
});

/** The request forms about several nodes: reboot, drain and upgrade together, the what-if of all lost, the rolling plan. */
const GROUP_FORMS = (nodes: readonly string[]): string[] => {
  const list = `${nodes.slice(0, -1).join(', ')} and ${nodes[nodes.length - 1] ?? ''}`;
  return [
    `can I reboot ${list}`,
    `can I drain ${list}`,
    `can I upgrade ${list}`,
    `what if ${list} go down`,
    `reboot ${list} one by one`,
  ];
};

describe('answers about several nodes never contradict themselves', () => {
  const withPairs = cases.filter((c) => c.pairs.length > 0);
  it(`covers every scenario with two nodes or more (${withPairs.length} clusters)`, () => {
    const scenarios = cases.filter((c) => c.file.startsWith(SCENARIOS));
    expect(scenarios.length).toBeGreaterThanOrEqual(20);
    for (const c of scenarios) expect([c.file, c.pairs.length > 0]).toEqual([c.file, true]);
  });

  it.each(
    withPairs.map((c) => [c.file.replace(process.cwd() + '/', '').replace(GEN, '(generated)'), c] as const),
  )(
    '%s: pairs and a triple of nodes, every request form, English and Korean',
    async (_name, c) => {
      const violations: string[] = [];
      for (const group of c.pairs) {
        for (const text of GROUP_FORMS(group)) {
          for (const lang of ['en', 'ko'] as const) {
            const reply = await service.answer(job(c.cluster, `${text} --lang ${lang}`));
            // Asked about several nodes: the answer is the multi-node one, about exactly these.
            expect([text, reply.multiNode?.nodes]).toEqual([text, group]);
            for (const v of answerViolations(reply, { ...c.ctx, target: null, targets: group }))
              violations.push(`[${text} · ${lang}] ${v}`);
          }
        }
      }
      expect([...new Set(violations)]).toEqual([]);
    },
    180_000,
  );
});

describe('restart answers suggest checks that fit the cluster (rule 29, issue 16 F16, F26)', () => {
  // Not in FORMS: this form is held to rule 29 only (its verdict rules belong to the what-if answers).
  it.each(
    cases.map((c) => [c.file.replace(process.cwd() + '/', '').replace(GEN, '(generated)'), c] as const),
  )(
    '%s: kube-proxy and kube-apiserver restarts, the kube-proxy rollout, English and Korean',
    async (_name, c) => {
      const violations: string[] = [];
      const asks: [string, string | null][] = [['rolling restart of kube-proxy', null]];
      for (const t of c.targets)
        asks.push([`what if kube-proxy restarts on ${t}`, t], [`restart kube-apiserver on ${t}`, t]);
      for (const [text, t] of asks)
        for (const lang of ['en', 'ko'] as const) {
          const reply = await service.answer(job(c.cluster, `${text} --lang ${lang}`));
          for (const v of versionedCommandViolations(renderText(reply), {
            ...c.ctx,
            target: t,
            request: 'what-if',
          }))
            violations.push(`[${text} · ${lang}] ${v}`);
          // Rule 4 too: every kubectl command of these answers parses (reader6 B24: the rollout's
          // `ds/kube-system/kube-proxy`, which kubectl refuses, is the issue's own example).
          for (const cmd of suggestedCommands(renderText(reply))) {
            const err = cmd.startsWith('kubectl') ? kubectlShapeError(cmd) : null;
            if (err) violations.push(`[${text} · ${lang}] kubectl command does not parse (${err}): "${cmd}"`);
          }
        }
      expect([...new Set(violations)]).toEqual([]);
    },
  );
});

describe('the only node is upgraded without a drain (issue 16, reader5 F17)', () => {
  // A drain of the only node moves nothing and deletes bare pods and emptyDir data (kubectl drain
  // reference, https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/): the kubeadm
  // steps of a one-node cluster (generated, v1.3x: its packages are on pkgs.k8s.io) leave it out.
  const one = cases.find((c) => c.file.includes('gen-0-1cp-1n'));
  it.each(['en', 'ko'] as const)('%s', async (lang) => {
    expect(one).toBeDefined();
    const node = one?.targets[0] ?? '';
    const reply = await service.answer(job(one?.cluster ?? '', `can I upgrade ${node} --lang ${lang}`));
    const text = renderText(reply);
    expect(text).toMatch(lang === 'en' ? /without a drain \(\S+ is the only node/ : /드레인 없이\(/);
    expect(text).not.toMatch(/then drain it|그다음 드레인,|kubectl drain/);
    expect(text).toContain('systemctl restart kubelet');
  });
});

describe('rule 29 catches commands that do not fit the cluster (issue 16, reader5)', () => {
  const base: InvariantContext = { target: 'n1', downNodes: [], allControlPlane: false, minor: 33 };
  // Each planted text is what an answer said (reader5 F4, F16, F16b, F17, F26); the clean one beside
  // it is the form that fits the same cluster.
  it.each([
    [
      '/readyz on v1.10 (F16b, real 14)',
      { minor: 10 },
      'Check it first (kubectl get --raw /readyz).',
      'Check it first (kubectl get --raw /healthz).',
      /\/readyz asked of a v1\.10 API server/,
    ],
    [
      '/readyz in a wait step on v1.8 (F16, real 03)',
      { minor: 8, request: 'upgrade' as const },
      'wait until m1 is Ready, its API server passes /readyz and etcd has every member healthy',
      'wait until m1 is Ready and etcd has every member healthy',
      /\/readyz asked of a v1\.8 API server/,
    ],
    [
      // The flag is the user's kubectl's, not the cluster's: kubectl v1.32 rejects the old name
      // (issue 28, oracle group 6), so even a v1.14 cluster gets the new one, the old one named beside it.
      '--delete-local-data in a drain command on v1.14',
      { minor: 14 },
      'Drain with kubectl drain n1 --ignore-daemonsets --delete-local-data.',
      'Drain with kubectl drain n1 --ignore-daemonsets --delete-emptydir-data (--delete-local-data in a kubectl older than v1.20).',
      /a drain command with --delete-local-data/,
    ],
    [
      '--delete-local-data in a drain command on v1.33',
      { minor: 33 },
      'Drain with kubectl drain n1 --ignore-daemonsets --delete-local-data.',
      'Drain with kubectl drain n1 --ignore-daemonsets --delete-emptydir-data.',
      /a drain command with --delete-local-data/,
    ],
    [
      'kubeadm upgrade node from v1.8 (F16, real 03)',
      { minor: 8 },
      'then the workers: upgrade the kubeadm package, run kubeadm upgrade node; then drain',
      'no upgrade command is given from v1.8.4 to v1.9.',
      /kubeadm upgrade node suggested for an upgrade from v1\.8/,
    ],
    [
      'a package step for v1.20 (F16, real 13)',
      { minor: 19, request: 'upgrade' as const },
      'my-node first, to a v1.20 patch release only: upgrade the kubeadm package to it, run kubeadm upgrade plan',
      'no upgrade command is given from v1.19.16 to v1.20: its packages cannot be installed from any Kubernetes repository today.',
      /a package upgrade step for v1\.20/,
    ],
    [
      'a minor upgrade without the repository change (F4, scenario 01)',
      { minor: 33, request: 'upgrade' as const },
      'atlas-cp-3 first, to a v1.34 patch release only: upgrade the kubeadm package to it, run kubeadm upgrade plan',
      "on each node: sudo sed -i 's#/v1.33/#/v1.34/#' /etc/apt/sources.list.d/kubernetes.list; then sudo apt-mark unhold kubeadm && sudo apt-get update && sudo apt-get install -y kubeadm && sudo apt-mark hold kubeadm. atlas-cp-3 first, to a v1.34 patch release only",
      /a minor upgrade to v1\.34 without pointing the package repository at it/,
    ],
    [
      'a drain for a reboot of the only node (F17, real 02)',
      { nodeCount: 1, request: 'reboot' as const },
      'Recreate these pods under a controller, or accept losing them (drain --force).',
      'Reboot n1 without a drain: it is the only node, so a drain moves nothing.',
      /a drain advised for a reboot of the only node/,
    ],
    [
      'a drain with the emptyDir flag for a reboot of the only node, in Korean (F17, real 02)',
      { nodeCount: 1, request: 'reboot' as const },
      'emptyDir 데이터가 사라져도 되는지 확인한 뒤 --delete-emptydir-data로 드레인하세요.',
      'emptyDir 데이터 때문에 n1(을)를 드레인하지 마세요: 그냥 재부팅하면 데이터가 남습니다.',
      /a drain advised for a reboot of the only node/,
    ],
    [
      'an iptables check while the mode is unknown (F26, scenario 43)',
      { proxyMode: null },
      'After the restart, check the rules are back on n1: iptables-save | grep -c KUBE-SVC',
      'After the restart, check on n1: curl -sf http://127.0.0.1:10256/healthz. In iptables mode: iptables-save | grep -c KUBE-SVC',
      /kube-proxy's iptables rules checked while its mode is unknown/,
    ],
    [
      'a placeholder node in the rollout check (rolling kube-proxy)',
      {},
      'After the restart, check on NODE that kube-proxy has synced its Service rules again: curl -sf http://127.0.0.1:10256/healthz',
      "As each node's kube-proxy restarts, check on that node that it has synced its Service rules again: curl -sf http://127.0.0.1:10256/healthz",
      /a placeholder node name in a suggested check/,
    ],
    [
      'an iptables check in IPVS mode',
      { proxyMode: 'ipvs' },
      'After the restart, check the rules are back on n1: iptables-save | grep -c KUBE-SVC',
      'After the restart, check the virtual servers on n1: ipvsadm -Ln',
      /kube-proxy's iptables rules checked while its mode is ipvs/,
    ],
  ] as const)('%s', (_name, ctx, planted, clean, expected) => {
    const c: InvariantContext = { ...base, ...ctx };
    expect(versionedCommandViolations(planted, c).join('\n')).toMatch(expected);
    expect(versionedCommandViolations(clean, c)).toEqual([]);
  });
});

describe('every answer has the same footer (one function builds every context)', () => {
  // Issue 16: joint and what-if answers lacked the distribution and where the capture time came from.
  const file = cases.find((c) => c.file.includes('46-3cp-kube-vip-holder-reboot'));
  it.each(['en', 'ko'] as const)(
    '%s: status, one node, several nodes, what-if, drain, upgrade',
    async (lang) => {
      expect(file).toBeDefined();
      const cluster = file?.cluster ?? '';
      const footers = new Map<string, string>();
      for (const text of [
        'status',
        'can I reboot atlas-cp-1',
        'can I reboot atlas-cp-1 and atlas-cp-2',
        'reboot atlas-cp-1 and atlas-wk-1 one by one',
        'what if etcd is down on atlas-cp-1',
        'what if atlas-cp-2 goes down',
        'can I drain atlas-wk-1',
        'can I upgrade atlas-wk-1',
      ]) {
        const reply = await service.answer(job(cluster, `${text} --lang ${lang}`));
        // The context line closes the first screen of an answer that has one, else the answer (issue 30, item 4).
        const lines = renderText(reply).trimEnd().split('\n');
        const footer = lines.find((l) => /^(?:cluster|클러스터) \S+ · /.test(l)) ?? lines[lines.length - 1];
        footers.set(text, (footer ?? '').replace(reply.context.requestId, 'REQ'));
      }
      const distinct = [...new Set(footers.values())];
      expect(distinct).toHaveLength(1);
      expect(distinct[0]).toMatch(
        lang === 'en'
          ? /captured at .*captured_at of the file.*distribution: kubeadm/
          : /수집 시각 .*파일의 captured_at.*배포판: kubeadm/,
      );
    },
  );
});

/** A planted `refuses-drain-own` finding: Kyverno's Fail webhook refuses its own replacement (issue 29). */
const KYVERNO_REFUSES_OWN = {
  check: 'admission-webhook',
  plane: 'data',
  severity: 'block',
  variant: 'refuses-drain-own',
  facts: { webhook: 'validate.kyverno.svc-fail', namespaces: ['kyverno'], pods: ['kyverno/kyverno-1'] },
} as const;

// Scenario 64's drain (issue 29 item 1): frontend refused 429 first, its retry stopped by the webhook.
const STOPPED_AT_FRONTEND = {
  check: 'grace-period',
  plane: 'data',
  severity: 'block',
  variant: 'stops-webhook',
  facts: {
    drainOutcome: 'stops',
    stopsWebhook: 'validate.kyverno.svc-fail',
    stoppedPods: ['web/frontend-1'],
    refusedPods: ['web/frontend-1'],
    podFates: ['kyverno/kyverno-1=replacement-refused', 'web/frontend-1=stopped'],
  },
} as const;

describe('the invariant checker catches planted contradictions', () => {
  const base: Reply = {
    kind: 'reboot-impact',
    locale: 'en',
    title: 't',
    verdict: 'caution',
    summary: 's',
    planes: [{ plane: 'control', affected: true, heading: 'h', reasons: [], stops: [], keepsWorking: [] }],
    sections: [],
    advice: [],
    actions: [],
    context: { cluster: 'c', snapshotAt: null, requestId: 'r' },
    findings: [],
  };
  const ctx: InvariantContext = {
    target: 'borealis-cp-2',
    downNodes: ['borealis-cp-3'],
    allControlPlane: true,
    minor: 34,
    readyzSeen: true,
  };
  const plant = (p: Partial<Reply> & { stops?: string[]; keeps?: string[]; reasons?: string[] }): Reply => ({
    ...base,
    ...p,
    planes: [
      { ...base.planes[0]!, stops: p.stops ?? [], keepsWorking: p.keeps ?? [], reasons: p.reasons ?? [] },
    ],
  });

  it('a clean reply has no violation', () => {
    expect(
      answerViolations(
        plant({ keeps: ['kubectl and the API through the other API servers: borealis-cp-1'] }),
        ctx,
      ),
    ).toEqual([]);
  });
  it.each([
    [
      'keeps working through the target',
      { keeps: ['kubectl and the API through the other API server(s): borealis-cp-1 and borealis-cp-2'] },
      /keeps working through borealis-cp-2/,
    ],
    [
      'keeps working through a down node',
      { keeps: ['kubectl and the API through the other API server(s): borealis-cp-3'] },
      /keeps working through borealis-cp-3/,
    ],
    [
      'every API call stops beside the API keeps working',
      {
        stops: ['every API call and kubectl command (the API server is the only way in)'],
        keeps: ['kubectl and the API through the other API server(s): borealis-cp-1'],
      },
      /stops every API call and keeps the API working/,
    ],
    [
      'a deletion that reads no budget waits on one (issue 30 item 3)',
      {
        stops: [
          'the drain, at shop/web-1: shop/web refuses its eviction (HTTP 429) and kubectl retries until it is allowed, so the drain does not finish meanwhile',
        ],
        findings: [
          {
            check: 'kubectl-drain',
            plane: 'data',
            severity: 'warn',
            variant: 'eviction-disabled',
            facts: {},
          },
        ],
      },
      /deletes without reading a budget and waits on one/,
    ],
    [
      'capacity from 2 to 2',
      { stops: ['the API server on borealis-cp-2: API capacity drops from 2 to 2'] },
      /capacity does not go down/,
    ],
    [
      'leader handover without quorum',
      {
        keeps: ['scheduling and reconciliation, after the leader failover'],
        findings: [
          { check: 'etcd-quorum-after', plane: 'control', severity: 'block', variant: 'lost', facts: {} },
        ],
      },
      /quorum is lost yet the answer promises/,
    ],
    [
      'a type/namespace/name kubectl reference',
      { advice: ['Watch it (kubectl rollout status ds/kube-system/kube-proxy).'] },
      /kubectl command does not parse/,
    ],
    [
      'an unfilled placeholder',
      { advice: ['Drain first (kubectl drain NODE --ignore-daemonsets).'] },
      /placeholder in a suggested command/,
    ],
    [
      'a version that is not vX.Y.Z',
      { advice: ['Then run kubeadm upgrade apply v1.35 on it.'] },
      /version not full vX\.Y\.Z/,
    ],
    [
      'a version two minors up',
      { advice: ['Then run kubeadm upgrade apply v1.36.2 on it.'] },
      /not the same or the next minor/,
    ],
    ['"failure(s)"', { reasons: ['1 more failure(s) tolerated meanwhile'] }, /plural placeholder/],
    [
      '"one of 1 control-plane nodes"',
      { reasons: ['cp-1 is a control-plane node (one of 1 control-plane nodes).'] },
      /wrong plural/,
    ],
    [
      'a drain that evicts while etcd refuses writes (NOSPACE)',
      {
        reasons: ['The drain evicts 2 pods; the longest terminationGracePeriodSeconds is 30 s.'],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /writes-blocked: the drain cannot move pods/,
    ],
    [
      'pods "evicted and rescheduled" from a node that is already dead',
      {
        stops: ['2 pods on borealis-cp-2 are evicted by the drain and recreated on other nodes'],
        findings: [
          { check: 'dead-node-drain', plane: 'data', severity: 'warn', variant: 'not-ready', facts: {} },
        ],
      },
      /node-dead: the drain cannot move pods/,
    ],
    [
      'a Korean drain that evicts while etcd refuses writes',
      {
        locale: 'ko',
        reasons: [
          'borealis-cp-2의 애드온 파드(kube-system/coredns-x)는 드레인으로 축출되어 다시 스케줄됩니다.',
        ],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /writes-blocked: the drain cannot move pods/,
    ],
    [
      'a Lease handover beside an etcd NOSPACE alarm (several nodes)',
      {
        reasons: [
          'atlas-cp-1 holds the kube-scheduler Lease: a standby (atlas-cp-3) takes over after about 15 s.',
        ],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /etcd refuses writes yet the answer promises a Lease handover/,
    ],
    [
      'a Lease handover beside the quorum two nodes lose together',
      {
        reasons: [
          'atlas-cp-1 holds the kube-scheduler Lease: a standby (atlas-cp-3) takes over after about 15 s.',
        ],
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /quorum is lost yet the answer promises a Lease handover/,
    ],
    [
      'a Korean Lease handover beside the quorum two nodes lose together',
      {
        locale: 'ko',
        reasons: [
          'atlas-cp-1이 kube-scheduler Lease를 보유하고 있습니다: 약 15초 뒤 대기 인스턴스(atlas-cp-3)가 이어받습니다.',
        ],
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /quorum is lost yet the answer promises a Lease handover/,
    ],
    [
      'room for the evicted pods beside an etcd NOSPACE alarm (several nodes)',
      {
        reasons: ['The remaining nodes have room for the 2 evicted pods.'],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /writes-blocked: the drain cannot move pods/,
    ],
    [
      'lost nodes rescheduled although quorum is lost',
      {
        reasons: ['The remaining nodes have room for the 4 evicted pods.'],
        multiNode: { action: 'node-down' },
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /quorum is lost yet the answer promises the lost pods are rescheduled/,
    ],
    [
      'an etcd leader election promised without quorum',
      {
        stops: ['etcd writes for a moment while leadership passes to another member'],
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /quorum is lost yet the answer promises/,
    ],
    [
      'a kube-vip VIP move promised beside the quorum two nodes lose together',
      {
        reasons: [
          'atlas-cp-2 holds the control-plane VIP (kube-vip): API clients see a pause while it moves.',
        ],
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /quorum is lost yet the answer promises the kube-vip VIP moves/,
    ],
    [
      'a Korean kube-vip VIP move promised beside an etcd NOSPACE alarm',
      {
        locale: 'ko',
        reasons: [
          'atlas-cp-2가 컨트롤 플레인 VIP(kube-vip)를 보유하고 있습니다: VIP가 옮겨 가는 동안 API 클라이언트가 잠시 끊깁니다.',
        ],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /etcd refuses writes yet the answer promises the kube-vip VIP moves/,
    ],
    [
      'pods evicted and rescheduled from nodes rebooted together that lose quorum',
      {
        reasons: [
          'Add-on pods on atlas-cp-1 (kube-system/coredns-x) are evicted by the drain and rescheduled.',
          'The remaining nodes have room for the 2 evicted pods.',
        ],
        multiNode: { action: 'reboot' },
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /^(?=[^]*rescheduled: "Add-on pods on atlas-cp-1)(?=[^]*rescheduled: "The remaining nodes have room)/,
    ],
    [
      'an unordered "evicted and rescheduled" beside the quorum a joint upgrade loses',
      {
        reasons: [
          'Add-on pods on atlas-cp-1 (kube-system/coredns-x) are evicted by the drain and rescheduled.',
          'The drain evicts 1 pod; its terminationGracePeriodSeconds is 30 s.',
        ],
        multiNode: { action: 'upgrade' },
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /^(?=[^]*rescheduled: "Add-on pods on atlas-cp-1)(?=[^]*rescheduled: "The drain evicts 1 pod;)/,
    ],
    [
      'pods evicted by a drain first in the what-if of nodes lost without one',
      {
        reasons: [
          'Add-on pods on atlas-cp-1 (kube-system/coredns-x) are evicted by the drain before the nodes go down, while quorum still holds, and rescheduled.',
          'The drains evict the 2 pods before the nodes go down, while quorum still holds, and the remaining nodes have room for them.',
        ],
        multiNode: { action: 'node-down' },
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /^(?=[^]*no drain runs before the nodes are down \(node-down\)[^\n]*"Add-on pods on atlas-cp-1)(?=[^]*\(node-down\)[^\n]*"The drains evict the 2 pods)/,
    ],
    [
      'pods rescheduled in the what-if of nodes lost without quorum',
      {
        reasons: ['The remaining nodes have room for the 2 evicted pods.'],
        multiNode: { action: 'node-down' },
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /quorum is lost yet the answer promises the lost pods are rescheduled: "The remaining nodes have room/,
    ],
    [
      'a joint drain that says quorum is lost',
      {
        reasons: [
          'etcd quorum lost: with atlas-cp-1 and atlas-cp-2 down, 1 of 3 voting members stays healthy, below the quorum of 2. All writes stop cluster-wide: no kubectl changes, no scheduling, no recovery until members come back.',
        ],
        stops: ['every API call and kubectl command (the API server is the only way in)'],
        multiNode: { action: 'drain' },
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      },
      /^(?=[^]*a drain takes no etcd member or API server down, yet the answer has etcd-quorum-after\/joint-lost)(?=[^]*a drain takes no etcd member or API server down, yet the answer says: "etcd quorum lost)(?=[^]*yet the answer says: "every API call)/,
    ],
    [
      'clients keep working through the other API servers beside a VIP interruption',
      {
        reasons: [
          'borealis-cp-2 holds the control-plane VIP (kube-vip, Lease kube-system/plndr-cp-lock): when it reboots the VIP moves to another kube-vip node (borealis-cp-1). Every client that reaches the API through the VIP (kubelets, controllers, kubectl) sees an interruption of a few seconds, and the failover is not guaranteed.',
          'API server capacity drops from 3 to 2; clients behind the load balancer keep working through borealis-cp-1 and borealis-cp-4.',
        ],
      },
      /the VIP's clients are interrupted, yet the answer says clients keep working/,
    ],
    [
      'a Korean "keeps working through" beside a VIP interruption',
      {
        locale: 'ko',
        stops: [
          'borealis-cp-2의 컨트롤 플레인 VIP: VIP가 옮겨 가는 동안(옮겨 간다면) VIP로 API에 접속하는 클라이언트가 몇 초간 멈춥니다',
        ],
        keeps: ['다른 API 서버를 통한 kubectl과 API: borealis-cp-1'],
      },
      /the VIP's clients are interrupted, yet the answer says clients keep working/,
    ],
    [
      'deleting a DaemonSet kube-vip pod to move the VIP',
      {
        advice: [
          'Move the VIP first: cordon borealis-cp-2 and delete its kube-vip pod, then wait until kubectl -n kube-system get lease plndr-cp-lock shows another holder.',
        ],
      },
      /advises deleting a kube-vip pod/,
    ],
    [
      '"one at a time" advised with a single etcd member',
      {
        advice: [
          'Take the control-plane nodes one at a time and wait for each etcd member to be healthy again.',
        ],
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: { voters: 1, quorum: 1, after: 0 },
          },
        ],
      },
      /etcd has a single member, yet the advice says one at a time/,
    ],
    [
      '"0 of 1 voting members"',
      {
        reasons: [
          'etcd quorum lost: with cp-1 down, 0 of 1 voting members stay healthy, below the quorum of 1.',
        ],
      },
      /wrong plural: "of 1 voting members"/,
    ],
    [
      'move-leader advice',
      { advice: ['Move etcd leadership first: etcdctl move-leader f9264e3ea396e9b5 (to atlas-cp-2).'] },
      /advises moving etcd leadership/,
    ],
    [
      'the etcd leader raising the verdict',
      {
        findings: [
          { check: 'etcd-leader', plane: 'control', severity: 'warn', variant: 'leader-here', facts: {} },
        ],
      },
      /the etcd leader raises the verdict/,
    ],
    [
      '"1 of its pods are on"',
      {
        reasons: [
          'PodDisruptionBudget shop/web allows 1 disruption; 1 of its pods are on wk-1, so the drain can proceed.',
        ],
      },
      /count disagreement: "1 of its pods are"/,
    ],
    [
      '"1 of 3 voting members stay healthy"',
      {
        reasons: [
          'etcd quorum lost: with a and b down, 1 of 3 voting members stay healthy, below the quorum of 2.',
        ],
      },
      /count disagreement: "1 of 3 voting members stay"/,
    ],
    [
      '"room for all 1 evicted pods"',
      { reasons: ['The remaining nodes have room for all 1 evicted pods.'] },
      /count disagreement: "all 1/,
    ],
    [
      'an etcd leader election where the member is not the leader',
      { stops: ['etcd writes for a moment while leadership passes to another member'] },
      /no etcd leader is on the node, yet the answer speaks of a leader election/,
    ],
    [
      'a failure described as a reboot',
      {
        title: 'What if borealis-cp-2 goes down: c',
        reasons: [
          'borealis-cp-2 holds the kube-scheduler leader Lease: after the reboot starts, leader election gives it to a standby (borealis-cp-1) once the 15 s lease expires; no new pods are scheduled meanwhile.',
        ],
      },
      /a failure is described as a reboot/,
    ],
    [
      'etcdctl compact without a revision',
      {
        advice: [
          'Free space first: compact the key history (etcdctl compact), defragment every member (etcdctl defrag), then clear the alarm (etcdctl alarm disarm); raise --quota-backend-bytes if the data really needs more, then ask again.',
        ],
      },
      /etcdctl command does not parse \(compact needs a revision\): "etcdctl compact"/,
    ],
    [
      'etcdctl move-leader with a node name instead of a member id',
      { advice: ['Then run etcdctl move-leader atlas-cp-2.'] },
      /etcdctl command does not parse \(move-leader needs one hexadecimal member id/,
    ],
    [
      'writes wait for a new etcd leader although a NOSPACE alarm refuses them',
      {
        reasons: [
          'atlas-cp-1 is the etcd leader: a failed leader hands nothing over; the other members elect a new leader only after the election timeout (1000 ms by default), and writes wait until then.',
        ],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /etcd refuses writes \(an alarm\) yet the answer says writes resume with a new leader/,
    ],
    [
      'writes pause "for a moment" on a clean shutdown although a NOSPACE alarm refuses them',
      {
        reasons: [
          'atlas-cp-1 is the etcd leader: on a clean shutdown etcd hands leadership to another member first (writes pause for a moment; nothing to do beforehand).',
        ],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /etcd refuses writes \(an alarm\) yet the answer says writes resume with a new leader/,
    ],
    [
      'an empty list left in a sentence',
      {
        reasons: [
          'DaemonSet pods on atlas-cp-1 (none) and static pods are not evicted; they come back with the node.',
        ],
      },
      /an empty list left in a sentence/,
    ],
    [
      'a Korean empty list left in a sentence',
      {
        locale: 'ko',
        reasons: ['atlas-cp-1의 DaemonSet 파드(없음)와 정적 파드는 축출되지 않고 노드와 함께 돌아옵니다.'],
      },
      /an empty list left in a sentence/,
    ],
    [
      '"1 more failures"',
      { reasons: ['1 more failures tolerated meanwhile'] },
      /wrong plural: "1 more failures"/,
    ],
    [
      '"1 voting members" after a word',
      { reasons: ['etcd keeps 1 healthy voting members.'] },
      /wrong plural: "1 healthy voting members"/,
    ],
    [
      'one pod called "them"',
      { stops: ['sonobuoy/sonobuoy: deleted for good, no controller recreates them'] },
      /one pod \(sonobuoy\/sonobuoy\) referred to in the plural \(stops\.pods-lost\)/,
    ],
    [
      'a Korean topic particle that does not fit the name (kind-control-plane는)',
      { locale: 'ko', reasons: ['kind-control-plane는 컨트롤 플레인 노드입니다.'] },
      /Korean particle after "kind-control-plane" should be 은/,
    ],
    [
      'a Korean subject particle written after PodDisruptionBudget (PodDisruptionBudget가)',
      {
        locale: 'ko',
        reasons: ['OpenShift의 kube-system/guard PodDisruptionBudget가 etcd 쿼럼을 지킵니다.'],
      },
      /Korean particle after "PodDisruptionBudget" should be 이/,
    ],
    [
      'a Korean particle after a digit (atlas-cp-2이)',
      { locale: 'ko', reasons: ['atlas-cp-2이 etcd 리더입니다.'] },
      /Korean particle after "atlas-cp-2" should be 가/,
    ],
    [
      'SAFE beside pods that were not in the snapshot (real 08 worker-0)',
      {
        verdict: 'safe',
        findings: [
          { check: 'target-pods', plane: 'data', severity: 'warn', variant: 'none-listed', facts: {} },
        ],
      },
      /SAFE although the target's pods was not seen/,
    ],
    [
      'SAFE beside /readyz not in the snapshot',
      {
        verdict: 'safe',
        findings: [
          {
            check: 'not-observed',
            plane: 'control',
            severity: 'info',
            variant: 'missing',
            facts: { resources: ['readyz', 'leases'] },
          },
        ],
      },
      /SAFE although the control plane's health was not seen/,
    ],
    [
      '"the control plane is healthy" beside /readyz not in the snapshot (real 07 worker-b)',
      {
        reasons: [
          'The control plane is healthy, so worker-b gets its pods and Service rules back after the reboot.',
        ],
        findings: [
          {
            check: 'not-observed',
            plane: 'control',
            severity: 'info',
            variant: 'missing',
            facts: { resources: ['readyz'] },
          },
        ],
      },
      /the control plane's health was not seen, yet/,
    ],
    [
      'a Korean "the control plane is healthy" beside /readyz not in the snapshot',
      {
        locale: 'ko',
        reasons: [
          '컨트롤 플레인이 정상이므로(/readyz 통과) wk-1(은)는 재부팅 후 파드와 Service 규칙을 되찾습니다.',
        ],
        findings: [
          {
            check: 'not-observed',
            plane: 'control',
            severity: 'info',
            variant: 'missing',
            facts: { resources: ['readyz'] },
          },
        ],
      },
      /the control plane's health was not seen, yet/,
    ],
    [
      '"control plane serving (/readyz passing)" in a what-if on a nodes-only file',
      {
        reasons: ['The control plane is serving (0 of 0 API servers alive, /readyz passing).'],
        findings: [
          {
            check: 'control-plane-serving',
            plane: 'control',
            severity: 'info',
            variant: 'unseen',
            facts: {},
          },
        ],
      },
      /the control plane's health was not seen, yet/,
    ],
    [
      '"etcd is healthy" from a Ready etcd pod, etcd status not seen (real 01 status)',
      {
        reasons: [
          'etcd has a single member, and it is healthy, but there is no spare; while it is down, all writes stop cluster-wide.',
        ],
        findings: [
          {
            check: 'not-observed',
            plane: 'control',
            severity: 'info',
            variant: 'missing',
            facts: { resources: ['etcd'] },
          },
        ],
      },
      /etcd status was not seen, yet the answer says its members are healthy/,
    ],
    [
      'quorum unknown beside the quorum guard stated as fact (real 07 master)',
      {
        reasons: [
          "OpenShift's openshift-machine-config-operator/etcd-quorum-guard PodDisruptionBudget guards etcd quorum: it allows 1 master disruption now (3 healthy, 2 needed); drain masters one at a time.",
        ],
        findings: [
          { check: 'etcd-quorum-after', plane: 'control', severity: 'warn', variant: 'unknown', facts: {} },
        ],
      },
      /etcd quorum is unknown, yet a sentence states quorum figures as fact/,
    ],
    [
      '"its pods can move elsewhere" with no room found for them (real 08 worker-0)',
      {
        summary: 'Safe to reboot worker-0: its pods can move elsewhere and the control plane is healthy.',
      },
      /"its pods can move elsewhere" without room found for them/,
    ],
    [
      'a plane headed affected and said untouched (scenario 02 worker)',
      {
        keeps: ['the control plane itself: borealis-wk-1 runs none of it'],
      },
      /headed affected and said untouched/,
    ],
    [
      'an etcd member added before the dead one is removed (scenario 02, etcd FAQ)',
      {
        advice: [
          'Repair the etcd member on borealis-cp-3 first, or replace it (add a healthy member, then remove the dead one).',
        ],
      },
      /advises adding an etcd member before removing the dead one/,
    ],
    [
      'an etcd member added before the dead one is removed, in Korean',
      {
        locale: 'ko',
        advice: [
          '먼저 borealis-cp-3의 etcd 멤버를 복구하거나 교체하세요(정상 멤버를 추가한 뒤 죽은 멤버를 제거).',
        ],
      },
      /advises adding an etcd member before removing the dead one/,
    ],
    [
      'kubeadm upgrade apply with a minor only (scenario 01, "to 1.34")',
      { advice: ['atlas-cp-2 first: kubeadm upgrade apply v1.34 (drain it, uncordon)'] },
      /version not full vX.Y.Z|kubeadm command does not parse/,
    ],
    [
      'kubeadm upgrade apply with no version',
      { advice: ['Upgrade order: borealis-cp-2 first (kubeadm upgrade apply), then the others.'] },
      /kubeadm command does not parse \(upgrade apply needs one full version/,
    ],
    [
      'etcdctl snapshot save with no file (scenario 01 upgrade)',
      { advice: ['Take an etcd snapshot first (etcdctl snapshot save) and keep it off the cluster.'] },
      /etcdctl command does not parse \(snapshot save needs one file path/,
    ],
    [
      'etcdctl endpoint health without the cluster set up (scenario 13 what-if)',
      { advice: ['Check etcdctl endpoint health --cluster before and after; restart one member at a time.'] },
      /etcdctl advised without the cluster's endpoints and certificates/,
    ],
    [
      'etcdctl member promote without the cluster set up (scenario 45, learner)',
      {
        advice: [
          'Finish the membership change first: promote the learner once it has caught up (etcdctl member promote 5f1c2a9b7e3d4c61) or remove it (etcdctl member remove 5f1c2a9b7e3d4c61), then ask again.',
        ],
      },
      /etcdctl advised without the cluster's endpoints and certificates/,
    ],
    [
      'etcdctl alarm disarm without the cluster set up, in Korean',
      {
        locale: 'ko',
        advice: [
          '먼저 원인을 해결하세요 (NOSPACE: compact, defragment 후 etcdctl alarm disarm). 그다음 다시 물어보세요.',
        ],
      },
      /etcdctl advised without the cluster's endpoints and certificates/,
    ],
    [
      'a rolling plan waits on etcdctl endpoint health without the cluster set up',
      {
        sections: [
          {
            heading: 'Plan',
            lines: ['1. atlas-cp-1: wait for its etcd member m1 healthy (etcdctl endpoint health)'],
          },
        ],
      },
      /etcdctl advised without the cluster's endpoints and certificates/,
    ],
    [
      'one pod said "each" (각각) in Korean (drain, scenario 41)',
      {
        locale: 'ko',
        stops: ['드레인이 hydra-wk-1에서 축출하는 파드 1개: 각각 다른 노드에 다시 만들어짐'],
      },
      /wrong plural: "1개: 각각"/,
    ],
    [
      '"All 2 replicas" for both (real 01)',
      { reasons: ['All 2 replicas of coredns (Deployment, kube-system) are on borealis-cp-2: downtime.'] },
      /"all 2" for both/,
    ],
    [
      'cluster DNS down already, yet said to keep working',
      {
        keeps: ['cluster DNS, as long as one of its pods runs elsewhere'],
        findings: [
          {
            check: 'cluster-dns',
            plane: 'data',
            severity: 'warn',
            variant: 'already-down',
            facts: { workloads: ['coredns'], count: 2, pending: 2, reason: null },
          },
        ],
      },
      /cluster DNS is down already \(no Ready pod\), yet the answer says it keeps working/,
    ],
    [
      'a joint drain that says no control-plane node is left',
      {
        multiNode: { action: 'drain' },
        findings: [
          {
            check: 'control-plane-count',
            plane: 'control',
            severity: 'block',
            variant: 'joint-none-left',
            facts: {},
          },
        ],
      },
      /a drain takes no etcd member or API server down, yet the answer has control-plane-count\/joint-none-left/,
    ],
    [
      'restore the taint where every node is a control plane',
      { advice: ['Drain it first, and consider restoring the control-plane NoSchedule taint.'] },
      /restoring the control-plane taint/,
    ],
    [
      'an upgrade order that ends with workers where every node is a control plane',
      {
        reasons: [
          'Upgrade order: control-plane nodes one at a time, starting with atlas-cp-1 (with upgrade apply), then atlas-cp-2 and atlas-cp-3 (kubeadm upgrade node), each Ready with etcd healthy before the next; then the workers.',
        ],
      },
      /an upgrade order names workers although every node is a control plane/,
    ],
    [
      'kubeadm advised on an OpenShift cluster (real 07)',
      {
        context: { cluster: 'c', snapshotAt: null, requestId: 'r', profile: 'openshift' },
        sections: [{ heading: 'In order', lines: ['master-0 first: run kubeadm upgrade plan'] }],
      },
      /a kubeadm command on a openshift cluster: "kubeadm upgrade plan"/,
    ],
    [
      'a kubeadm upgrade step that skips the kubeadm package and the kubelet restart (real 01)',
      {
        sections: [
          {
            heading: 'In order',
            lines: [
              'kind-control-plane first: kubeadm upgrade apply v1.34.2 (drain it, upgrade kubeadm, then kubelet and kubectl, uncordon)',
            ],
          },
        ],
      },
      /without upgrading the kubeadm package first[\s\S]*does not restart the kubelet/,
    ],
    [
      'restore the control-plane taint on a node that has it (real 01)',
      {
        advice: [
          'Drain kind-control-plane first so its workloads move, and consider restoring the control-plane NoSchedule taint.',
        ],
        findings: [
          {
            check: 'workloads-on-control-plane',
            plane: 'data',
            severity: 'warn',
            variant: 'user',
            facts: { node: 'kind-control-plane', tainted: true, pods: ['a/b'] },
          },
        ],
      },
      /advises restoring the control-plane taint on a node that has it/,
    ],
    [
      '"drain it first" in a drain answer (real 01)',
      {
        actions: [{ id: 'refresh', label: 'r', value: '{"cluster":"c","kind":"drain-impact","node":"n"}' }],
        advice: ['Drain kind-control-plane first so its workloads move.'],
      },
      /a drain answer advises draining first/,
    ],
    [
      'a drain command without --force and --delete-emptydir-data where drain refuses without them (real 13)',
      {
        advice: [
          'Drain with kubectl drain my-node --ignore-daemonsets (add --delete-emptydir-data only if that data may be lost).',
        ],
        findings: [
          {
            check: 'unmanaged-pods',
            plane: 'data',
            severity: 'warn',
            variant: 'present',
            facts: { node: 'my-node', pods: ['sonobuoy/sonobuoy'] },
          },
          {
            check: 'emptydir-pods',
            plane: 'data',
            severity: 'warn',
            variant: 'present',
            facts: { node: 'my-node', pods: ['sonobuoy/sonobuoy'] },
          },
        ],
      },
      /lacks --force[\s\S]*lacks --delete-emptydir-data/,
    ],
    [
      '--force without saying it deletes the pods for good',
      { advice: ['Drain with kubectl drain my-node --ignore-daemonsets --force.'] },
      /--force suggested without saying it deletes the pods for good/,
    ],
    [
      'a Korean rolling-plan step without a full stop before its wait (scenario 41)',
      {
        locale: 'ko',
        reasons: [
          '1단계: hydra-wk-1 [주의]: 멤버 두 대가 동시에 빠지면 쿼럼을 잃습니다 다음 단계 전에 기다릴 것: hydra-wk-1 Ready 및 uncordon.',
        ],
      },
      /a Korean sentence runs into the next without a full stop/,
    ],
    [
      'DaemonSet and 데몬셋 in one Korean answer',
      { locale: 'ko', reasons: ['데몬셋 kube-system/kube-proxy: RollingUpdate.'] },
      /a Korean term not the one the locales use/,
    ],
    [
      '"0대만 남아" for none left (scenario 02)',
      {
        locale: 'ko',
        reasons: [
          'etcd 쿼럼 상실: borealis-cp-2, borealis-cp-3이 내려가면 투표 멤버 3대 중 0대만 정상으로 남아 쿼럼 2보다 적습니다.',
        ],
      },
      /none left said as "0 only"/,
    ],
    [
      '"(1대 중 하나)" on a single-control-plane cluster (s05, r04)',
      { locale: 'ko', reasons: ['eridani-cp는 컨트롤 플레인 노드입니다 (컨트롤 플레인 노드 1대 중 하나).'] },
      /wrong plural: "1대 중 하나"/,
    ],
    [
      '"드레인에 막는 문제" (r13 ko)',
      { locale: 'ko', summary: '지금은 안 됩니다: my-node 드레인에 막는 문제 2가지가 있습니다.' },
      /"막는 문제" without what it blocks/,
    ],
    [
      'the ko footer in English (r04)',
      // As the footer read before the profile's qualifier was translated.
      {
        locale: 'ko',
        context: {
          cluster: 'c',
          snapshotAt: '2025-06-12T09:41:07.000Z',
          requestId: 'r',
          profile: 'k3s (SQLite or external datastore)',
        },
      },
      /English in a Korean answer/,
    ],
    [
      'a version range with equal ends (s02)',
      { reasons: ['Versions: kube-apiserver v1.33.1…v1.33.1 (image tags).'] },
      /a version range with equal ends/,
    ],
    [
      'a failed node said to come back after the reboot (what-if of a worker going down, s01)',
      {
        title: 'What if atlas-wk-1 goes down: c',
        reasons: [
          'The control plane is healthy (/readyz passing), so atlas-wk-1 gets its pods and Service rules back after the reboot.',
        ],
      },
      /a failed node is said to be rebooted or uncordoned/,
    ],
    [
      'a failed node said to be "back and uncordoned" (Korean, the only node)',
      {
        locale: 'ko',
        title: 'kind-control-plane 다운 시 영향: c',
        reasons: [
          'nginx (Deployment, default)(은)는 단일 레플리카로 유일한 노드인 kind-control-plane에서 실행됩니다: 실행될 곳이 없어 kind-control-plane(이)가 돌아와 uncordon될 때까지 다운됩니다.',
        ],
      },
      /a failed node is said to be rebooted or uncordoned/,
    ],
    [
      'a managed pool upgrade said to restart the node (r05 AKS)',
      {
        findings: [
          {
            check: 'upgrade-order',
            plane: 'data',
            severity: 'info',
            variant: 'provider',
            facts: { node: 'aks-agentpool-1' },
          },
        ],
        stops: [
          "the node's kubelet and pods while aks-agentpool-1 is drained, upgraded and restarted (about 90 s when it reboots)",
        ],
      },
      /a node its managed pool replaces is said to be restarted/,
    ],
    [
      'a managed pool upgrade of the only node advises adding a node first (r10 EKS)',
      {
        findings: [
          {
            check: 'upgrade-order',
            plane: 'data',
            severity: 'info',
            variant: 'provider',
            facts: { node: 'ip-10-0-105-29' },
          },
        ],
        advice: ['Add a node first, or plan a window in which every workload of the cluster is down.'],
      },
      /a node its managed pool replaces is said to be restarted, or a node to be added by hand/,
    ],
    [
      'a StatefulSet of lost nodes said to be rescheduled (s41 "what if hydra-wk-1 and hydra-wk-2 go down")',
      {
        multiNode: { mode: 'together', action: 'node-down', nodes: ['hydra-wk-1', 'hydra-wk-2'] },
        findings: [
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'info',
            variant: 'joint-spread',
            facts: { workload: 'elasticsearch-master', kind: 'StatefulSet', readyElsewhere: 1 },
            subject: { kind: 'StatefulSet', name: 'elasticsearch-master', namespace: 'logging' },
          },
        ],
      },
      /a StatefulSet's pods on a lost node are said to be rescheduled elsewhere \(joint-spread\)/,
    ],
    [
      'two counts of what keeps serving (s41 joint drain: "(2)" beside "keeps 1")',
      {
        multiNode: { mode: 'together', action: 'drain', nodes: ['hydra-wk-1', 'hydra-wk-2'] },
        findings: [
          {
            check: 'pinned-volumes',
            plane: 'data',
            severity: 'warn',
            variant: 'others-serve',
            facts: { workload: 'StatefulSet/elasticsearch-master', readyElsewhere: 2 },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'info',
            variant: 'joint-pinned-spread',
            facts: { workload: 'elasticsearch-master', readyElsewhere: 1 },
          },
        ],
      },
      /elasticsearch-master is said to keep different numbers of pods serving: 2 and 1/,
    ],
    [
      'a workload said down beside a budget that holds its evictions back (s13 joint reboot)',
      {
        multiNode: { mode: 'together', action: 'reboot', nodes: ['aks-user-1', 'aks-user-0'] },
        findings: [
          {
            check: 'pdb-blocks',
            plane: 'data',
            severity: 'warn',
            variant: 'joint-exceeds',
            facts: { pdb: 'payments-api', pods: ['payments-api-7d9c-abcde', 'payments-api-7d9c-fghij'] },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'warn',
            variant: 'joint-all-here',
            facts: { workload: 'payments-api', here: 2 },
          },
        ],
      },
      /payments-api is said down \(joint-all-here\) although its budget lets the drains evict only some/,
    ],
    [
      'a managed control plane "cannot be seen" although /readyz was read (s13 drain of aks-system)',
      {
        reasons: [
          'The control plane is managed by your provider; its state cannot be seen from the cluster.',
        ],
      },
      /\/readyz was seen, yet the answer says the control plane's state cannot be seen/,
    ],
    [
      'a workload said rescheduled although its budget refuses the eviction (reader5 F5, s09 reboot)',
      {
        findings: [
          {
            check: 'pdb-blocks',
            plane: 'data',
            severity: 'block',
            variant: 'min-available-all',
            facts: { namespace: 'payments', pdb: 'payments-pdb', pods: ['payments-5f8c9-abcde'] },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'info',
            variant: 'spread',
            facts: { workload: 'payments', here: 1, readyElsewhere: 1 },
          },
        ],
      },
      /payments is said to move or go down \(spread\) although a budget refuses the eviction/,
    ],
    [
      'a pod said evicted and recreated although its budget holds every pod of the drain (reader5 F5)',
      {
        findings: [
          {
            check: 'pdb-blocks',
            plane: 'data',
            severity: 'block',
            variant: 'min-available-all',
            facts: { namespace: 'payments', pdb: 'payments-pdb', pods: ['payments-5f8c9-abcde'] },
          },
          {
            check: 'grace-period',
            plane: 'data',
            severity: 'info',
            variant: 'estimate',
            facts: { evictable: 1, seconds: 30 },
          },
        ],
        stops: ['the pod on indus-wk-1 is evicted by the drain and recreated on another node'],
      },
      /every pod the drain would evict is held by a budget, yet "the pod on indus-wk-1 is evicted/,
    ],
    [
      'a Rook OSD said to serve "while its budgets allow the drain" beside its blocking budget (reader5 F6)',
      {
        findings: [
          {
            check: 'operator-budgets',
            plane: 'data',
            severity: 'block',
            variant: 'rook-down',
            facts: {
              namespace: 'rook-ceph',
              pdb: 'rook-ceph-osd-host-hydra-wk-1',
              pods: ['rook-ceph-osd-0-7c9f0d8b6-x0q4z'],
            },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'warn',
            variant: 'operator-daemon',
            facts: { workload: 'rook-ceph-osd-0', daemon: 'OSD' },
          },
        ],
      },
      /rook-ceph-osd-0 is said to move or go down \(operator-daemon\)/,
    ],
    [
      "two counts of the drain's pods with nothing said of the rest (reader5 F15, real 01)",
      {
        reasons: [
          'The drain evicts 3 pods; the longest terminationGracePeriodSeconds is 30 s.',
          'The other Ready, schedulable nodes have room for the evicted pod.',
        ],
      },
      /the drain is said to evict 3 pods but 1 to move/,
    ],
    [
      'a joint drain said to take a workload down beside a budget that allows no eviction (s09 joint drain)',
      {
        multiNode: { mode: 'together', action: 'drain', nodes: ['indus-wk-1', 'indus-wk-2'] },
        findings: [
          {
            check: 'pdb-blocks',
            plane: 'data',
            severity: 'block',
            variant: 'joint-min-available-all',
            facts: { pdb: 'payments-pdb', pods: ['payments-26grdhrgz7-7w84l', 'payments-26grdhrgz7-s4vsp'] },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'warn',
            variant: 'joint-all-here',
            facts: { workload: 'payments', here: 2 },
          },
        ],
      },
      /payments is said down \(joint-all-here\) although a budget refuses every eviction/,
    ],
    [
      'pods a budget keeps said to fit on no remaining node (s09 joint drain)',
      {
        multiNode: { mode: 'together', action: 'drain', nodes: ['indus-wk-1', 'indus-wk-2'] },
        findings: [
          {
            check: 'pdb-blocks',
            plane: 'data',
            severity: 'block',
            variant: 'joint-min-available-all',
            facts: { pdb: 'payments-pdb', pods: ['payments-26grdhrgz7-7w84l'] },
          },
          {
            check: 'capacity',
            plane: 'data',
            severity: 'block',
            variant: 'joint-none-fit',
            facts: { unplaced: ['payments/payments-26grdhrgz7-7w84l'] },
          },
        ],
      },
      /payments\/payments-26grdhrgz7-7w84l is said to fit on no remaining node although a budget refuses/,
    ],
    [
      '"before the reboot" in a drain answer (s52 "can I drain draco-wk-2", reader5 F24)',
      {
        actions: [{ id: 'refresh', label: 'r', value: '{"kind":"drain-impact","node":"draco-wk-2"}' }],
        advice: [
          'Ask who cordoned draco-wk-2 and why before the reboot; uncordon it afterwards only if they agree (kubectl uncordon draco-wk-2).',
        ],
      },
      /a drain answer speaks of a reboot/,
    ],
    [
      '"재부팅 전에" in a Korean drain answer (s52, reader5 F24)',
      {
        locale: 'ko',
        actions: [{ id: 'refresh', label: 'r', value: '{"kind":"drain-impact","node":"draco-wk-2"}' }],
        advice: ['재부팅 전에 누가 왜 draco-wk-2를 cordon했는지 물어보세요.'],
      },
      /a drain answer speaks of a reboot/,
    ],
    [
      '"the same way" with no way before it (s01 "can I upgrade atlas-cp-3", reader5 F3)',
      {
        advice: [
          'Optional: move the kube-controller-manager Lease first the same way, so the failover happens while you watch.',
          'Take an etcd snapshot first.',
        ],
      },
      /advice says "the same way" with no way before it/,
    ],
    [
      '"API server(apiserver)" in a Korean answer (real 02, reader5 F24)',
      {
        locale: 'ko',
        reasons: [
          'kind-control-plane(은)는 단일 컨트롤 플레인 노드입니다: 재부팅하는 동안 API server(apiserver), etcd, 스케줄러, 컨트롤러매니저가 모두 멈춥니다.',
        ],
      },
      /a Korean term not the one the locales use \(API 서버, 컨트롤러 매니저\): "API server"/,
    ],
    [
      'API servers counted with 대 and 개 in one Korean answer (s01 what-if, reader5 F24)',
      {
        locale: 'ko',
        reasons: ['API 서버 용량이 3대에서 2대로 줄어듭니다.'],
        stops: ['atlas-cp-1의 API 서버: API 용량이 3개에서 2개로 감소'],
      },
      /API servers counted with both 대 and 개/,
    ],
    [
      '"its 0 pods" in a what-if (s12 "what if norma-cp-1 fails", reader5 F9)',
      {
        reasons: [
          'If norma-cp-1 is lost without a drain: after 50 s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after 300 s more (default NoExecute toleration) its 0 pods are evicted by the taint manager and recreated elsewhere (about 350 s in all), if the control plane is up.',
        ],
      },
      /zero pods said as a count: "0 pods"/,
    ],
    [
      '"the pods on X (0)" (s02 "what if borealis-wk-1 fails", reader5 F9)',
      { stops: ['the pods on borealis-wk-1 (0), until they are recreated elsewhere'] },
      /zero pods said as a count/,
    ],
    [
      '"파드(0개)" in Korean (reader5 F9)',
      { locale: 'ko', stops: ['borealis-wk-1의 파드(0개): 다른 곳에 다시 만들어질 때까지'] },
      /zero pods said as a count/,
    ],
    [
      'DEGRADED "cannot take another failure" beside "tolerates 1 more failure" (s45 status, reader5 F12)',
      {
        kind: 'ha-status',
        summary: 'DEGRADED: the control plane runs, but cannot take (another) failure safely',
        sections: [
          {
            heading: 'etcd',
            lines: [
              'etcd quorum holds: 3 of 3 members healthy (quorum 2), tolerates 1 more failure; leader atlas-cp-1.',
            ],
          },
        ],
      },
      /the headline says no failure can be taken, yet etcd tolerates one more/,
    ],
    [
      'kured "rebooting X now" beside X "still Ready, schedulable and not marked" (s53 joint reboot, reader5 F13)',
      {
        reasons: [
          'kured is rebooting pyxis-wk-1 now: it holds its reboot lock (weave.works/kured-node-lock) for it. kured cordons and drains pyxis-wk-1, reboots it, uncordons it and releases the lock; a reboot or drain of your own now races with it.',
          'kured holds its reboot lock for pyxis-wk-1 and pyxis-wk-3: they are still Ready, schedulable and not marked, but kured may cordon, drain and reboot them at any moment.',
        ],
      },
      /kured is said to be rebooting pyxis-wk-1 now and pyxis-wk-1 to be untouched yet/,
    ],
    [
      'a mon said down although the mon budget shared with another mon may refuse its eviction (s42 joint drain)',
      {
        multiNode: { mode: 'together', action: 'drain', nodes: ['hydra-wk-1', 'hydra-wk-2'] },
        findings: [
          {
            check: 'pdb-blocks',
            plane: 'data',
            severity: 'block',
            variant: 'joint-exceeds-stuck',
            facts: {
              pdb: 'rook-ceph-mon-pdb',
              pods: ['rook-ceph-mon-a-5b7d0c9f4-k0w2p', 'rook-ceph-mon-b-5b7d1c9f4-k1w2p'],
            },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'warn',
            variant: 'joint-pinned-down',
            facts: { workload: 'rook-ceph-mon-a' },
          },
        ],
      },
      /rook-ceph-mon-a is said down \(joint-pinned-down\) although its budget, shared with other workloads/,
    ],
    [
      'pods said to be cordoned (joint drain)',
      { stops: ['new pods on atlas-wk-1 and atlas-wk-2: cordoned until you uncordon them'] },
      /pods said to be cordoned/,
    ],
    [
      // reader5 F14 (real 01): the only control plane lost, yet pods "evicted and recreated elsewhere".
      'the only control plane lost, yet its pods are evicted and recreated elsewhere',
      {
        title: 'What if borealis-cp-2 goes down: c',
        reasons: [
          'If borealis-cp-2 is lost without a drain: after 40 s (node-monitor grace period) it is marked NotReady/Unknown and its pods are taken out of the Service endpoints; after 300 s more (default NoExecute toleration) its 3 pods are evicted by the taint manager and recreated elsewhere (about 340 s in all), if the control plane is up.',
        ],
        findings: [
          { check: 'control-plane-count', plane: 'control', severity: 'block', variant: 'single', facts: {} },
        ],
      },
      /a lost node takes the control plane's recovery with it/,
    ],
    [
      // reader5 F22 (scenario 44, ko): NotReady after 50 s although etcd refuses writes.
      'a Korean failure timeline beside an etcd NOSPACE alarm',
      {
        locale: 'ko',
        title: 'borealis-cp-2 다운 시 영향: c',
        stops: ['borealis-cp-2의 파드(1개): 다른 곳에 다시 만들어질 때까지'],
        findings: [
          { check: 'etcd-alarms', plane: 'control', severity: 'block', variant: 'nospace', facts: {} },
        ],
      },
      /a lost node takes the control plane's recovery with it/,
    ],
    [
      // reader5 F2 (scenario 01): a clean shutdown in a failure answer.
      'a failed etcd leader said to hand leadership over on a clean shutdown',
      {
        title: 'What if borealis-cp-2 goes down: c',
        reasons: [
          'borealis-cp-2 is the etcd leader: on a clean shutdown etcd hands leadership to another member first (writes pause for a moment; nothing to do beforehand).',
        ],
      },
      /a failure is told as planned work/,
    ],
    [
      'a failed node said to come back in about 90 s',
      {
        title: 'What if borealis-cp-2 goes down: c',
        sections: [
          {
            heading: 'How long',
            lines: [
              'NotReady after 50 s, pods evicted after 300 s more (about 350 s in all); a rebooted node comes back in about 90 s',
            ],
          },
        ],
      },
      /a failure is told as planned work/,
    ],
    [
      // The only node's emptyDir advice of a planned reboot, in the answer about its failure (r02).
      'the only node failed, yet "a reboot without a drain keeps it"',
      {
        title: 'What if borealis-cp-2 goes down: c',
        reasons: [
          "A pod with emptyDir data on borealis-cp-2: s/s. A drain would delete that data (--delete-emptydir-data); a reboot without a drain keeps it on the node's disk.",
        ],
      },
      /a failure is told as planned work/,
    ],
    [
      // reader5 F10 (scenario 49): "the other nodes and their pods" beside a dead node.
      'every other node said to keep working beside a node that is down',
      { keeps: ['the other nodes and their pods'] },
      /another node is down, yet the answer says every other node keeps working/,
    ],
    [
      // reader6 B9 (scenario 49 "can I drain vega-wk-2"): CAUTION for a drain that waits for ever.
      'a drain that cannot complete under a CAUTION verdict',
      {
        verdict: 'caution',
        reasons: [
          'A drain of borealis-cp-3 cannot complete while it is NotReady (Ready=Unknown): the evictions are accepted, but no kubelet confirms that the containers stopped, so its pods stay Terminating and the drain waits for ever (Terminating now: data/postgres-1). Already replaced elsewhere: none. Not replaced: data/postgres-1.',
        ],
      },
      /a drain that cannot complete is said, yet the verdict is caution/,
    ],
    [
      // reader6 B15 / reader5 F10 (scenario 49 drain): a NotReady node "keeps running".
      'a NotReady node said to keep running (one node drained)',
      {
        keeps: ['DaemonSet pods on borealis-cp-3 (drain ignores them) and the node itself: it keeps running'],
      },
      /borealis-cp-3 is NotReady, yet it is said to keep running/,
    ],
    [
      // reader6 B15 (real 01 "drain kind-worker and kind-worker2"): the joint drain's sentences.
      'a NotReady node said to keep running (nodes drained together)',
      {
        reasons: [
          'DaemonSet pods on borealis-cp-3 (kube-proxy) are not evicted: the drain leaves them running there.',
        ],
        keeps: [
          'DaemonSet and static pods on borealis-cp-3 and borealis-cp-2 (drain leaves them) and the nodes themselves: they keep running',
        ],
      },
      /^(?=[^]*borealis-cp-3 is NotReady, yet it is said to keep running: "DaemonSet pods on borealis-cp-3 \(kube-proxy\))(?=[^]*borealis-cp-3 is NotReady, yet it is said to keep running: "DaemonSet and static)/,
    ],
    [
      'a NotReady node said to keep running, in Korean',
      {
        locale: 'ko',
        keeps: ['borealis-cp-3의 DaemonSet 파드(드레인이 무시)와 노드 자체: 계속 실행됨'],
      },
      /borealis-cp-3 is NotReady, yet it is said to keep running/,
    ],
    [
      // reader5 F29 (scenario 51): kured's lock raises the verdict of a failure.
      "kured's reboot raises a failure's verdict",
      {
        title: 'What if borealis-cp-2 goes down: c',
        findings: [
          {
            check: 'concurrent-disruption',
            plane: 'data',
            severity: 'block',
            variant: 'kured-rebooting-here',
            facts: {},
          },
        ],
      },
      /a planned-work check raises a failure's verdict/,
    ],
    [
      // issue 29: a Fail webhook left with no backend refuses the drain's replacements
      'pods said to be recreated elsewhere beside a webhook that refuses them',
      {
        stops: ['2 pods on borealis-cp-2 are evicted by the drain and recreated on other nodes'],
        findings: [KYVERNO_REFUSES_OWN],
      },
      /a webhook refuses the drain's replacements, yet without the refusal: "2 pods on borealis-cp-2 are evicted/,
    ],
    [
      // issue 29: the same in a drain answer's words ("can I drain", scenario 54 before the fix)
      'a drain answer saying its evicted pods are recreated on another node beside a webhook that refuses them',
      {
        stops: ['the 2 pods drain evicts from borealis-cp-2: each is recreated on another node'],
        findings: [{ ...KYVERNO_REFUSES_OWN, facts: { ...KYVERNO_REFUSES_OWN.facts, request: 'drain' } }],
      },
      /a webhook refuses the drain's replacements, yet without the refusal: "the 2 pods drain evicts from borealis-cp-2/,
    ],
    [
      // issue 29 item 1: the drain sequence carries the webhook's refusals (rule 3c5)
      'a drain that completes with every replacement created beside a webhook that refuses them',
      {
        findings: [
          KYVERNO_REFUSES_OWN,
          {
            check: 'grace-period',
            plane: 'data',
            severity: 'info',
            variant: 'estimate',
            facts: { count: 2, recreated: 2, replacementRefused: 0, drainOutcome: 'completes' },
          },
        ],
      },
      /webhook validate.kyverno.svc-fail refuses the drain's replacements, yet the drain completes with all 2 replacements created/,
    ],
    [
      // issue 29 item 1 (rule 3c6, scenario 64): the budget sentence follows the drain's outcome
      'a budget said to make the drain wait forever beside a drain a webhook error stops',
      {
        reasons: [
          'PodDisruptionBudget web/frontend requires minAvailable 3 of 3 expected pods (disruptionsAllowed 0): every eviction is refused with HTTP 429 and the drain waits forever.',
        ],
        findings: [STOPPED_AT_FRONTEND],
      },
      /the drain stops with an error, yet a budget is said to make it wait forever/,
    ],
    [
      // rule 3c6: the webhook refuses only the replacements of pods the drain evicted
      'a webhook said to refuse the replacement of a pod the drain stopped at',
      {
        findings: [
          {
            ...KYVERNO_REFUSES_OWN,
            facts: { ...KYVERNO_REFUSES_OWN.facts, pods: ['kyverno/kyverno-1', 'web/frontend-1'] },
          },
          STOPPED_AT_FRONTEND,
        ],
      },
      /webhook validate.kyverno.svc-fail is said to refuse the replacement of web\/frontend-1, which the drain never evicts/,
    ],
    [
      // rule 3c6: a workload whose pod the drain never evicted does not run short
      'a workload said to run short for a refused replacement though the drain never evicted it',
      {
        findings: [
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'info',
            variant: 'spread-refused-by-webhook',
            facts: { workload: 'frontend', namespace: 'web', webhook: 'validate.kyverno.svc-fail' },
          },
          STOPPED_AT_FRONTEND,
        ],
      },
      /frontend is said to run short for a refused replacement, yet the drain evicts none of its pods/,
    ],
    [
      'a drain said to evict its pods beside a webhook whose error stops it',
      {
        reasons: ['The drain evicts 3 pods; the longest terminationGracePeriodSeconds is 30 s.'],
        findings: [
          {
            check: 'grace-period',
            plane: 'data',
            severity: 'block',
            variant: 'stops-webhook',
            facts: { drainOutcome: 'stops', stopsWebhook: 'validate.kyverno.svc-fail' },
          },
        ],
      },
      /webhook validate.kyverno.svc-fail stops the drain, yet the answer says it completes: "The drain evicts 3 pods/,
    ],
    [
      'a single replica said to be rescheduled in a namespace whose replacements a webhook refuses',
      {
        findings: [
          {
            check: 'admission-webhook',
            plane: 'data',
            severity: 'block',
            variant: 'refuses-drain',
            facts: { webhook: 'validate.kyverno.svc-fail', namespaces: ['billing'], pods: ['billing/api-1'] },
          },
          {
            check: 'single-replica',
            plane: 'data',
            severity: 'warn',
            variant: 'single',
            facts: { workload: 'api', namespace: 'billing' },
          },
        ],
      },
      /a webhook refuses the replacements in billing, yet api is said to be rescheduled elsewhere/,
    ],
  ] as const)('%s', (_name, planted, expected) => {
    const v = answerViolations(
      plant(
        planted as unknown as Partial<Reply> & { stops?: string[]; keeps?: string[]; reasons?: string[] },
      ),
      ctx,
    );
    expect(v.join('\n')).toMatch(expected);
  });

  it('every node of the cluster lost: no other node keeps working, not "part of the cluster" (reader5 F19, real 10)', () => {
    const only = { ...ctx, downNodes: [], nodes: ['borealis-cp-2'] };
    const reply = plant({
      title: 'What if borealis-cp-2 goes down: c',
      summary: 'If borealis-cp-2 goes down, part of the cluster is affected (data plane): 3 things below.',
      keeps: ['the other nodes and their pods'],
    });
    const v = answerViolations(reply, only).join('\n');
    expect(v).toMatch(
      /every node of the cluster is lost, yet the answer says: "If borealis-cp-2 goes down, part/,
    );
    expect(v).toMatch(
      /every node of the cluster is lost, yet the answer says: "the other nodes and their pods"/,
    );
    // With another node up the same sentences are no violation of rule 38.
    expect(answerViolations(reply, { ...only, nodes: ['borealis-cp-2', 'borealis-cp-1'] })).toEqual([]);
  });

  it('rule 46: every node drained together, yet "rescheduled on another node" and no every-workload line (reader6 B4, real 09)', () => {
    const two = { ...ctx, downNodes: [], target: null, nodes: ['borealis-cp-1', 'borealis-cp-2'] };
    const reply = plant({
      multiNode: { mode: 'together', action: 'drain', nodes: ['borealis-cp-1', 'borealis-cp-2'] },
      reasons: [
        'Every cluster DNS replica (coredns, 2) is on borealis-cp-1, and no PodDisruptionBudget holds one back: the drains evict them all, and name resolution fails cluster-wide until one is rescheduled and Ready on another node.',
      ],
      stops: ['coredns: downtime until rescheduled and started elsewhere'],
    } as unknown as Partial<Reply>);
    const v = answerViolations(reply, two).join('\n');
    expect(v).toMatch(
      /every node of the cluster is drained or rebooted, yet a pod moves to another node: "Every cluster DNS/,
    );
    expect(v).toMatch(
      /every node of the cluster is drained or rebooted, yet a pod moves to another node: "coredns: downtime/,
    );
    expect(v).toMatch(/does not say every workload is down/);
    // With a third node left, the same sentences are no violation of rule 46.
    expect(
      answerViolations(reply, { ...two, nodes: ['borealis-cp-1', 'borealis-cp-2', 'borealis-cp-3'] }).join(
        '\n',
      ),
    ).not.toMatch(/every node of the cluster is drained/);
  });

  it('rules 47 and 48: a joint failure told as a drain, advised as planned work, with two timelines (reader6 B17, B18)', () => {
    const reply = plant({
      multiNode: { mode: 'together', action: 'node-down', nodes: ['borealis-cp-1', 'borealis-cp-2'] },
      reasons: [
        'The add-on pod on borealis-cp-1 (kube-system/coredns-x) is evicted by the drain and rescheduled.',
      ],
      stops: [
        'coredns: downtime until rescheduled and started elsewhere',
        'frontend: downtime until rescheduled and started elsewhere',
      ],
      advice: ['Add capacity (or take fewer nodes at once) so the evicted pods have somewhere to run.'],
      findings: [
        {
          check: 'single-replica',
          plane: 'data',
          severity: 'block',
          variant: 'joint-dns-all-here',
          facts: { workload: 'coredns', fate: 'lost' },
        },
        {
          check: 'single-replica',
          plane: 'data',
          severity: 'warn',
          variant: 'joint-all-here',
          facts: { workload: 'frontend', fate: 'lost', nowhere: 'no-room' },
        },
      ],
    } as unknown as Partial<Reply>);
    const v = answerViolations(reply, { ...ctx, target: null }).join('\n');
    expect(v).toMatch(/a failure is told as a drain or planned work: "The add-on pod on borealis-cp-1/);
    expect(v).toMatch(
      /a failure is told as a drain or planned work: "Add capacity \(or take fewer nodes at once\)/,
    );
    expect(v).toMatch(
      /coredns: DNS down "until they are back" beside "until rescheduled and started elsewhere"/,
    );
    expect(v).toMatch(/frontend fits on no other node \(no-room\), yet it is down "until rescheduled"/);
  });

  it('rule 49: a StatefulSet with no replica left by a failure under CAUTION is caught (reader6 B3, s49)', () => {
    const reply = plant({
      title: 'What if borealis-cp-2 goes down: c',
      verdict: 'caution',
      findings: [
        {
          check: 'single-replica',
          plane: 'data',
          severity: 'warn',
          variant: 'none-ready-elsewhere-statefulset-lost',
          facts: { workload: 'postgres', kind: 'StatefulSet', fate: 'lost' },
        },
      ],
    });
    expect(answerViolations(reply, ctx).join('\n')).toMatch(
      /a StatefulSet left with no Ready replica by a failure is warn and the verdict caution: postgres/,
    );
  });

  it("rule 50: a SAFE kube-apiserver restart beside the reboot answer's VIP or etcd alarm is caught (reader6 B1, B2)", () => {
    const f = (check: string, variant: string, severity: Finding['severity']): Finding =>
      ({ check, plane: 'control', severity, variant, facts: {} }) as Finding;
    // Scenario 46 as the reader found it: the restart SAFE, the reboot naming the VIP the node holds.
    const safeRestart = plant({ verdict: 'safe', findings: [] });
    const vipReboot = plant({
      verdict: 'caution',
      findings: [f('control-plane-endpoint', 'vip-moves', 'warn')],
    });
    expect(restartReadingViolations('atlas-cp-2', safeRestart, vipReboot).join('\n')).toMatch(
      /atlas-cp-2: the kube-apiserver restart is SAFE while the reboot answer says atlas-cp-2 holds the kube-vip VIP/,
    );
    // Scenario 44: the reboot names the NOSPACE alarm.
    const alarmReboot = plant({ verdict: 'unsafe', findings: [f('etcd-alarms', 'nospace', 'block')] });
    expect(restartReadingViolations('atlas-cp-2', safeRestart, alarmReboot).join('\n')).toMatch(
      /SAFE while the reboot answer names an active etcd alarm/,
    );
    // A restart that is not SAFE, or a reboot without either blocker, is no violation.
    expect(restartReadingViolations('atlas-cp-2', plant({ verdict: 'caution' }), vipReboot)).toEqual([]);
    const plainReboot = plant({ verdict: 'safe', findings: [f('apiserver-redundancy', 'capacity', 'info')] });
    expect(restartReadingViolations('atlas-cp-2', safeRestart, plainReboot)).toEqual([]);
  });

  it("rule 43: SAFE for a node whose pods the data's DaemonSets count but the data does not list is caught (s05 eridani-wk-1, reader5 F27)", () => {
    // Scenario 05 as the reader found it: kube-proxy's status counts 3 nodes running its pod, the
    // file lists one, and none at all on eridani-wk-1; the answer said "Safe to reboot eridani-wk-1:
    // none of its pods needs to move".
    const c: InvariantContext = {
      target: 'eridani-wk-1',
      downNodes: [],
      allControlPlane: false,
      minor: 33,
      readyzSeen: true,
      request: 'reboot',
      podsUnlistedNodes: ['eridani-wk-1', 'eridani-wk-2'],
    };
    const said = plant({
      verdict: 'safe',
      summary:
        'Safe to reboot eridani-wk-1: none of its pods needs to move (DaemonSet and static pods come back with it).',
    });
    const v = answerViolations(said, c).join('\n');
    expect(v).toMatch(
      /SAFE for eridani-wk-1, whose pods the data's DaemonSets count but the data does not list/,
    );
    expect(v).toMatch(
      /eridani-wk-1's pods are counted by the data's DaemonSets but not listed, and the answer does not say/,
    );
    // The same for a drain, an upgrade and a what-if; not for a restart of a component or a status.
    for (const request of ['drain', 'upgrade', 'what-if'] as const)
      expect(answerViolations(said, { ...c, request }).join('\n')).toMatch(/SAFE for eridani-wk-1/);
    expect(answerViolations(said, { ...c, request: 'restart' })).toEqual([]);
    // A joint answer about it and another node.
    const joint = plant({
      verdict: 'safe',
      multiNode: {
        mode: 'together',
        action: 'reboot',
        nodes: ['eridani-cp', 'eridani-wk-2'],
        joint: { verdict: 'safe', findings: [] },
        plan: {
          verdict: 'safe',
          order: [],
          batches: [],
          riskiestStep: null,
          workerBatchSize: 1,
          steps: [],
          excluded: [],
        },
      },
    });
    expect(
      answerViolations(joint, { ...c, target: null, targets: ['eridani-cp', 'eridani-wk-2'] }).join('\n'),
    ).toMatch(/SAFE for eridani-wk-2/);
    // Clean: CAUTION with the node's pods said not seen; or a node the DaemonSet counts do not
    // contradict (all of its DaemonSets' pods listed: a node found empty) called SAFE.
    const caution = plant({
      verdict: 'caution',
      findings: [
        {
          check: 'target-pods',
          plane: 'data',
          severity: 'warn',
          variant: 'daemonsets-unlisted',
          facts: { node: 'eridani-wk-1' },
        },
      ],
    });
    expect(answerViolations(caution, c)).toEqual([]);
    expect(answerViolations(said, { ...c, podsUnlistedNodes: [] })).toEqual([]);
  });

  it('a joint answer whose data plane is affected lists what stops there (s41 "can we reboot A and B")', () => {
    const multiNode = togetherReboot(['hydra-wk-1', 'hydra-wk-2']);
    const data = { plane: 'data' as const, affected: true, heading: 'Data plane: affected', reasons: [] };
    const jointCtx = { ...ctx, target: null, targets: ['hydra-wk-1', 'hydra-wk-2'], allControlPlane: false };
    const without = { ...base, multiNode, planes: [{ ...data, stops: [], keepsWorking: [] }] };
    expect(answerViolations(without, jointCtx).join('\n')).toMatch(
      /the data plane is headed affected but no Stops line/,
    );
    const withStops = {
      ...without,
      planes: [
        {
          ...data,
          stops: ['kubelet, kube-proxy and the CNI on hydra-wk-1 and hydra-wk-2 until they are back'],
          keepsWorking: [],
        },
      ],
    };
    expect(answerViolations(withStops, jointCtx).join('\n')).not.toMatch(/no Stops line/);
    // A control-plane node among them going down (joint API server finding), quorum kept, no Stops line.
    const control = {
      ...withStops,
      findings: [
        {
          check: 'apiserver-redundancy' as const,
          plane: 'control' as const,
          severity: 'info' as const,
          variant: 'joint-capacity',
          facts: { nodes: ['orion-cp-1'], before: 5, after: 4, others: ['orion-cp-2'] },
        },
      ],
      planes: [
        {
          plane: 'control' as const,
          affected: true,
          heading: 'Control plane: affected',
          reasons: [],
          stops: [],
          keepsWorking: [],
        },
        ...withStops.planes,
      ],
    };
    expect(answerViolations(control, jointCtx).join('\n')).toMatch(
      /the control plane is headed affected but no Stops line/,
    );
  });

  it('rule 51: "the only node" on a 5-node cluster, and a joint drain estimate that disagrees with the capacity sentence, are caught (issue 28)', () => {
    const multiNode = togetherReboot(['atlas-wk-1', 'atlas-wk-2']);
    const jointCtx = { ...ctx, target: null, targets: ['atlas-wk-1', 'atlas-wk-2'], allControlPlane: false };
    const fact = (variant: string, check: 'capacity' | 'grace-period', facts: Finding['facts']): Finding => ({
      check,
      plane: 'data',
      severity: 'info',
      variant,
      facts,
    });
    const told = (recreated: number, stranded: number): Reply => ({
      ...base,
      multiNode,
      findings: [
        fact('joint-none-fit', 'capacity', { evictable: 2, unplacedCount: 2 }),
        fact('estimate', 'grace-period', { count: 2, evicted: 2, recreated, stranded }),
      ],
    });
    // "The drain evicts 2 pods (4 started again on other nodes)" beside "none of the 2 evicted pods fits".
    expect(answerViolations(told(4, 0), jointCtx).join('\n')).toMatch(/the drain estimate .* disagrees/);
    expect(answerViolations(told(0, 2), jointCtx).join('\n')).not.toMatch(/disagrees/);
    const onlyNode = plant({
      stops: ['2 pods evicted from atlas-wk-1: it is the only node, so they stay Pending until it is back'],
    });
    expect(answerViolations(onlyNode, { ...ctx, nodeCount: 5 }).join('\n')).toMatch(
      /"is the only node" on a cluster of 5 nodes/,
    );
    expect(answerViolations(onlyNode, { ...ctx, nodeCount: 1 }).join('\n')).not.toMatch(/only node/);
  });

  // A partial file (real-clusters/08) says the other masters are not in it: a drain answer may say
  // so (the reboot's finding), since it claims nothing stops (issue 16, dns brief item 4).
  it('the partial-file finding in a joint drain is no contradiction', () => {
    const reply = plant({
      reasons: [
        "The file is partial: OpenShift's etcd quorum guard counts 3 masters, but only master-0 is in it. The other masters, whether they are Ready, and etcd membership and quorum are unknown.",
      ],
      multiNode: { action: 'drain' } as unknown as Reply['multiNode'],
      findings: [
        {
          check: 'control-plane-count',
          plane: 'control',
          severity: 'warn',
          variant: 'partial',
          facts: { node: 'master-0', seen: 1, total: 3 },
        },
      ],
    });
    expect(answerViolations(reply, ctx)).toEqual([]);
  });

  it('the drain-first sentences of a joint reboot or upgrade that loses quorum are no contradiction', () => {
    for (const action of ['reboot', 'upgrade'] as const) {
      const reply = plant({
        reasons: [
          'Add-on pods on atlas-cp-1 (kube-system/coredns-x) are evicted by the drain before the nodes go down, while quorum still holds, and rescheduled.',
          'The drain evicts 1 pod before the nodes go down, while quorum still holds; its terminationGracePeriodSeconds is 30 s.',
          'The drains evict the 2 pods before the nodes go down, while quorum still holds, and the remaining nodes have room for them.',
        ],
        multiNode: { action } as unknown as Reply['multiNode'],
        findings: [
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'block',
            variant: 'joint-lost',
            facts: {},
          },
        ],
      });
      expect(answerViolations(reply, ctx)).toEqual([]);
    }
  });

  it('rule 7 holds an answer to the cluster: a drain answer that leaves the etcd alarm out is still caught', () => {
    const advice =
      'Drain with kubectl drain borealis-cp-2 --ignore-daemonsets (add --delete-emptydir-data (--delete-local-data in a kubectl older than v1.20) only if that data may be lost).';
    const moved = 'the pod drain evicts from borealis-cp-2: it is recreated on another node';
    const drain = plant({ advice: [advice], stops: [moved] });
    expect(answerViolations(drain, ctx)).toEqual([]);
    const blocked = answerViolations(drain, { ...ctx, writesBlocked: true }).join('\n');
    expect(blocked).toContain(`writes-blocked: the drain cannot move pods, yet "${advice}"`);
    expect(blocked).toContain(`writes-blocked: the drain cannot move pods, yet "${moved}"`);
    // The target itself down: pods said to move are a node-dead contradiction; the drain advice
    // alone is not (a dead node with nothing to evict is drained by its cordon).
    const dead = answerViolations(drain, { ...ctx, downNodes: ['borealis-cp-2'] }).join('\n');
    expect(dead).toContain(`node-dead: the drain cannot move pods, yet "${moved}"`);
    expect(dead).not.toContain(advice);
  });

  it('the kubectl shape check accepts the commands answers suggest', () => {
    for (const ok of [
      'kubectl rollout status ds/kube-proxy -n kube-system',
      'kubectl -n kube-system rollout restart deployment/coredns',
      'kubectl label node wk-2 node.kubernetes.io/exclude-from-external-load-balancers=true',
      'kubectl label node wk-2 node.kubernetes.io/exclude-from-external-load-balancers-',
      'kubectl drain wk-2 --ignore-daemonsets --delete-emptydir-data',
      'kubectl uncordon wk-2',
    ])
      expect([ok, kubectlShapeError(ok)]).toEqual([ok, null]);
    expect(suggestedCommands('first (kubectl uncordon wk-2, then wait)')).toEqual(['kubectl uncordon wk-2']);
  });

  it('the etcdctl shape check accepts the commands answers suggest and refuses incomplete ones', () => {
    const compact =
      'etcdctl compact $(etcdctl endpoint status --write-out=json | grep -o \'"revision":[0-9]*\' | head -n1 | cut -d: -f2)';
    for (const ok of [
      compact,
      'etcdctl compact 12345',
      'etcdctl defrag --cluster',
      'etcdctl alarm disarm',
      'etcdctl alarm list',
      'etcdctl endpoint health --cluster',
      'etcdctl endpoint status --write-out=json',
      'etcdctl member list',
      'etcdctl member promote 8e9e05c52164694d',
      'etcdctl member remove 8e9e05c52164694d',
      'etcdctl move-leader f9264e3ea396e9b5',
      'etcdctl snapshot save /var/backups/etcd-snapshot.db',
    ])
      expect([ok, etcdctlShapeError(ok)]).toEqual([ok, null]);
    for (const bad of [
      'etcdctl compact',
      'etcdctl compact $rev',
      'etcdctl alarm',
      'etcdctl alarm clear',
      'etcdctl member remove atlas-cp-1',
      'etcdctl move-leader',
      'etcdctl endpoint',
      'etcdctl snapshot',
      'etcdctl snapshot save',
    ])
      expect([bad, etcdctlShapeError(bad)]).not.toEqual([bad, null]);
    for (const ok of ['kubeadm upgrade apply v1.34.2', 'kubeadm upgrade plan', 'kubeadm upgrade node'])
      expect([ok, kubeadmShapeError(ok)]).toEqual([ok, null]);
    for (const bad of [
      'kubeadm upgrade apply',
      'kubeadm upgrade apply v1.34',
      'kubeadm upgrade apply with the version kubeadm upgrade plan offers',
      'kubeadm upgrade',
    ])
      expect([bad, kubeadmShapeError(bad)]).not.toEqual([bad, null]);
    // A command substitution is part of the command, in English and before Korean text.
    expect(suggestedCommands(`compact it (${compact}), then defragment`)).toEqual([compact]);
    expect(suggestedCommands(`compact하고(${compact}) 모든`)).toEqual([compact]);
  });

  it('no etcd quorum in a joint answer about nodes that run no etcd member (s14 "reboot orion-wk-1 and orion-wk-2", reader5 F25)', () => {
    const multiNode = togetherReboot(['orion-wk-1', 'orion-wk-2']);
    const role = (node: string, etcdMember: boolean): Finding => ({
      check: 'node-role',
      plane: 'data',
      severity: 'info',
      variant: etcdMember ? 'worker-etcd' : 'worker',
      facts: { node, etcdMember },
    });
    const jointCtx = { ...ctx, target: null, targets: ['orion-wk-1', 'orion-wk-2'], allControlPlane: false };
    const note =
      'Nodes that are each fine alone can still lose etcd quorum or spend a PodDisruptionBudget together: the joint answer above is the one that counts.';
    const workers = {
      ...base,
      multiNode,
      findings: [role('orion-wk-1', false), role('orion-wk-2', false)],
      sections: [{ heading: 'Each node alone', lines: [note] }],
    };
    expect(answerViolations(workers, jointCtx).join('\n')).toMatch(/no target runs an etcd member, yet/);
    // One of them hosts a member: etcd quorum is theirs to lose.
    const withMember = { ...workers, findings: [role('orion-wk-1', true), role('orion-wk-2', false)] };
    expect(answerViolations(withMember, jointCtx).join('\n')).not.toMatch(/no target runs an etcd member/);
  });

  it('one reading of the node: a stale Lease in the reboot answer and none in the drain answer is caught (s47, reader5 F30)', () => {
    const stale: Finding = {
      check: 'node-health',
      plane: 'data',
      severity: 'warn',
      variant: 'lease-stale',
      facts: { node: 'lyra-wk-2', ageS: 52, graceS: 50 },
    };
    const reboot = { ...base, findings: [stale] };
    const drain = { ...base, verdict: 'safe' as const, findings: [] };
    expect(nodeReadingViolations('lyra-wk-2', { reboot, drain }).join('\n')).toMatch(
      /the drain answer reads the node as \(none\), the reboot answer as lease-stale:warn/,
    );
    expect(nodeReadingViolations('lyra-wk-2', { reboot, drain: { ...drain, findings: [stale] } })).toEqual(
      [],
    );
  });

  it('a Korean particle after a parenthesis agrees with the name before it (scenarios 02, 42)', () => {
    expect(particleViolations('먼저 borealis-cp-1 (NotReady: Ready=Unknown)를 복구하고').join('\n')).toMatch(
      /after "borealis-cp-1" \(before its parenthesis\) should be 을/,
    );
    expect(particleViolations('rook-ceph-osd-0 (Deployment, rook-ceph)는 단일').join('\n')).toMatch(
      /after "rook-ceph-osd-0" \(before its parenthesis\) should be 은/,
    );
    expect(particleViolations('먼저 borealis-cp-1 (NotReady: Ready=Unknown)을 복구하고')).toEqual([]);
    // A Korean noun before the parenthesis (real 09 joint reboot, reader5 F24).
    expect(
      particleViolations('클러스터 DNS 레플리카(coredns, 2개)이 모두 ip-10-0-10-170에 있습니다').join('\n'),
    ).toMatch(/after "카" \(before its parenthesis\) should be 가/);
    expect(
      particleViolations('클러스터 DNS 레플리카(coredns, 2개)가 모두 있고 볼륨(local-path: a)을 씁니다'),
    ).toEqual([]);
  });

  it('the Korean particle reading of names and numbers', () => {
    expect(
      [
        'atlas-cp-1',
        'wk-2',
        'kind-control-plane',
        'kind-worker',
        'PodDisruptionBudget',
        'kubelet',
        'CNI',
        'kubectl',
        'master-0',
        'group',
      ].map(latinReading),
    ).toEqual([
      'rieul',
      'vowel',
      'consonant',
      'vowel',
      'consonant',
      'consonant',
      'vowel',
      'rieul',
      'consonant',
      null,
    ]);
    expect(
      particleViolations(
        'atlas-cp-1로 옮기고 atlas-cp-3으로 옮기고 wk-2와 kubelet이 PodDisruptionBudget을 막습니다.',
      ),
    ).toEqual([]);
  });
});

describe('every count matches its items and no advice is said twice (issue 30, rules 52 and 53)', () => {
  const clusterOf = (name: string): string => {
    const c = cases.find((x) => x.file.endsWith(name));
    if (c === undefined) throw new Error(`no case for ${name}`);
    return c.cluster;
  };
  const ask = (file: string, text: string): Promise<Reply> => service.answer(job(clusterOf(file), text));
  const planted: Reply = {
    kind: 'reboot-impact',
    locale: 'en',
    title: 't',
    verdict: 'caution',
    summary: 'You can reboot n, with care: 3 things below need attention first.',
    planes: [],
    sections: [],
    advice: ['Make sure the emptyDir data can be lost.', 'Scale cart-cache to 2+ replicas first.'],
    actions: [],
    context: { cluster: 'c', snapshotAt: null, requestId: 'r' },
    findings: [],
  };
  const ctx: InvariantContext = {
    target: 'n',
    downNodes: [],
    allControlPlane: false,
    minor: 34,
    readyzSeen: true,
  };

  it('rule 53: two identical action items, or two repeating the same instruction in parentheses, are caught', () => {
    const twice = { ...planted, summary: 's', advice: ['Do X first.', 'Do X first.'] };
    expect(answerViolations(twice, ctx).join('\n')).toMatch(/two action items say "Do X first."/);
    const aside = {
      ...planted,
      summary: 's',
      advice: [
        'Bring a back first (or replace its etcd member: remove the dead member, then add a new one), then reboot n.',
        'Repair the etcd member on a first, or replace it (remove the dead member, then add a new one).',
      ],
    };
    expect(answerViolations(aside, ctx).join('\n')).toMatch(/two action items say "remove the dead member/);
  });

  it("rule 56: a blocking count that differs from the first screen's ✖ reasons is caught (scenario 02)", async () => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask(
        '02-3cp-one-etcd-member-down.json',
        `can I reboot borealis-cp-3 --lang ${lang}`,
      );
      expect(firstScreenCountViolations(reply)).toEqual([]);
      const three = { ...reply, summary: reply.summary.replace('2', '3') };
      expect(firstScreenCountViolations(three).join('\n')).toMatch(
        /counts 3 blocking problems below; the first screen shows 2/,
      );
    }
  });

  it('rule 64: "can we reboot wk-1 and wk-2" says one number of evicted pods that stay Pending (issue 33 item 18, en and ko)', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask('examples/ha-3cp.json', `can we reboot wk-1 and wk-2 --lang ${lang}`);
      const capacity = reply.findings.find((f) => f.check === 'capacity' && f.variant.startsWith('joint-'));
      expect(capacity?.facts.unplacedCount).toBe(2);
      const stops = reply.planes.flatMap((p) => p.stops);
      expect(stops.filter((l) => /^2 pods evicted from|축출된 파드 2개는/u.test(l))).toHaveLength(1);
      expect(strandedCountViolations(reply)).toEqual([]);
      const part = {
        ...reply,
        planes: reply.planes.map((p) => ({
          ...p,
          stops: p.stops.map((l) =>
            l
              .replace(/^2 pods evicted from (.*) fit /u, 'one pod evicted from $1 fits ')
              .replace('파드 2개', '파드 1개'),
          ),
        })),
      };
      expect(strandedCountViolations(part).join('\n')).toMatch(
        /counts 1 pods Pending; the joint capacity finding \(joint-none-fit\) counts 2/,
      );
    }
  });

  it('1. a CAUTION count of the things below is the ✖/⚠ reasons of the first screen, an optional step not counted (rule 56; atlas-cp-1, en and ko)', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask('examples/ha-3cp.json', `can I reboot atlas-cp-1 --lang ${lang}`);
      expect(reply.verdict).toBe('caution');
      expect(firstScreenCountViolations(reply)).toEqual([]);
    }
  });

  it('2. the caution count is the reasons, and a count that differs is caught (rule 56; drain and reboot atlas-wk-1, what if atlas-wk-1 dies, en and ko)', async () => {
    for (const lang of ['en', 'ko'] as const)
      for (const q of ['drain and reboot atlas-wk-1', 'what if atlas-wk-1 dies']) {
        const reply = await ask('examples/ha-3cp.json', `${q} --lang ${lang}`);
        expect(reply.verdict).toBe('caution');
        expect(firstScreenCountViolations(reply)).toEqual([]);
        const n = reply.attention?.length ?? 0;
        expect(n).toBeGreaterThan(1);
        const wrong = { ...reply, summary: reply.summary.replace(String(n), String(n + 1)) };
        expect(firstScreenCountViolations(wrong).join('\n')).toMatch(
          new RegExp(`summary counts ${n + 1} things below; the first screen shows \\d+ ✖/⚠ reasons`),
        );
      }
  });

  it('3. replacing the dead etcd member is advised once (borealis-cp-3, scenario 02, en and ko)', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask(
        '02-3cp-one-etcd-member-down.json',
        `can I reboot borealis-cp-3 --lang ${lang}`,
      );
      expect(reply.verdict).toBe('unsafe');
      const replace =
        lang === 'en'
          ? /remove the dead member, then add a new one/
          : /죽은 멤버를 먼저 제거한 뒤 새 멤버를 추가/;
      expect([lang, reply.advice.filter((a) => replace.test(a)).length]).toEqual([lang, 1]);
    }
  });

  it('4. with an etcd member down, "in step" is said of the members that answered (borealis-cp-3, en and ko)', async () => {
    const en = renderText(
      await ask('02-3cp-one-etcd-member-down.json', 'can I reboot borealis-cp-3 --lang en'),
    );
    expect(en).not.toContain('etcd voting members are in step');
    expect(en).toContain('The 2 etcd members that answered are in step: applied-index spread 0 entries.');
    const ko = renderText(
      await ask('02-3cp-one-etcd-member-down.json', 'can I reboot borealis-cp-3 --lang ko'),
    );
    expect(ko).not.toContain('투표 멤버들이 보조를 맞추고');
    expect(ko).toContain('응답한 etcd 멤버 2대는 서로 뒤처지지 않았습니다');
    // All members answered: the plain sentence stays.
    const all = renderText(await ask('examples/ha-3cp.json', 'can I reboot atlas-cp-1 --lang en'));
    expect(all).toContain('etcd voting members are in step: applied-index spread 0 entries.');
  });

  it('5. rule 63: a member removed for good is no outage; an outage sentence or a picture that keeps the member is caught (atlas-cp-1, en and ko)', async () => {
    const memberCtx: InvariantContext = {
      target: 'atlas-cp-1',
      downNodes: [],
      allControlPlane: false,
      minor: null,
      request: 'member-remove',
    };
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask('examples/ha-3cp.json', `etcdctl member remove atlas-cp-1 --lang ${lang}`);
      expect(answerViolations(reply, memberCtx)).toEqual([]);
      // The outage's sentence and its picture (the member kept, down, and the leader lost).
      const sentence =
        lang === 'en'
          ? 'On a control-plane node with etcdctl set up for the cluster, check etcdctl endpoint health --cluster; bring the member on atlas-cp-1 back before any other maintenance.'
          : '클러스터용 etcdctl이 설정된 컨트롤 플레인 노드에서 etcdctl endpoint health --cluster로 확인하고, 다른 유지보수보다 먼저 atlas-cp-1의 멤버를 복구하세요.';
      const outage = { ...reply, advice: [...reply.advice, sentence] };
      expect(answerViolations(outage, memberCtx).join('\n')).toMatch(
        /a member removed for good is answered as an outage \(whatIf\.advice\.etcd-member-down\)/,
      );
      // The outage's picture: the failure's quorum arithmetic keeps the member, down (the old answer).
      const outagePicture: Reply = {
        ...reply,
        findings: [
          ...reply.findings.map((f) =>
            f.check === 'etcd-member-remove' ? { ...f, facts: { ...f.facts, others: null } } : f,
          ),
          {
            check: 'etcd-quorum-after',
            plane: 'control',
            severity: 'warn',
            variant: 'kept-no-spare',
            facts: { voters: 3, quorum: 2, after: 2, healthyBefore: 3, down: [], unknown: 0 },
          },
          { check: 'etcd-leader', plane: 'control', severity: 'info', variant: 'leader-here', facts: {} },
        ],
      };
      expect(answerViolations(outagePicture, memberCtx).join('\n')).toMatch(
        /the removal picture ●●★ → ★●○ does not have 2 member\(s\) after/,
      );
    }
  });
});

describe('rule 54 catches a pod moved to a node the scheduling model refuses (issue 28 item 1)', () => {
  const node = (name: string, spec: KNode['spec'] = {}): KNode => ({
    metadata: { name },
    spec,
    status: {
      conditions: [{ type: 'Ready', status: 'True' }],
      allocatable: { cpu: '2', memory: '4Gi', pods: '110' },
    },
  });
  const pod = (name: string, nodeName: string, cpu: string): KPod => ({
    metadata: { name, namespace: 'shop' },
    spec: { nodeName, containers: [{ name: 'c', resources: { requests: { cpu } } }] },
    status: { phase: 'Running' },
  });
  const cluster = {
    nodes: [node('wk-1'), node('wk-2'), node('wk-3', { unschedulable: true })],
    pods: [pod('a', 'wk-1', '1500m'), pod('b', 'wk-1', '1500m'), pod('c', 'wk-2', '100m')],
  };
  const capacity = (movesTo: string[]): Finding =>
    ({
      check: 'capacity',
      plane: 'data',
      severity: 'ok',
      variant: 'fits',
      facts: { node: 'wk-1', movesTo },
    }) as Finding;

  it.each([
    [
      'a cordoned node',
      ['shop/a → wk-3'],
      /moves shop\/a to wk-3, which the scheduling model refuses: node\(s\) were unschedulable/,
    ],
    ['the target itself', ['shop/a → wk-1'], /moves shop\/a to wk-1, a target/],
    [
      'two pods where one fits',
      ['shop/a → wk-2', 'shop/b → wk-2'],
      /moves shop\/b to wk-2, which the scheduling model refuses: Insufficient cpu/,
    ],
  ] as const)('%s', (_name, movesTo, expected) => {
    expect(placementViolations([capacity([...movesTo])], cluster, ['wk-1']).join('\n')).toMatch(expected);
  });

  it('a move the model admits is no violation', () => {
    expect(placementViolations([capacity(['shop/a → wk-2'])], cluster, ['wk-1'])).toEqual([]);
  });

  it("a pod moved to another zone than its bound volume's (VolumeBinding, VolumeZone)", () => {
    const zone = (n: KNode, z: string): KNode => ({
      ...n,
      metadata: { ...n.metadata, labels: { 'topology.kubernetes.io/zone': z } },
    });
    const withClaim: KPod = {
      ...pod('db-0', 'wk-1', '100m'),
      spec: {
        ...pod('db-0', 'wk-1', '100m').spec,
        volumes: [{ name: 'data', persistentVolumeClaim: { claimName: 'data-db-0' } }],
      },
    };
    const zonal = {
      nodes: [zone(node('wk-1'), 'a'), zone(node('wk-2'), 'b')],
      pods: [withClaim],
      claims: [{ metadata: { name: 'data-db-0', namespace: 'shop' }, spec: { volumeName: 'pv-1' } }],
      volumes: [{ metadata: { name: 'pv-1', labels: { 'topology.kubernetes.io/zone': 'a' } } }],
    };
    expect(placementViolations([capacity(['shop/db-0 → wk-2'])], zonal, ['wk-1']).join('\n')).toMatch(
      /moves shop\/db-0 to wk-2, which the scheduling model refuses: node\(s\) had no available volume zone/,
    );
    const affinity = {
      ...zonal,
      volumes: [
        {
          metadata: { name: 'pv-1' },
          spec: {
            nodeAffinity: {
              required: {
                nodeSelectorTerms: [
                  {
                    matchExpressions: [{ key: 'topology.kubernetes.io/zone', operator: 'In', values: ['a'] }],
                  },
                ],
              },
            },
          },
        },
      ],
    };
    expect(placementViolations([capacity(['shop/db-0 → wk-2'])], affinity, ['wk-1']).join('\n')).toMatch(
      /which the scheduling model refuses: node\(s\) had volume node affinity conflict/,
    );
  });
});

describe('rule 54 is exercised: answers carry where each replacement runs', () => {
  const c = cases.find((x) => x.file.endsWith('08-worker-single-replica-deployment.json'));
  it.each([
    ['can I drain hydra-wk-2', 'fits'],
    ['can I reboot hydra-wk-1 and hydra-wk-2', 'joint-fits'],
  ])('%s', async (text, variant) => {
    if (c === undefined) throw new Error('scenario 08 not among the cases');
    const reply = await service.answer(job(c.cluster, `${text} --lang en`));
    const capacity = reply.findings.find((f) => f.check === 'capacity');
    expect(capacity?.variant).toBe(variant);
    expect((capacity?.facts.movesTo as string[] | undefined)?.length ?? 0).toBeGreaterThan(0);
  });
});

describe('why a replacement stays Pending, in the scheduler terms (issue 28 item 5)', () => {
  // Scenario 14 (note in test/unit/multi-node-analysis.test.ts): 2 render pods fit nowhere once
  // orion-wk-1 and orion-wk-2 go: orion-wk-3 is short of CPU, the 5 control planes carry the
  // NoSchedule control-plane taint render does not tolerate.
  const c = cases.find((x) => x.file.endsWith('14-5cp-etcd-workers-short-of-capacity.json'));
  it('can I reboot orion-wk-1 and orion-wk-2', async () => {
    if (c === undefined) throw new Error('scenario 14 not among the cases');
    const reply = await service.answer(job(c.cluster, 'can I reboot orion-wk-1 and orion-wk-2 --lang en'));
    expect(renderText(reply)).toMatch(
      /render[^:]*: 0\/8 nodes can take it: 1 insufficient cpu, 2 drained, 5 untolerated taint \(control-plane\)/,
    );
  });
});

describe('no pod said to move whose replacement is refused or that the drain cannot move (issue 29)', () => {
  // Scenario 54: kyverno's Fail webhook refuses both replacements (kyverno's own, frontend's), so
  // neither moves; scenarios 63 and 49: vega-wk-2 is NotReady, a drain moves nothing. Each answered
  // "room for the 2 pods that move there" beside the refusal (reader of issue 29).
  it.each([
    ['54-worker-kyverno-fail-webhook-only-backend', 'can I reboot hydra-wk-2', 'hydra-wk-2', 'reboot'],
    ['63-worker-already-dead-reboot-only', 'vega-wk-2 looks dead, can I reboot it?', 'vega-wk-2', 'reboot'],
    ['49-worker-already-dead', 'can I drain and reboot vega-wk-2', 'vega-wk-2', 'reboot'],
  ] as const)('%s: %s', async (scenario, text, target, request) => {
    const c = cases.find((x) => x.file.includes(scenario));
    if (c === undefined) throw new Error(`scenario ${scenario} not among the cases`);
    for (const lang of ['en', 'ko'] as const) {
      const reply = await service.answer(job(c.cluster, `${text} --lang ${lang}`));
      expect(answerViolations(reply, { ...c.ctx, target, request })).toEqual([]);
      expect(renderText(reply)).not.toMatch(
        /room for the|들어갈 자리가 [^.]*있습니다|while it is rescheduled|재스케줄되는 동안/,
      );
    }
  });
});

describe('one model per answer: each fact, step and command once (rules 57 to 62, Korean review 2026-12)', () => {
  // The faults of docs/reviews/ko-review-2026-12.md, "Remaining, both languages", planted in a reply.
  const base: Reply = {
    kind: 'reboot-impact',
    locale: 'en',
    title: 'Reboot impact: vega-wk-2 in c',
    verdict: 'caution',
    summary: 'You can reboot vega-wk-2, with care: 2 things below need attention first.',
    planes: [],
    sections: [],
    advice: [],
    actions: [],
    context: { cluster: 'c', snapshotAt: null, requestId: 'r' },
    findings: [
      {
        check: 'node-health',
        plane: 'data',
        severity: 'warn',
        variant: 'not-ready',
        facts: { node: 'vega-wk-2', ready: 'Unknown' },
      },
    ],
  };
  const ctx: InvariantContext = {
    target: 'vega-wk-2',
    downNodes: ['vega-wk-2'],
    allControlPlane: false,
    minor: 33,
  };
  const of = (reply: Reply): string => answerViolations(reply, ctx).join('\n');

  it('57: a node said NotReady on two lines of the first screen is caught (answer 08)', () => {
    const twice = {
      ...base,
      attention: [
        {
          severity: 'warn' as const,
          text: 'vega-wk-2 is already NotReady (Ready=Unknown): it is already out of the data plane.',
        },
        {
          severity: 'warn' as const,
          text: 'vega-wk-2 is NotReady (Ready=Unknown): the reboot is the remedy here, not a risk.',
        },
      ],
    };
    expect(of(twice)).toMatch(/the first screen says twice that vega-wk-2 is NotReady/);
    expect(of({ ...twice, attention: twice.attention.slice(1) })).not.toMatch(/says twice/);
  });

  it('58: a clarification titled as a failure is caught (answer 13)', () => {
    for (const lang of ['en', 'ko'] as const) {
      const clarify: Reply = {
        ...base,
        kind: 'error',
        locale: lang,
        verdict: null,
        title: translator(lang).t('title.error'),
        summary: 's',
        findings: [],
        suggestions: [
          { text: 'can I reboot atlas-wk-1', request: { intent: 'reboot', nodes: ['atlas-wk-1'] } },
          { text: 'can I drain atlas-wk-1', request: { intent: 'drain', nodes: ['atlas-wk-1'] } },
        ],
      };
      expect(of(clarify)).toMatch(/a clarification offering 2 readings is titled as a failure/);
      expect(of({ ...clarify, title: translator(lang).t('title.clarify') })).not.toMatch(
        /titled as a failure/,
      );
    }
  });

  it('59: a plan step of one node that says "these nodes" is caught (answer 06)', () => {
    const step = (concern: string): Reply => ({
      ...base,
      findings: [],
      sections: [
        { heading: 'The plan', lines: [`Step 1: atlas-wk-1 [CAUTION]: ${concern} Then wait for: x.`] },
      ],
      multiNode: {
        mode: 'one-by-one',
        action: 'reboot',
        nodes: ['atlas-wk-1', 'atlas-wk-2'],
        joint: { verdict: 'caution', findings: [] },
        plan: {
          verdict: 'caution',
          order: ['atlas-wk-1', 'atlas-wk-2'],
          batches: [['atlas-wk-1'], ['atlas-wk-2']],
          riskiestStep: 1,
          workerBatchSize: 1,
          steps: [{ index: 1, nodes: ['atlas-wk-1'], verdict: 'caution', waitFor: [] }],
          excluded: [],
        },
      },
    });
    expect(
      of(step('PodDisruptionBudget shop/storefront: together these nodes need 2 evictions, it allows 1.')),
    ).toMatch(/plan step 1 covers one node \(atlas-wk-1\) but says "together"/);
    expect(
      of(step('PodDisruptionBudget shop/storefront: 2 of its pods are on atlas-wk-1, it allows 1.')),
    ).not.toMatch(/plan step/);
  });

  it('60: the emptyDir flag or a command in two steps is caught (answers 19 and 10)', () => {
    const advice = [
      'Make sure the emptyDir data can be lost, then drain with --delete-emptydir-data.',
      'Once the emptyDir data of shop/cart-cache may be lost, drain with kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data.',
    ];
    expect(of({ ...base, advice })).toMatch(/"--delete-emptydir-data" is in two steps/);
    const drain = [
      'Drain with kubectl drain atlas-wk-1 --ignore-daemonsets.',
      'Then run kubectl drain atlas-wk-1 --ignore-daemonsets.',
    ];
    expect(of({ ...base, advice: drain })).toMatch(
      /"kubectl drain atlas-wk-1 --ignore-daemonsets" is in two steps/,
    );
    expect(of({ ...base, advice: advice.slice(1) })).not.toMatch(/in two steps/);
  });

  it('61: a step with several command lines is caught, one line chained with && is not (answer 07)', () => {
    const three =
      "On each node: sudo sed -i 's#/v1.33/#/v1.34/#' /etc/apt/sources.list.d/kubernetes.list; then sudo apt-mark unhold kubeadm && sudo apt-get install -y kubeadm; later sudo apt-mark unhold kubelet kubectl";
    expect(of({ ...base, advice: [three] })).toMatch(/a step runs 3 command lines/);
    expect(
      of({
        ...base,
        advice: [
          'Then upgrade the kubeadm package there: sudo apt-mark unhold kubeadm && sudo apt-get install -y kubeadm && sudo apt-mark hold kubeadm',
        ],
      }),
    ).not.toMatch(/command lines/);
  });
  it('62: a data plane said to keep serving beside a warning of that plane is caught (answer 01)', () => {
    for (const lang of ['en', 'ko'] as const) {
      const plane = {
        plane: 'data' as const,
        affected: true,
        heading: `${translator(lang).t('plane.data')}: ${translator(lang).t('plane.keeps-serving', { before: 5, after: 4 })}`,
        reasons: [],
        stops: [],
        keepsWorking: [],
      };
      const single: Finding = {
        check: 'single-replica',
        plane: 'data',
        severity: 'warn',
        variant: 'single',
        facts: { node: 'atlas-wk-1', workload: 'cart-cache' },
      };
      const reply: Reply = { ...base, locale: lang, findings: [single], planes: [plane] };
      expect(of(reply)).toMatch(/beside single-replica single \(warn\)/);
      expect(of({ ...reply, findings: [] })).not.toMatch(/beside single-replica/);
    }
  });
});
