/**
 * The Slack and Teams part of `k8s-ha-bot config check`: each platform's environment settings,
 * validated as the gateway validates them at start, without contacting anything. Lives with the
 * gateway (it reads the adapters' settings) and is handed to the console's `config check` by the
 * composition root (adapters/k8s-ha-bot.ts), so the console never imports a chat adapter.
 */
import { LISTEN_HOST_ENV, listenHostFrom } from '../../src/ops/listen-host.js';
import { loadSlackConfig } from '../slack/slack-config.js';
import { loadTeamsConfig, teamsConfigured } from '../teams/teams-config.js';

/** Whether any Slack secret is set (as the gateway decides; empty values count as unset). */
function slackConfigured(env: Readonly<Record<string, string | undefined>>): boolean {
  return ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN'].some(
    (k) => (env[k] ?? '').trim() !== '',
  );
}

/**
 * Validate the Slack and Teams settings of the environment.
 * @param env - the environment
 * @returns the report's lines for Slack then Teams (no secret values)
 * @throws ConfigError naming the first bad Slack or Teams variable
 */
export function checkChatSettings(env: Readonly<Record<string, string | undefined>>): string[] {
  const lines: string[] = [];
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
    lines.push(
      `Teams: ${teams.appType} app ${teams.appId}, HTTP on ${listenHostFrom(env, LISTEN_HOST_ENV.teams) ?? 'all interfaces'} port ${teams.port}`,
    );
    lines.push(
      `Teams: serves tenants ${(teams.allowedTenants ?? []).join(', ')} (TEAMS_ALLOWED_TENANTS); others only where the maintenance policy names their tenant`,
    );
  } else lines.push('Teams: not configured (MICROSOFT_APP_ID unset)');
  return lines;
}
