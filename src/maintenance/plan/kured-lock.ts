/**
 * kured as a neighbour: while the bot works on a node of a plan it holds kured's
 * reboot lock, the `weave.works/kured-node-lock` annotation on kured's DaemonSet, so kured does not
 * reboot another node at the same time; and it never takes a node while kured holds the lock.
 *
 * The annotation's two forms are kured's (kubereboot/kured, pkg/daemonsetlock):
 * - single lock (`--concurrency` 1): `{"nodeID","metadata":{"unschedulable"},"created","TTL"}`;
 * - multi-lock (`--concurrency` > 1): `{"maxOwners","locks":[<single>…]}`.
 * `TTL` is a Go duration in ns (0: never expires). The bot's entry has `nodeID`
 * `k8s-ha-bot/<request id>` (never a node name, so no kured pod believes it holds the lock) and a
 * TTL (the node's deadline), so a lock left behind by a dead bot frees itself for kured too.
 * Writes are JSON merge patches of the annotation alone with the DaemonSet's `resourceVersion`
 * (409: read again), so the bot needs `patch` on kured's DaemonSet and nothing more.
 */
import { BOT_KURED_LOCK_PREFIX } from '../../analysis/domain.js';
import type { KObjectMeta } from '../../cluster/types.js';
import type { Logger } from '../../util/logger.js';
import { KURED_LOCK_ANNOTATION } from '../execute/preflight.js';
import type { KubeApi } from '../execute/kube-api.js';
import { seg, stopForStatus } from '../execute/kube-api.js';

/** One entry of kured's lock, as kured writes it. */
export interface KuredLockEntry {
  nodeID: string;
  metadata?: { unschedulable?: boolean; request?: string; node?: string };
  created: string;
  /** Go duration, ns. */
  TTL: number;
}

/** The lock as read: holders that are not expired, and whether the bot holds it for `request`. */
export interface KuredLockState {
  /** `namespace/name` of kured's DaemonSet, or null when there is no kured. */
  daemonSet: string | null;
  /** Live entries (not past their TTL). */
  holders: KuredLockEntry[];
  /** `maxOwners` of the multi-lock form; 1 for the single form. */
  maxOwners: number;
}

interface DaemonSet {
  metadata: KObjectMeta & { resourceVersion?: string };
  [k: string]: unknown;
}

/** The bot's `nodeID` in kured's lock for a request. */
export function kuredNodeIdFor(requestId: string): string {
  return `${BOT_KURED_LOCK_PREFIX}${requestId}`;
}

/**
 * The request (or plan step) behind one of the bot's own `nodeID`s in kured's lock.
 * @param nodeID - an entry's `nodeID`
 * @returns the id after {@link BOT_KURED_LOCK_PREFIX}, or undefined for an entry of kured's own
 */
export function botRequestIdOf(nodeID: string): string | undefined {
  return nodeID.startsWith(BOT_KURED_LOCK_PREFIX) ? nodeID.slice(BOT_KURED_LOCK_PREFIX.length) : undefined;
}

function isKured(m: KObjectMeta): boolean {
  const labels = m.labels ?? {};
  return (
    /kured/.test(m.name) ||
    [labels.app, labels.name, labels['app.kubernetes.io/name']].some(
      (v) => v !== undefined && /kured/.test(v),
    )
  );
}

function expired(e: KuredLockEntry, now: Date): boolean {
  const created = Date.parse(e.created);
  return e.TTL > 0 && !Number.isNaN(created) && created + e.TTL / 1e6 <= now.getTime();
}

function parse(
  raw: string | undefined,
): { multi: boolean; maxOwners: number; entries: KuredLockEntry[] } | null {
  if (raw === undefined || raw === '') return { multi: false, maxOwners: 1, entries: [] };
  try {
    const v = JSON.parse(raw) as {
      nodeID?: string;
      locks?: KuredLockEntry[];
      maxOwners?: number;
    } & Partial<KuredLockEntry>;
    if (Array.isArray(v.locks))
      return { multi: true, maxOwners: Math.max(1, v.maxOwners ?? 1), entries: v.locks };
    return {
      multi: false,
      maxOwners: 1,
      entries: v.nodeID
        ? [
            {
              nodeID: v.nodeID,
              created: v.created ?? '',
              TTL: v.TTL ?? 0,
              ...(v.metadata ? { metadata: v.metadata } : {}),
            },
          ]
        : [],
    };
  } catch {
    return null;
  }
}

async function findKured(api: KubeApi, lockNamespace: string, logger?: Logger): Promise<DaemonSet | null> {
  const res = await api.request<{ items?: DaemonSet[] }>('GET', '/apis/apps/v1/daemonsets');
  if (res.status !== 200 || !Array.isArray(res.body?.items))
    throw stopForStatus(res, 'GET daemonsets', lockNamespace, logger);
  // Several DaemonSets may look like kured (an exporter, a decoy): the one whose lock is held first,
  // then the one named `kured`, so a look-alike listed earlier never hides kured's lock.
  const all = res.body.items.filter((d) => isKured(d.metadata));
  return (
    all.find((d) => (d.metadata.annotations?.[KURED_LOCK_ANNOTATION] ?? '') !== '') ??
    all.find((d) => d.metadata.name === 'kured') ??
    all[0] ??
    null
  );
}

/**
 * Write the lock annotation with a JSON merge patch (RFC 7386) carrying the read
 * `resourceVersion`: kube-apiserver answers 409 when the DaemonSet changed since (optimistic
 * concurrency, as kured's own updates), and the bot needs only `patch` on kured's DaemonSet
 * (deploy/overlays/maintenance/rbac-maintenance.yaml), never `update` of its spec.
 * @param value - the annotation's new text, or null to remove it
 */
function patchLock(api: KubeApi, ds: DaemonSet, value: string | null) {
  return api.request(
    'PATCH',
    `/apis/apps/v1/namespaces/${seg(ds.metadata.namespace ?? '')}/daemonsets/${seg(ds.metadata.name)}`,
    {
      contentType: 'application/merge-patch+json',
      body: {
        metadata: {
          ...(ds.metadata.resourceVersion ? { resourceVersion: ds.metadata.resourceVersion } : {}),
          annotations: { [KURED_LOCK_ANNOTATION]: value },
        },
      },
    },
  );
}

/**
 * Read kured's lock.
 * @param api - the cluster
 * @param now - for TTLs
 * @param lockNamespace - for the forbidden text
 * @returns the state; an unreadable annotation counts as held by `unreadable`
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export async function readKuredLock(
  api: KubeApi,
  now: Date,
  lockNamespace: string,
  logger?: Logger,
): Promise<KuredLockState> {
  const ds = await findKured(api, lockNamespace, logger);
  if (!ds) return { daemonSet: null, holders: [], maxOwners: 1 };
  const parsed = parse(ds.metadata.annotations?.[KURED_LOCK_ANNOTATION]);
  const name = `${ds.metadata.namespace ?? ''}/${ds.metadata.name}`;
  if (!parsed)
    return { daemonSet: name, holders: [{ nodeID: 'unreadable', created: '', TTL: 0 }], maxOwners: 1 };
  return {
    daemonSet: name,
    holders: parsed.entries.filter((e) => e.nodeID !== '' && !expired(e, now)),
    maxOwners: parsed.maxOwners,
  };
}

/**
 * Take kured's lock for a request (idempotent: already ours is ok). Single form: only when free
 * or expired. Multi form: when fewer than `maxOwners` live entries, and never while kured itself
 * holds an entry (the bot wants kured to reboot nothing while it works).
 * @param o - api, the request id and node, the TTL in ms, clock
 * @returns ok, or who holds it (`nodeID`s); ok with `daemonSet` null when there is no kured
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export async function acquireKuredLock(o: {
  api: KubeApi;
  requestId: string;
  node: string;
  ttlMs: number;
  now: () => Date;
  lockNamespace: string;
  logger?: Logger;
}): Promise<{ ok: true; daemonSet: string | null } | { ok: false; holders: string[] }> {
  const me = kuredNodeIdFor(o.requestId);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const ds = await findKured(o.api, o.lockNamespace, o.logger);
    if (!ds) return { ok: true, daemonSet: null };
    const parsed = parse(ds.metadata.annotations?.[KURED_LOCK_ANNOTATION]);
    if (!parsed) return { ok: false, holders: ['unreadable lock annotation'] };
    const live = parsed.entries.filter((e) => e.nodeID !== '' && !expired(e, o.now()));
    if (live.some((e) => e.nodeID === me))
      return { ok: true, daemonSet: `${ds.metadata.namespace ?? ''}/${ds.metadata.name}` };
    if (live.length > 0) return { ok: false, holders: live.map((e) => e.nodeID) };
    const entry: KuredLockEntry = {
      nodeID: me,
      metadata: { unschedulable: false, request: o.requestId, node: o.node },
      created: o.now().toISOString(),
      TTL: Math.round(o.ttlMs * 1e6),
    };
    const value = parsed.multi ? { maxOwners: parsed.maxOwners, locks: [entry] } : entry;
    const res = await patchLock(o.api, ds, JSON.stringify(value));
    const ns = ds.metadata.namespace ?? '';
    if (res.status === 409) continue;
    if (res.status !== 200)
      throw stopForStatus(res, `PATCH daemonset ${ns}/${ds.metadata.name}`, o.lockNamespace, o.logger);
    return { ok: true, daemonSet: `${ns}/${ds.metadata.name}` };
  }
  return { ok: false, holders: ['(the DaemonSet kept changing)'] };
}

/**
 * Release the bot's entry of kured's lock for a request (nothing when it is not there).
 * @returns whether an entry was removed
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export function releaseKuredLock(o: {
  api: KubeApi;
  requestId: string;
  lockNamespace: string;
  logger?: Logger;
}): Promise<boolean> {
  return removeKuredLockEntry({ ...o, nodeID: kuredNodeIdFor(o.requestId) });
}

/**
 * Remove one holder's entry of kured's lock, by its `nodeID` (the bot's own, or one kured left
 * behind: `break lock`); the single form loses its annotation, the multi-lock form the
 * entry. Nothing when that holder has no entry.
 * @param o - the API, the entry's `nodeID`, the `created` it must still have (a holder that took
 *   the lock again since is not removed), the bot's namespace (for the forbidden text)
 * @returns whether an entry was removed
 * @throws MaintenanceStopError `forbidden` / `api-error`
 */
export async function removeKuredLockEntry(o: {
  api: KubeApi;
  nodeID: string;
  created?: string;
  lockNamespace: string;
  logger?: Logger;
}): Promise<boolean> {
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const ds = await findKured(o.api, o.lockNamespace, o.logger);
    if (!ds) return false;
    const parsed = parse(ds.metadata.annotations?.[KURED_LOCK_ANNOTATION]);
    const match = (e: KuredLockEntry): boolean =>
      e.nodeID === o.nodeID && (o.created === undefined || e.created === o.created);
    if (!parsed || !parsed.entries.some(match)) return false;
    const value = parsed.multi
      ? JSON.stringify({ maxOwners: parsed.maxOwners, locks: parsed.entries.filter((e) => !match(e)) })
      : null;
    const res = await patchLock(o.api, ds, value);
    const ns = ds.metadata.namespace ?? '';
    if (res.status === 409) continue;
    if (res.status !== 200)
      throw stopForStatus(res, `PATCH daemonset ${ns}/${ds.metadata.name}`, o.lockNamespace, o.logger);
    return true;
  }
  return false;
}
