/**
 * StaticKubeconfig (src/cluster/static-kubeconfig.ts) reads a kubeconfig context without loading
 * client-node's KubeConfig (issue 32 item 3). Its oracle is client-node itself: for every kubeconfig
 * of static credentials below, the request options it prepares are those of
 * `KubeConfig.loadFromFile` + `applyToHTTPSOptions`; anything else is left to client-node (null).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type https from 'node:https';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KubeConfig } from '@kubernetes/client-node';
import {
  StaticKubeconfig,
  kubeAccessForContext,
  singleKubeconfigFile,
} from '../../src/cluster/static-kubeconfig.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'static-kubeconfig-'));
  await writeFile(join(dir, 'ca.crt'), 'CA PEM FROM FILE');
  await writeFile(join(dir, 'client.crt'), 'CLIENT CERT FROM FILE');
  await writeFile(join(dir, 'client.key'), 'CLIENT KEY FROM FILE');
  await writeFile(join(dir, 'token'), 'token-from-file');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const b64 = (s: string): string => Buffer.from(s).toString('base64');

/** A kubeconfig of one context `ctx` (current) on `cluster` as `user`, plus a second context `other`. */
function kubeconfig(cluster: Record<string, unknown>, user: Record<string, unknown> | null): string {
  return JSON.stringify({
    apiVersion: 'v1',
    kind: 'Config',
    'current-context': 'ctx',
    clusters: [
      { name: 'c', cluster: { server: 'https://10.0.0.1:6443/', ...cluster } },
      { name: 'c2', cluster: { server: 'https://10.0.0.2:6443', 'insecure-skip-tls-verify': true } },
    ],
    users: [
      { name: 'u', user },
      { name: 'u2', user: { token: 'second-token' } },
    ],
    contexts: [
      { name: 'ctx', context: { cluster: 'c', user: 'u' } },
      { name: 'other', context: { cluster: 'c2', user: 'u2' } },
    ],
  });
}

let n = 0;
async function fileOf(text: string): Promise<string> {
  const path = join(dir, `config-${n++}`);
  await writeFile(path, text);
  return path;
}

/** The options client-node prepares for the file's context. */
async function clientNodeOptions(path: string, context?: string): Promise<https.RequestOptions> {
  const kc = new KubeConfig();
  kc.loadFromFile(path);
  if (context) kc.setCurrentContext(context);
  const opts: https.RequestOptions = {};
  await kc.applyToHTTPSOptions(opts);
  return opts;
}

/** The TLS and credential fields of request options (client-node also sets an agent). */
const fields = (o: https.RequestOptions): Record<string, unknown> => ({
  ca: o.ca?.toString(),
  cert: o.cert?.toString(),
  key: o.key?.toString(),
  rejectUnauthorized: o.rejectUnauthorized,
  servername: o.servername,
  auth: o.auth,
  authorization: (o.headers as Record<string, unknown> | undefined)?.Authorization,
  impersonate: (o.headers as Record<string, unknown> | undefined)?.['Impersonate-User'],
});

describe('StaticKubeconfig prepares the requests as client-node does', () => {
  it.each([
    [
      'a bearer token and the CA as data',
      { 'certificate-authority-data': b64('CA PEM') },
      { token: 'abc.def' },
    ],
    ['a token file', {}, { 'token-file': '__DIR__/token' }],
    [
      'a client certificate and key as data',
      { 'certificate-authority-data': b64('CA PEM') },
      { 'client-certificate-data': b64('CERT PEM'), 'client-key-data': b64('KEY PEM') },
    ],
    [
      'certificate files relative to the kubeconfig',
      { 'certificate-authority': 'ca.crt' },
      { 'client-certificate': 'client.crt', 'client-key': 'client.key' },
    ],
    ['basic auth', { 'insecure-skip-tls-verify': true }, { username: 'admin', password: 's3cret' }],
    ['tls-server-name and impersonation', { 'tls-server-name': 'kubernetes' }, { token: 't', as: 'jane' }],
    // Values client-node leaves unset (attack of 2026-12-07: these threw a TypeError or ENOENT here).
    [
      'a null CA path beside its data',
      { 'certificate-authority': null, 'certificate-authority-data': b64('CA PEM') },
      { token: 't' },
    ],
    [
      'an empty CA path beside its data',
      { 'certificate-authority': '', 'certificate-authority-data': b64('CA PEM') },
      { token: 't' },
    ],
    [
      'a null client certificate',
      { 'insecure-skip-tls-verify': true },
      { 'client-certificate': null, token: 't' },
    ],
    ['a user with no body', { 'insecure-skip-tls-verify': true }, null],
  ])('%s', async (_label, cluster, user) => {
    const u = JSON.parse(JSON.stringify(user).replace('__DIR__', dir)) as Record<string, unknown> | null;
    const path = await fileOf(kubeconfig(cluster, u));
    const light = StaticKubeconfig.read(path, null);
    expect(light).not.toBeNull();
    const opts: https.RequestOptions = {};
    await light?.applyToHTTPSOptions(opts);
    expect(fields(opts)).toEqual(fields(await clientNodeOptions(path)));
    const kc = new KubeConfig();
    kc.loadFromFile(path);
    expect(light?.getCurrentContext()).toBe(kc.getCurrentContext());
    expect(light?.getCurrentCluster()).toEqual(kc.getCurrentCluster());
  });

  it('a named context, not the current one', async () => {
    const path = await fileOf(kubeconfig({}, { token: 'first' }));
    const light = StaticKubeconfig.read(path, 'other');
    const opts: https.RequestOptions = {};
    await light?.applyToHTTPSOptions(opts);
    expect(light?.getCurrentContext()).toBe('other');
    expect(fields(opts)).toEqual(fields(await clientNodeOptions(path, 'other')));
  });

  it('YAML as kubectl writes it', async () => {
    const path = await fileOf(
      [
        'apiVersion: v1',
        'kind: Config',
        'clusters:',
        '- cluster:',
        '    server: https://127.0.0.1:8443',
        '  name: sim',
        'contexts:',
        '- context:',
        '    cluster: sim',
        '    user: sim',
        '  name: simulator',
        'current-context: simulator',
        'users:',
        '- name: sim',
        '  user:',
        '    token: sim-token',
        '',
      ].join('\n'),
    );
    const light = StaticKubeconfig.read(path, undefined);
    expect(light?.getCurrentCluster().server).toBe('https://127.0.0.1:8443');
    const opts: https.RequestOptions = {};
    await light?.applyToHTTPSOptions(opts);
    expect(fields(opts)).toEqual(fields(await clientNodeOptions(path)));
  });
});

describe('what StaticKubeconfig leaves to client-node', () => {
  it.each([
    [
      'an exec credential plugin',
      {},
      { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'aws' } },
    ],
    ['an auth-provider', {}, { 'auth-provider': { name: 'oidc', config: {} } }],
    ['a proxy', { 'proxy-url': 'http://proxy:3128' }, { token: 't' }],
  ])('%s', async (_label, cluster, user) => {
    expect(StaticKubeconfig.read(await fileOf(kubeconfig(cluster, user)), null)).toBeNull();
  });

  it('a context the file lacks, a file that is not a kubeconfig, no file', async () => {
    const path = await fileOf(kubeconfig({}, { token: 't' }));
    expect(StaticKubeconfig.read(path, 'nope')).toBeNull();
    expect(StaticKubeconfig.read(await fileOf('clusters: [{ cluster: {} }]\n'), null)).toBeNull();
    expect(StaticKubeconfig.read(join(dir, 'missing'), null)).toBeNull();
  });

  it('kubeAccessForContext: client-node reads what StaticKubeconfig does not, with its errors', async () => {
    const exec = await fileOf(
      kubeconfig({}, { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'true' } }),
    );
    expect(await kubeAccessForContext(exec, null)).toBeInstanceOf(KubeConfig);
    const token = await fileOf(kubeconfig({}, { token: 't' }));
    expect(await kubeAccessForContext(token, null)).toBeInstanceOf(StaticKubeconfig);
    await expect(kubeAccessForContext(token, 'nope', '--context')).rejects.toThrow(
      /no context "nope" in the kubeconfig; available contexts: ctx, other/,
    );
  });

  it('a kubeconfig that is not valid YAML: the error says where, never quotes the file (a token in it)', async () => {
    const broken = await fileOf(
      'apiVersion: v1\nusers:\n- name: u\n  user:\n    token: SUPERSECRETTOKEN\n   bad: indent\ncontexts: []\n',
    );
    const err = await kubeAccessForContext(broken, null).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/cannot be read: not valid YAML: .*\(line \d+, column \d+\)/);
    expect(err?.message).not.toContain('SUPERSECRETTOKEN');
  });

  it('singleKubeconfigFile: one KUBECONFIG file, else ~/.kube/config when it exists; a list goes to client-node', async () => {
    expect(singleKubeconfigFile({ kubeconfig: '/a/config' })).toBe('/a/config');
    expect(
      singleKubeconfigFile({ kubeconfig: ['/a', '/b'].join(process.platform === 'win32' ? ';' : ':') }),
    ).toBeUndefined();
    expect(singleKubeconfigFile({ home: dir })).toBeUndefined();
  });
});

describe('where kubectl and client-node differ, StaticKubeconfig follows kubectl (client-go)', () => {
  const headersOf = async (light: StaticKubeconfig | null): Promise<Record<string, unknown>> => {
    const opts: https.RequestOptions = {};
    await light?.applyToHTTPSOptions(opts);
    return (opts.headers ?? {}) as Record<string, unknown>;
  };

  it('a token-file relative to the kubeconfig’s folder (client-go tools/clientcmd/loader.go GetAuthInfoFileReferences)', async () => {
    // `token` is in the kubeconfig's folder, not in the working folder (the repository).
    const path = await fileOf(kubeconfig({}, { 'token-file': 'token' }));
    expect((await headersOf(StaticKubeconfig.read(path, null))).Authorization).toBe('Bearer token-from-file');
  });

  it.each(['clusters', 'users', 'contexts'] as const)(
    'a name given twice in %s: refused, as kubectl refuses the file (client-go tools/clientcmd/api/v1/conversion.go "duplicate name")',
    async (list) => {
      const doc = JSON.parse(kubeconfig({}, { token: 't' })) as Record<string, { name: string }[]>;
      const first = doc[list]?.[0];
      if (!first) throw new Error(list);
      doc[list]?.push({ ...first });
      const path = await fileOf(JSON.stringify(doc));
      expect(() => StaticKubeconfig.read(path, null)).toThrow(
        `two ${list} have the same name (kubectl refuses it)`,
      );
      await expect(kubeAccessForContext(path, null)).rejects.toThrow('kubectl refuses it');
    },
  );

  it('as-groups, as-uid and as-user-extra are sent as kubectl sends them (client-go transport/round_trippers.go)', async () => {
    const path = await fileOf(
      kubeconfig(
        {},
        {
          token: 't',
          as: 'jane',
          'as-groups': ['system:masters', 'ops'],
          'as-uid': '42',
          'as-user-extra': { 'reason/why': ['maintenance'] },
        },
      ),
    );
    expect(await headersOf(StaticKubeconfig.read(path, null))).toEqual({
      Authorization: 'Bearer t',
      'Impersonate-User': 'jane',
      'Impersonate-Group': ['system:masters', 'ops'],
      'Impersonate-Uid': '42',
      'Impersonate-Extra-reason%2Fwhy': ['maintenance'],
    });
  });

  it('as-groups on a user client-node must read (an exec plugin): refused, never dropped', async () => {
    const path = await fileOf(
      kubeconfig(
        {},
        { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'true' }, 'as-groups': ['ops'] },
      ),
    );
    await expect(kubeAccessForContext(path, null)).rejects.toThrow(
      /as-groups, as-uid and as-user-extra are not supported/,
    );
  });
});
