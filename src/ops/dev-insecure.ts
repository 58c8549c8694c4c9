/**
 * The development flag `K8S_HA_BOT_DEV_INSECURE=1`: the only way to run a chat endpoint without
 * request authentication. Without it the gateway refuses to start when a secret is missing (Slack:
 * SLACK_SIGNING_SECRET in HTTP mode; Teams: MICROSOFT_APP_ID and its password). With it, the Teams
 * endpoint may run without Bot Framework authentication (MICROSOFT_APP_ID unset, TEAMS_PORT set),
 * the Teams endpoint and the gateway's ops server bind to 127.0.0.1 only, and a warning is logged.
 * Slack's HTTP mode never runs without its signing secret, flag or not (for local development use
 * Socket Mode: it needs no public URL and no signing secret).
 */
import { ConfigError } from '../errors.js';

/** The flag's environment variable. */
export const DEV_INSECURE_ENV = 'K8S_HA_BOT_DEV_INSECURE';

/** Where listeners bind in the insecure development mode. */
export const LOOPBACK_HOST = '127.0.0.1';

/**
 * Whether the insecure development mode is on.
 * @param env - reads {@link DEV_INSECURE_ENV}
 * @returns true for `1` or `true`; false when unset, empty or `0`
 * @throws ConfigError `K8S_HA_BOT_DEV_INSECURE` for any other value (a typo must not turn security off or on by surprise)
 */
export function devInsecureFrom(env: Readonly<Record<string, string | undefined>>): boolean {
  const raw = (env[DEV_INSECURE_ENV] ?? '').trim().toLowerCase();
  if (raw === '' || raw === '0' || raw === 'false') return false;
  if (raw === '1' || raw === 'true') return true;
  throw new ConfigError(
    DEV_INSECURE_ENV,
    `${JSON.stringify(raw)}: expected 1 (development only: no request authentication, loopback only) or unset`,
  );
}
