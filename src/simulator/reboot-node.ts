/**
 * A simulated node reboot, for tests of maintenance flows: what the apiserver shows while a
 * kubelet is down and after it comes back.
 *
 * Down (at once): the node lifecycle controller's view after the kubelet stops posting status:
 * every node condition `Unknown` (`NodeStatusUnknown`, "Kubelet stopped posting node status."), the
 * `node.kubernetes.io/unreachable` NoSchedule and NoExecute taints, the node's pods marked not
 * Ready; the node Lease in `kube-node-lease` is no longer renewed (left as it was).
 * Up (after `downMs`): a new `status.nodeInfo.bootID`, `Ready=True` (`KubeletReady`), the other
 * conditions `False`, heartbeats fresh, unreachable taints removed, the node Lease renewed now
 * (created when the snapshot had none), and the node's running pods (static pods included) Ready
 * again with each container's `restartCount` + 1.
 * @see https://kubernetes.io/docs/concepts/architecture/nodes/#condition
 * @see https://kubernetes.io/docs/concepts/architecture/leases/#node-heart-beats
 */
import { randomUUID } from 'node:crypto';
import type { KCondition, KNode, KPod, KTaint } from '../cluster/types.js';
import type { ObjectStore } from './object-store.js';
import { readAll, readObject, writeObject } from './store-writes.js';
import type { WireObject } from './store-writes.js';
import { metaTime, microTime } from '../cluster/wire-time.js';

/** Options of a simulated reboot. */
export interface RebootOptions {
  /** How long the node stays down (NotReady, Lease not renewed), in ms. */
  downMs: number;
}

/** A reboot in progress. */
export interface RebootHandle {
  /** Resolves when the node is back (Ready, new bootID, Lease fresh). */
  done: Promise<void>;
  /** Cancel the pending "up" step (used when the simulator closes). */
  cancel(): void;
}

const UNREACHABLE = 'node.kubernetes.io/unreachable';

/**
 * Take a node down now and bring it back after `options.downMs`.
 * @param store - the simulator's store (changed)
 * @param name - node name
 * @param options - see {@link RebootOptions}
 * @param now - the clock for written timestamps
 * @returns the handle, or null when there is no such node
 */
export function rebootNode(
  store: ObjectStore,
  name: string,
  options: RebootOptions,
  now: () => Date,
): RebootHandle | null {
  const nodeKey = `/${name}`;
  const node = readObject(store, 'nodes', nodeKey) as (WireObject & KNode) | undefined;
  if (!node) return null;
  const t0 = now();
  const status = (node.status ??= {});
  status.conditions = (status.conditions ?? []).map((c): KCondition => ({
    ...c,
    status: 'Unknown',
    reason: 'NodeStatusUnknown',
    message: 'Kubelet stopped posting node status.',
    lastTransitionTime: c.status === 'Unknown' ? c.lastTransitionTime : metaTime(t0),
  }));
  const spec = (node.spec ??= {});
  const taints = (spec.taints ?? []).filter((t) => t.key !== UNREACHABLE);
  taints.push(
    { key: UNREACHABLE, effect: 'NoSchedule', timeAdded: metaTime(t0) } as KTaint,
    { key: UNREACHABLE, effect: 'NoExecute', timeAdded: metaTime(t0) } as KTaint,
  );
  spec.taints = taints;
  writeObject(store, 'nodes', node, t0);
  setPodsReady(store, name, false, t0);

  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle: () => void = () => undefined;
  const done = new Promise<void>((resolveDone) => {
    settle = resolveDone;
    timer = setTimeout(() => {
      up(store, name, now());
      resolveDone();
    }, options.downMs);
  });
  return {
    done,
    cancel() {
      if (timer !== undefined) clearTimeout(timer);
      settle();
    },
  };
}

function up(store: ObjectStore, name: string, t: Date): void {
  const node = readObject(store, 'nodes', `/${name}`) as (WireObject & KNode) | undefined;
  if (!node) return;
  const status = (node.status ??= {});
  const conds = status.conditions ?? [];
  if (!conds.some((c) => c.type === 'Ready')) conds.push({ type: 'Ready', status: 'Unknown' });
  status.conditions = conds.map((c): KCondition => {
    const ready = c.type === 'Ready';
    return {
      ...c,
      status: ready ? 'True' : 'False',
      reason: ready
        ? 'KubeletReady'
        : `KubeletHas${c.type === 'MemoryPressure' ? 'SufficientMemory' : c.type === 'DiskPressure' ? 'NoDiskPressure' : c.type === 'PIDPressure' ? 'SufficientPID' : 'NoProblem'}`,
      message: ready ? 'kubelet is posting ready status' : `kubelet reports no ${c.type}`,
      lastHeartbeatTime: metaTime(t),
      lastTransitionTime: metaTime(t),
    };
  });
  status.nodeInfo = { ...(status.nodeInfo ?? {}), bootID: randomUUID() };
  const spec = (node.spec ??= {});
  const taints = (spec.taints ?? []).filter((x) => x.key !== UNREACHABLE);
  if (taints.length > 0) spec.taints = taints;
  else delete spec.taints;
  writeObject(store, 'nodes', node, t);

  const leaseKey = `kube-node-lease/${name}`;
  const lease =
    readObject(store, 'leases', leaseKey) ??
    ({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name,
        namespace: 'kube-node-lease',
        ownerReferences: [
          { apiVersion: 'v1', kind: 'Node', name, uid: (node.metadata as { uid?: string }).uid ?? '' },
        ],
      },
      spec: { holderIdentity: name, leaseDurationSeconds: 40 },
    } as WireObject);
  const leaseSpec = (lease.spec ?? (lease.spec = {})) as Record<string, unknown>;
  leaseSpec.holderIdentity = name;
  leaseSpec.renewTime = microTime(t);
  writeObject(store, 'leases', lease, t);
  setPodsReady(store, name, true, t);
}

function setPodsReady(store: ObjectStore, node: string, ready: boolean, t: Date): void {
  const pods = readAll(store, 'pods') as unknown as (WireObject & KPod)[];
  for (const pod of pods) {
    if (pod.spec?.nodeName !== node || pod.status?.phase !== 'Running') continue;
    const value = ready ? 'True' : 'False';
    const types = ready ? ['Ready', 'ContainersReady'] : ['Ready'];
    const conds = pod.status.conditions ?? [];
    for (const type of types) {
      const c = conds.find((x) => x.type === type);
      if (c) {
        if (c.status !== value) c.lastTransitionTime = metaTime(t);
        c.status = value;
      } else conds.push({ type, status: value, lastTransitionTime: metaTime(t) });
    }
    pod.status.conditions = conds;
    if (ready) {
      const st = pod.status as {
        containerStatuses?: { restartCount?: number; ready?: boolean; started?: boolean; state?: object }[];
      };
      for (const cs of st.containerStatuses ?? []) {
        cs.restartCount = (cs.restartCount ?? 0) + 1;
        cs.ready = true;
        cs.started = true;
        cs.state = { running: { startedAt: metaTime(t) } };
      }
    }
    writeObject(store, 'pods', pod, t);
  }
}
