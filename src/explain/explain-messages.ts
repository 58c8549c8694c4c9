/**
 * Replies that carry no analysis: help, text that could not be parsed, and requests that could
 * not be answered (unknown cluster, unreachable API server, timeouts). Never an upstream error
 * body: only our own codes and names.
 */
import { HELP_EXAMPLES } from '../commands/parse-command.js';
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
 */
export function explainHelp(ctx: MessageContext, clusters: { names: readonly string[]; defaultCluster: string }): Reply {
  const tr = translator(ctx.locale);
  const reply = plainReply(ctx, 'help', tr.t('title.help'), tr.t('help.intro'));
  reply.sections = [
    { heading: tr.t('help.forms'), lines: HELP_EXAMPLES[ctx.locale].map(helpLine) },
    { heading: '', lines: [tr.t('help.clusters', { clusters: [...clusters.names], default: clusters.defaultCluster })] },
  ];
  return reply;
}

/**
 * The answer to text that could not be parsed: what was wrong, and the request forms.
 * The offending token is never echoed (it may hold markup or escapes).
 * @param ctx - locale, request id
 * @param error - the parse error
 */
export function explainParseError(ctx: MessageContext, error: ParseError): Reply {
  const tr = translator(ctx.locale);
  const reply = plainReply(ctx, 'error', tr.t('title.error'), `${tr.t(`error.${error.code}`)} ${tr.t('error.hint')}`);
  reply.sections = [{ heading: tr.t('help.forms'), lines: HELP_EXAMPLES[ctx.locale].slice(0, 4).map(helpLine) }];
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
  params: { clusters?: readonly string[]; suggestions?: readonly string[]; reason?: string; seconds?: number } = {},
): Reply {
  const tr = translator(ctx.locale);
  const key =
    code === 'cluster-unknown'
      ? (params.suggestions?.length ?? 0) > 0
        ? 'error.cluster-unknown-suggest'
        : 'error.cluster-unknown'
      : code === 'cluster-empty' || code === 'cluster-unreachable' || code === 'cluster-timeout' || code === 'cluster-unauthorized' || code === 'job-timeout' || code === 'queue-unavailable'
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
 * the read really waited, not the read deadline.
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
  const seconds = facts.afterMs !== undefined ? Math.max(1, Math.round(facts.afterMs / 1000)) : deadlineSeconds;
  const readyz = facts.readyz;
  if (readyz === undefined || code === 'cluster-unauthorized') return explainFailure(ctx, code, { seconds });
  const tr = translator(ctx.locale);
  const etcd = readyz.failing.some((line) => /^\[-\]etcd\b/.test(line));
  const failure = tr.t(code === 'cluster-timeout' ? 'error.nodes-read-timeout' : 'error.nodes-read-failed', { seconds });
  const summary = tr.t(etcd ? 'error.cluster-not-ready-etcd' : 'error.cluster-not-ready', { cluster: ctx.cluster ?? '', status: readyz.status, failure });
  const lines = readyz.failing.length > 0 ? readyz.failing : [tr.t('error.readyz-no-lines')];
  return { ...plainReply(ctx, 'error', tr.t('title.error'), summary), sections: [{ heading: tr.t('error.readyz-heading', { status: readyz.status }), lines }] };
}
