/**
 * Requests of people from elsewhere, as Slack and Teams deliver them: the payload bodies of a slash command run in another workspace, an `app_mention` or DM message of a
 * Slack Connect user (`event.user_team` = their home team), a `block_actions` click of one
 * (`user.team_id`), and a Bot Framework activity of another Teams tenant (`conversation.tenantId`
 * and `channelData.tenant.id` alike). Shared by test/integration/identity-admission.test.ts and the fault
 * suite's identity row (test/faults/identity-fault.ts); send them with `sendSigned` /
 * `postActivity`.
 */
import { eventBody, slashCommandBody, triggerId } from './fake-slack-requests.js';
import { teamsActivityBody } from './fake-teams-activity.js';
import type { TestTeamsUser } from './fake-teams-activity.js';

/** The workspace every test payload is delivered by (fake-slack-requests.ts, the fake's auth.test). */
export const HOST_TEAM = 'T0TEST';

/**
 * The form body of a slash command typed in workspace `team` (a command's `team_id` is its user's).
 * @param o - text, user, channel, the user's workspace; trigger id and response URL optional
 * @returns the urlencoded body
 */
export function slashFromTeam(o: {
  text: string;
  user: string;
  team: string;
  channel: string;
  triggerId?: string;
  responseUrl?: string;
}): string {
  return slashCommandBody({
    text: o.text,
    user_id: o.user,
    channel_id: o.channel,
    ...(o.triggerId ? { trigger_id: o.triggerId } : {}),
    ...(o.responseUrl ? { response_url: o.responseUrl } : {}),
  }).replace(`team_id=${HOST_TEAM}`, `team_id=${o.team}`);
}

/**
 * The Events API body of an `app_mention` (in a shared channel) or a DM `message`, delivered by
 * {@link HOST_TEAM}, written by a user whose home team is `userTeam`.
 * @param o - kind, text (the mention adds `<@UBOT> `), user, home team, channel (default: a
 *   shared channel for a mention, `D0<user>` for a DM), a unique number for ts and event id
 * @returns the JSON body
 */
export function messageFromTeam(o: {
  kind: 'mention' | 'dm';
  text: string;
  user: string;
  userTeam: string;
  n: number;
  channel?: string;
}): string {
  const ts = `1712${String(o.n).padStart(6, '0')}.000100`;
  const event =
    o.kind === 'mention'
      ? {
          type: 'app_mention',
          user: o.user,
          user_team: o.userTeam,
          source_team: o.userTeam,
          text: `<@UBOT> ${o.text}`,
          channel: o.channel ?? 'C0SHARED',
          ts,
          event_ts: ts,
        }
      : {
          type: 'message',
          channel_type: 'im',
          user: o.user,
          user_team: o.userTeam,
          text: o.text,
          channel: o.channel ?? `D0${o.user}`,
          ts,
          event_ts: ts,
        };
  return eventBody(event, `Ev${Date.now()}${o.n}`);
}

/**
 * The form body of a `block_actions` click on one of the bot's buttons (`k8s-ha-bot:<action>`) in
 * a channel of {@link HOST_TEAM}, by a user whose home team is `userTeam`.
 * @param o - action (e.g. `maintenance-approve`), button value, user, home team, channel (default `C0SHARED`)
 * @returns the urlencoded body (`payload=…`)
 */
export function clickFromTeam(o: {
  action: string;
  value: string;
  user: string;
  userTeam: string;
  channel?: string;
}): string {
  const channel = o.channel ?? 'C0SHARED';
  const payload = {
    type: 'block_actions',
    trigger_id: triggerId(),
    user: { id: o.user, team_id: o.userTeam, name: o.user.toLowerCase() },
    team: { id: HOST_TEAM },
    channel: { id: channel },
    container: { type: 'message', message_ts: '1700000000.000100', channel_id: channel },
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
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * A Teams activity of tenant `tenant`: a message (`text`), or the Action.Execute invoke of a
 * maintenance card's Approve button (`invokeApprove`: the request id).
 * @param o - tenant, user, activity id, conversation id, the serviceUrl it names, text or request id
 * @returns the JSON body
 */
export function teamsActivityOfTenant(o: {
  tenant: string;
  from: TestTeamsUser;
  id: string;
  conversationId: string;
  serviceUrl: string;
  text?: string;
  invokeApprove?: string;
}): Record<string, unknown> {
  const body = o.invokeApprove
    ? teamsActivityBody({
        id: o.id,
        conversationId: o.conversationId,
        from: o.from,
        serviceUrl: o.serviceUrl,
        type: 'invoke',
        name: 'adaptiveCard/action',
        value: {
          action: {
            type: 'Action.Execute',
            verb: 'maintenance-approve',
            data: {
              k8sHaBot: 'card-action',
              action: 'maintenance-approve',
              card: o.invokeApprove,
              value: o.invokeApprove,
              requestId: o.invokeApprove,
            },
          },
        },
      })
    : teamsActivityBody({
        id: o.id,
        conversationId: o.conversationId,
        from: o.from,
        serviceUrl: o.serviceUrl,
        text: o.text ?? '',
      });
  (body.conversation as Record<string, unknown>).tenantId = o.tenant;
  body.channelData = { tenant: { id: o.tenant } };
  return body;
}
