/**
 * Jest `globalSetup`: start the run's one redis-server (test/helpers/shared-redis.ts) and hand its
 * address to the test files through the environment; test/helpers/jest-global-teardown.mjs stops it.
 *
 * Jest loads this file outside its own module system, so the TypeScript helpers are imported through
 * the loader the test child processes use (redis-child-ts-loader.mjs registers itself on import).
 */
await import('./redis-child-ts-loader.mjs');

/** Start the shared redis-server and export `127.0.0.1:<port>` as `K8S_HA_BOT_TEST_REDIS`. */
export default async function globalSetup() {
  const { startRedis } = await import('./redis-server.ts');
  const { SHARED_REDIS_ENV, sharedRedisArgs } = await import('./shared-redis.ts');
  const server = await startRedis({ extraArgs: sharedRedisArgs() });
  globalThis.__k8sHaBotSharedRedis = server;
  process.env[SHARED_REDIS_ENV] = `127.0.0.1:${server.port}`;
}
