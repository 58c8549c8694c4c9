/**
 * The platform-neutral side of maintenance plans and `break lock` in chat, beside the
 * single-node maintenance service (`../maintenance-service.ts`), which hands it the ids it does not
 * own (`mp-…`, `lb-…`): what a button or a typed control does, who may do it, what is audited, what
 * the thread is told and when the card is updated in place. The adapters only translate.
 *
 * - Making a plan (`createPlan`, the worker's answer step): the store, the audit (`requested`).
 * - Decisions (`decide`: a click or a typed `approve|reject|cancel|pause|resume|retry|skip|stop`):
 *   the store's rules (`MaintenancePlanStore.decide`, `LockBreakStore.decide`), then the audit, a
 *   thread message saying who did what, the card updated in place; the last approval adds the
 *   plan's job (`mpx-<id>`) or the lock break's (`lbx-<id>`) to the cluster's maintenance queue.
 * - The runner's changes (`planChanged`, the plan runner's `onChange`): a thread message per step
 *   (started, maintained, settled, failed with retry / skip / stop, held and why, paused, ended
 *   with the table of times) and the card updated in place.
 * - The expiry sweep (`sweep`, the gateway's timer): pending plans and lock breaks past their
 *   lifetime expire (audited, card updated); approved ones get their job again (idempotent).
 *
 * Chat messages ride the platform's replies queue like the single-node ones (delivery `thread` /
 * `update-card` with `maintenanceId` = the plan or lock-break id); a console plan gets none.
 */
import type { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { ChatUser, Locale } from '../../commands/types.js';
import { BotError } from '../../errors.js';
import type { Reply } from '../../explain/reply.js';
import { isReplyPlatform } from '../../queue/job.js';
import type { AnswerJob } from '../../queue/job.js';
import type { ReplyPublisher } from '../../queue/reply-queue.js';
import type { Logger } from '../../util/logger.js';
import type { AuditLog } from '../audit-log.js';
import { isAllowed } from '../policy.js';
import type { MaintenancePolicy } from '../policy.js';
import type { ThreadOrder } from '../thread-order.js';
import type { Actor, MaintenanceEvent, MaintenanceRequest } from '../types.js';
import { createMaintenancePlan } from './create-plan.js';
import type { CreatePlanInput } from './create-plan.js';
import {
  explainLockBreakCard,
  explainLockBreakEvent,
  explainMaintenancePlanCard,
  explainPlanChange,
  explainPlanDecision,
  explainPlanRefusal,
} from './explain-maintenance-plan.js';
import type { PlanOutcome, PlanRefusalText } from './explain-maintenance-plan.js';
import {
  type LockBreakCreateRefusal,
  type LockBreakJobData,
  type LockBreakRefusal,
  type LockBreakRequest,
  LOCK_BREAK_ID_PATTERN,
  LOCK_BREAK_TERMINAL_STATES,
  LockBreakStore,
  lockBreakJobIdFor,
  scanOpen,
} from './lock-break.js';
import type { LockHolder } from './lock-report.js';
import { addOrRetryJob, enqueuePlan } from './plan-queue.js';
import { MaintenancePlanStore } from './plan-store.js';
import type { PlanDecisionResult, PlanRefusal } from './plan-store.js';
import type { MaintenancePlan, PlanAction } from './plan-types.js';
import { PLAN_EXECUTING_STATES, PLAN_ID_PATTERN, PLAN_TERMINAL_STATES } from './plan-types.js';

/** What the chat shows a card for beside single-node requests: a plan, or a request to break a lock. */
export type PlanSubject = MaintenancePlan | LockBreakRequest;

/** The outcome of a decision on a plan or a request to break a lock. */
export type PlanSubjectDecision =
  | { ok: true; outcome: PlanOutcome; request: PlanSubject }
  | { ok: false; refusal: PlanRefusal | LockBreakRefusal; request?: PlanSubject };

/**
 * Whether an id is one this service owns (`mp-…` or `lb-…`).
 * @param id - untrusted
 */
export function isPlanSubjectId(id: string): boolean {
  return PLAN_ID_PATTERN.test(id) || LOCK_BREAK_ID_PATTERN.test(id);
}

/** Whether a subject is a request to break a lock (else a plan). */
export function isLockBreak(s: PlanSubject): s is LockBreakRequest {
  return LOCK_BREAK_ID_PATTERN.test(s.id);
}

/** Options of {@link createPlanService}. */
export interface PlanServiceOptions {
  redis: Redis;
  /** The maintenance key prefix (the request store's). */
  keyPrefix: string;
  policy: MaintenancePolicy;
  audit: AuditLog;
  threadOrder: ThreadOrder;
  /** Chat posts; absent: audit and log only. */
  publisher?: ReplyPublisher;
  /** The cluster's maintenance queue (shared with the single-node executions). */
  queueFor: (cluster: string) => Queue;
  logger: Logger;
  now?: () => Date;
}

/** The facade; see the module doc. Every method may throw BotError `queue-unavailable` (Redis). */
export interface PlanService {
  readonly plans: MaintenancePlanStore;
  readonly lockBreaks: LockBreakStore;
  /** Make a plan (see {@link createMaintenancePlan}) and audit it. */
  createPlan(
    input: Omit<CreatePlanInput, 'plans' | 'policy' | 'now'> & { cluster: string },
  ): ReturnType<typeof createMaintenancePlan>;
  /**
   * Ask to break a lock: the requester must be one of the policy's requesters; one open request
   * per cluster. Audited.
   */
  createLockBreak(input: {
    cluster: string;
    lock: LockBreakRequest['lock'];
    where: string;
    holder: LockHolder;
    reason: string;
    requestedBy: Actor;
    locale: Locale;
    replyTo: LockBreakRequest['replyTo'];
  }): Promise<
    | { ok: true; request: LockBreakRequest }
    | { ok: false; refusal: LockBreakCreateRefusal; existing?: LockBreakRequest }
  >;
  /** A click or a typed decision on `mp-…` / `lb-…` (see the module doc). */
  decide(id: string, actor: Actor, action: PlanAction): Promise<PlanSubjectDecision>;
  get(id: string): Promise<PlanSubject | null>;
  /** Record where the adapter posted the card. @throws BotError `bad-request` for an unknown id */
  attachCard(id: string, card: Record<string, string>): Promise<void>;
  cardReply(subject: PlanSubject): Reply;
  refusalText(refusal: PlanRefusalText, subject: PlanSubject | undefined, locale: Locale): string;
  /** The plan runner's `onChange`: thread messages for what changed, the card updated in place. */
  planChanged(plan: MaintenancePlan, before: MaintenancePlan): Promise<void>;
  /**
   * Record how an approved lock break ended (`lock-broken` or `lock-break-refused` audited, the
   * thread told, the card updated).
   */
  lockBreakEnded(request: LockBreakRequest, event: MaintenanceEvent): Promise<void>;
  /** Expire what waited too long; add the jobs of approved plans and lock breaks again. */
  sweep(): Promise<string[]>;
}

/** The audit subject of a plan: its id, cluster, and its nodes as `node`. */
function planSubject(p: MaintenancePlan): Pick<MaintenanceRequest, 'id' | 'cluster' | 'node'> {
  const names = p.nodes.map((n) => n.node).join(',');
  return { id: p.id, cluster: p.cluster, node: names.length > 200 ? `${names.slice(0, 197)}...` : names };
}

function lockBreakSubject(r: LockBreakRequest): Pick<MaintenanceRequest, 'id' | 'cluster' | 'node'> {
  return { id: r.id, cluster: r.cluster, node: r.holder.node ?? '-' };
}

/**
 * The synthetic answer job a plan's chat message rides with: a unique id per message, the
 * requester as the user, the plan's reply target.
 */
function subjectJob(s: PlanSubject, messageId: string, now: Date): AnswerJob {
  const user: ChatUser = {
    platform: s.requestedBy.platform,
    id: s.requestedBy.id,
    tenant: s.requestedBy.tenant,
    ...(s.requestedBy.displayName === undefined ? {} : { displayName: s.requestedBy.displayName }),
  };
  return {
    requestId: messageId,
    text: '',
    cluster: s.cluster,
    locale: s.locale,
    user,
    replyTo: s.replyTo,
    enqueuedAt: now.toISOString(),
  };
}

/**
 * Build the plan service.
 * @param o - see {@link PlanServiceOptions}
 */
export function createPlanService(o: PlanServiceOptions): PlanService {
  const now = o.now ?? (() => new Date());
  const plans = new MaintenancePlanStore(o.redis, { keyPrefix: o.keyPrefix, now });
  const lockBreaks = new LockBreakStore(o.redis, { keyPrefix: o.keyPrefix, now });
  const policyOf = (cluster: string) => o.policy.forCluster(cluster);

  const cardOf = (s: PlanSubject): Reply =>
    isLockBreak(s) ? explainLockBreakCard(s, s.locale) : explainMaintenancePlanCard(s, s.locale);

  /** Thread messages (numbered in the subject's thread order), then the card update. */
  const post = async (s: PlanSubject, thread: Reply[], updateCard: boolean): Promise<void> => {
    const publisher = o.publisher;
    const platform = s.replyTo.platform;
    if (publisher === undefined || !isReplyPlatform(platform)) return;
    try {
      for (const reply of thread) {
        const seq = await o.threadOrder.next(s.id);
        const id = reply.context.requestId;
        await publisher.publish(
          platform,
          { reply, job: subjectJob(s, id, now()), delivery: { mode: 'thread', maintenanceId: s.id, seq } },
          id,
        );
      }
      if (updateCard) {
        const id = `${s.id}-r${s.revision}-card`;
        await publisher.publish(
          platform,
          {
            reply: cardOf(s),
            job: subjectJob(s, id, now()),
            delivery: { mode: 'update-card', maintenanceId: s.id },
          },
          id,
        );
      }
    } catch (err) {
      o.logger.warn({ err, maintenanceId: s.id }, 'maintenance plan chat message not published');
    }
  };

  const audit = async (s: PlanSubject, event: MaintenanceEvent, actor: Actor | undefined): Promise<void> => {
    await o.audit.append(isLockBreak(s) ? lockBreakSubject(s) : planSubject(s), event, actor, now());
  };

  const enqueueLockBreak = async (r: LockBreakRequest): Promise<void> => {
    try {
      await addOrRetryJob(
        o.queueFor(r.cluster),
        'break-lock',
        { lockBreakId: r.id, cluster: r.cluster } satisfies LockBreakJobData,
        lockBreakJobIdFor(r.id),
      );
    } catch (err) {
      throw new BotError('queue-unavailable', `maintenance: cannot add the job of ${r.id}`, {
        retryable: true,
        cause: err,
      });
    }
  };

  const decidePlan = async (id: string, actor: Actor, action: PlanAction): Promise<PlanSubjectDecision> => {
    const result: PlanDecisionResult = await plans.decide(id, actor, action, policyOf);
    if (!result.ok) {
      if (result.refusal === 'expired' && result.plan?.state === 'expired') {
        await audit(result.plan, { type: 'expired' }, undefined);
        await post(
          result.plan,
          [explainPlanDecision(result.plan, 'expired', action, undefined, result.plan.locale)],
          true,
        );
      }
      return { ok: false, refusal: result.refusal, ...(result.plan ? { request: result.plan } : {}) };
    }
    const p = result.plan;
    const event: MaintenanceEvent =
      result.outcome === 'approval-counted' || result.outcome === 'approved'
        ? { type: 'approved', by: actor, approvals: p.approvals.length, required: p.approvalsRequired }
        : result.outcome === 'rejected'
          ? { type: 'rejected', by: actor }
          : result.outcome === 'cancelled'
            ? { type: 'cancelled', by: actor, nodeCordoned: false, podsEvicted: 0 }
            : result.outcome === 'cancel-requested'
              ? { type: 'cancel-requested', by: actor }
              : {
                  type: 'plan-control',
                  action: action as 'pause' | 'resume' | 'retry' | 'skip' | 'stop',
                  by: actor,
                };
    // Audit first (the approval precedes anything the runner records), then the job, then chat.
    let auditError: unknown;
    try {
      await audit(p, event, actor);
    } catch (err) {
      auditError = err;
    }
    if (result.outcome === 'approved') await enqueuePlan(o.queueFor(p.cluster), p);
    await post(p, [explainPlanDecision(p, result.outcome, action, actor, p.locale)], true);
    if (auditError !== undefined) throw auditError;
    return { ok: true, outcome: result.outcome, request: p };
  };

  const decideLockBreak = async (
    id: string,
    actor: Actor,
    action: PlanAction,
  ): Promise<PlanSubjectDecision> => {
    const result = await lockBreaks.decide(id, actor, action, policyOf);
    if (!result.ok) {
      if (result.refusal === 'expired' && result.request?.state === 'expired') {
        await audit(result.request, { type: 'expired' }, undefined);
        await post(result.request, [], true);
      }
      return { ok: false, refusal: result.refusal, ...(result.request ? { request: result.request } : {}) };
    }
    const r = result.request;
    const event: MaintenanceEvent =
      result.outcome === 'rejected'
        ? { type: 'rejected', by: actor }
        : result.outcome === 'cancelled'
          ? { type: 'cancelled', by: actor, nodeCordoned: false, podsEvicted: 0 }
          : { type: 'approved', by: actor, approvals: r.approvals.length, required: r.approvalsRequired };
    let auditError: unknown;
    try {
      await audit(r, event, actor);
    } catch (err) {
      auditError = err;
    }
    if (result.outcome === 'approved') await enqueueLockBreak(r);
    const thread = explainLockBreakEvent(r, event, r.locale);
    await post(r, thread ? [thread] : [], true);
    if (auditError !== undefined) throw auditError;
    return { ok: true, outcome: result.outcome, request: r };
  };

  return {
    plans,
    lockBreaks,

    async createPlan(input) {
      const created = await createMaintenancePlan({ ...input, plans, policy: policyOf(input.cluster), now });
      if (created.ok) await audit(created.plan, { type: 'requested' }, input.requestedBy);
      return created;
    },

    async createLockBreak(input) {
      const policy = policyOf(input.cluster);
      if (!isAllowed(policy.requesters, input.requestedBy)) return { ok: false, refusal: 'not-requester' };
      const created = await lockBreaks.create(input, policy.approvals.controlPlane, policy.requestLifetimeMs);
      if (!created.ok)
        return {
          ok: false,
          refusal: 'already-open',
          ...(created.existing ? { existing: created.existing } : {}),
        };
      await audit(created.request, { type: 'requested' }, input.requestedBy);
      return created;
    },

    decide(id, actor, action) {
      if (PLAN_ID_PATTERN.test(id)) return decidePlan(id, actor, action);
      if (LOCK_BREAK_ID_PATTERN.test(id)) return decideLockBreak(id, actor, action);
      return Promise.resolve({ ok: false, refusal: 'not-found' });
    },

    async get(id) {
      if (PLAN_ID_PATTERN.test(id)) return plans.get(id);
      if (LOCK_BREAK_ID_PATTERN.test(id)) return lockBreaks.get(id);
      return null;
    },

    async attachCard(id, card) {
      const write = <T extends { card?: Record<string, string> }>(x: T): T => ({ ...x, card: { ...card } });
      const done = PLAN_ID_PATTERN.test(id)
        ? await plans.update(id, write)
        : LOCK_BREAK_ID_PATTERN.test(id)
          ? await lockBreaks.update(id, write)
          : null;
      if (done === null) throw new BotError('bad-request', `no maintenance plan or lock break ${id}`);
    },

    cardReply: cardOf,

    refusalText(refusal, subject, locale) {
      return explainPlanRefusal(refusal, subject && !isLockBreak(subject) ? subject : undefined, locale, {
        ...(subject ? { id: subject.id, cluster: subject.cluster } : {}),
      });
    },

    async planChanged(plan, before) {
      const thread = explainPlanChange(before, plan, plan.locale);
      if (PLAN_TERMINAL_STATES.includes(plan.state) && !PLAN_TERMINAL_STATES.includes(before.state)) {
        try {
          await audit(
            plan,
            {
              type: 'plan-finished',
              state: plan.state as 'completed' | 'stopped' | 'cancelled',
              done: plan.nodes.filter((n) => n.state === 'done').length,
              total: plan.nodes.length,
            },
            undefined,
          );
        } catch (err) {
          o.logger.error({ err, planId: plan.id }, 'could not audit the end of a maintenance plan');
        }
      }
      const cardChanged =
        thread.length > 0 ||
        plan.state !== before.state ||
        plan.hold?.detail !== before.hold?.detail ||
        plan.nodes.some((n, i) => n.state !== before.nodes[i]?.state);
      if (thread.length > 0 || cardChanged) await post(plan, thread, cardChanged);
    },

    async lockBreakEnded(request, event) {
      try {
        await audit(request, event, undefined);
      } catch (err) {
        o.logger.error({ err, lockBreakId: request.id }, 'could not audit a lock break');
      }
      await post(request, [], true);
    },

    async sweep() {
      const touched: string[] = [];
      const at = now().getTime();
      for (const id of await scanOpen(o.redis, `${o.keyPrefix}plan-open:*`)) {
        const p = await plans.get(id);
        if (p === null) continue;
        if (p.state === 'pending-approval' && Date.parse(p.expiresAt) <= at) {
          const expired = await plans.update(id, (x) =>
            x.state === 'pending-approval' && Date.parse(x.expiresAt) <= at
              ? { ...x, state: 'expired' }
              : null,
          );
          if (expired) {
            touched.push(id);
            await audit(expired, { type: 'expired' }, undefined);
            await post(
              expired,
              [explainPlanDecision(expired, 'expired', 'approve', undefined, expired.locale)],
              true,
            );
          }
        } else if (PLAN_EXECUTING_STATES.includes(p.state)) await enqueuePlan(o.queueFor(p.cluster), p);
      }
      for (const r of await lockBreaks.listOpen()) {
        if (r.state === 'pending-approval' && Date.parse(r.expiresAt) <= at) {
          const expired = await lockBreaks.update(r.id, (x) =>
            x.state === 'pending-approval' && Date.parse(x.expiresAt) <= at
              ? { ...x, state: 'expired' }
              : null,
          );
          if (expired) {
            touched.push(r.id);
            await audit(expired, { type: 'expired' }, undefined);
            await post(expired, [], true);
          }
        } else if (r.state === 'approved' && !LOCK_BREAK_TERMINAL_STATES.includes(r.state))
          await enqueueLockBreak(r);
      }
      return touched;
    },
  };
}
