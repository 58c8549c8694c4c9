/**
 * One cold reboot-impact answer in a fresh process, for the benchmark: read the cluster through
 * @kubernetes/client-node, analyse, explain. Prints one JSON line:
 * `{ ms, readMs, readCpuMs, apiRequests, pages, bytes, maxRssMB, verdict }` (ms = wall time of
 * read + analysis + explanation; readMs = wall time of the read alone, what the floor is compared
 * with; readCpuMs = this process's CPU time during the read; maxRssMB = this process's peak
 * resident set, in MB). Timed from a settled start, as the floor is (bench-settle.ts).
 *
 *   node --expose-gc dist-scripts/scripts/bench-answer.js KUBECONFIG_FILE NODE
 */
import { KubeConfig } from '@kubernetes/client-node';
import { analyzeRebootImpact } from '../src/analysis/reboot-impact.js';
import { readSnapshotWithStats } from '../src/cluster/read-snapshot.js';
import { explainRebootImpact } from '../src/explain/explain-reboot-impact.js';
import { renderText } from '../src/explain/render-text.js';
import { settle } from './bench-settle.js';

const [kubeconfigPath, node] = process.argv.slice(2);
if (!kubeconfigPath || !node) {
  process.stderr.write('usage: bench-answer KUBECONFIG_FILE NODE\n');
  process.exit(2);
}
const kubeConfig = new KubeConfig();
kubeConfig.loadFromFile(kubeconfigPath);
await settle();
const cpu = process.cpuUsage();
const started = performance.now();
const { snapshot, stats } = await readSnapshotWithStats({
  kubeConfig,
  cluster: 'bench',
  focusNode: node,
  deadlineMs: 600_000,
});
const readMs = performance.now() - started;
const readCpu = process.cpuUsage(cpu);
const impact = analyzeRebootImpact(snapshot, node, new Date());
const text = renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'bench', requestId: 'bench' }));
const ms = performance.now() - started;
process.stdout.write(
  `${JSON.stringify({
    ms: Math.round(ms),
    readMs: Math.round(readMs),
    readCpuMs: Math.round((readCpu.user + readCpu.system) / 1000),
    apiRequests: stats.apiRequests,
    pages: stats.pages,
    bytes: stats.bytes,
    maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
    verdict: impact.verdict,
    textChars: text.length,
    readErrors: snapshot.readErrors.length,
  })}\n`,
);
