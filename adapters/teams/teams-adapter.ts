/**
 * The Teams adapter's entry point: {@link startTeamsAdapter} validates the MICROSOFT_APP_* settings,
 * connects to Redis, serves `POST /api/messages` (botbuilder's CloudAdapter authenticates each
 * request) and `GET /healthz` on its own HTTP port, and consumes the Teams replies queue, delivering
 * each answer proactively as Adaptive Cards. The gateway process hosts it beside Slack.
 */
import { pollDueReplies } from '../../src/queue/reply-deadlines.js';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { ConfigError } from '../../src/errors.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import { queuePrefixFrom } from '../../src/queue/queue-prefix.js';
import { createProducerConnection, ensureReady } from '../../src/queue/redis-connection.js';
import { ReplyConsumer, ReplyPublisher } from '../../src/queue/reply-queue.js';
import {
  RequestRateLimiter,
  admissionGate,
  commandGate,
  rateLimitSettingsFrom,
  rateLimitedSink,
} from '../../src/ops/rate-limit.js';
import { DEFAULT_DELIVERY_DEADLINE_MS } from '../../src/queue/reply-queue.js';
import { undeliverableReply } from '../../src/queue/undeliverable-reply.js';
import { teamsTurnGate } from './teams-rate-limit.js';
import type { Logger } from '../../src/util/logger.js';
import { BotFrameworkHost } from './teams-bot-framework.js';
import type { BotFrameworkAuthOverrides } from './teams-bot-framework.js';
import { TeamsBot } from './teams-bot.js';
import { loadTeamsConfig } from './teams-config.js';
import type { TeamsConfig } from './teams-config.js';
import { TeamsPoster } from './teams-poster.js';
import type { TeamsPosterOptions } from './teams-poster.js';
import { TEAMS_STORE_PREFIX, TeamsStore } from './teams-store.js';
import type { TeamsStoreOptions } from './teams-store.js';
import { TeamsMaintenance } from './teams-maintenance.js';
import type { TeamsMaintenancePort } from './teams-maintenance.js';
import type { Locale } from '../../src/commands/types.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AuditEntry } from '../../src/maintenance/types.js';
import { bounded } from '../../src/ops/shutdown.js';
import { tenantsNamedIn } from '../../src/maintenance/policy.js';
import type { MaintenancePolicy } from '../../src/maintenance/policy.js';
import { LISTEN_HOST_ENV, listenHostFrom } from '../../src/ops/listen-host.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';

/** How long Redis may take to answer on the request path, in ms (Teams waits 15 s for the 200). */
const REDIS_BUDGET_MS = 2000;
/** Longest one shutdown step may take, in ms. */
const CLOSE_STEP_MS = 3000;

/** Options of {@link startTeamsAdapter}. */
export interface TeamsAdapterOptions {
  /** Environment with the MICROSOFT_APP_* settings and TEAMS_PORT (the CLI passes `process.env`). */
  env: Readonly<Record<string, string | undefined>>;
  /** The bot configuration (clusters, default cluster, locale, Redis URL). */
  config: BotConfig;
  logger: Logger;
  /** Overrides TEAMS_PORT (tests pass 0 for a free port). */
  port?: number;
  /** Host to listen on. @defaultValue `K8S_HA_BOT_TEAMS_HOST`, else all interfaces */
  host?: string;
  /** BullMQ / store key prefix (tests). @defaultValue `K8S_HA_BOT_QUEUE_PREFIX` of `env` (src/queue/queue-prefix.ts) */
  queuePrefix?: string;
  /** Bounds of the stored conversation references (tests make them small). @defaultValue the store's */
  referenceBounds?: Pick<TeamsStoreOptions, 'maxReferences' | 'maxAnnouncedReferences'>;
  /** Accept an empty MICROSOFT_APP_ID, which disables authentication. Tests only. @defaultValue false */
  allowNoAuth?: boolean;
  /** How often due reply deadlines are looked for, in ms. @defaultValue min(1000, replyDeadlineMs / 4) */
  deadlinePollMs?: number;
  /** Other OpenID metadata URLs for the token check (tests). @defaultValue botbuilder's */
  botFrameworkAuth?: BotFrameworkAuthOverrides;
  /** Retry tuning of the poster (tests shorten the waits). */
  poster?: Pick<TeamsPosterOptions, 'sleep' | 'baseDelayMs' | 'maxDelayMs' | 'maxAttempts' | 'random'>;
  /**
   * Maintenance requests and plans: the MaintenanceService's chat port (`service.chat`, a
   * {@link TeamsMaintenancePort})
   * and optionally another audit renderer (default: `explainAudit`). Without it, maintenance
   * buttons and typed decisions answer "not available", and maintenance replies are posted as
   * ordinary messages.
   */
  maintenance?: {
    service: TeamsMaintenancePort;
    explainAudit?: (entries: AuditEntry[], locale: Locale) => Reply;
  };
  /** The maintenance policy: members of the tenants it names are admitted as guests. @defaultValue none named */
  policy?: MaintenancePolicy;
}

/** A started Teams adapter. */
export interface RunningTeamsAdapter {
  /** The HTTP port of `/api/messages`. */
  port: number;
  teams: TeamsConfig;
  /** Delivers replies to stored conversations (scheduled posts use it too). */
  poster: Pick<TeamsPoster, 'deliver'>;
  /** Stop taking requests, finish deliveries in progress, disconnect. Idempotent. */
  close(): Promise<void>;
}

/**
 * Start the Teams adapter.
 * @param options - see {@link TeamsAdapterOptions}
 * @returns the running adapter (listening, consuming replies)
 * @throws ConfigError naming the missing or bad setting (MICROSOFT_APP_ID, MICROSOFT_APP_PASSWORD,
 *   MICROSOFT_APP_TENANT_ID, MICROSOFT_APP_TYPE, TEAMS_PORT, REDIS_URL); BotError
 *   `queue-unavailable` when Redis cannot be reached at start; the listen error (port in use)
 */
export async function startTeamsAdapter(options: TeamsAdapterOptions): Promise<RunningTeamsAdapter> {
  const { config, logger } = options;
  const teams = loadTeamsConfig(options.env, { allowNoAuth: options.allowNoAuth ?? false });
  const listenHost = options.host ?? listenHostFrom(options.env, LISTEN_HOST_ENV.teams);
  const rateLimit = rateLimitSettingsFrom(options.env);
  const redisUrl = redisTargetOf(config.redis);
  if (!redisUrl) {
    throw new ConfigError(
      'REDIS_URL',
      'is not set: the gateway hands requests to workers through Redis; set REDIS_URL=redis://host:6379, or REDIS_SENTINELS and REDIS_SENTINEL_NAME for Redis Sentinel (or redis in the config file)',
    );
  }
  const prefix = options.queuePrefix ?? queuePrefixFrom(options.env);
  const queue = new JobQueue({ redisUrl, logger, prefix, connectTimeoutMs: REDIS_BUDGET_MS });
  const redis = createProducerConnection(redisUrl, { connectTimeoutMs: REDIS_BUDGET_MS, logger });
  const store = new TeamsStore(
    redis,
    `${TEAMS_STORE_PREFIX}${prefix === 'bull' ? '' : `${prefix}:`}`,
    () => ensureReady(redis, redisUrl, REDIS_BUDGET_MS),
    options.referenceBounds,
  );
  const host = new BotFrameworkHost(teams, logger.child({ component: 'teams' }), options.botFrameworkAuth);
  const poster = new TeamsPoster({ connector: host, store, logger, ...options.poster });
  const maintenance = options.maintenance
    ? new TeamsMaintenance({ ...options.maintenance, poster, store, defaultLocale: config.locale, logger })
    : undefined;
  // Per-user rate limit (src/ops/rate-limit.ts), asked once per message or card click before the
  // bot does anything (./teams-rate-limit.ts); the job queue only counts what it enqueues.
  const admit = teamsTurnGate(commandGate(new RequestRateLimiter({ redis, ...rateLimit, logger })), {
    defaultLocale: config.locale,
    logger,
    sendPersonal: (reference, user, activity) => host.sendPersonal(reference, user, activity),
  });
  const rateLimitPublisher = new ReplyPublisher(redis, prefix, logger);
  const gatedQueue = rateLimitedSink(queue, admissionGate(undefined), rateLimitPublisher, logger);
  const admission = {
    allowedTenants: teams.allowedTenants,
    namedTenants: options.policy ? tenantsNamedIn(options.policy, 'teams') : new Set<string>(),
  };
  if (teams.allowedTenants === undefined)
    logger.warn(
      { setting: 'TEAMS_ALLOWED_TENANTS' },
      'INSECURE development mode: Teams activities of every tenant are served (no TEAMS_ALLOWED_TENANTS)',
    );
  else
    logger.info(
      {
        tenants: teams.allowedTenants,
        guestTenantsNamedByPolicy: [...admission.namedTenants].filter(
          (t) => !teams.allowedTenants?.includes(t),
        ),
      },
      'Teams tenants served',
    );
  // Schedule commands (as in Slack); the gateway's schedule runner posts them through `poster`.
  const schedules = new ScheduleService({
    redisUrl,
    prefix,
    logger,
    defaultTimeZone: options.env.K8S_HA_BOT_TIME_ZONE || 'UTC',
    connectTimeoutMs: REDIS_BUDGET_MS,
  });
  const bot = new TeamsBot({
    config,
    queue: gatedQueue,
    admit,
    store,
    dedupTtlSeconds: teams.dedupTtlSeconds,
    replyDeadlineMs: teams.replyDeadlineMs,
    logger,
    admission,
    schedules,
    ...(maintenance ? { maintenance } : {}),
  });

  const consumer = await ReplyConsumer.start({
    redisUrl,
    platform: 'teams',
    prefix,
    logger,
    // Answers are paced per conversation after a 429 (src/queue/reply-throttle.ts): a reply waits
    // for its conversation without holding a delivery slot. Maintenance thread posts keep their own order.
    conversationOf: (job, delivery) =>
      delivery === undefined || delivery.mode === 'new'
        ? (job.replyTo.address as { conversation?: string }).conversation
        : undefined,
    // The answer exists: no "did not finish" follow-up while it waits for its conversation.
    onTaken: async (job) => {
      await store.resolvePending(job.requestId);
    },
    // Teams has no message for one member of a conversation: the notice goes where the answer would have.
    onUndeliverable: async (_reply, job) => {
      const notice = undeliverableReply(
        { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
        DEFAULT_DELIVERY_DEADLINE_MS,
      );
      const address = { conversation: (job.replyTo.address as { conversation: string }).conversation };
      await poster.deliver(notice, {
        ...job,
        requestId: `${job.requestId}.undeliverable`,
        replyTo: { platform: 'teams', address },
      });
    },
    handler: async (reply, job, delivery) => {
      await store.resolvePending(job.requestId);
      if (maintenance && TeamsMaintenance.handles(reply, delivery))
        await maintenance.deliver(reply, job, delivery);
      else await poster.deliver(reply, job, { onRateLimit: 'throw' });
    },
  });

  // "The check did not finish" follow-ups for requests whose worker stayed silent past the deadline.
  const pollMs = options.deadlinePollMs ?? Math.min(1000, Math.floor(teams.replyDeadlineMs / 4));
  const timer = pollDueReplies({
    takeDue: (now) => store.takeDue(now),
    pollMs,
    logger,
    what: 'Teams',
    onDue: async (job) => {
      logger.warn(
        { requestId: job.requestId, cluster: job.cluster, deadlineMs: teams.replyDeadlineMs },
        'no reply from a worker in time; sending a Teams follow-up',
      );
      // Not started yet (no worker): withdraw it, so it does not run after this message (a late
      // maintenance request nobody waits for). A job already running still answers.
      await queue.withdraw(job, 2000);
      const reply = explainFailure(
        { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
        'job-timeout',
        { seconds: Math.round(teams.replyDeadlineMs / 1000) },
      );
      await poster.deliver(reply, { ...job, requestId: `${job.requestId}.timeout` });
    },
  });

  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/api/messages' && req.method === 'POST') {
      host
        .handle(req, res, async (turn) => bot.onTurn(turn))
        .catch((err: unknown) => {
          logger.error({ err }, 'Teams request failed');
          if (!res.headersSent) res.writeHead(500);
          res.end();
        });
      return;
    }
    if (path === '/healthz' && req.method === 'GET') {
      store.ping().then(
        () => res.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n'),
        (err: unknown) => {
          logger.warn({ err }, 'health check failed');
          res.writeHead(503, { 'content-type': 'text/plain' }).end('redis unavailable\n');
        },
      );
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? teams.port, listenHost, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (err) {
    clearInterval(timer);
    await consumer.close();
    await queue.close();
    await schedules.close();
    redis.disconnect();
    throw err;
  }
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : (options.port ?? teams.port);
  logger.info(
    { port, host: listenHost ?? '*', appType: teams.appType, auth: teams.appId !== '' },
    'Teams adapter ready (POST /api/messages)',
  );

  let closing: Promise<void> | undefined;
  return {
    port,
    teams,
    poster,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await bounded(
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
          CLOSE_STEP_MS,
          'stopping the Teams HTTP server',
          logger,
        );
        await bounded(consumer.close(), CLOSE_STEP_MS, 'closing the Teams replies consumer', logger);
        if (maintenance)
          await bounded(maintenance.close(), CLOSE_STEP_MS, 'finishing maintenance card updates', logger);
        await bounded(queue.close(), CLOSE_STEP_MS, 'closing the job queue', logger);
        await bounded(
          rateLimitPublisher.close(),
          CLOSE_STEP_MS,
          'closing the rate-limit replies queue',
          logger,
        );
        await bounded(schedules.close(), CLOSE_STEP_MS, 'closing the schedule queue', logger);
        redis.disconnect();
        logger.info('Teams adapter stopped');
      })();
      return closing;
    },
  };
}
