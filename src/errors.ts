/**
 * The project's error classes. Each carries a stable `code` to match on (never the message text)
 * and says whether a queue may retry the work (`retryable`). Messages are written for operators:
 * they say what to fix. Upstream error bodies go in `cause`, for logs only, never into a chat.
 */

/** Stable error codes. */
export type BotErrorCode =
  | 'config-invalid'
  | 'config-not-found'
  | 'cluster-unknown'
  | 'kube-context-unknown'
  | 'snapshot-invalid'
  | 'snapshot-not-found'
  | 'cluster-unreachable'
  | 'cluster-empty'
  | 'cluster-timeout'
  | 'cluster-unauthorized'
  | 'queue-unavailable'
  | 'job-timeout'
  | 'bad-request'
  | 'internal';

/** Base class: a `code`, a `retryable` flag and an optional `cause` for logs. */
export class BotError extends Error {
  /** Stable code to match on. */
  readonly code: BotErrorCode;
  /** Whether retrying the same work may succeed (false for bad input, 403, unknown names). */
  readonly retryable: boolean;

  /**
   * @param code - stable code
   * @param message - operator-facing text that says what to fix
   * @param options - `retryable` (default false) and `cause` (kept for logs)
   */
  constructor(code: BotErrorCode, message: string, options: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.retryable = options.retryable ?? false;
  }
}

/** Configuration is missing or invalid; `path` is the exact setting (`clusters.prod.context`). */
export class ConfigError extends BotError {
  /** The exact path of the offending setting, or '' for the whole file. */
  readonly path: string;
  /**
   * @param path - exact setting path, e.g. `clusters.prod.snapshot`
   * @param message - what is wrong and how to fix it
   * @param code - `config-invalid` (default), `config-not-found`, `cluster-unknown`, `kube-context-unknown`
   */
  constructor(path: string, message: string, code: BotErrorCode = 'config-invalid') {
    super(code, path ? `${path}: ${message}` : message);
    this.path = path;
  }
}

/** A snapshot file is missing or malformed; the message names the line or field. */
export class SnapshotFileError extends BotError {
  /**
   * @param message - names the file and the line/field that is wrong
   * @param code - `snapshot-invalid` (default) or `snapshot-not-found`
   * @param cause - the parser's error, for logs
   */
  constructor(
    message: string,
    code: 'snapshot-invalid' | 'snapshot-not-found' = 'snapshot-invalid',
    cause?: unknown,
  ) {
    super(code, message, { cause });
  }
}

/** What a failed cluster read saw before it gave up, for the answer (see {@link ClusterReadError.facts}). */
export interface ClusterReadFacts {
  /** How long the read ran before it gave up, in ms. */
  afterMs?: number;
  /**
   * The API server's `/readyz?verbose` answer when it came and reported a failure: its HTTP status
   * and its failing check lines as sent (`[-]etcd failed: reason withheld`), at most 20 lines of
   * at most 200 characters each. Absent when /readyz passed or did not answer.
   */
  readyz?: { status: number; failing: string[] };
  /** True when the kubeconfig's credential plugin (exec) had not finished at the read's deadline: no request was sent. */
  credentialPluginTimeout?: boolean;
  /** The API server's address as `host:port` (from the kubeconfig's `server` URL: no credentials, no path). */
  server?: string;
  /** Why the connection failed, by class ({@link ConnectionFailure}); absent when unknown. */
  connection?: ConnectionFailure;
}

/**
 * Why a connection to a server failed, by class: `refused` (ECONNREFUSED: nothing listens there),
 * `timed-out` (ETIMEDOUT, or no answer within the request time-out), `dns` (ENOTFOUND, EAI_AGAIN),
 * `tls` (the certificate was not trusted, expired or names another host; Node's TLS error codes),
 * `network` (no route, connection reset).
 */
export type ConnectionFailure = 'refused' | 'timed-out' | 'dns' | 'tls' | 'network';

/**
 * The cluster's API could not be read at all (nodes unreadable): no analysis is possible.
 * `code` is `cluster-unreachable`, `cluster-timeout` or `cluster-unauthorized`.
 */
export class ClusterReadError extends BotError {
  /** What the read saw: how long it ran, and the failing /readyz checks (the real cause, e.g. etcd down). */
  readonly facts: ClusterReadFacts;
  /**
   * @param code - what went wrong
   * @param message - operator-facing summary (no upstream body)
   * @param cause - the client's error, for logs
   * @param facts - what the read saw before it gave up @defaultValue `{}`
   */
  constructor(
    code: 'cluster-unreachable' | 'cluster-timeout' | 'cluster-unauthorized',
    message: string,
    cause?: unknown,
    facts: ClusterReadFacts = {},
  ) {
    super(code, message, { retryable: code !== 'cluster-unauthorized', cause });
    this.facts = facts;
  }
}

/**
 * Narrow an unknown thrown value to a BotError.
 * @param err - anything thrown
 * @returns true when `err` is a {@link BotError}
 */
export function isBotError(err: unknown): err is BotError {
  return err instanceof BotError;
}
