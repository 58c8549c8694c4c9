/**
 * The maintenance audit trail: every event of every request appended to one Redis
 * Stream, `k8s-ha-bot:maintenance:audit`, capped at about 10 000 entries (`MAXLEN ~`), and logged.
 *
 * Entry fields: `at` (ISO 8601), `requestId`, `cluster`, `node`, `actor` (an {@link actorKey}, or
 * `bot` for the executor's own steps), `event` (the {@link MaintenanceEvent} as JSON).
 */
import type { Redis } from 'ioredis';
import { BotError } from '../errors.js';
import type { Logger } from '../util/logger.js';
import { MAINTENANCE_KEY_PREFIX } from './request-store.js';
import {
  type Actor,
  type AuditEntry,
  type MaintenanceEvent,
  type MaintenanceRequest,
  actorKey,
} from './types.js';

/** Approximate cap of the audit Stream, in entries. */
export const AUDIT_MAX_LEN = 10_000;

/** Options of {@link AuditLog}. */
export interface AuditLogOptions {
  /** Stream key. @defaultValue `k8s-ha-bot:maintenance:audit` */
  key?: string;
  /** Approximate cap (`XADD … MAXLEN ~`). @defaultValue {@link AUDIT_MAX_LEN} */
  maxLen?: number;
  /** Each appended entry is logged at `info`. */
  logger: Logger;
}

function fieldsToEntry(streamId: string, fields: readonly string[]): AuditEntry | null {
  const map = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) map.set(fields[i] ?? '', fields[i + 1] ?? '');
  const eventText = map.get('event');
  if (eventText === undefined) return null;
  let event: MaintenanceEvent;
  try {
    event = JSON.parse(eventText) as MaintenanceEvent;
  } catch (err) {
    if (err instanceof SyntaxError) return null;
    throw err;
  }
  return {
    streamId,
    at: map.get('at') ?? '',
    requestId: map.get('requestId') ?? '',
    cluster: map.get('cluster') ?? '',
    node: map.get('node') ?? '',
    actor: map.get('actor') ?? '',
    event,
  };
}

/** The audit Stream. Shares the caller's ioredis connection (not closed here). */
export class AuditLog {
  /** The Stream key. */
  readonly key: string;
  private readonly maxLen: number;
  private readonly logger: Logger;

  /**
   * @param redis - a connected ioredis client
   * @param options - see {@link AuditLogOptions}
   */
  constructor(
    private readonly redis: Redis,
    options: AuditLogOptions,
  ) {
    this.key = options.key ?? `${MAINTENANCE_KEY_PREFIX}audit`;
    this.maxLen = options.maxLen ?? AUDIT_MAX_LEN;
    this.logger = options.logger;
  }

  /**
   * Append one event (and log it with request id, cluster, node, actor and event type).
   * @param request - the request it happened to
   * @param event - what happened
   * @param actor - who caused it; absent: the bot
   * @param at - when @defaultValue now
   * @returns the entry as stored (with its Stream id)
   * @throws BotError `queue-unavailable` (retryable) when Redis fails: the caller must not go on
   *   as if it were recorded
   */
  async append(
    request: Pick<MaintenanceRequest, 'id' | 'cluster' | 'node'>,
    event: MaintenanceEvent,
    actor?: Actor,
    at: Date = new Date(),
  ): Promise<AuditEntry> {
    const entry = {
      at: at.toISOString(),
      requestId: request.id,
      cluster: request.cluster,
      node: request.node,
      actor: actor === undefined ? 'bot' : actorKey(actor),
    };
    let streamId: string | null;
    try {
      streamId = await this.redis.xadd(
        this.key,
        'MAXLEN',
        '~',
        this.maxLen,
        '*',
        'at',
        entry.at,
        'requestId',
        entry.requestId,
        'cluster',
        entry.cluster,
        'node',
        entry.node,
        'actor',
        entry.actor,
        'event',
        JSON.stringify(event),
      );
    } catch (err) {
      throw new BotError(
        'queue-unavailable',
        `audit: cannot append ${event.type} of ${request.id} to ${this.key}`,
        { retryable: true, cause: err },
      );
    }
    if (streamId === null)
      throw new BotError('queue-unavailable', `audit: Redis did not add ${event.type} of ${request.id}`, {
        retryable: true,
      });
    this.logger.info(
      {
        requestId: entry.requestId,
        cluster: entry.cluster,
        node: entry.node,
        actor: entry.actor,
        event: event.type,
        streamId,
      },
      'maintenance audit',
    );
    return { streamId, ...entry, event };
  }

  /**
   * The most recent entries, newest first.
   * @param count - at most this many (1-1000)
   * @throws BotError `queue-unavailable` when Redis fails
   */
  async recent(count: number): Promise<AuditEntry[]> {
    const n = Math.max(1, Math.min(1000, Math.floor(count)));
    try {
      const rows = await this.redis.xrevrange(this.key, '+', '-', 'COUNT', n);
      return rows.map(([id, fields]) => fieldsToEntry(id, fields)).filter((e): e is AuditEntry => e !== null);
    } catch (err) {
      throw new BotError('queue-unavailable', `audit: cannot read ${this.key}`, {
        retryable: true,
        cause: err,
      });
    }
  }

  /**
   * The entries of one request, oldest first (scans at most the last `scan` entries).
   * @param requestId - `mr-…`
   * @param scan - entries to look through @defaultValue 10 000
   * @throws BotError `queue-unavailable` when Redis fails
   */
  async forRequest(requestId: string, scan = AUDIT_MAX_LEN): Promise<AuditEntry[]> {
    try {
      const rows = await this.redis.xrevrange(this.key, '+', '-', 'COUNT', scan);
      return rows
        .map(([id, fields]) => fieldsToEntry(id, fields))
        .filter((e): e is AuditEntry => e !== null && e.requestId === requestId)
        .reverse();
    } catch (err) {
      throw new BotError('queue-unavailable', `audit: cannot read ${this.key}`, {
        retryable: true,
        cause: err,
      });
    }
  }
}
