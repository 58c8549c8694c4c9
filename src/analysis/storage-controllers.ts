/**
 * csi-controller (issue 29 item 3): a CSI driver's controller (the Deployment or StatefulSet that
 * carries the kubernetes-csi external-attacher and external-provisioner sidecars) with every Ready
 * replica on the target node. While it is down no VolumeAttachment of that driver is acted on, so a
 * pod moved to another node cannot attach its volume ("timed out waiting for external-attacher of
 * <driver> CSI driver to attach volume", ctrox/csi-s3#107; kubernetes-sigs/aws-ebs-csi-driver#1551)
 * and no new claim is provisioned, until a controller replica is Ready again. A driver whose
 * CSIDriver says `attachRequired: false` (NFS) needs no attach: moved pods mount as before, only
 * provisioning waits.
 * The VolumeAttachments on the node are the volumes that must be detached before their pods can
 * start elsewhere (the attach/detach controller detaches them once the pods are gone).
 * @see https://kubernetes-csi.github.io/docs/external-attacher.html
 * @see https://kubernetes-csi.github.io/docs/external-provisioner.html
 * @see https://kubernetes-csi.github.io/docs/csi-driver-object.html
 * Pure.
 */
import type { KCsiDriver, KPod } from '../cluster/types.js';
import { type ClusterIndex, isMirrorPod, podsOfOwner, topOwnerOf, podKey } from './cluster-index.js';
import { finding } from './finding.js';
import type { Finding } from './types.js';

/** Image path segments of the kubernetes-csi controller sidecars (registry.k8s.io/sig-storage, EKS distro). */
const SIDECAR = /(?:^|\/)(?:csi-attacher|external-attacher|csi-provisioner|external-provisioner)(?::|@|$)/;
const ATTACHER = /(?:^|\/)(?:csi-attacher|external-attacher)(?::|@|$)/;

/** Labels a CSI driver's chart puts on both its controller and its CSIDriver object. */
const SHARED_LABELS = ['app.kubernetes.io/name', 'app.kubernetes.io/instance'];

/**
 * The driver a controller pod serves: the CSIDriver sharing its `app.kubernetes.io/name` (or
 * `instance`) label, else a known driver name its spec mentions, else the cluster's only driver
 * (CSIDrivers, else PersistentVolumes' `spec.csi.driver`); null when none of these tells.
 */
function driverOf(index: ClusterIndex, pod: KPod, workloadLabels: Record<string, string>): string | null {
  const drivers = index.snapshot.csiDrivers ?? [];
  const labels = { ...pod.metadata.labels, ...workloadLabels };
  const byLabel = drivers.find((d) =>
    SHARED_LABELS.some((k) => labels[k] !== undefined && d.metadata.labels?.[k] === labels[k]),
  );
  if (byLabel) return byLabel.metadata.name;
  const names = new Set([
    ...drivers.map((d) => d.metadata.name),
    ...(index.snapshot.persistentVolumes ?? []).flatMap((v) =>
      v.spec?.csi?.driver ? [v.spec.csi.driver] : [],
    ),
  ]);
  const spec = JSON.stringify(pod.spec ?? {});
  const mentioned = [...names].filter((n) => spec.includes(n));
  if (mentioned.length === 1) return mentioned[0] ?? null;
  return names.size === 1 ? ([...names][0] ?? null) : null;
}

/**
 * The csi-controller check for one node: per CSI controller workload with no Ready replica on
 * another node, one finding (check `csi-controller`, data plane, warn): variant `all-here` (the
 * driver needs attaching), `all-here-no-attach` (`attachRequired: false`: provisioning only),
 * `all-here-unknown-driver` (which driver it serves is not known). Facts: `workload`, `driver`,
 * `pods` (evictable pods on the node with volumes of the driver: they move and wait), `attached`
 * (the node's VolumeAttachments of the driver, by PersistentVolume; null when VolumeAttachments
 * were not read: unknown). None on the cluster's only node.
 * @param index - the cluster index
 * @param node - the target node
 * @param evictable - the node's evictable pods (they are the ones a drain moves)
 */
export function csiControllerChecks(
  index: ClusterIndex,
  node: string,
  evictable: readonly KPod[],
): Finding[] {
  const out: Finding[] = [];
  // The cluster's only node: no other node could run a replacement (the only-node answers say so).
  if (index.snapshot.nodes.length < 2) return out;
  const seen = new Set<string>();
  for (const pod of index.podsByNode.get(node) ?? []) {
    if (isMirrorPod(pod) || !(pod.spec?.containers ?? []).some((c) => SIDECAR.test(c.image ?? ''))) continue;
    const owner = topOwnerOf(index, pod);
    if (
      owner === null ||
      (owner.kind !== 'Deployment' && owner.kind !== 'StatefulSet') ||
      seen.has(owner.uid)
    )
      continue;
    seen.add(owner.uid);
    const readyElsewhere = podsOfOwner(index, owner).some(
      (s) => s.nodeName !== null && s.nodeName !== node && s.ready === true && !s.deletionTimestamp,
    );
    if (readyElsewhere) continue;
    const driver = driverOf(index, pod, owner.workload?.metadata.labels ?? {});
    const csiDriver: KCsiDriver | undefined = (index.snapshot.csiDrivers ?? []).find(
      (d) => d.metadata.name === driver,
    );
    const attaches =
      csiDriver !== undefined
        ? csiDriver.spec?.attachRequired !== false
        : (pod.spec?.containers ?? []).some((c) => ATTACHER.test(c.image ?? ''));
    const facts = {
      node,
      workload: `${owner.namespace}/${owner.name}`,
      kind: owner.kind,
      driver: driver ?? '',
      pods: driver === null ? [] : podsWithDriver(index, driver, evictable),
      attached: driver === null ? null : attachedHere(index, node, driver),
    };
    const variant =
      driver === null ? 'all-here-unknown-driver' : attaches ? 'all-here' : 'all-here-no-attach';
    out.push(
      finding('csi-controller', 'data', 'warn', variant, facts, {
        kind: owner.kind,
        name: owner.name,
        namespace: owner.namespace,
      }),
    );
  }
  return out;
}

/** `namespace/name` of the pods among `pods` with a claim whose volume is the driver's. */
function podsWithDriver(index: ClusterIndex, driver: string, pods: readonly KPod[]): string[] {
  const claims = index.snapshot.persistentVolumeClaims ?? [];
  const volumes = new Map((index.snapshot.persistentVolumes ?? []).map((v) => [v.metadata.name, v]));
  return pods
    .filter((p) =>
      (p.spec?.volumes ?? []).some((v) => {
        const claim = claims.find(
          (c) =>
            c.metadata.name === v.persistentVolumeClaim?.claimName &&
            (c.metadata.namespace ?? 'default') === (p.metadata.namespace ?? 'default'),
        );
        const pv = claim?.spec?.volumeName ? volumes.get(claim.spec.volumeName) : undefined;
        return pv?.spec?.csi?.driver === driver;
      }),
    )
    .map(podKey);
}

/** The PersistentVolumes the driver has attached to the node (VolumeAttachments), or null when not read. */
function attachedHere(index: ClusterIndex, node: string, driver: string): string[] | null {
  const attachments = index.snapshot.volumeAttachments;
  if (attachments === undefined) return null;
  return attachments
    .filter((a) => a.spec?.nodeName === node && a.spec.attacher === driver)
    .map((a) => a.spec?.source?.persistentVolumeName ?? a.metadata.name);
}
