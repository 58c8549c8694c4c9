/**
 * traffic-policy (docs/checks.md): traffic that reaches the
 * node itself from outside. A Service with `externalTrafficPolicy: Local` sends load-balancer and
 * NodePort traffic only to pods on the receiving node, and the cloud load balancer stops sending
 * new connections to a node only when its health check (`healthCheckNodePort`) fails; an ingress
 * controller bound to the node's ports (`hostPort`, `hostNetwork`) is reached the same way. So when
 * the node's pods stop, connections the load balancer still sends there fail until the next failed
 * health checks take the node out.
 * @see https://kubernetes.io/docs/reference/networking/virtual-ips/#external-traffic-policy
 * @see https://github.com/kubernetes/kubernetes/issues/50977
 * @see https://kubernetes.io/docs/reference/labels-annotations-taints/#node-kubernetes-io-exclude-from-external-load-balancers
 * Pure.
 */
import type { KPod } from '../cluster/types.js';
import type { ClusterIndex } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** Node label that takes a node out of cloud load balancers' target pools (Kubernetes well-known labels). */
export const LABEL_EXCLUDE_FROM_LB = 'node.kubernetes.io/exclude-from-external-load-balancers';

/** Ports an ingress controller binds on the node. */
const INGRESS_PORTS = new Set([80, 443]);

const podName = (p: KPod): string => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;

function hostPorts(p: KPod): number[] {
  return (p.spec?.containers ?? []).flatMap((c) =>
    (c.ports ?? []).map((port) => port.hostPort).filter((x): x is number => typeof x === 'number' && x > 0),
  );
}

/**
 * The traffic-policy check for one node.
 * @param index - the cluster index
 * @param node - the target node
 * @param pods - every running pod on the node (DaemonSet pods included: ingress controllers often are)
 * @returns a `local-policy` warning naming the Services, a `host-ports` warning naming the pods that
 *   bind 80/443 on the node (or any host port outside kube-system); nothing when neither applies
 */
export function trafficChecks(index: ClusterIndex, node: string, pods: readonly KPod[]): Finding[] {
  const out: Finding[] = [];
  const services = (index.snapshot.services ?? []).filter((s) => {
    const sel = s.spec?.selector;
    if (s.spec?.externalTrafficPolicy !== 'Local' || !sel || Object.keys(sel).length === 0) return false;
    const ns = s.metadata.namespace ?? 'default';
    return pods.some(
      (p) =>
        (p.metadata.namespace ?? 'default') === ns &&
        Object.entries(sel).every(([k, v]) => p.metadata.labels?.[k] === v),
    );
  });
  const excluded = index.nodesByName.get(node)?.metadata.labels?.[LABEL_EXCLUDE_FROM_LB] !== undefined;
  if (services.length > 0 && !excluded) {
    out.push(
      finding('traffic-policy', 'data', 'warn', 'local-policy', {
        node,
        services: services.map((s) => `${s.metadata.namespace ?? 'default'}/${s.metadata.name}`),
        label: LABEL_EXCLUDE_FROM_LB,
      }),
    );
  }
  const bound = pods.filter((p) => {
    const ports = hostPorts(p);
    return (
      ports.some((x) => INGRESS_PORTS.has(x)) || (ports.length > 0 && p.metadata.namespace !== 'kube-system')
    );
  });
  if (bound.length > 0 && !excluded) {
    out.push(
      finding('traffic-policy', 'data', 'warn', 'host-ports', {
        node,
        pods: bound.map(podName),
        ports: [...new Set(bound.flatMap(hostPorts))].sort((a, b) => a - b).map(String),
        label: LABEL_EXCLUDE_FROM_LB,
      }),
    );
  }
  return out;
}
