#!/usr/bin/env node
// Entry point of the k8s-ha-bot command. The TypeScript is compiled to dist/ by `npm install`
// (the `prepare` script) or `npm run build`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const cli = new URL('../dist/adapters/console/cli.js', import.meta.url);
if (!existsSync(fileURLToPath(cli))) {
  process.stderr.write('k8s-ha-bot: dist/ is missing; run `npm install` (or `npm run build`) in the project folder first\n');
  process.exit(1);
}
const { main } = await import(cli.href);
process.exitCode = await main(process.argv);
// A stopped gateway or worker has closed what it could; timers left behind by a Redis outage
// (ioredis reconnects) must not keep the process up until Kubernetes kills it.
if (process.argv[2] === 'gateway' || process.argv[2] === 'worker') {
  const { exitSoonAfterStop } = await import(new URL('../dist/workers/main.js', import.meta.url).href);
  exitSoonAfterStop();
}
