/**
 * The gateway's start-up call to Slack's Web API (issue 31, a newcomer's first hour): Bolt's token
 * check and the workspace lookup (both auth.test) failing stop the gateway with exit code 2 and a
 * one-line error that says what to fix, instead of @slack/web-api's error and its stack trace
 * (exit 1). Real CLI processes (test/faults/cli-entry.ts), a real Redis, and `SLACK_API_URL` at a
 * closed loopback port or at a fake Slack Web API that refuses the token.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import { runCliUntilExit } from '../helpers/cli-process.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const TOKEN = 'xoxb-startup-test-token';

let redis: TestRedis;
let slack: FakeSlackApi;

beforeAll(async () => {
  redis = await useSharedRedis();
  slack = await startFakeSlackApi();
});

afterAll(async () => {
  await slack.close();
  await redis.stop();
});

/** A loopback port nothing listens on: bound by this test, then closed. */
async function closedPort(): Promise<number> {
  const server = createServer();
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('no port assigned'));
    });
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Run `gateway` against `apiUrl` until it exits. */
function gatewayWith(apiUrl: string): Promise<{ code: number | null; out: string }> {
  return runCliUntilExit(['gateway'], {
    REDIS_URL: redis.url,
    SLACK_API_URL: apiUrl,
    SLACK_BOT_TOKEN: TOKEN,
    SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
    PORT: '0',
    K8S_HA_BOT_OPS_PORT: '0',
  });
}

/** Whether `out` holds a JavaScript stack frame line. */
const hasStack = (out: string): boolean => /^\s+at .+[(:]\d+/m.test(out);

describe('the gateway when its start-up call to Slack fails', () => {
  it('Slack unreachable: exit 2, says the Web API could not be reached (auth.test), the cause and the fix', async () => {
    const port = await closedPort();
    const { code, out } = await gatewayWith(`http://127.0.0.1:${port}/api/`);
    expect(code).toBe(2);
    expect(out).toContain(
      `k8s-ha-bot: Slack's Web API could not be reached at start (auth.test at http://127.0.0.1:${port}/api/: ECONNREFUSED)`,
    );
    expect(out).toContain('DNS, firewall and any proxy');
    expect(out).toContain('SLACK_API_URL');
    expect(hasStack(out)).toBe(false);
    expect(out).not.toContain('Slack gateway ready');
  });

  it.each(['invalid_auth', 'not_authed', 'account_inactive'])(
    'Slack refuses the token (%s): exit 2, a configuration error naming SLACK_BOT_TOKEN',
    async (refusal) => {
      slack.override('auth.test', () => ({ body: { ok: false, error: refusal } }));
      const { code, out } = await gatewayWith(slack.apiUrl);
      expect(code).toBe(2);
      expect(out).toContain(
        `k8s-ha-bot: SLACK_BOT_TOKEN: Slack refused the bot token at start (auth.test: ${refusal}); copy "Bot User OAuth Token"`,
      );
      expect(out).not.toContain(TOKEN);
      expect(hasStack(out)).toBe(false);
    },
  );
});
