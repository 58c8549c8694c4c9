/**
 * Loading the kubeconfig for one configured cluster, with operator-facing errors.
 */
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { KubeConfig, findHomeDir } from '@kubernetes/client-node';
import { ConfigError } from '../errors.js';
import { parseKubeconfigFile, prepareSelectedUser, registerKubeconfigSecrets } from './static-kubeconfig.js';

/**
 * Why a kubeconfig could not be read, without its content: a YAML error (js-yaml's
 * `YAMLException`) says where (line, column) and what, never its `snippet` of the file, which can
 * quote a token or key before any secret is registered for redaction (attack of 2026-12-07).
 */
function readError(err: unknown): string {
  const e = err as { reason?: unknown; mark?: { line?: unknown; column?: unknown }; message?: unknown };
  if (typeof e.reason === 'string' && typeof e.mark?.line === 'number' && typeof e.mark.column === 'number')
    return `not valid YAML: ${e.reason} (line ${e.mark.line + 1}, column ${e.mark.column + 1})`;
  return String(e.message ?? err);
}

/**
 * Whether a KubeConfig is client-node's last-resort default (`http://localhost:8080`, context
 * `loaded-context`), which `loadFromDefault` returns when no kubeconfig exists at all.
 * @param kc - a loaded KubeConfig
 */
export function isClientFallback(kc: KubeConfig): boolean {
  const cluster = kc.getCurrentCluster();
  return (
    kc.getContexts().length === 0 ||
    (cluster?.name === 'cluster' && cluster.server === 'http://localhost:8080')
  );
}

/**
 * Load a kubeconfig and select a context.
 *
 * Without `path`, client-node's default search applies: `KUBECONFIG` (files merged as client-node
 * merges them), then `~/.kube/config`, then the in-cluster service account
 * (`KUBERNETES_SERVICE_HOST`, context `inClusterContext`). Its last resort, `http://localhost:8080`, is refused: no silent fallback.
 *
 * @param path - kubeconfig file, or undefined for the default search
 * @param context - context name, or null/undefined for the file's current context
 * @param settingPath - the configuration setting that named the context, for error messages
 *   (e.g. `clusters.prod.context`); default ''
 * @returns the loaded configuration with the context selected
 * @throws ConfigError `config-not-found` when the file is missing or no kubeconfig is found,
 *   `config-invalid` when it cannot be parsed, `kube-context-unknown` when the context does not
 *   exist (the message lists the available ones)
 * @throws ConfigError as `parseKubeconfigFile` and `prepareSelectedUser` (./static-kubeconfig.ts)
 *   throw: a duplicate name, impersonation fields kubectl refuses, a token file that cannot be read
 */
export function kubeConfigForContext(
  path: string | undefined,
  context: string | null | undefined,
  settingPath = '',
): KubeConfig {
  const kc = new KubeConfig();
  // Each file through parseKubeconfigFile (relative paths from its folder, token files read for the
  // selected user only), merged as client-node's loadFromDefault merges KUBECONFIG files.
  const load = (files: string[]): void =>
    files.forEach((file, i) => {
      const entries = parseKubeconfigFile(file);
      const one = i === 0 ? kc : new KubeConfig();
      one.loadFromOptions(entries);
      if (one !== kc) kc.mergeConfig(one);
    });
  if (path !== undefined) {
    if (!existsSync(path))
      throw new ConfigError(settingPath, `kubeconfig file ${path} not found`, 'config-not-found');
    try {
      load([path]);
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      throw new ConfigError(settingPath, `kubeconfig file ${path} cannot be read: ${readError(err)}`);
    }
    registerKubeconfigSecrets(kc.getUsers());
  } else {
    try {
      const home = process.env.KUBECONFIG ? undefined : findHomeDir();
      const files = process.env.KUBECONFIG
        ? process.env.KUBECONFIG.split(delimiter).filter((f) => f)
        : home && existsSync(join(home, '.kube', 'config'))
          ? [join(home, '.kube', 'config')]
          : [];
      // No file: client-node's in-cluster service account, else its last resort.
      if (files.length > 0) load(files);
      else kc.loadFromDefault();
    } catch (err) {
      if (err instanceof ConfigError) throw err;
      throw new ConfigError(settingPath, `the kubeconfig cannot be read: ${readError(err)}`);
    }
    registerKubeconfigSecrets(kc.getUsers());
    if (isClientFallback(kc)) {
      throw new ConfigError(
        settingPath,
        'no kubeconfig found: set KUBECONFIG, create ~/.kube/config, or run in a pod with a service account',
        'config-not-found',
      );
    }
  }
  if (context !== null && context !== undefined && context !== '') {
    const names = kc.getContexts().map((c) => c.name);
    if (!names.includes(context)) {
      throw new ConfigError(
        settingPath,
        `no context "${context}" in the kubeconfig; available contexts: ${names.length > 0 ? names.join(', ') : '(none)'}`,
        'kube-context-unknown',
      );
    }
    kc.setCurrentContext(context);
  } else if (kc.getCurrentCluster() === null) {
    const names = kc.getContexts().map((c) => c.name);
    throw new ConfigError(
      settingPath,
      `the kubeconfig has no current context; name one of: ${names.join(', ') || '(none)'}`,
      'kube-context-unknown',
    );
  }
  prepareSelectedUser(kc.getCurrentUser(), path !== undefined ? `kubeconfig file ${path}` : 'the kubeconfig');
  registerKubeconfigSecrets([kc.getCurrentUser()].filter((u) => u !== null));
  return kc;
}
