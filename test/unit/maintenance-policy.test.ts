import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../src/config/load-config.js';
import { ConfigError } from '../../src/errors.js';
import {
  DEFAULT_MAINTENANCE_POLICY,
  isAllowed,
  isIdentity,
  isInChangeWindow,
  loadMaintenancePolicy,
  nextWindowStart,
  parseMaintenancePolicy,
} from '../../src/maintenance/policy.js';
import type { ChangeWindow } from '../../src/maintenance/types.js';
import { CONSOLE_USER_PATTERN } from '../../adapters/console/console-adapter.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-policy-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The ConfigError thrown by `fn` (fails when nothing or something else is thrown). */
function policyError(text: string): ConfigError {
  try {
    parseMaintenancePolicy(text, 'policy.yaml');
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return err as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('the policy file', () => {
  it('reads the example: defaults, per-cluster overrides merged key by key, defaults for other clusters', async () => {
    const policy = await loadMaintenancePolicy(join(repo, 'examples/maintenance-policy.yaml'));
    const prod = policy.forCluster('prod');
    expect(prod.cluster).toBe('prod');
    expect(prod.approvers).toEqual([
      'slack:T0123ABCD:U0AAAAAAA',
      'slack:T0123ABCD:U0BBBBBBB',
      'slack:T0123ABCD:U0DDDDDDD',
    ]);
    expect(prod.approvals).toEqual({ worker: 2, controlPlane: 2 });
    expect(prod.admins).toEqual(['slack:T0123ABCD:U0CCCCCCC']);
    expect(prod.changeWindows).toHaveLength(2);
    expect(prod.drain).toEqual({
      timeoutMs: 600_000,
      parallelism: 5,
      evictionBackoffMs: 1000,
      progressIntervalMs: 15_000,
    });
    const stage = policy.forCluster('stage');
    expect(stage.approvers).toEqual(['*']);
    expect(stage.approvals).toEqual({ worker: 1, controlPlane: 1 });
    const other = policy.forCluster('lab');
    expect(other.approvers).toHaveLength(3);
    expect(other.changeWindows).toEqual([]);
    expect(other.lock).toEqual({
      namespace: 'k8s-ha-bot',
      leaseName: 'k8s-ha-bot-maintenance',
      leaseDurationSeconds: 60,
    });
    expect(policy.clusterNames).toEqual(['prod', 'stage']);
  });

  it('fills the issue defaults for an empty file and without a file (anyone requests and approves, nobody is admin)', () => {
    for (const policy of [parseMaintenancePolicy('', 'empty.yaml'), DEFAULT_MAINTENANCE_POLICY]) {
      const p = policy.forCluster('prod');
      expect(p).toEqual({
        cluster: 'prod',
        requesters: ['*'],
        approvers: ['*'],
        admins: [],
        approvals: { worker: 1, controlPlane: 2 },
        requestLifetimeMs: 1_800_000,
        changeWindows: [],
        outsideWindow: 'wait',
        drain: { timeoutMs: 600_000, parallelism: 5, evictionBackoffMs: 1000, progressIntervalMs: 15_000 },
        reboot: { timeoutMs: 1_800_000 },
        lock: { namespace: 'k8s-ha-bot', leaseName: 'k8s-ha-bot-maintenance', leaseDurationSeconds: 60 },
        // one worker per batch, 2 min settle time, at most 200 nodes in a plan
        fleet: { workerBatchSize: 1, settleMs: 120_000, settleTimeoutMs: 600_000, maxNodes: 200 },
      });
    }
  });

  it('reads fleet settings and an Alertmanager per cluster', () => {
    const policy = parseMaintenancePolicy(
      'clusters:\n  prod:\n    fleet: { settleMs: 30000 }\n    alertmanager:\n      url: http://am.monitoring:9093\n      gate: ["severity=critical", "node={node},severity=~\\"warning|critical\\""]\n      silence: [\'instance=~"{node}.*"\']\n',
      'p.yaml',
    );
    const prod = policy.forCluster('prod');
    expect(prod.fleet).toEqual({
      workerBatchSize: 1,
      settleMs: 30_000,
      settleTimeoutMs: 600_000,
      maxNodes: 200,
    });
    expect(prod.alertmanager).toEqual({
      url: 'http://am.monitoring:9093',
      gate: ['severity=critical', 'node={node},severity=~"warning|critical"'],
      silence: ['instance=~"{node}.*"'],
      unreachable: 'block',
    });
    expect(policy.forCluster('dev').alertmanager).toBeUndefined();
    expect(
      parseMaintenancePolicy(
        'clusters:\n  prod:\n    alertmanager: { url: "http://am:9093", maxAnswerBytes: 262144 }\n',
        'p.yaml',
      ).forCluster('prod').alertmanager?.maxAnswerBytes,
    ).toBe(262_144);
    const zoned = parseMaintenancePolicy(
      'defaults:\n  fleet: { workerBatchSize: 3, maxUnavailablePerZone: 1, maxNodes: 50 }\n',
      'p.yaml',
    ).forCluster('any');
    expect(zoned.fleet).toEqual({
      workerBatchSize: 3,
      settleMs: 120_000,
      settleTimeoutMs: 600_000,
      maxUnavailablePerZone: 1,
      maxNodes: 50,
    });
  });

  it('gives each caller its own copy (mutating one does not change the policy)', () => {
    const policy = parseMaintenancePolicy(
      'defaults: { approvers: ["slack:T01:U01", "slack:T01:U02"] }',
      'p.yaml',
    );
    policy.forCluster('prod').approvers.push('*');
    expect(policy.forCluster('prod').approvers).toEqual(['slack:T01:U01', 'slack:T01:U02']);
  });

  it('keeps a reboot hook and its kind', () => {
    const policy = parseMaintenancePolicy(
      'clusters:\n  prod:\n    reboot: { hook: { url: "https://hook.example/reboot" } }\n',
      'p.yaml',
    );
    expect(policy.forCluster('prod').reboot).toEqual({
      timeoutMs: 1_800_000,
      hook: { url: 'https://hook.example/reboot' },
    });
    const cmd = parseMaintenancePolicy(
      'defaults:\n  reboot: { hook: { command: [/bin/reboot-node, --now] }, timeoutMs: 60000 }\n',
      'p.yaml',
    );
    expect(cmd.forCluster('x').reboot).toEqual({
      timeoutMs: 60_000,
      hook: { command: ['/bin/reboot-node', '--now'] },
    });
  });

  it.each([
    [
      'a display name as an approver',
      'clusters:\n  prod:\n    approvers: ["slack:T01:U01", "alice"]\n',
      'clusters.prod.approvers[1]',
      /immutable id/,
    ],
    [
      'an e-mail as a Teams identity',
      'defaults:\n  admins: ["teams:tenant-1:alice@example.com"]\n',
      'defaults.admins[0]',
      /never a display name or e-mail/,
    ],
    [
      'an unknown time zone',
      'defaults:\n  changeWindows: [{ days: [mon], start: "22:00", end: "02:00", timeZone: Mars/Olympus }]\n',
      'defaults.changeWindows[0].timeZone',
      /IANA time zone/,
    ],
    [
      'an hour past 23',
      'clusters:\n  prod:\n    changeWindows: [{ days: [mon], start: "25:00", end: "02:00", timeZone: UTC }]\n',
      'clusters.prod.changeWindows[0].start',
      /HH:MM/,
    ],
    [
      'a window of no length',
      'clusters:\n  prod:\n    changeWindows: [{ days: [mon], start: "22:00", end: "22:00", timeZone: UTC }]\n',
      'clusters.prod.changeWindows[0].end',
      /equals start/,
    ],
    [
      'a misspelt day',
      'clusters:\n  prod:\n    changeWindows: [{ days: [monday], start: "22:00", end: "23:00", timeZone: UTC }]\n',
      'clusters.prod.changeWindows[0].days[0]',
      /expected one of mon/,
    ],
    [
      'a misspelt setting',
      'clusters:\n  prod:\n    aprovers: ["*"]\n',
      'clusters.prod.aprovers',
      /unknown setting/,
    ],
    [
      'too few approvers for a control-plane change',
      'clusters:\n  prod:\n    approvers: ["slack:T01:U01"]\n',
      'clusters.prod.approvals.controlPlane',
      /needs 2 distinct approvers but only 1/,
    ],
    [
      'a cluster name that is not an RFC 1123 label',
      'clusters:\n  Prod: {}\n',
      'clusters.Prod',
      /not a valid cluster name/,
    ],
    [
      'a hook with both command and url',
      'defaults:\n  reboot: { hook: { command: [x], url: "https://a.example" } }\n',
      'defaults.reboot.hook',
      /exactly one of command/,
    ],
    [
      'zero parallelism',
      'clusters:\n  prod:\n    drain: { parallelism: 0 }\n',
      'clusters.prod.drain.parallelism',
      /at least 1/,
    ],
    [
      'a lifetime given in minutes',
      'defaults:\n  requestLifetimeMs: 30\n',
      'defaults.requestLifetimeMs',
      /at least 60000/,
    ],
    [
      'an Alertmanager matcher without an operator',
      'clusters:\n  prod:\n    alertmanager: { url: "http://am:9093", gate: ["severity critical"] }\n',
      'clusters.prod.alertmanager.gate[0]',
      /Alertmanager matcher/,
    ],
    [
      'an Alertmanager answer cap in MiB',
      'clusters:\n  prod:\n    alertmanager: { url: "http://am:9093", maxAnswerBytes: 4 }\n',
      'clusters.prod.alertmanager.maxAnswerBytes',
      /16384/,
    ],
    [
      'a settle time in minutes',
      'defaults:\n  fleet: { settleMs: -2 }\n',
      'defaults.fleet.settleMs',
      /at least 0/,
    ],
    [
      'a zone limit of 0',
      'defaults:\n  fleet: { maxUnavailablePerZone: 0 }\n',
      'defaults.fleet.maxUnavailablePerZone',
      /at least 1|>=1/,
    ],
    [
      'a plan size over 5,000 nodes',
      'defaults:\n  fleet: { maxNodes: 10000 }\n',
      'defaults.fleet.maxNodes',
      /at most 5000|<=5000/,
    ],
    [
      'a non-https hook URL',
      'defaults:\n  reboot: { hook: { url: "ftp://a.example/x" } }\n',
      'defaults.reboot.hook.url',
      /http/,
    ],
  ])('refuses %s at its exact path', (_name, text, path, message) => {
    const err = policyError(text);
    expect(err.code).toBe('config-invalid');
    expect(err.path).toBe(path);
    expect(err.message.split('\n')[0]).toMatch(message);
  });

  it('lists every problem, one per line, first one as the path', () => {
    const err = policyError(
      'defaults:\n  approvers: [bob]\nclusters:\n  prod:\n    admins: [carol]\n    outsideWindow: never\n',
    );
    expect(err.path).toBe('defaults.approvers[0]');
    const lines = err.message.split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(/^clusters\.prod\.admins\[0\]: /);
    expect(lines[2]).toMatch(/^clusters\.prod\.outsideWindow: expected one of wait, refuse/);
  });

  it('names file:line:column for YAML syntax errors, and a missing file as config-not-found', async () => {
    const err = policyError('defaults:\n  approvers: [\n');
    expect(err.path).toBe('');
    expect(err.message).toMatch(/^policy\.yaml:\d+:\d+: YAML syntax error/);
    await expect(loadMaintenancePolicy(join(dir, 'nope.yaml'))).rejects.toMatchObject({
      code: 'config-not-found',
      path: 'maintenancePolicy',
    });
  });
});

describe('identities', () => {
  const alice = { platform: 'slack' as const, tenant: 'T01', id: 'U01' };
  it('match by platform, tenant and id only; a display name never counts', () => {
    expect(isAllowed(['slack:T01:U01'], alice)).toBe(true);
    expect(isAllowed(['slack:T01:U01'], { ...alice, tenant: 'T02' })).toBe(false);
    expect(isAllowed(['slack:T01:U01'], { ...alice, platform: 'teams' })).toBe(false);
    expect(
      isAllowed(['slack:T01:U01'], {
        platform: 'slack',
        tenant: 'T01',
        id: 'U99',
        displayName: 'slack:T01:U01',
      }),
    ).toBe(false);
    expect(isAllowed(['*'], { platform: 'teams', tenant: 'tenant-1', id: 'aad-1' })).toBe(true);
    expect(isAllowed([], alice)).toBe(false);
  });

  it('accepts in a policy every console name `--as` accepts, case kept, and nothing more', () => {
    for (const name of ['alice', 'Alice', 'ops.oncall-2', 'x'.repeat(64)]) {
      expect(CONSOLE_USER_PATTERN.test(name)).toBe(true);
      expect(isIdentity(`console:local:${name}`)).toBe(true);
    }
    for (const name of ['', 'a b', 'alice@example.com', 'x'.repeat(65)]) {
      expect(CONSOLE_USER_PATTERN.test(name)).toBe(false);
      expect(isIdentity(`console:local:${name}`)).toBe(false);
    }
    const policy = parseMaintenancePolicy(
      'defaults: { approvers: ["console:local:Alice", "console:local:bob"] }',
      'p.yaml',
    );
    expect(
      isAllowed(policy.forCluster('prod').approvers, { platform: 'console', tenant: 'local', id: 'Alice' }),
    ).toBe(true);
    expect(
      isAllowed(policy.forCluster('prod').approvers, { platform: 'console', tenant: 'local', id: 'alice' }),
    ).toBe(false);
  });
});

describe('change windows', () => {
  const seoulWeeknights: ChangeWindow = {
    days: ['mon', 'tue', 'wed', 'thu'],
    start: '22:00',
    end: '02:00',
    timeZone: 'Asia/Seoul',
  };
  const p = (...changeWindows: ChangeWindow[]) => ({ changeWindows });
  const next = (policy: { changeWindows: ChangeWindow[] }, iso: string) =>
    nextWindowStart(policy, new Date(iso))?.toISOString() ?? null;

  it('has no window to wait for without windows', () => {
    expect(next(p(), '2026-12-01T14:00:00Z')).toBeNull();
    expect(isInChangeWindow(p(), new Date('2026-12-01T14:00:00Z'))).toBe(true);
  });

  it('is inside a window that crosses midnight, on both sides of midnight (Asia/Seoul, UTC+9)', () => {
    // Tue 23:00 KST and Thu 01:30 KST (Wednesday's window).
    expect(next(p(seoulWeeknights), '2026-12-01T14:00:00Z')).toBeNull();
    expect(next(p(seoulWeeknights), '2026-12-02T16:30:00Z')).toBeNull();
    // The start is inside, the end is not: Mon 22:00 KST is in, Fri 02:00 KST is out.
    expect(next(p(seoulWeeknights), '2026-12-07T13:00:00Z')).toBeNull();
    expect(isInChangeWindow(p(seoulWeeknights), new Date('2026-12-03T17:00:00Z'))).toBe(false);
  });

  it('waits over the weekend: Fri 02:00 KST and Sat 01:30 KST → Mon 22:00 KST', () => {
    expect(next(p(seoulWeeknights), '2026-12-03T17:00:00Z')).toBe('2026-12-07T13:00:00.000Z');
    expect(next(p(seoulWeeknights), '2026-12-04T16:30:00Z')).toBe('2026-12-07T13:00:00.000Z');
    // One minute before Monday's window opens.
    expect(next(p(seoulWeeknights), '2026-12-07T12:59:00Z')).toBe('2026-12-07T13:00:00.000Z');
  });

  it('uses the local day of the window zone, not the UTC day (America/New_York Friday night)', () => {
    const fridayNight: ChangeWindow = {
      days: ['fri'],
      start: '23:00',
      end: '01:00',
      timeZone: 'America/New_York',
    };
    // Sat 00:30 EST = Sat 05:30 UTC: inside Friday's window.
    expect(next(p(fridayNight), '2026-12-05T05:30:00Z')).toBeNull();
    // Sat 01:00 EST: over; the next is Fri 11 Dec 23:00 EST = Sat 12 Dec 04:00 UTC.
    expect(next(p(fridayNight), '2026-12-05T06:00:00Z')).toBe('2026-12-12T04:00:00.000Z');
  });

  it('follows daylight saving time (Europe/Berlin)', () => {
    const sundayMorning: ChangeWindow = {
      days: ['sun'],
      start: '02:30',
      end: '05:00',
      timeZone: 'Europe/Berlin',
    };
    // 29 Mar 2026: clocks jump from 02:00 to 03:00 CEST; 02:30 does not exist and opens at 03:30 CEST.
    expect(next(p(sundayMorning), '2026-03-29T00:00:00Z')).toBe('2026-03-29T01:30:00.000Z');
    // A week later, summer time: 02:30 CEST = 00:30 UTC.
    expect(next(p(sundayMorning), '2026-03-30T00:00:00Z')).toBe('2026-04-05T00:30:00.000Z');
    // Winter: 02:30 CET = 01:30 UTC.
    expect(next(p(sundayMorning), '2026-11-30T00:00:00Z')).toBe('2026-12-06T01:30:00.000Z');
  });

  it('takes the earliest of several windows; a whole-day window covers its last minute', () => {
    const saturday: ChangeWindow = { days: ['sat'], start: '00:00', end: '24:00', timeZone: 'UTC' };
    expect(next(p(seoulWeeknights, saturday), '2026-12-04T16:30:00Z')).toBe('2026-12-05T00:00:00.000Z');
    expect(next(p(saturday), '2026-12-05T23:59:59Z')).toBeNull();
    expect(next(p(saturday), '2026-12-06T00:00:00Z')).toBe('2026-12-12T00:00:00.000Z');
  });
});

describe('the maintenancePolicy setting of the config file', () => {
  it('resolves against the config file folder, env K8S_HA_BOT_MAINTENANCE_POLICY against cwd, and must exist', async () => {
    await copyFile(join(repo, 'examples/maintenance-policy.yaml'), join(dir, 'policy.yaml'));
    await copyFile(join(repo, 'examples/ha-3cp.json'), join(dir, 'ha-3cp.json'));
    const configFile = join(dir, 'bot.yaml');
    await writeFile(
      configFile,
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\nmaintenancePolicy: policy.yaml\n',
    );
    const config = await loadConfig({ path: configFile });
    expect(config.maintenancePolicy).toBe(join(dir, 'policy.yaml'));
    expect((await readFile(config.maintenancePolicy ?? '', 'utf8')).length).toBeGreaterThan(0);

    const fromEnv = await loadConfig({
      path: configFile,
      env: { K8S_HA_BOT_MAINTENANCE_POLICY: 'policy.yaml' },
      cwd: dir,
    });
    expect(fromEnv.maintenancePolicy).toBe(join(dir, 'policy.yaml'));

    await writeFile(
      configFile,
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\nmaintenancePolicy: missing.yaml\n',
    );
    await expect(loadConfig({ path: configFile })).rejects.toMatchObject({
      code: 'config-invalid',
      path: 'maintenancePolicy',
    });
    await expect(
      loadConfig({ path: configFile, env: { K8S_HA_BOT_MAINTENANCE_POLICY: 'nope.yaml' }, cwd: dir }),
    ).rejects.toMatchObject({
      path: 'K8S_HA_BOT_MAINTENANCE_POLICY',
    });
    const builtIn = await loadConfig({});
    expect(builtIn.maintenancePolicy).toBeUndefined();
  });
});
