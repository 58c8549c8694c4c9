/**
 * The answer step for planned changes beyond a reboot: "what if …" (component restarts, rolling updates,
 * outages), "can I drain X" and "can I upgrade X". Called by src/answer/answer.ts once the
 * snapshot is read.
 */
import {
  analyzeDrainImpact,
  analyzeUpgradeImpact,
  analyzeWhatIf,
} from '../analysis/what-if/analyze-what-if.js';
import type { ClusterSnapshot } from '../cluster/types.js';
import type { Locale } from '../commands/types.js';
import type { WhatIfFamilyCommand } from './command-focus.js';
import { explainWhatIf } from '../explain/explain-what-if.js';
import type { Reply } from '../explain/reply.js';
import { translator } from '../explain/i18n.js';
import { finding } from '../analysis/finding.js';
import { type UpgradeMethod, detectProfile } from '../analysis/profiles/index.js';
import { k3dClusterName } from '../analysis/profiles/k3s.js';
import type { WhatIfImpact } from '../analysis/what-if/what-if-impact.js';

export { type WhatIfFamilyCommand, focusNodeOf, isWhatIfFamily } from './command-focus.js';

/**
 * Answer a what-if, drain or upgrade request from a snapshot. Pure apart from the translation.
 * @param command - the command
 * @param snapshot - the cluster as read (`focusNode` from {@link focusNodeOf})
 * @param now - the analysis clock
 * @param ctx - locale, request id, cluster name
 * @returns the reply (kind `reboot-impact` with a verdict, or `error` for an unknown component or node)
 */
export function answerWhatIf(
  command: WhatIfFamilyCommand,
  snapshot: ClusterSnapshot,
  now: Date,
  ctx: { locale: Locale; requestId: string; cluster: string },
): Reply {
  const analysed =
    command.kind === 'drain-impact'
      ? analyzeDrainImpact(snapshot, command.node, now, command.kubectl)
      : command.kind === 'upgrade-impact'
        ? analyzeUpgradeImpact(snapshot, command.node, command.targetVersion ?? null, now)
        : analyzeWhatIf(snapshot, command.change, now);
  const whole = command.kind === 'upgrade-impact' && command.scope === 'cluster';
  const impact = whole ? withClusterStart(analysed, snapshot) : analysed;
  // The capture source is the snapshot's: the footer says where its time came from, as every answer's does.
  const sourced = snapshot.capturedFrom ? { ...impact, capturedFrom: snapshot.capturedFrom } : impact;
  const reply = explainWhatIf(sourced, { ...ctx, ...(command.when ? { when: command.when } : {}) });
  if (!whole || impact === analysed) return reply;
  // The title says the question was the cluster's upgrade, seen through the node it starts with.
  const node = command.node;
  return {
    ...reply,
    title: translator(ctx.locale).t('whatIf.title.upgrade-cluster', { node, cluster: ctx.cluster }),
  };
}

/**
 * The `upgrade-order` finding that says a whole-cluster upgrade was asked and what this answer
 * is (variant by the profile's {@link UpgradeMethod}): `cluster-start` for a distribution upgraded
 * node by node (kubeadm, k3s, RKE2: the order starts with this node, the verdict is for it),
 * `cluster-start-only` when it is the cluster's only node, `cluster-next` when control-plane nodes
 * are already upgraded (the upgrade is under way and this node is the next), `cluster-start-openshift` and `cluster-start-provider` for a cluster upgraded as a whole by its
 * operator or provider (the verdict is for one node it drains), `cluster-start-unknown` for any
 * other method (no tool's commands; the general order only), `cluster-start-k3d` for a k3d cluster
 * (upgraded by creating a new cluster from the release's image, not node by node). Put first, in the plane of the order's own finding.
 * @param impact - the upgrade analysis of the node the order starts with
 * @param snapshot - the cluster as read
 * @returns the impact with the finding first, or the same impact when the node was not found
 */
function withClusterStart(impact: WhatIfImpact, snapshot: ClusterSnapshot): WhatIfImpact {
  if (impact.subject.kind !== 'upgrade') return impact;
  const node = impact.subject.node;
  if (impact.findings.some((f) => f.variant === 'unknown-node')) return impact;
  const method: UpgradeMethod = detectProfile(snapshot).upgrade;
  const order = impact.findings.find((f) => f.check === 'upgrade-order');
  // Some control-plane nodes already upgraded: the upgrade is under way, this node is the next.
  const underWay = order !== undefined && /^control-plane-(next|last)/.test(order.variant);
  // k3d: its nodes are containers; a release means a new cluster from that release's image (k3d.io),
  // so the cluster is not upgraded node by node (profiles/k3s.ts k3dClusterName).
  const k3d = method === 'k3s' ? k3dClusterName(snapshot) : null;
  const variant =
    k3d !== null
      ? 'cluster-start-k3d'
      : method === 'kubeadm' || method === 'k3s' || method === 'rke2'
        ? snapshot.nodes.length === 1
          ? 'cluster-start-only'
          : underWay
            ? 'cluster-next'
            : 'cluster-start'
        : method === 'openshift' || method === 'provider'
          ? `cluster-start-${method}`
          : 'cluster-start-unknown';
  const plane = order?.plane ?? 'data';
  return {
    ...impact,
    findings: [
      finding('upgrade-order', plane, 'info', variant, k3d !== null ? { node, cluster: k3d } : { node }),
      ...impact.findings,
    ],
  };
}
