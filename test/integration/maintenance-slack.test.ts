/**
 * Maintenance through Slack end to end: signed requests into the real Bolt HTTP app of
 * the gateway → real Redis → the worker process's composition (`runWorkerProcess`: answer worker
 * plus maintenance worker, configured from a config file and a policy file) → the simulator as the
 * cluster → Block Kit cards and thread posts at a local fake Slack Web API.
 *
 * Covered: the happy path of a control-plane node (request → two approvals → lock → cordon → drain
 * → simulated reboot → uncordon → summary, thread posts and audit entries in order); self-approval,
 * a non-approver's click, a double click and a click after expiry refused privately, counted once,
 * nothing executed before the last approval; another control-plane node going NotReady between
 * approval and execution stops the execution with that reason in the thread; `/k8s audit` for
 * admins only.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SlackMaintenance } from '../../adapters/slack/slack-maintenance.js';
import type { SlackMaintenanceService } from '../../adapters/slack/slack-maintenance.js';
import type { Reply } from '../../src/explain/reply.js';
import { maintenanceQueueNameFor, REQUEST_ID_PATTERN } from '../../src/maintenance/types.js';
import type { MaintenanceRequest, MaintenanceState } from '../../src/maintenance/types.js';
import type { RunningSimulator } from '../../src/simulator/start-simulator.js';
import { silentLogger } from '../../src/util/logger.js';
import type { FakeSlackApi, FakeSlackCall } from '../helpers/fake-slack-api.js';
import { sendSigned, triggerId } from '../helpers/fake-slack-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually, WAIT_CEILING_MS } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';
import { startScenarioSimulator } from '../helpers/simulator.js';
import { slackMaintenance } from '../helpers/slack-maintenance-harness.js';

const FORM = 'application/x-www-form-urlencoded' as const;
const TEAM = 'T0TEST';
const REQUESTER = 'U0REQ';
const APPROVER_1 = 'U0APP1';
const APPROVER_2 = 'U0APP2';
const OUTSIDER = 'U0OUT';
const ADMIN = 'U0ADMIN';

const POLICY = `
defaults:
  requesters: ["*"]
  approvers: [slack:${TEAM}:${REQUESTER}, slack:${TEAM}:${APPROVER_1}, slack:${TEAM}:${APPROVER_2}]
  admins: [slack:${TEAM}:${ADMIN}]
  approvals: { worker: 1, controlPlane: 2 }
  drain: { timeoutMs: 60000, progressIntervalMs: 1000 }
  reboot: { timeoutMs: 60000 }
  lock: { leaseDurationSeconds: 15 }
`;

const blocksText = (call: FakeSlackCall | undefined): string => JSON.stringify(call?.params.blocks ?? []);

describe('maintenance through Slack, with the worker process and the simulator', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let fake: FakeSlackApi;
  let sim: RunningSimulator;
  let dir: string;
  let url: string;
  let executions: Queue;
  const slack = slackMaintenance();
  const { service, posts, ephemeralsTo, updatesOf, slash, click } = slack;

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    // Heartbeats: leader Leases (15 s), node Leases and node heartbeats renewed as a live control
    // plane and kubelets do (before every request too, however starved the process is).
    sim = await startScenarioSimulator('01-healthy-3cp-stacked-etcd.json', { heartbeats: true });
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-maint-'));
    await slack.start({ redisUrl: redisServer.url, sim, dir, policy: POLICY, team: TEAM });
    ({ fake, url } = slack);
    executions = new Queue(maintenanceQueueNameFor('prod'), { connection: redis });
  });

  afterAll(async () => {
    await slack.close();
    await executions?.close();
    redis?.disconnect();
    await sim?.close();
    await redisServer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const executionJobs = async (): Promise<number> => {
    const counts = await executions.getJobCounts('waiting', 'active', 'completed', 'failed', 'delayed');
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };

  /** Post a request and wait for its card; returns the request id and the card's ts. */
  const request = async (text: string, channel: string): Promise<{ id: string; ts: string }> => {
    const ack = await slash(text, REQUESTER, channel);
    expect(ack).toMatch(/before asking for approval/);
    await fake.waitFor(
      () => posts(channel).some((c) => blocksText(c).includes('maintenance-approve')),
      60_000,
    );
    const card = posts(channel).find((c) => blocksText(c).includes('maintenance-approve'));
    const id = /"value":"(mr-[a-z2-7]{10})"/.exec(blocksText(card))?.[1] ?? '';
    expect(id).toMatch(REQUEST_ID_PATTERN);
    const ts = String(card?.params.ts ?? '');
    // The fake answers postMessage with its own ts; the card's is the one the gateway attached.
    const stored = await eventually('the card attached to the request', async () => {
      const r = await service().get(id);
      return r?.card?.ts ? r : undefined;
    });
    expect(stored?.card).toMatchObject({ channel });
    return { id, ts: stored?.card?.ts ?? ts };
  };

  const waitForState = async (
    id: string,
    states: MaintenanceState[],
    timeoutMs = 30_000,
  ): Promise<MaintenanceRequest> => {
    let last: MaintenanceRequest | null = null;
    return eventually(
      () => `request ${id} in ${states.join('/')} (still ${last?.state})`,
      async () => {
        last = await service().get(id);
        return last && states.includes(last.state) ? last : undefined;
      },
      timeoutMs,
    );
  };

  const threadOf = (channel: string, ts: string): FakeSlackCall[] =>
    posts(channel).filter((c) => c.params.thread_ts === ts);

  it('happy path on a control-plane node: two distinct approvals, refusals in private, then lock, cordon, drain, reboot, uncordon, summary', async () => {
    const channel = 'C0HAPPY';
    const { id, ts } = await request('maintain atlas-cp-2 kernel patch', channel);
    const card = posts(channel)[0];
    expect(card?.params.thread_ts).toBeUndefined();
    expect(blocksText(card)).toContain('kernel patch');
    expect(blocksText(card)).toMatch(/"style":"primary"/);
    expect(blocksText(card)).toMatch(/"style":"danger"/);
    expect(await executionJobs()).toBe(0);

    // Self-approval: refused to the requester only; the card is not touched.
    await click('approve', id, REQUESTER, channel, ts);
    await fake.waitFor(() => ephemeralsTo(REQUESTER).some((c) => /own request/.test(String(c.params.text))));
    // A non-approver's click: refused privately, naming the cluster.
    await click('approve', id, OUTSIDER, channel, ts);
    await fake.waitFor(() =>
      ephemeralsTo(OUTSIDER).some((c) => String(c.params.text).includes('You are not an approver for prod')),
    );
    expect(updatesOf(ts)).toHaveLength(0);
    expect((await service().get(id))?.approvals).toHaveLength(0);

    // First approval: the card is updated in place for everyone; still nothing to execute.
    await click('approve', id, APPROVER_1, channel, ts);
    await fake.waitFor(() => updatesOf(ts).length >= 1);
    expect(blocksText(updatesOf(ts)[0])).toMatch(/1 of 2|1\/2/);
    // Double click: counted once, told privately.
    await click('approve', id, APPROVER_1, channel, ts);
    await fake.waitFor(() =>
      ephemeralsTo(APPROVER_1).some((c) => /Already counted/.test(String(c.params.text))),
    );
    const afterOne = await service().get(id);
    expect(afterOne?.approvals.map((a) => a.actor.id)).toEqual([APPROVER_1]);
    expect(afterOne?.state).toBe('pending-approval');
    // Decided (the private answer came after the decision) and still pending: no execution was queued.
    expect(await executionJobs()).toBe(0);
    expect(
      (sim.getObject('nodes', null, 'atlas-cp-2') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBeUndefined();

    // Second approval, typed: the execution starts.
    const ack = await slash(`approve ${id}`, APPROVER_2, channel);
    expect(ack).toBe(`Recording your decision on ${id}…`);
    await waitForState(id, ['awaiting-reboot', 'failed', 'completed'], WAIT_CEILING_MS);
    expect(await executionJobs()).toBe(1);
    const waiting = await service().get(id);
    expect(waiting?.state).toBe('awaiting-reboot');
    expect(
      (sim.getObject('nodes', null, 'atlas-cp-2') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBe(true);
    await sim.rebootNode('atlas-cp-2', { downMs: 800 });
    const final = await waitForState(id, ['completed', 'failed'], WAIT_CEILING_MS);
    expect({ state: final.state, reason: final.stateReason }).toEqual({
      state: 'completed',
      reason: undefined,
    });
    expect(
      (sim.getObject('nodes', null, 'atlas-cp-2') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBeUndefined();

    // Thread posts under the card, in order.
    await fake.waitFor(
      () => threadOf(channel, ts).some((c) => /completed/.test(String(c.params.text))),
      60_000,
    );
    const thread = threadOf(channel, ts).map((c) => String(c.params.text));
    const at = (re: RegExp): number => thread.findIndex((t) => re.test(t));
    const order = [
      /approved \(1 of 2\)/,
      /approved \(2 of 2\)/,
      /Execution started/,
      /maintenance lock/,
      /Cordoned atlas-cp-2/,
      /is drained/,
      /rebooted/,
      /Uncordoned atlas-cp-2/,
      /completed/,
    ];
    const positions = order.map(at);
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    // The card ends as completed, updated in place.
    await fake.waitFor(
      () => updatesOf(ts).some((c) => blocksText(c).includes('Done: atlas-cp-2 was rebooted and checked')),
      60_000,
    );

    // Audit entries, oldest first for this request.
    const audit = await service().recentAudit({ platform: 'slack', tenant: TEAM, id: ADMIN }, 500);
    expect(audit.ok).toBe(true);
    const types = (audit.ok ? audit.entries : [])
      .filter((e) => e.requestId === id)
      .reverse()
      .map((e) => e.event.type)
      .filter((t) => t !== 'eviction' && t !== 'drain-progress');
    expect(types).toEqual([
      'requested',
      'approved',
      'approved',
      'execution-started',
      'locked',
      'cordoned',
      'drained',
      'rebooted',
      'verified',
      'uncordoned',
      'lock-released',
      'forecast-compared', // the forecast vs observed of the node (issue 34)
      'completed',
    ]);
    const approvers = (audit.ok ? audit.entries : [])
      .filter((e) => e.requestId === id && e.event.type === 'approved')
      .reverse()
      .map((e) => e.actor);
    expect(approvers).toEqual([`slack:${TEAM}:${APPROVER_1}`, `slack:${TEAM}:${APPROVER_2}`]);
  });

  it('/k8s audit: admins get the entries privately, others a private refusal', async () => {
    const ack = await slash('audit', OUTSIDER, 'C0AUDIT');
    expect(ack).toBe('Reading the maintenance audit log…');
    await fake.waitFor(() =>
      ephemeralsTo(OUTSIDER).some((c) => /Only maintenance admins/.test(String(c.params.text))),
    );
    await slash('감사 로그', ADMIN, 'C0AUDIT');
    await fake.waitFor(() => ephemeralsTo(ADMIN).some((c) => /mr-[a-z2-7]{10}/.test(blocksText(c))));
    expect(posts('C0AUDIT')).toHaveLength(0);
  });

  it('a click after expiry is refused privately, the card says expired, and nothing is executed', async () => {
    const channel = 'C0EXPIRE';
    const before = await executionJobs();
    const { id, ts } = await request('request a reboot of atlas-wk-1 because firmware', channel);
    // The request's lifetime passes (the policy's minimum is a minute): move expiresAt into the past.
    const key = `k8s-ha-bot:maintenance:request:${id}`;
    const stored = JSON.parse((await redis.get(key)) ?? '{}') as MaintenanceRequest;
    await redis.set(
      key,
      JSON.stringify({ ...stored, expiresAt: new Date(Date.now() - 1000).toISOString() }),
      'KEEPTTL',
    );
    await click('approve', id, APPROVER_1, channel, ts);
    await fake.waitFor(() =>
      ephemeralsTo(APPROVER_1).some(
        (c) => /expired/i.test(String(c.params.text)) && !/Already/.test(String(c.params.text)),
      ),
    );
    await fake.waitFor(() => updatesOf(ts).some((c) => /expired/i.test(blocksText(c))));
    const final = await service().get(id);
    expect(final?.state).toBe('expired');
    expect(final?.approvals).toHaveLength(0);
    // Expired is final: no decision can queue an execution any more.
    expect(await executionJobs()).toBe(before);
    expect(
      (sim.getObject('nodes', null, 'atlas-wk-1') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBeUndefined();
  });

  it('the Request maintenance button of a reboot answer asks for it (clicker = requester, card in the thread); a Korean typed cancel ends it', async () => {
    const channel = 'C0BUTTON';
    const payload = {
      type: 'block_actions',
      trigger_id: triggerId(),
      user: { id: REQUESTER, team_id: TEAM },
      team: { id: TEAM },
      channel: { id: channel },
      container: { type: 'message', message_ts: '1712000100.000100', channel_id: channel },
      message: { ts: '1712000100.000100', text: 'answer' },
      actions: [
        {
          type: 'button',
          action_id: 'k8s-ha-bot:request-maintenance',
          block_id: 'b',
          value: JSON.stringify({ cluster: 'prod', node: 'atlas-wk-1' }),
          action_ts: '1712000101.0',
        },
      ],
    };
    await sendSigned(url, `payload=${encodeURIComponent(JSON.stringify(payload))}`, { contentType: FORM });
    await fake.waitFor(
      () => posts(channel).some((c) => blocksText(c).includes('maintenance-approve')),
      60_000,
    );
    const card = posts(channel).find((c) => blocksText(c).includes('maintenance-approve'));
    expect(card?.params.thread_ts).toBe('1712000100.000100');
    const id = /"value":"(mr-[a-z2-7]{10})"/.exec(blocksText(card))?.[1] ?? '';
    // The card's address is attached right after Slack answers the post (as in `request` above).
    const stored = await eventually('the card attached to the request', async () => {
      const r = await service().get(id);
      return r?.card?.ts ? r : undefined;
    });
    expect(stored?.requestedBy).toMatchObject({ platform: 'slack', tenant: TEAM, id: REQUESTER });
    expect(stored?.card).toMatchObject({ channel, thread_ts: '1712000100.000100' });
    expect(await slash(`${id} 취소`, REQUESTER, channel)).toBe(`${id}에 대한 결정을 기록하는 중…`);
    await waitForState(id, ['cancelled']);
    await fake.waitFor(() => updatesOf(stored?.card?.ts ?? '').some((c) => /Cancelled/.test(blocksText(c))));
  });

  it('another control-plane node going NotReady between approval and execution stops it, with the reason in the thread', async () => {
    const channel = 'C0CHANGE';
    const evictionsBefore = new Map(sim.evictionRequests);
    const { id, ts } = await request('maintain atlas-cp-3', channel);
    await click('approve', id, APPROVER_1, channel, ts);
    await fake.waitFor(() => updatesOf(ts).length >= 1);
    void sim.rebootNode('atlas-cp-1', { downMs: 120_000 }).catch(() => undefined);
    await click('approve', id, APPROVER_2, channel, ts);
    const final = await waitForState(id, ['failed', 'completed', 'awaiting-reboot'], WAIT_CEILING_MS);
    expect(final.state).toBe('failed');
    // The preflight names the change: another control-plane node is NotReady.
    expect(final.stateReason).toBe('other-control-plane-not-ready');
    await fake.waitFor(
      () => threadOf(channel, ts).some((c) => /stopped/.test(String(c.params.text))),
      60_000,
    );
    const stop = threadOf(channel, ts).find((c) => /stopped/.test(String(c.params.text)));
    expect(String(stop?.params.text)).toMatch(/another control-plane node is NotReady/);
    expect(blocksText(stop)).toContain('atlas-cp-1');
    expect(
      (sim.getObject('nodes', null, 'atlas-cp-3') as { spec?: { unschedulable?: boolean } }).spec
        ?.unschedulable,
    ).toBeUndefined();
    expect(new Map(sim.evictionRequests)).toEqual(evictionsBefore);
  });

  it('with another control-plane node down, a request is refused as unsafe with the reasons; only an admin may force it, with a reason; one open request per node', async () => {
    const channel = 'C0UNSAFE';
    const before = await executionJobs();
    expect(await slash('maintain atlas-cp-2 kernel patch', REQUESTER, channel)).toMatch(
      /before asking for approval/,
    );
    await fake.waitFor(() => posts(channel).length >= 1, WAIT_CEILING_MS);
    const refused = posts(channel)[0];
    expect(String(refused?.params.text)).toMatch(
      /Refused: the reboot-impact analysis says it is unsafe to reboot atlas-cp-2/,
    );
    expect(blocksText(refused)).toMatch(/quorum/);
    expect(blocksText(refused)).not.toContain('maintenance-approve');

    // "Only admins may force" concerns the requester alone: said to them privately.
    const privateBefore = ephemeralsTo(REQUESTER).length;
    await slash('maintain atlas-cp-2 kernel patch --force "cannot wait"', REQUESTER, channel);
    await fake.waitFor(() => ephemeralsTo(REQUESTER).length > privateBefore, WAIT_CEILING_MS);
    expect(
      ephemeralsTo(REQUESTER)
        .slice(privateBefore)
        .map((c) => String(c.params.text))
        .join('\n'),
    ).toContain('Only an admin of prod may force');
    expect(ephemeralsTo(REQUESTER).at(-1)?.params.channel).toBe(channel);

    await slash('maintain atlas-cp-2 disk is dying', ADMIN, channel);
    await fake.waitFor(() => posts(channel).length >= 2, WAIT_CEILING_MS);
    expect(String(posts(channel)[1]?.params.text)).toMatch(/unsafe/);
    expect(
      posts(channel)
        .map((c) => String(c.params.text))
        .join('\n'),
    ).not.toContain('Only an admin');
    await slash('maintain atlas-cp-2 disk is dying force: the disk fails within hours', ADMIN, channel);
    await fake.waitFor(
      () => posts(channel).some((c) => blocksText(c).includes('maintenance-approve')),
      60_000,
    );
    const card = posts(channel).find((c) => blocksText(c).includes('maintenance-approve'));
    expect(blocksText(card)).toContain('the disk fails within hours');
    const id = /"value":"(mr-[a-z2-7]{10})"/.exec(blocksText(card))?.[1] ?? '';
    expect(await service().get(id)).toMatchObject({
      force: true,
      forceReason: 'the disk fails within hours',
      approvalsRequired: 2,
      state: 'pending-approval',
    });

    const count = posts(channel).length;
    await slash('maintain atlas-cp-2 again --force "still dying"', ADMIN, channel);
    await fake.waitFor(() => posts(channel).length > count, WAIT_CEILING_MS);
    expect(String(posts(channel)[count]?.params.text)).toContain(
      `already has an open maintenance request (${id})`,
    );
    expect(await executionJobs()).toBe(before);
  });
});

describe('SlackMaintenance thread posts', () => {
  it("posts one request's thread messages in the order they were taken, even when an earlier lookup is slow", async () => {
    const request = {
      id: 'mr-abcdefgh23',
      locale: 'en',
      card: { platform: 'slack', channel: 'C1', ts: '1.1' },
    } as unknown as MaintenanceRequest;
    let calls = 0;
    const service = {
      // The first lookup answers last.
      get: async () => {
        calls += 1;
        await delay(calls === 1 ? 150 : 5);
        return request;
      },
    } as unknown as SlackMaintenanceService;
    const posted: string[] = [];
    const m = new SlackMaintenance({
      service,
      texts: {
        audit: () => {
          throw new Error('unused');
        },
        notAdmin: () => '',
      },
      client: {
        chat: {
          postMessage: async () => ({ ok: true }),
          postEphemeral: async () => ({ ok: true }),
          update: async () => ({ ok: true }),
        },
      },
      poster: {
        deliver: async (reply: Reply) => {
          posted.push(reply.summary);
          return true;
        },
      },
      store: { postedMessages: async () => new Map() },
      render: () => [],
      logger: silentLogger,
    });
    const reply = (summary: string): Reply => ({
      kind: 'maintenance',
      locale: 'en',
      title: 't',
      verdict: null,
      summary,
      planes: [],
      sections: [],
      advice: [],
      actions: [],
      context: { cluster: 'prod', snapshotAt: null, requestId: request.id, maintenanceId: request.id },
      findings: [],
    });
    const delivery = { mode: 'thread', maintenanceId: request.id } as const;
    await Promise.all(
      ['locked', 'cordoned', 'drained'].map((t) =>
        m.deliver(reply(t), { channel: 'C1' }, request.id, delivery),
      ),
    );
    expect(posted).toEqual(['locked', 'cordoned', 'drained']);
  });
});
