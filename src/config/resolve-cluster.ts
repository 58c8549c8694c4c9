/**
 * Pick the configured cluster a request is about: the one rule every surface (Slack, Teams, the
 * console, schedules) follows, used by the chat intake (src/intake/intake.ts).
 */
import { ConfigError } from '../errors.js';
import { closestNames } from '../util/closest-names.js';
import type { BotConfig, ClusterConfig } from './bot-config.js';

/** A configured cluster together with its name. */
export type NamedClusterConfig = ClusterConfig & { name: string };

/**
 * What {@link lookUpCluster} found: the cluster, or why there is none: the name wanted (absent when
 * the request named none and nothing is configured as the default), the configured names (in the
 * configuration's order) and those closest to the one wanted.
 */
export type ClusterLookup =
  | { ok: true; cluster: NamedClusterConfig }
  | { ok: false; wanted?: string; names: string[]; suggestions: string[] };

/**
 * The cluster named `name`, else the configured default, else the only configured cluster; no
 * throw. Names are matched exactly (the parser lowercases them; configured names are lowercase), and
 * never against `Object.prototype` members.
 * @param config - the clusters and the default cluster
 * @param name - the cluster a request named (`in prod`, `--cluster prod`), if any
 * @returns the cluster, or what to tell the requester
 */
export function lookUpCluster(
  config: Pick<BotConfig, 'clusters' | 'defaultCluster'>,
  name?: string,
): ClusterLookup {
  const names = Object.keys(config.clusters);
  const wanted = name ?? config.defaultCluster ?? (names.length === 1 ? names[0] : undefined);
  const cluster =
    wanted !== undefined && Object.hasOwn(config.clusters, wanted) ? config.clusters[wanted] : undefined;
  if (wanted !== undefined && cluster !== undefined)
    return { ok: true, cluster: { ...cluster, name: wanted } };
  return {
    ok: false,
    ...(wanted === undefined ? {} : { wanted }),
    names,
    suggestions: wanted === undefined ? [] : closestNames(wanted, names),
  };
}

/**
 * The cluster named `name`, or the configured default (or the only one) when `name` is absent.
 *
 * @param config - the loaded configuration
 * @param name - the cluster a request named (`in prod`, `--cluster prod`), if any
 * @returns the cluster's settings with its `name`
 * @throws ConfigError `cluster-unknown` (not retryable) when no cluster has that name, with
 *   suggestions ("no cluster named stg; did you mean stage? configured: demo, prod, stage"), or when
 *   no name is given and no default is configured
 */
export function resolveCluster(
  config: Pick<BotConfig, 'clusters' | 'defaultCluster'>,
  name?: string,
): NamedClusterConfig {
  const found = lookUpCluster(config, name);
  if (found.ok) return found.cluster;
  const names = [...found.names].sort();
  const configured = names.join(', ');
  if (found.wanted === undefined) {
    throw new ConfigError(
      '',
      `no cluster named in the request and no defaultCluster configured; configured: ${configured}`,
      'cluster-unknown',
    );
  }
  const suggestions = closestNames(found.wanted, names);
  const hint = suggestions.length > 0 ? `; did you mean ${suggestions.join(' or ')}?` : ';';
  throw new ConfigError(
    '',
    `no cluster named ${found.wanted}${hint} configured: ${configured}`,
    'cluster-unknown',
  );
}
