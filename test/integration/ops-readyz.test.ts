/**
 * The ops server's /healthz and /readyz against real dependencies: a real redis-server, the
 * Kubernetes API simulator as a kubeconfig-context cluster, a cluster whose API port is closed, and
 * a snapshot cluster. /readyz is 200 only when Redis answers PING and every cluster answers;
 * otherwise 503 listing what is not ready (for a cluster whose /readyz fails, the checks it names,
 * bounded and safe to show), without the kubeconfig token or the Redis password.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { ClusterConfig } from '../../src/config/bot-config.js';
import { startProcessOps } from '../../src/ops/ops-server.js';
import type { RunningOpsServer } from '../../src/ops/ops-server.js';
import { clusterCheck } from '../../src/ops/readiness.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { kubeconfigFor } from '../../src/simulator/kubeconfig-for.js';
import { silentLogger } from '../../src/util/logger.js';
import { freePort, startRedis } from '../helpers/redis-server.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { SCENARIOS, loadScenario, startScenarioSimulator } from '../helpers/simulator.js';

const timeouts = { requestTimeoutMs: 2000, deadlineMs: 5000 };

let redis: TestRedis;
let sim: RunningSimulator;
let dir: string;
let kubeconfig: string;

async function get(port: number, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: res.status, body: await res.text() };
}

beforeAll(async () => {
  redis = await useSharedRedis();
  sim = await startScenarioSimulator('01-healthy-3cp-stacked-etcd.json');
  dir = await mkdtemp(join(tmpdir(), 'ops-readyz-'));
  const closed = await freePort();
  // Two contexts in one kubeconfig: the simulator (with a bearer token) and a closed port.
  const up = kubeconfigFor(sim.url, 'up').replace('simulator-token', 'sekrit-kube-token-123');
  const down = kubeconfigFor(`http://127.0.0.1:${closed}`, 'down');
  kubeconfig = join(dir, 'kubeconfig-up.yaml');
  await writeFile(kubeconfig, up);
  await writeFile(join(dir, 'kubeconfig-down.yaml'), down);
});

afterAll(async () => {
  await sim?.close();
  await redis?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe('ops server /healthz and /readyz', () => {
  it('is ready when Redis and every cluster answer; 503 naming the cluster that does not', async () => {
    const up: ClusterConfig = { kind: 'context', context: 'up', kubeconfig, ...timeouts };
    const down: ClusterConfig = {
      kind: 'context',
      context: 'down',
      kubeconfig: join(dir, 'kubeconfig-down.yaml'),
      ...timeouts,
    };
    const snap: ClusterConfig = {
      kind: 'snapshot',
      snapshot: join(SCENARIOS, '01-healthy-3cp-stacked-etcd.json'),
      ...timeouts,
    };
    const redisUrl = redis.url.replace('redis://', 'redis://:@'); // empty password: still a valid URL
    /** An ops server on a free loopback port, with the given role, clusters and environment. */
    const start = (
      role: 'worker' | 'gateway',
      clusters: Record<string, ClusterConfig>,
      env: Record<string, string> = {},
    ): Promise<RunningOpsServer> =>
      startProcessOps({ role, env, redisUrl, clusters, logger: silentLogger, port: 0, host: '127.0.0.1' });
    let ops: RunningOpsServer | undefined;
    let opsDown: RunningOpsServer | undefined;
    try {
      ops = await start('worker', { up, snap });
      expect(await get(ops.port, '/healthz')).toEqual({ status: 200, body: 'ok\n' });
      const ready = await get(ops.port, '/readyz');
      expect(ready.status).toBe(200);
      const body = JSON.parse(ready.body) as {
        ready: boolean;
        checks: { name: string; ok: boolean; detail: string }[];
      };
      expect(body.ready).toBe(true);
      expect(body.checks.map((c) => c.name).sort()).toEqual(['cluster:snap', 'cluster:up', 'redis']);

      opsDown = await start('worker', { up, down });
      const notReady = await get(opsDown.port, '/readyz');
      expect(notReady.status).toBe(503);
      const b2 = JSON.parse(notReady.body) as typeof body;
      expect(b2.ready).toBe(false);
      expect(b2.checks.find((c) => c.name === 'cluster:down')).toMatchObject({
        ok: false,
        detail: expect.stringContaining('ECONNREFUSED'),
      });
      expect(b2.checks.find((c) => c.name === 'cluster:up')?.ok).toBe(true);
      expect(b2.checks.find((c) => c.name === 'redis')?.ok).toBe(true);
      expect(notReady.body).not.toContain('sekrit-kube-token-123');

      // "reported" mode: a down cluster is listed but does not fail readiness.
      await opsDown.close();
      opsDown = await start('worker', { down }, { K8S_HA_BOT_READYZ_CLUSTERS: 'reported' });
      const reported = await get(opsDown.port, '/readyz');
      expect(reported.status).toBe(200);
      expect(reported.body).toContain('cluster:down');

      // A gateway reads no cluster (issue 32, item 4: it has no cluster credentials): Redis is its
      // only readiness check, whatever its clusters' APIs do.
      await opsDown.close();
      opsDown = await start('gateway', { up, down });
      const gateway = await get(opsDown.port, '/readyz');
      expect(gateway.status).toBe(200);
      expect((JSON.parse(gateway.body) as typeof body).checks.map((c) => c.name)).toEqual(['redis']);
    } finally {
      await ops?.close();
      await opsDown?.close();
    }
  });

  it('an unready cluster: /readyz names the failing checks the API server reported (etcd down), bounded and safe to show, not only "HTTP 500"', async () => {
    // kube-apiserver with etcd down: /readyz answers at once, HTTP 500, `[-]etcd failed: reason withheld`.
    // Twelve more failing checks, one with a terminal escape and a bidi override, test the bounds.
    const file = await loadScenario('01-healthy-3cp-stacked-etcd.json');
    const extra = Array.from({ length: 12 }, (_, i) =>
      i === 0
        ? '[-]poststarthook/\u001b[31mred\u001b[0m-\u202ehook failed: reason withheld'
        : `[-]poststarthook/hook-${i} failed: reason withheld`,
    );
    const readyz = (file.readyz ?? '')
      .replace('[+]etcd ok', '[-]etcd failed: reason withheld')
      .replace('[+]etcd-readiness ok', `[-]etcd-readiness failed: reason withheld\n${extra.join('\n')}`)
      .replace('readyz check passed', 'readyz check failed');
    const etcdDown = await startScenarioSimulator({ ...file, readyz });
    const kc = join(dir, 'kubeconfig-etcd-down.yaml');
    await writeFile(kc, etcdDown.kubeconfig);
    const context = /current-context:\s*(\S+)/.exec(etcdDown.kubeconfig)?.[1] ?? 'simulator';
    const ops = await startProcessOps({
      role: 'worker',
      env: {},
      redisUrl: redis.url,
      clusters: { prod: { kind: 'context', context, kubeconfig: kc, ...timeouts } },
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      const res = await get(ops.port, '/readyz');
      expect(res.status).toBe(503);
      const detail =
        (JSON.parse(res.body) as { checks: { name: string; detail: string }[] }).checks.find(
          (c) => c.name === 'cluster:prod',
        )?.detail ?? '';
      expect(detail).toMatch(
        /^GET \/readyz: HTTP 500: \[-\]etcd failed: reason withheld; \[-\]etcd-readiness failed: reason withheld; /,
      );
      // Safe to show: the escape sequence and the bidi override are gone, the name kept.
      expect(detail).toContain('[-]poststarthook/red-hook failed: reason withheld');
      expect([...detail].filter((c) => c === '\u001b' || c === '\u202e')).toEqual([]);
      // Bounded: 8 lines named, the other 6 counted.
      expect(detail.split('; [-]')).toHaveLength(8);
      expect(detail).toMatch(/; and 6 more$/);
    } finally {
      await ops.close();
      await etcdDown.close();
    }
  });

  it('caches cluster probes and times out a slow API', async () => {
    const up: ClusterConfig = { kind: 'context', context: 'up', kubeconfig, ...timeouts };
    let t = 0;
    const check = clusterCheck('up', up, {}, { timeoutMs: 300, cacheMs: 1000, now: () => t });
    const before = sim.totalRequests();
    expect((await check()).ok).toBe(true);
    expect((await check()).ok).toBe(true);
    expect(sim.totalRequests() - before).toBe(1);
    // The API answers /readyz after 5 s; the check gives up at its 1 s limit, well before that.
    sim.setFaults({ delayMs: { readyz: 5000 } });
    try {
      t = 1000;
      const slow = await check();
      expect(slow.ok).toBe(false); // an answer after 5 s would have been ok

      sim.setFaults({ unavailable: true });
      t = 2000;
      expect(await check()).toEqual({ ok: false, detail: 'GET /readyz: HTTP 503' });
    } finally {
      sim.setFaults({});
    }
  });

  it('says Redis is not ready when it is gone', async () => {
    // A server of its own: this test kills it.
    const own = await startRedis();
    const ops = await startProcessOps({
      role: 'worker',
      env: {},
      redisUrl: own.url,
      clusters: {},
      logger: silentLogger,
      port: 0,
      host: '127.0.0.1',
    });
    try {
      expect((await get(ops.port, '/readyz')).status).toBe(200);
      await own.kill();
      const res = await get(ops.port, '/readyz');
      expect(res.status).toBe(503);
      expect(JSON.parse(res.body)).toMatchObject({ ready: false, checks: [{ name: 'redis', ok: false }] });
      expect((await get(ops.port, '/healthz')).status).toBe(200);
    } finally {
      await ops.close();
      await own.stop();
    }
  });
});
