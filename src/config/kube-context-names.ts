/**
 * The context names of the kubeconfig a configured cluster uses, for `config check`, read without
 * loading @kubernetes/client-node: loading the client takes about 1.1 to 1.7 s on a busy 2-core
 * machine (the generated API and its auth plugins), all of it for a list of names (issue 31:
 * `config check` took 7.5 s while contacting nothing).
 *
 * The files are found and merged as the cluster readers find and merge them
 * (src/cluster/kubeconfig-files.ts, `kubeConfigForContext`), so the check and the readers agree:
 * `KUBECONFIG` (a `path.delimiter`-separated list, every file read, a context name in two files
 * taken once, from the first: kubectl's merging rules), else `$HOME/.kube/config`, else the
 * in-cluster service account (its one context `inClusterContext`); with none of those, the
 * client's `http://localhost:8080` fallback is refused. Each file's
 * `clusters`, `contexts` and `users` go through the client's own parsers (`newClusters`,
 * `newContexts`, `newUsers`: same validation, same messages), whose module imports nothing else of
 * the client (the package has no `exports` map; its version is pinned, ~1.4).
 */
import { existsSync as exists, readFileSync } from 'node:fs';
import { newClusters, newContexts, newUsers } from '@kubernetes/client-node/dist/config_types.js';
import {
  defaultKubeconfigFiles,
  firstByName,
  noKubeconfigMessage,
  SERVICE_ACCOUNT_TOKEN,
} from '../cluster/kubeconfig-files.js';
import { ConfigError } from '../errors.js';
import { yamlLib } from '../util/lazy-yaml.js';
import type { KubeContextSource } from './check-kube-contexts.js';
import type { Settings } from './settings.js';

/** The contexts of one kubeconfig file, its entries checked by the client's own parsers, in its order. */
function contextsOfFile(file: string): { name: string }[] {
  const doc = (yamlLib().parse(readFileSync(file, 'utf8')) ?? {}) as Record<string, unknown>;
  // The order of KubeConfig.loadFromString: the first invalid entry is the one reported.
  newClusters(doc.clusters);
  const contexts = newContexts(doc.contexts);
  newUsers(doc.users);
  return contexts;
}

/**
 * Load the context names of a kubeconfig: the file at `path`, else the client's default lookup.
 * @param path - absolute path of a kubeconfig file, or undefined for the default lookup
 * @param system - `KUBECONFIG` and `HOME` as the settings read them ({@link Settings}: the environment
 *   is read only by the settings module, test/unit/settings-read-once.test.ts)
 * @param serviceAccountToken - the in-cluster token file (tests point it elsewhere)
 * @returns the names, in file order (a {@link KubeContextSource} for `checkKubeContexts`)
 * @throws ConfigError `config-not-found` when no kubeconfig exists; Error for a file that cannot be
 *   read or parsed or an invalid entry (`contexts[0].context.cluster is missing`), as the client
 *   throws them
 */
export function loadKubeContextNames(
  path: string | undefined,
  system: Pick<Settings, 'kubeconfig' | 'home'>,
  serviceAccountToken = SERVICE_ACCOUNT_TOKEN,
): KubeContextSource {
  const names = (): string[] => {
    if (path !== undefined) return contextsOfFile(path).map((c) => c.name);
    const files = defaultKubeconfigFiles(system);
    if (files.length > 0) return firstByName(files.map(contextsOfFile)).map((c) => c.name);
    if (exists(serviceAccountToken)) return ['inClusterContext'];
    throw new ConfigError('', noKubeconfigMessage(system), 'config-not-found');
  };
  const list = names();
  return { getContexts: () => list.map((name) => ({ name })) };
}
