/**
 * Child processes of the benchmarks (bench.ts, bench-plan.ts): a free loopback port, a child
 * started and waited for, a child stopped.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

/**
 * A TCP port free on 127.0.0.1 now.
 * @returns the port
 */
export async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.once('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => ok(port));
    });
  });
}

/**
 * Start a child and resolve once its stdout, or its stderr's last 20,000 characters, match `ready`.
 * @param cmd - the executable
 * @param args - its arguments
 * @param ready - matched against everything it wrote to stdout so far, and its stderr's tail
 * @param env - its environment @defaultValue this process's
 * @returns the child and the match
 * @throws Error when it exits first or is not ready within 10 min (with its stderr's tail)
 */
export function startChild(
  cmd: string,
  args: string[],
  ready: RegExp,
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(
      () => fail(new Error(`${cmd} did not start in time: ${err.slice(-500)}`)),
      600_000,
    );
    const seen = (text: string): void => {
      const m = text.match(ready);
      if (m) {
        clearTimeout(timer);
        ok({ child, match: m });
      }
    };
    child.stdout?.on('data', (d: Buffer) => seen((out += d.toString())));
    // The project's processes log to stderr (src/util/logger.ts): "worker ready" is there.
    child.stderr?.on('data', (d: Buffer) => seen((err = (err + d.toString()).slice(-20_000))));
    child.once('exit', (code) => fail(new Error(`${cmd} exited (${code}): ${err.slice(-500)}`)));
  });
}

/**
 * SIGTERM a child and wait for its exit (SIGKILL after 5 s).
 * @param child - the child; nothing is done when it has exited
 */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((ok) => {
    child.once('exit', () => ok());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 5000).unref();
  });
}
