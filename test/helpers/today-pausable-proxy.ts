/**
 * A TCP proxy on a free loopback port that can be paused: while paused, nothing is passed in
 * either direction (bytes are held, connections stay open), as when the Redis behind it is
 * stopped (SIGSTOP) or the network drops packets; `resume()` passes what was held. Used to make
 * Redis "go away" in the middle of a maintenance decision without closing any socket.
 */
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';

/** A started {@link startPausableProxy}. */
export interface PausableProxy {
  /** `127.0.0.1` */
  readonly host: string;
  /** The proxy's port. */
  readonly port: number;
  /** Hold every byte in both directions from now on. */
  pause(): void;
  /** Pass what was held, then pass bytes at once again. */
  resume(): void;
  /** Close the listener and every proxied connection. */
  close(): Promise<void>;
}

/**
 * Start the proxy on 127.0.0.1, port 0.
 * @param upstream - where to connect (`host`, `port`)
 * @returns the running proxy (not paused)
 */
export async function startPausableProxy(upstream: { host: string; port: number }): Promise<PausableProxy> {
  const sockets = new Set<Socket>();
  let paused = false;
  const held: Array<{ to: Socket; chunk: Buffer }> = [];
  const pass = (to: Socket, chunk: Buffer): void => {
    if (paused) held.push({ to, chunk });
    else if (!to.destroyed) to.write(chunk);
  };
  const server = createServer((client) => {
    const up = connect(upstream.port, upstream.host);
    sockets.add(client);
    sockets.add(up);
    client.on('data', (chunk: Buffer) => pass(up, chunk));
    up.on('data', (chunk: Buffer) => pass(client, chunk));
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
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
