/**
 * VolumeBinding, the part that decides on claims already bound: a pod whose claim is bound to a
 * PersistentVolume with `spec.nodeAffinity` runs only on a node the affinity admits ("node(s) had
 * volume node affinity conflict"); a claim that is missing, Lost, being deleted, or unbound with an
 * Immediate class refuses every node; a bound claim whose volume does not exist refuses the node.
 * A claim still unbound under `WaitForFirstConsumer` is bound (or provisioned) for the node chosen:
 * whether a node can take it depends on the provisioner and its topology, so the model answers
 * "unknown" there rather than guess. A claim is taken as bound when it names a volume
 * (`spec.volumeName`). After kube-scheduler `pkg/scheduler/framework/plugins/volumebinding/`
 * (v1.24) `volume_binding.go` (PreFilter, Filter) and `binder.go` (GetPodVolumes,
 * checkBoundClaims, the ErrReason* messages), and `pkg/volume/util` CheckNodeAffinity. Pure.
 * @see https://kubernetes.io/docs/concepts/storage/persistent-volumes/#node-affinity
 * @see https://kubernetes.io/docs/concepts/storage/storage-classes/#volume-binding-mode
 */
import type { KPersistentVolumeClaim, KPod } from '../../cluster/types.js';
import { podClaims } from '../../cluster/pod-requests.js';
import { nodeSelectorAdmits } from './node-affinity.js';
import type { FilterStatus, NodeInfo, VolumeState } from './framework.js';
import { SUCCESS, notFound, refuse, unknownStatus } from './framework.js';

/** Upstream's ErrReasonNodeConflict: the scheduler's words for a volume pinned elsewhere. */
export const VOLUME_NODE_AFFINITY_CONFLICT = 'node(s) had volume node affinity conflict';
const PV_NOT_EXIST = 'node(s) unavailable due to one or more pvc(s) bound to non-existent pv(s)';

/** The beta annotation that names a claim's class before `spec.storageClassName` (GetPersistentVolumeClaimClass). */
const BETA_STORAGE_CLASS = 'volume.beta.kubernetes.io/storage-class';

/**
 * A claim's StorageClass name as the scheduler reads it: the beta annotation first, then
 * `spec.storageClassName` (`k8s.io/component-helpers/storage/volume` GetPersistentVolumeClaimClass).
 * @param pvc - the claim
 * @returns the class name, `''` when none
 */
export function claimClass(pvc: KPersistentVolumeClaim): string {
  return pvc.metadata.annotations?.[BETA_STORAGE_CLASS] ?? pvc.spec?.storageClassName ?? '';
}

const unresolvable = (reason: string, short: string): FilterStatus =>
  refuse('VolumeBinding', 'UnschedulableAndUnresolvable', [reason], [short]);

/**
 * The VolumeBinding filter (PreFilter's refusals included: they refuse every node).
 * @param pod - the pod to place
 * @param info - the candidate node
 * @param state - the claims, volumes and StorageClasses as read
 * @returns Success; UnschedulableAndUnresolvable with upstream's reason (`persistentvolumeclaim
 *   "x" not found`, "pod has unbound immediate PersistentVolumeClaims", "node(s) had volume node
 *   affinity conflict", "node(s) unavailable due to one or more pvc(s) bound to non-existent
 *   pv(s)"); an "unknown" Success when the claims or volumes were not read, or a claim waits for
 *   its first consumer (the provisioner decides)
 */
export function volumeBindingFilter(pod: KPod, info: NodeInfo, state: VolumeState): FilterStatus {
  const names = podClaims(pod);
  if (names.length === 0) return SUCCESS;
  if (!state.claims || !state.volumes)
    return unknownStatus('PersistentVolumeClaims or PersistentVolumes not read');
  const ns = pod.metadata.namespace ?? 'default';
  const bound: KPersistentVolumeClaim[] = [];
  let waiting: string | undefined;
  for (const name of names) {
    const pvc = state.claims.get(`${ns}/${name}`);
    if (!pvc) {
      const what = `persistentvolumeclaim "${name}"`;
      return notFound(state, unresolvable(`${what} not found`, 'volume claim not found'), what);
    }
    const volume = pvc.spec?.volumeName ?? '';
    if (pvc.status?.phase === 'Lost')
      return unresolvable(
        `persistentvolumeclaim "${name}" bound to non-existent persistentvolume "${volume}"`,
        'volume claim lost',
      );
    if (pvc.metadata.deletionTimestamp !== undefined)
      return unresolvable(`persistentvolumeclaim "${name}" is being deleted`, 'volume claim being deleted');
    if (volume !== '') {
      bound.push(pvc);
      continue;
    }
    const mode = state.bindingModes?.get(claimClass(pvc));
    if (state.bindingModes && mode !== 'WaitForFirstConsumer')
      return unresolvable('pod has unbound immediate PersistentVolumeClaims', 'unbound volume claim');
    waiting ??= `claim ${name} is not bound yet: whether a node can take it depends on its provisioner`;
  }
  for (const pvc of bound) {
    const pv = state.volumes.get(pvc.spec?.volumeName ?? '');
    if (!pv)
      return notFound(
        state,
        unresolvable(PV_NOT_EXIST, 'volume not found'),
        `persistentvolume "${pvc.spec?.volumeName ?? ''}"`,
      );
    const required = pv.spec?.nodeAffinity?.required;
    if (pv.spec?.nodeAffinity && !nodeSelectorAdmits(required, info.node))
      return unresolvable(VOLUME_NODE_AFFINITY_CONFLICT, 'volume node affinity conflict');
  }
  return waiting === undefined ? SUCCESS : unknownStatus(waiting);
}
