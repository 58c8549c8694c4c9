/**
 * A kubeconfig context read without @kubernetes/client-node, for a live `ask` (issue 32 item 3):
 * client-node's KubeConfig cannot be imported without its whole generated API (~830 modules,
 * ~0.45 s of CPU and ~70 MB of RSS per process), while one question only needs the server URL and
 * static credentials. The file is parsed by the client's own entry parsers (config_types.js, which
 * loads nothing else of it) and static credentials (a token or token file, a client certificate
 * and key, basic auth, the CA, `insecure-skip-tls-verify`, `tls-server-name`, `as`) are applied as
 * client-node applies them (`KubeConfig.applyToHTTPSOptions`); anything else (an exec credential
 * plugin, an auth-provider, a proxy, several KUBECONFIG files, no file at all: in-cluster) is left
 * to client-node's KubeConfig by {@link kubeAccessForContext}.
 * @see https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/
 */
import { existsSync, readFileSync } from 'node:fs';
import { delimiter, dirname, isAbsolute, join } from 'node:path';
import type https from 'node:https';
import type { Cluster, KubeConfig, User } from '@kubernetes/client-node';
// The client's kubeconfig entry parsers: one module that imports nothing else of the client (no
// `exports` map; version pinned ~1.4), as src/config/kube-context-names.ts uses them.
import { newClusters, newContexts, newUsers } from '@kubernetes/client-node/dist/config_types.js';
// js-yaml, as client-node parses kubeconfigs: the same reading of the file, and a quarter of the
// `yaml` package's load cost (one module against ~70: ~10 ms of CPU against ~40).
import { load } from 'js-yaml';
import { ConfigError } from '../errors.js';
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

/**
 * Whether a kubeconfig value is set: client-node leaves a key that is absent, `null` (`user:` with
 * no body, `certificate-authority: null`) or empty unset, and uses the `-data` twin instead.
 */
const given = (v: string | null | undefined): v is string => typeof v === 'string' && v !== '';

/** One kubeconfig context with static credentials, applied as client-node applies them. */
export class StaticKubeconfig implements KubeAccess {
  private constructor(
    private readonly context: string,
    private readonly cluster: Cluster,
    private readonly user: User,
    /** The `as-groups`, `as-uid` and `as-user-extra` headers (client-node reads only `as`). */
    private readonly impersonation: Record<string, string | string[]>,
  ) {}

  /**
   * Read one context of one kubeconfig file, when it can be served without client-node.
   * Relative certificate paths are taken from the file's folder, as client-node and kubectl do.
   * @param path - the kubeconfig file
   * @param context - the context, or null/undefined/'' for the file's current context
   * @returns the context, or null when client-node must read it (and report what is wrong): the
   *   file cannot be read or parsed, the context or its cluster or user is not there, or they use
   *   an exec plugin, an auth-provider or a proxy-url
   * @throws ConfigError when kubectl would refuse the file or read it otherwise than client-node: a
   *   cluster, user or context name given twice (client-go tools/clientcmd/api/v1/conversion.go
   *   refuses "duplicate name"; client-node takes the first), or `as-groups`, `as-uid` or
   *   `as-user-extra` on a user that client-node must read (it would drop them silently)
   */
  static read(path: string, context: string | null | undefined): StaticKubeconfig | null {
    let cluster: Cluster | undefined;
    let user: User | undefined;
    let name: string | undefined;
    let doc: Record<string, unknown>;
    try {
      doc = (load(readFileSync(path, 'utf8')) ?? {}) as Record<string, unknown>;
    } catch {
      return null;
    }
    for (const list of ['clusters', 'users', 'contexts'] as const) {
      const names = Array.isArray(doc[list]) ? (doc[list] as { name?: unknown }[]).map((e) => e?.name) : [];
      if (new Set(names).size < names.length)
        throw new ConfigError(
          '',
          `kubeconfig file ${path}: two ${list} have the same name (kubectl refuses it)`,
        );
    }
    // As client-go (tools/clientcmd/loader.go GetAuthInfoFileReferences): a token-file relative to
    // the kubeconfig's folder, before client-node's parser reads it (it would take the working folder).
    const root = dirname(path);
    for (const u of Array.isArray(doc.users) ? (doc.users as { user?: Record<string, unknown> }[]) : []) {
      const f = u?.user?.['token-file'];
      if (typeof f === 'string' && given(f) && !isAbsolute(f) && u.user) u.user['token-file'] = join(root, f);
    }
    let raw: Record<string, unknown> | undefined;
    try {
      // As KubeConfig.loadFromFile: the file through the client's own entry parsers (newClusters,
      // newUsers, newContexts: same fields, same validation; a token-file is read here as there).
      name = context || (typeof doc['current-context'] === 'string' ? doc['current-context'] : undefined);
      const ctx = newContexts(doc.contexts).find((c) => c.name === name);
      cluster = newClusters(doc.clusters).find((c) => c.name === ctx?.cluster);
      user = newUsers(doc.users).find((u) => u.name === ctx?.user);
      raw = (doc.users as { name?: unknown; user?: Record<string, unknown> }[]).find(
        (u) => u.name === ctx?.user,
      )?.user;
    } catch {
      return null;
    }
    const impersonation = impersonationHeaders(raw ?? {});
    if (name === undefined || !cluster || !user || cluster.proxyUrl || user.exec || user.authProvider) {
      if (Object.keys(impersonation).length > 0)
        throw new ConfigError(
          '',
          `kubeconfig file ${path}: as-groups, as-uid and as-user-extra are not supported with an exec plugin, an auth-provider or a proxy-url`,
        );
      return null;
    }
    // As KubeConfig.makePathsAbsolute: certificate files relative to the kubeconfig's folder.
    const absolute = <T extends string | null | undefined>(f: T): T | string =>
      given(f) && !isAbsolute(f) ? join(root, f) : f;
    cluster.caFile = absolute(cluster.caFile);
    user.certFile = absolute(user.certFile);
    user.keyFile = absolute(user.keyFile);
    registerKubeconfigSecrets([user]);
    return new StaticKubeconfig(name, cluster, user, impersonation);
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
      given(f) ? readFileSync(f) : given(data) ? Buffer.from(data, 'base64') : undefined;
    if (cluster.skipTLSVerify) opts.rejectUnauthorized = false;
    if (cluster.tlsServerName) opts.servername = cluster.tlsServerName;
    const ca = pem(cluster.caFile, cluster.caData);
    if (ca) opts.ca = ca;
    const cert = pem(user.certFile, user.certData);
    if (cert) opts.cert = cert;
    const key = pem(user.keyFile, user.keyData);
    if (key) opts.key = key;
    const headers: Record<string, string | string[]> = {};
    if (user.impersonateUser) headers['Impersonate-User'] = user.impersonateUser;
    Object.assign(headers, this.impersonation);
    if (user.token) headers.Authorization = `Bearer ${user.token}`;
    opts.headers = { ...(opts.headers as Record<string, string | string[]> | undefined), ...headers };
    if (user.username) opts.auth = `${user.username}:${user.password ?? ''}`;
    await Promise.resolve();
  }
}

/**
 * The impersonation headers kubectl sends for a kubeconfig user's `as-groups`, `as-uid` and
 * `as-user-extra` (client-go transport/round_trippers.go: `Impersonate-Group` once per group,
 * `Impersonate-Uid`, `Impersonate-Extra-<key>` with the key percent-encoded). `as` is client-node's.
 * @param user - the user entry as the file gives it
 * @returns the headers, empty when there are none
 */
function impersonationHeaders(user: Record<string, unknown>): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const strings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => given(x)) : []);
  const groups = strings(user['as-groups']);
  if (groups.length > 0) out['Impersonate-Group'] = groups;
  if (given(user['as-uid'] as string | undefined)) out['Impersonate-Uid'] = user['as-uid'] as string;
  const extra = user['as-user-extra'];
  if (typeof extra === 'object' && extra !== null)
    for (const [key, values] of Object.entries(extra)) {
      const v = strings(values);
      if (v.length > 0) out[`Impersonate-Extra-${encodeURIComponent(key)}`] = v;
    }
  return out;
}

/**
 * The one kubeconfig file kubectl would read, when it is one file: `KUBECONFIG` naming a single
 * file, else (`KUBECONFIG` unset) `$HOME/.kube/config` when it exists. Undefined for a
 * `KUBECONFIG` list (merged: client-node's `loadFromDefault`) and for no file at all (in-cluster).
 * @param system - `KUBECONFIG` and `HOME` as the settings read them (src/config/settings.ts `Settings`)
 * @returns the file, or undefined for client-node's default lookup
 */
export function singleKubeconfigFile(system: { kubeconfig?: string; home?: string }): string | undefined {
  if (system.kubeconfig !== undefined)
    return system.kubeconfig.includes(delimiter) ? undefined : system.kubeconfig;
  const home =
    system.home !== undefined && system.home !== '' ? join(system.home, '.kube', 'config') : undefined;
  return home !== undefined && existsSync(home) ? home : undefined;
}

/**
 * A kubeconfig context for a cluster read. A file with static credentials for the context is read
 * by {@link StaticKubeconfig} (client-node is not loaded); everything else, and no file (client-node's
 * default lookup), by client-node's KubeConfig (`kubeConfigForContext`), with its errors.
 * @param path - kubeconfig file, or undefined for client-node's default lookup
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
  const light = path !== undefined && existsSync(path) ? StaticKubeconfig.read(path, context) : null;
  if (light) return light;
  const { kubeConfigForContext } = await import('./kube-config-for-context.js');
  return kubeConfigForContext(path, context, settingPath);
}
