/**
 * The Bot Connector's error bodies reach the gateway's log bounded (issue 33 finding 10; docs/operations.md
 * "Logs": a one-line summary of at most 300 characters): a fake Bot Connector answers
 * every call with a 10 KB error body; the real Teams adapter's log lines stay short and still say
 * what failed.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { UPSTREAM_SUMMARY_MAX } from '../../src/util/redaction.js';
import { eventually } from '../helpers/eventually.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startTestTeamsAdapter } from '../helpers/teams-test-adapter.js';
import { testBotConfig } from '../helpers/test-bot-config.js';

describe('Teams gateway and a Bot Connector that answers errors with a 10 KB body', () => {
  let redis: TestRedis;
  let fake: FakeBotConnector;
  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeBotConnector();
  });
  afterAll(async () => {
    await fake?.close();
    await redis?.stop();
  });

  it('logs the failed acknowledgement as one bounded line: status, code and a summary, no stack, no request', async () => {
    const rec = recordingLogger({ level: 'info' });
    fake.override(() => ({
      status: 500,
      body: { error: { code: 'ServiceError', message: `upstream detail ${'S'.repeat(10_000)}` } },
    }));
    const { teams, url } = await startTestTeamsAdapter({
      config: testBotConfig(redis.url),
      logger: rec.logger,
      env: { K8S_HA_BOT_RATE_LIMIT: '0' },
      queuePrefix: 'teams-upstream-logs',
    });
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          type: 'message',
          id: 'big-error-1',
          timestamp: new Date().toISOString(),
          serviceUrl: fake.serviceUrl,
          channelId: 'msteams',
          from: { id: '29:user-alice', name: 'Alice', aadObjectId: '00000000-0000-0000-0000-0000000000a1' },
          conversation: { id: 'a:big-error', conversationType: 'personal', tenantId: 'tenant-1' },
          recipient: { id: '28:k8s-ha-bot', name: 'k8s-ha-bot' },
          text: 'help',
          locale: 'en-US',
          channelData: { tenant: { id: 'tenant-1' } },
        }),
      });
      expect(res.status).toBe(200);
      const [line] = await eventually('the failed acknowledgement logged', async () => {
        const found = rec.withMsg('could not send the Teams acknowledgement; enqueuing anyway');
        return found.length > 0 ? found : undefined;
      });
      expect(line?.err).toEqual({
        type: 'RestError',
        status: 500,
        code: 'ServiceError',
        message: expect.stringMatching(/^ServiceError: upstream detail S+…$/),
      });
      expect(String((line?.err as { message: string }).message).length).toBe(UPSTREAM_SUMMARY_MAX);
      for (const l of rec.lines) expect(JSON.stringify(l).length).toBeLessThan(1000);
    } finally {
      fake.override(undefined);
      await teams.close();
    }
  });
});
