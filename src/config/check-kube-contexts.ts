/**
 * Start-up check that every `context` in the configuration exists in its kubeconfig.
 */
import { ConfigError } from '../errors.js';
import type { BotConfig } from './bot-config.js';

/** What the check needs of a kubeconfig: its context names (a client-node `KubeConfig` has it too). */
export interface KubeContextSource {
  getContexts(): { name: string }[];
}

/**
 * Loads the kubeconfig a cluster uses: `path` when the cluster sets `kubeconfig`, else the
 * client's default lookup (see `loadKubeContextNames`). May throw; the check reports it.
 */
export type KubeConfigLoader = (path: string | undefined) => KubeContextSource;

/**
 * Check that each cluster's `context` exists in its kubeconfig. Each kubeconfig is loaded once.
 * Snapshot and in-cluster clusters are not checked.
 *
 * @param config - the loaded configuration
 * @param loadKubeConfig - loads a kubeconfig (injected: tests pass one built from a string)
 * @throws ConfigError `kube-context-unknown` with path `clusters.NAME.context`:
 *   `no context "prod-admin" in kubeconfig (available: a, b)`; ConfigError `config-invalid` with
 *   path `clusters.NAME.kubeconfig` (or `.context` for the default lookup) when the loader fails
 */
export function checkKubeContexts(config: BotConfig, loadKubeConfig: KubeConfigLoader): void {
  const loaded = new Map<string | undefined, string[]>();
  for (const [name, cluster] of Object.entries(config.clusters)) {
    if (cluster.kind !== 'context') continue;
    let contexts = loaded.get(cluster.kubeconfig);
    if (contexts === undefined) {
      const where = cluster.kubeconfig ?? 'the default kubeconfig (KUBECONFIG or ~/.kube/config)';
      try {
        contexts = loadKubeConfig(cluster.kubeconfig)
          .getContexts()
          .map((c) => c.name);
      } catch (err) {
        const setting = cluster.kubeconfig === undefined ? 'context' : 'kubeconfig';
        throw new ConfigError(
          `clusters.${name}.${setting}`,
          `cannot load ${where}: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
      loaded.set(cluster.kubeconfig, contexts);
    }
    if (!contexts.includes(cluster.context)) {
      const available = contexts.length > 0 ? contexts.join(', ') : 'none';
      throw new ConfigError(
        `clusters.${name}.context`,
        `no context "${cluster.context}" in kubeconfig (available: ${available})`,
        'kube-context-unknown',
      );
    }
  }
}
