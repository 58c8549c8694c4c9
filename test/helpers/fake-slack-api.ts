/**
 * A local fake of the Slack Web API (node:http on a free loopback port) for tests: the real Bolt
 * and @slack/web-api code talks to it through `SLACK_API_URL` (`clientOptions.slackApiUrl`).
 * It answers auth.test, chat.postMessage, chat.postEphemeral, users.info, views.open and response URLs
 * (`/response/<id>`), records every call, and lets a test override any answer (a 429, an error,
 * a slow answer, or something done while the call is in flight).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { eventually, WAIT_CEILING_MS } from './eventually.js';

/** One recorded call. `params` are decoded (form fields; `blocks` and `view` parsed from their JSON strings). */
export interface FakeSlackCall {
  method: string;
  params: Record<string, unknown>;
  at: number;
}

/** What an override returns: an HTTP status, headers and a JSON body. */
export interface FakeSlackAnswer {
  status?: number;
  headers?: Record<string, string>;
  body: Record<string, unknown>;
}

/** An override of one method's answer. */
export type FakeSlackOverride = (
  call: FakeSlackCall,
) => FakeSlackAnswer | undefined | Promise<FakeSlackAnswer | undefined>;

/** A running fake. */
export interface FakeSlackApi {
  /** Base URL for SLACK_API_URL, ending in `/api/`. */
  apiUrl: string;
  /** Base of response URLs: `<baseUrl>/response/<anything>`. */
  baseUrl: string;
  calls: FakeSlackCall[];
  /** Calls of one method. */
  callsOf(method: string): FakeSlackCall[];
  /**
   * Answer a method differently; return (or resolve) undefined to fall through to the default
   * answer. An async override holds the HTTP answer until it resolves.
   */
  override(method: string, answer: FakeSlackOverride): void;
  /** Users' locales for users.info (default `en-US`). */
  locales: Map<string, string>;
  /** Resolve when `predicate` holds over the calls, polling every 20 ms. @throws after `timeoutMs` (default {@link WAIT_CEILING_MS}) */
  waitFor(predicate: (calls: FakeSlackCall[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function decode(body: string, contentType: string | undefined): Record<string, unknown> {
  if (body === '') return {};
  if (contentType?.includes('application/json')) return JSON.parse(body) as Record<string, unknown>;
  const params: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    params[key] =
      ((key === 'blocks' || key === 'attachments') && value.startsWith('[')) ||
      (key === 'view' && value.startsWith('{'))
        ? JSON.parse(value)
        : value;
  }
  return params;
}

/**
 * Start the fake on 127.0.0.1, port 0.
 * @returns the running fake
 */
export async function startFakeSlackApi(): Promise<FakeSlackApi> {
  const calls: FakeSlackCall[] = [];
  const overrides = new Map<string, FakeSlackOverride>();
  const locales = new Map<string, string>();
  let ts = 1_700_000_000;
  const defaults = (call: FakeSlackCall): FakeSlackAnswer => {
    switch (call.method) {
      case 'auth.test':
        return {
          body: {
            ok: true,
            url: 'https://test.slack.com/',
            team: 'Test',
            user: 'k8s-ha-bot',
            team_id: 'T0TEST',
            user_id: 'UBOT',
            bot_id: 'BBOT',
          },
        };
      case 'chat.postMessage':
        ts += 1;
        return {
          body: {
            ok: true,
            channel: call.params.channel,
            ts: `${ts}.000100`,
            message: { text: call.params.text },
          },
        };
      case 'chat.postEphemeral':
        return { body: { ok: true, message_ts: `${ts}.000200` } };
      case 'views.open':
        return { body: { ok: true, view: { id: `V${(ts += 1)}`, ...(call.params.view as object) } } };
      case 'users.info': {
        const id = String(call.params.user);
        return { body: { ok: true, user: { id, locale: locales.get(id) ?? 'en-US' } } };
      }
      default:
        if (call.method.startsWith('response/')) return { body: { ok: true } };
        return { body: { ok: false, error: 'unknown_method' } };
    }
  };
  const server: Server = createServer((req, res) => {
    readBody(req)
      .then(async (body) => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const method = url.pathname.replace(/^\/api\//, '').replace(/^\//, '');
        const call: FakeSlackCall = {
          method,
          params: decode(body, req.headers['content-type']),
          at: Date.now(),
        };
        calls.push(call);
        const answer = (await overrides.get(method)?.(call)) ?? defaults(call);
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', ...answer.headers });
        res.end(JSON.stringify(answer.body));
      })
      .catch((err: unknown) => {
        res.writeHead(500).end(String(err));
      });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('fake Slack API has no port');
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    apiUrl: `${baseUrl}/api/`,
    baseUrl,
    calls,
    locales,
    callsOf: (method) => calls.filter((c) => c.method === method),
    override: (method, answer) => {
      overrides.set(method, answer);
    },
    async waitFor(predicate, timeoutMs = WAIT_CEILING_MS) {
      await eventually(
        () => `fake Slack: condition not met; calls: ${calls.map((c) => c.method).join(', ')}`,
        () => predicate(calls),
        timeoutMs,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
