/**
 * Explanation details: Korean particles, plural forms, "or" lists, help, time hints, empty clusters.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { korean, translator } from '../../src/explain/i18n.js';
import { explainHelp } from '../../src/explain/explain-messages.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';

describe('Korean particles follow the word before them', () => {
  it.each([
    ['atlas-cp-1(이)가', 'atlas-cp-1이'],
    ['atlas-cp-2(이)가', 'atlas-cp-2가'],
    ['atlas-cp-3(을)를', 'atlas-cp-3을'],
    ['worker-5(을)를', 'worker-5를'],
    ['node(은)는', 'node는'],
    ['master(은)는', 'master는'],
    ['atlas-cp-7(으)로', 'atlas-cp-7로'],
    ['atlas-cp-3(으)로', 'atlas-cp-3으로'],
    ['노드(이)가', '노드가'],
    ['클러스터(을)를', '클러스터를'],
    ['서버(은)는', '서버는'],
    ['멤버(이)가', '멤버가'],
    ['정족수(을)를', '정족수를'],
    ['컨트롤 플레인(이)가', '컨트롤 플레인이'],
  ])('%s → %s', (input, expected) => {
    expect(korean(input)).toBe(expected);
  });

  it('applies to translated answers', () => {
    const tr = translator('ko');
    expect(tr.t('checks.etcd-leader.leader-here', { node: 'atlas-cp-1' })).toMatch(/^atlas-cp-1이 etcd 리더/);
    expect(tr.t('checks.etcd-leader.leader-here', { node: 'atlas-cp-2' })).toMatch(/^atlas-cp-2가 etcd 리더/);
  });
});

describe('English wording', () => {
  const tr = translator('en');
  it('uses singular forms for one', () => {
    expect(tr.t('summary.unsafe', { node: 'n', count: 1 })).toBe(
      'Do not reboot n now: one blocking problem below.',
    );
    expect(tr.t('summary.unsafe', { node: 'n', count: 2 })).toBe(
      'Do not reboot n now: 2 blocking problems below.',
    );
    expect(tr.t('stops.pods-evicted', { node: 'n', count: 1 })).not.toMatch(/\(s\)/);
  });
  it('offers suggestions with "or"', () => {
    expect(
      tr.t('summary.not-found-suggest', { node: 'x', cluster: 'c', suggestions: ['a', 'b', 'c'] }),
    ).toContain('did you mean a, b or c?');
  });
  it('help shows each form once, under one heading', () => {
    const text = renderText(
      explainHelp(
        { locale: 'en', requestId: 'r', cluster: 'demo' },
        { names: ['demo'], defaultCluster: 'demo' },
      ),
    );
    expect(text.match(/what you can ask/g)).toHaveLength(1);
    expect(text).not.toMatch(/help {2}— {2}help/);
    expect(text).not.toMatch(/snapshot -/);
  });
});

describe('answers that depend on the request', () => {
  const scenario = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
  const dir = mkdtempSync(join(tmpdir(), 'k8s-ha-bot-explain-'));
  const empty = join(dir, 'empty.json');
  writeFileSync(empty, JSON.stringify({ apiVersion: 'v1', kind: 'List', items: [] }));
  const config: BotConfig = {
    source: 'test',
    clusters: {
      demo: { kind: 'snapshot', snapshot: scenario, requestTimeoutMs: 5000, deadlineMs: 20000 },
      empty: { kind: 'snapshot', snapshot: empty, requestTimeoutMs: 5000, deadlineMs: 20000 },
    },
    defaultCluster: 'demo',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
  const service = createAnswerService({ config });
  afterAll(() => service.close());
  const job = (text: string, cluster = 'demo'): AnswerJob => ({
    requestId: `t-${cluster}`,
    text,
    cluster,
    locale: 'en',
    user: { platform: 'console', id: 't' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  });

  it('a time hint is acknowledged: the answer is about now', async () => {
    const reply = await service.answer(job('is it safe to reboot atlas-cp-2 tonight?'));
    expect(reply.advice.join(' ')).toMatch(
      /You asked about tonight: this answer describes the cluster as it is now/,
    );
  });

  it('a cluster with no nodes is not reported as managed or healthy', async () => {
    const reply = await service.answer(job('status', 'empty'));
    expect(reply.kind).toBe('error');
    expect(reply.verdict).toBeNull();
    expect(reply.summary).toMatch(/lists no nodes/);
  });
});
