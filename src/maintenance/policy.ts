/**
 * The maintenance policy: who may request, approve and force a node maintenance, per
 * cluster; how many approvals; how long a request lives; change windows; drain, reboot and lock
 * settings. Read once at start-up from a YAML file (see `examples/maintenance-policy.yaml`),
 * validated with zod 4, every problem reported at its exact path (`clusters.prod.approvers[1]`).
 *
 * File shape: an optional `defaults:` block and `clusters.<name>:` overrides. A cluster's value of
 * a list or scalar replaces the default; nested blocks (`approvals`, `drain`, `reboot`, `lock`)
 * merge key by key. A cluster not listed gets the defaults.
 *
 * Without a file ({@link DEFAULT_MAINTENANCE_POLICY}): anyone may request and approve (never their
 * own request: the store refuses self-approval whatever the policy says), nobody is admin (so
 * nobody may force an `unsafe` request or read the audit).
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { configIssueMessage, formatPath } from '../config/config-file-schema.js';
import { parseYamlSettings, throwConfigIssues } from '../config/load-config.js';
import type { ChatPlatform, Platform } from '../commands/types.js';
import { ConfigError } from '../errors.js';
import { isDnsLabel, isValidClusterName } from '../commands/names.js';
import { canonicalTimeZone } from '../util/time-zone.js';
import { CONSOLE_USER_PATTERN } from './console-user.js';
import { parseMatcher } from './plan/alertmanager.js';
import {
  type Actor,
  type ChangeWindow,
  type ClusterMaintenancePolicy,
  type Weekday,
  actorKey,
} from './types.js';

/** A resolved policy: the settings of any cluster, defaults filled in. */
export interface MaintenancePolicy {
  /** Where it was read from: an absolute file path, or `'built-in'` for the default policy. */
  readonly source: string;
  /**
   * The policy of one cluster (its overrides merged over the defaults; the defaults alone for a
   * cluster the file does not name).
   * @param cluster - cluster name
   * @returns a fresh object (callers may not mutate the policy through it)
   */
  forCluster(cluster: string): ClusterMaintenancePolicy;
  /** The clusters the file names under `clusters:` (others get the defaults). */
  readonly clusterNames?: readonly string[];
  /** The `defaults:` block resolved (cluster `''`): what a cluster the file does not name gets. */
  defaults?(): ClusterMaintenancePolicy;
}

/** Weekdays in `Date.getUTCDay()` order (0 = Sunday). */
export const WEEKDAYS: readonly Weekday[] = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** The settings a policy starts from (the issue's defaults), lists and cluster excepted. */
/**
 * Default most nodes in one fleet plan (`fleet.maxNodes`). 200: a plan of 200 workers at the
 * default batch of 1 and 2 min settle time (plus each node's drain and reboot, a few minutes) runs
 * for more than 10 h, past any change window, so a bigger fleet is better done pool by pool
 * (`maintain -l …`); and 200 targets of a 10,000-node cluster are planned in seconds, well within
 * the answer's 60 s (scripts/bench-plan.ts; issue 33 finding 3: 2,000 targets took the worker
 * 115 s and a plan was stored after the requester was told it did not finish).
 */
export const DEFAULT_MAX_PLAN_NODES = 200;

/** Defaults of fleet plans: one worker per batch, 2 min settle time, 10 min for the settle checks, 200 nodes. */
export const DEFAULT_FLEET: NonNullable<ClusterMaintenancePolicy['fleet']> = {
  workerBatchSize: 1,
  settleMs: 2 * 60_000,
  settleTimeoutMs: 10 * 60_000,
  maxNodes: DEFAULT_MAX_PLAN_NODES,
};

const BASE: Omit<ClusterMaintenancePolicy, 'cluster'> = {
  requesters: ['*'],
  approvers: ['*'],
  admins: [],
  // Approvals required: 1 for a worker, 2 for a control-plane node.
  approvals: { worker: 1, controlPlane: 2 },
  // A request lives 30 min.
  requestLifetimeMs: 30 * 60_000,
  changeWindows: [],
  outsideWindow: 'wait',
  // The drain: 10 min overall, progress at most every 15 s.
  drain: { timeoutMs: 10 * 60_000, parallelism: 5, evictionBackoffMs: 1000, progressIntervalMs: 15_000 },
  // The reboot wait: 30 min.
  reboot: { timeoutMs: 30 * 60_000 },
  lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 60 },
  // Fleet plans: one worker per batch, 2 min settle time.
  fleet: { ...DEFAULT_FLEET },
};

function clonePolicy(
  cluster: string,
  p: Omit<ClusterMaintenancePolicy, 'cluster'>,
): ClusterMaintenancePolicy {
  return { ...structuredClone(p), cluster };
}

/** The policy used when no file is configured: anyone may request and approve, nobody is admin. */
export const DEFAULT_MAINTENANCE_POLICY: MaintenancePolicy = {
  source: 'built-in',
  forCluster: (cluster) => clonePolicy(cluster, BASE),
  clusterNames: [],
  defaults: () => clonePolicy('', BASE),
};

// ---------------------------------------------------------------------------------------------
// Identities

/** Slack: `slack:<team id T…/E…>:<user id U…/W…>`. */
const SLACK_ID = /^slack:[TE][A-Z0-9]{2,}:[UW][A-Z0-9]{2,}$/;
/**
 * Teams: `teams:<tenant id>:<AAD object id>`. Real ids are GUIDs; any token of letters, digits
 * and '-' is accepted (test tenants), but never an e-mail address or a display name.
 */
const TEAMS_ID = /^teams:[A-Za-z0-9-]{1,64}:[A-Za-z0-9-]{1,64}$/;
export { CONSOLE_USER_PATTERN };
/** Console: `console:local:<name>` with a name of {@link CONSOLE_USER_PATTERN}. */
const CONSOLE_ID = new RegExp(`^console:local:${CONSOLE_USER_PATTERN.source.slice(1)}`);

/**
 * Whether a string is an identity as written in the policy: `*`, `slack:T…:U…`,
 * `teams:<tenant>:<aadObjectId>` or `console:local:<user>`.
 * @param s - candidate
 */
export function isIdentity(s: string): boolean {
  return s === '*' || Object.values(IDENTITY_PATTERNS).some((pattern) => pattern.test(s));
}

/** The identity of each platform as written in the policy (a new platform needs its pattern here). */
const IDENTITY_PATTERNS: Readonly<Record<Platform, RegExp>> = {
  console: CONSOLE_ID,
  slack: SLACK_ID,
  teams: TEAMS_ID,
};

/**
 * Whether an actor is in an identity list: `'*'` or its {@link actorKey} exactly. `'*'` means
 * anyone of the workspaces / tenants the gateway is configured for: it never matches a guest
 * (`Actor.guest`, a member of another Slack workspace or Teams tenant whom the gateway admitted
 * because the policy names their team). The display name is never looked at.
 * @param list - identities from the policy
 * @param actor - who acts
 */
export function isAllowed(list: readonly string[], actor: Actor): boolean {
  const key = actorKey(actor);
  return list.some((entry) => (entry === '*' ? actor.guest !== true : entry === key));
}

/**
 * The Slack teams or Teams tenants that the policy names in an identity (`requesters`,
 * `approvers`, `admins` of the defaults and of every cluster): members of such a team are
 * admitted by the gateways even when their team is not in the configured allow-list, as guests
 * (`Actor.guest`: only their exact identity counts, never `"*"`).
 * @param policy - the resolved policy
 * @param platform - `slack` (team ids `T…`/`E…`) or `teams` (tenant ids)
 * @returns the team / tenant ids, possibly empty
 */
export function tenantsNamedIn(policy: MaintenancePolicy, platform: ChatPlatform): Set<string> {
  const out = new Set<string>();
  const lists = [policy.defaults?.(), ...(policy.clusterNames ?? []).map((c) => policy.forCluster(c))];
  for (const p of lists) {
    if (!p) continue;
    for (const entry of [...p.requesters, ...p.approvers, ...p.admins]) {
      const [kind, tenant] = entry.split(':');
      if (kind === platform && tenant) out.add(tenant);
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Time zones and change windows

const formatters = new Map<string, Intl.DateTimeFormat>();

function zonedFormatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Wall-clock fields of an instant in a zone (month 1-12). */
function wallClock(
  ms: number,
  zone: string,
): { year: number; month: number; day: number; hour: number; minute: number; second: number } {
  const parts: Record<string, number> = {};
  for (const p of zonedFormatter(zone).formatToParts(new Date(ms))) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
  };
}

/** Offset of `zone` from UTC at an instant, in ms (Asia/Seoul: +32 400 000). */
function zoneOffsetMs(ms: number, zone: string): number {
  const w = wallClock(ms, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/**
 * The instant of a wall-clock time in a zone. In a DST gap (a time that does not exist) the
 * result is the instant the offset before the gap gives (01:30 + 1 h → 03:30 after a spring
 * forward); in an overlap, the earlier instant.
 * @returns epoch ms
 */
function zonedToEpochMs(year: number, month: number, day: number, minutes: number, zone: string): number {
  const guess = Date.UTC(year, month - 1, day, 0, minutes);
  const first = guess - zoneOffsetMs(guess, zone);
  const second = guess - zoneOffsetMs(first, zone);
  if (first === second) return first;
  // The two guesses straddle a transition: take the earlier one that maps back to the wall time, else the later.
  const candidates = [Math.min(first, second), Math.max(first, second)];
  for (const c of candidates) if (c + zoneOffsetMs(c, zone) === guess) return c;
  return Math.max(first, second);
}

/** `HH:MM` → minutes after midnight (`24:00` → 1440). */
function minutesOf(hhmm: string): number {
  const [h, m] = hhmm.split(':');
  return Number(h) * 60 + Number(m);
}

/**
 * The occurrences of a window that could contain or follow `nowMs`: opened on the local days from
 * yesterday to a week ahead.
 */
function occurrences(w: ChangeWindow, nowMs: number): { start: number; end: number }[] {
  const today = wallClock(nowMs, w.timeZone);
  const startMin = minutesOf(w.start);
  const endMin = minutesOf(w.end);
  const out: { start: number; end: number }[] = [];
  for (let offset = -1; offset <= 8; offset += 1) {
    const d = new Date(Date.UTC(today.year, today.month - 1, today.day + offset));
    const weekday = WEEKDAYS[d.getUTCDay()];
    if (weekday === undefined || !w.days.includes(weekday)) continue;
    const y = d.getUTCFullYear();
    const m = d.getUTCMonth() + 1;
    const day = d.getUTCDate();
    const start = zonedToEpochMs(y, m, day, startMin, w.timeZone);
    // `end` at or before `start` crosses midnight: it is on the next local day.
    const end =
      endMin > startMin
        ? zonedToEpochMs(y, m, day, endMin, w.timeZone)
        : zonedToEpochMs(y, m, day + 1, endMin, w.timeZone);
    out.push({ start, end });
  }
  return out;
}

/**
 * Whether `now` is inside one of the cluster's change windows (always true without windows).
 * @param policy - the cluster's policy
 * @param now - the instant to test
 */
export function isInChangeWindow(
  policy: Pick<ClusterMaintenancePolicy, 'changeWindows'>,
  now: Date,
): boolean {
  return nextWindowStart(policy, now) === null;
}

/**
 * When execution may start next.
 * @param policy - the cluster's policy (only `changeWindows` is read)
 * @param now - the current instant
 * @returns null when `now` is inside a window (start inclusive, end exclusive) or there are no
 *   windows; otherwise the start of the earliest window after `now`
 */
export function nextWindowStart(
  policy: Pick<ClusterMaintenancePolicy, 'changeWindows'>,
  now: Date,
): Date | null {
  const nowMs = now.getTime();
  let next: number | null = null;
  for (const w of policy.changeWindows) {
    for (const o of occurrences(w, nowMs)) {
      if (o.start <= nowMs && nowMs < o.end) return null;
      if (o.start > nowMs && (next === null || o.start < next)) next = o.start;
    }
  }
  if (policy.changeWindows.length === 0) return null;
  // Every window names at least one day, so one opens within 8 days.
  return next === null ? null : new Date(next);
}

// ---------------------------------------------------------------------------------------------
// Schema

const identity = z.string().refine(isIdentity, {
  message:
    'expected "*" or an immutable id: slack:<team id>:<user id> (slack:T0123ABCD:U0456EFGH), teams:<tenant id>:<AAD object id>, or console:local:<user>; never a display name or e-mail',
});
const identities = z.array(identity);
const hhmm = z.string().regex(/^(([01]\d|2[0-3]):[0-5]\d|24:00)$/, {
  message: 'expected a 24 h time HH:MM, e.g. 22:00 (24:00 for midnight at the end)',
});
const ms = (min: number, max: number) => z.number().int().min(min).max(max);
const DAY_MS = 24 * 3600_000;

const windowSchema = z
  .strictObject({
    days: z.array(z.enum(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'])).min(1),
    start: hhmm,
    end: hhmm,
    timeZone: z.string().refine((zone) => canonicalTimeZone(zone) !== null, {
      message: 'expected an IANA time zone such as Asia/Seoul, Europe/Berlin or UTC',
    }),
  })
  .superRefine((w, ctx) => {
    const wholeDay = w.start === '00:00' && w.end === '24:00';
    if (!wholeDay && minutesOf(w.start) === minutesOf(w.end) % 1440) {
      ctx.addIssue({
        code: 'custom',
        path: ['end'],
        message: 'equals start: a window needs a length (for a whole day write start: "00:00", end: "24:00")',
      });
    }
    if (w.start === '24:00')
      ctx.addIssue({ code: 'custom', path: ['start'], message: 'must be before 24:00' });
  });

const hookSchema = z
  .strictObject({
    command: z.array(z.string().min(1)).min(1).optional(),
    url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }).optional(),
  })
  .superRefine((h, ctx) => {
    if ((h.command === undefined) === (h.url === undefined)) {
      ctx.addIssue({
        code: 'custom',
        message: 'set exactly one of command (a list: program and arguments) or url',
      });
    }
  });

const MATCHER_MESSAGE =
  'expected an Alertmanager matcher: name=value, name!=value, name=~"regex" or name!~"regex" ({node} is the node)';
const matcher = z.string().refine((m) => isMatcher(m), { message: MATCHER_MESSAGE });
const matchers = z
  .string()
  .refine((m) => m.split(',').every(isMatcher), { message: `${MATCHER_MESSAGE}, comma-separated` });

function isMatcher(text: string): boolean {
  try {
    parseMatcher(text);
    return true;
  } catch {
    return false;
  }
}

const clusterSchema = z.strictObject({
  requesters: identities.optional(),
  approvers: identities.optional(),
  admins: identities.optional(),
  approvals: z
    .strictObject({
      worker: z.number().int().min(1).max(10).optional(),
      controlPlane: z.number().int().min(1).max(10).optional(),
    })
    .optional(),
  requestLifetimeMs: ms(60_000, 7 * DAY_MS).optional(),
  changeWindows: z.array(windowSchema).optional(),
  outsideWindow: z.enum(['wait', 'refuse']).optional(),
  drain: z
    .strictObject({
      timeoutMs: ms(1000, DAY_MS).optional(),
      parallelism: z.number().int().min(1).max(50).optional(),
      evictionBackoffMs: ms(100, 30_000).optional(),
      progressIntervalMs: ms(1000, 3600_000).optional(),
    })
    .optional(),
  reboot: z.strictObject({ timeoutMs: ms(1000, DAY_MS).optional(), hook: hookSchema.optional() }).optional(),
  lock: z
    .strictObject({
      namespace: z
        .string()
        .refine(isDnsLabel, { message: 'expected a namespace name (RFC 1123 label)' })
        .optional(),
      leaseName: z
        .string()
        .regex(/^[a-z0-9]([-a-z0-9.]{0,251}[a-z0-9])?$/, {
          message: 'expected an object name (RFC 1123 subdomain)',
        })
        .optional(),
      leaseDurationSeconds: z.number().int().min(15).max(3600).optional(),
    })
    .optional(),
  fleet: z
    .strictObject({
      workerBatchSize: z.number().int().min(1).max(50).optional(),
      settleMs: ms(0, DAY_MS).optional(),
      settleTimeoutMs: ms(1000, DAY_MS).optional(),
      maxUnavailablePerZone: z.number().int().min(1).max(1000).optional(),
      maxNodes: z.number().int().min(1).max(5000).optional(),
    })
    .optional(),
  alertmanager: z
    .strictObject({
      url: z.url({ protocol: /^https?$/, error: 'expected an http:// or https:// URL' }),
      gate: z.array(matchers).optional(),
      silence: z.array(matcher).optional(),
      unreachable: z.enum(['block', 'warn']).optional(),
      maxAnswerBytes: z
        .number()
        .int()
        .min(16 * 1024)
        .max(64 * 1024 * 1024)
        .optional(),
    })
    .optional(),
});

/** A `defaults:` block or one `clusters.<name>:` entry, as written. */
export type ClusterPolicyFile = z.infer<typeof clusterSchema>;

const fileSchema = z.strictObject({
  defaults: clusterSchema.optional(),
  clusters: z.record(z.string(), clusterSchema).optional(),
});

/** The policy file as written. */
export type MaintenancePolicyFile = z.infer<typeof fileSchema>;

/** The raw issue fields of zod 4 read here (structurally, as `configIssueMessage` does). */
type IssueInput = Parameters<typeof configIssueMessage>[0];

function merge(
  base: Omit<ClusterMaintenancePolicy, 'cluster'>,
  o: ClusterPolicyFile | undefined,
): Omit<ClusterMaintenancePolicy, 'cluster'> {
  if (!o) return structuredClone(base);
  const hook =
    o.reboot?.hook === undefined
      ? base.reboot.hook
      : o.reboot.hook.command !== undefined
        ? { command: o.reboot.hook.command }
        : { url: o.reboot.hook.url ?? '' };
  return structuredClone({
    requesters: o.requesters ?? base.requesters,
    approvers: o.approvers ?? base.approvers,
    admins: o.admins ?? base.admins,
    approvals: { ...base.approvals, ...definedOnly(o.approvals) },
    requestLifetimeMs: o.requestLifetimeMs ?? base.requestLifetimeMs,
    changeWindows: o.changeWindows ?? base.changeWindows,
    outsideWindow: o.outsideWindow ?? base.outsideWindow,
    drain: { ...base.drain, ...definedOnly(o.drain) },
    reboot: {
      timeoutMs: o.reboot?.timeoutMs ?? base.reboot.timeoutMs,
      ...(hook === undefined ? {} : { hook }),
    },
    lock: { ...base.lock, ...definedOnly(o.lock) },
    ...(base.fleet || o.fleet
      ? { fleet: { ...(base.fleet ?? DEFAULT_FLEET), ...definedOnly(o.fleet) } }
      : {}),
    ...(o.alertmanager
      ? {
          alertmanager: {
            url: o.alertmanager.url,
            gate: o.alertmanager.gate ?? [],
            silence: o.alertmanager.silence ?? [],
            unreachable: o.alertmanager.unreachable ?? 'block',
            ...(o.alertmanager.maxAnswerBytes === undefined
              ? {}
              : { maxAnswerBytes: o.alertmanager.maxAnswerBytes }),
          },
        }
      : base.alertmanager
        ? { alertmanager: base.alertmanager }
        : {}),
  });
}

function definedOnly<T extends object>(o: T | undefined): Partial<T> {
  if (!o) return {};
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** Cross-field rules: enough distinct approvers for the approvals asked (a requester never approves). */
function checkResolved(p: Omit<ClusterMaintenancePolicy, 'cluster'>, at: string): [string, string][] {
  const issues: [string, string][] = [];
  if (!p.approvers.includes('*')) {
    const distinct = new Set(p.approvers).size;
    for (const kind of ['worker', 'controlPlane'] as const) {
      if (p.approvals[kind] > distinct) {
        issues.push([
          `${at}approvals.${kind}`,
          `needs ${p.approvals[kind]} distinct approvers but only ${distinct} ${distinct === 1 ? 'is' : 'are'} listed in approvers: no request could ever be approved`,
        ]);
      }
    }
  }
  return issues;
}

/**
 * Parse and validate a policy document.
 * @param yamlText - the YAML text
 * @param source - its file name, for messages and {@link MaintenancePolicy.source}
 * @returns the resolved policy
 * @throws ConfigError `config-invalid`: `path` is the first wrong setting (`clusters.prod.approvers[1]`,
 *   `defaults.changeWindows[0].timeZone`) and the message lists every problem, one per line
 *   (`path: what is wrong`); YAML syntax errors name `source:line:column`
 */
export function parseMaintenancePolicy(yamlText: string, source: string): MaintenancePolicy {
  // An empty file is the default policy, written down.
  const data = parseYamlSettings(yamlText, source) ?? {};
  const result = fileSchema.safeParse(data, {
    error: (iss) => configIssueMessage(iss as unknown as IssueInput),
  });
  const issues: [string, string][] = [];
  if (!result.success) {
    for (const issue of result.error.issues) {
      if (issue.code === 'unrecognized_keys') {
        for (const key of issue.keys) issues.push([formatPath([...issue.path, key]), 'unknown setting']);
      } else {
        issues.push([formatPath(issue.path), issue.message]);
      }
    }
    throwIssues(issues, source);
  }
  const file = result.data;
  const defaults = merge(BASE, file.defaults);
  issues.push(...checkResolved(defaults, 'defaults.'));
  const clusters = new Map<string, Omit<ClusterMaintenancePolicy, 'cluster'>>();
  for (const [name, override] of Object.entries(file.clusters ?? {})) {
    const at = formatPath(['clusters', name]);
    if (!isValidClusterName(name)) {
      issues.push([
        at,
        `"${name.slice(0, 80)}" is not a valid cluster name (RFC 1123 label: lowercase letters, digits and '-')`,
      ]);
      continue;
    }
    const resolved = merge(defaults, override);
    issues.push(...checkResolved(resolved, `${at}.`));
    clusters.set(name, resolved);
  }
  if (issues.length > 0) throwIssues(issues, source);
  return {
    source,
    forCluster: (cluster) => clonePolicy(cluster, clusters.get(cluster) ?? defaults),
    clusterNames: [...clusters.keys()],
    defaults: () => clonePolicy('', defaults),
  };
}

function throwIssues(issues: readonly [string, string][], source: string): never {
  throwConfigIssues(issues, `${source}: invalid maintenance policy`);
}

/**
 * Read and validate the policy file (once, at start-up).
 * @param path - absolute path (see `maintenancePolicy` in the config file)
 * @returns the resolved policy
 * @throws ConfigError `config-not-found` (path `maintenancePolicy`) when the file does not exist;
 *   `config-invalid` as {@link parseMaintenancePolicy}
 */
export async function loadMaintenancePolicy(path: string): Promise<MaintenancePolicy> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT')
      throw new ConfigError(
        'maintenancePolicy',
        `maintenance policy file ${path} not found`,
        'config-not-found',
      );
    throw new ConfigError(
      'maintenancePolicy',
      `cannot read maintenance policy file ${path} (${code ?? String(err)})`,
    );
  }
  return parseMaintenancePolicy(text, path);
}
