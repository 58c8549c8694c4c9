/**
 * The maintenance facade the answer step and the gateways use: create a request (policy
 * checks), decide on it (approve / reject / cancel: atomic in Redis, audited, chat updated; the
 * last approval enqueues the execution job), the card and refusal texts, the audit for admins, and
 * the expiry sweep.
 */
import { ForecastStore, HISTORY_ESTIMATE_COUNT } from './forecast/forecast-store.js';
import type { MismatchRecord } from './forecast/forecast-store.js';
import { ThreadOrder } from './thread-order.js';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { Mutex, TimeoutError as MutexTimeoutError } from 'redis-semaphore';
import type { Verdict } from '../analysis/types.js';
import type { Locale } from '../commands/types.js';
import { BotError } from '../errors.js';
import { explainMaintenanceCard, explainMaintenanceRefusal } from './explain-maintenance.js';
import type { Reply } from '../explain/reply.js';
import type { ReplyPublisher } from '../queue/reply-queue.js';
import type { Logger } from '../util/logger.js';
import { AuditLog } from './audit-log.js';
import { createMaintenanceNotifier } from './notifier.js';
import { type MaintenancePolicy, isAllowed } from './policy.js';
import { MaintenanceStore } from './request-store.js';
import { createPlanService, isPlanSubjectId } from './plan/plan-service.js';
import type { PlanService, PlanSubject, PlanSubjectDecision } from './plan/plan-service.js';
import type { PlanRefusalText } from './plan/explain-maintenance-plan.js';
import { explainPlanRefusal } from './plan/explain-maintenance-plan.js';
import { translator } from '../explain/i18n.js';
import type { PlanAction } from './plan/plan-types.js';
import { queueKeys } from '../config/queue-keys.js';
import { queueErrorListener } from '../queue/redis-connection.js';
import {
  type Actor,
  type AuditEntry,
  type CreateRefusal,
  type DecisionAction,
  type DecisionRefusal,
  type DecisionResult,
  type ExecutionJobData,
  type MaintenanceAction,
  type MaintenanceEvent,
  type MaintenanceNotifier,
  type MaintenanceRequest,
  type MaintenanceRequestInput,
  executionJobIdFor,
  maintenanceQueueNameFor,
  REQUEST_ID_PATTERN,
} from './types.js';

/**
 * What a maintenance card is about: a single-node request (`mr-…`), a maintenance plan (`mp-…`)
 * or a request to break a lock (`lb-…`). The chat adapters handle all three alike
 * (card address in `card`, language in `locale`).
 */
export type MaintenanceSubject = MaintenanceRequest | PlanSubject;

/**
 * The outcome of a decision on any maintenance card (a plan's control on a single-node request is
 * refused `not-applicable`, with the request).
 */
export type SubjectDecisionResult =
  | DecisionResult
  | PlanSubjectDecision
  | { ok: false; refusal: 'not-applicable'; request: MaintenanceRequest };

/** Every refusal a maintenance card's decision or creation may give. */
export type SubjectRefusal = DecisionRefusal | CreateRefusal | PlanRefusalText;

/**
 * Whether a card's subject is a single-node request.
 * @param s - the subject
 */
export function isMaintenanceRequest(s: MaintenanceSubject): s is MaintenanceRequest {
  return REQUEST_ID_PATTERN.test(s.id);
}

/**
 * Whether an id names a maintenance card: a request, a plan or a request to break a lock (what a
 * button's value or a typed decision must be; anything else is never looked up).
 * @param id - untrusted
 */
export function isMaintenanceSubjectId(id: string): boolean {
  return REQUEST_ID_PATTERN.test(id) || isPlanSubjectId(id);
}

/** BullMQ job name of execution jobs. */
export const EXECUTION_JOB_NAME = 'execute';

/**
 * What the answer step knows when it asks for a maintenance: the {@link MaintenanceRequestInput}
 * (`reason` as typed, at most 500 characters are kept; `force`: an admin overrides an `unsafe`
 * verdict, which also allows evicting bare pods; `forceReason`: why it cannot wait, falls back to
 * `reason`, a forced request needs one of them).
 */
export interface CreateRequestInput extends MaintenanceRequestInput {
  /** The reboot-impact verdict now, and its one-line summary (shown on the card). */
  verdict: Verdict;
  summary: string;
  /** The analysis found the node already cordoned by someone else (see `MaintenanceRequest.cordonedAtRequest`). */
  cordonedAtRequest?: boolean;
}

/** The facade; see {@link createMaintenanceService}. */
export interface MaintenanceService {
  /** The request store (implements `MaintenanceStateStore` for the executor). */
  readonly store: MaintenanceStore;
  /**
   * A node's observed times away, in ms, newest first (at most the last 3 maintenances, issue 34):
   * the answers' estimate of how long the node is gone. Empty: no history.
   * @throws whatever Redis throws
   */
  awayHistory(cluster: string, node: string): Promise<number[]>;
  /**
   * The cluster's fate and blocker mismatches of maintenances since `since`, newest first (the
   * daily report's warnings, issue 34).
   * @throws whatever Redis throws
   */
  forecastMismatches(cluster: string, since: Date): Promise<MismatchRecord[]>;
  /** Audit + log + chat for every event. */
  readonly notifier: MaintenanceNotifier;
  /** The audit Stream. */
  readonly audit: AuditLog;
  /** The order of thread messages across gateways (adapters wait for their turn before posting). */
  readonly threadOrder: ThreadOrder;
  /**
   * Ask for a maintenance. Checks, in order: the requester is in `requesters` (`not-requester`);
   * with `force`, the requester is an admin (`force-not-allowed`) and gave a reason
   * (`force-needs-reason`); without `force`, an `unsafe` verdict is refused (`unsafe`); one open
   * request per cluster + node (`already-open`, with the open one as `existing`). On success the
   * `requested` event is audited (the answer step posts the card from {@link cardReply}).
   * @throws BotError `queue-unavailable` when Redis fails
   */
  createRequest(
    input: CreateRequestInput,
  ): Promise<
    | { ok: true; request: MaintenanceRequest }
    | { ok: false; refusal: CreateRefusal; existing?: MaintenanceRequest }
  >;
  /**
   * A click or typed decision (see `MaintenanceStore.decide` for the rules). When it changed the
   * request, the event (`approved`, `rejected`, `cancelled`, `cancel-requested`, or `expired` for
   * a click after expiry) is emitted; on outcome `approved` the execution job is added to
   * `maintenanceQueueNameFor(cluster)` with job id `executionJobIdFor(id)` (added at most once).
   * @throws BotError `queue-unavailable` when Redis fails (the decision may then be stored but the
   *   job not added: {@link sweepExpired} adds jobs for `approved` requests)
   */
  decide(id: string, actor: Actor, action: DecisionAction): Promise<DecisionResult>;
  /**
   * Record where the adapter posted the card (Slack `channel` + `ts`; Teams `conversationKey` +
   * `activityId`).
   * @throws BotError `bad-request` for an unknown id
   */
  attachCard(id: string, card: Record<string, string>): Promise<void>;
  /** The request, or null. */
  get(id: string): Promise<MaintenanceRequest | null>;
  /** The request card in `request.locale`. */
  cardReply(request: MaintenanceRequest): Reply;
  /** The private answer to a refused click or request, in `locale`. */
  refusalText(
    refusal: DecisionRefusal | CreateRefusal,
    request: MaintenanceRequest | undefined,
    locale: Locale,
  ): string;
  /**
   * Recent audit entries, newest first, of the clusters the actor administers (`not-admin` when
   * none).
   * @param count - entries to read (1-1000) before filtering by cluster
   */
  recentAudit(
    actor: Actor,
    count: number,
  ): Promise<{ ok: true; entries: AuditEntry[] } | { ok: false; refusal: 'not-admin' }>;
  /**
   * Expire pending requests past `expiresAt` (event `expired`: audit, card update), and add the
   * execution job of any `approved` request again (idempotent: one job id per request).
   * @returns the requests that expired now
   */
  sweepExpired(): Promise<MaintenanceRequest[]>;
  /** Maintenance plans and `break lock`. */
  readonly plans: PlanService;
  /**
   * What the chat adapters decide with: the same decisions, cards and refusals for requests,
   * plans and requests to break a lock, by id.
   */
  readonly chat: MaintenanceChatPort;
  /** Close the execution queues (not the Redis connection, not the publisher). */
  close(): Promise<void>;
}

/**
 * What the chat adapters (Slack, Teams) decide with (`MaintenanceService.chat`): decisions, the
 * card and its address, refusal texts and the audit, for single-node requests (`mr-…`),
 * maintenance plans (`mp-…`) and requests to break a lock (`lb-…`) alike, chosen by id. Every
 * method may throw what Redis throws. `threadOrder` is optional: absent, thread messages are
 * posted in arrival order. (`MaintenanceService` itself satisfies the request part.)
 */
export interface MaintenanceChatPort {
  /** A decision (a plan's controls on a request are refused `not-applicable`). */
  decide(id: string, actor: Actor, action: MaintenanceAction): Promise<SubjectDecisionResult>;
  /** Record where the card was posted. @throws BotError `bad-request` for an unknown id */
  attachCard(id: string, card: Record<string, string>): Promise<void>;
  get(id: string): Promise<MaintenanceSubject | null>;
  cardReply(subject: MaintenanceSubject): Reply;
  refusalText(refusal: SubjectRefusal, subject: MaintenanceSubject | undefined, locale: Locale): string;
  recentAudit: MaintenanceService['recentAudit'];
  /** Thread-message order across gateways; absent: posted in arrival order. */
  readonly threadOrder?: Pick<ThreadOrder, 'inTurn'>;
}

/** Options of {@link createMaintenanceService}. */
export interface MaintenanceServiceOptions {
  /** A connected ioredis client, shared by the store, the audit and the execution queues; not closed. */
  redis: Redis;
  policy: MaintenancePolicy;
  /** BullMQ key prefix of the execution queues (the same as the maintenance worker's). @defaultValue `'bull'` */
  prefix?: string;
  /**
   * Prefix of the request keys, the audit Stream and the decision locks.
   * @defaultValue `queueKeys(prefix).maintenance`: `k8s-ha-bot:maintenance:` for the queue prefix
   * `bull`, `k8s-ha-bot:maintenance:<prefix>:` for another
   */
  keyPrefix?: string;
  logger: Logger;
  /** For chat posts (thread messages, card updates); absent: audit and log only. Not closed. */
  publisher?: ReplyPublisher;
  /** Clock. @defaultValue `() => new Date()` */
  now?: () => Date;
}

/**
 * The longest one decision holds its request's decision mutex, in ms: a gateway that dies while
 * deciding blocks the next decision of that request no longer than this.
 */
const DECISION_LOCK_MS = 10_000;
/**
 * The longest a decision waits for the one before it on the same request, in ms; then it is decided
 * anyway (counting stays exact through the store's compare-and-set, only the order of the audit
 * entries and thread messages may then differ). Kept under Teams' invoke answer time.
 */
const DECISION_WAIT_MS = 3_000;

/** Options of execution jobs: a few retries (the executor resumes from Redis), kept 7 days. */
const EXECUTION_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 10_000 },
  removeOnComplete: { age: 7 * 24 * 3600 },
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;

/**
 * Build the maintenance service.
 * @param o - see {@link MaintenanceServiceOptions}
 * @returns the service; call `close()` at shutdown
 */
export function createMaintenanceService(o: MaintenanceServiceOptions): MaintenanceService {
  const now = o.now ?? (() => new Date());
  const keyPrefix = o.keyPrefix ?? queueKeys(o.prefix).maintenance;
  const store = new MaintenanceStore(o.redis, { keyPrefix, now });
  const audit = new AuditLog(o.redis, { key: `${keyPrefix}audit`, logger: o.logger });
  const threadOrder = new ThreadOrder(o.redis, keyPrefix);
  const notifier = createMaintenanceNotifier({
    audit,
    logger: o.logger,
    now,
    threadOrder,
    ...(o.publisher === undefined ? {} : { publisher: o.publisher }),
  });
  const queues = new Map<string, Queue>();

  const queueFor = (cluster: string): Queue => {
    let q = queues.get(cluster);
    if (!q) {
      // Shares the service's connection: BullMQ does not duplicate it for a Queue and never closes it.
      q = new Queue(maintenanceQueueNameFor(cluster), {
        connection: o.redis,
        prefix: queueKeys(o.prefix).prefix,
      });
      q.on('error', queueErrorListener(o.logger, null, 'maintenance queue error', { cluster }));
      queues.set(cluster, q);
    }
    return q;
  };
  const plans = createPlanService({
    redis: o.redis,
    keyPrefix,
    policy: o.policy,
    audit,
    threadOrder,
    ...(o.publisher === undefined ? {} : { publisher: o.publisher }),
    queueFor,
    logger: o.logger,
    now,
  });

  const enqueue = async (request: MaintenanceRequest): Promise<void> => {
    try {
      await queueFor(request.cluster).add(
        EXECUTION_JOB_NAME,
        { requestId: request.id, cluster: request.cluster } satisfies ExecutionJobData,
        { ...EXECUTION_JOB_OPTIONS, jobId: executionJobIdFor(request.id) },
      );
    } catch (err) {
      throw new BotError('queue-unavailable', `maintenance: cannot add the execution job of ${request.id}`, {
        retryable: true,
        cause: err,
      });
    }
    o.logger.info(
      { requestId: request.id, cluster: request.cluster, node: request.node },
      'maintenance execution enqueued',
    );
  };

  const isAdminSomewhere = (actor: Actor, clusters: Iterable<string>): Set<string> => {
    const out = new Set<string>();
    for (const c of clusters) if (isAllowed(o.policy.forCluster(c).admins, actor)) out.add(c);
    return out;
  };

  /** A decision, decided now (see `decide`); the caller holds the request's decision mutex. */
  const decideNow = async (id: string, actor: Actor, action: DecisionAction): Promise<DecisionResult> => {
    // One read: the store looks the policy up for the request's cluster inside its compare-and-set.
    const decision = await store.decide(id, actor, action, (cluster) => o.policy.forCluster(cluster));
    const { changed, ...result } = decision;
    if (!changed || result.request === undefined) return result;
    const request = result.request;
    let event: MaintenanceEvent | null = null;
    let by: Actor | undefined = actor;
    if (result.ok) {
      switch (result.outcome) {
        case 'approval-counted':
        case 'approved':
          event = {
            type: 'approved',
            by: actor,
            approvals: request.approvals.length,
            required: request.approvalsRequired,
          };
          break;
        case 'rejected':
          event = { type: 'rejected', by: actor };
          break;
        case 'cancelled':
          event = { type: 'cancelled', by: actor, nodeCordoned: false, podsEvicted: 0 };
          break;
        case 'cancel-requested':
          event = { type: 'cancel-requested', by: actor };
          break;
      }
    } else if (result.refusal === 'expired') {
      event = { type: 'expired' };
      by = undefined;
    }
    // Audit first, so 'approved' precedes anything the executor records; then the job, even
    // when the audit failed (the approval is stored); then report the audit failure.
    let emitError: unknown;
    if (event !== null) {
      try {
        await notifier.emit(request, event, by);
      } catch (err) {
        emitError = err;
      }
    }
    if (result.ok && result.outcome === 'approved') await enqueue(request);
    if (emitError !== undefined) throw emitError;
    return result;
  };

  /**
   * Run a decision while holding the request's decision mutex (redis-semaphore: a Redis key with a
   * TTL); past {@link DECISION_WAIT_MS} run it anyway (logged).
   * @throws BotError `queue-unavailable` when Redis fails while taking the mutex
   */
  const inDecisionOrder = async <T>(id: string, decide: () => Promise<T>): Promise<T> => {
    const mutex = new Mutex(o.redis, `${keyPrefix}decision:${id}`, {
      lockTimeout: DECISION_LOCK_MS,
      acquireTimeout: DECISION_WAIT_MS,
      retryInterval: 10,
      refreshInterval: 0,
    });
    let held = false;
    try {
      await mutex.acquire();
      held = true;
    } catch (err) {
      // Redis itself failing is answered at once (one command timeout), not waited out twice.
      if (!(err instanceof MutexTimeoutError))
        throw new BotError('queue-unavailable', `maintenance: cannot take the decision mutex of ${id}`, {
          retryable: true,
          cause: err,
        });
      o.logger.warn(
        { err, requestId: id },
        'maintenance decision: the previous decision of this request did not finish in time; deciding without waiting',
      );
    }
    try {
      return await decide();
    } finally {
      // Not awaited: the decision is made; a release stuck on a hanging Redis must not hold the
      // click's answer (the key expires on its own after DECISION_LOCK_MS).
      if (held)
        void mutex
          .release()
          .catch((err: unknown) =>
            o.logger.warn(
              { err, requestId: id },
              'maintenance decision: could not release the decision mutex (it expires on its own)',
            ),
          );
    }
  };

  const recentAudit: MaintenanceService['recentAudit'] = async (actor, count) => {
    const entries = await audit.recent(count);
    const named = o.policy.clusterNames ?? [];
    const admin = isAdminSomewhere(actor, new Set([...named, ...entries.map((e) => e.cluster)]));
    const defaultsAdmin = o.policy.defaults !== undefined && isAllowed(o.policy.defaults().admins, actor);
    if (admin.size === 0 && !defaultsAdmin) return { ok: false, refusal: 'not-admin' };
    return { ok: true, entries: entries.filter((e) => admin.has(e.cluster)) };
  };

  const chat: MaintenanceChatPort = {
    threadOrder,
    recentAudit,
    async decide(id, actor, action) {
      if (isPlanSubjectId(id))
        return inDecisionOrder(id, () => plans.decide(id, actor, action as PlanAction));
      if (action !== 'approve' && action !== 'reject' && action !== 'cancel') {
        const request = await store.get(id);
        return request
          ? { ok: false, refusal: 'not-applicable', request }
          : { ok: false, refusal: 'not-found' };
      }
      return inDecisionOrder(id, () => decideNow(id, actor, action));
    },
    async attachCard(id, card) {
      if (isPlanSubjectId(id)) await plans.attachCard(id, card);
      else await store.attachCard(id, card);
    },
    get: (id) => (isPlanSubjectId(id) ? plans.get(id) : store.get(id)),
    cardReply: (subject) =>
      isMaintenanceRequest(subject)
        ? explainMaintenanceCard(subject, subject.locale)
        : plans.cardReply(subject),
    refusalText: (refusal, subject, locale) =>
      subject !== undefined && !isMaintenanceRequest(subject)
        ? plans.refusalText(refusal as PlanRefusalText, subject, locale)
        : refusal === 'not-allowed' || refusal === 'not-applicable'
          ? explainPlanRefusal(refusal, undefined, locale, {
              ...(subject
                ? {
                    id: subject.id,
                    cluster: subject.cluster,
                    state: translator(locale).t(`maintenance.stateName.${subject.state}`),
                  }
                : {}),
            })
          : explainMaintenanceRefusal(refusal as DecisionRefusal | CreateRefusal, subject, locale),
  };

  const forecasts = new ForecastStore(o.redis, keyPrefix);
  return {
    store,
    async awayHistory(cluster, node) {
      return (await forecasts.history(cluster, node))
        .map((h) => h.awayMs)
        .filter((ms): ms is number => ms !== null)
        .slice(0, HISTORY_ESTIMATE_COUNT);
    },
    forecastMismatches: (cluster, since) => forecasts.mismatchesSince(cluster, since),
    notifier,
    audit,
    threadOrder,
    plans,
    chat,

    async createRequest(input) {
      const policy = o.policy.forCluster(input.cluster);
      if (!isAllowed(policy.requesters, input.requestedBy)) return { ok: false, refusal: 'not-requester' };
      let forceReason: string | undefined;
      if (input.force) {
        if (!isAllowed(policy.admins, input.requestedBy)) return { ok: false, refusal: 'force-not-allowed' };
        forceReason = (input.forceReason ?? '').trim() || input.reason.trim();
        if (forceReason === '') return { ok: false, refusal: 'force-needs-reason' };
      } else if (input.verdict === 'unsafe') {
        return { ok: false, refusal: 'unsafe' };
      }
      const created = await store.create(
        {
          cluster: input.cluster,
          node: input.node,
          nodeRole: input.nodeRole,
          reason: input.reason,
          force: input.force,
          ...(forceReason === undefined ? {} : { forceReason }),
          requestedBy: input.requestedBy,
          locale: input.locale,
          replyTo: input.replyTo,
          verdictAtRequest: input.verdict,
          summaryAtRequest: input.summary,
          ...(input.cordonedAtRequest === true ? { cordonedAtRequest: true } : {}),
        },
        policy,
      );
      if (!created.ok) return created;
      await notifier.emit(created.request, { type: 'requested' }, input.requestedBy);
      return created;
    },

    async decide(id, actor, action) {
      // One decision of a request at a time across gateway replicas: the store counts concurrent
      // clicks exactly on its own, but two approvals emitted from two gateways could otherwise be
      // audited and numbered in the thread in the other order ("2 of 2" before "1 of 2").
      return inDecisionOrder(id, () => decideNow(id, actor, action));
    },

    async attachCard(id, card) {
      await store.attachCard(id, card);
    },

    get: (id) => store.get(id),

    cardReply: (request) => explainMaintenanceCard(request, request.locale),

    refusalText: (refusal, request, locale) => explainMaintenanceRefusal(refusal, request, locale),

    recentAudit,

    async sweepExpired() {
      const expired: MaintenanceRequest[] = [];
      for (const id of await store.duePendingIds(now())) {
        const r = await store.expireIfDue(id);
        if (r === null) continue;
        expired.push(r);
        await notifier.emit(r, { type: 'expired' });
      }
      for (const r of await store.listOpen()) {
        if (r.state === 'approved') await enqueue(r);
      }
      await plans.sweep();
      return expired;
    },

    async close() {
      await Promise.all([...queues.values()].map((q) => q.close()));
      queues.clear();
    },
  };
}
