/**
 * "Can I restart the kube-apiserver on N" judged like the reboot of N (issue 16, reader6 B2, B10,
 * B11). Expectations decided from the sources before running the bot:
 * - B2, scenario 44 (active etcd NOSPACE alarm): etcd then accepts only reads and deletes (etcd
 *   maintenance docs, Space quota, https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota), so
 *   the restarted API server cannot write its identity Lease (Kubernetes docs, Leases, API server
 *   identity, https://kubernetes.io/docs/concepts/architecture/leases/). The status of the same
 *   file calls the control plane failing and its etcd restart is UNSAFE: the apiserver restart
 *   names the alarm and is UNSAFE, with the advice to free space first.
 * - B10, real cluster 04 (k3d, k3s with SQLite): k3s runs the API server inside the k3s server
 *   process (https://docs.k3s.io/upgrades/killall: the k3s service is what is stopped and
 *   restarted); k3d runs k3s as its node containers (https://k3d.io): the answer says the API
 *   server is not restarted on its own and names the container restart, whose pods restart too.
 * - B11, scenario 05 (one API server): no "before the next".
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  nospace: join(SCENARIOS, '44-3cp-etcd-nospace-alarm-readyz-passes.json'),
  vip: join(SCENARIOS, '46-3cp-kube-vip-holder-reboot.json'),
  single: join(SCENARIOS, '05-single-control-plane.json'),
  healthy: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
  k3d: join(REAL_CLUSTERS, '04-troubleshoot-k3d-k3s-1server.json'),
});
afterAll(() => answers.close());

async function ask(
  cluster: string,
  text: string,
  lang: 'en' | 'ko' = 'en',
): Promise<{ reply: Reply; text: string }> {
  const job: AnswerJob = {
    requestId: `restart-${cluster}`,
    text: `${text} --lang ${lang}`,
    cluster,
    locale: lang,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
  const reply = await answers.service.answer(job);
  return { reply, text: renderText(reply) };
}

describe('B2: the kube-apiserver restart with an etcd NOSPACE alarm', () => {
  it.each(['atlas-cp-1', 'atlas-cp-2'])('%s: unsafe, the alarm named, free space first', async (node) => {
    const { reply, text } = await ask('nospace', `can I restart the kube-apiserver on ${node}`);
    expect(reply.verdict).toBe('unsafe');
    expect(reply.findings.find((f) => f.check === 'etcd-alarms')?.severity).toBe('block');
    expect(text).toContain('NOSPACE');
    expect(text).toContain(`the API server restarted on ${node} cannot write its identity Lease`);
    expect(reply.advice.join('\n')).toContain('etcdctl alarm disarm');
    expect(text).not.toContain('nothing blocks it');
  });

  it('ko: 위험, the alarm named', async () => {
    const { reply, text } = await ask('nospace', 'can I restart the kube-apiserver on atlas-cp-1', 'ko');
    expect(reply.verdict).toBe('unsafe');
    expect(text).toContain('NOSPACE');
    expect(text).toContain('identity Lease');
  });

  it('at least as the status of the same file', async () => {
    const status = await ask('nospace', 'status');
    const restart = await ask('nospace', 'can I restart the kube-apiserver on atlas-cp-2');
    expect(status.text).toMatch(/NOSPACE/);
    expect(restart.reply.verdict).toBe('unsafe');
  });

  it('a healthy cluster: the same question stays safe (the rule is the alarm, not the question)', async () => {
    const { reply, text } = await ask('healthy', 'can I restart the kube-apiserver on atlas-cp-2');
    expect(reply.findings.some((f) => f.check === 'etcd-alarms')).toBe(false);
    expect(text).not.toContain('identity Lease');
  });
});

describe('B10: k3s/k3d, the API server is the k3s server process', () => {
  it.each(['en', 'ko'] as const)('%s: says what restarts with it and how', async (lang) => {
    const { reply, text } = await ask(
      'k3d',
      'can I restart the kube-apiserver on k3d-mycluster-server-0',
      lang,
    );
    expect(reply.verdict).not.toBe('safe');
    const k3d = reply.findings.find((f) => f.check === 'component-restart' && f.variant === 'apiserver-k3d');
    expect(k3d?.facts).toMatchObject({ node: 'k3d-mycluster-server-0', cluster: 'mycluster' });
    expect(text).toContain('docker restart k3d-mycluster-server-0');
    if (lang === 'en') {
      expect(text).toContain('k3s server process');
      expect(text).toContain('every pod on k3d-mycluster-server-0 restarts too');
      // No sentence that the pods keep running beside the one that they restart.
      expect(text).not.toMatch(/pods already running|Running pods and Service traffic are not affected/);
    } else {
      expect(text).toContain('k3s server 프로세스');
    }
  });
});

describe('B11: one API server, no "before the next"', () => {
  it.each(['en', 'ko'] as const)('%s', async (lang) => {
    const { text } = await ask('single', 'can I restart the kube-apiserver on eridani-cp', lang);
    expect(text).not.toMatch(/before the next|다음으로 가기 전에/);
    expect(text).toMatch(/eridani-cp/);
  });

  it('three API servers: one at a time, before the next', async () => {
    const { text } = await ask('healthy', 'can I restart the kube-apiserver on atlas-cp-1');
    expect(text).toContain('before the next');
  });
});

describe('the rolling restart of every kube-apiserver: the same blockers as one restart', () => {
  it('with the NOSPACE alarm: unsafe, the alarm named', async () => {
    const { reply } = await ask('nospace', 'restart kube-apiserver');
    expect(reply.verdict).toBe('unsafe');
    expect(reply.findings.some((f) => f.check === 'etcd-alarms' && f.severity === 'block')).toBe(true);
  });

  it.each(['en', 'ko'] as const)(
    '%s: the VIP holder takes its turn: not safe, move the VIP first',
    async (lang) => {
      const { reply, text } = await ask('vip', 'restart kube-apiserver', lang);
      expect(reply.verdict).toBe('caution');
      const vip = reply.findings.find((f) => f.check === 'control-plane-endpoint');
      expect(vip?.facts.node).toBe('atlas-cp-2');
      expect(text).toMatch(lang === 'en' ? /Move the VIP first/ : /먼저 VIP를 옮기세요/);
    },
  );
});
