/**
 * The answer language for Slack requests: Korean text → Korean; language-neutral text (`status`,
 * `ha`, `help`, a bare node name) → the user's Slack locale (users.info with include_locale,
 * cached), else the configured locale; any other text (an English sentence) → English.
 * `--lang` in the text always wins (parseCommand handles it).
 */
import type { Locale } from '../../src/commands/types.js';
import type { Logger } from '../../src/util/logger.js';

/** Whether a request's words say nothing about its language (moved to src/commands, shared with Teams). */
export { isLanguageNeutral } from '../../src/commands/language-neutral.js';

/**
 * Slack's locale string to an answer language.
 * @param slackLocale - e.g. `ko-KR`, `en-US`, `ja-JP`
 * @returns `ko` for Korean, `en` for English, undefined for languages the bot does not speak
 */
export function localeFromSlack(slackLocale: string | undefined): Locale | undefined {
  if (!slackLocale) return undefined;
  const lang = slackLocale.toLowerCase().slice(0, 2);
  return lang === 'ko' ? 'ko' : lang === 'en' ? 'en' : undefined;
}

/** Reads a user's Slack locale (`users.info` with `include_locale: true`); resolves undefined when unknown. */
export type UserLocaleFetcher = (userId: string) => Promise<string | undefined>;

/** Options of {@link UserLocaleCache}. */
export interface UserLocaleCacheOptions {
  fetch: UserLocaleFetcher;
  /** How long a looked-up locale is kept, in ms. @defaultValue 3 600 000 (1 h) */
  ttlMs?: number;
  /** Longest a lookup may take before the fallback is used, in ms (it runs after the ack, before the enqueue). @defaultValue 800 */
  timeoutMs?: number;
  /** Entries kept at most (oldest dropped first). @defaultValue 10 000 */
  maxEntries?: number;
  logger: Logger;
  /** @defaultValue Date.now */
  now?: () => number;
}

/**
 * Per-user Slack locales, cached in memory; a failed or slow lookup falls back (and is logged)
 * after at most {@link UserLocaleCacheOptions.timeoutMs}. The ack reads only the cache
 * ({@link UserLocaleCache.cached}); lookups run after it.
 */
export class UserLocaleCache {
  private readonly entries = new Map<string, { locale: Locale | undefined; at: number }>();
  private readonly ttlMs: number;
  private readonly timeoutMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  /** @param options - see {@link UserLocaleCacheOptions} */
  constructor(private readonly options: UserLocaleCacheOptions) {
    this.ttlMs = options.ttlMs ?? 3_600_000;
    this.timeoutMs = options.timeoutMs ?? 800;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /**
   * The cached answer language of a user, without any I/O (for the ack).
   * @param userId - Slack user id
   * @returns `{ locale }` when the user was looked up within the TTL (`locale` undefined: Slack's
   *   locale is one the bot does not speak); undefined when the user is not cached (or expired)
   */
  cached(userId: string): { locale: Locale | undefined } | undefined {
    const entry = this.entries.get(userId);
    return entry && this.now() - entry.at < this.ttlMs ? { locale: entry.locale } : undefined;
  }

  /**
   * The user's answer language, if Slack knows it and the bot speaks it.
   * @param userId - Slack user id
   * @returns `en`, `ko`, or undefined (unknown, unsupported, or the lookup failed)
   */
  async localeOf(userId: string): Promise<Locale | undefined> {
    const cached = this.entries.get(userId);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.locale;
    let timer: NodeJS.Timeout | undefined;
    try {
      const slackLocale = await Promise.race([
        this.options.fetch(userId),
        new Promise<never>((_resolve, reject) => {
          timer = setTimeout(
            () => reject(new Error(`users.info took longer than ${this.timeoutMs} ms`)),
            this.timeoutMs,
          );
        }),
      ]);
      const locale = localeFromSlack(slackLocale);
      if (this.entries.size >= this.maxEntries) {
        const oldest = this.entries.keys().next();
        if (!oldest.done) this.entries.delete(oldest.value);
      }
      this.entries.set(userId, { locale, at: this.now() });
      return locale;
    } catch (err) {
      this.options.logger.warn(
        { err, userId },
        'could not read the Slack locale of the user; using the configured locale',
      );
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  }
}
