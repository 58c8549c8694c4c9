/**
 * Write a generated cluster as a scenario file.
 *
 *   node dist-scripts/scripts/generate-cluster.js --nodes 5000 --pods 150000 [--cp 3] [--seed 1] --out big.json
 *
 * Prints the counts by kind, the file size and the time taken.
 */
import { parseArgs } from 'node:util';
import { generateCluster, writeScenarioFile } from './cluster-generator/index.js';

const { values } = parseArgs({
  options: {
    nodes: { type: 'string', default: '50' },
    pods: { type: 'string', default: '1500' },
    cp: { type: 'string', default: '3' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
  },
});
if (!values.out) {
  process.stderr.write('usage: generate-cluster --nodes N --pods N [--cp 3] [--seed 1] --out FILE\n');
  process.exit(2);
}
const started = Date.now();
const cluster = generateCluster({
  nodes: Number(values.nodes),
  pods: Number(values.pods),
  controlPlaneNodes: Number(values.cp),
  seed: Number(values.seed),
});
const bytes = await writeScenarioFile(values.out, cluster);
process.stdout.write(
  `${values.out}: ${cluster.itemCount} objects ${JSON.stringify(cluster.counts)}, ${(bytes / 1048576).toFixed(1)} MiB in ${Date.now() - started} ms\n`,
);
