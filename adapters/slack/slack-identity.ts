/**
 * Who acts in Slack, built the same way on every path (slash command, `app_mention`, DM, button
 * click), and whether the gateway takes requests from them at all.
 *
 * The identity is the user's own team, not the workspace that delivered the payload: in a Slack
 * Connect channel a member of another organisation writes in our workspace, and Slack then sends
 * our workspace's `team_id` with the message but the user's home team in `event.user_team`
 * (events) or `user.team_id` (interactions). A slash command is only available to members of a
 * workspace where the app is installed, so its `team_id` is the user's.
 * Sources: https://api.slack.com/apis/connect (identifying external users),
 * https://api.slack.com/interactivity/slash-commands (payload fields).
 *
 * Admission: a user whose team is in the configured allow-list (or whose team is the delivering
 * workspace and that workspace's enterprise is allowed) is a member; a user of another team is
 * admitted only when the maintenance policy names that team, as a guest (`Actor.guest`: `"*"` in
 * the policy never matches a guest); anyone else is refused and nothing is enqueued or changed.
 */
import type { SlackAllowList } from '../../src/config/chat-settings.js';

/** The identity of one Slack payload's user. */
export interface SlackIdentity {
  /** Slack user id (`U…` / `W…`). */
  userId: string;
  /** The user's own team (`T…`): `event.user_team`, `user.team_id`, a command's `team_id`. */
  teamId: string;
  /** The workspace that delivered the payload (the channel's), when the payload says. */
  workspaceId?: string;
  /** The delivering workspace's Enterprise Grid org (`E…`), when the payload says. */
  enterpriseId?: string;
  /** Shown in texts only, never compared. */
  userName?: string;
}

/** A slash command's fields read here (Bolt's `SlashCommand`). */
export interface SlackCommandFields {
  user_id: string;
  team_id: string;
  enterprise_id?: string;
  user_name?: string;
}

/** An Events API envelope's and event's fields read here. */
export interface SlackEventFields {
  body: {
    team_id?: string;
    enterprise_id?: string;
    authorizations?: { team_id?: string | null; enterprise_id?: string | null }[];
  };
  event: { user?: string; user_team?: string; team?: string };
}

/** An interaction payload's fields read here (block_actions). */
export interface SlackActionFields {
  user?: { id?: string; team_id?: string; name?: string; username?: string };
  team?: { id?: string; enterprise_id?: string } | null;
  enterprise?: { id?: string } | null;
}

/** Where a payload came from, with its fields. */
export type SlackPayload =
  | { kind: 'command'; command: SlackCommandFields }
  | ({ kind: 'event' } & SlackEventFields)
  | { kind: 'action'; body: SlackActionFields };

const nonEmpty = (s: string | null | undefined): string | undefined =>
  typeof s === 'string' && s !== '' ? s : undefined;

/**
 * The identity of a payload's user, the one function every handler uses.
 * @param payload - the command, event (envelope + event) or interaction payload
 * @returns the identity, or undefined when the payload names no user or no team (nothing to act on)
 */
export function slackIdentityOf(payload: SlackPayload): SlackIdentity | undefined {
  let userId: string | undefined;
  let teamId: string | undefined;
  let workspaceId: string | undefined;
  let enterpriseId: string | undefined;
  let userName: string | undefined;
  switch (payload.kind) {
    case 'command':
      userId = nonEmpty(payload.command.user_id);
      workspaceId = nonEmpty(payload.command.team_id);
      teamId = workspaceId;
      enterpriseId = nonEmpty(payload.command.enterprise_id);
      userName = nonEmpty(payload.command.user_name);
      break;
    case 'event': {
      const authorization = payload.body.authorizations?.[0];
      userId = nonEmpty(payload.event.user);
      workspaceId = nonEmpty(payload.body.team_id) ?? nonEmpty(authorization?.team_id);
      // user_team: the author's home team (differs in a Slack Connect channel); `team` is the same
      // field on older message events.
      teamId = nonEmpty(payload.event.user_team) ?? nonEmpty(payload.event.team) ?? workspaceId;
      enterpriseId = nonEmpty(payload.body.enterprise_id) ?? nonEmpty(authorization?.enterprise_id);
      break;
    }
    case 'action': {
      const b = payload.body;
      userId = nonEmpty(b.user?.id);
      workspaceId = nonEmpty(b.team?.id);
      teamId = nonEmpty(b.user?.team_id) ?? workspaceId;
      enterpriseId = nonEmpty(b.enterprise?.id) ?? nonEmpty(b.team?.enterprise_id);
      userName = nonEmpty(b.user?.name) ?? nonEmpty(b.user?.username);
      break;
    }
  }
  if (userId === undefined || teamId === undefined) return undefined;
  return {
    userId,
    teamId,
    ...(workspaceId !== undefined ? { workspaceId } : {}),
    ...(enterpriseId !== undefined ? { enterpriseId } : {}),
    ...(userName !== undefined ? { userName } : {}),
  };
}

/** The Slack teams and Enterprise Grid orgs whose members the gateway serves (validated with the settings). */
export type { SlackAllowList } from '../../src/config/chat-settings.js';

/** Who the gateway takes Slack requests from. */
export interface SlackAdmissionPolicy {
  allow: SlackAllowList;
  /** Teams the maintenance policy names (`tenantsNamedIn(policy, 'slack')`): their members are admitted as guests. */
  namedTeams: ReadonlySet<string>;
}

/** The answer of {@link admitSlackIdentity}. */
export type SlackAdmission =
  | { admitted: true; guest: boolean }
  /** A user of a team that is neither allowed nor named by the policy. */
  | { admitted: false; reason: 'team-not-allowed' };

/**
 * Whether the gateway takes requests from this user (see the module doc).
 * @param identity - from {@link slackIdentityOf}
 * @param policy - the allow-list and the teams the maintenance policy names
 * @returns admitted (a member, or a guest of a team the policy names), or refused
 */
export function admitSlackIdentity(identity: SlackIdentity, policy: SlackAdmissionPolicy): SlackAdmission {
  const { allow } = policy;
  if (allow.teams.includes(identity.teamId)) return { admitted: true, guest: false };
  // An enterprise vouches for the users of the workspace that delivered the payload; the payload
  // does not say which enterprise an external user's own team belongs to.
  const ownWorkspace = identity.workspaceId === undefined || identity.workspaceId === identity.teamId;
  if (
    ownWorkspace &&
    identity.enterpriseId !== undefined &&
    allow.enterprises.includes(identity.enterpriseId)
  )
    return { admitted: true, guest: false };
  if (policy.namedTeams.has(identity.teamId)) return { admitted: true, guest: true };
  return { admitted: false, reason: 'team-not-allowed' };
}
