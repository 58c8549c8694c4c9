/**
 * The parts of an answer's context line, the same on every surface (console text, Slack context
 * block, Teams card footer): cluster, snapshot time and where that time came from, request id,
 * the distribution profile, where etcd was seen, and the watch cache's freshness when the answer came from it.
 */
import type { ControlPlaneState } from '../analysis/control-plane-state.js';
import type { Translator } from './i18n.js';
import type { Reply, ReplyContext } from './reply.js';

/** What an answer's context line is made of, whatever the analysis behind it. */
export interface ContextSource {
  /** When the cluster was read (ISO 8601), or null when unknown. */
  snapshotAt: string | null;
  /** Snapshot files: where `snapshotAt` came from ({@link ReplyContext.capturedFrom}). */
  capturedFrom?: ReplyContext['capturedFrom'] | undefined;
  /** The control-plane state the analysis used: how etcd was known and the distribution profile. */
  state: Pick<ControlPlaneState, 'profile'> & {
    etcd: Pick<ControlPlaneState['etcd'], 'source'> & Partial<Pick<ControlPlaneState['etcd'], 'guard'>>;
  };
}

/**
 * The context of an answer, the same for every kind (status, one node, several nodes, what-if,
 * drain, upgrade): cluster, request id, snapshot time and where it came from, how etcd was known,
 * the distribution profile. Every explain function builds its context here, so no footer lacks a
 * part another one has.
 * @param source - the analysis' snapshot time, capture source and state
 * @param ctx - the cluster name and request id
 * @returns the reply context
 */
export function replyContext(
  source: ContextSource,
  ctx: { cluster: string; requestId: string },
): ReplyContext {
  const { profile, etcd } = source.state;
  return {
    cluster: ctx.cluster,
    snapshotAt: source.snapshotAt,
    requestId: ctx.requestId,
    etcdSource: etcd.source,
    ...(etcd.guard ? { etcdHealthFrom: 'guard' as const } : {}),
    profile: profile.name,
    ...(profile.variant ? { profileVariant: profile.variant } : {}),
    ...(source.capturedFrom ? { capturedFrom: source.capturedFrom } : {}),
  };
}

/**
 * The context line's parts, in order, to be joined (` · `) or shown as separate elements.
 * @param context - the reply's context
 * @param tr - the reply's translator
 * @returns the parts; without a snapshot time, the first part names the cluster and request only
 *   (`slack.contextNoSnapshot`)
 */
export function contextLineParts(context: Reply['context'], tr: Translator): string[] {
  const c = context;
  const line = { cluster: c.cluster ?? '-', snapshotAt: c.snapshotAt ?? '-', requestId: c.requestId };
  const parts = [
    !c.snapshotAt
      ? tr.t('slack.contextNoSnapshot', { cluster: line.cluster, requestId: c.requestId })
      : c.capturedFrom
        ? tr.t('context.captured', { ...line, from: tr.t(`context.from.${c.capturedFrom}`) })
        : tr.t('context.line', line),
  ];
  if (c.profile)
    parts.push(
      tr.t('context.profile', {
        profile: c.profileVariant
          ? `${c.profile} (${tr.has(`context.variant.${c.profileVariant}`) ? tr.t(`context.variant.${c.profileVariant}`) : c.profileVariant})`
          : c.profile === 'unknown'
            ? tr.t('context.profileUnknown')
            : c.profile,
      }),
    );
  if (c.etcdSource)
    parts.push(
      c.etcdHealthFrom === 'guard'
        ? tr.t('context.etcdGuard', { source: tr.t(`context.etcd.${c.etcdSource}`) })
        : tr.t(`context.etcd.${c.etcdSource}`),
    );
  if (c.cache) parts.push(tr.t('context.cache', { seconds: c.cache.lastEventAgeS }));
  return parts;
}
