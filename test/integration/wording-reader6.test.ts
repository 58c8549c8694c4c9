/**
 * Wording a reader found (issue 16, reader6 B23, B21): Korean and English sentences that read
 * wrong although their facts were right. Each assertion fails on the text before the fix.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { REAL_CLUSTERS, SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';

const answers = snapshotAnswers({
  r10: join(REAL_CLUSTERS, '10-qovery-eks-v1.16-1node.json'),
  s41: join(SCENARIOS, '41-worker-local-path-pv-pinned-statefulset-pod.json'),
  s01: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
});
afterAll(() => answers.close());

describe('wording found by reader6', () => {
  it('a one-node cluster is not "all" of one node (Korean 모두)', async () => {
    const ko = await answers.ask('r10', 'status', 'ko');
    expect(ko).not.toContain('1대 모두');
    expect(ko).toContain('노드 1대, Ready이고 스케줄 가능.');
    const en = await answers.ask('r10', 'status', 'en');
    expect(en).toContain('1 node, Ready and schedulable.');
  });

  it('the room sentence names its destination once (Korean)', async () => {
    const ko = await answers.ask('s41', 'can I reboot hydra-wk-1', 'ko');
    expect(ko).not.toContain('그쪽으로 옮겨 갈');
  });

  it('help says what can be asked: drain, upgrade and failures too', async () => {
    const en = await answers.ask('s01', 'help', 'en');
    expect(en).toMatch(/rebooted, drained or upgraded, what happens if it fails/);
    const ko = await answers.ask('s01', 'help', 'ko');
    expect(ko).toContain('재부팅·드레인·업그레이드해도 되는지');
  });

  it('no "all 2" in English', async () => {
    const en = await answers.ask('s01', 'can I reboot atlas-cp-1 and atlas-cp-2', 'en');
    expect(en).not.toMatch(/\ball 2\b/);
  });
});
