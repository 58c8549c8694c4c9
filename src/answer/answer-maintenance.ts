/**
 * The answer step of maintenance commands, in the worker: a `maintenance-request` runs
 * the reboot-impact analysis on a fresh snapshot and then asks the maintenance service to create
 * the request (policy checks there); the answer is the request card (Reply kind `maintenance`) or
 * the refusal, explained. Decisions, `maintenance status` and `audit` are normally answered by the
 * chat gateway; they are answered here too for adapters that send them as jobs (the console).
 */
import { forecastOf, TYPICAL_AWAY } from '../maintenance/forecast/forecast.js';
import type { NodeForecast } from '../maintenance/forecast/forecast.js';
import type { Finding, Verdict } from '../analysis/types.js';
import { analyzeRebootImpact } from '../analysis/reboot-impact.js';
import type { ClusterSnapshot } from '../cluster/types.js';
import type { Locale, MaintenanceRequestCommand, MaintenanceStateCommand } from '../commands/types.js';
import { explainAudit, explainMaintenanceRefusal } from '../maintenance/explain-maintenance.js';
import type { MaintenanceRequestRefusal } from '../maintenance/explain-maintenance.js';
import { plainReply } from '../explain/explain-messages.js';
import { translator } from '../explain/i18n.js';
import { explainRebootImpact } from '../explain/explain-reboot-impact.js';
import type { Reply } from '../explain/reply.js';
import type { Actor, MaintenanceRequest } from '../maintenance/types.js';
import type { MaintenanceService } from '../maintenance/maintenance-service.js';
import type { AnswerJob } from '../queue/job.js';

/** What the answer step needs of `MaintenanceService` (src/maintenance/maintenance-service.ts). */
export type MaintenanceAnswerService = Pick<
  MaintenanceService,
  'createRequest' | 'decide' | 'get' | 'cardReply' | 'recentAudit'
> &
  Partial<Pick<MaintenanceService, 'chat' | 'plans' | 'awayHistory' | 'forecastMismatches'>>;

/** The reboot-impact result a maintenance needs: verdict, one-line summary, findings. */
export interface NodeAnalysis {
  verdict: Verdict;
  summary: string;
  findings: Finding[];
  /** The analysis' predictions as data, kept beside the request by the executor (issue 34). */
  forecast?: NodeForecast;
}

/**
 * The actor of a job: platform, tenant (Slack team, Teams tenant, `local` for the console) and
 * the immutable user id.
 * @param job - the answer job
 * @returns the actor (tenant '' when a chat platform gave none: no policy entry matches it)
 */
export function actorOfJob(job: Pick<AnswerJob, 'user'>): Actor {
  const { user } = job;
  return {
    platform: user.platform,
    tenant: user.tenant ?? (user.platform === 'console' ? 'local' : ''),
    id: user.id,
    ...(user.displayName ? { displayName: user.displayName } : {}),
    ...(user.guest === true ? { guest: true } : {}),
  };
}

/**
 * The reboot-impact analysis of one node for a maintenance (the drain included).
 * @param snapshot - the cluster, read with `focusNode` = the node
 * @param node - the node
 * @param now - the analysis clock
 * @param ctx - locale, request id, cluster (for the texts)
 * @returns `found: false` with the existing "no node named X; did you mean Y?" reply, or the
 *   analysis with the node's role and the full reboot-impact reply
 */
export function analyzeForMaintenance(
  snapshot: ClusterSnapshot,
  node: string,
  now: Date,
  ctx: { locale: Locale; requestId: string; cluster: string },
):
  | { found: false; reply: Reply }
  | { found: true; reply: Reply; role: 'control-plane' | 'worker'; analysis: NodeAnalysis } {
  const impact = analyzeRebootImpact(snapshot, node, now);
  const reply = explainRebootImpact(impact, { ...ctx, drain: true });
  if (!impact.found) return { found: false, reply };
  return {
    found: true,
    reply,
    role: impact.role === 'control-plane' ? 'control-plane' : 'worker',
    analysis: {
      verdict: impact.verdict,
      summary: reply.summary,
      findings: impact.findings,
      forecast: forecastOf(snapshot, impact, TYPICAL_AWAY),
    },
  };
}

/** A refusal as an answer: kind `error`, the sentence as summary, optional sections. */
/** Refusals of a maintenance request that concern only the requester's own rights: answered privately. */
const PRIVATE_REFUSALS: ReadonlySet<string> = new Set([
  'not-requester',
  'force-not-allowed',
  'force-needs-reason',
]);

function refusalReply(base: Reply, text: string, sections: Reply['sections'] = []): Reply {
  return {
    ...base,
    kind: 'error',
    verdict: null,
    summary: text,
    planes: [],
    sections,
    advice: [],
    actions: [],
    findings: [],
  };
}

/**
 * Answer `maintain NODE`: analyse, then create the request.
 * @param command - the parsed request
 * @param job - the answer job (who asked, where the card goes, the cluster)
 * @param snapshot - the cluster, read with `focusNode` = the node
 * @param now - the analysis clock
 * @param service - the maintenance service
 * @returns the request card (kind `maintenance`); for an unknown node the usual "no node named X"
 *   answer; for an `unsafe` refusal the reboot-impact answer with the refusal as its summary (the
 *   reasons stay); for the other refusals an `error` answer saying why (for `already-open`, with
 *   the open request's state)
 * @throws whatever the service throws (BotError `queue-unavailable` when Redis fails: retried)
 */
export async function answerMaintenanceRequest(
  command: MaintenanceRequestCommand,
  job: AnswerJob,
  snapshot: ClusterSnapshot,
  now: Date,
  service: MaintenanceAnswerService,
  locale: Locale,
): Promise<Reply> {
  const ctx = { locale, requestId: job.requestId, cluster: job.cluster };
  const analysed = analyzeForMaintenance(snapshot, command.node, now, ctx);
  if (!analysed.found) return analysed.reply;
  const result = await service.createRequest({
    cluster: job.cluster,
    node: command.node,
    nodeRole: analysed.role,
    reason: command.reason,
    force: command.force,
    ...(command.forceReason !== undefined ? { forceReason: command.forceReason } : {}),
    requestedBy: actorOfJob(job),
    locale,
    replyTo: job.replyTo,
    verdict: analysed.analysis.verdict,
    summary: analysed.analysis.summary,
    // Someone else's cordon (issue 16): the card says the bot leaves it in place.
    ...(analysed.analysis.findings.some((f) => f.check === 'prior-cordon' && f.severity === 'warn')
      ? { cordonedAtRequest: true }
      : {}),
  });
  if (result.ok) return service.cardReply(result.request);
  const text = explainMaintenanceRefusal(result.refusal, result.existing, locale, {
    cluster: job.cluster,
    node: command.node,
  });
  if (result.refusal === 'unsafe') {
    // Keep the reasons: the analysis answer, introduced by the refusal, without its buttons.
    return { ...analysed.reply, summary: `${text} ${analysed.reply.summary}`, actions: [] };
  }
  if (result.refusal === 'already-open' && result.existing) {
    const card = service.cardReply(result.existing);
    return refusalReply(analysed.reply, text, [
      { heading: card.title, lines: [card.summary, ...card.sections.flatMap((s) => s.lines)] },
    ]);
  }
  const reply = refusalReply(analysed.reply, text);
  // Who may request or force is about the asker alone: said to them privately.
  return PRIVATE_REFUSALS.has(result.refusal) ? { ...reply, audience: 'requester' } : reply;
}

/**
 * Answer a decision, `maintenance status` or `audit` sent as a job (the chat gateways answer
 * these themselves). The answers carry no `maintenanceId`, so no adapter takes them for the card.
 * @param command - the command (not a `maintenance-request`)
 * @param job - the answer job
 * @param service - the maintenance service
 * @param locale - answer language
 * @returns the updated card (without buttons), the refusal, or the audit list
 * @throws whatever the service throws
 */
export async function answerMaintenanceCommand(
  command: MaintenanceStateCommand,
  job: AnswerJob,
  service: MaintenanceAnswerService,
  locale: Locale,
): Promise<Reply> {
  const actor = actorOfJob(job);
  const detached = (reply: Reply): Reply => {
    const { maintenanceId: _dropped, ...context } = reply.context;
    return { ...reply, context: { ...context, requestId: job.requestId } };
  };
  // Titled with what was refused ("Could not approve mr-…"), the reason below.
  const what =
    command.kind === 'maintenance-decision' ? command.action : command.kind === 'audit' ? 'audit' : 'status';
  const refusedTitle = translator(locale).t(`maintenance.refusedTitle.${what}`, {
    id: command.kind === 'audit' ? '' : command.requestId,
  });
  const refused = (
    refusal: Parameters<typeof explainMaintenanceRefusal>[0],
    request: MaintenanceRequest | undefined,
    extra: { id?: string } = {},
  ): Reply =>
    plainReply(
      { locale, requestId: job.requestId, cluster: request?.cluster ?? job.cluster },
      'error',
      refusedTitle,
      explainMaintenanceRefusal(refusal, request, locale, extra),
    );
  // Plans and lock breaks are decided through the chat port, which dispatches by id.
  const chat = service.chat;
  switch (command.kind) {
    case 'maintenance-decision': {
      if (chat) {
        const result = await chat.decide(command.requestId, actor, command.action);
        if (!result.ok)
          return plainReply(
            { locale, requestId: job.requestId, cluster: result.request?.cluster ?? job.cluster },
            'error',
            refusedTitle,
            chat.refusalText(result.refusal, result.request, locale),
          );
        return detached(chat.cardReply(result.request));
      }
      if (command.action !== 'approve' && command.action !== 'reject' && command.action !== 'cancel')
        return refused('not-found', undefined, { id: command.requestId });
      const result = await service.decide(command.requestId, actor, command.action);
      if (!result.ok) return refused(result.refusal, result.request, { id: command.requestId });
      return detached(service.cardReply(result.request));
    }
    case 'maintenance-status': {
      const subject = chat ? await chat.get(command.requestId) : await service.get(command.requestId);
      if (!subject) return refused('not-found', undefined, { id: command.requestId });
      return {
        ...detached(chat ? chat.cardReply(subject) : service.cardReply(subject as MaintenanceRequest)),
        actions: [],
      };
    }
    case 'audit': {
      const audit = await service.recentAudit(actor, 20);
      if (!audit.ok) return refused('not-admin' satisfies MaintenanceRequestRefusal, undefined);
      return detached(explainAudit(audit.entries, locale, job.requestId));
    }
  }
}
