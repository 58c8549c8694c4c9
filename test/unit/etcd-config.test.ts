/**
 * The per-cluster `etcd` entry of the configuration: defaults, path resolution,
 * exact-path errors and file checks; and endpoint discovery from the etcd mirror pods.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KPod } from '../../src/cluster/types.js';
import { loadConfig } from '../../src/config/load-config.js';
import { discoverEtcdEndpoints } from '../../src/etcd/discover-etcd-endpoints.js';
import { ConfigError } from '../../src/errors.js';

const fixture = resolve('test/fixtures/scenarios/01-healthy-3cp-stacked-etcd.json');
let dir: string;
let n = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-etcd-config-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A folder with the snapshot, a pki/ folder holding ca.crt, client.crt, client.key, and the config. */
async function writeConfig(text: string): Promise<{ file: string; folder: string }> {
  n += 1;
  const folder = join(dir, `case-${n}`);
  await mkdir(join(folder, 'pki'), { recursive: true });
  await copyFile(fixture, join(folder, 'ha-3cp.json'));
  for (const f of ['ca.crt', 'client.crt', 'client.key']) await writeFile(join(folder, 'pki', f), 'pem');
  const file = join(folder, 'k8s-ha-bot.yaml');
  await writeFile(file, text);
  return { file, folder };
}

async function configError(p: Promise<unknown>): Promise<ConfigError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(err instanceof ConfigError)) throw new Error(`expected a ConfigError, got ${String(err)}`);
  return err;
}

const entry = (extra: string): string => `clusters:
  atlas:
    snapshot: ha-3cp.json
    etcd:
      ca: pki/ca.crt
      cert: pki/client.crt
      key: pki/client.key
${extra}`;

describe('the etcd entry of a cluster', () => {
  it('resolves files against the config folder and fills the 2000 ms timeout', async () => {
    const { file, folder } = await writeConfig(
      entry('      endpoints: [https://127.0.0.1:2379, "https://127.0.0.2:2379"]\n'),
    );
    const config = await loadConfig({ path: file, env: {} });
    expect(config.clusters.atlas?.etcd).toEqual({
      endpoints: ['https://127.0.0.1:2379', 'https://127.0.0.2:2379'],
      ca: join(folder, 'pki/ca.crt'),
      cert: join(folder, 'pki/client.crt'),
      key: join(folder, 'pki/client.key'),
      timeoutMs: 2000,
    });
  });

  it('allows endpoints to be left out (discovered later) and keeps a known quota', async () => {
    const { file } = await writeConfig(entry('      timeoutMs: 500\n      quotaBackendBytes: 8589934592\n'));
    const etcd = (await loadConfig({ path: file, env: {} })).clusters.atlas?.etcd;
    expect(etcd?.endpoints).toBeUndefined();
    expect(etcd?.timeoutMs).toBe(500);
    expect(etcd?.quotaBackendBytes).toBe(8589934592);
  });

  it('names a missing certificate file by its exact setting', async () => {
    const { file, folder } = await writeConfig(entry('').replace('pki/client.crt', 'pki/missing.crt'));
    const err = await configError(loadConfig({ path: file, env: {} }));
    expect(err.path).toBe('clusters.atlas.etcd.cert');
    expect(err.message).toContain(`no such file ${join(folder, 'pki/missing.crt')}`);
  });

  it('refuses a plain http endpoint at its index', async () => {
    const { file } = await writeConfig(
      entry('      endpoints: [https://127.0.0.1:2379, http://127.0.0.1:2379]\n'),
    );
    const err = await configError(loadConfig({ path: file, env: {} }));
    expect(err.path).toBe('clusters.atlas.etcd.endpoints[1]');
    expect(err.message).toContain('expected an https:// URL');
  });

  it('refuses a missing key, an unknown setting and a timeout beyond the deadline', async () => {
    const noKey = await writeConfig(entry('').replace('      key: pki/client.key\n', ''));
    expect((await configError(loadConfig({ path: noKey.file, env: {} }))).path).toBe(
      'clusters.atlas.etcd.key',
    );
    const typo = await writeConfig(entry('      timeout: 100\n'));
    const typoErr = await configError(loadConfig({ path: typo.file, env: {} }));
    expect(typoErr.path).toBe('clusters.atlas.etcd.timeout');
    expect(typoErr.message).toContain('unknown setting');
    const slow = await writeConfig(entry('      timeoutMs: 30000\n'));
    expect((await configError(loadConfig({ path: slow.file, env: {} }))).path).toBe(
      'clusters.atlas.etcd.timeoutMs',
    );
  });
});

describe('discovering etcd endpoints', () => {
  it('reads the kubeadm client-URL annotation of the etcd mirror pods', async () => {
    const file = await loadSnapshotFile(fixture);
    const pods = file.items.filter((i) => i.kind === 'Pod') as unknown as KPod[];
    expect(discoverEtcdEndpoints(pods)).toEqual([
      'https://10.20.0.11:2379',
      'https://10.20.0.12:2379',
      'https://10.20.0.13:2379',
    ]);
  });

  it('ignores pods that are not etcd and splits comma lists', () => {
    const pod = (name: string, component: string, urls: string): KPod => ({
      metadata: {
        name,
        namespace: 'kube-system',
        labels: { component },
        annotations: { 'kubeadm.kubernetes.io/etcd.advertise-client-urls': urls },
      },
    });
    expect(
      discoverEtcdEndpoints([
        pod('etcd-a', 'etcd', 'https://a:2379, https://a2:2379'),
        pod('kube-apiserver-a', 'kube-apiserver', 'https://x:2379'),
      ]),
    ).toEqual(['https://a:2379', 'https://a2:2379']);
  });
});
