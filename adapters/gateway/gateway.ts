/**
 * The gateway process's composition root: it hosts the chat platforms, each started the same way
 * (its adapter translates its payloads for the shared intake, src/intake/intake.ts, and runs the
 * shared reply side, src/intake/start-platform.ts): Slack (../slack/slack-adapter.ts) and Teams
 * (../teams/teams-adapter.ts), whichever the settings ask for. Beside them it runs what the
 * platforms share: the maintenance service and its expiry sweeper (./gateway-maintenance.ts) and the
 * scheduled HA posts, delivered through each platform's poster.
 */
import type { BotConfig } from '../../src/config/bot-config.js';
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { ChatPlatform } from '../../src/commands/types.js';
import type { SlackConfig } from '../../src/config/chat-settings.js';
import {
  DEV_INSECURE_ENV,
  LISTEN_HOST_ENV,
  LOOPBACK_HOST,
  isLoopbackHost,
  requirePlatform,
  settingsOrLoad,
} from '../../src/config/settings.js';
import type { Env, Settings } from '../../src/config/settings.js';
import { ConfigError } from '../../src/errors.js';
import type { Reply } from '../../src/explain/reply.js';
import { explainAudit } from '../../src/maintenance/explain-maintenance.js';
import { bounded } from '../../src/ops/shutdown.js';
import type { PostDelivery } from '../../src/schedule/schedule-runner.js';
import { startScheduledPosts } from '../../src/schedule/start-scheduled-posts.js';
import type { Logger } from '../../src/util/logger.js';
import { startSlackAdapter } from '../slack/slack-adapter.js';
import type { RunningSlackAdapter } from '../slack/slack-adapter.js';
import type { SlackMessage } from '../slack/slack-messages.js';
import { startTeamsAdapter } from '../teams/teams-adapter.js';
import type { RunningTeamsAdapter } from '../teams/teams-adapter.js';
import { startGatewayMaintenance } from './gateway-maintenance.js';
import type { GatewayMaintenance } from './gateway-maintenance.js';

/** Longest one shutdown step may take before the gateway moves on, in ms. */
const CLOSE_STEP_MS = 3000;

/** Options of {@link startGateway}. */
export interface GatewayOptions {
  /** The process's settings (the CLI loads them once). @defaultValue loaded from `env` */
  settings?: Settings;
  /** Environment with the SLACK_*, MICROSOFT_APP_* settings and PORT, when `settings` are not given (tests). */
  env?: Env;
  /** The bot configuration (clusters, default cluster, locale, Redis URL). */
  config: BotConfig;
  logger: Logger;
  /** Overrides `PORT` (tests pass 0 for a free port). */
  port?: number;
  /** Block Kit rendering. @defaultValue the adapter's renderer */
  render?: (reply: Reply) => SlackMessage[];
  /** How often due deadlines are looked for, in ms. @defaultValue min(1000, replyDeadlineMs / 4) */
  deadlinePollMs?: number;
  /** BullMQ / store key prefix (tests). @defaultValue the settings' (`K8S_HA_BOT_QUEUE_PREFIX`) */
  queuePrefix?: string;
  /** Overrides `TEAMS_PORT` of the Teams adapter (started when MICROSOFT_APP_ID is set). */
  teamsPort?: number;
  /** Maintenance expiry sweep period, in ms. @defaultValue 15 000 */
  maintenanceSweepMs?: number;
  /**
   * How long a failed enqueue after the ack is retried before the requester is told the queue is
   * unavailable, in ms (SlackIntakeOptions.enqueueRetryMs). @defaultValue 15 000
   */
  enqueueRetryMs?: number;
  /**
   * How long the gateway waits for Redis, in ms: to connect its maintenance service at start, and
   * per Slack request before the ack says the queue is unavailable (`SlackConfig.ackBudgetMs`).
   * @defaultValue 2000 (Slack wants the ack within 3 s); tests on a busy machine that do not test
   *   this limit pass a generous one
   */
  redisWaitMs?: number;
}

/** A started gateway. */
export interface RunningGateway {
  /** Slack transport, when Slack is configured. */
  mode?: 'http' | 'socket';
  /** The HTTP port of `/slack/events` (HTTP mode). */
  port?: number;
  /** The Slack settings, when Slack is configured. */
  slack?: SlackConfig;
  /** The Teams adapter, when MICROSOFT_APP_ID is set (its own port: `teams.port`, POST /api/messages). */
  teams?: RunningTeamsAdapter;
  /** Maintenance: the service the adapters decide with, and the expiry sweeper. */
  maintenance: GatewayMaintenance;
  /** Stop taking requests, finish deliveries in progress, disconnect. Idempotent. */
  close(): Promise<void>;
}

/** A started chat platform, as the gateway holds it. */
interface HostedPlatform {
  /** Scheduled HA posts into the platform's conversations. */
  scheduleDelivery: PostDelivery;
  close(): Promise<void>;
}

/**
 * Start the gateway.
 * @param options - see {@link GatewayOptions}
 * @returns the running gateway
 * @throws ConfigError naming the missing or bad setting (SLACK_*, MICROSOFT_APP_*, PORT, REDIS_URL);
 *   BotError `queue-unavailable` when Redis cannot be reached at start; ConfigError `SLACK_BOT_TOKEN`
 *   when Slack refuses the bot token at start, BotError `config-invalid` when Slack's Web API cannot
 *   be reached then (auth.test)
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { config, logger } = options;
  const loaded = settingsOrLoad(
    options.settings,
    options.env,
    options.queuePrefix ? { queuePrefix: options.queuePrefix } : {},
  );
  const { redisWaitMs } = options;
  const slackValue = loaded.chat.slack.value;
  const settings: Settings =
    redisWaitMs === undefined || slackValue === undefined
      ? loaded
      : {
          ...loaded,
          chat: {
            ...loaded.chat,
            slack: { ...loaded.chat.slack, value: { ...slackValue, ackBudgetMs: redisWaitMs } },
          },
        };
  const { chat, ops } = settings;
  // Settings are checked before anything starts, so a bad one stops the gateway at once. Teams runs
  // when MICROSOFT_APP_ID is set (or TEAMS_PORT in the development mode); Slack when any SLACK_*
  // secret is set, or when Teams is not configured either (then the missing Slack secret is what
  // the error names). K8S_HA_BOT_DEV_INSECURE=1: Teams may run without authentication, bound to
  // 127.0.0.1 only. Never in production.
  const withTeams = chat.teams.requested;
  if (withTeams) requirePlatform(chat.teams);
  if (ops.devInsecure && chat.teamsHost !== undefined && !isLoopbackHost(chat.teamsHost)) {
    throw new ConfigError(
      LISTEN_HOST_ENV.teams,
      `${JSON.stringify(chat.teamsHost)}: with ${DEV_INSECURE_ENV}=1 the Teams endpoint runs without authentication and listens on ${LOOPBACK_HOST} only; unset ${LISTEN_HOST_ENV.teams} or the development flag`,
    );
  }
  if (ops.devInsecure)
    logger.warn(
      { setting: DEV_INSECURE_ENV },
      'INSECURE development mode: Teams requests may be unauthenticated; the Teams endpoint and the ops server bind to 127.0.0.1 only',
    );
  const withSlack = chat.slack.requested || !withTeams;
  if (withSlack) requirePlatform(chat.slack);
  const redisUrl = redisTargetOf(config.redis);
  if (!redisUrl) {
    throw new ConfigError(
      'REDIS_URL',
      'is not set: the gateway hands requests to workers through Redis; set REDIS_URL=redis://host:6379, or REDIS_SENTINELS and REDIS_SENTINEL_NAME for Redis Sentinel (or redis in the config file)',
    );
  }
  // Maintenance decisions, audit and expiry are the gateway's (Redis only); executions are the workers'.
  const maintenance = await startGatewayMaintenance({
    redisUrl,
    config,
    prefix: settings.queue.prefix,
    logger,
    ...(options.maintenanceSweepMs !== undefined ? { sweepMs: options.maintenanceSweepMs } : {}),
    ...(redisWaitMs !== undefined ? { connectTimeoutMs: redisWaitMs } : {}),
  });

  // Each platform the settings ask for, in this order; a `Record` so that a new chat platform
  // (src/commands/types.ts PLATFORMS) needs its line here (docs/architecture.md "Adding a chat platform").
  let slack: RunningSlackAdapter | undefined;
  let teams: RunningTeamsAdapter | undefined;
  const starters: Record<ChatPlatform, (() => Promise<HostedPlatform>) | undefined> = {
    slack: withSlack
      ? async () =>
          (slack = await startSlackAdapter({
            settings,
            config,
            redisUrl,
            logger,
            maintenance,
            ...(options.port !== undefined ? { port: options.port } : {}),
            ...(options.render ? { render: options.render } : {}),
            ...(options.deadlinePollMs !== undefined ? { deadlinePollMs: options.deadlinePollMs } : {}),
            ...(options.enqueueRetryMs !== undefined ? { enqueueRetryMs: options.enqueueRetryMs } : {}),
          }))
      : undefined,
    teams: withTeams
      ? async () =>
          (teams = await startTeamsAdapter({
            settings,
            config,
            logger,
            ...(ops.devInsecure ? { allowNoAuth: true, host: LOOPBACK_HOST } : {}),
            maintenance: {
              service: maintenance.service.chat,
              explainAudit: (entries, locale) => explainAudit(entries, locale),
            },
            policy: maintenance.policy,
            ...(options.teamsPort !== undefined ? { port: options.teamsPort } : {}),
            ...(options.deadlinePollMs !== undefined ? { deadlinePollMs: options.deadlinePollMs } : {}),
          }))
      : undefined,
  };
  const hosted = new Map<ChatPlatform, HostedPlatform>();
  const closeHosted = async (): Promise<void> => {
    for (const platform of [...hosted.values()].reverse()) await platform.close();
  };
  try {
    for (const [name, start] of Object.entries(starters) as [ChatPlatform, (typeof starters)[ChatPlatform]][])
      if (start) hosted.set(name, await start());
  } catch (err) {
    await closeHosted();
    await maintenance.close();
    throw err;
  }

  // Scheduled HA posts: every gateway replica runs the runner; each occurrence is posted once.
  let posts: { close(): Promise<void> };
  try {
    posts = await startScheduledPosts({
      redisUrl,
      config,
      logger,
      prefix: settings.queue.prefix,
      deliveries: Object.fromEntries(
        [...hosted].map(([name, platform]) => [name, platform.scheduleDelivery]),
      ),
    });
  } catch (err) {
    await closeHosted();
    await maintenance.close();
    throw err;
  }

  let closing: Promise<void> | undefined;
  const started = { slack, teams } as { slack?: RunningSlackAdapter; teams?: RunningTeamsAdapter };
  return {
    ...(started.slack
      ? {
          mode: started.slack.mode,
          slack: started.slack.slack,
          ...(started.slack.port !== undefined ? { port: started.slack.port } : {}),
        }
      : {}),
    ...(started.teams ? { teams: started.teams } : {}),
    maintenance,
    close() {
      closing ??= (async () => {
        await bounded(posts.close(), CLOSE_STEP_MS, 'stopping scheduled posts', logger);
        await closeHosted();
        await bounded(maintenance.close(), CLOSE_STEP_MS, 'closing maintenance', logger);
      })();
      return closing;
    },
  };
}
