/**
 * `k8s-ha-bot config check`, beyond the configuration file: the deployment's environment settings
 * (Slack, Teams, ops, rate limit, shutdown) and the maintenance policy file, each validated the way
 * the gateway and worker validate them at start, without connecting to anything (no Redis, no Slack
 * `auth.test`, no Bot Framework token, no cluster API).
 */
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { describeRedisTarget } from '../../src/config/redis-settings.js';
import { loadMaintenancePolicy } from '../../src/maintenance/policy.js';
import { DEV_INSECURE_ENV, devInsecureFrom } from '../../src/ops/dev-insecure.js';
import { OPS_ENV, opsPortFrom } from '../../src/ops/ops-settings.js';
import { WATCH_CACHE_ENV, watchCacheEnabled } from '../../src/cluster/watch-cache.js';
import { DEFAULT_OPS_HOST, LISTEN_HOST_ENV, listenHostFrom } from '../../src/ops/listen-host.js';
import { rateLimitSettingsFrom } from '../../src/ops/rate-limit.js';
import { shutdownDeadlineFrom } from '../../src/ops/shutdown.js';
import { ConfigError } from '../../src/errors.js';
import { queuePrefixFrom } from '../../src/queue/queue-prefix.js';

/**
 * Checks the chat platforms' settings (Slack, Teams) and returns the report's lines for them;
 * supplied by the composition root (adapters/gateway/chat-settings.ts), as the console does not
 * import the chat adapters.
 * @throws ConfigError naming the first bad variable
 */
export type ChatSettingsCheck = (env: Readonly<Record<string, string | undefined>>) => string[];

/**
 * Validate the deployment settings; nothing is started or contacted.
 * @param config - the loaded configuration (already validated by `loadConfig`)
 * @param env - the environment
 * @param checkChat - the Slack and Teams part ({@link ChatSettingsCheck})
 * @returns one line per part checked, for the report (no secret values)
 * @throws ConfigError naming the first bad setting (the variable, or `maintenancePolicy` /
 *   `clusters.NAME.…` inside the policy file)
 */
export async function checkDeploymentSettings(
  config: BotConfig,
  env: Readonly<Record<string, string | undefined>>,
  checkChat: ChatSettingsCheck,
): Promise<string[]> {
  const lines: string[] = [];
  const redis = redisTargetOf(config.redis);
  // Never the password: describeRedisTarget redacts URLs and only says "password set".
  lines.push(
    redis === undefined
      ? 'Redis: not configured (the console answers in-process; the gateway and workers need one)'
      : `Redis: ${describeRedisTarget(redis)}`,
  );
  lines.push(...checkChat(env));
  const readyz = (env[OPS_ENV.readyzClusters] ?? '').trim() || 'required';
  if (readyz !== 'required' && readyz !== 'reported')
    throw new ConfigError(OPS_ENV.readyzClusters, `${JSON.stringify(readyz)}: expected required or reported`);
  const rate = rateLimitSettingsFrom(env);
  lines.push(
    `ops: ${listenHostFrom(env, LISTEN_HOST_ENV.ops) ?? DEFAULT_OPS_HOST} port ${opsPortFrom(env)}, clusters in /readyz ${readyz}, shutdown deadline ${shutdownDeadlineFrom(env)} ms, ` +
      (rate.points === 0
        ? 'no rate limit'
        : `rate limit ${rate.points} requests per ${rate.windowS} s per user`),
  );
  lines.push(
    `queue key prefix: ${queuePrefixFrom(env)} (the same on the gateway, every worker and the console)`,
  );
  lines.push(
    watchCacheEnabled(env)
      ? `worker: answers from a watch cache per cluster when it is in sync (${WATCH_CACHE_ENV}=off to read the cluster for every answer)`
      : `worker: every answer reads the cluster (${WATCH_CACHE_ENV}=off)`,
  );
  if (devInsecureFrom(env))
    lines.push(
      `${DEV_INSECURE_ENV}=1: development mode (Teams may run unauthenticated, on 127.0.0.1 only); never in production`,
    );
  if (config.maintenancePolicy !== undefined) {
    const policy = await loadMaintenancePolicy(config.maintenancePolicy);
    lines.push(`maintenance policy: ${policy.source} OK`);
  } else lines.push('maintenance policy: none (the default policy applies)');
  return lines;
}
