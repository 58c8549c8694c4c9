/**
 * Listen addresses of the process's HTTP servers, from the environment:
 * - `K8S_HA_BOT_OPS_HOST`: the ops server (`/healthz`, `/readyz`, `/metrics`, no authentication);
 *   default 127.0.0.1, this machine only. The container image and deploy/ set 0.0.0.0, so that the
 *   kubelet and Prometheus reach it inside the pod network.
 * - `K8S_HA_BOT_SLACK_HOST`: Slack's `/slack/events` (HTTP mode); default all interfaces.
 * - `K8S_HA_BOT_TEAMS_HOST`: Teams' `/api/messages`; default all interfaces (127.0.0.1, and
 *   nothing else, in the insecure development mode, see ./dev-insecure.ts).
 * The chat endpoints authenticate every request (Slack signatures, Bot Framework tokens); the ops
 * server does not, hence its loopback default.
 */
import { isIP } from 'node:net';
import { ConfigError } from '../errors.js';

/** The environment variables of the listen addresses. */
export const LISTEN_HOST_ENV = {
  ops: 'K8S_HA_BOT_OPS_HOST',
  slack: 'K8S_HA_BOT_SLACK_HOST',
  teams: 'K8S_HA_BOT_TEAMS_HOST',
} as const;

/** Default address of the ops server: loopback, this machine only. */
export const DEFAULT_OPS_HOST = '127.0.0.1';

/** A DNS host name (RFC 1123 labels), e.g. `localhost`. */
const HOST_NAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/**
 * One listen address from the environment.
 * @param env - the environment
 * @param name - the variable, one of {@link LISTEN_HOST_ENV}
 * @returns the address (an IPv4/IPv6 address or a host name), or undefined when unset or blank
 * @throws ConfigError at `name` when the value is neither an IP address nor a host name (a URL, a
 *   port, spaces…)
 */
export function listenHostFrom(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
): string | undefined {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return undefined;
  if (isIP(raw) !== 0 || HOST_NAME.test(raw)) return raw;
  throw new ConfigError(
    name,
    `${JSON.stringify(raw)}: expected an address to listen on, e.g. 127.0.0.1 (this machine only) or 0.0.0.0 (every interface), without a port`,
  );
}

/**
 * Whether an address is loopback only (`127.x.x.x`, `::1`, `localhost`).
 * @param host - a listen address
 */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || (isIP(host) === 4 && host.startsWith('127.'));
}
