/**
 * The Slack part of `npm run bench` (skip with BENCH_SLACK=0):
 *  - ack latency (p50/p99) of 1,000 signed `/k8s` slash commands sent at 50 per second to the real
 *    gateway process (`k8s-ha-bot gateway`, real Redis; every command is parsed and acked, then
 *    de-duplicated and enqueued right after the ack) and, in the same run, to a bare Bolt app that only acks;
 *  - the median time from a slash command to the answer posted at the (fake, local) Slack Web API,
 *    with a worker process answering from a 100-node cluster.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { queueKeys } from '../src/config/queue-keys.js';

const SECRET = '0123456789abcdef0123456789abcdef';

/**
 * Environment of every gateway and worker process the benchmark starts: no per-user rate limit
 * (`K8S_HA_BOT_RATE_LIMIT=0`, see src/ops/rate-limit.ts; the ack load is one user) and an ops server
 * on a free port (`K8S_HA_BOT_OPS_PORT=0`, see src/ops/ops-server.ts).
 */
export const BENCH_PROCESS_ENV = { K8S_HA_BOT_RATE_LIMIT: '0', K8S_HA_BOT_OPS_PORT: '0' } as const;

/** What the caller supplies: process helpers of bench.ts. */
export interface SlackBenchContext {
  benchDir: string;
  bin: string;
  kubeconfig: string;
  node: string;
  freePort: () => Promise<number>;
  startChild: (
    cmd: string,
    args: string[],
    ready: RegExp,
    env?: NodeJS.ProcessEnv,
  ) => Promise<{ child: ChildProcess; match: RegExpMatchArray }>;
  stop: (child: ChildProcess) => Promise<void>;
}

/** The figures. */
export interface SlackBenchResult {
  gateway: { p50: number; p99: number; errors: number };
  bare: { p50: number; p99: number; errors: number };
  answerMedianMs: number;
}

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))] ?? 0;
};

function commandBody(text: string, channel: string): string {
  return new URLSearchParams({
    team_id: 'T0BENCH',
    channel_id: channel,
    user_id: 'U0BENCH',
    command: '/k8s',
    text,
    response_url: 'http://127.0.0.1:9/none',
    trigger_id: `${Date.now()}.${randomBytes(6).toString('hex')}`,
  }).toString();
}

async function sendCommand(url: string, body: string): Promise<{ ms: number; status: number; text: string }> {
  const ts = Math.floor(Date.now() / 1000);
  const sig = `v0=${createHmac('sha256', SECRET).update(`v0:${ts}:${body}`).digest('hex')}`;
  const t = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(ts),
      'x-slack-signature': sig,
    },
    body,
  });
  const text = await res.text();
  return { ms: performance.now() - t, status: res.status, text };
}

/** 1,000 commands at 50/s; latency of each ack. */
async function ackLoad(
  url: string,
  text: string,
  count = 1000,
  perSecond = 50,
): Promise<{ p50: number; p99: number; errors: number }> {
  const pending: Promise<{ ms: number; status: number; text: string }>[] = [];
  const start = performance.now();
  for (let i = 0; i < count; i++) {
    const due = start + (i * 1000) / perSecond;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(sendCommand(url, commandBody(text, `C${i}`)));
  }
  const results = await Promise.all(pending);
  const ok = results.filter((r) => r.status === 200);
  return {
    p50: quantile(
      ok.map((r) => r.ms),
      0.5,
    ),
    p99: quantile(
      ok.map((r) => r.ms),
      0.99,
    ),
    errors: results.length - ok.length,
  };
}

/** A minimal local Slack Web API: auth.test, users.info, chat.postMessage (time of each post by channel). */
async function fakeSlack(): Promise<{
  apiUrl: string;
  posted: Map<string, number>;
  close: () => Promise<void>;
}> {
  const posted = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const method = (req.url ?? '').replace(/^\/api\//, '');
      const params = new URLSearchParams(Buffer.concat(chunks).toString());
      let body: Record<string, unknown> = { ok: true };
      if (method === 'auth.test') body = { ok: true, user_id: 'UBOT', bot_id: 'BBOT', team_id: 'T0BENCH' };
      if (method === 'chat.postMessage') {
        const channel = params.get('channel') ?? '';
        if (!posted.has(channel)) posted.set(channel, performance.now());
        body = { ok: true, channel, ts: `${Date.now() / 1000}` };
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    apiUrl: `http://127.0.0.1:${port}/api/`,
    posted,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

/**
 * Wait until a BullMQ queue (no worker) holds `count` waiting jobs.
 * @throws Error when it does not within `timeoutMs`
 */
async function expectQueued(
  redisUrl: string,
  queueName: string,
  count: number,
  timeoutMs: number,
): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    const deadline = Date.now() + timeoutMs;
    let waiting = 0;
    // The gateway runs with the default queue prefix (src/config/queue-keys.ts).
    while ((waiting = await redis.llen(`${queueKeys().prefix}:${queueName}:wait`)) < count) {
      if (Date.now() > deadline)
        throw new Error(
          `the gateway acked ${count} commands but only ${waiting} jobs reached ${queueName} within ${timeoutMs} ms`,
        );
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * Run the Slack benchmark.
 * @param ctx - paths and process helpers from bench.ts
 * @returns the figures (also printed by the caller)
 */
export async function benchSlack(ctx: SlackBenchContext): Promise<SlackBenchResult> {
  const redisPort = await ctx.freePort();
  const redisDir = join(ctx.benchDir, `redis-slack-${redisPort}`);
  const { mkdirSync } = await import('node:fs');
  mkdirSync(redisDir, { recursive: true });
  const redis = (
    await ctx.startChild(
      'redis-server',
      [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        redisDir,
        '--maxmemory-policy',
        'noeviction',
      ],
      /Ready to accept connections/,
    )
  ).child;
  const redisUrl = `redis://127.0.0.1:${redisPort}`;
  const slack = await fakeSlack();
  const config = join(ctx.benchDir, 'bench-slack-config.yaml');
  // `ackbench` has no worker: the ack load only enqueues; `bench` is answered by the worker.
  writeFileSync(
    config,
    `clusters:\n  bench:\n    context: simulator\n    kubeconfig: ${ctx.kubeconfig}\n  ackbench:\n    context: simulator\n    kubeconfig: ${ctx.kubeconfig}\ndefaultCluster: bench\n`,
  );
  // One bench user sends 2,100 commands: the per-user rate limit is off (`0`) for these processes, and
  // each picks a free ops port (`0`) so that nothing listening on 9090 breaks the run.
  const env = {
    ...process.env,
    ...BENCH_PROCESS_ENV,
    REDIS_URL: redisUrl,
    LOG_LEVEL: 'warn',
    SLACK_SIGNING_SECRET: SECRET,
    SLACK_BOT_TOKEN: 'xoxb-bench',
    SLACK_API_URL: slack.apiUrl,
    SLACK_REPLY_DEADLINE_MS: '3600000',
  };
  const children: ChildProcess[] = [];
  try {
    const gatewayPort = await ctx.freePort();
    const gw = await ctx.startChild(
      process.execPath,
      [ctx.bin, '--config', config, 'gateway'],
      /HTTP on port (\d+)/,
      { ...env, PORT: String(gatewayPort) },
    );
    children.push(gw.child);
    const bare = await ctx.startChild(
      process.execPath,
      [fileURLToPath(new URL('./bench-slack-bare.js', import.meta.url))],
      /listening on (\d+)/,
      env,
    );
    children.push(bare.child);
    const gatewayUrl = `http://127.0.0.1:${gw.match[1]}/slack/events`;
    const bareUrl = `http://127.0.0.1:${bare.match[1]}/slack/events`;
    // Warm both up (JIT, connections), then measure them in the same run.
    await ackLoad(gatewayUrl, `can I reboot ${ctx.node} in ackbench`, 50, 50);
    await ackLoad(bareUrl, 'warm up', 50, 50);
    const gatewayAcks = await ackLoad(gatewayUrl, `can I reboot ${ctx.node} in ackbench`);
    // The gateway enqueues after the ack: check that every acked command did reach the queue.
    await expectQueued(redisUrl, 'k8s-ha-bot-cluster-ackbench', 50 + 1000 - gatewayAcks.errors, 15_000);
    const bareAcks = await ackLoad(bareUrl, `can I reboot ${ctx.node}`);

    const worker = spawn(process.execPath, [ctx.bin, '--config', config, 'worker', '--cluster', 'bench'], {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(worker);
    const times: number[] = [];
    for (let i = 0; i < 12; i++) {
      const channel = `CANSWER${i}`;
      const t = performance.now();
      const ack = await sendCommand(gatewayUrl, commandBody(`can I reboot ${ctx.node}`, channel));
      if (ack.status !== 200) throw new Error(`gateway answered ${ack.status}`);
      const deadline = Date.now() + 120_000;
      while (!slack.posted.has(channel)) {
        if (Date.now() > deadline) throw new Error('no answer posted within 120 s');
        await new Promise((r) => setTimeout(r, 5));
      }
      if (i >= 2) times.push((slack.posted.get(channel) ?? 0) - t); // two warm-up requests
    }
    return { gateway: gatewayAcks, bare: bareAcks, answerMedianMs: quantile(times, 0.5) };
  } finally {
    for (const child of children.reverse()) await ctx.stop(child);
    await slack.close();
    await ctx.stop(redis);
  }
}
