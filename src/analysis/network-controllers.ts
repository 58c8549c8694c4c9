/**
 * network-controllers (issue 29 item 4): MetalLB in layer 2 mode. One node's speaker answers ARP
 * (IPv4) or NDP (IPv6) for each LoadBalancer IP, and all the Service's traffic enters there; when
 * that node goes down the other speakers notice through memberlist and one of them takes the IP
 * over, sending gratuitous ARP so clients learn the new MAC address: a few seconds for clients that
 * honour it, longer for those that do not, and connections through the old node break. Which node
 * announces a Service is MetalLB's `ServiceL2Status` (`status.node`, MetalLB 0.14 and later).
 * @see https://metallb.universe.tf/concepts/layer2/
 * @see https://github.com/metallb/metallb/blob/main/api/v1beta1/servicel2status_types.go
 * Pure.
 */
import type { KPod } from '../cluster/types.js';
import { type ClusterIndex, isPodReady, topOwnerOf } from './cluster-index.js';
import { finding } from './finding.js';
import { LABEL_EXCLUDE_FROM_LB } from './traffic-checks.js';
import type { Finding } from './types.js';

/** Labels of MetalLB's speaker DaemonSet (config/manifests/metallb-native.yaml, and its Helm chart's). */
const SPEAKER_LABELS: readonly Readonly<Record<string, string>>[] = [
  { app: 'metallb', component: 'speaker' },
  { 'app.kubernetes.io/name': 'metallb', 'app.kubernetes.io/component': 'speaker' },
];

function isSpeaker(index: ClusterIndex, p: KPod): boolean {
  const owner = topOwnerOf(index, p);
  if (owner?.kind !== 'DaemonSet') return false;
  const labels = [owner.workload?.metadata.labels, p.metadata.labels];
  return SPEAKER_LABELS.some((want) =>
    labels.some((l) => Object.entries(want).every(([k, v]) => l?.[k] === v)),
  );
}

/**
 * The MetalLB layer 2 check for one node (check `network-controllers`, data plane):
 * - `l2-announcer` (warn): the node's speaker announces these Services' IPs (ServiceL2Status
 *   naming the node): facts `services`, `ips`;
 * - `l2-unknown` (info): a speaker runs on the node and LoadBalancer Services have IPs, but the
 *   snapshot holds no ServiceL2Status (not read, or a MetalLB before 0.14, or BGP mode): which
 *   node announces them is unknown, said so.
 * Nothing without a Ready speaker on the node, or on a node labelled
 * `node.kubernetes.io/exclude-from-external-load-balancers` (MetalLB's speakers announce nothing
 * from it: speaker/layer2_controller.go).
 * @param index - the cluster index
 * @param node - the target node
 * @param pods - the node's running pods (DaemonSet pods included)
 */
export function metallbChecks(index: ClusterIndex, node: string, pods: readonly KPod[]): Finding[] {
  if (index.nodesByName.get(node)?.metadata.labels?.[LABEL_EXCLUDE_FROM_LB] !== undefined) return [];
  if (!pods.some((p) => isPodReady(p) && isSpeaker(index, p))) return [];
  const services = index.snapshot.services ?? [];
  const ipsOf = (ns: string, name: string): string[] =>
    services
      .filter((s) => s.metadata.name === name && (s.metadata.namespace ?? 'default') === ns)
      .flatMap((s) => (s.status?.loadBalancer?.ingress ?? []).map((i) => i.ip ?? i.hostname ?? ''))
      .filter((x) => x !== '');
  const statuses = index.snapshot.serviceL2Statuses;
  if (statuses === undefined) {
    const withIp = services.filter(
      (s) => s.spec?.type === 'LoadBalancer' && (s.status?.loadBalancer?.ingress ?? []).length > 0,
    );
    if (withIp.length === 0) return [];
    return [
      finding('network-controllers', 'data', 'info', 'l2-unknown', {
        node,
        services: withIp.map((s) => `${s.metadata.namespace ?? 'default'}/${s.metadata.name}`),
      }),
    ];
  }
  const here = statuses.filter((s) => s.status?.node === node);
  if (here.length === 0) return [];
  const keys = here.map((s) => ({
    ns: s.status?.serviceNamespace ?? s.metadata.namespace ?? 'default',
    name: s.status?.serviceName ?? '',
  }));
  return [
    finding('network-controllers', 'data', 'warn', 'l2-announcer', {
      node,
      services: keys.map((k) => `${k.ns}/${k.name}`),
      ips: keys.flatMap((k) => ipsOf(k.ns, k.name)),
    }),
  ];
}
