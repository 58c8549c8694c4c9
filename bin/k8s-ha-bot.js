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
