/**
 * Why a PodDisruptionBudget allows nothing (docs/checks.md, pdb-blocks and
 * operator-budgets). "Wait until healthy" is not an answer: name the pods that hold
 * the budget at 0 and where they run. A budget that a storage operator manages (Rook-Ceph's
 * `rook-ceph-osd-*` / `rook-ceph-mon-pdb`) is never to be edited: the operator recreates it and
 * it guards data; the answer names the down OSD or mon instead.
 *
 * Rook's design: one `rook-ceph-osd` PDB (maxUnavailable 1) while Ceph is healthy; when an OSD is
 * down, blocking PDBs (maxUnavailable 0, `rook-ceph-osd-<failure domain>-<name>`) for every other
 * failure domain until the placement groups are active+clean again.
 * @see https://github.com/rook/rook/blob/master/design/ceph/ceph-managed-disruptionbudgets.md
 * @see https://rook.io/docs/rook/latest/Storage-Configuration/Advanced/ceph-configuration/#managing-pod-disruption-budgets
 * Pure.
 */
import type { KPod, KPodDisruptionBudget, PodSummary } from '../cluster/types.js';
import { type ClusterIndex, isPodReady, podsOfOwner, selectorMatches, topOwnerOf } from './cluster-index.js';
import { cephDaemonOf } from './rook-daemons.js';
import type { Finding } from './types.js';

/**
 * Which operator manages a PodDisruptionBudget, or null for one a user owns.
 * Rook-Ceph: names `rook-ceph-osd…` / `rook-ceph-mon-pdb` or an ownerReference to a CephCluster;
 * any other controller ownerReference (an operator's custom resource) counts as managed too.
 * @param pdb - the budget
 * @returns `rook-ceph`, the owner's kind, or null
 */
export function budgetManager(pdb: KPodDisruptionBudget): string | null {
  const owners = pdb.metadata.ownerReferences ?? [];
  if (
    pdb.metadata.name.startsWith('rook-ceph-osd') ||
    pdb.metadata.name === 'rook-ceph-mon-pdb' ||
    owners.some((o) => o.kind === 'CephCluster')
  ) {
    return 'rook-ceph';
  }
  const owner = owners.find((o) => o.controller === true);
  return owner ? owner.kind : null;
}

function waitingReason(pod: KPod): string | null {
  for (const c of pod.status?.containerStatuses ?? [])
    if (c.state?.waiting?.reason) return c.state.waiting.reason;
  return null;
}

function describe(ns: string, name: string, node: string | null, reason: string): string {
  return `${ns}/${name} (${node ?? 'unscheduled'}: ${reason})`;
}

/**
 * The pods of a budget that are not Ready and not on the target node: selected by the budget
 * among whole pods (labels known), or siblings (same top owner) of the selected pods on the node.
 * @param index - the cluster index
 * @param node - the target node
 * @param pdb - the budget
 * @param here - the budget's pods on the target node
 * @returns `namespace/name (node: reason)` strings, sorted
 */
export function unhealthyElsewhere(
  index: ClusterIndex,
  node: string,
  pdb: KPodDisruptionBudget,
  here: readonly KPod[],
): string[] {
  const ns = pdb.metadata.namespace ?? 'default';
  const out = new Map<string, string>();
  for (const p of index.podsByNamespace.get(ns) ?? []) {
    if (p.spec?.nodeName === node) continue;
    if (!selectorMatches(pdb.spec?.selector, p.metadata.labels) || isPodReady(p)) continue;
    out.set(
      p.metadata.name,
      describe(
        ns,
        p.metadata.name,
        p.spec?.nodeName ?? null,
        waitingReason(p) ?? `${p.status?.phase ?? 'Unknown'}, not Ready`,
      ),
    );
  }
  const summaries: PodSummary[] = [];
  const seen = new Set<string>();
  for (const p of here) {
    const owner = topOwnerOf(index, p);
    if (!owner || seen.has(owner.uid)) continue;
    seen.add(owner.uid);
    summaries.push(...podsOfOwner(index, owner));
  }
  for (const s of summaries) {
    if (
      s.nodeName === node ||
      s.ready !== false ||
      out.has(s.name) ||
      s.phase === 'Succeeded' ||
      s.phase === 'Failed'
    )
      continue;
    out.set(s.name, describe(ns, s.name, s.nodeName, s.waitingReason ?? `${s.phase}, not Ready`));
  }
  return [...out.values()].sort();
}

/**
 * The Ceph daemons (OSD, mon) of a Rook cluster's namespace that are not Ready, anywhere in the
 * cluster (a blocking OSD budget selects the healthy failure domains, not the down OSD). The node
 * answers (`operator-budgets` `rook-down`) and the status (`status-rook-down`) name the same pods
 * in the same words (issue 16, reader5 F31: one model).
 * @param index - the cluster index
 * @param ns - the Rook cluster's namespace, or null for every namespace
 * @param node - the target node (its own daemons are what the drain would take down, not the
 *   cause), or null for none
 * @returns `namespace/pod (node: reason)` strings, sorted
 */
export function downCephDaemons(index: ClusterIndex, ns: string | null, node: string | null): string[] {
  const whole = new Map(
    index.snapshot.pods
      .filter((p) => ns === null || (p.metadata.namespace ?? 'default') === ns)
      .map((p) => [`${p.metadata.namespace ?? 'default'}/${p.metadata.name}`, p]),
  );
  return index.snapshot.podSummaries
    .filter(
      (s) =>
        (ns === null || s.namespace === ns) &&
        (node === null || s.nodeName !== node) &&
        cephDaemonOf(s) !== null &&
        s.ready === false,
    )
    .map((s) => {
      const p = whole.get(`${s.namespace}/${s.name}`);
      return describe(
        s.namespace,
        s.name,
        s.nodeName,
        (p && waitingReason(p)) ?? s.waitingReason ?? `${s.phase}, not Ready`,
      );
    })
    .sort();
}

/** The pdb-blocks variants that mean "this budget allows no eviction now". */
export const ZERO_VARIANTS: ReadonlySet<string> = new Set([
  'no-disruptions',
  'max-unavailable-zero',
  'min-available-all',
]);

/**
 * Refine the pdb-blocks findings of one node: a blocking budget managed by an operator becomes an
 * `operator-budgets` finding (naming the down OSD/mon pods; its advice never edits the budget);
 * a user budget held at 0 by pods that are not Ready elsewhere becomes `no-disruptions-unhealthy`,
 * naming those pods and their nodes. Other findings pass unchanged.
 * @param index - the cluster index
 * @param node - the target node
 * @param findings - pdb-blocks findings as {@link workloadChecks} makes them (facts `pdb`, `namespace`, `pods`)
 * @param podsHere - the evictable pods on the node
 * @returns the findings, same order, same severities
 */
export function refineBudgetFindings(
  index: ClusterIndex,
  node: string,
  findings: readonly Finding[],
  podsHere: readonly KPod[],
): Finding[] {
  return findings.map((f) => {
    if (f.check !== 'pdb-blocks' || !ZERO_VARIANTS.has(f.variant)) return f;
    const pdb = index.snapshot.podDisruptionBudgets.find(
      (p) => p.metadata.name === f.facts.pdb && (p.metadata.namespace ?? 'default') === f.facts.namespace,
    );
    if (!pdb) return f;
    const ns = pdb.metadata.namespace ?? 'default';
    const here = podsHere.filter(
      (p) =>
        (p.metadata.namespace ?? 'default') === ns && selectorMatches(pdb.spec?.selector, p.metadata.labels),
    );
    const manager = budgetManager(pdb);
    if (manager !== null) {
      const down =
        manager === 'rook-ceph'
          ? downCephDaemons(index, ns, node)
          : unhealthyElsewhere(index, node, pdb, here);
      return {
        ...f,
        check: 'operator-budgets',
        variant:
          manager === 'rook-ceph'
            ? down.length > 0
              ? 'rook-down'
              : 'rook-recovering'
            : down.length > 0
              ? 'managed-down'
              : 'managed',
        facts: { ...f.facts, manager, down },
      };
    }
    if (f.variant !== 'no-disruptions') return f;
    const down = unhealthyElsewhere(index, node, pdb, here);
    return down.length > 0 ? { ...f, variant: 'no-disruptions-unhealthy', facts: { ...f.facts, down } } : f;
  });
}
