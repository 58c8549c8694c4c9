/**
 * A fleet plan and a health report on big generated clusters, against a real worker process
 * (heap capped at 400 MB as deploy/ sets it), for issue 33 finding 3. Not a test: it prints
 * figures. For each size: a simulator serving the generated cluster (`big`) and a small one
 * (`other`, scenario 01), a redis-server, the worker consuming both; then one request at a time,
 * through the answer queue as a chat gateway would send it (`status` first: the worker's first
 * touch of the cluster, its watch cache filling; then `maintain all workers firmware` and
 * `health report`), while `/healthz` is asked in a loop and, once in the middle, `status` of the
 * other cluster. One JSON line per request:
 * `{ nodes, pods, request, secs, outcome, summary, worstHealthzMs, healthzOver1s, maxRssMB,
 *   otherStatusSecs, plansStored }` (secs: until the reply or the job's failure; outcome: the
 * reply's kind or the failure's code; maxRssMB: the worker's peak resident set sampled from
 * /proc; plansStored: the plans in Redis after the job ended, with their states: a plan the
 * requester never saw a card for is a ghost).
 *
 *   node --import ./test/helpers/redis-child-ts-loader.mjs scripts/bench-plan.ts \
 *     [--nodes 2000,10000] [--pods-per-node 10] [--root DIR] [--wait-s 240] [--max-nodes N]
 *     [--requests 'status;maintain all workers firmware;health report']
 *
 * `--root`: the project tree whose worker is measured (another checkout, for before/after
 * figures; its node_modules must be there). `--max-nodes`: the policy's `fleet.maxNodes` (to time a
 * plan bigger than the default limit). Generated files are cached in .bench/. Linux only
 * (/proc for the RSS). The machine's load changes the times: compare runs made side by side.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { freePort, startChild, stop } from './bench-processes.js';
import { generateCluster, writeScenarioFile } from './cluster-generator/index.js';
import { parseCommand } from '../src/commands/parse-command.js';
import { JobQueue } from '../src/queue/job-queue.js';
import type { AnswerJob } from '../src/queue/job.js';
import { kubeconfigFor } from '../src/simulator/kubeconfig-for.js';

// The project root: this file's parent folder from source, one more up from dist-scripts/.
const UP = fileURLToPath(new URL('..', import.meta.url));
const HERE = existsSync(join(UP, 'package.json')) ? UP : resolve(UP, '..');
const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '2000,10000' },
    'pods-per-node': { type: 'string', default: '10' },
    root: { type: 'string', default: HERE },
    'wait-s': { type: 'string', default: '240' },
    'max-nodes': { type: 'string' },
    requests: { type: 'string', default: 'status;maintain all workers firmware;health report' },
  },
});
const ROOT = resolve(values.root);
const LOADER = join(HERE, 'test/helpers/redis-child-ts-loader.mjs');
// The CLI run from the TypeScript sources (bin/k8s-ha-bot.js needs a build of dist/).
const CLI = [
  '--import',
  LOADER,
  '--input-type=module',
  '--eval',
  `const { main } = await import(${JSON.stringify(join(ROOT, 'adapters/k8s-ha-bot.ts'))}); process.exitCode = await main(process.argv);`,
  'k8s-ha-bot',
];
const BENCH_DIR = join(HERE, '.bench');
const WAIT_MS = Number(values['wait-s']) * 1000;
const SMALL = join(HERE, 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

function rssMB(pid: number | undefined): number | null {
  try {
    const m = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : null;
  } catch {
    return null;
  }
}

function job(text: string, cluster: string, n: number): AnswerJob {
  const parsed = parseCommand(text, { defaultLocale: 'en' });
  if (!parsed.ok) throw new Error(`not a command: ${text}`);
  return {
    requestId: `bench-plan-${Date.now()}-${n}`,
    text,
    command: parsed.command,
    cluster,
    locale: 'en',
    user: { platform: 'console', tenant: 'local', id: `bench${n}` },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

async function measure(o: {
  queue: JobQueue;
  redis: Redis;
  worker: ChildProcess;
  opsPort: number;
  text: string;
  n: number;
}): Promise<Record<string, unknown>> {
  for (const key of await o.redis.keys('k8s-ha-bot:maintenance:plan*')) await o.redis.del(key);
  const started = Date.now();
  const { jobId } = await o.queue.enqueue(job(o.text, 'big', o.n));
  let done: { outcome: string; summary: string; secs: number } | null = null;
  void o.queue.waitForReply(jobId, WAIT_MS, 'big').then(
    (r) => (done = { outcome: r.kind, summary: r.summary, secs: (Date.now() - started) / 1000 }),
    (e: unknown) =>
      (done = {
        outcome: `failed: ${(e as { code?: string }).code ?? 'error'}`,
        summary: String((e as Error).message).slice(0, 200),
        secs: (Date.now() - started) / 1000,
      }),
  );
  let worstHealthzMs = 0;
  let healthzOver1s = 0;
  let maxRssMB = 0;
  let otherStatusSecs: number | string | null = null;
  let other: Promise<void> | null = null;
  // `status` of the other cluster, asked once the big job has run for a second.
  const askOther = async (): Promise<void> => {
    await sleep(1000);
    const t = Date.now();
    const st = await o.queue.enqueue(job('status', 'other', o.n + 1000));
    other = o.queue.waitForReply(st.jobId, WAIT_MS, 'other').then(
      () => void (otherStatusSecs = (Date.now() - t) / 1000),
      (e: unknown) => void (otherStatusSecs = `failed: ${(e as { code?: string }).code ?? 'error'}`),
    );
  };
  const asked = askOther();
  while (done === null && Date.now() - started < WAIT_MS) {
    const h0 = Date.now();
    try {
      await fetch(`http://127.0.0.1:${o.opsPort}/healthz`, { signal: AbortSignal.timeout(20_000) });
    } catch {
      // a timeout counts as its duration
    }
    const ms = Date.now() - h0;
    worstHealthzMs = Math.max(worstHealthzMs, ms);
    if (ms > 1000) healthzOver1s += 1;
    const rss = rssMB(o.worker.pid);
    if (rss === null) break;
    maxRssMB = Math.max(maxRssMB, rss);
    await sleep(250);
  }
  await asked;
  await other;
  // A build that ignored its deadline stores its plan later: look again a little after.
  await sleep(5000);
  const plans: string[] = [];
  for (const key of await o.redis.keys('k8s-ha-bot:maintenance:plan:*')) {
    const p = JSON.parse((await o.redis.get(key)) ?? '{}') as { nodes?: unknown[]; state?: string };
    plans.push(`${p.nodes?.length ?? '?'} nodes, ${p.state ?? '?'}`);
  }
  const d = done as { outcome: string; summary: string; secs: number } | null;
  return {
    request: o.text,
    secs: d?.secs ?? `no answer in ${WAIT_MS / 1000} s`,
    outcome: d?.outcome ?? null,
    summary: d?.summary.slice(0, 160) ?? null,
    worstHealthzMs,
    healthzOver1s,
    maxRssMB,
    workerAlive: rssMB(o.worker.pid) !== null,
    otherStatusSecs,
    plansStored: plans,
  };
}

async function runSize(nodes: number, podsPerNode: number): Promise<void> {
  mkdirSync(BENCH_DIR, { recursive: true });
  const pods = nodes * podsPerNode;
  const file = join(BENCH_DIR, `plan-cluster-${nodes}-${pods}.json`);
  if (!existsSync(file)) await writeScenarioFile(file, generateCluster({ nodes, pods, seed: 1 }));
  const dir = mkdtempSync(join(tmpdir(), 'bench-plan-'));
  const children: ChildProcess[] = [];
  try {
    const sim = (f: string) =>
      startChild(process.execPath, [...CLI, 'simulate', f], /at (http:\/\/127\.0\.0\.1:\d+)/);
    const [big, small] = [await sim(file), await sim(SMALL)];
    children.push(big.child, small.child);
    writeFileSync(join(dir, 'kc-big'), kubeconfigFor(big.match[1] ?? ''));
    writeFileSync(join(dir, 'kc-other'), kubeconfigFor(small.match[1] ?? ''));
    const redisPort = await freePort();
    const redisServer = await startChild(
      'redis-server',
      ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      /Ready to accept connections/,
    );
    children.push(redisServer.child);
    const redisUrl = `redis://127.0.0.1:${redisPort}`;
    const maxNodes =
      values['max-nodes'] === undefined ? '' : `  fleet: { maxNodes: ${values['max-nodes']} }\n`;
    writeFileSync(
      join(dir, 'policy.yaml'),
      `defaults:\n  requesters: ["*"]\n  approvers: ["*"]\n${maxNodes}`,
    );
    writeFileSync(
      join(dir, 'config.yaml'),
      [
        'clusters:',
        '  big: { context: simulator, kubeconfig: kc-big, requestTimeoutMs: 5000, deadlineMs: 50000 }',
        '  other: { context: simulator, kubeconfig: kc-other, requestTimeoutMs: 5000, deadlineMs: 50000 }',
        'defaultCluster: big',
        'locale: en',
        'jobTimeoutMs: 60000',
        'maintenancePolicy: policy.yaml',
        'logLevel: warn',
        '',
      ].join('\n'),
    );
    const opsPort = await freePort();
    const worker = await startChild(
      process.execPath,
      ['--max-old-space-size=400', ...CLI, '--config', join(dir, 'config.yaml'), 'worker'],
      /"worker ready"/,
      {
        ...process.env,
        REDIS_URL: redisUrl,
        LOG_LEVEL: 'info',
        K8S_HA_BOT_OPS_PORT: String(opsPort),
        K8S_HA_BOT_OPS_HOST: '127.0.0.1',
      },
    );
    children.push(worker.child);
    const queue = new JobQueue({ redisUrl });
    const redis = new Redis(redisUrl);
    try {
      for (const [n, text] of values.requests.split(';').entries()) {
        const r = await measure({ queue, redis, worker: worker.child, opsPort, text, n });
        process.stdout.write(`${JSON.stringify({ nodes, pods, root: ROOT, ...r })}\n`);
        if (r.workerAlive === false) break;
      }
    } finally {
      await queue.close();
      redis.disconnect();
    }
  } finally {
    for (const c of children.reverse()) await stop(c);
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const n of values.nodes.split(',').map(Number)) await runSize(n, Number(values['pods-per-node']));
process.exit(0);
