/**
 * An in-memory stand-in for `MaintenanceService` as the Teams adapter uses it
 * ({@link TeamsMaintenancePort}), for adapter tests that do not need the executor: the decision
 * rules of maintenance (approvers only, never self-approval, a second click counts once, distinct
 * approvals up to the required number) and a small request card.
 */
import type { TeamsMaintenancePort } from '../../adapters/teams/teams-maintenance.js';
import type { Locale } from '../../src/commands/types.js';
import type { Reply } from '../../src/explain/reply.js';
import { actorKey } from '../../src/maintenance/types.js';
import type {
  Actor,
  AuditEntry,
  DecisionAction,
  DecisionRefusal,
  DecisionResult,
  MaintenanceRequest,
} from '../../src/maintenance/types.js';

/** A pending request for tests. */
export function testRequest(
  id: string,
  requestedBy: Actor,
  replyConversation: string,
  overrides: Partial<MaintenanceRequest> = {},
): MaintenanceRequest {
  const now = new Date();
  return {
    id,
    cluster: 'prod',
    node: 'atlas-cp-2',
    nodeRole: 'control-plane',
    reason: 'kernel update',
    force: false,
    requestedBy,
    requestedAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 30 * 60_000).toISOString(),
    approvalsRequired: 2,
    approvals: [],
    state: 'pending-approval',
    locale: 'en',
    replyTo: { platform: 'teams', address: { conversation: replyConversation } },
    verdictAtRequest: 'caution',
    summaryAtRequest: 'Rebooting atlas-cp-2 is possible with care.',
    progress: {},
    revision: 1,
    ...overrides,
  };
}

/** The fake port, with what it was asked. */
export class FakeMaintenancePort implements TeamsMaintenancePort {
  readonly requests = new Map<string, MaintenanceRequest>();
  readonly decisions: { id: string; actor: Actor; action: DecisionAction }[] = [];
  readonly attached: { id: string; card: Record<string, string> }[] = [];
  readonly audit: AuditEntry[] = [];

  /**
   * @param approvers - actor keys allowed to approve / reject
   * @param admins - actor keys allowed to read the audit
   */
  constructor(
    private readonly approvers: readonly string[],
    private readonly admins: readonly string[],
  ) {}

  add(request: MaintenanceRequest): void {
    this.requests.set(request.id, structuredClone(request));
  }

  async decide(id: string, actor: Actor, action: DecisionAction): Promise<DecisionResult> {
    this.decisions.push({ id, actor, action });
    const r = this.requests.get(id);
    if (!r) return { ok: false, refusal: 'not-found' };
    const key = actorKey(actor);
    const refuse = (refusal: DecisionRefusal): DecisionResult => ({
      ok: false,
      refusal,
      request: structuredClone(r),
    });
    if (action === 'cancel') {
      if (key !== actorKey(r.requestedBy) && !this.approvers.includes(key))
        return refuse('not-allowed-to-cancel');
      if (['completed', 'cancelled', 'failed', 'rejected', 'expired'].includes(r.state))
        return refuse('already-finished');
      r.state = 'cancelled';
      r.cancelledBy = actor;
      r.revision += 1;
      this.log(r, { type: 'cancelled', by: actor, nodeCordoned: false, podsEvicted: 0 }, key);
      return { ok: true, outcome: 'cancelled', request: structuredClone(r) };
    }
    if (action === 'approve' && key === actorKey(r.requestedBy)) return refuse('self-approval');
    if (!this.approvers.includes(key)) return refuse('not-approver');
    if (r.state !== 'pending-approval') return refuse('not-pending');
    if (action === 'reject') {
      r.state = 'rejected';
      r.rejectedBy = actor;
      r.revision += 1;
      this.log(r, { type: 'rejected', by: actor }, key);
      return { ok: true, outcome: 'rejected', request: structuredClone(r) };
    }
    if (r.approvals.some((a) => actorKey(a.actor) === key)) return refuse('already-approved');
    r.approvals.push({ actor, at: new Date().toISOString() });
    r.revision += 1;
    this.log(
      r,
      { type: 'approved', by: actor, approvals: r.approvals.length, required: r.approvalsRequired },
      key,
    );
    if (r.approvals.length >= r.approvalsRequired) {
      r.state = 'approved';
      return { ok: true, outcome: 'approved', request: structuredClone(r) };
    }
    return { ok: true, outcome: 'approval-counted', request: structuredClone(r) };
  }

  async attachCard(id: string, card: Record<string, string>): Promise<void> {
    this.attached.push({ id, card: { ...card } });
    const r = this.requests.get(id);
    if (r) r.card = { ...card };
  }

  async get(id: string): Promise<MaintenanceRequest | null> {
    const r = this.requests.get(id);
    return r ? structuredClone(r) : null;
  }

  cardReply(request: MaintenanceRequest): Reply {
    const pending = request.state === 'pending-approval';
    return {
      kind: 'maintenance',
      locale: request.locale,
      title: `Maintenance of ${request.node} in ${request.cluster}`,
      verdict: request.verdictAtRequest,
      summary: `${request.summaryAtRequest}\nState: ${request.state}. Approvals ${request.approvals.length}/${request.approvalsRequired}.`,
      planes: [],
      sections: [
        { heading: 'Approved by', lines: request.approvals.map((a) => a.actor.displayName ?? a.actor.id) },
      ],
      advice: [],
      actions: [
        ...(pending
          ? [
              { id: 'maintenance-approve' as const, label: 'Approve', value: request.id },
              { id: 'maintenance-reject' as const, label: 'Reject', value: request.id },
            ]
          : []),
        ...(['completed', 'cancelled', 'failed', 'rejected', 'expired'].includes(request.state)
          ? []
          : [{ id: 'maintenance-cancel' as const, label: 'Cancel', value: request.id }]),
      ],
      context: {
        cluster: request.cluster,
        snapshotAt: null,
        requestId: request.id,
        maintenanceId: request.id,
      },
      findings: [],
    };
  }

  refusalText(refusal: DecisionRefusal, request: MaintenanceRequest | undefined, locale: Locale): string {
    return `[${locale}] refused: ${refusal}${request ? ` (${request.id} in ${request.cluster})` : ''}`;
  }

  async recentAudit(
    actor: Actor,
    count: number,
  ): Promise<{ ok: true; entries: AuditEntry[] } | { ok: false; refusal: 'not-admin' }> {
    if (!this.admins.includes(actorKey(actor))) return { ok: false, refusal: 'not-admin' };
    return { ok: true, entries: this.audit.slice(-count) };
  }

  private log(r: MaintenanceRequest, event: AuditEntry['event'], actor: string): void {
    this.audit.push({
      streamId: `${Date.now()}-${this.audit.length}`,
      at: new Date().toISOString(),
      requestId: r.id,
      cluster: r.cluster,
      node: r.node,
      actor,
      event,
    });
  }
}
