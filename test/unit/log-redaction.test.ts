/**
 * Secrets never reach the logs: a configuration with Slack/Teams secrets, an error whose message
 * carries a bot token and a Bearer header, request headers, a Redis URL with a password and a child
 * logger's bindings are logged through the real process logger; the output is checked for every
 * secret, and for the fields that must still be there.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from '@jest/globals';
import { ApiException } from '@kubernetes/client-node';
import { createLogger } from '../../src/util/logger.js';
import {
  UPSTREAM_SUMMARY_MAX,
  forgetSecretValues,
  maskSecrets,
  registerSecretValues,
  registerSecretsFromEnv,
  upstreamBodySummary,
} from '../../src/util/redaction.js';

const BOT_TOKEN = 'xoxb-1234567890-0987654321-AbCdEfGhIjKlMnOpQrStUvWx';
const APP_TOKEN = 'xapp-1-A0123456789-1234567890123-abcdef0123456789abcdef';
const SIGNING_SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const BEARER = 'eyJhbGciOiJSUzI1NiIsImtpZCI6IjEyMyJ9.eyJzdWIiOiJib3QifQ.c2lnbmF0dXJl';
const APP_PASSWORD = 'Zq8~abcDEF.ghiJKL_mnoPQR-stuVWX';
const REDIS_PASSWORD = 's3cr3t-redis-pw';

function capture(): { logger: ReturnType<typeof createLogger>; lines: () => string[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      chunks.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger = createLogger({ level: 'debug', name: 'redaction-test', stream });
  return { logger, lines: () => chunks.join('').split('\n').filter(Boolean) };
}

describe('log redaction', () => {
  it('never writes a token, signing secret, password or Bearer credential', () => {
    const { logger, lines } = capture();
    const config = {
      slack: { botToken: BOT_TOKEN, signingSecret: SIGNING_SECRET, appToken: APP_TOKEN, port: 3000 },
      teams: { appId: '00000000-0000-0000-0000-000000000001', appPassword: APP_PASSWORD },
      redis: { url: `redis://:${REDIS_PASSWORD}@redis.example:6379/0` },
    };
    logger.info({ config }, 'configuration loaded');
    logger.info({ slack: config.slack, teams: config.teams }, 'adapters');
    const err = new Error(
      `chat.postMessage failed with token ${BOT_TOKEN}; request had Authorization: Bearer ${BEARER}`,
    );
    (err as Error & { cause?: unknown }).cause = new Error(`upstream said: invalid_auth for ${BOT_TOKEN}`);
    logger.error({ err, requestId: 'ev-Ev123' }, 'Slack API call failed');
    logger.warn(
      {
        req: {
          method: 'POST',
          url: '/api/messages',
          headers: { authorization: `Bearer ${BEARER}`, 'content-type': 'application/json' },
        },
      },
      'request',
    );
    logger.warn({ headers: { authorization: `Bearer ${BEARER}` } }, 'outgoing call');
    logger.info(`message text with ${BOT_TOKEN} and Bearer ${BEARER}`);
    logger
      .child({ token: APP_TOKEN, requestId: 'cmd-1' })
      .info(
        { password: APP_PASSWORD, nested: { deeper: { note: `signing_secret=${SIGNING_SECRET}` } } },
        'child',
      );
    logger.info(
      { env: { SLACK_BOT_TOKEN: BOT_TOKEN, MICROSOFT_APP_PASSWORD: APP_PASSWORD, PATH: '/usr/bin' } },
      'env',
    );
    // Deeper than any redact path, under names no pattern would recognise by value.
    logger.info(
      {
        a: {
          b: {
            c: {
              signing_secret: SIGNING_SECRET,
              'client-key-data': 'LS0tLS1CRUdJTiBQUklWQVRF',
              Authorization: 'Token abc123secretvalue',
            },
          },
        },
      },
      'deep',
    );
    logger.flush();

    const out = lines();
    expect(out.length).toBe(9);
    expect(out[8]).not.toContain('LS0tLS1CRUdJTiBQUklWQVRF');
    expect(out[8]).not.toContain('abc123secretvalue');
    const text = out.join('\n');
    for (const secret of [
      BOT_TOKEN,
      APP_TOKEN,
      SIGNING_SECRET,
      BEARER,
      APP_PASSWORD,
      REDIS_PASSWORD,
      'xoxb-1234567890',
      'eyJhbGci',
    ]) {
      expect(text).not.toContain(secret);
    }
    // What is not secret is still there, so the logs stay useful.
    const records = out.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records[0]).toMatchObject({
      msg: 'configuration loaded',
      config: { slack: { port: 3000 }, teams: { appId: '00000000-0000-0000-0000-000000000001' } },
    });
    expect(records[2]).toMatchObject({ requestId: 'ev-Ev123', err: { type: 'Error' } });
    expect(String((records[2]?.err as { message: string }).message)).toContain(
      'chat.postMessage failed with token xox',
    );
    expect(String((records[2]?.err as { message: string }).message)).toContain('[redacted]');
    expect(records[3]).toMatchObject({ req: { headers: { 'content-type': 'application/json' } } });
    expect(records[6]).toMatchObject({ requestId: 'cmd-1', msg: 'child' });
    expect(records[7]).toMatchObject({ env: { PATH: '/usr/bin' } });
    expect(text).toContain('redis.example:6379');
  });

  it('masks secrets inside strings and leaves other text alone', () => {
    expect(maskSecrets(`token ${BOT_TOKEN} end`)).toBe('token xox…[redacted] end');
    expect(maskSecrets(`Authorization: Bearer ${BEARER}`)).toBe('Authorization: Bearer [redacted]');
    expect(maskSecrets(`redis://:${REDIS_PASSWORD}@h:6379`)).toBe('redis://:[redacted]@h:6379');
    expect(maskSecrets('can I reboot atlas-cp-2 in prod')).toBe('can I reboot atlas-cp-2 in prod');
    expect(maskSecrets('-----BEGIN RSA PRIVATE KEY-----\nMIIE\n-----END RSA PRIVATE KEY-----')).not.toContain(
      'MIIE',
    );
  });
});

describe('secrets known by value, upstream bodies', () => {
  it('masks a registered value wherever it appears, in its JSON-escaped and URL-encoded forms too', () => {
    const password = 'pa"ss/w0rd-9f8e';
    registerSecretValues([password, 'short', undefined]);
    try {
      expect(maskSecrets(`rejected: ${password}.`)).toBe('rejected: [redacted].');
      expect(maskSecrets(JSON.stringify({ m: password }))).toBe('{"m":"[redacted]"}');
      expect(maskSecrets(`?p=${encodeURIComponent(password)}`)).toBe('?p=[redacted]');
      // Shorter than MIN_SECRET_VALUE_LENGTH: ordinary words stay.
      expect(maskSecrets('a short answer')).toBe('a short answer');
    } finally {
      forgetSecretValues();
    }
  });

  it('registers the secrets of an environment by name, and URL passwords', () => {
    registerSecretsFromEnv({
      MY_API_TOKEN: 'tok-123456789',
      REDIS_URL: 'redis://:p%40ss-word@h:6379',
      PATH: '/usr/bin:/bin',
    });
    try {
      expect(maskSecrets('tok-123456789 p@ss-word p%40ss-word /usr/bin')).toBe(
        '[redacted] [redacted] [redacted] /usr/bin',
      );
    } finally {
      forgetSecretValues();
    }
  });

  it('summarises an upstream body: reason and message, one line, masked before it is cut, bounded', () => {
    registerSecretValues(['SECRET-VALUE-123456']);
    try {
      const status = JSON.stringify({
        kind: 'Status',
        reason: 'Forbidden',
        message: 'nodes is forbidden:\nuser SECRET-VALUE-123456',
        details: {},
      });
      expect(upstreamBodySummary(status)).toBe('Forbidden: nodes is forbidden: user [redacted]');
      expect(upstreamBodySummary({ error: { code: 'BadArgument', message: 'no' } })).toBe('BadArgument: no');
      expect(upstreamBodySummary(undefined)).toBe('');
      // A secret across the cut is masked whole first: no part of it survives.
      const long = `${'y'.repeat(290)}SECRET-VALUE-123456${'z'.repeat(5000)}`;
      const summary = upstreamBodySummary(long);
      expect(summary.length).toBeLessThanOrEqual(UPSTREAM_SUMMARY_MAX);
      expect(summary).not.toContain('SECRET');
      expect(upstreamBodySummary('x'.repeat(10_000), 100)).toHaveLength(100);
    } finally {
      forgetSecretValues();
    }
  });

  it("logs an upstream's error answer (Kubernetes ApiException, Slack HTTP error) as type, status and a bounded summary, without stack or headers", () => {
    const { logger, lines } = capture();
    const kube = new ApiException(
      500,
      'Internal Server Error',
      { kind: 'Status', reason: 'InternalError', message: `etcd ${'x'.repeat(10_000)}` },
      { authorization: `Bearer ${BEARER}` },
    );
    const slack = Object.assign(new Error(`An HTTP protocol error occurred: ${'y'.repeat(10_000)}`), {
      code: 'slack_webapi_http_error',
      statusCode: 502,
      body: 'z'.repeat(10_000),
    });
    logger.error({ err: kube }, 'Kubernetes call failed');
    logger.error({ err: slack }, 'Slack call failed');
    const [k, s] = lines().map((l) => JSON.parse(l) as { err: Record<string, unknown> });
    expect(k?.err).toEqual({
      type: 'ApiException',
      status: 500,
      message: expect.stringMatching(/^InternalError: etcd x+…$/),
    });
    expect(s?.err).toEqual({
      type: 'Error',
      status: 502,
      code: 'slack_webapi_http_error',
      message: expect.stringMatching(/^z+…$/),
    });
    for (const l of lines()) expect(l.length).toBeLessThan(2 * UPSTREAM_SUMMARY_MAX);
    expect(lines().join('\n')).not.toContain(BEARER);
  });
});
