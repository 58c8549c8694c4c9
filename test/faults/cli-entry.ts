/**
 * TEST ONLY: the real `k8s-ha-bot` CLI (adapters/k8s-ha-bot.ts) run from source for the fault
 * suite: `node --import ./test/helpers/redis-child-ts-loader.mjs test/faults/cli-entry.ts gateway`.
 * The same `main` as bin/k8s-ha-bot.js, without needing `npm run build` first.
 */
import { main } from '../../adapters/k8s-ha-bot.js';

process.exitCode = await main(process.argv);
