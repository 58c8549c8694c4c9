/**
 * `break lock`: a request to break the bot's maintenance Lease or an entry of kured's
 * reboot lock whose holder is gone. It names the holder as reported when it was asked (holder,
 * since), needs the approvals of a control-plane maintenance (the policy's
 * `approvals.controlPlane`, distinct approvers, never the requester), and is audited. Once
 * approved, a maintenance worker (it has the write permissions) reads the lock again and breaks
 * it only when the same holder still has it and, for a holder that is one of the bot's own
 * maintenances, only while that holder is still reported stale; anything else ends the request
 * `stopped` with the reason, nothing broken.
 *
 * Kept in Redis like the plans (`plan-store.ts`): JSON under `…:lock-break:<id>`, every write a
 * compare-and-set on `revision`, one open request per cluster (`…:lock-break-open:<cluster>`).
 */
import type { Redis } from 'ioredis';
import type { Locale, ReplyTarget } from '../../commands/types.js';
import { BotError } from '../../errors.js';
import type { Logger } from '../../util/logger.js';
import type { KubeApi } from '../execute/kube-api.js';
import { MaintenanceLock } from '../execute/maintenance-lock.js';
import { clipCodePoints, DEFAULT_FINISHED_RETENTION_MS, MAINTENANCE_KEY_PREFIX } from '../request-store.js';
import { OpenRecordStore, newBase32Id } from '../revision-store.js';
import { approveOrReject, mayControl } from './approval-step.js';
import type { Actor, Approval, ClusterMaintenancePolicy } from '../types.js';
import { removeKuredLockEntry } from './kured-lock.js';
import type { LockHolder, LockReport } from './lock-report.js';

/** Which lock: the bot's maintenance Lease, or kured's reboot lock. */
export type LockKind = 'maintenance' | 'kured';

/**
 * States of a request to break a lock: `pending-approval` → `approved` (enough approvals) →
 * `completed` (broken) or `stopped` (not broken: see `stateReason`); `rejected`, `expired`,
 * `cancelled` before.
 */
export type LockBreakState =
  'pending-approval' | 'approved' | 'completed' | 'stopped' | 'rejected' | 'expired' | 'cancelled';

/** Terminal states of a request to break a lock. */
export const LOCK_BREAK_TERMINAL_STATES: readonly LockBreakState[] = [
  'completed',
  'stopped',
  'rejected',
  'expired',
  'cancelled',
];

/**
 * Why an approved request broke nothing: `already-free` (the holder let go meanwhile),
 * `holder-changed` (someone else holds it now), `not-stale` (the bot's own holder is alive again).
 */
export type LockBreakStop = 'already-free' | 'holder-changed' | 'not-stale';

/** A request to break a lock, as stored. Times ISO 8601; `id` is `lb-` + 10 base32 characters. */
export interface LockBreakRequest {
  id: string;
  cluster: string;
  lock: LockKind;
  /** `namespace/name` of the Lease, or of kured's DaemonSet. */
  where: string;
  /** The holder as reported when asked: what may be broken, and nothing else. */
  holder: LockHolder;
  reason: string;
  requestedBy: Actor;
  requestedAt: string;
  expiresAt: string;
  approvalsRequired: number;
  approvals: Approval[];
  rejectedBy?: Actor;
  cancelledBy?: Actor;
  state: LockBreakState;
  stateReason?: LockBreakStop;
  /** When it was broken. */
  brokenAt?: string;
  locale: Locale;
  replyTo: ReplyTarget;
  card?: Record<string, string>;
  revision: number;
}

/** Ids of requests to break a lock. */
export const LOCK_BREAK_ID_PATTERN = /^lb-[a-z2-7]{10}$/;

/** A new id: `lb-` + 10 base32 characters from the crypto random source. */
export function newLockBreakId(): string {
  return newBase32Id('lb-');
}

/** The job id of an approved request's break on the cluster's maintenance queue (no ':'). */
export function lockBreakJobIdFor(id: string): string {
  return `lbx-${id}`;
}

/** The data of a lock-break job. */
export interface LockBreakJobData {
  lockBreakId: string;
  cluster: string;
}

/**
 * Why `break lock` was refused when asked: `not-requester`; `nothing-held` (the lock is free);
 * `which-lock` (both are held: say which); `live-bot-holder` (the holder is one of the bot's
 * maintenances, alive: cancel it instead); `already-open` (the cluster has an open request to
 * break a lock: `existing`).
 */
export type LockBreakCreateRefusal =
  'not-requester' | 'nothing-held' | 'which-lock' | 'live-bot-holder' | 'already-open';

/**
 * Why a decision on a request to break a lock was refused (the plan refusals' meanings):
 * `not-found`, `not-approver`, `self-approval`, `already-approved`, `expired`, `not-pending`,
 * `not-allowed` (cancel by someone not the requester, an approver or an admin),
 * `already-finished`, `not-applicable` (a plan control on such a request).
 */
export type LockBreakRefusal =
  | 'not-found'
  | 'not-approver'
  | 'self-approval'
  | 'already-approved'
  | 'expired'
  | 'not-pending'
  | 'not-allowed'
  | 'already-finished'
  | 'not-applicable';

/** The outcome of {@link LockBreakStore.decide}; `approved`: the last approval (enqueue the break). */
export type LockBreakDecisionResult =
  | {
      ok: true;
      outcome: 'approval-counted' | 'approved' | 'rejected' | 'cancelled';
      request: LockBreakRequest;
    }
  | { ok: false; refusal: LockBreakRefusal; request?: LockBreakRequest };

/** The requests to break a lock, in Redis (shares the caller's connection). Methods throw BotError `queue-unavailable` when Redis fails. */
export class LockBreakStore {
  private readonly prefix: string;
  private readonly now: () => Date;
  private readonly requests: OpenRecordStore<LockBreakRequest>;

  /**
   * @param redis - a connected ioredis client
   * @param options - key prefix (the maintenance store's) and clock
   */
  constructor(
    private readonly redis: Redis,
    options: { keyPrefix?: string; now?: () => Date } = {},
  ) {
    this.prefix = options.keyPrefix ?? MAINTENANCE_KEY_PREFIX;
    this.now = options.now ?? (() => new Date());
    this.requests = new OpenRecordStore<LockBreakRequest>(redis, {
      command: 'lockBreakCas',
      label: 'lock break store',
      idName: 'id',
      idPattern: LOCK_BREAK_ID_PATTERN,
      newId: newLockBreakId,
      recordKey: (id) => `${this.prefix}lock-break:${id}`,
      openKey: (cluster) => `${this.prefix}lock-break-open:${cluster}`,
      terminalStates: LOCK_BREAK_TERMINAL_STATES,
      retentionMs: DEFAULT_FINISHED_RETENTION_MS,
    });
  }

  /**
   * A request by id.
   * @param id - `lb-…`; anything else is "not found" (never read)
   */
  get(id: string): Promise<LockBreakRequest | null> {
    return this.requests.get(id);
  }

  /**
   * Store a new pending request (one open per cluster).
   * @returns the request, or `already-open` with the open one
   */
  async create(
    input: Pick<
      LockBreakRequest,
      'cluster' | 'lock' | 'where' | 'holder' | 'reason' | 'requestedBy' | 'locale' | 'replyTo'
    >,
    approvalsRequired: number,
    lifetimeMs: number,
  ): Promise<{ ok: true; request: LockBreakRequest } | { ok: false; existing?: LockBreakRequest }> {
    const now = this.now();
    const made = await this.requests.insert((id) => ({
      ...input,
      reason: clipCodePoints(input.reason, 500),
      id,
      requestedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
      approvalsRequired,
      approvals: [],
      state: 'pending-approval',
      revision: 1,
    }));
    return made.ok ? { ok: true, request: made.record } : made;
  }

  /**
   * Read, change, write with compare-and-set; again from the read when another writer won.
   * @returns the request written, or null when `change` wrote nothing or there is none
   */
  update(
    id: string,
    change: (r: LockBreakRequest) => LockBreakRequest | null,
  ): Promise<LockBreakRequest | null> {
    return this.requests.update(id, change);
  }

  /**
   * A decision. Approve / reject: approvers only, never the requester, each once, only while
   * pending and not expired. Cancel: the requester, an approver or an admin, only while pending.
   */
  async decide(
    id: string,
    actor: Actor,
    action: string,
    policyOf: (cluster: string) => ClusterMaintenancePolicy,
  ): Promise<LockBreakDecisionResult> {
    let result: LockBreakDecisionResult = { ok: false, refusal: 'not-found' };
    const at = this.now();
    await this.update(id, (r) => {
      const policy = policyOf(r.cluster);
      const refuse = (refusal: LockBreakRefusal): null => {
        result = { ok: false, refusal, request: r };
        return null;
      };
      if (LOCK_BREAK_TERMINAL_STATES.includes(r.state)) return refuse('already-finished');
      if (action !== 'approve' && action !== 'reject' && action !== 'cancel') return refuse('not-applicable');
      if (action === 'cancel') {
        if (!mayControl(r, actor, policy)) return refuse('not-allowed');
        if (r.state !== 'pending-approval') return refuse('not-pending');
        r.state = 'cancelled';
        r.cancelledBy = actor;
        result = { ok: true, outcome: 'cancelled', request: r };
        return r;
      }
      const step = approveOrReject(r, actor, action, policy.approvers, at);
      result =
        'refusal' in step
          ? { ok: false, refusal: step.refusal, request: r }
          : { ok: true, outcome: step.outcome, request: r };
      return step.write ? r : null;
    });
    return result;
  }

  /** The open requests (pending or approved), for the expiry sweep. */
  async listOpen(): Promise<LockBreakRequest[]> {
    const ids = await scanOpen(this.redis, `${this.prefix}lock-break-open:*`);
    const out: LockBreakRequest[] = [];
    for (const id of ids) {
      const r = await this.get(id);
      if (r && !LOCK_BREAK_TERMINAL_STATES.includes(r.state)) out.push(r);
    }
    return out;
  }
}

/**
 * The ids the open keys matching `pattern` name (SCAN, never KEYS).
 * @throws BotError `queue-unavailable` when Redis fails
 */
export async function scanOpen(redis: Redis, pattern: string): Promise<string[]> {
  try {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 200);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    if (keys.length === 0) return [];
    return (await redis.mget(...keys)).filter((v): v is string => v !== null);
  } catch (err) {
    throw new BotError('queue-unavailable', `maintenance: cannot list ${pattern}`, {
      retryable: true,
      cause: err,
    });
  }
}

/**
 * What `break lock` would break now: the held lock asked for (`any`: the one held when only one
 * is), and whether the bot may ask to break it.
 * @param report - both locks as read now
 * @param which - `maintenance`, `kured` or `any`
 * @returns the lock, where it is and its holder; or why not
 */
export function lockToBreak(
  report: LockReport,
  which: LockKind | 'any',
):
  | { ok: true; lock: LockKind; where: string; holder: LockHolder }
  | { ok: false; refusal: 'nothing-held' | 'which-lock' | 'live-bot-holder'; holder?: LockHolder } {
  const held: { lock: LockKind; where: string; holder: LockHolder }[] = [];
  if (report.maintenance.holder)
    held.push({ lock: 'maintenance', where: report.maintenance.lease, holder: report.maintenance.holder });
  for (const h of report.kured.holders)
    held.push({ lock: 'kured', where: report.kured.daemonSet ?? 'kured', holder: h });
  const candidates = which === 'any' ? held : held.filter((h) => h.lock === which);
  if (candidates.length === 0) return { ok: false, refusal: 'nothing-held' };
  // A stale one first (several kured entries: the one whose holder is gone).
  const pick = candidates.find((c) => c.holder.stale !== undefined) ?? candidates[0];
  if (which === 'any' && new Set(candidates.map((c) => c.lock)).size > 1 && !pick?.holder.stale)
    return { ok: false, refusal: 'which-lock' };
  if (!pick) return { ok: false, refusal: 'nothing-held' };
  // One of the bot's own maintenances, alive (not stale): cancel it instead of breaking its lock.
  if (pick.holder.request !== undefined && pick.holder.stale === undefined)
    return { ok: false, refusal: 'live-bot-holder', holder: pick.holder };
  return { ok: true, ...pick };
}

/**
 * Break the lock an approved request names, if the same holder still has it (and, for the bot's
 * own holder, it is still stale).
 * @param o - the API, the request, the lock report as read now, the policy (the Lease), clock
 * @returns `broken`, or why not
 * @throws MaintenanceStopError `forbidden` / `api-error` when the cluster refuses the write
 */
export async function breakLock(o: {
  api: KubeApi;
  request: LockBreakRequest;
  report: LockReport;
  policy: Pick<ClusterMaintenancePolicy, 'lock'>;
  now: () => Date;
  logger: Logger;
}): Promise<{ broken: true } | { broken: false; reason: LockBreakStop; holder?: string }> {
  const r = o.request;
  const now: LockHolder[] =
    r.lock === 'maintenance'
      ? o.report.maintenance.holder
        ? [o.report.maintenance.holder]
        : []
      : o.report.kured.holders;
  if (now.length === 0) return { broken: false, reason: 'already-free' };
  const same = now.find((h) => h.holder === r.holder.holder && h.since === r.holder.since);
  if (!same) return { broken: false, reason: 'holder-changed', holder: now[0]?.holder ?? '' };
  if (same.request !== undefined && same.stale === undefined)
    return { broken: false, reason: 'not-stale', holder: same.holder };
  if (r.lock === 'maintenance') {
    // Release as that holder: the Lease's compare-and-set (resourceVersion) frees it only while it
    // is still the holder's.
    const lock = new MaintenanceLock({
      api: o.api,
      namespace: o.policy.lock.namespace,
      leaseName: o.policy.lock.leaseName,
      leaseDurationSeconds: o.policy.lock.leaseDurationSeconds,
      holder: same.holder,
      worker: `break-lock ${r.id}`,
      node: same.node ?? '',
      now: o.now,
      logger: o.logger,
    });
    return (await lock.release())
      ? { broken: true }
      : { broken: false, reason: 'holder-changed', holder: '' };
  }
  const removed = await removeKuredLockEntry({
    api: o.api,
    nodeID: same.holder,
    ...(same.since !== undefined ? { created: same.since } : {}),
    lockNamespace: o.policy.lock.namespace,
    logger: o.logger,
  });
  return removed ? { broken: true } : { broken: false, reason: 'holder-changed', holder: '' };
}
