/**
 * What a generated cluster reports beside its objects: the etcd member list and endpoint status
 * (`etcdctl -w json` shapes, uint64 member ids above 2^53), and the API server's `/readyz?verbose`.
 */
import { prng } from './context.js';

/** Raw `etcdctl -w json` shaped block; ids are bigint (> 2^53). */
export interface GeneratedEtcd {
  member_list_header: { cluster_id: bigint; member_id: bigint; raft_term: number };
  members: { ID: bigint; name: string; peerURLs: string[]; clientURLs: string[] }[];
  endpoint_status: { Endpoint: string; Status: Record<string, unknown> }[];
  endpoint_status_stderr: string[];
}

/**
 * One stacked etcd member per control-plane node, all healthy, the first one leading.
 * @param cpNames - the control-plane nodes
 * @param nodeIps - InternalIPs, control-plane nodes first
 * @param seed - the cluster's seed
 */
export function etcdBlock(
  cpNames: readonly string[],
  nodeIps: readonly string[],
  seed: number,
): GeneratedEtcd {
  const rnd = prng(seed ^ 0x9e3779b9);
  const memberIds = cpNames.map(() => {
    // uint64 with the top bit set: always above 2^53
    let id = 1n << 63n;
    for (let b = 0; b < 62; b += 31) id |= BigInt(Math.floor(rnd() * 2 ** 31)) << BigInt(b);
    return id;
  });
  const leaderId = memberIds[0] ?? 0n;
  const clusterId = memberIds.reduce((a, b) => a ^ b, 0x1234n);
  return {
    member_list_header: { cluster_id: clusterId, member_id: leaderId, raft_term: 7 },
    members: cpNames.map((name, i) => ({
      ID: memberIds[i] as bigint,
      name,
      peerURLs: [`https://${nodeIps[i] as string}:2380`],
      clientURLs: [`https://${nodeIps[i] as string}:2379`],
    })),
    endpoint_status: cpNames.map((_, i) => ({
      Endpoint: `https://${nodeIps[i] as string}:2379`,
      Status: {
        header: {
          cluster_id: clusterId,
          member_id: memberIds[i] as bigint,
          revision: 98765432,
          raft_term: 7,
        },
        version: '3.5.21',
        dbSize: 1_200_000_000 + i * 4_000_000,
        leader: leaderId,
        raftIndex: 123456789,
        raftTerm: 7,
        raftAppliedIndex: 123456789,
        dbSizeInUse: 900_000_000,
      },
    })),
    endpoint_status_stderr: [],
  };
}

const READYZ_CHECKS = [
  'ping',
  'log',
  'etcd',
  'etcd-readiness',
  'informer-sync',
  'poststarthook/start-apiserver-admission-initializer',
  'poststarthook/generic-apiserver-start-informers',
  'poststarthook/priority-and-fairness-config-consumer',
  'poststarthook/start-system-namespaces-controller',
  'poststarthook/start-kube-apiserver-identity-lease-controller',
  'poststarthook/rbac/bootstrap-roles',
  'poststarthook/scheduling/bootstrap-system-priority-classes',
  'poststarthook/bootstrap-controller',
  'poststarthook/apiservice-registration-controller',
  'autoregister-completion',
  'shutdown',
];

/** The `/readyz?verbose` text of a healthy API server. */
export const READYZ_TEXT = `${READYZ_CHECKS.map((c) => `[+]${c} ok`).join('\n')}\nreadyz check passed\n`;
