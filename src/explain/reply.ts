/**
 * The platform-neutral answer every adapter renders (terminal text, Block Kit, Adaptive Cards).
 */
import type { ForecastComparison } from './forecast-comparison.js';
import type { HealthReportData } from '../analysis/daily/health-report.js';
import type { ReportItem } from '../analysis/daily/report-items.js';
import type { Finding, Plane, Verdict } from '../analysis/types.js';
import type { RequestSummary } from '../commands/request-summary.js';
import type { ClarifyingSuggestion, Locale } from '../commands/types.js';

/** One plane's part of an answer. Every string is plain text (adapters escape for their markup). */
export interface PlaneSection {
  plane: Plane;
  /** Whether the answer says this plane is affected by the change. */
  affected: boolean;
  /** Heading such as "Control plane: affected". */
  heading: string;
  /** Why: one line per finding worth saying, worst first. */
  reasons: string[];
  /** What stops while the change lasts. */
  stops: string[];
  /** What keeps working. */
  keepsWorking: string[];
}

/** A free section (HA status reports, help). */
export interface ReplySection {
  heading: string;
  lines: string[];
  /**
   * Shown whole on the first screen, after the summary, not behind "Details" (issue 30 item 4: a
   * scheduled post's changes since the last post, src/schedule/build-ha-post.ts).
   */
  firstScreen?: boolean;
}

/** A button the adapters render; `id` routes it back, `value` carries its argument. */
export interface ReplyAction {
  id:
    | 'request-maintenance'
    | 'refresh'
    | 'ha-status'
    | 'maintenance-approve'
    | 'maintenance-reject'
    | 'maintenance-cancel'
    | 'maintenance-pause'
    | 'maintenance-resume'
    | 'maintenance-retry'
    | 'maintenance-skip'
    | 'maintenance-stop'
    // A clarification's reading: `value` is `{ text, cluster? }`, the request it stands for (issue 30, item 2).
    | 'ask';
  label: string;
  value: string;
}

/** Where an answer came from. `snapshotAt` is when the cluster was read. */
export interface ReplyContext {
  cluster: string | null;
  snapshotAt: string | null;
  requestId: string;
  /** How etcd was known: read from etcd, recorded in a snapshot, inferred from pods, or not observable. */
  etcdSource?: 'live' | 'recorded' | 'inferred' | 'inferred-nodes' | 'none';
  /**
   * `guard`: the health of etcd members the data does not show was taken from OpenShift's etcd
   * quorum guard's count (src/analysis/etcd-view.ts, `applyQuorumGuardHealth`); absent otherwise.
   */
  etcdHealthFrom?: 'guard';
  /**
   * Snapshot files: where `snapshotAt` came from (`captured_at`, `given`, `leases`,
   * `node-heartbeats`, `managed-fields`, `unknown`); then `snapshotAt` is the capture time.
   */
  capturedFrom?:
    'captured_at' | 'given' | 'leases' | 'node-heartbeats' | 'managed-fields' | 'read' | 'unknown';
  /** The distribution profile the answer used (`kubeadm`, `k3s`, `rke2`, `openshift`, `managed`). */
  profile?: string;
  /** Its qualifier (`AKS`, `embedded etcd`, `SQLite or external datastore`), when there is one. */
  profileVariant?: string;
  /**
   * Set when the cluster came from the worker's watch cache (in sync): seconds since its last
   * watch event, shown as "from the watch cache, in sync, last event N s ago".
   */
  cache?: { lastEventAgeS: number };
  /** Maintenance answers: the request id (`mr-…`) the card or thread message belongs to. */
  maintenanceId?: string;
  /**
   * What was understood of the request, node names resolved against the cluster's live node list;
   * set by the worker once it has read the cluster, absent before (help, errors).
   */
  request?: RequestSummary;
}

/**
 * Several nodes in one question: the machine-readable part of the answer, carried into
 * `--format json`. Both answers come from the same analysis whichever was asked: `joint` (all of
 * them down at once) and `plan` (one after another: order, batches, waits, the riskiest step).
 */
export interface MultiNodeReplyData {
  mode: 'together' | 'one-by-one';
  action: 'reboot' | 'drain' | 'upgrade' | 'node-down';
  nodes: string[];
  joint: { verdict: Verdict; findings: { check: string; variant: string; severity: string }[] };
  plan: {
    verdict: Verdict;
    order: string[];
    batches: string[][];
    riskiestStep: number | null;
    workerBatchSize: number;
    steps: { index: number; nodes: string[]; verdict: Verdict; waitFor: Record<string, string | number>[] }[];
    excluded: { node: string; reasons: string[] }[];
  };
}

/**
 * A blocking or warning reason as an answer says it (issue 30 item 4): its finding's severity and
 * its whole sentence. An answer's summary counts these, and its first screen shows them.
 */
export interface ReplyReason {
  severity: 'block' | 'warn';
  text: string;
}

/** What kind of answer this is. */
export type ReplyKind = 'reboot-impact' | 'ha-status' | 'help' | 'error' | 'maintenance';

/**
 * The answer to one request.
 * `verdict` is null for answers that have none (help, errors, a cluster that could not be read).
 */
export interface Reply {
  kind: ReplyKind;
  locale: Locale;
  title: string;
  verdict: Verdict | null;
  /**
   * HA status answers: `healthy`, `degraded`, `critical`, or `unknown` (etcd quorum not seen;
   * adapters colour by it).
   */
  health?: 'healthy' | 'degraded' | 'critical' | 'unknown';
  /** One line: the verdict and the gist ("Safe to reboot atlas-cp-2: …"). */
  summary: string;
  /** Reboot-impact answers: one section per plane, control first. */
  planes: PlaneSection[];
  /** HA status, help and error answers. */
  sections: ReplySection[];
  /** What to do first, or instead, when the verdict is not safe. */
  advice: string[];
  actions: ReplyAction[];
  context: ReplyContext;
  findings: Finding[];
  /**
   * Reboot-impact and what-if answers: the blocking and warning reasons the answer says, blocking
   * first, one per sentence ({@link import('./first-screen.js').saidReasons}); the summary's count of
   * "things below" is their number and the first screen shows them. Absent: computed from the
   * findings with the reboot wording.
   */
  attention?: ReplyReason[];
  /** Questions about several nodes: the joint verdict and the rolling plan. */
  multiNode?: MultiNodeReplyData;
  /**
   * A clarification (issue 30, item 2): the likeliest readings of a request not understood with
   * certainty, each the exact request text and what it is read as. Carried into `--format json`.
   */
  suggestions?: readonly ClarifyingSuggestion[];
  /**
   * The daily HA report: the read's report data, its items most urgent first and what
   * changed since the last report (null: first report or on demand). Carried into `--format json`,
   * and from the worker to the schedule runner, which adds the churn since the last report.
   */
  healthReport?: HealthReportData & {
    items: ReportItem[];
    changes: { added: ReportItem[]; cleared: ReportItem[] } | null;
    scheduled: boolean;
  };
  /**
   * `requester`: the answer concerns the asking user alone (a maintenance request refused for
   * who they are: not a requester, not an admin for `--force`). Adapters deliver it privately
   * (Slack: ephemeral to the user; Teams: a 1:1 chat with the user). Absent: everyone in the
   * conversation sees it.
   */
  audience?: 'requester';
  /**
   * A maintenance card's forecast-vs-observed comparison of its node (issue 34): the forecast and
   * observed tallies, the times, the etcd voters and each mismatch with its kind. Carried into
   * `--format json`; the card's "Forecast vs observed" lines say the same.
   */
  forecastComparison?: ForecastComparison;
}
