import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { silentLogger } from '../../src/util/logger.js';
import { resolveWorkerSettings, runWorkerProcess } from '../../workers/main.js';

const argv = (...flags: string[]): string[] => ['node', 'worker', ...flags];

describe('worker settings', () => {
  it('come from flags, which win over the environment', () => {
    const settings = resolveWorkerSettings(
      {
        REDIS_URL: 'redis://env:6379',
        K8S_HA_BOT_WORKER_CLUSTERS: 'a,b',
        K8S_HA_BOT_WORKER_CONCURRENCY: '3',
      },
      argv('--redis-url', 'redis://flag:6379', '--cluster', 'prod', '--cluster', 'staging'),
    );
    expect(settings).toEqual({
      redisUrl: 'redis://flag:6379',
      clusters: ['prod', 'staging'],
      concurrency: 3,
      prefix: 'bull',
      jobTimeoutMs: 60_000,
    });
  });

  it('accept --config, which the answer step reads', () => {
    const settings = resolveWorkerSettings(
      { REDIS_URL: 'redis://r:6379' },
      argv('--cluster', 'a', '--config', 'bot.yaml'),
    );
    expect(settings.clusters).toEqual(['a']);
  });

  it('take clusters from K8S_HA_BOT_WORKER_CLUSTERS', () => {
    const settings = resolveWorkerSettings(
      { REDIS_URL: 'redis://r:6379', K8S_HA_BOT_WORKER_CLUSTERS: ' a , b ,a' },
      argv(),
    );
    expect(settings.clusters).toEqual(['a', 'b']);
  });

  it.each([
    [{}, argv('--cluster', 'a'), 'REDIS_URL'],
    [{ REDIS_URL: 'http://r' }, argv('--cluster', 'a'), 'REDIS_URL'],
    [{ REDIS_URL: 'redis://r:6379' }, argv(), 'K8S_HA_BOT_WORKER_CLUSTERS'],
    [
      { REDIS_URL: 'redis://r:6379', K8S_HA_BOT_WORKER_CLUSTERS: 'Prod' },
      argv(),
      'K8S_HA_BOT_WORKER_CLUSTERS',
    ],
    [{ REDIS_URL: 'redis://r:6379' }, argv('--cluster', 'a', '--concurrency', '0'), '--concurrency'],
    [{ REDIS_URL: 'redis://r:6379' }, argv('--cluster', 'a:b'), 'argv'],
    [{ REDIS_URL: 'redis://r:6379' }, argv('--cluster', 'a', '--bogus'), 'argv'],
  ])('refuse %j %j, naming %s', (env, args, path) => {
    expect(() => resolveWorkerSettings(env, args)).toThrow(
      expect.objectContaining({ code: 'config-invalid', path }),
    );
  });
});

describe('worker process start-up', () => {
  it('fails fast with queue-unavailable when Redis is not there', async () => {
    // fails (within the connect timeout, not when Redis comes back: the test's ceiling would stop a hang)
    await expect(
      runWorkerProcess({
        env: { REDIS_URL: 'redis://127.0.0.1:1' },
        argv: argv('--cluster', 'a'),
        logger: silentLogger,
        loadHandler: async () => async () => {
          throw new Error('not called');
        },
        signals: new EventEmitter(),
      }),
    ).rejects.toMatchObject({ code: 'queue-unavailable' });
  });
});
