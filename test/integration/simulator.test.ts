import { afterEach, describe, expect, it } from '@jest/globals';
import { parseLabelSelector } from '../../src/util/label-selector.js';
import { parseFieldSelector } from '../../src/simulator/field-selector.js';
import { shiftTimestamp } from '../../src/simulator/shift-timestamps.js';
import { humanAge } from '../../src/simulator/table.js';
import { runSimulateCommand } from '../../src/simulator/run-simulate-command.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { SCENARIOS, loadScenario, startScenarioSimulator } from '../helpers/simulator.js';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { main } from '../../adapters/k8s-ha-bot.js';
import {
  DEFAULT_HEARTBEAT_INTERVAL_MS,
  NODE_LEASE_RENEW_S,
  describeHeartbeats,
} from '../../src/simulator/heartbeats.js';

let sims: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});
async function sim(
  file: SnapshotFile | string,
  opts: Parameters<typeof startScenarioSimulator>[1] = {},
): Promise<RunningSimulator> {
  const s = await startScenarioSimulator(file, opts);
  sims.push(s);
  return s;
}
interface List {
  kind: string;
  metadata: { resourceVersion: string; continue?: string; remainingItemCount?: number };
  items: {
    kind: string;
    metadata: { name: string; namespace?: string; creationTimestamp?: string };
    spec?: Record<string, unknown>;
  }[];
}
async function getJson<T = List>(
  s: RunningSimulator,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(s.url + path, { headers });
  return { status: res.status, body: (await res.json()) as T };
}
const podNames = (l: List): string[] => l.items.map((i) => i.metadata.name);

describe('label selectors', () => {
  const labels = { component: 'etcd', tier: 'control-plane' };
  it.each([
    ['component=etcd', true],
    ['component==etcd', true],
    ['component!=etcd', false],
    ['component!=kube-proxy', true],
    ['missing!=x', true],
    ['component in (etcd, kube-apiserver)', true],
    ['component notin (etcd)', false],
    ['missing notin (etcd)', true],
    ['tier', true],
    ['!tier', false],
    ['!missing', true],
    ['tier=control-plane,component in (etcd)', true],
    ['tier=control-plane,component=x', false],
    ['', true],
  ])('%s -> %s', (sel, expected) => {
    expect(parseLabelSelector(sel)(labels)).toBe(expected);
  });
  it('rejects garbage with bad-request', () => {
    expect(() => parseLabelSelector('a in b')).toThrow(
      expect.objectContaining({ code: 'bad-request' }) as unknown as Error,
    );
    expect(() => parseFieldSelector('spec.nodeName=a', 'nodes')).toThrow(
      /field label not supported: spec.nodeName/,
    );
  });
});

describe('timestamp shift', () => {
  it('keeps the precision of each timestamp', () => {
    expect(shiftTimestamp('2025-06-12T09:41:07Z', 86_400_000)).toBe('2025-06-13T09:41:07Z');
    expect(shiftTimestamp('2025-06-12T09:41:05.123456Z', 1_000)).toBe('2025-06-12T09:41:06.123456Z');
    expect(shiftTimestamp('2025-06-12T09:41:05.5Z', 250)).toBe('2025-06-12T09:41:05.7Z');
    expect(shiftTimestamp('2025-06-12T11:41:05+02:00', 0)).toBe('2025-06-12T09:41:05Z');
    expect(shiftTimestamp('not a date', 5)).toBeNull();
  });
  it('prints ages like kubectl', () => {
    expect(humanAge(30_000)).toBe('30s');
    expect(humanAge(5 * 60_000 + 3000)).toBe('5m3s');
    expect(humanAge(3 * 3600_000 + 20 * 60_000)).toBe('3h20m');
    expect(humanAge(143 * 86_400_000)).toBe('143d');
  });
});

describe('the simulator API', () => {
  it('serves discovery for every resource', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json');
    const api = await getJson<{ versions: string[] }>(s, '/api');
    expect(api.body.versions).toEqual(['v1']);
    const core = await getJson<{ resources: { name: string }[] }>(s, '/api/v1');
    expect(core.body.resources.map((r) => r.name)).toEqual(
      expect.arrayContaining(['nodes', 'pods', 'namespaces', 'configmaps']),
    );
    const groups = await getJson<{ groups: { name: string }[] }>(s, '/apis');
    expect(groups.body.groups.map((g) => g.name).sort()).toEqual([
      'admissionregistration.k8s.io',
      'apiregistration.k8s.io',
      'apps',
      'coordination.k8s.io',
      'discovery.k8s.io',
      // MetalLB's ServiceL2Status, CSIDrivers and VolumeAttachments (issue 29)
      'metallb.io',
      'policy',
      'storage.k8s.io',
    ]);
    const apps = await getJson<{ resources: { name: string; namespaced: boolean }[] }>(s, '/apis/apps/v1');
    expect(apps.body.resources.map((r) => r.name).sort()).toEqual([
      'daemonsets',
      'deployments',
      'replicasets',
      'statefulsets',
    ]);
    expect((await getJson(s, '/apis/batch/v1')).status).toBe(404);
    const version = await getJson<{ gitVersion: string }>(s, '/version');
    expect(version.body.gitVersion).toBe('v1.33.1');
  });

  it('lists cluster-wide and per namespace, and gets single objects', async () => {
    const file = await loadScenario('01-healthy-3cp-stacked-etcd.json');
    const s = await sim(file);
    const all = await getJson(s, '/api/v1/pods');
    expect(all.body.kind).toBe('PodList');
    expect(all.body.items).toHaveLength(file.items.filter((i) => i.kind === 'Pod').length);
    const sorted = [...all.body.items].map((i) => `${i.metadata.namespace}/${i.metadata.name}`);
    expect(sorted).toEqual([...sorted].sort());
    const ks = await getJson(s, '/api/v1/namespaces/kube-system/pods');
    expect(ks.body.items.length).toBe(
      file.items.filter((i) => i.kind === 'Pod' && i.metadata.namespace === 'kube-system').length,
    );
    expect((await getJson(s, '/api/v1/namespaces/nope/pods')).body.items).toEqual([]);
    const node = await getJson<{ metadata: { name: string } }>(s, '/api/v1/nodes/atlas-cp-2');
    expect(node.body.metadata.name).toBe('atlas-cp-2');
    const lease = await getJson<{ kind: string }>(
      s,
      '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler',
    );
    expect(lease.body.kind).toBe('Lease');
    const missing = await getJson<{
      kind: string;
      reason: string;
      code: number;
      details: { name: string; kind: string };
    }>(s, '/api/v1/namespaces/default/pods/nope');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({
      kind: 'Status',
      reason: 'NotFound',
      code: 404,
      details: { name: 'nope', kind: 'pods' },
    });
    const ns = await getJson(s, '/api/v1/namespaces');
    expect(podNames(ns.body)).toEqual(
      expect.arrayContaining(['default', 'kube-system', 'kube-node-lease', 'kube-public']),
    );
    expect(ns.body.items.every((n) => n.metadata.creationTimestamp !== undefined)).toBe(true);
    expect((await getJson(s, '/api/v1/namespaces/kube-system')).status).toBe(200);
    expect(Number(all.body.metadata.resourceVersion)).toBeGreaterThan(0);
  });

  it('filters by label and field selectors', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json');
    const q = (sel: string): Promise<{ status: number; body: List }> => getJson(s, `/api/v1/pods?${sel}`);
    const etcd = await q(`labelSelector=${encodeURIComponent('component=etcd')}`);
    expect(podNames(etcd.body).sort()).toEqual(['etcd-atlas-cp-1', 'etcd-atlas-cp-2', 'etcd-atlas-cp-3']);
    const cp = await q(
      `labelSelector=${encodeURIComponent('component in (etcd,kube-scheduler),tier=control-plane')}`,
    );
    expect(cp.body.items).toHaveLength(6);
    const noComponent = await q(`labelSelector=${encodeURIComponent('!component')}`);
    expect(noComponent.body.items.every((p) => !p.metadata.name.startsWith('etcd-'))).toBe(true);
    const onCp2 = await q(`fieldSelector=${encodeURIComponent('spec.nodeName=atlas-cp-2')}`);
    expect(onCp2.body.items.length).toBeGreaterThan(3);
    expect(onCp2.body.items.every((p) => p.spec?.nodeName === 'atlas-cp-2')).toBe(true);
    // the spec.nodeName index pages like a scan
    const paged: string[] = [];
    let cont: string | undefined;
    do {
      const page: List = (
        await q(
          `limit=2&fieldSelector=spec.nodeName%3Datlas-cp-2${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`,
        )
      ).body;
      expect(page.items.length).toBeLessThanOrEqual(2);
      paged.push(...podNames(page));
      cont = page.metadata.continue;
    } while (cont);
    expect(paged).toEqual(podNames(onCp2.body));
    expect((await q('fieldSelector=spec.nodeName%3Dnowhere')).body.items).toEqual([]);
    const notRunning = await q(`fieldSelector=${encodeURIComponent('status.phase!=Running')}`);
    expect(notRunning.body.items).toEqual([]);
    const both = await q(
      `fieldSelector=spec.nodeName%3Datlas-cp-2,metadata.namespace%3Dkube-system&labelSelector=component%3Detcd`,
    );
    expect(podNames(both.body)).toEqual(['etcd-atlas-cp-2']);
    const bad = await getJson<{ code: number; reason: string }>(
      s,
      '/api/v1/nodes?fieldSelector=spec.nodeName%3Dx',
    );
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 400, reason: 'BadRequest' });
  });

  it('paginates with limit and opaque continue tokens', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json');
    const all = (await getJson(s, '/api/v1/pods')).body;
    const total = all.items.length;
    const seen: string[] = [];
    let cont: string | undefined;
    let pages = 0;
    do {
      const page: List = (
        await getJson(s, `/api/v1/pods?limit=5${cont ? `&continue=${encodeURIComponent(cont)}` : ''}`)
      ).body;
      pages++;
      seen.push(...podNames(page));
      cont = page.metadata.continue;
      if (cont) expect(page.metadata.remainingItemCount).toBe(total - seen.length);
      else expect(page.metadata.remainingItemCount).toBeUndefined();
    } while (cont);
    expect(pages).toBe(Math.ceil(total / 5));
    expect(seen).toEqual(podNames(all));
    // with a selector: pages still complete, no remainingItemCount
    const first = (await getJson(s, '/api/v1/pods?limit=2&labelSelector=tier%3Dcontrol-plane')).body;
    expect(first.items).toHaveLength(2);
    expect(first.metadata.continue).toBeDefined();
    expect(first.metadata.remainingItemCount).toBeUndefined();
    const bad = await getJson<{ code: number }>(s, '/api/v1/pods?limit=2&continue=%%%');
    expect(bad.status).toBe(400);
  });

  it('answers 403 with a Status body, injects delays and unavailability, changeable at runtime', async () => {
    const s = await sim('09-worker-pdb-minavailable-equals-replicas.json', {
      faults: { forbidden: ['poddisruptionbudgets'] },
    });
    const denied = await getJson<{
      kind: string;
      reason: string;
      code: number;
      message: string;
      details: { group: string };
    }>(s, '/apis/policy/v1/poddisruptionbudgets');
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({
      kind: 'Status',
      reason: 'Forbidden',
      code: 403,
      details: { group: 'policy' },
    });
    expect(denied.body.message).toMatch(
      /cannot list resource "poddisruptionbudgets" in API group "policy" at the cluster scope/,
    );
    s.setFaults({ delayMs: { nodes: 300 } });
    expect((await getJson(s, '/apis/policy/v1/poddisruptionbudgets')).status).toBe(200);
    // Only nodes are delayed: pods asked at the same moment come back first (an order, not a 250 ms
    // bound, which a busy machine can miss).
    const t0 = Date.now();
    const [nodesMs, podsMs] = await Promise.all([
      getJson(s, '/api/v1/nodes').then(() => Date.now() - t0),
      getJson(s, '/api/v1/pods').then(() => Date.now() - t0),
    ]);
    expect(nodesMs).toBeGreaterThanOrEqual(290);
    expect(podsMs).toBeLessThan(nodesMs);
    s.setFaults({ unavailable: true });
    expect((await getJson(s, '/api/v1/nodes')).status).toBe(503);
    s.setFaults({});
    expect(s.requests.get('/api/v1/nodes')).toBe(2);
    expect(s.requests.get('/apis/policy/v1/poddisruptionbudgets')).toBe(2);
    expect(s.totalRequests()).toBe(5);
  });

  it('shifts every timestamp by now - captured_at, keeping ages as recorded', async () => {
    const file = await loadScenario('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json');
    const capturedAt = file.capturedAt as Date;
    const now = new Date(capturedAt.getTime() + 3 * 86_400_000 + 1234);
    const s = await sim(file, { now: () => now });
    expect(s.shiftMs).toBe(3 * 86_400_000 + 1234);
    const lease = file.items.find(
      (i) => i.kind === 'Lease' && i.metadata.name === 'kube-scheduler',
    ) as unknown as {
      spec: { renewTime: string; acquireTime: string };
      metadata: { creationTimestamp: string };
    };
    const served = (
      await getJson<typeof lease>(
        s,
        '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler',
      )
    ).body;
    const age = (t: string, ref: Date): number => ref.getTime() - Date.parse(t);
    expect(Math.abs(age(served.spec.renewTime, now) - age(lease.spec.renewTime, capturedAt))).toBeLessThan(1);
    expect(served.spec.renewTime.split('.')[1]?.length).toBe(lease.spec.renewTime.split('.')[1]?.length);
    expect(
      Math.abs(
        age(served.metadata.creationTimestamp, now) - age(lease.metadata.creationTimestamp, capturedAt),
      ),
    ).toBeLessThan(1000);
    const node = file.items.find((i) => i.kind === 'Node') as unknown as {
      metadata: { name: string };
      status: { conditions: { lastHeartbeatTime: string }[] };
    };
    const servedNode = (await getJson<typeof node>(s, `/api/v1/nodes/${node.metadata.name}`)).body;
    const hb = (n: typeof node): string => n.status.conditions[0]?.lastHeartbeatTime as string;
    expect(Date.parse(hb(servedNode)) - Date.parse(hb(node))).toBe(3 * 86_400_000 + 1000); // seconds precision kept
    // the caller's loaded file is not modified
    const fresh = await loadScenario('12-cp-holds-scheduler-kcm-leases-and-etcd-leader.json');
    const freshLease = fresh.items.find(
      (i) => i.kind === 'Lease' && i.metadata.name === 'kube-scheduler',
    ) as unknown as typeof lease;
    expect(lease.spec.renewTime).toBe(freshLease.spec.renewTime);
    expect(served.spec.renewTime).not.toBe(freshLease.spec.renewTime);
  });

  it('serves /readyz from the file: 200, 500 on a [-] line, 503 when not recorded; /livez and /healthz', async () => {
    const file = await loadScenario('01-healthy-3cp-stacked-etcd.json');
    const s = await sim(file);
    let res = await fetch(`${s.url}/readyz?verbose`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(file.readyz);
    res = await fetch(`${s.url}/readyz`);
    expect(await res.text()).toBe('ok');
    expect((await fetch(`${s.url}/livez`)).status).toBe(200);
    expect((await fetch(`${s.url}/healthz`)).status).toBe(200);
    const failing = await sim({
      ...file,
      readyz: '[+]ping ok\n[-]etcd failed: reason withheld\nreadyz check failed\n',
    });
    res = await fetch(`${failing.url}/readyz?verbose`);
    expect(res.status).toBe(500);
    expect(await res.text()).toMatch(/\[-\]etcd failed/);
    const none = await sim({ ...file, readyz: null });
    res = await fetch(`${none.url}/readyz?verbose`);
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/no \/readyz text was recorded/);
  });

  it('renders Tables for kubectl, with name and age', async () => {
    const s = await sim('09-worker-pdb-minavailable-equals-replicas.json');
    const accept = { Accept: 'application/json;as=Table;v=v1;g=meta.k8s.io,application/json' };
    const t = await getJson<{
      kind: string;
      columnDefinitions: { name: string }[];
      rows: { cells: unknown[]; object: { kind: string; metadata: { name: string } } }[];
    }>(s, '/apis/policy/v1/poddisruptionbudgets', accept);
    expect(t.body.kind).toBe('Table');
    expect(t.body.columnDefinitions.map((c) => c.name)).toEqual([
      'Name',
      'Min Available',
      'Max Unavailable',
      'Allowed Disruptions',
      'Age',
    ]);
    expect(t.body.rows.length).toBeGreaterThan(0);
    expect(t.body.rows[0]?.object.kind).toBe('PartialObjectMetadata');
    expect(t.body.rows[0]?.cells[0]).toBe(t.body.rows[0]?.object.metadata.name);
    expect(t.body.rows[0]?.cells[4]).toMatch(/^\d+[smhdy]/);
  });

  it('refuses writes it does not serve (watches are served: simulator-watch.test.ts)', async () => {
    const s = await sim('05-single-control-plane.json');
    // deletecollection is not served (kubectl's create, patch, replace, delete and scale are)
    expect((await fetch(`${s.url}/api/v1/namespaces/default/pods`, { method: 'DELETE' })).status).toBe(405);
  });
});

describe('the simulator kubeconfig', () => {
  it('works with client-node generated APIs (plain http needs skipTLSVerify there)', async () => {
    const { CoreV1Api, KubeConfig } = await import('@kubernetes/client-node');
    const s = await sim('05-single-control-plane.json');
    const kc = new KubeConfig();
    kc.loadFromString(s.kubeconfig);
    const nodes = await kc.makeApiClient(CoreV1Api).listNode({ limit: 2 });
    expect(nodes.items.length).toBe(2);
    expect(nodes.metadata?._continue).toBeDefined();
  });
});

describe('runSimulateCommand', () => {
  const FILE = join(SCENARIOS, '05-single-control-plane.json');
  /** Run the command, keeping stdout and stderr apart. */
  async function simulate(
    args: Omit<Parameters<typeof runSimulateCommand>[0], 'file'> = {},
  ): Promise<{ s: RunningSimulator; out: string; err: string }> {
    let out = '';
    let err = '';
    const s = await runSimulateCommand(
      { file: FILE, ...args },
      { out: (t) => void (out += t), err: (t) => void (err += t) },
    );
    sims.push(s);
    return { s, out, err };
  }

  it('prints the kubeconfig alone on stdout (kubectl-ready), the URL and the heartbeat periods on stderr', async () => {
    const { s, out, err } = await simulate();
    // stdout parses as a kubeconfig and is nothing else (issue 31: banner and kubeconfig were mixed).
    expect(out).toBe(s.kubeconfig);
    expect(parseYaml(out)).toMatchObject({ kind: 'Config', 'current-context': 'simulator' });
    expect(out).toContain(`server: ${s.url}`);
    expect(err).toContain(`at ${s.url}`);
    expect(err).toContain(describeHeartbeats());
    expect(err).not.toContain('current-context');
    expect((await fetch(`${s.url}/api/v1/nodes`)).status).toBe(200);
  });

  it('--kubeconfig-out writes the kubeconfig to the file, owner-only (0600, an existing file too), and nothing to stdout', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sim-kubeconfig-'));
    try {
      const path = join(dir, 'sim.kubeconfig');
      await writeFile(path, 'old', { mode: 0o644 });
      const { s, out, err } = await simulate({ kubeconfigOut: path });
      expect(out).toBe('');
      expect(await readFile(path, 'utf8')).toBe(s.kubeconfig);
      expect((await stat(path)).mode & 0o777).toBe(0o600);
      expect(err).toContain(`Kubeconfig written to ${path}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--kubeconfig-out into a missing folder fails with the file error', async () => {
    await expect(
      runSimulateCommand(
        { file: FILE, kubeconfigOut: '/nonexistent/dir/sim.kubeconfig' },
        { out: () => undefined, err: () => undefined },
      ),
    ).rejects.toMatchObject({ code: 'ENOENT', path: '/nonexistent/dir/sim.kubeconfig' });
  });

  it('the heartbeat periods are stated once, by the banner: `simulate --help` repeats no period', async () => {
    let help = '';
    const code = await main(['node', 'k8s-ha-bot', 'simulate', '--help'], {
      out: (t) => void (help += t),
      err: (t) => void (help += t),
      env: { LOG_LEVEL: 'silent' },
    });
    expect(code).toBe(0);
    expect(help).toContain('--no-heartbeats');
    expect(help).toContain('--kubeconfig-out <file>');
    expect(help).not.toMatch(/every \d/);
    expect(describeHeartbeats(DEFAULT_HEARTBEAT_INTERVAL_MS)).toMatch(
      new RegExp(
        `leader Leases every ${DEFAULT_HEARTBEAT_INTERVAL_MS / 1000} s, node Leases every ${NODE_LEASE_RENEW_S} s`,
      ),
    );
  });

  it('fails with snapshot-not-found for a missing file', async () => {
    await expect(
      runSimulateCommand({ file: '/nonexistent/x.json' }, { out: () => undefined, err: () => undefined }),
    ).rejects.toMatchObject({
      code: 'snapshot-not-found',
    });
  });
});
