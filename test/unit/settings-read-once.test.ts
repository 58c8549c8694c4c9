/**
 * Settings read once: src/config/settings.ts is the only module that reads an
 * environment; every other module of src/, adapters/ and workers/ gets the typed settings (or a
 * whole environment object it passes on: the entry points). `config check` prints the one settings
 * object; the queue prefix, the Redis key names and the job time limit each come from one place.
 * No processes besides the CLI run in-process.
 */
import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { main } from '../../adapters/k8s-ha-bot.js';
import { loadConfig } from '../../src/config/load-config.js';
import { DEFAULT_QUEUE_PREFIX, queueKeys } from '../../src/config/queue-keys.js';
import { describeSettings, jobTimeoutMsOf, loadSettings } from '../../src/config/settings.js';
import { resolveWorkerSettings, workerSettingsOf } from '../../workers/main.js';

const root = path.resolve(import.meta.dirname, '../..');

/** The module allowed to read an environment. */
const SETTINGS_MODULE = 'src/config/settings.ts';

/**
 * Modules that mention an environment for a stated reason (and read no setting from it):
 * - the entry points hand `process.env` as a whole to `loadSettings` (the CLI's default io, the
 *   worker's own `main`);
 * - the log redaction reads every variable's value to mask it in logs, whatever its name.
 */
const ALLOWED: Readonly<Record<string, RegExp>> = {
  'adapters/console/cli.ts': /^process\.env$/,
  'workers/main.ts': /^process\.env$/,
  'src/util/redaction.ts': /^Object\.entries\(env\)$/,
};

/** Every .ts file below `dir`, repository-relative. */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(root, dir))) {
    const rel = path.join(dir, name);
    if (statSync(path.join(root, rel)).isDirectory()) out.push(...sources(rel));
    else if (name.endsWith('.ts')) out.push(rel);
  }
  return out;
}

/** Code without comments and with empty quoted strings (a doc or a log path naming `env.X` is not a read). */
function code(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"/g, "''");
}

/**
 * The places a source reads an environment: `process.env` in any form, an `env` object indexed
 * (`env[NAME]`, `env?.[NAME]`) or read by name (`env.LOG_LEVEL`, `io.env.PORT`), or walked
 * (`Object.entries(env)`).
 */
function environmentReads(text: string): string[] {
  const reads = [
    /process\.env(?:\s*(?:\?\.)?\s*(?:\.\s*[A-Za-z_]\w*|\[[^\]]*\]))?/g,
    /(?<!process\.)\benv\s*(?:\?\.)?\s*\[[^\]]*\]/g,
    /(?<!process\.)\benv\s*(?:\?\.|\.)\s*[A-Z_][A-Z0-9_]*\b/g,
    /Object\.(?:entries|keys|values)\(\s*(?:[\w.]+\.)?env\s*\)/g,
  ];
  return reads.flatMap((re) => [...code(text).matchAll(re)].map((m) => m[0].replace(/\s+/g, '')));
}

/** The part readers of the settings module and the value parsers it hands variables to. */
const PARSERS =
  /\b(loadSettings|queuePrefixFrom|listenHostFrom|opsPortFrom|shutdownDeadlineFrom|rateLimitSettingsFrom|devInsecureFrom|watchCacheEnabled|loadSlackConfig|loadTeamsConfig|teamsConfigured|redisSettingsFromValues)\s*\(/g;

describe('settings are read once, in src/config/settings.ts', () => {
  it('the scanner finds the reads it looks for (a made-up module)', () => {
    const probe = [
      'const a = process.env.K8S_HA_BOT_OPS_PORT;',
      "const b = process.env['LOG_LEVEL'];",
      'const c = env[OPS_ENV.port];',
      'const d = io.env.LOG_LEVEL;',
      'const e = options.env?.TEAMS_PORT;',
      'for (const [k, v] of Object.entries(options.env)) use(k, v);',
      '// process.env.IN_A_COMMENT is not a read',
      'const f = settings.ops.port; const g = envelope[0];',
      "const paths = ['env.SLACK_BOT_TOKEN']; // a log redaction path, not a read",
    ].join('\n');
    expect(environmentReads(probe)).toEqual([
      'process.env.K8S_HA_BOT_OPS_PORT',
      "process.env['']",
      'env[OPS_ENV.port]',
      'env.LOG_LEVEL',
      'env?.TEAMS_PORT',
      'Object.entries(options.env)',
    ]);
  });

  it('no module of src/, adapters/ or workers/ reads an environment but the settings module', () => {
    const found: string[] = [];
    const used = new Set<string>();
    for (const file of ['src', 'adapters', 'workers'].flatMap(sources)) {
      if (file === SETTINGS_MODULE) continue;
      const allowed = ALLOWED[file];
      for (const read of environmentReads(readFileSync(path.join(root, file), 'utf8')))
        if (allowed?.test(read)) used.add(file);
        else found.push(`${file}: ${read}`);
    }
    expect(found).toEqual([]);
    // Every exception is still needed (a stale one would hide a new read in that file).
    expect([...used].sort()).toEqual(Object.keys(ALLOWED).sort());
    // The settings module does read it (the scan would pass vacuously otherwise).
    expect(environmentReads(readFileSync(path.join(root, SETTINGS_MODULE), 'utf8')).length).toBeGreaterThan(
      0,
    );
  });

  it('no module calls a part reader; loadSettings only where an environment is handed in', () => {
    /** Where the readers and value parsers live. */
    const home = new Set([SETTINGS_MODULE, 'src/config/chat-settings.ts', 'src/config/redis-settings.ts']);
    /** Modules that load settings from an environment they were given (entry points; tests pass one instead of settings). */
    const loaders = new Set([
      'adapters/console/cli.ts',
      'workers/main.ts',
      'src/config/load-config.ts',
      'src/ops/ops-server.ts',
    ]);
    const found: string[] = [];
    for (const file of ['src', 'adapters', 'workers'].flatMap(sources)) {
      if (home.has(file)) continue;
      for (const m of code(readFileSync(path.join(root, file), 'utf8')).matchAll(PARSERS))
        if (!(m[1] === 'loadSettings' && loaders.has(file))) found.push(`${file}: ${m[1]}(`);
    }
    expect(found).toEqual([]);
  });
});

describe('one settings object', () => {
  it('config check prints every setting loadSettings returns (secrets as "(set)")', async () => {
    const home = await mkdtemp(path.join(tmpdir(), 'settings-once-'));
    try {
      const env = {
        HOME: home,
        SLACK_BOT_TOKEN: 'xoxb-1111-2222-AbCdEfGhIjKlMnOp',
        SLACK_SIGNING_SECRET: '0123456789abcdef0123456789abcdef',
        K8S_HA_BOT_QUEUE_PREFIX: 'botb',
        K8S_HA_BOT_TIME_ZONE: 'asia/seoul',
        K8S_HA_BOT_WATCH_CACHE: 'off',
        K8S_HA_BOT_JOB_TIMEOUT_MS: '45000',
      };
      let out = '';
      let err = '';
      const code = await main(['node', 'k8s-ha-bot', 'config', 'check'], {
        out: (t) => void (out += t),
        err: (t) => void (err += t),
        env,
      });
      expect(err).toBe('');
      expect(code).toBe(0);
      const lines = describeSettings(loadSettings(env));
      for (const line of lines) expect(out).toContain(`  ${line}\n`);
      // Every leaf of the object has its line: a setting added to Settings is printed without a line to write.
      const leaves = (value: unknown, at: string): string[] =>
        value !== null && typeof value === 'object' && !Array.isArray(value)
          ? Object.entries(value).flatMap(([k, v]) => leaves(v, at ? `${at}.${k}` : k))
          : typeof value === 'function'
            ? []
            : [at];
      const { redis: _redis, chat, ...printed } = loadSettings(env);
      // A platform prints as its settings, or as `not configured` (Teams here).
      for (const leaf of leaves({ ...printed, chat: { ...chat, slack: chat.slack.value, teams: '' } }, ''))
        expect(lines.some((l) => l.startsWith(`${leaf}: `))).toBe(true);
      expect(out).toContain('  queue.prefix: botb\n');
      expect(out).toContain('  queue.keys.slackStore: k8s-ha-bot:slack:botb:\n');
      expect(out).toContain('  chat.timeZone: Asia/Seoul\n');
      expect(out).toContain('  jobTimeoutMs: 45000\n');
      expect(out).toContain('  chat.slack.botToken: (set)\n');
      expect(out).not.toContain('AbCdEfGhIjKlMnOp');
      expect(out).not.toContain('0123456789abcdef0123456789abcdef');
    } finally {
      await rm(home, { recursive: true, force: true });
    }
  });

  it('an empty K8S_HA_BOT_QUEUE_PREFIX means the default prefix in the CLI, the gateway and the worker', () => {
    const env = { K8S_HA_BOT_QUEUE_PREFIX: '', REDIS_URL: 'redis://r:6379', K8S_HA_BOT_WORKER_CLUSTERS: 'a' };
    expect(loadSettings(env).queue.prefix).toBe(DEFAULT_QUEUE_PREFIX);
    expect(resolveWorkerSettings(env, ['node', 'worker']).prefix).toBe(DEFAULT_QUEUE_PREFIX);
    const { replyThrottle: _a, ...keys } = loadSettings(env).queue.keys;
    const { replyThrottle: _b, ...defaults } = queueKeys();
    expect(keys).toEqual(defaults);
  });

  it('owns every Redis key name in queueKeys: the default prefix adds no part, another one does', () => {
    const { replyThrottle: throttle, ...plain } = queueKeys();
    expect(plain).toEqual({
      prefix: 'bull',
      slackStore: 'k8s-ha-bot:slack:',
      teamsStore: 'k8s-ha-bot:teams:',
      maintenance: 'k8s-ha-bot:maintenance:',
      maintenanceAudit: 'k8s-ha-bot:maintenance:audit',
      schedule: 'k8s-ha-bot:schedule:',
      rateLimit: 'k8s-ha-bot:rl',
    });
    expect(throttle('k8s-ha-bot-replies-slack')).toBe('bull:k8s-ha-bot-replies-slack:throttle');
    const { replyThrottle: _t, ...botb } = queueKeys('botb');
    expect(botb).toEqual({
      prefix: 'botb',
      slackStore: 'k8s-ha-bot:slack:botb:',
      teamsStore: 'k8s-ha-bot:teams:botb:',
      maintenance: 'k8s-ha-bot:maintenance:botb:',
      maintenanceAudit: 'k8s-ha-bot:maintenance:botb:audit',
      schedule: 'k8s-ha-bot:schedule:botb:',
      rateLimit: 'k8s-ha-bot:rl:botb',
    });
  });

  it('the job time limit comes from one place: flag, else environment, else the file, else 60 s', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'settings-timeout-'));
    try {
      const file = path.join(dir, 'bot.yaml');
      await writeFile(
        file,
        `clusters:\n  demo: { snapshot: ${path.join(root, 'examples/ha-3cp.json')} }\njobTimeoutMs: 30000\n`,
      );
      const fromFile = await loadConfig({ path: file, env: {} });
      const fromEnv = await loadConfig({ path: file, env: { K8S_HA_BOT_JOB_TIMEOUT_MS: '45000' } });
      expect([fromFile.jobTimeoutMs, fromEnv.jobTimeoutMs]).toEqual([30000, 45000]);
      // The worker started by the CLI takes the configuration's; a standalone worker its flag or variable.
      const env = { REDIS_URL: 'redis://r:6379', K8S_HA_BOT_WORKER_CLUSTERS: 'demo' };
      expect(
        workerSettingsOf(loadSettings(env), { ...fromFile, redis: { url: 'redis://r:6379' } }).jobTimeoutMs,
      ).toBe(30000);
      expect(
        resolveWorkerSettings({ ...env, K8S_HA_BOT_JOB_TIMEOUT_MS: '45000' }, ['n', 'w']).jobTimeoutMs,
      ).toBe(45000);
      expect(
        resolveWorkerSettings({ ...env, K8S_HA_BOT_JOB_TIMEOUT_MS: '45000' }, [
          'n',
          'w',
          '--job-timeout-ms',
          '5000',
        ]).jobTimeoutMs,
      ).toBe(5000);
      expect(jobTimeoutMsOf(loadSettings({}))).toBe(60_000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
