/**
 * Whether the Teams adapter takes an activity from its sender at all, decided on the tenant the
 * activity carries (`conversation.tenantId`, `channelData.tenant.id`: Teams sends both, equal;
 * they are read once, in `BotFrameworkHost`, into `TeamsInbound.tenantId`).
 *
 * A member of an allowed tenant is served; a member of another tenant is admitted only when the
 * maintenance policy names that tenant (`teams:<tenant>:<aadObjectId>`), as a guest
 * (`Actor.guest`: `"*"` in the policy never matches a guest); anyone else is refused: nothing is
 * enqueued, stored or changed, and nothing is sent to the activity's `serviceUrl` (a card click
 * gets a private refusal in the invoke response, which is the HTTP answer itself).
 */
import type { TeamsInbound } from './teams-bot-framework.js';

/** Who the Teams adapter takes requests from. */
export interface TeamsAdmissionPolicy {
  /**
   * Tenant ids served (TeamsConfig.allowedTenants). Undefined: any tenant, which only the insecure
   * development mode without authentication allows.
   */
  allowedTenants: readonly string[] | undefined;
  /** Tenants the maintenance policy names (`tenantsNamedIn(policy, 'teams')`): their members are admitted as guests. */
  namedTenants: ReadonlySet<string>;
}

/** The answer of {@link admitTeamsActivity}. */
export type TeamsAdmission =
  | { admitted: true; guest: boolean }
  /** `tenant-missing`: the activity names no tenant, or two different ones; `tenant-not-allowed`: neither allowed nor named by the policy. */
  | { admitted: false; reason: 'tenant-missing' | 'tenant-not-allowed' };

/**
 * Whether the adapter serves this activity's sender (see the module doc).
 * @param activity - the inbound activity (its `tenantId`, `tenantConflict`)
 * @param policy - allowed tenants and the tenants the policy names
 * @returns admitted (member or guest) or refused with the reason
 */
export function admitTeamsActivity(
  activity: Pick<TeamsInbound, 'tenantId' | 'tenantConflict'>,
  policy: TeamsAdmissionPolicy,
): TeamsAdmission {
  if (policy.allowedTenants === undefined) return { admitted: true, guest: false };
  const tenant = activity.tenantId;
  if (tenant === undefined || activity.tenantConflict === true)
    return { admitted: false, reason: 'tenant-missing' };
  if (policy.allowedTenants.includes(tenant)) return { admitted: true, guest: false };
  if (policy.namedTenants.has(tenant)) return { admitted: true, guest: true };
  return { admitted: false, reason: 'tenant-not-allowed' };
}
