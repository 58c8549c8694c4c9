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
import { OPS_ENV, opsPortFrom } from '../../src/ops/ops-server.js';
import { WATCH_CACHE_ENV, watchCacheEnabled } from '../../src/cluster/watch-cache.js';
import { DEFAULT_OPS_HOST, LISTEN_HOST_ENV, listenHostFrom } from '../../src/ops/listen-host.js';
import { rateLimitSettingsFrom } from '../../src/ops/rate-limit.js';
import { shutdownDeadlineFrom } from '../../src/ops/shutdown.js';
import { ConfigError } from '../../src/errors.js';
import { queuePrefixFrom } from '../../src/queue/queue-prefix.js';
import { loadSlackConfig } from '../slack/slack-config.js';
import { loadTeamsConfig, teamsConfigured } from '../teams/teams-config.js';

/** Whether any Slack secret is set (as the gateway decides; empty values count as unset). */
function slackConfigured(env: Readonly<Record<string, string | undefined>>): boolean {
  return ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'].some(
    (k) => (env[k] ?? '').trim() !== '',
  );
}

/**
 * Validate the deployment settings; nothing is started or contacted.
 * @param config - the loaded configuration (already validated by `loadConfig`)
 * @param env - the environment
 * @returns one line per part checked, for the report (no secret values)
 * @throws ConfigError naming the first bad setting (the variable, or `maintenancePolicy` /
 *   `clusters.NAME.…` inside the policy file)
 */
export async function checkDeploymentSettings(
  config: BotConfig,
  env: Readonly<Record<string, string | undefined>>,
): Promise<string[]> {
  const lines: string[] = [];
  const redis = redisTargetOf(config.redis);
  // Never the password: describeRedisTarget redacts URLs and only says "password set".
  lines.push(redis === undefined ? 'Redis: not configured (the console answers in-process; the gateway and workers need one)' : `Redis: ${describeRedisTarget(redis)}`);
  if (slackConfigured(env)) {
    const slack = loadSlackConfig(env);
    lines.push(
      `Slack: ${slack.appToken ? 'Socket Mode' : `HTTP on ${listenHostFrom(env, LISTEN_HOST_ENV.slack) ?? 'all interfaces'} port ${slack.port} (signing secret set)`}, command ${slack.command}`,
    );
    lines.push(
      slack.allowed
        ? `Slack: serves workspaces ${slack.allowed.teams.join(', ') || '(none)'} and orgs ${slack.allowed.enterprises.join(', ') || '(none)'} (SLACK_ALLOWED_TEAMS); others only where the maintenance policy names their team`
        : 'Slack: serves the workspace of the bot token (auth.test at start); set SLACK_ALLOWED_TEAMS to list workspaces (T…) / orgs (E…)',
    );
  } else lines.push('Slack: not configured (no SLACK_* secret)');
  if (teamsConfigured(env)) {
    const teams = loadTeamsConfig(env);
    lines.push(`Teams: ${teams.appType} app ${teams.appId}, HTTP on ${listenHostFrom(env, LISTEN_HOST_ENV.teams) ?? 'all interfaces'} port ${teams.port}`);
    lines.push(`Teams: serves tenants ${(teams.allowedTenants ?? []).join(', ')} (TEAMS_ALLOWED_TENANTS); others only where the maintenance policy names their tenant`);
  } else lines.push('Teams: not configured (MICROSOFT_APP_ID unset)');
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
  lines.push(`queue key prefix: ${queuePrefixFrom(env)} (the same on the gateway, every worker and the console)`);
  lines.push(
    watchCacheEnabled(env)
      ? `worker: answers from a watch cache per cluster when it is in sync (${WATCH_CACHE_ENV}=off to read the cluster for every answer)`
      : `worker: every answer reads the cluster (${WATCH_CACHE_ENV}=off)`,
  );
  if (devInsecureFrom(env)) lines.push(`${DEV_INSECURE_ENV}=1: development mode (Teams may run unauthenticated, on 127.0.0.1 only); never in production`);
  if (config.maintenancePolicy !== undefined) {
    const policy = await loadMaintenancePolicy(config.maintenancePolicy);
    lines.push(`maintenance policy: ${policy.source} OK`);
  } else lines.push('maintenance policy: none (the default policy applies)');
  return lines;
}
