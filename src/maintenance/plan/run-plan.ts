/**
 * The plan runner: carries an approved maintenance plan out node by node with the
 * single-node executor ({@link runMaintenance}), which re-runs the reboot-impact analysis on a
 * fresh read before it touches each node (state changes while a plan runs).
 *
 * For each step (a batch: one node, or up to `workerBatchSize` workers), in the plan's order:
 * 1. pause / cancel asked → `paused` / `cancelled` (never in the middle of a step);
 * 2. the gates are asked (the cluster's change windows, the zone limit `maxUnavailablePerZone`
 *    against the nodes unavailable now, the bot's maintenance Lease, kured's lock, Alertmanager's
 *    alerts for each node); while one is closed the plan is `held`, says why, and goes on by
 *    itself when it opens (a plan outside its window resumes in the next one);
 * 3. a step of several nodes is analysed again together on a fresh read (`analyzeJoint`): an
 *    `unsafe` joint verdict fails its nodes (untouched) for a decision;
 * 4. the nodes' request ids are recorded in the plan FIRST, then the Ready pods of the workloads
 *    on the step's nodes are counted (settle-workloads.ts), then each request is created approved
 *    (with the plan's approvals) and run, the step's nodes at the same time; a replacement worker
 *    finds the ids and resumes those requests (never a second drain of the same node). A step of
 *    several nodes holds the Lease and kured's lock under one step holder (`mp-…/b<step>`), taken
 *    and released here; a step of one node leaves them to its request, as a single maintenance;
 * 5. a courtesy silence is created while a node is in maintenance (when configured) and deleted
 *    once it is verified;
 * 6. after each node: the settle time (policy, default 2 min), then the node's checks again
 *    (Ready, node Lease, static pods, etcd member, PDBs back to their desired healthy pods, and
 *    every workload that had pods on it back to its Ready pods of before the step: Deployments,
 *    StatefulSets, ReplicaSets, the node's DaemonSets) until they pass or the settle timeout; the
 *    next step waits for all, and while a workload is not back the plan is `held` and says which
 *    and why (so it never drains the next node of a workload whose replacements did not come);
 * 7. a failure (executor stop, settle timeout) → `needs-decision`: `retry`, `skip` or `stop`.
 *
 * Every change of the plan goes through the store's compare-and-set and `onChange` (card update).
 */
import type { Redis } from 'ioredis';
import { isCordoned, isNodeReady } from '../../analysis/cluster-index.js';
import { zoneOf } from '../../analysis/multi-node/rolling-plan.js';
import type { Verdict } from '../../analysis/types.js';
import type { KLease, KNode } from '../../cluster/types.js';
import { isBotError } from '../../errors.js';
import type { Logger } from '../../util/logger.js';
import { createKubeApi, MaintenanceStopError, seg, sleep } from '../execute/kube-api.js';
import type { KubeApi } from '../execute/kube-api.js';
import {
  expired as leaseExpired,
  LOCK_NODE_ANNOTATION,
  MaintenanceLock,
} from '../execute/maintenance-lock.js';
import { runMaintenance } from '../execute/run-maintenance.js';
import type { MaintenanceDeps } from '../execute/run-maintenance.js';
import { missingAfterReboot } from '../execute/wait-for-reboot.js';
import { nextWindowStart } from '../policy.js';
import type { MaintenanceStore } from '../request-store.js';
import { newRequestId } from '../request-store.js';
import {
  acquireKuredLock,
  botRequestIdOf,
  kuredNodeIdFor,
  readKuredLock,
  releaseKuredLock,
} from './kured-lock.js';
import type { MaintenanceRequest } from '../types.js';
import type { MaintenancePlan, PlanHold, PlanNode } from './plan-types.js';
import {
  ALERTMANAGER_HOLDS,
  GATE_NOTICES_MAX,
  HOLD_DETAIL_EVERY_MS,
  PLAN_TERMINAL_STATES,
  stepLockIdFor,
} from './plan-types.js';
import type { MaintenancePlanStore } from './plan-store.js';
import { workloadBaselines, workloadShortfalls, workloadShortfallText } from './settle-workloads.js';
import type { WorkloadBaseline } from './settle-workloads.js';

/** What closes the gate before a node: null when the node may start. */
export type PlanGate = (plan: MaintenancePlan, node: PlanNode) => Promise<Omit<PlanHold, 'since'> | null>;

/** Courtesy silences while a node is in maintenance (see `alertmanager.ts`). */
export interface PlanSilences {
  /**
   * Create the silence of a node until `endsAt`.
   * @returns its id, or null when none was created (not configured, or Alertmanager failed: logged)
   */
  create(plan: MaintenancePlan, node: PlanNode, endsAt: Date): Promise<string | null>;
  /** Delete (expire) a silence; failures are logged, never thrown. */
  remove(id: string): Promise<void>;
}

/** What {@link runPlan} needs. */
export interface PlanRunDeps {
  plans: MaintenancePlanStore;
  /** The single-node requests' store (the real one: it creates the nodes' requests). */
  requests: MaintenanceStore;
  /** The executor's deps for the plan's cluster; `store` is replaced by `requests`. */
  maintenance: Omit<MaintenanceDeps, 'store'>;
  redis: Redis;
  /** Closes the gate before a node (Alertmanager); absent: always open. kured's lock is always checked. */
  gate?: PlanGate;
  /** Take kured's lock while working on a node (kured-lock.ts). @defaultValue true */
  kured?: boolean;
  silences?: PlanSilences;
  /**
   * Called after every change of the plan with the plan before it (the card is updated in place,
   * the thread told what changed); failures are logged.
   */
  onChange?: (plan: MaintenancePlan, before: MaintenancePlan) => Promise<void>;
  /**
   * The joint reboot-impact analysis of a step's nodes together on a fresh read, before a step of
   * several nodes starts; absent: only each node's own analysis (the executor's) is run again.
   */
  analyzeJoint?: (nodes: string[]) => Promise<{ verdict: Verdict; summary: string }>;
  /** Longest wait for the settle checks after the settle time, in ms. @defaultValue 600 000 */
  settleTimeoutMs?: number;
  /** Time between two looks while held, paused, waiting for a decision or settling, in ms. @defaultValue 2000 */
  pollMs?: number;
  now?: () => Date;
  signal?: AbortSignal;
  logger: Logger;
}

/**
 * {@link PlanRunDeps} as a worker builds them per cluster, without the connection and the stop
 * signal (the maintenance worker adds its own to the run and to the executor's dependencies).
 */
export type PlanRunDepsOfCluster = Omit<PlanRunDeps, 'redis' | 'signal' | 'maintenance'> & {
  maintenance: Omit<MaintenanceDeps, 'store' | 'redis' | 'signal'>;
};

/**
 * Run (or resume) an approved plan until it ends or waits for nobody.
 * @param planId - `mp-…`
 * @param deps - see {@link PlanRunDeps}
 * @returns the plan in its final state (`completed`, `stopped`, `cancelled`), or as found when it
 *   is not the runner's (pending, terminal, unknown → null)
 * @throws the signal's reason when `deps.signal` aborts (state kept for a replacement worker);
 *   retryable BotErrors of the stores (`queue-unavailable`)
 */
export async function runPlan(planId: string, deps: PlanRunDeps): Promise<MaintenancePlan | null> {
  const first = await deps.plans.get(planId);
  if (first === null || first.state === 'pending-approval' || PLAN_TERMINAL_STATES.includes(first.state))
    return first;
  const api = await createKubeApi(deps.maintenance.kubeConfig, { logger: deps.logger });
  try {
    return await new PlanRun(planId, deps, api).loop();
  } finally {
    api.close();
  }
}

class PlanRun {
  private readonly now: () => Date;
  private readonly log: Logger;
  private readonly pollMs: number;
  /** The maintenance Lease this runner holds for a step of several nodes. */
  private stepLock: { id: string; lock: MaintenanceLock } | null = null;
  /** The workloads not back after each settling node, as last said (node → text; see {@link settle}). */
  private readonly unsettled = new Map<string, string>();
  /** When the hold was last written (epoch ms). */
  private holdShownAt = -Infinity;

  constructor(
    private readonly id: string,
    private readonly deps: PlanRunDeps,
    private readonly api: KubeApi,
  ) {
    this.now = deps.now ?? (() => new Date());
    this.log = deps.logger.child({ planId: id });
    this.pollMs = deps.pollMs ?? 2000;
  }

  private iso(): string {
    return this.now().toISOString();
  }

  private async change(fn: (p: MaintenancePlan) => MaintenancePlan | null): Promise<MaintenancePlan | null> {
    let before: MaintenancePlan | null = null;
    const p = await this.deps.plans.update(this.id, (cur) => {
      before = structuredClone(cur);
      return fn(cur);
    });
    if (p && before && this.deps.onChange) {
      try {
        await this.deps.onChange(p, before);
      } catch (err) {
        this.log.warn({ err }, 'could not update the plan card');
      }
    }
    return p;
  }

  private async current(): Promise<MaintenancePlan> {
    const p = await this.deps.plans.get(this.id);
    if (!p) throw new Error(`maintenance plan ${this.id} disappeared`);
    return p;
  }

  private nodeOf(p: MaintenancePlan, name: string): PlanNode {
    const n = p.nodes.find((x) => x.node === name);
    if (!n) throw new Error(`node ${name} is not in plan ${p.id}`);
    return n;
  }

  private finish(
    state: 'completed' | 'stopped' | 'cancelled',
    reason?: string,
  ): Promise<MaintenancePlan | null> {
    return this.change((p) => {
      if (PLAN_TERMINAL_STATES.includes(p.state)) return null;
      for (const n of p.nodes) if (n.state === 'pending') n.state = 'untouched';
      p.state = state;
      delete p.hold;
      if (reason !== undefined) p.stateReason = reason;
      p.finishedAt = this.iso();
      return p;
    });
  }

  async loop(): Promise<MaintenancePlan> {
    try {
      return await this.steps();
    } finally {
      // Never released here: a replacement runner (or the step's end) does; the Lease expires otherwise.
      await this.stepLock?.lock.stopRenewing();
    }
  }

  private async steps(): Promise<MaintenancePlan> {
    for (;;) {
      const p = await this.current();
      if (PLAN_TERMINAL_STATES.includes(p.state)) return p;
      const active = p.nodes.filter((n) => n.state === 'running' || n.state === 'settling');
      if (active.length > 0) {
        await this.holdStepLock(active);
        // The step's nodes at the same time; a cancel or a pause waits for all of them.
        await Promise.all(active.map((n) => this.continueNode(p, n)));
        continue;
      }
      if (p.state === 'cancelling') {
        await this.finish('cancelled');
        continue;
      }
      if (p.state !== 'needs-decision' && p.nodes.some((n) => n.state === 'failed')) {
        await this.change((x) =>
          x.state === 'cancelling' || x.state === 'needs-decision' || PLAN_TERMINAL_STATES.includes(x.state)
            ? null
            : { ...x, state: 'needs-decision', pauseRequested: false },
        );
        continue;
      }
      if (p.state === 'needs-decision') {
        await this.decide(p);
        continue;
      }
      if (p.pauseRequested || p.state === 'paused') {
        if (p.state !== 'paused')
          await this.change((x) =>
            x.pauseRequested && x.state !== 'cancelling'
              ? { ...x, state: 'paused', pauseRequested: false }
              : null,
          );
        else await sleep(this.pollMs, this.deps.signal);
        continue;
      }
      const first = p.nodes.find((n) => n.state === 'pending');
      if (!first) {
        await this.finish(p.nodes.some((n) => n.state === 'failed') ? 'stopped' : 'completed');
        continue;
      }
      await this.startStep(
        p,
        p.nodes.filter((n) => n.state === 'pending' && n.batch === first.batch),
      );
    }
  }

  /** A failed node waits for `retry`, `skip` or `stop`. */
  private async decide(p: MaintenancePlan): Promise<void> {
    if (p.decision === undefined) {
      await sleep(this.pollMs, this.deps.signal);
      return;
    }
    const decision = p.decision;
    const failed = p.nodes.find((n) => n.state === 'failed');
    if (decision === 'stop') {
      await this.change((x) => {
        delete x.decision;
        return x;
      });
      await this.finish('stopped', 'stopped-after-failure');
      return;
    }
    await this.change((x) => {
      if (x.decision !== decision) return null;
      delete x.decision;
      x.state = 'running';
      const f = x.nodes.find((n) => n.node === failed?.node);
      if (f) {
        delete f.workloadsBefore;
        if (decision === 'skip') {
          f.state = 'skipped';
        } else {
          f.state = 'pending';
          f.attempts = (f.attempts ?? 0) + 1;
          delete f.requestId;
          delete f.failure;
          delete f.lockId;
          delete f.startedAt;
          delete f.maintainedAt;
          delete f.finishedAt;
        }
      }
      return x;
    });
  }

  /**
   * Hold the plan: at once for a new reason (the hold's kind), counted in `gateNotices` for the
   * Alertmanager gate; a new detail of the same reason, or a new reason of an Alertmanager gate
   * already told GATE_NOTICES_MAX times (a flapping Alertmanager), at most every HOLD_DETAIL_EVERY_MS.
   */
  private async hold(p: MaintenancePlan, gate: Omit<PlanHold, 'since'>): Promise<void> {
    const at = this.now().getTime();
    const newReason = p.hold?.kind !== gate.kind || p.state !== 'held';
    const flapping =
      p.state === 'held' &&
      (p.gateNotices ?? 0) >= GATE_NOTICES_MAX &&
      ALERTMANAGER_HOLDS.includes(gate.kind) &&
      p.hold !== undefined &&
      ALERTMANAGER_HOLDS.includes(p.hold.kind);
    const changed = newReason || p.hold?.detail !== gate.detail;
    if ((newReason && !flapping) || (changed && at - this.holdShownAt >= HOLD_DETAIL_EVERY_MS)) {
      const held = await this.change((x) => {
        if (
          x.state === 'cancelling' ||
          x.state === 'needs-decision' ||
          x.pauseRequested ||
          PLAN_TERMINAL_STATES.includes(x.state) ||
          (x.state === 'held' && x.hold?.kind === gate.kind && x.hold.detail === gate.detail)
        )
          return null;
        const again = x.hold?.kind === gate.kind && x.state === 'held';
        return {
          ...x,
          state: 'held',
          hold: { ...gate, since: x.hold?.kind === gate.kind ? x.hold.since : this.iso() },
          ...(!again && ALERTMANAGER_HOLDS.includes(gate.kind)
            ? { gateNotices: (x.gateNotices ?? 0) + 1 }
            : {}),
        };
      });
      if (held) this.holdShownAt = at;
    }
    await sleep(this.pollMs, this.deps.signal);
  }

  /** Start the pending nodes of the next step together, once every gate is open. */
  private async startStep(p: MaintenancePlan, step: PlanNode[]): Promise<void> {
    const lockId = step.length > 1 ? stepLockIdFor(p.id, step[0]?.batch ?? 0) : undefined;
    let gate: Omit<PlanHold, 'since'> | null;
    try {
      gate =
        this.windowGate() ??
        (await this.zoneGate(p, step)) ??
        (await this.leaseGate(p, step, lockId)) ??
        (await this.kuredGate(p, step, lockId));
      if (gate === null && this.deps.gate)
        for (const n of step) {
          gate = await this.deps.gate(p, n);
          if (gate !== null) break;
        }
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err }, 'the gates of the next step could not read the cluster');
      gate = {
        kind: 'cluster-unreadable',
        detail: err instanceof MaintenanceStopError ? err.detail : 'the cluster could not be read',
      };
    }
    if (gate !== null) {
      await this.hold(p, gate);
      return;
    }
    if (step.length > 1 && this.deps.analyzeJoint) {
      let joint: { verdict: Verdict; summary: string };
      try {
        joint = await this.deps.analyzeJoint(step.map((n) => n.node));
      } catch (err) {
        if (this.deps.signal?.aborted) throw err;
        this.log.warn({ err }, 'the joint analysis of the next step failed');
        await this.hold(p, { kind: 'cluster-unreadable', detail: 'the joint analysis could not run' });
        return;
      }
      if (joint.verdict === 'unsafe') {
        for (const n of step) await this.failNode(n.node, 'verdict-unsafe', joint.summary, false);
        return;
      }
    }
    // The request ids are reserved in the plan before anything is taken under them (the Lease,
    // kured's lock, the requests themselves): a crash in between finds them again and reuses them.
    if (step.some((n) => n.requestId === undefined)) {
      const reserved = new Map(step.map((n) => [n.node, newRequestId()]));
      await this.change((x) => {
        let changed = false;
        for (const n of step) {
          const node = this.nodeOf(x, n.node);
          if (node.state !== 'pending' || node.requestId !== undefined) continue;
          node.requestId = reserved.get(n.node);
          changed = true;
        }
        return changed ? x : null;
      });
      return; // loop: read the ids back
    }
    if (lockId !== undefined && !(await this.takeStepLock(lockId, step))) return; // loop: the gate says who
    if (this.deps.kured !== false) {
      const m = this.deps.maintenance.policy;
      const got = await acquireKuredLock({
        api: this.api,
        requestId: lockId ?? step[0]?.requestId ?? '',
        node: step.map((n) => n.node).join(','),
        ttlMs: m.drain.timeoutMs + m.reboot.timeoutMs + p.settleMs + (this.deps.settleTimeoutMs ?? 600_000),
        now: this.now,
        lockNamespace: m.lock.namespace,
        logger: this.log,
      });
      if (!got.ok) return; // loop: the gate reports the holder
    }
    let before: Map<string, WorkloadBaseline[]>;
    try {
      before = await workloadBaselines(
        this.api,
        step.map((n) => n.node),
        this.deps.maintenance.policy.lock.namespace,
        this.log,
      );
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err }, 'the workloads on the next step could not be read');
      await this.hold(p, {
        kind: 'cluster-unreadable',
        detail: err instanceof MaintenanceStopError ? err.detail : 'the workloads could not be read',
      });
      return;
    }
    await this.change((x) => {
      if (x.state === 'cancelling' || x.pauseRequested || x.state === 'needs-decision') return null;
      for (const n of step) {
        const node = this.nodeOf(x, n.node);
        if (node.state !== 'pending' || node.requestId !== n.requestId) return null;
      }
      for (const n of step) {
        const node = this.nodeOf(x, n.node);
        node.state = 'running';
        node.startedAt = this.iso();
        node.workloadsBefore = before.get(n.node) ?? [];
        if (lockId !== undefined) node.lockId = lockId;
      }
      x.state = 'running';
      delete x.hold;
      x.startedAt ??= this.iso();
      return x;
    });
  }

  /** Outside the cluster's change windows the plan waits for the next one (never starts a node). */
  private windowGate(): Omit<PlanHold, 'since'> | null {
    const opens = nextWindowStart(this.deps.maintenance.policy, this.now());
    return opens === null
      ? null
      : { kind: 'change-window', detail: `the next window opens at ${opens.toISOString()}` };
  }

  /**
   * The zone limit, against the nodes as they are now: the nodes of each zone already unavailable
   * (NotReady or cordoned, in the plan or not) plus the step's nodes of that zone stay within
   * `maxUnavailablePerZone` (nodes without a zone label count as one group).
   */
  private async zoneGate(p: MaintenancePlan, step: PlanNode[]): Promise<Omit<PlanHold, 'since'> | null> {
    const limit = p.maxUnavailablePerZone;
    if (limit === undefined) return null;
    const res = await this.api.request<{ items?: KNode[] }>('GET', '/api/v1/nodes');
    if (res.status !== 200 || !Array.isArray(res.body?.items))
      return { kind: 'cluster-unreadable', detail: `GET nodes: HTTP ${res.status}` };
    const next = new Set(step.map((n) => n.node));
    const zones = new Map<string, { down: string[]; next: string[] }>();
    for (const k of res.body.items) {
      const z = zoneOf(k.metadata.labels);
      const entry = zones.get(z) ?? { down: [], next: [] };
      if (next.has(k.metadata.name)) entry.next.push(k.metadata.name);
      else if (!isNodeReady(k) || isCordoned(k)) entry.down.push(k.metadata.name);
      zones.set(z, entry);
    }
    const over = [...zones].filter(([, v]) => v.next.length > 0 && v.down.length + v.next.length > limit);
    if (over.length === 0) return null;
    return {
      kind: 'zone-limit',
      detail: over
        .map(
          ([z, v]) =>
            `${z === '' ? '-' : z}: ${v.down.slice(0, 5).join(', ')}${v.down.length > 5 ? ` (+${v.down.length - 5})` : ''} + ${v.next.join(', ')} > ${limit}`,
        )
        .join('; '),
    };
  }

  /**
   * The bot's maintenance Lease, held by someone else than this step (another maintenance): the
   * plan waits. A holder left by an earlier step of this plan (a runner that died before releasing
   * it) is released.
   */
  private async leaseGate(
    p: MaintenancePlan,
    step: PlanNode[],
    lockId: string | undefined,
  ): Promise<Omit<PlanHold, 'since'> | null> {
    const { namespace, leaseName } = this.deps.maintenance.policy.lock;
    const res = await this.api.request<KLease>(
      'GET',
      `/apis/coordination.k8s.io/v1/namespaces/${seg(namespace)}/leases/${seg(leaseName)}`,
    );
    if (res.status === 404) return null;
    if (res.status !== 200 || !res.body)
      return {
        kind: 'cluster-unreadable',
        detail: `GET lease ${namespace}/${leaseName}: HTTP ${res.status}`,
      };
    const holder = res.body.spec?.holderIdentity ?? '';
    if (holder === '' || leaseExpired(res.body, this.now())) return null;
    const mine = new Set([lockId, ...step.map((n) => n.requestId)].filter((x) => x !== undefined));
    if (mine.has(holder)) return null;
    if (holder.startsWith(`${p.id}/b`)) {
      await this.lockFor(holder).release();
      this.log.info({ holder }, 'released the maintenance Lease an earlier step of this plan left');
      return null;
    }
    const node = res.body.metadata.annotations?.[LOCK_NODE_ANNOTATION];
    return {
      kind: 'maintenance-lock',
      detail: `${namespace}/${leaseName}: ${holder}${node ? ` (${node})` : ''}`,
    };
  }

  private lockFor(holder: string): MaintenanceLock {
    const m = this.deps.maintenance;
    return new MaintenanceLock({
      api: this.api,
      namespace: m.policy.lock.namespace,
      leaseName: m.policy.lock.leaseName,
      leaseDurationSeconds: m.policy.lock.leaseDurationSeconds,
      holder,
      worker: m.holderIdentity,
      node: '',
      now: this.now,
      logger: this.log,
    });
  }

  /** Take the Lease for a step of several nodes (renewed until the step ends or the run stops). */
  private async takeStepLock(lockId: string, step: PlanNode[]): Promise<boolean> {
    if (this.stepLock?.id !== lockId) {
      await this.stepLock?.lock.stopRenewing();
      const m = this.deps.maintenance;
      this.stepLock = {
        id: lockId,
        lock: new MaintenanceLock({
          api: this.api,
          namespace: m.policy.lock.namespace,
          leaseName: m.policy.lock.leaseName,
          leaseDurationSeconds: m.policy.lock.leaseDurationSeconds,
          holder: lockId,
          worker: m.holderIdentity,
          node: step.map((n) => n.node).join(','),
          now: this.now,
          logger: this.log,
        }),
      };
    }
    const got = await this.stepLock.lock.acquire();
    if (!got.ok) return false;
    this.stepLock.lock.startRenewing();
    return true;
  }

  /** A resumed step of several nodes: hold its Lease again while its nodes run or settle. */
  private async holdStepLock(active: PlanNode[]): Promise<void> {
    const lockId = active.find((n) => n.lockId !== undefined)?.lockId;
    if (lockId === undefined || this.stepLock?.id === lockId) return;
    try {
      if (!(await this.takeStepLock(lockId, active)))
        this.log.error({ lockId }, 'the maintenance Lease of the step in progress is held by another holder');
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err, lockId }, 'could not take the maintenance Lease of the step in progress again');
    }
  }

  /**
   * kured holds its lock for something else than this step: the plan waits. An entry the bot left
   * for an earlier node or step of this plan (a runner that died before releasing it) is released.
   */
  private async kuredGate(
    p: MaintenancePlan,
    step: PlanNode[],
    lockId: string | undefined,
  ): Promise<Omit<PlanHold, 'since'> | null> {
    if (this.deps.kured === false) return null;
    const namespace = this.deps.maintenance.policy.lock.namespace;
    const lock = await readKuredLock(this.api, this.now(), namespace, this.log);
    const mine = new Set(
      [lockId, ...step.map((n) => n.requestId)].filter((x) => x !== undefined).map((x) => kuredNodeIdFor(x)),
    );
    const earlier = new Set(
      p.nodes
        .filter((n) => n.state !== 'running' && n.state !== 'settling')
        .flatMap((n) => [n.requestId, n.lockId])
        .filter((x): x is string => x !== undefined && !mine.has(kuredNodeIdFor(x))),
    );
    for (const h of lock.holders) {
      const id = botRequestIdOf(h.nodeID);
      if (id !== undefined && earlier.has(id)) {
        await releaseKuredLock({ api: this.api, requestId: id, lockNamespace: namespace, logger: this.log });
        this.log.info({ nodeID: h.nodeID }, "released kured's lock an earlier step of this plan left");
      }
    }
    const others = lock.holders.filter((h) => {
      if (mine.has(h.nodeID)) return false;
      const id = botRequestIdOf(h.nodeID);
      return id === undefined || !earlier.has(id);
    });
    if (others.length === 0) return null;
    return {
      kind: 'kured-lock',
      detail: `${lock.daemonSet ?? 'kured'}: ${others.map((h) => h.nodeID.slice(0, 80)).join(', ')}`,
    };
  }

  /** Release what a step held once none of its nodes runs or settles any more. */
  private async releaseStepIfDone(name: string): Promise<void> {
    const p = await this.current();
    const n = this.nodeOf(p, name);
    const holder = n.lockId ?? n.requestId;
    if (holder === undefined) return;
    const busy = p.nodes.some(
      (x) => (x.state === 'running' || x.state === 'settling') && (x.lockId ?? x.requestId) === holder,
    );
    if (busy) return;
    if (this.deps.kured !== false) {
      try {
        await releaseKuredLock({
          api: this.api,
          requestId: holder,
          lockNamespace: this.deps.maintenance.policy.lock.namespace,
          logger: this.log,
        });
      } catch (err) {
        if (this.deps.signal?.aborted) throw err;
        this.log.warn({ err, node: name }, "could not release kured's lock; it expires at its TTL");
      }
    }
    if (n.lockId !== undefined) {
      try {
        if (this.stepLock?.id === n.lockId) {
          await this.stepLock.lock.release();
          this.stepLock = null;
        } else await this.lockFor(n.lockId).release();
      } catch (err) {
        if (this.deps.signal?.aborted) throw err;
        this.log.warn(
          { err, lockId: n.lockId },
          'could not release the maintenance Lease; it expires on its own',
        );
      }
    }
  }

  private requestFor(p: MaintenancePlan, n: PlanNode, id: string): MaintenanceRequest {
    const at = this.iso();
    return {
      id,
      cluster: p.cluster,
      node: n.node,
      nodeRole: n.role,
      reason: `${p.reason} (plan ${p.id})`.slice(0, 500),
      force: false,
      requestedBy: p.requestedBy,
      requestedAt: at,
      expiresAt: at,
      approvalsRequired: p.approvalsRequired,
      approvals: p.approvals,
      state: 'approved',
      locale: p.locale,
      replyTo: p.replyTo,
      verdictAtRequest: n.verdict,
      summaryAtRequest: `node ${n.node} of plan ${p.id}`,
      progress: {},
      plan: { id: p.id, batch: n.batch, ...(n.lockId === undefined ? {} : { lockHolder: n.lockId }) },
      revision: 1,
    };
  }

  /**
   * Fail a node for a decision. `touched`: it was started (its step's locks are released once no
   * node of the step runs any more); a node failed before it started (joint analysis) held nothing.
   */
  private async failNode(
    name: string,
    reason: NonNullable<PlanNode['failure']>['reason'],
    detail: string,
    touched = true,
  ): Promise<void> {
    await this.change((x) => {
      const node = this.nodeOf(x, name);
      node.state = 'failed';
      node.failure = { reason, detail };
      node.finishedAt = this.iso();
      if (x.state === 'cancelling') return x;
      x.state = 'needs-decision';
      x.pauseRequested = false;
      delete x.hold;
      return x;
    });
    if (touched) await this.releaseStepIfDone(name);
  }

  private async continueNode(p: MaintenancePlan, n: PlanNode): Promise<void> {
    if (n.state === 'settling') {
      await this.settle(p, n);
      return;
    }
    const id = n.requestId ?? '';
    let request = await this.deps.requests.get(id);
    if (request === null) {
      const created = await this.deps.requests.createApproved(this.requestFor(p, n, id));
      if (created.outcome === 'already-open') {
        await this.failNode(n.node, 'already-open', `request ${created.existing} is open for ${n.node}`);
        return;
      }
      request = await this.deps.requests.get(id);
    }
    if (n.silenceId === undefined && this.deps.silences) {
      const deadline = new Date(
        this.now().getTime() +
          this.deps.maintenance.policy.drain.timeoutMs +
          this.deps.maintenance.policy.reboot.timeoutMs,
      );
      const silenceId = await this.deps.silences.create(p, n, deadline);
      if (silenceId !== null)
        await this.change((x) => ({
          ...x,
          nodes: x.nodes.map((y) => (y.node === n.node ? { ...y, silenceId } : y)),
        }));
    }
    // A cancel of the plan never interrupts the node in progress: its request runs to its end.
    const done = await runMaintenance(id, { ...this.deps.maintenance, store: this.deps.requests });
    if (done.state === 'completed') {
      await this.change((x) => {
        const node = this.nodeOf(x, n.node);
        node.state = 'settling';
        node.maintainedAt = done.progress.finishedAt ?? this.iso();
        return x;
      });
      return;
    }
    await this.removeSilence(n.node);
    if (done.state === 'failed' || done.state === 'cancelled') {
      await this.failNode(
        n.node,
        done.state === 'failed'
          ? ((done.stateReason ?? 'api-error') as NonNullable<PlanNode['failure']>['reason'])
          : 'cancelled',
        done.stateReason ?? done.state,
      );
    }
  }

  private async removeSilence(name: string): Promise<void> {
    const p = await this.current();
    const node = this.nodeOf(p, name);
    if (node.silenceId === undefined || !this.deps.silences) return;
    await this.deps.silences.remove(node.silenceId);
    await this.change((x) => {
      const y = this.nodeOf(x, name);
      delete y.silenceId;
      return x;
    });
  }

  /**
   * Settle time, then the node's checks until they pass or the settle timeout. While workloads of
   * the step are not back the plan is held with them (all the step's settling nodes together), and
   * goes back to running once none is missing.
   */
  private async settle(p: MaintenancePlan, n: PlanNode): Promise<void> {
    const since = Date.parse(n.maintainedAt ?? this.iso());
    const settleEnd = since + p.settleMs;
    const wait = settleEnd - this.now().getTime();
    if (wait > 0) {
      await sleep(Math.min(wait, this.pollMs), this.deps.signal);
      return;
    }
    const { missing, workloads } = await this.missing(p, n);
    if (workloads === '') this.unsettled.delete(n.node);
    else if (workloads !== null) this.unsettled.set(n.node, workloads);
    if (missing.length === 0 && workloads === '') {
      await this.removeSilence(n.node);
      await this.change((x) => {
        const node = this.nodeOf(x, n.node);
        node.state = 'done';
        node.settledAt = this.iso();
        node.finishedAt = node.settledAt;
        delete node.workloadsBefore;
        return x;
      });
      await this.releaseStepIfDone(n.node);
      await this.holdForWorkloads();
      return;
    }
    if (this.now().getTime() > settleEnd + (this.deps.settleTimeoutMs ?? 600_000)) {
      const last = this.unsettled.get(n.node);
      this.unsettled.delete(n.node);
      await this.removeSilence(n.node);
      await this.failNode(
        n.node,
        'settle-timeout',
        [...missing, ...(last === undefined ? [] : [last])].join('; '),
      );
      return;
    }
    if (!(await this.holdForWorkloads())) await sleep(this.pollMs, this.deps.signal);
  }

  /**
   * Hold the plan (kind `settle`) with the workloads not back after the step's settling nodes, or
   * end such a hold once none is missing.
   * @returns true when it held (and waited, as every hold does)
   */
  private async holdForWorkloads(): Promise<boolean> {
    const p = await this.current();
    const settling = new Set(p.nodes.filter((x) => x.state === 'settling').map((x) => x.node));
    // Held between steps only: while a node of the step still runs, the step is not over anyway.
    const running = p.nodes.some((x) => x.state === 'running');
    const named = running ? [] : [...this.unsettled].filter(([node]) => settling.has(node));
    if (named.length > 0) {
      const detail = named.map(([node, text]) => (named.length > 1 ? `${node}: ${text}` : text)).join('; ');
      await this.hold(p, { kind: 'settle', detail });
      return true;
    }
    if (p.hold?.kind === 'settle')
      await this.change((x) => {
        if (x.state !== 'held' || x.hold?.kind !== 'settle') return null;
        delete x.hold;
        x.state = 'running';
        return x;
      });
    return false;
  }

  /**
   * What is not back after a node: `missing`, the executor's post-reboot checks and PDBs (English
   * facts); `workloads`, the workloads below their Ready pods of before the step, said in the
   * plan's language ('' when none, null when the cluster could not be read).
   */
  private async missing(
    p: MaintenancePlan,
    n: PlanNode,
  ): Promise<{ missing: string[]; workloads: string | null }> {
    const m = this.deps.maintenance;
    try {
      const missing = await missingAfterReboot({
        api: this.api,
        node: n.node,
        lockNamespace: m.policy.lock.namespace,
        deadline: Number.MAX_SAFE_INTEGER,
        now: this.now,
        logger: this.log,
        isCancelled: async () => false,
        ...(m.etcdHealthy ? { etcdHealthy: m.etcdHealthy } : {}),
      });
      const pdbs = await this.api.request<{
        items?: {
          metadata: { namespace?: string; name: string };
          status?: { currentHealthy?: number; desiredHealthy?: number };
        }[];
      }>('GET', '/apis/policy/v1/poddisruptionbudgets');
      // Budgets that cannot be read are not "back": unknown, never a pass.
      if (pdbs.status !== 200 || !Array.isArray(pdbs.body?.items))
        missing.push(`PodDisruptionBudgets could not be read (HTTP ${pdbs.status})`);
      for (const b of pdbs.body?.items ?? []) {
        const cur = b.status?.currentHealthy;
        const want = b.status?.desiredHealthy;
        if (cur !== undefined && want !== undefined && cur < want)
          missing.push(
            `PodDisruptionBudget ${b.metadata.namespace ?? ''}/${b.metadata.name}: ${cur} healthy of ${want} desired`,
          );
      }
      // A node started before its workloads were counted (by an older version): unknown, never a pass.
      if (n.workloadsBefore === undefined) {
        missing.push("the workloads' Ready pods before the step were not recorded");
        return { missing, workloads: '' };
      }
      const short = await workloadShortfalls(this.api, n.workloadsBefore, m.policy.lock.namespace, this.log);
      return { missing, workloads: short.length === 0 ? '' : workloadShortfallText(short, p.locale) };
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err, node: n.node }, 'settle checks could not read the cluster');
      return { missing: [isBotError(err) ? err.message : 'the cluster could not be read'], workloads: null };
    }
  }
}
