/**
 * Generating large, realistic clusters for the benchmark and the tests (not part of the product:
 * compiled by tsconfig.scripts.json, never into dist/): a kubeadm-shaped control plane (static pods with the kubeadm labels and annotations, leader-election and
 * apiserver identity Leases, node Leases), DaemonSets with one pod per node, Deployments with
 * ReplicaSets and pods, StatefulSets, PDBs (some allowing no disruption), coredns, the
 * `default/kubernetes` EndpointSlice, an etcd block with uint64 member ids and a `/readyz` text.
 *
 * Objects are produced lazily ({@link GeneratedCluster.items}) and written one per line by
 * {@link writeScenarioFile}, so 150,000 pods never exist as one array or one giant string.
 * Everything derives from `seed`: the same options give the same file.
 *
 * One file per object kind (nodes, leases, workloads, budgets, endpoint-slices, pods, etcd), over
 * one shared random stream (context.ts): they run in the order the objects are written.
 */
import type { KObject } from '../../src/cluster/snapshot-file.js';
import { planApps } from './apps.js';
import { type Plan, genContext } from './context.js';
import { kubernetesEndpointSlice } from './endpoint-slices.js';
import { type GeneratedEtcd, READYZ_TEXT, etcdBlock } from './etcd.js';
import { leases } from './leases.js';
import { nodes } from './nodes.js';
import { pods } from './pods.js';
import { appWorkloads, coredns, daemonSets } from './workloads.js';

export { writeScenarioFile } from './scenario-file.js';

/** Options of {@link generateCluster}. */
export interface GenerateClusterOptions {
  /** Total nodes, control-plane nodes included. */
  nodes: number;
  /**
   * Total pods. System pods come first (4 static pods per control-plane node, 2 DaemonSet pods
   * per node, 2 coredns); the rest are application pods. When `pods` is smaller than the system
   * pods, only system pods are generated.
   */
  pods: number;
  /** Control-plane nodes (stacked etcd, one member each). @defaultValue 3 */
  controlPlaneNodes?: number;
  /** PRNG seed. @defaultValue 1 */
  seed?: number;
  /** `captured_at`. @defaultValue 2025-06-12T09:41:07Z */
  capturedAt?: Date;
  /** Name prefix of nodes. @defaultValue `gen` */
  prefix?: string;
}

/** A generated cluster: scenario fields plus a lazy item sequence. */
export interface GeneratedCluster {
  scenario: string;
  source: string;
  request: string;
  captured_at: string;
  notes: string;
  /** Raw `etcdctl -w json` shaped block; ids are bigint (> 2^53). */
  etcd: GeneratedEtcd;
  readyz: string;
  /** Number of objects {@link GeneratedCluster.items} yields. */
  itemCount: number;
  /** Counts by kind. */
  counts: Record<string, number>;
  /** The List items, generated on each call (deterministic). */
  items(): Generator<KObject>;
}

/**
 * Describe a generated cluster (cheap: objects are produced by `items()`).
 * @param options - see {@link GenerateClusterOptions}
 * @returns the cluster; pass it to {@link writeScenarioFile}, or iterate `items()`
 */
export function generateCluster(options: GenerateClusterOptions): GeneratedCluster {
  const cpCount = Math.max(0, Math.min(options.controlPlaneNodes ?? 3, options.nodes));
  const seed = options.seed ?? 1;
  const captured = options.capturedAt ?? new Date('2025-06-12T09:41:07Z');
  const prefix = options.prefix ?? 'gen';
  const workerCount = options.nodes - cpCount;
  const width = Math.max(3, String(workerCount).length);
  const cpNames = Array.from({ length: cpCount }, (_, i) => `${prefix}-cp-${i + 1}`);
  const workerNames = Array.from(
    { length: workerCount },
    (_, i) => `${prefix}-wk-${String(i + 1).padStart(width, '0')}`,
  );
  const nodeIps = [...cpNames, ...workerNames].map(
    (_, i) => `10.${20 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) + 1}`,
  );
  const systemPods = cpCount * 4 + options.nodes * 2 + 2;
  const plan: Plan = { cpNames, workerNames, nodeIps, appPods: Math.max(0, options.pods - systemPods) };
  const etcd = etcdBlock(cpNames, nodeIps, seed);

  const counts: Record<string, number> = {};
  let itemCount = 0;
  // Count by a dry run of the structure (cheap arithmetic mirrors items()).
  const apps = planApps(plan.appPods, seed);
  const add = (kind: string, n: number): void => {
    counts[kind] = (counts[kind] ?? 0) + n;
    itemCount += n;
  };
  add('Node', options.nodes);
  add('Lease', options.nodes + (cpCount > 0 ? 2 : 0) + cpCount);
  add('DaemonSet', 2);
  add('Deployment', 1 + apps.filter((a) => a.kind === 'Deployment').length);
  add('ReplicaSet', 1 + apps.filter((a) => a.kind === 'Deployment').length);
  add('StatefulSet', apps.filter((a) => a.kind === 'StatefulSet').length);
  add('PodDisruptionBudget', apps.filter((a) => a.pdb !== null).length);
  add('EndpointSlice', 1);
  add('Pod', systemPods + plan.appPods);

  return {
    scenario: `Generated cluster: ${options.nodes} nodes (${cpCount} control-plane, stacked etcd), ${systemPods + plan.appPods} pods, seed ${seed}.`,
    source: 'k8s-ha-bot generate-cluster (synthetic, kubeadm v1.33 shapes)',
    request: `/k8s can I reboot ${workerNames[0] ?? cpNames[0] ?? 'node'}`,
    captured_at: captured.toISOString().replace('.000Z', 'Z'),
    notes: 'Synthetic load-test cluster; no expected answer is asserted.',
    etcd,
    readyz: READYZ_TEXT,
    itemCount,
    counts,
    items: () => produce(plan, apps, seed, captured, cpCount),
  };
}

/** Every object, in the order of the file: nodes, leases, workloads, budgets, the EndpointSlice, pods. */
function* produce(
  plan: Plan,
  apps: ReturnType<typeof planApps>,
  seed: number,
  captured: Date,
  cpCount: number,
): Generator<KObject> {
  const ctx = genContext(plan, apps, seed, captured, cpCount);
  const nodeUid = yield* nodes(ctx);
  yield* leases(ctx, nodeUid);
  const dsUids = yield* daemonSets(ctx);
  const dns = yield* coredns(ctx);
  yield kubernetesEndpointSlice(ctx);
  const appIds = yield* appWorkloads(ctx);
  yield* pods(ctx, { nodeUid, daemonSets: dsUids, coredns: dns, apps: appIds });
}
