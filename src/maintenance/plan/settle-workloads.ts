/**
 * Settling on workloads between the steps of a plan (issue 34): just before a step's nodes are
 * drained, the Ready pods of every workload that has pods on them are counted
 * ({@link workloadBaselines}); after the step, the plan's settle checks count them again
 * ({@link workloadShortfalls}) and the next step waits until each is back to its count.
 *
 * - Which workloads: the controllers that replace an evicted pod elsewhere, by their top owner
 *   (a ReplicaSet's pods count for its Deployment, or for the ReplicaSet when nothing owns it) and
 *   StatefulSets, counted over the whole cluster; DaemonSets, counted on the maintained node
 *   alone (their pods come back with the node). Bare pods and Jobs are nobody's replicas.
 * - Ready pods are counted, not the workload's `status.availableReplicas`: that status is written
 *   by the very controller whose absence is the case to catch (kube-controller-manager down, or a
 *   kube-apiserver without it), so it would still say 3 with no pod left. A pod counts when its
 *   Ready condition is True and it is not terminating.
 * - Why a workload is not back: its first pod that is not Ready (neither terminating nor
 *   finished) — Pending with the scheduler's PodScheduled=False message, or scheduled and not
 *   Ready — or, when it has none, that no replacement pod was created (its controller is not
 *   running).
 *
 * Sources: pod conditions (PodScheduled, Ready)
 * https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#pod-conditions; a Deployment's
 * pods belong to its ReplicaSets through ownerReferences
 * https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#how-a-replicaset-works.
 */
import { controllerOf, isFinished, isPodReady, isUnscheduled } from '../../analysis/cluster-index.js';
import type { Locale } from '../../commands/types.js';
import type { KObjectMeta } from '../../cluster/types.js';
import { translator } from '../../explain/i18n.js';
import type { Logger } from '../../util/logger.js';
import type { DrainPod } from '../execute/drain.js';
import { listPodsOnNode, runPool } from '../execute/drain.js';
import type { KubeApi } from '../execute/kube-api.js';
import { seg, stopForStatus } from '../execute/kube-api.js';

/** One workload's Ready pods just before a step's drain. */
export interface WorkloadBaseline {
  /** The top owner's kind: `Deployment`, `ReplicaSet`, `StatefulSet`, `DaemonSet` (or another owner of ReplicaSets). */
  kind: string;
  namespace: string;
  name: string;
  uid: string;
  /** DaemonSets only: their pods are counted on this node alone (the maintained one). */
  node?: string;
  /** Ready pods that are not terminating: in the whole cluster, or on `node` for a DaemonSet. */
  ready: number;
}

/** A workload with fewer Ready pods than before its step, and why. */
export interface WorkloadShortfall extends WorkloadBaseline {
  /** Ready pods now (counted as {@link WorkloadBaseline.ready}). */
  now: number;
  /**
   * Its first pod that is not Ready (and not terminating): `pending` is the scheduler's
   * PodScheduled=False message (or reason) of a pod no node was found for. Absent: it has no such
   * pod, no replacement was created.
   */
  waiting?: { pod: string; node?: string; pending?: string };
}

/** Most characters of a scheduler's message kept (a chat line, not a log). */
const PENDING_MESSAGE_MAX = 300;

/** Most workloads {@link workloadShortfallText} names; the others are counted. */
const NAMED_MAX = 5;

/** Most namespaces read at once. */
const NAMESPACE_READS = 4;

/** Controllers whose pods are counted (their top owner's). */
const REPLICATED = new Set(['ReplicaSet', 'StatefulSet', 'DaemonSet']);

interface Owner {
  kind: string;
  name: string;
  uid: string;
}

/** A namespace's pods, and the workload each one counts for. */
interface NamespacePods {
  pods: DrainPod[];
  ownerOf: (pod: DrainPod) => Owner | null;
}

const terminating = (pod: DrainPod): boolean => pod.metadata.deletionTimestamp !== undefined;
const countsReady = (pod: DrainPod): boolean => isPodReady(pod) && !terminating(pod);

/** Read a namespace's pods and ReplicaSets (a ReplicaSet's pods count for its controlling owner). */
async function readNamespace(
  api: KubeApi,
  namespace: string,
  lockNamespace: string,
  logger: Logger,
): Promise<NamespacePods> {
  const ns = seg(namespace);
  const [pods, sets] = await Promise.all([
    api.request<{ items?: DrainPod[] }>('GET', `/api/v1/namespaces/${ns}/pods`),
    api.request<{ items?: { metadata: KObjectMeta }[] }>('GET', `/apis/apps/v1/namespaces/${ns}/replicasets`),
  ]);
  if (pods.status !== 200 || !Array.isArray(pods.body?.items))
    throw stopForStatus(pods, `GET pods in ${namespace}`, lockNamespace, logger);
  if (sets.status !== 200 || !Array.isArray(sets.body?.items))
    throw stopForStatus(sets, `GET replicasets in ${namespace}`, lockNamespace, logger);
  const parents = new Map<string, Owner>();
  for (const rs of sets.body.items) {
    const parent = (rs.metadata.ownerReferences ?? []).find((o) => o.controller === true);
    if (parent && rs.metadata.uid) parents.set(rs.metadata.uid, parent);
  }
  return {
    pods: pods.body.items,
    ownerOf: (pod) => {
      const ctrl = controllerOf(pod);
      if (!ctrl || !REPLICATED.has(ctrl.kind)) return null;
      const parent = ctrl.kind === 'ReplicaSet' ? parents.get(ctrl.uid) : undefined;
      return parent ? { kind: parent.kind, name: parent.name, uid: parent.uid } : ctrl;
    },
  };
}

/** The pods of a workload (on `node` only for a DaemonSet), read from its namespace. */
function podsOf(ns: NamespacePods, w: Pick<WorkloadBaseline, 'uid' | 'node'>): DrainPod[] {
  return ns.pods.filter(
    (p) => ns.ownerOf(p)?.uid === w.uid && (w.node === undefined || p.spec?.nodeName === w.node),
  );
}

/** Read each namespace once, {@link NAMESPACE_READS} at a time. */
async function readNamespaces(
  api: KubeApi,
  namespaces: Iterable<string>,
  lockNamespace: string,
  logger: Logger,
): Promise<Map<string, NamespacePods>> {
  const out = new Map<string, NamespacePods>();
  await runPool([...new Set(namespaces)], NAMESPACE_READS, async (ns) => {
    out.set(ns, await readNamespace(api, ns, lockNamespace, logger));
  });
  return out;
}

/**
 * The Ready pods of every workload with pods on a step's nodes, before the step's drain.
 * @param api - the cluster
 * @param nodes - the step's nodes
 * @param lockNamespace - the maintenance Lease's namespace (named in a 403's message)
 * @param logger - for upstream error bodies (bounded, redacted)
 * @returns per node, its workloads with at least one Ready pod (a workload with none cannot lose one)
 * @throws MaintenanceStopError when pods or ReplicaSets cannot be read
 */
export async function workloadBaselines(
  api: KubeApi,
  nodes: readonly string[],
  lockNamespace: string,
  logger: Logger,
): Promise<Map<string, WorkloadBaseline[]>> {
  const onNodes = new Map<string, DrainPod[]>();
  for (const node of nodes)
    onNodes.set(
      node,
      (await listPodsOnNode(api, node, lockNamespace, logger)).filter(
        (p) => !isFinished(p) && !terminating(p) && REPLICATED.has(controllerOf(p)?.kind ?? ''),
      ),
    );
  const read = await readNamespaces(
    api,
    [...onNodes.values()].flat().map((p) => p.metadata.namespace ?? 'default'),
    lockNamespace,
    logger,
  );
  const out = new Map<string, WorkloadBaseline[]>();
  for (const [node, pods] of onNodes) {
    const seen = new Map<string, WorkloadBaseline>();
    for (const pod of pods) {
      const namespace = pod.metadata.namespace ?? 'default';
      const ns = read.get(namespace) as NamespacePods;
      const owner = ns.ownerOf(pod);
      if (!owner || seen.has(owner.uid)) continue;
      const w = { ...owner, namespace, ...(owner.kind === 'DaemonSet' ? { node } : {}) };
      seen.set(owner.uid, { ...w, ready: podsOf(ns, w).filter(countsReady).length });
    }
    out.set(
      node,
      [...seen.values()].filter((w) => w.ready > 0),
    );
  }
  return out;
}

/**
 * The workloads whose Ready pods are fewer than before their step.
 * @param api - the cluster
 * @param baselines - as recorded before the step ({@link workloadBaselines})
 * @param lockNamespace - the maintenance Lease's namespace (named in a 403's message)
 * @param logger - for upstream error bodies (bounded, redacted)
 * @returns the shortfalls, in the order of `baselines`; empty when every workload is back
 * @throws MaintenanceStopError when pods or ReplicaSets cannot be read
 */
export async function workloadShortfalls(
  api: KubeApi,
  baselines: readonly WorkloadBaseline[],
  lockNamespace: string,
  logger: Logger,
): Promise<WorkloadShortfall[]> {
  const read = await readNamespaces(
    api,
    baselines.map((w) => w.namespace),
    lockNamespace,
    logger,
  );
  const out: WorkloadShortfall[] = [];
  for (const w of baselines) {
    const pods = podsOf(read.get(w.namespace) as NamespacePods, w);
    const now = pods.filter(countsReady).length;
    if (now >= w.ready) continue;
    const waiting = pods.filter((p) => !isPodReady(p) && !terminating(p) && !isFinished(p));
    const pod = waiting.find(isUnscheduled) ?? waiting[0];
    const scheduled = pod?.status?.conditions?.find((c) => c.type === 'PodScheduled');
    out.push({
      ...w,
      now,
      ...(pod
        ? {
            waiting: {
              pod: pod.metadata.name,
              ...(pod.spec?.nodeName ? { node: pod.spec.nodeName } : {}),
              ...(isUnscheduled(pod)
                ? {
                    pending: (scheduled?.message ?? scheduled?.reason ?? 'Unschedulable').slice(
                      0,
                      PENDING_MESSAGE_MAX,
                    ),
                  }
                : {}),
            },
          }
        : {}),
    });
  }
  return out;
}

/**
 * The shortfalls said in one line, in a plan's language: each workload, its Ready pods now and
 * before the step, and why they are not back; at most {@link NAMED_MAX} named, the rest counted.
 * @param shortfalls - from {@link workloadShortfalls} (not empty)
 * @param locale - the plan's
 * @returns plain text, e.g. `Deployment shop/web: 1 Ready pod, 3 before the step; no replacement
 *   pod was created (is its controller running?)`
 */
export function workloadShortfallText(shortfalls: readonly WorkloadShortfall[], locale: Locale): string {
  const tr = translator(locale);
  const lines = shortfalls.slice(0, NAMED_MAX).map((w) => {
    const why =
      w.waiting === undefined
        ? tr.t('maintenancePlan.settle.none')
        : w.waiting.pending !== undefined
          ? tr.t('maintenancePlan.settle.pending', { pod: w.waiting.pod, message: w.waiting.pending })
          : tr.t('maintenancePlan.settle.notReady', { pod: w.waiting.pod, node: w.waiting.node ?? '-' });
    return tr.t(`maintenancePlan.settle.${w.node === undefined ? 'workload' : 'daemonSet'}`, {
      kind: w.kind,
      namespace: w.namespace,
      name: w.name,
      node: w.node,
      now: w.now,
      before: w.ready,
      why,
    });
  });
  if (shortfalls.length > NAMED_MAX)
    lines.push(tr.t('maintenancePlan.settle.more', { count: shortfalls.length - NAMED_MAX }));
  return lines.join('; ');
}
