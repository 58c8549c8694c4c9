/**
 * pinned-volumes (docs/checks.md): a pod whose
 * PersistentVolume can only be used on the target node stays Pending for the whole reboot.
 *
 * A `local` PersistentVolume must carry `spec.nodeAffinity`, and the scheduler places a pod only on
 * a node that satisfies its volumes' node affinity ("volume node affinity conflict" otherwise);
 * dynamic node-local provisioners (rancher local-path, OpenEBS hostpath, TopoLVM) write
 * `kubernetes.io/hostname In [<node>]` into the PV they create, and zonal disks (EBS, PD, Azure
 * Disk) their zone (node affinity, or the zone labels VolumeZone reads). So when, of the nodes the
 * pod may run on (its taints tolerated, its node affinity and selector met), the target is the
 * only one its volumes admit (the scheduling model's VolumeBinding and VolumeZone filters), the
 * evicted (or restarted) pod cannot run anywhere until the node is back and uncordoned.
 * @see https://kubernetes.io/docs/concepts/storage/volumes/#local
 * @see https://github.com/rancher/local-path-provisioner/issues/476
 * @see https://github.com/SumoLogic/sumologic-kubernetes-collection/issues/1333
 * Pure.
 */
import type { KNode, KPod } from '../cluster/types.js';
import { podClaims } from '../cluster/pod-requests.js';
import type { NodeInfo, VolumeState } from './scheduling/framework.js';
import { nodeAffinityFilter } from './scheduling/node-affinity.js';
import { volumeStateOf } from './scheduling/placement.js';
import { taintTolerationFilter } from './scheduling/taint-toleration.js';
import { volumeBindingFilter } from './scheduling/volume-binding.js';
import { volumeZoneFilter } from './scheduling/volume-zone.js';
import { type ClusterIndex, topOwnerOf, podsOfOwner, podKey } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** Annotation the external-provisioner library writes on a dynamically provisioned PV. */
export const ANNOTATION_PROVISIONED_BY = 'pv.kubernetes.io/provisioned-by';

const infoOf = (node: KNode): NodeInfo => ({ node, requested: new Map(), podCount: 0, usedPorts: [] });

/** Whether the pod's volumes admit the node (VolumeBinding and VolumeZone, "unknown" counted as no). */
function volumesAdmit(pod: KPod, node: KNode, state: VolumeState): boolean {
  const info = infoOf(node);
  for (const filter of [volumeBindingFilter, volumeZoneFilter]) {
    const status = filter(pod, info, state);
    if (status.code !== 'Success' || status.unknown !== undefined) return false;
  }
  return true;
}

/** Whether the pod may run on the node as its taints and node affinity go (capacity aside). */
function mayRunOn(pod: KPod, node: KNode): boolean {
  const info = infoOf(node);
  return (
    taintTolerationFilter(pod, info).code === 'Success' && nodeAffinityFilter(pod, info).code === 'Success'
  );
}

/**
 * The pinned-volumes check: for each evictable pod on the node, its claims' volumes; when the
 * target is the only node the pod may run on that its volumes admit, they pin the pod there. One finding per pinned pod: `warn` when other
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
  const state = volumeStateOf(index);
  const claimByKey = state.claims ?? new Map();
  const pvByName = state.volumes ?? new Map();
  const others = snap.nodes.filter((n) => n.metadata.name !== node);
  const out: Finding[] = [];
  const unknown: string[] = [];
  for (const pod of evictable) {
    if (podClaims(pod).length === 0) continue;
    const ns = pod.metadata.namespace ?? 'default';
    const unbound = (pod.spec?.volumes ?? []).some((v) => {
      const c = v.persistentVolumeClaim?.claimName;
      const pvName = c ? claimByKey.get(`${ns}/${c}`)?.spec?.volumeName : undefined;
      return c !== undefined && (pvName === undefined || !pvByName.has(pvName));
    });
    if (unbound) unknown.push(podKey(pod));
    if (unbound || !volumesAdmit(pod, target, state)) continue;
    const admitted = others.filter((o) => mayRunOn(pod, o));
    if (admitted.some((o) => volumesAdmit(pod, o, state))) continue;
    const pinned: { claim: string; volume: string; provisioner: string }[] = [];
    let byAffinity = false;
    for (const v of pod.spec?.volumes ?? []) {
      const claimName = v.persistentVolumeClaim?.claimName;
      if (!claimName) continue;
      const pvName = claimByKey.get(`${ns}/${claimName}`)?.spec?.volumeName;
      const pv = pvName ? pvByName.get(pvName) : undefined;
      // The volumes that refuse another node the pod may run on (any other node, with none such).
      const alone: KPod = { ...pod, spec: { ...pod.spec, volumes: [v] } };
      const refusing = (admitted.length > 0 ? admitted : others).filter(
        (o) => !volumesAdmit(alone, o, state),
      );
      if (!pv || refusing.length === 0) continue;
      // The scheduler's words: node affinity (VolumeBinding runs first) unless only the zone labels refuse.
      if (refusing.some((o) => volumeBindingFilter(alone, infoOf(o), state).code !== 'Success'))
        byAffinity = true;
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
      refusedBy: byAffinity ? 'VolumeBinding' : 'VolumeZone',
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
