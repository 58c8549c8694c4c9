/**
 * The Teams adapter's entry point, as ../slack/slack-adapter.ts is Slack's: {@link startTeamsAdapter}
 * takes the validated MICROSOFT_APP_* settings, opens the platform's Redis side
 * (src/intake/connect-platform.ts), serves `POST /api/messages` (botbuilder's CloudAdapter
 * authenticates each request; ./teams-bot.ts translates activities for the shared intake) and
 * `GET /healthz` on its own HTTP port, and starts the shared reply side (src/intake/start-platform.ts):
 * the Teams replies consumer, delivering each answer proactively as Adaptive Cards, and the "did not
 * finish" follow-ups. The gateway process hosts it beside Slack.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import type { TeamsConfig } from '../../src/config/chat-settings.js';
import { requirePlatform, settingsOrLoad } from '../../src/config/settings.js';
import type { Env, Settings } from '../../src/config/settings.js';
import { ConfigError } from '../../src/errors.js';
import { connectPlatform } from '../../src/intake/connect-platform.js';
import { startPlatform } from '../../src/intake/start-platform.js';
import type { PostDelivery } from '../../src/schedule/schedule-runner.js';
import { jobPosterDelivery } from '../../src/schedule/job-poster-delivery.js';
import { teamsTurnGate } from './teams-rate-limit.js';
import type { Logger } from '../../src/util/logger.js';
import { BotFrameworkHost } from './teams-bot-framework.js';
import type { BotFrameworkAuthOverrides } from './teams-bot-framework.js';
import { TeamsBot } from './teams-bot.js';
import { TeamsPoster } from './teams-poster.js';
import type { TeamsPosterOptions } from './teams-poster.js';
import { TeamsStore } from './teams-store.js';
import type { TeamsStoreOptions } from './teams-store.js';
import { TeamsMaintenance } from './teams-maintenance.js';
import type { TeamsMaintenancePort } from './teams-maintenance.js';
import type { Locale } from '../../src/commands/types.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AuditEntry } from '../../src/maintenance/types.js';
import { bounded } from '../../src/ops/shutdown.js';
import { tenantsNamedIn } from '../../src/maintenance/policy.js';
import type { MaintenancePolicy } from '../../src/maintenance/policy.js';

/** How long Redis may take to answer on the request path, in ms (Teams waits 15 s for the 200). */
const REDIS_BUDGET_MS = 2000;
/** Longest one shutdown step may take, in ms. */
const CLOSE_STEP_MS = 3000;

/** Options of {@link startTeamsAdapter}. */
export interface TeamsAdapterOptions {
  /** The process's settings (`chat.teams` must be valid). @defaultValue loaded from `env` */
  settings?: Settings;
  /** Environment with the MICROSOFT_APP_* settings and TEAMS_PORT, when `settings` are not given (tests). */
  env?: Env;
  /** The bot configuration (clusters, default cluster, locale, Redis URL). */
  config: BotConfig;
  logger: Logger;
  /** Overrides TEAMS_PORT (tests pass 0 for a free port). */
  port?: number;
  /** Host to listen on. @defaultValue `K8S_HA_BOT_TEAMS_HOST`, else all interfaces */
  host?: string;
  /** BullMQ / store key prefix (tests). @defaultValue the settings' (`K8S_HA_BOT_QUEUE_PREFIX`) */
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
  /** Scheduled HA posts into Teams conversations (through their stored references). */
  scheduleDelivery: PostDelivery;
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
  const settings = settingsOrLoad(options.settings, options.env, {
    ...(options.queuePrefix ? { queuePrefix: options.queuePrefix } : {}),
    ...(options.allowNoAuth ? { teamsWithoutAuth: true } : {}),
  });
  const teams = requirePlatform(settings.chat.teams);
  const listenHost = options.host ?? settings.chat.teamsHost;
  const redisUrl = redisTargetOf(config.redis);
  if (!redisUrl) {
    throw new ConfigError(
      'REDIS_URL',
      'is not set: the gateway hands requests to workers through Redis; set REDIS_URL=redis://host:6379, or REDIS_SENTINELS and REDIS_SENTINEL_NAME for Redis Sentinel (or redis in the config file)',
    );
  }
  const connection = await connectPlatform({ redisUrl, settings, logger, budgetMs: REDIS_BUDGET_MS });
  const store = new TeamsStore(
    connection.redis,
    connection.keys.teamsStore,
    () => connection.ensureReady(),
    options.referenceBounds,
  );
  const host = new BotFrameworkHost(teams, logger.child({ component: 'teams' }), options.botFrameworkAuth);
  const poster = new TeamsPoster({ connector: host, store, logger, ...options.poster });
  const maintenance = options.maintenance
    ? new TeamsMaintenance({ ...options.maintenance, poster, store, defaultLocale: config.locale, logger })
    : undefined;
  // Per-user rate limit (src/ops/rate-limit.ts), asked once per message or card click before the
  // bot does anything (./teams-rate-limit.ts); the job queue only counts what it enqueues.
  const admit = teamsTurnGate(connection.rateGate, {
    defaultLocale: config.locale,
    logger,
    sendPersonal: (reference, user, activity) => host.sendPersonal(reference, user, activity),
  });
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
  const bot = new TeamsBot({
    config,
    queue: connection.jobs,
    admit,
    store,
    dedupTtlSeconds: teams.dedupTtlSeconds,
    replyDeadlineMs: teams.replyDeadlineMs,
    logger,
    admission,
    schedules: connection.schedules,
    ...(maintenance ? { maintenance } : {}),
  });

  const platform = await startPlatform({
    platform: 'teams',
    redisUrl,
    prefix: connection.keys.prefix,
    logger,
    store,
    poster: {
      postTimeout: async (reply, job, deliveryId) => {
        await poster.deliver(reply, { ...job, requestId: deliveryId });
      },
      // Teams has no message for one member of a conversation: the notice goes where the answer would have.
      postUndeliverable: async (notice, job, deliveryId) => {
        const address = { conversation: (job.replyTo.address as { conversation: string }).conversation };
        await poster.deliver(notice, {
          ...job,
          requestId: deliveryId,
          replyTo: { platform: 'teams', address },
        });
      },
    },
    conversationOf: (job) => (job.replyTo.address as { conversation?: string }).conversation,
    withdraw: (job, boundMs) => connection.queue.withdraw(job, boundMs),
    replyDeadlineMs: teams.replyDeadlineMs,
    ...(options.deadlinePollMs !== undefined ? { deadlinePollMs: options.deadlinePollMs } : {}),
    deliver: async (reply, job, delivery) => {
      if (maintenance && TeamsMaintenance.handles(reply, delivery))
        await maintenance.deliver(reply, job, delivery);
      else await poster.deliver(reply, job, { onRateLimit: 'throw' });
    },
  }).catch(async (err: unknown) => {
    await connection.close();
    throw err;
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
    await platform.close();
    await connection.close();
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
    scheduleDelivery: jobPosterDelivery(poster),
    close() {
      closing ??= (async () => {
        platform.stopDeadlines();
        await bounded(
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
          CLOSE_STEP_MS,
          'stopping the Teams HTTP server',
          logger,
        );
        await platform.close();
        if (maintenance)
          await bounded(maintenance.close(), CLOSE_STEP_MS, 'finishing maintenance card updates', logger);
        await connection.close();
        logger.info('Teams adapter stopped');
      })();
      return closing;
    },
  };
}
