/**
 * VolumeRestrictions: a claim with the `ReadWriteOncePod` access mode that a pod bound to any node
 * already uses refuses every node; an inline GCE PD, AWS EBS, RBD or iSCSI volume that a pod on the
 * node already mounts refuses that node (both read-only excepted, for PD, RBD and iSCSI; RBD when
 * the monitors overlap and pool and image are equal). After kube-scheduler
 * `pkg/scheduler/framework/plugins/volumerestrictions/volume_restrictions.go` (v1.24). Pure.
 * @see https://kubernetes.io/docs/concepts/storage/persistent-volumes/#access-modes
 */
import type { KPod, KVolume } from '../../cluster/types.js';
import { podClaims } from '../../cluster/pod-requests.js';
import type { FilterStatus, NodeInfo, VolumeState } from './framework.js';
import { SUCCESS, notFound, refuse, unknownStatus } from './framework.js';

/** Upstream's reasons. */
const DISK_CONFLICT = 'node(s) had no available disk';
const RWOP_CONFLICT =
  'node has pod using PersistentVolumeClaim with the same name and ReadWriteOncePod access mode';

interface Disk {
  readOnly?: boolean;
  pdName?: string;
  volumeID?: string;
  iqn?: string;
  monitors?: string[];
  pool?: string;
  image?: string;
}

const disk = (v: KVolume, source: string): Disk | undefined => v[source] as Disk | undefined;
const bothReadOnly = (a: Disk, b: Disk): boolean => a.readOnly === true && b.readOnly === true;

/** Whether a volume conflicts with one of a bound pod's volumes (upstream isVolumeConflict). */
function conflicts(v: KVolume, other: KPod): boolean {
  return (other.spec?.volumes ?? []).some((e) => {
    const [gce, egce] = [disk(v, 'gcePersistentDisk'), disk(e, 'gcePersistentDisk')];
    if (gce && egce && gce.pdName === egce.pdName && !bothReadOnly(gce, egce)) return true;
    const [aws, eaws] = [disk(v, 'awsElasticBlockStore'), disk(e, 'awsElasticBlockStore')];
    if (aws && eaws && aws.volumeID === eaws.volumeID) return true;
    const [iscsi, eiscsi] = [disk(v, 'iscsi'), disk(e, 'iscsi')];
    if (iscsi && eiscsi && iscsi.iqn === eiscsi.iqn && !bothReadOnly(iscsi, eiscsi)) return true;
    const [rbd, erbd] = [disk(v, 'rbd'), disk(e, 'rbd')];
    return (
      rbd !== undefined &&
      erbd !== undefined &&
      (rbd.monitors ?? []).some((m) => (erbd.monitors ?? []).includes(m)) &&
      rbd.pool === erbd.pool &&
      rbd.image === erbd.image &&
      !bothReadOnly(rbd, erbd)
    );
  });
}

/** The inline volume sources whose same-disk conflicts VolumeRestrictions checks. */
export const INLINE_DISKS = ['gcePersistentDisk', 'awsElasticBlockStore', 'rbd', 'iscsi'];

/**
 * The VolumeRestrictions filter (PreFilter's ReadWriteOncePod refusal included: it refuses every node).
 * @param pod - the pod to place
 * @param info - the candidate node; its `pods` for the inline disk conflicts
 * @param state - the claims as read, and how many bound pods use each claim
 * @returns Success; UnschedulableAndUnresolvable (`persistentvolumeclaim "x" not found`, or the
 *   ReadWriteOncePod conflict); Unschedulable "node(s) had no available disk"; an "unknown"
 *   Success when the claims, their users or the node's pods (for an inline disk) are not known
 */
export function volumeRestrictionsFilter(pod: KPod, info: NodeInfo, state: VolumeState): FilterStatus {
  const names = podClaims(pod);
  const ns = pod.metadata.namespace ?? 'default';
  let unknown: string | undefined;
  if (names.length > 0 && (!state.claims || !state.claimUsers))
    unknown = 'PersistentVolumeClaims or the pods using them not read';
  else
    for (const name of names) {
      const pvc = state.claims?.get(`${ns}/${name}`);
      if (!pvc) {
        const what = `persistentvolumeclaim "${name}"`;
        const refusal = refuse(
          'VolumeRestrictions',
          'UnschedulableAndUnresolvable',
          [`${what} not found`],
          ['volume claim not found'],
        );
        return notFound(state, refusal, what);
      }
      if (
        (pvc.spec?.accessModes ?? []).includes('ReadWriteOncePod') &&
        (state.claimUsers?.(`${ns}/${name}`) ?? 0) > 0
      )
        return refuse(
          'VolumeRestrictions',
          'UnschedulableAndUnresolvable',
          [RWOP_CONFLICT],
          [`ReadWriteOncePod claim ${name} in use`],
        );
    }
  const inline = (pod.spec?.volumes ?? []).filter((v) => INLINE_DISKS.some((d) => v[d] !== undefined));
  if (inline.length > 0 && !info.pods) unknown ??= "the node's pods not known (inline disk conflicts)";
  else if (inline.some((v) => (info.pods ?? []).some((p) => conflicts(v, p))))
    return refuse('VolumeRestrictions', 'Unschedulable', [DISK_CONFLICT], ['disk in use']);
  return unknown === undefined ? SUCCESS : unknownStatus(unknown);
}
