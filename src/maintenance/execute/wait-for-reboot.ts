/**
 * Waiting for a drained node's reboot, and checking it came back whole (docs/checks.md, "After an
 * approved reboot"):
 *
 * 1. {@link waitForNewBoot}: `status.nodeInfo.bootID` differs from the one recorded before the
 *    drain (kubelet reports the kernel's boot id; a new one means the machine rebooted);
 * 2. {@link verifyNode}: `Ready=True`; the node's Lease in `kube-node-lease` renewed within the
 *    last 40 s ({@link NODE_LEASE_FRESH_MS}); the node's static (mirror) pods Ready; and the
 *    node's etcd member healthy, where the deployment can observe etcd.
 *
 * Both share one deadline (`reboot.timeoutMs` from the end of the drain, default 30 min). The API
 * being unreachable meanwhile (the apiserver of a rebooting control-plane node) is waited out.
 * @see https://kubernetes.io/docs/concepts/architecture/leases/#node-heart-beats
 */
import { isMirrorPod, isNodeReady, isPodReady } from '../../analysis/cluster-index.js';
import { NODE_MONITOR_GRACE_PERIOD_S } from '../../analysis/domain.js';
import type { KLease } from '../../cluster/types.js';
import type { Logger } from '../../util/logger.js';
import { readNode } from './cordon.js';
import { listPodsOnNode } from './drain.js';
import type { KubeApi } from './kube-api.js';
import { MaintenanceStopError, isApiUnreachable, seg, sleep, stopForStatus } from './kube-api.js';

/**
 * A node Lease older than this is stale, in ms: 40 s, the shorter node-monitor grace period
 * (before Kubernetes 1.32; 50 s from 1.32, CHANGELOG-1.32), so a Lease counted fresh here is fresh
 * for the controller of any version. Not told to users as the cluster's grace period.
 */
export const NODE_LEASE_FRESH_MS = NODE_MONITOR_GRACE_PERIOD_S * 1000;

/** Options shared by the two waits. */
export interface RebootWaitOptions {
  api: KubeApi;
  node: string;
  /** Epoch ms after which the wait stops with `reboot-timeout`. */
  deadline: number;
  /** Time between two looks, in ms. @defaultValue 1500 */
  pollMs?: number;
  lockNamespace: string;
  now: () => Date;
  signal?: AbortSignal;
  logger: Logger;
  /** True when a cancel was asked (checked every poll). */
  isCancelled: () => Promise<boolean>;
}

/**
 * Wait for a new boot id.
 * @param o - see {@link RebootWaitOptions}; `bootIdBefore` the id recorded before the drain;
 *   `onDown` called once when the node is first seen not Ready
 * @returns the new boot id, or `cancelled`
 * @throws MaintenanceStopError `reboot-timeout` at the deadline; `forbidden` / `api-error`
 */
export async function waitForNewBoot(
  o: RebootWaitOptions & { bootIdBefore: string | undefined; onDown?: () => Promise<void> },
): Promise<{ bootId: string } | 'cancelled'> {
  let downSeen = false;
  for (;;) {
    if (await o.isCancelled()) return 'cancelled';
    const node = await unlessUnreachable(o, () => readNode(o.api, o.node, o.lockNamespace, o.logger));
    if (node === null) throw new MaintenanceStopError('api-error', `node ${o.node} no longer exists`);
    const bootId = node?.status?.nodeInfo?.bootID;
    if (bootId && bootId !== o.bootIdBefore) return { bootId };
    if (!downSeen && node && !isNodeReady(node)) {
      downSeen = true;
      await o.onDown?.();
    }
    if (o.now().getTime() >= o.deadline) {
      throw new MaintenanceStopError(
        'reboot-timeout',
        `${o.node} did not reboot in time: ${node ? `no new bootID (still ${o.bootIdBefore ?? 'unknown'})` : 'the Kubernetes API could not be reached'}${downSeen ? '; it was seen down' : ''}`,
      );
    }
    await sleep(Math.max(0, Math.min(o.pollMs ?? 1500, o.deadline - o.now().getTime())), o.signal);
  }
}

/**
 * What is still missing after a reboot (empty when the node is back whole).
 * @param o - see {@link RebootWaitOptions}; `etcdHealthy` when etcd is observable
 * @returns short texts, e.g. `Ready is Unknown`, `node Lease renewed 75 s ago`
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export async function missingAfterReboot(
  o: RebootWaitOptions & { etcdHealthy?: (node: string) => Promise<boolean | null> },
): Promise<string[]> {
  const missing: string[] = [];
  const node = await readNode(o.api, o.node, o.lockNamespace, o.logger);
  if (!node) throw new MaintenanceStopError('api-error', `node ${o.node} no longer exists`);
  if (!isNodeReady(node))
    missing.push(`Ready is ${node.status?.conditions?.find((c) => c.type === 'Ready')?.status ?? 'missing'}`);
  const leaseRes = await o.api.request<KLease>(
    'GET',
    `/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/${seg(o.node)}`,
  );
  if (leaseRes.status === 404) missing.push('no node Lease');
  else if (leaseRes.status !== 200 || !leaseRes.body)
    throw stopForStatus(leaseRes, `GET node lease ${o.node}`, o.lockNamespace, o.logger);
  else {
    const renewed = Date.parse(leaseRes.body.spec?.renewTime ?? '');
    const age = o.now().getTime() - renewed;
    if (Number.isNaN(renewed)) missing.push('node Lease never renewed');
    else if (age > NODE_LEASE_FRESH_MS) missing.push(`node Lease renewed ${Math.round(age / 1000)} s ago`);
  }
  const pods = await listPodsOnNode(o.api, o.node, o.lockNamespace, o.logger);
  const notReady = pods.filter((p) => isMirrorPod(p) && !isPodReady(p)).map((p) => p.metadata.name);
  if (notReady.length > 0) missing.push(`static pod(s) not Ready: ${notReady.join(', ')}`);
  // Asked last, and only once the node is otherwise back: it reads etcd (and, through the answer
  // step, a fresh snapshot), and the member cannot be healthy before its static pod is Ready.
  if (o.etcdHealthy && missing.length === 0) {
    let healthy: boolean | null;
    try {
      healthy = await o.etcdHealthy(o.node);
    } catch (err) {
      o.logger.warn({ err, node: o.node }, 'etcd health probe failed');
      healthy = false;
    }
    if (healthy === false) missing.push('etcd member not healthy');
  }
  return missing;
}

/**
 * Wait until {@link missingAfterReboot} is empty.
 * @param o - see {@link RebootWaitOptions}; `etcdHealthy` when etcd is observable
 * @returns `verified` or `cancelled`
 * @throws MaintenanceStopError `reboot-timeout` listing what is missing at the deadline
 */
export async function verifyNode(
  o: RebootWaitOptions & { etcdHealthy?: (node: string) => Promise<boolean | null> },
): Promise<'verified' | 'cancelled'> {
  for (;;) {
    if (await o.isCancelled()) return 'cancelled';
    const missing = (await unlessUnreachable(o, () => missingAfterReboot(o))) ?? [
      'the Kubernetes API could not be reached',
    ];
    if (missing.length === 0) return 'verified';
    if (o.now().getTime() >= o.deadline) {
      throw new MaintenanceStopError(
        'reboot-timeout',
        `${o.node} rebooted but is not back in time: ${missing.join('; ')}`,
      );
    }
    await sleep(Math.max(0, Math.min(o.pollMs ?? 1500, o.deadline - o.now().getTime())), o.signal);
  }
}

/**
 * Run a read; when the API cannot be reached (`api-error`: the apiserver behind a rebooting
 * control-plane node, a network blip) log it and give undefined, so the wait goes on until its
 * deadline. Other stops (403) are thrown.
 */
async function unlessUnreachable<T>(o: RebootWaitOptions, read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (err) {
    if (!isApiUnreachable(err, o.signal)) throw err;
    o.logger.warn(
      { err, node: o.node },
      'the Kubernetes API could not be read while waiting for the reboot; still waiting',
    );
    return undefined;
  }
}
