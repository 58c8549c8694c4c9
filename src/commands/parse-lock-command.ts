/**
 * The lock commands, English and Korean, tried by {@link parseCommand} on normalised
 * text before the other maintenance forms:
 * - `who holds the lock`, `who has the lock(s)`, `lock`, `locks`, `lock status`, `show the lock`,
 *   `잠금`, `잠금 상태`, `누가 잠금을 가지고 있어`, `잠금 보유자`: both locks (the bot's maintenance
 *   Lease and kured's reboot lock) with holder, since when, TTL and request;
 * - `break lock`, `break the lock`, `break the kured lock`, `break lock kured`, `break the
 *   maintenance lock`, `잠금 해제`, `잠금 강제 해제`, `kured 잠금 해제`, `유지보수 잠금 해제`.
 * Each with `--cluster NAME`, `in NAME` at the end, or `NAME 클러스터` in front.
 */
import { isValidClusterName } from './names.js';
import type { BreakLockCommand, Locale, LockStatusCommand, ParseError } from './types.js';

const STATUS_EN =
  /^(?:(?:who|which\s+\S+)\s+(?:holds|has|owns|is\s+holding)\s+(?:the\s+)?(?:(?:maintenance|kured|reboot)\s+)?locks?|(?:show\s+(?:me\s+)?(?:the\s+)?)?(?:(?:maintenance|kured|reboot)\s+)?locks?(?:\s+(?:status|holders?))?|(?:is\s+)?(?:the\s+)?(?:maintenance\s+)?lock\s+(?:held|free|taken|stale)|lock\s+report)\??$/i;
const BREAK_EN =
  /^(?:please\s+)?(?:break|force[-\s]?release|force[-\s]?unlock|clear)\s+(?:the\s+)?(?:(?<which1>kured|kured's|maintenance|bot's|bot|reboot)\s+)?(?:reboot\s+)?lock(?:\s+(?:of|for|on)?\s*(?<which2>kured|maintenance|bot))?$/i;
const STATUS_KO =
  /^(?:(?:유지\s*보수|kured|재부팅)\s*)?잠금(?:\s*(?:상태|보유자|현황|확인|정보))?(?:\s*(?:보여\s*줘|알려\s*줘|확인))?\??$|^(?:누가|누구)\s*(?:(?:유지\s*보수|kured|재부팅)\s*)?잠금(?:을|를)?\s*(?:가지고|잡고|보유하고)\s*(?:있어|있나요|있니|있어요)\??$/iu;
const BREAK_KO =
  /^(?:(?<which>유지\s*보수|kured|재부팅|봇)\s*)?잠금\s*(?:을|를)?\s*(?:강제\s*)?(?:해제|풀기|깨기|삭제)(?:\s*요청)?(?:해\s*줘|해\s*주세요|합니다)?$/iu;

/** The result of {@link matchLockCommand}. */
export type LockMatch =
  | { ok: true; command: LockStatusCommand | BreakLockCommand; locale: Locale }
  | { ok: false; error: ParseError; locale: Locale }
  | null;

function whichLock(word: string | undefined): BreakLockCommand['lock'] {
  if (word === undefined) return 'any';
  const w = word.toLowerCase().replace(/\s+/g, '');
  if (w.startsWith('kured') || w === 'reboot' || w === '재부팅') return 'kured';
  return 'maintenance';
}

/**
 * Match a lock command.
 * @param normal - normalised text (NFKC, one space between words, mention and `/k8s` removed)
 * @param defaultLocale - the answer language when the text does not decide it
 * @returns the command, an `invalid-cluster-name` error, or null when the text is no lock form
 */
export function matchLockCommand(normal: string, defaultLocale: Locale): LockMatch {
  if (!/lock|잠금/i.test(normal)) return null;
  let text = normal.trim().replace(/[.!?。？]+$/u, '');
  let cluster: string | undefined;
  const opt = /(?:^|\s)--cluster(?:=|\s+)(\S+)/.exec(text);
  if (opt) {
    cluster = opt[1];
    text = (text.slice(0, opt.index) + text.slice(opt.index + opt[0].length)).trim();
  }
  const tail = /\s+(?:in|on)\s+(?:the\s+)?(?:cluster\s+)?([a-z0-9][a-z0-9-]*)(?:\s+cluster)?$/i.exec(text);
  if (cluster === undefined && tail) {
    cluster = tail[1];
    text = text.slice(0, tail.index);
  }
  const ko = /^([a-z0-9][a-z0-9-]*)\s*클러스터(?:의|에서)?\s+(.*)$/iu.exec(text);
  if (cluster === undefined && ko) {
    cluster = ko[1];
    text = ko[2] ?? '';
  }
  const locale: Locale = /[\uAC00-\uD7AF]/u.test(text) ? 'ko' : defaultLocale;
  let command: LockStatusCommand | BreakLockCommand | null = null;
  let m: RegExpExecArray | null;
  if (STATUS_EN.test(text) || STATUS_KO.test(text)) command = { kind: 'lock-status' };
  else if ((m = BREAK_EN.exec(text)))
    command = { kind: 'break-lock', lock: whichLock(m.groups?.which1 ?? m.groups?.which2) };
  else if ((m = BREAK_KO.exec(text))) command = { kind: 'break-lock', lock: whichLock(m.groups?.which) };
  if (command === null) return null;
  if (cluster !== undefined) {
    const lower = cluster.toLowerCase();
    if (!isValidClusterName(lower))
      return { ok: false, error: { code: 'invalid-cluster-name', token: cluster.slice(0, 80) }, locale };
    command = { ...command, cluster: lower };
  }
  return { ok: true, command, locale };
}
