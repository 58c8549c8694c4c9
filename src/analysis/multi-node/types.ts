/**
 * Shapes of the analysis of several nodes in one question: the joint impact of nodes
 * down together, and the rolling plan for them one after another.
 */
import type { NodeRole } from '../reboot-impact.js';
import type { CheckId, FactValue, Finding, Plane, Verdict } from '../types.js';

/**
 * What is done to every node: `reboot` (drain, reboot), `drain`, `upgrade` (drain, upgrade,
 * reboot) or `node-down` (an unplanned loss: no drain, pods evicted after the not-ready
 * toleration). The same words as the `multi-node` command's action.
 */
export type MultiNodeAction = 'reboot' | 'drain' | 'upgrade' | 'node-down';

/** One node's own analysis, as if it were the only one down (the single-node reboot analysis). */
export interface NodeAlone {
  node: string;
  role: NodeRole | null;
  etcdMember: boolean;
  verdict: Verdict;
  findings: Finding[];
}

/**
 * What the drains do with one target's pods (`ns/name` each), the model of joint-workloads.ts
 * `jointEvictions`: `evicted` all of them, `moving` are recreated and can run on another node (`unplaced` of them fit on
 * no remaining node), `pinned` are recreated but can only start on this node again, `bare` have no
 * controller and never come back. `dead`: the node is NotReady already (check `dead-node-drain`),
 * so no kubelet confirms the evictions and its kubelet, kube-proxy and CNI are down already (its
 * pods are then in `evicted` only).
 */
export interface NodeEvictions {
  node: string;
  /** Every pod a drain of the node evicts (or asks to evict, when it is dead). */
  evicted: string[];
  moving: string[];
  unplaced: string[];
  pinned: string[];
  /** Nodes lost (`node-down`): StatefulSet pods, not recreated elsewhere (joint-workloads.ts `JointEvictions`). */
  statefulSet: string[];
  bare: string[];
  /** Pods whose eviction a PodDisruptionBudget refuses (HTTP 429): they stay, the drain waits. */
  refused: string[];
  dead: boolean;
}

/**
 * The joint impact of every node down at once.
 * - `findings`: the joint findings (variants `joint-…`) and the findings of each node's own
 *   analysis that the joint checks do not recompute (drain refusals, emptyDir, node health…),
 *   worst first
 * - `joint`: only the joint findings, worst first
 * - `verdict`: the worst severity of `findings` (block → unsafe, warn → caution)
 */
export interface JointImpact {
  nodes: string[];
  action: MultiNodeAction;
  verdict: Verdict;
  findings: Finding[];
  joint: Finding[];
  alone: NodeAlone[];
  /** Planes with a warn or block finding, plus the planes of the nodes' own roles. */
  planesAffected: Plane[];
  /** What the drains do with each node's pods, in the order of `nodes` (the data plane's Stops lines). */
  evictions: NodeEvictions[];
  /** How many nodes the cluster has (with the targets): none left besides them means no "other nodes". */
  clusterNodes: number;
  /**
   * What the answer may say of etcd and the leaders when nothing warns (issue 16, reader3):
   * `managed` the provider runs the control plane, its etcd is not observable; `untouched` no target
   * runs an etcd member or a control-plane component that goes down (workers, or a drain, which
   * stops neither); `kept` the joint checks found quorum and a leader for each component kept.
   */
  controlPlane: 'managed' | 'untouched' | 'kept';
  /** When the snapshot was taken, ISO 8601. */
  snapshotAt: string;
}

/**
 * What to wait for after a step before the next one starts:
 * - `node-ready`: the node's Ready condition is True again (and it is uncordoned)
 * - `etcd-member-healthy`: the node's etcd member answers its status again (`etcdctl endpoint health`)
 * - `pdb-allows`: the PodDisruptionBudget allows as many disruptions as it does now
 *   (`status.disruptionsAllowed`), i.e. its evicted pods run and are Ready elsewhere or back
 */
export type WaitCondition =
  | { type: 'node-ready'; node: string }
  | { type: 'etcd-member-healthy'; node: string; member: string }
  | { type: 'pdb-allows'; pdb: string; namespace: string; disruptionsAllowed: number };

/** One step of a rolling plan: a batch of nodes taken down together. */
export interface PlanStep {
  /** 1-based position in the plan. */
  index: number;
  nodes: string[];
  /** The joint verdict of the batch, against the cluster as it is now. */
  verdict: Verdict;
  /** The batch's findings with severity warn or block. */
  concerns: Finding[];
  /** The batch holds the etcd leader (an election follows). */
  etcdLeader: boolean;
  /** Leader Leases held on the batch (`kube-scheduler`, `kube-controller-manager`). */
  leases: string[];
  /** Pods evicted by the batch's drain. */
  evicted: number;
  waitFor: WaitCondition[];
}

/** A node the plan leaves out because it is unsafe on its own now. */
export interface ExcludedNode {
  node: string;
  verdict: Verdict;
  /** Its blocking findings. */
  reasons: { check: CheckId; variant: string; facts: Record<string, FactValue> }[];
}

/**
 * A rolling plan: the order, the batches and what to wait for between them.
 * - `verdict`: the worst step verdict; `unsafe` when a node had to be left out (the request cannot
 *   be carried out in full now) or no step is possible
 * - `riskiestStep`: the 1-based index of the step with the most at stake, null without steps
 */
export interface RollingPlan {
  nodes: string[];
  action: MultiNodeAction;
  verdict: Verdict;
  order: string[];
  batches: string[][];
  steps: PlanStep[];
  riskiestStep: number | null;
  excluded: ExcludedNode[];
  /** Most nodes of workers per batch asked for. */
  workerBatchSize: number;
  snapshotAt: string;
}
