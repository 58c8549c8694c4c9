/**
 * The daily HA report's reads beyond the snapshot: the pods of each PodDisruptionBudget
 * stuck at 0, the bot's own maintenance Lease and the state of the request holding it, and every
 * certificate the worker can see (API server handshakes, etcd members, its kubeconfig client
 * certificate); then the pure analysis and its explanation. A part that cannot be read is logged
 * and left out (the report never fails for it). The event loop is yielded between the analysis's
 * stages and before the explanation (issue 33: `/healthz` stays fast during a report).
 */
import { setImmediate as yieldEventLoop } from 'node:timers/promises';
import type { KubeAccess } from '../cluster/static-kubeconfig.js';
import { analyzeHealthReport, finishHealthReport } from '../analysis/daily/health-report.js';
import { thresholdsOf } from '../analysis/daily/report-items.js';
import type { ReportItem } from '../analysis/daily/report-items.js';
import type { MismatchRecord } from '../maintenance/forecast/forecast-store.js';
import type { ReportSettings } from '../analysis/daily/report-items.js';
import type { BotLockObservation, PdbPod } from '../analysis/daily/stuck-states.js';
import { leaseAgeSeconds } from '../analysis/cluster-index.js';
import { kubeConnection } from '../cluster/kube-connection.js';
import { probeCertificates } from '../cluster/probe-certificates.js';
import type { ClusterSnapshot, KLabelSelector, KLease, KPod } from '../cluster/types.js';
import type { Locale } from '../commands/types.js';
import type { EtcdProbeConfig } from '../config/bot-config.js';
import { explainHealthReport } from '../explain/explain-health-report.js';
import type { Reply } from '../explain/reply.js';
import { TERMINAL_STATES } from '../maintenance/types.js';
import type { MaintenanceRequest } from '../maintenance/types.js';
import type { Logger } from '../util/logger.js';
import { recordHealthReportReading } from '../util/metric-hooks.js';

/** Inputs of {@link answerHealthReport}. */
export interface HealthReportAnswerInput {
  snapshot: ClusterSnapshot;
  /**
   * The live cluster's connection; null for a snapshot file answered without the simulator
   * (`ask --snapshot`): then the PDBs' pods and the lock come from the file, and no certificate
   * is probed (none is observable from a file).
   */
  kubeConfig: KubeAccess | null;
  now: Date;
  ctx: { locale: Locale; requestId: string; cluster: string };
  settings?: ReportSettings;
  /** The cluster's etcd entry (its members' certificates are probed). */
  etcd?: EtcdProbeConfig;
  /** The bot's maintenance Lease (`policy.lock`). */
  lock: { namespace: string; leaseName: string };
  /** Looks up a maintenance request by id (the lock's holder); absent: its state is unknown. */
  getRequest?: (id: string) => Promise<MaintenanceRequest | null>;
  /**
   * The cluster's fate and blocker mismatches of maintenances since a time (issue 34): each is a
   * warning of the report; absent: none are read.
   */
  forecastMismatches?: (since: Date) => Promise<MismatchRecord[]>;
  logger: Logger;
}

/** Most forecast mismatches the report lists (the newest). */
const MAX_MISMATCH_ITEMS = 10;

/** The last day's forecast mismatches as report items; a failed read is logged and lists none. */
async function mismatchItems(input: HealthReportAnswerInput): Promise<ReportItem[]> {
  if (!input.forecastMismatches) return [];
  let rows: MismatchRecord[];
  try {
    rows = await input.forecastMismatches(new Date(input.now.getTime() - 24 * 3600_000));
  } catch (err) {
    input.logger.warn({ err }, 'the forecast mismatches could not be read');
    return [];
  }
  return rows.slice(0, MAX_MISMATCH_ITEMS).map((m, i): ReportItem => ({
    kind: 'forecast-mismatch',
    severity: 'warn',
    variant: m.kind === 'blocker' ? 'blocker' : 'fate',
    subject: `maintenance/${m.requestId}/${m.pod ?? m.kind}`,
    facts: {
      requestId: m.requestId,
      node: m.node,
      pod: m.pod ?? '',
      forecast: String(m.forecast),
      observed: String(m.observed),
      detail: m.detail ?? '',
    },
    order: i,
  }));
}

/**
 * A label selector as the `labelSelector` query parameter.
 * @returns the text, or null when the selector has an operator the query cannot express
 */
export function selectorText(sel: KLabelSelector | undefined): string | null {
  const parts = Object.entries(sel?.matchLabels ?? {}).map(([k, v]) => `${k}=${v}`);
  for (const e of sel?.matchExpressions ?? []) {
    const values = (e.values ?? []).join(',');
    if (e.operator === 'In') parts.push(`${e.key} in (${values})`);
    else if (e.operator === 'NotIn') parts.push(`${e.key} notin (${values})`);
    else if (e.operator === 'Exists') parts.push(e.key);
    else if (e.operator === 'DoesNotExist') parts.push(`!${e.key}`);
    else return null;
  }
  return parts.join(',');
}

async function getJson<T>(kc: KubeAccess, path: string): Promise<{ status: number; body: T | null }> {
  const conn = await kubeConnection(kc, 4, {
    noCluster: () => new Error('no current cluster'),
    credentials: (e) => new Error('credentials', { cause: e }),
  });
  try {
    return await new Promise((resolve, reject) => {
      const req = conn.transport.request(
        {
          ...conn.target(path),
          method: 'GET',
          headers: { ...conn.headers, Accept: 'application/json', 'User-Agent': 'k8s-ha-bot' },
          agent: conn.agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            try {
              resolve({
                status: res.statusCode ?? 0,
                body: res.statusCode === 200 ? (JSON.parse(text) as T) : null,
              });
            } catch (err) {
              reject(err instanceof Error ? err : new Error(String(err)));
            }
          });
          res.on('error', reject);
        },
      );
      req.setTimeout(5000, () => req.destroy(new Error(`GET ${path}: no answer within 5000 ms`)));
      req.on('error', reject);
      req.end();
    });
  } finally {
    conn.close();
  }
}

/**
 * How long a maintenance Lease has been held past its TTL (the age of `renewTime`, else
 * `acquireTime`, beyond `leaseDurationSeconds`), in s, at `now`.
 * @param lease - the Lease, null when it does not exist
 * @returns 0 when free (no Lease, no holder) or within its TTL; null when held without times or duration
 */
export function lockOverdueS(lease: KLease | null, now: Date): number | null {
  if (!lease?.spec?.holderIdentity) return 0;
  const age = leaseAgeSeconds(lease, now);
  const ttlS = lease.spec.leaseDurationSeconds;
  return age === null || ttlS === undefined ? null : Math.max(0, age - ttlS);
}

/**
 * Read what the report needs beyond the snapshot, analyse and explain.
 * @param input - see {@link HealthReportAnswerInput}
 * @returns the on-demand report (no churn: that is counted between daily reports); its
 *   `healthReport` carries the data the schedule runner finishes with the churn
 */
export async function answerHealthReport(input: HealthReportAnswerInput): Promise<Reply> {
  const { snapshot, kubeConfig, now, logger } = input;
  const thresholds = thresholdsOf(input.settings);
  const stuck = snapshot.podDisruptionBudgets.filter((p) => p.status?.disruptionsAllowed === 0);
  const pdbPods: Record<string, PdbPod[]> = {};
  const pdbReads = (kubeConfig === null ? [] : stuck).map(async (pdb) => {
    if (kubeConfig === null) return;
    const ns = pdb.metadata.namespace ?? '';
    const selector = selectorText(pdb.spec?.selector);
    if (selector === null || selector === '') return;
    try {
      const res = await getJson<{ items?: KPod[] }>(
        kubeConfig,
        `/api/v1/namespaces/${encodeURIComponent(ns)}/pods?${new URLSearchParams({ labelSelector: selector }).toString()}`,
      );
      if (res.status !== 200 || !Array.isArray(res.body?.items)) {
        logger.warn(
          { pdb: `${ns}/${pdb.metadata.name}`, status: res.status },
          'pods of a PDB could not be read',
        );
        return;
      }
      pdbPods[`${ns}/${pdb.metadata.name}`] = res.body.items.map((p) => ({
        name: p.metadata.name,
        nodeName: p.spec?.nodeName ?? null,
        phase: p.status?.phase ?? 'Unknown',
        ready: p.status?.conditions?.find((c) => c.type === 'Ready')?.status === 'True',
      }));
    } catch (err) {
      logger.warn({ err, pdb: `${ns}/${pdb.metadata.name}` }, 'pods of a PDB could not be read');
    }
  });
  const lockRead = (async (): Promise<BotLockObservation | undefined> => {
    const { namespace, leaseName } = input.lock;
    if (kubeConfig === null) {
      const lease = snapshot.leases.find(
        (l) => l.metadata.namespace === namespace && l.metadata.name === leaseName,
      );
      return lease ? { lease, holderRequest: 'unknown' } : undefined;
    }
    try {
      const res = await getJson<KLease>(
        kubeConfig,
        `/apis/coordination.k8s.io/v1/namespaces/${encodeURIComponent(namespace)}/leases/${encodeURIComponent(leaseName)}`,
      );
      if (res.status === 404) return { lease: null, holderRequest: 'unknown' };
      if (res.status !== 200 || res.body === null) {
        logger.warn(
          { lease: `${namespace}/${leaseName}`, status: res.status },
          'the maintenance lock could not be read',
        );
        return undefined;
      }
      const holder = res.body.spec?.holderIdentity;
      let holderRequest: BotLockObservation['holderRequest'] = 'unknown';
      if (holder && input.getRequest) {
        const request = await input.getRequest(holder).catch((err: unknown) => {
          logger.warn({ err }, 'the maintenance request holding the lock could not be read');
          return undefined;
        });
        if (request) holderRequest = TERMINAL_STATES.includes(request.state) ? 'ended' : 'active';
      }
      return { lease: res.body, holderRequest };
    } catch (err) {
      logger.warn({ err, lease: `${namespace}/${leaseName}` }, 'the maintenance lock could not be read');
      return undefined;
    }
  })();
  const etcd = input.etcd;
  const certificates =
    kubeConfig === null
      ? Promise.resolve([])
      : probeCertificates({
          kubeConfig,
          apiserverEndpointSlices: snapshot.apiserverEndpointSlices,
          ...(etcd
            ? {
                etcd: {
                  endpoints: etcd.endpoints ?? snapshot.etcd?.members.flatMap((m) => m.clientURLs) ?? [],
                  ca: etcd.ca,
                  cert: etcd.cert,
                  key: etcd.key,
                },
              }
            : {}),
          etcdStatus: snapshot.etcd,
        });
  const [botLock, certs] = await Promise.all([lockRead, certificates, Promise.all(pdbReads)]);
  recordHealthReportReading(input.ctx.cluster, {
    certificates: certs,
    maintenanceLockOverdueS: botLock === undefined ? null : lockOverdueS(botLock.lease, now),
  });
  for (const c of certs)
    if (c.error !== undefined)
      logger.info(
        { source: c.source, endpoint: c.endpoint, reason: c.error },
        'certificate could not be read',
      );
  const data = await analyzeHealthReport({
    snapshot,
    now,
    thresholds,
    certificates: certs,
    extras: { pdbPods, ...(botLock ? { botLock } : {}) },
  });
  data.items.push(...(await mismatchItems(input)));
  await yieldEventLoop();
  const report = finishHealthReport(data, null);
  logger.debug({ items: report.items.length }, 'health report analysed');
  await yieldEventLoop(); // the explanation is the longest stage after the analysis's (issue 33)
  return explainHealthReport(report, { ...input.ctx, scheduled: false });
}
