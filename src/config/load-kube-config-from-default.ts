/**
 * The real kubeconfig loader for {@link checkKubeContexts} and the cluster readers.
 * Kept in its own module so importing the configuration code does not load @kubernetes/client-node.
 */
import { KubeConfig } from '@kubernetes/client-node';
import { isClientFallback } from '../cluster/kube-config-for-context.js';
import { ConfigError } from '../errors.js';

/**
 * Load a kubeconfig: the file at `path`, else the client's default lookup (`KUBECONFIG`, then
 * `~/.kube/config`, then the in-cluster service account).
 *
 * client-node's last resort when none of those exist (`http://localhost:8080`, context
 * `loaded-context`) is refused: no silent fallback.
 *
 * @param path - absolute path of a kubeconfig file, or undefined for the default lookup
 * @returns the loaded KubeConfig
 * @throws ConfigError `config-not-found` when no kubeconfig exists; whatever client-node throws
 *   for an unreadable or malformed file
 */
export function loadKubeConfigFromDefault(path: string | undefined): KubeConfig {
  const kc = new KubeConfig();
  if (path === undefined) {
    kc.loadFromDefault();
    if (isClientFallback(kc)) {
      throw new ConfigError(
        '',
        'no kubeconfig found: set KUBECONFIG, create ~/.kube/config, or run in a pod with a service account',
        'config-not-found',
      );
    }
  } else kc.loadFromFile(path);
  return kc;
}
