/**
 * `k8s-ha-bot simulate FILE [--port N] [--host H] [--no-heartbeats] [--kubeconfig-out FILE] [--reboot-delay S]`: serve a
 * snapshot file as a Kubernetes API until interrupted; by default its live components keep renewing
 * what was alive (Leases, node heartbeats; heartbeats.ts), `--no-heartbeats` lets the timestamps age.
 * The CLI parses arguments and calls {@link runSimulateCommand}.
 *
 * Output, as kubectl-minded tools do (`kind get kubeconfig`): stdout carries the kubeconfig and
 * nothing else, so `k8s-ha-bot simulate FILE > sim.kubeconfig &` gives a file kubectl reads; what a
 * person reads (URL, load time, heartbeat periods, how to use it) goes to stderr. With
 * `--kubeconfig-out FILE` the kubeconfig is written to FILE (mode 0600) and stdout stays empty.
 */
import { open } from 'node:fs/promises';
import { describeHeartbeats } from './heartbeats.js';
import { DEFAULT_REBOOT_DELAY_MS, REBOOT_PATH, startSimulator } from './start-simulator.js';
import type { RunningSimulator } from './start-simulator.js';

/** Where the command writes (injected so tests need no real stdout). */
export interface SimulateIo {
  /** stdout: the kubeconfig alone (unless it goes to `kubeconfigOut`). */
  out: (text: string) => void;
  /** stderr: the banner for a person. */
  err: (text: string) => void;
}

/** Write `text` to `path`, readable by its owner alone (0600, an existing file too). */
async function writePrivate(path: string, text: string): Promise<void> {
  const file = await open(path, 'w', 0o600);
  try {
    await file.chmod(0o600); // `open`'s mode applies to a new file only
    await file.writeFile(text);
  } finally {
    await file.close();
  }
}

/**
 * Start the simulator on `file`, write its kubeconfig (stdout, or `kubeconfigOut`) and a banner
 * (stderr), and return it running (the caller keeps the process alive and calls `close()` on
 * SIGINT/SIGTERM).
 * @param args - `file` (snapshot path), `port` (default 0: a free port), `host` (default 127.0.0.1),
 *   `heartbeats` (default true: renew what was alive at load, at the periods `describeHeartbeats`
 *   states), `kubeconfigOut` (a path: the kubeconfig goes there, mode 0600, not to stdout),
 *   `rebootDelayMs` (how long a node whose reboot is requested stays down, ms; default 20 s)
 * @param io - output sinks
 * @returns the running simulator
 * @throws SnapshotFileError when the file cannot be loaded; the file system's error (ENOENT,
 *   EACCES…) when `kubeconfigOut` cannot be written (the simulator is closed first)
 */
export async function runSimulateCommand(
  args: {
    file: string;
    port?: number;
    host?: string;
    heartbeats?: boolean;
    kubeconfigOut?: string;
    rebootDelayMs?: number;
  },
  io: SimulateIo,
): Promise<RunningSimulator> {
  const started = Date.now();
  const heartbeats = args.heartbeats ?? true;
  const sim = await startSimulator({
    file: args.file,
    port: args.port ?? 0,
    host: args.host ?? '127.0.0.1',
    heartbeats,
    ...(args.rebootDelayMs !== undefined ? { rebootDelayMs: args.rebootDelayMs } : {}),
  });
  if (args.kubeconfigOut !== undefined) {
    try {
      await writePrivate(args.kubeconfigOut, sim.kubeconfig);
    } catch (err) {
      await sim.close();
      throw err;
    }
  } else io.out(sim.kubeconfig);
  io.err(`Simulator serving ${args.file} at ${sim.url} (loaded in ${Date.now() - started} ms`);
  io.err(sim.shiftMs !== 0 ? `, timestamps shifted by ${Math.round(sim.shiftMs / 1000)} s)\n` : ')\n');
  io.err(
    heartbeats
      ? `${describeHeartbeats()} (--no-heartbeats: let them age)\n`
      : 'Heartbeats off: Leases and node heartbeats age from now on\n',
  );
  io.err(
    `Reboot webhook: POST {"node":"NAME"} to ${sim.url}${REBOOT_PATH} (a maintenance policy's reboot.hook.url); the node is down ${Math.round((args.rebootDelayMs ?? DEFAULT_REBOOT_DELAY_MS) / 1000)} s, then back with a new bootID\n`,
  );
  io.err(
    args.kubeconfigOut !== undefined
      ? `Kubeconfig written to ${args.kubeconfigOut}: kubectl --kubeconfig ${args.kubeconfigOut} get nodes\n`
      : `Kubeconfig on stdout: k8s-ha-bot simulate ${args.file} > sim.kubeconfig (or --kubeconfig-out FILE), then kubectl --kubeconfig sim.kubeconfig get nodes\n`,
  );
  return sim;
}
