/**
 * A drain of a node that is already NotReady says so, as the reboot answer does (node-health
 * not-ready), even when there is nothing to evict (the drain is then only the cordon, and
 * check dead-node-drain has nothing to say). Real cluster 01: kind-worker is Ready=False and runs
 * only DaemonSet pods. Issue 16 (reader4, item 4), in English and Korean.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';

const config: BotConfig = {
  source: 'test',
  clusters: {
    r01: {
      kind: 'snapshot',
      snapshot: join(process.cwd(), 'test/fixtures/real-clusters/01-sonobuoy-kind-1cp-2w.json'),
      requestTimeoutMs: 5000,
      deadlineMs: 20000,
    },
  },
  defaultCluster: 'r01',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};
const service = createAnswerService({ config });
afterAll(() => service.close());

async function ask(text: string, locale: 'en' | 'ko'): Promise<string> {
  const job: AnswerJob = {
    requestId: 'drain-not-ready',
    text: `${text} --lang ${locale}`,
    cluster: 'r01',
    locale,
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
  return renderText(await service.answer(job));
}

describe('r01: draining kind-worker, which is NotReady', () => {
  it('says it is NotReady, as the reboot answer does, and not that the node keeps running', async () => {
    const reboot = await ask('can I reboot kind-worker', 'en');
    const sentence = 'kind-worker is already NotReady (Ready=False)';
    expect(reboot).toContain(sentence);
    const drain = await ask('can I drain kind-worker', 'en');
    expect(drain).toContain(sentence);
    expect(drain).not.toMatch(/the node itself: it keeps running/);
    const ko = await ask('kind-worker 드레인해도 돼?', 'ko');
    expect(ko).toContain('kind-worker는 이미 NotReady 상태입니다 (Ready=False)');
  });

  it('a Ready worker of the same cluster gets no such sentence', async () => {
    const drain = await ask('can I drain kind-worker2', 'en');
    expect(drain).not.toContain('already NotReady');
  });
});
