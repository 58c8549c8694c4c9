import { describe, expect, it } from '@jest/globals';
import { loadSlackConfig } from '../../src/config/chat-settings.js';
import { ConfigError } from '../../src/errors.js';
import { isLanguageNeutral, localeFromSlack, UserLocaleCache } from '../../adapters/slack/slack-locale.js';
import { silentLogger } from '../../src/util/logger.js';

const SECRET = '0123456789abcdef0123456789abcdef';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadSlackConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
  throw new Error('expected a ConfigError');
}

describe('Slack settings', () => {
  it('stops the start when the bot token is missing, saying where to get it', () => {
    const err = configError({ SLACK_SIGNING_SECRET: SECRET });
    expect(err.path).toBe('SLACK_BOT_TOKEN');
    expect(err.message).toMatch(/OAuth & Permissions/);
  });

  it('stops the start in HTTP mode without a signing secret, naming the app settings page', () => {
    const err = configError({ SLACK_BOT_TOKEN: 'xoxb-1' });
    expect(err.path).toBe('SLACK_SIGNING_SECRET');
    expect(err.message).toMatch(/Basic Information/);
    expect(err.message).toMatch(/api\.slack\.com\/apps/);
  });

  it('names a malformed value without echoing it', () => {
    const err = configError({ SLACK_BOT_TOKEN: 'xoxp-user-token-secret', SLACK_SIGNING_SECRET: SECRET });
    expect(err.path).toBe('SLACK_BOT_TOKEN');
    expect(err.message).not.toContain('xoxp-user-token-secret');
    expect(
      configError({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: SECRET, PORT: 'eighty' }).path,
    ).toBe('PORT');
    expect(
      configError({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: SECRET, SLACK_DEDUP_TTL_SECONDS: '60' })
        .path,
    ).toBe('SLACK_DEDUP_TTL_SECONDS');
  });

  it('says what a Signing Secret must be and what was given (its length, never the value)', () => {
    const short = configError({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'abc' });
    expect(short.path).toBe('SLACK_SIGNING_SECRET');
    expect(short.message).toContain('16 to 128 hex digits');
    expect(short.message).toContain('got 3 characters');
    expect(short.message).not.toContain('abc');
    const notHex = configError({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 'z'.repeat(32) });
    expect(notHex.message).toContain('got 32 characters, not all hex digits');
    expect(notHex.message).not.toContain('zzzz');
  });

  it('uses Socket Mode with an app token and fills in defaults', () => {
    const config = loadSlackConfig({
      SLACK_BOT_TOKEN: 'xoxb-1',
      SLACK_APP_TOKEN: 'xapp-1',
      SLACK_API_URL: 'http://127.0.0.1:9/api',
    });
    expect(config.appToken).toBe('xapp-1');
    expect(config.apiUrl).toBe('http://127.0.0.1:9/api/');
    expect(config).toMatchObject({
      port: 3000,
      command: '/k8s',
      replyVisibility: 'channel',
      replyDeadlineMs: 60000,
    });
    expect(config.dedupTtlSeconds).toBeGreaterThanOrEqual(600);
  });
});

describe('answer language for Slack text', () => {
  it.each([
    ['status', true],
    ['<@UBOT> ha', true],
    ['status --cluster prod', true],
    ['help', true],
    ['can I reboot master-2', false],
    ['상태', false],
  ])('%s is language-neutral: %s', (text, neutral) => {
    expect(isLanguageNeutral(text)).toBe(neutral);
  });

  it('maps Slack locales to the languages the bot speaks', () => {
    expect(localeFromSlack('ko-KR')).toBe('ko');
    expect(localeFromSlack('en-GB')).toBe('en');
    expect(localeFromSlack('ja-JP')).toBeUndefined();
    expect(localeFromSlack(undefined)).toBeUndefined();
  });
});

describe('user locale cache', () => {
  it('answers from the cache without I/O, and only after a lookup, until the TTL passes', async () => {
    let now = 1_000_000;
    const fetched: string[] = [];
    const cache = new UserLocaleCache({
      logger: silentLogger,
      ttlMs: 60_000,
      now: () => now,
      fetch: async (userId) => {
        fetched.push(userId);
        return userId === 'U0KO' ? 'ko-KR' : 'ja-JP';
      },
    });
    expect(cache.cached('U0KO')).toBeUndefined();
    expect(fetched).toEqual([]);
    expect(await cache.localeOf('U0KO')).toBe('ko');
    expect(await cache.localeOf('U0JA')).toBeUndefined();
    expect(cache.cached('U0KO')).toEqual({ locale: 'ko' });
    // Looked up, but a language the bot does not speak: known, with no locale.
    expect(cache.cached('U0JA')).toEqual({ locale: undefined });
    expect(await cache.localeOf('U0KO')).toBe('ko');
    expect(fetched).toEqual(['U0KO', 'U0JA']);
    now += 60_001;
    expect(cache.cached('U0KO')).toBeUndefined();
  });
});
