/**
 * pinned-volumes (docs/checks.md): a pod whose
 * PersistentVolume can only be used on the target node stays Pending for the whole reboot.
 *
 * A `local` PersistentVolume must carry `spec.nodeAffinity`, and the scheduler places a pod only on
 * a node that satisfies its volumes' node affinity ("volume node affinity conflict" otherwise);
 * dynamic node-local provisioners (rancher local-path, OpenEBS hostpath, TopoLVM) write
 * `kubernetes.io/hostname In [<node>]` into the PV they create. So when the target is the only node
 * the affinity admits, the evicted (or restarted) pod cannot run anywhere until the node is back
 * and uncordoned.
 * @see https://kubernetes.io/docs/concepts/storage/volumes/#local
 * @see https://github.com/rancher/local-path-provisioner/issues/476
 * Pure.
 */
import type { KNode, KPersistentVolume, KPod } from '../cluster/types.js';
import { nodeSelectorAdmits } from './scheduling/node-affinity.js';
import { type ClusterIndex, topOwnerOf, podsOfOwner, podKey } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** Annotation the external-provisioner library writes on a dynamically provisioned PV. */
export const ANNOTATION_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

/**
 * Whether a PersistentVolume's required node affinity admits a node (its terms are ORed).
 * A PV without node affinity admits every node.
 * @param pv - the volume
 * @param node - the node
 */
export function volumeAdmitsNode(pv: KPersistentVolume, node: KNode): boolean {
  const terms = pv.spec?.nodeAffinity?.required?.nodeSelectorTerms;
  if (!terms || terms.length === 0) return true;
  return nodeSelectorAdmits({ nodeSelectorTerms: terms }, node);
}

/**
 * The pinned-volumes check: for each evictable pod on the node, its claims' volumes; a volume that
 * only the target node admits pins the pod there. One finding per pinned pod: `warn` when other
 * Ready replicas of its workload keep serving, `block` when it is the last Ready one (the service
 * is down for the whole reboot). A pod whose claim or volume is not in the snapshot is named in
 * one `info` finding (unknown, not failing); when claims or volumes could not be read at all, the
 * read error is its own finding.
 * @param index - the cluster index
 * @param node - the target node
 * @param evictable - the node's evictable pods (not mirror, not DaemonSet)
 * @returns the findings, in pod order
 */
export function pinnedVolumeChecks(index: ClusterIndex, node: string, evictable: readonly KPod[]): Finding[] {
  const snap = index.snapshot;
  const claims = snap.persistentVolumeClaims;
  const volumes = snap.persistentVolumes;
  if (!claims || !volumes) return [];
  const target = index.nodesByName.get(node);
  if (!target) return [];
  const claimByKey = new Map(
    claims.map((c) => [`${c.metadata.namespace ?? 'default'}/${c.metadata.name}`, c]),
  );
  const pvByName = new Map(volumes.map((v) => [v.metadata.name, v]));
  const others = snap.nodes.filter((n) => n.metadata.name !== node);
  const out: Finding[] = [];
  const unknown: string[] = [];
  for (const pod of evictable) {
    const ns = pod.metadata.namespace ?? 'default';
    const unbound = (pod.spec?.volumes ?? []).some((v) => {
      const c = v.persistentVolumeClaim?.claimName;
      const pvName = c ? claimByKey.get(`${ns}/${c}`)?.spec?.volumeName : undefined;
      return c !== undefined && (pvName === undefined || !pvByName.has(pvName));
    });
    if (unbound) unknown.push(podKey(pod));
    const pinned: { claim: string; volume: string; provisioner: string }[] = [];
    for (const v of pod.spec?.volumes ?? []) {
      const claimName = v.persistentVolumeClaim?.claimName;
      if (!claimName) continue;
      const pvName = claimByKey.get(`${ns}/${claimName}`)?.spec?.volumeName;
      const pv = pvName ? pvByName.get(pvName) : undefined;
      if (!pv || !pv.spec?.nodeAffinity) continue;
      if (!volumeAdmitsNode(pv, target) || others.some((o) => volumeAdmitsNode(pv, o))) continue;
      const provisioner =
        pv.metadata.annotations?.[ANNOTATION_PROVISIONED_BY] ??
        (pv.spec.local ? 'local' : pv.spec.hostPath ? 'hostPath' : (pv.spec.csi?.driver ?? ''));
      pinned.push({ claim: claimName, volume: pv.metadata.name, provisioner });
    }
    if (pinned.length === 0) continue;
    const owner = topOwnerOf(index, pod);
    const siblings = owner ? podsOfOwner(index, owner).filter((s) => s.name !== pod.metadata.name) : [];
    const readyElsewhere = siblings.filter(
      (s) => s.nodeName !== null && s.nodeName !== node && s.ready === true,
    );
    const facts = {
      node,
      pod: podKey(pod),
      claims: pinned.map((p) => p.claim),
      volumes: pinned.map((p) => p.volume),
      provisioner:
        [...new Set(pinned.map((p) => p.provisioner).filter((p) => p !== ''))].join(', ') || 'local',
      workload: owner ? `${owner.kind}/${owner.name}` : podKey(pod),
      readyElsewhere: readyElsewhere.length,
      count: readyElsewhere.length,
    };
    const subject = { kind: 'Pod', name: pod.metadata.name, namespace: ns };
    out.push(
      readyElsewhere.length > 0
        ? finding('pinned-volumes', 'data', 'warn', 'others-serve', facts, subject)
        : finding('pinned-volumes', 'data', 'block', 'last-replica', facts, subject),
    );
  }
  // A claim or volume not in the snapshot (a kubectl List without them): unknown, not failing.
  if (unknown.length > 0)
    out.push(finding('pinned-volumes', 'data', 'info', 'unknown', { node, pods: unknown }));
  return out;
}
