/**
 * The Teams adapter's settings, read from the environment once at start and validated with zod.
 * A missing or malformed setting stops the start with a {@link ConfigError} whose `path` is the
 * variable to set and whose message says where to find the value in Azure.
 *
 * App types (Bot Framework): `MultiTenant` (app id + client secret), `SingleTenant` (app id +
 * client secret + tenant id), `UserAssignedMSI` (the managed identity's client id + tenant id, no
 * secret). Source: https://learn.microsoft.com/en-us/azure/bot-service/bot-builder-authentication
 */
import { z } from 'zod';
import { ConfigError } from '../../src/errors.js';

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

/** Environment variables read by {@link loadTeamsConfig}. */
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

const nonEmpty = (value: string | undefined): string | undefined =>
  value === undefined || value.trim() === '' ? undefined : value.trim();

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const intFromEnv = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d+$/, 'expected a whole number')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));

const schema = z.object({
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
      error: 'expected MultiTenant, SingleTenant or UserAssignedMSI',
    })
    .optional(),
  [TEAMS_ENV.port]: intFromEnv(0, 65535).optional(),
  [TEAMS_ENV.dedupTtlSeconds]: intFromEnv(600, 86_400).optional(),
  [TEAMS_ENV.replyDeadlineMs]: intFromEnv(1000, 3_600_000).optional(),
  [TEAMS_ENV.allowedTenants]: z.string().optional(),
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
 * Whether the environment asks for the Teams adapter (MICROSOFT_APP_ID is set).
 * @param env - the environment
 */
export function teamsConfigured(env: Readonly<Record<string, string | undefined>>): boolean {
  return nonEmpty(env[TEAMS_ENV.appId]) !== undefined;
}

/**
 * Read and check the Teams settings.
 * @param env - the environment (the CLI passes `process.env`)
 * @param options - see {@link LoadTeamsConfigOptions}
 * @returns the validated settings
 * @throws ConfigError naming the variable: MICROSOFT_APP_ID missing (unless `allowNoAuth`) or not a
 *   GUID; MICROSOFT_APP_PASSWORD missing for MultiTenant/SingleTenant; MICROSOFT_APP_TENANT_ID
 *   missing for SingleTenant/UserAssignedMSI; MICROSOFT_APP_TYPE not one of the three; TEAMS_PORT,
 *   TEAMS_DEDUP_TTL_SECONDS (600..86 400) or TEAMS_REPLY_DEADLINE_MS (1 000..3 600 000) out of range;
 *   TEAMS_ALLOWED_TENANTS malformed, or unset for a MultiTenant bot (it defaults to
 *   MICROSOFT_APP_TENANT_ID otherwise, and may stay unset only without authentication, `allowNoAuth`)
 */
export function loadTeamsConfig(
  env: Readonly<Record<string, string | undefined>>,
  options: LoadTeamsConfigOptions = {},
): TeamsConfig {
  const picked: Record<string, string> = {};
  for (const name of Object.values(TEAMS_ENV)) {
    const value = nonEmpty(env[name]);
    if (value !== undefined) picked[name] = value;
  }
  const parsed = schema.safeParse(picked);
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
        `is not set: copy "Microsoft App ID" from ${PORTAL} (register the bot first: see the README, Teams)`,
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
