/**
 * A black-holed etcd endpoint for tests and the bench: a TCP listener on a free loopback port that
 * accepts connections and never answers (a hung member: the TLS handshake never completes).
 */
import { createServer, type Socket } from 'node:net';

/** A running black hole. */
export interface BlackHole {
  /** `https://127.0.0.1:<port>` */
  url: string;
  /** Connections accepted so far. */
  accepted(): number;
  /** Destroy open connections and stop listening. */
  close(): Promise<void>;
}

/**
 * Start a black hole on 127.0.0.1.
 * @param port - the port to take (e.g. a stopped etcd member's client port); 0 → a free one
 * @returns the black hole; call `close()` when done
 * @throws when the port is taken
 */
export async function startBlackHole(port = 0): Promise<BlackHole> {
  const sockets = new Set<Socket>();
  let count = 0;
  const server = createServer((socket) => {
    count += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address !== 'object') throw new Error('black hole has no port');
  return {
    url: `https://127.0.0.1:${address.port}`,
    accepted: () => count,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
