/**
 * The answer step of maintenance plans and locks, in the worker:
 * - `maintain all workers …` / `maintain a b c …` / `maintain -l pool=blue …`: the targets are
 *   resolved against the cluster's nodes (a name that is no node is named, nothing is planned;
 *   more than the policy's `fleet.maxNodes` are refused with a narrower selector to ask for), the
 *   cluster is read again with every target's pods kept whole, and the plan service makes the
 *   plan (rolling order, steps, nodes left out) within the answer's deadline; the answer is the
 *   plan's card (kind `maintenance`, buttons) or why not;
 * - `who holds the lock`: both locks, read from the cluster (`readLockReport`);
 * - `break lock [maintenance|kured]`: the lock read now; a free lock, or one held by a maintenance
 *   of the bot that is alive, is refused with why; otherwise a request to break it (the card, with
 *   the approvals of a control-plane maintenance).
 */
import type { ClusterSnapshot } from '../cluster/types.js';
import type { BreakLockCommand, Locale, MaintenancePlanCommand } from '../commands/types.js';
import { plainReply } from '../explain/explain-messages.js';
import type { Reply } from '../explain/reply.js';
import { translator } from '../explain/i18n.js';
import type { KubeApi } from '../maintenance/execute/kube-api.js';
import { MaintenanceStopError } from '../maintenance/execute/kube-api.js';
import type { MaintenanceService } from '../maintenance/maintenance-service.js';
import { explainLockStatus, explainPlanRefusal } from '../maintenance/plan/explain-maintenance-plan.js';
import { lockToBreak } from '../maintenance/plan/lock-break.js';
import { readLockReport } from '../maintenance/plan/lock-report.js';
import type { LockReport } from '../maintenance/plan/lock-report.js';
import { narrowerSelector, resolvePlanTargets } from '../maintenance/plan/resolve-plan-targets.js';
import type { ClusterMaintenancePolicy } from '../maintenance/types.js';
import type { AnswerJob } from '../queue/job.js';
import { closestNames } from '../util/closest-names.js';
import { actorOfJob } from './answer-maintenance.js';

/**
 * Most unknown names of a plan request that get a "did you mean" (each is compared with every node
 * of the cluster: hundreds of names against thousands of nodes took seconds of the worker).
 */
export const MAX_SUGGESTED_NAMES = 5;

/** What these answers need of the maintenance service. */
export type PlanAnswerService = Pick<MaintenanceService, 'plans' | 'get'>;

function errorReply(
  ctx: { locale: Locale; requestId: string; cluster: string },
  title: string,
  text: string,
): Reply {
  return plainReply(ctx, 'error', title, text);
}

/**
 * Answer a plan request.
 * @param o - the command and job, the cluster as read (nodes listed), a reader that keeps the
 *   given nodes' pods whole, the clock, the service, the answer language, the answer's deadline
 *   (the handler's signal: aborted at the job's time limit)
 * @returns the plan card, or a refusal (`error`): unknown names (with the closest names), no
 *   node, too many nodes (with a narrower selector), every node unsafe (with why), an open plan
 *   (with its card's summary), not a requester
 * @throws what the reader and the service throw (ClusterReadError, BotError `queue-unavailable`);
 *   the signal's reason once it is aborted (no plan is left stored)
 */
export async function answerMaintenancePlan(o: {
  command: MaintenancePlanCommand;
  job: AnswerJob;
  snapshot: ClusterSnapshot;
  readWithNodes: (nodes: string[]) => Promise<ClusterSnapshot>;
  now: Date;
  service: PlanAnswerService;
  locale: Locale;
  signal?: AbortSignal;
}): Promise<Reply> {
  const { job, locale } = o;
  const ctx = { locale, requestId: job.requestId, cluster: job.cluster };
  const tr = translator(locale);
  const title = tr.t('maintenancePlan.titleAsked', { cluster: job.cluster });
  const resolved = resolvePlanTargets(o.command.targets, o.snapshot.nodes);
  const names = o.snapshot.nodes.map((n) => n.metadata.name);
  if (!resolved.ok) {
    // Suggestions for the first few only: each costs an edit distance per node of the cluster.
    const suggestions = resolved.unknown
      .slice(0, MAX_SUGGESTED_NAMES)
      .flatMap((n) => closestNames(n, names).slice(0, 1));
    const text = explainPlanRefusal('unknown-nodes', undefined, locale, {
      cluster: job.cluster,
      nodes: resolved.unknown,
    });
    return errorReply(
      ctx,
      title,
      suggestions.length > 0
        ? `${text} ${tr.t('maintenancePlan.didYouMean', { names: tr.list(suggestions) })}`
        : text,
    );
  }
  if (resolved.nodes.length === 0)
    return errorReply(
      ctx,
      title,
      explainPlanRefusal('no-nodes', undefined, locale, { cluster: job.cluster }),
    );
  const created = await o.service.plans.createPlan({
    cluster: job.cluster,
    read: o.readWithNodes,
    nodes: resolved.nodes,
    reason: o.command.reason,
    requestedBy: actorOfJob(job),
    locale,
    replyTo: job.replyTo,
    ...(o.signal === undefined ? {} : { signal: o.signal }),
  });
  if (created.ok) return o.service.plans.cardReply(created.plan);
  if (created.refusal === 'too-many-nodes') {
    const max = created.maxNodes ?? 0;
    const targets = new Set(resolved.nodes);
    const selector = narrowerSelector(
      o.command.targets,
      o.snapshot.nodes.filter((n) => targets.has(n.metadata.name)),
      max,
    );
    return errorReply(
      ctx,
      title,
      tr.t('maintenancePlan.refusal.too-many-nodes', {
        cluster: job.cluster,
        count: resolved.nodes.length,
        max,
        example: tr.t('maintenancePlan.narrowExample', { selector: selector ?? '<label>=<value>' }),
      }),
    );
  }
  if (created.refusal === 'already-open' && created.existing) {
    const card = o.service.plans.cardReply(created.existing);
    return {
      ...errorReply(ctx, title, explainPlanRefusal('already-open', created.existing, locale)),
      sections: [{ heading: card.title, lines: [card.summary] }],
    };
  }
  const reply = errorReply(
    ctx,
    title,
    explainPlanRefusal(created.refusal, undefined, locale, { cluster: job.cluster }),
  );
  if (created.refusal === 'all-unsafe' && created.excluded)
    return {
      ...reply,
      sections: [
        {
          heading: tr.t('maintenancePlan.section.excluded'),
          lines: created.excluded.map((e) =>
            tr.t('maintenancePlan.card.excluded', { node: e.node, reasons: tr.list(e.reasons) }),
          ),
        },
      ],
    };
  // Who may request is about the asker alone: said to them privately (as for single requests).
  return created.refusal === 'not-requester' ? { ...reply, audience: 'requester' } : reply;
}

/** Read both locks, the bot's holders looked up in the maintenance state. */
async function readLocks(
  api: KubeApi,
  policy: Pick<ClusterMaintenancePolicy, 'lock'>,
  service: PlanAnswerService,
  now: Date,
): Promise<LockReport> {
  return readLockReport(
    api,
    policy,
    async (id) => {
      const s = await service.get(id);
      return s && 'node' in s && 'progress' in s ? s : null;
    },
    now,
    undefined,
    (id) => service.plans.plans.get(id),
  );
}

/**
 * Answer `who holds the lock` or `break lock`.
 * @param o - the command, the job, an API client of the cluster, its policy, the service, clock
 * @returns the lock report; the request to break a lock (its card) or why not
 * @throws BotError `queue-unavailable` (Redis)
 */
export async function answerLockCommand(o: {
  command: { kind: 'lock-status' } | BreakLockCommand;
  job: AnswerJob;
  api: KubeApi;
  policy: ClusterMaintenancePolicy;
  service: PlanAnswerService;
  now: Date;
  locale: Locale;
}): Promise<Reply> {
  const { job, locale } = o;
  const ctx = { locale, requestId: job.requestId, cluster: job.cluster };
  const tr = translator(locale);
  let report: LockReport;
  try {
    report = await readLocks(o.api, o.policy, o.service, o.now);
  } catch (err) {
    if (!(err instanceof MaintenanceStopError)) throw err;
    return errorReply(
      ctx,
      tr.t('maintenancePlan.lockStatus.title', { cluster: job.cluster }),
      tr.t('maintenancePlan.lockStatus.unreadable', { detail: err.detail }),
    );
  }
  if (o.command.kind === 'lock-status') return explainLockStatus(report, ctx);
  const title = tr.t('maintenancePlan.lockStatus.title', { cluster: job.cluster });
  const which = o.command.lock;
  const pick = lockToBreak(report, which);
  if (!pick.ok) {
    const what =
      which === 'kured' ? `kured ${report.kured.daemonSet ?? ''}`.trim() : report.maintenance.lease;
    const key = pick.refusal === 'nothing-held' && which === 'any' ? 'nothing-held-any' : pick.refusal;
    const text = tr.t(`maintenancePlan.lockBreak.refusal.${key}`, {
      what: pick.holder && pick.holder === report.maintenance.holder ? report.maintenance.lease : what,
      request: pick.holder?.request?.id ?? '',
      state: pick.holder?.request?.state ?? '',
    });
    const status = explainLockStatus(report, ctx);
    return { ...errorReply(ctx, title, text), sections: status.sections };
  }
  const created = await o.service.plans.createLockBreak({
    cluster: job.cluster,
    lock: pick.lock,
    where: pick.where,
    holder: pick.holder,
    reason: '',
    requestedBy: actorOfJob(job),
    locale,
    replyTo: job.replyTo,
  });
  if (created.ok) return o.service.plans.cardReply(created.request);
  const reply = errorReply(
    ctx,
    title,
    tr.t(`maintenancePlan.lockBreak.refusal.${created.refusal}`, {
      cluster: job.cluster,
      id: created.existing?.id ?? '',
    }),
  );
  return created.refusal === 'not-requester' ? { ...reply, audience: 'requester' } : reply;
}
