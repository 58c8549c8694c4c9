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
 * - a typed message is answered in the turn: in a personal chat that is private; in a channel or
 *   group chat it is a reply in the message's thread, which the channel can see (Teams has no
 *   message for one member of a channel, and this adapter does not open 1:1 chats).
 */
import { parseCommand } from '../../src/commands/parse-command.js';
import type { Locale } from '../../src/commands/types.js';
import { translator } from '../../src/explain/i18n.js';
import type { Refusal, Requester } from '../../src/ops/rate-limit.js';
import type { Logger } from '../../src/util/logger.js';
import { isLanguageNeutral } from '../slack/slack-locale.js';
import { renderTeamsCards, teamsActivity } from './render-card.js';
import type { InvokeReply, OutboundActivity, TeamsTurn } from './teams-bot-framework.js';
import { localeFromTeams, teamsRequestId } from './teams-bot.js';

/**
 * What {@link TeamsBot} asks before handling a turn: null to go on, or `{ answer }` when the turn
 * was refused (its notice, if any, already sent); `answer` is the invoke response of a card click.
 */
export type TeamsTurnGate = (turn: TeamsTurn) => Promise<{ answer: InvokeReply | undefined } | null>;

/** The gate of src/ops/rate-limit.ts ({@link commandGate}'s result). */
export type CommandGateFn = (who: Requester, ctx: { kind: string; locale: Locale; requestId: string; cluster: string | null }) => Promise<Refusal | null>;

/** Whether a turn is a request of the user's (a message or a card click), which counts. */
function countedKind(turn: TeamsTurn): 'message' | 'card-action' | undefined {
  const a = turn.activity;
  if (a.type === 'invoke' && a.name === 'adaptiveCard/action') return 'card-action';
  if (a.type === 'message') return a.value !== undefined && a.value !== null && typeof a.value === 'object' ? 'card-action' : 'message';
  return undefined;
}

/**
 * The Teams turn gate over a {@link commandGate}.
 * @param gate - `commandGate(limiter)` (src/ops/rate-limit.ts)
 * @param options - the configured answer language (when the text and Teams say none) and the logger
 * @returns the {@link TeamsTurnGate}; it never throws for a failed notice (logged): the turn is refused anyway
 */
export function teamsTurnGate(gate: CommandGateFn, options: { defaultLocale: Locale; logger: Logger }): TeamsTurnGate {
  return async (turn) => {
    const kind = countedKind(turn);
    if (kind === undefined) return null;
    const a = turn.activity;
    // The answer language as TeamsBot chooses it: Korean text → Korean; neutral text → Teams' locale.
    const teamsLocale = localeFromTeams(a.locale) ?? options.defaultLocale;
    const locale = kind === 'message' && turn.text !== '' ? parseCommand(turn.text, { defaultLocale: isLanguageNeutral(turn.text) ? teamsLocale : 'en' }).locale : teamsLocale;
    const requestId = teamsRequestId('rl', a.conversationId, a.id);
    const who: Requester = { platform: 'teams', ...(a.tenantId ? { tenant: a.tenantId } : {}), user: a.fromAadObjectId ?? a.fromId };
    const refused = await gate(who, { kind, locale, requestId, cluster: null });
    if (!refused) return null;
    options.logger.info({ requestId, kind, conversationType: a.conversationType, notice: refused.notice !== null }, 'Teams request refused: rate limit reached');
    if (a.type === 'invoke') {
      const text = refused.notice?.summary ?? translator(locale).t('rateLimit.title');
      return { answer: { status: 200, body: { statusCode: 200, type: 'application/vnd.microsoft.activity.message', value: text } } };
    }
    if (refused.notice) {
      const [message] = renderTeamsCards(refused.notice, { maxMessages: 1 });
      if (message) await turn.send(teamsActivity(message) as OutboundActivity).catch((err: unknown) => options.logger.warn({ err, requestId }, 'could not send the Teams rate-limit notice'));
    }
    return { answer: undefined };
  };
}
