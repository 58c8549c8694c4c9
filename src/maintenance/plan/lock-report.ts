/**
 * "Who holds the lock": the bot's maintenance Lease and kured's reboot lock in plain
 * sight: holder, since when, TTL, the request behind it, and whether it is stale (its holder is
 * gone: the Lease expired, or the request it names has ended or does not exist).
 *
 * Read-only. Breaking a lock (`break lock`, `lock-break.ts`) needs the approvals of a
 * control-plane change and is audited.
 *
 * The bot's holders: a request (`mr-…`, stale once it ended or is unknown, unless it is a plan's
 * node that the plan still runs or settles), or a step of a
 * maintenance plan (`mp-…/b<step>`, stale once the plan ended or is unknown, or no node of that
 * step runs or settles any more).
 */
import type { KLease } from '../../cluster/types.js';
import type { Locale } from '../../commands/types.js';
import { formatDuration, formatTime } from '../explain-maintenance.js';
import { translator } from '../../explain/i18n.js';
import type { Logger } from '../../util/logger.js';
import type { KubeApi } from '../execute/kube-api.js';
import { seg, stopForStatus } from '../execute/kube-api.js';
import { LOCK_NODE_ANNOTATION, LOCK_WORKER_ANNOTATION } from '../execute/maintenance-lock.js';
import { TERMINAL_STATES } from '../types.js';
import type { ClusterMaintenancePolicy, MaintenanceRequest } from '../types.js';
import { botRequestIdOf, readKuredLock } from './kured-lock.js';
import type { MaintenancePlan } from './plan-types.js';
import { PLAN_TERMINAL_STATES, STEP_LOCK_ID_PATTERN } from './plan-types.js';

/**
 * Why a held lock is stale: its Lease expired, its request (or plan) ended, its request (or plan)
 * is unknown, or the plan's step that took it is over.
 */
export type StaleReason = 'lease-expired' | 'request-ended' | 'request-unknown' | 'step-over';

/** One holder of a lock. Times ISO 8601; `ttlS` in seconds (null: never expires). */
export interface LockHolder {
  holder: string;
  node?: string;
  worker?: string;
  since?: string;
  ttlS: number | null;
  /**
   * The bot's request (`mr-…`) or plan (`mp-…`) behind it and its state, when the holder is one
   * of the bot's.
   */
  request?: { id: string; state: MaintenanceRequest['state'] | MaintenancePlan['state'] | 'unknown' };
  stale?: StaleReason;
}

/** Both locks of a cluster. */
export interface LockReport {
  /** `namespace/name` of the bot's maintenance Lease, and its holder (none: free). */
  maintenance: { lease: string; holder: LockHolder | null };
  /** `namespace/name` of kured's DaemonSet (null: no kured), and its live holders. */
  kured: { daemonSet: string | null; holders: LockHolder[] };
}

/**
 * Read both locks.
 * @param api - the cluster
 * @param policy - the cluster's policy (the Lease's namespace and name)
 * @param getRequest - the bot's request by id (the store's `get`)
 * @param now - clock
 * @throws MaintenanceStopError `forbidden` / `api-error` when the cluster cannot be read
 */
export async function readLockReport(
  api: KubeApi,
  policy: Pick<ClusterMaintenancePolicy, 'lock'>,
  getRequest: (id: string) => Promise<MaintenanceRequest | null>,
  now: Date,
  logger?: Logger,
  getPlan?: (id: string) => Promise<MaintenancePlan | null>,
): Promise<LockReport> {
  const { namespace, leaseName } = policy.lock;
  /** The bot's request or plan step behind a holder id, and whether it is stale. */
  const ownerOf = async (
    id: string,
  ): Promise<{ request?: LockHolder['request'] & object; stale?: StaleReason }> => {
    const step = STEP_LOCK_ID_PATTERN.exec(id);
    if (step) {
      const planId = step[1] ?? '';
      const plan = getPlan ? await getPlan(planId) : null;
      if (!getPlan) return {};
      if (plan === null) return { request: { id: planId, state: 'unknown' }, stale: 'request-unknown' };
      const request = { id: planId, state: plan.state };
      if (PLAN_TERMINAL_STATES.includes(plan.state)) return { request, stale: 'request-ended' };
      const busy = plan.nodes.some(
        (n) => n.lockId === id && (n.state === 'running' || n.state === 'settling' || n.state === 'pending'),
      );
      return busy ? { request } : { request, stale: 'step-over' };
    }
    if (!/^mr-[a-z2-7]{10}$/.test(id)) return {};
    const r = await getRequest(id);
    const request = { id, state: r?.state ?? ('unknown' as const) };
    if (r === null) return { request, stale: 'request-unknown' };
    if (!TERMINAL_STATES.includes(r.state)) return { request };
    // A plan's single-node step keeps kured's lock under its request through the settle time,
    // after the request itself completed: alive while the plan still runs or settles that node.
    if (r.plan !== undefined && getPlan) {
      const plan = await getPlan(r.plan.id);
      if (
        plan !== null &&
        !PLAN_TERMINAL_STATES.includes(plan.state) &&
        plan.nodes.some((n) => n.requestId === id && (n.state === 'running' || n.state === 'settling'))
      )
        return { request };
    }
    return { request, stale: 'request-ended' };
  };

  let holder: LockHolder | null = null;
  const res = await api.request<KLease>(
    'GET',
    `/apis/coordination.k8s.io/v1/namespaces/${seg(namespace)}/leases/${seg(leaseName)}`,
  );
  if (res.status !== 404) {
    if (res.status !== 200 || !res.body)
      throw stopForStatus(res, `GET lease ${namespace}/${leaseName}`, namespace, logger);
    const spec = res.body.spec ?? {};
    const id = spec.holderIdentity ?? '';
    if (id !== '') {
      const ttlS = spec.leaseDurationSeconds ?? null;
      const renewed = Date.parse(spec.renewTime ?? '');
      const expired = ttlS !== null && !Number.isNaN(renewed) && renewed + ttlS * 1000 < now.getTime();
      const owner = await ownerOf(id);
      const stale = expired ? 'lease-expired' : owner.stale;
      const a = res.body.metadata.annotations ?? {};
      holder = {
        holder: id,
        ...(a[LOCK_NODE_ANNOTATION] ? { node: a[LOCK_NODE_ANNOTATION] } : {}),
        ...(a[LOCK_WORKER_ANNOTATION] ? { worker: a[LOCK_WORKER_ANNOTATION] } : {}),
        ...(spec.acquireTime ? { since: spec.acquireTime } : {}),
        ttlS,
        ...(owner.request ? { request: owner.request } : {}),
        ...(stale ? { stale } : {}),
      };
    }
  }
  const kured = await readKuredLock(api, now, namespace, logger);
  const holders: LockHolder[] = [];
  for (const h of kured.holders) {
    const id = botRequestIdOf(h.nodeID);
    const owner = id === undefined ? {} : await ownerOf(id);
    holders.push({
      holder: h.nodeID,
      ...(h.metadata?.node ? { node: h.metadata.node } : {}),
      ...(h.created ? { since: h.created } : {}),
      ttlS: h.TTL > 0 ? Math.round(h.TTL / 1e9) : null,
      ...(owner.request ? { request: owner.request } : {}),
      ...(owner.stale ? { stale: owner.stale } : {}),
    });
  }
  return {
    maintenance: { lease: `${namespace}/${leaseName}`, holder },
    kured: { daemonSet: kured.daemonSet, holders },
  };
}

/**
 * The report as lines of text, in `locale`.
 * @param report - from {@link readLockReport}
 * @param locale - `en` or `ko`
 */
export function lockReportLines(report: LockReport, locale: Locale): string[] {
  const tr = translator(locale);
  const line = (what: string, h: LockHolder): string =>
    tr.t('maintenancePlan.lock.held', {
      what,
      holder: h.holder,
      node: h.node ?? '-',
      since: h.since ? formatTime(tr, h.since, true) : '-',
      ttl: h.ttlS === null ? tr.t('maintenancePlan.lock.noTtl') : formatDuration(tr, h.ttlS * 1000),
      request: h.request ? `${h.request.id} (${h.request.state})` : '-',
    }) + (h.stale ? ` ${tr.t(`maintenancePlan.lock.stale.${h.stale}`)}` : '');
  const out: string[] = [];
  const m = report.maintenance;
  out.push(m.holder ? line(m.lease, m.holder) : tr.t('maintenancePlan.lock.free', { what: m.lease }));
  if (report.kured.daemonSet === null) out.push(tr.t('maintenancePlan.lock.noKured'));
  else if (report.kured.holders.length === 0)
    out.push(tr.t('maintenancePlan.lock.free', { what: `kured ${report.kured.daemonSet}` }));
  else for (const h of report.kured.holders) out.push(line(`kured ${report.kured.daemonSet}`, h));
  return out;
}
