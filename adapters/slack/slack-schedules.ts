/**
 * Schedule commands for the Slack intake: the {@link SlackScheduleCommands} over a
 * {@link ScheduleService}, one schedule per (Slack channel, cluster).
 */
import type { BotConfig } from '../../src/config/bot-config.js';
import {
  handleScheduleCommand,
  precheckScheduleCommand,
} from '../../src/schedule/handle-schedule-command.js';
import type { ScheduleService } from '../../src/schedule/schedule-service.js';
import type { SlackScheduleCommands } from './slack-intake.js';

/**
 * Build the Slack intake's schedule commands.
 * @param service - the schedule service (Redis)
 * @param config - cluster names and the default cluster
 * @returns precheck (no I/O, for the ack) and handle (after the ack)
 */
export function slackScheduleCommands(
  service: Pick<ScheduleService, 'validate' | 'create' | 'list' | 'remove'>,
  config: Pick<BotConfig, 'clusters' | 'defaultCluster'>,
): SlackScheduleCommands {
  const base = (ctx: { channel: string; userId: string; locale: 'en' | 'ko'; requestId: string }) => ({
    platform: 'slack' as const,
    conversation: ctx.channel,
    userId: ctx.userId,
    locale: ctx.locale,
    requestId: ctx.requestId,
    clusters: Object.keys(config.clusters),
    ...(config.defaultCluster ? { defaultCluster: config.defaultCluster } : {}),
    reportDefaults: Object.fromEntries(
      Object.entries(config.clusters).flatMap(([name, c]) => (c.report ? [[name, c.report]] : [])),
    ),
  });
  return {
    precheck: (command, ctx) => precheckScheduleCommand(command, base(ctx), service),
    handle: (command, ctx) => handleScheduleCommand(command, base(ctx), service),
  };
}
