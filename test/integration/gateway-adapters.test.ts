/**
 * The gateway hosts whichever chat adapters are configured.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { join } from 'node:path';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { silentLogger } from '../../src/util/logger.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';

let redis: TestRedis;
beforeAll(async () => {
  redis = await useSharedRedis();
});
afterAll(() => redis.stop());

const config = (): BotConfig => ({
  source: 'test',
  clusters: {
    demo: {
      kind: 'snapshot',
      snapshot: join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json'),
      requestTimeoutMs: 5000,
      deadlineMs: 20000,
    },
  },
  defaultCluster: 'demo',
  locale: 'en',
  redis: { url: redis.url },
  jobTimeoutMs: 60000,
  logLevel: 'silent',
});

describe('gateway', () => {
  it('starts Teams alone when only Teams is configured', async () => {
    const gateway = await startGateway({
      env: {
        MICROSOFT_APP_ID: '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f',
        MICROSOFT_APP_PASSWORD: 'not-a-real-secret',
        TEAMS_PORT: '0',
        TEAMS_ALLOWED_TENANTS: '0b6e2b0c-8d7a-4f61-9d63-7a1c5e0f2a11',
      },
      config: config(),
      logger: silentLogger,
      queuePrefix: `gw${Date.now()}`,
    });
    try {
      expect(gateway.teams?.port).toBeGreaterThan(0);
      expect(gateway.mode).toBeUndefined();
      const health = await fetch(`http://127.0.0.1:${gateway.teams?.port}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await gateway.close();
    }
  });

  it('with no chat platform configured, names the Slack secret to set', async () => {
    await expect(startGateway({ env: {}, config: config(), logger: silentLogger })).rejects.toThrow(/SLACK_/);
  });
});
