/**
 * Clarify instead of refusing (issue 30, item 2): a text that names a node or an action but was not
 * read with certainty is answered with the one to three likeliest readings, each the exact request
 * it stands for (a text the parser reads to that request), never a node the text did not name.
 * "I did not understand" stays for a text with neither a node nor an action word.
 */
import { THE_CONTROL_PLANE_NODE, THE_ETCD_LEADER, controlPlaneNamed } from './node-mentions.js';
import { summarizeRequest } from './request-summary.js';
import type { Command, Locale } from './types.js';
import { readParts } from './understand.js';

/** The readings offered for a node named with no action: a reboot, a drain, a failure. */
const NODE_READINGS: Readonly<Record<Locale, readonly ((node: string) => string)[]>> = {
  en: [(n) => `can I reboot ${n}`, (n) => `can I drain ${n}`, (n) => `what if ${n} goes down`],
  ko: [(n) => `${n} 재부팅해도 돼?`, (n) => `${n} 드레인해도 돼?`, (n) => `${n} 다운되면 어떻게 돼?`],
};

/** The reading of one action on one node, by the action named. */
const ACTION_ON_NODE: Readonly<Record<Locale, Readonly<Record<string, (node: string) => string>>>> = {
  en: {
    reboot: (n) => `can I reboot ${n}`,
    drain: (n) => `can I drain ${n}`,
    upgrade: (n) => `can I upgrade ${n}`,
    down: (n) => `what if ${n} goes down`,
    maintenance: (n) => `can I reboot ${n}`,
  },
  ko: {
    reboot: (n) => `${n} 재부팅해도 돼?`,
    drain: (n) => `${n} 드레인해도 돼?`,
    upgrade: (n) => `${n} 업그레이드해도 돼?`,
    down: (n) => `${n} 다운되면 어떻게 돼?`,
    maintenance: (n) => `${n} 재부팅해도 돼?`,
  },
};

/**
 * The readings of an action named with no node: over a group, one at a time, and the status; a
 * rollout of no add-on named ("kubectl rollout undo daemonset"): the rollout of each add-on run as a
 * DaemonSet or Deployment (kube-proxy, CoreDNS, the CNI plugin).
 */
const ACTION_READINGS: Readonly<Record<Locale, Readonly<Record<string, readonly string[]>>>> = {
  en: {
    reboot: ['reboot all workers one by one', 'reboot all masters one by one', 'status'],
    drain: ['drain all workers one by one', 'status'],
    upgrade: ['how do I upgrade the cluster?', 'status'],
    down: ['what if all control-plane nodes go down', 'status'],
    status: ['status'],
    help: ['help'],
    rollout: ['rolling update of kube-proxy', 'rolling update of coredns', 'rolling update of cni'],
  },
  ko: {
    reboot: ['워커 노드 하나씩 재부팅해도 돼?', '컨트롤 플레인 노드 하나씩 재부팅해도 돼?', '상태'],
    drain: ['워커 노드 하나씩 드레인해도 돼?', '상태'],
    upgrade: ['클러스터 업그레이드 어떻게 해?', '상태'],
    down: ['컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?', '상태'],
    status: ['상태'],
    help: ['도움말'],
    rollout: [
      'kube-proxy 롤링 업데이트해도 돼?',
      'coredns 롤링 업데이트해도 돼?',
      'cni 롤링 업데이트해도 돼?',
    ],
  },
};

/**
 * The readings of an action over the group the text names ("both workers", "a worker", "the
 * masters"): the action over that group one node at a time, or one of its nodes failing; the
 * readings with no group ({@link ACTION_READINGS}) follow. A maintenance of a group is the plan
 * that maintains it node by node.
 */
const GROUP_READINGS: Readonly<
  Record<Locale, Readonly<Record<'workers' | 'control-plane', Readonly<Record<string, string>>>>>
> = {
  en: {
    workers: {
      maintenance: 'maintain all workers',
      upgrade: 'upgrade all workers one by one',
      reboot: 'reboot all workers one by one',
      drain: 'drain all workers one by one',
      down: 'what if one of the workers goes down',
    },
    'control-plane': {
      maintenance: 'maintain the control plane',
      upgrade: 'upgrade all masters one by one',
      reboot: 'reboot all masters one by one',
      drain: 'drain all masters one by one',
      down: 'what if all control-plane nodes go down',
    },
  },
  ko: {
    workers: {
      maintenance: '모든 워커 유지보수 요청',
      upgrade: '워커 노드 하나씩 업그레이드해도 돼?',
      reboot: '워커 노드 하나씩 재부팅해도 돼?',
      drain: '워커 노드 하나씩 드레인해도 돼?',
      down: '워커 노드 중 하나가 다운되면 어떻게 돼?',
    },
    'control-plane': {
      maintenance: '컨트롤 플레인 유지보수 요청',
      upgrade: '컨트롤 플레인 노드 하나씩 업그레이드해도 돼?',
      reboot: '컨트롤 플레인 노드 하나씩 재부팅해도 돼?',
      drain: '컨트롤 플레인 노드 하나씩 드레인해도 돼?',
      down: '컨트롤 플레인 노드가 모두 다운되면 어떻게 돼?',
    },
  },
};

/** Actions in the order a reading is offered for them, strongest first. */
const ORDER = ['rollout', 'maintenance', 'upgrade', 'reboot', 'drain', 'down', 'status', 'help'];

/**
 * The likeliest readings of a text that was not understood, as request texts (not yet checked: the
 * caller keeps those the parser reads). Empty when the text names neither a node nor an action.
 * @param text - the text left after options, time hints, cluster phrases and fillers
 * @param locale - the answer language (the readings are written in it)
 * @param nodes - the cluster's node names, when known
 * @returns at most 3 request texts, likeliest first
 */
export function likelyReadings(text: string, locale: Locale, nodes?: readonly string[]): string[] {
  const parts = readParts(text, nodes === undefined ? {} : { nodes });
  const actions = ORDER.filter((a) => parts.actions.includes(a));
  const out: string[] = [];
  const onNode = ACTION_ON_NODE[locale];
  // With the node list known, only its nodes (and the references it resolves) are offered.
  const named = parts.nodes
    .filter(
      (n) =>
        nodes === undefined || nodes.includes(n) || n === THE_CONTROL_PLANE_NODE || n === THE_ETCD_LEADER,
    )
    .slice(0, 3);
  if (named.length > 0) {
    const action = actions.find((a) => onNode[a] !== undefined);
    if (action !== undefined) out.push(...named.map((n) => (onNode[action] as (n: string) => string)(n)));
    else out.push(...NODE_READINGS[locale].map((f) => f(named[0] as string)));
  } else {
    const type = parts.group?.type;
    const byGroup = type === 'workers' || type === 'control-plane' ? GROUP_READINGS[locale][type] : {};
    for (const a of actions) {
      const reading = byGroup[a];
      if (reading !== undefined) out.push(reading);
    }
    for (const a of actions) out.push(...(ACTION_READINGS[locale][a] ?? []));
  }
  return out.filter((x, i) => out.indexOf(x) === i).slice(0, 3);
}

/**
 * "The control plane node" on a cluster with several, or "the etcd leader" when the leader is not
 * known (issue 30, item 2): which one is asked, never guessed. For a command that still names
 * {@link THE_CONTROL_PLANE_NODE} or {@link THE_ETCD_LEADER} once resolved against the
 * node list, the same request about each control-plane node (at most 3), as request texts.
 * @param command - the command, its names resolved against `nodes`
 * @param nodes - the cluster's node names
 * @param locale - the answer language
 * @param etcdLeader - whether "the etcd leader" left unresolved is asked about (the worker, which
 *   read etcd); false for the parser, which leaves it to the worker
 * @returns the request texts, or [] when the command names no such reference
 */
export function controlPlaneReadings(
  command: Command,
  nodes: readonly string[],
  locale: Locale,
  etcdLeader = true,
): string[] {
  const s = summarizeRequest(command);
  if (!s.nodes.includes(THE_CONTROL_PLANE_NODE) && !(etcdLeader && s.nodes.includes(THE_ETCD_LEADER)))
    return [];
  const intent = s.intent === 'node-down' ? 'down' : s.intent;
  const on = ACTION_ON_NODE[locale][intent] ?? ACTION_ON_NODE[locale].reboot;
  return controlPlaneNamed(nodes)
    .slice(0, 3)
    .map((n) => (on as (n: string) => string)(n));
}
