#!/usr/bin/env node
/**
 * `npm run build`'s last step: dist/cli.cjs, the CLI compiled to dist/ bundled into one CommonJS
 * file (esbuild), which bin/k8s-ha-bot.js loads for `ask` (issue 32 item 3: a live `ask` as light
 * as `kubectl get`). Node 20's ES module loader resolves, reads and links each of the ~150 modules
 * an `ask` loads one by one; one file cuts a live `ask` on the 5-node demo from ~340 to ~270 ms of
 * CPU. Packages stay outside (`require`d from node_modules where the code first needs them, so the
 * chat SDKs, BullMQ and client-node are never loaded by `ask`); a module imported with `await
 * import()` runs only when reached, as before.
 */
import { build } from 'esbuild';

await build({
  entryPoints: ['dist/adapters/k8s-ha-bot.js'],
  outfile: 'dist/cli.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  packages: 'external',
  // A CommonJS file has no import.meta: the modules that find the package root from their own
  // location (src/config/load-config.ts, adapters/console/cli.ts) and src/util/lazy-yaml.ts's
  // createRequire get the bundle's URL, in the same dist/ folder.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  logLevel: 'warning',
});
