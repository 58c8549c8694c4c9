import { afterEach, describe, expect, it } from '@jest/globals';
import { readdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { peekContinue, readSnapshot, readSnapshotWithStats } from '../../src/cluster/read-snapshot.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { kubeConfigForContext } from '../../src/cluster/kube-config-for-context.js';
import { snapshotFromFile } from '../../src/cluster/snapshot-from-file.js';
import { ClusterReadError, ConfigError } from '../../src/errors.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import type { SnapshotFile } from '../../src/cluster/snapshot-file.js';
import {
  SCENARIOS,
  kubeConfigOf,
  loadScenario,
  requestedNode,
  startScenarioSimulator,
} from '../helpers/simulator.js';

const FIXTURES = readdirSync(SCENARIOS).filter((n) => n.endsWith('.json'));
let sims: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});
async function sim(
  name: SnapshotFile | string,
  opts: Parameters<typeof startScenarioSimulator>[1] = {},
): Promise<RunningSimulator> {
  const s = await startScenarioSimulator(name, opts);
  sims.push(s);
  return s;
}
const names = (xs: { metadata: { namespace?: string; name: string } }[]): string[] =>
  xs.map((x) => `${x.metadata.namespace ?? ''}/${x.metadata.name}`).sort();

describe('reading a snapshot through the API', () => {
  it.each(FIXTURES)('reads what the file holds: %s', async (fixture) => {
    const file = await loadScenario(fixture);
    const focus = requestedNode(file);
    const s = await sim(fixture, { shiftTimestamps: false });
    const { snapshot, stats } = await readSnapshotWithStats({
      kubeConfig: kubeConfigOf(s),
      cluster: 'test',
      focusNode: focus,
      etcd: file.etcd,
      pageSize: 4,
    });
    const offline = snapshotFromFile(file, 'test', focus);
    expect(snapshot.readErrors).toEqual([]);
    expect(names(snapshot.nodes)).toEqual(names(offline.nodes));
    expect(snapshot.nodes.length).toBe(file.items.filter((i) => i.kind === 'Node').length);
    expect(snapshot.podSummaries.length).toBe(file.items.filter((i) => i.kind === 'Pod').length);
    expect([...snapshot.podSummaries].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...offline.podSummaries].sort((a, b) => a.name.localeCompare(b.name)),
    );
    expect(names(snapshot.pods)).toEqual(names(offline.pods));
    expect(names(snapshot.leases)).toEqual(names(offline.leases));
    expect(names(snapshot.podDisruptionBudgets)).toEqual(names(offline.podDisruptionBudgets));
    expect(names(snapshot.workloads)).toEqual(names(offline.workloads));
    expect(snapshot.workloads.map((w) => w.kind).sort()).toEqual(offline.workloads.map((w) => w.kind).sort());
    expect(names(snapshot.apiserverEndpointSlices)).toEqual(names(offline.apiserverEndpointSlices));
    expect(snapshot.readyz).toEqual(
      offline.readyz === null ? { status: 503, text: expect.any(String) } : offline.readyz,
    );
    expect(snapshot.etcd).toBe(file.etcd);
    expect(snapshot.focusNode).toBe(focus);
    // unshifted: served objects are byte-for-byte the file's
    expect(snapshot.nodes.find((n) => n.metadata.name === offline.nodes[0]?.metadata.name)).toEqual(
      offline.nodes[0],
    );
    expect(stats.apiRequests).toBe(s.totalRequests());
    expect(stats.pages).toBeGreaterThan(10);
  });

  it('keeps every pod of the focus node whole, plus mirror and non-DaemonSet kube-system pods', async () => {
    const file = await loadScenario('11-worker-emptydir-pod.json');
    const focus = requestedNode(file) as string;
    const s = await sim('11-worker-emptydir-pod.json');
    const snapshot = await readSnapshot({ kubeConfig: kubeConfigOf(s), cluster: 'c', focusNode: focus });
    const onFocus = file.items.filter(
      (i) => i.kind === 'Pod' && (i.spec as { nodeName?: string }).nodeName === focus,
    );
    expect(onFocus.length).toBeGreaterThan(0);
    for (const p of onFocus) expect(snapshot.pods.map((x) => x.metadata.name)).toContain(p.metadata.name);
    for (const p of snapshot.pods) {
      const keep =
        p.spec?.nodeName === focus ||
        p.metadata.annotations?.['kubernetes.io/config.mirror'] !== undefined ||
        (p.metadata.namespace === 'kube-system' &&
          !(p.metadata.ownerReferences ?? []).some((o) => o.kind === 'DaemonSet'));
      expect(keep).toBe(true);
    }
  });

  it('turns a 403 on PDBs into a ReadError and reads the rest', async () => {
    const s = await sim('09-worker-pdb-minavailable-equals-replicas.json', {
      faults: { forbidden: ['poddisruptionbudgets'] },
    });
    const snapshot = await readSnapshot({ kubeConfig: kubeConfigOf(s), cluster: 'c', focusNode: null });
    expect(snapshot.readErrors).toHaveLength(1);
    expect(snapshot.readErrors[0]).toMatchObject({
      resource: 'poddisruptionbudgets',
      reason: 'forbidden',
      status: 403,
    });
    expect(snapshot.podDisruptionBudgets).toEqual([]);
    expect(snapshot.nodes.length).toBeGreaterThan(0);
    expect(snapshot.podSummaries.length).toBeGreaterThan(0);
  });

  it('turns a slow part into a timeout ReadError within the request timeout', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json', { faults: { delayMs: { leases: 3000 } } });
    // The leases answer after 3 s: a `timeout` read error (not the leases) says the read gave up first.
    const snapshot = await readSnapshot({
      kubeConfig: kubeConfigOf(s),
      cluster: 'c',
      focusNode: null,
      requestTimeoutMs: 300,
    });
    expect(snapshot.readErrors.map((e) => [e.resource, e.reason])).toEqual([
      ['leases', 'timeout'],
      ['leases', 'timeout'],
    ]);
    expect(snapshot.leases).toEqual([]);
    expect(snapshot.nodes).toHaveLength(5);
  });

  it('stops every part at the whole-read deadline', async () => {
    const s = await sim('01-healthy-3cp-stacked-etcd.json', {
      faults: { delayMs: { pods: 200, readyz: 5000 } },
    });
    const snapshot = await readSnapshot({
      kubeConfig: kubeConfigOf(s),
      cluster: 'c',
      focusNode: null,
      requestTimeoutMs: 10000,
      deadlineMs: 700,
      pageSize: 2,
    });
    expect(snapshot.readErrors.map((e) => [e.resource, e.reason]).sort()).toEqual([
      ['pods', 'timeout'],
      ['readyz', 'timeout'],
    ]);
    expect(snapshot.podSummaries).toEqual([]); // a partial pod list is dropped whole
    expect(snapshot.readyz).toBeNull();
  });

  it('reports a failed readyz as status 500 with its text', async () => {
    const file = await loadScenario('01-healthy-3cp-stacked-etcd.json');
    file.readyz = '[+]ping ok\n[-]etcd failed: reason withheld\nreadyz check failed\n';
    const s = await sim(file);
    const snapshot = await readSnapshot({ kubeConfig: kubeConfigOf(s), cluster: 'c', focusNode: null });
    expect(snapshot.readyz).toEqual({ status: 500, text: file.readyz });
  });

  it('throws cluster-timeout when nodes do not answer', async () => {
    const s = await sim('05-single-control-plane.json', { faults: { delayMs: { nodes: 3000 } } });
    await expect(
      readSnapshot({ kubeConfig: kubeConfigOf(s), cluster: 'prod', focusNode: null, requestTimeoutMs: 200 }),
    ).rejects.toMatchObject({ name: 'ClusterReadError', code: 'cluster-timeout', retryable: true });
  });

  it('throws cluster-unreachable fast on a closed port', async () => {
    const s = await startScenarioSimulator('05-single-control-plane.json');
    const kc = kubeConfigOf(s);
    await s.close();
    let caught: unknown;
    try {
      await readSnapshot({ kubeConfig: kc, cluster: 'prod', focusNode: null });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ClusterReadError);
    expect((caught as ClusterReadError).code).toBe('cluster-unreachable');
    expect((caught as ClusterReadError).message).toMatch(/cluster prod could not be reached/);
  });

  it('throws cluster-unauthorized when nodes are forbidden', async () => {
    const s = await sim('05-single-control-plane.json', { faults: { forbidden: ['nodes'] } });
    await expect(
      readSnapshot({ kubeConfig: kubeConfigOf(s), cluster: 'prod', focusNode: null }),
    ).rejects.toMatchObject({
      code: 'cluster-unauthorized',
      retryable: false,
    });
  });

  it('makes one request per page', async () => {
    const file = await loadScenario('01-healthy-3cp-stacked-etcd.json');
    const s = await sim('01-healthy-3cp-stacked-etcd.json');
    const { stats } = await readSnapshotWithStats({
      kubeConfig: kubeConfigOf(s),
      cluster: 'c',
      focusNode: null,
      pageSize: 5,
    });
    const pods = file.items.filter((i) => i.kind === 'Pod').length;
    expect(s.requests.get('/api/v1/pods')).toBe(Math.ceil(pods / 5));
    expect(stats.objects.pods).toBe(pods);
    expect(stats.apiRequests).toBe(s.totalRequests());
  });
});

describe('asking the next page ahead (issue 18)', () => {
  it('reads the continue token from the head of a page as kube-apiserver writes it, and nothing else', () => {
    const page = (meta: string, rest = '"items":[]}') =>
      `{"kind":"PodList","apiVersion":"v1","metadata":${meta},${rest}`;
    expect(peekContinue(page('{"resourceVersion":"7","continue":"eyJ2IjoxfQ","remainingItemCount":3}'))).toBe(
      'eyJ2IjoxfQ',
    );
    expect(peekContinue(page('{"resourceVersion":"7"}'))).toBeUndefined();
    expect(peekContinue(page('{"resourceVersion":"7","continue":""}'))).toBeUndefined();
    // items first, or no kind/apiVersion head: no hint (the parsed page decides alone)
    expect(peekContinue('{"items":[],"metadata":{"continue":"x"}}')).toBeUndefined();
    expect(peekContinue('{"metadata":{"continue":"x"},"items":[]}')).toBeUndefined();
    expect(peekContinue('not json')).toBeUndefined();
  });

  it('drops a request made on a hint the parsed page contradicts and reads the right page', async () => {
    const seen: string[] = [];
    const list = (kind: string, meta: object, items: object[], tail = '') =>
      `{"kind":"${kind}","apiVersion":"v1","metadata":${JSON.stringify(meta)},"items":${JSON.stringify(items)}${tail}}`;
    const pod = (name: string) => ({ metadata: { name, namespace: 'default' }, spec: { nodeName: 'n1' } });
    const server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      seen.push(
        `${url.pathname}${url.searchParams.get('continue') ? `?continue=${url.searchParams.get('continue')}` : ''}`,
      );
      res.setHeader('Content-Type', 'application/json');
      if (url.pathname === '/readyz') return res.end('[+]ping ok\nreadyz check passed');
      if (url.pathname === '/api/v1/nodes')
        return res.end(list('NodeList', {}, [{ metadata: { name: 'n1' }, status: { conditions: [] } }]));
      if (url.pathname === '/api/v1/pods') {
        const cont = url.searchParams.get('continue');
        // Page 1: its head says "wrong", but a second metadata key (JSON.parse keeps the last) says "p2".
        if (cont === null)
          return res.end(list('PodList', { continue: 'wrong' }, [pod('a')], ',"metadata":{"continue":"p2"}'));
        if (cont === 'p2') return res.end(list('PodList', {}, [pod('b')]));
        return res.end(list('PodList', {}, [pod('must-not-be-read')]));
      }
      if (url.pathname.endsWith('/configmaps/kube-proxy')) {
        res.statusCode = 404;
        return res.end('{}');
      }
      return res.end(list('List', {}, []));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const kc = new KubeConfig();
      kc.loadFromOptions({
        clusters: [
          {
            name: 'c',
            server: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
            skipTLSVerify: true,
          },
        ],
        users: [{ name: 'u' }],
        contexts: [{ name: 'c', cluster: 'c', user: 'u' }],
        currentContext: 'c',
      });
      const snapshot = await readSnapshot({ kubeConfig: kc, cluster: 'c', focusNode: 'n1' });
      expect(snapshot.podSummaries.map((p) => p.name)).toEqual(['a', 'b']);
      expect(snapshot.readErrors).toEqual([]);
      // The hint was acted on (asked ahead), then dropped for the parsed token.
      expect(seen).toEqual(
        expect.arrayContaining(['/api/v1/pods?continue=wrong', '/api/v1/pods?continue=p2']),
      );
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});

describe('kubeConfigForContext', () => {
  it('selects a context and lists the available ones when it is unknown', async () => {
    const s = await sim('05-single-control-plane.json');
    const dir = await mkdtemp(join(tmpdir(), 'kc-'));
    const path = join(dir, 'config');
    await writeFile(path, s.kubeconfig);
    const kc = kubeConfigForContext(path, 'simulator', {});
    expect(kc.getCurrentCluster()?.server).toBe(s.url);
    let caught: unknown;
    try {
      kubeConfigForContext(path, 'prod', {}, 'clusters.prod.context');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).code).toBe('kube-context-unknown');
    expect((caught as ConfigError).path).toBe('clusters.prod.context');
    expect((caught as ConfigError).message).toMatch(/no context "prod".*available contexts: simulator/);
    expect(() => kubeConfigForContext(join(dir, 'missing'), null, {})).toThrow(
      expect.objectContaining({ code: 'config-not-found' }) as unknown as Error,
    );
  });
});
