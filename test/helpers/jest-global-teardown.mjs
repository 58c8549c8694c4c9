/** Jest `globalTeardown`: stop the redis-server test/helpers/jest-global-setup.mjs started. */
export default async function globalTeardown() {
  await globalThis.__k8sHaBotSharedRedis?.stop();
  delete process.env.K8S_HA_BOT_TEST_REDIS;
}
