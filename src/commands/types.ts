/**
 * Typed commands parsed from chat text, and the neutral {@link ChatCommand} every adapter builds.
 */

/** Answer languages. */
export type Locale = 'en' | 'ko';

/** Every supported locale. */
export const LOCALES: readonly Locale[] = ['en', 'ko'];

/** "Can I reboot X?" (optionally "drain and reboot"). `when` keeps a time hint such as "tonight". */
export interface RebootImpactCommand {
  kind: 'reboot-impact';
  node: string;
  cluster?: string;
  drain: boolean;
  when?: string;
}

/** HA and quorum status of a cluster. */
export interface HaStatusCommand {
  kind: 'ha-status';
  cluster?: string;
}

/** The list of request forms. `topic` is set when the text was not understood. */
export interface HelpCommand {
  kind: 'help';
  cluster?: string;
}

/** Every command the core understands. */
export type Command = RebootImpactCommand | HaStatusCommand | HelpCommand;

/** Stable codes for text that cannot be turned into a command. */
export type ParseErrorCode =
  | 'empty'
  | 'too-long'
  | 'control-characters'
  | 'invalid-node-name'
  | 'invalid-cluster-name'
  | 'invalid-option'
  | 'not-understood';

/** Why text could not be parsed; `detail` is safe to show (it echoes nothing unescaped). */
export interface ParseError {
  code: ParseErrorCode;
  /** The offending token, already trimmed to at most 80 characters. */
  token?: string;
}

/**
 * The result of parsing chat text: a command, or an error; `locale` is the answer language
 * (`--lang`, else Korean when the text is Korean, else the caller's default).
 */
export type ParseResult =
  | { ok: true; command: Command; locale: Locale }
  | { ok: false; error: ParseError; locale: Locale };

/** Who asked, in platform-immutable ids (never display names). */
export interface ChatUser {
  platform: 'console' | 'slack' | 'teams';
  /** Slack user id, Teams AAD object id, or the OS user for the console. */
  id: string;
  /** Slack team id or Teams tenant id. */
  tenant?: string;
  displayName?: string;
}

/** Where the answer goes back to; opaque to the core, interpreted by the adapter. */
export interface ReplyTarget {
  platform: 'console' | 'slack' | 'teams';
  /** Adapter-specific address (channel id, thread ts, conversation reference key…). */
  address: Record<string, string>;
}

/**
 * One chat request, reduced by an adapter from its platform payload.
 * `requestId` is derived from the platform's own id (Slack trigger/event id, Teams activity id), so
 * a retried delivery maps to the same id and enqueues nothing new.
 */
export interface ChatCommand {
  requestId: string;
  text: string;
  user: ChatUser;
  replyTo: ReplyTarget;
  /** The platform's locale for the user, used when the text itself is language-neutral. */
  locale?: Locale;
}
