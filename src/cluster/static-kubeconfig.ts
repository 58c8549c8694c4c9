/**
 * A kubeconfig context read without @kubernetes/client-node, for a live `ask` (issue 32 item 3):
 * client-node's KubeConfig cannot be imported without its whole generated API (~830 modules,
 * ~0.45 s of CPU and ~70 MB of RSS per process), while one question only needs the server URL and
 * static credentials. The file is parsed by the client's own entry parsers (config_types.js, which
 * loads nothing else of it) and static credentials (a token or token file, a client certificate
 * and key, basic auth, the CA, `insecure-skip-tls-verify`, `tls-server-name`, `as`) are applied as
 * client-node applies them (`KubeConfig.applyToHTTPSOptions`); anything else (an exec credential
 * plugin, an auth-provider, a proxy, several KUBECONFIG files, no file at all: in-cluster) is left
 * to client-node's KubeConfig by {@link kubeAccessForContext}. Both paths read each file with
 * {@link parseKubeconfigFile} and the selected user with {@link prepareSelectedUser}, so both follow
 * kubectl where client-node does not (relative paths, token files, impersonation); kubeConnection
 * (./kube-connection.ts) sends {@link impersonationHeaders}.
 * @see https://kubernetes.io/docs/concepts/configuration/organize-cluster-access-kubeconfig/
 */
import { closeSync, constants, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { dirname, isAbsolute, join, sep } from 'node:path';
import type https from 'node:https';
import type { Cluster, Context, KubeConfig, User } from '@kubernetes/client-node';
// The client's kubeconfig entry parsers: one module that imports nothing else of the client (no
// `exports` map; version pinned ~1.4), as src/config/kube-context-names.ts uses them.
import { newClusters, newContexts, newUsers } from '@kubernetes/client-node/dist/config_types.js';
// js-yaml, as client-node parses kubeconfigs: the same reading of the file, and a quarter of the
// `yaml` package's load cost (one module against ~70: ~10 ms of CPU against ~40).
import { load } from 'js-yaml';
import { defaultKubeconfigFiles, type KubeconfigLookup } from './kubeconfig-files.js';
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

/** One kubeconfig file's entries, through client-node's own entry parsers. */
export interface KubeconfigEntries {
  clusters: Cluster[];
  users: User[];
  contexts: Context[];
  /** The file's `current-context`, if it names one. */
  currentContext: string | undefined;
}

/** What kubectl reads of a user that client-node's `User` lacks (set by {@link parseKubeconfigFile}). */
interface UserExtras {
  /** The `token-file`, absolute; read for the selected user only ({@link prepareSelectedUser}). */
  tokenFile?: string;
  /** The impersonation headers, values as UTF-8 bytes ({@link impersonationHeaders}). */
  impersonation: Record<string, string | string[]>;
  /** Why kubectl would refuse the user's impersonation fields, reported when it is selected. */
  problem?: string;
}
const userExtras = new WeakMap<User, UserExtras>();

/** The largest token file read, in bytes (1 MiB); kubectl has no bound, a token is a few KiB. */
export const MAX_TOKEN_FILE_BYTES = 1024 * 1024;

/** Characters Node refuses in a header value (`ERR_INVALID_CHAR`): controls but tab, and DEL. */
// eslint-disable-next-line no-control-regex -- the control characters are what is refused
const INVALID_HEADER_VALUE = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * Read one kubeconfig file as kubectl does (client-go tools/clientcmd/loader.go), through
 * client-node's entry parsers (`newClusters`, `newUsers`, `newContexts`):
 * - relative `certificate-authority`, `client-certificate`, `client-key`, `token-file` and an exec
 *   `command` with a path separator are taken from the file's folder (loader.go `ResolveLocalPaths`,
 *   `GetAuthInfoFileReferences`), not from the working folder;
 * - no `token-file` is read here: only the selected user's, by {@link prepareSelectedUser}
 *   (client-node reads every user's at load; an unused user's FIFO hung it);
 * - `as`, `as-uid`, `as-groups` and `as-user-extra` become the headers client-go sends
 *   (transport/round_trippers.go), kept for {@link impersonationHeaders}.
 * @param path - the kubeconfig file
 * @returns its entries
 * @throws ConfigError when a cluster, user or context name is given twice (client-go
 *   tools/clientcmd/api/v1/conversion.go refuses "duplicate name"; client-node takes the first)
 * @throws the `readFileSync` or js-yaml error when the file cannot be read or parsed, the parsers'
 *   errors for an entry without a name
 */
export function parseKubeconfigFile(path: string): KubeconfigEntries {
  const doc = (load(readFileSync(path, 'utf8')) ?? {}) as Record<string, unknown>;
  type Entry = Record<string, unknown> | null | undefined;
  const list = (key: string): Entry[] => (Array.isArray(doc[key]) ? (doc[key] as Entry[]) : []);
  for (const key of ['clusters', 'users', 'contexts']) {
    const seen = new Set<unknown>();
    for (const e of list(key)) {
      if (seen.has(e?.name))
        throw new ConfigError(
          '',
          `kubeconfig file ${path}: two ${key} are named ${JSON.stringify(String(e?.name))} (kubectl refuses a duplicate name)`,
        );
      seen.add(e?.name);
    }
  }
  const root = dirname(path);
  const absolute = (o: Entry, key: string): void => {
    const f = o?.[key];
    if (o && typeof f === 'string' && f !== '' && !isAbsolute(f)) o[key] = join(root, f);
  };
  for (const c of list('clusters')) absolute(c?.cluster as Entry, 'certificate-authority');
  const raw = new Map<unknown, Record<string, unknown>>();
  for (const u of list('users')) {
    const user = u?.user as Entry;
    if (!user || typeof user !== 'object') continue;
    for (const key of ['client-certificate', 'client-key', 'token-file']) absolute(user, key);
    const exec = user.exec as Entry;
    if (typeof exec?.command === 'string' && exec.command.includes(sep)) absolute(exec, 'command');
    raw.set(u?.name, { ...user });
    delete user['token-file'];
  }
  const users = newUsers(doc.users);
  for (const user of users) {
    const r = raw.get(user.name) ?? {};
    const tokenFile = r['token-file'];
    userExtras.set(user, {
      ...(typeof tokenFile === 'string' && tokenFile !== '' ? { tokenFile } : {}),
      ...impersonation(r, user.name),
    });
  }
  return {
    clusters: newClusters(doc.clusters),
    users,
    contexts: newContexts(doc.contexts),
    currentContext: typeof doc['current-context'] === 'string' ? doc['current-context'] : undefined,
  };
}

/**
 * client-go's `headerKeyEscape` (transport/round_trippers.go): every byte of the UTF-8 key that is
 * not an RFC 7230 token character, and `%`, as `%XX`.
 */
function headerKeyEscape(key: string): string {
  return [...Buffer.from(key, 'utf8')]
    .map((b) => {
      const c = String.fromCharCode(b);
      return /^[A-Za-z0-9!#$&'*+\-.^_`|~]$/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`;
    })
    .join('');
}

/**
 * A user's impersonation headers as client-go sends them (transport/round_trippers.go:
 * `Impersonate-User`, `Impersonate-Uid`, `Impersonate-Group` once per group,
 * `Impersonate-Extra-<escaped key>` once per value), each value as its UTF-8 bytes (Node writes a
 * header string as Latin-1, one byte per character), or why kubectl would refuse them.
 */
function impersonation(user: Record<string, unknown>, name: string): Omit<UserExtras, 'tokenFile'> {
  const bad = (problem: string): Omit<UserExtras, 'tokenFile'> => ({
    impersonation: {},
    problem: `user ${JSON.stringify(name)}: ${problem}`,
  });
  const strings = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === 'string');
  const { as, 'as-uid': uid, 'as-groups': groups, 'as-user-extra': extra } = user;
  if (as != null && typeof as !== 'string') return bad('"as" must be a string');
  if (uid != null && typeof uid !== 'string') return bad('"as-uid" must be a string');
  if (groups != null && !strings(groups)) return bad('"as-groups" must be a list of strings');
  if (
    extra != null &&
    (typeof extra !== 'object' || Array.isArray(extra) || !Object.values(extra).every(strings))
  )
    return bad('"as-user-extra" must map each key to a list of strings');
  const headers: Record<string, string | string[]> = {};
  if (given(as)) headers['Impersonate-User'] = as;
  if (given(uid)) headers['Impersonate-Uid'] = uid;
  if (groups?.length) headers['Impersonate-Group'] = groups;
  for (const [key, values] of Object.entries((extra ?? {}) as Record<string, string[]>))
    if (values.length > 0) headers[`Impersonate-Extra-${headerKeyEscape(key)}`] = values;
  // client-go tools/clientcmd/validation.go validateAuthInfo.
  if (!given(as) && Object.keys(headers).length > 0)
    return bad(`requesting uid, groups or user-extra for ${name} without impersonating a user`);
  for (const [field, v] of Object.entries(headers)) {
    if ([v].flat().some((x) => INVALID_HEADER_VALUE.test(x)))
      return bad(`invalid header field value for ${field} (a control character such as CR or LF)`);
    headers[field] = Array.isArray(v)
      ? v.map((x) => Buffer.from(x, 'utf8').toString('latin1'))
      : Buffer.from(v, 'utf8').toString('latin1');
  }
  return { impersonation: headers };
}

/**
 * The impersonation headers of a user read by {@link parseKubeconfigFile}, to set after
 * client-node's `applyToHTTPSOptions` (which sends only `as`, as a Latin-1 string).
 * @param user - the selected user, or null
 * @returns the headers, empty for a user read otherwise (in-cluster) or without impersonation
 */
export function impersonationHeaders(user: User | null): Record<string, string | string[]> {
  return (user && userExtras.get(user)?.impersonation) ?? {};
}

/**
 * Complete the selected user as kubectl does, once its context is chosen: refuse impersonation
 * fields kubectl refuses, and read its `token-file` (client-go transport/token_source.go
 * `fileTokenSource`: the content with spaces trimmed) when it has no `token`.
 * @param user - the selected user (from {@link parseKubeconfigFile}; others are left as they are)
 * @param where - the kubeconfig or setting, for error messages
 * @throws ConfigError for malformed or incomplete impersonation fields, a token file that cannot be
 *   read, is not a regular file (a FIFO, /dev/zero) or is over {@link MAX_TOKEN_FILE_BYTES}
 */
export function prepareSelectedUser(user: User | null, where: string): void {
  const extras = user && userExtras.get(user);
  if (!user || !extras) return;
  if (extras.problem) throw new ConfigError('', `${where}: ${extras.problem}`);
  if (given(user.token) || extras.tokenFile === undefined) return;
  const file = extras.tokenFile;
  const refuse = (why: string): ConfigError => new ConfigError('', `${where}: token-file ${file} ${why}`);
  let fd: number;
  try {
    // Non-blocking: opening a FIFO with no writer must not hang (it is then refused).
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (err) {
    throw refuse(`cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    if (!fstatSync(fd).isFile()) throw refuse('is not a regular file');
    const buf = Buffer.alloc(MAX_TOKEN_FILE_BYTES + 1);
    let n = 0;
    for (let r = 1; r > 0 && n < buf.length; n += r) r = readSync(fd, buf, n, buf.length - n, null);
    if (n > MAX_TOKEN_FILE_BYTES) throw refuse(`is larger than ${MAX_TOKEN_FILE_BYTES} bytes`);
    const token = buf.subarray(0, n).toString('utf8').trim();
    if (INVALID_HEADER_VALUE.test(token))
      throw refuse('holds a control character (invalid header field value)');
    (user as { token?: string }).token = token;
  } finally {
    closeSync(fd);
  }
}

/** One kubeconfig context with static credentials, applied as client-node applies them. */
export class StaticKubeconfig implements KubeAccess {
  private constructor(
    private readonly context: string,
    private readonly cluster: Cluster,
    private readonly user: User,
  ) {}

  /**
   * Read one context of one kubeconfig file, when it can be served without client-node.
   * The file is read by {@link parseKubeconfigFile} (relative paths from the file's folder) and
   * the context's user by {@link prepareSelectedUser}, as on client-node's path.
   * @param path - the kubeconfig file
   * @param context - the context, or null/undefined/'' for the file's current context
   * @returns the context, or null when client-node must read it (and report what is wrong): the
   *   file cannot be read or parsed, the context or its cluster or user is not there, or they use
   *   an exec plugin, an auth-provider or a proxy-url
   * @throws ConfigError as {@link parseKubeconfigFile} and {@link prepareSelectedUser} do
   */
  static read(path: string, context: string | null | undefined): StaticKubeconfig | null {
    let entries: KubeconfigEntries;
    try {
      entries = parseKubeconfigFile(path);
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      return null;
    }
    const name = context || entries.currentContext;
    const ctx = entries.contexts.find((c) => c.name === name);
    const cluster = entries.clusters.find((c) => c.name === ctx?.cluster);
    const user = entries.users.find((u) => u.name === ctx?.user);
    if (!name || !cluster || !user || cluster.proxyUrl || user.exec || user.authProvider) return null;
    prepareSelectedUser(user, `kubeconfig file ${path}`);
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
    if (user.token) headers.Authorization = `Bearer ${user.token}`;
    opts.headers = { ...(opts.headers as Record<string, string | string[]> | undefined), ...headers };
    if (user.username) opts.auth = `${user.username}:${user.password ?? ''}`;
    await Promise.resolve();
  }
}

/**
 * The one kubeconfig file kubectl would read, when it is one file: `KUBECONFIG` naming a single
 * file, else (`KUBECONFIG` unset) `$HOME/.kube/config` when it exists ({@link defaultKubeconfigFiles}).
 * Undefined for a `KUBECONFIG` list (merged by `kubeConfigForContext`) and for no file at all (in-cluster).
 * @param system - `KUBECONFIG` and `HOME` as the settings read them (src/config/settings.ts `Settings`)
 * @returns the file, or undefined for the default lookup
 */
export function singleKubeconfigFile(system: KubeconfigLookup): string | undefined {
  const files = defaultKubeconfigFiles(system);
  return files.length === 1 ? files[0] : undefined;
}

/**
 * A kubeconfig context for a cluster read. A file with static credentials for the context is read
 * by {@link StaticKubeconfig} (client-node is not loaded); everything else, and no file (client-node's
 * default lookup), by client-node's KubeConfig (`kubeConfigForContext`), with its errors.
 * @param path - kubeconfig file, or undefined for the default lookup
 * @param context - context name, or null/undefined for the current context
 * @param system - `KUBECONFIG` and `HOME` as the settings read them, for the default lookup
 * @param settingPath - the setting that named the context, for error messages
 * @returns the context
 * @throws ConfigError as `kubeConfigForContext` (./kube-config-for-context.ts) does
 */
export async function kubeAccessForContext(
  path: string | undefined,
  context: string | null | undefined,
  system: KubeconfigLookup,
  settingPath = '',
): Promise<KubeAccess> {
  const light = path !== undefined && existsSync(path) ? StaticKubeconfig.read(path, context) : null;
  if (light) return light;
  const { kubeConfigForContext } = await import('./kube-config-for-context.js');
  return kubeConfigForContext(path, context, system, settingPath);
}
