/**
 * "How do I upgrade the cluster?" answered with the upgrade advice the bot has per distribution
 * (the profile's `upgrade` method), from the node the order starts with. Expectations, written from
 * the sources before the answers were read:
 * - kubeadm (scenario 01, three control-plane nodes with stacked etcd, v1.33.1, two workers):
 *   "Upgrading kubeadm clusters" (https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/):
 *   the control-plane nodes first, one at a time, `kubeadm upgrade apply` on the first and
 *   `kubeadm upgrade node` on the others, then the workers; one minor at a time ("Skipping MINOR
 *   versions when upgrading is unsupported"), so v1.34 next; an etcd backup first
 *   (`etcdctl snapshot save`, https://kubernetes.io/docs/tasks/administer-cluster/configure-upgrade-etcd/#backing-up-an-etcd-cluster).
 *   The first node is a control-plane node that does not hold etcd leadership (atlas-cp-1 does, per
 *   the recorded endpoint status), so that leadership moves once.
 * - RKE2 (real cluster 06, one server `nori`, v1.31.6): servers then agents, each by running the
 *   install script again with INSTALL_RKE2_VERSION (https://docs.rke2.io/upgrades/manual_upgrade), embedded
 *   etcd backed up with `rke2 etcd-snapshot save` (https://docs.rke2.io/datastore/backup_restore); never a
 *   kubeadm command. The only server going down stops the API and etcd: never "safe".
 * - A managed control plane (scenario 13, AKS-like, no control-plane node): the provider upgrades
 *   the control plane, then the node pools (AKS docs, "Upgrade an AKS cluster",
 *   https://learn.microsoft.com/azure/aks/upgrade-aks-cluster); no kubeadm, no etcd command.
 * In English and Korean.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { clusterUpgradeStart } from '../../src/analysis/upgrade-start.js';
import { answerWhatIf } from '../../src/answer/answer-what-if.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { renderText } from '../../src/explain/render-text.js';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  s01: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
  r06: join(REAL_CLUSTERS, '06-edgexr-rke2-1server-node.json'),
  s13: join(SCENARIOS, '13-managed-aks-like-no-control-plane-nodes.json'),
  k3d3: join(REAL_CLUSTERS, 'derived/k3s-3servers-embedded-etcd.json'),
  r11: join(REAL_CLUSTERS, '11-giantswarm-aws-1master-3workers-nodes.json'),
});
afterAll(() => answers.close());

/** The lines of a rendered answer's section, from its heading to the next blank line. */
function section(text: string, heading: string): string[] {
  const lines = text.split('\n');
  const at = lines.indexOf(heading);
  if (at < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (line.trim() === '') break;
    out.push(line);
  }
  return out;
}

describe('kubeadm (scenario 01)', () => {
  it.each(['how do I upgrade the cluster?', 'upgrade advice', 'how to upgrade', 'upgrade the cluster'])(
    '%s: the control plane first, from a node that is not the etcd leader, with kubeadm steps one minor up',
    async (q) => {
      const en = await answers.ask('s01', q, 'en');
      expect(en).not.toMatch(/did not understand|No node named/);
      expect(en).toMatch(/^\[(SAFE|CAUTION|UNSAFE)\] Cluster upgrade: s01, from atlas-cp-2\n/);
      expect(en).toContain('You asked how to upgrade the whole cluster');
      expect(en).toContain('kubeadm upgrade node');
      expect(en).toMatch(/upgrade apply/);
      expect(en).toContain('v1.34');
      expect(en).not.toMatch(/v1\.3[5-9]/);
      expect(en).toContain('etcdctl snapshot save');
      expect(en).not.toMatch(/rke2|k3s|oc adm upgrade/);
      const steps = section(en, 'In order');
      expect(steps[0]).toMatch(/^ {2}• atlas-cp-2 first/);
      expect(steps.join('\n')).toMatch(/then the workers/);
    },
  );

  it('the cluster answer is the upgrade of its first node: the same steps as "can I upgrade atlas-cp-2"', async () => {
    const whole = await answers.ask('s01', 'how do I upgrade the cluster?', 'en');
    const node = await answers.ask('s01', 'can I upgrade atlas-cp-2', 'en');
    expect(section(whole, 'In order')).toEqual(section(node, 'In order'));
    expect(section(whole, 'In order').length).toBeGreaterThan(2);
    // The same verdict: the cluster answer's verdict is the first node's.
    expect(/^\[[A-Z]+\]/.exec(whole)?.[0]).toBe(/^\[[A-Z]+\]/.exec(node)?.[0]);
  });

  it('클러스터 업그레이드 어떻게 해?: the same in Korean', async () => {
    const ko = await answers.ask('s01', '클러스터 업그레이드 어떻게 해?', 'ko');
    expect(ko).not.toContain('이해하지 못했습니다');
    expect(ko).toMatch(/^\[[^\]]+\] 클러스터 업그레이드: s01, atlas-cp-2부터\n/);
    expect(ko).toContain('클러스터 전체의 업그레이드를 물으셨습니다');
    expect(ko).toContain('kubeadm upgrade node');
    expect(ko).toContain('v1.34');
    expect(ko).toContain('etcdctl snapshot save');
    expect(ko).not.toMatch(/rke2|k3s|oc adm upgrade/);
  });

  it('a version asked for is kept: "upgrade the cluster to 1.34" plans v1.34, not a skipped minor', async () => {
    const en = await answers.ask('s01', 'upgrade the cluster to 1.34', 'en');
    expect(en).toContain('v1.34');
    expect(en).not.toMatch(/skips a minor/);
    const skip = await answers.ask('s01', 'upgrade the cluster to 1.36', 'en');
    expect(skip).toMatch(/^\[UNSAFE\]/);
    expect(skip).toContain('skips a minor version');
  });
});

describe('kubeadm mid-upgrade (scenario 01 with atlas-cp-2 already on kube-apiserver v1.34.0)', () => {
  it('the next node is named as next, not as where the upgrade starts', async () => {
    const file = await loadSnapshotFile(join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'));
    const items = file.items.map((item) => {
      if (item.kind !== 'Pod' || item.metadata.name !== 'kube-apiserver-atlas-cp-2') return item;
      const copy = structuredClone(item) as unknown as { spec: { containers: { image: string }[] } };
      for (const c of copy.spec.containers) c.image = 'registry.k8s.io/kube-apiserver:v1.34.0';
      return copy as unknown as typeof item;
    });
    const snap = snapshotFromFile({ ...file, items }, 'f', null);
    const node = clusterUpgradeStart(snap, snap.capturedAt) ?? '';
    expect(node).toBe('atlas-cp-3');
    const focused = snapshotFromFile({ ...file, items }, 'f', node);
    for (const locale of ['en', 'ko'] as const) {
      const text = renderText(
        answerWhatIf(
          { kind: 'upgrade-impact', node, drain: false, scope: 'cluster' },
          focused,
          focused.capturedAt,
          { locale, requestId: 'r', cluster: 'f' },
        ),
      );
      expect(text).toContain(
        locale === 'en' ? 'the upgrade is under way; atlas-cp-3 is the next node' : '다음 노드는 atlas-cp-3',
      );
      expect(text).toContain('atlas-cp-2');
      expect(text).not.toMatch(/starting with atlas-cp-3|atlas-cp-3부터 시작/);
    }
  });
});

describe('RKE2 (real cluster 06, one server)', () => {
  it.each([
    ['how do I upgrade the cluster?', 'en'],
    ['클러스터 업그레이드 어떻게 해?', 'ko'],
  ] as const)(
    '%s: the RKE2 installer and its etcd snapshot, never kubeadm, never safe',
    async (q, locale) => {
      const text = await answers.ask('r06', q, locale);
      expect(text).not.toMatch(/^\[(SAFE|안전)\]/);
      expect(text).toContain('nori');
      expect(text).toContain('INSTALL_RKE2_VERSION');
      expect(text).toContain('rke2 etcd-snapshot save');
      expect(text).not.toMatch(/kubeadm|etcdctl snapshot save|oc adm/);
      // One node: no "ask for every step", no "then the agents" to a cluster without agents.
      expect(text).not.toMatch(/upgrade all nodes one by one|모든 노드 하나씩/);
    },
  );
});

describe('a managed control plane (scenario 13, AKS-like)', () => {
  it.each([
    ['how do I upgrade the cluster?', 'en', 'your provider upgrades its control plane'],
    ['클러스터 업그레이드 어떻게 해?', 'ko', '제공자가 컨트롤 플레인을'],
  ] as const)('%s: the provider upgrades it; no kubeadm or etcd command', async (q, locale, says) => {
    const text = await answers.ask('s13', q, locale);
    expect(text).toContain(says);
    expect(text).not.toMatch(/kubeadm|etcdctl|etcd-snapshot|oc adm/);
  });
});

/*
 * k3d (derived 3-server k3s file, k3d node names): k3d runs k3s in containers and has no upgrade
 * command; a release means a new cluster from that release's rancher/k3s image (https://k3d.io,
 * `k3d cluster create --image`). So the whole-cluster answer must not say "node by node".
 * A distribution with no marker (real 11, Giant Swarm): no tool's commands, but the general order
 * (control plane first, one minor at a time: https://kubernetes.io/releases/version-skew-policy/)
 * is given under "In order", so the first line must not say no order is given.
 */
describe('k3d and an unknown distribution', () => {
  it('k3d: the first line says a new cluster, never node by node, and agrees with "In order"', async () => {
    for (const locale of ['en', 'ko'] as const) {
      const text = await answers.ask('k3d3', 'how do I upgrade the cluster?', locale);
      expect(text).toContain('k3d cluster create');
      expect(text).not.toMatch(/upgraded node by node|노드 단위로|starting with k3d-/);
    }
    expect(await answers.ask('k3d3', 'how do I upgrade the cluster?', 'en')).toContain(
      'it is the k3d cluster mycluster, upgraded by creating a new cluster',
    );
  });

  it('unknown: the general order is given and the first line says so, not "no order"', async () => {
    const en = await answers.ask('r11', 'how do I upgrade the cluster?', 'en');
    expect(en).not.toContain('no order or command');
    expect(en).toContain('only the general order under "In order"');
    expect(section(en, 'In order').length).toBeGreaterThan(0);
    expect(en).not.toMatch(/kubeadm (upgrade|certs)|apt-get|INSTALL_K3S_VERSION|INSTALL_RKE2_VERSION|oc adm/);
  });
});
