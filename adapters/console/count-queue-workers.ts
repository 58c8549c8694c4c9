/**
 * How many workers consume a cluster's answer queue: the console asks before it enqueues, so a
 * request nobody would answer is never queued (it would run whenever a worker starts, long after
 * the console gave up, and a maintenance request would then be created for nobody).
 */
import { Queue } from 'bullmq';
import { queueNameFor } from '../../src/queue/job.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { silentLogger } from '../../src/util/logger.js';
import type { Logger } from '../../src/util/logger.js';

/** Options of {@link countQueueWorkers}. */
export interface CountQueueWorkersOptions {
  /** BullMQ key prefix, as the workers use it. @defaultValue `'bull'` */
  prefix?: string;
  /** How long to wait for Redis, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** @defaultValue a silent logger */
  logger?: Logger;
}

/**
 * Count the workers of one cluster's answer queue (BullMQ's `getWorkersCount`, i.e. Redis
 * `CLIENT LIST` filtered by the workers' client names).
 * @param redisUrl - `redis://host:port`
 * @param cluster - the cluster (its queue is `queueNameFor(cluster)`)
 * @param options - prefix, connect timeout (ms), logger
 * @returns the number of workers, or null when it cannot be told (Redis unreachable, or `CLIENT
 *   LIST` / `CLIENT SETNAME` not allowed, as on some managed Redis): the caller then goes on as if
 *   a worker were there; never rejects
 */
export async function countQueueWorkers(redisUrl: string, cluster: string, options: CountQueueWorkersOptions = {}): Promise<number | null> {
  const logger = options.logger ?? silentLogger;
  const connection = createProducerConnection(redisUrl, { connectTimeoutMs: options.connectTimeoutMs ?? 2000, logger });
  let queue: Queue | undefined;
  try {
    await ensureReady(connection, redisUrl, options.connectTimeoutMs ?? 2000);
    queue = new Queue(queueNameFor(cluster), { connection, prefix: options.prefix ?? 'bull' });
    queue.on('error', (err) => logger.debug({ err }, 'queue error while counting workers'));
    return await queue.getWorkersCount();
  } catch (err) {
    logger.debug({ err, cluster }, 'could not count the queue workers');
    return null;
  } finally {
    await queue?.close().catch((err: unknown) => logger.debug({ err }, 'closing the counting queue failed'));
    connection.disconnect();
  }
}
