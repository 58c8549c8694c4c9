/**
 * The `k8s-ha-bot` command: the console adapter's composition root.
 *
 *   k8s-ha-bot ask [--cluster NAME | --snapshot FILE [--captured-at TIME] | --context C [--kubeconfig F] [--request-timeout 5s]] [--lang en|ko] [--format text|json] [--as NAME] "TEXT"
 *   kubectl ha-bot [--context C] [--kubeconfig F] [--request-timeout 5s] TEXT   the kubectl plugin (bin/kubectl-ha_bot.js): the current context
 *   k8s-ha-bot [ask options] "TEXT"   the same without "ask" (see withImplicitAsk)
 *   k8s-ha-bot chat [--cluster NAME] [--as NAME]   interactive prompt (also: no arguments)
 *   k8s-ha-bot worker [--cluster NAME]…   consume jobs from Redis (REDIS_URL)
 *   k8s-ha-bot simulate FILE [--port N] [--no-heartbeats]   serve a snapshot file as a Kubernetes API
 *   k8s-ha-bot try [--port N]      the simulator, Redis, a worker and a chat page on 127.0.0.1
 *   k8s-ha-bot snapshot [--context C | --cluster NAME] > FILE   capture what the checks read into one file
 *   k8s-ha-bot report mismatch mr-… > FILE   a maintenance's cluster at approval and its outcome, for an issue
 *   k8s-ha-bot config check        validate the configuration and kubeconfig contexts
 *   k8s-ha-bot gateway             host the chat adapters (Slack: SLACK_* env; Teams: MICROSOFT_APP_*; REDIS_URL)
 *
 * Without REDIS_URL (or `redis.url` in the config) requests run in-process, so the quick start
 * needs nothing installed; with it they go through the queue to a separate worker process.
 */
import { Argument, Command, InvalidArgumentError, Option } from 'commander';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { userInfo } from 'node:os';
// Only what every command needs is imported here (commander, the error type, the user-name rule);
// each command loads its own modules in its action, so `--version` and `help` load no
// Kubernetes client and no chat SDK, and `ask` loads no chat SDK.
import type { Locale } from '../../src/commands/types.js';
import type { Reply } from '../../src/explain/reply.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { Settings, SettingsFlags } from '../../src/config/settings.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { BotError, isBotError } from '../../src/errors.js';
import { CONSOLE_USER_PATTERN } from '../../src/maintenance/console-user.js';
import { registerSecretsFromEnv } from '../../src/util/redaction.js';
import type { Logger } from '../../src/util/logger.js';
import type { ChatSettingsCheck } from './config-check.js';
import type { ConsoleOutcome, ConsoleScheduleList, JobRunner } from './console-adapter.js';

/** What the gateway command needs from the gateway it starts (adapters/gateway/gateway.ts's `RunningGateway`). */
export interface HostedGateway {
  /** Slack transport, when Slack is configured. */
  mode?: 'http' | 'socket';
  /** The HTTP port of `/slack/events` (HTTP mode). */
  port?: number;
  /** The Teams adapter's port, when Teams is configured. */
  teams?: { port: number };
  /** Stop taking requests, finish deliveries in progress, disconnect. */
  close(): Promise<void>;
}

/**
 * Starts the chat gateway (adapters/gateway/gateway.ts's `startGateway`).
 * @throws ConfigError for a bad Slack/Teams setting, before anything starts
 */
export type GatewayStarter = (options: {
  settings: Settings;
  config: BotConfig;
  logger: Logger;
}) => Promise<HostedGateway>;

/**
 * Starts the local chat page of `try` (adapters/web/web-chat.ts's `startWebChat`): `ask` answers
 * one request of a user, `nodes` is what the page shows of the cluster; on 127.0.0.1.
 * @throws the listen error when `port` is taken
 */
export type WebChatStarter = (options: {
  ask: (text: string, user: string) => Promise<{ reply: Reply; exitCode: number }>;
  nodes: () => { name: string; ready: string; cordoned: boolean; bootID: string; pods: number }[];
  port?: number;
}) => Promise<{ url: string; close(): Promise<void> }>;

/**
 * The chat side of the CLI, loaded only by the commands that use it: the console adapter
 * never imports the gateway, Slack or Teams modules; the composition root (adapters/k8s-ha-bot.ts)
 * hands these in as dynamic imports, so `ask`, `--version` and `help` never load a chat SDK.
 */
export interface ChatAdapterLoaders {
  /** The gateway's start function (`k8s-ha-bot gateway`). */
  loadGateway: () => Promise<GatewayStarter>;
  /** The Slack and Teams settings check (`k8s-ha-bot config check`). */
  loadChatSettingsCheck: () => Promise<ChatSettingsCheck>;
  /** The local chat page (`k8s-ha-bot try`). */
  loadWebChat: () => Promise<WebChatStarter>;
}

/** Where the CLI writes; injected so tests can capture it. */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
  env: Record<string, string | undefined>;
}

const defaultIo: CliIo = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  env: process.env,
};

/** The package version, from the nearest package.json above this file (source or dist). */
function packageVersion(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const file = join(dir, 'package.json');
    if (existsSync(file))
      return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? 'unknown';
    dir = dirname(dir);
  }
  return 'unknown';
}

function parseLang(value: string): Locale {
  if (value !== 'en' && value !== 'ko') throw new InvalidArgumentError('use en or ko');
  return value;
}

/** `--port`: 0 to 65535 (0: a free one). */
function parsePort(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new InvalidArgumentError('a port number 0-65535');
  return n;
}

/** `--reboot-delay`: whole seconds, 0 to 3600. */
function parseSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 3600) throw new InvalidArgumentError('whole seconds, 0-3600');
  return n;
}

/** `--captured-at`: an RFC 3339 date-time. */
function parseCapturedAt(value: string): string {
  const t = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(value)
    ? Date.parse(value)
    : Number.NaN;
  if (Number.isNaN(t)) throw new InvalidArgumentError('an RFC 3339 date-time, e.g. 2025-06-12T09:41:07Z');
  return new Date(t).toISOString();
}

/**
 * `--snapshot FILE` read once: {@link configFor} loads the file to stop on a bad one before anything
 * runs, and the in-process answer step ({@link runnerFor}) analyses that same load instead of
 * reading and parsing the file again. Keyed by the configuration built for it.
 */
const loadedSnapshots = new WeakMap<BotConfig, ReadonlyMap<string, Promise<SnapshotFile>>>();

/**
 * `--request-timeout` as kubectl spells it: a duration with a unit (`500ms`, `5s`, `1m`, `1h`) or a
 * bare number of seconds; `0` means kubectl's "no timeout", here the bot's own bound.
 * @returns the timeout in ms (0 for `0`)
 * @throws InvalidArgumentError for anything else
 */
export function parseRequestTimeout(value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (m === null)
    throw new InvalidArgumentError(
      'a duration such as 5s, 500ms or 1m (a bare number is seconds; 0: the default)',
    );
  const unit = { ms: 1, s: 1000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Math.round(Number(m[1]) * unit);
}

/** A kubeconfig context as a cluster name (an RFC 1123 label: `arn:aws:eks:…/prod` → `arn-aws-eks-prod`). */
function clusterNameOfContext(context: string): string {
  const name = context
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(-63)
    .replace(/^-+/, '');
  return name === '' ? 'current' : name;
}

/** `ask --context/--kubeconfig/--request-timeout` (and the kubectl plugin): a live kubeconfig context. */
interface KubeconfigChoice {
  /** Read a kubeconfig context (the current one unless `context`), not the configuration's clusters. */
  live: boolean;
  context?: string;
  kubeconfig?: string;
  /** kubectl's `--request-timeout`, in ms; 0 or absent: the bot's default (5 s per request). */
  requestTimeoutMs?: number;
}

/** The cluster entry and the context chosen by {@link KubeconfigChoice}, for the answer's footer. */
const kubeContextOf = new WeakMap<BotConfig, { context: string; kubeconfig: string | null }>();

async function configFor(
  opts: { config?: string; snapshot?: string; capturedAt?: string; kube?: KubeconfigChoice },
  settings: Settings,
): Promise<BotConfig> {
  const { loadConfig } = await import('../../src/config/load-config.js');
  if (opts.kube?.live) {
    if (opts.snapshot)
      throw new BotError('bad-request', 'give --snapshot or --context/--kubeconfig, not both');
    const [{ kubeAccessForContext, singleKubeconfigFile }, { MAX_REQUEST_TIMEOUT_MS }] = await Promise.all([
      import('../../src/cluster/static-kubeconfig.js'),
      import('../../src/config/bot-config.js'),
    ]);
    const kubeconfig = opts.kube.kubeconfig !== undefined ? resolve(opts.kube.kubeconfig) : undefined;
    // As kubectl: --kubeconfig, else KUBECONFIG, else ~/.kube/config; --context, else the current
    // context. One file is named to the reader, which then reads it without client-node when it can.
    const file = kubeconfig ?? singleKubeconfigFile(settings);
    // Errors name --context only when it was given (the messages name the files themselves).
    const source = opts.kube.context === undefined ? '' : '--context';
    const context = (
      await kubeAccessForContext(file, opts.kube.context ?? null, settings, source)
    ).getCurrentContext();
    const asked = opts.kube.requestTimeoutMs || MAX_REQUEST_TIMEOUT_MS;
    if (asked > MAX_REQUEST_TIMEOUT_MS)
      throw new BotError(
        'bad-request',
        `--request-timeout: at most ${MAX_REQUEST_TIMEOUT_MS / 1000}s (the bot bounds each API request to ${MAX_REQUEST_TIMEOUT_MS / 1000} s so that an answer comes within seconds); 0 or nothing: ${MAX_REQUEST_TIMEOUT_MS / 1000}s`,
      );
    const base = await loadConfig({ settings, ...(opts.config ? { path: opts.config } : {}) });
    const name = clusterNameOfContext(context);
    // Answered in-process: no worker serves a context named on the command line.
    const { redis: _redis, ...rest } = base;
    const config: BotConfig = {
      ...rest,
      clusters: {
        [name]: {
          kind: 'context',
          context,
          ...(file !== undefined ? { kubeconfig: file } : {}),
          requestTimeoutMs: asked,
          deadlineMs: 20_000,
        },
      },
      defaultCluster: name,
    };
    kubeContextOf.set(config, { context, kubeconfig: kubeconfig ?? settings.kubeconfig ?? null });
    return config;
  }
  if (opts.snapshot) {
    const { loadSnapshotFile } = await import('../../src/cluster/snapshot-file.js');
    const path = resolve(opts.snapshot);
    // Fails with the line or field that is wrong, before anything runs; read as the answer step would.
    const loaded = loadSnapshotFile(path, opts.capturedAt ? { capturedAt: new Date(opts.capturedAt) } : {});
    await loaded;
    const base = await loadConfig({ settings, ...(opts.config ? { path: opts.config } : {}) });
    const config: BotConfig = {
      ...base,
      clusters: {
        snapshot: {
          kind: 'snapshot',
          snapshot: path,
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
          ...(opts.capturedAt ? { capturedAt: opts.capturedAt } : {}),
        },
      },
      defaultCluster: 'snapshot',
    };
    loadedSnapshots.set(config, new Map([['snapshot', loaded]]));
    return config;
  }
  return loadConfig({ settings, ...(opts.config ? { path: opts.config } : {}) });
}

/** `--as NAME`: who asks (identity `console:local:NAME`). */
function parseAs(value: string): string {
  if (!CONSOLE_USER_PATTERN.test(value))
    throw new InvalidArgumentError(
      '1 to 64 letters, digits, ".", "_" or "-" (the identity becomes console:local:NAME)',
    );
  return value;
}

/** How long the console keeps trying to withdraw a job it gave up on, in ms (Redis was reachable a moment ago). */
export const WITHDRAW_BOUND_MS = 5000;

/**
 * A job runner for the configuration, and how to release it. Through the queue: a cluster whose
 * queue no worker consumes is answered at once and nothing is queued; a job without a reply in
 * `config.jobTimeoutMs` is withdrawn (bounded by {@link WITHDRAW_BOUND_MS}) so it never runs late.
 */
async function runnerFor(
  config: BotConfig,
  logger: Logger,
  settings: Settings,
): Promise<{ run: JobRunner; close: () => Promise<void> }> {
  const { redisTargetOf } = await import('../../src/config/bot-config.js');
  const { redisAddress } = await import('../../src/config/redis-settings.js');
  const { explainFailure } = await import('../../src/explain/explain-messages.js');
  const redisUrl = redisTargetOf(config.redis);
  if (redisUrl !== undefined) {
    // The queue (bullmq, ioredis) only when Redis is configured.
    const [{ JobQueue }, { jobIdFor }, { countQueueWorkers, queuedJobState }, { explainConsole }] =
      await Promise.all([
        import('../../src/queue/job-queue.js'),
        import('../../src/queue/job.js'),
        import('./count-queue-workers.js'),
        import('./console-adapter.js'),
      ]);
    // The key prefix every process reads the same way (src/config/settings.ts).
    const prefix = settings.queue.prefix;
    const queue = new JobQueue({ redisUrl, prefix, logger });
    const seconds = Math.round(config.jobTimeoutMs / 1000);
    return {
      run: async (job) => {
        const ctx = { locale: job.locale, requestId: job.requestId, cluster: job.cluster };
        // null (cannot tell: Redis down, CLIENT LIST refused) goes on: the enqueue reports Redis itself.
        if ((await countQueueWorkers(redisUrl, job.cluster, { prefix, logger })) === 0)
          return explainConsole(ctx, 'no-worker', { prefix });
        try {
          const { jobId } = await queue.enqueue(job);
          return await queue.waitForReply(jobId, config.jobTimeoutMs);
        } catch (err) {
          if (isBotError(err) && err.code === 'job-timeout') {
            logger.warn({ err }, err.message);
            // Never let it run after we stopped waiting (a maintenance request nobody sees).
            await queue.withdraw(job, WITHDRAW_BOUND_MS);
            // withdraw() leaves a job a worker already started: then the answer must not say "withdrawn".
            const state = await queuedJobState(redisUrl, job.cluster, jobIdFor(job.requestId), {
              prefix,
              logger,
            });
            if (state === 'active') return explainConsole(ctx, 'timeout-running', { seconds });
            const workers = await countQueueWorkers(redisUrl, job.cluster, { prefix, logger });
            return explainConsole(ctx, workers === 0 ? 'no-worker-withdrawn' : 'timeout-withdrawn', {
              seconds,
              prefix,
            });
          }
          if (isBotError(err) && err.code === 'queue-unavailable') {
            logger.warn({ err }, err.message);
            // The operator at the console can fix REDIS_URL, so this answer names the Redis and the
            // fix; chat answers keep the generic text (chat users cannot).
            return explainConsole(ctx, 'redis-unreachable', { target: redisAddress(redisUrl) });
          }
          throw err;
        }
      },
      close: () => queue.close(),
    };
  }
  // In-process: the answer step; a snapshot file is analysed straight from the file (no simulator, no client-node).
  const [{ createAnswerService }, { runInProcess }] = await Promise.all([
    import('../../src/answer/answer.js'),
    import('../../src/queue/in-process.js'),
  ]);
  const loaded = loadedSnapshots.get(config);
  const service = createAnswerService({
    config,
    logger,
    kubeconfigLookup: settings,
    snapshotsFromFile: true,
    ...(loaded ? { snapshotFiles: loaded } : {}),
  });
  return {
    run: async (job) => {
      try {
        return await runInProcess(job, service.handler, { logger, timeoutMs: config.jobTimeoutMs });
      } catch (err) {
        if (isBotError(err) && err.code === 'job-timeout') {
          return explainFailure(
            { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
            'job-timeout',
            {
              seconds: Math.round(config.jobTimeoutMs / 1000),
            },
          );
        }
        throw err;
      }
    },
    close: () => service.close(),
  };
}

const AS_HELP =
  'who asks, for maintenance requests and approvals: identity console:local:NAME (default: the OS user); NAME is 1-64 of A-Z a-z 0-9 . _ -';

const MAINTENANCE_HELP = `
Maintenance (needs REDIS_URL or redis.url, and a running \`k8s-ha-bot worker\`; see docs/maintenance.md):
  maintain NODE [REASON] [in CLUSTER]                         a reason ending in "in WORD" names cluster WORD; quote the reason to keep it
  approve | reject | cancel mr-…                              without a policy file anyone may approve, except the requester
  maintain all workers | -l KEY=VALUE | NODE NODE… [REASON]   a plan: one approval, node by node (mp-…)
  approve | pause | resume | cancel | status mp-…             a plan's controls (also reject, retry, skip, stop)
  who holds the lock | break lock [maintenance|kured]         the maintenance Lease and kured's lock
  Try the approval flow locally with two identities:
    k8s-ha-bot ask --as alice "maintain atlas-wk-2 kernel patch"
    k8s-ha-bot ask --as bob "approve mr-…"
`;

/**
 * The exit codes of `ask`, as its help prints them (EXIT_CODES in ./console-adapter.ts; the text is
 * here so that `--help` loads no adapter module). The same with `--format json`.
 */
const EXIT_HELP = `
Exit codes (the same with --format json):
  0  answered; the verdict is safe or caution, or the answer has none (status, help)
  3  answered; the verdict is unsafe: do not go on (k8s-ha-bot ask "can I reboot X" && reboot stops here)
  1  could not answer: cluster unreachable, internal error, no worker, time-out, a maintenance refusal
  2  bad input or configuration: text not understood (a malformed mr-/mp- id too), unknown cluster,
     a node or component the cluster does not have, a maintenance command without Redis
`;

/**
 * `schedules` at the console: every chat's schedules, read from the configured Redis with a
 * ScheduleService opened for the one call (the console holds no connection between requests);
 * its modules load only when the list is asked for.
 * @returns undefined when no Redis is configured
 */
function scheduleListFor(
  config: BotConfig,
  logger: Logger,
  settings: Settings,
): ConsoleScheduleList | undefined {
  if (config.redis === undefined) return undefined;
  return async () => {
    const [{ redisTargetOf }, { ScheduleService }] = await Promise.all([
      import('../../src/config/bot-config.js'),
      import('../../src/schedule/schedule-service.js'),
    ]);
    const redisUrl = redisTargetOf(config.redis);
    if (redisUrl === undefined) return [];
    const service = new ScheduleService({ redisUrl, prefix: settings.queue.prefix, logger });
    try {
      return await service.list();
    } finally {
      await service.close();
    }
  };
}

async function print(
  io: CliIo,
  outcome: ConsoleOutcome,
  format: 'text' | 'json',
  kube?: { context: string; kubeconfig: string | null },
): Promise<void> {
  const [{ toJsonOutput }, { renderText }, { safeText }] = await Promise.all([
    import('./console-adapter.js'),
    import('../../src/explain/render-text.js'),
    import('../../src/util/safe-text.js'),
  ]);
  if (format === 'json') {
    const json = toJsonOutput(outcome.reply, outcome.request);
    io.out(`${JSON.stringify(kube ? { ...json, kubeContext: kube } : json, null, 2)}\n`);
    return;
  }
  // Which context was read, as kubectl users expect to see it (the context name comes from a local
  // file: no escape sequences, and no line break that could forge a line of the answer).
  const oneLine = (text: string): string => safeText(text).replace(/\s+/g, ' ');
  const footer = kube
    ? `\nkubeconfig context ${oneLine(kube.context)}${kube.kubeconfig ? ` (${oneLine(kube.kubeconfig)})` : ''}\n`
    : '';
  io.out(`${renderText(outcome.reply)}\n${footer}`);
}

/**
 * Run the CLI (the composition root adapters/k8s-ha-bot.ts's `main` calls it with the chat adapters).
 * @param argv - `process.argv` shape (node, script, then arguments)
 * @param chat - how to load the gateway and the chat settings check ({@link ChatAdapterLoaders})
 * @param io - output and environment (default: the process's)
 * @returns the exit code: 0 answered (safe, caution or no verdict), 3 answered unsafe, 1 could not
 *   answer, 2 bad input or configuration
 */
export async function runCli(
  argv: readonly string[],
  chat: ChatAdapterLoaders,
  io: CliIo = defaultIo,
): Promise<number> {
  let exitCode = 0;
  // Every secret of the environment is masked by value in the logs (src/util/redaction.ts).
  registerSecretsFromEnv(io.env);
  // Every setting of the environment, read once by the first command that needs them (src/config/
  // settings.ts; not by `--version` and `help`). `worker` adds its flags.
  let settings: Settings | undefined;
  const cliSettings = async (flags?: SettingsFlags): Promise<Settings> => {
    const { loadSettings } = await import('../../src/config/settings.js');
    if (flags !== undefined) return loadSettings(io.env, flags);
    settings ??= loadSettings(io.env);
    return settings;
  };
  // The answer is printed; logs (JSON, with stacks) stay off the terminal unless LOG_LEVEL asks for
  // them. Created on first use: `--version` and `help` never load pino.
  let logger: Logger | undefined;
  const cliLogger = async (): Promise<Logger> => {
    if (logger === undefined) {
      const level = settings?.logLevel ?? 'silent';
      // Without LOG_LEVEL nothing is logged: no pino to load.
      if (level === 'silent') logger = (await import('../../src/util/silent-logger.js')).silentLogger;
      else {
        const { createLogger } = await import('../../src/util/logger.js');
        logger ??= createLogger({ name: 'cli', level });
      }
    }
    return logger;
  };
  const program = new Command('k8s-ha-bot')
    .description('Can I reboot this node? HA and quorum answers for Kubernetes clusters you run yourself.')
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--config <file>', 'configuration file (default: $K8S_HA_BOT_CONFIG, else the built-in demo)')
    .configureOutput({ writeOut: io.out, writeErr: io.err })
    .exitOverride()
    .showHelpAfterError('(run k8s-ha-bot COMMAND --help, or k8s-ha-bot --help, for usage)')
    // `k8s-ha-bot help` / `--help` is the command-line usage; the requests have their own help.
    .addHelpText(
      'after',
      '\nRequests: k8s-ha-bot ask help lists every request form with examples from your cluster\n(k8s-ha-bot ask 도움말 in Korean; type help at the interactive prompt).\n',
    );

  program
    .command('ask')
    .description(
      'answer one request, e.g. k8s-ha-bot ask "can I reboot atlas-cp-2" (or without "ask": k8s-ha-bot "can I reboot atlas-cp-2")',
    )
    .argument('<text...>', 'the request, in English or Korean')
    .option('--cluster <name>', 'configured cluster to ask about')
    .option('--snapshot <file>', 'answer from this snapshot file (read directly, as the API would list it)')
    .option(
      '--captured-at <time>',
      'with --snapshot: when the file was captured (RFC 3339); default its captured_at, else inferred from its Leases, node heartbeats or managedFields',
      parseCapturedAt,
    )
    .addOption(
      new Option('--lang <lang>', 'answer language: en or ko (default: the language of the text)').argParser(
        parseLang,
      ),
    )
    .addOption(new Option('--format <format>', 'output format').choices(['text', 'json']).default('text'))
    .option('--as <name>', AS_HELP, parseAs)
    .option('--context <name>', 'read this kubeconfig context live (as kubectl: default the current context)')
    .option(
      '--kubeconfig <file>',
      'read a context of this kubeconfig file live (as kubectl: default KUBECONFIG, else ~/.kube/config)',
    )
    .option(
      '--request-timeout <duration>',
      'with --context/--kubeconfig: per API request, as kubectl spells it (5s, 500ms; a bare number is seconds); at most 5s, and 0 (kubectl: no timeout) means 5s',
      parseRequestTimeout,
    )
    .addOption(new Option('--current-context').hideHelp())
    .addHelpText('after', MAINTENANCE_HELP + EXIT_HELP)
    .action(
      async (
        words: string[],
        opts: {
          cluster?: string;
          snapshot?: string;
          capturedAt?: string;
          lang?: Locale;
          format: 'text' | 'json';
          as?: string;
          context?: string;
          kubeconfig?: string;
          requestTimeout?: number;
          currentContext?: boolean;
        },
      ) => {
        const live =
          opts.context !== undefined || opts.kubeconfig !== undefined || opts.currentContext === true;
        if (live && opts.cluster)
          throw new BotError('bad-request', 'give --cluster or --context/--kubeconfig, not both');
        if (opts.requestTimeout !== undefined && !live)
          throw new BotError(
            'bad-request',
            '--request-timeout needs --context or --kubeconfig (a live kubeconfig context)',
          );
        if (opts.capturedAt && !opts.snapshot)
          throw new BotError(
            'bad-request',
            '--captured-at needs --snapshot FILE (a live cluster is read now)',
          );
        const config = await configFor(
          {
            ...program.opts<{ config?: string }>(),
            ...(opts.snapshot ? { snapshot: opts.snapshot } : {}),
            ...(opts.capturedAt ? { capturedAt: opts.capturedAt } : {}),
            kube: {
              live,
              ...(opts.context !== undefined ? { context: opts.context } : {}),
              ...(opts.kubeconfig !== undefined ? { kubeconfig: opts.kubeconfig } : {}),
              ...(opts.requestTimeout !== undefined ? { requestTimeoutMs: opts.requestTimeout } : {}),
            },
          },
          await cliSettings(),
        );
        const runner = await runnerFor(config, await cliLogger(), await cliSettings());
        const { handleConsoleRequest } = await import('./console-adapter.js');
        try {
          const outcome = await handleConsoleRequest(
            {
              text: words.join(' '),
              ...(opts.cluster ? { cluster: opts.cluster } : {}),
              ...(opts.lang ? { lang: opts.lang } : {}),
              user: opts.as ?? safeUser(),
            },
            config,
            runner.run,
            scheduleListFor(config, await cliLogger(), await cliSettings()),
          );
          await print(io, outcome, opts.format, kubeContextOf.get(config));
          exitCode = outcome.exitCode;
        } finally {
          await runner.close();
        }
      },
    );

  program
    .command('chat', { isDefault: true })
    .description('interactive prompt: type requests, "exit" to leave')
    .option('--cluster <name>', 'configured cluster to ask about')
    .option('--as <name>', AS_HELP, parseAs)
    .addHelpText('after', MAINTENANCE_HELP)
    .action(async (opts: { cluster?: string; as?: string }) => {
      const config = await configFor(program.opts<{ config?: string }>(), await cliSettings());
      const runner = await runnerFor(config, await cliLogger(), await cliSettings());
      const [{ consoleSession }, { createInterface }] = await Promise.all([
        import('./console-adapter.js'),
        import('node:readline'),
      ]);
      const rl = createInterface({
        input: process.stdin,
        output: process.stdout,
        terminal: process.stdin.isTTY,
      });
      const session = consoleSession(
        config,
        runner.run,
        scheduleListFor(config, await cliLogger(), await cliSettings()),
      );
      const names = Object.keys(config.clusters).join(', ');
      io.out(
        `k8s-ha-bot — clusters: ${names}; default ${config.defaultCluster ?? '(none)'}. Type "help", or "exit" to leave.\n`,
      );
      try {
        rl.setPrompt('k8s> ');
        rl.prompt();
        // Async iteration buffers lines typed or pasted while an answer is being computed.
        for await (const line of rl) {
          const text = line.trim();
          if (text === 'exit' || text === 'quit') break;
          if (text !== '') {
            const outcome = await session.ask({
              text,
              ...(opts.cluster ? { cluster: opts.cluster } : {}),
              user: opts.as ?? safeUser(),
            });
            await print(io, outcome, 'text');
          }
          rl.prompt();
        }
      } finally {
        rl.close();
        await runner.close();
      }
    });

  program
    .command('worker')
    .description('consume answer jobs from Redis (REDIS_URL) for the configured clusters')
    .option(
      '--cluster <name...>',
      'clusters to serve (default: K8S_HA_BOT_WORKER_CLUSTERS, else every configured cluster)',
    )
    .option('--concurrency <n>', 'jobs in parallel per cluster')
    .action(async (opts: { cluster?: string[]; concurrency?: string }) => {
      const config = await configFor(program.opts<{ config?: string }>(), await cliSettings());
      const [{ createLogger }, { runWorkerProcess }, { createWorkerAnswerStep }] = await Promise.all([
        import('../../src/util/logger.js'),
        import('../../workers/main.js'),
        import('../../src/answer/worker-answer-step.js'),
      ]);
      // The worker's own settings: the environment's with the flags given here; its clusters are
      // `--cluster`, else K8S_HA_BOT_WORKER_CLUSTERS, else every configured cluster.
      const flagged = await cliSettings({
        ...(opts.cluster ? { clusters: opts.cluster } : {}),
        ...(opts.concurrency ? { concurrency: opts.concurrency } : {}),
      });
      const workerSettings =
        flagged.worker.clusters.length > 0
          ? flagged
          : { ...flagged, worker: { ...flagged.worker, clusters: Object.keys(config.clusters) } };
      const workerLogger = createLogger({ name: 'worker', level: workerSettings.logLevel ?? 'info' });
      // The answer step with maintenance requests, and the maintenance worker of the same clusters;
      // the configuration's Redis (file and environment merged by loadConfig) and job time limit.
      await runWorkerProcess({
        settings: workerSettings,
        config,
        argv: ['node', 'worker'],
        logger: workerLogger,
        loadWorkerStep: (context, settings) =>
          createWorkerAnswerStep({
            ...context,
            config,
            redisUrl: settings.redisUrl,
            prefix: settings.prefix,
          }),
      });
    });

  program
    .command('simulate')
    .description(
      'serve a snapshot file (scenario or kubectl List) as a Kubernetes API; the kubeconfig on stdout (or --kubeconfig-out), the rest on stderr',
    )
    .argument('<file>', 'snapshot file')
    .option('--port <n>', 'port (default: a free one)', parsePort)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option(
      '--no-heartbeats',
      'let Leases and node heartbeats age (default: renew what was alive at load as its owners do; the banner says how often)',
    )
    .option(
      '--kubeconfig-out <file>',
      'write the kubeconfig to this file (mode 0600) instead of stdout; the banner goes to stderr either way',
    )
    .option(
      '--reboot-delay <s>',
      'seconds a node whose reboot is requested stays down (default 20)',
      parseSeconds,
    )
    .action(
      async (
        file: string,
        opts: {
          port?: number;
          host: string;
          heartbeats: boolean;
          kubeconfigOut?: string;
          rebootDelay?: number;
        },
      ) => {
        const [{ runSimulateCommand }, { fileOrBundled, bundledFileMissing }] = await Promise.all([
          import('../../src/simulator/run-simulate-command.js'),
          import('../../src/config/package-files.js'),
        ]);
        let sim;
        try {
          sim = await runSimulateCommand(
            {
              file: fileOrBundled(file),
              ...(opts.port !== undefined ? { port: opts.port } : {}),
              host: opts.host,
              heartbeats: opts.heartbeats,
              ...(opts.kubeconfigOut !== undefined ? { kubeconfigOut: opts.kubeconfigOut } : {}),
              ...(opts.rebootDelay !== undefined ? { rebootDelayMs: opts.rebootDelay * 1000 } : {}),
            },
            io,
          );
        } catch (err) {
          const { code, path } = err as NodeJS.ErrnoException;
          if (code === 'snapshot-not-found')
            throw new BotError('bad-request', bundledFileMissing(file), { cause: err });
          if (code !== undefined && path !== undefined && path === opts.kubeconfigOut)
            throw new BotError('bad-request', `cannot write --kubeconfig-out ${path} (${code})`, {
              cause: err,
            });
          if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL') {
            throw new BotError(
              'bad-request',
              `cannot listen on ${opts.host}:${opts.port ?? 0} (${code}); choose another --port, or leave it out for a free one`,
              { cause: err },
            );
          }
          throw err;
        }
        await new Promise<void>((done) => {
          const stop = (): void => void sim.close().then(done);
          process.once('SIGINT', stop);
          process.once('SIGTERM', stop);
        });
      },
    );

  program
    .command('try')
    .description(
      'try everything locally, no Slack or Teams: the simulator (demo cluster), Redis, a worker and a chat page on 127.0.0.1',
    )
    .option('--port <n>', 'port of the chat page (default: a free one)', parsePort)
    .option('--reboot-delay <s>', 'seconds a rebooted node stays down (default 20)', parseSeconds)
    .action(async (opts: { port?: number; rebootDelay?: number }) => {
      const [{ runTry, TRY_CLUSTER }, { countQueueWorkers }, { loadSettings }, { redisTargetOf }] =
        await Promise.all([
          import('./try-command.js'),
          import('./count-queue-workers.js'),
          import('../../src/config/settings.js'),
          import('../../src/config/bot-config.js'),
        ]);
      // The try's own Redis and configuration, whatever REDIS_URL or K8S_HA_BOT_CONFIG say.
      const trySettings = loadSettings({ ...io.env, REDIS_URL: undefined, K8S_HA_BOT_CONFIG: undefined });
      const logger = await cliLogger();
      const running = await runTry(
        {
          ...(opts.port !== undefined ? { port: opts.port } : {}),
          ...(opts.rebootDelay !== undefined ? { rebootDelayMs: opts.rebootDelay * 1000 } : {}),
        },
        {
          loadConfig: (path) => configFor({ config: path }, trySettings),
          runnerFor: (config) => runnerFor(config, logger, trySettings),
          workers: async (config) => {
            const target = redisTargetOf(config.redis);
            if (target === undefined) return null;
            return countQueueWorkers(target, TRY_CLUSTER, { prefix: trySettings.queue.prefix, logger });
          },
          self: { command: process.execPath, args: [...process.execArgv, process.argv[1] ?? ''] },
          startWebChat: await chat.loadWebChat(),
          env: io.env,
          ...(trySettings.logLevel !== undefined ? { logLevel: trySettings.logLevel } : {}),
          err: io.err,
        },
      );
      await new Promise<void>((done) => {
        const stop = (): void => void running.close().then(done);
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
    });

  program
    .command('snapshot')
    .description(
      'capture what the checks read from a cluster into one file (stdout) for ask --snapshot and simulate',
    )
    .option('--context <name>', 'kubeconfig context to read (default: the current context)')
    .option('--cluster <name>', 'configured cluster to read (its etcd entry, if any, is probed too)')
    .action(async (opts: { context?: string; cluster?: string }) => {
      // Loaded here only: the other commands never need the capture.
      const { runSnapshotCommand } = await import('./snapshot-command.js');
      const snapshotSettings = await cliSettings();
      const config =
        opts.cluster === undefined
          ? null
          : await configFor(program.opts<{ config?: string }>(), snapshotSettings);
      const captured = await runSnapshotCommand(opts, config, snapshotSettings, await cliLogger());
      io.out(captured.text);
      io.err(`k8s-ha-bot: captured ${captured.summary}\n`);
    });

  program
    .command('report')
    .description('files for a bug report')
    .command('mismatch')
    .description(
      "write a maintenance's cluster at approval and its forecast vs observed outcome (secrets and env values removed) for an issue; ask --snapshot reads it",
    )
    .argument('<request-id>', 'the maintenance request (mr-…)')
    .action(async (id: string) => {
      const reportSettings = await cliSettings();
      const config = await configFor(program.opts<{ config?: string }>(), reportSettings);
      const [
        { redisTargetOf },
        { queueKeys },
        { createProducerConnection, ensureReady },
        { mismatchReport },
      ] = await Promise.all([
        import('../../src/config/bot-config.js'),
        import('../../src/config/queue-keys.js'),
        import('../../src/queue/redis-connection.js'),
        import('../../src/maintenance/forecast/mismatch-report.js'),
      ]);
      const target = redisTargetOf(config.redis);
      if (target === undefined)
        throw new BotError(
          'bad-request',
          'report mismatch reads the maintenance state: set REDIS_URL or redis.url',
        );
      const logger = await cliLogger();
      const redis = createProducerConnection(target, { logger });
      try {
        await ensureReady(redis, target, 5_000);
        io.out(await mismatchReport(redis, queueKeys(reportSettings.queue.prefix).maintenance, id));
      } finally {
        redis.disconnect();
      }
    });

  program
    .command('gateway')
    .description(
      'host the chat adapters: Slack /k8s, mentions and DMs (SLACK_BOT_TOKEN, SLACK_SIGNING_SECRET or SLACK_APP_TOKEN, REDIS_URL, PORT); Teams when MICROSOFT_APP_ID is set (TEAMS_PORT)',
    )
    .action(async () => {
      const gatewaySettings = await cliSettings();
      const config = await configFor(program.opts<{ config?: string }>(), gatewaySettings);
      const [
        { redisTargetOf },
        { createLogger },
        { startProcessOps },
        { runUntilSignal },
        { LOOPBACK_HOST },
        startGateway,
      ] = await Promise.all([
        import('../../src/config/bot-config.js'),
        import('../../src/util/logger.js'),
        import('../../src/ops/ops-server.js'),
        import('../../src/ops/shutdown.js'),
        import('../../src/config/settings.js'),
        chat.loadGateway(),
      ]);
      const gatewayLogger = createLogger({ name: 'gateway', level: gatewaySettings.logLevel ?? 'info' });
      const deadlineMs = gatewaySettings.ops.shutdownDeadlineMs;
      // The ops server before the gateway: one that cannot listen (its port taken by another gateway
      // or worker) stops the process before it takes a chat request. Without a Redis target the
      // gateway's own error, naming REDIS_URL, is the one to show.
      const redisUrl = redisTargetOf(config.redis);
      const ops =
        redisUrl === undefined
          ? undefined
          : await startProcessOps({
              role: 'gateway',
              settings: gatewaySettings,
              redisUrl,
              prefix: gatewaySettings.queue.prefix,
              clusters: config.clusters,
              logger: gatewayLogger,
              ...(gatewaySettings.ops.devInsecure ? { host: LOOPBACK_HOST } : {}),
            });
      let gateway: HostedGateway;
      try {
        gateway = await startGateway({ settings: gatewaySettings, config, logger: gatewayLogger });
      } catch (err) {
        await ops?.close();
        throw err;
      }
      if (ops === undefined) {
        await gateway.close();
        throw new BotError('internal', 'the gateway started without a Redis target');
      }
      const parts = [
        ...(gateway.mode
          ? [
              `Slack ${gateway.mode === 'http' ? `HTTP on port ${gateway.port} (POST /slack/events)` : 'Socket Mode'}`,
            ]
          : []),
        ...(gateway.teams ? [`Teams HTTP on port ${gateway.teams.port} (POST /api/messages)`] : []),
        `ops on port ${ops.port} (/healthz, /readyz, /metrics)`,
      ];
      io.out(`k8s-ha-bot gateway: ${parts.join('; ')}; Ctrl-C to stop\n`);
      // SIGTERM: /readyz turns 503, HTTP intake stops, the replies consumer drains, Redis closes.
      try {
        await runUntilSignal({
          deadlineMs,
          logger: gatewayLogger,
          onSignal: () => ops.setDraining(),
          graceful: () => gateway.close(),
          force: async () => {
            gatewayLogger.warn(
              { deadlineMs },
              'gateway shutdown past its deadline; each close step is bounded and will give up soon',
            );
          },
        });
      } finally {
        await ops.close();
      }
    });

  const configCmd = program.command('config').description('configuration tools');
  configCmd
    .command('check')
    .description(
      'validate the configuration file, its kubeconfig contexts, the Slack/Teams/ops environment settings and the maintenance policy, without starting or contacting anything',
    )
    .action(async () => {
      const checked = await cliSettings();
      const config = await configFor(program.opts<{ config?: string }>(), checked);
      // The kubeconfig contexts are read without the Kubernetes client (kube-context-names.ts).
      if (Object.values(config.clusters).some((c) => c.kind === 'context')) {
        const [{ checkKubeContexts }, { loadKubeContextNames }] = await Promise.all([
          import('../../src/config/check-kube-contexts.js'),
          import('../../src/config/kube-context-names.js'),
        ]);
        checkKubeContexts(config, (path) => loadKubeContextNames(path, checked));
      }
      // One after the other: both load zod, which the built-in configuration no longer loads first,
      // and two first loads of one package at once fail in Jest's ESM loader ("request … is not in
      // cache"), where the tests run this command in-process.
      const { checkDeploymentSettings } = await import('./config-check.js');
      const checkChat = await chat.loadChatSettingsCheck();
      const lines = await checkDeploymentSettings(config, checked, checkChat);
      io.out(
        `configuration OK (${config.source}): clusters ${Object.keys(config.clusters).join(', ')}; default ${config.defaultCluster ?? '(none)'}\n`,
      );
      for (const line of lines) io.out(`  ${line}\n`);
    });

  program
    .command('completion')
    .description('print the shell completion script: source <(k8s-ha-bot completion bash)  (zsh too)')
    .addArgument(new Argument('<shell>', 'bash or zsh').choices(['bash', 'zsh']))
    .action(async (shell: 'bash' | 'zsh') => {
      const { completionScript } = await import('./complete.js');
      io.out(completionScript(shell));
    });

  try {
    // The shell's question while completing (`__complete WORD…`): answered before commander,
    // which would read the words typed as this program's own options.
    if (argv[2] === '__complete') {
      const { completionLines } = await import('./complete.js');
      io.out(
        await completionLines(argv.slice(3), program, await completionSources(program, await cliSettings())),
      );
      return 0;
    }
    await program.parseAsync(withImplicitAsk(argv, program));
  } catch (err) {
    const e = err as { code?: string; exitCode?: number };
    if (typeof e.code === 'string' && e.code.startsWith('commander.')) {
      return e.code === 'commander.helpDisplayed' ||
        e.code === 'commander.help' ||
        e.code === 'commander.version'
        ? 0
        : 2;
    }
    if (isBotError(err)) {
      // The message can quote a kubeconfig's context names or the words typed: no escape sequences.
      const { safeText } = await import('../../src/util/safe-text.js');
      io.err(`k8s-ha-bot: ${safeText(err.message)}\n`);
      logger?.debug({ err }, 'failed');
      return err.code === 'internal' || err.retryable ? 1 : 2;
    }
    io.err(`k8s-ha-bot: unexpected failure; run with LOG_LEVEL=debug for details\n`);
    (await cliLogger()).error({ err }, 'unexpected failure');
    return 1;
  } finally {
    logger?.flush();
  }
  return exitCode;
}

/**
 * Where shell completion finds cluster, context and node names: the configuration (or the built-in
 * demo), the kubeconfig, a snapshot file, or a live node list bounded by COMPLETION_NODE_TIMEOUT_MS.
 */
async function completionSources(
  program: Command,
  settings: Settings,
): Promise<import('./complete.js').CompletionSources> {
  const { liveNodeNames: nodesLive } = await import('./complete.js');
  const config = (): Promise<BotConfig> => configFor(program.opts<{ config?: string }>(), settings);
  const nodesOfFile = async (file: string): Promise<string[]> => {
    const { loadSnapshotFile } = await import('../../src/cluster/snapshot-file.js');
    return (await loadSnapshotFile(resolve(file))).items
      .filter((i) => i.kind === 'Node')
      .map((n) => n.metadata.name);
  };
  return {
    clusters: async () => Object.keys((await config()).clusters),
    contexts: async (kubeconfig) => {
      const { loadKubeContextNames } = await import('../../src/config/kube-context-names.js');
      return loadKubeContextNames(kubeconfig === undefined ? undefined : resolve(kubeconfig), settings)
        .getContexts()
        .map((c) => c.name);
    },
    nodes: async (from) => {
      if (from.snapshot !== undefined) return nodesOfFile(from.snapshot);
      if (from.context !== undefined) {
        const { kubeConfigForContext } = await import('../../src/cluster/kube-config-for-context.js');
        return nodesLive(
          kubeConfigForContext(
            from.kubeconfig === undefined ? undefined : resolve(from.kubeconfig),
            from.context,
            settings,
            '--context',
          ),
        );
      }
      const loaded = await config();
      const name = from.cluster ?? loaded.defaultCluster ?? '';
      const cluster = loaded.clusters[name];
      if (cluster === undefined) return [];
      if (cluster.kind === 'snapshot') return nodesOfFile(cluster.snapshot);
      const { createAnswerService } = await import('../../src/answer/answer.js');
      const service = createAnswerService({ config: loaded, kubeconfigLookup: settings });
      try {
        return await nodesLive(await service.kubeConfigFor(name));
      } finally {
        await service.close();
      }
    },
  };
}

/**
 * `k8s-ha-bot "can I reboot atlas-cp-2"`: a request typed without `ask` is answered as
 * `ask` would. When the first argument after the program's own options is neither a subcommand (nor
 * `help`) nor an option, `ask` is put before the arguments; an option-led request
 * (`k8s-ha-bot --format json "status"`) too, as soon as it holds an operand. Without operands the
 * default stays the interactive prompt (`k8s-ha-bot --cluster prod`).
 * @param argv - `process.argv` shape (node, script, then arguments)
 * @param program - the program, for its subcommands and the options of `ask` and of itself
 * @returns argv, with `ask` inserted when the arguments are a bare request
 */
export function withImplicitAsk(argv: readonly string[], program: Command): string[] {
  const args = argv.slice(2);
  const ask = program.commands.find((c) => c.name() === 'ask');
  if (ask === undefined) return [...argv];
  const commands = new Set(program.commands.flatMap((c) => [c.name(), ...c.aliases()]).concat('help'));
  const takesValue = (cmd: Command, flag: string): boolean =>
    cmd.options.some((o) => (o.long === flag || o.short === flag) && (o.required || o.optional));
  // The program's own options (`--config FILE`) come first and stay where they are.
  let i = 0;
  while (i < args.length) {
    const arg = args[i] ?? '';
    if (!arg.startsWith('-') || arg === '-h' || arg === '--help' || arg === '-V' || arg === '--version')
      break;
    const flag = arg.split('=')[0] ?? arg;
    if (!program.options.some((o) => o.long === flag || o.short === flag)) break;
    i += arg.includes('=') || !takesValue(program, flag) ? 1 : 2;
  }
  const first = args[i];
  if (first === undefined || commands.has(first) || ['-h', '--help', '-V', '--version'].includes(first))
    return [...argv];
  // An operand among the rest (not an option, nor the value of one of ask's options): a request.
  let hasOperand = false;
  for (let j = i; j < args.length; j += 1) {
    const arg = args[j] ?? '';
    if (arg === '--') {
      hasOperand = j + 1 < args.length;
      break;
    }
    if (!arg.startsWith('-')) {
      hasOperand = true;
      break;
    }
    if (!arg.includes('=') && takesValue(ask, arg)) j += 1;
  }
  return hasOperand ? [...argv.slice(0, 2 + i), 'ask', ...args.slice(i)] : [...argv];
}

function safeUser(): string {
  try {
    return userInfo().username;
  } catch {
    return 'console'; // no passwd entry (containers): any stable id will do
  }
}
