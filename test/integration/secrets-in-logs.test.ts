/**
 * Secrets the process holds never reach its output: the real worker (`k8s-ha-bot
 * worker`, from source) on a real redis-server with a password, against a "Kubernetes API" that
 * echoes whatever credential it receives (the bearer token, the basic user:password, decoded and
 * base64) and the cluster's client key in its error bodies, as some proxies and misconfigured
 * gateways do, with 4 KB of padding. Every byte the worker writes (stdout and stderr, JSON or not)
 * is scanned for every secret value the test environment holds; the logged upstream bodies must
 * also be short (at most 512 characters).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { JobQueue } from '../../src/queue/job-queue.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { silentLogger } from '../../src/util/logger.js';
import { startLoggedChild } from '../helpers/logged-child.js';
import type { LoggedChild } from '../helpers/logged-child.js';
import { startRedis } from '../helpers/redis-server.js';
import type { RedisServer } from '../helpers/redis-server.js';

const KUBE_TOKEN = 'KUBE-SECRET-TOKEN-9f8e7d6c5b4a';
const KUBE_USER = 'admin';
const KUBE_PASSWORD = 'KUBE-BASIC-PASSWORD-5e6f';
const REDIS_PASSWORD = 'R3disPassw0rdSECRET';
const CLIENT_KEY_PEM = generateKeyPairSync('rsa', { modulusLength: 1024 })
  .privateKey.export({ type: 'pkcs8', format: 'pem' })
  .toString();
const CLIENT_KEY_DATA = Buffer.from(CLIENT_KEY_PEM).toString('base64');
/** The key's base64 body on one line (how a body that strips the PEM markers would show it). */
const CLIENT_KEY_BODY = CLIENT_KEY_PEM.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
const ENV_SECRETS = {
  SLACK_SIGNING_SECRET: '8f3a9c0d1e2b4f6a8c0e2d4b6f8a0c1e',
  SLACK_BOT_TOKEN: 'xoxb-1111-2222-SECRETBOTTOKENxyz',
  SLACK_APP_TOKEN: 'xapp-1-A0123-SECRETAPPTOKENxyz',
  MICROSOFT_APP_PASSWORD: 'TEAMS-APP-PASSWORD-SECRET~abc',
};
/** Every secret value of the test environment, by name, as it could appear in text. */
const SECRETS: Record<string, string> = {
  kubeToken: KUBE_TOKEN,
  kubePassword: KUBE_PASSWORD,
  kubeBasicB64: Buffer.from(`${KUBE_USER}:${KUBE_PASSWORD}`).toString('base64'),
  redisPassword: REDIS_PASSWORD,
  clientKeyData: CLIENT_KEY_DATA,
  clientKeyBody: CLIENT_KEY_BODY,
  // Parts of the key (a body cut at some length must not show part of it either).
  clientKeyBodyPart: CLIENT_KEY_BODY.slice(100, 140),
  clientKeyDataPart: CLIENT_KEY_DATA.slice(100, 140),
  ...ENV_SECRETS,
};
const BODY_MARKER = 'UPSTREAM-BODY-MARKER-77';

let redis: RedisServer;
let api: Server;
let apiPort = 0;
let dir: string;
let apiRequests = 0;

/** The echoing API: 401 for nodes, 403 for pods, 500 elsewhere; the body repeats the credential. */
function startEchoApi(): Promise<void> {
  api = createServer((req, res) => {
    apiRequests += 1;
    const auth = req.headers.authorization ?? '';
    const raw = auth.split(' ')[1] ?? '';
    const decoded = auth.startsWith('Basic ') ? Buffer.from(raw, 'base64').toString() : raw;
    const path = req.url ?? '/';
    const status = path.startsWith('/api/v1/nodes') ? 401 : path.startsWith('/api/v1/pods') ? 403 : 500;
    const body = JSON.stringify({
      kind: 'Status',
      apiVersion: 'v1',
      status: 'Failure',
      code: status,
      reason: 'Unauthorized',
      message: `credential rejected: ${decoded} (header was "${auth}") key ${CLIENT_KEY_BODY} data ${CLIENT_KEY_DATA} ${BODY_MARKER}`,
      details: { causes: [{ message: `raw=${decoded}` }] },
      padding: 'x'.repeat(4000),
    });
    res.writeHead(status, {
      'content-type': 'application/json',
      'www-authenticate': `Bearer realm="${decoded}"`,
    });
    res.end(body);
  });
  return new Promise((resolve) => {
    api.listen(0, '127.0.0.1', () => {
      const address = api.address();
      apiPort = typeof address === 'object' && address ? address.port : 0;
      resolve();
    });
  });
}

beforeAll(async () => {
  // A redis-server of its own: it gets a password (requirepass), which would lock out every other test file.
  redis = await startRedis();
  const admin = new Redis(redis.url, { maxRetriesPerRequest: 1 });
  await admin.config('SET', 'requirepass', REDIS_PASSWORD);
  admin.disconnect();
  await startEchoApi();
  dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-secrets-'));
});

afterAll(async () => {
  await new Promise<void>((resolve) => api.close(() => resolve()));
  await redis.stop();
  await rm(dir, { recursive: true, force: true });
});

function job(cluster: string, text: string, n: number): AnswerJob {
  return {
    requestId: `sec-${cluster}-${n}`,
    text,
    cluster,
    locale: 'en',
    user: { platform: 'console', id: 'alice' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

describe('secrets in the worker output', () => {
  it('a worker against an API that echoes its credentials logs none of them, and short bodies only', async () => {
    const kubeconfig = join(dir, 'kubeconfig.yaml');
    await writeFile(
      kubeconfig,
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        `- name: evil`,
        `  cluster: { server: "http://127.0.0.1:${apiPort}" }`,
        'users:',
        `- name: tok`,
        `  user: { token: "${KUBE_TOKEN}" }`,
        `- name: basic`,
        `  user: { username: "${KUBE_USER}", password: "${KUBE_PASSWORD}" }`,
        `- name: cert`,
        `  user: { client-certificate-data: "${Buffer.from('-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n').toString('base64')}", client-key-data: "${CLIENT_KEY_DATA}" }`,
        'contexts:',
        '- { name: echo, context: { cluster: evil, user: tok } }',
        '- { name: echobasic, context: { cluster: evil, user: basic } }',
        '- { name: echocert, context: { cluster: evil, user: cert } }',
        'current-context: echo',
        '',
      ].join('\n'),
    );
    const redisUrl = `redis://:${REDIS_PASSWORD}@127.0.0.1:${redis.port}`;
    const config = join(dir, 'k8s-ha-bot.yaml');
    await writeFile(
      config,
      [
        'clusters:',
        ...['echo', 'echobasic', 'echocert'].map(
          (c) => `  ${c}: { context: ${c}, kubeconfig: ${JSON.stringify(kubeconfig)} }`,
        ),
        'defaultCluster: echo',
        'locale: en',
        '',
      ].join('\n'),
    );
    const prefix = `sec${Date.now()}`;
    let worker: LoggedChild | undefined;
    let readyzText = '';
    const queue = new JobQueue({ redisUrl, prefix, logger: silentLogger, jobOptions: { backoffMs: 50 } });
    try {
      worker = await startLoggedChild({
        entry: '../faults/cli-entry.ts',
        args: ['worker'],
        env: {
          K8S_HA_BOT_CONFIG: config,
          KUBECONFIG: kubeconfig,
          REDIS_URL: redisUrl,
          K8S_HA_BOT_QUEUE_PREFIX: prefix,
          K8S_HA_BOT_OPS_PORT: '0',
          K8S_HA_BOT_OPS_HOST: '127.0.0.1',
          LOG_LEVEL: 'debug',
          ...ENV_SECRETS,
        },
        readyMessage: 'worker ready',
        what: 'worker',
        readyTimeoutMs: 60_000,
        rawLimit: 20_000_000,
      });
      const jobs = ['echo', 'echobasic', 'echocert'].flatMap((c, i) => [
        job(c, 'status', i),
        job(c, 'can I reboot node-1', i + 10),
      ]);
      const outcomes = await Promise.all(
        jobs.map(async (j) => {
          const { jobId } = await queue.enqueue(j);
          return queue.waitForReply(jobId, 30_000, j.cluster).then(
            (r) => `answered: ${r.title}`,
            (err: unknown) => `failed: ${(err as { code?: string }).code ?? String(err)}`,
          );
        }),
      );
      expect(outcomes).toHaveLength(6);
      // The worker's /readyz probes the same API (and logs what failed).
      const ready = worker.logs.find(
        (l) => typeof l.msg === 'string' && l.msg.startsWith('ops server ready'),
      );
      const readyz = await fetch(`http://127.0.0.1:${String(ready?.port)}/readyz`);
      expect(readyz.status).toBe(503);
      readyzText = await readyz.text();
    } finally {
      await queue.close();
      if (worker && worker.child.exitCode === null) {
        worker.child.kill('SIGTERM');
        await worker.exited;
      }
    }
    expect(apiRequests).toBeGreaterThan(0);
    const output = worker?.output() ?? '';
    // The upstream bodies did reach the log (so the scan means something)...
    expect(output.includes('credential rejected')).toBe(true);
    const found: Record<string, number> = {};
    for (const [surface, text] of [
      ['worker output', output],
      ['/readyz', readyzText],
    ] as const) {
      for (const [name, secret] of Object.entries(SECRETS)) {
        const n = text.split(secret).length - 1;
        if (n > 0) found[`${surface} <- ${name}`] = n;
      }
    }
    expect(found).toEqual({});
    // ...each one bounded: every logged string that carries upstream text is at most 512 characters
    // (a stack: its first line), and every line of the output is a JSON record.
    const lines = output.split('\n').filter(Boolean);
    const notJson = lines.filter((l) => !l.startsWith('{'));
    expect(notJson).toEqual([]);
    const upstream: string[] = [];
    const walk = (v: unknown, key = ''): void => {
      if (typeof v === 'string') {
        const s = key === 'stack' ? (v.split('\n')[0] ?? '') : v;
        if (s.includes('credential rejected') || s.includes(BODY_MARKER)) upstream.push(s);
      } else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, k);
    };
    for (const l of lines) walk(JSON.parse(l));
    expect(upstream.length).toBeGreaterThan(0);
    expect(upstream.filter((s) => s.length > 512)).toEqual([]);
  });
});
