/**
 * A real logger (src/util/logger.ts: the same redaction as production) whose JSON lines a test can
 * read: the positive signal to wait for when the code did something that shows nowhere else
 * (a button ignored, a duplicate refused).
 */
import { Writable } from 'node:stream';
import { createLogger } from '../../src/util/logger.js';
import type { Logger } from '../../src/util/logger.js';

/** One parsed log line. */
export type LogRecord = Record<string, unknown> & { msg?: string; level?: number };

/** A logger and what it wrote. */
export interface RecordingLogger {
  logger: Logger;
  /** Every line so far, parsed, oldest first. */
  lines: LogRecord[];
  /** The lines whose `msg` is `msg`. */
  withMsg(msg: string): LogRecord[];
}

/**
 * @param options - `level` (default `debug`), `name`
 * @returns a logger writing into {@link RecordingLogger.lines}
 */
export function recordingLogger(options: { level?: string; name?: string } = {}): RecordingLogger {
  const lines: LogRecord[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const parts = (partial + chunk.toString('utf8')).split('\n');
      partial = parts.pop() ?? '';
      for (const line of parts) if (line.trim() !== '') lines.push(JSON.parse(line) as LogRecord);
      done();
    },
  });
  return {
    logger: createLogger({
      level: options.level ?? 'debug',
      stream,
      ...(options.name ? { name: options.name } : {}),
    }),
    lines,
    withMsg: (msg) => lines.filter((l) => l.msg === msg),
  };
}
