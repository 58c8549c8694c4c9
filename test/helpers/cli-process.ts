/**
 * TEST ONLY: run the real `k8s-ha-bot` CLI from source (test/faults/cli-entry.ts through
 * redis-child-ts-loader.mjs, no build needed) as a child process until it exits, for start-up
 * failures: its exit code and everything it wrote.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Run the real CLI (test/faults/cli-entry.ts, from source) until it exits.
 * @param args - the CLI's arguments (`gateway`, `worker`…)
 * @param env - added to this process's environment (NODE_OPTIONS and K8S_HA_BOT_CONFIG cleared,
 *   LOG_LEVEL info unless given)
 * @param timeoutMs - how long it may run, in ms @defaultValue 60 000
 * @returns its exit code and its output (stdout and stderr)
 * @throws Error with the output when it has not exited within `timeoutMs`
 */
export async function runCliUntilExit(
  args: string[],
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<{ code: number | null; out: string }> {
  const child = spawn(
    process.execPath,
    ['--import', './test/helpers/redis-child-ts-loader.mjs', 'test/faults/cli-entry.ts', ...args],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_OPTIONS: undefined,
        K8S_HA_BOT_CONFIG: undefined,
        LOG_LEVEL: 'info',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (out += c.toString()));
  let timer: NodeJS.Timeout | undefined;
  try {
    const code = await Promise.race([
      new Promise<number | null>((resolve) => child.on('exit', (c) => resolve(c))),
      new Promise<never>((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`${args.join(' ')}: still running after ${timeoutMs} ms:\n${out}`)),
          timeoutMs,
        );
      }),
    ]);
    return { code, out };
  } finally {
    clearTimeout(timer);
    child.kill('SIGKILL');
  }
}
