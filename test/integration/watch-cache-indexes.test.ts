/**
 * The watch cache's owner and namespace lookups (src/cluster/cache-indexes.ts, issue 18) against
 * a small API server of the test's own, which serves a list and a watch for each resource the cache
 * reads and sends the watch events the test chooses:
 * - after every event (a pod added, adopted or orphaned, changed in place, deleted; a ReplicaSet
 *   orphaned; a PodDisruptionBudget added and deleted) and after a relist that follows `410 Gone`,
 *   the lookups a cache snapshot comes with equal the ones built from scratch from that snapshot's
 *   arrays, key by key, in the same order, with the focus node's pods read fresh;
 * - a snapshot taken before the events keeps its lookups and its answer.
 *
 * Event semantics from the Kubernetes API docs: a watch sends ADDED, MODIFIED and DELETED events
 * with the object's new state, and a watch from a resourceVersion the server no longer keeps gets
 * `410 Gone`, after which the client lists again
 * (https://kubernetes.io/docs/reference/using-api/api-concepts/#efficient-detection-of-changes).
 * Owner changes that really happen: a ReplicaSet adopts a bare pod that matches its selector
 * (https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/#non-template-pod-acquisitions),
 * and deleting an owner with `--cascade=orphan` removes it from its dependents' ownerReferences
 * (https://kubernetes.io/docs/concepts/architecture/garbage-collection/#orphaned-dependents).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { KubeConfig } from '@kubernetes/client-node';
import { buildOwnerIndexes, indexCluster } from '../../src/analysis/cluster-index.js';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import {
  type NodeUsage,
  VersionedGroups,
  VersionedMap,
  podUsageByNode,
  prebuiltIndexesOf,
  type PrebuiltIndexes,
} from '../../src/cluster/cache-indexes.js';
import type { ClusterSnapshot } from '../../src/cluster/types.js';
import { ClusterWatchCache } from '../../src/cluster/watch-cache.js';
import { explainRebootImpact } from '../../src/explain/explain-reboot-impact.js';
import { renderText } from '../../src/explain/render-text.js';
import { kubeconfigFor } from '../../src/simulator/kubeconfig-for.js';
import { eventually } from '../helpers/eventually.js';

type Obj = {
  kind?: string;
  apiVersion?: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    ownerReferences?: { kind: string; name: string; uid: string; controller?: boolean }[];
    labels?: Record<string, string>;
  };
  spec?: Record<string, unknown>;
  status?: Record<string, unknown>;
};

/** The collection paths the watch cache lists and watches (src/cluster/watch-cache.ts REFLECTORS). */
const PATHS = [
  '/api/v1/nodes',
  '/api/v1/pods',
  '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases',
  '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases',
  '/apis/policy/v1/poddisruptionbudgets',
  '/apis/apps/v1/deployments',
  '/apis/apps/v1/replicasets',
  '/apis/apps/v1/statefulsets',
  '/apis/apps/v1/daemonsets',
  '/api/v1/persistentvolumeclaims',
  '/api/v1/persistentvolumes',
  '/api/v1/services',
  '/apis/discovery.k8s.io/v1/endpointslices',
  '/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations',
  '/apis/admissionregistration.k8s.io/v1/mutatingwebhookconfigurations',
  '/apis/apiregistration.k8s.io/v1/apiservices',
  '/api/v1/namespaces',
] as const;
const PODS = '/api/v1/pods';
const RS = '/apis/apps/v1/replicasets';
const PDBS = '/apis/policy/v1/poddisruptionbudgets';

const ctrl = (kind: string, name: string, uid: string) => [{ kind, name, uid, controller: true }];

function node(name: string): Obj {
  return {
    metadata: { name, uid: `node-${name}` },
    status: {
      conditions: [{ type: 'Ready', status: 'True' }],
      allocatable: { cpu: '8', memory: '32Gi', pods: '110' },
    },
  };
}

function pod(
  ns: string,
  name: string,
  nodeName: string,
  owner: Obj['metadata']['ownerReferences'],
  phase = 'Running',
): Obj {
  return {
    metadata: { namespace: ns, name, uid: `pod-${ns}-${name}`, ...(owner ? { ownerReferences: owner } : {}) },
    spec: {
      nodeName,
      containers: [{ name: 'c', image: 'x', resources: { requests: { cpu: '100m', memory: '0.1Gi' } } }],
    },
    status: { phase, conditions: [{ type: 'Ready', status: phase === 'Running' ? 'True' : 'False' }] },
  };
}

/** A tiny API server: list and watch per collection, `/readyz`, the focus node's pods; no kube-proxy ConfigMap. */
class FakeApi {
  readonly store = new Map<string, Map<string, Obj>>(PATHS.map((p) => [p, new Map()]));
  private rv = 1;
  private readonly watches = new Map<string, Set<ServerResponse>>(PATHS.map((p) => [p, new Set()]));
  server: Server | null = null;
  url = '';

  put(path: string, obj: Obj): void {
    obj.metadata.resourceVersion = String(++this.rv);
    this.store.get(path)?.set(`${obj.metadata.namespace ?? ''}/${obj.metadata.name}`, obj);
  }

  /** Change the store and send the event to the open watches. */
  emit(path: string, type: 'ADDED' | 'MODIFIED' | 'DELETED', obj: Obj): void {
    if (type === 'DELETED') {
      this.store.get(path)?.delete(`${obj.metadata.namespace ?? ''}/${obj.metadata.name}`);
      obj.metadata.resourceVersion = String(++this.rv);
    } else this.put(path, obj);
    for (const res of this.watches.get(path) ?? []) res.write(`${JSON.stringify({ type, object: obj })}\n`);
  }

  /** The open watches of `path` get a `410 Gone` ERROR event and end (kube-apiserver's watch cache). */
  expire(path: string): void {
    for (const res of this.watches.get(path) ?? [])
      res.end(
        `${JSON.stringify({ type: 'ERROR', object: { kind: 'Status', code: 410, reason: 'Expired' } })}\n`,
      );
    this.watches.get(path)?.clear();
  }

  async start(): Promise<void> {
    this.server = createServer((req: IncomingMessage, res: ServerResponse) => this.serve(req, res));
    await new Promise<void>((ok) => this.server?.listen(0, '127.0.0.1', ok));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async close(): Promise<void> {
    for (const set of this.watches.values()) for (const res of set) res.end();
    this.server?.closeAllConnections();
    await new Promise((ok) => this.server?.close(ok));
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', this.url);
    if (url.pathname === '/readyz') {
      res.writeHead(200, { 'Content-Type': 'text/plain' }).end('[+]ping ok\nreadyz check passed\n');
      return;
    }
    const objects = this.store.get(url.pathname);
    if (!objects) {
      res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"kind":"Status","code":404}');
      return;
    }
    if (url.searchParams.get('watch') === 'true') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.flushHeaders();
      this.watches.get(url.pathname)?.add(res);
      res.on('close', () => this.watches.get(url.pathname)?.delete(res));
      return;
    }
    const onNode = /^spec\.nodeName=(.*)$/.exec(url.searchParams.get('fieldSelector') ?? '')?.[1];
    const items = [...objects.values()]
      .filter(
        (o) => onNode === undefined || (o.spec as { nodeName?: string } | undefined)?.nodeName === onNode,
      )
      // the cache slims what it receives in place: the store keeps its own copy
      .map((o) => structuredClone(o));
    res
      .writeHead(200, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ items, metadata: { resourceVersion: String(this.rv) } }));
  }
}

/** Lookups as names, keys sorted, groups in their order: equal exactly when the lookups are. */
function named(
  ix: Pick<
    PrebuiltIndexes,
    'summariesByOwnerUid' | 'workloadsByUid' | 'replicaSetsByOwnerUid' | 'pdbsByNamespace'
  >,
) {
  const groups = <V>(m: ReadonlyMap<string, readonly V[]>, name: (v: V) => string) =>
    [...m].map(([k, vs]) => [k, vs.map(name)] as const).sort(([a], [b]) => a.localeCompare(b));
  const meta = (o: { metadata: { namespace?: string; name: string } }) =>
    `${o.metadata.namespace ?? ''}/${o.metadata.name}`;
  return {
    summariesByOwnerUid: groups(
      ix.summariesByOwnerUid,
      (s) => `${s.namespace}/${s.name}@${s.nodeName}:${s.phase}`,
    ),
    workloadsByUid: [...ix.workloadsByUid]
      .map(([k, w]) => [k, `${w.kind}/${meta(w)}`] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
    replicaSetsByOwnerUid: groups(ix.replicaSetsByOwnerUid, meta),
    pdbsByNamespace: groups(ix.pdbsByNamespace, meta),
  };
}

/** The snapshot's own lookups equal the ones built from scratch, and indexCluster uses them; returns them by name. */
function expectLookupsMatch(snapshot: ClusterSnapshot): ReturnType<typeof named> {
  const pre = prebuiltIndexesOf(snapshot);
  expect(pre).not.toBeNull();
  const mine = named(pre as PrebuiltIndexes);
  expect(mine).toEqual(named(buildOwnerIndexes(snapshot)));
  const usage = (m: ReadonlyMap<string, NodeUsage>) => [...m].sort(([a], [b]) => a.localeCompare(b));
  expect(usage(pre?.usageByNode ?? new Map())).toEqual(usage(podUsageByNode(snapshot.podSummaries)));
  const index = indexCluster(snapshot);
  expect(index.summariesByOwnerUid).toBe(pre?.summariesByOwnerUid);
  expect(index.workloadsByUid).toBe(pre?.workloadsByUid);
  // every owner of a summary is found, and each summary is in exactly one group
  const grouped = [...index.summariesByOwnerUid.values()].flat();
  expect(grouped).toHaveLength(snapshot.podSummaries.filter((s) => s.owner).length);
  for (const s of snapshot.podSummaries)
    if (s.owner) expect(index.summariesByOwnerUid.get(s.owner.uid)).toContain(s);
  return mine;
}

/** Group contents sorted (the order within a group depends on the focus node; it is compared with a rebuild above). */
function members(groups: readonly (readonly [string, readonly string[]])[]): [string, string[]][] {
  return groups.map(([k, vs]) => [k, [...vs].sort()]);
}

function answerOf(snapshot: ClusterSnapshot, target: string): string {
  const impact = analyzeRebootImpact(snapshot, target, new Date('2026-01-01T00:00:00Z'));
  return renderText(explainRebootImpact(impact, { locale: 'en', cluster: 'idx', requestId: 'r' }));
}

describe('the watch cache keeps its owner and namespace lookups as a rebuild would', () => {
  const api = new FakeApi();
  let cache: ClusterWatchCache;
  const D1 = 'uid-deploy-web';
  const R1 = 'uid-rs-web-1';
  /** ReplicaSet web-1 (2 replicas), controlled by Deployment web. */
  const web1ReplicaSet = () => ({
    metadata: {
      namespace: 'default',
      name: 'web-1',
      uid: R1,
      ownerReferences: ctrl('Deployment', 'web', D1),
    },
    spec: { replicas: 2 },
  });
  const R2 = 'uid-rs-web-2';
  const S1 = 'uid-sts-db';

  beforeAll(async () => {
    for (const n of ['n1', 'n2', 'n3']) api.put('/api/v1/nodes', node(n));
    api.put('/apis/apps/v1/deployments', {
      metadata: { namespace: 'default', name: 'web', uid: D1 },
      spec: { replicas: 3, selector: { matchLabels: { app: 'web' } } },
    });
    api.put(RS, web1ReplicaSet());
    api.put(RS, {
      metadata: {
        namespace: 'default',
        name: 'web-2',
        uid: R2,
        ownerReferences: ctrl('Deployment', 'web', D1),
      },
      spec: { replicas: 1 },
    });
    api.put('/apis/apps/v1/statefulsets', {
      metadata: { namespace: 'db', name: 'db', uid: S1 },
      spec: { replicas: 2 },
    });
    api.put(PODS, pod('default', 'web-1-a', 'n1', ctrl('ReplicaSet', 'web-1', R1)));
    api.put(PODS, pod('default', 'web-1-b', 'n2', ctrl('ReplicaSet', 'web-1', R1)));
    api.put(PODS, pod('default', 'web-2-a', 'n1', ctrl('ReplicaSet', 'web-2', R2)));
    api.put(PODS, pod('db', 'db-0', 'n1', ctrl('StatefulSet', 'db', S1)));
    api.put(PODS, pod('db', 'db-1', 'n2', ctrl('StatefulSet', 'db', S1)));
    api.put(PODS, pod('default', 'bare', 'n2', undefined));
    api.put(PDBS, {
      metadata: { namespace: 'default', name: 'web' },
      spec: { minAvailable: 2, selector: { matchLabels: { app: 'web' } } },
    });
    api.put(PDBS, {
      metadata: { namespace: 'db', name: 'db' },
      spec: { maxUnavailable: 1, selector: { matchLabels: { app: 'db' } } },
    });
    await api.start();
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromString(kubeconfigFor(api.url));
    cache = new ClusterWatchCache({ kubeConfig, cluster: 'idx', backoff: { initialMs: 20, capMs: 200 } });
    await cache.start();
    await eventually('the cache in sync', () => cache.inSync);
  });
  afterAll(async () => {
    cache.close();
    await api.close();
  });

  /** A snapshot for each focus, each with matching lookups; the one of `n1` returned. */
  async function checkAll(): Promise<{ snapshot: ClusterSnapshot; names: ReturnType<typeof named> }> {
    let first: { snapshot: ClusterSnapshot; names: ReturnType<typeof named> } | null = null;
    for (const focus of ['n1', null, 'n2', 'n3']) {
      const s = await cache.snapshot(focus, null);
      expect(s).not.toBeNull();
      const names = expectLookupsMatch(s?.snapshot as ClusterSnapshot);
      if (focus === 'n1') first = { snapshot: s?.snapshot as ClusterSnapshot, names };
    }
    return first as { snapshot: ClusterSnapshot; names: ReturnType<typeof named> };
  }

  /** Wait until the cache has seen the store's latest write to `path`/`key`. */
  async function seen(key: string, present = true): Promise<void> {
    await eventually(`${key} in the cache`, async () => {
      const s = await cache.snapshot(null, null);
      return s?.snapshot.podSummaries.some((p) => `${p.namespace}/${p.name}` === key) === present;
    });
  }

  it('after the list, and after each kind of watch event; an earlier snapshot keeps its lookups and answer', async () => {
    const before = await checkAll();
    expect(members(before.names.summariesByOwnerUid)).toEqual([
      [R1, ['default/web-1-a@n1:Running', 'default/web-1-b@n2:Running']],
      [R2, ['default/web-2-a@n1:Running']],
      [S1, ['db/db-0@n1:Running', 'db/db-1@n2:Running']],
    ]);
    const answerBefore = answerOf(before.snapshot, 'n1');

    // a new pod of web-2, on the focus node and elsewhere
    api.emit(PODS, 'ADDED', pod('default', 'web-2-b', 'n2', ctrl('ReplicaSet', 'web-2', R2)));
    api.emit(PODS, 'ADDED', pod('default', 'web-2-c', 'n1', ctrl('ReplicaSet', 'web-2', R2)));
    await seen('default/web-2-c');
    await checkAll();
    // web-1-a orphaned, then adopted by web-2; the bare pod adopted by web-1
    api.emit(PODS, 'MODIFIED', pod('default', 'web-1-a', 'n1', undefined));
    api.emit(PODS, 'MODIFIED', pod('default', 'bare', 'n2', ctrl('ReplicaSet', 'web-1', R1)));
    await eventually('the adoption in the cache', async () =>
      (await cache.snapshot(null, null))?.snapshot.podSummaries.some(
        (s) => s.name === 'bare' && s.owner?.uid === R1,
      ),
    );
    await checkAll();
    api.emit(PODS, 'MODIFIED', pod('default', 'web-1-a', 'n1', ctrl('ReplicaSet', 'web-2', R2)));
    // changed in place (same owner): db-1 fails
    api.emit(PODS, 'MODIFIED', pod('db', 'db-1', 'n2', ctrl('StatefulSet', 'db', S1), 'Failed'));
    // deleted
    api.emit(PODS, 'DELETED', pod('db', 'db-0', 'n1', ctrl('StatefulSet', 'db', S1)));
    await seen('db/db-0', false);
    // web-1 orphaned by its Deployment (--cascade=orphan); a PDB added in another namespace, one deleted
    api.emit(RS, 'MODIFIED', {
      metadata: { namespace: 'default', name: 'web-1', uid: R1 },
      spec: { replicas: 2 },
    });
    api.emit(PDBS, 'ADDED', {
      metadata: { namespace: 'db', name: 'db-2' },
      spec: { minAvailable: 1, selector: { matchLabels: { app: 'db' } } },
    });
    api.emit(PDBS, 'DELETED', { metadata: { namespace: 'default', name: 'web' } });
    await eventually('the PDB deletion in the cache', async () =>
      (await cache.snapshot(null, null))?.snapshot.podDisruptionBudgets.every(
        (p) => p.metadata.name !== 'web',
      ),
    );
    const after = await checkAll();
    expect(members(after.names.summariesByOwnerUid)).toEqual([
      [R1, ['default/bare@n2:Running', 'default/web-1-b@n2:Running']],
      [
        R2,
        [
          'default/web-1-a@n1:Running',
          'default/web-2-a@n1:Running',
          'default/web-2-b@n2:Running',
          'default/web-2-c@n1:Running',
        ],
      ],
      [S1, ['db/db-1@n2:Failed']],
    ]);
    expect(after.names.replicaSetsByOwnerUid).toEqual([[D1, ['default/web-2']]]);
    expect(after.names.pdbsByNamespace).toEqual([['db', ['db/db', 'db/db-2']]]);

    // the snapshot taken before every event: same lookups, same answer
    expect(expectLookupsMatch(before.snapshot)).toEqual(before.names);
    expect(answerOf(before.snapshot, 'n1')).toBe(answerBefore);
    expect(answerOf(after.snapshot, 'n1')).not.toBe(answerBefore);
  });

  it('the focus node read fresh differs from the cache: its pods come from the read', async () => {
    // written without an event (a watch that missed it): only the fresh read of n2's pods sees it
    api.put(PODS, pod('default', 'web-1-b', 'n2', ctrl('ReplicaSet', 'web-2', R2)));
    api.put(PODS, pod('default', 'quiet', 'n2', ctrl('StatefulSet', 'db', S1)));
    const s = await cache.snapshot('n2', null);
    const names = expectLookupsMatch(s?.snapshot as ClusterSnapshot);
    expect(names.summariesByOwnerUid.find(([k]) => k === R2)?.[1]).toContain('default/web-1-b@n2:Running');
    expect(names.summariesByOwnerUid.find(([k]) => k === S1)?.[1]).toContain('default/quiet@n2:Running');
    // elsewhere the cache still holds what it was told
    const other = await cache.snapshot('n1', null);
    const elsewhere = expectLookupsMatch(other?.snapshot as ClusterSnapshot);
    expect(elsewhere.summariesByOwnerUid.find(([k]) => k === R1)?.[1]).toContain(
      'default/web-1-b@n2:Running',
    );
  });

  it('a relist after 410 Gone rebuilds them from the new list', async () => {
    const relists = cache.stats.relists;
    api.put(PODS, pod('default', 'late', 'n3', ctrl('ReplicaSet', 'web-1', R1)));
    api.store.get(PODS)?.delete('default/web-2-a');
    api.put(RS, web1ReplicaSet());
    api.put(PDBS, { metadata: { namespace: 'default', name: 'web-again' }, spec: { minAvailable: 1 } });
    for (const path of [PODS, RS, PDBS]) api.expire(path);
    await eventually('three relists', () => cache.stats.relists >= relists + 3);
    await eventually('the cache in sync again', () => cache.inSync);
    const { names } = await checkAll();
    expect(members(names.summariesByOwnerUid)).toEqual([
      [R1, ['default/bare@n2:Running', 'default/late@n3:Running']],
      [
        R2,
        [
          'default/web-1-a@n1:Running',
          'default/web-1-b@n2:Running',
          'default/web-2-b@n2:Running',
          'default/web-2-c@n1:Running',
        ],
      ],
      [S1, ['db/db-1@n2:Failed', 'default/quiet@n2:Running']],
    ]);
    expect(names.replicaSetsByOwnerUid).toEqual([[D1, ['default/web-1', 'default/web-2']]]);
    expect(names.pdbsByNamespace).toEqual([
      ['db', ['db/db', 'db/db-2']],
      ['default', ['default/web-again']],
    ]);
  });

  it('a snapshot that is not the cache’s own (a changed copy) is indexed from scratch', async () => {
    const s = (await cache.snapshot('n1', null))?.snapshot as ClusterSnapshot;
    const changed = { ...s, podSummaries: s.podSummaries.filter((p) => p.name !== 'late') };
    expect(prebuiltIndexesOf(changed)).toBeNull();
    expect(named(indexCluster(changed))).toEqual(named(buildOwnerIndexes(changed)));
    expect(
      indexCluster(changed)
        .summariesByOwnerUid.get(R1)
        ?.map((p) => p.name),
    ).toEqual(['bare']);
    // the spread keeps the arrays (answer.ts adds etcd that way): the lookups still apply
    const withEtcd: ClusterSnapshot = { ...s, etcd: null };
    expect(prebuiltIndexesOf(withEtcd)).not.toBeNull();
    expect(Object.isFrozen(s.podSummaries)).toBe(true);
  });
});

describe('copy-on-write of the versioned lookups', () => {
  it('a view never changes; the groups keep member order, an owner change moves the member last', () => {
    const g = new VersionedGroups<string>();
    expect(g.upsert(undefined, ['x'], 'a1')).toBe(true);
    expect(g.upsert(undefined, ['x'], 'b1')).toBe(true);
    expect(g.upsert(undefined, ['y'], 'c1')).toBe(true);
    const v1 = g.view();
    expect(g.upsert({ keys: ['x'], value: 'a1' }, ['x'], 'a2')).toBe(false); // in place
    expect(g.upsert({ keys: ['x'], value: 'b1' }, ['y'], 'b2')).toBe(true); // moved
    g.remove({ keys: ['y'], value: 'c1' });
    expect(g.upsert(undefined, [], 'd1')).toBe(true);
    const v2 = g.view();
    expect([...v1]).toEqual([
      ['x', ['a1', 'b1']],
      ['y', ['c1']],
    ]);
    expect([...v2]).toEqual([
      ['x', ['a2']],
      ['y', ['b2']],
    ]);
    // changes after the second view copy again: neither view moves
    g.upsert({ keys: ['x'], value: 'a2' }, ['x'], 'a3');
    g.remove({ keys: ['y'], value: 'b2' });
    expect([...v2]).toEqual([
      ['x', ['a2']],
      ['y', ['b2']],
    ]);
    expect([...g.view()]).toEqual([['x', ['a3']]]);
    g.clear();
    expect([...g.view()]).toEqual([]);
    expect([...v1].length).toBe(2);
  });

  it('the keyed map: a view never changes; a member removed leaves a key another holds', () => {
    const m = new VersionedMap<string>();
    m.upsert(undefined, 'u1', 'a');
    m.upsert(undefined, null, 'b');
    const v1 = m.view();
    m.upsert({ key: 'u1', value: 'a' }, 'u2', 'a2');
    m.remove({ key: null, value: 'b' });
    m.upsert(undefined, 'u3', 'c');
    m.remove({ key: 'u3', value: 'other' });
    expect([...v1]).toEqual([['u1', 'a']]);
    expect([...m.view()]).toEqual([
      ['u2', 'a2'],
      ['u3', 'c'],
    ]);
  });
});
