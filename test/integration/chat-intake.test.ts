/**
 * One chat seam: Slack, Teams and the console hand the same text to the one
 * intake (src/intake/intake.ts), which makes the same decision for all three. Slack is driven at its
 * HTTP boundary (signed slash commands to the Bolt receiver of a real gateway, a fake Slack Web API
 * behind it), Teams at its HTTP boundary (Bot Framework activities to the real adapter, no
 * authentication in the development mode, a fake Bot Connector), the console through
 * `handleConsoleRequest`. Every decision is observed through the intake's own hook
 * (`recordChatDecision`, the metric `k8s_ha_bot_chat_decisions_total`), and its consequence on each
 * surface: an `enqueue` puts the same job (command, cluster, locale) on the cluster's queue for
 * Slack and Teams and hands it to the console's runner, and the Slack command is acked with what is
 * being checked; an `answer` runs nothing on the console and acks the Slack command with the answer
 * itself (Block Kit).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { join } from 'node:path';
import { handleConsoleRequest } from '../../adapters/console/console-adapter.js';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { plainReply } from '../../src/explain/explain-messages.js';
import { INTAKE_RULES } from '../../src/intake/intake.js';
import { jobIdFor, parseAnswerJob, queueNameFor } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';
import { setMetricHooks } from '../../src/util/metric-hooks.js';
import type { ChatDecisionRecord } from '../../src/util/metric-hooks.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned, slashCommandBody, TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';

const DEMO = join(process.cwd(), 'examples/ha-3cp.json');
const PREFIX = `intake${process.pid}`;

function config(redisUrl?: string): BotConfig {
  return {
    source: 'test',
    clusters: {
      demo: { kind: 'snapshot', snapshot: DEMO, requestTimeoutMs: 5000, deadlineMs: 20000 },
      prod: { kind: 'snapshot', snapshot: DEMO, requestTimeoutMs: 5000, deadlineMs: 20000 },
    },
    defaultCluster: 'demo',
    locale: 'en',
    ...(redisUrl ? { redis: { url: redisUrl } } : {}),
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
}

/** What each case must be decided as, on every surface (written from the request forms, README.md "What you can ask"). */
const CASES: { text: string; expected: Omit<ChatDecisionRecord, 'requestId'> }[] = [
  {
    text: 'can I reboot atlas-cp-2',
    expected: { kind: 'enqueue', locale: 'en', cluster: 'demo', command: 'reboot-impact' },
  },
  {
    text: 'atlas-cp-2 재부팅해도 돼?',
    expected: { kind: 'enqueue', locale: 'ko', cluster: 'demo', command: 'reboot-impact' },
  },
  {
    text: 'drain and reboot atlas-wk-1 in prod',
    expected: { kind: 'enqueue', locale: 'en', cluster: 'prod', command: 'reboot-impact' },
  },
  { text: 'status', expected: { kind: 'enqueue', locale: 'en', cluster: 'demo', command: 'ha-status' } },
  {
    text: 'can I reboot atlas-cp-2 in prdo',
    expected: { kind: 'answer', locale: 'en', cluster: 'prdo', why: 'cluster-unknown' },
  },
  {
    text: 'please frobnicate the flux capacitor',
    expected: { kind: 'answer', locale: 'en', why: 'not-understood' },
  },
];

describe('Slack, Teams and the console go through the one chat intake', () => {
  let redis: RedisServer;
  let slack: FakeSlackApi;
  let connector: FakeBotConnector;
  let gateway: RunningGateway;
  let admin: Redis;
  const decisions: (ChatDecisionRecord & { platform: string })[] = [];

  beforeAll(async () => {
    setMetricHooks({ chatDecision: (platform, decision) => decisions.push({ platform, ...decision }) });
    redis = await startRedis();
    slack = await startFakeSlackApi();
    connector = await startFakeBotConnector();
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
      queuePrefix: PREFIX,
    });
    admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    setMetricHooks(undefined);
    admin?.disconnect();
    await gateway?.close();
    await slack?.close();
    await connector?.close();
    await redis?.stop();
  });

  /** The queued job of a request, once it is there (Slack enqueues after its ack). */
  async function queuedJob(requestId: string, cluster: string): Promise<AnswerJob> {
    const queue = new Queue(queueNameFor(cluster), { connection: admin, prefix: PREFIX });
    try {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const job = await queue.getJob(jobIdFor(requestId));
        if (job) return parseAnswerJob(job.data);
        if (Date.now() > deadline) throw new Error(`no job for ${requestId} on ${cluster}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await queue.close();
    }
  }

  /**
   * Send `text` as a Slack slash command, a Teams message and a console request; each surface's
   * decision is recorded before its answer returns (the Slack ack is built from it, Teams answers
   * the HTTP request after it, the console awaits it).
   */
  async function sendEverywhere(
    text: string,
    i: number,
  ): Promise<{
    made: (ChatDecisionRecord & { platform: string })[];
    ack: { status: number; text: string };
    ran: AnswerJob[];
    outcome: Awaited<ReturnType<typeof handleConsoleRequest>>;
  }> {
    const before = decisions.length;
    const slackUrl = `http://127.0.0.1:${gateway.port ?? 0}/slack/events`;
    const teamsUrl = `http://127.0.0.1:${gateway.teams?.port ?? 0}/api/messages`;
    const ack = await sendSigned(
      slackUrl,
      slashCommandBody({ text, user_id: 'U0INTAKE', channel_id: `C0IN${i}` }),
      { contentType: 'application/x-www-form-urlencoded' },
    );
    expect(ack.status).toBe(200);
    const res = await fetch(teamsUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'message',
        id: `intake-${i}`,
        timestamp: new Date().toISOString(),
        serviceUrl: connector.serviceUrl,
        channelId: 'msteams',
        from: { id: '29:user-intake', name: 'Intake', aadObjectId: '00000000-0000-0000-0000-0000000000c3' },
        conversation: { id: `a:intake-${i}`, conversationType: 'personal', tenantId: 'tenant-1' },
        recipient: { id: '28:k8s-ha-bot', name: 'k8s-ha-bot' },
        text,
        locale: 'en-US',
        channelData: { tenant: { id: 'tenant-1' } },
      }),
    });
    expect(res.status).toBe(200);
    // The console: `k8s-ha-bot ask`, with a runner that records the job it is handed.
    const ran: AnswerJob[] = [];
    const outcome = await handleConsoleRequest({ text }, config(), async (job) => {
      ran.push(job);
      return plainReply(
        { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
        'help',
        'ok',
        'ok',
      );
    });
    return { made: decisions.slice(before), ack, ran, outcome };
  }

  it('decides each text alike on all three surfaces, and each surface acts on that decision', async () => {
    for (const [i, c] of CASES.entries()) {
      const { made, ack, ran, outcome } = await sendEverywhere(c.text, i);
      expect(made.map((d) => d.platform).sort()).toEqual(['console', 'slack', 'teams']);
      for (const d of made) {
        const { platform: _p, requestId: _r, ...decision } = d;
        expect({ platform: d.platform, ...decision }).toEqual({ platform: d.platform, ...c.expected });
      }

      const byPlatform = new Map(made.map((d) => [d.platform, d]));
      if (c.expected.kind === 'enqueue') {
        const cluster = c.expected.cluster ?? '';
        const jobs = [
          await queuedJob(byPlatform.get('slack')?.requestId ?? '', cluster),
          await queuedJob(byPlatform.get('teams')?.requestId ?? '', cluster),
          ...ran,
        ];
        expect(jobs.map((j) => [j.user.platform, j.cluster, j.locale, j.command?.kind, j.text])).toEqual(
          ['slack', 'teams', 'console'].map((p) => [
            p,
            cluster,
            c.expected.locale,
            c.expected.command,
            c.text,
          ]),
        );
        expect(jobs[0]?.command).toEqual(jobs[1]?.command);
        expect(jobs[1]?.command).toEqual(jobs[2]?.command);
        // The ack says what is being checked ("Checking atlas-cp-2 in demo…"), in the decided language.
        const acked = JSON.parse(ack.text) as { text: string; blocks?: unknown };
        expect(acked.blocks).toBeUndefined();
        expect(acked.text).toContain(cluster);
        expect(outcome.ran).toBe(true);
      } else {
        expect(ran).toEqual([]);
        expect(outcome).toMatchObject({ ran: false, exitCode: 2 });
        // The ack is the answer itself (Block Kit), not "Checking …".
        expect(JSON.parse(ack.text)).toMatchObject({ blocks: expect.any(Array) });
      }
    }
  });

  it('differs between surfaces only where their intake rules say so: help for an unknown cluster', async () => {
    const { made, outcome } = await sendEverywhere('help in prdo', CASES.length);
    expect(made.map((d) => d.platform).sort()).toEqual(['console', 'slack', 'teams']);
    for (const d of made) {
      const rules = INTAKE_RULES[d.platform as keyof typeof INTAKE_RULES];
      // Chat surfaces answer with the request forms; the console says the cluster is unknown (exit 2).
      expect(d).toMatchObject({ kind: 'answer', why: rules.helpWithoutCluster ? 'help' : 'cluster-unknown' });
    }
    expect(made.find((d) => d.platform === 'slack')?.why).toBe('help');
    expect(made.find((d) => d.platform === 'console')?.why).toBe('cluster-unknown');
    expect(outcome).toMatchObject({ ran: false, exitCode: 2 });
  });
});
