/**
 * Every scenario's real answer (simulator → client-node → checks → explanation), in English and
 * Korean, rendered as Slack Block Kit: within Slack's limits, verdict in the first message,
 * fallback text set, buttons routed by `k8s-ha-bot:<id>`. Also the HA status, help and error replies.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderSlackMessages, type SlackMessage } from '../../adapters/slack/render-blocks.js';
import { slackLimitViolations } from '../../adapters/slack/render-limits.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { explainFailure, explainHelp } from '../../src/explain/explain-messages.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import { splitReply } from '../../src/explain/first-screen.js';
import type { AnswerJob } from '../../src/queue/job.js';

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
const service = createAnswerService({ config });
afterAll(() => service.close());

function job(cluster: string, text: string, locale: 'en' | 'ko'): AnswerJob {
  return {
    requestId: `slack-render-${cluster}-${locale}`,
    text,
    cluster,
    locale,
    user: { platform: 'slack', id: 'U0TEST' },
    replyTo: { platform: 'slack', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

function headerOf(messages: readonly SlackMessage[]): string {
  const h = messages[0]?.blocks.find((b) => b.type === 'header');
  return h?.type === 'header' ? h.text.text : '';
}

function buttonsOf(message: SlackMessage): { action_id: string; value: string }[] {
  return message.blocks.flatMap((b) =>
    b.type === 'actions'
      ? b.elements.flatMap((e) =>
          e.type === 'button' ? [{ action_id: e.action_id ?? '', value: e.value ?? '' }] : [],
        )
      : [],
  );
}

/** Checks shared by every reply: limits, fallback text, the verdict/health word in message 1, buttons. */
function expectRendered(reply: Reply): SlackMessage[] {
  const messages = renderSlackMessages(reply);
  expect(messages.length).toBeGreaterThanOrEqual(1);
  for (const m of messages) expect(slackLimitViolations(m)).toEqual([]);
  const first = messages[0] as SlackMessage;
  expect(first.text.length).toBeGreaterThan(10);
  const tr = translator(reply.locale);
  const badge = reply.verdict
    ? tr.t(`verdict.${reply.verdict}`)
    : reply.health
      ? tr.t(`health.${reply.health}`)
      : null;
  if (badge) {
    expect(headerOf(messages)).toContain(badge);
    expect(first.text.startsWith(`${badge}: `)).toBe(true);
  }
  const buttons = buttonsOf(first);
  expect(buttons.map((b) => b.action_id)).toEqual(reply.actions.map((a) => `k8s-ha-bot:${a.id}`));
  for (const [i, b] of buttons.entries())
    expect(JSON.parse(b.value)).toEqual(JSON.parse(reply.actions[i]?.value ?? 'null'));
  // The context line carries the request id.
  const context = JSON.stringify(first.blocks.filter((b) => b.type === 'context'));
  expect(context).toContain(reply.context.requestId);
  return messages;
}

describe.each(files.map((f, i) => [f, `s${i}`] as const))('scenario %s in Slack', (file, cluster) => {
  const scenario = JSON.parse(readFileSync(join(DIR, file), 'utf8')) as {
    request: string;
    expected: { verdict: string };
  };
  const parsed = parseCommand(scenario.request);
  if (!parsed.ok || parsed.command.kind !== 'reboot-impact')
    throw new Error(`scenario request not parsed: ${scenario.request}`);
  const node = parsed.command.node;

  it.each([
    ['en', scenario.request],
    // The same question in Korean: "drain and reboot" stays a drain (issue 29 item 7).
    ['ko', `${node} ${parsed.command.drain ? '드레인하고 ' : ''}재부팅해도 돼?`],
  ] as const)(
    'the %s reboot answer renders within the limits with the verdict first',
    async (locale, text) => {
      const reply = await service.answer(job(cluster, text, locale));
      expect(reply.verdict).toBe(scenario.expected.verdict);
      const messages = expectRendered(reply);
      expect(headerOf(messages)).toContain(node);
      // Each plane heading and every reason appear somewhere (nothing dropped for a normal answer).
      const body = messages
        .flatMap((m) => m.blocks)
        .map((b) => JSON.stringify(b))
        .join('\n');
      for (const p of reply.planes) {
        expect(body).toContain(JSON.stringify(p.heading).slice(1, -1));
      }
      expect(JSON.stringify(messages)).not.toMatch(/…and \d+ more|외 \d+개 더/);
      if (locale === 'ko') expect(JSON.stringify(messages[0])).toMatch(/[가-힣]/);
    },
  );

  it.each(['en', 'ko'] as const)(
    'the %s HA status answer renders within the limits with the health first',
    async (locale) => {
      const reply = await service.answer(job(cluster, locale === 'ko' ? '상태' : 'status', locale));
      expect(reply.kind).toBe('ha-status');
      expect(reply.health).toBeDefined();
      const messages = expectRendered(reply);
      const body = JSON.stringify(messages);
      // Every section with lines left once the first screen took its reasons (issue 30, item 4).
      for (const s of splitReply(reply).details.sections)
        if (s.heading && s.lines.length > 0) expect(body).toContain(s.heading);
    },
  );
});

describe('replies without a verdict', () => {
  it.each(['en', 'ko'] as const)('help (%s) renders its request forms within the limits', (locale) => {
    const reply = explainHelp(
      { locale, requestId: 'r-help', cluster: 'demo' },
      { names: ['demo', 'prod'], defaultCluster: 'demo' },
    );
    const messages = expectRendered(reply);
    expect(headerOf(messages)).toContain(reply.title);
    expect(messages).toHaveLength(1);
  });

  it.each(['en', 'ko'] as const)(
    'an unknown cluster (%s) says so, with the request id in the context',
    (locale) => {
      const reply = explainFailure({ locale, requestId: 'r-err', cluster: 'prdo' }, 'cluster-unknown', {
        clusters: ['prod'],
        suggestions: ['prod'],
      });
      const messages = expectRendered(reply);
      expect(messages[0]?.text).toContain('prdo');
      expect(JSON.stringify(messages[0]?.blocks)).toContain(':warning:');
    },
  );
});
