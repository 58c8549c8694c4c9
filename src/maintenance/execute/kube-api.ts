/**
 * The small Kubernetes HTTP client of the maintenance executor: JSON requests (GET, POST, PUT,
 * PATCH, DELETE) to the cluster of a KubeConfig, with the KubeConfig's credentials and TLS
 * (`applyToHTTPSOptions`), the exact `Content-Type` a patch needs (client-node 1.x defaults patches
 * to JSON Patch: docs/dependencies.md), a per-request timeout, and a few retries of transient
 * failures (connection errors, 502/503/504).
 *
 * Answers are returned with their status, never thrown for 4xx/5xx: the steps decide what a 404,
 * 409 or 429 means. {@link MaintenanceStopError} carries the reason a step stops the execution;
 * {@link stopForStatus} maps a failed write (403 → `forbidden`, else `api-error`). Upstream
 * bodies go to logs only.
 */
import type { KubeConfig } from '@kubernetes/client-node';
import { kubeConnection } from '../../cluster/kube-connection.js';
import { BotError } from '../../errors.js';
import { upstreamBodySummary } from '../../util/redaction.js';
import type { Logger } from '../../util/logger.js';
import type { DrainBlocker, StopReason } from '../types.js';

/** Text of a `forbidden` stop: what RBAC the bot's ServiceAccount lacks. */
export function forbiddenDetail(leaseNamespace: string): string {
  return `the bot's ServiceAccount needs the maintenance role (patch nodes, create pods/eviction, leases in ${leaseNamespace})`;
}

/**
 * Why the executor stops a request (ends in `failed` with `reason`). A BotError so callers that
 * only know BotErrors still see a stable `code`: `cluster-unauthorized` for `forbidden`,
 * `cluster-unreachable` (retryable) for `api-error`, `bad-request` for the other reasons.
 */
export class MaintenanceStopError extends BotError {
  /** The {@link StopReason} written to the request's `stateReason`. */
  readonly reason: StopReason;
  /** Operator-facing detail (no upstream body). */
  readonly detail: string;
  /** Pods (and budgets) that blocked a drain. */
  readonly blockers: DrainBlocker[] | undefined;

  /**
   * @param reason - the stop reason
   * @param detail - what happened, for the chat and the audit
   * @param options - `blockers` of a drain, `cause` for logs
   */
  constructor(
    reason: StopReason,
    detail: string,
    options: { blockers?: DrainBlocker[]; cause?: unknown } = {},
  ) {
    super(
      reason === 'forbidden'
        ? 'cluster-unauthorized'
        : reason === 'api-error'
          ? 'cluster-unreachable'
          : 'bad-request',
      `${reason}: ${detail}`,
      { retryable: reason === 'api-error', cause: options.cause },
    );
    this.reason = reason;
    this.detail = detail;
    this.blockers = options.blockers;
  }
}

/** One answer: HTTP status and parsed JSON body (undefined when the body is not JSON). */
export interface KubeAnswer<T = unknown> {
  status: number;
  body: T | undefined;
}

/** Options of one request. */
export interface KubeRequestOptions {
  body?: unknown;
  /** @defaultValue `application/json` */
  contentType?: string;
  /** Abort the request (the promise rejects with the signal's reason). */
  signal?: AbortSignal;
}

/** A JSON client bound to one cluster. */
export interface KubeApi {
  /**
   * Send one request.
   * @param method - HTTP method
   * @param path - API path with query, e.g. `/api/v1/nodes/n1`
   * @param options - body, content type, signal
   * @returns status and JSON body
   * @throws MaintenanceStopError `api-error` when the cluster cannot be reached (after retries)
   */
  request<T = unknown>(method: string, path: string, options?: KubeRequestOptions): Promise<KubeAnswer<T>>;
  /** Close the keep-alive sockets. */
  close(): void;
}

/** Options of {@link createKubeApi}. */
export interface KubeApiOptions {
  /** Time limit of one HTTP request, in ms. @defaultValue 10 000 */
  requestTimeoutMs?: number;
  /** Tries of a request failing with a connection error or 502/503/504. @defaultValue 3 */
  attempts?: number;
  logger?: Logger;
}

const TRANSIENT_STATUS = new Set([502, 503, 504]);

/**
 * A JSON client for the current cluster of a KubeConfig.
 * @param kc - the KubeConfig, context selected
 * @param options - see {@link KubeApiOptions}
 * @returns the client
 * @throws MaintenanceStopError `api-error` when the KubeConfig has no current cluster or its
 *   credentials cannot be prepared
 */
export async function createKubeApi(kc: KubeConfig, options: KubeApiOptions = {}): Promise<KubeApi> {
  const conn = await kubeConnection(kc, 16, {
    noCluster: () =>
      new MaintenanceStopError('api-error', 'the kubeconfig has no current cluster (select a context)'),
    credentials: (err) =>
      new MaintenanceStopError('api-error', 'could not prepare credentials from the kubeconfig (see logs)', {
        cause: err,
      }),
  });
  const { headers, agent, transport } = conn;
  const timeoutMs = options.requestTimeoutMs ?? 10_000;
  const attempts = options.attempts ?? 3;

  const once = (
    method: string,
    path: string,
    o: KubeRequestOptions,
  ): Promise<{ status: number; text: string }> =>
    new Promise((resolve, reject) => {
      if (o.signal?.aborted) {
        reject(o.signal.reason);
        return;
      }
      const payload = o.body === undefined ? undefined : Buffer.from(JSON.stringify(o.body));
      const req = transport.request(
        {
          ...conn.target(path),
          method,
          headers: {
            ...headers,
            Accept: 'application/json',
            'User-Agent': 'k8s-ha-bot',
            ...(payload
              ? {
                  'Content-Type': o.contentType ?? 'application/json',
                  'Content-Length': String(payload.length),
                }
              : {}),
          },
          agent,
          timeout: timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            cleanup();
            resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') });
          });
          res.on('error', (err) => {
            cleanup();
            reject(err);
          });
        },
      );
      const onAbort = (): void => {
        req.destroy();
        reject(o.signal?.reason);
      };
      o.signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = (): void => o.signal?.removeEventListener('abort', onAbort);
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within ${timeoutMs} ms`)));
      req.on('error', (err) => {
        cleanup();
        reject(err);
      });
      req.end(payload);
    });

  return {
    async request<T>(method: string, path: string, o: KubeRequestOptions = {}): Promise<KubeAnswer<T>> {
      let lastError: unknown;
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const { status, text } = await once(method, path, o);
          if (TRANSIENT_STATUS.has(status) && attempt < attempts) {
            options.logger?.warn(
              { method, path, status, body: upstreamBodySummary(text) },
              'kubernetes API answered a transient error; retrying',
            );
            await sleep(250 * 2 ** (attempt - 1), o.signal);
            continue;
          }
          let body: T | undefined;
          try {
            body = text === '' ? undefined : (JSON.parse(text) as T);
          } catch (err) {
            if (!(err instanceof SyntaxError)) throw err;
            options.logger?.warn(
              { method, path, status, body: upstreamBodySummary(text) },
              'kubernetes API answer is not JSON',
            );
          }
          return { status, body };
        } catch (err) {
          if (o.signal?.aborted) throw o.signal.reason;
          lastError = err;
          options.logger?.warn({ err, method, path, attempt }, 'kubernetes API request failed');
          if (attempt < attempts) await sleep(250 * 2 ** (attempt - 1), o.signal);
        }
      }
      throw new MaintenanceStopError(
        'api-error',
        `the Kubernetes API could not be reached (${method} ${path.split('?')[0] ?? path})`,
        { cause: lastError },
      );
    },
    close() {
      conn.close();
    },
  };
}

/**
 * The stop for a failed request: 403 → `forbidden` (with {@link forbiddenDetail}), anything else
 * → `api-error` naming the call and status. The body goes to the log only.
 * @param answer - the answer
 * @param what - e.g. `PATCH node n1`
 * @param leaseNamespace - the bot's namespace, for the forbidden text
 * @param logger - where the upstream body is logged
 * @returns the error to throw
 */
export function stopForStatus(
  answer: KubeAnswer,
  what: string,
  leaseNamespace: string,
  logger?: Logger,
): MaintenanceStopError {
  logger?.warn(
    { status: answer.status, body: upstreamBodySummary(answer.body), what },
    'kubernetes API refused a maintenance call',
  );
  if (answer.status === 403) return new MaintenanceStopError('forbidden', forbiddenDetail(leaseNamespace));
  return new MaintenanceStopError('api-error', `${what} answered HTTP ${answer.status}`);
}

/**
 * Whether a failed call only found the Kubernetes API unreachable (`api-error`), so a waiting step
 * may log it and try again until its deadline; not when the run is being aborted.
 * @param err - what the call threw
 * @param signal - the run's abort signal
 */
export function isApiUnreachable(err: unknown, signal?: AbortSignal): boolean {
  return !signal?.aborted && err instanceof MaintenanceStopError && err.reason === 'api-error';
}

/**
 * Wait `ms`, or less when `signal` aborts (then rejects with its reason).
 * @param ms - milliseconds
 * @param signal - optional abort signal
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Path-segment encoding for names in API paths. */
export const seg = (s: string): string => encodeURIComponent(s);
