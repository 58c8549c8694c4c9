/**
 * The connection part of our plain `node:http(s)` Kubernetes clients (the snapshot reader and the
 * maintenance executor): URL, TLS options, credentials and a keep-alive agent for the current
 * cluster of a KubeConfig, all prepared by client-node's `KubeConfig.applyToHTTPSOptions`.
 */
import http from 'node:http';
import https from 'node:https';
import type { KubeConfig } from '@kubernetes/client-node';
import { ClusterReadError } from '../errors.js';
import { registerSecretValues } from '../util/redaction.js';
import { type KubeAccess, StaticKubeconfig, impersonationHeaders } from './static-kubeconfig.js';

/** Errors a caller throws when the connection cannot be prepared. */
export interface KubeConnectionErrors {
  /** The KubeConfig has no current cluster (no context selected). */
  noCluster: () => Error;
  /** `applyToHTTPSOptions` failed (e.g. an exec/OIDC credential plugin); `cause` is its error. */
  credentials: (cause: unknown) => Error;
  /**
   * The deadline passed while the credentials were being prepared (an exec credential plugin still
   * running); `message` says so and how long the deadline was.
   */
  credentialsTimeout?: (message: string) => Error;
}

/** The caller's deadline for preparing the connection. */
export interface KubeConnectionDeadline {
  /** Aborted when the deadline passes. */
  signal: AbortSignal;
  /** The deadline's length, in ms (for the message). */
  ms: number;
}

/**
 * The cluster read's errors (snapshot read, watch cache): no context is `cluster-unreachable`,
 * credentials that cannot be prepared `cluster-unauthorized` (the cause goes to the logs), a
 * credential plugin past the deadline `cluster-timeout` (fact `credentialPluginTimeout`).
 */
export const CLUSTER_READ_CONNECTION_ERRORS: KubeConnectionErrors = {
  noCluster: () =>
    new ClusterReadError('cluster-unreachable', 'the kubeconfig has no current cluster (select a context)'),
  credentials: (err) =>
    new ClusterReadError(
      'cluster-unauthorized',
      'could not prepare credentials from the kubeconfig (see logs)',
      err,
    ),
  credentialsTimeout: (message) =>
    new ClusterReadError('cluster-timeout', message, undefined, { credentialPluginTimeout: true }),
};

/** A prepared connection to one cluster. */
export interface KubeConnection {
  /** The cluster's `server` URL. */
  base: URL;
  isHttps: boolean;
  /** Path prefix of the server URL without a trailing slash ('' for most clusters). */
  basePath: string;
  /** `node:https` or `node:http`, after the server URL. */
  transport: typeof https | typeof http;
  /** Auth headers from the KubeConfig (bearer token, basic auth, …), as strings (a list: one header line per value). */
  headers: Record<string, string | string[]>;
  /** Our keep-alive agent, or client-node's proxy agent when the cluster has a `proxyUrl`. */
  agent: https.RequestOptions['agent'];
  /**
   * Host, port and path of a request (the `http.request` options without method and headers).
   * @param path - API path with query, e.g. `/api/v1/nodes`
   */
  target(path: string): { protocol: string; hostname: string; port: string | number; path: string };
  /** Destroy our keep-alive agent's sockets (not a proxy agent's). */
  close(): void;
}

/**
 * Prepare the connection to the current cluster of a KubeConfig.
 *
 * A plain-http cluster (e.g. `kubectl proxy`, the simulator) gets `skipTLSVerify` on a copy of the
 * KubeConfig: client-node refuses plain-http clusters otherwise, and TLS verification means
 * nothing there. Our own keep-alive agent is used unless a proxy agent is needed (client-node's
 * agents do not keep alive).
 *
 * @param kc - the KubeConfig (client-node's, or a StaticKubeconfig), context selected
 * @param maxSockets - sockets of the keep-alive agent
 * @param errors - the caller's errors for the failures
 * @param deadline - when given, credential preparation (an exec plugin can run for ever) is raced
 *   against it: the wait ends when `deadline.signal` aborts (the plugin process is left to finish)
 * @returns the connection
 * @throws the error of `errors.noCluster` when the KubeConfig has no current cluster, of
 *   `errors.credentials` when its credentials cannot be prepared, of `errors.credentialsTimeout`
 *   (else `errors.credentials`) when the deadline passes first
 */
export async function kubeConnection(
  kc: KubeAccess,
  maxSockets: number,
  errors: KubeConnectionErrors,
  deadline?: KubeConnectionDeadline,
): Promise<KubeConnection> {
  const cluster = kc.getCurrentCluster();
  if (cluster === null) throw errors.noCluster();
  const base = new URL(cluster.server);
  const isHttps = base.protocol === 'https:';
  const opts: https.RequestOptions = {};
  let configKc = kc;
  // A StaticKubeconfig applies credentials to a plain-http cluster as they are.
  if (!isHttps && !cluster.skipTLSVerify && !(kc instanceof StaticKubeconfig)) {
    const full = kc as KubeConfig;
    const { KubeConfig: KC } = await import('@kubernetes/client-node');
    const copy = new KC();
    configKc = copy;
    copy.loadFromOptions({
      clusters: full.getClusters().map((c) => (c.name === cluster.name ? { ...c, skipTLSVerify: true } : c)),
      users: full.getUsers(),
      contexts: full.getContexts(),
      currentContext: full.getCurrentContext(),
    });
  }
  try {
    await (deadline
      ? raceDeadline(configKc.applyToHTTPSOptions(opts), deadline, errors)
      : configKc.applyToHTTPSOptions(opts));
  } catch (err) {
    if (err instanceof CredentialsTimeout) throw err.error;
    throw errors.credentials(err);
  }
  // kubectl's impersonation (client-node sends only `as`, and as Latin-1): over client-node's.
  opts.headers = { ...opts.headers, ...impersonationHeaders(kc.getCurrentUser()) };
  const agent = cluster.proxyUrl
    ? opts.agent
    : isHttps
      ? new https.Agent({
          keepAlive: true,
          maxSockets,
          ca: opts.ca,
          cert: opts.cert,
          key: opts.key,
          servername: opts.servername,
          ...(opts.rejectUnauthorized !== undefined ? { rejectUnauthorized: opts.rejectUnauthorized } : {}),
        })
      : new http.Agent({ keepAlive: true, maxSockets });
  const headers: Record<string, string | string[]> = {};
  for (const [k, v] of Object.entries(opts.headers ?? {})) {
    if (typeof v === 'string') headers[k] = v;
    else if (typeof v === 'number') headers[k] = String(v);
    // One header line per value: the API server reads each Impersonate-Group line as one group.
    else if (Array.isArray(v)) headers[k] = v.map(String);
  }
  if (opts.auth) headers.Authorization = `Basic ${Buffer.from(opts.auth).toString('base64')}`;
  // The credentials as sent (exec plugins, token files and OIDC give them only now): masked by value
  // in the logs from now on, should an error body echo them.
  registerSecretValues([
    ...Object.entries(headers)
      .filter(([k]) => k.toLowerCase() === 'authorization')
      .map(([, v]) => String(v).replace(/^(Bearer|Basic)\s+/i, '')),
    ...(opts.auth ? [opts.auth, opts.auth.slice(opts.auth.indexOf(':') + 1)] : []),
    ...[opts.key]
      .flat()
      .map((k) => (typeof k === 'string' ? k : Buffer.isBuffer(k) ? k.toString('utf8') : undefined)),
  ]);
  const basePath = base.pathname.replace(/\/$/, '');
  return {
    base,
    isHttps,
    basePath,
    transport: isHttps ? https : http,
    headers,
    agent,
    target: (path) => ({
      protocol: base.protocol,
      hostname: base.hostname.replace(/^\[|\]$/g, ''),
      port: base.port || (isHttps ? 443 : 80),
      path: basePath + path,
    }),
    close() {
      if (agent && agent !== opts.agent) (agent as http.Agent).destroy();
    },
  };
}

/** Carries the caller's timeout error through the `catch` of {@link kubeConnection}. */
class CredentialsTimeout extends Error {
  constructor(readonly error: Error) {
    super(error.message);
  }
}

/** `work`, or a {@link CredentialsTimeout} when the deadline aborts first. */
function raceDeadline(
  work: Promise<void>,
  deadline: KubeConnectionDeadline,
  errors: KubeConnectionErrors,
): Promise<void> {
  const timeout = (): CredentialsTimeout => {
    const message = `the kubeconfig's credential plugin did not finish within ${Math.round(deadline.ms / 100) / 10} s`;
    return new CredentialsTimeout(
      errors.credentialsTimeout?.(message) ?? errors.credentials(new Error(message)),
    );
  };
  if (deadline.signal.aborted) return Promise.reject(timeout());
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(timeout());
    deadline.signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => deadline.signal.removeEventListener('abort', onAbort));
  });
}
