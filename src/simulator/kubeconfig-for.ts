/**
 * A kubeconfig for the simulator (plain HTTP on loopback, a dummy bearer token).
 *
 * `insecure-skip-tls-verify: true` is set because @kubernetes/client-node 1.4 refuses an `http:`
 * server otherwise ("HTTP protocol is not allowed when skipTLSVerify is not set or false"); there
 * is no TLS to verify on plain HTTP, and kubectl accepts it.
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
    clusters: [{ name, cluster: { server: url, 'insecure-skip-tls-verify': true } }],
    users: [{ name, user: { token: 'simulator-token' } }],
    contexts: [{ name, context: { cluster: name, user: name } }],
    'current-context': name,
    preferences: {},
  });
}
