/**
 * Typed commands parsed from chat text, and the neutral {@link ChatCommand} every adapter builds.
 */
import type { ReportSettings } from './report-settings.js';

/** Answer languages. */
export type Locale = 'en' | 'ko';

/** Every supported locale. */
export const LOCALES: readonly Locale[] = ['en', 'ko'];

/** "Can I reboot X?" (optionally "drain and reboot"). `when` keeps a time hint such as "tonight". */
export interface RebootImpactCommand {
  kind: 'reboot-impact';
  node: string;
  cluster?: string;
  drain: boolean;
  when?: string;
}

/** HA and quorum status of a cluster. */
export interface HaStatusCommand {
  kind: 'ha-status';
  cluster?: string;
  /** The daily HA report on demand (`health report`, `일일 점검`) instead of the status. */
  report?: true;
  /** Thresholds and quiet hours of the report (a schedule's settings); validated (`reportSettingsSchema`). */
  reportSettings?: ReportSettings;
}

/** The list of request forms. `topic` is set when the text was not understood. */
export interface HelpCommand {
  kind: 'help';
  cluster?: string;
}

/**
 * The components a "what if" request can name, by their canonical name. Aliases
 * (`apiserver`, `scheduler`, `dns`, `calico`, `스케줄러`…) are mapped in `src/commands/components.ts`.
 */
export type ComponentName =
  | 'kube-apiserver'
  | 'etcd'
  | 'kube-scheduler'
  | 'kube-controller-manager'
  | 'kubelet'
  | 'kube-proxy'
  | 'coredns'
  | 'cni'
  | 'container-runtime';

/**
 * The planned change or outage a "what if" request asks about.
 * - `component-restart`: one component restarts (on `node` when given; without a node, a
 *   DaemonSet component restarts everywhere, a Deployment is rolled).
 * - `rolling-update`: the component's DaemonSet/Deployment is rolled (its `updateStrategy`).
 * - `node-down`: an unplanned loss of one node (no drain).
 * - `control-plane-down`: every control-plane node is lost at once.
 * - `etcd-quorum-loss`: etcd loses quorum; `members`: the control-plane nodes the text names as
 *   the lost members ("2 of 3 members (cp-2, cp-3) unhealthy"), for the request summary; the
 *   answer is the quorum's loss either way.
 * - `component-down`: one component is down everywhere (`what if the scheduler is down`), or only
 *   its instance on `node` when given (`what if etcd is down on cp-1`): a failure, not a restart.
 * - `etcd-member-remove`: a pasted `etcdctl member remove` or `talosctl etcd remove-member`, a
 *   permanent reconfiguration of etcd (etcd docs, "Runtime reconfiguration"), not an outage: the
 *   member by its node's name (`node`; kubeadm names a member after its node) or by its
 *   hexadecimal ID (`member`, as `etcdctl member list` prints it), found in the member list read
 *   (src/analysis/what-if/member-remove.ts).
 *
 * `component` holds the canonical name when known, else the word as typed (lowercased, at most 63
 * characters): the answer then says which components it knows rather than guessing.
 */
export type WhatIfChange =
  | { type: 'component-restart'; component: string; node?: string }
  | { type: 'rolling-update'; component: string }
  | { type: 'node-down'; node: string }
  | { type: 'control-plane-down' }
  | { type: 'etcd-quorum-loss'; members?: string[] }
  | { type: 'component-down'; component: string; node?: string }
  | { type: 'etcd-member-remove'; node?: string; member?: string };

/**
 * "What if …": a component restart, a rolling update or an outage.
 * `drain` is always false; it is here so adapters that phrase their acknowledgement by
 * `command.drain` handle every command alike.
 */
export interface WhatIfCommand {
  kind: 'what-if';
  change: WhatIfChange;
  cluster?: string;
  drain: false;
  when?: string;
}

/**
 * The flags of a pasted `kubectl drain` that change what it does (kubectl drain reference,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/):
 * - `force`: pods with no controller (and of a DaemonSet that is gone) are deleted, for good;
 * - `ignoreDaemonSets`: DaemonSet pods are left on the node instead of stopping the drain;
 * - `deleteEmptyDirData` (`--delete-emptydir-data`, `--delete-local-data` before v1.20): pods with
 *   emptyDir volumes are evicted and that data is deleted;
 * - `disableEviction`: pods are deleted with DELETE instead of the Eviction API, so no
 *   PodDisruptionBudget is checked;
 * - `podSelector`: only pods matching this label selector are drained;
 * - `gracePeriodS`: seconds each pod gets to terminate (negative: the pod's own);
 * - `timeout`: how long kubectl waits before giving up (`0s`: forever), as typed;
 * - `dryRun`: nothing is changed;
 * - `unused`: kubectl's global flags pasted with the command that the answer does not use (which
 *   API server, user or namespace kubectl talks to: `--kubeconfig`, `-n`, `--as`, a `--context`
 *   naming no configured cluster), as typed without their values (`kubectl options`,
 *   https://kubernetes.io/docs/reference/kubectl/generated/kubectl_options/).
 */
export interface KubectlDrainFlags {
  force: boolean;
  ignoreDaemonSets: boolean;
  deleteEmptyDirData: boolean;
  disableEviction: boolean;
  podSelector?: string;
  gracePeriodS?: number;
  timeout?: string;
  dryRun?: boolean;
  unused?: string[];
}

/**
 * "Can I drain X?": the drain part of a reboot analysis, without the reboot. `drain` is always true.
 * `kubectl`: the request was a pasted `kubectl drain|cordon|uncordon` (issue 30, item 3), or a cordon
 * or uncordon asked in plain words (read as the pasted one, no flags); the answer says what its flags
 * do to the node's pods.
 */
export interface DrainImpactCommand {
  kind: 'drain-impact';
  node: string;
  cluster?: string;
  drain: true;
  when?: string;
  kubectl?: { verb: 'drain' | 'cordon' | 'uncordon' | 'delete-node'; flags: KubectlDrainFlags };
}

/**
 * "Can I upgrade X?": the reboot analysis plus the upgrade order and version skew.
 * `targetVersion` is the version asked for (`v1.34`, `1.34.2`), when the request names one.
 *
 * `scope: 'cluster'`: the request asked how to upgrade the whole cluster ("how do I upgrade the
 * cluster?", "upgrade advice", "클러스터 업그레이드 어떻게 해?"), naming no node. The parser leaves
 * `node` empty (`''`); the answer step sets it to the node the cluster's upgrade order starts with
 * (`clusterUpgradeStart`, src/analysis/upgrade-start.ts) and answers the upgrade of that node, whose
 * answer carries the whole order and the distribution's steps (its profile's `upgrade` method).
 */
export interface UpgradeImpactCommand {
  kind: 'upgrade-impact';
  node: string;
  cluster?: string;
  drain: boolean;
  targetVersion?: string;
  when?: string;
  scope?: 'cluster';
}

/**
 * "Maintain NODE [reason]": ask for an approved, bot-run maintenance (cordon, drain, wait
 * for the reboot, uncordon) of one node. The worker runs the reboot-impact analysis first and
 * creates the request (see `src/answer/answer-maintenance.ts`).
 * `force`: an admin overrides an `unsafe` verdict; `forceReason` (required then) says why.
 */
export interface MaintenanceRequestCommand {
  kind: 'maintenance-request';
  node: string;
  cluster?: string;
  /** Why, as typed (plain text, at most 500 characters; '' when none was given). */
  reason: string;
  force: boolean;
  forceReason?: string;
}

/**
 * A decision on a maintenance request, typed (`approve mr-…`, `mr-… 승인`) or from a card button.
 * `cluster` is never set by the parser (the request id names the request); it is here so that
 * adapters treat every command alike.
 */
export interface MaintenanceDecisionCommand {
  kind: 'maintenance-decision';
  /**
   * `approve`, `reject`, `cancel` for every card; the controls of a running maintenance plan
   * for plans only: `pause`, `resume`, `retry`, `skip`, `stop`.
   */
  action: MaintenanceDecisionAction;
  /**
   * What is decided on, checked by the parser: a request (`mr-…`), a maintenance plan (`mp-…`) or
   * a request to break a lock (`lb-…`), each + 10 base32 characters.
   */
  requestId: string;
  cluster?: string;
}

/** What a typed decision or a card button does (see {@link MaintenanceDecisionCommand.action}). */
export type MaintenanceDecisionAction =
  'approve' | 'reject' | 'cancel' | 'pause' | 'resume' | 'retry' | 'skip' | 'stop';

/**
 * Which nodes a maintenance plan is for: every worker, every node, the control plane,
 * the nodes a label selector matches, or nodes by name (two or more).
 */
export type PlanTargets =
  | { kind: 'all-workers' }
  | { kind: 'all' }
  | { kind: 'control-plane' }
  | { kind: 'selector'; selector: string }
  | { kind: 'nodes'; nodes: string[] };

/**
 * "Maintain these nodes": a fleet maintenance plan, approved once, carried out node by
 * node by the worker. `lang` is the language of the form typed.
 */
export interface MaintenancePlanCommand {
  kind: 'maintenance-plan';
  targets: PlanTargets;
  /** Why, as typed ('' when none). */
  reason: string;
  cluster?: string;
  lang: Locale;
}

/**
 * "who holds the lock" / "lock": the bot's maintenance Lease and kured's reboot lock,
 * read from the cluster (a worker answers).
 */
export interface LockStatusCommand {
  kind: 'lock-status';
  /**
   * The node the text names beside the lock ("is atlas-wk-1 still holding the kured lock?", kured's
   * "Lock already held: atlas-wk-2"): its holder or a node waiting for it. The answer reports the
   * lock's real holder, read from the cluster.
   */
  node?: string;
  cluster?: string;
}

/**
 * "break lock [kured|maintenance]": ask to break a lock whose holder is gone; it needs
 * the approvals of a control-plane maintenance and is audited. `lock`: which one (`any`: the one
 * held, when only one is).
 */
export interface BreakLockCommand {
  kind: 'break-lock';
  lock: 'maintenance' | 'kured' | 'any';
  /** The node the text names as the lock's (gone) holder, as {@link LockStatusCommand.node}. */
  node?: string;
  cluster?: string;
}

/** "maintenance status mr-…" (or `mp-…`, `lb-…`): show a card again. */
export interface MaintenanceStatusCommand {
  kind: 'maintenance-status';
  requestId: string;
  cluster?: string;
}

/** "audit" / "감사 로그": recent maintenance audit entries (admins only). */
export interface AuditCommand {
  kind: 'audit';
  cluster?: string;
}

/** The maintenance commands: single-node requests, plans and locks. */
export type MaintenanceCommand =
  | MaintenanceRequestCommand
  | MaintenanceDecisionCommand
  | MaintenanceStatusCommand
  | AuditCommand
  | MaintenancePlanCommand
  | LockStatusCommand
  | BreakLockCommand;

/**
 * Maintenance commands answered from the maintenance state in Redis alone (no cluster read):
 * decisions, status and the audit. The chat gateways answer them themselves; a request for a new
 * maintenance goes to a worker (it runs the analysis first).
 */
export type MaintenanceStateCommand = MaintenanceDecisionCommand | MaintenanceStatusCommand | AuditCommand;

/**
 * Whether a parsed command is a {@link MaintenanceStateCommand}.
 * @param command - a parsed command
 */
export function isMaintenanceStateCommand(command: { kind: string }): command is MaintenanceStateCommand {
  return (
    command.kind === 'maintenance-decision' ||
    command.kind === 'maintenance-status' ||
    command.kind === 'audit'
  );
}

/**
 * A group of nodes named by what they are rather than by name: the worker resolves it
 * against the live node list.
 * - `workers`: nodes without a control-plane role label
 * - `control-plane`: nodes labelled `node-role.kubernetes.io/control-plane` (or the older `master`)
 * - `all`: every node
 * - `zone`: nodes whose `topology.kubernetes.io/zone` label is `zone`
 * - `selector`: nodes matching a label selector as typed after `-l`/`--selector` (`node-pool=blue`)
 */
export type NodeGroup =
  | { type: 'workers' }
  | { type: 'control-plane' }
  | { type: 'all' }
  | { type: 'zone'; zone: string }
  | { type: 'selector'; selector: string };

/**
 * How several nodes are asked about: `together` (all of them down at once: "can I reboot A and B")
 * or `one-by-one` (a rolling plan: "one by one", "in what order", "rolling").
 */
export type PlanMode = 'together' | 'one-by-one';

/** What is done to each node of a {@link MultiNodeCommand}. */
export type MultiNodeAction = 'reboot' | 'drain' | 'upgrade' | 'node-down';

/**
 * A question about several nodes at once: a list (`wk-2 and wk-3`), a group (`all
 * workers`) or both resolved by the worker. Single-node questions keep their own command kinds.
 * - `nodes`: the names typed (lowercase, RFC 1123; resolved against the cluster's node names when
 *   the parser had them, else candidates the worker resolves), in the order named, no duplicates
 * - `group`: set when the request names a group instead of (or besides) names
 * - `drain`: "drain and reboot" (always true for `drain`, false for `node-down`)
 * - `targetVersion`: for `upgrade`, the version asked for (`v1.34`)
 */
export interface MultiNodeCommand {
  kind: 'multi-node';
  action: MultiNodeAction;
  nodes: string[];
  group?: NodeGroup;
  mode: PlanMode;
  drain: boolean;
  targetVersion?: string;
  cluster?: string;
  when?: string;
}

/** Every command the core understands. */
export type Command =
  | RebootImpactCommand
  | HaStatusCommand
  | HelpCommand
  | WhatIfCommand
  | DrainImpactCommand
  | UpgradeImpactCommand
  | MultiNodeCommand
  | MaintenanceCommand;

/** Stable codes for text that cannot be turned into a command. */
export type ParseErrorCode =
  | 'empty'
  | 'too-long'
  | 'control-characters'
  | 'invalid-node-name'
  | 'invalid-cluster-name'
  | 'invalid-option'
  | 'invalid-request-id'
  | 'not-understood'
  | 'ambiguous'
  | 'several-commands'
  /**
   * A pasted command its tool refuses before it changes anything (kubectl's flag parsing, etcdctl's
   * member ID): `token` is the rule (`ToolRefusal.rule` of ./parse-pasted-command.ts), `hex` the
   * hexadecimal form of a decimal etcd member ID.
   */
  | 'tool-refuses'
  /** A pronoun ("it", "그 노드") with no node named earlier to refer to. */
  | 'no-earlier-node';

/** Why text could not be parsed; `detail` is safe to show (it echoes nothing unescaped). */
export interface ParseError {
  code: ParseErrorCode;
  /**
   * The offending token, already trimmed to at most 80 characters; for `several-commands`, how many
   * commands the paste runs (each node of a loop or list counted).
   */
  token?: string;
  /**
   * `ambiguous` (issue 30, item 2): the one to three likeliest readings, likeliest first, each the
   * exact request text and what the parser reads it as (`intent`, `nodes`, `group`, `mode`).
   */
  suggestions?: readonly ClarifyingSuggestion[];
  /** `tool-refuses` of a decimal etcd member ID: its hexadecimal form (digits and a-f only). */
  hex?: string;
}

/** One reading offered when a request was not understood with certainty. */
export interface ClarifyingSuggestion {
  /** The request text, in the asker's language; asked as is, it gives `request`. */
  text: string;
  /** What the parser reads `text` as. */
  request: { intent: string; nodes: string[]; group?: string; mode?: string };
}

/**
 * The result of parsing chat text: a command, or an error; `locale` is the answer language
 * (`--lang`, else Korean when the text is Korean, else the caller's default).
 */
export type ParseResult =
  { ok: true; command: Command; locale: Locale } | { ok: false; error: ParseError; locale: Locale };

/**
 * Every surface the bot is spoken to on: the console and the chat platforms. The one list each
 * platform union derives from ({@link Platform}, {@link ChatPlatform}): a new chat platform (say
 * Mattermost) is added here, and the compiler then asks for it wherever a `Record<ChatPlatform, …>`
 * lists them (docs/architecture.md "Adding a chat platform").
 */
export const PLATFORMS = ['console', 'slack', 'teams'] as const;

/** One of {@link PLATFORMS}. */
export type Platform = (typeof PLATFORMS)[number];

/**
 * The chat platforms: everything but the console. Their replies travel through a replies queue
 * (the console waits for its reply), they can be posted to later (schedules), and their users
 * belong to a tenant (Slack team, Teams tenant).
 */
export type ChatPlatform = Exclude<Platform, 'console'>;

/** The chat platforms, in {@link PLATFORMS} order. */
export const CHAT_PLATFORMS: readonly ChatPlatform[] = PLATFORMS.filter(
  (p): p is ChatPlatform => p !== 'console',
);

/**
 * Whether a platform is a chat platform (not the console).
 * @param platform - any platform name
 */
export function isChatPlatform(platform: string): platform is ChatPlatform {
  return (CHAT_PLATFORMS as readonly string[]).includes(platform);
}

/** How each platform is named in texts (`Slack`, `Teams`). */
export const PLATFORM_NAMES: Readonly<Record<Platform, string>> = {
  console: 'console',
  slack: 'Slack',
  teams: 'Teams',
};

/** Who asked, in platform-immutable ids (never display names). */
export interface ChatUser {
  platform: Platform;
  /** Slack user id, Teams AAD object id, or the OS user for the console. */
  id: string;
  /** Slack team id (the user's own, not the channel's workspace) or Teams tenant id. */
  tenant?: string;
  displayName?: string;
  /** A member of a team / tenant outside the configured allow-list, admitted because the maintenance policy names it (see `Actor.guest`). */
  guest?: boolean;
}

/** Where the answer goes back to; opaque to the core, interpreted by the adapter. */
export interface ReplyTarget {
  platform: Platform;
  /** Adapter-specific address (channel id, thread ts, conversation reference key…). */
  address: Record<string, string>;
}

/**
 * One chat request, reduced by an adapter from its platform payload: what every platform hands the
 * shared intake (src/intake/intake.ts), which decides what becomes of it.
 * `requestId` is derived from the platform's own id (Slack trigger/event id, Teams activity id), so
 * a retried delivery maps to the same id and enqueues nothing new.
 */
export interface ChatCommand {
  requestId: string;
  /** The text as typed (the job keeps it as it is). */
  text: string;
  user: ChatUser;
  replyTo: ReplyTarget;
  /** The platform's locale for the user (Slack profile, Teams client), used when the text itself is language-neutral. */
  locale?: Locale;
  /** The cluster the surface names outside the text (the console's `--cluster`); the text's own `in CLUSTER` wins. */
  cluster?: string;
  /** The answer language asked for outside the text (the console's `--lang`); wins over the text's language. */
  lang?: Locale;
}
