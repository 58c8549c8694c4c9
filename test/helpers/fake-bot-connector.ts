/**
 * A local fake of the Bot Connector service (node:http on a free loopback port) for tests: the
 * real botbuilder CloudAdapter talks to it through the activity's `serviceUrl`. It answers
 * `POST /v3/conversations/{id}/activities[/{replyToId}]` (new activity, answers `{ id }`) and
 * `PUT /v3/conversations/{id}/activities/{activityId}` (update), `POST /v3/conversations`
 * (createConversation: a 1:1 chat `a:1on1-<member id>`, recorded with conversationId `(create)`),
 * records every call with its body
 * size, and lets a test override any answer (413, 429 with Retry-After, 502…).
 */
import { createServer } from 'node:http';
import { eventually, WAIT_CEILING_MS } from './eventually.js';
import type { IncomingMessage, Server } from 'node:http';

/** One recorded call. */
export interface FakeConnectorCall {
  method: 'POST' | 'PUT' | string;
  /** Decoded conversation id. */
  conversationId: string;
  /** The activity id in the path (the replyToId for POST, the updated id for PUT). */
  activityId?: string;
  /** The id this fake gave a new activity (POST), or the updated id (PUT). */
  resultId?: string;
  /** The HTTP status answered. */
  status: number;
  /** The parsed activity. */
  body: Record<string, unknown>;
  /** Size of the request body in bytes. */
  bytes: number;
  at: number;
}

/** An override's answer. */
export interface FakeConnectorAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: Record<string, unknown>;
}

/** A running fake. */
export interface FakeBotConnector {
  /** The serviceUrl to put in activities (ends with `/`). */
  serviceUrl: string;
  calls: FakeConnectorCall[];
  /** Successful (2xx) message activities (typing and failures left out). */
  delivered(): FakeConnectorCall[];
  /** Answer differently; return undefined to fall through to the default 200. */
  override(answer: ((call: FakeConnectorCall) => FakeConnectorAnswer | undefined) | undefined): void;
  /** Resolve when `predicate` holds, polling every 20 ms. @throws after `timeoutMs` (default {@link WAIT_CEILING_MS}) */
  waitFor(predicate: (calls: FakeConnectorCall[]) => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Start the fake on 127.0.0.1, port 0.
 * @returns the running fake
 */
export async function startFakeBotConnector(): Promise<FakeBotConnector> {
  const calls: FakeConnectorCall[] = [];
  let override: ((call: FakeConnectorCall) => FakeConnectorAnswer | undefined) | undefined;
  let nextId = 1;
  const server: Server = createServer((req, res) => {
    readBody(req).then(
      (raw) => {
        const url = new URL(req.url ?? '/', 'http://localhost');
        if (url.pathname === '/v3/conversations' && req.method === 'POST') {
          const body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
          const call: FakeConnectorCall = {
            method: 'POST',
            conversationId: '(create)',
            status: 200,
            body,
            bytes: raw.length,
            at: Date.now(),
          };
          const answer = override?.(call);
          if (answer && (answer.status < 200 || answer.status > 299)) {
            call.status = answer.status;
            calls.push(call);
            res
              .writeHead(answer.status, { 'content-type': 'application/json' })
              .end(
                JSON.stringify(
                  answer.body ?? { error: { code: 'Fake', message: `status ${answer.status}` } },
                ),
              );
            return;
          }
          const member = ((body.members as { id?: string }[] | undefined) ?? [])[0]?.id ?? 'nobody';
          call.resultId = `a:1on1-${member}`;
          calls.push(call);
          res.writeHead(200, { 'content-type': 'application/json' }).end(
            JSON.stringify({
              id: call.resultId,
              serviceUrl: `http://127.0.0.1:${String((server.address() as { port: number }).port)}/`,
            }),
          );
          return;
        }
        const match = /^\/v3\/conversations\/([^/]+)\/activities(?:\/([^/]+))?$/.exec(url.pathname);
        if (!match || (req.method !== 'POST' && req.method !== 'PUT')) {
          res
            .writeHead(404, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { code: 'NotFound', message: url.pathname } }));
          return;
        }
        const body = raw.length > 0 ? (JSON.parse(raw.toString('utf8')) as Record<string, unknown>) : {};
        const call: FakeConnectorCall = {
          method: req.method,
          conversationId: decodeURIComponent(match[1] ?? ''),
          ...(match[2] ? { activityId: decodeURIComponent(match[2]) } : {}),
          status: 200,
          body,
          bytes: raw.length,
          at: Date.now(),
        };
        const answer = override?.(call);
        if (answer && (answer.status < 200 || answer.status > 299)) {
          call.status = answer.status;
          calls.push(call);
          res
            .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
            .end(
              JSON.stringify(answer.body ?? { error: { code: 'Fake', message: `status ${answer.status}` } }),
            );
          return;
        }
        call.resultId = req.method === 'PUT' ? call.activityId : `act-${nextId++}`;
        calls.push(call);
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: call.resultId }));
      },
      (err: unknown) => {
        res.writeHead(500).end(String(err));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return {
    serviceUrl: `http://127.0.0.1:${port}/`,
    calls,
    delivered: () => calls.filter((c) => c.status >= 200 && c.status < 300 && c.body.type === 'message'),
    override(answer) {
      override = answer;
    },
    async waitFor(predicate, timeoutMs = WAIT_CEILING_MS) {
      await eventually(
        () =>
          `fake Bot Connector: condition not met; ${calls.length} call(s): ${JSON.stringify(calls.map((c) => [c.method, c.conversationId, c.status, c.body.type]))}`,
        () => predicate(calls),
        timeoutMs,
      );
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
