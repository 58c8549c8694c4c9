/**
 * What was understood of a request, in one flat shape: for `--format json`
 * (`request: {intent, nodes, cluster, language}`) and for the corpus test, so that scripts and
 * tests check understanding without reading prose.
 */
import type { Command, Locale } from './types.js';

/**
 * The intent of a request: the node actions (`reboot`, `drain`, `upgrade`, `node-down`), the other
 * what-if changes by their type, `status`, `help`, and the maintenance commands.
 */
export type RequestIntent =
  | 'reboot'
  | 'drain'
  | 'upgrade'
  | 'node-down'
  | 'component-restart'
  | 'component-down'
  | 'etcd-member-remove'
  | 'rolling-update'
  | 'control-plane-down'
  | 'etcd-quorum-loss'
  | 'status'
  | 'help'
  | 'maintenance'
  | 'maintenance-decision'
  | 'maintenance-status'
  | 'audit'
  | 'maintenance-plan'
  | 'lock-status'
  | 'break-lock';

/**
 * A request as understood.
 * - `nodes`: the nodes named, in order ([] when none or a group)
 * - `group`: `workers`, `control-plane`, `all`, `zone:NAME` or `selector:SELECTOR`, when one was named;
 *   `cluster` for the whole cluster's upgrade ("how do I upgrade the cluster?")
 * - `mode`: `together` or `one-by-one`, for several nodes or a group
 * - `cluster`: the cluster named in the text, when one was
 */
export interface RequestSummary {
  intent: RequestIntent;
  nodes: string[];
  group?: string;
  mode?: 'together' | 'one-by-one';
  cluster?: string;
  language?: Locale;
}

/**
 * Summarise a parsed command.
 * @param command - any command {@link parseCommand} returns
 * @param language - the answer language, when known
 * @returns the flat summary
 */
export function summarizeRequest(command: Command, language?: Locale): RequestSummary {
  const base = { cluster: command.cluster, language };
  switch (command.kind) {
    case 'reboot-impact':
      return { intent: 'reboot', nodes: [command.node], ...base };
    case 'drain-impact':
      // A pasted `kubectl delete node`: the node leaves the cluster, no drain.
      return {
        intent: command.kubectl?.verb === 'delete-node' ? 'node-down' : 'drain',
        nodes: [command.node],
        ...base,
      };
    case 'upgrade-impact':
      // The whole cluster's upgrade ("how do I upgrade the cluster?"): no node was named.
      return command.scope === 'cluster'
        ? { intent: 'upgrade', nodes: [], group: 'cluster', ...base }
        : { intent: 'upgrade', nodes: [command.node], ...base };
    case 'maintenance-request':
      return { intent: 'maintenance', nodes: [command.node], ...base };
    case 'multi-node': {
      const g = command.group;
      const group =
        g === undefined
          ? undefined
          : g.type === 'zone'
            ? `zone:${g.zone}`
            : g.type === 'selector'
              ? `selector:${g.selector}`
              : g.type;
      return {
        intent: command.action,
        nodes: [...command.nodes],
        group,
        mode: command.mode,
        ...base,
      };
    }
    case 'what-if': {
      const c = command.change;
      const nodes =
        'node' in c && c.node !== undefined
          ? [c.node]
          : 'members' in c && c.members !== undefined
            ? [...c.members]
            : [];
      return { intent: c.type, nodes, ...base };
    }
    case 'ha-status':
      return { intent: 'status', nodes: [], ...base };
    case 'help':
      return { intent: 'help', nodes: [], ...base };
    case 'maintenance-decision':
      return { intent: 'maintenance-decision', nodes: [], ...base };
    case 'maintenance-status':
      return { intent: 'maintenance-status', nodes: [], ...base };
    case 'audit':
      return { intent: 'audit', nodes: [], ...base };
    case 'maintenance-plan': {
      const t = command.targets;
      const group =
        t.kind === 'nodes'
          ? undefined
          : t.kind === 'selector'
            ? `selector:${t.selector}`
            : t.kind === 'all-workers'
              ? 'workers'
              : t.kind;
      return {
        intent: 'maintenance-plan',
        nodes: t.kind === 'nodes' ? [...t.nodes] : [],
        ...(group === undefined ? {} : { group }),
        mode: 'one-by-one',
        ...base,
      };
    }
    case 'lock-status':
    case 'break-lock':
      return { intent: command.kind, nodes: command.node === undefined ? [] : [command.node], ...base };
  }
}
