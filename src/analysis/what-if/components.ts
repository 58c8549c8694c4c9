/**
 * Where the cluster runs each component a what-if can name: its plane, the objects that carry it
 * (the kube-proxy and CNI DaemonSets, the CoreDNS Deployment, the control-plane static pods and etcd
 * members), and whether the cluster runs it at all.
 */
import type { ClusterSnapshot, KWorkload } from '../../cluster/types.js';
import type { ComponentName } from '../../commands/types.js';
import { podsOfOwner } from '../cluster-index.js';
import type { ControlPlaneState } from '../control-plane-state.js';
import { CNI_DAEMONSETS, KUBE_PROXY_NAME } from '../domain.js';
import { finding } from '../finding.js';
import type { Finding, Plane } from '../types.js';
import type { WhatIfContext } from './context.js';
import type { ImpactBuilder } from './what-if-impact.js';
import { kubeProxyMode } from './kube-proxy-mode.js';

/** The plane each component belongs to (docs/domain.md, "Two planes"). */
export const COMPONENT_PLANE: Readonly<Record<ComponentName, Plane>> = {
  'kube-apiserver': 'control',
  etcd: 'control',
  'kube-scheduler': 'control',
  'kube-controller-manager': 'control',
  kubelet: 'data',
  'kube-proxy': 'data',
  coredns: 'data',
  cni: 'data',
  'container-runtime': 'data',
};

/** The control-plane components: static pods (or the provider's), one instance per control-plane node. */
export type ControlComponent = 'kube-apiserver' | 'etcd' | 'kube-scheduler' | 'kube-controller-manager';

/**
 * Whether a component is a control-plane component.
 * @param component - a component
 */
export function isControlComponent(component: ComponentName): component is ControlComponent {
  return COMPONENT_PLANE[component] === 'control';
}

function daemonSet(ctx: WhatIfContext, names: readonly string[]): KWorkload | null {
  return (
    ctx.snapshot.workloads.find((w) => w.kind === 'DaemonSet' && names.includes(w.metadata.name)) ?? null
  );
}

/**
 * The kube-proxy DaemonSet, or null (a CNI that replaces kube-proxy, or not read).
 * @param ctx - the analysis
 */
export function kubeProxyDaemonSet(ctx: WhatIfContext): KWorkload | null {
  return daemonSet(ctx, [KUBE_PROXY_NAME]);
}

/**
 * The CNI DaemonSet (by the names the common plugins use), or null.
 * @param ctx - the analysis
 */
export function cniDaemonSet(ctx: WhatIfContext): KWorkload | null {
  return daemonSet(ctx, CNI_DAEMONSETS);
}

/**
 * The cluster DNS Deployment in kube-system (`coredns`, `kube-dns`, or labelled `k8s-app=kube-dns`), or null.
 * @param ctx - the analysis
 */
export function coreDnsDeployment(ctx: WhatIfContext): KWorkload | null {
  return (
    ctx.snapshot.workloads.find(
      (w) =>
        w.kind === 'Deployment' &&
        w.metadata.namespace === 'kube-system' &&
        (w.metadata.name === 'coredns' ||
          w.metadata.name === 'kube-dns' ||
          w.metadata.labels?.['k8s-app'] === 'kube-dns'),
    ) ?? null
  );
}

/**
 * The nodes a workload's running pods are on (from the pod summaries), one entry a pod.
 * @param ctx - the analysis
 * @param w - the workload
 */
export function podNodesOf(ctx: WhatIfContext, w: KWorkload): string[] {
  const owner = {
    kind: w.kind,
    name: w.metadata.name,
    namespace: w.metadata.namespace ?? 'default',
    uid: w.metadata.uid ?? '',
    replicas: w.spec?.replicas ?? null,
    workload: w,
  };
  return podsOfOwner(ctx.index, owner)
    .filter((s) => s.phase !== 'Succeeded' && s.phase !== 'Failed')
    .map((s) => s.nodeName ?? '')
    .filter((n) => n !== '');
}

/**
 * Where a control-plane component runs: the nodes with its mirror pod (etcd: its members' nodes),
 * or nothing (managed or external).
 * @param state - the control-plane state
 * @param component - a control-plane component
 */
export function componentNodes(state: ControlPlaneState, component: ComponentName): string[] {
  if (component === 'etcd')
    return state.etcd.members.map((m) => m.node).filter((n): n is string => n !== null);
  return state.nodes.filter((n) => component in n.components).map((n) => n.name);
}

/**
 * A `what-if-target` finding when the cluster does not run the component (on that node), else null.
 * @param ctx - the analysis
 * @param component - the component asked about
 * @param node - the node asked about, if any
 */
export function absentComponent(
  ctx: WhatIfContext,
  component: ComponentName,
  node: string | undefined,
): Finding | null {
  const { state } = ctx;
  const facts = { component, node: node ?? null };
  if (isControlComponent(component)) {
    if (state.managed) return finding('what-if-target', 'control', 'info', 'managed', facts);
    const nodes = componentNodes(state, component);
    if (component === 'etcd' && state.etcd.topology === 'external')
      return finding('what-if-target', 'control', 'info', 'etcd-external', facts);
    if (nodes.length === 0) return finding('what-if-target', 'control', 'info', 'not-seen', facts);
    if (node !== undefined && !nodes.includes(node))
      return finding('what-if-target', 'control', 'block', 'not-on-node', { ...facts, nodes });
    return null;
  }
  // DaemonSets not in the snapshot (a kubectl List of nodes): kube-proxy was not seen, which is
  // not "not deployed" (issue 16: missing data is unknown).
  if (component === 'kube-proxy' && !kubeProxyDaemonSet(ctx) && state.unobserved.includes('workloads'))
    return finding('what-if-target', 'data', 'info', 'not-seen', facts);
  if (component === 'kube-proxy' && !kubeProxyDaemonSet(ctx))
    return finding('what-if-target', 'data', 'info', 'kube-proxy-absent', {
      ...facts,
      cni: cniDaemonSet(ctx)?.metadata.name ?? null,
    });
  if (component === 'coredns' && !coreDnsDeployment(ctx))
    return finding('what-if-target', 'data', 'info', 'not-seen', facts);
  if (component === 'cni' && !cniDaemonSet(ctx))
    return finding('what-if-target', 'data', 'info', 'not-seen', facts);
  return null;
}

/**
 * A `kube-proxy-mode` finding (the mode, or why it is unknown) pushed onto the builder.
 * @param b - the builder
 * @param snapshot - the cluster as read
 * @returns the mode (`iptables`, `ipvs`, `nftables`…), or null when unknown
 */
export function kubeProxyFindings(b: ImpactBuilder, snapshot: ClusterSnapshot): string | null {
  const mode = kubeProxyMode(snapshot);
  if (mode.mode !== null) {
    b.findings.push(
      finding(
        'kube-proxy-mode',
        'data',
        'info',
        mode.defaulted
          ? 'defaulted'
          : mode.mode === 'ipvs' || mode.mode === 'nftables' || mode.mode === 'iptables'
            ? mode.mode
            : 'other',
        { mode: mode.mode },
      ),
    );
  } else if (mode.unknownBecause === 'unreadable') {
    b.findings.push(finding('kube-proxy-mode', 'data', 'info', 'unreadable', { status: mode.status }));
  } else if (mode.unknownBecause === 'absent' || mode.unknownBecause === 'unparsable') {
    b.findings.push(finding('kube-proxy-mode', 'data', 'info', mode.unknownBecause, {}));
  }
  return mode.mode;
}

/**
 * The advice key that tells how to verify kube-proxy's rules in its mode: `iptables-save | grep -c
 * KUBE-SVC` (iptables), `ipvsadm -Ln` (IPVS), `nft list table ip kube-proxy` (nftables). With the
 * mode unknown (no readable kube-system/kube-proxy ConfigMap) or another one, a per-mode command is
 * no check (an IPVS node has almost no KUBE-SVC chains by design; an nftables one none), so the
 * advice is the mode-independent one: kube-proxy's health server on the node
 * (`--healthz-bind-address`, default 0.0.0.0:10256: HTTP 200 once its rules are synced) and its
 * `/proxyMode` on the metrics address (`--metrics-bind-address`, default 127.0.0.1:10249), which
 * names the mode for the per-mode command (kube-proxy reference,
 * https://kubernetes.io/docs/reference/command-line-tools-reference/kube-proxy/; issue 16, F26).
 * @param mode - kube-proxy's mode, or null when unknown
 * @param each - for a rollout over every node: the `-each` form, which names no node (no
 *   placeholder node name in a command)
 * @returns the advice key (`advice.verify-iptables`, `-ipvs`, `-nftables` or `-proxy-health`,
 *   with `-each` when asked)
 */
export function verifyProxyAdvice(mode: string | null, each = false): string {
  const key =
    mode === 'ipvs'
      ? 'advice.verify-ipvs'
      : mode === 'nftables'
        ? 'advice.verify-nftables'
        : mode === 'iptables'
          ? 'advice.verify-iptables'
          : 'advice.verify-proxy-health';
  return each ? `${key}-each` : key;
}
