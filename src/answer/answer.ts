/**
 * The answer step: a job's text → a {@link Reply}. Parse (when the adapter has not), resolve the
 * cluster, read a snapshot through @kubernetes/client-node, analyse, explain. Used by the worker
 * process (through the queue) and by the console in-process.
 */
// The Kubernetes client, the reader, the watch cache and the simulator are loaded on first use:
// a console answer from a snapshot file (`snapshotsFromFile`) never loads them.
import { median } from '../maintenance/forecast/forecast.js';
import type { ExplainContext } from '../explain/explain-reboot-impact.js';
import type { KubeConfig } from '@kubernetes/client-node';
import type { KubeAccess } from '../cluster/static-kubeconfig.js';
import { hasControlPlaneRoleLabel } from '../analysis/domain.js';
import { analyzeRebootImpact } from '../analysis/reboot-impact.js';
import type { Verdict } from '../analysis/types.js';
import type { ClusterWatchCache } from '../cluster/watch-cache.js';
import type { CacheFreshness } from '../cluster/watch-cache.js';
// snapshot-file.js (and lossless-json) load only for snapshot clusters: not for a live ask.
import type { SnapshotFile } from '../cluster/snapshot-file.js';
import { snapshotFromFile } from '../cluster/snapshot-from-file.js';
import type { ClusterSnapshot, EtcdStatus, KPod } from '../cluster/types.js';
import { controlPlaneReadings } from '../commands/clarify.js';
import { THE_ETCD_LEADER } from '../commands/node-mentions.js';
import { buildEtcdView, etcdFailureToleranceSeenIn } from '../analysis/etcd-view.js';
import { indexCluster } from '../analysis/cluster-index.js';
import { ambiguous, parseCommand, rereadWithNodes, resolveCommandNodes } from '../commands/parse-command.js';
import { type RequestSummary, summarizeRequest } from '../commands/request-summary.js';
import { type Command, isMaintenanceStateCommand } from '../commands/types.js';
import type { BotConfig, ClusterConfig, EtcdProbeConfig } from '../config/bot-config.js';
import type { Settings } from '../config/settings.js';
import { BotError, ClusterReadError, ConfigError, isBotError } from '../errors.js';
import { focusNodeOf, isWhatIfFamily } from './command-focus.js';
import type { MaintenanceAnswerService, NodeAnalysis } from './answer-maintenance.js';
import {
  explainClusterReadFailure,
  explainFailure,
  explainHelp,
  explainParseError,
  type HelpCluster,
} from '../explain/explain-messages.js';
import { explainRebootImpact } from '../explain/explain-reboot-impact.js';
import type { Reply } from '../explain/reply.js';
import { safeReply } from '../explain/safe-reply.js';
import type { AnswerContext, AnswerHandler } from '../queue/answer-handler.js';
import type { AnswerJob } from '../queue/job.js';
import type { RunningSimulator } from '../simulator/start-simulator.js';
import { closestNames } from '../util/closest-names.js';
import type { Logger } from '../util/logger.js';
import { silentLogger } from '../util/silent-logger.js';
import { CLUSTER_HA_READING_INTERVAL_MS, recordClusterHaReading } from '../util/metric-hooks.js';

/**
 * How a cluster is reached: a KubeConfig, plus etcd status when a snapshot recorded it (a
 * configured `etcd` entry replaces it with a live probe, see {@link liveEtcd}).
 */
interface ClusterAccess {
  /**
   * client-node's KubeConfig, for the watch cache and for acting on the cluster; null when the
   * snapshot file is analysed directly ({@link AnswerServiceOptions.snapshotsFromFile}) or when a
   * read is all that is asked of a live context and {@link read} serves it without client-node.
   */
  kubeConfig: KubeConfig | null;
  /**
   * What the snapshot read and the health report use: `kubeConfig`, or for a read alone of a
   * live context without a watch cache (a live `ask`), the context as `kubeAccessForContext`
   * gives it (static credentials without client-node, issue 32 item 3); null for a file analysed directly.
   */
  read: KubeAccess | null;
  /** The loaded snapshot file, when it is analysed directly rather than served by the simulator. */
  offline?: SnapshotFile;
  etcd: EtcdStatus | null;
  /** Snapshot files only: what the file says of itself (capture time, parts it does not hold). */
  file?: Pick<
    SnapshotFile,
    'capturedAt' | 'capturedFrom' | 'format' | 'missingParts' | 'readyz' | 'etcd' | 'readErrors'
  >;
}

/**
 * What a snapshot file adds to the snapshot the simulator served: the capture time
 * (the simulator shifted every timestamp by now - capturedAt, so ages are as at capture) and, for
 * a kubectl List, the parts it does not hold: `/readyz` (the simulator answers 503 "not
 * recorded"), etcd status, and any of pods, Leases, PDBs, workloads with no item.
 */
function withFileFacts(snapshot: ClusterSnapshot, file: ClusterAccess['file']): ClusterSnapshot {
  if (!file) return snapshot;
  const out: ClusterSnapshot = { ...snapshot, capturedFrom: file.capturedFrom };
  if (file.capturedAt !== null) out.capturedAt = file.capturedAt;
  // What the capture could not read (`k8s-ha-bot snapshot`'s read_errors) is reported as the live read's errors are.
  if (file.readErrors && file.readErrors.length > 0)
    out.readErrors = [...snapshot.readErrors, ...file.readErrors];
  if (file.format === 'list') {
    out.readyz = null;
    out.readErrors = snapshot.readErrors.filter((e) => e.resource !== 'readyz');
    out.unobserved = ['readyz', ...(file.etcd === null ? ['etcd'] : []), ...file.missingParts];
  }
  return out;
}

/**
 * A snapshot file analysed directly ({@link AnswerServiceOptions.snapshotsFromFile}): the snapshot
 * the simulator path would give. {@link snapshotFromFile} already keeps the file's capture time,
 * readyz, etcd and read errors (the simulator path adds them in {@link withFileFacts}).
 */
function fromFile(
  file: SnapshotFile | undefined,
  cluster: string,
  focusNode: string | null,
  moreFocusNodes: readonly string[],
  now: () => Date,
): ClusterSnapshot {
  if (!file) throw new BotError('internal', 'a snapshot cluster without its file');
  return snapshotFromFile(inListOrder(file), cluster, focusNode, now, moreFocusNodes);
}

const listOrdered = new WeakMap<SnapshotFile, SnapshotFile>();

/**
 * The file with its items in the order kube-apiserver (and so the simulator) lists them:
 * `namespace/name` within each resource (src/simulator/object-store.ts), so that names listed from
 * the file come out as they do through the API. Sorted once per loaded file.
 */
function inListOrder(file: SnapshotFile): SnapshotFile {
  let sorted = listOrdered.get(file);
  if (!sorted) {
    const key = (o: SnapshotFile['items'][number]): string =>
      `${o.metadata?.namespace ?? ''}/${o.metadata?.name ?? ''}`;
    const items = file.items
      .map((o) => ({ o, k: key(o) }))
      .sort((a, b) => (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
      .map((e) => e.o);
    sorted = { ...file, items };
    listOrdered.set(file, sorted);
  }
  return sorted;
}

/** {@link withFileFacts} for a snapshot built by {@link fromFile} (its read errors already hold the file's). */
function offlineFileFacts(snapshot: ClusterSnapshot, file: ClusterAccess['file']): ClusterSnapshot {
  if (!file) return snapshot;
  const { readErrors: _already, ...rest } = file;
  return withFileFacts(snapshot, rest);
}

/**
 * Read etcd live for a cluster with an `etcd` entry. Endpoints come from the entry, else
 * from the etcd mirror pods' `kubeadm.kubernetes.io/etcd.advertise-client-urls` annotation. Never
 * throws for etcd problems: they come back as `endpointErrors`.
 * @param etcd - the cluster's etcd entry
 * @param pods - the snapshot's pods (used only when `endpoints` is not configured)
 * @returns a live status; with no endpoint at all, an empty one carrying one error
 */
export async function liveEtcd(etcd: EtcdProbeConfig, pods: readonly KPod[]): Promise<EtcdStatus> {
  const [{ discoverEtcdEndpoints }, { probeEtcd }] = await Promise.all([
    import('../etcd/discover-etcd-endpoints.js'),
    import('../etcd/probe-etcd.js'),
  ]);
  const endpoints = etcd.endpoints ?? discoverEtcdEndpoints(pods);
  if (endpoints.length === 0) {
    const message =
      'no etcd endpoints configured and none found on the etcd pods (annotation kubeadm.kubernetes.io/etcd.advertise-client-urls)';
    return {
      source: 'live',
      members: [],
      endpointStatus: [],
      errors: [message],
      endpointErrors: [{ endpoint: '', kind: 'error', message }],
      alarms: [],
    };
  }
  return probeEtcd({
    endpoints,
    tls: { ca: etcd.ca, cert: etcd.cert, key: etcd.key },
    timeoutMs: etcd.timeoutMs,
    ...(etcd.quotaBackendBytes === undefined ? {} : { dbSizeQuota: etcd.quotaBackendBytes }),
  });
}

/** The answer step with the resources it holds (snapshot simulators), to close at shutdown. */
export interface AnswerService {
  handler: AnswerHandler;
  /** Answer one job directly (same as `handler`), for the console without a queue. */
  answer(job: AnswerJob, context?: Partial<AnswerContext>): Promise<Reply>;
  /**
   * The KubeConfig of a configured cluster, resolved as the answer step does (a snapshot cluster:
   * the simulator this service started for it). Used by the maintenance worker.
   * @throws BotError `cluster-unknown` for a cluster not in the configuration; ConfigError for a bad kubeconfig
   */
  kubeConfigFor(cluster: string): Promise<KubeConfig>;
  /**
   * The reboot-impact analysis (drain included) of one node on a fresh snapshot: what the
   * maintenance executor re-runs before it touches anything.
   * @returns verdict, one-line summary (in `locale`, default the configured one) and findings; an
   *   unknown node is `unsafe` (finding `node-not-found`)
   * @throws BotError `cluster-unknown`; ClusterReadError when the cluster cannot be read
   */
  analyzeNode(cluster: string, node: string, locale?: AnswerJob['locale']): Promise<NodeAnalysis>;
  /**
   * Whether the etcd member on a node is healthy, read from etcd itself: for the maintenance
   * executor's check after a reboot. Reads a fresh snapshot with the live etcd probe, so only
   * clusters with an `etcd` entry give an answer (see `etcdMemberHealthOnNode`).
   * @returns true / false for a node that runs a member; null when the cluster has no `etcd`
   *   entry or no member runs on the node
   * @throws BotError `cluster-unknown`; ClusterReadError when the cluster cannot be read
   */
  etcdMemberHealthy(cluster: string, node: string): Promise<boolean | null>;
  /**
   * Healthy etcd voters seen now, as the analysis reads etcd (`etcdVotersSeenIn`: the live probe
   * when the cluster has an `etcd` entry, else the etcd pods' Ready state): what the maintenance
   * executor observes while a node is away (issue 34).
   * @returns the count; null when etcd is not observable or a voter's health is unknown
   * @throws BotError `cluster-unknown`; ClusterReadError when the cluster cannot be read
   */
  etcdVotersSeen(cluster: string): Promise<number | null>;
  /**
   * The joint reboot-impact analysis of several nodes down together on a fresh read (their pods
   * kept whole): what a maintenance plan checks again before a step of several nodes.
   * @returns the joint verdict and a one-line summary of its worst concerns
   * @throws BotError `cluster-unknown`; ClusterReadError when the cluster cannot be read
   */
  analyzeNodesTogether(cluster: string, nodes: string[]): Promise<{ verdict: Verdict; summary: string }>;
  /** Stop the simulators started for snapshot clusters. */
  close(): Promise<void>;
}

/** Options of {@link createAnswerService}. */
export interface AnswerServiceOptions {
  config: BotConfig;
  logger?: Logger;
  /** The analysis clock. @defaultValue real time */
  now?: () => Date;
  /**
   * Maintenance requests and decisions. Without it, maintenance commands are answered
   * with "the job queue is unavailable" (maintenance needs Redis).
   */
  maintenance?: MaintenanceAnswerService;
  /**
   * Renewal period in ms of the "live components" of the built-in simulator for snapshot clusters
   * (its Leases and node heartbeats are renewed as a running cluster's would, so a long-running
   * process does not see the snapshot age into a dead cluster). @defaultValue 5000 (heartbeats.ts)
   */
  simulatorHeartbeatMs?: number;
  /**
   * Answer questions from a per-cluster list + watch cache when it is in sync (watch-cache.ts);
   * maintenance steps that act on the cluster still read fresh. The worker turns it on
   * unless `K8S_HA_BOT_WATCH_CACHE=off`. @defaultValue false (one-shot console answers)
   */
  watchCache?: boolean;
  /**
   * Analyse snapshot clusters straight from their file ({@link snapshotFromFile}, the same
   * reduction as the live reader) instead of serving them through the simulator and reading them
   * with client-node: for one-shot console answers, which then load neither. The
   * simulator path stays for the worker (its snapshots age like a live cluster's) and for
   * `kubeConfigFor` (maintenance acts through the API). @defaultValue false
   */
  snapshotsFromFile?: boolean;
  /**
   * Snapshot files already loaded, by cluster name, with the cluster's `capturedAt`: with
   * `snapshotsFromFile`, analysed instead of reading the file again (the console loads a
   * `--snapshot` file once to check it before anything runs).
   */
  snapshotFiles?: ReadonlyMap<string, Promise<SnapshotFile>>;
  /**
   * `KUBECONFIG` and `HOME` as the settings read them (src/config/settings.ts `Settings`): the
   * kubeconfig of a context cluster without its own `kubeconfig` file, looked up as kubectl does
   * (`kubeConfigForContext`). @defaultValue `{}` (such a cluster finds only the in-cluster account)
   */
  kubeconfigLookup?: Pick<Settings, 'kubeconfig' | 'home'>;
}

/** Whether a command names "the etcd leader" (the worker reads which node that is). */
function mentionsEtcdLeader(command: Command): boolean {
  return JSON.stringify(command).includes(`"${THE_ETCD_LEADER}"`);
}

/**
 * Build the answer step for a configuration. Snapshot clusters are served by the built-in
 * simulator, started on first use on a free loopback port and kept for later jobs, so a snapshot
 * answer takes the same path as a live cluster (HTTP → client-node → checks).
 * @param options - configuration, logger, clock
 * @returns the service; call `close()` at shutdown
 */
export function createAnswerService(options: AnswerServiceOptions): AnswerService {
  const { config, kubeconfigLookup = {} } = options;
  const logger = options.logger ?? silentLogger;
  const now = options.now ?? (() => new Date());
  /** The node's observed time away for a reboot answer (issue 34); undefined without Redis or on its failure. */
  const awayOf = async (cluster: string, node: string): Promise<{ away?: ExplainContext['away'] }> => {
    if (!options.maintenance?.awayHistory) return {};
    try {
      const xs = await options.maintenance.awayHistory(cluster, node);
      return { away: xs.length === 0 ? null : { medianMs: median(xs), count: xs.length } };
    } catch (err) {
      logger.warn({ err, cluster, node }, 'could not read the history of the node');
      return {};
    }
  };
  const simulators = new Map<
    string,
    Promise<{ sim: RunningSimulator; etcd: EtcdStatus | null; file: ClusterAccess['file'] }>
  >();
  const caches = new Map<string, ClusterWatchCache>();
  /** When each cluster's HA was last recorded for the metrics (ms since epoch). */
  const haRecordedAt = new Map<string, number>();

  /** Record the cluster's HA as read (etcd failure tolerance, leader Lease transitions), at most once per interval. */
  function noteHaReading(name: string, snapshot: ClusterSnapshot): void {
    const at = now().getTime();
    if (at - (haRecordedAt.get(name) ?? -Infinity) < CLUSTER_HA_READING_INTERVAL_MS) return;
    haRecordedAt.set(name, at);
    recordClusterHaReading(name, () => {
      const leaseTransitions: Record<string, number> = {};
      for (const l of snapshot.leases)
        if (l.metadata.namespace === 'kube-system' && typeof l.spec?.leaseTransitions === 'number')
          leaseTransitions[l.metadata.name] = l.spec.leaseTransitions;
      return { etcdFailureTolerance: etcdFailureToleranceSeenIn(snapshot), leaseTransitions };
    });
  }

  /** The cluster's watch cache, started on first use (the first answers read fresh while it lists). */
  async function cacheFor(
    name: string,
    kubeConfig: KubeConfig,
    cluster: ClusterConfig,
  ): Promise<ClusterWatchCache> {
    let cache = caches.get(name);
    if (!cache) {
      const { ClusterWatchCache } = await import('../cluster/watch-cache.js');
      cache = caches.get(name);
      if (cache) return cache;
      cache = new ClusterWatchCache({
        kubeConfig,
        cluster: name,
        logger,
        requestTimeoutMs: cluster.requestTimeoutMs,
        ...cluster.watchCache,
        now,
      });
      caches.set(name, cache);
      cache.start().catch((err: unknown) => {
        logger.warn({ err, cluster: name }, 'the watch cache could not start; answers read fresh');
        caches.delete(name);
      });
    }
    return cache;
  }

  const offlineFiles = new Map<string, Promise<SnapshotFile>>(options.snapshotFiles ?? []);

  async function access(name: string, cluster: ClusterConfig, forApi = false): Promise<ClusterAccess> {
    if (cluster.kind === 'snapshot' && options.snapshotsFromFile && !forApi) {
      let loaded = offlineFiles.get(name);
      if (!loaded) {
        loaded = import('../cluster/snapshot-file.js').then(({ loadSnapshotFile }) =>
          loadSnapshotFile(
            cluster.snapshot,
            cluster.capturedAt ? { capturedAt: new Date(cluster.capturedAt) } : {},
          ),
        );
        offlineFiles.set(name, loaded);
        loaded.catch(() => offlineFiles.delete(name));
      }
      const file = await loaded;
      const { capturedAt, capturedFrom, format, missingParts, readyz, readErrors } = file;
      return {
        kubeConfig: null,
        read: null,
        offline: file,
        etcd: file.etcd,
        file: {
          capturedAt,
          capturedFrom,
          format,
          missingParts,
          readyz,
          etcd: file.etcd,
          ...(readErrors ? { readErrors } : {}),
        },
      };
    }
    if (cluster.kind === 'context' && !forApi && !options.watchCache) {
      const { kubeAccessForContext } = await import('../cluster/static-kubeconfig.js');
      const read = await kubeAccessForContext(
        cluster.kubeconfig,
        cluster.context,
        kubeconfigLookup,
        `clusters.${name}.context`,
      );
      return { kubeConfig: null, read, etcd: null };
    }
    const { KubeConfig } = await import('@kubernetes/client-node');
    if (cluster.kind === 'snapshot') {
      let started = simulators.get(name);
      if (!started) {
        started = (async () => {
          const { loadSnapshotFile } = await import('../cluster/snapshot-file.js');
          const file = await loadSnapshotFile(
            cluster.snapshot,
            cluster.capturedAt ? { capturedAt: new Date(cluster.capturedAt) } : {},
          );
          const { startSimulator } = await import('../simulator/start-simulator.js');
          const sim = await startSimulator({
            file,
            now,
            heartbeats:
              options.simulatorHeartbeatMs === undefined
                ? true
                : { intervalMs: options.simulatorHeartbeatMs },
          });
          logger.info({ cluster: name, url: sim.url }, 'serving snapshot cluster through the simulator');
          const { capturedAt, capturedFrom, format, missingParts, readyz, readErrors } = file;
          return {
            sim,
            etcd: file.etcd,
            file: {
              capturedAt,
              capturedFrom,
              format,
              missingParts,
              readyz,
              etcd: file.etcd,
              ...(readErrors ? { readErrors } : {}),
            },
          };
        })();
        simulators.set(name, started);
        started.catch(() => simulators.delete(name));
      }
      const { sim, etcd, file } = await started;
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromString(sim.kubeconfig);
      return { kubeConfig, read: kubeConfig, etcd, file };
    }
    if (cluster.kind === 'in-cluster') {
      const kubeConfig = new KubeConfig();
      kubeConfig.loadFromCluster();
      return { kubeConfig, read: kubeConfig, etcd: null };
    }
    const { kubeConfigForContext } = await import('../cluster/kube-config-for-context.js');
    const kubeConfig = kubeConfigForContext(
      cluster.kubeconfig,
      cluster.context,
      kubeconfigLookup,
      `clusters.${name}.context`,
    );
    return { kubeConfig, read: kubeConfig, etcd: null };
  }

  function commandOf(job: AnswerJob): { command: Command; locale: AnswerJob['locale'] } | { reply: Reply } {
    if (job.command) return { command: job.command, locale: job.locale };
    const parsed = parseCommand(job.text, {
      defaultLocale: job.locale,
      clusters: Object.keys(config.clusters),
    });
    if (!parsed.ok) {
      return {
        reply: explainParseError(
          { locale: parsed.locale, requestId: job.requestId, cluster: job.cluster },
          parsed.error,
        ),
      };
    }
    return { command: parsed.command, locale: parsed.locale };
  }

  function clusterConfigOf(name: string): ClusterConfig {
    const cluster = Object.hasOwn(config.clusters, name) ? config.clusters[name] : undefined;
    if (!cluster)
      throw new BotError(
        'cluster-unknown',
        `no cluster named ${JSON.stringify(name.slice(0, 80))} in the configuration`,
      );
    return cluster;
  }

  /**
   * Read a cluster's snapshot (API and, when configured, etcd live). With `fromCache` and the watch
   * cache on and in sync, the API part comes from the cache and `fromCache` is told how fresh it is.
   * `moreFocusNodes`: further nodes whose pods are kept whole (several nodes in one question; read fresh).
   */
  async function readCluster(
    name: string,
    cluster: ClusterConfig,
    focusNode: string | null,
    log: Logger,
    fromCache?: (f: CacheFreshness) => void,
    moreFocusNodes: readonly string[] = [],
  ): Promise<ClusterSnapshot> {
    const { kubeConfig, read, etcd, file, offline } = await access(name, cluster);
    // With configured endpoints the probe runs beside the API reads; otherwise it needs the pods first.
    const probeConfig = cluster.etcd;
    const early = probeConfig?.endpoints !== undefined ? liveEtcd(probeConfig, []) : null;
    // Only to keep an early rejection from going unhandled while the API is read; it is awaited below.
    early?.catch(() => undefined);
    const cached =
      fromCache && options.watchCache && kubeConfig
        ? await (await cacheFor(name, kubeConfig, cluster)).snapshot(focusNode, etcd).catch(() => null)
        : null;
    if (cached) fromCache?.(cached.freshness);
    let snapshot: ClusterSnapshot =
      cached?.snapshot ??
      (offline || !read
        ? fromFile(offline, name, focusNode, moreFocusNodes, now)
        : await (
            await import('../cluster/read-snapshot.js')
          ).readSnapshot({
            kubeConfig: read,
            cluster: name,
            focusNode,
            moreFocusNodes,
            etcd,
            // A snapshot cluster is served by this process's own simulator: a slow answer there is this
            // process being busy, never a lost server, so only the read's deadline bounds a request.
            requestTimeoutMs: cluster.kind === 'snapshot' ? cluster.deadlineMs : cluster.requestTimeoutMs,
            deadlineMs: cluster.deadlineMs,
            logger: log,
            now,
          }));
    if (probeConfig !== undefined) {
      const live = await (early ?? liveEtcd(probeConfig, snapshot.pods));
      for (const e of live.endpointErrors ?? [])
        log.warn(
          { endpoint: e.endpoint, kind: e.kind, reason: e.message },
          'etcd endpoint could not be read',
        );
      log.debug(
        { members: live.members.length, answered: live.endpointStatus.length, probeMs: live.probeMs },
        'etcd probed',
      );
      snapshot = { ...snapshot, etcd: live };
    }
    snapshot = offline ? offlineFileFacts(snapshot, file) : withFileFacts(snapshot, file);
    noteHaReading(name, snapshot);
    for (const e of snapshot.readErrors)
      log.warn(
        { resource: e.resource, reason: e.reason, detail: e.detail },
        'part of the snapshot could not be read',
      );
    return snapshot;
  }

  /**
   * The asker's cluster for help examples in its own node names; undefined when it is not
   * configured or cannot be read (help never fails for that: the examples keep the demo's names).
   */
  async function helpClusterOf(name: string, log: Logger): Promise<HelpCluster | undefined> {
    const cluster = Object.hasOwn(config.clusters, name) ? config.clusters[name] : undefined;
    if (!cluster) return undefined;
    try {
      const snapshot = await readCluster(name, cluster, null, log);
      const isControlPlane = hasControlPlaneRoleLabel;
      const named = snapshot.nodes.filter((n) => (n.metadata.name ?? '') !== '');
      return {
        name,
        controlPlane: named
          .filter((n) => isControlPlane(n.metadata.labels))
          .map((n) => n.metadata.name ?? ''),
        workers: named.filter((n) => !isControlPlane(n.metadata.labels)).map((n) => n.metadata.name ?? ''),
      };
    } catch (err) {
      log.debug({ err, cluster: name }, 'cluster not read for the help examples');
      return undefined;
    }
  }

  /** Answer a job; the reply's context says what was understood once the cluster was read. */
  async function answer(job: AnswerJob, context: Partial<AnswerContext> = {}): Promise<Reply> {
    const understood: { request?: RequestSummary } = {};
    let freshness: CacheFreshness | null = null;
    const reply = await answerJob(job, context, understood, (f) => (freshness ??= f));
    const f = freshness as CacheFreshness | null;
    const context2 = {
      ...reply.context,
      ...(understood.request === undefined ? {} : { request: understood.request }),
    };
    if (f !== null && context2.snapshotAt !== null)
      context2.cache = {
        lastEventAgeS: Math.max(0, Math.round((now().getTime() - f.lastEventAt.getTime()) / 1000)),
      };
    return { ...reply, context: context2 };
  }

  async function answerJob(
    job: AnswerJob,
    context: Partial<AnswerContext>,
    understood: { request?: RequestSummary },
    fromCache: (f: CacheFreshness) => void,
  ): Promise<Reply> {
    const log = context.logger ?? logger;
    const parsed = commandOf(job);
    if ('reply' in parsed) return parsed.reply;
    const { locale } = parsed;
    let { command } = parsed;
    const ctx = { locale, requestId: job.requestId, cluster: job.cluster };
    const names = Object.keys(config.clusters);
    if (command.kind === 'help') {
      understood.request = { ...summarizeRequest(command, locale), cluster: job.cluster };
      return explainHelp(
        ctx,
        { names, defaultCluster: config.defaultCluster ?? names[0] ?? '' },
        await helpClusterOf(job.cluster, log),
      );
    }
    if (isMaintenanceStateCommand(command)) {
      if (!options.maintenance) return explainFailure({ ...ctx, cluster: null }, 'queue-unavailable');
      const { answerMaintenanceCommand } = await import('./answer-maintenance.js');
      return answerMaintenanceCommand(command, job, options.maintenance, locale);
    }
    const cluster = Object.hasOwn(config.clusters, job.cluster) ? config.clusters[job.cluster] : undefined;
    if (!cluster) {
      return explainFailure(ctx, 'cluster-unknown', {
        clusters: names,
        suggestions: closestNames(job.cluster, names),
      });
    }
    if (command.kind === 'lock-status' || command.kind === 'break-lock') {
      // The locks are read through the API (the maintenance Lease, kured's DaemonSet).
      understood.request = { ...summarizeRequest(command, locale), cluster: job.cluster };
      const maintenance = options.maintenance;
      if (!maintenance?.plans) return explainFailure(ctx, 'queue-unavailable');
      const { kubeConfig } = await access(job.cluster, cluster, true);
      if (!kubeConfig) return explainFailure(ctx, 'cluster-unknown', { clusters: names, suggestions: [] });
      const [
        { DEFAULT_MAINTENANCE_POLICY, loadMaintenancePolicy },
        { answerLockCommand },
        { createKubeApi },
      ] = await Promise.all([
        import('../maintenance/policy.js'),
        import('./answer-maintenance-plan.js'),
        import('../maintenance/execute/kube-api.js'),
      ]);
      const policy = (
        config.maintenancePolicy
          ? await loadMaintenancePolicy(config.maintenancePolicy)
          : DEFAULT_MAINTENANCE_POLICY
      ).forCluster(job.cluster);
      const api = await createKubeApi(kubeConfig, { logger: log });
      try {
        return await answerLockCommand({
          command,
          job,
          api,
          policy,
          service: { plans: maintenance.plans, get: maintenance.get },
          now: now(),
          locale,
        });
      } finally {
        api.close();
      }
    }
    const focusNode =
      command.kind === 'maintenance-request'
        ? command.node
        : command.kind === 'maintenance-plan'
          ? null
          : focusNodeOf(command);
    try {
      // The HA report reads fresh: the watch cache reduces objects (of managedFields it keeps only who
      // cordoned a node, issue 16), and the report's stuck states are dated from the full objects.
      const isReport = command.kind === 'ha-status' && command.report === true;
      let snapshot = await readCluster(
        job.cluster,
        cluster,
        focusNode,
        log,
        isReport ? undefined : fromCache,
      );
      if (snapshot.nodes.length === 0) return explainFailure(ctx, 'cluster-empty');
      if (command.kind === 'maintenance-plan') {
        // The targets against the live node list, then one read keeping their pods whole.
        understood.request = { ...summarizeRequest(command, locale), cluster: job.cluster };
        const maintenance = options.maintenance;
        if (!maintenance?.plans) return explainFailure(ctx, 'queue-unavailable');
        const { answerMaintenancePlan } = await import('./answer-maintenance-plan.js');
        return await answerMaintenancePlan({
          command,
          job,
          snapshot,
          readWithNodes: (nodes) => readCluster(job.cluster, cluster, null, log, undefined, nodes),
          now: now(),
          service: { plans: maintenance.plans, get: maintenance.get },
          locale,
          ...(context.signal === undefined ? {} : { signal: context.signal }),
        });
      }
      const nodeNames = snapshot.nodes.map((n) => n.metadata.name ?? '');
      // The text again with the live node list: mentions resolve against it (issue 30, item 1).
      const reread = rereadWithNodes(job.text, command, nodeNames, locale, job.clarify === true);
      if (!reread.ok) return explainParseError(ctx, reread.error);
      command = reread.command;
      // A maintenance request keeps the name as typed (see below); the rest is resolved.
      // "The etcd leader": the node of the member etcd reports as leader, when it is known.
      const leader = mentionsEtcdLeader(command) ? buildEtcdView(indexCluster(snapshot)).leader?.node : null;
      const known: Record<string, string> = leader ? { [THE_ETCD_LEADER]: leader } : {};
      const named =
        command.kind === 'maintenance-request' ? command : resolveCommandNodes(command, nodeNames, known);
      // "The control plane node" on a cluster with several: which one is asked, never guessed (issue 30, item 2).
      const choices = controlPlaneReadings(named, nodeNames, locale);
      if (choices.length > 0) {
        const asked = ambiguous(choices, { nodes: nodeNames }, locale);
        if (!asked.ok) return explainParseError(ctx, asked.error);
      }
      understood.request = { ...summarizeRequest(named, locale), cluster: job.cluster };
      // A snapshot file analysed directly is read at its capture time: the simulator path shifts
      // every timestamp by now - capturedAt instead, so ages are the recorded ones either way.
      const at = options.snapshotsFromFile && cluster.kind === 'snapshot' ? snapshot.capturedAt : now();
      const answerOne = async (single: Command, read: ClusterSnapshot | null): Promise<Reply> => {
        const s = read ?? (await readCluster(job.cluster, cluster, focusNodeOf(single), log, fromCache));
        if (isWhatIfFamily(single))
          return (await import('./answer-what-if.js')).answerWhatIf(single, s, at, {
            ...ctx,
            cluster: job.cluster,
          });
        if (single.kind !== 'reboot-impact')
          throw new BotError('internal', `not a single-node question: ${single.kind}`, { retryable: false });
        const impact = analyzeRebootImpact(s, single.node, at, undefined, { drain: single.drain });
        return explainRebootImpact(impact, {
          ...ctx,
          cluster: job.cluster,
          drain: single.drain,
          ...(single.when ? { when: single.when } : {}),
          ...(await awayOf(job.cluster, single.node)),
        });
      };
      if (command.kind === 'multi-node') {
        // Several nodes: the joint impact and the rolling plan, over one read that keeps every target's pods whole.
        const { answerMultiNode } = await import('./answer-multi-node.js');
        return await answerMultiNode(
          command,
          snapshot,
          (nodes) => readCluster(job.cluster, cluster, null, log, undefined, nodes),
          at,
          { ...ctx, cluster: job.cluster },
        );
      }
      // A name typed short or with a typo (`wk-2`, `atlas-wk1`): the worker resolves it against the
      // live node list; a maintenance request keeps the name as typed (it changes things).
      // "How do I upgrade the cluster?" names no node: the upgrade of the node its order starts with
      // answers it (that answer carries the whole order and the distribution's steps).
      const start =
        command.kind === 'upgrade-impact' && command.scope === 'cluster' && command.node === ''
          ? (await import('../analysis/upgrade-start.js')).clusterUpgradeStart(snapshot, at)
          : null;
      const resolved =
        command.kind === 'maintenance-request'
          ? command
          : command.kind === 'upgrade-impact' && start !== null
            ? { ...command, node: start }
            : resolveCommandNodes(
                command,
                snapshot.nodes.map((n) => n.metadata.name ?? ''),
                known,
              );
      if (command.kind !== 'maintenance-request' && focusNodeOf(resolved) !== focusNode) {
        snapshot = await readCluster(job.cluster, cluster, focusNodeOf(resolved), log, fromCache);
        return await answerOne(resolved, snapshot);
      }
      if (command.kind === 'maintenance-request') {
        if (!options.maintenance) return explainFailure(ctx, 'queue-unavailable');
        const { answerMaintenanceRequest } = await import('./answer-maintenance.js');
        return await answerMaintenanceRequest(command, job, snapshot, at, options.maintenance, locale);
      }
      if (command.kind === 'ha-status' && command.report) {
        // The daily HA report on demand (and for the schedule runner).
        const [{ DEFAULT_MAINTENANCE_POLICY, loadMaintenancePolicy }, { answerHealthReport }] =
          await Promise.all([import('../maintenance/policy.js'), import('./answer-health-report.js')]);
        const lock = (
          config.maintenancePolicy
            ? await loadMaintenancePolicy(config.maintenancePolicy)
            : DEFAULT_MAINTENANCE_POLICY
        ).forCluster(job.cluster).lock;
        const maintenance = options.maintenance;
        const mismatchesOf = maintenance?.forecastMismatches;
        const settings = command.reportSettings ?? cluster.report; // the schedule's, else the cluster's
        return await answerHealthReport({
          snapshot,
          kubeConfig: (await access(job.cluster, cluster)).read,
          now: at,
          ctx: { ...ctx, cluster: job.cluster },
          ...(settings ? { settings } : {}),
          ...(cluster.etcd ? { etcd: cluster.etcd } : {}),
          lock,
          ...(maintenance ? { getRequest: (id: string) => maintenance.get(id) } : {}),
          ...(mismatchesOf ? { forecastMismatches: (since: Date) => mismatchesOf(job.cluster, since) } : {}),
          logger: log,
        });
      }
      if (command.kind === 'ha-status') {
        const [{ analyzeHaStatus }, { explainHaStatus }] = await Promise.all([
          import('../analysis/ha-status.js'),
          import('../explain/explain-ha-status.js'),
        ]);
        return explainHaStatus(analyzeHaStatus(snapshot, at), { ...ctx, cluster: job.cluster });
      }
      if (isWhatIfFamily(command))
        return (await import('./answer-what-if.js')).answerWhatIf(command, snapshot, at, {
          ...ctx,
          cluster: job.cluster,
        });
      if (command.kind !== 'reboot-impact')
        throw new BotError('internal', `not a single-node question: ${command.kind}`, { retryable: false });
      const impact = analyzeRebootImpact(snapshot, command.node, at, undefined, { drain: command.drain });
      return explainRebootImpact(impact, {
        ...ctx,
        cluster: job.cluster,
        drain: command.drain,
        ...(command.when ? { when: command.when } : {}),
        ...(await awayOf(job.cluster, command.node)),
      });
    } catch (err) {
      if (err instanceof ClusterReadError) {
        log.warn({ err, cluster: job.cluster }, 'cluster could not be read');
        // The real cause when the API server said it (/readyz failing checks, e.g. etcd down).
        return explainClusterReadFailure(ctx, err.code, err.facts, Math.round(cluster.deadlineMs / 1000));
      }
      if (err instanceof ConfigError) {
        // A kubeconfig or snapshot problem: the operator must fix the configuration; say which setting.
        log.error({ err, cluster: job.cluster }, 'cluster configuration problem');
        throw new BotError(err.code, err.message, { retryable: false, cause: err });
      }
      if (isBotError(err)) throw err;
      log.error({ err, cluster: job.cluster }, 'answer failed');
      throw new BotError('internal', 'the answer step failed', { retryable: false, cause: err });
    }
  }

  return {
    // Where cluster data enters answers: every reply leaves with safe strings (safe-reply.ts).
    handler: async (job, context) => safeReply(await answer(job, context)),
    answer: async (job, context) => safeReply(await answer(job, context)),
    async kubeConfigFor(name) {
      const { kubeConfig } = await access(name, clusterConfigOf(name), true);
      if (!kubeConfig) throw new BotError('internal', `cluster ${JSON.stringify(name)} has no API to act on`);
      return kubeConfig;
    },
    async analyzeNode(name, node, locale = config.locale) {
      const snapshot = await readCluster(name, clusterConfigOf(name), node, logger);
      const { analyzeForMaintenance } = await import('./answer-maintenance.js');
      const analysed = analyzeForMaintenance(snapshot, node, now(), {
        locale,
        requestId: `analysis-${node}`,
        cluster: name,
      });
      if (!analysed.found)
        return { verdict: 'unsafe', summary: analysed.reply.summary, findings: analysed.reply.findings };
      return analysed.analysis;
    },
    async analyzeNodesTogether(name, nodes) {
      const snapshot = await readCluster(name, clusterConfigOf(name), null, logger, undefined, nodes);
      const { analyzeJointImpact } = await import('../analysis/multi-node/joint-impact.js');
      const joint = analyzeJointImpact(snapshot, nodes, now(), { action: 'reboot' });
      const worst = joint.findings
        .filter((f) => f.severity === 'block')
        .map((f) => `${f.check}/${f.variant}`);
      return { verdict: joint.verdict, summary: worst.length > 0 ? worst.join(', ') : joint.verdict };
    },
    async etcdMemberHealthy(name, node) {
      const cluster = clusterConfigOf(name);
      if (cluster.etcd === undefined) return null;
      const { etcdMemberHealthOnNode } = await import('../analysis/etcd-view.js');
      return etcdMemberHealthOnNode(await readCluster(name, cluster, node, logger), node);
    },
    async etcdVotersSeen(name) {
      const { etcdVotersSeenIn } = await import('../analysis/etcd-view.js');
      return etcdVotersSeenIn(await readCluster(name, clusterConfigOf(name), null, logger));
    },
    async close() {
      for (const cache of caches.values()) cache.close();
      caches.clear();
      const all = [...simulators.values()];
      simulators.clear();
      await Promise.all(all.map(async (p) => (await p.catch(() => null))?.sim.close()));
    },
  };
}
