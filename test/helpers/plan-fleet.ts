/**
 * TEST ONLY: a maintenance plan on the simulator with a real Redis: a generated
 * cluster served with kured's DaemonSet, a plan created and approved by two approvers, a reboot
 * robot that reboots each node once its request waits for the reboot, and a sampler of how many
 * nodes are down at once (and which). Used by the plan tests and the chat wiring tests.
 */
import { afterAll, afterEach, beforeAll, expect } from '@jest/globals';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import type { GenerateClusterOptions } from '../../scripts/cluster-generator/index.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import { isCordoned, isNodeReady } from '../../src/analysis/cluster-index.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import type { KNode } from '../../src/cluster/types.js';
import { createMaintenancePlan } from '../../src/maintenance/plan/create-plan.js';
import { MaintenancePlanStore } from '../../src/maintenance/plan/plan-store.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import type { PlanRunDeps } from '../../src/maintenance/plan/run-plan.js';
import { MaintenanceStore } from '../../src/maintenance/request-store.js';
import type { Actor, ClusterMaintenancePolicy } from '../../src/maintenance/types.js';
import { shiftTimestamps } from '../../src/simulator/shift-timestamps.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { RecordingNotifier, testPolicy } from './maintenance-test-store.js';
import { useSharedRedis } from './shared-redis.js';
import type { TestRedis } from './shared-redis.js';
import { kubeConfigOf, startScenarioSimulator } from './simulator.js';

/** The requester and the two approvers of the plan tests. */
export const alice: Actor = { platform: 'console', tenant: 'local', id: 'alice' };
export const bob: Actor = { platform: 'console', tenant: 'local', id: 'bob' };
export const carol: Actor = { platform: 'console', tenant: 'local', id: 'carol' };

/** kured's DaemonSet as kured's manifest installs it (kube-system/kured), with an optional lock. */
export function kuredDaemonSet(lock?: string): SnapshotFile['items'][number] {
  return {
    apiVersion: 'apps/v1',
    kind: 'DaemonSet',
    metadata: {
      name: 'kured',
      namespace: 'kube-system',
      uid: 'uid-kured',
      labels: { 'app.kubernetes.io/name': 'kured' },
      annotations: lock === undefined ? {} : { 'weave.works/kured-node-lock': lock },
    },
    spec: {
      selector: { matchLabels: { name: 'kured' } },
      template: {
        metadata: { labels: { name: 'kured' } },
        spec: { containers: [{ name: 'kured', image: 'ghcr.io/kubereboot/kured:1.16.0' }] },
      },
    },
    status: { desiredNumberScheduled: 0, numberReady: 0 },
  } as unknown as SnapshotFile['items'][number];
}

/** The names of a snapshot file's nodes, in its order. */
export function nodeNamesOf(file: SnapshotFile): string[] {
  return file.items.filter((i) => i.kind === 'Node').map((i) => (i as KNode).metadata.name);
}

/**
 * A snapshot file as if captured now: a copy whose items' timestamps (Lease `renewTime`, condition
 * heartbeats, …) are shifted by (now - `captured_at`), as the simulator shifts what it serves, and
 * whose `capturedAt` is now. A fixture generated once and read minutes later (a busy machine) keeps
 * the ages it was generated with instead of ageing into stale Leases and unsafe nodes.
 * @param file - the loaded file (not changed)
 * @param now - the capture time to give it, in ms since the epoch (default: now)
 * @returns the shifted copy
 */
export function capturedNow(file: SnapshotFile, now = Date.now()): SnapshotFile {
  const items = structuredClone(file.items);
  shiftTimestamps(items, now - (file.capturedAt?.getTime() ?? now));
  return { ...file, items, capturedAt: new Date(now) };
}

/** A plan on the simulator, with its robot and sampler. */
export interface Fleet {
  s: RunningSimulator;
  plans: MaintenancePlanStore;
  requests: MaintenanceStore;
  plan: MaintenancePlan;
  deps: PlanRunDeps;
  policy: ClusterMaintenancePolicy;
  /** Most nodes seen not Ready at once. */
  maxDown: number;
  /** Every set of nodes seen not Ready at once (sorted names joined by ','), as sampled. */
  downSets: Set<string>;
  /** Most nodes of one zone seen unavailable (NotReady or cordoned) at once, per zone. */
  maxUnavailableByZone: Map<string, number>;
  /**
   * Every PodDisruptionBudget seen below its desired healthy pods (`currentHealthy <
   * desiredHealthy` in the simulator's counts), as `namespace/name: current/desired`; empty when
   * every budget was respected all along.
   */
  pdbBelowDesired: Set<string>;
  /** Most etcd voting members (the control-plane nodes' members) seen on nodes down at once. */
  maxVotersDown: number;
  /** The reboots done, by request id. */
  reboots: Map<string, number>;
  stop: () => void;
}

/** Options of {@link startFleet}. */
export interface FleetOptions {
  redis: Redis;
  file: SnapshotFile;
  cluster: string;
  /** Simulators started are pushed here (the caller closes them). */
  sims: RunningSimulator[];
  keyPrefix: string;
  policy?: Partial<ClusterMaintenancePolicy>;
  /** The plan policy's `fleet` (default: batch 1, settle 300 ms, settle timeout 10 s). */
  fleet?: NonNullable<ClusterMaintenancePolicy['fleet']>;
  kuredLock?: string;
  /** A node the robot never reboots (its request times out). */
  failNode?: string;
  only?: string[];
  deps?: Partial<PlanRunDeps>;
  /** Called when a node's request waits for its reboot, before the robot reboots it. */
  onAwaitingReboot?: (node: string) => Promise<void>;
  /** Approve the plan (bob, then carol when two are needed). @defaultValue true */
  approve?: boolean;
  /** Extra objects served with the cluster. */
  extraItems?: SnapshotFile['items'];
}

/**
 * Start the simulator, create the plan (alice asks), approve it (bob, carol), start the robot.
 * @returns the fleet; call `stop()` when done (the simulators are closed by the caller)
 */
export async function startFleet(o: FleetOptions): Promise<Fleet> {
  const { redis, file, cluster } = o;
  const s = await startScenarioSimulator(
    { ...file, items: [...file.items, kuredDaemonSet(o.kuredLock), ...(o.extraItems ?? [])] },
    { heartbeats: { intervalMs: 500 } },
  );
  o.sims.push(s);
  const policy = testPolicy(cluster, {
    lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 6 },
    ...o.policy,
  });
  const plans = new MaintenancePlanStore(redis, { keyPrefix: o.keyPrefix });
  const requests = new MaintenanceStore(redis, { keyPrefix: o.keyPrefix });
  const all = nodeNamesOf(file);
  const names = o.only ?? all;
  const pdbNames = file.items
    .filter((i) => i.kind === 'PodDisruptionBudget')
    .map((i) => i.metadata as { namespace?: string; name: string });
  // The etcd voting members (the file's member list; learners have no vote), named as their nodes.
  const voters = new Set((file.etcd?.members ?? []).filter((m) => !m.isLearner).map((m) => m.name));
  const snapshot = snapshotFromFile(capturedNow(file), cluster, null, () => new Date(), names);
  const created = await createMaintenancePlan({
    plans,
    policy: { ...policy, fleet: o.fleet ?? { workerBatchSize: 1, settleMs: 300, settleTimeoutMs: 120_000 } },
    read: async () => snapshot,
    nodes: names,
    reason: 'kernel patch',
    requestedBy: alice,
    locale: 'en',
    replyTo: { platform: 'console', address: {} },
  });
  if (!created.ok) throw new Error(`plan not created: ${created.refusal}`);
  const hasControlPlane = created.plan.nodes.some((n) => n.role === 'control-plane');
  if (o.approve !== false) {
    const first = await plans.decide(created.plan.id, bob, 'approve', () => policy);
    // control-plane nodes in the plan raise it to the control-plane count (2); workers alone need 1
    expect(first).toMatchObject({ ok: true, outcome: hasControlPlane ? 'approval-counted' : 'approved' });
    if (hasControlPlane) {
      expect(await plans.decide(created.plan.id, bob, 'approve', () => policy)).toMatchObject({
        ok: false,
        refusal: 'already-approved',
      });
      expect(await plans.decide(created.plan.id, alice, 'approve', () => policy)).toMatchObject({
        ok: false,
        refusal: 'self-approval',
      });
      expect(await plans.decide(created.plan.id, carol, 'approve', () => policy)).toMatchObject({
        ok: true,
        outcome: 'approved',
      });
    }
  }
  const reboots = new Map<string, number>();
  const f: Fleet = {
    s,
    plans,
    requests,
    plan: created.plan,
    deps: undefined as unknown as PlanRunDeps,
    policy,
    maxDown: 0,
    downSets: new Set(),
    maxUnavailableByZone: new Map(),
    pdbBelowDesired: new Set(),
    maxVotersDown: 0,
    reboots,
    stop: () => undefined,
  };
  let running = true;
  f.stop = () => {
    running = false;
  };
  // The reboot robot: reboots a node once its request waits for the reboot (unless it must fail).
  const robot = (async () => {
    while (running) {
      const p = await plans.get(created.plan.id);
      for (const n of p?.nodes ?? []) {
        if (n.requestId === undefined || n.node === o.failNode) continue;
        const r = await requests.get(n.requestId);
        if (r?.state === 'awaiting-reboot' && !reboots.has(n.requestId)) {
          reboots.set(n.requestId, 1);
          await o.onAwaitingReboot?.(n.node);
          void s.rebootNode(n.node, { downMs: 300 }); // resolves when back up: not awaited, so the sampler sees it down
        }
      }
      const nodes = all.map((name) => s.getObject('nodes', null, name) as KNode);
      const down = nodes.filter((k) => !isNodeReady(k)).map((k) => k.metadata.name);
      f.maxDown = Math.max(f.maxDown, down.length);
      if (down.length > 0) f.downSets.add([...down].sort().join(','));
      const byZone = new Map<string, number>();
      for (const k of nodes)
        if (!isNodeReady(k) || isCordoned(k)) {
          const z = k.metadata.labels?.['topology.kubernetes.io/zone'] ?? '';
          byZone.set(z, (byZone.get(z) ?? 0) + 1);
        }
      for (const [z, c] of byZone)
        f.maxUnavailableByZone.set(z, Math.max(f.maxUnavailableByZone.get(z) ?? 0, c));
      f.maxVotersDown = Math.max(f.maxVotersDown, down.filter((n) => voters.has(n)).length);
      for (const m of pdbNames) {
        const b = s.getObject('poddisruptionbudgets', m.namespace ?? null, m.name) as
          { status?: { currentHealthy?: number; desiredHealthy?: number } } | undefined;
        const cur = b?.status?.currentHealthy;
        const want = b?.status?.desiredHealthy;
        if (cur !== undefined && want !== undefined && cur < want)
          f.pdbBelowDesired.add(`${m.namespace ?? ''}/${m.name}: ${cur}/${want}`);
      }
      await delay(30); // the next sample
    }
  })().catch((err: unknown) => {
    if (running) throw err; // a read that failed because the test ended (its Redis closed) is no failure
  });
  robots.add({ stop: f.stop, done: robot });
  f.deps = {
    plans,
    requests,
    redis,
    maintenance: {
      notifier: new RecordingNotifier(),
      kubeConfig: kubeConfigOf(s),
      policy: { ...policy, reboot: { timeoutMs: o.failNode ? 2_000 : 20_000 } },
      redis,
      holderIdentity: 'test-worker',
      keyPrefix: o.keyPrefix,
      // A fresh read of the file's cluster (as of now) is what the worker does; the verdict decides.
      analyze: async (node) => {
        const now = Date.now();
        const r = analyzeRebootImpact(
          snapshotFromFile(capturedNow(file, now), cluster, node),
          node,
          new Date(now),
        );
        return { verdict: r.verdict, summary: r.verdict, findings: [] };
      },
      logger: silentLogger,
      pollMs: 100,
    },
    pollMs: 50,
    settleTimeoutMs: 10_000,
    logger: silentLogger,
    ...o.deps,
  };
  return f;
}

/** A generated cluster and the shared Redis for a file of plan tests (see {@link useGeneratedFleet}). */
export interface GeneratedFleet {
  /** A connection to the shared test Redis (`maxRetriesPerRequest: null`). */
  readonly redis: Redis;
  /** The shared test Redis's URL. */
  readonly redisUrl: string;
  /**
   * The generated cluster, as loaded from its file and stamped at each read: its timestamps as if
   * captured at the moment it is read ({@link capturedNow}), so a test reached long after the
   * `beforeAll` (a busy machine) judges the same live cluster, not one whose Leases went stale.
   */
  readonly file: SnapshotFile;
  /** The temporary directory the cluster file is in (removed after all tests). */
  readonly dir: string;
  /** The simulators started by the tests; closed after each test. */
  readonly sims: RunningSimulator[];
  /**
   * {@link startFleet} on this cluster, its simulator closed after the test.
   * @param o - the fleet's options but the Redis, the file, the cluster and the simulators
   */
  fleet(o: Omit<FleetOptions, 'redis' | 'file' | 'cluster' | 'sims'>): Promise<Fleet>;
}

/** The reboot robots of the fleets started and not yet stopped by {@link stopRobots}. */
const robots = new Set<{ stop: () => void; done: Promise<void> }>();

/** Stop every fleet's reboot robot and wait until each has left its loop (before Redis closes). */
async function stopRobots(): Promise<void> {
  const running = [...robots];
  robots.clear();
  for (const r of running) r.stop();
  await Promise.all(running.map((r) => r.done));
}

/**
 * Register the Jest hooks of a file of plan tests: before all, connect to the shared Redis and
 * generate the cluster into a temporary directory (`capturedAt` now); after each test, close its
 * reboot robots and its simulators; after all, disconnect and remove the directory. The cluster
 * is read stamped at use ({@link GeneratedFleet.file}), never judged against a clock that moved on.
 * @param o - `cluster`: the cluster's name in plans and policies; `tmpPrefix`: the directory's
 *   name prefix; `generate`: the generator's options but `capturedAt`
 */
export function useGeneratedFleet(o: {
  cluster: string;
  tmpPrefix: string;
  generate: Omit<GenerateClusterOptions, 'capturedAt'>;
}): GeneratedFleet {
  let redisServer: TestRedis | undefined;
  let redis: Redis | undefined;
  let dir: string | undefined;
  let file: SnapshotFile | undefined;
  const sims: RunningSimulator[] = [];
  const ready = <T>(v: T | undefined, what: string): T => {
    if (v === undefined) throw new Error(`generated fleet: no ${what} before beforeAll`);
    return v;
  };

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    dir = await mkdtemp(join(tmpdir(), o.tmpPrefix));
    const path = join(dir, 'gen.json');
    await writeScenarioFile(path, generateCluster({ ...o.generate, capturedAt: new Date() }));
    file = await loadSnapshotFile(path);
  });
  afterAll(async () => {
    redis?.disconnect();
    await redisServer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });
  afterEach(async () => {
    await stopRobots();
    await Promise.all(sims.map((s) => s.close()));
    sims.length = 0;
  });

  const generated: GeneratedFleet = {
    get redis() {
      return ready(redis, 'Redis');
    },
    get redisUrl() {
      return ready(redisServer, 'Redis').url;
    },
    get file() {
      return capturedNow(ready(file, 'cluster file'));
    },
    get dir() {
      return ready(dir, 'directory');
    },
    sims,
    fleet: (f) =>
      startFleet({ redis: generated.redis, file: generated.file, cluster: o.cluster, sims, ...f }),
  };
  return generated;
}
