/**
 * An HA status report → {@link Reply}: overall status line, then control plane, etcd, leader
 * Leases, nodes and workloads.
 */
import type { HaStatus } from '../analysis/ha-status.js';
import type { Finding } from '../analysis/types.js';
import { explainFinding } from './explain-finding.js';
import type { ExplainContext } from './explain-reboot-impact.js';
import { type Translator, translator } from './i18n.js';
import type { Reply, ReplySection } from './reply.js';
import { replyContext } from './context-line.js';

const GROUPS: { heading: string; checks: readonly string[] }[] = [
  {
    heading: 'status.controlPlane',
    checks: ['managed-control-plane', 'control-plane-count', 'apiserver-redundancy', 'readyz'],
  },
  {
    heading: 'status.etcd',
    checks: [
      'etcd-quorum-after',
      'etcd-voters',
      'etcd-leader',
      'etcd-learner',
      'etcd-alarms',
      'etcd-db-size',
      'etcd-topology',
    ],
  },
  { heading: 'status.leases', checks: ['leader-scheduler', 'leader-controller-manager'] },
  { heading: 'status.nodes', checks: ['concurrent-disruption', 'node-health', 'capacity'] },
  // Fail webhooks and APIServices with no backend, or every backend on one node (issue 29)
  { heading: 'status.singlePoints', checks: ['admission-webhook', 'aggregated-api'] },
  {
    heading: 'status.workloads',
    checks: [
      'cluster-dns',
      'dead-node-drain',
      'operator-budgets',
      'pdb-blocks',
      'single-replica',
      'read-error',
    ],
  },
  { heading: 'status.unseen', checks: ['not-observed'] },
];

function lines(tr: Translator, findings: readonly Finding[], checks: readonly string[]): string[] {
  return findings
    .filter((f) => checks.includes(f.check))
    .map((f) => explainFinding(tr, f))
    .filter((s): s is string => s !== null);
}

/**
 * The headline's cause class (reader item 2.6): a DEGRADED/CRITICAL status whose warnings and
 * blocks are all of the data plane (a cordoned or NotReady worker, a PodDisruptionBudget allowing
 * no disruption) is not "the control plane cannot take another failure". The control plane is
 * said to take a failure only on the grounds the HEALTHY headline needs (no control-plane warning,
 * etcd quorum known: `etcd-quorum-after` not `status-unknown*`); otherwise it is said unknown.
 * @param status - the report
 * @returns the locale key of the data-plane headline, or null when a control-plane finding warns
 */
function dataPlaneOnly(status: HaStatus): string | null {
  if (status.health !== 'degraded' && status.health !== 'critical') return null;
  const serious = status.findings.filter((f) => f.severity === 'warn' || f.severity === 'block');
  if (serious.length === 0 || serious.some((f) => f.plane !== 'data')) return null;
  const quorumUnknown = status.findings.some(
    (f) => f.check === 'etcd-quorum-after' && f.variant.startsWith('status-unknown'),
  );
  if (quorumUnknown) return 'status.gistDataCpUnknown';
  return status.health === 'critical' ? 'status.gistCriticalData' : 'status.gistDegradedData';
}

/**
 * A DEGRADED status whose only control-plane warnings leave etcd's tolerance as the quorum line
 * states it: an etcd membership change (a learner joining, check `etcd-learner`) or an even
 * member count (`etcd-voters` `even`: no more tolerance than one member fewer), while quorum is kept with a spare (`etcd-quorum-after`
 * `status-kept`): the control plane can take a failure (a learner does not vote and does not count
 * toward quorum, etcd docs, Learner,
 * https://etcd.io/docs/v3.5/learning/design-learner/), so the headline says why it is degraded
 * instead of "cannot take another failure", which the quorum line below would contradict (issue
 * 16, reader5 F12: scenario 45).
 * @param status - the report
 * @returns the locale key of the headline, or null when another finding warns or quorum has no spare
 */
function membershipOnly(status: HaStatus): string | null {
  if (status.health !== 'degraded') return null;
  const serious = status.findings.filter((f) => f.severity === 'warn' || f.severity === 'block');
  const cp = serious.filter((f) => f.plane !== 'data');
  const tolerant = (f: Finding): boolean =>
    f.check === 'etcd-learner' || (f.check === 'etcd-voters' && f.variant === 'even');
  if (cp.length === 0 || !cp.every(tolerant)) return null;
  if (!status.findings.some((f) => f.check === 'etcd-quorum-after' && f.variant === 'status-kept'))
    return null;
  const data = cp.length < serious.length ? 'Data' : '';
  return cp.every((f) => f.check === 'etcd-learner')
    ? `status.gistDegradedMembership${data}`
    : `status.gistDegradedCanTake${data}`;
}

/**
 * Explain an HA status report.
 * @param status - the report ({@link analyzeHaStatus})
 * @param ctx - locale, cluster, request id
 * @returns a Reply of kind `ha-status` with `verdict: null`; the health is in the summary
 */
export function explainHaStatus(status: HaStatus, ctx: ExplainContext): Reply {
  const tr = translator(ctx.locale);
  const dataCause = dataPlaneOnly(status) ?? membershipOnly(status);
  // Something observed is degraded and quorum is unknown too: the headline says both (issue 16).
  const quorumUnknown = status.findings.some(
    (f) => f.check === 'etcd-quorum-after' && f.variant.startsWith('status-unknown'),
  );
  const both = quorumUnknown ? 'QuorumUnknown' : '';
  // A managed control plane is not judged: a DEGRADED or CRITICAL status is the data plane's, and
  // the headline says so (reader7: real 10 was DEGRADED under "data-plane checks only").
  const gist = status.state.managed
    ? tr.t(
        status.health === 'critical'
          ? 'status.gistManagedCriticalData'
          : status.health === 'degraded'
            ? 'status.gistManagedDegradedData'
            : 'status.gistManaged',
      )
    : dataCause !== null
      ? tr.t(dataCause)
      : tr.t(
          status.health === 'healthy'
            ? 'status.gistHealthy'
            : status.health === 'degraded'
              ? `status.gistDegraded${both}`
              : status.health === 'unknown'
                ? quorumUnknown
                  ? 'status.gistUnknown'
                  : 'status.gistUnknownPartial'
                : `status.gistCritical${both}`,
        );
  const sections: ReplySection[] = [];
  for (const g of GROUPS) {
    const l = lines(tr, status.findings, g.checks);
    if (g.heading === 'status.nodes') {
      // Ready nodes whose kubelet stopped renewing its node Lease (node-health lease-stale).
      const staleLease = status.findings
        .filter((f) => f.check === 'node-health' && f.variant === 'lease-stale')
        .map((f) => String(f.facts.node));
      l.unshift(
        status.disruptedNodes.length === 0 && staleLease.length > 0
          ? tr.t('status.allReadyLeaseStale', {
              count: status.nodeCount,
              nodes: staleLease.join(', '),
            })
          : status.disruptedNodes.length === 0
            ? status.nodeCount === 1
              ? tr.t('status.allNodesFineSingle')
              : tr.t('status.allNodesFine', { count: status.nodeCount })
            : tr.t('status.nodeCount', { count: status.nodeCount, disrupted: status.disruptedNodes.length }),
      );
    }
    if (l.length > 0) sections.push({ heading: tr.t(g.heading), lines: l });
  }
  return {
    kind: 'ha-status',
    locale: ctx.locale,
    title: tr.t('title.status', { cluster: ctx.cluster }),
    verdict: null,
    health: status.health,
    summary: tr.t('summary.status', { health: tr.t(`health.${status.health}`), gist }),
    planes: [],
    sections,
    advice: [],
    actions: [
      {
        id: 'refresh',
        label: tr.t('actions.refresh'),
        value: JSON.stringify({ cluster: ctx.cluster, kind: 'ha-status' }),
      },
    ],
    context: replyContext(status, ctx),
    findings: status.findings,
  };
}
