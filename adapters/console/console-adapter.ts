/**
 * The console adapter: terminal text → {@link ChatCommand} → an answer job, run through the queue
 * (when Redis is configured) or in-process; the {@link Reply} rendered as text or JSON.
 * Bad input is answered here and enqueues nothing.
 */
import { randomUUID } from 'node:crypto';
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Locale } from '../../src/commands/types.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { explainFailure, explainParseError } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { closestNames } from '../../src/util/closest-names.js';

/** Runs one job to its reply: in-process, or through the queue and a worker. */
export type JobRunner = (job: AnswerJob) => Promise<Reply>;

/** What happened to one request. */
export interface ConsoleOutcome {
  reply: Reply;
  /** Whether a job was run (false for bad input answered by the adapter itself). */
  ran: boolean;
  /** Process exit code: 0 answered, 2 bad input, 1 could not answer. */
  exitCode: 0 | 1 | 2;
}

/** Options of one console request. */
export interface ConsoleRequest {
  text: string;
  /** `--cluster`; the text's own "in CLUSTER" wins over it. */
  cluster?: string;
  /** `--lang`; overrides the text's language. */
  lang?: Locale;
  /** OS user name, for the job's `user`. */
  user?: string;
}

/**
 * Handle one console request.
 * @param request - text and options
 * @param config - the bot configuration (clusters, default cluster, locale)
 * @param run - the job runner
 * @returns the reply, whether a job ran, and the exit code
 */
export async function handleConsoleRequest(request: ConsoleRequest, config: BotConfig, run: JobRunner): Promise<ConsoleOutcome> {
  const requestId = `cli-${randomUUID()}`;
  const text = request.lang ? `${request.text} --lang ${request.lang}` : request.text;
  const parsed = parseCommand(text, { defaultLocale: config.locale });
  const locale = parsed.locale;
  if (!parsed.ok) {
    return { reply: explainParseError({ locale, requestId, cluster: null }, parsed.error), ran: false, exitCode: 2 };
  }
  const names = Object.keys(config.clusters);
  const cluster = parsed.command.cluster ?? request.cluster ?? config.defaultCluster ?? (names.length === 1 ? names[0] : undefined);
  if (cluster === undefined || !Object.hasOwn(config.clusters, cluster)) {
    const reply = explainFailure({ locale, requestId, cluster: cluster ?? '?' }, 'cluster-unknown', {
      clusters: names,
      suggestions: cluster ? closestNames(cluster, names) : [],
    });
    return { reply, ran: false, exitCode: 2 };
  }
  const job: AnswerJob = {
    requestId,
    text: request.text,
    command: parsed.command,
    cluster,
    locale,
    user: { platform: 'console', id: request.user ?? 'console' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  };
  const reply = await run(job);
  const badInput = reply.kind === 'error' && reply.findings.some((f) => f.check === 'node-not-found');
  return { reply, ran: true, exitCode: badInput ? 2 : reply.kind === 'error' ? 1 : 0 };
}

/**
 * The `--format json` object: verdict, affected planes, the full text, the findings, and the reply.
 * @param reply - the reply
 */
export function toJsonOutput(reply: Reply): Record<string, unknown> {
  return {
    verdict: reply.verdict,
    planes: reply.planes.filter((p) => p.affected).map((p) => p.plane),
    text: renderText(reply),
    findings: reply.findings,
    kind: reply.kind,
    locale: reply.locale,
    health: reply.health ?? null,
    context: reply.context,
    reply,
  };
}
