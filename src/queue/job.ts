/**
 * The answer job: what a chat adapter puts on a cluster's queue, and the naming rules for job ids
 * and queue names (BullMQ restrictions: docs/dependencies.md, "BullMQ job ids").
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { reportSettingsSchema } from '../commands/report-settings-schema.js';
import { MAX_SELECTOR_LENGTH, isValidClusterName } from '../commands/names.js';
import { PLATFORMS, isChatPlatform } from '../commands/types.js';
import type { ChatPlatform, ChatUser, Command, Locale, ReplyTarget } from '../commands/types.js';
import { BotError } from '../errors.js';

/**
 * One request for an answer, as stored in Redis (JSON).
 * `command` is set when the adapter already parsed the text; the worker then does not parse again.
 */
export interface AnswerJob {
  /** The adapter's request id (derived from the platform's own id, see `ChatCommand.requestId`). */
  requestId: string;
  /** The chat text as typed. */
  text: string;
  /** The parsed command, when the adapter parsed it. */
  command?: Command;
  /**
   * The adapter was not sure of the text (a clarification naming nodes it could not check): `command`
   * is its first reading, and the worker reads the text again with the cluster's node list, answering
   * only a certain reading and otherwise asking with the readings in the cluster's node names.
   */
  clarify?: true;
  /** The cluster the job is for; also selects the queue ({@link queueNameFor}). */
  cluster: string;
  /** Answer language. */
  locale: Locale;
  /** Who asked. */
  user: ChatUser;
  /** Where the answer goes; `replyTo.platform` selects the replies queue ({@link repliesQueueNameFor}). */
  replyTo: ReplyTarget;
  /** When the adapter enqueued the job, ISO 8601 (e.g. `2026-11-29T15:04:05.123Z`). */
  enqueuedAt: string;
}

/** Chat platforms whose replies travel through a replies queue (the console waits for its reply directly). */
export type ReplyPlatform = ChatPlatform;

/** Prefix of the per-cluster answer queues: `k8s-ha-bot-cluster-<cluster>`. */
export const CLUSTER_QUEUE_PREFIX = 'k8s-ha-bot-cluster-';

/** Prefix of the per-platform replies queues: `k8s-ha-bot-replies-<platform>`. */
export const REPLIES_QUEUE_PREFIX = 'k8s-ha-bot-replies-';

/** Request ids kept readable in job ids (no ':' and short); anything else is hashed. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * The BullMQ job id for a request: deterministic, so a retried delivery of the same request maps to
 * the same job and is not added twice.
 *
 * Shape: `r-<requestId>` when the request id is 1-128 characters of `[A-Za-z0-9._-]`, else
 * `h-<sha256 hex of the request id>` (64 hex digits). The prefixes keep the two forms apart and make
 * the id never all digits; neither form contains ':' (BullMQ rejects both: docs/dependencies.md).
 * @param requestId - the adapter's request id (any non-empty string)
 * @returns a job id of at most 130 characters
 * @throws BotError `bad-request` when `requestId` is empty
 */
export function jobIdFor(requestId: string): string {
  if (requestId.length === 0) {
    throw new BotError(
      'bad-request',
      'requestId is empty: every chat request needs an id to derive its job id from',
    );
  }
  if (SAFE_REQUEST_ID.test(requestId)) return `r-${requestId}`;
  return `h-${createHash('sha256').update(requestId, 'utf8').digest('hex')}`;
}

/**
 * The queue of one cluster: `k8s-ha-bot-cluster-<cluster>`.
 * @param cluster - the cluster name (an RFC 1123 label)
 * @returns the BullMQ queue name
 * @throws BotError `bad-request` when `cluster` is not an RFC 1123 label
 */
export function queueNameFor(cluster: string): string {
  if (!isValidClusterName(cluster)) {
    throw new BotError(
      'bad-request',
      `cluster name ${JSON.stringify(cluster.slice(0, 80))} is not an RFC 1123 label (lower-case letters, digits and '-', at most 63 characters)`,
    );
  }
  return `${CLUSTER_QUEUE_PREFIX}${cluster}`;
}

/**
 * The replies queue of one chat platform: `k8s-ha-bot-replies-<platform>`.
 * @param platform - a chat platform (`slack`, `teams`)
 * @returns the BullMQ queue name
 */
export function repliesQueueNameFor(platform: ReplyPlatform): string {
  return `${REPLIES_QUEUE_PREFIX}${platform}`;
}

/**
 * Whether replies to a target go through a replies queue (the chat platforms) rather than straight
 * back to a waiting caller (`console`).
 * @param platform - the reply target's platform
 * @returns true for the chat platforms (`CHAT_PLATFORMS`)
 */
export function isReplyPlatform(platform: ReplyTarget['platform']): platform is ReplyPlatform {
  return isChatPlatform(platform);
}

const platformSchema = z.enum(PLATFORMS);
const localeSchema = z.enum(['en', 'ko']);
const commandSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reboot-impact'),
    node: z.string(),
    cluster: z.string().optional(),
    drain: z.boolean(),
    when: z.string().optional(),
  }),
  z.object({
    kind: z.literal('ha-status'),
    cluster: z.string().optional(),
    report: z.literal(true).optional(),
    reportSettings: reportSettingsSchema.optional(),
  }),
  z.object({ kind: z.literal('help'), cluster: z.string().optional() }),
  z.object({
    kind: z.literal('what-if'),
    change: z.discriminatedUnion('type', [
      z.object({ type: z.literal('component-restart'), component: z.string(), node: z.string().optional() }),
      z.object({ type: z.literal('rolling-update'), component: z.string() }),
      z.object({ type: z.literal('node-down'), node: z.string() }),
      z.object({ type: z.literal('control-plane-down') }),
      z.object({ type: z.literal('etcd-quorum-loss'), members: z.array(z.string()).max(500).optional() }),
      z.object({ type: z.literal('component-down'), component: z.string(), node: z.string().optional() }),
      z.object({
        type: z.literal('etcd-member-remove'),
        node: z.string().optional(),
        member: z.string().max(16).optional(),
      }),
    ]),
    cluster: z.string().optional(),
    drain: z.literal(false),
    when: z.string().optional(),
  }),
  z.object({
    kind: z.literal('drain-impact'),
    node: z.string(),
    cluster: z.string().optional(),
    drain: z.literal(true),
    when: z.string().optional(),
    kubectl: z
      .object({
        verb: z.enum(['drain', 'cordon', 'uncordon', 'delete-node']),
        flags: z.object({
          force: z.boolean(),
          ignoreDaemonSets: z.boolean(),
          deleteEmptyDirData: z.boolean(),
          disableEviction: z.boolean(),
          podSelector: z.string().max(200).optional(),
          gracePeriodS: z.number().int().optional(),
          timeout: z.string().max(20).optional(),
          dryRun: z.boolean().optional(),
        }),
      })
      .optional(),
  }),
  z.object({
    kind: z.literal('upgrade-impact'),
    node: z.string(),
    cluster: z.string().optional(),
    drain: z.boolean(),
    targetVersion: z.string().optional(),
    when: z.string().optional(),
    scope: z.literal('cluster').optional(),
  }),
  // several nodes
  z.object({
    kind: z.literal('multi-node'),
    action: z.enum(['reboot', 'drain', 'upgrade', 'node-down']),
    nodes: z.array(z.string()).max(100),
    group: z
      .discriminatedUnion('type', [
        z.object({ type: z.literal('workers') }),
        z.object({ type: z.literal('control-plane') }),
        z.object({ type: z.literal('all') }),
        z.object({ type: z.literal('zone'), zone: z.string() }),
        z.object({ type: z.literal('selector'), selector: z.string() }),
      ])
      .optional(),
    mode: z.enum(['together', 'one-by-one']),
    drain: z.boolean(),
    targetVersion: z.string().optional(),
    cluster: z.string().optional(),
    when: z.string().optional(),
  }),
  // maintenance
  z.object({
    kind: z.literal('maintenance-request'),
    node: z.string(),
    cluster: z.string().optional(),
    reason: z.string().max(2000),
    force: z.boolean(),
    forceReason: z.string().max(2000).optional(),
  }),
  z.object({
    kind: z.literal('maintenance-decision'),
    action: z.enum(['approve', 'reject', 'cancel', 'pause', 'resume', 'retry', 'skip', 'stop']),
    requestId: z.string(),
    cluster: z.string().optional(),
  }),
  z.object({ kind: z.literal('maintenance-status'), requestId: z.string(), cluster: z.string().optional() }),
  z.object({ kind: z.literal('audit'), cluster: z.string().optional() }),
  // maintenance plans and locks
  z.object({
    kind: z.literal('maintenance-plan'),
    targets: z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('all-workers') }),
      z.object({ kind: z.literal('all') }),
      z.object({ kind: z.literal('control-plane') }),
      z.object({ kind: z.literal('selector'), selector: z.string().max(MAX_SELECTOR_LENGTH) }),
      z.object({ kind: z.literal('nodes'), nodes: z.array(z.string()).max(500) }),
    ]),
    reason: z.string().max(2000),
    cluster: z.string().optional(),
    lang: localeSchema,
  }),
  z.object({ kind: z.literal('lock-status'), node: z.string().optional(), cluster: z.string().optional() }),
  z.object({
    kind: z.literal('break-lock'),
    lock: z.enum(['maintenance', 'kured', 'any']),
    node: z.string().optional(),
    cluster: z.string().optional(),
  }),
]) satisfies z.ZodType<Command>;

/** Schema of {@link AnswerJob}, for data read back from Redis. */
export const answerJobSchema = z.object({
  requestId: z.string().min(1),
  text: z.string(),
  command: commandSchema.optional(),
  clarify: z.literal(true).optional(),
  cluster: z.string().refine(isValidClusterName, 'not an RFC 1123 label'),
  locale: localeSchema,
  user: z.object({
    platform: platformSchema,
    id: z.string(),
    tenant: z.string().optional(),
    displayName: z.string().optional(),
    guest: z.boolean().optional(),
  }),
  replyTo: z.object({ platform: platformSchema, address: z.record(z.string(), z.string()) }),
  enqueuedAt: z.string(),
});

/**
 * Check data read from a queue against {@link AnswerJob}.
 * @param data - the job's data as BullMQ returns it (parsed JSON)
 * @returns the same data, typed
 * @throws BotError `bad-request` (not retryable) naming the first wrong field, e.g. `replyTo.platform: …`
 */
export function parseAnswerJob(data: unknown): AnswerJob {
  const result = answerJobSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue ? issue.path.map(String).join('.') : '';
    throw new BotError(
      'bad-request',
      `answer job data is invalid: ${where || '(root)'}: ${issue?.message ?? 'invalid'}`,
      {
        cause: result.error,
      },
    );
  }
  return result.data as AnswerJob;
}
