/**
 * TEST ONLY: an HTTP proxy in front of the simulator whose hook may answer a request itself
 * (a budget that flips, an eviction that is accepted but never carried out, a node that is gone),
 * so the executor can be driven through API behaviour the simulator does not model.
 */
import { KubeConfig } from '@kubernetes/client-node';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the hook sees. */
export interface ProxiedRequest {
  method: string;
  path: string;
  body: string;
}

/** An answer made by the hook instead of the simulator. */
export interface HookAnswer {
  status: number;
  body: unknown;
}

/** A running proxy. */
export interface KubeProxy {
  url: string;
  /** Kubeconfig (context `simulator`) pointing at the proxy. */
  kubeConfig(): KubeConfig;
  /** Replace the hook (undefined: everything goes to the simulator). */
  setHook(hook: ((r: ProxiedRequest) => HookAnswer | undefined) | undefined): void;
  close(): Promise<void>;
}

/**
 * Start a proxy to `target` (the simulator's URL).
 * @param target - e.g. `http://127.0.0.1:1234`
 */
export async function startKubeProxy(target: string): Promise<KubeProxy> {
  let hook: ((r: ProxiedRequest) => HookAnswer | undefined) | undefined;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: ProxiedRequest = { method: req.method ?? 'GET', path: req.url ?? '/', body };
      const answer = hook?.(r);
      if (answer) {
        res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
        return;
      }
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(req.headers))
        if (typeof v === 'string' && k !== 'host' && k !== 'content-length') headers[k] = v;
      fetch(`${target}${r.path}`, {
        method: r.method,
        headers,
        ...(body && r.method !== 'GET' ? { body } : {}),
      })
        .then(async (up) => {
          const text = await up.text();
          res
            .writeHead(up.status, { 'content-type': up.headers.get('content-type') ?? 'application/json' })
            .end(text);
        })
        .catch(() => res.writeHead(502).end());
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    kubeConfig() {
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [{ name: 'proxy', server: url, skipTLSVerify: true }],
        users: [{ name: 'u' }],
        contexts: [{ name: 'simulator', cluster: 'proxy', user: 'u' }],
        currentContext: 'simulator',
      });
      return kc;
    },
    setHook(h) {
      hook = h;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
