/**
 * The Slack and Teams part of `k8s-ha-bot config check`: each platform's settings, validated by
 * `loadSettings` as the gateway needs them at start, summed up without contacting anything. Lives
 * with the gateway (it speaks of the platforms' endpoints) and is handed to the console's `config
 * check` by the composition root (adapters/k8s-ha-bot.ts), so the console never imports a chat adapter.
 */
import { requirePlatform } from '../../src/config/settings.js';
import type { Settings } from '../../src/config/settings.js';

/**
 * Summarise the Slack and Teams settings.
 * @param settings - the process's settings
 * @returns the report's lines for Slack then Teams (no secret values)
 * @throws ConfigError naming the first bad Slack or Teams variable of a platform the environment asks for
 */
export function checkChatSettings(settings: Pick<Settings, 'chat'>): string[] {
  const { chat } = settings;
  const lines: string[] = [];
  if (chat.slack.requested) {
    const slack = requirePlatform(chat.slack);
    lines.push(
      `Slack: ${slack.appToken ? 'Socket Mode' : `HTTP on ${chat.slackHost ?? 'all interfaces'} port ${slack.port} (signing secret set)`}, command ${slack.command}`,
    );
    lines.push(
      slack.allowed
        ? `Slack: serves workspaces ${slack.allowed.teams.join(', ') || '(none)'} and orgs ${slack.allowed.enterprises.join(', ') || '(none)'} (SLACK_ALLOWED_TEAMS); others only where the maintenance policy names their team`
        : 'Slack: serves the workspace of the bot token (auth.test at start); set SLACK_ALLOWED_TEAMS to list workspaces (T…) / orgs (E…)',
    );
  } else lines.push('Slack: not configured (no SLACK_* secret)');
  const teams = chat.teams.requested ? requirePlatform(chat.teams) : undefined;
  if (teams !== undefined && teams.appId !== '') {
    lines.push(
      `Teams: ${teams.appType} app ${teams.appId}, HTTP on ${chat.teamsHost ?? 'all interfaces'} port ${teams.port}`,
    );
    lines.push(
      `Teams: serves tenants ${(teams.allowedTenants ?? []).join(', ')} (TEAMS_ALLOWED_TENANTS); others only where the maintenance policy names their tenant`,
    );
  } else if (teams !== undefined)
    lines.push(`Teams: without authentication (development mode), HTTP on 127.0.0.1 port ${teams.port}`);
  else lines.push('Teams: not configured (MICROSOFT_APP_ID unset)');
  return lines;
}
