/**
 * Prometheus Alertmanager as a gate and a courtesy for maintenance plans, through its
 * v2 HTTP API (https://github.com/prometheus/alertmanager/blob/main/api/v2/openapi.yaml):
 * - gate: before each node, `GET /api/v2/alerts?active=true&silenced=false&inhibited=false` with
 *   the policy's matchers as `filter`; any alert left holds the plan (silenced and inhibited alerts
 *   do not);
 * - courtesy: while a node is in maintenance, `POST /api/v2/silences` with the policy's silence
 *   matchers (`{node}` replaced by the node's name, regex-quoted in regex matchers), the plan id and
 *   approvers in the comment, ending at the node's deadline; `DELETE /api/v2/silence/{id}` once the
 *   node is verified.
 *
 * No well-kept npm client for the v2 API exists (checked), so this is a thin typed wrapper over
 * `fetch`, with the answers checked by zod. Upstream bodies are logged bounded, never shown in chat.
 */
import { z } from 'zod';
import { BotError } from '../../errors.js';
import type { Logger } from '../../util/logger.js';
import { upstreamBodySummary } from '../../util/redaction.js';
import { type AlertmanagerSettings, actorKey } from '../types.js';
import type { MaintenancePlan, PlanNode } from './plan-types.js';
import type { PlanGate, PlanSilences } from './run-plan.js';

/** One label matcher as Alertmanager's API takes it. */
export interface AlertMatcher {
  name: string;
  value: string;
  isRegex: boolean;
  /** false for `!=` / `!~`. */
  isEqual: boolean;
}

/** The Alertmanager settings of a cluster (defined with the policy types). */
export type { AlertmanagerSettings } from '../types.js';

const MATCHER = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*(=~|!~|!=|=)\s*(?:"((?:[^"\\]|\\.)*)"|([^\s"]*))\s*$/;

/**
 * Parse a matcher written as in PromQL / amtool: `name=value`, `name!=value`, `name=~regex`,
 * `name!~regex`, the value optionally in double quotes. `{node}` in the value becomes `node`
 * (regex-escaped in a regex matcher).
 * @param text - the matcher
 * @param node - the node's name, for `{node}`
 * @returns the matcher
 * @throws BotError `bad-request` for text that is not a matcher
 */
export function parseMatcher(text: string, node = ''): AlertMatcher {
  const m = MATCHER.exec(text);
  if (!m)
    throw new BotError(
      'bad-request',
      `not an Alertmanager matcher: ${JSON.stringify(text.slice(0, 80))} (write name=value, name!=value, name=~regex or name!~regex)`,
    );
  const op = m[2] ?? '=';
  const isRegex = op === '=~' || op === '!~';
  const raw = m[3] !== undefined ? m[3].replace(/\\(.)/g, '$1') : (m[4] ?? '');
  const sub = isRegex ? node.replace(/[.*+?^${}()|[\]\\]/g, '\\$&') : node;
  return {
    name: m[1] ?? '',
    value: raw.split('{node}').join(sub),
    isRegex,
    isEqual: op === '=' || op === '=~',
  };
}

/** The text form of a matcher, as Alertmanager's `filter` parameter takes it. */
export function matcherText(m: AlertMatcher): string {
  const op = m.isRegex ? (m.isEqual ? '=~' : '!~') : m.isEqual ? '=' : '!=';
  return `${m.name}${op}${JSON.stringify(m.value)}`;
}

const AlertSchema = z.object({
  labels: z.record(z.string(), z.string()),
  status: z.object({ state: z.string() }).passthrough(),
  startsAt: z.string().optional(),
});
const AlertsSchema = z.array(AlertSchema);
const SilenceIdSchema = z.object({ silenceID: z.string() });
const SilenceSchema = z.object({
  id: z.string(),
  status: z.object({ state: z.string() }),
  comment: z.string(),
  createdBy: z.string(),
  endsAt: z.string(),
  matchers: z.array(
    z.object({ name: z.string(), value: z.string(), isRegex: z.boolean(), isEqual: z.boolean().optional() }),
  ),
});

/** A firing alert as the gate reports it. */
export type FiringAlert = z.infer<typeof AlertSchema>;
/** A silence as Alertmanager lists it. */
export type Silence = z.infer<typeof SilenceSchema>;

/** Default largest answer read from Alertmanager, in bytes (1 MiB: thousands of alerts). */
export const DEFAULT_ALERTMANAGER_MAX_ANSWER_BYTES = 1024 * 1024;

/** Options of {@link AlertmanagerClient}. */
export interface AlertmanagerClientOptions {
  /** Time limit of one request, its answer's body included, in ms. @defaultValue 5000 */
  timeoutMs?: number;
  /**
   * Largest answer body read, in bytes; a larger one is not read further (the request fails with
   * an `unusable` {@link AlertmanagerError}). @defaultValue {@link DEFAULT_ALERTMANAGER_MAX_ANSWER_BYTES}
   */
  maxAnswerBytes?: number;
  logger: Logger;
}

/**
 * Alertmanager could not be reached or refused a request, or (`unusable`) answered something the
 * bot cannot use (larger than the cap, not the documented shape); `message` is safe to show (no
 * upstream body).
 */
export class AlertmanagerError extends Error {
  override readonly name = 'AlertmanagerError';

  /**
   * @param message - safe to show
   * @param options - the cause; `unusable`: Alertmanager answered, but the answer cannot be used
   */
  constructor(message: string, options: { cause?: unknown; unusable?: boolean } = {}) {
    super(message, { cause: options.cause });
    this.unusable = options.unusable ?? false;
  }

  /** Alertmanager answered, but with a body too large or of an unexpected shape. */
  readonly unusable: boolean;
}

/**
 * The body of an answer as text, read up to `maxBytes` (a `Content-Length` over it is refused
 * before reading; a longer stream is cancelled at the cap).
 * @returns the text, or null when the body is larger than `maxBytes`
 */
async function boundedText(res: Response, maxBytes: number): Promise<string | null> {
  if (Number(res.headers.get('content-length') ?? 0) > maxBytes) {
    await res.body?.cancel();
    return null;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of res.body ?? []) {
    size += chunk.byteLength;
    if (size > maxBytes) return null; // leaving the loop cancels the stream
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** A thin client of Alertmanager's v2 API. Every method throws {@link AlertmanagerError}. */
export class AlertmanagerClient {
  private readonly base: string;
  private readonly timeoutMs: number;
  private readonly maxAnswerBytes: number;

  /**
   * @param url - base URL (no trailing `/api/v2`)
   * @param options - see {@link AlertmanagerClientOptions}
   */
  constructor(
    url: string,
    private readonly options: AlertmanagerClientOptions,
  ) {
    this.base = url.replace(/\/+$/, '');
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.maxAnswerBytes = options.maxAnswerBytes ?? DEFAULT_ALERTMANAGER_MAX_ANSWER_BYTES;
  }

  private async call<T>(
    method: string,
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
  ): Promise<T | undefined> {
    const route = path.split('?')[0] ?? '';
    const what = `${method} ${route}`;
    let res: Response;
    let text: string | null;
    try {
      // The time limit covers the body too: a dripping answer is cut at it.
      res = await fetch(`${this.base}/api/v2${path}`, {
        method,
        headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await boundedText(res, this.maxAnswerBytes);
    } catch (err) {
      throw new AlertmanagerError(`Alertmanager at ${this.base} cannot be reached`, { cause: err });
    }
    if (text === null) {
      this.options.logger.warn(
        { status: res.status, path: route, maxAnswerBytes: this.maxAnswerBytes },
        'Alertmanager answer over the size limit; not read further',
      );
      throw new AlertmanagerError(
        `Alertmanager's answer to ${what} is larger than ${this.maxAnswerBytes} bytes (alertmanager.maxAnswerBytes in the maintenance policy)`,
        { unusable: true },
      );
    }
    if (!res.ok) {
      this.options.logger.warn(
        { status: res.status, body: upstreamBodySummary(text), path: route },
        'Alertmanager refused a request',
      );
      throw new AlertmanagerError(`Alertmanager answered HTTP ${res.status} to ${what}`);
    }
    if (schema === null) return undefined;
    let json: unknown = null;
    try {
      json = text === '' ? null : JSON.parse(text);
    } catch {
      json = undefined;
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success)
      throw new AlertmanagerError(`Alertmanager's answer to ${what} has an unexpected shape`, {
        unusable: true,
      });
    return parsed.data;
  }

  /**
   * Alerts that fire and are neither silenced nor inhibited, matching every matcher.
   * @param matchers - filter (all must match)
   */
  async firing(matchers: readonly AlertMatcher[]): Promise<FiringAlert[]> {
    const q = new URLSearchParams({
      active: 'true',
      silenced: 'false',
      inhibited: 'false',
      unprocessed: 'false',
    });
    for (const m of matchers) q.append('filter', matcherText(m));
    return (await this.call('GET', `/alerts?${q.toString()}`, AlertsSchema)) ?? [];
  }

  /**
   * Create a silence.
   * @returns its id
   */
  async createSilence(s: {
    matchers: AlertMatcher[];
    startsAt: Date;
    endsAt: Date;
    createdBy: string;
    comment: string;
  }): Promise<string> {
    const out = await this.call('POST', '/silences', SilenceIdSchema, {
      ...s,
      startsAt: s.startsAt.toISOString(),
      endsAt: s.endsAt.toISOString(),
    });
    if (!out) throw new AlertmanagerError('Alertmanager gave no silence id');
    return out.silenceID;
  }

  /** Expire a silence (Alertmanager keeps it listed as `expired`). */
  async deleteSilence(id: string): Promise<void> {
    await this.call('DELETE', `/silence/${encodeURIComponent(id)}`, null);
  }

  /** Every silence Alertmanager knows (active, pending and expired). */
  async silences(): Promise<Silence[]> {
    return (await this.call('GET', '/silences', z.array(SilenceSchema))) ?? [];
  }
}

/** `text` cut to `max` characters, `…` at the end when cut. */
function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** An alert for the card: its name and four more labels, names and values clipped. */
function alertText(a: FiringAlert): string {
  const name = a.labels.alertname ?? 'alert';
  const rest = Object.entries(a.labels)
    .filter(([k]) => k !== 'alertname')
    .slice(0, 4)
    .map(([k, v]) => `${clip(k, 40)}="${clip(v, 60)}"`)
    .join(', ');
  return `${clip(name, 80)} {${rest}}`;
}

/**
 * The gate of a plan: closed while an alert matching `settings.gate` fires (not silenced, not
 * inhibited). Each gate entry is one alternative (any alert matching it holds the plan); `{node}`
 * is the next node. An unreachable Alertmanager closes the gate (`block`) or is logged (`warn`);
 * an answer that cannot be used (over the size cap, unexpected shape) leaves the alerts unknown
 * and always closes it (`alertmanager-unknown`).
 * @param client - the cluster's Alertmanager
 * @param settings - see {@link AlertmanagerSettings}
 * @param logger - for `warn`
 */
export function alertmanagerGate(
  client: AlertmanagerClient,
  settings: AlertmanagerSettings,
  logger: Logger,
): PlanGate {
  return async (_plan: MaintenancePlan, node: PlanNode) => {
    try {
      for (const g of settings.gate) {
        const firing = await client.firing(g.split(',').map((m) => parseMatcher(m, node.node)));
        if (firing.length > 0)
          return {
            kind: 'alert',
            detail:
              firing.slice(0, 3).map(alertText).join('; ') +
              (firing.length > 3 ? ` (+${firing.length - 3})` : ''),
          };
      }
      return null;
    } catch (err) {
      if (err instanceof AlertmanagerError && err.unusable)
        return { kind: 'alertmanager-unknown', detail: err.message };
      if (settings.unreachable === 'warn') {
        logger.warn({ err }, 'Alertmanager cannot be read; the policy says warn: the plan goes on');
        return null;
      }
      return {
        kind: 'alertmanager-unreachable',
        detail: err instanceof AlertmanagerError ? err.message : 'no answer',
      };
    }
  };
}

/**
 * The courtesy silences of a plan: one per node while it is in maintenance, with the plan id and
 * the approvers in the comment. Failures are logged (a silence is a courtesy, never a blocker).
 * @param client - the cluster's Alertmanager
 * @param settings - see {@link AlertmanagerSettings}
 * @param logger - for failures
 */
export function alertmanagerSilences(
  client: AlertmanagerClient,
  settings: AlertmanagerSettings,
  logger: Logger,
): PlanSilences {
  return {
    async create(plan, node, endsAt) {
      if (settings.silence.length === 0) return null;
      try {
        return await client.createSilence({
          matchers: settings.silence.map((m) => parseMatcher(m, node.node)),
          startsAt: new Date(),
          endsAt,
          createdBy: 'k8s-ha-bot',
          comment: `k8s-ha-bot maintenance plan ${plan.id}, node ${node.node}, request ${node.requestId ?? '-'}; approved by ${plan.approvals.map((a) => a.actor.displayName ?? actorKey(a.actor)).join(', ')}`,
        });
      } catch (err) {
        logger.warn({ err, node: node.node }, 'could not create the maintenance silence');
        return null;
      }
    },
    async remove(id) {
      try {
        await client.deleteSilence(id);
      } catch (err) {
        logger.warn(
          { err, silenceId: id },
          'could not delete the maintenance silence; it expires on its own',
        );
      }
    },
  };
}
