/**
 * A fake Kubernetes API (node:http on 127.0.0.1, a free port) for the watch cache: every list is
 * answered with no items, and watches behave as the hostile review's modes
 * (../shared/hostile-repro-2/watch-fake.mjs, issue 33 findings 1, 2 and 8) for the paths a mode is
 * set on; every request is counted per path.
 *
 * Modes: `pass` (a watch that stays open and sends one BOOKMARK), `gone410` (a watch answered
 * 410), `errev410` (a 200 watch with one ERROR event carrying a 410 Status, then its end),
 * `close0` (200 and an immediate end), `status500` (lists and watches 500), `nullobj`
 * (`{"type":"ADDED","object":null}`), `nometa` (`{"type":"MODIFIED","object":{"kind":"X"}}`),
 * `malformed` (a line that is not JSON), `flood` (`floodCount` distinct ADDED objects, then the end),
 * `noline` (`nolineBytes` with no newline, then the end).
 *
 * With `upstream` (a real API, e.g. the simulator) it is a proxy, as watch-fake.mjs is: every list
 * and GET, and every watch in `pass` mode, is forwarded; the modes change watches only (`status500`
 * too).
 */
import { createServer, request } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';

/** How a watch (or, for `status500`, any request) of a path is answered. */
export type HostileMode =
  | 'pass'
  | 'gone410'
  | 'errev410'
  | 'close0'
  | 'status500'
  | 'nullobj'
  | 'nometa'
  | 'malformed'
  | 'flood'
  | 'noline';

/** One request the fake served. */
export interface ServedRequest {
  /** URL path without the query. */
  path: string;
  watch: boolean;
  mode: HostileMode;
}

/** A running fake API. */
export interface HostileKubeApi {
  url: string;
  /** A kubeconfig pointing at it (plain http, no credentials). */
  kubeConfig: KubeConfig;
  /** Every request served, oldest first. */
  requests: ServedRequest[];
  /**
   * Answer the paths that contain `pathPart` (every path when omitted) in `mode` from now on; open
   * watches of those paths are closed (the client must come back).
   */
  setMode(mode: HostileMode, pathPart?: string): void;
  close(): Promise<void>;
}

/**
 * Start the fake API.
 * @param options - `floodCount`: objects per `flood` watch (default 2000); `nolineBytes`: bytes of
 *   the `noline` line (default 1 MiB); `upstream`: the base URL of an API to forward to (plain http)
 */
export async function startHostileKubeApi(
  options: { floodCount?: number; nolineBytes?: number; upstream?: string } = {},
): Promise<HostileKubeApi> {
  const floodCount = options.floodCount ?? 2000;
  const nolineBytes = options.nolineBytes ?? 1 << 20;
  const modes: [string, HostileMode][] = [];
  const open = new Set<{ path: string; res: ServerResponse }>();
  const requests: ServedRequest[] = [];
  let floods = 0;
  const modeOf = (path: string): HostileMode => {
    for (let i = modes.length - 1; i >= 0; i--) {
      const [part, mode] = modes[i] as [string, HostileMode];
      if (path.includes(part)) return mode;
    }
    return 'pass';
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    const watch = url.searchParams.get('watch') === 'true';
    const mode = modeOf(path);
    requests.push({ path, watch, mode });
    const json = { 'Content-Type': 'application/json' };
    if (watch) {
      const entry = { path, res };
      open.add(entry);
      res.on('close', () => open.delete(entry));
    }
    if (options.upstream !== undefined && (!watch || mode === 'pass')) {
      const up = new URL(req.url ?? '/', options.upstream);
      const forward = request(up, { method: req.method, headers: req.headers }, (r) => {
        res.writeHead(r.statusCode ?? 502, r.headers);
        r.pipe(res);
      });
      forward.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502, json).end()));
      res.on('close', () => forward.destroy());
      req.pipe(forward);
      return;
    }
    if (mode === 'status500') {
      res.writeHead(500, json).end('{"kind":"Status","code":500,"message":"etcdserver: request timed out"}');
      return;
    }
    if (!watch) {
      if (path === '/readyz') res.writeHead(200).end('ok');
      else if (path.includes('/configmaps/')) res.writeHead(404, json).end('{"kind":"Status","code":404}');
      else res.writeHead(200, json).end('{"kind":"List","metadata":{"resourceVersion":"100"},"items":[]}');
      return;
    }
    const line = (o: unknown): string => `${JSON.stringify(o)}\n`;
    switch (mode) {
      case 'gone410':
        res.writeHead(410, json).end('{"kind":"Status","code":410,"reason":"Expired"}');
        return;
      case 'errev410':
        res
          .writeHead(200, json)
          .end(line({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } }));
        return;
      case 'close0':
        res.writeHead(200, json).end();
        return;
      case 'nullobj':
        res.writeHead(200, json).write('{"type":"ADDED","object":null}\n');
        return;
      case 'nometa':
        res.writeHead(200, json).write('{"type":"MODIFIED","object":{"kind":"X"}}\n');
        return;
      case 'malformed':
        res.writeHead(200, json).write('{"type":"ADDED","object":\n');
        return;
      case 'flood': {
        res.writeHead(200, json);
        const tag = floods++;
        let i = 0;
        const pump = (): void => {
          while (i < floodCount) {
            const name = `flood-${tag}-${i++}`;
            const object = {
              metadata: { name, namespace: 'default', uid: name, resourceVersion: String(200 + i) },
            };
            if (!res.write(line({ type: 'ADDED', object }))) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        pump();
        return;
      }
      case 'noline': {
        res.writeHead(200, json);
        const chunk = 'x'.repeat(65536);
        let sent = 0;
        const pump = (): void => {
          while (sent < nolineBytes && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) {
              res.once('drain', pump);
              return;
            }
          }
          res.end();
        };
        pump();
        return;
      }
      default:
        res
          .writeHead(200, json)
          .write(line({ type: 'BOOKMARK', object: { metadata: { resourceVersion: '100' } } }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const kubeConfig = new KubeConfig();
  kubeConfig.loadFromOptions({
    clusters: [{ name: 'hostile', server: url, skipTLSVerify: true }],
    users: [{ name: 'u' }],
    contexts: [{ name: 'hostile', cluster: 'hostile', user: 'u' }],
    currentContext: 'hostile',
  });
  return {
    url,
    kubeConfig,
    requests,
    setMode(mode, pathPart = '') {
      modes.push([pathPart, mode]);
      for (const o of [...open]) if (o.path.includes(pathPart)) o.res.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const o of open) o.res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
