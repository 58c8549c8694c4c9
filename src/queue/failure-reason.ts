/**
 * How a worker's error travels through BullMQ to the waiting producer. BullMQ keeps only an error's
 * message (`failedReason`), so the worker writes `[<code>] <message>` and the producer reads the code
 * back. This is our own wire format, not upstream text.
 */
import { BotError, isBotError } from '../errors.js';
import type { BotErrorCode } from '../errors.js';

const CODES: ReadonlySet<string> = new Set<BotErrorCode>([
  'config-invalid',
  'config-not-found',
  'cluster-unknown',
  'kube-context-unknown',
  'snapshot-invalid',
  'snapshot-not-found',
  'cluster-unreachable',
  'cluster-timeout',
  'cluster-unauthorized',
  'queue-unavailable',
  'job-timeout',
  'bad-request',
  'internal',
]);

const ENCODED = /^\[([a-z-]+)\] ([\s\S]*)$/;

/**
 * Turn anything thrown by a handler into a {@link BotError}.
 * @param err - anything thrown
 * @returns `err` itself when it is a BotError; else BotError `internal`, retryable (an unknown error
 *   may be transient), with `err` as `cause` and a message that does not repeat the upstream text
 */
export function toBotError(err: unknown): BotError {
  if (isBotError(err)) return err;
  return new BotError('internal', 'the answer step failed unexpectedly; see the worker log', {
    retryable: true,
    cause: err,
  });
}

/**
 * Encode an error as a BullMQ failed reason.
 * @param err - the error
 * @returns `[<code>] <message>`
 */
export function encodeFailureReason(err: BotError): string {
  return `[${err.code}] ${err.message}`;
}

/**
 * Read back a failed reason written by {@link encodeFailureReason}.
 * @param reason - BullMQ's `failedReason`
 * @returns a BotError with the encoded code (retryable false: the queue already gave up), or
 *   BotError `internal` carrying the raw reason when the reason is not ours (e.g. a stalled job)
 */
export function decodeFailureReason(reason: string): BotError {
  const match = ENCODED.exec(reason);
  if (match && match[1] !== undefined && match[2] !== undefined && CODES.has(match[1])) {
    return new BotError(match[1] as BotErrorCode, match[2]);
  }
  return new BotError('internal', `the job failed in the queue: ${reason}`);
}
