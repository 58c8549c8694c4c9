/**
 * Integration: a real redis-server, the worker as a separate process (fake answer step), the
 * producer in this process. One worker process serves the first block (a process start costs
 * seconds on a busy machine); every test has its own producer and request ids, and the SIGTERM test
 * a worker process and key prefix of its own.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { Reply } from '../../src/explain/reply.js';
import { maintenanceQueueNameFor } from '../../src/maintenance/types.js';
import { JobQueue, REMEMBERED_JOBS_MAX } from '../../src/queue/job-queue.js';
import { jobIdFor } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { ReplyConsumer } from '../../src/queue/reply-queue.js';
import { queueNameFor, repliesQueueNameFor } from '../../src/queue/job.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { queuesIdle } from '../helpers/queue-idle.js';
import { startRedis } from '../helpers/redis-server.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startWorkerProcess } from '../helpers/redis-worker-process.js';
import { openLog, startCli } from '../faults/fault-processes.js';
import type { WorkerProcess } from '../helpers/redis-worker-process.js';

const CLUSTER = 'c1';

let redis: TestRedis;
let admin: Redis;

beforeAll(async () => {
  redis = await useSharedRedis();
  admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  admin.disconnect();
  await redis.stop();
});

function makeJob(text: string, overrides: Partial<AnswerJob> = {}): AnswerJob {
  return {
    requestId: `req-${randomBytes(6).toString('hex')}`,
    text,
    cluster: CLUSTER,
    locale: 'en',
    user: { platform: 'console', id: 'alice' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
    ...overrides,
  };
}

async function deleteKeys(pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await admin.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length > 0) await admin.del(...keys);
  } while (cursor !== '0');
}

describe('answer jobs through Redis and a worker process', () => {
  const prefix = `t${randomBytes(4).toString('hex')}`;
  const countsKey = `${prefix}:fake-handler-calls`;
  let worker: WorkerProcess;
  let queue: JobQueue;

  const calls = async (requestId: string): Promise<number> =>
    Number((await admin.hget(countsKey, requestId)) ?? 0);
  /** No job of the cluster or reply queues left to run: a retry or a second call would be one. */
  const settled = (what: string): Promise<boolean> =>
    eventually(what, () =>
      queuesIdle(redis.url, prefix, [
        queueNameFor(CLUSTER),
        repliesQueueNameFor('slack'),
        repliesQueueNameFor('teams'),
      ]),
    );

  beforeAll(async () => {
    worker = await startWorkerProcess({ redisUrl: redis.url, prefix, clusters: [CLUSTER], countsKey });
  });

  afterAll(async () => {
    await worker.stop('SIGKILL');
    await deleteKeys(`${prefix}:*`);
  });

  beforeEach(() => {
    queue = new JobQueue({ redisUrl: redis.url, prefix, jobOptions: { backoffMs: 50 } });
  });

  afterEach(async () => {
    await queue.close();
  });

  it('answers requests with the handler reply', async () => {
    const jobs = [makeJob('one'), makeJob('two'), makeJob('three')];
    const enqueued = await Promise.all(jobs.map((job) => queue.enqueue(job)));
    expect(enqueued.map((e) => e.duplicate)).toEqual([false, false, false]);
    expect(enqueued[0]?.queueName).toBe('k8s-ha-bot-cluster-c1');
    expect(queue.rememberedJobs).toBe(3);
    const replies = await Promise.all(enqueued.map((e) => queue.waitForReply(e.jobId, WAIT_CEILING_MS)));
    // Answered: the producer forgets them.
    expect(queue.rememberedJobs).toBe(0);
    expect(replies.map((r) => r.title)).toEqual(['echo: one', 'echo: two', 'echo: three']);
    expect(replies.map((r) => r.context.requestId)).toEqual(jobs.map((j) => j.requestId));
  });

  it('adds a duplicate request once and calls the handler once', async () => {
    const job = makeJob('twice');
    const first = await queue.enqueue(job);
    const second = await queue.enqueue({ ...job, enqueuedAt: new Date().toISOString() });
    expect(first.duplicate).toBe(false);
    expect(second).toEqual({ ...first, duplicate: true });
    const reply = await queue.waitForReply(first.jobId, WAIT_CEILING_MS);
    expect(reply.sections[0]?.lines).toEqual(['1']);

    // Again after the job finished (still kept): still a duplicate, still no second call.
    const third = await queue.enqueue(job);
    expect(third.duplicate).toBe(true);
    await settled('no second run of the request');
    expect(await calls(job.requestId)).toBe(1);
  });

  it('reports exactly one non-duplicate when producers race', async () => {
    const job = makeJob('race');
    const other = new JobQueue({ redisUrl: redis.url, prefix });
    try {
      const results = await Promise.all([
        queue.enqueue(job),
        other.enqueue(job),
        queue.enqueue(job),
        other.enqueue(job),
      ]);
      expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
      await queue.waitForReply(jobIdOf(results), WAIT_CEILING_MS);
      await settled('no second run of the request');
      expect(await calls(job.requestId)).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('retries a retryable error and answers', async () => {
    const { jobId } = await queue.enqueue(makeJob('fail-retryable-once'));
    const reply = await queue.waitForReply(jobId, WAIT_CEILING_MS);
    expect(reply.sections[0]?.lines).toEqual(['2']);
  });

  it('gives up on a retryable error after the attempts, with its code', async () => {
    const job = makeJob('fail-retryable-always');
    const { jobId } = await queue.enqueue(job);
    await expect(queue.waitForReply(jobId, 60_000)).rejects.toMatchObject({ code: 'cluster-unreachable' });
    expect(await calls(job.requestId)).toBe(3);
  });

  it('does not retry a non-retryable error', async () => {
    const job = makeJob('fail-permanent');
    const { jobId } = await queue.enqueue(job);
    await expect(queue.waitForReply(jobId, 60_000)).rejects.toMatchObject({ code: 'cluster-unknown' });
    await settled('no retry waiting or running'); // a retry would be a delayed job (50 ms backoff)
    expect(await calls(job.requestId)).toBe(1);
  });

  it('returns the reply of a job that finished before anyone waited', async () => {
    const job = makeJob('early');
    const { jobId } = await queue.enqueue(job);
    await eventually(
      'the job finished',
      async () =>
        (await admin.hget(`${prefix}:k8s-ha-bot-cluster-${CLUSTER}:${jobId}`, 'finishedOn')) !== null,
    );
    const fresh = new JobQueue({ redisUrl: redis.url, prefix });
    try {
      const reply = await fresh.waitForReply(jobId, 2000, CLUSTER);
      expect(reply.title).toBe('echo: early');
    } finally {
      await fresh.close();
    }
  });

  it('publishes Slack replies, and error replies, on the slack replies queue', async () => {
    const received: Array<{ reply: Reply; job: AnswerJob }> = [];
    const consumer = await ReplyConsumer.start({
      redisUrl: redis.url,
      prefix,
      platform: 'slack',
      handler: async (reply, job) => {
        received.push({ reply, job });
      },
    });
    try {
      const slack = { replyTo: { platform: 'slack' as const, address: { channel: 'C1', threadTs: '1.2' } } };
      const ok = makeJob('from slack', slack);
      const bad = makeJob('fail-permanent', { ...slack, locale: 'ko' });
      const consoleJob = makeJob('from console');
      for (const job of [ok, bad, consoleJob]) await queue.enqueue(job);
      await eventually('two Slack replies', () => received.length >= 2);
      // The console job is answered too, but never published: wait for it and for the replies queue
      // to be drained, then check no third message.
      await queue.waitForReply((await queue.enqueue(consoleJob)).jobId, WAIT_CEILING_MS);
      await settled('every published reply delivered');
      expect(received).toHaveLength(2);
      const byId = new Map(received.map((r) => [r.job.requestId, r]));
      expect(byId.get(ok.requestId)?.reply.title).toBe('echo: from slack');
      expect(byId.get(ok.requestId)?.job.replyTo.address).toEqual({ channel: 'C1', threadTs: '1.2' });
      const error = byId.get(bad.requestId)?.reply;
      expect(error).toMatchObject({
        kind: 'error',
        locale: 'ko',
        verdict: null,
        title: '답변하지 못했습니다',
      });
      expect(error?.sections[0]?.heading).toBe('cluster-unknown');
    } finally {
      await consumer.close();
    }
  });

  it('delivers a reply again when the gateway handler fails (at least once)', async () => {
    const deliveries: string[] = [];
    const consumer = await ReplyConsumer.start({
      redisUrl: redis.url,
      prefix,
      platform: 'teams',
      handler: async (reply) => {
        deliveries.push(reply.title);
        if (deliveries.length === 1) throw new Error('fake: Teams API returned 503');
      },
    });
    try {
      await queue.enqueue(
        makeJob('to teams', { replyTo: { platform: 'teams', address: { conversation: 'x' } } }),
      );
      await eventually('the reply delivered again', () => deliveries.length >= 2);
      expect(deliveries).toEqual(['echo: to teams', 'echo: to teams']);
    } finally {
      await consumer.close();
    }
  });

  it('finishes the job in progress on SIGTERM, then exits 0', async () => {
    // A worker process of its own (on its own prefix): this test stops it.
    const ownPrefix = `t${randomBytes(4).toString('hex')}`;
    const ownCounts = `${ownPrefix}:fake-handler-calls`;
    const own = await startWorkerProcess({
      redisUrl: redis.url,
      prefix: ownPrefix,
      clusters: [CLUSTER],
      countsKey: ownCounts,
    });
    const producer = new JobQueue({ redisUrl: redis.url, prefix: ownPrefix });
    try {
      const job = makeJob('sleep 800');
      const { jobId } = await producer.enqueue(job);
      await eventually(
        'the job started',
        async () => Number((await admin.hget(ownCounts, job.requestId)) ?? 0) > 0,
      );
      const exit = own.stop('SIGTERM');
      const reply = await producer.waitForReply(jobId, WAIT_CEILING_MS);
      expect(reply.title).toBe('echo: sleep 800');
      expect(await exit).toBe(0);
    } finally {
      await producer.close();
      await own.stop('SIGKILL');
      await deleteKeys(`${ownPrefix}:*`);
    }
  });

  it('times out with job-timeout and a hint when no worker serves the cluster', async () => {
    const { jobId } = await queue.enqueue(makeJob('nobody', { cluster: 'c2' }));
    const err = await queue.waitForReply(jobId, 300).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'job-timeout', retryable: true });
    expect((err as Error).message).toContain('No worker consumes queue k8s-ha-bot-cluster-c2');
  });
});

describe("the producer's memory of enqueued jobs", () => {
  it('stays bounded over 20,000 requests nobody waits for (a gateway), and the newest can still be waited for', async () => {
    const prefix = `leak${randomBytes(4).toString('hex')}`;
    const queue = new JobQueue({ redisUrl: redis.url, prefix });
    try {
      const total = 20_000;
      // 100 at a time: each command waits behind at most 100 others in Redis, well within the
      // producer's command timeout even on a starved machine (500 at a time timed out there)
      for (let i = 0; i < total; i += 100) {
        await Promise.all(
          Array.from({ length: 100 }, (_, k) =>
            queue.enqueue(makeJob(`leak ${i + k}`, { requestId: `leak-${i + k}` })),
          ),
        );
      }
      expect(queue.rememberedJobs).toBe(REMEMBERED_JOBS_MAX);
      // The newest is still known without its cluster: the wait times out (no worker), it is not "not enqueued by this producer".
      await expect(queue.waitForReply(jobIdFor(`leak-${total - 1}`), 50)).rejects.toMatchObject({
        code: 'job-timeout',
      });
      expect(queue.rememberedJobs).toBe(REMEMBERED_JOBS_MAX - 1);
    } finally {
      await queue.close();
      await deleteKeys(`${prefix}:*`);
    }
  });
});

function jobIdOf(results: Array<{ jobId: string }>): string {
  const ids = new Set(results.map((r) => r.jobId));
  expect(ids.size).toBe(1);
  return [...ids][0] ?? '';
}

// These tests have a redis-server of their own: they stop or kill it.
describe('when Redis is down', () => {
  it('enqueue fails fast with queue-unavailable naming the URL (nothing listening)', async () => {
    const dead = await startRedis();
    const url = dead.url;
    await dead.stop();
    const queue = new JobQueue({ redisUrl: url });
    try {
      // fails (within the connect timeout, not when Redis comes back: the test's ceiling would stop a hang)
      const err = await queue.enqueue(makeJob('x')).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: 'queue-unavailable', retryable: true });
      expect((err as Error).message).toContain(url);
      expect((err as Error).message).toContain('REDIS_URL');
    } finally {
      await queue.close();
    }
  });

  it('enqueue fails fast with queue-unavailable after Redis dies', async () => {
    const doomed = await startRedis();
    const queue = new JobQueue({ redisUrl: doomed.url });
    try {
      expect((await queue.enqueue(makeJob('before'))).duplicate).toBe(false);
      await doomed.kill();
      await expect(queue.enqueue(makeJob('after'))).rejects.toMatchObject({ code: 'queue-unavailable' });
    } finally {
      await queue.close();
      await doomed.stop();
    }
  });
});

describe('k8s-ha-bot worker', () => {
  it('serves only the clusters of K8S_HA_BOT_WORKER_CLUSTERS, not every configured one (issue 33 finding 6)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-worker-clusters-'));
    await writeFile(
      join(dir, 'kubeconfig.yaml'),
      'apiVersion: v1\nkind: Config\nclusters: [{ name: x, cluster: { server: "http://127.0.0.1:9" } }]\n' +
        'contexts: [{ name: x, context: { cluster: x, user: u } }]\nusers: [{ name: u, user: {} }]\ncurrent-context: x\n',
    );
    await writeFile(
      join(dir, 'config.yaml'),
      'clusters:\n  alpha: { kubeconfig: kubeconfig.yaml, context: x }\n  beta: { kubeconfig: kubeconfig.yaml, context: x }\ndefaultCluster: alpha\n',
    );
    const log = openLog(join(dir, 'worker.log'));
    const worker = await startCli('worker', ['worker'], {
      env: {
        K8S_HA_BOT_CONFIG: join(dir, 'config.yaml'),
        REDIS_URL: redis.url,
        K8S_HA_BOT_QUEUE_PREFIX: `t${randomBytes(4).toString('hex')}`,
        K8S_HA_BOT_WORKER_CLUSTERS: 'beta',
        K8S_HA_BOT_OPS_PORT: '0',
        LOG_LEVEL: 'info',
      },
      log,
      ready: (out) => out.includes('"worker ready"') && out.includes('"maintenance worker ready"'),
      readyTimeoutMs: 60_000,
    });
    try {
      const consumed = [...worker.output().matchAll(/"queueNames":(\[[^\]]*\])/g)].flatMap(
        (m) => JSON.parse(m[1] ?? '[]') as string[],
      );
      expect(consumed.sort()).toEqual([maintenanceQueueNameFor('beta'), queueNameFor('beta')].sort());
    } finally {
      await worker.stop();
      log.end();
    }
  });
});
