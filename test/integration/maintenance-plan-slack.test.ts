/**
 * Fleet maintenance plans through Slack end to end: signed requests into the real Bolt
 * HTTP app of the gateway → real Redis → the worker process's composition (answer worker plus
 * maintenance worker running plan jobs) → the simulator serving a generated cluster (3
 * control-plane nodes, 4 workers) → Block Kit cards and thread posts at a local fake Slack Web API.
 *
 * Covered: `maintain NODE NODE reason` posts ONE card (every node with its verdict, step and the
 * reasons for its place) with Approve / Reject / Cancel; the requester cannot approve; a control-plane
 * node in the plan needs two approvers; the card is updated in place; Pause (button) takes effect
 * after the node in progress and shows Resume, `resume mp-…` goes on; the thread carries the
 * decisions and the steps (the nodes' own cordon / drain / reboot messages included); the card ends
 * with the per-node table of times; a node failing verification asks retry / skip / stop in the
 * thread and on the card, and Skip goes on; `who holds the lock` and `break lock` (a stale Lease:
 * two approvals, broken by the worker, audited).
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { isNodeReady } from '../../src/analysis/cluster-index.js';
import { loadSnapshotFile } from '../../src/cluster/snapshot-file.js';
import type { KNode } from '../../src/cluster/types.js';
import type { MaintenancePlan } from '../../src/maintenance/plan/plan-types.js';
import { generateCluster, writeScenarioFile } from '../../scripts/cluster-generator/index.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import { sendSigned, triggerId } from '../helpers/fake-slack-requests.js';
import { kuredDaemonSet } from '../helpers/plan-fleet.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import { startScenarioSimulator } from '../helpers/simulator.js';
import { slackMaintenance } from '../helpers/slack-maintenance-harness.js';

const FORM = 'application/x-www-form-urlencoded' as const;
const TEAM = 'T0TEST';
const REQUESTER = 'U0REQ';
const APPROVER_1 = 'U0APP1';
const APPROVER_2 = 'U0APP2';
const ADMIN = 'U0ADMIN';

const POLICY = `
defaults:
  requesters: ["*"]
  approvers: [slack:${TEAM}:${REQUESTER}, slack:${TEAM}:${APPROVER_1}, slack:${TEAM}:${APPROVER_2}]
  admins: [slack:${TEAM}:${ADMIN}]
  approvals: { worker: 1, controlPlane: 2 }
  drain: { timeoutMs: 60000, progressIntervalMs: 1000 }
  reboot: { timeoutMs: 8000 }
  lock: { leaseDurationSeconds: 15 }
  fleet: { settleMs: 300, settleTimeoutMs: 20000 }
`;

const blocksText = (call: FakeSlackCall | undefined): string => JSON.stringify(call?.params.blocks ?? []);

describe('maintenance plans through Slack, with the worker process and the simulator', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let fake: FakeSlackApi;
  let sim: RunningSimulator;
  let gateway: RunningGateway;
  let dir: string;
  let url: string;
  const slack = slackMaintenance();
  const { service, posts, ephemeralsTo, updatesOf, slash, click } = slack;
  let robot: NodeJS.Timeout | undefined;
  /** Nodes the robot never reboots (their reboot times out). */
  const neverReboot = new Set<string>();
  const rebooted = new Map<string, number>();
  /** Most nodes seen not Ready at once. */
  let maxDown = 0;

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-plan-slack-'));
    // 3 control-plane nodes and 4 workers; with seed 1 no node is unsafe on its own.
    await writeScenarioFile(
      join(dir, 'gen.json'),
      generateCluster({ nodes: 7, pods: 40, controlPlaneNodes: 3, seed: 1, capturedAt: new Date() }),
    );
    const file = await loadSnapshotFile(join(dir, 'gen.json'));
    sim = await startScenarioSimulator(
      { ...file, items: [...file.items, kuredDaemonSet()] },
      { heartbeats: { intervalMs: 500 } },
    );
    await slack.start({ redisUrl: redisServer.url, sim, dir, policy: POLICY, team: TEAM });
    ({ fake, gateway, url } = slack);
    // The reboot robot: reboots a node of an open plan once its request waits for the reboot.
    const names = file.items.filter((i) => i.kind === 'Node').map((i) => (i as KNode).metadata.name);
    let busy = false;
    robot = setInterval(() => {
      if (busy) return;
      busy = true;
      void (async () => {
        const service = gateway.maintenance.service;
        for (const id of await redis.keys('k8s-ha-bot:maintenance:plan:mp-*')) {
          const p = await service.plans.plans.get(id.slice(id.lastIndexOf(':') + 1));
          for (const n of p?.nodes ?? []) {
            if (n.requestId === undefined || neverReboot.has(n.node) || rebooted.has(n.requestId)) continue;
            if ((await service.store.get(n.requestId))?.state === 'awaiting-reboot') {
              rebooted.set(n.requestId, 1);
              void sim.rebootNode(n.node, { downMs: 300 });
            }
          }
        }
        const down = names.filter((name) => !isNodeReady(sim.getObject('nodes', null, name) as KNode));
        maxDown = Math.max(maxDown, down.length);
      })()
        .catch(() => undefined)
        .finally(() => {
          busy = false;
        });
    }, 50);
  });

  afterAll(async () => {
    clearInterval(robot);
    await slack.close();
    redis?.disconnect();
    await sim?.close();
    await redisServer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const threadOf = (channel: string, ts: string): string[] =>
    posts(channel)
      .filter((c) => c.params.thread_ts === ts)
      .map((c) => `${String(c.params.text)} ${blocksText(c)}`);

  /** Ask for a plan and wait for its one card; returns the plan id and the card's ts. */
  const plan = async (text: string, channel: string): Promise<{ id: string; ts: string }> => {
    const ack = await slash(text, REQUESTER, channel);
    expect(ack).toBe('Planning the maintenance in prod before asking for approval…');
    await fake.waitFor(
      () => posts(channel).some((c) => /"value":"mp-[a-z2-7]{10}"/.test(blocksText(c))),
      60_000,
    );
    const cards = posts(channel).filter((c) => /"value":"mp-[a-z2-7]{10}"/.test(blocksText(c)));
    expect(cards).toHaveLength(1); // one card per plan
    const id = /"value":"(mp-[a-z2-7]{10})"/.exec(blocksText(cards[0]))?.[1] ?? '';
    const stored = await eventually('the card attached to the plan', async () => {
      const p = await service().plans.plans.get(id);
      return p?.card?.ts ? p : undefined;
    });
    expect(stored.card).toMatchObject({ platform: 'slack', channel });
    return { id, ts: stored.card?.ts ?? '' };
  };

  const waitForPlan = async (
    id: string,
    pred: (p: MaintenancePlan) => boolean,
    timeoutMs = 60_000,
  ): Promise<MaintenancePlan> => {
    let last: MaintenancePlan | null = null;
    return eventually(
      () =>
        `plan ${id} (${last?.state}: ${JSON.stringify(last?.nodes.map((n) => [n.node, n.state, n.failure]))})`,
      async () => {
        last = await service().plans.plans.get(id);
        return last && pred(last) ? last : undefined;
      },
      timeoutMs,
      100,
    );
  };

  it('one card with every node, two approvers for a control-plane node, pause / resume, steps in the thread, the card ends with the table of times', async () => {
    const channel = 'C0PLAN';
    const { id, ts } = await plan('maintain gen-cp-2 gen-wk-001 kernel patch', channel);
    const card = blocksText(posts(channel)[0]);
    expect(card).toContain('kernel patch');
    expect(card).toContain('gen-cp-2 (control plane), step 1');
    expect(card).toContain('gen-wk-001 (worker), step 2');
    expect(card).toContain('Control plane first, one at a time');
    expect(card).toContain('Approvals: 0 of 2');
    for (const b of ['maintenance-approve', 'maintenance-reject', 'maintenance-cancel'])
      expect(card).toContain(`k8s-ha-bot:${b}`);

    // The requester cannot approve their own plan; told privately, nothing counted.
    await click('approve', id, REQUESTER, channel, ts);
    await fake.waitFor(() => ephemeralsTo(REQUESTER).some((c) => /own request/.test(String(c.params.text))));
    expect((await service().plans.plans.get(id))?.approvals).toHaveLength(0);

    await click('approve', id, APPROVER_1, channel, ts);
    await fake.waitFor(() => updatesOf(ts).some((c) => blocksText(c).includes('Approvals: 1 of 2')));
    expect((await service().plans.plans.get(id))?.state).toBe('pending-approval');
    // The second approval, typed: the plan starts.
    expect(await slash(`approve ${id}`, APPROVER_2, channel)).toBe(`Recording your decision on ${id}…`);
    // Pause while the first node is in maintenance: the card shows Resume once it paused after it.
    await waitForPlan(id, (p) => p.nodes[0]?.state === 'running');
    await click('pause', id, APPROVER_1, channel, ts);
    const paused = await waitForPlan(id, (p) => p.state === 'paused');
    expect(paused.nodes.map((n) => n.state)).toEqual(['done', 'pending']);
    await fake.waitFor(
      () => updatesOf(ts).some((c) => blocksText(c).includes('k8s-ha-bot:maintenance-resume')),
      60_000,
    );
    expect(await slash(`resume ${id}`, REQUESTER, channel)).toBe(`Recording your decision on ${id}…`);
    const final = await waitForPlan(id, (p) => p.state === 'completed', 90_000);
    expect(final.nodes.map((n) => n.state)).toEqual(['done', 'done']);
    expect(maxDown).toBeLessThanOrEqual(1);

    // The card, updated in place, ends with the per-node table of times and no buttons.
    await fake.waitFor(
      () => updatesOf(ts).some((c) => blocksText(c).includes('Completed: 2 of 2 nodes done.')),
      60_000,
    );
    const last = blocksText(updatesOf(ts).findLast((c) => blocksText(c).includes('Completed: 2 of 2')));
    expect(last).toMatch(/gen-cp-2 \| start \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \| rebooted and verified/);
    expect(last).toMatch(/gen-wk-001 \| start .* \| done/);
    expect(last).not.toContain('k8s-ha-bot:maintenance-');
    // Only one card was posted for the plan; everything else went to its thread, in order.
    expect(posts(channel).filter((c) => c.params.thread_ts === undefined)).toHaveLength(1);
    await fake.waitFor(() => threadOf(channel, ts).some((t) => /Completed: 2 of 2/.test(t)), WAIT_CEILING_MS);
    const thread = threadOf(channel, ts);
    const order = [
      /approved the plan \(1 of 2\)/,
      /approved the plan \(2 of 2\): approved/,
      /Step 1: gen-cp-2 starts/,
      /Cordoned gen-cp-2/,
      /gen-cp-2 is drained/,
      /gen-cp-2 rebooted and verified/,
      /gen-cp-2 settled/,
      /Paused after 1 of 2 nodes/,
      /resumed the plan/,
      /Step 2: gen-wk-001 starts/,
      /Cordoned gen-wk-001/,
      /gen-wk-001 settled/,
      /Completed: 2 of 2 nodes done/,
    ];
    const positions = order.map((re) => thread.findIndex((t) => re.test(t)));
    expect(order.filter((_re, i) => (positions[i] ?? -1) < 0)).toEqual([]);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // the pause was asked while gen-cp-2 was in maintenance, and took effect after it
    const pauseAt = thread.findIndex((t) => /asked to pause/.test(t));
    expect(pauseAt).toBeGreaterThan(thread.findIndex((t) => /Step 1: gen-cp-2 starts/.test(t)));
    expect(pauseAt).toBeLessThan(thread.findIndex((t) => /Paused after 1 of 2 nodes/.test(t)));

    // The plan's audit trail: who asked, who approved, the controls, the end.
    const audit = await service().recentAudit({ platform: 'slack', tenant: TEAM, id: ADMIN }, 1000);
    const entries = (audit.ok ? audit.entries : []).filter((e) => e.requestId === id).reverse();
    expect(entries.map((e) => e.event.type)).toEqual([
      'requested',
      'approved',
      'approved',
      'plan-control',
      'plan-control',
      'plan-finished',
    ]);
    expect(entries.filter((e) => e.event.type === 'approved').map((e) => e.actor)).toEqual([
      `slack:${TEAM}:${APPROVER_1}`,
      `slack:${TEAM}:${APPROVER_2}`,
    ]);
  }, 180_000);

  it('a node failing verification: the thread and the card ask retry / skip / stop; Skip goes on', async () => {
    const channel = 'C0FAIL';
    neverReboot.add('gen-wk-002');
    const { id, ts } = await plan('maintain gen-wk-002 gen-wk-004', channel);
    expect(blocksText(posts(channel)[0])).toContain('Approvals: 0 of 1');
    await click('approve', id, APPROVER_1, channel, ts);
    const failed = await waitForPlan(id, (p) => p.state === 'needs-decision', 60_000);
    expect(failed.nodes[0]).toMatchObject({
      node: 'gen-wk-002',
      state: 'failed',
      failure: { reason: 'reboot-timeout' },
    });
    await fake.waitFor(
      () =>
        threadOf(channel, ts).some(
          (t) => t.includes(`gen-wk-002 failed (reboot-timeout`) && t.includes(`skip ${id}`),
        ),
      15_000,
    );
    await fake.waitFor(
      () =>
        updatesOf(ts).some((c) =>
          ['retry', 'skip', 'stop'].every((a) => blocksText(c).includes(`k8s-ha-bot:maintenance-${a}`)),
        ),
      60_000,
    );
    await click('skip', id, APPROVER_1, channel, ts);
    const final = await waitForPlan(id, (p) => p.state === 'completed', 60_000);
    expect(final.nodes.map((n) => [n.node, n.state])).toEqual([
      ['gen-wk-002', 'skipped'],
      ['gen-wk-004', 'done'],
    ]);
    await fake.waitFor(
      () => threadOf(channel, ts).some((t) => /chose skip: gen-wk-002/.test(t)),
      WAIT_CEILING_MS,
    );
    neverReboot.delete('gen-wk-002');
  });

  it('who holds the lock, and break lock: a stale Lease needs two approvals, is broken by the worker and audited', async () => {
    const channel = 'C0LOCK';
    // A maintenance Lease left by a request that does not exist (its worker died).
    const lease = {
      apiVersion: 'coordination.k8s.io/v1',
      kind: 'Lease',
      metadata: {
        name: 'k8s-ha-bot-maintenance',
        namespace: 'k8s-ha-bot',
        annotations: { 'k8s-ha-bot/node': 'gen-wk-003' },
      },
      spec: {
        holderIdentity: 'mr-zzzzzzzzzz',
        leaseDurationSeconds: 3600,
        acquireTime: new Date(Date.now() - 60_000).toISOString().replace('Z', '000Z'),
        renewTime: new Date().toISOString().replace('Z', '000Z'),
      },
    };
    const existing = sim.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance');
    const res = await fetch(
      existing
        ? `${sim.url}/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases/k8s-ha-bot-maintenance`
        : `${sim.url}/apis/coordination.k8s.io/v1/namespaces/k8s-ha-bot/leases`,
      {
        method: existing ? 'PUT' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(
          existing
            ? {
                ...lease,
                metadata: { ...lease.metadata, resourceVersion: existing.metadata.resourceVersion },
              }
            : lease,
        ),
      },
    );
    expect([200, 201]).toContain(res.status);
    await slash('who holds the lock', REQUESTER, channel);
    await fake.waitFor(
      () => posts(channel).some((c) => blocksText(c).includes('held by mr-zzzzzzzzzz')),
      60_000,
    );
    expect(blocksText(posts(channel)[0])).toContain('Stale: no such request.');

    await slash('break lock', REQUESTER, channel);
    await fake.waitFor(
      () => posts(channel).some((c) => /"value":"lb-[a-z2-7]{10}"/.test(blocksText(c))),
      60_000,
    );
    const cardCall = posts(channel).find((c) => /"value":"lb-[a-z2-7]{10}"/.test(blocksText(c)));
    const id = /"value":"(lb-[a-z2-7]{10})"/.exec(blocksText(cardCall))?.[1] ?? '';
    expect(blocksText(cardCall)).toContain('Approvals: 0 of 2');
    const ts = await eventually(
      'the card attached to the lock break',
      async () => (await service().plans.lockBreaks.get(id))?.card?.ts,
    );
    await click('approve', id, REQUESTER, channel, ts);
    await fake.waitFor(() => ephemeralsTo(REQUESTER).some((c) => /own request/.test(String(c.params.text))));
    await click('approve', id, APPROVER_1, channel, ts);
    await fake.waitFor(() => updatesOf(ts).some((c) => blocksText(c).includes('Approvals: 1 of 2')));
    expect(
      (
        sim.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as unknown as {
          spec: { holderIdentity?: string };
        }
      ).spec.holderIdentity,
    ).toBe('mr-zzzzzzzzzz');
    await click('approve', id, APPROVER_2, channel, ts);
    await fake.waitFor(() => updatesOf(ts).some((c) => blocksText(c).includes('Broken at')), WAIT_CEILING_MS);
    expect(
      (
        sim.getObject('leases', 'k8s-ha-bot', 'k8s-ha-bot-maintenance') as unknown as {
          spec: { holderIdentity?: string };
        }
      ).spec.holderIdentity,
    ).toBeUndefined();
    const audit = await service().recentAudit({ platform: 'slack', tenant: TEAM, id: ADMIN }, 1000);
    const types = (audit.ok ? audit.entries : [])
      .filter((e) => e.requestId === id)
      .reverse()
      .map((e) => e.event.type);
    expect(types).toEqual(['requested', 'approved', 'approved', 'lock-broken']);
    // Nothing left to break: refused with the report.
    await slash('break lock', REQUESTER, channel);
    await fake.waitFor(
      () => posts(channel).some((c) => blocksText(c).includes('Nothing to break')),
      WAIT_CEILING_MS,
    );
  });

  it("hostile clicks on a plan card: the requester (button and typed), a Slack Connect member of another team with an approver's user id, a forged value; none counts", async () => {
    const channel = 'C0HOSTILE';
    const { id, ts } = await plan('maintain gen-wk-004 gen-wk-001 kernel patch', channel);
    await click('approve', id, REQUESTER, channel, ts);
    await slash(`approve ${id}`, REQUESTER, channel);
    // another organisation's member in a shared channel, carrying an approver's user id
    const foreign = {
      type: 'block_actions',
      trigger_id: triggerId(),
      user: { id: APPROVER_1, team_id: 'T0OTHER', name: 'mallory' },
      team: { id: TEAM },
      channel: { id: channel },
      container: { type: 'message', message_ts: ts, channel_id: channel },
      message: { ts, text: 'card' },
      actions: [
        {
          type: 'button',
          action_id: 'k8s-ha-bot:maintenance-approve',
          block_id: 'b',
          value: id,
          action_ts: '1712000001.0',
        },
      ],
    };
    const res = await sendSigned(url, `payload=${encodeURIComponent(JSON.stringify(foreign))}`, {
      contentType: FORM,
    });
    expect(res.status).toBe(200);
    // forged values: Object property names, another id shape, the id with a suffix
    for (const value of ['__proto__', 'constructor', `${id} `, id.toUpperCase(), 'mr-abcdefghij'])
      await click('approve', value, APPROVER_2, channel, ts);
    await fake.waitFor(
      () => ephemeralsTo(REQUESTER).filter((c) => /own request/.test(String(c.params.text))).length >= 2,
    );
    await delay(500);
    const p = await service().plans.plans.get(id);
    expect(p).toMatchObject({ state: 'pending-approval', approvals: [] });
    const audit = await service().audit.forRequest(id);
    expect(audit.map((e) => e.event.type)).toEqual(['requested']);
    await click('cancel', id, REQUESTER, channel, ts);
    await waitForPlan(id, (x) => x.state === 'cancelled');
  });
});
