/**
 * The requester's notice when an answer could not be posted before its delivery deadline
 * (src/queue/reply-queue.ts): the chat platform kept refusing posts in the conversation.
 */
import type { Locale } from '../commands/types.js';
import { plainReply } from '../explain/explain-messages.js';
import { translator } from '../explain/i18n.js';
import type { Reply } from '../explain/reply.js';

/**
 * "Your answer could not be posted here within 10 min…", in the requester's language.
 * @param ctx - locale, request id, cluster of the answer that was not posted
 * @param deadlineMs - the delivery deadline, in ms (shown in whole minutes, at least 1)
 * @returns an `error` reply
 */
export function undeliverableReply(
  ctx: { locale: Locale; requestId: string; cluster: string | null },
  deadlineMs: number,
): Reply {
  const tr = translator(ctx.locale);
  return plainReply(
    ctx,
    'error',
    tr.t('delivery.undeliverableTitle'),
    tr.t('delivery.undeliverable', { minutes: Math.max(1, Math.round(deadlineMs / 60_000)) }),
  );
}
