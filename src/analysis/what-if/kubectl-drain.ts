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
import type { KPod } from '../../cluster/types.js';
import type { KubectlDrainFlags } from '../../commands/types.js';
import { type ClusterIndex, isDaemonSetPod, isFinished, podKey } from '../cluster-index.js';
import { drainFilter } from '../drain-filters.js';
import { budgetsOfPod, decideEviction } from '../eviction-api.js';
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
 * The findings of a pasted kubectl command on a node (check `kubectl-drain`, data plane):
 * - `cordon` / `uncordon` (info): what the verb alone does (no pod is evicted);
 * - `refused` (block): pods the drain refuses with these flags, and the flag each needs; kubectl
 *   stops before evicting anything;
 * - `force-deletes` (warn): pods with no controller (or of a DaemonSet that is gone) that `--force`
 *   deletes for good; `force-nothing` (info) when there are none;
 * - `emptydir-deletes` (warn): the emptyDir volumes whose data the emptyDir flag deletes;
 *   `emptydir-nothing` (info);
 * - `eviction-disabled` (warn): the PodDisruptionBudgets `--disable-eviction` bypasses
 *   (`eviction-disabled-refusing`: some of them would refuse an eviction now, `refusing`);
 *   `eviction-disabled-none` (info) when no budget covers the pods;
 * - `pod-selector` (info): how many pods it drains and leaves; `pod-selector-unread` (info) for a
 *   selector form not read here (the answer then covers every pod);
 * - `grace-period`, `timeout`, `dry-run` (info): what those flags change.
 * @param index - the cluster index
 * @param node - the node
 * @param kubectl - the pasted verb and flags
 */
export function kubectlDrainFindings(
  index: ClusterIndex,
  node: string,
  kubectl: { verb: 'drain' | 'cordon' | 'uncordon'; flags: KubectlDrainFlags },
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
    const budgets = index.snapshot.podDisruptionBudgets;
    const bypassed = new Set<string>();
    const refusing = new Set<string>();
    for (const { pod } of verdicts.filter((x) => x.v.verdict === 'delete')) {
      const mine = budgetsOfPod(pod, budgets);
      const ns = pod.metadata.namespace ?? 'default';
      for (const b of mine) bypassed.add(`${ns}/${b.metadata.name}`);
      const d = decideEviction(pod, mine);
      if (d.outcome !== 'deleted') for (const b of mine) refusing.add(`${ns}/${b.metadata.name}`);
    }
    out.push(
      bypassed.size === 0
        ? f('info', 'eviction-disabled-none')
        : refusing.size === 0
          ? f('warn', 'eviction-disabled', { count: bypassed.size, budgets: [...bypassed] })
          : f('warn', 'eviction-disabled-refusing', {
              count: bypassed.size,
              budgets: [...bypassed],
              refusing: [...refusing],
            }),
    );
  }
  if (flags.gracePeriodS !== undefined && flags.gracePeriodS >= 0)
    out.push(f('info', 'grace-period', { seconds: flags.gracePeriodS }));
  if (flags.timeout !== undefined) out.push(f('info', 'timeout', { timeout: flags.timeout }));
  if (flags.dryRun === true) out.push(f('info', 'dry-run'));
  return out;
}
