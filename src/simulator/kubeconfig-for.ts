/**
 * A kubeconfig for the simulator (plain HTTP on loopback, a dummy bearer token).
 */
import { stringify } from 'yaml';

/**
 * Build a kubeconfig YAML with one cluster, user and context, all named `name`.
 * @param url - the simulator URL, e.g. `http://127.0.0.1:40123`
 * @param name - cluster/user/context name (default `simulator`)
 * @returns kubeconfig YAML text (current-context set)
 */
export function kubeconfigFor(url: string, name = 'simulator'): string {
  return stringify({
    apiVersion: 'v1',
    kind: 'Config',
    clusters: [{ name, cluster: { server: url } }],
    users: [{ name, user: { token: 'simulator-token' } }],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
    preferences: {},
  });
}
