/**
 * One view of etcd for the checks, whether it was read from etcd itself (live), recorded in a
 * snapshot file, or inferred from the etcd mirror pods kubeadm runs on control-plane nodes.
 */
import type { ClusterSnapshot, EtcdEndpointErrorKind, EtcdStatus, KNode } from '../cluster/types.js';
import { type ClusterIndex, indexCluster, internalIp, isNodeReady, isPodReady } from './cluster-index.js';
import { ANNOTATION_ETCD_CLIENT_URLS, quorumOf, toleratedFailuresOf } from './domain.js';
import { type QuorumGuardHealth, quorumGuardHealth, quorumGuardPodCount } from './profiles/openshift.js';

/** One etcd member as the checks see it. */
export interface EtcdMemberView {
  /** Member name (kubeadm names it after the node). */
  name: string;
  /** Member id in hex as etcdctl prints it (`8e9e05c52164694d`), when known. */
  idHex: string | null;
  /** The node it runs on, when it can be matched by name or client URL host. */
  node: string | null;
  /** A member known to exist only by count (a master the file leaves out, {@link unseenMasters}). */
  notInFile?: boolean;
  /**
   * `guard`: `healthy` is OpenShift's etcd quorum guard's count, not a reading of this member
   * ({@link applyQuorumGuardHealth}); absent: read as `source` says.
   */
  healthFrom?: 'guard';
  isLearner: boolean;
  /** true: answered status / pod Ready; false: did not; null: unknown. */
  healthy: boolean | null;
  isLeader: boolean;
  dbSize: number | null;
  raftAppliedIndex: number | null;
}

/**
 * A member whose applied index trails the most advanced member by more than this many entries is
 * reported as lagging (warn). etcd itself refuses new proposals ("too many requests") when a
 * member's committed index runs more than 5000 entries ahead of its applied index
 * (etcd server, `maxGapBetweenApplyAndCommitIndex = 5000`).
 */
export const ETCD_APPLIED_LAG_WARN = 5000;

/** An endpoint the live probe could not read, for findings. */
export interface EtcdProbeErrorView {
  /** `host:port` of the endpoint ('' when there was no endpoint to probe). */
  endpoint: string;
  kind: EtcdEndpointErrorKind;
  message: string;
  /** The member whose client URL it is, when the member list named it. */
  member: string | null;
}

/**
 * Where the etcd view came from. `none`: etcd is not observable (managed clusters). `inferred`:
 * from the etcd pods; `inferred-nodes`: from the nodes, by the distribution profile's rule
 * (k3s/RKE2 `etcd` role label and `EtcdIsVoter` condition, OpenShift masters).
 */
export type EtcdSource = 'live' | 'recorded' | 'inferred' | 'inferred-nodes' | 'none';

/**
 * Topology of etcd relative to the nodes. `embedded`: k3s/RKE2 etcd inside the server process;
 * `datastore`: k3s on SQLite or an external datastore (no etcd on any node).
 */
export type EtcdTopology = 'stacked' | 'external' | 'managed' | 'embedded' | 'datastore' | 'unknown';

/** The whole view. Counts are of voting members (learners excluded). */
export interface EtcdView {
  source: EtcdSource;
  topology: EtcdTopology;
  members: EtcdMemberView[];
  voters: number;
  /** Voters whose health was seen healthy (`healthy === true`). */
  healthyVoters: number;
  /**
   * Voters whose health was not seen (`healthy === null`: members listed from the nodes, never
   * read). Quorum is known lost only when `healthyVoters + unknownVoters < quorum`, and known to
   * hold only when `unknownVoters === 0` and `healthyVoters >= quorum`.
   */
  unknownVoters: number;
  quorum: number;
  toleratedFailures: number;
  leader: EtcdMemberView | null;
  alarms: { member: string; alarm: string }[];
  /** Largest member database, in bytes, and the quota, in bytes, when known. */
  maxDbSize: number | null;
  dbSizeQuota: number | null;
  /** false when a live probe could not read the alarm list (no endpoint answered it). */
  alarmsKnown: boolean;
  /** Live probe failures (empty for recorded and inferred views without a probe). */
  probeErrors: EtcdProbeErrorView[];
  /**
   * Raft applied-index spread among the voting members that answered (learners excluded): the most advanced minus the
   * member furthest behind (`behind`), and how many voters answered (`answered`); null with fewer than two answers.
   */
  appliedLag: { lag: number; behind: string; answered: number } | null;
  /**
   * OpenShift's etcd quorum guard, when its count gave the health of members the data does not
   * show ({@link applyQuorumGuardHealth}); null otherwise.
   */
  guard: QuorumGuardHealth | null;
  /**
   * `topology: 'datastore'` (k3s without etcd): `sqlite` when the servers' recorded config shows
   * SQLite, `unknown` when it may be SQLite or an external datastore; null for other topologies.
   */
  datastore: 'sqlite' | 'unknown' | null;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname;
  } catch {
    // not a URL: no host to match a node by
    return null;
  }
}

function nodeForMember(name: string, clientURLs: readonly string[], nodes: readonly KNode[]): string | null {
  if (nodes.some((n) => n.metadata.name === name)) return name;
  const hosts = new Set(clientURLs.map(hostOf).filter((h): h is string => h !== null));
  const byIp = nodes.find((n) => {
    const ip = internalIp(n);
    return ip !== null && hosts.has(ip);
  });
  return byIp?.metadata.name ?? null;
}

/**
 * Build the etcd view from the snapshot's etcd status, or infer it from etcd mirror pods.
 * The topology is the profile's (its `etcdSource`): `managed` for a provider-kept etcd, the
 * profile's own for members it lists from the nodes (embedded in k3s/RKE2, stacked on OpenShift).
 * @param index - the cluster index
 * @returns the view; `source: 'none'` when nothing about etcd is observable
 */
export function buildEtcdView(index: ClusterIndex): EtcdView {
  const { snapshot } = index;
  const etcdPods = [...index.staticPodsByNode.entries()].flatMap(([node, byComponent]) => {
    const pod = byComponent.get('etcd');
    return pod ? [{ node, pod }] : [];
  });
  const inference = index.profile.etcdSource(snapshot, index.controlPlaneNodes, index.staticPodsByNode);
  const topology: EtcdTopology =
    etcdPods.length > 0
      ? 'stacked'
      : inference.kind === 'managed'
        ? 'managed'
        : inference.kind === 'nodes'
          ? inference.topology
          : inference.kind === 'datastore'
            ? 'datastore'
            : snapshot.etcd
              ? 'external'
              : 'unknown';

  const probeErrors = snapshot.etcd ? probeErrorViews(snapshot.etcd) : [];
  if (snapshot.etcd && !(snapshot.etcd.source === 'live' && snapshot.etcd.members.length === 0)) {
    const etcd = snapshot.etcd;
    const statusById = new Map(etcd.endpointStatus.map((s) => [s.memberId, s]));
    const leaderId = etcd.endpointStatus.find((s) => s.leader !== 0n)?.leader ?? null;
    const members: EtcdMemberView[] = etcd.members.map((m) => {
      const status = statusById.get(m.id);
      return {
        name: m.name || m.id.toString(16),
        idHex: m.id.toString(16),
        node: nodeForMember(m.name, m.clientURLs, snapshot.nodes),
        isLearner: m.isLearner,
        healthy: status !== undefined,
        isLeader: leaderId !== null && m.id === leaderId && status !== undefined,
        dbSize: status?.dbSize ?? null,
        raftAppliedIndex: status?.raftAppliedIndex ?? null,
      };
    });
    const nameById = new Map(etcd.members.map((m) => [m.id, m.name]));
    return finish(etcd.source, topology, members, {
      alarms: etcd.alarms.map((a) => ({
        member: nameById.get(a.memberId) ?? a.memberId.toString(16),
        alarm: a.alarm,
      })),
      dbSizeQuota: etcd.dbSizeQuota ?? null,
      probeErrors,
      alarmsKnown: etcd.alarmsRead !== false,
    });
  }

  // No etcd data, or a live probe that got no member list (TLS failure, every endpoint down):
  // infer from the etcd pods, and keep the probe's errors so the answer says why.
  if (etcdPods.length === 0 && inference.kind === 'nodes') {
    const members: EtcdMemberView[] = inference.members.map((m) => ({
      name: m.node,
      idHex: null,
      node: m.node,
      isLearner: m.isLearner,
      // A Ready node does not show its etcd member's health (only etcd's status does): unknown.
      // A NotReady node's member is counted down (unreachable), the cautious reading.
      healthy: m.nodeReady ? null : false,
      isLeader: false,
      dbSize: null,
      raftAppliedIndex: null,
    }));
    const guard = applyQuorumGuardHealth(index, members);
    return finish('inferred-nodes', topology, members, {
      guard,
      alarms: [],
      dbSizeQuota: null,
      probeErrors,
      alarmsKnown: true,
    });
  }
  if (etcdPods.length === 0)
    return finish('none', topology, [], {
      alarms: [],
      dbSizeQuota: null,
      probeErrors,
      alarmsKnown: true,
      datastore: inference.kind === 'datastore' ? (inference.store ?? 'unknown') : null,
    });

  const members: EtcdMemberView[] = etcdPods.map(({ node, pod }) => {
    const nodeObj = index.nodesByName.get(node);
    const urls = (pod.metadata.annotations?.[ANNOTATION_ETCD_CLIENT_URLS] ?? '').split(',').filter(Boolean);
    return {
      name: node,
      idHex: null,
      node: nodeForMember(node, urls, snapshot.nodes) ?? node,
      isLearner: false,
      healthy: nodeObj ? isNodeReady(nodeObj) && isPodReady(pod) : false,
      isLeader: false,
      dbSize: null,
      raftAppliedIndex: null,
    };
  });
  // OpenShift: the quorum guard counts more masters than the file holds (a partial file). Their
  // members are there but unseen: counted as voters of unknown health, so quorum is unknown rather
  // than "one member" (house rule: missing data is unknown).
  const unseen = unseenMasters(index);
  for (let i = 1; i <= unseen; i++)
    members.push({
      name: `(master not in the file ${i})`,
      idHex: null,
      node: null,
      isLearner: false,
      healthy: null,
      isLeader: false,
      dbSize: null,
      raftAppliedIndex: null,
      notInFile: true,
    });
  const guard = applyQuorumGuardHealth(index, members);
  return finish('inferred', topology, members, {
    guard,
    alarms: [],
    dbSizeQuota: null,
    probeErrors,
    alarmsKnown: true,
  });
}

/**
 * Masters an OpenShift file leaves out: the etcd quorum guard's pod count
 * ({@link quorumGuardPodCount}) minus the control-plane nodes in the file, never negative; 0 for
 * other distributions or without the guard's status.
 * @param index - the cluster index
 */
export function unseenMasters(index: ClusterIndex): number {
  if (index.profile.name !== 'openshift') return 0;
  const guards = quorumGuardPodCount(index.snapshot);
  return guards === null ? 0 : Math.max(0, guards - index.controlPlaneNodes.length);
}

/**
 * OpenShift: the members whose health the data does not show (`healthy === null`) take it from the
 * etcd quorum guard, when the guard's budget counts every member healthy. "The etcd Quorum Guard
 * checks the health of etcd by querying the health endpoint of etcd; if etcd reports itself
 * unhealthy or is not present, the quorum guard reports itself not ready", one guard pod per master
 * (openshift/machine-config-operator docs/etcd-quorum-guard.md): `currentHealthy === expectedPods`
 * equal to the members counted means every member answered its health endpoint when the budget's
 * status was recorded. Anything less names no member, so it changes nothing (health stays unknown),
 * and neither does a guard that counts other masters than the members listed, or a member already
 * seen down (the two would contradict each other: the data's own reading wins).
 * Mutates `members` (sets `healthy: true`, `healthFrom: 'guard'`).
 * @param index - the cluster index
 * @param members - the members listed so far (voters and learners)
 * @returns the guard's counts when they were applied, else null
 */
export function applyQuorumGuardHealth(
  index: ClusterIndex,
  members: EtcdMemberView[],
): QuorumGuardHealth | null {
  if (index.profile.name !== 'openshift') return null;
  const guard = quorumGuardHealth(index.snapshot);
  if (guard === null) return null;
  const voters = members.filter((m) => !m.isLearner);
  const unknown = voters.filter((m) => m.healthy === null);
  if (unknown.length === 0 || voters.some((m) => m.healthy === false)) return null;
  if (guard.expected !== voters.length || guard.healthy < guard.expected) return null;
  for (const m of unknown) {
    m.healthy = true;
    m.healthFrom = 'guard';
  }
  return guard;
}

/**
 * The facts a finding about etcd health carries when the quorum guard gave it
 * ({@link EtcdView.guard}): `healthFrom: 'guard'`, the budget (`guardNamespace`, `guardPdb`) and its
 * counts (`guardHealthy`, `guardExpected`), so that the sentence names that source; {} otherwise.
 * @param etcd - the etcd view
 */
export function guardHealthFacts(etcd: EtcdView): Record<string, string | number> {
  if (etcd.guard === null) return {};
  return {
    healthFrom: 'guard',
    guardNamespace: etcd.guard.namespace,
    guardPdb: etcd.guard.pdb,
    guardHealthy: etcd.guard.healthy,
    guardExpected: etcd.guard.expected,
  };
}

/**
 * The fact a finding about what a control-plane node holds carries when its state is not in etcd
 * (k3s without the etcd role, {@link EtcdView.datastore}): `datastore: 'sqlite'` (the servers'
 * recorded config shows SQLite) or `'datastore'` (SQLite or an external datastore), so that the
 * sentence says the datastore, never etcd (https://docs.k3s.io/datastore); `'etcd-unknown'` when
 * where etcd runs was not seen at all (no etcd pod, member or node mark: it may be external), so the
 * sentence says "etcd too if it runs there"; {} otherwise.
 * @param etcd - the etcd view
 */
export function datastoreFacts(etcd: EtcdView): Record<string, string> {
  // Where etcd runs was not seen (no etcd pod, member or node mark): "etcd stops" would be a guess.
  if (etcd.topology === 'unknown' && etcd.members.length === 0) return { datastore: 'etcd-unknown' };
  if (etcd.topology !== 'datastore') return {};
  return { datastore: etcd.datastore === 'sqlite' ? 'sqlite' : 'datastore' };
}

function probeErrorViews(etcd: EtcdStatus): EtcdProbeErrorView[] {
  return (etcd.endpointErrors ?? []).map((e) => {
    const member = etcd.members.find((m) => m.clientURLs.includes(e.endpoint));
    let endpoint = e.endpoint;
    try {
      endpoint = e.endpoint === '' ? '' : new URL(e.endpoint).host;
    } catch {
      // not a URL: name it as configured
      endpoint = e.endpoint;
    }
    return {
      endpoint,
      kind: e.kind,
      message: e.message,
      member: member ? member.name || member.id.toString(16) : null,
    };
  });
}

function finish(
  source: EtcdSource,
  topology: EtcdTopology,
  members: EtcdMemberView[],
  extra: {
    alarms: { member: string; alarm: string }[];
    dbSizeQuota: number | null;
    probeErrors: EtcdProbeErrorView[];
    alarmsKnown: boolean;
    guard?: QuorumGuardHealth | null;
    datastore?: 'sqlite' | 'unknown' | null;
  },
): EtcdView {
  const voters = members.filter((m) => !m.isLearner);
  const sizes = members.map((m) => m.dbSize).filter((s): s is number => s !== null);
  // Voters only: a learner trails while it catches up (etcd docs, learner design,
  // https://etcd.io/docs/v3.5/learning/design-learner/); its own finding says so (etcd-learner).
  const applied = voters
    .filter((m) => m.raftAppliedIndex !== null)
    .sort((a, b) => (a.raftAppliedIndex ?? 0) - (b.raftAppliedIndex ?? 0));
  const lowest = applied[0];
  const highest = applied.at(-1);
  return {
    source,
    topology,
    members,
    voters: voters.length,
    healthyVoters: voters.filter((m) => m.healthy === true).length,
    unknownVoters: voters.filter((m) => m.healthy === null).length,
    quorum: quorumOf(voters.length),
    toleratedFailures: toleratedFailuresOf(voters.length),
    leader: members.find((m) => m.isLeader) ?? null,
    alarms: extra.alarms,
    maxDbSize: sizes.length > 0 ? Math.max(...sizes) : null,
    dbSizeQuota: extra.dbSizeQuota,
    probeErrors: extra.probeErrors,
    alarmsKnown: extra.alarmsKnown,
    guard: extra.guard ?? null,
    datastore: extra.datastore ?? null,
    appliedLag:
      lowest !== undefined && highest !== undefined && applied.length >= 2
        ? {
            lag: (highest.raftAppliedIndex ?? 0) - (lowest.raftAppliedIndex ?? 0),
            behind: lowest.node ?? lowest.name,
            answered: applied.length,
          }
        : null,
  };
}

/**
 * Whether the etcd member on a node is healthy, as etcd itself says it (the maintenance executor's
 * last check after a reboot: "the etcd member healthy where etcd is observable"). Only a
 * live probe counts: recorded and inferred views (pod Ready) say nothing the static-pod check has
 * not already said.
 *
 * Healthy means: the member answered its status, the cluster has a leader, and the member's
 * `/health` did not say false (no leader seen, an alarm, a timed-out read; etcd docs,
 * "Monitoring etcd" › health check).
 * @param snapshot - a snapshot read with the cluster's `etcd` entry (`etcd.source === 'live'`)
 * @param node - the node name
 * @returns true / false for a node that runs a member (matched by name or client URL host, as
 *   the checks match them); false when the probe got no member list but the node runs an etcd
 *   pod; null when etcd was not probed live or no member runs on the node
 */
export function etcdMemberHealthOnNode(snapshot: ClusterSnapshot, node: string): boolean | null {
  const etcd = snapshot.etcd;
  if (etcd?.source !== 'live') return null;
  const index = indexCluster(snapshot);
  const view = buildEtcdView(index);
  if (view.source !== 'live') return index.staticPodsByNode.get(node)?.has('etcd') === true ? false : null;
  const member = view.members.find((m) => m.node === node);
  if (!member) return null;
  const status = etcd.endpointStatus.find((s) => s.memberId.toString(16) === member.idHex);
  return member.healthy === true && view.leader !== null && status?.health !== false;
}

/**
 * Healthy etcd voters seen in a snapshot, read as the checks read etcd ({@link buildEtcdView}): the
 * live `etcd` probe's member status when the cluster has an `etcd` entry, else the etcd pods'
 * Ready state on the control-plane nodes (a NotReady node's member counted down). What the
 * maintenance executor observes while a node is away, to compare with the forecast (issue 34).
 * @param snapshot - a fresh snapshot
 * @returns the count of healthy voters; null when etcd is not observable (managed, no etcd pods)
 *   or some voter's health is unknown
 */
export function etcdVotersSeenIn(snapshot: ClusterSnapshot): number | null {
  const view = buildEtcdView(indexCluster(snapshot));
  return knownHealthyVoters(view);
}

function knownHealthyVoters(view: EtcdView): number | null {
  return view.source === 'none' || view.voters === 0 || view.unknownVoters > 0 ? null : view.healthyVoters;
}

/**
 * etcd's failure tolerance as seen in a snapshot (read as {@link etcdVotersSeenIn} reads it): healthy
 * voters minus quorum (floor(n/2)+1, etcd FAQ "What is failure tolerance?"), so 0 means one more
 * member lost loses quorum and below 0 means quorum is lost.
 * @param snapshot - a snapshot
 * @returns the tolerance; null when etcd is not observable or some voter's health is unknown
 */
export function etcdFailureToleranceSeenIn(snapshot: ClusterSnapshot): number | null {
  const view = buildEtcdView(indexCluster(snapshot));
  const healthy = knownHealthyVoters(view);
  return healthy === null ? null : healthy - view.quorum;
}
