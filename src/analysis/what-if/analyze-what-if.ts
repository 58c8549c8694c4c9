/**
 * "What if …": component restarts, rolling updates and outages, drain alone, and upgrades, analysed
 * over one snapshot. Pure: snapshot + change + now in, findings, statements and a verdict out. Each
 * change type has a module of its own (restart, rolling, outage, node-down, member-remove, drain,
 * upgrade) over one shared {@link WhatIfContext}; the facts they state come from docs/domain.md and
 * ../domain.ts.
 */
import { COMPONENT_NAMES, isComponentName } from '../../commands/components.js';
import type { WhatIfChange } from '../../commands/types.js';
import type { ClusterSnapshot } from '../../cluster/types.js';
import { closestNames } from '../../util/closest-names.js';
import { finding } from '../finding.js';
import { type WhatIfContext, whatIfContext } from './context.js';
import { analyzeMemberRemove } from './member-remove.js';
import { analyzeNodeDown } from './node-down.js';
import { analyzeComponentDown, analyzeControlPlaneDown, analyzeQuorumLoss } from './outage.js';
import { analyzeRestart } from './restart.js';
import { analyzeRolling } from './rolling.js';
import { type WhatIfImpact, unknownTarget } from './what-if-impact.js';

// Drain and upgrade questions are asked through this module too.
export { analyzeDrainImpact } from './drain.js';
export { analyzeUpgradeImpact } from './upgrade.js';

/**
 * Analyse a what-if change.
 * @param snapshot - the cluster as read (`focusNode` set to the change's node, when it has one)
 * @param change - the change (component names canonical, or the word as typed when unknown)
 * @param now - the analysis clock
 * @returns the impact; `known` false (verdict null) for an unknown component or node, or a
 *   component the cluster does not run, or an etcd member not in the member list (`unknown-member`)
 */
export function analyzeWhatIf(snapshot: ClusterSnapshot, change: WhatIfChange, now: Date): WhatIfImpact {
  const ctx: WhatIfContext = whatIfContext(snapshot, { kind: 'what-if', change }, now);
  if ('component' in change && !isComponentName(change.component)) {
    return unknownTarget(
      ctx.subject,
      finding('what-if-target', 'data', 'block', 'unknown-component', {
        component: change.component,
        components: [...COMPONENT_NAMES],
        suggestions: closestNames(change.component, [...COMPONENT_NAMES]),
      }),
      ctx.state,
      ctx.at,
    );
  }
  switch (change.type) {
    case 'component-restart':
      return analyzeRestart(ctx, change);
    case 'rolling-update':
      return analyzeRolling(ctx, change);
    case 'node-down':
      return analyzeNodeDown(ctx, change.node);
    case 'control-plane-down':
      return analyzeControlPlaneDown(ctx, 'control-plane');
    case 'etcd-quorum-loss':
      return analyzeQuorumLoss(ctx);
    case 'component-down':
      return analyzeComponentDown(ctx, change);
    case 'etcd-member-remove':
      return analyzeMemberRemove(ctx, change);
  }
}
