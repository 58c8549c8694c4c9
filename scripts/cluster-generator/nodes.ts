/** The Nodes of a generated cluster: kubeadm labels and taints, Calico annotations, Ready. */
import type { KObject } from '../../src/cluster/snapshot-file.js';
import { DAY, type GenContext } from './context.js';

/**
 * Every Node, control-plane nodes first.
 * @param ctx - the pass's shared state
 * @returns (when done) each node's uid by name
 */
export function* nodes(ctx: GenContext): Generator<KObject, Map<string, string>> {
  const { rnd, uuid, ts, nextRv, cpCount, clusterAge, allNodes, ipOf } = ctx;
  const nodeUid = new Map<string, string>();
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
  return nodeUid;
}
