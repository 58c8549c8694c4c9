/**
 * The control-plane endpoint of a single-node reboot (check `control-plane-endpoint`):
 * a virtual IP that the target node holds moves when it reboots. Pure: it reads the cluster index.
 *
 * - kube-vip: its control-plane leader election Lease `kube-system/plndr-cp-lock` names the node
 *   that holds the VIP (holderIdentity = the node name); kube-vip runs as static pods or a
 *   DaemonSet whose pods start with `kube-vip` (https://kube-vip.io/docs/installation/static/).
 * - keepalived: static pods `keepalived-<node>` (kubeadm's HA guide, "keepalived and haproxy"
 *   static pods, https://github.com/kubernetes/kubeadm/blob/main/docs/ha-considerations.md); no
 *   object says which node holds the address, so a node that runs keepalived may hold it.
 *
 * While the VIP moves, every API client that reaches the API through it (kubelets, controllers,
 * kubectl) sees an interruption of a few seconds, and the failover is not guaranteed
 * (kube-vip/kube-vip#748, #941: the other node did not take the VIP over and the API stayed
 * unreachable for the whole reboot), so the advice is to move the VIP first.
 */
import { type ClusterIndex, holderHostname, isNodeReady, memoOnIndex } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** kube-vip's control-plane leader-election Lease (namespace kube-system). */
export const KUBE_VIP_CP_LEASE = 'plndr-cp-lock';

/**
 * Nodes that run a kube-system pod whose name starts with `prefix`, in the order of the pods.
 * @param index - the cluster index
 * @param prefix - the start of the pod names (`kube-vip`, `keepalived`)
 * @returns the node names, no duplicates (computed once per index and prefix: do not change it)
 */
export function nodesRunning(index: ClusterIndex, prefix: string): readonly string[] {
  return memoOnIndex(index, `nodesRunning:${prefix}`, () => [
    ...new Set(
      (index.podsByNamespace.get('kube-system') ?? [])
        .filter((p) => p.metadata.name.startsWith(prefix) && p.spec?.nodeName)
        .map((p) => p.spec?.nodeName ?? ''),
    ),
  ]);
}

/**
 * How kube-vip runs on a node, read from its pod there (the advice to move the VIP first differs):
 * - `static`: a mirror pod of a static pod manifest (owner kind `Node`, or the annotation
 *   `kubernetes.io/config.source: file`): moving the manifest out of the kubelet's manifest
 *   folder stops it;
 * - `daemonset`: owned by a DaemonSet. Deleting the pod does not stop it on the node, cordoned or
 *   not: the DaemonSet controller recreates it there (DaemonSet pods tolerate
 *   `node.kubernetes.io/unschedulable`,
 *   https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#taints-and-tolerations).
 *   It does delete it when the node stops matching the pods' node selector ("If node labels are
 *   changed, the DaemonSet will promptly add Pods to newly matching nodes and delete Pods from
 *   newly not-matching nodes", same page), so `label` is the first node-selector label the node
 *   has, with its value, when the pod has a nodeSelector (the DaemonSet copies its template's
 *   nodeSelector into each pod; its nodeAffinity is replaced per node, so it is not read);
 * - `unknown`: no kube-vip pod of the node in the data.
 */
export interface KubeVipForm {
  form: 'static' | 'daemonset' | 'unknown';
  /** The DaemonSet, for `daemonset`. */
  daemonSet?: { namespace: string; name: string };
  /** A label of the node that the DaemonSet's node selector requires, for `daemonset`. */
  label?: { key: string; value: string };
}

/**
 * How kube-vip runs on `node` ({@link KubeVipForm}).
 * @param index - the cluster index
 * @param node - a node name
 */
export function kubeVipForm(index: ClusterIndex, node: string): KubeVipForm {
  const pod = (index.podsByNamespace.get('kube-system') ?? []).find(
    (p) => p.metadata.name.startsWith('kube-vip') && p.spec?.nodeName === node,
  );
  if (pod === undefined) return { form: 'unknown' };
  const owners = pod.metadata.ownerReferences ?? [];
  const ds = owners.find((o) => o.kind === 'DaemonSet');
  if (ds !== undefined) {
    const labels = index.nodesByName.get(node)?.metadata.labels ?? {};
    const key = Object.keys(pod.spec?.nodeSelector ?? {}).find((k) => labels[k] !== undefined);
    return {
      form: 'daemonset',
      daemonSet: { namespace: pod.metadata.namespace ?? 'kube-system', name: ds.name },
      ...(key !== undefined ? { label: { key, value: labels[key] ?? '' } } : {}),
    };
  }
  if (
    owners.some((o) => o.kind === 'Node') ||
    pod.metadata.annotations?.['kubernetes.io/config.source'] === 'file'
  )
    return { form: 'static' };
  return { form: 'unknown' };
}

/** Variants of `control-plane-endpoint` that interrupt the clients reaching the API through the VIP. */
const VIP_INTERRUPTIONS: ReadonlySet<string> = new Set([
  'vip-moves',
  'vip-moves-no-quorum',
  'vip-moves-writes-blocked',
  'vip-none-left',
  'keepalived-here',
  'keepalived-none-left',
]);

/**
 * Whether a reboot's findings say the node's control-plane VIP goes away with it (moving, or gone):
 * the clients that reach the API through the VIP are interrupted.
 * @param findings - a single-node reboot's findings
 */
export function interruptsVip(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.check === 'control-plane-endpoint' && VIP_INTERRUPTIONS.has(f.variant));
}

/**
 * One model of the API endpoint (issue 16): when the node's VIP goes away with it, the clients
 * that reach the API through the VIP are interrupted, so the API-capacity finding does not say
 * that "clients behind the load balancer keep working": only those that reach the other API
 * servers directly do (`apiserver-redundancy` `capacity` → `capacity-vip`, `already-down` →
 * `already-down-vip`; the findings that say quorum is lost keep their own variants).
 * @param findings - a single-node reboot's findings
 * @returns the findings, the API-capacity one re-labelled when the VIP goes away with the node
 */
export function oneEndpointModel(findings: readonly Finding[]): Finding[] {
  if (!interruptsVip(findings)) return [...findings];
  return findings.map((f) =>
    f.check === 'apiserver-redundancy' && (f.variant === 'capacity' || f.variant === 'already-down')
      ? { ...f, variant: `${f.variant}-vip` }
      : f,
  );
}

/**
 * The control-plane VIP findings of rebooting `node`: `vip-moves` (warn) when the node holds the
 * kube-vip Lease and another Ready node runs kube-vip, `vip-none-left` (block) when no other Ready
 * node runs it; `keepalived-here` (warn) / `keepalived-none-left` (block) likewise for keepalived
 * static pods on the node. Nothing when the node holds no VIP.
 * @param index - the cluster index
 * @param node - the target node's name
 * @returns at most one finding
 */
export function controlPlaneEndpointChecks(index: ClusterIndex, node: string): Finding[] {
  const readyOther = (n: string): boolean => {
    const o = index.nodesByName.get(n);
    return n !== node && o !== undefined && isNodeReady(o);
  };
  const lease = index.leasesByKey.get(`kube-system/${KUBE_VIP_CP_LEASE}`);
  const holder = lease?.spec?.holderIdentity ? holderHostname(lease.spec.holderIdentity) : null;
  if (holder === node) {
    const standbys = nodesRunning(index, 'kube-vip').filter(readyOther);
    const how = kubeVipForm(index, node);
    const facts = {
      node,
      provider: 'kube-vip',
      lease: `kube-system/${KUBE_VIP_CP_LEASE}`,
      standbys,
      form: how.form,
      ...(how.daemonSet !== undefined
        ? {
            daemonSet: `${how.daemonSet.namespace}/${how.daemonSet.name}`,
            daemonSetNamespace: how.daemonSet.namespace,
            daemonSetName: how.daemonSet.name,
          }
        : {}),
      ...(how.label !== undefined ? { labelKey: how.label.key, labelValue: how.label.value } : {}),
    };
    return [
      finding(
        'control-plane-endpoint',
        'control',
        standbys.length > 0 ? 'warn' : 'block',
        standbys.length > 0 ? 'vip-moves' : 'vip-none-left',
        facts,
      ),
    ];
  }
  const keepalived = nodesRunning(index, 'keepalived');
  if (keepalived.includes(node)) {
    const standbys = keepalived.filter(readyOther);
    const facts = { node, provider: 'keepalived', standbys };
    return [
      finding(
        'control-plane-endpoint',
        'control',
        standbys.length > 0 ? 'warn' : 'block',
        standbys.length > 0 ? 'keepalived-here' : 'keepalived-none-left',
        facts,
      ),
    ];
  }
  return [];
}

/**
 * The control-plane VIP finding of restarting the kube-apiserver on `node` (issue 16, reader6 B1):
 * with the kube-vip Lease `kube-system/plndr-cp-lock` held by `node`, the VIP is an address of
 * `node` (ARP mode: kube-vip answers ARP for it there, https://kube-vip.io/docs/about/architecture/),
 * so every connection to the VIP reaches `node`'s own API server, the one that restarts: every
 * client of the VIP (kubelets, controllers, kubectl) gets errors while it is away. kube-vip on a
 * control-plane node reaches the API through that same node's API server (kube-vip
 * pkg/manager/manager.go: "we set the API endpoint to this machine", `kubernetes:<port>`, a host
 * alias of the node itself in its manifest), so a restart that outlasts its renew deadline
 * (`vip_renewdeadline`, seconds) makes it give the Lease up, and another kube-vip node takes the
 * VIP: a move that is not guaranteed either (kube-vip/kube-vip#748, #941).
 * Variants (check `control-plane-endpoint`, control plane, warn):
 * - `vip-apiserver-restart`: other Ready nodes run kube-vip (`standbys`);
 * - `vip-apiserver-restart-alone`: none does, so the VIP stays on `node` until its API server is back;
 * - `vip-apiserver-restart-writes-blocked`: etcd refuses writes (an active alarm), so no other
 *   kube-vip can write the Lease and the VIP stays on `node` (etcd maintenance docs, Space quota,
 *   https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota).
 * Facts as {@link controlPlaneEndpointChecks}' kube-vip finding (`node`, `lease`, `standbys`, `form`, …).
 * keepalived is not judged here: with kubeadm's keepalived and haproxy the VIP reaches haproxy,
 * which balances over every API server (kubeadm docs/ha-considerations.md).
 * @param index - the cluster index
 * @param node - the node whose kube-apiserver restarts
 * @param writesBlocked - whether etcd refuses writes (an active alarm)
 * @param change - `restart` (the default) or `down` (the API server fails: variants
 *   `vip-apiserver-down…`, told with no advice)
 * @returns at most one finding: none when `node` does not hold the kube-vip Lease
 */
export function apiserverRestartVipChecks(
  index: ClusterIndex,
  node: string,
  writesBlocked: boolean,
  change: 'restart' | 'down' = 'restart',
): Finding[] {
  const vip = controlPlaneEndpointChecks(index, node).find(
    (f) => f.facts.provider === 'kube-vip' && (f.variant === 'vip-moves' || f.variant === 'vip-none-left'),
  );
  if (vip === undefined) return [];
  const base = `vip-apiserver-${change}`;
  const variant = writesBlocked
    ? `${base}-writes-blocked`
    : vip.variant === 'vip-moves'
      ? base
      : `${base}-alone`;
  // A failure has nothing to do "first" (issue 16, reader5 F2): no advice on it.
  return [
    {
      ...vip,
      severity: 'warn',
      variant,
      facts: change === 'down' ? { ...vip.facts, noAdvice: true } : vip.facts,
    },
  ];
}
