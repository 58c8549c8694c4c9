/**
 * The parts of an answer's context line, the same on every surface (console text, Slack context
 * block, Teams card footer): cluster, snapshot time and where that time came from, request id,
 * the distribution profile, where etcd was seen, and the watch cache's freshness when the answer came from it.
 */
import type { Translator } from './i18n.js';
import type { Reply } from './reply.js';

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
        profile: c.profileVariant ? `${c.profile} (${c.profileVariant})` : c.profile,
      }),
    );
  if (c.etcdSource) parts.push(tr.t(`context.etcd.${c.etcdSource}`));
  if (c.cache) parts.push(tr.t('context.cache', { seconds: c.cache.lastEventAgeS }));
  return parts;
}
