/**
 * One request id through the whole path, in the logs of each process part: the intake's gated
 * queue (`request enqueued`), the worker (`answered`, through its per-job child logger) and the
 * replies consumer (`reply delivered`), on a real Redis with the real worker code and a fake answer
 * step.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { admissionGate, rateLimitedSink } from '../../src/ops/rate-limit.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { ReplyConsumer, ReplyPublisher } from '../../src/queue/reply-queue.js';
import { createLogger } from '../../src/util/logger.js';
import { startWorker } from '../../workers/worker.js';
import { createFakeAnswerHandler } from '../helpers/fake-answer-handler.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';

let server: TestRedis;
beforeAll(async () => {
  server = await useSharedRedis();
});
afterAll(() => server.stop());

function capture(name: string): {
  logger: ReturnType<typeof createLogger>;
  records: () => Record<string, unknown>[];
} {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      text += chunk.toString('utf8');
      done();
    },
  });
  return {
    logger: createLogger({ level: 'info', name, stream }),
    records: () =>
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

describe('request id trail', () => {
  it('the same request id appears at enqueue, in the worker and at reply delivery', async () => {
    const prefix = `trail${Date.now()}`;
    const gateway = capture('gateway');
    const workerLog = capture('worker');
    const redis = createProducerConnection(server.url);
    await ensureReady(redis, server.url, 60_000);
    const queue = new JobQueue({ redisUrl: server.url, prefix, logger: gateway.logger });
    const publisher = new ReplyPublisher(redis, prefix);
    const sink = rateLimitedSink(queue, admissionGate(undefined), publisher, gateway.logger);
    const delivered: string[] = [];
    const consumer = await ReplyConsumer.start({
      redisUrl: server.url,
      platform: 'slack',
      prefix,
      logger: gateway.logger,
      handler: async (_reply, job) => {
        delivered.push(job.requestId);
      },
    });
    const worker = await startWorker({
      redisUrl: server.url,
      clusters: ['c1'],
      handler: createFakeAnswerHandler(),
      logger: workerLog.logger,
      prefix,
    });
    const requestId = 'ev-Ev0TRAIL123';
    const job: AnswerJob = {
      requestId,
      text: 'status',
      command: { kind: 'ha-status' },
      cluster: 'c1',
      locale: 'en',
      user: { platform: 'slack', id: 'U1', tenant: 'T1' },
      replyTo: { platform: 'slack', address: { channel: 'C1' } },
      enqueuedAt: new Date().toISOString(),
    };
    try {
      await sink.enqueue(job);
      await eventually('the reply delivered', () =>
        gateway.records().some((r) => r.msg === 'reply delivered'),
      ).catch(() => undefined); // the next lines say what is missing
      expect(delivered).toEqual([requestId]);
      const enqueued = gateway.records().find((r) => r.msg === 'request enqueued');
      const answered = workerLog.records().find((r) => r.msg === 'answered');
      const replied = gateway.records().find((r) => r.msg === 'reply delivered');
      expect(enqueued).toMatchObject({ requestId, platform: 'slack', cluster: 'c1', command: 'ha-status' });
      expect(answered).toMatchObject({ requestId, cluster: 'c1', attempt: 1 });
      expect(replied).toMatchObject({ requestId, platform: 'slack' });
      expect(replied?.sinceEnqueuedMs).toEqual(expect.any(Number));
      expect(enqueued?.jobId).toBe(answered?.jobId);
    } finally {
      await worker.close();
      await consumer.close();
      await publisher.close();
      await queue.close();
      redis.disconnect();
    }
  });
});
