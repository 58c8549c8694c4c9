/**
 * TEST ONLY: a hostile Alertmanager v2 API (`GET /api/v2/alerts` only) on a free loopback port,
 * after the second hostile review's `fake-am.mjs` (issue 33). The answer of each request is
 * `answer(n)` for the n-th request (1-based), or one of the hostile bodies:
 * - `{ huge: bytes }`: a valid JSON array of alerts of about that many bytes, streamed as fast as
 *   the client reads (stops when the client goes);
 * - `{ lying: bytes }`: a `Content-Length` of that many bytes and a body that never comes.
 */
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the fake. */
export type FakeAlertmanagerAnswer =
  { status: number; alerts: { labels: Record<string, string> }[] } | { huge: number } | { lying: number };

/** A running fake Alertmanager. */
export interface FakeAlertmanager {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests of `/api/v2/alerts` so far. */
  requests(): number;
  /** Bytes of `huge` bodies written so far (into the socket, read or not). */
  bytesSent(): number;
  stop(): Promise<void>;
}

/**
 * Start the fake.
 * @param answer - the answer to the n-th alerts request (1-based)
 * @returns the fake, listening
 */
export async function startFakeAlertmanager(
  answer: (n: number) => FakeAlertmanagerAnswer,
): Promise<FakeAlertmanager> {
  let requests = 0;
  let sent = 0;
  const server: Server = createServer((req, res) => {
    if (req.method !== 'GET' || !req.url?.startsWith('/api/v2/alerts')) {
      res.writeHead(404).end();
      return;
    }
    const a = answer(++requests);
    if ('lying' in a) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(a.lying) });
      res.write('[');
      return;
    }
    if ('huge' in a) {
      res.writeHead(200, { 'content-type': 'application/json' });
      const one = JSON.stringify({
        labels: { alertname: 'Flood', pad: 'p'.repeat(8000) },
        status: { state: 'active' },
      });
      let left = a.huge;
      req.socket.once('close', () => (left = 0));
      const pump = (): void => {
        while (left > 0) {
          const chunk = `${left === a.huge ? '[' : ','}${one}`;
          left -= chunk.length;
          sent += chunk.length;
          if (!res.write(chunk)) {
            res.once('drain', pump);
            return;
          }
        }
        if (!res.destroyed) res.end(']');
      };
      pump();
      return;
    }
    const alerts = a.alerts.map((x) => ({ ...x, status: { state: 'active' } }));
    res.writeHead(a.status, { 'content-type': 'application/json' });
    res.end(a.status === 200 ? JSON.stringify(alerts) : `internal error ${'E'.repeat(2000)}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests: () => requests,
    bytesSent: () => sent,
    stop: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
