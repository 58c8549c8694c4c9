/**
 * `k8s-ha-bot report mismatch <request id>` (issue 34 point 5): the cluster as captured when the
 * maintenance started (the `snapshot` command's format) plus the forecast, the observed outcome
 * and their comparison, in one file a user can attach to an issue. `ask --snapshot FILE` reads it
 * (the loader ignores the extra top-level `maintenance_outcome`).
 *
 * Removed before it is written: every container's environment values (`env[].value`; the
 * references `valueFrom` / `envFrom` name objects, not values), every ConfigMap's `data` and
 * `binaryData` values (keys kept), any Secret object, and the
 * `kubectl.kubernetes.io/last-applied-configuration` annotation (a copy of the whole object, env
 * values included); then every registered secret and known secret pattern is masked in the text
 * ({@link maskSecrets}).
 */
import type { Redis } from 'ioredis';
import { parse as losslessParse, stringify as losslessStringify } from 'lossless-json';
import { BotError } from '../../errors.js';
import { maskSecrets } from '../../util/redaction.js';
import { REQUEST_ID_PATTERN } from '../types.js';
import { ForecastStore } from './forecast-store.js';

/** What stands in for a removed value. */
export const REMOVED = '(removed)';

const LAST_APPLIED = 'kubectl.kubernetes.io/last-applied-configuration';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function scrubContainers(spec: Json): void {
  for (const field of ['containers', 'initContainers', 'ephemeralContainers']) {
    const list = spec[field];
    if (!Array.isArray(list)) continue;
    for (const c of list) {
      if (!isObject(c) || !Array.isArray(c.env)) continue;
      for (const e of c.env) if (isObject(e) && 'value' in e) e.value = REMOVED;
    }
  }
}

/**
 * One snapshot item without secrets or environment values, or null to leave it out (a Secret).
 * @param item - a Kubernetes object of the snapshot's List (changed in place)
 */
export function scrubItem(item: unknown): unknown {
  if (!isObject(item)) return item;
  // lossless-json reads numbers as LosslessNumber objects: only plain objects are walked
  if (item.kind === 'Secret') return null;
  const meta = item.metadata;
  if (isObject(meta) && isObject(meta.annotations)) delete meta.annotations[LAST_APPLIED];
  if (item.kind === 'ConfigMap') {
    for (const field of ['data', 'binaryData']) {
      const data = item[field];
      if (isObject(data)) for (const k of Object.keys(data)) data[k] = REMOVED;
    }
  }
  const spec = item.spec;
  if (isObject(spec)) {
    scrubContainers(spec);
    // workloads: their pod template
    const template = spec.template;
    if (isObject(template) && isObject(template.spec)) scrubContainers(template.spec);
    if (isObject(template) && isObject(template.metadata) && isObject(template.metadata.annotations))
      delete template.metadata.annotations[LAST_APPLIED];
  }
  return item;
}

/**
 * The report file of a request.
 * @param snapshotText - the approval snapshot (snapshot file text)
 * @param outcome - the forecast, outcome and comparison kept for the request (null: the node has
 *   not ended; the file then says so)
 * @param requestId - `mr-…`
 * @returns the file's JSON text, ending with a newline
 * @throws BotError `bad-request` when the snapshot text is not a snapshot file
 */
export function mismatchReportText(snapshotText: string, outcome: unknown, requestId: string): string {
  let file: Json;
  try {
    // lossless: etcd member ids are beyond 2^53
    file = losslessParse(snapshotText) as Json;
  } catch (err) {
    throw new BotError('bad-request', `the snapshot kept for ${requestId} is not JSON`, { cause: err });
  }
  const cluster = file.cluster;
  if (isObject(cluster) && Array.isArray(cluster.items))
    cluster.items = cluster.items.map(scrubItem).filter((i) => i !== null);
  file.source = `k8s-ha-bot report mismatch ${requestId} (cluster at approval)`;
  file.maintenance_outcome = outcome ?? { requestId, note: 'the maintenance has not ended: no outcome yet' };
  return `${maskSecrets(losslessStringify(file, null, 1) ?? '')}\n`;
}

/**
 * Read what a request left in Redis and make its report file.
 * @param redis - the bot's Redis
 * @param keyPrefix - the maintenance key prefix
 * @param requestId - `mr-…`
 * @returns the file text
 * @throws BotError `bad-request` for a malformed id, or when no snapshot is kept for it (never
 *   captured, or expired with the request)
 */
export async function mismatchReport(redis: Redis, keyPrefix: string, requestId: string): Promise<string> {
  if (!REQUEST_ID_PATTERN.test(requestId))
    throw new BotError('bad-request', `${JSON.stringify(requestId.slice(0, 40))} is not a request id (mr-…)`);
  const store = new ForecastStore(redis, keyPrefix);
  const snapshot = await store.getApprovalSnapshot(requestId);
  if (snapshot === null)
    throw new BotError(
      'bad-request',
      `no snapshot is kept for ${requestId}: it was not captured or has expired with the request`,
    );
  const record = await store.getRecord(requestId);
  return mismatchReportText(snapshot, record ? { requestId, ...record } : null, requestId);
}
