/**
 * Logging: pino, JSON to stderr, with tokens and secrets redacted.
 */
import { pino, destination } from 'pino';
import type { DestinationStream, Logger } from 'pino';
import { secureLogOptions } from './secure-log-options.js';

export type { Logger } from 'pino';

/**
 * Create the process logger. Secrets are redacted by path (src/util/redaction.ts `SECRET_PATHS`,
 * and secret field names at any depth) and masked inside strings (Slack tokens, `Bearer …`, URL
 * passwords: see src/util/secure-log-options.ts).
 * @param options - `level` (default `info`; processes pass `Settings.logLevel`), `name` (the process role),
 *   `destination` (a file descriptor; default 2, stderr, so stdout stays clean for answers), or
 *   `stream` (any pino destination, e.g. for tests; wins over `destination`)
 * @returns a pino logger writing JSON lines
 */
export function createLogger(
  options: { level?: string; name?: string; destination?: number; stream?: DestinationStream } = {},
): Logger {
  return pino(
    {
      level: options.level ?? 'info',
      name: options.name ?? 'k8s-ha-bot',
      ...secureLogOptions(),
    },
    options.stream ?? destination({ fd: options.destination ?? 2, sync: false }),
  );
}

export { silentLogger } from './silent-logger.js';
