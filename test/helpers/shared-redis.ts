/**
 * One redis-server per Jest run (started by test/helpers/jest-global-setup.ts), and one Redis
 * database of it per test file, so files never see each other's keys, whatever prefix they use.
 *
 * The server's address reaches the Jest workers through {@link SHARED_REDIS_ENV}; a file that runs
 * without the global setup (another runner) gets a server of its own, stopped with the file.
 *
 * Tests that do something to the server itself (kill it, fail it over, restart it) keep a server of
 * their own from {@link startRedis} and say why.
 *
 * @example
 * let redis: TestRedis;
 * beforeAll(async () => { redis = await useSharedRedis(); });
 * afterAll(() => redis.stop());
 */
import { Redis } from 'ioredis';
import { startRedis } from './redis-server.js';
import type { RedisServer } from './redis-server.js';

/** Environment variable holding `host:port` of the run's shared redis-server. */
export const SHARED_REDIS_ENV = 'K8S_HA_BOT_TEST_REDIS';

/** How many databases the shared server has (`--databases`); database 0 only holds the counter. */
export const SHARED_REDIS_DATABASES = 1000;

/** The key on database 0 that hands out database numbers. */
const COUNTER_KEY = 'k8s-ha-bot-test:next-database';

/** A test file's own database on the shared server. */
export interface TestRedis {
  /** `redis://127.0.0.1:<port>/<db>`: every client built from it uses the file's database. */
  url: string;
  host: '127.0.0.1';
  port: number;
  /** The database number (1 … {@link SHARED_REDIS_DATABASES} − 1). */
  db: number;
  /** Empty the file's database (and stop a server of its own). Idempotent. */
  stop(): Promise<void>;
}

/**
 * The shared redis-server's `redis-server` arguments: enough databases for every file of a run.
 * @returns extra arguments for {@link startRedis}
 */
export function sharedRedisArgs(): string[] {
  return ['--databases', String(SHARED_REDIS_DATABASES)];
}

/**
 * A fresh, empty database on the run's shared redis-server for this test file.
 *
 * Database numbers come from INCR on database 0, so parallel Jest workers never get the same
 * one (they wrap around after {@link SHARED_REDIS_DATABASES} − 1 files; the database is emptied
 * when handed out).
 * @returns the database and its URL
 * @throws Error when the shared server cannot be reached
 */
export async function useSharedRedis(): Promise<TestRedis> {
  const address = process.env[SHARED_REDIS_ENV];
  if (address === undefined || address === '')
    return ownServer(await startRedis({ extraArgs: sharedRedisArgs() }));
  const port = Number(address.split(':').pop());
  const admin = new Redis({ host: '127.0.0.1', port, maxRetriesPerRequest: 1, lazyConnect: true });
  let db: number;
  try {
    await admin.connect();
    const n = await admin.incr(COUNTER_KEY);
    db = 1 + ((n - 1) % (SHARED_REDIS_DATABASES - 1));
    await admin.select(db);
    await admin.flushdb();
  } finally {
    admin.disconnect();
  }
  return fileDatabase(port, db, async () => {
    const cleaner = new Redis({ host: '127.0.0.1', port, db, maxRetriesPerRequest: 1, lazyConnect: true });
    try {
      await cleaner.connect();
      await cleaner.flushdb();
    } finally {
      cleaner.disconnect();
    }
  });
}

/** Database 1 of a server started for this file alone (no global setup). */
function ownServer(server: RedisServer): TestRedis {
  return fileDatabase(server.port, 1, () => server.stop());
}

function fileDatabase(port: number, db: number, cleanUp: () => Promise<void>): TestRedis {
  let stopped: Promise<void> | undefined;
  return {
    url: `redis://127.0.0.1:${port}/${db}`,
    host: '127.0.0.1',
    port,
    db,
    stop() {
      stopped ??= cleanUp();
      return stopped;
    },
  };
}
