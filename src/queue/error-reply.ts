/**
 * A plain error {@link Reply} for a job that failed for good, so a Slack or Teams user gets an
 * answer instead of silence. The explain module may supply a richer one (`startWorker({ errorReply })`).
 */
import type { BotError } from '../errors.js';
import type { Reply } from '../explain/reply.js';
import type { AnswerJob } from './job.js';

const TEXT = {
  en: {
    title: 'Could not answer',
    internal: (id: string) =>
      `Something went wrong while answering (request ${id}). The worker log has the details.`,
    retry: 'Try again in a minute.',
  },
  ko: {
    title: '답변하지 못했습니다',
    internal: (id: string) =>
      `답변하는 중에 문제가 생겼습니다 (요청 ${id}). 자세한 내용은 워커 로그에 있습니다.`,
    retry: '잠시 후 다시 시도해 주세요.',
  },
} as const;

/**
 * The default error reply.
 * @param job - the failed job (its locale and request id are used)
 * @param err - why it failed; its message is shown unless the code is `internal` (its cause never is)
 * @returns a Reply of kind `error`, verdict null, with the error code in a section
 */
export function defaultErrorReply(job: AnswerJob, err: BotError): Reply {
  const t = TEXT[job.locale];
  const summary = err.code === 'internal' ? t.internal(job.requestId) : err.message;
  return {
    kind: 'error',
    locale: job.locale,
    title: t.title,
    verdict: null,
    summary,
    planes: [],
    sections: [{ heading: err.code, lines: [summary] }],
    advice: err.retryable ? [t.retry] : [],
    actions: [],
    context: { cluster: job.cluster, snapshotAt: null, requestId: job.requestId },
    findings: [],
  };
}
