/**
 * "Nothing more will happen on this queue": no job waiting, running, delayed, prioritized or
 * waiting for children. The positive signal a test waits for instead of sleeping "long enough for a
 * duplicate or a retry to show up": once a queue is idle, a retry or a second run would have had to
 * be a job in one of those states.
 */
import { Queue } from 'bullmq';

/** The BullMQ states of work not yet finished. */
const UNFINISHED = ['waiting', 'active', 'delayed', 'prioritized', 'waiting-children'] as const;

/**
 * Whether BullMQ queues hold no unfinished job.
 * @param redisUrl - the Redis URL (with the test file's database)
 * @param prefix - the BullMQ key prefix (`bull` when the code under test uses the default)
 * @param names - the queue names
 * @returns true when every queue is idle
 */
export async function queuesIdle(
  redisUrl: string,
  prefix: string,
  names: readonly string[],
): Promise<boolean> {
  for (const name of names) {
    const queue = new Queue(name, { connection: { url: redisUrl }, prefix });
    try {
      const counts = await queue.getJobCounts(...UNFINISHED);
      if (Object.values(counts).some((n) => n > 0)) return false;
    } finally {
      await queue.close();
    }
  }
  return true;
}

/**
 * Whether a BullMQ queue has no job scheduler (repeatable job) left: together with
 * {@link queuesIdle}, nothing will run on it again unless someone adds a job.
 * @param redisUrl - the Redis URL (with the test file's database)
 * @param prefix - the BullMQ key prefix
 * @param name - the queue name
 * @returns true when the queue has no job scheduler
 */
export async function noJobSchedulers(redisUrl: string, prefix: string, name: string): Promise<boolean> {
  const queue = new Queue(name, { connection: { url: redisUrl }, prefix });
  try {
    return (await queue.getJobSchedulersCount()) === 0;
  } finally {
    await queue.close();
  }
}
