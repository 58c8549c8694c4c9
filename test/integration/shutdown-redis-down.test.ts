/**
 * A worker asked to stop while its Redis is gone: BullMQ's close waits for a reconnection that
 * never comes, so the stop is forced at the deadline and, if that hangs too, given up on
 * (runUntilSignal's giveUpAfterForceMs, 10 s) — the process must not stay up until Kubernetes
 * kills it; the process exits soon after (workers/main.ts exitSoonAfterStop). Real redis-server, real worker process (test/helpers/fake-worker-entry.ts).
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { WAIT_CEILING_MS } from '../helpers/eventually.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { startWorkerProcess } from '../helpers/redis-worker-process.js';
import type { WorkerProcess } from '../helpers/redis-worker-process.js';

// A redis-server of its own: the test stops it under a running worker.
let server: RedisServer | undefined;
let worker: WorkerProcess | undefined;

afterAll(async () => {
  await worker?.stop('SIGKILL');
  await server?.stop();
});

describe('stopping a worker while Redis is down', () => {
  it('SIGTERM after Redis died: the stop finishes within deadline + 10 s + a margin', async () => {
    server = await startRedis();
    worker = await startWorkerProcess({
      redisUrl: server.url,
      prefix: `srd${Date.now()}`,
      clusters: ['c1'],
      countsKey: 'srd-calls',
      env: { K8S_HA_BOT_OPS_PORT: '0', K8S_HA_BOT_SHUTDOWN_MS: '500' },
    });
    await server.stop();
    server = undefined;
    // The helper SIGKILLs at the ceiling: exit code 0 below proves the worker stopped by itself.
    const code = await worker.stop('SIGTERM', WAIT_CEILING_MS);
    // The stop itself resolved (not the test's SIGKILL fallback) and said so.
    expect(
      worker.logs.some((l) => l.msg === 'worker process stopping' || l.msg === 'fake worker exiting'),
    ).toBe(true);
    expect(code).toBe(0); // exited by itself (a SIGKILL from the helper gives null)
  });
});
