/**
 * Shell completion (issue 32, item 2): `k8s-ha-bot completion bash|zsh` prints a script, and the
 * script asks `k8s-ha-bot __complete WORD…` for the candidates of the last word, in Cobra's
 * `__complete` format (one candidate per line, then `:DIRECTIVE`), which is also what kubectl
 * (1.26+) expects from a plugin's `kubectl_complete-<plugin>` executable
 * (kubernetes/kubernetes#105867, staging/src/k8s.io/kubectl/pkg/cmd/plugin/plugin_completion.go), so
 * `kubectl ha-bot <TAB>` completes too (bin/kubectl_complete-ha_bot.js).
 *
 * Candidates: the subcommands for the first word; a command's options for a word starting with
 * `-`; the values of `--lang`, `--format`, `--cluster` and `--context`; otherwise the node names of
 * the cluster the words choose (the demo, `--cluster`, `--snapshot`, or a kubeconfig context, read
 * live with a 3 s bound) and the request words. Anything that fails gives no candidates, never an
 * error on the terminal.
 */
import type { Command, Option } from 'commander';

/** Cobra's ShellCompDirectiveNoFileComp: do not fall back to file names. */
const NO_FILES = 4;
/** Cobra's ShellCompDirectiveDefault: the shell may complete file names. */
const FILES = 0;

/** A candidate the shell may show: printable ASCII without spaces or quotes, at most 253 characters. */
const SAFE_WORD = /^[A-Za-z0-9@%+=:,./_-]{1,253}$/;

/** How long a live node list may take before completion gives up, in ms. */
export const COMPLETION_NODE_TIMEOUT_MS = 3000;

/** The largest node list completion reads, in bytes (500 nodes are far below it). */
const NODE_LIST_MAX_BYTES = 16 * 1024 * 1024;

/**
 * The node names of the KubeConfig's current cluster (`GET /api/v1/nodes?limit=500`), through the
 * connection the cluster read uses (a plain-http server such as `kubectl proxy` works as for `ask`).
 * Credential preparation and the request share one deadline; at it the request is aborted (its
 * socket destroyed), so nothing is left to keep the process up.
 * @param kc - the KubeConfig, context selected
 * @param timeoutMs - the deadline, in ms @defaultValue {@link COMPLETION_NODE_TIMEOUT_MS}
 * @returns the node names
 * @throws Error when the list cannot be read in time (no cluster, credentials, HTTP status other
 *   than 200, network error, body over 16 MiB, the deadline)
 */
export async function liveNodeNames(
  kc: import('@kubernetes/client-node').KubeConfig,
  timeoutMs = COMPLETION_NODE_TIMEOUT_MS,
): Promise<string[]> {
  const { kubeConnection } = await import('../../src/cluster/kube-connection.js');
  const signal = AbortSignal.timeout(timeoutMs);
  const failed = (): Error => new Error('cannot list nodes');
  const conn = await kubeConnection(
    kc,
    1,
    { noCluster: failed, credentials: failed },
    { signal, ms: timeoutMs },
  );
  try {
    const body = await new Promise<string>((resolve, reject) => {
      const req = conn.transport.request(
        {
          ...conn.target('/api/v1/nodes?limit=500'),
          method: 'GET',
          headers: { ...conn.headers, Accept: 'application/json' },
          agent: conn.agent,
          signal,
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume();
            reject(failed());
            return;
          }
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > NODE_LIST_MAX_BYTES) req.destroy(failed());
            else chunks.push(chunk);
          });
          res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end();
    });
    const list = JSON.parse(body) as { items?: { metadata?: { name?: unknown } }[] };
    return (list.items ?? []).flatMap((n) => (typeof n.metadata?.name === 'string' ? [n.metadata.name] : []));
  } finally {
    conn.close();
  }
}

/** The first words of requests, offered beside node names. */
const REQUEST_WORDS = ['can', 'reboot', 'drain', 'upgrade', 'status', 'health', 'what', 'if', 'help'];

/** Where the node names come from, given the words typed. */
export interface CompletionSources {
  /** The configured cluster names (the built-in demo without a configuration file). */
  clusters(): Promise<string[]>;
  /** The kubeconfig's context names. */
  contexts(kubeconfig: string | undefined): Promise<string[]>;
  /**
   * The node names of a cluster: `snapshot` a file, `context` a kubeconfig context (null: the current
   * one), `cluster` a configured cluster (null: the default).
   */
  nodes(from: {
    snapshot?: string;
    context?: string | null;
    kubeconfig?: string;
    cluster?: string | null;
  }): Promise<string[]>;
}

/**
 * The candidates for the last of `words` (the words after the program name; the last may be
 * empty), in Cobra's `__complete` format.
 * @param words - the words typed, the last being the one completed
 * @param program - the CLI's commander program (its subcommands and their options)
 * @param sources - where cluster, context and node names come from
 * @returns lines: candidates starting with the last word, then `:4` (no file names) or `:0`
 */
export async function completionLines(
  words: readonly string[],
  program: Command,
  sources: CompletionSources,
): Promise<string> {
  const current = words[words.length - 1] ?? '';
  const before = words.slice(0, -1);
  const commands = program.commands.filter((c) => !c.name().startsWith('__'));
  const named = commands.find((c) => before.includes(c.name()));
  const command = named ?? commands.find((c) => c.name() === 'ask');
  // Names come from the cluster and the kubeconfig: only printable words without spaces reach the
  // shell (an escape sequence or a newline in a hostile node name would run in the terminal, or
  // split into candidates).
  const out = (candidates: readonly string[], directive = NO_FILES): string =>
    [...new Set(candidates.filter((c) => SAFE_WORD.test(c) && c.startsWith(current)))]
      .map((c) => `${c}\n`)
      .join('') + `:${directive}\n`;
  const previous = before[before.length - 1];
  const value = (flag: string): string | undefined => {
    const i = before.lastIndexOf(flag);
    return i >= 0 ? before[i + 1] : undefined;
  };
  try {
    switch (previous) {
      case '--lang':
        return out(['en', 'ko']);
      case '--format':
        return out(['text', 'json']);
      case '--cluster':
        return out(await sources.clusters());
      case '--context':
        return out(await sources.contexts(value('--kubeconfig')));
      case '--snapshot':
      case '--kubeconfig':
      case '--config':
        return out([], FILES);
      default:
    }
    if (current.startsWith('-'))
      return out(
        [...(command?.options ?? []), ...program.options].flatMap((o) =>
          o.hidden || !o.long ? [] : [o.long],
        ),
      );
    if (named === undefined && positionals(before, [...(command?.options ?? []), ...program.options]) === 0) {
      // The first word: a subcommand, or the start of a request (`k8s-ha-bot "can I reboot …"`).
      const nodes = await nodesFor(before, sources, value);
      return out([...commands.map((c) => c.name()), ...REQUEST_WORDS, ...nodes]);
    }
    if (named?.name() === 'completion') return out(['bash', 'zsh']);
    if (named?.name() === 'simulate') return out([], FILES);
    if (named !== undefined && named.name() !== 'ask') return out([]);
    return out([...(await nodesFor(before, sources, value)), ...REQUEST_WORDS]);
  } catch {
    return out([]);
  }
}

/** How many of `words` are operands: neither options nor the values of options that take one. */
function positionals(words: readonly string[], options: readonly Option[]): number {
  let n = 0;
  for (let i = 0; i < words.length; i += 1) {
    const w = words[i] ?? '';
    if (!w.startsWith('-')) n += 1;
    else if (!w.includes('=') && options.some((o) => o.long === w && (o.required || o.optional))) i += 1;
  }
  return n;
}

/** The node names the words choose; none when they cannot be read (the request words are still offered). */
async function nodesFor(
  before: readonly string[],
  sources: CompletionSources,
  value: (flag: string) => string | undefined,
): Promise<string[]> {
  try {
    return await readNodesFor(before, sources, value);
  } catch {
    return [];
  }
}

async function readNodesFor(
  before: readonly string[],
  sources: CompletionSources,
  value: (flag: string) => string | undefined,
): Promise<string[]> {
  const snapshot = value('--snapshot');
  if (snapshot !== undefined) return sources.nodes({ snapshot });
  const kubeconfig = value('--kubeconfig');
  const context = value('--context');
  if (context !== undefined || kubeconfig !== undefined || before.includes('--current-context'))
    return sources.nodes({ context: context ?? null, ...(kubeconfig !== undefined ? { kubeconfig } : {}) });
  return sources.nodes({ cluster: value('--cluster') ?? null });
}

/**
 * The completion script for a shell: it calls `<program> __complete` with the words typed and
 * offers the candidates (node names carry no spaces; file names where the directive allows them).
 * @param shell - `bash` (`complete -F`) or `zsh` (`compdef`, loading compinit when it is not loaded)
 * @param program - the command name completed, e.g. `k8s-ha-bot`
 * @returns the script, to be sourced (`source <(k8s-ha-bot completion bash)`)
 */
export function completionScript(shell: 'bash' | 'zsh', program = 'k8s-ha-bot'): string {
  const fn = `_${program.replace(/[^A-Za-z0-9]/g, '_')}`;
  const bash = [
    `${fn}() {`,
    '  local out directive',
    `  out=$(${program} __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null) || return`,
    '  directive=${out##*:}',
    "  out=$(printf '%s\\n' \"$out\" | sed '$d')",
    "  local IFS=$'\\n'",
    '  COMPREPLY=($out)',
    '  if [ "${#COMPREPLY[@]}" -eq 0 ] && [ "$directive" = 0 ]; then',
    '    COMPREPLY=($(compgen -f -- "${COMP_WORDS[COMP_CWORD]}"))',
    '  fi',
    '}',
    `complete -F ${fn} ${program}`,
  ];
  const zsh = [
    `${fn}() {`,
    '  local -a lines',
    `  lines=("\${(@f)$(${program} __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")`,
    '  local directive=${lines[-1]#:}',
    '  lines=("${(@)lines[1,-2]}")',
    '  if (( ${#lines} )); then',
    '    compadd -- "${lines[@]}"',
    '  elif [[ $directive == 0 ]]; then',
    '    _files',
    '  fi',
    '}',
    '(( $+functions[compdef] )) || { autoload -Uz compinit && compinit }',
    `compdef ${fn} ${program}`,
  ];
  const lines = shell === 'zsh' ? zsh : bash;
  return `# ${shell} completion for ${program}: source <(${program} completion ${shell})\n${lines.join('\n')}\n`;
}
