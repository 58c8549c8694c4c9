/**
 * What a pod asks of its node, as kube-scheduler reads it: its effective requests (the containers'
 * sum, plus sidecars: restartable init containers; or the largest init container plus the sidecars
 * started before it, if larger; plus `spec.overhead`), after `k8s.io/component-helpers/resource`
 * `PodRequests`, and its host ports (`framework.HostPortInfo`). Shared by the pod summaries and the
 * scheduling model (src/analysis/scheduling/). Pure.
 * @see https://kubernetes.io/docs/concepts/workloads/pods/init-containers/#resource-sharing-within-containers
 * @see https://kubernetes.io/docs/concepts/scheduling-eviction/pod-overhead/
 */
import type { KContainer, KPod } from './types.js';
import { cpuToMillicores, memoryToBytes } from './quantity.js';

/** A host port a pod binds on its node (`hostIP` `0.0.0.0` when unset, `protocol` TCP when unset). */
export interface HostPort {
  protocol: string;
  hostIP: string;
  port: number;
}

/**
 * Whether the scheduler accounts a resource name: cpu, memory, ephemeral-storage, hugepages and
 * every prefixed name (`nvidia.com/gpu`, `kubernetes.io/*`); `pods` is counted, never summed.
 */
function accounted(name: string): boolean {
  return (
    name === 'cpu' ||
    name === 'memory' ||
    name === 'ephemeral-storage' ||
    name.startsWith('hugepages-') ||
    name.includes('/')
  );
}

/**
 * A quantity in the base unit the scheduler compares: millicores for cpu, bytes or units otherwise.
 * @param name - the resource name
 * @param quantity - the quantity string
 * @returns the amount, 0 when it does not parse
 */
export function resourceAmount(name: string, quantity: string | number | undefined): number {
  return (name === 'cpu' ? cpuToMillicores(quantity) : memoryToBytes(quantity)) ?? 0;
}

function addRequests(into: Map<string, number>, requests: Record<string, string> | undefined): void {
  for (const [name, q] of Object.entries(requests ?? {}))
    if (accounted(name)) into.set(name, (into.get(name) ?? 0) + resourceAmount(name, q));
}

function maxInto(into: Map<string, number>, other: ReadonlyMap<string, number>): void {
  for (const [name, v] of other) if (v > (into.get(name) ?? 0)) into.set(name, v);
}

const requestsOf = (c: KContainer): Record<string, string> | undefined => c.resources?.requests;

/**
 * A pod's effective requests, as the scheduler computes them (see the module doc).
 * @param pod - the pod
 * @returns resource name → amount (cpu millicores, memory/ephemeral-storage bytes, others units)
 */
export function podRequests(pod: KPod): Map<string, number> {
  const reqs = new Map<string, number>();
  for (const c of pod.spec?.containers ?? []) addRequests(reqs, requestsOf(c));
  const sidecars = new Map<string, number>();
  const init = new Map<string, number>();
  for (const c of pod.spec?.initContainers ?? []) {
    if (c.restartPolicy === 'Always') {
      addRequests(reqs, requestsOf(c));
      addRequests(sidecars, requestsOf(c));
      maxInto(init, sidecars);
    } else {
      const one = new Map(sidecars);
      addRequests(one, requestsOf(c));
      maxInto(init, one);
    }
  }
  maxInto(reqs, init);
  addRequests(reqs, pod.spec?.overhead);
  return reqs;
}

/**
 * The host ports a pod asks for (containers with `hostPort` > 0; TCP and `0.0.0.0` by default).
 * @param pod - the pod
 */
export function podHostPorts(pod: KPod): HostPort[] {
  const out: HostPort[] = [];
  for (const c of pod.spec?.containers ?? [])
    for (const p of c.ports ?? [])
      if ((p.hostPort ?? 0) > 0)
        out.push({
          protocol: p.protocol === undefined || p.protocol === '' ? 'TCP' : p.protocol,
          hostIP: p.hostIP === undefined || p.hostIP === '' ? '0.0.0.0' : p.hostIP,
          port: p.hostPort ?? 0,
        });
  return out;
}

/**
 * The claim names of a pod's `persistentVolumeClaim` volumes.
 * @param pod - the pod
 */
export function podClaims(pod: KPod): string[] {
  return (pod.spec?.volumes ?? []).flatMap((v) =>
    v.persistentVolumeClaim ? [v.persistentVolumeClaim.claimName] : [],
  );
}
