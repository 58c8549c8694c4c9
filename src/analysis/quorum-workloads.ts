/**
 * Workloads that keep a quorum of their own: their replicas vote, and the service stops (no
 * writes, no leader, no cluster state changes) once fewer than a majority, floor(n/2)+1 of the n
 * voting replicas, are up. Losing a majority of such a workload's replicas is an outage, not a
 * capacity drop, whatever the number of replicas left.
 *
 * Recognised by the container image's repository name (the last path segment, tag and digest
 * removed) or the `app.kubernetes.io/name` label:
 * - Elasticsearch: "a cluster can only elect a master and operate while more than half of the
 *   master-eligible nodes are available" (Elasticsearch reference, Quorum-based decision making,
 *   https://www.elastic.co/guide/en/elasticsearch/reference/current/modules-discovery-quorums.html).
 *   Only master-eligible nodes vote: a node without `node.roles` has every role, master among them
 *   (https://www.elastic.co/guide/en/elasticsearch/reference/current/modules-node.html); ECK marks
 *   them with the pod label `elasticsearch.k8s.elastic.co/node-master`, and the elastic Helm chart
 *   names each node group's StatefulSet `<cluster>-<group>` (`elasticsearch-master`,
 *   `elasticsearch-data`). A group named for other roles only (data, ingest, coordinating, client,
 *   ml) does not vote.
 * - ZooKeeper: the ensemble serves while a majority of its servers are up (ZooKeeper
 *   Administrator's Guide, https://zookeeper.apache.org/doc/current/zookeeperAdmin.html).
 * - etcd run as a workload: quorum floor(n/2)+1 (etcd FAQ, https://etcd.io/docs/v3.5/faq/).
 * Pure.
 */
import type { KPod } from '../cluster/types.js';

/** A quorum-based system the analysis recognises. */
export type QuorumSystem = 'Elasticsearch' | 'ZooKeeper' | 'etcd';

/** ECK's pod label for a master-eligible Elasticsearch node (`"true"` / `"false"`). */
export const LABEL_ECK_NODE_MASTER = 'elasticsearch.k8s.elastic.co/node-master';

const BY_NAME: Record<string, QuorumSystem> = {
  elasticsearch: 'Elasticsearch',
  zookeeper: 'ZooKeeper',
  etcd: 'etcd',
};

/** Node-group words of Elasticsearch roles that do not vote for a master. */
const ES_NON_VOTING_GROUP = /(^|-)(data|ingest|coordinating|client|ml|hot|warm|cold|frozen)(-|$)/;

/** The repository name of an image reference: `docker.io/bitnami/zookeeper:3.9@sha256:…` → `zookeeper`. */
function repositoryName(image: string): string {
  const noDigest = image.split('@')[0] ?? '';
  const last = noDigest.split('/').pop() ?? '';
  return (last.split(':')[0] ?? '').toLowerCase();
}

/**
 * The quorum-based system a workload's pod runs, or null: by its containers' image repository
 * name or its `app.kubernetes.io/name` label; an Elasticsearch node group that is not
 * master-eligible (see the file comment) is null.
 * @param pod - one pod of the workload
 * @param workloadName - the workload's name (an Elasticsearch node group's StatefulSet)
 */
export function quorumSystemOf(pod: KPod, workloadName: string): QuorumSystem | null {
  const labels = pod.metadata.labels ?? {};
  const names = [
    ...(pod.spec?.containers ?? []).map((c) => repositoryName(c.image ?? '')),
    (labels['app.kubernetes.io/name'] ?? '').toLowerCase(),
  ];
  const system = names.map((n) => BY_NAME[n]).find((s) => s !== undefined) ?? null;
  if (system !== 'Elasticsearch') return system;
  const eck = labels[LABEL_ECK_NODE_MASTER];
  if (eck !== undefined) return eck === 'true' ? system : null;
  const name = workloadName.toLowerCase();
  if (name.includes('master')) return system;
  return ES_NON_VOTING_GROUP.test(name) ? null : system;
}
