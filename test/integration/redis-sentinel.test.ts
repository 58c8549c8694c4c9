/**
 * Redis Sentinel: the bot's queue survives the loss of its Redis primary.
 *
 * Real processes on 127.0.0.1: a primary, two replicas and three sentinels (quorum 2,
 * down-after 1 s). Requests go through the queue API as the gateway uses it (enqueue retried while
 * Redis is unavailable, then wait for the reply) to a worker in this process; the primary is
 * SIGKILLed mid-flow, a replica is promoted, and every request must get its answer: 0 lost (no
 * reply), and each request is answered once. Redis replicates asynchronously, so writes a primary
 * acknowledged can be missing on the replica promoted in its place
 * (https://redis.io/docs/latest/operate/oss_and_stack/management/replication/): a job finished there
 * may run again (BullMQ is at least once: https://docs.bullmq.io/bull/important-notes). Sentinel may
 * also fail over again right after a promotion: on a loaded machine a sentinel declared the
 * just-promoted replica down 1 s after switching to it and promoted the other replica, which had
 * stopped replicating when it was selected, so the jobs run on the first new primary in the meantime
 * ran again (7 to 12 jobs, all begun after that first new primary was seen). A job also runs again
 * when its lock lapses (a worker too starved to renew it in time, as at a load average of 20 on 2
 * cores): BullMQ's stalled-job check hands it out again
 * (https://docs.bullmq.io/guide/workers/stalled-jobs), failover or not. What must hold is that only
 * jobs begun before the last promotion the sentinels announced (+switch-master), or reported stalled
 * by BullMQ, run again, at most once per promotion and stall, and every job ends completed. A job run again publishes its Slack or
 * Teams reply again; the gateway process that posted it does not post it twice
 * (src/queue/posted-here.ts, test/unit/teams-poster-markers-lost.test.ts).
 *
 * Settings: the config file and environment forms, with exact-path errors and no echoed password.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue, QueueEvents } from 'bullmq';
import { Redis } from 'ioredis';
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { loadConfig } from '../../src/config/load-config.js';
import {
  describeRedisTarget,
  redisTargetToEnv,
  resolveRedisTarget,
} from '../../src/config/redis-settings.js';
import { loadSettings } from '../../src/config/settings.js';
import { isBotError } from '../../src/errors.js';
import type { Reply } from '../../src/explain/reply.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import { jobIdFor, queueNameFor } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { createWorkerConnection } from '../../src/queue/redis-connection.js';
import { silentLogger } from '../../src/util/logger.js';
import { resolveWorkerSettings } from '../../workers/main.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { createFakeAnswerHandler } from '../helpers/fake-answer-handler.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';
import { startRedisSentinelSet } from '../helpers/redis-sentinel.js';
import { startRedis } from '../helpers/redis-server.js';
import type { SentinelSet } from '../helpers/redis-sentinel.js';

const SECRET = 'S3ntinel-pa55word';

describe('Redis settings: one URL or Redis Sentinel', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'redis-settings-'));
    await writeFile(join(dir, 'snap.json'), '{}');
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  async function load(redisYaml: string, env: Record<string, string> = {}): Promise<BotConfig> {
    const file = join(dir, `c-${randomBytes(4).toString('hex')}.yaml`);
    await writeFile(file, `clusters:\n  demo:\n    snapshot: snap.json\n${redisYaml}`);
    return loadConfig({ path: file, env });
  }

  it('reads sentinels, name and credentials from the config file', async () => {
    const config = await load(
      `redis:\n  sentinels:\n    - { host: s1.redis, port: 26379 }\n    - { host: s2.redis, port: 26380 }\n  name: mymaster\n  password: ${SECRET}\n  db: 2\n`,
    );
    expect(config.redis).toEqual({
      sentinels: [
        { host: 's1.redis', port: 26379 },
        { host: 's2.redis', port: 26380 },
      ],
      name: 'mymaster',
      password: SECRET,
      db: 2,
    });
  });

  it('reads REDIS_SENTINELS and friends from the environment, which replace the file entry', async () => {
    const config = await load('redis: { url: "redis://old:6379" }\n', {
      REDIS_SENTINELS: 's1.redis:26379, [fd00::5]:26380,s3.redis',
      REDIS_SENTINEL_NAME: 'bot',
      REDIS_PASSWORD: SECRET,
      REDIS_SENTINEL_PASSWORD: 'other',
      REDIS_TLS: 'true',
    });
    expect(config.redis).toEqual({
      sentinels: [
        { host: 's1.redis', port: 26379 },
        { host: 'fd00::5', port: 26380 },
        { host: 's3.redis', port: 26379 },
      ],
      name: 'bot',
      password: SECRET,
      sentinelPassword: 'other',
      tls: true,
    });
  });

  it('lets a Secret hold the password while the file holds the sentinels', async () => {
    const config = await load('redis:\n  sentinels: [{ host: s1, port: 26379 }]\n  name: mymaster\n', {
      REDIS_PASSWORD: SECRET,
    });
    expect(config.redis).toMatchObject({ name: 'mymaster', password: SECRET });
  });

  it.each([
    [
      'sentinels without a name',
      'redis:\n  sentinels: [{ host: s1, port: 26379 }]\n',
      {},
      'redis.name: is required with redis.sentinels',
    ],
    [
      'a bad sentinel port',
      'redis:\n  sentinels: [{ host: s1, port: 26379 }, { host: s2, port: 70000 }]\n  name: m\n',
      {},
      'redis.sentinels[1].port: must be at most 65535',
    ],
    [
      'url and sentinels together',
      'redis:\n  url: redis://r:6379\n  sentinels: [{ host: s1, port: 26379 }]\n  name: m\n',
      {},
      'redis.sentinels: set either redis.url (one Redis) or redis.sentinels (Redis Sentinel), not both',
    ],
    [
      'a password beside a URL',
      `redis:\n  url: redis://r:6379\n  password: ${SECRET}\n`,
      {},
      'redis.password: applies only with redis.sentinels',
    ],
    ['an empty redis entry', 'redis: {}\n', {}, 'redis.url: is not set'],
    [
      'a typo',
      'redis:\n  sentinels: [{ host: s1, port: 26379 }]\n  nmae: m\n',
      {},
      'redis.nmae: unknown setting',
    ],
    [
      'REDIS_SENTINELS without a name',
      '',
      { REDIS_SENTINELS: 's1:26379' },
      'REDIS_SENTINEL_NAME: is required with REDIS_SENTINELS',
    ],
    [
      'a bad REDIS_SENTINELS entry',
      '',
      { REDIS_SENTINELS: 's1:26379,s2:port', REDIS_SENTINEL_NAME: 'm' },
      'REDIS_SENTINELS: entry 2 of 2 "s2:port" is not host:port',
    ],
    [
      'REDIS_URL and REDIS_SENTINELS',
      '',
      { REDIS_URL: 'redis://r:6379', REDIS_SENTINELS: 's1', REDIS_SENTINEL_NAME: 'm' },
      'REDIS_SENTINELS: set either REDIS_URL',
    ],
    [
      'REDIS_PASSWORD with nothing to apply to',
      '',
      { REDIS_PASSWORD: SECRET },
      'REDIS_PASSWORD: applies only with REDIS_SENTINELS',
    ],
    [
      'REDIS_PASSWORD beside REDIS_URL',
      '',
      { REDIS_URL: 'redis://r:6379', REDIS_PASSWORD: SECRET },
      'REDIS_PASSWORD: applies only with REDIS_SENTINELS',
    ],
    [
      'a bad REDIS_DB',
      '',
      { REDIS_SENTINELS: 's1', REDIS_SENTINEL_NAME: 'm', REDIS_DB: '-1' },
      'REDIS_DB: "-1" is not a whole number',
    ],
  ])('names the setting to fix: %s', async (_what, yaml, env, message) => {
    const err = await load(yaml, env).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isBotError(err) && err.code).toBe('config-invalid');
    expect((err as Error).message).toContain(message);
    expect((err as Error).message).not.toContain(SECRET);
  });

  it('describes a target without its passwords (logs, config check)', () => {
    const target = resolveRedisTarget(
      undefined,
      loadSettings({
        REDIS_SENTINELS: 's1:26379,s2:26379',
        REDIS_SENTINEL_NAME: 'mymaster',
        REDIS_PASSWORD: SECRET,
        REDIS_SENTINEL_PASSWORD: SECRET,
      }).redis,
    );
    expect(target).toBeDefined();
    const text = describeRedisTarget(target!);
    expect(text).toBe(
      'Sentinel primary "mymaster" via s1:26379,s2:26379 (password set, sentinel password set)',
    );
    expect(describeRedisTarget(`rediss://:${SECRET}@cache.example:6380/0`)).toBe(
      'rediss://:***@cache.example:6380/0',
    );
  });

  it("hands the configuration's Sentinel settings to a worker process through its environment", async () => {
    const config = await load(
      `redis:\n  sentinels: [{ host: s1, port: 26379 }, { host: "::1", port: 26380 }]\n  name: mymaster\n  password: ${SECRET}\n`,
    );
    const target = redisTargetOf(config.redis)!;
    // Inherited REDIS_URL must not survive beside the Sentinel settings.
    const env = {
      REDIS_URL: 'redis://stale:6379',
      K8S_HA_BOT_WORKER_CLUSTERS: 'prod',
      ...redisTargetToEnv(target),
    };
    expect(resolveWorkerSettings(env, ['node', 'worker']).redisUrl).toEqual(target);
  });
});

describe('Redis Sentinel failover under load', () => {
  let set: SentinelSet | undefined;
  let worker: RunningWorker | undefined;
  let queue: JobQueue | undefined;
  let announcements: Redis[] = [];

  afterAll(async () => {
    for (const client of announcements) client.disconnect();
    await queue?.close();
    await worker?.close({ force: true });
    await set?.stop();
  });

  it(
    'answers every request exactly once when the primary is SIGKILLed mid-flow',
    async () => {
      // Servers of its own (not the run's shared one): the primary is killed and a replica promoted.
      set = await startRedisSentinelSet({ replicas: 2, downAfterMs: 1000, failoverTimeoutMs: 3000 });
      const prefix = `sentinel-${randomBytes(4).toString('hex')}`;
      const calls = new Map<string, number>();
      const firstCallAt = new Map<string, number>();
      const handler = createFakeAnswerHandler({
        count: async (requestId) => {
          const n = (calls.get(requestId) ?? 0) + 1;
          calls.set(requestId, n);
          if (n === 1) firstCallAt.set(requestId, Date.now());
          return n;
        },
      });
      worker = await startWorker({
        redisUrl: set.target,
        clusters: ['prod'],
        handler,
        logger: silentLogger,
        prefix,
        concurrency: 4,
      });
      queue = new JobQueue({ redisUrl: set.target, prefix });
      const producer = queue;

      // As the gateway: retry the enqueue (idempotent: the job id is the request's) while Redis is
      // unavailable, then wait for the reply, again across a failover.
      const retrying = async <T>(what: () => Promise<T>, untilMs: number): Promise<T> => {
        for (;;) {
          try {
            return await what();
          } catch (err) {
            if (!isBotError(err) || err.code !== 'queue-unavailable' || Date.now() > untilMs) throw err;
            await new Promise((r) => setTimeout(r, 200));
          }
        }
      };
      const ask = async (i: number): Promise<Reply | Error> => {
        const job: AnswerJob = {
          requestId: `sentinel-${i}`,
          text: 'sleep 400',
          cluster: 'prod',
          locale: 'en',
          user: { platform: 'console', id: `u${i}` },
          replyTo: { platform: 'console', address: {} },
          enqueuedAt: new Date().toISOString(),
        };
        // Ceilings, not expectations: 20 s was missed on a busy machine (issue 31 item 1).
        const until = Date.now() + 2 * WAIT_CEILING_MS;
        try {
          const { jobId } = await retrying(() => producer.enqueue(job), until);
          return await retrying(() => producer.waitForReply(jobId, WAIT_CEILING_MS, 'prod'), until);
        } catch (err) {
          return err as Error;
        }
      };

      const sent = 40;
      const pending: Array<Promise<Reply | Error>> = [];
      let killedAt = 0;
      let jobsActiveAtKill = 0;
      const watchConnection = createWorkerConnection(set.target);
      const watch = new Queue(queueNameFor('prod'), { connection: watchConnection, prefix });
      // Every promotion announced, as `+switch-master <name> <old ip> <old port> <new ip> <new port>`
      // (https://redis.io/docs/latest/operate/oss_and_stack/management/sentinel/#pubsub-messages), with
      // when this test received it.
      const switches: Array<{ at: number; newPort: string }> = [];
      // Every job BullMQ's stalled-job check handed out again (its lock lapsed).
      const stalled: string[] = [];
      const eventsConnection = createWorkerConnection(set.target);
      const events = new QueueEvents(queueNameFor('prod'), { connection: eventsConnection, prefix });
      events.on('stalled', ({ jobId }) => stalled.push(jobId));
      events.on('error', () => undefined);
      await events.waitUntilReady();
      announcements = set.sentinels.map((s) => new Redis({ host: '127.0.0.1', port: s.port }));
      await Promise.all(
        announcements.map(async (client) => {
          client.on('error', () => undefined);
          client.on('message', (_channel: string, message: string) =>
            switches.push({ at: Date.now(), newPort: message.split(' ')[4] ?? '' }),
          );
          await client.subscribe('+switch-master');
        }),
      );
      for (let i = 0; i < sent; i += 1) {
        if (i === 12) {
          jobsActiveAtKill = (await watch.getJobCounts('active')).active ?? 0;
          await set.primary.kill();
          killedAt = Date.now();
        }
        pending.push(ask(i));
        await new Promise((r) => setTimeout(r, 100));
      }
      const newPrimary = await set.waitForNewPrimary(set.primary.port, WAIT_CEILING_MS);
      const promotedSeenAt = Date.now();
      const failoverMs = promotedSeenAt - killedAt;
      const outcomes = await Promise.all(pending);

      // No job can run again: every one is completed, none active, waiting or delayed. A job run
      // again after a later promotion can still be running when every request has its answer: wait
      // for the queue to settle (a generous ceiling).
      const jobCounts = (): Promise<Record<string, number>> =>
        watch.getJobCounts('completed', 'active', 'waiting', 'delayed', 'failed');
      let counts = await jobCounts();
      for (const until = Date.now() + WAIT_CEILING_MS; Date.now() < until; counts = await jobCounts()) {
        if (!counts.active && !counts.waiting && !counts.delayed) break;
        await new Promise((r) => setTimeout(r, 200));
      }
      await watch.close();
      watchConnection.disconnect();
      await events.close();
      eventsConnection.disconnect();
      // Read last, so that a promotion announced while the replies came in counts.
      const lastPromotionAt = Math.max(promotedSeenAt, ...switches.map((s) => s.at));
      const promotions = new Set(switches.map((s) => s.newPort)).size;
      for (const client of announcements) client.disconnect();

      const answered = outcomes.filter((o): o is Reply => !(o instanceof Error));
      const errors = outcomes.filter((o): o is Error => o instanceof Error).map((e) => e.message);
      const lost = sent - answered.length;
      const twice = [...calls].filter(([, n]) => n > 1).map(([id]) => id);
      const duplicated = twice.length;
      process.stderr.write(
        `Sentinel failover: primary SIGKILLed with ${jobsActiveAtKill} jobs active; replica on port ${newPrimary} promoted (seen ${failoverMs} ms after the kill); ` +
          `${promotions} promotion(s) announced; sent ${sent}, answered ${answered.length}, lost ${lost}, duplicated ${duplicated}\n`,
      );
      // The kill came mid-flow: jobs were running on the primary that died.
      expect(jobsActiveAtKill).toBeGreaterThanOrEqual(2);
      expect(errors).toEqual([]);
      expect(answered.map((r) => r.context.requestId).sort()).toEqual(
        Array.from({ length: sent }, (_, i) => `sentinel-${i}`).sort(),
      );
      // A job runs again only when the replica promoted lacked its primary's last writes (its first
      // run began before the last promotion was announced) or when its lock lapsed (BullMQ reported it
      // stalled). None other runs again.
      const stalls = (id: string): number => stalled.filter((s) => s === jobIdFor(id)).length;
      expect(twice.filter((id) => (firstCallAt.get(id) ?? 0) > lastPromotionAt && stalls(id) === 0)).toEqual(
        [],
      );
      expect([...calls].every(([id, n]) => n <= 1 + promotions + stalls(id))).toBe(true);
      expect(calls.size).toBe(sent);
      expect(counts).toMatchObject({ completed: sent, active: 0, waiting: 0, delayed: 0, failed: 0 });
      expect(newPrimary).not.toBe(set.primary.port);
    },
    5 * WAIT_CEILING_MS,
  );

  it('a client of a demoted server reconnects and resends on READONLY (a managed Redis failing over behind one URL)', async () => {
    // A URL target that points at a replica, as a managed endpoint does for a moment during its
    // failover: the write is refused with READONLY; the client reconnects and resends it, and it
    // succeeds once the server is promoted.
    // Servers of its own: a replica is promoted under the client.
    const primary = await startRedis();
    const replica = await startRedis({ extraArgs: ['--replicaof', '127.0.0.1', String(primary.port)] });
    const client = createWorkerConnection(replica.url);
    const admin = new Redis(replica.url, { maxRetriesPerRequest: null });
    try {
      const write = client.set('readonly-probe', '1');
      // Refused and retried (not failed): the client reconnects.
      await Promise.race([once(client, 'reconnecting'), write]);
      await primary.kill();
      await admin.call('REPLICAOF', 'NO', 'ONE');
      await expect(write).resolves.toBe('OK');
      await expect(admin.get('readonly-probe')).resolves.toBe('1');
    } finally {
      client.disconnect();
      admin.disconnect();
      await replica.stop();
      await primary.stop();
    }
  });
});
