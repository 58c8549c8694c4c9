/**
 * Slack delivery of scheduled HA posts: `chat.postMessage` to the schedule's channel through the
 * adapter's {@link SlackPoster} (Block Kit, 429 handling, per-message posted markers).
 */
import type { Reply } from '../../src/explain/reply.js';
import type { PostDelivery } from '../../src/schedule/schedule-runner.js';
import type { ScheduleSpec } from '../../src/schedule/schedule-spec.js';
import type { SlackPoster } from './slack-poster.js';

/**
 * The {@link PostDelivery} of Slack.
 * @param poster - the gateway's poster (its store records posted messages per delivery id)
 * @returns a delivery posting to `spec.conversation` (a channel id) as a channel message
 */
export function slackScheduleDelivery(poster: Pick<SlackPoster, 'deliver'>): PostDelivery {
  return {
    deliver: (spec: ScheduleSpec, reply: Reply, deliveryId: string) =>
      poster.deliver(reply, { channel: spec.conversation }, `schedule.${deliveryId}`),
  };
}
