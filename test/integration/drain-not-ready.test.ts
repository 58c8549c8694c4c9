/**
 * A drain of a node that is already NotReady says so, as the reboot answer does (node-health
 * not-ready), even when there is nothing to evict (the drain is then only the cordon, and
 * check dead-node-drain has nothing to say). Real cluster 01: kind-worker is Ready=False and runs
 * only DaemonSet pods. Issue 16 (reader4, item 4), in English and Korean.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({ r01: join(REAL_CLUSTERS, '01-sonobuoy-kind-1cp-2w.json') });
afterAll(() => answers.close());
const ask = (text: string, locale: 'en' | 'ko'): Promise<string> => answers.ask('r01', text, locale);

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
