/**
 * Which answer a command goes to and which node's pods its snapshot keeps whole: the routing the
 * answer step does before it loads the module that answers(the what-if, multi-node,
 * maintenance and report answers load only when asked for).
 */
import type { Command, DrainImpactCommand, UpgradeImpactCommand, WhatIfCommand } from '../commands/types.js';

/** The commands the what-if answer (answer-what-if.ts) answers. */
export type WhatIfFamilyCommand = WhatIfCommand | DrainImpactCommand | UpgradeImpactCommand;

/**
 * Whether a command is one of the issue-9 requests.
 * @param command - a parsed command
 */
export function isWhatIfFamily(command: Command): command is WhatIfFamilyCommand {
  return command.kind === 'what-if' || command.kind === 'drain-impact' || command.kind === 'upgrade-impact';
}

/**
 * The node whose pods the snapshot must keep whole for a command, or null.
 * @param command - a parsed command (any kind)
 * @returns the node of a reboot, drain, upgrade, node-down or node-scoped component restart
 */
export function focusNodeOf(command: Command): string | null {
  switch (command.kind) {
    case 'reboot-impact':
    case 'drain-impact':
      return command.node;
    case 'upgrade-impact':
      // The whole cluster's upgrade: no node until the answer step picks the first one.
      return command.scope === 'cluster' && command.node === '' ? null : command.node;
    case 'what-if':
      return 'node' in command.change ? (command.change.node ?? null) : null;
    default:
      return null;
  }
}
