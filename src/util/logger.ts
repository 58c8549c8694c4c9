/**
 * Logging: pino, JSON to stderr, with tokens and secrets redacted.
 */
import { pino, destination } from 'pino';
import type { Logger } from 'pino';

export type { Logger } from 'pino';

/** Paths pino redacts wherever they appear in a log record. */
export const REDACT_PATHS: readonly string[] = [
  'token',
  '*.token',
  'password',
  '*.password',
  'secret',
  '*.secret',
  'authorization',
  '*.authorization',
  'headers.authorization',
  '*.headers.authorization',
  'signingSecret',
  '*.signingSecret',
  'botToken',
  '*.botToken',
];

/**
 * Create the process logger.
 * @param options - `level` (default `LOG_LEVEL` or `info`), `name` (the process role), and
 *   `destination` (a file descriptor; default 2, stderr, so stdout stays clean for answers)
 * @returns a pino logger writing JSON lines
 */
export function createLogger(options: { level?: string; name?: string; destination?: number } = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? 'info',
      name: options.name ?? 'k8s-ha-bot',
      redact: { paths: [...REDACT_PATHS], censor: '[redacted]' },
    },
    destination({ fd: options.destination ?? 2, sync: false }),
  );
}

/** A logger that drops everything (tests, library defaults). */
export const silentLogger: Logger = pino({ level: 'silent' });
