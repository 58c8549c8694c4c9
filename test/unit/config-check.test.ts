/**
 * `k8s-ha-bot config check` validates the deployment settings without starting or contacting
 * anything: Slack and Teams environment, ops/rate-limit/shutdown settings, the maintenance policy
 * file. Errors name the exact setting; no secret is echoed.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { main } from '../../adapters/k8s-ha-bot.js';

const BOT_TOKEN = 'xoxb-1111-2222-AbCdEfGhIjKlMnOp';
const SIGNING_SECRET = '0123456789abcdef0123456789abcdef';
const APP_PASSWORD = 'Zq8~supersecret.value_123';

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'config-check-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function check(
  env: Record<string, string>,
  args: string[] = [],
): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(['node', 'k8s-ha-bot', ...args, 'config', 'check'], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env: { HOME: dir, ...env },
  });
  return { code, out, err };
}

describe('config check', () => {
  it('reports every part and echoes no secret', async () => {
    const r = await check({
      SLACK_BOT_TOKEN: BOT_TOKEN,
      SLACK_SIGNING_SECRET: SIGNING_SECRET,
      MICROSOFT_APP_ID: '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f',
      MICROSOFT_APP_PASSWORD: APP_PASSWORD,
      TEAMS_ALLOWED_TENANTS: '0b6e2b0c-8d7a-4f61-9d63-7a1c5e0f2a11',
      K8S_HA_BOT_RATE_LIMIT: '20',
    });
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('configuration OK');
    expect(r.out).toContain('Slack: HTTP on all interfaces port 3000 (signing secret set)');
    expect(r.out).toContain('Teams: MultiTenant app 6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f');
    expect(r.out).toContain(
      'Slack: serves the workspace of the bot token (auth.test at start); set SLACK_ALLOWED_TEAMS to list workspaces (T…) / orgs (E…)',
    );
    expect(r.out).toContain('Teams: serves tenants 0b6e2b0c-8d7a-4f61-9d63-7a1c5e0f2a11');
    expect(r.out).toContain(
      'ops: 127.0.0.1 port 9090 (worker), 9091 (gateway), clusters in /readyz required, shutdown deadline 25000 ms, rate limit 20 requests per 60 s per user',
    );
    expect(r.out).toContain('maintenance policy: none');
    expect(r.out).toContain('queue key prefix: bull');
    for (const secret of [BOT_TOKEN, SIGNING_SECRET, APP_PASSWORD])
      expect(r.out + r.err).not.toContain(secret);
  });

  it('prints the Redis target (Sentinel or URL) without its passwords', async () => {
    const sentinel = await check({
      REDIS_SENTINELS: 's0:26379,s1:26379',
      REDIS_SENTINEL_NAME: 'mymaster',
      REDIS_PASSWORD: APP_PASSWORD,
      REDIS_SENTINEL_PASSWORD: SIGNING_SECRET,
    });
    expect(sentinel.code).toBe(0);
    expect(sentinel.out).toContain(
      'Redis: Sentinel primary "mymaster" via s0:26379,s1:26379 (password set, sentinel password set)',
    );
    const url = await check({ REDIS_URL: `rediss://:${APP_PASSWORD}@cache.example:6380/0` });
    expect(url.out).toContain('Redis: rediss://:***@cache.example:6380/0');
    for (const r of [sentinel, url])
      for (const secret of [APP_PASSWORD, SIGNING_SECRET]) expect(r.out + r.err).not.toContain(secret);
  });

  it.each([
    [{ SLACK_BOT_TOKEN: BOT_TOKEN }, 'SLACK_SIGNING_SECRET: is not set'],
    [{ MICROSOFT_APP_ID: '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f' }, 'MICROSOFT_APP_PASSWORD: is not set'],
    [
      { MICROSOFT_APP_ID: '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f', MICROSOFT_APP_PASSWORD: 'x' },
      'TEAMS_ALLOWED_TENANTS: is not set: a MultiTenant bot',
    ],
    [
      { SLACK_BOT_TOKEN: BOT_TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_ALLOWED_TEAMS: 'T0A,acme' },
      'SLACK_ALLOWED_TEAMS: "acme" is not a workspace id',
    ],
    [{ K8S_HA_BOT_RATE_LIMIT: 'lots' }, 'K8S_HA_BOT_RATE_LIMIT: "lots"'],
    [{ K8S_HA_BOT_OPS_PORT: '70000' }, 'K8S_HA_BOT_OPS_PORT: "70000" is not a port'],
    [
      { K8S_HA_BOT_OPS_HOST: '0.0.0.0:9090' },
      'K8S_HA_BOT_OPS_HOST: "0.0.0.0:9090": expected an address to listen on',
    ],
    [
      {
        SLACK_BOT_TOKEN: BOT_TOKEN,
        SLACK_SIGNING_SECRET: SIGNING_SECRET,
        K8S_HA_BOT_SLACK_HOST: 'any' + ' where',
      },
      'K8S_HA_BOT_SLACK_HOST: "any where"',
    ],
    [{ K8S_HA_BOT_SHUTDOWN_MS: '-1' }, 'K8S_HA_BOT_SHUTDOWN_MS: "-1"'],
    [{ K8S_HA_BOT_READYZ_CLUSTERS: 'sometimes' }, 'K8S_HA_BOT_READYZ_CLUSTERS: "sometimes"'],
    [{ K8S_HA_BOT_DEV_INSECURE: 'yes' }, 'K8S_HA_BOT_DEV_INSECURE: "yes"'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: 'bot b' }, 'K8S_HA_BOT_QUEUE_PREFIX: "bot b"'],
  ])('names the bad setting: %j', async (env, message) => {
    const r = await check(env);
    expect(r.code).toBe(2);
    expect(r.err).toContain(message);
    expect(r.err).not.toContain(BOT_TOKEN);
  });

  it('validates the maintenance policy file when one is configured', async () => {
    const policy = join(dir, 'policy.yaml');
    await writeFile(policy, 'clusters: 5\n');
    const config = join(dir, 'config.yaml');
    await writeFile(
      config,
      `clusters:\n  demo: { snapshot: ${join(process.cwd(), 'examples/ha-3cp.json')} }\nmaintenancePolicy: policy.yaml\n`,
    );
    const bad = await check({}, ['--config', config]);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/clusters/);
    await writeFile(policy, 'clusters: {}\n');
    const good = await check({}, ['--config', config]);
    expect(good.err).toBe('');
    expect(good.out).toContain(`maintenance policy: ${policy} OK`);
  });
});
