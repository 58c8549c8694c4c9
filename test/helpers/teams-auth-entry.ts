/**
 * TEST ONLY: the real Teams adapter (adapters/teams/teams-adapter.ts) with Bot Framework
 * authentication on, alone in a process with the real process logger on stderr, so a test can see
 * every byte it writes for a request:
 *
 *   node --import ./test/helpers/redis-child-ts-loader.mjs test/helpers/teams-auth-entry.ts
 *
 * Environment: REDIS_URL, MICROSOFT_APP_ID, MICROSOFT_APP_PASSWORD, and TEST_OPENID_METADATA_URL
 * (the OpenID metadata the tokens are checked against: a local fake, or a closed port).
 */
import { startTeamsAdapter } from '../../adapters/teams/teams-adapter.js';
import { createLogger } from '../../src/util/logger.js';
import { registerSecretsFromEnv } from '../../src/util/redaction.js';

const logger = createLogger({ name: 'gateway', level: process.env.LOG_LEVEL ?? 'info' });
registerSecretsFromEnv(process.env);
const metadata = process.env.TEST_OPENID_METADATA_URL ?? '';
const adapter = await startTeamsAdapter({
  env: process.env,
  config: {
    source: 'test',
    clusters: {},
    locale: 'en',
    redis: { url: process.env.REDIS_URL ?? '' },
    jobTimeoutMs: 60_000,
    logLevel: 'info',
  },
  logger,
  port: 0,
  host: '127.0.0.1',
  ...(metadata
    ? { botFrameworkAuth: { channelOpenIdMetadataUrl: metadata, emulatorOpenIdMetadataUrl: metadata } }
    : {}),
});
const stop = (): void => {
  void adapter.close().then(() => {
    logger.flush();
    process.exit(0);
  });
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
