/**
 * TEST ONLY: the loader hook of record-loaded-modules.mjs: records each loaded URL in
 * K8S_HA_BOT_TEST_MODULES_FILE (nothing when it is unset).
 */
import { appendFileSync } from 'node:fs';

const out = process.env.K8S_HA_BOT_TEST_MODULES_FILE;

/**
 * Node's `load` hook: records the URL, then loads as usual.
 * @param {string} url - the module's URL
 * @param {object} context - Node's load context
 * @param {Function} nextLoad - the next hook
 * @returns {Promise<object>} what the next hook returns
 */
export async function load(url, context, nextLoad) {
  if (out) appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
