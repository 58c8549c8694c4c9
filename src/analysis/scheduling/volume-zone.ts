/**
 * VolumeZone: a pod whose claim is bound to a PersistentVolume labelled with a zone or region
 * (`topology.kubernetes.io/zone|region`, the beta `failure-domain.beta.kubernetes.io/*`) runs only
 * on a node whose label of the same key is one of the volume's values (`a__b` lists several). A
 * node without any of these labels passes; an unbound claim of a `WaitForFirstConsumer` class is
 * skipped (the volume is made for the node chosen). After kube-scheduler
 * `pkg/scheduler/framework/plugins/volumezone/volume_zone.go` (v1.24) and
 * `k8s.io/cloud-provider/volume/helpers` LabelZonesToSet. Pure.
 * @see https://kubernetes.io/docs/reference/labels-annotations-taints/#topologykubernetesiozone
 */
import type { KPod } from '../../cluster/types.js';
import { podClaims } from '../../cluster/pod-requests.js';
import { claimClass } from './volume-binding.js';
import type { FilterStatus, NodeInfo, VolumeState } from './framework.js';
import { SUCCESS, notFound, refuse, unknownStatus } from './framework.js';

/** The labels VolumeZone compares (`volumeZoneLabels` upstream). */
const ZONE_LABELS = new Set([
  'failure-domain.beta.kubernetes.io/zone',
  'failure-domain.beta.kubernetes.io/region',
  'topology.kubernetes.io/zone',
  'topology.kubernetes.io/region',
]);

/** Upstream's reason, and the scheduler's own words in a "why Pending". */
export const VOLUME_ZONE_CONFLICT = 'node(s) had no available volume zone';

const unresolvable = (reason: string): FilterStatus =>
  refuse('VolumeZone', 'UnschedulableAndUnresolvable', [reason], ['no available volume zone']);

/** A zone label's values: `a__b__c` → {a, b, c}; null when a value is empty (the label is ignored). */
function zonesOf(value: string): Set<string> | null {
  const zones = value.split('__').map((z) => z.trim());
  return zones.some((z) => z === '') ? null : new Set(zones);
}

/**
 * The VolumeZone filter.
 * @param pod - the pod to place
 * @param info - the candidate node
 * @param state - the claims, volumes and StorageClasses as read
 * @returns Success; UnschedulableAndUnresolvable "node(s) had no available volume zone", or
 *   upstream's lookup errors (`persistentvolumeclaim "x" not found`…); an "unknown" Success when
 *   the claims or volumes were not read, or an unbound claim's StorageClass is not known
 */
export function volumeZoneFilter(pod: KPod, info: NodeInfo, state: VolumeState): FilterStatus {
  const claims = podClaims(pod);
  if (claims.length === 0) return SUCCESS;
  const labels = info.node.metadata.labels ?? {};
  const constraints = Object.keys(labels).filter((k) => ZONE_LABELS.has(k));
  if (constraints.length === 0) return SUCCESS;
  if (!state.claims || !state.volumes)
    return unknownStatus('PersistentVolumeClaims or PersistentVolumes not read');
  const ns = pod.metadata.namespace ?? 'default';
  let unknown: string | undefined;
  for (const name of claims) {
    if (name === '') return unresolvable('PersistentVolumeClaim had no name');
    const pvc = state.claims.get(`${ns}/${name}`);
    if (!pvc) {
      const what = `persistentvolumeclaim "${name}"`;
      return notFound(state, unresolvable(`${what} not found`), what);
    }
    const pvName = pvc.spec?.volumeName ?? '';
    if (pvName === '') {
      const sc = claimClass(pvc);
      if (sc === '') return unresolvable('PersistentVolumeClaim had no pv name and storageClass name');
      const mode = state.bindingModes?.get(sc);
      if (!state.bindingModes) unknown ??= `StorageClass ${sc} not read`;
      else if (mode === undefined) return unresolvable(`unable to find storage class: ${sc}`);
      else if (mode === '') return unresolvable(`VolumeBindingMode not set for StorageClass "${sc}"`);
      else if (mode !== 'WaitForFirstConsumer') return unresolvable('PersistentVolume had no name');
      continue;
    }
    const pv = state.volumes.get(pvName);
    if (!pv) {
      const what = `persistentvolume "${pvName}"`;
      return notFound(state, unresolvable(`${what} not found`), what);
    }
    for (const [k, v] of Object.entries(pv.metadata.labels ?? {})) {
      if (!ZONE_LABELS.has(k)) continue;
      const zones = zonesOf(v);
      if (zones && !zones.has(labels[k] ?? '')) return unresolvable(VOLUME_ZONE_CONFLICT);
    }
  }
  return unknown === undefined ? SUCCESS : unknownStatus(unknown);
}
