/**
 * kubectl drain's pod filters, as kubectl decides them (issue 28, item 3): which pods of a node a
 * drain deletes, skips, or refuses, and with which flags. Pure.
 *
 * k8s.io/kubectl/pkg/drain/filters.go (`makeFilters`): the filters run in this order and the
 * first that does not delete a pod decides for it:
 * 1. `daemonSetFilter`: a pod whose controller is a DaemonSet is okay when finished (Succeeded or
 *    Failed: "any finished pod can be removed"); when its DaemonSet is not found it is an error
 *    (`daemonsets.apps "NAME" not found`), or deleted with a warning under `--force`; else an
 *    error without `--ignore-daemonsets`, skipped with a warning with it.
 * 2. `mirrorPodFilter`: a mirror (static) pod is skipped, silently.
 * 3. `localStorageFilter`: a running pod with an emptyDir volume is an error without
 *    `--delete-emptydir-data` (named `--delete-local-data` before kubectl v1.20).
 * 4. `unreplicatedFilter`: a running pod without a controller is an error without `--force`,
 *    deleted with a warning with it.
 * Pods left are deleted through the Eviction API (src/analysis/eviction-api.ts); kubectl retries
 * an eviction answered 429 every 5 s and stops on any other error (drain.go `evictPods`).
 * Any error above stops the drain before it evicts anything ("cannot delete …").
 */
import type { KPod } from '../cluster/types.js';
import { controllerOf, isFinished, isMirrorPod } from './cluster-index.js';

/** The flags of `kubectl drain` the filters read. */
export interface DrainFlags {
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  force: boolean;
}

/**
 * kubectl's verdict on one pod:
 * - `delete`: evicted (or deleted); `warning` names why when a flag let it through;
 * - `skip`: left on the node (a mirror pod; a DaemonSet pod with `--ignore-daemonsets`);
 * - `error`: the drain refuses to start; `needs` is the flag that would let it through
 *   (null for none: a DaemonSet pod whose DaemonSet exists cannot be deleted by a drain).
 */
export type DrainFilterVerdict =
  | { verdict: 'delete'; warning: 'orphaned-daemonset' | 'emptydir' | 'unmanaged' | null }
  | { verdict: 'skip'; why: 'mirror' | 'daemonset' }
  | {
      verdict: 'error';
      why: 'daemonset' | 'orphaned-daemonset' | 'emptydir' | 'unmanaged';
      needs: '--ignore-daemonsets' | '--force' | '--delete-emptydir-data';
    };

/**
 * kubectl drain's filters for one pod.
 * @param pod - a pod on the node
 * @param daemonSetFound - whether the pod's controlling DaemonSet exists (read only for DaemonSet pods)
 * @param flags - the drain's flags
 * @returns the verdict
 */
export function drainFilter(pod: KPod, daemonSetFound: boolean, flags: DrainFlags): DrainFilterVerdict {
  const ctrl = controllerOf(pod);
  const finished = isFinished(pod);
  let warning: 'orphaned-daemonset' | 'emptydir' | 'unmanaged' | null = null;
  if (ctrl?.kind === 'DaemonSet' && !finished) {
    if (!daemonSetFound) {
      if (!flags.force) return { verdict: 'error', why: 'orphaned-daemonset', needs: '--force' };
      warning = 'orphaned-daemonset';
    } else if (!flags.ignoreDaemonSets)
      return { verdict: 'error', why: 'daemonset', needs: '--ignore-daemonsets' };
    else return { verdict: 'skip', why: 'daemonset' };
  }
  if (isMirrorPod(pod)) return { verdict: 'skip', why: 'mirror' };
  if (!finished && (pod.spec?.volumes ?? []).some((v) => v.emptyDir !== undefined)) {
    if (!flags.deleteEmptyDirData)
      return { verdict: 'error', why: 'emptydir', needs: '--delete-emptydir-data' };
    warning = 'emptydir';
  }
  if (!finished && ctrl === null) {
    if (!flags.force) return { verdict: 'error', why: 'unmanaged', needs: '--force' };
    warning = 'unmanaged';
  }
  return { verdict: 'delete', warning };
}
