/**
 * The answer to a question about several nodes: `can I reboot wk-2 and wk-3`, `can I
 * reboot all the workers`, `in what order should I reboot the masters?`.
 *
 * Names typed short or with a typo and groups (`all workers`, a zone, `-l key=value`) are resolved
 * against the live node list; the answer is the joint impact of all of them down at once
 * ("together") or a rolling plan ("one by one"), both from `src/analysis/multi-node/`.
 */
import { hasControlPlaneRoleLabel } from '../analysis/domain.js';
import type { ClusterSnapshot, KNode } from '../cluster/types.js';
import { resolveNodeName } from '../commands/understand.js';
import type { Locale, MultiNodeCommand, NodeGroup } from '../commands/types.js';
import { analyzeJointImpact } from '../analysis/multi-node/joint-impact.js';
import { planRolling } from '../analysis/multi-node/rolling-plan.js';
import { analysisContext } from '../analysis/reboot-impact.js';
import { explainMultiNode } from '../explain/explain-multi-node.js';
import { translator } from '../explain/i18n.js';
import { finding } from '../analysis/finding.js';
import { plainReply } from '../explain/explain-messages.js';
import type { Reply } from '../explain/reply.js';
import { parseLabelSelector } from '../util/label-selector.js';

/**
 * Most nodes analysed in one answer: each node's own analysis runs over the whole snapshot, and a
 * rolling plan with worker batches compares pairs, so the cost grows with the square of this.
 */
export const MAX_NODES_ANSWERED = 50;

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
  return hasControlPlaneRoleLabel(node.metadata.labels);
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
  return nodes
    .filter(keep)
    .map((n) => n.metadata.name ?? '')
    .filter((n) => n !== '');
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

/**
 * Answer a question about several nodes: resolve the names and the group, read the cluster once
 * with the pods of every target kept whole, run the joint analysis and the rolling plan, and
 * explain the one asked for (`--format json` carries both: `reply.multiNode`).
 * @param command - the command
 * @param snapshot - the cluster as read (any focus): resolves names and groups
 * @param readFocused - reads the cluster again with the pods of these nodes kept whole
 * @param now - the analysis clock
 * @param ctx - locale, request id, cluster
 * @returns the reply: the joint verdict (`together`) or the plan's (`one-by-one`); an `error`
 *   reply when no node could be resolved or the selector cannot be read
 * @throws whatever `readFocused` throws (ClusterReadError)
 */
export async function answerMultiNode(
  command: MultiNodeCommand,
  snapshot: ClusterSnapshot,
  readFocused: (nodes: readonly string[]) => Promise<ClusterSnapshot>,
  now: Date,
  ctx: { locale: Locale; requestId: string; cluster: string },
): Promise<Reply> {
  const tr = translator(ctx.locale);
  const all = snapshot.nodes.map((n) => n.metadata.name ?? '').filter((n) => n !== '');
  const targets = resolveTargets(command, snapshot.nodes);
  const mode = tr.t(`multiNode.mode.${command.mode}`);
  const g = command.group;
  const groupText =
    g === undefined
      ? ''
      : tr.t(`multiNode.group.${g.type}`, {
          zone: g.type === 'zone' ? g.zone : '',
          selector: g.type === 'selector' ? g.selector : '',
        });
  // Every name typed, known or not: the title never lists fewer nodes than were named.
  const titleWords =
    targets.unknown.length > 0
      ? command.nodes.join(', ')
      : targets.nodes.length > 0
        ? targets.nodes.join(', ')
        : groupText;
  // Naming nothing the cluster has is bad input (console exit 2, as for one unknown node): the
  // error carries a `node-not-found` finding saying so.
  const missing = (variant: 'empty-group' | 'unknown', node: string) => [
    finding('node-not-found', 'data', 'block', variant, { node, nodes: all }),
  ];
  if (targets.badSelector === true && g?.type === 'selector') {
    return {
      ...plainReply(
        ctx,
        'error',
        tr.t('multiNode.title', { mode, nodes: titleWords }),
        tr.t('multiNode.group.badSelector', { selector: g.selector }),
      ),
      findings: missing('empty-group', groupText),
    };
  }
  const notes: string[] = [];
  if (targets.unknown.length > 0)
    notes.push(
      tr.t('multiNode.unknown', {
        names: targets.unknown.join(', '),
        cluster: ctx.cluster,
        all: all.join(', '),
      }),
    );
  // A name that is no node of the cluster: nothing is analysed. Answering for the others alone
  // would give a verdict for fewer nodes than were named (a "safe" the asker would read as theirs).
  if (targets.unknown.length > 0 || targets.nodes.length === 0) {
    const summary =
      g !== undefined && targets.unknown.length === 0
        ? tr.t('multiNode.emptyGroup', { cluster: ctx.cluster, group: groupText, all: all.join(', ') })
        : (notes[0] ?? '');
    return {
      ...plainReply(ctx, 'error', tr.t('multiNode.title', { mode, nodes: titleWords }), summary),
      findings:
        g !== undefined && targets.unknown.length === 0
          ? missing('empty-group', groupText)
          : missing('unknown', targets.unknown.join(', ')),
    };
  }
  const nodes = targets.nodes.slice(0, MAX_NODES_ANSWERED);
  if (targets.nodes.length > nodes.length)
    notes.push(tr.t('multiNode.tooMany', { shown: nodes.length, count: targets.nodes.length }));
  const focused = await readFocused(nodes);
  const action = command.action;
  // One index of the snapshot for every analysis here, and each node's own analysis done once.
  const context = analysisContext(focused, now);
  const joint = analyzeJointImpact(focused, nodes, now, { action }, undefined, context);
  const plan = planRolling(focused, nodes, now, { action }, context, joint.alone);
  return explainMultiNode(joint, plan, {
    locale: ctx.locale,
    cluster: ctx.cluster,
    requestId: ctx.requestId,
    mode: command.mode,
    title:
      g !== undefined && command.nodes.length === 0 ? `${groupText} (${nodes.join(', ')})` : nodes.join(', '),
    notes,
    source: { state: context.state, capturedFrom: focused.capturedFrom },
  });
}
