/**
 * Ops ports (issue 31, "Ports"): a worker and a gateway started on one machine with the defaults
 * never fight over the ops port, and an ops server that cannot listen stops its process (exit code
 * not 0) with an error that names the address and the setting to change, instead of a log line and
 * a process without `/healthz`, and before it consumes a job or takes a chat request. Real CLI processes (test/faults/cli-entry.ts), a port held by this
 * test, a real Redis, a fake Slack Web API for the gateway.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer } from 'node:net';
import type { Server } from 'node:net';
import { loadSettings, opsPortOf } from '../../src/config/settings.js';
import { runCliUntilExit } from '../helpers/cli-process.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

let redis: TestRedis;
let slack: FakeSlackApi;
let held: Server;
let heldPort: number;

beforeAll(async () => {
  redis = await useSharedRedis();
  slack = await startFakeSlackApi();
  held = createServer();
  heldPort = await new Promise<number>((resolve, reject) => {
    held.once('error', reject);
    held.listen(0, '127.0.0.1', () => {
      const address = held.address();
      if (address && typeof address === 'object') resolve(address.port);
      else reject(new Error('no port assigned'));
    });
  });
});

afterAll(async () => {
  await new Promise<void>((resolve) => held.close(() => resolve()));
  await slack.close();
  await redis.stop();
});

describe('ops ports', () => {
  it('the worker and the gateway have different default ops ports; K8S_HA_BOT_OPS_PORT sets both', () => {
    const defaults = loadSettings({}).ops;
    expect(opsPortOf(defaults, 'worker')).not.toBe(opsPortOf(defaults, 'gateway'));
    const set = loadSettings({ K8S_HA_BOT_OPS_PORT: '7000' }).ops;
    expect([opsPortOf(set, 'worker'), opsPortOf(set, 'gateway')]).toEqual([7000, 7000]);
  });

  it.each([
    ['worker', {}],
    [
      'gateway',
      {
        SLACK_BOT_TOKEN: 'xoxb-test-token',
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        PORT: '0',
      },
    ],
  ] as const)(
    'a %s whose ops port is taken exits non-zero, naming the address and K8S_HA_BOT_OPS_PORT',
    async (role, env) => {
      const { code, out } = await runCliUntilExit([role], {
        REDIS_URL: redis.url,
        SLACK_API_URL: slack.apiUrl,
        K8S_HA_BOT_OPS_PORT: String(heldPort),
        ...env,
      });
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(out).toContain(
        `k8s-ha-bot: K8S_HA_BOT_OPS_PORT: the ${role}'s ops server (/healthz, /readyz, /metrics) cannot listen on 127.0.0.1:${heldPort} (EADDRINUSE`,
      );
      expect(out).toContain('set K8S_HA_BOT_OPS_PORT to a free port');
      expect(code).toBe(2);
      // It stops before it takes work: no job consumed, no chat request taken.
      expect(out).not.toContain(role === 'worker' ? '"worker ready"' : '"Slack gateway ready"');
      // Its Redis connections close quietly: no Redis error nor stack from the drop itself.
      expect(out).not.toContain('redis connection error');
      expect(out).not.toMatch(/^\s+at .+[(:]\d+/m);
    },
  );
});
