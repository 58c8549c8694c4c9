/**
 * Carrying out an approved request to break a lock, in a maintenance worker (it has
 * the write permissions): the locks are read again, the lock is broken only when the same holder
 * still has it (and, for one of the bot's own holders, it is still stale), the outcome is stored
 * (`completed` or `stopped` with why), audited (`lock-broken` / `lock-break-refused`), told in the
 * card's thread and shown on the card. Idempotent: a request already ended is returned as is.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { Logger } from '../../util/logger.js';
import { createKubeApi } from '../execute/kube-api.js';
import type { ClusterMaintenancePolicy, MaintenanceRequest } from '../types.js';
import { breakLock, LOCK_BREAK_TERMINAL_STATES } from './lock-break.js';
import type { LockBreakRequest } from './lock-break.js';
import { readLockReport } from './lock-report.js';
import type { PlanService } from './plan-service.js';

/** What {@link runLockBreak} needs. */
export interface LockBreakDeps {
  service: Pick<PlanService, 'lockBreaks' | 'plans' | 'lockBreakEnded'>;
  /** The cluster's KubeConfig (the worker's identity: the maintenance role). */
  kubeConfig: KubeConfig;
  policy: ClusterMaintenancePolicy;
  /** The bot's single-node requests by id (to judge its own holders). */
  getRequest: (id: string) => Promise<MaintenanceRequest | null>;
  now?: () => Date;
  logger: Logger;
}

/**
 * Break the lock an approved request names, or say why not.
 * @param id - `lb-…`
 * @param deps - see {@link LockBreakDeps}
 * @returns the request as it ended (or as found when not approved), null when unknown
 * @throws MaintenanceStopError `forbidden` / `api-error` when the cluster cannot be read or written
 *   (the job is retried); BotError `queue-unavailable` (Redis)
 */
export async function runLockBreak(id: string, deps: LockBreakDeps): Promise<LockBreakRequest | null> {
  const first = await deps.service.lockBreaks.get(id);
  if (first === null || first.state !== 'approved' || LOCK_BREAK_TERMINAL_STATES.includes(first.state))
    return first;
  const now = deps.now ?? (() => new Date());
  const api = await createKubeApi(deps.kubeConfig, { logger: deps.logger });
  try {
    const report = await readLockReport(api, deps.policy, deps.getRequest, now(), deps.logger, (planId) =>
      deps.service.plans.get(planId),
    );
    const outcome = await breakLock({
      api,
      request: first,
      report,
      policy: deps.policy,
      now,
      logger: deps.logger,
    });
    const ended = await deps.service.lockBreaks.update(id, (r) =>
      r.state !== 'approved'
        ? null
        : outcome.broken
          ? { ...r, state: 'completed', brokenAt: now().toISOString() }
          : { ...r, state: 'stopped', stateReason: outcome.reason },
    );
    if (ended === null) return deps.service.lockBreaks.get(id);
    const lock = ended.where;
    await deps.service.lockBreakEnded(
      ended,
      outcome.broken
        ? {
            type: 'lock-broken',
            lock,
            holder: ended.holder.holder,
            ...(ended.holder.stale ? { stale: ended.holder.stale } : {}),
          }
        : { type: 'lock-break-refused', lock, holder: ended.holder.holder, reason: outcome.reason },
    );
    deps.logger.info({ lockBreakId: id, broken: outcome.broken, lock }, 'lock break done');
    return ended;
  } finally {
    api.close();
  }
}
