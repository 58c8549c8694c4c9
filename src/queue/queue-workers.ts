/**
 * How many workers consume a BullMQ queue, counted on the queue's own Redis database.
 *
 * BullMQ's `Queue.getWorkersCount` reads Redis `CLIENT LIST` and keeps the clients whose name is
 * the queue's worker name (`<prefix>:<base64(queue name)>[:w:…]`). `CLIENT LIST` is server-wide:
 * a worker of a same-named queue on **another database** of the same redis-server (a second bot, a
 * staging deployment, another test file) has that name too, yet never takes a job of this database.
 * Counting it answered "a worker is there" when none consumed the queue (the console then waited out
 * its deadline instead of saying at once that no worker runs; seen in CI, where test files share
 * one redis-server with one database each).
 */
import type { Queue } from 'bullmq';

/**
 * The Redis database a queue's connection uses: `db` of an ioredis `Redis` client (from the URL's
 * path, `redis://host:port/5`), 0 for a Redis Cluster (which has database 0 only).
 * @param queue - a BullMQ queue opened on an ioredis connection
 * @returns the database number
 */
function databaseOf(queue: Queue): number {
  // Every queue here is opened on an ioredis connection of ours (queue.opts.connection).
  const connection = queue.opts.connection as { options?: { db?: unknown } } | undefined;
  const db = connection?.options?.db;
  return typeof db === 'number' ? db : 0;
}

/**
 * Count the workers consuming `queue` on its own Redis database.
 *
 * A client listed without an address is BullMQ's stand-in for "this Redis refuses `CLIENT LIST`"
 * (it returns one such entry on some managed Redis rather than throwing): then the count cannot be
 * told, and this throws instead of answering 1.
 * @param queue - an open BullMQ queue (its prefix and name select the workers)
 * @returns the number of worker connections on the queue's database (each BullMQ worker holds one
 *   blocking connection named as a worker)
 * @throws Error when Redis cannot be reached or `CLIENT LIST` is not allowed
 */
export async function countWorkersOnDatabase(queue: Queue): Promise<number> {
  const db = databaseOf(queue);
  const workers = await queue.getWorkers();
  let count = 0;
  for (const worker of workers) {
    if (worker['addr'] === undefined) throw new Error('Redis does not list its clients (CLIENT LIST)');
    // Redis has printed db= in CLIENT LIST since 2.8; a line without it is counted, not dropped.
    if (worker['db'] === undefined || Number(worker['db']) === db) count += 1;
  }
  return count;
}
