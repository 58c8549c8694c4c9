/**
 * The plan runner: carries an approved maintenance plan out node by node with the
 * single-node executor ({@link runMaintenance}), which re-runs the reboot-impact analysis on a
 * fresh read before it touches each node (state changes while a plan runs).
 *
 * For each node, in the plan's order:
 * 1. pause / cancel asked → `paused` / `cancelled` (never in the middle of a node);
 * 2. the gates are asked (the cluster's change windows, kured's lock, Alertmanager's alerts); while
 *    one is closed the plan is `held`, says why, and goes on by itself when it opens (a plan
 *    outside its window resumes in the next one);
 * 3. the node's request id is recorded in the plan FIRST, then the request is created approved
 *    (with the plan's approvals) and run; a replacement worker finds the id and resumes that
 *    request (never a second drain of the same node);
 * 4. a courtesy silence is created while the node is in maintenance (when configured) and
 *    deleted once it is verified;
 * 5. after the node: the settle time (policy, default 2 min), then the node's checks again (Ready,
 *    node Lease, static pods, etcd member, DaemonSet pods Ready, PDBs back to the disruptions they
 *    allowed before the node) until they pass or the settle timeout;
 * 6. a failure (executor stop, settle timeout) → `needs-decision`: `retry`, `skip` or `stop`.
 *
 * Every change of the plan goes through the store's compare-and-set and `onChange` (card update).
 */
import type { Redis } from 'ioredis';
import { isDaemonSetPod, isPodReady } from '../../analysis/cluster-index.js';
import type { KPod } from '../../cluster/types.js';
import { isBotError } from '../../errors.js';
import type { Logger } from '../../util/logger.js';
import { createKubeApi, sleep } from '../execute/kube-api.js';
import type { KubeApi } from '../execute/kube-api.js';
import { listPodsOnNode } from '../execute/drain.js';
import { runMaintenance } from '../execute/run-maintenance.js';
import type { MaintenanceDeps } from '../execute/run-maintenance.js';
import { missingAfterReboot } from '../execute/wait-for-reboot.js';
import { nextWindowStart } from '../policy.js';
import type { MaintenanceStore } from '../request-store.js';
import { newRequestId } from '../request-store.js';
import { acquireKuredLock, kuredNodeIdFor, readKuredLock, releaseKuredLock } from './kured-lock.js';
import type { MaintenanceRequest } from '../types.js';
import type { MaintenancePlan, PlanHold, PlanNode } from './plan-types.js';
import { PLAN_TERMINAL_STATES } from './plan-types.js';
import type { MaintenancePlanStore } from './plan-store.js';

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
  /** Called after every change of the plan (the card is updated in place); failures are logged. */
  onChange?: (plan: MaintenancePlan) => Promise<void>;
  /** Longest wait for the settle checks after the settle time, in ms. @defaultValue 600 000 */
  settleTimeoutMs?: number;
  /** Time between two looks while held, paused, waiting for a decision or settling, in ms. @defaultValue 2000 */
  pollMs?: number;
  now?: () => Date;
  signal?: AbortSignal;
  logger: Logger;
}

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
    const p = await this.deps.plans.update(this.id, fn);
    if (p && this.deps.onChange) {
      try {
        await this.deps.onChange(p);
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
      for (const n of p.nodes)
        if (n.state === 'pending' || n.state === 'failed')
          n.state = n.state === 'failed' ? 'failed' : 'untouched';
      p.state = state;
      delete p.hold;
      if (reason !== undefined) p.stateReason = reason;
      p.finishedAt = this.iso();
      return p;
    });
  }

  async loop(): Promise<MaintenancePlan> {
    for (;;) {
      const p = await this.current();
      if (PLAN_TERMINAL_STATES.includes(p.state)) return p;
      const active = p.nodes.find((n) => n.state === 'running' || n.state === 'settling');
      if (active) {
        await this.continueNode(p, active);
        continue;
      }
      if (p.state === 'cancelling') {
        await this.finish('cancelled');
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
      const next = p.nodes.find((n) => n.state === 'pending');
      if (!next) {
        await this.finish(p.nodes.some((n) => n.state === 'failed') ? 'stopped' : 'completed');
        continue;
      }
      await this.startNode(p, next);
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
        if (decision === 'skip') {
          f.state = 'skipped';
        } else {
          f.state = 'pending';
          f.attempts = (f.attempts ?? 0) + 1;
          delete f.requestId;
          delete f.failure;
        }
      }
      return x;
    });
  }

  private async startNode(p: MaintenancePlan, n: PlanNode): Promise<void> {
    const gate =
      this.windowGate() ?? (await this.kuredGate(n)) ?? (this.deps.gate ? await this.deps.gate(p, n) : null);
    if (gate !== null) {
      if (p.hold?.kind !== gate.kind || p.hold.detail !== gate.detail || p.state !== 'held') {
        await this.change((x) =>
          x.state === 'cancelling' || x.pauseRequested
            ? null
            : { ...x, state: 'held', hold: { ...gate, since: x.hold?.since ?? this.iso() } },
        );
      }
      await sleep(this.pollMs, this.deps.signal);
      return;
    }
    // The request id is reserved in the plan before anything is taken under it (kured's lock, the
    // request itself): a crash in between finds it again and reuses it.
    let requestId = n.requestId;
    if (requestId === undefined) {
      const reserved = newRequestId();
      const p2 = await this.change((x) => {
        const node = this.nodeOf(x, n.node);
        if (node.state !== 'pending' || node.requestId !== undefined) return null;
        node.requestId = reserved;
        return x;
      });
      if (!p2) return;
      requestId = reserved;
    }
    if (this.deps.kured !== false) {
      const m = this.deps.maintenance.policy;
      const got = await acquireKuredLock({
        api: this.api,
        requestId,
        node: n.node,
        ttlMs: m.drain.timeoutMs + m.reboot.timeoutMs + p.settleMs + (this.deps.settleTimeoutMs ?? 600_000),
        now: this.now,
        lockNamespace: m.lock.namespace,
        logger: this.log,
      });
      if (!got.ok) return; // loop: the gate reports the holder
    }
    await this.change((x) => {
      if (x.state === 'cancelling' || x.pauseRequested || x.state === 'needs-decision') return null;
      const node = this.nodeOf(x, n.node);
      if (node.state !== 'pending') return null;
      node.state = 'running';
      node.requestId = requestId;
      node.startedAt = this.iso();
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

  /** kured holds its lock for something else than this node's request: the plan waits. */
  private async kuredGate(n: PlanNode): Promise<Omit<PlanHold, 'since'> | null> {
    if (this.deps.kured === false) return null;
    const lock = await readKuredLock(
      this.api,
      this.now(),
      this.deps.maintenance.policy.lock.namespace,
      this.log,
    );
    const mine = n.requestId === undefined ? null : kuredNodeIdFor(n.requestId);
    const others = lock.holders.filter((h) => h.nodeID !== mine);
    if (others.length === 0) return null;
    return {
      kind: 'kured-lock',
      detail: `${lock.daemonSet ?? 'kured'}: ${others.map((h) => h.nodeID.slice(0, 80)).join(', ')}`,
    };
  }

  private async releaseKured(name: string): Promise<void> {
    if (this.deps.kured === false) return;
    const node = this.nodeOf(await this.current(), name);
    if (node.requestId === undefined) return;
    try {
      await releaseKuredLock({
        api: this.api,
        requestId: node.requestId,
        lockNamespace: this.deps.maintenance.policy.lock.namespace,
        logger: this.log,
      });
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err, node: name }, "could not release kured's lock; it expires at its TTL");
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
      revision: 1,
    };
  }

  private async failNode(
    name: string,
    reason: NonNullable<PlanNode['failure']>['reason'],
    detail: string,
  ): Promise<void> {
    await this.releaseKured(name);
    await this.change((x) => {
      const node = this.nodeOf(x, name);
      node.state = 'failed';
      node.failure = { reason, detail };
      node.finishedAt = this.iso();
      if (x.state === 'cancelling') return x;
      x.state = 'needs-decision';
      x.pauseRequested = false;
      return x;
    });
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

  /** Settle time, then the node's checks until they pass or the settle timeout. */
  private async settle(p: MaintenancePlan, n: PlanNode): Promise<void> {
    const since = Date.parse(n.maintainedAt ?? this.iso());
    const settleEnd = since + p.settleMs;
    const wait = settleEnd - this.now().getTime();
    if (wait > 0) {
      await sleep(Math.min(wait, this.pollMs), this.deps.signal);
      return;
    }
    const missing = await this.missing(n);
    if (missing.length === 0) {
      await this.removeSilence(n.node);
      await this.releaseKured(n.node);
      await this.change((x) => {
        const node = this.nodeOf(x, n.node);
        node.state = 'done';
        node.settledAt = this.iso();
        node.finishedAt = node.settledAt;
        return x;
      });
      return;
    }
    if (this.now().getTime() > settleEnd + (this.deps.settleTimeoutMs ?? 600_000)) {
      await this.removeSilence(n.node);
      await this.failNode(n.node, 'settle-timeout', missing.join('; '));
      return;
    }
    await sleep(this.pollMs, this.deps.signal);
  }

  /** What is not back after a node: the executor's post-reboot checks, DaemonSet pods, PDBs. */
  private async missing(n: PlanNode): Promise<string[]> {
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
      const pods: KPod[] = await listPodsOnNode(this.api, n.node, m.policy.lock.namespace, this.log);
      const ds = pods
        .filter((pod) => isDaemonSetPod(pod) && !isPodReady(pod))
        .map((pod) => pod.metadata.name);
      if (ds.length > 0) missing.push(`DaemonSet pod(s) not Ready: ${ds.join(', ')}`);
      const pdbs = await this.api.request<{
        items?: {
          metadata: { namespace?: string; name: string };
          status?: { currentHealthy?: number; desiredHealthy?: number };
        }[];
      }>('GET', '/apis/policy/v1/poddisruptionbudgets');
      for (const b of pdbs.body?.items ?? []) {
        const cur = b.status?.currentHealthy;
        const want = b.status?.desiredHealthy;
        if (cur !== undefined && want !== undefined && cur < want)
          missing.push(
            `PodDisruptionBudget ${b.metadata.namespace ?? ''}/${b.metadata.name}: ${cur} healthy of ${want} desired`,
          );
      }
      return missing;
    } catch (err) {
      if (this.deps.signal?.aborted) throw err;
      this.log.warn({ err, node: n.node }, 'settle checks could not read the cluster');
      return [isBotError(err) ? err.message : 'the cluster could not be read'];
    }
  }
}
