/**
 * Workers are counted on the queue's own Redis database: CLIENT LIST is server-wide, and a worker of
 * a same-named queue on another database never takes this database's jobs (CI failure of stop 36:
 * the console waited out its deadline instead of saying at once that no worker runs).
 */
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { countWorkersOnDatabase } from '../../src/queue/queue-workers.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';
import { countQueueWorkers } from '../../adapters/console/count-queue-workers.js';
import { queueNameFor } from '../../src/queue/job.js';

// A server of its own: the test uses two databases of one server on purpose.
let server: RedisServer;
const connections: Redis[] = [];
function connect(db: number): Redis {
  const c = new Redis({ host: '127.0.0.1', port: server.port, db, maxRetriesPerRequest: null });
  connections.push(c);
  return c;
}

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  for (const c of connections) c.disconnect();
  await server.stop();
});

describe('countWorkersOnDatabase', () => {
  const name = queueNameFor('demo');

  it('counts a worker on the same database, and not one on another database of the same server', async () => {
    const onDb1 = new Queue(name, { connection: connect(1) });
    const onDb2 = new Queue(name, { connection: connect(2) });
    const worker = new Worker(name, async () => 'done', { connection: connect(2), autorun: true });
    await worker.waitUntilReady();
    try {
      // BullMQ alone counts the db 2 worker for the db 1 queue too:
      expect(await onDb1.getWorkersCount()).toBeGreaterThan(0);
      expect(await countWorkersOnDatabase(onDb1)).toBe(0);
      expect(await countWorkersOnDatabase(onDb2)).toBeGreaterThan(0);
      // the console's counter, through a URL with a database
      expect(await countQueueWorkers(`redis://127.0.0.1:${server.port}/1`, 'demo')).toBe(0);
      expect(await countQueueWorkers(`redis://127.0.0.1:${server.port}/2`, 'demo')).toBeGreaterThan(0);
    } finally {
      await worker.close();
      await onDb1.close();
      await onDb2.close();
    }
  });

  it('a Redis that refuses CLIENT (as some managed ones do): the count cannot be told (throws), it is not 1', async () => {
    const refusing = await startRedis({ extraArgs: ['--rename-command', 'CLIENT', '""'] });
    const connection = new Redis({ host: '127.0.0.1', port: refusing.port, maxRetriesPerRequest: null });
    const queue = new Queue(name, { connection });
    try {
      // BullMQ answers one stand-in entry rather than throwing:
      expect(await queue.getWorkersCount()).toBe(1);
      await expect(countWorkersOnDatabase(queue)).rejects.toThrow('CLIENT LIST');
      expect(await countQueueWorkers(`redis://127.0.0.1:${refusing.port}`, 'demo')).toBeNull();
    } finally {
      await queue.close();
      connection.disconnect();
      await refusing.stop();
    }
  });
});
