/**
 * `k8s-ha-bot snapshot`: one file holding everything the checks read from a cluster, in
 * the scenario format (scenarios/FORMAT.md) that `ask --snapshot` and `simulate` take.
 *
 * The objects come through {@link readSnapshot}, the reader the worker uses, with every pod kept
 * whole (a question about any node must be answerable from the file): nodes, pods, the Leases of
 * kube-system and kube-node-lease, PodDisruptionBudgets, Deployments, ReplicaSets, StatefulSets,
 * DaemonSets, the `default/kubernetes` EndpointSlices and the `kube-system/kube-proxy` ConfigMap.
 * Beside them: `captured_at` (the moment the read started), `readyz` (the `/readyz?verbose` text),
 * `etcd` (a live probe, written as `etcdctl -w json` prints it, only where an `etcd` entry is
 * configured; otherwise null, "not observed") and `read_errors` (parts the reader could not read, so
 * the file's answers say so instead of judging an empty list).
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { stringify as losslessStringify } from 'lossless-json';
import type { Logger } from '../util/logger.js';
import { readSnapshot } from './read-snapshot.js';
import type { ClusterSnapshot, EtcdStatus, ReadError } from './types.js';

/** The `etcd` block of a snapshot file: raw `etcdctl -w json` shapes (uint64 ids as bigint). */
export interface RecordedEtcdBlock {
  members: { ID: bigint; name: string; peerURLs: string[]; clientURLs: string[]; isLearner?: true }[];
  endpoint_status: {
    Endpoint: string;
    Status: {
      header: { member_id: bigint };
      leader: bigint;
      raftTerm: number;
      raftIndex: number;
      raftAppliedIndex: number;
      dbSize: number;
      dbSizeInUse: number;
      version: string;
      isLearner?: true;
    };
  }[];
  endpoint_status_stderr: string[];
  alarms: { memberID: bigint; alarm: string }[];
  db_size_quota?: number;
}

/**
 * An {@link EtcdStatus} (a live probe) as the `etcd` block of a snapshot file, which the loader
 * reads back into the same members, endpoint status, errors, alarms and quota (`convertEtcd` in
 * snapshot-file.ts). What the file format has no field for (per-endpoint `/health`, endpoint error
 * kinds, probe time) is not kept; endpoint errors stay as their stderr lines.
 * @param etcd - the status
 * @returns the block, to serialize with a bigint-aware JSON writer
 */
export function etcdBlockOf(etcd: EtcdStatus): RecordedEtcdBlock {
  return {
    members: etcd.members.map((m) => ({
      ID: m.id,
      name: m.name,
      peerURLs: m.peerURLs,
      clientURLs: m.clientURLs,
      ...(m.isLearner ? { isLearner: true as const } : {}),
    })),
    endpoint_status: etcd.endpointStatus.map((e) => ({
      Endpoint: e.endpoint,
      Status: {
        header: { member_id: e.memberId },
        leader: e.leader,
        raftTerm: e.raftTerm,
        raftIndex: e.raftIndex,
        raftAppliedIndex: e.raftAppliedIndex,
        dbSize: e.dbSize,
        dbSizeInUse: e.dbSizeInUse,
        version: e.version,
        ...(e.isLearner ? { isLearner: true as const } : {}),
      },
    })),
    endpoint_status_stderr: etcd.errors,
    alarms: etcd.alarms.map((a) => ({ memberID: a.memberId, alarm: a.alarm })),
    ...(etcd.dbSizeQuota === undefined ? {} : { db_size_quota: etcd.dbSizeQuota }),
  };
}

/** What a snapshot file says about itself, beside the objects. */
export interface SnapshotFileHeader {
  /** One line for the file's `source` field, e.g. `k8s-ha-bot snapshot of cluster prod (context prod-admin)`. */
  source: string;
}

/**
 * Write a snapshot read with every pod whole (`readSnapshot({ keepEveryPod: true })`) as a snapshot
 * file: `captured_at` first (a streaming reader shifts items as it reads them), then `source`,
 * `readyz`, `etcd`, `read_errors` and the `cluster` List, one item per line (the loader's fast path).
 * Read errors keep resource, reason and status only: their `detail` may carry upstream bodies.
 * @param snapshot - the snapshot (its `pods` must be every pod of the cluster)
 * @param header - see {@link SnapshotFileHeader}
 * @returns the file's JSON text, ending with a newline
 */
export function snapshotFileText(snapshot: ClusterSnapshot, header: SnapshotFileHeader): string {
  const items: unknown[] = [
    ...snapshot.nodes,
    ...snapshot.pods,
    ...snapshot.leases,
    ...snapshot.podDisruptionBudgets,
    ...snapshot.workloads,
    ...snapshot.apiserverEndpointSlices,
    ...(snapshot.persistentVolumeClaims ?? []),
    ...(snapshot.persistentVolumes ?? []),
    ...(snapshot.services ?? []),
    // what stops for the whole cluster with a node (issue 29)
    ...(snapshot.namespaces ?? []),
    ...(snapshot.webhookConfigurations ?? []),
    ...(snapshot.apiServices ?? []),
    ...(snapshot.backendEndpointSlices ?? []),
    ...(snapshot.csiDrivers ?? []),
    ...(snapshot.volumeAttachments ?? []),
    ...(snapshot.serviceL2Statuses ?? []),
    ...(snapshot.kubeProxyConfig?.configMap ? [snapshot.kubeProxyConfig.configMap] : []),
  ];
  const readErrors = snapshot.readErrors.map((e): Omit<ReadError, 'detail'> => ({
    resource: e.resource,
    reason: e.reason,
    ...(e.status === undefined ? {} : { status: e.status }),
  }));
  const lines = [
    '{',
    ` "captured_at": ${JSON.stringify(snapshot.capturedAt.toISOString())},`,
    ` "source": ${JSON.stringify(header.source)},`,
    ` "readyz": ${JSON.stringify(snapshot.readyz?.text ?? null)},`,
    ` "etcd": ${snapshot.etcd === null ? 'null' : losslessStringify(etcdBlockOf(snapshot.etcd))},`,
    ` "read_errors": ${JSON.stringify(readErrors)},`,
    ' "cluster": {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": [',
    items.map((item) => JSON.stringify(item)).join(',\n'),
    ']}',
    '}',
  ];
  return `${lines.join('\n')}\n`;
}

/** Options of {@link captureSnapshot}. */
export interface CaptureSnapshotOptions {
  /** Configuration with the context to read already selected. */
  kubeConfig: KubeConfig;
  /** The cluster's name (configured, or the context's). */
  cluster: string;
  /** See {@link SnapshotFileHeader.source}. */
  source: string;
  /** Timeout of one HTTP request, in ms. @defaultValue 5000 */
  requestTimeoutMs?: number;
  /** Deadline of the whole read, in ms. @defaultValue 20000 */
  deadlineMs?: number;
  /**
   * The live etcd probe of a cluster with an `etcd` entry, given the pods (whose annotations name
   * the endpoints when none are configured); absent: etcd is not observed (`"etcd": null`).
   */
  probeEtcd?: (pods: ClusterSnapshot['pods']) => Promise<EtcdStatus>;
  logger?: Logger;
  /** Clock for `captured_at`. @defaultValue real time */
  now?: () => Date;
}

/**
 * Read a cluster as the worker does, every pod whole, probe etcd where configured, and return it
 * as snapshot file text ({@link snapshotFileText}).
 * @param options - see {@link CaptureSnapshotOptions}
 * @returns the file's JSON text, and the snapshot it was written from
 * @throws ClusterReadError as `readSnapshot` when nodes cannot be read (nothing is written then)
 */
export async function captureSnapshot(
  options: CaptureSnapshotOptions,
): Promise<{ text: string; snapshot: ClusterSnapshot }> {
  let snapshot = await readSnapshot({
    kubeConfig: options.kubeConfig,
    cluster: options.cluster,
    focusNode: null,
    keepEveryPod: true,
    ...(options.requestTimeoutMs === undefined ? {} : { requestTimeoutMs: options.requestTimeoutMs }),
    ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.now ? { now: options.now } : {}),
  });
  if (options.probeEtcd) snapshot = { ...snapshot, etcd: await options.probeEtcd(snapshot.pods) };
  return { text: snapshotFileText(snapshot, { source: options.source }), snapshot };
}
