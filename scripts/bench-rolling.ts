/**
 * A rolling-plan analysis over every node of a generated cluster, for the benchmark:
 * load the snapshot file, build the snapshot with every node's pods kept whole (as a rolling
 * question does), then plan the reboot of all nodes one after another (planRolling). Prints one
 * JSON line: `{ nodes, pods, loadMs, buildMs, planMs, steps, verdict, maxRssMB }` (ms = wall time
 * of each part; maxRssMB = this process's peak resident set, in MB).
 *
 *   node dist-scripts/scripts/bench-rolling.js CLUSTER_FILE
 */
import { planRolling } from '../src/analysis/multi-node/rolling-plan.js';
import { loadSnapshotFile } from '../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../src/cluster/snapshot-from-file.js';

const [path] = process.argv.slice(2);
if (!path) {
  process.stderr.write('usage: bench-rolling CLUSTER_FILE\n');
  process.exit(2);
}
let t = performance.now();
const file = await loadSnapshotFile(path);
const loadMs = performance.now() - t;
const names = file.items.filter((o) => o.kind === 'Node').map((o) => o.metadata?.name ?? '');
t = performance.now();
const snapshot = snapshotFromFile(file, 'bench', names[0] ?? null, undefined, names.slice(1));
const buildMs = performance.now() - t;
t = performance.now();
const plan = planRolling(snapshot, names, snapshot.capturedAt, { action: 'reboot' });
const planMs = performance.now() - t;
process.stdout.write(
  `${JSON.stringify({
    nodes: names.length,
    pods: snapshot.pods.length,
    loadMs: Math.round(loadMs),
    buildMs: Math.round(buildMs),
    planMs: Math.round(planMs),
    steps: plan.steps.length,
    verdict: plan.verdict,
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
  })}\n`,
);
