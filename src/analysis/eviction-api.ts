/**
 * The Eviction API as kube-apiserver decides it (issue 28, item 2): one function, read by the
 * analysis (what a drain's eviction of each pod is answered) and by the simulator's
 * `POST …/pods/NAME/eviction`. Pure.
 *
 * The rules, in the order of upstream's `EvictionREST.Create` (kubernetes/kubernetes,
 * pkg/registry/core/pod/storage/eviction.go):
 * 1. A pod that is Succeeded, Failed or Pending, or already being deleted (`deletionTimestamp`), is
 *    deleted without a budget check (`canIgnorePDB`).
 * 2. The budgets of the pod's namespace whose selector matches its labels (`getPodDisruptionBudgets`):
 *    a nil selector matches nothing; an empty `{}` one matches every pod of the namespace in
 *    `policy/v1` (kubernetes/kubernetes#119732, v1.29, back-ported to v1.27 and v1.28).
 *    More than one: HTTP 500 "This pod has more than one PodDisruptionBudget, which the eviction
 *    subresource does not support." None: the pod is deleted.
 * 3. A pod that is not Ready (its `Ready` condition not True: `podutil.IsPodReady`) is deleted
 *    without touching the budget when the budget's `unhealthyPodEvictionPolicy` is `AlwaysAllow`,
 *    or (the default `IfHealthyBudget`) when `currentHealthy >= desiredHealthy > 0` (KEP-3017,
 *    kubernetes/kubernetes#113375, beta and on by default from v1.27, GA v1.31; API reference
 *    https://kubernetes.io/docs/reference/kubernetes-api/policy-resources/pod-disruption-budget-v1/).
 * 4. `checkAndDecrement`: a status the disruption controller has not computed for the budget's
 *    current generation (`status.observedGeneration < metadata.generation`, or no status at all)
 *    is HTTP 429 "The disruption budget NAME is still being processed by the server." (Retry-After
 *    10 s); `disruptionsAllowed < 0` or more than 2,000 `disruptedPods` is HTTP 403;
 *    `disruptionsAllowed == 0` is HTTP 429 "Cannot evict pod as it would violate the pod's
 *    disruption budget."; otherwise the budget's `disruptionsAllowed` is decremented (not in a dry
 *    run) and the pod deleted.
 *
 * kubectl drain retries an eviction answered 429 every 5 s and stops on any other error
 * (k8s.io/kubectl/pkg/drain/drain.go, `evictPods`).
 */
import type { KLabelSelector, KPod } from '../cluster/types.js';
import { selectorMatches } from './cluster-index.js';

/** The budget fields the decision reads (a `policy/v1` PodDisruptionBudget, typed loosely). */
export interface EvictionBudget {
  metadata: { name: string; namespace?: string; generation?: number };
  spec?: { selector?: KLabelSelector | null; unhealthyPodEvictionPolicy?: string };
  status?: {
    disruptionsAllowed?: number;
    currentHealthy?: number;
    desiredHealthy?: number;
    observedGeneration?: number;
    disruptedPods?: Record<string, string>;
  };
}

/** Largest `status.disruptedPods` the API server accepts before refusing evictions (eviction.go `MaxDisruptedPodSize`). */
export const MAX_DISRUPTED_POD_SIZE = 2000;

/** The kube-apiserver message of a 429 eviction (kubectl prints it while it retries). */
export const EVICTION_BLOCKED_MESSAGE = "Cannot evict pod as it would violate the pod's disruption budget.";

/** The kube-apiserver message (HTTP 500) when more than one budget selects the evicted pod. */
export const MULTIPLE_PDBS_MESSAGE =
  'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.';

/**
 * How the API server answers one eviction:
 * - `deleted`: the pod is deleted (HTTP 201). `why`: `ignores-budgets` (terminal, Pending or being
 *   deleted: no budget read), `no-budget`, `unhealthy` (not Ready, let through by the budget's
 *   policy: the budget is not decremented), `allowed` (the budget is decremented: `budget` names it);
 * - `too-many-requests` (HTTP 429, kubectl retries): `why` `not-computed` (the disruption controller
 *   has not computed the budget's status for its generation) or `no-disruptions`;
 * - `error` (HTTP 500 for several budgets, 403 for a negative or overfull budget): kubectl's drain
 *   stops on it.
 */
export type EvictionDecision =
  | {
      outcome: 'deleted';
      code: 201;
      why: 'ignores-budgets' | 'no-budget' | 'unhealthy' | 'allowed';
      /** The one budget read, else null. */
      budget: string | null;
    }
  | {
      outcome: 'too-many-requests';
      code: 429;
      why: 'not-computed' | 'no-disruptions';
      budget: string;
      /** The Status cause message (`DisruptionBudget` cause). */
      cause: string;
      /** The Status `retryAfterSeconds` (10 for a budget being processed, else 0), in s. */
      retryAfterSeconds: number;
    }
  | {
      outcome: 'error';
      code: 500 | 403;
      why: 'several-budgets' | 'negative' | 'too-many-disrupted';
      /** Every budget that selects the pod (one for a 403). */
      budgets: string[];
      message: string;
    };

/** @returns true when the pod's Ready condition is True (`podutil.IsPodReady`). */
function ready(pod: KPod): boolean {
  return pod.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True';
}

/**
 * Whether the API server deletes the pod without reading a budget (eviction.go `canIgnorePDB`):
 * Succeeded, Failed, Pending, or already being deleted.
 * @param pod - the pod
 */
export function ignoresBudgets(pod: KPod): boolean {
  const phase = pod.status?.phase;
  return (
    phase === 'Succeeded' ||
    phase === 'Failed' ||
    phase === 'Pending' ||
    pod.metadata.deletionTimestamp !== undefined
  );
}

/**
 * The budgets that govern a pod's eviction (eviction.go `getPodDisruptionBudgets`): same
 * namespace, selector matching its labels; a nil selector matches nothing, `{}` everything.
 * @param pod - the pod
 * @param budgets - candidate budgets (any namespace)
 * @returns the matching budgets, in the order given
 */
export function budgetsOfPod<B extends EvictionBudget>(pod: KPod, budgets: readonly B[]): B[] {
  const ns = pod.metadata.namespace ?? 'default';
  return budgets.filter(
    (b) =>
      (b.metadata.namespace ?? 'default') === ns &&
      selectorMatches(b.spec?.selector ?? undefined, pod.metadata.labels ?? {}),
  );
}

/**
 * Whether the disruption controller has computed the budget's status for its current spec: a
 * status exists and its `observedGeneration` is not behind `metadata.generation` (a missing
 * generation or observedGeneration reads as 0, as the Go structs' zero values).
 * @param b - the budget
 */
export function budgetStatusComputed(b: EvictionBudget): boolean {
  if (b.status === undefined) return false;
  return (b.status.observedGeneration ?? 0) >= (b.metadata.generation ?? 0);
}

/**
 * The API server's answer to one eviction of a pod (see the module comment for the rules).
 * @param pod - the pod as the server has it
 * @param budgets - the budgets that select it ({@link budgetsOfPod})
 * @returns the decision; never throws
 */
export function decideEviction(pod: KPod, budgets: readonly EvictionBudget[]): EvictionDecision {
  if (ignoresBudgets(pod)) return { outcome: 'deleted', code: 201, why: 'ignores-budgets', budget: null };
  if (budgets.length > 1)
    return {
      outcome: 'error',
      code: 500,
      why: 'several-budgets',
      budgets: budgets.map((b) => b.metadata.name),
      message: MULTIPLE_PDBS_MESSAGE,
    };
  const pdb = budgets[0];
  if (pdb === undefined) return { outcome: 'deleted', code: 201, why: 'no-budget', budget: null };
  const name = pdb.metadata.name;
  const st = pdb.status ?? {};
  if (!ready(pod)) {
    const desired = st.desiredHealthy ?? 0;
    if (
      pdb.spec?.unhealthyPodEvictionPolicy === 'AlwaysAllow' ||
      ((st.currentHealthy ?? 0) >= desired && desired > 0)
    )
      return { outcome: 'deleted', code: 201, why: 'unhealthy', budget: name };
  }
  if (!budgetStatusComputed(pdb))
    return {
      outcome: 'too-many-requests',
      code: 429,
      why: 'not-computed',
      budget: name,
      cause: `The disruption budget ${name} is still being processed by the server.`,
      retryAfterSeconds: 10,
    };
  const allowed = st.disruptionsAllowed ?? 0;
  if (allowed < 0 || Object.keys(st.disruptedPods ?? {}).length > MAX_DISRUPTED_POD_SIZE)
    return {
      outcome: 'error',
      code: 403,
      why: allowed < 0 ? 'negative' : 'too-many-disrupted',
      budgets: [name],
      message: `poddisruptionbudget.policy "${name}" is forbidden: ${
        allowed < 0
          ? 'pdb disruptions allowed is negative'
          : 'DisruptedPods map too big - too many evictions not confirmed by PDB controller'
      }`,
    };
  if (allowed === 0)
    return {
      outcome: 'too-many-requests',
      code: 429,
      why: 'no-disruptions',
      budget: name,
      cause: `The disruption budget ${name} needs ${st.desiredHealthy ?? 0} healthy pods and has ${st.currentHealthy ?? 0} currently`,
      retryAfterSeconds: 0,
    };
  return { outcome: 'deleted', code: 201, why: 'allowed', budget: name };
}
