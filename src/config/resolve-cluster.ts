/**
 * Pick the configured cluster a request is about.
 */
import { ConfigError } from '../errors.js';
import { closestNames } from '../util/closest-names.js';
import type { BotConfig, ClusterConfig } from './bot-config.js';

/** A configured cluster together with its name. */
export type NamedClusterConfig = ClusterConfig & { name: string };

/**
 * The cluster named `name`, or the configured default when `name` is absent.
 * Names are matched exactly (the parser lowercases them; configured names are lowercase).
 *
 * @param config - the loaded configuration
 * @param name - the cluster a request named (`in prod`, `--cluster prod`), if any
 * @returns the cluster's settings with its `name`
 * @throws ConfigError `cluster-unknown` (not retryable) when no cluster has that name, with
 *   suggestions ("no cluster named stg; did you mean stage? configured: demo, prod, stage"), or when
 *   no name is given and no default is configured
 */
export function resolveCluster(config: BotConfig, name?: string): NamedClusterConfig {
  const names = Object.keys(config.clusters).sort();
  const wanted = name ?? config.defaultCluster;
  if (wanted === undefined) {
    throw new ConfigError(
      '',
      `no cluster named in the request and no defaultCluster configured; configured: ${names.join(', ')}`,
      'cluster-unknown',
    );
  }
  const cluster = Object.hasOwn(config.clusters, wanted) ? config.clusters[wanted] : undefined;
  if (cluster === undefined) {
    const suggestions = closestNames(wanted, names);
    const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(' or ')}?` : ';';
    throw new ConfigError(
      '',
      `no cluster named ${wanted}${hint} configured: ${names.join(', ')}`,
      'cluster-unknown',
    );
  }
  return { ...cluster, name: wanted };
}
