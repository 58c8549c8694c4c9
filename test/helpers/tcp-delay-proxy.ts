/**
 * A TCP proxy on a free loopback port that holds every chunk coming back from the upstream for
 * `delayMs` before passing it on (the client's writes go through at once). Put in front of Redis,
 * it makes one client slow to *see* its replies while its commands still run at once in Redis:
 * the window in which another client can act between two of its commands.
 */
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';

/** A started {@link startTcpDelayProxy}. */
export interface TcpDelayProxy {
  /** `127.0.0.1:<port>` of the proxy. */
  readonly host: string;
  readonly port: number;
  /** Close the listener and every proxied connection. */
  close(): Promise<void>;
}

/**
 * Start the proxy.
 * @param upstream - where to connect (`host`, `port`)
 * @param delayMs - how long each chunk from the upstream is held, in ms
 */
export async function startTcpDelayProxy(
  upstream: { host: string; port: number },
  delayMs: number,
): Promise<TcpDelayProxy> {
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const up = connect(upstream.port, upstream.host);
    sockets.add(client);
    sockets.add(up);
    client.pipe(up);
    up.on('data', (chunk: Buffer) => {
      setTimeout(() => {
        if (!client.destroyed) client.write(chunk);
      }, delayMs);
    });
    const end = (): void => {
      client.destroy();
      up.destroy();
      sockets.delete(client);
      sockets.delete(up);
    };
    client.on('close', end).on('error', end);
    up.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    host: '127.0.0.1',
    port,
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
