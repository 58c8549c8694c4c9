/**
 * The ops server's exposure: it has no authentication, so by default it listens on
 * 127.0.0.1 only (`K8S_HA_BOT_OPS_HOST` changes it; the container manifests set 0.0.0.0), and a
 * flood of `/metrics` scrapes costs Redis one queue-depth reading per cache window, not one per
 * scrape. Redis commands are counted by a real redis-server (`INFO commandstats`).
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { Redis } from 'ioredis';
import { startProcessOps } from '../../src/ops/ops-server.js';
import { LISTEN_HOST_ENV, listenHostFrom } from '../../src/config/settings.js';
import { silentLogger } from '../../src/util/logger.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { fakeDateOnly } from '../helpers/fake-date.js';

const CLUSTERS = {
  prod: {
    kind: 'snapshot' as const,
    snapshot: 'examples/ha-3cp.json',
    requestTimeoutMs: 1000,
    deadlineMs: 1000,
  },
  staging: {
    kind: 'snapshot' as const,
    snapshot: 'examples/ha-3cp.json',
    requestTimeoutMs: 1000,
    deadlineMs: 1000,
  },
};

// A redis-server of its own, not the run's shared one: the tests count every command the server runs
// (INFO commandstats), which another file's connections would add to.
let redis: RedisServer;

let admin: Redis;

beforeAll(async () => {
  redis = await startRedis();
  admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  admin.disconnect();
  await redis.stop();
});

/** Commands Redis has run since the last CONFIG RESETSTAT, except our own INFO / CONFIG. */
/** Commands that are no queue-depth reading (see {@link commandsRun}). */
const HANDSHAKE = new Set([
  'info',
  'config',
  'client|setname',
  'client|setinfo',
  'client',
  'hello',
  'select',
  'ping',
  'auth',
]);

async function commandsRun(): Promise<number> {
  const info = await admin.info('commandstats');
  let total = 0;
  for (const m of info.matchAll(/^cmdstat_([a-z|_-]+):calls=(\d+)/gm)) {
    // Connection handshakes (a client's name, protocol, database, liveness) are not readings, and
    // when they land relative to RESETSTAT is up to the connection: one counted once made 41 of 40.
    if (!HANDSHAKE.has(m[1] ?? '')) total += Number(m[2]);
  }
  return total;
}

const scrape = async (port: number): Promise<string> => {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`);
  expect(res.status).toBe(200);
  return res.text();
};

describe('ops server exposure', () => {
  it('listens on 127.0.0.1 by default, on K8S_HA_BOT_OPS_HOST when set', async () => {
    const ops = await startProcessOps({
      role: 'worker',
      env: {},
      redisUrl: redis.url,
      clusters: {},
      logger: silentLogger,
      port: 0,
    });
    try {
      expect(ops.host).toBe('127.0.0.1');
    } finally {
      await ops.close();
    }
    const all = await startProcessOps({
      role: 'worker',
      env: { [LISTEN_HOST_ENV.ops]: '0.0.0.0' },
      redisUrl: redis.url,
      clusters: {},
      logger: silentLogger,
      port: 0,
    });
    try {
      expect(all.host).toBe('0.0.0.0');
    } finally {
      await all.close();
    }
  });

  it('refuses a listen address that is not one, naming the setting', () => {
    expect(() => listenHostFrom({ K8S_HA_BOT_OPS_HOST: 'http://0.0.0.0:9090' }, LISTEN_HOST_ENV.ops)).toThrow(
      /K8S_HA_BOT_OPS_HOST.*without a port/,
    );
    expect(() => listenHostFrom({ K8S_HA_BOT_SLACK_HOST: '1.2.3.4 5' }, LISTEN_HOST_ENV.slack)).toThrow(
      /K8S_HA_BOT_SLACK_HOST/,
    );
    expect(listenHostFrom({ K8S_HA_BOT_TEAMS_HOST: ' ::1 ' }, LISTEN_HOST_ENV.teams)).toBe('::1');
    expect(listenHostFrom({}, LISTEN_HOST_ENV.teams)).toBeUndefined();
  });

  /** Commands of one scrape of a fresh ops server (one queue-depth reading), and the server. */
  async function withOps(
    name: string,
    maxAgeMs: number,
    run: (port: number) => Promise<void>,
  ): Promise<void> {
    const ops = await startProcessOps({
      role: 'gateway',
      env: {},
      redisUrl: redis.url,
      prefix: `${name}${Date.now()}`,
      clusters: CLUSTERS,
      logger: silentLogger,
      port: 0,
      queueDepthMaxAgeMs: maxAgeMs,
    });
    try {
      await run(ops.port);
    } finally {
      await ops.close();
    }
  }

  it('200 scrapes within the cache window cost one queue-depth reading; concurrent ones share it', async () => {
    let oneReading = 0;
    await withOps('o1', 60_000, async (port) => {
      await admin.config('RESETSTAT');
      await scrape(port);
      oneReading = await commandsRun();
    });
    // 4 queues (2 clusters, 2 replies queues) through BullMQ getJobCounts.
    expect(oneReading).toBeGreaterThan(0);
    await withOps('o2', 60_000, async (port) => {
      await admin.config('RESETSTAT');
      // 100 at once before any reading (they share the one in progress), then 100 one by one.
      await Promise.all(Array.from({ length: 100 }, () => scrape(port)));
      for (let i = 0; i < 100; i += 1) await scrape(port);
      // One reading, not two: a second would double the count. The bound is not exact equality,
      // because a connection may send a command of its own (not a reading) after RESETSTAT, as
      // once made 41 of 40 in CI.
      const run = await commandsRun();
      expect(run).toBeGreaterThanOrEqual(oneReading);
      expect(run).toBeLessThan(2 * oneReading);
    });
  });

  it('a reading older than the window is taken again', async () => {
    // Only the clock is fake (timers and I/O are real): the 1 s window passes without waiting for it.
    fakeDateOnly();
    try {
      await withOps('o3', 1000, async (port) => {
        await admin.config('RESETSTAT');
        await scrape(port);
        const oneReading = await commandsRun();
        jest.setSystemTime(Date.now() + 1100); // the 1 s window passes
        await scrape(port);
        const second = (await commandsRun()) - oneReading;
        // A second reading (without the connection's set-up commands of the first).
        expect(second).toBeGreaterThan(0);
        expect(second).toBeLessThanOrEqual(oneReading);
        await scrape(port);
        expect(await commandsRun()).toBe(oneReading + second);
      });
    } finally {
      jest.useRealTimers();
    }
  });
});
