/**
 * The chat intake: the one place that decides what becomes of a {@link ChatCommand}, whichever
 * surface it came from (Slack, Teams, the console; like bolt-js's `Receiver` and hono's adapters,
 * the platform adapters only translate their payloads into a ChatCommand and the decision back into
 * their own messages).
 *
 * The decision, without I/O (no Redis, no platform call, so a platform can acknowledge at once):
 * - `schedule`: a schedule command (`schedule daily 09:00`, `schedules`, `unschedule …`), on a
 *   surface that can be posted to later;
 * - `answer`: answered at once with a {@link Reply}, nothing enqueued: text that is not understood,
 *   a cluster that is not configured (with the closest names), help for no known cluster;
 * - `maintenance`: a maintenance decision, status or audit, answered by the gateway from Redis (no
 *   cluster read), on a surface that has the gateway;
 * - `enqueue`: the answer job, for the cluster {@link lookUpCluster} picks (the text's `in CLUSTER`,
 *   the surface's own, the default, the only one).
 *
 * What the surfaces do differently is said by their {@link IntakeRules}, not by copies of this code.
 */
import type {
  ChatCommand,
  Command,
  Locale,
  MaintenanceStateCommand,
  ParseError,
  Platform,
} from '../commands/types.js';
import { isMaintenanceStateCommand } from '../commands/types.js';
import { isLanguageNeutral } from '../commands/language-neutral.js';
import { parseCommand } from '../commands/parse-command.js';
import { parseScheduleCommand } from '../commands/parse-schedule-command.js';
import type { ScheduleCommand } from '../commands/parse-schedule-command.js';
import type { BotConfig } from '../config/bot-config.js';
import { lookUpCluster } from '../config/resolve-cluster.js';
import { explainFailure, explainHelp, explainParseError } from '../explain/explain-messages.js';
import type { Reply } from '../explain/reply.js';
import type { AnswerJob } from '../queue/job.js';
import { recordChatDecision } from '../util/metric-hooks.js';

/** How a surface's intake differs; everything else is decided alike. */
export interface IntakeRules {
  /**
   * Schedule commands are recognised (`schedule daily 09:00`…); without it such text is parsed as
   * an ordinary request. Slack and Teams when a schedule service runs; the console (it answers them
   * itself: it cannot be posted to later).
   */
  schedules: boolean;
  /**
   * Maintenance decisions, `maintenance status` and `audit` are answered by the gateway from Redis
   * (decision `maintenance`) instead of a worker (Slack and Teams; the console sends them to a worker).
   */
  maintenanceInGateway: boolean;
  /**
   * Help for no configured cluster is answered at once with the request forms in the demo's node
   * names (Slack, Teams), instead of refused as an unknown cluster (the console, whose exit code 2
   * says "bad input").
   */
  helpWithoutCluster: boolean;
  /**
   * The surface's locale ({@link ChatCommand.locale}, else the configured one) is the default for
   * every text that is not Korean (the console), not only for language-neutral text (`status`):
   * chat surfaces answer English text in English whatever the user's locale.
   */
  localeForEveryText: boolean;
}

/** The rules of each surface. */
export const INTAKE_RULES: Readonly<Record<Platform, IntakeRules>> = {
  console: {
    schedules: true,
    maintenanceInGateway: false,
    helpWithoutCluster: false,
    localeForEveryText: true,
  },
  slack: { schedules: true, maintenanceInGateway: true, helpWithoutCluster: true, localeForEveryText: false },
  teams: { schedules: true, maintenanceInGateway: true, helpWithoutCluster: true, localeForEveryText: false },
};

/** What becomes of one chat command (see the module doc). */
export type IntakeDecision =
  | { kind: 'schedule'; locale: Locale; command: ScheduleCommand }
  | {
      kind: 'answer';
      locale: Locale;
      reply: Reply;
      /** Why: the text was not understood (`parseError` says how), the cluster is not configured, or help without a cluster. */
      why: 'not-understood' | 'cluster-unknown' | 'help';
      parseError?: ParseError;
      /** The command, when the text was understood. */
      command?: Command;
      /** The cluster named or defaulted to, when there is one. */
      cluster?: string;
    }
  | { kind: 'maintenance'; locale: Locale; command: MaintenanceStateCommand }
  | { kind: 'enqueue'; locale: Locale; job: AnswerJob & { command: Command } };

/** Options of {@link decideChatCommand}. */
export interface IntakeOptions {
  /** The configured clusters, default cluster and locale. */
  config: Pick<BotConfig, 'clusters' | 'defaultCluster' | 'locale'>;
  /** How this surface differs. @defaultValue `INTAKE_RULES[command.user.platform]` */
  rules?: Partial<IntakeRules>;
  /** The job's `enqueuedAt`. @defaultValue Date.now */
  now?: () => number;
}

/**
 * The default language of a command's text: the surface's locale (else the configured one) for
 * language-neutral text, or for every text under `localeForEveryText`; English otherwise. Korean
 * text and `--lang` decide by themselves in the parser.
 * @param command - the chat command
 * @param options - the configured locale and the surface's rules
 * @returns the locale the parser falls back to
 */
export function defaultLocaleOf(command: ChatCommand, options: IntakeOptions): Locale {
  const rules = rulesOf(command, options);
  return rules.localeForEveryText || isLanguageNeutral(command.text)
    ? (command.locale ?? options.config.locale)
    : 'en';
}

function rulesOf(command: ChatCommand, options: IntakeOptions): IntakeRules {
  return { ...INTAKE_RULES[command.user.platform], ...options.rules };
}

/**
 * Decide what becomes of a chat command. No I/O: the caller acknowledges, then carries it out.
 * Every decision is counted (`recordChatDecision`: the metric `k8s_ha_bot_chat_decisions_total`).
 * @param command - the command, reduced from the platform's payload
 * @param options - configuration and the surface's rules
 * @returns the decision (see the module doc)
 * @throws only on programming errors
 */
export function decideChatCommand(command: ChatCommand, options: IntakeOptions): IntakeDecision {
  const decision = decide(command, options);
  recordChatDecision(command.user.platform, {
    kind: decision.kind,
    locale: decision.locale,
    requestId: command.requestId,
    ...(decision.kind === 'enqueue'
      ? { cluster: decision.job.cluster, command: decision.job.command.kind }
      : {}),
    ...(decision.kind === 'answer'
      ? { why: decision.why, ...(decision.cluster ? { cluster: decision.cluster } : {}) }
      : {}),
    ...(decision.kind === 'maintenance' || decision.kind === 'schedule'
      ? { command: decision.command.kind }
      : {}),
  });
  return decision;
}

function decide(chat: ChatCommand, options: IntakeOptions): IntakeDecision {
  const { config } = options;
  const rules = rulesOf(chat, options);
  const defaultLocale = defaultLocaleOf(chat, options);
  const text = chat.lang ? `${chat.text} --lang ${chat.lang}` : chat.text;
  if (rules.schedules) {
    const scheduled = parseScheduleCommand(text, { defaultLocale });
    if (scheduled) return { kind: 'schedule', locale: scheduled.locale, command: scheduled.command };
  }
  const parsed = parseCommand(text, { defaultLocale, clusters: Object.keys(config.clusters) });
  const locale = parsed.locale;
  const ctx = { locale, requestId: chat.requestId };
  // A clarification naming nodes ("master 2" read as `master-2`) goes to the worker, which reads the
  // text again with the cluster's node list: its choices then name real nodes (or it answers, when
  // the node list makes the reading certain).
  const first = parsed.ok ? undefined : clarifiedOnNodes(parsed.error, defaultLocale);
  const asked = first === undefined ? undefined : lookUpCluster(config, first.cluster ?? chat.cluster);
  if (first !== undefined && asked?.ok === true)
    return enqueue(chat, options, { command: first, clarify: true, cluster: asked.cluster.name }, locale);
  if (!parsed.ok) {
    return {
      kind: 'answer',
      locale,
      why: 'not-understood',
      parseError: parsed.error,
      reply: explainParseError({ ...ctx, cluster: null }, parsed.error, config.defaultCluster),
    };
  }
  const command = parsed.command;
  if (rules.maintenanceInGateway && isMaintenanceStateCommand(command))
    return { kind: 'maintenance', locale, command };
  const found = lookUpCluster(config, command.cluster ?? chat.cluster);
  const names = Object.keys(config.clusters);
  if (!found.ok) {
    // Help goes to the worker when the cluster is known: it reads the cluster, so the examples are
    // in the asker's own node names. Without a cluster there is nothing to read: the
    // chat surfaces answer with the demo names.
    if (command.kind === 'help' && rules.helpWithoutCluster) {
      return {
        kind: 'answer',
        locale,
        why: 'help',
        command,
        ...(found.wanted === undefined ? {} : { cluster: found.wanted }),
        reply: explainHelp(
          { ...ctx, cluster: found.wanted ?? null },
          { names, defaultCluster: config.defaultCluster ?? names[0] ?? '' },
        ),
      };
    }
    return {
      kind: 'answer',
      locale,
      why: 'cluster-unknown',
      command,
      ...(found.wanted === undefined ? {} : { cluster: found.wanted }),
      reply: explainFailure({ ...ctx, cluster: found.wanted ?? '?' }, 'cluster-unknown', {
        clusters: names,
        suggestions: found.suggestions,
      }),
    };
  }
  return enqueue(chat, options, { command, cluster: found.cluster.name }, locale);
}

/** The enqueue decision of a command for a cluster. */
function enqueue(
  chat: ChatCommand,
  options: IntakeOptions,
  what: { command: Command; cluster: string; clarify?: true },
  locale: Locale,
): IntakeDecision {
  const now = options.now ?? Date.now;
  return {
    kind: 'enqueue',
    locale,
    job: {
      requestId: chat.requestId,
      text: chat.text,
      command: what.command,
      ...(what.clarify === undefined ? {} : { clarify: what.clarify }),
      cluster: what.cluster,
      locale,
      user: chat.user,
      replyTo: chat.replyTo,
      enqueuedAt: new Date(now()).toISOString(),
    },
  };
}

/**
 * The first reading of a clarification whose choices name nodes, as a command, or undefined (no
 * such clarification, or its first choice names no node).
 * @param error - the parse error
 * @param defaultLocale - the parser's default locale
 */
function clarifiedOnNodes(error: ParseError, defaultLocale: Locale): Command | undefined {
  const choice = error.code === 'ambiguous' ? error.suggestions?.[0] : undefined;
  if (choice === undefined || choice.request.nodes.length === 0) return undefined;
  const again = parseCommand(choice.text, { defaultLocale });
  return again.ok ? again.command : undefined;
}

/**
 * What an acknowledgement says while a job runs, by the command's kind; each surface words it in
 * its own texts (a `Record<AckKind, …>`, so a new kind needs a text on every surface).
 */
export type AckKind =
  'status' | 'drain-only' | 'upgrade' | 'drain' | 'node' | 'maintenance' | 'plan' | 'cluster';

/**
 * The acknowledgement of an enqueued command.
 * @param command - the job's command
 * @returns `status` for HA status, `drain-only`, `upgrade`, `drain` / `node` for a reboot with or
 *   without drain, `maintenance` for a maintenance request, `plan` for a maintenance plan (the
 *   worker plans before it asks for approval), `cluster` for anything else
 */
export function ackOf(command: Command): AckKind {
  switch (command.kind) {
    case 'ha-status':
      return 'status';
    case 'drain-impact':
      return 'drain-only';
    case 'upgrade-impact':
      // The whole cluster's upgrade names no node yet (the answer step picks the first one).
      return command.scope === 'cluster' ? 'cluster' : 'upgrade';
    case 'reboot-impact':
      return command.drain ? 'drain' : 'node';
    case 'maintenance-request':
      return 'maintenance';
    case 'maintenance-plan':
      return 'plan';
    default:
      return 'cluster';
  }
}
