/**
 * Teams cards of every scenario (English and Korean), plus status, help, error and oversized
 * answers: each parses with the `adaptivecards` package without warnings, stays under 28 KB, and,
 * rendered in headless Chromium (Debian `chromium`, driven by playwright-core) through the
 * `adaptivecards` renderer, shows the verdict line on screen. Screenshots go to
 * `$TEST_OUTPUT_DIR/teams-cards/` (default: `<os tmpdir>/k8s-ha-bot-test-output/teams-cards/`).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser } from 'playwright-core';
import {
  CARD_VERSION,
  renderTeamsCards,
  TEAMS_LIMITS,
  teamsActivityBytes,
  verdictLine,
} from '../../adapters/teams/render-card.js';
import type { TeamsCardMessage } from '../../adapters/teams/render-card.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { explainFailure, explainHelp } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerJob } from '../../src/queue/job.js';

const require = createRequire(import.meta.url);
/** The UMD build: the package's ESM build has extensionless imports Node cannot load. */
const AC_BUNDLE = require.resolve('adaptivecards/dist/adaptivecards.min.js');
const AC = require('adaptivecards/dist/adaptivecards.js') as {
  AdaptiveCard: new () => {
    parse(json: unknown, ctx: unknown): void;
    version: { toString(): string };
    getActionCount(): number;
    getActionAt(i: number): { getJsonTypeName(): string };
  };
  SerializationContext: new () => { eventCount: number; getEventAt(i: number): { message: string } };
};

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = join(process.env.TEST_OUTPUT_DIR ?? join(tmpdir(), 'k8s-ha-bot-test-output'), 'teams-cards');
const DIR = join(process.cwd(), 'test/fixtures/scenarios');
const files = readdirSync(DIR)
  .filter((f) => /^\d+.*\.json$/.test(f))
  .sort();
const clusters = Object.fromEntries(
  files.map((f, i) => [
    `s${i}`,
    { kind: 'snapshot' as const, snapshot: join(DIR, f), requestTimeoutMs: 5000, deadlineMs: 20000 },
  ]),
);
const config: BotConfig = {
  source: 'test',
  clusters,
  defaultCluster: 's0',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};

function job(cluster: string, text: string, locale: 'en' | 'ko'): AnswerJob {
  return {
    requestId: `card-${cluster}-${locale}`,
    text,
    cluster,
    locale,
    user: { platform: 'teams', id: 'tester' },
    replyTo: { platform: 'teams', address: { conversation: 'a:test' } },
    enqueuedAt: new Date().toISOString(),
  };
}

interface Case {
  name: string;
  reply: Reply;
  messages: TeamsCardMessage[];
}

/** Parse with the adaptivecards object model; returns the warnings and the parsed card. */
function parseCard(card: unknown): { events: string[]; version: string; actions: string[] } {
  const ac = new AC.AdaptiveCard();
  const ctx = new AC.SerializationContext();
  ac.parse(card, ctx);
  const events: string[] = [];
  for (let i = 0; i < ctx.eventCount; i += 1) events.push(ctx.getEventAt(i).message);
  const actions: string[] = [];
  for (let i = 0; i < ac.getActionCount(); i += 1) actions.push(ac.getActionAt(i).getJsonTypeName());
  return { events, version: ac.version.toString(), actions };
}

function bigReply(): Reply {
  const reasons = Array.from(
    { length: 1500 },
    (_, i) =>
      `Pod shop/web-${i} on atlas-wk-1 has no other replica; evicting it stops the Service web-${i} for about 30 s (한글 ${i})`,
  );
  return {
    kind: 'reboot-impact',
    locale: 'en',
    title: 'Reboot impact: atlas-wk-1 in prod',
    verdict: 'caution',
    summary: 'Caution: many single-replica pods would stop.',
    planes: [
      {
        plane: 'data',
        affected: true,
        heading: 'Data plane: affected',
        reasons,
        stops: ['web traffic for single-replica Services'],
        keepsWorking: ['the control plane'],
      },
    ],
    sections: [],
    advice: ['Scale the Deployments to 2 replicas first.'],
    actions: [
      {
        id: 'refresh',
        label: 'Refresh',
        value: JSON.stringify({ cluster: 'prod', node: 'atlas-wk-1', kind: 'reboot-impact' }),
      },
    ],
    context: {
      cluster: 'prod',
      snapshotAt: '2026-11-29T15:04:05Z',
      requestId: 'big-1',
      etcdSource: 'inferred',
    },
    findings: [],
  };
}

describe('Teams Adaptive Cards of every scenario', () => {
  const service = createAnswerService({ config });
  const cases: Case[] = [];

  beforeAll(async () => {
    for (const [i, file] of files.entries()) {
      const scenario = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as { request: string };
      for (const locale of ['en', 'ko'] as const) {
        const text = locale === 'ko' ? `${scenario.request} --lang ko` : scenario.request;
        const reply = await service.answer(job(`s${i}`, text, locale));
        cases.push({
          name: `${file.replace(/\.json$/, '')}-${locale}`,
          reply,
          messages: renderTeamsCards(reply),
        });
      }
    }
    for (const locale of ['en', 'ko'] as const) {
      const status = await service.answer(job('s1', 'status', locale));
      cases.push({ name: `status-${locale}`, reply: status, messages: renderTeamsCards(status) });
      const help = explainHelp(
        { locale, requestId: `help-${locale}`, cluster: 's0' },
        { names: Object.keys(clusters), defaultCluster: 's0' },
      );
      cases.push({ name: `help-${locale}`, reply: help, messages: renderTeamsCards(help) });
      const failure = explainFailure(
        { locale, requestId: `err-${locale}`, cluster: 's0' },
        'cluster-unreachable',
      );
      cases.push({ name: `error-${locale}`, reply: failure, messages: renderTeamsCards(failure) });
    }
  });

  afterAll(() => service.close());

  it('renders one card per scenario answer, each parsing with adaptivecards without warnings, version 1.5, under 28 KB', () => {
    expect(cases.length).toBe(files.length * 2 + 6);
    for (const c of cases) {
      expect(c.messages.length).toBeGreaterThanOrEqual(1);
      for (const m of c.messages) {
        const parsed = parseCard(m.card);
        expect({ name: c.name, events: parsed.events }).toEqual({ name: c.name, events: [] });
        expect(parsed.version).toBe(CARD_VERSION);
        expect(teamsActivityBytes(m)).toBeLessThanOrEqual(TEAMS_LIMITS.defaultMaxBytes);
        expect(teamsActivityBytes(m)).toBeLessThan(TEAMS_LIMITS.messageBytes);
      }
      const first = c.messages[0];
      // The buttons, after the "Details" toggle of an answer with a first screen (issue 30, item 4).
      const actions = parseCard(first?.card).actions;
      const toggle = actions[0] === 'Action.ToggleVisibility' ? 1 : 0;
      expect(actions.slice(toggle).every((t) => t === 'Action.Execute')).toBe(true);
      expect(first?.summary.length).toBeGreaterThan(0);
    }
    // Scenario answers carry a verdict, coloured.
    const verdicts = cases.filter((c) => c.reply.verdict !== null);
    expect(verdicts.length).toBeGreaterThanOrEqual(files.length * 2);
    for (const c of verdicts)
      expect(JSON.stringify(c.messages[0]?.card)).toMatch(/"color":"(good|warning|attention)"/);
  });

  it('splits an oversized answer into messages under the budget and ends with "…and N more" past maxMessages', () => {
    const reply = bigReply();
    const all = renderTeamsCards(reply, { maxMessages: 20 });
    expect(all.length).toBeGreaterThan(3);
    for (const m of all) {
      expect(teamsActivityBytes(m)).toBeLessThanOrEqual(TEAMS_LIMITS.defaultMaxBytes);
      expect(parseCard(m.card).events).toEqual([]);
    }
    const two = renderTeamsCards(reply, { maxMessages: 2 });
    expect(two).toHaveLength(2);
    const tail = JSON.stringify(two[1]?.card);
    const more = /…and (\d+) more/.exec(tail);
    expect(more).not.toBeNull();
    const shownLines = two.flatMap((m) => JSON.stringify(m.card).match(/Pod shop\/web-\d+ /g) ?? []).length;
    // N counts every content line not shown: the rest of the 1,500 reasons, the stop, the keep (the
    // advice is step 1 of the first screen, issue 30 item 4).
    expect(Number(more?.[1])).toBe(1500 - shownLines + 2);
    const one = renderTeamsCards(reply, { maxMessages: 1, maxBytes: 8 * 1024 });
    expect(one).toHaveLength(1);
    expect(teamsActivityBytes(one[0] as TeamsCardMessage)).toBeLessThanOrEqual(8 * 1024);
    expect(JSON.stringify(one[0]?.card)).toMatch(/…and \d+ more/);
  });

  it('keeps hostile text inert: TextRuns only, no markdown TextBlocks', () => {
    const reply = {
      ...bigReply(),
      title: '**bold** [click](https://evil.example) <at>everyone</at>',
      summary: '_x_ ![img](https://evil.example/a.png)',
    };
    const [m] = renderTeamsCards(reply, { maxMessages: 1 });
    const json = JSON.stringify(m?.card);
    expect(json).not.toContain('"TextBlock"');
    expect(json).toContain('[click](https://evil.example)');
  });

  const hasChromium = existsSync(CHROMIUM);
  if (!hasChromium) {
    // Visible in the output: the check above ran, the on-screen one could not.
    it.skip(`renders in headless Chromium — SKIPPED: no browser at ${CHROMIUM} (bash .ci/run installs Debian's chromium)`, () =>
      undefined);
    return;
  }

  describe('in headless Chromium', () => {
    let browser: Browser;
    beforeAll(async () => {
      mkdirSync(OUT, { recursive: true });
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
      });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('shows the verdict line of every card on screen (read back from the page; screenshots saved)', async () => {
      const page = await browser.newPage({ viewport: { width: 720, height: 900 } });
      await page.setContent(
        '<!doctype html><html><head><meta charset="utf-8"></head><body style="font-family: sans-serif; background:#fff"><div id="card" style="width:680px"></div></body></html>',
      );
      await page.addScriptTag({ path: AC_BUNDLE });
      let shots = 0;
      for (const c of cases) {
        const card = c.messages[0]?.card;
        const result = await page.evaluate((json) => {
          // Runs in the page; typed loosely because this project compiles without the DOM lib.
          interface El {
            innerText: string;
            textContent: string | null;
            replaceChildren(child: El): void;
            querySelectorAll(selector: string): Iterable<El>;
            getBoundingClientRect(): { height: number };
          }
          const g = globalThis as unknown as {
            AdaptiveCards: { AdaptiveCard: new () => { parse(j: unknown): void; render(): El | undefined } };
            document: { getElementById(id: string): El | null };
          };
          const ac = new g.AdaptiveCards.AdaptiveCard();
          ac.parse(json);
          const el = ac.render();
          const host = g.document.getElementById('card');
          if (!host || !el) return { text: '', height: 0, buttons: [] as string[] };
          host.replaceChildren(el);
          const buttons = [...host.querySelectorAll('button')].map((b) => b.textContent ?? '');
          return { text: host.innerText, height: host.getBoundingClientRect().height, buttons };
        }, card);
        const line = verdictLine(c.reply);
        expect({ name: c.name, shows: result.text.replace(/\s+/g, ' ').includes(line) }).toEqual({
          name: c.name,
          shows: true,
        });
        expect(result.height).toBeGreaterThan(40);
        for (const a of c.reply.actions) expect(result.buttons).toContain(a.label);
        await page.locator('#card').screenshot({ path: join(OUT, `${c.name}.png`) });
        shots += 1;
      }
      expect(shots).toBe(cases.length);
      expect(readdirSync(OUT).filter((f) => f.endsWith('.png')).length).toBeGreaterThanOrEqual(cases.length);
      await page.close();
    });
  });
});
