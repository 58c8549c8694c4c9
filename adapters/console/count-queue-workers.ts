/**
 * How many workers consume a cluster's answer queue: the console asks before it enqueues, so a
 * request nobody would answer is never queued (it would run whenever a worker starts, long after
 * the console gave up, and a maintenance request would then be created for nobody).
 */
import type { RedisTarget } from '../../src/config/redis-settings.js';
import { Queue } from 'bullmq';
import { queueNameFor } from '../../src/queue/job.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { silentLogger } from '../../src/util/logger.js';
import type { Logger } from '../../src/util/logger.js';
import { queueKeys } from '../../src/config/queue-keys.js';
import { countWorkersOnDatabase } from '../../src/queue/queue-workers.js';

/** Options of {@link countQueueWorkers}. */
export interface CountQueueWorkersOptions {
  /** BullMQ key prefix, as the workers use it. @defaultValue `'bull'` */
  prefix?: string;
  /** How long to wait for Redis, in ms. @defaultValue 2000 */
  connectTimeoutMs?: number;
  /** @defaultValue a silent logger */
  logger?: Logger;
}

/** Open the cluster's queue on a short-lived connection, run `use`, and close everything; null on any failure (logged at debug). */
async function withQueue<T>(
  redisUrl: RedisTarget,
  cluster: string,
  options: CountQueueWorkersOptions,
  use: (queue: Queue) => Promise<T>,
): Promise<T | null> {
  const logger = options.logger ?? silentLogger;
  const connectTimeoutMs = options.connectTimeoutMs ?? 2000;
  const connection = createProducerConnection(redisUrl, { connectTimeoutMs, logger });
  let queue: Queue | undefined;
  try {
    await ensureReady(connection, redisUrl, connectTimeoutMs);
    queue = new Queue(queueNameFor(cluster), { connection, prefix: queueKeys(options.prefix).prefix });
    queue.on('error', (err) => logger.debug({ err }, 'queue error while inspecting the queue'));
    return await use(queue);
  } catch (err) {
    logger.debug({ err, cluster }, 'could not inspect the queue');
    return null;
  } finally {
    await queue
      ?.close()
      .catch((err: unknown) => logger.debug({ err }, 'closing the inspecting queue failed'));
    connection.disconnect();
  }
}

/**
 * Count the workers of one cluster's answer queue on this Redis database
 * ({@link countWorkersOnDatabase}: Redis `CLIENT LIST` filtered by the workers' client names and the database).
 * @param redisUrl - `redis://host:port`
 * @param cluster - the cluster (its queue is `queueNameFor(cluster)`)
 * @param options - prefix, connect timeout (ms), logger
 * @returns the number of workers, or null when it cannot be told (Redis unreachable, or `CLIENT
 *   LIST` / `CLIENT SETNAME` not allowed, as on some managed Redis): the caller then goes on as if
 *   a worker were there; never rejects
 */
export async function countQueueWorkers(
  redisUrl: RedisTarget,
  cluster: string,
  options: CountQueueWorkersOptions = {},
): Promise<number | null> {
  return withQueue(redisUrl, cluster, options, countWorkersOnDatabase);
}

/**
 * The state of one job of a cluster's answer queue, e.g. after `JobQueue.withdraw` (which does not
 * say whether it removed the job).
 * @param redisUrl - `redis://host:port`
 * @param cluster - the cluster
 * @param jobId - the job id (`jobIdFor(requestId)`)
 * @param options - prefix, connect timeout (ms), logger
 * @returns `'absent'` when no such job exists, else BullMQ's state (`waiting`, `active`,
 *   `completed`, `failed`…); null when it cannot be told; never rejects
 */
export async function queuedJobState(
  redisUrl: RedisTarget,
  cluster: string,
  jobId: string,
  options: CountQueueWorkersOptions = {},
): Promise<string | null> {
  return withQueue(redisUrl, cluster, options, async (queue) => {
    const job = await queue.getJob(jobId);
    return job === undefined ? 'absent' : await job.getState();
  });
}
