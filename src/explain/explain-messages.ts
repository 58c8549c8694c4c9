/**
 * Replies that carry no analysis: help, text that could not be parsed, and requests that could
 * not be answered (unknown cluster, unreachable API server, timeouts). Never an upstream error
 * body: only our own codes and names.
 */
import { HELP_EXAMPLES } from '../commands/help-examples.js';
import { SCHEDULE_HELP_EXAMPLES } from '../commands/parse-schedule-command.js';
import type { Locale, ParseError } from '../commands/types.js';
import type { BotErrorCode, ClusterReadFacts } from '../errors.js';
import { translator } from './i18n.js';
import type { Reply } from './reply.js';

/** Where a reply without analysis goes. */
export interface MessageContext {
  locale: Locale;
  requestId: string;
  cluster: string | null;
}

function helpLine(e: { form: string; example: string }): string {
  return e.form === e.example ? e.form : `${e.form}  —  ${e.example}`;
}

/** The asker's cluster, for help examples in its own names. */
export interface HelpCluster {
  /** The cluster's name: replaces `prod` in the examples. */
  name: string;
  /** Its control-plane node names, in the cluster's order. */
  controlPlane: readonly string[];
  /** Its other node names, in the cluster's order. */
  workers: readonly string[];
}

/**
 * An example in the asker's own names: the demo cluster's `atlas-cp-N` become the cluster's N-th
 * control-plane node, `atlas-wk-N` its N-th worker (fewer nodes: the last one; no control-plane
 * nodes, e.g. a managed cluster: the workers, and the other way round), `prod` its name.
 * @param example - a help example written with the demo cluster's names
 * @param cluster - the asker's cluster
 * @returns the example with the cluster's names
 */
export function localizeExample(example: string, cluster: HelpCluster): string {
  // Two demo names of one example stay two nodes (`what if I lose atlas-cp-1 and atlas-cp-2` on a
  // single control plane: its control-plane node, then a worker), never the same node twice.
  const chosen = new Map<string, string>();
  const pick = (
    demo: string,
    list: readonly string[],
    other: readonly string[],
    n: number,
  ): string | undefined => {
    const known = chosen.get(demo);
    if (known !== undefined) return known;
    const from = list.length > 0 ? list : other;
    const taken = new Set(chosen.values());
    let name = from[Math.min(n, from.length) - 1];
    if (name !== undefined && taken.has(name))
      name = [...from, ...(from === list ? other : list)].find((x) => !taken.has(x));
    if (name !== undefined) chosen.set(demo, name);
    return name;
  };
  return example
    .replace(
      /\batlas-(cp|wk)-(\d+)\b/gu,
      (whole, role: string, n: string) =>
        (role === 'cp'
          ? pick(whole, cluster.controlPlane, cluster.workers, Number(n))
          : pick(whole, cluster.workers, cluster.controlPlane, Number(n))) ?? whole,
    )
    .replace(/\bprod\b/gu, cluster.name);
}

/**
 * A reply without analysis: a title and a summary only (no verdict, planes, sections, actions or
 * findings), addressed by `ctx`. Callers add what they have (sections, `context.maintenanceId`).
 * @param ctx - locale, request id, cluster
 * @param kind - the reply kind (`error`, `help`, `maintenance`, …)
 * @param title - the title line
 * @param summary - the one-paragraph answer
 */
export function plainReply(ctx: MessageContext, kind: Reply['kind'], title: string, summary: string): Reply {
  return {
    kind,
    locale: ctx.locale,
    title,
    verdict: null,
    summary,
    planes: [],
    sections: [],
    advice: [],
    actions: [],
    context: { cluster: ctx.cluster, snapshotAt: null, requestId: ctx.requestId },
    findings: [],
  };
}

/**
 * The help answer: every request form with an example, in the reader's language.
 * @param ctx - locale, request id, cluster
 * @param clusters - configured cluster names and the default, for the last line
 * @param cluster - the asker's cluster, when it was read: the examples use its node names
 *   ({@link localizeExample}); without it, the demo cluster's names (examples/ha-3cp.json)
 */
export function explainHelp(
  ctx: MessageContext,
  clusters: { names: readonly string[]; defaultCluster: string },
  cluster?: HelpCluster,
): Reply {
  const tr = translator(ctx.locale);
  const reply = plainReply(ctx, 'help', tr.t('title.help'), tr.t('help.intro'));
  const examples =
    cluster === undefined
      ? HELP_EXAMPLES[ctx.locale]
      : HELP_EXAMPLES[ctx.locale].map((e) => ({
          form: e.form,
          example: localizeExample(e.example, cluster),
        }));
  reply.sections = [
    { heading: tr.t('help.forms'), lines: examples.map(helpLine) },
    // Schedule commands: the same on Slack and Teams; the example names a configured cluster.
    {
      heading: tr.t('help.schedules'),
      lines: SCHEDULE_HELP_EXAMPLES[ctx.locale].map((e) =>
        helpLine({
          form: e.form,
          example: clusters.defaultCluster
            ? e.example.replace(/\bprod\b/, clusters.defaultCluster)
            : e.example,
        }),
      ),
    },
    {
      heading: '',
      lines: [tr.t('help.clusters', { clusters: [...clusters.names], default: clusters.defaultCluster })],
    },
  ];
  return reply;
}

/**
 * Characters that are never part of a node name and are named when a "node name" holds them (shell
 * and markup: `reboot atlas-wk-1 && rm x`, `reboot $(whoami)`). A fixed set: nothing else of the
 * text is echoed.
 */
const NOT_NODE_NAME_CHARACTERS = ';|&$`<>{}()[]\\*!#~\'"=_/:@%^+';

/** "All workers except X": an exclusion, which the bot does not support. */
const EXCLUSION = /\b(?:except|excluding|but\s+not|other\s+than|besides)\b|제외|빼고|말고/iu;

/** The sentence for a parse error: for a bad node name, the characters or the exclusion it holds. */
function parseErrorText(tr: ReturnType<typeof translator>, error: ParseError): string {
  if (error.code === 'invalid-node-name' && error.token !== undefined) {
    const token = error.token;
    const chars = [...NOT_NODE_NAME_CHARACTERS].filter((c) => token.includes(c));
    if (chars.length > 0) return tr.t('error.node-name-characters', { chars: chars.join(' ') });
    if (EXCLUSION.test(token)) return tr.t('error.node-exclusion');
  }
  if (error.code === 'several-commands')
    return tr.t('error.several-commands', { count: Number(error.token) });
  // The rule is one of a fixed set (never the pasted value); a decimal ID's hex form is digits and a-f.
  if (error.code === 'tool-refuses') {
    const rule = error.hex === undefined ? error.token : `${error.token ?? ''}-hex`;
    return tr.t(`error.tool-refuses.${rule ?? ''}`, { hex: error.hex ?? '' });
  }
  return tr.t(`error.${error.code}`);
}

/**
 * An example with its cluster: `prod` (the examples' placeholder cluster) becomes the given
 * configured cluster; without one, the cluster phrase is left out (`can I reboot atlas-cp-2`), so
 * an example pasted back never names a cluster the configuration lacks.
 */
function withCluster(example: string, cluster: string | null | undefined): string {
  if (cluster) return example.replace(/\bprod\b/gu, cluster);
  return example
    .replace(/\s+(?:in|for)\s+prod\b|\s+--cluster\s+prod\b/gu, '')
    .replace(/(?:^|\s)prod\s*클러스터(?:에서|의)?\s*/gu, '')
    .trim();
}

/**
 * The answer to text that could not be parsed: what was wrong, and the request forms.
 * The offending token is never echoed (it may hold markup or escapes).
 * @param ctx - locale, request id, cluster (when known, the examples name it)
 * @param error - the parse error
 * @param defaultCluster - the configured default cluster, named by the examples when `ctx.cluster` is null
 */
export function explainParseError(ctx: MessageContext, error: ParseError, defaultCluster?: string): Reply {
  const tr = translator(ctx.locale);
  const reply = plainReply(
    ctx,
    'error',
    tr.t('title.error'),
    `${parseErrorText(tr, error)} ${tr.t('error.hint')}`,
  );
  const cluster = ctx.cluster ?? defaultCluster;
  // Clarify instead of refusing (issue 30, item 2): the likeliest readings, numbered, as buttons.
  if (error.code === 'ambiguous' && error.suggestions !== undefined && error.suggestions.length > 0) {
    const suggestions = error.suggestions;
    // A clarification is a question, not a failure: its title asks which reading was meant.
    reply.title = tr.t('title.clarify');
    reply.summary = tr.t('error.ambiguous');
    reply.sections = [
      { heading: tr.t('help.choose'), lines: suggestions.map((x, i) => `${i + 1}. ${x.text}`) },
    ];
    reply.actions = suggestions.map((x) => ({
      id: 'ask' as const,
      label: x.text,
      value: JSON.stringify(cluster ? { text: x.text, cluster } : { text: x.text }),
    }));
    reply.suggestions = suggestions;
    return reply;
  }
  reply.sections = [
    {
      heading: tr.t('help.forms'),
      lines: HELP_EXAMPLES[ctx.locale]
        .slice(0, 4)
        .map((e) => helpLine({ form: e.form, example: withCluster(e.example, cluster) })),
    },
  ];
  return reply;
}

/**
 * The answer to a request that could not be completed.
 * @param ctx - locale, request id, cluster
 * @param code - the error code
 * @param params - names for the text: `cluster`, `clusters`, `suggestions`, `reason`, `seconds`
 */
export function explainFailure(
  ctx: MessageContext,
  code: BotErrorCode,
  params: {
    clusters?: readonly string[];
    suggestions?: readonly string[];
    reason?: string;
    seconds?: number;
  } = {},
): Reply {
  const tr = translator(ctx.locale);
  const key =
    code === 'cluster-unknown'
      ? (params.suggestions?.length ?? 0) > 0
        ? 'error.cluster-unknown-suggest'
        : 'error.cluster-unknown'
      : code === 'cluster-empty' ||
          code === 'cluster-unreachable' ||
          code === 'cluster-timeout' ||
          code === 'cluster-unauthorized' ||
          code === 'job-timeout' ||
          code === 'queue-unavailable'
        ? `error.${code}`
        : 'error.internal';
  return plainReply(
    ctx,
    'error',
    tr.t('title.error'),
    tr.t(key, { cluster: ctx.cluster ?? '', requestId: ctx.requestId, ...params }),
  );
}

/**
 * The answer to a cluster whose nodes could not be read, with the real cause when the API server
 * said it: when its `/readyz` reported failing checks (etcd down: `[-]etcd failed`), the answer
 * names them (and etcd, when it is among them) instead of a bare time-out; the seconds are how long
 * the read really waited, not the read deadline. A credential plugin that had not finished at the
 * deadline is named as the cause (no request reached the API server). An API server that could not
 * be reached is named by its address (`host:port`) with the class of the failure.
 * @param ctx - locale, request id, cluster
 * @param code - the ClusterReadError's code (`cluster-unreachable`, `cluster-timeout`, `cluster-unauthorized`)
 * @param facts - the ClusterReadError's facts (`afterMs`, failing `/readyz` lines)
 * @param deadlineSeconds - the cluster's read deadline, in s: the seconds shown when `afterMs` is unknown
 * @returns a Reply of kind `error`; with failing /readyz checks, one section listing them
 */
export function explainClusterReadFailure(
  ctx: MessageContext,
  code: BotErrorCode,
  facts: ClusterReadFacts,
  deadlineSeconds: number,
): Reply {
  const seconds =
    facts.afterMs !== undefined ? Math.max(1, Math.round(facts.afterMs / 1000)) : deadlineSeconds;
  if (facts.credentialPluginTimeout === true && code === 'cluster-timeout') {
    const tr = translator(ctx.locale);
    const summary = tr.t('error.credential-plugin-timeout', {
      cluster: ctx.cluster ?? '',
      seconds: deadlineSeconds,
    });
    return plainReply(ctx, 'error', tr.t('title.error'), summary);
  }
  const readyz = facts.readyz;
  if (code === 'cluster-unreachable' && readyz === undefined && facts.server !== undefined) {
    // Where it was asked and why it failed, by class (refused, timed out, DNS, TLS).
    const tr = translator(ctx.locale);
    const summary = tr.t('error.cluster-unreachable-at', {
      cluster: ctx.cluster ?? '',
      server: facts.server,
      why: tr.t(`error.connection.${facts.connection ?? 'unknown'}`),
    });
    return plainReply(ctx, 'error', tr.t('title.error'), summary);
  }
  if (readyz === undefined || code === 'cluster-unauthorized') return explainFailure(ctx, code, { seconds });
  const tr = translator(ctx.locale);
  const etcd = readyz.failing.some((line) => /^\[-\]etcd\b/.test(line));
  const failure = tr.t(code === 'cluster-timeout' ? 'error.nodes-read-timeout' : 'error.nodes-read-failed', {
    seconds,
  });
  const summary = tr.t(etcd ? 'error.cluster-not-ready-etcd' : 'error.cluster-not-ready', {
    cluster: ctx.cluster ?? '',
    status: readyz.status,
    failure,
  });
  const lines = readyz.failing.length > 0 ? readyz.failing : [tr.t('error.readyz-no-lines')];
  return {
    ...plainReply(ctx, 'error', tr.t('title.error'), summary),
    sections: [{ heading: tr.t('error.readyz-heading', { status: readyz.status }), lines }],
  };
}
