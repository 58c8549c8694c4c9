/**
 * A kubeconfig context read without @kubernetes/client-node, for a live `ask` (issue 32 item 3):
 * client-node's KubeConfig cannot be imported without its whole generated API (~830 modules,
 * ~0.45 s of CPU and ~70 MB of RSS per process), while one question only needs the server URL and
 * static credentials. Only what kubectl reads from the file itself is handled here (a token, a
 * client certificate and key, basic auth, the CA, `insecure-skip-tls-verify`, `tls-server-name`,
 * `as`), the same way client-node applies them (`KubeConfig.applyToHTTPSOptions`): anything else (an
 * exec credential plugin, an auth-provider, a token file, a proxy, several KUBECONFIG files, no file
 * at all: in-cluster) is left to client-node by {@link kubeAccessForContext}.
 * @see https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import type https from 'node:https';
import type { Cluster, KubeConfig, User } from '@kubernetes/client-node';
// js-yaml, as client-node parses kubeconfigs: the same reading of the file, and a quarter of the
// `yaml` package's load cost (one module against ~70: ~10 ms of CPU against ~40).
import { load } from 'js-yaml';
import { registerSecretValues } from '../util/redaction.js';

/**
 * What a cluster read uses of a KubeConfig (src/cluster/kube-connection.ts, read-snapshot.ts, the
 * health report): client-node's KubeConfig, or a {@link StaticKubeconfig}.
 */
export type KubeAccess = Pick<
  KubeConfig,
  'getCurrentCluster' | 'getCurrentUser' | 'getCurrentContext' | 'applyToHTTPSOptions'
>;

/**
 * Register the credentials of users for masking by value in the logs (src/util/redaction.ts):
 * tokens, passwords (and the base64 `user:password` of basic auth), client keys (the
 * `client-key-data` base64 and the PEM it holds). Credentials that plugins or files give only at
 * request time are registered by kubeConnection (./kube-connection.ts).
 * @param users - the kubeconfig's users (client-node's `KubeConfig.getUsers()` shape)
 */
export function registerKubeconfigSecrets(users: readonly User[]): void {
  const values: Array<string | undefined> = [];
  for (const user of users) {
    values.push(user.token, user.password, user.keyData);
    if (user.keyData) values.push(Buffer.from(user.keyData, 'base64').toString('utf8'));
    if (user.username && user.password)
      values.push(Buffer.from(`${user.username}:${user.password}`).toString('base64'));
  }
  registerSecretValues(values);
}

/** The user fields handled here, as the kubeconfig spells them (clientcmd's AuthInfo). */
const USER_FIELDS = new Set([
  'token',
  'client-certificate',
  'client-certificate-data',
  'client-key',
  'client-key-data',
  'username',
  'password',
  'as',
]);
/** The cluster fields handled here (clientcmd's Cluster); `proxy-url` and the rest go to client-node. */
const CLUSTER_FIELDS = new Set([
  'server',
  'certificate-authority',
  'certificate-authority-data',
  'insecure-skip-tls-verify',
  'tls-server-name',
]);

type Entry = { name?: unknown } & Record<string, unknown>;

const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const named = (list: unknown, name: string, field: string): Record<string, unknown> | undefined => {
  const entry = Array.isArray(list)
    ? (list as Entry[]).find((e) => e !== null && typeof e === 'object' && e.name === name)
    : undefined;
  const body = entry?.[field];
  return body !== null && typeof body === 'object' ? (body as Record<string, unknown>) : undefined;
};
const onlyKnown = (body: Record<string, unknown>, known: Set<string>): boolean =>
  Object.entries(body).every(([k, v]) => known.has(k) || v === null || v === undefined || k === 'extensions');

/** One kubeconfig context with static credentials, applied as client-node applies them. */
export class StaticKubeconfig implements KubeAccess {
  private constructor(
    private readonly context: string,
    private readonly cluster: Cluster,
    private readonly user: User,
  ) {}

  /**
   * Read one context of one kubeconfig file, when it can be served without client-node.
   * Relative certificate paths are taken from the file's folder, as client-node and kubectl do.
   * @param path - the kubeconfig file
   * @param context - the context, or null/undefined/'' for the file's current context
   * @returns the context, or null when client-node must read it: the file is missing or not a
   *   kubeconfig, the context or its cluster or user is not there, or they use anything but
   *   static credentials (exec, auth-provider, token-file, proxy-url, …)
   */
  static read(path: string, context: string | null | undefined): StaticKubeconfig | null {
    let doc: Record<string, unknown>;
    try {
      const parsed: unknown = load(readFileSync(path, 'utf8'));
      if (parsed === null || typeof parsed !== 'object') return null;
      doc = parsed as Record<string, unknown>;
    } catch {
      return null;
    }
    const name = context || str(doc['current-context']);
    if (name === undefined) return null;
    const ctx = named(doc.contexts, name, 'context');
    const clusterName = str(ctx?.cluster);
    const userName = str(ctx?.user);
    if (clusterName === undefined || userName === undefined) return null;
    const c = named(doc.clusters, clusterName, 'cluster');
    const u = named(doc.users, userName, 'user');
    const server = str(c?.server);
    if (!c || !u || server === undefined || !onlyKnown(c, CLUSTER_FIELDS) || !onlyKnown(u, USER_FIELDS))
      return null;
    const root = dirname(path);
    const file = (v: unknown): string | undefined => {
      const f = str(v);
      return f === undefined || isAbsolute(f) ? f : join(root, f);
    };
    const cluster: Cluster = {
      name: clusterName,
      server,
      caData: str(c['certificate-authority-data']),
      caFile: file(c['certificate-authority']),
      skipTLSVerify: c['insecure-skip-tls-verify'] === true,
      tlsServerName: str(c['tls-server-name']),
    };
    const user: User = {
      name: userName,
      token: str(u.token),
      certData: str(u['client-certificate-data']),
      certFile: file(u['client-certificate']),
      keyData: str(u['client-key-data']),
      keyFile: file(u['client-key']),
      username: str(u.username),
      password: str(u.password),
      impersonateUser: str(u.as),
    };
    registerKubeconfigSecrets([user]);
    return new StaticKubeconfig(name, cluster, user);
  }

  /** @returns the context's cluster */
  getCurrentCluster(): Cluster {
    return this.cluster;
  }

  /** @returns the context's user */
  getCurrentUser(): User {
    return this.user;
  }

  /** @returns the context's name */
  getCurrentContext(): string {
    return this.context;
  }

  /**
   * Set TLS options and credentials on request options, as client-node's
   * `KubeConfig.applyToHTTPSOptions` does: a file path wins over its `-data` twin, a token is a
   * Bearer `Authorization` header, basic auth is `opts.auth`, `as` is `Impersonate-User`.
   * @param opts - the request options to complete
   * @throws Error when a certificate or key file cannot be read
   */
  async applyToHTTPSOptions(opts: https.RequestOptions): Promise<void> {
    const { cluster, user } = this;
    const pem = (f: string | undefined, data: string | undefined): Buffer | undefined =>
      f !== undefined ? readFileSync(f) : data !== undefined ? Buffer.from(data, 'base64') : undefined;
    if (cluster.skipTLSVerify) opts.rejectUnauthorized = false;
    if (cluster.tlsServerName) opts.servername = cluster.tlsServerName;
    const ca = pem(cluster.caFile, cluster.caData);
    if (ca) opts.ca = ca;
    const cert = pem(user.certFile, user.certData);
    if (cert) opts.cert = cert;
    const key = pem(user.keyFile, user.keyData);
    if (key) opts.key = key;
    const headers: Record<string, string> = {};
    if (user.impersonateUser) headers['Impersonate-User'] = user.impersonateUser;
    if (user.token) headers.Authorization = `Bearer ${user.token}`;
    opts.headers = { ...(opts.headers as Record<string, string> | undefined), ...headers };
    if (user.username) opts.auth = `${user.username}:${user.password}`;
    await Promise.resolve();
  }
}

/**
 * A kubeconfig context for a cluster read, as kubectl finds it: `path`, else `KUBECONFIG`, else
 * `~/.kube/config`. A single file with static credentials is read by {@link StaticKubeconfig}
 * (client-node is not loaded); everything else by client-node (`kubeConfigForContext`), with its
 * errors.
 * @param path - kubeconfig file, or undefined for the default search
 * @param context - context name, or null/undefined for the current context
 * @param settingPath - the setting that named the context, for error messages
 * @returns the context
 * @throws ConfigError as `kubeConfigForContext` (./kube-config-for-context.ts) does
 */
export async function kubeAccessForContext(
  path: string | undefined,
  context: string | null | undefined,
  settingPath = '',
): Promise<KubeAccess> {
  const env = process.env.KUBECONFIG;
  const file =
    path ??
    (env !== undefined && env !== ''
      ? env.includes(delimiter)
        ? undefined
        : env
      : join(homedir(), '.kube', 'config'));
  const light = file !== undefined && existsSync(file) ? StaticKubeconfig.read(file, context) : null;
  if (light) return light;
  const { kubeConfigForContext } = await import('./kube-config-for-context.js');
  return kubeConfigForContext(path, context, settingPath);
}
