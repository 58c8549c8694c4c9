/**
 * The Bolt app: one set of handlers (slash command, `app_mention`, `message` in a DM, button
 * clicks) on either transport, HTTP (`POST /slack/events`, signatures verified by Bolt's
 * HTTPReceiver) or Socket Mode (when an app-level token is configured).
 */
import { App, HTTPReceiver, LogLevel } from '@slack/bolt';
import type { Logger as BoltLogger } from '@slack/bolt';
import type { Logger } from '../../src/util/logger.js';
import { escapeMrkdwn } from './mrkdwn.js';
import { ACTION_ID_PREFIX } from './render-blocks.js';
import type { SlackConfig } from './slack-config.js';
import type { IntakeOutcome, SlackIntake, SlackRequest } from './slack-intake.js';
import type { SlackMessage } from './slack-messages.js';

/** What the handlers need besides Bolt. */
export interface SlackAppOptions {
  config: SlackConfig;
  intake: SlackIntake;
  /** Renders replies answered by the adapter itself (bad input, help, unavailable queue). */
  render: (reply: import('../../src/explain/reply.js').Reply) => SlackMessage[];
  /** Posts an adapter-made reply in a mention's or DM's thread. */
  postInThread: (outcome: Extract<IntakeOutcome, { reply: unknown }>, request: SlackRequest) => Promise<void>;
  logger: Logger;
  /** Extra HTTP routes (HTTP mode), e.g. `/healthz`. */
  healthCheck?: () => Promise<boolean>;
}

/** Bolt's logger interface over pino. */
export function boltLogger(logger: Logger): BoltLogger {
  let level = LogLevel.INFO;
  const log =
    (fn: 'debug' | 'info' | 'warn' | 'error') =>
    (...msg: unknown[]): void => {
      logger[fn]({ component: 'bolt' }, msg.map((m) => (typeof m === 'string' ? m : JSON.stringify(m))).join(' '));
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

/** Slack's message subtypes that are not a person typing (edits, joins, bot posts…): ignored. */
const isPlainUserMessage = (event: { subtype?: string; bot_id?: string }): boolean => event.subtype === undefined && event.bot_id === undefined;

/**
 * Build the Bolt app with the handlers registered (not started; call `app.start()`).
 * @param options - see {@link SlackAppOptions}
 * @returns the app and, in HTTP mode, its receiver
 */
export function createSlackApp(options: SlackAppOptions): { app: App; receiver?: HTTPReceiver; mode: 'http' | 'socket' } {
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
    app = new App({ token: config.botToken, appToken: config.appToken, socketMode: true, clientOptions, logger: boltLog });
  } else {
    receiver = new HTTPReceiver({
      signingSecret: config.signingSecret ?? '',
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
                res.writeHead(ok ? 200 : 503, { 'content-type': 'text/plain' }).end(ok ? 'ok\n' : 'redis unavailable\n');
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
    app = new App({ token: config.botToken, receiver, clientOptions, logger: boltLog });
  }

  app.command(config.command, async ({ command, ack }) => {
    const request: SlackRequest = {
      source: 'command',
      requestId: `cmd-${command.trigger_id}`,
      dedupKeys: [`trigger:${command.trigger_id}`],
      text: command.text,
      userId: command.user_id,
      teamId: command.team_id,
      channel: command.channel_id,
      ...(command.response_url ? { responseUrl: command.response_url } : {}),
    };
    const outcome = await intake.accept(request);
    if ('reply' in outcome) {
      const [first] = options.render(outcome.reply);
      await ack({ response_type: 'ephemeral', text: first?.text ?? outcome.reply.summary, ...(first ? { blocks: first.blocks } : {}) });
    } else {
      await ack({ response_type: 'ephemeral', text: escapeMrkdwn(outcome.ackText) });
    }
  });

  const onMessage = async (
    source: 'mention' | 'dm',
    event: { channel: string; user?: string; text?: string; ts: string; thread_ts?: string },
    body: { event_id?: string; team_id?: string },
  ): Promise<void> => {
    if (event.user === undefined) return;
    const request: SlackRequest = {
      source,
      requestId: `ev-${body.event_id ?? `${event.channel}-${event.ts}`}`,
      dedupKeys: [...(body.event_id ? [`event:${body.event_id}`] : []), `msg:${event.channel}:${event.ts}`],
      text: event.text ?? '',
      userId: event.user,
      ...(body.team_id ? { teamId: body.team_id } : {}),
      channel: event.channel,
      threadTs: event.thread_ts ?? event.ts,
    };
    const outcome = await intake.accept(request);
    if ('reply' in outcome) await options.postInThread(outcome, request);
  };

  app.event('app_mention', async ({ event, body }) => {
    await onMessage('mention', event, body);
  });
  app.event('message', async ({ event, body }) => {
    if (event.channel_type !== 'im' || !isPlainUserMessage(event as { subtype?: string; bot_id?: string })) return;
    await onMessage('dm', event as unknown as { channel: string; user?: string; text?: string; ts: string; thread_ts?: string }, body);
  });
  // Buttons of the reply (request maintenance, refresh): acknowledged so Slack shows no error; the maintenance issue wires them.
  app.action(new RegExp(`^${ACTION_ID_PREFIX}`), async ({ ack }) => {
    await ack();
  });
  app.error(async (err) => {
    logger.error({ err, code: (err as { code?: string }).code }, 'Slack handler failed');
  });
  return { app, ...(receiver ? { receiver } : {}), mode: config.appToken ? 'socket' : 'http' };
}
