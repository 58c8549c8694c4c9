/**
 * The delivery side of the Slack adapter: a {@link Reply} → Block Kit messages → Slack.
 *
 * - Channel visibility: the first message is a bot message in the channel (or in the request's
 *   thread for mentions and DMs); continuation messages go in its thread, so a long answer never
 *   floods the channel. Ephemeral visibility (slash commands only): every message with
 *   chat.postEphemeral to the requester.
 * - When the bot may not post in the channel (`not_in_channel`, `channel_not_found`: a slash
 *   command in a channel the bot was not invited to), the slash command's `response_url` is used.
 * - Each posted message is recorded in Redis, so a retried delivery posts only what is missing.
 * - With a details store, an answer's details are stored first and its message carries a
 *   "Details" button instead of them (./slack-details.ts; issue 30, item 4).
 * - HTTP 429: by default wait `Retry-After`, then post once more. The replies queue asks for
 *   `onRateLimit: 'throw'` instead: a {@link ChatRateLimitedError} sends the reply back to wait for
 *   its channel's next slot without holding a delivery slot (src/queue/reply-throttle.ts). Other
 *   Slack errors are logged with the request id; upstream bodies never reach the channel.
 */
import type { webApi } from '@slack/bolt';
import type { Reply } from '../../src/explain/reply.js';
import { ChatRateLimitedError } from '../../src/queue/reply-queue.js';
import { PostedHere } from '../../src/queue/posted-here.js';
import type { Logger } from '../../src/util/logger.js';
import type { SlackDetailsButton } from './slack-details.js';
import type { SlackMessage } from './slack-messages.js';
import type { SlackStore } from './slack-store.js';

/** Slack errors after which a retry cannot help: logged and dropped. @see https://api.slack.com/methods/chat.postMessage#errors */
const PERMANENT_ERRORS = new Set([
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'msg_too_long',
  'no_text',
  'invalid_blocks',
  'invalid_blocks_format',
  'user_not_in_channel',
  'restricted_action',
  'not_authed',
  'invalid_auth',
  'account_inactive',
  'token_revoked',
  'missing_scope',
  'cannot_reply_to_message',
]);

/** Errors that mean "the bot is not in that channel": try the response_url instead. */
const NOT_IN_CHANNEL = new Set(['not_in_channel', 'channel_not_found']);

/** Longest `Retry-After` honoured, in s (beyond it the delivery fails and the queue retries later). */
const MAX_RETRY_AFTER_SECONDS = 120;

/** The Web API methods the poster calls (Bolt's `app.client` has them). */
export interface SlackPosterClient {
  chat: {
    postMessage(args: webApi.ChatPostMessageArguments): Promise<webApi.ChatPostMessageResponse>;
    postEphemeral(args: webApi.ChatPostEphemeralArguments): Promise<webApi.ChatPostEphemeralResponse>;
  };
}

/** Options of {@link SlackPoster}. */
export interface SlackPosterOptions {
  client: SlackPosterClient;
  store: Pick<SlackStore, 'postedMessages' | 'markPosted'>;
  /** Reply → messages (Block Kit rendering); with a details id, the first screen and a "Details" button. */
  render: (reply: Reply, detailsId?: string) => SlackMessage[];
  /**
   * Stores an answer's details for its "Details" button (./slack-details.ts). @defaultValue none:
   * the details are in the messages themselves
   */
  details?: Pick<SlackDetailsButton, 'save'>;
  logger: Logger;
  /** Posts to a response_url; @defaultValue global fetch */
  fetch?: typeof fetch;
  /** @defaultValue setTimeout-based sleep (tests shorten it) */
  sleep?: (ms: number) => Promise<void>;
  /**
   * How long a posted-message marker that Redis refused is retried in the background, in ms. The
   * post itself succeeded: failing the delivery would have it posted again. @defaultValue 300 000
   */
  markerRetryMs?: number;
}

/** Where a reply goes: the job's `replyTo.address`. */
export interface SlackAddress {
  channel: string;
  user?: string;
  thread_ts?: string;
  response_url?: string;
  visibility?: string;
}

/** A delivery that may succeed when tried later (network, 5xx, repeated 429): the queue retries it. */
export class SlackDeliveryError extends Error {
  /** @param message - what failed @param cause - the client's error */
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'SlackDeliveryError';
  }
}

interface CodedSlackError {
  code?: string;
  retryAfter?: number;
  data?: { error?: string };
}

/** Options of one {@link SlackPoster.deliver}. */
export interface DeliverOptions {
  /**
   * On HTTP 429: `wait` Retry-After (at most 120 s) in place and post once more, or `throw` a
   * {@link ChatRateLimitedError} at once (the replies queue reschedules the reply). @defaultValue `wait`
   */
  onRateLimit?: 'wait' | 'throw';
}

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts replies to Slack.
 */
export class SlackPoster {
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly fetchFn: typeof fetch;
  /** Posted messages by delivery id, in this process (see {@link PostedHere}). */
  private readonly postedHere = new PostedHere();

  /** @param options - see {@link SlackPosterOptions} */
  constructor(private readonly options: SlackPosterOptions) {
    this.sleep = options.sleep ?? defaultSleep;
    this.fetchFn = options.fetch ?? fetch;
  }

  /**
   * Post one reply.
   * @param reply - the answer
   * @param address - the job's `replyTo.address`
   * @param deliveryId - names this delivery for the posted-message markers (the request id; the
   *   deadline follow-up uses `<requestId>.timeout`)
   * @returns true when posted, false when Slack refused it for good (logged with the request id)
   * @param options - see {@link DeliverOptions}
   * @throws SlackDeliveryError when a retry later may work (the reply queue retries with backoff);
   *   ChatRateLimitedError on a 429 with `onRateLimit: 'throw'` (what was posted before it is
   *   recorded, so the next try posts only the rest); whatever Redis throws
   */
  async deliver(
    reply: Reply,
    address: SlackAddress,
    deliveryId: string,
    options: DeliverOptions = {},
  ): Promise<boolean> {
    const throwOnRateLimit = options.onRateLimit === 'throw';
    const requestId = reply.context.requestId;
    const posted = new Map([
      ...(await this.options.store.postedMessages(deliveryId)),
      ...this.postedHere.get(deliveryId),
    ]);
    const messages = this.options.render(reply, await this.detailsId(reply, posted.has(0), address.channel));
    const ephemeral = address.visibility === 'ephemeral' && address.user !== undefined;
    let threadTs = address.thread_ts ?? posted.get(0);
    for (const [index, message] of messages.entries()) {
      if (posted.has(index)) continue;
      let ts = '';
      try {
        if (ephemeral) {
          await this.call(requestId, 'chat.postEphemeral', throwOnRateLimit, () =>
            this.options.client.chat.postEphemeral({
              channel: address.channel,
              user: address.user ?? '',
              text: message.text,
              blocks: message.blocks,
              ...(address.thread_ts ? { thread_ts: address.thread_ts } : {}),
            }),
          );
        } else {
          const thread = index === 0 ? address.thread_ts : threadTs;
          const response = await this.call(requestId, 'chat.postMessage', throwOnRateLimit, () =>
            this.options.client.chat.postMessage({
              channel: address.channel,
              text: message.text,
              blocks: message.blocks,
              unfurl_links: false,
              unfurl_media: false,
              ...(thread ? { thread_ts: thread } : {}),
            }),
          );
          ts = response.ts ?? '';
          if (index === 0) threadTs ??= ts;
        }
      } catch (err) {
        if (err instanceof ChatRateLimitedError) throw err;
        const slackError = (err as CodedSlackError).data?.error;
        if (slackError && NOT_IN_CHANNEL.has(slackError) && address.response_url) {
          await this.viaResponseUrl(requestId, messages.slice(index), address.response_url, ephemeral);
          await this.recordPosted(deliveryId, index, '', requestId);
          return true;
        }
        if (slackError && PERMANENT_ERRORS.has(slackError)) {
          this.options.logger.error(
            { requestId, slackError, channel: address.channel, index },
            'Slack refused the answer; not retrying',
          );
          return false;
        }
        throw err;
      }
      await this.recordPosted(deliveryId, index, ts, requestId);
    }
    return true;
  }

  /**
   * The id of the answer's stored details for its "Details" button: none without a details store
   * or details; `''` when the first message is already posted (the button is there; nothing of
   * the answer is left to post); none when Redis refused them (logged: the details then go in
   * the messages themselves).
   */
  private async detailsId(reply: Reply, firstPosted: boolean, channel: string): Promise<string | undefined> {
    const { details, logger } = this.options;
    if (!details) return undefined;
    if (firstPosted) return '';
    try {
      return (await details.save(reply, channel)) ?? undefined;
    } catch (err) {
      logger.warn(
        { err, requestId: reply.context.requestId },
        'could not store the answer’s details (Redis); posting them in the answer',
      );
      return undefined;
    }
  }

  /**
   * Remember a posted message: in memory at once, and in Redis. When Redis refuses the marker, the
   * delivery still succeeds (the message is in Slack; failing would post it again) and the marker
   * is retried in the background until it lands or `markerRetryMs` passes, so a delivery retried by
   * another gateway after Redis is back finds it.
   */
  private async recordPosted(
    deliveryId: string,
    index: number,
    ts: string,
    requestId: string,
  ): Promise<void> {
    this.postedHere.record(deliveryId, index, ts);
    try {
      await this.options.store.markPosted(deliveryId, index, ts);
    } catch (err) {
      this.options.logger.warn(
        { err, requestId, index },
        'posted, but Redis refused the posted-message marker; retrying it in the background',
      );
      void this.retryMarker(deliveryId, index, ts, requestId);
    }
  }

  private async retryMarker(deliveryId: string, index: number, ts: string, requestId: string): Promise<void> {
    const giveUpAt = Date.now() + (this.options.markerRetryMs ?? 300_000);
    for (let waitMs = 250; Date.now() < giveUpAt; waitMs = Math.min(waitMs * 2, 2000)) {
      await this.sleep(waitMs);
      try {
        await this.options.store.markPosted(deliveryId, index, ts);
        this.options.logger.info(
          { requestId, index },
          'posted-message marker recorded after Redis came back',
        );
        return;
      } catch (err) {
        this.options.logger.debug({ err, requestId }, 'posted-message marker still refused');
      }
    }
    this.options.logger.error(
      { requestId, index },
      'gave up recording a posted-message marker; a retried delivery may post it again',
    );
  }

  /** One Web API call; on 429 throw {@link ChatRateLimitedError} (`throwOnRateLimit`), or wait Retry-After and call once more. */
  private async call<T>(
    requestId: string,
    method: string,
    throwOnRateLimit: boolean,
    fn: () => Promise<T>,
  ): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      const e = err as CodedSlackError;
      if (throwOnRateLimit && e.code === 'slack_webapi_rate_limited_error') {
        const retryAfterS = typeof e.retryAfter === 'number' ? e.retryAfter : 1;
        this.options.logger.warn(
          { requestId, method, retryAfterS },
          'Slack rate limit: the reply waits for its channel',
        );
        throw new ChatRateLimitedError(
          retryAfterS * 1000,
          `${method} rate limited for request ${requestId}`,
          err,
        );
      }
      if (
        e.code === 'slack_webapi_rate_limited_error' &&
        typeof e.retryAfter === 'number' &&
        e.retryAfter <= MAX_RETRY_AFTER_SECONDS
      ) {
        this.options.logger.warn(
          { requestId, method, retryAfterS: e.retryAfter },
          'Slack rate limit: waiting Retry-After, then posting once',
        );
        await this.sleep(e.retryAfter * 1000);
        try {
          return await fn();
        } catch (again) {
          throw this.logged(requestId, method, again);
        }
      }
      throw this.logged(requestId, method, err);
    }
  }

  /** Log a failed call with the request id; permanent errors are returned as they are (the caller decides), others wrapped as retryable. */
  private logged(requestId: string, method: string, err: unknown): unknown {
    const e = err as CodedSlackError;
    const slackError = e.data?.error;
    this.options.logger.warn({ requestId, method, code: e.code, slackError }, 'Slack API call failed');
    if (slackError !== undefined) return err;
    return new SlackDeliveryError(
      `${method} failed for request ${requestId} (${e.code ?? 'unknown error'})`,
      err,
    );
  }

  /** Post the remaining messages through a slash command's response_url (≤ 5 uses, 30 min). */
  private async viaResponseUrl(
    requestId: string,
    messages: SlackMessage[],
    url: string,
    ephemeral: boolean,
  ): Promise<void> {
    for (const message of messages.slice(0, 5)) {
      const response = await this.fetchFn(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          response_type: ephemeral ? 'ephemeral' : 'in_channel',
          replace_original: false,
          ...message,
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) {
        this.options.logger.warn(
          { requestId, status: response.status },
          'posting through response_url failed',
        );
        throw new SlackDeliveryError(
          `response_url answered HTTP ${response.status} for request ${requestId}`,
          undefined,
        );
      }
    }
  }
}
