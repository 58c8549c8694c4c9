/**
 * Maintenance plans in Redis, kept like single-node requests (request-store.ts): JSON
 * under `…:plan:<id>`, every write a compare-and-set on `revision` in one Lua script, one open
 * plan per cluster (`…:plan-open:<cluster>`), a finished plan kept 30 days.
 *
 * A writer that lost a race reads again and re-decides: two approvers clicking at once are both
 * counted, and exactly one of them sees the last approval (and starts the plan).
 */
import type { Redis } from 'ioredis';
import { clipCodePoints, DEFAULT_FINISHED_RETENTION_MS, MAINTENANCE_KEY_PREFIX } from '../request-store.js';
import { OpenRecordStore, newBase32Id } from '../revision-store.js';
import { approveOrReject, mayControl } from './approval-step.js';
import type { Actor, ClusterMaintenancePolicy } from '../types.js';
import {
  type MaintenancePlan,
  type PlanAction,
  PLAN_ID_PATTERN,
  PLAN_TERMINAL_STATES,
} from './plan-types.js';

/**
 * A new plan id: `mp-` + 10 base32 characters from the crypto random source (50 bits).
 * @returns e.g. `mp-k3x7q2mzab`
 */
export function newPlanId(): string {
  return newBase32Id('mp-');
}

/**
 * Why a decision on a plan was refused (nothing changed): `not-found`; `not-approver` (approve /
 * reject by someone not in `approvers`); `self-approval`; `already-approved`; `expired`;
 * `not-pending` (approve / reject after the approval); `not-allowed` (a control by someone who is
 * not the requester, an approver or an admin); `already-finished`; `not-applicable` (e.g. `skip`
 * while no node failed, `resume` while not paused).
 */
export type PlanRefusal =
  | 'not-found'
  | 'not-approver'
  | 'self-approval'
  | 'already-approved'
  | 'expired'
  | 'not-pending'
  | 'not-allowed'
  | 'already-finished'
  | 'not-applicable'
  | 'already-pausing'
  | 'already-paused'
  | 'already-cancelling';

/** The outcome of {@link MaintenancePlanStore.decide}. `approved`: the last approval; start the plan. */
export type PlanDecisionResult =
  | {
      ok: true;
      outcome:
        | 'approval-counted'
        | 'approved'
        | 'rejected'
        | 'cancelled'
        | 'cancel-requested'
        | 'pause-requested'
        | 'resumed'
        | 'decided';
      plan: MaintenancePlan;
    }
  | { ok: false; refusal: PlanRefusal; plan?: MaintenancePlan };

/** Options of {@link MaintenancePlanStore}. */
export interface PlanStoreOptions {
  /** Key prefix (the maintenance store's). @defaultValue `k8s-ha-bot:maintenance:` */
  keyPrefix?: string;
  now?: () => Date;
  /** How long a finished plan is kept, in ms. @defaultValue 30 days */
  finishedRetentionMs?: number;
}

/** The fields a new plan is made of; id, times, approvals and revision are filled in by `create`. */
export type NewPlan = Omit<
  MaintenancePlan,
  'id' | 'requestedAt' | 'expiresAt' | 'approvalsRequired' | 'approvals' | 'state' | 'revision'
>;

/**
 * The plans in Redis. Shares the caller's ioredis connection (not closed). Every method throws
 * BotError `queue-unavailable` (retryable) when Redis fails.
 */
export class MaintenancePlanStore {
  private readonly prefix: string;
  private readonly now: () => Date;
  private readonly plans: OpenRecordStore<MaintenancePlan>;

  /**
   * @param redis - a connected ioredis client
   * @param options - see {@link PlanStoreOptions}
   */
  constructor(redis: Redis, options: PlanStoreOptions = {}) {
    this.prefix = options.keyPrefix ?? MAINTENANCE_KEY_PREFIX;
    this.now = options.now ?? (() => new Date());
    this.plans = new OpenRecordStore<MaintenancePlan>(redis, {
      command: 'maintenancePlanCas',
      label: 'maintenance plan store',
      idName: 'plan id',
      idPattern: PLAN_ID_PATTERN,
      newId: newPlanId,
      recordKey: (id) => this.planKey(id),
      openKey: (cluster) => this.openKey(cluster),
      terminalStates: PLAN_TERMINAL_STATES,
      retentionMs: options.finishedRetentionMs ?? DEFAULT_FINISHED_RETENTION_MS,
      check: { isRecord: (plan, id) => plan.id === id && Array.isArray(plan.nodes), description: 'a plan' },
    });
  }

  /** `…:plan:<id>`. */
  planKey(id: string): string {
    return `${this.prefix}plan:${id}`;
  }

  /** `…:plan-open:<cluster>`. */
  openKey(cluster: string): string {
    return `${this.prefix}plan-open:${cluster}`;
  }

  /**
   * A plan by id.
   * @param id - `mp-…`; anything else is "not found" (never read)
   * @returns the plan, or null
   */
  get(id: string): Promise<MaintenancePlan | null> {
    return this.plans.get(id);
  }

  /**
   * Create a pending plan (one open plan per cluster).
   * @param input - the plan's facts
   * @param approvalsRequired - from {@link planApprovalsRequired}
   * @param lifetimeMs - how long it may wait for approval (the policy's request lifetime)
   * @returns the plan, or `already-open` with the cluster's open plan
   */
  async create(
    input: NewPlan,
    approvalsRequired: number,
    lifetimeMs: number,
  ): Promise<
    { ok: true; plan: MaintenancePlan } | { ok: false; refusal: 'already-open'; existing?: MaintenancePlan }
  > {
    const now = this.now();
    const made = await this.plans.insert((id) => ({
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
    if (made.ok) return { ok: true, plan: made.record };
    return made.existing
      ? { ok: false, refusal: 'already-open', existing: made.existing }
      : { ok: false, refusal: 'already-open' };
  }

  /**
   * Read, change, write with compare-and-set; again from the read when another writer won.
   * @param id - `mp-…`
   * @param change - the new plan (revision is set here), or null to write nothing
   * @returns the plan written, or null when `change` wrote nothing or there is no such plan
   * @throws BotError `queue-unavailable` after 200 lost races
   */
  update(
    id: string,
    change: (plan: MaintenancePlan) => MaintenancePlan | null,
  ): Promise<MaintenancePlan | null> {
    return this.plans.update(id, change);
  }

  /**
   * A decision on a plan. Approve / reject: approvers only, never the requester, each approver
   * once, only while pending and not expired. The controls (`pause`, `resume`, `cancel`, `retry`,
   * `skip`, `stop`): the requester, an approver or an admin. `cancel` of a pending plan ends it;
   * of a running one asks the runner to stop after the node in progress.
   * @param id - `mp-…`
   * @param actor - who decides
   * @param action - what
   * @param policyOf - the policy of the plan's cluster
   */
  async decide(
    id: string,
    actor: Actor,
    action: PlanAction,
    policyOf: (cluster: string) => ClusterMaintenancePolicy,
  ): Promise<PlanDecisionResult> {
    let result: PlanDecisionResult = { ok: false, refusal: 'not-found' };
    const at = this.now();
    const written = await this.update(id, (p) => {
      const policy = policyOf(p.cluster);
      const refuse = (refusal: PlanRefusal): null => {
        result = { ok: false, refusal, plan: p };
        return null;
      };
      if (PLAN_TERMINAL_STATES.includes(p.state)) return refuse('already-finished');
      if (action === 'approve' || action === 'reject') {
        const step = approveOrReject(p, actor, action, policy.approvers, at);
        result =
          'refusal' in step
            ? { ok: false, refusal: step.refusal, plan: p }
            : { ok: true, outcome: step.outcome, plan: p };
        return step.write ? p : null;
      }
      if (!mayControl(p, actor, policy)) return refuse('not-allowed');
      switch (action) {
        case 'cancel':
          p.cancelledBy = actor;
          if (p.state === 'pending-approval') {
            p.state = 'cancelled';
            result = { ok: true, outcome: 'cancelled', plan: p };
          } else {
            if (p.state === 'cancelling') return refuse('already-cancelling');
            p.state = 'cancelling';
            result = { ok: true, outcome: 'cancel-requested', plan: p };
          }
          return p;
        case 'pause':
          // Asked twice: say the pause is already asked (or done), not "cannot do that".
          if (p.state === 'paused') return refuse('already-paused');
          if (p.state === 'pending-approval' || p.state === 'cancelling') return refuse('not-applicable');
          if (p.pauseRequested) return refuse('already-pausing');
          p.pauseRequested = true;
          result = { ok: true, outcome: 'pause-requested', plan: p };
          return p;
        case 'resume':
          if (p.state !== 'paused' && !p.pauseRequested) return refuse('not-applicable');
          p.pauseRequested = false;
          if (p.state === 'paused') p.state = 'running';
          result = { ok: true, outcome: 'resumed', plan: p };
          return p;
        default:
          if (p.state !== 'needs-decision' || p.decision !== undefined) return refuse('not-applicable');
          p.decision = action;
          result = { ok: true, outcome: 'decided', plan: p };
          return p;
      }
    });
    if (written === null && result.ok) return { ok: false, refusal: 'not-found' };
    return result;
  }
}
