/**
 * The workloads of a generated cluster: the kube-proxy and Calico DaemonSets, the CoreDNS
 * Deployment and its ReplicaSet, and the application Deployments (with their ReplicaSets),
 * StatefulSets and PodDisruptionBudgets.
 */
import type { KObject } from '../../src/cluster/snapshot-file.js';
import type { AppPlan } from './apps.js';
import { podDisruptionBudget } from './budgets.js';
import { DAY, type GenContext, ref } from './context.js';

/** The uids of the two DaemonSets, by name. */
export type DaemonSetUids = Record<'kube-proxy' | 'calico-node', string>;

/** A Deployment's uid, its ReplicaSet's uid and pod-template-hash (a StatefulSet uses `uid`). */
export interface WorkloadIds {
  uid: string;
  rsUid: string;
  hash: string;
}

/**
 * The kube-proxy and calico-node DaemonSets, one pod per node.
 * @param ctx - the pass's shared state
 * @returns (when done) their uids
 */
export function* daemonSets(ctx: GenContext): Generator<KObject, DaemonSetUids> {
  const { uuid, ts, nextRv, clusterAge, allNodes } = ctx;
  const dsUids = { 'kube-proxy': uuid(), 'calico-node': uuid() };
  for (const [name, uid] of Object.entries(dsUids)) {
    yield {
      apiVersion: 'apps/v1',
      kind: 'DaemonSet',
      metadata: {
        creationTimestamp: ts(clusterAge),
        generation: 1,
        labels: { 'k8s-app': name },
        name,
        namespace: 'kube-system',
        resourceVersion: nextRv(),
        uid,
      },
      spec: {
        revisionHistoryLimit: 10,
        selector: { matchLabels: { 'k8s-app': name } },
        updateStrategy: { rollingUpdate: { maxSurge: 0, maxUnavailable: 1 }, type: 'RollingUpdate' },
      },
      status: {
        currentNumberScheduled: allNodes.length,
        desiredNumberScheduled: allNodes.length,
        numberAvailable: allNodes.length,
        numberMisscheduled: 0,
        numberReady: allNodes.length,
        observedGeneration: 1,
        updatedNumberScheduled: allNodes.length,
      },
    };
  }
  return dsUids;
}

/**
 * The CoreDNS Deployment (2 replicas) and its ReplicaSet.
 * @param ctx - the pass's shared state
 * @returns (when done) their ids
 */
export function* coredns(ctx: GenContext): Generator<KObject, WorkloadIds> {
  const { uuid, suffix, ts, nextRv, clusterAge } = ctx;
  const corednsUid = uuid();
  const corednsRsUid = uuid();
  const corednsHash = suffix(10);
  yield deployment(
    'kube-system',
    'coredns',
    corednsUid,
    2,
    { 'k8s-app': 'kube-dns' },
    ts(clusterAge),
    nextRv(),
  );
  yield replicaSet(
    'kube-system',
    `coredns-${corednsHash}`,
    corednsRsUid,
    'coredns',
    corednsUid,
    2,
    { 'k8s-app': 'kube-dns', 'pod-template-hash': corednsHash },
    ts(clusterAge),
    nextRv(),
  );
  return { uid: corednsUid, rsUid: corednsRsUid, hash: corednsHash };
}

/**
 * The application workloads, each followed by its ReplicaSet (Deployments) and its budget.
 * @param ctx - the pass's shared state
 * @returns (when done) their ids, in the order of `ctx.apps`
 */
export function* appWorkloads(ctx: GenContext): Generator<KObject, WorkloadIds[]> {
  const { rnd, uuid, suffix, ts, nextRv, apps } = ctx;
  const appMeta = apps.map(() => ({ uid: uuid(), rsUid: uuid(), hash: suffix(10) }));
  for (let k = 0; k < apps.length; k++) {
    const a = apps[k] as AppPlan;
    const m = appMeta[k] as { uid: string; rsUid: string; hash: string };
    const labels = { app: a.name, team: a.namespace.split('-')[0] as string };
    const created = ts(Math.floor(rnd() * 100 * DAY) + DAY);
    if (a.kind === 'Deployment') {
      yield deployment(a.namespace, a.name, m.uid, a.replicas, labels, created, nextRv());
      yield replicaSet(
        a.namespace,
        `${a.name}-${m.hash}`,
        m.rsUid,
        a.name,
        m.uid,
        a.replicas,
        { ...labels, 'pod-template-hash': m.hash },
        created,
        nextRv(),
      );
    } else {
      yield {
        apiVersion: 'apps/v1',
        kind: 'StatefulSet',
        metadata: {
          creationTimestamp: created,
          generation: 1,
          labels,
          name: a.name,
          namespace: a.namespace,
          resourceVersion: nextRv(),
          uid: m.uid,
        },
        spec: {
          replicas: a.replicas,
          selector: { matchLabels: { app: a.name } },
          serviceName: a.name,
          podManagementPolicy: 'OrderedReady',
          updateStrategy: { rollingUpdate: { partition: 0 }, type: 'RollingUpdate' },
        },
        status: {
          availableReplicas: a.replicas,
          currentReplicas: a.replicas,
          readyReplicas: a.replicas,
          replicas: a.replicas,
          updatedReplicas: a.replicas,
          observedGeneration: 1,
        },
      };
    }
    if (a.pdb !== null)
      yield podDisruptionBudget(a.namespace, a.name, a.replicas, a.pdb, created, nextRv(), uuid());
  }
  return appMeta;
}

function deployment(
  ns: string,
  name: string,
  uid: string,
  replicas: number,
  labels: Record<string, string>,
  created: string,
  rv: string,
): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: {
      annotations: { 'deployment.kubernetes.io/revision': '1' },
      creationTimestamp: created,
      generation: 1,
      labels,
      name,
      namespace: ns,
      resourceVersion: rv,
      uid,
    },
    spec: {
      progressDeadlineSeconds: 600,
      replicas,
      revisionHistoryLimit: 10,
      selector: { matchLabels: ns === 'kube-system' ? { 'k8s-app': 'kube-dns' } : { app: name } },
      strategy: { rollingUpdate: { maxSurge: '25%', maxUnavailable: '25%' }, type: 'RollingUpdate' },
    },
    status: {
      availableReplicas: replicas,
      conditions: [
        {
          lastTransitionTime: created,
          lastUpdateTime: created,
          message: 'Deployment has minimum availability.',
          reason: 'MinimumReplicasAvailable',
          status: 'True',
          type: 'Available',
        },
        {
          lastTransitionTime: created,
          lastUpdateTime: created,
          message: `ReplicaSet "${name}" has successfully progressed.`,
          reason: 'NewReplicaSetAvailable',
          status: 'True',
          type: 'Progressing',
        },
      ],
      observedGeneration: 1,
      readyReplicas: replicas,
      replicas,
      updatedReplicas: replicas,
    },
  };
}

function replicaSet(
  ns: string,
  name: string,
  uid: string,
  owner: string,
  ownerUid: string,
  replicas: number,
  labels: Record<string, string>,
  created: string,
  rv: string,
): KObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'ReplicaSet',
    metadata: {
      annotations: {
        'deployment.kubernetes.io/desired-replicas': String(replicas),
        'deployment.kubernetes.io/max-replicas': String(replicas + 1),
        'deployment.kubernetes.io/revision': '1',
      },
      creationTimestamp: created,
      generation: 1,
      labels,
      name,
      namespace: ns,
      ownerReferences: [
        ref({
          apiVersion: 'apps/v1',
          blockOwnerDeletion: true,
          controller: true,
          kind: 'Deployment',
          name: owner,
          uid: ownerUid,
        }),
      ],
      resourceVersion: rv,
      uid,
    },
    spec: { replicas, selector: { matchLabels: labels } },
    status: {
      availableReplicas: replicas,
      fullyLabeledReplicas: replicas,
      observedGeneration: 1,
      readyReplicas: replicas,
      replicas,
    },
  };
}
