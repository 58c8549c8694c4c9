/**
 * The simulator under maintenance: node patches, Lease writes with conflicts, pods/eviction with
 * PodDisruptionBudget rules, controller replacements, node reboots, and the real kubectl cordon and
 * drain against it (skipped, with a visible message, where kubectl is missing).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from '@jest/globals';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { KObject, SnapshotFile } from '../../src/cluster/snapshot-file.js';
import { applyPatch, patchTypeOf } from '../../src/simulator/apply-patch.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { loadScenario, startScenarioSimulator } from '../helpers/simulator.js';

const SCENARIO = '09-worker-pdb-minavailable-equals-replicas.json';
const PAYMENTS_1 = 'payments-26grdhrgz7-7w84l'; // on indus-wk-1
const PAYMENTS_2 = 'payments-26grdhrgz7-s4vsp'; // on indus-wk-2

let sims: RunningSimulator[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});
async function sim(file: SnapshotFile | string): Promise<RunningSimulator> {
  const s = await startScenarioSimulator(file);
  sims.push(s);
  return s;
}

interface Obj {
  kind: string;
  metadata: {
    name: string;
    namespace?: string;
    uid?: string;
    resourceVersion?: string;
    labels?: Record<string, string>;
    annotations?: Record<string, string>;
    ownerReferences?: { kind: string; name: string }[];
  };
  spec?: Record<string, unknown> & {
    unschedulable?: boolean;
    nodeName?: string;
    taints?: { key: string; effect: string; value?: string }[];
  };
  status?: Record<string, unknown> & {
    phase?: string;
    conditions?: { type: string; status: string; reason?: string; message?: string }[];
    nodeInfo?: { bootID?: string };
    disruptionsAllowed?: number;
    currentHealthy?: number;
    disruptedPods?: Record<string, string>;
  };
  message?: string;
  reason?: string;
  code?: number;
  details?: { causes?: { reason: string; message: string }[] };
  items?: Obj[];
}

async function call(
  s: RunningSimulator,
  method: string,
  path: string,
  body?: unknown,
  contentType = 'application/json',
): Promise<{ status: number; body: Obj }> {
  const res = await fetch(s.url + path, {
    method,
    ...(body !== undefined ? { body: JSON.stringify(body), headers: { 'Content-Type': contentType } } : {}),
  });
  return { status: res.status, body: (await res.json()) as Obj };
}
const get = (s: RunningSimulator, path: string): Promise<{ status: number; body: Obj }> =>
  call(s, 'GET', path);
const ready = (o: Obj): string | undefined => o.status?.conditions?.find((c) => c.type === 'Ready')?.status;
const evictionOf = (ns: string, name: string): object => ({
  apiVersion: 'policy/v1',
  kind: 'Eviction',
  metadata: { name, namespace: ns },
});
const evict = (s: RunningSimulator, ns: string, name: string): Promise<{ status: number; body: Obj }> =>
  call(s, 'POST', `/api/v1/namespaces/${ns}/pods/${name}/eviction`, evictionOf(ns, name));

/** Scenario 09 with payments-pdb relaxed to minAvailable 1 (one disruption allowed), plus `extra` items. */
async function relaxed(extra: KObject[] = []): Promise<SnapshotFile> {
  const file = await loadScenario(SCENARIO);
  const pdb = file.items.find((i) => i.kind === 'PodDisruptionBudget') as unknown as Obj;
  (pdb.spec as Record<string, unknown>).minAvailable = 1;
  Object.assign(pdb.status as object, { desiredHealthy: 1, disruptionsAllowed: 1 });
  file.items.push(...extra);
  return file;
}

/** A copy of payments pod 1 under another name/owner/labels, e.g. a cache pod with an emptyDir. */
async function podLike(
  name: string,
  patch: {
    owner?: { kind: string; name: string };
    labels?: Record<string, string>;
    emptyDir?: boolean;
    node?: string;
  },
): Promise<KObject> {
  const file = await loadScenario(SCENARIO);
  const pod = structuredClone(file.items.find((i) => i.metadata.name === PAYMENTS_1)) as unknown as Obj;
  pod.metadata.name = name;
  pod.metadata.uid = `uid-${name}`;
  pod.metadata.labels = patch.labels ?? { app: name };
  if (patch.owner)
    pod.metadata.ownerReferences = [
      {
        ...(pod.metadata.ownerReferences?.[0] as object),
        kind: patch.owner.kind,
        name: patch.owner.name,
      } as { kind: string; name: string },
    ];
  if (patch.emptyDir) (pod.spec as Record<string, unknown>).volumes = [{ name: 'scratch', emptyDir: {} }];
  if (patch.node) (pod.spec as Record<string, unknown>).nodeName = patch.node;
  return pod as unknown as KObject;
}

describe('applyPatch', () => {
  const node = {
    metadata: { name: 'n', labels: { a: '1' } },
    status: {
      conditions: [
        { type: 'Ready', status: 'True' },
        { type: 'DiskPressure', status: 'False' },
      ],
    },
    spec: { taints: [{ key: 'x', effect: 'NoSchedule' }] },
  };
  it('picks the patch type from the Content-Type', () => {
    expect(patchTypeOf('application/strategic-merge-patch+json; charset=utf-8')).toBe('strategic');
    expect(patchTypeOf('application/merge-patch+json')).toBe('merge');
    expect(patchTypeOf('application/json-patch+json')).toBe('json');
    expect(patchTypeOf('application/apply-patch+yaml')).toBeNull();
  });
  it('strategic merge: conditions merge by type, $patch delete removes one, directives are ignored, other lists are replaced', () => {
    const out = applyPatch(
      node,
      {
        status: {
          '$setElementOrder/conditions': [{ type: 'Ready' }],
          conditions: [
            { type: 'Ready', status: 'Unknown' },
            { type: 'DiskPressure', $patch: 'delete' },
            { type: 'PIDPressure', status: 'False' },
          ],
        },
        spec: { taints: [{ key: 'y', effect: 'NoExecute' }] },
        metadata: { labels: { b: '2' } },
      },
      'strategic',
    ) as typeof node;
    expect(out.status.conditions).toEqual([
      { type: 'Ready', status: 'Unknown' },
      { type: 'PIDPressure', status: 'False' },
    ]);
    expect(out.spec.taints).toEqual([{ key: 'y', effect: 'NoExecute' }]);
    expect(out.metadata.labels).toEqual({ a: '1', b: '2' });
    expect(node.status.conditions).toHaveLength(2); // the input is not changed
    const merged = applyPatch(
      node,
      { status: { conditions: [{ type: 'Ready', status: 'False' }] } },
      'merge',
    ) as typeof node;
    expect(merged.status.conditions).toEqual([{ type: 'Ready', status: 'False' }]); // merge patch replaces lists
  });
  it('JSON patch: move, copy, add at "-" and errors as bad-request', () => {
    const out = applyPatch(
      node,
      [
        { op: 'copy', from: '/metadata/labels/a', path: '/metadata/labels/c' },
        { op: 'move', from: '/metadata/labels/a', path: '/metadata/labels/d' },
        { op: 'add', path: '/spec/taints/-', value: { key: 'z', effect: 'NoSchedule' } },
      ],
      'json',
    ) as typeof node;
    expect(out.metadata.labels).toEqual({ c: '1', d: '1' });
    expect(out.spec.taints.map((t) => t.key)).toEqual(['x', 'z']);
    expect(() => applyPatch(node, [{ op: 'remove', path: '/metadata/nope' }], 'json')).toThrow(
      expect.objectContaining({ code: 'bad-request' }) as unknown as Error,
    );
    expect(() => applyPatch(node, [{ op: 'replace', path: '/a/b/c', value: 1 }], 'json')).toThrow(/missing/);
    expect(() => applyPatch(node, { op: 'add' }, 'json')).toThrow(/array/);
  });
});

describe('node patches and updates', () => {
  it('cordons with a strategic merge patch, bumping resourceVersion, and uncordons with null', async () => {
    const s = await sim(SCENARIO);
    const before = (await get(s, '/api/v1/nodes/indus-wk-1')).body;
    const patched = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1',
      { spec: { unschedulable: true } },
      'application/strategic-merge-patch+json',
    );
    expect(patched.status).toBe(200);
    expect(patched.body.spec?.unschedulable).toBe(true);
    expect(Number(patched.body.metadata.resourceVersion)).toBeGreaterThan(
      Number(before.metadata.resourceVersion),
    );
    expect(patched.body.metadata.uid).toBe(before.metadata.uid);
    expect(patched.body.spec?.taints).toEqual([
      expect.objectContaining({ key: 'node.kubernetes.io/unschedulable', effect: 'NoSchedule' }),
    ]);
    expect((await get(s, '/api/v1/nodes/indus-wk-1')).body.spec?.unschedulable).toBe(true);
    const listed = (await get(s, '/api/v1/nodes')).body;
    expect(listed.items?.find((n) => n.metadata.name === 'indus-wk-1')?.spec?.unschedulable).toBe(true);
    // the list's resourceVersion is the last write's, as etcd's revision (a watch from it resumes after the patch)
    expect(Number((listed.metadata as { resourceVersion: string }).resourceVersion)).toBeGreaterThanOrEqual(
      Number(patched.body.metadata.resourceVersion),
    );
    const back = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1',
      { spec: { unschedulable: null } },
      'application/strategic-merge-patch+json',
    );
    expect(back.body.spec?.unschedulable).toBeUndefined();
    expect(back.body.spec?.taints).toBeUndefined();
  });

  it('merge-patches labels and annotations (null deletes) and refuses a stale resourceVersion with 409', async () => {
    const s = await sim(SCENARIO);
    const node = (await get(s, '/api/v1/nodes/indus-wk-2')).body;
    const res = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-2',
      {
        metadata: {
          labels: { maintenance: 'yes', 'kubernetes.io/os': null },
          annotations: { 'k8s-ha-bot/request': 'r-1' },
        },
      },
      'application/merge-patch+json',
    );
    expect(res.status).toBe(200);
    expect(res.body.metadata.labels).toMatchObject({
      maintenance: 'yes',
      'kubernetes.io/hostname': 'indus-wk-2',
    });
    expect(res.body.metadata.labels?.['kubernetes.io/os']).toBeUndefined();
    expect(res.body.metadata.annotations?.['k8s-ha-bot/request']).toBe('r-1');
    expect(Object.keys(res.body.metadata.annotations ?? {}).length).toBe(
      Object.keys(node.metadata.annotations ?? {}).length + 1,
    );
    const stale = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-2',
      { metadata: { resourceVersion: node.metadata.resourceVersion }, spec: { unschedulable: true } },
      'application/merge-patch+json',
    );
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ kind: 'Status', reason: 'Conflict', code: 409 });
    expect(stale.body.message).toMatch(/the object has been modified/);
    expect((await get(s, '/api/v1/nodes/indus-wk-2')).body.spec?.unschedulable).toBeUndefined();
  });

  it('applies JSON patches to taints (a failed test op changes nothing), 415 for an unknown type, 404 for no node', async () => {
    const s = await sim(SCENARIO);
    const taint = { key: 'maintenance', value: 'r-1', effect: 'NoSchedule' };
    const add = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1',
      [{ op: 'add', path: '/spec/taints', value: [taint] }],
      'application/json-patch+json',
    );
    expect(add.status).toBe(200);
    expect(add.body.spec?.taints).toEqual([taint]);
    const failed = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1',
      [
        { op: 'test', path: '/spec/taints/0/value', value: 'other' },
        { op: 'remove', path: '/spec/taints' },
      ],
      'application/json-patch+json',
    );
    expect(failed.status).toBe(422);
    expect((await get(s, '/api/v1/nodes/indus-wk-1')).body.spec?.taints).toEqual([taint]);
    const removed = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1',
      [
        { op: 'test', path: '/spec/taints/0/value', value: 'r-1' },
        { op: 'remove', path: '/spec/taints/0' },
      ],
      'application/json-patch+json',
    );
    expect(removed.body.spec?.taints).toEqual([]);
    const strategic = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1',
      { spec: { taints: [taint, { key: 'b', effect: 'NoExecute' }] } },
      'application/strategic-merge-patch+json',
    );
    expect(strategic.body.spec?.taints).toHaveLength(2); // a list without merge key is replaced
    expect(
      (await call(s, 'PATCH', '/api/v1/nodes/indus-wk-1', { spec: {} }, 'application/json')).status,
    ).toBe(415);
    expect(
      (await call(s, 'PATCH', '/api/v1/nodes/nope', { spec: {} }, 'application/merge-patch+json')).status,
    ).toBe(404);
    // kube-apiserver's answer to a create without a name (writes are served since issue 31)
    expect((await call(s, 'POST', '/api/v1/nodes', {})).status).toBe(422);
  });

  it('PUT replaces a node with the current resourceVersion and answers 409 on a stale one', async () => {
    const s = await sim(SCENARIO);
    const node = (await get(s, '/api/v1/nodes/indus-wk-1')).body;
    const updated = await call(s, 'PUT', '/api/v1/nodes/indus-wk-1', {
      ...node,
      spec: { ...node.spec, unschedulable: true },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.spec?.unschedulable).toBe(true);
    const again = await call(s, 'PUT', '/api/v1/nodes/indus-wk-1', {
      ...node,
      spec: { ...node.spec, unschedulable: false },
    });
    expect(again.status).toBe(409);
    expect((await get(s, '/api/v1/nodes/indus-wk-1')).body.spec?.unschedulable).toBe(true);
  });
});

describe('leases', () => {
  const base = '/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases';
  it('creates, gets, updates with 409 on a stale resourceVersion, and deletes', async () => {
    const s = await sim(SCENARIO);
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'maintenance-indus' },
      spec: { holderIdentity: 'req-1', leaseDurationSeconds: 60, renewTime: '2026-01-01T00:00:00.000000Z' },
    };
    const created = await call(s, 'POST', base, lease);
    expect(created.status).toBe(201);
    expect(created.body.metadata).toMatchObject({ name: 'maintenance-indus', namespace: 'k8s-ha-bot' });
    expect(created.body.metadata.uid).toBeTruthy();
    const rv1 = created.body.metadata.resourceVersion as string;
    expect((await call(s, 'POST', base, lease)).body).toMatchObject({ code: 409, reason: 'AlreadyExists' });
    expect((await get(s, `${base}/maintenance-indus`)).body.spec?.holderIdentity).toBe('req-1');
    const renewed = await call(s, 'PUT', `${base}/maintenance-indus`, {
      ...created.body,
      spec: { ...created.body.spec, holderIdentity: 'req-1', renewTime: '2026-01-01T00:00:10.000000Z' },
    });
    expect(renewed.status).toBe(200);
    expect(Number(renewed.body.metadata.resourceVersion)).toBeGreaterThan(Number(rv1));
    // a second holder that read the lease before the renewal loses
    const stolen = await call(s, 'PUT', `${base}/maintenance-indus`, {
      ...created.body,
      spec: { ...created.body.spec, holderIdentity: 'req-2' },
    });
    expect(stolen.status).toBe(409);
    expect(stolen.body).toMatchObject({ kind: 'Status', status: 'Failure', reason: 'Conflict', code: 409 });
    expect(stolen.body.message).toBe(
      'Operation cannot be fulfilled on leases.coordination.k8s.io "maintenance-indus": the object has been modified; please apply your changes to the latest version and try again',
    );
    expect((await get(s, `${base}/maintenance-indus`)).body.spec?.holderIdentity).toBe('req-1');
    expect((await get(s, base)).body.items?.map((l) => l.metadata.name)).toEqual(['maintenance-indus']);
    expect(
      (await call(s, 'PUT', `${base}/missing`, { ...lease, metadata: { name: 'missing' } })).status,
    ).toBe(404);
    const deleted = await call(s, 'DELETE', `${base}/maintenance-indus`);
    expect(deleted.status).toBe(200);
    expect((await get(s, `${base}/maintenance-indus`)).status).toBe(404);
    expect((await call(s, 'DELETE', `${base}/maintenance-indus`)).status).toBe(404);
    // and in kube-system too
    expect(
      (
        await call(s, 'POST', '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases', {
          ...lease,
          metadata: { name: 'x' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('pods/eviction', () => {
  it('answers 429 with the apiserver Status when the budget allows no disruption, and keeps the pod', async () => {
    const s = await sim(SCENARIO);
    const discovery = (await get(s, '/api/v1')).body as unknown as {
      resources: { name: string; kind: string; group?: string; version?: string }[];
    };
    expect(discovery.resources.find((r) => r.name === 'pods/eviction')).toMatchObject({
      kind: 'Eviction',
      group: 'policy',
      version: 'v1',
    });
    const res = await evict(s, 'payments', PAYMENTS_1);
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      kind: 'Status',
      status: 'Failure',
      reason: 'TooManyRequests',
      code: 429,
      message: "Cannot evict pod as it would violate the pod's disruption budget.",
    });
    expect(res.body.details?.causes).toEqual([
      {
        reason: 'DisruptionBudget',
        message: 'The disruption budget payments-pdb needs 2 healthy pods and has 2 currently',
      },
    ]);
    expect((await get(s, `/api/v1/namespaces/payments/pods/${PAYMENTS_1}`)).status).toBe(200);
    expect(s.evictions.get(`payments/${PAYMENTS_1}`)).toBeUndefined();
    expect(s.evictionRequests.get(`payments/${PAYMENTS_1}`)).toBe(1);
    expect((await get(s, `/api/v1/namespaces/payments/pods/${PAYMENTS_1}/eviction`)).status).toBe(405);
  });

  it('evicts within the budget: pod deleted, budget decremented, replacement Pending when no node fits', async () => {
    const s = await sim(await relaxed());
    // indus-wk-2 cordoned; the control-plane nodes carry a taint the payments pods do not tolerate
    await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-2',
      { spec: { unschedulable: true } },
      'application/strategic-merge-patch+json',
    );
    const res = await evict(s, 'payments', PAYMENTS_1);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ kind: 'Status', status: 'Success' });
    expect((await get(s, `/api/v1/namespaces/payments/pods/${PAYMENTS_1}`)).status).toBe(404);
    expect(s.evictions.get(`payments/${PAYMENTS_1}`)).toBe(1);
    const pdb = (await get(s, '/apis/policy/v1/namespaces/payments/poddisruptionbudgets/payments-pdb')).body;
    expect(pdb.status).toMatchObject({ disruptionsAllowed: 0, currentHealthy: 1 });
    expect(Object.keys(pdb.status?.disruptedPods ?? {})).toEqual([PAYMENTS_1]);
    expect(pdb.status?.conditions?.find((c) => c.type === 'DisruptionAllowed')?.status).toBe('False');
    const pods = (await get(s, '/api/v1/namespaces/payments/pods')).body.items ?? [];
    const replacement = pods.find((p) => p.metadata.name !== PAYMENTS_2);
    expect(replacement?.metadata.name).toMatch(/^payments-26grdhrgz7-[a-z0-9]{5}$/);
    expect(replacement?.metadata.name).not.toBe(PAYMENTS_1);
    expect(replacement?.spec?.nodeName).toBeUndefined();
    expect(replacement?.status?.phase).toBe('Pending');
    expect(replacement?.status?.conditions?.[0]).toMatchObject({
      type: 'PodScheduled',
      status: 'False',
      reason: 'Unschedulable',
    });
    expect(
      (await get(s, '/api/v1/pods?fieldSelector=spec.nodeName%3D')).body.items?.map((p) => p.metadata.name),
    ).toContain(replacement?.metadata.name);
    // the budget is now spent: the second replica is protected
    expect((await evict(s, 'payments', PAYMENTS_2)).status).toBe(429);
    // a pod already gone
    const gone = await evict(s, 'payments', PAYMENTS_1);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ reason: 'NotFound', message: `pods "${PAYMENTS_1}" not found` });
    expect(s.evictions.get(`payments/${PAYMENTS_1}`)).toBe(1);
    // a Pending pod is evicted without a budget check
    expect((await evict(s, 'payments', replacement?.metadata.name as string)).status).toBe(201);
  });

  it('schedules the replacement on another Ready, schedulable, tolerated node, and the budget recovers', async () => {
    const s = await sim(await relaxed());
    expect((await evict(s, 'payments', PAYMENTS_1)).status).toBe(201);
    const onWk2 = (await get(s, '/api/v1/pods?fieldSelector=spec.nodeName%3Dindus-wk-2')).body.items ?? [];
    const replacement = onWk2.find(
      (p) => p.metadata.namespace === 'payments' && p.metadata.name !== PAYMENTS_2,
    );
    expect(replacement?.status?.phase).toBe('Running');
    expect(ready(replacement as Obj)).toBe('True');
    expect(replacement?.metadata.ownerReferences?.[0]).toMatchObject({
      kind: 'ReplicaSet',
      name: 'payments-26grdhrgz7',
    });
    expect(
      (await get(s, '/api/v1/pods?fieldSelector=spec.nodeName%3Dindus-wk-1')).body.items?.some(
        (p) => p.metadata.namespace === 'payments',
      ),
    ).toBe(false);
    const pdb = (await get(s, '/apis/policy/v1/namespaces/payments/poddisruptionbudgets/payments-pdb')).body;
    expect(pdb.status).toMatchObject({ disruptionsAllowed: 1, currentHealthy: 2 });
    expect(pdb.status?.disruptedPods).toBeUndefined();
  });

  it('answers 500 when two budgets select the pod', async () => {
    const file = await loadScenario(SCENARIO);
    const second = structuredClone(
      file.items.find((i) => i.kind === 'PodDisruptionBudget'),
    ) as unknown as Obj;
    second.metadata.name = 'payments-pdb-2';
    second.metadata.uid = 'uid-pdb-2';
    Object.assign(second.status as object, { disruptionsAllowed: 1 });
    file.items.push(second as unknown as KObject);
    const s = await sim(file);
    const res = await evict(s, 'payments', PAYMENTS_1);
    expect(res.status).toBe(500);
    expect(res.body).toMatchObject({ kind: 'Status', reason: 'InternalError', code: 500 });
    expect(res.body.message).toContain(
      'This pod has more than one PodDisruptionBudget, which the eviction subresource does not support.',
    );
    expect((await get(s, `/api/v1/namespaces/payments/pods/${PAYMENTS_1}`)).status).toBe(200);
  });

  it('evicts DaemonSet and mirror pods (no replacement), and DELETE removes a pod and replaces a StatefulSet pod under its own name', async () => {
    const sts = await podLike('db-0', { owner: { kind: 'StatefulSet', name: 'db' }, node: 'indus-wk-1' });
    const s = await sim(await relaxed([sts]));
    expect((await evict(s, 'kube-system', 'kube-proxy-4twzd')).status).toBe(201);
    expect((await evict(s, 'kube-system', 'etcd-indus-cp-1')).status).toBe(201);
    expect((await get(s, '/api/v1/namespaces/kube-system/pods/kube-proxy-4twzd')).status).toBe(404);
    const ks = (await get(s, '/api/v1/namespaces/kube-system/pods')).body.items ?? [];
    expect(
      ks.some((p) => p.metadata.name.startsWith('kube-proxy') || p.metadata.name === 'etcd-indus-cp-1'),
    ).toBe(false);
    const deleted = await call(s, 'DELETE', '/api/v1/namespaces/payments/pods/db-0');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ kind: 'Pod', metadata: { name: 'db-0', uid: 'uid-db-0' } });
    const again = (await get(s, '/api/v1/namespaces/payments/pods/db-0')).body;
    expect(again.metadata.uid).not.toBe('uid-db-0');
    expect(again.spec?.nodeName).toBe('indus-wk-2');
    expect(s.evictions.get('payments/db-0')).toBeUndefined();
    expect(
      (
        await call(s, 'DELETE', '/api/v1/namespaces/payments/pods/db-0', {
          preconditions: { uid: 'uid-db-0' },
        })
      ).status,
    ).toBe(409);
  });
});

describe('dry runs, forbidden evictions, Lease patches, full nodes', () => {
  it('?dryRun=All runs the checks and changes nothing', async () => {
    const s = await sim(await relaxed());
    const path = `/api/v1/namespaces/payments/pods/${PAYMENTS_1}/eviction?dryRun=All`;
    const res = await call(s, 'POST', path, evictionOf('payments', PAYMENTS_1));
    expect(res.status).toBe(201);
    expect((await get(s, `/api/v1/namespaces/payments/pods/${PAYMENTS_1}`)).status).toBe(200);
    expect(
      (await get(s, '/apis/policy/v1/namespaces/payments/poddisruptionbudgets/payments-pdb')).body.status
        ?.disruptionsAllowed,
    ).toBe(1);
    expect((await get(s, '/api/v1/namespaces/payments/pods')).body.items).toHaveLength(2);
    expect(s.evictions.size + s.evictionRequests.size).toBe(0);
    const blocked = await sim(SCENARIO);
    expect((await call(blocked, 'POST', path, evictionOf('payments', PAYMENTS_1))).status).toBe(429);
    const patched = await call(
      s,
      'PATCH',
      '/api/v1/nodes/indus-wk-1?dryRun=All',
      { spec: { unschedulable: true } },
      'application/merge-patch+json',
    );
    expect(patched.body.spec?.unschedulable).toBe(true);
    expect((await get(s, '/api/v1/nodes/indus-wk-1')).body.spec?.unschedulable).toBeUndefined();
  });

  it('a pods/eviction entry in faults.forbidden answers 403 to evictions only', async () => {
    const s = await startScenarioSimulator(SCENARIO, { faults: { forbidden: ['pods/eviction'] } });
    sims.push(s);
    const res = await evict(s, 'payments', PAYMENTS_1);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ reason: 'Forbidden', code: 403 });
    expect(res.body.message).toContain(
      'cannot create resource "pods/eviction" in API group "" in the namespace "payments"',
    );
    expect((await get(s, `/api/v1/namespaces/payments/pods/${PAYMENTS_1}`)).status).toBe(200);
  });

  it('merge-patches a Lease (renewal) with a resourceVersion precondition', async () => {
    const s = await sim(SCENARIO);
    const base = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/kube-scheduler';
    const lease = (await get(s, base)).body;
    const renew = {
      metadata: { resourceVersion: lease.metadata.resourceVersion },
      spec: { renewTime: '2030-01-01T00:00:00.000000Z' },
    };
    const ok = await call(s, 'PATCH', base, renew, 'application/merge-patch+json');
    expect(ok.status).toBe(200);
    expect(ok.body.spec).toMatchObject({
      renewTime: '2030-01-01T00:00:00.000000Z',
      holderIdentity: lease.spec?.holderIdentity,
    });
    expect((await call(s, 'PATCH', base, renew, 'application/merge-patch+json')).status).toBe(409);
  });

  it('does not schedule a replacement on a node at its allocatable pod count', async () => {
    const file = await relaxed();
    const wk2 = file.items.find(
      (i) => i.kind === 'Node' && i.metadata.name === 'indus-wk-2',
    ) as unknown as Obj;
    const onWk2 = file.items.filter(
      (i) => i.kind === 'Pod' && (i as unknown as Obj).spec?.nodeName === 'indus-wk-2',
    ).length;
    (wk2.status as { allocatable: Record<string, string> }).allocatable.pods = String(onWk2);
    const s = await sim(file);
    expect((await evict(s, 'payments', PAYMENTS_1)).status).toBe(201);
    const pods = (await get(s, '/api/v1/namespaces/payments/pods')).body.items ?? [];
    expect(pods.find((p) => p.metadata.name !== PAYMENTS_2)?.status?.phase).toBe('Pending');
  });
});

describe('rebootNode', () => {
  it('takes the node down (Ready Unknown, Lease not renewed, pods not Ready), then up with a new bootID and a fresh Lease', async () => {
    const file = await loadScenario(SCENARIO);
    const old = new Date(file.capturedAt?.getTime() ?? Date.now())
      .toISOString()
      .replace(/\.\d+Z$/, '.000000Z');
    file.items.push({
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: { name: 'indus-cp-1', namespace: 'kube-node-lease', uid: 'lease-uid' },
      spec: { holderIdentity: 'indus-cp-1', leaseDurationSeconds: 40, renewTime: old },
    } as unknown as KObject);
    const s = await sim(file);
    const leasePath = '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/indus-cp-1';
    const before = (await get(s, '/api/v1/nodes/indus-cp-1')).body;
    const leaseBefore = (await get(s, leasePath)).body;
    const t0 = Date.now();
    const up = s.rebootNode('indus-cp-1', { downMs: 600 });
    const down = (await get(s, '/api/v1/nodes/indus-cp-1')).body;
    expect(ready(down)).toBe('Unknown');
    expect(down.status?.conditions?.find((c) => c.type === 'Ready')?.reason).toBe('NodeStatusUnknown');
    expect(down.status?.nodeInfo?.bootID).toBe(before.status?.nodeInfo?.bootID);
    expect(
      down.spec?.taints
        ?.filter((t) => t.key === 'node.kubernetes.io/unreachable')
        .map((t) => t.effect)
        .sort(),
    ).toEqual(['NoExecute', 'NoSchedule']);
    expect(ready((await get(s, '/api/v1/namespaces/kube-system/pods/etcd-indus-cp-1')).body)).toBe('False');
    await new Promise((r) => setTimeout(r, 300));
    expect((await get(s, leasePath)).body.spec?.renewTime).toBe(leaseBefore.spec?.renewTime);
    expect(ready((await get(s, '/api/v1/nodes/indus-cp-1')).body)).toBe('Unknown');
    await up;
    expect(Date.now() - t0).toBeGreaterThanOrEqual(590);
    const after = (await get(s, '/api/v1/nodes/indus-cp-1')).body;
    expect(ready(after)).toBe('True');
    expect(after.status?.nodeInfo?.bootID).toMatch(/^[0-9a-f-]{36}$/);
    expect(after.status?.nodeInfo?.bootID).not.toBe(before.status?.nodeInfo?.bootID);
    expect(after.spec?.taints).toEqual(before.spec?.taints);
    const lease = (await get(s, leasePath)).body;
    // renewed by the node coming back (after the reboot began), not the Lease from before
    expect(Date.parse(lease.spec?.renewTime as string)).toBeGreaterThanOrEqual(t0);
    expect(lease.spec?.renewTime).toMatch(/\.\d{6}Z$/);
    for (const c of ['etcd', 'kube-apiserver', 'kube-controller-manager', 'kube-scheduler']) {
      expect(ready((await get(s, `/api/v1/namespaces/kube-system/pods/${c}-indus-cp-1`)).body)).toBe('True');
    }
    expect(ready((await get(s, '/api/v1/nodes/indus-cp-2')).body)).toBe('True');
    await expect(s.rebootNode('nope', { downMs: 1 })).rejects.toMatchObject({ code: 'bad-request' });
  });

  it('creates the node Lease on the way up when the snapshot had none; close() cancels a pending reboot', async () => {
    const s = await sim(SCENARIO);
    const leasePath = '/apis/coordination.k8s.io/v1/namespaces/kube-node-lease/leases/indus-wk-1';
    expect((await get(s, leasePath)).status).toBe(404);
    await s.rebootNode('indus-wk-1', { downMs: 50 });
    expect((await get(s, leasePath)).body.spec?.holderIdentity).toBe('indus-wk-1');
    const pending = s.rebootNode('indus-wk-2', { downMs: 60_000 });
    await s.close();
    sims = [];
    await expect(pending).resolves.toBeUndefined();
  });
});

const run = promisify(execFile);
const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL)
  console.warn(
    'kubectl not found in /usr/bin or /usr/local/bin: skipping the kubectl cordon/drain tests against the simulator',
  );
const describeKubectl = KUBECTL ? describe : describe.skip;

describeKubectl('kubectl cordon and drain against the simulator', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kubectl-drain-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const kubectl = async (
    s: RunningSimulator,
    ...args: string[]
  ): Promise<{ code: number; stdout: string; stderr: string }> => {
    const config = join(dir, `config-${s.port}`);
    await writeFile(config, s.kubeconfig);
    try {
      const r = await run(
        KUBECTL as string,
        ['--kubeconfig', config, '--cache-dir', join(dir, 'cache'), ...args],
        { timeout: 40_000 },
      );
      return { code: 0, stdout: r.stdout, stderr: r.stderr };
    } catch (err) {
      const e = err as { code?: number; stdout?: string; stderr?: string };
      return {
        code: typeof e.code === 'number' ? e.code : -1,
        stdout: e.stdout ?? '',
        stderr: e.stderr ?? '',
      };
    }
  };

  it('kubectl cordon marks the node unschedulable; uncordon clears it', async () => {
    const s = await sim(SCENARIO);
    const out = await kubectl(s, 'cordon', 'indus-wk-1');
    expect(out).toMatchObject({ code: 0, stdout: 'node/indus-wk-1 cordoned\n' });
    expect(s.getObject('nodes', null, 'indus-wk-1')?.spec).toMatchObject({ unschedulable: true });
    expect((await kubectl(s, 'get', 'node', 'indus-wk-1')).stdout).toMatch(/Ready,SchedulingDisabled/);
    expect((await kubectl(s, 'uncordon', 'indus-wk-1')).stdout).toBe('node/indus-wk-1 uncordoned\n');
    expect(
      (s.getObject('nodes', null, 'indus-wk-1')?.spec as { unschedulable?: boolean }).unschedulable,
    ).toBeUndefined();
  });

  it('kubectl drain on a node with a blocking budget fails with kubectl’s disruption-budget message', async () => {
    const s = await sim(SCENARIO);
    const t0 = Date.now();
    const out = await kubectl(
      s,
      'drain',
      'indus-wk-1',
      '--ignore-daemonsets',
      '--delete-emptydir-data',
      '--timeout=10s',
    );
    expect(out.code).not.toBe(0);
    expect(out.stdout).toContain('node/indus-wk-1 cordoned');
    expect(out.stderr).toContain(
      `error when evicting pods/"${PAYMENTS_1}" -n "payments" (will retry after 5s): Cannot evict pod as it would violate the pod's disruption budget.`,
    );
    expect(out.stderr).toContain(
      `error: unable to drain node "indus-wk-1" due to error: error when evicting pods/"${PAYMENTS_1}" -n "payments": global timeout reached: 10s`,
    );
    expect(Date.now() - t0).toBeGreaterThanOrEqual(9_500);
    expect(s.getObject('nodes', null, 'indus-wk-1')?.spec).toMatchObject({ unschedulable: true });
    expect(s.getObject('pods', 'payments', PAYMENTS_1)).toBeDefined();
    expect(s.evictions.size).toBe(0);
    expect(s.evictionRequests.get(`payments/${PAYMENTS_1}`)).toBeGreaterThanOrEqual(2);
  });

  it('kubectl drain on a node without blockers succeeds and evicts every evictable pod exactly once', async () => {
    const cache = await podLike('cache-7d9f8-abcde', {
      owner: { kind: 'ReplicaSet', name: 'cache-7d9f8' },
      emptyDir: true,
      node: 'indus-wk-1',
    });
    const s = await sim(await relaxed([cache]));
    const out = await kubectl(
      s,
      'drain',
      'indus-wk-1',
      '--ignore-daemonsets',
      '--delete-emptydir-data',
      '--timeout=10s',
    );
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('node/indus-wk-1 cordoned');
    expect(out.stdout).toContain(`pod/${PAYMENTS_1} evicted`);
    expect(out.stdout).toContain('pod/cache-7d9f8-abcde evicted');
    expect(out.stdout).toContain('node/indus-wk-1 drained');
    expect(out.stderr).toMatch(/Warning: ignoring DaemonSet-managed Pods: .*kube-proxy-4twzd/);
    expect(Object.fromEntries(s.evictions)).toEqual({
      [`payments/${PAYMENTS_1}`]: 1,
      'payments/cache-7d9f8-abcde': 1,
    });
    const left = (await get(s, '/api/v1/pods?fieldSelector=spec.nodeName%3Dindus-wk-1')).body.items ?? [];
    expect(left.map((p) => p.metadata.name).sort()).toEqual(['kube-flannel-ds-kjq27', 'kube-proxy-4twzd']);
    const onWk2 = (await get(s, '/api/v1/pods?fieldSelector=spec.nodeName%3Dindus-wk-2')).body.items ?? [];
    expect(onWk2.filter((p) => p.metadata.name.startsWith('cache-7d9f8-'))).toHaveLength(1);
  });
});

describe('@kubernetes/client-node against the maintenance API', () => {
  it('patches nodes, evicts pods and writes Leases, surfacing 429 and 409 as ApiException codes', async () => {
    const { ApiException, CoordinationV1Api, CoreV1Api, KubeConfig, PatchStrategy, setHeaderOptions } =
      await import('@kubernetes/client-node');
    const s = await sim(SCENARIO);
    const kc = new KubeConfig();
    kc.loadFromString(s.kubeconfig);
    const core = kc.makeApiClient(CoreV1Api);
    const cordoned = await core.patchNode(
      { name: 'indus-wk-1', body: { spec: { unschedulable: true } } },
      setHeaderOptions('Content-Type', PatchStrategy.StrategicMergePatch),
    );
    expect(cordoned.spec?.unschedulable).toBe(true);
    const jsonPatched = await core.patchNode({
      name: 'indus-wk-1',
      body: [{ op: 'replace', path: '/spec/unschedulable', value: false }],
    });
    expect(jsonPatched.spec?.unschedulable).toBe(false);
    const blocked = await core
      .createNamespacedPodEviction({
        name: PAYMENTS_1,
        namespace: 'payments',
        body: {
          apiVersion: 'policy/v1',
          kind: 'Eviction',
          metadata: { name: PAYMENTS_1, namespace: 'payments' },
        },
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(blocked).toBeInstanceOf(ApiException);
    expect((blocked as InstanceType<typeof ApiException<string>>).code).toBe(429);
    expect(String((blocked as InstanceType<typeof ApiException<string>>).body)).toContain(
      "Cannot evict pod as it would violate the pod's disruption budget.",
    );
    const leases = kc.makeApiClient(CoordinationV1Api);
    const lease = await leases.createNamespacedLease({
      namespace: 'k8s-ha-bot',
      body: {
        metadata: { name: 'lock' },
        spec: { holderIdentity: 'req-1', leaseDurationSeconds: 30, renewTime: new Date() },
      },
    });
    expect(lease.metadata?.resourceVersion).toBeTruthy();
    const renewed = await leases.replaceNamespacedLease({
      name: 'lock',
      namespace: 'k8s-ha-bot',
      body: { ...lease, spec: { ...lease.spec, renewTime: new Date() } },
    });
    expect(renewed.metadata?.resourceVersion).not.toBe(lease.metadata?.resourceVersion);
    const stale = await leases
      .replaceNamespacedLease({
        name: 'lock',
        namespace: 'k8s-ha-bot',
        body: { ...lease, spec: { ...lease.spec, holderIdentity: 'req-2' } },
      })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect((stale as InstanceType<typeof ApiException<string>>).code).toBe(409);
    await leases.deleteNamespacedLease({ name: 'lock', namespace: 'k8s-ha-bot' });
    expect(s.getObject('leases', 'k8s-ha-bot', 'lock')).toBeUndefined();
  });
});
