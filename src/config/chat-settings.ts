/**
 * The chat platforms' settings (Slack, Teams), validated with zod. ./settings.ts reads their
 * variables from the environment (and nothing else does) and hands them here as a record of values;
 * a missing or malformed setting becomes a {@link ConfigError} whose `path` is the variable to set and
 * whose message says where to find the value (the Slack app settings, the Azure portal). Values are
 * never echoed: they may be secrets.
 *
 * Teams app types (Bot Framework): `MultiTenant` (app id + client secret), `SingleTenant` (app id +
 * client secret + tenant id), `UserAssignedMSI` (the managed identity's client id + tenant id, no
 * secret). Source: https://learn.microsoft.com/en-us/azure/bot-service/bot-builder-authentication
 */
import { ConfigError } from '../errors.js';
// zod's v3 API (`zod/v3`, inside the zod 4 package), like ./settings.ts which every process loads
// (the v4 entry points load all of zod's message locales on import), loaded and built on first use.
import { lazily, zod3 } from './lazy-zod.js';

/** The values of the platform variables, by variable name (blank counts as unset). */
export type PlatformValues = Readonly<Record<string, string | undefined>>;

/** How far a Slack request's timestamp may be from the local clock, either way, in s (Slack's five minutes). */
export const SLACK_TIMESTAMP_TOLERANCE_S = 300;

/**
 * The shortest Slack dedup TTL that makes every replay of accepted bytes a duplicate, in s: a request
 * first seen at `t0` carries a timestamp of at least `t0 - 300` (else it was refused as
 * future-dated) and is accepted again only until that timestamp plus 300, so until `t0 + 600` at most.
 */
export const MIN_SLACK_DEDUP_TTL_S = 2 * SLACK_TIMESTAMP_TOLERANCE_S;

/** Slack workspaces and Enterprise Grid orgs whose members the bot serves. */
export interface SlackAllowList {
  /** Workspace ids (`T…`). */
  teams: readonly string[];
  /** Enterprise Grid org ids (`E…`). */
  enterprises: readonly string[];
}

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

/** Environment variables of the Slack settings. */
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

/** Where each Slack secret lives in the Slack app settings (by variable name), for the start-up messages. */
export const SLACK_SECRET_SOURCES: Readonly<Record<string, string>> = {
  [SLACK_ENV.signingSecret]: `copy "Signing Secret" from ${APP_PAGE} → Basic Information → App Credentials`,
  [SLACK_ENV.botToken]: `copy "Bot User OAuth Token" (xoxb-…) from ${APP_PAGE} → OAuth & Permissions (install the app to the workspace first)`,
  [SLACK_ENV.appToken]: `create one with the connections:write scope at ${APP_PAGE} → Basic Information → App-Level Tokens (xapp-…), or unset it to use HTTP mode`,
};

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

/**
 * Whether `raw` is an absolute http: or https: URL, as zod 4's `z.url({ protocol: /^https?$/ })`
 * accepts it: it must start with `http://` or `https://` (so `http:example.com` is refused) and parse.
 */
function isHttpUrl(raw: string): boolean {
  if (!/^https?:\/\//i.test(raw)) return false;
  try {
    const { protocol } = new URL(raw);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Length bounds of a Signing Secret accepted here, in hex digits (Slack's are 32). */
const SIGNING_SECRET_HEX_DIGITS = { min: 16, max: 128 } as const;

/**
 * What is wrong with a Signing Secret, said without its value: what is expected (hex digits and
 * how many) and what was given (its length, whether it is hex).
 * @returns the problem, or undefined when the value has the shape of a Signing Secret
 */
function signingSecretProblem(value: string): string | undefined {
  const { min, max } = SIGNING_SECRET_HEX_DIGITS;
  const hex = /^[0-9a-f]*$/i.test(value);
  if (hex && value.length >= min && value.length <= max) return undefined;
  const got = `got ${value.length} character${value.length === 1 ? '' : 's'}${hex ? '' : ', not all hex digits'}`;
  return `expected the Signing Secret: ${min} to ${max} hex digits (0-9, a-f; Slack's are 32); ${got}`;
}

const wholeNumber = (min: number, max: number) => {
  const z = zod3();
  return z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .int()
        .min(min, `Too small: expected number to be >=${min}`)
        .max(max, `Too big: expected number to be <=${max}`),
    );
};

const slackSchema = lazily(() => {
  const z = zod3();
  return z.object({
    [SLACK_ENV.botToken]: z.string().startsWith('xoxb-', 'expected a bot token starting with xoxb-'),
    [SLACK_ENV.signingSecret]: z
      .string()
      .superRefine((value, ctx) => {
        const problem = signingSecretProblem(value);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      })
      .optional(),
    [SLACK_ENV.appToken]: z
      .string()
      .startsWith('xapp-', 'expected an app-level token starting with xapp-')
      .optional(),
    [SLACK_ENV.apiUrl]: z
      .string()
      .refine(isHttpUrl, 'expected an http(s) URL such as https://slack.com/api/')
      // The URL parser drops tabs and line breaks; so does the value (as zod 4's z.url did).
      .transform((raw) => raw.replace(/[\t\n\r]/g, ''))
      .transform((u) => (u.endsWith('/') ? u : `${u}/`))
      .optional(),
    [SLACK_ENV.port]: wholeNumber(0, 65535).optional(),
    [SLACK_ENV.command]: z
      .string()
      .regex(/^\/[a-z0-9_-]{1,31}$/, 'expected a slash command such as /k8s')
      .optional(),
    [SLACK_ENV.replyVisibility]: z
      .enum(['channel', 'ephemeral'], {
        errorMap: () => ({ message: 'Invalid option: expected one of "channel"|"ephemeral"' }),
      })
      .optional(),
    [SLACK_ENV.replyDeadlineMs]: wholeNumber(1000, 3_600_000).optional(),
    // At least the whole accepted timestamp window, so no replay of accepted bytes runs twice.
    [SLACK_ENV.dedupTtlSeconds]: wholeNumber(MIN_SLACK_DEDUP_TTL_S, 86_400).optional(),
    [SLACK_ENV.allowedTeams]: z.string().optional(),
  });
});

/**
 * Validate the Slack settings.
 * @param values - the SLACK_* and PORT values (./settings.ts picks them from the environment)
 * @returns the settings with defaults filled in
 * @throws ConfigError (`config-invalid`, `path` = the variable) when `SLACK_BOT_TOKEN` is missing,
 *   when neither `SLACK_SIGNING_SECRET` (HTTP mode) nor `SLACK_APP_TOKEN` (Socket Mode) is set, or
 *   when a value is malformed; the message says where in the Slack app settings to get it
 */
export function loadSlackConfig(values: PlatformValues): SlackConfig {
  const input = Object.fromEntries(Object.values(SLACK_ENV).map((name) => [name, nonEmpty(values[name])]));
  if (input[SLACK_ENV.botToken] === undefined) {
    throw new ConfigError(SLACK_ENV.botToken, `is not set: ${SLACK_SECRET_SOURCES[SLACK_ENV.botToken]}`);
  }
  if (input[SLACK_ENV.signingSecret] === undefined && input[SLACK_ENV.appToken] === undefined) {
    throw new ConfigError(
      SLACK_ENV.signingSecret,
      `is not set (needed in HTTP mode, i.e. without ${SLACK_ENV.appToken}): ${SLACK_SECRET_SOURCES[SLACK_ENV.signingSecret]}`,
    );
  }
  const parsed = slackSchema().safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? '');
    const hint = SLACK_SECRET_SOURCES[name] ? `; ${SLACK_SECRET_SOURCES[name]}` : '';
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

// ---------------------------------------------------------------------------------------------
// Teams

/** Bot Framework app types. */
export type TeamsAppType = 'MultiTenant' | 'SingleTenant' | 'UserAssignedMSI';

/** Validated Teams settings. */
export interface TeamsConfig {
  /** Microsoft App ID of the bot registration; '' only when authentication is disabled (tests). */
  appId: string;
  /** Client secret (MultiTenant, SingleTenant). */
  appPassword?: string;
  /** Directory (tenant) id (SingleTenant, UserAssignedMSI). */
  tenantId?: string;
  appType: TeamsAppType;
  /** HTTP port of `/api/messages`. @defaultValue 3978 (the Bot Framework convention) */
  port: number;
  /** How long a seen activity id is remembered in Redis, in s. @defaultValue 900 */
  dedupTtlSeconds: number;
  /** After this long without a worker's reply, a follow-up card says the check did not finish, in ms. @defaultValue 60 000 */
  replyDeadlineMs: number;
  /**
   * Tenant ids whose members the bot serves (`TEAMS_ALLOWED_TENANTS`). Defaults to
   * MICROSOFT_APP_TENANT_ID (SingleTenant, UserAssignedMSI); required for a MultiTenant bot.
   * Undefined only in the insecure development mode without authentication (any tenant, warned
   * at start).
   */
  allowedTenants?: readonly string[];
}

/** Environment variables of the Teams settings. */
export const TEAMS_ENV = {
  appId: 'MICROSOFT_APP_ID',
  appPassword: 'MICROSOFT_APP_PASSWORD',
  tenantId: 'MICROSOFT_APP_TENANT_ID',
  appType: 'MICROSOFT_APP_TYPE',
  port: 'TEAMS_PORT',
  dedupTtlSeconds: 'TEAMS_DEDUP_TTL_SECONDS',
  replyDeadlineMs: 'TEAMS_REPLY_DEADLINE_MS',
  allowedTenants: 'TEAMS_ALLOWED_TENANTS',
} as const;

/** A tenant id: a GUID in Azure; letters, digits and '-' accepted (as in policy identities). */
const TENANT_ID = /^[A-Za-z0-9-]{1,64}$/;

/**
 * Parse `TEAMS_ALLOWED_TENANTS`: tenant ids separated by commas or spaces.
 * @param raw - the value (trimmed, non-empty)
 * @returns the ids
 * @throws ConfigError `TEAMS_ALLOWED_TENANTS` naming the first malformed id
 */
export function parseTenantList(raw: string): string[] {
  const ids = raw.split(/[\s,]+/).filter((id) => id !== '');
  const bad = ids.find((id) => !TENANT_ID.test(id));
  if (bad !== undefined || ids.length === 0) {
    throw new ConfigError(
      TEAMS_ENV.allowedTenants,
      `${bad === undefined ? 'is empty' : `${JSON.stringify(bad.slice(0, 70))} is not a tenant id`}: list the directory (tenant) ids, GUIDs, separated by commas (Azure portal → Microsoft Entra ID → Overview → Tenant ID)`,
    );
  }
  return ids;
}

const PORTAL = 'Azure portal → your Azure Bot resource → Configuration';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const teamsSchema = lazily(() => {
  const z = zod3();
  return z.object({
    [TEAMS_ENV.appId]: z
      .string()
      .regex(GUID, `expected the bot's Microsoft App ID, a GUID (${PORTAL} → Microsoft App ID)`)
      .optional(),
    [TEAMS_ENV.appPassword]: z.string().optional(),
    [TEAMS_ENV.tenantId]: z
      .string()
      .regex(GUID, `expected a directory (tenant) id, a GUID (${PORTAL} → App Tenant ID)`)
      .optional(),
    [TEAMS_ENV.appType]: z
      .enum(['MultiTenant', 'SingleTenant', 'UserAssignedMSI'], {
        errorMap: () => ({ message: 'expected MultiTenant, SingleTenant or UserAssignedMSI' }),
      })
      .optional(),
    [TEAMS_ENV.port]: wholeNumber(0, 65535).optional(),
    [TEAMS_ENV.dedupTtlSeconds]: wholeNumber(600, 86_400).optional(),
    [TEAMS_ENV.replyDeadlineMs]: wholeNumber(1000, 3_600_000).optional(),
    [TEAMS_ENV.allowedTenants]: z.string().optional(),
  });
});

/** Options of {@link loadTeamsConfig}. */
export interface LoadTeamsConfigOptions {
  /**
   * Accept an unset MICROSOFT_APP_ID: botbuilder then skips authentication (any caller may post
   * activities). For tests only.
   * @defaultValue false
   */
  allowNoAuth?: boolean;
}

/**
 * Whether the values ask for the Teams adapter (MICROSOFT_APP_ID is set).
 * @param values - the Teams values
 */
export function teamsConfigured(values: PlatformValues): boolean {
  return nonEmpty(values[TEAMS_ENV.appId]) !== undefined;
}

/**
 * Validate the Teams settings.
 * @param values - the MICROSOFT_APP_* and TEAMS_* values (./settings.ts picks them from the environment)
 * @param options - see {@link LoadTeamsConfigOptions}
 * @returns the validated settings
 * @throws ConfigError naming the variable: MICROSOFT_APP_ID missing (unless `allowNoAuth`) or not a
 *   GUID; MICROSOFT_APP_PASSWORD missing for MultiTenant/SingleTenant; MICROSOFT_APP_TENANT_ID
 *   missing for SingleTenant/UserAssignedMSI; MICROSOFT_APP_TYPE not one of the three; TEAMS_PORT,
 *   TEAMS_DEDUP_TTL_SECONDS (600..86 400) or TEAMS_REPLY_DEADLINE_MS (1 000..3 600 000) out of range;
 *   TEAMS_ALLOWED_TENANTS malformed, or unset for a MultiTenant bot (it defaults to
 *   MICROSOFT_APP_TENANT_ID otherwise, and may stay unset only without authentication, `allowNoAuth`)
 */
export function loadTeamsConfig(values: PlatformValues, options: LoadTeamsConfigOptions = {}): TeamsConfig {
  const picked: Record<string, string> = {};
  for (const name of Object.values(TEAMS_ENV)) {
    const value = nonEmpty(values[name]);
    if (value !== undefined) picked[name] = value;
  }
  // Every Teams setting is optional to the schema: nothing set parses as it is, with no schema built.
  const parsed =
    Object.keys(picked).length === 0 ? { success: true as const, data: {} } : teamsSchema().safeParse(picked);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(String(issue?.path[0] ?? 'MICROSOFT_APP_ID'), issue?.message ?? 'invalid');
  }
  const v = parsed.data;
  const appId = v[TEAMS_ENV.appId] ?? '';
  const appType: TeamsAppType = v[TEAMS_ENV.appType] ?? 'MultiTenant';
  const appPassword = v[TEAMS_ENV.appPassword];
  const tenantId = v[TEAMS_ENV.tenantId];
  if (appId === '') {
    if (!options.allowNoAuth) {
      throw new ConfigError(
        TEAMS_ENV.appId,
        `is not set: copy "Microsoft App ID" from ${PORTAL} (register the bot first: see docs/teams.md)`,
      );
    }
  } else {
    if (appType !== 'UserAssignedMSI' && appPassword === undefined) {
      throw new ConfigError(
        TEAMS_ENV.appPassword,
        `is not set: a ${appType} bot needs its client secret (${PORTAL} → Manage Password → Certificates & secrets → New client secret)`,
      );
    }
    if (appType !== 'MultiTenant' && tenantId === undefined) {
      throw new ConfigError(
        TEAMS_ENV.tenantId,
        `is not set: a ${appType} bot needs its directory (tenant) id (${PORTAL} → App Tenant ID)`,
      );
    }
  }
  const listed = v[TEAMS_ENV.allowedTenants];
  const allowedTenants =
    listed !== undefined ? parseTenantList(listed) : tenantId !== undefined ? [tenantId] : undefined;
  if (allowedTenants === undefined && appId !== '') {
    throw new ConfigError(
      TEAMS_ENV.allowedTenants,
      `is not set: a MultiTenant bot answers any organisation that can reach it; list the tenant ids whose members it serves, separated by commas (Azure portal → Microsoft Entra ID → Overview → Tenant ID)`,
    );
  }
  return {
    appId,
    ...(allowedTenants !== undefined ? { allowedTenants } : {}),
    ...(appPassword !== undefined ? { appPassword } : {}),
    ...(tenantId !== undefined ? { tenantId } : {}),
    appType,
    port: v[TEAMS_ENV.port] ?? 3978,
    dedupTtlSeconds: v[TEAMS_ENV.dedupTtlSeconds] ?? 900,
    replyDeadlineMs: v[TEAMS_ENV.replyDeadlineMs] ?? 60_000,
  };
}
