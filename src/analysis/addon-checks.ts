/**
 * cluster-addons (issue 29 items 4 and 5): an add-on other workloads depend on (cluster DNS, the
 * metrics API, admission webhooks, certificate issuance, GitOps controllers, the cluster
 * autoscaler, network controllers) with every Ready replica on the target node is down for the
 * whole cluster until a replacement is Ready elsewhere, which is more than "one more workload
 * rescheduled". The add-ons and their sources are data (./addons-table.ts). Pure.
 */
import type { KPod } from '../cluster/types.js';
import { type ClusterIndex, type TopOwner, isMirrorPod, podsOfOwner, topOwnerOf } from './cluster-index.js';
import { ADDONS, type AddonLabels, type AddonRow } from './addons-table.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

function labelsMatch(want: AddonLabels, labels: Readonly<Record<string, string>> | undefined): boolean {
  return Object.entries(want).every(([k, v]) => labels?.[k] === v);
}

/**
 * The known add-on a pod runs, recognised by its top owner's kind and the labels of that workload
 * or of the pod (its template's), and by its containers' names where add-ons share labels
 * (kube-dns, CoreDNS); never by the pod's name.
 * @param owner - the pod's top owner
 * @param pod - the pod
 * @returns the row, or null for no known add-on
 */
export function addonOf(owner: TopOwner, pod: KPod): AddonRow | null {
  return (
    ADDONS.find(
      (row) =>
        (row.kinds as readonly string[]).includes(owner.kind) &&
        row.labels.some(
          (want) =>
            labelsMatch(want, owner.workload?.metadata.labels) || labelsMatch(want, pod.metadata.labels),
        ) &&
        (row.containers === undefined ||
          (pod.spec?.containers ?? []).some((c) => row.containers?.includes(c.name))),
    ) ?? null
  );
}

/**
 * One `cluster-addons` finding (data plane, warn, variant `all-here`) naming every known
 * cluster-wide add-on whose Ready replicas all run on the node (none Ready on another node, none
 * Terminating counted), in parallel lists: `addons` (the row ids, whose sentences say what stops
 * for others), `addonNames`, `workloads`; `count` of them. An add-on with a Ready replica
 * elsewhere, or a per-node one (NodeLocal DNSCache, kured: `scope: 'node'`), is not named; nor is
 * anything on the cluster's only node (no other node could run a replacement: the only-node
 * answers say everything there is down until it is back).
 * @param index - the cluster index
 * @param node - the target node
 * @returns the finding, or none
 */
export function addonChecks(index: ClusterIndex, node: string): Finding[] {
  if (index.snapshot.nodes.length < 2) return [];
  const found: { row: AddonRow; owner: TopOwner }[] = [];
  const seen = new Set<string>();
  for (const pod of index.podsByNode.get(node) ?? []) {
    if (isMirrorPod(pod)) continue;
    const owner = topOwnerOf(index, pod);
    if (owner === null || seen.has(owner.uid)) continue;
    seen.add(owner.uid);
    const row = addonOf(owner, pod);
    if (row === null || row.scope !== 'cluster') continue;
    const readyElsewhere = podsOfOwner(index, owner).some(
      (s) => s.nodeName !== null && s.nodeName !== node && s.ready === true && !s.deletionTimestamp,
    );
    if (!readyElsewhere) found.push({ row, owner });
  }
  if (found.length === 0) return [];
  return [
    finding('cluster-addons', 'data', 'warn', 'all-here', {
      node,
      addons: found.map((x) => x.row.id),
      addonNames: found.map((x) => x.row.name),
      workloads: found.map((x) => `${x.owner.namespace}/${x.owner.name}`),
      count: found.length,
    }),
  ];
}
