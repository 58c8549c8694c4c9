/**
 * The per-user rate limit of the Teams adapter (src/ops/rate-limit.ts {@link commandGate}), asked
 * once per turn by {@link TeamsBot.onTurn} before anything else is done: every typed message
 * (checks, help, `approve|reject|cancel mr-…`, `maintenance status`, `audit`, anything else) and
 * every card click (Action.Execute invoke or its Action.Submit fallback; Refresh, HA status and the
 * maintenance buttons) counts once. Conversation updates (install, members) do not count.
 *
 * The notice ("You have asked 10 times in a minute; try again in 42 s") is sent once per user and
 * window (the first refusal only), as privately as Teams allows:
 * - a card click (invoke) is answered in its invoke response, which only the clicker sees (every
 *   refused click gets it: it is the click's own answer, not a post);
 * - a typed message in a personal chat is answered in the turn (private);
 * - a typed message in a channel or group chat is answered in a 1:1 chat with the user
 *   ({@link TeamsConnector.sendPersonal}: Teams has no message for one member of a channel), as
 *   private answers are (teams-poster.ts); only when Teams refuses that chat (4xx other than 429,
 *   e.g. 403 when the bot is not installed for the user) does it go to the message's thread,
 *   where the channel can see it. Another failure (429, 5xx, no answer) is logged and the notice
 *   dropped: a notice the whole channel sees because of a passing outage would be worse.
 */
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Locale } from '../../src/commands/types.js';
import { translator } from '../../src/explain/i18n.js';
import type { Refusal, Requester } from '../../src/ops/rate-limit.js';
import type { Logger } from '../../src/util/logger.js';
import { isLanguageNeutral } from '../../src/commands/language-neutral.js';
import { renderTeamsCards, teamsActivity } from './render-card.js';
import { TeamsConnectorError } from './teams-bot-framework.js';
import type { InvokeReply, OutboundActivity, TeamsConnector, TeamsTurn } from './teams-bot-framework.js';
import { localeFromTeams, teamsRequestId } from './teams-bot.js';

/**
 * What {@link TeamsBot} asks before handling a turn: null to go on, or `{ answer }` when the turn
 * was refused (its notice, if any, already sent); `answer` is the invoke response of a card click.
 */
export type TeamsTurnGate = (turn: TeamsTurn) => Promise<{ answer: InvokeReply | undefined } | null>;

/** The gate of src/ops/rate-limit.ts ({@link commandGate}'s result). */
export type CommandGateFn = (
  who: Requester,
  ctx: { kind: string; locale: Locale; requestId: string; cluster: string | null },
) => Promise<Refusal | null>;

/** Whether a turn is a request of the user's (a message or a card click), which counts. */
function countedKind(turn: TeamsTurn): 'message' | 'card-action' | undefined {
  const a = turn.activity;
  if (a.type === 'invoke' && a.name === 'adaptiveCard/action') return 'card-action';
  if (a.type === 'message')
    return a.value !== undefined && a.value !== null && typeof a.value === 'object'
      ? 'card-action'
      : 'message';
  return undefined;
}

/** Options of {@link teamsTurnGate}. */
export interface TeamsTurnGateOptions {
  /** The answer language when the text and Teams say none. */
  defaultLocale: Locale;
  logger: Logger;
  /**
   * Opens (or finds) a 1:1 chat with the user and posts there: the connector's
   * {@link TeamsConnector.sendPersonal}. Absent: a notice in a channel or group chat goes to the
   * message's thread.
   */
  sendPersonal?: TeamsConnector['sendPersonal'];
}

/** Whether a failed 1:1 send is Teams refusing the chat for good (4xx but 429), not a passing failure. */
function isRefusal(err: unknown): boolean {
  const status = err instanceof TeamsConnectorError ? err.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && status !== 429;
}

/**
 * The Teams turn gate over a {@link commandGate}.
 * @param gate - `commandGate(limiter)` (src/ops/rate-limit.ts)
 * @param options - see {@link TeamsTurnGateOptions}
 * @returns the {@link TeamsTurnGate}; it never throws for a failed notice (logged): the turn is refused anyway
 */
export function teamsTurnGate(gate: CommandGateFn, options: TeamsTurnGateOptions): TeamsTurnGate {
  /** The notice to the user alone where Teams allows it (see the module comment); failures are logged. */
  const sendNotice = async (
    turn: TeamsTurn,
    activity: OutboundActivity,
    requestId: string,
  ): Promise<void> => {
    const a = turn.activity;
    if (a.conversationType !== 'personal' && options.sendPersonal) {
      try {
        await options.sendPersonal(turn.reference, a.fromId, activity);
        return;
      } catch (err) {
        if (!isRefusal(err)) {
          options.logger.warn(
            { err, requestId },
            'could not send the Teams rate-limit notice in a 1:1 chat; not posting it in the conversation',
          );
          return;
        }
        options.logger.warn(
          { err, requestId },
          'Teams refused a 1:1 chat with the user; sending the rate-limit notice in the message thread',
        );
      }
    }
    await turn
      .send(activity)
      .catch((err: unknown) =>
        options.logger.warn({ err, requestId }, 'could not send the Teams rate-limit notice'),
      );
  };
  return async (turn) => {
    const kind = countedKind(turn);
    if (kind === undefined) return null;
    const a = turn.activity;
    // The answer language as TeamsBot chooses it: Korean text → Korean; neutral text → Teams' locale.
    const teamsLocale = localeFromTeams(a.locale) ?? options.defaultLocale;
    const locale =
      kind === 'message' && turn.text !== ''
        ? parseCommand(turn.text, { defaultLocale: isLanguageNeutral(turn.text) ? teamsLocale : 'en' }).locale
        : teamsLocale;
    const requestId = teamsRequestId('rl', a.conversationId, a.id);
    const who: Requester = {
      platform: 'teams',
      ...(a.tenantId ? { tenant: a.tenantId } : {}),
      user: a.fromAadObjectId ?? a.fromId,
    };
    const refused = await gate(who, { kind, locale, requestId, cluster: null });
    if (!refused) return null;
    options.logger.info(
      { requestId, kind, conversationType: a.conversationType, notice: refused.notice !== null },
      'Teams request refused: rate limit reached',
    );
    if (a.type === 'invoke') {
      const text = refused.notice?.summary ?? translator(locale).t('rateLimit.title');
      return {
        answer: {
          status: 200,
          body: { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text },
        },
      };
    }
    if (refused.notice) {
      const [message] = renderTeamsCards(refused.notice, { maxMessages: 1 });
      if (message) await sendNotice(turn, teamsActivity(message) as OutboundActivity, requestId);
    }
    return { answer: undefined };
  };
}
