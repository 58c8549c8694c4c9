/**
 * A pasted command is a question about that command (issue 30, item 3): "is `kubectl drain wk1
 * --force --ignore-daemonsets` safe to run?", `systemctl restart kubelet` on a node, `sudo reboot`
 * over ssh, `kubeadm upgrade apply v1.34.2`, `etcdctl member remove …`. Each is read into the
 * command the plain question gives (a drain, a component restart, a reboot, an upgrade, a node
 * lost) or into a change of its own (an etcd member removed for good), and `kubectl drain`'s
 * flags are kept so that the answer says their real effect from the same drain model
 * (src/analysis/drain-filters.ts, eviction-api.ts).
 *
 * Flags and their meaning: `kubectl drain --help` and the kubectl drain reference,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_drain/ (k8s.io/kubectl/pkg/cmd/drain).
 */
import { normalizeComponent } from './components.js';
import { isValidNodeName } from './names.js';
import { RESERVED_NODE_WORDS } from './understand.js';
import type { Command, KubectlDrainFlags } from './types.js';

/**
 * A privilege prefix of a pasted command: `sudo`, `doas`, with flags that take no value (`sudo -i`,
 * `sudo -E`); sudo(8), doas(1). It runs the command as root and names no node.
 */
const PRIVILEGE = '(?:sudo|doas)(?:\\s+-[a-z]+)*';

/** Where a pasted command starts: the tool, after an optional privilege prefix or `ssh NODE`. */
const COMMAND_START = new RegExp(
  `(?:^|[\\s\`"'(:])((?:ssh\\s+(?:[\\w.-]+@)?[a-z0-9][a-z0-9.-]*\\s+)?(?:${PRIVILEGE}\\s+)?(?:kubectl|oc\\s+adm|oc|systemctl|service(?=\\s+[\\w.@-]+\\s+(?:start|restart|stop)\\b)|reboot|shutdown|kubeadm|etcdctl|talosctl)\\b)`,
  'iu',
);

/** Privilege prefixes anywhere in a text, with the space after them (see {@link withoutPrivilege}). */
const PRIVILEGE_ANYWHERE = new RegExp(`(?<![\\w.-])${PRIVILEGE}(?:\\s+|$)`, 'giu');

/**
 * The text without its privilege prefixes (`sudo reboot` → `reboot`, `sudo -i` → ``): what is left
 * when no pasted command was read, so that `sudo` is never taken for a node's name.
 * @param text - the normalised message
 */
export function withoutPrivilege(text: string): string {
  return text.replace(PRIVILEGE_ANYWHERE, '').trim();
}

/** The cordon verbs in plain words: `cordon`, `uncordon` (and their forms), `코든`/`코돈`, `언코든`/`언코돈`. */
const CORDON_WORD = /\b(un)?cordon(?:s|ed|ing)?\b|(언)?코[든돈]/u;

/** Words that ask for a drain (an eviction) beside a cordon: then the question is the drain's. */
const DRAIN_WORD = /\b(?:drain\w*|evacuat\w*|evict\w*|empty\s+out)\b|드[레래]인|비[우워울]/u;

/**
 * The verb of a cordon asked in plain words ("can I cordon atlas-wk-1", "atlas-wk-1 언코든 해도 돼?"),
 * when no drain is asked beside it; else undefined. Cordon only marks the node unschedulable and
 * evicts nothing (kubectl cordon/uncordon reference,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_cordon/), so it is answered as the
 * pasted `kubectl cordon` is, not as a drain.
 * @param text - the message
 */
export function cordonVerbOf(text: string): 'cordon' | 'uncordon' | undefined {
  const lower = text.normalize('NFKC').toLowerCase();
  const m = CORDON_WORD.exec(lower);
  if (m === null || DRAIN_WORD.test(lower)) return undefined;
  return m[1] === undefined && m[2] === undefined ? 'cordon' : 'uncordon';
}

/**
 * The text with its uncordon words read as cordon words (`uncordon` → `cordon`, `언코든` → `코든`),
 * for the understanding, which knows the node of a cordon question; {@link cordonVerbOf} keeps the verb.
 * @param text - the message after its options
 */
export function uncordonAsCordon(text: string): string {
  return text.replace(/\b(un)(cordon)/giu, '$2').replace(/언(코[든돈])/gu, '$1');
}

/**
 * A drain question asked as a plain-words cordon or uncordon (see {@link cordonVerbOf}) as the
 * pasted `kubectl cordon|uncordon` is read; any other command as it is.
 * @param command - the parsed command
 * @param text - the message
 */
export function asPlainCordon(command: Command, text: string): Command {
  if (command.kind !== 'drain-impact' || command.kubectl !== undefined) return command;
  const verb = cordonVerbOf(text);
  return verb === undefined ? command : { ...command, kubectl: { verb, flags: drainArgs([]).flags } };
}

/** Words after `kubectl drain` that say it is named in prose, not pasted ("kubectl drain and uncordon"). */
const PROSE_WORDS = new Set([
  'and',
  'or',
  'the',
  'a',
  'an',
  'then',
  'command',
  'commands',
  'is',
  'was',
  'will',
  'to',
  'with',
  'node',
  'nodes',
  'cordon',
  'uncordon',
]);

/** A drain flag that takes a value (`--pod-selector app=x`, `--grace-period=30`). */
const VALUED_FLAGS = new Set([
  'pod-selector',
  'grace-period',
  'timeout',
  'selector',
  'l',
  'chunk-size',
  'skip-wait-for-delete-timeout',
  'dry-run',
]);

/**
 * kubectl's global flags that take a value (`kubectl options`,
 * https://kubernetes.io/docs/reference/kubectl/generated/kubectl_options/): they may come before the
 * verb or anywhere after it (`kubectl --context prod drain …`, `kubectl -n kube-system drain …`).
 * They say which API server, user or namespace kubectl talks to, not what the command does.
 */
const KUBECTL_GLOBAL_VALUED = new Set([
  'as',
  'as-group',
  'as-uid',
  'as-user-extra',
  'cache-dir',
  'certificate-authority',
  'client-certificate',
  'client-key',
  'cluster',
  'context',
  'kubeconfig',
  'kuberc',
  'log-flush-frequency',
  'n',
  'namespace',
  'password',
  'profile',
  'profile-output',
  'request-timeout',
  's',
  'server',
  'tls-server-name',
  'token',
  'user',
  'username',
  'v',
  'vmodule',
]);

/** kubectl's global flags that take no value (`kubectl options`). */
const KUBECTL_GLOBAL_BOOL = new Set([
  'insecure-skip-tls-verify',
  'match-server-version',
  'disable-compression',
  'warnings-as-errors',
]);

/**
 * A pasted kubectl `--context` or `--cluster` and its value: which cluster the command was meant
 * for, which the caller takes for the bot's cluster when a configured cluster has that name.
 */
export interface KubectlTarget {
  flag: '--context' | '--cluster';
  value: string;
}

/**
 * kubectl's global flags taken out of a pasted kubectl command's words, wherever they are: the words
 * left (the verb first), the flags as typed without their values (`--kubeconfig`, `-n`; never the
 * values, which can hold a token or password), and the `--context` and `--cluster` given ({@link KubectlTarget}).
 * @param args - the words after `kubectl` (or `oc adm`), as typed
 */
function kubectlGlobals(args: readonly string[]): {
  args: string[];
  unused: string[];
  targets: KubectlTarget[];
} {
  const left: string[] = [];
  const unused: string[] = [];
  const targets: KubectlTarget[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] ?? '';
    const m = /^(--?)([a-z][a-z-]*)(?:=(.*))?$/iu.exec(word);
    const name = (m?.[2] ?? '').toLowerCase();
    if (m === null || !(KUBECTL_GLOBAL_VALUED.has(name) || KUBECTL_GLOBAL_BOOL.has(name))) {
      left.push(word);
      continue;
    }
    let value = m[3];
    if (value === undefined && KUBECTL_GLOBAL_VALUED.has(name) && !(args[i + 1] ?? '-').startsWith('-')) {
      value = args[i + 1];
      i += 1;
    }
    if ((name === 'context' || name === 'cluster') && value !== undefined && value !== '')
      targets.push({ flag: name === 'context' ? '--context' : '--cluster', value });
    else if (!unused.includes(`${m[1] ?? ''}${name}`)) unused.push(`${m[1] ?? ''}${name}`);
  }
  return { args: left, unused, targets };
}

/**
 * Where the global flags between `kubectl` (or `oc`) and its verb are in a text (`kubectl
 * --cluster kind-kind -n x drain …`): there `--cluster` is kubectl's, not the bot's option.
 * @param text - the normalised message
 * @returns the span (start and end offsets), or null when no flag comes before the verb
 */
export function kubectlFlagsSpan(text: string): { from: number; to: number } | null {
  const start = /\b(?:kubectl|oc(?:\s+adm)?)\s+/iu.exec(text);
  if (start === null) return null;
  const from = start.index + start[0].length;
  const word = /\S+/gu;
  word.lastIndex = from;
  let to = from;
  let value = false;
  for (let w = word.exec(text); w !== null; w = word.exec(text)) {
    const flag = /^(?:--?|\u2014|\u2013)([a-z][a-z-]*)(=.*)?$/iu.exec(w[0]);
    if (!value && flag === null) break;
    value = !value && flag?.[2] === undefined && KUBECTL_GLOBAL_VALUED.has((flag?.[1] ?? '').toLowerCase());
    to = w.index + w[0].length;
  }
  return to > from ? { from, to } : null;
}

/** Go's strconv.ParseBool, which pflag's boolean flags use for `--flag=VALUE`; undefined when Go refuses it. */
function goBool(value: string): boolean | undefined {
  if (/^(?:1|t|T|TRUE|true|True)$/u.test(value)) return true;
  if (/^(?:0|f|F|FALSE|false|False)$/u.test(value)) return false;
  return undefined;
}

/**
 * Go's strconv.ParseInt(value, 0, 64), which pflag's int flags use: decimal, `0x`/`0o`/`0b` or a
 * leading `0` (octal), `_` between digits, within 64 bits; undefined when Go refuses it.
 */
function goInt(value: string): number | undefined {
  const m =
    /^([+-]?)(0[xX](?:_?[\da-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|0(?:_?[0-7])*|[1-9](?:_?\d)*)$/u.exec(
      value,
    );
  if (m === null) return undefined;
  const digits = (m[2] ?? '').replace(/_/gu, '');
  const n = BigInt(/^0[0-7]+$/u.test(digits) ? `0o${digits.slice(1)}` : digits.toLowerCase());
  const signed = m[1] === '-' ? -n : n;
  return signed < -(2n ** 63n) || signed > 2n ** 63n - 1n ? undefined : Number(signed);
}

/** Nanoseconds per unit of a Go duration (time.ParseDuration). */
const DURATION_UNITS: Record<string, number> = {
  ns: 1,
  us: 1e3,
  µs: 1e3,
  μs: 1e3,
  ms: 1e6,
  s: 1e9,
  m: 6e10,
  h: 3.6e12,
};

/**
 * Whether Go's time.ParseDuration, which pflag's duration flags use, reads `value`: `0`, or numbers
 * each with a unit (`ns`, `us`, `µs`, `ms`, `s`, `m`, `h`: `90s`, `1h30m`, `1.5h`), at most about
 * 292 years (int64 nanoseconds). `10` (no unit) and `5x` are refused.
 */
function isGoDuration(value: string): boolean {
  const body = value.replace(/^[+-]/u, '');
  if (body === '0') return true;
  if (!/^(?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+$/u.test(body)) return false;
  const ns = [...body.matchAll(/(\d+\.?\d*|\.\d+)([a-zµμ]+)/gu)].reduce(
    (sum, [, n = '', unit = '']) => sum + Number(n) * (DURATION_UNITS[unit] ?? 0),
    0,
  );
  return ns <= 2 ** 63 - 1;
}

/**
 * The command text: inside backticks when there are any, else from the tool's name to the end of
 * the sentence (`?`, or a `.`/`,` followed by a space).
 */
function commandText(text: string): { command: string; rest: string; quoted: boolean } | null {
  const quoted = /`{1,3}([^`]+)`{1,3}/u.exec(text);
  if (quoted !== null && COMMAND_START.test(` ${quoted[1] ?? ''}`)) {
    const inner = (quoted[1] ?? '').trim();
    const start = COMMAND_START.exec(` ${inner}`);
    const cmd = start === null ? inner : ` ${inner}`.slice(start.index).trim();
    return {
      command: cmd,
      rest: `${text.slice(0, quoted.index)} ${text.slice(quoted.index + quoted[0].length)}`,
      quoted: true,
    };
  }
  const start = COMMAND_START.exec(text);
  if (start === null) return null;
  const from = start.index + start[0].indexOf(start[1] ?? '');
  const tail = text.slice(from);
  const end = /\?|[.,;](?:\s|$)|\s(?:safe|ok|okay|fine|on\s+(?:node\s+)?[a-z0-9][a-z0-9.-]*\s*$)/iu.exec(
    tail,
  );
  const cut = end === null ? tail.length : end.index;
  return {
    command: tail.slice(0, cut).trim(),
    rest: `${text.slice(0, from)} ${tail.slice(cut)}`,
    quoted: false,
  };
}

/**
 * The node the text names for a host command (`ssh atlas-wk-1 …`, `… on atlas-wk-1`, `wk-1에서`),
 * and the surrounding text without that phrase (so it is not read as a cluster: "on wk1"); else, as
 * `named`, the one word of the text shaped like a node name (for a service on a node).
 */
function hostNode(command: string, rest: string): { node?: string; rest: string; named?: string } {
  const ssh = /^ssh\s+(?:[\w.-]+@)?([a-z0-9][a-z0-9.-]*)\s/iu.exec(command);
  const inCommand = /\s(?:on|at)\s+(?:the\s+)?(?:node\s+)?([a-z0-9][a-z0-9.-]*[a-z0-9])\b/iu.exec(command);
  const on =
    /\b(?:on|at|of)\s+(?:the\s+)?(?:node\s+)?([a-z0-9][a-z0-9.-]*[a-z0-9])\b/iu.exec(rest) ??
    /([a-z0-9][a-z0-9.-]*[a-z0-9])\s*(?:노드)?\s*(?:에서|에)(?=\s|$)/iu.exec(rest);
  // Else the one word of the text shaped like a node name ("atlas-wk-2가 NotReady 상태일 때 systemctl restart kubelet").
  const shaped = [
    ...new Set(
      [...rest.toLowerCase().matchAll(/(?<![\w.-])([a-z][a-z0-9-]*-[a-z0-9-]*\d)(?![\w.-])/gu)].map(
        (m) => m[1],
      ),
    ),
  ];
  const only = shaped.length === 1 ? shaped[0] : undefined;
  // A pronoun or determiner ("on it", "on each control plane node") names no node: "it" is the node
  // named before it ("pods are not running on atlas-wk-2 … systemctl restart containerd on it").
  const [found] = [ssh, inCommand, on].filter(
    (m): m is RegExpExecArray => m !== null && !RESERVED_NODE_WORDS.has((m[1] ?? '').toLowerCase()),
  );
  const name = found?.[1]?.toLowerCase();
  const left = found === undefined || found !== on ? rest : rest.replace(found[0], ' ');
  const named = only === undefined ? {} : { named: only };
  return name !== undefined && isValidNodeName(name) ? { node: name, rest: left } : { rest, ...named };
}

/** How many nodes a list after "on" names (`systemctl stop etcd on cp-1 and cp-2`: 2; one or none: at most 1). */
function onNodes(text: string): number {
  const name = '[a-z0-9][a-z0-9.-]*[a-z0-9]';
  const list = new RegExp(
    `\\b(?:on|at)\\s+(?:the\\s+)?(?:nodes?\\s+)?(${name}(?:\\s*(?:,|\\band\\b|및)\\s*(?:node\\s+)?${name})+)`,
    'iu',
  ).exec(text);
  const nodes = list?.[1]?.split(/\s*(?:,|\band\b|및)\s*(?:node\s+)?/iu) ?? [];
  return new Set(
    nodes.filter((n) => isValidNodeName(n.toLowerCase()) && !RESERVED_NODE_WORDS.has(n.toLowerCase())),
  ).size;
}

/** Split the command into words, `--flag=value` kept as one word. */
function words(command: string): string[] {
  return command
    .replace(/^ssh\s+\S+\s+/iu, '')
    .replace(new RegExp(`^${PRIVILEGE}\\s+`, 'iu'), '')
    .split(/\s+/u)
    .filter((w) => w.length > 0);
}

/**
 * The flags and node names of `kubectl drain`.
 * @param args - the words after `drain`
 * @returns the node names (lowercase) and the flags
 */
function drainArgs(args: readonly string[]): {
  nodes: string[];
  flags: KubectlDrainFlags;
  selector?: string;
  refused?: ToolRefusal;
} {
  const flags: KubectlDrainFlags = {
    force: false,
    ignoreDaemonSets: false,
    deleteEmptyDirData: false,
    disableEviction: false,
  };
  const nodes: string[] = [];
  let selector: string | undefined;
  let refused: ToolRefusal | undefined;
  for (let i = 0; i < args.length; i += 1) {
    const word = args[i] ?? '';
    const m = /^--?([a-z][a-z-]*)(?:=(.*))?$/iu.exec(word);
    if (m === null) {
      const name = word.replace(/^node\//u, '').toLowerCase();
      // After the first node, prose (`kubectl drain wk-2 has been running for 4 hours`) ends the
      // command: a further node name has a letter and a digit or separator, as node names do.
      if (nodes.length > 0 && !(/[a-z]/u.test(name) && /[\d.-]/u.test(name))) break;
      // "the kubectl drain and uncordon commands": prose, no command.
      if (PROSE_WORDS.has(name) || /[\u3131-\u318E\uAC00-\uD7A3]/u.test(name)) break;
      if (isValidNodeName(name) && !nodes.includes(name)) nodes.push(name);
      continue;
    }
    const name = (m[1] ?? '').toLowerCase();
    let value = m[2];
    if (
      value === undefined &&
      VALUED_FLAGS.has(name) &&
      args[i + 1] !== undefined &&
      !args[i + 1]?.startsWith('-') &&
      // A bare `--dry-run` takes no value: the word after it is a node unless it is a dry-run value.
      (name !== 'dry-run' || /^(?:client|server|none|true|false)$/iu.test(args[i + 1] ?? ''))
    ) {
      value = args[i + 1];
      i += 1;
    }
    // A boolean flag's `=VALUE` is read by Go's strconv.ParseBool (`--force=0` is off, `=yes` refused).
    const on = value === undefined ? true : goBool(value);
    if (
      on === undefined &&
      /^(?:force|ignore-daemonsets|delete-emptydir-data|delete-local-data|disable-eviction)$/u.test(name)
    )
      refused ??= { rule: 'bool-flag' };
    switch (name) {
      case 'force':
        flags.force = on === true;
        break;
      case 'ignore-daemonsets':
        flags.ignoreDaemonSets = on === true;
        break;
      case 'delete-emptydir-data':
      case 'delete-local-data':
        flags.deleteEmptyDirData = on === true;
        break;
      case 'disable-eviction':
        flags.disableEviction = on === true;
        break;
      case 'pod-selector':
        if (value !== undefined) flags.podSelector = value.slice(0, 200);
        break;
      case 'grace-period': {
        const seconds = goInt(value ?? '');
        if (seconds === undefined) refused ??= { rule: 'grace-period' };
        else flags.gracePeriodS = seconds;
        break;
      }
      case 'chunk-size':
      case 'skip-wait-for-delete-timeout':
        if (goInt(value ?? '') === undefined) refused ??= { rule: 'integer-flag' };
        break;
      case 'timeout':
        if (value === undefined || !isGoDuration(value)) refused ??= { rule: 'timeout' };
        else flags.timeout = value.slice(0, 20);
        break;
      case 'selector':
      case 'l':
        if (value !== undefined) selector = value.slice(0, 200);
        break;
      case 'dry-run': {
        // kubectl cmdutil GetDryRunStrategy: bare `--dry-run`, `client`, `server` or a true Go boolean
        // change nothing; `none` or a false one is a real drain; anything else is refused.
        const dry =
          value === undefined || value === 'client' || value === 'server'
            ? true
            : value === 'none'
              ? false
              : goBool(value);
        if (dry === undefined) refused ??= { rule: 'dry-run' };
        else flags.dryRun = dry;
        break;
      }
      default:
        // --chunk-size, --skip-wait-for-delete-timeout, -n …: no effect on what the drain does to availability.
        break;
    }
  }
  // "error: cannot specify both a node name and a --selector option" (k8s.io/kubectl/pkg/cmd/drain).
  if (selector !== undefined && nodes.length > 0) refused ??= { rule: 'node-and-selector' };
  return {
    nodes,
    flags,
    ...(selector === undefined ? {} : { selector }),
    ...(refused === undefined ? {} : { refused }),
  };
}

/** A shell loop over names: `for VAR in A B; do BODY; done` (POSIX sh `for` loop, bash(1) "Compound Commands"). */
const SHELL_LOOP =
  /\bfor\s+([a-z_][a-z0-9_]*)\s+in\s+([a-z0-9][a-z0-9.\s-]*?)\s*;\s*do\s+([^]*?)\s*;?\s*done\b/iu;

/** Shell list operators between commands (bash(1) "Lists"): `&&`, `||`, `;`, `|`, and `&`, which runs the command before it in the background. */
const SHELL_OPERATOR = /\s*(&&|\|\||[;|&])\s*/u;

/** A step that changes nothing: waiting and reading (`sleep 300`, `kubectl wait …`, `kubectl get nodes`, `echo`). */
const NO_CHANGE =
  /^(?:sleep|echo|printf|date|true|wait|kubectl\s+(?:get|wait|describe|top|rollout\s+status))\b/iu;

/**
 * Why the tool itself refuses a pasted command, before it changes anything (hostile review L3, L4):
 * - `grace-period`, `integer-flag` (`--chunk-size`, `--skip-wait-for-delete-timeout`): not a Go
 *   integer (pflag `IntVar`/`Int64Var`: strconv.ParseInt, base 0, 64 bits: `abc`, `1e3`,
 *   99999999999999999999);
 * - `timeout`: not a Go duration (pflag `DurationVar`: time.ParseDuration, `5x`, `10`, `-`);
 * - `dry-run`: not `none`, `server`, `client` or a Go boolean (kubectl cmdutil `GetDryRunStrategy`:
 *   "Invalid dry-run value");
 * - `bool-flag`: `--force=`, `--ignore-daemonsets=` … with a value Go's strconv.ParseBool refuses;
 * - `node-and-selector`: `kubectl drain NODE -l SEL` ("cannot specify both a node name and a
 *   --selector option", k8s.io/kubectl/pkg/cmd/drain);
 * - `member-id`: `etcdctl member remove` of an ID that is no 64-bit hexadecimal number (etcdctl
 *   `memberRemoveCommandFunc`: strconv.ParseUint(ID, 16, 64), "bad member ID arg …, expecting ID
 *   in Hex"); `hex` is its hexadecimal form when the ID is a decimal one (`member list -w json`
 *   prints IDs in decimal); `member-id-missing`: no ID ("member ID is not provided").
 */
export interface ToolRefusal {
  rule:
    | 'grace-period'
    | 'integer-flag'
    | 'timeout'
    | 'dry-run'
    | 'bool-flag'
    | 'node-and-selector'
    | 'member-id'
    | 'member-id-missing';
  /** `member-id`: the hexadecimal form of a decimal ID (digits a-f only). */
  hex?: string;
}

/**
 * A pasted command, or a paste the bot does not answer because it runs several commands it cannot
 * answer as one request (`commands` is how many, each node of a loop or list counted, to say so), or
 * that its tool refuses (`refused`). `targets`: a pasted kubectl's `--context` and `--cluster`,
 * which the caller takes for the cluster when a configured cluster has that name, else lists as not used.
 */
export type PastedRead =
  | { command: Command; rest: string; targets?: KubectlTarget[] }
  | { commands: number; rest: string }
  | { refused: ToolRefusal; rest: string };

/** The commands of a shell list or loop body, and whether any runs in the background (`&`: together). */
function shellSteps(text: string): { steps: string[]; together: boolean } {
  const parts = text.split(SHELL_OPERATOR);
  const steps = parts.filter((p, i) => i % 2 === 0 && p.trim().length > 0 && !NO_CHANGE.test(p.trim()));
  return { steps: steps.map((p) => p.trim()), together: parts.some((p, i) => i % 2 === 1 && p === '&') };
}

/** The nodes a command is about (none for a group or a cluster-wide question). */
function commandNodes(c: Command): string[] {
  if (c.kind === 'multi-node') return c.group === undefined ? c.nodes : [];
  if (c.kind === 'drain-impact' || c.kind === 'reboot-impact') return [c.node];
  return [];
}

/**
 * Several commands read as the one request they make together, or null when there is none: a drain
 * (a cordon, then an uncordon at the end, are part of it) and a reboot of each node are "drain and
 * reboot", one node at a time unless a step runs in the background. Any other mix (cordon then
 * `kubectl delete node`, a drain without evictions, an etcd member removal) is no one request.
 */
function combine(reads: readonly Command[], together: boolean): Command | null {
  const [first] = reads;
  if (reads.length === 1 && first !== undefined) return first;
  const acts = new Set(
    reads.map((c) =>
      c.kind === 'drain-impact' && c.kubectl?.flags.disableEviction !== true
        ? (c.kubectl?.verb ?? 'drain')
        : c.kind === 'multi-node' && c.action === 'drain'
          ? 'drain'
          : c.kind === 'reboot-impact'
            ? 'reboot'
            : 'other',
    ),
  );
  if (acts.size > 1) acts.delete('uncordon');
  if (acts.has('drain')) acts.delete('cordon');
  const key = [...acts].sort().join('+');
  const nodes = [...new Set(reads.flatMap(commandNodes))];
  const drain = acts.has('drain');
  if (key !== 'drain' && key !== 'reboot' && key !== 'drain+reboot') return null;
  if (nodes.length === 0 || reads.some((c) => commandNodes(c).length === 0)) return null;
  const action = key === 'drain' ? 'drain' : 'reboot';
  const [node] = nodes;
  if (nodes.length === 1 && node !== undefined)
    return action === 'reboot'
      ? { kind: 'reboot-impact', node, drain }
      : (reads.find((c) => c.kind === 'drain-impact' && c.kubectl?.verb === 'drain') ?? null);
  // Nothing waits between reboots with no drain (`ssh NODE sudo reboot` returns as the node goes
  // down): they overlap, as if run together.
  const mode = together || !drain ? 'together' : 'one-by-one';
  return { kind: 'multi-node', action, nodes, mode, drain };
}

/**
 * Read a whole paste: a shell loop over node names (`for n in wk-1 wk-2; do kubectl drain $n;
 * ssh $n sudo reboot; done`), a list of commands (`ssh cp-1 sudo reboot && ssh cp-2 sudo reboot`)
 * or one command. Never a part of it: every command, for every node, is read, and the paste is
 * answered only when they make one request ({@link combine}); else it is refused with the number
 * of commands. A loop runs its body one node at a time; `&` runs steps together.
 * @param text - the normalised message
 * @returns the request, the refusal, or null when the text holds no command this reads
 */
export function readPaste(text: string): PastedRead | null {
  const loop = SHELL_LOOP.exec(text);
  if (loop !== null) {
    const [all, name = '', items = '', body = ''] = loop;
    const uses = new RegExp(`\\$\\{?${name}\\}?(?![a-z0-9_])`, 'giu');
    const { steps, together } = shellSteps(body);
    const around = `${text.slice(0, loop.index)} ${text.slice(loop.index + all.length)} `;
    const names = items.trim().split(/\s+/u);
    const reads = steps.flatMap((step) =>
      (step.search(uses) < 0 ? [step] : names.map((n) => step.replace(uses, n))).map((one) =>
        matchPastedCommand(one, around),
      ),
    );
    return reads.every((r) => r === null) ? null : several(reads, together, around);
  }
  const { steps, together } = shellSteps(text);
  const commands = steps.filter((step) => COMMAND_START.test(step));
  if (commands.length < 2) return matchPastedCommand(text);
  const reads = commands.map((step) => matchPastedCommand(step));
  // A command word in prose ("failed to unlock after reboot; unlock the lock") pastes nothing.
  if (reads.every((r) => r === null)) return null;
  const rest = reads.map((r) => r?.rest ?? '').join(' ');
  return several(reads, together, rest);
}

/** The one request several reads make (null entries: no command this reads), else a refusal. */
function several(reads: readonly (PastedRead | null)[], together: boolean, rest: string): PastedRead | null {
  if (reads.length === 1) return reads[0] ?? null;
  const refused = reads.find((r) => r !== null && 'refused' in r);
  if (refused !== undefined) return refused;
  const commands = reads.reduce((n, r) => n + (r !== null && 'commands' in r ? r.commands : 1), 0);
  const all = reads.filter((r): r is { command: Command; rest: string } => r !== null && 'command' in r);
  if (all.length < reads.length) return { commands, rest };
  const command = combine(
    all.map((r) => r.command),
    together,
  );
  return command === null ? { commands, rest } : { command, rest };
}

/**
 * Read a pasted command into the command the plain question gives.
 * @param text - the normalised message (spaces collapsed, mentions removed)
 * @param before - the text before `text` in the message (when a later command is read)
 * @returns the command, or null when the text holds no command this reads (then the rest of the
 *   parser reads it); `rest` is the text around the command (for `--lang`, `--cluster`, the node of
 *   a host command)
 */
export function matchPastedCommand(text: string, before = ''): PastedRead | null {
  const found = commandText(text);
  if (found === null) return null;
  const read = readCommand({ ...found, rest: `${before}${found.rest}` });
  if (read !== null || found.quoted) return read;
  // "run the kubectl drain and uncordon commands … kubectl drain atlas-cp-1 --ignore-daemonsets":
  // the tool named in prose is no command; the next one may be.
  const start = COMMAND_START.exec(text);
  const next = start === null ? -1 : start.index + start[0].length;
  if (next < 0 || !COMMAND_START.test(text.slice(next))) return null;
  // The text before the later command stays around it (the node it names: "on atlas-wk-2 … on it").
  return matchPastedCommand(text.slice(next), `${before}${text.slice(0, next)} `);
}

/** Read the command found by {@link commandText}, or null. */
function readCommand(found: { command: string; rest: string; quoted: boolean }): PastedRead | null {
  const { command: cmd, rest } = found;

  // The words as typed (flag values keep their case: Go reads `5S` and `True` as kubectl does) and lowercased.
  const typed = words(cmd);
  const w = typed.map((x) => x.toLowerCase());
  const tool = w[0] === 'oc' && w[1] === 'adm' ? 'oc' : w[0];
  const skip = tool === 'oc' && w[1] === 'adm' ? 2 : 1;
  const all = w.slice(skip);
  const onAt = all.findIndex((a, i) => (a === 'on' || a === 'at') && i > 0);
  const args = onAt < 0 ? all : all.slice(0, onAt);
  const typedArgs = typed.slice(skip, onAt < 0 ? undefined : skip + onAt);
  const { node: host, rest: around, named } = hostNode(cmd, rest);
  const pasted = found.quoted || /^(?:ssh|sudo|doas)\s/iu.test(cmd);
  const node1 = (list: readonly string[]): string | undefined =>
    list.find((a) => !a.startsWith('-') && isValidNodeName(a));
  // Every node a command names is kept: `kubectl cordon A B`, `kubectl delete node A B`, `… on A and
  // B` are one command per node, which the bot does not answer in part (a further name has a letter
  // and a digit or separator, as in drainArgs).
  const nodeCount = (list: readonly string[]): number =>
    new Set(
      list.filter((a) => !a.startsWith('-') && isValidNodeName(a) && /[a-z]/u.test(a) && /[\d.-]/u.test(a)),
    ).size;
  const hosts = onNodes(`${cmd} ${rest}`);
  if (hosts > 1 && tool !== 'kubectl' && tool !== 'oc') return { commands: hosts, rest: around };
  switch (tool) {
    case 'kubectl':
    case 'oc': {
      // kubectl's global flags, before the verb or after it, are not the command's (L2).
      const globals = kubectlGlobals(typedArgs);
      const kargs = globals.args.map((a) => a.toLowerCase());
      const verb = kargs[0];
      const unused = globals.unused.length === 0 ? {} : { unused: globals.unused };
      const context = globals.targets.length === 0 ? {} : { targets: globals.targets };
      const noFlags = { ...drainArgs([]).flags, ...unused };
      if (verb === 'drain') {
        const drained = drainArgs(globals.args.slice(1));
        const { nodes, selector } = drained;
        if (drained.refused !== undefined) return { refused: drained.refused, rest: around };
        const flags = { ...drained.flags, ...unused };
        if (selector !== undefined && nodes.length === 0)
          return {
            command: {
              kind: 'multi-node',
              action: 'drain',
              nodes: [],
              group: { type: 'selector', selector },
              mode: 'together',
              drain: true,
            },
            rest: around,
          };
        const node = nodes[0];
        if (node === undefined) return null;
        if (nodes.length > 1)
          return {
            command: { kind: 'multi-node', action: 'drain', nodes, mode: 'together', drain: true },
            rest: around,
          };
        return {
          command: { kind: 'drain-impact', node, drain: true, kubectl: { verb: 'drain', flags } },
          rest: around,
          ...context,
        };
      }
      if (verb === 'cordon' || verb === 'uncordon') {
        const node = node1(kargs.slice(1));
        if (nodeCount(kargs.slice(1)) > 1) return { commands: nodeCount(kargs.slice(1)), rest: around };
        return node === undefined
          ? null
          : {
              command: { kind: 'drain-impact', node, drain: true, kubectl: { verb, flags: noFlags } },
              rest: around,
              ...context,
            };
      }
      // A static pod's mirror (`kube-apiserver-atlas-cp-2`: the kubelet names it component-node,
      // https://kubernetes.io/docs/tasks/configure-pod-container/static-pod/): that component on that node.
      const mirror =
        verb === 'delete' && /^(?:pod|pods|po)$/u.test(kargs[1] ?? '') ? staticPodOf(kargs.slice(2)) : null;
      if (mirror !== null)
        return {
          command: { kind: 'what-if', change: { type: 'component-restart', ...mirror }, drain: false },
          rest: around,
          ...context,
        };
      // `kubectl delete node`: its own answer (src/analysis/what-if/delete-node.ts), not a failure.
      if (verb === 'delete' && /^(?:node|nodes|no)$/u.test(kargs[1] ?? '')) {
        const node = node1(kargs.slice(2));
        if (nodeCount(kargs.slice(2)) > 1) return { commands: nodeCount(kargs.slice(2)), rest: around };
        return node === undefined
          ? null
          : {
              command: {
                kind: 'drain-impact',
                node,
                drain: true,
                kubectl: { verb: 'delete-node', flags: noFlags },
              },
              rest: around,
              ...context,
            };
      }
      return null;
    }
    case 'service':
    case 'systemctl': {
      // SysV `service NAME VERB` (service(8)) is `systemctl VERB NAME`; a service started comes
      // back as after a restart.
      const [verb = '', unit = ''] = tool === 'service' ? [args[1], args[0]] : args;
      // "the service kubelet start failed" is prose: `service` only as pasted (ssh, sudo, backticks).
      if ((tool === 'service' && !pasted) || !/^(?:restart|stop|reload|kill|start)$/u.test(verb)) return null;
      const component = normalizeComponent(unit.replace(/\.service$/u, ''));
      if (component === null) return null;
      const on = host ?? named;
      const change =
        verb === 'stop' || verb === 'kill'
          ? { type: 'component-down' as const, component, ...(on === undefined ? {} : { node: on }) }
          : { type: 'component-restart' as const, component, ...(on === undefined ? {} : { node: on }) };
      return { command: { kind: 'what-if', change, drain: false }, rest: around };
    }
    case 'reboot':
    case 'shutdown':
      // A command, not the verb of a question: pasted (backticks, sudo, ssh) or only flags and a time
      // after it (`shutdown -r now`); "can I reboot kube-proxy on wk-1" is not this.
      // Among other words ("apply OS patches that require reboot on X", "it did not reboot, is there
      // a lock acquired on X?") the word is the prose's verb.
      if (
        host === undefined ||
        !(pasted || args.every((a) => /^(?:-[a-z-]+|now|\+\d+|\d{1,2}:\d{2})$/u.test(a))) ||
        (!pasted && /[a-z\uAC00-\uD7A3]/iu.test(around))
      )
        return null;
      // `shutdown` halts (`-h`, `-P`, the default); only `shutdown -r` and `reboot` come back up.
      return tool === 'shutdown' && !args.some((a) => /^-[a-z]*r|^--reboot$/u.test(a))
        ? {
            command: { kind: 'what-if', change: { type: 'node-down', node: host }, drain: false },
            rest: around,
          }
        : { command: { kind: 'reboot-impact', node: host, drain: false }, rest: around };
    case 'kubeadm': {
      if (args[0] !== 'upgrade') return null;
      const version = args.find((a) => /^v?\d+\.\d+(?:\.\d+)?$/u.test(a));
      const targetVersion = version === undefined ? {} : { targetVersion: version.replace(/^(?!v)/u, 'v') };
      // `kubeadm upgrade apply` on a named node upgrades that node first.
      if (args[1] === 'apply' && host !== undefined)
        return {
          command: { kind: 'upgrade-impact', node: host, drain: false, ...targetVersion },
          rest: around,
        };
      if (args[1] === 'apply' || args[1] === 'plan')
        return {
          command: { kind: 'upgrade-impact', node: '', drain: false, scope: 'cluster', ...targetVersion },
          rest: around,
        };
      if (args[1] === 'node' && host !== undefined)
        return {
          command: { kind: 'upgrade-impact', node: host, drain: false, ...targetVersion },
          rest: around,
        };
      return null;
    }
    case 'etcdctl': {
      // `etcdctl endpoint health|status`, `etcdctl member list`: the members' health, as the status reports it.
      if (
        (args[0] === 'endpoint' && /^(?:health|status)$/u.test(args[1] ?? '')) ||
        (args[0] === 'member' && args[1] === 'list')
      )
        return { command: { kind: 'ha-status' }, rest: around };
      if (!args.includes('member') || !args.includes('remove')) return null;
      const named = args.slice(args.indexOf('remove') + 1).filter((a) => !a.startsWith('-'));
      // Every member named (a hex ID or a node name has a digit; prose words have none).
      const ids = new Set(named.filter((a) => isValidNodeName(a) && /\d/u.test(a))).size;
      if (ids > 1) return { commands: ids, rest: around };
      // The member by its name when it is a node's (kubeadm names a member after its node), not a hex ID.
      const id = named[0];
      const member =
        id !== undefined && /^[a-z][a-z0-9]*[-.][a-z0-9.-]*$/u.test(id) && isValidNodeName(id) ? id : host;
      // etcdctl reads the ID as hexadecimal, 64 bits (strconv.ParseUint(ID, 16, 64)): `1234567890`
      // is 0x1234567890; a decimal ID too long for that, as `member list -w json` prints, is refused.
      const value = id !== undefined && /^[0-9a-f]+$/u.test(id) ? BigInt(`0x${id}`) : undefined;
      const hex =
        member === undefined && value !== undefined && value < 2n ** 64n ? value.toString(16) : undefined;
      if (member === undefined && hex === undefined) {
        const decimal = id !== undefined && /^\d+$/u.test(id) ? BigInt(id) : undefined;
        if (decimal !== undefined && decimal < 2n ** 64n)
          return { refused: { rule: 'member-id', hex: decimal.toString(16) }, rest: around };
        if (id !== undefined && /\d/u.test(id)) return { refused: { rule: 'member-id' }, rest: around };
        // No ID ("member ID is not provided"): refused when pasted; in prose the tool is only named.
        return found.quoted || pasted || named.length === 0
          ? { refused: { rule: 'member-id-missing' }, rest: around }
          : null;
      }
      return {
        command: {
          kind: 'what-if',
          change: {
            type: 'etcd-member-remove',
            ...(member === undefined ? {} : { node: member }),
            ...(hex === undefined ? {} : { member: hex }),
          },
          drain: false,
        },
        rest: around,
      };
    }
    case 'talosctl': {
      // `talosctl -n ENDPOINT etcd remove-member NAME`: the member named (Talos names members by
      // hostname, https://www.talos.dev/latest/reference/cli/#talosctl-etcd-remove-member); `-n`
      // is the node the tool talks to, not the one changed.
      const at = args.indexOf('remove-member');
      const member = at < 0 ? undefined : node1(args.slice(at + 1));
      if (!args.includes('etcd') || member === undefined) return null;
      return {
        command: {
          kind: 'what-if',
          change: { type: 'etcd-member-remove', node: member },
          drain: false,
        },
        rest: around,
      };
    }
    default:
      return null;
  }
}

/**
 * The component and node of a static pod's mirror name among `kubectl delete pod` arguments
 * (`kube-apiserver-atlas-cp-2` → kube-apiserver on atlas-cp-2), or null.
 * @param args - the words after `delete pod`
 */
function staticPodOf(args: readonly string[]): { component: string; node: string } | null {
  for (const a of args) {
    if (a.startsWith('-')) continue;
    for (let i = a.indexOf('-'); i > 0; i = a.indexOf('-', i + 1)) {
      const component = normalizeComponent(a.slice(0, i));
      const node = a.slice(i + 1);
      if (component !== null && isValidNodeName(node) && /[a-z]/u.test(node)) return { component, node };
    }
  }
  return null;
}
