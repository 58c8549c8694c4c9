/**
 * `k8s-ha-bot --help | head -1` (issue 33 item 8): a reader that closes the pipe before the CLI has
 * written makes the write fail with EPIPE; the CLI ends quietly with 0 instead of printing an
 * unhandled 'error' stack trace and exiting 1. The real CLI from source (test/faults/cli-entry.ts).
 */
import { describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Run the CLI with its stdout closed by the reader at once; its exit code and stderr. */
async function withClosedStdout(args: string[]): Promise<{ code: number | null; err: string }> {
  const child = spawn(
    process.execPath,
    ['--import', './test/helpers/redis-child-ts-loader.mjs', 'test/faults/cli-entry.ts', ...args],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: undefined, K8S_HA_BOT_CONFIG: undefined },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  // The reader goes away before anything is written, as `head -1` does after its line.
  child.stdout.destroy();
  let err = '';
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', (c) => resolve(c)));
  return { code, err };
}

describe('8: output into a pipe the reader has closed', () => {
  it.each([[['--help']], [['help']], [['help', 'ask']], [['ask', 'help']]])(
    '%j ends with 0 and no stack trace',
    async (args) => {
      const { code, err } = await withClosedStdout(args);
      expect(err).toBe('');
      expect(code).toBe(0);
    },
    120_000,
  );
});
