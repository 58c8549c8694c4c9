/**
 * Cordon and uncordon: `spec.unschedulable` set or removed with a strategic merge patch, as
 * `kubectl cordon` does. Both are idempotent (patching a cordoned node again changes nothing).
 * @see https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cordon/
 */
import { BOT_FIELD_MANAGER } from '../../analysis/domain.js';
import type { KNode } from '../../cluster/types.js';
import type { Logger } from '../../util/logger.js';
import type { KubeApi } from './kube-api.js';
import { MaintenanceStopError, seg, stopForStatus } from './kube-api.js';

/** The patch content type kube-apiserver needs for a strategic merge patch. */
export const STRATEGIC_MERGE_PATCH = 'application/strategic-merge-patch+json';

/**
 * Read a node.
 * @param api - the cluster client
 * @param name - node name
 * @param lockNamespace - for the forbidden text
 * @param logger - upstream bodies go here
 * @returns the node, or null when there is none
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export async function readNode(
  api: KubeApi,
  name: string,
  lockNamespace: string,
  logger?: Logger,
): Promise<KNode | null> {
  const res = await api.request<KNode>('GET', `/api/v1/nodes/${seg(name)}`);
  if (res.status === 404) return null;
  if (res.status !== 200 || !res.body) throw stopForStatus(res, `GET node ${name}`, lockNamespace, logger);
  return res.body;
}

/**
 * Set or clear `spec.unschedulable`, as field manager {@link BOT_FIELD_MANAGER}: the node's
 * managedFields then say the bot cordoned it, so an answer can tell the bot's cordon from one
 * someone else made (issue 16, check `prior-cordon`).
 * @param api - the cluster client
 * @param name - node name
 * @param unschedulable - true: cordon; false: uncordon (the field is removed, as kubectl does)
 * @param lockNamespace - for the forbidden text
 * @param logger - upstream bodies go here
 * @returns the patched node
 * @throws MaintenanceStopError `forbidden` (403), `api-error` (404 and other failures)
 */
export async function setUnschedulable(
  api: KubeApi,
  name: string,
  unschedulable: boolean,
  lockNamespace: string,
  logger?: Logger,
): Promise<KNode> {
  const res = await api.request<KNode>(
    'PATCH',
    `/api/v1/nodes/${seg(name)}?fieldManager=${BOT_FIELD_MANAGER}`,
    {
      body: { spec: { unschedulable: unschedulable ? true : null } },
      contentType: STRATEGIC_MERGE_PATCH,
    },
  );
  if (res.status === 404) throw new MaintenanceStopError('api-error', `node ${name} no longer exists`);
  if (res.status !== 200 || !res.body) throw stopForStatus(res, `PATCH node ${name}`, lockNamespace, logger);
  return res.body;
}
