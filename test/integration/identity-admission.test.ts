/**
 * Who may act, through the real gateway: signed Slack requests into Bolt's
 * HTTP receiver and Bot Framework activities into botbuilder's CloudAdapter (development mode,
 * TEAMS_ALLOWED_TENANTS set), a real Redis, the fake Slack Web API and two fake Bot Connectors
 * (the tenant's, and a "sink" that foreign activities name as their serviceUrl).
 *
 * - F1: a Slack Connect user (home team `event.user_team` / `user.team_id` = another workspace)
 *   typing `approve mr-…` on a `"*"` cluster used to be counted as a member of the host
 *   workspace; now every path builds the identity from the user's own team and refuses a team
 *   that is neither allowed nor named by the policy, privately, with a warn log.
 * - F2: a user of another Teams tenant used to be answered and could approve on a `"*"` cluster;
 *   now nothing is sent to its serviceUrl (a card click gets the refusal in its invoke response).
 * - A team / tenant the policy names is admitted as a guest: only its exact identities count,
 *   never `"*"`.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startGateway } from '../../adapters/gateway/gateway.js';
import type { RunningGateway } from '../../adapters/gateway/gateway.js';
import { loadConfig } from '../../src/config/load-config.js';
import type { MaintenanceRequest } from '../../src/maintenance/types.js';
import { queueNameFor } from '../../src/queue/job.js';
import { createLogger } from '../../src/util/logger.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import { startFakeSlackApi } from '../helpers/fake-slack-api.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned, TEST_SIGNING_SECRET } from '../helpers/fake-slack-requests.js';
import { postActivity, TEST_TENANT, teamsActivityBody } from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import {
  clickFromTeam,
  messageFromTeam,
  slashFromTeam,
  teamsActivityOfTenant,
} from '../helpers/outsider-requests.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import { eventually } from '../helpers/eventually.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const FORM = 'application/x-www-form-urlencoded' as const;
const JSON_TYPE = 'application/json' as const;
const TEAM = 'T0TEST';
const EVIL_TEAM = 'T0EVIL';
const PARTNER_TEAM = 'T0PARTNER';
const EVIL_TENANT = 'evil-tenant-0000';
const PARTNER_TENANT = 'partner-tenant-0000';

const POLICY = `
defaults:
  requesters: ["*"]
  approvers: ["*"]
  approvals: { worker: 1, controlPlane: 1 }
clusters:
  staging:
    approvers: ["*", "slack:${PARTNER_TEAM}:U0PART", "teams:${PARTNER_TENANT}:oid-part"]
`;

/** One structured log line, as pino writes it. */
interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

describe('who may act: allowed workspaces and tenants on every path', () => {
  let redisServer: TestRedis;
  let redis: Redis;
  let slack: FakeSlackApi;
  let connector: FakeBotConnector;
  let sink: FakeBotConnector;
  let gateway: RunningGateway;
  let dir: string;
  let slackUrl: string;
  let teamsUrl: string;
  let prodJobs: Queue;
  const logs: LogLine[] = [];
  let n = 0;
  let nodeNo = 0;

  beforeAll(async () => {
    redisServer = await useSharedRedis();
    redis = new Redis(redisServer.url, { maxRetriesPerRequest: null });
    slack = await startFakeSlackApi();
    slack.override('chat.update', (call) => ({
      body: { ok: true, channel: call.params.channel, ts: call.params.ts },
    }));
    connector = await startFakeBotConnector();
    sink = await startFakeBotConnector();
    dir = await mkdtemp(join(tmpdir(), 'k8s-ha-bot-identity-'));
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
    const logger = createLogger({
      level: 'info',
      stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
    });
    gateway = await startGateway({
      env: {
        SLACK_SIGNING_SECRET: TEST_SIGNING_SECRET,
        SLACK_BOT_TOKEN: 'xoxb-test',
        SLACK_API_URL: slack.apiUrl,
        K8S_HA_BOT_RATE_LIMIT: '1000',
        K8S_HA_BOT_DEV_INSECURE: '1',
        TEAMS_PORT: '0',
        TEAMS_ALLOWED_TENANTS: TEST_TENANT,
      },
      config,
      logger,
      port: 0,
      teamsPort: 0,
      maintenanceSweepMs: 60_000,
    });
    slackUrl = `http://127.0.0.1:${gateway.port}/slack/events`;
    teamsUrl = `http://127.0.0.1:${gateway.teams?.port}/api/messages`;
    prodJobs = new Queue(queueNameFor('prod'), { connection: redis });
  });

  afterAll(async () => {
    await gateway?.close();
    await prodJobs?.close();
    redis?.disconnect();
    await slack?.close();
    await connector?.close();
    await sink?.close();
    await redisServer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const service = (): RunningGateway['maintenance']['service'] => gateway.maintenance.service;
  const jobCount = async (): Promise<number> => {
    const counts = await prodJobs.getJobCounts(
      'waiting',
      'active',
      'delayed',
      'prioritized',
      'completed',
      'failed',
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  };
  const refusalLogs = (): LogLine[] =>
    logs.filter((l) =>
      /outside the allowed workspaces refused|tenant that is not served refused/.test(l.msg),
    );
  const ephemeralsTo = (user: string): string[] =>
    slack
      .callsOf('chat.postEphemeral')
      .filter((c) => c.params.user === user)
      .map((c) => String(c.params.text));

  /** A pending worker request by a member, its Slack card attached. */
  const newRequest = async (cluster = 'prod'): Promise<MaintenanceRequest> => {
    nodeNo += 1;
    const created = await service().createRequest({
      cluster,
      node: `wk-${nodeNo}`,
      nodeRole: 'worker',
      reason: 'firmware',
      force: false,
      requestedBy: { platform: 'slack', tenant: TEAM, id: 'U0REQ' },
      locale: 'en',
      replyTo: { platform: 'slack', address: { channel: 'C0OPS' } },
      verdict: 'safe',
      summary: 'Safe.',
    });
    if (!created.ok) throw new Error(created.refusal);
    await service().attachCard(created.request.id, {
      platform: 'slack',
      channel: 'C0OPS',
      ts: `17000000${nodeNo}.000100`,
    });
    return created.request;
  };

  // --- Slack payloads: `team` is the workspace that delivers it, `userTeam` the user's own team.
  const slash = (text: string, user: string, team: string): Promise<{ status: number; text: string }> =>
    sendSigned(slackUrl, slashFromTeam({ text, user, team, channel: 'C0OPS' }), { contentType: FORM });
  const message = (
    kind: 'mention' | 'dm',
    text: string,
    user: string,
    userTeam: string,
  ): Promise<{ status: number; text: string }> => {
    n += 1;
    return sendSigned(slackUrl, messageFromTeam({ kind, text, user, userTeam, n }), {
      contentType: JSON_TYPE,
    });
  };
  const click = (
    action: string,
    value: string,
    user: string,
    userTeam: string,
  ): Promise<{ status: number; text: string }> =>
    sendSigned(slackUrl, clickFromTeam({ action, value, user, userTeam }), { contentType: FORM });

  // --- Teams activities of a tenant (conversation.tenantId and channelData.tenant.id alike).
  const teamsActivity = (o: {
    tenant: string;
    from: TestTeamsUser;
    text?: string;
    invokeApprove?: string;
    serviceUrl: string;
    conversationId: string;
  }): Promise<{ status: number; json: Record<string, unknown> | undefined }> => {
    n += 1;
    return postActivity(teamsUrl, teamsActivityOfTenant({ ...o, id: `act-${n}` }));
  };
  const MALLORY: TestTeamsUser = { id: '29:mallory', name: 'Mallory', aadObjectId: 'oid-mallory' };

  it('external workspace and foreign tenant on every path (slash, mention, DM, typed approve, button click; Teams message, card action): 0 accepted', async () => {
    const request = await newRequest();
    const revisionBefore = (await service().get(request.id))?.revision;
    const jobsBefore = await jobCount();
    const refusalsBefore = refusalLogs().length;
    // Each row: one attempt by an outsider, and what must be seen instead of its effect.
    const rows: {
      path: string;
      send: () => Promise<{ status: number }>;
      refused: () => boolean | Promise<boolean>;
    }[] = [
      {
        path: 'slash command from another workspace',
        send: () => slash('status', 'U0EVIL1', EVIL_TEAM),
        refused: () => refusalLogs().some((l) => l.userId === 'U0EVIL1'),
      },
      {
        path: 'slash approve from another workspace',
        send: () => slash(`approve ${request.id}`, 'U0EVIL2', EVIL_TEAM),
        refused: () => refusalLogs().some((l) => l.userId === 'U0EVIL2'),
      },
      {
        path: 'mention (Slack Connect)',
        send: () => message('mention', 'can I reboot wk-1', 'U0EVIL3', EVIL_TEAM),
        refused: () => ephemeralsTo('U0EVIL3').some((t) => t.includes(EVIL_TEAM)),
      },
      {
        path: 'DM (Slack Connect)',
        send: () => message('dm', 'status', 'U0EVIL4', EVIL_TEAM),
        refused: () => ephemeralsTo('U0EVIL4').some((t) => t.includes(EVIL_TEAM)),
      },
      {
        path: 'typed approve (Slack Connect)',
        send: () => message('mention', `approve ${request.id}`, 'U0EVIL5', EVIL_TEAM),
        refused: () => ephemeralsTo('U0EVIL5').some((t) => t.includes(EVIL_TEAM)),
      },
      {
        path: 'button click (Slack Connect)',
        send: () => click('maintenance-approve', request.id, 'U0EVIL6', EVIL_TEAM),
        refused: () => ephemeralsTo('U0EVIL6').some((t) => t.includes(EVIL_TEAM)),
      },
      {
        path: 'Request maintenance button (Slack Connect)',
        send: () =>
          click(
            'request-maintenance',
            JSON.stringify({ cluster: 'prod', node: 'wk-1' }),
            'U0EVIL7',
            EVIL_TEAM,
          ),
        refused: () => ephemeralsTo('U0EVIL7').length > 0,
      },
      {
        path: 'Teams message approve (foreign tenant)',
        send: () =>
          teamsActivity({
            tenant: EVIL_TENANT,
            from: MALLORY,
            text: `approve ${request.id}`,
            serviceUrl: sink.serviceUrl,
            conversationId: 'conv-evil-1',
          }),
        refused: () => refusalLogs().some((l) => l.conversation === 'conv-evil-1'),
      },
      {
        path: 'Teams message status (foreign tenant)',
        send: () =>
          teamsActivity({
            tenant: EVIL_TENANT,
            from: MALLORY,
            text: 'status',
            serviceUrl: sink.serviceUrl,
            conversationId: 'conv-evil-2',
          }),
        refused: () => refusalLogs().some((l) => l.conversation === 'conv-evil-2'),
      },
    ];
    let sent = 0;
    for (const row of rows) {
      const res = await row.send();
      sent += 1;
      expect({ path: row.path, status: res.status }).toEqual({ path: row.path, status: 200 });
      await eventually(`refusal of ${row.path}`, row.refused);
    }
    // The card action is refused in its own invoke answer (seen by the clicker alone).
    const invoke = await teamsActivity({
      tenant: EVIL_TENANT,
      from: MALLORY,
      invokeApprove: request.id,
      serviceUrl: sink.serviceUrl,
      conversationId: 'conv-evil-3',
    });
    sent += 1;
    expect(invoke.json).toMatchObject({
      statusCode: 200,
      type: 'application/vnd.microsoft.activity.message',
    });
    expect(String(invoke.json?.value)).toMatch(/not one of them/);

    const accepted =
      (await jobCount()) - jobsBefore + ((await service().get(request.id))?.approvals.length ?? 0);
    expect({ sent, accepted }).toEqual({ sent: rows.length + 1, accepted: 0 });
    expect(await service().get(request.id)).toMatchObject({
      state: 'pending-approval',
      revision: revisionBefore,
    });
    // Nothing ever went to a foreign tenant's serviceUrl (the dev-mode SSRF).
    expect(sink.calls).toEqual([]);
    // One structured warn per refused request.
    expect(refusalLogs().length - refusalsBefore).toBe(sent);
    expect(refusalLogs().every((l) => l.level === 40)).toBe(true);
    // No refusal was posted publicly.
    expect(
      slack
        .callsOf('chat.postMessage')
        .map((c) => String(c.params.text))
        .join('\n'),
    ).not.toContain(EVIL_TEAM);

    // The same paths work for members (the attempts above were refused, not lost).
    await slash('status', 'U0BOB', TEAM);
    await message('dm', 'status', 'U0BOB', TEAM);
    await eventually('two member jobs', async () => (await jobCount()) >= jobsBefore + 2);
    await message('mention', `approve ${request.id}`, 'U0BOB', TEAM);
    await eventually(
      'a member approval',
      async () => (await service().get(request.id))?.state === 'approved',
    );
    expect(
      (await service().get(request.id))?.approvals.map((a) => `${a.actor.tenant}:${a.actor.id}`),
    ).toEqual([`${TEAM}:U0BOB`]);
  });

  it('F1: a Slack Connect user typing "approve" on a "*" cluster is refused privately and recorded nowhere (it used to count as a host workspace member)', async () => {
    const request = await newRequest();
    await message('mention', `approve ${request.id}`, 'U0EXTERNAL', EVIL_TEAM);
    await eventually('the private refusal', () => ephemeralsTo('U0EXTERNAL').length > 0);
    expect(ephemeralsTo('U0EXTERNAL')[0]).toMatch(/your workspace \(T0EVIL\) is not one of them/);
    const after = await service().get(request.id);
    expect(after).toMatchObject({ state: 'pending-approval', approvals: [] });
    const log = refusalLogs().find((l) => l.userId === 'U0EXTERNAL');
    expect(log).toMatchObject({
      source: 'mention',
      userTeam: EVIL_TEAM,
      workspace: TEAM,
      reason: 'team-not-allowed',
    });
  });

  it('F2: a user of another Teams tenant gets nothing, not even a POST to its serviceUrl, and cannot approve on a "*" cluster', async () => {
    const request = await newRequest();
    const res = await teamsActivity({
      tenant: EVIL_TENANT,
      from: MALLORY,
      text: `approve ${request.id}`,
      serviceUrl: sink.serviceUrl,
      conversationId: 'conv-evil-f2',
    });
    expect(res.status).toBe(200);
    await eventually('the warn log', () => refusalLogs().some((l) => l.conversation === 'conv-evil-f2'));
    expect(refusalLogs().find((l) => l.conversation === 'conv-evil-f2')).toMatchObject({
      tenant: EVIL_TENANT,
      reason: 'tenant-not-allowed',
    });
    expect(await service().get(request.id)).toMatchObject({ state: 'pending-approval', approvals: [] });
    expect(sink.calls).toEqual([]);
    // A member of the allowed tenant is answered through the same endpoint.
    const member = await teamsActivity({
      tenant: TEST_TENANT,
      from: { id: '29:bob', name: 'Bob', aadObjectId: 'oid-bob' },
      text: `approve ${request.id}`,
      serviceUrl: connector.serviceUrl,
      conversationId: 'conv-ops',
    });
    expect(member.status).toBe(200);
    expect(
      (await service().get(request.id))?.approvals.map((a) => `${a.actor.tenant}:${a.actor.id}`),
    ).toEqual([`${TEST_TENANT}:oid-bob`]);
  });

  it('an activity whose conversation and channelData name different tenants is refused', async () => {
    n += 1;
    const body = teamsActivityBody({
      id: `act-${n}`,
      conversationId: 'conv-mixed',
      from: MALLORY,
      serviceUrl: sink.serviceUrl,
      text: 'status',
    });
    body.channelData = { tenant: { id: EVIL_TENANT } };
    expect((await postActivity(teamsUrl, body)).status).toBe(200);
    await eventually('the warn log', () => refusalLogs().some((l) => l.conversation === 'conv-mixed'));
    expect(refusalLogs().find((l) => l.conversation === 'conv-mixed')).toMatchObject({
      reason: 'tenant-missing',
      tenantConflict: true,
    });
    expect(sink.calls).toEqual([]);
  });

  it('a team or tenant the policy names is a guest: its named identities count, "*" never matches its other members', async () => {
    const staging = await newRequest('staging');
    // The named partner approves by typing, recorded under their own team.
    await message('mention', `approve ${staging.id}`, 'U0PART', PARTNER_TEAM);
    await eventually(
      'the partner approval',
      async () => (await service().get(staging.id))?.state === 'approved',
    );
    expect((await service().get(staging.id))?.approvals[0]?.actor).toMatchObject({
      tenant: PARTNER_TEAM,
      id: 'U0PART',
      guest: true,
    });
    // A colleague of the partner is admitted (the team is named) but is not an approver: "*" is for members only.
    const staging2 = await newRequest('staging');
    await click('maintenance-approve', staging2.id, 'U0OTHER', PARTNER_TEAM);
    await eventually('the colleague refusal', () => ephemeralsTo('U0OTHER').length > 0);
    expect(ephemeralsTo('U0OTHER')[0]).toMatch(/not an approver for staging/);
    // The partner on prod, where only "*" approves: refused too.
    const prod = await newRequest('prod');
    await click('maintenance-approve', prod.id, 'U0PART', PARTNER_TEAM);
    await eventually('the partner refusal on prod', () =>
      ephemeralsTo('U0PART').some((t) => /not an approver for prod/.test(t)),
    );
    // The named Teams guest approves a staging request; a colleague in that tenant may not.
    const teamsStaging = await newRequest('staging');
    const colleague = await teamsActivity({
      tenant: PARTNER_TENANT,
      from: { id: '29:col', name: 'Col', aadObjectId: 'oid-col' },
      invokeApprove: teamsStaging.id,
      serviceUrl: connector.serviceUrl,
      conversationId: 'conv-partner',
    });
    expect(String(colleague.json?.value)).toMatch(/not an approver for staging/);
    const partner = await teamsActivity({
      tenant: PARTNER_TENANT,
      from: { id: '29:part', name: 'Part', aadObjectId: 'oid-part' },
      invokeApprove: teamsStaging.id,
      serviceUrl: connector.serviceUrl,
      conversationId: 'conv-partner',
    });
    expect(partner.json?.type).toBe('application/vnd.microsoft.card.adaptive');
    expect(
      (await service().get(teamsStaging.id))?.approvals.map(
        (a) => `${a.actor.tenant}:${a.actor.id}:${String(a.actor.guest)}`,
      ),
    ).toEqual([`${PARTNER_TENANT}:oid-part:true`]);
    expect((await service().get(prod.id))?.approvals).toEqual([]);
    expect((await service().get(staging2.id))?.approvals).toEqual([]);
  });
});
