import { describe, expect, it } from '@jest/globals';
import { BotError, ClusterReadError } from '../../src/errors.js';
import { decodeFailureReason, encodeFailureReason, toBotError } from '../../src/queue/failure-reason.js';
import { runInProcess } from '../../src/queue/in-process.js';
import { jobIdFor, parseAnswerJob, queueNameFor, repliesQueueNameFor } from '../../src/queue/job.js';
import type { AnswerJob } from '../../src/queue/job.js';
import { JobQueue } from '../../src/queue/job-queue.js';
import { redactRedisUrl } from '../../src/queue/redis-connection.js';
import { eventually } from '../helpers/eventually.js';
import { createFakeAnswerHandler } from '../helpers/fake-answer-handler.js';
import { recordingLogger } from '../helpers/recording-logger.js';
import { freePort } from '../helpers/redis-server.js';

function job(overrides: Partial<AnswerJob> = {}): AnswerJob {
  return {
    requestId: 'req-1',
    text: 'hello',
    cluster: 'prod',
    locale: 'en',
    user: { platform: 'console', id: 'alice' },
    replyTo: { platform: 'console', address: {} },
    enqueuedAt: '2026-11-29T15:00:00.000Z',
    ...overrides,
  };
}

describe('job ids', () => {
  it('keep a safe request id readable and are deterministic', () => {
    expect(jobIdFor('Ev0123ABC.45_6-7')).toBe('r-Ev0123ABC.45_6-7');
    expect(jobIdFor('Ev0123ABC')).toBe(jobIdFor('Ev0123ABC'));
  });

  it('are never all digits', () => {
    expect(jobIdFor('12345')).toBe('r-12345');
    expect(jobIdFor('12345')).not.toMatch(/^\d+$/);
  });

  it('hash request ids with ":" or other characters, and long ones', () => {
    for (const id of ['1:abc|def', 'a b', 'x'.repeat(129), '한국어']) {
      const jobId = jobIdFor(id);
      expect(jobId).toMatch(/^h-[0-9a-f]{64}$/);
      expect(jobId).not.toContain(':');
      expect(jobIdFor(id)).toBe(jobId);
    }
    expect(jobIdFor('1:a')).not.toBe(jobIdFor('1:b'));
  });

  it('reject an empty request id', () => {
    expect(() => jobIdFor('')).toThrow(expect.objectContaining({ code: 'bad-request' }));
  });
});

describe('queue names', () => {
  it('are one per cluster and one per reply platform', () => {
    expect(queueNameFor('prod')).toBe('k8s-ha-bot-cluster-prod');
    expect(queueNameFor('eu-west-1')).toBe('k8s-ha-bot-cluster-eu-west-1');
    expect(repliesQueueNameFor('slack')).toBe('k8s-ha-bot-replies-slack');
  });

  it('refuse cluster names that are not RFC 1123 labels', () => {
    for (const bad of ['', 'Prod', 'a:b', '-a', 'a-', 'a'.repeat(64), 'a.b']) {
      expect(() => queueNameFor(bad)).toThrow(expect.objectContaining({ code: 'bad-request' }));
    }
    expect(queueNameFor('a'.repeat(63))).toBe(`k8s-ha-bot-cluster-${'a'.repeat(63)}`);
  });
});

describe('job data read back from Redis', () => {
  it('is accepted when well formed, with a command', () => {
    const data = job({ command: { kind: 'reboot-impact', node: 'cp-1', drain: false } });
    expect(parseAnswerJob(JSON.parse(JSON.stringify(data)))).toEqual(data);
  });

  it('is refused with the path of the wrong field', () => {
    const bad = { ...job(), replyTo: { platform: 'irc', address: {} } };
    expect(() => parseAnswerJob(bad)).toThrow(expect.objectContaining({ code: 'bad-request' }));
    expect(() => parseAnswerJob(bad)).toThrow(/replyTo\.platform/);
  });
});

describe('failure reasons', () => {
  it('carry the error code through the queue', () => {
    const err = decodeFailureReason(
      encodeFailureReason(new BotError('cluster-unknown', 'no cluster named x')),
    );
    expect(err.code).toBe('cluster-unknown');
    expect(err.message).toBe('no cluster named x');
  });

  it('become internal when not written by a worker', () => {
    const err = decodeFailureReason('job stalled more than allowable limit');
    expect(err.code).toBe('internal');
    expect(decodeFailureReason('[no-such-code] x').code).toBe('internal');
  });

  it('treat unknown errors as retryable internal errors', () => {
    const err = toBotError(new TypeError('x is undefined'));
    expect(err.code).toBe('internal');
    expect(err.retryable).toBe(true);
    expect(err.cause).toBeInstanceOf(TypeError);
  });
});

describe('redis URLs in messages', () => {
  it('hide the password', () => {
    expect(redactRedisUrl('redis://:s3cret@redis:6379/0')).toBe('redis://:***@redis:6379/0');
    expect(redactRedisUrl('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
  });
});

describe('runInProcess (the CLI without Redis)', () => {
  it('returns the handler reply', async () => {
    const reply = await runInProcess(job({ text: 'can I reboot cp-1' }), createFakeAnswerHandler());
    expect(reply.title).toBe('echo: can I reboot cp-1');
    expect(reply.context.requestId).toBe('req-1');
  });

  it('passes BotErrors through and does not retry', async () => {
    await expect(
      runInProcess(job({ text: 'fail-retryable-once' }), createFakeAnswerHandler()),
    ).rejects.toBeInstanceOf(ClusterReadError);
  });

  it('times out with job-timeout and aborts the handler', async () => {
    await expect(
      runInProcess(job({ text: 'sleep 5000' }), createFakeAnswerHandler(), { timeoutMs: 100 }),
    ).rejects.toMatchObject({
      code: 'job-timeout',
    });
  });

  it('wraps unknown errors as internal', async () => {
    const err = await runInProcess(job(), async () => {
      throw new RangeError('boom');
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'internal' });
  });
});

describe('every command the parser makes survives the queue', () => {
  it.each([
    'can I reboot master-2',
    'drain and reboot master-2',
    'status',
    'help',
    'what if kube-proxy restarts on worker-3',
    'rolling update of kube-proxy',
    'what if master-2 goes down',
    'what if all control-plane nodes go down',
    'what if etcd loses quorum',
    'what if the scheduler is down',
    'can I upgrade master-2',
    'can I drain worker-3',
  ])('%s', async (text) => {
    const { parseCommand } = await import('../../src/commands/parse-command.js');
    const parsed = parseCommand(text);
    if (!parsed.ok) throw new Error(`not parsed: ${text}`);
    const job: AnswerJob = {
      requestId: 'r1',
      text,
      command: parsed.command,
      cluster: 'prod',
      locale: 'en',
      user: { platform: 'slack', id: 'U1' },
      replyTo: { platform: 'slack', address: { channel: 'C1' } },
      enqueuedAt: new Date().toISOString(),
    };
    // Through JSON, as BullMQ stores it.
    expect(parseAnswerJob(JSON.parse(JSON.stringify(job))).command).toEqual(parsed.command);
  });
});

describe('JobQueue.close with a withdraw still retrying', () => {
  it('ends the withdraw (Redis unreachable) and returns only once it has: nothing of the queue keeps running', async () => {
    // Nothing listens on this port: every try of the withdraw is refused, and it would retry for 60 s.
    const port = await freePort();
    const log = recordingLogger({ level: 'info' });
    const queue = new JobQueue({ redisUrl: `redis://127.0.0.1:${port}`, logger: log.logger });
    let withdrawDone = false;
    const withdrawing = queue.withdraw({ requestId: 'req-closing', cluster: 'prod' }, 60_000).then(() => {
      withdrawDone = true;
    });
    await eventually('the first try refused', () => log.withMsg('redis connection error').length > 0);
    await queue.close();
    expect(withdrawDone).toBe(true);
    expect(
      log.withMsg('stopped withdrawing a job: the job queue closed (Redis was unreachable until then)'),
    ).toHaveLength(1);
    await withdrawing;
  });
});
