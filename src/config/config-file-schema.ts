/**
 * The shape of the YAML configuration file (zod 4), and the turning of zod issues into
 * `path: message` lines an operator can act on.
 */
import * as z from 'zod';
import { reportSettingsSchema } from '../commands/report-settings-schema.js';
import { LOCALES } from '../commands/types.js';
import { LOG_LEVELS, MAX_REQUEST_TIMEOUT_MS } from './bot-config.js';
import { redisFileSchema } from './redis-file-schema.js';

const positiveMs = z.number().int().positive();

/** A cluster's `etcd` entry as written (endpoints are checked as https URLs after parsing). */
export const etcdFileSchema = z.strictObject({
  endpoints: z.array(z.string().min(1)).min(1).optional(),
  ca: z.string().min(1),
  cert: z.string().min(1),
  key: z.string().min(1),
  timeoutMs: positiveMs.optional(),
  quotaBackendBytes: z.number().int().positive().optional(),
});

/** A cluster's `watchCache` entry: the bounds of its watch cache (src/cluster/watch-cache.ts). */
export const watchCacheFileSchema = z.strictObject({
  maxObjects: z.number().int().positive().optional(),
  maxBytes: z.number().int().positive().optional(),
  maxLineBytes: z.number().int().positive().optional(),
});

/** One cluster as written in the file (sources are checked for "exactly one" after parsing). */
export const clusterFileSchema = z.strictObject({
  context: z.string().min(1).optional(),
  kubeconfig: z.string().min(1).optional(),
  inCluster: z.boolean().optional(),
  snapshot: z.string().min(1).optional(),
  requestTimeoutMs: positiveMs.max(MAX_REQUEST_TIMEOUT_MS).optional(),
  deadlineMs: positiveMs.optional(),
  etcd: etcdFileSchema.optional(),
  watchCache: watchCacheFileSchema.optional(),
  /** Thresholds and quiet hours of the HA report: src/analysis/daily/report-items.ts. */
  report: reportSettingsSchema.optional(),
});

/** The file as written. Unknown keys are errors (a typo must not be ignored silently). */
export const configFileSchema = z.strictObject({
  clusters: z.record(z.string(), clusterFileSchema),
  defaultCluster: z.string().min(1).optional(),
  locale: z.enum(LOCALES as readonly ['en', 'ko']).optional(),
  /** `{ url }` (one Redis) or `{ sentinels, name, … }` (Redis Sentinel): src/config/redis-settings.ts. */
  redis: redisFileSchema.optional(),
  jobTimeoutMs: positiveMs.optional(),
  logLevel: z.enum(LOG_LEVELS).optional(),
  /** Path of the maintenance policy YAML, relative to this file's folder. */
  maintenancePolicy: z.string().min(1).optional(),
});

/** The file after schema validation. */
export type ConfigFile = z.infer<typeof configFileSchema>;

/** A path as operators write it: `clusters.prod.context`; odd keys quoted: `clusters["a.b"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else {
      const key = String(part);
      out += /^[A-Za-z0-9_-]+$/.test(key) ? (out === '' ? key : `.${key}`) : `[${JSON.stringify(key)}]`;
    }
  }
  return out;
}

const NOUNS: Readonly<Record<string, string>> = {
  string: 'a string',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  object: 'a mapping',
  record: 'a mapping',
  array: 'a list',
};

/** The raw issue fields this formatter reads (zod 4 issue shapes, read structurally). */
interface RawIssue {
  code: string;
  input?: unknown;
  expected?: string;
  values?: readonly unknown[];
  keys?: readonly string[];
  maximum?: number | bigint;
  minimum?: number | bigint;
  origin?: string;
  inclusive?: boolean;
  message?: string;
}

/**
 * zod error map: one short, fix-oriented message per issue (the path is added by the caller).
 * Never echoes the offending value (it may be a secret such as a Redis password).
 */
export function configIssueMessage(issue: RawIssue): string {
  switch (issue.code) {
    case 'invalid_type': {
      const noun = NOUNS[issue.expected ?? ''] ?? String(issue.expected);
      return issue.input === undefined ? `is required (${noun})` : `expected ${noun}`;
    }
    case 'invalid_value':
      return `expected one of ${(issue.values ?? []).map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `unknown setting${(issue.keys?.length ?? 0) > 1 ? 's' : ''} ${(issue.keys ?? []).join(', ')}`;
    case 'too_big':
      if (issue.origin === 'string') return `must be at most ${String(issue.maximum)} characters`;
      return issue.inclusive === false
        ? `must be less than ${String(issue.maximum)}`
        : `must be at most ${String(issue.maximum)}`;
    case 'too_small':
      if (issue.origin === 'string') return 'must not be empty';
      return issue.inclusive === false
        ? `must be more than ${String(issue.minimum)}`
        : `must be at least ${String(issue.minimum)}`;
    default:
      return issue.message ?? issue.code;
  }
}

/** Validated file, or the issues as `[path, message]` pairs in document order. */
export function validateConfigFile(
  data: unknown,
): { ok: true; file: ConfigFile } | { ok: false; issues: [string, string][] } {
  const result = configFileSchema.safeParse(data, { error: (iss) => configIssueMessage(iss as RawIssue) });
  if (result.success) return { ok: true, file: result.data };
  const issues: [string, string][] = [];
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      // One line per unknown key, at the key's own path (`clusters.prod.contex: unknown setting`).
      for (const key of issue.keys) issues.push([formatPath([...issue.path, key]), 'unknown setting']);
    } else if (issue.code === 'too_big' && issue.path.at(-1) === 'requestTimeoutMs') {
      issues.push([formatPath(issue.path), `${issue.message} (ms): each API request is capped at 5 s`]);
    } else {
      issues.push([formatPath(issue.path), issue.message]);
    }
  }
  return { ok: false, issues };
}
