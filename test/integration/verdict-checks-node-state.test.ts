/**
 * Issue 16, the rest: what the state of the node and of the tools acting on it changes in an
 * answer. The node-monitor grace period of the cluster's version (50 s from Kubernetes 1.32, 40 s
 * before), a node that is already dead (a drain cannot complete), writes blocked cluster-wide (the
 * drain cannot evict), the cluster-autoscaler's safe-to-evict annotation, kured's lock and
 * reboot-in-progress annotation, and a cordon somebody else made.
 */
import { describe, expect, it } from '@jest/globals';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { analyzeJointImpact } from '../../src/analysis/multi-node/joint-impact.js';
import { analyzeHaStatus } from '../../src/analysis/ha-status.js';
import { explainHaStatus } from '../../src/explain/explain-ha-status.js';
import {
  analyzeDrainImpact,
  analyzeUpgradeImpact,
  analyzeWhatIf,
} from '../../src/analysis/what-if/analyze-what-if.js';
import { kuredLockHolders } from '../../src/analysis/node-state-checks.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import { NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S, nodeMonitorGracePeriodS } from '../../src/analysis/domain.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KLease, KNode, KPod } from '../../src/cluster/types.js';
import { explainRebootImpact } from '../../src/explain/explain-reboot-impact.js';
import { explainWhatIf } from '../../src/explain/explain-what-if.js';
import { renderText } from '../../src/explain/render-text.js';
import { kubeConfigOf, loadScenario, startScenarioSimulator } from '../helpers/simulator.js';
import { withDaemonSetCountsMatching } from '../helpers/daemonset-counts.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { join } from 'node:path';

type Items = SnapshotFile['items'];

/** The scenario's items, deep-copied, with every `from` version text replaced by `to`. */
async function withVersion(name: string, from: string, to: string): Promise<SnapshotFile> {
  const file = await loadScenario(name);
  const items = JSON.parse(JSON.stringify(file.items).replaceAll(from, to)) as Items;
  return { ...file, items };
}

function leaseAge(file: SnapshotFile, node: string, ageS: number): SnapshotFile {
  const items = file.items.map((i) => structuredClone(i));
  const lease = items.find(
    (i) => i.kind === 'Lease' && i.metadata.namespace === 'kube-node-lease' && i.metadata.name === node,
  ) as KLease;
  const at = file.capturedAt ?? new Date();
  lease.spec = { ...lease.spec, renewTime: new Date(at.getTime() - ageS * 1000).toISOString() };
  return { ...file, items };
}

const explain = (impact: ReturnType<typeof analyzeRebootImpact>, locale: 'en' | 'ko' = 'en') =>
  renderText(explainRebootImpact(impact, { locale, cluster: 'f', requestId: 'r' }));

describe('node-monitor grace period: the cluster version decides (50 s from Kubernetes 1.32, 40 s before)', () => {
  it('is 40 s up to v1.31, 50 s from v1.32 on, and 40 s when the version is unknown', () => {
    expect(nodeMonitorGracePeriodS({ major: 1, minor: 31 })).toBe(40);
    expect(nodeMonitorGracePeriodS({ major: 1, minor: 32 })).toBe(50);
    expect(nodeMonitorGracePeriodS({ major: 1, minor: 35 })).toBe(NODE_MONITOR_GRACE_PERIOD_FROM_1_32_S);
    expect(nodeMonitorGracePeriodS(null)).toBe(40);
  });

  it.each([
    ['v1.33.1', 45, null],
    ['v1.31.6', 45, 40],
    ['v1.32.0', 51, 50],
    ['v1.31.6', 39, null],
  ] as const)(
    'on %s a node Lease %i s old: past the grace period of %p s (null: not stale)',
    async (version, ageS, graceS) => {
      const file = leaseAge(
        await withVersion('47-worker-node-lease-stale-v1.33-grace-50s.json', 'v1.33.1', version),
        'lyra-wk-2',
        ageS,
      );
      const snap = snapshotFromFile(file, 'f', 'lyra-wk-2');
      const impact = analyzeRebootImpact(snap, 'lyra-wk-2', snap.capturedAt);
      const stale = impact.findings.find((f) => f.check === 'node-health');
      if (graceS === null) expect(stale).toBeUndefined();
      else {
        expect(stale).toMatchObject({ variant: 'lease-stale', facts: { graceS, ageS } });
        expect(explain(impact)).toContain(`more than the ${graceS} s node-monitor grace period`);
        expect(explain(impact, 'ko')).toContain(`node-monitor grace period ${graceS}초 초과`);
      }
    },
  );

  it("takes the kube-controller-manager's version over the kubelets' (kubelets may lag a minor behind)", async () => {
    const file = await withVersion('47-worker-node-lease-stale-v1.33-grace-50s.json', 'v1.33.1', 'v1.31.6');
    const items: Items = file.items.map((i) => {
      const pod = i as KPod;
      if (i.kind !== 'Pod' || !pod.metadata.name.startsWith('kube-controller-manager-')) return i;
      const copy = structuredClone(pod);
      for (const c of copy.spec?.containers ?? []) c.image = c.image?.replace('v1.31.6', 'v1.32.4');
      return copy as unknown as Items[number];
    });
    const snap = snapshotFromFile({ ...file, items }, 'f', 'lyra-wk-2');
    const state = analyzeRebootImpact(snap, 'lyra-wk-2', snap.capturedAt).state;
    expect(state.nodeMonitorGrace).toEqual({
      seconds: 50,
      version: 'v1.32.4',
      source: 'kube-controller-manager',
    });
  });

  it('what-if texts state the grace period of the version, in both languages', async () => {
    for (const [version, graceS] of [
      ['v1.33.1', 50],
      ['v1.31.6', 40],
    ] as const) {
      const file = await withVersion('47-worker-node-lease-stale-v1.33-grace-50s.json', 'v1.33.1', version);
      const snap = snapshotFromFile(file, 'f', 'lyra-wk-1');
      const impact = analyzeWhatIf(snap, { type: 'node-down', node: 'lyra-wk-1' }, snap.capturedAt);
      const en = renderText(explainWhatIf(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
      const ko = renderText(explainWhatIf(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
      expect(en).toContain(`after ${graceS} s (node-monitor grace period)`);
      expect(en).toContain(`about ${graceS + 300} s in all`);
      expect(ko).toContain(`${graceS}초(node-monitor grace period)`);
    }
  });
});

describe('a stale node Lease: one reading of the node for reboot, upgrade and drain (scenarios 47, 48; reader5 F30/F11)', () => {
  // Kubernetes docs, Node heartbeats (https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats):
  // the kubelet renews its Lease every 10 s; past the node-monitor grace period the node lifecycle
  // controller marks it Unknown. A kubelet that does not reach the API server cannot confirm that
  // an evicted pod stopped, so the pod stays Terminating and kubectl drain waits on it (the
  // dead-node case, kubernetes/kubernetes#101391). Decided before running the bot: the drain is
  // CAUTION like the reboot, says why it can hang, and advises checking the kubelet first.
  it.each([
    ['47-worker-node-lease-stale-v1.33-grace-50s.json', 'lyra-wk-2', 52, 50],
    ['48-worker-node-lease-stale-v1.31-grace-40s.json', 'mensa-wk-2', 44, 40],
  ] as const)('%s: %s', async (file, node, ageS, graceS) => {
    const snap = snapshotFromFile(await loadScenario(file), 'f', node);
    const reboot = analyzeRebootImpact(snap, node, snap.capturedAt);
    const drain = analyzeDrainImpact(snap, node, snap.capturedAt);
    const upgrade = analyzeUpgradeImpact(snap, node, null, snap.capturedAt);
    for (const impact of [reboot, drain, upgrade]) {
      expect(impact.verdict).toBe('caution');
      expect(impact.findings).toContainEqual(
        expect.objectContaining({ check: 'node-health', variant: 'lease-stale', severity: 'warn' }),
      );
    }
    const en = drainText(drain, 'en');
    expect(en).toContain(`last renewed ${ageS} s ago (more than the ${graceS} s node-monitor grace period)`);
    expect(en).toContain(`a drain of ${node} can hang with its evicted pods left Terminating`);
    expect(en).toContain(`Check the kubelet on ${node} first`);
    expect(en).not.toMatch(/^\[SAFE\]/);
    const ko = drainText(drain, 'ko');
    expect(ko).toContain(`${ageS}초 전에 마지막으로 갱신`);
    expect(ko).toContain(`${node} 드레인이 멈출 수 있고`);
    expect(ko).toContain(`먼저 ${node}의 kubelet을 확인하고`);
    // The reboot answer says the same of its drain.
    expect(explain(reboot)).toContain(`a drain of ${node} can hang`);
  });
});

describe('a lost node with no pod to evict, or whose pods the file does not list (reader5 F9/F18)', () => {
  // Missing data is unknown, never 0 (house rule); a node with only DaemonSet and static pods has
  // nothing the taint manager evicts to recreate elsewhere (they tolerate the NoExecute taints).
  it.each([
    ['12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json', 'norma-cp-1', 'none'],
    ['02-3cp-one-etcd-member-down.json', 'borealis-wk-1', 'unlisted'],
  ] as const)('%s: %s (%s)', async (file, node, kind) => {
    // The unlisted case uses the copy whose DaemonSet counts match the pods it lists: in scenario 02
    // itself kube-proxy counts 5 nodes, so borealis-wk-1's pods are "not seen" (target-pods, reader5
    // F27), while here the file's own counts leave it a node without a listed pod.
    const snap = snapshotFromFile(
      kind === 'unlisted'
        ? await loadSnapshotFile(
            withDaemonSetCountsMatching(join(process.cwd(), 'test/fixtures/scenarios', file)),
          )
        : await loadScenario(file),
      'f',
      node,
    );
    const impact = analyzeWhatIf(snap, { type: 'node-down', node }, snap.capturedAt);
    const en = renderText(explainWhatIf(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
    const ko = renderText(explainWhatIf(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
    expect(en).not.toMatch(/\b0 pods\b|\(0\)/);
    expect(ko).not.toMatch(/파드 0개|\(0개\)/);
    if (kind === 'none') {
      expect(en).toContain('It runs no pod that would be evicted and recreated elsewhere');
      expect(en).not.toContain('Services keep sending part of their traffic to its pods');
      expect(ko).toContain('축출되어 다른 곳에 다시 만들어질 파드는 없습니다');
    } else {
      expect(en).toContain(`The snapshot lists no pod on ${node}`);
      expect(ko).toContain(`스냅샷에 ${node}의 파드가 DaemonSet 파드조차 하나도 없어`);
    }
  });
});

describe("one model of kured's state (scenario 53, reader5 F13)", () => {
  // kured takes its lock before it cordons, drains and reboots (kubereboot/kured cmd/kured/main.go,
  // rebootAsRequired); the weave.works/kured-reboot-in-progress annotation is written only with
  // --annotate-nodes. A holder that is Ready, schedulable and unmarked has not started: decided
  // before running the bot, pyxis-wk-1 is "holds its lock", not "is rebooting now", in the single
  // and the joint answer, and the joint answer tells pyxis-wk-3's lock once.
  it('pyxis-wk-1 holds the lock but shows no reboot: not "rebooting now"; the joint answer does not repeat it', async () => {
    const file = await loadScenario('53-worker-kured-multi-lock-other-nodes.json');
    const snap = snapshotFromFile(file, 'f', 'pyxis-wk-1');
    const alone = analyzeRebootImpact(snap, 'pyxis-wk-1', snap.capturedAt);
    expect(alone.findings).toContainEqual(
      expect.objectContaining({
        check: 'concurrent-disruption',
        variant: 'kured-lock-held-here',
        severity: 'block',
      }),
    );
    expect(alone.findings.some((f) => f.variant === 'kured-rebooting-here')).toBe(false);
    const joint = analyzeJointImpact(snap, ['pyxis-wk-1', 'pyxis-wk-2'], snap.capturedAt, {
      action: 'reboot',
    });
    const held = joint.findings.filter((f) => f.variant === 'kured-lock-held');
    expect(held.map((f) => f.facts.holder)).toEqual([['pyxis-wk-3']]);
    for (const locale of ['en', 'ko'] as const) {
      const text = explain(alone, locale);
      expect(text).not.toMatch(/kured is rebooting pyxis-wk-1 now|kured가 지금 pyxis-wk-1/);
      expect(text).not.toContain('kured-reboot-in-progress');
    }
  });
});

const reply = (impact: ReturnType<typeof analyzeRebootImpact>, locale: 'en' | 'ko' = 'en') =>
  explainRebootImpact(impact, { locale, cluster: 'f', requestId: 'r' });
const drainText = (impact: ReturnType<typeof analyzeDrainImpact>, locale: 'en' | 'ko' = 'en') =>
  renderText(explainWhatIf(impact, { locale, cluster: 'f', requestId: 'r' }));

async function impactOf(name: string, node: string, edit?: (items: Items) => void) {
  const file = await loadScenario(name);
  const items = file.items.map((i) => structuredClone(i));
  edit?.(items);
  const snap = snapshotFromFile({ ...file, items }, 'f', node);
  return { snap, impact: analyzeRebootImpact(snap, node, snap.capturedAt) };
}

describe('writes refused (etcd NOSPACE): no sentence says the drain moves pods (scenario 44)', () => {
  it('re-labels the drain findings, makes the failed drain a data-plane warning, in both languages', async () => {
    const { snap, impact } = await impactOf('44-3cp-etcd-nospace-alarm-readyz-passes.json', 'atlas-cp-2');
    const variants = impact.findings.map((f) => `${f.check}.${f.variant}`);
    expect(variants).toEqual(
      expect.arrayContaining([
        'single-replica.spread-writes-blocked',
        'workloads-on-control-plane.system-writes-blocked',
        'grace-period.estimate-writes-blocked',
        'capacity.fits-writes-blocked',
      ]),
    );
    expect(variants).not.toContain('single-replica.spread');
    expect(impact.findings.find((f) => f.check === 'grace-period')?.severity).toBe('warn');
    expect(impact.planesAffected).toContain('data');
    const en = renderText(reply(impact));
    expect(en).toContain('A drain would have to evict 1 pod, and an eviction is a write');
    expect(en).not.toMatch(/evicted by the drain|while it is rescheduled|The drain evicts/);
    const ko = renderText(reply(impact, 'ko'));
    expect(ko).toContain('축출은 쓰기이므로 etcd가 거부합니다');
    expect(ko).not.toMatch(/드레인으로 축출되어|그 파드가 다시 스케줄되는 동안/);

    // "can I drain" said SAFE on this cluster: the alarm now blocks it, and no drain is advised.
    const drain = analyzeDrainImpact(snap, 'atlas-cp-2', snap.capturedAt);
    expect(drain.verdict).toBe('unsafe');
    expect(drain.findings.map((f) => `${f.check}.${f.variant}`)).toEqual(
      expect.arrayContaining(['etcd-alarms.nospace', 'control-plane-serving.serving-writes-blocked']),
    );
    const text = drainText(drain);
    expect(text).toContain('cordoning atlas-cp-2 and evicting its pod are writes, and etcd refuses them');
    expect(text).not.toMatch(/Drain with kubectl drain|kubectl uncordon|it is recreated on another node/);
    expect(drainText(drain, 'ko')).not.toContain('로 드레인하세요');
  });

  it('a worker of the same cluster: the control plane is not called healthy, and its pods are not said to move', async () => {
    const { impact } = await impactOf(
      '44-3cp-etcd-nospace-alarm-readyz-passes.json',
      'atlas-wk-1',
      (items) => {
        // a worker with one pod of the coredns Deployment
        const cp2 = items.find((i) => i.kind === 'Node' && i.metadata.name === 'atlas-cp-2') as KNode;
        const wk = structuredClone(cp2);
        wk.metadata.name = 'atlas-wk-1';
        wk.metadata.labels = { 'kubernetes.io/hostname': 'atlas-wk-1' };
        wk.spec = { ...wk.spec, taints: [] };
        items.push(wk as unknown as Items[number]);
        for (const i of items) {
          const p = i as KPod;
          if (i.kind === 'Pod' && p.metadata.name.startsWith('coredns-') && p.spec?.nodeName === 'atlas-cp-2')
            p.spec.nodeName = 'atlas-wk-1';
        }
      },
    );
    expect(impact.findings.find((f) => f.check === 'control-plane-healthy-for-worker')).toMatchObject({
      variant: 'writes-blocked',
    });
    expect(impact.verdict).toBe('unsafe');
    const en = renderText(reply(impact));
    expect(en).not.toContain('The control plane is healthy');
    expect(en).toContain(
      'etcd refuses writes, so the drain can neither evict it nor have it recreated elsewhere',
    );
  });

  it('kubelet down on a worker while etcd refuses writes (etcd docs, Space quota): no NotReady, no eviction, no recreation', async () => {
    const file = await loadScenario('44-3cp-etcd-nospace-alarm-readyz-passes.json');
    const snap = snapshotFromFile(file, 'f', 'atlas-wk-1');
    const impact = analyzeWhatIf(
      snap,
      { type: 'component-down', component: 'kubelet', node: 'atlas-wk-1' },
      snap.capturedAt,
    );
    expect(impact.findings.map((f) => `${f.check}.${f.variant}`)).toEqual(
      expect.arrayContaining([
        'component-down.kubelet-node-writes-blocked',
        'control-plane-serving.serving-writes-blocked',
      ]),
    );
    expect(impact.findings.some((f) => f.variant === 'kubelet-node')).toBe(false);
    const en = renderText(explainWhatIf(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
    expect(en).toContain('cannot mark atlas-wk-1 NotReady or taint it');
    expect(en).not.toMatch(/recreated elsewhere\)|are evicted \(those|evicted 300 s later$/m);
    expect(en).not.toContain('leaves the Service endpoints');
    const ko = renderText(explainWhatIf(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
    expect(ko).toContain('NotReady로 표시하거나 taint를 달 수 없습니다');
    expect(ko).not.toContain('다른 곳에 다시 만들어짐');
  });
});

describe('a node that is already dead: a drain cannot complete (scenario 49)', () => {
  it('names what already replaced its pods and what did not, and says what to do instead', async () => {
    const { snap, impact } = await impactOf(
      '49-worker-already-dead-kubelet-stopped-pods-terminating.json',
      'vega-wk-2',
    );
    const dead = impact.findings.find((f) => f.check === 'dead-node-drain');
    // block (issue 16, reader6 B9): a drain that cannot complete is not "possible", as scenario
    // 09's drain held for ever by a PodDisruptionBudget (kubectl drain waits for ever by default,
    // https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
    expect(dead).toMatchObject({
      severity: 'block',
      facts: {
        replaced: ['web/frontend'],
        replacedReady: ['3'],
        replacedDesired: ['3'],
        replacedNodes: ['vega-wk-1, vega-wk-3'],
        pending: ['data/postgres-1'],
        pendingKind: ['statefulset'],
        terminating: ['data/postgres-1', 'web/frontend-hnhnwzsjfq-t5rjl'],
        outOfService: true,
      },
    });
    const r = reply(impact);
    const en = renderText(r);
    expect(en).toContain('web/frontend (3 of 3 replicas Ready on other nodes: vega-wk-1, vega-wk-3)');
    expect(en).toContain('data/postgres-1 (a StatefulSet pod: created again only once this pod is gone)');
    expect(r.advice.join('\n')).toContain(
      'kubectl taint nodes vega-wk-2 node.kubernetes.io/out-of-service=nodeshutdown:NoExecute',
    );
    expect(en).not.toMatch(
      /The drain evicts|evicted by the drain and recreated|kubelet, kube-proxy and the CNI on vega-wk-2 until/,
    );
    const ko = renderText(reply(impact, 'ko'));
    expect(ko).toContain('이 노드의 드레인은 끝날 수 없습니다');
    expect(ko).toContain('web/frontend (다른 노드에서 Ready인 레플리카 3/3개: vega-wk-1, vega-wk-3)');

    expect(impact.verdict).toBe('unsafe');
    expect(analyzeDrainImpact(snap, 'vega-wk-2', snap.capturedAt).verdict).toBe('unsafe');
    const drain = drainText(analyzeDrainImpact(snap, 'vega-wk-2', snap.capturedAt));
    expect(drain).toContain('the 2 pods on vega-wk-2 stay Terminating');
    expect(drain).not.toMatch(/Drain with kubectl drain|each is recreated on another node/);
  });

  it('a replica elsewhere that is not Ready does not serve: rebooting vega-wk-1 takes postgres down (reader3 1.1)', async () => {
    // postgres-1 is NotReady and Terminating on the dead vega-wk-2: postgres-0 on vega-wk-1 is the only Ready replica.
    const { impact } = await impactOf(
      '49-worker-already-dead-kubelet-stopped-pods-terminating.json',
      'vega-wk-1',
    );
    const postgres = impact.findings.find(
      (f) => f.check === 'single-replica' && f.facts.workload === 'postgres',
    );
    expect(postgres).toMatchObject({
      severity: 'warn',
      variant: 'none-ready-elsewhere',
      facts: { readyElsewhere: 0 },
    });
    const en = renderText(reply(impact));
    expect(en).toContain(
      'postgres (StatefulSet, data): 1 of 2 replicas on vega-wk-1, and no replica on another node is Ready',
    );
    expect(en).not.toMatch(/postgres[^\n]*keeps serving/);
    expect(renderText(reply(impact, 'ko'))).toContain('다른 노드의 레플리카는 Ready가 아닙니다');
  });

  it('before Kubernetes 1.26 the out-of-service taint does nothing: the advice deletes the Node instead', async () => {
    const file = await withVersion(
      '49-worker-already-dead-kubelet-stopped-pods-terminating.json',
      'v1.33.1',
      'v1.25.16',
    );
    const snap = snapshotFromFile(file, 'f', 'vega-wk-2');
    const impact = analyzeRebootImpact(snap, 'vega-wk-2', snap.capturedAt);
    const advice = reply(impact).advice.join('\n');
    expect(advice).toContain('kubectl delete node vega-wk-2');
    expect(advice).not.toContain('out-of-service');
  });

  // Issue 16 (reader3): frontend has 3 pods elsewhere but only 2 Ready (one Terminating on the dead
  // vega-wk-2): "keeps serving" counts Ready replicas only, in the single and the joint answers.
  it('the replicas said to keep serving are the Ready ones (frontend: 2 Ready elsewhere, not 3)', async () => {
    const { impact } = await impactOf(
      '49-worker-already-dead-kubelet-stopped-pods-terminating.json',
      'vega-wk-1',
    );
    const spread = impact.findings.find(
      (f) => f.check === 'single-replica' && f.facts.workload === 'frontend',
    );
    expect(spread?.facts).toMatchObject({ elsewhere: 3, readyElsewhere: 2 });
    const en = renderText(reply(impact));
    expect(en).toContain('the 2 Ready on other nodes keep serving');
    expect(en).not.toMatch(/the other 3 keep serving/);
    expect(renderText(reply(impact, 'ko'))).toContain('다른 노드에서 Ready인 2개가 계속 응답합니다');
  });

  // Issue 16 (reader3): the upgrade order listed borealis-cp-1, NotReady, as a node to upgrade next
  // (scenario 02). kubeadm upgrades one control-plane node after another, each Ready with etcd
  // healthy before the next (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/):
  // a dead one is brought back or replaced first, not upgraded in turn.
  it('an upgrade order leaves out a control-plane node that is already NotReady, and says to bring it back first', async () => {
    const file = await loadScenario('02-3cp-one-etcd-member-down.json');
    const snap = snapshotFromFile(file, 'f', 'borealis-cp-2');
    const impact = analyzeUpgradeImpact(snap, 'borealis-cp-2', null, snap.capturedAt);
    const order = impact.findings.find((f) => f.check === 'upgrade-order');
    expect(order?.facts.others).toEqual(['borealis-cp-3']);
    expect(impact.steps[0]).toMatchObject({
      key: 'steps.cp-not-ready',
      params: { nodes: ['borealis-cp-1'] },
    });
  });

  // Issue 16 (reader4): the worker's order said "the control-plane nodes first, one at a time:
  // borealis-cp-1, borealis-cp-2 and borealis-cp-3" with borealis-cp-1 NotReady; upgrading the
  // others restarts their etcd members with one of 3 already down, which loses quorum (etcd FAQ,
  // https://etcd.io/docs/v3.5/faq/). The worker path leaves it out too, and the advice says "upgrade".
  it('a worker upgrade order leaves out a NotReady control-plane node too, and its advice says upgrade, not reboot', async () => {
    const file = await loadScenario('02-3cp-one-etcd-member-down.json');
    const snap = snapshotFromFile(file, 'f', 'borealis-wk-1');
    const impact = analyzeUpgradeImpact(snap, 'borealis-wk-1', null, snap.capturedAt);
    expect(impact.findings.find((f) => f.check === 'upgrade-order')?.facts.controlPlaneNodes).toEqual([
      'borealis-cp-2',
      'borealis-cp-3',
    ]);
    expect(impact.steps.map((s) => s.key)).toEqual([
      'steps.cp-not-ready',
      'steps.control-plane-before-kubeadm-next',
      'steps.worker',
    ]);
    expect(impact.steps[0]?.params).toMatchObject({ nodes: ['borealis-cp-1'] });
    expect(impact.steps[1]?.params).toMatchObject({ first: 'borealis-cp-2', others: ['borealis-cp-3'] });
    const en = renderText(explainWhatIf(impact, { locale: 'en', cluster: 'f', requestId: 'r' }));
    const ko = renderText(explainWhatIf(impact, { locale: 'ko', cluster: 'f', requestId: 'r' }));
    expect(en).toContain('then upgrade borealis-wk-1.');
    expect(en).not.toMatch(/then reboot borealis-wk-1|borealis-cp-1, borealis-cp-2 and borealis-cp-3/);
    expect(ko).toContain('borealis-wk-1을 업그레이드하세요.');
    expect(ko).not.toMatch(/borealis-wk-1을 재부팅하세요|borealis-cp-1, borealis-cp-2, borealis-cp-3/);
  });

  // Issue 16 (reader4, s49): a joint reboot said "Other nodes are already NotReady…: vega-wk-2" with
  // vega-wk-2 one of the nodes asked about; one node's own answer still names it.
  it('a joint answer does not call one of its own targets an "other node" already NotReady', async () => {
    const file = await loadScenario('49-worker-already-dead-kubelet-stopped-pods-terminating.json');
    const snap = snapshotFromFile(file, 'f', null);
    const others = (findings: readonly { check: string; variant: string }[]) =>
      findings.filter((f) => f.check === 'concurrent-disruption' && f.variant === 'workers');
    const joint = analyzeJointImpact(snap, ['vega-wk-1', 'vega-wk-2'], snap.capturedAt, { action: 'reboot' });
    expect(others(joint.findings)).toEqual([]);
    const alone = analyzeRebootImpact(snap, 'vega-wk-1', snap.capturedAt);
    expect(others(alone.findings)).toHaveLength(1);
  });

  it('a dead node with nothing to evict has none either: its drain is only the cordon, which completes', async () => {
    const { impact } = await impactOf('02-3cp-one-etcd-member-down.json', 'borealis-cp-1');
    expect(impact.findings.find((f) => f.check === 'node-health')).toMatchObject({ variant: 'not-ready' });
    expect(impact.findings.some((f) => f.check === 'dead-node-drain')).toBe(false);
  });

  it('a Ready node has no such finding', async () => {
    const { impact } = await impactOf(
      '43-worker-ingress-lb-external-traffic-policy-local.json',
      'hydra-wk-2',
    );
    expect(impact.findings.some((f) => f.check === 'dead-node-drain')).toBe(false);
  });
});

// Issue 16 (reader3): a worker's reboot answer said "two members down at once is how clusters lose
// quorum" beside a control-plane node already down (scenario 02): the worker hosts no etcd
// member, so its reboot takes none down. etcd's arithmetic (etcd FAQ, https://etcd.io/docs/v3.5/faq/)
// is said only where a member is affected.
describe('another control-plane node already down (scenario 02): etcd sentences only where a member is', () => {
  it('a worker reboot names the node down, but no etcd member loss; a stacked master reboot does', async () => {
    const worker = await impactOf('02-3cp-one-etcd-member-down.json', 'borealis-wk-1');
    expect(worker.impact.findings.find((f) => f.check === 'concurrent-disruption')).toMatchObject({
      variant: 'control-plane-no-member',
      severity: 'warn',
    });
    for (const locale of ['en', 'ko'] as const) {
      const text = renderText(reply(worker.impact, locale));
      expect(text).toContain('borealis-cp-1');
      expect(text).not.toMatch(/Two members down|멤버 두 대가 동시에/);
    }
    const master = await impactOf('02-3cp-one-etcd-member-down.json', 'borealis-cp-2');
    expect(master.impact.findings.find((f) => f.check === 'concurrent-disruption')).toMatchObject({
      variant: 'control-plane',
      severity: 'block',
    });
  });
});

describe('safe-to-evict: the cluster autoscaler annotation (scenario 50)', () => {
  it.each([
    ['false', true],
    ['False', true],
    ['true', false],
  ] as const)('value %s: warned %p', async (value, warned) => {
    const { impact } = await impactOf('50-worker-pod-safe-to-evict-false.json', 'orion-wk-2', (items) => {
      for (const i of items)
        if (i.kind === 'Pod' && i.metadata.annotations?.['cluster-autoscaler.kubernetes.io/safe-to-evict'])
          i.metadata.annotations['cluster-autoscaler.kubernetes.io/safe-to-evict'] = value;
    });
    const f = impact.findings.find((x) => x.check === 'safe-to-evict');
    if (!warned) expect(f).toBeUndefined();
    else {
      expect(f).toMatchObject({
        severity: 'warn',
        facts: { pods: ['knative-serving/activator-5d8f7b9c6b-k2x4p'] },
      });
      expect(renderText(reply(impact, 'ko'))).toContain(
        'cluster-autoscaler.kubernetes.io/safe-to-evict: "false"',
      );
    }
  });
});

describe("kured's lock and reboot-in-progress annotation", () => {
  const now = new Date('2025-06-12T09:41:07Z');
  it('reads the single and the multi-lock forms, drops entries past their TTL, keeps garbage as held', () => {
    expect(kuredLockHolders('{"nodeID":"wk-1","created":"2025-06-12T09:40:00Z","TTL":0}', now)).toEqual([
      'wk-1',
    ]);
    expect(
      kuredLockHolders(
        JSON.stringify({
          maxOwners: 2,
          locks: [
            { nodeID: 'wk-1', created: '2025-06-12T09:40:00Z', TTL: 0 },
            { nodeID: 'wk-3', created: '2025-06-12T08:00:00Z', TTL: 30 * 60 * 1e9 },
          ],
        }),
        now,
      ),
    ).toEqual(['wk-1']);
    expect(kuredLockHolders('{"nodeID":"","created":"2025-06-12T09:40:00Z"}', now)).toEqual([]);
    expect(kuredLockHolders('not json', now)).toEqual(['unknown']);
  });

  it("held for the target itself (scenario 51): kured is rebooting it, unsafe, and its cordon is kured's", async () => {
    const { impact } = await impactOf('51-worker-kured-reboot-in-progress.json', 'cetus-wk-2');
    expect(impact.verdict).toBe('unsafe');
    expect(impact.findings.find((f) => f.variant === 'kured-rebooting-here')).toMatchObject({
      severity: 'block',
    });
    expect(impact.findings.some((f) => f.check === 'prior-cordon')).toBe(false);
    expect(renderText(reply(impact, 'ko'))).toContain('kured가 지금 cetus-wk-2를 재부팅하고 있습니다');
  });

  // Issue 16 (reader4): "Let kured finish … then ask again" beside "Drain with kubectl drain
  // cetus-wk-2 --ignore-daemonsets.": kured drains, reboots and uncordons it itself (https://kured.dev/docs/).
  it('a drain while kured reboots the node advises no drain command and no uncordon (scenario 51)', async () => {
    const file = await loadScenario('51-worker-kured-reboot-in-progress.json');
    const snap = snapshotFromFile(file, 'f', 'cetus-wk-2');
    const drain = analyzeDrainImpact(snap, 'cetus-wk-2', snap.capturedAt);
    expect(drain.verdict).toBe('unsafe');
    for (const locale of ['en', 'ko'] as const) {
      const text = drainText(drain, locale);
      expect(text).toContain('cetus-wk-2');
      expect(text).not.toMatch(/kubectl drain|kubectl uncordon/);
    }
  });

  it('the annotation without the lock: kured waits for its lock to reboot it (warn)', async () => {
    const { impact } = await impactOf('51-worker-kured-reboot-in-progress.json', 'cetus-wk-2', (items) => {
      const ds = items.find((i) => i.kind === 'DaemonSet' && i.metadata.name === 'kured');
      if (ds?.metadata.annotations) delete ds.metadata.annotations['weave.works/kured-node-lock'];
    });
    expect(impact.findings.find((f) => f.check === 'concurrent-disruption')).toMatchObject({
      severity: 'warn',
      variant: 'kured-pending-here',
    });
  });

  it('the multi-lock held for two other workers (scenario 53): one finding naming both', async () => {
    const { impact } = await impactOf('53-worker-kured-multi-lock-other-nodes.json', 'pyxis-wk-2');
    expect(impact.findings.filter((f) => f.variant === 'kured-lock-held')).toEqual([
      expect.objectContaining({
        severity: 'warn',
        facts: expect.objectContaining({ holder: ['pyxis-wk-1', 'pyxis-wk-3'] }),
      }),
    ]);
  });

  it("the bot's own entries (k8s-ha-bot/…, a maintenance plan holding kured's lock) are no kured reboot; kured's own entries beside them still are", async () => {
    const setLock = (lock: object) => (items: Items) => {
      const ds = items.find((i) => i.kind === 'DaemonSet' && i.metadata.name === 'kured');
      if (ds?.metadata.annotations)
        ds.metadata.annotations['weave.works/kured-node-lock'] = JSON.stringify(lock);
    };
    const created = '2025-06-12T09:40:00Z';
    const alone = await impactOf(
      '53-worker-kured-multi-lock-other-nodes.json',
      'pyxis-wk-2',
      setLock({ nodeID: 'k8s-ha-bot/mr-aaaaaaaaaa', created, TTL: 0 }),
    );
    expect(alone.impact.findings.filter((f) => f.variant.startsWith('kured'))).toEqual([]);
    const beside = await impactOf(
      '53-worker-kured-multi-lock-other-nodes.json',
      'pyxis-wk-2',
      setLock({
        maxOwners: 3,
        locks: [
          { nodeID: 'pyxis-wk-1', created, TTL: 0 },
          { nodeID: 'k8s-ha-bot/mp-aaaaaaaaaa/b2', created, TTL: 0 },
          { nodeID: 'pyxis-wk-3', created, TTL: 0 },
        ],
      }),
    );
    expect(beside.impact.findings.filter((f) => f.variant.startsWith('kured'))).toEqual([
      expect.objectContaining({
        variant: 'kured-lock-held',
        facts: expect.objectContaining({ holder: ['pyxis-wk-1', 'pyxis-wk-3'], count: 2 }),
      }),
    ]);
  });

  it('a control-plane target while kured holds its lock for workers only (scenario 53, CHECKS.md concurrent-disruption): warn, not block; "holds its lock", not "being rebooted"', async () => {
    const { impact } = await impactOf('53-worker-kured-multi-lock-other-nodes.json', 'pyxis-cp-1');
    const kured = impact.findings.filter((f) => f.check === 'concurrent-disruption');
    expect(kured).toEqual([expect.objectContaining({ severity: 'warn', variant: 'kured-lock-held' })]);
    expect(impact.verdict).not.toBe('unsafe');
    const en = explain(impact);
    expect(en).toContain('kured holds its reboot lock for pyxis-wk-1 and pyxis-wk-3');
    expect(en).not.toContain('being rebooted');
    expect(explain(impact, 'ko')).not.toContain('재부팅 중입니다');
  });

  it('a holder that shows its reboot (cordoned) is "being rebooted"; a control-plane holder blocks a control-plane target', async () => {
    const cordonWk1 = (items: Items) => {
      const n = items.find((i) => i.kind === 'Node' && i.metadata.name === 'pyxis-wk-1') as KNode | undefined;
      if (n) n.spec = { ...n.spec, unschedulable: true };
    };
    const { impact } = await impactOf('53-worker-kured-multi-lock-other-nodes.json', 'pyxis-cp-1', cordonWk1);
    expect(impact.findings.filter((f) => f.check === 'concurrent-disruption')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          variant: 'kured-lock',
          facts: expect.objectContaining({ holder: ['pyxis-wk-1'] }),
        }),
        expect.objectContaining({
          variant: 'kured-lock-held',
          facts: expect.objectContaining({ holder: ['pyxis-wk-3'] }),
        }),
      ]),
    );
    expect(explain(impact)).toContain(
      'kured holds its reboot lock for pyxis-wk-1: another node is being rebooted.',
    );
    const cpHolder = await impactOf('53-worker-kured-multi-lock-other-nodes.json', 'pyxis-cp-1', (items) => {
      const ds = items.find((i) => i.kind === 'DaemonSet' && i.metadata.name === 'kured');
      if (ds?.metadata.annotations)
        ds.metadata.annotations['weave.works/kured-node-lock'] = JSON.stringify({
          nodeID: 'pyxis-cp-2',
          created: '2025-06-12T09:40:00Z',
          TTL: 0,
        });
    });
    expect(cpHolder.impact.findings.find((f) => f.check === 'concurrent-disruption')).toMatchObject({
      severity: 'block',
      variant: 'kured-lock-held',
    });
  });

  it('status names a held kured lock (scenario 53), in both languages', async () => {
    const file = await loadScenario('53-worker-kured-multi-lock-other-nodes.json');
    const snap = snapshotFromFile(file, 'f', '');
    const status = analyzeHaStatus(snap, snap.capturedAt);
    expect(status.findings.find((f) => f.check === 'concurrent-disruption')).toMatchObject({
      severity: 'info',
      variant: 'status-kured-lock-held',
      facts: { holder: ['pyxis-wk-1', 'pyxis-wk-3'] },
    });
    const en = renderText(explainHaStatus(status, { locale: 'en', cluster: 'f', requestId: 'r' }));
    expect(en).toContain('kured holds its reboot lock for pyxis-wk-1 and pyxis-wk-3');
    const ko = renderText(explainHaStatus(status, { locale: 'ko', cluster: 'f', requestId: 'r' }));
    expect(ko).toContain('재부팅 잠금');
  });

  it.each([
    ['42-worker-rook-ceph-osd-down-blocking-pdb.json', 'data'],
    ['49-worker-already-dead-kubelet-stopped-pods-terminating.json', 'data'],
    ['51-worker-kured-reboot-in-progress.json', 'data'],
    ['52-worker-cordoned-by-someone-else.json', 'data'],
    ['45-3cp-etcd-learner-joining.json', 'control'],
  ] as const)('status headline of %s names the %s plane as the cause', async (name, cause) => {
    const file = await loadScenario(name);
    const snap = snapshotFromFile(file, 'f', '');
    const status = analyzeHaStatus(snap, snap.capturedAt);
    expect(status.health).toBe('degraded');
    const head = (locale: 'en' | 'ko') =>
      explainHaStatus(status, { locale, cluster: 'f', requestId: 'r' }).summary ?? '';
    if (cause === 'data') {
      expect(head('en')).toContain('the problem is in the data plane');
      expect(head('en')).not.toContain('cannot take');
      expect(head('ko')).toContain('문제는 데이터 플레인');
    } else {
      // A learner does not vote (etcd docs, https://etcd.io/docs/v3.5/learning/design-learner/):
      // 3 voters, quorum 2, one more failure tolerated, as the status's own etcd line says; the
      // headline names the membership change, not "cannot take (another) failure" (reader5 F12).
      expect(head('en')).toContain('an etcd membership change is in progress');
      expect(head('en')).not.toContain('cannot take');
      expect(head('ko')).toContain('etcd 멤버십 변경이 진행 중');
    }
  });

  it('scenario 45: the learner catching up is not counted in the applied-index spread of the voting members', async () => {
    const file = await loadScenario('45-3cp-etcd-learner-joining.json');
    const snap = snapshotFromFile(file, 'f', '');
    const status = analyzeHaStatus(snap, snap.capturedAt);
    expect(status.state.etcd.appliedLag?.lag).toBe(0);
    const en = renderText(explainHaStatus(status, { locale: 'en', cluster: 'f', requestId: 'r' }));
    expect(en).not.toContain('spread 120 entries');
  });

  it('scenario 45: the learner advice says where etcdctl runs (kubeadm etcd needs endpoints and certificates), in both languages', async () => {
    const { impact } = await impactOf('45-3cp-etcd-learner-joining.json', 'atlas-cp-2');
    for (const [locale, clause] of [
      ['en', 'with etcdctl set up for the cluster'],
      ['ko', '클러스터용 etcdctl이 설정된'],
    ] as const) {
      const withEtcdctl = reply(impact, locale).advice.filter((a) => /etcdctl member/.test(a));
      expect(withEtcdctl.length).toBeGreaterThan(0);
      for (const a of withEtcdctl) expect(a).toContain(clause);
    }
  });

  it('DaemonSets that cannot be read: a read-error finding of their own, and nothing said of kured', async () => {
    const sim = await startScenarioSimulator('53-worker-kured-multi-lock-other-nodes.json');
    try {
      sim.setFaults({ forbidden: ['daemonsets'] });
      const snap = await readSnapshot({
        kubeConfig: kubeConfigOf(sim),
        cluster: 'sim',
        focusNode: 'pyxis-wk-2',
        requestTimeoutMs: 2000,
        deadlineMs: 5000,
      });
      const impact = analyzeRebootImpact(snap, 'pyxis-wk-2', snap.capturedAt);
      expect(impact.findings).toContainEqual(
        expect.objectContaining({
          check: 'read-error',
          variant: 'forbidden',
          facts: expect.objectContaining({ resource: 'daemonsets' }),
        }),
      );
      expect(impact.findings.some((f) => f.variant.startsWith('kured'))).toBe(false);
      expect(impact.verdict).not.toBe('safe');
    } finally {
      await sim.close();
    }
  });
});

describe('a cordon somebody else made (scenario 52)', () => {
  it('names who and since when; without managedFields it says the API does not tell', async () => {
    const { impact } = await impactOf('52-worker-cordoned-by-someone-else.json', 'draco-wk-2');
    expect(impact.findings.find((f) => f.check === 'prior-cordon')).toMatchObject({
      severity: 'warn',
      variant: 'by-other',
      facts: { by: 'kubectl-cordon', sinceMinutes: 17 * 60 + 20 },
    });
    expect(renderText(reply(impact))).toContain('by kubectl-cordon 17 h ago, not by this bot');
    expect(renderText(reply(impact, 'ko'))).toContain('설정: kubectl-cordon, 17시간 전');
    const bare = await impactOf('52-worker-cordoned-by-someone-else.json', 'draco-wk-2', (items) => {
      const n = items.find((i) => i.kind === 'Node' && i.metadata.name === 'draco-wk-2') as KNode;
      delete n.metadata.managedFields;
    });
    expect(bare.impact.findings.find((f) => f.check === 'prior-cordon')).toMatchObject({
      severity: 'warn',
      variant: 'unknown-by',
    });
    expect(renderText(reply(bare.impact))).toContain('the API does not say by whom');
  });

  it('a pinned volume on a node someone cordoned: the advice does not say to uncordon it right after the reboot', async () => {
    const { impact } = await impactOf(
      '41-worker-local-path-pv-pinned-statefulset-pod.json',
      'hydra-wk-2',
      (items) => {
        const n = items.find((i) => i.kind === 'Node' && i.metadata.name === 'hydra-wk-2') as KNode;
        n.spec = { ...n.spec, unschedulable: true };
        n.metadata.managedFields = [
          {
            manager: 'kubectl-cordon',
            operation: 'Update',
            time: '2025-06-11T16:20:41Z',
            fieldsV1: { 'f:spec': { 'f:unschedulable': {} } },
          },
        ];
      },
    );
    for (const locale of ['en', 'ko'] as const) {
      const advice = reply(impact, locale).advice.join('\n');
      expect(advice).not.toMatch(/uncordon hydra-wk-2 right after the reboot|재부팅 직후/);
    }
    expect(reply(impact).advice.join('\n')).toContain('was cordoned before by someone else');
  });

  it('a drain answer does not advise uncordoning it afterwards', async () => {
    const { snap } = await impactOf('52-worker-cordoned-by-someone-else.json', 'draco-wk-2');
    const text = drainText(analyzeDrainImpact(snap, 'draco-wk-2', snap.capturedAt));
    expect(text).not.toContain('Afterwards, kubectl uncordon draco-wk-2');
    expect(text).toContain('kubectl uncordon draco-wk-2'); // only "if they agree", from the prior-cordon advice
    expect(text).toContain('only if they agree');
  });
});
