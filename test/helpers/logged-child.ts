/**
 * TEST ONLY: start a TypeScript entry under test/helpers/ as a separate `node` process (through
 * redis-child-ts-loader.mjs, no build needed), collect its JSON log lines, and wait until it logs
 * a given message. Children still running when the test process exits are SIGKILLed.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { WAIT_CEILING_MS } from './eventually.js';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOADER = fileURLToPath(new URL('./redis-child-ts-loader.mjs', import.meta.url));

const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

/** A started child and what it has said. */
export interface LoggedChild {
  child: ChildProcess;
  /** Parsed JSON log lines so far (stderr). */
  logs: Array<Record<string, unknown>>;
  /** Raw output, at most `rawLimit` characters (for failure messages). */
  output(): string;
  /** Resolves with the exit code when the process has exited. */
  exited: Promise<number | null>;
}

/**
 * @param o - `entry` (file name under test/helpers/), `args`, `env` (added to this process's,
 *   NODE_OPTIONS cleared, LOG_LEVEL info), `readyMessage` (the log `msg` to wait for), `what` (for
 *   errors), `readyTimeoutMs` (default {@link WAIT_CEILING_MS}), `rawLimit` (characters of output kept, default 50 000)
 * @returns the child, once it logged `readyMessage`
 * @throws Error with the output when it exits or is not ready in time
 */
export async function startLoggedChild(o: {
  entry: string;
  args?: string[];
  env: Record<string, string | undefined>;
  readyMessage: string;
  what: string;
  readyTimeoutMs?: number;
  rawLimit?: number;
}): Promise<LoggedChild> {
  const entry = fileURLToPath(new URL(`./${o.entry}`, import.meta.url));
  const rawLimit = o.rawLimit ?? 50_000;
  const child = spawn(process.execPath, ['--import', LOADER, entry, ...(o.args ?? [])], {
    cwd: REPO_ROOT,
    env: { ...process.env, NODE_OPTIONS: undefined, LOG_LEVEL: 'info', ...o.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      children.delete(child);
      resolve(code);
    });
  });
  const logs: Array<Record<string, unknown>> = [];
  let raw = '';
  let buffer = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      if (raw.length < rawLimit) raw += `${line}\n`;
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch (err) {
        if (!(err instanceof SyntaxError)) throw err;
        // Not a log record (e.g. a Node warning): kept in `raw` for error messages only.
      }
    }
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    if (raw.length < rawLimit) raw += chunk.toString('utf8');
  });
  const deadline = Date.now() + (o.readyTimeoutMs ?? WAIT_CEILING_MS);
  while (!logs.some((l) => l.msg === o.readyMessage)) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${o.what} exited early:\n${raw}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${o.what} not ready in time:\n${raw}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return { child, logs, output: () => raw, exited };
}
