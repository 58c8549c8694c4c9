/**
 * TEST ONLY: start test/helpers/maintenance-worker-entry.ts as a separate `node` process (through
 * redis-child-ts-loader.mjs) and wait until it logs "maintenance worker ready".
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOADER = fileURLToPath(new URL('./redis-child-ts-loader.mjs', import.meta.url));
const ENTRY = fileURLToPath(new URL('./maintenance-worker-entry.ts', import.meta.url));

/** A maintenance worker child process. */
export interface MaintenanceWorkerProcess {
  child: ChildProcess;
  /** Parsed JSON log lines so far (stderr). */
  logs: Array<Record<string, unknown>>;
  /** Raw output (for failure messages). */
  output(): string;
  /** SIGKILL and wait for the exit. */
  kill(): Promise<void>;
}

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/**
 * @param env - the entry's settings (REDIS_URL, K8S_HA_BOT_QUEUE_PREFIX, MAINT_*)
 * @param readyTimeoutMs - default 20 000
 * @returns the running process
 * @throws Error with the output when it exits or is not ready in time
 */
export async function startMaintenanceWorkerProcess(env: Record<string, string>, readyTimeoutMs = 20_000): Promise<MaintenanceWorkerProcess> {
  const child = spawn(process.execPath, ['--import', LOADER, ENTRY], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: undefined, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      children.delete(child);
      resolve();
    }),
  );
  const logs: Array<Record<string, unknown>> = [];
  let raw = '';
  let buffer = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (raw.length < 100_000) raw += `${line}\n`;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
        // not a log record (a Node warning): kept in `raw` only
      }
    }
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    if (raw.length < 100_000) raw += chunk.toString('utf8');
  });
  const deadline = Date.now() + readyTimeoutMs;
  while (!logs.some((l) => l.msg === 'maintenance worker ready')) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`maintenance worker exited early:\n${raw}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`maintenance worker not ready in time:\n${raw}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    child,
    logs,
    output: () => raw,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
