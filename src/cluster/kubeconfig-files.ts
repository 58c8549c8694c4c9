/**
 * Which kubeconfig files kubectl reads when none is named, and how it merges a `KUBECONFIG` list
 * (client-go tools/clientcmd/loader.go): shared by the readers of src/cluster and the context
 * names of `config check` (src/config/kube-context-names.ts), so that they agree.
 * @see https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Where the in-cluster service account's token is mounted (client-node `loadFromDefault`). */
export const SERVICE_ACCOUNT_TOKEN = '/var/run/secrets/kubernetes.io/serviceaccount/token';

/**
 * `KUBECONFIG` and `HOME` as the settings read them (src/config/settings.ts `Settings.kubeconfig`
 * and `Settings.home`): only the settings module reads the environment
 * (test/unit/settings-read-once.test.ts), every reader of the default kubeconfig is handed these.
 */
export interface KubeconfigLookup {
  /** `KUBECONFIG` as set: one file or a `path.delimiter`-separated list. */
  kubeconfig?: string;
  /** `HOME`, for `~/.kube/config`. */
  home?: string;
}

/**
 * The kubeconfig files of kubectl's default lookup (client-go tools/clientcmd/loader.go
 * `NewDefaultClientConfigLoadingRules`): the `KUBECONFIG` list, else `$HOME/.kube/config` when it
 * exists, else none (in-cluster). A name of the list that does not exist is left out, as client-go's
 * `ClientConfigLoadingRules.Load` skips a missing file of its precedence list (`KUBECONFIG=a:b` with
 * no `b` reads `a`); only an explicit `--kubeconfig` that is missing is an error (the callers' `path`).
 * A list none of whose files exists gives none (then the in-cluster service account, as kubectl).
 * @param system - `KUBECONFIG` and `HOME` ({@link KubeconfigLookup})
 * @returns the existing files in order, possibly none
 */
export function defaultKubeconfigFiles(system: KubeconfigLookup): string[] {
  const listed = (system.kubeconfig ?? '').split(delimiter).filter((f) => f !== '');
  if (listed.length > 0) return listed.filter((f) => existsSync(f));
  const home =
    system.home !== undefined && system.home !== '' ? join(system.home, '.kube', 'config') : undefined;
  return home !== undefined && existsSync(home) ? [home] : [];
}

/**
 * kubectl's merge of named entries over a `KUBECONFIG` list (kubernetes.io, "Organizing Cluster
 * Access Using kubeconfig Files", merging rules; client-go tools/clientcmd/loader.go `Load`): the
 * first file to set a name wins and its entry is kept whole; a later entry of that name is
 * discarded, even its fields the first lacks. client-node's `mergeConfig` throws instead.
 * @param lists - one list of entries per file, in `KUBECONFIG` order
 * @returns the entries, first file first, each name once
 */
export function firstByName<T extends { name: string }>(lists: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  return lists.flat().filter((e) => !seen.has(e.name) && seen.add(e.name));
}

/**
 * Why the default lookup found no kubeconfig, naming where it looked: the `KUBECONFIG` files (none
 * of which exists), else `~/.kube/config` and the service account.
 * @param system - `KUBECONFIG` and `HOME` ({@link KubeconfigLookup})
 */
export function noKubeconfigMessage(system: KubeconfigLookup): string {
  const listed = (system.kubeconfig ?? '').split(delimiter).filter((f) => f !== '');
  return listed.length > 0
    ? `no kubeconfig found: none of the KUBECONFIG files exists (${listed.join(', ')}), and no service account is mounted`
    : 'no kubeconfig found: set KUBECONFIG, create ~/.kube/config, or run in a pod with a service account';
}
