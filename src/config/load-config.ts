/**
 * Load, validate and complete the configuration, once, at start-up.
 *
 * Order: file (or the built-in default) → schema → cross-field rules → environment overrides →
 * `defaultCluster` → files named by the config exist. The first problem stops loading with a
 * {@link ConfigError} whose `path` is the setting to fix.
 */
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import type { Locale } from '../commands/types.js';
import { isValidClusterName } from '../commands/names.js';
import { ConfigError } from '../errors.js';
import { findPackageRoot } from './package-files.js';
import {
  DEFAULT_DEADLINE_MS,
  DEFAULT_ETCD_TIMEOUT_MS,
  MAX_REQUEST_TIMEOUT_MS,
  type BotConfig,
  type ClusterConfig,
  type EtcdProbeConfig,
  type LogLevel,
} from './bot-config.js';
import type { ConfigFile } from './config-file-schema.js';
import { yamlLib } from '../util/lazy-yaml.js';
import { yamlAliasProblem } from '../util/yaml-alias-bound.js';
import { registerSecretValues, urlPasswords } from '../util/redaction.js';
import { resolveRedisTarget, type RedisTarget } from './redis-settings.js';
import { CONFIG_ENV, jobTimeoutMsOf, loadSettings, type Env, type Settings } from './settings.js';

/** The variables that override the file, named where they are read (./settings.ts). */
export { CONFIG_ENV } from './settings.js';

/** Snapshot the built-in configuration serves as cluster `demo`, relative to the package root. */
export const BUILT_IN_SNAPSHOT = 'examples/ha-3cp.json';

/** Name of the only cluster of the built-in configuration. */
export const BUILT_IN_CLUSTER = 'demo';

/**
 * The built-in configuration document, already in its validated form: it needs no schema check,
 * so a command run without a config file loads no schema library. A test checks that
 * the schema accepts it unchanged.
 * @returns a new copy of the document
 */
export function builtInConfigFile(): ConfigFile {
  return {
    clusters: { [BUILT_IN_CLUSTER]: { snapshot: BUILT_IN_SNAPSHOT } },
    defaultCluster: BUILT_IN_CLUSTER,
  };
}

/** Value of {@link BotConfig.source} for the built-in configuration. */
export const BUILT_IN_SOURCE = 'built-in';

/** Options of {@link loadConfig}. */
export interface LoadConfigOptions {
  /** Config file; relative to `cwd`. Wins over `K8S_HA_BOT_CONFIG`. Absent → env, else built-in. */
  path?: string;
  /** The process's settings ({@link loadSettings}): the environment overrides, HOME. @defaultValue loaded from `env` */
  settings?: Settings;
  /** Environment the settings are loaded from when `settings` is absent (tests). @defaultValue {} (nothing set) */
  env?: Env;
  /** Directory a relative `path` is resolved against. @defaultValue process.cwd() */
  cwd?: string;
  /** Package root the built-in snapshot is resolved against. @defaultValue this package's root */
  packageRoot?: string;
}

/** `~/x` → `$HOME/x`; then resolved against `base`. */
function resolvePath(p: string, base: string, home: string | undefined, settingPath: string): string {
  if (p === '~' || p.startsWith('~/')) {
    if (home === undefined)
      throw new ConfigError(settingPath, `starts with ~ but HOME is not set; write an absolute path`);
    return join(home, p.slice(1));
  }
  return isAbsolute(p) ? p : resolve(base, p);
}

/**
 * Parse a YAML settings document (the configuration, the maintenance policy): duplicate keys are
 * errors, aliases may not expand it past a small multiple of its size (`yamlAliasProblem`: no
 * "billion laughs").
 * @param text - the YAML text
 * @param file - its name, for messages
 * @returns the data; null or undefined for an empty document (each caller decides what that means)
 * @throws ConfigError naming `file:line:column` on a syntax error, or the file when its aliases
 *   expand too much
 */
export function parseYamlSettings(text: string, file: string): unknown {
  const { LineCounter, parseDocument } = yamlLib();
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const first = doc.errors[0];
  if (first !== undefined) {
    const { line, col } = lineCounter.linePos(first.pos[0]);
    const reason = first.message.split('\n')[0] ?? first.code;
    throw new ConfigError('', `${file}:${line}:${col}: YAML syntax error: ${reason}`);
  }
  const aliases = yamlAliasProblem([doc], text);
  if (aliases !== null) throw new ConfigError('', `${file}: ${aliases}`);
  return doc.toJS({ maxAliasCount: -1 }) as unknown;
}

/** Parse the configuration file; an empty one is an error. */
function parseYaml(text: string, file: string): unknown {
  const data = parseYamlSettings(text, file);
  if (data === null || data === undefined) {
    throw new ConfigError(
      '',
      `${file} is empty; it needs at least "clusters:" with one cluster (see examples/k8s-ha-bot.yaml)`,
    );
  }
  return data;
}

/** Read the file named by the options or env; the built-in document when none is named. */
async function readSource(
  options: LoadConfigOptions,
  settings: Settings,
): Promise<{ data: unknown; baseDir: string; source: string }> {
  const named = options.path ?? settings.config.path;
  if (named === undefined) {
    const root = options.packageRoot ?? findPackageRoot();
    return {
      data: builtInConfigFile(),
      baseDir: root,
      source: BUILT_IN_SOURCE,
    };
  }
  const settingPath = options.path === undefined ? CONFIG_ENV.path : '';
  const file = resolvePath(named, options.cwd ?? process.cwd(), settings.home, settingPath);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') {
      throw new ConfigError(
        settingPath,
        `config file ${file} not found (pass another path, or unset ${CONFIG_ENV.path} to use the built-in demo)`,
        'config-not-found',
      );
    }
    throw new ConfigError(settingPath, `cannot read config file ${file} (${code ?? String(err)})`);
  }
  return { data: parseYaml(text, file), baseDir: dirname(file), source: file };
}

/**
 * Throw settings issues as one ConfigError: its `path` is the first issue's, and the message lists
 * every issue, one per line (`path: what is wrong`).
 * @param issues - `[path, message]` pairs in document order
 * @param fallback - the message when there are none
 * @throws ConfigError always
 */
export function throwConfigIssues(
  issues: readonly [string, string][],
  fallback = 'invalid configuration',
): never {
  const [first, ...rest] = issues;
  if (first === undefined) throw new ConfigError('', fallback);
  const more = rest.map(([p, m]) => `\n${p ? `${p}: ` : ''}${m}`).join('');
  throw new ConfigError(first[0], `${first[1]}${more}`);
}

/**
 * Register the passwords a Redis target holds (URL password, Redis and Sentinel passwords) so that
 * every later log line masks them by value, also where an error echoes one without its URL.
 */
function registerRedisSecrets(target: RedisTarget | undefined): void {
  if (target === undefined) return;
  if (typeof target === 'string') registerSecretValues(urlPasswords(target));
  else
    registerSecretValues(
      [target.password, target.sentinelPassword].filter((v): v is string => v !== undefined),
    );
}

/** The `etcd` entry: endpoints must be https URLs, timeout within the deadline, paths resolved. */
function buildEtcd(
  e: NonNullable<ConfigFile['clusters'][string]['etcd']>,
  at: string,
  deadlineMs: number,
  baseDir: string,
  home: string | undefined,
): EtcdProbeConfig {
  const endpoints = e.endpoints?.map((url, i) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch (err) {
      throw new ConfigError(
        `${at}.endpoints[${i}]`,
        `expected an https:// URL such as https://10.0.0.11:2379 (not a URL: ${(err as Error).name})`,
      );
    }
    if (parsed.protocol !== 'https:')
      throw new ConfigError(
        `${at}.endpoints[${i}]`,
        `expected an https:// URL, got a ${parsed.protocol}// URL (the probe always uses TLS with a client certificate)`,
      );
    return url;
  });
  const timeoutMs = e.timeoutMs ?? DEFAULT_ETCD_TIMEOUT_MS;
  if (timeoutMs > deadlineMs)
    throw new ConfigError(
      `${at}.timeoutMs`,
      `${timeoutMs} is longer than the cluster's deadlineMs (${deadlineMs})`,
    );
  return {
    ...(endpoints === undefined ? {} : { endpoints }),
    ca: resolvePath(e.ca, baseDir, home, `${at}.ca`),
    cert: resolvePath(e.cert, baseDir, home, `${at}.cert`),
    key: resolvePath(e.key, baseDir, home, `${at}.key`),
    timeoutMs,
    ...(e.quotaBackendBytes === undefined ? {} : { quotaBackendBytes: e.quotaBackendBytes }),
  };
}

/** Cross-field rules the schema cannot say, and path resolution. */
function buildClusters(
  file: ConfigFile,
  baseDir: string,
  home: string | undefined,
  jobTimeoutMs: number,
): Record<string, ClusterConfig> {
  const names = Object.keys(file.clusters);
  if (names.length === 0) throw new ConfigError('clusters', 'needs at least one cluster');
  const clusters: Record<string, ClusterConfig> = {};
  for (const name of names) {
    const c = file.clusters[name];
    if (c === undefined) continue;
    const at = `clusters.${name}`;
    if (!isValidClusterName(name)) {
      throw new ConfigError(
        at,
        `"${name}" is not a valid cluster name: use lowercase letters, digits and '-', starting and ending with a letter or digit, at most 63 characters (RFC 1123 label)`,
      );
    }
    const sources = [
      c.context !== undefined ? 'context' : undefined,
      c.snapshot !== undefined ? 'snapshot' : undefined,
      c.inCluster === true ? 'inCluster: true' : undefined,
    ].filter((s): s is string => s !== undefined);
    if (sources.length !== 1) {
      const found = sources.length === 0 ? 'none is set' : `found ${sources.join(' and ')}`;
      throw new ConfigError(at, `set exactly one of context, snapshot or inCluster: true (${found})`);
    }
    if (c.kubeconfig !== undefined && c.context === undefined) {
      throw new ConfigError(
        `${at}.kubeconfig`,
        'applies only to a cluster read through a kubeconfig context; remove it or set context',
      );
    }
    const requestTimeoutMs = c.requestTimeoutMs ?? MAX_REQUEST_TIMEOUT_MS;
    const deadlineMs = c.deadlineMs ?? DEFAULT_DEADLINE_MS;
    if (deadlineMs < requestTimeoutMs) {
      throw new ConfigError(
        `${at}.deadlineMs`,
        `${deadlineMs} is shorter than requestTimeoutMs (${requestTimeoutMs}); the whole read must allow at least one request`,
      );
    }
    if (deadlineMs > jobTimeoutMs) {
      throw new ConfigError(
        `${at}.deadlineMs`,
        `${deadlineMs} is longer than jobTimeoutMs (${jobTimeoutMs}); the job would time out before the read`,
      );
    }
    const timeouts = {
      requestTimeoutMs,
      deadlineMs,
      ...(c.etcd === undefined ? {} : { etcd: buildEtcd(c.etcd, `${at}.etcd`, deadlineMs, baseDir, home) }),
      ...(c.report === undefined ? {} : { report: c.report }),
      ...(c.watchCache === undefined ? {} : { watchCache: c.watchCache }),
    };
    if (c.context !== undefined) {
      clusters[name] = {
        kind: 'context',
        context: c.context,
        ...(c.kubeconfig === undefined
          ? {}
          : { kubeconfig: resolvePath(c.kubeconfig, baseDir, home, `${at}.kubeconfig`) }),
        ...timeouts,
      };
    } else if (c.snapshot !== undefined) {
      clusters[name] = {
        kind: 'snapshot',
        snapshot: resolvePath(c.snapshot, baseDir, home, `${at}.snapshot`),
        ...timeouts,
      };
    } else {
      clusters[name] = { kind: 'in-cluster', ...timeouts };
    }
  }
  return clusters;
}

/** The files a configuration names must exist (checked once, at start-up). */
function checkFiles(clusters: Readonly<Record<string, ClusterConfig>>): void {
  for (const [name, c] of Object.entries(clusters)) {
    const files: [string, string][] = [];
    if (c.kind === 'snapshot') files.push(['snapshot', c.snapshot]);
    if (c.kind === 'context' && c.kubeconfig !== undefined) files.push(['kubeconfig', c.kubeconfig]);
    if (c.etcd !== undefined)
      files.push(['etcd.ca', c.etcd.ca], ['etcd.cert', c.etcd.cert], ['etcd.key', c.etcd.key]);
    for (const [setting, file] of files) checkFile(name, setting, file);
  }
}

/** One configured file must exist and be a regular file; the error names `clusters.NAME.SETTING`. */
function checkFile(name: string, setting: string, file: string): void {
  checkSettingFile(`clusters.${name}.${setting}`, file);
}

/** A file named by a setting must exist and be a regular file; the error names `settingPath`. */
function checkSettingFile(settingPath: string, file: string): void {
  let isFile: boolean;
  try {
    isFile = statSync(file).isFile();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new ConfigError(
        settingPath,
        `cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      );
    throw new ConfigError(settingPath, `no such file ${file}`);
  }
  if (!isFile) throw new ConfigError(settingPath, `${file} is not a file`);
}

/**
 * Load the configuration.
 *
 * Source: `options.path` (relative to `cwd`), else env `K8S_HA_BOT_CONFIG`, else the built-in
 * default: one cluster `demo` served from the bundled snapshot `examples/ha-3cp.json` (resolved
 * against the package root, not `cwd`). Relative paths in a file resolve against the file's folder;
 * `~/` expands to env `HOME`.
 *
 * Environment overrides (empty values count as unset): `REDIS_URL` → `redis.url`, or
 * `REDIS_SENTINELS` + `REDIS_SENTINEL_NAME` → Redis Sentinel (either replaces the file's `redis`
 * entry; `REDIS_PASSWORD`, `REDIS_SENTINEL_PASSWORD`… complete it: src/config/redis-settings.ts),
 * `K8S_HA_BOT_DEFAULT_CLUSTER` → `defaultCluster`, `K8S_HA_BOT_LOCALE` → `locale`,
 * `LOG_LEVEL` → `logLevel`, `K8S_HA_BOT_MAINTENANCE_POLICY` → `maintenancePolicy` (relative to `cwd`),
 * `K8S_HA_BOT_JOB_TIMEOUT_MS` → `jobTimeoutMs` ({@link jobTimeoutMsOf}): all read by `loadSettings`,
 * never from `process.env` here.
 *
 * `defaultCluster`: must name a configured cluster; when omitted and exactly one cluster exists,
 * that one; otherwise absent (requests must name their cluster; no silent fallback).
 *
 * Does not contact any cluster; for kubeconfig contexts see `checkKubeContexts`.
 *
 * @param options - see {@link LoadConfigOptions}
 * @returns the complete configuration, paths absolute, defaults filled in
 * @throws ConfigError `config-not-found` when the named file does not exist; `config-invalid` with
 *   `path` set to the setting (or env variable) to fix for YAML syntax errors (message holds
 *   `file:line:column`), wrong types, unknown settings, clusters without exactly one source, a
 *   `defaultCluster` that is not configured, snapshot/kubeconfig files and `etcd` ca/cert/key files
 *   that do not exist (`clusters.NAME.etcd.cert`), `etcd.endpoints[i]` that are not https URLs, and
 *   Redis settings that do not go together (`redis.name` missing beside `redis.sentinels`…)
 */
export async function loadConfig(options: LoadConfigOptions = {}): Promise<BotConfig> {
  const settings = options.settings ?? loadSettings(options.env ?? {});
  const { data, baseDir, source } = await readSource(options, settings);

  let file: ConfigFile;
  if (source === BUILT_IN_SOURCE) file = builtInConfigFile();
  else {
    // The schema (and zod with it) only when there is a file to check.
    const { validateConfigFile } = await import('./config-file-schema.js');
    const validated = validateConfigFile(data);
    if (!validated.ok) throwConfigIssues(validated.issues);
    file = validated.file;
  }

  const jobTimeoutMs = jobTimeoutMsOf(settings, file);
  const clusters = buildClusters(file, baseDir, settings.home, jobTimeoutMs);
  const names = Object.keys(clusters);

  const locale: Locale = settings.config.locale ?? file.locale ?? 'en';
  const logLevel: LogLevel = settings.logLevel ?? file.logLevel ?? 'info';

  const redis = resolveRedisTarget(file.redis, settings.redis);
  registerRedisSecrets(redis);

  const envDefault = settings.config.defaultCluster;
  const [defaultPath, wanted] =
    envDefault !== undefined
      ? [CONFIG_ENV.defaultCluster, envDefault]
      : ['defaultCluster', file.defaultCluster];
  let defaultCluster: string | undefined;
  if (wanted !== undefined) {
    if (!Object.hasOwn(clusters, wanted)) {
      throw new ConfigError(
        defaultPath,
        `"${wanted}" is not one of the configured clusters (${names.join(', ')})`,
      );
    }
    defaultCluster = wanted;
  } else if (names.length === 1) {
    defaultCluster = names[0];
  }

  checkFiles(clusters);

  const envPolicy = settings.config.maintenancePolicy;
  let maintenancePolicy: string | undefined;
  if (envPolicy !== undefined) {
    maintenancePolicy = resolvePath(
      envPolicy,
      options.cwd ?? process.cwd(),
      settings.home,
      CONFIG_ENV.maintenancePolicy,
    );
    checkSettingFile(CONFIG_ENV.maintenancePolicy, maintenancePolicy);
  } else if (file.maintenancePolicy !== undefined) {
    maintenancePolicy = resolvePath(file.maintenancePolicy, baseDir, settings.home, 'maintenancePolicy');
    checkSettingFile('maintenancePolicy', maintenancePolicy);
  }

  return {
    source,
    clusters,
    ...(defaultCluster === undefined ? {} : { defaultCluster }),
    locale,
    ...(redis === undefined ? {} : { redis: typeof redis === 'string' ? { url: redis } : redis }),
    jobTimeoutMs,
    logLevel,
    ...(maintenancePolicy === undefined ? {} : { maintenancePolicy }),
  };
}
