/**
 * Loading the kubeconfig for one configured cluster, with operator-facing errors.
 */
import { existsSync } from 'node:fs';
import { KubeConfig } from '@kubernetes/client-node';
import {
  defaultKubeconfigFiles,
  firstByName,
  noKubeconfigMessage,
  SERVICE_ACCOUNT_TOKEN,
  type KubeconfigLookup,
} from './kubeconfig-files.js';
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
 * Load a kubeconfig and select a context.
 *
 * Without `path`, kubectl's default search applies ({@link defaultKubeconfigFiles}): the
 * `KUBECONFIG` files (merged as kubectl merges them: the first file to set a name or
 * `current-context` wins), else `~/.kube/config`, else the
 * in-cluster service account (client-node's `loadFromCluster`, context `inClusterContext`); with
 * none of those, client-node's last resort (`http://localhost:8080`) is refused: no silent fallback.
 *
 * @param path - kubeconfig file, or undefined for the default search
 * @param context - context name, or null/undefined for the file's current context
 * @param system - `KUBECONFIG` and `HOME` as the settings read them ({@link KubeconfigLookup}); used without `path`
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
  system: KubeconfigLookup,
  settingPath = '',
): KubeConfig {
  const kc = new KubeConfig();
  // Each file through parseKubeconfigFile (relative paths from its folder, token files read for the
  // selected user only), a list merged as kubectl merges it: the first file to set a name or
  // current-context wins (./kubeconfig-files.ts firstByName), where client-node's loadFromDefault
  // takes the last current-context and throws on a name in two files.
  const load = (files: string[]): void => {
    const all = files.map((file) => {
      try {
        return parseKubeconfigFile(file);
      } catch (err) {
        if (err instanceof ConfigError) throw err;
        throw new ConfigError(settingPath, `kubeconfig file ${file} cannot be read: ${readError(err)}`);
      }
    });
    kc.loadFromOptions({
      clusters: firstByName(all.map((f) => f.clusters)),
      users: firstByName(all.map((f) => f.users)),
      contexts: firstByName(all.map((f) => f.contexts)),
      currentContext: all.find((f) => f.currentContext)?.currentContext,
    });
  };
  if (path !== undefined) {
    if (!existsSync(path))
      throw new ConfigError(settingPath, `kubeconfig file ${path} not found`, 'config-not-found');
    load([path]);
    registerKubeconfigSecrets(kc.getUsers());
  } else {
    // Each file is named in its own error; a missing file of the list is skipped (client-go, see
    // defaultKubeconfigFiles).
    const files = defaultKubeconfigFiles(system);
    if (files.length > 0) load(files);
    else if (existsSync(SERVICE_ACCOUNT_TOKEN)) {
      try {
        kc.loadFromCluster();
      } catch (err) {
        throw new ConfigError(settingPath, `the service account cannot be read: ${readError(err)}`);
      }
    }
    if (kc.getContexts().length === 0)
      throw new ConfigError(settingPath, noKubeconfigMessage(system), 'config-not-found');
    registerKubeconfigSecrets(kc.getUsers());
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
