/**
 * The control plane as one snapshot shows it: which nodes run it, which apiservers are alive, who
 * holds the leader Leases, what /readyz says and what etcd looks like. Shared by the reboot-impact
 * checks and the HA status report.
 */
import type { KNode } from '../cluster/types.js';
import {
  type ClusterIndex,
  apiserverIdentityLeases,
  hasControlPlaneTaint,
  holderHostname,
  isCordoned,
  isNodeReady,
  leaseAgeSeconds,
  readyStatus,
} from './cluster-index.js';
import { APISERVER_IDENTITY_STALE_S, nodeMonitorGracePeriodS } from './domain.js';
import { type EtcdView, buildEtcdView, unseenMasters } from './etcd-view.js';
import { type ControllerManagerVersionSource, controllerManagerVersion } from './what-if/versions.js';

/** One control-plane node. */
export interface ControlPlaneNode {
  name: string;
  ready: boolean;
  /** Ready condition status as the API reports it (`True`, `False`, `Unknown`). */
  readyStatus: string;
  cordoned: boolean;
  tainted: boolean;
  /** Component → mirror pod Ready (`kube-apiserver`, `etcd`, `kube-scheduler`, `kube-controller-manager`). */
  components: Record<string, boolean>;
}

/** One apiserver instance, from its identity Lease, its mirror pod, or the kubernetes EndpointSlice. */
export interface ApiserverView {
  /** The host it runs on (node name, or a hosted pod name on managed clusters). */
  host: string;
  /** Alive: fresh identity Lease, or Ready mirror pod on a Ready node. */
  alive: boolean;
  leaseAgeS: number | null;
}

/** A leader-election Lease (kube-scheduler, kube-controller-manager, cloud-controller-manager). */
export interface LeaderLeaseView {
  name: string;
  holderIdentity: string | null;
  /** Hostname part of holderIdentity (`<hostname>_<uuid>`). */
  holderHost: string | null;
  /** Whether the holder host is a node of this cluster. */
  holderIsNode: boolean;
  renewAgeS: number | null;
  leaseDurationSeconds: number | null;
  /** Renewed within its lease duration. */
  fresh: boolean;
  leaseTransitions: number | null;
}

/** /readyz parsed: overall ok, and the names of failing checks (`[-]name`). */
export interface ReadyzView {
  reachable: boolean;
  /** HTTP status of the answer (0 when unreachable). */
  status: number;
  ok: boolean;
  failing: string[];
}

/**
 * The node-monitor grace period this cluster's kube-controller-manager uses by default: 50 s from
 * Kubernetes 1.32, 40 s before ({@link nodeMonitorGracePeriodS}). Every answer that states the
 * grace period takes it from here, so it follows the cluster's version.
 */
export interface NodeMonitorGrace {
  /** The grace period, in seconds. */
  seconds: number;
  /** The version it was decided from (`v1.33.1`), or null when the snapshot shows none (then 40 s). */
  version: string | null;
  /** Where the version came from, or null when unknown. */
  source: ControllerManagerVersionSource | null;
}

/** The whole control-plane picture. */
export interface ControlPlaneState {
  /**
   * A provider keeps the control plane (the profile's `keeper` is `provider`: EKS, GKE, AKS), so
   * only data-plane checks apply; decided by the profile, never by its name.
   */
  managed: boolean;
  /** The distribution profile (`kubeadm`, `k3s`, `rke2`, `openshift`, `managed`) and its qualifier (`AKS`, `embedded etcd`…). */
  profile: { name: string; variant: string | null };
  nodes: ControlPlaneNode[];
  apiservers: ApiserverView[];
  /** Addresses listed in the `default/kubernetes` EndpointSlice. */
  apiserverEndpoints: string[];
  leaderLeases: LeaderLeaseView[];
  readyz: ReadyzView;
  etcd: EtcdView;
  /** Parts the snapshot does not hold (`ClusterSnapshot.unobserved`): nothing about them is judged. */
  unobserved: readonly string[];
  /** The node-monitor grace period of this cluster's version. */
  nodeMonitorGrace: NodeMonitorGrace;
  /**
   * Control-plane nodes the cluster has but the file does not hold (OpenShift: the etcd quorum
   * guard counts more masters than are listed; {@link unseenMasters}); absent or 0: none known.
   */
  unseenControlPlane?: number;
}

const LEADER_LEASES = ['kube-scheduler', 'kube-controller-manager', 'cloud-controller-manager'] as const;

/**
 * Parse `/readyz?verbose` text. The HTTP status decides; the `[-]` lines say what failed.
 * @param readyz - the snapshot's readyz result, or null when no apiserver answered
 */
export function parseReadyz(readyz: { status: number; text: string } | null): ReadyzView {
  if (!readyz) return { reachable: false, status: 0, ok: false, failing: [] };
  const failing = [...readyz.text.matchAll(/^\[-\]([^\s]+)/gm)].map((m) => m[1] ?? '').filter(Boolean);
  return {
    reachable: true,
    status: readyz.status,
    ok: readyz.status >= 200 && readyz.status < 300 && failing.length === 0,
    failing,
  };
}

/**
 * Derive the control-plane state.
 * @param index - the cluster index
 * @param now - the analysis clock
 * @returns the state; pure
 */
export function controlPlaneState(index: ClusterIndex, now: Date): ControlPlaneState {
  const { snapshot } = index;
  const nodes: ControlPlaneNode[] = index.controlPlaneNodes.map((n: KNode) => {
    const components = index.profile.componentsOnNode(
      n,
      index.staticPodsByNode.get(n.metadata.name) ?? new Map(),
    );
    return {
      name: n.metadata.name,
      ready: isNodeReady(n),
      readyStatus: readyStatus(n),
      cordoned: isCordoned(n),
      tainted: hasControlPlaneTaint(n),
      components,
    };
  });
  // The profile says who keeps the control plane (src/analysis/profiles/: EKS, GKE, AKS are the provider's).
  const managed = index.profile.keeper === 'provider';

  // A Lease names a host as the kubelet or the component sees it (`kubernetes.io/hostname`, the
  // short name) while the node may be named otherwise (an AWS FQDN): match by every name a node has.
  const aliases = nodeAliases(snapshot.nodes);
  const canonical = (host: string): string => aliases.get(host) ?? host;
  const apiservers = new Map<string, ApiserverView>();
  for (const lease of apiserverIdentityLeases(index)) {
    const host = canonical(lease.metadata.labels?.['kubernetes.io/hostname'] ?? lease.metadata.name);
    const age = leaseAgeSeconds(lease, now);
    apiservers.set(host, { host, alive: age !== null && age <= APISERVER_IDENTITY_STALE_S, leaseAgeS: age });
  }
  for (const n of nodes) {
    const podReady = n.components['kube-apiserver'];
    if (podReady === undefined) continue;
    const existing = apiservers.get(n.name);
    // A fresh identity Lease and a Ready mirror pod must agree: either one failing marks it down.
    apiservers.set(n.name, {
      host: n.name,
      alive: (existing ? existing.alive : true) && podReady,
      leaseAgeS: existing?.leaseAgeS ?? null,
    });
  }
  const apiserverEndpoints = snapshot.apiserverEndpointSlices.flatMap((s) =>
    (s.endpoints ?? []).filter((e) => e.conditions?.ready !== false).flatMap((e) => e.addresses),
  );

  const nodeNames = new Set(snapshot.nodes.map((n) => n.metadata.name));
  const leaderLeases: LeaderLeaseView[] = [];
  for (const name of LEADER_LEASES) {
    const lease = index.leasesByKey.get(`kube-system/${name}`);
    if (!lease) continue;
    const holder = lease.spec?.holderIdentity ?? null;
    const host = holder ? canonical(holderHostname(holder)) : null;
    const age = leaseAgeSeconds(lease, now);
    const duration = lease.spec?.leaseDurationSeconds ?? null;
    leaderLeases.push({
      name,
      holderIdentity: holder,
      holderHost: host,
      holderIsNode: host !== null && nodeNames.has(host),
      renewAgeS: age,
      leaseDurationSeconds: duration,
      fresh: holder !== null && holder !== '' && age !== null && duration !== null && age <= duration,
      leaseTransitions: lease.spec?.leaseTransitions ?? null,
    });
  }

  const kcmLeader = leaderLeases.find((l) => l.name === 'kube-controller-manager')?.holderHost ?? null;
  const kcmVersion = controllerManagerVersion(index, kcmLeader);
  const nodeMonitorGrace: NodeMonitorGrace = {
    seconds: nodeMonitorGracePeriodS(kcmVersion?.version ?? null),
    version: kcmVersion?.version.text ?? null,
    source: kcmVersion?.source ?? null,
  };

  return {
    managed,
    profile: { name: index.profile.name, variant: index.profile.variant(snapshot) },
    nodes,
    apiservers: [...apiservers.values()],
    apiserverEndpoints,
    leaderLeases,
    readyz: parseReadyz(snapshot.readyz),
    etcd: buildEtcdView(index),
    unobserved: snapshot.unobserved ?? [],
    nodeMonitorGrace,
    unseenControlPlane: unseenMasters(index),
  };
}

/**
 * What the profile's `keeperFindings` is told it saw: the API servers counted from their identity
 * Leases (null when the snapshot holds no Leases: their number is unknown, not 0) and the profile's
 * variant. One place for the status and the reboot analyses.
 * @param state - the control plane as seen
 * @returns the `seen` argument of `ControlPlaneProfile.keeperFindings` (profiles/types.ts)
 */
export function keeperSeen(state: ControlPlaneState): { apiservers: number | null; variant: string | null } {
  return {
    apiservers: state.unobserved.includes('leases') ? null : state.apiservers.length,
    variant: state.profile.variant,
  };
}

/**
 * Every name a node answers to, mapped to its node name: `metadata.name`, the
 * `kubernetes.io/hostname` label, and its `Hostname` / `InternalDNS` / `ExternalDNS` addresses.
 * A name two nodes share is left out (it identifies neither).
 * @param nodes - the nodes
 * @returns alias → node name
 */
export function nodeAliases(nodes: readonly KNode[]): Map<string, string> {
  const out = new Map<string, string>();
  const shared = new Set<string>();
  for (const n of nodes) {
    const name = n.metadata.name;
    const names = new Set([
      name,
      n.metadata.labels?.['kubernetes.io/hostname'],
      ...(n.status?.addresses ?? [])
        .filter((a) => a.type === 'Hostname' || a.type === 'InternalDNS' || a.type === 'ExternalDNS')
        .map((a) => a.address),
    ]);
    for (const alias of names) {
      if (!alias) continue;
      const seen = out.get(alias);
      if (seen !== undefined && seen !== name) shared.add(alias);
      else out.set(alias, name);
    }
  }
  // A node's own name always means that node.
  for (const a of shared) out.delete(a);
  for (const n of nodes) out.set(n.metadata.name, n.metadata.name);
  return out;
}
