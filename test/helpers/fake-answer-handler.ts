/**
 * TEST ONLY: a stand-in for the real answer step (src/answer/answer.ts). It echoes the job in a
 * Reply and obeys a few commands in the job text:
 *
 * - `fail-retryable-once`: the first call throws a retryable ClusterReadError, later calls answer
 * - `fail-retryable-always`: always throws a retryable ClusterReadError
 * - `fail-permanent`: throws a non-retryable BotError `cluster-unknown`
 * - `sleep <ms>`: waits (aborts with the signal), then answers
 *
 * `count(requestId)` is called once per call and returns the call number (e.g. a Redis HINCRBY,
 * so calls can be counted across processes); the reply carries it in `sections[0]`.
 */
import { BotError, ClusterReadError } from '../../src/errors.js';
import type { Reply } from '../../src/explain/reply.js';
import type { AnswerHandler } from '../../src/queue/answer-handler.js';

/**
 * @param options - `count`: numbers the calls per request id (default: an in-memory counter)
 * @returns the fake handler
 */
export function createFakeAnswerHandler(
  options: { count?: (requestId: string) => Promise<number> } = {},
): AnswerHandler {
  const calls = new Map<string, number>();
  const count =
    options.count ??
    (async (requestId: string) => {
      const n = (calls.get(requestId) ?? 0) + 1;
      calls.set(requestId, n);
      return n;
    });
  return async (job, { signal, logger }) => {
    const call = await count(job.requestId);
    logger.debug({ call, text: job.text }, 'fake handler called');
    const [word, arg] = job.text.split(' ');
    if (word === 'fail-retryable-once' && call === 1)
      throw new ClusterReadError('cluster-unreachable', 'fake: API server unreachable');
    if (word === 'fail-retryable-always')
      throw new ClusterReadError('cluster-unreachable', 'fake: API server unreachable');
    if (word === 'fail-permanent')
      throw new BotError('cluster-unknown', `fake: no cluster named ${job.cluster}`);
    if (word === 'sleep') {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(resolve, Number(arg));
        signal.addEventListener('abort', () => {
          clearTimeout(timer);
          reject(signal.reason);
        });
      });
    }
    const reply: Reply = {
      kind: 'help',
      locale: job.locale,
      title: `echo: ${job.text}`,
      verdict: null,
      summary: job.text,
      planes: [],
      sections: [{ heading: 'calls', lines: [String(call)] }],
      advice: [],
      actions: [],
      context: { cluster: job.cluster, snapshotAt: null, requestId: job.requestId },
      findings: [],
    };
    return reply;
  };
}
