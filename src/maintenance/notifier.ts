/**
 * The maintenance notifier: every event of a request goes to the audit Stream (which
 * must succeed), the log, and (when the request came from Slack or Teams) the chat: a message in
 * the request card's thread, and for events that change the request's state, an update of the card
 * in place. Chat messages travel on the platform's replies queue like any answer; the gateway's
 * reply consumer routes them by `delivery`.
 */
import type { ThreadOrder } from './thread-order.js';
import type { ChatUser } from '../commands/types.js';
import { explainMaintenanceCard, explainMaintenanceEvent } from './explain-maintenance.js';
import { isReplyPlatform } from '../queue/job.js';
import type { AnswerJob } from '../queue/job.js';
import type { ReplyPublisher } from '../queue/reply-queue.js';
import type { Logger } from '../util/logger.js';
import type { AuditLog } from './audit-log.js';
import type { Actor, MaintenanceEvent, MaintenanceNotifier, MaintenanceRequest } from './types.js';

/** Events after which the card is updated in place (they change what the card says). */
export const CARD_UPDATE_EVENTS: ReadonlySet<MaintenanceEvent['type']> = new Set([
  'approved',
  'rejected',
  'expired',
  'cancel-requested',
  'cancelled',
  'waiting-for-window',
  'execution-started',
  'locked',
  'cordoned',
  'drain-progress',
  'drained',
  'rebooted',
  'completed',
  'failed',
]);

/** Options of {@link createMaintenanceNotifier}. */
export interface MaintenanceNotifierOptions {
  /** Where every event is recorded. */
  audit: AuditLog;
  /** Chat posts go through it; absent: audit and log only. Not closed by the notifier. */
  publisher?: ReplyPublisher;
  /** Numbers thread messages so gateways post them in order; absent: unnumbered. */
  threadOrder?: ThreadOrder;
  logger: Logger;
  /** Clock. @defaultValue `() => new Date()` */
  now?: () => Date;
}

/**
 * The synthetic answer job a maintenance chat message rides with: the request id, no text, the
 * requester as the user, the request's reply target.
 * @param request - the request
 * @param now - enqueue time
 */
export function maintenanceAnswerJob(request: MaintenanceRequest, now: Date): AnswerJob {
  const user: ChatUser = {
    platform: request.requestedBy.platform,
    id: request.requestedBy.id,
    tenant: request.requestedBy.tenant,
    ...(request.requestedBy.displayName === undefined
      ? {}
      : { displayName: request.requestedBy.displayName }),
  };
  return {
    requestId: request.id,
    text: '',
    cluster: request.cluster,
    locale: request.locale,
    user,
    replyTo: request.replyTo,
    enqueuedAt: now.toISOString(),
  };
}

/**
 * Reply job ids of one event: `<requestId>-<streamId with '-' → '_'>` for the thread message and
 * the same + `-card` for the card update (unique per event; no ':'; never all digits).
 * @param requestId - `mr-…`
 * @param streamId - the audit entry's Stream id (`<ms>-<seq>`)
 */
export function eventJobIds(requestId: string, streamId: string): { thread: string; card: string } {
  const base = `${requestId}-${streamId.replace(/-/g, '_')}`;
  return { thread: base, card: `${base}-card` };
}

/**
 * A notifier over the audit log and (optionally) the replies queues.
 *
 * `emit(request, event, actor)`: `request` must be the request as it is after the event (the card
 * is rendered from it). Rejects only when the audit append fails (BotError `queue-unavailable`);
 * chat failures are logged at `warn`. Events `requested` and `eviction` are audit-only; a
 * console request gets no chat messages.
 * @param options - see {@link MaintenanceNotifierOptions}
 */
export function createMaintenanceNotifier(options: MaintenanceNotifierOptions): MaintenanceNotifier {
  const now = options.now ?? (() => new Date());
  const logger = options.logger;
  return {
    async emit(request: MaintenanceRequest, event: MaintenanceEvent, actor?: Actor): Promise<void> {
      const entry = await options.audit.append(request, event, actor, now());
      const publisher = options.publisher;
      const platform = request.replyTo.platform;
      if (publisher === undefined || !isReplyPlatform(platform)) return;
      const ids = eventJobIds(request.id, entry.streamId);
      const job = maintenanceAnswerJob(request, now());
      try {
        const reply = explainMaintenanceEvent(request, event, request.locale);
        if (reply !== null) {
          const seq = await options.threadOrder?.next(request.id);
          await publisher.publish(
            platform,
            {
              reply,
              job,
              delivery: { mode: 'thread', maintenanceId: request.id, ...(seq === undefined ? {} : { seq }) },
            },
            ids.thread,
          );
        }
        if (CARD_UPDATE_EVENTS.has(event.type)) {
          const card = explainMaintenanceCard(request, request.locale);
          await publisher.publish(
            platform,
            { reply: card, job, delivery: { mode: 'update-card', maintenanceId: request.id } },
            ids.card,
          );
        }
      } catch (err) {
        logger.warn(
          { err, requestId: request.id, cluster: request.cluster, node: request.node, event: event.type },
          'maintenance chat message not published',
        );
      }
    },
  };
}
