/**
 * The drain as a sequence in time (issue 28, item 4): what a real drain does to the pods of one
 * or several nodes, round by round, and how it ends. Every count and "moves to" of a drain answer
 * reads it (src/analysis/workload-checks.ts for one node, multi-node/joint-impact.ts for several).
 * Pure.
 *
 * How a drain runs, from kubectl (k8s.io/kubectl/pkg/drain/drain.go `evictPods`; "Safely Drain a
 * Node", https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/; kubectl drain
 * reference, https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/):
 * - the node is cordoned, then every pod kubectl's filters let through (src/analysis/drain-filters.ts,
 *   applied by the caller) is evicted at once, one request per pod; an eviction answered 429 is
 *   retried every 5 s until `--timeout` (none by default), any other error ends that pod's try and
 *   the drain returns it once every other pod is done;
 * - the API server answers each eviction by the pod's PodDisruptionBudget
 *   (src/analysis/eviction-api.ts `decideEviction`), the pods taken in the order the API lists them
 *   (namespace, then name);
 * - the controller of an evicted pod creates a replacement, which the scheduler places on the
 *   cluster as it is then: the drained (and cordoned, and deleting) nodes refused, the replacements
 *   of earlier rounds included (src/analysis/scheduling/placement.ts `placeReplacements`);
 * - the disruption controller recomputes a budget when pods change: a pod being deleted is not
 *   healthy, and each replacement that becomes Ready gives the budget one disruption back
 *   (`disruptionsAllowed = currentHealthy - desiredHealthy`, pkg/controller/disruption). A
 *   replacement that stays Pending (no node admits it, or it is tied to its drained node) gives
 *   nothing back: a pod refused for want of that disruption waits for ever.
 * - a failing-closed admission webhook whose every backend the drain evicts ({@link DrainWebhook})
 *   refuses, once its last backend is gone, the replacements it intercepts (not created: they do
 *   not move, nothing is given back) and, from the next retry, the evictions it intercepts (HTTP
 *   500, "failed calling webhook"): the drain stops there, naming it; one by one, it stays down
 *   for the next targets unless a backend's replacement runs.
 *
 * Modes: `together` drains every target at once (all cordoned, one round sequence over all their
 * pods); `one-by-one` drains each target after the one before completed and came back (uncordoned:
 * it takes replacements again; the replacements placed before stay where they run). A one-by-one
 * drain that does not complete on a node never reaches the next ones.
 *
 * Time estimate, assumptions (named, not measured): a replacement is Ready
 * {@link ASSUMED_REPLACEMENT_READY_S} after its pod's eviction (scheduling, image pull, start,
 * readiness: the snapshot cannot say); the disruption controller recomputes at once; kubectl's next
 * retry comes {@link KUBECTL_EVICTION_RETRY_S} later; an evicted pod takes its whole
 * `terminationGracePeriodSeconds` (from its spec, `--grace-period` when given, else
 * {@link DEFAULT_TERMINATION_GRACE_S}) to go, and kubectl waits for it to be gone (`waitForDelete`).
 */
import type { KPod } from '../cluster/types.js';
import {
  controllerOf,
  isFinished,
  isPodReady,
  isUnscheduled,
  podKey,
  type ClusterIndex,
} from './cluster-index.js';
import { DEFAULT_TERMINATION_GRACE_S } from './domain.js';
import { type EvictionBudget, budgetsOfPod, decideEviction } from './eviction-api.js';
import { type Placement, placeReplacements, placementRounds } from './scheduling/placement.js';
import type { FactValue } from './types.js';

/** kubectl drain's wait before it retries an eviction answered 429, in s (drain.go `evictPods`). */
export const KUBECTL_EVICTION_RETRY_S = 5;

/**
 * Assumed time from a pod's eviction until its replacement is Ready elsewhere, in s (an
 * assumption of the estimate: scheduling, image pull, start and readiness are not in a snapshot).
 */
export const ASSUMED_REPLACEMENT_READY_S = 30;

/** What is drained, and how ({@link simulateDrain}). */
export interface DrainRequest {
  /** The target nodes, in the order asked. */
  nodes: readonly string[];
  /** `together` (every target at once) or `one-by-one` (each after the one before is back). */
  mode: 'together' | 'one-by-one';
  /** Node name → the pods kubectl's filters let through there (evicted or deleted), finished ones included. */
  pods: ReadonlyMap<string, readonly KPod[]>;
  /** The budgets of the cluster (none: a reboot of the only node, or budgets not read). */
  budgets: readonly EvictionBudget[];
  /** Pods (`ns/name`) tied to their node: their replacement stays Pending until the node is back. */
  pinned?: ReadonlySet<string>;
  /** `--grace-period` when given (s); else each pod's own terminationGracePeriodSeconds. */
  gracePeriodS?: number;
  /** Failing-closed admission webhooks whose every backend runs on the targets (or none runs). */
  webhooks?: readonly DrainWebhook[];
}

/**
 * An admission webhook with `failurePolicy: Fail` whose every ready backend runs on the drained
 * nodes (src/analysis/admission-webhooks.ts `drainWebhooks`). Once its last backend is evicted (a
 * terminating pod's endpoint is no longer ready) the API server cannot call it: each request it
 * intercepts is refused ("failed calling webhook", HTTP 500 InternalError), the replacements'
 * CREATE and the evictions' too (Kubernetes docs "Dynamic Admission Control", avoiding deadlocks;
 * kyverno/kyverno#7576, #3039). kubectl drain retries only 429 (drain.go `evictPods`): a pod
 * whose eviction a budget refused is retried after the backend is gone, and the drain stops.
 */
export interface DrainWebhook {
  /** The webhook's name, as the API server's error names it ("failed calling webhook <name>"). */
  name: string;
  /** Its ready backend pods (`ns/name`) on the targets; empty: it has no backend already (down from the start). */
  backends: ReadonlySet<string>;
  /** Pods (`ns/name`) whose replacement's CREATE it intercepts: refused from the round its last backend goes. */
  replacements: ReadonlySet<string>;
  /** Pods (`ns/name`) whose eviction (CREATE `pods/eviction`) it intercepts: refused from the round after. */
  evictions: ReadonlySet<string>;
}

/** How a drain ends ({@link DrainSequence}). */
export type DrainOutcome =
  | {
      kind: 'completes';
      /** Rounds of evictions (1: every pod at the first request). */
      rounds: number;
      /** Estimated time until the last pod is gone, in s (see the module's assumptions). */
      seconds: number;
    }
  | {
      kind: 'waits-forever';
      /** The first pod (in the drain's order) refused for ever, `ns/name`. */
      pod: string;
      /** Its budget, `ns/name`. */
      budget: string;
      /**
       * Why the budget never allows it: `no-disruptions` (none allowed now, and none comes back),
       * `not-computed` (the disruption controller has not computed the budget's status),
       * `replacement-pending` (this drain spent it and the evicted pods' replacements stay Pending).
       */
      why: 'no-disruptions' | 'not-computed' | 'replacement-pending';
      /** For `replacement-pending`: the evicted pod of that budget whose replacement is Pending, `ns/name`. */
      pendingPod: string | null;
      /** Why that replacement is Pending, in the scheduler's terms ("0/6 nodes can take it: …"), or `pinned`. */
      pendingWhy: string | null;
    }
  | {
      kind: 'stops';
      /** The pod whose eviction failed, `ns/name`. */
      pod: string;
      /** The HTTP status (500: several budgets, or a webhook that cannot be called; 403). */
      code: number;
      /** The budgets the error names, `ns/name` (none for a webhook). */
      budgets: string[];
      /** The admission webhook the API server failed calling ({@link DrainWebhook} `name`), or null. */
      webhook: string | null;
    };

/** One drain, in sequence ({@link simulateDrain}). Pods are named `ns/name`. */
export interface DrainSequence {
  outcome: DrainOutcome;
  /** Pods evicted or deleted → the round (1-based) it happened in, in that order. */
  evicted: Map<string, number>;
  /** Pods refused (429) for ever whose budget allowed no disruption at the start → the budget. */
  refused: Map<string, string>;
  /** Pods refused for ever once this drain spent their budget (it allowed some at the start) → the budget. */
  refusedLater: Map<string, string>;
  /** Pods whose eviction failed with an error other than 429 → the budgets named, comma-joined. */
  stopped: Map<string, string>;
  /** Pods whose eviction a webhook without backend refused (HTTP 500) → the webhook. */
  stoppedByWebhook: Map<string, string>;
  /**
   * Pods of `stoppedByWebhook` whose first eviction their budget refused (HTTP 429), the retry
   * being the one the webhook answered 500 → the budget, `ns/name` (kubectl drain.go `evictPods`).
   */
  refusedFirst: Map<string, string>;
  /** Evicted pods whose replacement a webhook without backend refuses (not created: they do not move) → the webhook. */
  replacementRefused: Map<string, string>;
  /** Budgets (`ns/name`) whose status the disruption controller has not computed. */
  notComputed: string[];
  /** Evicted pods whose controller recreates them elsewhere (not bare, pinned, never scheduled or finished). */
  movers: string[];
  /**
   * Where the movers' replacements run, every round's together: `placedOn` in the order placed,
   * `unplaced` and `why` (Pending, in the scheduler's terms), `preempting`, and `candidates` (Ready,
   * schedulable nodes outside the drained ones, at the last round that placed any; 0 when none did).
   */
  placement: Placement;
  /** Targets a one-by-one drain never reaches (an earlier one did not complete). */
  notReached: string[];
}

const byKey = (a: KPod, b: KPod): number => (podKey(a) < podKey(b) ? -1 : podKey(a) > podKey(b) ? 1 : 0);

/** A budget as the drain changes it: the allowed disruptions and the pods it covers now. */
interface LiveBudget {
  budget: EvictionBudget;
  name: string;
  allowedAtStart: number;
}

/**
 * The webhooks' backends as the drain leaves them, kept as pods are evicted and replacements
 * placed (both only grow over a request) instead of rescanned each round and each batch.
 */
interface WebhookBackends {
  /** Backend `k` evicted the first time: the webhooks that have just lost their last backend (none ran again). */
  evicted(k: string): DrainWebhook[];
  /** Backend `k`'s replacement placed: its webhooks can be called again. */
  placed(k: string): void;
  /** The webhooks one of whose backends' replacements runs. */
  runs: ReadonlySet<DrainWebhook>;
}

function webhookBackends(webhooks: readonly DrainWebhook[]): WebhookBackends {
  const of = new Map<string, DrainWebhook[]>();
  for (const w of webhooks) for (const b of w.backends) of.set(b, [...(of.get(b) ?? []), w]);
  const gone = new Map<DrainWebhook, number>();
  const runs = new Set<DrainWebhook>();
  return {
    evicted: (k) =>
      (of.get(k) ?? []).filter((w) => {
        const n = (gone.get(w) ?? 0) + 1;
        gone.set(w, n);
        return n === w.backends.size && !runs.has(w);
      }),
    placed: (k) => of.get(k)?.forEach((w) => runs.add(w)),
    runs,
  };
}

/**
 * Run a drain in sequence (see the module comment for the rules and the estimate's assumptions).
 * @param index - the cluster index
 * @param request - what is drained and how
 * @returns the rounds' evictions, the replacements' places, and how the drain ends; never throws
 */
export function simulateDrain(index: ClusterIndex, request: DrainRequest): DrainSequence {
  const out: DrainSequence = {
    outcome: { kind: 'completes', rounds: 0, seconds: 0 },
    evicted: new Map(),
    refused: new Map(),
    refusedLater: new Map(),
    stopped: new Map(),
    stoppedByWebhook: new Map(),
    refusedFirst: new Map(),
    replacementRefused: new Map(),
    notComputed: [],
    movers: [],
    placement: { unplaced: [], candidates: 0, placedOn: new Map(), why: new Map(), preempting: new Map() },
    notReached: [],
  };
  // One copy of each budget's status, spent and given back across the whole request.
  const live = new Map<EvictionBudget, LiveBudget>(
    request.budgets.map((b) => [
      b,
      {
        budget: { ...b, status: b.status && { ...b.status } },
        name: `${b.metadata.namespace ?? 'default'}/${b.metadata.name}`,
        allowedAtStart: b.status?.disruptionsAllowed ?? 0,
      },
    ]),
  );
  // Each pod evicted → the node its replacement runs on; a replacement evicted again → its pod.
  const earlier = new Map<KPod, string>();
  const origin = new Map<KPod, KPod>();
  const pendingOf = new Map<string, string>();
  const batches =
    request.mode === 'together' ? [request.nodes] : request.nodes.map((n): readonly string[] => [n]);
  // Each webhook without backend → the round of the batch its last backend went in (0: before it).
  const webhookDown = new Map<DrainWebhook, number>(
    (request.webhooks ?? []).filter((w) => w.backends.size === 0).map((w) => [w, 0]),
  );
  const backends = webhookBackends(request.webhooks ?? []);
  let elapsed = 0;
  let rounds = 0;
  for (const [i, batch] of batches.entries()) {
    const down = new Set(batch);
    // One by one, the replacements an earlier drain placed on this node are evicted again.
    const again = [...earlier]
      .filter(([, n]) => down.has(n))
      .map(([p, n]) => {
        const moved = { ...p, spec: { ...p.spec, nodeName: n } };
        origin.set(moved, p);
        return moved;
      });
    const pods = [...batch.flatMap((n) => request.pods.get(n) ?? []), ...again].sort(byKey);
    const r = drainBatch(
      index,
      request,
      { down, pods, live, earlier, origin, webhookDown, backends },
      out,
      pendingOf,
    );
    // A webhook stays down for the next targets unless a backend's replacement runs (one by one).
    for (const w of [...webhookDown.keys()])
      if (backends.runs.has(w)) webhookDown.delete(w);
      else webhookDown.set(w, 0);
    rounds += r.rounds;
    elapsed += r.seconds;
    if (out.outcome.kind !== 'completes') {
      out.notReached = batches.slice(i + 1).flat();
      return out;
    }
  }
  out.outcome = { kind: 'completes', rounds, seconds: elapsed };
  return out;
}

/** Drain one batch of nodes (cordoned together): rounds until every pod is gone or nothing moves. */
function drainBatch(
  index: ClusterIndex,
  request: DrainRequest,
  state: {
    down: ReadonlySet<string>;
    pods: readonly KPod[];
    live: ReadonlyMap<EvictionBudget, LiveBudget>;
    earlier: Map<KPod, string>;
    origin: ReadonlyMap<KPod, KPod>;
    webhookDown: Map<DrainWebhook, number>;
    backends: WebhookBackends;
  },
  out: DrainSequence,
  pendingOf: Map<string, string>,
): { rounds: number; seconds: number } {
  const { down, pods, live, earlier, origin, webhookDown, backends } = state;
  // The webhook down since before `round` (`inclusive`: or since it) that intercepts `k` in `of`.
  const downHook = (k: string, round: number, of: 'evictions' | 'replacements'): DrainWebhook | undefined =>
    [...webhookDown].find(
      ([w, since]) => (of === 'evictions' ? since < round : since <= round) && w[of].has(k),
    )?.[0];
  // Each pod's budgets, matched once (not once per round: a budget allowing 1 gives a round per pod).
  const budgetsOfMemo = new Map<KPod, LiveBudget[]>();
  const budgetsOf = (p: KPod): LiveBudget[] => {
    let mine = budgetsOfMemo.get(p);
    if (!mine)
      budgetsOfMemo.set(p, (mine = budgetsOfPod(p, request.budgets).map((b) => live.get(b) as LiveBudget)));
    return mine;
  };
  const moverNames = new Set(out.movers);
  // The cluster as the replacements of earlier rounds left it, updated round by round.
  const placed = placementRounds();
  let waiting = [...pods];
  let round = 0;
  let seconds = 0;
  const lastRefusal = new Map<string, { budget: LiveBudget; why: 'not-computed' | 'no-disruptions' }>();
  let stops: DrainOutcome | null = null;
  while (waiting.length > 0) {
    round += 1;
    const start = (round - 1) * (ASSUMED_REPLACEMENT_READY_S + KUBECTL_EVICTION_RETRY_S);
    const evictedNow: KPod[] = [];
    const still: KPod[] = [];
    for (const pod of waiting) {
      // A webhook on the eviction whose last backend went in an earlier round: kubectl's retry
      // (every 5 s, before a replacement is Ready) is answered 500, and the drain stops.
      const hook = downHook(podKey(pod), round, 'evictions');
      if (hook) {
        out.stoppedByWebhook.set(podKey(pod), hook.name);
        const first = lastRefusal.get(podKey(pod));
        if (first) out.refusedFirst.set(podKey(pod), first.budget.name);
        stops ??= { kind: 'stops', pod: podKey(pod), code: 500, budgets: [], webhook: hook.name };
        continue;
      }
      const mine = budgetsOf(pod);
      const d = decideEviction(
        pod,
        mine.map((b) => b.budget),
      );
      const ns = pod.metadata.namespace ?? 'default';
      if (d.outcome === 'error') {
        const named = d.budgets.map((n) => `${ns}/${n}`);
        out.stopped.set(podKey(pod), named.join(', '));
        stops ??= { kind: 'stops', pod: podKey(pod), code: d.code, budgets: named, webhook: null };
        continue;
      }
      const b = mine[0];
      if (d.outcome === 'too-many-requests' && b) {
        if (d.why === 'not-computed' && !out.notComputed.includes(b.name)) out.notComputed.push(b.name);
        lastRefusal.set(podKey(pod), { budget: b, why: d.why });
        still.push(pod);
        continue;
      }
      if (d.why === 'allowed' && b?.budget.status) {
        const st = b.budget.status;
        st.disruptionsAllowed = (st.disruptionsAllowed ?? 0) - 1;
        if (isPodReady(pod)) st.currentHealthy = (st.currentHealthy ?? 0) - 1;
      }
      // A webhook whose last backend goes now (its endpoint is no longer ready) refuses the
      // replacements it intercepts from this round on (they are not created, and do not move),
      // the evictions from the next.
      if (!out.evicted.has(podKey(pod)))
        for (const w of backends.evicted(podKey(pod))) if (!webhookDown.has(w)) webhookDown.set(w, round);
      out.evicted.set(podKey(pod), round);
      evictedNow.push(pod);
      seconds = Math.max(seconds, start + graceOf(pod, request.gracePeriodS));
    }
    for (const p of evictedNow) {
      const hook = downHook(podKey(p), round, 'replacements');
      if (hook) out.replacementRefused.set(podKey(p), hook.name);
    }
    // The replacements of this round, placed on the cluster as it is now.
    const movers = evictedNow.filter(
      (p) =>
        controllerOf(p) !== null &&
        !isUnscheduled(p) &&
        !isFinished(p) &&
        !(request.pinned?.has(podKey(p)) ?? false) &&
        !out.replacementRefused.has(podKey(p)),
    );
    for (const p of evictedNow)
      if (request.pinned?.has(podKey(p)) === true)
        pendingOf.set(podKey(p), `pinned to ${p.spec?.nodeName ?? ''}`);
    let givenBack = 0;
    if (movers.length > 0) {
      const placement = placeReplacements(index, down, movers, earlier, placed);
      const all = out.placement;
      all.candidates = placement.candidates;
      for (const [p, pre] of placement.preempting) all.preempting.set(p, pre);
      for (const p of placement.unplaced) {
        const why = placement.why.get(p) ?? '';
        all.unplaced.push(p);
        all.why.set(p, why);
        pendingOf.set(p, why);
      }
      for (const [p, node] of placement.placedOn) {
        backends.placed(p);
        all.placedOn.set(p, node);
      }
      for (const p of movers) {
        if (!moverNames.has(podKey(p))) {
          moverNames.add(podKey(p));
          out.movers.push(podKey(p));
        }
        const node = placement.placedOn.get(podKey(p));
        if (node === undefined) earlier.delete(origin.get(p) ?? p);
        else earlier.set(origin.get(p) ?? p, node);
        if (node === undefined) continue;
        // Ready: the disruption controller gives its budget one disruption back.
        for (const b of budgetsOf(p)) {
          const st = b.budget.status;
          if (!st) continue;
          st.disruptionsAllowed = (st.disruptionsAllowed ?? 0) + 1;
          st.currentHealthy = (st.currentHealthy ?? 0) + 1;
          givenBack += 1;
        }
      }
    }
    waiting = still;
    // Nothing given back: the drain waits for ever, unless a webhook now down answers a retry 500.
    if (
      waiting.length > 0 &&
      givenBack === 0 &&
      !waiting.some((p) => downHook(podKey(p), round + 1, 'evictions'))
    )
      break;
  }
  if (waiting.length > 0) {
    for (const pod of waiting) {
      const r = lastRefusal.get(podKey(pod));
      if (!r) continue;
      (r.budget.allowedAtStart > 0 && r.why === 'no-disruptions' ? out.refusedLater : out.refused).set(
        podKey(pod),
        r.budget.name,
      );
    }
    const first = waiting[0] as KPod;
    const r = lastRefusal.get(podKey(first));
    const podNamed = new Map<string, KPod>();
    for (const p of pods) if (!podNamed.has(podKey(p))) podNamed.set(podKey(p), p);
    const spentBy = [...out.evicted.keys()].find((p) => {
      const pod = podNamed.get(p);
      return (
        pendingOf.has(p) &&
        r !== undefined &&
        pod !== undefined &&
        budgetsOf(pod).some((b) => b.budget.metadata.name === r.budget.budget.metadata.name)
      );
    });
    out.outcome = {
      kind: 'waits-forever',
      pod: podKey(first),
      budget: r?.budget.name ?? '',
      why:
        r?.why === 'not-computed'
          ? 'not-computed'
          : r !== undefined && r.budget.allowedAtStart > 0
            ? 'replacement-pending'
            : 'no-disruptions',
      pendingPod: spentBy ?? null,
      pendingWhy: spentBy === undefined ? null : (pendingOf.get(spentBy) ?? null),
    };
    return { rounds: round, seconds };
  }
  // kubectl returns the error once every other pod is gone (drain.go `evictPods`).
  if (stops) out.outcome = stops;
  return { rounds: round, seconds };
}

/**
 * The seconds a pod takes to go, in s: `--grace-period` when given and not negative ("If negative,
 * the default value specified in the pod will be used", kubectl drain reference), else its
 * terminationGracePeriodSeconds when that is a number, else (absent, not a number, NaN) the API's
 * default {@link DEFAULT_TERMINATION_GRACE_S} (PodSpec `terminationGracePeriodSeconds`: "Defaults
 * to 30 seconds", https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/pod-v1/#lifecycle).
 */
function graceOf(pod: KPod, flag: number | undefined): number {
  if (flag !== undefined && Number.isFinite(flag) && flag >= 0) return flag;
  const own: unknown = pod.spec?.terminationGracePeriodSeconds;
  return typeof own === 'number' && Number.isFinite(own) ? own : DEFAULT_TERMINATION_GRACE_S;
}

/**
 * How a drain ends, as finding facts (the `grace-period` finding's): `drainOutcome` (`completes`,
 * `waits-forever`, `stops`, with `stopsWebhook` when a webhook's error stops it), `drainRounds` and `drainSeconds` (the estimate, in s) when it
 * completes, and for a drain that waits for ever `waitsOn` (the pod), `waitsBudget` (its budget),
 * `waitsWhy`, `pendingPod` and `pendingWhy` (the evicted pod whose replacement is Pending, and why
 * in the scheduler's terms).
 * @param sequence - the drain in sequence
 * @returns the facts
 */
export function sequenceFacts(sequence: DrainSequence): Record<string, FactValue> {
  const o = sequence.outcome;
  if (o.kind === 'completes') return { drainOutcome: o.kind, drainRounds: o.rounds, drainSeconds: o.seconds };
  if (o.kind === 'stops') return { drainOutcome: o.kind, ...(o.webhook ? { stopsWebhook: o.webhook } : {}) };
  return {
    drainOutcome: o.kind,
    waitsOn: o.pod,
    waitsBudget: o.budget,
    waitsWhy: o.why,
    pendingPod: o.pendingPod,
    pendingWhy: o.pendingWhy,
  };
}
