/**
 * The time window of signed Slack requests (HTTP mode).
 *
 * Slack signs `v0:<x-slack-request-timestamp>:<body>` and asks apps to refuse a request whose
 * timestamp differs from the local clock by more than five minutes
 * (https://api.slack.com/authentication/verifying-requests-from-slack). Bolt 5.1's HTTPReceiver
 * refuses only stale ones (older than five minutes): a signed request dated in the future stayed
 * valid until that date, so saved bytes could be sent again after the dedup keys had expired and
 * run a second time. {@link refuseFutureSlackRequests} closes the other side of the window before
 * Bolt reads the request; the dedup TTL ({@link MIN_SLACK_DEDUP_TTL_S}) outlives the whole window.
 */
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Logger } from '../../src/util/logger.js';

/** The timestamp window and the shortest dedup TTL that outlives it (settings: src/config/chat-settings.ts). */
export { MIN_SLACK_DEDUP_TTL_S, SLACK_TIMESTAMP_TOLERANCE_S } from '../../src/config/chat-settings.js';
import { SLACK_TIMESTAMP_TOLERANCE_S } from '../../src/config/chat-settings.js';

/**
 * Whether a request's `x-slack-request-timestamp` is further in the future than Slack allows.
 * Absent or non-numeric values are left to Bolt, which refuses them with the signature check.
 * @param header - the header value (Unix seconds, as text)
 * @param nowMs - the local clock, in ms since the epoch
 * @returns true when the timestamp is more than {@link SLACK_TIMESTAMP_TOLERANCE_S} ahead of `nowMs`
 */
export function isFutureSlackTimestamp(header: string | string[] | undefined, nowMs: number): boolean {
  const raw = Array.isArray(header) ? header[0] : header;
  if (raw === undefined || !/^\d{1,15}$/.test(raw.trim())) return false;
  return Number(raw.trim()) > Math.floor(nowMs / 1000) + SLACK_TIMESTAMP_TOLERANCE_S;
}

/** Options of {@link refuseFutureSlackRequests}. */
export interface FutureRequestGuardOptions {
  logger: Logger;
  /** The clock, in ms since the epoch. @defaultValue `Date.now` */
  now?: () => number;
}

/**
 * Put a check in front of a Bolt HTTPReceiver's request listener: a request whose timestamp is
 * more than five minutes ahead is answered 401 (empty body, as Bolt answers a bad signature) and
 * never reaches Bolt. Call it once, before the receiver is started.
 * @param receiver - the HTTPReceiver (its public `requestListener` is replaced by a wrapper)
 * @param options - logger (one warning per refused request: path and seconds ahead, no body) and clock
 */
export function refuseFutureSlackRequests(
  receiver: { requestListener: RequestListener },
  options: FutureRequestGuardOptions,
): void {
  const bolt = receiver.requestListener;
  const now = options.now ?? Date.now;
  receiver.requestListener = (req: IncomingMessage, res: ServerResponse) => {
    const header = req.headers['x-slack-request-timestamp'];
    const nowMs = now();
    if (isFutureSlackTimestamp(header, nowMs)) {
      const aheadS = Number(Array.isArray(header) ? header[0] : header) - Math.floor(nowMs / 1000);
      options.logger.warn(
        { path: (req.url ?? '').split('?')[0]?.slice(0, 100), aheadS },
        'refused a Slack request dated in the future (more than 5 minutes ahead of this clock)',
      );
      req.resume(); // drain the body, so the connection can be reused
      res.writeHead(401).end();
      return;
    }
    bolt(req, res);
  };
}
