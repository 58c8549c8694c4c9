/**
 * TEST ONLY (fault suite): `maintain all workers` on a 10,000-node cluster (issue 33 finding 3:
 * on 2,000 nodes the worker's event loop was held for 115 s, `/healthz` took 10 s, the job lost
 * its queue lock and ran again, and a plan nobody saw a card for was stored; on 10,000 nodes the
 * worker grew to 2.96 GB and another cluster's `status` failed).
 *
 * Real processes: a redis-server, two `k8s-ha-bot simulate` (a generated cluster of 10,000 nodes
 * and 50,000 pods, `big`; scenario 01, `other`) and one `k8s-ha-bot worker` consuming both, its
 * heap capped at 400 MB as deploy/ sets it. After a first `status` of the big cluster (not
 * counted: the worker's first touch, its watch cache filling), the plan request goes through the
 * answer queue as a gateway sends it; meanwhile `/healthz` of the worker is asked in a loop, and
 * `status` of the other cluster once.
 *
 * Row: sent = the two requests, answered = those answered (the plan with its card or a refusal,
 * the status with a status), lost = the others; duplicated = plans left in Redis that no answer
 * showed (ghosts); worst = the slower answer, in s. No time is asserted: each request and each
 * `/healthz` has a generous ceiling (90 s, 30 s) and only an answer within it counts; the worst
 * `/healthz` time and the worker's peak RSS are in the notes. Pass: both answered, every `/healthz`
 * answered, the worker alive, no ghost plan.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Reply } from '../../src/explain/reply.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { kubeconfigFor } from '../../src/simulator/kubeconfig-for.js';
import { freePort, startRedis } from '../helpers/redis-server.js';
import { openLog, startCli } from './fault-processes.js';
import type { FaultProcess } from './fault-processes.js';
import type { FaultRow } from './slack-traffic.js';

const NODES = 10_000;
const PODS = 50_000;
const ANSWER_CEILING_MS = 90_000;
const HEALTHZ_CEILING_MS = 30_000;
const SCENARIO_01 = new URL('../fixtures/scenarios/01-healthy-3cp-stacked-etcd.json', import.meta.url)
  .pathname;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function job(text: string, cluster: string): AnswerJob {
  const parsed = parseCommand(text, { defaultLocale: 'en' });
  if (!parsed.ok) throw new Error(`big-plan fault: not a command: ${text}`);
  return {
    requestId: `big-plan-${cluster}-${Date.now()}`,
    text,
    command: parsed.command,
    cluster,
    locale: 'en',
    user: { platform: 'console', tenant: 'local', id: 'faults' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
}

/** Ask and wait for the reply; null when none came within the ceiling (or the job failed). */
async function ask(
  queue: JobQueue,
  text: string,
  cluster: string,
): Promise<{ reply: Reply | null; ms: number }> {
  const t = Date.now();
  const { jobId } = await queue.enqueue(job(text, cluster));
  const reply = await queue.waitForReply(jobId, ANSWER_CEILING_MS, cluster).catch(() => null);
  return { reply, ms: Date.now() - t };
}

/**
 * Run the fault.
 * @param say - progress lines for the suite's log
 * @returns the row
 */
export async function runBigPlanFault(say: (text: string) => void): Promise<FaultRow> {
  const fault = `"maintain all workers" on ${NODES.toLocaleString('en')} nodes: /healthz and another cluster's status meanwhile, no ghost plan`;
  const dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-big-plan-'));
  const log = openLog(join(dir, 'processes.log'));
  const redisServer = await startRedis();
  const redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  const processes: FaultProcess[] = [];
  const queue = new JobQueue({ redisUrl: redisServer.url });
  try {
    say(`big-plan: generating ${NODES} nodes, ${PODS} pods`);
    const file = join(dir, 'big.json');
    await writeScenarioFile(file, generateCluster({ nodes: NODES, pods: PODS, seed: 7 }));
    const sim = async (name: string, scenario: string): Promise<string> => {
      const port = await freePort();
      processes.push(
        await startCli(name, ['simulate', scenario, '--port', String(port)], {
          env: {},
          log,
          ready: (out) => out.includes('Simulator serving'),
          readyTimeoutMs: 300_000,
        }),
      );
      const kubeconfig = join(dir, `${name}.kubeconfig`);
      await writeFile(kubeconfig, kubeconfigFor(`http://127.0.0.1:${port}`));
      return kubeconfig;
    };
    const [big, other] = [await sim('sim-big', file), await sim('sim-other', SCENARIO_01)];
    const config = join(dir, 'k8s-ha-bot.yaml');
    await writeFile(
      config,
      [
        'clusters:',
        `  big: { context: simulator, kubeconfig: ${JSON.stringify(big)}, deadlineMs: 50000 }`,
        `  other: { context: simulator, kubeconfig: ${JSON.stringify(other)} }`,
        'defaultCluster: big',
        'locale: en',
        `redis: { url: ${JSON.stringify(redisServer.url)} }`,
        '',
      ].join('\n'),
    );
    const opsPort = await freePort();
    const worker = await startCli('worker-big', ['worker'], {
      env: {
        K8S_HA_BOT_CONFIG: config,
        REDIS_URL: redisServer.url,
        LOG_LEVEL: 'info',
        K8S_HA_BOT_OPS_PORT: String(opsPort),
        NODE_OPTIONS: '--max-old-space-size=400',
      },
      log,
      ready: (out) => out.includes('"worker ready"'),
    });
    processes.push(worker);
    // The worker's first touch of the cluster (its watch cache filling, the simulator's first
    // pages) is not what this row is about: a status first, not counted.
    say('big-plan: a first status of the big cluster (not counted)');
    await ask(queue, 'status', 'big');
    say('big-plan: asking for the plan, /healthz in a loop, the other cluster once');
    let planDone = false;
    const plan = ask(queue, 'maintain all workers firmware', 'big').finally(() => (planDone = true));
    const status = sleep(1000).then(() => ask(queue, 'status', 'other'));
    let probes = 0;
    let probesAnswered = 0;
    let worstHealthzMs = 0;
    let peakRssMB = 0;
    while (!planDone && !worker.exited()) {
      const h = Date.now();
      probes += 1;
      const ok = await fetch(`http://127.0.0.1:${opsPort}/healthz`, {
        signal: AbortSignal.timeout(HEALTHZ_CEILING_MS),
      }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) probesAnswered += 1;
      worstHealthzMs = Math.max(worstHealthzMs, Date.now() - h);
      const rss = /VmRSS:\s+(\d+)/.exec(
        await readFile(`/proc/${worker.child.pid}/status`, 'utf8').catch(() => ''),
      );
      if (rss) peakRssMB = Math.max(peakRssMB, Math.round(Number(rss[1]) / 1024));
      await sleep(250);
    }
    const [p, s] = [await plan, await status];
    // A build that went on past its answer would store its plan later: look a little after.
    await sleep(3000);
    const stored = await redis.keys('k8s-ha-bot:maintenance:plan:*');
    const shown = p.reply?.kind === 'maintenance' ? (p.reply.context.maintenanceId ?? '') : '';
    const ghosts = stored.filter((k) => shown === '' || !k.endsWith(`:${shown}`)).length;
    const planAnswered =
      p.reply !== null &&
      (p.reply.kind === 'maintenance' ||
        (p.reply.kind === 'error' && p.reply.summary.includes('more than one plan may hold')));
    const statusAnswered = s.reply !== null && s.reply.kind === 'ha-status';
    const answered = Number(planAnswered) + Number(statusAnswered);
    return {
      fault,
      sent: 2,
      answered,
      lost: 2 - answered,
      duplicated: ghosts,
      worst: (Math.max(p.ms, s.ms) / 1000).toFixed(1),
      pass: answered === 2 && probesAnswered === probes && !worker.exited() && ghosts === 0,
      notes: `plan: ${p.reply ? `${p.reply.kind} "${p.reply.summary.slice(0, 90)}"` : 'no answer'} in ${(p.ms / 1000).toFixed(1)} s; other cluster's status: ${s.reply?.kind ?? 'no answer'} in ${(s.ms / 1000).toFixed(1)} s; /healthz answered ${probesAnswered} of ${probes}, worst ${worstHealthzMs} ms; worker peak RSS ${peakRssMB} MB (heap cap 400 MB)${worker.exited() ? '; the worker DIED' : ''}; plans in Redis ${stored.length}`,
    };
  } finally {
    await queue.close().catch(() => undefined);
    redis.disconnect();
    await Promise.allSettled(processes.map((x) => x.stop(3000)));
    await redisServer.stop();
    await new Promise<void>((resolve) => log.end(resolve));
    await rm(dir, { recursive: true, force: true });
  }
}
