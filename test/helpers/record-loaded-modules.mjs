/**
 * TEST ONLY: `node --import ./test/helpers/record-loaded-modules.mjs …` appends the URL of every
 * module the process loads through the ESM loader (ESM files, and CommonJS packages imported from
 * ESM) to the file named by K8S_HA_BOT_TEST_MODULES_FILE, one per line, and the `file://` URL of
 * every CommonJS file loaded by `require` (a package loaded on first use through `createRequire`,
 * src/util/lazy-yaml.ts, never passes the ESM loader). cli-lazy-loading.test.ts reads it to prove
 * which packages a CLI command loads. The hook runs on Node's loader thread, so it writes
 * synchronously (appendFileSync) and the list is complete when the process exits.
 */
import { appendFileSync } from 'node:fs';
import Module, { register } from 'node:module';
import { pathToFileURL } from 'node:url';

register('./record-loaded-modules-hooks.mjs', import.meta.url);

const out = process.env.K8S_HA_BOT_TEST_MODULES_FILE;
if (out) {
  // Module._load is Node's internal entry for require(); wrapped to see each file required.
  const originalLoad = Module._load;
  Module._load = function recordRequire(request, parent, isMain) {
    try {
      const file = Module._resolveFilename(request, parent, isMain);
      if (file.startsWith('/')) appendFileSync(out, `${pathToFileURL(file).href}\n`);
    } catch {
      // A built-in or a request that fails to resolve: the original load reports it.
    }
    return originalLoad.call(this, request, parent, isMain);
  };
}
