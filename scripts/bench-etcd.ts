/**
 * The live etcd probe's time, printed as a table and one JSON line:
 *  - all members healthy: a real 3-member etcd cluster (Debian etcd-server) on loopback with TLS
 *    and client certificates, probed `BENCH_ETCD_RUNS` times (default 20) in sequence;
 *  - one member's port black-holed: that member is stopped and a TCP listener that accepts and
 *    never answers takes its client port (a hung member), probed `BENCH_ETCD_HUNG_RUNS` times
 *    (default 5); each probe should take about the per-endpoint timeout, never more.
 *
 * Run: `npm run build:scripts && node dist-scripts/scripts/bench-etcd.js` (`BENCH_ETCD_TIMEOUT_MS`, default 2000).
 * Needs /usr/bin/etcd and /usr/bin/etcdctl (`.ci/run` installs them) and `openssl`.
 */
import { probeEtcd } from '../src/etcd/probe-etcd.js';
import { startBlackHole } from '../test/helpers/etcd-black-hole.js';
import { startEtcdCluster } from '../test/helpers/etcd-cluster.js';

/** Probe times of one case, in ms. */
export interface EtcdBenchCase {
  runs: number;
  medianMs: number;
  p95Ms: number;
  maxMs: number;
}

/** Both cases, and the per-endpoint timeout used, in ms. */
export interface EtcdBenchResult {
  timeoutMs: number;
  healthy: EtcdBenchCase;
  blackHoled: EtcdBenchCase;
}

function summarize(times: number[]): EtcdBenchCase {
  const s = [...times].sort((a, b) => a - b);
  const at = (q: number): number =>
    Math.round((s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)] ?? 0) * 10) / 10;
  return { runs: s.length, medianMs: at(0.5), p95Ms: at(0.95), maxMs: Math.round((s.at(-1) ?? 0) * 10) / 10 };
}

/**
 * Start a cluster, time the probe healthy and with one member black-holed, stop everything.
 * @param options - runs per case and the per-endpoint timeout, in ms
 * @returns the figures
 * @throws when etcd cannot be started or a probe misreads the cluster
 */
export async function benchEtcd(options: {
  runs: number;
  hungRuns: number;
  timeoutMs: number;
}): Promise<EtcdBenchResult> {
  const cluster = await startEtcdCluster({ names: ['bench-1', 'bench-2', 'bench-3'] });
  const tls = { ca: cluster.certs.ca, cert: cluster.certs.clientCert, key: cluster.certs.clientKey };
  try {
    const time = async (expectAnswered: number): Promise<number> => {
      const started = performance.now();
      const status = await probeEtcd({ endpoints: cluster.endpoints, tls, timeoutMs: options.timeoutMs });
      const ms = performance.now() - started;
      if (status.endpointStatus.length !== expectAnswered) {
        throw new Error(
          `expected ${expectAnswered} endpoints to answer, got ${status.endpointStatus.length}: ${status.errors.join('; ')}`,
        );
      }
      return ms;
    };
    await time(3); // warm-up: first TLS handshakes, JIT
    const healthy: number[] = [];
    for (let i = 0; i < options.runs; i++) healthy.push(await time(3));

    const victim = cluster.members[2];
    if (victim === undefined) throw new Error('no third member');
    await cluster.stopMember(victim.name);
    const hole = await startBlackHole(Number(new URL(victim.clientUrl).port));
    const hung: number[] = [];
    try {
      for (let i = 0; i < options.hungRuns; i++) hung.push(await time(2));
    } finally {
      await hole.close();
    }
    return { timeoutMs: options.timeoutMs, healthy: summarize(healthy), blackHoled: summarize(hung) };
  } finally {
    await cluster.close();
  }
}

async function main(): Promise<void> {
  const result = await benchEtcd({
    runs: Number(process.env.BENCH_ETCD_RUNS ?? 20),
    hungRuns: Number(process.env.BENCH_ETCD_HUNG_RUNS ?? 5),
    timeoutMs: Number(process.env.BENCH_ETCD_TIMEOUT_MS ?? 2000),
  });
  const row = (name: string, c: EtcdBenchCase): string =>
    `${name.padEnd(34)} ${String(c.runs).padStart(4)} ${c.medianMs.toFixed(1).padStart(9)} ${c.p95Ms.toFixed(1).padStart(9)} ${c.maxMs.toFixed(1).padStart(9)}`;
  console.log(`etcd probe, 3 members, TLS + client certs, per-endpoint timeout ${result.timeoutMs} ms`);
  console.log(`${'case'.padEnd(34)} runs  median ms    p95 ms    max ms`);
  console.log(row('all healthy', result.healthy));
  console.log(row('one member black-holed', result.blackHoled));
  console.log(JSON.stringify({ etcdProbe: result }));
}

if (process.argv[1] !== undefined && import.meta.url === new URL(`file://${process.argv[1]}`).href)
  await main();
