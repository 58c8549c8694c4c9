/**
 * The bot's own HA: two gateways and two workers at once give no duplicate replies, no
 * duplicate scheduled posts and no double maintenance.
 *
 * The rig: one real redis-server; two gateways started in this process with `startGateway` (each
 * its own Bolt HTTP app on its own free port, its own Redis connections, replies consumer,
 * schedule runner and maintenance sweeper; same Redis, same queue prefix, same fake Slack Web API);
 * two `k8s-ha-bot worker` processes from source (the real CLI through the SWC loader: answer worker
 * plus maintenance worker, so each has its own pid and lock holder identity); the simulator in this
 * process as the cluster (so its eviction counters and the lock Lease can be read).
 *
 * 1. Every slash command, mention and DM is delivered to BOTH gateways at once (as a load balancer
 *    retrying on the other replica would), and the mentions' Events API retries to both again:
 *    each request gets exactly one answer in Slack and one job, none is lost.
 * 2. A scheduled HA post every 2 s (test-only cron with seconds), both gateways running the schedule
 *    runner: one post per occurrence, none skipped.
 * 3. A maintenance request for a worker node (delivered to both gateways) needing two approvals;
 *    both approvers click Approve on both gateways at the same moment, and one of them clicks twice:
 *    one card, two approvals, one execution job, one lock holder, every pod evicted exactly once,
 *    one "completed" summary, audit entries without duplicates, and the executor's thread posts in
 *    step order although two gateways post them.
 *
 * A click redelivered to the other gateway is not de-duplicated by its trigger_id: it is decided
 * again and refused (`already counted` / `not pending`), privately to the clicker. Nothing public is
 * repeated and nothing runs twice; the test bounds those private notices (at most one per
 * uncounted click).
 *
 * BOT_HA_VERBOSE=1 prints the rig's timings and who did what (answers per worker, replies and
 * scheduled posts per gateway, the maintenance decisions and thread).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import type { WriteStream } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { loadConfig } from '../../src/config/load-config.js';
import { LOCK_WORKER_ANNOTATION } from '../../src/maintenance/execute/maintenance-lock.js';
import { maintenanceQueueNameFor, REQUEST_ID_PATTERN } from '../../src/maintenance/types.js';
import type { AuditEntry } from '../../src/maintenance/types.js';
import { SCHEDULE_QUEUE, ScheduleService } from '../../src/schedule/schedule-service.js';
import { queueNameFor, repliesQueueNameFor } from '../../src/queue/job.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { createLogger } from '../../src/util/logger.js';
import { openLog, startCli } from '../faults/fault-processes.js';
import type { FaultProcess } from '../faults/fault-processes.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import {
  eventBody,
  sendSigned,
  slashCommandBody,
  TEST_SIGNING_SECRET,
  triggerId,
} from '../helpers/fake-slack-requests.js';
import { PAYMENTS_1, workerScenario } from '../helpers/maintenance-fixtures.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { noJobSchedulers, queuesIdle } from '../helpers/queue-idle.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startScenarioSimulator } from '../helpers/simulator.js';

const FORM = 'application/x-www-form-urlencoded' as const;
const JSON_TYPE = 'application/json' as const;
const PREFIX = 'botha';
const CLUSTER = 'indus';
const NODE = 'indus-wk-1';
/** ReplicaSet pods added to scenario 09's indus-wk-1 (besides payments and two DaemonSet pods). */
const EXTRA_PODS = 5;
const TEAM = 'T0TEST';
const REQUESTER = 'U0HAREQ';
const APPROVER_1 = 'U0HAAPP1';
const APPROVER_2 = 'U0HAAPP2';
const ADMIN = 'U0HAADMIN';
const VERBOSE = process.env.BOT_HA_VERBOSE === '1';

const POLICY = `
defaults:
  requesters: ["*"]
  approvers: [slack:${TEAM}:${APPROVER_1}, slack:${TEAM}:${APPROVER_2}]
  admins: [slack:${TEAM}:${ADMIN}]
  approvals: { worker: 2, controlPlane: 2 }
  drain: { timeoutMs: 60000, parallelism: 3 }
  reboot: { timeoutMs: 60000 }
  lock: { leaseDurationSeconds: 15 }
`;

const blocksText = (call: FakeSlackCall | undefined): string => JSON.stringify(call?.params.blocks ?? []);

/** A gateway with its JSON log lines kept in memory (level info). */
interface TestGateway {
  name: string;
  gateway: RunningGateway;
  url: string;
  logs: Array<Record<string, unknown>>;
}

async function startTestGateway(
  name: string,
  config: Awaited<ReturnType<typeof loadConfig>>,
  fake: FakeSlackApi,
): Promise<TestGateway> {
  const logs: Array<Record<string, unknown>> = [];
  const logger = createLogger({
    name,
    level: 'info',
    stream: {
      write(line: string) {
        logs.push(JSON.parse(line) as Record<string, unknown>);
        if (VERBOSE && /"level":(40|50|60)/.test(line)) process.stderr.write(line);
      },
    },
  });
  const gateway = await startGateway({
    env: {
      SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
      SLACK_BOT_TOKEN: 'xoxb-bot-ha',
      SLACK_API_URL: fake.apiUrl,
    },
    config,
    logger,
    port: 0,
    queuePrefix: PREFIX,
    maintenanceSweepMs: 250,
    // Nothing here times Slack's 3 s ack: on a busy machine Redis may take longer than the 2 s
    // budget to answer a start-up or a request's dedup, which is not what this test is about.
    redisWaitMs: 30_000,
  });
  return { name, gateway, url: `http://127.0.0.1:${gateway.port}/slack/events`, logs };
}

const countMsg = (logs: Array<Record<string, unknown>>, msg: string): number =>
  logs.filter((l) => l.msg === msg).length;
/** JSON log lines of a child process's output with this `msg`. */
const childLines = (p: FaultProcess, msg: string): number =>
  p
    .output()
    .split('\n')
    .filter((l) => l.includes(`"msg":"${msg}"`)).length;

describe("two gateways and two workers at once (the bot's own HA)", () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let fake: FakeSlackApi;
  let sim: RunningSimulator;
  let dir: string;
  let log: WriteStream;
  const gateways: TestGateway[] = [];
  const workers: FaultProcess[] = [];
  let answerJobs: Queue;
  let executions: Queue;

  beforeAll(async () => {
    const started = Date.now();
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    fake = await startFakeSlackApi();
    fake.override('chat.update', (call) => ({
      body: { ok: true, channel: call.params.channel, ts: call.params.ts },
    }));
    // Heartbeats: leader Leases (15 s), node Leases and node heartbeats renewed as a live control
    // plane and kubelets do (before every request too, however starved the process is).
    sim = await startScenarioSimulator(await workerScenario({ extra: EXTRA_PODS }), { heartbeats: true });
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-bot-ha-'));
    log = openLog(join(dir, 'processes.log'));
    await writeFile(join(dir, 'kubeconfig.yaml'), sim.kubeconfig);
    await writeFile(join(dir, 'policy.yaml'), POLICY);
    const configPath = join(dir, 'config.yaml');
    await writeFile(
      configPath,
      `clusters:\n  ${CLUSTER}: { kubeconfig: kubeconfig.yaml, context: simulator }\ndefaultCluster: ${CLUSTER}\nlocale: en\nmaintenancePolicy: policy.yaml\nredis: { url: ${redisServer.url} }\n` +
        // A ceiling, not an expectation: a scheduled post waits jobTimeoutMs + 30 s for the worker's
        // answer, then posts the "no worker answered" fallback; under a load average of 20 on 2
        // cores an occurrence was posted as that fallback (issue 31 item 1).
        `jobTimeoutMs: ${5 * WAIT_CEILING_MS}\n`,
    );
    const config = await loadConfig({ path: configPath, env: {} });
    const env = {
      K8S_HA_BOT_CONFIG: configPath,
      REDIS_URL: redisServer.url,
      K8S_HA_BOT_QUEUE_PREFIX: PREFIX,
      K8S_HA_BOT_OPS_PORT: '0',
      LOG_LEVEL: 'info',
    };
    const ready = (out: string): boolean =>
      out.includes('"worker ready"') && out.includes('"maintenance worker ready"');
    const [a, b, gwA, gwB] = await Promise.all([
      startCli('worker-a', ['worker'], { env, log, ready, readyTimeoutMs: 60_000 }),
      startCli('worker-b', ['worker'], { env, log, ready, readyTimeoutMs: 60_000 }),
      startTestGateway('gateway-a', config, fake),
      startTestGateway('gateway-b', config, fake),
    ]);
    workers.push(a, b);
    gateways.push(gwA, gwB);
    answerJobs = new Queue(`k8s-ha-bot-cluster-${CLUSTER}`, { connection: redis, prefix: PREFIX });
    executions = new Queue(maintenanceQueueNameFor(CLUSTER), { connection: redis, prefix: PREFIX });
    if (VERBOSE) process.stderr.write(`rig started in ${Date.now() - started} ms\n`);
  });

  afterAll(async () => {
    const stopping = Date.now();
    await Promise.all(gateways.map((g) => g.gateway.close()));
    await Promise.all(workers.map((w) => w.stop()));
    if (VERBOSE) process.stderr.write(`gateways and workers stopped in ${Date.now() - stopping} ms\n`);
    await answerJobs?.close();
    await executions?.close();
    redis?.disconnect();
    await sim?.close();
    await fake?.close();
    await redisServer?.stop();
    log?.end();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const posts = (channel: string): FakeSlackCall[] =>
    fake.callsOf('chat.postMessage').filter((c) => c.params.channel === channel);
  const ephemeralsIn = (channel: string): FakeSlackCall[] =>
    fake.callsOf('chat.postEphemeral').filter((c) => c.params.channel === channel);
  /** Deliveries the gateways ignored as duplicates (their 'duplicate Slack delivery ignored' lines). */
  const duplicatesIgnored = (): number =>
    gateways.reduce((n, g) => n + countMsg(g.logs, 'duplicate Slack delivery ignored'), 0);
  /** No answer, reply or maintenance job left to run: a second job or post would be one. */
  const queuesSettled = (): Promise<boolean> =>
    queuesIdle(redisServer.url, PREFIX, [
      queueNameFor(CLUSTER),
      repliesQueueNameFor('slack'),
      maintenanceQueueNameFor(CLUSTER),
    ]);
  /** No schedule left and no occurrence waiting or being posted. */
  const schedulesSettled = async (): Promise<boolean> =>
    (await noJobSchedulers(redisServer.url, PREFIX, SCHEDULE_QUEUE)) &&
    queuesIdle(redisServer.url, PREFIX, [SCHEDULE_QUEUE]);
  const jobTotal = async (queue: Queue): Promise<number> => {
    const counts = await queue.getJobCounts(
      'waiting',
      'active',
      'completed',
      'failed',
      'delayed',
      'prioritized',
    );
    return Object.values(counts).reduce((x, y) => x + y, 0);
  };
  /** Send one signed body to both gateways at the same moment (same bytes, same signature). */
  const toBoth = async (
    body: string,
    contentType: typeof FORM | typeof JSON_TYPE,
    headers?: Record<string, string>,
  ): Promise<Array<{ status: number; text: string }>> => {
    const timestamp = Math.floor(Date.now() / 1000);
    return Promise.all(
      gateways.map((g) =>
        sendSigned(g.url, body, { contentType, timestamp, ...(headers ? { headers } : {}) }),
      ),
    );
  };
  /** Posts in a channel that are exact repeats (same thread, text and blocks) of an earlier one. */
  const repeats = (channel: string): string[] => {
    const seen = new Set<string>();
    const dups: string[] = [];
    for (const c of posts(channel)) {
      const key = JSON.stringify([c.params.thread_ts ?? null, c.params.text, c.params.blocks ?? null]);
      if (seen.has(key)) dups.push(String(c.params.text).slice(0, 80));
      seen.add(key);
    }
    return dups;
  };

  it('every slash command, mention, DM and Events API retry delivered to both gateways: one answer each, none lost', async () => {
    const before = await jobTotal(answerJobs);
    const duplicatesBefore = duplicatesIgnored();
    const commands = [
      { channel: 'C0HAS1', user: 'U0HAS1', text: 'can I reboot indus-cp-1', expect: /indus-cp-1/ },
      { channel: 'C0HAS2', user: 'U0HAS2', text: 'status', expect: /quorum|etcd/i },
      { channel: 'C0HAS3', user: 'U0HAS3', text: 'can I drain indus-wk-2', expect: /indus-wk-2/ },
      { channel: 'C0HAS4', user: 'U0HAS4', text: 'indus-cp-2 재부팅해도 돼?', expect: /indus-cp-2/ },
    ];
    const mentions = [
      {
        channel: 'C0HAM1',
        user: 'U0HAM1',
        text: '<@UBOT> can I reboot indus-cp-3',
        ts: '1712000100.000100',
        eventId: 'Ev0HAM1',
        expect: /indus-cp-3/,
      },
      {
        channel: 'C0HAM2',
        user: 'U0HAM2',
        text: '<@UBOT> status',
        ts: '1712000100.000200',
        eventId: 'Ev0HAM2',
        expect: /quorum|etcd/i,
      },
      {
        channel: 'C0HAM3',
        user: 'U0HAM3',
        text: '<@UBOT> what if kube-proxy restarts on indus-wk-2',
        ts: '1712000100.000300',
        eventId: 'Ev0HAM3',
        expect: /kube-proxy/,
      },
    ];
    const dm = {
      channel: 'D0HADM1',
      user: 'U0HADM1',
      text: 'can I reboot indus-wk-2',
      ts: '1712000100.000400',
      eventId: 'Ev0HADM1',
      expect: /indus-wk-2/,
    };
    const mentionBody = (m: (typeof mentions)[number]): string =>
      eventBody(
        { type: 'app_mention', user: m.user, text: m.text, ts: m.ts, channel: m.channel, event_ts: m.ts },
        m.eventId,
      );
    const dmBody = eventBody(
      {
        type: 'message',
        channel_type: 'im',
        user: dm.user,
        text: dm.text,
        ts: dm.ts,
        channel: dm.channel,
        event_ts: dm.ts,
      },
      dm.eventId,
    );

    // Everything at once, each request to both gateways.
    const sent = await Promise.all([
      ...commands.map((c) =>
        toBoth(slashCommandBody({ text: c.text, user_id: c.user, channel_id: c.channel }), FORM),
      ),
      ...mentions.map((m) => toBoth(mentionBody(m), JSON_TYPE)),
      toBoth(dmBody, JSON_TYPE),
    ]);
    for (const pair of sent) expect(pair.map((r) => r.status)).toEqual([200, 200]);
    // Each gateway acks a slash command itself (only the delivery Slack kept shows the ack).
    for (const pair of sent.slice(0, commands.length)) {
      for (const r of pair) expect((JSON.parse(r.text) as { text: string }).text).toMatch(/Checking|확인 중/);
    }
    // Events API retries (Slack's own, on a timeout), again to both gateways, while jobs run.
    await delay(300);
    const retried = await Promise.all([
      ...mentions.map((m) =>
        toBoth(mentionBody(m), JSON_TYPE, {
          'x-slack-retry-num': '1',
          'x-slack-retry-reason': 'http_timeout',
        }),
      ),
      toBoth(dmBody, JSON_TYPE, { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' }),
    ]);
    for (const pair of retried) expect(pair.map((r) => r.status)).toEqual([200, 200]);

    const channels = [...commands, ...mentions, dm].map((r) => r.channel);
    await fake.waitFor(() => channels.every((c) => posts(c).length >= 1), WAIT_CEILING_MS);
    // A late retry after the answer, to both gateways.
    await Promise.all(
      mentions.map((m) =>
        toBoth(mentionBody(m), JSON_TYPE, { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_error' }),
      ),
    );
    // Every delivery but the first of each request was seen and ignored as a duplicate (commands: 2
    // deliveries; mentions: 2 + 2 retries + 2 late retries; the DM: 2 + 2 retries), and nothing is
    // left to answer or post: a duplicate would be a job or a reply in one of those queues.
    const deliveries = commands.length * 2 + mentions.length * 6 + 4;
    await eventually(
      () => `every duplicate delivery ignored (${duplicatesIgnored() - duplicatesBefore} so far)`,
      () => duplicatesIgnored() - duplicatesBefore === deliveries - channels.length,
    );
    await eventually('the answer and reply queues idle', queuesSettled);

    for (const c of commands) {
      const top = posts(c.channel).filter((p) => p.params.thread_ts === undefined);
      expect({ channel: c.channel, top: top.length }).toEqual({ channel: c.channel, top: 1 });
      // Continuations of a long answer go in the answer's thread, nowhere else.
      expect(
        posts(c.channel).every(
          (p) => p.params.thread_ts === undefined || p.params.thread_ts === top[0]?.params.ts,
        ),
      ).toBe(true);
      expect(`${String(top[0]?.params.text)} ${blocksText(top[0])}`).toMatch(c.expect);
    }
    for (const m of [...mentions, dm]) {
      const answer = posts(m.channel);
      expect(answer.every((p) => p.params.thread_ts === m.ts)).toBe(true);
      expect(`${String(answer[0]?.params.text)} ${blocksText(answer[0])}`).toMatch(m.expect);
    }
    // Exactly one answer message per request (these answers fit in one message each).
    expect(Object.fromEntries(channels.map((c) => [c, posts(c).length]))).toEqual(
      Object.fromEntries(channels.map((c) => [c, 1])),
    );
    // Nothing told privately either ("the queue is unavailable", "did not finish").
    expect(channels.flatMap((c) => ephemeralsIn(c))).toHaveLength(0);
    // One job per request, although each was delivered 2 to 6 times.
    expect((await jobTotal(answerJobs)) - before).toBe(channels.length);
    if (VERBOSE) {
      process.stderr.write(
        `answered by worker-a: ${childLines(workers[0] as FaultProcess, 'answered')}, worker-b: ${childLines(workers[1] as FaultProcess, 'answered')}\n`,
      );
      process.stderr.write(
        `replies delivered by gateway-a: ${countMsg(gateways[0]?.logs ?? [], 'reply delivered')}, gateway-b: ${countMsg(gateways[1]?.logs ?? [], 'reply delivered')}\n`,
      );
    }
  });

  it('a scheduled HA post every 2 s with both gateways running the schedule runner: exactly one post per occurrence', async () => {
    const channel = 'C0HASCHED';
    const schedules = new ScheduleService({
      redisUrl: redisServer.url,
      prefix: PREFIX,
      defaultTimeZone: 'UTC',
    });
    const topPosts = (): FakeSlackCall[] => posts(channel).filter((p) => p.params.thread_ts === undefined);
    try {
      const { spec } = await schedules.create({
        platform: 'slack',
        conversation: channel,
        cluster: CLUSTER,
        time: '09:00',
        locale: 'en',
        cronOverride: '*/2 * * * * *',
      });
      await fake.waitFor(() => topPosts().length >= 3, WAIT_CEILING_MS);
      await schedules.remove('slack', channel, spec.id);
      // An occurrence taken just before the removal finishes its post.
      await eventually('no schedule and no occurrence left', schedulesSettled, WAIT_CEILING_MS);
      const markers = await redis.keys(`k8s-ha-bot:schedule:${PREFIX}:posted:${spec.id}:*`);
      const occurrences = markers.map((k) => Number(k.split(':').pop())).sort((x, y) => x - y);
      const all = topPosts();
      // One post per occurrence (each occurrence's posted marker is set once it is posted).
      expect(all).toHaveLength(occurrences.length);
      expect(occurrences.length).toBeGreaterThanOrEqual(3);
      // None skipped: consecutive occurrences 2 s apart.
      const gaps = occurrences.slice(1).map((o, i) => o - (occurrences[i] ?? 0));
      expect(gaps.every((g) => g === 2000)).toBe(true);
      // No two posts of the schedule at (nearly) the same moment.
      const at = all.map((p) => p.at).sort((x, y) => x - y);
      expect(Math.min(...at.slice(1).map((t, i) => t - (at[i] ?? 0)))).toBeGreaterThan(1000);
      expect(all.every((p) => /HA|quorum|etcd/i.test(`${String(p.params.text)} ${blocksText(p)}`))).toBe(
        true,
      );
      const postedBy = gateways.map((g) => countMsg(g.logs, 'scheduled HA status posted'));
      // Both runners consumed this schedule's jobs; together they posted each occurrence once.
      expect(postedBy.reduce((x, y) => x + y, 0)).toBe(occurrences.length);
      // The workers read the cluster for each occurrence, through its queue: the gateway reads none
      // (issue 32, item 4). Each occurrence's request id `<schedule id>.<occurrence>` was answered.
      const answered = workers.flatMap((w) =>
        w
          .output()
          .split('\n')
          .filter((l) => l.includes('"msg":"answered"') && l.includes(`"requestId":"${spec.id}.`)),
      );
      for (const o of occurrences)
        expect(answered.some((l) => l.includes(`"requestId":"${spec.id}.${o}"`))).toBe(true);
      if (VERBOSE)
        process.stderr.write(
          `scheduled posts by gateway-a/b: ${postedBy.join('/')}, occurrences ${occurrences.length}\n`,
        );
    } finally {
      await schedules.close();
    }
  });

  it('the daily HA report every 2 s with both gateways running the schedule runner: exactly one report per occurrence', async () => {
    const channel = 'C0HAREPORT';
    const schedules = new ScheduleService({
      redisUrl: redisServer.url,
      prefix: PREFIX,
      defaultTimeZone: 'UTC',
    });
    const topPosts = (): FakeSlackCall[] => posts(channel).filter((p) => p.params.thread_ts === undefined);
    const before = gateways.map((g) => countMsg(g.logs, 'scheduled HA report done'));
    try {
      const { spec } = await schedules.create({
        platform: 'slack',
        conversation: channel,
        cluster: CLUSTER,
        time: '09:00',
        locale: 'en',
        cronOverride: '*/2 * * * * *',
        report: {},
      });
      await fake.waitFor(() => topPosts().length >= 3, WAIT_CEILING_MS);
      await schedules.remove('slack', channel, spec.id);
      // An occurrence taken just before the removal finishes its post.
      await eventually('no schedule and no occurrence left', schedulesSettled, WAIT_CEILING_MS);
      const markers = await redis.keys(`k8s-ha-bot:schedule:${PREFIX}:posted:${spec.id}:*`);
      const all = topPosts();
      expect(all).toHaveLength(markers.length);
      expect(markers.length).toBeGreaterThanOrEqual(3);
      expect(all.every((p) => /Daily HA report of/.test(`${String(p.params.text)} ${blocksText(p)}`))).toBe(
        true,
      );
      const done = gateways.map((g, i) => countMsg(g.logs, 'scheduled HA report done') - (before[i] ?? 0));
      expect(done.reduce((x, y) => x + y, 0)).toBe(markers.length);
      if (VERBOSE)
        process.stderr.write(
          `scheduled reports by gateway-a/b: ${done.join('/')}, occurrences ${markers.length}\n`,
        );
    } finally {
      await schedules.close();
    }
  });

  it('a maintenance approved on both gateways at once (and a double click) runs exactly once', async () => {
    const channel = 'C0HAMAINT';
    const service = (): RunningGateway['maintenance']['service'] =>
      (gateways[0] as TestGateway).gateway.maintenance.service;
    const cardPosts = (): FakeSlackCall[] =>
      posts(channel).filter((c) => blocksText(c).includes('maintenance-approve'));

    // The request, delivered to both gateways: one card.
    const acks = await toBoth(
      slashCommandBody({ text: `maintain ${NODE} firmware update`, user_id: REQUESTER, channel_id: channel }),
      FORM,
    );
    for (const r of acks) expect(r.status).toBe(200);
    await fake.waitFor(() => cardPosts().length >= 1, WAIT_CEILING_MS);
    const id = /"value":"(mr-[a-z2-7]{10})"/.exec(blocksText(cardPosts()[0]))?.[1] ?? '';
    expect(id).toMatch(REQUEST_ID_PATTERN);
    const stored = await eventually('the card attached to the request', async () => {
      const r = await service().get(id);
      return r?.card?.ts ? r : undefined;
    });
    const ts = stored?.card?.ts ?? '';
    expect(ts).not.toBe('');
    expect(stored?.state).toBe('pending-approval');
    expect(stored?.approvalsRequired).toBe(2);

    // Watch the maintenance lock Lease: every holder (the request id) it ever has, and every worker
    // process that wrote it (its annotation).
    const holders = new Set<string>();
    const lockWriters = new Set<string>();
    const watch = setInterval(() => {
      const lease = sim.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as
        | { metadata?: { annotations?: Record<string, string> }; spec?: { holderIdentity?: string } }
        | undefined;
      if (lease?.spec?.holderIdentity) holders.add(lease.spec.holderIdentity);
      const writer = lease?.metadata?.annotations?.[LOCK_WORKER_ANNOTATION];
      if (writer) lockWriters.add(writer);
    });

    const clickBody = (user: string): string =>
      `payload=${encodeURIComponent(
        JSON.stringify({
          type: 'block_actions',
          trigger_id: triggerId(),
          user: { id: user, team_id: TEAM, name: user.toLowerCase() },
          team: { id: TEAM },
          channel: { id: channel },
          container: { type: 'message', message_ts: ts, channel_id: channel },
          message: { ts, text: 'card' },
          actions: [
            {
              type: 'button',
              action_id: 'k8s-ha-bot:maintenance-approve',
              block_id: 'b',
              value: id,
              action_ts: '1712000001.0',
            },
          ],
        }),
      )}`;
    try {
      // Both approvers at the same moment, each click on both gateways, and approver 1's double click.
      const clicks = await Promise.all([
        toBoth(clickBody(APPROVER_1), FORM),
        toBoth(clickBody(APPROVER_2), FORM),
        toBoth(clickBody(APPROVER_1), FORM),
      ]);
      for (const pair of clicks) expect(pair.map((r) => r.status)).toEqual([200, 200]);

      const state = await eventually(
        'the maintenance waiting for the reboot (or ended)',
        async () => {
          const now = (await service().get(id))?.state;
          return now === 'awaiting-reboot' || now === 'failed' || now === 'completed' ? now : undefined;
        },
        WAIT_CEILING_MS,
      );
      expect(state).toBe('awaiting-reboot');
      await sim.rebootNode(NODE, { downMs: 800 });
      const final = await eventually(
        'the maintenance ended',
        async () => {
          const r = await service().get(id);
          return r?.state === 'completed' || r?.state === 'failed' ? r : undefined;
        },
        WAIT_CEILING_MS,
      );
      expect({ state: final?.state, reason: final?.stateReason }).toEqual({
        state: 'completed',
        reason: undefined,
      });
      // Two distinct approvals, however many clicks.
      expect(final?.approvals.map((a) => a.actor.id).sort()).toEqual([APPROVER_1, APPROVER_2].sort());

      const threadOf = (): string[] =>
        posts(channel)
          .filter((c) => c.params.thread_ts === ts)
          .map((c) => String(c.params.text));
      // Thread messages go out in order across both gateways, each waiting up to 15 s for the one
      // before it (src/maintenance/thread-order.ts): a busy machine needs more than that bound here.
      await fake.waitFor(() => threadOf().some((t) => /completed/.test(t)), WAIT_CEILING_MS);
      // A second execution would be a job, its posts replies: nothing left in those queues.
      await eventually('the maintenance and reply queues idle', queuesSettled);
    } finally {
      clearInterval(watch);
    }

    // One card, one execution job; the card, updated in place by both gateways, ends as done.
    expect(cardPosts()).toHaveLength(1);
    await fake.waitFor(
      () =>
        /Done:/.test(
          String(
            fake
              .callsOf('chat.update')
              .filter((c) => c.params.ts === ts)
              .at(-1)?.params.text,
          ),
        ),
      60_000,
    );
    expect(await jobTotal(executions)).toBe(1);
    // One lock holder (the request), written by one of the two worker processes only.
    const workerIds = workers.map((w) => `${hostname()}/${w.child.pid ?? ''}`);
    expect([...holders]).toEqual([id]);
    expect([...lockWriters]).toHaveLength(1);
    expect(workerIds).toContain([...lockWriters][0]);
    // Exactly one worker ran the execution job.
    expect(workers.map((w) => childLines(w, 'maintenance job started')).reduce((x, y) => x + y, 0)).toBe(1);

    // Every evictable pod of the node (not the DaemonSet pods) evicted exactly once.
    const evictable = [
      `payments/${PAYMENTS_1}`,
      ...Array.from({ length: EXTRA_PODS }, (_, i) => `shop/web-6d4cf56db6-p${i}`),
    ];
    expect(Object.fromEntries(sim.evictions)).toEqual(Object.fromEntries(evictable.map((p) => [p, 1])));

    // Thread posts: each step once, one summary.
    const thread = posts(channel)
      .filter((c) => c.params.thread_ts === ts)
      .map((c) => String(c.params.text));
    const once = [
      /approved \(1 of 2\)/,
      /approved \(2 of 2\)/,
      /Execution started/,
      /Took the maintenance lock/,
      /Cordoned/,
      /is drained/,
      /rebooted/,
      /is back/,
      /Uncordoned/,
      /Released the maintenance lock/,
      /completed/,
    ];
    expect(once.map((re) => [re.source, thread.filter((t) => re.test(t)).length])).toEqual(
      once.map((re) => [re.source, 1]),
    );
    expect(repeats(channel)).toEqual([]);
    // Step order across the two gateways: thread messages are numbered when published and each
    // delivery waits for the earlier ones (src/maintenance/thread-order.ts). The two approvals are
    // emitted by two gateways within milliseconds of each other and numbered in emit order, so only
    // the executor's steps (one emitter) are asserted in order.
    const positions = once.map((re) => thread.findIndex((t) => re.test(t)));
    const steps = positions.slice(2);
    expect(steps).toEqual([...steps].sort((x, y) => x - y));
    expect(Math.max(positions[0] ?? -1, positions[1] ?? -1)).toBeLessThan(steps[0] ?? -1);
    if (VERBOSE)
      process.stderr.write(
        `thread order ${JSON.stringify(positions) === JSON.stringify([...positions].sort((x, y) => x - y)) ? 'kept' : 'NOT KEPT'}: ${JSON.stringify(positions)}\n`,
      );
    // The clicks that did not count (the redelivered ones, the double click) were answered to the
    // clicker only, privately; nothing else in the channel besides the card and its thread.
    expect(
      ephemeralsIn(channel).every((e) => e.params.user === APPROVER_1 || e.params.user === APPROVER_2),
    ).toBe(true);
    expect(ephemeralsIn(channel).length).toBeLessThanOrEqual(4);
    expect(posts(channel).filter((c) => c.params.thread_ts !== ts)).toHaveLength(1);

    // Audit entries: no duplicates.
    const audit = await service().recentAudit({ platform: 'slack', tenant: TEAM, id: ADMIN }, 1000);
    expect(audit.ok).toBe(true);
    const entries: AuditEntry[] = (audit.ok ? audit.entries : []).filter((e) => e.requestId === id).reverse();
    const count = (type: string): number => entries.filter((e) => e.event.type === type).length;
    expect(
      Object.fromEntries(
        [
          'requested',
          'approved',
          'execution-started',
          'locked',
          'cordoned',
          'drained',
          'rebooted',
          'verified',
          'uncordoned',
          'lock-released',
          'completed',
        ].map((t) => [t, count(t)]),
      ),
    ).toEqual({
      requested: 1,
      approved: 2,
      'execution-started': 1,
      locked: 1,
      cordoned: 1,
      drained: 1,
      rebooted: 1,
      verified: 1,
      uncordoned: 1,
      'lock-released': 1,
      completed: 1,
    });
    expect(
      entries
        .filter((e) => e.event.type === 'approved')
        .map((e) => e.actor)
        .sort(),
    ).toEqual([`slack:${TEAM}:${APPROVER_1}`, `slack:${TEAM}:${APPROVER_2}`].sort());
    const evictionEntries = entries.flatMap((e) => (e.event.type === 'eviction' ? [e.event.pod] : []));
    expect(new Set(evictionEntries).size).toBe(evictionEntries.length);
    expect(count('failed')).toBe(0);
    if (VERBOSE) {
      const decisions = gateways.map((g) =>
        g.logs
          .filter((l) => String(l.msg).startsWith('maintenance decision'))
          .map((l) => `${String(l.msg)}:${String(l.outcome ?? l.refusal)}`),
      );
      process.stderr.write(`decisions: ${JSON.stringify(decisions)}\n`);
      for (const g of gateways) {
        const mine = g.logs
          .filter((l) => JSON.stringify(l).includes(id))
          .map((l) => `${String(l.time)} ${String(l.msg)} ${String(l.title ?? l.summary ?? l.mode ?? '')}`);
        process.stderr.write(`${g.name} logs about ${id}:\n  ${mine.join('\n  ')}\n`);
      }
      const updates = fake
        .callsOf('chat.update')
        .filter((c) => c.params.ts === ts)
        .map((c) => `${c.at} ${String(c.params.text).slice(0, 120)}`);
      process.stderr.write(`card updates:\n  ${updates.join('\n  ')}\n`);
      const threadAt = posts(channel)
        .filter((c) => c.params.thread_ts === ts)
        .map((c) => `${c.at} ${String(c.params.text).slice(60, 140)}`);
      process.stderr.write(`thread with times:\n  ${threadAt.join('\n  ')}\n`);
    }
  });
});
