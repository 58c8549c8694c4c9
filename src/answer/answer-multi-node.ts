/**
 * The answer to a question about several nodes (issue 17): `can I reboot wk-2 and wk-3`, `can I
 * reboot all the workers`, `in what order should I reboot the masters?`.
 *
 * The joint analysis (all nodes down at once) and the rolling plan are not built yet. Until they
 * are, this answer is honest about it: it lists the nodes understood (a group resolved against the
 * live node list), says that each node is answered alone, and gives each node's own verdict,
 * clearly labelled "alone". It never answers only the first node, and its reply has no overall
 * verdict (a set of "safe alone" answers is no "safe together").
 */
import { LABEL_CONTROL_PLANE, LABEL_MASTER } from '../analysis/domain.js';
import type { ClusterSnapshot, KNode } from '../cluster/types.js';
import { resolveNodeName } from '../commands/understand.js';
import type { Command, Locale, MultiNodeCommand, NodeGroup } from '../commands/types.js';
import { translator } from '../explain/i18n.js';
import { plainReply } from '../explain/explain-messages.js';
import type { Reply } from '../explain/reply.js';
import { parseLabelSelector } from '../simulator/label-selector.js';

/** Most nodes answered one by one in one reply (each needs its own snapshot read). */
export const MAX_NODES_ANSWERED = 10;

/** Zone label (well-known). @see https://kubernetes.io/docs/reference/labels-annotations-taints/#topologykubernetesiozone */
const LABEL_ZONE = 'topology.kubernetes.io/zone';

/** The nodes of a multi-node question, resolved against the cluster. */
export interface ResolvedTargets {
  /** Node names of the cluster, in the order named (a group: in the cluster's order). */
  nodes: string[];
  /** Names typed that are no node of the cluster (not even a unique short form or close typo). */
  unknown: string[];
  /** The selector could not be read. */
  badSelector?: boolean;
}

function isControlPlane(node: KNode): boolean {
  const labels = node.metadata.labels ?? {};
  return Object.hasOwn(labels, LABEL_CONTROL_PLANE) || Object.hasOwn(labels, LABEL_MASTER);
}

/** The members of a group, in the cluster's order. */
function groupMembers(group: NodeGroup, nodes: readonly KNode[]): string[] | null {
  let keep: (n: KNode) => boolean;
  switch (group.type) {
    case 'workers':
      keep = (n) => !isControlPlane(n);
      break;
    case 'control-plane':
      keep = isControlPlane;
      break;
    case 'all':
      keep = () => true;
      break;
    case 'zone':
      keep = (n) => (n.metadata.labels ?? {})[LABEL_ZONE] === group.zone;
      break;
    case 'selector': {
      try {
        const matches = parseLabelSelector(group.selector);
        keep = (n) => matches(n.metadata.labels);
      } catch {
        return null;
      }
      break;
    }
  }
  return nodes.filter(keep).map((n) => n.metadata.name ?? '').filter((n) => n !== '');
}

/**
 * Resolve the names and group of a multi-node command against the cluster's nodes.
 * @param command - the command
 * @param nodes - the cluster's nodes (a snapshot's `nodes`)
 * @returns resolved names (no duplicates), the names that are no node, and whether the selector was unreadable
 */
export function resolveTargets(command: MultiNodeCommand, nodes: readonly KNode[]): ResolvedTargets {
  const names = nodes.map((n) => n.metadata.name ?? '').filter((n) => n !== '');
  const out: ResolvedTargets = { nodes: [], unknown: [] };
  for (const typed of command.nodes) {
    const name = resolveNodeName(typed, names);
    if (name === undefined) out.unknown.push(typed);
    else if (!out.nodes.includes(name)) out.nodes.push(name);
  }
  if (command.group !== undefined) {
    const members = groupMembers(command.group, nodes);
    if (members === null) out.badSelector = true;
    else for (const m of members) if (!out.nodes.includes(m)) out.nodes.push(m);
  }
  return out;
}

/** The single-node command asking the same about one node. */
export function singleNodeCommand(command: MultiNodeCommand, node: string): Command {
  const extra = { ...(command.cluster === undefined ? {} : { cluster: command.cluster }), ...(command.when === undefined ? {} : { when: command.when }) };
  switch (command.action) {
    case 'reboot':
      return { kind: 'reboot-impact', node, drain: command.drain, ...extra };
    case 'drain':
      return { kind: 'drain-impact', node, drain: true, ...extra };
    case 'upgrade':
      return { kind: 'upgrade-impact', node, drain: command.drain, ...(command.targetVersion === undefined ? {} : { targetVersion: command.targetVersion }), ...extra };
    case 'node-down':
      return { kind: 'what-if', change: { type: 'node-down', node }, drain: false, ...extra };
  }
}

/**
 * Answer a multi-node question node by node, clearly labelled (see the module comment).
 * @param command - the command
 * @param snapshot - the cluster as read (any focus): resolves names and groups
 * @param answerOne - answers one single-node command (reads the cluster with that node in focus)
 * @param ctx - locale, request id, cluster
 * @returns the reply: kind `reboot-impact`, verdict null, one line per node answered
 */
export async function answerMultiNode(
  command: MultiNodeCommand,
  snapshot: ClusterSnapshot,
  answerOne: (single: Command) => Promise<Reply>,
  ctx: { locale: Locale; requestId: string; cluster: string },
): Promise<Reply> {
  const tr = translator(ctx.locale);
  const all = snapshot.nodes.map((n) => n.metadata.name ?? '').filter((n) => n !== '');
  const targets = resolveTargets(command, snapshot.nodes);
  const mode = tr.t(`multiNode.mode.${command.mode}`);
  const g = command.group;
  const groupText = g === undefined ? '' : tr.t(`multiNode.group.${g.type}`, { zone: g.type === 'zone' ? g.zone : '', selector: g.type === 'selector' ? g.selector : '' });
  const title = tr.t('multiNode.title', { mode, nodes: targets.nodes.length > 0 ? targets.nodes.join(', ') : groupText });
  if (targets.badSelector === true && g?.type === 'selector') {
    return plainReply(ctx, 'error', title, tr.t('multiNode.group.badSelector', { selector: g.selector }));
  }
  const problems: string[] = [];
  if (targets.unknown.length > 0) problems.push(tr.t('multiNode.unknown', { names: targets.unknown.join(', '), all: all.join(', ') }));
  if (targets.nodes.length === 0) {
    const summary = g !== undefined ? tr.t('multiNode.emptyGroup', { cluster: ctx.cluster, group: groupText, all: all.join(', ') }) : (problems[0] ?? '');
    return plainReply(ctx, 'error', title, summary);
  }
  const shown = targets.nodes.slice(0, MAX_NODES_ANSWERED);
  const lines: string[] = [];
  for (const node of shown) {
    const reply = await answerOne(singleNodeCommand(command, node));
    const verdict = reply.verdict === null ? '—' : tr.t(`verdict.${reply.verdict}`);
    lines.push(tr.t('multiNode.nodeLine', { node, verdict, summary: reply.summary }));
  }
  if (targets.nodes.length > shown.length) problems.push(tr.t('multiNode.tooMany', { shown: shown.length, count: targets.nodes.length }));
  const reply = plainReply(
    ctx,
    'reboot-impact',
    title,
    tr.t('multiNode.notJoint', { action: tr.t(`multiNode.action.${command.action}`), count: targets.nodes.length, mode, nodes: targets.nodes.join(', ') }),
  );
  reply.sections = [{ heading: tr.t('multiNode.heading'), lines }, ...(problems.length > 0 ? [{ heading: '', lines: problems }] : [])];
  reply.context = { ...reply.context, snapshotAt: snapshot.capturedAt.toISOString() };
  return reply;
}
