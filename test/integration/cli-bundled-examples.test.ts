/**
 * `cd /tmp && k8s-ha-bot try` (issue 33 item 7): the bundled examples are found from the package's
 * own folder, not the working directory, for `try` and for `simulate examples/…` when the path is
 * not there relative to the working directory; a file missing from both says how to fix it. The
 * real CLI from source (test/faults/cli-entry.ts), run in an empty temporary folder.
 */
import { afterAll, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { eventually } from '../helpers/eventually.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const elsewhere = mkdtempSync(join(tmpdir(), 'k8s-ha-bot-cwd-'));
// A PATH with node and nothing else: `try` stops at the missing redis-server, right after the simulator.
const bin = join(elsewhere, 'bin');
mkdirSync(bin);
symlinkSync(process.execPath, join(bin, 'node'));
afterAll(() => rmSync(elsewhere, { recursive: true, force: true }));

/**
 * Start the CLI in the empty folder; `PATH` holds only node (no redis-server).
 * @returns the child, and its output so far (stdout and stderr)
 */
function startElsewhere(args: string[]): { child: ReturnType<typeof spawn>; output: () => string } {
  const child = spawn(
    process.execPath,
    [
      '--import',
      join(ROOT, 'test/helpers/redis-child-ts-loader.mjs'),
      join(ROOT, 'test/faults/cli-entry.ts'),
      ...args,
    ],
    {
      cwd: elsewhere,
      env: {
        ...process.env,
        NODE_OPTIONS: undefined,
        K8S_HA_BOT_CONFIG: undefined,
        PATH: bin,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (out += c.toString()));
  return { child, output: () => out };
}

/** The exit code once the child has exited. */
function exited(child: ReturnType<typeof spawn>): Promise<number | null> {
  return child.exitCode !== null
    ? Promise.resolve(child.exitCode)
    : new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('7: the bundled examples from another working directory', () => {
  it('try starts the simulator on the package demo (it then stops at the missing redis-server)', async () => {
    const { child, output } = startElsewhere(['try']);
    const code = await exited(child).finally(() => child.kill('SIGINT'));
    expect(code).toBe(2);
    expect(output()).not.toContain('snapshot file not found');
    expect(output()).toContain('redis-server is not installed');
  }, 120_000);

  it('simulate examples/ha-3cp.json serves the package copy', async () => {
    const { child, output } = startElsewhere(['simulate', 'examples/ha-3cp.json', '--port', '0']);
    try {
      await eventually(
        () => `the simulator banner (output: ${output()})`,
        () => {
          if (child.exitCode !== null) throw new Error(`simulate exited ${child.exitCode}: ${output()}`);
          return /Simulator serving \S*examples\/ha-3cp\.json at http/u.test(output()) || undefined;
        },
        120_000,
        100,
      );
    } finally {
      child.kill('SIGINT');
      await exited(child);
    }
  }, 150_000);

  it('a file in neither place: exit 2, where it looked and how to fix it', async () => {
    const { child, output } = startElsewhere(['simulate', 'examples/no-such.json', '--port', '0']);
    expect(await exited(child)).toBe(2);
    expect(output()).toContain(
      `examples/no-such.json: snapshot file not found in ${elsewhere}, nor in the package`,
    );
    expect(output()).toContain('k8s-ha-bot snapshot > my.json');
  }, 120_000);
});
