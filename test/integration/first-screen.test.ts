/**
 * Chat-sized answers (issue 30, item 4): the first screen of every single-node reboot and drain
 * answer, over every node of every scenario and real cluster file, in English and Korean, is at
 * most {@link FIRST_SCREEN_LIMITS} (8 lines, 600 characters); its blocking reasons match the
 * verdict line's count; control-plane answers and status picture the etcd quorum in one line;
 * nothing is said twice in the rendered answer; a control plane that keeps serving with less
 * capacity is said so.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createAnswerService } from '../../src/answer/answer.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { FIRST_SCREEN_LIMITS, firstScreenLines, splitReply } from '../../src/explain/first-screen.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { firstScreenCountViolations } from '../helpers/answer-invariants.js';
import type { AnswerJob } from '../../src/queue/job.js';

const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');
const REAL = join(process.cwd(), 'test/fixtures/real-clusters');
const json = (dir: string): string[] =>
  readdirSync(dir)
    .filter((f) => /^\d+.*\.json$/.test(f))
    .map((f) => join(dir, f));
const files = [
  ...json(SCENARIOS),
  ...json(REAL),
  ...readdirSync(join(REAL, 'derived')).map((f) => join(REAL, 'derived', f)),
  join(process.cwd(), 'examples/ha-3cp.json'),
];

const nodesOf = new Map<string, string[]>();
for (const [i, file] of files.entries()) {
  const loaded = await loadSnapshotFile(file);
  nodesOf.set(
    `c${i}`,
    loaded.items.filter((x) => x.kind === 'Node').map((x) => x.metadata.name),
  );
}
const config: BotConfig = {
  source: 'test',
  clusters: Object.fromEntries(
    files.map((file, i) => [
      `c${i}`,
      { kind: 'snapshot' as const, snapshot: file, requestTimeoutMs: 5000, deadlineMs: 20000 },
    ]),
  ),
  defaultCluster: 'c0',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};
const service = createAnswerService({ config, snapshotsFromFile: true });
afterAll(() => service.close());

function job(cluster: string, text: string): AnswerJob {
  return {
    requestId: 'first-screen',
    text,
    cluster,
    locale: 'en',
    user: { platform: 'console', id: 'tester' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

const firstScreen = (reply: Reply): string[] =>
  firstScreenLines(splitReply(reply).first, translator(reply.locale));

/** The blocking count of an UNSAFE verdict line ("2 blocking problems below", "아래 2건의 차단 요인"). */
const BLOCK_COUNT = /(\d+|one) blocking problems? below|아래 (\d+)건의 차단 요인/;

/**
 * What one answer breaks: the size limits, the blocking count against the ✖ reasons shown and
 * left to Details, the quorum picture of a control-plane answer, a line said twice.
 */
function violations(reply: Reply): string[] {
  const out: string[] = [];
  const lines = firstScreen(reply);
  const chars = lines.join('\n').length;
  if (lines.length > FIRST_SCREEN_LIMITS.lines || chars > FIRST_SCREEN_LIMITS.chars)
    out.push(`first screen ${lines.length} lines, ${chars} characters:\n${lines.join('\n')}`);
  const m = BLOCK_COUNT.exec(reply.summary);
  if (m !== null) {
    const said = m[1] === 'one' ? 1 : Number(m[1] ?? m[2]);
    const shown = lines.filter((l) => l.startsWith('✖ ')).length;
    const { first } = splitReply(reply);
    if (shown > said || shown + first.more.reasons < said)
      out.push(
        `verdict line counts ${said} blocking problems; ${shown} shown, ${first.more.reasons} in Details`,
      );
  }
  const quorum = reply.findings.find(
    (f) => f.check === 'etcd-quorum-after' && /^(kept|lost|status-)/.test(f.variant),
  );
  if (quorum !== undefined && !lines.some((l) => /^etcd [★●○?]+( → [★●○?]+)? \(/.test(l)))
    out.push(`etcd quorum (${quorum.variant}) not pictured on the first screen`);
  const said = renderText(reply)
    .split('\n')
    .map((l) => l.replace(/^\s*(?:[•✖⚠]|\d+\.)\s*/, '').trim())
    .filter((l) => l.length > 20);
  const twice = said.filter((l, i) => said.indexOf(l) !== i);
  if (twice.length > 0) out.push(`said twice: ${twice.join(' | ')}`);
  return out;
}

describe('the first screen of every single-node answer fits a chat (issue 30, item 4)', () => {
  it.each([...nodesOf.keys()].map((c, i) => [files[i]?.replace(process.cwd() + '/', '') ?? c, c]))(
    '%s: reboot and drain of every node, and status, English and Korean',
    async (_name, cluster) => {
      const found: string[] = [];
      const asks = [
        'status',
        ...(nodesOf.get(cluster) ?? []).flatMap((n) => [`can I reboot ${n}`, `can I drain ${n}`]),
      ];
      for (const text of asks)
        for (const lang of ['en', 'ko'] as const) {
          const reply = await service.answer(job(cluster, `${text} --lang ${lang}`));
          expect([text, reply.kind]).toEqual([text, text === 'status' ? 'ha-status' : 'reboot-impact']);
          for (const v of violations(reply)) found.push(`[${text} · ${lang}] ${v}`);
        }
      expect(found).toEqual([]);
    },
  );
});

describe('what the first screen says', () => {
  const ha3 = `c${files.length - 1}`;
  const scenario01 = `c${files.findIndex((f) => f.endsWith('01-healthy-3cp-stacked-etcd.json'))}`;
  const scenario02 = `c${files.findIndex((f) => f.endsWith('02-3cp-one-etcd-member-down.json'))}`;

  it('a control plane that keeps serving with less capacity is said so, not "affected" (scenario 01)', async () => {
    const heading = {
      en: 'Control plane: no interruption, API capacity 3 → 2',
      ko: '컨트롤 플레인: 중단 없음, API 용량 3 → 2',
    };
    for (const lang of ['en', 'ko'] as const) {
      const reply = await service.answer(job(scenario01, `can I reboot atlas-cp-2 --lang ${lang}`));
      expect(reply.verdict).toBe('safe');
      expect(reply.planes[0]?.heading).toBe(heading[lang]);
    }
  });

  it('the quorum is pictured before and after: leader elsewhere, a member down, quorum lost (scenario 02)', async () => {
    const en = firstScreen(await service.answer(job(scenario02, 'can I reboot borealis-cp-3 --lang en')));
    expect(en).toContain('etcd ★○● → ★○○ (★ leader, ● up, ○ down; quorum 2: lost)');
    const ko = firstScreen(await service.answer(job(scenario02, 'can I reboot borealis-cp-3 --lang ko')));
    expect(ko).toContain('etcd ★○● → ★○○ (★ 리더, ● 정상, ○ 다운; 쿼럼 2: 잃음)');
    // Three healthy members, the leader elsewhere: kept with one down.
    const kept = firstScreen(await service.answer(job(scenario01, 'can I reboot atlas-cp-2 --lang en')));
    expect(kept).toContain('etcd ★●● → ★●○ (★ leader, ● up, ○ down; quorum 2: kept)');
  });

  it('the verdict line comes first, reasons one sentence each, then step 1; the rest follows under Details once', async () => {
    const reply = await service.answer(job(scenario02, 'can I reboot borealis-cp-3 --lang en'));
    const lines = firstScreen(reply);
    expect(lines.slice(0, 2)).toEqual([
      `[UNSAFE] Reboot impact: borealis-cp-3 in ${scenario02}`,
      'Do not reboot borealis-cp-3 now: 2 blocking problems below.',
    ]);
    expect(lines.filter((l) => l.startsWith('✖ '))).toEqual([
      '✖ Another control-plane node is already down or cordoned: borealis-cp-1 (NotReady: Ready=Unknown).',
      '✖ etcd quorum would be lost: only 1 of 3 members would stay healthy (quorum is 2); already down: borealis-cp-1.',
    ]);
    // Step 1, then what is left to Details.
    expect(lines[lines.length - 2]).toMatch(/^1\. Repair the etcd member on borealis-cp-1 first/);
    expect(lines[lines.length - 1]).toMatch(/^\+\d+ more /);
    const text = renderText(reply);
    // The first screen, where the answer came from, then the details.
    expect(text.startsWith(`${lines.join('\n')}\n\ncluster ${scenario02} · `)).toBe(true);
    expect(text).toMatch(/ · etcd: recorded in the snapshot\n\nDetails:\n\nControl plane: affected\n/);
    // The sentence after the first stays in the details, the first is not repeated there.
    expect(text).toContain('   • Two members down at once is how clusters lose quorum.');
    expect(text.split('Another control-plane node is already down').length).toBe(2);
  });

  it('status pictures the quorum as it is now (the demo cluster)', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const lines = firstScreen(await service.answer(job(ha3, `status --lang ${lang}`)));
      expect(lines.some((l) => /^etcd [★●○?]{3} \(/.test(l))).toBe(true);
    }
  });
});

describe("a new user's findings on the demo cluster (issue 30, item 4)", () => {
  const ha3 = `c${files.length - 1}`;
  const ask = (text: string, lang: 'en' | 'ko'): Promise<Reply> =>
    service.answer(job(ha3, `${text} --lang ${lang}`));

  it('a CAUTION count of the things below is the ✖/⚠ reasons shown plus "+N more" (rule 56)', async () => {
    for (const lang of ['en', 'ko'] as const)
      for (const q of ['can I reboot atlas-wk-1', 'drain and reboot atlas-wk-1', 'what if atlas-wk-1 dies']) {
        const reply = await ask(q, lang);
        expect(reply.verdict).toBe('caution');
        const { first } = splitReply(reply);
        const m = /(\d+) things? below|(\d+)(?:건을|가지를)/.exec(reply.summary);
        const said = Number(m?.[1] ?? m?.[2]);
        expect([q, lang, said]).toEqual([q, lang, first.reasons.length + first.more.reasons]);
        expect(firstScreenCountViolations(reply)).toEqual([]);
      }
  });

  // Issue 33 item 10: "one blocking problem below" / "one thing below" with step 1 on the screen
  // and the reason in Details pointed at nothing.
  it.each([
    ['kubectl drain atlas-wk-1 --timeout=60s', '✖ '],
    ['etcdctl member remove atlas-cp-2', '⚠ '],
  ])('%s: the reason the summary counts is on the first screen (en, ko)', async (q, glyph) => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask(q, lang);
      expect([q, lang, firstScreen(reply).filter((l) => l.startsWith(glyph)).length]).toEqual([q, lang, 1]);
      expect(firstScreenCountViolations(reply)).toEqual([]);
    }
  });

  it('step 1 comes before "+N more", and no step says another again', async () => {
    for (const lang of ['en', 'ko'] as const)
      for (const q of ['can I reboot atlas-wk-1', 'drain and reboot atlas-wk-1', 'what if atlas-wk-1 dies']) {
        const reply = await ask(q, lang);
        const lines = firstScreen(reply);
        const step = lines.findIndex((l) => l.startsWith('1. '));
        const more = lines.findIndex((l) => /\+\d+ more|나머지 할 일/.test(l));
        expect([q, lang, step >= 0, more > step]).toEqual([q, lang, true, true]);
        expect(new Set(reply.advice).size).toBe(reply.advice.length);
      }
  });

  it('a step is never cut to a stub ending in ":"; its number is not said again in Details', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask('can I upgrade atlas-cp-2', lang);
      const lines = firstScreen(reply);
      expect(lines.filter((l) => /:\s*…$/.test(l))).toEqual([]);
      expect(
        renderText(reply)
          .split('\n')
          .filter((l) => /^\s*1\. /.test(l)),
      ).toHaveLength(1);
      expect(firstScreenCountViolations(reply)).toEqual([]);
    }
  });

  it('a SAFE worker answer has the same console layout: first screen, context, then Details', async () => {
    for (const lang of ['en', 'ko'] as const) {
      const reply = await ask('can I reboot atlas-wk-2', lang);
      expect(reply.verdict).toBe('safe');
      const text = renderText(reply);
      const head = lang === 'en' ? 'Details' : '자세히';
      expect(text).toMatch(new RegExp(`\\n\\n(?:cluster|클러스터) ${ha3} · [^\\n]+\\n\\n${head}:\\n`));
    }
  });
});
