/**
 * Shared vocabulary of maintenance: a request to reboot one node, its approvals, the
 * execution state machine (lock → cordon → drain → wait for the reboot → verify → uncordon), the
 * events it emits (audit trail and chat updates), and the queue names of execution jobs.
 *
 * Pure types and small helpers only: the Redis store is in `request-store.ts`, the policy in
 * `policy.ts`, the Kubernetes steps in `execute/`, the chat texts in `src/explain/`.
 */
import type { Verdict } from '../analysis/types.js';
import type { ForecastComparison } from '../explain/forecast-comparison.js';
import type { Locale, Platform, ReplyTarget } from '../commands/types.js';
import { BotError } from '../errors.js';
import { isValidClusterName } from '../commands/names.js';

/**
 * Who acts, by immutable platform ids (never display names): Slack team id + user id, Teams
 * tenant id + AAD object id, or `console` + the OS user. `displayName` is for texts only and is
 * never compared.
 */
export interface Actor {
  platform: Platform;
  /** Slack team id (`T…`), Teams tenant id (a GUID), or `local` for the console. */
  tenant: string;
  /** Slack user id (`U…`/`W…`), Teams AAD object id (a GUID), or the OS user name. */
  id: string;
  /** Shown in texts; never used to decide anything. */
  displayName?: string;
  /**
   * True for a member of a workspace / tenant the bot is not configured for (a Slack Connect
   * user, another Teams tenant) whom the gateway let through only because the policy names their
   * team or tenant: `"*"` in the policy never matches a guest, only an entry with their exact key.
   * Set by the chat gateway (src/…/identity admission), never by the user.
   */
  guest?: boolean;
}

/**
 * The identity key of an actor as written in the policy file: `<platform>:<tenant>:<id>`, e.g.
 * `slack:T0123ABCD:U0456EFGH` or `teams:72f988bf-…:a1b2c3d4-…`.
 * @param actor - the actor
 * @returns the key (case kept as the platform gives it)
 */
export function actorKey(actor: Pick<Actor, 'platform' | 'tenant' | 'id'>): string {
  return `${actor.platform}:${actor.tenant}:${actor.id}`;
}

/**
 * States of a maintenance request.
 *
 * Before execution: `pending-approval` → `approved` (enough distinct approvals) or `rejected`,
 * `expired` (lifetime passed, default 30 min), `cancelled`. `waiting-for-window` when approved
 * outside the cluster's change window and the policy says wait.
 *
 * Execution, in order: `checking` (re-run analysis and preflight) → `locked` (maintenance Lease
 * held) → `cordoned` → `draining` → `awaiting-reboot` (drained; the operator or the reboot hook
 * reboots) → `verifying` (new bootID seen; waiting for Ready, node Lease, static pods, etcd) →
 * `completed` (uncordoned if the bot cordoned, lock released, summary posted).
 *
 * `cancelling`: cancel asked while executing; the executor stops at its next step and ends in
 * `cancelled`. `failed`: stopped (changed verdict, lock busy, drain or reboot timeout, API error).
 */
export type MaintenanceState =
  | 'pending-approval'
  | 'approved'
  | 'waiting-for-window'
  | 'rejected'
  | 'expired'
  | 'checking'
  | 'locked'
  | 'cordoned'
  | 'draining'
  | 'awaiting-reboot'
  | 'verifying'
  | 'completed'
  | 'cancelling'
  | 'cancelled'
  | 'failed';

/** States that end a request: nothing happens to it afterwards. */
export const TERMINAL_STATES: readonly MaintenanceState[] = [
  'rejected',
  'expired',
  'completed',
  'cancelled',
  'failed',
];

/** States in which the executor owns the request (a worker is, or should be, running it). */
export const EXECUTING_STATES: readonly MaintenanceState[] = [
  'approved',
  'waiting-for-window',
  'checking',
  'locked',
  'cordoned',
  'draining',
  'awaiting-reboot',
  'verifying',
  'cancelling',
];

/** One approval: who and when (ISO 8601). */
export interface Approval {
  actor: Actor;
  at: string;
}

/**
 * What the executor has done so far; kept with the request in Redis so a replacement worker
 * resumes where the dead one stopped. Times are ISO 8601.
 */
export interface ExecutionProgress {
  /** Whether the node was already cordoned (`spec.unschedulable`) before the bot touched it. */
  wasCordoned?: boolean;
  /** Whether the bot set `spec.unschedulable` (only then does it uncordon). */
  cordonedByBot?: boolean;
  /** `status.nodeInfo.bootID` before the reboot; a different one means the node rebooted. */
  bootIdBefore?: string;
  /** `status.nodeInfo.bootID` seen after the reboot. */
  bootIdAfter?: string;
  startedAt?: string;
  lockedAt?: string;
  cordonedAt?: string;
  drainStartedAt?: string;
  drainedAt?: string;
  /** When the node was first seen down or with a new bootID. */
  rebootSeenAt?: string;
  /** When every post-reboot check passed. */
  verifiedAt?: string;
  uncordonedAt?: string;
  finishedAt?: string;
  /** Pods to evict when the drain started, and how many are gone. */
  podsToEvict?: number;
  podsEvicted?: number;
  /** Fewest kube-apiservers seen alive (fresh identity Leases) while the node was away. */
  apiServersSeen?: number;
  /** Healthy etcd voters seen while the node was away (as the analysis reads etcd); absent: not observed. */
  etcdVotersSeen?: number;
  /** The forecast compared with the outcome when the node ended (issue 34), mismatches bounded. */
  forecastComparison?: ForecastComparison;
}

/**
 * A maintenance request, as stored (JSON in Redis). `id` is immutable and unguessable enough not
 * to be typed by accident: `mr-` + 10 lower-case base32 characters.
 */
export interface MaintenanceRequest {
  id: string;
  cluster: string;
  node: string;
  /** The node's role when requested; a control-plane node needs the control-plane approvals. */
  nodeRole: 'control-plane' | 'worker';
  /** Why, as typed by the requester (plain text, at most 500 characters). */
  reason: string;
  /** An admin overrode an `unsafe` verdict; `forceReason` says why. Needs control-plane approvals. */
  force: boolean;
  forceReason?: string;
  requestedBy: Actor;
  /** ISO 8601. */
  requestedAt: string;
  /** ISO 8601; past it, a pending request is `expired`. */
  expiresAt: string;
  approvalsRequired: number;
  /** Distinct approvers, in order. */
  approvals: Approval[];
  rejectedBy?: Actor;
  cancelledBy?: Actor;
  state: MaintenanceState;
  /** Why the request is in its state (a {@link StopReason} code for `failed`), when it says more. */
  stateReason?: string;
  /** Answer language of the request's chat messages. */
  locale: Locale;
  /** Where it was requested (channel / conversation). */
  replyTo: ReplyTarget;
  /**
   * Address of the posted request card, set by the adapter after posting it (Slack: `channel`,
   * `ts`; Teams: `conversationKey`, `activityId`). Updates and thread posts go there.
   */
  card?: Record<string, string>;
  /** The reboot-impact verdict when requested, and its one-line summary. */
  verdictAtRequest: Verdict;
  summaryAtRequest: string;
  /**
   * The node was already cordoned by someone else when the request was made (the analysis'
   * `prior-cordon` warning, issue 16): the card says the bot drains it as it is and leaves it
   * cordoned. The executor decides again when it starts (`progress.wasCordoned`): it uncordons
   * only a cordon it made itself.
   */
  cordonedAtRequest?: boolean;
  progress: ExecutionProgress;
  /**
   * Set on the requests a maintenance plan makes: the plan (`mp-…`), the node's step,
   * and, for a step of several nodes, the holder the plan runner takes the maintenance Lease and
   * kured's lock under for the whole step (`mp-…/b<step>`): the executor then works under that
   * holder and leaves its release to the runner. Thread messages go to the plan's thread.
   */
  plan?: { id: string; batch: number; lockHolder?: string };
  /** Bumped on every write (optimistic concurrency). */
  revision: number;
}

/**
 * The fields a new request is created from, as the requester gave them (the answer step's
 * {@link MaintenanceRequest} fields; the verdict and summary are added under their own names by
 * each user of this type).
 */
export type MaintenanceRequestInput = Pick<
  MaintenanceRequest,
  'cluster' | 'node' | 'nodeRole' | 'reason' | 'force' | 'forceReason' | 'requestedBy' | 'locale' | 'replyTo'
>;

/** A button or typed decision on a request. */
export type DecisionAction = 'approve' | 'reject' | 'cancel';

/**
 * A button or typed decision on any maintenance card: a request's ({@link DecisionAction}), and
 * the controls of a maintenance plan.
 */
export type { MaintenanceDecisionAction as MaintenanceAction } from '../commands/types.js';

/** Why a new maintenance request is refused (`MaintenanceService.createRequest`). */
export type CreateRefusal =
  'not-requester' | 'unsafe' | 'force-not-allowed' | 'force-needs-reason' | 'already-open';

/**
 * Why a decision was refused (and changed nothing):
 * - `not-found`: no such request id;
 * - `not-approver`: the actor may not approve/reject on this cluster;
 * - `self-approval`: the requester tried to approve their own request;
 * - `already-approved`: this approver already approved (a double click counts once);
 * - `expired`: the request's lifetime has passed;
 * - `not-pending`: the request is no longer waiting for approval (approved, rejected, running…);
 * - `not-allowed-to-cancel`: only the requester, approvers and admins may cancel;
 * - `already-finished`: cancel on a request in a terminal state.
 */
export type DecisionRefusal =
  | 'not-found'
  | 'not-approver'
  | 'self-approval'
  | 'already-approved'
  | 'expired'
  | 'not-pending'
  | 'not-allowed-to-cancel'
  | 'already-finished';

/**
 * The outcome of a decision. `approved` means this approval was the last one needed: the caller
 * enqueues the execution job ({@link executionJobIdFor} makes that idempotent).
 */
export type DecisionResult =
  | {
      ok: true;
      outcome: 'approval-counted' | 'approved' | 'rejected' | 'cancelled' | 'cancel-requested';
      request: MaintenanceRequest;
    }
  | { ok: false; refusal: DecisionRefusal; request?: MaintenanceRequest };

/**
 * Why execution stopped (a request's `stateReason` when `failed`):
 * - `verdict-unsafe`: the re-run analysis says unsafe now (and the request was not forced);
 * - `node-not-ready` / `other-control-plane-not-ready` / `other-control-plane-cordoned`: preflight;
 * - `lock-held`: another maintenance holds the cluster's maintenance Lease;
 * - `kured-lock`: kured holds its node lock (`weave.works/kured-node-lock` on its DaemonSet);
 * - `unmanaged-pods`: pods without a controller are on the node and the request is not forced
 *   (a drain would delete them for good; `kubectl drain` refuses them without `--force`);
 * - `outside-change-window`: the policy refuses execution outside the change window;
 * - `drain-timeout`: pods were still on the node at the drain timeout (default 10 min);
 * - `reboot-timeout`: the node did not come back verified in time (default 30 min);
 * - `forbidden`: the bot's ServiceAccount lacks the maintenance role (403);
 * - `api-error`: the Kubernetes API failed in another way.
 */
export type StopReason =
  | 'verdict-unsafe'
  | 'node-not-ready'
  | 'other-control-plane-not-ready'
  | 'other-control-plane-cordoned'
  | 'lock-held'
  | 'kured-lock'
  | 'unmanaged-pods'
  | 'outside-change-window'
  | 'drain-timeout'
  | 'reboot-timeout'
  | 'forbidden'
  | 'api-error';

/** A pod that blocked a drain, and the PodDisruptionBudget that blocked it (when known). */
export interface DrainBlocker {
  /** `namespace/name`. */
  pod: string;
  /** `namespace/name` of the PodDisruptionBudget, when the eviction answered 429 for a budget. */
  budget?: string;
  /** Short reason, e.g. `disruptionsAllowed is 0`, `no PodDisruptionBudget allows it`, `still terminating`. */
  detail: string;
}

/**
 * Something that happened to a request: appended to the audit Stream, logged, and (for the
 * chat-visible ones) posted in the request's thread or shown by updating its card.
 */
export type MaintenanceEvent =
  | { type: 'requested' }
  | { type: 'approved'; by: Actor; approvals: number; required: number }
  | { type: 'rejected'; by: Actor }
  | { type: 'expired' }
  | { type: 'cancel-requested'; by: Actor }
  | { type: 'cancelled'; by?: Actor; nodeCordoned: boolean; podsEvicted: number }
  | { type: 'waiting-for-window'; opensAt: string }
  | { type: 'execution-started' }
  | { type: 'locked'; lease: string }
  | { type: 'cordoned'; wasCordoned: boolean }
  | { type: 'eviction'; pod: string }
  | { type: 'drain-progress'; evicted: number; total: number; waitingOn: DrainBlocker[] }
  | { type: 'drained'; evicted: number; skipped: string[] }
  | { type: 'reboot-hook'; ok: boolean; detail: string }
  | { type: 'rebooted'; bootId: string }
  | { type: 'verified' }
  | { type: 'uncordoned' }
  | { type: 'lock-released'; lease: string }
  | { type: 'completed'; drainMs: number; downtimeMs: number; totalMs: number }
  | { type: 'forecast-compared'; comparison: ForecastComparison }
  | { type: 'failed'; reason: StopReason; detail: string; blockers?: DrainBlocker[]; nodeCordoned: boolean }
  // maintenance plans and locks; their audit entries carry the plan (`mp-…`) or the
  // request to break a lock (`lb-…`) as `requestId`
  | { type: 'plan-control'; action: 'pause' | 'resume' | 'retry' | 'skip' | 'stop'; by: Actor }
  | { type: 'plan-finished'; state: 'completed' | 'stopped' | 'cancelled'; done: number; total: number }
  | { type: 'lock-broken'; lock: string; holder: string; stale?: string }
  | { type: 'lock-break-refused'; lock: string; holder: string; reason: string };

/** One audit Stream entry: the event plus who, when, cluster, node and request id. */
export interface AuditEntry {
  /** Redis Stream entry id (`<ms>-<seq>`). */
  streamId: string;
  /** ISO 8601. */
  at: string;
  requestId: string;
  cluster: string;
  node: string;
  /** Who caused it (the approver, the canceller), or `bot` for the executor's own steps. */
  actor: string;
  event: MaintenanceEvent;
}

/** The data of one execution job (BullMQ), on the cluster's maintenance queue. */
export interface ExecutionJobData {
  requestId: string;
  cluster: string;
}

/** Prefix of the per-cluster maintenance queues: `k8s-ha-bot-maintenance-<cluster>`. */
export const MAINTENANCE_QUEUE_PREFIX = 'k8s-ha-bot-maintenance-';

/**
 * The maintenance (execution) queue of one cluster.
 * @param cluster - an RFC 1123 label
 * @returns `k8s-ha-bot-maintenance-<cluster>`
 * @throws BotError `bad-request` for a name that is not an RFC 1123 label
 */
export function maintenanceQueueNameFor(cluster: string): string {
  if (!isValidClusterName(cluster))
    throw new BotError(
      'bad-request',
      `cluster name ${JSON.stringify(cluster.slice(0, 80))} is not an RFC 1123 label`,
    );
  return `${MAINTENANCE_QUEUE_PREFIX}${cluster}`;
}

/**
 * The BullMQ job id of a request's execution: one per request, so a second "approved" (a retried
 * click, two gateways) adds nothing. No ':' (BullMQ rejects it).
 * @param requestId - `mr-…`
 * @returns `mx-<requestId>`
 */
export function executionJobIdFor(requestId: string): string {
  return `mx-${requestId}`;
}

/** Request ids: `mr-` + 10 characters of `[a-z2-7]` (RFC 4648 base32, lower case). */
export const REQUEST_ID_PATTERN = /^mr-[a-z2-7]{10}$/;

/** Days of the week as written in change windows. */
export type Weekday = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun';

/**
 * A change window: execution may start on `days` between `start` and `end` (24 h `HH:MM`, local to
 * `timeZone`, an IANA name such as `Asia/Seoul`). `end` before `start` crosses midnight.
 */
export interface ChangeWindow {
  days: Weekday[];
  start: string;
  end: string;
  timeZone: string;
}

/**
 * The Alertmanager settings of one cluster (`alertmanager:` in the maintenance policy).
 * - `url`: base URL, e.g. `http://alertmanager.monitoring:9093`
 * - `gate`: alerts that hold a plan before each node; each entry is comma-separated matchers
 *   (`severity=critical`, `node={node}`; `{node}` is the next node); any entry matching holds it
 * - `silence`: matchers of the courtesy silence while a node is in maintenance
 *   (e.g. `instance=~"{node}.*"`); empty: no silence
 * - `unreachable`: an unreachable Alertmanager `block`s the plan (held) or only `warn`s (logged)
 * - `maxAnswerBytes`: largest answer read, in bytes (16 KiB to 64 MiB; default 1 MiB); a larger
 *   one leaves the alerts unknown and holds the plan, whatever `unreachable` says
 */
export interface AlertmanagerSettings {
  url: string;
  gate: string[];
  silence: string[];
  unreachable: 'block' | 'warn';
  maxAnswerBytes?: number;
}

/** How the bot runs a reboot of a drained node, when it does (otherwise the operator reboots). */
export type RebootHook = { command: string[] } | { url: string };

/**
 * The maintenance policy of one cluster, resolved with its defaults (see `policy.ts`, which reads
 * the YAML file). Identity lists hold {@link actorKey} strings; `'*'` means anyone.
 */
export interface ClusterMaintenancePolicy {
  cluster: string;
  /** Who may ask for a maintenance. */
  requesters: string[];
  /** Who may approve or reject. */
  approvers: string[];
  /** Who may force an `unsafe` request, cancel any request and read the audit. */
  admins: string[];
  /** Distinct approvals needed. @defaultValue `{ worker: 1, controlPlane: 2 }` */
  approvals: { worker: number; controlPlane: number };
  /** Lifetime of a pending request, in ms. @defaultValue 1 800 000 (30 min) */
  requestLifetimeMs: number;
  /** Empty: any time. */
  changeWindows: ChangeWindow[];
  /** Outside every window: wait for the next one, or refuse. @defaultValue `'wait'` */
  outsideWindow: 'wait' | 'refuse';
  drain: {
    /** @defaultValue 600 000 (10 min) */
    timeoutMs: number;
    /** Evictions in flight at once. @defaultValue 5 */
    parallelism: number;
    /** First wait after a 429, in ms; doubled up to 30 s. @defaultValue 1000 */
    evictionBackoffMs: number;
    /** Least time between two progress posts, in ms. @defaultValue 15 000 */
    progressIntervalMs: number;
  };
  reboot: {
    /** @defaultValue 1 800 000 (30 min) */
    timeoutMs: number;
    hook?: RebootHook;
  };
  /**
   * Fleet maintenance plans; absent: the defaults.
   * - `workerBatchSize`: most workers in one step of the plan's order; the workers of one step are
   *   maintained together (drained and rebooted at the same time) @defaultValue 1
   * - `settleMs`: wait after each step before its checks and the next step @defaultValue 120 000
   * - `settleTimeoutMs`: longest wait for the checks after the settle time @defaultValue 600 000
   * - `maxUnavailablePerZone`: most nodes of one zone (label `topology.kubernetes.io/zone`; nodes
   *   without it form one group) unavailable at once (NotReady or cordoned, the plan's and any
   *   other), both when the steps are made and before each step starts; absent: no limit
   * - `maxNodes`: most nodes one plan may hold (1 to 5,000); a request selecting more is refused
   *   before the cluster is read for it, with how to narrow it; absent: 200
   *   (`DEFAULT_MAX_PLAN_NODES`, policy.ts)
   */
  fleet?: {
    workerBatchSize: number;
    settleMs: number;
    settleTimeoutMs: number;
    maxUnavailablePerZone?: number;
    maxNodes?: number;
  };
  /** The cluster's Prometheus Alertmanager: gate and courtesy silences of plans; absent: none. */
  alertmanager?: AlertmanagerSettings;
  lock: {
    /** The bot's namespace, where the maintenance Lease lives. @defaultValue `k8s-ha-bot` */
    namespace: string;
    /** @defaultValue `k8s-ha-bot-maintenance` */
    leaseName: string;
    /** Lease TTL, renewed by the holder at a third of it. @defaultValue 60 */
    leaseDurationSeconds: number;
  };
}

/**
 * What the executor needs of the request store (implemented over Redis by `MaintenanceStore` in
 * `request-store.ts`; tests may use an in-memory one). Every write bumps `revision`.
 */
export interface MaintenanceStateStore {
  /** The request, or null when there is none with that id. */
  get(id: string): Promise<MaintenanceRequest | null>;
  /**
   * Compare-and-set: move to `to` only when the current state is one of `from`, merging `patch`.
   * @returns the updated request, or null when the state was not in `from` (nothing written)
   * @throws BotError `queue-unavailable` when Redis fails
   */
  transition(
    id: string,
    from: readonly MaintenanceState[],
    to: MaintenanceState,
    patch?: { progress?: Partial<ExecutionProgress>; stateReason?: string },
  ): Promise<MaintenanceRequest | null>;
  /**
   * Merge into `progress` without changing the state.
   * @throws BotError `bad-request` when there is no such request
   */
  updateProgress(id: string, progress: Partial<ExecutionProgress>): Promise<MaintenanceRequest>;
}

/**
 * Receives every maintenance event: appends it to the audit Stream, logs it, and posts the
 * chat-visible ones (thread message or card update). `actor` is who caused it (absent: the bot).
 * Should not reject for chat failures (they are logged); rejects only when the audit append fails.
 */
export interface MaintenanceNotifier {
  emit(request: MaintenanceRequest, event: MaintenanceEvent, actor?: Actor): Promise<void>;
}
