/**
 * A reboot-impact analysis → the platform-neutral {@link Reply}: verdict first, then each plane
 * (affected or not, why, what stops, what keeps working), then what to do first.
 */
import { webhookRefusal } from '../analysis/admission-webhooks.js';
import { drainBlockOf } from '../analysis/node-state-checks.js';
import { type RebootImpact, quorumLostBy } from '../analysis/reboot-impact.js';
import { type Finding, type Plane, PLANES, SEVERITY_RANK } from '../analysis/types.js';
import { TYPICAL_NODE_REBOOT_S, LEADER_ELECTION_LEASE_DURATION_S } from '../analysis/domain.js';
import type { Locale } from '../commands/types.js';
import { adviseFindings, dataServesReduced, explainFinding } from './explain-finding.js';
import { type Translator, translator } from './i18n.js';
import type { PlaneSection, Reply, ReplyAction } from './reply.js';
import { replyContext } from './context-line.js';
import { saidReasons } from './first-screen.js';

/** Who asked and where: the parts of a reply that do not come from the analysis. */
export interface ExplainContext {
  locale: Locale;
  cluster: string;
  requestId: string;
  /** The request said "drain and reboot". */
  drain?: boolean;
  /** A time hint from the request ("tonight"): the answer reminds that it describes the cluster now. */
  when?: string;
  /**
   * The node's observed time away (median of its last maintenances, in ms, and how many; issue
   * 34); null: the history was read and holds none; absent: not read (no Redis).
   */
  away?: { medianMs: number; count: number } | null;
}

/** ok findings not worth a line in an answer (the absence of a problem says it). */
const QUIET_OK = new Set(['readyz', 'etcd-db-size', 'etcd-voters', 'control-plane-count']);

function reasonsFor(tr: Translator, findings: readonly Finding[], plane: Plane): string[] {
  // The node's role first (what it is), then the findings worst first.
  const ordered = [
    ...findings.filter((f) => f.check === 'node-role'),
    ...findings.filter((f) => f.check !== 'node-role'),
  ];
  return ordered
    .filter((f) => f.plane === plane && !(f.severity === 'ok' && QUIET_OK.has(f.check)))
    .map((f) => explainFinding(tr, f))
    .filter((s): s is string => s !== null);
}

function has(findings: readonly Finding[], check: string, variant?: string): Finding | undefined {
  return findings.find((f) => f.check === check && (variant === undefined || f.variant === variant));
}

function controlSection(tr: Translator, impact: RebootImpact): Pick<PlaneSection, 'stops' | 'keepsWorking'> {
  const f = impact.findings;
  const node = impact.node;
  if (impact.role !== 'control-plane') {
    // One model (issue 16): a worker's control plane headed "affected" (its own findings warn or
    // block) is not also said to keep working untouched; the heading says the reboot itself does
    // not touch it (see {@link planeHeading}).
    if (impact.planesAffected.includes('control') && !impact.state.managed)
      return { stops: [], keepsWorking: [] };
    return {
      stops: [],
      keepsWorking: [
        tr.t(impact.state.managed ? 'keeps.control-managed' : 'keeps.control-untouched', { node }),
      ],
    };
  }
  const lost = quorumLostBy(f);
  // The cluster's only node: no pods run elsewhere to keep working (reader 2.5).
  const alone = onlyNode(impact);
  // DNS the reboot takes down, or DNS already down (no Ready CoreDNS pod): never "keeps working".
  const dnsDown = f.some(
    (x) => (x.check === 'single-replica' && x.variant.startsWith('dns')) || x.check === 'cluster-dns',
  );
  // An etcd alarm (NOSPACE, CORRUPT): the API answers reads, but nothing can be written.
  if (!lost && f.some((x) => x.check === 'etcd-alarms' && x.severity === 'block')) {
    const keeps = ['keeps.api-reads', 'keeps.running-pods', 'keeps.pod-traffic', 'keeps.service-traffic']
      .filter((k) => !alone || k === 'keeps.api-reads')
      .map((k) => tr.t(k));
    return {
      stops: ['api-writes', 'scheduling', 'self-healing', 'node-failure', 'scaling', 'endpoints'].map((k) =>
        tr.t(`stops.${k}`),
      ),
      keepsWorking: keeps,
    };
  }
  if (lost) {
    const keeps = alone
      ? []
      : ['keeps.running-pods', 'keeps.pod-traffic', 'keeps.service-traffic'].map((k) => tr.t(k));
    if (!dnsDown && !alone) keeps.push(tr.t('keeps.dns'));
    return {
      stops: ['api-all', 'scheduling', 'self-healing', 'node-failure', 'scaling', 'endpoints'].map((k) =>
        tr.t(`stops.${k}`),
      ),
      keepsWorking: keeps,
    };
  }
  const stops: string[] = [];
  const keeps: string[] = [];
  // With the node's VIP going away (`-vip`), only the clients that reach the others directly keep working.
  const api = has(f, 'apiserver-redundancy', 'capacity') ?? has(f, 'apiserver-redundancy', 'capacity-vip');
  if (api) {
    stops.push(tr.t('stops.apiserver-capacity', api.facts));
    keeps.push(
      tr.t(api.variant.endsWith('-vip') ? 'keeps.api-others-direct' : 'keeps.api-others', api.facts),
    );
  }
  if (has(f, 'control-plane-endpoint', 'vip-moves') || has(f, 'control-plane-endpoint', 'keepalived-here'))
    stops.push(tr.t('stops.vip-move', { node }));
  const apiDown =
    has(f, 'apiserver-redundancy', 'already-down') ?? has(f, 'apiserver-redundancy', 'already-down-vip');
  if (apiDown)
    keeps.push(
      tr.t(apiDown.variant.endsWith('-vip') ? 'keeps.api-others-direct' : 'keeps.api-others', apiDown.facts),
    );
  const quorum = f.find((x) => x.check === 'etcd-quorum-after' && x.variant.startsWith('kept'));
  if (quorum) {
    const spare = Number(quorum.facts.spare ?? 0);
    stops.push(
      tr.t('stops.etcd-member', {
        ...quorum.facts,
        spareText: spare > 0 ? tr.t('stops.spare-some', { spare }) : tr.t('stops.spare-none'),
      }),
    );
  }
  const leaders = leaderLines(tr, f, '');
  stops.push(...leaders.stops);
  keeps.push(...leaders.keepsWorking);
  if (!alone) keeps.push(tr.t('keeps.running-pods'), tr.t('keeps.service-traffic'));
  return { stops, keepsWorking: keeps };
}

/**
 * The sentence of the node agents a reboot stops, naming only those the snapshot shows on the node
 * (the `daemonset-pods` finding's `kubeProxy` and `cni`; issue 16: a Cilium node with no kube-proxy
 * is not said to stop kube-proxy); the others are said not to be in the snapshot.
 * @param f - the findings
 * @returns the locale key under `stops`
 */
/**
 * The leader lines of a control-plane section: a failover for each leader Lease held on the
 * node(s) going down (after its `leaseDurationSeconds`, 15 s by default), an etcd election when
 * the etcd leader is among them, and what keeps leading. Only what the leader Leases show:
 * without them nothing is known of where the leaders run.
 * @param tr - the translator
 * @param f - the findings
 * @param prefix - the variant prefix of the leader findings: `''` for one node, `'joint-'` for several
 * @returns the Stops and Keeps-working lines, in that order
 * @see https://kubernetes.io/docs/concepts/architecture/leases/#leader-election
 */
export function leaderLines(
  tr: Translator,
  f: readonly Finding[],
  prefix: '' | 'joint-',
): Pick<PlaneSection, 'stops' | 'keepsWorking'> {
  const leader = (x: Finding, variant: string): boolean =>
    (x.check === 'leader-scheduler' || x.check === 'leader-controller-manager') &&
    x.variant === prefix + variant;
  const failovers = f.filter((x) => leader(x, 'held-here'));
  const stops = failovers.map((lf) =>
    tr.t('stops.leader-failover', {
      component: String(lf.facts.lease),
      seconds: lf.facts.leaseDurationSeconds ?? LEADER_ELECTION_LEASE_DURATION_S,
    }),
  );
  if (has(f, 'etcd-leader', 'leader-here')) stops.push(tr.t('stops.etcd-election'));
  const keepsWorking =
    failovers.length > 0
      ? [tr.t('keeps.leaders-after-failover')]
      : f.some((x) => leader(x, 'held-elsewhere'))
        ? [tr.t('keeps.leaders-elsewhere')]
        : [];
  return { stops, keepsWorking };
}

function nodeAgentsKey(f: readonly Finding[]): string {
  const ds = has(f, 'daemonset-pods')?.facts;
  const proxy = ds?.kubeProxy === true;
  const cni = typeof ds?.cni === 'string';
  return proxy && cni
    ? 'stops.node-agents'
    : proxy
      ? 'stops.node-agents-no-cni'
      : cni
        ? 'stops.node-agents-no-proxy'
        : 'stops.node-agents-kubelet-only';
}

/** Whether the node is the cluster's only node (node-role's `clusterNodes`). */
function onlyNode(impact: RebootImpact): boolean {
  return impact.findings.some((x) => x.check === 'node-role' && x.facts.clusterNodes === 1);
}

function dataSection(
  tr: Translator,
  impact: RebootImpact,
  affected: boolean,
  away: ExplainContext['away'],
): Pick<PlaneSection, 'stops' | 'keepsWorking'> {
  const f = impact.findings;
  const node = impact.node;
  if (!affected)
    return { stops: [], keepsWorking: [tr.t('keeps.other-workloads'), tr.t('keeps.service-traffic')] };
  const stops: string[] = [];
  const grace = has(f, 'grace-period')?.facts;
  const recreated = Number(grace?.recreated ?? grace?.evictable ?? 0);
  // One data-plane model (issue 16): when the drain cannot move pods (writes refused, or the node
  // already dead), no sentence says they are evicted and recreated elsewhere.
  const blocked = drainBlockOf(f);
  const evictable = Number(grace?.evictable ?? 0);
  if (blocked === 'node-dead') {
    const dead = has(f, 'dead-node-drain')?.facts;
    const onNode = Number(dead?.pods ?? evictable);
    if (onNode > 0) stops.push(tr.t('stops.pods-on-dead-node', { node, count: onNode }));
  } else if (blocked === 'writes-blocked') {
    if (evictable > 0) stops.push(tr.t('stops.pods-writes-blocked', { node, count: evictable }));
  } else if (has(f, 'grace-period', 'only-node')) {
    // The only node, rebooted without a drain: its pods stay bound to it (issue 16, F17); finished
    // pods neither stop nor start again (the finding's `count` leaves them out).
    const stopping = Number(grace?.count ?? 0);
    if (stopping > 0) stops.push(tr.t('stops.pods-only-node', { node, count: stopping }));
  } else {
    // A Fail webhook left with no backend refuses the replacements in its scope (issue 29): those
    // are not said to be recreated elsewhere.
    const refusing = webhookRefusal(f);
    const refusedHere = Math.min(recreated, refusing?.count ?? 0);
    if (refusing !== null && refusedHere > 0)
      stops.push(tr.t('stops.pods-evicted-refused', { node, count: refusedHere, webhook: refusing.webhook }));
    if (recreated - refusedHere > 0)
      stops.push(tr.t('stops.pods-evicted', { node, count: recreated - refusedHere }));
    const stranded = Number(grace?.stranded ?? 0);
    if (stranded > 0) stops.push(tr.t('stops.pods-stranded', { node, count: stranded }));
    // The eviction model (src/analysis/eviction-model.ts): a pod a budget refuses is not evicted;
    // the drain waits on it, so the reboot that follows the drain cannot start.
    const refused = refusedOf(grace);
    if (refused !== null) stops.push(tr.t('stops.drain-waits-reboot', { ...refused, node }));
  }
  const bare = has(f, 'unmanaged-pods', 'present')?.facts.pods;
  if (Array.isArray(bare) && bare.length > 0 && blocked === null)
    stops.push(tr.t('stops.pods-lost', { pods: bare, count: bare.length }));
  // A dead node's kubelet, kube-proxy and CNI are down already: the reboot stops nothing more there.
  if (blocked !== 'node-dead') stops.push(nodeAgentsLine(tr, f, node, away));
  // A Rook daemon already down (`operator-daemon-down`) is not taken down by the reboot.
  const downFindings = f.filter(
    (x) =>
      x.check === 'single-replica' &&
      x.severity !== 'info' &&
      x.severity !== 'ok' &&
      x.variant !== 'operator-daemon-down',
  );
  // A workload pinned to the node (its volume, a hostname selector, a Rook mon/OSD) is down for
  // the whole reboot, not "until rescheduled elsewhere" (reader 2.4).
  const isPinned = (x: Finding): boolean => x.variant.endsWith('-pinned') || x.variant === 'operator-daemon';
  const alone = onlyNode(impact);
  // Those no other node has room for are not "rescheduled" either (issue 28).
  const noRoom = (x: Finding): boolean => x.facts.nowhere === 'no-room';
  // Workloads whose replacement a Fail webhook refuses (issue 29) are not "rescheduled" either.
  const webhook = webhookRefusal(f);
  const refusedNs = (x: Finding): boolean =>
    webhook !== null && webhook.namespaces.includes(String(x.facts.namespace));
  const down = downFindings
    .filter((x) => !isPinned(x) && !noRoom(x) && !refusedNs(x))
    .map((x) => String(x.facts.workload));
  if (down.length > 0)
    stops.push(tr.t(alone ? 'stops.only-node-down' : 'stops.single-down', { workloads: down, node }));
  const downRefused = downFindings
    .filter((x) => !isPinned(x) && refusedNs(x))
    .map((x) => String(x.facts.workload));
  if (webhook !== null && downRefused.length > 0)
    stops.push(tr.t('stops.single-down-refused', { workloads: downRefused, webhook: webhook.webhook }));
  const downNoRoom = downFindings
    .filter((x) => !isPinned(x) && noRoom(x))
    .map((x) => String(x.facts.workload));
  if (downNoRoom.length > 0) stops.push(tr.t('stops.single-down-no-room', { workloads: downNoRoom, node }));
  const pinnedDown = downFindings.filter(isPinned).map((x) => String(x.facts.workload));
  if (pinnedDown.length > 0) stops.push(tr.t('stops.pinned-down', { workloads: pinnedDown, node }));
  // With no other node there are no "other workloads" to keep running.
  if (alone) return { stops, keepsWorking: [] };
  const keeps = has(f, 'capacity', 'only-node-unseen') ? [] : [tr.t('keeps.other-workloads')];
  const refused = blocked === null ? refusedOf(grace) : null;
  if (refused !== null) keeps.push(tr.t('keeps.refused-pods', { ...refused, node }));
  if (f.some((x) => x.check === 'single-replica' && x.variant.startsWith('spread')))
    keeps.push(tr.t('keeps.spread-workloads'));
  keeps.push(tr.t('keeps.pod-traffic'));
  return { stops, keepsWorking: keeps };
}

/**
 * The pods a PodDisruptionBudget keeps on the node (the `grace-period` finding's `refusedPods` and
 * `refusedBy`, from the eviction model), as sentence parameters; null when there are none.
 * @param grace - the grace-period finding's facts, if any
 * @returns `pods` (names), `budgets` (names) and `count`
 */
export function refusedOf(
  grace: Finding['facts'] | undefined,
): { pods: string[]; budgets: string[]; count: number } | null {
  // A pod whose retry then stopped the drain (`stoppedPods`: a webhook's 500) is not kept waiting.
  const list = (k: string): string[] => (Array.isArray(grace?.[k]) ? [...(grace[k] as string[])] : []);
  const stopped = new Set(list('stoppedPods'));
  const pods = list('refusedPods').filter((p) => !stopped.has(p));
  if (pods.length === 0) return null;
  const budgets = list('refusedBy');
  return { pods, budgets, count: pods.length };
}

/**
 * A plane's heading. "affected" means the plane has a finding that warns or blocks, or is the
 * node's own plane ({@link RebootImpact.planesAffected}); for a worker's control plane that is
 * affected by its own state (degraded, a member down), not by the reboot, the heading says both
 * (`plane.affected-not-touched`), and no "keeps working: the control plane itself" line is added.
 * A plane that keeps serving with less capacity says so: the control plane ({@link servesReduced}),
 * the data plane ({@link dataServesReduced}).
 */
function planeHeading(tr: Translator, impact: RebootImpact, plane: Plane, affected: boolean): string {
  const reduced = plane === 'control' ? servesReduced(impact.findings) : null;
  const serving = plane === 'data' ? dataServesReduced(impact.findings) : null;
  const state =
    affected && plane === 'control' && impact.role === 'worker' && !impact.state.managed
      ? tr.t('plane.affected-not-touched', { node: impact.node })
      : affected && reduced !== null
        ? tr.t('plane.no-interruption', reduced.facts)
        : affected && serving !== null
          ? tr.t('plane.keeps-serving', serving)
          : tr.t(affected ? 'plane.affected' : 'plane.unaffected');
  return `${tr.t(`plane.${plane}`)}: ${state}`;
}

/**
 * A control plane that keeps serving with less capacity (issue 30, item 4: "no interruption, API
 * capacity 3 → 2", not "affected" beside "safe"): the API servers left take the clients
 * (`apiserver-redundancy` `capacity`, no VIP to move), and nothing of the control plane warns or
 * blocks, no leader Lease nor the etcd leader is on the node (their failover or election is a
 * pause, said in Stops).
 * @returns the capacity finding, or null when the control plane is interrupted or at risk
 */
function servesReduced(f: readonly Finding[]): Finding | null {
  const api = has(f, 'apiserver-redundancy', 'capacity');
  if (api === undefined) return null;
  const interrupted = f.some(
    (x) =>
      (x.plane === 'control' && (x.severity === 'warn' || x.severity === 'block')) ||
      x.variant === 'held-here' ||
      (x.check === 'etcd-leader' && x.variant === 'leader-here') ||
      (x.check === 'control-plane-endpoint' &&
        (x.variant === 'vip-moves' || x.variant === 'keepalived-here')),
  );
  return interrupted ? null : api;
}

/**
 * The SAFE summary: a worker's "its pods can move elsewhere" only where the capacity check found
 * room for them on Ready, schedulable nodes whose taints they tolerate; with nothing to move, it says so.
 */
function safeSummary(tr: Translator, impact: RebootImpact): string {
  const node = impact.node;
  if (impact.state.unobserved.includes('pods')) return tr.t('summary.safe-unseen', { node });
  if (impact.role === 'control-plane') return tr.t('summary.safe-control-plane', { node });
  return has(impact.findings, 'capacity', 'fits')
    ? tr.t('summary.safe-worker', { node })
    : tr.t('summary.safe-worker-nothing-moves', { node });
}

/**
 * What the reboot stops on the node itself, and for how long: the node's own median time away
 * when maintenances of it were observed (issue 34), else the typical reboot, saying there is no
 * history when the history was read.
 */
function nodeAgentsLine(
  tr: Translator,
  f: readonly Finding[],
  node: string,
  away: ExplainContext['away'],
): string {
  const seconds = away ? Math.round(away.medianMs / 1000) : TYPICAL_NODE_REBOOT_S;
  const line = tr.t(nodeAgentsKey(f), { node, seconds });
  if (away === undefined) return line;
  return `${line}${tr.t(away === null ? 'stops.away-none' : 'stops.away-history', { node, seconds, count: away?.count ?? 0 })}`;
}

/**
 * Explain a reboot-impact analysis.
 * @param impact - the analysis ({@link analyzeRebootImpact})
 * @param ctx - locale, cluster name, request id, whether a drain was asked for
 * @returns the reply; `verdict` is null when the node does not exist (kind `error`)
 */
export function explainRebootImpact(impact: RebootImpact, ctx: ExplainContext): Reply {
  const tr = translator(ctx.locale);
  const node = impact.node;
  const context = replyContext(impact, ctx);
  if (!impact.found) {
    const suggestions = (impact.findings[0]?.facts.suggestions ?? []) as readonly string[];
    const nodes = (impact.findings[0]?.facts.nodes ?? []) as readonly string[];
    return {
      kind: 'error',
      locale: ctx.locale,
      title: tr.t('title.error'),
      verdict: null,
      summary: tr.t(
        suggestions.length > 0
          ? 'summary.not-found-suggest'
          : nodes.length > 0
            ? 'summary.not-found-list'
            : 'summary.not-found',
        { node, cluster: ctx.cluster, suggestions, nodes: tr.list(nodes) },
      ),
      planes: [],
      sections: [],
      advice: [],
      actions: [],
      context,
      findings: impact.findings,
    };
  }

  const f = impact.findings;
  const planes: PlaneSection[] = PLANES.map((plane) => {
    const affected = impact.planesAffected.includes(plane);
    const parts =
      plane === 'control' ? controlSection(tr, impact) : dataSection(tr, impact, affected, ctx.away);
    return {
      plane,
      affected,
      heading: planeHeading(tr, impact, plane, affected),
      reasons: reasonsFor(tr, f, plane),
      ...parts,
    };
  });
  const blocks = f.filter((x) => x.severity === 'block').length;
  const { required, optional } = adviseFindings(
    tr,
    f.filter((x) => SEVERITY_RANK[x.severity] >= SEVERITY_RANK.warn),
  );
  if (ctx.when) required.push(tr.t('advice.when', { when: ctx.when }));
  // No step says another again (issue 30 item 4: two findings may advise the same drain).
  const advice = [...new Set([...required, ...optional])];
  // A caution headline counts the warnings the answer says, the ⚠ lines of its first screen (issue
  // 30 item 4: one list for both); with none it says to read the warnings.
  const reasons = saidReasons(
    f,
    planes.flatMap((p) => p.reasons),
    (x) => explainFinding(tr, x),
  );
  const summary =
    impact.verdict === 'unsafe'
      ? tr.t('summary.unsafe', { node, count: blocks })
      : impact.verdict === 'caution'
        ? tr.t(reasons.length > 0 ? 'summary.caution' : 'summary.caution-none-required', {
            node,
            count: reasons.length,
          })
        : safeSummary(tr, impact);
  const actions: ReplyAction[] = [];
  if (impact.verdict !== 'unsafe') {
    actions.push({
      id: 'request-maintenance',
      label: tr.t('actions.request-maintenance'),
      value: JSON.stringify({ cluster: ctx.cluster, node }),
    });
  }
  actions.push({
    id: 'refresh',
    label: tr.t('actions.refresh'),
    value: JSON.stringify({ cluster: ctx.cluster, node, kind: 'reboot-impact' }),
  });
  return {
    kind: 'reboot-impact',
    locale: ctx.locale,
    title: tr.t(ctx.drain ? 'title.drainReboot' : 'title.reboot', { node, cluster: ctx.cluster }),
    verdict: impact.verdict,
    summary,
    planes,
    sections: [],
    advice,
    actions,
    context,
    findings: f,
    attention: reasons,
  };
}
