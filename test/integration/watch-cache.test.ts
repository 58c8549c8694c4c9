/**
 * The worker's watch cache against the simulator's watches: it lists once, then follows
 * writes through the watch (a cordon is in the next snapshot with no new list or watch request),
 * answers say how fresh they are, an out-of-sync cache falls back to a fresh read, and a `410 Gone`
 * makes it relist.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readdirSync } from 'node:fs';
import { analyzeRebootImpact } from '../../src/analysis/reboot-impact.js';
import { analyzeHaStatus } from '../../src/analysis/ha-status.js';
import { explainRebootImpact } from '../../src/explain/explain-reboot-impact.js';
import { createAnswerService } from '../../src/answer/answer.js';
import { readSnapshot } from '../../src/cluster/read-snapshot.js';
import type { AnswerService } from '../../src/answer/answer.js';
import { ClusterWatchCache, slimObject } from '../../src/cluster/watch-cache.js';
import { watchCacheEnabled } from '../../src/config/settings.js';
import type { BotConfig } from '../../src/config/bot-config.js';
import { renderText } from '../../src/explain/render-text.js';
import type { AnswerJob } from '../../src/queue/job.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { countTurns } from '../helpers/event-loop-turns.js';
import {
  SCENARIOS,
  kubeConfigOf,
  loadScenario,
  requestedNode,
  startScenarioSimulator,
} from '../helpers/simulator.js';

const SCENARIO = '01-healthy-3cp-stacked-etcd.json';

async function patch(sim: RunningSimulator, path: string, body: unknown): Promise<number> {
  const res = await fetch(`${sim.url}${path}`, {
    method: 'PATCH',
    headers: { 'Content-Type': 'application/strategic-merge-patch+json' },
    body: JSON.stringify(body),
  });
  await res.text();
  return res.status;
}

/** Pod lists of the whole cluster served so far (a read of one node's pods has a fieldSelector). */
function fullPodLists(sim: RunningSimulator): number {
  return sim.requestLog.filter(
    (u) => (u === '/api/v1/pods' || u.startsWith('/api/v1/pods?')) && !u.includes('fieldSelector='),
  ).length;
}

describe('ClusterWatchCache', () => {
  let sim: RunningSimulator;
  let cache: ClusterWatchCache;
  let node: string;
  beforeAll(async () => {
    const file = await loadScenario(SCENARIO);
    node = requestedNode(file) as string;
    sim = await startScenarioSimulator(file);
    cache = new ClusterWatchCache({
      kubeConfig: kubeConfigOf(sim),
      cluster: 'sim',
      backoff: { initialMs: 20, capMs: 200 },
    });
    await cache.start();
    await eventually('the cache in sync', () => cache.inSync);
  });
  afterAll(async () => {
    cache.close();
    await sim.close();
  });

  it('a cordon shows up in the next snapshot without a new list or watch request', async () => {
    const before = await cache.snapshot(node, null);
    expect(before?.snapshot.nodes.find((n) => n.metadata.name === node)?.spec?.unschedulable).toBeUndefined();
    const nodeRequests = sim.requests.get('/api/v1/nodes');
    const podLists = fullPodLists(sim);
    const pages = cache.stats.listPages;
    expect(await patch(sim, `/api/v1/nodes/${node}`, { spec: { unschedulable: true } })).toBe(200);
    const after = await eventually('the cordon in the cache', async () => {
      const s = await cache.snapshot(node, null);
      return s?.snapshot.nodes.find((n) => n.metadata.name === node)?.spec?.unschedulable === true ? s : null;
    });
    expect(after.snapshot.pods.some((p) => p.spec?.nodeName === node)).toBe(true); // the focus node's pods, whole
    expect(after.snapshot.podSummaries.length).toBe(before?.snapshot.podSummaries.length);
    expect(after.snapshot.readyz?.status).toBe(200); // read fresh
    expect(sim.requests.get('/api/v1/nodes')).toBe(nodeRequests);
    expect(fullPodLists(sim)).toBe(podLists); // only the focus node's pods were read
    expect(sim.requestLog.at(-1)).toBeDefined();
    expect(sim.requestLog.some((u) => u.includes(`fieldSelector=spec.nodeName%3D${node}`))).toBe(true);
    expect(cache.stats.listPages).toBe(pages);
    expect(Date.now() - after.freshness.lastEventAt.getTime()).toBeLessThan(WAIT_CEILING_MS);
    await patch(sim, `/api/v1/nodes/${node}`, { spec: { unschedulable: null } });
  });

  it('is not in sync (no snapshot) while a watch cannot reconnect, and in sync again after', async () => {
    sim.setFaults({ delayMs: { nodes: 800 } });
    sim.closeWatches();
    await eventually('the cache out of sync', () => !cache.inSync, WAIT_CEILING_MS);
    expect(await cache.snapshot(node, null)).toBeNull();
    sim.setFaults({});
    await eventually('the cache in sync again', () => cache.inSync, WAIT_CEILING_MS);
    expect(await cache.snapshot(node, null)).not.toBeNull();
  });

  it('relists after 410 Gone (its resourceVersion fell out of the history) and keeps following writes', async () => {
    const relists = cache.stats.relists;
    // a write elsewhere moves the history on; the node watch's resourceVersion is now older than it keeps
    const res = await fetch(`${sim.url}/apis/coordination.k8s.io/v1/namespaces/kube-system/leases`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ metadata: { name: 'watch-cache-test' }, spec: { holderIdentity: 'x' } }),
    });
    expect(res.status).toBe(201);
    await eventually('the lease in the cache', async () =>
      (await cache.snapshot(null, null))?.snapshot.leases.some((l) => l.metadata.name === 'watch-cache-test'),
    );
    const nodeRequests = sim.requests.get('/api/v1/nodes') ?? 0;
    sim.compactWatchHistory(0);
    sim.closeWatches();
    await eventually('a relist', () => cache.stats.relists > relists);
    await eventually('the cache in sync again', () => cache.inSync);
    expect((sim.requests.get('/api/v1/nodes') ?? 0) - nodeRequests).toBeGreaterThanOrEqual(3); // 410 watch, list, new watch
    expect(await patch(sim, `/api/v1/nodes/${node}`, { spec: { unschedulable: true } })).toBe(200);
    await eventually(
      'the cordon after the relist',
      async () =>
        (await cache.snapshot(node, null))?.snapshot.nodes.find((n) => n.metadata.name === node)?.spec
          ?.unschedulable === true,
    );
  });

  it('keeps only what the checks read', () => {
    const pod = slimObject({
      kind: 'Pod',
      metadata: {
        name: 'p',
        namespace: 'n',
        managedFields: [{}],
        annotations: {
          'kubernetes.io/config.mirror': 'x',
          'kubectl.kubernetes.io/last-applied-configuration': '{…}',
        },
      },
      spec: {
        nodeName: 'a',
        containers: [
          {
            name: 'c',
            image: 'i',
            env: [{ name: 'A' }],
            resources: { requests: { cpu: '1' } },
            livenessProbe: {},
          },
        ],
        volumes: [{ name: 'v', emptyDir: {} }],
      },
      status: {
        phase: 'Running',
        containerStatuses: [
          {
            name: 'c',
            ready: false,
            image: 'i',
            imageID: 'sha',
            restartCount: 9,
            state: { waiting: { reason: 'CrashLoopBackOff', message: 'back-off' } },
          },
        ],
      },
    });
    expect(pod).toEqual({
      kind: 'Pod',
      metadata: { name: 'p', namespace: 'n', annotations: { 'kubernetes.io/config.mirror': 'x' } },
      spec: {
        nodeName: 'a',
        containers: [{ name: 'c', image: 'i', resources: { requests: { cpu: '1' } } }],
        volumes: [{ name: 'v', emptyDir: {} }],
      },
      // Readiness and why a container waits stay: the budget checks name a sibling in CrashLoopBackOff.
      status: {
        phase: 'Running',
        containerStatuses: [{ name: 'c', ready: false, state: { waiting: { reason: 'CrashLoopBackOff' } } }],
      },
    });
  });

  it('keeps who cordoned a node and the kured and autoscaler annotations (issue 16), nothing else of managedFields', () => {
    const node = slimObject({
      kind: 'Node',
      metadata: {
        name: 'wk-2',
        annotations: {
          'weave.works/kured-reboot-in-progress': '2025-06-12T09:38:02Z',
          'node.alpha.kubernetes.io/ttl': '0',
        },
        managedFields: [
          { manager: 'kubelet', operation: 'Update', time: 't0', fieldsV1: { 'f:status': {} } },
          {
            manager: 'kubectl-cordon',
            operation: 'Update',
            apiVersion: 'v1',
            time: '2025-06-11T16:20:41Z',
            fieldsV1: { 'f:spec': { 'f:unschedulable': {}, 'f:taints': {} } },
          },
        ],
      },
      spec: { unschedulable: true },
    });
    expect(node.metadata).toEqual({
      name: 'wk-2',
      annotations: { 'weave.works/kured-reboot-in-progress': '2025-06-12T09:38:02Z' },
      managedFields: [
        {
          manager: 'kubectl-cordon',
          operation: 'Update',
          time: '2025-06-11T16:20:41Z',
          fieldsV1: { 'f:spec': { 'f:unschedulable': {} } },
        },
      ],
    });
    const pod = slimObject({
      kind: 'Pod',
      metadata: {
        name: 'p',
        annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' },
        managedFields: [{ manager: 'x', fieldsV1: { 'f:spec': { 'f:unschedulable': {} } } }],
      },
    });
    expect(pod.metadata).toEqual({
      name: 'p',
      annotations: { 'cluster-autoscaler.kubernetes.io/safe-to-evict': 'false' },
    });
  });

  it('K8S_HA_BOT_WATCH_CACHE: on by default, off turns it off, anything else is refused', () => {
    expect(watchCacheEnabled({})).toBe(true);
    expect(watchCacheEnabled({ K8S_HA_BOT_WATCH_CACHE: 'off' })).toBe(false);
    expect(() => watchCacheEnabled({ K8S_HA_BOT_WATCH_CACHE: 'maybe' })).toThrow(
      /K8S_HA_BOT_WATCH_CACHE.*not on or off/,
    );
  });
});

describe('a list yields the event loop', () => {
  it('a turn of the event loop comes between the last page of a list and its relist into the indexes (issue 33)', async () => {
    const sim = await startScenarioSimulator(await loadScenario(SCENARIO));
    const cache = new ClusterWatchCache({ kubeConfig: kubeConfigOf(sim), cluster: 'sim', pageSize: 2 });
    const counter = countTurns();
    // what happened, in order, with the turn it happened at: a page arriving, a relist
    const events: { what: 'page' | 'relist'; turn: number }[] = [];
    const get = cache.get.bind(cache);
    cache.get = async (...args: Parameters<typeof get>) => {
      const res = await get(...args);
      events.push({ what: 'page', turn: counter.turns });
      return res;
    };
    const relist = cache.indexes.relist.bind(cache.indexes);
    cache.indexes.relist = (...args: Parameters<typeof relist>) => {
      events.push({ what: 'relist', turn: counter.turns });
      relist(...args);
    };
    try {
      await cache.start();
      await eventually('the cache in sync', () => cache.inSync);
    } finally {
      counter.stop();
      cache.close();
      await sim.close();
    }
    const relists = events.flatMap((e, i) => (e.what === 'relist' ? [i] : []));
    expect(relists.length).toBeGreaterThan(0);
    for (const i of relists) {
      const page = events.slice(0, i).findLast((e) => e.what === 'page');
      expect(events[i]!.turn).toBeGreaterThan(page!.turn);
    }
  });
});

describe('the cache gives the same analysis as a fresh read', () => {
  const files = readdirSync(SCENARIOS).filter((f) => f.endsWith('.json'));
  it.each(files)('%s', async (name) => {
    const file = await loadScenario(name);
    const node = requestedNode(file) ?? file.items.find((i) => i.kind === 'Node')?.metadata.name ?? '';
    const sim = await startScenarioSimulator(file);
    const cache = new ClusterWatchCache({
      kubeConfig: kubeConfigOf(sim),
      cluster: 'sim',
      backoff: { initialMs: 20, capMs: 200 },
    });
    try {
      await cache.start();
      await eventually('the cache in sync', () => cache.inSync);
      const at = new Date();
      const cached = await cache.snapshot(node, null);
      const fresh = await readSnapshot({ kubeConfig: kubeConfigOf(sim), cluster: 'sim', focusNode: node });
      const a = analyzeRebootImpact(cached?.snapshot as NonNullable<typeof cached>['snapshot'], node, at);
      const b = analyzeRebootImpact(fresh, node, at);
      expect(a.verdict).toBe(b.verdict);
      expect(a.findings).toEqual(b.findings);
      // cached objects are shared by every snapshot (frozen): the analyses change none of them
      const again = await cache.snapshot(node, null);
      const status = analyzeHaStatus(again?.snapshot as NonNullable<typeof again>['snapshot'], at);
      expect(status.health).toBe(analyzeHaStatus(fresh, at).health);
      renderText(
        explainRebootImpact(
          analyzeRebootImpact(again?.snapshot as NonNullable<typeof again>['snapshot'], node, at),
          { locale: 'en', cluster: 'sim', requestId: 'cache' },
        ),
      );
      expect(
        analyzeRebootImpact(again?.snapshot as NonNullable<typeof again>['snapshot'], node, at).findings,
      ).toEqual(b.findings);
      expect(cached?.snapshot.podSummaries).toHaveLength(fresh.podSummaries.length);
      expect(new Set(cached?.snapshot.pods.map((p) => p.metadata.name))).toEqual(
        new Set(fresh.pods.map((p) => p.metadata.name)),
      );
    } finally {
      cache.close();
      await sim.close();
    }
  });
});

describe('answers from the watch cache', () => {
  let sim: RunningSimulator;
  let service: AnswerService;
  let dir: string;
  let node: string;
  const job = (i: number): AnswerJob => ({
    requestId: `wc-${i}`,
    text: `can I reboot ${node}`,
    cluster: 'sim',
    locale: 'en',
    user: { platform: 'console', id: 't' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: new Date().toISOString(),
  });
  beforeAll(async () => {
    const file = await loadScenario(SCENARIO);
    node = requestedNode(file) as string;
    sim = await startScenarioSimulator(file);
    dir = await mkdtemp(join(tmpdir(), 'watch-cache-'));
    await writeFile(join(dir, 'config'), sim.kubeconfig);
    const config: BotConfig = {
      source: 'test',
      clusters: {
        sim: {
          kind: 'context',
          context: 'simulator',
          kubeconfig: join(dir, 'config'),
          requestTimeoutMs: 5000,
          deadlineMs: 20000,
        },
      },
      defaultCluster: 'sim',
      locale: 'en',
      jobTimeoutMs: 60000,
      logLevel: 'silent',
    };
    service = createAnswerService({ config, watchCache: true });
  });
  afterAll(async () => {
    await service.close();
    await sim.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('the first answer reads fresh; once in sync, answers come from the cache (no pod list) and say so', async () => {
    const first = await service.answer(job(0));
    expect(first.context.cache).toBeUndefined();
    const warm = await eventually('an answer from the cache', async () => {
      const r = await service.answer(job(1));
      return r.context.cache ? r : null;
    });
    const pods = fullPodLists(sim);
    const again = await service.answer(job(2));
    expect(again.context.cache?.lastEventAgeS).toBeGreaterThanOrEqual(0);
    expect(fullPodLists(sim)).toBe(pods);
    expect(again.verdict).toBe(first.verdict);
    // Ages (a Lease renewed by the simulator's heartbeats a second later) move between the two answers.
    expect(withoutAges(again.findings)).toEqual(withoutAges(first.findings));
    expect(renderText(warm)).toMatch(/from the watch cache, in sync, last event \d+ s ago/);
  });

  it('the maintenance analysis still reads fresh', async () => {
    const pods = sim.requests.get('/api/v1/pods') ?? 0;
    await service.analyzeNode('sim', node);
    expect(sim.requests.get('/api/v1/pods')).toBe(pods + 1);
  });

  it('an out-of-sync cache falls back to a fresh read', async () => {
    sim.setFaults({ delayMs: { pods: 1500 } });
    sim.closeWatches();
    const pods = sim.requests.get('/api/v1/pods') ?? 0;
    const reply = await service.answer(job(3));
    sim.setFaults({});
    expect(reply.context.cache).toBeUndefined();
    expect(reply.verdict).not.toBeNull();
    expect(sim.requests.get('/api/v1/pods')).toBeGreaterThanOrEqual(pods + 2); // the watch reconnect and the fresh list
  });
});

/** A deep copy without the fields that measure an age in s (`renewAgeS`, `ageS`, …): they tick between two answers. */
function withoutAges(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutAges);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([k]) => !/AgeS$|^ageS$/.test(k))
        .map(([k, v]) => [k, withoutAges(v)]),
    );
  }
  return value;
}
