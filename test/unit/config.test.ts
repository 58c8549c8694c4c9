import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { KubeConfig } from '@kubernetes/client-node';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { kubeConfigForContext } from '../../src/cluster/kube-config-for-context.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { checkKubeContexts } from '../../src/config/check-kube-contexts.js';
import { builtInConfigFile, loadConfig } from '../../src/config/load-config.js';
import { validateConfigFile } from '../../src/config/config-file-schema.js';
import { loadKubeContextNames } from '../../src/config/kube-context-names.js';
import { resolveCluster } from '../../src/config/resolve-cluster.js';
import { ConfigError, isBotError } from '../../src/errors.js';

const repo = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const fixture = join(repo, 'test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');

let dir: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-config-'));
  await copyFile(fixture, join(dir, 'ha-3cp.json'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Write a config file into its own folder (next to a copy of the snapshot) and return its path. */
async function writeConfig(text: string): Promise<string> {
  n += 1;
  const folder = join(dir, `case-${n}`);
  await mkdir(folder);
  await copyFile(fixture, join(folder, 'ha-3cp.json'));
  const file = join(folder, 'k8s-ha-bot.yaml');
  await writeFile(file, text);
  return file;
}

/** The ConfigError a promise rejects with (fails the test when it resolves or throws something else). */
async function configError(p: Promise<unknown>): Promise<ConfigError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(err)}`);
  return err;
}

const TWO_CLUSTERS = `clusters:
  demo:
    snapshot: ha-3cp.json
  prod:
    context: prod-admin
`;

describe('loading a configuration file', () => {
  it('reads the documented example, resolving the snapshot against the file folder', async () => {
    const file = await writeConfig(await readFile(join(repo, 'examples/k8s-ha-bot.yaml'), 'utf8'));
    const config = await loadConfig({ path: file, env: {}, cwd: '/' });
    const expected: BotConfig = {
      source: file,
      clusters: {
        prod: { kind: 'context', context: 'prod-admin', requestTimeoutMs: 5000, deadlineMs: 20000 },
        stage: { kind: 'context', context: 'stage-admin', requestTimeoutMs: 3000, deadlineMs: 20000 },
        demo: {
          kind: 'snapshot',
          snapshot: join(dirname(file), 'ha-3cp.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'demo',
      locale: 'en',
      redis: { url: 'redis://127.0.0.1:6379' },
      jobTimeoutMs: 60000,
      logLevel: 'info',
    };
    expect(config).toEqual(expected);
  });

  it('takes the file from K8S_HA_BOT_CONFIG, relative to cwd', async () => {
    const file = await writeConfig(TWO_CLUSTERS);
    const config = await loadConfig({ env: { K8S_HA_BOT_CONFIG: 'k8s-ha-bot.yaml' }, cwd: dirname(file) });
    expect(config.source).toBe(file);
    expect(Object.keys(config.clusters)).toEqual(['demo', 'prod']);
  });

  it('makes the only cluster the default, and leaves it unset with several', async () => {
    const one = await loadConfig({
      path: await writeConfig('clusters:\n  lab:\n    snapshot: ha-3cp.json\n'),
    });
    expect(one.defaultCluster).toBe('lab');
    const two = await loadConfig({ path: await writeConfig(TWO_CLUSTERS) });
    expect(two.defaultCluster).toBeUndefined();
  });

  it('accepts inCluster: true and a kubeconfig path under ~', async () => {
    const file = await writeConfig(`clusters:
  here:
    inCluster: true
  prod:
    context: prod-admin
    kubeconfig: ~/kube.yaml
`);
    await writeFile(join(dirname(file), 'kube.yaml'), 'apiVersion: v1\nkind: Config\n');
    const config = await loadConfig({ path: file, env: { HOME: dirname(file) } });
    expect(config.clusters.here).toEqual({ kind: 'in-cluster', requestTimeoutMs: 5000, deadlineMs: 20000 });
    expect(config.clusters.prod).toMatchObject({
      kind: 'context',
      kubeconfig: join(dirname(file), 'kube.yaml'),
    });
  });
});

describe("a cluster's watch cache bounds", () => {
  it('are read into the cluster (unset ones keep the defaults) and refused when not positive whole numbers', async () => {
    const file = await writeConfig(
      'clusters:\n  prod:\n    context: prod-admin\n    watchCache:\n      maxObjects: 200000\n      maxLineBytes: 1048576\n',
    );
    const config = await loadConfig({ path: file, env: {} });
    expect(config.clusters.prod?.watchCache).toEqual({ maxObjects: 200000, maxLineBytes: 1048576 });
    const err = await configError(
      loadConfig({
        path: await writeConfig(
          'clusters:\n  prod:\n    context: prod-admin\n    watchCache:\n      maxBytes: 0\n      maxObject: 5\n',
        ),
      }),
    );
    expect(err.message.split('\n')).toEqual([
      'clusters.prod.watchCache.maxBytes: must be more than 0',
      'clusters.prod.watchCache.maxObject: unknown setting',
    ]);
  });
});

describe('refusing a bad configuration', () => {
  it('names a missing file (config-not-found)', async () => {
    const err = await configError(loadConfig({ path: join(dir, 'nope.yaml') }));
    expect(err.code).toBe('config-not-found');
    expect(err.message).toContain(join(dir, 'nope.yaml'));
  });

  it('names K8S_HA_BOT_CONFIG when the file it points to is missing', async () => {
    const err = await configError(loadConfig({ env: { K8S_HA_BOT_CONFIG: join(dir, 'gone.yaml') } }));
    expect([err.code, err.path]).toEqual(['config-not-found', 'K8S_HA_BOT_CONFIG']);
  });

  it('gives the line and column of a YAML syntax error', async () => {
    const file = await writeConfig(
      'clusters:\n  prod:\n    context: [prod-admin\n  demo:\n    snapshot: ha-3cp.json\n',
    );
    const err = await configError(loadConfig({ path: file }));
    expect(err.code).toBe('config-invalid');
    expect(err.path).toBe('');
    expect(err.message).toMatch(
      new RegExp(`^${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:\\d+:\\d+: YAML syntax error: `),
    );
    const [, line] = /:(\d+):\d+: YAML/.exec(err.message) ?? [];
    expect(Number(line)).toBeGreaterThanOrEqual(3);
  });

  it('reports a duplicate key with its line', async () => {
    const file = await writeConfig(
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\n  demo:\n    snapshot: ha-3cp.json\n',
    );
    const err = await configError(loadConfig({ path: file }));
    expect(err.message).toContain(`${file}:4:3: YAML syntax error`);
  });

  it('refuses an empty file', async () => {
    const err = await configError(loadConfig({ path: await writeConfig('# nothing\n') }));
    expect(err.message).toContain('is empty');
  });

  it.each([
    [
      'a wrong type',
      'clusters:\n  prod:\n    context: 5\n',
      'clusters.prod.context',
      'clusters.prod.context: expected a string',
    ],
    ['a missing clusters', 'locale: en\n', 'clusters', 'clusters: is required (a mapping)'],
    ['clusters as a list', 'clusters:\n  - prod\n', 'clusters', 'clusters: expected a mapping'],
    [
      'a cluster that is not a mapping',
      'clusters:\n  prod: prod-admin\n',
      'clusters.prod',
      'clusters.prod: expected a mapping',
    ],
    [
      'an unknown setting (typo)',
      'clusters:\n  prod:\n    contex: prod-admin\n',
      'clusters.prod.contex',
      'clusters.prod.contex: unknown setting',
    ],
    [
      'an unknown top-level setting',
      'cluster:\n  prod: {}\nclusters:\n  demo:\n    snapshot: ha-3cp.json\n',
      'cluster',
      'cluster: unknown setting',
    ],
    [
      'a bad locale',
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\nlocale: fr\n',
      'locale',
      'locale: expected one of en, ko',
    ],
    [
      'a fractional timeout',
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\n    deadlineMs: 1.5\n',
      'clusters.demo.deadlineMs',
      'clusters.demo.deadlineMs: expected a whole number',
    ],
    [
      'a request timeout above 5 s',
      'clusters:\n  prod:\n    context: p\n    requestTimeoutMs: 9000\n',
      'clusters.prod.requestTimeoutMs',
      'clusters.prod.requestTimeoutMs: must be at most 5000 (ms): each API request is capped at 5 s',
    ],
    ['no clusters', 'clusters: {}\n', 'clusters', 'clusters: needs at least one cluster'],
    ['an invalid cluster name', 'clusters:\n  Prod_1:\n    context: p\n', 'clusters.Prod_1', undefined],
    [
      'both context and snapshot',
      'clusters:\n  prod:\n    context: prod-admin\n    snapshot: ha-3cp.json\n',
      'clusters.prod',
      'clusters.prod: set exactly one of context, snapshot or inCluster: true (found context and snapshot)',
    ],
    [
      'no source at all',
      'clusters:\n  prod:\n    inCluster: false\n',
      'clusters.prod',
      'clusters.prod: set exactly one of context, snapshot or inCluster: true (none is set)',
    ],
    [
      'a kubeconfig without context',
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\n    kubeconfig: k.yaml\n',
      'clusters.demo.kubeconfig',
      undefined,
    ],
    [
      'a deadline shorter than a request',
      'clusters:\n  prod:\n    context: p\n    deadlineMs: 1000\n',
      'clusters.prod.deadlineMs',
      undefined,
    ],
    [
      'a deadline longer than the job',
      'clusters:\n  prod:\n    context: p\n    deadlineMs: 90000\n',
      'clusters.prod.deadlineMs',
      undefined,
    ],
    [
      'an unknown defaultCluster',
      `${TWO_CLUSTERS}defaultCluster: stage\n`,
      'defaultCluster',
      'defaultCluster: "stage" is not one of the configured clusters (demo, prod)',
    ],
    [
      'a non-redis URL',
      'clusters:\n  demo:\n    snapshot: ha-3cp.json\nredis:\n  url: http://127.0.0.1:6379\n',
      'redis.url',
      'redis.url: expected a redis:// or rediss:// URL, got a http:// URL',
    ],
  ] as const)('refuses %s, naming the exact path', async (_label, yaml, path, message) => {
    const err = await configError(loadConfig({ path: await writeConfig(yaml) }));
    expect(err.code).toBe('config-invalid');
    expect(err.path).toBe(path);
    if (message !== undefined) expect(err.message).toBe(message);
    expect(err.retryable).toBe(false);
  });

  it('lists every schema issue, one per line', async () => {
    const err = await configError(
      loadConfig({
        path: await writeConfig('clusters:\n  prod:\n    context: 5\nlocale: fr\njobTimeoutMs: -1\n'),
      }),
    );
    expect(err.message.split('\n')).toEqual([
      'clusters.prod.context: expected a string',
      'locale: expected one of en, ko',
      'jobTimeoutMs: must be more than 0',
    ]);
  });

  it('checks that a snapshot file exists, naming its absolute path', async () => {
    const file = await writeConfig('clusters:\n  demo:\n    snapshot: missing.json\n');
    const err = await configError(loadConfig({ path: file }));
    expect(err.path).toBe('clusters.demo.snapshot');
    expect(err.message).toBe(`clusters.demo.snapshot: no such file ${join(dirname(file), 'missing.json')}`);
  });

  it('never echoes a Redis URL (it may hold a password)', async () => {
    const err = await configError(
      loadConfig({
        path: await writeConfig('clusters:\n  demo:\n    snapshot: ha-3cp.json\n'),
        env: { REDIS_URL: 'not a url s3cret' },
      }),
    );
    expect(err.path).toBe('REDIS_URL');
    expect(err.message).not.toContain('s3cret');
  });
});

describe('environment overrides', () => {
  it('applies REDIS_URL, K8S_HA_BOT_DEFAULT_CLUSTER, K8S_HA_BOT_LOCALE and LOG_LEVEL over the file', async () => {
    const file = await writeConfig(
      `${TWO_CLUSTERS}defaultCluster: demo\nlocale: en\nredis:\n  url: redis://127.0.0.1:6379\nlogLevel: info\n`,
    );
    const config = await loadConfig({
      path: file,
      env: {
        REDIS_URL: 'rediss://redis.internal:6380/2',
        K8S_HA_BOT_DEFAULT_CLUSTER: 'prod',
        K8S_HA_BOT_LOCALE: 'ko',
        LOG_LEVEL: 'debug',
      },
    });
    expect(config).toMatchObject({
      redis: { url: 'rediss://redis.internal:6380/2' },
      defaultCluster: 'prod',
      locale: 'ko',
      logLevel: 'debug',
    });
  });

  it('treats empty values as unset', async () => {
    const file = await writeConfig(`${TWO_CLUSTERS}defaultCluster: demo\n`);
    const config = await loadConfig({
      path: file,
      env: { K8S_HA_BOT_DEFAULT_CLUSTER: '', LOG_LEVEL: ' ', REDIS_URL: '' },
    });
    expect(config.defaultCluster).toBe('demo');
    expect(config.logLevel).toBe('info');
    expect(config.redis).toBeUndefined();
  });

  it.each([
    [
      'K8S_HA_BOT_DEFAULT_CLUSTER',
      'stage',
      'K8S_HA_BOT_DEFAULT_CLUSTER: "stage" is not one of the configured clusters (demo, prod)',
    ],
    ['K8S_HA_BOT_LOCALE', 'jp', 'K8S_HA_BOT_LOCALE: expected one of en, ko'],
    ['LOG_LEVEL', 'loud', 'LOG_LEVEL: expected one of fatal, error, warn, info, debug, trace, silent'],
    ['REDIS_URL', 'http://x', 'REDIS_URL: expected a redis:// or rediss:// URL, got a http:// URL'],
  ])('refuses a bad %s, naming the variable', async (name, value, message) => {
    const err = await configError(
      loadConfig({ path: await writeConfig(TWO_CLUSTERS), env: { [name]: value } }),
    );
    expect([err.path, err.message]).toEqual([name, message]);
  });

  it('never reads process.env', async () => {
    const saved = process.env.K8S_HA_BOT_LOCALE;
    process.env.K8S_HA_BOT_LOCALE = 'ko';
    try {
      const config = await loadConfig({ path: await writeConfig(TWO_CLUSTERS), env: {} });
      expect(config.locale).toBe('en');
    } finally {
      if (saved === undefined) delete process.env.K8S_HA_BOT_LOCALE;
      else process.env.K8S_HA_BOT_LOCALE = saved;
    }
  });
});

describe('the built-in configuration', () => {
  it('serves cluster demo from examples/ha-3cp.json under the package root, not cwd', async () => {
    const root = join(dir, 'pkg');
    await mkdir(join(root, 'examples'), { recursive: true });
    await copyFile(fixture, join(root, 'examples/ha-3cp.json'));
    const config = await loadConfig({ env: {}, cwd: '/', packageRoot: root });
    const expected: BotConfig = {
      source: 'built-in',
      clusters: {
        demo: {
          kind: 'snapshot',
          snapshot: join(root, 'examples/ha-3cp.json'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'demo',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'info',
    };
    expect(config).toEqual(expected);
  });

  it('still takes env overrides', async () => {
    const root = join(dir, 'pkg');
    const config = await loadConfig({
      env: { K8S_HA_BOT_LOCALE: 'ko', REDIS_URL: 'redis://127.0.0.1:1' },
      packageRoot: root,
    });
    expect(config).toMatchObject({ locale: 'ko', redis: { url: 'redis://127.0.0.1:1' } });
  });

  it("finds this package's root by itself", async () => {
    const expected = join(repo, 'examples/ha-3cp.json');
    const result = await loadConfig({ env: {}, cwd: '/' }).then(
      (c) => c.clusters.demo,
      (e: unknown) => e,
    );
    // examples/ha-3cp.json is provided by another change; either way the path must be the package's.
    if (isBotError(result)) expect(result.message).toBe(`clusters.demo.snapshot: no such file ${expected}`);
    else expect(result).toMatchObject({ kind: 'snapshot', snapshot: expected });
  });
});

const KUBECONFIG_TEXT = `apiVersion: v1
kind: Config
clusters:
- name: c1
  cluster: { server: 'https://127.0.0.1:6443' }
users:
- name: u1
  user: { token: not-a-real-token }
contexts:
- name: a
  context: { cluster: c1, user: u1 }
- name: b
  context: { cluster: c1, user: u1 }
current-context: a
`;

function kubeConfigFromString(): KubeConfig {
  const kc = new KubeConfig();
  kc.loadFromString(KUBECONFIG_TEXT);
  return kc;
}

describe('checking kubeconfig contexts', () => {
  const config = (contexts: Record<string, string>): BotConfig => ({
    source: 'test',
    clusters: Object.fromEntries(
      Object.entries(contexts).map(([name, context]) => [
        name,
        { kind: 'context', context, requestTimeoutMs: 5000, deadlineMs: 20000 },
      ]),
    ),
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'info',
  });

  it('passes when every context exists, loading each kubeconfig once', () => {
    const calls: (string | undefined)[] = [];
    checkKubeContexts(config({ one: 'a', two: 'b' }), (path) => {
      calls.push(path);
      return kubeConfigFromString();
    });
    expect(calls).toEqual([undefined]);
  });

  it('names the cluster, the context and what is available', () => {
    let err: unknown;
    try {
      checkKubeContexts(config({ one: 'a', prod: 'prod-admin' }), () => kubeConfigFromString());
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect(err).toMatchObject({
      code: 'kube-context-unknown',
      path: 'clusters.prod.context',
      message: 'clusters.prod.context: no context "prod-admin" in kubeconfig (available: a, b)',
    });
  });

  it('reports a kubeconfig that cannot be loaded', async () => {
    const file = join(dir, 'broken-kubeconfig.yaml');
    await writeFile(file, 'contexts: [ {name: a\n');
    const cfg: BotConfig = {
      ...config({}),
      clusters: {
        prod: { kind: 'context', context: 'a', kubeconfig: file, requestTimeoutMs: 5000, deadlineMs: 20000 },
      },
    };
    expect(() => checkKubeContexts(cfg, (path) => loadKubeContextNames(path, {}))).toThrow(
      expect.objectContaining({ code: 'config-invalid', path: 'clusters.prod.kubeconfig' }),
    );
  });

  it('works with the real loader on a kubeconfig file', async () => {
    const file = join(dir, 'kubeconfig.yaml');
    await writeFile(file, KUBECONFIG_TEXT);
    const cfg: BotConfig = {
      ...config({}),
      clusters: {
        prod: { kind: 'context', context: 'zz', kubeconfig: file, requestTimeoutMs: 5000, deadlineMs: 20000 },
      },
    };
    expect(() => checkKubeContexts(cfg, (path) => loadKubeContextNames(path, {}))).toThrow(
      'no context "zz" in kubeconfig (available: a, b)',
    );
  });
});

describe('kubeconfig context names for config check, read without the Kubernetes client', () => {
  const OTHER = KUBECONFIG_TEXT.replace(/\bc1\b/g, 'c2')
    .replace(/\bu1\b/g, 'u2')
    .replace('- name: a\n', '- name: c\n')
    .replace('- name: b\n', '- name: d\n');
  const names = (source: { getContexts(): { name: string }[] }): string[] =>
    source.getContexts().map((c) => c.name);
  let one: string;
  let two: string;
  beforeAll(async () => {
    one = join(dir, 'names-one.yaml');
    two = join(dir, 'names-two.yaml');
    await writeFile(one, KUBECONFIG_TEXT);
    await writeFile(two, OTHER);
  });

  it('a file: the names the client reads from it', () => {
    const kc = new KubeConfig();
    kc.loadFromFile(one);
    expect(names(loadKubeContextNames(one, {}))).toEqual(names(kc));
  });

  it('KUBECONFIG with two files: every context, and a name in both taken once, from the first (kubectl, as the cluster readers)', () => {
    const kc = new KubeConfig();
    kc.loadFromFile(one);
    const second = new KubeConfig();
    second.loadFromFile(two);
    kc.mergeConfig(second);
    expect(names(loadKubeContextNames(undefined, { kubeconfig: `${one}${delimiter}${two}` }))).toEqual(
      names(kc),
    );
    expect(names(kc)).toEqual(['a', 'b', 'c', 'd']);
    // The same names in both files: kubectl's merging rules keep the first file's entries (the
    // first file to set a map key wins, kubernetes.io "Organizing Cluster Access Using kubeconfig
    // Files"), where client-node's mergeConfig throws `Duplicate cluster: c1`; the names are those
    // the cluster reader (kubeConfigForContext) selects from.
    const both = { kubeconfig: `${one}${delimiter}${one}` };
    expect(names(loadKubeContextNames(undefined, both))).toEqual(['a', 'b']);
    expect(names(kubeConfigForContext(undefined, null, both))).toEqual(['a', 'b']);
  });

  it('without KUBECONFIG: $HOME/.kube/config, else the service account, else no kubeconfig (config-not-found)', async () => {
    const home = join(dir, 'home');
    await mkdir(join(home, '.kube'), { recursive: true });
    await writeFile(join(home, '.kube', 'config'), OTHER);
    expect(names(loadKubeContextNames(undefined, { home }))).toEqual(['c', 'd']);
    const token = join(dir, 'sa-token');
    await writeFile(token, 'x');
    expect(names(loadKubeContextNames(undefined, { home: join(dir, 'nowhere') }, token))).toEqual([
      'inClusterContext',
    ]);
    expect(() =>
      loadKubeContextNames(undefined, { home: join(dir, 'nowhere') }, join(dir, 'no-token')),
    ).toThrow(expect.objectContaining({ code: 'config-not-found' }));
  });

  it('an invalid context entry gives the message the client gives', async () => {
    const bad = join(dir, 'names-bad.yaml');
    const text = KUBECONFIG_TEXT.replace('{ cluster: c1, user: u1 }\n- name: b', '{ user: u1 }\n- name: b');
    await writeFile(bad, text);
    const kc = new KubeConfig();
    expect(() => kc.loadFromString(text)).toThrow('contexts[0].context.cluster is missing');
    expect(() => loadKubeContextNames(bad, {})).toThrow('contexts[0].context.cluster is missing');
  });
});

describe('resolving the cluster a request is about', () => {
  const base: BotConfig = {
    source: 'test',
    clusters: {
      demo: { kind: 'snapshot', snapshot: '/x.json', requestTimeoutMs: 5000, deadlineMs: 20000 },
      prod: { kind: 'context', context: 'prod-admin', requestTimeoutMs: 5000, deadlineMs: 20000 },
      stage: { kind: 'context', context: 'stage-admin', requestTimeoutMs: 5000, deadlineMs: 20000 },
    },
    defaultCluster: 'demo',
    locale: 'en',
    jobTimeoutMs: 60000,
    logLevel: 'info',
  };

  it('returns the named cluster with its name', () => {
    expect(resolveCluster(base, 'prod')).toEqual({
      name: 'prod',
      kind: 'context',
      context: 'prod-admin',
      requestTimeoutMs: 5000,
      deadlineMs: 20000,
    });
  });

  it('returns the default when no name is given', () => {
    expect(resolveCluster(base).name).toBe('demo');
  });

  it('suggests close names for an unknown one', () => {
    expect(() => resolveCluster(base, 'stg')).toThrow(
      expect.objectContaining({
        code: 'cluster-unknown',
        message: 'no cluster named stg; did you mean stage? configured: demo, prod, stage',
      }),
    );
  });

  it('does not treat Object.prototype members as clusters', () => {
    expect(() => resolveCluster(base, 'constructor')).toThrow(
      expect.objectContaining({ code: 'cluster-unknown' }),
    );
  });

  it('refuses to guess without a name or default', () => {
    const { defaultCluster: _d, ...noDefault } = base;
    expect(() => resolveCluster(noDefault)).toThrow(
      expect.objectContaining({
        code: 'cluster-unknown',
        message:
          'no cluster named in the request and no defaultCluster configured; configured: demo, prod, stage',
      }),
    );
  });
});

describe('the built-in configuration (issue 18: used without the schema check)', () => {
  it('is what the schema makes of it, unchanged', () => {
    expect(validateConfigFile(builtInConfigFile())).toEqual({ ok: true, file: builtInConfigFile() });
  });

  it('is a new object each time (a caller may not change the next one)', () => {
    const a = builtInConfigFile();
    a.defaultCluster = 'changed';
    expect(builtInConfigFile().defaultCluster).toBe('demo');
  });
});
