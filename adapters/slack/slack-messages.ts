/**
 * The gateway's one door to the Block Kit rendering: a {@link Reply} → the Slack messages to post
 * (the first, then continuation messages for its thread), by `renderSlackMessages` with Slack's
 * own limits (render-blocks.ts).
 */
import type { Reply } from '../../src/explain/reply.js';
import { renderSlackMessages } from './render-blocks.js';
import type { SlackMessage } from './render-blocks.js';

export type { SlackMessage } from './render-blocks.js';

/**
 * The messages of one reply.
 * @param reply - the platform-neutral answer
 * @param detailsId - the id its details are stored under (./slack-details.ts): the first message
 *   then carries a "Details" button instead of them
 * @returns at least one message; the first goes to the channel (or ephemeral), the rest in its thread
 */
export function slackMessagesFor(reply: Reply, detailsId?: string): SlackMessage[] {
  return renderSlackMessages(reply, detailsId === undefined ? {} : { detailsId });
}
