/**
 * TEST ONLY: `node --import ./test/helpers/record-loaded-modules.mjs …` appends the URL of every
 * module the process loads through the ESM loader (ESM files, and CommonJS packages imported from
 * ESM) to the file named by K8S_HA_BOT_TEST_MODULES_FILE, one per line. cli-lazy-loading.test.ts
 * reads it to prove which packages a CLI command loads. The hook runs on Node's loader thread, so it
 * writes synchronously (appendFileSync) and the list is complete when the process exits.
 */
import { register } from 'node:module';

register('./record-loaded-modules-hooks.mjs', import.meta.url);
