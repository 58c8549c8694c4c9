/**
 * TEST ONLY: a worker process with the fake answer step, started by the integration tests as a
 * separate process through the SWC loader:
 *
 *   node --import ./test/helpers/redis-child-ts-loader.mjs test/helpers/fake-worker-entry.ts --cluster c1
 *
 * Settings as for workers/main.ts (REDIS_URL, K8S_HA_BOT_QUEUE_PREFIX…); calls are counted in the
 * Redis hash FAKE_HANDLER_COUNTS_KEY (field = request id).
 */
import { Redis } from 'ioredis';
import { createLogger } from '../../src/util/logger.js';
import { exitSoonAfterStop } from '../../src/ops/shutdown.js';
import { runWorkerProcess } from '../../workers/main.js';
import { createFakeAnswerHandler } from './fake-answer-handler.js';

const countsKey = process.env.FAKE_HANDLER_COUNTS_KEY ?? 'fake-handler-calls';
const logger = createLogger({ name: 'fake-worker', level: process.env.LOG_LEVEL ?? 'info' });
const redis = new Redis(process.env.REDIS_URL ?? '', { lazyConnect: true, maxRetriesPerRequest: null });
redis.on('error', (err) => logger.warn({ err }, 'counter connection error'));

try {
  await runWorkerProcess({
    env: process.env,
    argv: process.argv,
    logger,
    loadHandler: async () =>
      createFakeAnswerHandler({ count: (requestId) => redis.hincrby(countsKey, requestId, 1) }),
  });
  logger.info('fake worker exiting');
} catch (err) {
  logger.fatal({ err }, 'fake worker failed');
  process.exitCode = 1;
} finally {
  redis.disconnect();
  logger.flush();
  exitSoonAfterStop();
}
