/**
 * Request authentication is always on outside the development flag: the gateway refuses to start
 * without its secrets; with K8S_HA_BOT_DEV_INSECURE=1 an unauthenticated Teams endpoint starts,
 * bound to 127.0.0.1 only, and a warning is logged. Slack HTTP never starts without its secret.
 */
import { Writable } from 'node:stream';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { devInsecureFrom } from '../../src/config/settings.js';
import { createLogger, silentLogger } from '../../src/util/logger.js';
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

describe('authentication is always on, except in the loopback-only development mode', () => {
  it('refuses to start without secrets', async () => {
    await expect(
      startGateway({ env: { TEAMS_PORT: '0' }, config: config(), logger: silentLogger }),
    ).rejects.toThrow(/^SLACK_BOT_TOKEN: is not set/);
    await expect(
      startGateway({
        env: { MICROSOFT_APP_ID: '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f', TEAMS_PORT: '0' },
        config: config(),
        logger: silentLogger,
      }),
    ).rejects.toThrow(/^MICROSOFT_APP_PASSWORD: is not set/);
    await expect(
      startGateway({ env: { SLACK_BOT_TOKEN: 'xoxb-1-2-abc' }, config: config(), logger: silentLogger }),
    ).rejects.toThrow(/^SLACK_SIGNING_SECRET: is not set/);
    // The flag does not lift Slack's signing secret.
    await expect(
      startGateway({
        env: { SLACK_BOT_TOKEN: 'xoxb-1-2-abc', K8S_HA_BOT_DEV_INSECURE: '1' },
        config: config(),
        logger: silentLogger,
      }),
    ).rejects.toThrow(/^SLACK_SIGNING_SECRET: is not set/);
  });

  it('reads the flag strictly', () => {
    expect(devInsecureFrom({})).toBe(false);
    expect(devInsecureFrom({ K8S_HA_BOT_DEV_INSECURE: '1' })).toBe(true);
    expect(() => devInsecureFrom({ K8S_HA_BOT_DEV_INSECURE: 'yes' })).toThrow(
      /^K8S_HA_BOT_DEV_INSECURE: "yes"/,
    );
  });

  it('with K8S_HA_BOT_DEV_INSECURE=1 an unauthenticated Teams endpoint runs on 127.0.0.1 only, with a warning', async () => {
    let logged = '';
    const logger = createLogger({
      level: 'warn',
      stream: new Writable({ write: (c: Buffer, _e, done) => ((logged += c.toString()), done()) }),
    });
    const gateway = await startGateway({
      env: { K8S_HA_BOT_DEV_INSECURE: '1', TEAMS_PORT: '0' },
      config: config(),
      logger,
      queuePrefix: `di${Date.now()}`,
    });
    try {
      expect(gateway.mode).toBeUndefined();
      const port = gateway.teams?.port;
      expect(port).toBeGreaterThan(0);
      expect(gateway.teams?.teams.appId).toBe('');
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
      // Not reachable on another local address of this machine (the listener is loopback-only).
      const { networkInterfaces } = await import('node:os');
      const other = Object.values(networkInterfaces())
        .flat()
        .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;
      if (other) await expect(fetch(`http://${other}:${port}/healthz`)).rejects.toThrow();
      logger.flush();
      expect(logged).toContain('INSECURE development mode');
    } finally {
      await gateway.close();
    }
  });
});
