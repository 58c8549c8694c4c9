/**
 * The reboot hook's webhook form (src/maintenance/execute/reboot-hook.ts) against a real HTTP
 * server on a free loopback port: what it sends, and how each outcome is reported (never thrown,
 * never the answer body).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runRebootHook } from '../../src/maintenance/execute/reboot-hook.js';

interface Received {
  method: string;
  path: string;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base: string;
const received: Received[] = [];

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        contentType: req.headers['content-type'],
        body,
      });
      if (req.url === '/ok') return void res.writeHead(202).end('accepted');
      if (req.url === '/fail')
        return void res.writeHead(500, { 'content-type': 'text/plain' }).end('internal secret: token=abc123');
      if (req.url === '/slow') {
        // Answers after 2 s unless the client gave up first: its timer goes with the connection,
        // so nothing of this server outlives the test.
        const answer = setTimeout(() => res.writeHead(200).end(), 2000);
        res.on('close', () => clearTimeout(answer));
        return;
      }
      res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const input = { cluster: 'prod', node: 'master-2', requestId: 'mr-abcdefghij' };

describe('the webhook reboot hook', () => {
  it('POSTs {cluster, node, requestId} as JSON once; a 2xx answer is ok and reported by status only', async () => {
    received.length = 0;
    const result = await runRebootHook({ url: `${base}/ok` }, input);
    expect(result).toEqual({ ok: true, detail: 'webhook answered HTTP 202' });
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ method: 'POST', path: '/ok', contentType: 'application/json' });
    expect(JSON.parse(received[0]?.body ?? '')).toEqual(input);
  });

  it('a 500 is not ok, and the answer body (which may hold secrets) is not in the detail', async () => {
    const result = await runRebootHook({ url: `${base}/fail` }, input);
    expect(result).toEqual({ ok: false, detail: 'webhook answered HTTP 500' });
    expect(result.detail).not.toContain('abc123');
  });

  it('a webhook slower than the limit is reported as a timeout (it answers after 2 s: the limit, 300 ms, ended the wait)', async () => {
    const result = await runRebootHook({ url: `${base}/slow` }, input, 300);
    expect(result).toEqual({ ok: false, detail: 'webhook not reached (timeout)' });
  });

  it('a webhook nobody listens on is reported, not thrown', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await runRebootHook({ url: `http://127.0.0.1:${port}/hook` }, input);
    expect(result.ok).toBe(false);
    expect(result.detail).toMatch(/^webhook not reached \(/);
  });
});
