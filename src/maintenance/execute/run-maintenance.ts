/**
 * The maintenance executor: runs one approved request through the state machine of
 * `../types.ts` — wait for the change window → `checking` (lock, preflight, re-run analysis) →
 * `locked` → `cordoned` → `draining` → `awaiting-reboot` (reboot hook) → `verifying` →
 * `completed` — emitting every event to the notifier.
 *
 * Resumable: the state and progress live in the store (Redis), each step is idempotent, and
 * entering any state again (a replacement worker after a crash) works: the Lease is held by the
 * request id, so the replacement finds it "already ours"; `wasCordoned` is recorded before the
 * cordon; evictions are recorded in a ledger and pods that are gone or terminating are never
 * evicted again; the reboot hook runs at most once (a Redis `SET NX` marker); the deadlines of the
 * drain and of the reboot are kept from the recorded start times.
 *
 * Cancel: the gateway moves the request to `cancelling`; the executor sees it between evictions and
 * every poll, uncordons the node when it cordoned it, releases the lock and ends in `cancelled`.
 * Failures end in `failed` with a {@link StopReason}; the node stays cordoned after a drain or reboot
 * timeout, and the lock is released.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import type { Redis } from 'ioredis';
import type { Finding, Verdict } from '../../analysis/types.js';
import { isCordoned } from '../../analysis/cluster-index.js';
import { BotError, isBotError } from '../../errors.js';
import type { Logger } from '../../util/logger.js';
import { nextWindowStart } from '../policy.js';
import type {
  ClusterMaintenancePolicy,
  ExecutionProgress,
  MaintenanceEvent,
  MaintenanceNotifier,
  MaintenanceRequest,
  MaintenanceState,
  MaintenanceStateStore,
} from '../types.js';
import { EXECUTING_STATES, TERMINAL_STATES } from '../types.js';
import { readNode, setUnschedulable } from './cordon.js';
import { MAINTENANCE_KEY_PREFIX } from '../request-store.js';
import { drainNode, evictionLedgerKey } from './drain.js';
import { createKubeApi, MaintenanceStopError, sleep } from './kube-api.js';
import type { KubeApi } from './kube-api.js';
import { MaintenanceLock } from './maintenance-lock.js';
import { preflight } from './preflight.js';
import { runRebootHook } from './reboot-hook.js';
import { verifyNode, waitForNewBoot } from './wait-for-reboot.js';
import { awayEstimate, compareForecast } from '../forecast/forecast.js';
import type { NodeForecast } from '../forecast/forecast.js';
import { ForecastStore, HISTORY_ESTIMATE_COUNT } from '../forecast/forecast-store.js';
import { apiServersAlive, observeOutcome } from '../forecast/observe-outcome.js';
import { recordForecastMismatch } from '../../util/metric-hooks.js';

/** What {@link runMaintenance} needs (the worker builds one per cluster). */
export interface MaintenanceDeps {
  store: MaintenanceStateStore;
  notifier: MaintenanceNotifier;
  /** The cluster's KubeConfig, context selected; its identity needs the maintenance role. */
  kubeConfig: KubeConfig;
  policy: ClusterMaintenancePolicy;
  /** For the eviction ledger and the reboot-hook marker. */
  redis: Redis;
  /** Who runs (e.g. `hostname/pid`): written on the Lease as an annotation, logged. */
  holderIdentity: string;
  /** The reboot-impact analysis of the node, re-run before anything is touched. */
  analyze: (
    node: string,
  ) => Promise<{ verdict: Verdict; summary: string; findings: Finding[]; forecast?: NodeForecast }>;
  /**
   * The cluster as the `snapshot` command writes it, kept beside the request for `report
   * mismatch` (issue 34); absent: none is kept. A failure is logged and changes nothing.
   */
  captureSnapshot?: () => Promise<string>;
  /** Whether the node's etcd member is healthy; null when etcd is not observable. */
  etcdHealthy?: (node: string) => Promise<boolean | null>;
  /**
   * Healthy etcd voters seen now, read as the analysis reads etcd (src/analysis/etcd-view.ts
   * `etcdVotersSeenIn`); null when not observable. Asked while the node is away, to compare with
   * the forecast's etcd voters left (issue 34); absent: not observed.
   */
  etcdVotersSeen?: () => Promise<number | null>;
  now?: () => Date;
  /** Aborted when the worker shuts down: the run stops where it is (state kept) and rejects. */
  signal?: AbortSignal;
  logger: Logger;
  /** Time between two looks at pods / the node while draining and waiting, in ms. @defaultValue 1500 */
  pollMs?: number;
  /** Prefix of the executor's Redis keys (eviction ledger, hook marker), as the store's. @defaultValue `k8s-ha-bot:maintenance:` */
  keyPrefix?: string;
}

/** Longest single sleep while waiting for a change window, in ms (cancel is checked in between). */
const WINDOW_POLL_MS = 5_000;

/**
 * The Redis key marking that the reboot hook of a request ran (at most once).
 * @param requestId - `mr-…`
 * @param keyPrefix - @defaultValue `k8s-ha-bot:maintenance:`
 */
export function rebootHookMarkerKey(requestId: string, keyPrefix = MAINTENANCE_KEY_PREFIX): string {
  return `${keyPrefix}hook:${requestId}`;
}

/**
 * Run (or resume) the execution of an approved request until it ends.
 * @param requestId - `mr-…`
 * @param deps - see {@link MaintenanceDeps}
 * @returns the request in its final state (`completed`, `failed`, `cancelled`), or as found when
 *   it is not the executor's (pending, terminal)
 * @throws BotError `bad-request` when there is no such request; the signal's reason when
 *   `deps.signal` aborts (the state is kept for a replacement worker); retryable BotErrors of the
 *   store (`queue-unavailable`)
 */
export async function runMaintenance(requestId: string, deps: MaintenanceDeps): Promise<MaintenanceRequest> {
  const first = await deps.store.get(requestId);
  if (!first) throw new BotError('bad-request', `no maintenance request ${requestId}`);
  if (TERMINAL_STATES.includes(first.state) || first.state === 'pending-approval') return first;
  const run = new Execution(
    requestId,
    first,
    deps,
    await createKubeApi(deps.kubeConfig, { logger: deps.logger }),
  );
  try {
    return await run.loop();
  } finally {
    await run.lock.stopRenewing();
    run.api.close();
  }
}

/** Most mismatches a request's progress and its event carry (the audit record keeps them all). */
const MAX_STORED_MISMATCHES = 20;

class Execution {
  readonly lock: MaintenanceLock;
  private readonly forecasts: ForecastStore;
  private readonly now: () => Date;
  private readonly log: Logger;
  private readonly ns: string;
  private lockHeld = false;
  /** The plan runner holds the Lease for this request's step and releases it. */
  private readonly lockIsPlans: boolean;

  constructor(
    private readonly id: string,
    first: MaintenanceRequest,
    private readonly deps: MaintenanceDeps,
    readonly api: KubeApi,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.log = deps.logger.child({ maintenanceId: id, cluster: first.cluster, node: first.node });
    this.ns = deps.policy.lock.namespace;
    this.lockIsPlans = first.plan?.lockHolder !== undefined;
    this.forecasts = new ForecastStore(deps.redis, deps.keyPrefix ?? MAINTENANCE_KEY_PREFIX);
    this.lock = new MaintenanceLock({
      api,
      namespace: deps.policy.lock.namespace,
      leaseName: deps.policy.lock.leaseName,
      leaseDurationSeconds: deps.policy.lock.leaseDurationSeconds,
      // A plan's step of several nodes holds the Lease under one holder for all of them.
      holder: first.plan?.lockHolder ?? id,
      worker: deps.holderIdentity,
      node: first.node,
      now: this.now,
      logger: this.log,
    });
  }

  private iso(): string {
    return this.now().toISOString();
  }

  private async current(): Promise<MaintenanceRequest> {
    const r = await this.deps.store.get(this.id);
    if (!r) throw new BotError('bad-request', `maintenance request ${this.id} disappeared`);
    return r;
  }

  /** True when a cancel was asked; throws `lock-held` when a renewal found the lock taken. */
  private isCancelled = async (): Promise<boolean> => {
    this.lock.assertNotLost();
    return (await this.current()).state === 'cancelling';
  };

  private async emit(request: MaintenanceRequest, event: MaintenanceEvent): Promise<void> {
    try {
      await this.deps.notifier.emit(request, event);
    } catch (err) {
      // the audit append failed: the maintenance goes on (stopping half-way would be worse)
      this.log.error({ err, event: event.type }, 'could not record a maintenance event');
    }
  }

  private async move(
    from: MaintenanceState,
    to: MaintenanceState,
    patch: { progress?: Partial<ExecutionProgress>; stateReason?: string } = {},
  ): Promise<MaintenanceRequest | null> {
    const r = await this.deps.store.transition(this.id, [from], to, patch);
    if (r) this.log.info({ from, to }, 'maintenance state');
    return r;
  }

  /**
   * While draining (evictions change the cluster): a cancel, a lost lock, or a lock we could not
   * renew within its TTL (it may have expired and been taken) stops the drain.
   */
  private isCancelledWhileDraining = async (): Promise<boolean> => {
    if (this.lock.staleLocally()) await this.lock.confirm();
    return this.isCancelled();
  };

  /**
   * Take the lock, or keep it. `confirm` (steps that change the cluster next: cordon, drain)
   * renews it synchronously first; the waiting steps skip that, because the API may be down while a
   * control-plane node reboots (the uncordon confirms on its own).
   */
  private async ensureLock(options: { confirm: boolean } = { confirm: true }): Promise<void> {
    this.lock.assertNotLost();
    if (this.lockHeld) {
      if (options.confirm) await this.lock.confirm();
      return;
    }
    const got = await this.lock.acquire();
    if (!got.ok) {
      throw new MaintenanceStopError(
        'lock-held',
        `the maintenance lock ${this.lock.name} is held by ${got.holder}${got.node ? ` (node ${got.node})` : ''}`,
      );
    }
    this.lockHeld = true;
    this.lock.startRenewing();
  }

  async loop(): Promise<MaintenanceRequest> {
    for (;;) {
      const r = await this.current();
      try {
        const done = await this.step(r);
        if (done) return done;
      } catch (err) {
        if (this.deps.signal?.aborted) throw err;
        if (err instanceof MaintenanceStopError) return this.fail(err);
        if (isBotError(err) && err.code === 'queue-unavailable') throw err; // the store is down: retry the job
        this.log.error({ err }, 'maintenance step failed unexpectedly');
        return this.fail(
          new MaintenanceStopError(
            'api-error',
            isBotError(err) ? err.message : 'unexpected error (see logs)',
            { cause: err },
          ),
        );
      }
    }
  }

  /** One state's work; returns the final request when the run ends, else null (loop again). */
  private async step(r: MaintenanceRequest): Promise<MaintenanceRequest | null> {
    const p = r.progress;
    switch (r.state) {
      case 'approved':
      case 'waiting-for-window':
        return this.waitForWindow(r);
      case 'checking': {
        await this.ensureLock();
        await preflight(this.api, r, this.ns, this.now(), this.log);
        let analysis: Awaited<ReturnType<MaintenanceDeps['analyze']>>;
        try {
          analysis = await this.deps.analyze(r.node);
        } catch (err) {
          if (this.deps.signal?.aborted) throw err;
          this.log.warn({ err }, 'the re-run analysis failed');
          throw new MaintenanceStopError(
            'api-error',
            `the reboot-impact analysis could not run again${isBotError(err) ? `: ${err.message}` : ''}`,
            { cause: err },
          );
        }
        if (analysis.verdict === 'unsafe' && !r.force)
          throw new MaintenanceStopError('verdict-unsafe', analysis.summary);
        await this.keepForecast(r, analysis.forecast);
        const next = await this.move('checking', 'locked', { progress: { lockedAt: this.iso() } });
        if (next) await this.emit(next, { type: 'locked', lease: this.lock.name });
        return null;
      }
      case 'locked': {
        await this.ensureLock();
        let progress = p;
        if (progress.wasCordoned === undefined) {
          const node = await readNode(this.api, r.node, this.ns, this.log);
          if (!node) throw new MaintenanceStopError('node-not-ready', `node ${r.node} no longer exists`);
          const was = isCordoned(node);
          // recorded BEFORE the patch: a crash after it still knows who cordoned
          progress = (
            await this.deps.store.updateProgress(this.id, {
              wasCordoned: was,
              cordonedByBot: !was,
              ...(node.status?.nodeInfo?.bootID ? { bootIdBefore: node.status.nodeInfo.bootID } : {}),
            })
          ).progress;
        }
        if (progress.cordonedByBot) await setUnschedulable(this.api, r.node, true, this.ns, this.log);
        const next = await this.move('locked', 'cordoned', { progress: { cordonedAt: this.iso() } });
        if (next) await this.emit(next, { type: 'cordoned', wasCordoned: progress.wasCordoned === true });
        return null;
      }
      case 'cordoned': {
        await this.ensureLock();
        await this.move('cordoned', 'draining', { progress: { drainStartedAt: this.iso() } });
        return null;
      }
      case 'draining':
        return this.drain(r);
      case 'awaiting-reboot':
        return this.awaitReboot(r);
      case 'verifying':
        return this.verify(r);
      case 'cancelling':
        return this.cancel(r);
      default:
        return r; // terminal or not the executor's
    }
  }

  private async waitForWindow(r: MaintenanceRequest): Promise<MaintenanceRequest | null> {
    const opens = nextWindowStart(this.deps.policy, this.now());
    if (opens !== null) {
      if (this.deps.policy.outsideWindow === 'refuse') {
        throw new MaintenanceStopError(
          'outside-change-window',
          `outside the change windows of ${r.cluster}; the next one opens at ${opens.toISOString()}`,
        );
      }
      if (r.state === 'approved') {
        const next = await this.move('approved', 'waiting-for-window');
        if (next) await this.emit(next, { type: 'waiting-for-window', opensAt: opens.toISOString() });
        return null;
      }
      const waitMs = opens.getTime() - this.now().getTime();
      await sleep(
        Math.max(0, Math.min(waitMs, WINDOW_POLL_MS, this.deps.pollMs ?? WINDOW_POLL_MS)),
        this.deps.signal,
      );
      return null; // loop: sees a cancel, or the window open
    }
    const next = await this.move(r.state, 'checking', {
      progress: { startedAt: r.progress.startedAt ?? this.iso() },
    });
    if (next) await this.emit(next, { type: 'execution-started' });
    return null;
  }

  private async drain(r: MaintenanceRequest): Promise<MaintenanceRequest | null> {
    // The `cordoned` step confirmed the Lease right before moving here, and the drain loop
    // re-confirms whenever our last write is older than the TTL; a resumed run (another worker)
    // takes the Lease afresh in ensureLock. A second synchronous renewal here would only turn a
    // brief API blip at the start of the drain into a failed maintenance.
    await this.ensureLock({ confirm: false });
    const startedAt = new Date(r.progress.drainStartedAt ?? this.iso());
    const result = await drainNode({
      api: this.api,
      redis: this.deps.redis,
      ...(this.deps.keyPrefix ? { keyPrefix: this.deps.keyPrefix } : {}),
      requestId: this.id,
      node: r.node,
      force: r.force,
      drain: this.deps.policy.drain,
      lockNamespace: this.ns,
      startedAt,
      pollMs: this.deps.pollMs,
      now: this.now,
      signal: this.deps.signal,
      logger: this.log,
      isCancelled: this.isCancelledWhileDraining,
      onEviction: async (pod) => this.emit(await this.current(), { type: 'eviction', pod }),
      onAnswer: (pod, status, budget) => this.forecasts.recordEviction(this.id, pod, status, budget),
      onProgress: async ({ evicted, total, waitingOn }) => {
        const req = await this.deps.store.updateProgress(this.id, {
          podsEvicted: evicted,
          podsToEvict: total,
        });
        await this.emit(req, { type: 'drain-progress', evicted, total, waitingOn });
      },
    });
    if (result.outcome === 'cancelled') return null; // loop: the state is `cancelling`
    const next = await this.move('draining', 'awaiting-reboot', {
      progress: { drainedAt: this.iso(), podsEvicted: result.evicted },
    });
    if (next) await this.emit(next, { type: 'drained', evicted: result.evicted, skipped: result.skipped });
    return null;
  }

  private async awaitReboot(r: MaintenanceRequest): Promise<MaintenanceRequest | null> {
    await this.ensureLock({ confirm: false });
    const hook = this.deps.policy.reboot.hook;
    if (hook) {
      const first = await this.deps.redis.set(
        rebootHookMarkerKey(this.id, this.deps.keyPrefix),
        this.iso(),
        'EX',
        7 * 24 * 3600,
        'NX',
      );
      if (first === 'OK') {
        const outcome = await runRebootHook(hook, { cluster: r.cluster, node: r.node, requestId: this.id });
        this.log.info(outcome, 'reboot hook ran');
        await this.emit(await this.current(), { type: 'reboot-hook', ...outcome });
      }
    }
    const seen = await waitForNewBoot({
      ...this.rebootWait(r),
      bootIdBefore: r.progress.bootIdBefore,
      onDown: async () => {
        if (!(await this.current()).progress.rebootSeenAt)
          await this.deps.store.updateProgress(this.id, { rebootSeenAt: this.iso() });
        // while a control-plane node reboots the API may not answer: not observed then
        const alive = await apiServersAlive(this.api, this.now(), this.log).catch(() => null);
        if (alive !== null) await this.deps.store.updateProgress(this.id, { apiServersSeen: alive });
        const voters = await this.deps.etcdVotersSeen?.().catch((err: unknown) => {
          this.log.warn({ err }, 'could not read the etcd members while the node was away');
          return null;
        });
        if (typeof voters === 'number')
          await this.deps.store.updateProgress(this.id, { etcdVotersSeen: voters });
      },
    });
    if (seen === 'cancelled') return null;
    const latest = await this.current();
    const next = await this.move('awaiting-reboot', 'verifying', {
      progress: { bootIdAfter: seen.bootId, rebootSeenAt: latest.progress.rebootSeenAt ?? this.iso() },
    });
    if (next) await this.emit(next, { type: 'rebooted', bootId: seen.bootId });
    return null;
  }

  /**
   * What the reboot wait and the verification share: one deadline (the drain's end + the policy's
   * reboot timeout) and the same polling, cancel check and API.
   */
  private rebootWait(r: MaintenanceRequest) {
    return {
      api: this.api,
      node: r.node,
      deadline: new Date(r.progress.drainedAt ?? this.iso()).getTime() + this.deps.policy.reboot.timeoutMs,
      pollMs: this.deps.pollMs,
      lockNamespace: this.ns,
      now: this.now,
      signal: this.deps.signal,
      logger: this.log,
      isCancelled: this.isCancelled,
    };
  }

  private async verify(r: MaintenanceRequest): Promise<MaintenanceRequest | null> {
    await this.ensureLock({ confirm: false });
    if (!r.progress.verifiedAt) {
      const outcome = await verifyNode({
        ...this.rebootWait(r),
        ...(this.deps.etcdHealthy ? { etcdHealthy: this.deps.etcdHealthy } : {}),
      });
      if (outcome === 'cancelled') return null;
      await this.emit(await this.deps.store.updateProgress(this.id, { verifiedAt: this.iso() }), {
        type: 'verified',
      });
    }
    let req = await this.current();
    if (req.progress.cordonedByBot && !req.progress.uncordonedAt) {
      // The reboot wait may have been long: uncordon only while the Lease is still ours.
      await this.lock.confirm();
      await setUnschedulable(this.api, r.node, false, this.ns, this.log);
      req = await this.deps.store.updateProgress(this.id, { uncordonedAt: this.iso() });
      await this.emit(req, { type: 'uncordoned' });
    }
    if (this.lockIsPlans) await this.lock.stopRenewing();
    else if (await this.lock.release())
      await this.emit(req, { type: 'lock-released', lease: this.lock.name });
    this.lockHeld = false;
    await this.compareWithForecast();
    const finishedAt = this.now();
    const done = await this.move('verifying', 'completed', {
      progress: { finishedAt: finishedAt.toISOString() },
    });
    if (!done) return null; // cancelled meanwhile: loop
    const pr = done.progress;
    const ms = (a?: string, b?: string): number => (a && b ? Math.max(0, Date.parse(b) - Date.parse(a)) : 0);
    await this.emit(done, {
      type: 'completed',
      drainMs: ms(pr.drainStartedAt, pr.drainedAt),
      downtimeMs: ms(pr.rebootSeenAt, pr.verifiedAt),
      totalMs: ms(pr.startedAt, pr.finishedAt),
    });
    return done;
  }

  /**
   * Keep the analysis' forecast beside the request (its time away from this node's history), and
   * the cluster as it is now for `report mismatch`; neither stops the maintenance when it fails.
   */
  private async keepForecast(r: MaintenanceRequest, forecast: NodeForecast | undefined): Promise<void> {
    if (!forecast) return;
    try {
      const history = await this.forecasts.history(r.cluster, r.node);
      const away = awayEstimate(
        history
          .map((h) => h.awayMs)
          .filter((ms): ms is number => ms !== null)
          .slice(0, HISTORY_ESTIMATE_COUNT),
      );
      await this.forecasts.putForecast(this.id, { ...forecast, away });
      if (this.deps.captureSnapshot && (await this.forecasts.getApprovalSnapshot(this.id)) === null)
        await this.forecasts.putApprovalSnapshot(this.id, await this.deps.captureSnapshot());
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err }, 'could not keep the forecast of the maintenance');
    }
  }

  /**
   * At the end of the node: observe what happened, compare it with the forecast, keep both (and
   * the node's history), count the mismatches and say the comparison. Once per request; without
   * a forecast, nothing.
   */
  private async compareWithForecast(): Promise<void> {
    try {
      const forecast = await this.forecasts.getForecast(this.id);
      const r = await this.current();
      if (!forecast || r.progress.forecastComparison) return;
      const outcome = await observeOutcome(this.api, r, forecast, await this.forecasts.evictions(this.id), {
        now: this.now(),
        logger: this.log,
      });
      const comparison = compareForecast(forecast, outcome);
      await this.forecasts.putRecord(this.id, r.cluster, { forecast, outcome, comparison });
      for (const m of comparison.mismatches) recordForecastMismatch(m.kind);
      const kept = { ...comparison, mismatches: comparison.mismatches.slice(0, MAX_STORED_MISMATCHES) };
      const req = await this.deps.store.updateProgress(this.id, { forecastComparison: kept });
      await this.emit(req, { type: 'forecast-compared', comparison: kept });
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err }, 'could not compare the maintenance with its forecast');
    }
  }

  private async cancel(r: MaintenanceRequest): Promise<MaintenanceRequest> {
    let nodeCordoned = r.progress.wasCordoned === true;
    if (r.progress.cordonedByBot && !r.progress.uncordonedAt) {
      try {
        await setUnschedulable(this.api, r.node, false, this.ns, this.log);
        await this.emit(await this.deps.store.updateProgress(this.id, { uncordonedAt: this.iso() }), {
          type: 'uncordoned',
        });
      } catch (err) {
        if (this.deps.signal?.aborted) throw err;
        this.log.error({ err }, 'could not uncordon the node after a cancel');
        nodeCordoned = true;
      }
    }
    await this.releaseQuietly(r);
    const podsEvicted = await this.deps.redis.scard(evictionLedgerKey(this.id, this.deps.keyPrefix));
    const done = await this.deps.store.transition(this.id, ['cancelling'], 'cancelled', {
      progress: { finishedAt: this.iso(), podsEvicted },
    });
    const final = done ?? (await this.current());
    if (done) {
      await this.emit(done, {
        type: 'cancelled',
        ...(done.cancelledBy ? { by: done.cancelledBy } : {}),
        nodeCordoned,
        podsEvicted,
      });
    }
    return final;
  }

  private async releaseQuietly(r: MaintenanceRequest): Promise<void> {
    if (this.lockIsPlans) {
      await this.lock.stopRenewing();
      this.lockHeld = false;
      return;
    }
    try {
      if (await this.lock.release()) await this.emit(r, { type: 'lock-released', lease: this.lock.name });
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.error(
        { err, lease: this.lock.name },
        'could not release the maintenance lock; it expires on its own',
      );
    }
    this.lockHeld = false;
  }

  private async fail(stop: MaintenanceStopError): Promise<MaintenanceRequest> {
    const r = await this.current();
    if (r.state === 'cancelling') return this.cancel(r);
    this.log.warn({ reason: stop.reason, detail: stop.detail, err: stop.cause }, 'maintenance stopped');
    let nodeCordoned = r.progress.wasCordoned === true || r.progress.cordonedAt !== undefined;
    try {
      const node = await readNode(this.api, r.node, this.ns, this.log);
      if (node) nodeCordoned = isCordoned(node);
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err }, 'could not read the node after a stop');
    }
    if (stop.reason !== 'lock-held') await this.releaseQuietly(r);
    await this.compareWithForecast();
    const done = await this.deps.store.transition(this.id, EXECUTING_STATES, 'failed', {
      stateReason: stop.reason,
      progress: { finishedAt: this.iso() },
    });
    if (!done) return this.current();
    await this.emit(done, {
      type: 'failed',
      reason: stop.reason,
      detail: stop.detail,
      ...(stop.blockers ? { blockers: stop.blockers } : {}),
      nodeCordoned,
    });
    return done;
  }
}
