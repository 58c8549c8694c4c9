/**
 * The set-up the maintenance executor's tests share: runMaintenance on an approved request, with a
 * real Redis (the shared test server), the test state store and a recording notifier, against
 * simulators started per test and closed after it. Call {@link useExecutorHarness} once at the top
 * of a test file: it registers the Jest hooks that open and close everything.
 */
import { afterAll, afterEach, beforeAll } from '@jest/globals';
import type { KubeConfig } from '@kubernetes/client-node';
import { Redis } from 'ioredis';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { runMaintenance } from '../../src/maintenance/execute/run-maintenance.js';
import type { MaintenanceDeps } from '../../src/maintenance/execute/run-maintenance.js';
import type {
  ClusterMaintenancePolicy,
  MaintenanceEvent,
  MaintenanceRequest,
  MaintenanceState,
} from '../../src/maintenance/types.js';
import type { RunningSimulator, SimulatorOptions } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import { eventually, WAIT_CEILING_MS } from './eventually.js';
import { approvedRequest, RecordingNotifier, RedisTestStore, testPolicy } from './maintenance-test-store.js';
import { useSharedRedis } from './shared-redis.js';
import type { TestRedis } from './shared-redis.js';
import { kubeConfigOf, startScenarioSimulator } from './simulator.js';

/** One started maintenance: the request as stored, its notifier, its dependencies, its end. */
export interface ExecutorRun {
  request: MaintenanceRequest;
  notifier: RecordingNotifier;
  deps: MaintenanceDeps;
  /** runMaintenance's promise: the request as it ended. */
  done: Promise<MaintenanceRequest>;
}

/** What {@link ExecutorHarness.start} runs. */
export interface ExecutorStartOptions {
  cluster: string;
  node: string;
  /** @defaultValue `worker` */
  nodeRole?: 'control-plane' | 'worker';
  force?: boolean;
  /** Changes to {@link testPolicy}'s policy of `cluster`. */
  policy?: Partial<ClusterMaintenancePolicy>;
  /** What the preflight analysis says. @defaultValue `safe` */
  verdict?: 'safe' | 'unsafe';
  /** Where the executor reaches the cluster (e.g. a proxy in front of the simulator). @defaultValue the simulator */
  kubeConfig?: KubeConfig;
  /** The re-run analysis instead of one answering `verdict` with no findings (and no forecast). */
  analyze?: MaintenanceDeps['analyze'];
  /** The executor's clock. @defaultValue real time */
  now?: () => Date;
  /** The approval snapshot capture (`report mismatch`). @defaultValue none */
  captureSnapshot?: () => Promise<string>;
  /** Healthy etcd voters seen (the executor asks while the node is away); absent: not observed. */
  etcdVotersSeen?: MaintenanceDeps['etcdVotersSeen'];
}

/** The executor test set-up; `redis` and `store` are there from `beforeAll` on. */
export interface ExecutorHarness {
  /** A connection to the shared test Redis (`maxRetriesPerRequest: null`). */
  readonly redis: Redis;
  /** The test state store on {@link ExecutorHarness.redis}. */
  readonly store: RedisTestStore;
  /**
   * Start a simulator serving a snapshot (a file or a scenario name); it is closed after the test.
   * @param file - the snapshot, or a file name under test/fixtures/scenarios
   */
  sim(file: SnapshotFile | string, options?: Omit<SimulatorOptions, 'file'>): Promise<RunningSimulator>;
  /** Close this after the test, before the simulators (e.g. a proxy in front of one). */
  closeAfterTest(closable: { close(): Promise<void> }): void;
  /**
   * Store an approved request and start runMaintenance on it (`holderIdentity` `test-worker`,
   * 100 ms polls, silent logs, an analysis that answers `verdict` with no findings).
   * @param s - the simulator that is the cluster
   * @param o - see {@link ExecutorStartOptions}
   */
  start(s: RunningSimulator, o: ExecutorStartOptions): Promise<ExecutorRun>;
  /**
   * Wait until the request is in one of `states`.
   * @param timeoutMs - @defaultValue {@link WAIT_CEILING_MS}
   * @returns the request in that state
   * @throws when it is not there in time (the message names the state it is still in)
   */
  waitForState(id: string, states: MaintenanceState[], timeoutMs?: number): Promise<MaintenanceRequest>;
}

/**
 * Register the executor set-up's Jest hooks (Redis connection before all, closing simulators and
 * extras after each test, disconnecting after all) and return its handle.
 */
export function useExecutorHarness(): ExecutorHarness {
  let redisServer: TestRedis;
  let redis: Redis | undefined;
  let store: RedisTestStore | undefined;
  let sims: RunningSimulator[] = [];
  let extras: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    store = new RedisTestStore(redis);
  });
  afterAll(async () => {
    redis?.disconnect();
    await redisServer.stop();
  });
  afterEach(async () => {
    await Promise.all(extras.map((p) => p.close()));
    await Promise.all(sims.map((s) => s.close()));
    sims = [];
    extras = [];
  });

  const harness: ExecutorHarness = {
    get redis(): Redis {
      if (!redis) throw new Error('executor harness: no Redis before beforeAll');
      return redis;
    },
    get store(): RedisTestStore {
      if (!store) throw new Error('executor harness: no store before beforeAll');
      return store;
    },
    async sim(file, options) {
      const s = await startScenarioSimulator(file, options);
      sims.push(s);
      return s;
    },
    closeAfterTest(closable) {
      extras.push(closable);
    },
    async start(s, o) {
      const request = approvedRequest(o);
      await harness.store.put(request);
      const notifier = new RecordingNotifier();
      const deps: MaintenanceDeps = {
        store: harness.store,
        notifier,
        kubeConfig: o.kubeConfig ?? kubeConfigOf(s),
        policy: testPolicy(o.cluster, o.policy),
        redis: harness.redis,
        holderIdentity: 'test-worker',
        analyze:
          o.analyze ??
          (async () => ({
            verdict: o.verdict ?? 'safe',
            summary: o.verdict === 'unsafe' ? 'etcd would lose quorum' : 'safe',
            findings: [],
          })),
        ...(o.now ? { now: o.now } : {}),
        ...(o.captureSnapshot ? { captureSnapshot: o.captureSnapshot } : {}),
        ...(o.etcdVotersSeen ? { etcdVotersSeen: o.etcdVotersSeen } : {}),
        logger: silentLogger,
        pollMs: 100,
      };
      return { request, notifier, deps, done: runMaintenance(request.id, deps) };
    },
    waitForState(id, states, timeoutMs = WAIT_CEILING_MS) {
      let r: MaintenanceRequest | null = null;
      return eventually(
        () => `request ${id} in ${states.join('/')} (still in ${r?.state})`,
        async () => {
          r = await harness.store.get(id);
          return r && states.includes(r.state) ? r : undefined;
        },
        timeoutMs,
      );
    },
  };
  return harness;
}

/** The types of the events a run sent, in order. */
export const eventTypes = (run: ExecutorRun): string[] => run.notifier.events.map((e) => e.event.type);

/** The first event of a type a run sent, or undefined. */
export const eventOf = <T extends MaintenanceEvent['type']>(
  run: ExecutorRun,
  type: T,
): Extract<MaintenanceEvent, { type: T }> | undefined =>
  run.notifier.events.find((e) => e.event.type === type)?.event as
    Extract<MaintenanceEvent, { type: T }> | undefined;

/** The holderIdentity of the maintenance Lease (`k8s-ha-bot/k8s-ha-bot-maintenance`) in a simulator. */
export const leaseHolder = (s: RunningSimulator): string | undefined =>
  (
    s.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as
      { spec?: { holderIdentity?: string } } | undefined
  )?.spec?.holderIdentity;
