/**
 * Approve or reject a pending maintenance plan or request to break a lock: the rule both share.
 * Approvers only (the policy's `approvers`), only while `pending-approval` and before `expiresAt`
 * (past it the record becomes `expired`), never by the requester, each approver once; the approval
 * that reaches `approvalsRequired` moves the record to `approved`. Identities are compared by
 * {@link actorKey} only, never by display name.
 */
import { isAllowed } from '../policy.js';
import { type Actor, type Approval, actorKey } from '../types.js';

/** What {@link approveOrReject} reads and changes of a record. */
export interface Approvable {
  /** The record's state; only `pending-approval` may be decided. */
  state: string;
  /** ISO 8601. */
  expiresAt: string;
  requestedBy: Actor;
  approvals: Approval[];
  approvalsRequired: number;
  rejectedBy?: Actor;
}

/**
 * The outcome of {@link approveOrReject}. `write`: the record was changed and is to be written
 * (an approval counted, the approval, a rejection, or `expired`); otherwise nothing changed.
 */
export type ApprovalStep =
  | { write: true; outcome: 'approval-counted' | 'approved' | 'rejected' }
  | { write: true; refusal: 'expired' }
  | { write: false; refusal: 'not-approver' | 'not-pending' | 'self-approval' | 'already-approved' };

/**
 * Decide an approval or a rejection on a record, changing it in place (see the module comment).
 * @param r - the record as read (changed here: state, approvals, rejectedBy)
 * @param actor - who decides
 * @param action - `approve` or `reject`
 * @param approvers - the policy's approvers of the record's cluster
 * @param at - the decision's time
 * @returns what happened, and whether to write the record
 */
export function approveOrReject(
  r: Approvable,
  actor: Actor,
  action: 'approve' | 'reject',
  approvers: readonly string[],
  at: Date,
): ApprovalStep {
  if (!isAllowed(approvers, actor)) return { write: false, refusal: 'not-approver' };
  if (r.state !== 'pending-approval') return { write: false, refusal: 'not-pending' };
  if (Date.parse(r.expiresAt) <= at.getTime()) {
    r.state = 'expired';
    return { write: true, refusal: 'expired' };
  }
  if (action === 'reject') {
    r.state = 'rejected';
    r.rejectedBy = actor;
    return { write: true, outcome: 'rejected' };
  }
  if (actorKey(actor) === actorKey(r.requestedBy)) return { write: false, refusal: 'self-approval' };
  if (r.approvals.some((a) => actorKey(a.actor) === actorKey(actor)))
    return { write: false, refusal: 'already-approved' };
  r.approvals.push({ actor, at: at.toISOString() });
  const done = r.approvals.length >= r.approvalsRequired;
  if (done) r.state = 'approved';
  return { write: true, outcome: done ? 'approved' : 'approval-counted' };
}

/**
 * Whether someone may control a record (cancel it; for a plan also pause, resume, retry, skip,
 * stop): its requester, an approver or an admin of its cluster's policy.
 * @param r - the record (its requester)
 * @param actor - who asks
 * @param policy - the policy's approvers and admins of the record's cluster
 */
export function mayControl(
  r: Pick<Approvable, 'requestedBy'>,
  actor: Actor,
  policy: { approvers: readonly string[]; admins: readonly string[] },
): boolean {
  return (
    actorKey(actor) === actorKey(r.requestedBy) ||
    isAllowed(policy.approvers, actor) ||
    isAllowed(policy.admins, actor)
  );
}
