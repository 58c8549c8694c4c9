/**
 * Secrets out of the logs: the pino `redact` paths of settings that hold secrets, and a masker for
 * secrets that end up inside strings (error messages, stacks, URLs, upstream error bodies):
 * - by value: every credential the process holds, registered where it is read
 *   ({@link registerSecretValues}: the environment, the kubeconfig users, the Redis URL), so an
 *   API that echoes a bare token or password in its error body is masked too;
 * - by pattern: Slack tokens (`xoxb-…`, `xoxp-…`, `xapp-…`), `Bearer …` / `Basic …` credentials,
 *   passwords in URLs, PEM private keys.
 *
 * Upstream error bodies are logged through {@link upstreamBodySummary}: short, on one line, masked.
 *
 * Slack token prefixes: https://api.slack.com/concepts/token-types
 */

/** What replaces a secret. */
export const REDACTED = '[redacted]';

/**
 * pino `redact` paths: the settings and headers that hold secrets, at the top level and at the
 * nested places they are known to appear. No `*` wildcards: each costs about 1.2 µs per log line
 * (measured: 20 wildcard-free and wildcard paths 12.5 µs, these 1.4 µs); the same field names are
 * redacted at any depth by {@link maskDeep} ({@link isSecretKey}), which the logger runs on every record.
 */
export const SECRET_PATHS: readonly string[] = [
  'token',
  'botToken',
  'appToken',
  'signingSecret',
  'appPassword',
  'password',
  'secret',
  'clientSecret',
  'authorization',
  'Authorization',
  'clientKey',
  '["client-key"]',
  '["client-key-data"]',
  'keyData',
  'SLACK_BOT_TOKEN',
  'SLACK_SIGNING_SECRET',
  'SLACK_APP_TOKEN',
  'MICROSOFT_APP_PASSWORD',
  'headers.authorization',
  'headers.Authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-slack-signature"]',
  'env.SLACK_BOT_TOKEN',
  'env.SLACK_SIGNING_SECRET',
  'env.SLACK_APP_TOKEN',
  'env.MICROSOFT_APP_PASSWORD',
];

/** Secrets recognisable inside any string. Each keeps a harmless prefix so the log still says what it was. */
const STRING_PATTERNS: readonly [RegExp, string][] = [
  // Slack tokens: bot, user, app-level, workspace, refresh, config.
  [/\bxox[abposre]-[A-Za-z0-9-]+/g, `xox…${REDACTED}`],
  [/\bxapp-[A-Za-z0-9-]+/g, `xapp-${REDACTED}`],
  // Authorization header values.
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // user:password@ in URLs (redis://:secret@host).
  [/(\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:)[^\s@/]+@/gi, `$1${REDACTED}@`],
  // PEM private keys.
  [
    /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g,
    `-----PRIVATE KEY ${REDACTED}-----`,
  ],
  // key=value / "key": "value" pairs of secret-named settings inside text.
  [
    /\b(password|passwd|secret|signing_?secret|app_?password|client_?secret|token)(["']?\s*[:=]\s*["']?)[^\s"',;&}]+/gi,
    `$1$2${REDACTED}`,
  ],
];

/**
 * Shortest secret value {@link registerSecretValues} keeps, in characters: a shorter one (`admin`,
 * `test`) would mask ordinary words all over the logs, and is no real credential anyway.
 */
export const MIN_SECRET_VALUE_LENGTH = 6;

/** Secret values the process holds (see {@link registerSecretValues}). */
const knownValues = new Set<string>();
/** One alternation of {@link knownValues}, longest first; rebuilt lazily after a change. */
let knownPattern: RegExp | null | undefined;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function addKnown(value: string): void {
  if (value.length < MIN_SECRET_VALUE_LENGTH || knownValues.has(value)) return;
  knownValues.add(value);
  knownPattern = undefined;
}

/**
 * Remember secret values, so that {@link maskSecrets} (hence every log line) replaces them wherever
 * they appear, whatever field or text carries them. Each value is kept as it is and in the forms a
 * body or URL could echo it in (JSON-escaped, percent-encoded); a PEM private key also by its
 * base64 body (on one line) and by each of its lines. Values shorter than
 * {@link MIN_SECRET_VALUE_LENGTH} characters, blank or absent, are ignored. Process-wide; never
 * throws.
 * @param values - tokens, passwords, keys (strings; undefined/null skipped)
 */
export function registerSecretValues(values: Iterable<string | undefined | null>): void {
  for (const raw of values) {
    if (typeof raw !== 'string') continue;
    const value = raw.trim();
    if (value.length < MIN_SECRET_VALUE_LENGTH) continue;
    addKnown(value);
    addKnown(JSON.stringify(value).slice(1, -1));
    addKnown(JSON.stringify(JSON.stringify(value).slice(1, -1)).slice(1, -1));
    try {
      addKnown(encodeURIComponent(value));
    } catch {
      // A lone surrogate cannot be percent-encoded; the raw value is kept above.
    }
    const pem = /-----BEGIN [A-Z ]*PRIVATE KEY-----([\s\S]*?)-----END [A-Z ]*PRIVATE KEY-----/.exec(value);
    if (pem?.[1]) {
      const lines = pem[1]
        .split(/\r?\n/)
        .map((l) => l.trim())
        .filter((l) => l.length >= 16 && !l.includes(':'));
      addKnown(lines.join(''));
      for (const line of lines) addKnown(line);
    }
  }
}

/**
 * Secret values of an environment: every variable whose name says it holds a secret (a name
 * {@link isSecretKey} knows, or ending in `TOKEN`, `SECRET`, `PASSWORD`, `PASSWD`, `PASS`,
 * `CREDENTIALS`, `PRIVATE_KEY`, `API_KEY`), and the password of every URL-valued variable
 * (`REDIS_URL=redis://:pw@host`), are registered with {@link registerSecretValues}.
 * @param env - the environment (the process's, or a test's)
 */
export function registerSecretsFromEnv(env: Readonly<Record<string, string | undefined>>): void {
  const values: string[] = [];
  for (const [name, value] of Object.entries(env)) {
    if (!value) continue;
    if (
      isSecretKey(name) ||
      /(TOKEN|SECRET|PASSWORD|PASSWD|PASS|CREDENTIALS|PRIVATE_KEY|API_KEY)$/i.test(name)
    )
      values.push(value);
    values.push(...urlPasswords(value));
  }
  registerSecretValues(values);
}

/**
 * The passwords of the URLs in a text (`redis://user:pw@host`), raw and percent-decoded.
 * @param text - a setting value (a URL, or anything)
 * @returns the passwords found (none for a text without URL credentials)
 */
export function urlPasswords(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@]*:([^\s@/]+)@/gi)) {
    const pw = m[1];
    if (!pw) continue;
    out.push(pw);
    try {
      out.push(decodeURIComponent(pw));
    } catch {
      // Not valid percent-encoding: the raw form is enough.
    }
  }
  return out;
}

/**
 * Forget every value given to {@link registerSecretValues} (tests).
 */
export function forgetSecretValues(): void {
  knownValues.clear();
  knownPattern = undefined;
}

function maskKnownValues(text: string): string {
  if (knownValues.size === 0) return text;
  if (knownPattern === undefined) {
    const alternatives = [...knownValues].sort((a, b) => b.length - a.length).map(escapeRegExp);
    knownPattern = alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'g') : null;
  }
  return knownPattern ? text.replace(knownPattern, REDACTED) : text;
}

/**
 * Mask the secrets inside a string: first every registered secret value
 * ({@link registerSecretValues}), then the patterns (Slack tokens, Bearer/Basic credentials, URL
 * passwords, PEM private keys, `password=…` pairs).
 * @param text - any text (an error message, a stack, a URL)
 * @returns the text with every recognised secret replaced by `[redacted]` (prefix kept)
 */
export function maskSecrets(text: string): string {
  let out = maskKnownValues(text);
  for (const [pattern, replacement] of STRING_PATTERNS) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Field names whose value is a secret wherever they appear, at any depth (compared case-insensitively,
 * ignoring `-` and `_`): the value is replaced by `[redacted]` whole.
 */
const SECRET_KEY_NAMES: ReadonlySet<string> = new Set(
  [
    'token',
    'botToken',
    'appToken',
    'accessToken',
    'refreshToken',
    'signingSecret',
    'appPassword',
    'password',
    'secret',
    'clientSecret',
    'authorization',
    'cookie',
    'clientKey',
    'clientKeyData',
    'keyData',
    'privateKey',
    'xSlackSignature',
    'SLACK_BOT_TOKEN',
    'SLACK_SIGNING_SECRET',
    'SLACK_APP_TOKEN',
    'MICROSOFT_APP_PASSWORD',
  ].map(normalizeKey),
);

function normalizeKey(key: string): string {
  return key.replace(/[-_]/g, '').toLowerCase();
}

/**
 * Whether a field of this name holds a secret (`botToken`, `signing_secret`, `Authorization`…).
 * @param key - a field name
 */
export function isSecretKey(key: string): boolean {
  return SECRET_KEY_NAMES.has(normalizeKey(key));
}

/** Objects already visited by {@link maskDeep} (cycles). */
type Seen = WeakMap<object, unknown>;

/**
 * A copy of a value with {@link maskSecrets} applied to every string inside it (objects, arrays,
 * Error `message`/`stack`/`cause`), at most `depth` levels deep; a string under a secret field name
 * ({@link isSecretKey}) is replaced whole. Values without a secret are
 * returned as they are (no copy).
 * @param value - any log field
 * @param depth - levels to descend @defaultValue 6
 */
export function maskDeep(value: unknown, depth = 6, seen: Seen = new WeakMap()): unknown {
  if (typeof value === 'string') return maskSecrets(value);
  if (value === null || typeof value !== 'object' || depth <= 0) return value;
  if (seen.has(value)) return seen.get(value);
  if (Buffer.isBuffer(value) || value instanceof Date) return value;
  if (Array.isArray(value)) {
    seen.set(value, value);
    let changed = false;
    const out = value.map((v) => {
      const m = maskDeep(v, depth - 1, seen);
      if (m !== v) changed = true;
      return m;
    });
    return changed ? out : value;
  }
  seen.set(value, value);
  const source = value as Record<string, unknown>;
  const keys =
    value instanceof Error
      ? [...new Set(['name', 'message', 'stack', 'code', 'cause', ...Object.keys(source)])]
      : Object.keys(source);
  let changed = value instanceof Error;
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const v = source[key];
    if (v === undefined) continue;
    const m = typeof v === 'string' && v !== '' && isSecretKey(key) ? REDACTED : maskDeep(v, depth - 1, seen);
    if (m !== v) changed = true;
    out[key] = m;
  }
  return changed ? out : value;
}

/** Longest {@link upstreamBodySummary}, in characters. */
export const UPSTREAM_SUMMARY_MAX = 300;

/**
 * What an upstream error body (a Kubernetes `Status`, a Bot Connector or Slack error, any text) may
 * show in a log: its `reason`/`code` and `message` when it is such JSON, otherwise the text; on one
 * line (control characters and runs of spaces become one space), secrets masked
 * ({@link maskSecrets}) BEFORE it is cut, so no part of a secret survives the cut; at most
 * `maxChars` characters (`…` at the end when cut). Never for a chat: upstream bodies go to logs
 * only.
 * @param body - the body: a string (JSON or not), a parsed object, or nothing
 * @param maxChars - longest result, in characters @defaultValue {@link UPSTREAM_SUMMARY_MAX}
 * @returns the summary ('' for an empty body)
 */
export function upstreamBodySummary(body: unknown, maxChars = UPSTREAM_SUMMARY_MAX): string {
  let value: unknown = body;
  if (typeof value === 'string' && /^\s*[{[]/.test(value)) {
    try {
      value = JSON.parse(value) as unknown;
    } catch {
      // Not JSON after all (or cut): summarised as text.
    }
  }
  let text: string;
  if (value === undefined || value === null) text = '';
  else if (typeof value === 'string') text = value;
  else if (typeof value === 'object') {
    const o = value as { reason?: unknown; code?: unknown; message?: unknown; error?: unknown };
    const inner =
      o.error && typeof o.error === 'object' ? (o.error as { code?: unknown; message?: unknown }) : undefined;
    const label = [
      o.reason,
      inner?.code,
      typeof o.error === 'string' ? o.error : undefined,
      typeof o.code === 'string' ? o.code : undefined,
    ].find((v): v is string => typeof v === 'string' && v !== '');
    const message = [o.message, inner?.message].find((v): v is string => typeof v === 'string' && v !== '');
    if (label !== undefined || message !== undefined)
      text = [label, message].filter((v) => v !== undefined).join(': ');
    else {
      try {
        text = JSON.stringify(value) ?? '';
      } catch {
        text = '[unserialisable body]';
      }
    }
  } else text = String(value);
  const oneLine = maskSecrets(text)
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
    .replace(/[\u0000-\u001f\u007f\s]+/g, ' ')
    .trim();
  return oneLine.length <= maxChars ? oneLine : `${oneLine.slice(0, Math.max(0, maxChars - 1))}…`;
}

/**
 * An HTTP client's error for a log, when an upstream answered it: botbuilder's (core-rest-pipeline's)
 * `RestError` (`statusCode`, `response.bodyAsText`; its message is the whole body, its stack starts
 * with it, its `request` holds the Authorization header), @slack/web-api's HTTP error (`statusCode`,
 * `body`), @kubernetes/client-node's `ApiException` (numeric `code`, `body`). Only its type, status,
 * string code and an {@link upstreamBodySummary} of its body are kept: no stack, request or
 * response (docs/operations.md, "Logs": error bodies as a one-line summary of at most
 * {@link UPSTREAM_SUMMARY_MAX} characters).
 * @param err - any error
 * @returns the bounded form, or null for an error that is not an upstream's answer
 */
export function upstreamErrorForLog(err: Error): Record<string, unknown> | null {
  const e = err as Error & {
    statusCode?: unknown;
    code?: unknown;
    body?: unknown;
    response?: { status?: unknown; bodyAsText?: unknown };
  };
  const status = [e.statusCode, e.response?.status, 'body' in e ? e.code : undefined].find(
    (v): v is number => typeof v === 'number',
  );
  if (status === undefined) return null;
  const body =
    typeof e.response?.bodyAsText === 'string' ? e.response.bodyAsText : 'body' in e ? e.body : e.message;
  return {
    type: typeof err.constructor === 'function' ? err.constructor.name : err.name, // as pino's `err`
    status,
    ...(typeof e.code === 'string' ? { code: upstreamBodySummary(e.code, 80) } : {}),
    message: upstreamBodySummary(body),
  };
}
