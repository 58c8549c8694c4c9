/**
 * One model per answer (issue 30 item 4): the six answer-structure faults the Korean review of
 * December 2026 found in both languages (docs/reviews/ko-review-2026-12.md, "Remaining, both
 * languages"), each asked again as the review asked it, in English and Korean:
 * 1. answer 08: the first screen said twice that the node is NotReady ("no fact is said twice");
 * 2. answer 01: "[SAFE]" above "Data plane: affected" while every workload keeps serving;
 * 3. answer 13: a clarification headed "Could not answer" although it offers readings;
 * 4. answer 06: step 1 of a one-by-one plan covers one node but says "these nodes together";
 * 5. answers 19 and 10: the emptyDir advice in two steps;
 * 6. answer 07: three commands in one numbered step ("commands are numbered steps, one per line").
 * Each answer also goes through the checker's rules 57 to 62 (test/helpers/answer-invariants.ts).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { SCENARIOS, snapshotAnswers } from '../helpers/snapshot-answers.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { answerStructureViolations } from '../helpers/answer-invariants.js';

const answers = snapshotAnswers(
  {
    demo: join(process.cwd(), 'examples/ha-3cp.json'),
    s02: join(SCENARIOS, '02-3cp-one-etcd-member-down.json'),
    s63: join(SCENARIOS, '63-worker-already-dead-reboot-only.json'),
  },
  { fromFile: true },
);
afterAll(() => answers.close());

/** The reply to `text` about `cluster`, in `locale`, checked against rules 57 to 62. */
async function ask(cluster: string, text: string, locale: 'en' | 'ko'): Promise<Reply> {
  const reply = await answers.reply(cluster, text, locale);
  expect(answerStructureViolations(reply)).toEqual([]);
  return reply;
}

/** The numbered steps of "What to do first" as rendered, one string each. */
const steps = (reply: Reply): string[] => reply.advice;

const Q = {
  '01': { en: 'can I reboot atlas-cp-2', ko: 'atlas-cp-2 재부팅해도 돼?' },
  '06': { en: 'reboot the worker nodes one by one', ko: '워커 노드 하나씩 재부팅하려면 순서는?' },
  '07': { en: 'can I upgrade borealis-cp-3', ko: 'borealis-cp-3 업그레이드해도 돼?' },
  '08': { en: 'can I reboot vega-wk-2', ko: 'vega-wk-2 재부팅해도 돼?' },
  '10': {
    en: 'can I run kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --force',
    ko: 'kubectl drain atlas-wk-1 --ignore-daemonsets --delete-emptydir-data --force 실행해도 돼?',
  },
  '13': { en: 'atlas-wk-1', ko: 'atlas-wk-1' },
  '19': { en: 'can I drain atlas-wk-1', ko: 'atlas-wk-1 드레인해도 돼?' },
} as const;

describe.each(['en', 'ko'] as const)('%s', (lang) => {
  it('08: the first screen says once that vega-wk-2 is NotReady (scenario 63)', async () => {
    const text = renderText(await ask('s63', Q['08'][lang], lang));
    const firstScreen = text.slice(0, text.indexOf(lang === 'en' ? '\ncluster s63' : '\n클러스터 s63'));
    expect(firstScreen.match(/NotReady/g)).toHaveLength(1);
    expect(firstScreen).toMatch(lang === 'en' ? /the reboot is the remedy here/ : /복구 방법입니다/);
  });

  it('01: the data plane of a SAFE control-plane reboot keeps serving with one node less, not "affected"', async () => {
    const reply = await ask('demo', Q['01'][lang], lang);
    expect(reply.verdict).toBe('safe');
    const data = reply.planes.find((p) => p.plane === 'data');
    // The demo has 5 Ready, uncordoned nodes; coredns keeps 1 Ready replica elsewhere, its other has room.
    expect(data?.heading).toBe(
      lang === 'en'
        ? 'Data plane: keeps serving, capacity 5 → 4 nodes'
        : '데이터 플레인: 중단 없음, 노드 용량 5대 → 4대',
    );
  });

  it('01: a drain with a single-replica workload still says its data plane is affected (answer 19)', async () => {
    const data = (await ask('demo', Q['19'][lang], lang)).planes.find((p) => p.plane === 'data');
    expect(data?.heading).toBe(lang === 'en' ? 'Data plane: affected' : '데이터 플레인: 영향 있음');
  });

  it('13: a clarification is titled as a question, not as a failure', async () => {
    const reply = await ask('demo', Q['13'][lang], lang);
    expect(reply.suggestions?.length).toBe(3);
    expect(reply.title).toBe(lang === 'en' ? 'Which did you mean?' : '다음 중 어느 질문입니까?');
    expect(renderText(reply)).not.toMatch(/Could not answer|답변할 수 없습니다/);
  });

  it('06: a one-node plan step names its node, not "these nodes together"', async () => {
    const reply = await ask('demo', Q['06'][lang], lang);
    const lines = reply.sections.flatMap((s) => s.lines);
    const step1 = lines.find((l) =>
      l.startsWith(lang === 'en' ? 'Step 1: atlas-wk-1 ' : '1단계: atlas-wk-1 '),
    );
    expect(step1).toMatch(
      lang === 'en' ? /2 of its pods are on atlas-wk-1, it allows 1/ : /파드 2개가 노드 atlas-wk-1에 있는데/,
    );
    expect(step1).not.toMatch(/these nodes|together|이 노드들|함께/);
    // The answer about both nodes at once keeps the joint sentence.
    expect(lines.join('\n')).toMatch(
      lang === 'en' ? /together these nodes need 3 evictions/ : /이 노드들을 함께 내리려면 축출 3건/,
    );
  });

  it.each(['19', '10'] as const)('%s: the emptyDir flag is advised in one step', async (n) => {
    const reply = await ask('demo', Q[n][lang], lang);
    expect(steps(reply).filter((s) => /--delete-emptydir-data/.test(s)).length).toBeLessThanOrEqual(1);
    expect(steps(reply).filter((s) => /emptyDir/.test(s)).length).toBeLessThanOrEqual(1);
  });

  it('07: each package command is a numbered step of its own (scenario 02)', async () => {
    const reply = await ask('s02', Q['07'][lang], lang);
    const withSudo = steps(reply).filter((s) => s.includes('sudo '));
    expect(withSudo).toHaveLength(3);
    for (const s of withSudo) {
      expect(s.match(/(?<!&&\s*)\bsudo\s/g)).toHaveLength(1);
      expect(s).not.toContain(';');
    }
    expect(withSudo[0]).toMatch(
      /sudo sed -i 's#\/v1\.33\/#\/v1\.34\/#' \/etc\/apt\/sources\.list\.d\/kubernetes\.list$/,
    );
    expect(withSudo[1]).toMatch(/sudo apt-mark unhold kubeadm && .* && sudo apt-mark hold kubeadm$/);
    expect(withSudo[2]).toMatch(
      /sudo apt-mark unhold kubelet kubectl && .* && sudo apt-mark hold kubelet kubectl$/,
    );
  });
});
