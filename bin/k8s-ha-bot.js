#!/usr/bin/env node
// Entry point of the k8s-ha-bot command. The TypeScript is compiled to dist/ by `npm install`
// (the `prepare` script) or `npm run build`.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const cli = new URL('../dist/adapters/k8s-ha-bot.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write(
    'k8s-ha-bot: dist/ is missing; run `npm install` (or `npm run build`) in the project folder first\n',
  );
  process.exit(1);
}
// `ask` runs from dist/cli.cjs, the same code bundled into one file by `npm run build`
// (scripts/bundle-cli.mjs): a live question loads one file instead of ~150 modules (issue 32 item 3).
// Other commands, and a bundle that is not what dist/ holds now (`tsc` run alone), use dist/ itself.
// The bundle `require`s ES-module-only packages (client-node) where first used, which Node allows
// only with require(esm) (on by default from 20.19 and 22.12; `process.features.require_module`):
// on an older Node, or with `--no-experimental-require-module`, `ask` runs from dist/ too.
const bundle = join(ROOT, 'dist/cli.cjs');

/**
 * Whether dist/cli.cjs is current: dist/cli.json, written with it (scripts/bundle-cli.mjs), lists the
 * files it was built from and the newest of their mtimes; none may be newer now, nor missing. A
 * module compiled again (`tsc` alone) or edited after the bundle, or no readable record, means no.
 */
function bundleIsCurrent() {
  try {
    const built = JSON.parse(readFileSync(join(ROOT, 'dist/cli.json'), 'utf8'));
    return built.inputs.every(
      (file) =>
        (statSync(join(ROOT, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) <= built.newestMtimeMs,
    );
  } catch {
    return false;
  }
}

/**
 * The SHA-256 digest (32 bytes) of `parts`, in order.
 * @param {...(Buffer|string)} parts
 */
const sha256 = (...parts) => parts.reduce((hash, part) => hash.update(part), createHash('sha256')).digest();

/**
 * dist/cli.cjs run as `require` runs it, compiled with the V8 code cache kept beside it
 * (dist/cli.cjs.cache; Node 20 has no `module.enableCompileCache`): with it, V8 neither parses the
 * 2.4 MB file nor compiles the functions an `ask` runs again. V8 itself checks only its version, its
 * flags and the source's length (a same-length edit with an old mtime ran the old code; corrupt
 * bytes crashed every run, review M2/M3), so the file starts with two SHA-256 digests: the key, of
 * the bundle bytes read here + process.version + execArgv + NODE_OPTIONS, and the payload's own;
 * the payload reaches V8 only when both match. The bundle holds no `import()` (scripts/bundle-cli.mjs),
 * so the script needs no dynamic-import callback. Otherwise (or when V8 rejects it) the first `ask`
 * writes it again, atomically, once it has answered; a folder it cannot write to only means no cache.
 * The build deletes it with the bundle it was made from.
 * @returns the bundle's `main`, and `saveCache` to call once it has answered
 */
function loadBundle() {
  const cacheFile = `${bundle}.cache`;
  const source = readFileSync(bundle);
  const key = sha256(
    source,
    JSON.stringify([process.version, process.execArgv, process.env.NODE_OPTIONS ?? '']),
  );
  let cachedData;
  try {
    const file = readFileSync(cacheFile);
    const payload = file.subarray(64);
    if (key.equals(file.subarray(0, 32)) && sha256(payload).equals(file.subarray(32, 64)))
      cachedData = payload;
  } catch {
    // No cache yet.
  }
  const script = new vm.Script(
    `(function (exports, require, module, __filename, __dirname) {${source.toString('utf8')}\n})`,
    { filename: bundle, cachedData },
  );
  const module = { exports: {} };
  script
    .runInThisContext()
    .call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
  const saveCache = () => {
    if (cachedData !== undefined && !script.cachedDataRejected) return;
    const part = `${cacheFile}.${process.pid}`;
    try {
      const payload = script.createCachedData();
      writeFileSync(part, Buffer.concat([key, sha256(payload), payload]));
      renameSync(part, cacheFile);
    } catch {
      rmSync(part, { force: true });
    }
  };
  return { main: module.exports.main, saveCache };
}

const { main, saveCache } =
  process.argv[2] === 'ask' && process.features.require_module === true && bundleIsCurrent()
    ? loadBundle()
    : await import(cli.href);
process.exitCode = await main(process.argv);
saveCache?.();
// Completion has printed its candidates: the shell waits for nothing else (a live node list it gave
// up on was aborted, and nothing it started needs closing).
if (process.argv[2] === '__complete') process.exit();
// Every command has finished when main returns (a stopped gateway or worker has closed what it
// could); timers left behind by a Redis outage (ioredis reconnects) must not keep the process up
// until Kubernetes kills it. Whatever the argv shape (`--config f.yaml worker` too). The timer is
// unref'd: a clean process exits at once.
const { exitSoonAfterStop } = await import(new URL('../dist/src/ops/shutdown.js', import.meta.url).href);
exitSoonAfterStop();
