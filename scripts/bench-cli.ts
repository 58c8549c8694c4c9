/**
 * The CLI's start-up cost for the benchmark: CPU time (user + system, s) and peak RSS
 * (MB) of `k8s-ha-bot --version` and `k8s-ha-bot ask --snapshot <scenario 01> "…"` beside
 * `node -e 0`, each the median of `runs` fresh processes, measured by GNU time (`/usr/bin/time -f`);
 * and live `ask` against a simulator beside `kubectl get` of the same objects (issue 32 item 3).
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
  return measureRuns(label, argv, runs, cwd, 'pipe');
}

function measureRuns(
  label: string,
  argv: string[],
  runs: number,
  cwd: string,
  stdout: 'pipe' | 'ignore',
  answeredUnsafe = false,
): CliCost {
  const cpu: number[] = [];
  const rss: number[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    const r = spawnSync(TIME, ['-f', '@@time %U %S %M', ...argv], {
      cwd,
      encoding: 'utf8',
      maxBuffer: 1 << 22,
      // kubectl's JSON of 30,000 pods is hundreds of MB: not kept.
      stdio: ['ignore', stdout, 'pipe'],
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    // ask exits 3 for an unsafe verdict: answered all the same.
    if (r.status !== 0 && !(r.status === 3 && answeredUnsafe))
      throw new Error(`${label} exited ${r.status}: ${r.stderr.slice(-300)}`);
    const m = /@@time ([\d.]+) ([\d.]+) (\d+)/.exec(r.stderr);
    if (!m) throw new Error(`${label}: no GNU time figures in ${JSON.stringify(r.stderr.slice(-200))}`);
    cpu.push(Number(m[1]) + Number(m[2]));
    rss.push(Number(m[3]) / 1024);
  }
  return { label, cpuS: median(cpu), rssMB: Math.round(median(rss)) };
}

/**
 * What a live `ask` reads (src/cluster/read-snapshot.ts), as `kubectl get` resource names: every
 * list it makes (the Leases of every namespace here; the ask reads two namespaces' only). The
 * optional MetalLB list and the kube-proxy ConfigMap and /readyz gets are left out (kubectl cannot
 * name them in the same `get`; they are three small requests).
 */
export const ASK_RESOURCES =
  'nodes,pods,poddisruptionbudgets,leases,deployments,replicasets,statefulsets,daemonsets,endpointslices,validatingwebhookconfigurations,mutatingwebhookconfigurations,apiservices,namespaces,persistentvolumeclaims,persistentvolumes,services,csidrivers,volumeattachments';

/** A live `ask` and `kubectl get` of the same objects, measured in the same run. */
export interface LiveAskCost {
  ask: CliCost;
  kubectl: CliCost;
  /** ask CPU / kubectl CPU. */
  cpuRatio: number;
  /** ask peak RSS / kubectl peak RSS. */
  rssRatio: number;
}

/** Whether `kubectl` runs here (else the live ask rows are skipped). */
export function hasKubectl(): boolean {
  return spawnSync('kubectl', ['version', '--client'], { stdio: 'ignore' }).status === 0;
}

/**
 * CPU time and peak RSS of `k8s-ha-bot ask --kubeconfig F "can I reboot NODE"` beside
 * `kubectl --kubeconfig F get <ASK_RESOURCES> -A -o json > /dev/null`, alternating, after one
 * untimed run of each (kubectl's discovery cache filled, the bundle's V8 code cache written by bin,
 * the simulator's first serialisation paid).
 * @param bin - bin/k8s-ha-bot.js
 * @param kubeconfig - the simulator's kubeconfig file
 * @param node - the node asked about
 * @param runs - fresh processes of each (at least 1)
 * @param cwd - the working folder
 * @returns the medians and their ratios
 * @throws Error when either command fails
 */
export function measureLiveAsk(
  bin: string,
  kubeconfig: string,
  node: string,
  runs: number,
  cwd: string,
): LiveAskCost {
  const askArgv = [process.execPath, bin, 'ask', '--kubeconfig', kubeconfig, `can I reboot ${node}`];
  const kubectlArgv = ['kubectl', '--kubeconfig', kubeconfig, 'get', ASK_RESOURCES, '-A', '-o', 'json'];
  measureRuns('warm-up', askArgv, 1, cwd, 'ignore', true);
  measureRuns('warm-up', kubectlArgv, 1, cwd, 'ignore');
  const asks: CliCost[] = [];
  const kubectls: CliCost[] = [];
  for (let i = 0; i < Math.max(1, runs); i++) {
    asks.push(measureRuns('live ask', askArgv, 1, cwd, 'ignore', true));
    kubectls.push(measureRuns('kubectl get', kubectlArgv, 1, cwd, 'ignore'));
  }
  const ask = {
    label: 'live ask',
    cpuS: median(asks.map((c) => c.cpuS)),
    rssMB: median(asks.map((c) => c.rssMB)),
  };
  const kubectl = {
    label: 'kubectl get',
    cpuS: median(kubectls.map((c) => c.cpuS)),
    rssMB: median(kubectls.map((c) => c.rssMB)),
  };
  return {
    ask,
    kubectl,
    cpuRatio: ask.cpuS / Math.max(kubectl.cpuS, 0.01),
    rssRatio: ask.rssMB / Math.max(kubectl.rssMB, 1),
  };
}

/**
 * The benchmark row of {@link measureLiveAsk}, with the targets of issue 32 item 3 (CPU ≤ 1.5 ×
 * kubectl; peak RSS ≤ 100 MB on the 5-node demo).
 * @param where - the cluster, e.g. `5-node demo`
 * @param c - the measurement
 * @param runs - runs per side
 */
export function liveAskRow(where: string, c: LiveAskCost, runs: number): string {
  const met = c.cpuRatio <= 1.5 ? 'met' : 'NOT MET';
  return `live ask vs kubectl get (${where}): ask CPU ${(c.ask.cpuS * 1000).toFixed(0)} ms, peak RSS ${c.ask.rssMB} MB | kubectl get ${ASK_RESOURCES.split(',').length} resources -A -o json: CPU ${(c.kubectl.cpuS * 1000).toFixed(0)} ms, peak RSS ${c.kubectl.rssMB} MB | ${c.cpuRatio.toFixed(2)} × CPU (target ≤ 1.5: ${met}), ${c.rssRatio.toFixed(2)} × RSS (median of ${runs})`;
}
