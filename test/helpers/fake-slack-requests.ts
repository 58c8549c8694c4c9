/**
 * Signed requests as Slack sends them (v0 signature: HMAC-SHA256 over `v0:<timestamp>:<body>`
 * with the signing secret; https://api.slack.com/authentication/verifying-requests-from-slack),
 * for driving the real Bolt HTTPReceiver in tests and benchmarks.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { request } from 'node:http';

/** The signing secret tests use (hex, like Slack's). */
export const TEST_SIGNING_SECRET = 'a'.repeat(8) + '0123456789abcdef0123456789abcdef';

/** Options of {@link sendSigned}. */
export interface SignedRequestOptions {
  secret?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
  /** Replace the signature (a bad one). */
  signature?: string;
  contentType: 'application/x-www-form-urlencoded' | 'application/json';
  headers?: Record<string, string>;
}

/**
 * The v0 signature of a body.
 * @param secret - signing secret
 * @param timestamp - Unix seconds
 * @param body - the raw body
 * @returns `v0=<hex>`
 */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/**
 * POST a signed body.
 * @param url - e.g. `http://127.0.0.1:PORT/slack/events`
 * @param body - the raw body (sent as this exact string)
 * @param options - content type, secret, timestamp, signature override, extra headers
 * @returns status and body text
 */
export async function sendSigned(
  url: string,
  body: string,
  options: SignedRequestOptions,
): Promise<{ status: number; text: string }> {
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const headers = {
    'content-type': options.contentType,
    'content-length': String(Buffer.byteLength(body)),
    'x-slack-request-timestamp': String(timestamp),
    'x-slack-signature':
      options.signature ?? slackSignature(options.secret ?? TEST_SIGNING_SECRET, timestamp, body),
    ...options.headers,
  };
  // A new connection per request, as Slack's deliveries come: a kept-alive socket that the server
  // closes just as the next request goes out gives ECONNRESET on a busy machine.
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A fresh trigger id shaped like Slack's (`<digits>.<digits>.<hex>`). */
export function triggerId(): string {
  return `${Date.now()}.${Math.floor(Math.random() * 1e9)}.${randomBytes(8).toString('hex')}`;
}

/**
 * The form body of a slash command.
 * @param fields - text, user, channel…; defaults fill in the rest
 * @returns the urlencoded body
 */
export function slashCommandBody(fields: {
  text: string;
  user_id?: string;
  channel_id?: string;
  trigger_id?: string;
  response_url?: string;
  command?: string;
}): string {
  return new URLSearchParams({
    token: 'deprecated',
    team_id: 'T0TEST',
    team_domain: 'test',
    channel_id: fields.channel_id ?? 'C0OPS',
    channel_name: 'ops',
    user_id: fields.user_id ?? 'U0ALICE',
    user_name: 'alice',
    command: fields.command ?? '/k8s',
    text: fields.text,
    api_app_id: 'A0APP',
    is_enterprise_install: 'false',
    response_url: fields.response_url ?? 'https://hooks.slack.invalid/commands/T0TEST/1/x',
    trigger_id: fields.trigger_id ?? triggerId(),
  }).toString();
}

/**
 * The JSON body of an Events API callback.
 * @param event - the inner event (`app_mention`, `message`…)
 * @param eventId - `Ev…`
 * @returns the JSON text
 */
export function eventBody(event: Record<string, unknown>, eventId: string): string {
  return JSON.stringify({
    token: 'deprecated',
    team_id: 'T0TEST',
    api_app_id: 'A0APP',
    event,
    type: 'event_callback',
    event_id: eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: 'T0TEST', user_id: 'UBOT', is_bot: true }],
  });
}
