/**
 * `k8s-ha-bot snapshot [--context C | --cluster NAME] > FILE`: resolve which cluster to
 * read, read it through the worker's reader ({@link captureSnapshot}) and return the file text.
 * Loaded by cli.ts inside the command's action only.
 */
import { createAnswerService, liveEtcd } from '../../src/answer/answer.js';
import { captureSnapshot } from '../../src/cluster/capture-snapshot.js';
import { kubeConfigForContext } from '../../src/cluster/kube-config-for-context.js';
import { singleKubeconfigFile } from '../../src/cluster/static-kubeconfig.js';
import type { Settings } from '../../src/config/settings.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { BotError } from '../../src/errors.js';
import type { ClusterSnapshot } from '../../src/cluster/types.js';
import type { Logger } from '../../src/util/logger.js';

/** What `snapshot` captured: the file text, and a one-line summary for stderr. */
export interface SnapshotCommandResult {
  text: string;
  /** e.g. `cluster prod (context prod-admin) at 2025-06-12T09:41:07.000Z: 5 nodes, 120 pods, …`. */
  summary: string;
}

/**
 * Run `snapshot`.
 * @param opts - `--context` (a kubeconfig context; neither option: the current context) or
 *   `--cluster` (a configured cluster: its context, in-cluster account or snapshot file, and its
 *   `etcd` entry, probed live as the worker does)
 * @param config - the loaded configuration (needed for `--cluster` only)
 * @param settings - the process's settings (`kubeconfig`, `home`: KUBECONFIG and HOME, the
 *   kubeconfig looked up as kubectl does; one file is named in the error messages)
 * @param logger - logger
 * @returns the file text and a summary
 * @throws BotError `bad-request` for both options at once, `cluster-unknown` for an unknown
 *   cluster; ConfigError for a missing kubeconfig or context; ClusterReadError when the nodes
 *   cannot be read
 */
export async function runSnapshotCommand(
  opts: { context?: string; cluster?: string },
  config: BotConfig | null,
  settings: Pick<Settings, 'kubeconfig' | 'home'>,
  logger: Logger,
): Promise<SnapshotCommandResult> {
  if (opts.context !== undefined && opts.cluster !== undefined)
    throw new BotError('bad-request', 'give --context or --cluster, not both');
  let captured: { text: string; snapshot: ClusterSnapshot };
  let label: string;
  if (opts.cluster !== undefined) {
    const name = opts.cluster;
    const cluster =
      config !== null && Object.hasOwn(config.clusters, name) ? config.clusters[name] : undefined;
    if (config === null || cluster === undefined) {
      throw new BotError(
        'cluster-unknown',
        `no cluster named ${JSON.stringify(name.slice(0, 80))} in the configuration (${Object.keys(config?.clusters ?? {}).join(', ')})`,
      );
    }
    // The answer step resolves the cluster (context, in-cluster, or the simulator of a snapshot cluster).
    const service = createAnswerService({ config, logger, kubeconfigLookup: settings });
    try {
      const probe = cluster.etcd;
      label = `cluster ${name}${cluster.kind === 'context' ? ` (context ${cluster.context})` : ''}`;
      captured = await captureSnapshot({
        kubeConfig: await service.kubeConfigFor(name),
        cluster: name,
        source: `k8s-ha-bot snapshot of ${label}`,
        requestTimeoutMs: cluster.requestTimeoutMs,
        deadlineMs: cluster.deadlineMs,
        logger,
        ...(probe === undefined ? {} : { probeEtcd: (pods) => liveEtcd(probe, pods) }),
      });
    } finally {
      await service.close();
    }
  } else {
    const kubeConfig = kubeConfigForContext(
      singleKubeconfigFile(settings),
      opts.context ?? null,
      settings,
      '--context',
    );
    const context = kubeConfig.getCurrentContext();
    label = `context ${context}`;
    captured = await captureSnapshot({
      kubeConfig,
      cluster: context,
      source: `k8s-ha-bot snapshot of ${label}`,
      logger,
    });
  }
  return { text: captured.text, summary: `${label}${summaryOf(captured.snapshot)}` };
}

function summaryOf(s: ClusterSnapshot): string {
  const parts = [
    `${s.nodes.length} nodes`,
    `${s.pods.length} pods`,
    `${s.leases.length} Leases`,
    `${s.podDisruptionBudgets.length} PDBs`,
    `${s.workloads.length} workloads`,
    `/readyz ${s.readyz === null ? 'not read' : `HTTP ${s.readyz.status}`}`,
    s.etcd === null
      ? 'etcd not probed (no etcd entry)'
      : `etcd: ${s.etcd.members.length} members, ${s.etcd.endpointStatus.length} answered`,
  ];
  const failed = s.readErrors.map((e) => `${e.resource} (${e.reason})`);
  return ` at ${s.capturedAt.toISOString()}: ${parts.join(', ')}${failed.length > 0 ? `; could not read: ${failed.join(', ')}` : ''}`;
}
