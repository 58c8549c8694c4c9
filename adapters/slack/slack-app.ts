/**
 * The Bolt app: one set of handlers (slash command, `app_mention`, `message` in a DM, button
 * clicks) on either transport, HTTP (`POST /slack/events`, signatures verified by Bolt's
 * HTTPReceiver) or Socket Mode (when an app-level token is configured).
 *
 * The ack never waits on Redis or Slack: a slash command is acked with what
 * {@link SlackIntake.decide} says (parsing alone), events are acked by Bolt before the handler runs
 * (empty 200), and only then does the handler go on with {@link SlackIntake.complete}. That works
 * because the HTTPReceiver runs with `processBeforeResponse: false` (its default, kept here): the
 * response is written when `ack()` is called, not when the handler returns. In Socket Mode `ack()`
 * sends the envelope's acknowledgement at once as well.
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import type { Logger as BoltLogger } from '@slack/bolt';
import type { Reply } from '../../src/explain/reply.js';
import type { Logger } from '../../src/util/logger.js';
import { escapeMrkdwn } from './mrkdwn.js';
import { ACTION_ID_PREFIX, DETAILS_ACTION } from './render-blocks.js';
import { isDetailsId, type DetailsClick } from './slack-details.js';
import { refuseFutureSlackRequests } from './slack-request-time.js';
import type { MaintenanceAction } from '../../src/maintenance/types.js';
import { decisionOfButton } from '../../src/maintenance/explain-maintenance.js';
import { isMaintenanceSubjectId } from '../../src/maintenance/maintenance-service.js';
import type { SlackConfig } from '../../src/config/chat-settings.js';
import type { SlackDecisionContext } from './slack-maintenance.js';
import type { AckDecision, SlackIntake, SlackRequest } from './slack-intake.js';
import type { SlackMessage } from './slack-messages.js';
import { admitSlackIdentity, slackIdentityOf } from './slack-identity.js';
import type {
  SlackActionFields,
  SlackAdmissionPolicy,
  SlackEventFields,
  SlackIdentity,
} from './slack-identity.js';
import { translator } from '../../src/explain/i18n.js';

/** What the handlers need besides Bolt. */
export interface SlackAppOptions {
  config: SlackConfig;
  intake: SlackIntake;
  /** Renders replies answered by the adapter itself (bad input, help, unavailable queue). */
  render: (reply: Reply) => SlackMessage[];
  /**
   * Posts an adapter-made reply outside the ack: `answer` (a mention's or DM's bad input, help, or
   * unavailable queue, in its thread) or `follow-up` (Redis failed after the ack: a slash command's
   * requester gets it ephemerally, a mention or DM in its thread) or `notice` (a rate-limit notice:
   * ephemeral to the requester). Should not reject (the app logs it if it does).
   */
  postAdapterReply: (
    reply: Reply,
    request: SlackRequest,
    kind: 'answer' | 'follow-up' | 'notice',
  ) => Promise<void>;
  /**
   * The per-user rate limit, applied once to every command, mention, DM and reply-button click
   * right after its ack (src/ops/rate-limit.ts `commandGate`): null to go on, or the refusal with
   * its notice (null: already told in this window). @defaultValue no limit
   */
  admit?: (request: SlackRequest, locale: AckDecision['locale']) => Promise<{ notice: Reply | null } | null>;
  logger: Logger;
  /** Extra HTTP routes (HTTP mode), e.g. `/healthz`. */
  healthCheck?: () => Promise<boolean>;
  /**
   * A click on a maintenance card's Approve / Reject / Cancel, or a maintenance plan card's
   * controls, after the ack; the id is already checked against the id patterns (`mr-`, `mp-`,
   * `lb-`). Should not reject (the app logs it if it does).
   */
  onMaintenanceButton?: (
    action: MaintenanceAction,
    requestId: string,
    ctx: SlackDecisionContext,
  ) => Promise<void>;
  /**
   * A click on an answer's "Details" button by an admitted user, after the ack; the id is already
   * checked with `isDetailsId`. Should not reject (the app logs it if it does).
   */
  onDetailsButton?: (detailsId: string, click: DetailsClick) => Promise<void>;
  /**
   * Who the app takes requests from (allowed workspaces / orgs, teams the maintenance policy
   * names), asked on every request; the gateway resolves it before the app starts.
   */
  admission: () => SlackAdmissionPolicy;
}

/** Decisions whose ack is a short text (the work happens after the ack) rather than a reply. */
function hasAckText(decision: AckDecision): decision is Extract<AckDecision, { ackText: string }> {
  return (
    decision.status === 'accepted' || decision.status === 'schedule' || decision.status === 'maintenance'
  );
}

/** Bolt's logger interface over pino. */
export function boltLogger(logger: Logger): BoltLogger {
  let level = LogLevel.INFO;
  const log =
    (fn: 'debug' | 'info' | 'warn' | 'error') =>
    (...msg: unknown[]): void => {
      // Bolt logs at debug on every request (ack begins, response sent…): nothing is built for a
      // level the logger drops, so the ack path does no JSON.stringify for lines nobody reads.
      if (!logger.isLevelEnabled(fn)) return;
      logger[fn](
        { component: 'bolt' },
        msg.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' '),
      );
    };
  return {
    debug: log('debug'),
    info: log('info'),
    warn: log('warn'),
    error: log('error'),
    setLevel: (l: LogLevel) => {
      level = l;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}

/** The fields of an `app_mention` or DM `message` event read here. */
type SlackMessageEvent = {
  channel: string;
  text?: string;
  ts: string;
  thread_ts?: string;
} & SlackEventFields['event'];

/** Slack's message subtypes that are not a person typing (edits, joins, bot posts…): ignored. */
const isPlainUserMessage = (event: { subtype?: string; bot_id?: string }): boolean =>
  event.subtype === undefined && event.bot_id === undefined;

/**
 * Build the Bolt app with the handlers registered, not initialized and not started: call
 * `await app.init()` (Bolt's token check, `auth.test`, whose failure is then the caller's to
 * handle rather than an unhandled rejection from Bolt's constructor), then `app.start()`.
 * @param options - see {@link SlackAppOptions}
 * @returns the app and, in HTTP mode, its receiver
 */
export function createSlackApp(options: SlackAppOptions): {
  app: App;
  receiver?: HTTPReceiver;
  mode: 'http' | 'socket';
} {
  const { config, intake, logger } = options;
  const boltLog = boltLogger(logger.child({ component: 'bolt' }));
  const clientOptions = {
    slackApiUrl: config.apiUrl,
    // The poster handles 429 itself (wait Retry-After, post once); the queue retries the rest.
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: 10_000,
  };
  let app: App;
  let receiver: HTTPReceiver | undefined;
  if (config.appToken) {
    app = new App({
      token: config.botToken,
      appToken: config.appToken,
      socketMode: true,
      clientOptions,
      logger: boltLog,
      deferInitialization: true,
    });
  } else {
    receiver = new HTTPReceiver({
      signingSecret: config.signingSecret ?? '',
      // Respond when ack() is called, not when the handler returns: the Redis work runs after the ack.
      processBeforeResponse: false,
      endpoints: '/slack/events',
      logger: boltLog,
      customRoutes: [
        {
          path: '/healthz',
          method: ['GET'],
          handler: (_req, res) => {
            const check = options.healthCheck ?? (async () => true);
            check().then(
              (ok) => {
                res
                  .writeHead(ok ? 200 : 503, { 'content-type': 'text/plain' })
                  .end(ok ? 'ok\n' : 'redis unavailable\n');
              },
              (err: unknown) => {
                logger.warn({ err }, 'health check failed');
                res.writeHead(503).end('error\n');
              },
            );
          },
        },
      ],
    });
    // Bolt refuses stale timestamps only; future-dated ones are refused before it.
    refuseFutureSlackRequests(receiver, { logger });
    app = new App({
      token: config.botToken,
      receiver,
      clientOptions,
      logger: boltLog,
      deferInitialization: true,
    });
  }

  /**
   * Admit the payload's user or refuse them: a refusal is logged (warn) and its private answer
   * text returned; nothing else happens for that request.
   * @returns `{ guest }` when admitted, `{ refusal }` (plain text) when not
   */
  const admit = (
    identity: SlackIdentity,
    source: string,
    channel: string | undefined,
  ): { guest: boolean; refusal?: undefined } | { refusal: string } => {
    const admission = admitSlackIdentity(identity, options.admission());
    if (admission.admitted) return { guest: admission.guest };
    logger.warn(
      {
        source,
        reason: admission.reason,
        userId: identity.userId,
        userTeam: identity.teamId,
        workspace: identity.workspaceId,
        enterprise: identity.enterpriseId,
        channel,
      },
      'Slack request from a user outside the allowed workspaces refused',
    );
    return {
      refusal: translator(intake.localeFor(identity.userId)).t('identity.slackTeamNotAllowed', {
        team: identity.teamId,
      }),
    };
  };
  /** A refusal to the user only (chat.postEphemeral); a failure is logged. */
  const refusePrivately = async (channel: string, user: string, text: string): Promise<void> => {
    try {
      await app.client.chat.postEphemeral({ channel, user, text: escapeMrkdwn(text) });
    } catch (err) {
      logger.warn({ err, channel }, 'could not tell a refused Slack user');
    }
  };

  /**
   * Complete a request after its ack: the rate limit first (a refused request does nothing more),
   * then a mention's or DM's adapter answer; a Redis failure becomes a follow-up, never a silent drop.
   */
  const afterAck = async (decision: AckDecision, request: SlackRequest): Promise<void> => {
    const refused = await options.admit?.(request, decision.locale);
    if (refused) {
      if (refused.notice) await options.postAdapterReply(refused.notice, request, 'notice');
      return;
    }
    if (request.source !== 'command' && !hasAckText(decision))
      await options.postAdapterReply(decision.reply, request, 'answer');
    const outcome = await intake.complete(decision);
    if (outcome.status === 'queue-unavailable' || outcome.status === 'schedule-answered')
      await options.postAdapterReply(outcome.reply, request, 'follow-up');
  };

  app.command(config.command, async ({ command, ack }) => {
    const identity = slackIdentityOf({ kind: 'command', command });
    if (!identity) {
      await ack();
      return;
    }
    const admitted = admit(identity, 'command', command.channel_id);
    if (admitted.refusal !== undefined) {
      await ack({ response_type: 'ephemeral', text: escapeMrkdwn(admitted.refusal) });
      return;
    }
    const request: SlackRequest = {
      source: 'command',
      requestId: `cmd-${command.trigger_id}`,
      dedupKeys: [`trigger:${command.trigger_id}`],
      text: command.text,
      userId: identity.userId,
      teamId: identity.teamId,
      ...(admitted.guest ? { guest: true } : {}),
      ...(identity.userName ? { userName: identity.userName } : {}),
      channel: command.channel_id,
      ...(command.response_url ? { responseUrl: command.response_url } : {}),
    };
    const decision = intake.decide(request);
    if (hasAckText(decision)) {
      await ack({ response_type: 'ephemeral', text: escapeMrkdwn(decision.ackText) });
    } else {
      const [first] = options.render(decision.reply);
      await ack({
        response_type: 'ephemeral',
        text: first?.text ?? decision.reply.summary,
        ...(first ? { blocks: first.blocks } : {}),
      });
    }
    // The response is on its way (processBeforeResponse: false); the Redis work happens now.
    await afterAck(decision, request);
  });

  const onMessage = async (
    source: 'mention' | 'dm',
    event: SlackMessageEvent,
    body: { event_id?: string } & SlackEventFields['body'],
  ): Promise<void> => {
    const identity = slackIdentityOf({ kind: 'event', body, event });
    if (!identity) return;
    const admitted = admit(identity, source, event.channel);
    if (admitted.refusal !== undefined) {
      await refusePrivately(event.channel, identity.userId, admitted.refusal);
      return;
    }
    const request: SlackRequest = {
      source,
      requestId: `ev-${body.event_id ?? `${event.channel}-${event.ts}`}`,
      dedupKeys: [...(body.event_id ? [`event:${body.event_id}`] : []), `msg:${event.channel}:${event.ts}`],
      text: event.text ?? '',
      userId: identity.userId,
      teamId: identity.teamId,
      ...(admitted.guest ? { guest: true } : {}),
      channel: event.channel,
      threadTs: event.thread_ts ?? event.ts,
    };
    // Bolt has already acked the event (empty 200) before this handler runs.
    await afterAck(intake.decide(request), request);
  };

  app.event('app_mention', async ({ event, body }) => {
    await onMessage('mention', event, body);
  });
  app.event('message', async ({ event, body }) => {
    if (event.channel_type !== 'im' || !isPlainUserMessage(event as { subtype?: string; bot_id?: string }))
      return;
    await onMessage('dm', event as unknown as SlackMessageEvent, body);
  });
  // Buttons of the reply. Details shows the answer's stored details (./slack-details.ts);
  // Refresh and HA status re-run the check and answer in the message's thread;
  // Request maintenance asks for a maintenance of the answer's node (the clicker is the requester);
  // Approve / Reject / Cancel on a maintenance card are decided by the gateway (Redis only).
  app.action(new RegExp(`^${ACTION_ID_PREFIX}`), async ({ ack, action, body }) => {
    await ack();
    const b = body as SlackActionFields & {
      trigger_id?: string;
      channel?: { id?: string };
      container?: { message_ts?: string; thread_ts?: string; is_ephemeral?: boolean };
      message?: { ts?: string; thread_ts?: string };
    };
    const channel = b.channel?.id;
    const clicked = action as { action_id?: string; value?: string };
    const details = clicked.action_id === `${ACTION_ID_PREFIX}${DETAILS_ACTION}`;
    const decisionAction = decisionOfButton(clicked.action_id?.slice(ACTION_ID_PREFIX.length));
    const text = decisionAction === undefined ? buttonRequestText(clicked) : null;
    // A forged or cut value decides and runs nothing (and is not answered); the debug line is the
    // only trace, so a test can tell "ignored" from "not handled yet".
    if (
      details
        ? !isDetailsId(clicked.value ?? '') || !options.onDetailsButton || !b.trigger_id
        : decisionAction !== undefined
          ? !isMaintenanceSubjectId(clicked.value ?? '') || !options.onMaintenanceButton
          : text === null || !b.trigger_id
    ) {
      logger.debug(
        {
          reason: details
            ? 'not-a-details-id'
            : decisionAction !== undefined
              ? 'not-a-request-id'
              : 'not-a-request-button',
          channel,
        },
        'button ignored',
      );
      return;
    }
    // Identities are the user's own team + user id, as for typed requests: a member of another
    // organisation clicking in a Slack Connect channel is that organisation's user, whatever id it carries.
    const identity = slackIdentityOf({ kind: 'action', body: b });
    if (!identity || !channel) return;
    const admitted = admit(identity, 'button', channel);
    if (admitted.refusal !== undefined) {
      await refusePrivately(channel, identity.userId, admitted.refusal);
      return;
    }
    const userId = identity.userId;
    const messageTs = b.container?.message_ts ?? b.message?.ts;
    const threadTs = b.container?.thread_ts ?? b.message?.thread_ts ?? messageTs;
    if (details && options.onDetailsButton && b.trigger_id) {
      // The stored details of this answer, in a modal (or its thread); nothing is enqueued.
      await options.onDetailsButton(clicked.value ?? '', {
        triggerId: b.trigger_id,
        channel,
        userId,
        ...(threadTs ? { threadTs } : {}),
        ephemeral: b.container?.is_ephemeral === true,
        locale: intake.localeFor(userId),
      });
      return;
    }
    if (decisionAction !== undefined && options.onMaintenanceButton) {
      // Decided at once, in click order; the clicker's own language (users.info) is looked up only
      // for a private refusal, after the decision.
      await options.onMaintenanceButton(decisionAction, clicked.value ?? '', {
        teamId: identity.teamId,
        userId,
        channel,
        locale: intake.localeFor(userId),
        lookupUserLocale: () => intake.userLocaleOf(userId),
        ...(identity.userName ? { userName: identity.userName } : {}),
        ...(admitted.guest ? { guest: true } : {}),
      });
      return;
    }
    if (text === null || !b.trigger_id) return;
    const request: SlackRequest = {
      source: 'mention',
      requestId: `act-${b.trigger_id}`,
      dedupKeys: [`trigger:${b.trigger_id}`],
      text,
      userId,
      teamId: identity.teamId,
      ...(admitted.guest ? { guest: true } : {}),
      channel,
      ...(threadTs ? { threadTs } : {}),
    };
    await afterAck(intake.decide(request), request);
  });
  app.error(async (err) => {
    logger.error({ err, code: (err as { code?: string }).code }, 'Slack handler failed');
  });
  return { app, ...(receiver ? { receiver } : {}), mode: config.appToken ? 'socket' : 'http' };
}

/** Longest request text a clarification's button carries, in characters. */
const MAX_ASK_TEXT = 300;

/**
 * The request a reply button stands for: a clarification's reading (`ask-N`) asks its request text;
 * Refresh re-asks the reply's own question; HA status asks
 * for the cluster's status; Request maintenance asks for a maintenance of the node (`maintain NODE`). `value` is the Reply action's JSON (`{ cluster, node?, kind }`); a value
 * that does not parse, or any other button, gives null (nothing is enqueued).
 * @param action - the clicked button's `action_id` and `value`
 * @returns the chat text to run, or null
 */
export function buttonRequestText(action: { action_id?: string; value?: string }): string | null {
  const id = action.action_id?.slice(ACTION_ID_PREFIX.length);
  const ask = id !== undefined && /^ask-\d+$/u.test(id);
  if (id !== 'refresh' && id !== 'ha-status' && id !== 'request-maintenance' && !ask) return null;
  let value: { cluster?: unknown; node?: unknown; kind?: unknown; text?: unknown };
  try {
    value = JSON.parse(action.value ?? '') as typeof value;
  } catch {
    return null; // cut or forged value: nothing to run
  }
  const cluster = typeof value.cluster === 'string' ? value.cluster : null;
  // A clarification's reading (`ask-N`): the request text it stands for, asked as if typed.
  if (ask)
    return typeof value.text === 'string' && value.text.length <= MAX_ASK_TEXT
      ? cluster === null
        ? value.text
        : `${value.text} --cluster ${cluster}`
      : null;
  if (cluster === null) return null;
  if (id === 'request-maintenance')
    return typeof value.node === 'string' ? `maintain ${value.node} --cluster ${cluster}` : null;
  if (id === 'refresh' && value.kind === 'reboot-impact' && typeof value.node === 'string')
    return `can I reboot ${value.node} --cluster ${cluster}`;
  return `status --cluster ${cluster}`;
}
