/**
 * Making a maintenance plan from a fresh read of the cluster, and the Alertmanager parts of a plan
 * run from the cluster's policy. The plan service (`plan-service.ts`) calls it for the worker's
 * answer step of a `maintenance-plan` command, and audits the plan.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import type { Locale, ReplyTarget } from '../../commands/types.js';
import type { Logger } from '../../util/logger.js';
import { DEFAULT_FLEET, DEFAULT_MAX_PLAN_NODES, isAllowed } from '../policy.js';
import type { Actor, ClusterMaintenancePolicy } from '../types.js';
import { AlertmanagerClient, alertmanagerGate, alertmanagerSilences } from './alertmanager.js';
import { buildPlanNodes, planApprovalsRequired } from './build-plan.js';
import type { MaintenancePlan } from './plan-types.js';
import type { MaintenancePlanStore } from './plan-store.js';
import type { PlanRunDeps } from './run-plan.js';

/**
 * Why a plan was not made: `not-requester` (not in the policy's requesters), `no-nodes` (the
 * targets select no node), `too-many-nodes` (more targets than the policy's `fleet.maxNodes`:
 * `maxNodes`), `all-unsafe` (every node is unsafe now: nothing could run; the excluded nodes say
 * why), `already-open` (the cluster has an open plan: `existing`).
 */
export type PlanRefusalOnCreate =
  'not-requester' | 'no-nodes' | 'too-many-nodes' | 'all-unsafe' | 'already-open';

/** What {@link createMaintenancePlan} needs. */
export interface CreatePlanInput {
  plans: MaintenancePlanStore;
  policy: ClusterMaintenancePolicy;
  /**
   * A fresh read of the cluster with the pods of the given targets kept whole; called once the
   * request passed the checks that need no read (requester, no node, too many nodes).
   */
  read: (nodes: string[]) => Promise<ClusterSnapshot>;
  /** The target nodes, resolved (`resolvePlanTargets`), in the order asked. */
  nodes: string[];
  reason: string;
  requestedBy: Actor;
  locale: Locale;
  replyTo: ReplyTarget;
  now?: () => Date;
  /**
   * The answer's deadline: aborted when the job's time limit passes (the requester is then told it
   * did not finish) or the worker stops. Once aborted nothing is built or stored.
   */
  signal?: AbortSignal;
}

/**
 * Plan the nodes (rolling order, batches of the policy's `workerBatchSize`, unsafe nodes left out)
 * and store the plan pending approval; the approvals needed are the control-plane count when a
 * control-plane node is in it. More targets than the policy's `fleet.maxNodes` (default
 * {@link DEFAULT_MAX_PLAN_NODES}) are refused before the cluster is read. The signal is checked
 * while the plan is built and just before it is stored (in the same turn of the event loop as the
 * write is sent); a plan stored while the signal was aborted (during the write's round trip) is
 * expired at once, so its requester, already told that the request did not finish, finds no plan
 * holding the cluster's one open-plan slot with no card.
 * @returns the plan (post its card), or why not (for `all-unsafe`, the plan's excluded nodes; for
 *   `too-many-nodes`, the limit)
 * @throws BotError `queue-unavailable` when Redis fails; what `read` throws; the signal's reason
 *   once it is aborted (nothing left stored)
 */
export async function createMaintenancePlan(o: CreatePlanInput): Promise<
  | { ok: true; plan: MaintenancePlan }
  | {
      ok: false;
      refusal: PlanRefusalOnCreate;
      existing?: MaintenancePlan;
      excluded?: MaintenancePlan['excluded'];
      maxNodes?: number;
    }
> {
  if (!isAllowed(o.policy.requesters, o.requestedBy)) return { ok: false, refusal: 'not-requester' };
  if (o.nodes.length === 0) return { ok: false, refusal: 'no-nodes' };
  const maxNodes = o.policy.fleet?.maxNodes ?? DEFAULT_MAX_PLAN_NODES;
  if (o.nodes.length > maxNodes) return { ok: false, refusal: 'too-many-nodes', maxNodes };
  const fleet = o.policy.fleet ?? DEFAULT_FLEET;
  const snapshot = await o.read(o.nodes);
  const built = await buildPlanNodes(
    snapshot,
    o.nodes,
    (o.now ?? (() => new Date()))(),
    fleet.workerBatchSize,
    fleet.maxUnavailablePerZone,
    o.signal,
  );
  if (built.nodes.length === 0) return { ok: false, refusal: 'all-unsafe', excluded: built.excluded };
  o.signal?.throwIfAborted();
  const created = await o.plans.create(
    {
      cluster: o.policy.cluster,
      reason: o.reason,
      requestedBy: o.requestedBy,
      locale: o.locale,
      replyTo: o.replyTo,
      verdictAtRequest: built.verdict,
      nodes: built.nodes,
      excluded: built.excluded,
      settleMs: fleet.settleMs,
      workerBatchSize: fleet.workerBatchSize,
      ...(fleet.maxUnavailablePerZone === undefined
        ? {}
        : { maxUnavailablePerZone: fleet.maxUnavailablePerZone }),
    },
    planApprovalsRequired(o.policy, built.hasControlPlane),
    o.policy.requestLifetimeMs,
  );
  if (created.ok && o.signal?.aborted) {
    await o.plans.update(created.plan.id, (p) =>
      p.state === 'pending-approval' ? { ...p, state: 'expired' } : null,
    );
    o.signal.throwIfAborted();
  }
  return created.ok
    ? created
    : { ok: false, refusal: 'already-open', ...(created.existing ? { existing: created.existing } : {}) };
}

/**
 * The gate, silences and settle timeout of a plan run from the cluster's policy.
 * @param policy - the cluster's policy
 * @param logger - for Alertmanager failures
 * @returns the parts of {@link PlanRunDeps} the policy decides
 */
export function planRunPartsFor(
  policy: ClusterMaintenancePolicy,
  logger: Logger,
): Pick<PlanRunDeps, 'gate' | 'silences' | 'settleTimeoutMs'> {
  const settleTimeoutMs = (policy.fleet ?? DEFAULT_FLEET).settleTimeoutMs;
  const am = policy.alertmanager;
  if (!am) return { settleTimeoutMs };
  const client = new AlertmanagerClient(am.url, {
    logger,
    ...(am.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: am.maxAnswerBytes }),
  });
  return {
    settleTimeoutMs,
    gate: alertmanagerGate(client, am, logger),
    silences: alertmanagerSilences(client, am, logger),
  };
}
