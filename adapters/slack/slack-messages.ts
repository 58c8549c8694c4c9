/**
 * The gateway's one door to the Block Kit rendering: a {@link Reply} → the Slack messages to post
 * (the first, then continuation messages for its thread).
 *
 * TEMPORARY STAND-IN until `render-blocks.ts` (renderSlackMessages) lands: a header and one
 * escaped section per part of the reply, within Slack's limits (≤ 50 blocks, ≤ 3,000 characters a
 * section). Replace the body with a call to `renderSlackMessages(reply)`.
 */
import type { types } from '@slack/bolt';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';

/** One message to post: the fallback text (notifications, screen readers) and its blocks. */
export interface SlackMessage {
  text: string;
  blocks: types.KnownBlock[];
}

const escape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The messages of one reply.
 * @param reply - the platform-neutral answer
 * @returns at least one message; the first goes to the channel (or ephemeral), the rest in its thread
 */
export function slackMessagesFor(reply: Reply): SlackMessage[] {
  const text = escape(renderText(reply));
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += 2900) chunks.push(text.slice(i, i + 2900));
  const blocks: types.KnownBlock[] = chunks.slice(0, 40).map((chunk) => ({ type: 'section', text: { type: 'mrkdwn', text: chunk, verbatim: true } }));
  return [{ text: escape(reply.summary).slice(0, 3000), blocks }];
}
