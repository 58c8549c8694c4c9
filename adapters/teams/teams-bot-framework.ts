/**
 * The botbuilder boundary: the only module of the Teams adapter that imports `botbuilder`. It
 * turns incoming HTTP requests into neutral {@link TeamsTurn}s (CloudAdapter authenticates them),
 * and sends, updates and proactively delivers activities ({@link TeamsConnector}). Moving to the
 * newer Teams SDK means rewriting this file only.
 *
 * Retries: the connector client's own retry policy (core-rest-pipeline, phase `Retry`) is removed,
 * so that {@link TeamsPoster} alone decides when to retry (429, 412, 502, 504 with backoff and
 * jitter) and a refused message is never sent twice behind its back.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { format } from 'node:util';
import {
  ActivityTypes,
  CloudAdapter,
  ConfigurationBotFrameworkAuthentication,
  ConfigurationServiceClientCredentialFactory,
  TurnContext,
} from 'botbuilder';
import type {
  Activity,
  ConversationReference,
  InvokeResponse,
  TurnContext as TurnContextType,
} from 'botbuilder';
import { validateAndFixActivity } from 'botbuilder/lib/activityValidator.js';
import { upstreamBodySummary } from '../../src/util/redaction.js';
import type { Logger } from '../../src/util/logger.js';
import type { TeamsConfig } from '../../src/config/chat-settings.js';

/** An incoming activity, reduced to what the adapter reads. */
export interface TeamsInbound {
  id: string;
  /** `message`, `invoke`, `conversationUpdate`, … */
  type: string;
  /** Invoke name, e.g. `adaptiveCard/action`. */
  name?: string;
  /** Card data: `Action.Submit` value (message) or `{ action: { verb, data } }` (invoke). */
  value?: unknown;
  /** The user's locale, e.g. `ko-KR`. */
  locale?: string;
  /** The activity a card action or reply refers to (the card's activity id). */
  replyToId?: string;
  conversationId: string;
  /** `personal`, `groupChat` or `channel`. */
  conversationType?: string;
  /** The tenant: `conversation.tenantId`, else `channelData.tenant.id`; unset when the two differ. */
  tenantId?: string;
  /** True when `conversation.tenantId` and `channelData.tenant.id` name different tenants (a forged activity). */
  tenantConflict?: boolean;
  /** Set by the bot after admission: a member of a tenant outside the allow-list that the policy names (`Actor.guest`). */
  guest?: boolean;
  /** The user's Teams id (`29:…`). */
  fromId: string;
  /** The user's Entra ID object id, when Teams sends it. */
  fromAadObjectId?: string;
  /** The user's display name (for texts only; never compared). */
  fromName?: string;
}

/** A conversation reference as stored (plain JSON of botbuilder's `ConversationReference`). */
export type StoredReference = Record<string, unknown>;

/** An outgoing message: plain JSON, e.g. from `teamsActivity()`. */
export type OutboundActivity = Record<string, unknown>;

/** What an invoke (card action) is answered with. */
export interface InvokeReply {
  status: number;
  body?: unknown;
}

/** One incoming activity, with what the handler may do in its turn. */
export interface TeamsTurn {
  activity: TeamsInbound;
  /** Message text with the bot's @mention removed and HTML entities decoded ('' when none). */
  text: string;
  /** The conversation reference of this activity (store it for proactive delivery). */
  reference: StoredReference;
  /** Reply in the turn (into the thread of the activity); resolves the new activity id. */
  send(activity: OutboundActivity): Promise<string | undefined>;
  /** Show the typing indicator. */
  typing(): Promise<void>;
}

/** Handles one turn; invokes are answered with what it returns (default 200). */
export type TurnHandler = (turn: TeamsTurn) => Promise<InvokeReply | void>;

/** A failed connector call, reduced: HTTP status and `Retry-After` when the connector answered. */
export class TeamsConnectorError extends Error {
  /**
   * @param message - what failed
   * @param status - the connector's HTTP status (undefined: no answer, e.g. a network error)
   * @param retryAfterMs - the `Retry-After` header, in ms
   * @param cause - the client's error
   */
  constructor(
    message: string,
    readonly status: number | undefined,
    readonly retryAfterMs: number | undefined,
    cause: unknown,
  ) {
    super(message, { cause });
    this.name = 'TeamsConnectorError';
  }
}

/** Sends to Teams outside a turn (proactive messages, card updates). */
export interface TeamsConnector {
  /**
   * Post a new activity into a conversation.
   * @returns the new activity id
   * @throws TeamsConnectorError
   */
  send(reference: StoredReference, activity: OutboundActivity): Promise<string>;
  /**
   * Replace an activity (a card) in place.
   * @throws TeamsConnectorError
   */
  update(reference: StoredReference, activityId: string, activity: OutboundActivity): Promise<void>;
  /**
   * Post a new activity as a reply to another one (`replyToId`; in a channel it lands in that
   * activity's thread).
   * @returns the new activity id
   * @throws TeamsConnectorError
   */
  reply(reference: StoredReference, replyToId: string, activity: OutboundActivity): Promise<string>;
  /**
   * Post a new activity in a 1:1 chat with one user of the reference's tenant (created, or found,
   * by the connector's createConversation), for an answer only that user may see.
   * @param reference - a conversation of the user (service URL, tenant, bot)
   * @param userId - the user's Teams id (`29:…`)
   * @returns the new activity id
   * @throws TeamsConnectorError (e.g. 403 when the bot is not installed for the user)
   */
  sendPersonal(reference: StoredReference, userId: string, activity: OutboundActivity): Promise<string>;
}

/** Longest request body accepted on /api/messages, in bytes (Teams activities are far smaller). */
const MAX_BODY_BYTES = 1024 * 1024;

const ENTITIES: Record<string, string> = {
  '&nbsp;': ' ',
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&apos;': "'",
};

/**
 * Message text as the parser should see it: the bot's `<at>…</at>` mention already removed by
 * botbuilder; any other `<at>` tags unwrapped, other tags dropped, the usual HTML entities decoded.
 * @param text - activity text
 * @returns plain text, trimmed
 */
export function plainTeamsText(text: string): string {
  return text
    .replace(/<at>(.*?)<\/at>/gi, '$1')
    .replace(/<[^>]{1,200}>/g, ' ')
    .replace(/&(?:nbsp|amp|lt|gt|quot|#39|apos);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

/** Milliseconds from a `Retry-After` header (seconds or an HTTP date). */
function retryAfterMsOf(header: string | undefined | null): number | undefined {
  if (header === undefined || header === null || header.trim() === '') return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : undefined;
}

/** The part of core-rest-pipeline's pipeline this module touches. */
interface ConnectorPipeline {
  removePolicy(options: { phase: string }): unknown;
}

function statusOf(err: unknown): { status: number | undefined; retryAfterMs: number | undefined } {
  if (err instanceof TeamsConnectorError) return { status: err.status, retryAfterMs: err.retryAfterMs };
  const e = err as {
    statusCode?: number;
    status?: number;
    response?: { status?: number; headers?: { get?(name: string): string | undefined } };
  };
  const status = e.statusCode ?? e.response?.status ?? (typeof e.status === 'number' ? e.status : undefined);
  return { status, retryAfterMs: retryAfterMsOf(e.response?.headers?.get?.('retry-after')) };
}

/**
 * The cause kept on a {@link TeamsConnectorError} for an HTTP answer: the connector client's error
 * carries the whole response body as its message (and the request, with its Authorization
 * header), which would go to the log with the error; only its name, code, status and a bounded,
 * masked summary of the body are kept.
 */
function boundedConnectorCause(err: unknown, status: number): Error {
  const e = err as { name?: unknown; code?: unknown; message?: unknown; response?: { bodyAsText?: unknown } };
  const body = typeof e.response?.bodyAsText === 'string' ? e.response.bodyAsText : e.message;
  const cause = new Error(
    `HTTP ${status}${typeof e.code === 'string' ? ` ${e.code}` : ''}: ${upstreamBodySummary(body)}`,
  );
  cause.name = typeof e.name === 'string' ? e.name : 'Error';
  cause.stack = `${cause.name}: ${cause.message}`;
  return cause;
}

function connectorError(what: string, err: unknown): TeamsConnectorError {
  const { status, retryAfterMs } = statusOf(err);
  const message = `${what} failed${status !== undefined ? ` (HTTP ${status})` : ` (${upstreamBodySummary(err instanceof Error ? err.message : 'no answer', 200)})`}`;
  return new TeamsConnectorError(
    message,
    status,
    retryAfterMs,
    status !== undefined ? boundedConnectorCause(err, status) : err,
  );
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new RangeError('request body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/** What botbuilder's authentication step returns (the input of a turn). */
type AuthenticateRequestResult = Awaited<
  ReturnType<ConfigurationBotFrameworkAuthentication['authenticateRequest']>
>;

/** CloudAdapter with its (protected) turn runner reachable, for a request we authenticated ourselves. */
class HostAdapter extends CloudAdapter {
  /**
   * Run the turn of an authenticated activity (the part of `CloudAdapter.process` after its
   * authentication step).
   * @returns the invoke response, if the turn left one
   */
  runTurn(
    auth: AuthenticateRequestResult,
    activity: Activity,
    logic: (context: TurnContextType) => Promise<void>,
  ): Promise<InvokeResponse | undefined> {
    return this.processActivity(auth, activity, logic);
  }
}

/** Console output of libraries during an authentication step, collected instead of printed. */
const libraryConsole = new AsyncLocalStorage<string[]>();
let consoleHooked = false;

/**
 * botframework-connector prints to the console while it validates a token (`console.error(err)`
 * with a stack, the metadata keys): outside our structured, redacted log. Inside an
 * authentication step ({@link libraryConsole}) that output is collected and goes, bounded and
 * masked, into the step's one log line; elsewhere the console behaves as before.
 */
function hookLibraryConsole(): void {
  if (consoleHooked) return;
  consoleHooked = true;
  for (const method of ['error', 'warn', 'log', 'info', 'debug'] as const) {
    const original = console[method].bind(console);
    console[method] = (...args: unknown[]) => {
      const sink = libraryConsole.getStore();
      if (sink) sink.push(format(...args));
      else original(...args);
    };
  }
}

/** Optional authentication endpoints (tests, sovereign clouds): botbuilder's configuration keys. */
export interface BotFrameworkAuthOverrides {
  /** OpenID metadata of tokens from the Bot Connector (`ToBotFromChannelOpenIdMetadataUrl`). */
  channelOpenIdMetadataUrl?: string;
  /** OpenID metadata of emulator / Entra ID tokens (`ToBotFromEmulatorOpenIdMetadataUrl`). */
  emulatorOpenIdMetadataUrl?: string;
}

/**
 * botbuilder's CloudAdapter behind neutral types: {@link handle} serves `/api/messages`, and the
 * {@link TeamsConnector} methods deliver outside a turn.
 */
export class BotFrameworkHost implements TeamsConnector {
  private readonly adapter: HostAdapter;
  private readonly auth: ConfigurationBotFrameworkAuthentication;

  /**
   * @param config - app id, password, tenant, type (an empty app id disables authentication)
   * @param logger - turn errors are logged here
   * @param authOverrides - other OpenID metadata URLs (tests) @defaultValue botbuilder's (public Azure)
   */
  constructor(
    private readonly config: TeamsConfig,
    private readonly logger: Logger,
    authOverrides: BotFrameworkAuthOverrides = {},
  ) {
    hookLibraryConsole();
    const settings = {
      MicrosoftAppId: config.appId,
      MicrosoftAppPassword: config.appPassword ?? '',
      MicrosoftAppType: config.appType,
      MicrosoftAppTenantId: config.tenantId ?? '',
      ...(authOverrides.channelOpenIdMetadataUrl
        ? { ToBotFromChannelOpenIdMetadataUrl: authOverrides.channelOpenIdMetadataUrl }
        : {}),
      ...(authOverrides.emulatorOpenIdMetadataUrl
        ? { ToBotFromEmulatorOpenIdMetadataUrl: authOverrides.emulatorOpenIdMetadataUrl }
        : {}),
    };
    const credentials = new ConfigurationServiceClientCredentialFactory(settings);
    const auth = new ConfigurationBotFrameworkAuthentication(settings, credentials);
    // Our poster owns retries: strip the connector client's retry policy (see the module doc).
    const createFactory = auth.createConnectorFactory.bind(auth);
    auth.createConnectorFactory = (identity) => {
      const factory = createFactory(identity);
      return {
        create: async (serviceUrl: string, audience?: string) => {
          const client = await factory.create(serviceUrl, audience);
          const pipeline = (client as unknown as { client?: { pipeline?: ConnectorPipeline } }).client
            ?.pipeline;
          pipeline?.removePolicy({ phase: 'Retry' });
          return client;
        },
      };
    };
    this.auth = auth;
    this.adapter = new HostAdapter(auth);
    this.adapter.onTurnError = async (_context, err) => {
      this.logger.error({ err }, 'Teams turn failed');
    };
  }

  /**
   * Serve one POST /api/messages: parse the JSON body, authenticate it (botbuilder's
   * authentication: the bearer token against the Bot Framework's OpenID metadata, when an app id
   * is configured), run `handler` in a turn, write the answer.
   *
   * A request that cannot be authenticated (no token, a forged or expired one, or the metadata
   * unreachable so no token can be checked) gets 401 with an empty body and costs one structured
   * log line (`Teams request refused: not authenticated`), the library's console output folded
   * into it, bounded and masked; nothing is enqueued. A turn that fails after authentication gets
   * 500 with an empty body (the error is logged).
   * @param req - the request
   * @param res - the response (always ended)
   * @param handler - the turn logic
   */
  async handle(req: IncomingMessage, res: ServerResponse, handler: TurnHandler): Promise<void> {
    let body: unknown;
    try {
      body = await readJson(req);
    } catch (err) {
      this.logger.info({ err }, 'Teams request body is not JSON or too large');
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request\n');
      return;
    }
    if (
      body === null ||
      typeof body !== 'object' ||
      Array.isArray(body) ||
      typeof (body as { type?: unknown }).type !== 'string'
    ) {
      this.logger.info({ remote: req.socket.remoteAddress }, 'Teams request is not an activity');
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request\n');
      return;
    }
    const activity = validateAndFixActivity(body as Activity);
    const header = req.headers.authorization;
    const authHeader = typeof header === 'string' ? header : '';
    const printed: string[] = [];
    let auth: AuthenticateRequestResult;
    try {
      auth = await libraryConsole.run(printed, () => this.auth.authenticateRequest(activity, authHeader));
    } catch (err) {
      const e = err as { name?: unknown; statusCode?: unknown; message?: unknown };
      this.logger.warn(
        {
          remote: req.socket.remoteAddress,
          // botbuilder's AuthenticationError carries 401; anything else means the token could not be checked.
          reason: e.statusCode === 401 ? 'token-rejected' : 'token-unverifiable',
          bearer: authHeader.startsWith('Bearer ')
            ? 'present'
            : authHeader === ''
              ? 'absent'
              : 'other-scheme',
          error: typeof e.name === 'string' ? e.name : 'Error',
          detail: upstreamBodySummary(
            [typeof e.message === 'string' ? e.message : '', ...printed].join(' | '),
            240,
          ),
        },
        'Teams request refused: not authenticated',
      );
      res.writeHead(401).end();
      return;
    }
    try {
      const invoke = await this.adapter.runTurn(auth, activity, async (context) => {
        const result = await handler(this.turnOf(context));
        if (context.activity.type === ActivityTypes.Invoke) {
          await context.sendActivity({
            type: ActivityTypes.InvokeResponse,
            value: result ?? { status: 200 },
          });
        }
      });
      res.statusCode = invoke?.status ?? 200;
      if (invoke?.body !== undefined && invoke.body !== null) {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(invoke.body));
      } else res.end();
    } catch (err) {
      this.logger.error({ err }, 'Teams turn could not run');
      if (!res.headersSent) res.writeHead(500);
      res.end();
    }
  }

  private turnOf(context: TurnContextType): TeamsTurn {
    const a = context.activity;
    let text = '';
    if (a.type === ActivityTypes.Message && typeof a.text === 'string') {
      const withoutMention = TurnContext.removeRecipientMention(a as Partial<Activity>) ?? a.text;
      text = plainTeamsText(withoutMention);
    }
    const channelData = a.channelData as { tenant?: { id?: string } } | undefined;
    const tenants = [a.conversation.tenantId, channelData?.tenant?.id].filter(
      (t): t is string => typeof t === 'string' && t !== '',
    );
    const tenantConflict = new Set(tenants).size > 1;
    const tenantId = tenantConflict ? undefined : tenants[0];
    const activity: TeamsInbound = {
      id: a.id ?? '',
      type: a.type,
      ...(a.name ? { name: a.name } : {}),
      ...(a.value !== undefined ? { value: a.value as unknown } : {}),
      ...(a.locale ? { locale: a.locale } : {}),
      ...(a.replyToId ? { replyToId: a.replyToId } : {}),
      conversationId: a.conversation.id,
      ...(a.conversation.conversationType ? { conversationType: a.conversation.conversationType } : {}),
      ...(tenantId ? { tenantId } : {}),
      ...(tenantConflict ? { tenantConflict } : {}),
      fromId: a.from.id,
      ...(a.from.aadObjectId ? { fromAadObjectId: a.from.aadObjectId } : {}),
      ...(a.from.name ? { fromName: a.from.name } : {}),
    };
    return {
      activity,
      text,
      reference: JSON.parse(JSON.stringify(TurnContext.getConversationReference(a))) as StoredReference,
      send: async (out) => (await context.sendActivity(out as Partial<Activity>))?.id,
      typing: async () => {
        await context.sendActivity({ type: ActivityTypes.Typing });
      },
    };
  }

  /** {@inheritDoc TeamsConnector.send} */
  async send(reference: StoredReference, activity: OutboundActivity): Promise<string> {
    let id: string | undefined;
    await this.proactive(reference, 'sending to Teams', async (context) => {
      id = (await context.sendActivity(activity as Partial<Activity>))?.id;
    });
    return id ?? '';
  }

  /** {@inheritDoc TeamsConnector.reply} */
  async reply(reference: StoredReference, replyToId: string, activity: OutboundActivity): Promise<string> {
    let id: string | undefined;
    await this.proactive(reference, 'replying in Teams', async (context) => {
      // TurnContext.sendActivity would overwrite replyToId with the proactive turn's own id, so the
      // reference is applied here and the activity goes straight to the adapter.
      const out = TurnContext.applyConversationReference(
        { ...(activity as Partial<Activity>) },
        TurnContext.getConversationReference(context.activity),
      );
      out.replyToId = replyToId;
      const [response] = await context.adapter.sendActivities(context, [out]);
      id = response?.id;
    });
    return id ?? '';
  }

  /** {@inheritDoc TeamsConnector.sendPersonal} */
  async sendPersonal(
    reference: StoredReference,
    userId: string,
    activity: OutboundActivity,
  ): Promise<string> {
    const ref = reference as Partial<ConversationReference>;
    const tenantId = ref.conversation?.tenantId;
    let id: string | undefined;
    // Errors inside the turn would go to onTurnError (which swallows them): kept and rethrown.
    let failure: { err: unknown } | undefined;
    try {
      await this.adapter.createConversationAsync(
        this.config.appId,
        ref.channelId ?? 'msteams',
        ref.serviceUrl ?? '',
        '',
        {
          isGroup: false,
          bot: ref.bot as ConversationReference['bot'],
          members: [{ id: userId, name: '' }],
          ...(tenantId ? { tenantId } : {}),
          channelData: tenantId ? { tenant: { id: tenantId } } : {},
          activity: undefined as unknown as Activity,
        },
        async (context) => {
          try {
            id = (await context.sendActivity(activity as Partial<Activity>))?.id;
          } catch (err) {
            failure = { err };
          }
        },
      );
    } catch (err) {
      failure ??= { err };
    }
    if (failure) throw connectorError('sending a 1:1 message in Teams', failure.err);
    return id ?? '';
  }

  /** {@inheritDoc TeamsConnector.update} */
  async update(reference: StoredReference, activityId: string, activity: OutboundActivity): Promise<void> {
    await this.proactive(reference, 'updating a Teams card', async (context) => {
      await context.updateActivity({ ...(activity as Partial<Activity>), id: activityId });
    });
  }

  /**
   * Run `logic` in a proactive turn. Errors thrown inside a turn go to the adapter's onTurnError
   * (which would swallow them), so they are caught here and rethrown to the caller.
   * @throws TeamsConnectorError
   */
  private async proactive(
    reference: StoredReference,
    what: string,
    logic: (context: TurnContextType) => Promise<void>,
  ): Promise<void> {
    let failure: { err: unknown } | undefined;
    try {
      await this.adapter.continueConversationAsync(
        this.config.appId,
        reference as Partial<ConversationReference>,
        async (context) => {
          try {
            await logic(context);
          } catch (err) {
            failure = { err };
          }
        },
      );
    } catch (err) {
      failure ??= { err };
    }
    if (failure) throw connectorError(what, failure.err);
  }
}
