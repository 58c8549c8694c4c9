/**
 * The real kubeconfig loader for {@link checkKubeContexts} and the cluster readers.
 * Kept in its own module so importing the configuration code does not load @kubernetes/client-node.
 */
import { KubeConfig } from '@kubernetes/client-node';

/**
 * Load a kubeconfig: the file at `path`, else the client's default lookup (`KUBECONFIG`, then
 * `~/.kube/config`, then the in-cluster service account).
 *
 * Note: when none of those exist, client-node's `loadFromDefault` falls back to a cluster at
 * `http://localhost:8080` with a context named `loaded-context`; callers must not treat that as a
 * real cluster (a configured `context` will simply not be found in it).
 *
 * @param path - absolute path of a kubeconfig file, or undefined for the default lookup
 * @returns the loaded KubeConfig
 * @throws whatever client-node throws for an unreadable or malformed file
 */
export function loadKubeConfigFromDefault(path: string | undefined): KubeConfig {
  const kc = new KubeConfig();
  if (path === undefined) kc.loadFromDefault();
  else kc.loadFromFile(path);
  return kc;
}
