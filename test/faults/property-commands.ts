/**
 * TEST ONLY (fault suite): 10,000 generated command texts (fast-check) through parseCommand and
 * the Slack adapter's ack decision and Block Kit rendering, in this process.
 *
 * Checked for every text: nothing throws; no output text (fallback text, header, sections,
 * fields, context, buttons, the ack) carries a raw `<` or `>`, an `&` that is not `&amp;`,
 * `&lt;` or `&gt;`, nor a broadcast (`<!channel>`, `<!here>`, `@channel` / `@here` /
 * `@everyone` as a whole word). No timing is judged here (a busy machine stretches any one parse):
 * the parser's speed is a row of the benchmark (`npm run bench`, scripts/bench.ts).
 */
import fc from 'fast-check';
import { SlackIntake } from '../../adapters/slack/slack-intake.js';
import type { SlackRequest } from '../../adapters/slack/slack-intake.js';
import { escapeMrkdwn } from '../../adapters/slack/mrkdwn.js';
import { slackMessageTexts } from '../../adapters/slack/render-blocks.js';
import { slackMessagesFor } from '../../adapters/slack/slack-messages.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import { silentLogger } from '../../src/util/logger.js';
import type { FaultRow } from './slack-traffic.js';

/** Texts generated and checked. */
export const PROPERTY_RUNS = 10_000;

const WORDS = [
  'can',
  'I',
  'reboot',
  'drain',
  'and',
  'upgrade',
  'restart',
  'status',
  'ha',
  'quorum',
  'help',
  'what',
  'if',
  'goes',
  'down',
  'is',
  'it',
  'safe',
  'to',
  'tonight?',
  'please',
  'in',
  'prod',
  'idle',
  '--cluster',
  '--lang',
  'ko',
  'en',
  'on',
  'the',
  'etcd',
  'kube-proxy',
  'kubelet',
  'coredns',
  'scheduler',
  'atlas-cp-1',
  'atlas-cp-2',
  'atlas-wk-1',
  'master-2',
  '재부팅해도',
  '돼?',
  '드레인해도',
  '상태',
  '도움말',
  '클러스터에서',
  'schedule',
  'daily',
  '09:00',
  'Asia/Seoul',
  'unschedule',
  'schedules',
  '/k8s',
  '<@U123>',
  '<@UBOT>',
  '<!channel>',
  '<!here>',
  '<!everyone>',
  '@channel',
  '@here',
  '<https://evil.example|click>',
  '<#C123|general>',
  '&amp;',
  '&lt;',
  '&gt;',
  '&',
  '<',
  '>',
  '<<',
  '>>',
  '*bold*',
  '_it_',
  '`code`',
  '```',
  '~x~',
  '\n',
  '\u202e',
  '\u200b',
  '\u2060',
  '😀',
  '\ud800',
  'a'.repeat(300),
  '-'.repeat(70),
  '..',
  '?',
  '"',
  "'",
  '\\',
  '%s',
  '${x}',
];

/** Texts: free unicode strings, grammar-like word salads with Slack markup, and long ones. */
function commandText(): fc.Arbitrary<string> {
  const word = fc.constantFrom(...WORDS);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .array(fc.oneof(word, fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 14 })
        .map((w) => w.join(' ')),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 80 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('can I reboot ', 'drain ', 'status ', 'what if ', ''),
          fc.string({ maxLength: 2200 }),
        )
        .map(([a, b]) => a + b),
    },
    {
      weight: 1,
      arbitrary: fc.array(word, { minLength: 1, maxLength: 6 }).map((w) => `can I reboot ${w.join('')}`),
    },
  );
}

/** The first problem with an output text, or null. */
export function unsafeOutput(text: string): string | null {
  if (/<!(channel|here|everyone)/i.test(text)) return 'a <!broadcast>';
  if (/(^|[^\w\u2060])@(channel|here|everyone)\b/i.test(text)) return 'a bare @broadcast';
  if (text.includes('<')) return 'a raw <';
  if (text.includes('>')) return 'a raw >';
  if (/&(?!amp;|lt;|gt;)/.test(text)) return 'a raw &';
  return null;
}

/**
 * Run the property and make the table row.
 * @param seed - fast-check seed (printed, so a failure can be replayed)
 * @returns the row: sent = texts, answered = texts rendered safely, lost = texts that threw,
 *   duplicated = texts with unsafe output; worst = the longest text (characters)
 */
export function runPropertyFault(seed: number): FaultRow {
  const intake = new SlackIntake({
    config: {
      clusters: { prod: { kind: 'snapshot', snapshot: 'unused', requestTimeoutMs: 5000, deadlineMs: 20000 } },
      defaultCluster: 'prod',
      locale: 'en',
    },
    queue: { enqueue: () => Promise.reject(new Error('not used')) } as unknown as ConstructorParameters<
      typeof SlackIntake
    >[0]['queue'],
    store: {
      claim: () => Promise.resolve(true),
      release: () => Promise.resolve(),
      addPending: () => Promise.resolve(),
    } as unknown as ConstructorParameters<typeof SlackIntake>[0]['store'],
    queueReady: () => true,
    userLocales: {
      cached: () => undefined,
      localeOf: () => Promise.resolve(undefined),
    } as unknown as ConstructorParameters<typeof SlackIntake>[0]['userLocales'],
    replyVisibility: 'channel',
    replyDeadlineMs: 60_000,
    dedupTtlSeconds: 900,
    logger: silentLogger,
  });
  let threw = 0;
  let unsafe = 0;
  const examples: string[] = [];
  const texts = fc.sample(commandText(), { numRuns: PROPERTY_RUNS, seed });
  for (const [i, text] of texts.entries()) {
    try {
      parseCommand(text, { defaultLocale: 'en' });
      const request: SlackRequest = {
        source: 'command',
        requestId: `cmd-prop-${i}`,
        dedupKeys: [`cmd:prop-${i}`],
        text,
        userId: 'U0PROP',
        channel: 'C0PROP',
      };
      const decision = intake.decide(request);
      // What the gateway sends: an ack text (escaped, as slack-app.ts acks it) or the rendered reply.
      const outputs =
        'reply' in decision
          ? slackMessagesFor(decision.reply).flatMap(slackMessageTexts)
          : [escapeMrkdwn(decision.ackText)];
      const problem = outputs.map(unsafeOutput).find((p) => p !== null);
      if (problem) {
        unsafe += 1;
        if (examples.length < 3) examples.push(`${problem} for ${JSON.stringify(text.slice(0, 60))}`);
      }
    } catch (err) {
      threw += 1;
      if (examples.length < 3)
        examples.push(
          `threw ${err instanceof Error ? err.message : String(err)} for ${JSON.stringify(text.slice(0, 60))}`,
        );
    }
  }
  return {
    fault: `${PROPERTY_RUNS.toLocaleString('en-US')} generated command texts (parser + Slack rendering, seed ${seed})`,
    sent: texts.length,
    answered: texts.length - threw - unsafe,
    lost: threw,
    duplicated: '—',
    worst: `longest text ${Math.max(0, ...texts.map((t) => t.length))} characters`,
    pass: threw === 0 && unsafe === 0,
    notes: [`lost = threw; unsafe output: ${unsafe}`, ...examples].join('; '),
  };
}
