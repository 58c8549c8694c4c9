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
  const impact =
    command.kind === 'drain-impact'
      ? analyzeDrainImpact(snapshot, command.node, now)
      : command.kind === 'upgrade-impact'
        ? analyzeUpgradeImpact(snapshot, command.node, command.targetVersion ?? null, now)
        : analyzeWhatIf(snapshot, command.change, now);
  // The capture source is the snapshot's: the footer says where its time came from, as every answer's does.
  const sourced = snapshot.capturedFrom ? { ...impact, capturedFrom: snapshot.capturedFrom } : impact;
  return explainWhatIf(sourced, { ...ctx, ...(command.when ? { when: command.when } : {}) });
}
