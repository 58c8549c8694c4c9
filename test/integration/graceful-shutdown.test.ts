/**
 * Graceful shutdown with real processes: worker children (test/helpers/fake-worker-entry.ts, the
 * real workers/main.ts process code with a fake answer step) on a real redis-server.
 *
 * 1. SIGTERM while a job runs, deadline not reached: the job finishes in that worker, the worker
 *    takes no new job after the signal, /readyz says 503 while it drains, and it exits 0.
 * 2. SIGTERM while a long job runs, deadline (K8S_HA_BOT_SHUTDOWN_MS) passes: the job goes back to
 *    the queue without using an attempt, a second worker finishes it, exactly one reply is published,
 *    and the first worker exits 0.
 * 3. The gateway from the CLI (real process): ops server answers; SIGTERM → clean stop, exit 0.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { JobQueue } from '../../src/queue/job-queue.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { queueNameFor, repliesQueueNameFor } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { startWorkerProcess } from '../helpers/redis-worker-process.js';
import type { WorkerProcess } from '../helpers/redis-worker-process.js';

let server: TestRedis;
let counter: Redis;
const started: WorkerProcess[] = [];

beforeAll(async () => {
  server = await useSharedRedis();
  counter = new Redis(server.url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  await Promise.all(started.map((w) => w.stop('SIGKILL')));
  counter?.disconnect();
  await server?.stop();
});

function makeJob(requestId: string, text: string): AnswerJob {
  return {
    requestId,
    text,
    cluster: 'c1',
    locale: 'en',
    user: { platform: 'slack', id: 'U1' },
    replyTo: { platform: 'slack', address: { channel: 'C1' } },
    enqueuedAt: new Date().toISOString(),
  };
}

async function worker(
  prefix: string,
  countsKey: string,
  env: Record<string, string> = {},
): Promise<WorkerProcess> {
  const w = await startWorkerProcess({
    redisUrl: server.url,
    prefix,
    clusters: ['c1'],
    countsKey,
    env: { K8S_HA_BOT_OPS_PORT: '0', ...env },
  });
  started.push(w);
  return w;
}

async function opsPortOf(w: WorkerProcess): Promise<number> {
  const ready = (): Record<string, unknown> | undefined =>
    w.logs.find((l) => l.msg === 'ops server ready (GET /healthz, /readyz, /metrics)');
  await eventually('the ops server', async () => ready() !== undefined);
  return ready()?.port as number;
}

describe('graceful shutdown (real processes)', () => {
  it('SIGTERM: the job in progress finishes here, no new job is taken, /readyz says 503, exit 0', async () => {
    const prefix = `gs1${Date.now()}`;
    const countsKey = `${prefix}:calls`;
    const queue = new JobQueue({ redisUrl: server.url, prefix, logger: silentLogger });
    const a = await worker(prefix, countsKey, { K8S_HA_BOT_SHUTDOWN_MS: '10000' });
    const opsPort = await opsPortOf(a);
    expect((await fetch(`http://127.0.0.1:${opsPort}/readyz`)).status).toBe(200);
    try {
      const first = await queue.enqueue(makeJob('gs-first', 'sleep 1500'));
      await eventually(
        'the job to start',
        async () => Number(await counter.hget(countsKey, 'gs-first')) >= 1,
      );
      const exit = a.stop('SIGTERM', 20_000);
      await eventually('draining to show', async () =>
        a.logs.some((l) => l.msg === 'stopping: finishing the work in progress'),
      );
      const drain = await fetch(`http://127.0.0.1:${opsPort}/readyz`);
      expect(drain.status).toBe(503);
      expect(await drain.text()).toContain('shutting down');
      // Enqueued after the signal: must not be taken by the stopping worker.
      const second = await queue.enqueue(makeJob('gs-second', 'sleep 10'));
      const reply = await queue.waitForReply(first.jobId, WAIT_CEILING_MS);
      expect(reply.title).toBe('echo: sleep 1500');
      expect(await exit).toBe(0);
      expect(await counter.hget(countsKey, 'gs-first')).toBe('1');
      expect(await counter.hget(countsKey, 'gs-second')).toBeNull();
      const bull = new Queue(queueNameFor('c1'), { connection: { url: server.url }, prefix });
      try {
        expect(await (await bull.getJob(second.jobId))?.getState()).toBe('waiting');
      } finally {
        await bull.close();
      }
      // A new worker takes it.
      const b = await worker(prefix, countsKey);
      expect((await queue.waitForReply(second.jobId, WAIT_CEILING_MS)).title).toBe('echo: sleep 10');
      expect(await b.stop('SIGTERM')).toBe(0);
    } finally {
      await queue.close();
    }
  });

  it('deadline passed: the job goes back to the queue, a second worker finishes it, one reply, exit 0', async () => {
    const prefix = `gs2${Date.now()}`;
    const countsKey = `${prefix}:calls`;
    const queue = new JobQueue({ redisUrl: server.url, prefix, logger: silentLogger });
    const replies = new Queue(repliesQueueNameFor('slack'), { connection: { url: server.url }, prefix });
    const a = await worker(prefix, countsKey, { K8S_HA_BOT_SHUTDOWN_MS: '700' });
    try {
      const { jobId } = await queue.enqueue(makeJob('gs-long', 'sleep 6000'));
      await eventually(
        'the job to start in worker A',
        async () => Number(await counter.hget(countsKey, 'gs-long')) >= 1,
      );
      // Worker B starts while A stops (a rolling update): it takes the job once A has put it back.
      const startingB = worker(prefix, countsKey);
      const t0 = Date.now();
      const exitA = await a.stop('SIGTERM', 20_000);
      const stopMs = Date.now() - t0;
      expect(exitA).toBe(0);
      expect(stopMs).toBeGreaterThanOrEqual(650);
      // did not wait for the 6 s job: it was put back (the log says it, worker B runs it below)
      expect(a.logs.some((l) => l.msg === 'worker stopping: job put back in the queue')).toBe(true);

      const b = await startingB;
      const reply = await queue.waitForReply(jobId, WAIT_CEILING_MS);
      expect(reply.title).toBe('echo: sleep 6000');
      expect(reply.sections[0]?.lines).toEqual(['2']); // second call: worker B
      expect(await counter.hget(countsKey, 'gs-long')).toBe('2');
      const bull = new Queue(queueNameFor('c1'), { connection: { url: server.url }, prefix });
      try {
        const job = await bull.getJob(jobId);
        expect(await job?.getState()).toBe('completed');
        expect(job?.attemptsMade).toBe(1); // the interrupted run did not use an attempt
      } finally {
        await bull.close();
      }
      // Exactly one reply published for the request (and it is the answer, not an error).
      const counts = await replies.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
      expect(Object.values(counts).reduce((x, y) => x + y, 0)).toBe(1);
      const [published] = await replies.getJobs(['waiting', 'active', 'completed', 'failed', 'delayed']);
      expect((published?.data as { reply: { title: string } }).reply.title).toBe('echo: sleep 6000');
      expect(await b.stop('SIGTERM')).toBe(0);
    } finally {
      await replies.close();
      await queue.close();
    }
  });
});

describe('gateway graceful shutdown (real process)', () => {
  it('serves /healthz, /readyz and /metrics on its ops port; on SIGTERM it stops (Slack app, replies consumer, Redis) and exits 0', async () => {
    const { spawn } = await import('node:child_process');
    const { fileURLToPath } = await import('node:url');
    const { startFakeSlackApi } = await import('../helpers/fake-slack-api.js');
    const { TEST_SIGNING_SECRET } = await import('../helpers/fake-slack-requests.js');
    const fake = await startFakeSlackApi();
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const child = spawn(
      process.execPath,
      ['--import', './test/helpers/redis-child-ts-loader.mjs', 'test/faults/cli-entry.ts', 'gateway'],
      {
        cwd: root,
        env: {
          ...process.env,
          NODE_OPTIONS: undefined,
          REDIS_URL: server.url,
          SLACK_BOT_TOKEN: 'xoxb-test-token',
          SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
          SLACK_API_URL: fake.apiUrl,
          PORT: '0',
          K8S_HA_BOT_OPS_PORT: '0',
          K8S_HA_BOT_OPS_HOST: '127.0.0.1',
          K8S_HA_BOT_READYZ_CLUSTERS: 'reported',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await eventually(
        'the gateway ready line',
        async () => /ops on port \d+/.test(out) || child.exitCode !== null,
        60_000,
      );
      const port = Number(/ops on port (\d+)/.exec(out)?.[1]);
      expect(port).toBeGreaterThan(0);
      expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
      expect((await fetch(`http://127.0.0.1:${port}/readyz`)).status).toBe(200);
      expect(await (await fetch(`http://127.0.0.1:${port}/metrics`)).text()).toContain(
        'k8s_ha_bot_queue_depth{queue="k8s-ha-bot-replies-slack",state="waiting"} 0',
      );
      const t0 = Date.now();
      child.kill('SIGTERM');
      const code = await exited;
      expect(code).toBe(0);
      expect(Date.now() - t0).toBeLessThan(WAIT_CEILING_MS);
      expect(err).toContain('stopping: finishing the work in progress');
      expect(err).toContain('Slack gateway stopped');
      expect(err).not.toContain('xoxb-test-token');
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await fake.close();
    }
  });
});
