/**
 * The local chat page (`k8s-ha-bot try`): a third surface behind the chat seam, beside Slack and
 * Teams. A browser on 127.0.0.1 types requests as a chosen user; the host hands in how a request
 * is answered (`ask`: the console's intake and job runner, src/intake/intake.ts, the identity
 * `console:local:<user>`), so the page gets the same replies (verdict, sections, details,
 * buttons) as every other surface, and two names can play requester and approver. A button
 * stands for the request it would type ({@link buttonText}). Beside the chat, the page shows the
 * simulated nodes as they change (Ready, cordoned, bootID) from the simulator's own objects.
 *
 * HTTP (node:http, loopback only): `GET /` the page; `POST /api/ask` `{text, user}` or `{button:
 * {id, value}, user}` → `{reply, text, exitCode}` (the reply made safe: src/explain/safe-reply.ts);
 * `GET /api/nodes` → `{nodes: [{name, ready, cordoned, bootID, pods}]}`. Bodies above 16 KiB are
 * refused (413), a POST that is not `application/json` (415: no other site can post without a CORS
 * preflight), and any Host but 127.0.0.1 or localhost (421: DNS rebinding).
 */
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Reply, ReplyAction } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { safeReply } from '../../src/explain/safe-reply.js';
import { CONSOLE_USER_PATTERN } from '../../src/maintenance/console-user.js';
import { WEB_CHAT_PAGE } from './web-chat-page.js';

/** One node as the page shows it. */
export interface WebChatNode {
  name: string;
  /** The Ready condition's status: `True`, `False`, `Unknown`, or `missing`. */
  ready: string;
  cordoned: boolean;
  /** `status.nodeInfo.bootID` (a new one after a reboot). */
  bootID: string;
  /** Pods bound to it. */
  pods: number;
}

/** Options of {@link startWebChat}. */
export interface WebChatOptions {
  /** Answers one request typed (or a button pressed) by `user`: its reply and exit code. */
  ask: (text: string, user: string) => Promise<{ reply: Reply; exitCode: number }>;
  /** The nodes now (from the simulator). */
  nodes: () => WebChatNode[];
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
}

/** A running chat page. */
export interface WebChat {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  close(): Promise<void>;
}

/** Largest request body, in bytes. */
const MAX_BODY = 16 * 1024;

/**
 * The request a reply button stands for: approve / reject / cancel / pause / resume / retry / skip
 * / stop `<id>` for the maintenance buttons (their value is the request or plan id); for Request
 * maintenance, Refresh and HA status, the value's JSON `{cluster, node?, kind?}` gives `maintain
 * NODE`, `can I reboot NODE`, `status`, with `--cluster`. Anything else: null.
 * @param action - the button's id and value
 */
export function buttonText(action: Pick<ReplyAction, 'id' | 'value'>): string | null {
  const verb = /^maintenance-(approve|reject|cancel|pause|resume|retry|skip|stop)$/.exec(action.id)?.[1];
  if (verb) return /^m[pr]-[a-z0-9]+$/.test(action.value) ? `${verb} ${action.value}` : null;
  let v: { cluster?: unknown; node?: unknown; kind?: unknown };
  try {
    v = JSON.parse(action.value) as typeof v;
  } catch {
    return null; // not a value this page made
  }
  if (typeof v.cluster !== 'string') return null;
  const node = typeof v.node === 'string' ? v.node : null;
  if (action.id === 'request-maintenance') return node ? `maintain ${node} --cluster ${v.cluster}` : null;
  if (action.id === 'refresh' && v.kind === 'reboot-impact' && node)
    return `can I reboot ${node} --cluster ${v.cluster}`;
  return action.id === 'refresh' || action.id === 'ha-status' ? `status --cluster ${v.cluster}` : null;
}

function sendJson(res: ServerResponse, code: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(code, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
  res.end(text);
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const c of req as AsyncIterable<Buffer>) {
    size += c.length;
    if (size > MAX_BODY) throw new RangeError('body too large');
    chunks.push(c);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as unknown;
}

/**
 * Start the chat page on 127.0.0.1.
 * @param o - see {@link WebChatOptions}
 * @returns the running page
 * @throws the listen error (EADDRINUSE…) when the port cannot be taken
 */
export async function startWebChat(o: WebChatOptions): Promise<WebChat> {
  const ask = async (body: unknown): Promise<{ code: number; body: unknown }> => {
    const b = (typeof body === 'object' && body !== null ? body : {}) as {
      text?: unknown;
      user?: unknown;
      button?: { id?: unknown; value?: unknown };
    };
    const user = typeof b.user === 'string' ? b.user : '';
    if (!CONSOLE_USER_PATTERN.test(user))
      return { code: 400, body: { error: 'user: 1-64 of A-Z a-z 0-9 . _ -' } };
    const text =
      b.button !== undefined
        ? buttonText({ id: String(b.button.id) as ReplyAction['id'], value: String(b.button.value) })
        : typeof b.text === 'string'
          ? b.text.slice(0, 2000)
          : null;
    if (text === null || text.trim() === '') return { code: 400, body: { error: 'nothing to ask' } };
    const outcome = await o.ask(text, user);
    const reply = safeReply(outcome.reply);
    return { code: 200, body: { asked: text, reply, text: renderText(reply), exitCode: outcome.exitCode } };
  };
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    if (req.method === 'GET' && path === '/') {
      res.writeHead(200, {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy':
          "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'",
      });
      res.end(WEB_CHAT_PAGE);
      return;
    }
    if (req.method === 'GET' && path === '/api/nodes') return sendJson(res, 200, { nodes: o.nodes() });
    // Only this page may ask: another site's form or script cannot send JSON without a CORS
    // preflight (never answered here), and a DNS-rebound name is not this Host.
    if (!/^(?:127\.0\.0\.1|localhost)(?::\d+)?$/.test(req.headers.host ?? ''))
      return sendJson(res, 421, { error: 'open the page at 127.0.0.1' });
    if (req.method === 'POST' && path === '/api/ask') {
      if (!(req.headers['content-type'] ?? '').startsWith('application/json'))
        return sendJson(res, 415, { error: 'send application/json' });
      readJson(req).then(
        (body) =>
          ask(body).then(
            (a) => sendJson(res, a.code, a.body),
            () => sendJson(res, 500, { error: 'the request could not be answered (see the log)' }),
          ),
        (err: unknown) =>
          sendJson(res, err instanceof RangeError ? 413 : 400, {
            error: err instanceof RangeError ? 'body too large' : 'the body is not JSON',
          }),
      );
      return;
    }
    sendJson(res, 404, { error: 'not found' });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
