/**
 * Terminal escapes and deceptive Unicode from cluster data (hardening): a node name and
 * kured's lock holder carrying ESC[31m, U+202E (right-to-left override) and U+200B (zero width) are
 * shown without escapes or bidi controls, zero-width characters marked, in the console text, Slack
 * Block Kit and Teams cards; the answer step already hands out safe replies.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { renderTeamsCards, teamsActivity } from '../../adapters/teams/render-card.js';
import { handleConsoleRequest, toJsonOutput } from '../../adapters/console/console-adapter.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { safeText } from '../../src/util/safe-text.js';

const ESC = '\u001b';
const RLO = '\u202e';
const ZWSP = '\u200b';
/** Anything a terminal or a chat client would act on, or hide. */
const UNSAFE =
  // eslint-disable-next-line no-control-regex -- the test looks for control characters
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060\u2066-\u2069\ufeff]/;

describe('safeText', () => {
  it.each([
    ['atlas-cp-1', 'atlas-cp-1'],
    [`${ESC}[31mred${ESC}[0m`, 'red'],
    [`${ESC}]0;pwned\u0007title`, 'title'],
    [`${ESC}[2J${ESC}[Hclear`, 'clear'],
    [`\u009b31mc1`, 'c1'],
    [`a${RLO}exe.gnp`, 'aexe.gnp'],
    [`\u2066iso\u2069 \u200eltr\u200f`, 'iso ltr'],
    [`wk${ZWSP}-2`, 'wk[U+200B]-2'],
    [`bom\ufeff`, 'bom[U+FEFF]'],
    ['line one\nline\ttwo', 'line one\nline\ttwo'],
    ['bell\u0007 nul\u0000 del\u007f', 'bell nul del'],
    ['한국어 ✓', '한국어 ✓'],
  ])('%j → %j', (input, expected) => {
    expect(safeText(input)).toBe(expected);
  });
});

describe('a hostile node name and kured lock holder, through the answer step and every renderer', () => {
  const hostile = `atlas-wk-1${ESC}[31m${RLO}gnp.exe${ZWSP}`;
  const holder = `evil${ESC}]0;owned\u0007${RLO}1-pc-salta${ZWSP}`;
  let dir: string;
  let config: BotConfig;
  let reply: Reply;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'safe-text-'));
    const scenario = JSON.parse(
      readFileSync(join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json'), 'utf8'),
    ) as {
      cluster: {
        items: Array<{ kind: string; metadata: { name: string; annotations?: Record<string, string> } }>;
      };
    };
    const text = JSON.stringify(scenario).split('"atlas-wk-1"').join(JSON.stringify(hostile));
    const edited = JSON.parse(text) as typeof scenario;
    edited.cluster.items.push({
      kind: 'DaemonSet',
      apiVersion: 'apps/v1',
      metadata: {
        name: 'kured',
        namespace: 'kube-system',
        uid: 'kured-uid',
        annotations: {
          'weave.works/kured-node-lock': JSON.stringify({ nodeID: holder, created: '2026-11-29T15:00:00Z' }),
        },
      },
      spec: {
        selector: { matchLabels: { name: 'kured' } },
        template: {
          metadata: { labels: { name: 'kured' } },
          spec: { containers: [{ name: 'kured', image: 'kured' }] },
        },
      },
      status: {
        desiredNumberScheduled: 0,
        numberReady: 0,
        numberAvailable: 0,
        updatedNumberScheduled: 0,
        currentNumberScheduled: 0,
        numberMisscheduled: 0,
      },
    } as never);
    const file = join(dir, 'hostile.json');
    writeFileSync(file, JSON.stringify(edited));
    config = {
      source: 'test',
      clusters: { hostile: { kind: 'snapshot', snapshot: file, requestTimeoutMs: 5000, deadlineMs: 20000 } },
      defaultCluster: 'hostile',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    const service = createAnswerService({ config });
    try {
      // Kured's holder shows on any node's reboot answer; the hostile node itself in "status".
      const outcome = await handleConsoleRequest({ text: 'can I reboot atlas-wk-2' }, config, (job) =>
        service.answer(job),
      );
      reply = outcome.reply;
    } finally {
      await service.close();
    }
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the reply mentions the holder, marked and without escapes or bidi controls', () => {
    const all = JSON.stringify(reply);
    expect(all).toContain('1-pc-salta[U+200B]');
    expect(
      UNSAFE.test(all.replace(/\\u[0-9a-f]{4}/g, (m) => String.fromCharCode(parseInt(m.slice(2), 16)))),
    ).toBe(false);
  });

  it('console text and --format json: no escape sequence, bidi or zero-width character', () => {
    const text = renderText(reply);
    expect(text).toContain('1-pc-salta[U+200B]');
    expect(UNSAFE.test(text)).toBe(false);
    expect(
      UNSAFE.test(
        JSON.stringify(toJsonOutput(reply)).replace(/\\u[0-9a-f]{4}/g, (m) =>
          String.fromCharCode(parseInt(m.slice(2), 16)),
        ),
      ),
    ).toBe(false);
  });

  it('renderers guard replies built elsewhere too (a raw reply naming the hostile node): console, Slack, Teams', () => {
    const raw: Reply = {
      ...reply,
      title: `Reboot ${hostile}`,
      summary: `Safe to reboot ${hostile}; kured lock held by ${holder}.`,
      sections: [{ heading: hostile, lines: [`holder ${holder}`] }],
      advice: [`drain ${hostile}`],
    };
    const console = renderText(raw);
    const slack = JSON.stringify(renderSlackMessages(raw));
    const teams = JSON.stringify(renderTeamsCards(raw).map(teamsActivity));
    for (const [where, out] of [
      ['console', console],
      ['slack', slack.replace(/\\u[0-9a-f]{4}/g, (m) => String.fromCharCode(parseInt(m.slice(2), 16)))],
      ['teams', teams.replace(/\\u[0-9a-f]{4}/g, (m) => String.fromCharCode(parseInt(m.slice(2), 16)))],
    ] as const) {
      expect({ where, unsafe: UNSAFE.exec(out)?.[0] ?? null }).toEqual({ where, unsafe: null });
      expect(out).toContain('atlas-wk-1gnp.exe[U+200B]');
    }
  });
});
