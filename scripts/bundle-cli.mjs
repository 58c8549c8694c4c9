#!/usr/bin/env node
/**
 * `npm run build`'s last step: dist/cli.cjs, the CLI compiled to dist/ bundled into one CommonJS
 * file (esbuild), which bin/k8s-ha-bot.js loads for `ask` (issue 32 item 3: a live `ask` as light
 * as `kubectl get`). Node 20's ES module loader resolves, reads and links each of the ~150 modules
 * an `ask` loads one by one; one file cuts a live `ask` on the 5-node demo from ~340 to ~270 ms of
 * CPU. The heavy packages stay outside (`require`d from node_modules where the code first needs
 * them, so the chat SDKs, BullMQ and client-node are never loaded by `ask`); a module the code imports
 * with `await import()` is `require`d only when reached (see `supported` below), as before.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { build } from 'esbuild';

/**
 * The small packages every `ask` loads, bundled too (their CommonJS builds are many files each:
 * js-yaml's alone is a dozen). Every other dependency stays outside.
 */
const INLINE = new Set(['commander', 'fastest-levenshtein', 'i18next', 'js-yaml', 'lossless-json']);
/**
 * The long-running commands' modules (gateway, web chat, worker), which `ask` never reaches: left
 * out of the bundle, their `await import()` (a `require` in the bundle) loads them from dist/ (a smaller file to parse saves
 * every `ask` start-up CPU). bin/k8s-ha-bot.js runs those commands from dist/ anyway.
 */
const OUTSIDE = [
  'dist/adapters/gateway/gateway.js',
  'dist/adapters/gateway/check-chat-settings.js',
  'dist/adapters/web/web-chat.js',
  'dist/workers/main.js',
  'dist/src/answer/worker-answer-step.js',
].map((file) => resolve(file));
/** @type {import('esbuild').Plugin} */
const leaveOut = {
  name: 'leave-out-long-running-commands',
  setup(b) {
    b.onResolve({ filter: /\.js$/ }, (args) => {
      const file = resolve(args.resolveDir, args.path);
      if (args.kind !== 'dynamic-import' || !OUTSIDE.includes(file)) return undefined;
      return { path: `./${relative(resolve('dist'), file)}`, external: true };
    });
  },
};
const { dependencies } = JSON.parse(readFileSync('package.json', 'utf8'));

// What bin/k8s-ha-bot.js checks the bundle against (dist/cli.json, below) and its V8 code cache of the
// bundle (dist/cli.cjs.cache) belong to the bundle they were made with: gone before it is replaced,
// so a build that fails half-way leaves `ask` running from dist/.
for (const file of ['dist/cli.json', 'dist/cli.cjs.cache']) rmSync(file, { force: true });
const { metafile } = await build({
  entryPoints: ['dist/adapters/k8s-ha-bot.js'],
  outfile: 'dist/cli.cjs',
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  // No `import()` left in the bundle: bin/k8s-ha-bot.js runs it from a V8 code cache, and on Node 20
  // functions read back from one lose vm.Script's importModuleDynamically (even
  // USE_MAIN_CONTEXT_DEFAULT_LOADER): client-node's `await import()` failed with
  // ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING on every cached `ask` (review M4). esbuild turns each into
  // a `require` when reached; the bundle needs require(esm) already.
  supported: { 'dynamic-import': false },
  external: Object.keys(dependencies).filter((name) => !INLINE.has(name)),
  // A CommonJS file has no import.meta: the modules that find the package root from their own
  // location (src/config/load-config.ts, adapters/console/cli.ts) and src/util/lazy-yaml.ts's
  // createRequire get the bundle's URL, in the same dist/ folder.
  define: { 'import.meta.url': '__bundleUrl' },
  banner: { js: "var __bundleUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [leaveOut],
  metafile: true,
  logLevel: 'warning',
});
/**
 * dist/cli.json, what the bundle was built from: every file it holds (project-relative paths) and
 * the newest of their mtimes (ms), rounded up to the second. bin/k8s-ha-bot.js runs `ask` from the
 * bundle only while none of them is newer: a module compiled again by `tsc` alone, or edited, after
 * the bundle makes `ask` run dist/ itself rather than stale code. The second absorbs copies that
 * round mtimes (`cp -p` to the ms, tar and Docker layers to the second); a package unpacked with one
 * mtime for every file, as npm's tarballs are, still runs the bundle.
 */
const inputs = Object.keys(metafile.inputs);
const newestMtimeMs = Math.ceil(Math.max(...inputs.map((file) => statSync(file).mtimeMs)) / 1000) * 1000;
writeFileSync('dist/cli.json', `${JSON.stringify({ newestMtimeMs, inputs })}\n`);
