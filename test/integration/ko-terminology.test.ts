/**
 * One Korean word per term across every answer: quorum is 정족수 (not 쿼럼) and replica is
 * 레플리카 (not 복제본), the forms used most in src/explain/locales/ko*.ts. The parser still
 * understands both (users type either); only the bot's own texts are held to one.
 */
import { describe, expect, it } from '@jest/globals';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const LOCALES = join(process.cwd(), 'src/explain/locales');
const FILES = [
  ...readdirSync(LOCALES)
    .filter((f) => /^ko.*\.ts$/.test(f))
    .map((f) => join(LOCALES, f)),
  // the acknowledgements the Slack and Teams gateways send before the answer
  join(process.cwd(), 'adapters/slack/slack-texts.ts'),
  // the examples the Korean help shows
  join(process.cwd(), 'src/commands/help-examples.ts'),
];

describe('Korean terms', () => {
  const texts = FILES.map((f) => readFileSync(f, 'utf8')).join('\n');
  it('covers the Korean locale files', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(9);
  });
  it('quorum is 정족수 everywhere, never 쿼럼', () => {
    expect(texts).toContain('정족수');
    expect(texts.match(/쿼럼[^\s"']{0,6}/g) ?? []).toEqual([]);
  });
  // Kinds keep their API names in Korean (Deployment, StatefulSet, PodDisruptionBudget), so a
  // DaemonSet is "DaemonSet" too; a taint is 테인트 (issue 16: both forms appeared in one answer).
  it('DaemonSet is DaemonSet everywhere, never 데몬셋', () => {
    expect(texts).toContain('DaemonSet');
    expect(texts.match(/데몬셋[^\s"']{0,6}/g) ?? []).toEqual([]);
  });
  it('a taint is 테인트 in sentences ("taint" only in commands, keys and "taint manager")', () => {
    expect(texts).toContain('테인트');
    expect(texts.match(/NoSchedule taint|taint(?=[가-힣])/g) ?? []).toEqual([]);
  });
  it('replica is 레플리카 everywhere, never 복제본', () => {
    expect(texts).toContain('레플리카');
    expect(texts.match(/복제본[^\s"']{0,6}/g) ?? []).toEqual([]);
  });
});
