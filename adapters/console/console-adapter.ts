/**
 * The console adapter: terminal text → a `ChatCommand`, decided by the shared intake
 * (src/intake/intake.ts) as Slack and Teams are → an answer job, run through the queue (when Redis
 * is configured) or in-process; the {@link Reply} rendered as text or JSON. Bad input is answered
 * here and enqueues nothing.
 */
import { randomUUID } from 'node:crypto';
import type { Finding } from '../../src/analysis/types.js';
import { SCHEDULE_HELP_EXAMPLES } from '../../src/commands/parse-schedule-command.js';
import type { ScheduleCommand } from '../../src/commands/parse-schedule-command.js';
import type { ScheduleSpec } from '../../src/schedule/schedule-spec.js';
import { type RequestSummary, summarizeRequest } from '../../src/commands/request-summary.js';
import {
  MAINTENANCE_HELP_EXAMPLES,
  incompleteMaintenanceForm,
} from '../../src/commands/parse-maintenance-command.js';
import { PLAN_HELP_EXAMPLES } from '../../src/commands/parse-maintenance-plan-command.js';
import { PLATFORM_NAMES } from '../../src/commands/types.js';
import type { Command, Locale } from '../../src/commands/types.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { BotError } from '../../src/errors.js';
import { plainReply } from '../../src/explain/explain-messages.js';
import { translator } from '../../src/explain/i18n.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { safeReply } from '../../src/explain/safe-reply.js';
import { refersToEarlierNode } from '../../src/commands/understand.js';
import { decideChatCommand } from '../../src/intake/intake.js';
import type { AnswerJob } from '../../src/queue/job.js';

/** Runs one job to its reply: in-process, or through the queue and a worker. */
export type JobRunner = (job: AnswerJob) => Promise<Reply>;

/** What happened to one request. */
export interface ConsoleOutcome {
  reply: Reply;
  /** Whether a job was run (false for bad input answered by the adapter itself). */
  ran: boolean;
  /**
   * Process exit code ({@link EXIT_CODES}): 0 answered, verdict safe or caution (or an answer
   * without a verdict: status, help); 3 answered, verdict unsafe; 2 bad input (unparsable text,
   * unknown cluster, a node or component the cluster does not have, maintenance without Redis);
   * 1 could not answer, or a maintenance request or decision was refused.
   */
  exitCode: ExitCode;
  /**
   * What was understood: intent, nodes (resolved against the live node list when the
   * worker read the cluster, else as typed), group, plan mode, cluster, language; null when the
   * text was not understood.
   */
  request: RequestSummary | null;
}

/** The exit codes of `k8s-ha-bot ask`, documented in its help and the README. */
export const EXIT_CODES = {
  /** Answered; the verdict, if any, is safe or caution (status, help and what-if answers without one too). */
  answered: 0,
  /** Could not answer (cluster unreachable, internal error, no worker, time-out), or a maintenance refusal. */
  failed: 1,
  /** Bad input or configuration: text not understood, unknown cluster, node or component, maintenance without Redis. */
  badInput: 2,
  /**
   * Answered, and the verdict is unsafe: a script that runs `ask … && reboot` must not go on (a
   * wrong "safe" can take production down, so unsafe is never the success code).
   */
  unsafe: 3,
} as const;

/** One of {@link EXIT_CODES}. */
export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

/** Options of one console request. */
export interface ConsoleRequest {
  text: string;
  /** `--cluster`; the text's own "in CLUSTER" wins over it. */
  cluster?: string;
  /** `--lang`; overrides the text's language. */
  lang?: Locale;
  /**
   * Who asks: the job's `user.id` (the maintenance identity is `console:local:<user>`); the OS
   * user name, or `--as NAME` (see {@link CONSOLE_USER_PATTERN}).
   */
  user?: string;
}

/**
 * Names `--as` accepts (the identity becomes `console:local:<name>`): the policy's own pattern for
 * console users, so both always agree.
 */
export { CONSOLE_USER_PATTERN } from '../../src/maintenance/console-user.js';

/** Commands that act on or read the maintenance state in Redis. */
const MAINTENANCE_KINDS: ReadonlySet<Command['kind']> = new Set([
  'maintenance-request',
  'maintenance-decision',
  'maintenance-status',
  'audit',
  'maintenance-plan',
  'lock-status',
  'break-lock',
]);

/**
 * Findings that mean the request named something this cluster does not have: an unknown node
 * (`node-not-found`, `what-if-target/unknown-node`), an unknown component
 * (`what-if-target/unknown-component`) or a component asked about on a node it does not run on
 * (`what-if-target/not-on-node`). Such answers are bad input: exit code 2.
 */
function namesSomethingMissing(f: Finding): boolean {
  if (f.check === 'node-not-found') return true; // one node, or a list or group naming none the cluster has
  return (
    f.check === 'what-if-target' &&
    f.severity === 'block' &&
    (f.variant === 'unknown-node' || f.variant === 'unknown-component' || f.variant === 'not-on-node')
  );
}

/** Whether a reply asks which request was meant: its likeliest readings, numbered (`suggestions`). */
function isClarification(reply: Reply): boolean {
  return reply.suggestions !== undefined && reply.suggestions.length > 0;
}

/**
 * The exit code of a reply ({@link EXIT_CODES}): 2 when it asks which request was meant (a
 * clarification, as the README's table gives text not understood) or says a named node or
 * component does not exist, 1 for other errors and for a refused maintenance request, 3 for an answer whose verdict is
 * unsafe, else 0. A maintenance request is granted only with its request card (kind
 * `maintenance`); an `unsafe` refusal keeps the reboot-impact analysis as its answer (kind
 * `reboot-impact`, the refusal in the summary), so the kind alone does not say it: a refusal is 1.
 */
function exitCodeOf(reply: Reply, command: Command): ExitCode {
  // A clarification ("did you mean …", numbered choices) is bad input, as at the intake.
  if (isClarification(reply)) return EXIT_CODES.badInput;
  if (reply.kind === 'error')
    return reply.findings.some(namesSomethingMissing) ? EXIT_CODES.badInput : EXIT_CODES.failed;
  if (
    (command.kind === 'maintenance-request' ||
      command.kind === 'maintenance-plan' ||
      command.kind === 'break-lock') &&
    reply.kind !== 'maintenance'
  )
    return EXIT_CODES.failed;
  return reply.verdict === 'unsafe' ? EXIT_CODES.unsafe : EXIT_CODES.answered;
}

/** The console's own answers (keys under `console.` in src/explain/locales). */
export type ConsoleMessageKey =
  | 'maintenance-needs-redis'
  | 'no-worker'
  | 'no-worker-withdrawn'
  | 'redis-unreachable'
  | 'timeout-withdrawn'
  | 'timeout-running'
  | 'maintenance-usage';

/**
 * One of the console's own answers, as an `error` reply without findings (exit code 1 when a job
 * runner returns it).
 * @param ctx - locale, request id, cluster
 * @param key - which text
 * @param params - `seconds` (the job time limit, s) and `prefix` (the queue key prefix, for
 *   `no-worker*`: a worker started with another one never sees the job) and `target` (the Redis
 *   address without credentials, for `redis-unreachable`) for the texts that name them
 */
export function explainConsole(
  ctx: { locale: Locale; requestId: string; cluster: string | null },
  key: ConsoleMessageKey,
  params: { seconds?: number; prefix?: string; target?: string } = {},
): Reply {
  return adapterReply(
    ctx.locale,
    ctx.requestId,
    ctx.cluster,
    translator(ctx.locale).t(`console.${key}`, { cluster: ctx.cluster ?? '', ...params }),
  );
}

/** An adapter answer without analysis: kind `error`, a summary, optional sections. */
function adapterReply(
  locale: Locale,
  requestId: string,
  cluster: string | null,
  summary: string,
  sections: Reply['sections'] = [],
): Reply {
  return {
    ...plainReply({ locale, requestId, cluster }, 'error', translator(locale).t('title.error'), summary),
    sections,
  };
}

/**
 * Every schedule of every chat, for the console's `schedules` (the CLI opens a ScheduleService on
 * the configured Redis for the one call); absent when no Redis is configured.
 */
export type ConsoleScheduleList = () => Promise<ScheduleSpec[]>;

/**
 * A schedule command typed at the console. The console cannot be posted to later, so it
 * makes and removes no schedule (exit 2, with where to do it); `schedules` lists those of every
 * Slack channel and Teams conversation with where each posts (exit 0), or says Redis is needed
 * (exit 2).
 */
async function consoleSchedule(
  command: ScheduleCommand,
  locale: Locale,
  requestId: string,
  listSchedules: ConsoleScheduleList | undefined,
): Promise<ConsoleOutcome> {
  const tr = translator(locale);
  const answer = (summary: string, exitCode: 0 | 2, sections: Reply['sections'] = []): ConsoleOutcome => ({
    reply:
      exitCode === 0
        ? {
            ...plainReply(
              { locale, requestId, cluster: null },
              'help',
              tr.t('console.schedules-heading'),
              summary,
            ),
            sections,
          }
        : adapterReply(locale, requestId, null, summary, sections),
    ran: false,
    exitCode,
    request: null,
  });
  if (command.kind === 'schedule-create')
    return answer(
      tr.t('console.schedule-nowhere', { example: SCHEDULE_HELP_EXAMPLES[locale][0]?.example ?? '' }),
      2,
    );
  if (command.kind === 'schedule-remove') return answer(tr.t('console.unschedule-in-chat'), 2);
  if (listSchedules === undefined) return answer(tr.t('console.schedules-need-redis'), 2);
  const specs = await listSchedules();
  if (specs.length === 0) return answer(tr.t('console.schedules-empty'), 0);
  const lines = specs.map((s) =>
    tr.t('console.schedules-line', {
      id: s.id,
      cluster: s.cluster,
      time: s.time,
      timeZone: s.timeZone,
      quiet: s.quiet ? tr.t('schedule.quietTag') : '',
      platform: PLATFORM_NAMES[s.platform],
      conversation: s.conversation,
    }),
  );
  return answer(tr.t('schedule.listCount', { count: specs.length }), 0, [{ heading: '', lines }]);
}

/**
 * Handle one console request.
 * @param request - text and options
 * @param config - the bot configuration (clusters, default cluster, locale)
 * @param run - the job runner
 * @param listSchedules - every chat's schedules, when Redis is configured (for `schedules`)
 * @returns the reply, whether a job ran, and the exit code
 * @throws BotError `queue-unavailable` when `schedules` cannot reach Redis
 */
export async function handleConsoleRequest(
  request: ConsoleRequest,
  config: BotConfig,
  run: JobRunner,
  listSchedules?: ConsoleScheduleList,
): Promise<ConsoleOutcome> {
  const requestId = `cli-${randomUUID()}`;
  const decision = decideChatCommand(
    {
      requestId,
      text: request.text,
      user: { platform: 'console', id: request.user ?? 'console' },
      replyTo: { platform: 'console', address: {} },
      ...(request.cluster ? { cluster: request.cluster } : {}),
      ...(request.lang ? { lang: request.lang } : {}),
    },
    { config },
  );
  const locale = decision.locale;
  switch (decision.kind) {
    case 'schedule':
      return consoleSchedule(decision.command, locale, requestId, listSchedules);
    case 'maintenance':
      // The console's intake rules send maintenance decisions to a worker, like any request.
      throw new BotError('internal', 'the console intake decided a gateway maintenance command');
    case 'answer': {
      if (decision.why === 'not-understood') {
        // `maintain` / `approve` without a node or id: the maintenance forms, not the general help.
        const text = request.lang ? `${request.text} --lang ${request.lang}` : request.text;
        const usage =
          decision.parseError?.code === 'not-understood'
            ? incompleteMaintenanceForm(text, config.locale)
            : null;
        if (usage !== null) {
          const tr = translator(usage);
          // The single-node forms, then the fleet's (plans, their controls, the locks).
          const lines = [...MAINTENANCE_HELP_EXAMPLES[usage], ...PLAN_HELP_EXAMPLES[usage]].map(
            (e) => `${e.form}  —  ${e.example}`,
          );
          return {
            reply: adapterReply(usage, requestId, null, tr.t('console.maintenance-usage'), [
              { heading: tr.t('help.forms'), lines },
            ]),
            ran: false,
            exitCode: 2,
            request: null,
          };
        }
        return { reply: decision.reply, ran: false, exitCode: 2, request: null };
      }
      // A cluster that is not configured (help included: the console has no demo names to fall back on).
      const understood =
        decision.command === undefined
          ? null
          : {
              ...summarizeRequest(decision.command, locale),
              ...(decision.cluster === undefined ? {} : { cluster: decision.cluster }),
            };
      return { reply: decision.reply, ran: false, exitCode: 2, request: understood };
    }
    case 'enqueue': {
      const { job } = decision;
      // A clarification sent to the worker (`job.clarify`) understood nothing yet: its first reading
      // is no request, and a reply that still asks exits 2 as the intake's clarification did.
      const understood: RequestSummary | null =
        job.clarify === true ? null : { ...summarizeRequest(job.command, locale), cluster: job.cluster };
      // Maintenance keeps its requests, approvals and audit log in Redis: in-process there is none,
      // and retrying never helps. Exit 2: a request this set-up cannot serve (configuration).
      if (MAINTENANCE_KINDS.has(job.command.kind) && config.redis === undefined) {
        return {
          reply: adapterReply(
            locale,
            requestId,
            job.cluster,
            translator(locale).t('console.maintenance-needs-redis'),
          ),
          ran: false,
          exitCode: 2,
          request: understood,
        };
      }
      const reply = await run(job);
      const request = isClarification(reply) ? null : (reply.context.request ?? understood);
      return {
        reply,
        ran: true,
        // A clarification understood no request yet ("the control plane node" of three is none of
        // them): null, as for a clarification at the intake, and exit 2.
        exitCode: request === null ? 2 : exitCodeOf(reply, job.command),
        request,
      };
    }
  }
}

/**
 * The `--format json` object: what was understood (`request`, null when nothing was), verdict,
 * affected planes, the full text, the findings, and the reply.
 * @param input - the reply (its strings made safe first: src/explain/safe-reply.ts)
 * @param request - what was understood ({@link ConsoleOutcome.request}); null when not understood
 */
export function toJsonOutput(
  input: Reply,
  request: RequestSummary | null = input.context.request ?? null,
): Record<string, unknown> {
  const reply = safeReply(input);
  return {
    request,
    verdict: reply.verdict,
    planes: reply.planes.filter((p) => p.affected).map((p) => p.plane),
    text: renderText(reply),
    findings: reply.findings,
    kind: reply.kind,
    locale: reply.locale,
    health: reply.health ?? null,
    context: reply.context,
    // A clarification: the likeliest readings, each with the exact request it stands for.
    ...(reply.suggestions === undefined ? {} : { suggestions: reply.suggestions }),
    // Several nodes: the joint verdict and the rolling plan (order, batches, waits).
    ...(reply.multiNode === undefined ? {} : { multiNode: reply.multiNode }),
    // The HA report: its items most urgent first, thresholds, what changed.
    ...(reply.healthReport === undefined ? {} : { report: reply.healthReport }),
    // A maintenance's forecast vs observed: tallies, times, etcd voters, mismatches with their kind.
    ...(reply.forecastComparison === undefined ? {} : { forecastComparison: reply.forecastComparison }),
    reply,
  };
}

/** One line at the interactive prompt ({@link ConsoleRequest}) with what the conversation so far gives it. */
export interface ConsoleSession {
  /**
   * Answer one line: a number picks that choice of the last clarification ("Press one"); a line
   * that refers to an earlier node ("what if it goes down", "그 노드 드레인해도 돼?") and names
   * none is asked about the nodes of the last answer that named some.
   * @throws as {@link handleConsoleRequest}
   */
  ask(request: ConsoleRequest): Promise<ConsoleOutcome>;
}

/**
 * The interactive prompt's conversation: like a chat thread, a follow-up refers to what came before
 * it. It keeps the nodes of the last answer that named some, and the choices of the last
 * clarification (the numbered lines of its "Did you mean"), until a later answer replaces them.
 * @param config - the bot configuration
 * @param run - the job runner
 * @param listSchedules - every chat's schedules, when Redis is configured
 */
export function consoleSession(
  config: BotConfig,
  run: JobRunner,
  listSchedules?: ConsoleScheduleList,
): ConsoleSession {
  let earlierNodes: readonly string[] = [];
  let choices: readonly string[] = [];
  return {
    async ask(request) {
      const typed = request.text.trim();
      const text = /^[1-9]$/u.test(typed) ? (choices[Number(typed) - 1] ?? typed) : typed;
      let outcome = await handleConsoleRequest({ ...request, text }, config, run, listSchedules);
      // The parser found "it" with no node: the one asked about before is what it refers to, as the
      // sentence before does in one message (src/commands/understand.ts).
      if (outcome.request === null && earlierNodes.length > 0 && refersToEarlierNode(text))
        outcome = await handleConsoleRequest(
          { ...request, text: `${earlierNodes.join(' and ')}. ${text}` },
          config,
          run,
          listSchedules,
        );
      const nodes = outcome.request?.nodes ?? [];
      if (nodes.length > 0) earlierNodes = nodes;
      choices = outcome.reply.suggestions?.map((x) => x.text) ?? [];
      return outcome;
    },
  };
}
