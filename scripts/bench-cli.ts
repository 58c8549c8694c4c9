/**
 * The CLI's start-up cost for the benchmark: CPU time (user + system, s) and peak RSS
 * (MB) of `k8s-ha-bot --version` and `k8s-ha-bot ask --snapshot <scenario 01> "…"` beside
 * `node -e 0`, each the median of `runs` fresh processes, measured by GNU time (`/usr/bin/time -f`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** One command's median CPU time and peak RSS over its runs. */
export interface CliCost {
  /** What ran, for the row. */
  label: string;
  /** Median user + system CPU time, in s. */
  cpuS: number;
  /** Median peak resident set, in MB. */
  rssMB: number;
}

const TIME = '/usr/bin/time';

/** Whether GNU time is installed (else the CLI rows are skipped). */
export function canMeasureCli(): boolean {
  return existsSync(TIME);
}

const median = (xs: number[]): number =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

/**
 * Run a command `runs` times under GNU time.
 * @param label - the row's name for it
 * @param argv - the command and its arguments
 * @param runs - fresh processes to run (at least 1)
 * @param cwd - the working folder
 * @returns the medians
 * @throws Error when the command exits non-zero or GNU time prints nothing readable
 */
export function measureCli(label: string, argv: string[], runs: number, cwd: string): CliCost {
  const cpu: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    const r = spawnSync(TIME, ['-f', '@@time %U %S %M', ...argv], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 1 << 22,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    if (r.status !== 0) throw new Error(`${label} exited ${r.status}: ${r.stderr.slice(-300)}`);
    const m = /@@time ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
    if (!m) throw new Error(`${label}: no GNU time figures in ${JSON.stringify(r.stderr.slice(-200))}`);
    cpu.push(Number(m[1]) + Number(m[2]));
    rss.push(Number(m[3]) / 1024);
  }
  return { label, cpuS: median(cpu), rssMB: Math.round(median(rss)) };
}
