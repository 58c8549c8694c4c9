/**
 * "Live components" for the simulator: what a running cluster's components keep writing, so that a
 * snapshot served for minutes does not age into a dead cluster. Every `intervalMs` the objects that
 * were alive when the simulator loaded and are due are renewed, at their owners' own cadences
 * (leader Leases every tick; node Leases every {@link NODE_LEASE_RENEW_S} s and node status every
 * {@link NODE_STATUS_REPORT_S} s, as the kubelet does, so that 5,000 nodes write about 500 times a
 * second rather than 5,000):
 * - leader-election Leases in `kube-system` (kube-scheduler, kube-controller-manager, …): renewed
 *   when their `renewTime` was within `leaseDurationSeconds` at load (default 15 s, [001]);
 * - apiserver identity Leases (`apiserver-*` or label `apiserver.kubernetes.io/identity`): renewed
 *   when within min(`leaseDurationSeconds`, {@link APISERVER_IDENTITY_STALE_S}) at load;
 * - node Leases in `kube-node-lease`: renewed when within the node-monitor grace period of the
 *   served version at load ({@link nodeMonitorGracePeriodS}: 50 s from v1.32, 40 s before);
 * - nodes whose `Ready` condition was `True` at load (and whose node Lease, if any, was alive): every
 *   condition gets `lastHeartbeatTime = now` while `Ready` is still `True`.
 * Everything stale or down at load stays as it was (scenarios that model failures keep failing). A
 * Lease that anyone else wrote or deleted since (a client PUT/POST/DELETE through the API, or the
 * simulator's reboot) is never renewed again, except a rebooted node's own Lease, which is taken back
 * when the node is up ({@link Heartbeats.resume}). A node being rebooted ({@link Heartbeats.pause})
 * gets neither heartbeats nor node-Lease renewals, nor renewals of apiserver identity Leases labelled
 * with its hostname. Every renewal is a real write: `metadata.resourceVersion` is bumped, so
 * optimistic-concurrency conflicts (409) stay as real as on a live cluster.
 * @see https://kubernetes.io/docs/concepts/architecture/leases/
 * @see https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats
 */
import {
  APISERVER_IDENTITY_STALE_S,
  LABEL_APISERVER_IDENTITY,
  LEADER_ELECTION_LEASE_DURATION_S,
  nodeMonitorGracePeriodS,
} from '../analysis/domain.js';
import { parseVersion } from '../analysis/what-if/versions.js';
import type { KCondition, KNode } from '../cluster/types.js';
import { BotError } from '../errors.js';
import type { ObjectStore, StoredObject } from './object-store.js';
import { readObject, writeObject } from './store-writes.js';
import type { WireObject } from './store-writes.js';
import { metaTime, microTime } from '../cluster/wire-time.js';

/**
 * Default renewal period of {@link startHeartbeats}, in ms: 2 s, the leaders' own retry period
 * (kube-scheduler and kube-controller-manager `--leader-elect-retry-period`, default 2 s; the
 * kubelet renews its node Lease every 10 s). At 5 s a simulator starved of CPU for about 11 s (a
 * test run with one core kept busy) let the 15 s leader Leases look stale.
 */
export const DEFAULT_HEARTBEAT_INTERVAL_MS = 2000;

/**
 * How often the kubelet renews its node Lease, in seconds: a quarter of `nodeLeaseDurationSeconds`
 * (default 40 s), 10 s.
 * @see https://kubernetes.io/docs/concepts/architecture/leases/#node-heartbeats
 */
export const NODE_LEASE_RENEW_S = 10;

/**
 * How often the kubelet posts an unchanged node status, in seconds: `nodeStatusReportFrequency`,
 * default 5 min. A node that comes back from a reboot posts at once.
 * @see https://kubernetes.io/docs/reference/config-api/kubelet-config.v1beta1/
 */
export const NODE_STATUS_REPORT_S = 300;

/**
 * The simulator's heartbeat periods in one sentence, the only place they are said (the `simulate`
 * banner prints it; help texts and docs point here rather than repeat the numbers).
 * @param intervalMs - the renewal period in ms ({@link HeartbeatOptions.intervalMs})
 * @returns e.g. "Leases and node heartbeats alive at load are renewed as their owners do: leader
 *   Leases every 2 s, node Leases every 10 s, node status every 5 min"
 */
export function describeHeartbeats(intervalMs = DEFAULT_HEARTBEAT_INTERVAL_MS): string {
  return (
    `Leases and node heartbeats alive at load are renewed as their owners do: leader Leases every ${intervalMs / 1000} s, ` +
    `node Leases every ${NODE_LEASE_RENEW_S} s, node status every ${NODE_STATUS_REPORT_S / 60} min`
  );
}

/** Options of {@link startHeartbeats}. */
export interface HeartbeatOptions {
  /** Renewal period in ms; default {@link DEFAULT_HEARTBEAT_INTERVAL_MS}. */
  intervalMs?: number;
}

/** Running heartbeats. */
export interface Heartbeats {
  /** Renew everything due now (called by the timer; callable by tests). */
  tick(): void;
  /**
   * Tick now if the timer is overdue (the last tick is `intervalMs` or more ago). The simulator
   * calls it before every request, so that a process whose event loop was busy for longer than a
   * Lease's duration (a test run with a core kept busy) still serves what a live control plane
   * would have renewed meanwhile, instead of Leases that look expired.
   */
  catchUp(): void;
  /** A node goes down (simulated reboot): no heartbeats, no node-Lease or apiserver-Lease renewals for it. */
  pause(node: string): void;
  /** The node is back: take its (rewritten) node Lease back and resume its heartbeats. */
  resume(node: string): void;
  /** Stop the timer (idempotent). */
  stop(): void;
  /** Keys (`namespace/name`) of the Leases still renewed. */
  renewedLeases(): string[];
  /** Names of the nodes still heartbeating (paused ones included). */
  renewedNodes(): string[];
  /** The last error a tick threw (the tick is skipped; the timer keeps running), or null. */
  lastError(): Error | null;
}

const NODE_LEASE_NS = 'kube-node-lease';
const HOSTNAME_LABEL = 'kubernetes.io/hostname';

interface LeaseSpec {
  holderIdentity?: string;
  leaseDurationSeconds?: number;
  renewTime?: string;
  acquireTime?: string;
}

interface TrackedLease {
  /** The stored object we last saw or wrote: any other object under the key means someone else wrote. */
  stored: StoredObject;
  /** Node whose reboot pauses this Lease (node Leases; apiserver Leases with a hostname label). */
  node: string | null;
  /** A node Lease (renewed every {@link NODE_LEASE_RENEW_S} s; others every tick). */
  nodeLease: boolean;
  /** When the Lease was last renewed (ms since the epoch; its `renewTime` at load). */
  renewedAt: number;
}

function isApiserverIdentity(lease: WireObject): boolean {
  return (
    lease.metadata.labels?.[LABEL_APISERVER_IDENTITY] !== undefined ||
    lease.metadata.name.startsWith('apiserver-')
  );
}

/**
 * How long after its last renewal a Lease still counts as alive, in seconds, or null when the
 * simulator does not renew Leases of this kind (namespaces other than kube-system / kube-node-lease).
 */
function freshnessS(lease: WireObject, spec: LeaseSpec, nodeGraceS: number): number | null {
  const ns = lease.metadata.namespace;
  if (ns === NODE_LEASE_NS) return nodeGraceS;
  if (ns !== 'kube-system') return null;
  if (isApiserverIdentity(lease))
    return Math.min(spec.leaseDurationSeconds ?? APISERVER_IDENTITY_STALE_S, APISERVER_IDENTITY_STALE_S);
  return spec.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S;
}

/** The newest `lastHeartbeatTime` of a node's conditions, in ms since the epoch (-Infinity when none). */
function newestHeartbeat(node: KNode): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (const c of node.status?.conditions ?? []) {
    const t = Date.parse(c.lastHeartbeatTime ?? '');
    if (!Number.isNaN(t) && t > newest) newest = t;
  }
  return newest;
}

function readyStatus(node: KNode): string | undefined {
  return node.status?.conditions?.find((c) => c.type === 'Ready')?.status;
}

/**
 * Start renewing, every `options.intervalMs` (unref'd timer), what was alive in `store` now.
 * @param store - the simulator's store (changed on every tick)
 * @param now - the clock for the liveness decision at start and for written timestamps
 * @param options - see {@link HeartbeatOptions}
 * @returns the running heartbeats; call `stop()` when the simulator closes
 * @throws BotError `bad-request` when `intervalMs` is not a positive number
 */
export function startHeartbeats(
  store: ObjectStore,
  now: () => Date,
  options: HeartbeatOptions = {},
): Heartbeats {
  const intervalMs = options.intervalMs ?? DEFAULT_HEARTBEAT_INTERVAL_MS;
  if (!Number.isFinite(intervalMs) || intervalMs <= 0)
    throw new BotError(
      'bad-request',
      `heartbeat interval must be a positive number of ms, not ${intervalMs}`,
    );
  const t0 = now().getTime();
  const leases = new Map<string, TrackedLease>();
  /** Nodes still heartbeating, with when each last posted its status (ms since the epoch). */
  const nodes = new Map<string, number>();
  const paused = new Set<string>();
  let error: Error | null = null;

  const leaseStore = store.resources.get('leases');
  // The served cluster's kube-controller-manager marks a node NotReady after this (its version's default).
  const nodeGraceS = nodeMonitorGracePeriodS(parseVersion(store.gitVersion));
  const deadNodeLeases = new Set<string>();
  for (const stored of leaseStore?.objects ?? []) {
    const lease = JSON.parse(stored.json.toString('utf8')) as WireObject;
    const spec = (lease.spec ?? {}) as LeaseSpec;
    const limit = freshnessS(lease, spec, nodeGraceS);
    if (limit === null) continue;
    const last = Date.parse(spec.renewTime ?? spec.acquireTime ?? '');
    const alive = !Number.isNaN(last) && t0 - last <= limit * 1000 && (spec.holderIdentity ?? '') !== '';
    const isNodeLease = lease.metadata.namespace === NODE_LEASE_NS;
    if (!alive) {
      if (isNodeLease) deadNodeLeases.add(lease.metadata.name);
      continue;
    }
    const node = isNodeLease ? lease.metadata.name : (lease.metadata.labels?.[HOSTNAME_LABEL] ?? null);
    leases.set(stored.key, {
      stored,
      node: isApiserverIdentity(lease) || isNodeLease ? node : null,
      nodeLease: isNodeLease,
      renewedAt: last,
    });
  }
  for (const stored of store.resources.get('nodes')?.objects ?? []) {
    const node = JSON.parse(stored.json.toString('utf8')) as WireObject & KNode;
    if (readyStatus(node) === 'True' && !deadNodeLeases.has(node.metadata.name))
      nodes.set(node.metadata.name, newestHeartbeat(node));
  }

  const renewLeases = (t: Date): void => {
    const rs = leaseStore;
    if (!rs) return;
    for (const [key, tracked] of leases) {
      const current = rs.byKey.get(key);
      if (current !== tracked.stored) {
        leases.delete(key); // written or deleted by someone else: theirs now
        continue;
      }
      if (tracked.node !== null && paused.has(tracked.node)) continue;
      if (tracked.nodeLease && t.getTime() - tracked.renewedAt < NODE_LEASE_RENEW_S * 1000) continue;
      const lease = JSON.parse(current.json.toString('utf8')) as WireObject;
      const spec = (lease.spec ?? (lease.spec = {})) as LeaseSpec;
      spec.renewTime = microTime(t);
      tracked.renewedAt = t.getTime();
      writeObject(store, 'leases', lease, t);
      tracked.stored = rs.byKey.get(key) as StoredObject;
    }
  };

  const renewNodes = (t: Date): void => {
    for (const [name, postedAt] of nodes) {
      if (paused.has(name)) continue;
      if (t.getTime() - postedAt < NODE_STATUS_REPORT_S * 1000) continue;
      const node = readObject(store, 'nodes', `/${name}`) as (WireObject & KNode) | undefined;
      if (!node) {
        nodes.delete(name);
        continue;
      }
      if (readyStatus(node) !== 'True') continue; // someone took it down: no kubelet posting
      const status = node.status as NonNullable<KNode['status']>;
      status.conditions = (status.conditions ?? []).map((c): KCondition => ({
        ...c,
        lastHeartbeatTime: metaTime(t),
      }));
      writeObject(store, 'nodes', node, t);
      nodes.set(name, t.getTime());
    }
  };

  let lastTickAt = now().getTime();
  const tick = (): void => {
    try {
      const t = now();
      lastTickAt = t.getTime();
      renewLeases(t);
      renewNodes(t);
    } catch (err) {
      error = err instanceof Error ? err : new Error(String(err));
    }
  };

  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    tick,
    catchUp() {
      if (now().getTime() - lastTickAt >= intervalMs) tick();
    },
    pause(node) {
      paused.add(node);
    },
    resume(node) {
      paused.delete(node);
      nodes.set(node, Number.NEGATIVE_INFINITY); // back from a reboot: the kubelet posts its status at once
      const key = `${NODE_LEASE_NS}/${node}`;
      const stored = leaseStore?.byKey.get(key);
      if (stored) leases.set(key, { stored, node, nodeLease: true, renewedAt: Number.NEGATIVE_INFINITY });
    },
    stop() {
      clearInterval(timer);
    },
    renewedLeases: () => [...leases.keys()],
    renewedNodes: () => [...nodes.keys()],
    lastError: () => error,
  };
}
