/**
 * What became of a node's pods, read from the API when its maintenance ends (issue 34): each
 * forecast pod's eviction answers (recorded by the drain) and its replacement, found by its
 * controller's uid among the pods created since the drain started — scheduled where and when,
 * Ready when, or Pending with the scheduler's reason (the pod's `PodScheduled=False` condition,
 * else its latest `FailedScheduling` event).
 * @see https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-conditions
 */
import type { KPod } from '../../cluster/types.js';
import { controllerOf } from '../../analysis/cluster-index.js';
import { safeText } from '../../util/safe-text.js';
import type { Logger } from '../../util/logger.js';
import type { MaintenanceRequest } from '../types.js';
import type { KubeApi } from '../execute/kube-api.js';
import { seg } from '../execute/kube-api.js';
import type { KNode } from '../../cluster/types.js';
import { nodeKindOf } from './forecast.js';
import type { Fate, NodeKind } from '../../explain/forecast-comparison.js';
import type { NodeForecast, ObservedEviction, ObservedOutcome, ObservedPod } from './forecast.js';

/** Longest scheduler reason kept, in characters (cluster text: bounded and sanitised). */
export const MAX_REASON_CHARS = 300;

const reasonText = (s: string): string => safeText(s.replace(/\s+/g, ' ').trim()).slice(0, MAX_REASON_CHARS);

/**
 * The fleeting reason of a Pending pod: its PodScheduled=False message, else the newest
 * FailedScheduling event's message, else undefined.
 */
async function pendingReason(api: KubeApi, pod: KPod): Promise<string | undefined> {
  const cond = pod.status?.conditions?.find((c) => c.type === 'PodScheduled' && c.status === 'False');
  if (cond?.message) return reasonText(cond.message);
  const ns = pod.metadata.namespace ?? 'default';
  const res = await api.request<{ items?: { reason?: string; message?: string; lastTimestamp?: string }[] }>(
    'GET',
    `/api/v1/namespaces/${seg(ns)}/events?fieldSelector=${encodeURIComponent(`involvedObject.name=${pod.metadata.name}`)}`,
  );
  const events = (res.status === 200 ? (res.body?.items ?? []) : []).filter(
    (e) => e.reason === 'FailedScheduling',
  );
  const last = events.at(-1);
  return last?.message ? reasonText(last.message) : undefined;
}

const conditionTime = (p: KPod, type: string): string | undefined =>
  p.status?.conditions?.find((c) => c.type === type && c.status === 'True')?.lastTransitionTime ?? undefined;

/**
 * Observe the outcome of a node's maintenance.
 * @param api - the cluster
 * @param r - the request (its progress gives the times and bootIDs)
 * @param forecast - the forecast of the node (its pods are the ones looked at)
 * @param evictions - the eviction answers the drain recorded
 * @param o - `now`: the clock; `apiServersSeen`: fewest API servers seen alive while the node was away
 * @returns the outcome; a pod whose namespace cannot be read is `unknown`
 */
export async function observeOutcome(
  api: KubeApi,
  r: MaintenanceRequest,
  forecast: NodeForecast,
  evictions: readonly ObservedEviction[],
  o: { now: Date; logger: Logger },
): Promise<ObservedOutcome> {
  const p = r.progress;
  const since = Date.parse(p.drainStartedAt ?? p.startedAt ?? r.requestedAt) - 1000;
  const byPod = new Map(evictions.map((e) => [e.pod, e]));
  const namespaces = [...new Set(forecast.pods.map((f) => f.pod.slice(0, f.pod.indexOf('/'))))];
  const podsOf = new Map<string, KPod[] | null>();
  for (const ns of namespaces) {
    const res = await api.request<{ items?: KPod[] }>('GET', `/api/v1/namespaces/${seg(ns)}/pods`);
    if (res.status !== 200)
      o.logger.warn({ namespace: ns, status: res.status }, 'could not list pods to observe replacements');
    podsOf.set(ns, res.status === 200 ? (res.body?.items ?? []) : null);
  }
  const kinds = new Map<string, NodeKind | null>();
  const kindOf = async (name: string): Promise<NodeKind | null> => {
    if (!kinds.has(name)) {
      const res = await api.request<KNode>('GET', `/api/v1/nodes/${seg(name)}`);
      kinds.set(name, res.status === 200 && res.body ? nodeKindOf(res.body) : null);
    }
    return kinds.get(name) ?? null;
  };
  const taken = new Set<string>();
  const pods: ObservedPod[] = [];
  for (const f of forecast.pods) {
    const e = byPod.get(f.pod);
    const evicted = (e?.answers['201'] ?? 0) + (e?.answers['200'] ?? 0) > 0;
    if (!evicted) {
      const refused = (e?.answers['429'] ?? 0) + (e?.answers['500'] ?? 0) > 0;
      pods.push({
        pod: f.pod,
        fate: refused ? 'refused' : 'unknown',
        ...(e?.budget ? { budget: e.budget } : {}),
      });
      continue;
    }
    if (!f.ownerUid) {
      pods.push({ pod: f.pod, fate: f.fate === 'lost' ? 'lost' : 'deleted' });
      continue;
    }
    const ns = f.pod.slice(0, f.pod.indexOf('/'));
    const list = podsOf.get(ns);
    if (!list) {
      pods.push({ pod: f.pod, fate: 'unknown' });
      continue;
    }
    const replacement = list
      .filter(
        (k) =>
          controllerOf(k)?.uid === f.ownerUid &&
          !taken.has(k.metadata.uid ?? k.metadata.name) &&
          Date.parse(k.metadata.creationTimestamp ?? '') >= since,
      )
      .sort(
        (a, b) =>
          Date.parse(a.metadata.creationTimestamp ?? '') - Date.parse(b.metadata.creationTimestamp ?? ''),
      )[0];
    if (!replacement) {
      pods.push({ pod: f.pod, fate: 'pending', reason: 'no replacement pod was created' });
      continue;
    }
    taken.add(replacement.metadata.uid ?? replacement.metadata.name);
    const node = replacement.spec?.nodeName;
    const name = `${ns}/${replacement.metadata.name}`;
    const scheduledAt = conditionTime(replacement, 'PodScheduled');
    const readyAt = conditionTime(replacement, 'Ready');
    const times = { ...(scheduledAt ? { scheduledAt } : {}), ...(readyAt ? { readyAt } : {}) };
    let fate: Fate = 'moved';
    let reason: string | undefined;
    if (!node) {
      fate = 'pending';
      reason = await pendingReason(api, replacement);
    } else if (node === r.node) {
      fate = 'pending';
      reason = `waited for ${r.node} to be back`;
    }
    const nodeKind = fate === 'moved' && node ? await kindOf(node) : null;
    pods.push({
      pod: f.pod,
      fate,
      replacement: name,
      ...(node ? { node } : {}),
      ...(nodeKind ? { nodeKind } : {}),
      ...times,
      ...(reason ? { reason } : {}),
    });
  }
  const ms = (a?: string, b?: string): number | null =>
    a && b ? Math.max(0, Date.parse(b) - Date.parse(a)) : null;
  return {
    node: r.node,
    at: o.now.toISOString(),
    evictions: [...evictions],
    pods,
    drainMs: ms(p.drainStartedAt, p.drainedAt),
    awayMs: ms(p.rebootSeenAt, p.verifiedAt),
    ...(p.rebootSeenAt ? { notReadyAt: p.rebootSeenAt } : {}),
    ...(p.verifiedAt ? { readyAt: p.verifiedAt } : {}),
    ...(p.bootIdBefore ? { bootIdBefore: p.bootIdBefore } : {}),
    ...(p.bootIdAfter ? { bootIdAfter: p.bootIdAfter } : {}),
    bootIdChanged: p.bootIdBefore && p.bootIdAfter ? p.bootIdBefore !== p.bootIdAfter : null,
    apiServersSeen: p.apiServersSeen ?? null,
    etcdVotersSeen: p.etcdVotersSeen ?? null,
  };
}

/** The label of kube-apiserver identity Leases (APIServerIdentity, kube-system). */
const APISERVER_IDENTITY = 'apiserver.kubernetes.io/identity=kube-apiserver';

/**
 * kube-apiservers alive now: their identity Leases in kube-system renewed within their duration.
 * @see https://kubernetes.io/docs/concepts/architecture/leases/#api-server-identity
 * @returns the count, or null when the Leases cannot be read
 */
export async function apiServersAlive(api: KubeApi, now: Date, logger: Logger): Promise<number | null> {
  const res = await api.request<{
    items?: { spec?: { renewTime?: string; leaseDurationSeconds?: number } }[];
  }>(
    'GET',
    `/apis/coordination.k8s.io/v1/namespaces/kube-system/leases?labelSelector=${encodeURIComponent(APISERVER_IDENTITY)}`,
  );
  if (res.status !== 200) {
    logger.warn({ status: res.status }, "could not read the API servers' identity Leases");
    return null;
  }
  return (res.body?.items ?? []).filter((l) => {
    const renewed = Date.parse(l.spec?.renewTime ?? '');
    return !Number.isNaN(renewed) && now.getTime() - renewed <= (l.spec?.leaseDurationSeconds ?? 3600) * 1000;
  }).length;
}
