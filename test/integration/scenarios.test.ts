/**
 * Every scenario in test/fixtures/scenarios goes the whole way: the simulator serves the file as a
 * Kubernetes API, the worker's answer step reads it through @kubernetes/client-node, runs the
 * checks and explains them. Add a scenario file and it is covered.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { heldClock } from '../helpers/snapshot-answers.js';

const DIR = join(process.cwd(), 'test/fixtures/scenarios');
const files = readdirSync(DIR)
  .filter((f) => /^\d+.*\.json$/.test(f))
  .sort();

interface Expected {
  verdict: 'safe' | 'caution' | 'unsafe';
  planes: ('control' | 'data')[];
  must_mention: string[];
  /** Terms the answer must not contain (e.g. advice to edit an operator-managed budget). */
  must_not_mention?: string[];
}

const clusters = Object.fromEntries(
  files.map((f, i) => [
    `s${i}`,
    { kind: 'snapshot' as const, snapshot: join(DIR, f), requestTimeoutMs: 5000, deadlineMs: 20000 },
  ]),
);
const config: BotConfig = {
  source: 'test',
  clusters,
  defaultCluster: 's0',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};
// The clock is held (issue 31, item 1): the simulator shifts each file's timestamps when it first
// serves it, and an age stated later against a running clock grows with the machine's load
// (scenario 47's "renewed 52 s ago" read 53 s under load).
const service = createAnswerService({ config, now: heldClock() });
afterAll(() => service.close());

function job(cluster: string, text: string, locale: 'en' | 'ko' = 'en'): AnswerJob {
  return {
    requestId: `test-${cluster}-${locale}`,
    text,
    cluster,
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

describe.each(files.map((f, i) => [f, `s${i}`] as const))('scenario %s', (file, cluster) => {
  const scenario = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as {
    request: string;
    expected: Expected;
  };
  const { expected } = scenario;

  it(`answers "${scenario.request}" with the expected verdict, planes and terms`, async () => {
    const reply = await service.answer(job(cluster, scenario.request));
    expect(reply.kind).toBe('reboot-impact');
    expect(reply.verdict).toBe(expected.verdict);
    const affected = reply.planes.filter((p) => p.affected).map((p) => p.plane);
    for (const plane of expected.planes) expect(affected).toContain(plane);
    const text = renderText(reply).toLowerCase();
    for (const term of expected.must_mention) expect(text).toContain(term.toLowerCase());
    for (const term of expected.must_not_mention ?? []) expect(text).not.toContain(term.toLowerCase());
  });

  it('gives the same verdict when asked in Korean', async () => {
    const parsed = parseCommand(scenario.request);
    if (!parsed.ok || parsed.command.kind !== 'reboot-impact')
      throw new Error(`scenario request not parsed: ${scenario.request}`);
    const target = parsed.command.node;
    // The same question in Korean: "drain and reboot" stays a drain (issue 29 item 7: a dead
    // node's plain reboot is CAUTION, its drain and reboot UNSAFE).
    const korean = await service.answer(
      job(cluster, `${target} ${parsed.command.drain ? '드레인하고 ' : ''}재부팅해도 돼?`, 'ko'),
    );
    expect(korean.locale).toBe('ko');
    expect(korean.verdict).toBe(expected.verdict);
    expect(renderText(korean)).toMatch(/[가-힣]/);
    const forced = await service.answer(job(cluster, `${scenario.request} --lang ko`, 'en'));
    expect(forced.verdict).toBe(expected.verdict);
  });
});

// Scenario 13's nodes run Cilium and no kube-proxy (no kube-proxy DaemonSet or pod in the file;
// Cilium can replace kube-proxy, https://docs.cilium.io/en/stable/network/kubernetes/kubeproxy-free/):
// a sentence that lists the node agents a change stops names only those the snapshot shows there,
// and no sentence says kube-proxy writes this cluster's Service rules (issue 16, dns brief item 3).
describe('scenario 13: node agents are named only where the snapshot shows them', () => {
  const cluster = `s${files.indexOf('13-managed-aks-like-no-control-plane-nodes.json')}`;
  const node = 'aks-user-40213377-vmss000001';
  it.each([
    ['en', `can I reboot ${node}`],
    ['en', `can I drain ${node}`],
    ['en', `can I upgrade ${node}`],
    ['en', `what if ${node} goes down`],
    ['en', `what if kubelet is down on ${node}`],
    ['ko', `${node} 재부팅해도 돼?`],
    ['ko', `${node} 드레인해도 돼?`],
    ['ko', `${node} 업그레이드해도 돼?`],
  ] as const)('%s: %s', async (lang, q) => {
    const text = renderText(await service.answer(job(cluster, q, lang)));
    expect(text).not.toMatch(/kubelet, kube-proxy|kube-proxy only writes|kube-proxy는 커널 규칙/);
    if (/reboot|재부팅/.test(q))
      expect(text).toMatch(
        lang === 'en'
          ? new RegExp(`kubelet and the CNI on ${node} until it is back[^\\n]*no kube-proxy runs there`)
          : /그 노드의 kubelet, CNI \(보통 약 \d+초\), 스냅샷에는 그 노드에서 실행되는 kube-proxy가 없음/,
      );
  });
});

// Scenario 54 asked as a drain (issue 29, item 1). Expected answer written from the sources before
// the bot ran on it: draining hydra-wk-2 evicts Kyverno's only pod, the one backend of the
// failurePolicy Fail webhook validate.kyverno.svc-fail (every resource, every namespace). With no
// endpoint behind kyverno-svc the API server refuses the pod creations it intercepts
// (kyverno/kyverno#11122: "Error creating: ... failed calling webhook "validate.kyverno.svc-fail"
// ... no endpoints available for service "kyverno-svc""; kyverno/kyverno#2869), Kyverno's own
// replacement included: the deadlock the Kubernetes docs warn of ("Dynamic Admission Control",
// best practices: avoiding deadlocks in self-hosted webhooks; exempt the webhook's own namespace
// with a namespaceSelector). So: UNSAFE, the webhook and failurePolicy Fail named, its own
// replacement refused, the fix naming namespaceSelector, and no sentence saying the evicted pods
// are recreated on another node (their replacements are refused).
describe('scenario 54: a drain evicts the only backend of a Fail webhook', () => {
  const cluster = `s${files.indexOf('54-worker-kyverno-fail-webhook-only-backend.json')}`;
  it.each([
    ['en', 'can I drain hydra-wk-2', /recreated on another node/],
    ['ko', 'hydra-wk-2 드레인해도 돼?', /다른 노드에 다시 만들어짐/],
  ] as const)('%s: %s', async (lang, q, recreated) => {
    const reply = await service.answer(job(cluster, q, lang));
    expect(reply.verdict).toBe('unsafe');
    const text = renderText(reply);
    for (const term of ['validate.kyverno.svc-fail', 'failurePolicy Fail', 'namespaceSelector'])
      expect(text).toContain(term);
    expect(text).toContain(lang === 'en' ? 'its own replacement included' : '웹훅 자신의 대체 파드도 거부');
    expect(text).not.toMatch(recreated);
  });
});
