/**
 * Drain a cordoned node through the Eviction API (`policy/v1`, `POST …/pods/NAME/eviction`), the
 * way `kubectl drain --ignore-daemonsets --delete-emptydir-data` does (k8s.io/kubectl/pkg/drain):
 *
 * - which pods: DaemonSet pods and mirror (static) pods are skipped (they come back with the
 *   node); finished pods (Succeeded/Failed) are evicted whatever their owner; a running pod
 *   without a controller is evicted only when the request was forced (else it blocks); pods with
 *   emptyDir volumes are evicted (their data is lost, as with `--delete-emptydir-data`);
 * - how: at most `parallelism` evictions in flight; each carries a `uid` precondition, so a
 *   StatefulSet's replacement with the same name is never evicted by mistake; 429 (a
 *   PodDisruptionBudget allows no disruption now) → retried after a backoff that doubles from
 *   `evictionBackoffMs` up to 30 s (kubectl waits 5 s each time); 404 → already gone;
 * - waiting: a pod counts as gone when it is no longer listed on the node or has another uid
 *   (kubectl's `waitForDelete`); an evicted pod still there (terminating) is waited for;
 * - crash safety: the uid of every pod evicted (201) is added to the Redis set
 *   `k8s-ha-bot:maintenance:evicted:<id>` before anything else; a replacement worker skips pods in
 *   that set and pods that are gone or terminating, so a pod whose eviction was accepted just
 *   before a crash (not yet in the set) is gone or terminating in the API and is not evicted again;
 * - the whole drain has a deadline (`drain.timeoutMs` from the drain's start, kept in the request,
 *   so a resumed drain keeps it); at the deadline it stops with the blockers by name (pod, and
 *   budget when an eviction answered 429).
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/
 * @see https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/
 */
import type { Redis } from 'ioredis';
import { selectorMatches } from '../../analysis/cluster-index.js';
import { drainFilter } from '../../analysis/drain-filters.js';
import type { KPod, KPodDisruptionBudget } from '../../cluster/types.js';
import type { Logger } from '../../util/logger.js';
import { upstreamBodySummary } from '../../util/redaction.js';
import { MAINTENANCE_KEY_PREFIX } from '../request-store.js';
import type { ClusterMaintenancePolicy, DrainBlocker } from '../types.js';
import type { KubeAnswer, KubeApi, KubeRequestOptions } from './kube-api.js';
import { MaintenanceStopError, isApiUnreachable, seg, sleep, stopForStatus } from './kube-api.js';

/** Longest wait between two tries of a blocked eviction, in ms. */
export const MAX_EVICTION_BACKOFF_MS = 30_000;

/** How long the eviction ledger is kept after its last write, in s (7 days). */
export const LEDGER_TTL_SECONDS = 7 * 24 * 3600;

/**
 * The Redis hash of evictions in flight (pod uid → `namespace/name`), written before each POST
 * and cleared after its answer: a replacement worker counts the pods in it that are gone or
 * terminating as evicted by the request (their 201 was lost with the dead worker).
 * @param requestId - `mr-…`
 * @param keyPrefix - @defaultValue `k8s-ha-bot:maintenance:`
 * @returns `<keyPrefix>evicting:<requestId>`
 */
export function evictionsInFlightKey(requestId: string, keyPrefix = MAINTENANCE_KEY_PREFIX): string {
  return `${keyPrefix}evicting:${requestId}`;
}

/**
 * The Redis set of uids of the pods a request evicted.
 * @param requestId - `mr-…`
 * @param keyPrefix - @defaultValue `k8s-ha-bot:maintenance:`
 * @returns `<keyPrefix>evicted:<requestId>`
 */
export function evictionLedgerKey(requestId: string, keyPrefix = MAINTENANCE_KEY_PREFIX): string {
  return `${keyPrefix}evicted:${requestId}`;
}

/** A pod with the fields the drain reads (deletion time included). */
export type DrainPod = KPod & { metadata: KPod['metadata'] & { deletionTimestamp?: string } };

/** `namespace/name` of a pod. */
export const podKey = (pod: KPod): string => `${pod.metadata.namespace ?? 'default'}/${pod.metadata.name}`;

/** How the drain treats the pods on a node. */
export interface PodClassification {
  /** Pods to evict (and wait for). */
  evict: DrainPod[];
  /** Running pods without a controller, not forced: they block the drain. */
  unmanaged: DrainPod[];
  /** `namespace/name` of skipped DaemonSet and mirror pods. */
  skipped: string[];
}

/**
 * Sort the pods on a node as `kubectl drain --ignore-daemonsets --delete-emptydir-data [--force]`.
 * @param pods - pods whose `spec.nodeName` is the node
 * @param force - whether the request was forced (then pods without a controller are evicted)
 * @returns the classification
 */
export function classifyPods(pods: readonly DrainPod[], force: boolean): PodClassification {
  const out: PodClassification = { evict: [], unmanaged: [], skipped: [] };
  for (const pod of pods) {
    // kubectl's filters (src/analysis/drain-filters.ts); a DaemonSet is taken as existing: its
    // pods are left, as --ignore-daemonsets leaves them.
    const v = drainFilter(pod, true, { ignoreDaemonSets: true, deleteEmptyDirData: true, force });
    if (v.verdict === 'skip') out.skipped.push(podKey(pod));
    else if (v.verdict === 'error') out.unmanaged.push(pod);
    else out.evict.push(pod);
  }
  return out;
}

/**
 * The pods on a node (`fieldSelector=spec.nodeName=<node>`).
 * @param api - the cluster client
 * @param node - node name
 * @param lockNamespace - for the forbidden text
 * @param logger - upstream bodies go here
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export async function listPodsOnNode(
  api: KubeApi,
  node: string,
  lockNamespace: string,
  logger?: Logger,
): Promise<DrainPod[]> {
  const res = await api.request<{ items?: DrainPod[] }>(
    'GET',
    `/api/v1/pods?fieldSelector=${encodeURIComponent(`spec.nodeName=${node}`)}`,
  );
  if (res.status !== 200 || !Array.isArray(res.body?.items))
    throw stopForStatus(res, `GET pods on ${node}`, lockNamespace, logger);
  return res.body.items;
}

/** Options of {@link drainNode}. */
export interface DrainOptions {
  api: KubeApi;
  redis: Redis;
  /** Prefix of the ledger keys. @defaultValue `k8s-ha-bot:maintenance:` */
  keyPrefix?: string;
  requestId: string;
  node: string;
  force: boolean;
  drain: ClusterMaintenancePolicy['drain'];
  lockNamespace: string;
  /** When the drain started (its deadline is this + `drain.timeoutMs`). */
  startedAt: Date;
  /** Time between two looks at the node's pods, in ms. @defaultValue 1000 */
  pollMs?: number;
  now: () => Date;
  signal?: AbortSignal;
  logger: Logger;
  /** True when a cancel was asked (checked before every eviction). */
  isCancelled: () => Promise<boolean>;
  /** One pod evicted (`namespace/name`), after it was recorded in the ledger. */
  onEviction: (pod: string) => Promise<void>;
  /**
   * Every answer of the Eviction API (`namespace/name`, HTTP status, 0 when none came; the
   * budget a 429 is for, when known): the observed outcome of the forecast (issue 34).
   */
  onAnswer?: (pod: string, status: number, budget?: string) => Promise<void>;
  /** Progress, at most every `drain.progressIntervalMs` and once at the end. */
  onProgress: (p: { evicted: number; total: number; waitingOn: DrainBlocker[] }) => Promise<void>;
}

/** How a drain ended (a timeout throws instead). */
export type DrainResult =
  { outcome: 'drained'; evicted: number; skipped: string[] } | { outcome: 'cancelled'; evicted: number };

interface Backoff {
  next: number;
  delay: number;
}

/**
 * Evict every evictable pod from the node and wait until they are gone.
 * @param o - see {@link DrainOptions}
 * @returns drained (with evicted count and skipped pods) or cancelled
 * @throws MaintenanceStopError `drain-timeout` (with blockers) at the deadline; `forbidden` on a
 *   403; `api-error` when the API fails otherwise
 */
export async function drainNode(o: DrainOptions): Promise<DrainResult> {
  const ledgerKey = evictionLedgerKey(o.requestId, o.keyPrefix);
  const pollMs = o.pollMs ?? 1000;
  const deadline = o.startedAt.getTime() + o.drain.timeoutMs;
  const backoff = new Map<string, Backoff>();
  const blockers = new Map<string, DrainBlocker>();
  const seen = new Set<string>();
  let lastProgress = o.now().getTime();
  let lastReported = -1;
  const inFlightKey = evictionsInFlightKey(o.requestId, o.keyPrefix);

  for (;;) {
    if (await o.isCancelled()) return { outcome: 'cancelled', evicted: await o.redis.scard(ledgerKey) };
    let pods: DrainPod[];
    try {
      // nothing of ours is in flight here: entries are from a dead worker or unanswered POSTs
      await reconcileInFlight(o, ledgerKey, inFlightKey);
      pods = await listPodsOnNode(o.api, o.node, o.lockNamespace, o.logger);
    } catch (err) {
      // an unreachable API is waited out until the drain's deadline
      if (!isApiUnreachable(err, o.signal)) throw err;
      if (o.now().getTime() >= deadline)
        throw new MaintenanceStopError(
          'drain-timeout',
          `the Kubernetes API could not be reached to finish draining ${o.node}`,
          { cause: err },
        );
      o.logger.warn({ err, node: o.node }, 'could not list the pods on the node; retrying');
      await sleep(Math.max(0, Math.min(pollMs, deadline - o.now().getTime())), o.signal);
      continue;
    }
    const { evict, unmanaged, skipped } = classifyPods(pods, o.force);
    const ledger = new Set(await o.redis.smembers(ledgerKey));
    const remaining = [...evict, ...unmanaged];
    for (const p of remaining) seen.add(p.metadata.uid ?? podKey(p));
    const evicted = ledger.size;
    const total = new Set([...seen, ...ledger]).size;
    const now = o.now().getTime();
    const waitingOn = (): DrainBlocker[] => remaining.map((p) => blockerFor(p, ledger, blockers, o.force));

    if (remaining.length === 0) {
      await o.onProgress({ evicted, total, waitingOn: [] });
      return { outcome: 'drained', evicted, skipped };
    }
    if (now >= deadline) {
      const list = waitingOn();
      throw new MaintenanceStopError(
        'drain-timeout',
        `${remaining.length} pod(s) still on ${o.node} after ${Math.round(o.drain.timeoutMs / 1000)} s: ${list.map(describeBlocker).join('; ')}`,
        { blockers: list },
      );
    }

    const due = evict.filter((p) => {
      const uid = p.metadata.uid ?? podKey(p);
      return (
        !ledger.has(uid) && p.metadata.deletionTimestamp === undefined && (backoff.get(uid)?.next ?? 0) <= now
      );
    });
    let cancelled = false;
    const budgetsByNs = new Map<string, Promise<KPodDisruptionBudget[]>>();
    const evictOne = async (pod: DrainPod): Promise<void> => {
      if (cancelled || (await o.isCancelled())) {
        cancelled = true;
        return;
      }
      const uid = pod.metadata.uid ?? podKey(pod);
      const ns = pod.metadata.namespace ?? 'default';
      await o.redis
        .multi()
        .hset(inFlightKey, uid, podKey(pod))
        .expire(inFlightKey, LEDGER_TTL_SECONDS)
        .exec();
      const res = await evictRequest(
        o,
        `/api/v1/namespaces/${seg(ns)}/pods/${seg(pod.metadata.name)}/eviction`,
        {
          body: {
            apiVersion: 'policy/v1',
            kind: 'Eviction',
            metadata: { name: pod.metadata.name, namespace: ns },
            ...(pod.metadata.uid ? { deleteOptions: { preconditions: { uid: pod.metadata.uid } } } : {}),
          },
          signal: o.signal,
        },
      );
      if (res.status !== 429) await o.onAnswer?.(podKey(pod), res.status);
      if (res.status === 201 || res.status === 200) {
        await o.redis.multi().sadd(ledgerKey, uid).expire(ledgerKey, LEDGER_TTL_SECONDS).exec();
        blockers.delete(uid);
        backoff.delete(uid);
        o.logger.info({ pod: podKey(pod), node: o.node }, 'pod evicted');
        await o.onEviction(podKey(pod));
        await o.redis.hdel(inFlightKey, uid); // only now: a crash before this reports the eviction again
        return;
      }
      // status 0 (no answer): the eviction may have happened; the entry stays for reconcileInFlight
      if (res.status !== 0) await o.redis.hdel(inFlightKey, uid);
      if (res.status === 404 || res.status === 409) return; // gone, or replaced by a pod of the same name
      if (res.status === 403) throw stopForStatus(res, `evict ${podKey(pod)}`, o.lockNamespace, o.logger);
      const prev = backoff.get(uid);
      const delay = prev
        ? Math.min(prev.delay * 2, MAX_EVICTION_BACKOFF_MS)
        : Math.min(o.drain.evictionBackoffMs, MAX_EVICTION_BACKOFF_MS);
      backoff.set(uid, { next: o.now().getTime() + delay, delay });
      if (res.status === 429) {
        let budgets = budgetsByNs.get(ns);
        if (!budgets) {
          budgets = listBudgets(o.api, ns, o.lockNamespace, o.logger);
          budgetsByNs.set(ns, budgets);
        }
        const matching = (await budgets).filter((b) =>
          selectorMatches(b.spec?.selector, pod.metadata.labels ?? {}),
        );
        const budget = matching[0];
        await o.onAnswer?.(
          podKey(pod),
          429,
          budget ? `${budget.metadata.namespace ?? ns}/${budget.metadata.name}` : undefined,
        );
        blockers.set(uid, {
          pod: podKey(pod),
          ...(budget ? { budget: `${budget.metadata.namespace ?? ns}/${budget.metadata.name}` } : {}),
          detail: budget
            ? `disruptionsAllowed is ${budget.status?.disruptionsAllowed ?? 0}`
            : 'no PodDisruptionBudget allows it',
        });
        o.logger.info(
          { pod: podKey(pod), budget: budget?.metadata.name, retryInMs: delay },
          'eviction refused by a disruption budget (429); will retry',
        );
        return;
      }
      o.logger.warn(
        { pod: podKey(pod), status: res.status, body: upstreamBodySummary(res.body), retryInMs: delay },
        'eviction failed; will retry',
      );
      const multiple =
        res.status === 500 && /more than one PodDisruptionBudget/i.test(JSON.stringify(res.body ?? ''));
      blockers.set(uid, {
        pod: podKey(pod),
        detail: multiple
          ? 'more than one PodDisruptionBudget selects it'
          : res.status === 0
            ? 'the Kubernetes API could not be reached'
            : `eviction answered HTTP ${res.status}`,
      });
    };
    await runPool(due, Math.max(1, o.drain.parallelism), evictOne);
    if (cancelled) return { outcome: 'cancelled', evicted: await o.redis.scard(ledgerKey) };

    const after = o.now().getTime();
    if (after - lastProgress >= o.drain.progressIntervalMs) {
      const count = await o.redis.scard(ledgerKey);
      lastProgress = after;
      if (count !== lastReported || blockers.size > 0) {
        lastReported = count;
        await o.onProgress({
          evicted: count,
          total: new Set([...seen, ...(await o.redis.smembers(ledgerKey))]).size,
          waitingOn: waitingOn(),
        });
      }
    }
    const wait = due.length > 0 && blockers.size === 0 ? Math.min(200, pollMs) : pollMs;
    await sleep(Math.max(0, Math.min(wait, deadline - o.now().getTime())), o.signal);
  }
}

/**
 * After a crash: evictions that were in flight when the previous worker died (an entry is removed
 * only once its eviction was recorded and reported). A pod already in the ledger, gone or
 * terminating was evicted: recorded and reported (at least once: a crash between the report and
 * the removal reports it twice). A pod still running was not: forgotten, and evicted again
 * normally (the uid precondition keeps a same-named replacement safe).
 */
async function reconcileInFlight(o: DrainOptions, ledgerKey: string, inFlightKey: string): Promise<void> {
  const inFlight = await o.redis.hgetall(inFlightKey);
  const uids = Object.keys(inFlight);
  if (uids.length === 0) return;
  const present = new Map(
    (await listPodsOnNode(o.api, o.node, o.lockNamespace, o.logger)).map((p) => [
      p.metadata.uid ?? podKey(p),
      p,
    ]),
  );
  const ledger = new Set(await o.redis.smembers(ledgerKey));
  for (const uid of uids) {
    const pod = present.get(uid);
    if (ledger.has(uid) || !pod || pod.metadata.deletionTimestamp !== undefined) {
      await o.redis.multi().sadd(ledgerKey, uid).expire(ledgerKey, LEDGER_TTL_SECONDS).exec();
      o.logger.info({ pod: inFlight[uid], node: o.node }, 'pod evicted before the previous worker stopped');
      await o.onAnswer?.(inFlight[uid] ?? uid, 201);
      await o.onEviction(inFlight[uid] ?? uid);
    }
    await o.redis.hdel(inFlightKey, uid);
  }
}

function blockerFor(
  p: DrainPod,
  ledger: Set<string>,
  blockers: Map<string, DrainBlocker>,
  force: boolean,
): DrainBlocker {
  const uid = p.metadata.uid ?? podKey(p);
  const known = blockers.get(uid);
  if (known) return known;
  if (ledger.has(uid) || p.metadata.deletionTimestamp !== undefined)
    return { pod: podKey(p), detail: 'still terminating' };
  if (drainFilter(p, true, { ignoreDaemonSets: true, deleteEmptyDirData: true, force }).verdict === 'error')
    return { pod: podKey(p), detail: 'no controller: needs an approved force' };
  return { pod: podKey(p), detail: 'not evicted yet' };
}

function describeBlocker(b: DrainBlocker): string {
  return `${b.pod} (${b.budget ? `PodDisruptionBudget ${b.budget}: ` : ''}${b.detail})`;
}

/** POST an eviction; an unreachable API (after the client's retries) is answered as status 0. */
async function evictRequest(o: DrainOptions, path: string, options: KubeRequestOptions): Promise<KubeAnswer> {
  try {
    return await o.api.request('POST', path, options);
  } catch (err) {
    if (!isApiUnreachable(err, o.signal)) throw err;
    o.logger.warn({ err, path }, 'eviction not answered');
    return { status: 0, body: undefined };
  }
}

async function listBudgets(
  api: KubeApi,
  ns: string,
  lockNamespace: string,
  logger: Logger,
): Promise<KPodDisruptionBudget[]> {
  const res = await api.request<{ items?: KPodDisruptionBudget[] }>(
    'GET',
    `/apis/policy/v1/namespaces/${seg(ns)}/poddisruptionbudgets`,
  );
  if (res.status !== 200 || !Array.isArray(res.body?.items)) {
    // naming the budget is a courtesy: a failed read leaves the blocker without it
    logger.warn(
      { status: res.status, namespace: ns, lockNamespace },
      'could not list PodDisruptionBudgets to name a blocker',
    );
    return [];
  }
  return res.body.items;
}

/**
 * Run `fn` over `items`, at most `limit` at once; the first rejection rejects (after the others settle).
 * @param items - what to run over
 * @param limit - most calls in flight
 * @param fn - the call
 * @throws the first rejection of `fn`
 */
export async function runPool<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: { err: unknown } | undefined;
  const lane = async (): Promise<void> => {
    while (next < items.length && !failure) {
      const item = items[next++] as T;
      try {
        await fn(item);
      } catch (err) {
        failure ??= { err };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  if (failure) throw failure.err;
}
