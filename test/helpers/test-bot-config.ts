/**
 * The bot configuration the chat-adapter tests run with: snapshot clusters (nothing is asked of a
 * live API server), English, silent logs, a 5 s request timeout and a 20 s deadline per cluster.
 */
import type { BotConfig } from '../../src/config/bot-config.js';

/**
 * A bot configuration of snapshot clusters, the first one the default.
 * @param redisUrl - the Redis the bot's queues and stores use (`redis://…`); '' for none (the console
 *   answering in-process)
 * @param o - `snapshot`: the snapshot file every cluster reads (default `unused.json`, for tests in
 *   which no answer is computed); `clusters`: the cluster names (default `['prod']`)
 * @returns the configuration; a new object on each call
 */
export function testBotConfig(
  redisUrl: string,
  o: { snapshot?: string; clusters?: string[] } = {},
): BotConfig {
  const cluster = {
    kind: 'snapshot' as const,
    snapshot: o.snapshot ?? 'unused.json',
    requestTimeoutMs: 5000,
    deadlineMs: 20000,
  };
  const names = o.clusters ?? ['prod'];
  return {
    source: 'test',
    clusters: Object.fromEntries(names.map((name) => [name, cluster])),
    defaultCluster: names[0] ?? 'prod',
    locale: 'en',
    ...(redisUrl === '' ? {} : { redis: { url: redisUrl } }),
    jobTimeoutMs: 60000,
    logLevel: 'silent',
  };
}
