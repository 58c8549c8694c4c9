/**
 * The cold-read floor for the benchmark, in a fresh process: the same pages the snapshot
 * reader (src/cluster/read-snapshot.ts) fetches (every list paginated at 500, in parallel per
 * resource, plus `/readyz?verbose` and the kube-proxy ConfigMap), over plain node:http with a
 * keep-alive agent of as many sockets as the reader's, each `JSON.parse`d and nothing else.
 * Prints `{ ms, pages, requests, bytes }` (ms: wall time of all the reads); the benchmark checks
 * that the reader made the same number of requests and read the same number of pages.
 *
 * Timed from a settled start, as the cold read is (bench-settle.ts); `cpuMs` is this process's
 * CPU time (user + system) within the timed window.
 *
 *   node --expose-gc dist-scripts/scripts/bench-floor.js BASE_URL
 */
import http from 'node:http';
import { settle } from './bench-settle.js';

const base = process.argv[2];
if (!base) {
  process.stderr.write('usage: bench-floor BASE_URL\n');
  process.exit(2);
}
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
/** CPU time (user + system) since `start`, in ms. */
function cpuMsSince(start: NodeJS.CpuUsage): number {
  const d = process.cpuUsage(start);
  return Math.round((d.user + d.system) / 1000);
}
let pages = 0;
let requests = 0;
let bytes = 0;
function get(path: string): Promise<string> {
  requests++;
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { agent, headers: { Accept: 'application/json' } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const buf = Buffer.concat(chunks);
          bytes += buf.length;
          resolve(buf.toString('latin1'));
        });
      })
      .on('error', reject);
  });
}
async function list(path: string, query = ''): Promise<void> {
  let cont = '';
  do {
    const page = JSON.parse(
      await get(`${path}?limit=500${query}${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`),
    ) as { metadata?: { continue?: string } };
    pages++;
    cont = page.metadata?.continue ?? '';
  } while (cont);
}
await settle();
const cpu = process.cpuUsage();
const t = performance.now();
await Promise.all([
  list('/api/v1/nodes'),
  list('/api/v1/pods'),
  get('/readyz?verbose'),
  get('/api/v1/namespaces/kube-system/configmaps/kube-proxy'),
  list('/apis/coordination.k8s.io/v1/namespaces/kube-system/leases'),
  list('/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases'),
  list('/apis/policy/v1/poddisruptionbudgets'),
  list('/apis/apps/v1/deployments'),
  list('/apis/apps/v1/replicasets'),
  list('/apis/apps/v1/statefulsets'),
  list('/apis/apps/v1/daemonsets'),
  list('/apis/discovery.k8s.io/v1/endpointslices'),
  list('/api/v1/persistentvolumeclaims'),
  list('/api/v1/persistentvolumes'),
  list('/api/v1/services'),
  list('/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations'),
  list('/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations'),
  list('/apis/apiregistration.k8s.io/v1/apiservices'),
  list('/api/v1/namespaces'),
  // the optional reads of the storage and network controller checks (issue 29)
  list('/apis/storage.k8s.io/v1/csidrivers'),
  list('/apis/storage.k8s.io/v1/volumeattachments'),
  list('/apis/metallb.io/v1beta1/servicel2statuses'),
]);
process.stdout.write(
  `${JSON.stringify({ ms: Math.round(performance.now() - t), cpuMs: cpuMsSince(cpu), pages, requests, bytes })}\n`,
);
agent.destroy();
