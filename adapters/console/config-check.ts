/**
 * `k8s-ha-bot config check`, beyond the configuration file: the deployment's environment settings
 * (Slack, Teams, ops, rate limit, shutdown) and the maintenance policy file, each validated the way
 * the gateway and worker validate them at start, without connecting to anything (no Redis, no Slack
 * `auth.test`, no Bot Framework token, no cluster API).
 */
import { redisTargetOf } from '../../src/config/bot-config.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { describeRedisTarget } from '../../src/config/redis-settings.js';
import {
  DEV_INSECURE_ENV,
  WATCH_CACHE_ENV,
  describeSettings,
  opsPortShown,
} from '../../src/config/settings.js';
import type { Settings } from '../../src/config/settings.js';
import { loadMaintenancePolicy } from '../../src/maintenance/policy.js';

/**
 * Checks the chat platforms' settings (Slack, Teams) and returns the report's lines for them;
 * supplied by the composition root (adapters/gateway/check-chat-settings.ts), as the console does not
 * import the chat adapters.
 * @throws ConfigError naming the first bad variable
 */
export type ChatSettingsCheck = (settings: Pick<Settings, 'chat'>) => string[];

/**
 * Validate the deployment settings; nothing is started or contacted.
 * @param config - the loaded configuration (already validated by `loadConfig`)
 * @param settings - the process's settings (`loadSettings`: already validated, except the chat
 *   platforms' own problems, which `checkChat` raises for a platform the environment asks for)
 * @param checkChat - the Slack and Teams part ({@link ChatSettingsCheck})
 * @returns one line per part checked, then every setting (`describeSettings`), for the report (no secret values)
 * @throws ConfigError naming the first bad setting (the variable, or `maintenancePolicy` /
 *   `clusters.NAME.…` inside the policy file)
 */
export async function checkDeploymentSettings(
  config: BotConfig,
  settings: Settings,
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
  lines.push(...checkChat(settings));
  const { ops, queue, worker } = settings;
  const rate = ops.rateLimit;
  lines.push(
    `ops: ${ops.host} port ${opsPortShown(ops)}, clusters in /readyz ${ops.readyzClusters}, shutdown deadline ${ops.shutdownDeadlineMs} ms, ` +
      (rate.points === 0
        ? 'no rate limit'
        : `rate limit ${rate.points} requests per ${rate.windowS} s per user`),
  );
  lines.push(`queue key prefix: ${queue.prefix} (the same on the gateway, every worker and the console)`);
  lines.push(
    worker.watchCache
      ? `worker: answers from a watch cache per cluster when it is in sync (${WATCH_CACHE_ENV}=off to read the cluster for every answer)`
      : `worker: every answer reads the cluster (${WATCH_CACHE_ENV}=off)`,
  );
  if (ops.devInsecure)
    lines.push(
      `${DEV_INSECURE_ENV}=1: development mode (Teams may run unauthenticated, on 127.0.0.1 only); never in production`,
    );
  if (config.maintenancePolicy !== undefined) {
    const policy = await loadMaintenancePolicy(config.maintenancePolicy);
    lines.push(`maintenance policy: ${policy.source} OK`);
  } else lines.push('maintenance policy: none (the default policy applies)');
  lines.push('settings (environment and defaults, as every process reads them):');
  lines.push(...describeSettings(settings).map((line) => `  ${line}`));
  return lines;
}
