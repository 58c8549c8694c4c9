/**
 * Round-trip latency through Redis (enqueue -> worker process -> reply) for a trivial handler.
 * Prints the median and p95 as figures; no bound is asserted (a busy machine stretches them; the
 * queue's answer time is a row of the benchmark, scripts/bench.ts).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { JobQueue } from '../../src/queue/job-queue.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startWorkerProcess } from '../helpers/redis-worker-process.js';
import type { WorkerProcess } from '../helpers/redis-worker-process.js';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';

const REQUESTS = 200;

let redis: TestRedis;
let worker: WorkerProcess;
let queue: JobQueue;
const prefix = `lat${randomBytes(4).toString('hex')}`;

beforeAll(async () => {
  redis = await useSharedRedis();
  worker = await startWorkerProcess({
    redisUrl: redis.url,
    prefix,
    clusters: ['bench'],
    countsKey: `${prefix}:calls`,
  });
  queue = new JobQueue({ redisUrl: redis.url, prefix });
});

afterAll(async () => {
  await queue?.close();
  await worker?.stop('SIGTERM');
  await redis?.stop();
});

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
}

describe('round trip through Redis', () => {
  it(`answers ${REQUESTS} sequential requests, each with its own reply`, async () => {
    const samples: number[] = [];
    for (let i = 0; i < REQUESTS + 10; i += 1) {
      const started = process.hrtime.bigint();
      const { jobId } = await queue.enqueue({
        requestId: `lat-${i}-${randomBytes(3).toString('hex')}`,
        text: `ping ${i}`,
        cluster: 'bench',
        locale: 'en',
        user: { platform: 'console', id: 'bench' },
        replyTo: { platform: 'console', address: {} },
        enqueuedAt: new Date().toISOString(),
      });
      const reply = await queue.waitForReply(jobId, WAIT_CEILING_MS);
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      expect(reply.summary).toBe(`ping ${i}`);
      if (i >= 10) samples.push(ms); // the first requests warm up connections and listeners
    }
    const sorted = [...samples].sort((a, b) => a - b);
    const median = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    console.log(
      `queue round trip over ${samples.length} requests: median ${median.toFixed(2)} ms, p95 ${p95.toFixed(2)} ms, ` +
        `min ${sorted[0]?.toFixed(2)} ms, max ${sorted.at(-1)?.toFixed(2)} ms`,
    );
    expect(samples).toHaveLength(REQUESTS);
  });
});
