/**
 * The simulator serves `?watch=true`: events as newline-delimited JSON over a chunked
 * response, resumption from a resourceVersion, bookmarks, `410 Gone` for a too-old
 * resourceVersion, `timeoutSeconds`, selectors, RBAC's `watch` verb, and `kubectl get -w`.
 * Read with plain node:http and with client-node's own Watch.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { get as httpGet, request } from 'node:http';
import { connect } from 'node:net';
import type { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Watch } from '@kubernetes/client-node';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { kubeConfigOf, startScenarioSimulator } from '../helpers/simulator.js';

const SCENARIO = '01-healthy-3cp-stacked-etcd.json';

interface WatchEvent {
  type: string;
  object: {
    kind?: string;
    code?: number;
    reason?: string;
    metadata: {
      name?: string;
      namespace?: string;
      resourceVersion?: string;
      annotations?: Record<string, string>;
    };
    spec?: { unschedulable?: boolean };
  };
}

/** An open watch read line by line; `next(n)` waits for n more events. */
interface OpenWatch {
  status: number;
  events: WatchEvent[];
  ended: Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<WatchEvent[]>;
  close(): void;
}

function openWatch(sim: RunningSimulator, path: string): Promise<OpenWatch> {
  return new Promise((resolve, reject) => {
    const req = httpGet(`${sim.url}${path}`, (res: IncomingMessage) => {
      const events: WatchEvent[] = [];
      const waiters: (() => void)[] = [];
      let buf = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buf += chunk;
        let nl: number;
        while ((nl = buf.indexOf('\n')) >= 0) {
          events.push(JSON.parse(buf.slice(0, nl)) as WatchEvent);
          buf = buf.slice(nl + 1);
        }
        for (const w of waiters.splice(0)) w();
      });
      const ended = new Promise<void>((ok) => res.on('end', () => ok()));
      resolve({
        status: res.statusCode ?? 0,
        events,
        ended,
        async waitFor(count, timeoutMs = 5000) {
          const deadline = Date.now() + timeoutMs;
          while (events.length < count) {
            if (Date.now() > deadline)
              throw new Error(
                `only ${events.length} of ${count} events: ${JSON.stringify(events.map((e) => e.type))}`,
              );
            await new Promise<void>((ok) => {
              waiters.push(ok);
              setTimeout(ok, 100);
            });
          }
          return events;
        },
        close: () => req.destroy(),
      });
    });
    req.on('error', reject);
  });
}

async function call(
  sim: RunningSimulator,
  method: string,
  path: string,
  body?: unknown,
  type = 'application/strategic-merge-patch+json',
): Promise<{ status: number; body: WatchEvent['object'] & { items?: WatchEvent['object'][] } }> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${sim.url}${path}`,
      { method, headers: body === undefined ? {} : { 'Content-Type': type } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as WatchEvent['object'] }),
        );
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

const cordon = (sim: RunningSimulator, node: string, on = true) =>
  call(sim, 'PATCH', `/api/v1/nodes/${node}`, { spec: { unschedulable: on ? true : null } });

describe('simulator watch', () => {
  const sims: RunningSimulator[] = [];
  const watches: OpenWatch[] = [];
  const start = async (
    options: Parameters<typeof startScenarioSimulator>[1] = {},
  ): Promise<RunningSimulator> => {
    const s = await startScenarioSimulator(SCENARIO, options);
    sims.push(s);
    return s;
  };
  const watch = async (s: RunningSimulator, path: string): Promise<OpenWatch> => {
    const w = await openWatch(s, path);
    watches.push(w);
    return w;
  };
  afterEach(async () => {
    for (const w of watches.splice(0)) w.close();
    for (const s of sims.splice(0)) await s.close();
  });

  it('from a list resourceVersion: MODIFIED on a cordon, ADDED and DELETED for a Lease, each with a higher resourceVersion', async () => {
    const s = await start();
    const list = await call(s, 'GET', '/api/v1/nodes');
    const rv = list.body.metadata.resourceVersion as string;
    const node = list.body.items?.[1]?.metadata.name as string;
    const nodes = await watch(s, `/api/v1/nodes?watch=true&resourceVersion=${rv}`);
    const leases = await watch(
      s,
      `/apis/coordination.k8s.io/v1/namespaces/default/leases?watch=1&resourceVersion=${rv}`,
    );
    expect(nodes.status).toBe(200);
    await cordon(s, node);
    const [modified] = await nodes.waitFor(1);
    expect(modified).toMatchObject({
      type: 'MODIFIED',
      object: { kind: 'Node', metadata: { name: node }, spec: { unschedulable: true } },
    });
    expect(Number(modified?.object.metadata.resourceVersion)).toBeGreaterThan(Number(rv));
    const created = await call(
      s,
      'POST',
      '/apis/coordination.k8s.io/v1/namespaces/default/leases',
      { metadata: { name: 'w' }, spec: { holderIdentity: 'a' } },
      'application/json',
    );
    expect(created.status).toBe(201);
    expect((await call(s, 'DELETE', '/apis/coordination.k8s.io/v1/namespaces/default/leases/w')).status).toBe(
      200,
    );
    const events = await leases.waitFor(2);
    expect(events.map((e) => [e.type, e.object.metadata.name])).toEqual([
      ['ADDED', 'w'],
      ['DELETED', 'w'],
    ]);
    expect(Number(events[1]?.object.metadata.resourceVersion)).toBeGreaterThan(
      Number(events[0]?.object.metadata.resourceVersion),
    );
    expect(nodes.events).toHaveLength(1); // the Lease writes are not node events
  });

  it('without a resourceVersion: ADDED for every current object first (selectors apply), then changes', async () => {
    const s = await start();
    const all = (await call(s, 'GET', '/api/v1/nodes')).body.items ?? [];
    const w = await watch(s, '/api/v1/nodes?watch=true');
    await w.waitFor(all.length);
    expect(w.events.map((e) => e.type)).toEqual(all.map(() => 'ADDED'));
    const name = all[0]?.metadata.name as string;
    const one = await watch(s, `/api/v1/nodes?watch=true&fieldSelector=metadata.name%3D${name}`);
    await one.waitFor(1);
    await cordon(s, all[1]?.metadata.name as string); // another node: not for `one`
    await cordon(s, name);
    await one.waitFor(2);
    expect(one.events.map((e) => [e.type, e.object.metadata.name])).toEqual([
      ['ADDED', name],
      ['MODIFIED', name],
    ]);
  });

  it('resumes from an event resourceVersion: only the later events are replayed', async () => {
    const s = await start();
    const rv0 = (await call(s, 'GET', '/api/v1/nodes')).body.metadata.resourceVersion as string;
    const names = ((await call(s, 'GET', '/api/v1/nodes')).body.items ?? []).map(
      (n) => n.metadata.name as string,
    );
    const first = await cordon(s, names[0] as string);
    await cordon(s, names[1] as string);
    await cordon(s, names[2] as string);
    const fromFirst = await watch(
      s,
      `/api/v1/nodes?watch=true&resourceVersion=${first.body.metadata.resourceVersion}`,
    );
    await fromFirst.waitFor(2);
    expect(fromFirst.events.map((e) => e.object.metadata.name)).toEqual([names[1], names[2]]);
    const fromList = await watch(s, `/api/v1/nodes?watch=true&resourceVersion=${rv0}`);
    await fromList.waitFor(3);
    expect(fromList.events.map((e) => e.object.metadata.name)).toEqual(names.slice(0, 3));
  });

  it('a resourceVersion older than the history: one ERROR event with a 410 Expired Status, then the end', async () => {
    const s = await start();
    const rv0 = (await call(s, 'GET', '/api/v1/nodes')).body.metadata.resourceVersion as string;
    const name = (await call(s, 'GET', '/api/v1/nodes')).body.items?.[0]?.metadata.name as string;
    await cordon(s, name);
    await cordon(s, name, false);
    s.compactWatchHistory(1);
    const w = await watch(s, `/api/v1/nodes?watch=true&resourceVersion=${rv0}`);
    await w.ended;
    expect(w.events).toEqual([
      { type: 'ERROR', object: expect.objectContaining({ kind: 'Status', code: 410, reason: 'Expired' }) },
    ]);
    const bad = await call(s, 'GET', '/api/v1/nodes?watch=true&resourceVersion=abc');
    expect(bad.status).toBe(400);
  });

  it('bookmarks carry the current resourceVersion; sendInitialEvents ends its initial events with an annotated bookmark', async () => {
    const s = await start({ watchBookmarkMs: 50 });
    const rv = (await call(s, 'GET', '/api/v1/nodes')).body.metadata.resourceVersion as string;
    const w = await watch(s, `/api/v1/nodes?watch=true&allowWatchBookmarks=true&resourceVersion=${rv}`);
    await w.waitFor(1);
    expect(w.events[0]).toEqual({
      type: 'BOOKMARK',
      object: { kind: 'Node', apiVersion: 'v1', metadata: { resourceVersion: rv } },
    });
    const name = (await call(s, 'GET', '/api/v1/nodes')).body.items?.[0]?.metadata.name as string;
    const patched = await cordon(s, name);
    const deadline = Date.now() + 5000;
    while (
      !w.events.some(
        (e) =>
          e.type === 'BOOKMARK' &&
          e.object.metadata.resourceVersion === patched.body.metadata.resourceVersion,
      )
    ) {
      if (Date.now() > deadline) throw new Error('no bookmark at the new resourceVersion');
      await w.waitFor(w.events.length + 1);
    }
    const nodes = (await call(s, 'GET', '/api/v1/nodes')).body.items?.length ?? 0;
    const initial = await watch(
      s,
      '/api/v1/nodes?watch=true&sendInitialEvents=true&resourceVersionMatch=NotOlderThan&allowWatchBookmarks=true',
    );
    await initial.waitFor(nodes + 1);
    expect(initial.events.slice(0, nodes).every((e) => e.type === 'ADDED')).toBe(true);
    expect(initial.events[nodes]?.object.metadata.annotations).toEqual({
      'k8s.io/initial-events-end': 'true',
    });
  });

  it('timeoutSeconds ends the response; the watch is then closed on the simulator side', async () => {
    const s = await start();
    const w = await watch(s, '/api/v1/pods?watch=true&timeoutSeconds=1&resourceVersion=0');
    const t = Date.now();
    await w.ended;
    // A ceiling far below the 1800 s default the simulator would otherwise keep the watch open.
    expect(Date.now() - t).toBeLessThan(WAIT_CEILING_MS);
    expect(w.events.length).toBeGreaterThan(0);
    expect(s.openWatches()).toBe(0);
  });

  /** Leases with a 500 KB annotation each, so that a watch from 0 has more to send than socket buffers hold. */
  async function bigLeases(s: RunningSimulator, count: number): Promise<void> {
    const d = 'x'.repeat(500_000);
    for (let i = 0; i < count; i++) {
      const path = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases';
      const body = { metadata: { name: `big-${i}`, annotations: { d } }, spec: { holderIdentity: 'x' } };
      expect((await call(s, 'POST', path, body)).status).toBe(201);
    }
  }

  /** A watch whose client sends the request and then never reads (a stalled reader). */
  async function stalledWatch(s: RunningSimulator, path: string): Promise<Socket> {
    const sock = connect(s.port, '127.0.0.1');
    sockets.push(sock);
    await new Promise((ok) => sock.once('connect', ok));
    sock.pause();
    sock.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
    await eventually('the stalled watch open on the simulator', () => s.openWatches() === 1);
    return sock;
  }
  const sockets: Socket[] = [];
  afterEach(() => {
    for (const sock of sockets.splice(0)) sock.destroy();
  });

  it('a stalled reader whose watch ends (timeout, closeWatches) gets no bookmark after the end, then disconnects: the simulator keeps serving (issue 33 finding 9)', async () => {
    const s = await start({ watchBookmarkMs: 10 });
    await bigLeases(s, 40);
    const sock = await stalledWatch(
      s,
      '/apis/coordination.k8s.io/v1/leases?watch=true&allowWatchBookmarks=true',
    );
    s.closeWatches(); // ends the response; its 20 MB cannot be sent, so it does not close
    // bookmark periods go by (the old timer wrote after the end: ERR_STREAM_WRITE_AFTER_END, uncaught)
    const tenAnswers = async (what: string): Promise<void> => {
      let answered = 0;
      await eventually(what, async () => {
        const res = await fetch(`${s.url}/api/v1/nodes`);
        await res.text();
        return res.status === 200 && ++answered >= 10;
      });
    };
    await tenAnswers('ten answers after the end');
    expect(s.openWatches()).toBe(0);
    sock.destroy(); // then the watcher goes away
    await tenAnswers('ten answers after the disconnect');
  });

  it('a reader more than MAX_UNSENT_WATCH_BYTES behind has its watch closed, as kube-apiserver closes an unresponsive watcher', async () => {
    const s = await start();
    await bigLeases(s, 40);
    await stalledWatch(s, '/apis/coordination.k8s.io/v1/leases?watch=true&resourceVersion=0');
    const path = '/apis/coordination.k8s.io/v1/namespaces/kube-system/leases/big-0';
    expect((await call(s, 'PATCH', path, { spec: { holderIdentity: 'y' } })).status).toBe(200);
    await eventually('the stalled watch closed', () => s.openWatches() === 0);
  });

  it("RBAC's watch verb is checked: get and list alone do not allow a watch", async () => {
    const s = await start();
    const rules = (verbs: string[]) => ({
      user: 'system:serviceaccount:k8s-ha-bot:k8s-ha-bot',
      clusterRules: [{ apiGroups: [''], resources: ['nodes'], verbs }],
      namespaceRules: {},
    });
    s.setRbac(rules(['get', 'list']));
    expect((await call(s, 'GET', '/api/v1/nodes')).status).toBe(200);
    const refused = await call(s, 'GET', '/api/v1/nodes?watch=true');
    expect(refused.status).toBe(403);
    expect(refused.body.metadata).toBeDefined();
    s.setRbac(rules(['get', 'list', 'watch']));
    const w = await watch(s, '/api/v1/nodes?watch=true');
    expect(w.status).toBe(200);
  });

  it("client-node's Watch reads it (the client our cache's peers use)", async () => {
    const s = await start();
    const rv = (await call(s, 'GET', '/api/v1/nodes')).body.metadata.resourceVersion as string;
    const name = (await call(s, 'GET', '/api/v1/nodes')).body.items?.[0]?.metadata.name as string;
    const seen: string[] = [];
    let resolveSeen: () => void = () => undefined;
    const got = new Promise<void>((ok) => (resolveSeen = ok));
    const controller = await new Watch(kubeConfigOf(s)).watch(
      '/api/v1/nodes',
      { resourceVersion: rv },
      (type: string, obj: { metadata: { name: string } }) => {
        seen.push(`${type} ${obj.metadata.name}`);
        resolveSeen();
      },
      () => undefined,
    );
    await cordon(s, name);
    await got;
    controller.abort();
    expect(seen).toEqual([`MODIFIED ${name}`]);
  });
});

const KUBECTL = ['/usr/bin/kubectl', '/usr/local/bin/kubectl'].find((p) => existsSync(p));
if (!KUBECTL) console.warn('kubectl not found: skipping kubectl get -w against the simulator');
(KUBECTL ? describe : describe.skip)('kubectl get -w against the simulator', () => {
  it('prints the pods, then a pod deleted through the API', async () => {
    const sim = await startScenarioSimulator(SCENARIO);
    const dir = await mkdtemp(join(tmpdir(), 'kubectl-watch-'));
    const child = spawn(
      KUBECTL as string,
      [
        '--kubeconfig',
        join(dir, 'config'),
        '--cache-dir',
        join(dir, 'cache'),
        'get',
        'pods',
        '-n',
        'kube-system',
        '-w',
        '--output-watch-events',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      await writeFile(join(dir, 'config'), sim.kubeconfig);
      let out = '';
      let err = '';
      child.stderr.on('data', (d: Buffer) => (err += d.toString()));
      const until = async (re: RegExp): Promise<void> => {
        const deadline = Date.now() + 15000;
        while (!re.test(out)) {
          if (Date.now() > deadline || child.exitCode !== null)
            throw new Error(`kubectl: no ${re} in ${out} ${err}`);
          await new Promise<void>((ok) => child.stdout.once('data', () => ok()).once('close', () => ok()));
        }
      };
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const pods = (await call(sim, 'GET', '/api/v1/namespaces/kube-system/pods')).body.items ?? [];
      const victim =
        pods.find((p) => p.metadata.name?.startsWith('coredns') ?? false) ?? pods[pods.length - 1];
      const name = victim?.metadata.name as string;
      await until(new RegExp(`ADDED\\s+${name}`));
      expect(out.split('\n')[0]).toMatch(/EVENT\s+NAME\s+READY\s+STATUS/);
      expect((await call(sim, 'DELETE', `/api/v1/namespaces/kube-system/pods/${name}`)).status).toBe(200);
      await until(new RegExp(`DELETED\\s+${name}`));
    } finally {
      child.kill('SIGTERM');
      await sim.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
