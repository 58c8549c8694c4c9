/**
 * Generating large, realistic clusters for the simulator and the benchmark: kubeadm-shaped
 * control plane (static pods with the kubeadm labels and annotations, leader-election and
 * apiserver identity Leases, node Leases), DaemonSets with one pod per node, Deployments with
 * ReplicaSets and pods, StatefulSets, PDBs (some allowing no disruption), coredns, the
 * `default/kubernetes` EndpointSlice, an etcd block with uint64 member ids and a `/readyz` text.
 *
 * Objects are produced lazily ({@link GeneratedCluster.items}) and written one per line by
 * {@link writeScenarioFile}, so 150,000 pods never exist as one array or one giant string.
 * Everything derives from `seed`: the same options give the same file.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { stringify as losslessStringify } from 'lossless-json';
import type { KObject } from '../cluster/snapshot-file.js';
import type { KOwnerReference } from '../cluster/types.js';

/** An owner reference with the wire fields our narrowed type leaves out (blockOwnerDeletion). */
const ref = (o: Record<string, unknown>): KOwnerReference => o as unknown as KOwnerReference;

/** Options of {@link generateCluster}. */
export interface GenerateClusterOptions {
  /** Total nodes, control-plane nodes included. */
  nodes: number;
  /**
   * Total pods. System pods come first (4 static pods per control-plane node, 2 DaemonSet pods
   * per node, 2 coredns); the rest are application pods. When `pods` is smaller than the system
   * pods, only system pods are generated.
   */
  pods: number;
  /** Control-plane nodes (stacked etcd, one member each). @defaultValue 3 */
  controlPlaneNodes?: number;
  /** PRNG seed. @defaultValue 1 */
  seed?: number;
  /** `captured_at`. @defaultValue 2025-06-12T09:41:07Z */
  capturedAt?: Date;
  /** Name prefix of nodes. @defaultValue `gen` */
  prefix?: string;
}

/** A generated cluster: scenario fields plus a lazy item sequence. */
export interface GeneratedCluster {
  scenario: string;
  source: string;
  request: string;
  captured_at: string;
  notes: string;
  /** Raw `etcdctl -w json` shaped block; ids are bigint (> 2^53). */
  etcd: {
    member_list_header: { cluster_id: bigint; member_id: bigint; raft_term: number };
    members: { ID: bigint; name: string; peerURLs: string[]; clientURLs: string[] }[];
    endpoint_status: { Endpoint: string; Status: Record<string, unknown> }[];
    endpoint_status_stderr: string[];
  };
  readyz: string;
  /** Number of objects {@link GeneratedCluster.items} yields. */
  itemCount: number;
  /** Counts by kind. */
  counts: Record<string, number>;
  /** The List items, generated on each call (deterministic). */
  items(): Generator<KObject>;
}

/** mulberry32: a small fast deterministic PRNG. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = 'bcdfghjklmnpqrstvwxz2456789';

const READYZ_CHECKS = [
  'ping',
  'log',
  'etcd',
  'etcd-readiness',
  'informer-sync',
  'poststarthook/start-apiserver-admission-initializer',
  'poststarthook/generic-apiserver-start-informers',
  'poststarthook/priority-and-fairness-config-consumer',
  'poststarthook/start-system-namespaces-controller',
  'poststarthook/start-kube-apiserver-identity-lease-controller',
  'poststarthook/rbac/bootstrap-roles',
  'poststarthook/scheduling/bootstrap-system-priority-classes',
  'poststarthook/bootstrap-controller',
  'poststarthook/apiservice-registration-controller',
  'autoregister-completion',
  'shutdown',
];

interface Plan {
  cpNames: string[];
  workerNames: string[];
  nodeIps: string[];
  appPods: number;
}

/**
 * Describe a generated cluster (cheap: objects are produced by `items()`).
 * @param options - see {@link GenerateClusterOptions}
 * @returns the cluster; pass it to {@link writeScenarioFile}, or iterate `items()`
 */
export function generateCluster(options: GenerateClusterOptions): GeneratedCluster {
  const cpCount = Math.max(0, Math.min(options.controlPlaneNodes ?? 3, options.nodes));
  const seed = options.seed ?? 1;
  const captured = options.capturedAt ?? new Date('2025-06-12T09:41:07Z');
  const prefix = options.prefix ?? 'gen';
  const workerCount = options.nodes - cpCount;
  const width = Math.max(3, String(workerCount).length);
  const cpNames = Array.from({ length: cpCount }, (_, i) => `${prefix}-cp-${i + 1}`);
  const workerNames = Array.from(
    { length: workerCount },
    (_, i) => `${prefix}-wk-${String(i + 1).padStart(width, '0')}`,
  );
  const nodeIps = [...cpNames, ...workerNames].map(
    (_, i) => `10.${20 + (i >> 16)}.${(i >> 8) & 255}.${(i & 255) + 1}`,
  );
  const systemPods = cpCount * 4 + options.nodes * 2 + 2;
  const plan: Plan = { cpNames, workerNames, nodeIps, appPods: Math.max(0, options.pods - systemPods) };

  const rnd = prng(seed ^ 0x9e3779b9);
  const memberIds = cpNames.map(() => {
    // uint64 with the top bit set: always above 2^53
    let id = 1n << 63n;
    for (let b = 0; b < 62; b += 31) id |= BigInt(Math.floor(rnd() * 2 ** 31)) << BigInt(b);
    return id;
  });
  const leaderId = memberIds[0] ?? 0n;
  const clusterId = memberIds.reduce((a, b) => a ^ b, 0x1234n);
  const etcd: GeneratedCluster['etcd'] = {
    member_list_header: { cluster_id: clusterId, member_id: leaderId, raft_term: 7 },
    members: cpNames.map((name, i) => ({
      ID: memberIds[i] as bigint,
      name,
      peerURLs: [`https://${nodeIps[i] as string}:2380`],
      clientURLs: [`https://${nodeIps[i] as string}:2379`],
    })),
    endpoint_status: cpNames.map((_, i) => ({
      Endpoint: `https://${nodeIps[i] as string}:2379`,
      Status: {
        header: {
          cluster_id: clusterId,
          member_id: memberIds[i] as bigint,
          revision: 98765432,
          raft_term: 7,
        },
        version: '3.5.21',
        dbSize: 1_200_000_000 + i * 4_000_000,
        leader: leaderId,
        raftIndex: 123456789,
        raftTerm: 7,
        raftAppliedIndex: 123456789,
        dbSizeInUse: 900_000_000,
      },
    })),
    endpoint_status_stderr: [],
  };

  const counts: Record<string, number> = {};
  let itemCount = 0;
  // Count by a dry run of the structure (cheap arithmetic mirrors items()).
  const apps = planApps(plan.appPods, seed);
  const add = (kind: string, n: number): void => {
    counts[kind] = (counts[kind] ?? 0) + n;
    itemCount += n;
  };
  add('Node', options.nodes);
  add('Lease', options.nodes + (cpCount > 0 ? 2 : 0) + cpCount);
  add('DaemonSet', 2);
  add('Deployment', 1 + apps.filter((a) => a.kind === 'Deployment').length);
  add('ReplicaSet', 1 + apps.filter((a) => a.kind === 'Deployment').length);
  add('StatefulSet', apps.filter((a) => a.kind === 'StatefulSet').length);
  add('PodDisruptionBudget', apps.filter((a) => a.pdb !== null).length);
  add('EndpointSlice', 1);
  add('Pod', systemPods + plan.appPods);

  return {
    scenario: `Generated cluster: ${options.nodes} nodes (${cpCount} control-plane, stacked etcd), ${systemPods + plan.appPods} pods, seed ${seed}.`,
    source: 'k8s-ha-bot generate-cluster (synthetic, kubeadm v1.33 shapes)',
    request: `/k8s can I reboot ${workerNames[0] ?? cpNames[0] ?? 'node'}`,
    captured_at: captured.toISOString().replace('.000Z', 'Z'),
    notes: 'Synthetic load-test cluster; no expected answer is asserted.',
    etcd,
    readyz: `${READYZ_CHECKS.map((c) => `[+]${c} ok`).join('\n')}\nreadyz check passed\n`,
    itemCount,
    counts,
    items: () => produce(plan, apps, seed, captured, cpCount),
  };
}

interface AppPlan {
  kind: 'Deployment' | 'StatefulSet';
  namespace: string;
  name: string;
  replicas: number;
  /** PDB minAvailable, or null for none. */
  pdb: number | null;
  emptyDir: boolean;
}

const TEAMS = [
  'payments',
  'search',
  'checkout',
  'identity',
  'catalog',
  'media',
  'ledger',
  'ads',
  'growth',
  'infra',
  'data',
  'ml',
  'notify',
  'geo',
  'support',
  'billing',
];
const APP_WORDS = [
  'api',
  'worker',
  'web',
  'cache',
  'gateway',
  'consumer',
  'scheduler',
  'indexer',
  'sync',
  'render',
  'auth',
  'feed',
];
const REPLICA_CHOICES = [1, 2, 2, 3, 3, 3, 4, 5, 6, 8, 10, 12, 20, 30];

function planApps(appPods: number, seed: number): AppPlan[] {
  const rnd = prng(seed ^ 0x5bd1e995);
  const apps: AppPlan[] = [];
  let left = appPods;
  let n = 0;
  while (left > 0) {
    const stateful = rnd() < 0.06;
    let replicas = stateful ? 3 : (REPLICA_CHOICES[Math.floor(rnd() * REPLICA_CHOICES.length)] as number);
    replicas = Math.min(replicas, left);
    const team = TEAMS[n % TEAMS.length] as string;
    const word = APP_WORDS[Math.floor(rnd() * APP_WORDS.length)] as string;
    const r = rnd();
    const pdb = replicas < 2 ? (r < 0.1 ? 1 : null) : r < 0.1 ? replicas : r < 0.35 ? replicas - 1 : null;
    apps.push({
      kind: stateful ? 'StatefulSet' : 'Deployment',
      namespace: `${team}-${Math.floor(n / TEAMS.length) % 4 === 0 ? 'prod' : `prod-${Math.floor(n / TEAMS.length) % 4}`}`,
      name: `${team}-${word}-${n}`,
      replicas,
      pdb,
      emptyDir: rnd() < 0.2,
    });
    left -= replicas;
    n++;
  }
  return apps;
}

function* produce(
  plan: Plan,
  apps: AppPlan[],
  seed: number,
  captured: Date,
  cpCount: number,
): Generator<KObject> {
  const rnd = prng(seed);
  let rv = 10_000_000;
  const nextRv = (): string => String(++rv);
  const hex8 = (): string => (Math.floor(rnd() * 4294967296) >>> 0).toString(16).padStart(8, '0');
  const uuid = (): string => {
    const a = hex8();
    const b = hex8();
    const c = hex8();
    return `${a}-${b.slice(0, 4)}-${b.slice(4)}-${c.slice(0, 4)}-${c.slice(4)}${hex8()}`;
  };
  const suffix = (len: number): string => {
    let s = '';
    for (let i = 0; i < len; i++) s += ALNUM[Math.floor(rnd() * ALNUM.length)];
    return s;
  };
  const capturedMs = captured.getTime();
  const ts = (agoMs: number): string => new Date(capturedMs - agoMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
  const micro = (agoMs: number): string =>
    `${new Date(capturedMs - agoMs).toISOString().slice(0, 23)}${String(Math.floor(rnd() * 1000)).padStart(3, '0')}Z`;
  const DAY = 86_400_000;
  const clusterAge = 143 * DAY;
  const allNodes = [...plan.cpNames, ...plan.workerNames];
  const nodeUid = new Map<string, string>();
  const ipOf = (i: number): string => plan.nodeIps[i] as string;

  // --- nodes
  for (let i = 0; i < allNodes.length; i++) {
    const name = allNodes[i] as string;
    const cp = i < cpCount;
    const uid = uuid();
    nodeUid.set(name, uid);
    const hb = ts(Math.floor(rnd() * 20_000));
    yield {
      apiVersion: 'v1',
      kind: 'Node',
      metadata: {
        annotations: {
          'kubeadm.alpha.kubernetes.io/cri-socket': 'unix:///var/run/containerd/containerd.sock',
          'node.alpha.kubernetes.io/ttl': '0',
          'projectcalico.org/IPv4Address': `${ipOf(i)}/16`,
          'volumes.kubernetes.io/controller-managed-attach-detach': 'true',
        },
        creationTimestamp: ts(clusterAge - i * 1000),
        labels: {
          'beta.kubernetes.io/arch': 'amd64',
          'beta.kubernetes.io/os': 'linux',
          'kubernetes.io/arch': 'amd64',
          'kubernetes.io/hostname': name,
          'kubernetes.io/os': 'linux',
          'topology.kubernetes.io/zone': `zone-${String.fromCharCode(97 + (i % 3))}`,
          ...(cp
            ? {
                'node-role.kubernetes.io/control-plane': '',
                'node.kubernetes.io/exclude-from-external-load-balancers': '',
              }
            : {}),
        },
        name,
        resourceVersion: nextRv(),
        uid,
      },
      spec: {
        podCIDR: `10.244.${i & 255}.0/24`,
        podCIDRs: [`10.244.${i & 255}.0/24`],
        ...(cp ? { taints: [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/control-plane' }] } : {}),
      },
      status: {
        addresses: [
          { address: ipOf(i), type: 'InternalIP' },
          { address: name, type: 'Hostname' },
        ],
        allocatable: {
          cpu: cp ? '4' : '16',
          'ephemeral-storage': '92136873447',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: cp ? '16267676Ki' : '65652892Ki',
          pods: '110',
        },
        capacity: {
          cpu: cp ? '4' : '16',
          'ephemeral-storage': '99974860Ki',
          'hugepages-1Gi': '0',
          'hugepages-2Mi': '0',
          memory: cp ? '16370076Ki' : '65755292Ki',
          pods: '110',
        },
        conditions: [
          {
            lastHeartbeatTime: ts(40 * DAY),
            lastTransitionTime: ts(40 * DAY),
            message: 'Calico is running on this node',
            reason: 'CalicoIsUp',
            status: 'False',
            type: 'NetworkUnavailable',
          },
          {
            lastHeartbeatTime: hb,
            lastTransitionTime: ts(40 * DAY),
            message: 'kubelet has sufficient memory available',
            reason: 'KubeletHasSufficientMemory',
            status: 'False',
            type: 'MemoryPressure',
          },
          {
            lastHeartbeatTime: hb,
            lastTransitionTime: ts(40 * DAY),
            message: 'kubelet has no disk pressure',
            reason: 'KubeletHasNoDiskPressure',
            status: 'False',
            type: 'DiskPressure',
          },
          {
            lastHeartbeatTime: hb,
            lastTransitionTime: ts(40 * DAY),
            message: 'kubelet has sufficient PID available',
            reason: 'KubeletHasSufficientPID',
            status: 'False',
            type: 'PIDPressure',
          },
          {
            lastHeartbeatTime: hb,
            lastTransitionTime: ts(40 * DAY),
            message: 'kubelet is posting ready status',
            reason: 'KubeletReady',
            status: 'True',
            type: 'Ready',
          },
        ],
        daemonEndpoints: { kubeletEndpoint: { Port: 10250 } },
        nodeInfo: {
          architecture: 'amd64',
          bootID: uuid(),
          containerRuntimeVersion: 'containerd://1.7.27',
          kernelVersion: '6.1.0-37-amd64',
          kubeProxyVersion: 'v1.33.1',
          kubeletVersion: 'v1.33.1',
          machineID: uuid().replace(/-/g, ''),
          operatingSystem: 'linux',
          osImage: 'Debian GNU/Linux 12 (bookworm)',
          systemUUID: uuid(),
        },
      },
    };
  }

  // --- leases: node heartbeats, leader election, apiserver identity
  for (let i = 0; i < allNodes.length; i++) {
    const name = allNodes[i] as string;
    yield {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        creationTimestamp: ts(clusterAge - i * 1000),
        name,
        namespace: 'kube-node-lease',
        ownerReferences: [{ apiVersion: 'v1', kind: 'Node', name, uid: nodeUid.get(name) as string }],
        resourceVersion: nextRv(),
        uid: uuid(),
      },
      spec: { holderIdentity: name, leaseDurationSeconds: 40, renewTime: micro(Math.floor(rnd() * 10_000)) },
    };
  }
  if (cpCount > 0) {
    for (const [lease, holderIdx] of [
      ['kube-scheduler', 0],
      ['kube-controller-manager', Math.min(1, cpCount - 1)],
    ] as const) {
      yield {
        apiVersion: 'coordination.k8s.io/v1',
        kind: 'Lease',
        metadata: {
          creationTimestamp: ts(clusterAge),
          name: lease,
          namespace: 'kube-system',
          resourceVersion: nextRv(),
          uid: uuid(),
        },
        spec: {
          acquireTime: micro(20 * DAY),
          holderIdentity: `${plan.cpNames[holderIdx] as string}_${uuid()}`,
          leaseDurationSeconds: 15,
          leaseTransitions: 4,
          renewTime: micro(Math.floor(rnd() * 2000)),
        },
      };
    }
  }
  for (let i = 0; i < cpCount; i++) {
    const id = `apiserver-${suffix(26)}`;
    yield {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        creationTimestamp: ts(10 * DAY),
        labels: {
          'apiserver.kubernetes.io/identity': 'kube-apiserver',
          'kubernetes.io/hostname': plan.cpNames[i] as string,
        },
        name: id,
        namespace: 'kube-system',
        resourceVersion: nextRv(),
        uid: uuid(),
      },
      spec: {
        holderIdentity: `${id}_${uuid()}`,
        leaseDurationSeconds: 3600,
        renewTime: micro(Math.floor(rnd() * 10_000)),
      },
    };
  }

  // --- kube-system workloads
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
  yield {
    apiVersion: 'discovery.k8s.io/v1',
    kind: 'EndpointSlice',
    metadata: {
      creationTimestamp: ts(clusterAge),
      generation: 3,
      labels: {
        'endpointslice.kubernetes.io/managed-by': 'endpointslice-controller.k8s.io',
        'kubernetes.io/service-name': 'kubernetes',
      },
      name: 'kubernetes',
      namespace: 'default',
      resourceVersion: nextRv(),
      uid: uuid(),
    },
    addressType: 'IPv4',
    endpoints: plan.cpNames.map((_, i) => ({ addresses: [ipOf(i)], conditions: { ready: true } })),
    ports: [{ name: 'https', port: 6443, protocol: 'TCP' }],
  };

  // --- application workloads, their ReplicaSets and PDBs
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
    if (a.pdb !== null) {
      yield {
        apiVersion: 'policy/v1',
        kind: 'PodDisruptionBudget',
        metadata: {
          creationTimestamp: created,
          generation: 1,
          name: a.name,
          namespace: a.namespace,
          resourceVersion: nextRv(),
          uid: uuid(),
        },
        spec: { minAvailable: a.pdb, selector: { matchLabels: { app: a.name } } },
        status: {
          conditions: [
            {
              lastTransitionTime: created,
              message: '',
              observedGeneration: 1,
              reason: a.replicas - a.pdb > 0 ? 'SufficientPods' : 'InsufficientPods',
              status: a.replicas - a.pdb > 0 ? 'True' : 'False',
              type: 'DisruptionAllowed',
            },
          ],
          currentHealthy: a.replicas,
          desiredHealthy: a.pdb,
          disruptionsAllowed: Math.max(0, a.replicas - a.pdb),
          expectedPods: a.replicas,
          observedGeneration: 1,
        },
      };
    }
  }

  // --- pods: static, DaemonSet, coredns, applications
  const podCtx = { rnd, uuid, suffix, ts, nextRv: nextRv };
  for (let i = 0; i < cpCount; i++) {
    const node = plan.cpNames[i] as string;
    for (const component of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      yield staticPod(podCtx, component, node, nodeUid.get(node) as string, ipOf(i), clusterAge);
    }
  }
  for (let i = 0; i < allNodes.length; i++) {
    const node = allNodes[i] as string;
    for (const [ds, uid] of Object.entries(dsUids)) {
      yield appPod(podCtx, {
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
    yield appPod(podCtx, {
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
      yield appPod(podCtx, {
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

interface PodCtx {
  rnd: () => number;
  uuid: () => string;
  suffix: (n: number) => string;
  ts: (agoMs: number) => string;
  nextRv: () => string;
}

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

/**
 * Write a generated cluster as a scenario file (FORMAT.md), streaming one item per line.
 * `captured_at`, `etcd` and `readyz` come before `cluster` so that readers streaming the file
 * know `captured_at` before the first item. etcd ids are written as exact JSON integers.
 * @param path - output file
 * @param cluster - from {@link generateCluster}
 * @returns bytes written
 */
export async function writeScenarioFile(path: string, cluster: GeneratedCluster): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  let buffer: string[] = [];
  let buffered = 0;
  const flush = async (): Promise<void> => {
    if (buffer.length === 0) return;
    const chunk = buffer.join('');
    buffer = [];
    buffered = 0;
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  };
  const push = async (s: string): Promise<void> => {
    buffer.push(s);
    buffered += s.length;
    if (buffered > 1 << 20) await flush();
  };
  const failed = new Promise<never>((_, reject) => out.once('error', reject));
  failed.catch(() => undefined); // observed below through Promise.race
  const write = async (): Promise<void> => {
    await push('{\n');
    for (const k of ['scenario', 'source', 'request', 'captured_at', 'notes'] as const)
      await push(`${JSON.stringify(k)}: ${JSON.stringify(cluster[k])},\n`);
    await push(`"etcd": ${losslessStringify(cluster.etcd) ?? 'null'},\n`);
    await push(`"readyz": ${JSON.stringify(cluster.readyz)},\n`);
    await push(
      '"cluster": {"apiVersion": "v1", "kind": "List", "metadata": {"resourceVersion": ""}, "items": [\n',
    );
    let first = true;
    for (const item of cluster.items()) {
      await push(first ? JSON.stringify(item) : `,\n${JSON.stringify(item)}`);
      first = false;
    }
    await push('\n]}\n}\n');
    await flush();
    out.end();
    await once(out, 'finish');
  };
  await Promise.race([write(), failed]);
  return bytes;
}
