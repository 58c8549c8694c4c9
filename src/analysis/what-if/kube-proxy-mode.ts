/**
 * kube-proxy's mode (iptables, IPVS, nftables) from the `kube-system/kube-proxy` ConfigMap, where
 * it could be read.
 */
import { yamlLib } from '../../util/lazy-yaml.js';
import type { ClusterSnapshot } from '../../cluster/types.js';
import { KUBE_PROXY_DEFAULT_MODE } from '../domain.js';

/** What is known of kube-proxy's mode. */
export interface KubeProxyModeView {
  /**
   * `iptables`, `ipvs`, `nftables`, `kernelspace` (Windows) as configured; `iptables` when the
   * configuration leaves it empty (`defaulted` true); null when unknown.
   */
  mode: string | null;
  defaulted: boolean;
  /**
   * Why the mode is unknown: `absent` (no ConfigMap: 404), `unreadable` (the get failed, e.g.
   * 403), `not-read` (the snapshot was built without it), `unparsable` (no `config.conf` YAML).
   */
  unknownBecause: 'absent' | 'unreadable' | 'not-read' | 'unparsable' | null;
  /** HTTP status of a failed read, when there was one. */
  status: number | null;
}

/**
 * Read kube-proxy's mode from the snapshot's ConfigMap.
 * @param snapshot - the snapshot
 * @returns the mode view; never throws (a malformed ConfigMap is `unparsable`)
 * @see https://kubernetes.io/docs/reference/config-api/kube-proxy-config.v1alpha1/
 */
export function kubeProxyMode(snapshot: ClusterSnapshot): KubeProxyModeView {
  const read = snapshot.kubeProxyConfig;
  if (read === undefined) return { mode: null, defaulted: false, unknownBecause: 'not-read', status: null };
  if (read.error !== null)
    return { mode: null, defaulted: false, unknownBecause: 'unreadable', status: read.error.status ?? null };
  if (read.configMap === null)
    return { mode: null, defaulted: false, unknownBecause: 'absent', status: null };
  const text = read.configMap.data?.['config.conf'];
  if (text === undefined) return { mode: null, defaulted: false, unknownBecause: 'unparsable', status: null };
  let config: unknown;
  try {
    config = yamlLib().parse(text);
  } catch (err) {
    // a hand-edited ConfigMap that is not YAML: the mode is unknown, and the answer says so
    void err;
    return { mode: null, defaulted: false, unknownBecause: 'unparsable', status: null };
  }
  const mode =
    typeof config === 'object' && config !== null ? (config as { mode?: unknown }).mode : undefined;
  if (typeof mode === 'string' && mode.trim() !== '')
    return { mode: mode.trim().toLowerCase(), defaulted: false, unknownBecause: null, status: null };
  return { mode: KUBE_PROXY_DEFAULT_MODE, defaulted: true, unknownBecause: null, status: null };
}
