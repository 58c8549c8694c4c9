#!/usr/bin/env node
// Entry point of the k8s-ha-bot command. The TypeScript is compiled to dist/ by `npm install`
// (the `prepare` script) or `npm run build`.
import { existsSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/adapters/k8s-ha-bot.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write(
    'k8s-ha-bot: dist/ is missing; run `npm install` (or `npm run build`) in the project folder first\n',
  );
  process.exit(1);
}
// `ask` runs from dist/cli.cjs, the same code bundled into one file by `npm run build`
// (scripts/bundle-cli.mjs): a live question loads one file instead of ~150 modules (issue 32 item 3).
// Other commands, and a bundle older than the compiled code (`tsc` run alone), use dist/ itself.
// The bundle `require`s ES-module-only packages (client-node) where first used, which Node allows
// only with require(esm) (on by default from 20.19 and 22.12; `process.features.require_module`):
// on an older Node, or with `--no-experimental-require-module`, `ask` runs from dist/ too.
const bundle = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));
const fresh = (file) => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
const { main } =
  process.argv[2] === 'ask' &&
  process.features.require_module === true &&
  fresh(bundle) >= fresh(fileURLToPath(cli))
    ? createRequire(import.meta.url)(bundle)
    : await import(cli.href);
process.exitCode = await main(process.argv);
// Completion has printed its candidates: the shell waits for nothing else (a live node list it gave
// up on was aborted, and nothing it started needs closing).
if (process.argv[2] === '__complete') process.exit();
// Every command has finished when main returns (a stopped gateway or worker has closed what it
// could); timers left behind by a Redis outage (ioredis reconnects) must not keep the process up
// until Kubernetes kills it. Whatever the argv shape (`--config f.yaml worker` too). The timer is
// unref'd: a clean process exits at once.
const { exitSoonAfterStop } = await import(new URL('../dist/src/ops/shutdown.js', import.meta.url).href);
exitSoonAfterStop();
