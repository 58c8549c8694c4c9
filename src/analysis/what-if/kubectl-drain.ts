/**
 * A pasted `kubectl drain|cordon|uncordon` (issue 30, item 3): what its flags do to the node's pods,
 * from the drain model the plain question uses: kubectl's pod filters (../drain-filters.ts
 * `drainFilter`, run with the flags as pasted) and the Eviction API (../eviction-api.ts).
 *
 * Sources: kubectl drain reference, https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/
 * (`--force`, `--ignore-daemonsets`, `--delete-emptydir-data`, `--disable-eviction` "force drain to
 * use delete, even if eviction is supported. This will bypass checking PodDisruptionBudgets",
 * `--pod-selector`, `--grace-period`, `--timeout`, `--dry-run`); k8s.io/kubectl/pkg/drain
 * (`GetPodsForDeletion` lists the node's pods with the pod selector before the filters run).
 */
import type { ClusterSnapshot, KPod } from '../../cluster/types.js';
import type { KubectlDrainFlags } from '../../commands/types.js';
import {
  type ClusterIndex,
  isDaemonSetPod,
  isFinished,
  isMirrorPod,
  isPodReady,
  podKey,
} from '../cluster-index.js';
import { drainFilter } from '../drain-filters.js';
import { budgetStatusComputed, budgetsOfPod, ignoresBudgets } from '../eviction-api.js';
import { finding } from '../finding.js';
import type { Finding } from '../types.js';
import { daemonSetSeen } from '../workload-checks.js';

/**
 * Whether a pod's labels match a label selector as kubectl parses it, for the forms `k=v`, `k==v`,
 * `k!=v`, `k`, `!k`, comma-separated; null for a form this does not read (`k in (a,b)`).
 * @param selector - the selector as pasted
 * @param labels - the pod's labels
 */
function selectorMatch(selector: string, labels: Record<string, string>): boolean | null {
  for (const part of selector.split(',').map((x) => x.trim())) {
    const m = /^(!?)([a-z0-9A-Z./_-]+)(?:\s*(==|=|!=)\s*([a-zA-Z0-9._-]*))?$/u.exec(part);
    if (m === null) return null;
    const [, not, key = '', op, value = ''] = m;
    const has = Object.hasOwn(labels, key);
    if (op === undefined) {
      if ((not === '!') === has) return false;
    } else if (not === '!') return null;
    else if (op === '!=' ? labels[key] === value : labels[key] !== value) return false;
  }
  return true;
}

/**
 * The cluster as the drain model sees a pasted drain (one model for the whole answer):
 * - `--disable-eviction`: without the PodDisruptionBudgets, as a DELETE reads none (the flag's
 *   finding names them, from the cluster as read);
 * - `--pod-selector`: without the node's pods the selector leaves, as kubectl lists only the
 *   matching pods before its filters run (k8s.io/kubectl/pkg/drain `GetPodsForDeletion`): those
 *   keep running there, untouched (the `pod-selector` finding counts them). Mirror pods stay (the
 *   control plane is read from them; the drain skips them anyway); a selector form not read here
 *   leaves every pod in (`pod-selector-unread` says so);
 * - `--grace-period` (0 or more): the node's pods stop within it instead of their own
 *   `terminationGracePeriodSeconds` (kubectl passes it as the eviction's DeleteOptions; negative:
 *   the pod's own), so the drain's time estimate reads it.
 * @param snapshot - the cluster as read
 * @param node - the node drained
 * @param flags - the pasted flags
 * @returns the snapshot itself when the flags change nothing, else a changed copy
 */
export function drainModelSnapshot(
  snapshot: ClusterSnapshot,
  node: string,
  flags: KubectlDrainFlags,
): ClusterSnapshot {
  const selector = flags.podSelector;
  const left = new Set(
    selector === undefined
      ? []
      : snapshot.pods
          .filter((p) => p.spec?.nodeName === node && !isMirrorPod(p))
          .filter((p) => selectorMatch(selector, p.metadata.labels ?? {}) === false)
          .map(podKey),
  );
  const grace = flags.gracePeriodS !== undefined && flags.gracePeriodS >= 0 ? flags.gracePeriodS : undefined;
  if (!flags.disableEviction && left.size === 0 && grace === undefined) return snapshot;
  return {
    ...snapshot,
    pods: snapshot.pods
      .filter((p) => !left.has(podKey(p)))
      .map((p) =>
        grace === undefined || p.spec?.nodeName !== node
          ? p
          : { ...p, spec: { ...p.spec, terminationGracePeriodSeconds: grace } },
      ),
    podSummaries: snapshot.podSummaries.filter((p) => !left.has(`${p.namespace}/${p.name}`)),
    podDisruptionBudgets: flags.disableEviction ? [] : snapshot.podDisruptionBudgets,
  };
}

/**
 * The PodDisruptionBudgets a deletion of `pods` all at once goes past, and those it takes below
 * their minimum. A DELETE never reads a budget; only the Eviction API does ("Disruptions",
 * https://kubernetes.io/docs/concepts/workloads/pods/disruptions/: `kubectl drain
 * --disable-eviction` and `kubectl delete node` delete). A budget allows `disruptionsAllowed =
 * currentHealthy - desiredHealthy` (k8s.io/kubernetes/pkg/controller/disruption), so deleting more
 * of its healthy pods than that at once leaves fewer healthy pods than it requires. A budget whose
 * status the disruption controller has not computed cannot tell: it is counted below (unknown is
 * never within).
 * @param index - the cluster index
 * @param pods - the pods deleted at once
 * @returns `bypassed`: every budget selecting one of the pods; `below`: those taken below their
 *   minimum; both `ns/name`, in the order first met
 */
export function budgetsBypassed(
  index: ClusterIndex,
  pods: readonly KPod[],
): { bypassed: string[]; below: string[] } {
  const deleted = new Map<string, { healthy: number; allowed: number; computed: boolean }>();
  for (const pod of pods) {
    const ns = pod.metadata.namespace ?? 'default';
    for (const b of budgetsOfPod(pod, index.snapshot.podDisruptionBudgets)) {
      const key = `${ns}/${b.metadata.name}`;
      const d = deleted.get(key) ?? {
        healthy: 0,
        allowed: b.status?.disruptionsAllowed ?? 0,
        computed: budgetStatusComputed(b),
      };
      // A pod the API server would delete without its budget (not Ready, Pending, finishing) is
      // not one of its healthy pods: deleting it spends nothing.
      if (isPodReady(pod) && !ignoresBudgets(pod)) d.healthy += 1;
      deleted.set(key, d);
    }
  }
  return {
    bypassed: [...deleted.keys()],
    below: [...deleted].filter(([, d]) => !d.computed || d.healthy > d.allowed).map(([k]) => k),
  };
}

/**
 * The findings of a pasted kubectl command on a node (check `kubectl-drain`, data plane):
 * - `cordon` / `uncordon` (info): what the verb alone does (no pod is evicted);
 * - `refused` (block): pods the drain refuses with these flags, and the flag each needs; kubectl
 *   stops before evicting anything;
 * - `force-deletes` (warn): pods with no controller (or of a DaemonSet that is gone) that `--force`
 *   deletes for good; `force-nothing` (info) when there are none;
 * - `emptydir-deletes` (warn): the emptyDir volumes whose data the emptyDir flag deletes;
 *   `emptydir-nothing` (info);
 * - `eviction-disabled` (warn): the PodDisruptionBudgets `--disable-eviction` bypasses
 *   (`eviction-disabled-refusing`: it takes some of them below their minimum, `refusing`;
 *   {@link budgetsBypassed});
 *   `eviction-disabled-none` (info) when no budget covers the pods;
 * - `pod-selector` (info): how many pods it drains and leaves; `pod-selector-unread` (info) for a
 *   selector form not read here (the answer then covers every pod);
 * - `grace-period`, `dry-run` (info): what those flags change (`--timeout` is said where the
 *   drain sequence is known: ./drain.ts).
 * @param index - the cluster index
 * @param node - the node
 * @param kubectl - the pasted verb and flags
 */
export function kubectlDrainFindings(
  index: ClusterIndex,
  node: string,
  kubectl: { verb: 'drain' | 'cordon' | 'uncordon' | 'delete-node'; flags: KubectlDrainFlags },
): Finding[] {
  const f = (
    severity: 'block' | 'warn' | 'info',
    variant: string,
    facts: Record<string, string | number | readonly string[]> = {},
  ): Finding => finding('kubectl-drain', 'data', severity, variant, { node, ...facts });
  if (kubectl.verb !== 'drain') return [f('info', kubectl.verb)];
  const { flags } = kubectl;
  const out: Finding[] = [];
  let pods = (index.podsByNode.get(node) ?? []).filter((p) => !isFinished(p));
  if (flags.podSelector !== undefined) {
    const selector = flags.podSelector;
    const matched = pods.map((p) => selectorMatch(selector, p.metadata.labels ?? {}));
    if (matched.some((m) => m === null)) out.push(f('info', 'pod-selector-unread', { selector }));
    else {
      const kept = pods.filter((_p, i) => matched[i] === true);
      out.push(f('info', 'pod-selector', { selector, count: kept.length, left: pods.length - kept.length }));
      pods = kept;
    }
  }
  const verdicts = pods.map((p) => ({
    pod: p,
    v: drainFilter(p, !isDaemonSetPod(p) || daemonSetSeen(index, p), flags),
  }));
  const refused = verdicts.filter((x) => x.v.verdict === 'error');
  if (refused.length > 0)
    out.push(
      f('block', 'refused', {
        count: refused.length,
        pods: refused.map((x) => `${podKey(x.pod)} (${x.v.verdict === 'error' ? (x.v.needs ?? '') : ''})`),
      }),
    );
  const warned = (w: string): KPod[] =>
    verdicts.filter((x) => x.v.verdict === 'delete' && x.v.warning === w).map((x) => x.pod);
  if (flags.force) {
    const lost = [...warned('unmanaged'), ...warned('orphaned-daemonset')];
    out.push(
      lost.length > 0
        ? f('warn', 'force-deletes', { count: lost.length, pods: lost.map(podKey) })
        : f('info', 'force-nothing'),
    );
  }
  if (flags.deleteEmptyDirData) {
    const data = warned('emptydir').map(
      (p) =>
        `${podKey(p)} (${(p.spec?.volumes ?? [])
          .filter((v) => v.emptyDir !== undefined)
          .map((v) => v.name)
          .join(', ')})`,
    );
    out.push(
      data.length > 0
        ? f('warn', 'emptydir-deletes', { count: data.length, pods: data })
        : f('info', 'emptydir-nothing'),
    );
  }
  if (flags.disableEviction) {
    const { bypassed, below } = budgetsBypassed(
      index,
      verdicts.filter((x) => x.v.verdict === 'delete').map((x) => x.pod),
    );
    out.push(
      bypassed.length === 0
        ? f('info', 'eviction-disabled-none')
        : below.length === 0
          ? f('warn', 'eviction-disabled', { count: bypassed.length, budgets: bypassed })
          : f('warn', 'eviction-disabled-refusing', {
              count: bypassed.length,
              budgets: bypassed,
              refusing: below,
            }),
    );
  }
  if (flags.gracePeriodS !== undefined && flags.gracePeriodS >= 0)
    out.push(f('info', 'grace-period', { seconds: flags.gracePeriodS }));
  if (flags.dryRun === true) out.push(f('info', 'dry-run'));
  return out;
}
