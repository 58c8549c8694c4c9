/**
 * The control-plane VIP in answers (issue 16), on scenario 46 (kube-vip static pods, atlas-cp-2
 * holds the Lease kube-system/plndr-cp-lock) and on the same cluster with kube-vip run by a
 * DaemonSet instead (the kube-vip docs' DaemonSet install,
 * https://kube-vip.io/docs/installation/daemonset/, selecting the control-plane nodes by the
 * `node-role.kubernetes.io/control-plane` label):
 * - the joint reboot of the VIP holder and another control-plane node loses etcd quorum, and
 *   kube-vip elects the VIP's next holder by writing its Lease through the API server
 *   (https://kube-vip.io/docs/about/architecture/): the VIP does not move, clients lose the
 *   endpoint until quorum is back; nothing is evicted or rescheduled either;
 * - the single reboot of the VIP holder: only clients that reach the other API servers directly
 *   keep working; those that use the VIP go through its move;
 * - the advice to move the VIP first fits how kube-vip runs: a static pod's manifest is moved; a
 *   DaemonSet's pod is not deleted (the DaemonSet recreates it on the node, cordoned or not:
 *   https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#taints-and-tolerations),
 *   the node is taken out of its node selector with a complete command instead.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from '@jest/globals';
import { createAnswerService } from '../../src/answer/answer.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { kubectlShapeError, suggestedCommands } from '../helpers/answer-invariants.js';

const STATIC = join(process.cwd(), 'test/fixtures/scenarios/46-3cp-kube-vip-holder-reboot.json');

interface Item {
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    annotations?: Record<string, string>;
    ownerReferences?: unknown[];
  };
  spec?: Record<string, unknown>;
}

/** Scenario 46 with its kube-vip static pods turned into the pods of a DaemonSet kube-system/kube-vip-ds. */
function daemonSetVariant(): string {
  const file = JSON.parse(readFileSync(STATIC, 'utf8')) as { cluster: { items: Item[] } };
  const items = file.cluster.items;
  for (const it of items) {
    if (it.kind !== 'Pod' || !it.metadata.name.startsWith('kube-vip-')) continue;
    const node = String(it.spec?.nodeName ?? '');
    it.metadata.name = `kube-vip-ds-${node.slice(-4)}x`;
    delete it.metadata.annotations;
    it.metadata.ownerReferences = [
      {
        apiVersion: 'apps/v1',
        kind: 'DaemonSet',
        name: 'kube-vip-ds',
        uid: 'kube-vip-ds-uid',
        controller: true,
      },
    ];
    it.spec = { ...it.spec, nodeSelector: { 'node-role.kubernetes.io/control-plane': '' } };
  }
  items.push({
    kind: 'DaemonSet',
    metadata: { name: 'kube-vip-ds', namespace: 'kube-system', uid: 'kube-vip-ds-uid' },
    spec: { selector: { matchLabels: { 'app.kubernetes.io/name': 'kube-vip-ds' } } },
  });
  const path = join(mkdtempSync(join(tmpdir(), 'vip-ds-')), '46-ds.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}

/**
 * Scenario 46 with the etcd status of scenario 44 (same members; an active NOSPACE alarm: etcd
 * refuses writes while quorum holds, https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota).
 */
function nospaceVariant(): string {
  const file = JSON.parse(readFileSync(STATIC, 'utf8')) as Record<string, unknown>;
  const nospace = JSON.parse(
    readFileSync(
      join(process.cwd(), 'test/fixtures/scenarios/44-3cp-etcd-nospace-alarm-readyz-passes.json'),
      'utf8',
    ),
  ) as Record<string, unknown>;
  file.etcd = nospace.etcd;
  const path = join(mkdtempSync(join(tmpdir(), 'vip-nospace-')), '46-nospace.json');
  writeFileSync(path, JSON.stringify(file));
  return path;
}

const service = createAnswerService({
  config: {
    source: 'test',
    clusters: {
      atlas: { kind: 'snapshot', snapshot: STATIC, requestTimeoutMs: 5000, deadlineMs: 20000 },
      ds: { kind: 'snapshot', snapshot: daemonSetVariant(), requestTimeoutMs: 5000, deadlineMs: 20000 },
      nospace: { kind: 'snapshot', snapshot: nospaceVariant(), requestTimeoutMs: 5000, deadlineMs: 20000 },
    },
    defaultCluster: 'atlas',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  },
});
afterAll(() => service.close());

async function ask(
  text: string,
  cluster = 'atlas',
  lang: 'en' | 'ko' = 'en',
): Promise<{ reply: Reply; text: string }> {
  const job: AnswerJob = {
    requestId: `vip-${cluster}`,
    text: `${text} --lang ${lang}`,
    cluster,
    locale: 'en',
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
  const reply = await service.answer(job);
  return { reply, text: renderText(reply) };
}

describe('the kube-vip VIP when quorum is lost', () => {
  it.each(['en', 'ko'] as const)(
    '%s: the joint reboot of the VIP holder and atlas-cp-1 promises no VIP move',
    async (lang) => {
      const { reply, text } = await ask('can I reboot atlas-cp-1 and atlas-cp-2', 'atlas', lang);
      expect(reply.verdict).toBe('unsafe');
      const vip = reply.findings.find((f) => f.check === 'control-plane-endpoint');
      expect(vip?.variant).toBe('joint-vip-moves-no-quorum');
      if (lang === 'en') {
        expect(text).toContain('without etcd quorum the VIP does not move');
        expect(text).toContain('lose the API endpoint until quorum is back');
        expect(text).not.toContain('see a pause while it moves');
      } else {
        expect(text).toContain('VIP가 옮겨 가지 않아');
        expect(text).not.toContain('VIP가 옮겨 가는 동안 API 클라이언트가 잠시 끊깁니다');
      }
    },
  );

  // A planned reboot drains each node first, while quorum still holds (kubectl drain evicts through
  // the API server: https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/); only
  // then are the two down together and nothing more can be written. So the pods are evicted and
  // rescheduled, and every sentence that says so says that order (issue 16, one model per answer).
  it.each(['en', 'ko'] as const)(
    '%s: the drains evict and reschedule the pods before the two are down together, and say so in order',
    async (lang) => {
      const { reply, text } = await ask('can I reboot atlas-cp-1 and atlas-cp-2', 'atlas', lang);
      expect(reply.findings.find((f) => f.check === 'capacity')?.variant).toBe('joint-fits-drain-first');
      if (lang === 'en') {
        expect(text).not.toMatch(
          /evicted by the drain and rescheduled|cannot be evicted while etcd refuses writes/,
        );
        expect(text).not.toContain('not rescheduled while quorum is lost');
        expect(text).toContain('before the nodes go down, while quorum still holds');
      } else {
        expect(text).not.toMatch(/\)는 드레인으로 축출되어|축출할 수 없습니다/);
        expect(text).toContain('쿼럼이 유지되는 동안');
      }
    },
  );
  it('the what-if of the two lost (no drain): nothing is evicted nor rescheduled until quorum is back', async () => {
    const { reply, text } = await ask('what if I lose atlas-cp-1 and atlas-cp-2', 'atlas');
    expect(reply.findings.find((f) => f.check === 'capacity')?.variant).toBe('joint-no-quorum');
    expect(text).toContain('are not rescheduled while quorum is lost');
    expect(text).not.toMatch(/have room for|while quorum still holds/);
  });
});

describe('the kube-vip VIP while etcd refuses writes (NOSPACE)', () => {
  it.each(['en', 'ko'] as const)(
    '%s: neither the single nor the joint reboot promises a VIP move',
    async (lang) => {
      const single = await ask('can I reboot atlas-cp-2', 'nospace', lang);
      expect(single.reply.findings.find((f) => f.check === 'control-plane-endpoint')?.variant).toBe(
        'vip-moves-writes-blocked',
      );
      const joint = await ask('can I reboot atlas-cp-2 and atlas-wk-1', 'nospace', lang);
      expect(joint.reply.findings.find((f) => f.check === 'control-plane-endpoint')?.variant).toBe(
        'joint-vip-moves-writes-blocked',
      );
      if (lang === 'en') {
        expect(single.text).toContain(
          'while etcd refuses writes no other kube-vip node (atlas-cp-1 and atlas-cp-3) can take it',
        );
        expect(joint.text).toContain('while etcd refuses writes the VIP does not move');
        expect(`${single.text}\n${joint.text}`).not.toMatch(
          /the VIP moves to another kube-vip node|while it moves/,
        );
      } else {
        expect(joint.text).toContain('etcd가 쓰기를 거부하는 동안 VIP가 옮겨 가지 않아');
      }
    },
  );
});

describe('the single reboot of the VIP holder', () => {
  it.each(['en', 'ko'] as const)(
    '%s: only clients that reach the other API servers directly keep working',
    async (lang) => {
      const { reply, text } = await ask('can I reboot atlas-cp-2', 'atlas', lang);
      expect(reply.verdict).toBe('caution');
      expect(reply.findings.find((f) => f.check === 'apiserver-redundancy')?.variant).toBe('capacity-vip');
      const control = reply.planes.find((p) => p.plane === 'control');
      if (lang === 'en') {
        expect(text).not.toContain('clients behind the load balancer keep working');
        expect(control?.keepsWorking).toContain(
          'kubectl and the API for clients that reach the other API servers directly, not through the VIP: atlas-cp-1 and atlas-cp-3',
        );
      } else {
        expect(text).not.toContain('로드 밸런서를 거치는 클라이언트는');
        expect(control?.keepsWorking.some((k) => k.startsWith('VIP를 거치지 않고'))).toBe(true);
      }
    },
  );

  it('what if the VIP holder goes down: the same model of the API endpoint', async () => {
    const { reply } = await ask('what if atlas-cp-2 goes down');
    const control = reply.planes.find((p) => p.plane === 'control');
    expect(control?.keepsWorking).toContain(
      'kubectl and the API for clients that reach the other API servers directly, not through the VIP: atlas-cp-1 and atlas-cp-3',
    );
  });
});

describe('moving the VIP first, as kube-vip runs', () => {
  it('static pods: move the manifest, no pod deletion', async () => {
    const { reply } = await ask('can I reboot atlas-cp-2');
    const advice = reply.advice.join('\n');
    expect(advice).toContain('moving its static pod manifest out of /etc/kubernetes/manifests');
    expect(advice).not.toMatch(/delete/i);
  });

  it.each(['en', 'ko'] as const)(
    '%s DaemonSet: take the node out of its node selector with complete commands, never delete the pod',
    async (lang) => {
      const { reply } = await ask('can I reboot atlas-cp-2', 'ds', lang);
      const vip = reply.findings.find((f) => f.check === 'control-plane-endpoint');
      // The other nodes' kube-vip pods are DaemonSet pods too: they are standbys, the VIP can move.
      expect(reply.verdict).toBe('caution');
      expect(vip?.variant).toBe('vip-moves');
      expect([...((vip?.facts.standbys as string[] | undefined) ?? [])].sort()).toEqual([
        'atlas-cp-1',
        'atlas-cp-3',
      ]);
      expect(vip?.facts).toMatchObject({ form: 'daemonset', daemonSet: 'kube-system/kube-vip-ds' });
      const advice = reply.advice.find((a) => a.includes('plndr-cp-lock')) ?? '';
      const commands = suggestedCommands(advice);
      expect(commands).toEqual(
        expect.arrayContaining([
          'kubectl label node atlas-cp-2 node-role.kubernetes.io/control-plane-',
          'kubectl label node atlas-cp-2 node-role.kubernetes.io/control-plane=',
        ]),
      );
      for (const c of commands.filter((x) => x.startsWith('kubectl')))
        expect([c, kubectlShapeError(c)]).toEqual([c, null]);
      expect(advice).not.toMatch(/delete (?:its|the) kube-vip pod|kube-vip 파드를 삭제/);
    },
  );
});

/**
 * Restarting the kube-apiserver on the VIP holder (issue 16, reader6 B1). Expected from the sources
 * before running the bot: with kube-vip the VIP is an address of its holder (ARP,
 * https://kube-vip.io/docs/about/architecture/), so every connection to the VIP reaches atlas-cp-2's
 * own API server, the one restarting; kube-vip on a control-plane node reaches the API through its
 * own node (kube-vip pkg/manager/manager.go, "we set the API endpoint to this machine"), so it may
 * lose its Lease and move the VIP, a move that is not guaranteed (kube-vip/kube-vip#748, #941).
 * So: never SAFE, never "clients behind the load balancer keep working", move the VIP first; while
 * etcd refuses writes no other kube-vip can take the Lease (no move promised).
 */
describe('restarting the kube-apiserver on the VIP holder', () => {
  it.each(['en', 'ko'] as const)(
    '%s: not safe, the clients of the VIP reach the API server that restarts, move the VIP first',
    async (lang) => {
      const { reply, text } = await ask('can I restart the kube-apiserver on atlas-cp-2', 'atlas', lang);
      expect(reply.verdict).toBe('caution');
      const vip = reply.findings.find((f) => f.check === 'control-plane-endpoint');
      expect(vip?.variant).toBe('vip-apiserver-restart');
      expect(vip?.severity).toBe('warn');
      const control = reply.planes.find((p) => p.plane === 'control');
      if (lang === 'en') {
        expect(text).not.toContain('clients behind the load balancer keep working');
        expect(text).not.toContain('instead of through a load balancer');
        expect(text).toContain("every connection to the VIP reaches atlas-cp-2's own API server");
        expect(control?.keepsWorking).toContain(
          'kubectl and the API for clients that reach the other API servers directly, not through the VIP: atlas-cp-1 and atlas-cp-3',
        );
        const advice = reply.advice.join('\n');
        expect(advice).toContain('Move the VIP first');
        expect(advice).toContain('then restart the API server');
        expect(advice).not.toMatch(
          /then reboot|Make sure clients reach the API servers through the load balancer/,
        );
      } else {
        expect(text).not.toContain('로드 밸런서를 거치는 클라이언트는');
        expect(text).toContain('먼저 VIP를 옮기세요');
        expect(reply.advice.join('\n')).not.toContain('재부팅하세요');
      }
    },
  );

  it('DaemonSet kube-vip: the restart advice takes the node out of the node selector, no pod deletion', async () => {
    const { reply } = await ask('can I restart the kube-apiserver on atlas-cp-2', 'ds');
    const advice = reply.advice.find((a) => a.includes('plndr-cp-lock')) ?? '';
    expect(suggestedCommands(advice)).toEqual(
      expect.arrayContaining(['kubectl label node atlas-cp-2 node-role.kubernetes.io/control-plane-']),
    );
    expect(advice).toContain('then restart the API server');
  });

  it('another control-plane node: no VIP sentence, the load-balancer wording stays', async () => {
    const { reply } = await ask('can I restart the kube-apiserver on atlas-cp-1');
    expect(reply.findings.some((f) => f.check === 'control-plane-endpoint')).toBe(false);
    expect(reply.verdict).toBe('safe');
  });

  it('while etcd refuses writes: no VIP move promised, and the alarm blocks', async () => {
    const { reply, text } = await ask('can I restart the kube-apiserver on atlas-cp-2', 'nospace');
    expect(reply.verdict).toBe('unsafe');
    expect(reply.findings.find((f) => f.check === 'control-plane-endpoint')?.variant).toBe(
      'vip-apiserver-restart-writes-blocked',
    );
    expect(text).not.toMatch(/takes it, a move|or the VIP moves/);
  });
});

describe('the kube-apiserver of the VIP holder fails (the same model as its restart)', () => {
  it.each(['en', 'ko'] as const)('%s: not "the cluster copes", no load balancer promised', async (lang) => {
    const { reply, text } = await ask('what if kube-apiserver fails on atlas-cp-2', 'atlas', lang);
    expect(reply.verdict).toBe('caution');
    expect(reply.findings.find((f) => f.check === 'control-plane-endpoint')?.variant).toBe(
      'vip-apiserver-down',
    );
    // A failure has nothing to do first about the VIP (reader5 F2).
    expect(reply.advice.join('\n')).not.toMatch(/Move the VIP first|먼저 VIP를 옮기세요/);
    if (lang === 'en') expect(text).not.toContain('clients behind the load balancer keep working');
    else expect(text).not.toContain('로드 밸런서를 거치는 클라이언트는');
  });
});
