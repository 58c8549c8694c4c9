/**
 * Answer texts a new user tripped over on the built-in demo (examples/ha-3cp.json): a safe summary
 * that said "nothing needs attention first" above a list of things to do first, an upgrade order
 * that contradicted its own steps, a node-down answer that blamed a drain for evictions, Korean
 * particles and capitalisation, and English plurals ("1 pods").
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { analyzeUpgradeImpact, analyzeWhatIf } from '../../src/analysis/what-if/analyze-what-if.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { type SnapshotFile, loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { Locale } from '../../src/commands/types.js';
import { eventLines } from '../../src/maintenance/explain-maintenance.js';
import { explainWhatIf } from '../../src/explain/explain-what-if.js';
import { explainFinding } from '../../src/explain/explain-finding.js';
import type { Finding } from '../../src/analysis/types.js';
import { korean, translator } from '../../src/explain/i18n.js';
import { en } from '../../src/explain/locales/en.js';
import { enMaintenance } from '../../src/explain/locales/en-maintenance.js';
import { enWhatIf } from '../../src/explain/locales/en-what-if.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';

const DEMO = join(process.cwd(), 'examples/ha-3cp.json');
let demo: SnapshotFile;
beforeAll(async () => {
  demo = await loadSnapshotFile(DEMO);
});

/** A copy of the demo with the kube-apiserver static pod on `node` at `version` (an upgrade under way). */
function withApiserverAt(file: SnapshotFile, node: string, version: string): SnapshotFile {
  const items = structuredClone(file.items) as SnapshotFile['items'];
  let changed = 0;
  for (const item of items) {
    const o = item as { kind?: string; spec?: { nodeName?: string; containers?: { image?: string }[] } };
    if (o.kind !== 'Pod' || o.spec?.nodeName !== node) continue;
    for (const c of o.spec.containers ?? []) {
      if (c.image?.includes('/kube-apiserver:')) {
        c.image = c.image.replace(/:v[\d.]+$/, `:${version}`);
        changed++;
      }
    }
  }
  expect(changed).toBeGreaterThan(0);
  return { ...file, items };
}

function upgrade(
  node: string,
  locale: Locale,
  target: string | null = null,
  file: SnapshotFile = demo,
): Reply {
  const snapshot = snapshotFromFile(file, 'demo', node);
  return explainWhatIf(analyzeUpgradeImpact(snapshot, node, target, snapshot.capturedAt), {
    locale,
    cluster: 'demo',
    requestId: 't',
  });
}

function nodeDown(node: string, locale: Locale): Reply {
  const snapshot = snapshotFromFile(demo, 'demo', node);
  return explainWhatIf(analyzeWhatIf(snapshot, { type: 'node-down', node }, snapshot.capturedAt), {
    locale,
    cluster: 'demo',
    requestId: 't',
  });
}

function reasons(reply: Reply): string[] {
  return reply.planes.flatMap((p) => p.reasons);
}

function steps(reply: Reply, locale: Locale): string[] {
  const heading = translator(locale).t('whatIf.section.steps');
  return reply.sections.find((s) => s.heading === heading)?.lines ?? [];
}

describe('a safe summary with things to do first', () => {
  it('says there are steps to do first when the advice list is not empty (English)', () => {
    const reply = upgrade('atlas-cp-2', 'en');
    expect(reply.verdict).toBe('safe');
    // Four steps: the package repository moved to the next minor (pkgs.k8s.io has one repository per
    // minor: "Changing The Kubernetes Package Repository", kubernetes.io; issue 16, reader5 F4), the
    // kubeadm package, later the kubelet and kubectl packages (one command per step, issue 30 item 4)
    // and the etcd snapshot ("kubeadm upgrade plan" is in the order's first step, said once)
    expect(reply.advice.length).toBe(4);
    expect(reply.advice[0]).toMatch(
      /^On each Debian or Ubuntu node, before its packages, point the repository line at v1\.34/,
    );
    expect(reply.summary).not.toMatch(/nothing below needs attention/);
    expect(reply.summary).toMatch(/^Safe: upgrading atlas-cp-2 /);
    expect(reply.summary).toContain('do the 4 steps under "What to do first"');
  });

  it('says the same in Korean', () => {
    const reply = upgrade('atlas-cp-2', 'ko');
    expect(reply.summary).not.toContain('먼저 확인할 문제가 없습니다');
    expect(reply.summary).toContain('"먼저 할 일"의 4가지');
  });

  it('keeps "nothing needs attention first" when there is no advice', () => {
    const tr = translator('en');
    expect(tr.t('whatIf.summary.planned.safe', { what: 'x', planes: 'data plane' })).toMatch(
      /nothing below needs attention first/,
    );
  });
});

describe('upgrade order never contradicts the steps', () => {
  it('with no node upgraded yet, the node asked about goes first with upgrade apply (the version from kubeadm upgrade plan)', () => {
    const reply = upgrade('atlas-cp-2', 'en');
    const order = reasons(reply).find((r) => r.startsWith('Upgrade order'));
    expect(order).toBeDefined();
    expect(order).toMatch(/starting with atlas-cp-2 \(with upgrade apply\), then atlas-cp-1 and atlas-cp-3/);
    const s = steps(reply, 'en');
    // No version asked: kubeadm upgrade apply is never written without a full vX.Y.Z.
    // kubeadm's order ("Upgrading kubeadm clusters"): the kubeadm package first, then plan and
    // apply, then drain, kubelet and kubectl, the kubelet restart, uncordon (issue 16, advice item 2).
    expect(s[0]).toMatch(
      /^atlas-cp-2 first, to a v1\.34 patch release only \(the next minor: kubeadm does not support skipping a minor version\): upgrade the kubeadm package to it, run kubeadm upgrade plan, then upgrade apply with the full vX\.Y\.Z version it lists; then drain it, upgrade the kubelet and kubectl packages, systemctl daemon-reload && systemctl restart kubelet, and uncordon it$/,
    );
    expect(s.join('\n')).not.toMatch(/atlas-cp-2: kubeadm upgrade node/);
    expect(s.join('\n')).toMatch(
      /then the other control-plane nodes, one at a time, each the same way but with kubeadm upgrade node: atlas-cp-1 and atlas-cp-3/,
    );
  });

  it('names the target version in the apply step when one is asked for', () => {
    const s = steps(upgrade('atlas-cp-2', 'en', 'v1.34.0'), 'en');
    expect(s[0]).toMatch(
      /^atlas-cp-2 first: upgrade the kubeadm package to v1\.34\.0, check kubeadm upgrade plan, run kubeadm upgrade apply v1\.34\.0; then drain it, .*systemctl restart kubelet/,
    );
  });

  it('when another control-plane node already runs a newer version, the node asked about runs kubeadm upgrade node, after it', () => {
    const file = withApiserverAt(demo, 'atlas-cp-1', 'v1.34.0');
    for (const target of [null, 'v1.34.0']) {
      const reply = upgrade('atlas-cp-2', 'en', target, file);
      const order = reasons(reply).find((r) => r.startsWith('Upgrade order'));
      expect(order).toMatch(
        /atlas-cp-1 already runs v1\.34\.0; atlas-cp-2 is next \(kubeadm upgrade node\), then atlas-cp-3/,
      );
      const s = steps(reply, 'en');
      expect(s[0]).toMatch(
        /^atlas-cp-2: upgrade the kubeadm package, run kubeadm upgrade node; then drain it, .*systemctl restart kubelet/,
      );
      expect(s.join('\n')).not.toMatch(/kubeadm upgrade apply/);
      expect(s.join('\n')).toMatch(
        /then the remaining control-plane nodes, one at a time, each the same way but with kubeadm upgrade node: atlas-cp-3/,
      );
    }
  });

  it('says the same order in Korean', () => {
    const reply = upgrade('atlas-cp-2', 'ko');
    const order = reasons(reply).find((r) => r.startsWith('업그레이드 순서'));
    expect(order).toContain('atlas-cp-2부터(upgrade apply로)');
    expect(steps(reply, 'ko')[0]).toMatch(
      /^atlas-cp-2 먼저, 다음 마이너인 v1\.34 패치 릴리스까지만.*: kubeadm 패키지를 .*kubeadm upgrade plan 실행, .*upgrade apply, 그다음 드레인, .*systemctl restart kubelet/,
    );
  });
});

describe('node down is not a drain', () => {
  for (const locale of ['en', 'ko'] as const) {
    it(`${locale}: add-on pods are evicted by the taint after the toleration, not by a drain`, () => {
      const reply = nodeDown('atlas-cp-2', locale);
      const text = renderText(reply);
      expect(text).not.toMatch(/evicted by the drain|드레인으로 축출/);
      const line = reasons(reply).find((r) => r.includes('kube-system/coredns-'));
      expect(line).toBeDefined();
      expect(line).toMatch(
        // v1.33: the 50 s grace period of Kubernetes 1.32 and later (CHANGELOG-1.32)
        locale === 'en' ? /no drain.*50 s.*300 s.*NoExecute/ : /드레인이 없으므로.*50초.*300초.*NoExecute/,
      );
    });
  }

  it('a planned upgrade still says the drain evicts them', () => {
    expect(reasons(upgrade('atlas-cp-2', 'en')).some((r) => /(?:are|is) evicted by the drain/.test(r))).toBe(
      true,
    );
  });
});

describe('Korean particles and case', () => {
  it('reads the last digit of a name for (이)라는', () => {
    const got = Array.from({ length: 10 }, (_, d) => korean(`atlas-wk-${d}(이)라는`));
    expect(got).toEqual([
      'atlas-wk-0이라는', // 영
      'atlas-wk-1이라는', // 일
      'atlas-wk-2라는', // 이
      'atlas-wk-3이라는', // 삼
      'atlas-wk-4라는', // 사
      'atlas-wk-5라는', // 오
      'atlas-wk-6이라는', // 육
      'atlas-wk-7이라는', // 칠
      'atlas-wk-8이라는', // 팔
      'atlas-wk-9라는', // 구
    ]);
    expect(korean('v1.33.1(과)와 v1.34.0')).toBe('v1.33.1과 v1.34.0');
    expect(korean('v1.34(과)와 v1.35')).toBe('v1.34와 v1.35');
    expect(korean('maxUnavailable 100%(이)라 노드')).toBe(
      'maxUnavailable 100%(이)라 노드'.replace('(이)라', '라'),
    );
  });

  it('reads a Latin name as a word or letter by letter for the particle after it (issue 16)', () => {
    expect(
      [
        'kind-control-plane(은)는', // 플레인
        'kind-worker(은)는', // 워커
        'PodDisruptionBudget(이)가', // 버짓
        'kubelet(을)를', // 큐블릿
        'kubectl(으)로', // 컨트롤: ㄹ
        'master-0.lab.example.com(이)가', // 컴
        'ip-10-0-1-23.ec2.internal(으)로', // 인터널: ㄹ
        'VIP(이)가', // 브이아이피
        'etcd(은)는', // 이티씨디
        'atlas-cp-3(과)와', // 삼
      ].map(korean),
    ).toEqual([
      'kind-control-plane은',
      'kind-worker는',
      'PodDisruptionBudget이',
      'kubelet을',
      'kubectl로',
      'master-0.lab.example.com이',
      'ip-10-0-1-23.ec2.internal로',
      'VIP가',
      'etcd는',
      'atlas-cp-3과',
    ]);
  });

  it('an unknown node gets the right particle', () => {
    const tr = translator('ko');
    expect(tr.t('summary.not-found', { cluster: 'demo', node: 'atlsa-wk-1' })).toBe(
      'demo에 atlsa-wk-1이라는 노드가 없습니다.',
    );
    expect(tr.t('summary.not-found', { cluster: 'demo', node: 'atlsa-wk-2' })).toBe(
      'demo에 atlsa-wk-2라는 노드가 없습니다.',
    );
  });

  it('no Korean text is left with an unresolved pair or a particle written straight after a placeholder', () => {
    const reply = upgrade('atlas-cp-2', 'ko');
    expect(renderText(reply)).not.toMatch(/\((이|은|을|으|과)\)/);
    const tr = translator('ko');
    expect(tr.t('whatIf.keeps.existing-connections', { node: 'atlas-wk-1' })).toMatch(/^atlas-wk-1을 지나는/);
    expect(tr.t('keeps.service-traffic')).not.toContain('기재');
    // "programmed", not "recorded" (기재); the sentence names no kube-proxy, which a cluster may not run (issue 16)
    expect(tr.t('keeps.service-traffic')).toContain('설정된 Service 규칙');
  });

  // A cluster may run no kube-proxy (Cilium replaces it: scenario 13): the sentences said of every
  // cluster name no kube-proxy (issue 16, dns brief item 3).
  it.each(['en', 'ko'] as const)('the sentences said of any cluster name no kube-proxy (%s)', (lang) => {
    const tr = translator(lang);
    for (const key of [
      'keeps.service-traffic',
      'whatIf.keeps.service-rules',
      'checks.control-plane-healthy-for-worker.down',
    ])
      expect(tr.t(key, { node: 'atlas-wk-1' })).not.toMatch(/kube-proxy/);
  });

  it('never changes the case of a name at the start of a summary', () => {
    expect(nodeDown('atlas-cp-2', 'ko').summary).toMatch(/^atlas-cp-2가 다운되면/);
    expect(nodeDown('atlas-cp-2', 'en').summary).toMatch(/^If atlas-cp-2 goes down/);
  });

  it('every English summary text starts with a capitalised word of its own', () => {
    const walk = (o: object): string[] =>
      Object.values(o).flatMap((v) => (typeof v === 'string' ? [v] : walk(v as object)));
    for (const text of walk(enWhatIf.summary)) expect(text).toMatch(/^[A-Z][a-z]/);
  });
});

describe('English plurals', () => {
  /** Every English text with {{count}}, rendered with count 1 and the other placeholders as X. */
  function renderedWithOne(): { key: string; text: string }[] {
    const tr = translator('en');
    const out: { key: string; text: string }[] = [];
    const walk = (o: object, prefix: string): void => {
      for (const [k, v] of Object.entries(o)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (typeof v !== 'string') walk(v as object, key);
        else if (v.includes('{{count}}') && !k.endsWith('_one')) {
          const params: Record<string, string | number> = {};
          for (const m of v.matchAll(/\{\{(\w+)\}\}/g)) params[m[1] ?? ''] = 'X';
          params.count = 1;
          out.push({ key, text: tr.t(key, params) });
        }
      }
    };
    walk(en, '');
    walk({ whatIf: enWhatIf }, '');
    walk({ maintenance: enMaintenance }, '');
    return out;
  }

  it('no text with {{count}} reads "1 <plural>" when count is 1', () => {
    const texts = renderedWithOne();
    expect(texts.length).toBeGreaterThan(10);
    const bad = texts
      .filter((t) => /\b1 [a-z-]+(s|\(s\))\b/i.test(t.text) && !/\b1 of\b/.test(t.text))
      .map((t) => `${t.key}: ${t.text}`);
    expect(bad).toEqual([]);
  });

  it('a node down with one pod says "its pod is evicted"', () => {
    const line = reasons(nodeDown('atlas-cp-2', 'en')).find((r) =>
      r.startsWith('If atlas-cp-2 is lost without a drain'),
    );
    expect(line).toContain('its pod is evicted');
    expect(line).not.toMatch(/\b1 pods\b/);
  });

  it('a finished drain of one pod says "1 pod evicted"', () => {
    const tr = translator('en');
    const subject = { node: 'atlas-wk-1', cluster: 'demo', expiresAt: '2026-01-01T00:00:00Z', progress: {} };
    const one = eventLines(tr, subject, { type: 'drained', evicted: 1, skipped: [] })?.[0];
    expect(one).toContain('(1 pod evicted)');
    const two = eventLines(tr, subject, { type: 'drained', evicted: 2, skipped: ['kube-system/x'] })?.[0];
    expect(two).toContain('(2 pods evicted;');
  });
});

describe('wording found by a reader (issue 16)', () => {
  const f = (variant: string, replicas: number): Finding => ({
    check: 'single-replica',
    plane: 'data',
    severity: 'warn',
    variant,
    facts: {
      node: 'wk-1',
      workload: 'coredns',
      kind: 'Deployment',
      namespace: 'kube-system',
      replicas,
      here: 1,
      elsewhere: replicas - 1,
      readyElsewhere: replicas - 1,
    },
  });
  it('two replicas are "both", not "all 2"', () => {
    expect(explainFinding(translator('en'), f('all-here', 2))).toMatch(/^Both replicas of coredns/);
    expect(explainFinding(translator('en'), f('dns-all-here', 2))).toMatch(/^Both replicas of cluster DNS/);
    expect(explainFinding(translator('en'), f('all-here', 3))).toMatch(/^All 3 replicas of coredns/);
  });
  it('Korean: no English left in parentheses; the replica left serves while the one on the node is rescheduled', () => {
    const ko = translator('ko');
    expect(explainFinding(ko, f('single', 1))).not.toMatch(/\((?:single replica|downtime)\)/);
    expect(explainFinding(ko, f('all-here', 3))).not.toMatch(/\(downtime\)/);
    expect(explainFinding(ko, f('spread', 2))).toMatch(
      /그 파드가 다시 스케줄되는 동안 다른 노드에서 Ready인 1개가 계속 응답합니다/,
    );
  });
  it('an upgrade touching both planes is not said to touch them "only"', () => {
    for (const locale of ['en', 'ko'] as const) {
      const reply = upgrade('atlas-cp-2', locale);
      expect(reply.planes.filter((p) => p.affected).length).toBe(2);
      expect(reply.summary).not.toMatch(/plane only|에만 영향/);
    }
  });
});
