/**
 * Abuse of the Slack maintenance buttons through the real Bolt HTTP app of the gateway
 * (signed requests), a real Redis and the fake Slack Web API: forged button values (not an id,
 * glob characters, colons, 10 KB, JSON, another request's id), a click by a user whose home team
 * is another Slack team, and typed decisions from another team.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { MaintenanceRequest } from '../../src/maintenance/types.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned, TEST_SIGNING_SECRET, triggerId } from '../helpers/fake-slack-requests.js';
import { eventually } from '../helpers/eventually.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const FORM = 'application/x-www-form-urlencoded' as const;
const TEAM = 'T0TEST';
const OTHER_TEAM = 'T0EVIL';
const REQUESTER = 'U0REQ';
const APPROVER = 'U0APP1';

const POLICY = `
defaults:
  requesters: ["*"]
  approvers: [slack:${TEAM}:${APPROVER}]
  admins: [slack:${TEAM}:U0ADMIN]
  approvals: { worker: 1, controlPlane: 1 }
`;

describe('Slack maintenance buttons under abuse', () => {
  let redisServer: TestRedis;
  // The gateway's log: a click it ignores says so at debug ('button ignored'), the signal waited for.
  const log = recordingLogger();
  const ignoredClicks = (): number => log.withMsg('button ignored').length;
  let fake: FakeSlackApi;
  let gateway: RunningGateway;
  let dir: string;
  let url: string;
  let nodeNo = 0;

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    fake = await startFakeSlackApi();
    fake.override('chat.update', (call) => ({
      body: { ok: true, channel: call.params.channel, ts: call.params.ts },
    }));
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-abuse-'));
    await writeFile(
      join(dir, 'kubeconfig.yaml'),
      'apiVersion: v1\nkind: Config\nclusters: [{name: c, cluster: {server: "http://127.0.0.1:9"}}]\nusers: [{name: u, user: {}}]\ncontexts: [{name: simulator, context: {cluster: c, user: u}}]\ncurrent-context: simulator\n',
    );
    await writeFile(join(dir, 'policy.yaml'), POLICY);
    await writeFile(
      join(dir, 'config.yaml'),
      `clusters:\n  prod: { kubeconfig: kubeconfig.yaml, context: simulator }\n  staging: { kubeconfig: kubeconfig.yaml, context: simulator }\ndefaultCluster: prod\nlocale: en\nmaintenancePolicy: policy.yaml\nredis: { url: ${redisServer.url} }\n`,
    );
    const config = await loadConfig({ path: join(dir, 'config.yaml'), env: {} });
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test',
        SLACK_API_URL: fake.apiUrl,
        K8S_HA_BOT_RATE_LIMIT: '1000',
      },
      config,
      logger: log.logger,
      port: 0,
      maintenanceSweepMs: 60_000,
    });
    url = `http://127.0.0.1:${gateway.port}/slack/events`;
  });

  afterAll(async () => {
    await gateway?.close();
    await fake?.close();
    await redisServer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const service = (): RunningGateway['maintenance']['service'] => gateway.maintenance.service;

  /** A pending worker request by the requester, with its card attached in `channel`. */
  const newRequest = async (channel: string, cluster = 'prod'): Promise<MaintenanceRequest> => {
    nodeNo += 1;
    const created = await service().createRequest({
      cluster,
      node: `wk-${nodeNo}`,
      nodeRole: 'worker',
      reason: 'firmware',
      force: false,
      requestedBy: { platform: 'slack', tenant: TEAM, id: REQUESTER },
      locale: 'en',
      replyTo: { platform: 'slack', address: { channel } },
      verdict: 'safe',
      summary: 'Safe.',
    });
    if (!created.ok) throw new Error(created.refusal);
    await service().attachCard(created.request.id, {
      platform: 'slack',
      channel,
      ts: `17000000${nodeNo}.000100`,
    });
    return created.request;
  };

  const click = async (o: {
    action: string;
    value: string;
    user: string;
    userTeam: string;
    team: string;
    channel: string;
  }): Promise<number> => {
    const payload = {
      type: 'block_actions',
      trigger_id: triggerId(),
      user: { id: o.user, team_id: o.userTeam, name: o.user.toLowerCase() },
      team: { id: o.team },
      channel: { id: o.channel },
      container: { type: 'message', message_ts: '1700000000.000100', channel_id: o.channel },
      message: { ts: '1700000000.000100', text: 'card' },
      actions: [
        {
          type: 'button',
          action_id: `k8s-ha-bot:${o.action}`,
          block_id: 'b',
          value: o.value,
          action_ts: '1712000001.0',
        },
      ],
    };
    const res = await sendSigned(url, `payload=${encodeURIComponent(JSON.stringify(payload))}`, {
      contentType: FORM,
    });
    return res.status;
  };

  const ephemeralsTo = (user: string): string[] =>
    fake
      .callsOf('chat.postEphemeral')
      .filter((c) => c.params.user === user)
      .map((c) => String(c.params.text));

  it('forged values decide nothing, answer nothing, and leave the gateway working', async () => {
    const channel = 'C0FORGE';
    const r = await newRequest(channel);
    const forged = [
      'mr-*',
      `${r.id.slice(0, -1)}*`,
      `${r.id}:x`,
      'mr-abc:defghi',
      'x'.repeat(10_240),
      `mr-${'a'.repeat(10_240)}`,
      JSON.stringify({ id: r.id }),
      '{"',
      r.id.toUpperCase(),
      '',
    ];
    const before = fake.callsOf('chat.postEphemeral').length + fake.callsOf('chat.update').length;
    const ignoredBefore = ignoredClicks();
    for (const value of forged) {
      expect(
        await click({
          action: 'maintenance-approve',
          value,
          user: APPROVER,
          userTeam: TEAM,
          team: TEAM,
          channel,
        }),
      ).toBe(200);
    }
    await eventually('every forged click ignored', () => ignoredClicks() === ignoredBefore + forged.length);
    expect(fake.callsOf('chat.postEphemeral').length + fake.callsOf('chat.update').length).toBe(before);
    expect((await service().get(r.id))?.approvals).toEqual([]);
    // An id of the right shape that does not exist: a private "not found", nothing else.
    await click({
      action: 'maintenance-approve',
      value: 'mr-aaaaaaaaaa',
      user: APPROVER,
      userTeam: TEAM,
      team: TEAM,
      channel,
    });
    await fake.waitFor(() => ephemeralsTo(APPROVER).length > 0);
    expect(ephemeralsTo(APPROVER).join('\n')).toMatch(/no such maintenance request/);
    // Still working: a real approval goes through.
    await click({
      action: 'maintenance-approve',
      value: r.id,
      user: APPROVER,
      userTeam: TEAM,
      team: TEAM,
      channel,
    });
    await fake.waitFor(() => fake.callsOf('chat.update').length > 0);
    expect((await service().get(r.id))?.state).toBe('approved');
  });

  it('button ids naming Object properties (constructor, toString, __proto__) decide nothing', async () => {
    const r = await newRequest('C0PROTO');
    // Only this card's channel counts: a card update of an earlier test may still arrive meanwhile.
    const answersHere = (): number =>
      [...fake.callsOf('chat.postEphemeral'), ...fake.callsOf('chat.update')].filter(
        (c) => c.params.channel === 'C0PROTO',
      ).length;
    const before = answersHere();
    const ignoredBefore = ignoredClicks();
    const actions = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    for (const action of actions) {
      expect(
        await click({ action, value: r.id, user: APPROVER, userTeam: TEAM, team: TEAM, channel: 'C0PROTO' }),
      ).toBe(200);
    }
    await eventually('every click ignored', () => ignoredClicks() === ignoredBefore + actions.length);
    expect(answersHere()).toBe(before);
    expect(await service().get(r.id)).toMatchObject({ state: 'pending-approval', approvals: [] });
  });

  it("a refused click is answered in the clicker's own Slack language when known, else in the request's", async () => {
    const r = await newRequest('C0LANG');
    fake.locales.set('U0KOREAN', 'ko-KR');
    await click({
      action: 'maintenance-approve',
      value: r.id,
      user: 'U0KOREAN',
      userTeam: TEAM,
      team: TEAM,
      channel: 'C0LANG',
    });
    await fake.waitFor(() => ephemeralsTo('U0KOREAN').length > 0);
    expect(ephemeralsTo('U0KOREAN').join('\n')).toMatch(/prod의 승인자가 아닙니다/);
    // Slack's locale is one the bot does not speak: the request's language (English here).
    fake.locales.set('U0FRENCH', 'fr-FR');
    await click({
      action: 'maintenance-approve',
      value: r.id,
      user: 'U0FRENCH',
      userTeam: TEAM,
      team: TEAM,
      channel: 'C0LANG',
    });
    await fake.waitFor(() => ephemeralsTo('U0FRENCH').length > 0);
    expect(ephemeralsTo('U0FRENCH').join('\n')).toMatch(/You are not an approver for prod/);
    expect((await service().get(r.id))?.approvals).toEqual([]);
  });

  it("another request's id on this card (a staging request clicked from a prod card's channel) is decided by the staging policy", async () => {
    const staging = await newRequest('C0STAGING', 'staging');
    await click({
      action: 'maintenance-reject',
      value: staging.id,
      user: 'U0NOBODY',
      userTeam: TEAM,
      team: TEAM,
      channel: 'C0PRODCARD',
    });
    await fake.waitFor(() => ephemeralsTo('U0NOBODY').length > 0);
    expect(ephemeralsTo('U0NOBODY').join('\n')).toMatch(/not an approver for staging/);
    expect((await service().get(staging.id))?.state).toBe('pending-approval');
  });

  it("a user with the approver's user id but clicking from another team is not the approver: that team is not served", async () => {
    const channel = 'C0XTEAM1';
    const r = await newRequest(channel);
    await click({
      action: 'maintenance-approve',
      value: r.id,
      user: APPROVER,
      userTeam: OTHER_TEAM,
      team: OTHER_TEAM,
      channel,
    });
    await fake.waitFor(() =>
      ephemeralsTo(APPROVER).some((t) => /your workspace \(T0EVIL\) is not one of them/.test(t)),
    );
    expect((await service().get(r.id))?.approvals).toEqual([]);
  });

  it("a click on this workspace by a user whose home team is another one (Slack Connect) decides nothing, even with the approver's user id", async () => {
    const channel = 'C0XTEAM2';
    const r = await newRequest(channel);
    await click({
      action: 'maintenance-approve',
      value: r.id,
      user: APPROVER,
      userTeam: OTHER_TEAM,
      team: TEAM,
      channel,
    });
    // Refused privately (the refusal is said, not silently dropped).
    await fake.waitFor(
      () =>
        ephemeralsTo(APPROVER).filter((t) => /your workspace \(T0EVIL\) is not one of them/.test(t)).length >=
        2,
    );
    const after = await service().get(r.id);
    expect(after?.approvals).toEqual([]);
    expect(after?.state).toBe('pending-approval');
  });
});
