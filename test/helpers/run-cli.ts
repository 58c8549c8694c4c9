/**
 * The CLI run in-process (adapters/k8s-ha-bot.ts `main`) with what it writes captured: the set-up
 * the console tests share (`ask --snapshot`, `snapshot`, exit codes, bad input).
 */
import { main } from '../../adapters/k8s-ha-bot.js';

/** What one run of the CLI gave: its exit code, stdout and stderr. */
export interface CliRun {
  code: number;
  out: string;
  err: string;
}

/**
 * Run `k8s-ha-bot ARGS` in this process.
 * @param args - the arguments after the program name (`['ask', '--snapshot', file, text]`)
 * @param env - the environment it reads its settings from; `LOG_LEVEL` is `silent` unless given
 *   (nothing of this process's environment is added)
 * @returns the exit code and everything written to stdout and stderr
 */
export async function runCli(
  args: readonly string[],
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  let out = '';
  let err = '';
  const code = await main(['node', 'k8s-ha-bot', ...args], {
    out: (t) => void (out += t),
    err: (t) => void (err += t),
    env: { LOG_LEVEL: 'silent', ...env },
  });
  return { code, out, err };
}
