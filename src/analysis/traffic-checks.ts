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
import type { KPod, KService } from '../cluster/types.js';
import { type ClusterIndex, podKey } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** Node label that takes a node out of cloud load balancers' target pools (Kubernetes well-known labels). */
export const LABEL_EXCLUDE_FROM_LB = 'node.kubernetes.io/exclude-from-external-load-balancers';

/** Ports an ingress controller binds on the node for the load balancer in front of it (HTTP, HTTPS). */
const INGRESS_PORTS = new Set([80, 443]);

/**
 * The ports a pod binds on the node's own addresses: its `hostPort`s, and with `hostNetwork` its
 * container ports (the API server defaults `hostPort` to `containerPort` for such pods; core/v1
 * ContainerPort: "If HostNetwork is specified, this must match ContainerPort").
 */
function hostPorts(p: KPod): number[] {
  return (p.spec?.containers ?? []).flatMap((c) =>
    (c.ports ?? [])
      .map((port) => port.hostPort ?? (p.spec?.hostNetwork === true ? port.containerPort : undefined))
      .filter((x): x is number => typeof x === 'number' && x > 0),
  );
}

/** Whether a Service's selector selects a pod (same namespace, every label equal). */
export function selectsPod(s: KService, p: KPod): boolean {
  const sel = s.spec?.selector;
  if (!sel || Object.keys(sel).length === 0) return false;
  return (
    (p.metadata.namespace ?? 'default') === (s.metadata.namespace ?? 'default') &&
    Object.entries(sel).every(([k, v]) => p.metadata.labels?.[k] === v)
  );
}

/**
 * The host ports of a pod that take load-balanced traffic: 80 and 443 (what a load balancer in
 * front of an ingress controller forwards), and any port a LoadBalancer or NodePort Service
 * selecting the pod forwards to (`port`, or a numeric `targetPort`). A DaemonSet's metrics port
 * (node-exporter's 9100, MetalLB speaker's 7946 and 9120) is scraped or gossiped node by node,
 * never load-balanced: issue 29 found "the load balancer keeps sending new connections" said of
 * it.
 * @param p - a pod on the node
 * @param services - the cluster's Services
 */
function trafficPorts(p: KPod, services: readonly KService[]): number[] {
  const forwarded = new Set(
    services
      .filter((s) => (s.spec?.type === 'LoadBalancer' || s.spec?.type === 'NodePort') && selectsPod(s, p))
      .flatMap((s) =>
        (s.spec?.ports ?? []).flatMap((x) => [
          x.port,
          ...(typeof x.targetPort === 'number' ? [x.targetPort] : []),
        ]),
      ),
  );
  return hostPorts(p).filter((x) => INGRESS_PORTS.has(x) || forwarded.has(x));
}

/**
 * The traffic-policy check for one node.
 * @param index - the cluster index
 * @param node - the target node
 * @param pods - every running pod on the node (DaemonSet pods included: ingress controllers often are)
 * @returns a `local-policy` warning naming the Services, a `host-ports` warning naming the pods that
 *   take load-balanced traffic on the node's own ports ({@link trafficPorts}); nothing when neither applies
 */
export function trafficChecks(index: ClusterIndex, node: string, pods: readonly KPod[]): Finding[] {
  const out: Finding[] = [];
  const all = index.snapshot.services ?? [];
  const services = all.filter(
    (s) => s.spec?.externalTrafficPolicy === 'Local' && pods.some((p) => selectsPod(s, p)),
  );
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
  const bound = pods.filter((p) => trafficPorts(p, all).length > 0);
  if (bound.length > 0 && !excluded) {
    out.push(
      finding('traffic-policy', 'data', 'warn', 'host-ports', {
        node,
        pods: bound.map(podKey),
        ports: [...new Set(bound.flatMap((p) => trafficPorts(p, all)))].sort((a, b) => a - b).map(String),
        label: LABEL_EXCLUDE_FROM_LB,
      }),
    );
  }
  return out;
}
