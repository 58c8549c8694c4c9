/**
 * Maintenance requests in Redis: create, decide (approve / reject / cancel), the
 * executor's compare-and-set transitions, card address, and the indexes the sweeper and the
 * gateway read.
 *
 * Keys (prefix `k8s-ha-bot:maintenance:` by default, `k8s-ha-bot:maintenance:<queue prefix>:` for a
 * bot with another `K8S_HA_BOT_QUEUE_PREFIX`: {@link maintenanceKeyPrefixFor}):
 * - `…:request:<id>`: the request as JSON; kept 30 days after it ends;
 * - `…:open:<cluster>:<node>`: the id of the one open (not terminal) request for that node;
 * - `…:pending`: sorted set of pending request ids, scored by `expiresAt` (epoch ms);
 * - `…:open-ids`: sorted set of open request ids, scored by `requestedAt` (epoch ms).
 *
 * Concurrency: every write is an optimistic compare-and-set on `revision`, done by one Lua script
 * that also keeps the indexes in step (atomic in Redis). A writer that lost the race reads again
 * and re-decides, so two gateways clicking at once, or a double click, are decided one after the
 * other: an approval is counted once, and exactly one decision sees the last approval.
 */
import { recordMaintenanceState } from '../util/metric-hooks.js';
import type { Redis } from 'ioredis';
import { BotError } from '../errors.js';
import { queueKeys } from '../config/queue-keys.js';
import { isAllowed } from './policy.js';
import {
  MAX_CAS_ATTEMPTS,
  casGuardLua,
  casRetryPause,
  newBase32Id,
  readText,
  runCas,
} from './revision-store.js';
import {
  type Actor,
  type ClusterMaintenancePolicy,
  type DecisionAction,
  type DecisionResult,
  EXECUTING_STATES,
  type ExecutionProgress,
  type MaintenanceRequest,
  type MaintenanceRequestInput,
  type MaintenanceState,
  type MaintenanceStateStore,
  REQUEST_ID_PATTERN,
  TERMINAL_STATES,
  actorKey,
} from './types.js';

/** Default prefix of every maintenance key in Redis (a bot with the default queue prefix `bull`). */
export const MAINTENANCE_KEY_PREFIX = queueKeys().maintenance;

/**
 * The maintenance key prefix of a bot, from its queue prefix (`K8S_HA_BOT_QUEUE_PREFIX`), as
 * src/config/queue-keys.ts names every key: the default `bull` keeps {@link MAINTENANCE_KEY_PREFIX}
 * (existing deployments keep their requests and audit), any other prefix is inserted after it, so
 * several bots on one Redis never see each other's requests, audit, decision locks or eviction ledgers.
 * @param queuePrefix - the bot's queue prefix, e.g. `bull` or `botb`
 * @returns e.g. `k8s-ha-bot:maintenance:` for `bull`, `k8s-ha-bot:maintenance:botb:` for `botb`
 */
export function maintenanceKeyPrefixFor(queuePrefix: string): string {
  return queueKeys(queuePrefix).maintenance;
}

/** How long a finished request is kept, in ms (30 days). */
export const DEFAULT_FINISHED_RETENTION_MS = 30 * 24 * 3600_000;

/**
 * A new request id: `mr-` + 10 base32 characters from the crypto random source (50 bits).
 * @returns e.g. `mr-k3x7q2mzab`
 */
export function newRequestId(): string {
  return newBase32Id('mr-');
}

/** What {@link MaintenanceStore.create} needs; the rest (id, times, approvals required) it fills in. */
export type NewMaintenanceRequest = Pick<
  MaintenanceRequest,
  keyof MaintenanceRequestInput | 'verdictAtRequest' | 'summaryAtRequest'
> &
  Partial<Pick<MaintenanceRequest, 'cordonedAtRequest'>>;

/** A decision as the store made it: the {@link DecisionResult}, and whether anything was written. */
export type StoreDecision = DecisionResult & { changed: boolean };

/** Options of {@link MaintenanceStore}. */
export interface MaintenanceStoreOptions {
  /** Key prefix. @defaultValue {@link MAINTENANCE_KEY_PREFIX} */
  keyPrefix?: string;
  /** Clock. @defaultValue `() => new Date()` */
  now?: () => Date;
  /** How long a finished request is kept, in ms. @defaultValue {@link DEFAULT_FINISHED_RETENTION_MS} */
  finishedRetentionMs?: number;
}

/**
 * CAS write. KEYS: request, open key, pending zset, open-ids zset. ARGV: expected revision (or
 * -1: must not exist), new JSON, id, terminal flag, pending flag, expiresAt ms, requestedAt ms,
 * retention ms. Returns 1 when written, 0 on a revision mismatch, -2 when creating and the node
 * already has an open request (then also returns its id).
 */
const CAS_SCRIPT = `${casGuardLua(TERMINAL_STATES)}redis.call('SET', KEYS[1], ARGV[2])
if ARGV[5] == '1' then
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[3])
else
  redis.call('ZREM', KEYS[3], ARGV[3])
end
if ARGV[4] == '1' then
  if redis.call('GET', KEYS[2]) == ARGV[3] then redis.call('DEL', KEYS[2]) end
  redis.call('ZREM', KEYS[4], ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[8])
else
  redis.call('SET', KEYS[2], ARGV[3])
  redis.call('ZADD', KEYS[4], ARGV[7], ARGV[3])
end
return {1, ''}
`;

/** The outcome of one compare-and-set attempt's decision function. */
type Step<T> = { write: MaintenanceRequest; result: T } | { write: null; result: T };

function isTerminal(state: MaintenanceState): boolean {
  return TERMINAL_STATES.includes(state);
}

function sameActor(a: Actor, b: Actor): boolean {
  return actorKey(a) === actorKey(b);
}

/**
 * The maintenance requests in Redis. Implements {@link MaintenanceStateStore} for the executor,
 * plus what the service needs (create, decide, attachCard, listOpen, expiry).
 *
 * Shares the caller's ioredis connection (not closed here). Every method throws BotError
 * `queue-unavailable` (retryable) when Redis fails.
 */
export class MaintenanceStore implements MaintenanceStateStore {
  private readonly prefix: string;
  private readonly now: () => Date;
  private readonly retentionMs: number;

  /**
   * @param redis - a connected ioredis client (shared; commands may queue while it reconnects)
   * @param options - see {@link MaintenanceStoreOptions}
   */
  constructor(
    private readonly redis: Redis,
    options: MaintenanceStoreOptions = {},
  ) {
    this.prefix = options.keyPrefix ?? MAINTENANCE_KEY_PREFIX;
    this.now = options.now ?? (() => new Date());
    this.retentionMs = options.finishedRetentionMs ?? DEFAULT_FINISHED_RETENTION_MS;
    this.redis.defineCommand('maintenanceCas', { numberOfKeys: 4, lua: CAS_SCRIPT });
  }

  /** `…:request:<id>`. */
  requestKey(id: string): string {
    return `${this.prefix}request:${id}`;
  }

  /** `…:open:<cluster>:<node>`. */
  openKey(cluster: string, node: string): string {
    return `${this.prefix}open:${cluster}:${node}`;
  }

  private cas(
    request: MaintenanceRequest,
    expectedRevision: number,
  ): Promise<{ status: number; other: string }> {
    const terminal = isTerminal(request.state);
    const args = [
      this.requestKey(request.id),
      this.openKey(request.cluster, request.node),
      `${this.prefix}pending`,
      `${this.prefix}open-ids`,
      String(expectedRevision),
      JSON.stringify(request),
      request.id,
      terminal ? '1' : '0',
      request.state === 'pending-approval' ? '1' : '0',
      String(Date.parse(request.expiresAt)),
      String(Date.parse(request.requestedAt)),
      String(this.retentionMs),
    ];
    return runCas(
      this.redis,
      'maintenanceCas',
      args,
      `maintenance store: Redis write failed for ${request.id}`,
    );
  }

  /**
   * Create a request that is approved already: a node of an approved maintenance plan,
   * whose approvals are the plan's. Idempotent: the id is chosen (and recorded in the plan) by
   * the caller before this call, so a runner that crashed after it finds the request again.
   * @param request - the whole request, `state` `approved`, `revision` 1
   * @returns `created`, `exists` (this id was created before: resume it), or `already-open` with
   *   the node's other open request
   */
  async createApproved(
    request: MaintenanceRequest,
  ): Promise<{ outcome: 'created' | 'exists' } | { outcome: 'already-open'; existing: string }> {
    const { status, other } = await this.cas(request, -1);
    if (status === 1) {
      recordMaintenanceState(request.state);
      return { outcome: 'created' };
    }
    if (status === -2) return { outcome: 'already-open', existing: other };
    return { outcome: 'exists' };
  }

  /**
   * Read, decide, write with compare-and-set; again from the read when another writer won.
   * @throws BotError `queue-unavailable` (retryable) after {@link MAX_CAS_ATTEMPTS} lost races
   */
  private async update<T>(id: string, decide: (current: MaintenanceRequest | null) => Step<T>): Promise<T> {
    for (let attempt = 0; attempt < MAX_CAS_ATTEMPTS; attempt += 1) {
      const current = await this.get(id);
      const step = decide(current);
      if (step.write === null || current === null) return step.result;
      const next: MaintenanceRequest = { ...step.write, revision: current.revision + 1 };
      const { status } = await this.cas(next, current.revision);
      if (status === 1) {
        if (next.state !== current.state) recordMaintenanceState(next.state);
        return step.result;
      }
      // Lost a race: yield a little (jittered) so the winners' writes land, then re-read.
      await casRetryPause(attempt);
    }
    throw new BotError('queue-unavailable', `maintenance store: too many concurrent writes to ${id}`, {
      retryable: true,
    });
  }

  /**
   * A request by id.
   * @param id - `mr-…`; anything else is "not found" (never read from Redis)
   * @returns the request, or null
   */
  async get(id: string): Promise<MaintenanceRequest | null> {
    if (!REQUEST_ID_PATTERN.test(id)) return null;
    const text = await readText(
      this.redis,
      this.requestKey(id),
      `maintenance store: Redis read failed for ${id}`,
    );
    if (text === null) return null;
    const parsed = JSON.parse(text) as MaintenanceRequest;
    if (parsed.id !== id || typeof parsed.state !== 'string' || !Array.isArray(parsed.approvals)) {
      throw new BotError(
        'internal',
        `maintenance store: ${this.requestKey(id)} does not hold a maintenance request`,
      );
    }
    return parsed;
  }

  /**
   * Create a pending request: id `mr-…`, `expiresAt` = now + the policy's lifetime, approvals
   * required from the policy (control-plane count for a control-plane node or a forced request).
   * @param input - the request's facts
   * @param policy - the cluster's policy
   * @returns the request, or `already-open` with the node's open request (one per cluster + node)
   */
  async create(
    input: NewMaintenanceRequest,
    policy: ClusterMaintenancePolicy,
  ): Promise<
    | { ok: true; request: MaintenanceRequest }
    | { ok: false; refusal: 'already-open'; existing?: MaintenanceRequest }
  > {
    const now = this.now();
    const approvalsRequired =
      input.force || input.nodeRole === 'control-plane'
        ? policy.approvals.controlPlane
        : policy.approvals.worker;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const request: MaintenanceRequest = {
        id: newRequestId(),
        cluster: input.cluster,
        node: input.node,
        nodeRole: input.nodeRole,
        reason: clipCodePoints(input.reason, 500),
        force: input.force,
        ...(input.forceReason === undefined ? {} : { forceReason: clipCodePoints(input.forceReason, 500) }),
        requestedBy: input.requestedBy,
        requestedAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + policy.requestLifetimeMs).toISOString(),
        approvalsRequired,
        approvals: [],
        state: 'pending-approval',
        locale: input.locale,
        replyTo: input.replyTo,
        verdictAtRequest: input.verdictAtRequest,
        summaryAtRequest: input.summaryAtRequest,
        ...(input.cordonedAtRequest === true ? { cordonedAtRequest: true } : {}),
        progress: {},
        revision: 1,
      };
      const { status, other } = await this.cas(request, -1);
      if (status === 1) {
        recordMaintenanceState(request.state);
        return { ok: true, request };
      }
      if (status === -2) {
        const existing = await this.get(other);
        return existing
          ? { ok: false, refusal: 'already-open', existing }
          : { ok: false, refusal: 'already-open' };
      }
      // status 0: the random id exists already (2^-50 per pair); draw another.
    }
    throw new BotError('internal', 'maintenance store: could not draw an unused request id');
  }

  /**
   * Decide on a request, atomically (see the module comment).
   *
   * approve / reject: only while `pending-approval` and before `expiresAt` (past it the request
   * becomes `expired` and the refusal is `expired`); approve refuses the requester
   * (`self-approval`, checked first), non-approvers (`not-approver`) and a second approval by the
   * same identity (`already-approved`); the approval that reaches `approvalsRequired` moves the
   * request to `approved` (outcome `approved`, exactly once). reject needs an approver.
   *
   * cancel: by the requester, an approver or an admin (`not-allowed-to-cancel`); pending →
   * `cancelled`; executing → `cancelling` (outcome `cancel-requested`; again on `cancelling`
   * with `changed: false`); terminal → `already-finished`.
   *
   * Identities are compared by {@link actorKey} only, never by display name.
   * @param id - request id
   * @param actor - who clicked or typed
   * @param action - approve, reject or cancel
   * @param policyFor - the policy of a cluster (approvers, admins), looked up for the request's own
   *   cluster as read in the same compare-and-set
   * @returns the decision and whether the request was written (`changed`)
   */
  async decide(
    id: string,
    actor: Actor,
    action: DecisionAction,
    policyFor: (cluster: string) => ClusterMaintenancePolicy,
  ): Promise<StoreDecision> {
    return this.update<StoreDecision>(id, (r) => {
      if (r === null) return { write: null, result: { ok: false, refusal: 'not-found', changed: false } };
      const policy = policyFor(r.cluster);
      const now = this.now();
      const expiredNow = r.state === 'pending-approval' && now.getTime() >= Date.parse(r.expiresAt);
      const expire = (): Step<StoreDecision> => {
        const next: MaintenanceRequest = { ...r, state: 'expired' };
        delete next.stateReason;
        return {
          write: next,
          result: {
            ok: false,
            refusal: 'expired',
            request: { ...next, revision: r.revision + 1 },
            changed: true,
          },
        };
      };
      const isApprover = isAllowed(policy.approvers, actor);
      if (action === 'cancel') {
        const mayCancel = sameActor(actor, r.requestedBy) || isApprover || isAllowed(policy.admins, actor);
        if (!mayCancel)
          return {
            write: null,
            result: { ok: false, refusal: 'not-allowed-to-cancel', request: r, changed: false },
          };
        if (isTerminal(r.state))
          return {
            write: null,
            result: { ok: false, refusal: 'already-finished', request: r, changed: false },
          };
        if (expiredNow) return expire();
        if (r.state === 'pending-approval') {
          const next: MaintenanceRequest = { ...r, state: 'cancelled', cancelledBy: actor };
          delete next.stateReason;
          return {
            write: next,
            result: {
              ok: true,
              outcome: 'cancelled',
              request: { ...next, revision: r.revision + 1 },
              changed: true,
            },
          };
        }
        if (r.state === 'cancelling')
          return {
            write: null,
            result: { ok: true, outcome: 'cancel-requested', request: r, changed: false },
          };
        if (EXECUTING_STATES.includes(r.state)) {
          const next: MaintenanceRequest = { ...r, state: 'cancelling', cancelledBy: actor };
          return {
            write: next,
            result: {
              ok: true,
              outcome: 'cancel-requested',
              request: { ...next, revision: r.revision + 1 },
              changed: true,
            },
          };
        }
        return { write: null, result: { ok: false, refusal: 'not-pending', request: r, changed: false } };
      }
      if (r.state === 'expired')
        return { write: null, result: { ok: false, refusal: 'expired', request: r, changed: false } };
      if (r.state !== 'pending-approval')
        return { write: null, result: { ok: false, refusal: 'not-pending', request: r, changed: false } };
      if (action === 'approve' && sameActor(actor, r.requestedBy)) {
        return { write: null, result: { ok: false, refusal: 'self-approval', request: r, changed: false } };
      }
      if (!isApprover)
        return { write: null, result: { ok: false, refusal: 'not-approver', request: r, changed: false } };
      if (expiredNow) return expire();
      if (action === 'reject') {
        const next: MaintenanceRequest = { ...r, state: 'rejected', rejectedBy: actor };
        delete next.stateReason;
        return {
          write: next,
          result: {
            ok: true,
            outcome: 'rejected',
            request: { ...next, revision: r.revision + 1 },
            changed: true,
          },
        };
      }
      if (r.approvals.some((a) => sameActor(a.actor, actor))) {
        return {
          write: null,
          result: { ok: false, refusal: 'already-approved', request: r, changed: false },
        };
      }
      const approvals = [...r.approvals, { actor, at: now.toISOString() }];
      const done = approvals.length >= r.approvalsRequired;
      const next: MaintenanceRequest = { ...r, approvals, state: done ? 'approved' : 'pending-approval' };
      return {
        write: next,
        result: {
          ok: true,
          outcome: done ? 'approved' : 'approval-counted',
          request: { ...next, revision: r.revision + 1 },
          changed: true,
        },
      };
    });
  }

  /**
   * Compare-and-set on the state (see {@link MaintenanceStateStore.transition}). `stateReason` is
   * replaced by the patch's (removed when the patch has none and the state changes).
   */
  async transition(
    id: string,
    from: readonly MaintenanceState[],
    to: MaintenanceState,
    patch: { progress?: Partial<ExecutionProgress>; stateReason?: string } = {},
  ): Promise<MaintenanceRequest | null> {
    return this.update<MaintenanceRequest | null>(id, (r) => {
      if (r === null || !from.includes(r.state)) return { write: null, result: null };
      const next: MaintenanceRequest = { ...r, state: to, progress: { ...r.progress, ...patch.progress } };
      if (patch.stateReason !== undefined) next.stateReason = patch.stateReason;
      else if (to !== r.state) delete next.stateReason;
      return { write: next, result: { ...next, revision: r.revision + 1 } };
    });
  }

  /**
   * Merge into `progress` (see {@link MaintenanceStateStore.updateProgress}).
   * @throws BotError `bad-request` when there is no such request
   */
  async updateProgress(id: string, progress: Partial<ExecutionProgress>): Promise<MaintenanceRequest> {
    const result = await this.update<MaintenanceRequest | null>(id, (r) => {
      if (r === null) return { write: null, result: null };
      const next: MaintenanceRequest = { ...r, progress: { ...r.progress, ...progress } };
      return { write: next, result: { ...next, revision: r.revision + 1 } };
    });
    if (result === null) throw new BotError('bad-request', `no maintenance request ${id}`);
    return result;
  }

  /**
   * Record where the adapter posted the request card (Slack `channel` + `ts`; Teams
   * `conversationKey` + `activityId`).
   * @throws BotError `bad-request` when there is no such request
   */
  async attachCard(id: string, card: Record<string, string>): Promise<MaintenanceRequest> {
    const result = await this.update<MaintenanceRequest | null>(id, (r) => {
      if (r === null) return { write: null, result: null };
      const next: MaintenanceRequest = { ...r, card: { ...card } };
      return { write: next, result: { ...next, revision: r.revision + 1 } };
    });
    if (result === null) throw new BotError('bad-request', `no maintenance request ${id}`);
    return result;
  }

  /**
   * Mark a pending request `expired` when its lifetime has passed (the sweeper).
   * @returns the expired request, or null when it was not pending or not yet due
   */
  async expireIfDue(id: string): Promise<MaintenanceRequest | null> {
    return this.update<MaintenanceRequest | null>(id, (r) => {
      if (r === null || r.state !== 'pending-approval' || this.now().getTime() < Date.parse(r.expiresAt))
        return { write: null, result: null };
      const next: MaintenanceRequest = { ...r, state: 'expired' };
      delete next.stateReason;
      return { write: next, result: { ...next, revision: r.revision + 1 } };
    });
  }

  /**
   * Ids of pending requests whose `expiresAt` is at or before `now`.
   * @param now - the instant
   * @param limit - at most this many @defaultValue 100
   */
  async duePendingIds(now: Date, limit = 100): Promise<string[]> {
    try {
      return await this.redis.zrangebyscore(
        `${this.prefix}pending`,
        '-inf',
        now.getTime(),
        'LIMIT',
        0,
        limit,
      );
    } catch (err) {
      throw new BotError('queue-unavailable', 'maintenance store: Redis read failed (pending index)', {
        retryable: true,
        cause: err,
      });
    }
  }

  /**
   * Open (not terminal) requests, oldest first (same millisecond: by id).
   * @param cluster - only this cluster's, when given
   */
  async listOpen(cluster?: string): Promise<MaintenanceRequest[]> {
    let ids: string[];
    try {
      ids = await this.redis.zrange(`${this.prefix}open-ids`, 0, -1);
    } catch (err) {
      throw new BotError('queue-unavailable', 'maintenance store: Redis read failed (open index)', {
        retryable: true,
        cause: err,
      });
    }
    const out: MaintenanceRequest[] = [];
    for (const id of ids) {
      const r = await this.get(id);
      if (r && !isTerminal(r.state) && (cluster === undefined || r.cluster === cluster)) out.push(r);
    }
    return out;
  }
}

/**
 * The first `max` code points of a text (never half of a surrogate pair, e.g. an emoji).
 * @param text - any text
 * @param max - code points kept
 */
export function clipCodePoints(text: string, max: number): string {
  return text.length <= max ? text : Array.from(text).slice(0, max).join('');
}
