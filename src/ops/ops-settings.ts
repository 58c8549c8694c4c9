/**
 * The ops server's environment settings, on their own so `k8s-ha-bot config check` can validate
 * them without loading the server (BullMQ, the Kubernetes client of its readiness checks).
 */
import { wholeNumberFromEnv } from '../util/env-number.js';
import { LISTEN_HOST_ENV } from './listen-host.js';

/** Environment variables of the ops server. */
export const OPS_ENV = {
  /** Port of /healthz, /readyz, /metrics; `0` picks a free port. */
  port: 'K8S_HA_BOT_OPS_PORT',
  /** Address to listen on (default {@link DEFAULT_OPS_HOST}, loopback; see ./listen-host.ts). */
  host: LISTEN_HOST_ENV.ops,
  /** `required` (default): a cluster whose API cannot be reached makes /readyz 503; `reported`: listed only. */
  readyzClusters: 'K8S_HA_BOT_READYZ_CLUSTERS',
} as const;

/** Default ops port (the Prometheus convention for an app's metrics port). */
export const DEFAULT_OPS_PORT = 9090;

/**
 * The ops port from the environment.
 * @param env - reads {@link OPS_ENV}.port
 * @returns the port (default {@link DEFAULT_OPS_PORT})
 * @throws ConfigError `K8S_HA_BOT_OPS_PORT` when it is not a whole number 0..65535
 */
export function opsPortFrom(env: Readonly<Record<string, string | undefined>>): number {
  return wholeNumberFromEnv(env, OPS_ENV.port, {
    min: 0,
    max: 65535,
    fallback: DEFAULT_OPS_PORT,
    problem: (quoted) => `${quoted} is not a port (0..65535)`,
  });
}
