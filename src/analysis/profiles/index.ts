/**
 * Picking the profile of a snapshot: the first whose `detect` recognises the objects, in the
 * order OpenShift, RKE2, k3s (each with marks of its own), managed (no control-plane node), kubeadm
 * (its own marks), and `unknown`, the default: a distribution is named only on a positive mark. A new distribution is one file implementing {@link ControlPlaneProfile}
 * and one entry here.
 */
import type { ClusterSnapshot } from '../../cluster/types.js';
import { k3sProfile } from './k3s.js';
import { kubeadmProfile, unknownProfile } from './kubeadm.js';
import { managedProfile } from './managed.js';
import { openshiftProfile } from './openshift.js';
import { rke2Profile } from './rke2.js';
import type { ControlPlaneProfile } from './types.js';

export type {
  ControlPlaneProfile,
  ProfileName,
  EtcdInference,
  ControlPlaneComponent,
  ControlPlaneKeeper,
  KeeperQuestion,
  UpgradeMethod,
} from './types.js';
export { OPENSHIFT_QUORUM_GUARD_PDB } from './openshift.js';

/**
 * Every profile, in detection order; `unknown` last: it recognises anything, and names no
 * distribution (kubeadm needs a mark of its own, issue 16 v3a item 4).
 */
export const PROFILES: readonly ControlPlaneProfile[] = [
  openshiftProfile,
  rke2Profile,
  k3sProfile,
  managedProfile,
  kubeadmProfile,
  unknownProfile,
];

/**
 * The profile of a snapshot.
 * @param snapshot - the cluster as read
 * @returns the first profile whose `detect` is true (`unknown` when none other is)
 */
export function detectProfile(snapshot: ClusterSnapshot): ControlPlaneProfile {
  return PROFILES.find((p) => p.detect(snapshot)) ?? unknownProfile;
}
