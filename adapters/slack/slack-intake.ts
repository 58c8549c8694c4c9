/**
 * The request side of the Slack adapter, free of Bolt types: one {@link SlackRequest} (from a
 * slash command, a mention or a DM) → parsed, de-duplicated, enqueued → what the ack says.
 * Bad input, help and unknown clusters are answered here and enqueue nothing.
 */
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Locale } from '../../src/commands/types.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { BotError, isBotError } from '../../src/errors.js';
import { explainFailure, explainHelp, explainParseError } from '../../src/explain/explain-messages.js';
import type { Reply } from '../../src/explain/reply.js';
import type { EnqueueResult } from '../../src/queue/job-queue.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { closestNames } from '../../src/util/closest-names.js';
import type { Logger } from '../../src/util/logger.js';
import type { SlackReplyVisibility } from './slack-config.js';
import { isLanguageNeutral } from './slack-locale.js';
import type { SlackStore } from './slack-store.js';
import { ackText } from './slack-texts.js';
import type { AckTextKey } from './slack-texts.js';

/** Where a Slack request came from. */
export type SlackSource = 'command' | 'mention' | 'dm';

/** One Slack request, reduced from its payload. */
export interface SlackRequest {
  source: SlackSource;
  /** Derived from Slack's own id (`cmd-<trigger_id>`, `ev-<event_id>`), so a retry maps to the same job. */
  requestId: string;
  /** De-duplication keys (`event:<event_id>`, `msg:<channel>:<ts>`…); a delivery under a seen key is a duplicate. */
  dedupKeys: string[];
  text: string;
  userId: string;
  teamId?: string;
  channel: string;
  /** Thread to answer in (mentions and DMs: the message's thread, or the message itself). */
  threadTs?: string;
  /** Slash commands: the response URL (fallback when the bot cannot post in the channel). */
  responseUrl?: string;
}

/** What became of a request, and what to say at once. */
export type IntakeOutcome =
  | { status: 'enqueued'; locale: Locale; ackText: string; jobId: string }
  | { status: 'duplicate'; locale: Locale; ackText: string }
  /** Answered by the adapter itself (bad input, help, unknown cluster): nothing enqueued. */
  | { status: 'answered'; locale: Locale; reply: Reply }
  /** Redis could not be reached within the ack budget: nothing enqueued. */
  | { status: 'queue-unavailable'; locale: Locale; reply: Reply };

/** The queue as the intake uses it (JobQueue implements it). */
export interface JobSink {
  enqueue(job: AnswerJob): Promise<EnqueueResult>;
}

/** What the intake needs. */
export interface SlackIntakeOptions {
  config: Pick<BotConfig, 'clusters' | 'defaultCluster' | 'locale'>;
  queue: JobSink;
  store: Pick<SlackStore, 'claim' | 'release' | 'addPending'>;
  /** The user's Slack locale (cached users.info); asked only for language-neutral text. */
  userLocale: (userId: string) => Promise<Locale | undefined>;
  replyVisibility: SlackReplyVisibility;
  replyDeadlineMs: number;
  dedupTtlSeconds: number;
  /** Longest the Redis part may take before the ack says the queue is unavailable, in ms. */
  ackBudgetMs: number;
  logger: Logger;
  /** @defaultValue Date.now */
  now?: () => number;
}

/**
 * Run `work` with a time limit.
 * @throws BotError `queue-unavailable` when `ms` passes first (the work goes on in the background)
 */
async function withinBudget<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new BotError('queue-unavailable', `Redis did not answer within ${ms} ms`, { retryable: true })), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Handles Slack requests: parse, choose the language, resolve the cluster, de-duplicate and
 * enqueue within the ack budget.
 */
export class SlackIntake {
  private readonly now: () => number;

  /** @param options - see {@link SlackIntakeOptions} */
  constructor(private readonly options: SlackIntakeOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * Handle one request.
   * @param request - the reduced Slack payload
   * @returns the outcome; never throws for bad input or an unreachable Redis (those are outcomes)
   * @throws only on programming errors
   */
  async accept(request: SlackRequest): Promise<IntakeOutcome> {
    const { config, logger } = this.options;
    const neutral = isLanguageNeutral(request.text);
    const defaultLocale: Locale = neutral ? ((await this.options.userLocale(request.userId)) ?? config.locale) : 'en';
    const parsed = parseCommand(request.text, { defaultLocale });
    const locale = parsed.locale;
    const ctx = { locale, requestId: request.requestId };
    if (!parsed.ok) {
      return { status: 'answered', locale, reply: explainParseError({ ...ctx, cluster: null }, parsed.error) };
    }
    const names = Object.keys(config.clusters);
    const command = parsed.command;
    const cluster = command.cluster ?? config.defaultCluster ?? (names.length === 1 ? names[0] : undefined);
    if (command.kind === 'help') {
      return {
        status: 'answered',
        locale,
        reply: explainHelp({ ...ctx, cluster: cluster ?? null }, { names, defaultCluster: config.defaultCluster ?? names[0] ?? '' }),
      };
    }
    if (cluster === undefined || !Object.hasOwn(config.clusters, cluster)) {
      const reply = explainFailure({ ...ctx, cluster: cluster ?? '?' }, 'cluster-unknown', {
        clusters: names,
        suggestions: cluster ? closestNames(cluster, names) : [],
      });
      return { status: 'answered', locale, reply };
    }
    const address: Record<string, string> = {
      channel: request.channel,
      user: request.userId,
      source: request.source,
      visibility: request.source === 'command' ? this.options.replyVisibility : 'channel',
      ...(request.threadTs ? { thread_ts: request.threadTs } : {}),
      ...(request.responseUrl ? { response_url: request.responseUrl } : {}),
    };
    const job: AnswerJob = {
      requestId: request.requestId,
      text: request.text,
      command,
      cluster,
      locale,
      user: { platform: 'slack', id: request.userId, ...(request.teamId ? { tenant: request.teamId } : {}) },
      replyTo: { platform: 'slack', address },
      enqueuedAt: new Date(this.now()).toISOString(),
    };
    const ackKey: AckTextKey =
      command.kind === 'ha-status'
        ? 'checking-status'
        : command.kind === 'drain-impact'
          ? 'checking-drain-only'
          : command.kind === 'upgrade-impact'
            ? 'checking-upgrade'
            : command.kind === 'reboot-impact'
              ? command.drain
                ? 'checking-drain'
                : 'checking-node'
              : 'checking-cluster';
    const node = 'node' in command ? command.node : undefined;
    const { store } = this.options;
    let claimed = false;
    try {
      return await withinBudget(
        (async (): Promise<IntakeOutcome> => {
          if (!(await store.claim(request.dedupKeys, this.options.dedupTtlSeconds))) {
            logger.info({ requestId: request.requestId, source: request.source }, 'duplicate Slack delivery ignored');
            return { status: 'duplicate', locale, ackText: ackText(locale, 'duplicate') };
          }
          claimed = true;
          const result = await this.options.queue.enqueue(job);
          if (result.duplicate) return { status: 'duplicate', locale, ackText: ackText(locale, 'duplicate') };
          await store.addPending({ requestId: request.requestId, cluster, locale, address }, this.now() + this.options.replyDeadlineMs);
          return { status: 'enqueued', locale, jobId: result.jobId, ackText: ackText(locale, ackKey, { node, cluster }) };
        })(),
        this.options.ackBudgetMs,
      );
    } catch (err) {
      if (!isBotError(err) && !(err instanceof Error)) throw err;
      logger.warn({ err, requestId: request.requestId }, 'could not enqueue the Slack request: queue unavailable');
      if (claimed) {
        // Let Slack's retry of this delivery try again; Redis may be back by then.
        store.release(request.dedupKeys).catch((releaseError: unknown) => logger.debug({ err: releaseError }, 'could not release dedup keys'));
      }
      return { status: 'queue-unavailable', locale, reply: explainFailure({ ...ctx, cluster }, 'queue-unavailable') };
    }
  }
}
