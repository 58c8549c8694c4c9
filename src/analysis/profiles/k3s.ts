/**
 * k3s: one binary runs the apiserver, scheduler and controller-manager inside the `k3s server`
 * process, so there are no control-plane static pods. Servers carry `node-role.kubernetes.io/control-plane`
 * and `master` (value "true"), plus `etcd` with embedded etcd; their `EtcdIsVoter` condition says
 * whether the member votes. Without the etcd role, the state is in SQLite (single server) or an
 * external datastore (`--datastore-endpoint`). Recognised by the `+k3s` kubelet version, the
 * `k3s://` providerID or the `k3s.io/*` node annotations.
 * @see https://docs.k3s.io/architecture
 * @see https://docs.k3s.io/datastore/ha-embedded
 * @see https://docs.k3s.io/datastore (SQLite default, external datastores)
 */
import type { ClusterSnapshot, KNode } from '../../cluster/types.js';
import { etcdFromRoleLabels, hasControlPlaneRole, ready, noKeeperFindings } from './common.js';
import type { ControlPlaneProfile } from './types.js';

function isK3sNode(n: KNode): boolean {
  return (
    /\+k3s/.test(n.status?.nodeInfo?.kubeletVersion ?? '') ||
    (n.spec?.providerID ?? '').startsWith('k3s://') ||
    Object.keys(n.metadata.annotations ?? {}).some((k) => k.startsWith('k3s.io/'))
  );
}

/** The args and K3S_* environment a k3s node recorded (`k3s.io/node-args`, `k3s.io/node-env`), or null. */
function nodeConfig(n: KNode): { args: string[]; recordedVars: Record<string, string> } | null {
  const a = n.metadata.annotations ?? {};
  const rawArgs = a['k3s.io/node-args'];
  if (rawArgs === undefined) return null;
  try {
    const args: unknown = JSON.parse(rawArgs);
    const recorded: unknown = JSON.parse(a['k3s.io/node-env'] ?? '{}');
    if (!Array.isArray(args) || args.some((x) => typeof x !== 'string')) return null;
    if (typeof recorded !== 'object' || recorded === null || Array.isArray(recorded)) return null;
    return { args: args as string[], recordedVars: recorded as Record<string, string> };
  } catch {
    // not the JSON k3s writes: nothing can be read from it
    return null;
  }
}

/** Flags and variables that choose a datastore other than SQLite (docs.k3s.io/datastore, /cli/server). */
const NON_SQLITE_FLAGS: readonly string[] = ['--cluster-init', '--datastore-endpoint', '--server', '-s'];
const NON_SQLITE_ENV: readonly string[] = ['K3S_DATASTORE_ENDPOINT', 'K3S_CLUSTER_INIT', 'K3S_URL'];

/**
 * Which datastore a k3s cluster without the etcd role on any node uses, from what its servers
 * recorded. "SQLite is the default datastore, and will be used if no other datastore configuration
 * is present, and no embedded etcd database files are present on disk"; embedded etcd is chosen by
 * `--cluster-init` or by joining a server (`--server`), an external one by `--datastore-endpoint`
 * (https://docs.k3s.io/datastore; the flags' variables K3S_CLUSTER_INIT, K3S_URL,
 * K3S_DATASTORE_ENDPOINT). k3s records its args, the config file's included, in
 * `k3s.io/node-args` and every K3S_* variable in `k3s.io/node-env` (k3s pkg/nodeconfig,
 * `getNodeArgs` parses the config file with `configfilearg.MustParse`), and labels embedded-etcd
 * servers `node-role.kubernetes.io/etcd`. So: `sqlite` when no node has the etcd role and every
 * server's recorded args and variables choose nothing else; `unknown` otherwise (no server, a
 * server without the annotations, or one that names another datastore: SQLite or external).
 * @param snapshot - the cluster as read
 */
export function k3sDatastore(snapshot: ClusterSnapshot): 'sqlite' | 'unknown' {
  if (etcdFromRoleLabels(snapshot)) return 'unknown';
  const servers = snapshot.nodes.filter(hasControlPlaneRole);
  if (servers.length !== 1) return 'unknown'; // SQLite cannot be used with several servers
  const config = nodeConfig(servers[0] as KNode);
  if (config === null || config.args[0] !== 'server') return 'unknown';
  const flags = config.args.map((a) => a.split('=')[0] ?? a);
  if (flags.some((f) => NON_SQLITE_FLAGS.includes(f))) return 'unknown';
  if (Object.keys(config.recordedVars).some((k) => NON_SQLITE_ENV.includes(k))) return 'unknown';
  return 'sqlite';
}

/**
 * Whether the k3s nodes are k3d's: k3d "is a lightweight wrapper to run k3s in docker" (k3d.io),
 * and names its node containers `k3d-<cluster>-server-<n>` / `k3d-<cluster>-agent-<n>`, which k3s
 * takes as the node names. Every node must be so named.
 * @param snapshot - the cluster as read
 * @returns the k3d cluster name, or null when the nodes are not all k3d's
 */
export function k3dClusterName(snapshot: ClusterSnapshot): string | null {
  const names = snapshot.nodes.map(
    (n) => /^k3d-(.+)-(?:server|agent)-\d+$/.exec(n.metadata.name)?.[1] ?? null,
  );
  const first = names[0];
  if (first === undefined || first === null || names.some((x) => x !== first)) return null;
  return first;
}

/** k3s (and k3d, which runs k3s in containers). */
export const k3sProfile: ControlPlaneProfile = {
  name: 'k3s',
  keeper: 'cluster',
  upgrade: 'k3s',
  keeperFindings: noKeeperFindings,
  detect: (snapshot) => snapshot.nodes.some(isK3sNode),
  variant: (snapshot) =>
    etcdFromRoleLabels(snapshot)
      ? 'embedded etcd'
      : k3sDatastore(snapshot) === 'sqlite'
        ? 'SQLite'
        : 'SQLite or external datastore',
  // No static pods: the components live in the k3s process.
  componentOf: () => null,
  controlPlaneNodes: (snapshot) => snapshot.nodes.filter(hasControlPlaneRole),
  // Each server runs every component in its own process: up while the node is Ready.
  componentsOnNode: (node) => ({
    'kube-apiserver': ready(node),
    'kube-scheduler': ready(node),
    'kube-controller-manager': ready(node),
  }),
  etcdSource: (snapshot) =>
    etcdFromRoleLabels(snapshot) ?? { kind: 'datastore', store: k3sDatastore(snapshot) },
};
