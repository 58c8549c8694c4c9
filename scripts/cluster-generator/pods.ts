/**
 * The Pods of a generated cluster: the control-plane static (mirror) pods, a kube-proxy and a
 * calico-node pod per node, two CoreDNS pods and the application pods, spread over the workers.
 */
import type { KObject } from '../../src/cluster/snapshot-file.js';
import { DAY, type GenContext, ref } from './context.js';
import type { AppPlan } from './apps.js';
import type { DaemonSetUids, WorkloadIds } from './workloads.js';

/** What the pods need of the objects written before them. */
export interface PodOwners {
  nodeUid: ReadonlyMap<string, string>;
  daemonSets: DaemonSetUids;
  coredns: WorkloadIds;
  /** In the order of `ctx.apps`. */
  apps: readonly WorkloadIds[];
}

/**
 * Every pod: static pods, DaemonSet pods, CoreDNS, applications.
 * @param ctx - the pass's shared state
 * @param owners - the uids the pods' owner references name
 */
export function* pods(ctx: GenContext, owners: PodOwners): Generator<KObject> {
  const { rnd, suffix, plan, apps, cpCount, clusterAge, allNodes, ipOf } = ctx;
  const { nodeUid, daemonSets: dsUids } = owners;
  const { rsUid: corednsRsUid, hash: corednsHash } = owners.coredns;
  const appMeta = owners.apps;
  for (let i = 0; i < cpCount; i++) {
    const node = plan.cpNames[i] as string;
    for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      yield staticPod(ctx, component, node, nodeUid.get(node) as string, ipOf(i), clusterAge);
    }
  }
  for (let i = 0; i < allNodes.length; i++) {
    const node = allNodes[i] as string;
    for (const [ds, uid] of Object.entries(dsUids)) {
      yield appPod(ctx, {
        namespace: 'kube-system',
        name: `${ds}-${suffix(5)}`,
        node,
        hostIp: ipOf(i),
        labels: { 'k8s-app': ds, 'controller-revision-hash': '6d4b8c9f7', 'pod-template-generation': '1' },
        owner: { apiVersion: 'apps/v1', kind: 'DaemonSet', name: ds, uid },
        image: ds === 'kube-proxy' ? 'registry.k8s.io/kube-proxy:v1.33.1' : 'docker.io/calico/node:v3.29.3',
        cpu: ds === 'kube-proxy' ? '' : '250m',
        memory: '',
        emptyDir: false,
        hostNetwork: true,
        priorityClassName: 'system-node-critical',
        daemonSet: true,
        ageMs: clusterAge - DAY,
      });
    }
  }
  const workers = plan.workerNames.length > 0 ? plan.workerNames : plan.cpNames;
  const workerOffset = plan.workerNames.length > 0 ? cpCount : 0;
  const pickNode = (): [string, string] => {
    const j = Math.floor(rnd() * workers.length);
    return [workers[j] as string, ipOf(j + workerOffset)];
  };
  for (let r = 0; r < 2; r++) {
    const [node, hostIp] = pickNode();
    yield appPod(ctx, {
      namespace: 'kube-system',
      name: `coredns-${corednsHash}-${suffix(5)}`,
      node,
      hostIp,
      labels: { 'k8s-app': 'kube-dns', 'pod-template-hash': corednsHash },
      owner: { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `coredns-${corednsHash}`, uid: corednsRsUid },
      image: 'registry.k8s.io/coredns/coredns:v1.12.0',
      cpu: '100m',
      memory: '70Mi',
      emptyDir: false,
      hostNetwork: false,
      priorityClassName: 'system-cluster-critical',
      daemonSet: false,
      ageMs: clusterAge - DAY,
    });
  }
  for (let k = 0; k < apps.length; k++) {
    const a = apps[k] as AppPlan;
    const m = appMeta[k] as { uid: string; rsUid: string; hash: string };
    const cpu = ['50m', '100m', '250m', '500m', '1'][Math.floor(rnd() * 5)] as string;
    const memory = ['64Mi', '128Mi', '256Mi', '512Mi', '1Gi'][Math.floor(rnd() * 5)] as string;
    for (let r = 0; r < a.replicas; r++) {
      const [node, hostIp] = pickNode();
      const stateful = a.kind === 'StatefulSet';
      yield appPod(ctx, {
        namespace: a.namespace,
        name: stateful ? `${a.name}-${r}` : `${a.name}-${m.hash}-${suffix(5)}`,
        node,
        hostIp,
        labels: stateful
          ? {
              app: a.name,
              'apps.kubernetes.io/pod-index': String(r),
              'statefulset.kubernetes.io/pod-name': `${a.name}-${r}`,
            }
          : { app: a.name, 'pod-template-hash': m.hash },
        owner: stateful
          ? { apiVersion: 'apps/v1', kind: 'StatefulSet', name: a.name, uid: m.uid }
          : { apiVersion: 'apps/v1', kind: 'ReplicaSet', name: `${a.name}-${m.hash}`, uid: m.rsUid },
        image: `registry.example.internal/${a.namespace.split('-')[0] as string}/${a.name.split('-')[1] as string}:1.${Math.floor(rnd() * 40)}.${Math.floor(rnd() * 10)}`,
        cpu,
        memory,
        emptyDir: a.emptyDir,
        pvc: stateful ? `data-${a.name}-${r}` : undefined,
        hostNetwork: false,
        priorityClassName: '',
        daemonSet: false,
        ageMs: Math.floor(rnd() * 30 * DAY) + 3_600_000,
      });
    }
  }
}

/** What the pod builders draw on. */
type PodCtx = Pick<GenContext, 'rnd' | 'uuid' | 'suffix' | 'ts' | 'nextRv'>;

const STATIC_IMAGES: Record<string, string> = {
  etcd: 'registry.k8s.io/etcd:3.5.21-0',
  'kube-apiserver': 'registry.k8s.io/kube-apiserver:v1.33.1',
  'kube-controller-manager': 'registry.k8s.io/kube-controller-manager:v1.33.1',
  'kube-scheduler': 'registry.k8s.io/kube-scheduler:v1.33.1',
};
const STATIC_CPU: Record<string, string> = {
  etcd: '100m',
  'kube-apiserver': '250m',
  'kube-controller-manager': '200m',
  'kube-scheduler': '100m',
};

function staticPod(
  ctx: PodCtx,
  component: string,
  node: string,
  nodeUid: string,
  ip: string,
  clusterAge: number,
): KObject {
  const hash = ctx.uuid().replace(/-/g, '');
  const annotations: Record<string, string> = {
    'kubernetes.io/config.hash': hash,
    'kubernetes.io/config.mirror': hash,
    'kubernetes.io/config.seen': `${ctx.ts(20 * 86_400_000).slice(0, 19)}.943497312Z`,
    'kubernetes.io/config.source': 'file',
  };
  if (component === 'etcd')
    annotations['kubeadm.kubernetes.io/etcd.advertise-client-urls'] = `https://${ip}:2379`;
  if (component === 'kube-apiserver')
    annotations['kubeadm.kubernetes.io/kube-apiserver.advertise-address.endpoint'] = `${ip}:6443`;
  const started = ctx.ts(20 * 86_400_000);
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      annotations,
      creationTimestamp: ctx.ts(clusterAge),
      labels: { component, tier: 'control-plane' },
      name: `${component}-${node}`,
      namespace: 'kube-system',
      ownerReferences: [{ apiVersion: 'v1', controller: true, kind: 'Node', name: node, uid: nodeUid }],
      resourceVersion: ctx.nextRv(),
      uid: ctx.uuid(),
    },
    spec: {
      containers: [
        {
          command: [
            component,
            ...(component === 'etcd'
              ? [`--advertise-client-urls=https://${ip}:2379`, '--data-dir=/var/lib/etcd', `--name=${node}`]
              : [`--bind-address=${component === 'kube-apiserver' ? ip : '127.0.0.1'}`]),
          ],
          image: STATIC_IMAGES[component],
          imagePullPolicy: 'IfNotPresent',
          name: component,
          resources: {
            requests: { cpu: STATIC_CPU[component], ...(component === 'etcd' ? { memory: '100Mi' } : {}) },
          },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts:
            component === 'etcd'
              ? [
                  { mountPath: '/var/lib/etcd', name: 'etcd-data' },
                  { mountPath: '/etc/kubernetes/pki/etcd', name: 'etcd-certs' },
                ]
              : [{ mountPath: '/etc/kubernetes/pki', name: 'k8s-certs', readOnly: true }],
        },
      ],
      dnsPolicy: 'ClusterFirst',
      enableServiceLinks: true,
      hostNetwork: true,
      nodeName: node,
      preemptionPolicy: 'PreemptLowerPriority',
      priority: 2000001000,
      priorityClassName: 'system-node-critical',
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
      terminationGracePeriodSeconds: 30,
      tolerations: [{ effect: 'NoExecute', operator: 'Exists' }],
      volumes:
        component === 'etcd'
          ? [
              { hostPath: { path: '/var/lib/etcd', type: 'DirectoryOrCreate' }, name: 'etcd-data' },
              {
                hostPath: { path: '/etc/kubernetes/pki/etcd', type: 'DirectoryOrCreate' },
                name: 'etcd-certs',
              },
            ]
          : [{ hostPath: { path: '/etc/kubernetes/pki', type: 'DirectoryOrCreate' }, name: 'k8s-certs' }],
    },
    status: runningStatus(ctx, component, STATIC_IMAGES[component] as string, ip, ip, started),
  };
}

function runningStatus(
  ctx: PodCtx,
  container: string,
  image: string,
  hostIp: string,
  podIp: string,
  started: string,
): Record<string, unknown> {
  const cond = (type: string): Record<string, unknown> => ({
    lastProbeTime: null,
    lastTransitionTime: started,
    status: 'True',
    type,
  });
  return {
    conditions: [
      cond('PodReadyToStartContainers'),
      cond('Initialized'),
      cond('Ready'),
      cond('ContainersReady'),
      cond('PodScheduled'),
    ],
    containerStatuses: [
      {
        containerID: `containerd://${ctx.uuid().replace(/-/g, '')}${ctx.uuid().replace(/-/g, '')}`,
        image,
        imageID: `${image.split(':')[0] as string}@sha256:${ctx.uuid().replace(/-/g, '')}${ctx.uuid().replace(/-/g, '')}`,
        lastState: {},
        name: container,
        ready: true,
        restartCount: ctx.rnd() < 0.05 ? 1 + Math.floor(ctx.rnd() * 3) : 0,
        started: true,
        state: { running: { startedAt: started } },
      },
    ],
    hostIP: hostIp,
    hostIPs: [{ ip: hostIp }],
    phase: 'Running',
    podIP: podIp,
    podIPs: [{ ip: podIp }],
    qosClass: 'Burstable',
    startTime: started,
  };
}

interface AppPodSpec {
  namespace: string;
  name: string;
  node: string;
  hostIp: string;
  labels: Record<string, string>;
  owner: { apiVersion: string; kind: string; name: string; uid: string };
  image: string;
  cpu: string;
  memory: string;
  emptyDir: boolean;
  pvc?: string | undefined;
  hostNetwork: boolean;
  priorityClassName: string;
  daemonSet: boolean;
  ageMs: number;
}

function appPod(ctx: PodCtx, p: AppPodSpec): KObject {
  const container = p.daemonSet
    ? (p.owner.name as string)
    : (p.labels.app?.split('-').slice(1, 2)[0] ?? 'app');
  const podIp = p.hostNetwork
    ? p.hostIp
    : `10.244.${Math.floor(ctx.rnd() * 256)}.${Math.floor(ctx.rnd() * 254) + 1}`;
  const created = ctx.ts(p.ageMs);
  const started = ctx.ts(p.ageMs - 2000);
  const requests: Record<string, string> = {};
  if (p.cpu) requests.cpu = p.cpu;
  if (p.memory) requests.memory = p.memory;
  const volumes: Record<string, unknown>[] = [
    {
      name: `kube-api-access-${ctx.suffix(5)}`,
      projected: {
        defaultMode: 420,
        sources: [
          { serviceAccountToken: { expirationSeconds: 3607, path: 'token' } },
          { configMap: { items: [{ key: 'ca.crt', path: 'ca.crt' }], name: 'kube-root-ca.crt' } },
          {
            downwardAPI: {
              items: [{ fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.namespace' }, path: 'namespace' }],
            },
          },
        ],
      },
    },
  ];
  const mounts: Record<string, unknown>[] = [
    {
      mountPath: '/var/run/secrets/kubernetes.io/serviceaccount',
      name: (volumes[0] as { name: string }).name,
      readOnly: true,
    },
  ];
  if (!p.daemonSet) {
    volumes.push({
      configMap: { defaultMode: 420, name: `${p.labels.app ?? 'app'}-config` },
      name: 'config',
    });
    mounts.push({ mountPath: '/etc/app', name: 'config', readOnly: true });
  }
  if (p.emptyDir) {
    volumes.push({ emptyDir: { sizeLimit: '1Gi' }, name: 'scratch' });
    mounts.push({ mountPath: '/tmp/scratch', name: 'scratch' });
  }
  if (p.pvc) {
    volumes.push({ name: 'data', persistentVolumeClaim: { claimName: p.pvc } });
    mounts.push({ mountPath: '/var/lib/data', name: 'data' });
  }
  const tolerations: Record<string, unknown>[] = p.daemonSet
    ? [
        { operator: 'Exists' },
        { effect: 'NoExecute', key: 'node.kubernetes.io/not-ready', operator: 'Exists' },
        { effect: 'NoExecute', key: 'node.kubernetes.io/unreachable', operator: 'Exists' },
        { effect: 'NoSchedule', key: 'node.kubernetes.io/disk-pressure', operator: 'Exists' },
      ]
    : [
        {
          effect: 'NoExecute',
          key: 'node.kubernetes.io/not-ready',
          operator: 'Exists',
          tolerationSeconds: 300,
        },
        {
          effect: 'NoExecute',
          key: 'node.kubernetes.io/unreachable',
          operator: 'Exists',
          tolerationSeconds: 300,
        },
      ];
  const resources: Record<string, unknown> = {};
  if (Object.keys(requests).length > 0) resources.requests = requests;
  if (p.memory) resources.limits = { memory: p.memory };
  return {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: {
      ...(p.daemonSet || !p.pvc ? { generateName: p.name.slice(0, p.name.lastIndexOf('-') + 1) } : {}),
      ...(p.daemonSet
        ? {}
        : { annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': '9090' } }),
      creationTimestamp: created,
      labels: p.labels,
      name: p.name,
      namespace: p.namespace,
      ownerReferences: [ref({ ...p.owner, blockOwnerDeletion: true, controller: true })],
      resourceVersion: ctx.nextRv(),
      uid: ctx.uuid(),
    },
    spec: {
      ...(p.daemonSet
        ? {
            affinity: {
              nodeAffinity: {
                requiredDuringSchedulingIgnoredDuringExecution: {
                  nodeSelectorTerms: [
                    { matchFields: [{ key: 'metadata.name', operator: 'In', values: [p.node] }] },
                  ],
                },
              },
            },
          }
        : {}),
      containers: [
        {
          env: p.daemonSet
            ? [
                {
                  name: 'NODE_NAME',
                  valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'spec.nodeName' } },
                },
              ]
            : [
                { name: 'APP_ENV', value: 'production' },
                { name: 'LOG_LEVEL', value: 'info' },
                {
                  name: 'POD_NAME',
                  valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } },
                },
              ],
          image: p.image,
          imagePullPolicy: 'IfNotPresent',
          ...(p.daemonSet
            ? {}
            : {
                livenessProbe: {
                  failureThreshold: 3,
                  httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
                  periodSeconds: 10,
                  successThreshold: 1,
                  timeoutSeconds: 1,
                },
                ports: [
                  { containerPort: 8080, name: 'http', protocol: 'TCP' },
                  { containerPort: 9090, name: 'metrics', protocol: 'TCP' },
                ],
                readinessProbe: {
                  failureThreshold: 3,
                  httpGet: { path: '/ready', port: 8080, scheme: 'HTTP' },
                  periodSeconds: 5,
                  successThreshold: 1,
                  timeoutSeconds: 1,
                },
              }),
          name: container,
          resources,
          securityContext: p.daemonSet
            ? { privileged: true }
            : { allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, runAsNonRoot: true },
          terminationMessagePath: '/dev/termination-log',
          terminationMessagePolicy: 'File',
          volumeMounts: mounts,
        },
      ],
      dnsPolicy: p.hostNetwork ? 'ClusterFirstWithHostNet' : 'ClusterFirst',
      enableServiceLinks: true,
      ...(p.hostNetwork ? { hostNetwork: true } : {}),
      nodeName: p.node,
      preemptionPolicy: 'PreemptLowerPriority',
      priority:
        p.priorityClassName === 'system-node-critical' ? 2000001000 : p.priorityClassName ? 2000000000 : 0,
      ...(p.priorityClassName ? { priorityClassName: p.priorityClassName } : {}),
      restartPolicy: 'Always',
      schedulerName: 'default-scheduler',
      securityContext: {},
      serviceAccount: p.daemonSet ? p.owner.name : 'default',
      serviceAccountName: p.daemonSet ? p.owner.name : 'default',
      terminationGracePeriodSeconds: 30,
      tolerations,
      volumes,
    },
    status: runningStatus(ctx, container, p.image, p.hostIp, podIp, started),
  };
}
