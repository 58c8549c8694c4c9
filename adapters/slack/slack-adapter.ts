/**
 * The Slack adapter's entry point, as ../teams/teams-adapter.ts is Teams': {@link startSlackAdapter}
 * takes the validated Slack settings, opens the platform's Redis side (src/intake/connect-platform.ts),
 * starts the Bolt app (HTTP or Socket Mode) whose handlers translate Slack payloads for the shared
 * intake (./slack-intake.ts), and the shared reply side (src/intake/start-platform.ts): the Slack
 * replies consumer and the "did not finish" follow-ups. The gateway process hosts it.
 */
import type { Server } from 'node:http';
import type { BotConfig } from '../../src/config/bot-config.js';
import { SLACK_SECRET_SOURCES } from '../../src/config/chat-settings.js';
import type { SlackAllowList, SlackConfig } from '../../src/config/chat-settings.js';
import type { RedisTarget } from '../../src/config/redis-settings.js';
import { requirePlatform } from '../../src/config/settings.js';
import type { Settings } from '../../src/config/settings.js';
import { BotError, ConfigError } from '../../src/errors.js';
import { explainFailure } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
import { connectPlatform } from '../../src/intake/connect-platform.js';
import { startPlatform } from '../../src/intake/start-platform.js';
import { explainAudit, explainMaintenanceRefusal } from '../../src/maintenance/explain-maintenance.js';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import { tenantsNamedIn } from '../../src/maintenance/policy.js';
import type { MaintenancePolicy } from '../../src/maintenance/policy.js';
import { bounded } from '../../src/ops/shutdown.js';
import type { PostDelivery } from '../../src/schedule/schedule-runner.js';
import type { Logger } from '../../src/util/logger.js';
import { createSlackApp } from './slack-app.js';
import { SlackDetailsButton } from './slack-details.js';
import type { SlackAdmissionPolicy } from './slack-identity.js';
import { SlackIntake } from './slack-intake.js';
import { UserLocaleCache } from './slack-locale.js';
import { SlackMaintenance } from './slack-maintenance.js';
import { slackMessagesFor } from './slack-messages.js';
import type { SlackMessage } from './slack-messages.js';
import { SlackPoster } from './slack-poster.js';
import { slackScheduleDelivery } from './slack-schedule-delivery.js';
import { slackScheduleCommands } from './slack-schedules.js';
import { SlackStore } from './slack-store.js';

/** Longest one shutdown step may take before the adapter moves on, in ms. */
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

/**
 * The workspaces served when SLACK_ALLOWED_TEAMS is unset: the bot token's own (auth.test), and its
 * Enterprise Grid org for an org-wide install.
 * @throws ConfigError `SLACK_ALLOWED_TEAMS` when auth.test names neither; auth.test's own error
 *   otherwise (see {@link slackStartError})
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

/**
 * auth.test's `error` values that refuse the bot token itself
 * (https://api.slack.com/methods/auth.test, "Errors").
 */
const REFUSED_TOKEN_ERRORS: ReadonlySet<string> = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
]);

/**
 * The code of the network failure under a Web API request error (`ENOTFOUND`, `ECONNREFUSED`…):
 * the first `code` along its `original` / `cause` chain (or an AggregateError's first error) that
 * is not @slack/web-api's own, else the deepest error's message (at most 120 characters: undici's
 * own refusals, such as "bad port", have no code).
 */
function networkCauseOf(err: unknown): string {
  let at = err as {
    code?: unknown;
    original?: unknown;
    cause?: unknown;
    errors?: unknown[];
    message?: unknown;
  };
  for (let depth = 0; depth < 6; depth++) {
    if (typeof at.code === 'string' && !at.code.startsWith('slack_webapi')) return at.code;
    const next = at.original ?? at.cause ?? at.errors?.[0];
    if (typeof next !== 'object' || next === null) break;
    at = next as typeof at;
  }
  const { message } = at;
  return typeof message === 'string' && message !== '' ? message.slice(0, 120) : 'unknown error';
}

/**
 * A failed start-up call of Slack's Web API (Bolt's token check and the workspace lookup, both
 * auth.test) as the error that stops the gateway with a fix (exit 2), instead of @slack/web-api's
 * error with its stack.
 * @param err - what the call threw
 * @param apiUrl - the Web API base URL (`SLACK_API_URL`, default https://slack.com/api/)
 * @returns ConfigError `SLACK_BOT_TOKEN` when Slack refuses the token ({@link REFUSED_TOKEN_ERRORS});
 *   BotError `config-invalid` (cause kept for logs) when the Web API could not be reached; `err`
 *   itself otherwise
 */
function slackStartError(err: unknown, apiUrl: string): unknown {
  const e = err as { code?: string; data?: { error?: string } };
  const refusal = e.data?.error;
  if (
    e.code === 'slack_webapi_platform_error' &&
    refusal !== undefined &&
    REFUSED_TOKEN_ERRORS.has(refusal)
  ) {
    return new ConfigError(
      'SLACK_BOT_TOKEN',
      `Slack refused the bot token at start (auth.test: ${refusal}); ${SLACK_SECRET_SOURCES.SLACK_BOT_TOKEN}`,
    );
  }
  if (e.code === 'slack_webapi_request_error') {
    // Bolt checks the token (auth.test) at start whatever SLACK_ALLOWED_TEAMS says, so that setting
    // is no way around an unreachable Web API.
    return new BotError(
      'config-invalid',
      `Slack's Web API could not be reached at start (auth.test at ${apiUrl}: ${networkCauseOf(err)}): check this machine's DNS, firewall and any proxy on the way to ${new URL(apiUrl).host}; set SLACK_API_URL if your Slack Web API endpoint is another one`,
      { cause: err },
    );
  }
  return err;
}

/** Options of {@link startSlackAdapter}. */
export interface SlackAdapterOptions {
  /** The process's settings: `chat.slack` must be valid (`requirePlatform`), plus the queue prefix, rate limit, listen host. */
  settings: Settings;
  /** The bot configuration (clusters, default cluster, locale). */
  config: BotConfig;
  redisUrl: RedisTarget;
  logger: Logger;
  /** Maintenance decisions (the gateway's service) and the policy, whose named teams are admitted as guests. */
  maintenance: { service: MaintenanceService; policy: MaintenancePolicy };
  /** Overrides `PORT` (tests pass 0 for a free port). */
  port?: number;
  /** Block Kit rendering (with a details id: the first screen and a "Details" button). @defaultValue the adapter's renderer */
  render?: (reply: Reply, detailsId?: string) => SlackMessage[];
  /** How often due deadlines are looked for, in ms. @defaultValue min(1000, replyDeadlineMs / 4) */
  deadlinePollMs?: number;
  /** How long a failed enqueue after the ack is retried, in ms (SlackIntakeOptions.enqueueRetryMs). @defaultValue 15 000 */
  enqueueRetryMs?: number;
}

/** A started Slack adapter. */
export interface RunningSlackAdapter {
  mode: 'http' | 'socket';
  /** The HTTP port of `/slack/events` (HTTP mode). */
  port?: number;
  slack: SlackConfig;
  /** Delivers replies to channels. */
  poster: SlackPoster;
  /** Scheduled HA posts into Slack channels. */
  scheduleDelivery: PostDelivery;
  /** Stop taking requests, finish deliveries in progress, disconnect. Idempotent. */
  close(): Promise<void>;
}

/**
 * Start the Slack adapter.
 * @param options - see {@link SlackAdapterOptions}
 * @returns the running adapter
 * @throws ConfigError for a missing or bad SLACK_* setting; BotError `queue-unavailable` when Redis
 *   cannot be reached at start; ConfigError `SLACK_BOT_TOKEN` when Slack refuses the token at start,
 *   BotError `config-invalid` when Slack's Web API cannot be reached then (auth.test)
 */
export async function startSlackAdapter(options: SlackAdapterOptions): Promise<RunningSlackAdapter> {
  const { config, logger, settings, redisUrl } = options;
  const slack = requirePlatform(settings.chat.slack);
  // Connected before the first request: the ack reads this connection's status (no I/O) to tell
  // whether the queue is reachable; ioredis reconnects it by itself after an outage.
  const connection = await connectPlatform({
    redisUrl,
    settings,
    logger,
    budgetMs: slack.ackBudgetMs,
    connectNow: true,
  });
  const store = new SlackStore(connection.redis, connection.keys.slackStore, () => connection.ensureReady());
  const render = options.render ?? slackMessagesFor;
  const userLocales = new UserLocaleCache({
    logger,
    fetch: async (userId) => {
      const info = await app.client.users.info({ user: userId, include_locale: true });
      return info.user?.locale;
    },
  });
  // Per-user rate limit (src/ops/rate-limit.ts), applied once to every command, mention, DM and
  // click right after its ack (the app's `admit`, the maintenance-button handler below).
  const rateGate = connection.rateGate;
  const slackUser = (teamId: string | undefined, userId: string) => ({
    platform: 'slack',
    ...(teamId ? { tenant: teamId } : {}),
    user: userId,
  });
  const intake = new SlackIntake({
    config,
    schedules: slackScheduleCommands(connection.schedules, config),
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
    queue: connection.jobs,
    store,
    queueReady: () => connection.ready(),
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
    onDetailsButton: (detailsId, click) => details.open(detailsId, click),
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
  const details = new SlackDetailsButton({ store, client: app.client, logger });
  const poster = new SlackPoster({ client: app.client, store, render, details, logger });
  const slackMaintenance = new SlackMaintenance({
    service: options.maintenance.service.chat,
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
    store: bestEffortMarkers(store, logger, () => connection.ready()),
    render,
    logger,
  });

  const platform = await startPlatform({
    platform: 'slack',
    redisUrl,
    prefix: connection.keys.prefix,
    logger,
    store,
    poster: {
      postTimeout: async (reply, pending, deliveryId) => {
        await poster.deliver(reply, pending.address as { channel: string }, deliveryId);
      },
      postUndeliverable: async (notice, job, deliveryId) => {
        const address = job.replyTo.address as { channel: string; thread_ts?: string };
        await adapterPoster.deliver(
          notice,
          {
            channel: address.channel,
            user: job.user.id,
            visibility: 'ephemeral',
            ...(address.thread_ts ? { thread_ts: address.thread_ts } : {}),
          },
          deliveryId,
        );
      },
    },
    conversationOf: (job) => (job.replyTo.address as { channel?: string }).channel,
    withdraw: (pending, boundMs) => connection.queue.withdraw(pending, boundMs),
    replyDeadlineMs: slack.replyDeadlineMs,
    ...(options.deadlinePollMs !== undefined ? { deadlinePollMs: options.deadlinePollMs } : {}),
    deliver: async (reply, job, delivery) => {
      const address = job.replyTo.address as { channel: string; user?: string };
      // A maintenance card's thread posts and updates.
      if (delivery && delivery.mode !== 'new') {
        await slackMaintenance.deliver(reply, address, job.requestId, delivery);
        return;
      }
      // A maintenance request card (posted, then attached to its request); anything else as usual.
      if (await slackMaintenance.deliver(reply, address, job.requestId, delivery)) return;
      // An answer for the requester alone (a refused maintenance request): ephemeral, like click refusals.
      await poster.deliver(
        reply,
        reply.audience === 'requester' && address.user ? { ...address, visibility: 'ephemeral' } : address,
        job.requestId,
        { onRateLimit: 'throw' },
      );
    },
  }).catch(async (err: unknown) => {
    await connection.close();
    throw err;
  });

  let port: number | undefined;
  try {
    // Bolt's token check (auth.test), then the token's workspace unless SLACK_ALLOWED_TEAMS names them.
    let allow: SlackAllowList;
    try {
      await app.init();
      allow = slack.allowed ?? (await tokenWorkspace(app.client));
    } catch (err) {
      throw slackStartError(err, slack.apiUrl);
    }
    admission = { allow, namedTeams: tenantsNamedIn(options.maintenance.policy, 'slack') };
    logger.info(
      {
        teams: allow.teams,
        enterprises: allow.enterprises,
        from: slack.allowed ? 'SLACK_ALLOWED_TEAMS' : 'the bot token (auth.test)',
        guestTeamsNamedByPolicy: [...admission.namedTeams].filter((t) => !allow.teams.includes(t)),
      },
      'Slack workspaces served',
    );
    const slackHost = settings.chat.slackHost;
    const listenPort = options.port ?? slack.port;
    const started = (await (mode === 'http' && slackHost !== undefined
      ? app.start({ port: listenPort, host: slackHost })
      : app.start(listenPort))) as unknown;
    if (mode === 'http') {
      const address = (started as Server).address();
      port = address && typeof address === 'object' ? address.port : undefined;
    }
  } catch (err) {
    await platform.close();
    await connection.close();
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
    scheduleDelivery: slackScheduleDelivery(poster),
    close() {
      closing ??= (async () => {
        platform.stopDeadlines();
        await bounded(app.stop(), CLOSE_STEP_MS, 'stopping the Slack app', logger);
        // With Redis gone, BullMQ's close waits for a reconnection that may never come: each step is bounded.
        await platform.close();
        await connection.close();
        logger.info('Slack gateway stopped');
      })();
      return closing;
    },
  };
}
