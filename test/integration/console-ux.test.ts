/**
 * Console UX fixes: no worker / timeout through the queue (real Redis: nothing left queued), a
 * cluster at the end of a maintenance reason, maintenance without Redis, exit codes of unknown
 * nodes and components, `--as NAME`, and `maintain` without a node.
 */
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import {
  type ConsoleOutcome,
  consoleSession,
  handleConsoleRequest,
} from '../../adapters/console/console-adapter.js';
import { Command } from 'commander';
import { withImplicitAsk } from '../../adapters/console/cli.js';
import { createAnswerService } from '../../src/answer/answer.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { queueNameFor } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { type TestRedis, useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { allDocsText, docPages, docSection } from '../helpers/docs.js';
import { createMaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { DEFAULT_MAINTENANCE_POLICY } from '../../src/maintenance/policy.js';
import { ReplyPublisher } from '../../src/queue/reply-queue.js';
import { silentLogger } from '../../src/util/logger.js';
import { runCli } from '../helpers/run-cli.js';

const DEMO_SNAPSHOT = join(process.cwd(), 'examples/ha-3cp.json');
const demo: BotConfig = {
  source: 'test',
  clusters: {
    demo: { kind: 'snapshot', snapshot: DEMO_SNAPSHOT, requestTimeoutMs: 5000, deadlineMs: 20000 },
  },
  defaultCluster: 'demo',
  locale: 'en',
  jobTimeoutMs: 60000,
  logLevel: 'silent',
};
const withRedis: BotConfig = { ...demo, redis: { url: 'redis://127.0.0.1:1' } };

function neverRun(): jest.Mock<(job: AnswerJob) => Promise<Reply>> {
  return jest.fn<(job: AnswerJob) => Promise<Reply>>();
}

describe('2: a trailing "in CLUSTER" after a maintenance reason names the cluster', () => {
  it.each([
    'maintain atlas-wk-1 kernel in prod',
    'maintain atlas-cp-1 in prod',
    'maintain atlas-wk-1 kernel --cluster prod',
  ])('%s → no cluster prod, nothing runs', async (text) => {
    const run = neverRun();
    const outcome = await handleConsoleRequest({ text }, withRedis, run);
    expect(run).not.toHaveBeenCalled();
    expect(outcome.exitCode).toBe(2);
    expect(renderText(outcome.reply)).toContain('No cluster named prod; configured: demo.');
  });

  it('a reason with "in" elsewhere is kept whole and runs on the default cluster', async () => {
    const run = jest.fn<(job: AnswerJob) => Promise<Reply>>(async () => {
      throw new Error('stop here');
    });
    await expect(
      handleConsoleRequest({ text: 'maintain atlas-wk-1 fix leak in kubelet config' }, withRedis, run),
    ).rejects.toThrow('stop here');
    const job = run.mock.calls[0]?.[0];
    expect(job?.cluster).toBe('demo');
    expect(job?.command).toMatchObject({
      kind: 'maintenance-request',
      node: 'atlas-wk-1',
      reason: 'fix leak in kubelet config',
    });
  });
});

describe('3: maintenance without Redis says what to set up (exit 2), in en and ko', () => {
  const rows: [string, 'en' | 'ko'][] = [
    ['maintain atlas-wk-2 kernel patch', 'en'],
    ['approve mr-abcdefgh23', 'en'],
    ['reject mr-abcdefgh23', 'en'],
    ['cancel mr-abcdefgh23', 'en'],
    ['audit', 'en'],
    ['maintenance status mr-abcdefgh23', 'en'],
    ['atlas-wk-2 유지보수 요청 커널 패치', 'ko'],
    ['mr-abcdefgh23 승인', 'ko'],
    ['mr-abcdefgh23 거절', 'ko'],
    ['mr-abcdefgh23 취소', 'ko'],
    ['감사 로그', 'ko'],
    ['mr-abcdefgh23 상태', 'ko'],
  ];
  it.each(rows)('%s', async (text, locale) => {
    const run = neverRun();
    const outcome = await handleConsoleRequest({ text }, demo, run);
    expect(run).not.toHaveBeenCalled();
    expect(outcome.exitCode).toBe(2);
    const out = renderText(outcome.reply);
    expect(out).not.toMatch(/try again in a minute|잠시 후 다시/);
    expect(out).toContain('REDIS_URL');
    expect(out).toContain('redis.url');
    expect(out).toContain('`k8s-ha-bot worker`');
    expect(out).toContain('docs/maintenance.md');
    expect(out).toContain(locale === 'en' ? 'Maintenance needs Redis' : '유지보수에는 Redis가 필요합니다');
  });

  it('a reboot question still runs in-process', async () => {
    const run = jest.fn<(job: AnswerJob) => Promise<Reply>>(async () => {
      throw new Error('ran');
    });
    await expect(handleConsoleRequest({ text: 'can I reboot atlas-wk-2' }, demo, run)).rejects.toThrow('ran');
  });
});

describe('4: a node or component the cluster does not have is bad input (exit 2)', () => {
  const service = createAnswerService({ config: demo });
  afterAll(async () => {
    await service.close();
  });
  it.each([
    ['what if atlas-wk-9 goes down', 2],
    ['what if kube-prxy restarts on atlas-wk-1', 2],
    ['restart etcd on atlas-wk-1', 2],
    ['can I reboot atlas-cp9', 2],
    ['what if atlas-wk-2 goes down', 0],
    ['restart etcd on atlas-cp-1', 0],
  ] as const)('%s → exit %d', async (text, code) => {
    const outcome = await handleConsoleRequest({ text }, demo, (job) => service.answer(job));
    expect(outcome.exitCode).toBe(code);
  });

  it('the same exit code with --format json (the CLI, embedded demo cluster)', async () => {
    const { code, out } = await runCli(
      ['ask', '--format', 'json', 'what if kube-prxy restarts on atlas-wk-1'],
      {
        REDIS_URL: '',
      },
    );
    expect(code).toBe(2);
    const json = JSON.parse(out) as { kind: string; findings: { check: string; variant: string }[] };
    expect(json.kind).toBe('error');
    expect(json.findings[0]).toMatchObject({ check: 'what-if-target', variant: 'unknown-component' });
  });
});

describe('Redis unreachable at the console', () => {
  // Issue 31 (a newcomer's first hour): the console said only "The job queue is unavailable right
  // now; try again in a minute", the chat users' text, to the one person who can fix REDIS_URL.
  it('names the Redis address (no credentials) and the fix: REDIS_URL or redis-server', async () => {
    const { code, out } = await runCli(['ask', 'status'], {
      REDIS_URL: 'redis://probe:s3cret-pw@127.0.0.1:1/2',
    });
    expect(code).toBe(1);
    expect(out).toContain('Redis at 127.0.0.1:1 cannot be reached');
    expect(out).toContain('check REDIS_URL');
    expect(out).toContain('start redis-server there');
    expect(out).not.toContain('try again in a minute');
    expect(out).not.toContain('s3cret-pw');
    expect(out).not.toContain('probe');
  });
});

describe('exit codes of ask: each kind of outcome has its code, documented in the help and the README', () => {
  // Issue 16 (new user): an unsafe verdict exited 0 like a safe one, so `ask … && reboot` went on.
  it.each([
    ['can I reboot atlas-wk-1', 'en', 0],
    ['can I reboot atlas-cp-1', 'en', 0],
    ['status', 'en', 0],
    ['can I reboot atlas-cp-1 and atlas-cp-2', 'en', 3],
    ['atlas-cp-1, atlas-cp-2 재부팅해도 돼?', 'ko', 3],
    ['can I reboot nosuchnode', 'en', 2],
    ['blah blah', 'en', 2],
    ['status mp-1', 'en', 2],
    ['mp-1 상태', 'ko', 2],
  ] as const)('%s → %s, exit %d (text and --format json)', async (text, lang, code) => {
    const asText = await runCli(['ask', text], { REDIS_URL: '' });
    const asJson = await runCli(['ask', '--format', 'json', text], { REDIS_URL: '' });
    expect([text, asText.code, asJson.code]).toEqual([text, code, code]);
    const json = JSON.parse(asJson.out) as { verdict: string | null; request: { language: string } | null };
    // The answer is in the language of the request, a malformed plan id too.
    expect(json.request?.language ?? lang).toBe(lang);
    if (code === 3) expect(json.verdict).toBe('unsafe');
    if (code === 0) expect(json.verdict).not.toBe('unsafe');
  });

  it('a malformed plan id is answered in the language asked, naming the id forms', async () => {
    const en = await runCli(['ask', 'status mp-1'], { REDIS_URL: '' });
    expect(en.out).toMatch(/plan ids like mp-abcdefgh23/);
    const ko = await runCli(['ask', '--lang', 'ko', 'status mp-1'], { REDIS_URL: '' });
    expect(ko.out).toMatch(/계획 ID는 mp-abcdefgh23/);
    expect(ko.out).not.toMatch(/That is not/);
  });

  it('ask --help and the documentation (README.md, docs/) list the same exit codes', async () => {
    const help = await runCli(['ask', '--help']);
    expect(help.code).toBe(0);
    const docs = allDocsText();
    for (const code of [0, 1, 2, 3]) {
      expect(help.out).toMatch(new RegExp(`^  ${code}  \\S`, 'm'));
      expect(docs).toMatch(new RegExp(`Exit codes:[^#]*\\b${code} (?:answered|could not|bad input)`));
    }
    expect(help.out).toMatch(/3 {2}answered; the verdict is unsafe/);
  });
});

describe('6: a maintenance verb without a node shows the maintenance forms only (single-node and fleet)', () => {
  it.each([
    ['maintain', 'en', 'maintain NODE [REASON] [in CLUSTER]'],
    ['approve', 'en', 'approve | reject | cancel REQUEST_ID'],
    ['유지보수 요청', 'ko', 'NODE 유지보수 요청'],
  ] as const)('%s', async (text, locale, form) => {
    const run = neverRun();
    const outcome = await handleConsoleRequest({ text }, withRedis, run);
    expect(run).not.toHaveBeenCalled();
    expect(outcome.exitCode).toBe(2);
    expect(outcome.reply.locale).toBe(locale);
    const out = renderText(outcome.reply);
    expect(out).toContain(form);
    // the fleet's forms too: plans and the locks
    expect(out).toContain(locale === 'en' ? 'break lock [maintenance|kured]' : '[kured|유지보수] 잠금 해제');
    expect(out).not.toContain('I did not understand');
    expect(out).not.toContain('can I reboot NODE');
  });
});

describe('5: --as NAME', () => {
  it.each(['bad name', 'a'.repeat(65), 'eve/../root', ''])('refuses %j with exit 2', async (name) => {
    const { code, err } = await runCli(['ask', '--as', name, 'status']);
    expect(code).toBe(2);
    expect(err).toMatch(/option '--as <name>' argument .* is invalid\. 1 to 64 letters/);
  });

  it('is documented in the help of ask and chat', async () => {
    for (const cmd of ['ask', 'chat']) {
      const { code, out } = await runCli([cmd, '--help']);
      expect(code).toBe(0);
      expect(out).toContain('--as <name>');
      expect(out).toContain('console:local:NAME');
      expect(out).toContain('ask --as bob "approve mr-');
    }
  });
});

describe('1 and 5 through the queue (real Redis)', () => {
  let redis: TestRedis;
  let admin: Redis;
  let dir: string;
  let configFile: string;
  const queueName = queueNameFor('demo');

  beforeAll(async () => {
    redis = await useSharedRedis();
    admin = new Redis(redis.url, { maxRetriesPerRequest: null });
    dir = mkdtempSync(join(tmpdir(), 'console-ux-'));
    configFile = join(dir, 'bot.yaml');
    // A short job time limit: the tests wait for it.
    writeFileSync(
      configFile,
      `clusters:\n  demo: { snapshot: ${DEMO_SNAPSHOT}, requestTimeoutMs: 1000, deadlineMs: 1000 }\ndefaultCluster: demo\njobTimeoutMs: 1500\n`,
    );
  });
  afterAll(async () => {
    admin.disconnect();
    await redis.stop();
  });

  async function jobsInQueue(): Promise<number> {
    const queue = new Queue(queueName, { connection: admin });
    try {
      const counts = await queue.getJobCounts(
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'completed',
        'failed',
      );
      return Object.values(counts).reduce((a, b) => a + b, 0);
    } finally {
      await queue.close();
    }
  }

  /** A client that looks like a worker of the demo queue (BullMQ's worker client name) but takes no job. */
  async function fakeIdleWorker(): Promise<Redis> {
    const client = new Redis(redis.url, { maxRetriesPerRequest: null });
    await client.client('SETNAME', `bull:${Buffer.from(queueName).toString('base64')}:w:idle`);
    return client;
  }

  it('no worker: says so at once, names the cluster and the command, and queues nothing', async () => {
    const { code, out, err } = await runCli(
      ['--config', configFile, 'ask', 'maintain atlas-wk-2 kernel patch'],
      { REDIS_URL: redis.url },
    );
    expect({ err }).toEqual({ err: '' });
    // at once: before anything is queued, not after waiting out the job time limit
    expect(out).not.toContain('did not finish within');
    expect(code).toBe(1);
    // It names the key prefix it looked under, and how to start a worker on it (issue 31).
    expect(out).toContain(
      'No worker is consuming the queue of cluster demo under the key prefix bull; start one with `k8s-ha-bot worker` on the same Redis (REDIS_URL) and the same prefix (K8S_HA_BOT_QUEUE_PREFIX=bull, or `k8s-ha-bot worker --prefix bull`)',
    );
    expect(await jobsInQueue()).toBe(0);
  });

  it('no worker under a prefix of its own: the answer names that prefix (a worker on another one never sees the job)', async () => {
    const { code, out } = await runCli(['--config', configFile, 'ask', 'status'], {
      REDIS_URL: redis.url,
      K8S_HA_BOT_QUEUE_PREFIX: 'botb',
    });
    expect(code).toBe(1);
    expect(out).toContain('under the key prefix botb;');
    expect(out).toContain('K8S_HA_BOT_QUEUE_PREFIX=botb, or `k8s-ha-bot worker --prefix botb`');
  });

  it('a worker that does not answer in time: the job is withdrawn and never runs late', async () => {
    const idle = await fakeIdleWorker();
    try {
      const { code, out } = await runCli(
        ['--config', configFile, 'ask', 'maintain atlas-wk-2 kernel patch'],
        {
          REDIS_URL: redis.url,
        },
      );
      expect(code).toBe(1);
      expect(out).toContain('did not finish within 2 s; the request was withdrawn, so it will not run later');
      expect(await jobsInQueue()).toBe(0);
    } finally {
      idle.disconnect();
    }
  });

  it('the only worker goes away while the console waits: withdrawn, and the answer says no worker consumes the queue', async () => {
    const idle = await fakeIdleWorker();
    try {
      const asked = runCli(['--config', configFile, 'ask', 'can I reboot atlas-wk-2'], {
        REDIS_URL: redis.url,
      });
      // The worker leaves once the job is queued (a signal, not a fixed 500 ms: on a busy machine
      // the console had not queued the job yet, or had, when that timer fired).
      await eventually('the job queued', async () => (await jobsInQueue()) > 0, WAIT_CEILING_MS);
      idle.disconnect();
      const { code, out } = await asked;
      expect(code).toBe(1);
      expect(out).toContain('No worker is consuming the queue of cluster demo under the key prefix bull');
      expect(out).toContain('The request was withdrawn: it will not run later.');
      expect(await jobsInQueue()).toBe(0);
    } finally {
      idle.disconnect();
    }
  });

  it('a job a worker already started when the time ran out is said to be running, not withdrawn', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // BullMQ does not close a connection it was given: this test does.
    const workerConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const worker = new Worker(queueName, async () => held, { connection: workerConnection });
    await worker.waitUntilReady();
    try {
      const { code, out } = await runCli(['--config', configFile, 'ask', 'can I reboot atlas-wk-2'], {
        REDIS_URL: redis.url,
      });
      expect(code).toBe(1);
      expect(out).toContain('a worker is still running it, so it could not be withdrawn');
      expect(out).not.toContain('the request was withdrawn');
    } finally {
      release();
      await worker.close(true);
      workerConnection.disconnect();
    }
    await admin.flushdb();
  });

  it('--as NAME reaches the worker as the job user (identity console:local:NAME)', async () => {
    const seen: AnswerJob[] = [];
    const workerConnection = new Redis(redis.url, { maxRetriesPerRequest: null });
    const worker = new Worker(
      queueName,
      async (job) => {
        const data = job.data as AnswerJob;
        seen.push(data);
        const reply: Reply = {
          kind: 'help',
          locale: 'en',
          title: 't',
          verdict: null,
          summary: `hello ${data.user.id}`,
          planes: [],
          sections: [],
          advice: [],
          actions: [],
          context: { cluster: 'demo', snapshotAt: null, requestId: data.requestId },
          findings: [],
        };
        return reply;
      },
      { connection: workerConnection },
    );
    await worker.waitUntilReady();
    try {
      const { code, out } = await runCli(['--config', configFile, 'ask', '--as', 'alice.ops_1', 'status'], {
        REDIS_URL: redis.url,
      });
      expect(code).toBe(0);
      expect(out).toContain('hello alice.ops_1');
      expect(seen[0]?.user).toEqual({ platform: 'console', id: 'alice.ops_1' });
    } finally {
      await worker.close();
      workerConnection.disconnect();
    }
  });
});

describe('7: a refused maintenance request exits 1, as the README says', () => {
  const SCENARIOS = join(process.cwd(), 'test/fixtures/scenarios');
  let config: BotConfig = {
    ...demo,
    clusters: {
      degraded: {
        kind: 'snapshot',
        snapshot: join(SCENARIOS, '02-3cp-one-etcd-member-down.json'),
        requestTimeoutMs: 5000,
        deadlineMs: 20000,
      },
      healthy: {
        kind: 'snapshot',
        snapshot: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
        requestTimeoutMs: 5000,
        deadlineMs: 20000,
      },
    },
    defaultCluster: 'degraded',
  };
  let redis: TestRedis;
  let connection: Redis;
  let publisher: ReplyPublisher;
  let maintenance: MaintenanceService;
  let answers: ReturnType<typeof createAnswerService>;

  beforeAll(async () => {
    redis = await useSharedRedis();
    config = { ...config, redis: { url: redis.url } };
    connection = new Redis(redis.url, { maxRetriesPerRequest: null });
    publisher = new ReplyPublisher(connection);
    maintenance = createMaintenanceService({
      redis: connection,
      policy: DEFAULT_MAINTENANCE_POLICY,
      logger: silentLogger,
      publisher,
    });
    answers = createAnswerService({ config, maintenance });
  });
  afterAll(async () => {
    await answers?.close();
    await maintenance?.close();
    await publisher?.close();
    connection?.disconnect();
    await redis?.stop();
  });

  it('an unsafe node: the refusal with its reasons, exit 1', async () => {
    const outcome = await handleConsoleRequest(
      { text: 'maintain borealis-cp-3 kernel patch', user: 'alice' },
      config,
      (job) => answers.answer(job),
    );
    expect(outcome.reply.summary).toMatch(
      /^Refused: the reboot-impact analysis says it is unsafe to reboot borealis-cp-3/,
    );
    expect(outcome.reply.kind).not.toBe('maintenance');
    expect(outcome.exitCode).toBe(1);
  });

  it('a granted request (its card) still exits 0', async () => {
    const outcome = await handleConsoleRequest(
      { text: 'maintain atlas-wk-1 kernel patch in healthy', user: 'alice' },
      config,
      (job) => answers.answer(job),
    );
    expect(outcome.reply.kind).toBe('maintenance');
    expect(outcome.exitCode).toBe(0);
  });
});
describe('--format json says what was understood (request: intent, nodes, cluster, language)', () => {
  it.each([
    [
      'can I reboot cp-2 and wk-1 one by one',
      {
        intent: 'reboot',
        nodes: ['atlas-cp-2', 'atlas-wk-1'],
        mode: 'one-by-one',
        cluster: 'demo',
        language: 'en',
      },
    ],
    ['atlas-wk1 드레인해도 돼?', { intent: 'drain', nodes: ['atlas-wk-1'], cluster: 'demo', language: 'ko' }],
    [
      'in what order should I reboot the masters?',
      {
        intent: 'reboot',
        nodes: [],
        group: 'control-plane',
        mode: 'one-by-one',
        cluster: 'demo',
        language: 'en',
      },
    ],
    ['are we HA right now?', { intent: 'status', nodes: [], cluster: 'demo', language: 'en' }],
  ])('%s', async (text, request) => {
    const { code, out } = await runCli(['ask', '--format', 'json', text], { REDIS_URL: '' });
    expect(code).toBe(0);
    const json = JSON.parse(out) as { request: unknown; reply: { context: { request?: unknown } } };
    // Names as the cluster spells them (resolved by the worker against the live node list).
    expect(json.request).toEqual(request);
    expect(json.reply.context.request).toEqual(request);
  });

  it('a text that was not understood: request null, exit 2', async () => {
    const { code, out } = await runCli(['ask', '--format', 'json', 'hello there, how are you'], {
      REDIS_URL: '',
    });
    expect(code).toBe(2);
    expect((JSON.parse(out) as { request: unknown }).request).toBeNull();
  });
});

describe('the console takes a request without "ask"', () => {
  it.each([
    [['can I reboot atlas-cp-2'], 'Safe to reboot atlas-cp-2'],
    [['can', 'I', 'reboot', 'atlas-cp-2'], 'Safe to reboot atlas-cp-2'],
    [['--lang', 'ko', 'can I reboot atlas-cp-2'], 'atlas-cp-2'],
    [['atlas-wk-2 재부팅해도 돼?'], 'atlas-wk-2'],
  ])('%j answers like ask', async (args, expected) => {
    const { code, out, err } = await runCli(args, { REDIS_URL: '' });
    expect(err).not.toContain('too many arguments');
    expect(code).toBe(0);
    expect(out).toContain(expected);
  });

  it('with ask options first: --format json "status"', async () => {
    const { code, out } = await runCli(['--format', 'json', 'status'], { REDIS_URL: '' });
    expect(code).toBe(0);
    expect((JSON.parse(out) as { request: { intent: string } }).request.intent).toBe('status');
  });

  it.each([
    [['ask', 'status'], 0, 'HA status'],
    [['config', 'check'], 0, 'configuration OK'],
    [['simulate', '--help'], 0, 'snapshot file'],
    [['worker', '--help'], 0, 'consume answer jobs'],
    [['gateway', '--help'], 0, 'host the chat adapters'],
    [['--help'], 0, 'Usage: k8s-ha-bot'],
  ])('the real subcommands keep working: %j', async (args, code, expected) => {
    const r = await runCli(args, { REDIS_URL: '' });
    expect(r.code).toBe(code);
    expect(r.out).toContain(expected);
  });

  it("only options (no request) keep the interactive prompt; the program's own --config stays in front", () => {
    const program = new Command('k8s-ha-bot').option('--config <file>');
    program.command('ask').argument('<text...>').option('--cluster <name>').option('--format <format>');
    program.command('chat', { isDefault: true }).option('--cluster <name>');
    program.command('worker');
    const argv = (args: string[]): string[] =>
      withImplicitAsk(['node', 'k8s-ha-bot', ...args], program).slice(2);
    expect(argv(['--cluster', 'prod'])).toEqual(['--cluster', 'prod']);
    expect(argv([])).toEqual([]);
    expect(argv(['worker'])).toEqual(['worker']);
    expect(argv(['--config', 'c.yaml', 'status'])).toEqual(['--config', 'c.yaml', 'ask', 'status']);
    expect(argv(['--config=c.yaml', '--cluster', 'prod', 'status'])).toEqual([
      '--config=c.yaml',
      'ask',
      '--cluster',
      'prod',
      'status',
    ]);
  });
});

describe("help and the README speak the asker's cluster; an unknown node lists the nodes", () => {
  const service = createAnswerService({ config: demo });
  afterAll(async () => {
    await service.close();
  });
  const ask = (text: string, config: BotConfig = demo): Promise<ConsoleOutcome> =>
    handleConsoleRequest({ text }, config, (job) => service.answer(job));
  const examplesOf = (reply: Reply): string[] =>
    (reply.sections[0]?.lines ?? []).map((l) => l.split('  —  ')[1] ?? l);

  it.each(['help', '도움말'])(
    '%s on the demo cluster: examples in its node names, none of master-2 / worker-3',
    async (text) => {
      const outcome = await ask(text);
      const out = renderText(outcome.reply);
      expect(out).toContain('atlas-cp-2');
      expect(out).toContain('atlas-wk-1');
      expect(out).not.toMatch(/master-\d|worker-\d/);
      // Every form is listed, the several-nodes ones too.
      expect(out).toMatch(/all the workers|워커 노드 전부/);
    },
  );

  it("help on another cluster (managed, no control-plane nodes) uses that cluster's names", async () => {
    const aks: BotConfig = {
      ...demo,
      clusters: {
        orion: {
          kind: 'snapshot',
          snapshot: join(
            process.cwd(),
            'test/fixtures/scenarios/13-managed-aks-like-no-control-plane-nodes.json',
          ),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'orion',
    };
    const aksService = createAnswerService({ config: aks });
    try {
      const outcome = await handleConsoleRequest({ text: 'help' }, aks, (job) => aksService.answer(job));
      const out = renderText(outcome.reply);
      expect(out).toContain('can I reboot aks-user-40213377-vmss000000 in orion');
      expect(out).not.toContain('atlas-');
    } finally {
      await aksService.close();
    }
  });

  it('every help example answers on the demo cluster (maintenance ones need Redis and say so)', async () => {
    const help = await ask('help');
    const examples = examplesOf(help.reply).filter(
      (e) =>
        !/^(?:maintain|request a reboot|reboot \S+ with approval|approve|maintenance status|audit|pause|who holds the lock|break lock)\b|^…|^help$/u.test(
          e,
        ),
    );
    expect(examples.length).toBeGreaterThan(15);
    for (const text of examples) {
      const outcome = await ask(text);
      // Answered: exit 0, or 3 when the verdict is unsafe (what if all control-plane nodes go down).
      const answered = outcome.exitCode === 0 || outcome.exitCode === 3;
      expect({
        text,
        answered,
        out: answered ? '' : renderText(outcome.reply),
      }).toEqual({ text, answered: true, out: '' });
    }
  });

  it('every example of the "What you can ask" table (README.md or docs/) answers on the demo cluster', async () => {
    const table = docSection('What you can ask').text;
    const rows = table
      .split('\n')
      .filter((l) => l.startsWith('| ') && !/^\| (?:maintenance|options|request) /u.test(l));
    const examples = rows
      .flatMap((l) => [...l.matchAll(/`([^`]+)`/gu)].map((m) => m[1] ?? ''))
      .filter((e) => !e.includes('…') && !/\b[A-Z]{3,}\b/u.test(e));
    expect(examples).toContain('can I reboot atlas-cp-2');
    expect(examples.length).toBeGreaterThan(20);
    for (const text of examples) {
      const outcome = await ask(text);
      // Answered: exit 0, or 3 for an unsafe verdict.
      expect({ text, answered: [0, 3].includes(outcome.exitCode) }).toEqual({ text, answered: true });
    }
  });

  // `master-2` is now read by role and number as atlas-cp-2 (issue 30, item 1: "master 2" resolved
  // against the live node list); `master-7` fits no node.
  it.each([
    [
      'can I reboot master-7',
      'No node named master-7 in demo. Its nodes: atlas-cp-1, atlas-cp-2, atlas-cp-3, atlas-wk-1 and atlas-wk-2.',
    ],
    [
      'master-7 재부팅해도 돼?',
      'demo에 master-7이라는 노드가 없습니다. 노드 목록: atlas-cp-1, atlas-cp-2, atlas-cp-3, atlas-wk-1, atlas-wk-2.',
    ],
    [
      'what if worker-3 goes down',
      'No node named worker-3 in demo. Its nodes: atlas-cp-1, atlas-cp-2, atlas-cp-3, atlas-wk-1 and atlas-wk-2.',
    ],
  ])("%s: no close name, so the cluster's nodes are listed", async (text, expected) => {
    const outcome = await ask(text);
    expect(outcome.exitCode).toBe(2);
    expect(renderText(outcome.reply)).toContain(expected);
  });

  it('a close name still gets "did you mean" only', async () => {
    const out = renderText((await ask('can I reboot atlas-cp9')).reply);
    expect(out).toContain('did you mean');
    expect(out).not.toContain('Its nodes');
  });
});

/**
 * The shell words of a documented command line: double- or single-quoted words kept whole, a
 * trailing `# comment` dropped.
 */
function shellWords(line: string): string[] {
  const words: string[] = [];
  for (const m of line.matchAll(/"([^"]*)"|'([^']*)'|(#.*$)|(\S+)/gu)) {
    if (m[3] !== undefined) break;
    words.push(m[1] ?? m[2] ?? m[4] ?? '');
  }
  return words;
}

describe('the documented console commands (README.md and docs/) answer as written', () => {
  /**
   * Every `./bin/k8s-ha-bot.js` line of a `sh` block that asks the demo cluster or a repository
   * file directly: no environment in front (Redis, tokens), no placeholder (`…`, a file of your
   * own such as cluster.json), no `--as` (maintenance needs Redis, checked above).
   */
  const commands = docPages().flatMap((page) =>
    [...page.text.matchAll(/```sh\n([\s\S]*?)```/gu)]
      .flatMap((m) => (m[1] ?? '').split('\n'))
      .map((line) => line.replace(/^npm install && /u, ''))
      .filter((line) => line.startsWith('./bin/k8s-ha-bot.js '))
      .map((line) => shellWords(line).slice(1))
      .filter((args) => args[0] === 'ask' || (args.length === 1 && args[0]?.includes(' ')))
      .filter((args) => !args.some((a) => a.includes('…') || a === '--as'))
      .filter((args) => {
        const file = args[args.indexOf('--snapshot') + 1];
        return !args.includes('--snapshot') || /^(?:test|examples)\//u.test(file ?? '');
      })
      .map((args) => ({ page: page.path, args })),
  );

  it('finds the tour and quick-start commands', () => {
    expect(commands.length).toBeGreaterThanOrEqual(7);
    expect(commands.map((c) => c.args.join(' '))).toContain('ask can I reboot atlas-cp-2');
  });

  it.each(commands.map((c) => [c.page, c.args.join(' '), c.args] as const))(
    '%s: %s',
    async (_page, _line, args) => {
      const run = await runCli([...args], { REDIS_URL: '' });
      // Answered: 0, or 3 for an unsafe verdict (the documented exit codes).
      expect({ args, code: [0, 3].includes(run.code) }).toEqual({ args, code: true });
      expect(run.out.trim()).not.toBe('');
      if (args.includes('json')) expect(() => JSON.parse(run.out) as unknown).not.toThrow();
    },
  );
});

describe('every documented command line names a command of the CLI and options it has (README.md and docs/)', () => {
  /** `./bin/k8s-ha-bot.js COMMAND --opt …` lines of every `sh` block: the command and its `--options`. */
  const lines = docPages().flatMap((page) =>
    [...page.text.matchAll(/```sh\n([\s\S]*?)```/gu)]
      .flatMap((m) => (m[1] ?? '').split('\n'))
      .map((line) => line.replace(/^npm install && /u, '').replace(/^[A-Z_]+=\S+ /u, ''))
      .filter((line) => line.startsWith('./bin/k8s-ha-bot.js '))
      .map((line) => shellWords(line).slice(1))
      .map((args) => ({ page: page.path, args })),
  );
  const COMMANDS = ['ask', 'chat', 'worker', 'simulate', 'try', 'snapshot', 'gateway', 'config'];

  it('finds the try lines (issue 31 item 3)', () => {
    expect(lines.filter((l) => l.args[0] === 'try').length).toBeGreaterThanOrEqual(2);
  });

  it.each(
    lines
      .filter((l) => COMMANDS.includes(l.args[0] ?? '') && l.args.some((a) => a.startsWith('--')))
      .map((l) => [l.page, l.args.join(' '), l.args] as const),
  )('%s: %s', async (_page, _line, args) => {
    const help = await runCli([args[0] as string, '--help']);
    for (const option of args.filter((a) => /^--[a-z]/u.test(a)).map((a) => a.split('=')[0] as string))
      expect({ option, inHelp: help.out.includes(option) }).toEqual({ option, inHelp: true });
  });
});

describe('the interactive prompt keeps its conversation (issue 33 items 5, 6)', () => {
  const service = createAnswerService({ config: demo });
  afterAll(async () => {
    await service.close();
  });
  const run = (job: AnswerJob): Promise<Reply> => service.answer(job);

  it.each([
    ['what if it goes down', 'node-down', 'atlas-wk-2'],
    ['can I drain it?', 'drain', 'atlas-wk-2'],
    ['그 노드 드레인해도 돼?', 'drain', 'atlas-wk-2'],
  ] as const)('"can I reboot atlas-wk-2", then "%s": about atlas-wk-2', async (followUp, intent, node) => {
    const session = consoleSession(demo, run);
    expect((await session.ask({ text: 'can I reboot atlas-wk-2' })).request?.nodes).toEqual([node]);
    const outcome = await session.ask({ text: followUp });
    expect(outcome.reply.kind).not.toBe('error');
    expect(outcome.request).toMatchObject({ intent, nodes: [node] });
    expect(renderText(outcome.reply)).toContain(node);
  });

  it.each([
    ['그 노드 드레인해도 돼?', 'ko', '앞에서 말한 노드가 없어'],
    ['can I drain it?', 'en', 'No node was named earlier'],
    ['what if it goes down', 'en', 'No node was named earlier'],
  ] as const)(
    '"%s" with no node before: says so and asks which node (%s), exit 2',
    async (text, locale, says) => {
      const outcome = await consoleSession(demo, run).ask({ text });
      expect(outcome.exitCode).toBe(2);
      expect(outcome.reply.locale).toBe(locale);
      const shown = renderText(outcome.reply);
      expect(shown).toContain(says);
      expect(shown).not.toMatch(/node name|노드 이름은 소문자/u);
    },
  );

  it('a number picks that choice of the last clarification', async () => {
    const session = consoleSession(demo, run);
    const asked = await session.ask({ text: 'can I reboot the control plane node' });
    const first = asked.reply.suggestions?.[0];
    expect(first?.text).toBe('can I reboot atlas-cp-1');
    const picked = await session.ask({ text: '1' });
    expect(picked.request).toMatchObject({ intent: 'reboot', nodes: ['atlas-cp-1'] });
    expect(renderText(picked.reply)).toContain('atlas-cp-1');
    // The pick answered; a number with no clarification before it is not a request.
    expect((await session.ask({ text: '1' })).request).toBeNull();
  });
});

describe('a clarification exits 2, as text not understood does (issue 33 item 9)', () => {
  it.each(['can I reboot the control plane node', 'can I reboot the master'])(
    'ask "%s" → exit 2, request null in --format json',
    async (text) => {
      const asText = await runCli(['ask', text], { REDIS_URL: '' });
      expect(asText.code).toBe(2);
      expect(asText.out).toContain('Which did you mean?');
      const asJson = await runCli(['ask', '--format', 'json', text], { REDIS_URL: '' });
      expect(asJson.code).toBe(2);
      const json = JSON.parse(asJson.out) as { request: unknown; suggestions: unknown[] };
      expect(json.request).toBeNull();
      expect(json.suggestions.length).toBeGreaterThan(0);
      expect(asJson.out).not.toContain('the-control-plane-node');
    },
    120_000,
  );
});
