/**
 * Fleet maintenance: one approved plan that rolls a maintenance across several nodes,
 * node by node, with the single-node executor (`../execute/run-maintenance.ts`).
 *
 * A plan is built from the rolling plan (`src/analysis/multi-node/rolling-plan.ts`):
 * its order (control-plane nodes first, one at a time, the etcd leader last; then workers), its
 * batches, the reasons for the order, and the nodes left out because they are `unsafe` now.
 * Approval rules apply to the plan as a whole: a plan with a control-plane node needs the
 * control-plane count of approvers.
 *
 * Pure types and small helpers only: the Redis store is `plan-store.ts`, the runner `run-plan.ts`.
 */
import type { Verdict } from '../../analysis/types.js';
import type { Locale, ReplyTarget } from '../../commands/types.js';
import type { Actor, Approval, StopReason } from '../types.js';
import type { WorkloadBaseline } from './settle-workloads.js';

/**
 * States of a plan.
 * - `pending-approval` → `approved` (enough distinct approvals), `rejected`, `expired`;
 * - `running`: a node is being maintained or the plan waits to start the next;
 * - `held`: the next node waits on a gate (a firing alert, Alertmanager unreachable, kured's lock),
 *   or on the workloads of the step in progress that are not back yet (`settle`); the plan goes on
 *   by itself when the gate opens;
 * - `paused`: paused by a person (`pause`), after the node in progress; `resume` goes on;
 * - `needs-decision`: a node failed; the thread asks `retry`, `skip` or `stop`;
 * - `cancelling`: `cancel` asked; the plan ends after the node in progress (never mid-drain);
 * - `completed`, `stopped` (by `stop` after a failure), `cancelled`: ended.
 */
export type PlanState =
  | 'pending-approval'
  | 'approved'
  | 'running'
  | 'held'
  | 'paused'
  | 'needs-decision'
  | 'cancelling'
  | 'completed'
  | 'stopped'
  | 'cancelled'
  | 'rejected'
  | 'expired';

/** Plan states after which nothing happens to the plan. */
export const PLAN_TERMINAL_STATES: readonly PlanState[] = [
  'completed',
  'stopped',
  'cancelled',
  'rejected',
  'expired',
];

/** Plan states in which a worker owns the plan. */
export const PLAN_EXECUTING_STATES: readonly PlanState[] = [
  'approved',
  'running',
  'held',
  'paused',
  'needs-decision',
  'cancelling',
];

/**
 * State of one node of a plan: `pending` (not started), `running` (its single-node request runs),
 * `settling` (maintained; waiting for the settle time and the checks before the next node),
 * `done` (verified and settled), `failed` (waits for a decision), `skipped` (by a person),
 * `untouched` (the plan ended before it).
 */
export type PlanNodeState = 'pending' | 'running' | 'settling' | 'done' | 'failed' | 'skipped' | 'untouched';

/** One node of a plan, in the plan's order. Times are ISO 8601. */
export interface PlanNode {
  node: string;
  /** Its `topology.kubernetes.io/zone` label, when it has one. */
  zone?: string;
  role: 'control-plane' | 'worker';
  /** 1-based step of the rolling plan (control-plane nodes are always alone in theirs). */
  batch: number;
  /** The node's verdict when the plan was made (against the cluster as it was then). */
  verdict: Verdict;
  /** Why it is where it is in the order (message keys under `maintenancePlan.why`, with facts). */
  why: PlanWhy[];
  state: PlanNodeState;
  /** The single-node request (`mr-…`) that maintains it; recorded BEFORE the request is created. */
  requestId?: string;
  /** How many times it was retried after a failure. */
  attempts?: number;
  startedAt?: string;
  /** When its request completed (the node rebooted and was verified by the executor). */
  maintainedAt?: string;
  /**
   * The Ready pods of the workloads with pods on it, counted just before its step started (the
   * settle checks wait until each is back to its count); removed once it is done.
   */
  workloadsBefore?: WorkloadBaseline[];
  /** When the settle checks passed (the next node may start). */
  settledAt?: string;
  finishedAt?: string;
  /** Why it failed: a {@link StopReason} of the executor, or a plan reason ({@link PlanNodeFailure}). */
  failure?: { reason: StopReason | PlanNodeFailure; detail: string };
  /** The Alertmanager silence created while it is in maintenance (deleted once it is verified). */
  silenceId?: string;
  /**
   * The holder the runner took the maintenance Lease and kured's lock under for this node's step
   * when the step has several nodes (`mp-…/b<step>`, {@link stepLockIdFor}); absent: the node's
   * own request holds them.
   */
  lockId?: string;
}

/**
 * Why the plan failed a node on its own (not the executor): `settle-timeout` (the node, its etcd
 * member, its static pods, a workload's Ready pods (DaemonSet pods on it included) or a PDB did
 * not come back within the settle timeout),
 * `already-open` (another request is open for the node), `cancelled` (its request was cancelled).
 */
export type PlanNodeFailure = 'settle-timeout' | 'already-open' | 'cancelled';

/** One reason for a node's place in the order: a message key and its facts. */
export interface PlanWhy {
  key:
    | 'not-voter'
    | 'voter'
    | 'etcd-leader-last'
    | 'control-plane-first'
    | 'worker-order'
    | 'batch-with'
    | 'zone-limit'
    | 'zone-limit-none';
  facts?: Record<string, string | number>;
}

/** A node asked for but left out: unsafe on its own now. */
export interface PlanExcludedNode {
  node: string;
  /** The blocking findings' check ids and variants (`etcd-quorum/lost`…). */
  reasons: string[];
}

/**
 * What holds the plan before the next node (`held`). `settle`: the workloads that lost pods in the
 * step in progress are not back to their Ready pods of before it (the settle checks; past the
 * settle timeout the node fails for a decision).
 */
export interface PlanHold {
  kind:
    | 'settle'
    | 'alert'
    | 'alertmanager-unreachable'
    | 'alertmanager-unknown'
    | 'kured-lock'
    | 'change-window'
    | 'zone-limit'
    | 'maintenance-lock'
    | 'cluster-unreadable';
  /** Plain text for the card, e.g. `HostDown {severity="critical", instance="x"}`. */
  detail: string;
  since: string;
}

/** A decision on a plan: approvals, and the controls while it runs. */
export type PlanAction = 'approve' | 'reject' | 'pause' | 'resume' | 'cancel' | 'retry' | 'skip' | 'stop';

/**
 * A maintenance plan as stored (JSON in Redis). `id` is `mp-` + 10 base32 characters.
 * `revision` is bumped on every write (compare-and-set).
 */
export interface MaintenancePlan {
  id: string;
  cluster: string;
  reason: string;
  requestedBy: Actor;
  requestedAt: string;
  expiresAt: string;
  approvalsRequired: number;
  approvals: Approval[];
  rejectedBy?: Actor;
  cancelledBy?: Actor;
  state: PlanState;
  stateReason?: string;
  locale: Locale;
  replyTo: ReplyTarget;
  card?: Record<string, string>;
  /** The rolling plan's verdict when made. */
  verdictAtRequest: Verdict;
  nodes: PlanNode[];
  excluded: PlanExcludedNode[];
  /** Settle time after each step, in ms (policy; default 2 min). */
  settleMs: number;
  /** Most workers per step (policy when made; the steps are the nodes' `batch`). @defaultValue 1 */
  workerBatchSize?: number;
  /** Most unavailable nodes per zone (policy when made), checked again before each step; absent: no limit. */
  maxUnavailablePerZone?: number;
  hold?: PlanHold;
  /**
   * How many times the plan was held by the Alertmanager gate (a new reason each time, see
   * {@link ALERTMANAGER_HOLDS}); the thread is told the first {@link GATE_NOTICES_MAX}, the card
   * shows the rest. Absent: none yet.
   */
  gateNotices?: number;
  /** Set by `pause`: the runner pauses after the node in progress. */
  pauseRequested?: boolean;
  /** The decision asked while `needs-decision`, consumed by the runner. */
  decision?: 'retry' | 'skip' | 'stop';
  startedAt?: string;
  finishedAt?: string;
  revision: number;
}

/** The holds of the Alertmanager gate (`alertmanager.ts`), whose thread messages are capped per plan. */
export const ALERTMANAGER_HOLDS: readonly PlanHold['kind'][] = [
  'alert',
  'alertmanager-unreachable',
  'alertmanager-unknown',
];

/** Most thread messages of the Alertmanager gate per plan (issue 33: a flapping gate flooded the thread). */
export const GATE_NOTICES_MAX = 5;

/**
 * Least time between two updates of a hold whose reason stays the same but whose detail changes
 * (e.g. the firing alerts), in ms: the card shows the latest detail at most this late.
 */
export const HOLD_DETAIL_EVERY_MS = 30_000;

/** Plan ids: `mp-` + 10 characters of `[a-z2-7]`. */
export const PLAN_ID_PATTERN = /^mp-[a-z2-7]{10}$/;

/** Default settle time after each node, in ms (2 min). */
export const DEFAULT_SETTLE_MS = 120_000;

/**
 * The holder of the maintenance Lease and of kured's lock for a step of several nodes of a plan
 * (its nodes are maintained together under it).
 * @param planId - `mp-…`
 * @param batch - the step (1-based)
 * @returns `mp-…/b<step>`
 */
export function stepLockIdFor(planId: string, batch: number): string {
  return `${planId}/b${batch}`;
}

/** Step holders: `mp-` + 10 of `[a-z2-7]` + `/b` + the step. */
export const STEP_LOCK_ID_PATTERN = /^(mp-[a-z2-7]{10})\/b([0-9]{1,4})$/;
