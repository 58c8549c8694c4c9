/**
 * A TCP proxy on a free loopback port for Redis faults that close no socket:
 * - `replyDelayMs`: every chunk coming back from the upstream is held that long (the client's
 *   writes go through at once), so one client *sees* its replies late while its commands still run
 *   at once: the window in which another client can act between two of its commands;
 * - `pause()` / `resume()`: while paused nothing passes in either direction (bytes are held,
 *   connections stay open), as when the Redis behind it is stopped (SIGSTOP) or packets drop.
 */
import { type AddressInfo, type Socket, connect, createServer } from 'node:net';

/** A started {@link startTcpProxy}. */
export interface TcpProxy {
  /** `127.0.0.1` */
  readonly host: string;
  /** The proxy's port. */
  readonly port: number;
  /** Hold every byte in both directions from now on. */
  pause(): void;
  /** Pass what was held, then pass bytes again. */
  resume(): void;
  /** Close the listener and every proxied connection. */
  close(): Promise<void>;
}

/**
 * Start the proxy on 127.0.0.1, port 0 (not paused).
 * @param upstream - where to connect (`host`, `port`)
 * @param options - `replyDelayMs`: how long each chunk from the upstream is held, in ms (default 0)
 */
export async function startTcpProxy(
  upstream: { host: string; port: number },
  options: { replyDelayMs?: number } = {},
): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const replyDelayMs = options.replyDelayMs ?? 0;
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
    // Timers of equal delay fire in order, so delayed replies keep their order.
    up.on('data', (chunk: Buffer) =>
      replyDelayMs > 0 ? setTimeout(() => pass(client, chunk), replyDelayMs) : pass(client, chunk),
    );
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
