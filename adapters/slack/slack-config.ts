/**
 * The Slack adapter's settings, read from the environment once at start and validated with zod.
 * A missing or malformed secret stops the start with a {@link ConfigError} whose `path` is the
 * variable to set and whose message says where to find the value in the Slack app settings.
 */
import { z } from 'zod';
import { ConfigError } from '../../src/errors.js';
import type { SlackAllowList } from './slack-identity.js';
import { MIN_SLACK_DEDUP_TTL_S } from './slack-request-time.js';

/** Where the posted answer goes for slash commands: a bot message in the channel (continuations in its thread), or only the requester sees it. */
export type SlackReplyVisibility = 'channel' | 'ephemeral';

/** Validated Slack settings. */
export interface SlackConfig {
  /** Bot User OAuth Token (`xoxb-…`). */
  botToken: string;
  /** Signing Secret; required in HTTP mode, unused in Socket Mode. */
  signingSecret?: string;
  /** App-level token (`xapp-…`); when set the adapter runs in Socket Mode. */
  appToken?: string;
  /** Base URL of the Slack Web API, ending in `/`. @defaultValue `https://slack.com/api/` */
  apiUrl: string;
  /** HTTP port of `/slack/events` (HTTP mode). @defaultValue 3000 */
  port: number;
  /** The slash command the app answers. @defaultValue `/k8s` */
  command: string;
  /** Visibility of slash-command answers. @defaultValue `channel` */
  replyVisibility: SlackReplyVisibility;
  /** After this long without a reply from a worker, a follow-up says the check did not finish, in ms. @defaultValue 60 000 */
  replyDeadlineMs: number;
  /** How long a seen `event_id` / trigger is remembered in Redis, in s; at least 600 ({@link MIN_SLACK_DEDUP_TTL_S}: longer than any accepted request timestamp stays accepted). @defaultValue 900 */
  dedupTtlSeconds: number;
  /** Longest the request path (dedup + enqueue) may wait for Redis before the ack says the queue is unavailable, in ms. Slack wants the ack within 3 s. @defaultValue 2000 */
  ackBudgetMs: number;
  /**
   * Workspaces (`T…`) and Enterprise Grid orgs (`E…`) whose members the bot serves
   * (`SLACK_ALLOWED_TEAMS`). Absent → the workspace of the bot token (`auth.test` at start; its
   * org too for an org-wide install): never "anyone".
   */
  allowed?: SlackAllowList;
}

/** Environment variables read by {@link loadSlackConfig}. */
export const SLACK_ENV = {
  signingSecret: 'SLACK_SIGNING_SECRET',
  botToken: 'SLACK_BOT_TOKEN',
  appToken: 'SLACK_APP_TOKEN',
  apiUrl: 'SLACK_API_URL',
  port: 'PORT',
  command: 'SLACK_COMMAND',
  replyVisibility: 'SLACK_REPLY_VISIBILITY',
  replyDeadlineMs: 'SLACK_REPLY_DEADLINE_MS',
  dedupTtlSeconds: 'SLACK_DEDUP_TTL_SECONDS',
  allowedTeams: 'SLACK_ALLOWED_TEAMS',
} as const;

/** A Slack workspace (`T…`) or Enterprise Grid org (`E…`) id. */
const TEAM_ID = /^[TE][A-Z0-9]{2,}$/;

/**
 * Parse `SLACK_ALLOWED_TEAMS`: ids separated by commas or spaces.
 * @param raw - the value (already trimmed, non-empty)
 * @returns the workspaces and enterprises
 * @throws ConfigError `SLACK_ALLOWED_TEAMS` naming the first id that is not `T…` / `E…`
 */
export function parseSlackAllowList(raw: string): SlackAllowList {
  const ids = raw.split(/[\s,]+/).filter((id) => id !== '');
  const bad = ids.find((id) => !TEAM_ID.test(id));
  if (bad !== undefined || ids.length === 0) {
    throw new ConfigError(
      SLACK_ENV.allowedTeams,
      `${bad === undefined ? 'is empty' : `${JSON.stringify(bad.slice(0, 40))} is not a workspace id (T…) or Enterprise Grid org id (E…)`}: list them separated by commas, e.g. T0123ABCD,E0456EFGH (Slack: workspace settings → About, or the team_id of auth.test)`,
    );
  }
  return {
    teams: ids.filter((id) => id.startsWith('T')),
    enterprises: ids.filter((id) => id.startsWith('E')),
  };
}

const APP_PAGE = 'https://api.slack.com/apps → your app';

/** Where each secret lives in the Slack app settings, for the start-up message. */
const WHERE: Record<string, string> = {
  [SLACK_ENV.signingSecret]: `copy "Signing Secret" from ${APP_PAGE} → Basic Information → App Credentials`,
  [SLACK_ENV.botToken]: `copy "Bot User OAuth Token" (xoxb-…) from ${APP_PAGE} → OAuth & Permissions (install the app to the workspace first)`,
  [SLACK_ENV.appToken]: `create one with the connections:write scope at ${APP_PAGE} → Basic Information → App-Level Tokens (xapp-…), or unset it to use HTTP mode`,
};

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

const intFromEnv = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const envSchema = z.object({
  [SLACK_ENV.botToken]: z.string().startsWith('xoxb-', 'expected a bot token starting with xoxb-'),
  [SLACK_ENV.signingSecret]: z
    .string()
    .regex(/^[0-9a-f]{16,128}$/i, 'expected the hex Signing Secret')
    .optional(),
  [SLACK_ENV.appToken]: z
    .string()
    .startsWith('xapp-', 'expected an app-level token starting with xapp-')
    .optional(),
  [SLACK_ENV.apiUrl]: z
    .url({ protocol: /^https?$/, error: 'expected an http(s) URL such as https://slack.com/api/' })
    .transform((u) => (u.endsWith('/') ? u : `${u}/`))
    .optional(),
  [SLACK_ENV.port]: intFromEnv(0, 65535).optional(),
  [SLACK_ENV.command]: z
    .string()
    .regex(/^\/[a-z0-9_-]{1,31}$/, 'expected a slash command such as /k8s')
    .optional(),
  [SLACK_ENV.replyVisibility]: z.enum(['channel', 'ephemeral']).optional(),
  [SLACK_ENV.replyDeadlineMs]: intFromEnv(1000, 3_600_000).optional(),
  // At least the whole accepted timestamp window, so no replay of accepted bytes runs twice.
  [SLACK_ENV.dedupTtlSeconds]: intFromEnv(MIN_SLACK_DEDUP_TTL_S, 86_400).optional(),
  [SLACK_ENV.allowedTeams]: z.string().optional(),
});

/**
 * Read and validate the Slack settings.
 * @param env - the environment (the composition root passes `process.env`; tests pass their own)
 * @returns the settings with defaults filled in
 * @throws ConfigError (`config-invalid`, `path` = the variable) when `SLACK_BOT_TOKEN` is missing,
 *   when neither `SLACK_SIGNING_SECRET` (HTTP mode) nor `SLACK_APP_TOKEN` (Socket Mode) is set, or
 *   when a value is malformed; the message says where in the Slack app settings to get it
 */
export function loadSlackConfig(env: Readonly<Record<string, string | undefined>>): SlackConfig {
  const input = Object.fromEntries(Object.values(SLACK_ENV).map((name) => [name, nonEmpty(env[name])]));
  if (input[SLACK_ENV.botToken] === undefined) {
    throw new ConfigError(SLACK_ENV.botToken, `is not set: ${WHERE[SLACK_ENV.botToken]}`);
  }
  if (input[SLACK_ENV.signingSecret] === undefined && input[SLACK_ENV.appToken] === undefined) {
    throw new ConfigError(
      SLACK_ENV.signingSecret,
      `is not set (needed in HTTP mode, i.e. without ${SLACK_ENV.appToken}): ${WHERE[SLACK_ENV.signingSecret]}`,
    );
  }
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? '');
    const hint = WHERE[name] ? `; ${WHERE[name]}` : '';
    // Never echo the value: it may be a secret.
    throw new ConfigError(name, `${issue?.message ?? 'invalid'}${hint}`);
  }
  const e = parsed.data;
  const allowedRaw = input[SLACK_ENV.allowedTeams];
  const allowed = allowedRaw === undefined ? undefined : parseSlackAllowList(allowedRaw);
  return {
    botToken: e[SLACK_ENV.botToken],
    ...(e[SLACK_ENV.signingSecret] ? { signingSecret: e[SLACK_ENV.signingSecret] } : {}),
    ...(e[SLACK_ENV.appToken] ? { appToken: e[SLACK_ENV.appToken] } : {}),
    apiUrl: e[SLACK_ENV.apiUrl] ?? 'https://slack.com/api/',
    port: e[SLACK_ENV.port] ?? 3000,
    command: e[SLACK_ENV.command] ?? '/k8s',
    replyVisibility: e[SLACK_ENV.replyVisibility] ?? 'channel',
    replyDeadlineMs: e[SLACK_ENV.replyDeadlineMs] ?? 60_000,
    dedupTtlSeconds: e[SLACK_ENV.dedupTtlSeconds] ?? 900,
    ackBudgetMs: 2000,
    ...(allowed ? { allowed } : {}),
  };
}
