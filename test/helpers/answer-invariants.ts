/**
 * Invariants every answer must keep ("Every answer consistent and correct"): a checker
 * over one rendered {@link Reply}, returning the violations it finds (empty when none). Used by
 * test/integration/answer-invariants.test.ts over every scenario, real cluster and request form, in both
 * languages, and shown to catch planted contradictions there.
 */
import { addonViolations } from './addon-invariants.js';
import type { Finding } from '../../src/analysis/types.js';
import type { KNode, KPersistentVolume, KPersistentVolumeClaim, KPod } from '../../src/cluster/types.js';
import { podClaims } from '../../src/cluster/pod-requests.js';
import type { VolumeState } from '../../src/analysis/scheduling/framework.js';
import { nodeInfoOf, runFilters } from '../../src/analysis/scheduling/filter.js';
import type { Reply } from '../../src/explain/reply.js';
import { renderText } from '../../src/explain/render-text.js';
import { firstScreenLines, splitReply } from '../../src/explain/first-screen.js';
import { translator } from '../../src/explain/i18n.js';
import { en } from '../../src/explain/locales/en.js';
import { enMultiNode } from '../../src/explain/locales/en-multi-node.js';
import { enVerdict } from '../../src/explain/locales/en-verdict.js';
import { enWhatIf } from '../../src/explain/locales/en-what-if.js';
import { ko } from '../../src/explain/locales/ko.js';
import { koVerdict } from '../../src/explain/locales/ko-verdict.js';
import { koMultiNode } from '../../src/explain/locales/ko-multi-node.js';
import { koWhatIf } from '../../src/explain/locales/ko-what-if.js';
import { enClusterServices } from '../../src/explain/locales/en-cluster-services.js';
import { koClusterServices } from '../../src/explain/locales/ko-cluster-services.js';

/** What the checker knows of the cluster an answer is about. */
export interface InvariantContext {
  /** The node the request is about (null for status and for a question about several nodes). */
  target: string | null;
  /** The nodes of a question about several nodes ("can I reboot a and b"), all of them targets. */
  targets?: readonly string[];
  /** Nodes that are down (NotReady) in the cluster. */
  downNodes: readonly string[];
  /** Whether every node is a control-plane node. */
  allControlPlane: boolean;
  /** The highest kubelet minor version in the cluster (`1.31` → 31), or null when unknown. */
  minor: number | null;
  /**
   * Whether etcd refuses writes in this cluster (an active NOSPACE/CORRUPT alarm recorded in the
   * file): known from the cluster itself, not from the answer, so an answer that leaves the alarm
   * out (a drain answer did) is still held to rule 7.
   */
  writesBlocked?: boolean;
  /** Whether the file holds the API's /readyz answer (then the control plane's API was seen). */
  readyzSeen?: boolean;
  /** How many nodes the cluster has (a reboot of the only node is advised without a drain). */
  nodeCount?: number;
  /**
   * The request form asked: `reboot`, `drain`, `upgrade`, `what-if`, `restart`, `status`, or
   * `member-remove` (a pasted `etcdctl member remove`: etcd's membership, not the node's pods).
   */
  request?: 'reboot' | 'drain' | 'upgrade' | 'what-if' | 'restart' | 'status' | 'member-remove';
  /** kube-proxy's mode as the cluster's ConfigMap says (`iptables`, `ipvs`, `nftables`), null when unknown. */
  proxyMode?: string | null;
  /** Every node of the cluster (rule 38: a failure that leaves no node up). */
  nodes?: readonly string[];
  /**
   * Nodes the file lists no pod on while its own DaemonSets' status (`currentNumberScheduled`, or
   * `numberReady` without it) counts pods on more nodes than the file lists pods of them: their pods
   * exist but were not seen (rule 43; DaemonSetStatus,
   * https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus).
   */
  podsUnlistedNodes?: readonly string[];
  /**
   * The cluster's nodes and pods as the file holds them (rule 54: every "moves to" of an answer is
   * checked against the scheduling model on them).
   */
  cluster?: InvariantCluster;
}

/** Verbs and the shape of their arguments that suggested kubectl commands may use. */
const KUBECTL_VERBS = new Set([
  'get',
  'describe',
  'label',
  'annotate',
  'cordon',
  'uncordon',
  'drain',
  'rollout',
  'delete',
  'taint',
  'scale',
  'logs',
  'top',
  'wait',
  'exec',
]);
const DNS_NAME = /^[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;
const TYPE_NAME = /^[a-z]+(\.[a-z0-9.-]+)?\/[a-z0-9]([-a-z0-9.]*[a-z0-9])?$/;

/**
 * Whether a kubectl command has a valid shape: an allowed verb, `type/name` references with one
 * slash, DNS names, flags from kubectl's own set. Not a full parser: enough to refuse
 * `kubectl rollout status ds/kube-system/kube-proxy` and placeholders.
 * @param cmd - the command, starting with `kubectl`
 * @returns null when valid, else why not
 */
export function kubectlShapeError(cmd: string): string | null {
  const words = cmd.trim().split(/\s+/).slice(1);
  const args: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] ?? '';
    if (w === '-n' || w === '--namespace' || w === '--context' || w === '--timeout' || w === '-l') {
      const v = words[++i];
      if (v === undefined || !DNS_NAME.test(v.replace(/[=,]/g, '-'))) return `flag ${w} needs a value`;
      continue;
    }
    if (/^--[a-z-]+(=\S+)?$/.test(w)) continue;
    if (w.startsWith('-')) return `unknown flag ${w}`;
    args.push(w);
  }
  const verb = args[0];
  if (!verb || !KUBECTL_VERBS.has(verb)) return `verb ${verb ?? '(none)'} not allowed`;
  if (verb === 'rollout') {
    if (!['status', 'restart', 'undo', 'history'].includes(args[1] ?? '')) return `rollout ${args[1] ?? ''}`;
    if (args.length !== 3 || !TYPE_NAME.test(args[2] ?? ''))
      return `rollout needs one type/name, got ${args.slice(2).join(' ')}`;
    return null;
  }
  if (verb === 'cordon' || verb === 'uncordon' || verb === 'drain') {
    return args.length === 2 && DNS_NAME.test(args[1] ?? '') ? null : `${verb} needs one node name`;
  }
  if (verb === 'label' || verb === 'annotate' || verb === 'taint') {
    const [, kind, name, ...pairs] = args;
    if (!kind || !name || pairs.length === 0) return `${verb} needs kind, name and key=value or key-`;
    if (!DNS_NAME.test(name)) return `bad name ${name}`;
    return pairs.every((p) => /^[a-z0-9./-]+(=[A-Za-z0-9._:-]*)?-?$/i.test(p))
      ? null
      : `bad pair in ${pairs.join(' ')}`;
  }
  for (const a of args.slice(1))
    if (a.split('/').length > 2 || !/^[a-z0-9./=:-]+$/i.test(a)) return `bad argument ${a}`;
  return null;
}

/** An etcd member id as etcdctl prints and takes it: hexadecimal, at most 16 digits. */
const MEMBER_ID = /^[0-9a-f]{1,16}$/;
/**
 * The one command substitution a compaction may take its revision from: the current revision read
 * from `etcdctl endpoint status --write-out=json` (etcd docs, Maintenance, History compaction,
 * https://etcd.io/docs/v3.5/op-guide/maintenance/#history-compaction-v3-api-key-value-database).
 */
const REVISION_FROM_STATUS =
  /^"?\$\(etcdctl endpoint status (?:--write-out=json|-w json)(?: --cluster)? \| grep -o '"revision":\[0-9\]\*' \| head -n ?1 \| cut -d: -f2\)"?$/;

/**
 * Whether an etcdctl command has a valid shape (etcdctl v3 subcommands and their arguments,
 * https://github.com/etcd-io/etcd/tree/main/etcdctl): `compact` needs a revision (a number, or
 * the current one read by {@link REVISION_FROM_STATUS}), `move-leader`, `member remove` and
 * `member promote` a hexadecimal member id; `alarm` takes `list` or `disarm`; `defrag` and
 * `endpoint health|status` only flags. Not a full parser: enough to refuse `etcdctl compact` with
 * no revision and placeholders.
 * @param cmd - the command, starting with `etcdctl`
 * @returns null when valid, else why not
 */
export function etcdctlShapeError(cmd: string): string | null {
  const rest = cmd.trim().replace(/^etcdctl\s+/, '');
  const sub = /^(\S+)(?:\s+(.*))?$/.exec(rest);
  const verb = sub?.[1] ?? '';
  const tail = (sub?.[2] ?? '').trim();
  const words = tail === '' ? [] : tail.split(/\s+/);
  const flagsOnly = (allowed: readonly string[]): string | null => {
    const bad = words.find((w) => !allowed.includes(w));
    return bad === undefined ? null : `${verb} does not take ${bad}`;
  };
  switch (verb) {
    case 'compact': {
      // The revision is the first word, or a whole command substitution.
      const m = /^("?\$\([^()]*\)"?|\S+)?\s*(.*)$/.exec(tail);
      const revision = m?.[1] ?? '';
      const flags = (m?.[2] ?? '').split(/\s+/).filter((w) => w !== '');
      if (revision === '') return 'compact needs a revision';
      if (!/^\d+$/.test(revision) && !REVISION_FROM_STATUS.test(revision))
        return `compact needs a revision number, got ${revision}`;
      return flags.every((f) => f === '--physical') ? null : `compact does not take ${flags.join(' ')}`;
    }
    case 'defrag':
      return flagsOnly(['--cluster']);
    case 'alarm':
      return words.length === 1 && (words[0] === 'list' || words[0] === 'disarm')
        ? null
        : `alarm needs list or disarm, got ${tail || '(nothing)'}`;
    case 'endpoint': {
      const [what, ...flags] = words;
      if (what !== 'health' && what !== 'status')
        return `endpoint needs health or status, got ${what ?? '(nothing)'}`;
      const bad = flags.find(
        (f) => !['--cluster', '--write-out=json', '--write-out=table', '-w'].includes(f),
      );
      return bad === undefined ? null : `endpoint ${what} does not take ${bad}`;
    }
    case 'member': {
      const [what, id, ...more] = words;
      if (what === 'list')
        return id === undefined || id.startsWith('-') ? null : `member list takes no ${id}`;
      if (what === 'remove' || what === 'promote')
        return id !== undefined && MEMBER_ID.test(id) && more.length === 0
          ? null
          : `member ${what} needs one hexadecimal member id, got ${[id, ...more].join(' ')}`;
      return `member ${what ?? '(nothing)'}`;
    }
    // `snapshot save` writes to the file it is given and takes nothing else
    // (https://etcd.io/docs/v3.5/op-guide/recovery/#snapshotting-the-keyspace).
    case 'snapshot':
      return words[0] === 'save' && words.length === 2 && /^[\w./-]+$/.test(words[1] ?? '')
        ? null
        : `snapshot save needs one file path, got ${tail || '(nothing)'}`;
    case 'move-leader':
      return words.length === 1 && MEMBER_ID.test(words[0] ?? '')
        ? null
        : `move-leader needs one hexadecimal member id, got ${tail || '(nothing)'}`;
    default:
      return `subcommand ${verb || '(none)'} not allowed`;
  }
}

/** A full Kubernetes release as kubeadm takes it: `vX.Y.Z` (kubeadm rejects `v1.34`). */
const FULL_VERSION = /^v\d+\.\d+\.\d+$/;

/**
 * Whether a kubeadm command has a valid shape: `upgrade apply` takes one full version `vX.Y.Z`,
 * `upgrade plan` an optional one, `upgrade node` nothing, `certs renew all` (kubeadm reference,
 * https://kubernetes.io/docs/reference/setup-tools/kubeadm/kubeadm-upgrade/: "kubeadm upgrade apply
 * [version]" needs a semantic version; "Upgrading kubeadm clusters",
 * https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/). A bare
 * `kubeadm upgrade apply`, `v1.34` or prose after the subcommand is refused.
 * @param cmd - the command, starting with `kubeadm`
 * @returns null when valid, else why not
 */
export function kubeadmShapeError(cmd: string): string | null {
  // A colon after the command ("each with kubeadm upgrade node: cp-2") ends it.
  const words = (cmd.trim().split(/:(?:\s|$)/)[0] ?? '').split(/\s+/).slice(1);
  const [verb, what, ...rest] = words;
  if (verb === 'certs') return what === 'renew' && rest.join(' ') === 'all' ? null : `certs ${what ?? ''}`;
  if (verb !== 'upgrade') return `subcommand ${verb ?? '(none)'} not allowed`;
  if (what === 'apply')
    return rest.length === 1 && FULL_VERSION.test(rest[0] ?? '')
      ? null
      : `upgrade apply needs one full version vX.Y.Z, got ${rest.join(' ') || '(nothing)'}`;
  if (what === 'plan')
    return rest.length === 0 || (rest.length === 1 && FULL_VERSION.test(rest[0] ?? ''))
      ? null
      : `upgrade plan takes at most a full version, got ${rest.join(' ')}`;
  if (what === 'node') return rest.length === 0 ? null : `upgrade node takes no ${rest.join(' ')}`;
  return `upgrade ${what ?? '(nothing)'}`;
}

/** The word after `kubectl`/`kubeadm`/`etcdctl` that makes a command (not prose such as "kubectl and the API"). */
const COMMAND_WORD =
  // eslint-disable-next-line no-control-regex -- ASCII vs non-ASCII is the point (a command ends where Korean text starts)
  /^(-.*|get|describe|label|annotate|cordon|uncordon|drain|rollout|delete|taint|scale|logs|top|wait|exec|apply|create|edit|patch|replace|run|upgrade|member|move-leader|alarm|defrag|endpoint|compact|snapshot|\S*[^\x00-\x7f]\S*)$/;

/**
 * The commands an answer suggests: `kubectl …`, `kubeadm …`, `etcdctl …` up to a comma, semicolon
 * or parenthesis; a command substitution `$(…)` inside one is part of it.
 */
export function suggestedCommands(text: string): string[] {
  // A command is ASCII: it ends at the first non-ASCII word (Korean text after it) too.
  return [
    ...text.matchAll(
      // eslint-disable-next-line no-control-regex -- ASCII vs non-ASCII is the point (a command ends where Korean text starts)
      /\b(kubectl|kubeadm|etcdctl)\s(?:"?\$\([^()]*\)"?|[\x20-\x7e])*?(?=\s*(?:[,;()\n]|\.\s|\.$|$| and wait| then | after | before |\s*[^\x00-\x7f]))/g,
    ),
  ]
    .map((m) => m[0].trim())
    .filter((c) => COMMAND_WORD.test(c.split(/\s+/)[1] ?? ''));
}

/** Korean particle pairs as the texts write them (`(이)가`) and the forms they resolve to (src/explain/i18n.ts). */
const PARTICLE_FORMS: Readonly<Record<string, string>> = {
  '(이)가': '(?:이|가)',
  '(은)는': '(?:은|는)',
  '(을)를': '(?:을|를)',
  '(으)로': '(?:으로|로)',
  '(과)와': '(?:과|와)',
  '(이)라': '(?:이라|라)',
};

/**
 * A locale template (`checks.x.y`) as a pattern matching any sentence made from it: each
 * `{{value}}` matches any text, Korean particle pairs match either form, `word(s)` either number.
 * @param template - the raw text of one key
 */
export function templatePattern(template: string): RegExp {
  const escape = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const parts = template.split(/\{\{\w+\}\}/).map((part) => {
    let out = escape(part);
    for (const [pair, forms] of Object.entries(PARTICLE_FORMS)) out = out.replaceAll(escape(pair), forms);
    return out.replace(/\\\((e?s)\\\)/g, '(?:$1)?');
  });
  return new RegExp(parts.join('.+?'));
}

/** The raw text of a dotted key in one locale's base messages, or undefined. */
function rawText(locale: 'en' | 'ko', key: string): string | undefined {
  const [prefix, base] = key.startsWith('whatIf.')
    ? ['whatIf.', locale === 'en' ? enWhatIf : koWhatIf]
    : key.startsWith('multiNode.')
      ? ['multiNode.', locale === 'en' ? enMultiNode : koMultiNode]
      : ['', locale === 'en' ? en : ko];
  const lookup = (from: unknown): string | undefined => {
    let node: unknown = from;
    for (const k of key.slice(prefix.length).split('.'))
      node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[k] : undefined;
    return typeof node === 'string' ? node : undefined;
  };
  // The texts of the checks beyond the first checklist (VIPs, volumes, traffic) are merged into the
  // base `checks` and `advice` by src/explain/i18n.ts: look there too.
  return (
    lookup(base) ??
    (prefix === ''
      ? (lookup(locale === 'en' ? enVerdict : koVerdict) ??
        lookup(locale === 'en' ? enClusterServices : koClusterServices))
      : undefined)
  );
}

/**
 * Sentences that say a drain moves the node's pods: it evicts them, they are rescheduled or
 * recreated elsewhere, the drain can proceed. Wrong whenever the drain cannot move anything.
 */
const DRAIN_MOVES_PODS = [
  'stops.pods-evicted',
  'stops.pods-evicted_one',
  'checks.workloads-on-control-plane.system',
  'checks.workloads-on-control-plane.system_one',
  'checks.single-replica.spread',
  'checks.single-replica.spread_one',
  'checks.grace-period.estimate',
  'checks.grace-period.estimate_one',
  'checks.pdb-blocks.allows',
  'whatIf.stops.drain-evicts',
  'whatIf.stops.drain-evicts_one',
  'whatIf.advice.drain-command',
  'multiNode.stops.pods-evicted',
  'multiNode.stops.pods-evicted_one',
];
/** On a dead node the drain moves nothing either: "room for the pods that move there" is wrong. */
const DRAIN_MOVES_POD_ROOM = [...DRAIN_MOVES_PODS, 'checks.capacity.fits', 'checks.capacity.fits_one'];
/** With writes blocked nothing is created elsewhere either: "room for the evicted pods" is moot. */
const WRITES_MAKE_PODS = [
  'checks.capacity.fits',
  'checks.capacity.fits_one',
  'multiNode.checks.capacity.joint-fits',
  'multiNode.checks.capacity.joint-fits_one',
  'multiNode.checks.capacity.joint-some-pending',
  'multiNode.checks.pdb-blocks.joint-exceeds',
];

/** Sentences that promise a leader Lease changes hands (a standby takes it once it expires). */
const LEASE_HANDOVER = [
  'checks.leader-scheduler.held-here',
  'checks.leader-controller-manager.held-here',
  'multiNode.checks.leader.joint-held-here',
  'stops.leader-failover',
  'keeps.leaders-after-failover',
  'keeps.leaders-elsewhere',
];

/** Sentences that promise an etcd leader election completes. */
const ETCD_ELECTION = [
  'checks.etcd-leader.leader-here',
  'stops.etcd-election',
  'whatIf.stops.etcd-election',
  'whatIf.duration.etcd-election',
];

/** Sentences that say etcd writes only pause until a leader election or handover completes. */
const WRITES_RESUME_WITH_LEADER = [
  ...ETCD_ELECTION,
  'whatIf.checks.component-down.etcd-leader-node',
  'whatIf.stops.etcd-election-timeout',
];

/** Sentences that promise the pods of lost nodes find room and are rescheduled. */
const RESCHEDULED_AFTER_LOSS = [
  'multiNode.checks.capacity.joint-fits',
  'multiNode.checks.capacity.joint-fits_one',
  'multiNode.checks.capacity.joint-some-pending',
  'multiNode.checks.pdb-blocks.joint-exceeds-involuntary',
  'multiNode.checks.pdb-blocks.joint-exceeds-involuntary_one',
  'multiNode.stops.pods-rescheduled',
  'multiNode.stops.pods-rescheduled_one',
];

/**
 * Sentences that say a drain evicts and reschedules pods before the nodes go down, while quorum
 * still holds: the order of a planned reboot or upgrade of several nodes (each node is drained
 * first, then they are down together). True only where a drain runs first: wrong for nodes lost
 * without one (`node-down`).
 */
const DRAIN_FIRST_MOVES = [
  'checks.workloads-on-control-plane.system-drain-first',
  'checks.workloads-on-control-plane.system-drain-first_one',
  'checks.single-replica.spread-drain-first',
  'checks.single-replica.spread-drain-first_one',
  'checks.grace-period.estimate-drain-first',
  'checks.grace-period.estimate-drain-first_one',
  'checks.pdb-blocks.allows-drain-first',
  'checks.pdb-blocks.allows-drain-first_one',
  'multiNode.checks.capacity.joint-fits-drain-first',
  'multiNode.checks.capacity.joint-fits-drain-first_one',
  'multiNode.checks.capacity.joint-some-pending-drain-first',
  'multiNode.stops.pods-evicted-drain-first',
  'multiNode.stops.pods-evicted-drain-first_one',
];

/**
 * Checks and sentences that say an etcd member, an API server, a leader or the VIP host goes
 * down: never in an answer about draining only. `kubectl drain` evicts through the API server and
 * skips mirror (static) pods and DaemonSet pods, so etcd, kube-apiserver, the leaders and kube-vip
 * keep running on a drained node (https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
 */
const NODE_DOWN_CHECKS: ReadonlySet<string> = new Set([
  'etcd-quorum-after',
  'etcd-quorum-loss',
  'etcd-leader',
  'control-plane-count',
  'apiserver-redundancy',
  'leader-scheduler',
  'leader-controller-manager',
  'control-plane-endpoint',
]);
const NODE_DOWN_SENTENCES = [
  'multiNode.checks.etcd-quorum-after.joint-lost',
  'multiNode.checks.etcd-quorum-after.joint-lost_one',
  'multiNode.checks.etcd-quorum-after.joint-lost-single',
  'multiNode.checks.etcd-quorum-after.joint-lost-unseen',
  'multiNode.checks.apiserver-redundancy.joint-capacity',
  'multiNode.checks.apiserver-redundancy.joint-capacity-no-quorum',
  'multiNode.checks.apiserver-redundancy.joint-none-left',
  'multiNode.checks.control-plane-count.joint-none-left',
  'stops.api-all',
];

/**
 * Sentences that promise the kube-vip control-plane VIP moves to another node. kube-vip elects the
 * VIP's holder through its Lease `plndr-cp-lock`, written through the API server into etcd
 * (client-go leader election; https://kube-vip.io/docs/about/architecture/): without quorum, or
 * with writes refused, no new holder can be written and the VIP does not move. (keepalived's VRRP
 * does not go through the API: its sentences are not here.)
 */
const KUBE_VIP_MOVES = [
  'checks.control-plane-endpoint.vip-moves',
  'multiNode.checks.control-plane-endpoint.joint-vip-moves',
];

/**
 * Sentences that say a lost node's pods are marked NotReady, taken out of the Service endpoints,
 * evicted or recreated elsewhere: the node lifecycle controller's work (kube-controller-manager,
 * through the API server into etcd). Wrong where the loss takes the control plane with it or etcd
 * refuses writes (rule 36), and where no other node is left (rule 38).
 */
const LOSS_RECOVERS = [
  'whatIf.checks.node-down.timeline',
  'whatIf.checks.node-down.timeline_one',
  'whatIf.checks.node-down.timeline-statefulset',
  'whatIf.checks.node-down.timeline-statefulset_one',
  'whatIf.checks.node-down.timeline-unseen',
  'whatIf.checks.node-down.timeline-none',
  'whatIf.checks.node-down.timeline-unlisted',
  'whatIf.stops.node-pods',
  'whatIf.stops.node-pods-unseen',
  'whatIf.stops.node-pods-unlisted',
  'whatIf.duration.node-down-none',
  'whatIf.stops.node-pods-statefulset',
  'whatIf.interrupt.node-down-endpoints',
  'whatIf.interrupt.node-pods-single',
  'whatIf.lost.workloads-on-control-plane.system',
  'whatIf.lost.workloads-on-control-plane.system_one',
  'whatIf.lost.capacity.fits',
  'whatIf.lost.capacity.fits_one',
  'whatIf.lost.emptydir-pods.present',
  'whatIf.lost.emptydir-pods.present_one',
  'checks.single-replica.single',
  'checks.single-replica.all-here',
  'checks.single-replica.all-here-two',
  'checks.single-replica.dns-single',
  'checks.single-replica.dns-all-here',
  'checks.single-replica.dns-all-here-two',
  'checks.single-replica.spread',
  'checks.single-replica.spread_one',
  'checks.single-replica.none-ready-elsewhere',
  'checks.single-replica.dns-none-ready-elsewhere',
  'multiNode.stops.workloads-down',
  ...RESCHEDULED_AFTER_LOSS,
];

/** Sentences that say other nodes keep running, or that only part of the cluster is affected. */
const OTHER_NODES_KEEP = [
  'whatIf.keeps.other-nodes',
  'whatIf.keeps.running-pods',
  'whatIf.summary.outage.caution',
  'whatIf.summary.outage.caution_one',
];

/** Sentences that say cluster DNS keeps answering (reboot, what-if and rolling texts). */
const DNS_KEEPS_WORKING = ['keeps.dns', 'whatIf.keeps.dns', 'whatIf.keeps.dns-others'];

/** Sentences that say the control-plane endpoint is interrupted for the clients that use the VIP. */
const VIP_INTERRUPTION = [
  'checks.control-plane-endpoint.vip-moves',
  'checks.control-plane-endpoint.vip-none-left',
  'checks.control-plane-endpoint.keepalived-here',
  'checks.control-plane-endpoint.keepalived-none-left',
  'stops.vip-move',
];

/**
 * Sentences that say the API's clients keep working through the API servers left, without saying
 * which clients: wrong beside a VIP interruption (the clients that use the VIP are interrupted).
 */
const CLIENTS_KEEP_WORKING = [
  'checks.apiserver-redundancy.capacity',
  'checks.apiserver-redundancy.already-down',
  'keeps.api-others',
  'whatIf.keeps.api-others',
];

/**
 * "1" before a plural counted noun of the English texts ("1 pods", "1 more failures", "1 voting
 * members"), with up to a few modifiers between. Not after a name's digit (`atlas-cp-1 pods`), and
 * not units ("1 s", "1 ms").
 */
const ONE_PLURAL =
  /(?<![\w.+-])1 (?:(?:more|other|evicted|healthy|unhealthy|voting|ready|Ready|running|pending|Pending|schedulable|alive|leader|control-plane|minor|API|server|identity|blocking|serious|etcd|add-on|worker) )*(?:pods|nodes|replicas|members|voters|days|times|things|versions|steps|evictions|entries|problems|effects|answers|disruptions|failures|servers|addresses|restarts|changes|Leases|approvals|minutes|hours|seconds|containers|volumes|claims|workloads|Services)\b/g;

/** Every English template (dotted key and raw text) of the base, what-if, several-node and verdict texts. */
function englishTemplates(): { key: string; text: string }[] {
  const out: { key: string; text: string }[] = [];
  const walk = (o: unknown, prefix: string): void => {
    if (typeof o === 'string') out.push({ key: prefix, text: o });
    else if (typeof o === 'object' && o !== null)
      for (const [k, v] of Object.entries(o)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(en, '');
  walk(enVerdict, '');
  walk(enWhatIf, 'whatIf');
  walk(enMultiNode, 'multiNode');
  return out;
}

/**
 * English templates that name a list of pods (`{{pods}}`) and refer back to it in the plural
 * (them, they, their): with one pod in the list they need their `_one` form. Each as a pattern
 * capturing the list.
 */
const PODS_LIST_PLURAL: readonly { key: string; pattern: RegExp }[] = englishTemplates()
  .filter(
    ({ key, text }) =>
      !key.endsWith('_one') && !key.endsWith('_other') && /\{\{pods\}\}.*\b(?:them|they|their)\b/.test(text),
  )
  .map(({ key, text }) => {
    const escape = (t: string): string => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const parts = text
      .split(/(\{\{\w+\}\})/)
      .map((part) => (part === '{{pods}}' ? '(.+?)' : /^\{\{\w+\}\}$/.test(part) ? '.+?' : escape(part)));
    return { key, pattern: new RegExp(`^${parts.join('')}$`) };
  });

/**
 * How a Latin name or a number ends when read in Korean, for the particle after it: `consonant`
 * (은, 이, 을, 과, 으로), `rieul` (a final ㄹ: 은, 이, 을, 과, but 로), `vowel` (는, 가, 를, 와, 로),
 * or null when the reading is not certain (the checker then judges nothing). Deliberately
 * independent of src/explain/i18n.ts and only the sure cases: digits as read in Korean (1 일, 3 삼,
 * 6 육, 7 칠, 8 팔, 0 영; 2 이, 4 사, 5 오, 9 구), a final -l/-le (ㄹ), -m/-n/-ng/-me/-ne (ㅁ, ㄴ, ㅇ),
 * a single vowel + t (-et, -it, -at: 셋, 릿, 맷); a final vowel, -er/-or, -d, -s, -x, -z, -f, -h,
 * a consonant + e (노드, 리스) read without a final consonant; abbreviations letter by letter
 * (L 엘, M 엠, N 엔; the others end in a vowel: 피, 씨, 디).
 * @param name - the word before the particle
 */
export function latinReading(name: string): 'consonant' | 'rieul' | 'vowel' | null {
  const last = name[name.length - 1] ?? '';
  if (/[0-9]/.test(last))
    return '178'.includes(last) ? 'rieul' : '036'.includes(last) ? 'consonant' : 'vowel';
  const seg = /[A-Za-z]+$/.exec(name)?.[0];
  if (seg === undefined) return null;
  const lower = seg.toLowerCase();
  const abbreviation = (seg.length >= 2 && seg === seg.toUpperCase()) || !/[aeiouy]/.test(lower);
  if (abbreviation) {
    const l = lower[lower.length - 1] ?? '';
    return l === 'l' ? 'rieul' : l === 'm' || l === 'n' ? 'consonant' : l === 'r' ? null : 'vowel';
  }
  if (/(?:l|le)$/.test(lower)) return 'rieul';
  if (/(?:m|n|ng|me|ne)$/.test(lower)) return 'consonant';
  if (/(?:^|[^aeiou])[aeiu]t$/.test(lower)) return 'consonant';
  if (/(?:[aeiouy]|er|or|[dsxzfh]|[bcdfgkpstvz]e)$/.test(lower)) return 'vowel';
  return null;
}

/** The particle forms after a final consonant, after ㄹ and after a vowel. */
const PARTICLE_AFTER: Readonly<Record<string, Record<'consonant' | 'rieul' | 'vowel', string>>> = {
  topic: { consonant: '은', rieul: '은', vowel: '는' },
  subject: { consonant: '이', rieul: '이', vowel: '가' },
  object: { consonant: '을', rieul: '을', vowel: '를' },
  and: { consonant: '과', rieul: '과', vowel: '와' },
  towards: { consonant: '으로', rieul: '로', vowel: '로' },
};
const PARTICLE_KIND: Readonly<Record<string, keyof typeof PARTICLE_AFTER>> = {
  은: 'topic',
  는: 'topic',
  이: 'subject',
  가: 'subject',
  을: 'object',
  를: 'object',
  과: 'and',
  와: 'and',
  으로: 'towards',
  로: 'towards',
};

/**
 * Wrong particles after Latin names and numbers in Korean text ("kind-control-plane는",
 * "PodDisruptionBudget가"): a particle directly after an ASCII word, followed by a space,
 * punctuation or the end, judged by {@link latinReading}.
 * @param text - the rendered Korean answer
 * @returns a violation per wrong particle
 */
export function particleViolations(text: string): string[] {
  const out: string[] = [];
  // Right after the name, and after a parenthetical, where the particle agrees with the word before
  // it: "borealis-cp-1 (NotReady: Ready=Unknown)을", "rook-ceph-osd-0 (Deployment, rook-ceph)은".
  const forms: [RegExp, string][] = [
    [/([A-Za-z0-9][A-Za-z0-9._/-]*)(으로|은|는|이|가|을|를|과|와|로)(?=[\s,.:;)]|$)/g, ''],
    [
      /([A-Za-z0-9][A-Za-z0-9._/-]*) \([^()]*\)(으로|은|는|이|가|을|를|과|와|로)(?=[\s,.:;)]|$)/g,
      ' (before its parenthesis)',
    ],
  ];
  // A Korean noun before a parenthetical: the particle agrees with the noun (issue 16, reader5 F24:
  // "클러스터 DNS 레플리카(coredns, 2개)이" for 가). Final consonant of the last syllable: none, ㄹ, other.
  for (const m of text.matchAll(/([가-힣]) ?\(([^()]*)\)(으로|은|는|이|가|을|를|과|와|로)(?=[\s,.:;)]|$)/g)) {
    const [whole, syllable = '', inside = '', particle = ''] = m;
    // "(이)가", "(을)를": the template's own choice of both forms, not a parenthetical.
    if (/^(?:이|은|을|과|으)$/.test(inside)) continue;
    const final = (syllable.charCodeAt(0) - 0xac00) % 28;
    const reading = final === 0 ? 'vowel' : final === 8 ? 'rieul' : 'consonant';
    const kind = PARTICLE_KIND[particle];
    const want = kind === undefined ? undefined : PARTICLE_AFTER[kind]?.[reading];
    if (want !== undefined && want !== particle)
      out.push(`Korean particle after "${syllable}" (before its parenthesis) should be ${want}: "${whole}"`);
  }
  for (const [pattern, where] of forms)
    for (const m of text.matchAll(pattern)) {
      const [whole, name = '', particle = ''] = m;
      const reading = latinReading(name);
      const kind = PARTICLE_KIND[particle];
      if (reading === null || kind === undefined) continue;
      const want = PARTICLE_AFTER[kind]?.[reading];
      if (want !== undefined && want !== particle)
        out.push(`Korean particle after "${name}"${where} should be ${want}: "${whole}"`);
    }
  return [...new Set(out)];
}

/**
 * Why the drain of the target cannot move its pods, as the findings say: every write is refused
 * now (an etcd alarm, quorum already lost, no API server for a worker), or the node is dead (no
 * kubelet confirms evictions). Null when the drain can run.
 * @param findings - a reply's findings
 */
export function drainCannotMove(findings: readonly Finding[]): 'writes-blocked' | 'node-dead' | null {
  const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
  if (
    findings.some(
      (f) =>
        (f.check === 'etcd-alarms' && f.severity === 'block') ||
        (f.check === 'control-plane-healthy-for-worker' && f.variant === 'down') ||
        (f.check === 'etcd-quorum-after' &&
          f.variant === 'lost' &&
          num(f.facts.healthyBefore) !== null &&
          num(f.facts.quorum) !== null &&
          (num(f.facts.healthyBefore) as number) < (num(f.facts.quorum) as number)),
    )
  )
    return 'writes-blocked';
  if (findings.some((f) => f.check === 'dead-node-drain')) return 'node-dead';
  return null;
}

/**
 * Check one reply.
 * @param reply - the answer
 * @param ctx - what is known of its cluster and request
 * @returns the violations, each a sentence naming the invariant and the offending text
 */
export function answerViolations(reply: Reply, ctx: InvariantContext): string[] {
  const out: string[] = [];
  const text = renderText(reply);
  const tr = translator(reply.locale);
  const en = translator('en');

  // 1. Nothing said to keep working through the target or a node that is down.
  const targets = [ctx.target, ...(ctx.targets ?? [])].filter((x): x is string => x !== null);
  const gone = [...targets, ...ctx.downNodes];
  for (const plane of reply.planes) {
    for (const keep of plane.keepsWorking) {
      const through =
        /(?:through|통해)[^:]*:\s*(.*)$/.exec(keep)?.[1] ?? (/(.*)\s*통해/.exec(keep) ? keep : '');
      for (const g of gone) {
        if (
          through &&
          new RegExp(`(^|[\\s,(])${g.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[\\s,)])`).test(through)
        )
          out.push(`keeps working through ${g}, which is the target or down: "${keep}"`);
      }
    }
    // 1b. "every API call stops" and "the API keeps working" together.
    const apiAll = tr.t('stops.api-all');
    const apiOthers = tr.t('keeps.api-others', { others: '' }).replace(/\s*$/, '');
    if (plane.stops.includes(apiAll) && plane.keepsWorking.some((k) => k.startsWith(apiOthers.slice(0, 12))))
      out.push(`stops every API call and keeps the API working: "${plane.keepsWorking.join(' | ')}"`);
  }
  // 1c. "every API call stops" beside a finding that clients keep working through the API servers left.
  if (
    reply.planes.some((p) => p.stops.includes(tr.t('stops.api-all'))) &&
    reply.findings.some(
      (f) =>
        f.check === 'apiserver-redundancy' &&
        ['capacity', 'already-down', 'joint-capacity', 'joint-already-down'].includes(f.variant),
    )
  )
    out.push('stops every API call and says clients keep working through the API servers left');

  // 1d. One drain model (issue 30 item 3): a drain that "stops before evicting anything" (a pasted
  // kubectl drain refusing a pod) does not also evict pods that are "recreated on another node".
  if (reply.findings.some((f) => f.check === 'kubectl-drain' && f.variant === 'refused')) {
    const recreated = (
      tr.t('whatIf.stops.drain-evicts', { node: 'N', count: 2 }).split(':').pop() ?? ''
    ).trim();
    const evicting = reply.planes
      .flatMap((p) => p.stops)
      .filter((s) => recreated !== '' && s.endsWith(recreated));
    if (
      evicting.length > 0 ||
      reply.findings.some((f) => f.check === 'grace-period' && f.variant === 'estimate')
    )
      out.push(`stops before evicting anything and evicts pods all the same: "${evicting.join(' | ')}"`);
  }

  // 1e. One drain model (issue 30 item 3): a deletion reads no PodDisruptionBudget (a pasted
  // `kubectl drain --disable-eviction` deletes instead of evicting; `kubectl delete node` leaves the
  // pods to the pod garbage collector's force delete), so nothing in its answer waits on a budget.
  const deletes = reply.findings.some(
    (f) =>
      f.check === 'kubectl-delete-node' ||
      (f.check === 'kubectl-drain' && f.variant.startsWith('eviction-disabled')),
  );
  if (deletes) {
    const waits = ['whatIf.stops.drain-waits', 'whatIf.stops.drain-waits_one']
      .map((k) => rawText(reply.locale === 'ko' ? 'ko' : 'en', k))
      .filter((t): t is string => t !== undefined)
      .map(templatePattern);
    const waiting = [
      ...reply.findings
        .filter(
          (f) =>
            f.check === 'pdb-blocks' || (f.check === 'kubectl-drain' && f.variant === 'timeout-gives-up'),
        )
        .map((f) => `${f.check}/${f.variant}`),
      ...reply.planes.flatMap((p) => p.stops).filter((s) => waits.some((w) => w.test(s))),
    ];
    if (waiting.length > 0)
      out.push(`deletes without reading a budget and waits on one: "${waiting.join(' | ')}"`);
  }

  // 2. Capacity figures go down.
  for (const m of text.matchAll(/from (\d+) to (\d+)|(\d+)에서 (\d+)(?:으로|로)/g)) {
    const before = Number(m[1] ?? m[3]);
    const after = Number(m[2] ?? m[4]);
    if (!(after < before)) out.push(`capacity does not go down: "${m[0]}"`);
  }

  // 3. No leader handover or write promised without quorum. Quorum is lost when the answer says
  // so (the single-node `lost*`, the joint `joint-lost`, no control plane or API server left).
  const quorumLost = reply.findings.some(
    (f) =>
      (f.check === 'etcd-quorum-after' && /(^|-)lost/.test(f.variant)) ||
      (f.check === 'control-plane-count' && f.severity === 'block') ||
      (f.check === 'apiserver-redundancy' && f.severity === 'block') ||
      f.check === 'etcd-quorum-loss',
  );
  if (quorumLost) {
    const promises = [
      tr.t('keeps.leaders-after-failover'),
      tr.t('keeps.leaders-elsewhere'),
      tr.t('stops.etcd-election'),
    ];
    for (const p of promises)
      if (text.includes(p)) out.push(`quorum is lost yet the answer promises: "${p}"`);
    if (/leader election moves its Lease|once the \d+ s lease expires|a standby takes over/i.test(text))
      out.push('quorum is lost yet the answer promises a leader handover');
  }
  // 3b. The same with writes refused now (an etcd NOSPACE/CORRUPT alarm: "no Lease renewals"), and
  // by the sentences' own templates (the several-node texts too, in both languages): a standby
  // cannot take a Lease that cannot be written, and an etcd election needs a quorum.
  const writesRefused = drainCannotMove(reply.findings) === 'writes-blocked' || ctx.writesBlocked === true;
  const sentences = [
    ...reply.planes.flatMap((p) => [...p.reasons, ...p.stops, ...p.keepsWorking]),
    ...reply.sections.flatMap((s) => s.lines),
    ...reply.advice,
    reply.summary,
  ];
  const matching = (keys: readonly string[]): { key: string; sentence: string }[] =>
    reply.locale === 'en' || reply.locale === 'ko'
      ? keys.flatMap((key) => {
          const template = rawText(reply.locale as 'en' | 'ko', key);
          if (template === undefined) return [];
          const pattern = templatePattern(template);
          return sentences.filter((x) => pattern.test(x)).map((sentence) => ({ key, sentence }));
        })
      : [];
  if (quorumLost || writesRefused) {
    const why = quorumLost ? 'quorum is lost' : 'etcd refuses writes';
    for (const m of matching(LEASE_HANDOVER))
      out.push(`${why} yet the answer promises a Lease handover: "${m.sentence}"`);
  }
  if (quorumLost)
    for (const m of matching(ETCD_ELECTION))
      out.push(`quorum is lost yet the answer promises an etcd leader election: "${m.sentence}"`);
  // 3d. With an etcd alarm active (NOSPACE, CORRUPT) writes are refused whoever leads: a new etcd
  // leader does not bring them back, only disarming the alarm after compaction and defragmentation
  // does (etcd docs, Maintenance, Space quota, https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota).
  // No sentence may say writes pause for a moment or wait for an election.
  if (writesRefused && !quorumLost)
    for (const m of matching(WRITES_RESUME_WITH_LEADER))
      out.push(
        `etcd refuses writes (an alarm) yet the answer says writes resume with a new leader: "${m.sentence}"`,
      );
  // 3c. Nodes lost without a drain (the what-if of several nodes down) while quorum is lost: the
  // node lifecycle controller's evictions and the replacements are writes, none happens until
  // quorum is back, so no sentence may promise that the pods find room or are rescheduled.
  // Nodes rebooted or upgraded together are drained first, while quorum still holds, and only then
  // down together (issue 16, the joint model): their pods are evicted and rescheduled, but beside
  // "quorum lost, all writes stop" a sentence must say that order (DRAIN_FIRST_MOVES); an unordered
  // "evicted and rescheduled" or "room for the evicted pods" is still a contradiction. The ordered
  // sentences are wrong where no drain runs first (node-down).
  if (quorumLost && reply.multiNode !== undefined) {
    for (const m of matching([...RESCHEDULED_AFTER_LOSS, ...DRAIN_MOVES_PODS]))
      out.push(`quorum is lost yet the answer promises the lost pods are rescheduled: "${m.sentence}"`);
    const action = reply.multiNode.action;
    if (action !== 'reboot' && action !== 'upgrade')
      for (const m of matching(DRAIN_FIRST_MOVES))
        out.push(
          `quorum is lost and no drain runs before the nodes are down (${action}), yet the answer says a drain evicts and reschedules their pods first: "${m.sentence}"`,
        );
  }
  // 3c2. An answer about draining only (several nodes drained together) never says an etcd member,
  // an API server, a leader or the VIP host stops: a drain leaves the node and its static pods running.
  if (reply.multiNode?.action === 'drain') {
    for (const f of reply.findings)
      // control-plane-count/partial says only that the file lacks masters (their state unknown),
      // never that one stops: a drain of a master in a partial file says it as the reboot does.
      if (NODE_DOWN_CHECKS.has(f.check) && !(f.check === 'control-plane-count' && f.variant === 'partial'))
        out.push(
          `a drain takes no etcd member or API server down, yet the answer has ${f.check}/${f.variant}`,
        );
    for (const m of matching(NODE_DOWN_SENTENCES))
      out.push(`a drain takes no etcd member or API server down, yet the answer says: "${m.sentence}"`);
  }
  // 3c4. A Fail admission webhook left with no backend refuses the drain's replacement pods in its
  // scope (admission-webhook `refuses-drain*`, issue 29): no sentence says they are recreated
  // elsewhere without the refusal, and no single-replica workload in a refused namespace is said to
  // be rescheduled and started elsewhere (one answer about one node: a joint answer words its own).
  const refusing = reply.findings.filter(
    (f) => f.check === 'admission-webhook' && f.severity === 'block' && f.variant.startsWith('refuses-drain'),
  );
  if (reply.multiNode === undefined && refusing.length > 0) {
    // A reboot's sentences, and a drain answer's (issue 29: "can I drain" runs the same checks).
    const refusal = matching([
      'stops.pods-evicted-refused',
      'stops.pods-evicted-refused_one',
      'whatIf.stops.drain-evicts-refused',
      'whatIf.stops.drain-evicts-refused_one',
    ]);
    if (refusal.length === 0)
      for (const m of matching([
        'stops.pods-evicted',
        'stops.pods-evicted_one',
        'whatIf.stops.drain-evicts',
        'whatIf.stops.drain-evicts_one',
      ]))
        out.push(`a webhook refuses the drain's replacements, yet without the refusal: "${m.sentence}"`);
    const refusedNs = new Set(
      refusing.flatMap((f) => (Array.isArray(f.facts.namespaces) ? (f.facts.namespaces as string[]) : [])),
    );
    for (const f of reply.findings)
      if (
        f.check === 'single-replica' &&
        ['single', 'all-here', 'all-here-two', 'spread'].includes(f.variant) &&
        refusedNs.has(String(f.facts.namespace))
      )
        out.push(
          `a webhook refuses the replacements in ${String(f.facts.namespace)}, yet ${String(f.facts.workload)} is said to be rescheduled elsewhere (single-replica/${f.variant})`,
        );
    // The pods whose replacements are refused do not move: "room for the N pods that move" counts
    // at most the node's other recreated pods (controller, not a DaemonSet, static or finished pod).
    const target = ctx.target;
    if (target !== null && ctx.cluster !== undefined) {
      const recreated = ctx.cluster.pods.filter(
        (p) =>
          p.spec?.nodeName === target &&
          p.status?.phase !== 'Succeeded' &&
          p.status?.phase !== 'Failed' &&
          (p.metadata.ownerReferences ?? []).some(
            (o) => o.controller === true && o.kind !== 'DaemonSet' && o.kind !== 'Node',
          ),
      ).length;
      const refusedCount = refusing.reduce(
        (n, f) => n + (typeof f.facts.count === 'number' ? f.facts.count : 0),
        0,
      );
      for (const m of matching(['checks.capacity.fits', 'checks.capacity.fits_one'])) {
        const moving = Number(/\d+/.exec(m.sentence)?.[0] ?? 1);
        if (moving + refusedCount > recreated)
          out.push(
            `a webhook refuses ${refusedCount} of the ${recreated} replacement pods, yet ${moving} are said to move: "${m.sentence}"`,
          );
      }
    }
  }
  // 3c5. One model of a failing-closed webhook in the drain (issue 29): the drain sequence takes
  // its facts. A webhook whose error stops the drain (grace-period `stopsWebhook`) is never beside
  // a sentence saying the drain evicts its pods as a completing drain does; a webhook that refuses
  // the drain's replacements is never beside a drain that completes with every replacement created.
  const stoppedBy = reply.findings.find(
    (f) => f.check === 'grace-period' && typeof f.facts.stopsWebhook === 'string',
  );
  if (stoppedBy !== undefined)
    for (const m of matching([
      'checks.grace-period.estimate',
      'checks.grace-period.estimate_one',
      'checks.grace-period.estimate-fates',
      'checks.grace-period.estimate-fates_one',
    ]))
      out.push(
        `webhook ${String(stoppedBy.facts.stopsWebhook)} stops the drain, yet the answer says it completes: "${m.sentence}"`,
      );
  if (reply.multiNode === undefined && refusing.length > 0) {
    const g = reply.findings.find((f) => f.check === 'grace-period')?.facts;
    const count = (v: unknown): number => (typeof v === 'number' ? v : 0);
    if (g?.drainOutcome === 'completes' && count(g.recreated) > 0 && count(g.replacementRefused) === 0)
      out.push(
        `webhook ${String(refusing[0]?.facts.webhook)} refuses the drain's replacements, yet the drain completes with all ${count(g.recreated)} replacements created`,
      );
  }
  // 3c6. A drain that a webhook's error stops (issue 29 item 1, scenario 64) in one model: no
  // budget sentence says the drain waits forever on a pod whose retry the webhook stopped; the
  // webhook refuses the replacements of evicted pods only (not of pods the drain never evicted);
  // a workload whose pods here the drain never evicted is not said to run short for a refused
  // replacement.
  const grace = reply.findings.find((f) => f.check === 'grace-period')?.facts;
  const listOf = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);
  const notEvicted = new Set(
    ['stoppedPods', 'refusedPods', 'refusedLaterPods'].flatMap((k) => listOf(grace?.[k])),
  );
  if (reply.multiNode === undefined && grace?.drainOutcome === 'stops') {
    for (const m of matching([
      'checks.pdb-blocks.max-unavailable-zero',
      'checks.pdb-blocks.min-available-all',
    ]))
      out.push(
        `the drain stops with an error, yet a budget is said to make it wait forever: "${m.sentence}"`,
      );
    const fates = listOf(grace.podFates);
    for (const f of reply.findings) {
      if (f.check === 'admission-webhook' && f.variant.startsWith('refuses-drain'))
        for (const p of listOf(f.facts.pods).filter((x) => notEvicted.has(x)))
          out.push(
            `webhook ${String(f.facts.webhook)} is said to refuse the replacement of ${p}, which the drain never evicts`,
          );
      const prefix = `${String(f.facts.namespace)}/${String(f.facts.workload)}-`;
      if (
        f.check === 'single-replica' &&
        f.variant.endsWith('refused-by-webhook') &&
        !fates.some((x) => x.startsWith(prefix) && x.endsWith('=replacement-refused'))
      )
        out.push(
          `${String(f.facts.workload)} is said to run short for a refused replacement, yet the drain evicts none of its pods (single-replica/${f.variant})`,
        );
    }
  }
  // 3c3. Cluster DNS already down (a cluster-dns finding: no CoreDNS/kube-dns pod Ready, so the
  // kube-dns Service has no endpoint) is never said to keep answering (issue 16, real-clusters/01).
  if (reply.findings.some((f) => f.check === 'cluster-dns'))
    for (const m of matching(DNS_KEEPS_WORKING))
      out.push(
        `cluster DNS is down already (no Ready pod), yet the answer says it keeps working: "${m.sentence}"`,
      );
  // 3d. No kube-vip VIP move promised without quorum or with writes refused: its new holder is
  // written to the Lease plndr-cp-lock through the API server.
  if (quorumLost || writesRefused)
    for (const m of matching(KUBE_VIP_MOVES))
      out.push(
        `${quorumLost ? 'quorum is lost' : 'etcd refuses writes'} yet the answer promises the kube-vip VIP moves: "${m.sentence}"`,
      );
  // 3e. One model of the API endpoint: beside a VIP interruption, no sentence says the API's
  // clients keep working through the other API servers without saying which clients.
  const vipInterrupted = matching(VIP_INTERRUPTION);
  if (vipInterrupted.length > 0)
    for (const m of matching(CLIENTS_KEEP_WORKING))
      out.push(
        `the VIP's clients are interrupted, yet the answer says clients keep working: "${m.sentence}" beside "${vipInterrupted[0]?.sentence ?? ''}"`,
      );
  // 3f. Deleting a DaemonSet's kube-vip pod does not move the VIP away: the DaemonSet controller
  // recreates it on the node (DaemonSet pods tolerate node.kubernetes.io/unschedulable,
  // https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/#taints-and-tolerations).
  for (const a of reply.advice)
    if (/delete (?:its|the) kube-vip pod|kube-vip 파드를 삭제/.test(a))
      out.push(`advises deleting a kube-vip pod, which its DaemonSet recreates on the node: "${a}"`);
  // 3g. With a single etcd voting member, "one at a time" keeps no quorum: the member's own node
  // down is quorum lost however the nodes are ordered.
  const singleVoter = reply.findings.some(
    (f) => f.check === 'etcd-quorum-after' && Number(f.facts.voters) === 1,
  );
  if (singleVoter)
    for (const a of reply.advice)
      if (/control-plane nodes one at a time|컨트롤 플레인 노드는 하나씩/.test(a))
        out.push(`etcd has a single member, yet the advice says one at a time keeps quorum: "${a}"`);

  // 4. Commands: complete, and of a valid shape; versions full vX.Y.Z, at most one minor up.
  for (const cmd of suggestedCommands(text)) {
    if (/<[^>]*>|\{\{|\bNODE\b|\bundefined\b|\bnull\b|\bNaN\b/.test(cmd))
      out.push(`placeholder in a suggested command: "${cmd}"`);
    if (cmd.startsWith('kubectl')) {
      const err = kubectlShapeError(cmd);
      if (err) out.push(`kubectl command does not parse (${err}): "${cmd}"`);
    }
    if (cmd.startsWith('etcdctl')) {
      const err = etcdctlShapeError(cmd);
      if (err) out.push(`etcdctl command does not parse (${err}): "${cmd}"`);
    }
    if (cmd.startsWith('kubeadm')) {
      const err = kubeadmShapeError(cmd);
      if (err) out.push(`kubeadm command does not parse (${err}): "${cmd}"`);
    }
    for (const v of cmd.matchAll(/\bv(\d+(?:\.\d+)*)\b/g)) {
      const parts = (v[1] ?? '').split('.').map(Number);
      if (parts.length !== 3) out.push(`version not full vX.Y.Z: "${cmd}"`);
      else if (
        ctx.minor !== null &&
        cmd.includes('upgrade') &&
        !(parts[1] === ctx.minor || parts[1] === ctx.minor + 1)
      )
        out.push(`upgrade version not the same or the next minor (cluster at 1.${ctx.minor}): "${cmd}"`);
    }
  }

  // 7. No drain that moves pods is promised while the drain cannot move them (issue 16): with writes
  // blocked (an etcd NOSPACE alarm: "nothing can be changed") no eviction is accepted and no
  // replacement can be created; on a dead node no kubelet confirms the evictions.
  const fromFindings = drainCannotMove(reply.findings);
  const deadTargets = targets.filter((t) => ctx.downNodes.includes(t));
  const blocked =
    fromFindings ??
    (ctx.writesBlocked === true ? 'writes-blocked' : deadTargets.length > 0 ? 'node-dead' : null);
  // Several nodes, one of them dead: only sentences about the dead one's pods are wrong.
  const aboutDead = (sentence: string): boolean =>
    reply.multiNode === undefined || blocked !== 'node-dead' || deadTargets.some((d) => sentence.includes(d));
  if (blocked !== null && (reply.locale === 'en' || reply.locale === 'ko')) {
    const keys = (
      blocked === 'writes-blocked' ? [...DRAIN_MOVES_PODS, ...WRITES_MAKE_PODS] : DRAIN_MOVES_POD_ROOM
    ).filter(
      // A dead node with nothing to evict (the findings say nothing of its drain) is drained by
      // its cordon alone: advising that drain is right; sentences about moved pods are still wrong.
      (k) => !(fromFindings === null && blocked === 'node-dead' && k === 'whatIf.advice.drain-command'),
    );
    for (const m of matching(keys))
      if (aboutDead(m.sentence)) out.push(`${blocked}: the drain cannot move pods, yet "${m.sentence}"`);
  }

  // 8. No etcd leadership move is advised and the etcd leader never raises a verdict: on a clean
  // shutdown etcd hands leadership to another member itself (EtcdServer.Stop transfers it,
  // https://github.com/etcd-io/etcd/blob/main/server/etcdserver/server.go), so the advice is
  // needless, and a verdict raised by it is a tip raising a verdict.
  for (const a of reply.advice) if (/move-leader/.test(a)) out.push(`advises moving etcd leadership: "${a}"`);
  for (const f of reply.findings)
    if (f.check === 'etcd-leader' && (f.severity === 'warn' || f.severity === 'block'))
      out.push(`the etcd leader raises the verdict (${f.variant}, ${f.severity})`);

  // 9. An etcd leader election (or leadership move) only where the member going away is the
  // leader: the restart or reboot of a follower triggers none (etcd raft: only a leader's loss starts
  // an election; a clean stop of the leader transfers leadership, EtcdServer.Stop).
  if (!reply.findings.some((f) => f.check === 'etcd-leader' && f.variant === 'leader-here'))
    for (const m of matching(ETCD_ELECTION))
      out.push(`no etcd leader is on the node, yet the answer speaks of a leader election: "${m.sentence}"`);

  // 10. A failure is not a reboot: the what-if of a node going down never says "after the reboot".
  const downTitle =
    reply.locale === 'en' || reply.locale === 'ko'
      ? rawText(reply.locale, 'whatIf.title.node-down')
      : undefined;
  if (downTitle !== undefined && templatePattern(downTitle).test(reply.title))
    for (const s of sentences)
      if (/after the reboot starts|재부팅이 시작되면/.test(s))
        out.push(`a failure is described as a reboot: "${s}"`);

  // 11. No empty list left in prose: "DaemonSet pods on atlas-cp-1 (none)" is a sentence with a hole.
  for (const s of sentences)
    if (/\((?:none|없음)\)/.test(s)) out.push(`an empty list left in a sentence: "${s}"`);

  // 12. Korean particles after a Latin name or a number agree with how it is read (은/는, 이/가,
  // 을/를, 과/와, 으로/로).
  if (reply.locale === 'ko') for (const v of particleViolations(text)) out.push(v);

  // 13. Unseen is never healthy (issue 16, "verdicts and claims made on data the bot did not
  // see"). What the answer says it did not see: its not-observed finding, the target's pods
  // (target-pods), the control plane's health for a worker (control-plane-healthy-for-worker
  // `unseen`), the what-if's control plane (control-plane-serving `unseen`).
  const notObserved = new Set(
    reply.findings
      .filter((f) => f.check === 'not-observed')
      .flatMap((f) => (Array.isArray(f.facts.resources) ? (f.facts.resources as readonly string[]) : [])),
  );
  const podsUnseen = notObserved.has('pods') || reply.findings.some((f) => f.check === 'target-pods');
  const healthUnseen =
    notObserved.has('readyz') ||
    reply.findings.some(
      (f) =>
        (f.check === 'control-plane-healthy-for-worker' || f.check === 'control-plane-serving') &&
        f.variant === 'unseen',
    );
  // 13a. SAFE never stands beside what could not be confirmed for a reboot, drain or upgrade: the
  // target's pods or the control plane's health (house rule: a wrong "safe" can take production down).
  // A drain alone only needs the API: with a control plane that does not serve, it fails and
  // disrupts nothing, so for a drain only unseen pods count.
  const rebootLike =
    reply.kind === 'reboot-impact' ||
    (reply.multiNode !== undefined && reply.multiNode.action !== 'node-down');
  const drainTitle = rawText(reply.locale === 'ko' ? 'ko' : 'en', 'whatIf.title.drain');
  const drainOnly =
    reply.multiNode?.action === 'drain' ||
    (drainTitle !== undefined && templatePattern(drainTitle).test(reply.title));
  if (rebootLike && reply.verdict === 'safe' && (podsUnseen || (healthUnseen && !drainOnly)))
    out.push(
      `SAFE although ${podsUnseen ? "the target's pods" : "the control plane's health"} ${podsUnseen && healthUnseen ? "and the control plane's health were" : 'was'} not seen`,
    );
  // 13b. A control plane whose health was not seen is not said healthy or serving (/readyz passing).
  if (healthUnseen) {
    for (const m of matching([
      'checks.control-plane-healthy-for-worker.healthy',
      'summary.safe-worker',
      'summary.safe-worker-nothing-moves',
      'whatIf.checks.control-plane-serving.serving',
      'whatIf.checks.control-plane-serving.serving-writes-blocked',
    ]))
      out.push(`the control plane's health was not seen, yet: "${m.sentence}"`);
    for (const s of sentences)
      if (/control plane is healthy|\/readyz passing|컨트롤 플레인이 정상|\/readyz 통과/.test(s))
        out.push(`the control plane's health was not seen, yet: "${s}"`);
  }
  // 13c. etcd status not seen: no sentence says its members are healthy without naming the source
  // (a Ready etcd pod is not a healthy member; the `-from-pods` texts say so).
  if (notObserved.has('etcd'))
    for (const m of matching([
      'checks.etcd-quorum-after.status-single',
      'checks.etcd-quorum-after.status-kept',
      'checks.etcd-quorum-after.status-no-spare',
    ]))
      out.push(`etcd status was not seen, yet the answer says its members are healthy: "${m.sentence}"`);
  // 13d. Quorum said unknown: no other sentence states quorum figures as the bot's own (the
  // OpenShift quorum guard's counts are its PodDisruptionBudget's recorded status, and say so).
  if (reply.findings.some((f) => f.check === 'etcd-quorum-after' && /(^|-)unknown/.test(f.variant)))
    for (const s of sentences)
      if (
        /allows \d+ master disruptions? now \(/.test(s) ||
        /지금 (?:마스터|컨트롤 플레인 노드) \d+대까지 중단 가능/.test(s)
      )
        out.push(`etcd quorum is unknown, yet a sentence states quorum figures as fact: "${s}"`);
  // 13e. "its pods can move elsewhere" only where the capacity check found room for them.
  if (!reply.findings.some((f) => f.check === 'capacity' && f.variant === 'fits'))
    for (const m of matching(['summary.safe-worker']))
      out.push(`"its pods can move elsewhere" without room found for them: "${m.sentence}"`);
  // 14. One model per plane: a plane headed "affected" is not also said to keep working untouched.
  for (const plane of reply.planes) {
    if (!plane.affected) continue;
    const untouched = rawText(reply.locale === 'ko' ? 'ko' : 'en', 'keeps.control-untouched');
    if (untouched !== undefined && plane.keepsWorking.some((k) => templatePattern(untouched).test(k)))
      out.push(`the ${plane.plane} plane is headed affected and said untouched: "${plane.heading}"`);
  }

  // 15. A failed etcd member is removed before its replacement is added (etcd FAQ, "Should I add a
  // member before removing an unhealthy member?", https://etcd.io/docs/v3.5/faq/): a 4th voter added
  // to 3 with one down raises the quorum to 3. Adding first is safe only as a learner, then promoted.
  for (const s of sentences)
    if (
      !/learner/.test(s) &&
      /add (?:a |an )?(?:healthy |new )?member,? then remove|멤버를 추가한 뒤 (?:죽은 )?멤버를 제거/.test(s)
    )
      out.push(`advises adding an etcd member before removing the dead one: "${s}"`);

  // 16. etcdctl on kubeadm needs the cluster's endpoints and certificates (kubeadm docs, "Snapshot
  // using etcdctl options", https://kubernetes.io/docs/tasks/administer-cluster/configure-upgrade-etcd/#snapshot-using-etcdctl-options):
  // every sentence that suggests an etcdctl command (a health check, a snapshot, promoting or
  // removing a learner, disarming an alarm, the wait of a rolling plan) gives them or says etcdctl is
  // set up for the cluster.
  for (const a of sentences)
    if (/etcdctl [a-z]/.test(a) && !/set up for the cluster|클러스터용 etcdctl이 설정된|--cacert/.test(a))
      out.push(`etcdctl advised without the cluster's endpoints and certificates: "${a}"`);

  // 17. kubeadm commands only on kubeadm clusters (issue 16): OpenShift upgrades through the cluster
  // version operator (oc adm upgrade; OpenShift docs "Updating a cluster using the CLI"), k3s and
  // RKE2 through their installers (https://docs.k3s.io/upgrades/manual,
  // https://docs.rke2.io/upgrades/manual_upgrade), a managed cluster through its provider.
  if (reply.context.profile !== undefined && reply.context.profile !== 'kubeadm')
    for (const cmd of suggestedCommands(text))
      if (cmd.startsWith('kubeadm'))
        out.push(`a kubeadm command on a ${reply.context.profile} cluster: "${cmd}"`);
  // 18. kubeadm's upgrade order ("Upgrading kubeadm clusters",
  // https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/kubeadm-upgrade/): every step that
  // runs kubeadm upgrade apply or node first upgrades the kubeadm package, and restarts the kubelet
  // after its package is upgraded.
  for (const s of sentences)
    if (/kubeadm upgrade (?:apply|node)\b|upgrade apply with/.test(s) && /drain|드레인/.test(s)) {
      if (!/upgrade the kubeadm package|kubeadm 패키지/.test(s))
        out.push(`a kubeadm upgrade step without upgrading the kubeadm package first: "${s}"`);
      if (!/restart kubelet|kubelet 재시작/.test(s))
        out.push(`a kubeadm upgrade step that does not restart the kubelet: "${s}"`);
    }

  // 19. No "restore the control-plane taint" on a node that has it (issue 16, real 01): the
  // workloads there tolerate it.
  if (
    reply.findings.some((f) => f.check === 'workloads-on-control-plane' && f.facts.tainted === true) &&
    /restor\w* the control-plane NoSchedule taint|NoSchedule taint 복원|taint를 (?:다시|복원)/.test(
      reply.advice.join('\n'),
    )
  )
    out.push('advises restoring the control-plane taint on a node that has it');
  // 20. A drain answer does not say "drain it first" (issue 16, real 01).
  const isDrain = reply.actions.some(
    (a) => a.id === 'refresh' && /"kind":"drain-impact"/.test(a.value ?? ''),
  );
  if (isDrain)
    for (const a of reply.advice)
      if (/^Drain \S+ first\b|^먼저 \S+ ?(?:을|를|\(을\)를) (?:드레인|drain)/.test(a))
        out.push(`a drain answer advises draining first: "${a}"`);
  // 21. A suggested drain proceeds: kubectl drain refuses pods with no controller without --force and
  // pods with emptyDir volumes without --delete-emptydir-data (kubectl drain reference,
  // https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/), and --force is said to
  // delete them for good.
  for (const cmd of suggestedCommands(text)) {
    if (!cmd.startsWith('kubectl drain')) continue;
    const node = cmd.split(/\s+/)[2];
    const on = (check: string): boolean =>
      reply.findings.some((f) => f.check === check && f.variant === 'present' && f.facts.node === node);
    if (on('unmanaged-pods') && !/--force\b/.test(cmd))
      out.push(`a drain of a node with pods that have no controller lacks --force: "${cmd}"`);
    // (The flag is kubectl's: rule 29 refuses --delete-local-data in a drain command, issue 28.)
    if (on('emptydir-pods') && !/--delete-(?:emptydir|local)-data\b/.test(cmd))
      out.push(`a drain of a node with emptyDir pods lacks --delete-emptydir-data: "${cmd}"`);
    if (/--force\b/.test(cmd) && !sentences.some((x) => x.includes(cmd) && /for good|영구히/.test(x)))
      out.push(`--force suggested without saying it deletes the pods for good: "${cmd}"`);
  }

  // 22. Korean sentences end with a full stop before the next begins (a rolling plan's step ran its
  // concern into "다음 단계 전에 …", issue 16); one term per kind (DaemonSet, never 데몬셋; taint,
  // never 테인트: issue 30 item 5, test/unit/korean-terms.test.ts); none left is said as none, not "0개만 남아".
  if (reply.locale === 'ko') {
    for (const m of text.matchAll(/(?:니다|세요)[ \t]+[^\s(][^\n]{0,30}/g))
      out.push(`a Korean sentence runs into the next without a full stop: "${m[0]}"`);
    for (const m of text.matchAll(/데몬셋|테인트/g))
      out.push(`a Korean term not the one the locales use (DaemonSet, taint): "${m[0]}"`);
    for (const m of text.matchAll(/(?<![\d.])0(?:개|대)만[^\n]{0,10}/g))
      out.push(`none left said as "0 only": "${m[0]}"`);
  }

  // 23. Wording (issue 16, reader4): "one of 1" in Korean ("1대 중 하나"); "막는 문제" with no object
  // ("드레인에 막는 문제": what it blocks takes 을/를); the ko footer's profile in English; a version
  // range with equal ends ("v1.33.1…v1.33.1"); pods said to be cordoned (the nodes are).
  if (reply.locale === 'ko') {
    for (const m of text.matchAll(/(?<![\d.])1대 중 하나/g)) out.push(`wrong plural: "${m[0]}"`);
    for (const m of text.matchAll(/(?<![을를] )막는 문제[^\n]{0,10}/g))
      out.push(`"막는 문제" without what it blocks (을/를): "${m[0]}"`);
    for (const m of text.matchAll(/SQLite or external datastore|\(embedded etcd\)/g))
      out.push(`English in a Korean answer: "${m[0]}"`);
    // 23b. One term and one counter per thing (issue 16, reader5 F24): "API 서버", not "API
    // server(apiserver)" (English glossed with English); "컨트롤러 매니저", not "컨트롤러매니저"; API
    // servers counted with one counter in one answer ("3대에서 2대로" beside "3개에서 2개로").
    for (const m of text.matchAll(/API server|컨트롤러매니저/g))
      out.push(`a Korean term not the one the locales use (API 서버, 컨트롤러 매니저): "${m[0]}"`);
    const counters = new Set(
      [...text.matchAll(/(?:API 서버|apiserver|API)(?: 처리)?(?: 용량)?(?:가|이|는)? \d+(대|개)/g)].map(
        (m) => m[1],
      ),
    );
    if (counters.size > 1) out.push('API servers counted with both 대 and 개 in one Korean answer');
  }
  for (const m of text.matchAll(/\b(v\d+\.\d+\.\d+)…\1(?![\w.])/g))
    out.push(`a version range with equal ends: "${m[0]}"`);
  for (const m of text.matchAll(/new pods on [^:\n]+: cordoned/g))
    out.push(`pods said to be cordoned (the nodes are): "${m[0]}"`);

  // 30. A drain answer speaks of no reboot it does not do (issue 16, reader5 F24: "Ask who cordoned
  // draco-wk-2 and why before the reboot" / "재부팅 전에" in a drain answer).
  if (isDrain)
    for (const s of sentences)
      if (/\b(?:before|after) the reboot\b|재부팅 ?(?:전에|후|뒤|직후)/.test(s))
        out.push(`a drain answer speaks of a reboot: "${s}"`);
  // 31. No advice refers back to a way that is not in the answer (issue 16, reader5 F3: "move the
  // kube-controller-manager Lease first the same way" in an upgrade answer without the scheduler
  // advice it pointed at): "the same way" needs the item right before it to give the way.
  for (const [i, a] of reply.advice.entries())
    if (/\bthe same way\b|같은 방법/.test(a) && !/\(.+\)/.test(reply.advice[i - 1] ?? ''))
      out.push(`advice says "the same way" with no way before it: "${a}"`);

  // 32. No etcd quorum where no target runs an etcd member (issue 16, reader5 F25: "can I reboot
  // all the workers" warned that the nodes "can still lose etcd quorum" together): an answer about
  // several nodes whose node-role findings all say they host no etcd member never speaks of
  // keeping or losing etcd quorum.
  if (reply.multiNode !== undefined) {
    const roles = reply.findings.filter((f) => f.check === 'node-role');
    const noMember =
      roles.length > 0 &&
      reply.multiNode.nodes.every((n) => roles.some((f) => f.facts.node === n)) &&
      roles.every((f) => f.facts.etcdMember === false);
    if (noMember)
      for (const s of sentences)
        if (/etcd quorum|keeps quorum\b|etcd 쿼럼|쿼럼과 모든/.test(s))
          out.push(`no target runs an etcd member, yet: "${s}"`);
  }

  // 33. No count of zero pods in prose (issue 16, reader5 F9/F18: "its 0 pods are evicted", "the
  // pods on norma-cp-1 (0)"): a node with nothing to evict has no such sentence, and a node whose
  // pods the snapshot does not list is unknown, not 0.
  for (const m of text.matchAll(/\b0 pods\b|pods on [^\s(]+ \(0\)|파드 0개|파드\(0개\)/g))
    out.push(`zero pods said as a count: "${m[0]}"`);

  // 34. A status that cannot take another failure does not also tolerate one more (issue 16,
  // reader5 F12: scenario 45, a learner joining: DEGRADED "cannot take (another) failure safely"
  // beside "etcd quorum holds ... tolerates 1 more failure").
  if (
    /cannot take \(another\) failure|장애를 안전하게 견디지 못합니다/.test(reply.summary) &&
    /tolerates [1-9]\d* more failure|추가 장애 [1-9]\d*(?:대|개) 허용/.test(text)
  )
    out.push(`the headline says no failure can be taken, yet etcd tolerates one more: "${reply.summary}"`);

  // 35. One model of kured's state (issue 16, reader5 F13: scenario 53 "kured is rebooting
  // pyxis-wk-1 now" beside "kured holds its reboot lock for pyxis-wk-1 and pyxis-wk-3: they are
  // still Ready, schedulable and not marked"): a node said to be rebooted by kured now is not also
  // said to be untouched yet.
  const rebooting = [
    ...text.matchAll(
      /kured is rebooting (\S+?) now|kured가 지금 (\S+?)(?:\(을\)를|을|를) 재부팅하고 있습니다/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? '');
  const held = sentences.filter((x) =>
    /still Ready, schedulable and not marked|아직 Ready이고 스케줄 가능하며 표시도 없지만/.test(x),
  );
  for (const n of rebooting)
    for (const x of held)
      if (new RegExp(`(?:^|[\\s,(])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s,:)에]|$)`).test(x))
        out.push(`kured is said to be rebooting ${n} now and ${n} to be untouched yet: "${x}"`);
  // 43. Pods the data's own DaemonSets count are not nothing (issue 16, reader5 F27: scenario 05
  // "can I reboot eridani-wk-1" SAFE, "none of its pods needs to move", while kube-proxy's status
  // counts a pod on every node and the file lists none on eridani-wk-1). A reboot, drain, upgrade
  // or what-if of a node the data lists no pod on, while its DaemonSets' status counts pods it does
  // not list (`ctx.podsUnlistedNodes`, read from the file, not from the answer), is never SAFE,
  // and unless UNSAFE for another reason, says that node's pods were not seen (a `target-pods`
  // finding about it).
  // DaemonSetStatus: https://kubernetes.io/docs/reference/kubernetes-api/workload-resources/daemon-set-v1/#DaemonSetStatus
  const unlisted = new Set(ctx.podsUnlistedNodes ?? []);
  const asked =
    reply.multiNode !== undefined
      ? (ctx.targets ?? reply.multiNode.nodes ?? [])
      : ctx.target !== null &&
          (ctx.request === 'reboot' ||
            ctx.request === 'drain' ||
            ctx.request === 'upgrade' ||
            ctx.request === 'what-if')
        ? [ctx.target]
        : [];
  for (const n of asked.filter((x) => unlisted.has(x))) {
    if (reply.verdict === 'safe')
      out.push(`SAFE for ${n}, whose pods the data's DaemonSets count but the data does not list`);
    // An UNSAFE answer names what blocks it (scenario 44's rolling plan leaves both workers out for
    // the etcd NOSPACE alarm); any other answer says the node's pods were not seen.
    if (
      reply.verdict !== 'unsafe' &&
      !reply.findings.some((f) => f.check === 'target-pods' && f.facts.node === n)
    )
      out.push(
        `${n}'s pods are counted by the data's DaemonSets but not listed, and the answer does not say they were not seen`,
      );
  }

  // 44. A drain that cannot complete is not "possible" (issue 16, reader6 B9: scenario 49 "can I
  // drain vega-wk-2" CAUTION beside "the drain waits for ever"; scenario 09's drain held for ever by
  // a PodDisruptionBudget is UNSAFE). kubectl drain waits until every evicted pod is gone, for ever
  // by default ("--timeout=0s: ... zero means infinite"), and "You should not operate on the machine
  // until the command completes" (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
  // An answer that says a drain of a NotReady node cannot complete is UNSAFE.
  for (const m of matching(['checks.dead-node-drain.not-ready']))
    if (reply.verdict !== 'unsafe')
      out.push(`a drain that cannot complete is said, yet the verdict is ${reply.verdict}: "${m.sentence}"`);
  // 45. A NotReady node is not said to keep running (issue 16, reader6 B15 / reader5 F10: scenario
  // 49 "drain vega-wk-2", real 01 "drain kind-worker and kind-worker2"): its kubelet does not report
  // (Ready False or Unknown: "the node controller has not heard from the node",
  // https://kubernetes.io/docs/reference/node/node-status/#condition), so nothing says the node or
  // the pods the drain leaves there keep running.
  for (const n of ctx.downNodes) {
    const name = new RegExp(`(?:^|[\\s,(])${n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s,:)의에]|$)`);
    for (const m of matching([
      'whatIf.keeps.drain-daemonsets',
      'multiNode.keeps.drained-nodes',
      'multiNode.keeps.drained-nodes_one',
      'checks.daemonset-pods.present-drain',
      'checks.daemonset-pods.daemonsets-only-drain',
      'checks.daemonset-pods.static-only-drain',
    ]))
      if (name.test(m.sentence))
        out.push(`${n} is NotReady, yet it is said to keep running: "${m.sentence}"`);
  }

  // 29. Every suggested command is valid for the cluster's version and size (issue 16, reader5).
  out.push(...versionedCommandViolations(text, ctx));

  // 5. Plurals.
  if (reply.locale === 'en') {
    // 5c. A count of 1 never takes a plural noun: "1 pods", "1 more failures", "1 voting members".
    for (const m of text.matchAll(ONE_PLURAL)) out.push(`wrong plural: "${m[0]}"`);
    // 5d. A list of one pod is not "them": templates that name their pods' list and then refer to
    // it with a plural pronoun or verb need their `_one` form when the list has one item.
    for (const s of sentences)
      for (const { key, pattern } of PODS_LIST_PLURAL) {
        const list = pattern.exec(s)?.[1];
        if (list !== undefined && !/,| and /.test(list))
          out.push(`one pod (${list}) referred to in the plural (${key}): "${s}"`);
      }
    // 5b. The verb and the phrase agree with the count: "1 of its pods is", not "are".
    for (const m of text.matchAll(
      /\b1 of (?:its |the |these )?(?:\d+ )?(?:[\w-]+ ){0,2}?(?:pods|members|replicas|nodes|API servers)\s+(?:are|stay|fit|have|were|run|keep)\b/g,
    ))
      out.push(`count disagreement: "${m[0]}"`);
    for (const m of text.matchAll(/\ball 1\b[^.;:]*/g)) out.push(`count disagreement: "${m[0]}"`);
    // Two are "both": "All 2 replicas of coredns" (real clusters 01, 09, 13).
    for (const m of text.matchAll(/\ball 2 replicas\b/gi)) out.push(`"all 2" for both: "${m[0]}"`);
    for (const m of text.matchAll(/\b\w+\(s\)/g)) out.push(`plural placeholder: "${m[0]}"`);
    for (const m of text.matchAll(/\bone of 1\b/g)) out.push(`wrong plural: "${m[0]}"`);
    // ("quorum = floor(n/2)+1 voting members" is a formula, not a count.)
    for (const m of text.matchAll(/(?<![+\w])(?:1|one|of 1) voting members\b/g))
      out.push(`wrong plural: "${m[0]}"`);
    for (const m of text.matchAll(
      /\b(?:1|one) (?:nodes|pods|members|replicas|failures|things|blocking problems|disruptions|API servers|control-plane nodes)\b/g,
    ))
      out.push(`wrong plural: "${m[0]}"`);
  }

  // 5e. Korean: one counted thing is not "each" (각각): "파드 1개: 각각 …".
  if (reply.locale === 'ko')
    for (const m of text.matchAll(/(?<![\d.])1(?:개|대|명)[^.\n]{0,6}각각/g))
      out.push(`wrong plural: "${m[0]}"`);

  // 5f. One model per plane (issue 16): an answer about several nodes together whose data plane is
  // headed affected says what stops there, as one node's answer does (its pods, its kubelet,
  // kube-proxy and CNI, or the drains that cannot run).
  // The same for the control plane when control-plane nodes go down with quorum (the joint etcd
  // or API server findings say one is among them; a drain takes none down).
  const cpGoesDown =
    reply.multiNode?.action !== 'drain' &&
    reply.findings.some(
      (f) =>
        (f.check === 'etcd-quorum-after' || f.check === 'apiserver-redundancy') &&
        f.variant.startsWith('joint-'),
    );
  if (reply.multiNode?.mode === 'together')
    for (const plane of reply.planes)
      if (
        plane.affected &&
        plane.stops.length === 0 &&
        (plane.plane === 'data' || (plane.plane === 'control' && cpGoesDown))
      )
        out.push(
          `the ${plane.plane} plane is headed affected but no Stops line says what stops: "${plane.heading}"`,
        );

  // 24. One model of what becomes of the node (issue 16): a node that fails (the what-if of a node
  // going down, nodes lost together) is not rebooted and nobody cordoned it; a managed node pool's
  // upgrade replaces the node by surge: a new node is added first, the old one cordoned, drained and
  // deleted (GKE "Surge upgrades",
  // https://cloud.google.com/kubernetes-engine/docs/concepts/node-pool-upgrade-strategies#surge;
  // AKS "Customize node surge upgrade",
  // https://learn.microsoft.com/en-us/azure/aks/upgrade-aks-cluster#customize-node-surge-upgrade;
  // EKS "Understand each phase of node updates",
  // https://docs.aws.amazon.com/eks/latest/userguide/managed-node-update-behavior.html). Neither
  // answer says the node reboots, restarts or is "back and uncordoned", and the managed upgrade
  // does not advise adding a node first (the pool does).
  const nodeLost =
    reply.multiNode?.action === 'node-down' ||
    (downTitle !== undefined && templatePattern(downTitle).test(reply.title));
  const nodeReplaced = reply.findings.some((f) => f.check === 'upgrade-order' && f.variant === 'provider');
  if (nodeLost || nodeReplaced) {
    const fate = nodeLost ? 'a failed node' : 'a node its managed pool replaces';
    for (const s of sentences)
      if (
        /after the reboot|back(?: up)? and uncordoned|for the whole reboot|during the reboot|재부팅 (?:후|뒤|내내|동안)|돌아와 uncordon|복귀와 uncordon/.test(
          s,
        )
      )
        out.push(`${fate} is said to be rebooted or uncordoned: "${s}"`);
    if (nodeReplaced)
      for (const s of sentences)
        if (/upgraded and restarted|[Aa]dd a node first|재시작하는|먼저 노드를 추가/.test(s))
          out.push(`${fate} is said to be restarted, or a node to be added by hand: "${s}"`);
  }

  // 25. A StatefulSet pod on a lost node is not recreated elsewhere: it stays Terminating until the
  // node is back, it is force-deleted or the node gets the out-of-service taint
  // (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/,
  // https://kubernetes.io/docs/concepts/cluster-administration/node-shutdown/#non-graceful-node-shutdown).
  // In the answer about nodes lost, no StatefulSet's finding is one that says its pods there are
  // rescheduled (issue 16: a joint loss said "recreated on other nodes").
  if (nodeLost)
    for (const f of reply.findings)
      if (
        f.check === 'single-replica' &&
        (f.subject?.kind === 'StatefulSet' || f.facts.kind === 'StatefulSet') &&
        /^(?:joint-)?(?:single|all-here|none-ready-elsewhere|spread)$/.test(f.variant)
      )
        out.push(
          `a StatefulSet's pods on a lost node are said to be rescheduled elsewhere (${f.variant}): ${String(f.facts.workload)}`,
        );

  // 26. One count of what keeps serving per workload (issue 16, scenario 41 joint drain: "keeps
  // serving from its other Ready replicas (2)" beside "keeps 1 Ready replica on other nodes"): every
  // finding that says how many of a workload's pods keep serving says the same number.
  const servingCounts = new Map<string, Set<number>>();
  for (const f of reply.findings) {
    const n =
      (f.check === 'single-replica' && f.variant.startsWith('joint-held-by-budget')) ||
      (f.check === 'pinned-volumes' && f.variant === 'held-by-budget')
        ? f.facts.kept
        : (f.check === 'single-replica' && /^joint-(?:pinned-|statefulset-)?spread$/.test(f.variant)) ||
            (f.check === 'pinned-volumes' && f.variant === 'others-serve')
          ? f.facts.readyElsewhere
          : undefined;
    if (typeof n !== 'number') continue;
    const w = String(f.facts.workload ?? '').replace(/^[A-Za-z]+\//, '');
    servingCounts.set(w, new Set([...(servingCounts.get(w) ?? []), n]));
  }
  if (reply.multiNode !== undefined)
    for (const [w, counts] of servingCounts)
      if (counts.size > 1)
        out.push(`${w} is said to keep different numbers of pods serving: ${[...counts].join(' and ')}`);
  // 27. One drain model (issue 16, scenario 13 "others wait (429)" beside "downtime until
  // rescheduled"): nodes drained (or drained first) under a PodDisruptionBudget that allows fewer
  // evictions than its pods there are not emptied of that workload at once, so the workload is not
  // said down beside that budget (https://kubernetes.io/docs/concepts/workloads/pods/disruptions/).
  if (reply.multiNode !== undefined && reply.multiNode.action !== 'node-down') {
    // Pods that fit on no remaining node are held back too: the ones the budget lets go stay
    // Pending, so it never recovers and the rest are never evicted (the eviction model).
    const heldPods = reply.findings
      .filter((f) => f.check === 'pdb-blocks' && /^joint-exceeds(?:-stuck)?$/.test(f.variant))
      .flatMap((f) => (Array.isArray(f.facts.pods) ? (f.facts.pods as string[]) : []));
    for (const f of reply.findings)
      if (
        f.check === 'single-replica' &&
        /^joint-(?:single|all-here|dns-single|dns-all-here)/.test(f.variant) &&
        heldPods.some((p) => p.startsWith(`${String(f.facts.workload)}-`))
      )
        out.push(
          `${String(f.facts.workload)} is said down (${f.variant}) although its budget lets the drains evict only some of its pods at a time`,
        );
  }

  // 41. One eviction model (issue 16, reader5 F5, F6): the Eviction API refuses an eviction a
  // PodDisruptionBudget does not allow (HTTP 429) and `kubectl drain` retries it until allowed, so
  // the pod keeps running on the node ("API-initiated Eviction",
  // https://kubernetes.io/docs/concepts/scheduling-eviction/api-eviction/; "Safely Drain a Node",
  // https://kubernetes.io/docs/tasks/administer-cluster/safely-drain-node/). Beside a budget of the
  // target that allows no eviction now (pdb-blocks or operator-budgets at block), (a) no workload
  // with a pod held by it is said rescheduled, down until rescheduled, or "serving while its
  // budgets allow the drain"; (b) when it holds every pod the drain would evict, no sentence says
  // a pod is evicted and recreated elsewhere or has room there.
  if (
    reply.multiNode === undefined &&
    blocked === null &&
    !reply.findings.some((f) => f.facts.fate === 'lost')
  ) {
    const held = reply.findings
      .filter((f) => f.severity === 'block' && (f.check === 'pdb-blocks' || f.check === 'operator-budgets'))
      .flatMap((f) =>
        Array.isArray(f.facts.pods)
          ? (f.facts.pods as string[])
          : typeof f.facts.pod === 'string'
            ? [f.facts.pod.replace(/^[^/]*\//, '')]
            : [],
      );
    const MOVES_OR_DOWN =
      /^(?:spread|single|all-here|none-ready-elsewhere|dns-single|dns-all-here|dns-none-ready-elsewhere|operator-daemon|single-pinned|all-here-pinned|spread-pinned)(?:-two)?$/;
    for (const f of reply.findings)
      if (
        f.check === 'single-replica' &&
        MOVES_OR_DOWN.test(f.variant) &&
        held.some((p) => p.startsWith(`${String(f.facts.workload)}-`))
      )
        out.push(
          `${String(f.facts.workload)} is said to move or go down (${f.variant}) although a budget refuses the eviction of its pod there`,
        );
    const grace = reply.findings.find((f) => f.check === 'grace-period');
    const evictable = typeof grace?.facts.evictable === 'number' ? grace.facts.evictable : null;
    if (evictable !== null && held.length > 0 && new Set(held).size >= evictable)
      for (const m of matching([
        'stops.pods-evicted',
        'stops.pods-evicted_one',
        'whatIf.stops.drain-evicts',
        'whatIf.stops.drain-evicts_one',
        'checks.capacity.fits',
        'checks.capacity.fits_one',
        'checks.single-replica.spread',
        'checks.single-replica.spread_one',
      ]))
        out.push(`every pod the drain would evict is held by a budget, yet "${m.sentence}"`);
  }
  // 41b. The same for nodes drained together (or drained first): a budget that allows no eviction
  // at all (not one that lets some go, rule 27) keeps every pod it selects on its node, so its
  // workload is not said down until rescheduled, and its pods are not said to fit on no node.
  if (reply.multiNode !== undefined && reply.multiNode.action !== 'node-down' && blocked === null) {
    const held = reply.findings
      .filter(
        (f) =>
          f.severity === 'block' &&
          (f.check === 'pdb-blocks' || f.check === 'operator-budgets') &&
          !/exceeds|overlapping/.test(f.variant),
      )
      .flatMap((f) => (Array.isArray(f.facts.pods) ? (f.facts.pods as string[]) : []));
    for (const f of reply.findings) {
      if (
        f.check === 'single-replica' &&
        /^joint-(?:single|all-here|dns-single|dns-all-here|none-ready-elsewhere)/.test(f.variant) &&
        held.some((p) => p.startsWith(`${String(f.facts.workload)}-`))
      )
        out.push(
          `${String(f.facts.workload)} is said down (${f.variant}) although a budget refuses every eviction of its pods there`,
        );
      if (f.check === 'capacity' && Array.isArray(f.facts.unplaced))
        for (const p of f.facts.unplaced as string[])
          if (held.includes(p.replace(/^[^/]*\//, '')))
            out.push(`${p} is said to fit on no remaining node although a budget refuses its eviction`);
    }
  }
  // 41c. Drained together, pinned pods of several workloads under one budget that lets only some go
  // (Rook's rook-ceph-mon-pdb over mons a and b): which are evicted is not known beforehand, the
  // rest are refused (HTTP 429), so no such workload is said down for sure.
  if (reply.multiNode?.action === 'drain' && blocked === null) {
    const shared = reply.findings
      .filter((f) => f.check === 'pdb-blocks' && f.variant === 'joint-exceeds-stuck')
      .map((f) => (Array.isArray(f.facts.pods) ? (f.facts.pods as string[]) : []));
    const pinnedDown = reply.findings.filter(
      (f) => f.check === 'single-replica' && f.variant === 'joint-pinned-down',
    );
    for (const f of pinnedDown) {
      const mine = (p: string): boolean => p.startsWith(`${String(f.facts.workload)}-`);
      if (shared.some((pods) => pods.some(mine) && pods.some((p) => !mine(p))))
        out.push(
          `${String(f.facts.workload)} is said down (joint-pinned-down) although its budget, shared with other workloads, may refuse its eviction`,
        );
    }
  }
  // 42. One count of the drain's pods (issue 16, reader5 F15: "The drain evicts 3 pods" beside
  // "room for the evicted pod"): the number of pods said evicted is the number said to move, unless
  // the same sentence says what becomes of the others.
  if (reply.locale === 'en') {
    const evicts = /The drain evicts (\d+) pods?;/.exec(text);
    const word = (w: string | undefined): number => (w === undefined ? 1 : Number(w));
    const moved =
      /have room for the (?:(\d+) )?(?:evicted )?pods?\b/.exec(text) ??
      /(?:^|\n)\s*•?\s*(\d+) pods on \S+ are evicted by the drain and recreated/.exec(text);
    if (evicts && moved && Number(evicts[1]) !== word(moved[1]))
      out.push(
        `the drain is said to evict ${evicts[1]} pods but ${word(moved[1])} to move, with nothing said of the rest`,
      );
  }

  // 28. Say what was seen (issue 16, scenario 13: a drain of an AKS node said the managed control
  // plane's "state cannot be seen" although its /readyz was in the snapshot): with /readyz read, no
  // sentence says the control plane's state cannot be seen at all.
  if (ctx.readyzSeen === true)
    for (const m of matching(['whatIf.checks.control-plane-serving.managed']))
      out.push(
        `/readyz was seen, yet the answer says the control plane's state cannot be seen: "${m.sentence}"`,
      );

  // 36. A lost node that takes the control plane's recovery with it (issue 16, reader5 F14/F22):
  // marking a node NotReady, tainting it, taking its pods out of the EndpointSlices and evicting
  // them are done by the node lifecycle controller in kube-controller-manager, through the API
  // server, and are writes to etcd (https://kubernetes.io/docs/concepts/architecture/nodes/#node-controller,
  // https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/#taint-based-evictions).
  // When the failed nodes hold the only kube-controller-manager, the only API server or the etcd
  // quorum, or etcd refuses writes (an alarm, https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota),
  // none of it happens: no sentence may promise the NotReady timeline, the endpoint removal or a
  // replacement elsewhere.
  const noRecovery =
    nodeLost &&
    (ctx.writesBlocked === true ||
      reply.findings.some(
        (f) =>
          (f.check === 'control-plane-count' && f.severity === 'block') ||
          (f.check === 'apiserver-redundancy' && f.severity === 'block') ||
          (f.check === 'etcd-quorum-after' && /^(?:joint-)?lost/.test(f.variant)) ||
          (f.check === 'etcd-alarms' && f.severity === 'block') ||
          (f.check === 'control-plane-healthy-for-worker' && f.variant === 'down') ||
          (f.check === 'leader-controller-manager' && f.variant === 'no-standby'),
      ));
  if (noRecovery)
    for (const m of matching(LOSS_RECOVERS))
      out.push(
        `a lost node takes the control plane's recovery with it, yet the answer says: "${m.sentence}"`,
      );
  // 37. A failure is not planned work (reader5 F2): no clean shutdown (etcd hands leadership over
  // only in EtcdServer.Stop; a failed leader is replaced after the election timeout,
  // https://etcd.io/docs/v3.5/tuning/), nothing done "before the reboot", and a failed node does not
  // come back by itself.
  if (nodeLost)
    for (const s of sentences)
      if (
        /clean shutdown|before the reboot|rebooted node|a (?:plain )?reboot without a drain|a plain reboot|정상 종료 시|재부팅 전에|재부팅한 노드|드레인 없이 재부팅|그냥 재부팅/.test(
          s,
        )
      )
        out.push(`a failure is told as planned work: "${s}"`);
  // 38. Every node of the cluster lost (reader5 F19, F23): there is no other node, so no pod is
  // rescheduled elsewhere, nothing "keeps running" on other nodes, and not "part" of the cluster is
  // affected: every workload is down.
  const lostNodes = new Set([...targets, ...ctx.downNodes]);
  const everyNode = nodeLost && ctx.nodes !== undefined && ctx.nodes.every((n) => lostNodes.has(n));
  if (everyNode) {
    for (const m of matching([...LOSS_RECOVERS, ...OTHER_NODES_KEEP]))
      out.push(`every node of the cluster is lost, yet the answer says: "${m.sentence}"`);
  }
  // 39. "The other nodes and their pods" keep working only if no other node is down (reader5 F10:
  // scenario 49 said so beside a node whose kubelet stopped 12 minutes ago).
  if (ctx.downNodes.some((n) => !targets.includes(n)))
    for (const s of sentences)
      if (s === tr.t('whatIf.keeps.other-nodes'))
        out.push(`another node is down, yet the answer says every other node keeps working: "${s}"`);
  // 40. A failure's verdict comes from its effects (reader5 F29): the checks of planned work (a
  // reboot of your own racing with kured's reboot of the same node, no member taken down during an
  // etcd membership change) are context in a failure answer, never a warning or a block. (Other
  // nodes already down, or held by kured's lock for their own reboot, do add to a failure: they
  // are not in this rule.)
  if (nodeLost)
    for (const f of reply.findings)
      if (
        ((f.check === 'concurrent-disruption' && /^kured-(?:rebooting|pending)-here$/.test(f.variant)) ||
          (f.check === 'etcd-learner' && f.variant === 'learner-reboot')) &&
        f.severity !== 'info' &&
        f.severity !== 'ok'
      )
        out.push(`a planned-work check raises a failure's verdict (${f.check} ${f.variant}, ${f.severity})`);

  // 46. Every node of the cluster drained or rebooted together (issue 16, reader6 B4: real 09, the
  // two and only nodes of an EKS cluster, "rescheduled on another node"): there is no other node,
  // so no pod is rescheduled or recreated on one, and the answer says every workload is down (the
  // what-if's every-node line, rule 38). kubectl drain cordons the node first, and a cordoned node
  // takes no new pod (https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/).
  const groupAction = reply.multiNode?.action;
  const everyTarget =
    reply.multiNode?.mode === 'together' &&
    (groupAction === 'drain' || groupAction === 'reboot') &&
    ctx.nodes !== undefined &&
    ctx.nodes.length > 0 &&
    ctx.nodes.every((n) => (reply.multiNode?.nodes ?? ctx.targets ?? []).includes(n));
  if (everyTarget) {
    for (const x of sentences)
      if (
        /(?:rescheduled|recreated|started again|started)(?: and Ready)? (?:on another node|on other nodes|elsewhere)|다른 노드에서 (?:다시 스케줄|다시 생성|다시 시작)/.test(
          x,
        )
      )
        out.push(`every node of the cluster is drained or rebooted, yet a pod moves to another node: "${x}"`);
    if (
      matching(['multiNode.stops.every-workload-down-drain', 'multiNode.stops.every-workload-down-reboot'])
        .length === 0
    )
      out.push(
        'every node of the cluster is drained or rebooted, and the answer does not say every workload is down',
      );
  }
  // 47. A failure is no drain and no planned work (issue 16, reader6 B17, B18: scenario 14 "what if
  // orion-cp-1 and orion-cp-2 fail" said coredns "is evicted by the drain"; scenario 49 "what if
  // vega-wk-1 and vega-wk-3 fail" advised "take fewer nodes at once"). Failed nodes are not taken.
  if (nodeLost)
    for (const x of sentences)
      if (
        /evicted by the drain|fewer nodes at once|take their nodes one at a time|드레인으로 축출|한 번에 내리는 노드 수|그 노드들을 하나씩 진행/.test(
          x,
        )
      )
        out.push(`a failure is told as a drain or planned work: "${x}"`);
  // 48. One timeline per workload (issue 16, reader6 B17, B18): a workload whose pods fit on no
  // other node (fact `nowhere`) is not "down until rescheduled", and the cluster DNS is not down
  // "until they are back" beside a Stops line "until rescheduled and started elsewhere".
  const movingDown = matching(['multiNode.stops.workloads-down', 'stops.single-down']).map((m) => m.sentence);
  for (const f of reply.findings) {
    if (f.check !== 'single-replica') continue;
    const w = String(f.facts.workload ?? '');
    const listed = movingDown.some((x) =>
      new RegExp(`(?:^|[\\s,])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?=[\\s,:])`).test(x),
    );
    if (!listed) continue;
    if (f.facts.nowhere === 'no-room' || f.facts.nowhere === 'every-node')
      out.push(`${w} fits on no other node (${String(f.facts.nowhere)}), yet it is down "until rescheduled"`);
    if (
      /^joint-dns-(?:single|all-here)$/.test(f.variant) &&
      f.facts.recovers !== true &&
      f.facts.nowhere === undefined
    )
      out.push(`${w}: DNS down "until they are back" beside "until rescheduled and started elsewhere"`);
  }

  // 49. A workload left with no replica by a failure and no way back by itself is a serious effect
  // (issue 16, reader6 B3: scenario 49 "what if vega-wk-1 fails", postgres 0 of 2, CAUTION "part of
  // the cluster"). A StatefulSet pod on a lost node stays Terminating until the node is back, it is
  // force-deleted or the node is tainted out of service
  // (https://kubernetes.io/docs/tasks/run-application/force-delete-stateful-set-pod/): such a
  // StatefulSet with no Ready replica left blocks, and the answer is UNSAFE.
  if (nodeLost)
    for (const f of reply.findings)
      if (
        f.check === 'single-replica' &&
        /^(?:(?:single|all-here|none-ready-elsewhere)-statefulset-lost|joint-statefulset-down)$/.test(
          f.variant,
        ) &&
        (f.severity !== 'block' || reply.verdict !== 'unsafe')
      )
        out.push(
          `a StatefulSet left with no Ready replica by a failure is ${f.severity} and the verdict ${reply.verdict}: ${String(f.facts.workload)}`,
        );
  // 51. One eviction model per answer (issue 28, the new user's contradictions): "it is the only
  // node" only on a cluster of one node (not for pods that fit nowhere on a 5-node cluster), and in
  // an answer about several nodes the drain estimate's pods started again elsewhere and Pending for
  // lack of room are the capacity sentence's evicted pods and those of them that fit nowhere
  // ("the drain evicts 2 pods (4 started again on other nodes)" beside "none of the 4 evicted pods fits").
  if (
    reply.locale === 'en' &&
    ctx.nodeCount !== undefined &&
    ctx.nodeCount > 1 &&
    /\bis the only node\b/.test(text)
  )
    out.push(`"is the only node" on a cluster of ${ctx.nodeCount} nodes`);
  if (reply.multiNode !== undefined) {
    const capacity = reply.findings.find(
      (f) =>
        f.check === 'capacity' && /^joint-(?:fits|some-pending|none-fit)(?:-drain-first)?$/.test(f.variant),
    );
    const estimate = reply.findings.find((f) => f.check === 'grace-period' && f.variant === 'estimate');
    if (capacity !== undefined && estimate !== undefined) {
      const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
      const moved = n(estimate.facts.recreated) + n(estimate.facts.stranded);
      if (
        moved !== n(capacity.facts.evictable) ||
        n(estimate.facts.stranded) !== n(capacity.facts.unplacedCount)
      )
        out.push(
          `the drain estimate (${n(estimate.facts.recreated)} started again, ${n(estimate.facts.stranded)} Pending) disagrees with the capacity sentence (${n(capacity.facts.evictable)} evicted, ${n(capacity.facts.unplacedCount)} fit nowhere)`,
        );
    }
  }
  // 6. Advice that cannot apply: restore the control-plane taint where every node is a control plane.
  if (ctx.allControlPlane) {
    const taint =
      reply.locale === 'en'
        ? /restor\w* the control-plane NoSchedule taint/i
        : /NoSchedule taint를 (?:다시|복원)/;
    if (taint.test(text))
      out.push('advises restoring the control-plane taint although every node is a control plane');
    // …nor an upgrade order that ends with workers the cluster does not have.
    if (/then the workers|그다음 워커/.test(text))
      out.push('an upgrade order names workers although every node is a control plane');
  }
  // 52 to 54: the issue 29 findings (./addon-invariants.ts).
  out.push(...addonViolations(reply, ctx, everyNode));
  out.push(...adviceCountViolations(reply, (ctx.targets ?? []).length === 0));
  // 56. The first screen's counts match its items (issue 30 item 4).
  out.push(...firstScreenCountViolations(reply));
  // 54. No answer moves a pod to a node the scheduling model refuses (issue 28 item 1).
  if (ctx.cluster) out.push(...placementViolations(reply.findings, ctx.cluster, gone));
  // 55. Every count agrees with the drain sequence; no "completes" beside a refused pod (issue 28 item 4).
  out.push(...drainSequenceViolations(reply.findings, reply.multiNode === undefined));
  // 57-62. One model per answer: its structure says each fact once (issue 30 item 4, Korean review 2026-12).
  out.push(...answerStructureViolations(reply));
  // 63. A member removed for good is no outage (etcd docs, "Runtime reconfiguration").
  out.push(...memberRemovalViolations(reply, text));
  // 64. Several nodes: the pods said to stay Pending are those of the joint capacity finding (issue 33 item 18).
  out.push(...strandedCountViolations(reply));
  void en;
  return out;
}

/** The sentences of a failed etcd member that waits to be restarted or brought back. */
const MEMBER_OUTAGE = [
  'whatIf.checks.component-down.etcd-member-node',
  'whatIf.checks.component-down.etcd-member-no-spare',
  'whatIf.stops.etcd-member-down',
  'whatIf.duration.until-restarted',
  'whatIf.advice.etcd-member-down',
];

/**
 * Rule 63: an answer about an etcd member removed for good (`etcdctl member remove`, check
 * `etcd-member-remove`) says none of a failure's sentences ("stays down until it is restarted",
 * "bring the member back"), and its quorum picture has one member fewer after than before (the
 * same members when etcd refuses the removal, `--strict-reconfig-check`), at most one leader on
 * each side, and a leader after whenever there was one before and a member is up to be elected.
 */
function memberRemovalViolations(reply: Reply, text: string): string[] {
  const removal = reply.findings.find((f) => f.check === 'etcd-member-remove');
  if (removal === undefined || (reply.locale !== 'en' && reply.locale !== 'ko')) return [];
  const locale = reply.locale;
  const out = MEMBER_OUTAGE.filter((key) => {
    const template = rawText(locale, key);
    return template !== undefined && templatePattern(template).test(text);
  }).map((key) => `a member removed for good is answered as an outage (${key})`);
  const lines = firstScreenLines(splitReply(reply).first, translator(reply.locale));
  const picture = lines.map((l) => /^etcd ([★●○?]+) → ([★●○?]+) /u.exec(l)).find((m) => m !== null);
  if (picture) {
    const [, before = '', after = ''] = picture;
    const count = (p: string, glyph: string): number => [...p].filter((g) => g === glyph).length;
    const refused = removal.variant.startsWith('refused');
    const want = refused ? [...before].length : [...before].length - 1;
    if ([...after].length !== want)
      out.push(`the removal picture ${before} → ${after} does not have ${want} member(s) after`);
    if (count(before, '★') > 1 || count(after, '★') > 1)
      out.push(`the removal picture ${before} → ${after} has more than one leader`);
    if (count(before, '★') === 1 && count(after, '★') === 0 && /[●]/u.test(after))
      out.push(`the removal picture ${before} → ${after} loses the leader`);
  }
  return out;
}

/** A file's nodes and pods, and its claims and volumes when it lists them (the volume filters). */
export interface InvariantCluster {
  nodes: readonly KNode[];
  pods: readonly KPod[];
  claims?: readonly KPersistentVolumeClaim[];
  volumes?: readonly KPersistentVolume[];
}

/** The volume filters' state from a file: its claims and volumes, the claims its running pods use. */
function fileVolumeState(cluster: InvariantCluster, movedAway: ReadonlySet<KPod>): VolumeState {
  const ns = (o: { metadata: { namespace?: string } }): string => o.metadata.namespace ?? 'default';
  const users = new Map<string, number>();
  for (const p of cluster.pods)
    if (
      p.spec?.nodeName &&
      !movedAway.has(p) &&
      p.status?.phase !== 'Succeeded' &&
      p.status?.phase !== 'Failed'
    )
      for (const c of podClaims(p)) users.set(`${ns(p)}/${c}`, (users.get(`${ns(p)}/${c}`) ?? 0) + 1);
  return {
    partial: true,
    claims: new Map((cluster.claims ?? []).map((c) => [`${ns(c)}/${c.metadata.name}`, c])),
    volumes: new Map((cluster.volumes ?? []).map((v) => [v.metadata.name, v])),
    claimUsers: (claim) => users.get(claim) ?? 0,
  };
}

/**
 * Rule 54: every replacement a capacity finding places (`movesTo`, and the drain sequence's
 * `drainMovesTo`, "ns/pod → node") runs on a
 * Ready node that is neither a target nor down, and that the scheduling model's filters
 * (src/analysis/scheduling/filter.ts) admit with the pods bound to it in the file plus every
 * replacement the same finding placed there before it, the volume filters on the file's claims
 * and volumes (a zonal or node-local volume's pod moved where its volume cannot follow is caught).
 * @param findings - a reply's findings
 * @param cluster - the file's nodes and pods
 * @param gone - the targets and the nodes that are down
 * @returns the violations
 */
export function placementViolations(
  findings: readonly Finding[],
  cluster: InvariantCluster,
  gone: readonly string[],
): string[] {
  const out: string[] = [];
  const key = (p: KPod): string => `${p.metadata.namespace ?? 'default'}/${p.metadata.name}`;
  const podsByKey = new Map(cluster.pods.map((p) => [key(p), p]));
  for (const f of findings) {
    if (f.check !== 'capacity') continue;
    // The placement of every pod at once (`movesTo`) and the drain's in sequence (`drainMovesTo`).
    for (const moves of [f.facts.movesTo, f.facts.drainMovesTo]) {
      if (!Array.isArray(moves)) continue;
      const added = new Map<string, KPod[]>();
      const moved = (moves as string[]).flatMap((m) => podsByKey.get(m.split(' → ')[0] ?? '') ?? []);
      const volumes = fileVolumeState(cluster, new Set(moved));
      for (const move of moves as string[]) {
        const [podKey = '', nodeName = ''] = move.split(' → ');
        const node = cluster.nodes.find((n) => n.metadata.name === nodeName);
        const pod = podsByKey.get(podKey);
        if (!node || !pod) {
          out.push(`moves ${podKey} to ${nodeName}, which the file does not hold`);
          continue;
        }
        if (
          gone.includes(nodeName) ||
          node.status?.conditions?.find((c) => c.type === 'Ready')?.status !== 'True'
        ) {
          out.push(`moves ${podKey} to ${nodeName}, a target or a node that is not Ready`);
          continue;
        }
        const bound = cluster.pods.filter(
          (p) =>
            p.spec?.nodeName === nodeName && p.status?.phase !== 'Succeeded' && p.status?.phase !== 'Failed',
        );
        const { nodeName: _was, ...spec } = pod.spec ?? {};
        const replacement: KPod = { ...pod, spec };
        const info = nodeInfoOf(node, [...bound, ...(added.get(nodeName) ?? [])]);
        const status = runFilters(replacement, info, undefined, undefined, volumes);
        if (status.code !== 'Success')
          out.push(
            `moves ${podKey} to ${nodeName}, which the scheduling model refuses: ${status.reasons.join(', ')}`,
          );
        added.set(nodeName, [...(added.get(nodeName) ?? []), replacement]);
      }
    }
  }
  return out;
}

/** The budget findings that refuse a pod's eviction for ever (the drain waits on it). */
const REFUSING_BUDGET =
  /^(?:no-disruptions|max-unavailable-zero|min-available-all|not-computed|more-than-allowed-stuck|joint-(?:no-disruptions|max-unavailable-zero|min-available-all|exceeds-stuck))$/;

/**
 * Rule 55 (issue 28 item 4): the counts of an answer agree with the drain in sequence
 * (src/analysis/drain-sequence.ts), whose outcome the `grace-period` finding carries
 * (`drainOutcome`):
 * - a drain that completes refuses no pod: no pod listed refused or stopping the drain, no budget
 *   finding that refuses evictions for ever, no workload said refused or stopped;
 * - a budget named as refusing a pod is not said to let the drain proceed (`allows`);
 * - the pods evicted are the pods asked less those refused or stopping the drain (one node's
 *   answer; a joint answer's refusals are counted per node), and every evicted pod has one fate;
 * - the capacity finding's drain counts are the estimate's: `drainEvictable` the pods started
 *   again plus those Pending, `drainUnplaced` those Pending, `drainMovesTo` one per pod started again.
 * @param findings - a reply's findings
 * @param oneNode - whether the answer is about one node
 * @returns the violations
 */
export function drainSequenceViolations(findings: readonly Finding[], oneNode = true): string[] {
  const out: string[] = [];
  const grace = findings.find((f) => f.check === 'grace-period' && typeof f.facts.drainOutcome === 'string');
  if (grace === undefined) return out;
  const n = (v: unknown): number => (typeof v === 'number' ? v : 0);
  const list = (v: unknown): string[] => (Array.isArray(v) ? (v as string[]) : []);
  const g = grace.facts;
  const refusedPods = [...list(g.refusedPods), ...list(g.refusedLaterPods), ...list(g.stoppedPods)];
  if (g.drainOutcome === 'completes') {
    const refusing = findings.filter(
      (f) =>
        (f.check === 'pdb-blocks' && REFUSING_BUDGET.test(f.variant)) ||
        (f.check === 'single-replica' && /^(?:refused|stopped|operator-daemon-refused)$/.test(f.variant)),
    );
    if (refusedPods.length > 0 || n(g.refused) > 0 || refusing.length > 0)
      out.push(
        `the drain sequence completes, yet ${[...refusedPods, ...refusing.map((f) => `${f.check} ${f.variant}`)].join(', ') || `${n(g.refused)} pods`} ${refusedPods.length + refusing.length === 1 ? 'is' : 'are'} refused`,
      );
  }
  const refusedBy = new Set(list(g.refusedBy));
  for (const f of findings)
    if (
      f.check === 'pdb-blocks' &&
      /allows$/.test(f.variant) &&
      refusedBy.has(`${String(f.facts.namespace)}/${String(f.facts.pdb)}`)
    )
      out.push(
        `${String(f.facts.namespace)}/${String(f.facts.pdb)} is said to let the drain proceed, yet the drain sequence waits on it`,
      );
  // Not drained (the only node, `only-node`): `count` is the pods that stop and start again, no drain runs.
  if (grace.variant !== 'only-node' && typeof g.count === 'number' && typeof g.evictable === 'number') {
    if (oneNode && g.count !== g.evictable - n(g.refused) - n(g.stopped))
      out.push(
        `the drain evicts ${g.count} pods, yet the sequence refuses ${n(g.refused)} and stops at ${n(g.stopped)} of ${g.evictable}`,
      );
    const fates = [
      'recreated',
      'replacementRefused',
      'pinned',
      'stranded',
      'bare',
      'unscheduled',
      'finished',
      'orphaned',
    ];
    const sum = fates.reduce((a, k) => a + n(g[k]), 0);
    if (typeof g.recreated === 'number' && sum !== g.count)
      out.push(`the drain evicts ${g.count} pods, yet their fates add up to ${sum}`);
  }
  const capacity = findings.find((f) => f.check === 'capacity' && typeof f.facts.drainEvictable === 'number');
  if (capacity !== undefined && typeof g.recreated === 'number') {
    const c = capacity.facts;
    if (
      n(c.drainEvictable) !== n(g.recreated) + n(g.stranded) ||
      list(c.drainUnplaced).length !== n(g.stranded) ||
      (Array.isArray(c.drainMovesTo) && c.drainMovesTo.length !== n(g.recreated))
    )
      out.push(
        `the capacity finding moves ${n(c.drainEvictable)} pods (${list(c.drainUnplaced).length} Pending, ${list(c.drainMovesTo).length} placed), yet the drain sequence starts ${n(g.recreated)} again and leaves ${n(g.stranded)} Pending`,
      );
  }
  return out;
}

/** "2 pods evicted from X fit on no remaining node" (en), "X에서 축출된 파드 2개는 남는 노드 어디에도" (ko). */
const STRANDED_STOP =
  /^(\d+|one) pods? evicted from .* fits? on no remaining node|축출된 파드 (\d+)개는 남는 노드 어디에도/;

/**
 * Rule 64 (issue 33 item 18): in an answer about several nodes, the one model of the drains (the
 * joint evictions placed on the remaining nodes) gives every count of evicted pods that stay
 * Pending: the "Stops" line's count is the joint capacity finding's `unplacedCount` (what its own
 * sentence says: "None of the 2 evicted pods fits"), never a part of it.
 * @param reply - the answer
 * @returns the violations
 */
export function strandedCountViolations(reply: Reply): string[] {
  const capacity = reply.findings.find(
    (f) =>
      f.check === 'capacity' && f.variant.startsWith('joint-') && typeof f.facts.unplacedCount === 'number',
  );
  if (reply.multiNode === undefined || capacity === undefined) return [];
  const out: string[] = [];
  for (const line of reply.planes.flatMap((p) => p.stops)) {
    const m = STRANDED_STOP.exec(line);
    if (m === null) continue;
    const v = m[1] ?? m[2] ?? '0';
    const said = v === 'one' ? 1 : Number(v);
    if (said !== capacity.facts.unplacedCount)
      out.push(
        `"${line}" counts ${said} pods Pending; the joint capacity finding (${capacity.variant}) counts ${String(capacity.facts.unplacedCount)}`,
      );
  }
  return out;
}

/**
 * The verdict line's count of blocking problems (en "2 blocking problems below", "2 serious effects
 * below"; ko "아래 2건의 차단 요인", "막는 문제가 2가지", "심각한 영향을 받습니다. 아래 2가지").
 */
const BLOCKING_COUNT =
  /(\d+|one) blocking problems? below|(\d+|one) serious effects? below|아래 (\d+)건의 차단 요인|막는 문제가 (\d+)가지|심각한 영향을 받습니다\. 아래 (\d+)가지/;
/**
 * A CAUTION summary's count of the things below (en and ko): a reboot's "2 things below need
 * attention first" / "아래 2건을 먼저", a what-if's "has 2 things below to check first" / "아래
 * 2가지를 먼저", "…: 2 things below." / "아래 2가지를 보세요".
 */
const CAUTION_COUNT =
  /(\d+|one) things? below needs? attention first|has (\d+|one) things? below to check first|: (\d+|one) things? below\.|아래 (\d+)건을 먼저|아래 (\d+)가지를 (?:먼저|보세요)/;

/**
 * Rule 56 (issue 30, item 4; issue 33 item 10): the first screen's counts match its items, and the
 * items a count introduces ("below") start on the first screen with it: an UNSAFE verdict line's
 * count of blocking problems is the number of ✖ reasons the first screen shows plus the blocking
 * reasons its "+N more" line leaves to Details; a CAUTION summary's count of the things below is
 * the number of ✖/⚠ reasons it shows plus those left to Details; either shows at least one of them
 * (a count whose every item is in Details points at nothing on the screen); "+N more steps" is the
 * number of steps the first screen does not show.
 * @param reply - the answer
 * @returns the violations
 */
export function firstScreenCountViolations(reply: Reply): string[] {
  const out: string[] = [];
  const { first } = splitReply(reply);
  const lines = firstScreenLines(first, translator(reply.locale));
  const count = (m: RegExpExecArray): number => {
    const v = m.slice(1).find((x) => x !== undefined) ?? '0';
    return v === 'one' ? 1 : Number(v);
  };
  const m = BLOCKING_COUNT.exec(reply.summary);
  if (m !== null && (first.reasons.length > 0 || first.more.reasons > 0)) {
    const said = count(m);
    const shown = lines.filter((l) => l.startsWith('✖ ')).length;
    if (said !== shown + first.more.blocking || (said > 0 && shown === 0))
      out.push(
        `the verdict line counts ${said} blocking problems below; the first screen shows ${shown} (${first.more.blocking} in Details): "${reply.summary}"`,
      );
  }
  const c =
    reply.kind === 'reboot-impact' &&
    reply.verdict === 'caution' &&
    (first.reasons.length > 0 || first.more.reasons > 0)
      ? CAUTION_COUNT.exec(reply.summary)
      : null;
  if (c !== null) {
    const shown = lines.filter((l) => l.startsWith('✖ ') || l.startsWith('⚠ ')).length;
    if (count(c) !== shown + first.more.reasons || (count(c) > 0 && shown === 0))
      out.push(
        `the summary counts ${count(c)} things below; the first screen shows ${shown} ✖/⚠ reasons (${first.more.reasons} in Details): "${reply.summary}"`,
      );
  }
  const steps = /\+(\d+) more steps?|할 일 (\d+)건/.exec(lines.join('\n'));
  const left = reply.advice.length - (first.step === null ? 0 : 1);
  if (steps !== null && count(steps) !== left)
    out.push(`the first screen leaves ${count(steps)} steps to Details over ${left}`);
  return out;
}

/** The mark of an optional step in "What to do first" (en, ko). */
const OPTIONAL_STEP = /^(?:Optional|선택):/;

/**
 * Rules 52 and 53 (issue 30): no fact said twice (the headline's count of "things below" is rule
 * 56's: the reasons of the first screen). No two "What to do first" items are identical, and in a one-node answer no two repeat
 * the same instruction in parentheses (five words or more; optional steps aside, as "(remove the dead member, then add a
 * new one)" twice over scenario 02; answers about several nodes advise per node and are not held to
 * this yet).
 * @param reply - the answer
 * @param oneNode - whether the answer is about one node
 * @returns the violations
 */
export function adviceCountViolations(reply: Reply, oneNode: boolean): string[] {
  const out: string[] = [];
  const seen = new Map<string, string>();
  for (const a of reply.advice) {
    const norm = a.replace(/\s+/g, ' ').trim();
    const asides =
      oneNode && !OPTIONAL_STEP.test(norm)
        ? [...norm.matchAll(/\(([^()]*)\)/g)].map((x) => x[1]!).filter((c) => c.split(/\s+/).length >= 5)
        : [];
    for (const c of new Set([norm, ...asides.map((x) => x.slice(x.lastIndexOf(':') + 1).trim())])) {
      const first = seen.get(c);
      if (first !== undefined) out.push(`two action items say "${c}": "${first}" and "${a}"`);
      else seen.set(c, a);
    }
  }
  return out;
}

/** The request forms that drain the node first and so read its node Lease the same way. */
const NODE_READING_FORMS = ['reboot', 'drain', 'upgrade'] as const;

/**
 * One reading of a node for every request form (issue 16, reader5 F30/F11: scenario 47's reboot
 * answer CAUTION for a stale node Lease, its drain answer SAFE without a word of it): the
 * `node-health` findings (NotReady, a stale Lease) of the same node are the same, with the same
 * severity, in its reboot, drain and upgrade answers. A kubelet that stopped renewing its Lease
 * cannot confirm evictions whichever request drains the node (Kubernetes docs, Node heartbeats,
 * https://kubernetes.io/docs/concepts/architecture/nodes/#node-heartbeats).
 * @param node - the node asked about
 * @param answers - its answers, by request form
 * @returns a violation per form whose reading differs from the reboot answer's (or the first one's)
 */
export function nodeReadingViolations(
  node: string,
  answers: Partial<Record<(typeof NODE_READING_FORMS)[number], Reply>>,
): string[] {
  // A drain of a NotReady node says so through its dead-node-drain finding ("vega-wk-2 is NotReady
  // (Ready=Unknown): …"): the same reading as node-health not-ready.
  const reading = (r: Reply): string =>
    [
      ...new Set(
        r.findings
          .filter(
            (f) => (f.check === 'node-health' || f.check === 'dead-node-drain') && f.facts.node === node,
          )
          .map((f) => (f.check === 'dead-node-drain' ? 'not-ready:warn' : `${f.variant}:${f.severity}`)),
      ),
    ]
      .sort()
      .join(', ') || '(none)';
  const forms = NODE_READING_FORMS.filter((f) => answers[f] !== undefined);
  const first = forms[0];
  if (first === undefined) return [];
  const want = reading(answers[first] as Reply);
  return forms
    .filter((f) => reading(answers[f] as Reply) !== want)
    .map(
      (f) =>
        `${node}: the ${f} answer reads the node as ${reading(answers[f] as Reply)}, the ${first} answer as ${want}`,
    );
}

/**
 * Variants of `control-plane-endpoint` by which a reboot answer says the node holds the kube-vip
 * control-plane VIP (its Lease kube-system/plndr-cp-lock).
 */
const KUBE_VIP_HELD = /^vip-(?:moves|none-left)/;

/**
 * Rule 50 (issue 16, reader6 B1, B2): the kube-apiserver restart on a node is never SAFE while the
 * same file's reboot answer for that node names a control-plane blocker the restart shares:
 * - the node holds the kube-vip VIP: every connection to the VIP reaches that node's own API server
 *   (https://kube-vip.io/docs/about/architecture/; kube-vip pkg/manager/manager.go), the one that
 *   restarts;
 * - an active etcd alarm (`etcd-alarms`, block): etcd accepts only reads and deletes
 *   (https://etcd.io/docs/v3.5/op-guide/maintenance/#space-quota), so the restarted API server
 *   cannot write (its identity Lease, https://kubernetes.io/docs/concepts/architecture/leases/).
 * @param node - the node asked about
 * @param restart - the answer to "restart kube-apiserver on node"
 * @param reboot - the answer to "can I reboot node", same file
 * @returns a violation when the restart is SAFE beside such a blocker
 */
export function restartReadingViolations(node: string, restart: Reply, reboot: Reply): string[] {
  if (restart.verdict !== 'safe') return [];
  const out: string[] = [];
  if (reboot.findings.some((f) => f.check === 'control-plane-endpoint' && KUBE_VIP_HELD.test(f.variant)))
    out.push(
      `${node}: the kube-apiserver restart is SAFE while the reboot answer says ${node} holds the kube-vip VIP`,
    );
  if (reboot.findings.some((f) => f.check === 'etcd-alarms' && f.severity === 'block'))
    out.push(
      `${node}: the kube-apiserver restart is SAFE while the reboot answer names an active etcd alarm`,
    );
  return out;
}

/**
 * Rule 29 of {@link answerViolations}: every suggested command is valid for the cluster's version
 * and size (issue 16, reader5 F4, F16, F16b, F17, F26), with the gates of
 * src/analysis/command-versions.ts, each from its source:
 * - `/readyz` only from v1.16 (API health endpoints,
 *   https://kubernetes.io/docs/reference/using-api/health-checks/; `/healthz` before);
 * - no drain command with `--delete-local-data`: the flag is kubectl's, not the cluster's, and kubectl
 *   v1.32 rejects it (renamed `--delete-emptydir-data` in v1.20, kubernetes/kubernetes#95076; issue 28);
 * - `kubeadm upgrade node` only with a kubeadm of v1.15 or later;
 * - no package command for a minor before v1.24: those packages were only in the legacy
 *   repositories, removed in March 2024 (https://kubernetes.io/blog/2023/08/31/legacy-package-repository-deprecation/);
 *   and a minor upgrade's kubeadm package step points the pkgs.k8s.io repository at the next minor
 *   and unholds the package ("Changing The Kubernetes Package Repository",
 *   https://kubernetes.io/docs/tasks/administer-cluster/kubeadm/change-package-repository/);
 * - a reboot of the cluster's only node advises no drain (`kubectl drain`, `drain --force`, the
 *   emptyDir flag): a drain moves nothing there and deletes what a plain reboot keeps;
 * - kube-proxy's rules are not checked with a per-mode command (iptables-save, ipvsadm, nft) of
 *   another mode, nor with one when the mode is unknown, unless the mode-independent health check
 *   (kube-proxy reference, `--healthz-bind-address` :10256) comes first.
 * @param text - the rendered answer
 * @param ctx - what is known of its cluster and request
 * @returns the violations
 */
export function versionedCommandViolations(text: string, ctx: InvariantContext): string[] {
  const out: string[] = [];
  const minor = ctx.minor;
  if (minor !== null && minor < 16)
    for (const m of text.matchAll(
      /kubectl get --raw \/readyz|passes \/readyz|until \/readyz passes|\/readyz passes on|\/readyz를 통과할|\/readyz를 통과하며|\/readyz가 통과할/g,
    ))
      out.push(`/readyz asked of a v1.${minor} API server (it has only /healthz before v1.16): "${m[0]}"`);
  // The emptyDir flag is kubectl's, whatever the cluster's version: a suggested drain carries
  // --delete-emptydir-data (kubectl v1.20 on); kubectl v1.32 rejects --delete-local-data ("unknown
  // flag"), so the old name is only said as the name an older kubectl knows (issue 28, group 6).
  for (const cmd of suggestedCommands(text))
    if (cmd.startsWith('kubectl drain') && /--delete-local-data\b/.test(cmd))
      out.push(`a drain command with --delete-local-data, which kubectl v1.32 rejects: "${cmd}"`);
  for (const cmd of suggestedCommands(text))
    if (/^kubeadm upgrade node\b/.test(cmd) && minor !== null && minor + 1 < 15)
      out.push(
        `kubeadm upgrade node suggested for an upgrade from v1.${minor} (from kubeadm v1.15): "${cmd}"`,
      );
  if (minor !== null && minor + 1 < 24 && ctx.request === 'upgrade') {
    if (/upgrade the kubeadm package|kubeadm 패키지/.test(text))
      out.push(
        `a package upgrade step for v1.${minor + 1}, whose packages are in no repository since March 2024`,
      );
  }
  if (minor !== null && minor + 1 >= 24 && ctx.request === 'upgrade') {
    const next = `v1.${minor + 1}`;
    const crosses = [`${next} patch`, `${next} 패치`, `upgrade apply ${next}.`].some((x) => text.includes(x));
    const repo = text.includes(`/${next}/#`);
    const unhold = /apt-mark unhold kubeadm|--disableexcludes=kubernetes/.test(text);
    if (crosses && !(repo && unhold))
      out.push(
        `a minor upgrade to ${next} without pointing the package repository at it and unholding kubeadm`,
      );
  }
  if (ctx.nodeCount === 1 && (ctx.request === 'reboot' || ctx.request === 'upgrade')) {
    for (const m of text.matchAll(
      /kubectl drain [^\n]*|drain --force|drain with --delete-\S+|--delete-\S+(?:로|\s플래그로) 드레인/g,
    ))
      out.push(
        `a drain advised for a reboot of the only node (it moves nothing and deletes what a plain reboot keeps): "${m[0]}"`,
      );
  }
  const perMode: Record<string, RegExp> = {
    iptables: /iptables-save \| grep -c KUBE-SVC/,
    ipvs: /ipvsadm -Ln/,
    nftables: /nft list table ip kube-proxy/,
  };
  // A node placeholder in a check to run ("check on NODE", rolling kube-proxy answer).
  for (const m of text.matchAll(/\b(?:on|at) NODE\b|\bNODE(?:에서|의|에)/g))
    out.push(`a placeholder node name in a suggested check: "${m[0]}"`);
  const health = /curl -sf http:\/\/127\.0\.0\.1:10256\/healthz/.test(text);
  for (const [mode, re] of Object.entries(perMode))
    if (re.test(text) && !health && ctx.proxyMode !== undefined && ctx.proxyMode !== mode)
      out.push(
        `kube-proxy's ${mode} rules checked while its mode is ${ctx.proxyMode ?? 'unknown'}: "${re.source}"`,
      );
  return out;
}

/** A ✖/⚠ line that states a node's NotReady reading (`NotReady … (Ready=Unknown)`, en and ko). */
const NOT_READY_LINE = /^[✖⚠] .*NotReady[^(]*\(Ready=/u;

/** Plurals that name several nodes (en, ko), wrong in a plan step of one node. */
const SEVERAL_NODES = /\b(?:these|those|both) nodes\b|\btogether\b|이 노드들|두 노드|노드를 모두/u;

/** The emptyDir flag of a drain (and its name before kubectl v1.20): advised in one step only. */
const DRAIN_FLAGS = /--delete-emptydir-data|--delete-local-data/gu;

/**
 * Rules 57 to 62 (issue 30 item 4, "one model per answer"; Korean review 2026-12, docs/reviews/ko-review-2026-12.md):
 * - 57. no node is said to be NotReady on two ✖/⚠ lines of the first screen (answer 08);
 * - 58. a clarification (the readings it offers, `suggestions`) is not titled as a failure (answer 13);
 * - 59. no plan step of one node names several ("these nodes", "together", "이 노드들"; answer 06);
 * - 60. no command, and not the emptyDir flag of a drain, in two steps of "What to do first"
 *   (answers 19 and 10);
 * - 61. a step runs at most one command line on a node's shell (`sudo …`, a chain joined by `&&`
 *   being one line): "commands are numbered steps, one per line" (answer 07);
 * - 62. a data plane headed "keeps serving" has no finding that warns or blocks in it (answer 01:
 *   said instead of "affected" only where every workload keeps serving).
 * @param reply - the answer
 * @returns the violations
 */
export function answerStructureViolations(reply: Reply): string[] {
  const out: string[] = [];
  const tr = translator(reply.locale);
  if (reply.kind === 'reboot-impact') {
    const { first } = splitReply(reply);
    const nodes = new Set(
      reply.findings.map((f) => f.facts.node).filter((n): n is string => typeof n === 'string'),
    );
    const seen = new Map<string, string>();
    for (const line of firstScreenLines(first, tr).filter((l) => NOT_READY_LINE.test(l)))
      for (const node of nodes) {
        if (!line.includes(node)) continue;
        const before = seen.get(node);
        if (before !== undefined)
          out.push(`the first screen says twice that ${node} is NotReady: "${before}" and "${line}"`);
        else seen.set(node, line);
      }
  }
  if ((reply.suggestions?.length ?? 0) > 0 && reply.title === tr.t('title.error'))
    out.push(
      `a clarification offering ${reply.suggestions?.length} readings is titled as a failure: "${reply.title}"`,
    );
  for (const s of reply.multiNode?.plan?.steps ?? []) {
    if (s.nodes.length !== 1) continue;
    const [node] = s.nodes;
    const line = reply.sections
      .flatMap((x) => x.lines)
      .find((l) => l.startsWith(`Step ${s.index}: ${node} [`) || l.startsWith(`${s.index}단계: ${node} [`));
    const plural = line === undefined ? null : SEVERAL_NODES.exec(line);
    if (plural !== null)
      out.push(`plan step ${s.index} covers one node (${node}) but says "${plural[0]}": "${line}"`);
  }
  const serving = tr.t('plane.keeps-serving', { before: '\0', after: '\0' }).split('\0')[0] ?? '';
  const data = reply.planes.find((p) => p.plane === 'data' && p.heading.includes(serving));
  const warns = reply.findings.filter(
    (f) => f.plane === 'data' && (f.severity === 'warn' || f.severity === 'block'),
  );
  if (data !== undefined && warns.length > 0)
    out.push(
      `"${data.heading}" beside ${warns.map((f) => `${f.check} ${f.variant} (${f.severity})`).join(', ')}`,
    );
  const said = new Map<string, number>();
  for (const [i, a] of reply.advice.entries()) {
    for (const c of new Set([...suggestedCommands(a), ...[...a.matchAll(DRAIN_FLAGS)].map((m) => m[0])])) {
      const j = said.get(c);
      if (j !== undefined && j !== i) out.push(`"${c}" is in two steps: "${reply.advice[j]}" and "${a}"`);
      else said.set(c, i);
    }
    const lines = a.match(/(?<!&&\s*)\bsudo\s/gu)?.length ?? 0;
    if (lines > 1) out.push(`a step runs ${lines} command lines (one per step): "${a}"`);
  }
  return out;
}
