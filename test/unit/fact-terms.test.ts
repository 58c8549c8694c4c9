/**
 * The analysis writes some facts in English (the scheduler's "0/N nodes can take it" summary and
 * its terms, src/analysis/scheduling; "pinned to", "preempting", src/analysis/drain-sequence.ts and
 * scheduling/placement.ts; a node's "cordoned", a pod's "(no controller)"). A Korean answer says
 * them in Korean words through the catalogue's `factTerms` (issue 30: a new user found "0/5 nodes
 * can take it: …" in Korean answers); an English answer keeps them as written.
 */
import { describe, expect, it } from '@jest/globals';
import { translator } from '../../src/explain/i18n.js';

describe('fact phrases in a Korean answer', () => {
  const summary =
    'web/frontend-1: 0/6 nodes can take it: 1 insufficient cpu, 1 host port 80/TCP in use, 2 drained, 2 untolerated taint (control-plane); data/pg-0: pinned to hydra-wk-1';
  it.each([
    [
      'the scheduler’s summary, term by term, and a pod pinned to its node',
      'derived.pending',
      summary,
      '스케줄러의 판단: web/frontend-1: 노드 6대 중 들어갈 수 있는 노드 없음: cpu 부족 1대, 호스트 포트 80/TCP 사용 중 1대, 드레인됨 2대, 맞는 toleration이 없는 taint(control-plane) 2대; data/pg-0: hydra-wk-1에 고정됨.',
    ],
    [
      'a replacement placed by preemption',
      'derived.preempting',
      'shop/api-1 on hydra-wk-2, preempting batch/job-a, batch/job-b',
      '우선순위가 낮은 파드를 선점해야만 실행될 수 있습니다: shop/api-1: hydra-wk-2에서 batch/job-a, batch/job-b 선점.',
    ],
  ])('%s', (_label, key, list, want) => {
    expect(translator('ko').t(key, { list })).toBe(want);
    // English keeps the analysis' words.
    expect(translator('en').t(key, { list })).toContain(list);
  });

  it('a node’s state and a pod’s mark, in a list too; a term no pattern reads stays as written', () => {
    const ko = translator('ko');
    expect(
      ko.t('derived.pending', { list: ['wk-2 (NotReady: Ready=False, cordoned)', 'ns/p (no controller)'] }),
    ).toBe('스케줄러의 판단: wk-2 (NotReady: Ready=False, cordon 상태), ns/p (컨트롤러 없음).');
    expect(ko.t('derived.pending', { list: '0/3 nodes can take it: 3 something new' })).toBe(
      '스케줄러의 판단: 노드 3대 중 들어갈 수 있는 노드 없음: something new 3대.',
    );
  });
});
