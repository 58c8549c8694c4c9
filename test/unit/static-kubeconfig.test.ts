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
import { delimiter, join } from 'node:path';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigForContext } from '../../src/cluster/kube-config-for-context.js';
import { CLUSTER_READ_CONNECTION_ERRORS, kubeConnection } from '../../src/cluster/kube-connection.js';
import {
  type KubeAccess,
  MAX_TOKEN_FILE_BYTES,
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
    expect(await kubeAccessForContext(exec, null, {})).toBeInstanceOf(KubeConfig);
    const token = await fileOf(kubeconfig({}, { token: 't' }));
    expect(await kubeAccessForContext(token, null, {})).toBeInstanceOf(StaticKubeconfig);
    await expect(kubeAccessForContext(token, 'nope', {}, '--context')).rejects.toThrow(
      /no context "nope" in the kubeconfig; available contexts: ctx, other/,
    );
  });

  it('a kubeconfig that is not valid YAML: the error says where, never quotes the file (a token in it)', async () => {
    const broken = await fileOf(
      'apiVersion: v1\nusers:\n- name: u\n  user:\n    token: SUPERSECRETTOKEN\n   bad: indent\ncontexts: []\n',
    );
    const err = await kubeAccessForContext(broken, null, {}).then(
      () => null,
      (e: unknown) => e as Error,
    );
    expect(err?.message).toMatch(/cannot be read: not valid YAML: .*\(line \d+, column \d+\)/);
    expect(err?.message).not.toContain('SUPERSECRETTOKEN');
  });

  it('singleKubeconfigFile: one KUBECONFIG file, else ~/.kube/config when it exists; a list goes to client-node', async () => {
    const a = await fileOf(kubeconfig({}, { token: 'a' }));
    const b = await fileOf(kubeconfig({}, { token: 'b' }));
    expect(singleKubeconfigFile({ kubeconfig: a })).toBe(a);
    expect(singleKubeconfigFile({ kubeconfig: [a, b].join(delimiter) })).toBeUndefined();
    expect(singleKubeconfigFile({ home: dir })).toBeUndefined();
    // A missing file of the list is skipped (client-go loader.go): the one left is read alone.
    expect(singleKubeconfigFile({ kubeconfig: [join(dir, 'missing.yaml'), a].join(delimiter) })).toBe(a);
  });
});

describe('where kubectl and client-node differ, both readers follow kubectl (client-go)', () => {
  /** The light reader (must serve the file) and client-node's path, as kubeConnection sends them. */
  const readers = [
    ['StaticKubeconfig', (path: string): KubeAccess => StaticKubeconfig.read(path, null) ?? fail(path)],
    ['client-node', (path: string): KubeAccess => kubeConfigForContext(path, null, {})],
  ] as const;
  const fail = (path: string): never => {
    throw new Error(`StaticKubeconfig left ${path} to client-node`);
  };
  const headersOf = async (access: KubeAccess): Promise<Record<string, unknown>> => {
    const conn = await kubeConnection(access, 1, CLUSTER_READ_CONNECTION_ERRORS);
    conn.close();
    return conn.headers;
  };
  const httpKubeconfig = (user: Record<string, unknown>, extraUsers: unknown[] = []): string => {
    const doc = JSON.parse(kubeconfig({}, user)) as {
      clusters: { cluster: { server: string } }[];
      users: unknown[];
    };
    doc.clusters.forEach((c) => (c.cluster.server = 'http://127.0.0.1:9'));
    doc.users.push(...extraUsers);
    return JSON.stringify(doc);
  };

  it.each(readers)(
    '%s: a relative token-file, CA, client certificate and key from the kubeconfig’s folder, not the working folder (client-go tools/clientcmd/loader.go ResolveLocalPaths)',
    async (_name, read) => {
      // `token` is in the kubeconfig's folder, not in the working folder (the repository).
      const path = await fileOf(
        kubeconfig(
          { 'certificate-authority': 'ca.crt' },
          { 'token-file': 'token', 'client-certificate': 'client.crt', 'client-key': 'client.key' },
        ),
      );
      const access = read(path);
      expect((await headersOf(access)).Authorization).toBe('Bearer token-from-file');
      const opts: https.RequestOptions = {};
      await access.applyToHTTPSOptions(opts);
      expect([opts.ca, opts.cert, opts.key].map(String)).toEqual([
        'CA PEM FROM FILE',
        'CLIENT CERT FROM FILE',
        'CLIENT KEY FROM FILE',
      ]);
    },
  );

  it.each(readers)(
    '%s: a token file’s content with spaces trimmed (client-go fileTokenSource strings.TrimSpace)',
    async (_name, read) => {
      await writeFile(join(dir, 'token-nl'), '  token-with-newline\n');
      const path = await fileOf(kubeconfig({}, { 'token-file': 'token-nl' }));
      expect((await headersOf(read(path))).Authorization).toBe('Bearer token-with-newline');
    },
  );

  it.each(['clusters', 'users', 'contexts'] as const)(
    'a name given twice in %s: refused naming it, as kubectl refuses the file (client-go tools/clientcmd/api/v1/conversion.go "duplicate name")',
    async (list) => {
      const doc = JSON.parse(kubeconfig({}, { token: 't' })) as Record<string, { name: string }[]>;
      const first = doc[list]?.[0];
      if (!first) throw new Error(list);
      doc[list]?.push({ ...first });
      const path = await fileOf(JSON.stringify(doc));
      const message = `two ${list} are named "${first.name}" (kubectl refuses a duplicate name)`;
      expect(() => StaticKubeconfig.read(path, null)).toThrow(message);
      await expect(kubeAccessForContext(path, null, {})).rejects.toThrow(message);
      expect(() => kubeConfigForContext(path, null, {})).toThrow(message);
    },
  );

  const impersonating = {
    token: 't',
    as: 'jane',
    'as-groups': ['system:masters', 'équipe', '운영'],
    'as-uid': '42',
    'as-user-extra': { 'reason/why (x)%': ['maintenance'], 'scopes.example.com/x': ['a', 'b'] },
  };
  /** The header values as bytes on the wire: client-go writes UTF-8 (Node writes a string as Latin-1). */
  const utf8 = (s: string): string => Buffer.from(s, 'utf8').toString('latin1');
  const expected = {
    Authorization: 'Bearer t',
    'Impersonate-User': 'jane',
    'Impersonate-Group': ['system:masters', utf8('équipe'), utf8('운영')],
    'Impersonate-Uid': '42',
    'Impersonate-Extra-reason%2Fwhy%20%28x%29%25': ['maintenance'],
    'Impersonate-Extra-scopes.example.com%2Fx': ['a', 'b'],
  };

  it.each(readers)(
    '%s: as, as-groups, as-uid and as-user-extra sent as kubectl sends them (client-go transport/round_trippers.go, headerKeyEscape)',
    async (_name, read) => {
      const access = read(await fileOf(kubeconfig({}, impersonating)));
      expect(await headersOf(access)).toEqual(expected);
    },
  );

  it('an exec user’s as-groups are sent, not dropped; a non-ASCII group reaches the server as UTF-8', async () => {
    const seen: http.IncomingMessage[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req);
      res.end('{}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const { token: _t, ...user } = impersonating;
      const doc = JSON.parse(
        kubeconfig(
          {},
          {
            ...user,
            exec: {
              apiVersion: 'client.authentication.k8s.io/v1',
              command: process.execPath,
              args: [
                '-e',
                'console.log(JSON.stringify({apiVersion:"client.authentication.k8s.io/v1",kind:"ExecCredential",status:{token:"t"}}))',
              ],
            },
          },
        ),
      ) as { clusters: { cluster: { server: string } }[] };
      (doc.clusters[0] as { cluster: { server: string } }).cluster.server = `http://127.0.0.1:${port}`;
      const access = await kubeAccessForContext(await fileOf(JSON.stringify(doc)), null, {});
      expect(access).toBeInstanceOf(KubeConfig);
      const conn = await kubeConnection(access, 1, CLUSTER_READ_CONNECTION_ERRORS);
      expect(conn.headers).toEqual(expected);
      await new Promise<void>((resolve, reject) =>
        conn.transport
          .request({ ...conn.target('/api'), headers: conn.headers, agent: conn.agent }, (res) =>
            res.resume().on('end', resolve),
          )
          .on('error', reject)
          .end(),
      );
      conn.close();
      const groups = seen[0]?.headersDistinct['impersonate-group']?.map((g) =>
        Buffer.from(g, 'latin1').toString('utf8'),
      );
      expect(groups).toEqual(['system:masters', 'équipe', '운영']);
    } finally {
      server.close();
    }
  });

  it.each([
    ['as-groups a string', { as: 'jane', 'as-groups': 'ops' }, '"as-groups" must be a list of strings'],
    ['as-uid a number', { as: 'jane', 'as-uid': 42 }, '"as-uid" must be a string'],
    [
      'as-user-extra a list',
      { as: 'jane', 'as-user-extra': ['x'] },
      '"as-user-extra" must map each key to a list of strings',
    ],
    [
      'as-groups without as',
      { 'as-groups': ['ops'] },
      'requesting uid, groups or user-extra for u without impersonating a user',
    ],
    [
      'as-uid without as',
      { 'as-uid': '1' },
      'requesting uid, groups or user-extra for u without impersonating a user',
    ],
    ['CR/LF in as', { as: 'jane\r\nX-Evil: 1' }, 'invalid header field value for Impersonate-User'],
    [
      'LF in a group',
      { as: 'jane', 'as-groups': ['a\nb'] },
      'invalid header field value for Impersonate-Group',
    ],
  ])(
    '%s: refused as kubectl refuses it (client-go tools/clientcmd/validation.go), on both readers',
    async (_label, fields, message) => {
      const path = await fileOf(kubeconfig({}, { token: 't', ...fields }));
      expect(() => StaticKubeconfig.read(path, null)).toThrow(message);
      expect(() => kubeConfigForContext(path, null, {})).toThrow(message);
    },
  );

  it('only the selected user’s token file is read (kubectl): an unused user’s missing, FIFO or /dev/zero token-file does not matter', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const unused = [
      { name: 'missing', user: { 'token-file': 'no-such-token' } },
      { name: 'fifo', user: { 'token-file': fifo } },
      { name: 'zero', user: { 'token-file': '/dev/zero' } },
    ];
    const exec = { exec: { apiVersion: 'client.authentication.k8s.io/v1', command: 'true' } };
    expect(
      kubeConfigForContext(await fileOf(httpKubeconfig(exec, unused)), null, {}).getCurrentUser()?.name,
    ).toBe('u');
    expect(
      StaticKubeconfig.read(await fileOf(httpKubeconfig({ token: 't' }, unused)), null)?.getCurrentUser()
        .token,
    ).toBe('t');
  });

  it.each(readers)(
    '%s: the selected user’s FIFO, /dev/zero or oversized token-file is refused clearly, never read without bound',
    async (_name, read) => {
      const fifo = join(dir, 'fifo-selected');
      execFileSync('mkfifo', [fifo]);
      await writeFile(join(dir, 'huge-token'), 'x'.repeat(MAX_TOKEN_FILE_BYTES + 1));
      for (const [file, message] of [
        [fifo, 'is not a regular file'],
        ['/dev/zero', 'is not a regular file'],
        ['huge-token', `is larger than ${MAX_TOKEN_FILE_BYTES} bytes`],
      ] as const) {
        const path = await fileOf(kubeconfig({}, { 'token-file': file }));
        expect(() => read(path)).toThrow(message);
      }
      await rm(fifo);
    },
  );
});

/**
 * kubectl's merging rules for a KUBECONFIG list (kubernetes.io, "Organizing Cluster Access Using
 * kubeconfig Files", merging rules; client-go tools/clientcmd/loader.go `Load`): "the first file to
 * set a particular map key wins" and is never changed, a second file's entry of that name is
 * discarded whole; the context of the first file to set `current-context` is kept. client-node's
 * `loadFromDefault` takes the last file's current-context and throws on a name in two files
 * (kubernetes-client/javascript issue 579).
 */
describe('a KUBECONFIG list is merged as kubectl merges it', () => {
  const list = (...files: string[]): { kubeconfig: string } => ({ kubeconfig: files.join(delimiter) });
  /** Both readers of the default lookup (a list always goes to client-node's KubeConfig). */
  const readers = [
    [
      'kubeConfigForContext',
      async (files: string[]) => kubeConfigForContext(undefined, null, list(...files)),
    ],
    ['kubeAccessForContext', (files: string[]) => kubeAccessForContext(undefined, null, list(...files))],
  ] as const;
  /** A kubeconfig of its own names (`<p>-cluster`, `<p>-user`, `<p>`), current context `<p>` unless null. */
  const own = (p: string, current: string | null = p): string =>
    JSON.stringify({
      apiVersion: 'v1',
      kind: 'Config',
      ...(current === null ? {} : { 'current-context': current }),
      clusters: [{ name: `${p}-cluster`, cluster: { server: `https://${p}.example:6443` } }],
      users: [{ name: `${p}-user`, user: { token: `${p}-token` } }],
      contexts: [{ name: p, context: { cluster: `${p}-cluster`, user: `${p}-user` } }],
    });

  /**
   * client-go tools/clientcmd/loader.go `ClientConfigLoadingRules.Load`: a file of the precedence
   * list that does not exist is skipped ("skip missing files"); `kubectl --kubeconfig MISSING` is an
   * error (the explicit path is checked with os.Stat first). Hostile review M6.
   */
  it.each(readers)('%s: a missing file of the list is skipped, first or last', async (_n, read) => {
    const missing = join(dir, 'no-such-kubeconfig.yaml');
    const first = await fileOf(own('first'));
    const second = await fileOf(own('second'));
    expect((await read([missing, first])).getCurrentContext()).toBe('first');
    expect((await read([second, missing])).getCurrentContext()).toBe('second');
    expect((await read([missing, second, first])).getCurrentContext()).toBe('second');
  });

  it.each(readers)(
    '%s: a list none of whose files exists: no kubeconfig, the files named',
    async (_n, read) => {
      const missing = [join(dir, 'm1.yaml'), join(dir, 'm2.yaml')];
      await expect(Promise.resolve().then(() => read(missing))).rejects.toThrow(
        `none of the KUBECONFIG files exists (${missing.join(', ')})`,
      );
    },
  );

  it('an explicit kubeconfig file that is missing stays an error (kubectl --kubeconfig)', async () => {
    const missing = join(dir, 'explicit-missing.yaml');
    await expect(kubeAccessForContext(missing, null, {}, '--kubeconfig')).rejects.toThrow(
      `--kubeconfig: kubeconfig file ${missing} not found`,
    );
  });

  it.each(readers)('%s: two files both set current-context: the first file’s is used', async (_n, read) => {
    const first = await fileOf(own('first'));
    const second = await fileOf(own('second'));
    const access = await read([first, second]);
    expect(access.getCurrentContext()).toBe('first');
    expect(access.getCurrentCluster()?.server).toBe('https://first.example:6443');
    // The other order: the other file's.
    expect((await read([second, first])).getCurrentContext()).toBe('second');
  });

  it.each(readers)(
    '%s: the first file without current-context: the first file that sets it',
    async (_n, read) => {
      const first = await fileOf(own('first', null));
      const second = await fileOf(own('second'));
      expect((await read([first, second])).getCurrentContext()).toBe('second');
    },
  );

  it.each(readers)(
    '%s: a cluster, user and context named in both files: the first file’s entry, whole; no error',
    async (_n, read) => {
      const first = await fileOf(kubeconfig({}, { token: 'first-token' }));
      // The same names c, u and ctx (ctx on another cluster and user), and one of its own each.
      const second = await fileOf(
        JSON.stringify({
          apiVersion: 'v1',
          kind: 'Config',
          'current-context': 'third',
          clusters: [
            { name: 'c', cluster: { server: 'https://10.9.9.9:6443', 'insecure-skip-tls-verify': true } },
            { name: 'c3', cluster: { server: 'https://10.0.0.3:6443' } },
          ],
          users: [
            { name: 'u', user: { token: 'second-file-token', username: 'not-merged' } },
            { name: 'u3', user: { token: 'third-token' } },
          ],
          contexts: [
            { name: 'ctx', context: { cluster: 'c3', user: 'u3' } },
            { name: 'third', context: { cluster: 'c3', user: 'u3' } },
          ],
        }),
      );
      const access = await read([first, second]);
      expect(access.getCurrentContext()).toBe('ctx');
      expect(access.getCurrentCluster()).toMatchObject({ name: 'c', server: 'https://10.0.0.1:6443' });
      expect(access.getCurrentCluster()?.skipTLSVerify).toBeFalsy();
      expect(access.getCurrentUser()).toMatchObject({ name: 'u', token: 'first-token' });
      expect(access.getCurrentUser()?.username).toBeUndefined();
      const kc = kubeConfigForContext(undefined, null, list(first, second));
      expect(kc.getContexts().map((c) => c.name)).toEqual(['ctx', 'other', 'third']);
      expect(kc.getClusters().map((c) => c.name)).toEqual(['c', 'c2', 'c3']);
      expect(kc.getUsers().map((u) => u.name)).toEqual(['u', 'u2', 'u3']);
      // The second file's own context is usable, on its own cluster.
      kc.setCurrentContext('third');
      expect(kc.getCurrentCluster()?.server).toBe('https://10.0.0.3:6443');
    },
  );
});
