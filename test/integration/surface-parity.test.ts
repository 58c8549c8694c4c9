/**
 * The console, Slack and Teams give the same answer to the same text, over a
 * sample of the request corpus (test/fixtures/requests/corpus.yaml, the demo cluster's groups):
 * every intent but the maintenance ones (they change state in Redis, so a second surface would get
 * another answer on purpose), English and Korean, about 40 requests.
 *
 * One real Redis, one worker answering from the demo cluster (examples/ha-3cp.json), one gateway
 * serving the real Slack app (signed requests to the Bolt HTTP receiver, a fake Slack Web API at its
 * HTTP boundary) and the real Teams adapter (Bot Framework activities; cards to a fake Bot
 * Connector). The console path is `handleConsoleRequest` with the in-process answer step, as
 * `k8s-ha-bot ask` runs without Redis.
 *
 * Compared per request: the verdict, the findings (check/variant/severity), what was understood
 * (`request`: intent, nodes, group, mode, cluster, language; from the worker's reply for chat
 * surfaces), and the plain text of the answer: each platform's message with its markup stripped
 * (Slack mrkdwn and Block Kit, Adaptive Card TextRuns) against the console's text, as word streams
 * without the request id, the buttons and the context line's platform words.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { renderSlackMessages } from '../../adapters/slack/render-blocks.js';
import { ADAPTIVE_CARD_CONTENT_TYPE } from '../../adapters/teams/render-card.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { runInProcess } from '../../src/queue/in-process.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector, FakeConnectorCall } from '../helpers/fake-bot-connector.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import { eventBody, sendSigned, TEST_SIGNING_SECRET, triggerId } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

interface Case {
  text: string;
  intent: string;
}
interface Corpus {
  groups: { cluster: string; cases: Case[] }[];
}

const DEMO = join(process.cwd(), 'examples/ha-3cp.json');
const STATEFUL = new Set(['maintenance', 'maintenance-decision', 'maintenance-status', 'audit']);
const SAMPLE_SIZE = 40;

/**
 * A fixed sample: round-robin over (intent, language) buckets of the demo cluster's cases, so
 * every intent and both languages are in it, then the rest of the buckets in turn.
 */
function sample(): Case[] {
  const corpus = parseYaml(
    readFileSync(join(process.cwd(), 'test/fixtures/requests/corpus.yaml'), 'utf8'),
  ) as Corpus;
  const buckets = new Map<string, Case[]>();
  for (const g of corpus.groups) {
    if (g.cluster !== 'atlas') continue;
    for (const c of g.cases) {
      if (STATEFUL.has(c.intent)) continue;
      const key = `${c.intent}/${/[\uAC00-\uD7AF]/u.test(c.text) ? 'ko' : 'en'}`;
      buckets.set(key, [...(buckets.get(key) ?? []), c]);
    }
  }
  const out: Case[] = [];
  for (let round = 0; out.length < SAMPLE_SIZE; round += 1) {
    let took = false;
    for (const list of buckets.values()) {
      const c = list[round];
      if (c !== undefined && out.length < SAMPLE_SIZE) {
        out.push(c);
        took = true;
      }
    }
    if (!took) break;
  }
  return out;
}

function config(redisUrl?: string): BotConfig {
  return {
    source: 'test',
    // Generous time limits: 40 requests go through three surfaces at once (120 answers in this process);
    // on a busy machine a 5 s read limit turned some into "could not read the cluster" on one surface only.
    clusters: { demo: { kind: 'snapshot', snapshot: DEMO, requestTimeoutMs: 60_000, deadlineMs: 60_000 } },
    defaultCluster: 'demo',
    locale: 'en',
    ...(redisUrl ? { redis: { url: redisUrl } } : {}),
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
}

/** What an answer means, whatever the surface. */
interface Semantic {
  verdict: Reply['verdict'];
  findings: string[];
  request: unknown;
  words: string;
}

const semanticOf = (reply: Reply | undefined, request: unknown): Omit<Semantic, 'words'> => ({
  verdict: reply?.verdict ?? null,
  findings: (reply?.findings ?? []).map((f) => `${f.check}/${f.variant}/${f.severity}`).sort(),
  request: request ?? null,
});

/**
 * Plain words of a rendered answer: markup, emoji, punctuation and the request id gone, so the
 * console's text, Slack's mrkdwn and a card's TextRuns compare as the same words.
 */
function words(text: string, requestId: string): string {
  return (
    text
      .split(requestId)
      .join(' ')
      // The demo's Leases are renewed by the simulator's clock: their age is when the read ran, not the surface.
      .replace(/\b\d+ s ago\b/g, 'N s ago')
      .replace(/\d+초 전/g, 'N초 전')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&')
      .replace(/<([^|>]+)\|([^>]+)>/g, '$2')
      .replace(/:[a-z0-9_+-]+:/g, ' ')
      .replace(/\u2139\uFE0F?/gu, ' ') // ℹ️ (a letter to \p{L}): the help card's icon
      .replace(/[^\p{L}\p{N}.%-]+/gu, ' ')
      .replace(/(?<=\s|^)[.-]+(?=\s|$)/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      // The chat surfaces end every answer with its context line (cluster, request id), also under
      // help, where the console prints none: a footer, not the answer.
      .replace(/ (?:cluster|클러스터) [a-z0-9-]+ (?:request|요청)$/u, '')
  );
}

/** Every text of Block Kit blocks (section, header, context, fields), buttons excluded. */
function slackText(calls: FakeSlackCall[]): string {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if (o.type === 'actions' || o.type === 'button') return;
      if ((o.type === 'mrkdwn' || o.type === 'plain_text') && typeof o.text === 'string') out.push(o.text);
      Object.values(o).forEach(walk);
    }
  };
  for (const c of calls) walk(c.params.blocks);
  return out.join('\n');
}

/** The value of a message's "Details" button, if it has one. */
function detailsValue(call: FakeSlackCall | undefined): string | undefined {
  const blocks = (call?.params.blocks ?? []) as {
    type: string;
    elements?: { action_id?: string; value?: string }[];
  }[];
  return blocks
    .flatMap((b) => (b.type === 'actions' ? (b.elements ?? []) : []))
    .find((e) => e.action_id === 'k8s-ha-bot:details')?.value;
}

/** Every TextBlock / TextRun / FactSet text of the Adaptive Cards of some activities. */
function cardText(calls: FakeConnectorCall[]): string {
  const out: string[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node !== null && typeof node === 'object') {
      const o = node as Record<string, unknown>;
      if ((o.type === 'TextRun' || o.type === 'TextBlock') && typeof o.text === 'string') out.push(o.text);
      if (typeof o.title === 'string' && typeof o.value === 'string') out.push(`${o.title} ${o.value}`);
      Object.values(o).forEach(walk);
    }
  };
  for (const c of calls) {
    const attachments = c.body.attachments as
      { contentType: string; content: { body?: unknown } }[] | undefined;
    for (const a of attachments ?? []) if (a.contentType === ADAPTIVE_CARD_CONTENT_TYPE) walk(a.content.body);
  }
  return out.join('\n');
}

describe('the console, Slack and Teams give the same answer to the same text (corpus sample)', () => {
  const cases = sample();
  let redis: TestRedis;
  let slack: FakeSlackApi;
  let connector: FakeBotConnector;
  let gateway: RunningGateway;
  let worker: RunningWorker;
  const answers = createAnswerService({ config: config() });
  /** The worker's reply to each chat job, by request id. */
  const workerReplies = new Map<string, { job: AnswerJob; reply: Reply }>();

  beforeAll(async () => {
    redis = await useSharedRedis();
    slack = await startFakeSlackApi();
    connector = await startFakeBotConnector();
    worker = await startWorker({
      redisUrl: redis.url,
      clusters: ['demo'],
      logger: silentLogger,
      handler: async (job, context) => {
        const reply = await answers.handler(job, context);
        workerReplies.set(job.requestId, { job, reply });
        return reply;
      },
    });
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test-token',
        SLACK_API_URL: slack.apiUrl,
        K8S_HA_BOT_DEV_INSECURE: '1',
        TEAMS_PORT: '0',
        K8S_HA_BOT_RATE_LIMIT: '0',
      },
      config: config(redis.url),
      logger: silentLogger,
      port: 0,
      teamsPort: 0,
    });
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.close();
    await answers.close();
    await slack?.close();
    await connector?.close();
    await redis?.stop();
  });

  it(`samples ${SAMPLE_SIZE} requests over every stateless intent, in English and Korean`, () => {
    expect(cases).toHaveLength(SAMPLE_SIZE);
    const intents = new Set(cases.map((c) => c.intent));
    for (const intent of [
      'reboot',
      'drain',
      'upgrade',
      'status',
      'node-down',
      'help',
      'control-plane-down',
      'etcd-quorum-loss',
      'component-down',
      'component-restart',
      'rolling-update',
    ]) {
      expect(intents).toContain(intent);
    }
    expect(cases.some((c) => /[\uAC00-\uD7AF]/u.test(c.text))).toBe(true);
  });

  it('gives equal verdicts, findings, understood requests and plain text on all three surfaces', async () => {
    const slackUrl = `http://127.0.0.1:${gateway.port ?? 0}/slack/events`;
    const teamsUrl = `http://127.0.0.1:${gateway.teams?.port ?? 0}/api/messages`;
    const mismatches: string[] = [];
    await Promise.all(
      cases.map(async (c, i) => {
        // Console: the in-process path of `k8s-ha-bot ask`.
        const consoleOutcome = await handleConsoleRequest({ text: c.text }, config(), (job) =>
          runInProcess(job, answers.handler, { timeoutMs: 60000 }),
        );
        const consoleSide: Semantic = {
          ...semanticOf(consoleOutcome.reply, consoleOutcome.request),
          words: words(renderText(consoleOutcome.reply), consoleOutcome.reply.context.requestId),
        };

        // Slack: a direct message to the bot, answered in its thread.
        const channel = `D0PAR${String(i).padStart(3, '0')}`;
        const ts = `1712100000.${String(i).padStart(6, '0')}`;
        const dm = {
          type: 'message',
          channel_type: 'im',
          user: 'U0PARITY',
          text: c.text,
          ts,
          channel,
          event_ts: ts,
        };
        expect(
          (await sendSigned(slackUrl, eventBody(dm, `Ev0PAR${i}`), { contentType: 'application/json' }))
            .status,
        ).toBe(200);

        // Teams: a personal-chat message.
        const conversationId = `a:parity-${i}`;
        const activity = {
          type: 'message',
          id: `par-${i}`,
          timestamp: new Date().toISOString(),
          serviceUrl: connector.serviceUrl,
          channelId: 'msteams',
          from: { id: '29:user-parity', name: 'Parity', aadObjectId: '00000000-0000-0000-0000-0000000000b2' },
          conversation: { id: conversationId, conversationType: 'personal', tenantId: 'tenant-1' },
          recipient: { id: '28:k8s-ha-bot', name: 'k8s-ha-bot' },
          text: c.text,
          locale: 'en-US',
          channelData: { tenant: { id: 'tenant-1' } },
        };
        const res = await fetch(teamsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(activity),
        });
        expect(res.status).toBe(200);

        const slackPosts = (): FakeSlackCall[] =>
          slack
            .callsOf('chat.postMessage')
            .filter((p) => p.params.channel === channel && Array.isArray(p.params.blocks));
        const teamsCards = (): FakeConnectorCall[] =>
          connector
            .delivered()
            .filter(
              (p) =>
                p.method === 'POST' &&
                p.conversationId === conversationId &&
                Array.isArray(p.body.attachments),
            );
        await slack.waitFor(() => slackPosts().length >= 1, WAIT_CEILING_MS);
        await connector.waitFor(() => teamsCards().length >= 1, WAIT_CEILING_MS);

        const replyOf = (platform: 'slack' | 'teams'): { job: AnswerJob; reply: Reply } | undefined =>
          [...workerReplies.values()].find(
            (r) =>
              r.job.user.platform === platform &&
              (platform === 'slack'
                ? r.job.replyTo.address.channel === channel
                : r.job.replyTo.address.conversation === conversationId),
          );
        const s = replyOf('slack');
        const t = replyOf('teams');
        // The details are behind the answer's "Details" button (issue 30, item 4): click it and
        // read the modal after the message, as the console prints them after its first screen.
        const details = detailsValue(slackPosts()[0]);
        // An answer without details may still go on in its thread: read all its messages.
        const slackCount =
          s === undefined
            ? 1
            : renderSlackMessages(s.reply, details === undefined ? {} : { detailsId: details }).length;
        await slack.waitFor(() => slackPosts().length >= slackCount, WAIT_CEILING_MS);
        let modal = '';
        if (details !== undefined) {
          const trigger = triggerId();
          const click = {
            type: 'block_actions',
            trigger_id: trigger,
            user: { id: 'U0PARITY', team_id: 'T0TEST' },
            team: { id: 'T0TEST' },
            channel: { id: channel },
            container: { type: 'message', message_ts: ts, channel_id: channel },
            actions: [{ type: 'button', action_id: 'k8s-ha-bot:details', value: details }],
          };
          expect(
            (
              await sendSigned(slackUrl, `payload=${encodeURIComponent(JSON.stringify(click))}`, {
                contentType: 'application/x-www-form-urlencoded',
              })
            ).status,
          ).toBe(200);
          const opened = (): FakeSlackCall | undefined =>
            slack.callsOf('views.open').find((o) => o.params.trigger_id === trigger);
          await slack.waitFor(() => opened() !== undefined, WAIT_CEILING_MS);
          const view = opened()?.params.view as { title: unknown; blocks: unknown };
          modal = slackText([{ method: 'views.open', at: 0, params: { blocks: [view.title, view.blocks] } }]);
        }
        const slackSide: Semantic = {
          ...semanticOf(s?.reply, s?.reply.context.request ?? null),
          words: words(`${slackText(slackPosts())}\n${modal}`, s?.job.requestId ?? '\u0000'),
        };
        const teamsSide: Semantic = {
          ...semanticOf(t?.reply, t?.reply.context.request ?? null),
          words: words(cardText(teamsCards()), t?.job.requestId ?? '\u0000'),
        };
        for (const [name, side] of [
          ['slack', slackSide],
          ['teams', teamsSide],
        ] as const) {
          if (JSON.stringify({ ...side, words: '' }) !== JSON.stringify({ ...consoleSide, words: '' })) {
            mismatches.push(
              `${JSON.stringify(c.text)} ${name}: ${JSON.stringify({ ...side, words: undefined })} ≠ console ${JSON.stringify({ ...consoleSide, words: undefined })}`,
            );
          } else if (side.words !== consoleSide.words) {
            let at = 0;
            while (at < side.words.length && side.words[at] === consoleSide.words[at]) at += 1;
            const around = (w: string): string => w.slice(Math.max(0, at - 60), at + 100);
            mismatches.push(
              `${JSON.stringify(c.text)} ${name} text differs at ${at}:\n  ${around(side.words)}\n  console:\n  ${around(consoleSide.words)}`,
            );
          }
        }
      }),
    );
    expect(mismatches).toEqual([]);
  });
});
