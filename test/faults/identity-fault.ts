/**
 * TEST ONLY (fault suite): people from elsewhere on every path (acceptance:
 * "an external-workspace and a foreign-tenant attempt on every path (target: 0 accepted)").
 *
 * Through the suite's real gateway process (signed Slack requests into Bolt over HTTP) and its
 * Teams adapter (botbuilder, TEAMS_ALLOWED_TENANTS = the suite's tenant), users of another Slack
 * workspace (`T0OUTSIDE`: a slash command run there; a Slack Connect user's `app_mention`, DM,
 * typed `approve mr-…` with `event.user_team`; `block_actions` clicks with `user.team_id`) and of
 * another Teams tenant (a message, a typed approve, a card's Approve click; their activities
 * name a second fake Bot Connector as serviceUrl) try, each once, to be answered, to start a check
 * and to approve a pending control-plane maintenance request (2 approvals needed: nothing runs).
 *
 * Accepted = a job enqueued for an outsider, an approval recorded on the request, or any post an
 * outsider could see other than a private refusal: a chat.postMessage in the channels they wrote
 * in or in the request card's channel, a public response_url post, any call to the foreign
 * serviceUrl. Each attempt must also show its private refusal (the slash command's ephemeral ack,
 * chat.postEphemeral to the user, the Teams adapter's warn line, the card click's invoke answer),
 * so "0 accepted" cannot come from requests that never arrived. Then members do the same through
 * the same endpoints (a typed approval in Slack, a card click in Teams, a DM): counted, so the
 * refusals were refusals, not a broken path. Targets: accepted 0, every attempt refused
 * privately, members counted.
 */
import type { Queue } from 'bullmq';
import type { MaintenanceService } from '../../src/maintenance/maintenance-service.js';
import type { MaintenanceRequest } from '../../src/maintenance/types.js';
import { startFakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeBotConnector } from '../helpers/fake-bot-connector.js';
import type { FakeSlackApi } from '../helpers/fake-slack-api.js';
import { sendSigned } from '../helpers/fake-slack-requests.js';
import { postActivity } from '../helpers/fake-teams-activity.js';
import type { TestTeamsUser } from '../helpers/fake-teams-activity.js';
import {
  HOST_TEAM,
  clickFromTeam,
  messageFromTeam,
  slashFromTeam,
  teamsActivityOfTenant,
} from '../helpers/outsider-requests.js';
import type { FaultRow } from './slack-traffic.js';

const FORM = 'application/x-www-form-urlencoded' as const;
const JSON_TYPE = 'application/json' as const;
/** The other Slack workspace, and the other Teams tenant. */
const OUTSIDE_TEAM = 'T0OUTSIDE';
const OUTSIDE_TENANT = 'outside-tenant-0000';

/** What the row needs of the suite's rig. */
export interface IdentityRig {
  /** The fake Slack Web API the gateway posts to. */
  fake: FakeSlackApi;
  /** The gateway's `POST /slack/events`. */
  slackEventsUrl: string;
  /** The Teams adapter's `POST /api/messages`. */
  teamsMessagesUrl: string;
  /** The allowed tenant's fake Bot Connector. */
  connector: FakeBotConnector;
  /** The allowed tenant (TEAMS_ALLOWED_TENANTS of the adapter). */
  tenant: string;
  /** The maintenance service on the suite's Redis (the gateway's keys). */
  maintenance: MaintenanceService;
  /** The answer queue of cluster prod. */
  jobs: Queue;
  /** Warn lines of the Teams adapter so far (parsed pino lines). */
  teamsLogs: ReadonlyArray<Record<string, unknown>>;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function waitUntil(predicate: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await predicate()) return true;
    await sleep(50);
  }
  return false;
}

/** One outsider attempt: how it is sent, and the sign that it was refused privately. */
interface Attempt {
  path: string;
  send: () => Promise<{ status: number; text?: string; json?: Record<string, unknown> | undefined }>;
  refused: (answer: { status: number; text?: string; json?: Record<string, unknown> | undefined }) => boolean;
}

/**
 * Run the row.
 * @param rig - the suite's gateway, Teams adapter, fakes and Redis views
 * @returns the row: sent N, accepted 0 is a pass; a row that could not be carried out fails
 */
export async function runIdentityFault(rig: IdentityRig): Promise<FaultRow> {
  const fault =
    'external Slack workspace and foreign Teams tenant on every path (slash, mention, DM, typed approve, button clicks; Teams message, typed approve, card click)';
  const sink = await startFakeBotConnector();
  const opened: MaintenanceRequest[] = [];
  try {
    const t0 = Date.now();
    let n = 0;
    const open = async (node: string, channel: string): Promise<MaintenanceRequest> => {
      const created = await rig.maintenance.createRequest({
        cluster: 'prod',
        node,
        nodeRole: 'control-plane',
        reason: 'fault suite: identity row',
        force: false,
        requestedBy: { platform: 'slack', tenant: HOST_TEAM, id: 'U0IDREQ' },
        locale: 'en',
        replyTo: { platform: 'slack', address: { channel } },
        verdict: 'safe',
        summary: 'Safe.',
      });
      if (!created.ok) throw new Error(`could not open the maintenance request: ${created.refusal}`);
      await rig.maintenance.attachCard(created.request.id, {
        platform: 'slack',
        channel,
        ts: `1700000${Date.now() % 1000}.000100`,
      });
      opened.push(created.request);
      return created.request;
    };
    // Node names the simulator does not have: an approval that went wrong could never drain anything.
    const request = await open(`identity-cp-${t0 % 100_000}`, 'C0IDCARD');
    const slackUrl = rig.slackEventsUrl;
    const ephemeralsTo = (user: string): string[] =>
      rig.fake.calls
        .filter((c) => c.at >= t0 && c.method === 'chat.postEphemeral' && c.params.user === user)
        .map((c) => String(c.params.text));
    const refusedInSlack = (user: string) => (): boolean =>
      ephemeralsTo(user).some((t) => t.includes(OUTSIDE_TEAM));
    const teamsRefusal = (conversation: string) => (): boolean =>
      rig.teamsLogs.some(
        (l) => l.conversation === conversation && /tenant that is not served refused/.test(String(l.msg)),
      );
    const mallory: TestTeamsUser = { id: '29:id-mallory', name: 'Mallory', aadObjectId: 'oid-id-mallory' };
    const slash = (text: string, user: string, channel: string) => () =>
      sendSigned(
        slackUrl,
        slashFromTeam({
          text,
          user,
          team: OUTSIDE_TEAM,
          channel,
          responseUrl: `${rig.fake.baseUrl}/response/${channel}`,
        }),
        { contentType: FORM },
      );
    const event = (kind: 'mention' | 'dm', text: string, user: string, channel: string) => () =>
      sendSigned(
        slackUrl,
        messageFromTeam({ kind, text, user, userTeam: OUTSIDE_TEAM, n: (n += 1) + 900_000, channel }),
        { contentType: JSON_TYPE },
      );
    const click = (action: string, value: string, user: string, channel: string) => () =>
      sendSigned(slackUrl, clickFromTeam({ action, value, user, userTeam: OUTSIDE_TEAM, channel }), {
        contentType: FORM,
      });
    const teams = (conversationId: string, o: { text?: string; invokeApprove?: string }) => () =>
      postActivity(
        rig.teamsMessagesUrl,
        teamsActivityOfTenant({
          tenant: OUTSIDE_TENANT,
          from: mallory,
          id: `id-act-${(n += 1)}`,
          conversationId,
          serviceUrl: sink.serviceUrl,
          ...o,
        }),
      );
    const ackRefusal = (a: { text?: string }): boolean =>
      (a.text ?? '').includes(OUTSIDE_TEAM) && (a.text ?? '').includes('ephemeral');
    const slackUsers = [
      'U0IDOUT1',
      'U0IDOUT2',
      'U0IDOUT3',
      'U0IDOUT4',
      'U0IDOUT5',
      'U0IDOUT6',
      'U0IDOUT7',
      'U0IDOUT8',
    ];
    const channels = [
      'C0IDOUT1',
      'C0IDOUT2',
      'C0IDSHARED',
      'D0IDOUT4',
      'C0IDSHARED',
      'C0IDCARD',
      'C0IDSHARED',
      'C0IDOUT8',
    ];
    const conversations = ['a:id-out-1', 'a:id-out-2', 'a:id-out-3'];
    const attempts: Attempt[] = [
      { path: 'slash command (status)', send: slash('status', 'U0IDOUT1', 'C0IDOUT1'), refused: ackRefusal },
      {
        path: 'slash command (approve)',
        send: slash(`approve ${request.id}`, 'U0IDOUT2', 'C0IDOUT2'),
        refused: ackRefusal,
      },
      {
        path: 'app_mention (check)',
        send: event('mention', 'can I reboot atlas-wk-1', 'U0IDOUT3', 'C0IDSHARED'),
        refused: refusedInSlack('U0IDOUT3'),
      },
      {
        path: 'DM (status)',
        send: event('dm', 'status', 'U0IDOUT4', 'D0IDOUT4'),
        refused: refusedInSlack('U0IDOUT4'),
      },
      {
        path: 'typed approve (mention)',
        send: event('mention', `approve ${request.id}`, 'U0IDOUT5', 'C0IDSHARED'),
        refused: refusedInSlack('U0IDOUT5'),
      },
      {
        path: 'Approve button',
        send: click('maintenance-approve', request.id, 'U0IDOUT6', 'C0IDCARD'),
        refused: refusedInSlack('U0IDOUT6'),
      },
      {
        path: 'Request maintenance button',
        send: click(
          'request-maintenance',
          JSON.stringify({ cluster: 'prod', node: 'atlas-wk-1' }),
          'U0IDOUT7',
          'C0IDSHARED',
        ),
        refused: refusedInSlack('U0IDOUT7'),
      },
      {
        path: 'slash command (maintain)',
        send: slash('maintain atlas-wk-1 because firmware', 'U0IDOUT8', 'C0IDOUT8'),
        refused: ackRefusal,
      },
      {
        path: 'Teams message (status)',
        send: teams(conversations[0] ?? '', { text: 'status' }),
        refused: teamsRefusal(conversations[0] ?? ''),
      },
      {
        path: 'Teams typed approve',
        send: teams(conversations[1] ?? '', { text: `approve ${request.id}` }),
        refused: teamsRefusal(conversations[1] ?? ''),
      },
      {
        path: 'Teams card Approve click',
        send: teams(conversations[2] ?? '', { invokeApprove: request.id }),
        refused: (a) =>
          teamsRefusal(conversations[2] ?? '')() &&
          a.json?.type === 'application/vnd.microsoft.activity.message' &&
          /not one of them/.test(String(a.json?.value)),
      },
    ];
    // Send every attempt; then wait for each one's private refusal (a positive signal).
    const answers = [];
    for (const attempt of attempts) answers.push(await attempt.send());
    const notRefused: string[] = [];
    for (const [i, attempt] of attempts.entries()) {
      const answer = answers[i] ?? { status: 0 };
      if (answer.status !== 200 || !(await waitUntil(() => attempt.refused(answer), 60_000)))
        notRefused.push(`${attempt.path} (HTTP ${answer.status})`);
    }

    // What was accepted: jobs for outsiders, approvals, posts they could see.
    const outsiderJobs = (
      await rig.jobs.getJobs([
        'waiting',
        'active',
        'delayed',
        'prioritized',
        'completed',
        'failed',
        'waiting-children',
      ])
    ).filter((j) => {
      const user = (j?.data as { user?: { id?: string; tenant?: string } } | undefined)?.user;
      return (
        user !== undefined &&
        (slackUsers.includes(user.id ?? '') ||
          user.id === mallory.aadObjectId ||
          user.tenant === OUTSIDE_TEAM ||
          user.tenant === OUTSIDE_TENANT)
      );
    });
    const approvals = (await rig.maintenance.get(request.id))?.approvals.length ?? -1;
    const publicSlack = rig.fake.calls.filter(
      (c) =>
        c.at >= t0 &&
        ((c.method === 'chat.postMessage' && channels.includes(String(c.params.channel))) ||
          (c.method.startsWith('response/') &&
            channels.includes(c.method.slice('response/'.length)) &&
            c.params.response_type === 'in_channel')),
    );
    const foreignPosts = sink.calls.length;
    const accepted = outsiderJobs.length + approvals + publicSlack.length + foreignPosts;

    // Members through the same endpoints: counted.
    const memberDm = `D0IDMEMBER${t0 % 1000}`;
    const memberDmAt = Date.now();
    await sendSigned(
      slackUrl,
      messageFromTeam({
        kind: 'dm',
        text: 'status',
        user: 'U0IDMEMBER',
        userTeam: HOST_TEAM,
        n: (n += 1) + 900_000,
        channel: memberDm,
      }),
      { contentType: JSON_TYPE },
    );
    await sendSigned(
      slackUrl,
      messageFromTeam({
        kind: 'mention',
        text: `approve ${request.id}`,
        user: 'U0IDMEMBER',
        userTeam: HOST_TEAM,
        n: (n += 1) + 900_000,
        channel: 'C0IDMEMBER',
      }),
      { contentType: JSON_TYPE },
    );
    const teamsControl = await open(`identity-cp-t${t0 % 100_000}`, 'C0IDCARD2');
    const member: TestTeamsUser = { id: '29:id-member', name: 'Member', aadObjectId: 'oid-id-member' };
    const memberClick = await postActivity(
      rig.teamsMessagesUrl,
      teamsActivityOfTenant({
        tenant: rig.tenant,
        from: member,
        id: `id-act-${(n += 1)}`,
        conversationId: 'a:id-member',
        serviceUrl: rig.connector.serviceUrl,
        invokeApprove: teamsControl.id,
      }),
    );
    const slackApproved = await waitUntil(
      async () =>
        (await rig.maintenance.get(request.id))?.approvals.some(
          (a) => a.actor.id === 'U0IDMEMBER' && a.actor.tenant === HOST_TEAM,
        ) ?? false,
      60_000,
    );
    const teamsApproved =
      ((await rig.maintenance.get(teamsControl.id))?.approvals.some(
        (a) => a.actor.id === member.aadObjectId && a.actor.tenant === rig.tenant,
      ) ??
        false) &&
      memberClick.json?.type === 'application/vnd.microsoft.card.adaptive';
    const dmAnswered = await waitUntil(
      () =>
        rig.fake.calls.some(
          (c) => c.at >= memberDmAt && c.method === 'chat.postMessage' && c.params.channel === memberDm,
        ),
      60_000,
    );
    const controls = [
      slackApproved ? '' : 'member typed approve not counted',
      teamsApproved ? '' : 'member card click not counted',
      dmAnswered ? '' : 'member DM not answered',
    ].filter(Boolean);

    const pass = accepted === 0 && notRefused.length === 0 && controls.length === 0;
    return {
      fault,
      sent: attempts.length,
      answered: '—',
      lost: '—',
      duplicated: '—',
      worst: '—',
      pass,
      notes: [
        `sent ${attempts.length} (${attempts.length - conversations.length} Slack from ${OUTSIDE_TEAM}, ${conversations.length} Teams from another tenant), accepted ${accepted}`,
        `(jobs ${outsiderJobs.length}, approvals ${approvals}, public Slack posts ${publicSlack.length}, posts to the foreign serviceUrl ${foreignPosts})`,
        `refused privately ${attempts.length - notRefused.length}/${attempts.length}${notRefused.length > 0 ? ` (no refusal seen: ${notRefused.join(', ')})` : ''}`,
        controls.length === 0
          ? 'members on the same paths: typed approve and card click counted, DM answered'
          : `members: ${controls.join(', ')}`,
      ].join('; '),
    };
  } finally {
    // The control requests are cancelled by their requester: nothing is left pending.
    for (const r of opened)
      await rig.maintenance
        .decide(r.id, { platform: 'slack', tenant: HOST_TEAM, id: 'U0IDREQ' }, 'cancel')
        .catch(() => undefined);
    await sink.close();
  }
}
