/**
 * `k8s-ha-bot simulate FILE [--port N] [--host H] [--no-heartbeats]`: serve a snapshot file as a
 * Kubernetes API until interrupted; by default its live components keep renewing what was alive
 * (Leases, node heartbeats; heartbeats.ts), `--no-heartbeats` lets the timestamps age. The CLI parses arguments and calls {@link runSimulateCommand}.
 */
import { DEFAULT_HEARTBEAT_INTERVAL_MS, NODE_LEASE_RENEW_S, NODE_STATUS_REPORT_S } from './heartbeats.js';
import { startSimulator } from './start-simulator.js';
import type { RunningSimulator } from './start-simulator.js';

/** Where the command writes (injected so tests need no real stdout). */
export interface SimulateIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

/**
 * Start the simulator on `file`, print its URL and a kubeconfig, and return it running (the caller
 * keeps the process alive and calls `close()` on SIGINT/SIGTERM).
 * @param args - `file` (snapshot path), `port` (default 0: a free port), `host` (default 127.0.0.1),
 *   `heartbeats` (default true: renew Leases and node heartbeats every 5 s, see heartbeats.ts)
 * @param io - output sinks
 * @returns the running simulator
 * @throws SnapshotFileError when the file cannot be loaded
 */
export async function runSimulateCommand(
  args: { file: string; port?: number; host?: string; heartbeats?: boolean },
  io: SimulateIo,
): Promise<RunningSimulator> {
  const started = Date.now();
  const heartbeats = args.heartbeats ?? true;
  const sim = await startSimulator({
    file: args.file,
    port: args.port ?? 0,
    host: args.host ?? '127.0.0.1',
    heartbeats,
  });
  io.out(`Simulator serving ${args.file} at ${sim.url} (loaded in ${Date.now() - started} ms`);
  io.out(sim.shiftMs !== 0 ? `, timestamps shifted by ${Math.round(sim.shiftMs / 1000)} s)\n` : ')\n');
  io.out(
    heartbeats
      ? `Leases and node heartbeats alive at load are renewed as their owners do: leader Leases every ${DEFAULT_HEARTBEAT_INTERVAL_MS / 1000} s, node Leases every ${NODE_LEASE_RENEW_S} s, node status every ${NODE_STATUS_REPORT_S / 60} min (--no-heartbeats: let them age)\n`
      : 'Heartbeats off: Leases and node heartbeats age from now on\n',
  );
  io.out(`Use it with: kubectl --kubeconfig <file with the YAML below> get nodes\n\n`);
  io.out(sim.kubeconfig);
  return sim;
}
