/**
 * Warm answers for the benchmark, in a fresh process: fill a {@link ClusterWatchCache}
 * by list + watch, then answer 50 reboot-impact questions on random nodes from it (snapshot from
 * the cache, analysis, explanation). Prints one JSON line:
 * `{ syncMs, p50Ms, p99Ms, questions, rssMB, maxRssMB, allFromCache }` (times in ms; `rssMB`: this
 * process's resident set once the cache is filled, after a GC when `--expose-gc`; `maxRssMB`: peak).
 *
 *   node --expose-gc dist-scripts/scripts/bench-warm.js KUBECONFIG_FILE [QUESTIONS]
 */
import { KubeConfig } from '@kubernetes/client-node';
import { analyzeRebootImpact } from '../src/analysis/reboot-impact.js';
import { ClusterWatchCache } from '../src/cluster/watch-cache.js';
import { explainRebootImpact } from '../src/explain/explain-reboot-impact.js';
import { renderText } from '../src/explain/render-text.js';

const [kubeconfigPath, count] = process.argv.slice(2);
if (!kubeconfigPath) {
  process.stderr.write('usage: bench-warm KUBECONFIG_FILE [QUESTIONS]\n');
  process.exit(2);
}
const questions = Number(count ?? 50);
const kubeConfig = new KubeConfig();
kubeConfig.loadFromFile(kubeconfigPath);
const cache = new ClusterWatchCache({ kubeConfig, cluster: 'bench', requestTimeoutMs: 120_000 });
const t0 = performance.now();
await cache.start();
while (!cache.inSync) {
  if (performance.now() - t0 > 600_000) throw new Error('the cache did not get in sync within 600 s');
  await new Promise((r) => setTimeout(r, 20));
}
const syncMs = performance.now() - t0;
(globalThis as { gc?: () => void }).gc?.();
const rssMB = Math.round(process.memoryUsage().rss / 1024 / 1024);
const first = await cache.snapshot(null, null);
const nodes = (first?.snapshot.nodes ?? []).map((n) => n.metadata.name);
let seed = 1;
const random = (): number => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const times: number[] = [];
let allFromCache = true;
for (let i = 0; i < questions; i++) {
  const node = nodes[Math.floor(random() * nodes.length)] ?? '';
  const t = performance.now();
  const hit = await cache.snapshot(node, null);
  if (!hit) {
    allFromCache = false;
    continue;
  }
  const impact = analyzeRebootImpact(hit.snapshot, node, new Date());
  renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'bench', requestId: `warm-${i}` }));
  times.push(performance.now() - t);
}
cache.close();
const sorted = [...times].sort((a, b) => a - b);
const q = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
process.stdout.write(
  `${JSON.stringify({ syncMs: Math.round(syncMs), p50Ms: Math.round(q(0.5)), p99Ms: Math.round(q(0.99)), questions: times.length, rssMB, maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024), allFromCache })}\n`,
);
process.exit(0);
