/**
 * MICROSOFT_APP_* validation: each missing or malformed setting stops the start with a
 * ConfigError whose `path` is the variable to set.
 */
import { describe, expect, it } from '@jest/globals';
import { loadTeamsConfig, teamsConfigured } from '../../src/config/chat-settings.js';
import { ConfigError } from '../../src/errors.js';

const APP_ID = '6f1c7c51-3a1e-4f0e-9d1e-2b1f3c4d5e6f';
const TENANT = '0b6e2b0c-8d7a-4f61-9d63-7a1c5e0f2a11';

function pathOf(env: Record<string, string>): string {
  try {
    loadTeamsConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return `${err.path}: ${err.message}`;
    throw err;
  }
  return 'ok';
}

describe('loadTeamsConfig', () => {
  it('accepts the three app types with what each needs', () => {
    expect(
      loadTeamsConfig({
        MICROSOFT_APP_ID: APP_ID,
        MICROSOFT_APP_PASSWORD: 's3cret',
        TEAMS_ALLOWED_TENANTS: TENANT,
      }),
    ).toMatchObject({
      appId: APP_ID,
      appType: 'MultiTenant',
      port: 3978,
      dedupTtlSeconds: 900,
      allowedTenants: [TENANT],
    });
    expect(
      loadTeamsConfig({
        MICROSOFT_APP_ID: APP_ID,
        MICROSOFT_APP_PASSWORD: 's',
        MICROSOFT_APP_TYPE: 'SingleTenant',
        MICROSOFT_APP_TENANT_ID: TENANT,
        TEAMS_PORT: '4000',
      }),
    ).toMatchObject({ appType: 'SingleTenant', tenantId: TENANT, port: 4000, allowedTenants: [TENANT] });
    expect(
      loadTeamsConfig({
        MICROSOFT_APP_ID: APP_ID,
        MICROSOFT_APP_TYPE: 'UserAssignedMSI',
        MICROSOFT_APP_TENANT_ID: TENANT,
      }),
    ).toMatchObject({ appType: 'UserAssignedMSI' });
  });

  it('names the missing or bad setting', () => {
    expect(pathOf({})).toMatch(/^MICROSOFT_APP_ID: .*is not set/);
    expect(pathOf({ MICROSOFT_APP_ID: 'my-bot' })).toMatch(/^MICROSOFT_APP_ID: .*GUID/);
    expect(pathOf({ MICROSOFT_APP_ID: APP_ID })).toMatch(/^MICROSOFT_APP_PASSWORD: .*client secret/);
    expect(
      pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_PASSWORD: 's', MICROSOFT_APP_TYPE: 'SingleTenant' }),
    ).toMatch(/^MICROSOFT_APP_TENANT_ID: /);
    expect(pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_TYPE: 'UserAssignedMSI' })).toMatch(
      /^MICROSOFT_APP_TENANT_ID: /,
    );
    expect(
      pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_PASSWORD: 's', MICROSOFT_APP_TYPE: 'multi' }),
    ).toMatch(/^MICROSOFT_APP_TYPE: .*MultiTenant, SingleTenant or UserAssignedMSI/);
    expect(
      pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_PASSWORD: 's', MICROSOFT_APP_TENANT_ID: 'x' }),
    ).toMatch(/^MICROSOFT_APP_TENANT_ID: .*GUID/);
    expect(pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_PASSWORD: 's', TEAMS_PORT: '70000' })).toMatch(
      /^TEAMS_PORT: /,
    );
    expect(
      pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_PASSWORD: 's', TEAMS_REPLY_DEADLINE_MS: '10' }),
    ).toMatch(/^TEAMS_REPLY_DEADLINE_MS: /);
  });

  it("TEAMS_ALLOWED_TENANTS: required for a MultiTenant bot, defaults to the bot's own tenant otherwise, unset only without authentication", () => {
    expect(pathOf({ MICROSOFT_APP_ID: APP_ID, MICROSOFT_APP_PASSWORD: 's' })).toMatch(
      /^TEAMS_ALLOWED_TENANTS: .*is not set: a MultiTenant bot answers any organisation/,
    );
    expect(
      pathOf({
        MICROSOFT_APP_ID: APP_ID,
        MICROSOFT_APP_PASSWORD: 's',
        TEAMS_ALLOWED_TENANTS: `${TENANT}, not a tenant!`,
      }),
    ).toMatch(/^TEAMS_ALLOWED_TENANTS: .*"tenant!" is not a tenant id/);
    expect(
      loadTeamsConfig({
        MICROSOFT_APP_ID: APP_ID,
        MICROSOFT_APP_PASSWORD: 's',
        TEAMS_ALLOWED_TENANTS: `${TENANT},  72f988bf-0000-4000-8000-00000000aaaa`,
      }).allowedTenants,
    ).toEqual([TENANT, '72f988bf-0000-4000-8000-00000000aaaa']);
    expect(
      loadTeamsConfig({
        MICROSOFT_APP_ID: APP_ID,
        MICROSOFT_APP_TYPE: 'UserAssignedMSI',
        MICROSOFT_APP_TENANT_ID: TENANT,
      }).allowedTenants,
    ).toEqual([TENANT]);
    expect(loadTeamsConfig({}, { allowNoAuth: true }).allowedTenants).toBeUndefined();
    expect(loadTeamsConfig({ TEAMS_ALLOWED_TENANTS: TENANT }, { allowNoAuth: true }).allowedTenants).toEqual([
      TENANT,
    ]);
  });

  it('allows an empty app id (no authentication) only when asked, and teamsConfigured follows MICROSOFT_APP_ID', () => {
    expect(loadTeamsConfig({}, { allowNoAuth: true }).appId).toBe('');
    expect(teamsConfigured({ MICROSOFT_APP_ID: '  ' })).toBe(false);
    expect(teamsConfigured({ MICROSOFT_APP_ID: APP_ID })).toBe(true);
  });
});
