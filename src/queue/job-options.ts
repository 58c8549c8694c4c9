/**
 * BullMQ job options for answer jobs and reply jobs.
 */
import type { JobsOptions } from 'bullmq';

/** Knobs of an answer job; every field has a default in {@link DEFAULT_ANSWER_JOB_OPTIONS}. */
export interface AnswerJobOptions {
  /** Tries in all, first included, for retryable errors. */
  attempts: number;
  /** First retry delay in ms; doubles on each retry (BullMQ `exponential` backoff). */
  backoffMs: number;
  /**
   * How long a finished (completed or failed) job is kept, in s. Within this window a duplicate
   * request is detected (same job id) and its reply can still be fetched.
   */
  keepFinishedSeconds: number;
}

/**
 * Defaults: 3 attempts, 1 s then 2 s between them, finished jobs kept 10 min.
 * @defaultValue `{ attempts: 3, backoffMs: 1000, keepFinishedSeconds: 600 }`
 */
export const DEFAULT_ANSWER_JOB_OPTIONS: Readonly<AnswerJobOptions> = {
  attempts: 3,
  backoffMs: 1000,
  keepFinishedSeconds: 600,
};

/**
 * BullMQ options for one answer job.
 * @param jobId - from `jobIdFor`
 * @param options - overrides of {@link DEFAULT_ANSWER_JOB_OPTIONS}
 * @returns options for `Queue.add`
 */
export function answerJobsOptions(jobId: string, options: Partial<AnswerJobOptions> = {}): JobsOptions {
  const o = { ...DEFAULT_ANSWER_JOB_OPTIONS, ...options };
  return {
    jobId,
    attempts: o.attempts,
    backoff: { type: 'exponential', delay: o.backoffMs },
    removeOnComplete: { age: o.keepFinishedSeconds },
    removeOnFail: { age: o.keepFinishedSeconds },
  };
}

/**
 * BullMQ options for one reply job (gateway delivery, at least once): 5 attempts, 1 s exponential
 * backoff, completed kept 10 min, failed kept 24 h for inspection.
 * @param jobId - the answer job's id (so a re-published reply is not delivered twice while kept)
 * @returns options for `Queue.add`
 */
export function replyJobsOptions(jobId: string): JobsOptions {
  return {
    jobId,
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: { age: 600 },
    removeOnFail: { age: 24 * 3600 },
  };
}
