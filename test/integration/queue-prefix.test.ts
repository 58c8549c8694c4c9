/**
 * K8S_HA_BOT_QUEUE_PREFIX (hardening): every process reads the key prefix from one
 * place, so a gateway, a worker and the console started with the same value meet on the same
 * queues; a blank value means the default everywhere.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { main } from '../../adapters/k8s-ha-bot.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { DEFAULT_QUEUE_PREFIX } from '../../src/config/queue-keys.js';
import { queuePrefixFrom } from '../../src/config/settings.js';
import { silentLogger } from '../../src/util/logger.js';
import { resolveWorkerSettings } from '../../workers/main.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned, slashCommandBody, TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startWorkerProcess } from '../helpers/redis-worker-process.js';
import type { WorkerProcess } from '../helpers/redis-worker-process.js';

const SCENARIO = join(process.cwd(), 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

describe('queuePrefixFrom', () => {
  it.each([
    [{}, undefined, 'bull'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: '' }, undefined, 'bull'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: '   ' }, undefined, 'bull'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: ' botb ' }, undefined, 'botb'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: '{botb}' }, undefined, '{botb}'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: 'botb' }, 'flag', 'flag'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: 'botb' }, '', 'botb'],
  ])('%j with flag %j gives %s', (env, flag, expected) => {
    expect(queuePrefixFrom(env, flag)).toBe(expected);
  });

  it.each([
    [{ K8S_HA_BOT_QUEUE_PREFIX: 'bot b' }, undefined, 'K8S_HA_BOT_QUEUE_PREFIX'],
    [{ K8S_HA_BOT_QUEUE_PREFIX: 'x'.repeat(65) }, undefined, 'K8S_HA_BOT_QUEUE_PREFIX'],
    [{}, 'a\u001b[31m', '--prefix'],
  ])('refuses %j / flag %j, naming %s', (env, flag, path) => {
    expect(() => queuePrefixFrom(env, flag)).toThrow(
      expect.objectContaining({ code: 'config-invalid', path }),
    );
  });

  it('the worker reads a blank K8S_HA_BOT_QUEUE_PREFIX as the default, like the gateway and the console', () => {
    const settings = resolveWorkerSettings({ REDIS_URL: 'redis://r:6379', K8S_HA_BOT_QUEUE_PREFIX: '' }, [
      'node',
      'worker',
      '--cluster',
      'prod',
    ]);
    expect(settings.prefix).toBe(DEFAULT_QUEUE_PREFIX);
  });
});

describe('a gateway, a worker and the console all started with K8S_HA_BOT_QUEUE_PREFIX=botb', () => {
  const PREFIX = 'botb';
  let redis: TestRedis;
  let fake: FakeSlackApi;
  let worker: WorkerProcess;
  let gateway: RunningGateway;
  let dir: string;

  beforeAll(async () => {
    redis = await useSharedRedis();
    fake = await startFakeSlackApi();
    // The worker process reads the prefix from its environment (the helper sets K8S_HA_BOT_QUEUE_PREFIX).
    worker = await startWorkerProcess({
      redisUrl: redis.url,
      prefix: PREFIX,
      clusters: ['prod'],
      countsKey: `${PREFIX}:calls`,
    });
    const cluster = {
      kind: 'snapshot' as const,
      snapshot: SCENARIO,
      requestTimeoutMs: 5000,
      deadlineMs: 20000,
    };
    const config: BotConfig = {
      source: 'test',
      clusters: { prod: cluster },
      defaultCluster: 'prod',
      locale: 'en',
      redis: { url: redis.url },
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    // No queuePrefix option: the gateway must take it from its environment, as `k8s-ha-bot gateway` does.
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test-token',
        SLACK_API_URL: fake.apiUrl,
        K8S_HA_BOT_QUEUE_PREFIX: PREFIX,
      },
      config,
      logger: silentLogger,
      port: 0,
    });
    dir = mkdtempSync(join(tmpdir(), 'queue-prefix-'));
  });

  afterAll(async () => {
    await gateway?.close();
    await worker?.stop();
    await fake?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('a Slack request reaches the worker and its answer is posted (not "did not finish")', async () => {
    const ack = await sendSigned(
      `http://127.0.0.1:${gateway.port}/slack/events`,
      slashCommandBody({ text: 'status', channel_id: 'CPREFIX' }),
      {
        contentType: 'application/x-www-form-urlencoded',
      },
    );
    expect(ack.status).toBe(200);
    await fake.waitFor(
      (calls) => calls.some((c) => c.method === 'chat.postMessage' && c.params.channel === 'CPREFIX'),
      60_000,
    );
    const post = fake.callsOf('chat.postMessage').find((c) => c.params.channel === 'CPREFIX');
    expect(JSON.stringify(post?.params)).toContain('echo: status');
  });

  it('the console (`ask`) reaches the same worker', async () => {
    const configFile = join(dir, 'bot.yaml');
    writeFileSync(
      configFile,
      `clusters:\n  prod: { snapshot: ${SCENARIO} }\ndefaultCluster: prod\njobTimeoutMs: 30000\n`,
    );
    let out = '';
    const code = await main(['node', 'k8s-ha-bot', '--config', configFile, 'ask', 'status'], {
      out: (t) => void (out += t),
      err: (t) => void (out += t),
      env: { LOG_LEVEL: 'silent', REDIS_URL: redis.url, K8S_HA_BOT_QUEUE_PREFIX: PREFIX },
    });
    expect(out).toContain('echo: status');
    expect(code).toBe(0);
  });
});
