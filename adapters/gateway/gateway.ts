/**
 * The gateway process's composition root: it hosts the chat adapters (Slack; Teams when
 * MICROSOFT_APP_ID is set, see ../teams/teams-adapter.ts). It reads and
 * validates the settings, connects to Redis, starts the Slack app (HTTP or Socket Mode), consumes
 * the Slack replies queue, and posts the "did not finish" follow-ups of requests whose worker
 * stayed silent past the deadline.
 */
import type { RedisTarget } from '../../src/config/redis-settings.js';
import type { Server } from 'node:http';
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { ConfigError } from '../../src/errors.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
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
import { DEV_INSECURE_ENV, LOOPBACK_HOST, devInsecureFrom } from '../../src/ops/dev-insecure.js';
import { LISTEN_HOST_ENV, isLoopbackHost, listenHostFrom } from '../../src/ops/listen-host.js';
import type { Logger } from '../../src/util/logger.js';
import { createSlackApp } from '../slack/slack-app.js';
import { loadSlackConfig } from '../slack/slack-config.js';
import type { SlackConfig } from '../slack/slack-config.js';
import { SlackIntake } from '../slack/slack-intake.js';
import { UserLocaleCache } from '../slack/slack-locale.js';
import { slackMessagesFor } from '../slack/slack-messages.js';
import type { SlackMessage } from '../slack/slack-messages.js';
import { SlackPoster } from '../slack/slack-poster.js';
import { SlackStore } from '../slack/slack-store.js';
import { startTeamsAdapter } from '../teams/teams-adapter.js';
import { ScheduleService } from '../../src/schedule/schedule-service.js';
import { pollDueReplies } from '../../src/queue/reply-deadlines.js';
import { startScheduledPosts } from '../../src/schedule/start-scheduled-posts.js';
import { jobPosterDelivery } from '../../src/schedule/job-poster-delivery.js';
import { slackScheduleCommands } from '../slack/slack-schedules.js';
import { slackScheduleDelivery } from '../slack/slack-schedule-delivery.js';
import type { RunningTeamsAdapter } from '../teams/teams-adapter.js';
import { loadTeamsConfig, teamsConfigured } from '../teams/teams-config.js';
import { explainAudit, explainMaintenanceRefusal } from '../../src/maintenance/explain-maintenance.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { SlackMaintenance } from '../slack/slack-maintenance.js';
import { startGatewayMaintenance } from './gateway-maintenance.js';
import type { GatewayMaintenance } from './gateway-maintenance.js';
import { bounded } from '../../src/ops/shutdown.js';
import { tenantsNamedIn } from '../../src/maintenance/policy.js';
import type { MaintenancePolicy } from '../../src/maintenance/policy.js';
import type { SlackAdmissionPolicy, SlackAllowList } from '../slack/slack-identity.js';

/** Longest one shutdown step may take before the gateway moves on, in ms. */
const CLOSE_STEP_MS = 3000;

/**
 * The poster's posted-message markers without the Redis dependency: when Redis fails, a reply is
 * posted with no markers (a retried delivery may then post it again) rather than not at all.
 * @param store - the Slack store
 * @param logger - where Redis failures are logged
 * @param redisReady - whether the connection is up (no I/O); when false, Redis is not tried at all,
 *   so the reply does not wait for a reconnection
 * @returns markers that never reject
 */
export function bestEffortMarkers(
  store: Pick<SlackStore, 'postedMessages' | 'markPosted'>,
  logger: Logger,
  redisReady: () => boolean = () => true,
): Pick<SlackStore, 'postedMessages' | 'markPosted'> {
  return {
    async postedMessages(requestId) {
      if (!redisReady()) return new Map();
      try {
        return await store.postedMessages(requestId);
      } catch (err) {
        logger.warn(
          { err, requestId },
          'could not read posted-message markers (Redis); posting without them',
        );
        return new Map();
      }
    },
    async markPosted(requestId, index, ts) {
      if (!redisReady()) return;
      try {
        await store.markPosted(requestId, index, ts);
      } catch (err) {
        logger.warn({ err, requestId }, 'could not record a posted message (Redis)');
      }
    },
  };
}

/** Options of {@link startGateway}. */
export interface GatewayOptions {
  /** Environment with the SLACK_* settings and PORT (the CLI passes `process.env`). */
  env: Readonly<Record<string, string | undefined>>;
  /** The bot configuration (clusters, default cluster, locale, Redis URL). */
  config: BotConfig;
  logger: Logger;
  /** Overrides `PORT` (tests pass 0 for a free port). */
  port?: number;
  /** Block Kit rendering. @defaultValue the adapter's renderer */
  render?: (reply: Reply) => SlackMessage[];
  /** How often due deadlines are looked for, in ms. @defaultValue min(1000, replyDeadlineMs / 4) */
  deadlinePollMs?: number;
  /** BullMQ / store key prefix (tests). @defaultValue `K8S_HA_BOT_QUEUE_PREFIX` of `env` (src/queue/queue-prefix.ts) */
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

/**
 * Start the gateway.
 * @param options - see {@link GatewayOptions}
 * @returns the running gateway
 * @throws ConfigError naming the missing or bad setting (SLACK_*, PORT, REDIS_URL); BotError
 *   `queue-unavailable` when Redis cannot be reached at start; Bolt's error when `auth.test` fails
 *   (a wrong bot token)
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  const { config, logger } = options;
  // Settings are checked before anything starts, so a bad one stops the gateway at once. Slack runs
  // when any SLACK_* secret is set, or when Teams is not configured either (then the missing Slack
  // secret is what the error names); Teams runs when MICROSOFT_APP_ID is set.
  // K8S_HA_BOT_DEV_INSECURE=1 (src/ops/dev-insecure.ts): Teams may run without authentication
  // (MICROSOFT_APP_ID unset, TEAMS_PORT set), bound to 127.0.0.1 only. Never in production.
  const devInsecure = devInsecureFrom(options.env);
  const withTeams =
    teamsConfigured(options.env) || (devInsecure && (options.env.TEAMS_PORT ?? '').trim() !== '');
  if (withTeams) loadTeamsConfig(options.env, { allowNoAuth: devInsecure });
  // Hosts are checked before anything starts; the unauthenticated development endpoint stays on loopback.
  listenHostFrom(options.env, LISTEN_HOST_ENV.slack); // checked here, used by the Slack part
  const teamsHost = listenHostFrom(options.env, LISTEN_HOST_ENV.teams);
  if (devInsecure && teamsHost !== undefined && !isLoopbackHost(teamsHost)) {
    throw new ConfigError(
      LISTEN_HOST_ENV.teams,
      `${JSON.stringify(teamsHost)}: with ${DEV_INSECURE_ENV}=1 the Teams endpoint runs without authentication and listens on ${LOOPBACK_HOST} only; unset ${LISTEN_HOST_ENV.teams} or the development flag`,
    );
  }
  if (devInsecure)
    logger.warn(
      { setting: DEV_INSECURE_ENV },
      'INSECURE development mode: Teams requests may be unauthenticated; the Teams endpoint and the ops server bind to 127.0.0.1 only',
    );
  const withSlack = slackConfigured(options.env) || !withTeams;
  if (withSlack) loadSlackConfig(options.env);
  rateLimitSettingsFrom(options.env);
  const redisUrl = redisTargetOf(config.redis);
  if (!redisUrl) {
    throw new ConfigError(
      'REDIS_URL',
      'is not set: the gateway hands requests to workers through Redis; set REDIS_URL=redis://host:6379, or REDIS_SENTINELS and REDIS_SENTINEL_NAME for Redis Sentinel (or redis in the config file)',
    );
  }
  const prefix = options.queuePrefix ?? queuePrefixFrom(options.env);
  // Maintenance decisions, audit and expiry are the gateway's (Redis only); executions are the workers'.
  const maintenance = await startGatewayMaintenance({
    redisUrl,
    config,
    prefix,
    logger,
    ...(options.maintenanceSweepMs !== undefined ? { sweepMs: options.maintenanceSweepMs } : {}),
  });
  let slackPart: SlackPart | undefined;
  try {
    slackPart = withSlack
      ? await startSlackPart(options, redisUrl, maintenance.service, maintenance.policy)
      : undefined;
  } catch (err) {
    await maintenance.close();
    throw err;
  }

  let teams: RunningTeamsAdapter | undefined;
  if (withTeams) {
    try {
      teams = await startTeamsAdapter({
        env: options.env,
        config,
        logger,
        queuePrefix: prefix,
        ...(devInsecure ? { allowNoAuth: true, host: LOOPBACK_HOST } : {}),
        maintenance: {
          service: maintenance.service.chat,
          explainAudit: (entries, locale) => explainAudit(entries, locale),
        },
        policy: maintenance.policy,
        ...(options.teamsPort !== undefined ? { port: options.teamsPort } : {}),
      });
    } catch (err) {
      await slackPart?.close();
      await maintenance.close();
      throw err;
    }
  }

  // Scheduled HA posts: every gateway replica runs the runner; each occurrence is posted once.
  let posts: { close(): Promise<void> };
  try {
    posts = await startScheduledPosts({
      redisUrl,
      config,
      logger,
      prefix,
      deliveries: {
        ...(slackPart ? { slack: slackScheduleDelivery(slackPart.poster) } : {}),
        ...(teams ? { teams: jobPosterDelivery(teams.poster) } : {}),
      },
    });
  } catch (err) {
    await teams?.close();
    await slackPart?.close();
    await maintenance.close();
    throw err;
  }

  let closing: Promise<void> | undefined;
  return {
    ...(slackPart
      ? {
          mode: slackPart.mode,
          slack: slackPart.slack,
          ...(slackPart.port !== undefined ? { port: slackPart.port } : {}),
        }
      : {}),
    ...(teams ? { teams } : {}),
    maintenance,
    close() {
      closing ??= (async () => {
        await bounded(posts.close(), CLOSE_STEP_MS, 'stopping scheduled posts', logger);
        if (teams) await teams.close();
        await slackPart?.close();
        await bounded(maintenance.close(), CLOSE_STEP_MS, 'closing maintenance', logger);
      })();
      return closing;
    },
  };
}

/** Whether any Slack secret is set (empty values count as unset). */
function slackConfigured(env: Readonly<Record<string, string | undefined>>): boolean {
  return ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'].some(
    (k) => (env[k] ?? '').trim() !== '',
  );
}

interface SlackPart {
  mode: 'http' | 'socket';
  port?: number;
  slack: SlackConfig;
  poster: SlackPoster;
  close(): Promise<void>;
}

/** Start the Slack adapter: Bolt app, intake, replies consumer, deadline follow-ups. */
/**
 * The workspaces served when SLACK_ALLOWED_TEAMS is unset: the bot token's own (auth.test), and its
 * Enterprise Grid org for an org-wide install.
 * @throws ConfigError `SLACK_ALLOWED_TEAMS` when auth.test names neither
 */
async function tokenWorkspace(client: {
  auth: { test(): Promise<{ team_id?: string; enterprise_id?: string; is_enterprise_install?: boolean }> };
}): Promise<SlackAllowList> {
  const who = await client.auth.test();
  const teams = who.team_id ? [who.team_id] : [];
  const enterprises = who.is_enterprise_install === true && who.enterprise_id ? [who.enterprise_id] : [];
  if (teams.length === 0 && enterprises.length === 0) {
    throw new ConfigError(
      'SLACK_ALLOWED_TEAMS',
      'is not set and auth.test of the bot token named no workspace: list the workspace ids (T…) or org ids (E…) the bot serves',
    );
  }
  return { teams, enterprises };
}

async function startSlackPart(
  options: GatewayOptions,
  redisUrl: RedisTarget,
  maintenanceService: MaintenanceService,
  policy: MaintenancePolicy,
): Promise<SlackPart> {
  const { config, logger } = options;
  const slack = loadSlackConfig(options.env);
  const prefix = options.queuePrefix ?? queuePrefixFrom(options.env);
  const queue = new JobQueue({ redisUrl, logger, prefix, connectTimeoutMs: slack.ackBudgetMs });
  const redis = createProducerConnection(redisUrl, { connectTimeoutMs: slack.ackBudgetMs, logger });
  const store = new SlackStore(redis, `k8s-ha-bot:slack:${prefix === 'bull' ? '' : `${prefix}:`}`, () =>
    ensureReady(redis, redisUrl, slack.ackBudgetMs),
  );
  const render = options.render ?? slackMessagesFor;

  // Connected before the first request: the ack reads this connection's status (no I/O) to tell
  // whether the queue is reachable; ioredis reconnects it by itself after an outage.
  await ensureReady(redis, redisUrl, slack.ackBudgetMs).catch((err: unknown) => {
    redis.disconnect();
    throw err;
  });
  const userLocales = new UserLocaleCache({
    logger,
    fetch: async (userId) => {
      const info = await app.client.users.info({ user: userId, include_locale: true });
      return info.user?.locale;
    },
  });
  const scheduleService = new ScheduleService({
    redisUrl,
    prefix,
    logger,
    defaultTimeZone: options.env.K8S_HA_BOT_TIME_ZONE || 'UTC',
  });
  // Per-user rate limit (src/ops/rate-limit.ts), applied once to every command, mention, DM and
  // click right after its ack (the app's `admit`, the maintenance-button handler below); the job
  // queue only counts what it enqueues.
  const rateGate = commandGate(
    new RequestRateLimiter({ redis, ...rateLimitSettingsFrom(options.env), logger }),
  );
  const rateLimitPublisher = new ReplyPublisher(redis, prefix, logger);
  const gatedQueue = rateLimitedSink(queue, admissionGate(undefined), rateLimitPublisher, logger);
  const slackUser = (teamId: string | undefined, userId: string) => ({
    platform: 'slack',
    ...(teamId ? { tenant: teamId } : {}),
    user: userId,
  });
  const intake = new SlackIntake({
    config,
    schedules: slackScheduleCommands(scheduleService, config),
    maintenance: {
      handle: (command, { request, locale }) =>
        slackMaintenance.typed(command, {
          teamId: request.teamId ?? '',
          userId: request.userId,
          channel: request.channel,
          locale,
          ...(request.userName ? { userName: request.userName } : {}),
          ...(request.guest ? { guest: true } : {}),
        }),
    },
    queue: gatedQueue,
    store,
    queueReady: () => redis.status === 'ready',
    userLocales,
    replyVisibility: slack.replyVisibility,
    replyDeadlineMs: slack.replyDeadlineMs,
    dedupTtlSeconds: slack.dedupTtlSeconds,
    ...(options.enqueueRetryMs !== undefined ? { enqueueRetryMs: options.enqueueRetryMs } : {}),
    logger,
  });
  // Resolved before the app starts (below); no request is handled before then.
  let admission: SlackAdmissionPolicy = { allow: { teams: [], enterprises: [] }, namedTeams: new Set() };
  const { app, mode } = createSlackApp({
    config: slack,
    intake,
    render,
    logger,
    admission: () => admission,
    admit: (request, locale) =>
      rateGate(slackUser(request.teamId, request.userId), {
        kind: request.source,
        locale,
        requestId: request.requestId,
        cluster: null,
      }),
    onMaintenanceButton: async (action, requestId, ctx) => {
      // A click counts like a command (the decision costs tens of Redis commands).
      const refused = await rateGate(slackUser(ctx.teamId, ctx.userId), {
        kind: 'maintenance-button',
        locale: ctx.locale,
        requestId,
        cluster: null,
      });
      if (refused) {
        if (refused.notice)
          await adapterPoster
            .deliver(
              refused.notice,
              { channel: ctx.channel, user: ctx.userId, visibility: 'ephemeral' },
              `${requestId}.${ctx.userId}.rate-limited`,
            )
            .catch((err: unknown) => logger.warn({ err, requestId }, 'could not post the rate-limit notice'));
        return;
      }
      try {
        await slackMaintenance.decide(requestId, action, ctx);
      } catch (err) {
        logger.error({ err, requestId, action }, 'maintenance decision failed (Redis?)');
        await app.client.chat
          .postEphemeral({
            channel: ctx.channel,
            user: ctx.userId,
            text: explainFailure({ locale: ctx.locale, requestId, cluster: null }, 'queue-unavailable')
              .summary,
          })
          .catch((postError: unknown) => logger.warn({ err: postError }, 'could not tell the clicker'));
      }
    },
    healthCheck: async () => {
      await store.postedMessages('healthz');
      return true;
    },
    postAdapterReply: async (reply, request, kind) => {
      // A slash command's follow-up goes to the requester only (its ack was ephemeral too);
      // mentions and DMs are answered in their thread.
      // A rate-limit notice goes to the requester only, whatever the source.
      const address =
        request.source === 'command' || kind === 'notice'
          ? {
              channel: request.channel,
              user: request.userId,
              visibility: 'ephemeral',
              ...(request.responseUrl ? { response_url: request.responseUrl } : {}),
            }
          : {
              channel: request.channel,
              user: request.userId,
              ...(request.threadTs ? { thread_ts: request.threadTs } : {}),
            };
      const deliveryId = `${request.requestId}.${kind === 'answer' ? 'ack' : kind === 'notice' ? 'rate-limited' : 'queue-unavailable'}`;
      try {
        await adapterPoster.deliver(reply, address, deliveryId);
      } catch (err) {
        logger.error(
          { err, requestId: request.requestId, kind },
          'could not post the adapter answer to Slack',
        );
      }
    },
  });
  // Declared after the app (they need its client); the handlers above run only once it has started.
  const poster = new SlackPoster({ client: app.client, store, render, logger });
  const slackMaintenance = new SlackMaintenance({
    service: maintenanceService.chat,
    texts: {
      audit: (entries, locale) => explainAudit(entries, locale),
      notAdmin: (locale) => explainMaintenanceRefusal('not-admin', undefined, locale),
    },
    client: app.client,
    poster,
    store,
    render,
    logger,
  });
  // Adapter-made replies are often about Redis being down: their posted-message markers are best effort.
  const adapterPoster = new SlackPoster({
    client: app.client,
    store: bestEffortMarkers(store, logger, () => redis.status === 'ready'),
    render,
    logger,
  });

  const consumer = await ReplyConsumer.start({
    redisUrl,
    platform: 'slack',
    prefix,
    logger,
    // Answers are paced per channel after a 429 (src/queue/reply-throttle.ts): a reply waits for its
    // channel without holding a delivery slot. Maintenance thread posts keep their own order.
    conversationOf: (job, delivery) =>
      delivery === undefined || delivery.mode === 'new'
        ? (job.replyTo.address as { channel?: string }).channel
        : undefined,
    // The answer exists: no "did not finish" follow-up while it waits for its channel.
    onTaken: async (job) => {
      await store.resolvePending(job.requestId);
    },
    onUndeliverable: async (reply, job) => {
      const address = job.replyTo.address as { channel: string; thread_ts?: string };
      const notice = undeliverableReply(
        { locale: job.locale, requestId: job.requestId, cluster: job.cluster },
        DEFAULT_DELIVERY_DEADLINE_MS,
      );
      await adapterPoster.deliver(
        notice,
        {
          channel: address.channel,
          user: job.user.id,
          visibility: 'ephemeral',
          ...(address.thread_ts ? { thread_ts: address.thread_ts } : {}),
        },
        `${job.requestId}.undeliverable`,
      );
    },
    handler: async (reply, job, delivery) => {
      // A maintenance card's thread posts and updates first, before any await, so one
      // request's posts keep the order they were taken in; they have no pending deadline.
      if (delivery && delivery.mode !== 'new') {
        await slackMaintenance.deliver(
          reply,
          job.replyTo.address as { channel: string },
          job.requestId,
          delivery,
        );
        return;
      }
      await store.resolvePending(job.requestId);
      // A maintenance request card (posted, then attached to its request); anything else as usual.
      if (
        await slackMaintenance.deliver(
          reply,
          job.replyTo.address as { channel: string },
          job.requestId,
          delivery,
        )
      )
        return;
      const address = job.replyTo.address as { channel: string; user?: string };
      // An answer for the requester alone (a refused maintenance request): ephemeral, like click refusals.
      await poster.deliver(
        reply,
        reply.audience === 'requester' && address.user ? { ...address, visibility: 'ephemeral' } : address,
        job.requestId,
        { onRateLimit: 'throw' },
      );
    },
  });

  const pollMs = options.deadlinePollMs ?? Math.min(1000, Math.floor(slack.replyDeadlineMs / 4));
  const timer = pollDueReplies({
    takeDue: (now) => store.takeDue(now),
    pollMs,
    logger,
    what: 'Slack',
    onDue: async (pending) => {
      logger.warn(
        { requestId: pending.requestId, cluster: pending.cluster, deadlineMs: slack.replyDeadlineMs },
        'no reply from a worker in time; posting a follow-up',
      );
      // Not started yet (no worker): withdraw it, so it does not run after this message (a late
      // maintenance request nobody waits for). A job already running still answers.
      await queue.withdraw(pending, 2000);
      const reply = explainFailure(
        { locale: pending.locale, requestId: pending.requestId, cluster: pending.cluster },
        'job-timeout',
        {
          seconds: Math.round(slack.replyDeadlineMs / 1000),
        },
      );
      await poster.deliver(reply, pending.address as { channel: string }, `${pending.requestId}.timeout`);
    },
  });

  let port: number | undefined;
  try {
    const allow = slack.allowed ?? (await tokenWorkspace(app.client));
    admission = { allow, namedTeams: tenantsNamedIn(policy, 'slack') };
    logger.info(
      {
        teams: allow.teams,
        enterprises: allow.enterprises,
        from: slack.allowed ? 'SLACK_ALLOWED_TEAMS' : 'the bot token (auth.test)',
        guestTeamsNamedByPolicy: [...admission.namedTeams].filter((t) => !allow.teams.includes(t)),
      },
      'Slack workspaces served',
    );
    const slackHost = listenHostFrom(options.env, LISTEN_HOST_ENV.slack);
    const listenPort = options.port ?? slack.port;
    const started = (await (mode === 'http' && slackHost !== undefined
      ? app.start({ port: listenPort, host: slackHost })
      : app.start(listenPort))) as unknown;
    if (mode === 'http') {
      const address = (started as Server).address();
      port = address && typeof address === 'object' ? address.port : undefined;
    }
  } catch (err) {
    clearInterval(timer);
    await consumer.close();
    await queue.close();
    redis.disconnect();
    throw err;
  }
  logger.info(
    { mode, port, command: slack.command, visibility: slack.replyVisibility },
    'Slack gateway ready',
  );

  let closing: Promise<void> | undefined;
  return {
    mode,
    ...(port !== undefined ? { port } : {}),
    slack,
    poster,
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        await bounded(app.stop(), CLOSE_STEP_MS, 'stopping the Slack app', logger);
        await bounded(scheduleService.close(), CLOSE_STEP_MS, 'closing the schedule queue', logger);
        // With Redis gone, BullMQ's close waits for a reconnection that may never come: bound it.
        await bounded(consumer.close(), CLOSE_STEP_MS, 'closing the replies consumer', logger);
        await bounded(queue.close(), CLOSE_STEP_MS, 'closing the job queue', logger);
        await bounded(
          rateLimitPublisher.close(),
          CLOSE_STEP_MS,
          'closing the rate-limit replies queue',
          logger,
        );
        redis.disconnect();
        logger.info('Slack gateway stopped');
      })();
      return closing;
    },
  };
}
