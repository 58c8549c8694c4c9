#!/usr/bin/env node
// CI step: `npm audit --omit=dev --audit-level=high`, with one exception made visible.
//   exit 0  no high or critical finding in the production dependencies;
//   exit 0  with "WARNING: npm audit could not reach the registry" when the audit endpoint
//           answered an HTTP error (some registries and proxies answer 405 to the bulk advisory
//           POST) or the network failed: nothing was checked, and the log says so;
//   exit 1  high or critical findings (listed), or any other failure of npm audit.
// Extra arguments go to npm audit (tests pass --registry to a local fake registry).
import { spawnSync } from 'node:child_process';

const args = ['audit', '--omit=dev', '--audit-level=high', '--json', ...process.argv.slice(2)];
const run = spawnSync('npm', args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.error) {
  console.error(`npm audit: could not run npm: ${run.error.message}`);
  process.exit(1);
}
const NETWORK =
  /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH|socket hang up|network)\b/i;
let report;
try {
  report = JSON.parse(run.stdout);
} catch (err) {
  console.error(
    `npm audit: exit ${run.status}, output is not JSON (${err.message}):\n${run.stdout}\n${run.stderr}`,
  );
  process.exit(1);
}

const counts = report?.metadata?.vulnerabilities;
if (counts && typeof counts === 'object') {
  const serious = Object.values(report.vulnerabilities ?? {}).filter(
    (v) => v.severity === 'high' || v.severity === 'critical',
  );
  if ((counts.high ?? 0) + (counts.critical ?? 0) > 0) {
    console.error(
      `npm audit: ${counts.critical ?? 0} critical and ${counts.high ?? 0} high findings in production dependencies:`,
    );
    for (const v of serious) {
      const via = (v.via ?? [])
        .map((x) => (typeof x === 'string' ? x : `${x.title ?? ''} ${x.url ?? ''}`.trim()))
        .join('; ');
      console.error(`  ${v.severity}: ${v.name} ${v.range ?? ''} ${via}`);
    }
    process.exit(1);
  }
  const lower = (counts.info ?? 0) + (counts.low ?? 0) + (counts.moderate ?? 0);
  console.log(`npm audit: no high or critical findings in production dependencies (${lower} lower)`);
  process.exit(0);
}

const message = [report?.message, report?.error?.summary, report?.error?.detail, report?.error?.code]
  .filter(Boolean)
  .join(' ');
if (typeof report?.statusCode === 'number' || NETWORK.test(message)) {
  const why =
    typeof report?.statusCode === 'number'
      ? `HTTP ${report.statusCode} from ${report.uri ?? 'the audit endpoint'}`
      : message;
  console.log(
    `::warning::npm audit could not reach the registry (${why}); production dependencies were NOT audited`,
  );
  console.log(
    `WARNING: npm audit could not reach the registry (${why}); production dependencies were NOT audited`,
  );
  process.exit(0);
}
console.error(`npm audit failed (exit ${run.status}): ${message || run.stdout}`);
process.exit(1);
