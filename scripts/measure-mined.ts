/**
 * Print how a set of mined phrasings is understood (issue 30, item 6): understood, clarified with
 * the right first choice, wrong node names, then every miss. The scoring is
 * test/helpers/mined-requests.ts (the parse path of `ask --format json` against the demo cluster).
 *
 *   node --import ./test/helpers/redis-child-ts-loader.mjs scripts/measure-mined.ts \
 *     test/fixtures/requests/mined-2026-12-a.json [--summary]
 *
 * `--summary`: the totals line only. Exit code 0 always (a measurement, not a test).
 */
import { formatMined, judgeMined, loadMined } from '../test/helpers/mined-requests.js';

const args = process.argv.slice(2);
const files = args.filter((a) => !a.startsWith('--'));
if (files.length === 0) {
  process.stderr.write('usage: measure-mined.ts FILE.json… [--summary]\n');
  process.exit(2);
}
for (const file of files) {
  process.stdout.write(`${file}\n${formatMined(judgeMined(loadMined(file)), !args.includes('--summary'))}\n`);
}
