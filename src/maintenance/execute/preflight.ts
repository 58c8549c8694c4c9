/**
 * Checks run just before a maintenance touches the node (with the maintenance lock held), so that
 * a cluster that changed since the approval stops the execution with a precise reason:
 *
 * - the node itself must exist and be Ready (`node-not-ready`);
 * - every other control-plane node must be Ready (`other-control-plane-not-ready`): rebooting a
 *   control-plane node next to a NotReady one can cost etcd quorum, and a worker reboot needs a
 *   healthy control plane to get its pods back (docs/checks.md, control-plane-healthy-for-worker);
 * - for a control-plane target, no other control-plane node may be cordoned
 *   (`other-control-plane-cordoned`): another maintenance of the control plane is going on
 *   (kured once cordoned the last control-plane node);
 * - kured must not hold its node lock (`kured-lock`): the `weave.works/kured-node-lock`
 *   annotation on its DaemonSet (any namespace, named or labelled kured);
 * - pods without a controller on the node need a forced request (`unmanaged-pods`), as
 *   `kubectl drain` needs `--force` (they are deleted for good).
 * @see https://kured.dev/docs/operation/ (the lock annotation)
 */
import { hasControlPlaneLabel, isCordoned, isNodeReady } from '../../analysis/cluster-index.js';
import type { KNode, KObjectMeta } from '../../cluster/types.js';
import type { Logger } from '../../util/logger.js';
import type { MaintenanceRequest } from '../types.js';
import { classifyPods, listPodsOnNode, podKey } from './drain.js';
import type { KubeApi } from './kube-api.js';
import { MaintenanceStopError, stopForStatus } from './kube-api.js';

/** kured's lock annotation on its DaemonSet. */
export const KURED_LOCK_ANNOTATION = 'weave.works/kured-node-lock';

/** What {@link preflight} saw of the target node (for the executor's progress). */
export interface PreflightResult {
  node: KNode;
}

/**
 * Run the preflight checks.
 * @param api - the cluster client
 * @param request - the request (node, role, force)
 * @param lockNamespace - for the forbidden text
 * @param now - the clock (kured lock TTL)
 * @param logger - upstream bodies go here
 * @returns the target node as read
 * @throws MaintenanceStopError with the first failed check's reason; `forbidden` / `api-error`
 */
export async function preflight(
  api: KubeApi,
  request: MaintenanceRequest,
  lockNamespace: string,
  now: Date,
  logger?: Logger,
): Promise<PreflightResult> {
  const res = await api.request<{ items?: KNode[] }>('GET', '/api/v1/nodes');
  if (res.status !== 200 || !Array.isArray(res.body?.items))
    throw stopForStatus(res, 'GET nodes', lockNamespace, logger);
  const nodes = res.body.items;
  const target = nodes.find((n) => n.metadata.name === request.node);
  if (!target) throw new MaintenanceStopError('node-not-ready', `node ${request.node} no longer exists`);
  if (!isNodeReady(target))
    throw new MaintenanceStopError('node-not-ready', `node ${request.node} is not Ready`);
  const targetIsCp = hasControlPlaneLabel(target) || request.nodeRole === 'control-plane';
  const others = nodes.filter((n) => n.metadata.name !== request.node && hasControlPlaneLabel(n));
  const notReady = others.filter((n) => !isNodeReady(n)).map((n) => n.metadata.name);
  if (notReady.length > 0) {
    throw new MaintenanceStopError(
      'other-control-plane-not-ready',
      `control-plane node(s) ${notReady.join(', ')} not Ready`,
    );
  }
  if (targetIsCp) {
    const cordoned = others.filter(isCordoned).map((n) => n.metadata.name);
    if (cordoned.length > 0)
      throw new MaintenanceStopError(
        'other-control-plane-cordoned',
        `control-plane node(s) ${cordoned.join(', ')} cordoned`,
      );
  }
  const kured = await kuredLockHolder(api, now, lockNamespace, logger, request.id);
  if (kured) throw new MaintenanceStopError('kured-lock', `kured holds its reboot lock (${kured})`);
  const pods = await listPodsOnNode(api, request.node, lockNamespace, logger);
  const { unmanaged } = classifyPods(pods, request.force);
  if (unmanaged.length > 0) {
    throw new MaintenanceStopError(
      'unmanaged-pods',
      `pod(s) without a controller on ${request.node}: ${unmanaged.map(podKey).join(', ')}; they would be deleted for good (needs a forced request)`,
    );
  }
  return { node: target };
}

interface KuredLock {
  nodeID?: string;
  created?: string;
  /** Go duration in ns (kured's `--lock-ttl`; 0 = never expires). */
  TTL?: number;
  /** Multi-lock form (kured `--concurrency` > 1, `DaemonSetMultiLock`): one entry per holder. */
  locks?: KuredLock[];
  maxOwners?: number;
}

/**
 * Who holds kured's lock, if anyone: the `weave.works/kured-node-lock` annotation of a DaemonSet
 * named or labelled kured (`app`, `name`, `app.kubernetes.io/name`), in any namespace, in its single
 * form (`{nodeID, created, TTL}`) or its multi-lock form (`{maxOwners, locks: [...]}`, kured
 * `--concurrency` > 1; kured's pkg/daemonsetlock). An entry with an empty `nodeID`, or past its
 * TTL, is free.
 * An entry the bot took for request `ownRequestId` (`nodeID` `k8s-ha-bot/<id>`, fleet plans)
 * is the request's own and does not count.
 * @param ownRequestId - the request being checked (`mr-…`), whose own kured lock entry is ignored
 * @returns `namespace/daemonset: node`, or null when free (or no kured)
 * @throws MaintenanceStopError `forbidden` / `api-error` when DaemonSets cannot be listed
 */
export async function kuredLockHolder(
  api: KubeApi,
  now: Date,
  lockNamespace: string,
  logger?: Logger,
  ownRequestId?: string,
): Promise<string | null> {
  const res = await api.request<{ items?: { metadata: KObjectMeta }[] }>('GET', '/apis/apps/v1/daemonsets');
  if (res.status !== 200 || !Array.isArray(res.body?.items))
    throw stopForStatus(res, 'GET daemonsets', lockNamespace, logger);
  for (const ds of res.body.items) {
    const m = ds.metadata;
    const labels = m.labels ?? {};
    const isKured =
      /kured/.test(m.name) ||
      [labels.app, labels.name, labels['app.kubernetes.io/name']].some(
        (v) => v !== undefined && /kured/.test(v),
      );
    const raw = m.annotations?.[KURED_LOCK_ANNOTATION];
    if (!isKured || raw === undefined) continue;
    let lock: KuredLock;
    try {
      lock = JSON.parse(raw) as KuredLock;
    } catch (err) {
      if (!(err instanceof SyntaxError)) throw err;
      return `${m.namespace ?? ''}/${m.name}: unreadable lock annotation`; // unreadable: assume held
    }
    // Single lock `{nodeID, created, TTL}`, or kured's multi-lock `{maxOwners, locks: [...]}`.
    const entries = Array.isArray(lock.locks) ? lock.locks : [lock];
    const own = ownRequestId === undefined ? null : `k8s-ha-bot/${ownRequestId}`;
    const holders = entries
      .filter((entry) => entry.nodeID && entry.nodeID !== own && !kuredEntryExpired(entry, now))
      .map((entry) => entry.nodeID);
    if (holders.length > 0) return `${m.namespace ?? ''}/${m.name}: ${holders.join(', ')}`;
  }
  return null;
}

/** Whether one kured lock entry is past its TTL (a TTL of 0 or none never expires). */
function kuredEntryExpired(entry: KuredLock, now: Date): boolean {
  const created = Date.parse(entry.created ?? '');
  return (
    entry.TTL !== undefined &&
    entry.TTL > 0 &&
    !Number.isNaN(created) &&
    created + entry.TTL / 1e6 < now.getTime()
  );
}
