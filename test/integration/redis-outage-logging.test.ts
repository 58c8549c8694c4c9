/**
 * A worker while its Redis is down (issue 33 hostile re-run: about 10 warnings a second, each with
 * a full stack, 306 lines in 31 s): the first connection error of an outage is one warning (message
 * and code, no stack), then at most one summary line per 30 s. Real redis-server, stopped under a
 * running worker; the outage's length is counted in reconnection attempts of a client of its own,
 * not measured in time.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import type { AnswerHandler } from '../../src/queue/answer-handler.js';
import { startWorker } from '../../workers/worker.js';
import type { RunningWorker } from '../../workers/worker.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';

let server: RedisServer | undefined;
let worker: RunningWorker | undefined;
let probe: Redis | undefined;

afterAll(async () => {
  probe?.disconnect();
  await worker?.close({ force: true });
  await server?.stop();
});

describe('logging while Redis is down', () => {
  it('one warning for the outage (no stack), no warning per reconnection attempt', async () => {
    server = await startRedis();
    const log = recordingLogger();
    const handler: AnswerHandler = () => Promise.reject(new Error('no job is sent'));
    worker = await startWorker({
      redisUrl: server.url,
      clusters: ['c1', 'c2'],
      handler,
      logger: log.logger,
      prefix: `rol${Date.now()}`,
    });
    // a client of its own, retrying as often as the worker's (every 250 ms growing to 2 s)
    probe = new Redis(server.url, {
      retryStrategy: (times) => Math.min(times * 250, 2000),
      disconnectTimeout: 50,
    });
    probe.on('error', () => undefined);
    let attempts = 0;
    probe.on('reconnecting', () => (attempts += 1));
    await eventually('the probe connected', () => probe?.status === 'ready');
    await server.stop();
    server = undefined;
    // about 5 s of outage: 250 + 500 + … + 1750 + 2000 ms of waits
    await eventually('8 reconnection attempts of the probe', () => attempts >= 8, WAIT_CEILING_MS);
    const warnings = log.lines.filter((l) => (l.level ?? 0) >= 40);
    expect(warnings.map((l) => l.msg)).toEqual(['redis connection error']);
    expect(warnings[0]).toMatchObject({ code: 'ECONNREFUSED' });
    expect(warnings[0]?.err).toBeUndefined(); // no stack
    expect(JSON.stringify(warnings)).not.toContain('    at ');
  });
});
