/**
 * Unauthenticated Teams requests: the real Teams adapter with an app id and
 * password, alone in a process with the real logger on stderr (test/helpers/teams-auth-entry.ts),
 * gets requests with no token, a garbage token, an `alg: none` token, tokens signed by an
 * attacker's key (an unknown key id, and the key id the metadata lists), an expired one and Basic
 * credentials; once with the OpenID metadata served by a local fake, once with it unreachable.
 *
 * Each must get 401 with an empty body, cost exactly one JSON log line, and leave no raw text
 * (no stack trace, no library console output) on stderr; the app password appears nowhere.
 */
import { createSign, generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startLoggedChild } from '../helpers/logged-child.js';
import { freePort } from '../helpers/redis-server.js';
import { useSharedRedis } from '../helpers/shared-redis.js';
import type { TestRedis } from '../helpers/shared-redis.js';

const APP_ID = '11111111-2222-3333-4444-555555555555';
const APP_PASSWORD = 'TEAMS-APP-PASSWORD-SECRET~abc';
const KNOWN_KID = 'metadata-key-1';

const b64 = (o: unknown): string =>
  Buffer.from(typeof o === 'string' ? o : JSON.stringify(o)).toString('base64url');
const attacker = generateKeyPairSync('rsa', { modulusLength: 2048 });
const published = generateKeyPairSync('rsa', { modulusLength: 2048 });
const rs256 = (payload: Record<string, unknown>, kid: string): string => {
  const head = b64({ alg: 'RS256', typ: 'JWT', kid, x5t: kid });
  const body = b64(payload);
  return `${head}.${body}.${createSign('RSA-SHA256').update(`${head}.${body}`).sign(attacker.privateKey).toString('base64url')}`;
};
const now = Math.floor(Date.now() / 1000);
const claims = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  iss: 'https://api.botframework.com',
  aud: APP_ID,
  exp: now + 3600,
  nbf: now - 60,
  iat: now - 60,
  serviceurl: 'http://127.0.0.1:9/',
  ...extra,
});

/** The requests an attacker can send, by name, as Authorization headers ('' for none). */
const ATTEMPTS: ReadonlyArray<[string, string]> = [
  ['no Authorization header', ''],
  ['Bearer garbage', 'Bearer not-a-jwt'],
  ['alg none', `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims())}.`],
  ['RS256, unknown key id', `Bearer ${rs256(claims(), 'attacker-key')}`],
  ['RS256, the published key id, attacker signature', `Bearer ${rs256(claims(), KNOWN_KID)}`],
  [
    'RS256, expired',
    `Bearer ${rs256(claims({ exp: now - 7200, nbf: now - 9000, iat: now - 9000 }), KNOWN_KID)}`,
  ],
  ['Basic app id and password', `Basic ${Buffer.from(`${APP_ID}:${APP_PASSWORD}`).toString('base64')}`],
];

let redis: TestRedis;
let metadata: Server;
let metadataUrl = '';

beforeAll(async () => {
  redis = await useSharedRedis();
  const jwk = {
    ...published.publicKey.export({ format: 'jwk' }),
    kid: KNOWN_KID,
    kty: 'RSA',
    use: 'sig',
    endorsements: ['msteams'],
  };
  metadata = createServer((req, res) => {
    const base = `http://127.0.0.1:${(metadata.address() as { port: number }).port}`;
    if (req.url === '/keys')
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
    else
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          issuer: 'https://api.botframework.com',
          jwks_uri: `${base}/keys`,
          id_token_signing_alg_values_supported: ['RS256'],
        }),
      );
  });
  await new Promise<void>((resolve) => metadata.listen(0, '127.0.0.1', resolve));
  metadataUrl = `http://127.0.0.1:${(metadata.address() as { port: number }).port}/.well-known/openidconfiguration`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => metadata.close(() => resolve()));
  await redis.stop();
});

async function refusals(metadataAt: string): Promise<void> {
  const child = await startLoggedChild({
    entry: 'teams-auth-entry.ts',
    env: {
      REDIS_URL: redis.url,
      MICROSOFT_APP_ID: APP_ID,
      MICROSOFT_APP_PASSWORD: APP_PASSWORD,
      TEAMS_ALLOWED_TENANTS: 'tenant-allowed',
      TEST_OPENID_METADATA_URL: metadataAt,
      LOG_LEVEL: 'info',
    },
    readyMessage: 'Teams adapter ready (POST /api/messages)',
    what: 'Teams adapter',
    rawLimit: 5_000_000,
  });
  try {
    const port = child.logs.find((l) => l.msg === 'Teams adapter ready (POST /api/messages)')?.port as number;
    const linesBefore = child.output().split('\n').filter(Boolean).length;
    const answers: Array<[string, number, string]> = [];
    for (const [name, authorization] of ATTEMPTS) {
      const res = await fetch(`http://127.0.0.1:${port}/api/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: JSON.stringify({
          type: 'message',
          id: `m-${name}`,
          text: 'status',
          serviceUrl: 'http://127.0.0.1:9/',
          channelId: 'msteams',
          from: { id: '29:u' },
          conversation: { id: 'c1' },
          recipient: { id: '28:bot' },
        }),
      });
      answers.push([name, res.status, await res.text()]);
    }
    expect(answers).toEqual(ATTEMPTS.map(([name]) => [name, 401, '']));
    // Every byte the process wrote for those requests: one JSON line each, nothing else.
    child.child.kill('SIGTERM');
    await child.exited;
    const lines = child.output().split('\n').filter(Boolean);
    const during = lines
      .slice(linesBefore)
      .filter((l) => !l.includes('"Teams adapter stopped"') && !/"msg":"(closing|stopping)/.test(l));
    expect(lines.filter((l) => !l.startsWith('{'))).toEqual([]);
    const records = during.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.map((r) => r.msg)).toEqual(ATTEMPTS.map(() => 'Teams request refused: not authenticated'));
    for (const r of records) expect(JSON.stringify(r).length).toBeLessThan(1024);
    expect(child.output()).not.toContain(APP_PASSWORD);
    expect(child.output()).not.toMatch(/\n\s+at /);
  } finally {
    if (child.child.exitCode === null) {
      child.child.kill('SIGKILL');
      await child.exited;
    }
  }
}

describe('unauthenticated Teams requests', () => {
  it('get 401 with an empty body and one structured log line each, with the OpenID metadata served', async () => {
    await refusals(metadataUrl);
  });

  it('get 401 with an empty body and one structured log line each, with the OpenID metadata unreachable', async () => {
    await refusals(`http://127.0.0.1:${await freePort()}/.well-known/openidconfiguration`);
  });
});
