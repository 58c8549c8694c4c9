/**
 * A node LOST is not held back by any PodDisruptionBudget: what decides is Ceph's own arithmetic
 * (src/analysis/ceph-loss.ts). Scenario 42: osd-2 on hydra-wk-3 is CrashLoopBackOff and Rook's
 * blocking budgets allow nothing; losing hydra-wk-1 (or wk-2) leaves the placement groups below
 * min_size (Ceph defaults size 3, min_size 2), and losing both also loses the mon quorum (1 of 3).
 * Issue 16 (reader4, item 1), in English and Korean.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({ s42: join(SCENARIOS, '42-worker-rook-ceph-osd-down-blocking-pdb.json') });
afterAll(() => answers.close());
const ask = (text: string, locale: 'en' | 'ko'): Promise<string> => answers.ask('s42', text, locale);

describe('s42: losing a node with a Ceph OSD while another OSD is down', () => {
  it.each(['hydra-wk-1', 'hydra-wk-2'])(
    'what if %s goes down: unsafe, placement groups below min_size',
    async (node) => {
      const en = await ask(`what if ${node} goes down`, 'en');
      expect(en).toMatch(/^\[UNSAFE\]/);
      expect(en).toContain('rook-ceph-osd-2-7c9f2d8b6-x2q4z (hydra-wk-3: CrashLoopBackOff)');
      expect(en).toContain('below min_size (Ceph defaults: size 3, min_size 2)');
      expect(en).toContain('rook-ceph/rook-ceph-osd-host-hydra-wk-1');
      // A loss is no drain: no sentence says the budgets hold it back or let it through.
      expect(en).not.toMatch(/allow the drain|The drain waits|The drain evicts/);
      const ko = await ask(`${node} 다운되면?`, 'ko');
      expect(ko).toMatch(/^\[위험\]/);
      expect(ko).toContain('min_size 아래');
      expect(ko).not.toContain('드레인을 허용하는 동안');
    },
  );

  it('what if hydra-wk-3 (where the OSD is down already) goes down: Ceph keeps its mon quorum, no Ceph block', async () => {
    const en = await ask('what if hydra-wk-3 goes down', 'en');
    expect(en).not.toMatch(/^\[UNSAFE\]/);
    expect(en).not.toMatch(/below min_size|mon quorum/);
  });

  it('what if hydra-wk-1 and hydra-wk-2 go down: placement groups and mon quorum, no drain reasons', async () => {
    const en = await ask('what if hydra-wk-1 and hydra-wk-2 go down', 'en');
    expect(en).toMatch(/^\[UNSAFE\]/);
    expect(en).toContain('below min_size');
    expect(en).toContain('Ceph loses its mon quorum');
    expect(en).toContain('leaving 1 of 3 mons, short of the 2 a quorum needs');
    expect(en).not.toMatch(/The drain waits until Ceph is healthy|The drain evicts/);
    const ko = await ask('hydra-wk-1 이랑 hydra-wk-2 다운되면?', 'ko');
    expect(ko).toMatch(/^\[위험\]/);
    expect(ko).toContain('mon 쿼럼을 잃습니다');
  });

  it('the reboot and drain answers are unchanged: the drain waits on the Rook budget', async () => {
    const en = await ask('can I reboot hydra-wk-1', 'en');
    expect(en).toMatch(/^\[UNSAFE\]/);
    expect(en).toContain('The drain waits until Ceph is healthy');
    expect(en).not.toContain('below min_size');
  });
});
